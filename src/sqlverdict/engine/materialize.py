"""Write concrete tables to a new SQLite file, or to a SQL script, under a ``Schema``.

Used for witnesses, test-suite instances and the demo. The file is created fresh (an
existing file at ``path`` is an error unless ``overwrite=True``); user databases are never
touched. Tables are created from the schema with their declared types, keys, NOT NULL and
UNIQUE constraints, so an instance that violates the schema fails loudly here.

>>> import tempfile, os
>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE t(a INT PRIMARY KEY, b TEXT)")
>>> p = os.path.join(tempfile.mkdtemp(), "w.sqlite")
>>> write_database(p, s, {"t": [(1, "x"), (2, None)]})
>>> from sqlverdict.engine.execute import run_query
>>> run_query(p, "SELECT * FROM t ORDER BY a").rows
[(1, 'x'), (2, None)]
>>> print(to_sql_script(s, {"t": [(1, "it's")]}).splitlines()[-1])
INSERT INTO "t" VALUES (1, 'it''s');
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Mapping, Sequence
from pathlib import Path

from ..errors import InputError
from ..types import Schema, Table


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def insert_rows(conn: sqlite3.Connection, t: Table, rows: Sequence[Sequence] | None, *,
                replace: bool = False) -> None:
    """INSERT ``rows`` into table ``t`` (one ``executemany``; nothing without rows), after
    deleting its rows when ``replace``: every writer of tables (files, witnesses in memory,
    scratch databases, test-suite instances) inserts through here."""
    if replace:
        conn.execute(f"DELETE FROM {_q(t.name)}")
    if rows:
        marks = ", ".join("?" * len(t.columns))
        conn.executemany(f"INSERT INTO {_q(t.name)} VALUES ({marks})", [tuple(r) for r in rows])


def table_statements(t: Table, *, foreign_keys: bool = True) -> list[str]:
    """The statements that make a copy of ``t``: its ``CREATE TABLE`` (``create_table_sql``)
    and the unique indexes that are no key of columns (on expressions, partial)."""
    return [create_table_sql(t, foreign_keys=foreign_keys), *t.unique_indexes]


def create_table_sql(t: Table, *, foreign_keys: bool = True, checks: bool = True) -> str:
    """The ``CREATE TABLE`` of a copy of ``t``: its columns, types, NOT NULL, collations, keys,
    CHECK constraints (unless ``checks`` is false) and foreign keys (unless ``foreign_keys``
    is false)."""
    parts = []
    collations = {c.lower(): name for c, name in t.collations}
    for c in t.columns:
        col = f"{_q(c.name)} {c.type}".rstrip()
        if c.not_null:
            col += " NOT NULL"
        if c.name.lower() in collations:
            col += f" COLLATE {_q(collations[c.name.lower()])}"
        if t.key_desc and (c.name,) == t.primary_key:  # the column form: no rowid alias
            col += " PRIMARY KEY DESC"
        parts.append(col)
    if t.primary_key and not (t.key_desc and len(t.primary_key) == 1):
        parts.append(f"PRIMARY KEY ({', '.join(_q(c) for c in t.primary_key)})")
    for u in t.uniques:
        parts.append(f"UNIQUE ({', '.join(_q(c) for c in u)})")
    parts.extend(f"CHECK ({c})" for c in (t.checks or ()) if checks)
    if foreign_keys:
        for fk in t.foreign_keys:
            parts.append(
                f"FOREIGN KEY ({', '.join(_q(c) for c in fk.columns)}) REFERENCES "
                f"{_q(fk.ref_table)} ({', '.join(_q(c) for c in fk.ref_columns)})"
            )
    options = ", ".join(o for o, on in (("WITHOUT ROWID", t.without_rowid), ("STRICT", t.strict))
                        if on)
    return f"CREATE TABLE {_q(t.name)} (\n  " + ",\n  ".join(parts) + "\n)" + (
        f" {options}" if options else "")


def literal(v) -> str:
    """A SQL literal for a Python value, as SQLite reads it back unchanged."""
    if v is None:
        return "NULL"
    if isinstance(v, bool):
        return str(int(v))
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "NULL"
        if math.isinf(v):
            return "9e999" if v > 0 else "-9e999"
        return repr(v)
    if isinstance(v, bytes):
        return "X'" + v.hex() + "'"
    return "'" + str(v).replace("'", "''") + "'"


def to_sql_script(schema: Schema, tables: Mapping[str, Sequence[Sequence]], *,
                  foreign_keys: bool = True) -> str:
    lines = []
    for t in schema.tables:
        lines.extend(sql + ";" for sql in table_statements(t, foreign_keys=foreign_keys))
    for t in parents_first(schema):  # loads as written with PRAGMA foreign_keys=ON
        for row in _rows_for(tables, t.name):
            lines.append(f"INSERT INTO {_q(t.name)} VALUES ({', '.join(literal(v) for v in row)});")
    return "\n".join(lines)


def parents_first(schema: Schema) -> list[Table]:
    """The tables in an order where every table comes after the tables its foreign keys
    reference (schema order otherwise; a cycle keeps its schema order).

    >>> from sqlverdict.schema import from_ddl
    >>> s = from_ddl("CREATE TABLE c(p REFERENCES p(id)); CREATE TABLE p(id INT PRIMARY KEY)")
    >>> [t.name for t in parents_first(s)]
    ['p', 'c']
    """
    names = {t.name.lower(): t for t in schema.tables}
    out: list[Table] = []
    state: dict[str, int] = {}  # 1 visiting, 2 done

    def visit(t: Table) -> None:
        key = t.name.lower()
        if state.get(key):
            return
        state[key] = 1
        for fk in t.foreign_keys:
            ref = names.get(fk.ref_table.lower())
            if ref is not None and ref is not t:
                visit(ref)
        state[key] = 2
        out.append(t)

    for t in schema.tables:
        visit(t)
    return out


def _rows_for(tables: Mapping[str, Sequence[Sequence]], name: str):
    for k, v in tables.items():
        if k.lower() == name.lower():
            return v
    return ()


def write_database(path: str | Path, schema: Schema, tables: Mapping[str, Sequence[Sequence]], *,
                   overwrite: bool = False, foreign_keys: bool = True, checks: bool = True) -> None:
    """Create ``path`` holding ``schema`` with the given rows (missing tables stay empty)."""
    p = Path(path)
    if p.exists():
        if not overwrite:
            raise InputError(f"refusing to overwrite existing file {str(p)!r}")
        p.unlink()
    p.parent.mkdir(parents=True, exist_ok=True)
    unknown = [k for k in tables if not schema.has_table(k)]
    if unknown:
        raise InputError(f"tables {unknown} are not in schema {schema.name!r}")
    conn = sqlite3.connect(p)
    try:
        for t in schema.tables:
            for sql in (table_statements(t, foreign_keys=foreign_keys) if checks
                        else [create_table_sql(t, foreign_keys=foreign_keys, checks=False)]):
                conn.execute(sql)
        for t in parents_first(schema):
            insert_rows(conn, t, _rows_for(tables, t.name))
        conn.commit()
    except sqlite3.Error as e:
        conn.close()
        p.unlink(missing_ok=True)
        raise InputError(f"rows do not fit schema {schema.name!r}: {e}") from None
    conn.close()
