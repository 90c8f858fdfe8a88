"""A filter on the preserved side, written inside the padded side (issue 25, i41c):
``preserved_side_filter``.

Bhargava, Goel and Iyer's preserved-side predicate in ON: ``X x LEFT JOIN V v ON v.c = x.k
AND p(x)`` is also written ``X x LEFT JOIN (SELECT .. v.c .. FROM V v JOIN X e ON e.k = v.c
WHERE p(e)) d ON d.c = x.k``: the padded side joins ``X`` again to test the row it will meet.
This law reads the second form as the first: with ``k`` a never-NULL unique key of ``X`` and
``e`` read only by the link ``e.k = v.c`` and by conjuncts ``p`` of ``e`` alone, the scan
``e`` goes and ``p`` (on ``x`` instead of ``e``) joins the ON.

Sound in SQLite: for a row ``x``, a row of ``d`` meets it when ``d.c = x.k``; a row of ``d``
is a row ``v`` (with its other conjuncts) paired with each ``e`` where ``e.k = v.c`` and
``p(e)``. ``v.c``, ``e.k`` and ``x.k`` are columns of one type (INTEGER or TEXT) and one
affinity, compared without conversion and without a collation, so ``=`` among them is
SQLite's exact comparison of values, transitive: ``e.k = x.k``, and the unique, never-NULL
key makes ``e`` the row ``x`` itself, one of it. So ``x`` meets, once each, the rows ``v``
with ``v.c = x.k`` when ``p(x)`` is TRUE and none otherwise: the first form's ON. No match
pads ``x`` with NULLs in both. ``p`` is deterministic (no subquery, no aggregate), so on the
same row it gives the same truth value.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Conv, JoinKind, Ty
from .terms import (
    _aliases_in,
    _and,
    _conjuncts,
    _leaves,
    _on_conjuncts,
    _replace_cols,
    _unique_keys,
    _windowless,
)
from .top_one import _PURE
from .windows import _collated


def preserved_side_filter(q, schema):
    """``q`` with the first LEFT JOIN whose padded derived table tests the preserved row
    through a key rewritten (module docstring), else ``q``."""
    if not isinstance(q, ir.Select) or not isinstance(q.source, ir.Join):
        return q
    src = _rewrite(q.source, schema)
    return q if src is q.source else dataclasses.replace(q, source=src)


def _rewrite(j, schema):
    if not isinstance(j, ir.Join):
        return j
    if j.kind == JoinKind.LEFT and isinstance(j.right, ir.Derived):
        out = _padded(j, schema)
        if out is not None:
            return out
    left = _rewrite(j.left, schema)
    return j if left is j.left else dataclasses.replace(j, left=left)


def _scans(src) -> list:
    if isinstance(src, ir.Join):
        return _scans(src.left) + _scans(src.right)
    return [src] if isinstance(src, ir.Scan) else []


def _padded(j, schema):
    d, inner = j.right, j.right.query
    if not (isinstance(inner, ir.Select) and not inner.aggregate and not inner.group_by
            and inner.having is None and not inner.distinct and inner.limit is None
            and not inner.offset and not inner.order and inner.bare_from is None
            and _windowless(inner) and len(d.names) == len(inner.items)):
        return None
    leaves = _leaves(inner.source)
    if leaves is None or len(leaves) < 2 or _collated((leaves, _scans(j.left)), schema):
        return None
    conds = _on_conjuncts(inner.source) + _conjuncts(inner.where)
    outer = _conjuncts(j.on)
    for e in leaves:
        if not isinstance(e, ir.Scan):
            continue
        t = schema.table(e.table)
        for link in conds:
            found = _link(link, e, t)
            if found is None:
                continue
            k, vc = found
            x = _outer_row(outer, d, inner, vc, k, e.table, _scans(j.left))
            if x is None:
                continue
            mine = [c for c in conds if c is not link and e.alias in _aliases_in(c)]
            if any(_aliases_in(c) != {e.alias} or not all(isinstance(y, _PURE) for y in ir.local_nodes(c))
                   for c in mine) or e.alias in _aliases_in(inner.items):
                continue
            rest = [c for c in conds if c is not link and c not in mine]
            others = [s for s in leaves if s is not e]
            source = others[0]
            for s in others[1:]:
                source = ir.Join(JoinKind.CROSS, source, s, None)
            body = dataclasses.replace(inner, source=source, where=_and(rest))
            rep = {(e.alias, n): ir.Col(x.alias, n, ty, aff) for n, ty, aff in e.columns}
            on = _and(outer + [_replace_cols(c, rep) for c in mine])
            return dataclasses.replace(j, right=dataclasses.replace(d, query=body), on=on)
    return None


def _link(c, e, t):
    """``(k, v.c)`` when ``c`` is ``e.k = v.c`` (either side, no conversion), ``k`` alone a
    never-NULL unique key of ``e``'s table, ``v.c`` a column of another source of ``k``'s
    type (INTEGER or TEXT) and affinity; else None."""
    if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.conv == Conv.NONE):
        return None
    for a, b in ((c.left, c.right), (c.right, c.left)):
        if (isinstance(a, ir.Col) and a.alias == e.alias and isinstance(b, ir.Col)
                and b.alias != e.alias and [a.name] in _unique_keys(t) and t.never_null(a.name)
                and a.ty == b.ty and a.ty in (Ty.INT, Ty.TEXT) and a.affinity == b.affinity):
            return a, b
    return None


def _outer_row(outer, d, inner, vc, k, table, scans):
    """The scan ``x`` of ``table`` on the preserved side with an ON conjunct ``x.k = d.c``
    (no conversion), ``d.c`` the item ``v.c``; else None."""
    names = [n for n, item in zip(d.names, inner.items, strict=True) if item == vc]
    for c in outer:
        if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.conv == Conv.NONE):
            continue
        for a, b in ((c.left, c.right), (c.right, c.left)):
            if (isinstance(b, ir.Col) and b.alias == d.alias and b.name in names
                    and isinstance(a, ir.Col) and a.name == k.name and a.ty == k.ty
                    and a.affinity == k.affinity):
                x = next((s for s in scans if s.alias == a.alias and s.table == table), None)
                if x is not None:
                    return x
    return None


PRESERVED_FILTER_RULES = (
    ("preserved_side_filter", "X x LEFT JOIN (SELECT .. v.c .. FROM V v JOIN X e ON e.k = v.c "
     "WHERE p(e)) d ON d.c = x.k, k a never-NULL unique key, e read nowhere else, is X x LEFT "
     "JOIN (.. FROM V v ..) d ON d.c = x.k AND p(x) (Bhargava-Goel-Iyer)", ("query",),
     lambda canon, q, ctx: preserved_side_filter(q, canon.schema), False),
)
