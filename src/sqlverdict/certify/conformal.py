"""Conformal risk control of the abstention threshold, vectorised over many splits.

On a calibration set of n questions, the loss of a question at threshold lambda is 1 when
the system answers (score >= lambda) with a wrong class under the calibration oracle, else
0; R(lambda) is the mean loss. The threshold is the smallest grid value lambda with

    (n / (n + 1)) * R(lambda) + 1 / (n + 1) <= alpha,

i.e. ``wrong_answers(lambda) + 1 <= alpha * (n + 1)``, compared with a 1e-9 tolerance for
floating point. When no grid value qualifies, the system abstains on everything
(lambda = +inf). Held-out questions are answered when their score is at least lambda.

>>> import numpy as np
>>> s = np.array([0.9, 0.8, 0.7, 0.6, 0.5]); wrong = np.array([0, 0, 1, 0, 1], bool)
>>> g = np.array([0.5, 0.6, 0.7, 0.8, 0.9, 1.0])
>>> thresholds(s, wrong, np.ones((1, 5), bool), g, alpha=0.4).tolist()
[0.6]
>>> thresholds(s, wrong, np.ones((1, 5), bool), g, alpha=0.1).tolist()
[inf]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

TOLERANCE = 1e-9


def wrong_counts(scores: np.ndarray, wrong: np.ndarray, cal: np.ndarray,
                 grid: np.ndarray) -> np.ndarray:
    """``counts[k, j]``: calibration questions of split k answered wrongly at ``grid[j]``.

    A question with score s is answered at every grid point <= s; ``idx`` counts them, so
    it contributes to grid indices ``0 .. idx-1``: a bincount per split and a reversed
    cumulative sum give all counts in O(splits x (questions + grid)).
    """
    n_splits, g = cal.shape[0], len(grid)
    idx = np.searchsorted(grid, scores, side="right")  # 0..g
    w = cal & wrong[None, :]
    k, i = np.nonzero(w)
    flat = k * (g + 1) + idx[i]
    h = np.bincount(flat, minlength=n_splits * (g + 1)).reshape(n_splits, g + 1)
    # counts[:, j] = sum_{b > j} h[:, b]
    tail = np.cumsum(h[:, ::-1], axis=1)[:, ::-1]
    return tail[:, 1:]


def thresholds(scores: np.ndarray, wrong: np.ndarray, cal: np.ndarray, grid: np.ndarray,
               alpha: float) -> np.ndarray:
    """The conformal threshold of every split (rows of ``cal``); +inf: abstain on all."""
    counts = wrong_counts(scores, np.asarray(wrong, bool), cal, grid)
    n = cal.sum(axis=1)
    ok = counts + 1 <= alpha * (n[:, None] + 1) + TOLERANCE
    first = np.argmax(ok, axis=1)
    lam = grid[first].astype(float)
    lam[~ok.any(axis=1)] = np.inf
    return lam


@dataclass
class HeldOut:
    """Per-split held-out outcomes of one cell (arrays of length n_splits)."""

    lam: np.ndarray
    answered: np.ndarray  # (splits, questions) answered and held out
    n_test: np.ndarray
    risk: dict[str, np.ndarray]  # oracle -> wrong answers / held-out questions
    answer_rate: np.ndarray
    selective_risk: dict[str, np.ndarray]  # NaN where nothing was answered


def evaluate(scores: np.ndarray, lam: np.ndarray, test: np.ndarray,
             wrong_by_oracle: dict[str, np.ndarray]) -> HeldOut:
    answered = test & (scores[None, :] >= lam[:, None])
    n_test = test.sum(axis=1)
    n_ans = answered.sum(axis=1)
    risk, sel = {}, {}
    for o, wrong in wrong_by_oracle.items():
        w = (answered & wrong[None, :]).sum(axis=1)
        risk[o] = w / np.maximum(n_test, 1)
        with np.errstate(invalid="ignore", divide="ignore"):
            sel[o] = np.where(n_ans > 0, w / np.maximum(n_ans, 1), np.nan)
    return HeldOut(lam, answered, n_test, risk, n_ans / np.maximum(n_test, 1), sel)


def auroc(scores: np.ndarray, positive: np.ndarray) -> float | None:
    """Mann-Whitney AUROC with mid-ranks for ties; None without both classes.

    >>> auroc(np.array([0.1, 0.4, 0.4, 0.9]), np.array([0, 0, 1, 1], bool))
    0.875
    """
    positive = np.asarray(positive, bool)
    n_pos, n_neg = int(positive.sum()), int((~positive).sum())
    if n_pos == 0 or n_neg == 0:
        return None
    ranks = midranks(scores)
    u = ranks[positive].sum() - n_pos * (n_pos + 1) / 2
    return float(u / (n_pos * n_neg))


def midranks(x: np.ndarray) -> np.ndarray:
    """1-based ranks, ties sharing the mean of their ranks.

    >>> midranks(np.array([3.0, 1.0, 3.0, 2.0])).tolist()
    [3.5, 1.0, 3.5, 2.0]
    """
    x = np.asarray(x, float)
    order = np.argsort(x, kind="mergesort")
    xs = x[order]
    # boundaries of runs of equal values
    starts = np.r_[0, np.flatnonzero(xs[1:] != xs[:-1]) + 1]
    ends = np.r_[starts[1:], len(xs)]
    avg = (starts + ends + 1) / 2.0  # mean of ranks start+1 .. end
    r = np.empty(len(x))
    r[order] = np.repeat(avg, ends - starts)
    return r
