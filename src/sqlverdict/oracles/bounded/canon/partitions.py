"""Aggregates over a whole partition (issue 25, round 3): Calcite's ProjectToWindowRule and
its reverse, as Calcite-based tools print them.

- ``window_aggregate_as_subquery``: over one table, ``AGG(x) OVER (PARTITION BY p ..)``
  whose frame is the whole partition is the correlated ``(SELECT AGG(x) FROM t AS t2 WHERE
  w(t2) AND t2.p IS p ..)``; ``OVER ()`` is the uncorrelated scalar subquery;
- ``left_join_group_as_subquery``: ``o LEFT JOIN (SELECT g.., AGG(x) AS a .. GROUP BY g..)
  AS d ON d.g IS o.g ..`` (or ``=``) read only through its aggregates is ``o`` with each
  ``d.a`` the correlated ``(SELECT AGG(x) .. WHERE w AND g IS o.g ..)``.

Both end at the same correlated form, so a window and its grouped join meet there.
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import (
    Affinity,
    AggFn,
    CmpOp,
    FrameBound,
    FrameExclude,
    FrameUnit,
    JoinKind,
    Ty,
    WindowFn,
)
from .terms import _and, _conjuncts, _has_sub, _key, _plain_grouped, _replace_cols, _windowless
from .views import _null_over_no_rows
from .windows import _collated, _map_windows

_AGG_OF = {WindowFn.COUNT_STAR: AggFn.COUNT_STAR, WindowFn.COUNT: AggFn.COUNT,
           WindowFn.SUM: AggFn.SUM, WindowFn.AVG: AggFn.AVG, WindowFn.MIN: AggFn.MIN,
           WindowFn.MAX: AggFn.MAX}
# columns whose equal values are one value (no 1 beside 1.0, no '1' beside 1): MIN/MAX
# return the same value whichever of equal rows they meet first
_CANONICAL_AFFINITY = (Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC, Affinity.TEXT)


def _whole_partition(w: ir.Window) -> bool:
    """Does the frame of ``w`` hold every row of its partition? Without ORDER BY every row
    is a peer of every other, so a RANGE or GROUPS frame from UNBOUNDED PRECEDING or
    CURRENT ROW to CURRENT ROW or UNBOUNDED FOLLOWING (the default frame among them) holds
    all; with ORDER BY only UNBOUNDED PRECEDING to UNBOUNDED FOLLOWING. Nothing excluded."""
    if not w.frame:
        return not w.order
    unit, (start, _), (end, _), exclude = w.frame
    if exclude != FrameExclude.NO_OTHERS:
        return False
    if start == FrameBound.UNBOUNDED_PRECEDING and end == FrameBound.UNBOUNDED_FOLLOWING:
        return True
    return (not w.order and unit != FrameUnit.ROWS
            and start in (FrameBound.UNBOUNDED_PRECEDING, FrameBound.CURRENT)
            and end in (FrameBound.CURRENT, FrameBound.UNBOUNDED_FOLLOWING))


def _order_blind(fn: AggFn, args: tuple, reals: bool = False) -> bool:
    """Does ``fn(args)`` give one value whatever order it reads the rows in? COUNT always;
    SUM and AVG of integers (exact: a real's rounding follows the order; ``reals``: of reals
    too, for a law whose proof states ``exact_reals``, ``proofs.REORDERING``); MIN and MAX
    of a column whose equal values are one value."""
    if fn in (AggFn.COUNT_STAR, AggFn.COUNT):
        return True
    (x,) = args
    if fn in (AggFn.SUM, AggFn.AVG):
        return x.ty == Ty.INT or (reals and x.ty == Ty.REAL)
    return isinstance(x, ir.Col) and x.affinity in _CANONICAL_AFFINITY


# ---- ProjectToWindowRule: a window aggregate over a whole partition as a subquery


def window_aggregate_as_subquery(q: ir.Select, schema: Schema, compared=frozenset()) -> ir.Select:
    """Calcite ProjectToWindowRule ("a window aggregate in a projection"), as Calcite-based
    tools print it: over one table ``t`` (rows kept by WHERE ``w``, no GROUP BY),
    ``AGG(x) OVER (PARTITION BY p ..)`` whose frame holds the whole partition is ``(SELECT
    AGG(x2) FROM t AS t2 WHERE w(t2) AND t2.p IS p ..)``: the partition of a row is the kept
    rows with its keys (``IS``: NULL keys form one partition, as in PARTITION BY; the
    binary collation, as PARTITION BY of a BINARY column compares), never empty, and the
    aggregate reads them in an order it is blind to (``_order_blind``; SUM/AVG of reals add
    in the subquery's order: the proof states ``exact_reals``, OceanBase's window magic read
    back). ``OVER ()`` is the uncorrelated subquery over every kept row. The items numbered in
    ``compared`` are read only as compared values (``view_aggregates``): MIN/MAX of any
    expression there, since tied values (2 beside 2.0) compare alike."""
    if (not isinstance(q, ir.Select) or not isinstance(q.source, ir.Scan) or q.aggregate
            or q.group_by or q.having is not None or q.bare_from is not None
            or _has_sub(q.where) or _collated(q.source, schema)):
        return q
    scan = q.source
    items = tuple(_map_windows(i, lambda w, n=n: _aggregate_of(w, scan, q.where, n in compared))
                  for n, i in enumerate(q.items))
    return q if items == q.items else dataclasses.replace(q, items=items)


def _aggregate_of(w: ir.Window, scan: ir.Scan, where, compared: bool = False):
    fn = _AGG_OF.get(w.fn)
    blind = _order_blind(fn, w.args, reals=True) if fn else False
    if fn is None or not _whole_partition(w) or not (blind or (compared and fn in (AggFn.MIN, AggFn.MAX))):
        return w
    reads = [y for y in ir.local_nodes((w.partition, w.args)) if isinstance(y, ir.Col)]
    if any(c.alias != scan.alias for c in reads) or _has_sub((w.partition, w.args)):
        return w
    if not all(isinstance(p, ir.Col) for p in w.partition):
        return w
    alias = f"{scan.alias}_partition"  # sorts after the outer alias, as a name it extends
    rep = {(scan.alias, c): ir.Col(alias, c, ty, aff) for c, ty, aff in scan.columns}
    inner = lambda e: _replace_cols(e, rep)  # noqa: E731
    conds = [ir.Cmp(CmpOp.IS, *sorted((p, inner(p)), key=_key)) for p in w.partition]  # as lowered
    arg = inner(w.args[0]) if w.args else None
    agg = ir.Agg(fn, arg, False, w.ty)
    sub = ir.Select(source=dataclasses.replace(scan, alias=alias),
                    where=_and(_conjuncts(inner(where)) + conds), group_by=(), having=None,
                    items=(agg,), distinct=False, order=(), limit=None, offset=0, aggregate=True)
    return ir.ScalarSub(sub, w.ty)


# ---- ProjectToWindowRule reversed: a grouped table joined null-safely on its keys


def left_join_group_as_subquery(q: ir.Select, schema: Schema) -> ir.Select:
    """``SELECT .. FROM o LEFT JOIN (SELECT g1.., a1.. FROM F WHERE w GROUP BY g1..) AS d
    ON d.g1 IS x1 AND ..`` (each GROUP BY key a column and an item, linked by ``IS`` or
    ``=`` to a value of ``o`` of its storage class and affinity, nothing else in ON; no
    HAVING) whose other reads of ``d`` are only aggregates NULL over no rows (MIN, MAX, SUM,
    AVG) is ``SELECT .. FROM o`` with each ``d.a`` read as ``(SELECT a FROM F WHERE w AND
    g1 IS x1 ..)``: the groups are distinct under the key comparison, so at most one
    matches a row of ``o`` and the join keeps each row once; the matching group holds
    exactly the rows of ``F`` with ``g IS x`` (``=``: a NULL ``x`` matches none, the
    subquery reads no row), and where none matches the join reads NULL, as the aggregate
    over no rows does (Calcite's ProjectToWindowRule with a null-safe join, read back). At
    least one link is ``IS``: a join by ``=`` alone is ``grouped_left_join``'s."""
    if not (isinstance(q, ir.Select) and isinstance(j := q.source, ir.Join)
            and j.kind == JoinKind.LEFT and isinstance(d := j.right, ir.Derived)
            and not q.aggregate and q.bare_from is None and _windowless(q)
            and not _collated(d, schema)):
        return q
    inner = d.query
    links = _links(j.on, d, inner)
    if links is None or all(op == CmpOp.EQ for op, _, _ in links):
        return q  # links by = alone are grouped_left_join's (grouped_joins.py)
    outside = (q.items, q.where, q.group_by, q.having, tuple(k for k, _ in q.order))
    sub = {}
    for n, item in zip(d.names, inner.items, strict=True):
        if item in inner.group_by:
            continue
        aggs = [y for y in ir.local_nodes(item) if isinstance(y, ir.Agg)]
        if not _null_over_no_rows(item) or not all(
                not y.distinct and _order_blind(y.fn, (y.arg,)) for y in aggs):
            return q
        where = _and(_conjuncts(inner.where) + [ir.Cmp(op, g, x) for op, g, x in links])
        one = dataclasses.replace(inner, where=where, group_by=(), items=(item,), names=(n,),
                                  order=())
        sub[(d.alias, n)] = ir.ScalarSub(one, item.ty)
    keys = {n for n, item in zip(d.names, inner.items, strict=True) if item in inner.group_by}
    if any(isinstance(y, ir.Col) and y.alias == d.alias and y.name in keys
           for y in ir.local_nodes(outside)):
        return q
    return dataclasses.replace(
        q, source=j.left, items=_replace_cols(q.items, sub), where=_replace_cols(q.where, sub),
        group_by=_replace_cols(q.group_by, sub), having=_replace_cols(q.having, sub),
        order=_replace_cols(q.order, sub))


def _links(on, d: ir.Derived, inner) -> list | None:
    """``[(op, g, x)]``: each conjunct of ``on`` ``d.k op x`` (``IS`` or ``=``, no
    conversion), ``k`` the item of the GROUP BY key column ``g``, ``x`` a column outside
    ``d`` of ``g``'s class and affinity; every key once; else None."""
    if not (_plain_grouped(inner) and inner.source is not None and len(inner.items) == len(d.names) == len(set(d.names))
            and all(isinstance(g, ir.Col) for g in inner.group_by) and not _has_sub(inner.where)):
        return None
    out = []
    for c in _conjuncts(on):
        if not (isinstance(c, ir.Cmp) and c.op in (CmpOp.IS, CmpOp.EQ) and not c.conv):
            return None
        key, x = (c.left, c.right) if isinstance(c.left, ir.Col) and c.left.alias == d.alias else (c.right, c.left)
        if not (isinstance(key, ir.Col) and key.alias == d.alias and key.name in d.names
                and isinstance(x, ir.Col) and x.alias != d.alias):
            return None
        g = inner.items[d.names.index(key.name)]
        if not (g in inner.group_by and x.ty == g.ty and x.ty in (Ty.INT, Ty.REAL, Ty.TEXT)
                and x.affinity == g.affinity):
            return None
        out.append((c.op, g, x))
    if sorted(_key(g) for _, g, _ in out) != sorted({_key(g) for g in inner.group_by}):
        return None
    return out


# ---- the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``)

PARTITION_RULES = (
    ("window_aggregate_as_subquery", "over one table, AGG(x) OVER (PARTITION BY p) whose frame "
     "is the whole partition (COUNT, SUM/AVG: of reals exact_reals, MIN/MAX of a column) is the "
     "correlated (SELECT AGG(x) FROM t t2 WHERE w(t2) AND t2.p IS p); OVER () uncorrelated",
     ("select",), lambda canon, q, ctx: window_aggregate_as_subquery(q, canon.schema), True),
    ("left_join_group_as_subquery", "o LEFT JOIN (SELECT g, AGG(x) a .. GROUP BY g) d ON d.g "
     "IS o.g (or =), every key linked, d read only through aggregates NULL over no rows, is "
     "o with d.a the correlated (SELECT AGG(x) .. WHERE g IS o.g)", ("unordered",),
     lambda canon, q, ctx: left_join_group_as_subquery(q, canon.schema), True),
)
