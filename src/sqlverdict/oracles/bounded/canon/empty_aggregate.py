"""An aggregate of no rows: ``aggregate_of_nothing``.

An aggregate select without GROUP BY returns exactly one row, also on no input; when its
input is empty on every database (WHERE folds to FALSE, or an inner-joined source that
returns nothing: ``empty``'s reading), each aggregate is its value over no rows (SQLite's
documentation of the aggregate functions: count() and count(*) 0, total() 0.0, sum, avg,
min and max NULL), so the select is ``SELECT items`` with those values and no FROM
(Calcite's AggregateValuesRule: "an Aggregate on an empty Values ... returns one row of
the aggregates' values over no rows"; PruneEmptyRules). Not with GROUP BY (no row), HAVING,
LIMIT or OFFSET (left to the rules that read them), a bare column (``bare_from``), a
window, a subquery in the items, or a column outside an aggregate.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, Ty
from .empty import _empty_source
from .facts import fold
from .terms import FALSE, _map_children

_OF_NOTHING = {AggFn.COUNT: ir.Lit(0, Ty.INT), AggFn.COUNT_STAR: ir.Lit(0, Ty.INT),
               AggFn.TOTAL: ir.Lit(0.0, Ty.REAL), AggFn.SUM: ir.Lit(None, Ty.NULL),
               AggFn.AVG: ir.Lit(None, Ty.NULL), AggFn.MIN: ir.Lit(None, Ty.NULL),
               AggFn.MAX: ir.Lit(None, Ty.NULL)}


class _Refuse(Exception):
    pass


def _valued(e):
    """``e`` with each aggregate as its value over no rows; ``_Refuse`` when ``e`` reads a
    column outside an aggregate, a window or a subquery."""
    if isinstance(e, ir.Agg):
        if e.fn not in _OF_NOTHING:
            raise _Refuse
        return _OF_NOTHING[e.fn]
    if isinstance(e, (ir.Col, ir.Window, ir.InSub, ir.Exists, ir.ScalarSub)):
        raise _Refuse
    return _map_children(e, _valued)


def _empty_input(q: ir.Select) -> bool:
    return (q.where is not None and fold(q.where) == FALSE) or _empty_source(q.source)


def aggregate_of_nothing(q):
    """``q`` as ``SELECT values`` when it aggregates no rows on every database (module
    docstring); ``q`` itself otherwise."""
    if not (isinstance(q, ir.Select) and q.aggregate and not q.group_by and q.having is None
            and q.limit is None and not q.offset and q.bare_from is None and _empty_input(q)):
        return q
    try:
        items = tuple(_valued(i) for i in q.items)
    except _Refuse:
        return q
    return dataclasses.replace(q, source=None, where=None, items=items, order=(),
                               aggregate=False, distinct=False)
