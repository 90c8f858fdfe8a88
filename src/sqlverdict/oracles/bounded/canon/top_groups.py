"""The groups ranked first by an aggregate as those reaching its greatest value (issue 25,
i41a): ``top_ranked_groups_as_max``.

"The customers with the most orders, ties kept" is written ``SELECT g FROM (SELECT g,
DENSE_RANK() OVER (ORDER BY COUNT(*) DESC) AS r FROM t WHERE w GROUP BY g) AS d WHERE r =
1`` (RANK alike) and ``SELECT g FROM t WHERE w GROUP BY g HAVING COUNT(*) = (SELECT MAX(n)
FROM (SELECT COUNT(*) AS n FROM t WHERE w GROUP BY g) AS m)``. The law: the first is the
second (ASC: MIN), for ``A`` in the window's only ORDER BY key an aggregate never NULL on a
group: ``COUNT``, or MIN/MAX of a column never NULL on a kept row. Why it holds in SQLite:

- a window of a grouped select ranks its groups (after HAVING); with no PARTITION BY, RANK
  and DENSE_RANK are 1 exactly on the groups tied with the first in the order, those whose
  ``A`` equals the greatest ``A`` (DESC; never NULL, so NULL's place in the order plays no
  part);
- the scalar subquery recomputes the same groups (the same FROM, WHERE, GROUP BY and
  HAVING, deterministic, no subquery) and their greatest ``A``: MAX compares as ORDER BY
  does (one column's values, BINARY), and ``=`` holds exactly between tied values (an
  aggregate's value has no affinity: compared as stored); no group: no row either way.

Not ROW_NUMBER (one of the tied groups), not a PARTITION BY (the greatest per partition),
not an aggregate that may be NULL (AVG or SUM of a column with NULLs: SQLite sorts NULL last
descending, MAX skips it), nor AVG/SUM of reals (the two groupings may add in other orders).
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import AggFn, CmpOp, Ty, WindowFn
from .first_rows import _is_first
from .terms import _and, _conjuncts, _has_sub
from .top_one import _PURE
from .windows import _collated

_RANKS = (WindowFn.RANK, WindowFn.DENSE_RANK)


def top_ranked_groups_as_max(q, schema: Schema):
    """``q`` as the groups whose aggregate reaches its extremum (the module's law), else ``q``."""
    if (not isinstance(q, ir.Select) or not isinstance(d := q.source, ir.Derived) or q.aggregate
            or q.group_by or q.having is not None or q.bare_from is not None or q.order
            or q.limit is not None or q.offset or len(set(d.names)) != len(d.names)):
        return q
    s = d.query
    if (not isinstance(s, ir.Select) or not s.aggregate or not s.group_by or s.distinct or s.order
            or s.limit is not None or s.offset or s.bare_from is not None or s.source is None
            or _collated(s.source, schema) or _has_sub((s.where, s.having, s.group_by))):
        return q
    conds = _conjuncts(q.where)
    if len(conds) != 1:
        return q
    ranked = [i for i, n in enumerate(d.names) if _is_first(conds[0], d.alias, n)]
    if len(ranked) != 1 or not isinstance(w := s.items[ranked[0]], ir.Window):
        return q
    if w.fn not in _RANKS or w.partition or w.args or len(w.order) != 1:
        return q
    a, desc = w.order[0]
    if not _never_null_aggregate(a, s, schema):
        return q
    if not all(isinstance(y, (*_PURE, ir.Agg)) for y in ir.local_nodes((s.where, s.having, s.group_by))):
        return q
    items = []
    for item in q.items:
        if not (isinstance(item, ir.Col) and item.alias == d.alias):
            return q
        e = s.items[d.names.index(item.name)]
        if any(isinstance(y, ir.Window) for y in ir.nodes(e)):
            return q
        items.append(e)
    alias = d.alias + "_ranked"
    values = ir.Select(s.source, s.where, s.group_by, s.having, (a,), False, (), None, 0, True, ("n",))
    top = ir.Select(ir.Derived(values, alias, ("n",)), None, (), None,
                    (ir.Agg(AggFn.MAX if desc else AggFn.MIN, ir.Col(alias, "n", a.ty, None), False, a.ty),),
                    False, (), None, 0, True, ())
    reach = ir.Cmp(CmpOp.EQ, a, ir.ScalarSub(top, a.ty), Ty.BOOL)
    return dataclasses.replace(s, items=tuple(items), having=_and([*_conjuncts(s.having), reach]),
                               distinct=q.distinct, names=q.names)


def _never_null_aggregate(a, s: ir.Select, schema: Schema) -> bool:
    """Is ``a`` COUNT, or MIN/MAX of a column declared NOT NULL (never NULL on a group)?"""
    if not isinstance(a, ir.Agg):
        return False
    if a.fn in (AggFn.COUNT, AggFn.COUNT_STAR):
        return True
    if a.fn not in (AggFn.MIN, AggFn.MAX) or not isinstance(x := a.arg, ir.Col):
        return False
    if not (isinstance(s.source, ir.Scan) and s.source.alias == x.alias):
        return False  # (one table: an outer join could pad the column with NULL)
    return schema.table(s.source.table).never_null(x.name)


TOP_GROUPS_RULE = (
    "top_ranked_groups_as_max", "SELECT d.g.. FROM (SELECT g.., RANK() OVER (ORDER BY A DESC) "
    "r FROM t WHERE w GROUP BY g.. [HAVING h]) d WHERE d.r = 1 (DENSE_RANK), A COUNT or MIN/MAX "
    "of a NOT NULL column, is SELECT g.. FROM t WHERE w GROUP BY g.. HAVING [h AND] A = (SELECT "
    "MAX(n) FROM (SELECT A n FROM t WHERE w GROUP BY g.. [HAVING h])) (ASC: MIN)", ("select",),
    lambda canon, q, ctx: top_ranked_groups_as_max(q, canon.schema), True)
