"""Values a query computes without reading rows: ``one_row_scalar`` (a scalar subquery
over no FROM is its expression), ``one_row_values`` (a one-row VALUES as no FROM),
``aggregate_of_null`` (an aggregate of the NULL literal, what an aggregate FILTER (WHERE
FALSE) folds to, is its value over no rows)."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, Ty
from .terms import _deep, _map_children, _replace_cols

# what each aggregate returns when no argument value is non-NULL (SQLite's documentation
# of the aggregate functions: count() 0, total() 0.0, the others NULL)
_OF_NULLS = {AggFn.COUNT: ir.Lit(0, Ty.INT), AggFn.TOTAL: ir.Lit(0.0, Ty.REAL),
             AggFn.SUM: ir.Lit(None, Ty.NULL), AggFn.AVG: ir.Lit(None, Ty.NULL),
             AggFn.MIN: ir.Lit(None, Ty.NULL), AggFn.MAX: ir.Lit(None, Ty.NULL)}


def _one_row(q) -> ir.Expr | None:
    """The one item of a select over no FROM that returns exactly one row, else None."""
    if not (isinstance(q, ir.Select) and q.source is None and q.where is None
            and not q.group_by and q.having is None and not q.aggregate and q.limit is None
            and not q.offset and q.bare_from is None and len(q.items) == 1):
        return None
    item = q.items[0]
    if any(isinstance(y, (ir.Window, ir.Agg)) for y in ir.local_nodes(item)):
        return None  # (an aggregate of outer columns belongs to the outer query)
    return item


def one_row_scalar(x):
    """``(SELECT e)``, a scalar subquery without FROM, WHERE, GROUP BY, HAVING, LIMIT,
    OFFSET, aggregate or window function, is ``e`` (Spark's OptimizeOneRowRelationSubquery:
    "This rule optimizes subqueries with OneRowRelation as leaf nodes", a correlated scalar
    subquery over one row inlined as its expression). The subquery returns one row, ``e``
    evaluated on the outer row, and SQLite gives ``(SELECT e)`` the affinity of ``e``
    (``sqlite3ExprAffinity`` of a subquery is its first column's); a collating sequence it
    does not carry, but the verifier refuses COLLATE other than BINARY up front."""
    def f(y):
        if isinstance(y, ir.ScalarSub):
            item = _one_row(y.query)
            if item is not None:
                return item
        return y
    return _deep(x, f)


def aggregate_of_null(q):
    """In an aggregate select, ``AGG(NULL)`` (the NULL literal, with or without DISTINCT) is
    the aggregate's value over no values: COUNT 0, TOTAL 0.0, SUM, AVG, MIN and MAX NULL.
    An aggregate FILTER (WHERE FALSE) lowers to ``AGG(CASE WHEN FALSE THEN x END)``, which
    ``fold`` reads as ``AGG(NULL)`` (Spark's EliminateAggregateFilter: "Remove useless
    FILTER clause for aggregate expressions. ... if the filter predicate is always false,
    the aggregate function is replaced by its initial value"). The select stays an aggregate
    (one row without GROUP BY); not with the bare-column rule (``bare_from``), whose MIN or
    MAX picks the row."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.bare_from is None):
        return q

    def f(e):
        if isinstance(e, ir.Agg) and e.fn in _OF_NULLS and isinstance(e.arg, ir.Lit) \
                and e.arg.value is None:
            return _OF_NULLS[e.fn]
        if isinstance(e, (ir.InSub, ir.Exists, ir.ScalarSub)):
            return e  # (a subquery's aggregates are its own)
        return _map_children(e, f)

    items = tuple(f(i) for i in q.items)
    having = f(q.having) if q.having is not None else None
    order = tuple((f(k), d) for k, d in q.order)
    if items == q.items and having == q.having and order == q.order:
        return q
    return dataclasses.replace(q, items=items, having=having, order=order)


def one_row_values(q):
    """``SELECT f(t.x) FROM (VALUES (e)) AS t (x) WHERE p(t.x)``, a VALUES list of one row as
    the only source, is ``SELECT f(e) WHERE p(e)`` (Calcite's UnionPullUpConstantsRule and
    ValuesReduceRule print a one-row relation either way: "Planner rule that pulls up
    constants through a Union operator"; a VALUES column has no affinity, as an expression
    has none). Not over an aggregate or window function (they read the one row as a set)."""
    if not (isinstance(q, ir.Select) and isinstance(v := q.source, ir.Values)
            and len(v.rows) == 1 and not q.aggregate and q.bare_from is None
            and not any(isinstance(y, ir.Window) for i in q.items for y in ir.local_nodes(i))):
        return q
    rep = {(v.alias, n): e for n, e in zip(v.names, v.rows[0], strict=True)}
    return dataclasses.replace(_replace_cols(q, rep), source=None)
