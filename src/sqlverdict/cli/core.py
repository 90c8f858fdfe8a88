"""``sqlverdict eval`` and ``sqlverdict demo``."""

from __future__ import annotations

from pathlib import Path

import typer

from ..errors import InputError
from . import app
from ._common import cell, console, err_console, esc, positive, user_errors, warn


def _parse_predictions(items: list[str]) -> list[tuple[str, str]]:
    """``NAME=FILE`` pairs; a bare ``FILE`` is named after its stem.

    >>> _parse_predictions(["dail=p/dail.sql", "runs/c3.sql"])
    [('dail', 'p/dail.sql'), ('c3', 'runs/c3.sql')]
    """
    from ..errors import InputError

    out = []
    for item in items:
        name, sep, path = item.partition("=")
        if not sep:
            name, path = Path(item).stem, item
        if not name or not path:
            raise InputError(f"--predictions {item!r} must be NAME=FILE or FILE "
                             "(e.g. --predictions dail=preds/dail.sql)")
        out.append((name, path))
    return out


def _oracles(text: str) -> list[str]:
    """``--oracle a,b``; an empty entry is a typo, not nothing.

    >>> _oracles("execution, suite")
    ['execution', 'suite']
    """
    from ..errors import InputError

    names = [o.strip() for o in text.split(",")]
    if not all(names):
        raise InputError(f"--oracle {text!r} has an empty entry; write ORACLE[,ORACLE...] "
                         "(e.g. --oracle execution,suite)")
    return names


@app.command("eval")
def eval_cmd(
    benchmark: str | None = typer.Option(None, "--benchmark", help="KIND:PATH with KIND spider, bird, jsonl or gold."),
    predictions: list[str] | None = typer.Option(None, "--predictions", help="NAME=FILE (or FILE, named after its stem); repeat for several systems."),
    oracle: str = typer.Option("execution", "--oracle", help="Comma-separated: execution,suite,bounded,structure,match."),
    out: Path | None = typer.Option(None, "--out", help="Run directory (journal, verdicts.jsonl, summary.json)."),
    gold: Path | None = typer.Option(None, "--gold", help="Official form: gold file, one 'SQL<TAB>db_id' per line."),
    pred: Path | None = typer.Option(None, "--pred", help="Official form: predictions aligned with --gold (.sql, BIRD .json)."),
    db: Path | None = typer.Option(None, "--db", help="Official form: folder of <db_id>/<db_id>.sqlite."),
    table: Path | None = typer.Option(None, "--table", help="Official form: tables.json."),
    etype: str = typer.Option("all", "--etype", help="Official form: exec, match or all."),
    diff: Path | None = typer.Option(None, "--diff", help="Official form: BIRD's dev.json, for the per-difficulty table (implies --compat bird)."),
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
    keep_distinct: bool = typer.Option(False, "--keep-distinct", help="Execution under --compat spider: keep DISTINCT in both queries and run them as written, a second statement included (the test-suite evaluator's --keep_distinct; by default it removes DISTINCT and runs the first statement)."),
    plug_value: bool = typer.Option(False, "--plug-value", help="Execution: also try the prediction with the gold's literal values plugged into its value slots, correct if any assignment gives the gold's result (the test-suite evaluator's --plug_value, for systems that predict no values; under --compat spider its slots: numbers, LIMIT counts included, quoted strings and double-quoted words)."),
    match_reading: str | None = typer.Option(None, "--match-reading", help="Exact-set match (match oracle): official (the published evaluator's reading, its reading errors included; default under --compat spider) or lenient (reads what SQLite reads; default otherwise). Verdicts say where the two readings differ."),
    allow_misaligned: bool = typer.Option(False, "--allow-misaligned", help="Judge a .sql prediction file whose line count differs from the number of questions (lines matched to questions in order), or a .jsonl file that repeats an id (the first line kept); refused by default, as a blank line inserted in the middle shifts every later prediction."),
    quiet: bool = typer.Option(False, "--quiet", help="No progress bar."),
    report: bool = typer.Option(True, "--report/--no-report", help="Write DIR/report.html (the HTML report)."),
    dialect: str | None = typer.Option(None, "--dialect", help="The SQL dialect of gold and predictions, NAME or GOLD:PRED (sqlglot's names: postgres, mysql, ...; sqlite:postgres for SQLite gold and PostgreSQL predictions): each query is translated to SQLite once and judged as its translation."),
) -> None:
    """Judge predictions under several oracles and print accuracy per system and oracle.

    Example: sqlverdict eval --benchmark spider:data/spider --predictions dail=dail.sql
    --oracle execution --out runs/dail

    The official evaluators' form prints their per-hardness (Spider) or per-difficulty
    (BIRD) table: sqlverdict eval --gold dev_gold.sql --pred pred.sql --db database
    --table tables.json --etype all
    """
    from ..engine.policy import check_compat

    with user_errors():
        check_compat(compat)
        positive("--timeout", timeout)
        positive("--verify-timeout", verify_timeout)
        extra = _eval_extra(allow_empty_databases, keep_distinct, plug_value, match_reading)
        official = [n for n, v in (("--gold", gold), ("--pred", pred), ("--db", db),
                                   ("--table", table), ("--diff", diff)) if v is not None]
        if official:
            if benchmark or predictions:
                raise InputError("give either --benchmark/--predictions or the official "
                                 "form --gold/--pred/--db/--table, not both")
            res = _eval_official(gold, pred, db, table, etype, out=out, compat=compat, diff=diff,
                                 workers=workers, timeout=timeout, resume=resume, quiet=quiet,
                                 extra=extra, allow_misaligned=allow_misaligned)
        else:
            from ..oracles.base import EvalOptions

            if not benchmark or not predictions or out is None:
                raise InputError("eval needs --benchmark KIND:PATH, --predictions NAME=FILE "
                                 "and --out DIR (or the official form --gold/--pred/--db/--table)")
            if semantics is not None and semantics not in ("set", "bag", "list"):
                raise InputError(f"--semantics {semantics!r}: choose set, bag or list")
            if bounded_on not in ("accepted", "all"):
                raise InputError(f"--bounded-on {bounded_on!r}: choose accepted or all")
            opts = EvalOptions(semantics=semantics, compat=compat, timeout_s=timeout,
                               suite_dir=str(suite) if suite else None, bound=bound,
                               verify_timeout_s=verify_timeout,
                               constraints=str(constraints) if constraints else None,
                               bounded_on=bounded_on, extra=extra, dialect=dialect)
            res = _eval_benchmark(benchmark, predictions, _oracles(oracle), out, opts,
                                  resume=resume, workers=workers, limit=limit, quiet=quiet,
                                  allow_misaligned=allow_misaligned, compat=compat)
    _print_eval(res, out, official=bool(official), empty_databases=allow_empty_databases,
                report=report)


