"""Structural evaluation: canonical SQL structures, SQLStructEval measures, perturbations,
generation of sample pools and the compile-style JSON IR pipeline."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from ..bench.loader import Benchmark, load_benchmark
from ..errors import InputError
from ..sql.canon import Canon, CanonError, Canonicalizer, canonical_sql, canonicalize
from .metrics import Thresholds, question_measures, variant_measures

__all__ = [
    "Canon",
    "CanonError",
    "Canonicalizer",
    "Thresholds",
    "canonical_sql",
    "canonicalize",
    "question_measures",
    "restrict",
    "run_structure",
    "variant_measures",
]


def restrict(benchmark: Benchmark, indices_file: str | Path) -> Benchmark:
    """The benchmark reduced to the positions listed in a JSON file, in that order (so that
    line i of a subset prediction file stands for position ``indices[i]``)."""
    p = Path(indices_file)
    try:
        idx = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError, RecursionError) as e:
        raise InputError(f"indices file {str(p)!r} must be a JSON list of positions ({e})") \
            from None
    if isinstance(idx, dict):
        idx = idx.get("indices")
    if not isinstance(idx, list) or not all(isinstance(i, int) for i in idx):
        raise InputError(f"indices file {str(p)!r} must be a JSON list of integer positions")
    by_pos = {e.index: e for e in benchmark.examples}
    missing = [i for i in idx if i not in by_pos]
    if missing:
        raise InputError(f"indices file {str(p)!r}: positions {missing[:5]} are not in the "
                         f"benchmark ({len(benchmark.examples)} examples)")
    ex = [by_pos[i] for i in idx]
    ids = {e.id for e in ex}
    return Benchmark(benchmark.kind, benchmark.path, ex, benchmark.schemas,
                     {k: v for k, v in benchmark.skipped.items() if k in ids})


def run_structure(benchmark: str, samples: list[str], out: str | Path, *,
                  indices: str | Path | None = None, oracle: str = "execution",
                  semantics: str | None = None, compat: str | None = None,
                  limit: int | None = None,
                  thresholds: Thresholds = Thresholds(),
                  warn: Callable[[str], None] | None = None) -> dict:
    """Library entry of ``sqlverdict structure``: returns the summary it writes."""
    from .evaluate import ExecutionJudge, OracleJudge, evaluate_structure
    from .pool import load_samples

    bench = load_benchmark(benchmark)
    if indices is not None:
        bench = restrict(bench, indices)
    bench = bench.limit(limit)
    systems = load_samples(samples, bench)
    if warn:
        for t in systems.values():
            for w in t.warnings[:20]:
                warn(w)
    if compat not in (None, "spider"):
        raise InputError(f"--compat must be spider (got {compat!r})")
    if oracle == "execution" and compat is None:
        judge = ExecutionJudge(semantics)
    else:
        from ..oracles.base import EvalOptions

        judge = OracleJudge(oracle, bench, EvalOptions(semantics=semantics, compat=compat))
    report = evaluate_structure(bench, systems, judge=judge, thresholds=thresholds)
    report.write(out)
    return report.summary_json()
