"""The first row of a join by a leading key as the rows holding that key's extremum
(issue 25, i41d): "the pollutant of the highest valid reading, the first reading among
ties" written ``.. ORDER BY r.value DESC, r.reading_id LIMIT 1`` or ``.. WHERE r.value =
(SELECT MAX(value) ..) ORDER BY r.reading_id LIMIT 1``.

``top_row_as_extremum_filter``: ``SELECT e FROM F WHERE p ORDER BY x DESC, rest.. LIMIT
1`` (ASC: MIN), ``F`` an inner join of two or more table scans, ``p`` and the ON
conditions deterministic without subqueries, no aggregate, DISTINCT, OFFSET or window,
``x`` a column of binary collation never NULL on a kept row (NOT NULL, or a conjunct of
``p`` is never TRUE on a NULL ``x``; its NULLS FIRST/LAST flag then constant and dropped), is ``SELECT e
FROM F WHERE p AND x = (SELECT MAX(x) FROM F' WHERE p') ORDER BY rest.. LIMIT 1``, ``F'``
and ``p'`` a copy of ``F`` and ``p``. The first row by ``(x, rest)`` is the first by
``rest`` among the kept rows whose ``x`` is the greatest: ORDER BY and ``=`` tie values of
one column alike (binary collation; ``1`` ties ``1.0`` under both; MAX's value, without
affinity, takes the column's numeric affinity as the column's own values did on the way
in), and no kept row means no row either way. Rows tied on the whole ORDER BY are cut
by a LIMIT in both queries: the proof states ``ties_broken_alike`` where it may matter
(``proofs._either_cuts_ties``). A conjunct ``x IS NOT NULL`` goes from both (``x = ..``
and MAX imply it). One table is ``tie_breaks.top_one_tie_break``'s (a unique last key).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, JoinKind, Ty
from .facts import _rejects_col
from .terms import _and, _conjuncts, _deep
from .tie_breaks import _not_null_conj, _on_conds, _renamed_source
from .top_one import _PURE, _null_flag_of, _scans


def _inner(src) -> bool:
    if isinstance(src, ir.Join):
        return src.kind in (JoinKind.INNER, JoinKind.CROSS) and _inner(src.left) and _inner(src.right)
    return isinstance(src, ir.Scan)


def top_row_as_extremum_filter(q, schema):
    """The module's law."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Join) and q.limit == 1
            and not q.offset and not q.aggregate and not q.group_by and q.having is None
            and not q.distinct and q.bare_from is None and q.order and _inner(q.source)):
        return q
    scans = _scans(q.source)
    conds = _conjuncts(q.where)
    if scans is None or any(not isinstance(y, _PURE) for e in (*conds, *_on_conds(q.source))
                            for y in ir.local_nodes(e)):
        return q
    if any(isinstance(y, ir.Window) for e in (*q.items, *(k for k, _ in q.order)) for y in ir.local_nodes(e)):
        return q
    order = q.order
    if len(order) >= 2 and _null_flag_of(order[0][0], order[1][0]):
        order = order[1:]  # x's NULLS FIRST/LAST flag ahead of it (constant: x never NULL)
    x, desc = order[0]
    if not (isinstance(x, ir.Col) and x.alias in scans and x.ty in (Ty.INT, Ty.REAL, Ty.TEXT)):
        return q
    table = schema.table(scans[x.alias].table)
    if x.name.lower() in {c.lower() for c in table.collated}:
        return q
    if not (table.never_null(x.name) or any(_rejects_col(c, (x.alias, x.name)) for c in conds)):
        return q  # (a NOT NULL column of an inner join is never NULL on a joined row)
    rest = [(k, d) for k, d in order[1:] if not _null_flag_of(k, x)]
    rename = {a: f"{a}_jt" for a in scans}

    def copy(e):
        return _deep(e, lambda y: dataclasses.replace(y, alias=rename[y.alias])
                     if isinstance(y, ir.Col) and y.alias in rename else y)

    inner_where = [copy(c) for c in conds if not _not_null_conj(c, x)]
    sub = ir.Select(_renamed_source(q.source, rename), _and(inner_where), (), None,
                    (ir.Agg(AggFn.MAX if desc else AggFn.MIN, copy(x), False, x.ty),), False, (),
                    None, 0, True, ())
    where = [c for c in conds if not _not_null_conj(c, x)]
    where.append(ir.Cmp(CmpOp.EQ, x, ir.ScalarSub(sub, x.ty)))
    return dataclasses.replace(q, where=_and(where), order=tuple(rest))


# ---- the registry's entry (``rules.RULES`` adds it as ``Rule(*entry)``)

JOINED_TOP_RULE = (
    "top_row_as_extremum_filter", "SELECT e FROM F WHERE p ORDER BY x DESC, rest LIMIT 1 (ASC: "
    "MIN), F an inner join of scans, p deterministic without subqueries, x a column of binary "
    "collation never NULL on a kept row, is SELECT e FROM F WHERE p AND x = (SELECT MAX(x) FROM "
    "F WHERE p) ORDER BY rest LIMIT 1", ("select",),
    lambda canon, q, ctx: top_row_as_extremum_filter(q, canon.schema), True)
