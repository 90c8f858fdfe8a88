"""The count of the one group an outer row matches, NULL when none (issue 25, i44d):
``count_of_matched_group``.

The law (site ``select``): ``(SELECT d.c FROM (SELECT g.., COUNT(*) AS c FROM F WHERE w
GROUP BY g..) d WHERE d.g = o ..)``, every key ``g`` a column equated to an outer column
``o`` of its storage class and affinity, is ``(SELECT NULLIF(COUNT(*), 0) FROM F WHERE w
AND g = o ..)``: Tableau's data blending (a LEFT JOIN to the secondary source's grouping,
which ``lookup`` rules read as this subquery) against the correlated count that shows
NULL, not 0, for a missing secondary row. ``scalar_of_group``'s law for COUNT(*), whose
value over no rows is 0, not NULL (the COUNT bug): sound in SQLite as that law is (``=``
converts neither side, so at most one group has ``g = o``, its rows are those of ``F`` where
``w`` and ``g = o`` hold); a group has at least one row, so its count is not 0 and NULLIF
keeps it; with no such group the subquery reads NULL, and COUNT(*) over no row is 0, which
NULLIF makes NULL. The near miss: COUNT(*) without NULLIF (0 against NULL);
``COALESCE(.., 0)`` of it is ``count_of_group``'s.

``grouped_view_under_key_subqueries`` (site ``select``): ``project_grouped_view`` (``SELECT
f(d.m, d.k) FROM (grouped view) d`` is the grouping with ``f`` of its items), which the
registry meets at the site ``query`` only, also where the select site has just made a
LEFT JOIN to another grouping a correlated subquery reading ``d``'s keys: that law reads a
key of one form per group (INTEGER, REAL, NUMERIC or TEXT affinity) inside a subquery as
the grouping's key column, which every row of the group holds alike.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, FuncName, Ty
from .aggregates import _plain_grouped
from .terms import _and, _conjuncts, _deep, _key
from .views import _key_link, project_grouped_view


def _matched_count(e: ir.ScalarSub):
    sq = e.query
    if not (isinstance(sq, ir.Select) and isinstance(d := sq.source, ir.Derived) and not sq.aggregate
            and not sq.group_by and sq.having is None and not sq.distinct and sq.limit is None
            and not sq.offset and sq.bare_from is None and len(sq.items) == 1):
        return e
    inner, item, links = d.query, sq.items[0], _conjuncts(sq.where)
    if not (_plain_grouped(inner) and len(inner.items) == len(d.names) and isinstance(item, ir.Col)
            and item.alias == d.alias and len(links) == len(inner.group_by)):
        return e
    count = inner.items[d.names.index(item.name)]
    if not (isinstance(count, ir.Agg) and count.fn == AggFn.COUNT_STAR):
        return e
    keys = [_key_link(c, d, inner) for c in links]
    if None in keys or sorted(_key(g) for g, _ in keys) != sorted(_key(g) for g in inner.group_by):
        return e  # every group key equated: at most one group
    value = ir.Func(FuncName.NULLIF, (count, ir.Lit(0, Ty.INT)), Ty.INT)
    one = dataclasses.replace(inner, where=_and(_conjuncts(inner.where)
                                                + [ir.Cmp(CmpOp.EQ, g, o) for g, o in keys]),
                              group_by=(), items=(value,), names=(item.name,), order=())
    return dataclasses.replace(e, query=one)


def count_of_matched_group(q):
    """``q`` with each such subquery as the correlated NULLIF of a count (module docstring);
    not under ``COALESCE(.., 0)``, which ``count_of_group`` reads as the count itself."""
    padded = [f.args[0] for f in ir.nodes(q) if isinstance(f, ir.Func) and f.name == FuncName.COALESCE
              and len(f.args) == 2 and isinstance(f.args[0], ir.ScalarSub)]
    return _deep(q, lambda e: _matched_count(e) if isinstance(e, ir.ScalarSub) and e not in padded else e)


MATCHED_COUNT_RULE = (
    "count_of_matched_group", "(SELECT d.c FROM (SELECT g, COUNT(*) AS c FROM F WHERE w GROUP "
    "BY g) d WHERE d.g = o), every key equated as in scalar_of_group, is (SELECT NULLIF("
    "COUNT(*), 0) FROM F WHERE w AND g = o): a group's count is never 0", ("select",),
    lambda canon, q, ctx: count_of_matched_group(q), True)


def _key_subquery_view(q):
    """``views.project_grouped_view`` of ``q`` where a subquery of its items reads the
    grouped view's keys (the case a lookup's LEFT JOIN leaves once the select site read
    it as a correlated subquery); ``q`` itself otherwise."""
    d = q.source if isinstance(q, ir.Select) else None
    if not (isinstance(d, ir.Derived) and any(
            isinstance(y, ir.ScalarSub) and any(isinstance(c, ir.Col) and c.alias == d.alias
                                                for c in ir.nodes(y.query))
            for y in ir.local_nodes(q.items))):
        return q
    return project_grouped_view(q)


KEY_SUBQUERY_VIEW_RULE = (
    "grouped_view_under_key_subqueries", "project_grouped_view at the select site, for a "
    "projection whose correlated subqueries read the grouped view's keys (of one form per "
    "group)", ("select",), lambda canon, q, ctx: _key_subquery_view(q), True)
