"""A count of some rows against the count of all of them (i56a): ``subset_count_as_not_exists``.

"Every site of the study activated", "every cargo of the voyage grain":

    (SELECT COUNT(a) FROM F WHERE w AND p1 ..) = (SELECT COUNT(*) FROM F WHERE w)

is ``NOT EXISTS (SELECT 1 FROM F WHERE w AND (a IS NULL OR NOT p1 .. ))`` as a condition:
the left counts a sub-bag of the right's rows (those where each ``pi`` is TRUE and ``a`` is
not NULL), never more, and as many exactly when no row of ``F WHERE w`` is left out. A row
is left out when ``a`` is NULL or some ``pi`` is FALSE or NULL: the breaking test is
``universal.not_true`` (a column against a non-NULL literal, flipped, ``OR x IS NULL`` where
``x`` may be NULL), ``x IS NOT NULL`` (``x IS NULL``) or ``x IS NULL`` (``x IS NOT NULL``).

Both counts are never NULL, so the comparison is TRUE or FALSE as the ``NOT EXISTS`` is;
``<>`` (the part below the whole) is the ``EXISTS``. The whole may count ``COUNT(k)`` of a
column declared never NULL (every row). The two selects read one FROM (the same tables in
the same order, the part's aliases renamed to the whole's) and the part's conditions hold
all of the whole's; neither has GROUP BY, DISTINCT or LIMIT (``division._count_select``).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv
from ..ir.walk import realias
from .division import _count_select, _exists
from .terms import _and, _conjuncts, _has_sub, _leaves, _on_conjuncts
from .universal import any_of, not_true

# comparisons of (part, whole) that hold exactly when none is left out, or when some is
_NONE_LEFT = {CmpOp.EQ, CmpOp.GE}
_SOME_LEFT = {CmpOp.NE, CmpOp.LT}
_SWAPPED = {CmpOp.EQ: CmpOp.EQ, CmpOp.NE: CmpOp.NE, CmpOp.LT: CmpOp.GT, CmpOp.GT: CmpOp.LT,
            CmpOp.LE: CmpOp.GE, CmpOp.GE: CmpOp.LE}


def _scans(s):
    leaves = _leaves(s.source)
    if leaves is None or not all(isinstance(x, ir.Scan) for x in leaves):
        return None
    return leaves


def _whole(s, schema) -> bool:
    """Does ``s`` count every row it reads (COUNT(*), COUNT of a column declared never
    NULL)?"""
    a = s.items[0]
    if a.fn == AggFn.COUNT_STAR:
        return True
    scans = {x.alias: x for x in _scans(s)}
    return (a.fn == AggFn.COUNT and not a.distinct and isinstance(a.arg, ir.Col)
            and a.arg.alias in scans and schema.table(scans[a.arg.alias].table).never_null(a.arg.name))


def _breaking(c, scans, schema):
    """The test of the rows that ``c`` (an extra conjunct of the part) leaves out, or None."""
    if isinstance(c, ir.IsNull) and isinstance(c.arg, ir.Col):
        return ir.Not(c)
    if isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull) and isinstance(c.arg.arg, ir.Col):
        return c.arg
    for scan in scans:
        t = not_true(c, scan, schema)
        if t is not None:
            return t
    return None


def _left_out(part, whole, schema):
    """The test of the rows of ``whole`` that ``part`` does not count, or None where
    ``part`` does not read a sub-bag of ``whole``'s rows (the module's forms)."""
    ps, ws = _scans(part), _scans(whole)
    if ps is None or ws is None or len(ps) != len(ws) or not _whole(whole, schema):
        return None
    if any(a.table != b.table for a, b in zip(ps, ws, strict=True)):
        return None
    part = realias(part, {a.alias: b.alias for a, b in zip(ps, ws, strict=True)})
    if _on_conjuncts(part.source) or _on_conjuncts(whole.source):
        return None
    if part.source != whole.source:
        return None
    mine = {repr(c) for c in _conjuncts(whole.where)}
    theirs = _conjuncts(part.where)
    if not mine <= {repr(c) for c in theirs}:
        return None
    tests = []
    for c in (c for c in theirs if repr(c) not in mine):
        t = None if _has_sub(c) else _breaking(c, ws, schema)
        if t is None:
            return None
        tests.append(t)
    a = part.items[0]
    if a.fn == AggFn.COUNT and not a.distinct and isinstance(a.arg, ir.Col):
        if not _whole(dataclasses.replace(part, items=(a,)), schema):
            tests.append(ir.IsNull(a.arg))
    elif a.fn != AggFn.COUNT_STAR:
        return None
    return whole, tests


def subset_count_as_not_exists(c, schema):
    """The comparison ``c`` of a part's count with the whole's as ``NOT EXISTS`` of a row
    left out (``EXISTS`` for ``<>``), else ``c``."""
    if not (isinstance(c, ir.Cmp) and c.conv == Conv.NONE and c.op in _SWAPPED):
        return c
    for a, b, op in ((c.left, c.right, c.op), (c.right, c.left, _SWAPPED[c.op])):
        part, whole = _count_select(a), _count_select(b)
        if part is None or whole is None or (op not in _NONE_LEFT and op not in _SOME_LEFT):
            continue
        found = _left_out(part, whole, schema)
        if found is None or not found[1]:
            continue
        whole, tests = found
        some = _exists(whole.source, _and([*_conjuncts(whole.where), any_of(tests)]))
        return some if op in _SOME_LEFT else ir.Not(some)
    return c


SUBSET_COUNT_RULE = (
    "subset_count_as_not_exists", "(SELECT COUNT(a) FROM F WHERE w AND p ..) = (SELECT "
    "COUNT(*) FROM F WHERE w) as a condition is NOT EXISTS (SELECT 1 FROM F WHERE w AND (a IS "
    "NULL OR p not TRUE ..)), p a column against a non-NULL literal or an IS (NOT) NULL test; "
    "<> (the part below the whole) is the EXISTS", ("conjunct",),
    lambda canon, c, ctx: subset_count_as_not_exists(c, canon.schema))
