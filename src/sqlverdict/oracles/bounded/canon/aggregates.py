"""Aggregate distribution: ``merge_aggregates``, ``merge_distinct``, ``single_row_groups``,
``group_by_as_distinct``, ``count_of_distinct_rows``."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Affinity, AggFn, ArithOp, CmpOp, FuncName, JoinKind, SetOpKind, Ty
from ..ir.walk import defined_aliases
from .semijoins import derived_key
from .terms import (
    _aliases_in,
    _and,
    _conjuncts,
    _deep,
    _has_agg,
    _has_sub,
    _key,
    _leaves,
    _map_children,
    _nonempty_group,
    _normalize,
    _on_conjuncts,
    _plain_grouped,
    _replace_cols,
    _windowless,
    constant,
)
from .views import having_to_where

_MERGED = {(AggFn.SUM, AggFn.SUM), (AggFn.MIN, AggFn.MIN), (AggFn.MAX, AggFn.MAX), (AggFn.SUM, AggFn.COUNT), (AggFn.SUM, AggFn.COUNT_STAR)}
# (module names: the rules below read them at every expression they visit)
_EQ, _DIV, _UNION, _CAST_REAL = CmpOp.EQ, ArithOp.DIV, SetOpKind.UNION, FuncName.CAST_REAL
_COUNT, _SUM, _INT = AggFn.COUNT, AggFn.SUM, Ty.INT
_VALUE_TYPES = (Ty.INT, Ty.REAL, Ty.TEXT)
_FLIP = {CmpOp.GT: CmpOp.LT, CmpOp.GE: CmpOp.LE, CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE}


def merge_aggregates(q: ir.Select):
    """``SELECT k, SUM(s) FROM (SELECT k, j, SUM(x) AS s ... GROUP BY k, j) GROUP BY k`` is
    ``SELECT k, SUM(x) ... GROUP BY k``: SUM of integer SUMs (not of reals: SQLite adds the
    grouped partial sums otherwise, and the search finds doubles that round apart), MIN of
    MINs, MAX of MAXes and
    SUM of COUNTs (not of DISTINCT ones) aggregate the same rows, when the outer keys are inner keys and the inner
    query has no HAVING (an outer group exists iff one of its inner groups does). None when
    the shape differs. An inner HAVING on group keys alone filters rows (``having_to_where``;
    where an outer WHERE on keys was pushed down). Without outer GROUP BY (one row, of every
    inner group; QueryBooster's re-aggregation) SUM of SUMs, MIN of MINs, MAX of MAXes are
    the aggregates of all the rows, NULL over none alike; SUM of COUNTs is not (NULL where
    COUNT is 0), nor is a bare column (which group's row it shows is open)."""
    d = q.source
    if not (q.aggregate and q.where is None and q.bare_from is None
            and isinstance(d, ir.Derived) and len(set(d.names)) == len(d.names)):
        return None
    inner = having_to_where(d.query) if isinstance(d.query, ir.Select) else d.query
    if not _plain_grouped(inner):
        return None
    grouped = bool(q.group_by)
    item = dict(zip(d.names, inner.items, strict=True))
    inner_keys = {_key(g) for g in inner.group_by}
    rep = {}
    for n, e in item.items():
        if _key(e) in inner_keys:
            rep[(d.alias, n)] = e
    failed = []

    def over(e):
        if not grouped and (count := _summed_count(e, d.alias, item)) is not None:
            return count  # COALESCE(SUM of the groups' counts, 0): 0 on no group, as the count
        if isinstance(e, ir.Agg):  # an aggregate of the inner groups: only the merged kinds
            src = item.get(e.arg.name) if isinstance(e.arg, ir.Col) and e.arg.alias == d.alias else None
            if (isinstance(src, ir.Agg) and not e.distinct and (e.fn, src.fn) in _MERGED
                    and (grouped or src.fn not in (AggFn.COUNT, AggFn.COUNT_STAR))
                    and (e.fn != AggFn.SUM or src.fn != AggFn.SUM or src.ty == Ty.INT)
                    and (e.fn != AggFn.SUM or not src.distinct)):
                # a SUM of COUNT(DISTINCT x) (SUM(DISTINCT x)) per finer group counts a value
                # once per finer group it occurs in: not COUNT(DISTINCT x) of the coarse one
                return src
            failed.append(e)
        elif isinstance(e, ir.Col) and e.alias == d.alias:
            if grouped and (d.alias, e.name) in rep:
                return rep[(d.alias, e.name)]
            failed.append(e)
        return e

    out = _read_inner(q, inner, over)
    return None if failed else out


def _summed_count(e, alias: str, item: dict):
    """The count ``c`` of ``e = COALESCE(SUM(d.c), 0)`` (``d.c`` a COUNT(*) or COUNT(y) item,
    not DISTINCT, of the grouped ``d``); else None. Without an outer GROUP BY the groups
    partition the rows: their counts add up to the count, and on no row (no group) SUM is
    NULL, which the COALESCE makes the count's 0 (MySQL's WITH ROLLUP total row)."""
    if not (isinstance(e, ir.Func) and e.name == FuncName.COALESCE and len(e.args) == 2
            and e.args[1] == ir.Lit(0, Ty.INT) and isinstance(a := e.args[0], ir.Agg)
            and a.fn == AggFn.SUM and not a.distinct and isinstance(a.arg, ir.Col)
            and a.arg.alias == alias):
        return None
    src = item.get(a.arg.name)
    ok = isinstance(src, ir.Agg) and src.fn in (AggFn.COUNT, AggFn.COUNT_STAR) and not src.distinct
    return src if ok else None


def merge_distinct(q: ir.Select):
    """``SELECT k, MAX(x) FROM (SELECT DISTINCT k, x ...) AS d GROUP BY k`` is ``SELECT k,
    MAX(x) ... GROUP BY k``: the DISTINCT drops repeated rows only, and the outer query
    reads ``d`` through group keys and aggregates blind to repeats (MIN, MAX, and COUNT,
    SUM, AVG, TOTAL of DISTINCT values), so each group sees the same values; also without
    GROUP BY (one group of every row; a row of NULLs and zeros on no rows, either way).
    None when the shape differs (Spark's RemoveRedundantAggregates; Calcite's
    AggregateRemoveRule). ``COUNT(*)`` per group of rows DISTINCT on the group keys and
    one value ``y`` counts the group's values of ``y``, NULL once: ``COUNT(DISTINCT y) +
    MAX(CASE WHEN y IS NULL THEN 1 ELSE 0 END)`` (under GROUP BY: a group is never empty)."""
    d = q.source
    if not (q.aggregate and q.where is None and q.bare_from is None
            and isinstance(d, ir.Derived) and len(set(d.names)) == len(d.names)):
        return None
    inner = group_by_as_distinct(d.query) if isinstance(d.query, ir.Select) else d.query
    if not (isinstance(inner, ir.Select) and inner.distinct and not inner.aggregate
            and inner.limit is None and not inner.offset and inner.bare_from is None
            and _windowless(inner)):
        return None
    item = dict(zip(d.names, inner.items, strict=True))
    keys = {(g.alias, g.name) for g in q.group_by if isinstance(g, ir.Col)}
    if len(keys) != len(q.group_by) or any(a != d.alias for a, _ in keys):
        return None
    reads = (q.items, q.having, tuple(k for k, _ in q.order))
    if any(isinstance(y, (ir.InSub, ir.Exists, ir.ScalarSub)) for y in ir.local_nodes(reads)):
        return None  # a subquery may read d's columns, which the rewrite removes
    failed = []

    def column(e):
        if isinstance(e, ir.Col) and e.alias == d.alias:
            return item[e.name] if e.name in item else failed.append(e) or e
        return e

    value = _one_value(q, inner, item, keys)

    def over(e):
        if isinstance(e, ir.Agg):
            if e.arg is not None and (e.fn in (AggFn.MIN, AggFn.MAX) or (
                    e.distinct and e.fn in (AggFn.COUNT, AggFn.SUM, AggFn.AVG, AggFn.TOTAL))):
                return dataclasses.replace(e, arg=_map_top(e.arg, column))
            if e.fn == AggFn.COUNT_STAR and value is not None:
                return _distinct_values(value)
            failed.append(e)  # COUNT(*), SUM(x), ...: the number of repeats matters
        elif isinstance(e, ir.Col) and e.alias == d.alias:
            if (e.alias, e.name) in keys:
                return column(e)
            failed.append(e)  # a bare column: which row it reads may differ
        return e

    out = _read_inner(q, inner, over)
    return None if failed else out


def _one_value(q: ir.Select, inner: ir.Select, item: dict, keys: set):
    """The one item ``y`` of the DISTINCT ``inner`` beside the outer GROUP BY keys' items,
    when the outer query groups (else None)."""
    if not q.group_by:
        return None
    key_items = [_key(item.get(name)) for _, name in keys]
    rest = [i for i in inner.items if _key(i) not in key_items]
    if len(rest) != 1 or len(inner.items) != len(keys) + 1 or len(set(key_items)) != len(keys):
        return None
    return rest[0]


def _distinct_values(y) -> ir.Expr:
    """``COUNT(DISTINCT y) + MAX(CASE WHEN y IS NULL THEN 1 ELSE 0 END)``."""
    null = ir.Case(((ir.IsNull(y, Ty.BOOL), ir.Lit(1, Ty.INT)),), ir.Lit(0, Ty.INT), Ty.INT)
    return ir.Arith(ArithOp.ADD, ir.Agg(AggFn.COUNT, y, True, Ty.INT),
                    ir.Agg(AggFn.MAX, null, False, Ty.INT), Ty.INT)


def _read_inner(q: ir.Select, inner: ir.Select, over) -> ir.Select:
    """``q`` reading the source and WHERE of its derived table's ``inner`` query directly,
    its expressions mapped top-down by ``over``."""
    def merged(x):
        return _map_top(x, over)

    return dataclasses.replace(q, source=inner.source, where=inner.where,
                               group_by=tuple(merged(g) for g in q.group_by),
                               having=merged(q.having), items=tuple(merged(i) for i in q.items),
                               order=tuple((merged(k), desc) for k, desc in q.order), names=())


def _map_top(e, f):
    """``e`` with ``f`` applied top-down, not below an aggregate ``f`` replaced."""
    if e is None or not isinstance(e, ir.Expr):
        return e
    y = f(e)
    if y is not e:
        return y
    if isinstance(e, (ir.InSub, ir.Exists, ir.ScalarSub)):
        return e
    return _map_children(e, lambda c: _map_top(c, f))


def _map_sites(q, f):
    """``q`` with ``f`` applied by ``_map_top`` to its items, HAVING and ORDER BY keys (``q``
    itself when nothing changed)."""
    items = tuple(_map_top(i, f) for i in q.items)
    having = _map_top(q.having, f)
    order = tuple((_map_top(k, f), d) for k, d in q.order)
    if items == q.items and having == q.having and order == q.order:
        return q
    return dataclasses.replace(q, items=items, having=having, order=order)


def single_row_groups(items, having, order, group, key_sets):
    """GROUP BY columns that identify the joined row (``key_sets``: sets of columns) makes
    each group one row: MIN, MAX and SUM of a value are the value, COUNT(*) is 1. Returns
    (items, having, order) without aggregates, or None when another aggregate is read."""
    cols = {(g.alias, g.name) for g in group if isinstance(g, ir.Col)}
    if not any(k <= cols for k in key_sets):
        return None
    failed = []

    def one(e):
        if isinstance(e, ir.Agg):
            if e.fn in (AggFn.MIN, AggFn.MAX, AggFn.SUM) and e.arg is not None:
                return e.arg
            if e.fn == AggFn.COUNT_STAR:
                return ir.Lit(1, Ty.INT)
            failed.append(e)
        return e

    out = (tuple(_map_top(i, one) for i in items), _map_top(having, one),
           tuple((_map_top(k, one), d) for k, d in order))
    return None if failed else out


# ---- outer joins


def _varying(exprs) -> set[str]:
    return {_key(e) for e in exprs if not constant(e)}


def group_by_as_distinct(q: ir.Select) -> ir.Select:
    """``SELECT x, y ... GROUP BY x, y`` without aggregates or HAVING: one row per distinct
    ``(x, y)``, i.e. ``SELECT DISTINCT x, y`` (constants aside, in items or keys)."""
    if (q.aggregate and q.group_by and q.having is None and q.bare_from is None
            and not any(_has_agg(e) for e in (*q.items, *(k for k, _ in q.order)))
            and _varying(q.items) == _varying(q.group_by) != set()):
        return dataclasses.replace(q, aggregate=False, group_by=(), distinct=True)
    return q


# ---- aggregates over rows that are distinct already, HAVING COUNT(*) > 0 without GROUP BY

# aggregates that read how often a value occurs
_REPEATS = (AggFn.COUNT, AggFn.SUM, AggFn.AVG, AggFn.TOTAL)


def distinct_rows_aggregate(q: ir.Select) -> ir.Select:
    """``SELECT k, COUNT(x) FROM (SELECT DISTINCT k, x ...) AS d GROUP BY k``: the rows of
    ``d`` are distinct and every row of a group has the same ``k``, so the values of ``x``
    in a group are distinct already (DISTINCT and GROUP BY match values alike: NULL with
    NULL, 1 with 1.0): COUNT, SUM, AVG and TOTAL of ``x`` are those of DISTINCT ``x`` (then
    ``merge_distinct`` reads the table itself). Only when ``d``'s columns are the group keys
    and ``x``; also without GROUP BY (``d`` a single column)."""
    d = q.source
    if not (q.aggregate and q.bare_from is None and isinstance(d, ir.Derived)
            and isinstance(d.query, ir.Select) and len(set(d.names)) == len(d.names)):
        return q
    inner = group_by_as_distinct(d.query)
    if not (inner.distinct and not inner.aggregate and inner.limit is None and not inner.offset):
        return q
    keys = {g.name for g in q.group_by if isinstance(g, ir.Col) and g.alias == d.alias}
    if len(keys) != len(q.group_by):
        return q

    def over(e):
        if (isinstance(e, ir.Agg) and not e.distinct and e.fn in _REPEATS
                and isinstance(e.arg, ir.Col) and e.arg.alias == d.alias
                and set(d.names) <= keys | {e.arg.name}):
            return dataclasses.replace(e, distinct=True)
        return e

    out = dataclasses.replace(q, items=tuple(_map_top(i, over) for i in q.items),
                              having=_map_top(q.having, over),
                              order=tuple((_map_top(k, over), desc) for k, desc in q.order))
    return q if out == q else out


def count_of_distinct_rows(q: ir.Select) -> ir.Select:
    """``SELECT k, COUNT(*) FROM (SELECT DISTINCT k, x, y FROM F WHERE w) AS d GROUP BY k``
    is ``SELECT k, COUNT(DISTINCT (x, y)) FROM F WHERE w GROUP BY k`` (one value: ``COUNT(DISTINCT
    x)``) when ``w`` keeps no row where a value is NULL (a conjunct ``x IS NOT NULL`` or a
    comparison of ``x``): a group of ``d`` holds one row per distinct ``(x, y)`` of its rows,
    which DISTINCT and GROUP BY compare alike (1 with 1.0). Without GROUP BY (one row either
    way) the conjuncts ``x IS NOT NULL`` go too: the count skips those rows. Calcite's
    AggregateExpandDistinctAggregatesRule, read backwards."""
    d = q.source
    if not (q.aggregate and q.where is None and q.bare_from is None and isinstance(d, ir.Derived)
            and isinstance(d.query, ir.Select) and len(set(d.names)) == len(d.names)):
        return q
    inner = group_by_as_distinct(d.query)
    if not (inner.distinct and not inner.aggregate and inner.limit is None and not inner.offset
            and inner.bare_from is None and inner.source is not None and _windowless(inner)):
        return q
    item = dict(zip(d.names, inner.items, strict=True))
    keys = {g.name for g in q.group_by if isinstance(g, ir.Col) and g.alias == d.alias}
    values = [item[n] for n in d.names if n not in keys]
    conj = _conjuncts(inner.where)
    if (len(keys) != len(q.group_by) or not values
            or not all(any(_keeps_non_null(c, v) for c in conj) for v in values)):
        return q
    reads = (q.items, q.having, tuple(k for k, _ in q.order))
    if any(isinstance(y, (ir.InSub, ir.Exists, ir.ScalarSub)) for y in ir.local_nodes(reads)):
        return q
    count = ir.Agg(AggFn.COUNT, values[0] if len(values) == 1 else ir.RowVal(tuple(values)),
                   True, Ty.INT)
    failed = []

    def over(e):
        if isinstance(e, ir.Agg):
            return count if e.fn == AggFn.COUNT_STAR else failed.append(e) or e
        if isinstance(e, ir.Col) and e.alias == d.alias:
            return item[e.name] if e.name in keys else failed.append(e) or e
        return e

    if not q.group_by:
        inner = dataclasses.replace(inner, where=_and([
            c for c in conj if not (isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull)
                                    and c.arg.arg in values)]))
    out = _read_inner(q, inner, over)
    return q if failed else out


def _keeps_non_null(c, v) -> bool:
    """Is ``v`` non-NULL wherever conjunct ``c`` is TRUE?"""
    if isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull):
        return c.arg.arg == v
    return (isinstance(c, ir.Cmp) and c.op not in (CmpOp.IS, CmpOp.IS_NOT)
            and v in (c.left, c.right))


