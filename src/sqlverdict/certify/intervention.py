"""The 2x2 oracle intervention and the certificate.

Cells cross the oracle that builds the partition (the classes the system votes over) with
the oracle that labels calibration answers:

    A = weak partition,  weak labels   (current practice)
    B = weak partition,  suite labels
    C = suite partition, weak labels
    D = suite partition, suite labels

Every cell is calibrated by conformal risk control on the calibration half of a split and
evaluated on the held-out half under *both* oracles. Contrasts per split, reported as the
mean over splits in percentage points with the share of splits of each sign:

    gap       = A's held-out suite risk - A's held-out weak risk
    d_minus_a = D's held-out suite risk - A's held-out suite risk

``d_minus_a`` splits exactly into: held-out questions both cells answer with different SQL
(``changed_sql``), questions only A answers (``only_a``, minus A's wrong answers there),
questions only D answers (``only_d``), and questions both answer with the same SQL
(``same_sql``, zero when the class file is consistent).
"""

from __future__ import annotations

import math

import numpy as np

from ..errors import InputError
from . import conformal
from . import scores as S
from .classfile import ClassTable

CELLS = {"A": ("weak", "weak"), "B": ("weak", "suite"), "C": ("suite", "weak"),
         "D": ("suite", "suite")}
SCHEMES = ("question", "database")
PRIMARY_SCORE = "mass"
DEFAULT_ALPHAS = (0.05, 0.1, 0.15, 0.2, 0.25, 0.3)


