"""When a proof states ``untyped_columns_hold_text``: columns of BLOB affinity hold text.

A column declared without a type (or as BLOB) has no affinity: SQLite keeps whatever is
stored there, the INTEGER 1 beside the REAL 1.0 (equal, shown apart: ``typeof``, LIKE,
``||``, division) as well as text and BLOBs. The encoding, the rules and the normal form
read such a column as text, where equal values are identical: DISTINCT, GROUP BY and a set
operation without ALL keep one of 1 and 1.0 and a later ``typeof(a) = 'integer'`` keeps or
drops it by which one; ``a > 5`` and ``a >= 6`` part on 5.5. So a proof whose queries read
such a column holds on the databases where it holds text, and says so; the attack searches
1 beside 1.0 there (``search``), ``breaks`` names it for a number or a BLOB in one. Both
domains state it: a typed database is unconstrained in a column without a declared type.

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE r(a, b INTEGER)")
>>> untyped_columns(s, {"r"})
{'a'}
"""

from __future__ import annotations

import sqlglot.expressions as exp

from ...errors import InputError
from ...types import Schema, affinity
from .ir.kinds import Affinity
from .outcome import Assumption


def untyped_columns(schema: Schema, tables: set[str]) -> set[str]:
    """Names (lower case) of the columns of ``tables`` (lower case) of BLOB affinity."""
    return {c.name.lower() for t in schema.tables if t.name.lower() in tables
            for c in t.columns if affinity(c.type) == Affinity.BLOB}


def untyped_text(pair) -> tuple[Assumption, ...]:
    """``(untyped_columns_hold_text,)`` when a query of ``pair`` reads a column of BLOB
    affinity (by name, or through a star other than COUNT(*)'s); else ()."""
    cols = untyped_columns(pair.schema, pair.facts.tables)
    if not cols:
        return ()
    for side in ("gold", "pred"):
        try:
            tree = pair.tree(side)
        except InputError:
            return (Assumption.UNTYPED_TEXT,)
        if any(not isinstance(s.parent, exp.Count) for s in tree.find_all(exp.Star)):
            return (Assumption.UNTYPED_TEXT,)
        if {c.name.lower() for c in tree.find_all(exp.Column)} & cols:
            return (Assumption.UNTYPED_TEXT,)
    return ()


def breaks_untyped(declared: str, v) -> bool:
    """Does ``v`` (not NULL) in a column declared ``declared`` break the assumption?"""
    return affinity(declared) == Affinity.BLOB and not isinstance(v, str)
