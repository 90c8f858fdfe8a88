"""LIMIT, OFFSET and ORDER BY: ``combine_limits``, ``union_top_n``, ``redundant_cut``,
``project_through_limit``, ``limit_into_outer_join``.

Each law holds on every database under the ``ties_broken_alike`` assumption: where a LIMIT
cuts through rows tied under the ORDER BY, both queries are taken to break the tie the same
way (one order of the rows that extends the ORDER BY), which is what a proof with a LIMIT
states (``prover.has_limit``).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import JoinKind, SetOpKind
from .empty import uncut_rows
from .terms import _has_sub, _key, _replace_cols, _windowless
from .unions import inline_projection

_UNION = SetOpKind.UNION  # (a module name: read at every query visited)


def _top(q) -> bool:
    """A select that only projects, sorts and cuts the rows of its one derived table."""
    return (isinstance(q, ir.Select) and isinstance(q.source, ir.Derived) and q.where is None
            and not q.aggregate and not q.group_by and q.having is None and not q.distinct
            and q.bare_from is None and _windowless(q) and bool(q.order)
            and len(set(q.source.names)) == len(q.source.names)
            and not any(_has_sub(x) for x in (*q.items, *(k for k, _ in q.order))))


def _same_order(a, b) -> bool:
    return len(a) == len(b) and all(_key(x) == _key(y) and dx == dy
                                    for (x, dx), (y, dy) in zip(a, b, strict=True))


def combine_limits(q):
    """``SELECT f(d.x) FROM (SELECT x ... ORDER BY o LIMIT n1 OFFSET m1) AS d ORDER BY o
    LIMIT n2 OFFSET m2`` (the outer query sorts by the inner's keys, as the inner does) is
    ``SELECT f(x) ... ORDER BY o LIMIT min(n1 - m2, n2) OFFSET m1 + m2``: the outer query
    reads the inner's rows in the inner's order (Spark's CombineLimits). Not when the inner
    query is DISTINCT and the outer projects other columns (duplicates would change)."""
    if not _top(q):
        return q
    d, inner = q.source, q.source.query
    if not (isinstance(inner, ir.Select) and inner.order and (inner.limit is not None or inner.offset)):
        return q
    rep = {(d.alias, n): e for n, e in zip(d.names, inner.items, strict=True)}
    if not _same_order(_replace_cols(q.order, rep), inner.order):
        return q
    items = _replace_cols(q.items, rep)
    if inner.distinct and [_key(i) for i in items] != [_key(i) for i in inner.items]:
        return q
    room = None if inner.limit is None else max(inner.limit - q.offset, 0)
    cuts = [n for n in (room, q.limit) if n is not None]
    return dataclasses.replace(inner, items=items, names=(), limit=min(cuts) if cuts else None,
                               offset=inner.offset + q.offset)


def _union_all_leaves(q, f):
    """``q`` (a tree of UNION ALL without ORDER BY/LIMIT of its own) with ``f`` applied to
    each operand that is a select; None when ``q`` is another compound."""
    if isinstance(q, ir.SetOp):
        if not (q.op == _UNION and q.all and not q.order and q.limit is None and not q.offset):
            return None
        left, right = _union_all_leaves(q.left, f), _union_all_leaves(q.right, f)
        if left is None or right is None:
            return None
        return q if (left is q.left and right is q.right) else dataclasses.replace(q, left=left, right=right)
    return f(q)


def union_top_n(q):
    """``A UNION ALL B ORDER BY k LIMIT n OFFSET m`` where an operand is itself ``ORDER BY
    k LIMIT n'`` with ``n' >= n + m`` (no OFFSET): the operand's LIMIT goes. The first ``n +
    m`` rows of the union come from the first ``n + m`` rows of each operand (Calcite's
    SortUnionTransposeRule, read backwards). Also where a select sorts and cuts the rows of
    a derived UNION ALL (``SELECT d.x FROM (A UNION ALL B) AS d ORDER BY f(d.x) LIMIT n``):
    then ``k`` is ``f`` of the operand's columns. Without ORDER BY on both (every row ties)
    too, StarRocks' PushDownLimitUnionRule read backwards: the rows a LIMIT keeps are its
    input's first in the order ties are broken in, alike in both queries (the proof states
    ``ties_broken_alike``; a count of the rows never reads which)."""
    if isinstance(q, ir.SetOp):
        if not (q.op == _UNION and q.all and q.limit is not None):
            return q
        setop, need = q, q.limit + q.offset

        def keys(y):
            return tuple((y.items[pos], desc) for pos, desc in q.order)
    else:
        if not (_top(q) and isinstance(q.source.query, ir.SetOp) and q.limit is not None):
            return q
        d, setop, need = q.source, q.source.query, q.limit + q.offset
        if setop.order or setop.limit is not None or setop.offset:
            return q

        def keys(y):
            return _replace_cols(q.order, dict(zip(((d.alias, n) for n in d.names), y.items,
                                                   strict=True)))

    def cut(x):
        y = inline_projection(x) if isinstance(x, ir.Select) else x
        if not (isinstance(y, ir.Select) and y.limit is not None and y.limit >= need
                and not y.offset and y.bare_from is None and _windowless(y)
                and _same_order(keys(y), y.order)):
            return x
        return dataclasses.replace(y, order=(), limit=None)

    if not (setop.op == _UNION and setop.all):
        return q
    left, right = _union_all_leaves(setop.left, cut), _union_all_leaves(setop.right, cut)
    if left is None or right is None or (left is setop.left and right is setop.right):
        return q
    new = dataclasses.replace(setop, left=left, right=right)
    return new if isinstance(q, ir.SetOp) else dataclasses.replace(q, source=dataclasses.replace(d, query=new))


def redundant_cut(q):
    """A LIMIT n where the query holds at most n rows past its OFFSET (``empty.uncut_rows``:
    an aggregate without GROUP BY, a LIMIT below) goes; so does the ORDER BY of at most one
    row without OFFSET. The LIMIT never cuts (no tie either). Calcite's
    SortRemoveRedundantRule ("a Sort whose input has at most fetch rows ... is removed"),
    Spark's EliminateLimits ("the limit is not smaller than the child's maximum row count")."""
    if not isinstance(q, ir.Select | ir.SetOp):
        return q
    n = uncut_rows(q)
    if n is None:
        return q
    limit, order = q.limit, q.order
    if limit is not None and 0 <= max(n - q.offset, 0) <= limit:
        limit = None
    if n <= 1 and not q.offset and limit is None:
        order = ()
    if limit == q.limit and order == q.order:
        return q
    return dataclasses.replace(q, limit=limit, order=order)


def project_through_limit(q, sensitive: bool):
    """``SELECT f(d.x) FROM (SELECT x ... ORDER BY o LIMIT n OFFSET m) AS d`` (the outer
    select only computes items, no DISTINCT, aggregate, window or subquery; the consumer
    reads no row order) is ``SELECT f(x) ... ORDER BY o LIMIT n OFFSET m`` (the inner not
    DISTINCT): one output row per kept inner row (Spark's PushProjectionThroughLimit:
    "Pushes Project operator through Limit operator"; Calcite's SortProjectTransposeRule)."""
    if sensitive or not (isinstance(q, ir.Select) and isinstance(q.source, ir.Derived)
                         and q.where is None and not q.aggregate and not q.group_by
                         and q.having is None and not q.distinct and not q.order
                         and q.limit is None and not q.offset and q.bare_from is None
                         and _windowless(q) and not any(_has_sub(i) for i in q.items)):
        return q
    d, inner = q.source, q.source.query
    if not (isinstance(inner, ir.Select) and inner.order and (inner.limit is not None or inner.offset)
            and not inner.distinct and inner.bare_from is None and _windowless(inner)):
        return q
    rep = {(d.alias, n): e for n, e in zip(d.names, inner.items, strict=True)}
    return dataclasses.replace(inner, items=_replace_cols(q.items, rep), names=())


def _preserved(src, d) -> bool:
    """Is the derived table ``d`` the leftmost source of a tree of LEFT JOINs (each of its
    rows gives at least one joined row)?"""
    while isinstance(src, ir.Join):
        if src.kind != JoinKind.LEFT:
            return False
        src = src.left
    return src is d


def _keyed(inner: ir.Select, schema) -> bool:
    """Do the inner select's ORDER BY keys hold the whole never-NULL primary key of its one
    table (no two of its rows tie)?"""
    scan = inner.source
    if not isinstance(scan, ir.Scan) or inner.aggregate or inner.distinct:
        return False
    table = schema.table(scan.table)
    keys = {k.name.lower() for k, _ in inner.order if isinstance(k, ir.Col) and k.alias == scan.alias}
    return table.key_never_null and all(c.lower() in keys for c in table.primary_key)


def limit_into_outer_join(q, schema):
    """``SELECT .. FROM (SELECT .. ORDER BY k LIMIT n') AS d LEFT JOIN B .. ORDER BY k, e
    LIMIT n OFFSET m`` with n' >= n + m (no inner OFFSET; the outer select has no WHERE,
    grouping, DISTINCT, window or subquery) is the same without the inner ORDER BY/LIMIT:
    every d row gives at least one joined row, so the first n + m joined rows in k order
    come from the first n' rows of d (Calcite's SortJoinTransposeRule: "pushes a Sort past a
    LEFT join ... sort keys from the left input"; Spark's LimitPushDown into the preserved
    side of an outer join). Outer keys e past k only when k holds d's table key (no tie in d
    that e could break otherwise)."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Join) and q.order
            and q.limit is not None and q.limit >= 0 and q.where is None and not q.aggregate
            and not q.group_by and not q.distinct and q.bare_from is None and _windowless(q)
            and not any(_has_sub(x) for x in (*q.items, *(k for k, _ in q.order)))):
        return q
    d = q.source
    while isinstance(d, ir.Join):
        d = d.left
    if not (isinstance(d, ir.Derived) and _preserved(q.source, d)):
        return q
    inner = d.query
    if not (isinstance(inner, ir.Select) and inner.order and inner.limit is not None
            and inner.limit >= q.limit + q.offset and not inner.offset
            and inner.bare_from is None and _windowless(inner)
            and len(set(d.names)) == len(d.names)):
        return q
    rep = {(d.alias, n): e for n, e in zip(d.names, inner.items, strict=True)}
    outer = _replace_cols(q.order[:len(inner.order)], rep)
    if not _same_order(outer, inner.order):
        return q
    if len(q.order) > len(inner.order) and not _keyed(inner, schema):
        return q
    if any(_has_sub(k) for k, _ in inner.order):
        return q
    new_d = dataclasses.replace(d, query=dataclasses.replace(inner, order=(), limit=None))
    return dataclasses.replace(q, source=_swap_leftmost(q.source, new_d))


def _swap_leftmost(src, new):
    if isinstance(src, ir.Join):
        return dataclasses.replace(src, left=_swap_leftmost(src.left, new))
    return new
