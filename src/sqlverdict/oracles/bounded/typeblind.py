"""Columns a proof may read as REAL: computations that cannot tell 2 from 2.0 or 'abc' from 0.

A solver proof gives an INTEGER column integers, but SQLite keeps any class there (2.5,
'abc', a BLOB), and a query that computes on the column (``SUM(c)``, ``c * 100``,
``CAST(c AS REAL)``) reads those values (``storage``: the order argument covers values read
as they are, not computed on). A second proof, on the schema with those columns declared
REAL (``retyped_schema``), covers every database where they hold numbers, and so every
database SQLite accepts, when the two queries

- read each such column only where SQLite converts the value to a number first (an operand
  of ``+ - *``, unary minus, ``SUM``, ``AVG``, ``TOTAL``, ``ABS``, ``ROUND``, a CAST to
  REAL or NUMERIC, not to INTEGER, which reads '1e5x' as 1; ``COUNT`` and ``IS NULL`` too,
  which see only NULL): there text and a
  BLOB act as the number their prefix reads (``'12abc'`` as 12, ``'abc'`` as 0), the same
  in every one of these places, so a database with text there gives the results of the
  one holding those numbers; and
- use the values computed from it only in ways blind to integer versus real (``+ - *``,
  aggregates, comparisons, grouping, sorting, output: SQLite compares 2 and 2.0 equal, as
  the verdict's comparison does), with a division only where one operand is certainly a
  real (``CAST(x AS REAL) / n``, ``AVG``, a real literal): ``7 / 2`` is 3 but ``7.0 / 2``
  is 3.5. No ``%``, text function, ``||`` or CAST to text on such values.

Then a database with any classes in those columns gives, query by query, the results (equal
values) of the database where each value is replaced by the real it reads as, which the
second proof covers; together with the first (declared classes) nothing is left to assume.
Written by hand: a type analysis of SQLite's own conversions, which no library models.

>>> from sqlverdict.schema import from_ddl
>>> from sqlverdict.oracles.bounded.pair import Pair
>>> from sqlverdict.oracles.bounded.storage import storage_plan
>>> s = from_ddl("CREATE TABLE t (id INTEGER PRIMARY KEY, c INTEGER, g TEXT)")
>>> plan = lambda g, p: storage_plan(Pair(g, p, s, "bag"), 3, (0,))
>>> sorted(plan("SELECT AVG(c) FROM t", "SELECT AVG(CAST(c AS REAL)) FROM t").retype)
[('t', 'c')]
>>> plan("SELECT SUM(c) / 2 FROM t", "SELECT SUM(c) / 2 FROM t GROUP BY NULL").state  # 7 / 2
True
>>> plan("SELECT MAX(c + 0) FROM t", "SELECT MAX(c) + 0 FROM t").state  # MAX('a') is 'a'
True
"""

from __future__ import annotations

import dataclasses

from sqlglot import exp

from ...types import Schema

# where a value of the column is converted to a number before anything else reads it
NUMERIC_READS = (exp.Add, exp.Sub, exp.Mul, exp.Div, exp.Neg, exp.Sum, exp.Avg, exp.Abs,
                 exp.Round, exp.Count, exp.Is)
# carry a value unchanged into their own value
_CARRY = (exp.Paren, exp.Coalesce)
# keep the integer-or-real ambiguity of an operand in their value
_KEEP = (exp.Add, exp.Sub, exp.Mul, exp.Neg, exp.Sum, exp.Abs, exp.Max, exp.Min, exp.Coalesce,
         exp.Paren, exp.Case, exp.If)
# read a number by its value only: after them, nothing depends on its class
_BLIND = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.NullSafeEQ, exp.NullSafeNEQ,
          exp.Is, exp.In, exp.Between, exp.Not, exp.And, exp.Or, exp.Count, exp.Avg,
          exp.Round, exp.Ordered, exp.Order, exp.Group, exp.Where, exp.Having, exp.Distinct,
          exp.Join)
_NUMERIC_TYPES = ("REAL", "FLOAT", "DOUBLE", "INT", "INTEGER", "BIGINT", "SMALLINT",
                  "TINYINT", "NUMERIC", "DECIMAL")
_REAL_TYPES = ("REAL", "FLOAT", "DOUBLE")
# casts that read text as arithmetic does (the longest prefix that is a number); a CAST to
# an integer type reads only an integer prefix ('1e5x' is 1, not 100000)
_READS_AS_NUMBER = _REAL_TYPES + ("NUMERIC", "DECIMAL")


