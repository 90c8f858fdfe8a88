"""A filter ``p OR x IS NULL`` split into a UNION ALL of its two branches (round 59, S3):
``split_null_disjunct``.

``SELECT e FROM F WHERE w AND p UNION ALL SELECT e FROM F WHERE w AND x IS NULL`` is
``SELECT e FROM F WHERE w AND (p OR x IS NULL)`` when ``p`` (one or more conjuncts) is never
TRUE on a NULL column ``x`` (``facts._rejects_col``: it compares ``x``): no row passes
both operands, so each row of ``F`` passing ``w`` is kept once exactly when ``p`` or ``x IS
NULL`` is TRUE, which is when the OR is TRUE ("revenue of the contracts running on a day":
``end_day >= 365 OR end_day IS NULL``). Where ``p`` could be TRUE on a NULL ``x`` such a row
would come twice (a near miss). The operands are one plain select (the same FROM, items,
no GROUP BY, aggregate, DISTINCT, LIMIT, ORDER BY or window) but for those conjuncts; a
compound whose row order nobody reads. ``p`` just ``x IS NOT NULL`` is ``split_union_all``'s.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import LogicOp, SetOpKind, Ty
from .facts import _rejects_col
from .setops import _renamed
from .splits import _operand
from .terms import _and, _conjuncts, _key


def _null_test(c):
    """The column ``x`` of ``x IS NULL``, else None."""
    return c.arg if isinstance(c, ir.IsNull) and isinstance(c.arg, ir.Col) else None


def split_null_disjunct(q):
    """``A UNION ALL B`` as the one select it splits (module docstring), else ``q``."""
    if not (isinstance(q, ir.SetOp) and q.op == SetOpKind.UNION and q.all and not q.order
            and q.limit is None and not q.offset):
        return q
    a, b = q.left, q.right
    if not (_operand(a) and _operand(b)) or a.aggregate or b.aggregate:
        return q
    b = _renamed(b, a)
    if b is None or dataclasses.replace(a, where=None, names=()) != dataclasses.replace(
            b, where=None, names=()):
        return q
    wa, wb = _conjuncts(a.where), _conjuncts(b.where)
    ka, kb = {_key(c) for c in wa}, {_key(c) for c in wb}
    extra_a = [c for c in wa if _key(c) not in kb]
    extra_b = [c for c in wb if _key(c) not in ka]
    common = [c for c in wa if _key(c) in kb]
    for p, other in ((extra_a, extra_b), (extra_b, extra_a)):
        x = _null_test(other[0]) if len(other) == 1 else None
        if x is None or not p or not any(_rejects_col(c, (x.alias, x.name)) for c in p):
            continue
        if p == [ir.Not(other[0])]:
            return q  # (x IS NOT NULL beside x IS NULL: split_union_all's)
        test = ir.Logic(LogicOp.OR, (_and(p), other[0]), Ty.BOOL)
        return dataclasses.replace(a, where=_and([*common, test]))
    return q


NULL_OR_SPLIT_RULE = (
    "split_null_disjunct", "SELECT e FROM F WHERE w AND p UNION ALL SELECT e FROM F WHERE w AND "
    "x IS NULL is SELECT e FROM F WHERE w AND (p OR x IS NULL) when p rejects a NULL x (the "
    "operands disjoint; plain selects, order not read)", ("compound",),
    lambda canon, q, ctx: q if ctx.get("sensitive", True) else split_null_disjunct(q), False)
