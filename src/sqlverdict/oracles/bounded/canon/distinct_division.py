"""Relational division by distinct counts (i56a): ``distinct_division_as_not_exists``.

"The makes present in every region", "the vehicles on the road every trip day":

    SELECT w.e FROM W WHERE r GROUP BY w.e
    HAVING COUNT(DISTINCT d.y) = (SELECT COUNT(DISTINCT p.y) FROM P p WHERE f)

is ``SELECT DISTINCT w.e FROM W WHERE r AND NOT EXISTS (SELECT 1 FROM P p WHERE f AND NOT
EXISTS (SELECT 1 FROM W' WHERE r' AND w'.e = w.e AND d'.y = p.y))`` (``W'``, ``r'``: a copy
of the FROM and WHERE under fresh aliases). Conditions, each with its reason in SQLite:

- ``W`` is an inner join of uncollated tables, one of its scans ``d`` a scan of ``P`` whose
  row meets ``f`` on every row ``W WHERE r`` keeps (``f``'s conjuncts, over ``p`` alone and
  without subqueries, are among ``r``'s and the ONs' with ``d`` for ``p``). So the distinct
  ``y`` of a group are among the distinct ``y`` of ``P WHERE f``: the counts are equal
  exactly when no value of the divisor is missing from the group, the inner ``NOT EXISTS``.
- ``y`` is declared NOT NULL in ``P``: ``COUNT(DISTINCT)`` skips a NULL while ``d'.y =
  p.y`` never finds one (a NULL ``y`` in the divisor's rows would fail the ``NOT EXISTS``
  and pass the count). ``COUNT(DISTINCT)`` and ``=`` of one column (one affinity, no
  conversion, the BINARY collation) take the same values for equal.
- the counted column may also be ``x`` of another scan where a conjunct ``x = d.y``
  (one affinity, no conversion, equal ``x`` identical) equates it with ``d.y`` (i62a).
- the divisor may also be ``COUNT(*)``/``COUNT(p.y)`` where ``y`` is a one-column unique
  key of ``P``: its rows' ``y`` are distinct and never NULL.
- ``e`` is a NOT NULL column (declared, or ``e IS NOT NULL`` in ``r``) whose equal values are identical (``twins._identical``):
  ``w'.e = w.e`` finds the group's rows, and DISTINCT shows the key the group shows.
- ``P WHERE f`` empty: every group counts 0 = 0 and the ``NOT EXISTS`` holds on every row.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, Ty
from ..ir.walk import defined_aliases, realias
from .division import _count_select, _unique
from .terms import _aliases_in, _and, _conjuncts, _has_sub, _leaves, _on_conjuncts, _windowless
from .twins import _identical


def _key_link(c, p: str, keys) -> bool:
    """Is ``c`` ``p.c = g`` for ``g`` one of the group's ``keys`` (no conversion)?"""
    return (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.conv == Conv.NONE
            and any(isinstance(a, ir.Col) and a.alias == p and b in keys
                    for a, b in ((c.left, c.right), (c.right, c.left))))


def _divisor(h, schema, keys=()):
    """``(SELECT COUNT(..) FROM P p WHERE f)`` over one scan, ``f`` over ``p`` alone (or
    ``p.c = g`` of a group key ``g`` in ``keys``), as (scan, counted column or None for
    ``*``, DISTINCT, f), or None."""
    s = _count_select(h)
    if s is None or not isinstance(s.source, ir.Scan):
        return None
    p, agg, f = s.source, s.items[0], _conjuncts(s.where)
    if any(_has_sub(c) or (_aliases_in(c) != {p.alias} and not _key_link(c, p.alias, keys))
           for c in f):
        return None
    if agg.fn == AggFn.COUNT and isinstance(agg.arg, ir.Col) and agg.arg.alias == p.alias:
        return p, agg.arg.name, agg.distinct, f
    return (p, None, False, f) if agg.fn == AggFn.COUNT_STAR else None


