"""A grouping of a join through a parent's key as the child's grouping joined to the parent
(issue 25, i61a): ``grouping_below_key_join``.

Eager aggregation (Yan and Larson; Calcite's AggregateJoinTransposeRule), the exact case:
``G = SELECT p.x.., A(c).. FROM C.. JOIN p ON c.fk = p.u WHERE wc AND wp GROUP BY k, p.y..``
is ``SELECT p.x.., d.a.. FROM (SELECT c.fk, A(c).. FROM C.. WHERE wc GROUP BY c.fk) d JOIN p
ON d.fk = p.u WHERE wp``, where

- ``p`` is one table scan joined only by its one-column primary key or UNIQUE column ``u``,
  equated with the child column ``c.fk`` of the same type and affinity (no conversion), and
  no table is collated (``=`` is then SQLite's one order: transitive, as GROUP BY and the
  UNIQUE index compare);
- the group keys are ``k`` (``p.u`` or a child column of the link) and columns of ``p``;
- the items are columns of ``p``, or read columns only inside order-blind aggregates
  (``partition_joins._aggregates_only``: COUNT, SUM/AVG of integers, MIN/MAX of one-form
  columns; no DISTINCT) of the child sources alone; no HAVING, DISTINCT, LIMIT, window;
- each WHERE conjunct reads ``p`` only or the child sources only.

Why it holds in SQLite: a group of ``G`` holds the join rows with one ``p`` row (``u``
unique: the group keys' ``k`` fixes it; the other keys are its columns), so its items'
``p`` columns are that row's, and its child parts are exactly the child rows with ``c.fk =
p.u`` and ``wc``: one group of ``GROUP BY c.fk`` (the rows equal to ``p.u`` are equal to
each other), whose key equals ``p.u``. Conversely a child group meets at most one ``p``
row (``u`` unique), none for a NULL key, as no join row has a NULL ``c.fk`` or ``p.u``.
The aggregates read the same rows (once each: one ``p`` row per group), in an order they
are blind to. ``wp`` keeps or drops the whole group either way. The child's grouping also
adds up groups the join drops (no parent, or one ``wp`` rejects): an integer SUM that
overflows there raises an error in one query only (``proofs.OTHER_GROUPS``:
``integer_sums_exact``), and the sums are the same rows in another plan (``OTHER_PLAN``).

Applied (site ``sources``) to a derived table ``G`` whose aggregate columns the select reads
only inside its aggregates or as operands of WHERE comparisons: ``joined_group_as_subquery``
or ``join_as_scalar_subquery`` then reads the join, as they read the child's grouping joined
to the parent when a query says so ("the max of my group" over per-key aggregates, W2). Not
at the site ``query`` on a grouped join itself: ``correlated_aggregate_as_group`` and the
HAVING laws take the grouped join as the normal form there (round 61: a HAVING form moved
below the join cost four of their fixtures).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, JoinKind
from ..ir.walk import defined_aliases
from .aggregates import _map_top, _unique_columns
from .groupings import _class_conjuncts
from .partition_joins import _aggregates_only
from .terms import (
    Flat,
    _aliases_in,
    _and,
    _conjuncts,
    _has_sub,
    _key,
    _leaves,
    _on_conjuncts,
    _windowless,
)
from .windows import _collated

_STRICT = (CmpOp.EQ, CmpOp.NE, CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE)


def _shape(q) -> bool:
    return (isinstance(q, ir.Select) and q.aggregate and bool(q.group_by) and not q.distinct
            and q.limit is None and not q.offset and q.bare_from is None and not q.order
            and _windowless(q) and q.source is not None)


def _view(q):
    """(leaves, conjuncts) of ``q``'s inner joins, the equality classes of a canonical FROM
    as equalities; None for another join or a class of a derived table's column."""
    if isinstance(q.source, Flat):
        leaves = list(q.source.leaves)
        try:
            return leaves, _class_conjuncts(q.source, leaves) + _conjuncts(q.where)
        except ValueError:
            return None
    leaves = _leaves(q.source)
    return None if leaves is None else (leaves, _on_conjuncts(q.source) + _conjuncts(q.where))


def _link(c, p, unique: set, child: set):
    """``(p.u, c.fk)`` when ``c`` is ``c.fk = p.u`` (no conversion, one type and affinity,
    ``u`` unique in ``p``, ``c.fk`` a column of a child source), else None."""
    if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv):
        return None
    for u, fk in ((c.left, c.right), (c.right, c.left)):
        if (isinstance(u, ir.Col) and u.alias == p.alias and u.name in unique
                and isinstance(fk, ir.Col) and fk.alias in child
                and (u.ty, u.affinity) == (fk.ty, fk.affinity)):
            return u, fk
    return None


def _eager(q: ir.Select, schema):
    """``q`` (``_shape``, no HAVING) with its grouping below the key join (module
    docstring), else None."""
    view = _view(q)
    if view is None or _collated(tuple(view[0]), schema):
        return None
    leaves, conds = view
    known = {x.alias for x in leaves}
    if any(not _aliases_in(c) <= known for c in conds):
        return None  # (a correlated conjunct stays where it is)
    for p in leaves:
        if isinstance(p, ir.Scan):
            out = _below(q, p, leaves, conds, schema)
            if out is not None:
                return out
    return None


