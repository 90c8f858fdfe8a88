"""The rows of a generated database that the schema's CHECK constraints and its unique
indexes on expressions accept (``within_declared``).

The generator draws values by column class, keys and foreign keys. A CHECK (``v > 0``,
``a < b``) or a unique index on ``lower(name)`` is arbitrary SQL, which only SQLite reads
as SQLite does, so each row is offered to a scratch copy of its table that declares them:
``INSERT OR IGNORE`` skips a row one refuses. A child row whose parent row went goes too
(repeated until nothing changes, so a grandchild follows). A schema with neither (every
Spider and BIRD database) passes through untouched.

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE p(id INTEGER PRIMARY KEY, v INT CHECK (v > 0));"
...              "CREATE TABLE c(x INT REFERENCES p(id))")
>>> within_declared(s, {"p": [(1, 5), (2, 0)], "c": [(1,), (2,), (None,)]})
{'p': [(1, 5)], 'c': [(1,), (None,)]}
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence

from ..types import Schema, Table
from .integrity import declared_foreign_keys
from .materialize import parents_first, table_statements


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def within_declared(schema: Schema, tables: Mapping[str, Sequence[tuple]]
                    ) -> dict[str, list[tuple]]:
    """``tables`` without the rows a CHECK or unique index of ``schema`` refuses and without
    the child rows left with no parent by that (same keys, rows in their order)."""
    if not any(t.checks or t.unique_indexes for t in schema.tables):
        return {k: list(v) for k, v in tables.items()}
    conn = sqlite3.connect(":memory:")
    try:
        kept: dict[str, list[tuple[tuple, tuple]]] = {}
        for t in parents_first(schema):
            for sql in table_statements(t, foreign_keys=False):
                conn.execute(sql)
            kept[t.name] = _offer(conn, t, tables.get(t.name) or [])
        while _drop_orphans(conn, schema, kept):
            pass
    finally:
        conn.close()
    return {k: [row for _, row in kept[schema.table(k).name]] if schema.has_table(k)
            else list(v) for k, v in tables.items()}


def _locator(t: Table) -> list[str]:
    """The columns that find one stored row again: the rowid, or a WITHOUT ROWID table's key."""
    return [_q(c) for c in t.primary_key] if t.without_rowid else ["rowid"]


def _offer(conn: sqlite3.Connection, t: Table, rows: Sequence[tuple]) -> list[tuple[tuple, tuple]]:
    """``(locator values, row)`` of the rows the copy of ``t`` accepts, in their order."""
    cols = ", ".join(_q(c.name) for c in t.columns)
    marks = ", ".join("?" for _ in t.columns)
    sql = f"INSERT OR IGNORE INTO {_q(t.name)} ({cols}) VALUES ({marks})"
    names = [c.name.lower() for c in t.columns]
    out = []
    for row in rows:
        try:
            cur = conn.execute(sql, tuple(row))
        except sqlite3.Error:  # a CHECK that raises (an overflow in it): no such row
            continue
        if cur.rowcount != 1:
            continue
        loc = (tuple(row[names.index(c.lower())] for c in t.primary_key) if t.without_rowid
               else (cur.lastrowid,))
        out.append((loc, tuple(row)))
    return out


def _drop_orphans(conn: sqlite3.Connection, schema: Schema,
                  kept: dict[str, list[tuple[tuple, tuple]]]) -> bool:
    """Drop each kept row whose foreign key (all of it not NULL) finds no parent row; did
    any go? Parent values compare as SQLite's foreign keys do: the parent column's
    affinity and collation apply (``=`` against the stored column)."""
    changed = False
    for t in schema.tables:
        names = [c.name.lower() for c in t.columns]
        for fk, ref in declared_foreign_keys(schema, t):
            where = " AND ".join(f"{_q(c)} = ?" for c in fk.ref_columns)
            probe = f"SELECT 1 FROM {_q(ref.name)} WHERE {where} LIMIT 1"
            idx = [names.index(c.lower()) for c in fk.columns]
            stay = []
            for loc, row in kept[t.name]:
                vals = tuple(row[i] for i in idx)
                if any(v is None for v in vals) or conn.execute(probe, vals).fetchone():
                    stay.append((loc, row))
                    continue
                cond = " AND ".join(f"{c} = ?" for c in _locator(t))
                conn.execute(f"DELETE FROM {_q(t.name)} WHERE {cond}", loc)
                changed = True
            kept[t.name] = stay
    return changed
