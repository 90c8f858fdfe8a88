"""Confirm a candidate witness in SQLite: the ground truth for ``refuted``.

The candidate tables are written to a fresh SQLite file under the schema (the DDL of
``engine.materialize.create_table_sql``: types, keys, NOT NULL, UNIQUE), both queries run
with the project's execution engine, and the project's comparator decides whether the
results differ under the requested semantics. Foreign keys are checked here, in Python,
because SQLite does not enforce them by default.
"""

from __future__ import annotations

import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ...engine.compare import results_equal, signature
from ...engine.execute import run_query
from ...engine.materialize import create_table_sql
from ...errors import ExecutionError, InputError
from ...types import Schema
from .ir import enforced_foreign_keys

REPLAY_TIMEOUT_S = 10.0


@dataclass(frozen=True)
class Replay:
    differs: bool
    gold_rows: list | None
    pred_rows: list | None
    signature: str | None = None
    problem: str = ""  # why the candidate is not a witness (schema violation, gold error)


def foreign_key_problem(schema: Schema, tables: dict[str, dict]) -> str:
    """'' when every non-NULL foreign key value exists in the referenced table."""
    rows = {k.lower(): v for k, v in tables.items()}
    for t in schema.tables:
        data = rows.get(t.name.lower())
        if not data or not data["rows"]:
            continue
        cols = [c.lower() for c in data["columns"]]
        for fk, _ in enforced_foreign_keys(schema, t):
            ref = rows.get(schema.table(fk.ref_table).name.lower(), {"columns": [], "rows": []})
            rcols = [c.lower() for c in ref["columns"]]
            try:
                idx = [cols.index(c.lower()) for c in fk.columns]
                ridx = [rcols.index(c.lower()) for c in fk.ref_columns] if ref["rows"] else []
            except ValueError:
                continue
            have = {tuple(r[i] for i in ridx) for r in ref["rows"]}
            for r in data["rows"]:
                key = tuple(r[i] for i in idx)
                if None not in key and key not in have:
                    return f"foreign key {t.name}{list(fk.columns)} -> {fk.ref_table} violated"
    return ""


def _memory_database(schema: Schema, tables: dict[str, dict]) -> sqlite3.Connection:
    """The same tables in an in-memory database (minimization tries many candidates)."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.text_factory = lambda b: b.decode("utf-8", errors="replace")
    rows = {k.lower(): v["rows"] for k, v in tables.items()}
    try:
        for t in schema.tables:
            conn.execute(create_table_sql(t))
            data = rows.get(t.name.lower())
            if data:
                marks = ", ".join("?" * len(t.columns))
                conn.executemany(f'INSERT INTO "{t.name}" VALUES ({marks})', [tuple(r) for r in data])
    except sqlite3.Error as e:
        conn.close()
        raise InputError(f"rows do not fit schema {schema.name!r}: {e}") from None
    return conn


def user_tables(schema: Schema) -> Schema:
    """Without SQLite's internal tables (``sqlite_sequence``), which cannot be created."""
    keep = tuple(t for t in schema.tables if not t.name.lower().startswith("sqlite_"))
    return schema if len(keep) == len(schema.tables) else Schema(schema.name, keep)


def replay(gold: str, pred: str, schema: Schema, tables: dict[str, dict], semantics: str, *,
           path: str | Path | None = None, in_memory: bool = False) -> Replay:
    """Write ``tables`` to a SQLite file (at ``path`` or a temporary one; in memory for
    minimization candidates) and compare both queries there."""
    schema = user_tables(schema)
    tables = {k: v for k, v in tables.items() if not k.lower().startswith("sqlite_")}
    fk = foreign_key_problem(schema, tables)
    if fk:
        return Replay(False, None, None, problem=fk)
    if in_memory:
        try:
            conn = _memory_database(schema, tables)
        except InputError as e:
            return Replay(False, None, None, problem=str(e))
        try:
            return _compare(conn, gold, pred, semantics)
        finally:
            conn.close()
    with tempfile.TemporaryDirectory(prefix="sqlverdict-replay-") as tmp:
        p = Path(path) if path is not None else Path(tmp) / "witness.sqlite"
        try:
            _write_file(p, schema, tables)
        except InputError as e:
            return Replay(False, None, None, problem=str(e))
        return _compare(p, gold, pred, semantics)


def _write_file(p: Path, schema: Schema, tables: dict[str, dict]) -> None:
    """The tables as a SQLite file at ``p``: built in memory, then copied page by page with
    SQLite's backup API (one write, where ``write_database`` commits each CREATE TABLE:
    a BIRD schema took 0.15 s of fsyncs per witness on a busy disk). Same DDL, same rows."""
    unknown = [k for k in tables if not schema.has_table(k)]
    if unknown:  # as write_database says it
        raise InputError(f"tables {unknown} are not in schema {schema.name!r}")
    p.parent.mkdir(parents=True, exist_ok=True)
    if p.exists():
        p.unlink()
    mem = _memory_database(schema, tables)
    try:
        dst = sqlite3.connect(p)
        try:
            mem.backup(dst)
        finally:
            dst.close()
    finally:
        mem.close()


def _compare(p, gold: str, pred: str, semantics: str) -> Replay:
    try:
        g = run_query(p, gold, timeout_s=REPLAY_TIMEOUT_S)
    except ExecutionError as e:
        return Replay(False, None, None, problem=f"gold fails on the witness: {e}")
    try:
        pr = run_query(p, pred, timeout_s=REPLAY_TIMEOUT_S)
    except ExecutionError as e:
        return Replay(True, [list(r) for r in g.rows], [], "execution_error",
                      problem=f"prediction fails: {e}")
    gn, pn = len(g.columns), len(pr.columns)
    eq = results_equal(g.rows, pr.rows, semantics, gold_ncols=gn, pred_ncols=pn)
    sig = None if eq else signature(g.rows, pr.rows, semantics, gold_ncols=gn, pred_ncols=pn)
    return Replay(not eq, [list(r) for r in g.rows], [list(r) for r in pr.rows], sig)