def _count_positive(h) -> bool:
    """``COUNT(*) > 0`` or ``COUNT(*) >= 1`` (either way round)."""
    if not (isinstance(h, ir.Cmp) and not h.conv):
        return False
    if isinstance(h.left, ir.Agg):
        flip = _FLIP.get(h.op)
        h = ir.Cmp(flip, h.right, h.left) if flip else h
    return _nonempty_group(h)


def count_positive_as_group(q: ir.Select) -> ir.Select:
    """An aggregate without GROUP BY whose HAVING requires ``COUNT(*) > 0`` returns its one
    row only when the input has rows: that is ``GROUP BY 1`` (one group of every row, none
    of no rows). Not when a column is read outside an aggregate (which row it reads)."""
    if not (q.aggregate and not q.group_by and q.bare_from is None and q.having is not None):
        return q
    conj = _conjuncts(q.having)
    if not any(_count_positive(h) for h in conj):
        return q
    reads = (q.items, q.having, tuple(k for k, _ in q.order))
    if any(isinstance(y, ir.Col) for y in _outside_aggregates(reads)):
        return q
    return dataclasses.replace(q, group_by=(ir.Lit(1, Ty.INT),),
                               having=_and([h for h in conj if not _count_positive(h)]))


def _outside_aggregates(e):
    """The nodes of ``e`` outside aggregates and subqueries."""
    stack = [e]
    while stack:
        y = stack.pop()
        if isinstance(y, tuple):
            stack += list(y)
        elif isinstance(y, ir.Expr) and not isinstance(y, (ir.Agg, ir.Exists, ir.ScalarSub)):
            yield y
            stack += [getattr(y, f.name) for f in dataclasses.fields(y)]


