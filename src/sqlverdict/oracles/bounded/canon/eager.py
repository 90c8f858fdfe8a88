"""Eager aggregation read back (issue 25): ``lazy_join_aggregation``, ``lazy_union_aggregation``,
``rounded_count``, ``coalesce_of_count``.

Yan and Larson's eager aggregation (Calcite's AggregateJoinTransposeRule and
AggregateUnionTransposeRule, Spark's PushPartialAggregationThroughJoin) groups one input of
a join or a UNION ALL early, by the keys the rest of the query reads, and lets the outer
aggregates combine the partial ones. Read backwards, the partial grouping goes: each
partial row stands for the rows of its group, which the outer query meets instead.

Join: ``g = SELECT k.., A(y).. FROM S WHERE w GROUP BY k..`` (no HAVING), an inner-joined
source of an aggregate query ``Q`` that reads ``g``'s keys anywhere and its aggregates only
inside outer aggregates. With ``g`` replaced by its rows (``SELECT k.., y.. FROM S WHERE
w``), a row ``(r, group)`` of ``Q``'s FROM becomes one row ``(r, s)`` per row ``s`` of the
group (never none: a group is not empty), the keys unchanged, so the outer groups, WHERE and
keys are those of ``Q``, and:

- ``SUM(g.s)``, ``s = SUM(y)``, is ``SUM(y)`` (a group of NULLs adds NULL, which SUM skips);
  ``MIN(g.m)`` of ``MIN(y)`` is ``MIN(y)``, MAX alike;
- ``SUM(g.c)``, ``c = COUNT(*)``, is ``COUNT(*)`` and ``SUM(g.c)`` of ``COUNT(y)`` is
  ``COUNT(y)`` under GROUP BY only (without it, SUM of no rows is NULL where COUNT is 0);
  ``COALESCE(SUM(g.c), 0)`` (Calcite's ``$SUM0``) is the count also without GROUP BY;
- ``SUM(e * g.c)``, ``e`` a number reading no aggregate of ``g``, is ``SUM(e)`` (``e``
  once per row of the group: Yan and Larson's duplicate count);
- an aggregate reading no aggregate of ``g`` must be blind to repeated rows (MIN, MAX,
  DISTINCT ones): ``COUNT(*)`` and ``SUM(r.x)`` count the partial rows, not the rows.

A key read as a value must hold one representation per group: a column of INTEGER, REAL,
NUMERIC or TEXT affinity (a column without affinity keeps ``1`` and ``1.0`` apart, which
GROUP BY puts in one group and a TEXT comparison tells apart). AVG, COUNT(DISTINCT) and
any other partial aggregate leave the query alone.

Union: ``SELECT k, SUM(c) FROM (SELECT k, COUNT(*) AS c FROM A GROUP BY k UNION ALL SELECT
k, 1 FROM B) GROUP BY k`` is ``COUNT(*)`` over the rows of A and B: ``aggregate_union``
with plain operands too (a plain row is its own group: COUNT(*) 1 where the operand says
the literal 1, its value where the others say SUM, MIN or MAX).

The sums are added in another grouping: ``prover.REORDERING`` states ``exact_reals`` for
sums of reals, ``prover.OTHER_GROUPS`` ``integer_sums_exact`` for sums of integers (a
partial sum may overflow where the whole does not).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Affinity, AggFn, ArithOp, FuncName, Ty
from .aggregates import _grouped, _map_top, merge_grouped_join
from .casts import _rounded_int_cast
from .setops import (
    _aggregate_operand,
    _int_lit,
    _over_derived,
    _position,
    _union_all,
    _union_all_operands,
)
from .terms import (
    _aliases_in,
    _deep,
    _key,
    _leaves,
    _on_conjuncts,
    _plain,
    _replace_cols,
    _subquery_aliases,
    _windowless,
)

_PARTIAL = (AggFn.SUM, AggFn.COUNT_STAR, AggFn.COUNT, AggFn.MIN, AggFn.MAX)
_BLIND = (AggFn.MIN, AggFn.MAX)
_DISTINCT_BLIND = (AggFn.COUNT, AggFn.SUM, AggFn.AVG, AggFn.TOTAL, AggFn.MIN, AggFn.MAX)
_ONE_FORM = (Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC, Affinity.TEXT)
_DONE = ir.Lit(None, Ty.NULL)  # stops ``_map_top`` below an aggregate


class _Refused(Exception):
    """The query reads the partial grouping in a way the law does not cover."""


def lazy_join_aggregation(q, schema):
    """``q`` with an inner-joined grouped derived table replaced by its rows and the outer
    aggregates combining its partial aggregates rewritten (see the module), else ``q``.
    A grouped table joined on a key to a unique column is ``merge_grouped_join``'s (its
    groups stay groups; it goes first, and this law leaves such a query to it)."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.bare_from is None and _windowless(q)):
        return q
    if merge_grouped_join(q, schema) is not q:
        return q
    leaves = _leaves(q.source)
    if leaves is None:
        return q
    for g in leaves:
        if not (_grouped(g) and g.query.having is None):
            continue
        if len(leaves) == 1 and not _has_product(q, g):
            continue  # (one grouped source read by plain combinations: merge_aggregates')
        try:
            return _ungroup_leaf(q, g)
        except _Refused:
            continue
    return q


