"""Intervals for the certificate: percentile bootstrap over questions or over databases.

Two kinds of spread, reported side by side:

- **split range**: the 2.5 and 97.5 percentiles, over the random splits, of a cell's
  held-out value (risk, answer rate) or of a contrast. It shows how much one calibration
  half / test half draw moves the number with the questions fixed; it is not a confidence
  interval for the mean.
- **bootstrap interval** (95%, percentile): the questions are resampled with replacement
  (question splits) or the databases are (database splits: a cluster bootstrap, every
  question of a drawn database comes with it, copies of a database count as different
  databases); in each replicate fresh splits are drawn, copies of a question or a database
  always on the same side, and the mean over splits is recomputed. The interval is the
  2.5 and 97.5 percentiles of the replicates' means: the uncertainty that comes from
  having these questions (these databases) and not others.

AUROC intervals resample the questions (with an answer) and recompute the Mann-Whitney
AUROC; the weak-minus-suite change is resampled paired (the same draw for both oracles).
Replicates where a value is undefined (one class only) are left out and counted.

>>> import numpy as np
>>> tuple(round(x, 9) for x in percentile_interval(np.arange(101.0)))
(2.5, 97.5)
>>> percentile_interval(np.array([]))
(None, None)
"""

from __future__ import annotations

import numpy as np

from ..errors import InputError
from . import conformal
from .classfile import ClassTable
from .intervention import CELLS, PRIMARY_SCORE, SCHEMES, make_splits, run_cell

LEVEL = 0.95


def percentile_interval(values, level: float = LEVEL) -> tuple[float | None, float | None]:
    """The central ``level`` percentile range of the finite ``values``; (None, None)
    without any."""
    v = np.asarray(values, float)
    v = v[np.isfinite(v)]
    if not len(v):
        return None, None
    q = 100 * (1 - level) / 2
    lo, hi = np.percentile(v, [q, 100 - q])
    return float(lo), float(hi)


def _interval(estimate, replicates, level: float) -> dict:
    lo, hi = percentile_interval(replicates, level)
    r = np.asarray(replicates, float)
    return {"estimate": estimate, "low": lo, "high": hi,
            "n_defined": int(np.isfinite(r).sum()), "n_boot": len(r)}


def bootstrap_auroc(scores, positive, *, n_boot: int = 2000, seed: int = 0,
                    level: float = LEVEL) -> dict:
    """AUROC of ``scores`` for ``positive`` with its percentile bootstrap interval over
    resampled items; ``estimate`` None without both classes.

    >>> r = bootstrap_auroc(np.array([0.1, 0.4, 0.4, 0.9]), np.array([0, 0, 1, 1], bool),
    ...                     n_boot=200)
    >>> r["estimate"], 0.0 <= r["low"] <= r["estimate"] <= r["high"] <= 1.0
    (0.875, True)
    """
    s, p = np.asarray(scores, float), np.asarray(positive, bool)
    draws = np.random.default_rng(seed).integers(0, len(s), (n_boot, len(s)))
    reps = [conformal.auroc(s[d], p[d]) for d in draws] if len(s) else []
    return _interval(conformal.auroc(s, p), [np.nan if x is None else x for x in reps], level)


def auroc_intervals(table: ClassTable, score: str, *, n_boot: int = 2000, seed: int = 0,
                    level: float = LEVEL) -> dict:
    """``{partition: {oracle: interval, "change": interval}}`` for ``score`` over the
    questions with an answer; ``change`` = AUROC under weak minus under suite, paired."""
    m = np.flatnonzero(table.has_answer)
    draws = np.random.default_rng(seed).integers(0, len(m), (n_boot, len(m)))
    out: dict = {}
    for p in table.partitions:
        s = table.scores[p][score][m]
        lab = {o: table.top_correct[p][o][m] for o in table.oracles}
        block: dict = {}
        reps = {o: np.array([_nan(conformal.auroc(s[d], lab[o][d])) for d in draws])
                for o in lab}
        for o in lab:
            block[o] = _interval(conformal.auroc(s, lab[o]), reps[o], level)
        if "weak" in lab and "suite" in lab:
            est = (None if block["weak"]["estimate"] is None
                   or block["suite"]["estimate"] is None
                   else block["weak"]["estimate"] - block["suite"]["estimate"])
            block["change"] = _interval(est, reps["weak"] - reps["suite"], level)
        out[p] = block
    return out


def _nan(x):
    return np.nan if x is None else x


