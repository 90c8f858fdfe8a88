"""What a witness is, in one place: replay, minimization and files.

A witness is a database of the declared schema (types, keys, NOT NULL, UNIQUE, and the
foreign keys of ``engine.integrity``) on which SQLite gives the two queries different
results under the comparison semantics. Every candidate, from the solver or from the
randomized search, in the one table shape ``{table: {"columns": [...], "rows": [[...]]}}``
(every table of the schema, empty ones included), goes through the same checks:

- ``replay(...)`` writes it to a fresh SQLite file and runs both queries there: the ground
  truth for ``refuted``. ``replay(..., scratch=db)`` runs the same check in an in-memory
  ``ScratchDatabase`` (cheap, for candidates and minimization).
- ``minimize(...)`` drops rows, then simplifies values, while the difference persists.

A prediction that fails where the gold runs differs from it (signature
``execution_error``), unless it only ran out of its time or memory budget: that is no
evidence.

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE t(a INT PRIMARY KEY, b INT)")
>>> w = {"t": {"columns": ["a", "b"], "rows": [[7, None], [8, 5]]}}
>>> r = replay("SELECT count(b) FROM t", "SELECT count(*) FROM t", s, w, "bag")
>>> r.differs, r.gold_rows, r.pred_rows, r.signature
(True, [[1]], [[2]], 'disjoint')
>>> small, rep = minimize("SELECT count(b) FROM t", "SELECT count(*) FROM t", s, w, "bag", r)
>>> small["t"]["rows"], rep.gold_rows, rep.pred_rows
([[0, None]], [[0]], [[1]])
"""

from __future__ import annotations

import copy
import json
import sqlite3
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from ...engine.compare import Semantics
from ...engine.execute import open_readonly, run_query
from ...engine.integrity import foreign_key_problem
from ...engine.materialize import insert_rows, table_statements, to_sql_script, write_database
from ...engine.policy import Policy
from ...engine.scratch import ScratchDatabase
from ...errors import ExecutionError
from ...types import Schema, Witness
from .interpret import register, unregister

REPLAY_TIMEOUT_S = 10.0
MAX_REPLAYS = 80  # candidates tried while minimizing one witness
_BUDGET_KINDS = ("timeout", "memory", "too_many_rows")


@dataclass(frozen=True)
class Replay:
    differs: bool
    gold_rows: list | None
    pred_rows: list | None
    signature: str | None = None
    problem: str = ""  # why the candidate is not a witness, or how the prediction failed
    gold_failed: bool = False  # the gold itself fails on the database (``problem`` says how)


def user_tables(schema: Schema) -> Schema:
    """Without SQLite's internal tables (``sqlite_sequence``), which cannot be created."""
    keep = tuple(t for t in schema.tables if not t.name.lower().startswith("sqlite_"))
    return schema if len(keep) == len(schema.tables) else Schema(schema.name, keep)


def empty_tables(schema: Schema) -> dict[str, dict]:
    return {t.name: {"columns": [c.name for c in t.columns], "rows": []} for t in schema.tables}


def shaped(schema: Schema, rows: dict[str, list]) -> dict[str, dict]:
    """``{table: rows}`` (any case, missing tables empty) in the witness shape."""
    by_name = {k.lower(): v for k, v in rows.items()}
    return {t.name: {"columns": [c.name for c in t.columns],
                     "rows": [list(r) for r in by_name.get(t.name.lower(), [])]}
            for t in schema.tables}


