"""The six confidence scores of a question, computed from its classes, and their grids.

All scores grow with confidence, so "answer when score >= lambda" is the rule throughout:

- ``mass``: share of usable candidates in the top class;
- ``entropy``: discrete semantic entropy of the class masses, negated;
- ``degree``: sum of squared class masses;
- ``set_count``: number of classes, negated;
- ``logprob_mean`` / ``logprob_max``: mean / maximum over usable candidates of the
  length-normalised sequence log-probability ``cum_logprob / n_tokens``.

Masses are shares of the *usable* candidates. A question without usable candidates has no
answer: every score is ``-inf`` so the system abstains on it at every threshold.

Scores and grids are rounded to 12 decimals so that a score equal to a grid point on paper
(mass 7/10 and grid point 140/200) is equal in floating point too.

>>> import numpy as np
>>> mass_scores([[3, 1], [2, 2], []], [4, 4, 0]).tolist()
[0.75, 0.5, -inf]
>>> degree_scores([[3, 1]], [4]).tolist()
[0.625]
>>> set_count_scores([[3, 1], [4]], [4, 4]).tolist()
[-2.0, -1.0]
>>> grid("mass", 10)[:3].tolist(), len(grid("mass", 10))
([0.0, 0.005, 0.01], 201)
>>> grid("set_count", 4).tolist()
[-4.0, -3.0, -2.0, -1.0, 0.0]
"""

from __future__ import annotations

import math

import numpy as np

SCORES = ("mass", "entropy", "degree", "set_count", "logprob_mean", "logprob_max")
LIKELIHOOD_SCORES = ("logprob_mean", "logprob_max")
GRID_POINTS = 201
# Length-normalised log-probabilities per token: a fixed grid (independent of the data) from
# -10 nats to 0 in steps of 0.005; lower values are never answered.
LOGPROB_GRID = (-10.0, 0.0, 2001)
DECIMALS = 12


def _rounded(a) -> np.ndarray:
    return np.round(np.asarray(a, dtype=float), DECIMALS)


def _masses(counts: list[int], n_usable: int) -> np.ndarray:
    return np.asarray(counts, dtype=float) / n_usable


def mass_scores(counts: list[list[int]], n_usable: list[int]) -> np.ndarray:
    out = [(max(c) / n if n and c else -math.inf) for c, n in zip(counts, n_usable, strict=True)]
    return _rounded(out)


def entropy_scores(counts: list[list[int]], n_usable: list[int]) -> np.ndarray:
    out = []
    for c, n in zip(counts, n_usable, strict=True):
        if not n or not c:
            out.append(-math.inf)
            continue
        p = _masses(c, n)
        p = p[p > 0]
        out.append(float(np.sum(p * np.log(p))))  # = -H
    return _rounded(out) + 0.0  # no negative zero


def degree_scores(counts: list[list[int]], n_usable: list[int]) -> np.ndarray:
    out = [(float(np.sum(_masses(c, n) ** 2)) if n and c else -math.inf)
           for c, n in zip(counts, n_usable, strict=True)]
    return _rounded(out)


def set_count_scores(counts: list[list[int]], n_usable: list[int]) -> np.ndarray:
    out = [(-float(len(c)) if n and c else -math.inf) for c, n in zip(counts, n_usable, strict=True)]
    return np.asarray(out, dtype=float)


def likelihood_scores(values: list[float | None], n_usable: list[int]) -> np.ndarray | None:
    """None when some question with usable candidates has no log-probability."""
    out = []
    for v, n in zip(values, n_usable, strict=True):
        if not n:
            out.append(-math.inf)
        elif v is None or not math.isfinite(v):
            return None
        else:
            out.append(v)
    return _rounded(out)


def grid(score: str, n_max: int) -> np.ndarray:
    """The fixed threshold grid of ``score`` for pools of at most ``n_max`` candidates."""
    n_max = max(int(n_max), 1)
    i = np.arange(GRID_POINTS, dtype=float)
    if score in ("mass", "degree"):
        return _rounded(i / (GRID_POINTS - 1))
    if score == "entropy":
        return _rounded(-math.log(n_max) * (1 - i / (GRID_POINTS - 1))) + 0.0
    if score == "set_count":
        return np.arange(-n_max, 1, dtype=float)
    if score in LIKELIHOOD_SCORES:
        lo, hi, k = LOGPROB_GRID
        return _rounded(lo + (hi - lo) * np.arange(k, dtype=float) / (k - 1))
    raise ValueError(f"unknown score {score!r}; expected one of {', '.join(SCORES)}")
