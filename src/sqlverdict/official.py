"""A drop-in for the official evaluators: their inputs in, their per-level tables out.

Spider's ``evaluation.py --gold dev_gold.sql --pred pred.sql --db database/ --table
tables.json --etype exec|match|all`` becomes ``sqlverdict eval`` with the same flags:
execution accuracy under ``--compat spider`` (the published evaluator's comparison) and
exact-set match (the ``match`` oracle), by hardness. BIRD's script reads the same kind of
gold file; ``--compat bird`` compares as it does and ``--diff dev.json`` gives the
per-difficulty table. Predictions are any format ``load_predictions`` reads, the BIRD dict
included.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from .bench.gold import load_gold
from .bench.predictions import PredictionSet, load_predictions
from .errors import InputError
from .evaluation import RunResult, evaluate
from .oracles.base import EvalOptions

ETYPES = {"exec": ("execution",), "match": ("match",), "all": ("execution", "match")}


def evaluate_official(gold: str | Path, pred: str | Path, db: str | Path | None = None,
                      table: str | Path | None = None, etype: str = "all", *,
                      out: str | Path | None = None, compat: str | None = None,
                      difficulty: str | Path | None = None, workers: int = 1,
                      timeout_s: float = 30.0, resume: bool = False,
                      progress: Callable[[int, int], None] | None = None,
                      on_predictions: Callable[[PredictionSet], None] | None = None,
                      extra: dict | None = None, allow_misaligned: bool = False) -> RunResult:
    """Evaluate one prediction file against a gold file. ``compat`` defaults to ``bird``
    when ``difficulty`` is given, else ``spider``. Without ``out`` the run lives in a
    temporary folder that is removed afterwards (``RunResult.out_dir`` no longer exists).
    ``extra`` goes to ``EvalOptions.extra`` (``{"allow_empty_databases": True}`` runs
    execution on databases without rows, which is refused otherwise). A prediction file whose
    line count differs from the gold file's is an error unless ``allow_misaligned``."""
    if etype not in ETYPES:
        raise InputError(f"--etype {etype!r}: choose exec, match or all")
    compat = compat or ("bird" if difficulty else "spider")
    if compat == "bird" and "match" in ETYPES[etype]:
        raise InputError("exact-set match is defined for Spider only; with --compat bird "
                         "use --etype exec")
    bench = load_gold(gold, db, table, difficulty)
    system = load_predictions(pred, bench, Path(pred).stem, allow_misaligned=allow_misaligned,
                              compat=compat)
    if on_predictions is not None:
        on_predictions(system)
    levels = "difficulty" if difficulty else ("hardness" if compat == "spider" else None)
    options = EvalOptions(compat=compat, timeout_s=timeout_s, extra=dict(extra or {}))
    tmp = None if out is not None else Path(tempfile.mkdtemp(prefix="sqlverdict-eval-"))
    try:
        return evaluate(bench, [system], list(ETYPES[etype]), out if out is not None else tmp,
                        options, resume=resume, workers=workers, progress=progress,
                        levels=levels)
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
