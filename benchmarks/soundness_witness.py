"""An independent check of ``refuted`` witnesses: do they load, and do they look like data?

For one refuted verdict, with code that shares nothing with the verifier:

- **loads**: the witness rows inserted into a fresh in-memory database made from the
  pair's *original* DDL with ``PRAGMA foreign_keys=ON`` (deferred to the commit, so that
  the order of tables does not matter); else why not: a foreign key violated, a foreign
  key SQLite cannot enforce at all (``foreign key mismatch``: its parent columns are no
  key), another constraint;
- **malformed date/time**: a non-NULL value in a column declared DATE, DATETIME, TIME or
  TIMESTAMP that is not ISO text (``YYYY-MM-DD``, ``YYYY-MM-DD HH:MM[:SS[.SSS]]``,
  ``HH:MM[:SS]``) naming a real day and time; numbers count as malformed too;
- **NULL join key**: a NULL in a foreign-key column that an inner join of either query
  equates with another column;
- **empty read table**: a table either query reads that has no rows in the witness.

>>> ddl = ["CREATE TABLE p(id INTEGER PRIMARY KEY, d DATE)",
...        "CREATE TABLE c(x INT REFERENCES p(id), y TEXT)"]
>>> w = {"p": {"columns": ["id", "d"], "rows": [[1, "2020-02-30"]]},
...      "c": {"columns": ["x", "y"], "rows": [[None, "a"], [2, "b"]]}}
>>> check(ddl, w, ["SELECT y FROM c JOIN p ON c.x = p.id"])
{'loads': False, 'load_problem': 'foreign key violated: c -> p', 'malformed_date': True, 'null_join_key': True, 'empty_read_table': False}
"""

from __future__ import annotations

import datetime
import re
import sqlite3

from sqlglot import exp

from sqlverdict.oracles.suite.mutate import parse as parse_sqlite

KEYED_LOAD = "foreign key mismatch in the schema (loads once the parent key is UNIQUE)"
_ISO = re.compile(r"(\d{4}-\d\d-\d\d)([ T]\d\d:\d\d(:\d\d(\.\d{1,3})?)?)?|\d\d:\d\d(:\d\d(\.\d{1,3})?)?")


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def well_formed_date(v) -> bool:
    """ISO date/time text naming a real day or time.

    >>> [well_formed_date(v) for v in ("2020-01-31", "2020-02-30", "2019-12-31 ", 2020,
    ...                                "12:30", "2020-01-01 10:00:00")]
    [True, False, False, False, True, True]
    """
    if not isinstance(v, str):
        return False
    m = _ISO.fullmatch(v)
    if m is None:
        return False
    try:
        if m.group(1) is not None:
            datetime.date.fromisoformat(m.group(1))
        else:
            datetime.time.fromisoformat(v)
    except ValueError:
        return False
    return True


