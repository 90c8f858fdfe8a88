"""A number compared with a COALESCE of a numeric column (round 54): ``coalesce_in_comparison``.

``COALESCE(x, c) op k`` (``op`` one of ``= <> < <= > >=``, ``c`` and ``k`` numeric literals,
``x`` a column of INTEGER, REAL or NUMERIC affinity) is ``x IS NULL OR x op k`` when ``c op
k`` holds, ``x op k AND x IS NOT NULL`` when it does not ("open subscriptions on a day":
``COALESCE(end_day, 41) > 40`` against ``end_day IS NULL OR end_day > 40``). The COALESCE is
``c`` exactly where ``x`` is NULL, and ``x`` elsewhere; ``x op k`` of a non-NULL ``x`` is never
NULL, so in three-valued logic the disjunct (conjunct) of the NULL test adds the constant's
row and the comparison keeps its value: the two are equal as values too, not only as WHERE
conjuncts. Why the affinity matters in SQLite: ``x op k`` applies ``x``'s affinity to ``k``,
the COALESCE (no affinity) applies none; NUMERIC affinity leaves a numeric literal as it is,
so both compare the same values, also a TEXT or BLOB that an untyped database keeps in
``x`` (``'abc' > 40`` either way). A TEXT column would turn ``k`` into text on one side only:
refused, as are text literals.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import Affinity, CmpOp, Conv, FuncName, LogicOp, Ty
from .terms import _deep

_OPS = {CmpOp.EQ: lambda a, b: a == b, CmpOp.NE: lambda a, b: a != b, CmpOp.LT: lambda a, b: a < b,
        CmpOp.LE: lambda a, b: a <= b, CmpOp.GT: lambda a, b: a > b, CmpOp.GE: lambda a, b: a >= b}
_NUMERIC = (Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC)


def _number(x) -> bool:
    return (isinstance(x, ir.Lit) and isinstance(x.value, int | float)
            and not isinstance(x.value, bool) and x.ty in (Ty.INT, Ty.REAL))


def _coalesced(x):
    """``(column, constant)`` of ``COALESCE(column, constant)`` of a numeric column; else None."""
    if (isinstance(x, ir.Func) and x.name == FuncName.COALESCE and len(x.args) == 2
            and isinstance(col := x.args[0], ir.Col) and col.affinity in _NUMERIC
            and _number(x.args[1])):
        return col, x.args[1]
    return None


def coalesce_in_comparison(x):
    """``x`` with each ``COALESCE(col, c) op k`` (either side) read as the module says."""
    def f(e):
        if not (isinstance(e, ir.Cmp) and e.op in _OPS and not e.conv):
            return e
        for mine, other, flip in ((e.left, e.right, False), (e.right, e.left, True)):
            got = _coalesced(mine)
            if got is None or not _number(other):
                continue
            col, c = got
            cmp = ir.Cmp(e.op, other, col, Ty.BOOL, Conv.NONE) if flip else ir.Cmp(e.op, col, other, Ty.BOOL, Conv.NONE)
            holds = _OPS[e.op](other.value, c.value) if flip else _OPS[e.op](c.value, other.value)
            if holds:
                return ir.Logic(LogicOp.OR, (ir.IsNull(col), cmp), Ty.BOOL)
            return ir.Logic(LogicOp.AND, (cmp, ir.Not(ir.IsNull(col))), Ty.BOOL)
        return e
    return _deep(x, f)


COALESCED_COMPARE_RULE = (
    "coalesce_in_comparison", "COALESCE(x, c) op k, x a numeric column, c and k numeric "
    "literals, is x IS NULL OR x op k when c op k holds, x op k AND x IS NOT NULL when not",
    ("select", "cond"), lambda canon, e, ctx: coalesce_in_comparison(e))
