"""Aggregate distribution: ``merge_aggregates``, ``merge_distinct``, ``single_row_groups``,
``group_by_as_distinct``."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, Ty
from .terms import _has_agg, _key, _map_children, _windowless, constant

_MERGED = {(AggFn.SUM, AggFn.SUM), (AggFn.MIN, AggFn.MIN), (AggFn.MAX, AggFn.MAX), (AggFn.SUM, AggFn.COUNT), (AggFn.SUM, AggFn.COUNT_STAR)}


def merge_aggregates(q: ir.Select):
    """``SELECT k, SUM(s) FROM (SELECT k, j, SUM(x) AS s ... GROUP BY k, j) GROUP BY k`` is
    ``SELECT k, SUM(x) ... GROUP BY k``: SUM of integer SUMs, MIN of MINs, MAX of MAXes and
    SUM of COUNTs aggregate the same rows, when the outer keys are inner keys and the inner
    query has no HAVING (an outer group exists iff one of its inner groups does). None when
    the shape differs."""
    d = q.source
    if not (q.aggregate and q.group_by and q.where is None and q.bare_from is None
            and isinstance(d, ir.Derived) and len(set(d.names)) == len(d.names)):
        return None
    inner = d.query
    if not (isinstance(inner, ir.Select) and inner.aggregate and inner.group_by
            and inner.having is None and not inner.distinct and inner.limit is None
            and not inner.offset and inner.bare_from is None and _windowless(inner)):
        return None
    item = dict(zip(d.names, inner.items, strict=True))
    inner_keys = {_key(g) for g in inner.group_by}
    rep = {}
    for n, e in item.items():
        if _key(e) in inner_keys:
            rep[(d.alias, n)] = e
    failed = []

    def over(e):
        if isinstance(e, ir.Agg):  # an aggregate of the inner groups: only the merged kinds
            src = item.get(e.arg.name) if isinstance(e.arg, ir.Col) and e.arg.alias == d.alias else None
            if (isinstance(src, ir.Agg) and not e.distinct and (e.fn, src.fn) in _MERGED
                    and (e.fn != AggFn.SUM or src.fn != AggFn.SUM or src.ty == Ty.INT)):
                return src
            failed.append(e)
        elif isinstance(e, ir.Col) and e.alias == d.alias:
            if (d.alias, e.name) in rep:
                return rep[(d.alias, e.name)]
            failed.append(e)
        return e

    out = _read_inner(q, inner, over)
    return None if failed else out


def merge_distinct(q: ir.Select):
    """``SELECT k, MAX(x) FROM (SELECT DISTINCT k, x ...) AS d GROUP BY k`` is ``SELECT k,
    MAX(x) ... GROUP BY k``: the DISTINCT drops repeated rows only, and the outer query
    reads ``d`` through group keys and aggregates blind to repeats (MIN, MAX, and COUNT,
    SUM, AVG, TOTAL of DISTINCT values), so each group sees the same values. None when the
    shape differs (Spark's RemoveRedundantAggregates; Calcite's
    AggregateRemoveRule)."""
    d = q.source
    if not (q.aggregate and q.group_by and q.where is None and q.bare_from is None
            and isinstance(d, ir.Derived) and len(set(d.names)) == len(d.names)):
        return None
    inner = group_by_as_distinct(d.query) if isinstance(d.query, ir.Select) else d.query
    if not (isinstance(inner, ir.Select) and inner.distinct and not inner.aggregate
            and inner.limit is None and not inner.offset and inner.bare_from is None
            and _windowless(inner)):
        return None
    item = dict(zip(d.names, inner.items, strict=True))
    keys = {(g.alias, g.name) for g in q.group_by if isinstance(g, ir.Col)}
    if len(keys) != len(q.group_by) or any(a != d.alias for a, _ in keys):
        return None
    reads = (q.items, q.having, tuple(k for k, _ in q.order))
    if any(isinstance(y, (ir.InSub, ir.Exists, ir.ScalarSub)) for y in ir.local_nodes(reads)):
        return None  # a subquery may read d's columns, which the rewrite removes
    failed = []

    def column(e):
        if isinstance(e, ir.Col) and e.alias == d.alias:
            return item[e.name] if e.name in item else failed.append(e) or e
        return e

    def over(e):
        if isinstance(e, ir.Agg):
            if e.arg is not None and (e.fn in (AggFn.MIN, AggFn.MAX) or (
                    e.distinct and e.fn in (AggFn.COUNT, AggFn.SUM, AggFn.AVG, AggFn.TOTAL))):
                return dataclasses.replace(e, arg=_map_top(e.arg, column))
            failed.append(e)  # COUNT(*), SUM(x), ...: the number of repeats matters
        elif isinstance(e, ir.Col) and e.alias == d.alias:
            if (e.alias, e.name) in keys:
                return column(e)
            failed.append(e)  # a bare column: which row it reads may differ
        return e

    out = _read_inner(q, inner, over)
    return None if failed else out


def _read_inner(q: ir.Select, inner: ir.Select, over) -> ir.Select:
    """``q`` reading the source and WHERE of its derived table's ``inner`` query directly,
    its expressions mapped top-down by ``over``."""
    def merged(x):
        return _map_top(x, over)

    return dataclasses.replace(q, source=inner.source, where=inner.where,
                               group_by=tuple(merged(g) for g in q.group_by),
                               having=merged(q.having), items=tuple(merged(i) for i in q.items),
                               order=tuple((merged(k), desc) for k, desc in q.order), names=())


def _map_top(e, f):
    """``e`` with ``f`` applied top-down, not below an aggregate ``f`` replaced."""
    if e is None or not isinstance(e, ir.Expr):
        return e
    y = f(e)
    if y is not e:
        return y
    if isinstance(e, (ir.InSub, ir.Exists, ir.ScalarSub)):
        return e
    return _map_children(e, lambda c: _map_top(c, f))


def single_row_groups(items, having, order, group, key_sets):
    """GROUP BY columns that identify the joined row (``key_sets``: sets of columns) makes
    each group one row: MIN, MAX and SUM of a value are the value, COUNT(*) is 1. Returns
    (items, having, order) without aggregates, or None when another aggregate is read."""
    cols = {(g.alias, g.name) for g in group if isinstance(g, ir.Col)}
    if not any(k <= cols for k in key_sets):
        return None
    failed = []

    def one(e):
        if isinstance(e, ir.Agg):
            if e.fn in (AggFn.MIN, AggFn.MAX, AggFn.SUM) and e.arg is not None:
                return e.arg
            if e.fn == AggFn.COUNT_STAR:
                return ir.Lit(1, Ty.INT)
            failed.append(e)
        return e

    out = (tuple(_map_top(i, one) for i in items), _map_top(having, one),
           tuple((_map_top(k, one), d) for k, d in order))
    return None if failed else out


# ---- outer joins




def _varying(exprs) -> set[str]:
    return {_key(e) for e in exprs if not constant(e)}


def group_by_as_distinct(q: ir.Select) -> ir.Select:
    """``SELECT x, y ... GROUP BY x, y`` without aggregates or HAVING: one row per distinct
    ``(x, y)``, i.e. ``SELECT DISTINCT x, y`` (constants aside, in items or keys)."""
    if (q.aggregate and q.group_by and q.having is None and q.bare_from is None
            and not any(_has_agg(e) for e in (*q.items, *(k for k, _ in q.order)))
            and _varying(q.items) == _varying(q.group_by) != set()):
        return dataclasses.replace(q, aggregate=False, group_by=(), distinct=True)
    return q
