"""``sqlverdict verify`` and ``sqlverdict verify-batch``: bounded equivalence of SQL pairs."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from ..errors import SqlverdictError
from ..types import status_label
from . import app
from ._common import cell, console, esc, positive, user_errors
from .progress import reporter
from .witness import witness_renderables


def _show(result, gold: str, pred: str) -> None:
    status = str(result.status)
    color = {"refuted": "red", "verified": "green"}.get(status, "yellow")
    label = status_label(status, evidence=result.evidence, scope=result.scope)
    level = f"{result.realism} witness, " if result.realism is not None else ""
    dialect = ""
    if result.dialect:
        g, _, p = result.dialect.partition(":")
        dialect = (f"{g} gold, {p} prediction" if p else g) + " translated to SQLite"
        if result.inferred is not None:
            dialect += f" ({result.inferred.label})"
        dialect += ", "
    if str(result.domain) == "typed":
        dialect += "typed databases, "
    how = esc(f"[bound {result.bound}, {result.semantics} semantics, {dialect}{level}"
              f"{result.elapsed_s:.2f} s]")
    console.print(f"[bold {color}]{esc(label)}[/] {how}: {esc(result.reason)}",
                  highlight=False, soft_wrap=True)
    w = result.witness
    if w is None:
        return
    for r in witness_renderables(w.tables, console.width):
        console.print(r)
    fails = w.signature == "execution_error"  # (the prediction raised on these rows)
    said = ("SQLite raises an error running it on these rows"
            + (f" ({result.detail})" if result.detail else "")) if fails else w.pred_result
    for label, rows in (("gold result", w.gold_result), ("prediction result", said)):
        console.print(cell(f"{label}: {rows}"))


@app.command("verify")
def verify_cmd(
    gold: str = typer.Argument(..., help="The gold (reference) query."),
    pred: str = typer.Argument(..., help="The predicted query."),
    schema: str = typer.Option(..., "--schema", help="SQLite file, DDL file, inline DDL, or tables.json (with --db-id)."),
    db_id: str | None = typer.Option(None, "--db-id", help="Database id inside a tables.json."),
    bound: int = typer.Option(3, "--bound", min=1, help="At most this many rows per table."),
    semantics: str | None = typer.Option(None, "--semantics", help="set | bag | list (default: as eval compares: bag, list when the gold has a top-level ORDER BY)."),
    compat: str | None = typer.Option(None, "--compat", help="spider | bird: compare as the official evaluator does (as eval --compat)."),
    timeout: float = typer.Option(30.0, "--timeout", help="Seconds for this pair."),
    constraints: Path | None = typer.Option(None, "--constraints", help="Constraint file from `sqlverdict constraints mine/validate`: witnesses that satisfy its enabled constraints are searched first and graded 'mined'."),
    witness: Path | None = typer.Option(None, "--witness", help="Directory for witness.sqlite, witness.sql, witness.json."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    search: bool = typer.Option(True, "--search/--no-search", help="Small bounds first, and the randomized witness search for what the solver cannot decide (as verify-batch)."),
    dialect: str | None = typer.Option(None, "--dialect", help="The queries' SQL dialect, NAME or GOLD:PRED (sqlglot's names: postgres, mysql, bigquery, snowflake, duckdb, ...; sqlite:postgres for a SQLite gold and a PostgreSQL prediction), translated to SQLite first. Default: SQLite, and where SQLite rejects a query of a pair on DDL, the first of postgres, calcite, mysql that makes both run (said so); sqlite turns that off."),
    domain: str | None = typer.Option(None, "--domain", help="The databases the verdict speaks of: sqlite (every database SQLite accepts under the schema) or typed (every value of its column's declared type, no NULL primary key). Default: typed for a pair in another engine's dialect on DDL, sqlite otherwise (a SQLite database file, SQLite queries)."),
) -> None:
    """Search for a database with at most K rows per table on which GOLD and PRED differ.

    Exit status, as diff and cmp: 0 equivalent (verified), 1 they differ (refuted: a
    witness, or a prediction that is invalid or not a query), 2 unknown or trouble (bad
    input, no verdict within the budget).

    Example: sqlverdict verify --schema db.sqlite "SELECT count(a) FROM t" "SELECT count(*) FROM t"
    """
    from ..oracles.bounded.batch import SchemaCache
    from ..oracles.bounded.staging import verify

    with user_errors():
        positive("--timeout", timeout)
        s = SchemaCache().get(schema, db_id)
        try:
            r = verify(gold, pred, s, bound=bound, semantics=semantics, compat=compat,
                       timeout_s=timeout, constraints=str(constraints) if constraints else None,
                       search=search, witness_dir=str(witness) if witness else None,
                       dialect=dialect, domain=domain)
        except (SqlverdictError, ValueError, OSError):
            raise  # the user's input: user_errors says what to fix
        except Exception as e:  # a bug of ours: an honest unknown, as verify-batch gives
            r = crashed(e, bound)
    if as_json:
        typer.echo(json.dumps(r.to_json(), default=str))
    else:
        _show(r, gold, pred)
        if witness and r.witness is not None:
            console.print(cell(f"witness saved in {witness}/ (witness.sqlite, witness.sql, "
                               "witness.json)"))
    raise typer.Exit(exit_code(r.status))


def crashed(e: Exception, bound: int):
    """The verdict of a pair the verifier crashed on: unknown, the error named (as a
    ``verify-batch`` worker that died reports it), and where to report it.

    >>> crashed(KeyError("x"), 3).reason
    "error: KeyError: 'x' (an internal error of sqlverdict; please report it with the two queries and the schema)"
    """
    from ..oracles.bounded.outcome import Cause, VerifyResult
    from ..types import Status

    what = f"error: {type(e).__name__}: {e}"
    return VerifyResult(Status.UNKNOWN, bound, "auto", cause=Cause.CRASHED,
                        detail=f"{what} (an internal error of sqlverdict; please report it with "
                               "the two queries and the schema)")


def exit_code(status) -> int:
    """``verify``'s exit status, as diff and cmp: 0 equivalent, 1 differs, 2 unknown.

    >>> from sqlverdict.types import Status
    >>> [exit_code(s) for s in (Status.VERIFIED, Status.REFUTED, Status.UNKNOWN)]
    [0, 1, 2]
    """
    from ..types import Status

    return {Status.VERIFIED: 0, Status.REFUTED: 1}.get(status, 2)


@app.command("verify-batch")
def verify_batch_cmd(
    pairs: Path = typer.Option(..., "--pairs", help="JSONL: {id, gold, pred, schema[, db_id, bound, semantics, compat]}."),
    out: Path = typer.Option(..., "--out", help="JSONL results, one verify --json object per pair plus id."),
    bound: int = typer.Option(3, "--bound", min=1, help="Default bound for lines without one."),
    timeout: float = typer.Option(30.0, "--timeout", help="Seconds per pair."),
    workers: int = typer.Option(1, "--workers", min=1, help="Worker processes."),
    executor: str = typer.Option("local", "--executor", help="local (process pool) | ray."),
    ray_address: str | None = typer.Option(None, "--ray-address", help="Ray cluster to join (e.g. auto, ray://host:10001); default: start a local Ray."),
    memory: int = typer.Option(2048, "--memory", min=64, help="Memory limit per worker, MB."),
    search: bool = typer.Option(True, "--search/--no-search", help="Randomized witness search for pairs the encoder does not support."),
    semantics: str | None = typer.Option(None, "--semantics", help="Default for lines without one: set | bag | list (default: as eval compares)."),
    compat: str | None = typer.Option(None, "--compat", help="Default for lines without one: spider | bird."),
    dialect: str | None = typer.Option(None, "--dialect", help="Default for lines without a \"dialect\": the queries' SQL dialect, NAME or GOLD:PRED (sqlglot's names), translated to SQLite first. Without it such lines are SQLite's, read in another dialect where SQLite rejects a query (as verify); sqlite turns that off."),
    domain: str | None = typer.Option(None, "--domain", help="Default for lines without a \"domain\": the databases the verdict speaks of: sqlite (every database SQLite accepts under the schema) or typed (every value of its column's declared type, no NULL primary key). Default: typed for a pair in another engine's dialect on DDL, sqlite otherwise (a SQLite database file, SQLite queries)."),
) -> None:
    """Verify many pairs; one result line per input line.

    Each pair runs in a worker process with a hard time budget (--timeout plus a grace
    period) and a memory limit; a pair over either is unknown with that reason. Ids already
    in --out are skipped, so rerunning the same command resumes an interrupted batch.

    Example: sqlverdict verify-batch --pairs pairs.jsonl --out results.jsonl --bound 3
    """
    from ..oracles.bounded.batch import verify_batch

    labels: dict[str, int] = {}
    with user_errors(), reporter("verifying") as progress:
        positive("--timeout", timeout)
        counts = verify_batch(pairs, out, bound=bound, timeout_s=timeout, workers=workers,
                              progress=progress, executor=executor, ray_address=ray_address,
                              memory_mb=memory, search=search, semantics=semantics,
                              compat=compat, dialect=dialect, labels=labels, domain=domain)
    if not counts:
        console.print(cell(f"nothing to do: every pair already has a result in {out}"))
        return
    summary = ", ".join(f"{k} {v}" for k, v in sorted(labels.items()))
    console.print(cell(f"{sum(counts.values())} pairs: {summary} -> {out}"))