def group_splits(groups, n_splits: int, rng: np.random.Generator) -> np.ndarray:
    """Calibration masks (splits x rows): in each split a random floor(G/2) of the G
    distinct ``groups`` calibrate, every row of a group on the same side.

    >>> cal = group_splits(np.array([0, 0, 1, 2]), 3, np.random.default_rng(0))
    >>> cal.shape, bool((cal[:, 0] == cal[:, 1]).all())
    ((3, 4), True)
    >>> sorted({int(n) for n in group_splits(np.array([0, 0, 1, 2]), 40,
    ...                                      np.random.default_rng(0)).sum(axis=1)})
    [1, 2]
    """
    uniq, inv = np.unique(np.asarray(groups), return_inverse=True)
    cal = np.zeros((n_splits, len(inv)), bool)
    for k in range(n_splits):
        chosen = np.zeros(len(uniq), bool)
        chosen[rng.permutation(len(uniq))[: len(uniq) // 2]] = True
        cal[k] = chosen[inv]
    return cal


def resample(table: ClassTable, scheme: str, rng: np.random.Generator
             ) -> tuple[ClassTable, np.ndarray]:
    """A bootstrap replicate of ``table`` and the group of each of its rows (the drawn
    question, or the draw of its database)."""
    if scheme == "question":
        idx = rng.integers(0, len(table), len(table))
        return table.take(idx), idx
    if scheme != "database":
        raise InputError(f"unknown split scheme {scheme!r}; expected question or database")
    dbs, inv = np.unique(table.db_ids, return_inverse=True)
    rows = [np.flatnonzero(inv == d) for d in range(len(dbs))]
    draw = rng.integers(0, len(dbs), len(dbs))
    idx = np.concatenate([rows[d] for d in draw])
    groups = np.concatenate([np.full(len(rows[d]), k) for k, d in enumerate(draw)])
    return table.take(idx, db_ids=groups.astype(str)), groups


def split_values(table: ClassTable, cal: np.ndarray, alpha: float, score: str) -> dict:
    """Per-split arrays: ``cell/risk_weak``, ``cell/risk_suite``, ``cell/answer_rate`` of
    every available cell, and the contrasts ``gap`` and ``d_minus_a`` (fractions)."""
    cells = {c: run_cell(table, c, score, cal, alpha) for c, (p, lab) in CELLS.items()
             if p in table.partitions and lab in table.oracles}
    out: dict[str, np.ndarray] = {}
    for c, h in cells.items():
        for o, v in h.risk.items():
            out[f"{c}/risk_{o}"] = v
        out[f"{c}/answer_rate"] = h.answer_rate
    if "A" in cells and "suite" in table.oracles:
        out["gap"] = cells["A"].risk["suite"] - cells["A"].risk["weak"]
    if "A" in cells and "D" in cells:
        out["d_minus_a"] = cells["D"].risk["suite"] - cells["A"].risk["suite"]
    return out


def certificate_intervals(table: ClassTable, *, alphas=(0.05, 0.1, 0.2), n_splits: int = 200,
                          n_boot: int = 200, boot_splits: int = 50, seed: int = 0,
                          schemes: tuple[str, ...] = SCHEMES, score: str = PRIMARY_SCORE,
                          level: float = LEVEL) -> dict:
    """``{scheme: {alpha: {name: {"estimate", "split_low", "split_high", "low", "high",
    "n_defined", "n_boot"}}}}`` for every name of ``split_values`` (fractions).

    ``estimate`` and the split range use the certificate's own splits (``make_splits``
    with ``seed``: the same numbers as ``certificate`` and ``sweep``); each of the
    ``n_boot`` replicates draws ``boot_splits`` fresh group splits."""
    if score not in table.available_scores:
        raise InputError(f"score {score!r} is not available: {table.unavailable.get(score)}")
    out: dict = {"level": level, "n_boot": n_boot, "boot_splits": boot_splits,
                 "score": score, "n_splits": n_splits, "seed": seed}
    for scheme in schemes:
        cal = make_splits(table, scheme, n_splits, seed)
        base = {a: split_values(table, cal, a, score) for a in alphas}
        rng = np.random.default_rng([seed, SCHEMES.index(scheme) + 1])
        reps: dict = {a: {k: [] for k in base[a]} for a in alphas}
        for _ in range(n_boot):
            t, groups = resample(table, scheme, rng)
            bcal = group_splits(groups, boot_splits, rng)
            for a in alphas:
                vals = split_values(t, bcal, a, score)
                for k in reps[a]:
                    reps[a][k].append(float(np.mean(vals[k])))
        block = {}
        for a in alphas:
            rows = {}
            for k, v in base[a].items():
                lo, hi = percentile_interval(v, level)
                rows[k] = _interval(float(np.mean(v)), reps[a][k], level) | {
                    "split_low": lo, "split_high": hi}
            block[f"{a:g}"] = rows
        out[scheme] = block
    return out
