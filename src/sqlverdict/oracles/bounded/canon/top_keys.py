"""Top-1 rows whose order a key makes total, seen through grouping and views (issue 25,
round 5): ``grouped_view_top``, ``least_group_key_first``, ``extremum_key_row``,
``top_group_by_extremum`` and ``first_of_partition_as_no_earlier``.

Text-to-SQL answers and engines' rules write one top-1 question several ways: "the team
with the most wins, the least id among ties" as ``GROUP BY team ORDER BY COUNT(*) DESC,
team LIMIT 1``, or through a CTE of the counts and ``WHERE n = (SELECT MAX(n) ..)``, or as
``SELECT MIN(team) FROM (..) HAVING COUNT(*) > 0``; "the first row of each group" as
``ROW_NUMBER() OVER (PARTITION BY p ORDER BY k) = 1`` (Trino's TopNRanking, Flink's rank)
or as ``k = (SELECT MIN(k) FROM t t2 WHERE t2.p = t.p)``. Each law holds because the
order is total: no two rows tie on it (a never-NULL unique key, or every GROUP BY key,
among its keys), so the first row is one row, whatever the engine does with ties.
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import Affinity, AggFn, CmpOp, FuncName, JoinKind, LogicOp, Ty, WindowFn
from .first_row_joins import first_row_join_as_subquery
from .first_rows import _earlier_rows, _is_first
from .quantified import conditions
from .running import _ONE, _keys, _plain_scan, _sub, _total
from .terms import (
    _aliases_in,
    _and,
    _conjuncts,
    _deep,
    _has_sub,
    _key,
    _nonempty_group,
    _replace_cols,
    _unique_keys,
    _windowless,
)
from .tie_breaks import top_group_as_having
from .top_one import _fixed, _identity_key, _null_flag_of
from .window_limits import _RANK_LIKE, _cut, _is_col, _outer_plain


def _plain_view(v) -> bool:
    """A grouped select without DISTINCT, ORDER BY, LIMIT, OFFSET, bare column or window."""
    return (isinstance(v, ir.Select) and v.aggregate and bool(v.group_by) and not v.distinct
            and not v.order and v.limit is None and not v.offset and v.bare_from is None
            and _windowless(v))


def _view_of(q):
    """(derived table, its grouped select, column map) of ``SELECT .. FROM (grouped) d``
    with nothing but items, ORDER BY, LIMIT and OFFSET outside; else None."""
    if not (isinstance(q, ir.Select) and isinstance(d := q.source, ir.Derived) and not q.aggregate
            and q.where is None and not q.group_by and q.having is None and not q.distinct
            and q.bare_from is None and _windowless(q) and _plain_view(d.query)
            and len(set(d.names)) == len(d.names) == len(d.query.items)):
        return None
    return d, d.query, {(d.alias, n): e for n, e in zip(d.names, d.query.items, strict=True)}


def view_groups_apart(q) -> bool:
    """Can no two rows of ``SELECT .. FROM (grouped select) AS d [WHERE ..]`` tie on its
    ORDER BY? Yes when its ORDER BY holds, as columns of ``d``, the view's items that are
    its GROUP BY keys, every one: the view's groups differ on a key as ORDER BY compares
    it, and a WHERE only drops groups."""
    if not (isinstance(q, ir.Select) and isinstance(d := q.source, ir.Derived) and not q.aggregate
            and not q.group_by and not q.distinct and q.bare_from is None and _plain_view(d.query)
            and len(d.names) == len(d.query.items)):
        return False
    rep = {(d.alias, n): e for n, e in zip(d.names, d.query.items, strict=True)}
    order = [rep.get((k.alias, k.name)) for k, _ in q.order if isinstance(k, ir.Col)]
    return all(g in order for g in d.query.group_by)


def joined_rows_apart(q, schema: Schema) -> bool:
    """Can no two rows of a select over inner joins of tables (no aggregate or DISTINCT)
    tie on its ORDER BY? Yes when every table is pinned: its ORDER BY columns (of binary
    collation, never NULL) with the columns a conjunct fixes to a literal hold a unique
    key, or an ON/WHERE conjunct ``s.u = c`` (no conversion, one affinity) reads a column
    ``u`` that alone is a unique key of ``s`` from a pinned table (a join to a parent on
    its key: one row of ``s`` per row of the other). Rows tied on the ORDER BY then agree
    on every table's row, so they are one row of the join."""
    if not (isinstance(q, ir.Select) and schema is not None and not q.aggregate and not q.group_by
            and not q.distinct and q.bare_from is None and q.order):
        return False
    scans = _inner_scans(q.source)
    if not scans or len(scans) < 2:
        return False
    conds = _conjuncts(q.where) + _on_conds(q.source)
    pinned = set()
    for a, scan in scans.items():
        t = schema.table(scan.table)
        collated = {c.lower() for c in t.collated}
        known = _fixed(conds, a) | {k.name.lower() for k, _ in q.order if isinstance(k, ir.Col)
                                    and k.alias == a and t.never_null(k.name) and k.name.lower() not in collated}
        if any(u and set(u) <= known for u in _unique_keys(t)):
            pinned.add(a)
    grown = True
    while grown and len(pinned) < len(scans):
        grown = False
        for c in conds:
            if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv
                    and isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)
                    and c.left.affinity == c.right.affinity):
                continue
            for u, other in ((c.left, c.right), (c.right, c.left)):
                if (u.alias in scans and u.alias not in pinned and other.alias in pinned
                        and [u.name.lower()] in _unique_keys(schema.table(scans[u.alias].table))):
                    pinned.add(u.alias)
                    grown = True
    return len(pinned) == len(scans)


