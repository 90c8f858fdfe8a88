"""The COUNT bug through a chain of two LEFT JOINs (issue 25, i41c): ``chain_count_as_subquery``.

Ganski and Wong's COUNT bug, unnested over two tables: ``SELECT X.a.., COUNT(R.c) FROM X LEFT
JOIN V ON p1 LEFT JOIN R ON p2 [WHERE w(X)] GROUP BY X.k, X.b.. [HAVING h]``, ``X.k`` a
one-column never-NULL primary key of ``X``, is ``SELECT X.a.., (SELECT COUNT(R.c) FROM V JOIN
R ON p2 WHERE p1) FROM X [WHERE w AND h]`` (COUNT(*) inside when ``c`` is never NULL), as
``count_join_as_subquery`` writes one LEFT JOIN; also COUNT(DISTINCT R.c) and MIN/MAX of a
column whose equal values are identical (``joins._per_row_aggregate``), and the pivot's
``COUNT(CASE WHEN c THEN v END)`` of ``R`` alone, each ``c`` a comparison (not IS) of a
column of ``R``: NULL on a padded row, as ``R.c`` is.

Sound in SQLite: grouping by ``X``'s never-NULL primary key makes each row of ``X`` one group
(both LEFT JOINs keep every row of ``X``; ``w`` reads ``X`` only). The rows of the group are,
for each ``v`` of ``V`` with ``p1`` TRUE, one row per ``r`` of ``R`` with ``p2`` TRUE, else
``(x, v, NULL..)``; and ``(x, NULL.., NULL..)`` when no ``v`` matches. ``p2`` holds a
comparison ``=`` of a column of ``V`` (not IS), which is NULL on the padded ``v``, so no ``r``
joins it. The aggregates read ``R`` only and skip its NULLs, so padded rows add nothing: they
read exactly the pairs ``(v, r)`` with ``p1`` and ``p2`` TRUE, the rows of the subquery's
inner join filtered by ``p1``; over no pair COUNT is 0 and MIN/MAX NULL either way. COUNT(*)
of the join (which counts the padded row: the bug) and anything reading ``V`` stay. HAVING of
a one-row group is a WHERE on that row. Row order not read (the site ``unordered``).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, JoinKind, Ty
from .joins import _deep_expr, _per_row_aggregate
from .terms import _aliases_in, _and, _conjuncts, _windowless


def chain_count_as_subquery(q, schema):
    """``q`` with the aggregates over the end of a two-LEFT-JOIN chain as scalar
    subqueries per row of ``X`` (module docstring), else ``q``."""
    j = q.source if isinstance(q, ir.Select) else None
    if not (isinstance(j, ir.Join) and j.kind == JoinKind.LEFT and isinstance(j.right, ir.Scan)
            and isinstance(j.left, ir.Join) and j.left.kind == JoinKind.LEFT
            and isinstance(j.left.left, ir.Scan) and isinstance(j.left.right, ir.Scan)
            and j.on is not None and j.left.on is not None):
        return q
    if not (q.aggregate and q.group_by and q.limit is None and not q.offset and not q.distinct
            and q.bare_from is None and _windowless(q)):
        return q
    x, v, r, p1, p2 = j.left.left, j.left.right, j.right, j.left.on, j.on
    t = schema.table(x.table)
    pk = [k.lower() for k in t.primary_key]
    if len(pk) != 1 or not t.never_null(pk[0]):
        return q
    if not (all(isinstance(g, ir.Col) and g.alias == x.alias for g in q.group_by)
            and pk[0] in {g.name for g in q.group_by}):
        return q
    if _aliases_in(p2) - {v.alias, r.alias} or _aliases_in(q.where) - {x.alias}:
        return q
    if not any(_strict_on(c, v.alias) for c in _conjuncts(p2)):
        return q
    rt = schema.table(r.table)
    subs = {}
    for e in (*q.items, *(k for k, _ in q.order), q.having):
        for y in ir.local_nodes(e):
            if isinstance(y, ir.Agg):
                agg, where = _per_row_aggregate(y, r, rt), p1
                if agg is None and (found := _conditional_count(y, r.alias)) is not None:
                    agg, where = found[0], _and([*_conjuncts(p1), found[1]])
                if agg is None:
                    return q
                body = ir.Select(ir.Join(JoinKind.INNER, v, r, p2), where, (), None, (agg,), False,
                                 (), None, 0, True, ("n",))
                subs[y] = ir.ScalarSub(body, y.ty)
    if not subs:
        return q

    hole = ir.Lit(None, Ty.NULL)
    if {v.alias, r.alias} & _aliases_in(tuple(_deep_expr(e, lambda y: hole if y in subs else y)
                                              for e in (*q.items, *(k for k, _ in q.order), q.having)
                                              if e is not None)):
        return q  # V or R read outside the rewritten aggregates

    def put(e):
        return _deep_expr(e, lambda y: subs.get(y, y)) if e is not None else None

    items, having = tuple(put(i) for i in q.items), put(q.having)
    order = tuple((put(k), d) for k, d in q.order)
    return dataclasses.replace(q, source=x, group_by=(), having=None, items=items, order=order,
                               where=_and([*_conjuncts(q.where), *_conjuncts(having)]),
                               aggregate=False)


_STRICT = (CmpOp.EQ, CmpOp.NE, CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE)


def _conditional_count(y, alias: str):
    """``(COUNT(v), c)`` for ``y`` = ``COUNT(CASE WHEN c THEN v END)`` (no ELSE; ``COUNT(*)``
    for a literal ``v`` other than NULL), ``c`` a comparison (not IS) with a column of
    ``alias`` on one side and ``v`` reading ``alias`` only: on a padded row ``c`` is NULL, the
    CASE NULL, not counted; on a matched row the CASE counts where ``c`` holds and ``v`` is
    not NULL, as ``COUNT(v) .. WHERE c`` does. Else None."""
    a = y.arg
    if not (y.fn == AggFn.COUNT and not y.distinct and isinstance(a, ir.Case)
            and a.default == ir.Lit(None, Ty.NULL) and len(a.whens) == 1):
        return None
    c, v = a.whens[0]
    if not (isinstance(c, ir.Cmp) and c.op in _STRICT
            and any(isinstance(s, ir.Col) and s.alias == alias for s in (c.left, c.right))):
        return None
    if _aliases_in((c, v)) - {alias} or any(
            isinstance(n, (ir.InSub, ir.Exists, ir.ScalarSub, ir.Agg)) for n in ir.local_nodes((c, v))):
        return None
    if isinstance(v, ir.Lit) and v.value is not None:
        return ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT), c
    return ir.Agg(AggFn.COUNT, v, False, Ty.INT), c


def _strict_on(c, alias: str) -> bool:
    """Is ``c`` a comparison ``=`` with a column of ``alias`` on one side (NULL when that
    column is)?"""
    return (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ
            and any(isinstance(s, ir.Col) and s.alias == alias for s in (c.left, c.right)))


CHAIN_COUNT_RULES = (
    ("chain_count_as_subquery", "COUNT(R.c) (MIN, MAX of an exact affinity) of X LEFT JOIN V ON "
     "p1 LEFT JOIN R ON p2 (p2 an = of a V column) GROUP BY X's key (never NULL) is (SELECT "
     "COUNT(R.c) FROM V JOIN R ON p2 WHERE p1) per X row; HAVING a WHERE (the COUNT bug)",
     ("unordered",), lambda canon, q, ctx: chain_count_as_subquery(q, canon.schema), True),
)
