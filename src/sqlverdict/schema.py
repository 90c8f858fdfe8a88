"""One ``Schema`` from three sources: a SQLite file, DDL text, or a Spider/BIRD ``tables.json``.

DDL text is loaded into an in-memory SQLite database and read back through the same
catalogue queries as a file, so the two routes cannot drift apart.

>>> s = from_ddl("CREATE TABLE t(a INT PRIMARY KEY, b TEXT NOT NULL UNIQUE);"
...              "CREATE TABLE u(x INT REFERENCES t(a), y REAL, PRIMARY KEY (x, y))")
>>> s.table("t").primary_key, s.table("t").uniques, s.table("u").primary_key
(('a',), (('b',),), ('x', 'y'))
>>> s.table("u").foreign_keys[0]
ForeignKey(columns=('x',), ref_table='t', ref_columns=('a',))
"""

from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import replace
from pathlib import Path

from .errors import InputError
from .types import Column, ForeignKey, Schema, Table


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def collated_columns(create_sql: str, columns: list[str]) -> tuple[str, ...]:
    """The columns a ``CREATE TABLE`` statement declares with a collation other than BINARY
    (``NOCASE``, ``RTRIM``, ...), under which SQLite compares text otherwise; every column
    when the statement names such a collation where this cannot tell whose.

    >>> collated_columns("CREATE TABLE t (id INT, a TEXT COLLATE NOCASE, b TEXT)", ["id", "a", "b"])
    ('a',)
    >>> collated_columns("CREATE TABLE t (a TEXT COLLATE binary)", ["a"])
    ()
    """
    known = column_collations(create_sql)
    if known:
        return tuple(c for c, _ in known)
    other = re.findall(r"\bCOLLATE\s+[\"'`\[]?(\w+)", create_sql or "", re.I)
    return tuple(columns) if any(c.upper() != "BINARY" for c in other) else ()


def column_collations(create_sql: str) -> tuple[tuple[str, str], ...]:
    """(column, collation) for each column a ``CREATE TABLE`` statement declares with a
    collation other than BINARY; () when there is none or the statement does not parse.

    >>> column_collations("CREATE TABLE t (id INT, a TEXT COLLATE nocase, b TEXT)")
    (('a', 'NOCASE'),)
    """
    if not re.search(r"\bCOLLATE\b", create_sql or "", re.I):
        return ()
    import sqlglot
    from sqlglot import exp

    try:
        tree = sqlglot.parse_one(create_sql, read="sqlite")
    except sqlglot.errors.SqlglotError:
        return ()
    found = []
    for d in (tree.find_all(exp.ColumnDef) if tree is not None else ()):
        for c in d.args.get("constraints") or []:
            kind = c.args.get("kind")
            if (isinstance(kind, exp.CollateColumnConstraint)
                    and kind.this.name.upper() != "BINARY"):
                found.append((d.name, kind.this.name.upper()))
    return tuple(found)


def table_checks(create_sql: str) -> tuple[str, ...] | None:
    """The expressions of a ``CREATE TABLE`` statement's CHECK constraints (column and table
    constraints alike), as SQLite SQL; None when it declares some that do not parse.

    >>> table_checks("CREATE TABLE t (a INT CHECK (a > 0), b TEXT, CHECK (b IN ('x', 'y')))")
    ('a > 0', "b IN ('x', 'y')")
    >>> table_checks("CREATE TABLE t (a INT)")
    ()
    """
    if not re.search(r"\bCHECK\b", create_sql or "", re.I):
        return ()
    import sqlglot
    from sqlglot import exp

    try:
        tree = sqlglot.parse_one(create_sql, read="sqlite")
        found = tuple(c.this.sql("sqlite") for c in tree.find_all(exp.CheckColumnConstraint, bfs=False))
    except (sqlglot.errors.SqlglotError, AttributeError):
        return None
    return found or None


