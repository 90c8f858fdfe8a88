"""``sqlverdict suite build`` and ``sqlverdict suite census``: test suites per schema."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.table import Table

from . import app
from ._common import cell, console, err_console, esc, user_errors

suite_app = typer.Typer(help="Build test suites (distilled database instances) and censuses.",
                        no_args_is_help=True)
app.add_typer(suite_app, name="suite")


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f}%" if b else "-"


def build_table(manifest: dict) -> Table:
    t = Table(title=cell(f"suite {manifest.get('benchmark', '')}, seed {manifest['seed']}"))
    for c in ("database", "golds", "inst.", "rows", "separable", "separated", "EX accepts", "s"):
        t.add_column(c, justify="left" if c == "database" else "right", no_wrap=True)
    for db, s in manifest["databases"].items():
        t.add_row(cell(db[:22]), str(s["golds"]), str(s["instances"]), f"{s['rows_median']}/{s['rows_max']}",
                  str(s["separable"]), _pct(s["separated"], s["separable"]),
                  _pct(s["shipped_accepts_separable"], s["separable"]), f"{s['elapsed_s']:.0f}")
    tot = manifest["totals"]
    t.add_row("total", str(tot["golds"]), str(tot["instances"]), "", str(tot["separable"]),
              _pct(tot["separated"], tot["separable"]),
              _pct(tot["shipped_accepts_separable"], tot["separable"]),
              f"{manifest['elapsed_s']:.0f}", style="bold")
    t.caption = ("rows: median/max rows per instance; separated: share of separable mutants "
                 "the kept instances separate; EX accepts: share the shipped database accepts")
    return t


@suite_app.command("build")
def build_cmd(
    benchmark: str = typer.Option(..., "--benchmark", help="KIND:PATH, e.g. spider:../data/spider"),
    out: Path = typer.Option(..., "--out", help="suite directory to write"),
    db_id: list[str] = typer.Option(None, "--db-id", help="only this database (repeat)"),
    seed: int = typer.Option(0, "--seed", help="random seed; same seed, same suite"),
    workers: int = typer.Option(2, "--workers", help="worker processes (one database each)"),
    nulls: str = typer.Option("schema", "--nulls",
                              help="schema: NULLs wherever the schema allows; observed: only in "
                                   "columns that hold NULLs in the shipped database"),
    as_json: bool = typer.Option(False, "--json", help="print the manifest as JSON"),
) -> None:
    """Generate random instances per schema and keep those that separate each gold query
    from its near misses.

    Example: sqlverdict suite build --benchmark spider:../shared/data/spider --out suite
    """
    from ..oracles.suite.build import BuildConfig, build_suite

    def progress(s: dict) -> None:
        if not as_json:
            err_console.print(f"  {esc(s['db_id'])}: {s['instances']} instances, "
                              f"{s['separated']}/{s['separable']} separable mutants separated "
                              f"({s['elapsed_s']:.1f} s)", highlight=False)

    with user_errors():
        if workers < 1:
            raise ValueError(f"--workers must be at least 1 (got {workers})")
        if nulls not in ("schema", "observed"):
            raise ValueError(f"--nulls must be schema or observed (got {nulls!r})")
        m = build_suite(benchmark, out, db_ids=db_id or None, seed=seed, workers=workers,
                        config=BuildConfig(seed=seed, nulls=nulls), progress=progress)
    if as_json:
        print(json.dumps(m, indent=1))
        return
    console.print(build_table(m))
    for db, why in m["skipped"].items():
        console.print(cell(f"skipped {db}: {why}"), highlight=False)
    console.print(cell(f"wrote {out / 'manifest.json'}"), highlight=False)


def census_tables(c: dict) -> list[Table]:
    col = c["collision"]["total"]
    t1 = Table(title="collision census (pairs of questions, same schema, same gold result "
                     "on the shipped database)")
    for h in ("", "pairs", "survive the suite", "share"):
        t1.add_column(h, justify="left" if not h else "right")
    t1.add_row("all colliding pairs", str(col["colliding"]), str(col["survive_suite"]),
               _pct(col["survive_suite"], col["colliding"]))
    t1.add_row("  with different gold SQL", str(col["colliding_different_gold"]),
               str(col["survive_suite_different_gold"]),
               _pct(col["survive_suite_different_gold"], col["colliding_different_gold"]))
    nm = c["near_miss"]["total"]
    t2 = Table(title="near-miss census (gold mutants the suite separates)")
    for h in ("separable mutants", "shipped database accepts", "share"):
        t2.add_column(h, justify="right")
    t2.add_row(str(nm["separable"]), str(nm["shipped_accepts"]),
               _pct(nm["shipped_accepts"], nm["separable"]))
    return [t1, t2]


@suite_app.command("census")
def census_cmd(
    benchmark: str = typer.Option(..., "--benchmark", help="KIND:PATH of the benchmark"),
    suite: Path = typer.Option(..., "--suite", help="suite directory from `suite build`"),
    out: Path = typer.Option(None, "--out", help="write the full census as JSON here"),
    as_json: bool = typer.Option(False, "--json", help="print the census as JSON"),
) -> None:
    """Collision and near-miss censuses: what the shipped database alone cannot tell apart.

    Example: sqlverdict suite census --benchmark spider:../shared/data/spider --suite suite
    """
    from ..oracles.suite.census import census
    from ..runner.output import make_dir, write_text

    with user_errors():
        c = census(benchmark, suite)
        if out is not None:
            make_dir(out.parent)
            write_text(out, json.dumps(c, indent=1))
    if as_json:
        print(json.dumps(c, indent=1))
        return
    for t in census_tables(c):
        console.print(t)
    if out is not None:
        console.print(cell(f"wrote {out}"), highlight=False)