# ---- a keyed table joined to a grouped derived table joins its groups


def merge_grouped_join(q: ir.Select, schema) -> ir.Select:
    """``SELECT ... FROM (SELECT k, agg ... GROUP BY k, ...) AS g JOIN t ON g.k = t.u``
    where ``u`` is a one-column primary key or UNIQUE column of ``t`` (so a row of the
    grouped input meets at most one ``t`` row, the same for its whole group: NULL meets
    none) is ``SELECT ... FROM (SELECT k, agg, t.* ... JOIN t ON k = t.u GROUP BY k, ...,
    t.*) AS g``: the groups that meet a ``t`` row, each with the same rows and its ``t``
    row's columns (Calcite's AggregateJoinTransposeRule, read backwards). Then a plain
    projection inlines, and an outer aggregate merges (``merge_aggregates``). A conjunct
    reading ``t`` alone (its subqueries' other columns their own) moves into the grouping's
    WHERE, its columns no group keys: it keeps or drops a group's one ``t`` row, so the whole
    group, either way (i62h: a chain of key joins filtered on a grandparent, TPC-H Q3). The
    grouping below adds up groups the join drops (``proofs.OTHER_GROUPS``)."""
    leaves = _leaves(q.source)
    if leaves is None or len(leaves) < 2 or q.bare_from is not None:
        return q
    conds = _on_conjuncts(q.source) + _conjuncts(q.where)
    for g in leaves:
        for t in leaves:
            out = None if g is t else _join_into_grouped(q, g, t, leaves, conds, schema)
            if out is not None:
                return _sorted_projection(out)
    return q


