"""Decorrelation by a magic set, read back (issue 25): ``magic_set``.

Seshadri et al.'s magic decorrelation joins a correlated subquery to the distinct values of
the outer column it is correlated on (the magic set, ``SELECT DISTINCT c FROM T``) and then
equates that set's column with the outer row's. When the outer row is itself a row of
``T``, its value is in the set exactly once (or, NULL, matches nothing), so the set adds
nothing: the subquery reads the outer column again.
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, JoinKind, Ty
from .joins import _EXACT_AFFINITY, _deep_expr, _per_row_aggregate
from .own_witness import exists_tests
from .terms import (
    _aliases_in,
    _and,
    _conjuncts,
    _deep,
    _key,
    _leaves,
    _normalize,
    _on_conjuncts,
    _replace_cols,
    _tree_aliases,
    _windowless,
)

_COMPARE = (CmpOp.EQ, CmpOp.NE, CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE)
_NULL_BLIND = (AggFn.SUM, AggFn.MIN, AggFn.MAX, AggFn.AVG, AggFn.COUNT, AggFn.TOTAL)


def magic_set(q: ir.Select, schema: Schema) -> ir.Select:
    """In a subquery of ``q`` correlated to ``o``, a scan of table ``T`` in ``q``, a leaf
    ``d = (SELECT DISTINCT c FROM T)`` (the whole table) with a conjunct ``d.c = o.c`` goes;
    ``d.c`` reads ``o.c`` and the conjunct becomes ``o.c IS NOT NULL`` (dropped where
    another conjunct compares ``o.c``): a non-NULL ``o.c`` is in ``d`` once, a NULL one
    matches no row. ``d`` inner-joined; or ``d LEFT JOIN R ON p`` under aggregates blind to
    one NULL-padded row (SUM, MIN, MAX, AVG, TOTAL, COUNT of a column of ``R``; no GROUP BY)
    as ``R WHERE p``. ``d.c`` read only as an operand of comparisons (the value compares
    equal; no collated ``c``)."""
    scans = {x.alias: x for x in ir.nodes(q) if isinstance(x, ir.Scan)}

    def rewrite(e):
        if isinstance(e, (ir.ScalarSub, ir.Exists, ir.InSub)) and isinstance(e.query, ir.Select):
            s = _unmagic(e.query, scans, schema)
            if s is not None:
                return dataclasses.replace(e, query=s)
        return e

    return _deep(q, rewrite)


def _unmagic(s: ir.Select, scans: dict, schema: Schema):
    src = s.source
    own = set(_tree_aliases(src))
    leaves = _leaves(src)
    if leaves is not None and len(leaves) > 1:
        for d in leaves:
            conds = _on_conjuncts(src) + _conjuncts(s.where)
            found = _magic_match(d, conds, scans, own, schema, s)
            if found is not None:
                rest = [x for x in leaves if x is not d]
                return _rebuild(s, _cross(rest), conds, d, *found)
        return None
    if (isinstance(src, ir.Join) and src.kind == JoinKind.LEFT and s.aggregate
            and not s.group_by and s.having is None and _blind(s.items, src.right)):
        conds = _conjuncts(src.on) + _conjuncts(s.where)
        found = _magic_match(src.left, _conjuncts(s.where), scans, own, schema, s)
        if found is not None:
            return _rebuild(s, src.right, conds, src.left, *found)
    return None


def _magic_match(d, conds: list, scans: dict, own: set, schema: Schema, s: ir.Select):
    """``(conjunct, o.c)`` when ``d`` is a magic set that ``conds`` equate with the column
    ``o.c`` of an outer scan of its table, else None."""
    if not (isinstance(d, ir.Derived) and isinstance(d.query, ir.Select) and len(d.names) == 1):
        return None
    v = d.query
    if not (v.distinct and isinstance(v.source, ir.Scan) and v.where is None and not v.group_by
            and v.having is None and not v.aggregate and v.limit is None and not v.offset
            and v.bare_from is None and len(v.items) == 1 and isinstance(v.items[0], ir.Col)):
        return None
    table, col = v.source.table, v.items[0].name
    if col in {c.lower() for c in schema.table(table).collated}:
        return None
    mine = (d.alias, d.names[0])
    for c in conds:
        if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv):
            continue
        for a, o in ((c.left, c.right), (c.right, c.left)):
            if (isinstance(a, ir.Col) and (a.alias, a.name) == mine and isinstance(o, ir.Col)
                    and o.alias not in own and o.alias in scans and o.name == col
                    and scans[o.alias].table == table and _compared_only(s, mine, o)):
                return c, o
    return None


def _compared_only(s: ir.Select, mine: tuple, o: ir.Col) -> bool:
    """Is every reading of ``mine`` in ``s`` a direct operand of a comparison without
    affinity conversion (blind to which of two equal values, 1 and 1.0, DISTINCT kept), of
    ``o``'s type and an affinity under which equal values are identical (a column without
    one holds 1 and 1.0, which a TEXT comparison tells apart)?"""
    reads = [n for n in ir.nodes(s) if isinstance(n, ir.Col) and (n.alias, n.name) == mine]
    compared = [x for n in ir.nodes(s) if isinstance(n, ir.Cmp) and n.op in _COMPARE
                and not n.conv for x in (n.left, n.right)
                if isinstance(x, ir.Col) and (x.alias, x.name) == mine]
    return (len(reads) == len(compared) and o.affinity in _EXACT_AFFINITY
            and all((n.ty, n.affinity) == (o.ty, o.affinity) for n in reads))


def _blind(items, right) -> bool:
    """Items that one NULL-padded row of ``right`` leaves as no row would."""
    aliases = set(_tree_aliases(right))
    return all(isinstance(i, ir.Agg) and i.fn in _NULL_BLIND and isinstance(i.arg, ir.Col)
               and i.arg.alias in aliases for i in items)


def _cross(leaves: list):
    out = leaves[0]
    for x in leaves[1:]:
        out = ir.Join(JoinKind.CROSS, out, x, None)
    return out


def _rebuild(s: ir.Select, source, conds: list, d, match, o: ir.Col) -> ir.Select:
    rep = {(d.alias, d.names[0]): o}
    rest = [_replace_cols(c, rep) for c in conds if c is not match]
    compared = any(isinstance(c, ir.Cmp) and c.op in _COMPARE and o in (c.left, c.right)
                   for c in rest)
    kept = rest if compared else [*rest, ir.Not(ir.IsNull(o))]
    out = dataclasses.replace(s, source=source, where=_and(kept))
    return _replace_cols(out, rep)


def subquery_as_inner_group(q: ir.Select, schema: Schema, sums: bool = False) -> ir.Select:
    """``SELECT X.a.., (SELECT AGG(S.c) FROM S WHERE p).. FROM X WHERE w(X) AND EXISTS
    (SELECT 1 FROM S WHERE p)``, ``X`` a scan with a one-column primary key ``k`` that
    cannot be NULL and every scalar subquery over ``S`` with the EXISTS's condition ``p``
    (up to ``S``'s alias), is ``SELECT X.a.., AGG(S.c) FROM X JOIN S ON p WHERE w GROUP BY
    X.k``: a row of ``X`` with a partner is one group of its partners, one without none
    (Kim's unnesting of a correlated aggregate, the inner join's half of
    ``count_join_as_subquery``; COUNT(*), COUNT, COUNT(DISTINCT), MIN/MAX of a column
    whose equal values are identical; ``sums``: SUM of an INTEGER column too,
    ``join_counts.summed_subquery_as_inner_group``). Row order not read."""
    x = q.source
    if not (isinstance(x, ir.Scan) and not q.aggregate and not q.group_by and q.having is None
            and q.limit is None and not q.offset and not q.distinct and q.bare_from is None
            and _windowless(q)):
        return q
    t = schema.table(x.table)
    pk = [k.lower() for k in t.primary_key]
    if len(pk) != 1 or not t.never_null(pk[0]):
        return q
    conds = _conjuncts(q.where)
    for e in conds:
        if exists_tests(e, [x], conds) is not None:
            continue  # the outer row is its own witness: own_row_exists's first (one form)
        s, ps = _semi(e, schema, x)
        for p in ps:
            out = _regroup(q, x, pk[0], s, p, [c for c in conds if c is not e], schema, sums)
            if out is not None:
                return out
    return q


def _regroup(q: ir.Select, x, k: str, s, p, rest: list, schema: Schema, sums: bool = False):
    if s.alias in _aliases_in(q.items):
        return None
    aggs = {}
    for y in ir.local_nodes(q.items):
        if isinstance(y, ir.ScalarSub):
            agg = _grouped_item(y, s, p, schema, sums)
            if agg is None:
                return None
            aggs[y] = agg
    if not aggs:
        return None
    items = tuple(_deep_expr(i, lambda y: aggs.get(y, y)) for i in q.items)
    shown = tuple(_deep_expr(i, lambda y: _HOLE if y in aggs.values() else y) for i in items)
    if s.alias in _aliases_in(shown):
        return None  # S read outside the aggregates
    ty, aff = next((ty, aff) for n, ty, aff in x.columns if n == k)
    return dataclasses.replace(q, source=ir.Join(JoinKind.INNER, x, s, p), where=_and(rest),
                               group_by=(ir.Col(x.alias, k, ty, aff),), items=items,
                               aggregate=True)


_HOLE = ir.Lit(None, Ty.NULL)


def _semi(e, schema: Schema, outer: ir.Scan):
    """``(S, [p])`` of a conjunct ``EXISTS (SELECT .. FROM S WHERE p)`` (S a scan, p read on
    it); of ``x IN (SELECT S.y FROM S [WHERE w])``, ``x`` a column of ``outer`` (no
    conversion, one type, no declared collation on ``S.y`` or ``x``: a conjunct, where NULL
    is as false as false) ``p`` is ``w AND S.y = x``, either way round; else ``(None, [])``."""
    if not (isinstance(e, (ir.Exists, ir.InSub)) and isinstance(e.query, ir.Select)):
        return None, []
    v = e.query
    if not (isinstance(v.source, ir.Scan) and not v.group_by
            and v.having is None and not v.aggregate and v.limit is None and not v.offset
            and v.bare_from is None and _windowless(v)):
        return None, []
    if isinstance(e, ir.Exists):
        return (v.source, [v.where]) if v.where is not None else (None, [])
    y, x = v.items[0] if len(v.items) == 1 else None, e.arg
    if not (e.conv == Conv.NONE and isinstance(y, ir.Col) and y.alias == v.source.alias != outer.alias
            and isinstance(x, ir.Col) and x.ty == y.ty and x.alias == outer.alias
            and not _collated_in(y, v.source, schema) and not _collated_in(x, outer, schema)):
        return None, []
    w = _conjuncts(v.where)
    return v.source, [_and([*w, ir.Cmp(CmpOp.EQ, y, x)]), _and([*w, ir.Cmp(CmpOp.EQ, x, y)])]


def _collated_in(y: ir.Col, scan: ir.Scan, schema: Schema) -> bool:
    return y.name in {n.lower() for n in schema.table(scan.table).collated}


def _sorted_keys(c) -> list:
    """The conjuncts of ``c``, each normalized (``x > y`` as ``y < x``, ..), as sorted keys."""
    return sorted(_key(_normalize(d)) for d in _conjuncts(c))


def _grouped_item(y: ir.ScalarSub, s, p, schema: Schema, sums: bool = False):
    """The aggregate over ``S``'s rows of one group that the scalar subquery ``y`` computes
    with the condition ``p`` (its own scan of ``S`` read as ``s``), else None."""
    v = y.query
    if not (isinstance(v, ir.Select) and isinstance(v.source, ir.Scan)
            and v.source.table == s.table and v.aggregate and not v.group_by
            and v.having is None and v.limit is None and not v.offset and not v.distinct
            and v.bare_from is None and len(v.items) == 1 and isinstance(v.items[0], ir.Agg)):
        return None
    rep = {(v.source.alias, n): ir.Col(s.alias, n, ty, aff) for n, ty, aff in s.columns}
    if _sorted_keys(_replace_cols(v.where, rep)) != _sorted_keys(p):
        return None
    agg = _replace_cols(v.items[0], rep)
    if agg.fn == AggFn.COUNT_STAR or _per_row_aggregate(agg, s, schema.table(s.table), sums):
        return agg
    return None
