"""Decorrelated joins read back as correlated subqueries: a LEFT JOIN to a grouped table
on every key (``grouped_left_join``) and the COUNT-bug guard ``COALESCE(c, 0)`` of a
padded count (``count_of_group``).

Calcite's SubQueryRemoveRule with its decorrelator, Spark's
RewriteCorrelatedScalarSubquery and Neumann-Kemper unnesting write a correlated scalar
aggregate as a LEFT JOIN to the aggregate grouped by the correlation columns; these laws
read that join back, so both forms meet at the subquery (then ``scalar_of_group``).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, FuncName, Ty
from .joins import _inner_path_left_joins, _replace_join
from .terms import (
    _aliases_in,
    _and,
    _conjuncts,
    _deep,
    _key,
    _plain_grouped,
    _replace_cols,
)
from .views import _key_link

_COUNTS = (AggFn.COUNT, AggFn.COUNT_STAR)


def _grouped(d) -> ir.Select | None:
    """The query of a derived table grouped by columns that are all items (one row per
    key), without HAVING, DISTINCT, LIMIT, window or bare column; else None."""
    s = d.query if isinstance(d, ir.Derived) else None
    if not (_plain_grouped(s) and s.source is not None and len(s.items) == len(d.names)
            and all(isinstance(g, ir.Col) and g in s.items for g in s.group_by)):
        return None
    return s


def _key_links(on, d, inner) -> list | None:
    """The ON conjuncts when they are exactly ``d.k = o`` once for every GROUP BY key of
    ``d`` (``_key_link``: no conversion, one storage class and affinity); else None."""
    links, seen = [], set()
    for c in _conjuncts(on):
        pair = _key_link(c, d, inner)
        if pair is None or _key(pair[0]) in seen:
            return None
        seen.add(_key(pair[0]))
        links.append(c)
    return links if seen == {_key(g) for g in inner.group_by} else None


def grouped_left_join(q: ir.Select) -> ir.Select:
    """``X LEFT JOIN D ON d.k1 = o1 AND .. AND d.kn = on``, ``D`` grouped by exactly
    ``k1..kn`` (each an item) and every key equated without conversion to a column of its
    class and affinity: at most one group matches a row of ``X`` (GROUP BY and ``=`` tell
    the same values apart; a NULL key matches nothing), so the join keeps each row of ``X``
    once and ``d.c`` is that group's value, or NULL when none matched. So the join goes
    and every ``d.c`` reads ``(SELECT d.c FROM D AS d WHERE d.k1 = o1 ..)``: the same
    value, NULL when no group matches. Only through inner joins from the top. Spark's
    RewriteCorrelatedScalarSubquery and Calcite's decorrelator read backwards."""
    for j in _inner_path_left_joins(q.source):
        d = j.right
        inner = _grouped(d)
        links = None if inner is None else _key_links(j.on, d, inner)
        if links is None or d.alias in _aliases_in(j.left):
            continue
        rep = {}
        for name, item in zip(d.names, inner.items, strict=True):
            aff = item.affinity if isinstance(item, ir.Col) else None
            col = ir.Col(d.alias, name, item.ty, aff)
            one = ir.Select(d, _and(links), (), None, (col,), False, (), None, 0, False, (name,))
            rep[(d.alias, name)] = ir.ScalarSub(one, item.ty)
        source = _replace_cols(_replace_join(q.source, j), rep)
        return dataclasses.replace(
            q, source=source, items=_replace_cols(q.items, rep), where=_replace_cols(q.where, rep),
            group_by=_replace_cols(q.group_by, rep), having=_replace_cols(q.having, rep),
            order=_replace_cols(q.order, rep))
    return q


def count_of_group(q):
    """``COALESCE((SELECT d.c FROM (SELECT g.., COUNT(x) AS c FROM F WHERE w GROUP BY g..)
    AS d WHERE d.g = o ..), 0)``, every key equated as in ``scalar_of_group``, is ``(SELECT
    COUNT(x) FROM F WHERE w AND g = o ..)``: at most one group matches and gives its count;
    when none does, the subquery is NULL and COALESCE reads 0, the count over no rows
    (the COUNT bug's guard, Spark's RewriteCorrelatedScalarSubquery)."""
    return _deep(q, _count_of_group)


def _count_of_group(e):
    if not (isinstance(e, ir.Func) and e.name == FuncName.COALESCE and len(e.args) == 2
            and isinstance(e.args[0], ir.ScalarSub) and e.args[1] == ir.Lit(0, Ty.INT)):
        return e
    sq = e.args[0].query
    if not (isinstance(sq, ir.Select) and isinstance(sq.source, ir.Derived) and not sq.aggregate
            and not sq.group_by and sq.having is None and not sq.distinct and sq.limit is None
            and not sq.offset and sq.bare_from is None and len(sq.items) == 1):
        return e
    d, item = sq.source, sq.items[0]
    inner = _grouped(d)
    if inner is None or not (isinstance(item, ir.Col) and item.alias == d.alias):
        return e
    agg = inner.items[d.names.index(item.name)]
    links = _key_links(sq.where, d, inner)
    if links is None or not (isinstance(agg, ir.Agg) and agg.fn in _COUNTS):
        return e
    keys = [_key_link(c, d, inner) for c in links]
    one = dataclasses.replace(inner, where=_and(_conjuncts(inner.where)
                                                + [ir.Cmp(CmpOp.EQ, g, o) for g, o in keys]),
                              group_by=(), items=(agg,), names=(item.name,), order=())
    return ir.ScalarSub(one, agg.ty)
