"""Correlated aggregate sub-queries as the aggregate of a group at a key
(a select over a DISTINCT derived table as the set of its rows: ``distinct_views``).

A scalar sub-query ``(SELECT agg(e) FROM T WHERE p AND k = o)`` (``o`` an outer value, ``k``
of T's rows alone, ``p`` of T's rows alone) is the aggregate of the group of ``SELECT ...
FROM T WHERE p GROUP BY k`` whose key equals ``o``, or of no row where none does: COUNT 0,
the others NULL (``values.Terms.group_value``, a ``GroupValue``). ``=`` never matches a NULL
``o``: the empty group. ``k IS o``, or ``k = o OR (k IS NULL AND o IS NULL)``, matches the
NULL group too (``nullsafe``): SQLite's ``IS`` is ``=`` (the same affinity conversions, none
where the comparison has none, the same collation) except that NULL is not distinct from
NULL, which is how GROUP BY puts NULL keys together. So both read the group whose key is not
distinct from ``o``, the group ``bags.Bags.at`` names (its aggregate is shared with a
GROUP BY's row, ``bags.GroupAt``, when the bags are equal).
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import CmpOp, Conv, LogicOp, Ty
from .normal import reads_and_defines


def _reads(x) -> set[str]:
    return reads_and_defines(x)[0]


def _null_pair(c) -> tuple | None:
    """(x, y) of ``x IS NULL AND y IS NULL``, else None."""
    if (isinstance(c, ir.Logic) and c.op == LogicOp.AND and len(c.args) == 2
            and all(isinstance(a, ir.IsNull) for a in c.args)):
        return c.args[0].arg, c.args[1].arg
    return None


def _equality(c) -> tuple | None:
    """(x, y, nullsafe) of ``x = y``, ``x IS y`` or ``x = y OR (x IS NULL AND y IS NULL)``
    (either order inside), all without affinity conversion; else None."""
    if isinstance(c, ir.Cmp) and c.op in (CmpOp.EQ, CmpOp.IS) and c.conv == Conv.NONE:
        return c.left, c.right, c.op == CmpOp.IS
    if isinstance(c, ir.Logic) and c.op == LogicOp.OR and len(c.args) == 2:
        for eq, nulls in (c.args, c.args[::-1]):
            pair = _null_pair(nulls)
            if (pair is not None and isinstance(eq, ir.Cmp) and eq.op == CmpOp.EQ
                    and eq.conv == Conv.NONE and {repr(eq.left), repr(eq.right)}
                    == {repr(pair[0]), repr(pair[1])} and eq.left != eq.right):
                return eq.left, eq.right, True
    return None


def key_match(c, inner: set[str]) -> tuple | None:
    """(inner key, outer value, nullsafe) of a conjunct ``c`` of a correlated sub-query
    that fixes a key of its own rows (reading only ``inner`` aliases) to an outer value
    (reading none of them), else None."""
    found = _equality(c)
    if found is None:
        return None
    x, y, nullsafe = found
    for a, b in ((x, y), (y, x)):
        if _reads(a) and _reads(a) <= inner and not (_reads(b) & inner):
            return a, b, nullsafe
    return None


def group_match(keys: tuple, at: tuple, nullsafe: tuple) -> tuple:
    """The conditions on a group's rows that select the group at ``at``: ``key = at``, or
    for a ``nullsafe`` key ``key = at OR (key IS NULL AND at IS NULL)``."""
    out = []
    for i, (k, a) in enumerate(zip(keys, at, strict=True)):
        eq = ir.Cmp(CmpOp.EQ, k, a, Ty.BOOL, Conv.NONE)
        if i < len(nullsafe) and nullsafe[i]:
            eq = ir.Logic(LogicOp.OR, (eq, ir.Logic(LogicOp.AND, (ir.IsNull(k), ir.IsNull(a)))))
        out.append(eq)
    return tuple(out)