def _on_conds(src) -> list:
    if isinstance(src, ir.Join):
        return _conjuncts(src.on) + _on_conds(src.left) + _on_conds(src.right)
    return []


def _reads_only_view(x, d) -> bool:
    """Does ``x`` read ``d`` only through its columns, never inside a subquery?"""
    if any(d.alias in _aliases_in(y.query) for y in ir.local_nodes(x)
           if isinstance(y, (ir.InSub, ir.Exists, ir.ScalarSub))):
        return False
    return all(y.alias == d.alias for y in ir.local_nodes(x) if isinstance(y, ir.Col))


def grouped_view_top(q):
    """``SELECT f(d..) FROM (SELECT .. FROM F WHERE w GROUP BY g HAVING h) AS d ORDER BY
    o(d..) LIMIT n [OFFSET m]``, nothing else outside, the ORDER BY holding every GROUP BY
    key (through the view's items), is ``SELECT f(..) FROM F WHERE w GROUP BY g HAVING h
    ORDER BY o(..) LIMIT n [OFFSET m]``: the outer select reads each group's one row, its
    expressions read the view's items in that group, and no two groups tie on an order
    that holds every group key (they differ on a key as GROUP BY compares it, and ORDER BY
    compares it alike), so both cut the same rows. (Without LIMIT: ``inline_projection``.)"""
    found = _view_of(q) if isinstance(q, ir.Select) and q.limit is not None else None
    if found is None or not q.order:
        return q
    d, v, rep = found
    if not all(_reads_only_view(x, d) for x in (q.items, tuple(k for k, _ in q.order))):
        return q
    order = tuple((_replace_cols(k, rep), desc) for k, desc in q.order)
    if not all(any(g == k for k, _ in order) for g in v.group_by):
        return q
    return dataclasses.replace(v, items=_replace_cols(q.items, rep), names=q.names, order=order,
                               limit=q.limit, offset=q.offset)


