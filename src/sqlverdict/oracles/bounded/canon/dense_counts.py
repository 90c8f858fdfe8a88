"""A dense rank as the distinct values at or above (i57c): ``dense_count_at_least``.

``SELECT .. 1 + (SELECT COUNT(DISTINCT u.k) FROM (V') u WHERE u.k > d.c [AND u.p = d.q ..])
.. FROM (V) d`` (the form ``rank_counts.rank_as_count`` gives a DENSE_RANK inside a view, and
``rank_groups.rank_of_own_rows`` one over a select's own groups) is ``(SELECT COUNT(DISTINCT
u.k) FROM (V') u WHERE u.k >= d.c ..)`` (``<``: ``<=``), the form
``partition_extrema.rank_over_view_as_count`` gives a DENSE_RANK over a view and people write
("routes ranked by trips": the distinct counts at least this route's), when ``V'`` is ``V``
read again: the same FROM, WHERE, GROUP BY and HAVING up to the names of the scans, each
item of ``V'`` one of ``V``'s (``unread_derived_columns`` drops the others), inner joins,
neither DISTINCT, LIMIT, ORDER BY, window, subquery nor outer column (the two compute the
same rows: one row of ``V'`` for each row of ``V``), no collated table; ``k`` is ``V``'s item
of ``c``, never NULL on a row of ``V`` (``rank_counts._never_null``); each other conjunct
``u.p = d.q`` or ``u.p IS d.q`` over ``V``'s one item (``=``: never NULL).

Why it holds in SQLite: ``d``'s own row is a row of ``V'`` meeting every other conjunct
(``x = x`` of a never-NULL value, ``x IS x``) with ``u.k = d.c``. Two non-NULL values of one
column (one affinity on both sides: no conversion) are ordered by ``<``, ``=``, ``>`` totally
(numbers, then text by binary collation, then blobs), and ``=`` is the equality DISTINCT
groups by (1 beside 1.0 both ways). So the values at or above ``d.c`` are those above it and
the one class equal to it, which holds ``d``'s value: one distinct value more.
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import AggFn, ArithOp, CmpOp, Ty
from .partition_extrema import _projection, _view_ok
from .rank_counts import _never_null
from .terms import _and, _conjuncts, _deep
from .top_one import _scans

_ONE = ir.Lit(1, Ty.INT)
_WIDE = {CmpOp.GT: CmpOp.GE, CmpOp.LT: CmpOp.LE}
_FLIP = {CmpOp.GE: CmpOp.LE, CmpOp.LE: CmpOp.GE, CmpOp.GT: CmpOp.LT, CmpOp.LT: CmpOp.GT,
         CmpOp.EQ: CmpOp.EQ, CmpOp.IS: CmpOp.IS}


def _pair(c, u: ir.Derived, d: ir.Derived):
    """``c`` as (op, u's column index, d's column index) with ``u``'s column on the left."""
    if not (isinstance(c, ir.Cmp) and isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)):
        return None
    left, op, right = c.left, c.op, c.right
    if left.alias == d.alias and right.alias == u.alias:
        left, op, right = right, _FLIP.get(op), left
    if (op is None or left.alias != u.alias or right.alias != d.alias
            or left.name not in u.names or right.name not in d.names):
        return None
    return op, u.names.index(left.name), d.names.index(right.name)


def _widened(sub, d: ir.Derived, schema: Schema, typed: bool):
    """``sub`` with its one ``>`` (``<``) made ``>=`` (``<=``), or None when the law does not
    hold."""
    s = sub.query
    if not (isinstance(s, ir.Select) and isinstance(s.source, ir.Derived) and s.aggregate
            and not s.group_by and s.having is None and not s.distinct and s.limit is None
            and not s.offset and s.bare_from is None and len(s.items) == 1):
        return None
    u, count = s.source, s.items[0]
    if not (isinstance(count, ir.Agg) and count.fn == AggFn.COUNT and count.distinct
            and isinstance(count.arg, ir.Col) and count.arg.alias == u.alias):
        return None
    v = u.query
    if not (_view_ok(v, schema) and len(u.names) == len(v.items)):
        return None
    proj = _projection(v, d.query)
    if proj is None:
        return None
    conds, strict = list(_conjuncts(s.where)), None
    for i, c in enumerate(conds):
        p = _pair(c, u, d)
        if p is None or proj[p[1]] != p[2]:
            return None
        op, k, j = p
        if op in _WIDE and strict is None and u.names[k] == count.arg.name:
            strict = i
        elif op not in (CmpOp.IS, CmpOp.EQ) or (
                op == CmpOp.EQ and not _never_null(d.query.items[j], d.query,
                                                   _scans(d.query.source), schema, typed)):
            return None
    if strict is None:
        return None
    c = conds[strict]
    key = d.query.items[_pair(c, u, d)[2]]
    if not _never_null(key, d.query, _scans(d.query.source), schema, typed):
        return None
    op, left, right = (c.op, c.left, c.right) if c.left.alias == u.alias else (
        _FLIP[c.op], c.right, c.left)
    conds[strict] = ir.Cmp(_WIDE[op], left, right)
    return dataclasses.replace(sub, query=dataclasses.replace(s, where=_and(conds)))


def _one_plus(e):
    """The subquery of ``1 + (subquery)`` (either order), else None."""
    if not (isinstance(e, ir.Arith) and e.op == ArithOp.ADD):
        return None
    for one, sub in ((e.left, e.right), (e.right, e.left)):
        if isinstance(one, ir.Lit) and type(one.value) is int and one.value == 1 \
                and isinstance(sub, ir.ScalarSub):
            return sub
    return None


def dense_count_at_least(q, schema: Schema, typed: bool = False):
    """See the module."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Derived)
            and _view_ok(q.source.query, schema)
            and len(q.source.names) == len(q.source.query.items)):
        return q
    d = q.source

    def visit(e):
        sub = _one_plus(e)
        return (sub is not None and _widened(sub, d, schema, typed)) or e
    items, where = _deep(q.items, visit), _deep(q.where, visit)
    if items is q.items and where is q.where:
        return q
    return dataclasses.replace(q, items=items, where=where)


DENSE_COUNT_RULES = (
    ("dense_count_at_least", "1 + (SELECT COUNT(DISTINCT u.k) FROM (V) u WHERE u.k > d.k ..) over "
     "FROM (V) d, k never NULL, V read again, is the count of the distinct values at or above "
     "(rank_as_count's DENSE_RANK meets rank_over_view_as_count's)", ("select",),
     lambda canon, q, ctx: dense_count_at_least(q, canon.schema, canon.typed), True),
)
