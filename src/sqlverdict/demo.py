"""``sqlverdict demo``: the bundled benchmark under every oracle this installation has.

Builds the demo databases, a test suite for them (when the suite builder is available),
evaluates the three demo systems, and writes the HTML report (when available).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .bench import load_benchmark, load_predictions
from .evaluation import RunResult, evaluate
from .jsonl import read_jsonl
from .oracles.base import EvalOptions, available_oracles
from .report.summary import summary_table


@dataclass
class DemoResult:
    run: RunResult
    table: object
    notes: list[str] = field(default_factory=list)


def near_misses(run_dir: Path) -> list[dict]:
    """Rows the execution oracle accepts and the bounded oracle refutes with a witness."""
    rows = [d for _, d in read_jsonl(run_dir / "verdicts.jsonl", "verdicts file")]
    accepted = {(r["system"], r["example_id"]) for r in rows
                if r["oracle"] == "execution" and r["status"] == "consistent"}
    return [r for r in rows if r["oracle"] == "bounded" and r["status"] == "refuted"
            and (r["system"], r["example_id"]) in accepted
            and (r.get("evidence") or {}).get("witness")]


def render_witness(row: dict) -> str:
    """A plain-text view of one refutation: question, both queries, tables, both results."""
    w = row["evidence"]["witness"]
    out = [f"{row['system']} / {row['example_id']}: {row['question']}",
           f"  gold: {row['gold']}", f"  pred: {row['pred']}"]
    empty = [t for t, d in w["tables"].items() if not d["rows"]]
    for t, d in w["tables"].items():
        if d["rows"]:
            out.append(f"  table {t} ({', '.join(d['columns'])}): "
                       + "; ".join(repr(tuple(r)) for r in d["rows"]))
    if empty:
        out.append(f"  empty tables: {', '.join(empty)}")
    out.append(f"  gold result: {[tuple(r) for r in w['gold_result']]}")
    out.append(f"  pred result: {[tuple(r) for r in w['pred_result']]}")
    return "\n".join(out)


def demo_oracles() -> list[str]:
    return [o for o in ("execution", "suite", "bounded") if o in available_oracles()]


def run_demo(out_dir: str | Path, *, workers: int = 1,
             progress: Callable[[int, int], None] | None = None,
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
    shown = near_misses(run_dir)
    if shown:
        notes.append(f"{len(shown)} near misses: execution accepts them, the bounded verifier "
                     "refutes them with a witness database replayed in SQLite (realism: "
                     "typed = values of their declared types, sqlite = SQLite accepts it):")
        for r in shown:
            files = ", ".join(r.get("witness_files", [])[:1])
            notes.append(f"  {r['system']:12} {r['example_id']:11} {r['signature'] or '':13} "
                         f"{r.get('realism') or '':7} {files}")
        notes.append("first witness, in full:")
        notes.append(render_witness(shown[0]))
    missing = [o for o in ("execution", "suite", "bounded") if o not in oracles]
    if missing:
        notes.append(f"oracles not available in this installation: {', '.join(missing)}")
    return DemoResult(res, summary_table(res.summary, title="sqlverdict demo"), notes)
