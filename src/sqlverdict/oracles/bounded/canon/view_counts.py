"""COUNT(*) over a derived table: ``count_of_one_row`` and ``count_of_distinct_view``.

- ``count_of_one_row``: ``SELECT COUNT(*), c.. FROM (S) AS t`` (no WHERE, GROUP BY, HAVING,
  ORDER BY, LIMIT; items ``COUNT(*)`` and literals), ``S`` exactly one row on every database
  (an aggregate without GROUP BY, HAVING, LIMIT: ``views._one_row``), is ``SELECT 1, c..``
  without FROM: one row either way, and the count of one row is 1 (Trino's
  PruneCountAggregationOverScalar).
- ``count_of_distinct_view``: ``COUNT(*)`` in an aggregate over ``(SELECT DISTINCT x FROM F
  WHERE w) AS d`` alone is ``COUNT(d.x)`` when ``x`` is a NOT NULL column of the one table
  ``F``: every row has a non-NULL ``x``, and ``distinct_rows_aggregate`` then reads
  ``COUNT(DISTINCT x)`` (Trino's SingleDistinctAggregationToGroupBy read backwards). A NULL
  ``x`` is a row of ``d`` that ``COUNT(d.x)`` skips, so not without the fact; a view whose
  ``x`` is not NULL by a WHERE conjunct only is left to the rules that read it so before.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, Ty
from .aggregates import _map_top, group_by_as_distinct
from .joins import _not_null
from .views import _one_row

_STAR = ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)


def _only_derived(q):
    """The derived table that is ``q``'s whole FROM, else None."""
    src = q.source
    if isinstance(src, ir.Derived):
        return src
    return None


def count_of_one_row(q):
    """``q`` as a select without FROM when it counts a one-row view (module docstring)."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.where is None and not q.group_by
            and q.having is None and not q.order and q.limit is None and not q.offset
            and q.bare_from is None and (d := _only_derived(q)) is not None and _one_row(d)):
        return q
    if not all(i == _STAR or isinstance(i, ir.Lit) for i in q.items) or _STAR not in q.items:
        return q
    items = tuple(ir.Lit(1, Ty.INT) if i == _STAR else i for i in q.items)
    return ir.Select(None, None, (), None, items, False, (), None, 0, False, q.names)


def _never_null_item(inner: ir.Select, schema) -> bool:
    """Is the one item of ``inner`` a NOT NULL column of its one table?"""
    x = inner.items[0]
    return (isinstance(x, ir.Col) and isinstance(inner.source, ir.Scan) and schema is not None
            and _not_null(x, [inner.source], schema))


def count_of_distinct_view(q, schema):
    """``q`` with ``COUNT(*)`` over a DISTINCT view of a never-NULL column as the column's
    COUNT (module docstring)."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.bare_from is None
            and (d := _only_derived(q)) is not None and isinstance(d.query, ir.Select)
            and len(d.names) == 1):
        return q
    inner = group_by_as_distinct(d.query)
    if not (inner.distinct and not inner.aggregate and inner.limit is None and not inner.offset
            and len(inner.items) == 1 and _never_null_item(inner, schema)):
        return q
    x = inner.items[0]
    col = ir.Col(d.alias, d.names[0], x.ty, getattr(x, "affinity", None))
    count = ir.Agg(AggFn.COUNT, col, False, Ty.INT)

    def f(e):
        return count if e == _STAR else e
    out = dataclasses.replace(q, items=tuple(_map_top(i, f) for i in q.items),
                              having=_map_top(q.having, f),
                              order=tuple((_map_top(k, f), desc) for k, desc in q.order))
    return q if out == q else out


VIEW_COUNT_RULES = (
    ("count_of_one_row", "SELECT COUNT(*) (and literals) FROM a one-row aggregate view, nothing "
     "else, is SELECT 1 without FROM", ("select",), lambda canon, q, ctx: count_of_one_row(q)),
    ("count_of_distinct_view", "COUNT(*) over (SELECT DISTINCT x .. ) alone, x never NULL there, "
     "is COUNT(d.x)", ("select",), lambda canon, q, ctx: count_of_distinct_view(q, canon.schema)),
)