def _sorted_projection(q: ir.Select) -> ir.Select:
    """``SELECT f(g.x) FROM (SELECT x ... GROUP BY ...) AS g ORDER BY h(g.x) LIMIT n`` (a
    projection that may sort and cut, of a grouped query that does neither) is ``SELECT
    f(x) ... GROUP BY ... ORDER BY h(x) LIMIT n``: one row per group either way."""
    g = q.source
    if not (_grouped(g) and q.where is None and not q.aggregate and not q.group_by
            and q.having is None and not q.distinct and q.bare_from is None and _windowless(q)
            and not any(_has_sub(x) for x in (*q.items, *(k for k, _ in q.order)))):
        return q
    rep = {(g.alias, n): e for n, e in zip(g.names, g.query.items, strict=True)}
    return dataclasses.replace(g.query, items=_replace_cols(q.items, rep), names=(),
                               order=_replace_cols(q.order, rep), limit=q.limit, offset=q.offset)


def _filter_only(q: ir.Select, g, conds) -> bool:
    """Does the select read the grouped derived table ``g`` only through equalities of its
    key (``semijoins.derived_key``) to other columns? Then it only filters, and the
    semijoin rule makes it an ``IN`` subquery instead (Calcite's SemiJoinRule)."""
    key = derived_key(g)
    if key is None or g.alias in _aliases_in((q.items, q.group_by, q.having, q.order)):
        return False
    touching = [c for c in conds if g.alias in _aliases_in(c)]
    return bool(touching) and all(
        isinstance(c, ir.Cmp) and c.op == _EQ and isinstance(c.left, ir.Col)
        and isinstance(c.right, ir.Col) and {c.left.alias, c.right.alias} != {g.alias}
        and any(s.alias == g.alias and s.name == key for s in (c.left, c.right))
        for c in touching)