def _one_group_only(q) -> bool:
    """An aggregate select that returns its one row only over some row: ``HAVING COUNT(*)
    > 0`` without GROUP BY, or GROUP BY constants alone."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.bare_from is None and not q.distinct
            and q.limit is None and not q.offset and _windowless(q)):
        return False
    if q.group_by:
        return all(isinstance(g, ir.Lit) for g in q.group_by) and q.having is None
    h = q.having
    if isinstance(h, ir.Cmp) and not h.conv and isinstance(h.left, ir.Agg) and isinstance(h.right, ir.Lit):
        flip = {CmpOp.GT: CmpOp.LT, CmpOp.GE: CmpOp.LE}.get(h.op)
        h = ir.Cmp(flip, h.right, h.left, h.ty, h.conv) if flip else h
    return _nonempty_group(h)


def _extremum_item(q):
    """(column, descending) of the one item ``MIN(c)`` (MAX: descending) of ``q``."""
    if len(q.items) != 1 or not isinstance(a := q.items[0], ir.Agg) or a.fn not in (AggFn.MIN, AggFn.MAX):
        return None
    return (a.arg, a.fn == AggFn.MAX) if isinstance(a.arg, ir.Col) else None


def least_group_key_first(q, schema: Schema):
    """``SELECT MIN(d.x) FROM (SELECT x, .. FROM F .. GROUP BY x HAVING ..) AS d HAVING
    COUNT(*) > 0`` (MAX: DESC), ``x`` the view's one GROUP BY key, a column of binary
    collation never NULL on a kept row (NOT NULL in a table no outer join pads), is
    ``SELECT d.x FROM (..) AS d ORDER BY d.x LIMIT 1``: both are empty over no group, and
    groups differ on ``x`` as MIN and ORDER BY compare it (1 and 1.0 are one group), so the
    least ``x`` is one group's, the first row's."""
    if not _one_group_only(q) or q.where is not None or not isinstance(d := q.source, ir.Derived):
        return q
    found = _extremum_item(q)
    v = d.query
    if found is None or not _plain_view(v) or len(v.group_by) != 1 or len(d.names) != len(v.items):
        return q
    (x, desc), (g,) = found, v.group_by
    if x.alias != d.alias or x.name not in d.names or v.items[d.names.index(x.name)] != g:
        return q
    if not _never_null_col(g, v.source, v.where, schema):
        return q
    return dataclasses.replace(q, items=(x,), group_by=(), having=None, aggregate=False,
                               order=((x, desc),), limit=1, offset=0)


def _inner_scans(src) -> dict | None:
    """alias -> Scan of a tree of inner and cross joins of table scans, else None."""
    if isinstance(src, ir.Scan):
        return {src.alias: src}
    if isinstance(src, ir.Join) and src.kind in (JoinKind.INNER, JoinKind.CROSS):
        left, right = _inner_scans(src.left), _inner_scans(src.right)
        return None if left is None or right is None else {**left, **right}
    return None


def _never_null_col(x, src, where, schema: Schema) -> bool:
    """Is ``x`` a column of binary collation that is never NULL on a row ``where`` keeps:
    declared NOT NULL (or a rowid alias) in a table of inner joins, or ``x IS NOT NULL`` a
    conjunct of ``where``?"""
    scans = _inner_scans(src)
    if not (isinstance(x, ir.Col) and scans and x.alias in scans):
        return False
    table = schema.table(scans[x.alias].table)
    if x.name.lower() in {c.lower() for c in table.collated}:
        return False
    return table.never_null(x.name) or any(
        isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull) and c.arg.arg == x
        for c in _conjuncts(where))


def _key_column(k, scan: ir.Scan, schema: Schema) -> bool:
    """Is ``k`` a column of ``scan`` of binary collation, never NULL, alone a unique key?"""
    if not (isinstance(k, ir.Col) and k.alias == scan.alias and k.ty in (Ty.INT, Ty.REAL, Ty.TEXT)):
        return False
    t = schema.table(scan.table)
    name = k.name.lower()
    return (t.never_null(k.name) and [name] in _unique_keys(t)
            and name not in {c.lower() for c in t.collated})


def extremum_key_row(q, schema: Schema):
    """``SELECT MIN(t.k) FROM T t WHERE w HAVING COUNT(*) > 0`` (MAX too), ``k`` a never-NULL
    column of binary collation that alone is a unique key of ``T``, is ``SELECT t.k FROM T
    t WHERE t.k = (SELECT MIN(s.k) FROM T s WHERE w(s))``: over no kept row both are empty;
    else the extremum is the ``k`` of one kept row, and ``k`` unique finds that row alone
    (the form ``tie_breaks.top_one_tie_break`` gives a top-1 row)."""
    if not (_one_group_only(q) and isinstance(scan := q.source, ir.Scan) and not q.order):
        return q
    found = _extremum_item(q)
    if found is None or not _key_column(found[0], scan, schema):
        return q
    if any(isinstance(y, ir.Agg) for y in ir.local_nodes(q.where)):
        return q
    k, desc = found
    alias = f"{scan.alias}_xk"

    def rename(y):
        return dataclasses.replace(y, alias=alias) if isinstance(y, ir.Col) and y.alias == scan.alias else y

    sub = ir.Select(dataclasses.replace(scan, alias=alias), _deep(q.where, rename), (), None,
                    (ir.Agg(AggFn.MAX if desc else AggFn.MIN, rename(k), False, k.ty),), False,
                    (), None, 0, True, ())
    return dataclasses.replace(q, where=ir.Cmp(CmpOp.EQ, k, ir.ScalarSub(sub, k.ty)), items=(k,),
                               group_by=(), having=None, aggregate=False)


# (not AVG or TOTAL: they add in floating point, integers too, and a copy may add the
# group's rows in another order; SUM adds integers exactly, reals state exact_reals)
_NEVER_NULL_AGGS = (AggFn.SUM, AggFn.MIN, AggFn.MAX)


def top_group_by_extremum(q, schema: Schema):
    """``tie_breaks.top_group_as_having`` for groups ordered first by SUM, MIN or MAX of a
    column of binary collation never NULL on a kept row (``_never_null_col``),
    so never NULL over a group: ``=`` and ORDER BY then tie the same groups (numbers by
    value under both, text byte for byte), and the first group by ``(c, rest)`` is the
    first by ``rest`` among those whose ``c`` is the extremum. (A COUNT: that rule.)

    Round 63 (i63i): a NULLS FIRST/LAST flag ``bool_int(c IS NULL)`` before ``c`` (the
    PostgreSQL ``ORDER BY c DESC`` as SQLite reads it) is dropped first: ``c`` is never NULL
    over a group, so the flag is 0 on every group and orders nothing."""
    def ordered(e) -> bool:
        return (isinstance(e, ir.Agg) and e.fn in _NEVER_NULL_AGGS
                and _never_null_col(e.arg, q.source, q.where, schema))
    if not isinstance(q, ir.Select):
        return q
    if len(q.order) >= 3 and _null_flag_of(q.order[0][0], q.order[1][0]) and ordered(q.order[1][0]):
        bare = dataclasses.replace(q, order=q.order[1:])
        got = top_group_as_having(bare, ordered)
        return q if got is bare else got
    return top_group_as_having(q, ordered)


def _partition_link(c, s: str, t: str):
    """(``t``'s column ``p``, whether ``t.p IS NOT NULL`` must hold) of a conjunct ``s.p =
    t.p`` (yes) or ``s.p IS t.p`` (no), either side, linking the subquery's scan ``s`` to
    the outer row ``t``; else None."""
    if not (isinstance(c, ir.Cmp) and not c.conv and c.op in (CmpOp.EQ, CmpOp.IS)):
        return None
    a, b = c.left, c.right
    if not (isinstance(a, ir.Col) and isinstance(b, ir.Col) and a.name == b.name
            and {a.alias, b.alias} == {s, t}):
        return None
    return (b if a.alias == s else a), c.op == CmpOp.EQ


def _first_key_sub(e, scan: ir.Scan, schema: Schema):
    """(partition columns of ``t``, filters read as ``t``'s, order keys as ``t``'s, key
    column ``k``) of ``(SELECT s.k FROM T s WHERE s.p = t.p .. AND f(s) ORDER BY x.. LIMIT
    1)`` or ``(SELECT MIN(s.k) ..)`` (MAX: DESC) over ``t``'s table; else None."""
    q = e.query if isinstance(e, ir.ScalarSub) else None
    if not (isinstance(q, ir.Select) and isinstance(s := q.source, ir.Scan) and s.table == scan.table
            and len(q.items) == 1 and not q.group_by and q.having is None and not q.offset
            and not q.distinct and q.bare_from is None and _windowless(q)):
        return None
    item = q.items[0]
    if q.aggregate and isinstance(item, ir.Agg) and item.fn in (AggFn.MIN, AggFn.MAX) and q.limit is None:
        keys, item = [(item.arg, item.fn == AggFn.MAX)], item.arg
    elif not q.aggregate and q.limit == 1 and q.order:
        keys = list(q.order)
    else:
        return None
    rep = {(s.alias, c): ir.Col(scan.alias, c, ty, aff) for c, ty, aff in s.columns}
    parts, filters = [], []
    for c in _conjuncts(q.where):
        p = _partition_link(c, s.alias, scan.alias)
        if p is not None:
            parts.append(p[0])
            if p[1] and not schema.table(scan.table).never_null(p[0].name):
                filters.append(ir.Not(ir.IsNull(p[0])))
        elif not _has_sub(c) and all(y.alias == s.alias for y in ir.local_nodes(c) if isinstance(y, ir.Col)):
            filters.append(_replace_cols(c, rep))
        else:
            return None
    return tuple(parts), filters, [(_replace_cols(k, rep), d) for k, d in keys], _replace_cols(item, rep)


def first_of_partition_as_no_earlier(q, schema: Schema):
    """A conjunct ``t.k = (SELECT s.k FROM T s WHERE s.p = t.p .. AND f(s) ORDER BY x..
    LIMIT 1)`` (or ``(SELECT MIN(s.k) ..)``, MAX), over one table ``T`` of the outer select,
    ``k`` a never-NULL column of binary collation alone a unique key, the keys ``x..``
    never-NULL columns holding a never-NULL unique key (a total order), ``f`` without
    subqueries, is ``f(t) AND t.p IS NOT NULL .. AND NOT EXISTS (SELECT 1 FROM T s WHERE
    f(s) AND s.p IS t.p .. AND s <lex t)`` (``p IS NOT NULL`` in ``f`` for a NULL-able ``p``
    linked by ``=``): the first row of the partition is one row (the order is total), ``k``
    unique finds it alone, and it is ``t`` exactly when ``t`` is in its own partition and
    no row of it comes first. The form ``ROW_NUMBER() OVER (PARTITION BY p ORDER BY x..)
    = 1`` takes (``first_rows.first_row_per_partition``, ``running.first_row_in_order``)."""
    if not (isinstance(q, ir.Select) and isinstance(scan := q.source, ir.Scan) and q.where is not None):
        return q
    conds = _conjuncts(q.where)
    for i, c in enumerate(conds):
        if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv):
            continue
        for k, e in ((c.left, c.right), (c.right, c.left)):
            found = _first_key_sub(e, scan, schema) if _key_column(k, scan, schema) else None
            if found is None or found[3] != k:
                continue
            exists = _no_earlier(scan, found, schema)
            if exists is not None:
                kept = [f for f in found[1] if f not in conds]
                return dataclasses.replace(q, where=_and(conds[:i] + kept + [ir.Not(exists)] + conds[i + 1:]))
    return q