def check(ddl: list[str], witness: dict[str, dict], queries: list[str]) -> dict:
    """The four facts of the module docstring for one witness (``{table: {"columns",
    "rows"}}``)."""
    con = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for s in ddl:
            con.execute(s)
        tables = {r[0].lower(): r[0] for r in con.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        types = {t: {r[1].lower(): (r[2] or "").upper()
                     for r in con.execute(f"PRAGMA table_info({_q(n)})")}
                 for t, n in tables.items()}
        fk_cols = {t: {r[3].lower() for r in con.execute(f"PRAGMA foreign_key_list({_q(n)})")}
                   for t, n in tables.items()}
        loads, problem = _load(con, witness, tables)
    finally:
        con.close()
    rows = {k.lower(): v for k, v in witness.items()}
    malformed = any(
        v is not None and not well_formed_date(v)
        for t, w in rows.items() for i, c in enumerate(w["columns"])
        if re.search(r"DATE|TIME", types.get(t, {}).get(c.lower(), ""))
        for v in (r[i] for r in w["rows"]))
    read, joins = set(), set()
    for q in queries:
        r, j = _reads_and_join_keys(q, types)
        read |= r
        joins |= j
    null_key = any(
        r[w["columns"].index(next(x for x in w["columns"] if x.lower() == c))] is None
        for t, c in joins if c in fk_cols.get(t, set())
        for w in [rows.get(t, {"columns": [], "rows": []})] for r in w["rows"]
        if any(x.lower() == c for x in w["columns"]))
    empty = any(not rows.get(t, {}).get("rows") for t in read)
    return {"loads": loads, "load_problem": problem, "malformed_date": malformed,
            "null_join_key": null_key, "empty_read_table": empty}


def _load(con, witness: dict, tables: dict) -> tuple[bool, str]:
    ok, problem = _insert(con, witness, tables)
    if ok or "mismatch" not in problem:
        return ok, problem
    # SQLite refuses every row of a child whose foreign key has no parent key: does the
    # witness hold once those parent columns are declared UNIQUE (what the key means)?
    for parent, cols in _keyless_parents(con, tables):
        con.execute(f"CREATE UNIQUE INDEX IF NOT EXISTS {_q('sv_' + parent + '_' + '_'.join(cols))} "
                    f"ON {_q(parent)} ({', '.join(_q(c) for c in cols)})")
    again, why = _insert(con, witness, tables)
    if again:
        return False, KEYED_LOAD
    return False, f"foreign key mismatch in the schema, and then: {why}"


def _keyless_parents(con, tables: dict) -> list[tuple[str, list[str]]]:
    out = []
    for name in tables.values():
        fks: dict[int, tuple[str, list]] = {}
        for r in con.execute(f"PRAGMA foreign_key_list({_q(name)})"):
            fks.setdefault(r[0], (r[2], []))[1].append(r[4])
        for parent, cols in fks.values():
            if parent.lower() not in tables or None in cols:
                continue
            real = tables[parent.lower()]
            keys = [[x[2].lower() for x in con.execute(f"PRAGMA index_info({_q(i[1])})")]
                    for i in con.execute(f"PRAGMA index_list({_q(real)})") if i[2]]
            pk = [r[1].lower() for r in sorted(con.execute(f"PRAGMA table_info({_q(real)})"),
                                                key=lambda r: r[5]) if r[5]]
            if sorted(c.lower() for c in cols) not in [sorted(k) for k in keys + [pk]]:
                out.append((real, cols))
    return out


def _insert(con, witness: dict, tables: dict) -> tuple[bool, str]:
    con.execute("PRAGMA foreign_keys = ON")
    con.execute("BEGIN")
    con.execute("PRAGMA defer_foreign_keys = ON")
    try:
        for name, w in witness.items():
            real = tables.get(name.lower())
            if real is None:
                return False, f"no table {name} in the schema"
            cols = ", ".join(_q(c) for c in w["columns"])
            for r in w["rows"]:
                con.execute(f"INSERT INTO {_q(real)} ({cols}) VALUES "
                            f"({', '.join('?' * len(r))})", r)
        bad = con.execute("PRAGMA foreign_key_check").fetchall()
        if bad:
            return False, f"foreign key violated: {bad[0][0]} -> {bad[0][2]}"
        con.execute("COMMIT")
        return True, ""
    except sqlite3.Error as e:
        msg = str(e)
        if "foreign key mismatch" in msg:
            return False, "foreign key mismatch (the schema's parent columns are no key)"
        return False, re.sub(r"\d+", "N", msg)[:80]
    finally:
        if con.in_transaction:
            con.execute("ROLLBACK")


def _reads_and_join_keys(sql: str, types: dict) -> tuple[set[str], set[tuple[str, str]]]:
    """Tables ``sql`` reads, and ``(table, column)`` of columns an inner join equates."""
    tree = parse_sqlite(sql)
    if tree is None:
        return set(), set()
    read = {t.name.lower() for t in tree.find_all(exp.Table) if t.name.lower() in types}
    keys = set()
    for sel in tree.find_all(exp.Select):
        alias = {}
        for t in sel.find_all(exp.Table):
            if t.find_ancestor(exp.Select) is sel:
                alias[(t.alias or t.name).lower()] = t.name.lower()
        conds = []
        for j in sel.args.get("joins") or []:
            if (j.args.get("side") or "").upper() in ("", "INNER") and j.args.get("on"):
                conds.append(j.args["on"])
        if sel.args.get("where") is not None and len(alias) > 1:
            conds.append(sel.args["where"].this)
        for cond in conds:
            for eq in cond.find_all(exp.EQ):
                if isinstance(eq.this, exp.Column) and isinstance(eq.expression, exp.Column):
                    for c in (eq.this, eq.expression):
                        keys |= _resolve(c, alias, types)
    return read, keys


def _resolve(c: exp.Column, alias: dict, types: dict) -> set[tuple[str, str]]:
    name = c.name.lower()
    if c.table:
        t = alias.get(c.table.lower())
        return {(t, name)} if t and name in types.get(t, {}) else set()
    hits = {(t, name) for t in alias.values() if name in types.get(t, {})}
    return hits if len(hits) == 1 else set()
