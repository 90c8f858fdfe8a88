"""Correlated counts per distinct key as one grouping (issue 25, i41c): ``counts_per_distinct_key``.

The pivot written with a subquery per column: ``SELECT k.g, (SELECT COUNT(*) FROM T o WHERE
o.g IS k.g AND p1), (SELECT COUNT(*) FROM T o WHERE o.g IS k.g AND p2) FROM (SELECT DISTINCT
g FROM T) k`` is ``SELECT g, COUNT(CASE WHEN p1 THEN 1 END), COUNT(CASE WHEN p2 THEN 1 END)
FROM T GROUP BY g`` (``COUNT(x)`` inside: ``COUNT(CASE WHEN p THEN x END)``); the link may be
``=`` where ``g`` is never NULL. Several keys ``g1, g2..`` alike, each subquery linking each
key once (round 55: a group is the rows equal on every key).

Sound in SQLite: ``g`` is one column of ``T`` of an affinity under which equal values are
identical (INTEGER, NUMERIC, TEXT; binary collation: no table column has another; not REAL,
which may keep -0.0 beside 0.0, one value that two rows may show apart), so
the rows of ``SELECT DISTINCT g`` and the groups of ``GROUP BY g`` are one per value of
``g``, NULL one of them, and each shows that value. ``o.g IS v`` holds on exactly the rows of
``v``'s group (``=`` too, ``g`` never NULL). Over those rows ``COUNT(*)`` with ``p`` counts
the rows where ``p`` is TRUE, as ``COUNT(CASE WHEN p THEN 1 END)`` does over the group (a NULL
or FALSE ``p`` gives the CASE NULL, not counted); ``COUNT(x)`` likewise with ``x`` in the
branch. ``p`` reads ``o`` only, deterministic (no subquery). Counts are exact and blind to
row order. An empty ``T``: no row either way.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import Affinity, AggFn, CmpOp, Conv, Ty
from .terms import _and, _conjuncts, _replace_cols, _windowless
from .top_one import _PURE
from .windows import _collated

_EXACT = (Affinity.INTEGER, Affinity.NUMERIC, Affinity.TEXT)  # (not REAL: -0.0 beside 0.0)
_NULL = ir.Lit(None, Ty.NULL)
_ONE = ir.Lit(1, Ty.INT)


def _plain(q, distinct: bool) -> bool:
    return (isinstance(q, ir.Select) and q.distinct == distinct and not q.group_by
            and q.having is None and not q.order and q.limit is None and not q.offset
            and q.bare_from is None and _windowless(q))


def counts_per_distinct_key(q, schema):
    """``q`` as one grouping (module docstring), else ``q``."""
    if not (_plain(q, False) and not q.aggregate and q.where is None
            and isinstance(k := q.source, ir.Derived)):
        return q
    inner = k.query
    if not (_plain(inner, True) and not inner.aggregate and inner.where is None
            and isinstance(scan := inner.source, ir.Scan) and not _collated(scan, schema)
            and len(k.names) == len(inner.items) == len(set(k.names))
            and all(isinstance(g, ir.Col) and g.alias == scan.alias and g.affinity in _EXACT
                    for g in inner.items)):
        return q
    table = schema.table(scan.table)
    keys = {ir.Col(k.alias, n, g.ty, g.affinity): (g, table.never_null(g.name))
            for n, g in zip(k.names, inner.items, strict=True)}
    items = []
    for item in q.items:
        if item in keys:
            items.append(keys[item][0])
        elif isinstance(item, ir.Lit):
            items.append(item)
        elif isinstance(item, ir.ScalarSub):
            agg = _count(item.query, scan, keys)
            if agg is None:
                return q
            items.append(agg)
        else:
            return q
    if not any(isinstance(i, ir.Agg) for i in items):
        return q
    return ir.Select(scan, None, tuple(g for g, _ in keys.values()), None, tuple(items), False,
                     (), None, 0, True, q.names)


def _count(s, scan, keys: dict):
    """The subquery ``s`` as a conditional count over the keys' group, else None."""
    if not (_plain(s, False) and s.aggregate and isinstance(o := s.source, ir.Scan)
            and o.table == scan.table and len(s.items) == 1 and isinstance(a := s.items[0], ir.Agg)
            and not a.distinct and a.fn in (AggFn.COUNT_STAR, AggFn.COUNT)):
        return None
    links, rest = [], []
    for c in _conjuncts(s.where):
        if (key := next((key for key, (g, never_null) in keys.items()
                         if _link(c, o, g, key, never_null)), None)) is not None:
            links.append(key)
        elif {y.alias for y in ir.local_nodes(c) if isinstance(y, ir.Col)} <= {o.alias} and all(
                isinstance(y, _PURE) for y in ir.local_nodes(c)):
            rest.append(c)
        else:
            return None
    if sorted(links, key=repr) != sorted(keys, key=repr) or (a.arg is not None and not all(
            isinstance(y, _PURE) and (not isinstance(y, ir.Col) or y.alias == o.alias)
            for y in ir.local_nodes(a.arg))):
        return None
    rep = {(o.alias, n): ir.Col(scan.alias, n, ty, aff) for n, ty, aff in o.columns}
    p, x = _replace_cols(_and(rest), rep), _replace_cols(a.arg, rep)
    if p is None:
        return a if x is None else ir.Agg(AggFn.COUNT, x, False, Ty.INT)
    value = _ONE if x is None else x
    return ir.Agg(AggFn.COUNT, ir.Case(((p, value),), _NULL, value.ty), False, Ty.INT)


def _link(c, o, g, key, never_null) -> bool:
    """Is ``c`` ``o.g IS k.g`` (``=`` too when ``g`` is never NULL), no conversion?"""
    if not (isinstance(c, ir.Cmp) and c.conv == Conv.NONE
            and (c.op == CmpOp.IS or (c.op == CmpOp.EQ and never_null))):
        return False
    mine = ir.Col(o.alias, g.name, g.ty, g.affinity)
    return {c.left, c.right} == {mine, key}


PIVOT_COUNT_RULES = (
    ("counts_per_distinct_key", "SELECT k.g, (SELECT COUNT(*) FROM T o WHERE o.g IS k.g AND p) "
     ".. FROM (SELECT DISTINCT g FROM T) k, g of an exact affinity, is SELECT g, COUNT(CASE "
     "WHEN p THEN 1 END) .. FROM T GROUP BY g (= for a never-NULL g; several keys alike)", ("query", "select"),
     lambda canon, q, ctx: counts_per_distinct_key(q, canon.schema), False),
)
