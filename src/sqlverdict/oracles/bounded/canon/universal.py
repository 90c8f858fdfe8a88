"""More for-all tests of a group (issue 25, i41b), read by ``twins.bounds_as_no_counterexample``
and ``group_bounds.bounds_as_group_filter``: a HAVING conjunct that every row of the group
must meet, as the test of the rows that break it.

- ``SUM(CASE WHEN p THEN 0 ELSE n END) = 0`` (``n`` a positive integer literal; ``<= 0``,
  ``< 1``, either side): every row has ``p`` TRUE. The summed values are ``0`` or ``n``,
  never NULL, so over a group (never empty) the sum is an integer, ``0`` exactly when no row
  adds ``n``: no row where ``p`` is FALSE or NULL. A breaking row: ``p`` not TRUE.
- ``SUM(CASE WHEN p THEN n ELSE 0 END) = 0`` and ``COUNT(CASE WHEN p THEN v END) = 0`` (``v``
  a non-NULL literal; ELSE NULL or none for COUNT): no row has ``p`` TRUE. A breaking row:
  ``p``.
- ``COUNT(c) = COUNT(*)`` (either side): no row has ``c`` NULL. A breaking row: ``c IS
  NULL``.
- ``MIN(CASE WHEN p THEN 1 ELSE 0 END) = 1`` (either side; round 60): every row has ``p``
  TRUE. The values are 0 or 1, never NULL; a breaking row: ``p`` not TRUE.

The sums add one integer ``n`` (``1 <= n <= 2**16``) per row: SQLite's SUM raises an error
on overflow, which needs ``2**63 / n > 2**46`` rows in a group, more than a database of at
most ``2**48`` bytes holds. ``p``
not TRUE is ``NOT p OR p IS NULL`` only for the comparisons ``twins`` reads (a column of the
group's table against a non-NULL literal: NULL exactly when the column is), whose negation
is the flipped comparison with the same conversion; ``p`` TRUE reads any comparison of that
kind too. Without GROUP BY the sum over no rows is NULL (``= 0`` UNKNOWN): the callers only
read grouped selects.

Two or more breaking tests of one group are one ``NOT EXISTS`` of their OR (``twins``):
a row of the group breaks one of them exactly when it makes the OR TRUE. A column whose
``c IS NULL`` breaks a bound needs no ``COUNT(c) > 0`` beside ``MIN(c) >= v``: the group is
not empty and holds no NULL ``c``.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, LogicOp, Ty
from .joins import _not_null
from .keyed_anti_joins import _not_true
from .terms import _aliases_in, _has_sub

_NEGATED = {CmpOp.EQ: CmpOp.NE, CmpOp.NE: CmpOp.EQ, CmpOp.LT: CmpOp.GE, CmpOp.GE: CmpOp.LT,
            CmpOp.GT: CmpOp.LE, CmpOp.LE: CmpOp.GT}
_SWAP = {CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE, CmpOp.GT: CmpOp.LT, CmpOp.GE: CmpOp.LE,
         CmpOp.EQ: CmpOp.EQ}


def _column_test(p, scan):
    """(column, literal) of ``p`` a comparison of a column of ``scan`` with a non-NULL
    literal, else None."""
    if not (isinstance(p, ir.Cmp) and p.op in _NEGATED):
        return None
    x, lit = (p.left, p.right) if isinstance(p.left, ir.Col) else (p.right, p.left)
    if not (isinstance(x, ir.Col) and x.alias == scan.alias and isinstance(lit, ir.Lit)
            and lit.value is not None):
        return None
    return x, lit


def not_true(p, scan, schema):
    """The test that ``p`` is FALSE or NULL: of a comparison ``_column_test`` reads, the
    flipped comparison, ``OR x IS NULL`` for a column that may be NULL; of another condition
    over ``scan``'s columns and literals alone, without subqueries, the test of
    ``keyed_anti_joins._not_true`` (comparisons, IN lists, IS NULL tests under AND/OR);
    else None."""
    found = _column_test(p, scan)
    if found is None:
        if _has_sub(p) or _aliases_in(p) != {scan.alias}:
            return None
        return _possible(_not_true(p), scan, schema)
    x, _ = found
    flipped = dataclasses.replace(p, op=_NEGATED[p.op])
    return flipped if _not_null(x, [scan], schema) else ir.Logic(LogicOp.OR, (flipped, ir.IsNull(x)))


def _possible(t, scan, schema):
    """``t`` without its disjuncts ``x IS NULL`` of a column ``x`` declared never NULL
    (FALSE on every row), or None for None."""
    if isinstance(t, ir.Logic):
        args = [_possible(a, scan, schema) for a in t.args]
        if t.op == LogicOp.OR:
            args = [a for a in args if not (isinstance(a, ir.IsNull) and isinstance(a.arg, ir.Col)
                                            and _not_null(a.arg, [scan], schema))] or args
        return args[0] if len(args) == 1 else dataclasses.replace(t, args=tuple(args))
    return t


_MOST = 2 ** 16  # a positive n at most this: n times the rows a database can hold < 2**63


def _int(e, positive: bool) -> bool:
    """Is ``e`` the integer literal 0 (or a positive one up to ``_MOST``)?"""
    return (isinstance(e, ir.Lit) and e.ty == Ty.INT and isinstance(e.value, int)
            and not isinstance(e.value, bool)
            and (0 < e.value <= _MOST if positive else e.value == 0))


def against_int(h):
    """(op, aggregate, n) of ``a op n`` (either side, ``op`` read with ``a`` on the left), ``n``
    an integer literal, else None."""
    if not (isinstance(h, ir.Cmp) and h.conv == Conv.NONE):
        return None
    op, a, n = h.op, h.left, h.right
    if isinstance(a, ir.Lit):
        op, a, n = _SWAP.get(op, CmpOp.NE if op == CmpOp.NE else None), n, a
    if op is not None and isinstance(a, ir.Agg) and isinstance(n, ir.Lit) and n.ty == Ty.INT and isinstance(n.value, int):
        return op, a, n.value
    return None


def _at_most_zero(h):
    """The aggregate ``a`` of ``a = 0`` (``a <= 0``, ``a < 1``; either side), else None."""
    found = against_int(h)
    return found[1] if found and (found[0], found[2]) in ((CmpOp.EQ, 0), (CmpOp.LE, 0), (CmpOp.LT, 1)) else None


def _one_when(a):
    """(p, then, else) of a non-DISTINCT aggregate of ``CASE WHEN p THEN x ELSE y END``."""
    if not (isinstance(a, ir.Agg) and not a.distinct and isinstance(a.arg, ir.Case)
            and len(a.arg.whens) == 1):
        return None
    (p, then), other = a.arg.whens[0], a.arg.default
    return p, then, other


def _null(e) -> bool:
    return e is None or (isinstance(e, ir.Lit) and e.value is None)


def breaking_rows(h, scan, schema):
    """The test of the rows of a group that break the HAVING conjunct ``h`` (the module's
    forms), else None."""
    flag = _least_flag(h)
    if flag is not None:
        return not_true(flag, scan, schema)
    a = _at_most_zero(h)
    case = _one_when(a) if a is not None else None
    if case is not None:
        p, then, other = case
        if a.fn == AggFn.SUM and _int(then, False) and _int(other, True):
            return not_true(p, scan, schema)
        counted = (a.fn == AggFn.SUM and _int(then, True) and _int(other, False)) or (
            a.fn == AggFn.COUNT and isinstance(then, ir.Lit) and then.value is not None
            and _null(other))
        return p if counted and _column_test(p, scan) is not None else None
    if isinstance(h, ir.Cmp) and h.op == CmpOp.EQ and h.conv == Conv.NONE:
        star, c = (h.left, h.right) if h.left == _STAR else (h.right, h.left)
        if (star == _STAR and isinstance(c, ir.Agg) and c.fn == AggFn.COUNT and not c.distinct
                and isinstance(c.arg, ir.Col) and c.arg.alias == scan.alias):
            return ir.IsNull(c.arg)
    return None


_STAR = ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)


def _least_flag(h):
    """``p`` of ``MIN(CASE WHEN p THEN 1 ELSE 0 END) = 1`` (either side): every row has ``p``
    TRUE (a NULL ``p`` gives 0; a group is never empty), else None."""
    if not (isinstance(h, ir.Cmp) and h.op == CmpOp.EQ and h.conv == Conv.NONE):
        return None
    a, n = (h.left, h.right) if isinstance(h.right, ir.Lit) else (h.right, h.left)
    case = _one_when(a) if isinstance(a, ir.Agg) and a.fn == AggFn.MIN else None
    if case is None or not (_int(n, True) and n.value == 1):
        return None
    p, then, other = case
    return p if _int(then, True) and then.value == 1 and _int(other, False) else None


def null_tested(tests) -> set:
    """The columns ``c`` whose ``c IS NULL`` is a breaking test: a kept group holds none."""
    return {t.arg for t in tests if isinstance(t, ir.IsNull) and isinstance(t.arg, ir.Col)}


def any_of(tests):
    """One test of the OR of ``tests`` (itself when one)."""
    return tests[0] if len(tests) == 1 else ir.Logic(LogicOp.OR, tuple(tests))
