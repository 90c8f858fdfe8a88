"""Structural evaluation of sampled predictions: canonical structures, correctness labels,
per-question measures, dataset summaries.

Correctness is pluggable: a ``Judge`` maps (example, prediction) to a ``Label``. The default
``ExecutionJudge`` runs gold and prediction on the shipped database with the engine
(``engine.execute`` + ``engine.compare``: bag semantics, list when the gold has a top-level
ORDER BY); ``OracleJudge`` takes the verdict of any registered oracle.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bench.loader import Benchmark
from ..engine.compare import Semantics, results_equal
from ..engine.execute import ResultCache
from ..engine.policy import default_semantics
from ..errors import ExecutionError
from ..sql.canon import Canonicalizer
from ..types import Example, Prediction
from .metrics import (
    Thresholds,
    dataset_measures,
    dataset_variant_measures,
    question_measures,
    variant_measures,
)
from .pool import ORIGINAL, SampleTable


@dataclass(frozen=True)
class Label:
    executed: bool  # ran without error
    correct: bool
    reason: str = ""


class GoldUnusable(Exception):
    """The question cannot be judged (no database, gold fails)."""


class ExecutionJudge:
    """Execution correctness with the engine; one result cache for the whole run."""

    name = "execution"

    def __init__(self, semantics: str | None = None, timeout_s: float = 30.0):
        self.semantics = semantics
        self.timeout_s = timeout_s
        self.cache = ResultCache()

    def gold(self, example: Example):
        if not example.db_path:
            raise GoldUnusable(f"no database for {example.db_id}")
        try:
            return self.cache.run(example.db_path, example.gold, timeout_s=self.timeout_s)
        except ExecutionError as e:
            raise GoldUnusable(f"gold fails: {e}") from None

    def __call__(self, example: Example, pred: Prediction) -> Label:
        gold = self.gold(example)
        if not pred.ok:
            return Label(False, False, pred.invalid or "invalid")
        try:
            res = self.cache.run(example.db_path, pred.sql, timeout_s=self.timeout_s)
        except ExecutionError as e:
            return Label(False, False, f"{e.kind}: {e.message}"[:200])
        sem = Semantics.parse(self.semantics) if self.semantics else default_semantics(
            example.gold)
        ok = results_equal(gold.rows, res.rows, sem, gold_ncols=len(gold.columns),
                           pred_ncols=len(res.columns))
        return Label(True, ok, "" if ok else "results differ")


class OracleJudge:
    """Correctness from a registered oracle (``consistent`` or ``verified`` is correct);
    ``executed`` still comes from running the prediction."""

    def __init__(self, oracle_name: str, benchmark: Benchmark, options=None):
        from ..oracles.base import Context, EvalOptions, get_oracle

        self.options = options or EvalOptions()
        self.oracle = get_oracle(oracle_name, self.options)
        self.name = oracle_name
        self.exec = ExecutionJudge(self.options.semantics, self.options.timeout_s)
        self.ctx = Context(self.options, self.exec.cache, benchmark.schemas)

    def __call__(self, example: Example, pred: Prediction) -> Label:
        base = self.exec(example, pred)
        verdict = self.oracle.judge(example, pred, self.ctx)
        return Label(base.executed, verdict.status.is_correct, verdict.reason)


Judge = Callable[[Example, Prediction], Label]


@dataclass
class StructureReport:
    correctness: str
    thresholds: Thresholds
    systems: dict[str, dict[str, Any]] = field(default_factory=dict)
    detail: list[dict[str, Any]] = field(default_factory=list)

    def summary_json(self) -> dict[str, Any]:
        return {"correctness": self.correctness, "thresholds": self.thresholds.to_json(),
                "systems": self.systems}

    def write(self, out_dir: str | Path) -> Path:
        out = Path(out_dir)
        out.mkdir(parents=True, exist_ok=True)
        (out / "structure_summary.json").write_text(
            json.dumps(self.summary_json(), indent=2) + "\n", encoding="utf-8")
        with open(out / "structure_detail.jsonl", "w", encoding="utf-8") as f:
            for d in self.detail:
                f.write(json.dumps(d, ensure_ascii=False) + "\n")
        return out


def evaluate_structure(benchmark: Benchmark, systems: dict[str, SampleTable], *,
                       judge: Judge | None = None, thresholds: Thresholds = Thresholds(),
                       canonicalizer: Canonicalizer | None = None,
                       progress: Callable[[int, int], None] | None = None) -> StructureReport:
    """Measures per system over the benchmark's examples that have samples."""
    judge = judge or ExecutionJudge()
    canon = canonicalizer or Canonicalizer(benchmark.schemas)
    report = StructureReport(getattr(judge, "name", "custom"), thresholds)
    total = sum(len(t.samples) for t in systems.values())
    done = 0
    for name, table in systems.items():
        t0 = time.perf_counter()
        per_q, per_v, skipped, parse_failures, n_samples = [], [], {}, 0, 0
        for ex in benchmark.examples:
            inputs = table.samples.get(ex.id)
            if not inputs:
                continue
            done += 1
            if progress:
                progress(done, total)
            samples = inputs.get(ORIGINAL, [])
            canons = [canon(p.sql, ex.db_id) if p.ok else None for p in samples]
            structures = [c.sql if c is not None else None for c in canons]
            n_samples += len(samples)
            errors = {i: c.error for i, c in enumerate(canons) if c is not None and not c.ok}
            parse_failures += len(errors)
            row: dict[str, Any] = {"system": name, "example_id": ex.id, "db_id": ex.db_id,
                                   "structures": structures}
            if errors:
                row["parse_errors"] = errors
            invalid = {i: p.invalid for i, p in enumerate(samples) if not p.ok}
            if invalid:
                row["invalid"] = invalid
            try:
                labels = [judge(ex, p) for p in samples]
            except GoldUnusable as e:
                skipped[ex.id] = str(e)
                row["skipped"] = str(e)
                report.detail.append(row)
                continue
            gold = canon(ex.gold, ex.db_id)
            m = question_measures(structures, [lb.correct for lb in labels],
                                  [lb.executed for lb in labels], gold.sql, thresholds)
            row.update(gold_structure=gold.sql, correct=[lb.correct for lb in labels],
                       executed=[lb.executed for lb in labels], measures=m)
            per_q.append(m)
            if len(inputs) > 1:
                vs = {k: [canon(p.sql, ex.db_id).sql if p.ok else None for p in v]
                      for k, v in inputs.items()}
                vm = variant_measures(vs)
                row["variant_measures"] = vm
                per_v.append(vm)
            report.detail.append(row)
        summary = dataset_measures(per_q)
        if table.stages:  # compile-style pool: pipeline rates over all its candidates
            flat = [st for v in table.stages.values() for st in v]
            summary.update({f"compile_{k}": sum(st[k] for st in flat) / len(flat)
                            for k in ("JV", "CR", "PR", "ES")})
        if per_v:
            summary.update(dataset_variant_measures(per_v))
        summary.update(n_skipped=len(skipped), n_samples=n_samples,
                       parse_failures=parse_failures,
                       samples_per_question=(n_samples / (len(per_q) + len(skipped))
                                             if per_q or skipped else 0.0),
                       elapsed_s=round(time.perf_counter() - t0, 3))
        report.systems[name] = summary
    return report
