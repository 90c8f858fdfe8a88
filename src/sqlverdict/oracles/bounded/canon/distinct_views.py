"""A DISTINCT view projected onto columns that determine its other items (issue 25, i41a):
``dependent_items_of_distinct_view``.

``SELECT d.p, d.x FROM (SELECT DISTINCT p, x, DENSE_RANK() OVER (..) AS r FROM t WHERE w) AS
d`` (once the rank is the correlated count of ``t``'s rows above ``t.x`` in ``t.p``'s
partition) is ``SELECT DISTINCT p, x FROM t WHERE w``. The law: ``SELECT d.a.. FROM (SELECT
DISTINCT a.., f.. FROM S WHERE w) AS d``, nothing else in the outer select, each ``a`` a
column of ``S``, each dropped item ``f`` reading the rows of ``S`` only through those
columns, deterministic (no function, window or aggregate of ``S``'s rows; correlated
subqueries over other scans are values of those columns), is ``SELECT DISTINCT a.. FROM S
WHERE w``. Why it holds in SQLite: two rows of ``S`` equal on the kept columns are
identical there (``transfer._exact``: TEXT, or the typed domain's numbers; BINARY), so
``f`` is the same on both; the view's distinct rows are then one per distinct kept tuple,
and the projection lists each once, as DISTINCT does. Not where a dropped item reads another
column (``SELECT d.p FROM (SELECT DISTINCT p, x ..)`` lists ``p`` once per ``x``)."""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from .terms import _leaves
from .transfer import _exact
from .windows import _collated

_OPAQUE = (ir.Func, ir.Window)


def dependent_items_of_distinct_view(q, schema: Schema, typed: bool):
    """``q`` as the DISTINCT of its view's kept columns (the module's law), else ``q``."""
    if (not isinstance(q, ir.Select) or not isinstance(d := q.source, ir.Derived) or q.where is not None
            or q.aggregate or q.group_by or q.having is not None or q.bare_from is not None
            or q.order or q.limit is not None or q.offset):
        return q
    s = d.query
    leaves = _leaves(s.source) if isinstance(s, ir.Select) else None
    if (not isinstance(s, ir.Select) or not s.distinct or s.aggregate or s.group_by
            or s.having is not None or s.bare_from is not None or s.order or s.limit is not None
            or s.offset or not leaves or _collated(s.source, schema)):
        return q
    if (not all(isinstance(i, ir.Col) and i.alias == d.alias for i in q.items)
            or len(set(d.names)) != len(d.names)):
        return q
    kept = {d.names.index(i.name) for i in q.items}
    cols = {(s.items[k].alias, s.items[k].name) for k in kept if isinstance(s.items[k], ir.Col)}
    if len(cols) != len(kept) or not all(_exact(s.items[k], s.items[k], typed) for k in kept):
        return q
    own = {x.alias for x in leaves}
    for k, f in enumerate(s.items):
        if k in kept:
            continue
        found = list(ir.nodes(f))
        if any(isinstance(y, _OPAQUE) for y in found):
            return q
        if any(isinstance(y, ir.Col) and y.alias in own and (y.alias, y.name) not in cols for y in found):
            return q
    items = tuple(s.items[d.names.index(i.name)] for i in q.items)
    return dataclasses.replace(s, items=items, names=q.names)


DISTINCT_VIEW_RULE = (
    "dependent_items_of_distinct_view", "SELECT d.a.. FROM (SELECT DISTINCT a.., f.. FROM S "
    "WHERE w) d, nothing else, each a a column of S (equal values identical, BINARY), each "
    "dropped f reading S's rows only through those columns, no function or window, is SELECT "
    "DISTINCT a.. FROM S WHERE w", ("select",),
    lambda canon, q, ctx: dependent_items_of_distinct_view(q, canon.schema, canon.typed), True)
