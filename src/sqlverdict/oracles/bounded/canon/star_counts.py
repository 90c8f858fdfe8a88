"""Aggregates over a star of LEFT JOINs read per row (issue 25, i43d): ``star_aggregates``.

The fan-out trap of ORMs (Django's two ``annotate(Count(.., distinct=True))`` over two
relations): ``SELECT X.a.., AGG1(S1.c1), AGG2(S2.c2).. FROM X LEFT JOIN S1 ON p1 LEFT JOIN S2
ON p2 .. [WHERE w(X)] GROUP BY X.k, X.b.. [HAVING h]``, ``X.k`` a one-column never-NULL
primary key of ``X`` and each ``p_i`` reading ``X`` and ``S_i`` only (a star around ``X``, not
a chain), is ``SELECT X.a.., (SELECT AGG1(c1) FROM S1 WHERE p1), (SELECT AGG2(c2) FROM S2
WHERE p2).. FROM X [WHERE w AND h]`` when every aggregate reads one ``S_i`` and is blind to
repeated rows: COUNT(DISTINCT), MIN and MAX of a column whose equal values are identical
(``joins._per_row_aggregate``, which writes COUNT(*) for a never-NULL DISTINCT key only
where it may).

Sound in SQLite: grouping by ``X``'s never-NULL primary key makes each row ``x`` of ``X`` one
group (the LEFT JOINs keep every row of ``X``; ``w`` reads ``X`` only). As ``p_i`` reads no
other ``S_j``, the group's rows are the product over ``i`` of ``x``'s partners ``P_i`` in
``S_i`` (``p_i`` TRUE), a padded row of NULLs for an ``S_i`` without one. An aggregate of
``S_i`` so reads each partner in ``P_i`` repeated (the product of the other sides' sizes, at
least 1) and NULLs where ``P_i`` is empty: COUNT(DISTINCT), MIN and MAX skip the NULLs and the
repeats, so they are the aggregates over ``P_i``, the rows of the correlated subquery (0 or
NULL over none alike). COUNT(c) and SUM count the repeats (the trap) and stay, as does
COUNT(*) and anything reading ``S_i`` outside an aggregate. HAVING of a one-row group is a
WHERE on that row. Row order not read (the site ``unordered``). One LEFT JOIN is
``count_join_as_subquery``'s.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, JoinKind, Ty
from .joins import _deep_expr, _per_row_aggregate
from .terms import _aliases_in, _and, _conjuncts, _has_sub, _plain_grouping


def _star(j):
    """(X, [(S_i, p_i)..]) of a left-deep chain of two or more LEFT JOINs of scans, each
    ``p_i`` reading ``X`` and ``S_i`` only, else None."""
    arms = []
    while isinstance(j, ir.Join) and j.kind == JoinKind.LEFT and isinstance(j.right, ir.Scan):
        arms.append((j.right, j.on))
        j = j.left
    if not (isinstance(j, ir.Scan) and len(arms) >= 2):
        return None
    for s, on in arms:
        if on is None or _has_sub(on) or not _aliases_in(on) <= {j.alias, s.alias}:
            return None
    if len({s.alias for s, _ in arms} | {j.alias}) != len(arms) + 1:
        return None
    return j, arms[::-1]


def star_aggregates(q, schema):
    """``q`` with the aggregates over a star of LEFT JOINs as scalar subqueries per row of
    ``X`` (module docstring), else ``q``."""
    if not _plain_grouping(q):
        return q
    star = _star(q.source)
    if star is None:
        return q
    x, arms = star
    t = schema.table(x.table)
    pk = [k.lower() for k in t.primary_key]
    if (len(pk) != 1 or not t.never_null(pk[0])
            or not all(isinstance(g, ir.Col) and g.alias == x.alias for g in q.group_by)
            or pk[0] not in {g.name for g in q.group_by}
            or not _aliases_in((q.where, q.group_by)) <= {x.alias}):
        return q
    subs = {}
    for y in ir.local_nodes((q.items, q.having, tuple(k for k, _ in q.order))):
        if not isinstance(y, ir.Agg):
            continue
        arm = next(((s, on) for s, on in arms if _aliases_in(y) == {s.alias}), None)
        if arm is None or (y.fn == AggFn.COUNT and not y.distinct) or y.fn == AggFn.COUNT_STAR:
            return q  # a count of repeated rows, or an aggregate of X or of two sides
        s, on = arm
        agg = _per_row_aggregate(y, s, schema.table(s.table))
        if agg is None:
            return q
        subs[y] = ir.ScalarSub(ir.Select(s, on, (), None, (agg,), False, (), None, 0, True, ("n",)),
                               y.ty)
    hole = ir.Lit(None, Ty.NULL)

    def put(e):
        return _deep_expr(e, lambda y: subs.get(y, y)) if e is not None else None

    rest = (*q.items, q.having, *(k for k, _ in q.order))
    if not subs or any(s.alias in _aliases_in(tuple(_deep_expr(e, lambda y: hole if y in subs else y)
                                                    for e in rest if e is not None))
                       for s, _ in arms):
        return q  # an S_i read outside its aggregates
    return dataclasses.replace(
        q, source=x, group_by=(), having=None, aggregate=False,
        items=tuple(put(i) for i in q.items), order=tuple((put(k), d) for k, d in q.order),
        where=_and([*_conjuncts(q.where), *_conjuncts(put(q.having))]))


STAR_COUNT_RULE = (
    "star_aggregates", "X LEFT JOIN S1 ON p1 LEFT JOIN S2 ON p2 .. (each p_i of X and S_i) "
    "grouped by X's never-NULL one-column key: COUNT(DISTINCT), MIN, MAX of one S_i are "
    "(SELECT AGG FROM S_i WHERE p_i) per X row (repeats unread); HAVING a WHERE", ("unordered",),
    lambda canon, q, ctx: star_aggregates(q, canon.schema), True)
