"""View merging through outer joins: ``merge_outer_joined_view``.

A derived table that is the whole FROM clause of its select and is a plain projection and
filter of a join tree with LEFT JOINs is that join tree: its WHERE joins the outer WHERE
and its columns read their expressions. The outer joins inside it then meet the rules of
the outer select (``simplify_outer_joins`` drops a LEFT JOIN on a unique key whose right
side nothing reads once the unread columns of the view are gone: Calcite's
ProjectJoinRemoveRule and AggregateJoinRemoveRule after ProjectMergeRule).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import JoinKind
from .terms import _and, _conjuncts, _leaves, _plain, _replace_cols


def merge_outer_joined_view(q: ir.Select) -> ir.Select:
    """``SELECT f(t.c) FROM (SELECT e AS c FROM A LEFT JOIN B ON j WHERE w) AS t WHERE p(t.c)``
    is ``SELECT f(e) FROM A LEFT JOIN B ON j WHERE w AND p(e)``: the view has one row per row
    of its FROM that passes ``w`` (no aggregate, GROUP BY, DISTINCT, LIMIT, ORDER BY or
    window), each carrying the values of its items, so the outer select reads the same rows
    either way (NULL-padded rows included: ``e`` is evaluated on the same padded row). The
    view must be the outer select's only source (an outer join below an inner join would
    reassociate) and its FROM must hold a LEFT JOIN and no RIGHT or FULL join (an inner-only view is
    ``merge_derived``'s). Only where the row order is not read (the driver's ``unordered``
    site)."""
    d = q.source
    if not (isinstance(d, ir.Derived) and isinstance(d.query, ir.Select)
            and len(set(d.names)) == len(d.names) == len(d.query.items)):
        return q
    inner = d.query
    if (not _plain(inner) or inner.group_by or inner.having is not None or inner.order
            or not isinstance(inner.source, ir.Join) or _leaves(inner.source) is not None
            or not _left_joins(inner.source)):
        return q
    rep = {(d.alias, n): item for n, item in zip(d.names, inner.items, strict=True)}
    out = _replace_cols(dataclasses.replace(q, source=inner.source), rep)
    return dataclasses.replace(out, where=_and(_conjuncts(inner.where) + _conjuncts(out.where)))


def _left_joins(src) -> bool:
    """Is ``src`` a tree of inner, cross and LEFT joins (no RIGHT or FULL join)?"""
    if isinstance(src, ir.Join):
        return (src.kind in (JoinKind.INNER, JoinKind.CROSS, JoinKind.LEFT)
                and _left_joins(src.left) and _left_joins(src.right))
    return True
