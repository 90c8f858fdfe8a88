"""A NULL guarded by a count that is NULL there anyway: ``guard_of_count``.

``CASE WHEN COUNT(x) = 0 THEN NULL ELSE e END`` (also ``CASE WHEN COUNT(x) > 0 THEN e END``,
``<> 0``, ``>= 1``; ``COUNT(*)`` or ``COUNT(DISTINCT x)`` for ``COUNT(x)``) is ``e`` when ``e``
is NULL wherever the count is 0: ``SUM``, ``AVG``, ``MIN`` or ``MAX`` of that ``x`` (of any
value under ``COUNT(*)``), NULL over no non-NULL value (SQLite's documentation of the
aggregate functions), or arithmetic, ``ABS``, ``ROUND`` or a CAST inside arithmetic of such
an ``e`` (NULL in, NULL out). Calcite's AggregateReduceFunctionsRule writes ``AVG(x)`` as
``CASE WHEN COUNT(x) = 0 THEN NULL ELSE SUM(x) / COUNT(x) END``; this reads the guard back.
Not ``TOTAL`` (0.0 over no value), nor a COUNT of another value than the aggregate's.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, FuncName, Ty
from .aggregates import _map_top

_NULL = ir.Lit(None, Ty.NULL)
_STRICT_AGG = (AggFn.SUM, AggFn.AVG, AggFn.MIN, AggFn.MAX)
_STRICT_FUNC = (FuncName.ABS, FuncName.ROUND, FuncName.CAST_INT, FuncName.CAST_REAL)


def _int(e, v) -> bool:
    return isinstance(e, ir.Lit) and e.ty == Ty.INT and e.value == v


def _count(e):
    """``e`` when it is a COUNT (of a value or ``*``), else None."""
    if isinstance(e, ir.Agg) and e.fn in (AggFn.COUNT, AggFn.COUNT_STAR) and not isinstance(
            e.arg, ir.RowVal):
        return e
    return None


def _zero_test(c):
    """(count, True) for ``count = 0``, (count, False) for ``count > 0`` (``<> 0``, ``>= 1``,
    either way round); None otherwise."""
    if not (isinstance(c, ir.Cmp) and c.conv == Conv.NONE):
        return None
    flip = {CmpOp.GT: CmpOp.LT, CmpOp.LT: CmpOp.GT, CmpOp.GE: CmpOp.LE, CmpOp.LE: CmpOp.GE,
            CmpOp.EQ: CmpOp.EQ, CmpOp.NE: CmpOp.NE}
    for n, lit, op in ((c.left, c.right, c.op), (c.right, c.left, flip.get(c.op))):
        if _count(n) is None:
            continue
        if op == CmpOp.EQ and _int(lit, 0):
            return n, True
        if (op in (CmpOp.GT, CmpOp.NE) and _int(lit, 0)) or (op == CmpOp.GE and _int(lit, 1)):
            return n, False
    return None


def _null_without(e, count, top: bool = True) -> bool:
    """Is ``e`` NULL wherever ``count`` is 0 (module docstring)? ``top``: ``e`` replaces the
    CASE, so not a CAST there (a CAST has the affinity of its type, the CASE none)."""
    if isinstance(e, ir.Agg):
        return e.fn in _STRICT_AGG and not isinstance(e.arg, ir.RowVal) and (
            count.fn == AggFn.COUNT_STAR or e.arg == count.arg)
    if isinstance(e, ir.Arith):
        return _null_without(e.left, count, False) or _null_without(e.right, count, False)
    if isinstance(e, ir.Func) and e.name in _STRICT_FUNC and e.args:
        if top and e.name in (FuncName.CAST_INT, FuncName.CAST_REAL):
            return False
        return _null_without(e.args[0], count, False)
    return False


def guard_of_count(e):
    """``e`` with each NULL guard by a count that its value needs not (module docstring)
    dropped; ``e`` itself when there is none."""

    def f(y):
        if not (isinstance(y, ir.Case) and len(y.whens) == 1):
            return y
        (cond, then), other = y.whens[0], y.default
        test = _zero_test(cond)
        if test is None:
            return y
        count, zero = test
        kept = other if zero else then
        null = then if zero else other
        if null == _NULL and _null_without(kept, count):
            return kept
        return y
    return _map_top(e, f)
