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
table.

Round 62 (i62f), ``self_join_view_group``: the same law over two copies ``a``, ``c`` of one
grouped view ``V`` (``view_windows._grouped_view``: GROUP BY columns it shows, inner joins of
tables, no LIMIT, window or subquery, no collated table; the copies equal but for the aliases
of their sources, ``_same_view``), grouped by columns of ``a`` holding all of ``V``'s group
keys, never NULL on a kept row: a view has one row per group, so each group of the join is
one row of ``a``. A running total over a per-day view, ``SELECT a.day, SUM(b.rev) FROM d a
JOIN d b ON b.day <= a.day GROUP BY a.day``, is ``(SELECT SUM(b.rev) FROM d b WHERE b.day <=
a.day)`` per row of ``d``, the form ``grouped_view_window_as_subquery`` gives ``SUM(rev) OVER
(ORDER BY day)``. SUM and AVG only in the typed domain (a view column of the sqlite domain may
hold reals; the proof states ``integer_sums_exact``: ``proofs.REGROUPING``). It runs at the
site ``query`` before ``lazy_join_aggregation``, which would read ``c``'s groups as their
rows and lose the row of ``c := a`` the law needs."""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import AggFn, JoinKind
from .partitions import _order_blind
from .rank_counts import _renamed
from .self_counts import _Kept
from .terms import _and, _conjuncts, _deep, _has_sub, _map_children, _tree_aliases, _unique_keys
from .top_one import _scans
from .view_windows import _grouped_view
from .windows import _collated

_BLIND = (AggFn.COUNT_STAR, AggFn.COUNT, AggFn.SUM, AggFn.AVG, AggFn.MIN, AggFn.MAX)


def _aliases(e) -> set:
    return {y.alias for y in ir.nodes(e) if isinstance(y, ir.Col)}


def _as_sub(e, c, where, sums: bool = True):
    """``e`` with each aggregate expression over ``c`` a correlated subquery over ``c``;
    None when an aggregate is not order-blind or a column of ``c`` is read outside one
    (``sums``: SUM and AVG too)."""
    if isinstance(e, ir.Agg):
        if e.fn not in _BLIND or not sums and e.fn in (AggFn.SUM, AggFn.AVG):
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
        out = _as_sub(x, c, where, sums)
        if out is None:
            bad.append(x)
            return x
        return out
    out = _map_children(e, child)
    return None if bad else out


def self_join_group_as_subquery(q, schema: Schema, typed: bool = False, views: bool = False):
    """See the module (``views``: two copies of one grouped view, ``self_join_view_group``)."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.group_by and q.having is None
            and not q.distinct and not q.order and q.limit is None and not q.offset
            and q.bare_from is None and isinstance(j := q.source, ir.Join)
            and j.kind in (JoinKind.INNER, JoinKind.CROSS)):
        return q
    if views:
        if not (isinstance(j.left, ir.Derived) and isinstance(j.right, ir.Derived)
                and j.left.alias != j.right.alias and _same_view(j.left, j.right)):
            return q
    elif not (isinstance(j.left, ir.Scan) and isinstance(j.right, ir.Scan)
              and j.left.table == j.right.table and j.left.alias != j.right.alias
              and not _collated(j.left, schema)):
        return q
    conds = _conjuncts(j.on) + _conjuncts(q.where)
    if any(_has_sub(x) for x in conds):
        return q
    for a, c in ((j.left, j.right), (j.right, j.left)):
        if not all(isinstance(g, ir.Col) and g.alias == a.alias for g in q.group_by):
            continue
        if views:
            view = _grouped_view(dataclasses.replace(q, source=a, where=None, group_by=(), items=(),
                                                     aggregate=False), schema, typed)
            if view is None:
                return q
            t, unique, columns = _ViewColumns(view.never_null), [sorted(view.keys)], a.names
        else:
            t = schema.table(a.table)
            unique, columns = _unique_keys(t), [n for n, _, _ in c.columns]
        own = [x for x in conds if c.alias not in _aliases(x)]
        linked = [x for x in conds if c.alias in _aliases(x)]
        kept = _Kept(a.alias, t, own)
        keys = {g.name.lower() for g in q.group_by if kept.never_null_name(g.name)}
        if not any(key and {k.lower() for k in key} <= keys for key in unique):
            continue
        rep = {(c.alias, n): a.alias for n in columns}
        if not all(_aliases(x) <= {a.alias, c.alias} and kept.holds(_retyped(x, rep))
                   for x in linked):
            continue
        items = [_as_sub(i, c, _and(linked), typed or not views) for i in q.items]
        if any(i is None for i in items):
            continue
        return dataclasses.replace(q, source=a, where=_and(own), group_by=(), items=tuple(items),
                                   aggregate=False)
    return q


def _retyped(x, rep: dict):
    """``x`` with each column of ``rep``'s keys read from the other copy (its type kept)."""
    return _deep(x, lambda y: dataclasses.replace(y, alias=rep[(y.alias, y.name)])
                 if isinstance(y, ir.Col) and (y.alias, y.name) in rep else y)


@dataclasses.dataclass(frozen=True)
class _ViewColumns:
    """A grouped view's never-NULL columns, as ``_Kept`` reads a table's."""

    names: frozenset

    def never_null(self, name: str) -> bool:
        return name in self.names


def _same_view(a: ir.Derived, c: ir.Derived) -> bool:
    """Are ``a`` and ``c`` one view over table scans, but for the aliases of its sources and
    the order it is written in (no LIMIT: the same rows every time it is read)?"""
    x, y = a.query, c.query
    if not (isinstance(x, ir.Select) and isinstance(y, ir.Select) and a.names == c.names
            and x.limit is None and y.limit is None and not x.offset and not y.offset
            and _scans(x.source) is not None and _scans(y.source) is not None):
        return False
    mine, theirs = _tree_aliases(x.source), _tree_aliases(y.source)
    if len(mine) != len(theirs) or len(set(mine)) != len(mine) or set(mine) & set(theirs):
        return False
    renamed = _renamed(y, dict(zip(theirs, mine, strict=True)))
    return dataclasses.replace(renamed, order=()) == dataclasses.replace(x, order=())


SELF_JOIN_GROUP_RULES = (
    ("self_join_group_as_subquery", "SELECT a.., AGG(c.x).. FROM t a JOIN t c ON p GROUP BY "
     "a's columns holding a unique key never NULL on a kept row, every condition on c true "
     "at c := a, order-blind aggregates of c only, is SELECT a.., (SELECT AGG(c.x) FROM t c "
     "WHERE p).. FROM t a: one group per kept row of a, each joining at least itself",
     ("select",), lambda canon, q, ctx: self_join_group_as_subquery(q, canon.schema), True),
)

SELF_JOIN_VIEW_RULES = (
    ("self_join_view_group", "SELECT a.., AGG(c.x).. FROM V a JOIN V c ON p GROUP BY a's "
     "columns holding V's group keys, never NULL on a kept row, V one grouped view over "
     "tables (no LIMIT, window or subquery), every condition on c true at c := a, "
     "order-blind aggregates of c only (SUM/AVG typed only), is SELECT a.., (SELECT AGG(c.x) "
     "FROM V c WHERE p).. FROM V a: before the join of groupings is ungrouped", ("query",),
     lambda canon, q, ctx: self_join_group_as_subquery(q, canon.schema, canon.typed, True)),
)
"""(``rules.py`` registers it before ``lazy_join_aggregation``, which would read ``c``'s
groups as their rows and lose the row of ``a`` each group of ``a`` joins.)"""