def _no_earlier(scan: ir.Scan, found, schema: Schema):
    """``EXISTS`` (a row of ``t``'s partition before ``t``) in the form the window rules
    give it, or None when the keys are not a total order of never-NULL columns."""
    parts, filters, order, _ = found
    t = schema.table(scan.table)
    if any(c.lower() in {x.name.lower() for x, _ in order if isinstance(x, ir.Col)} for c in t.collated):
        return None
    w = ir.Window(WindowFn.ROW_NUMBER, parts, tuple(order))
    keys = _keys(w, scan, t)
    if keys is None or not _total(keys, t):
        return None
    s = ir.Select(scan, _and(filters), (), None, (), False, (), None, 0, False, ())
    if len(keys) == 1:
        return _earlier_rows(dataclasses.replace(w, order=tuple(keys)), s, schema)
    return ir.Exists(_sub(w, scan, s.where, keys, CmpOp.LT, _ONE, "first", schema, aggregate=False).query)


def _kept_keys(w: ir.Window, s: ir.Select, schema: Schema) -> list | None:
    """The ORDER BY keys of ``w`` over the scan of ``s``, each a column never NULL on a kept
    row (declared, or ``x IS NOT NULL`` a conjunct of ``s``'s WHERE), a NULLS FIRST/LAST
    flag of such a column dropped (constant there); else None."""
    def never(x) -> bool:
        return _never_null_col(x, s.source, s.where, schema)
    out = []
    for k, desc in w.order:
        if (isinstance(k, ir.Func) and k.name == FuncName.BOOL_INT and len(k.args) == 1
                and isinstance(k.args[0], ir.IsNull) and never(k.args[0].arg)):
            continue
        if not never(k):
            return None
        out.append((k, desc))
    return out or None