def replay(gold: str, pred: str, schema: Schema, tables: dict[str, dict], semantics, *,
           scratch: ScratchDatabase | None = None, path: str | Path | None = None,
           timeout_s: float = REPLAY_TIMEOUT_S, functions: dict | None = None) -> Replay:
    """Compare both queries on ``tables`` under ``semantics`` (a name, or a comparison
    ``Policy``): in ``scratch`` when given, else in a fresh SQLite file (at ``path`` or a
    temporary one). ``functions``: ``{name: python function}`` registered for the replay
    (interpretations of functions SQLite lacks: ``interpret``)."""
    schema = user_tables(schema)
    tables = {k: v for k, v in tables.items() if not k.lower().startswith("sqlite_")}
    fk = foreign_key_problem(schema, tables) or _fidelity_problem(schema)
    if fk:
        return Replay(False, None, None, problem=fk)
    if scratch is not None:
        bad = scratch.fill(tables)
        if bad:
            return Replay(False, None, None, problem=bad)
        register(scratch.conn, functions)
        try:
            return _compare(scratch.run, gold, pred, semantics, timeout_s)
        finally:
            unregister(scratch.conn, functions)
    with tempfile.TemporaryDirectory(prefix="sqlverdict-replay-") as tmp:
        p = Path(path) if path is not None else Path(tmp) / "witness.sqlite"
        bad = write_file(p, schema, tables)
        if bad:
            return Replay(False, None, None, problem=bad)
        conn = open_readonly(p)
        register(conn, functions)
        try:
            return _compare(lambda sql, t: run_query(conn, sql, timeout_s=t), gold, pred,
                            semantics, timeout_s)
        finally:
            conn.close()


def _fidelity_problem(schema: Schema) -> str:
    """Why no copy of ``schema`` behaves as the user's database ('' when one does): a column
    declared with a collation, or CHECK constraints, this schema could not read."""
    for t in schema.tables:
        if t.unknown_collations:
            return (f"the collation of {t.name}.{t.unknown_collations[0]} could not be read from "
                    "its CREATE TABLE: a replay would compare its text in binary order")
        if t.checks is None:
            return (f"the CHECK constraints of {t.name} could not be read from its CREATE TABLE: "
                    "a replay could hold rows the user's table rejects")
    return ""


def write_file(p: Path, schema: Schema, tables: dict[str, dict]) -> str:
    """The tables as a SQLite file at ``p`` ('' on success, else why they do not fit): built
    in memory, then copied with SQLite's backup API (one write, where committing each CREATE
    TABLE took 0.15 s of fsyncs per witness of a BIRD schema on a busy disk)."""
    p.parent.mkdir(parents=True, exist_ok=True)
    p.unlink(missing_ok=True)
    mem = sqlite3.connect(":memory:", isolation_level=None)
    rows = {k.lower(): v["rows"] for k, v in tables.items()}
    try:
        for t in schema.tables:
            for sql in table_statements(t):
                mem.execute(sql)
            insert_rows(mem, t, rows.get(t.name.lower()))
        dst = sqlite3.connect(p)
        try:
            mem.backup(dst)
        finally:
            dst.close()
        return ""
    except (sqlite3.Error, OverflowError) as e:
        return f"rows do not fit the schema: {e}"
    finally:
        mem.close()


def as_policy(semantics) -> Policy:
    """A comparison ``Policy`` (``engine.policy``), or one for a semantics name."""
    return semantics if isinstance(semantics, Policy) else Policy(Semantics.parse(semantics))


def _compare(run, gold: str, pred: str, semantics, timeout_s: float) -> Replay:
    try:
        g = run(gold, timeout_s)
    except ExecutionError as e:
        return Replay(False, None, None, problem=f"gold fails on the witness: {e}",
                      gold_failed=True)
    try:
        pr = run(pred, timeout_s)
    except ExecutionError as e:
        if e.kind in _BUDGET_KINDS:
            return Replay(False, [list(r) for r in g.rows], None,
                          problem=f"prediction ran out of its budget on the witness: {e}")
        return Replay(True, [list(r) for r in g.rows], [], "execution_error",
                      problem=f"prediction fails: {e}")
    gn, pn = len(g.columns), len(pr.columns)
    sig = as_policy(semantics).signature(g.rows, pr.rows, gold_ncols=gn, pred_ncols=pn)
    return Replay(sig is not None, [list(r) for r in g.rows], [list(r) for r in pr.rows], sig)


# --------------------------------------------------------------------------- minimization


