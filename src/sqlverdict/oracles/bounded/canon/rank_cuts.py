"""The greatest value of a dense-rank cut (issue 25, i41a): ``extremum_of_rank_cut``,
``distinct_rank_cut_as_group``, ``offset_as_rank_cut``.

``SELECT MAX(x) FROM t WHERE w AND (SELECT COUNT(DISTINCT s.x) FROM t s WHERE w(s) AND s.x >
t.x) = n`` (the "(n+1)-th highest value": ``DENSE_RANK() OVER (ORDER BY x DESC) = n + 1``
once ``running_window_as_subquery`` has read the rank as ``1 + COUNT(DISTINCT ..)``) is the
same with ``>= n``: the greatest value of the rows ranked n + 1 or lower is the value ranked
n + 1. ``n = 1`` then reads as ``EXISTS`` a greater value (``count_as_exists``), the
textbook ``MAX(x) WHERE x < (SELECT MAX(x) ..)``. ``MIN`` with ``s.x < t.x`` alike.

Why it holds in SQLite. Let ``R`` be the rows ``w`` keeps and ``C(t)`` the count: the
distinct non-NULL values greater than ``t.x`` among the rows ``s`` of ``t`` kept by ``w``
and linked to ``t`` by the correlation conjuncts ``s.p IS t.p`` / ``s.p = t.p`` (one column,
no conversion: a partition ``G(t)``). The rows with ``C = n`` are among those with ``C >=
n``, so their MAX is no greater. Conversely take ``t`` with ``C(t) >= n`` and non-NULL
``x``: the distinct values of ``G(t)`` above ``t.x`` are ``u1 > u2 > .. > um``, ``m >= n``;
a row ``s`` of ``G(t)`` holding ``u_n`` (``t`` itself for ``n = 0``) is kept by ``w`` (the
subquery's filter is the outer one, compared conjunct for conjunct), has ``G(s) = G(t)``
(``s`` is linked to ``t`` by equalities of the same columns, which are transitive in
SQLite's one total order of values; a NULL ``t.p`` under ``=`` links nothing, ``C = 0``,
and only ``n = 0`` keeps such a row, on both sides) and so ``C(s) = n`` exactly, with
``s.x >= t.x``. Rows with a NULL ``x`` have ``C = 0`` and MAX skips them. ``>`` and MAX
compare in one order (one column, BINARY collation, no affinity conversion between two
columns of one affinity), and COUNT(DISTINCT) counts classes of that order's equality. The
value MAX returns comes from the same class of rows either way, and equal values of ``x``
are identical (``transfer._exact``: TEXT, or the typed domain's numbers).

``offset_as_rank_cut`` reads the OFFSET form of the same value as that cut:
``(SELECT DISTINCT x FROM T WHERE w ORDER BY x DESC LIMIT 1 OFFSET m)``, ``m >= 2``, is
``(SELECT MAX(x) FROM T WHERE w AND (SELECT COUNT(DISTINCT s.x) FROM T s WHERE w(s) AND s.x >
x) >= m)``. With ``v1 > v2 > ..`` the distinct non-NULL values of the kept rows, the OFFSET
reads ``v(m+1)`` or, past them, NULL (SQLite sorts NULL last descending) or no row: NULL as
a scalar subquery either way; a row holding ``v_i`` counts ``i - 1`` values above it, a
NULL one none, so the rows counting ``m`` or more hold ``v(m+1), v(m+2), ..``, whose MAX is
``v(m+1)``, NULL when there are none. Ascending (MIN, ``<``) only where ``x`` is never NULL
on a kept row (NULL sorts first). Rows tied on ``x`` hold one value
(``top_one._identity_key``), ``w`` is deterministic without subqueries. (``m = 1`` is
``next_values.offset_as_below_extremum``'s, whose ``x < (SELECT MAX(x) ..)`` step cannot
repeat over its own subquery: this rule takes ``m >= 2`` before it.)

Under ``GROUP BY p..`` (items the keys and ``MAX(x)``) the same holds group by group when the
keys are exactly the linked columns: a group is a partition (``IS``; a NULL key under ``=``
links nothing, its rows count 0, and only ``n = 0`` keeps them, on both sides), and the row
``s`` found above is in ``t``'s group. ``distinct_rank_cut_as_group``: ``SELECT DISTINCT
p.., x .. WHERE .. C = n``, ``n >= 1``, the links exactly ``p..``, is that grouped MAX:
within a partition the count falls by one from one distinct value to the next, so the rows
counting ``n`` hold one value (equal values identical), one row per partition either way;
rows with a NULL ``x`` or a NULL ``=``-linked key count 0 and are cut by ``n >= 1``.

Not without the filter match (a subquery over other rows skips ranks), not COUNT(*) (RANK
skips values after ties), not GROUP BY keys other than the links, nor items beyond the keys
and the extremum (the rows of a rank are read beyond their greatest value).
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import AggFn, CmpOp, Ty
from .min_as_top import _not_null, _unwrapped
from .null_facts import _not_null_col
from .self_counts import _int_lit, count_offset_comparison
from .terms import _and, _conjuncts, _deep, _has_sub, _key, _replace_cols, _windowless
from .top_one import _PURE, _identity_key, _null_flag_of
from .transfer import _exact
from .windows import _collated

_ABOVE = {AggFn.MAX: CmpOp.GT, AggFn.MIN: CmpOp.LT}
_MIRROR = {CmpOp.GT: CmpOp.LT, CmpOp.LT: CmpOp.GT, CmpOp.EQ: CmpOp.EQ}


def extremum_of_rank_cut(q, schema: Schema, typed: bool):
    """``q`` with its rank cut ``C = n`` read as ``C >= n`` (the module's law), else ``q``."""
    if (not isinstance(q, ir.Select) or not isinstance(t := q.source, ir.Scan) or not q.aggregate
            or q.having is not None or q.bare_from is not None or q.limit is not None
            or q.offset or q.distinct or _collated(t, schema)):
        return q
    aggs = [i for i in q.items if isinstance(i, ir.Agg)]
    fns, args = {i.fn for i in aggs}, {i.arg for i in aggs}
    if len(fns) != 1 or len(args) != 1 or any(not isinstance(i, ir.Agg) and i not in q.group_by
                                              for i in q.items):
        return q
    fn, x = fns.pop(), args.pop()
    if (fn not in _ABOVE or not isinstance(x, ir.Col) or x.alias != t.alias
            or not _exact(x, x, typed)):
        return q
    group = {_col_name(g, t) for g in q.group_by}
    conds = [count_offset_comparison(c) for c in _conjuncts(q.where)]
    for i, c in enumerate(conds):
        sub, n = _cut(c)
        links = None if sub is None else _ranks(sub.query, t, x, _ABOVE[fn], conds[:i] + conds[i + 1:])
        if links is None or (q.group_by and set(links) != group) or None in group:
            continue
        conds[i] = ir.Cmp(CmpOp.GE, sub, n, c.ty)
        return dataclasses.replace(q, where=_and(conds))
    return q


def _col_name(g, t: ir.Scan):
    """The name of a GROUP BY key that is a column of ``t``, else None."""
    return g.name if isinstance(g, ir.Col) and g.alias == t.alias else None


def distinct_rank_cut_as_group(q, schema: Schema, typed: bool):
    """``SELECT DISTINCT p.., x FROM t WHERE w AND C = n``, ``C`` the rank count of ``x`` in
    the partition linked on exactly ``p..`` (``_ranks``), ``n >= 1``, as ``SELECT p..,
    MAX(x) FROM t WHERE w AND C = n GROUP BY p..`` (MIN for ``<``); see the module
    docstring."""
    if (not isinstance(q, ir.Select) or not isinstance(t := q.source, ir.Scan) or not q.distinct
            or q.aggregate or q.group_by or q.having is not None or q.bare_from is not None
            or q.limit is not None or q.offset or q.order or _collated(t, schema)
            or not all(isinstance(i, ir.Col) and i.alias == t.alias and _exact(i, i, typed)
                       for i in q.items)):
        return q
    conds = [count_offset_comparison(c) for c in _conjuncts(q.where)]
    names = {i.name for i in q.items}
    for i, c in enumerate(conds):
        sub, n = _cut(c)
        if sub is None or n.value < 1:
            continue
        for x in q.items:
            for fn, above in _ABOVE.items():
                links = _ranks(sub.query, t, x, above, conds[:i] + conds[i + 1:])
                if links is None or set(links) | {x.name} != names or x.name in links:
                    continue
                items = tuple(ir.Agg(fn, y, False, y.ty) if y.name == x.name else y for y in q.items)
                keys = tuple(y for y in q.items if y.name in links)
                return dataclasses.replace(q, distinct=False, aggregate=True, items=items,
                                           group_by=tuple({y.name: y for y in keys}.values()))
    return q


def _cut(c):
    """(the count subquery, the literal n) of ``c``: ``(SELECT COUNT ..) = n``, n >= 0."""
    if not isinstance(c, ir.Cmp) or c.op != CmpOp.EQ or c.conv:
        return None, None
    for sub, lit in ((c.left, c.right), (c.right, c.left)):
        if isinstance(sub, ir.ScalarSub) and (n := _int_lit(lit)) is not None and n >= 0:
            return sub, lit
    return None, None


def _ranks(s, t: ir.Scan, x: ir.Col, above: CmpOp, rest: list) -> list | None:
    """Is ``s`` ``SELECT COUNT(DISTINCT s.x) FROM t s WHERE w(s) AND s.x above t.x``, its
    other conjuncts links ``s.p IS t.p`` (``=``) and the outer conjuncts ``rest`` read on
    ``s`` (``t.x IS NOT NULL`` aside: ``s.x above t.x`` holds it)?"""
    if (not isinstance(s, ir.Select) or not isinstance(u := s.source, ir.Scan) or u.table != t.table
            or not s.aggregate or s.group_by or s.having is not None or s.limit is not None
            or s.offset or s.bare_from is not None or len(s.items) != 1):
        return None
    item, own = s.items[0], ir.Col(u.alias, x.name, x.ty, x.affinity)
    if not (isinstance(item, ir.Agg) and item.fn == AggFn.COUNT and item.distinct and item.arg == own):
        return None
    order, links, filters = 0, [], []
    for c in _conjuncts(s.where):
        if _compares(c, own, x, above):
            order += 1
        elif _links(c, u, t):
            links.append(c)
        else:
            filters.append(c)
    if order != 1 or any(y.alias != u.alias for y in ir.nodes(filters) if isinstance(y, ir.Col)):
        return None  # (a filter linking s to t otherwise would make no partition)
    rep = {(u.alias, n): ir.Col(t.alias, n, ty, aff) for n, ty, aff in u.columns}
    read = {_key(_replace_cols(c, rep)) for c in filters if _not_null_col(c) != (u.alias, x.name)}
    outer = [c for c in rest if _not_null_col(c) != (t.alias, x.name)]
    if any(_has_sub(c) for c in outer) or any(_has_sub(c) for c in filters):
        return None
    if read != {_key(c) for c in outer}:
        return None
    return [_linked(c, t) for c in links]


def _compares(c, own: ir.Col, x: ir.Col, above: CmpOp) -> bool:
    """Is ``c`` ``own above x`` (or mirrored), without conversion?"""
    if not isinstance(c, ir.Cmp) or c.conv:
        return False
    return (c.op == above and c.left == own and c.right == x) or (
        c.op == _MIRROR[above] and c.left == x and c.right == own)


def _links(c, u: ir.Scan, t: ir.Scan) -> bool:
    """Is ``c`` ``u.p IS t.p`` or ``u.p = t.p`` of one column ``p``, without conversion?"""
    if not isinstance(c, ir.Cmp) or c.conv or c.op not in (CmpOp.IS, CmpOp.EQ):
        return False
    a, b = c.left, c.right
    if isinstance(a, ir.Col) and a.alias == t.alias:
        a, b = b, a
    return (isinstance(a, ir.Col) and isinstance(b, ir.Col) and a.alias == u.alias
            and b.alias == t.alias and a.name == b.name)


def _linked(c: ir.Cmp, t: ir.Scan) -> str:
    """The column name a link ``u.p IS t.p`` (``_links``) reads."""
    return c.left.name


def offset_as_rank_cut(q, schema: Schema, typed: bool):
    """``q`` with its scalar subqueries ``(SELECT DISTINCT x .. ORDER BY x DESC LIMIT 1
    OFFSET m)``, ``m >= 2``, as the greatest value of the rank cut (the module's law)."""
    out = _deep(q, lambda e: _offset_cut(e, schema, typed))
    return q if out is q else _unwrapped(out)


def _offset_cut(e, schema: Schema, typed: bool):
    if not (isinstance(e, ir.ScalarSub) and isinstance(q := e.query, ir.Select)):
        return e
    if not (q.distinct and q.limit == 1 and q.offset >= 2 and not q.aggregate and not q.group_by
            and q.having is None and q.bare_from is None and isinstance(scan := q.source, ir.Scan)
            and len(q.items) == 1 and isinstance(x := q.items[0], ir.Col) and _windowless(q)
            and not _collated(scan, schema)):
        return e
    conds = _conjuncts(q.where)
    if not (_identity_key(x, {scan.alias: scan}, schema, typed)
            and all(isinstance(y, _PURE) for c in conds for y in ir.local_nodes(c))):
        return e
    non_null = any(_not_null(c, x) for c in conds) or schema.table(scan.table).never_null(x.name)
    keys = [(k, d) for k, d in q.order if not (non_null and _null_flag_of(k, x))]
    if len(keys) != 1 or keys[0][0] != x or not (keys[0][1] or non_null):
        return e
    fn = AggFn.MAX if keys[0][1] else AggFn.MIN
    other = scan.alias + "_above"
    rep = {(scan.alias, n): ir.Col(other, n, ty, aff) for n, ty, aff in scan.columns}
    own = rep[(scan.alias, x.name)]
    count = ir.Select(dataclasses.replace(scan, alias=other),
                      _and([*(_replace_cols(c, rep) for c in conds), ir.Cmp(_ABOVE[fn], own, x)]), (), None,
                      (ir.Agg(AggFn.COUNT, own, True, Ty.INT),), False, (), None, 0, True, ())
    cut = ir.Cmp(CmpOp.GE, ir.ScalarSub(count, Ty.INT), ir.Lit(q.offset, Ty.INT))
    top = ir.Select(scan, _and([*conds, cut]), (), None, (ir.Agg(fn, x, False, x.ty),), False,
                    (), None, 0, True, ())
    return dataclasses.replace(e, query=top)


RANK_CUT_RULE = (
    "extremum_of_rank_cut", "SELECT MAX(x) FROM t WHERE w AND (SELECT COUNT(DISTINCT s.x) FROM "
    "t s WHERE w(s) [AND s.p IS t.p] AND s.x > t.x) = n is the same with >= n (MIN, <): the "
    "greatest value ranked n + 1 or lower is ranked n + 1 (same filter inside and out; x of "
    "equal values identical, BINARY; under GROUP BY the linked keys)", ("select",),
    lambda canon, q, ctx: extremum_of_rank_cut(q, canon.schema, canon.typed), True)

DISTINCT_CUT_RULE = (
    "distinct_rank_cut_as_group", "SELECT DISTINCT p.., x FROM t WHERE w AND (SELECT COUNT("
    "DISTINCT s.x) FROM t s WHERE w(s) AND s.p IS t.p .. AND s.x > t.x) = n, n >= 1, is SELECT "
    "p.., MAX(x) FROM t WHERE .. GROUP BY p.. (<: MIN): the rows of one rank in a partition "
    "hold one value (equal values identical, BINARY)", ("select",),
    lambda canon, q, ctx: distinct_rank_cut_as_group(q, canon.schema, canon.typed), True)


OFFSET_CUT_RULE = (
    "offset_as_rank_cut", "(SELECT DISTINCT x FROM T WHERE w ORDER BY x DESC LIMIT 1 OFFSET m), "
    "m >= 2, rows tied on x of one value, w deterministic, is (SELECT MAX(x) FROM T WHERE w AND "
    "(SELECT COUNT(DISTINCT s.x) FROM T s WHERE w(s) AND s.x > x) >= m) (ASC: MIN, <, x never "
    "NULL): the (m+1)-th distinct value as the greatest of the rows m values below the top",
    ("select",), lambda canon, q, ctx: offset_as_rank_cut(q, canon.schema, canon.typed), True)
