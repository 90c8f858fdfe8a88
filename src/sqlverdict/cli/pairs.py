"""``sqlverdict convert-verieql``: VeriEQL-style pair files as ``verify-batch`` pairs."""

from __future__ import annotations

from pathlib import Path

import typer

from . import app
from ._common import cell, console, user_errors, warn


@app.command("convert-verieql")
def convert_verieql_cmd(
    src: Path = typer.Argument(..., help="A VeriEQL-style pair file: JSON lines (or an array) of {schema, constraint, pair, index}."),
    out: Path = typer.Option(..., "--out", help="verify-batch pairs (JSONL), the schema inline as DDL."),
    dialect: str = typer.Option("postgres", "--dialect", help="The dialect the queries are read in (sqlglot's names); they are translated to SQLite when verified. auto: lines without a dialect (verify-batch reads a pair as SQLite, or in the first dialect that runs where SQLite rejects it)."),
    name: str | None = typer.Option(None, "--name", help="Prefix of the pair ids (default: the file's stem)."),
) -> None:
    """Convert a VeriEQL-style pair file (table schema, PRIMARY/FOREIGN/NOT NULL constraints
    and a query pair per line) into pairs for ``sqlverdict verify-batch``.

    Example: sqlverdict convert-verieql calcite.jsonlines --out calcite_pairs.jsonl &&
    sqlverdict verify-batch --pairs calcite_pairs.jsonl --out calcite_results.jsonl
    """
    from ..bench.verieql import AUTO, convert
    from ..sql.dialect import check_dialect

    with user_errors():
        if dialect != AUTO:
            check_dialect(dialect)
        res = convert(src, out, dialect=dialect, name=name)
    for s in res.skipped[:20]:
        warn(f"skipped {s}")
    if len(res.skipped) > 20:
        warn(f"... and {len(res.skipped) - 20} more skipped lines")
    for kind, n in sorted(res.dropped.items()):
        warn(f"{n} pair(s) have a {kind!r} constraint that is not expressed in the schema "
             "(listed in their \"dropped_constraints\")")
    console.print(cell(f"{res.pairs} pairs -> {out}" + (f" ({len(res.skipped)} lines skipped)"
                                                         if res.skipped else "")))