def _simpler(v) -> list:
    if isinstance(v, bool) or v is None:
        return []
    if isinstance(v, int):
        return [c for c in (0, 1) if c != v and (abs(c) < abs(v) or v < 0)]
    if isinstance(v, float):
        return [c for c in (0.0, 1.0, float(round(v))) if c != v]
    if isinstance(v, str):
        return [c for c in ("", "a") if c != v and len(c) < len(v)]
    return []


def minimize(gold: str, pred: str, schema: Schema, tables: dict[str, dict], semantics,
             first: Replay, *, scratch: ScratchDatabase | None = None, accept=None,
             max_replays: int = MAX_REPLAYS, deadline: float | None = None,
             functions: dict | None = None) -> tuple[dict[str, dict], Replay]:
    """Shrink a witness while the difference persists: drop rows (largest tables first, last
    row first), then replace values by simpler ones (0, 1, '', 'a'). ``accept(tables) ->
    bool`` is an extra condition every candidate must meet (active domain constraints, so
    that a minimized witness stays as realistic). Every candidate is checked by ``replay``,
    so a minimized witness is as trustworthy as the first one; at most ``max_replays``."""
    own = scratch is None
    scratch = scratch or ScratchDatabase(user_tables(schema))
    best, best_rep = copy.deepcopy(tables), first
    budget = [max_replays]

    def attempt(cand):
        if budget[0] <= 0 or (deadline is not None and time.monotonic() > deadline):
            return None
        if accept is not None and not accept(cand):
            return None
        budget[0] -= 1
        rep = replay(gold, pred, schema, cand, semantics, scratch=scratch, functions=functions)
        keeps = rep.differs and (rep.signature != "execution_error"
                                 or best_rep.signature == "execution_error")
        return rep if keeps else None

    try:
        for name in sorted(best, key=lambda n: -len(best[n]["rows"])):
            i = len(best[name]["rows"]) - 1
            while i >= 0:
                rows = best[name]["rows"]
                cand = _replaced(best, name, rows[:i] + rows[i + 1:])
                rep = attempt(cand)
                if rep is not None:
                    best, best_rep = cand, rep
                i -= 1
        for name in list(best):
            for r in range(len(best[name]["rows"])):
                for c in range(len(best[name]["columns"])):
                    for v in _simpler(best[name]["rows"][r][c]):
                        rows = list(best[name]["rows"])
                        rows[r] = [*rows[r][:c], v, *rows[r][c + 1:]]
                        cand = _replaced(best, name, rows)
                        rep = attempt(cand)
                        if rep is not None:
                            best, best_rep = cand, rep
                            break
    finally:
        if own:
            scratch.close()
    return copy.deepcopy(best), best_rep


def _replaced(tables: dict[str, dict], name: str, rows: list) -> dict[str, dict]:
    """``tables`` with table ``name``'s rows replaced, the rest shared: a candidate of
    ``minimize`` copies what it changes only (a deep copy of a past-the-LIMIT witness of a
    hundred rows a table, once per candidate, took most of a pair's time)."""
    out = dict(tables)
    out[name] = {**tables[name], "rows": rows}
    return out


# --------------------------------------------------------------------------- files


def save_witness(witness_dir: str | Path, schema: Schema, w: Witness) -> None:
    """witness.sqlite, witness.sql and witness.json in ``witness_dir``."""
    schema = user_tables(schema)
    d = Path(witness_dir)
    d.mkdir(parents=True, exist_ok=True)
    rows = {k: v["rows"] for k, v in w.tables.items()}
    write_database(d / "witness.sqlite", schema, rows, overwrite=True)
    (d / "witness.sql").write_text(to_sql_script(schema, rows) + "\n", encoding="utf-8")
    (d / "witness.json").write_text(json.dumps(w.to_json(), indent=2, default=str) + "\n",
                                    encoding="utf-8")


def save_unconfirmed(witness_dir: str | Path, case: dict, n: int) -> None:
    d = Path(witness_dir)
    d.mkdir(parents=True, exist_ok=True)
    (d / f"unconfirmed-{n}.json").write_text(json.dumps(case, indent=2, default=str) + "\n",
                                             encoding="utf-8")
