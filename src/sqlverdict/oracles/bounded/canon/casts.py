"""Casts and exact scalings: ``nested_casts``, ``power_of_two_division``,
``unwrap_real_cast``."""

from __future__ import annotations

import math

from .. import ir
from ..ir.kinds import Affinity, ArithOp, CmpOp, FuncName, Ty
from .terms import FALSE, TRUE, _deep

_IDEMPOTENT = frozenset({"cast_int", "cast_real"})


def nested_casts(e):
    """``CAST(CAST(x AS T) AS T)`` is ``CAST(x AS T)`` for INTEGER and REAL (Spark's
    SimplifyCasts): the inner cast already gives an integer (or a real) or NULL, which the
    outer cast keeps as it is. A cast to another class is no such pair. Also the rounding
    cast of other dialects (``CAST(ROUND(x) AS INTEGER)``, ``sql.standard``) of such a cast
    of a real ``r``: ``CAST(r AS INTEGER)`` is a whole number a double holds exactly (or
    the saturated 2**63 - 1), which ROUND keeps and the cast gives back."""
    def f(y):
        if (isinstance(y, ir.Func) and y.name in _IDEMPOTENT and len(y.args) == 1
                and isinstance(y.args[0], ir.Func) and y.args[0].name == y.name):
            return y.args[0]
        inner = _rounded_int_cast(y)
        if inner is not None and _real_cast(inner):
            return inner
        return y
    return _deep(e, f)


def _rounded_int_cast(y):
    """``x`` of ``CAST(ROUND(x, 0) AS INTEGER)``, else None."""
    if (isinstance(y, ir.Func) and y.name == FuncName.CAST_INT and len(y.args) == 1
            and isinstance(r := y.args[0], ir.Func) and r.name == FuncName.ROUND
            and len(r.args) == 2 and r.args[1] == ir.Lit(0, Ty.INT)):
        return r.args[0]
    return None


def _real_cast(x) -> bool:
    """Is ``x`` ``CAST(r AS INTEGER)`` of an ``r`` that is a real or NULL on every row
    (ROUND, CAST AS REAL: what SQLite returns, whatever the column holds)?"""
    if not (isinstance(x, ir.Func) and x.name == FuncName.CAST_INT and len(x.args) == 1):
        return False
    r = x.args[0]
    return isinstance(r, ir.Func) and r.name in (FuncName.ROUND, FuncName.CAST_REAL)


def power_of_two_division(e):
    """``x / c`` is ``x * (1 / c)`` for ``c`` a power of two (positive or negative) and ``x``
    a real (Calcite's ReduceExpressionsRule): 1 / c is exact, and IEEE division and
    multiplication both round the same exact quotient. Not for integers, whose division
    truncates (``7 / 4`` is 1, ``7 * 0.25`` is 1.75): the IR's class of ``x`` says real
    (the proof states ``declared_storage_classes`` when ``x`` computes on a column)."""
    def f(y):
        if (isinstance(y, ir.Arith) and y.op == ArithOp.DIV and y.left.ty == Ty.REAL
                and isinstance(c := y.right, ir.Lit) and c.ty in (Ty.INT, Ty.REAL)
                and not isinstance(c.value, bool) and _power_of_two(c.value)):
            return ir.Arith(ArithOp.MUL, y.left, ir.Lit(1.0 / c.value, Ty.REAL), Ty.REAL)
        return y
    return _deep(e, f)


def _power_of_two(v) -> bool:
    """Is ``v`` (a literal's value) plus or minus 2**k whose reciprocal a double holds?"""
    if not isinstance(v, int | float) or v == 0 or not math.isfinite(v):
        return False
    m, k = math.frexp(abs(v))
    return m == 0.5 and -1021 <= k <= 1022


_FLIP = {CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE, CmpOp.GT: CmpOp.LT, CmpOp.GE: CmpOp.LE}
_EXACT = 2 ** 53  # integers of smaller magnitude are doubles exactly, and so their floors


def unwrap_real_cast(e, conjunct: bool = False):
    """``CAST(x AS REAL) op c`` is ``x op' k`` for ``x`` a column of INTEGER affinity (its
    declared class: integers or NULL; the proof states ``declared_storage_classes`` where
    a query computes on it), ``c`` a number literal with ``|c| < 2**53`` and ``k`` an
    integer (Spark's UnwrapCastInBinaryComparison). The cast rounds to nearest, which is
    monotone and keeps every integer below 2**53 (``floor(c)`` and ``floor(c) + 1``
    included), so: ``c`` whole: ``x op c`` for every ``op``; ``c`` not whole, ``f =
    floor(c)``: ``>``/``>=`` is ``x > f``, ``<``/``<=`` is ``x <= f``, ``IS`` is FALSE,
    ``IS NOT`` TRUE. NULL stays NULL. ``=``/``<>`` of a ``c`` not whole are FALSE / ``x IS
    NOT NULL`` only as a WHERE conjunct (``conjunct``), where NULL is FALSE: as a value
    they are NULL on a NULL ``x``."""
    def f(y):
        got = _cast_comparison(y)
        if got is None:
            return y
        op, x, c = got
        if float(c).is_integer():
            return ir.Cmp(op, x, ir.Lit(int(c), Ty.INT))
        floor = math.floor(c)
        if op in (CmpOp.GT, CmpOp.GE):
            return ir.Cmp(CmpOp.GT, x, ir.Lit(floor, Ty.INT))
        if op in (CmpOp.LT, CmpOp.LE):
            return ir.Cmp(CmpOp.LE, x, ir.Lit(floor, Ty.INT))
        if op in (CmpOp.IS, CmpOp.IS_NOT):
            return FALSE if op == CmpOp.IS else TRUE
        if conjunct and y is e:
            return FALSE if op == CmpOp.EQ else ir.Not(ir.IsNull(x))
        return y
    return _deep(e, f)


def _cast_comparison(y):
    """(op, x, c) of ``CAST(x AS REAL) op c`` or ``c op CAST(x AS REAL)`` (op read with the
    cast on the left), ``x`` an INTEGER column and ``c`` a finite number below 2**53 in
    magnitude; else None."""
    if not isinstance(y, ir.Cmp) or y.conv:
        return None
    op, cast, lit = y.op, y.left, y.right
    if isinstance(lit, ir.Func):
        op, cast, lit = _FLIP.get(op, op), lit, cast
    if not (isinstance(cast, ir.Func) and cast.name == FuncName.CAST_REAL and len(cast.args) == 1
            and isinstance(x := cast.args[0], ir.Col) and x.ty == Ty.INT
            and x.affinity == Affinity.INTEGER):
        return None
    if not (isinstance(lit, ir.Lit) and lit.ty in (Ty.INT, Ty.REAL)
            and isinstance(lit.value, int | float) and not isinstance(lit.value, bool)
            and math.isfinite(lit.value) and abs(lit.value) < _EXACT):
        return None
    return op, x, lit.value