def _has_product(q, g) -> bool:
    """Does an outer SUM read a partial column of ``g`` times a value (``SUM(e * g.c)``),
    the duplication that the laws of one grouped source alone do not read?"""
    for y in ir.local_nodes((q.items, q.having, tuple(k for k, _ in q.order))):
        if (isinstance(y, ir.Agg) and y.fn == AggFn.SUM and isinstance(a := y.arg, ir.Arith)
                and a.op == ArithOp.MUL and any(isinstance(s, ir.Col) and s.alias == g.alias
                                                for s in (a.left, a.right))):
            return True
    return False


def _one_form(e) -> bool:
    """Does ``e`` hold one representation per GROUP BY group (see the module)?"""
    return isinstance(e, ir.Col) and e.affinity in _ONE_FORM


def _ungroup_leaf(q: ir.Select, g: ir.Derived) -> ir.Select:
    inner = g.query
    item = dict(zip(g.names, inner.items, strict=True))
    group = {_key(x) for x in inner.group_by}
    keys = {n for n, e in item.items() if _key(e) in group and _one_form(e)}
    partial = {n: e for n, e in item.items() if _key(e) not in group and isinstance(e, ir.Agg)
               and not e.distinct and e.fn in _PARTIAL}
    outside = (q.where, *_on_conjuncts(q.source), *q.group_by)
    reads = (q.items, q.having, tuple(k for k, _ in q.order))
    if g.alias in _subquery_aliases((outside, reads)):
        raise _Refused
    if any(n not in keys for n in _names(outside, g.alias)):
        raise _Refused
    rows = {n: _row_value(e) for n, e in partial.items()}
    cols = {n: ir.Col(g.alias, n, ir._ty(v), ir._aff(v)) for n, v in rows.items()}
    grouped = bool(q.group_by)

    def over(e):
        if _sum0(e, g.alias, partial):  # COALESCE(SUM(g.c), 0): also without GROUP BY
            return _outer_aggregate(e.args[0], g.alias, partial, cols, keys, True)
        if isinstance(e, ir.Agg):
            return _outer_aggregate(e, g.alias, partial, cols, keys, grouped)
        if isinstance(e, ir.Col) and e.alias == g.alias and e.name not in keys:
            raise _Refused
        return e

    def m(x):
        return _map_top(x, over)

    body = dataclasses.replace(inner, aggregate=False, group_by=(), having=None, items=tuple(
        e if n not in partial else rows[n] for n, e in item.items()))
    body = dataclasses.replace(body, items=tuple(
        ir.Lit(None, Ty.NULL) if isinstance(e, ir.Agg) or _has_agg(e) else e for e in body.items))
    source = _swap(q.source, g, dataclasses.replace(g, query=body))
    return dataclasses.replace(q, source=source, items=tuple(m(i) for i in q.items),
                               having=m(q.having), order=tuple((m(k), d) for k, d in q.order))


def _sum0(e, alias, partial) -> bool:
    """Is ``e`` ``COALESCE(SUM(g.c), 0)`` (Calcite's ``$SUM0``) of a partial count ``c``?
    Over no rows it is 0, as the count of the rows is."""
    if not (isinstance(e, ir.Func) and e.name == FuncName.COALESCE and len(e.args) == 2
            and e.args[1] == ir.Lit(0, Ty.INT) and isinstance(a := e.args[0], ir.Agg)
            and a.fn == AggFn.SUM and not a.distinct and isinstance(a.arg, ir.Col)):
        return False
    c = a.arg
    return c.alias == alias and c.name in partial and partial[c.name].fn in (AggFn.COUNT, AggFn.COUNT_STAR)


def _has_agg(e) -> bool:
    return any(isinstance(y, ir.Agg) for y in ir.local_nodes(e))


def _row_value(e: ir.Agg):
    """The value one row gives the partial aggregate ``e``: its argument, 1 for COUNT(*)."""
    return ir.Lit(1, Ty.INT) if e.fn == AggFn.COUNT_STAR else e.arg


def _names(x, alias: str) -> set:
    return {y.name for y in ir.local_nodes(x) if isinstance(y, ir.Col) and y.alias == alias}