def _from_connection(conn: sqlite3.Connection, name: str) -> Schema:
    tables = []
    names = [
        r[0]
        for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY rowid"
        )
    ]
    try:  # SQLite 3.37+: schema, name, type, ncol, wr (WITHOUT ROWID), strict
        kinds = {r[1]: (bool(r[4]), bool(r[5])) for r in conn.execute("PRAGMA main.table_list")}
    except sqlite3.Error:
        kinds = {}
    for tname in names:
        info = conn.execute(f"PRAGMA table_info({_q(tname)})").fetchall()
        # cid, name, type, notnull, dflt_value, pk
        wr, strict = kinds.get(tname, (False, False))
        cols = tuple(Column(r[1], _declared(r[2] or "", strict), bool(r[3])) for r in info)
        pk = tuple(r[1] for r in sorted((r for r in info if r[5]), key=lambda r: r[5]))
        fks: dict[int, list] = {}
        for r in conn.execute(f"PRAGMA foreign_key_list({_q(tname)})").fetchall():
            # id, seq, table, from, to, on_update, on_delete, match
            fks.setdefault(r[0], []).append(r)
        foreign = []
        for _, rows in sorted(fks.items()):
            rows.sort(key=lambda r: r[1])
            ref_table = rows[0][2]
            ref_cols = [r[4] for r in rows]
            if any(c is None for c in ref_cols):  # REFERENCES t  (implicit primary key)
                try:
                    ref_info = conn.execute(f"PRAGMA table_info({_q(ref_table)})").fetchall()
                    ref_pk = [r[1] for r in sorted((r for r in ref_info if r[5]), key=lambda r: r[5])]
                except sqlite3.Error:
                    ref_pk = []
                ref_cols = ref_pk if len(ref_pk) == len(rows) else [c or "" for c in ref_cols]
            foreign.append(ForeignKey(tuple(r[3] for r in rows), ref_table, tuple(ref_cols)))
        uniques, indexes = _unique_indexes(conn, tname, pk)
        sql = conn.execute("SELECT sql FROM sqlite_master WHERE type='table' AND name = ?",
                           (tname,)).fetchone()
        create = sql[0] if sql else ""
        collated = collated_columns(create, [c.name for c in cols])
        tables.append(_copyable(Table(
            tname, cols, pk, tuple(foreign), uniques, wr, strict, collated,
            column_collations(create), table_checks(create),
            bool(re.search(r"\bPRIMARY\s+KEY\s+DESC\b", create, re.I)),
            _generated(conn, tname), indexes)))
    from .sql.views import view_definitions

    created = dict(conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'view' "
                                "AND sql IS NOT NULL ORDER BY rowid").fetchall())
    return Schema(name, tuple(tables), views=tuple(view_definitions(created).items()))


def _declared(type_: str, strict: bool) -> str:
    """A column's declared type as ``types.affinity`` reads it: ``ANY`` keeps its STRICT
    meaning (no affinity) only in a STRICT table; elsewhere it is NUMERIC, as SQLite's
    affinity rules make it (``ANY`` in a STRICT table's copy, ``NUMERIC`` in another's)."""
    return "NUMERIC" if type_.strip().upper() == "ANY" and not strict else type_


def _copyable(t: Table) -> Table:
    """``t``, or, where SQLite rejects the copy of it that the CHECK constraints and indexes
    as read make, ``t`` with its CHECKs marked unreadable (no witness is replayed then)."""
    from .engine.materialize import table_statements

    if not t.checks and not t.unique_indexes:
        return t
    conn = sqlite3.connect(":memory:")
    try:
        for sql in table_statements(t, foreign_keys=False):
            conn.execute(sql)
        return t
    except sqlite3.Error:
        return replace(t, checks=None)
    finally:
        conn.close()


