"""Which foreign keys a database must respect, and whether given rows respect them.

One rule for every part of sqlverdict that builds databases (test-suite instances, the
verifier's witnesses, its randomized search, minimized witnesses): a declared foreign key
holds when its parent table and columns exist (Spider declares some that do not) and
both sides have the same number of columns. A child row satisfies it when a column of its
key is NULL, or when a parent row holds the key *as SQLite's foreign-key check looks it up*:
the parent columns' affinity is applied to the child's values first, so the text ``'1'``
references the integer ``1`` (what ``PRAGMA foreign_keys=ON`` accepts).

Written by hand: SQLite checks foreign keys only on insert and only with the pragma on,
and the builders need the answer for rows they have not inserted yet.

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE p(id INT PRIMARY KEY); CREATE TABLE c(x TEXT REFERENCES p(id))")
>>> [fk.ref_table for fk, _ in declared_foreign_keys(s, s.table("c"))]
['p']
>>> foreign_key_problem(s, {"p": {"columns": ["id"], "rows": [[1]]},
...                         "c": {"columns": ["x"], "rows": [["1"], [None]]}})
''
>>> foreign_key_problem(s, {"p": {"columns": ["id"], "rows": [[1]]},
...                         "c": {"columns": ["x"], "rows": [["2"]]}})
"foreign key c['x'] -> p violated"
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterator

from ..types import ForeignKey, Schema, Table, affinity


def per_object(fn: Callable) -> Callable:
    """``fn`` of schema records (frozen: ``Schema``, ``Table``, ``ForeignKey``), its answer
    kept per identity of the arguments: the builders ask it per row and per database, and a
    frozen record's hash walks all its fields. The arguments are kept with the answer, so
    that their ids name no other object while kept; callers must not change the answer."""
    memo: dict = {}

    @functools.wraps(fn)
    def cached(*args):
        key = tuple(map(id, args))
        hit = memo.get(key)
        if hit is None:
            if len(memo) > 4096:
                memo.clear()
            hit = memo[key] = (args, fn(*args))
        return hit[1]
    return cached


def declared_foreign_keys(schema: Schema, t: Table) -> Iterator[tuple[ForeignKey, Table]]:
    """The foreign keys of ``t`` that databases must respect, with their parent table."""
    return iter(_declared_keys(schema, t))


@per_object
def _declared_keys(schema: Schema, t: Table) -> tuple[tuple[ForeignKey, Table], ...]:
    return tuple(_declared(schema, t))


def reachable_tables(schema: Schema, tables) -> set[str]:
    """``tables`` (lower-case names) and every table their foreign keys reach, transitively:
    the tables whose rows a database of ``tables`` must hold.

    >>> from sqlverdict.schema import from_ddl
    >>> s = from_ddl("CREATE TABLE a(x REFERENCES b(y)); CREATE TABLE b(y INT PRIMARY KEY, "
    ...              "z REFERENCES c(w)); CREATE TABLE c(w INT PRIMARY KEY); CREATE TABLE d(v)")
    >>> sorted(reachable_tables(s, {"a"}))
    ['a', 'b', 'c']
    """
    out: set[str] = set()
    todo = [n.lower() for n in tables]
    while todo:
        name = todo.pop()
        if name in out or not schema.has_table(name):
            continue
        out.add(name)
        todo += [fk.ref_table.lower() for fk in schema.table(name).foreign_keys]
    return out


def _declared(schema: Schema, t: Table) -> Iterator[tuple[ForeignKey, Table]]:
    names = {c.name.lower() for c in t.columns}
    for fk in t.foreign_keys:
        if (not schema.has_table(fk.ref_table) or not fk.columns
                or len(fk.columns) != len(fk.ref_columns) or not all(fk.ref_columns)):
            continue
        ref = schema.table(fk.ref_table)
        rnames = {c.name.lower() for c in ref.columns}
        if all(c.lower() in names for c in fk.columns) and all(
                c.lower() in rnames for c in fk.ref_columns):
            yield fk, ref


def keyless_parents(schema: Schema) -> list[tuple[str, tuple[str, ...]]]:
    """``(parent table, columns)`` of each declared foreign key whose parent columns are
    neither the parent's primary key nor one of its UNIQUE sets. SQLite enforces such a key
    nowhere: with ``PRAGMA foreign_keys=ON`` it refuses every write to the child ("foreign
    key mismatch"). BIRD declares many (``foreign_data.uuid -> cards.uuid``).

    >>> from sqlverdict.schema import from_ddl
    >>> keyless_parents(from_ddl("CREATE TABLE p(id INT PRIMARY KEY, u TEXT); "
    ...                          "CREATE TABLE c(x INT REFERENCES p(id), y TEXT REFERENCES p(u))"))
    [('p', ('u',))]
    """
    out: list[tuple[str, tuple[str, ...]]] = []
    for t in schema.tables:
        for fk, ref in declared_foreign_keys(schema, t):
            cols = {c.lower() for c in fk.ref_columns}
            keys = ([ref.primary_key] if ref.primary_key else []) + list(ref.uniques)
            if any({c.lower() for c in k} == cols for k in keys):
                continue
            item = (ref.name, tuple(ref.column(c).name for c in fk.ref_columns))
            if item not in out:
                out.append(item)
    return out


def with_parent_keys(schema: Schema) -> Schema:
    """``schema`` with each keyless foreign-key parent (``keyless_parents``) declared UNIQUE:
    the databases on which SQLite can enforce every declared key, the ones the verifier
    considers (its proofs state it, ``foreign_key_parents_unique``).

    >>> from sqlverdict.schema import from_ddl
    >>> s = with_parent_keys(from_ddl("CREATE TABLE p(u TEXT); CREATE TABLE c(y REFERENCES p(u))"))
    >>> s.table("p").uniques, with_parent_keys(s) is s
    ((('u',),), True)
    """
    extra: dict[str, list[tuple[str, ...]]] = {}
    for parent, cols in keyless_parents(schema):
        extra.setdefault(parent, []).append(cols)
    if not extra:
        return schema
    tables = tuple(dataclasses.replace(t, uniques=t.uniques + tuple(extra[t.name]))
                   if t.name in extra else t for t in schema.tables)
    return dataclasses.replace(schema, tables=tables)


def same_storage_class(t: Table, fk: ForeignKey, ref: Table) -> bool:
    """Do both sides of ``fk`` hold values of one class (text with text, numbers with
    numbers)? Then a key matches exactly when the values are equal."""
    def numeric(tab, col):
        return affinity(tab.column(col).type) in ("INTEGER", "REAL", "NUMERIC")

    return all(numeric(t, c) == numeric(ref, r)
               for c, r in zip(fk.columns, fk.ref_columns, strict=True))


def apply_affinity(declared: str, v):
    """A value as a column of type ``declared`` stores it (SQLite's affinity rules).

    >>> apply_affinity("INT", " 12 "), apply_affinity("INT", "1.0"), apply_affinity("TEXT", 3)
    (12, 1, '3')
    >>> apply_affinity("REAL", "2"), apply_affinity("INT", "x"), apply_affinity("", "7")
    (2.0, 'x', '7')
    """
    aff = affinity(declared)
    if v is None or isinstance(v, bytes) or aff == "BLOB":
        return v
    if aff == "TEXT":
        if isinstance(v, bool):
            v = int(v)
        if isinstance(v, float):
            return repr(v) if ("e" in repr(v) or "." in repr(v)) else repr(v) + ".0"
        return str(v)
    if isinstance(v, str):
        n = _number(v)
        if n is None:
            return v
        v = n
    if isinstance(v, bool):
        v = int(v)
    if aff == "REAL":
        return float(v)
    if isinstance(v, float) and v.is_integer() and abs(v) < 2**63:
        return int(v)
    return v


def _number(s: str):
    t = s.strip()
    if not t:
        return None
    try:
        return int(t)
    except ValueError:
        pass
    try:
        f = float(t)
    except ValueError:
        return None
    if t.lower() in ("inf", "-inf", "+inf", "nan", "infinity", "-infinity", "+infinity"):
        return None
    return f


def _comparable(v):
    """Values equal under SQLite's comparison compare equal here (1 == 1.0)."""
    if isinstance(v, bool):
        return (0, int(v))
    if isinstance(v, int | float):
        return (0, v)
    return (1, v)


def parent_keys(schema: Schema, fk: ForeignKey, ref: Table, rows: list) -> set:
    """The keys that ``rows`` of ``ref`` offer to ``fk``."""
    parts = _parent_parts(fk, ref)
    return {tuple(_comparable(apply_affinity(ty, r[i])) for i, ty in parts) for r in rows}


@per_object
def _parent_parts(fk: ForeignKey, ref: Table) -> tuple[tuple[int, str], ...]:
    """(index in ``ref``'s rows, declared type) of each referenced column."""
    names = [c.name.lower() for c in ref.columns]
    return tuple((names.index(c.lower()), ref.column(c).type) for c in fk.ref_columns)


def child_key(t: Table, fk: ForeignKey, ref: Table, row) -> tuple | None:
    """The key a child row looks up, as SQLite looks it up; None when a part is NULL."""
    out = []
    for i, ty, ref_ty in _child_parts(t, fk, ref):
        v = apply_affinity(ty, row[i])  # as stored
        if v is None:
            return None
        out.append(_comparable(apply_affinity(ref_ty, v)))
    return tuple(out)


@per_object
def _child_parts(t: Table, fk: ForeignKey, ref: Table) -> tuple[tuple[int, str, str], ...]:
    """(index in ``t``'s rows, declared type, the referenced column's type) per column."""
    names = [c.name.lower() for c in t.columns]
    return tuple((names.index(c.lower()), t.column(c).type, ref.column(rc).type)
                 for c, rc in zip(fk.columns, fk.ref_columns, strict=True))


def foreign_key_problem(schema: Schema, tables: dict[str, dict]) -> str:
    """'' when every row of ``tables`` (the witness shape: ``{name: {"columns", "rows"}}``,
    columns in schema order) respects every declared foreign key, else which key fails."""
    rows = {k.lower(): v["rows"] for k, v in tables.items()}
    for t in schema.tables:
        data = rows.get(t.name.lower())
        if not data:
            continue
        for fk, ref in declared_foreign_keys(schema, t):
            have = parent_keys(schema, fk, ref, rows.get(ref.name.lower(), []))
            for r in data:
                key = child_key(t, fk, ref, r)
                if key is not None and key not in have:
                    return f"foreign key {t.name}{list(fk.columns)} -> {fk.ref_table} violated"
    return ""