def _unique_columns(schema, table: str) -> set[str]:
    t = schema.table(table)
    keys = [t.primary_key, *t.uniques]
    return {k[0].lower() for k in keys if len(k) == 1}


def _grouped(x) -> bool:
    return (isinstance(x, ir.Derived) and isinstance(x.query, ir.Select) and x.query.aggregate
            and bool(x.query.group_by) and not x.query.distinct and x.query.limit is None
            and not x.query.offset and x.query.bare_from is None and x.query.source is not None
            and _windowless(x.query) and len(set(x.names)) == len(x.names))


def _join_into_grouped(q, g, t, leaves, conds, schema):
    if not (_grouped(g) and isinstance(t, ir.Scan)) or _filter_only(q, g, conds):
        return None
    inner, unique = g.query, _unique_columns(schema, t.table)
    item = dict(zip(g.names, inner.items, strict=True))
    keys = {_key(k) for k in inner.group_by}
    cols = {name: (ty, aff) for name, ty, aff in t.columns}
    on = None
    for c in conds:
        if not (isinstance(c, ir.Cmp) and c.op == _EQ and not c.conv):
            continue
        for a, b in ((c.left, c.right), (c.right, c.left)):
            if (isinstance(a, ir.Col) and a.alias == g.alias and isinstance(b, ir.Col)
                    and b.alias == t.alias and b.name in unique):
                k = item.get(a.name)
                if (isinstance(k, ir.Col) and _key(k) in keys and k.ty in _VALUE_TYPES
                        and (k.ty, k.affinity) == cols[b.name]):
                    on = (c, ir.Cmp(CmpOp.EQ, k, b))
    if on is None:
        return None
    rest = [c for c in conds if _key(c) != _key(on[0])]
    # (a conjunct on t alone filters whole groups: it moves in, its columns no group keys)
    below = [c for c in rest if _aliases_in(c) - set(defined_aliases(c)) == {t.alias}]
    rest = [c for c in rest if not any(c is b for b in below)]
    read = {n for a, n in _aliases_cols((q.items, q.group_by, q.having, q.order, tuple(rest)))
            if a == t.alias}
    names, tcols, rep = list(g.names), [], {}
    for name, ty, aff in t.columns:
        if name not in read:
            continue  # (t's row is the same for a whole group: its columns split no group)
        out = f"{name}_{t.alias}"
        while out in names:
            out += "_"
        names.append(out)
        tcols.append(ir.Col(t.alias, name, ty, aff))
        rep[(t.alias, name)] = ir.Col(g.alias, out, ty, aff)
    grouped = dataclasses.replace(
        inner, source=ir.Join(JoinKind.INNER, inner.source, t, on[1]),
        where=_and([*_conjuncts(inner.where), *below]), group_by=inner.group_by + tuple(tcols), items=inner.items + tuple(tcols), names=())
    rest = [_replace_cols(c, rep) for c in rest]
    others = [x for x in leaves if x is not g and x is not t]
    source = ir.Derived(grouped, g.alias, tuple(names))
    for x in others:
        source = ir.Join(JoinKind.CROSS, source, x, None)
    return dataclasses.replace(
        q, source=source, where=_and(rest),
        items=_replace_cols(q.items, rep), group_by=_replace_cols(q.group_by, rep),
        having=_replace_cols(q.having, rep), order=_replace_cols(q.order, rep))