def _unique_indexes(conn: sqlite3.Connection, table: str, pk: tuple) -> tuple[tuple, tuple]:
    """``table``'s unique keys of columns besides the primary key (sorted), and the CREATE
    statements of its unique indexes that are none (partial, or on expressions such as
    ``lower(name)``, whose column reads None)."""
    keys, other = [], []
    for r in conn.execute(f"PRAGMA index_list({_q(table)})").fetchall():
        # seq, name, unique, origin, partial
        if not r[2] or r[3] == "pk":
            continue
        icols = conn.execute(f"PRAGMA index_info({_q(r[1])})").fetchall()
        key = tuple(c[2] for c in sorted(icols, key=lambda c: c[0]))
        if r[4] or None in key:
            sql = conn.execute("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?",
                               (r[1],)).fetchone()
            if sql and sql[0]:
                other.append(sql[0])
        elif key and key != pk and key not in keys:
            keys.append(key)
    return tuple(sorted(keys)), tuple(other)


def _generated(conn: sqlite3.Connection, table: str) -> tuple[str, ...]:
    """The generated columns of ``table`` (``PRAGMA table_xinfo`` marks them hidden 2 or 3;
    ``table_info`` leaves them out)."""
    try:
        rows = conn.execute(f"PRAGMA table_xinfo({_q(table)})").fetchall()
    except sqlite3.Error:
        return ()
    return tuple(r[1] for r in rows if r[6] in (2, 3))


def from_sqlite(path: str | Path, name: str | None = None) -> Schema:
    """Read the schema of a SQLite file (opened read-only; the file is never modified)."""
    p = Path(path)
    if not p.is_file():
        raise InputError(f"database file {str(p)!r} does not exist (check the path)")
    try:
        conn = sqlite3.connect(f"file:{p.resolve()}?mode=ro", uri=True)
        try:
            return replace(_from_connection(conn, name or p.stem), engine="sqlite")
        finally:
            conn.close()
    except sqlite3.DatabaseError as e:
        raise InputError(f"{str(p)!r} is not a readable SQLite database: {e}") from None


def _ddl_authorizer(action, arg1, arg2, dbname, source):
    """User DDL runs in a private in-memory database: anything but files (ATTACH, also
    behind ``VACUUM INTO``) and extension loading."""
    from .engine.execute import _FORBIDDEN_FUNCTIONS

    if action in (sqlite3.SQLITE_ATTACH, sqlite3.SQLITE_DETACH):
        return sqlite3.SQLITE_DENY
    if action == sqlite3.SQLITE_FUNCTION and (arg2 or "").lower() in _FORBIDDEN_FUNCTIONS:
        return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK


def from_ddl(text: str, name: str = "ddl", *, source: str = "DDL text", strict: bool = True) -> Schema:
    """Read a schema from DDL (CREATE TABLE statements; INSERTs and other statements are
    executed too, in memory, never touching a file). With ``strict=False`` statements that
    fail are skipped."""
    conn = sqlite3.connect(":memory:")
    conn.set_authorizer(_ddl_authorizer)
    conn.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
    conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, 16 * 2**20)
    try:
        for stmt in split_statements(text):
            try:
                conn.execute(stmt)
            except sqlite3.Error as e:
                if strict:
                    snippet = " ".join(stmt.split())[:80]
                    raise InputError(
                        f"{source}: statement failed ({e}): {snippet!r}; fix or remove it"
                    ) from None
        return _from_connection(conn, name)
    finally:
        conn.close()


def split_statements(text: str) -> list[str]:
    """Split SQL text into complete statements (quotes and comments respected).

    >>> split_statements("CREATE TABLE a(x); INSERT INTO a VALUES (';');")
    ['CREATE TABLE a(x);', "INSERT INTO a VALUES (';');"]
    """
    out, buf = [], ""
    pieces = text.split(";")
    for i, piece in enumerate(pieces):
        last = i == len(pieces) - 1
        buf += piece if last else piece + ";"
        if last or sqlite3.complete_statement(buf):
            if buf.strip().strip(";").strip():
                out.append(buf.strip())
            buf = ""
    return out


def from_ddl_file(path: str | Path, name: str | None = None, *, strict: bool = True) -> Schema:
    p = Path(path)
    if not p.is_file():
        raise InputError(f"DDL file {str(p)!r} does not exist (check the path)")
    raw = p.read_bytes()
    if b"\x00" in raw:
        raise InputError(f"schema file {str(p)!r} is neither a SQLite database nor DDL text "
                         "(it holds binary data); give a .sqlite file, a .sql file of CREATE "
                         "TABLE statements, or a tables.json with --db-id")
    return from_ddl(raw.decode("utf-8", errors="replace"), name or p.stem,
                    source=str(p), strict=strict)


