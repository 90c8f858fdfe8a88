"""A conditional aggregate of an ungrouped query as a WHERE filter (round 53):
``case_filter_as_where``.

``SELECT f(AGG1(CASE WHEN c THEN v1 END), AGG2(CASE WHEN c THEN v2 END) ..) FROM F [WHERE
w]`` (no GROUP BY, no HAVING; every aggregate conditioned by the same ``c``; ``AGG`` one of
SUM, AVG, MIN, MAX, TOTAL, DISTINCT or not; ``v`` no literal: the conditional counts and
indicator sums, ``COUNT(CASE WHEN c THEN 1 END)``, are the count rules' canonical form,
``indicators``, ``conditional_counts``) is ``SELECT f(AGG1(v1), AGG2(v2) ..)
FROM F WHERE w AND c``: "the overtime of a department" as ``SUM(CASE WHEN hours > 40 THEN
hours - 40 END)`` or as ``SUM(hours - 40) .. WHERE hours > 40``.

Sound in SQLite: a query with aggregates and no GROUP BY returns one row whatever rows its
FROM and WHERE keep. The CASE is NULL on the rows where ``c`` is not TRUE (FALSE or NULL:
what WHERE drops), which every such aggregate skips; on the others it is ``v``, evaluated
on the same rows in both queries (a CASE evaluates ``v`` only where ``c`` is TRUE). So each
aggregate reads the same values; over none of them (every row dropped, or none
kept) TOTAL is 0.0 and the others NULL, in both. Nothing outside the aggregates
may read a column of ``F`` (a bare column shows one row's value, which the filter changes);
``COUNT(*)`` (it counts the rows ``c`` drops), any COUNT and an aggregate without the CASE
refuse the law.
The filter may change SQLite's plan (an index on ``c``'s column), so a SUM may add the same
values in another order: the proof states ``exact_reals`` for reals and
``integer_sums_exact`` for integers (``proofs.OTHER_PLAN``).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, Ty
from .joins import _deep_expr
from .terms import Flat, _aliases_in, _and, _conjuncts, _windowless

_SKIPPING = (AggFn.SUM, AggFn.AVG, AggFn.MIN, AggFn.MAX, AggFn.TOTAL)


def _bound(src) -> set | None:
    """The aliases ``src`` binds (scans and derived tables, joined or flat), or None."""
    if isinstance(src, (ir.Scan, ir.Derived)):
        return {src.alias}
    if isinstance(src, ir.Join):
        left, right = _bound(src.left), _bound(src.right)
        return None if left is None or right is None else left | right
    if isinstance(src, Flat):
        out = set()
        for leaf in src.leaves:
            got = _bound(leaf)
            if got is None:
                return None
            out |= got
        return out
    return None


def _filtered(y) -> tuple | None:
    """``(c, v)`` of ``AGG(CASE WHEN c THEN v END)``, ``v`` not a literal, else None."""
    a = y.arg
    if not (y.fn in _SKIPPING and isinstance(a, ir.Case) and len(a.whens) == 1
            and isinstance(a.default, ir.Lit) and a.default.value is None
            and not isinstance(a.whens[0][1], ir.Lit)):
        return None
    return a.whens[0]


def case_filter_as_where(q) -> ir.Select:
    """See the module docstring."""
    if not (isinstance(q, ir.Select) and q.aggregate and not q.group_by and q.having is None
            and not q.distinct and q.limit is None and not q.offset and q.bare_from is None
            and _windowless(q)):
        return q
    local = _bound(q.source)
    if not local:
        return q
    reads = (*q.items, *(k for k, _ in q.order))
    subs, cond = {}, None
    for y in ir.local_nodes(reads):
        if isinstance(y, ir.Agg) and y not in subs:
            got = _filtered(y)
            if got is None or (cond is not None and got[0] != cond):
                return q
            cond = got[0]
            subs[y] = ir.Agg(y.fn, got[1], y.distinct, y.ty)
    hole = ir.Lit(None, Ty.NULL)
    if not subs or local & _aliases_in(tuple(_deep_expr(e, lambda y: hole if y in subs else y)
                                            for e in reads)):
        return q  # a column of F read outside the aggregates

    def put(e):
        return _deep_expr(e, lambda y: subs.get(y, y))

    return dataclasses.replace(q, items=tuple(put(i) for i in q.items),
                               order=tuple((put(k), d) for k, d in q.order),
                               where=_and([*_conjuncts(q.where), *_conjuncts(cond)]))


# ---- the registry's entry (``join_counts.JOIN_COUNT_RULES`` holds it), at the site "select"

FILTERED_AGGREGATE_RULES = (
    ("case_filter_as_where", "without GROUP BY or HAVING, AGG(CASE WHEN c THEN v END) (SUM, AVG, "
     "MIN, MAX, TOTAL; v no literal), every aggregate under the same c and no column of the FROM "
     "read outside them, is AGG(v) with c added to the WHERE", ("select",),
     lambda canon, q, ctx: case_filter_as_where(q), True),
)
