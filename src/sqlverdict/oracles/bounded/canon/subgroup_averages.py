"""The average size of a grouping's subgroups as a ratio of counts (round 56, i56b):
``avg_of_subgroup_counts``.

The law (site ``select``): ``SELECT x.k.., AVG(x.n) FROM (SELECT k.., d, COUNT(*) AS n FROM F
WHERE w GROUP BY k.., d) x GROUP BY x.k..`` is ``SELECT k.., COUNT(*) * 1.0 / COUNT(DISTINCT
d) FROM F WHERE w GROUP BY k..``: trips per working day per driver, tickets per order per
event.

Sound in SQLite: the subgroups of a group ``k`` are its distinct values of ``d`` (GROUP BY and
COUNT(DISTINCT) compare alike: one expression, one collation), NULL aside: ``d`` must be a
column that is never NULL (declared, of a source not padded by an outer join: ``F`` inner
joins only, or ``w`` holds ``d IS NOT NULL``), or its subgroup would count in the AVG and not
in COUNT(DISTINCT). Their counts add up to the group's ``COUNT(*)``; SQLite's AVG of integers
adds them exactly (an integer sum) and divides as a double by their number, as ``COUNT(*) *
1.0 / COUNT(DISTINCT d)`` divides the same two numbers (exact as doubles below 2**53). The
outer select shows a key of the derived table where the other shows one of ``F``: equal
values identical (``transfer._exact``). Items only the keys and that AVG; no HAVING, ORDER
BY, LIMIT, window. Near misses: a NULL-able ``d``, a second subgroup column, SUM(n) * 1.0 /
COUNT(*) of another count, an integer division.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, ArithOp, Ty
from .terms import _conjuncts, _leaves, _windowless
from .transfer import _exact


def _plain_grouping(s) -> bool:
    return (isinstance(s, ir.Select) and s.aggregate and s.group_by and s.having is None
            and not s.distinct and s.limit is None and not s.offset and not s.order
            and s.bare_from is None and _windowless(s))


def _never_null(d, s, schema) -> bool:
    """Is column ``d`` of grouping ``s`` never NULL (declared, inner joins, or tested)?"""
    leaves = _leaves(s.source)
    if leaves is None or not isinstance(d, ir.Col):
        return False
    if ir.Not(ir.IsNull(d)) in _conjuncts(s.where):
        return True
    return any(isinstance(x, ir.Scan) and x.alias == d.alias
               and schema.table(x.table).never_null(d.name) for x in leaves)


def avg_of_subgroup_counts(q, schema, typed: bool = False):
    """The module's law on a select; ``q`` itself when it does not apply."""
    if not (_plain_grouping(q) and isinstance(x := q.source, ir.Derived) and q.where is None
            and _plain_grouping(s := x.query) and schema is not None):
        return q
    inner = dict(zip(x.names, s.items, strict=True))
    keys = []
    for g in q.group_by:
        k = inner.get(g.name) if isinstance(g, ir.Col) and g.alias == x.alias else None
        if not (isinstance(k, ir.Col) and k in s.group_by and _exact(k, k, typed)):
            return q
        keys.append(k)
    rest = [d for d in s.group_by if d not in keys]
    if len(rest) != 1 or not _never_null(d := rest[0], s, schema):
        return q
    ratio = ir.Arith(ArithOp.DIV, ir.Arith(ArithOp.MUL, ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT),
                                           ir.Lit(1.0, Ty.REAL), Ty.REAL),
                     ir.Agg(AggFn.COUNT, d, True, Ty.INT), Ty.REAL)
    items = []
    for i in q.items:
        if isinstance(i, ir.Col) and i in q.group_by:
            items.append(inner[i.name])
        elif (isinstance(i, ir.Agg) and i.fn == AggFn.AVG and not i.distinct
              and isinstance(n := i.arg, ir.Col) and n.alias == x.alias
              and isinstance(c := inner.get(n.name), ir.Agg) and c.fn == AggFn.COUNT_STAR):
            items.append(ratio)
        else:
            return q
    return dataclasses.replace(q, source=s.source, where=s.where, group_by=tuple(keys),
                               items=tuple(items))


SUBGROUP_AVERAGE_RULE = (
    "avg_of_subgroup_counts", "SELECT x.k.., AVG(x.n) FROM (SELECT k.., d, COUNT(*) AS n FROM F "
    "WHERE w GROUP BY k.., d) x GROUP BY x.k.. is SELECT k.., COUNT(*) * 1.0 / COUNT(DISTINCT "
    "d) FROM F WHERE w GROUP BY k.. (d never NULL; keys exact)", ("select",),
    lambda canon, q, ctx: avg_of_subgroup_counts(q, canon.schema, canon.typed), True)
