"""Membership in the top n distinct values as a rank count (issue 25, i41a):
``in_top_distinct_as_count``.

"Top n per group" is written as ``e IN (SELECT DISTINCT q.x FROM T q WHERE P(q) ORDER BY q.x
DESC LIMIT n)`` (``P`` linking ``q`` to the outer row's group) and as ``DENSE_RANK() .. <=
n``, which ``running_window_as_subquery`` reads as ``(SELECT COUNT(DISTINCT q.x) .. q.x >
e) < n``. The law: such a WHERE conjunct is ``e IS NOT NULL AND EXISTS (SELECT 1 FROM T q
WHERE P(q) AND q.x = e) AND (SELECT COUNT(DISTINCT q.x) FROM T q WHERE P(q) AND q.x > e) <
n`` (ASC: ``q.x < e``). Why it holds in SQLite, as a WHERE conjunct (TRUE or not):

- The list holds the n greatest distinct values ``q.x`` of the rows ``P`` keeps; NULL sorts
  last descending, so it is in the list only when fewer than n values are, and it never
  makes ``IN`` TRUE. Ascending NULL sorts first and would take a place: there ``q.x`` must
  be never NULL on a kept row (declared, or ``q.x IS NOT NULL`` in ``P``), as it must where
  the order puts NULLs first by a ``q.x IS NULL`` key.
- ``e IN (list)`` is TRUE exactly when ``e`` is not NULL and equals a listed value: a kept
  value ``v = e`` (the EXISTS) with fewer than n distinct kept values above it (the count,
  ``q.x > e`` reading ``e`` for ``v``: they are equal). ``e`` is a column of ``x``'s type
  and affinity, every comparison without conversion and BINARY: IN's equality, ``=`` and
  ``>`` are one order's, whose equality DISTINCT uses. The count is never NULL.
- ``P`` is deterministic without subqueries, so the three read the same rows.

The EXISTS is then the outer row's own when ``e`` is its ``x`` and ``P`` its group
(``own_row_exists``), and the count a chain (``distinct_count_as_no_chain``)."""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, Ty
from .min_as_top import _not_null
from .terms import _and, _conjuncts, _replace_cols, _windowless
from .top_one import _PURE, _null_flag_of
from .windows import _collated


def in_top_distinct_as_count(q, leaves: list, conds: list, schema: Schema):
    """(q, leaves, conds) with the first such conjunct rewritten (the module's law); leaves
    None when none is."""
    for i, c in enumerate(conds):
        parts = _parts(c, schema)
        if parts is not None:
            return q, leaves, conds[:i] + parts + conds[i + 1:]
    return q, None, conds


def _parts(c, schema: Schema):
    if not (isinstance(c, ir.InSub) and c.conv == Conv.NONE and not c.convs
            and isinstance(s := c.query, ir.Select) and isinstance(e := c.arg, ir.Col)):
        return None
    if not (s.distinct and s.limit is not None and s.limit >= 1 and not s.offset and not s.aggregate
            and not s.group_by and s.having is None and s.bare_from is None
            and isinstance(u := s.source, ir.Scan) and len(s.items) == 1
            and isinstance(x := s.items[0], ir.Col) and x.alias == u.alias and _windowless(s)
            and not _collated(u, schema) and e.alias != u.alias
            and e.ty == x.ty and e.affinity == x.affinity):
        return None
    conds = _conjuncts(s.where)
    if not all(isinstance(y, _PURE) for p in conds for y in ir.local_nodes(p)):
        return None
    non_null = any(_not_null(p, x) for p in conds) or schema.table(u.table).never_null(x.name)
    keys = [(k, d) for k, d in s.order if not (non_null and _null_flag_of(k, x))]
    if len(keys) != 1 or keys[0][0] != x or not (keys[0][1] or non_null):
        return None
    above = CmpOp.GT if keys[0][1] else CmpOp.LT
    member = ir.Select(u, _and([*conds, ir.Cmp(CmpOp.EQ, x, e, Ty.BOOL)]), (), None,
                       (ir.Lit(1, Ty.INT),), False, (), None, 0, False, ())
    other = u.alias + "_above"
    rep = {(u.alias, n): ir.Col(other, n, ty, aff) for n, ty, aff in u.columns}
    own = rep[(u.alias, x.name)]
    count = ir.Select(dataclasses.replace(u, alias=other),
                      _and([*(_replace_cols(p, rep) for p in conds), ir.Cmp(above, own, e, Ty.BOOL)]),
                      (), None, (ir.Agg(AggFn.COUNT, own, True, Ty.INT),), False, (), None, 0, True, ())
    return [ir.Not(ir.IsNull(e)), ir.Exists(member),
            ir.Cmp(CmpOp.LT, ir.ScalarSub(count, Ty.INT), ir.Lit(s.limit, Ty.INT), Ty.BOOL)]


TOP_MEMBER_RULE = (
    "in_top_distinct_as_count", "a conjunct e IN (SELECT DISTINCT q.x FROM T q WHERE P ORDER BY "
    "q.x DESC LIMIT n), P deterministic, e of x's type and affinity (no conversion, BINARY), is "
    "e IS NOT NULL AND EXISTS (T q WHERE P AND q.x = e) AND (SELECT COUNT(DISTINCT q.x) .. P "
    "AND q.x > e) < n (ASC: <, x never NULL)", ("sources",),
    lambda canon, v, ctx: (lambda r: v if r[1] is None else r)(in_top_distinct_as_count(*v, canon.schema)),
    True)
