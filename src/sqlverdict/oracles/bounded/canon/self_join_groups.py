"""A self-join grouped by the key of one copy as a correlated subquery (issue 25, round 6):
``self_join_group_as_subquery``.

Cookbooks compute running totals and ranks without windows by joining a table to itself and
grouping by the first copy's key: ``SELECT a.k, SUM(c.x) FROM t a JOIN t c ON c.p = a.p AND
c.k <= a.k GROUP BY a.k``. When the GROUP BY holds a unique key of ``t`` never NULL on a
kept row of ``a``, each group is one row of ``a`` with the rows of ``c`` it joins; when
every condition on ``c`` holds at ``c := a`` (``self_counts._Kept.holds``: a conjunct on
``a`` alone, ``x IS x``, ``x = x``, ``x <= x`` of a column never NULL there), each kept row
of ``a`` joins at least itself, so no row of ``a`` goes for want of a match. Then the
query is ``SELECT a.k, (SELECT SUM(c.x) FROM t c WHERE c.p = a.p AND c.k <= a.k) FROM t a
WHERE (a's own conditions)``: the same groups, one per kept row of ``a``, each aggregate
over the same rows of ``c``. Only order-blind aggregates (``partitions._order_blind``:
COUNT, SUM and AVG of integers, MIN and MAX of one value per class), whose value does not
follow the order a join and a scan read the rows in; items read ``a``'s columns outside
aggregates and ``c``'s inside them; no HAVING, DISTINCT, ORDER BY or LIMIT; no collated
table."""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import AggFn, JoinKind
from .partitions import _order_blind
from .self_counts import _Kept
from .terms import _and, _conjuncts, _has_sub, _map_children, _replace_cols, _unique_keys
from .windows import _collated

_BLIND = (AggFn.COUNT_STAR, AggFn.COUNT, AggFn.SUM, AggFn.AVG, AggFn.MIN, AggFn.MAX)


def _aliases(e) -> set:
    return {y.alias for y in ir.nodes(e) if isinstance(y, ir.Col)}


def _as_sub(e, c: ir.Scan, where):
    """``e`` with each aggregate expression over ``c`` a correlated subquery over ``c``;
    None when an aggregate is not order-blind or a column of ``c`` is read outside one."""
    if isinstance(e, ir.Agg):
        if e.fn not in _BLIND:
            return None
        args = () if e.arg is None else (e.arg,)
        if not _order_blind(e.fn, args) or any(a != c.alias for a in _aliases(e)):
            return None
        sub = ir.Select(source=c, where=where, group_by=(), having=None, items=(e,), distinct=False,
                        order=(), limit=None, offset=0, aggregate=True)
        return ir.ScalarSub(sub, e.ty)
    if isinstance(e, ir.Col):
        return None if e.alias == c.alias else e
    if isinstance(e, (ir.ScalarSub, ir.InSub, ir.Exists, ir.Window)):
        return None
    bad = []

    def child(x):
        out = _as_sub(x, c, where)
        if out is None:
            bad.append(x)
            return x
        return out
    out = _map_children(e, child)
    return None if bad else out


def self_join_group_as_subquery(q, schema: Schema):
    """See the module."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.group_by and q.having is None
            and not q.distinct and not q.order and q.limit is None and not q.offset
            and q.bare_from is None and isinstance(j := q.source, ir.Join)
            and j.kind in (JoinKind.INNER, JoinKind.CROSS)
            and isinstance(j.left, ir.Scan) and isinstance(j.right, ir.Scan)
            and j.left.table == j.right.table and j.left.alias != j.right.alias
            and not _collated(j.left, schema)):
        return q
    conds = _conjuncts(j.on) + _conjuncts(q.where)
    if any(_has_sub(x) for x in conds):
        return q
    t = schema.table(j.left.table)
    for a, c in ((j.left, j.right), (j.right, j.left)):
        if not all(isinstance(g, ir.Col) and g.alias == a.alias for g in q.group_by):
            continue
        own = [x for x in conds if c.alias not in _aliases(x)]
        linked = [x for x in conds if c.alias in _aliases(x)]
        kept = _Kept(a.alias, t, own)
        keys = {g.name.lower() for g in q.group_by if kept.never_null_name(g.name)}
        if not any(key and set(key) <= keys for key in _unique_keys(t)):
            continue
        rep = {(c.alias, n): ir.Col(a.alias, n, ty, aff) for n, ty, aff in c.columns}
        if not all(_aliases(x) <= {a.alias, c.alias} and kept.holds(_replace_cols(x, rep))
                   for x in linked):
            continue
        items = [_as_sub(i, c, _and(linked)) for i in q.items]
        if any(i is None for i in items):
            continue
        return dataclasses.replace(q, source=a, where=_and(own), group_by=(), items=tuple(items),
                                   aggregate=False)
    return q


SELF_JOIN_GROUP_RULES = (
    ("self_join_group_as_subquery", "SELECT a.., AGG(c.x).. FROM t a JOIN t c ON p GROUP BY "
     "a's columns holding a unique key never NULL on a kept row, every condition on c true "
     "at c := a, order-blind aggregates of c only, is SELECT a.., (SELECT AGG(c.x) FROM t c "
     "WHERE p).. FROM t a: one group per kept row of a, each joining at least itself",
     ("select",), lambda canon, q, ctx: self_join_group_as_subquery(q, canon.schema), True),
)
