"""A default of an aggregate scalar subquery read inside it (issue 25, i43d):
``default_into_scalar``.

``COALESCE((SELECT AGG(x) FROM F WHERE w), d)`` is ``(SELECT COALESCE(AGG(x), d) FROM F
WHERE w)`` when the subquery is an aggregate without GROUP BY, HAVING, LIMIT or OFFSET and
``d`` a constant (literals only): such a select returns exactly one row, also over no row
(its aggregates' values over nothing: COUNT 0, SUM/MIN/MAX/AVG NULL), so the scalar
subquery is that row's one value and COALESCE reads the same value inside as outside
(neither form has an affinity: a COALESCE is an expression, not a column). Django's
``annotate(v=Coalesce(Sum('post__views'), 0))`` over a LEFT JOIN (made a correlated subquery
per parent row by ``count_join_as_subquery``/``summed_join_as_subquery``) then meets the
hand-written ``(SELECT COALESCE(SUM(p.views), 0) FROM post p WHERE p.author_id = a.id)``.

Only in a select's items: in a condition the outer form stays, the one
``extremum_bound_as_not_exists`` reads (the for-all ``COALESCE((SELECT MIN(x) ..), d) >= v``).
Not for a grouped subquery (no group, no row: the scalar subquery is NULL while the
COALESCE inside never runs, so the default shows outside only), a HAVING or LIMIT (the one
row may go), nor a default reading a column or a subquery (kept outside, where it is read).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import FuncName
from .aggregates import _map_top
from .terms import _windowless, constant


def _one_row(q) -> bool:
    """Does ``q`` return exactly one row on every database (an aggregate without GROUP BY,
    HAVING, LIMIT, OFFSET, window)?"""
    return (isinstance(q, ir.Select) and q.aggregate and not q.group_by and q.having is None
            and q.limit is None and not q.offset and len(q.items) == 1 and _windowless(q))


def _inside(e):
    """``e`` = ``COALESCE((one-row select), d..)`` with the COALESCE inside, else ``e``."""
    if not (isinstance(e, ir.Func) and e.name == FuncName.COALESCE and len(e.args) >= 2
            and isinstance(s := e.args[0], ir.ScalarSub) and _one_row(s.query)
            and all(isinstance(d, ir.Lit) and constant(d) for d in e.args[1:])):
        return e
    q = s.query
    item = dataclasses.replace(e, args=(q.items[0], *e.args[1:]))
    return ir.ScalarSub(dataclasses.replace(q, items=(item,)), e.ty)


def default_into_scalar(q):
    """``q`` with each ``COALESCE((one-row aggregate subquery), literal..)`` of its items
    read inside the subquery (see the module), else ``q``. Items only: in a condition the
    outer form is the one ``extremum_bound_as_not_exists`` reads (``COALESCE((SELECT MIN(x)
    ..), d) >= v``), and two normal forms of one condition would not meet."""
    if not (isinstance(q, ir.Select)
            and any(_inside(y) is not y for y in ir.local_nodes(q.items))):
        return q
    return dataclasses.replace(q, items=tuple(_map_top(i, _inside) for i in q.items))


SCALAR_DEFAULT_RULE = (
    "default_into_scalar", "an item COALESCE((SELECT AGG(x) FROM F WHERE w), d), the subquery an "
    "aggregate without GROUP BY, HAVING, LIMIT (one row always), d literals, is (SELECT "
    "COALESCE(AGG(x), d) FROM F WHERE w)", ("select",),
    lambda canon, q, ctx: default_into_scalar(q), True)
