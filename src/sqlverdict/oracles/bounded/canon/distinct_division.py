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
- the divisor may also be ``COUNT(*)``/``COUNT(p.y)`` where ``y`` is a one-column unique
  key of ``P``: its rows' ``y`` are distinct and never NULL.
- ``e`` is a NOT NULL column whose equal values are identical (``twins._identical``):
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


def _divisor(h, schema):
    """``(SELECT COUNT(..) FROM P p WHERE f)`` over one scan, ``f`` over ``p`` alone, as
    (scan, counted column or None for ``*``, DISTINCT, f), or None."""
    s = _count_select(h)
    if s is None or not isinstance(s.source, ir.Scan):
        return None
    p, agg, f = s.source, s.items[0], _conjuncts(s.where)
    if any(_has_sub(c) or _aliases_in(c) != {p.alias} for c in f):
        return None
    if agg.fn == AggFn.COUNT and isinstance(agg.arg, ir.Col) and agg.arg.alias == p.alias:
        return p, agg.arg.name, agg.distinct, f
    return (p, None, False, f) if agg.fn == AggFn.COUNT_STAR else None


def _dividend(q, schema, typed: bool):
    """The parts of ``q`` = ``SELECT w.e FROM W WHERE r GROUP BY w.e HAVING COUNT(DISTINCT
    d.y) = divisor`` as (e, d.y, divisor's select), or None."""
    if not (isinstance(q, ir.Select) and q.aggregate and len(q.group_by) == 1
            and q.items == q.group_by and not q.distinct and q.limit is None and not q.offset
            and not q.order and q.bare_from is None and _windowless(q)):
        return None
    leaves = _leaves(q.source)
    if leaves is None or not all(isinstance(x, ir.Scan) for x in leaves) \
            or any(schema.table(x.table).collated for x in leaves):
        return None
    e, h = q.group_by[0], q.having
    scans = {x.alias: x for x in leaves}
    if not (isinstance(e, ir.Col) and e.alias in scans and _identical(e, typed)
            and schema.table(scans[e.alias].table).never_null(e.name)
            and isinstance(h, ir.Cmp) and h.op == CmpOp.EQ and h.conv == Conv.NONE):
        return None
    for a, b in ((h.left, h.right), (h.right, h.left)):
        if (isinstance(a, ir.Agg) and a.fn == AggFn.COUNT and a.distinct
                and isinstance(a.arg, ir.Col) and a.arg.alias in scans):
            return e, a.arg, b
    return None


def division_parts(q, schema, typed: bool):
    """(e, the counted ``d.y``, the divisor's parts) of the module's grouped form without a
    subquery in its WHERE or ON, else None."""
    found = _dividend(q, schema, typed)
    if found is None:
        return None
    e, x, h = found
    div = _divisor(h, schema)
    conds = _on_conjuncts(q.source) + _conjuncts(q.where)
    return None if div is None or any(_has_sub(c) for c in conds) else (e, x, div)


def distinct_division_as_not_exists(q, schema, typed: bool):
    """``q`` (the module's grouped form) as the double ``NOT EXISTS``, else ``q``."""
    found = division_parts(q, schema, typed)
    if found is None:
        return q
    e, x, div = found
    conds = _on_conjuncts(q.source) + _conjuncts(q.where)
    p, y, distinct, f = div
    d = next(s for s in _leaves(q.source) if s.alias == x.alias)
    y = x.name if y is None else y
    t = schema.table(p.table)
    if (d.table != p.table or x.name.lower() != y.lower() or not t.never_null(y)
            or not (distinct or _unique(schema, p.table, y.lower()))):
        return q
    held = {repr(c) for c in conds}
    if not all(repr(realias(c, {p.alias: d.alias})) in held for c in f):
        return q
    return not_exists_form(q, e, x, p, y, f)


def not_exists_form(q, e, x, p, y: str, f: list):
    """``SELECT DISTINCT e FROM W WHERE r AND NOT EXISTS (SELECT 1 FROM P p WHERE f AND NOT
    EXISTS (SELECT 1 FROM W' WHERE r' AND e' = e AND x' = p.y))``: the law's right side."""
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
        ir.Cmp(CmpOp.EQ, realias(e, fresh), e, Ty.BOOL, Conv.NONE),
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
