"""Quantified comparisons as WHERE conditions (issue 25, item 1): ``case_as_condition`` (a
CASE over EXISTS tests with constant results, what ``x op ANY|ALL (S)`` becomes in SQLite,
read as a condition) and ``extremum_as_exists`` (``x > (SELECT MIN(c) ...)`` as an EXISTS).
Both rewrite one WHERE/ON conjunct of an inner-joined select (the driver's site
``conjunct``), where only TRUE keeps a row."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, FuncName, LogicOp, Ty
from .terms import _and, _conjuncts


def _truthy(v) -> bool | None:
    """Does the constant ``v`` keep a row as a condition (None: not a constant read here)?"""
    if isinstance(v, ir.Lit) and v.ty in (Ty.INT, Ty.NULL, Ty.BOOL):
        return bool(v.value)
    return None


def _two_valued(c) -> bool:
    """Is ``c`` never NULL: EXISTS, IS NULL, or NOT of one of them?"""
    while isinstance(c, ir.Not):
        c = c.arg
    return isinstance(c, ir.Exists | ir.IsNull)


def _negated(c):
    return c.arg if isinstance(c, ir.Not) else ir.Not(c)


def case_as_condition(c):
    """``CASE WHEN c1 THEN v1 WHEN c2 THEN v2 .. ELSE vd END`` as a condition, every ``ci``
    two-valued (EXISTS, IS NULL) and every ``vi`` a constant, is the OR over the branches
    whose value is true of "this test holds and no earlier one does" (a WHEN takes the
    first test that holds; NULL and 0 keep no row). SQLite has no ``ANY``/``ALL``: the
    dialect translation writes ``x > ANY (S)`` as ``CASE WHEN EXISTS (S WHERE x > c) THEN 1
    WHEN EXISTS (S WHERE (x > c) IS NULL) THEN NULL ELSE 0 END``, which keeps a row exactly
    when ``EXISTS (S WHERE x > c)``; ``x > ALL (S)`` (0, NULL, 1) when neither EXISTS holds."""
    case = c.args[0] if isinstance(c, ir.Func) and c.name == FuncName.TRUTH else c
    if not isinstance(case, ir.Case) or not all(_two_valued(t) for t, _ in case.whens):
        return c
    values = [_truthy(v) for _, v in case.whens] + [_truthy(case.default)]
    if any(v is None for v in values):
        return c
    tests = [t for t, _ in case.whens]
    branches = []
    for i, keep in enumerate(values):
        if keep:
            branches.append(_and([*(_negated(t) for t in tests[:i]),
                                  *([tests[i]] if i < len(tests) else [])]))
    if not branches:
        return ir.Lit(0, Ty.BOOL)
    if any(b is None for b in branches):  # the default of no WHEN: every row
        return ir.Lit(1, Ty.BOOL)
    return branches[0] if len(branches) == 1 else ir.Logic(LogicOp.OR, tuple(branches))


# x op extremum: the op for which "x op MIN|MAX(c)" is "x op c for some c"
_SOME = {(CmpOp.GT, AggFn.MIN), (CmpOp.GE, AggFn.MIN), (CmpOp.LT, AggFn.MAX),
         (CmpOp.LE, AggFn.MAX)}
_FLIP = {CmpOp.GT: CmpOp.LT, CmpOp.GE: CmpOp.LE, CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE}


def _extremum(q):
    """(fn, column) of ``SELECT MIN|MAX(c) FROM F [WHERE p]`` (no GROUP BY, HAVING, LIMIT,
    OFFSET, DISTINCT items), else None."""
    if not (isinstance(q, ir.Select) and q.aggregate and not q.group_by and q.having is None
            and q.limit is None and not q.offset and q.bare_from is None
            and q.source is not None and len(q.items) == 1):
        return None
    a = q.items[0]
    if isinstance(a, ir.Agg) and a.fn in (AggFn.MIN, AggFn.MAX) and isinstance(a.arg, ir.Col):
        return a.fn, a.arg
    return None


def extremum_as_exists(c):
    """``x > (SELECT MIN(c) FROM F WHERE p)`` as a condition is ``EXISTS (SELECT 1 FROM F
    WHERE p AND x > c)`` (``>=`` too, and ``<``/``<=`` of MAX; Calcite's SubQueryRemoveRule
    prints ``> SOME`` as such a MIN). MIN and MAX skip NULLs and are NULL over no value, so
    the comparison keeps a row exactly when some non-NULL ``c`` satisfies it. Only when
    ``x`` and ``c`` are columns of one affinity and the comparison converts nothing: MIN
    orders the values as stored, the comparison then compares them as stored too (with a
    conversion, ``'10' < '9'`` as text but 10 > 9 as numbers)."""
    if not (isinstance(c, ir.Cmp) and c.op in _FLIP and c.conv == Conv.NONE):
        return c
    op, x, sub = c.op, c.left, c.right
    if isinstance(x, ir.ScalarSub):
        op, x, sub = _FLIP[op], sub, x
    if not isinstance(sub, ir.ScalarSub) or not isinstance(x, ir.Col):
        return c
    found = _extremum(sub.query)
    if found is None or (op, found[0]) not in _SOME:
        return c
    col = found[1]
    if col.affinity != x.affinity or col.affinity is None:
        return c
    q = sub.query
    test = ir.Cmp(op, x, col)
    body = dataclasses.replace(q, where=_and([*_conjuncts(q.where), test]), aggregate=False,
                               items=(ir.Lit(1, Ty.INT),), names=())
    return ir.Exists(body)
