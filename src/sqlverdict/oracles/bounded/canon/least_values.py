"""The DISTINCT rows with no smaller value in their group as the group's least value (issue
25, i41b): ``least_value_as_no_smaller``, read from the anti join to the grouping.

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
- The items are the keys (each at least once) and ``x``; the subquery reads ``T``'s rows with
  ``w`` and the links only, besides the one comparison of ``x``; ``x`` no never-NULL
  one-column unique key (``twins.least_key_as_no_smaller`` reads that one, without DISTINCT).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp
from .own_group import _cols, _link, _never_null, _renamed
from .terms import _and, _conjuncts, _has_sub, _key, _windowless
from .twins import _identical, _one_key


def least_value_as_no_smaller(q, schema, typed: bool):
    """``SELECT DISTINCT t.g.., t.x FROM T t WHERE w AND NOT EXISTS (SELECT .. FROM T h WHERE
    w(h) AND h.g IS t.g .. AND h.x < t.x)`` (``>``: MAX) as ``SELECT g.., MIN(x) .. GROUP BY
    g..`` (module docstring; read in this direction, so that groupings stay groupings for the
    laws that read them), else ``q``."""
    if not (isinstance(q, ir.Select) and q.distinct and not q.aggregate and not q.group_by
            and q.having is None and q.limit is None and not q.offset and not q.order
            and q.bare_from is None and isinstance(q.source, ir.Scan) and _windowless(q)):
        return q
    scan = q.source
    if schema.table(scan.table).collated or not all(
            isinstance(i, ir.Col) and i.alias == scan.alias and _identical(i, typed) for i in q.items):
        return q
    conds = _conjuncts(q.where)
    w = [c for c in conds if not _has_sub(c)]
    subs = [c for c in conds if _has_sub(c)]
    if len(subs) != 1 or not (isinstance(subs[0], ir.Not) and isinstance(subs[0].arg, ir.Exists)):
        return q
    s = subs[0].arg.query
    if not (isinstance(s, ir.Select) and isinstance(s.source, ir.Scan) and s.source.table == scan.table
            and not s.aggregate and not s.group_by and s.having is None and s.limit is None
            and not s.offset and s.source.alias != scan.alias):
        return q
    h = s.source.alias
    found = [(_link(c, h, scan.alias), c) for c in _conjuncts(s.where)]
    links = {g: op for (g, op), _ in ((f, c) for f, c in found if f is not None)}
    others = [c for f, c in found if f is None]
    order = [c for c in others if _before(c, h, scan.alias) is not None]
    if len(order) != 1:
        return q
    x, fn = _before(order[0], h, scan.alias)
    rest = [_renamed(c, h, scan.alias) for c in others if c is not order[0]]
    keys = [i for i in q.items if i != x]
    if (x not in q.items or x.name == _one_key(schema, scan) or set(links) != set(keys) or not keys
            or any(_has_sub(c) or any(y.alias != h for y in _cols([c]))
                   for c in others if c is not order[0])
            or {_key(c) for c in rest} != {_key(c) for c in w}
            or not _never_null(x, scan, w, schema)
            or any(op == CmpOp.EQ and not _never_null(g, scan, w, schema) for g, op in links.items())):
        return q
    items = tuple(ir.Agg(fn, x, False, x.ty) if i == x else i for i in q.items)
    return dataclasses.replace(q, where=_and(w), group_by=tuple(dict.fromkeys(keys)), items=items,
                               distinct=False, aggregate=True)


def _before(c, h: str, t: str):
    """(t.x, MIN) of ``h.x < t.x`` (``t.x > h.x``; MAX for ``>``), no conversion; else None."""
    if not (isinstance(c, ir.Cmp) and c.op in (CmpOp.LT, CmpOp.GT) and not c.conv
            and isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)
            and c.left.name == c.right.name):
        return None
    a, b, op = c.left, c.right, c.op
    if a.alias == t:
        a, b, op = b, a, (CmpOp.GT if op == CmpOp.LT else CmpOp.LT)
    if a.alias != h or b.alias != t:
        return None
    return b, (AggFn.MIN if op == CmpOp.LT else AggFn.MAX)


LEAST_VALUE_RULE = (
    "least_value_as_no_smaller", "SELECT DISTINCT t.g.., t.x FROM T t WHERE w AND NOT EXISTS (a "
    "row h with w, h.g IS t.g and h.x < t.x) is SELECT g.., MIN(x) FROM T WHERE w GROUP BY g.. "
    "(MAX: >), x never NULL on a kept row, no unique key (x, g: equal values identical)", ("select",),
    lambda canon, q, ctx: least_value_as_no_smaller(q, canon.schema, canon.typed), True)
