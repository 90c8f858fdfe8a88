"""A DISTINCT view read by a select blind to duplicates is its rows with them (issue 25, i57e):
``duplicates_blind_distinct_view``.

"The longest gap between departures at a stop" is written over ``SELECT DISTINCT stop_id,
departure FROM stop_time`` (LEAD then reads each departure once: a total order) and by hand
as ``MAX((SELECT MIN(b.departure) .. b.departure > a.departure) - a.departure)`` over the
table. Once the LEAD is the correlated first row over a copy of the view
(``grouped_view_window_as_subquery``), both views' DISTINCTs go by this law:

``SELECT .. FROM (SELECT DISTINCT c.., f.. FROM S WHERE w) AS d ..`` is the same with ``SELECT
c.., f..`` when the outer select is blind to repeated rows of ``d``: (a) it aggregates, every
aggregate MIN or MAX (never SUM, COUNT, AVG: they count the repeats), and every column of
``d`` read outside an aggregate is a GROUP BY key; or (b) it is a first row (LIMIT 1, no
OFFSET, no aggregate) whose items are among its ORDER BY keys; or (c) it is a DISTINCT
select without LIMIT. Why it holds in SQLite: each ``c`` is a column of ``S`` whose equal
values are identical (``transfer._exact``: TEXT, or the typed domain's numbers; BINARY: no
collated table), each ``f`` reads ``S``'s rows only through the ``c``'s, deterministic (no
function, window or aggregate over ``S``'s rows; a subquery's value is one of its outer
columns' values), so the rows DISTINCT merges are identical copies, and without DISTINCT the
view holds the same rows each one or more times: a MIN/MAX per group, the first row's ORDER
BY values, and the set of distinct rows are the same. Near misses: SUM or COUNT over the
view, an item ``f`` reading a column DISTINCT does not keep, an INTEGER column in the sqlite
domain (``1`` beside ``1.0``: ``x / 2`` tells them apart), a first row with an item not
ordered by.
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import AggFn
from ..ir.walk import _children
from .terms import Flat, _and, _conjuncts, _deep, _replace_cols, _windowless
from .transfer import _exact, _sources
from .view_windows import (
    VIEW_WINDOW_RULE,
    WHOLE_PARTITION_VIEW_RULE,
    grouped_view_window_as_subquery,
)
from .windows import _collated

_EXTREMA = (AggFn.MIN, AggFn.MAX)
_OPAQUE = (ir.Func, ir.Window)


def _view(src):
    """The one derived table of a FROM (plain or canonical), else None."""
    if isinstance(src, ir.Derived):
        return src
    if isinstance(src, Flat) and len(src.leaves) == 1 and not src.classes and isinstance(src.leaves[0], ir.Derived):
        return src.leaves[0]
    return None


def _distinct_like(s) -> bool:
    """Is ``s`` a DISTINCT select, or one grouped by exactly its items with no aggregate?"""
    if s.distinct:
        return not s.aggregate and not s.group_by
    return (s.aggregate and bool(s.group_by) and set(s.group_by) == set(s.items)
            and not any(isinstance(y, ir.Agg) for y in ir.local_nodes(s.items)))


def _undistinct(s: ir.Select) -> ir.Select:
    return dataclasses.replace(s, distinct=False, aggregate=False, group_by=())


def _repeats_copies(s, schema: Schema, typed: bool) -> bool:
    """Are the rows ``s`` (a DISTINCT select) merges identical copies (the module's law)?"""
    if not (isinstance(s, ir.Select) and _distinct_like(s)
            and s.having is None and s.bare_from is None and not s.order and s.limit is None
            and not s.offset and (own := _sources(s.source)) and not _collated(s.source, schema)):
        return False
    aliases = {getattr(x, "alias", None) for x in own}
    kept = {(c.alias, c.name) for c in s.items
            if isinstance(c, ir.Col) and c.alias in aliases and _exact(c, c, typed)}
    for f in s.items:
        if isinstance(f, ir.Col) and (f.alias, f.name) in kept:
            continue
        found = list(ir.nodes(f))
        if any(isinstance(y, _OPAQUE) for y in found) or any(
                isinstance(y, ir.Col) and y.alias in aliases and (y.alias, y.name) not in kept for y in found):
            return False
        if any(isinstance(y, ir.Agg) for y in ir.local_nodes(f)):
            return False
    return True


def _outside_aggregates(e):
    """The nodes of ``e`` not under an aggregate (a subquery's all: its outer columns)."""
    stack = [e]
    while stack:
        y = stack.pop()
        if isinstance(y, (ir.ScalarSub, ir.Exists, ir.InSub)):
            yield from ir.nodes(y)
        elif not isinstance(y, ir.Agg):
            yield y
            stack.extend(_children(y))


def _blind(q: ir.Select, alias: str) -> bool:
    """Is ``q`` (over the view ``alias``) blind to repeated rows of it?"""
    if not _windowless(q):  # (a window counts the rows it runs over)
        return False
    if q.aggregate:
        parts = (q.items, q.having, q.order)
        if not all(y.fn in _EXTREMA for y in ir.local_nodes(parts) if isinstance(y, ir.Agg)):
            return False
        keys = set(q.group_by)
        return all(not (isinstance(y, ir.Col) and y.alias == alias) or y in keys
                   for p in (*q.items, q.having, *(k for k, _ in q.order)) if p is not None
                   for y in _outside_aggregates(p))
    if q.group_by or q.having is not None:
        return False
    if q.limit == 1 and not q.offset:
        keys = {k for k, _ in q.order}
        return all(i in keys for i in q.items)
    return q.distinct and q.limit is None


def _plain(d: ir.Derived, schema: Schema, typed: bool) -> ir.Derived | None:
    """``d`` without the DISTINCT the law drops, else None."""
    s = d.query
    if _repeats_copies(s, schema, typed):
        return dataclasses.replace(d, query=_undistinct(s))
    if not (isinstance(s, ir.Select) and not s.aggregate and not s.group_by and s.having is None
            and not s.distinct and s.limit is None and not s.offset and not s.order
            and s.bare_from is None and (inner := _view(s.source)) is not None
            and _repeats_copies(inner.query, schema, typed)):
        return None
    # a projection of a DISTINCT view (its windows as subqueries over a copy of the view): one
    # row per row of the view, a deterministic function of it
    s = grouped_view_window_as_subquery(s, schema, typed)
    if any(isinstance(y, _OPAQUE) for y in ir.local_nodes((s.items, s.where))):
        return None
    s = dataclasses.replace(s, items=_deep(s.items, lambda e: _lift(e, schema, typed)))
    plain = dataclasses.replace(inner, query=_undistinct(inner.query))
    return dataclasses.replace(d, query=dataclasses.replace(s, source=_with_view(s.source, plain)))


def _lift(e, schema: Schema, typed: bool):
    """A first row of ORDER BY keys over a DISTINCT view of one table's columns, ``(SELECT
    d2.c FROM (SELECT DISTINCT a AS c.. FROM T t WHERE w) d2 WHERE φ ORDER BY d2.c LIMIT 1)``,
    as the same over ``T`` (``t`` renamed ``d2``): the law's (b), the view then merged (so that
    ``top_one_as_min`` meets it where the window was), else ``e``."""
    if not (isinstance(e, ir.ScalarSub) and isinstance(q := e.query, ir.Select) and q.limit == 1
            and q.bare_from is None and isinstance(d := q.source, ir.Derived) and _blind(q, d.alias)):
        return e
    v = d.query
    if not (_repeats_copies(v, schema, typed) and isinstance(v.source, ir.Scan) and len(d.names) == len(v.items)
            and all(isinstance(c, ir.Col) and c.alias == v.source.alias for c in v.items)):
        return e
    inner = {(v.source.alias, c): ir.Col(d.alias, c, ty, aff) for c, ty, aff in v.source.columns}
    rep = {(d.alias, n): _replace_cols(c, inner) for n, c in zip(d.names, v.items, strict=True)}
    where = _and([*_conjuncts(_replace_cols(v.where, inner)), *_conjuncts(_replace_cols(q.where, rep))])
    return dataclasses.replace(e, query=dataclasses.replace(
        q, source=dataclasses.replace(v.source, alias=d.alias), where=where,
        items=_replace_cols(q.items, rep), order=_replace_cols(q.order, rep)))


def _with_view(src, d: ir.Derived):
    return d if isinstance(src, ir.Derived) else dataclasses.replace(src, leaves=(d,))


def _lists_rows(q: ir.Select, d: ir.Derived) -> bool:
    """Does ``q`` list one row per row of the view ``d``, showing each of its columns (so
    that rows of ``d`` apart give rows of ``q`` apart: ``q`` is its own DISTINCT)?"""
    shown = {i.name for i in q.items if isinstance(i, ir.Col) and i.alias == d.alias}
    return (not q.aggregate and not q.group_by and q.having is None and not q.distinct
            and q.limit is None and not q.offset and set(d.names) <= shown
            and _windowless(q))


def duplicates_blind_distinct_view(q, schema: Schema, typed: bool):
    """``q`` with its DISTINCT view's DISTINCT dropped (the module's law; a listing of the
    view's rows then DISTINCT itself), and first rows over such views in its expressions
    lifted (``_lift``), else ``q``."""
    if not isinstance(q, ir.Select) or q.bare_from is not None:
        return q
    lifted = _deep(q, lambda e: _lift(e, schema, typed))
    if (d := _view(q.source)) is None:
        return lifted
    lists = _lists_rows(q, d)
    if not (lists or _blind(q, d.alias)) or (plain := _plain(d, schema, typed)) is None:
        return lifted
    return dataclasses.replace(lifted, source=_with_view(q.source, plain), distinct=q.distinct or lists)


# ---- the registry's entry (``rules.RULES`` adds it as ``Rule(*entry)``)

DISTINCT_EXTREMUM_RULE = (
    "duplicates_blind_distinct_view", "SELECT .. FROM (SELECT DISTINCT c.., f.. FROM S) d is the "
    "same without DISTINCT when the rows it merges are identical (each c a column whose equal "
    "values are identical, each f reading S only through the c's, deterministic) and the select "
    "is blind to repeats: MIN/MAX only over group keys, a first row of ORDER BY keys, or "
    "DISTINCT", ("select",),
    lambda canon, q, ctx: duplicates_blind_distinct_view(q, canon.schema, canon.typed), True)

VIEW_WINDOW_RULES = (VIEW_WINDOW_RULE, WHOLE_PARTITION_VIEW_RULE, DISTINCT_EXTREMUM_RULE)  # (rules.RULES registers them)