def _eval_extra(allow_empty_databases: bool, keep_distinct: bool, plug_value: bool,
                match_reading: str | None) -> dict:
    """The oracles' extra options that ``eval``'s flags switch on."""
    extra = {"allow_empty_databases": True} if allow_empty_databases else {}
    extra.update({k: True for k, on in (("keep_distinct", keep_distinct),
                                        ("plug_value", plug_value)) if on})
    if match_reading is not None:
        if match_reading not in ("official", "lenient"):
            raise InputError(f"--match-reading {match_reading!r}: choose official or lenient")
        extra["match_reading"] = match_reading
    return extra


def _eval_official(gold, pred, db, table, etype, *, out, compat, diff, workers, timeout, resume,
                   quiet, extra, allow_misaligned):
    """``eval`` in the official evaluators' form (--gold/--pred/--db/--table)."""
    from ..official import evaluate_official
    from .progress import reporter

    if gold is None or pred is None:
        raise InputError("the official form needs --gold FILE and --pred FILE "
                         "(and usually --db DIR --table tables.json)")

    def warn_predictions(ps):
        for w in ps.warnings:
            warn(f"{ps.name}: {w}")

    with reporter("judging", enabled=not quiet) as progress:
        return evaluate_official(gold, pred, db, table, etype, out=out, compat=compat,
                                 difficulty=diff, workers=workers, timeout_s=timeout,
                                 resume=resume, progress=progress,
                                 on_predictions=warn_predictions, extra=extra,
                                 allow_misaligned=allow_misaligned)


def _eval_benchmark(benchmark: str, predictions: list[str], oracles: list[str], out: Path, opts,
                    *, resume: bool, workers: int, limit: int | None, quiet: bool,
                    allow_misaligned: bool, compat: str | None):
    """``eval`` of prediction files against a benchmark (--benchmark/--predictions)."""
    from ..bench import load_benchmark, load_predictions
    from ..evaluation import evaluate
    from .progress import reporter

    bench = load_benchmark(benchmark)  # predictions align with the whole file
    systems = []
    for name, path in _parse_predictions(predictions):
        ps = load_predictions(path, bench, name, allow_misaligned=allow_misaligned,
                              limit=limit, compat=compat)
        for w in ps.warnings:
            warn(f"{name}: {w}")
        systems.append(ps)
    shown = bench.limit(limit)
    if shown.skipped:
        dbs = sorted({e.db_id for e in shown.examples if e.id in shown.skipped})
        err_console.print(f"[yellow]skipped[/] {len(shown.skipped)} example(s) without "
                          f"a database: {esc(', '.join(dbs))}", highlight=False)
    with reporter("judging", enabled=not quiet) as progress:
        return evaluate(bench, systems, oracles, out, opts, resume=resume,
                        workers=workers, limit=limit, progress=progress)


def _print_eval(res, out: Path | None, *, official: bool, empty_databases: bool,
                report: bool) -> None:
    """The accuracy tables, coverage, warnings and files of an ``eval`` run."""
    from ..report.summary import coverage_note, levels_table, summary_table

    # results on databases without rows are not execution accuracy: their titles say so
    labels = {"execution": "execution (empty databases)"} if empty_databases else None
    by_level = levels_table(res.summary, labels=labels)
    if not official or by_level is None:
        console.print(summary_table(res.summary, labels=labels))
    if by_level is not None:
        console.print(by_level)
    console.print(cell(coverage_note(res.summary)))
    for w in res.warnings:
        warn(w)
    if out is not None:
        console.print(cell(f"wrote {out / 'verdicts.jsonl'}, {out / 'summary.json'}, "
                           f"{out / 'summary.csv'}"
                           + (f" (reused {res.reused} journaled verdicts)" if res.reused
                              else "")))
        if report:
            from ..report.html import render_report

            with user_errors():
                console.print(cell(f"report: {render_report(out)}"))


@app.command("demo")
def demo_cmd(
    out: Path = typer.Option(Path("sqlverdict-demo"), "--out", help="Directory for the demo run."),
    workers: int = typer.Option(1, "--workers", min=1),
) -> None:
    """Evaluate the bundled demo benchmark under every available oracle.

    Example: sqlverdict demo --out /tmp/demo
    """
    from ..demo import run_demo
    from ..report.summary import coverage_note
    from .progress import reporter

    with user_errors(), reporter("judging") as progress:
        res = run_demo(out, workers=workers, progress=progress)
    console.print(res.table)
    console.print(cell(coverage_note(res.run.summary)))
    for line in res.notes:
        console.print(cell(line), highlight=False, soft_wrap=True)


