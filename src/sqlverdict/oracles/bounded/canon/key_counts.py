"""A HAVING count of a group key that rejects its NULL group (issue 25, i41c):
``having_count_of_key``.

``SELECT .. FROM F WHERE w GROUP BY k, .. HAVING COUNT(k) > n ..`` (any comparison of
``COUNT(k)`` or ``COUNT(DISTINCT k)`` with an integer literal that is not TRUE at 0, as a
HAVING conjunct) is the same with ``WHERE w AND k IS NOT NULL``: "patients with more than one
examination" grouped by the examination's nullable reference, or counted per patient.

Sound in SQLite: ``k`` is a GROUP BY key (a column), so a group's rows all have ``k`` NULL
or none has. In a group of NULL ``k`` the count is 0 and the conjunct is not TRUE: HAVING
drops that group. ``k IS NOT NULL`` in WHERE drops exactly its rows, and no other group
loses or gains a row, so every other group, and every aggregate over it, is unchanged.
``count_star`` then reads ``COUNT(k)`` as ``COUNT(*)``. (Not marked to restart the select:
a twin law of ``HAVING COUNT(*) > 1`` then meets one query and not the other written with
a join; where both come here the forms agree.)
"""

from __future__ import annotations

import dataclasses
import operator

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Ty
from .terms import _and, _conjuncts

_OPS = {CmpOp.GT: operator.gt, CmpOp.GE: operator.ge, CmpOp.EQ: operator.eq,
        CmpOp.LT: operator.lt, CmpOp.LE: operator.le, CmpOp.NE: operator.ne}
_FLIP = {CmpOp.GT: CmpOp.LT, CmpOp.GE: CmpOp.LE, CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE,
         CmpOp.EQ: CmpOp.EQ, CmpOp.NE: CmpOp.NE}


def having_count_of_key(q):
    """``q`` with ``k IS NOT NULL`` in WHERE for a group key ``k`` whose count a HAVING
    conjunct requires positive (module docstring), else ``q``."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.group_by and q.having is not None):
        return q
    keys = [g for g in q.group_by if isinstance(g, ir.Col)]
    read = {(y.alias, y.name) for y in ir.nodes(q.where) if isinstance(y, ir.Col)}
    for c in _conjuncts(q.having):
        k = _counted_key(c, keys)
        if k is not None and (k.alias, k.name) not in read:  # (a WHERE on k: its own business)
            test = ir.Not(ir.IsNull(k, Ty.BOOL), Ty.BOOL)
            return dataclasses.replace(q, where=_and([*_conjuncts(q.where), test]))
    return q


def _counted_key(c, keys):
    """The key ``k`` when ``c`` compares ``COUNT([DISTINCT] k)`` with an integer literal and
    is not TRUE at 0; else None."""
    if not (isinstance(c, ir.Cmp) and c.op in _OPS):
        return None
    for a, lit, op in ((c.left, c.right, c.op), (c.right, c.left, _FLIP[c.op])):
        if (isinstance(a, ir.Agg) and a.fn == AggFn.COUNT and a.arg in keys
                and isinstance(lit, ir.Lit) and type(lit.value) is int and not _OPS[op](0, lit.value)):
            return a.arg
    return None


KEY_COUNT_RULES = (
    ("having_count_of_key", "GROUP BY k .. HAVING COUNT(k) > n (a test of COUNT([DISTINCT] k) "
     "not TRUE at 0) keeps no NULL group of k: WHERE k IS NOT NULL", ("select",),
     lambda canon, q, ctx: having_count_of_key(q), False),
)
