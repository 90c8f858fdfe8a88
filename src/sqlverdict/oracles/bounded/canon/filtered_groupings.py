"""A grouping LEFT-joined to the same grouping of a filtered subset as conditional
aggregates (round 55, i55b): ``filtered_grouping_as_conditional``.

The law (site ``select``): ``SELECT f(d.k.., d.a.., n.b..) FROM (SELECT k.., A(x).. FROM T
WHERE w GROUP BY k..) d LEFT JOIN (SELECT k.., B(y).. FROM T WHERE w AND p GROUP BY k..) n ON
d.k IS n.k ..`` is ``SELECT f(k.., A(x).., B'(y)..) FROM T WHERE w GROUP BY k..``, ``B'(y)``
being ``B(CASE WHEN p THEN y END)`` for SUM, AVG, MIN, MAX (DISTINCT or not) and ``COUNT(*)``
being ``SUM(CASE WHEN p THEN 1 END)``: a metric layer's ratio of two measures, the
numerator's filter its own query, joined back on the dimension.

Sound in SQLite: ``n`` has one row per key of ``T WHERE w AND p``, and ``d.k IS n.k`` on
the same columns (one affinity, no conversion, no collation) finds the one row of ``d``'s
key, if ``d``'s group has a row where ``p`` holds; else ``n``'s columns are NULL (the padded
row). The conditional aggregate of the group reads the rows where ``p`` holds, NULL over none:
SUM, AVG, MIN and MAX over no value are NULL, and ``SUM(CASE WHEN p THEN 1 END)`` is NULL
over none and the count otherwise. Hence ``n``'s columns must be those aggregates themselves
(``COALESCE(SUM(y), 0)`` is 0, not NULL, on the padded row), COUNT of a column and TOTAL
refused (0 over rows whose values are NULL, but NULL padded). A key joined by ``=`` must be
never NULL (the NULL group finds no partner). ``d``'s key is shown for the grouping's: equal
values identical (``transfer._exact``). SUMs are added in another plan (``proofs.OTHER_PLAN``).
Near misses: ``=`` on a NULL-able key, ``COALESCE`` in ``n``, ``n`` without ``w``, a key left
out of the join.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, JoinKind, Ty
from .terms import _and, _conjuncts, _has_sub, _replace_cols, _windowless
from .transfer import _exact

_PADDED = (AggFn.SUM, AggFn.AVG, AggFn.MIN, AggFn.MAX)


def _grouping(x):
    """(scan, keys: {column name: item position}) of a derived ``SELECT k.., .. FROM T WHERE
    w GROUP BY k..`` (plain columns as keys, each shown), else None."""
    s = x.query if isinstance(x, ir.Derived) else None
    if not (isinstance(s, ir.Select) and isinstance(t := s.source, ir.Scan) and s.aggregate
            and s.group_by and s.having is None and not s.distinct and s.limit is None
            and not s.offset and not s.order and s.bare_from is None and _windowless(s)
            and not _has_sub(s.items) and (s.where is None or not _has_sub(s.where))
            and len(set(x.names)) == len(x.names)
            and all(isinstance(g, ir.Col) and g.alias == t.alias for g in s.group_by)):
        return None
    shown = {i.name: n for n, i in zip(x.names, s.items, strict=True)
             if isinstance(i, ir.Col) and i.alias == t.alias}
    if {g.name for g in s.group_by} - set(shown):
        return None
    return t, {g.name: shown[g.name] for g in s.group_by}


def _linked(on, d, n, keys_d, keys_n, table) -> bool:
    """Is ``on`` one ``d.k IS n.k`` per key (``=`` for a never-NULL key), nothing else?"""
    want = {(d.alias, keys_d[k], n.alias, keys_n[k]): k for k in keys_d}
    seen = set()
    for c in _conjuncts(on):
        if not (isinstance(c, ir.Cmp) and c.conv == Conv.NONE and c.op in (CmpOp.IS, CmpOp.EQ)
                and isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)):
            return False
        pair = (c.left.alias, c.left.name, c.right.alias, c.right.name)
        k = want.get(pair) or want.get(pair[2:] + pair[:2])
        if k is None or k in seen or (c.op == CmpOp.EQ and not table.never_null(k)):
            return False
        seen.add(k)
    return seen == set(keys_d)


def _padded(y, p):
    """``n``'s aggregate ``y`` as the group's, NULL where no row has ``p`` (module docstring)."""
    if not isinstance(y, ir.Agg):
        return None
    if y.fn == AggFn.COUNT_STAR:
        return ir.Agg(AggFn.SUM, ir.Case(((p, ir.Lit(1, Ty.INT)),), ir.Lit(None, Ty.NULL), Ty.INT),
                      False, Ty.INT)
    if y.fn in _PADDED and y.arg is not None:
        return ir.Agg(y.fn, ir.Case(((p, y.arg),), ir.Lit(None, Ty.NULL), ir._ty(y.arg)),
                      y.distinct, y.ty)
    return None


def filtered_grouping_as_conditional(q, schema, typed: bool = False):
    """``q`` as one grouping (module docstring), else ``q``."""
    j = q.source if isinstance(q, ir.Select) else None
    if not (isinstance(j, ir.Join) and j.kind == JoinKind.LEFT and j.on is not None
            and q.where is None and not q.aggregate and not q.group_by and q.having is None
            and not q.distinct and not q.order and q.limit is None and not q.offset
            and q.bare_from is None and _windowless(q) and schema is not None):
        return q
    d, n = j.left, j.right
    gd, gn = _grouping(d), _grouping(n)
    if gd is None or gn is None or gd[0].table != gn[0].table or set(gd[1]) != set(gn[1]):
        return q
    (t, keys_d), (r, keys_n) = gd, gn
    table = schema.table(t.table)
    ds, ns = d.query, n.query
    if (table.collated or not _linked(j.on, d, n, keys_d, keys_n, table)
            or not all(_exact(g, g, typed) for g in ds.group_by)):
        return q
    to_t = {(r.alias, c): ir.Col(t.alias, c, ty, aff) for c, ty, aff in r.columns}
    rest = [_replace_cols(c, to_t) for c in _conjuncts(ns.where)]
    for c in _conjuncts(ds.where):
        if c not in rest:
            return q
        rest.remove(c)
    p = _and(rest)
    if p is None:
        return q  # (the same grouping twice: another law's)
    reads = {(d.alias, name): item for name, item in zip(d.names, ds.items, strict=True)}
    for name, item in zip(n.names, ns.items, strict=True):
        if name not in keys_n.values():
            got = _padded(_replace_cols(item, to_t), p)
            if got is None:
                return q
            reads[(n.alias, name)] = got
    if any(isinstance(y, ir.Col) and (y.alias, y.name) not in reads for y in ir.nodes(q.items)):
        return q  # n's keys (NULL where padded), or a column of no side
    return dataclasses.replace(q, source=t, where=ds.where, group_by=ds.group_by, aggregate=True,
                               items=tuple(_replace_cols(i, reads) for i in q.items))


FILTERED_GROUPING_RULE = (
    "filtered_grouping_as_conditional", "(SELECT k.., A(x).. FROM T WHERE w GROUP BY k..) d LEFT "
    "JOIN (SELECT k.., B(y).. FROM T WHERE w AND p GROUP BY k..) n ON d.k IS n.k .. is SELECT "
    "k.., A(x).., B(CASE WHEN p THEN y END).. FROM T WHERE w GROUP BY k.. (B SUM, AVG, MIN, MAX; "
    "COUNT(*) as SUM(CASE WHEN p THEN 1 END); = for a never-NULL key)", ("select",),
    lambda canon, q, ctx: filtered_grouping_as_conditional(q, canon.schema, canon.typed))