def _dividend(q, schema, typed: bool):
    """The parts of ``q`` = ``SELECT w.e.. FROM W WHERE r GROUP BY w.e.. HAVING
    COUNT(DISTINCT d.y) = divisor`` as (the keys e.., d.y, divisor's select), or None."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.group_by
            and set(q.items) == set(q.group_by) and len(q.items) == len(q.group_by)
            and not q.distinct and q.limit is None and not q.offset
            and not q.order and q.bare_from is None and _windowless(q)):
        return None
    leaves = _leaves(q.source)
    if leaves is None or not all(isinstance(x, ir.Scan) for x in leaves) \
            or any(schema.table(x.table).collated for x in leaves):
        return None
    h, scans = q.having, {x.alias: x for x in leaves}
    if not (all(_never_null_key(e, scans, q, schema, typed) for e in q.group_by)
            and isinstance(h, ir.Cmp) and h.op == CmpOp.EQ and h.conv == Conv.NONE):
        return None
    for a, b in ((h.left, h.right), (h.right, h.left)):
        if (isinstance(a, ir.Agg) and a.fn == AggFn.COUNT and a.distinct
                and isinstance(a.arg, ir.Col) and a.arg.alias in scans):
            return q.group_by, a.arg, b
    return None


def _never_null_key(e, scans, q, schema, typed: bool) -> bool:
    """A group key column of identical equal values, NOT NULL (declared, or ``e IS NOT
    NULL`` in the WHERE: i62a)."""
    return (isinstance(e, ir.Col) and e.alias in scans and _identical(e, typed)
            and (schema.table(scans[e.alias].table).never_null(e.name)
                 or ir.Not(ir.IsNull(e)) in _conjuncts(q.where)))


def division_parts(q, schema, typed: bool):
    """(e, the counted ``d.y``, the divisor's parts) of the module's grouped form without a
    subquery in its WHERE or ON, else None."""
    found = _dividend(q, schema, typed)
    if found is None:
        return None
    e, x, h = found
    div = _divisor(h, schema, e)
    conds = _on_conjuncts(q.source) + _conjuncts(q.where)
    return None if div is None or any(_has_sub(c) for c in conds) else (e, x, div)


def _joined_copy(x: ir.Col, conds, leaves, table: str, y: str, typed: bool) -> ir.Col:
    """The column ``z.y`` of a scan of ``table`` that a conjunct ``x = z.y`` equates the
    counted ``x`` with (one affinity and type, no conversion, equal values of ``x``
    identical: the group's distinct ``x`` are its distinct ``z.y``), else ``x`` (i62a)."""
    if not _identical(x, typed):
        return x
    tables = {s.alias: s.table for s in leaves}
    for c in conds:
        if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.conv == Conv.NONE):
            continue
        for a, z in ((c.left, c.right), (c.right, c.left)):
            if (a == x and isinstance(z, ir.Col) and tables.get(z.alias) == table
                    and z.name.lower() == y.lower() and (z.ty, z.affinity) == (x.ty, x.affinity)):
                return z
    return x


def distinct_division_as_not_exists(q, schema, typed: bool):
    """``q`` (the module's grouped form) as the double ``NOT EXISTS``, else ``q``."""
    found = division_parts(q, schema, typed)
    if found is None:
        return q
    e, x, div = found
    conds = _on_conjuncts(q.source) + _conjuncts(q.where)
    p, y, distinct, f = div
    y = x.name if y is None else y
    x = _joined_copy(x, conds, _leaves(q.source), p.table, y, typed)
    d = next(s for s in _leaves(q.source) if s.alias == x.alias)
    t = schema.table(p.table)
    if (d.table != p.table or x.name.lower() != y.lower() or not t.never_null(y)
            or not (distinct or _unique(schema, p.table, y.lower()))):
        return q
    held = {repr(c) for c in conds}
    mine = [realias(c, {p.alias: d.alias}) for c in f]
    if not all(repr(c) in held or _own_key(c, e) for c in mine) or (
            any(_key_link(c, p.alias, e) for c in f) and p.alias in defined_aliases(q.source)):
        return q  # (a filter the dividend does not hold; a key read under a reused alias)
    return not_exists_form(q, e, x, p, y, f, _pinned(e, d, p, f, _unique(schema, p.table, y.lower())))


def _pinned(keys, d, p, f, unique: bool) -> tuple:
    """The group keys ``d.c`` that the divisor's ``p.c = d.c`` fixes on the inner copy:
    where ``y`` is a unique key, ``d'.y = p.y`` makes ``d'`` the row ``p`` (i62a), so
    ``d'.c = d.c`` holds wherever ``f`` does, and the inner select need not say it."""
    if not unique:
        return ()
    return tuple(g for g in keys if g.alias == d.alias and any(
        _key_link(c, p.alias, (g,)) and g.name in {a.name for a in (c.left, c.right) if a.alias == p.alias}
        for c in f))


def _own_key(c, keys) -> bool:
    """Is ``c`` ``g = g`` of a (never-NULL) group key ``g``: TRUE on every row of the
    group (the divisor's ``p.c = g`` read on the group's own ``d``, i62a)?"""
    return isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.left == c.right and c.left in keys


def not_exists_form(q, e, x, p, y: str, f: list, pinned: tuple = ()):
    """``SELECT DISTINCT e.. FROM W WHERE r AND NOT EXISTS (SELECT 1 FROM P p WHERE f AND
    NOT EXISTS (SELECT 1 FROM W' WHERE r' AND e' = e.. AND x' = p.y))``: the law's right
    side (``e``: the group keys; ``pinned``: those whose ``e' = e`` ``f`` implies)."""
    taken = set(defined_aliases(q))
    fresh = {}
    for a in defined_aliases(q.source):
        n = f"{a}_all"
        while n in taken:
            n += "_"
        fresh[a] = n
        taken.add(n)
    py = next(ir.Col(p.alias, n, ty, aff) for n, ty, aff in p.columns if n.lower() == y.lower())
    inner = ir.Select(realias(q.source, fresh), _and([
        *(realias(c, fresh) for c in _conjuncts(q.where)),
        *(ir.Cmp(CmpOp.EQ, realias(g, fresh), g, Ty.BOOL, Conv.NONE) for g in e if g not in pinned),
        ir.Cmp(CmpOp.EQ, realias(x, fresh), py, Ty.BOOL, Conv.NONE)]),
        (), None, (ir.Lit(1, Ty.INT),), False, (), None, 0, False)
    missing = ir.Select(p, _and([*f, ir.Not(ir.Exists(inner))]), (), None, (ir.Lit(1, Ty.INT),),
                        False, (), None, 0, False)
    return dataclasses.replace(q, where=_and([*_conjuncts(q.where), ir.Not(ir.Exists(missing))]),
                               group_by=(), having=None, aggregate=False, distinct=True)


DISTINCT_DIVISION_RULE = (
    "distinct_division_as_not_exists", "SELECT w.e FROM W WHERE r GROUP BY w.e HAVING "
    "COUNT(DISTINCT d.y) = (SELECT COUNT(DISTINCT y) FROM P WHERE f) is SELECT DISTINCT w.e "
    "FROM W WHERE r AND NOT EXISTS (SELECT 1 FROM P p WHERE f AND NOT EXISTS (SELECT 1 FROM "
    "W' WHERE r' AND w'.e = w.e AND d'.y = p.y)), d a scan of P in W meeting f, y NOT NULL, e "
    "a NOT NULL key of identical equal values (COUNT(*) of a unique key y alike)", ("select",),
    lambda canon, q, ctx: distinct_division_as_not_exists(q, canon.schema, canon.typed))