def rank_first_as_no_earlier(q, schema: Schema):
    """``SELECT .. FROM (SELECT .., RANK() OVER (PARTITION BY p.. ORDER BY x..) AS rk FROM t
    WHERE w) AS d WHERE d.rk = 1`` (DENSE_RANK; ``<= 1``, ``< 2``), each ``x`` a column
    never NULL on a kept row (NOT NULL, or ``x IS NOT NULL`` in ``w``), no other window,
    is the derived table without the window, ``rk`` the literal 1, its WHERE ``w AND NOT
    EXISTS (SELECT 1 FROM t t2 WHERE w(t2) AND t2.p IS p .. AND t2 <lex t)``: a rank is 1
    exactly when no kept row of the partition comes strictly before (peers share rank 1),
    and ``<``, ``=`` of one column's non-NULL values compare as ORDER BY does (Flink's
    FlinkLogicalRankRule with rank 1). With one key, ``w``'s ``x IS NOT NULL`` goes from
    the copy (``t2.x < x`` implies it). The outer select may group (i44b: Oracle's KEEP
    (DENSE_RANK FIRST ..) as ``MAX(x) .. WHERE dr = 1 GROUP BY p``): its WHERE filters
    before grouping, so ``rk`` reads 1 in its items, GROUP BY, HAVING and ORDER BY alike."""
    if not (isinstance(q, ir.Select) and isinstance(d := q.source, ir.Derived) and q.bare_from is None):
        return q
    s = d.query
    if (not _plain_scan(s, schema) or s.distinct or s.limit is not None or s.offset or s.order
            or len(d.names) != len(s.items)):
        return q
    wins = [i for i, e in enumerate(s.items) if any(isinstance(y, ir.Window) for y in ir.nodes(e))]
    if len(wins) != 1 or not isinstance(w := s.items[wins[0]], ir.Window):
        return q
    if w.fn not in (WindowFn.RANK, WindowFn.DENSE_RANK) or w.args:
        return q
    if not all(isinstance(p, ir.Col) and p.alias == s.source.alias for p in w.partition):
        return q
    keys = _kept_keys(w, s, schema)
    name = d.names[wins[0]]
    conds = _conjuncts(q.where)
    one = next((c for c in conds if _is_first(c, d.alias, name)), None)
    if keys is None or one is None or not all(k.alias == s.source.alias for k, _ in keys):
        return q
    where = s.where
    if len(keys) == 1:
        where = _and([c for c in _conjuncts(s.where) if not (
            isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull) and c.arg.arg == keys[0][0])])
    before = _sub(w, s.source, where, keys, CmpOp.LT, _ONE, "first", schema, aggregate=False).query
    items = tuple(_ONE if i == wins[0] else e for i, e in enumerate(s.items))
    inner = dataclasses.replace(s, items=items, where=_and(_conjuncts(s.where) + [ir.Not(ir.Exists(before))]))
    rep = {(d.alias, name): _ONE}
    rest = [_replace_cols(c, rep) for c in conds if c is not one]
    return dataclasses.replace(q, source=dataclasses.replace(d, query=inner), where=_and(rest),
                               items=_replace_cols(q.items, rep), order=_replace_cols(q.order, rep),
                               group_by=_replace_cols(q.group_by, rep), having=_replace_cols(q.having, rep))


