"""Magic decorrelation joined back, read as the correlated subquery (issue 25, i44a):
``magic_join_back``.

Seshadri et al.'s magic decorrelation computes a correlated aggregate once per binding:
the magic set ``d = (SELECT DISTINCT c FROM T WHERE m)`` of the outer column, the aggregate
grouped by the binding, ``G = (SELECT d.c, AGG(S.x).. FROM d [LEFT] JOIN S ON on(d.c, S)
GROUP BY d.c)``, and the outer rows joined back, ``FROM T v JOIN G g ON g.c = v.c`` (or ``IS``,
Seshadri's NULL binding) ``WHERE m(v) ..``. Read back, ``g.c`` is ``v.c`` and each ``g.a`` is
``(SELECT AGG(S.x) FROM S WHERE on(v.c, S))``:

- each row ``v`` of ``T`` that the outer select keeps satisfies ``m`` (every conjunct of
  ``m``, read on ``v``, is a conjunct of the outer WHERE), so ``v.c`` is in the magic set;
  ``G`` has one row per distinct binding (GROUP BY of a DISTINCT column, NULL one group as
  DISTINCT keeps one NULL), so ``v`` meets exactly one row of ``G`` under ``IS``, and under
  ``=`` one when ``v.c`` is not NULL and none when it is (``v.c IS NOT NULL`` is added);
  equal values of ``c`` are one value (no collation; an affinity under which 1 and 1.0
  cannot both be stored), so ``g.c`` read elsewhere is ``v.c``;
- that row's aggregates are those of the binding's partners in ``S``, the rows the
  correlated subquery reads: with LEFT JOIN every binding has its row, a binding without a
  partner one NULL-padded row, which COUNT(S.x), MIN and MAX skip as the subquery over no
  row does (COUNT 0, MIN/MAX NULL; not COUNT(*), 1 against 0); with an inner join a binding
  without a partner has no row, so ``EXISTS (SELECT 1 FROM S WHERE on(v.c, S))`` is added
  (and COUNT(*) counts the partners). ``joins._per_row_aggregate`` decides the aggregates
  (MIN/MAX of a column whose equal values are identical: which tied row gives the value
  does not show). No SUM/AVG: they add the partners in the join's order.

``G`` without HAVING, LIMIT, OFFSET, DISTINCT, window; its WHERE (inner join only) reads the
binding and ``S``; ``m`` reads ``T`` only, no subquery.
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, JoinKind, Ty
from .joins import _EXACT_AFFINITY, _per_row_aggregate
from .terms import _aliases_in, _and, _conjuncts, _deep, _has_sub, _key, _replace_cols, _windowless


def _renamed(x, old: str, new: str):
    return _deep(x, lambda e: dataclasses.replace(e, alias=new)
                 if isinstance(e, ir.Col) and e.alias == old else e)


def _magic(d) -> tuple | None:
    """(T scan, column c, WHERE conjuncts m) of ``d = (SELECT DISTINCT t.c FROM T t WHERE m)``."""
    m = d.query
    if not (isinstance(d, ir.Derived) and isinstance(m, ir.Select) and m.distinct
            and isinstance(m.source, ir.Scan) and not m.aggregate and not m.group_by
            and m.having is None and m.limit is None and not m.offset and len(m.items) == 1
            and isinstance(c := m.items[0], ir.Col) and c.alias == m.source.alias):
        return None
    conds = _conjuncts(m.where)
    if any(_has_sub(w) or _aliases_in(w) - {m.source.alias} for w in conds):
        return None
    return m.source, c, conds


def _grouping(g: ir.Derived):
    """(d, S, join kind, on conjuncts) of a grouped ``d [LEFT] JOIN S`` by the binding."""
    v = g.query
    if not (isinstance(v, ir.Select) and v.aggregate and len(v.group_by) == 1 and v.having is None
            and v.limit is None and not v.offset and not v.distinct and v.bare_from is None
            and not v.order and _windowless(v) and isinstance(src := v.source, ir.Join)
            and src.kind in (JoinKind.LEFT, JoinKind.INNER) and isinstance(src.left, ir.Derived)
            and isinstance(src.right, ir.Scan) and len(src.left.names) == 1):
        return None
    d, s = src.left, src.right
    if not _is_binding(v.group_by[0], d):
        return None
    on = _conjuncts(src.on) + _conjuncts(v.where)
    if v.where is not None and src.kind == JoinKind.LEFT:
        return None
    if any(_has_sub(c) or _aliases_in(c) - {d.alias, s.alias} for c in on):
        return None
    return d, s, src.kind, on


def _is_binding(e, d: ir.Derived) -> bool:
    return isinstance(e, ir.Col) and e.alias == d.alias and e.name == d.names[0]


def _link(conds: list, g: ir.Derived, key: str, scans: dict, table: str, col: str):
    """(conjunct, v.c, op) of a conjunct ``g.key = v.c`` (or IS) with ``v`` a scan of
    ``table`` and ``c`` its column ``col``."""
    for c in conds:
        if not (isinstance(c, ir.Cmp) and c.op in (CmpOp.EQ, CmpOp.IS) and c.conv == Conv.NONE):
            continue
        for a, b in ((c.left, c.right), (c.right, c.left)):
            if (isinstance(a, ir.Col) and a.alias == g.alias and a.name == key
                    and isinstance(b, ir.Col) and b.alias in scans
                    and scans[b.alias].table == table and b.name == col):
                return c, b, c.op
    return None


def magic_join_back(q, leaves: list, conds: list, schema: Schema):
    """``(q, leaves, conds)`` with a magic-decorrelated grouping joined back read as
    correlated subqueries (the module's law); ``(q, None, conds)`` when none is."""
    scans = {x.alias: x for x in leaves if isinstance(x, ir.Scan)}
    for g in leaves:
        if isinstance(g, ir.Derived) and (out := _join_back(q, leaves, conds, g, scans, schema)):
            return out
    return q, None, conds


def _join_back(q, leaves, conds, g: ir.Derived, scans: dict, schema: Schema):
    got = _grouping(g)
    if got is None or (magic := _magic(got[0])) is None:
        return None
    d, s, kind, on = got
    t, c, m = magic
    if c.name in {n.lower() for n in schema.table(t.table).collated} or c.affinity not in _EXACT_AFFINITY:
        return None  # (DISTINCT keeps one of 1 and 1.0 in a column without affinity)
    key_names = [n for n, i in zip(g.names, g.query.items, strict=True) if _is_binding(i, d)]
    link = next((x for n in key_names if (x := _link(conds, g, n, scans, t.table, c.name))), None)
    if link is None:
        return None
    conj, vc, op = link
    keys = {_key(x) for x in conds}
    if not all(_key(_renamed(w, t.alias, vc.alias)) in keys for w in m):
        return None
    st = schema.table(s.table)
    where = _and([_replace_cols(w, {(d.alias, d.names[0]): vc}) for w in on])
    rep = {}
    for n, item in zip(g.names, g.query.items, strict=True):
        if n in key_names:
            rep[(g.alias, n)] = vc
            continue
        if not isinstance(item, ir.Agg):
            return None
        agg = (item if kind == JoinKind.INNER and item.fn == AggFn.COUNT_STAR
               else _per_row_aggregate(item, s, st))
        if agg is None:
            return None
        body = ir.Select(s, where, (), None, (agg,), False, (), None, 0, True, ())
        rep[(g.alias, n)] = ir.ScalarSub(body, agg.ty)
    extra = [ir.Not(ir.IsNull(vc))] if op == CmpOp.EQ else []
    if kind == JoinKind.INNER:
        extra.append(ir.Exists(ir.Select(s, where, (), None, (ir.Lit(1, Ty.INT),), False, (),
                                         None, 0, False, ())))
    new_conds = [_replace_cols(x, rep) for x in conds if x is not conj] + extra
    new_q = dataclasses.replace(
        q, items=_replace_cols(q.items, rep), having=_replace_cols(q.having, rep),
        group_by=_replace_cols(q.group_by, rep), order=_replace_cols(q.order, rep))
    return new_q, [x for x in leaves if x is not g], new_conds


def _adapter(canon, value, ctx):
    out = magic_join_back(*value, canon.schema)
    return value if out[1] is None else out


MAGIC_JOIN_RULE = (
    "magic_join_back", "T v JOIN (SELECT d.c, AGG(S.x).. FROM (SELECT DISTINCT c FROM T WHERE "
    "m) d [LEFT] JOIN S ON on GROUP BY d.c) g ON g.c = v.c (or IS) WHERE m(v) .. reads g.c as "
    "v.c and AGG as (SELECT AGG(S.x) FROM S WHERE on(v.c)) (COUNT(x), MIN/MAX; = adds v.c IS "
    "NOT NULL, an inner join EXISTS a partner)", ("sources",), _adapter, True)
