"""The domain of a verdict: the databases it speaks of.

- ``sqlite``: every database SQLite accepts under the schema (30.5 or 'abc' in an INTEGER
  column, a BLOB in a TEXT column, NULL in most primary keys);
- ``typed``: every database whose non-NULL values are of their column's declared type
  (``realism.value_problem`` is '' for each: integers in INTEGER columns, finite numbers in
  REAL/NUMERIC ones, text in TEXT ones, valid ISO values in DATE/TIME columns) and whose
  primary-key columns hold no NULL. Empty tables and NULLs elsewhere are in it.

A pair written for another engine (``--dialect postgres``, or a reading ``infer`` found)
over DDL is judged on typed databases: no PostgreSQL database holds a BLOB in a TEXT column.
A schema read from a SQLite database keeps ``sqlite``: its values are whatever SQLite holds.

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE t(id INT PRIMARY KEY, d DATE, n TEXT)")
>>> str(choose(None, "postgres", s)), str(choose(None, None, s)), str(choose("sqlite", "mysql", s))
('typed', 'sqlite', 'sqlite')
>>> outside({"t": {"columns": ["id", "d", "n"], "rows": [[None, "2020-01-01", b"a"]]}}, s)
['t.id (a primary-key column) is NULL', "t.n holds b'a', not text"]
"""

from __future__ import annotations

import enum

from sqlglot import exp

from ...errors import InputError
from ...types import Schema, affinity
from .ir.kinds import Affinity
from .outcome import Assumption
from .realism import ReadFacts, temporal_kind, typed_problems, value_problem


class Domain(enum.StrEnum):
    SQLITE = "sqlite"
    TYPED = "typed"


# what every typed database satisfies: a proof in the typed domain does not state them
GUARANTEED = (Assumption.STORAGE, Assumption.TEXT_BLOB, Assumption.DATE_TEXT)
# integers at the ends of SQLite's 64 bits, and the small negatives that keep a sum in range
# while a partial sum overflows (``a + 1 + b`` with a = 2**63 - 1, b = -10)
INT_EXTREMES = (2**63 - 1, -(2**63), 2**62, -(2**62), -10, -3000)
_ARITH = (exp.Add, exp.Sub, exp.Mul, exp.Neg, exp.Sum)


def choose(domain: str | None, dialect: str | None, schema: Schema) -> Domain:
    """The domain asked for, else ``typed`` for a pair written in another engine's dialect
    (every side of ``GOLD:PRED``) on a schema not read from a SQLite database."""
    if domain is not None:
        try:
            return Domain(str(domain).lower())
        except ValueError:
            raise InputError(f"domain must be sqlite or typed, got {domain!r}") from None
    sides = (dialect or "sqlite").lower().split(":")
    if schema.engine == "sqlite" or any(s in ("", "sqlite") for s in sides):
        return Domain.SQLITE
    return Domain.TYPED


def outside(tables: dict[str, dict], schema: Schema) -> list[str]:
    """Why ``tables`` is not a typed database (empty when it is one)."""
    return typed_problems(tables, schema, ReadFacts(), allow_empty=True)


def fits(column, v) -> bool:
    """Can a typed database hold ``v`` (not NULL) in ``column``? (SQLite's integers are
    64 bits: a larger Python integer is no value at all.)"""
    if isinstance(v, int) and not isinstance(v, bool) and not -(2**63) <= v < 2**63:
        return False
    return v is None or value_problem(column.type, v) == ""


def typed_pool(pool: dict, schema: Schema) -> dict:
    """A search's value pool with every value a typed database cannot hold dropped."""
    out = dict(pool)
    for t in schema.tables:
        for c in t.columns:
            if (t.name, c.name) in out:
                out[(t.name, c.name)] = [v for v in out[(t.name, c.name)] if fits(c, v)]
    return out


def loose_numeric(schema: Schema, tables: set[str], names: set[str]) -> bool:
    """Do the columns ``names`` of ``tables`` include one of NUMERIC affinity that is no
    DATE/TIME column? A typed database may hold a real there, where the encoding holds
    integers (``ir.column_type``): a proof that reads it still states
    ``declared_storage_classes``."""
    return any(c.name.lower() in names and affinity(c.type) == Affinity.NUMERIC
               and temporal_kind(c.type) is None
               for t in schema.tables if t.name.lower() in tables for c in t.columns)


def int_arithmetic(trees: list[exp.Expr], schema: Schema, tables: set[str]) -> bool:
    """Does a query apply ``+ - *``, a unary minus or SUM to a value that may be an integer
    of a column (a column of INTEGER or NUMERIC affinity of ``tables``, or a name no table
    has: an alias)? SQLite turns an integer result past 64 bits into a REAL, and SUM raises
    ``integer overflow`` when a partial sum passes 64 bits (so the order it adds in
    matters), which no encoding models: a proof over such arithmetic states
    ``integer_arithmetic_in_range``. A RANGE frame's offset counts as ``-``/``+`` on its key."""
    ints, known = set(), set()
    for t in schema.tables:
        if t.name.lower() not in tables:
            continue
        for c in t.columns:
            known.add(c.name.lower())
            if affinity(c.type) in (Affinity.INTEGER, Affinity.NUMERIC) \
                    and temporal_kind(c.type) is None:
                ints.add(c.name.lower())
    for tree in trees:
        for node in [*tree.find_all(*_ARITH), *_offset_orders(tree)]:
            for col in node.find_all(exp.Column):
                name = col.name.lower()
                if name in ints or name not in known:
                    return True
    return False


def _offset_orders(tree: exp.Expr) -> list:
    """The ORDER BY of each window whose RANGE frame has an offset (``30 PRECEDING``): the
    frame is measured from ``k - 30``, arithmetic on the key (``canon.frame_predicates``
    writes it so)."""
    out = []
    for w in tree.find_all(exp.Window):
        spec, order = w.args.get("spec"), w.args.get("order")
        if (spec is not None and order is not None and str(spec.args.get("kind", "")).upper() == "RANGE"
                and any(isinstance(spec.args.get(b), exp.Literal) for b in ("start", "end"))):
            out.append(order)
    return out


def typed_note(dialect: str | None) -> str:
    """The reason's note on a verdict of the typed domain."""
    engine = (dialect or "").split(":")[-1] or "its engine"
    return f"typed databases: every value of its column's declared type, as {engine} keeps them"
