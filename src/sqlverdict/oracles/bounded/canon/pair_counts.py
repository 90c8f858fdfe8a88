"""The values met by two rows of a table, counted through a self-join, as the groups of at
least two rows (issue 25, i41b): ``pair_count_as_groups``.

``SELECT COUNT(DISTINCT a.g) FROM T a JOIN T b ON a.g = b.g AND a.k < b.k`` (``>``, ``<>``; the
conditions in ON or WHERE) is ``SELECT COUNT(*) FROM (SELECT g FROM T WHERE g IS NOT NULL
GROUP BY g HAVING COUNT(*) > 1) AS d``, ``k`` a never-NULL one-column unique key of ``T``: the
"how many customers ordered more than once" answers.

Why it holds in SQLite: a value ``v`` of ``g`` is counted exactly when two rows hold ``g =
v``, one with the smaller key (two rows have different keys, compared in one total order:
never NULL, one column, no conversion), that is when the group of ``v`` holds at least two
rows. ``=`` finds no NULL ``g`` and COUNT(DISTINCT) skips it; the derived table drops it.
COUNT(DISTINCT) and GROUP BY tell values apart by one equality (no collated table), so
they count the same values.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, Ty
from .terms import _conjuncts, _leaves, _on_conjuncts
from .twins import _one_key

_ORDERS = (CmpOp.LT, CmpOp.GT, CmpOp.NE)


def _pair(c, a: str, b: str, name: str, ops) -> bool:
    """Is ``c`` ``a.name op b.name`` (either side) for an ``op`` among ``ops``, no conversion?"""
    return (isinstance(c, ir.Cmp) and c.op in ops and not c.conv
            and isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)
            and c.left.name == name and c.right.name == name
            and {c.left.alias, c.right.alias} == {a, b})


def pair_count_as_groups(q, schema):
    """``q`` (``COUNT(DISTINCT a.g)`` over a self-join on ``g`` and the key order) as the count
    of groups of two rows or more (module docstring), else ``q``."""
    if not (isinstance(q, ir.Select) and q.aggregate and not q.group_by and q.having is None
            and len(q.items) == 1 and q.limit is None and not q.offset and q.bare_from is None):
        return q
    agg = q.items[0]
    leaves = _leaves(q.source)
    if not (isinstance(agg, ir.Agg) and agg.fn == AggFn.COUNT and agg.distinct
            and isinstance(agg.arg, ir.Col) and leaves is not None and len(leaves) == 2
            and all(isinstance(x, ir.Scan) for x in leaves) and leaves[0].table == leaves[1].table
            and not schema.table(leaves[0].table).collated):
        return q
    a, b = (leaves if leaves[0].alias == agg.arg.alias else leaves[::-1])
    g, k = agg.arg, _one_key(schema, a)
    conds = _on_conjuncts(q.source) + _conjuncts(q.where)
    if (g.alias != a.alias or k is None or k == g.name or len(conds) != 2
            or not any(_pair(c, a.alias, b.alias, g.name, (CmpOp.EQ,)) for c in conds)
            or not any(_pair(c, a.alias, b.alias, k, _ORDERS) for c in conds)):
        return q
    star = ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
    inner = ir.Select(a, ir.Not(ir.IsNull(g)), (g,), ir.Cmp(CmpOp.GT, star, ir.Lit(1, Ty.INT),
                                                             Ty.BOOL, Conv.NONE),
                      (g,), False, (), None, 0, True, ("g",))
    return dataclasses.replace(q, source=ir.Derived(inner, f"{a.alias}_pairs", ("g",)), where=None,
                               items=(star,))


PAIR_COUNT_RULE = (
    "pair_count_as_groups", "SELECT COUNT(DISTINCT a.g) FROM T a JOIN T b ON a.g = b.g AND a.k < "
    "b.k (>, <>), k a never-NULL unique key, is SELECT COUNT(*) FROM (SELECT g FROM T WHERE g "
    "IS NOT NULL GROUP BY g HAVING COUNT(*) > 1) d", ("select",),
    lambda canon, q, ctx: pair_count_as_groups(q, canon.schema), True)
