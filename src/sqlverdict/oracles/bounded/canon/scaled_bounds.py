"""A comparison of a value scaled by a power of two, unscaled (issue 25, i43d):
``unscaled_comparison``.

``x * c op k`` (``c * x`` too) is ``x op k / c`` for ``c`` a positive power of two at least 1
(``2``, ``4``, ``2.0``), ``k`` a number literal and ``x`` a number (the IR's class INTEGER
or REAL; the proof states ``declared_storage_classes`` where a query computes on a column),
``op`` one of ``= <> < <= > >=``: multiplying a double by ``2**n`` only moves its exponent
(exact; at least 1, so no subnormal loses bits), and where it overflows to infinity ``x``
is beyond every finite ``k / c`` too, so both sides order alike; an integer product is
exact or turns REAL beyond 2**63 (still ordered with ``x``), and SQLite compares an
integer with a real by value. ``k / c`` must be exact (``k / c * c == k``). NULL ``x``
gives NULL on both sides. Dremio's "filter past project": ``WHERE t.k2 > 3.0`` over ``kwh *
2 AS k2`` is ``WHERE kwh > 1.5``. Not for another ``c`` (``x * 3 > 1`` and ``x > 1 / 3``
round apart) nor a negative one.
"""

from __future__ import annotations

import math

from .. import ir
from ..ir.kinds import ArithOp, CmpOp, Conv, Ty
from .terms import _deep

_OPS = (CmpOp.EQ, CmpOp.NE, CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE)
_NUMBERS = (Ty.INT, Ty.REAL)


def _scale(v) -> bool:
    """Is ``v`` a positive power of two at least 1 (a literal's value)?"""
    if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v) or v < 1:
        return False
    m, _ = math.frexp(v)
    return m == 0.5


def _number(v) -> bool:
    return (not isinstance(v, bool) and isinstance(v, int | float) and math.isfinite(v)
            and abs(v) < 2 ** 53)


def _scaled(e):
    """(``x``, ``c``) of ``x * c`` or ``c * x`` (see the module), else None."""
    if not (isinstance(e, ir.Arith) and e.op == ArithOp.MUL):
        return None
    for x, c in ((e.left, e.right), (e.right, e.left)):
        if isinstance(c, ir.Lit) and _scale(c.value) and x.ty in _NUMBERS:
            return x, c.value
    return None


def _unscaled(y):
    if not (isinstance(y, ir.Cmp) and y.op in _OPS and y.conv == Conv.NONE):
        return y
    for s, k, left in ((y.left, y.right, True), (y.right, y.left, False)):
        got = _scaled(s)
        if got is None or not (isinstance(k, ir.Lit) and _number(k.value)):
            continue
        x, c = got
        q = k.value / c
        if q * c != k.value:
            return y
        if isinstance(k.value, int) and isinstance(c, int) and k.value % c == 0:
            lit = ir.Lit(k.value // c, Ty.INT)
        else:
            lit = ir.Lit(float(q), Ty.REAL)
        return ir.Cmp(y.op, x, lit) if left else ir.Cmp(y.op, lit, x)
    return y


def unscaled_comparison(e):
    """``e`` with each ``x * c op k`` as ``x op k / c`` (see the module)."""
    return _deep(e, _unscaled)


SCALED_BOUND_RULE = (
    "unscaled_comparison", "x * c op k, c a positive power of two at least 1, k a number "
    "literal with k / c exact, x a number, is x op k / c (scaling by 2**n is exact)",
    ("cond",), lambda canon, c, ctx: unscaled_comparison(c))