def partition_extremum(c, leaves, conds, schema: Schema):
    """``a.x = (SELECT MAX(s.x) FROM T s WHERE s.p = a.p .. AND f(s))`` (MIN; links by
    ``=`` or IS), ``a`` an inner-joined scan of ``T`` that is a row of its own partition
    (``f(a)`` among the select's conjuncts, ``a.p`` never NULL or ``a.p IS NOT NULL``
    there for an ``=`` link), ``x`` of binary collation, ``f`` reading ``s`` alone without
    subqueries, is ``a.x IS NOT NULL AND NOT EXISTS (SELECT 1 FROM T s WHERE s.p = a.p ..
    AND f(s) AND a.x < s.x)`` (MIN: ``s.x < a.x``): ``a``'s value is at most its
    partition's maximum, so it is the maximum exactly when no row there holds a greater
    one (``quantified.own_extremum`` over a partition; the form of ``RANK() .. = 1``)."""
    if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv):
        return c
    x, sub = (c.left, c.right) if isinstance(c.right, ir.ScalarSub) else (c.right, c.left)
    q = sub.query if isinstance(sub, ir.ScalarSub) else None
    scan = next((y for y in leaves if isinstance(y, ir.Scan) and isinstance(x, ir.Col) and y.alias == x.alias), None)
    if (scan is None or not isinstance(q, ir.Select) or not q.aggregate or q.group_by or q.having is not None
            or q.limit is not None or q.offset or q.bare_from is not None
            or not isinstance(s := q.source, ir.Scan) or s.table != scan.table or len(q.items) != 1):
        return c
    a = q.items[0]
    t = schema.table(scan.table)
    if not (isinstance(a, ir.Agg) and a.fn in (AggFn.MIN, AggFn.MAX) and not a.distinct
            and isinstance(a.arg, ir.Col) and a.arg.alias == s.alias and a.arg.name == x.name
            and x.name.lower() not in {n.lower() for n in t.collated}):
        return c
    rep = {(s.alias, n): ir.Col(scan.alias, n, ty, aff) for n, ty, aff in s.columns}
    linked = False
    for d in _conjuncts(q.where):
        link = _partition_link(d, s.alias, scan.alias)
        if link is not None:
            p, eq = link
            linked = True
            if eq and not t.never_null(p.name) and ir.Not(ir.IsNull(p)) not in conds:
                return c
        elif (_has_sub(d) or not all(y.alias == s.alias for y in ir.local_nodes(d) if isinstance(y, ir.Col))
              or _replace_cols(d, rep) not in conds):
            return c
    if not linked:
        return c  # (no partition: own_extremum's, without a WHERE)
    greater = ir.Cmp(CmpOp.LT, x, a.arg) if a.fn == AggFn.MAX else ir.Cmp(CmpOp.LT, a.arg, x)
    body = dataclasses.replace(q, where=_and([*_conjuncts(q.where), greater]), aggregate=False,
                               items=(ir.Lit(1, Ty.INT),), names=())
    return ir.Logic(LogicOp.AND, (ir.Not(ir.IsNull(x)), ir.Not(ir.Exists(body))))


def _first_row_link(on, d: ir.Derived, w: ir.Window, s: ir.Select):
    """The links ``(position of p in the view, the outer expression, the comparison)`` of an
    ON ``d.p = m.k .. AND d.rn = 1`` (IS too) covering every PARTITION BY key ``p`` of
    ``w``, each comparing two columns of one affinity (INTEGER, REAL, NUMERIC or TEXT: no
    conversion, so the rows ``=`` finds are one partition); else None."""
    conds, links, first = _conjuncts(on), [], False
    rn = d.names[s.items.index(w)]
    for c in conds:
        if _is_first(c, d.alias, rn) and not first:
            first = True
            continue
        if not (isinstance(c, ir.Cmp) and c.op in (CmpOp.EQ, CmpOp.IS) and not c.conv):
            return None
        ours, theirs = (c.left, c.right) if isinstance(c.left, ir.Col) and c.left.alias == d.alias else (c.right, c.left)
        if not (isinstance(ours, ir.Col) and ours.alias == d.alias and isinstance(theirs, ir.Col)
                and theirs.alias != d.alias and ours.affinity == theirs.affinity
                and ours.affinity in (Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC, Affinity.TEXT)):
            return None
        links.append((d.names.index(ours.name), c))
    parts = [s.items[i] for i, _ in links]
    if not first or sorted(map(_key, parts)) != sorted(map(_key, w.partition)) or len(set(map(_key, parts))) != len(parts):
        return None
    return links


