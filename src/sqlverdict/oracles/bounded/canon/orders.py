"""Sort keys: ``monotone_order_key``."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Affinity, ArithOp, FuncName, Ty


def monotone_order_key(order: tuple) -> tuple:
    """``ORDER BY x + c``, ``x - c``, ``c + x`` or ``x * c``, ``c * x`` (``c`` a positive
    integer for ``*``) of ``x`` an INTEGER column is ``ORDER BY x``, in the same direction
    (Calcite's SortProjectTransposeRule through a monotone projection): on integers (the
    column's declared class; the proof states ``declared_storage_classes`` where a query
    computes on it) without overflow (typed proofs state ``integer_arithmetic_in_range``:
    SQLite makes an overflowing result a REAL, which may tie two keys) the key is strictly
    increasing in ``x``, so the same rows tie and the rest sort alike; NULL gives NULL,
    which sorts first ascending either way (and ``(x * c) IS NULL``, the NULLS FIRST/LAST
    key of other dialects' translations, is ``x IS NULL``). A negative ``c`` for ``*`` would reverse the
    order but not NULL's place; a real ``c`` rounds (two large integers may tie)."""
    out = tuple((_as_column(k), d) for k, d in order)
    return order if out == order else out


def _as_column(k):
    """``k`` with a monotone key read as its column, also under the NULLS FIRST/LAST key
    ``(x * c) IS NULL`` that other dialects' translations write (NULL exactly where ``x``
    is: ``c`` is an integer)."""
    x = _monotone_column(k)
    if x is not None:
        return x
    if (isinstance(k, ir.Func) and k.name == FuncName.BOOL_INT and len(k.args) == 1
            and isinstance(k.args[0], ir.IsNull)
            and (x := _monotone_column(k.args[0].arg)) is not None):
        return dataclasses.replace(k, args=(dataclasses.replace(k.args[0], arg=x),))
    return k


def _monotone_column(k):
    """The INTEGER column ``x`` of a key ``x + c``, ``x - c``, ``c + x``, ``x * c``, ``c *
    x`` (integer ``c``, positive for ``*``), else None."""
    if not isinstance(k, ir.Arith) or k.op not in (ArithOp.ADD, ArithOp.SUB, ArithOp.MUL):
        return None
    pairs = [(k.left, k.right)] + ([] if k.op == ArithOp.SUB else [(k.right, k.left)])
    for x, c in pairs:
        if not (isinstance(x, ir.Col) and x.ty == Ty.INT and x.affinity == Affinity.INTEGER):
            continue
        if not (isinstance(c, ir.Lit) and c.ty == Ty.INT and isinstance(c.value, int)
                and not isinstance(c.value, bool)):
            continue
        if k.op == ArithOp.MUL and c.value <= 0:
            continue
        return x
    return None
