"""Joins on a unique key: ``limit_through_key_join`` (a LIMIT through LEFT JOINs on a
unique key), ``exists_on_key_as_join`` (EXISTS on a key as an inner join),
``semijoin_under_blind_aggregate`` (a filtering join as IN under duplicate-blind aggregates),
``count_distinct_of_key`` (COUNT(DISTINCT) of a key column with the rest of the key fixed).

Holds under ``ties_broken_alike`` like the laws of ``limits`` (a proof with a LIMIT states
``ties``).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, JoinKind
from .duplicates import _blind
from .joins import _unique_match
from .limits import _same_order, _swap_leftmost
from .terms import (
    _aliases_in,
    _conjuncts,
    _has_sub,
    _map_children,
    _plain,
    _replace_cols,
    _tree_aliases,
    _unique_keys,
    _windowless,
)


def _one_row_each(src, d, schema) -> bool:
    """Is ``src`` ``d`` LEFT JOINed to tables on one of their unique keys (every row of ``d``
    gives exactly one joined row: at least one by the LEFT JOIN, at most one by the key)?"""
    while isinstance(src, ir.Join):
        if src.kind != JoinKind.LEFT or src.on is None or not _unique_match(src, schema):
            return False
        src = src.left
    return src is d


def limit_through_key_join(q, schema):
    """``SELECT f FROM (SELECT g FROM A .. ORDER BY k LIMIT n OFFSET m) AS d LEFT JOIN B ON
    d.x = B.u .. ORDER BY k`` (``B.u`` a unique key of ``B``, equated without conversion; the
    outer select has no WHERE, grouping, DISTINCT, LIMIT, window or subquery and sorts by
    ``d``'s keys, as ``d`` does) is ``SELECT f FROM (SELECT g FROM A ..) AS d LEFT JOIN B ..
    ORDER BY k LIMIT n OFFSET m``: each row of ``d`` gives exactly one joined row carrying
    its values, so cutting ``d`` in ``k`` order and cutting the joined rows in ``k`` order
    keep the images of the same rows (Calcite's SortJoinTransposeRule on a LEFT JOIN whose
    right side is matched on its key). Not through an inner join (a row without a partner
    is lost) nor on a non-unique column (a row with two partners is two rows)."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Join) and q.order
            and q.limit is None and not q.offset and q.where is None and not q.aggregate
            and not q.group_by and q.having is None and not q.distinct and q.bare_from is None
            and _windowless(q)
            and not any(_has_sub(x) for x in (*q.items, *(k for k, _ in q.order)))):
        return q
    d = q.source
    while isinstance(d, ir.Join):
        d = d.left
    if not (isinstance(d, ir.Derived) and isinstance(d.query, ir.Select)
            and len(set(d.names)) == len(d.names) == len(d.query.items)):
        return q
    inner = d.query
    if not (inner.order and inner.limit is not None and inner.bare_from is None
            and _windowless(inner) and not any(_has_sub(k) for k, _ in inner.order)
            and _one_row_each(q.source, d, schema)):
        return q
    rep = {(d.alias, n): e for n, e in zip(d.names, inner.items, strict=True)}
    if not _same_order(_replace_cols(q.order, rep), inner.order):
        return q
    new_d = dataclasses.replace(d, query=dataclasses.replace(inner, order=(), limit=None, offset=0))
    return dataclasses.replace(q, source=_swap_leftmost(q.source, new_d), limit=inner.limit,
                               offset=inner.offset)


def exists_on_key_as_join(q: ir.Select, leaves: list, conds: list, schema):
    """A conjunct ``EXISTS (SELECT .. FROM S WHERE S.u1 = x1 AND .. AND rest)`` of an
    inner-joined select, where the equated columns ``u`` cover a unique key of ``S`` (each
    ``x`` a value of the outer row of ``u``'s type, no conversion), is the join with ``S`` on
    those conjuncts: at most one row of ``S`` holds a given key, so the join keeps each row
    that has a partner once and drops the others, as the EXISTS does (Calcite's
    SemiJoinRule when the right side is unique on the join keys). ``S`` one table, the
    subquery without aggregate, DISTINCT, LIMIT/OFFSET or window, ``rest`` without
    subqueries; no table with a declared collation (a NOCASE comparison may match two keys). Returns (q, leaves, conds), leaves None when nothing changed."""
    outer = {a for x in leaves for a in _tree_aliases(x)}
    if any(isinstance(x, ir.Scan) and schema.table(x.table).collated for x in leaves):
        return q, None, conds  # a NOCASE x = S.u may match two keys 'a' and 'A'
    for i, c in enumerate(conds):
        if not isinstance(c, ir.Exists) or not isinstance(c.query, ir.Select):
            continue
        sq = c.query
        if not (_plain(sq) and not sq.group_by and sq.having is None and isinstance(sq.source, ir.Scan)
                and sq.source.alias not in outer and not schema.table(sq.source.table).collated):
            continue
        inner = _conjuncts(sq.where)
        if any(_has_sub(k) for k in inner):
            continue
        if not _key_equated(inner, sq.source, outer, schema):
            continue
        return q, leaves + [sq.source], conds[:i] + conds[i + 1:] + inner
    return q, None, conds