def top_row_join_as_scalar(q, schema: Schema, typed: bool = False):
    """``SELECT f(m.., t.c) FROM L m LEFT JOIN (SELECT p.., c.., ROW_NUMBER() OVER (PARTITION
    BY p.. ORDER BY o..) AS rn FROM T WHERE w) AS t ON t.p = m.k .. AND t.rn = 1`` (IS links
    too), each PARTITION BY key linked once to an outer column of its affinity, is ``SELECT
    f(m.., (SELECT s.c FROM T s WHERE w(s) AND s.p = m.k .. ORDER BY o.. LIMIT 1))``: the
    links find one partition, its row numbered 1 is its first row by ``o``, so each row of ``L`` is kept once, beside that row or padded with NULL, as the scalar
    subquery reads it (Neumann and Kemper's dependent join of a top-1 row, unnested). No
    tie to break: ``o`` a total order of never-NULL columns, or each ``c`` read an ORDER BY
    key whose tied values are one value (``top_one._identity_key``; ``typed``: in the typed
    domain), so whichever tied row comes first, the values read are the same."""
    if not (isinstance(q, ir.Select) and isinstance(j := q.source, ir.Join) and j.kind == JoinKind.LEFT
            and isinstance(d := j.right, ir.Derived) and q.bare_from is None):
        return q
    s = d.query
    if (not _plain_scan(s, schema) or s.distinct or s.limit is not None or s.offset or s.order
            or len(d.names) != len(s.items) or len(set(d.names)) != len(d.names)
            or not all(isinstance(e, (ir.Col, ir.Window)) for e in s.items)):
        return q
    wins = [e for e in s.items if isinstance(e, ir.Window)]
    if len(wins) != 1 or (w := wins[0]).fn != WindowFn.ROW_NUMBER or w.args or not w.order:
        return q
    links = _first_row_link(j.on, d, w, s) if j.on is not None else None
    if links is None:
        return q
    rn = d.names[s.items.index(w)]
    rest = dataclasses.replace(q, source=j.left)
    if any(isinstance(y, ir.Col) and y.alias == d.alias and y.name == rn for y in ir.nodes(rest)):
        return q
    read = {s.items[d.names.index(y.name)] for y in ir.nodes(rest) if isinstance(y, ir.Col) and y.alias == d.alias}
    keys = _keys(w, s.source, schema.table(s.source.table))
    if not ((keys is not None and _total(keys, schema.table(s.source.table)))
            or all(any(c == k for k, _ in w.order)
                   and _identity_key(c, {s.source.alias: s.source}, schema, typed) for c in read)):
        return q
    alias = f"{s.source.alias}_top"
    inner = {(s.source.alias, n): ir.Col(alias, n, ty, aff) for n, ty, aff in s.source.columns}
    view = {(d.alias, n): _replace_cols(e, inner) for n, e in zip(d.names, s.items, strict=True)}
    where = _and(_conjuncts(_replace_cols(s.where, inner)) + [_replace_cols(c, view) for _, c in links])
    body = ir.Select(dataclasses.replace(s.source, alias=alias), where, (), None, (), False,
                     _replace_cols(w.order, inner), 1, 0, False, ())
    subs = {(d.alias, n): ir.ScalarSub(dataclasses.replace(body, items=(e,)), e.ty)
            for (_, n), e in view.items() if n != rn and isinstance(e, ir.Col)}
    return _replace_cols(rest, subs)


def _top_row_join(q, schema: Schema, typed: bool):
    """``top_row_join_as_scalar``, else ``first_row_joins.first_row_join_as_subquery``."""
    out = top_row_join_as_scalar(q, schema, typed)
    return out if out is not q else first_row_join_as_subquery(q, schema)


def group_numbers_cut_as_limit(q):
    """``SELECT f(d..) FROM (SELECT g.., a.., ROW_NUMBER() OVER (ORDER BY o..) AS rn FROM F
    WHERE w GROUP BY g.. HAVING h) AS d WHERE d.rn <= N [ORDER BY d.rn]`` (``< N+1``, ``=
    1``; RANK, DENSE_RANK), ``o..`` holding every GROUP BY key, is ``SELECT f(..) FROM F
    WHERE w GROUP BY g.. HAVING h ORDER BY o.. LIMIT N``: the window numbers the groups, no
    two of which tie on an order holding every key, so the groups numbered 1..N are the
    first N in that order, and the windows (computed over every group, before ORDER BY and
    LIMIT) read the same values (``window_limits.row_numbers_cut_as_limit`` over groups)."""
    if not (_outer_plain(q) and isinstance(d := q.source, ir.Derived)):
        return q
    v = d.query
    if not (isinstance(v, ir.Select) and v.aggregate and v.group_by and not v.distinct and not v.order
            and v.limit is None and not v.offset and v.bare_from is None
            and len(d.names) == len(v.items) and len(set(d.names)) == len(d.names)):
        return q
    conds = _conjuncts(q.where)
    for i, w in enumerate(v.items):
        if not (isinstance(w, ir.Window) and w.fn in _RANK_LIKE and not w.partition and not w.args
                and w.order and all(any(g == k for k, _ in w.order) for g in v.group_by)):
            continue
        n = _cut(conds[0], d.alias, d.names[i]) if len(conds) == 1 else None
        if n is None or not (not q.order or len(q.order) == 1 and not q.order[0][1]
                             and _is_col(q.order[0][0], d.alias, d.names[i])):
            continue
        rep = {(d.alias, m): e for m, e in zip(d.names, v.items, strict=True)}
        return dataclasses.replace(v, items=_replace_cols(q.items, rep), names=q.names,
                                   order=w.order, limit=n, offset=0)
    return q