_SPIDER_TYPES = {"number": "NUMERIC", "text": "TEXT", "time": "TEXT", "boolean": "NUMERIC",
                 "others": "TEXT", "integer": "INTEGER", "real": "REAL", "date": "DATE",
                 "datetime": "DATETIME"}


def from_tables_json_entry(entry: dict) -> Schema:
    """One entry of Spider/BIRD ``tables.json``. Types are mapped to SQLite declared types
    (``number`` -> NUMERIC); NOT NULL and UNIQUE are not recorded in that format."""
    tnames = entry["table_names_original"]
    cols = entry["column_names_original"]
    types = entry["column_types"]
    per_table: list[list[Column]] = [[] for _ in tnames]
    where: dict[int, tuple[int, str]] = {}
    for i, (ti, cname) in enumerate(cols):
        if ti < 0:
            continue
        per_table[ti].append(Column(cname, _SPIDER_TYPES.get(types[i], types[i].upper())))
        where[i] = (ti, cname)
    pks: list[list[str]] = [[] for _ in tnames]
    for item in entry.get("primary_keys", []):
        for ci in item if isinstance(item, list) else [item]:
            if ci in where:
                ti, c = where[ci]
                pks[ti].append(c)
    fks: list[list[ForeignKey]] = [[] for _ in tnames]
    for a, b in entry.get("foreign_keys", []):
        if a in where and b in where:
            (ta, ca), (tb, cb) = where[a], where[b]
            fks[ta].append(ForeignKey((ca,), tnames[tb], (cb,)))
    tables = tuple(
        Table(t, tuple(per_table[i]), tuple(pks[i]), tuple(fks[i])) for i, t in enumerate(tnames)
    )
    return Schema(entry["db_id"], tables, engine="sqlite")  # Spider and BIRD: SQLite files


def from_tables_json(path: str | Path) -> dict[str, Schema]:
    """All schemas of a ``tables.json`` file, by ``db_id``."""
    p = Path(path)
    if not p.is_file():
        raise InputError(f"tables file {str(p)!r} does not exist (check the path)")
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as e:
        raise InputError(f"{str(p)!r} is not valid JSON: {e}") from None
    if not isinstance(data, list):
        raise InputError(f"tables file {str(p)!r} must hold a JSON list of schemas, not a "
                         f"{type(data).__name__} (is it the right file?)")
    out = {}
    for i, e in enumerate(data):
        try:
            out[e["db_id"]] = from_tables_json_entry(e)
        except (KeyError, TypeError, IndexError, ValueError, AttributeError) as err:
            name = e.get("db_id") if isinstance(e, dict) else None
            raise InputError(f"tables file {str(p)!r}, entry {i}"
                             + (f" ({name!r})" if name else "")
                             + f": not a Spider/BIRD schema ({type(err).__name__}: {err})") from None
    return out


def load_schema(path_or_ddl: str | Path, name: str | None = None) -> Schema:
    """Schema from a SQLite file, a ``.sql`` DDL file, or inline DDL text."""
    s = str(path_or_ddl)
    if "CREATE" in s.upper() and ("(" in s or "\n" in s):
        return from_ddl(s, name or "ddl")
    p = Path(s)
    if "\x00" in s or not p.exists():
        raise InputError(f"schema {s[:200]!r} is neither an existing file nor DDL text "
                         "(give a .sqlite file, a .sql DDL file, or CREATE TABLE text)")
    if not p.is_file():
        raise InputError(f"schema {s!r} is a folder; give a .sqlite file, a .sql DDL file, "
                         "or a tables.json with --db-id")
    with open(p, "rb") as f:
        head = f.read(16)
    if head.startswith(b"SQLite format 3"):
        return from_sqlite(p, name)
    return from_ddl_file(p, name)
