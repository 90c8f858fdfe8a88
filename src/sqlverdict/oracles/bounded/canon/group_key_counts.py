"""The count of a group key, under a HAVING that the NULL group fails (issue 25, i41b):
``count_of_group_key``.

``SELECT .. FROM F WHERE w GROUP BY g, .. HAVING h`` where ``h`` reads ``COUNT(g)`` of a key
column ``g`` and is not TRUE where that count is 0 (a conjunct ``COUNT(g) op v``, ``v`` an
integer literal and ``0 op v`` FALSE) is ``.. WHERE w AND g IS NOT NULL GROUP BY g, .. HAVING
h`` with every ``COUNT(g)`` of the select read as ``COUNT(*)``: the "GROUP BY x HAVING
COUNT(x) > 1" idiom against the count of rows.

Why it holds in SQLite: the rows of one group hold equal keys, NULL in every row or in none.
A group whose ``g`` is not NULL counts every row in ``COUNT(g)``, as ``COUNT(*)`` does; the
group whose ``g`` is NULL counts 0, so its HAVING is not TRUE and it goes, as it does when
its rows go in WHERE (its rows form no other group). Other groups keep all their rows.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Ty
from .terms import _and, _conjuncts, _deep

_VALUE = {CmpOp.EQ: lambda a, b: a == b, CmpOp.NE: lambda a, b: a != b,
          CmpOp.LT: lambda a, b: a < b, CmpOp.LE: lambda a, b: a <= b,
          CmpOp.GT: lambda a, b: a > b, CmpOp.GE: lambda a, b: a >= b}
_SWAP = {CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE, CmpOp.GT: CmpOp.LT, CmpOp.GE: CmpOp.LE}


def _fails_at_zero(h, count: ir.Agg) -> bool:
    """Is ``h`` ``count op v`` (either side; ``v`` an integer literal) with ``0 op v`` FALSE?"""
    if not (isinstance(h, ir.Cmp) and not h.conv and h.op in _VALUE):
        return False
    op, a, v = h.op, h.left, h.right
    if isinstance(a, ir.Lit):
        op, a, v = _SWAP.get(op, op), v, a
    return (a == count and isinstance(v, ir.Lit) and v.ty == Ty.INT and isinstance(v.value, int)
            and not isinstance(v.value, bool) and not _VALUE[op](0, v.value))


def count_of_group_key(q):
    """``q`` with ``COUNT(g)`` of a group key as ``COUNT(*)`` and ``g IS NOT NULL`` in WHERE
    (module docstring), else ``q``."""
    if not (isinstance(q, ir.Select) and q.group_by and q.having is not None and q.bare_from is None):
        return q
    star = ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
    for g in q.group_by:
        count = ir.Agg(AggFn.COUNT, g, False, Ty.INT)
        if not (isinstance(g, ir.Col) and any(_fails_at_zero(h, count) for h in _conjuncts(q.having))):
            continue
        def star_for(e, count=count):
            return star if e == count else e
        return dataclasses.replace(
            q, where=_and([*_conjuncts(q.where), ir.Not(ir.IsNull(g))]),
            having=_deep(q.having, star_for), items=tuple(_deep(i, star_for) for i in q.items),
            order=tuple((_deep(k, star_for), d) for k, d in q.order))
    return q


GROUP_KEY_COUNT_RULE = (
    "count_of_group_key", "GROUP BY g.. HAVING h, h reading COUNT(g) of a key column and not "
    "TRUE where it is 0 (COUNT(g) op v, 0 op v FALSE), is WHERE g IS NOT NULL GROUP BY g.. "
    "HAVING h with COUNT(g) as COUNT(*) (the NULL group counts 0, the others every row)",
    ("select",), lambda canon, q, ctx: count_of_group_key(q), True)
