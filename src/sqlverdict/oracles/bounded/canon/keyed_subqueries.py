"""Distinct keys with their correlated aggregates as one grouping (issue 25, i39d):
``distinct_keys_as_grouping``.

``SELECT DISTINCT c.k, (SELECT MIN(d.x) FROM T d WHERE d.k = c.k AND w(d)) FROM T c WHERE
w(c)`` is ``SELECT k, MIN(x) FROM T WHERE w GROUP BY k`` (the per-group aggregate written as
a correlated subquery, the form Spider's "for each k, the least x" takes beside GROUP BY;
with a first row by ORDER BY inside, ``min_as_top`` reads it as the MIN first). Each kept
row's subquery aggregates exactly its group: ``k`` never NULL (a NULL ``k`` finds no row by
``=`` but is a group) and ``w`` deterministic without subqueries (the row itself is in its
group), so no group is empty; the subquery's value is a function of ``k``, so DISTINCT keeps
one row per key, as GROUP BY does. Equal keys must be one value (``top_one._identity_key``:
DISTINCT and GROUP BY may show different rows of a NOCASE class). MIN, MAX and COUNT only:
SUM of reals adds in the order each form reads.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv
from .terms import _and, _conjuncts, _deep
from .top_one import _PURE, _identity_key

_BLIND = (AggFn.MIN, AggFn.MAX, AggFn.COUNT, AggFn.COUNT_STAR)


def _renamed(e, old: str, new: str):
    return _deep(e, lambda y: dataclasses.replace(y, alias=new)
                 if isinstance(y, ir.Col) and y.alias == old else y)


def _aggregate_of(item, scan, keys: set, where):
    """The aggregate, read over ``scan``'s alias, of a correlated scalar subquery ``item``
    over the same table equated with the outer row on exactly ``keys`` and else filtered by
    the outer ``where``; else None."""
    if not (isinstance(item, ir.ScalarSub) and isinstance(item.query, ir.Select)):
        return None
    s = item.query
    if not (isinstance(s.source, ir.Scan) and s.source.table == scan.table and s.aggregate
            and not s.group_by and s.having is None and not s.order and s.limit is None
            and not s.offset and not s.distinct and s.bare_from is None and len(s.items) == 1
            and isinstance(s.items[0], ir.Agg) and s.items[0].fn in _BLIND):
        return None
    inner = s.source.alias
    links, rest = set(), []
    for c in _conjuncts(s.where):
        pair = (c.left, c.right) if isinstance(c, ir.Cmp) else ()
        if (pair and c.op == CmpOp.EQ and c.conv == Conv.NONE and all(isinstance(y, ir.Col) for y in pair)
                and {y.alias for y in pair} == {inner, scan.alias} and pair[0].name == pair[1].name):
            links.add(next(y for y in pair if y.alias == scan.alias))
        else:
            rest.append(c)
    agg = s.items[0]
    if links != keys or _renamed(_and(rest), inner, scan.alias) != where:
        return None
    if any(isinstance(y, ir.Col) and y.alias != inner or isinstance(y, ir.Query)
           for y in ir.local_nodes(agg)):
        return None
    return _renamed(agg, inner, scan.alias)


def distinct_keys_as_grouping(q, schema):
    """See the module docstring."""
    if not (isinstance(q, ir.Select) and q.distinct and isinstance(q.source, ir.Scan)
            and not q.aggregate and not q.group_by and q.having is None and not q.order
            and q.limit is None and not q.offset and q.bare_from is None):
        return q
    scan, where = q.source, _and(_conjuncts(q.where))
    keys = {i for i in q.items if isinstance(i, ir.Col)}
    table = schema.table(scan.table)
    if not keys or not all(k.alias == scan.alias and table.never_null(k.name)
                           and _identity_key(k, {scan.alias: scan}, schema, True) for k in keys):
        return q
    if not all(isinstance(y, _PURE) for c in _conjuncts(where) for y in ir.local_nodes(c)):
        return q
    items = []
    for i in q.items:
        agg = i if i in keys else _aggregate_of(i, scan, keys, where)
        if agg is None:
            return q
        items.append(agg)
    if all(i in keys for i in items):
        return q
    group = tuple(sorted(keys, key=repr))
    return dataclasses.replace(q, where=where, items=tuple(items), group_by=group,
                               aggregate=True, distinct=False)


# ---- the registry's entry (``rules.RULES`` adds it as ``Rule(*entry)``)

KEYED_SUBQUERY_RULES = (
    ("distinct_keys_as_grouping", "SELECT DISTINCT c.k.., (SELECT AGG(d.x) FROM T d WHERE d.k = "
     "c.k .. AND w(d)).. FROM T c WHERE w(c), each k never NULL, of one value per equal class, "
     "w deterministic, AGG MIN/MAX/COUNT, is SELECT k.., AGG(x).. FROM T WHERE w GROUP BY k..",
     ("select",), lambda canon, q, ctx: distinct_keys_as_grouping(q, canon.schema), True),
)
