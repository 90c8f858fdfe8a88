"""The groups no other group outcounts, as the groups whose count is the greatest (issue 25,
i41b): ``no_greater_group_as_max``.

``SELECT .. FROM T o WHERE w GROUP BY g.. HAVING NOT EXISTS (SELECT .. FROM T p WHERE w(p)
GROUP BY p.g.. HAVING A(p) > (SELECT A FROM T x WHERE w(x) AND x.g IS o.g ..))`` is ``..
HAVING A = (SELECT MAX(n) FROM (SELECT A AS n FROM T WHERE w GROUP BY g..) AS t)``, ``A`` a
COUNT (``COUNT(*)``, ``COUNT(c)``, DISTINCT or not): the "top with ties" answers by an anti
join and by the greatest count.

Why it holds in SQLite: the correlated ``(SELECT A FROM T x ..)`` reads exactly the rows of
``o``'s group (``own_group._own_aggregate``: the same table and filter, linked on every key;
``=`` only for keys never NULL on a kept row), so it is the group's count ``A``. The inner
grouping has the same rows and keys as the outer one, so the outer group is one of its
groups, and ``MAX`` over their counts is at least ``A``: ``A`` equals it exactly when no
group's count exceeds ``A``. A count is never NULL, and the derived table is never empty
where a group exists, so neither side is NULL. One uncollated table, keys whose equal values
are identical (``twins._grouped_scan``).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, Ty
from .own_group import _own_aggregate, _renamed
from .terms import _and, _conjuncts, _key
from .twins import _grouped_scan

_COUNTS = (AggFn.COUNT_STAR, AggFn.COUNT)


def _outcounted(e, scan, w: list, schema, typed: bool):
    """The count ``A`` (over ``scan``'s alias) of ``NOT EXISTS (.. GROUP BY p.g HAVING A(p) >
    (own group's A))`` as the module reads it, else None."""
    if not (isinstance(e, ir.Not) and isinstance(e.arg, ir.Exists)):
        return None
    s = e.arg.query
    inner = _grouped_scan(s, schema, typed)
    if inner is None or inner.table != scan.table or s.distinct or len(_conjuncts(s.having)) != 1:
        return None
    h = s.having
    if not (isinstance(h, ir.Cmp) and h.op in (CmpOp.GT, CmpOp.LT) and not h.conv):
        return None
    a, sub = (h.left, h.right) if h.op == CmpOp.GT else (h.right, h.left)
    if not (isinstance(a, ir.Agg) and a.fn in _COUNTS and isinstance(sub, ir.ScalarSub)):
        return None
    mine = _renamed(a, inner.alias, scan.alias)
    keys = [_renamed(g, inner.alias, scan.alias) for g in s.group_by]
    inner_w = {_key(_renamed(c, inner.alias, scan.alias)) for c in _conjuncts(s.where)}
    if inner_w != {_key(c) for c in w}:
        return None
    return keys, mine, _own_aggregate(sub.query, scan, set(keys), w, schema), s


def no_greater_group_as_max(q, schema, typed: bool):
    """``q`` with its HAVING ``NOT EXISTS`` a group of greater count as its count equal to the
    greatest (module docstring), else ``q``."""
    scan = _grouped_scan(q, schema, typed)
    if scan is None or q.having is None:
        return q
    w = _conjuncts(q.where)
    out, fired = [], False
    for c in _conjuncts(q.having):
        got = _outcounted(c, scan, w, schema, typed)
        if got is None or set(got[0]) != set(q.group_by) or got[2] is None or got[2] != got[1]:
            out.append(c)
            continue
        keys, a, _, s = got
        view = dataclasses.replace(s, items=(s.having.left if s.having.op == CmpOp.GT
                                             else s.having.right,), having=None, names=("n",))
        t = f"{scan.alias}_top"
        most = ir.Select(ir.Derived(view, t, ("n",)), None, (), None,
                         (ir.Agg(AggFn.MAX, ir.Col(t, "n", Ty.INT, None), False, Ty.INT),),
                         False, (), None, 0, True)
        out.append(ir.Cmp(CmpOp.EQ, a, ir.ScalarSub(most, Ty.INT), Ty.BOOL, Conv.NONE))
        fired = True
    return dataclasses.replace(q, having=_and(out)) if fired else q


TOP_GROUP_RULE = (
    "no_greater_group_as_max", "GROUP BY g HAVING NOT EXISTS (the same grouping HAVING A(p) > "
    "(SELECT A FROM T x WHERE w AND x.g IS o.g)), A a COUNT, is GROUP BY g HAVING A = (SELECT "
    "MAX(n) FROM (SELECT A AS n FROM T WHERE w GROUP BY g) t) (one table; g: equal values "
    "identical)", ("select",), lambda canon, q, ctx: no_greater_group_as_max(q, canon.schema, canon.typed),
    True)
