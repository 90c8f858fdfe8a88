"""A count of a subquery compared with 0 or 1 is EXISTS: ``count_compared_to_zero``."""

from __future__ import annotations

import dataclasses
import operator

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Ty
from .terms import _and, _conjuncts, _windowless

_OPS = {CmpOp.EQ: operator.eq, CmpOp.IS: operator.eq, CmpOp.NE: operator.ne,
        CmpOp.IS_NOT: operator.ne, CmpOp.LT: operator.lt, CmpOp.LE: operator.le,
        CmpOp.GT: operator.gt, CmpOp.GE: operator.ge}
_FLIP = {CmpOp.LT: CmpOp.GT, CmpOp.GT: CmpOp.LT, CmpOp.LE: CmpOp.GE, CmpOp.GE: CmpOp.LE}


def count_compared_to_zero(e):
    """``(SELECT COUNT(*) FROM .. WHERE w) > 0`` is ``EXISTS (SELECT 1 FROM .. WHERE w)``,
    ``= 0`` is ``NOT EXISTS``; so is every comparison with 0 or 1 that splits 0 from the
    counts above it (``>= 1``, ``<> 0``, ``< 1``, ``<= 0``, ``IS 0``, mirrored). An
    aggregate without GROUP BY or HAVING returns one row, and its count is a non-negative
    integer, never NULL: both sides are true or false alike, wherever they stand.
    ``COUNT(x)`` (DISTINCT or not) counts the rows where ``x`` is not NULL: EXISTS of
    those. Not with OFFSET, LIMIT 0 (no row: NULL) or a window."""
    if not isinstance(e, ir.Cmp) or e.conv or e.op not in _OPS:
        return e
    op, sub, lit = e.op, e.left, e.right
    if isinstance(lit, ir.ScalarSub):
        op, sub, lit = _FLIP.get(op, op), lit, sub
    if not (isinstance(sub, ir.ScalarSub) and isinstance(lit, ir.Lit)
            and type(lit.value) is int and lit.value in (0, 1)):
        return e
    q = sub.query
    if not (isinstance(q, ir.Select) and q.aggregate and not q.group_by and q.having is None
            and not q.offset and (q.limit is None or q.limit >= 1) and q.bare_from is None
            and len(q.items) == 1 and isinstance(q.items[0], ir.Agg) and _windowless(q)):
        return e
    agg = q.items[0]
    if agg.fn not in (AggFn.COUNT, AggFn.COUNT_STAR):
        return e
    f = _OPS[op]
    at = [f(n, lit.value) for n in (0, 1, 2)]
    if at[1] != at[2] or at[0] == at[1]:
        return e  # not a test of "some row": leave it
    where = q.where
    if agg.fn == AggFn.COUNT and agg.arg is not None:
        where = _and(_conjuncts(where) + [ir.Not(ir.IsNull(agg.arg))])
    body = dataclasses.replace(q, where=where, items=(ir.Lit(1, Ty.INT),), aggregate=False,
                               distinct=False, order=(), limit=None, names=("1",))
    found = ir.Exists(body)
    return found if at[1] else ir.Not(found)