# ---- the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``, before TOP_RULES)

TOP_KEY_RULES = (
    ("grouped_view_top", "SELECT f(d..) FROM (SELECT .. GROUP BY g HAVING h) d ORDER BY o(d..) "
     "LIMIT n [OFFSET m], nothing else outside, o holding every GROUP BY key, is the grouped "
     "select with items f, ORDER BY o, LIMIT n [OFFSET m] (no two groups tie)", ("select",),
     lambda canon, q, ctx: grouped_view_top(q), True),
    ("least_group_key_first", "SELECT MIN(d.x) FROM (SELECT x, .. GROUP BY x ..) d HAVING "
     "COUNT(*) > 0 (MAX: DESC), x the one GROUP BY key, never NULL, binary collation, is "
     "SELECT d.x FROM (..) d ORDER BY d.x LIMIT 1", ("select",),
     lambda canon, q, ctx: least_group_key_first(q, canon.schema), True),
    ("extremum_key_row", "SELECT MIN(t.k) FROM T t WHERE w HAVING COUNT(*) > 0 (MAX), k "
     "never NULL, binary collation, alone a unique key, is SELECT t.k FROM T t WHERE t.k = "
     "(SELECT MIN(s.k) FROM T s WHERE w(s))", ("select",),
     lambda canon, q, ctx: extremum_key_row(q, canon.schema), True),
    ("first_of_partition_as_no_earlier", "t.k = (SELECT s.k FROM T s WHERE s.p = t.p AND f(s) "
     "ORDER BY x.. LIMIT 1) (or MIN(s.k), MAX), k a never-NULL unique key, x.. a total order "
     "of never-NULL columns, p IS-linked or never NULL, f(t) an outer conjunct, is NOT EXISTS "
     "(SELECT 1 FROM T s WHERE f(s) AND s.p IS t.p AND s <lex t)", ("select",),
     lambda canon, q, ctx: first_of_partition_as_no_earlier(q, canon.schema), True),
    ("rank_first_as_no_earlier", "SELECT .. FROM (SELECT .., RANK() OVER (PARTITION BY p ORDER "
     "BY x..) rk FROM t WHERE w) d WHERE d.rk = 1 (DENSE_RANK), each x never NULL on a kept row, "
     "is .. WHERE w AND NOT EXISTS (SELECT 1 FROM t t2 WHERE w(t2) AND t2.p IS p AND t2 <lex t)",
     ("select",), lambda canon, q, ctx: rank_first_as_no_earlier(q, canon.schema), True),
    ("partition_extremum", "a.x = (SELECT MAX(s.x) FROM T s WHERE s.p = a.p AND f(s)), a a scan "
     "of T in its own partition (f(a), a.p not NULL), x binary collation, is a.x IS NOT NULL AND "
     "NOT EXISTS (SELECT 1 FROM T s WHERE s.p = a.p AND f(s) AND a.x < s.x) (MIN: s.x < a.x)",
     ("sources",), lambda canon, v, ctx: conditions(
         lambda c, leaves, conds: partition_extremum(c, leaves, conds, canon.schema), *v, v[2]) or v, True),
    ("top_row_join_as_scalar", "SELECT f(m, t.c) FROM L m LEFT JOIN (SELECT p, c, ROW_NUMBER() "
     "OVER (PARTITION BY p ORDER BY o) rn FROM T WHERE w) t ON t.p = m.k AND t.rn = 1, each p "
     "linked to a column of its affinity, is SELECT f(m, (SELECT c FROM T WHERE w AND p = m.k "
     "ORDER BY o LIMIT 1)) FROM L m, o a total order or each c read a key tied rows share; "
     "also rn = 1 inside t, nullable keys before a unique one, below joins (first_row_joins)",
     ("select",), lambda canon, q, ctx: _top_row_join(q, canon.schema, canon.typed), True),
    ("group_numbers_cut_as_limit", "SELECT f(d..) FROM (SELECT .., ROW_NUMBER() OVER (ORDER BY o) "
     "rn FROM F GROUP BY g HAVING h) d WHERE d.rn <= N [ORDER BY rn] (RANK, DENSE_RANK), o "
     "holding every GROUP BY key, is SELECT f(..) FROM F GROUP BY g HAVING h ORDER BY o LIMIT N",
     ("select",), lambda canon, q, ctx: group_numbers_cut_as_limit(q), True),
    ("top_group_by_extremum", "SELECT .. GROUP BY g HAVING h ORDER BY [c IS NULL,] c DESC, rest "
     "LIMIT 1, c SUM/MIN/MAX of a never-NULL column of binary collation, F a join of tables, "
     "is .. HAVING h AND c = (SELECT MAX(n) FROM (SELECT c AS n .. GROUP BY g HAVING h)) "
     "ORDER BY rest LIMIT 1 (ASC: MIN)", ("select",),
     lambda canon, q, ctx: top_group_by_extremum(q, canon.schema), True),
)
