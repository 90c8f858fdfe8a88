"""Partial counts re-added under ``HAVING SUM(n) > 0`` (round 63, i63e): ``zero_count_rows``.

A report split into parts and re-added (``SELECT c, SUM(x.n) FROM (SELECT c, COUNT(*) AS n
.. GROUP BY c UNION ALL SELECT NULL, COUNT(*) FROM t WHERE k IS NULL) AS x GROUP BY c HAVING
SUM(x.n) > 0``: the LEFT JOIN of a nullable key as the matched parents and the NULL-key rows)
has an arm without GROUP BY, which shows one row even over no rows, with a count of 0; the
HAVING drops the group that row makes alone. The law (site ``query``, sqlite domain): for a
select ``q`` over one derived table ``x`` (a select or a UNION ALL of selects, no
LIMIT/OFFSET/ORDER BY) whose column ``n`` ``q`` reads only as ``SUM(x.n)`` (no DISTINCT),
with no other aggregate, no window and no bare-column rule, and ``SUM(x.n) > 0`` (or ``0 <
SUM(x.n)``) a conjunct of its HAVING:

(a) an arm of ``x`` that is an aggregate without GROUP BY or HAVING whose ``n`` item is
    ``COUNT(*)`` or ``COUNT(e)`` gets ``HAVING <that count> > 0``. The row it drops has
    ``n = 0``: in a group with other rows it adds 0 to their SUM (the same value; where
    their SUM is NULL it makes it 0, and ``> 0`` fails either way; adding 0 makes no
    partial sum overflow that did not); a group of such rows alone has SUM 0 and is
    dropped by the conjunct, as is the group it no longer makes. ``q`` reads nothing else
    of the row (its other columns only as group keys, WHERE or HAVING terms of a group that
    exists, with the same SUM, on both sides).
(b) the conjunct is dropped, ``q`` grouped (without GROUP BY it shows a row over no rows,
    SUM NULL, which the conjunct drops), when every arm then shows ``n`` as ``COUNT(*)`` of a grouped arm
    (a group has a row) or under a HAVING conjunct ``COUNT(*) > 0``: every row has ``n >= 1``,
    every group a row, so SUM(x.n) >= 1 (a sum of counts cannot overflow: it counts rows).

Near misses (``tests/fixtures/rules/zero_count_rows.sql``): no ``SUM > 0`` conjunct, ``>=
0``, ``x.n`` read by ``MAX`` too, a ``COUNT(*)`` of the outer rows, a SUM arm instead of a
count.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, SetOpKind, Ty
from .terms import _and, _conjuncts, _windowless

_COUNTS = (AggFn.COUNT_STAR, AggFn.COUNT)


def _zero() -> ir.Lit:
    return ir.Lit(0, Ty.INT)


def _positive(c, e) -> bool:
    """Is ``c`` the conjunct ``e > 0`` (or ``0 < e``)?"""
    return isinstance(c, ir.Cmp) and not c.conv and (
        (c.op == CmpOp.GT and c.left == e and c.right == _zero())
        or (c.op == CmpOp.LT and c.left == _zero() and c.right == e))


def _arms(u):
    """The selects of ``u``, a select or a UNION ALL of selects, or None."""
    if isinstance(u, ir.SetOp):
        if u.op != SetOpKind.UNION or not u.all or u.limit is not None or u.offset or u.order:
            return None
        a, b = _arms(u.left), _arms(u.right)
        return None if a is None or b is None else a + b
    return [u] if isinstance(u, ir.Select) else None


def _rebuild(u, arms: dict):
    if isinstance(u, ir.SetOp):
        return dataclasses.replace(u, left=_rebuild(u.left, arms), right=_rebuild(u.right, arms))
    return arms.get(id(u), u)


def _reads_n_in_sum_only(q, s) -> bool:
    """Does ``q`` read ``x.n`` (``s``'s argument) only in ``s``, with no other aggregate and
    no subquery (which could read ``x``'s rows)?"""
    nodes = list(ir.local_nodes((q.items, q.where, q.group_by, q.having, tuple(k for k, _ in q.order))))
    if any(isinstance(y, (ir.InSub, ir.Exists, ir.ScalarSub)) or (isinstance(y, ir.Agg) and y != s)
           for y in nodes):
        return False
    return sum(y == s.arg for y in nodes) == sum(y == s for y in nodes)


def _one(arm, j: int) -> bool:
    """Does ``arm`` show ``n >= 1`` on every row?"""
    e = arm.items[j]
    if not (isinstance(e, ir.Agg) and e.fn == AggFn.COUNT_STAR and not e.distinct):
        return False
    return bool(arm.group_by) or any(_positive(c, e) for c in _conjuncts(arm.having))


def zero_count_rows(q):
    """``q`` with the rows of count 0 dropped as the module says; else ``q``."""
    if not (isinstance(q, ir.Select) and q.aggregate and isinstance(x := q.source, ir.Derived)
            and q.having is not None and q.bare_from is None and _windowless(q)
            and len(set(x.names)) == len(x.names)):
        return q
    conj = _conjuncts(q.having)
    s = None
    for c in conj:
        for e in ((c.left, c.right) if isinstance(c, ir.Cmp) else ()):
            if (isinstance(e, ir.Agg) and e.fn == AggFn.SUM and not e.distinct
                    and isinstance(e.arg, ir.Col) and e.arg.alias == x.alias and _positive(c, e)):
                s = e
    if s is None or s.arg.name not in x.names or not _reads_n_in_sum_only(q, s):
        return q
    arms = _arms(x.query)
    if arms is None:
        return q
    j = x.names.index(s.arg.name)
    new = {}
    for arm in arms:
        e = arm.items[j]
        if (arm.aggregate and not arm.group_by and arm.having is None and arm.limit is None
                and not arm.offset and arm.bare_from is None and not arm.distinct and _windowless(arm)
                and isinstance(e, ir.Agg) and e.fn in _COUNTS and not e.distinct):
            new[id(arm)] = dataclasses.replace(arm, having=ir.Cmp(CmpOp.GT, e, _zero()))
    if new:
        x = dataclasses.replace(x, query=_rebuild(x.query, new))
        arms = [new.get(id(a), a) for a in arms]
    having = q.having
    if q.group_by and all(_one(a, j) for a in arms):  # (ungrouped, q shows a row of no rows)
        having = _and([c for c in conj if not _positive(c, s)])
    if not new and having is q.having:
        return q
    return dataclasses.replace(q, source=x, having=having)


ZERO_COUNT_ROWS_RULE = (
    "zero_count_rows", "SELECT .., SUM(x.n) FROM (.. UNION ALL SELECT .., COUNT(*) AS n FROM t "
    "WHERE w) x GROUP BY .. HAVING SUM(x.n) > 0, x.n read only by that SUM: the ungrouped count "
    "arm's row of 0 is dropped (HAVING COUNT(*) > 0), and the conjunct with it when every arm "
    "counts rows of a group (canon/zero_count_rows.py)",
    ("query",), lambda canon, q, ctx: zero_count_rows(q), False)
