"""The least value of each group as the DISTINCT rows with no smaller one (issue 25, i41b):
``least_value_as_no_smaller``.

``SELECT g.., MIN(x) FROM T WHERE w GROUP BY g..`` is ``SELECT DISTINCT t.g.., t.x FROM T t
WHERE w AND NOT EXISTS (SELECT 1 FROM T h WHERE w(h) AND h.g IS t.g .. AND h.x < t.x)``
(MAX: ``h.x > t.x``); the "first activity per user" answer. ``twins.least_key_as_no_smaller``
is the law for a unique ``x`` without DISTINCT; here ``x`` may tie, and DISTINCT keeps one row
of the tied least values.

Why it holds in SQLite: the kept rows of a group whose ``x`` no other kept row of the group
undercuts hold the group's least ``x`` (the values of one column compare in one total order:
NULL aside, no conversion between two values of one column), at least one row does, and
DISTINCT makes them one row, the group's keys and that value. So each group gives one row,
as GROUP BY does. Conditions:

- ``x`` never NULL on a kept row (declared, or ``w`` rejects its NULL): MIN skips NULL,
  while a NULL ``x`` is undercut by nothing.
- ``x`` and the keys are columns whose equal values are identical (``twins._identical``:
  TEXT, typed numbers, INTEGER/NUMERIC under ``no_real_int_min``), so DISTINCT shows the
  value MIN returns; one uncollated table, ``w`` without subqueries (``twins._grouped_scan``).
- The items are the keys (each at least once) and that one MIN (or MAX) of ``x``; no HAVING.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, Ty
from .own_group import _never_null
from .terms import _and, _conjuncts
from .twins import _grouped_scan, _identical, _twin_rows


def least_value_as_no_smaller(q, schema, typed: bool):
    """``q`` (``SELECT g.., MIN(x) .. GROUP BY g..``) as the DISTINCT rows with no smaller
    ``x`` in their group (module docstring), else ``q``."""
    scan = _grouped_scan(q, schema, typed)
    if scan is None or q.having is not None or not set(q.group_by) <= set(q.items):
        return q
    aggs = {i for i in q.items if i not in q.group_by}
    if len(aggs) != 1:
        return q
    a = aggs.pop()
    if not (isinstance(a, ir.Agg) and a.fn in (AggFn.MIN, AggFn.MAX) and not a.distinct
            and isinstance(a.arg, ir.Col) and a.arg.alias == scan.alias):
        return q
    x = a.arg
    if not (_identical(x, typed) and _never_null(x, scan, _conjuncts(q.where), schema)):
        return q
    def before(r):
        return ir.Cmp(CmpOp.LT, *((r(x), x) if a.fn == AggFn.MIN else (x, r(x))), Ty.BOOL, Conv.NONE)
    twin = _twin_rows(q, scan, schema, before)
    items = tuple(x if i == a else i for i in q.items)
    return dataclasses.replace(q, where=_and([*_conjuncts(q.where), ir.Not(ir.Exists(twin))]),
                               group_by=(), aggregate=False, distinct=True, items=items)


LEAST_VALUE_RULE = (
    "least_value_as_no_smaller", "SELECT g.., MIN(x) FROM T WHERE w GROUP BY g.. is SELECT "
    "DISTINCT t.g.., t.x FROM T t WHERE w AND NOT EXISTS (a row h with w, h.g IS t.g and h.x < "
    "t.x) (MAX: >), x never NULL on a kept row (x, g: equal values identical)", ("select",),
    lambda canon, q, ctx: least_value_as_no_smaller(q, canon.schema, canon.typed), True)