# ---- an aggregate of per-operand aggregates over UNION ALL


def _union_operands(x) -> list | None:
    if isinstance(x, ir.SetOp):
        if not (x.op == _UNION and x.all and not x.order and x.limit is None and not x.offset):
            return None
        left, right = _union_operands(x.left), _union_operands(x.right)
        return None if left is None or right is None else left + right
    return [x]


def _rebuild(x, parts: list):
    if isinstance(x, ir.SetOp):
        return dataclasses.replace(x, left=_rebuild(x.left, parts), right=_rebuild(x.right, parts))
    return parts.pop(0)


def _aliases_cols(x) -> set:
    """(alias, name) of every column ``x`` reads, inside subqueries too."""
    out: set = set()
    _deep(x, lambda e: out.add((e.alias, e.name)) or e if isinstance(e, ir.Col) else e)
    return out


# ---- AVG as SUM / COUNT


def _scan_columns(src) -> dict:
    """(alias, column) -> affinity of the table columns a FROM clause reads (not through a
    derived table)."""
    if isinstance(src, ir.Join):
        return _scan_columns(src.left) | _scan_columns(src.right)
    if isinstance(src, ir.Scan):
        return {(src.alias, name): aff for name, _, aff in src.columns}
    return {}


def _avg_of(e, scans: dict):
    """``e`` rewritten as ``AVG(x)`` when it is ``SUM(x) / COUNT(x)`` of a REAL column, or
    ``CAST(SUM(x) AS REAL) / COUNT(x)``; ``e`` itself otherwise."""
    if not (isinstance(e, ir.Arith) and e.op == _DIV and isinstance(e.right, ir.Agg)
            and e.right.fn == _COUNT and e.right.arg is not None):
        return e
    s, cast = e.left, False
    if isinstance(s, ir.Func) and s.name == _CAST_REAL and len(s.args) == 1:
        s, cast = s.args[0], True
    x = e.right.arg
    if not (isinstance(s, ir.Agg) and s.fn == _SUM and s.distinct == e.right.distinct
            and _key(s.arg) == _key(x)):
        return e
    real = isinstance(x, ir.Col) and scans.get((x.alias, x.name)) == Affinity.REAL
    if real or cast:
        return ir.Agg(AggFn.AVG, x, s.distinct, Ty.REAL)
    return e


