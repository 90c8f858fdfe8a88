"""A count of a row's partners in a DISTINCT derived table, as a correlated distinct count
(i57a): ``distinct_partner_count``.

"The attorneys with time on every litigation matter", counted over the distinct pairs:

    SELECT x.. FROM X x LEFT JOIN (SELECT DISTINCT w.e, w.y FROM W WHERE r) v ON v.e = x.c
    GROUP BY x.k HAVING h(COUNT(v.y))

is ``SELECT x.. FROM X x WHERE h((SELECT COUNT(DISTINCT w.y) FROM W WHERE r AND w.e =
x.c))``, where ``joins.count_join_as_subquery`` (the same law over a scan ``S``) and
``division.division_by_counting`` (the count against a divisor's) read it. Conditions:

- ``X``'s GROUP BY keys make each row of ``X`` its own group (``joins._one_row_groups``):
  a group is one row of ``X`` with its partners, or its one padded row, whose NULL ``v.y``
  ``COUNT`` skips (0, as the subquery over no rows);
- the view's items are exactly two columns ``w.e``, ``w.y`` of scans of ``W`` (no
  aggregate, GROUP BY, LIMIT, window), each a column whose equal values are one value
  (``twins._identical``) of an uncollated table: the view's rows whose ``e`` equals ``x.c``
  are the distinct ``y`` of ``W WHERE r`` with ``w.e = x.c``, ``COUNT(v.y)`` counts the
  non-NULL ones as ``COUNT(DISTINCT w.y)`` does (both tell values apart by ``=``);
- the ON is the one comparison ``v.e = x.c`` (``=``, no conversion), ``v.e`` of ``w.e``'s
  affinity, so ``w.e = x.c`` compares as it does; ``v`` is read only in ``COUNT(v.y)`` and
  ``COUNT(DISTINCT v.y)`` (items, HAVING), never in WHERE or the keys.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, JoinKind, Ty
from .joins import _one_row_groups, per_row_subqueries
from .rule_adapters import _count_join_as_subquery
from .terms import _and, _conjuncts, _leaves, _windowless
from .twins import _identical


def _view(v, schema, typed: bool):
    """(``w.e``, ``w.y``, the view's select) of a derived ``SELECT DISTINCT w.e, w.y FROM W
    WHERE r`` whose columns are identical on equal values, uncollated; else None."""
    d = v.query if isinstance(v, ir.Derived) else None
    if not (isinstance(d, ir.Select) and d.distinct and not d.aggregate and not d.group_by
            and d.having is None and d.limit is None and not d.offset and not d.order
            and d.bare_from is None and _windowless(d) and len(d.items) == 2 == len(set(v.names))):
        return None
    scans = {x.alias: x for x in (_leaves(d.source) or []) if isinstance(x, ir.Scan)}
    for c in d.items:
        if not (isinstance(c, ir.Col) and c.alias in scans and _identical(c, typed)
                and c.name.lower() not in {n.lower() for n in schema.table(scans[c.alias].table).collated}):
            return None
    return (*d.items, d)


def distinct_partner_count(q, schema, typed: bool):
    """The module's law on a select; ``q`` itself when it does not apply."""
    j = q.source if isinstance(q, ir.Select) else None
    if not (isinstance(j, ir.Join) and j.kind == JoinKind.LEFT and isinstance(j.left, ir.Scan)
            and isinstance(j.right, ir.Derived) and q.aggregate and q.group_by and not q.distinct
            and q.limit is None and not q.offset and q.bare_from is None and _windowless(q)):
        return q
    x, v = j.left, j.right
    found = _view(v, schema, typed)
    on = j.on
    if found is None or not all(isinstance(g, ir.Col) and g.alias == x.alias for g in q.group_by) \
            or not _one_row_groups(x, {g.name for g in q.group_by}, schema):
        return q
    if not (isinstance(on, ir.Cmp) and on.op == CmpOp.EQ and on.conv == Conv.NONE):
        return q
    ve, xc = (on.left, on.right) if isinstance(on.left, ir.Col) and on.left.alias == v.alias else (on.right, on.left)
    if not (isinstance(ve, ir.Col) and ve.alias == v.alias and isinstance(xc, ir.Col)
            and xc.alias == x.alias and ve.name in v.names):
        return q
    at = v.names.index(ve.name)
    e, y, view = found[at], found[1 - at], found[2]
    if ve.affinity != e.affinity:
        return q
    link = ir.Cmp(CmpOp.EQ, e, xc, Ty.BOOL, Conv.NONE)
    sub = dataclasses.replace(view, where=_and([*_conjuncts(view.where), link]), distinct=False,
                              items=(ir.Agg(AggFn.COUNT, y, True, Ty.INT),), aggregate=True, names=("n",))
    subs = {}
    for a in ir.local_nodes((q.items, q.having, tuple(k for k, _ in q.order))):
        if isinstance(a, ir.Agg) and isinstance(a.arg, ir.Col) and a.arg.alias == v.alias:
            if not (a.fn == AggFn.COUNT and a.arg.name == v.names[1 - at]):
                return q
            subs[a] = ir.ScalarSub(sub, Ty.INT)
    return per_row_subqueries(q, x, v.alias, subs)


COUNT_JOIN_RULES = (
    ("count_join_as_subquery", "COUNT(S.c) (MIN, MAX of an exact affinity) of X LEFT JOIN S ON p "
     "GROUP BY X's key (never NULL; every column of a DISTINCT derived X) is the scalar subquery "
     "(SELECT COUNT(S.c) FROM S WHERE p) per X row (COUNT(*) for c never NULL); HAVING a WHERE",
     ("unordered", "sources"), _count_join_as_subquery, True),
    ("distinct_partner_count", "COUNT(v.y) of X LEFT JOIN (SELECT DISTINCT w.e, w.y FROM W "
     "WHERE r) v ON v.e = x.c GROUP BY X's key (e, y identical on equal values, uncollated) is "
     "the scalar subquery (SELECT COUNT(DISTINCT w.y) FROM W WHERE r AND w.e = x.c) per X row; "
     "HAVING a WHERE", ("unordered",),
     lambda canon, q, ctx: distinct_partner_count(q, canon.schema, canon.typed), True),
)