def make_splits(table: ClassTable, scheme: str, n_splits: int, seed: int = 0) -> np.ndarray:
    """Calibration masks (splits x questions). ``question``: a random half of the questions
    (floor(n/2) calibrate); ``database``: all questions of floor(D/2) random schemas."""
    if n_splits < 1:
        raise InputError(f"--splits must be at least 1 (got {n_splits})")
    rng = np.random.default_rng(seed)
    n = len(table)
    cal = np.zeros((n_splits, n), bool)
    if scheme == "question":
        for k in range(n_splits):
            cal[k, rng.permutation(n)[: n // 2]] = True
    elif scheme == "database":
        dbs, inv = np.unique(table.db_ids, return_inverse=True)
        for k in range(n_splits):
            chosen = np.zeros(len(dbs), bool)
            chosen[rng.permutation(len(dbs))[: len(dbs) // 2]] = True
            cal[k] = chosen[inv]
    else:
        raise InputError(f"unknown split scheme {scheme!r}; expected question or database")
    return cal


def run_cell(table: ClassTable, cell: str, score: str, cal: np.ndarray,
             alpha: float) -> conformal.HeldOut:
    part, label = CELLS[cell]
    s = table.scores[part][score]
    correct = table.top_correct[part]
    lam = conformal.thresholds(s, ~correct[label], cal, S.grid(score, table.n_max), alpha)
    return conformal.evaluate(s, lam, ~cal, {o: ~correct[o] for o in table.oracles})


def _mean(a) -> float:
    return float(np.mean(a)) if len(a) else math.nan


def _nan_to_none(x: float):
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else x


def cell_summary(h: conformal.HeldOut) -> dict:
    sel = {}
    undefined = 0
    for o, v in h.selective_risk.items():
        ok = ~np.isnan(v)
        undefined = int((~ok).sum())
        sel[o] = float(v[ok].mean()) if ok.any() else None
    return {
        "risk": {o: _mean(v) for o, v in h.risk.items()},
        "answer_rate": _mean(h.answer_rate),
        "selective_risk": sel,
        "selective_undefined": undefined,  # splits where nothing was answered
        "abstain_all": int(np.isinf(h.lam).sum()),  # splits where no threshold qualified
        "threshold_median": _nan_to_none(float(np.median(h.lam))) if len(h.lam) else None,
    }


def contrast(diff: np.ndarray) -> tuple[float, dict]:
    """Mean in percentage points, and the share of splits of each sign."""
    d = np.round(diff * 100, 9)
    n = max(len(d), 1)
    signs = {"positive": float((d > 0).sum() / n), "negative": float((d < 0).sum() / n),
             "zero": float((d == 0).sum() / n)}
    return float(d.mean()) if len(d) else math.nan, signs


def decomposition(table: ClassTable, a: conformal.HeldOut, d: conformal.HeldOut) -> dict:
    wa = ~table.top_correct["weak"]["suite"]
    wd = ~table.top_correct["suite"]["suite"]
    same = np.asarray([x == y for x, y in zip(table.top_sql["weak"], table.top_sql["suite"],
                                              strict=True)])
    n = np.maximum(a.n_test, 1)
    both = a.answered & d.answered
    terms = {
        "changed_sql": ((both & ~same) * (wd.astype(int) - wa.astype(int))).sum(1) / n,
        "only_a": -((a.answered & ~d.answered) & wa).sum(1) / n,
        "only_d": ((d.answered & ~a.answered) & wd).sum(1) / n,
        "same_sql": ((both & same) * (wd.astype(int) - wa.astype(int))).sum(1) / n,
    }
    out = {k: float(np.mean(v) * 100) for k, v in terms.items()}
    out["total"] = float(sum(np.mean(v) for v in terms.values()) * 100)
    return out


def auroc_table(table: ClassTable, score: str) -> dict:
    """AUROC of ``score`` for the top class's correctness, per partition and oracle, over
    questions with at least one usable candidate; ``change`` = weak minus suite; the same
    restricted to questions whose top SQL is the same under both partitions."""
    out: dict = {}
    has = table.has_answer
    masks = {"all": has}
    if "weak" in table.partitions and "suite" in table.partitions:
        same = np.asarray([x == y for x, y in zip(table.top_sql["weak"], table.top_sql["suite"],
                                                  strict=True)])
        masks["same_sql"] = has & same
    for mname, m in masks.items():
        block = {}
        for p in table.partitions:
            s = table.scores[p][score][m]
            res = {o: conformal.auroc(s, table.top_correct[p][o][m]) for o in table.oracles}
            if "weak" in res and "suite" in res:
                res["change"] = (None if res["weak"] is None or res["suite"] is None
                                 else res["weak"] - res["suite"])
            res["n"] = int(m.sum())
            block[p] = res
        out[mname] = block
    return out


def _available_cells(table: ClassTable) -> list[str]:
    return [c for c, (p, lab) in CELLS.items() if p in table.partitions and lab in table.oracles]


def scheme_result(table: ClassTable, cal: np.ndarray, alpha: float, score: str) -> dict:
    cells = {c: run_cell(table, c, score, cal, alpha) for c in _available_cells(table)}
    out: dict = {"cells": {c: cell_summary(h) for c, h in cells.items()}}
    gap = d_minus_a = None
    if "A" in cells and "suite" in table.oracles:
        gap, out["gap_signs"] = contrast(cells["A"].risk["suite"] - cells["A"].risk["weak"])
    if "A" in cells and "D" in cells:
        d_minus_a, out["d_minus_a_signs"] = contrast(cells["D"].risk["suite"]
                                                     - cells["A"].risk["suite"])
        out["decomposition"] = decomposition(table, cells["A"], cells["D"])
    out["gap"], out["d_minus_a"] = gap, d_minus_a
    return out


def certificate(table: ClassTable, *, alpha: float = 0.1, n_splits: int = 200, seed: int = 0,
                schemes: tuple[str, ...] = SCHEMES, primary: str = PRIMARY_SCORE) -> dict:
    """``{SCHEME: {"cells": {CELL: {...}}, "gap", "d_minus_a", "scores": {SCORE: ...}}}``.

    Top-level cells and contrasts use the ``primary`` score; ``scores`` repeats contrasts,
    AUROC and cells for every score (``available: false`` when the pool lacks the data)."""
    if not 0 <= alpha <= 1:  # 0: abstain on every question; 1: answer every one
        raise InputError(f"--alpha must be in [0, 1] (got {alpha})")
    if primary not in table.available_scores:
        raise InputError(f"score {primary!r} is not available: {table.unavailable.get(primary)}")
    aurocs = {s: auroc_table(table, s) for s in table.available_scores}
    cert: dict = {}
    for scheme in schemes:
        cal = make_splits(table, scheme, n_splits, seed)
        per_score = {}
        for s in S.SCORES:
            if s in table.unavailable:
                per_score[s] = {"available": False, "reason": table.unavailable[s],
                                "gap": None, "d_minus_a": None, "auroc": None}
                continue
            r = scheme_result(table, cal, alpha, s)
            per_score[s] = {"available": True, "gap": r["gap"], "d_minus_a": r["d_minus_a"],
                            "auroc": aurocs[s], **{k: v for k, v in r.items()
                                                   if k not in ("gap", "d_minus_a")}}
        prim = per_score[primary]
        cert[scheme] = {
            "cells": prim["cells"], "gap": prim["gap"], "d_minus_a": prim["d_minus_a"],
            **{k: prim[k] for k in ("gap_signs", "d_minus_a_signs", "decomposition") if k in prim},
            "scores": per_score,
            "primary_score": primary, "alpha": alpha, "n_splits": n_splits, "seed": seed,
            "n_questions": len(table), "n_databases": int(len(np.unique(table.db_ids))),
        }
    return cert


def sweep(table: ClassTable, alphas=DEFAULT_ALPHAS, *, n_splits: int = 200, seed: int = 0,
          schemes: tuple[str, ...] = SCHEMES, score: str = PRIMARY_SCORE) -> dict:
    """Risks, answer rates and contrasts of the primary score over a range of alpha."""
    out: dict = {}
    for scheme in schemes:
        cal = make_splits(table, scheme, n_splits, seed)
        rows = {}
        for a in alphas:
            r = scheme_result(table, cal, a, score)
            rows[f"{a:g}"] = {"cells": {c: {"risk": v["risk"], "answer_rate": v["answer_rate"]}
                                        for c, v in r["cells"].items()},
                              "gap": r["gap"], "d_minus_a": r["d_minus_a"]}
        out[scheme] = rows
    return out