def _key_equated(conds: list, scan, outer: set, schema) -> bool:
    """Do ``conds`` equate a unique key of ``scan`` with outer values (no conversion)?"""
    equated = set()
    for c in conds:
        if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv:
            for mine, other in ((c.left, c.right), (c.right, c.left)):
                if (isinstance(mine, ir.Col) and mine.alias == scan.alias and ir._ty(other) == mine.ty
                        and _aliases_in(other) and _aliases_in(other) <= outer):
                    equated.add(mine.name)
    return any(k and set(k) <= equated for k in _unique_keys(schema.table(scan.table)))


def semijoin_under_blind_aggregate(canon, q: ir.Select, leaves: list, conds: list):
    """A joined table that only filters (``L.c = x``, ``L``'s other conjuncts its own) is an
    ``IN`` subquery under aggregates that cannot tell how often a row occurs (every aggregate
    MIN, MAX or of DISTINCT values, every other column a GROUP BY key: ``duplicates._blind``):
    the join repeats a row once per partner, the ``IN`` keeps it once, and such aggregates
    see the same distinct rows in the same groups (COUNT(DISTINCT) over a join as a count
    over a semi join: Calcite's AggregateJoinTransposeRule/SemiJoinRule, TPC-H Q4's EXISTS
    as a DISTINCT join). The semijoin itself is ``semijoins``' (its consumer ignoring
    duplicates)."""
    if not _blind(q):
        return q, leaves, conds
    return canon._semijoins(q, leaves, conds, True)


def count_distinct_of_key(q: ir.Select, leaves: list, conds: list, schema):
    """``COUNT(DISTINCT s.u)`` of an aggregate select over one table ``S`` is ``COUNT(s.u)``
    when ``u`` with the columns fixed on every kept row covers a unique key of ``S``: the
    columns a conjunct ``s.k = literal`` fixes (same type, no conversion; NULL fails it) and
    the never-NULL GROUP BY columns (one value per group). Two kept rows of a group then
    differ in ``u`` or hold NULL there, so the non-NULL values of ``u`` are distinct
    already (COUNT skips NULL either way). A GROUP BY column that may be NULL fixes nothing
    (a unique key holds NULL twice). Not over a join (a row of ``S`` may be repeated)."""
    if not (q.aggregate and q.bare_from is None and len(leaves) == 1 and isinstance(leaves[0], ir.Scan)):
        return q, None, conds
    s = leaves[0]
    t = schema.table(s.table)
    fixed = {g.name for g in q.group_by
             if isinstance(g, ir.Col) and g.alias == s.alias and t.never_null(g.name)}
    for c in conds:
        if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv:
            for mine, other in ((c.left, c.right), (c.right, c.left)):
                if (isinstance(mine, ir.Col) and mine.alias == s.alias and isinstance(other, ir.Lit)
                        and other.value is not None and ir._ty(other) == mine.ty):
                    fixed.add(mine.name)
    keys = [set(k) for k in _unique_keys(t) if k]

    def plain(e):
        if isinstance(e, ir.Agg):
            if (e.fn == AggFn.COUNT and e.distinct and isinstance(e.arg, ir.Col)
                    and e.arg.alias == s.alias and any(k <= fixed | {e.arg.name} for k in keys)):
                return dataclasses.replace(e, distinct=False)
            return e
        if isinstance(e, (ir.InSub, ir.Exists, ir.ScalarSub)):
            return e
        return _map_children(e, plain)

    out = dataclasses.replace(q, items=tuple(plain(i) for i in q.items),
                              having=None if q.having is None else plain(q.having),
                              order=tuple((plain(k), d) for k, d in q.order))
    return (q, None, conds) if out == q else (out, leaves, conds)
