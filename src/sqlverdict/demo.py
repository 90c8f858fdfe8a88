"""``sqlverdict demo``: the bundled benchmark under every oracle this installation has.

Builds the demo databases, a test suite for them (when the suite builder is available),
evaluates the three demo systems, and writes the HTML report (when available).
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass, field
from pathlib import Path

from .bench import load_benchmark, load_predictions
from .evaluate import RunResult, evaluate
from .oracles.base import EvalOptions, available_oracles
from .report.summary import summary_table


@dataclass
class DemoResult:
    run: RunResult
    table: object
    notes: list[str] = field(default_factory=list)


def demo_oracles() -> list[str]:
    return [o for o in ("execution", "suite", "bounded") if o in available_oracles()]


def run_demo(out_dir: str | Path, *, workers: int = 1, progress: bool = False,
             bound: int = 3) -> DemoResult:
    from .bench.demo import build_demo

    out = Path(out_dir)
    questions, preds = build_demo(out)
    bench = load_benchmark(f"jsonl:{questions}")
    systems = [load_predictions(p, bench, name) for name, p in sorted(preds.items())]
    oracles = demo_oracles()
    notes: list[str] = []
    suite_dir = None
    if "suite" in oracles:
        from .oracles.suite.build import build_suite

        suite_dir = out / "suite"
        if not (suite_dir / "manifest.json").exists():
            build_suite(bench, suite_dir, seed=0)
        notes.append(f"test suite: {suite_dir}")
    run_dir = out / "run"
    opts = EvalOptions(suite_dir=str(suite_dir) if suite_dir else None, bound=bound,
                       verify_timeout_s=30.0)
    res = evaluate(bench, systems, oracles, run_dir, opts, resume=True, workers=workers,
                   progress=progress)
    notes.append(f"run directory: {run_dir} (verdicts.jsonl, summary.json, summary.csv)")
    if importlib.util.find_spec("sqlverdict.report.html") is not None:
        from .report.html import render_report

        html = render_report(run_dir, run_dir / "report.html")
        notes.append(f"report: {html}")
    missing = [o for o in ("execution", "suite", "bounded") if o not in oracles]
    if missing:
        notes.append(f"oracles not available in this installation: {', '.join(missing)}")
    return DemoResult(res, summary_table(res.summary, title="sqlverdict demo"), notes)
