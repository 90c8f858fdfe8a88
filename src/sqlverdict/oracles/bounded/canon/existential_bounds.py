"""A HAVING bound that one row of the group meets, as a WHERE (issue 25, lead):
``existential_bound_as_filter``.

``SELECT g.. FROM F WHERE w GROUP BY g.. HAVING MAX(c) >= v`` (``>``; ``MIN(c) <= v``, ``<``),
the items and ORDER BY keys group keys only, is ``SELECT g.. FROM F WHERE w AND c >= v GROUP
BY g..``: Spider's "departments with someone over 30" written with HAVING or with WHERE. The
universal bounds (``MIN(c) >= v``: every row) are ``twins.bounds_as_no_counterexample``'s;
this shape crashed that rule with a KeyError before (the verifier printed a traceback).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp
from .terms import _and, _conjuncts, _windowless

_SOME_ROW = {(AggFn.MAX, CmpOp.GE), (AggFn.MAX, CmpOp.GT), (AggFn.MIN, CmpOp.LE), (AggFn.MIN, CmpOp.LT)}


def existential_bound_as_filter(q: ir.Select) -> ir.Select:
    """``SELECT g.. FROM F WHERE w GROUP BY g.. HAVING MAX(c) >= v`` (``>``; ``MIN(c) <= v``,
    ``<``), the items and ORDER BY keys group keys only, is ``SELECT g.. FROM F WHERE w AND c
    >= v GROUP BY g..``: the greatest value of a group reaches ``v`` exactly when one of its
    values does (MAX skips NULLs and is NULL over none, and ``c >= v`` is NULL for a NULL
    ``c``; MAX orders values as the comparison does, storage class first: ``v`` of ``c``'s
    class, ``twins._bound``), and the group's output row is its keys either way. Only one
    such conjunct: two bounds may be met by two different rows."""
    from .twins import _bound

    if not (isinstance(q, ir.Select) and q.aggregate and q.group_by and q.having is not None
            and q.limit is None and not q.offset and q.bare_from is None and _windowless(q)):
        return q
    b = _bound(q.having)
    if b is None or (b[0], b[2]) not in _SOME_ROW:
        return q
    keys = set(q.group_by)
    if not all(i in keys for i in (*q.items, *(k for k, _ in q.order))):
        return q
    fn, c, op, v = b
    return dataclasses.replace(q, where=_and([*_conjuncts(q.where), ir.Cmp(op, c, v)]),
                               having=None)


EXISTENTIAL_BOUND_RULES = (
    ("existential_bound_as_filter", "SELECT g FROM F WHERE w GROUP BY g HAVING MAX(c) >= v (>; "
     "MIN <=, <), items and ORDER BY keys group keys, is SELECT g FROM F WHERE w AND c >= v "
     "GROUP BY g (v of c's class)", ("select",),
     lambda canon, q, ctx: existential_bound_as_filter(q), True),
)
