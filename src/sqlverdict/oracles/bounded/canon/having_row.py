"""HAVING without GROUP BY as a filter on scalar aggregates: ``filtered_aggregate_row``.

``SELECT f((S1), ..) WHERE h((S1), ..)`` without FROM, where every ``Si`` is ``SELECT ai FROM
T WHERE w`` over one table ``T`` and one filter ``w`` (an aggregate of one item without GROUP
BY, HAVING, LIMIT, OFFSET: exactly one row), and the items and WHERE read nothing else but
literals, is ``SELECT f(a1, ..) FROM T WHERE w HAVING h(a1, ..)``: an aggregate without
GROUP BY makes the whole input one group, even an empty one (COUNT 0, SUM NULL), which
HAVING keeps or drops as the WHERE keeps or drops the one row without FROM; each ``(Si)``
is ``ai`` over those rows. The aggregates are counts, sums and averages (``COUNT``, ``SUM``,
``AVG``, ``TOTAL``: values without affinity as subqueries and as aggregates, so every
comparison converts alike). Text-to-SQL's "the total, if there are more than n" either way.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn
from .single_row import _aggregate_row, _replace_sub, _subqueries
from .terms import _deep

_NO_AFFINITY = (AggFn.COUNT, AggFn.COUNT_STAR, AggFn.SUM, AggFn.AVG, AggFn.TOTAL)


def _renamed(x, old: str, new: str):
    return _deep(x, lambda e: dataclasses.replace(e, alias=new)
                 if isinstance(e, ir.Col) and e.alias == old else e)


def _one_scan_aggregate(s: ir.ScalarSub):
    """(the scan, WHERE, item) of ``s`` when it is an aggregate row of a counting item over
    one table, else None."""
    q = s.query
    if not (_aggregate_row(q) and isinstance(q.source, ir.Scan) and not q.distinct and not q.order
            and isinstance(a := q.items[0], ir.Agg) and a.fn in _NO_AFFINITY):
        return None
    return q.source, q.where, a


def filtered_aggregate_row(q):
    """``q`` as the aggregate with HAVING (module docstring), or ``q`` itself."""
    if not (isinstance(q, ir.Select) and q.source is None and q.where is not None
            and not q.aggregate and not q.group_by and q.having is None and q.limit is None
            and not q.offset and not q.order and not q.distinct and q.bare_from is None):
        return q
    subs = _subqueries((q.items, q.where))
    if not subs:
        return q
    parts = [_one_scan_aggregate(s) for s in subs]
    if any(p is None for p in parts):
        return q
    scan, where = parts[0][0], parts[0][1]
    items, cond = q.items, q.where
    for s, (other, w, a) in zip(subs, parts, strict=True):
        if other.table != scan.table:
            return q
        w, a = _renamed(w, other.alias, scan.alias), _renamed(a, other.alias, scan.alias)
        if w != where:
            return q
        items, cond = _replace_sub(items, s, a), _replace_sub(cond, s, a)
    return ir.Select(scan, where, (), cond, items, False, (), None, 0, True, q.names)


HAVING_ROW_RULE = (
    "filtered_aggregate_row", "SELECT f((S1), ..) WHERE h((S1), ..) without FROM, each Si an "
    "aggregate row SELECT COUNT/SUM/AVG/TOTAL(..) FROM T WHERE w over one table and filter, is "
    "SELECT f(a1, ..) FROM T WHERE w HAVING h(a1, ..)", ("select",),
    lambda canon, q, ctx: filtered_aggregate_row(q), True)