def _outer_aggregate(e: ir.Agg, alias, partial, cols, keys, grouped: bool):
    """The outer aggregate ``e`` over the group's rows instead of its partial row."""
    read = _names(e.arg, alias) if e.arg is not None else set()
    if not read & partial.keys():
        if read - keys or not (e.fn in _BLIND or (e.distinct and e.fn in _DISTINCT_BLIND)):
            raise _Refused  # e.g. COUNT(*): it counts the partial rows
        return e
    if e.distinct:
        raise _Refused
    a = e.arg
    if isinstance(a, ir.Col) and a.alias == alias:
        fn = partial[a.name].fn
        if e.fn == fn and fn in (AggFn.SUM, AggFn.MIN, AggFn.MAX):
            return dataclasses.replace(e, arg=cols[a.name])
        if e.fn == AggFn.SUM and fn == AggFn.COUNT_STAR and grouped:
            return ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
        if e.fn == AggFn.SUM and fn == AggFn.COUNT and grouped:
            return ir.Agg(AggFn.COUNT, cols[a.name], False, Ty.INT)
        raise _Refused
    factor = _times_count(a, alias, partial, keys) if e.fn == AggFn.SUM else None
    if factor is not None:
        return ir.Agg(AggFn.SUM, factor, False, factor.ty)
    product = _times_sum(a, alias, partial, cols, keys) if e.fn == AggFn.SUM else None
    if product is None:
        raise _Refused
    return ir.Agg(AggFn.SUM, product, False, product.ty)


def _times_count(a, alias, partial, keys):
    """``e`` of ``e * g.c`` or ``g.c * e``, ``g.c`` a partial COUNT(*) and ``e`` a number
    reading of ``g`` its keys only (no partial aggregate, nor another item such as an AVG,
    which the rows do not hold); else None."""
    if not (isinstance(a, ir.Arith) and a.op == ArithOp.MUL):
        return None
    for c, e in ((a.right, a.left), (a.left, a.right)):
        if (isinstance(c, ir.Col) and c.alias == alias and c.name in partial
                and partial[c.name].fn == AggFn.COUNT_STAR and e.ty in (Ty.INT, Ty.REAL)
                and _names(e, alias) <= keys and alias not in _subquery_aliases(e)):
            return e
    return None


def _times_sum(a, alias, partial, cols, keys):
    """``y * e`` for ``g.s * e`` (``e * g.s``: ``e * y``), ``g.s`` a partial ``SUM(y)`` and
    ``e`` a number reading of ``g`` its keys only (one value per group), both of a
    numeric declared type; else None. Distributivity: the group's ``SUM(y) * e`` is the sum
    of its ``y * e`` (NULL ``y`` skipped either way; a group of NULLs, or a NULL ``e``,
    adds nothing either way)."""
    if not (isinstance(a, ir.Arith) and a.op == ArithOp.MUL):
        return None
    for s, e, left in ((a.left, a.right, True), (a.right, a.left, False)):
        if (isinstance(s, ir.Col) and s.alias == alias and s.name in partial
                and partial[s.name].fn == AggFn.SUM and not partial[s.name].distinct
                and cols[s.name].ty in (Ty.INT, Ty.REAL) and e.ty in (Ty.INT, Ty.REAL)
                and _names(e, alias) <= keys and alias not in _subquery_aliases(e)):
            y = cols[s.name]
            ty = Ty.INT if y.ty == e.ty == Ty.INT else Ty.REAL
            return ir.Arith(ArithOp.MUL, y, e, ty) if left else ir.Arith(ArithOp.MUL, e, y, ty)
    return None


def _swap(src, old, new):
    """The join tree ``src`` with the leaf ``old`` replaced by ``new``."""
    if src is old:
        return new
    if isinstance(src, ir.Join):
        return dataclasses.replace(src, left=_swap(src.left, old, new), right=_swap(src.right, old, new))
    return src


# ---- lazy_union_aggregation


def lazy_union_aggregation(q):
    """``q`` over a UNION ALL of grouped and plain operands read as over their rows (see
    the module), else ``q``; all-aggregate operands are ``aggregate_union``'s."""
    if not _over_derived(q) or q.distinct:
        return q
    d = q.source
    parts = _union_all_operands(d.query)
    grouped = bool(q.group_by)
    if not parts or not all(isinstance(p, ir.Select) for p in parts):
        return q
    aggs = [_aggregate_operand(p, grouped) for p in parts]
    if all(aggs) or not any(aggs) or not all(a or _plain(p) for a, p in zip(aggs, parts, strict=True)):
        return q
    if d.alias in _subquery_aliases((q.items, q.group_by, q.having, tuple(k for k, _ in q.order))):
        return q
    try:
        kinds = [_union_kind(parts, aggs, j) for j in range(len(d.names))]
        return _union_rows(q, d, parts, aggs, kinds)
    except _Refused:
        return q