def avg_of_sum_count(q: ir.Select) -> ir.Select:
    """``SUM(x) / COUNT(x)`` of a column of REAL affinity is ``AVG(x)``: SQLite reads every
    value there as a real (or text, or a BLOB), so SUM adds them in floating point as AVG
    does and divides by the same count; no rows or only NULLs: NULL either way. Also
    ``CAST(SUM(x) AS REAL) / COUNT(x)`` of any ``x``: SQLite's SUM of integers is an exact
    integer where AVG (before 3.43) adds in floating point, so the two agree only while
    integer sums stay exact (below 2**53) and within 64 bits (SUM raises an overflow error,
    AVG does not); and two plans may add reals in another row order. A proof that needs
    this law states ``integer_sums_exact`` (``prover._sums``)."""
    if not q.aggregate:
        return q
    scans = _scan_columns(q.source)

    def over(e):
        return _avg_of(e, scans) if isinstance(e, ir.Arith) else e

    out = dataclasses.replace(q, items=tuple(_map_deep_local(i, over) for i in q.items),
                              having=_map_deep_local(q.having, over),
                              order=tuple((_map_deep_local(k, over), d) for k, d in q.order))
    return q if out == q else out


def _map_deep_local(e, f):
    """``e`` with ``f`` applied bottom-up outside subqueries."""
    if e is None or not isinstance(e, ir.Expr) or isinstance(e, (ir.InSub, ir.Exists, ir.ScalarSub)):
        return e
    return f(_map_children(e, lambda c: _map_deep_local(c, f)))


# ---- a filter on a grouped derived table is HAVING; a count written as a sum


def _indicator(e) -> ir.Expr | None:
    """``x`` when ``e`` is ``CASE WHEN x IS NULL THEN 0 ELSE 1 END`` or ``CASE WHEN x IS NOT
    NULL THEN 1 ELSE 0 END`` (integer literals), or SQLite's ``x IS NOT NULL`` read as a
    value (the integer 1 or 0, never NULL, in every storage class: i62j), else None."""
    if (isinstance(e, ir.Func) and e.name == FuncName.BOOL_INT and len(e.args) == 1
            and isinstance(e.args[0], ir.Not) and isinstance(e.args[0].arg, ir.IsNull)):
        return e.args[0].arg.arg
    if not (isinstance(e, ir.Case) and len(e.whens) == 1):
        return None
    (cond, then), other = e.whens[0], e.default

    def lit(x, v):
        return isinstance(x, ir.Lit) and x.ty == _INT and x.value == v

    if isinstance(cond, ir.IsNull) and lit(then, 0) and lit(other, 1):
        return cond.arg
    if isinstance(cond, ir.Not) and isinstance(cond.arg, ir.IsNull) and lit(then, 1) and lit(other, 0):
        return cond.arg.arg
    return None


def _present_one(e) -> ir.Expr | None:
    """``x`` when ``e`` is ``CASE WHEN x IS NOT NULL THEN 1 END`` (the form ``share_of_count``
    gives ``SUM(x IS NOT NULL)``): NULL exactly where ``x`` is, so its COUNT is ``COUNT(x)``."""
    if (isinstance(e, ir.Case) and len(e.whens) == 1 and isinstance(e.default, ir.Lit)
            and e.default.value is None and e.whens[0][1] == ir.Lit(1, _INT)
            and isinstance(c := e.whens[0][0], ir.Not) and isinstance(c.arg, ir.IsNull)):
        return c.arg.arg
    return None


def count_as_indicator_sum(q: ir.Select) -> ir.Select:
    """Under GROUP BY (every group has a row), ``SUM(CASE WHEN x IS NULL THEN 0 ELSE 1
    END)`` (or ``SUM(x IS NOT NULL)``, and ``COUNT(CASE WHEN x IS NOT NULL THEN 1 END)``) is
    ``COUNT(x)``: an integer sum of ones over the rows where ``x`` is not NULL, 0
    when there are none. (Without GROUP BY, SUM of no rows is NULL where COUNT is 0.)"""
    if not (q.aggregate and q.group_by):
        return q

    def over(e):
        if isinstance(e, ir.Agg) and e.fn == _SUM and not e.distinct:
            x = _indicator(e.arg)
            if x is not None:
                return ir.Agg(AggFn.COUNT, x, False, Ty.INT)
        if isinstance(e, ir.Agg) and e.fn == AggFn.COUNT and not e.distinct:
            x = _present_one(e.arg)
            if x is not None:
                return ir.Agg(AggFn.COUNT, x, False, Ty.INT)
        return e

    out = dataclasses.replace(q, items=tuple(_map_top(i, over) for i in q.items),
                              having=_map_top(q.having, over),
                              order=tuple((_map_top(k, over), d) for k, d in q.order))
    return q if out == q else out


