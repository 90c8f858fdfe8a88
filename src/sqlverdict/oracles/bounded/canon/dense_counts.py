"""A dense rank written as the distinct values at or above (i57c): ``dense_count_at_least``.

``SELECT .. (SELECT COUNT(DISTINCT u.k) FROM (V') u WHERE u.k >= d.c [AND u.p = d.q ..]) ..
FROM (V) d`` ("routes ranked by trips": the distinct counts at least this route's) is ``1 +
(SELECT COUNT(DISTINCT u.k) FROM (V') u WHERE u.k > d.c ..)`` (``<=``: ``<``), the form
``rank_counts.rank_as_count`` gives DENSE_RANK, when ``V'`` is ``V`` read again: the same
FROM, WHERE, GROUP BY and HAVING up to the names of the scans, each item of ``V'`` one of
``V``'s (``unread_derived_columns`` drops the others), neither DISTINCT, LIMIT or ORDER BY,
no subquery and no outer column (the two compute the same rows: one row of ``V'`` for each
row of ``V``), no collated table; ``k`` is ``V``'s item of ``c``, never NULL on a row of
``V`` (``rank_counts._never_null``); each other conjunct ``u.p = d.q`` or ``u.p IS d.q`` over
``V``'s one item (``=``: never NULL).

Why it holds in SQLite: ``d``'s own row is a row of ``V'`` meeting every other conjunct
(``x = x`` of a never-NULL value, ``x IS x``) with ``u.k = d.c``. Two non-NULL values of one
column (one affinity on both sides: no conversion) are ordered by ``<``, ``=``, ``>`` totally
(numbers, then text by binary collation, then blobs), and ``=`` is the equality DISTINCT
groups by (1 beside 1.0 both ways). So the values at or above ``d.c`` are those above it and
the one class equal to it, which holds ``d``'s value: one more distinct value.
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import AggFn, ArithOp, CmpOp, Ty
from .rank_counts import _inner, _never_null, _renamed
from .terms import _and, _conjuncts, _deep, _has_sub
from .top_one import _scans
from .windows import _collated

_ONE = ir.Lit(1, Ty.INT)
_STRICT = {CmpOp.GE: CmpOp.GT, CmpOp.LE: CmpOp.LT}
_FLIP = {CmpOp.GE: CmpOp.LE, CmpOp.LE: CmpOp.GE, CmpOp.EQ: CmpOp.EQ, CmpOp.IS: CmpOp.IS}


def _plain(s) -> bool:
    """A select of inner-joined scans whose rows are fixed by its tables (no DISTINCT,
    LIMIT, subquery, window or outer column)."""
    if not (isinstance(s, ir.Select) and not s.distinct and not s.order and s.limit is None
            and not s.offset and s.bare_from is None and (scans := _scans(s.source)) and _inner(s.source)):
        return False
    parts = (s.where, s.having, s.group_by, s.items, s.source)
    return not _has_sub(parts) and not any(isinstance(y, ir.Window) for y in ir.nodes(parts)) \
        and all(y.alias in scans for y in ir.nodes(parts) if isinstance(y, ir.Col))


def _normal(s: ir.Select) -> ir.Select:
    """``s`` with its scans named by their place, its items dropped."""
    names = {a: f"#v{i}" for i, a in enumerate(_scans(s.source))}
    return dataclasses.replace(_renamed(s, names), items=(), names=())


def _items(s: ir.Select) -> tuple:
    return _renamed(s, {a: f"#v{i}" for i, a in enumerate(_scans(s.source))}).items


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


def _strict(sub, d: ir.Derived, view_items: tuple, schema: Schema, typed: bool):
    """``sub`` with its one ``>=`` (``<=``) made strict, or None when the law does not hold."""
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
    if not (_plain(v) and len(u.names) == len(v.items) and _normal(v) == _normal(d.query)):
        return None
    mine = _items(v)
    if not all(e in view_items for e in mine):
        return None
    conds, strict = list(_conjuncts(s.where)), None
    for i, c in enumerate(conds):
        p = _pair(c, u, d)
        if p is None or mine[p[1]] != view_items[p[2]]:
            return None
        op, k, j = p
        if op in _STRICT and strict is None and u.names[k] == count.arg.name:
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
    conds[strict] = ir.Cmp(_STRICT[op], left, right)
    return ir.Arith(ArithOp.ADD, _ONE, dataclasses.replace(
        sub, query=dataclasses.replace(s, where=_and(conds))), Ty.INT)


def dense_count_at_least(q, schema: Schema, typed: bool = False):
    """See the module."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Derived)
            and _plain(q.source.query) and not _collated(q.source, schema)
            and len(q.source.names) == len(q.source.query.items)):
        return q
    d = q.source
    view_items = _items(d.query)

    def visit(e):
        if isinstance(e, ir.ScalarSub):
            return _strict(e, d, view_items, schema, typed) or e
        return e
    items, where = _deep(q.items, visit), _deep(q.where, visit)
    if items is q.items and where is q.where:
        return q
    return dataclasses.replace(q, items=items, where=where)


DENSE_COUNT_RULES = (
    ("dense_count_at_least", "(SELECT COUNT(DISTINCT u.k) FROM (V) u WHERE u.k >= d.k ..) over "
     "FROM (V) d, k never NULL, V read again, is 1 + the count of the distinct values above "
     "(the form rank_as_count gives DENSE_RANK)", ("select",),
     lambda canon, q, ctx: dense_count_at_least(q, canon.schema, canon.typed), True),
)
