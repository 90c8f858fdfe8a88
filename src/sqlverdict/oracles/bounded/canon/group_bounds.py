"""HAVING bounds that every row of a group must meet, as a filter of whole groups (issue 25,
i40d): ``bounds_as_group_filter``.

``SELECT g, a.. FROM T WHERE w GROUP BY g HAVING MIN(c) >= v`` (``>``; ``MAX(c) <= v``,
``<``; ``MIN(c) = v AND MAX(c) = v``; ``COUNT(*) = COUNT(CASE WHEN p THEN 1 END)``: the
bounds of ``twins.bounds_as_no_counterexample``) is ``SELECT g, a.. FROM T t WHERE w AND
NOT EXISTS (a row h of T with w, h.g IS t.g and h.c < v) GROUP BY g HAVING COUNT(c) > 0``:
the least value meets a lower bound exactly when no value breaks it, and MIN is NULL (the
group goes) exactly when the group holds no non-NULL ``c`` (one ``COUNT(c) > 0`` per bounded
column; none for a column never NULL, nor for the count test: a group is never empty). The
``NOT EXISTS`` reads the group's key only, so it keeps or drops a group whole and the
aggregates ``a..`` of a kept group read all its rows, as before. ``twins`` reads a select
of keys only as DISTINCT rows; this law keeps the grouping for selects with an aggregate
item. ``MAX(c) > v`` (``MIN(c) < v``) is met by one row, not by every row: not this law.
Its conditions are twins': one uncollated table, keys whose equal values are identical,
``v`` a literal of ``c``'s class.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, Ty
from .joins import _not_null
from .terms import _and, _conjuncts
from .twins import _COUNTER, _bound, _counterexamples, _grouped_scan, _twin_rows
from .universal import any_of, null_tested


def bounds_as_group_filter(q, schema, typed: bool):
    """The select ``q`` with its HAVING bounds as ``NOT EXISTS`` a counterexample row of the
    group in WHERE (module docstring), else ``q``."""
    scan = _grouped_scan(q, schema, typed)
    if (scan is None or q.having is None or not any(isinstance(i, ir.Agg) for i in q.items)
            or not all(i in q.group_by or isinstance(i, ir.Agg) for i in q.items)):
        return q  # (keys only: twins' DISTINCT form)
    if any(b is not None and b[2] != CmpOp.EQ and (b[0], b[2]) not in _COUNTER
           for b in map(_bound, _conjuncts(q.having))):
        return q  # MAX(c) > v is met by one row, not every row
    tests = _counterexamples(q.having, scan, schema)
    if tests is None:
        return q
    cols = list(dict.fromkeys(c for _, c in tests if c is not None))
    seen = null_tested([t for t, _ in tests])
    test = any_of([t for t, _ in tests])
    found = [ir.Not(ir.Exists(_twin_rows(q, scan, schema, lambda r: r(test))))]
    counted = [ir.Cmp(CmpOp.LT, ir.Lit(0, Ty.INT), ir.Agg(AggFn.COUNT, c, False, Ty.INT),
                      Ty.BOOL, Conv.NONE) for c in cols
               if not _not_null(c, [scan], schema) and c not in seen]
    return dataclasses.replace(q, where=_and([*_conjuncts(q.where), *found]), having=_and(counted))


GROUP_BOUND_RULES = (
    ("bounds_as_group_filter", "SELECT g, aggregates FROM T WHERE w GROUP BY g HAVING MIN(c) >= "
     "v (>; MAX <=, <; MIN = MAX = v; COUNT(*) = COUNT(CASE WHEN p ..)) is WHERE w AND NOT "
     "EXISTS (a row h of the group breaking it) GROUP BY g HAVING COUNT(c) > 0 (c nullable)",
     ("select",), lambda canon, q, ctx: bounds_as_group_filter(q, canon.schema, canon.typed), True),
)