def count_minus_indicator_sum(e, not_null: set):
    """``COUNT(*) - SUM(CASE WHEN c THEN 1 ELSE 0 END)`` is ``SUM(CASE WHEN NOT c THEN 1
    ELSE 0 END)`` when ``c`` is TRUE or FALSE on every kept row (it reads only columns that
    cannot be NULL there, and literals): each row adds 1 to exactly one of the two sums. Over
    no rows both are NULL (``0 - NULL``, SUM of nothing). A NULL-able ``c`` is neither: its
    NULL rows count in ``COUNT(*)`` and in neither sum (TPC-H Q12's ``low_line_count``)."""
    if isinstance(e, (ir.InSub, ir.Exists, ir.ScalarSub)):
        return e
    if (isinstance(e, ir.Arith) and e.op == ArithOp.SUB and isinstance(e.left, ir.Agg)
            and e.left.fn == AggFn.COUNT_STAR and isinstance(e.right, ir.Agg)
            and e.right.fn == AggFn.SUM and not e.right.distinct):
        c = _one_zero(e.right.arg)
        if c is not None and _two_valued(c, not_null):
            flipped = ir.Case(((_deep(ir.Not(c), _normalize), ir.Lit(1, Ty.INT)),), ir.Lit(0, Ty.INT), Ty.INT)
            return ir.Agg(AggFn.SUM, flipped, False, Ty.INT)
    return _map_children(e, lambda x: count_minus_indicator_sum(x, not_null))


def sum_else_zero(e, not_null: set, grouped: bool):
    """``SUM(CASE WHEN c THEN v ELSE 0 END)`` is ``COALESCE(SUM(CASE WHEN c THEN v END), 0)``
    under GROUP BY (a group is never empty) when ``v`` is never NULL on a kept row (columns
    that cannot be NULL there, literals, and ``+ - *`` of them: for reals that rests on
    ``exact_reals``, as ``Inf * 0`` is NULL, ``prover.FINITE``): a group whose rows never
    meet ``c`` sums integer zeros, 0, and COALESCE reads 0; else both add the same ``v``s in
    order, the zeros changing no sum (Calcite's AggregateCaseToFilterRule, ``SUM0``)."""
    if not grouped:
        return e

    def f(y):
        if (isinstance(y, ir.Agg) and y.fn == AggFn.SUM and not y.distinct
                and isinstance(c := y.arg, ir.Case) and len(c.whens) == 1
                and c.default == ir.Lit(0, Ty.INT)
                and _value_never_null(c.whens[0][1], not_null | _tested_present(c.whens[0][0]))):
            inner = dataclasses.replace(y, arg=dataclasses.replace(c, default=ir.Lit(None, Ty.NULL)))
            return ir.Func(FuncName.COALESCE, (inner, ir.Lit(0, Ty.INT)), y.ty)
        return y
    return _map_top(e, f)


def _tested_present(c) -> set:
    """The columns ``x`` of the ``x IS NOT NULL`` conjuncts of ``c`` (i60h), and the column
    operands of its comparisons ``= <> < <= > >=`` (a comparison with NULL is not TRUE: i62e):
    never NULL where ``c`` is TRUE, so in the THEN arm it guards."""
    out = {(a.arg.arg.alias, a.arg.arg.name) for a in _conjuncts(c)
           if isinstance(a, ir.Not) and isinstance(a.arg, ir.IsNull) and isinstance(a.arg.arg, ir.Col)}
    return out | {(y.alias, y.name) for a in _conjuncts(c) if isinstance(a, ir.Cmp) and a.op in _REJECTS
                  for y in (a.left, a.right) if isinstance(y, ir.Col)}


_REJECTS = (CmpOp.EQ, CmpOp.NE, CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE)


def _value_never_null(x, not_null: set) -> bool:
    """(``COALESCE(.., v)`` with a never-NULL argument ``v`` is never NULL: i62e.)"""
    if isinstance(x, ir.Arith) and x.op in (ArithOp.ADD, ArithOp.SUB, ArithOp.MUL):
        return _value_never_null(x.left, not_null) and _value_never_null(x.right, not_null)
    if isinstance(x, ir.Func) and x.name == FuncName.COALESCE:
        return any(_value_never_null(a, not_null) for a in x.args)
    return _never_null(x, not_null)


def _one_zero(e):
    """``c`` of ``CASE WHEN c THEN 1 ELSE 0 END`` (integer literals), else None."""
    if (isinstance(e, ir.Case) and len(e.whens) == 1 and e.whens[0][1] == ir.Lit(1, Ty.INT)
            and e.default == ir.Lit(0, Ty.INT)):
        return e.whens[0][0]
    return None


def _two_valued(c, not_null: set) -> bool:
    """Is ``c`` never NULL: comparisons (not through a function) of columns in
    ``not_null`` and non-NULL literals, IS [NOT] NULL, under AND, OR, NOT."""
    if isinstance(c, ir.Logic):
        return all(_two_valued(a, not_null) for a in c.args)
    if isinstance(c, ir.Not):
        return _two_valued(c.arg, not_null)
    if isinstance(c, ir.IsNull):
        return True
    if isinstance(c, ir.Cmp):
        return all(_never_null(s, not_null) for s in (c.left, c.right))
    return False


def _never_null(x, not_null: set) -> bool:
    if isinstance(x, ir.Lit):
        return x.value is not None
    return isinstance(x, ir.Col) and (x.alias, x.name) in not_null