def _union_kind(parts, aggs, j: int):
    """What column ``j`` is in every aggregate operand ("key" or the partial aggregate), if
    the plain operands can say it of one row; None when nothing can."""
    kinds = set()
    for p, agg in zip(parts, aggs, strict=True):
        if not agg:
            continue
        e = p.items[j]
        if any(_key(e) == _key(x) for x in p.group_by):
            kinds.add("key" if _one_form(e) else None)
        elif isinstance(e, ir.Agg) and not e.distinct and e.fn in _PARTIAL and e.fn != AggFn.COUNT:
            kinds.add(e.fn)
        else:
            kinds.add(None)
    kind = kinds.pop() if len(kinds) == 1 else None
    if kind == AggFn.COUNT_STAR and not all(agg or _one_lit(p.items[j]) for p, agg in zip(parts, aggs, strict=True)):
        return None
    return kind


def _one_lit(e) -> bool:
    return _int_lit(e) and e.value == 1


def _union_rows(q, d, parts, aggs, kinds):
    keys = {g.name for g in q.group_by if isinstance(g, ir.Col) and g.alias == d.alias}
    for x in q.group_by:
        j = _position(d, x)
        if _aliases_in(x) & {d.alias} and (j is None or kinds[j] != "key"):
            raise _Refused
    used: set[int] = set()

    def compose(e):
        if isinstance(e, ir.Agg):
            j = _position(d, e.arg)
            if j is None or e.distinct or kinds[j] not in (AggFn.SUM, AggFn.MIN, AggFn.MAX, AggFn.COUNT_STAR):
                raise _Refused
            if kinds[j] == AggFn.COUNT_STAR and e.fn == AggFn.SUM:
                return ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
            if e.fn != kinds[j]:
                raise _Refused
            used.add(j)
            return dataclasses.replace(e)  # a new node: ``_map_top`` stops here
        if isinstance(e, ir.Col) and e.alias == d.alias:
            j = _position(d, e)
            if j is None or kinds[j] != "key" or e.name not in keys:
                raise _Refused
            used.add(j)
        return e

    def m(x):
        return _map_top(x, compose)

    items, having = tuple(m(i) for i in q.items), m(q.having)
    order = tuple((m(k), desc) for k, desc in q.order)
    group_by = tuple(m(x) for x in q.group_by)
    keep = sorted(used)
    if not keep:
        raise _Refused

    def rows(p, agg):
        if not agg:
            return dataclasses.replace(p, items=tuple(p.items[j] for j in keep), names=())
        row = [_row_value(e) if isinstance(e, ir.Agg) else e for e in (p.items[j] for j in keep)]
        return dataclasses.replace(p, aggregate=False, group_by=(), names=(), items=tuple(row))

    operands = [rows(p, agg) for p, agg in zip(parts, aggs, strict=True)]
    derived = dataclasses.replace(d, query=_union_all(operands, d.query),
                                  names=tuple(d.names[j] for j in keep))
    first = dict(zip(derived.names, operands[0].items, strict=True))
    cols = {(d.alias, n): ir.Col(d.alias, n, ir._ty(e), ir._aff(e)) for n, e in first.items()}
    items, group_by, having, order = _replace_cols((items, group_by, having, order), cols)
    return dataclasses.replace(q, source=derived, items=items, group_by=group_by,
                               having=having, order=order, names=())


# ---- rounded_count: Calcite's CAST($SUM0 of partial counts AS BIGINT), once a count again


def rounded_count(e):
    """``CAST(ROUND(c, 0) AS INTEGER)`` of a count ``c`` (``COUNT(*)``, ``COUNT(x)``) is
    ``c``: a count is a whole number from 0 to the rows of a table, far below 2**53, so
    ROUND's real holds it exactly and the cast gives it back (other dialects' integer cast
    as ``sql.standard`` writes it; Calcite casts the SUM of partial counts so)."""
    def f(y):
        c = _rounded_int_cast(y)
        if isinstance(c, ir.Agg) and c.fn in (AggFn.COUNT, AggFn.COUNT_STAR):
            return c
        return y
    return _deep(e, f)


def coalesce_of_count(e):
    """``COALESCE(c, ...)`` of a count ``c`` (``COUNT(*)``, ``COUNT(x)``) is ``c``: a count
    is never NULL, over no rows 0 (Calcite's ``$SUM0`` of partial counts, read back)."""
    def f(y):
        if (isinstance(y, ir.Func) and y.name == FuncName.COALESCE and y.args
                and isinstance(c := y.args[0], ir.Agg) and c.fn in (AggFn.COUNT, AggFn.COUNT_STAR)):
            return c
        return y
    return _deep(e, f)
