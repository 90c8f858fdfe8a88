"""A for-all read off a correlated MIN or MAX (issue 25, i40d): ``extremum_bound_as_not_exists``.

The textbook's "departments where every employee earns at least v" as ``COALESCE((SELECT
MIN(x) FROM F WHERE p), d) >= v`` (``>``; MAX with ``<=``, ``<``), ``d`` a literal with ``d
>= v`` TRUE, as a condition, is ``NOT EXISTS (SELECT 1 FROM F WHERE p AND x < v)``: MIN
skips NULLs and is NULL over none, which the COALESCE reads as ``d`` (TRUE, as the empty
``NOT EXISTS``); otherwise the least value meets the bound exactly when no value breaks it
(SQLite orders values of every class one way, for MIN and for ``<`` alike: ``x`` and ``v``
compared without conversion on both sides, ``v`` a number for a numeric column or an
expression without affinity, text for a TEXT column). ``x`` as ``COALESCE(c, k)``, ``k`` a
number literal, is read per row as ``c < v OR c IS NULL`` where ``k < v`` (else ``c < v``).
Where ``d >= v`` is FALSE the group with no value fails the bound: not this law (the
uncorrelated ALL form is ``twins.extremum_as_not_exists``).
"""

from __future__ import annotations

import dataclasses
import operator

from .. import ir
from ..ir.kinds import Affinity, AggFn, CmpOp, Conv, FuncName, LogicOp, Ty
from .terms import _and, _conjuncts, _leaves

_FLIP = {CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE, CmpOp.GT: CmpOp.LT, CmpOp.GE: CmpOp.LE}
_COUNTER = {(AggFn.MIN, CmpOp.GE): CmpOp.LT, (AggFn.MIN, CmpOp.GT): CmpOp.LE,
            (AggFn.MAX, CmpOp.LE): CmpOp.GT, (AggFn.MAX, CmpOp.LT): CmpOp.GE}
_PY = {CmpOp.LT: operator.lt, CmpOp.LE: operator.le, CmpOp.GT: operator.gt, CmpOp.GE: operator.ge}


def _number(e) -> bool:
    return (isinstance(e, ir.Lit) and isinstance(e.value, int | float)
            and not isinstance(e.value, bool))


def _fits(x, v) -> bool:
    """Do ``x`` per row and its MIN/MAX compare with the literal ``v`` alike (no
    conversion either way)?"""
    if isinstance(x, ir.Col):
        return (x.affinity == Affinity.TEXT and isinstance(v.value, str)) or (
            x.affinity in (Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC) and _number(v))
    return isinstance(x, ir.Func) and x.name == FuncName.COALESCE and _number(v)


def _extremum(e):
    """(fn, x, select) of ``(SELECT MIN|MAX(x) FROM F WHERE p)`` over inner-joined
    sources, no GROUP BY, HAVING, DISTINCT, LIMIT; else None."""
    if not (isinstance(e, ir.ScalarSub) and isinstance(s := e.query, ir.Select)):
        return None
    if not (s.aggregate and not s.group_by and s.having is None and s.limit is None
            and not s.offset and not s.distinct and s.bare_from is None and len(s.items) == 1
            and _leaves(s.source) is not None):
        return None
    a = s.items[0]
    if not (isinstance(a, ir.Agg) and a.fn in (AggFn.MIN, AggFn.MAX) and not a.distinct):
        return None
    return a.fn, a.arg, s


def _breaks(x, op: CmpOp, v):
    """The per-row test ``x op v``, a ``COALESCE(c, k)`` of a column read out."""
    if not (isinstance(x, ir.Func) and x.name == FuncName.COALESCE):
        return ir.Cmp(op, x, v, Ty.BOOL, Conv.NONE)
    c, k = x.args
    test = ir.Cmp(op, c, v, Ty.BOOL, Conv.NONE)
    return ir.Logic(LogicOp.OR, (test, ir.IsNull(c)), Ty.BOOL) if _PY[op](k.value, v.value) else test


def extremum_bound_as_not_exists(c):
    """``COALESCE((SELECT MIN(x) ..), d) >= v`` as a condition (module docstring) as ``NOT
    EXISTS`` a row breaking the bound; else ``c``."""
    if not (isinstance(c, ir.Cmp) and c.conv == Conv.NONE and c.op in _FLIP):
        return c
    op, left, v = c.op, c.left, c.right
    if isinstance(left, ir.Lit):
        op, left, v = _FLIP[op], v, left
    if not (isinstance(left, ir.Func) and left.name == FuncName.COALESCE and len(left.args) == 2
            and _number(d := left.args[1]) and _number(v)):
        return c
    got = _extremum(left.args[0])
    if got is None or (got[0], op) not in _COUNTER or not _PY[op](d.value, v.value):
        return c
    fn, x, s = got
    if isinstance(x, ir.Func) and not (
            x.name == FuncName.COALESCE and len(x.args) == 2 and isinstance(x.args[0], ir.Col)
            and _number(x.args[1]) and _fits(x.args[0], v)):
        return c
    if not _fits(x, v):
        return c
    test = _breaks(x, _COUNTER[(fn, op)], v)
    body = dataclasses.replace(s, where=_and([*_conjuncts(s.where), test]), aggregate=False,
                               items=(ir.Lit(1, Ty.INT),), names=())
    return ir.Not(ir.Exists(body))


SCALAR_BOUND_RULES = (
    ("extremum_bound_as_not_exists", "COALESCE((SELECT MIN(x) FROM F WHERE p), d) >= v (>; MAX "
     "<=, <), d >= v TRUE, as a condition is NOT EXISTS (SELECT 1 FROM F WHERE p AND x < v) "
     "(x, v compared without conversion; COALESCE(c, k) read per row)", ("conjunct",),
     lambda canon, c, ctx: extremum_bound_as_not_exists(c), False),
)
