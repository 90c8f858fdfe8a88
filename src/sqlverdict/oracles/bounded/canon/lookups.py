"""A correlated scalar subquery that looks one row up by a unique key, as a LEFT JOIN:
``lookup_as_left_join``."""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import JoinKind
from ..ir.walk import _bare_cols
from .joins import _unique_match
from .scalar_top_rows import _same
from .terms import _deep, _has_sub, _tree_aliases, _windowless


def _lookup(s) -> bool:
    """A select of one item from one table filtered by a WHERE, nothing else (no
    aggregate, GROUP BY, LIMIT, window function, subquery)."""
    return (isinstance(s, ir.Select) and isinstance(s.source, ir.Scan) and s.where is not None
            and not s.aggregate and not s.group_by and s.having is None and s.limit is None
            and not s.offset and s.bare_from is None and len(s.items) == 1
            and _windowless(s) and not _has_sub(s.where) and not _has_sub(s.items[0]))


def lookup_as_left_join(q, schema: Schema):
    """An item ``(SELECT p.c FROM P AS p WHERE p.k = x AND w)``, the WHERE equating every
    column of a unique key of ``P`` with values of this select's rows (no conversion), is
    ``p.c`` over ``... LEFT JOIN P AS p ON p.k = x AND w`` (Calcite's JoinToCorrelateRule,
    read backwards: "Rule that converts a Join into a LogicalCorrelate, which can then be
    implemented using nested loops"): at most one row of ``P`` matches each row, so the
    join keeps every row once, and reads ``p.c`` where the subquery returns it, NULL where
    it returns no row. Not where row order is read (the driver's ``unordered`` site).
    Also in the ON of an inner or left join (Spark's ColumnPruning/JoinElimination): the
    lookup joins that join's left side, whose rows it keeps once each. In a grouped (or
    aggregate) select: ``lookup_in_grouping``."""
    if not (isinstance(q, ir.Select) and q.source is not None
            and q.bare_from is None and _windowless(q)):
        return q
    source = _in_on(q.source, schema)
    if source is not q.source:
        return dataclasses.replace(q, source=source)
    if q.aggregate:
        return lookup_in_grouping(q, schema)
    mine = set(_tree_aliases(q.source))
    for n, item in enumerate(q.items):
        if not (isinstance(item, ir.ScalarSub) and _lookup(s := item.query)
                and ir.free_aliases(s) <= mine):
            continue
        j = ir.Join(JoinKind.LEFT, q.source, s.source, s.where)
        if _unique_match(j, schema):
            return dataclasses.replace(q, source=j, items=(*q.items[:n], s.items[0], *q.items[n + 1:]))
    return q


def _in_on(src, schema: Schema):
    """``src`` with the first lookup in an inner or left join's ON read off a LEFT JOIN of
    its table to that join's left side; ``src`` itself when there is none."""
    if not isinstance(src, ir.Join):
        return src
    for side in ("left", "right"):
        new = _in_on(getattr(src, side), schema)
        if new is not getattr(src, side):
            return dataclasses.replace(src, **{side: new})
    if src.kind not in (JoinKind.INNER, JoinKind.LEFT) or src.on is None:
        return src
    mine = set(_tree_aliases(src.left))
    for e in ir.local_nodes(src.on):
        if not (isinstance(e, ir.ScalarSub) and _lookup(s := e.query)
                and ir.free_aliases(s) <= mine):
            continue
        j = ir.Join(JoinKind.LEFT, src.left, s.source, s.where)
        if _unique_match(j, schema):
            on = _deep(src.on, lambda y, e=e, s=s: s.items[0] if y == e else y)
            return dataclasses.replace(src, left=j, on=on)
    return src


def lookup_in_grouping(q: ir.Select, schema: Schema):
    """The lookup of ``lookup_as_left_join`` read per row of a grouped (or aggregate)
    select: in its WHERE, GROUP BY keys, aggregates' arguments, HAVING, items. The LEFT JOIN
    keeps each row once with the lookup's value as ``p.c``, so every group holds the same
    rows and every per-row expression the same values (Calcite's JoinToCorrelateRule under
    an Aggregate; the textbook unnesting of a scalar lookup below a GROUP BY). Every copy of
    the subquery (the same text, its table under another alias too) becomes ``p.c``; not when ``p.c`` would be read outside an aggregate and
    outside every GROUP BY key (a bare column: SQLite picks its row)."""
    if q.order or q.limit is not None or q.offset:
        return q
    mine = set(_tree_aliases(q.source))
    parts = (q.where, q.group_by, q.items, q.having)
    for e in (n for part in parts if part is not None for n in ir.local_nodes(part)):
        if not (isinstance(e, ir.ScalarSub) and _lookup(s := e.query) and ir.free_aliases(s) <= mine):
            continue
        if not _unique_match(ir.Join(JoinKind.LEFT, q.source, s.source, s.where), schema):
            continue
        where, group_by, items, having = _deep(parts, lambda y, e=e, s=s: s.items[0] if _same(y, e) else y)
        if any(c.alias == s.source.alias for x in (*items, having) if x is not None
               for c in _bare_cols(x, set(group_by))):
            continue
        return dataclasses.replace(q, source=ir.Join(JoinKind.LEFT, q.source, s.source, s.where),
                                   where=where, group_by=group_by, items=items, having=having)
    return q


LOOKUP_RULE = (
    "lookup_as_left_join", "an item (SELECT p.c FROM P p WHERE p.k = x AND w), k a unique "
    "key of P equated to values of the row, is p.c of LEFT JOIN P p ON p.k = x AND w; "
    "also in a join's ON (P joins that join's left side), and in a grouped or aggregate "
    "select's WHERE, keys, aggregates and HAVING (p.c read in no bare column)",
    ("unordered",), lambda canon, q, ctx: lookup_as_left_join(q, canon.schema), True)