def retypable(trees: list[exp.Expr], group: set[str], kinds: dict[str, list[str]],
              schema: Schema) -> frozenset[tuple[str, str]] | None:
    """The columns (``(table, column)``) of ``group`` (``storage``'s names that meet
    computed values, columns named ``table.column``) a second proof must read as REAL, or
    None when the queries are not blind to their classes (module docstring)."""
    ks = {k for n in group for k in kinds.get(n, ())}
    if ks & {"text", "date"}:
        return None  # a computed value meets text: affinity renders 2 and 2.0 apart
    columns = {n for n in group if {"int", "real"} & set(kinds.get(n, ()))}
    keyed = {f"{t.name.lower()}.{c.lower()}" for t in schema.tables
             for c in [*t.primary_key, *[x for u in t.uniques for x in u],
                       *[x for fk in t.foreign_keys for x in fk.columns]]}
    if not columns or columns & keyed:
        return None
    for tree in trees:
        for col in tree.find_all(exp.Column):
            name = col.name.lower()
            if name in columns and not _numeric_read(col):
                return None
            if name in group and not _blind_above(col):
                return None
    return frozenset(tuple(n.split(".", 1)) for n in columns)


def _numeric_read(col: exp.Expr) -> bool:
    """Is the column's value converted to a number wherever it goes first?"""
    node = col
    while True:
        parent = node.parent
        if isinstance(parent, _CARRY) or (isinstance(parent, exp.If) and node is not parent.this):
            node = parent
            if isinstance(node, exp.If) and isinstance(node.parent, exp.Case):
                node = node.parent
            continue
        if isinstance(parent, exp.Case) and node is parent.args.get("default"):
            node = parent
            continue
        if isinstance(parent, exp.Cast):  # CAST('1e5x' AS INTEGER) is 1, '1e5x' + 0 is 1e5
            return _cast_to(parent, _READS_AS_NUMBER)
        if isinstance(parent, exp.Anonymous):
            return parent.name.upper() == "TOTAL"
        if isinstance(parent, exp.Is):  # IS NULL sees only NULL; IS 5 compares
            return isinstance(parent.expression, exp.Null)
        return isinstance(parent, NUMERIC_READS)


def _blind_above(col: exp.Expr) -> bool:
    """Is every use of the (possibly integer-or-real) value blind to which it is?"""
    node = col
    while node.parent is not None:
        parent = node.parent
        if isinstance(parent, exp.Div):
            other = parent.expression if node is parent.this else parent.this
            if not (_certainly_real(node) or _certainly_real(other)):
                return False  # 7 / 2 is 3, 7.0 / 2 is 3.5
            return True
        if isinstance(parent, _BLIND) or (isinstance(parent, exp.Anonymous)
                                          and parent.name.upper() == "TOTAL"):
            return True
        if isinstance(parent, exp.Cast):
            return _cast_to(parent, _NUMERIC_TYPES)
        if isinstance(parent, (exp.If, exp.Case)) and node is parent.args.get("this"):
            return True  # a condition: read as true or false by its value
        if isinstance(parent, exp.Alias) and isinstance(parent.parent, exp.Select):
            node = parent.parent  # an output: read outside by its name or as a subquery
            if not isinstance(node.parent, exp.Subquery) or _is_source(node.parent):
                return True
            continue
        if not isinstance(parent, _KEEP + (exp.Select, exp.Subquery)):
            return False
        if isinstance(parent, exp.Select):
            if not isinstance(parent.parent, exp.Subquery) or _is_source(parent.parent):
                return True
        node = parent
    return True


def _is_source(sub: exp.Expr) -> bool:
    """A derived table (read by its column names), not a scalar subquery."""
    return isinstance(sub.parent, (exp.From, exp.Join)) or isinstance(
        sub.parent, (exp.Union, exp.Intersect, exp.Except))


def _certainly_real(e: exp.Expr) -> bool:
    """Is ``e`` a real (or NULL) on every row, whatever the classes of the columns?"""
    while isinstance(e, exp.Paren):
        e = e.this
    if isinstance(e, exp.Cast):
        return _cast_to(e, _REAL_TYPES)
    if isinstance(e, (exp.Avg, exp.Round)) or (isinstance(e, exp.Anonymous)
                                                and e.name.upper() == "TOTAL"):
        return True
    if isinstance(e, exp.Literal):
        return not e.is_string and any(ch in e.this for ch in ".eE")
    if isinstance(e, (exp.Add, exp.Sub, exp.Mul, exp.Div)):
        return _certainly_real(e.this) or _certainly_real(e.expression)
    if isinstance(e, exp.Neg):
        return _certainly_real(e.this)
    return False


def _cast_to(cast: exp.Cast, names: tuple[str, ...]) -> bool:
    to = cast.args.get("to")
    return to is not None and to.sql(dialect="sqlite").upper().split("(")[0] in names


def retyped_schema(schema: Schema, columns) -> Schema:
    """``schema`` with ``columns`` (``(table, column)``, lower case) declared REAL."""
    want = set(columns)
    tables = []
    for t in schema.tables:
        cols = tuple(dataclasses.replace(c, type="REAL")
                     if (t.name.lower(), c.name.lower()) in want else c for c in t.columns)
        tables.append(dataclasses.replace(t, columns=cols))
    return dataclasses.replace(schema, tables=tuple(tables))
