"""``sqlverdict eval`` and ``sqlverdict demo``."""

from __future__ import annotations

from pathlib import Path

import typer

from . import app
from ._common import cell, console, err_console, esc, positive, user_errors


def _parse_predictions(items: list[str]) -> list[tuple[str, str]]:
    out = []
    for item in items:
        name, sep, path = item.partition("=")
        if not sep or not name or not path:
            from ..errors import InputError

            raise InputError(f"--predictions {item!r} must be NAME=FILE "
                             "(e.g. --predictions dail=preds/dail.sql)")
        out.append((name, path))
    return out


@app.command("eval")
def eval_cmd(
    benchmark: str = typer.Option(..., "--benchmark", help="KIND:PATH with KIND spider, bird or jsonl."),
    predictions: list[str] = typer.Option(..., "--predictions", help="NAME=FILE; repeat for several systems."),
    oracle: str = typer.Option("execution", "--oracle", help="Comma-separated: execution,suite,bounded,structure."),
    out: Path = typer.Option(..., "--out", help="Run directory (journal, verdicts.jsonl, summary.json)."),
    resume: bool = typer.Option(False, "--resume", help="Continue an interrupted run in --out."),
    workers: int = typer.Option(1, "--workers", min=1, help="Worker processes."),
    limit: int | None = typer.Option(None, "--limit", min=1, help="Only the first N examples."),
    suite: Path | None = typer.Option(None, "--suite", help="Test-suite directory (suite oracle)."),
    bound: int = typer.Option(3, "--bound", min=1, help="Rows per table for the bounded oracle."),
    constraints: Path | None = typer.Option(None, "--constraints", help="Constraint file for the bounded oracle."),
    compat: str | None = typer.Option(None, "--compat", help="spider | bird: reproduce the published Spider or BIRD evaluator."),
    semantics: str | None = typer.Option(None, "--semantics", help="set|bag|list (default: bag, list if the gold has ORDER BY)."),
    timeout: float = typer.Option(30.0, "--timeout", help="Seconds per query execution."),
    verify_timeout: float = typer.Option(30.0, "--verify-timeout", help="Seconds per bounded verification."),
    bounded_on: str = typer.Option("accepted", "--bounded-on", help="accepted (EX-accepted pairs only) or all."),
    allow_empty_databases: bool = typer.Option(False, "--allow-empty-databases", help="Run execution on databases without rows (refused by default: queries agree on empty tables)."),
    quiet: bool = typer.Option(False, "--quiet", help="No progress bar."),
) -> None:
    """Judge predictions under several oracles and print accuracy per system and oracle.

    Example: sqlverdict eval --benchmark spider:data/spider --predictions dail=dail.sql
    --oracle execution --out runs/dail
    """
    from ..bench import load_benchmark, load_predictions
    from ..engine.policy import check_compat
    from ..errors import InputError
    from ..evaluation import evaluate
    from ..oracles.base import EvalOptions
    from ..report.summary import summary_table

    with user_errors():
        check_compat(compat)
        if semantics is not None and semantics not in ("set", "bag", "list"):
            raise InputError(f"--semantics {semantics!r}: choose set, bag or list")
        if bounded_on not in ("accepted", "all"):
            raise InputError(f"--bounded-on {bounded_on!r}: choose accepted or all")
        positive("--timeout", timeout)
        positive("--verify-timeout", verify_timeout)
        oracles = [o.strip() for o in oracle.split(",") if o.strip()]
        bench = load_benchmark(benchmark).limit(limit)
        systems = []
        for name, path in _parse_predictions(predictions):
            ps = load_predictions(path, bench, name)
            for w in ps.warnings:
                err_console.print(f"[yellow]warning[/] {esc(name)}: {esc(w)}", highlight=False)
            systems.append(ps)
        if bench.skipped:
            dbs = sorted({e.db_id for e in bench.examples if e.id in bench.skipped})
            err_console.print(f"[yellow]skipped[/] {len(bench.skipped)} example(s) without a "
                              f"database: {esc(', '.join(dbs))}", highlight=False)
        opts = EvalOptions(semantics=semantics, compat=compat, timeout_s=timeout,
                           suite_dir=str(suite) if suite else None, bound=bound,
                           verify_timeout_s=verify_timeout,
                           constraints=str(constraints) if constraints else None,
                           bounded_on=bounded_on,
                           extra={"allow_empty_databases": True} if allow_empty_databases else {})
        res = evaluate(bench, systems, oracles, out, opts, resume=resume, workers=workers,
                       limit=limit, progress=not quiet)
    console.print(summary_table(res.summary))
    for w in res.warnings:
        err_console.print(f"[yellow]warning[/] {esc(w)}", highlight=False)
    console.print(cell(f"wrote {out / 'verdicts.jsonl'}, {out / 'summary.json'}, "
                       f"{out / 'summary.csv'}"
                       + (f" (reused {res.reused} journaled verdicts)" if res.reused else "")),
                  highlight=False)


@app.command("demo")
def demo_cmd(
    out: Path = typer.Option(Path("sqlverdict-demo"), "--out", help="Directory for the demo run."),
    workers: int = typer.Option(1, "--workers", min=1),
) -> None:
    """Evaluate the bundled demo benchmark under every available oracle.

    Example: sqlverdict demo --out /tmp/demo
    """
    from ..demo import run_demo

    with user_errors():
        res = run_demo(out, workers=workers, progress=True)
    console.print(res.table)
    for line in res.notes:
        console.print(cell(line), highlight=False, soft_wrap=True)


