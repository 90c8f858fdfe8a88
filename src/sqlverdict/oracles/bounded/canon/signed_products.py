"""A value times a CASE of signs (round 60, class N): ``product_of_signs``.

``x * CASE WHEN c1 THEN s1 .. [ELSE s0] END`` (either operand order), every ``si`` the
integer literal 1 or -1 (or NULL, a missing ELSE), is ``CASE WHEN c1 THEN x1 .. ELSE x0 END``
with ``x`` for 1, ``-x`` for -1 and NULL for NULL ("units * CASE WHEN kind = 'receive' THEN
1 ELSE -1 END" against "CASE WHEN kind = 'receive' THEN units ELSE -units END" in a signed
sum). The CASE picks its arm by the ``ci`` alone, so multiplying in each arm is the same
product; ``x * 1`` is ``x`` and ``x * -1`` is ``-x`` for ``x`` a column of INTEGER type
and affinity in the typed domain (an integer or NULL): SQLite computes ``-x`` as ``0 - x``
and both give the REAL 9.223372036854775808e18 for ``x`` = -2**63 (an overflow, checked in
SQLite 3.40), so no 64-bit assumption is needed. Not in the sqlite domain (``'5' * 1`` is
the integer 5, ``'5'`` text), not for REAL ``x`` (``0.0 * -1`` is -0.0, ``-0.0`` as ``0 -
0.0`` is 0.0), not for other literals (``x * 0`` is 0 where ``x`` is NULL only as NULL).
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import Affinity, ArithOp, Ty
from .aggregates import _map_deep_local


def _sign(x) -> int | None:
    """1, -1 or 0 (NULL) for such a literal (``-1`` lowered as a negated 1 too), else None."""
    if isinstance(x, ir.Neg):
        s = _sign(x.arg)
        return -s if s in (1, -1) else None
    if isinstance(x, ir.Lit) and x.value is None:
        return 0
    if isinstance(x, ir.Lit) and type(x.value) is int and x.value in (1, -1):
        return x.value
    return None


def _times(x: ir.Col, s: int):
    if s == 0:
        return ir.Lit(None, Ty.NULL)
    return x if s == 1 else ir.Neg(x, x.ty)


def _rewrite(e):
    if not (isinstance(e, ir.Arith) and e.op == ArithOp.MUL):
        return e
    for x, c in ((e.left, e.right), (e.right, e.left)):
        if not (isinstance(x, ir.Col) and x.ty == Ty.INT and x.affinity == Affinity.INTEGER
                and isinstance(c, ir.Case)):
            continue
        signs = [_sign(v) for _, v in c.whens] + [_sign(c.default)]
        if None in signs or not any(signs):
            continue
        whens = tuple((w, _times(x, s)) for (w, _), s in zip(c.whens, signs, strict=False))
        return ir.Case(whens, _times(x, signs[-1]), x.ty)
    return e


def product_of_signs(e, typed: bool):
    """``e`` with each such product as its CASE (module docstring), typed domain only."""
    return _map_deep_local(e, _rewrite) if typed else e


SIGNED_PRODUCT_RULE = (
    "product_of_signs", "x * CASE WHEN c1 THEN s1 .. ELSE s0 END, each si 1, -1 or NULL, is CASE "
    "WHEN c1 THEN x1 .. END with x, -x, NULL for x a typed INTEGER column (-x overflows as x * -1 "
    "does)", ("value", "aggregate"), lambda canon, e, ctx: product_of_signs(e, canon.typed))
