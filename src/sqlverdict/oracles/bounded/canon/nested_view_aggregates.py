"""A grouped view read inside a subquery as correlated aggregates of the table's own rows
(round 63, i63f, class G): ``grouped_view_in_nested_tests``.

The law (site ``select``): ``SELECT f(d..) FROM (SELECT k.., A(x).. FROM T t WHERE w GROUP BY
k..) d WHERE p(d..)``, where ``p`` reads an aggregate column of ``d`` inside a subquery (an
EXISTS, IN or scalar subquery of the WHERE), is

    SELECT DISTINCT f(t..) FROM T t WHERE w AND p(t..)

with each key column ``d.k`` read as ``t.k`` and each aggregate column ``d.m`` read as the
correlated ``(SELECT A(x) FROM T e WHERE w(e) AND e.k = t.k ..)`` (``IS`` for a key that may
be NULL). So "the crews whose last rest is followed by no duty", spelt over ``(SELECT
crew_id, MAX(end_day) .. GROUP BY crew_id) x`` with ``NOT EXISTS (.. d.day > x.last)``, meets
the ``SELECT DISTINCT r.crew_id FROM rest_period r WHERE NOT EXISTS (.. d.day > (SELECT
MAX(e.end_day) FROM rest_period e WHERE e.crew_id = r.crew_id))`` spelling.

Why: the rows of ``T`` where ``w`` holds fall into ``d``'s groups; for a row ``t`` of group
``g`` the links (``=`` between a column and itself: one affinity, no conversion, and no
collation: the table declares none) find exactly ``g``'s rows (a never-NULL key; ``IS`` finds
the NULL group's rows too), so each subquery is ``g``'s aggregate and ``t.k`` is ``g``'s key:
every row of ``g`` gives ``p`` and ``f`` the values ``d``'s row of ``g`` gives them. DISTINCT
then keeps one row per group when ``f`` shows every key as a column (equal key values are
identical: ``transfer._exact``, TEXT, or numbers in the typed domain; rows of two groups then
differ), or when the outer select was DISTINCT already. The aggregates are COUNT, COUNT(*),
and MIN/MAX of a column whose equal values are identical (one value whatever row it is read
from; SUM, AVG and TOTAL are refused: another plan adds the rows in another order).

Conditions: the view one table, grouped by columns of it, no HAVING, DISTINCT, LIMIT, window,
bare-column rule or subquery; the outer select no grouping, aggregate, ORDER BY, LIMIT or
window, the alias ``d`` not defined again inside it, and no subquery of it reading ``T`` (a
copy of the view compared with it, "no greater group of my day", is the argmax laws' case:
``no_greater_in_partition_as_max`` reads it as ``= MAX``). Only where an aggregate column is read
inside a subquery: a test reading them outside subqueries only is a HAVING of the grouping
(``correlated_aggregates_of_own_groups`` reads the DISTINCT spelling so; this law never gives
it that form, so neither undoes the other). Both domains (keys compared only to themselves).
Near misses: a NULL-able key linked by ``=`` (the NULL group), a key not shown without
DISTINCT (two groups with one row each), SUM over reals.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, Ty
from ..ir.walk import defined_aliases, realias
from .terms import Flat, _and, _conjuncts, _plain_grouped, _replace_cols, _windowless
from .transfer import _exact

_AGGS = (AggFn.COUNT, AggFn.COUNT_STAR, AggFn.MIN, AggFn.MAX)
_SUBS = (ir.InSub, ir.Exists, ir.ScalarSub)


def _one(src):
    """The one leaf of ``src`` (a Flat of one leaf without equalities, or the leaf itself)."""
    if isinstance(src, Flat):
        return src.leaves[0] if len(src.leaves) == 1 and not src.classes else None
    return src


def _aggregate(e, t: ir.Scan, typed: bool) -> bool:
    """Is ``e`` COUNT(*), COUNT(t.c), or MIN/MAX of a column of ``t`` whose equal values are one?"""
    if not (isinstance(e, ir.Agg) and e.fn in _AGGS):
        return False
    if e.fn == AggFn.COUNT_STAR:
        return True
    a = e.arg
    if not (isinstance(a, ir.Col) and a.alias == t.alias):
        return False
    return e.fn == AggFn.COUNT or _exact(a, a, typed)


def _nested_reads(e, alias: str) -> set:
    """Columns of ``alias`` read inside a subquery of ``e``."""
    out = set()
    for y in ir.nodes(e):
        if isinstance(y, _SUBS):
            out |= {c.name for c in ir.nodes(y.query) if isinstance(c, ir.Col) and c.alias == alias}
    return out


def grouped_view_in_nested_tests(q, schema, typed: bool = False):
    """See the module: the grouped view's rows as its table's rows, its aggregates as
    correlated subqueries, under DISTINCT."""
    if not (isinstance(q, ir.Select) and not q.aggregate and not q.group_by and q.having is None
            and q.limit is None and not q.offset and not q.order and q.bare_from is None
            and _windowless(q) and q.where is not None and schema is not None):
        return q
    d = _one(q.source)
    if not (isinstance(d, ir.Derived) and _plain_grouped(v := d.query) and _windowless(v)
            and isinstance(t := _one(v.source), ir.Scan) and not v.order
            and len(d.names) == len(v.items) == len(set(d.names))):
        return q
    if any(isinstance(y, _SUBS) for y in ir.nodes((v.where, v.items, v.group_by))):
        return q
    table = schema.table(t.table)
    if table is None or table.collated:
        return q
    if not all(isinstance(g, ir.Col) and g.alias == t.alias and _exact(g, g, typed) for g in v.group_by):
        return q
    if d.alias in defined_aliases((q.items, q.where)) or d.alias in defined_aliases(v):
        return q
    if any(isinstance(y, ir.Scan) and y.table == t.table for y in ir.nodes((q.items, q.where))):
        return q  # (the view's rows compared with its table's: the argmax laws' case)
    keys = {g.name for g in v.group_by}
    rep, aggregates = {}, set()
    for i, (name, item) in enumerate(zip(d.names, v.items, strict=True)):
        if isinstance(item, ir.Col) and item.alias == t.alias and item.name in keys:
            rep[(d.alias, name)] = dataclasses.replace(item, alias=d.alias)
            continue
        if not _aggregate(item, t, typed):
            return q
        e = f"{d.alias}#g{i}"
        links = [ir.Cmp(CmpOp.EQ if table.never_null(k.name) else CmpOp.IS,
                        dataclasses.replace(k, alias=e), dataclasses.replace(k, alias=d.alias),
                        Ty.BOOL, Conv.NONE) for k in v.group_by]
        inner = ir.Select(source=dataclasses.replace(t, alias=e),
                          where=_and(_conjuncts(realias(v.where, {t.alias: e})) + links),
                          group_by=(), having=None, items=(realias(item, {t.alias: e}),),
                          distinct=False, order=(), limit=None, offset=0, aggregate=True)
        rep[(d.alias, name)] = ir.ScalarSub(inner, item.ty)
        aggregates.add(name)
    if not (_nested_reads(q.where, d.alias) & aggregates):
        return q  # (read outside subqueries only: a HAVING of the grouping)
    shown = {(i.alias, i.name) for i in q.items if isinstance(i, ir.Col)}
    key_cols = {item.name: name for name, item in zip(d.names, v.items, strict=True)
                if name not in aggregates}
    if not q.distinct and not all(k.name in key_cols and (d.alias, key_cols[k.name]) in shown
                                  for k in v.group_by):
        return q  # (a key not shown: two groups may show one row)
    outer = realias(v.where, {t.alias: d.alias})
    return dataclasses.replace(
        q, source=dataclasses.replace(t, alias=d.alias), distinct=True,
        where=_and(_conjuncts(outer) + _conjuncts(_replace_cols(q.where, rep))),
        items=_replace_cols(q.items, rep))


NESTED_VIEW_RULE = (
    "grouped_view_in_nested_tests", "SELECT f(d..) FROM (SELECT k, A(x) .. FROM T WHERE w GROUP "
    "BY k) d WHERE p(d..), p reading an aggregate column inside a subquery, is SELECT DISTINCT "
    "f(t..) FROM T t WHERE w AND p(t..) with each aggregate the correlated (SELECT A(x) FROM T "
    "e WHERE w AND e.k = t.k) (IS for a NULL-able key; COUNT, MIN/MAX of one-value columns; "
    "every key shown or DISTINCT)", ("select",),
    lambda canon, q, ctx: grouped_view_in_nested_tests(q, canon.schema, canon.typed))
