"""A ``x IS NOT NULL`` conjunct that a comparison with a correlated subquery implies (issue
25, i41a): ``null_rejected_by_subquery``.

``WHERE x IS NOT NULL AND (SELECT COUNT(DISTINCT q.x) FROM t q WHERE q.x > p.x) = 2`` is
``WHERE (SELECT ..) = 2``: what a rank filter becomes (``DENSE_RANK() .. = 3`` over rows
with ``x IS NOT NULL``), beside the textbook form that never says ``IS NOT NULL``. The
conjunct goes when another conjunct ``C`` of the same WHERE is never TRUE on a NULL ``x``
(``_rejects``), in three-valued logic:

- a subquery whose WHERE has a conjunct rejecting a NULL ``x`` (``facts._rejects_col``:
  ``x`` an operand of a comparison other than IS) keeps no row when ``x`` is NULL: it is
  empty. Then ``EXISTS`` is FALSE; a scalar subquery is NULL when it is no aggregate, is
  grouped, or is one MIN/MAX/SUM/AVG over no row (NULL), so a comparison with it (not IS)
  is NULL; one COUNT over no row is 0, so ``c op COUNT`` of an integer literal ``c`` is
  never TRUE when ``c op 0`` is FALSE;
- ``facts._rejects_col`` itself (``x`` compared directly), ``C1 AND C2`` when one
  rejects, ``C1 OR C2`` when both do.

``C`` never TRUE on a NULL ``x`` means ``C`` TRUE implies ``x IS NOT NULL``: dropping the
conjunct keeps the same rows. No storage class, collation or affinity enters: only NULL.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import AggFn, CmpOp, LogicOp, Ty
from .facts import _CMP, _rejects_col
from .null_facts import _not_null_col
from .terms import _conjuncts

_MIRROR = {CmpOp.EQ: CmpOp.EQ, CmpOp.NE: CmpOp.NE, CmpOp.LT: CmpOp.GT, CmpOp.GT: CmpOp.LT,
           CmpOp.LE: CmpOp.GE, CmpOp.GE: CmpOp.LE}
_NULL_OVER_NOTHING = (AggFn.MIN, AggFn.MAX, AggFn.SUM, AggFn.AVG)


def null_rejected_by_subquery(conds: list) -> list:
    """WHERE conjuncts without the ``x IS NOT NULL`` ones another conjunct implies through a
    subquery (the module's law); ``conds`` itself when none goes."""
    kept = [c for c in conds if (k := _not_null_col(c)) is None
            or not any(d is not c and _not_null_col(d) is None and _rejects(d, k) for d in conds)]
    return conds if len(kept) == len(conds) else kept


def _rejects(c, col) -> bool:
    """Is conjunct ``c`` never TRUE when column ``col`` is NULL?"""
    if _rejects_col(c, col):
        return True
    if isinstance(c, ir.Logic) and c.op in (LogicOp.AND, LogicOp.OR):
        found = [_rejects(a, col) for a in c.args]
        return any(found) if c.op == LogicOp.AND else all(found)
    if isinstance(c, ir.Exists):
        return not _rows_anyway(c.query) and _empty(c.query, col)
    if isinstance(c, ir.Cmp) and c.op in _MIRROR:
        for sub, other, op in ((c.left, c.right, c.op), (c.right, c.left, _MIRROR[c.op])):
            if isinstance(sub, ir.ScalarSub) and _empty(sub.query, col) and _fails(sub.query, other, op):
                return True
    return False


def _rows_anyway(q) -> bool:
    """Does ``q`` return a row over no input row (an aggregate without GROUP BY)?"""
    return not isinstance(q, ir.Select) or (q.aggregate and not q.group_by)


def _empty(q, col) -> bool:
    """Does no row of ``q``'s FROM pass its WHERE when ``col`` (an outer column) is NULL?"""
    return isinstance(q, ir.Select) and any(_rejects(d, col) for d in _conjuncts(q.where))


def _fails(q: ir.Select, other, op: CmpOp) -> bool:
    """Is ``value(q) op other`` never TRUE when ``q`` keeps no row (``_empty``)?"""
    if not _rows_anyway(q):
        return True  # no row: the scalar subquery is NULL
    if q.having is not None or q.limit is not None or q.offset or len(q.items) != 1:
        return False
    item = q.items[0]
    if isinstance(item, ir.Agg) and item.fn in _NULL_OVER_NOTHING:
        return True
    if isinstance(item, ir.Agg) and item.fn in (AggFn.COUNT, AggFn.COUNT_STAR):
        return (isinstance(other, ir.Lit) and other.ty == Ty.INT and isinstance(other.value, int)
                and not isinstance(other.value, bool) and not _CMP[op](0, other.value))
    return False


NULL_SUBQUERY_RULE = (
    "null_rejected_by_subquery", "a WHERE conjunct x IS NOT NULL goes when another conjunct is "
    "never TRUE on a NULL x through a subquery whose WHERE rejects a NULL x: EXISTS of it, a "
    "comparison with it (MIN/MAX/SUM/AVG, a plain or grouped select: NULL; COUNT: 0 against "
    "a literal)", ("facts",),
    lambda canon, conds, ctx: null_rejected_by_subquery(conds))
