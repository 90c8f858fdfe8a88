"""A HAVING on the groups of an inner join keyed by one row (round 59, i59a):
``inner_group_having_as_where``.

``SELECT X.a.. FROM X JOIN S ON p [WHERE w] GROUP BY X.k.., X.b.. HAVING h``, the grouped
columns of ``X`` holding a unique key of ``X`` whose columns are all never NULL, and ``h`` a
conjunction with a conjunct ``MAX(S.c) op e`` (or MIN; ``op`` one of ``= <> < <= > >=``), is
``SELECT X.a.. FROM X WHERE w(X) AND h[AGG := (SELECT AGG FROM S WHERE p AND w(S))]``
("interviews whose score disagrees with the best rating", "grants after the last revoke",
Muralikrishna's non-equi join aggregate): the key makes each group one row of ``X`` with its
partners in ``S``, at least one, so each aggregate is its scalar subquery over those partners
(``joins._per_row_aggregate``: COUNT, COUNT DISTINCT, MIN/MAX of an affinity under which equal
values are identical; and COUNT(*), the number of partners: an inner join pads no row;
HAVING of a one-row group is a WHERE on that row). A row of ``X``
without a partner forms no group of the join; in the WHERE its MIN/MAX subquery is NULL, the
comparison NULL, the conjunction not TRUE: it is dropped too. That is the condition: with
only ``COUNT(S.c) op e`` (0 over no partner) or ``h`` a disjunction the row could stay, so
the rule refuses. ``h`` must read a column of ``X`` outside its aggregates that is not alone
a unique key (the interview's own score): where it reads only keys and literals,
``parent_groups.correlated_aggregate_as_group`` takes the other direction (the WHERE as this
HAVING), and the two must not undo each other.

Sound in SQLite: ``X`` is a table scan, ``S`` another scan (its own alias; a self-join is two
occurrences); the key's columns are never NULL, so no two rows of ``X`` share a group (SQLite
lets NULL repeat in a UNIQUE column); ``w``'s conjuncts reading ``S`` (deterministic, no
subquery) move into the subquery with ``p``, those reading ``X`` alone stay; ``S`` read
anywhere else (items, keys, ORDER BY outside its aggregates) or any subquery in the items,
ORDER BY or HAVING refuses; no LIMIT, OFFSET,
DISTINCT or window (the site ``unordered``: row order not read).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, JoinKind
from ..ir.walk import _bare_cols
from .chain_counts import _STRICT
from .joins import _per_row_aggregate, per_row_subqueries
from .terms import _aliases_in, _and, _conjuncts, _unique_keys, _windowless
from .top_one import _PURE


def inner_group_having_as_where(q, schema):
    """See the module docstring; ``q`` itself when the law does not apply."""
    j = q.source if isinstance(q, ir.Select) else None
    if not (isinstance(j, ir.Join) and j.kind in (JoinKind.INNER, JoinKind.CROSS) and q.aggregate and q.group_by
            and q.having is not None and q.limit is None and not q.offset and not q.distinct
            and q.bare_from is None and _windowless(q)):
        return q
    for x, s in ((j.left, j.right), (j.right, j.left)):
        out = _as_where(q, x, s, j.on, schema)
        if out is not None:
            return out
    return q


def _as_where(q, x, s, on, schema):
    if not (isinstance(x, ir.Scan) and isinstance(s, ir.Scan) and x.alias != s.alias
            and _keyed(x, q.group_by, schema)):
        return None
    stay, move = [], list(_conjuncts(on))
    for c in _conjuncts(q.where):
        if s.alias not in _aliases_in(c):
            stay.append(c)
        elif all(isinstance(y, _PURE) for y in ir.local_nodes(c)):
            move.append(c)
        else:
            return None
    if not (any(_rejects_none(c, s.alias) for c in _conjuncts(q.having))
            and _reads_a_value(q.having, x, schema)):
        return None
    p, st, subs = _and(move), schema.table(s.table), {}
    for e in (*q.items, *(k for k, _ in q.order), q.having):
        for y in ir.local_nodes(e):
            if isinstance(y, (ir.InSub, ir.Exists, ir.ScalarSub)):
                return None  # (a subquery there could read S: not moved)
            if isinstance(y, ir.Agg):
                agg = y if y.fn == AggFn.COUNT_STAR else _per_row_aggregate(y, s, st)
                if agg is None:
                    return None
                subs[y] = ir.ScalarSub(ir.Select(s, p, (), None, (agg,), False, (), None, 0,
                                                 True, ("n",)), y.ty)
    out = per_row_subqueries(dataclasses.replace(q, where=_and(stay)), x, s.alias, subs)
    return None if out.source is not x else out


def _keyed(x, group_by, schema) -> bool:
    """Do the GROUP BY columns of ``x`` (all of them ``x``'s) hold a unique key of ``x`` whose
    columns are never NULL?"""
    if not all(isinstance(g, ir.Col) and g.alias == x.alias for g in group_by):
        return False
    t, names = schema.table(x.table), {g.name.lower() for g in group_by}
    return any(k and set(k) <= names and all(t.never_null(c) for c in k) for k in _unique_keys(t))


def _reads_a_value(h, x, schema) -> bool:
    """Does ``h`` read, outside its aggregates, a column of ``x`` that is not alone a unique
    key of ``x``? (Where it reads only keys and literals, ``parent_groups``'s
    ``correlated_aggregate_as_group`` writes the WHERE as this join's HAVING: the one form.)"""
    keys = [k for k in _unique_keys(schema.table(x.table)) if len(k) == 1]
    return any(y.alias == x.alias and [y.name.lower()] not in keys for y in _bare_cols(h, set()))


def _rejects_none(c, alias: str) -> bool:
    """Is ``c`` a comparison ``MIN/MAX(alias.col) op e`` (either side), NULL when the
    aggregate is (over no row)?"""
    return (isinstance(c, ir.Cmp) and c.op in _STRICT
            and any(isinstance(y, ir.Agg) and y.fn in (AggFn.MIN, AggFn.MAX) and not y.distinct
                    and isinstance(y.arg, ir.Col) and y.arg.alias == alias
                    for y in (c.left, c.right)))


# ---- the registry's entry (``join_counts.GROUPED_JOIN_RULES`` holds it)

KEYED_HAVING_RULES = (
    ("inner_group_having_as_where", "SELECT X.a.. FROM X JOIN S ON p GROUP BY X's never-NULL "
     "unique key.. HAVING h, h with a conjunct MAX/MIN(S.c) op e (NULL over no partner), is "
     "SELECT X.a.. FROM X WHERE h with each aggregate its scalar subquery over S WHERE p",
     ("unordered", "sources"),
     lambda canon, q, ctx: inner_group_having_as_where(q, canon.schema), True),
)
