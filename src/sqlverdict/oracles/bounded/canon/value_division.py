"""Division by the distinct values of a column (round 59, i59c): ``value_division_by_counting``.

"The interviews with a criterion left unrated" counts a row's values against all values
the table holds:

    (SELECT COUNT(..) FROM T s WHERE r) < (SELECT COUNT(DISTINCT y) FROM T [WHERE f])

is ``EXISTS (SELECT 1 FROM T t WHERE f AND NOT EXISTS (SELECT 1 FROM T s WHERE r AND s.y =
t.y))``, and ``=`` is its ``NOT EXISTS`` (``division.division_by_counting`` with the divisor's
rows the distinct values of a column, not the rows of a keyed table). Conditions: one scan
on each side, of one uncollated table; ``y`` declared NOT NULL; ``r`` holds every conjunct
of ``f`` (on ``s``), so the dividend's rows are among the divisor's; the dividend counts
each value once: ``COUNT(DISTINCT s.y)``, or ``COUNT(*)`` (``COUNT(s.y)``) where ``y`` and
the columns ``r`` fixes to an outer column or a literal hold a unique key of ``T``; no
subquery in ``r`` or ``f``.

Round 61 (i61f, "the warehouses that received every category"): the dividend may be an
inner join of scans, one of them ``s`` a scan of ``T`` whose ``COUNT(DISTINCT s.y)`` it
counts (``r`` its ONs and WHERE); the inner ``NOT EXISTS`` is that join with ``s.y = t.y``.
The kept rows' ``s`` still meet ``f``, so their values are among the divisor's.

Sound in SQLite: the dividend counts the distinct ``y`` of the rows ``r`` keeps, a subset
of the distinct ``y`` of the rows ``f`` keeps (the divisor; COUNT(DISTINCT) and ``=`` of one
column compare alike: one affinity, no collation), so it is never above the divisor and
equal exactly when no value of the divisor is missing from the kept rows. Neither count is
NULL; no NULL ``y`` is skipped by the count yet unmatched by ``=``. Near misses: a NULL-able
``y``, a divisor filter that ``r`` lacks (a value outside the divisor counted), ``COUNT(*)``
of rows that repeat a value, another table's values.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Ty
from ..ir.walk import realias
from .division import _count_select, _exists
from .fk_division import _OPS, fewer
from .terms import (
    _aliases_in,
    _and,
    _conjuncts,
    _has_sub,
    _leaves,
    _on_conjuncts,
    _tree_aliases,
    _unique_keys,
)


def _values(e, schema):
    """``(SELECT COUNT(DISTINCT t.y) FROM T t WHERE f)`` as (scan, y, f), ``y`` NOT NULL, else None."""
    s = _count_select(e)
    if s is None or not isinstance(t := s.source, ir.Scan) or schema.table(t.table).collated:
        return None
    a, f = s.items[0], _conjuncts(s.where)
    if not (a.fn == AggFn.COUNT and a.distinct and isinstance(a.arg, ir.Col) and a.arg.alias == t.alias
            and schema.table(t.table).never_null(a.arg.name)):
        return None
    if any(_has_sub(c) or _aliases_in(c) != {t.alias} for c in f):
        return None
    return t, a.arg, f


def _once(agg, s: ir.Scan, y: ir.Col, r: list, schema) -> bool:
    """Does the dividend's aggregate count each value of ``y`` once?"""
    if agg.fn == AggFn.COUNT and agg.distinct and agg.arg == y:
        return True
    if not (agg.fn == AggFn.COUNT_STAR or (agg.fn == AggFn.COUNT and agg.arg == y)):
        return False
    fixed = {y.name.lower()}
    for c in r:
        if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv:
            for mine, other in ((c.left, c.right), (c.right, c.left)):
                if (isinstance(mine, ir.Col) and mine.alias == s.alias
                        and isinstance(other, (ir.Col, ir.Lit)) and s.alias not in _aliases_in(other)):
                    fixed.add(mine.name.lower())
    return any(k and set(k) <= fixed for k in _unique_keys(schema.table(s.table)))


def _counted_scan(sub):
    """The dividend's scan of ``T``: its source, or (round 61, i61f) the scan of an inner join
    of scans whose column ``COUNT(DISTINCT ..)`` counts, else None."""
    if isinstance(sub.source, ir.Scan):
        return sub.source
    leaves, a = _leaves(sub.source), sub.items[0]
    if not (leaves and all(isinstance(x, ir.Scan) for x in leaves) and a.fn == AggFn.COUNT
            and a.distinct and isinstance(a.arg, ir.Col)):
        return None
    return next((x for x in leaves if x.alias == a.arg.alias), None)


def value_division_by_counting(c, schema):
    """The module's law on a condition, else ``c``."""
    if not (isinstance(c, ir.Cmp) and c.op in _OPS and not c.conv):
        return c
    for a, b in ((c.left, c.right), (c.right, c.left)):
        div, sub = _values(a, schema), _count_select(b)
        s = None if div is None or sub is None else _counted_scan(sub)
        if s is None:
            continue
        t, y, f = div
        short = fewer(c, b)
        r = _on_conjuncts(sub.source) + _conjuncts(sub.where)
        sy = ir.Col(s.alias, y.name, y.ty, y.affinity)
        held = {repr(x) for x in r}
        if (s.table != t.table or t.alias in _tree_aliases(sub.source) or (c.op != CmpOp.EQ and not short)
                or any(_has_sub(x) for x in r) or t.alias in _aliases_in(r)
                or not all(repr(realias(x, {t.alias: s.alias})) in held for x in f)
                or not (_once(sub.items[0], s, sy, r, schema) if s is sub.source
                        else sub.items[0].distinct and sub.items[0].arg == sy)):
            continue
        inner = _exists(sub.source, _and([*r, ir.Cmp(CmpOp.EQ, sy, y, Ty.BOOL)]))
        missing = _exists(t, _and([*f, ir.Not(inner)]))
        return missing if short else ir.Not(missing)
    return c


VALUE_DIVISION_RULE = (
    "value_division_by_counting", "(SELECT COUNT(DISTINCT s.y) FROM T s WHERE r) = (SELECT "
    "COUNT(DISTINCT y) FROM T WHERE f), y NOT NULL, r holding f, is NOT EXISTS (SELECT 1 FROM T t "
    "WHERE f AND NOT EXISTS (SELECT 1 FROM T s WHERE r AND s.y = t.y)); the dividend below the "
    "divisor is the EXISTS; COUNT(*) where y and the columns r fixes hold a key",
    ("conjunct",), lambda canon, c, ctx: value_division_by_counting(c, canon.schema), False)
