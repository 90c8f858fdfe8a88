"""A view's whole-partition window aggregates as correlated subqueries, so a filter on them
merges (issue 25, i41a): ``window_aggregates_below_view``.

``SELECT id FROM (SELECT id, x, AVG(x) OVER (PARTITION BY g) AS a FROM t WHERE w) AS d
WHERE x > a`` ("above the group's average") cannot merge as it stands: a WHERE cannot read a
window (``merge_windowed_derived`` merges only a view whose windows the outer WHERE does
not read). ``window_aggregate_as_subquery`` (``partitions.py``) holds inside the view: over
its one table, ``AGG(x) OVER (PARTITION BY p)`` whose frame is the whole partition is the
correlated ``(SELECT AGG(x2) FROM t t2 WHERE w(t2) AND t2.p IS p)``. Rewritten there, the
view is plain and merges (a subquery in an item is a value of its row like any other), and
the filter reads the subquery the textbook form compares. The law and its conditions are
``window_aggregate_as_subquery``'s (ordered-blind aggregates, BINARY collation, no
subquery in the view's WHERE); this rule only applies it one select up, as
``window_views.windows_below_view`` does for ranks and running frames.

One widening (round 60, i60f, "the longest ticket per location, with ties": ``MAX(closed -
opened) OVER (PARTITION BY location) AS top`` .. ``WHERE m = top``): a view item that is a
MIN/MAX window of any expression (not only a column), read by the outer select only as an
operand of comparisons (no conversion, the other operand not of TEXT affinity). Among tied
values MIN/MAX return whichever they meet first, so the window and the subquery may return
2 and 2.0; those compare alike with every value when no affinity turns them into text
('2' against '2.0'). Text and blob ties are identical under BINARY. Near misses: the window
projected, compared with a TEXT column."""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.affinity import _aff
from ..ir.kinds import Affinity, WindowFn
from .partitions import window_aggregate_as_subquery


def window_aggregates_below_view(q, schema: Schema):
    """``q`` with its derived table's (the whole FROM) whole-partition window aggregates as
    correlated subqueries when its WHERE reads a window of the view, else ``q``."""
    if not (isinstance(q, ir.Select) and isinstance(d := q.source, ir.Derived)
            and isinstance(d.query, ir.Select) and len(set(d.names)) == len(d.names)):
        return q
    windowed = {n for n, e in zip(d.names, d.query.items, strict=True)
                if any(isinstance(y, ir.Window) for y in ir.nodes(e))}
    if not any(isinstance(y, ir.Col) and y.alias == d.alias and y.name in windowed
               for y in ir.nodes(q.where)):
        return q  # (no filter on a window: ``merge_windowed_derived`` merges such a view)
    inner = window_aggregate_as_subquery(d.query, schema, _compared_only(q, d))
    if inner is d.query:
        return q
    return dataclasses.replace(q, source=dataclasses.replace(d, query=inner))


def _compared_only(q, d: ir.Derived) -> frozenset:
    """The indices of ``d``'s items that are a MIN/MAX window read by ``q`` only as an operand
    of a comparison without conversion whose other operand is not of TEXT affinity."""
    reads, compared = {}, {}
    for y in ir.nodes(q):
        if isinstance(y, ir.Col) and y.alias == d.alias:
            reads[y.name] = reads.get(y.name, 0) + 1
        if isinstance(y, ir.Cmp) and not y.conv:
            for a, b in ((y.left, y.right), (y.right, y.left)):
                if isinstance(a, ir.Col) and a.alias == d.alias and _aff(b) != Affinity.TEXT:
                    compared[a.name] = compared.get(a.name, 0) + 1
    return frozenset(
        n for n, (name, e) in enumerate(zip(d.names, d.query.items, strict=True))
        if isinstance(e, ir.Window) and e.fn in (WindowFn.MIN, WindowFn.MAX)
        and reads.get(name, 0) == compared.get(name, 0))


VIEW_AGGREGATE_RULE = (
    "window_aggregates_below_view", "a whole-partition window aggregate of a derived table "
    "(the whole FROM) that window_aggregate_as_subquery rewrites, under an outer WHERE reading "
    "a window of it, is its correlated subquery there, so the view merges and the filter reads "
    "the subquery (last among the select's rules)", ("select",),
    lambda canon, q, ctx: window_aggregates_below_view(q, canon.schema), True)
