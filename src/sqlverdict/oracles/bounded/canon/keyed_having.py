"""A HAVING on the groups of an inner join keyed by one row (round 59, i59a; round 61, i61f):
``inner_group_having_as_where`` and, in the typed domain, ``summed_group_having_as_where``.

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

Round 61 (class J, "refunds exceeding the line value", "credited more than invoiced"):
- the compared side may be arithmetic over the aggregate (``MAX(S.c) - e1 > e2``): NULL with it;
- ``summed_group_having_as_where`` (typed domain only): SUM or AVG of an INTEGER column of
  ``S`` too, NULL over no partner as MAX is; integers add alike in any order (the proof states
  ``integer_sums_exact``: ``proofs.REGROUPING``);
- ``X`` may be an inner join of scans, one keyed by its grouped columns and each other one
  joined on all columns of a unique key of it equal (``=`` without conversion, one type, no
  collation) to columns of leaves already keyed (``_keyed_chain``): each row of ``X`` is then
  one group (the order line and product of a return request);
- a grouped (or shown) column of ``S`` that ``p`` equates (``=``, no conversion) with a column
  of ``X``, both INTEGER affinity, reads that column of ``X``: on every row of the inner join
  the two hold one identical value (an INTEGER-affinity column stores 1.0 as 1), so the group
  ``GROUP BY n.inv_id`` of ``n JOIN i ON i.inv_id = n.inv_id`` is ``GROUP BY i.inv_id``.

Sound in SQLite: ``X`` is a table scan (or the join above), ``S`` another scan (its own alias; a self-join is two
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
from ..ir.kinds import Affinity, AggFn, CmpOp, JoinKind
from ..ir.walk import _bare_cols
from . import terms
from .chain_counts import _STRICT
from .joins import _per_row_aggregate, per_row_subqueries
from .terms import _aliases_in, _and, _conjuncts, _has_sub, _leaves, _unique_keys, _windowless
from .top_one import _PURE


def inner_group_having_as_where(q, schema, sums: bool = False):
    """See the module docstring; ``q`` itself when the law does not apply (``sums``: SUM and
    AVG of an INTEGER column too, the typed domain's ``summed_group_having_as_where``)."""
    j = q.source if isinstance(q, ir.Select) else None
    if not (isinstance(j, ir.Join) and j.kind in (JoinKind.INNER, JoinKind.CROSS) and q.aggregate and q.group_by
            and q.having is not None and q.limit is None and not q.offset and not q.distinct
            and q.bare_from is None and _windowless(q)):
        return q
    for x, s in ((j.left, j.right), (j.right, j.left)):
        out = _as_where(q, x, s, j.on, schema, sums)
        if out is not None:
            return out
    leaves = _leaves(j)
    if not leaves or len(leaves) < 3:
        return q
    # S deeper in the tree: the other leaves as one cross join, every ON conjunct a WHERE's
    flat = dataclasses.replace(q, where=_and([*terms._on_conjuncts(j), *_conjuncts(q.where)]))
    for s in leaves:
        rest = [y for y in leaves if y is not s]
        x = rest[0]
        for y in rest[1:]:
            x = ir.Join(JoinKind.CROSS, x, y, None)
        out = _as_where(dataclasses.replace(flat, source=x), x, s, None, schema, sums)
        if out is not None:
            return out
    return q


def _as_where(q, x, s, on, schema, sums):
    leaves = _leaves(x)
    if not (isinstance(s, ir.Scan) and leaves and all(isinstance(y, ir.Scan) for y in leaves)
            and s.alias not in {y.alias for y in leaves}):
        return None
    q = _read_through(q, _equated([*_conjuncts(on), *_conjuncts(q.where)], s, leaves, schema))
    stay, move = [], list(_conjuncts(on))
    for c in _conjuncts(q.where):
        if s.alias not in _aliases_in(c):
            stay.append(c)
        elif all(isinstance(y, _PURE) for y in ir.local_nodes(c)):
            move.append(c)
        else:
            return None
    links = [c for c in (*terms._on_conjuncts(x), *stay) if not _has_sub(c)]
    if not (_keyed_chain(leaves, q.group_by, links, schema)
            and any(_rejects_none(c, s.alias, sums) for c in _conjuncts(q.having))
            and _reads_a_value(q.having, leaves, schema)):
        return None
    p, st, subs = _and(move), schema.table(s.table), {}
    for e in (*q.items, *(k for k, _ in q.order), q.having):
        for y in ir.local_nodes(e):
            if isinstance(y, (ir.InSub, ir.Exists, ir.ScalarSub)):
                return None  # (a subquery there could read S: not moved)
            if isinstance(y, ir.Agg):
                agg = y if y.fn == AggFn.COUNT_STAR else _per_row_aggregate(y, s, st, sums)
                if agg is None:
                    return None
                subs[y] = ir.ScalarSub(ir.Select(s, p, (), None, (agg,), False, (), None, 0,
                                                 True, ("n",)), y.ty)
    out = per_row_subqueries(dataclasses.replace(q, where=_and(stay)), x, s.alias, subs)
    return None if out.source is not x else out


def _plain_eq(c):
    """The two columns of ``c`` when it is ``a = b`` of two columns of one type, without
    conversion, neither of a collation; else None."""
    if (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv and isinstance(c.left, ir.Col)
            and isinstance(c.right, ir.Col) and c.left.ty == c.right.ty):
        return c.left, c.right
    return None


def _uncollated(col, leaves, schema) -> bool:
    t = next((schema.table(y.table) for y in leaves if y.alias == col.alias), None)
    return t is not None and col.name.lower() not in {n.lower() for n in t.collated}


def _equated(conds, s, leaves, schema) -> dict:
    """(S's alias, column) -> the column of ``X`` that a conjunct of ``conds`` (the ON and
    WHERE) equates it with, both of INTEGER affinity (one identical value on every row of the
    inner join)."""
    aliases, rep = {y.alias for y in leaves}, {}
    for c in conds:
        pair = _plain_eq(c)
        for a, b in (pair, pair[::-1]) if pair else ():
            if (a.alias == s.alias and b.alias in aliases and a.affinity == Affinity.INTEGER
                    and b.affinity == Affinity.INTEGER and _uncollated(b, leaves, schema)
                    and _uncollated(a, [s], schema)):
                rep.setdefault((a.alias, a.name), b)
    return rep


def _read_through(q, rep: dict):
    """``q`` with the columns of ``rep`` read as their equals in its keys, and outside its
    aggregates and subqueries in its items, ORDER BY and HAVING."""
    if not rep:
        return q

    def bare(e):
        if isinstance(e, (ir.Agg, ir.InSub, ir.Exists, ir.ScalarSub)):
            return e
        if isinstance(e, ir.Col):
            return rep.get((e.alias, e.name), e)
        return terms._map_children(e, bare)
    return dataclasses.replace(q, group_by=tuple(bare(g) for g in q.group_by),
                               items=tuple(bare(i) for i in q.items),
                               order=tuple((bare(k), d) for k, d in q.order),
                               having=bare(q.having))


def _keyed_chain(leaves, group_by, links, schema) -> bool:
    """Does each row of the inner join of ``leaves`` make one group of ``group_by`` (all
    columns of the leaves)? One leaf's grouped columns hold a unique key of it whose columns
    are never NULL; each other leaf has all columns of a unique key equal by ``links``
    (``_plain_eq``, uncollated) to columns of leaves already keyed: one partner each."""
    aliases = {y.alias: y for y in leaves}
    if not all(isinstance(g, ir.Col) and g.alias in aliases for g in group_by):
        return False
    keyed = {y.alias for y in leaves if _keyed(y, [g for g in group_by if g.alias == y.alias], schema)}
    grown = True
    while keyed and grown:
        grown = False
        for y in leaves:
            if y.alias in keyed:
                continue
            equated = set()
            for c in links:
                pair = _plain_eq(c)
                for a, b in (pair, pair[::-1]) if pair else ():
                    if (a.alias == y.alias and b.alias in keyed and _uncollated(a, leaves, schema)
                            and _uncollated(b, leaves, schema)):
                        equated.add(a.name.lower())
            if any(k and set(k) <= equated for k in _unique_keys(schema.table(y.table))):
                keyed.add(y.alias)
                grown = True
    return len(keyed) == len(aliases) == len(leaves)


def _keyed(x, group_by, schema) -> bool:
    """Do the GROUP BY columns of ``x`` (all of them ``x``'s) hold a unique key of ``x`` whose
    columns are never NULL?"""
    if not group_by or not all(isinstance(g, ir.Col) and g.alias == x.alias for g in group_by):
        return False
    t, names = schema.table(x.table), {g.name.lower() for g in group_by}
    return any(k and set(k) <= names and all(t.never_null(c) for c in k) for k in _unique_keys(t))


def _reads_a_value(h, leaves, schema) -> bool:
    """Does ``h`` read, outside its aggregates, a column of a leaf of ``X`` that is not alone
    a unique key of it? (Where it reads only keys and literals, ``parent_groups``'s
    ``correlated_aggregate_as_group`` writes the WHERE as this join's HAVING: the one form.)"""
    tables = {y.alias: schema.table(y.table) for y in leaves}
    return any(y.alias in tables and [y.name.lower()] not in
               [k for k in _unique_keys(tables[y.alias]) if len(k) == 1] for y in _bare_cols(h, set()))


def _null_with_none(e, alias: str, sums: bool) -> bool:
    """Is ``e`` NULL when the aggregates over no row of ``alias`` are: MIN/MAX(alias.col)
    (SUM/AVG too with ``sums``), or arithmetic over one?"""
    if isinstance(e, ir.Agg):
        fns = (AggFn.MIN, AggFn.MAX, AggFn.SUM, AggFn.AVG) if sums else (AggFn.MIN, AggFn.MAX)
        return (e.fn in fns and not e.distinct and isinstance(e.arg, ir.Col)
                and e.arg.alias == alias)
    if isinstance(e, ir.Arith):
        return _null_with_none(e.left, alias, sums) or _null_with_none(e.right, alias, sums)
    if isinstance(e, ir.Neg):
        return _null_with_none(e.arg, alias, sums)
    return False


def _rejects_none(c, alias: str, sums: bool = False) -> bool:
    """Is ``c`` a comparison ``op`` of ``_STRICT`` with a side NULL over no row of ``alias``
    (``_null_with_none``)?"""
    return (isinstance(c, ir.Cmp) and c.op in _STRICT
            and any(_null_with_none(y, alias, sums) for y in (c.left, c.right)))


# ---- the registry's entry (``join_counts.GROUPED_JOIN_RULES`` holds it)

KEYED_HAVING_RULES = (
    ("inner_group_having_as_where", "SELECT X.a.. FROM X JOIN S ON p GROUP BY X's never-NULL "
     "unique key.. HAVING h, h with a conjunct MAX/MIN(S.c) op e (NULL over no partner), is "
     "SELECT X.a.. FROM X WHERE h with each aggregate its scalar subquery over S WHERE p",
     ("unordered", "sources"),
     lambda canon, q, ctx: inner_group_having_as_where(q, canon.schema), True),
    ("summed_group_having_as_where", "typed domain: the same with SUM(S.c) or AVG(S.c) of an "
     "INTEGER column compared in h (NULL over no partner; integer_sums_exact)",
     ("unordered", "sources"),
     lambda canon, q, ctx: inner_group_having_as_where(q, canon.schema, sums=canon.typed)
     if canon.typed else q, True),
)