def _below(q, p, leaves, conds, schema):
    kids = [x for x in leaves if x is not p]
    child = {x.alias for x in kids}
    unique = _unique_columns(schema, p.table)
    links, wp, wc = [], [], []
    for c in conds:
        reads = _aliases_in(c)
        if p.alias not in reads:
            wc.append(c)
        elif reads == {p.alias}:
            wp.append(c)
        else:
            links.append(_link(c, p, unique, child))
    if len(links) != 1 or links[0] is None or not kids:
        return None
    u, fk = links[0]
    keys = {_key(u), _key(fk)}
    if not any(_key(g) in keys for g in q.group_by) or not all(
            isinstance(g, ir.Col) and (_key(g) in keys or g.alias == p.alias) for g in q.group_by):
        return None
    aggs: dict = {}
    for e in q.items:
        if _aliases_in(e) <= {p.alias} and not _has_sub(e) and not _reads_agg(e):
            continue
        if not (_aggregates_only(e) and _child_aggs(e, child, aggs)):
            return None
    if not all(_aggregates_only(a) for a in aggs.values()):
        return None
    if not aggs:
        return None
    taken = set(defined_aliases(q))
    alias = next(f"(eager)#{i}" for i in range(len(taken) + 1) if f"(eager)#{i}" not in taken)
    names = ("k", *(f"a{i}" for i in range(len(aggs))))
    source = kids[0]
    for x in kids[1:]:
        source = ir.Join(JoinKind.CROSS, source, x, None)
    inner = ir.Select(source, _and(wc), (fk,), None, (fk, *aggs.values()), False, (), None, 0, True, names)
    d = ir.Derived(inner, alias, names)
    rep = {_key(a): ir.Col(alias, n, a.ty, None) for a, n in zip(aggs.values(), names[1:], strict=True)}
    swap = _swapper(rep)
    items = tuple(swap(i) for i in q.items)
    if any(_reads_agg(x) for x in items):
        return None  # (an aggregate in an IN's value: left alone)
    on = ir.Cmp(CmpOp.EQ, ir.Col(alias, "k", fk.ty, fk.affinity), u)
    return ir.Select(ir.Join(JoinKind.INNER, d, p, on), _and(wp), (), None, items, False, (), None, 0,
                     False, q.names)


def _reads_agg(e) -> bool:
    return any(isinstance(y, ir.Agg) for y in ir.local_nodes(e))


def _child_aggs(e, child: set, aggs: dict) -> bool:
    """Collect ``e``'s aggregates into ``aggs``: each reads the child sources only."""
    for y in ir.local_nodes(e):
        if isinstance(y, ir.Agg):
            if not _aliases_in(y) <= child:
                return False
            aggs.setdefault(_key(y), y)
    return True


def _swapper(rep: dict):
    """Each aggregate of ``rep`` outside subqueries replaced (its own subqueries' are theirs)."""
    def swap(e):
        return _map_top(e, lambda y: rep.get(_key(y), y) if isinstance(y, ir.Agg) else y)
    return swap


def grouping_below_key_join(q: ir.Select, leaves: list, conds: list, schema):
    """Site ``sources``: a derived table ``G`` (module docstring) whose aggregate columns
    the select reads only inside aggregates or as operands of WHERE comparisons, written with its grouping below the key join.
    Returns (q, leaves, conds), leaves None when nothing changed."""
    for i, v in enumerate(leaves):
        if not (isinstance(v, ir.Derived) and _shape(v.query) and v.query.having is None):
            continue
        inner = v.query
        aggregated = {n for n, item in zip(v.names, inner.items, strict=True) if _reads_agg(item)}
        if not aggregated or not _read_in_aggregates(q, conds, v.alias, aggregated):
            continue
        new = _eager(inner, schema)
        if new is not None:
            return q, [*leaves[:i], dataclasses.replace(v, query=new), *leaves[i + 1:]], conds
    return q, None, conds


def _read_in_aggregates(q, conds, alias: str, names: set) -> bool:
    """Does ``q`` read the columns ``names`` of ``alias`` only inside its own aggregates or
    as operands of WHERE comparisons (no conversion, outside subqueries), and at least once?"""
    def mine(x):
        return [y for y in ir.nodes(x) if isinstance(y, ir.Col) and y.alias == alias and y.name in names]
    outside = (q.items, q.having, tuple(k for k, _ in q.order), q.group_by)
    inside = [y for a in ir.local_nodes((q.items, q.having)) if isinstance(a, ir.Agg) for y in mine(a.arg)]
    compared = [y for c in conds if isinstance(c, ir.Cmp) and c.op in _STRICT and not c.conv
                for y in ir.local_nodes(c) if isinstance(y, ir.Col) and y.alias == alias and y.name in names]
    hits = len(mine(outside)) + len(mine(tuple(conds)))
    return hits > 0 and hits == len(inside) + len(compared)


KEY_JOIN_GROUP_RULES = (
    ("grouping_below_key_join", "a derived GROUP BY p.u over C JOIN p ON c.fk = p.u (u unique), "
     "items p's columns and order-blind aggregates of C, read only inside aggregates, is (C "
     "GROUP BY c.fk) JOIN p: one group per p row, the same child rows",
     ("sources",), lambda canon, v, ctx: (lambda r: v if r[1] is None else r)(
         grouping_below_key_join(*v, canon.schema)), True),
)
