"""Constants and WHERE facts: ``fold`` and ``filter_facts`` (bounds, contradictions, columns
fixed to a literal, non-NULL columns)."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import ArithOp, CmpOp, FuncName, LogicOp, Ty
from .terms import FALSE, TRUE, _deep, _key, _map_children, _normalize

# (module names: ``fold`` and ``_bound`` read them at every expression and conjunct)
_AND, _EQ, _INT, _MUL = LogicOp.AND, CmpOp.EQ, Ty.INT, ArithOp.MUL
_INT_TEXT, _NUMBERS, _ADD_SUB = (Ty.INT, Ty.TEXT), (Ty.INT, Ty.REAL), (ArithOp.ADD, ArithOp.SUB)
_BOUNDS = (CmpOp.EQ, CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE)
_MIRROR = {CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE, CmpOp.GT: CmpOp.LT, CmpOp.GE: CmpOp.LE}


def fold(e):
    """Comparisons of two literals of one type, and AND/OR/NOT/CASE over TRUE and FALSE,
    evaluated; ``x + 0``, ``x - 0`` and ``x * 1`` of a number are ``x``."""
    def f(y):
        if isinstance(y, ir.Cmp) and not y.conv and isinstance(y.left, ir.Lit) \
                and isinstance(y.right, ir.Lit) and y.left.ty == y.right.ty \
                and y.left.ty in _INT_TEXT and y.op in _CMP:
            return TRUE if _CMP[y.op](y.left.value, y.right.value) else FALSE
        if isinstance(y, ir.Logic):
            args = [a for a in y.args if a != (TRUE if y.op == _AND else FALSE)]
            if (FALSE if y.op == _AND else TRUE) in args:
                return FALSE if y.op == _AND else TRUE
            if not args:
                return TRUE if y.op == _AND else FALSE
            return args[0] if len(args) == 1 else dataclasses.replace(y, args=tuple(args))
        if isinstance(y, ir.Not) and y.arg in (TRUE, FALSE):
            return FALSE if y.arg == TRUE else TRUE
        if isinstance(y, ir.Arith) and y.ty in _NUMBERS and y.left.ty == y.ty \
                and isinstance(y.right, ir.Lit) and y.right.ty == _INT \
                and ((y.op in _ADD_SUB and y.right.value == 0) or (y.op == _MUL and y.right.value == 1)):
            return y.left
        if isinstance(y, ir.Case):
            whens, seen = [], set()
            for cond, val in y.whens:
                if cond == FALSE or _key(cond) in seen:
                    continue  # never taken, or taken by an earlier arm
                if cond == TRUE:
                    return val if not whens else dataclasses.replace(y, whens=tuple(whens), default=val)
                seen.add(_key(cond))
                whens.append((cond, val))
            if not whens:
                return y.default
            return dataclasses.replace(y, whens=tuple(whens)) if len(whens) != len(y.whens) else y
        return y
    return _deep(e, f)


_CMP = {CmpOp.EQ: lambda a, b: a == b, CmpOp.NE: lambda a, b: a != b, CmpOp.LT: lambda a, b: a < b,
        CmpOp.LE: lambda a, b: a <= b, CmpOp.GT: lambda a, b: a > b, CmpOp.GE: lambda a, b: a >= b}


# ---- derived tables


def filter_facts(conds: list) -> list:
    """WHERE conjuncts (a row passes when each is true) with what they say taken at face
    value: ``x = x`` is ``x IS NOT NULL``; bounds of one column by literals keep the
    tightest (``x > 10 AND x > 5``: ``x > 10``); a column equal to two different literals,
    bounds that exclude each other, or ``x IS NULL`` next to a conjunct that rejects a NULL
    ``x`` make the conjunction FALSE."""
    out = []
    lower: dict = {}
    upper: dict = {}
    equal: dict = {}
    for c in conds:
        if isinstance(c, ir.Cmp) and c.op == _EQ and not c.conv and c.left == c.right:
            c = ir.Not(ir.IsNull(c.left))
        b = _bound(c)
        if b is not None:
            col, op, v = b
            if op == CmpOp.EQ:
                if col in equal and equal[col] != v:
                    return [FALSE]
                equal[col] = v
            elif op in (CmpOp.GT, CmpOp.GE):
                if col not in lower or (v, op == CmpOp.GT) > lower[col]:
                    lower[col] = (v, op == CmpOp.GT)
                continue
            else:
                if col not in upper or (v, op == CmpOp.LE) < upper[col]:
                    upper[col] = (v, op == CmpOp.LE)
                continue
        out.append(c)
    for col, (v, strict) in lower.items():
        out.append(ir.Cmp(CmpOp.LT if strict else CmpOp.LE, ir.Lit(v, col[2]), ir.Col(*col[:2], col[2], col[3])))
        if col in upper and (upper[col][0] < v or (upper[col][0] == v and (strict or not upper[col][1]))):
            return [FALSE]
        if col in equal and (equal[col] < v or (equal[col] == v and strict)):
            return [FALSE]
    for col, (v, inclusive) in upper.items():
        out.append(ir.Cmp(CmpOp.LE if inclusive else CmpOp.LT, ir.Col(*col[:2], col[2], col[3]), ir.Lit(v, col[2])))
        if col in equal and (equal[col] > v or (equal[col] == v and not inclusive)):
            return [FALSE]
    nulls = {(c.arg.alias, c.arg.name) for c in out if isinstance(c, ir.IsNull) and isinstance(c.arg, ir.Col)}
    for c in out:
        if not isinstance(c, ir.IsNull) and any(_rejects_col(c, n) for n in nulls):
            return [FALSE]
    return out


def _bound(c):
    """(column, op, value) for ``col op literal`` (or ``literal op col``) of one numeric
    type without conversion; None otherwise."""
    if not (isinstance(c, ir.Cmp) and not c.conv and c.op in _BOUNDS):
        return None
    left, right, op = c.left, c.right, c.op
    if isinstance(left, ir.Lit) and isinstance(right, ir.Col):
        left, right, op = right, left, _MIRROR.get(op, op)
    if not (isinstance(left, ir.Col) and isinstance(right, ir.Lit) and left.ty == right.ty
            and left.ty in _NUMBERS and right.value is not None):
        return None
    return (left.alias, left.name, left.ty, left.affinity), op, right.value


def _rejects_col(c, col) -> bool:
    """Is conjunct ``c`` never true when column ``col`` is NULL (it compares the column)?"""
    def strict(e):
        if isinstance(e, ir.Col):
            return (e.alias, e.name) == col
        if isinstance(e, ir.Arith):
            return strict(e.left) or strict(e.right)
        return isinstance(e, ir.Neg) and strict(e.arg)
    if isinstance(c, ir.Cmp):
        return c.op not in (CmpOp.IS, CmpOp.IS_NOT) and (strict(c.left) or strict(c.right))
    if isinstance(c, (ir.Like, ir.InList, ir.InSub)):
        return strict(c.arg)
    if isinstance(c, ir.Logic):  # AND: one argument never TRUE; OR: none ever TRUE
        found = [_rejects_col(a, col) for a in c.args]
        return any(found) if c.op == LogicOp.AND else all(found)
    return isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull) and strict(c.arg.arg)


def _constants(conds: list) -> dict:
    """Columns that a conjunct ``col = literal`` (one type, no conversion) fixes, as that
    literal."""
    out = {}
    for c in conds:
        if (isinstance(c, ir.Cmp) and c.op == _EQ and not c.conv and isinstance(c.left, ir.Col)
                and isinstance(c.right, ir.Lit) and c.right.ty == c.left.ty and c.right.value is not None):
            out[(c.left.alias, c.left.name)] = c.right
    return out


def _known(e, not_null: set):
    """``COALESCE(x, ...)`` of a column ``x`` that is never NULL here is ``x``."""
    def f(y):
        if (isinstance(y, ir.Func) and y.name == FuncName.COALESCE and isinstance(y.args[0], ir.Col)
                and (y.args[0].alias, y.args[0].name) in not_null and y.args[0].ty == y.ty):
            return y.args[0]
        return y
    return _map_children(f(e), lambda c: _known(c, not_null)) if isinstance(e, ir.Expr) else e


# ---- implied conjuncts


def _parts(e, op: LogicOp) -> list:
    """The arguments of ``e`` under ``op`` (AND or OR), ``e`` itself when it is not one;
    ``x IN (a, b)`` reads as ``x = a OR x = b`` (``_normalize``)."""
    e = _deep(e, _normalize)
    return list(e.args) if isinstance(e, ir.Logic) and e.op == op else [e]


def implied_conjuncts(conds: list) -> list:
    """WHERE conjuncts (a row passes when each is TRUE) without those another one implies:
    ``C`` (``c1 OR ... OR cm``) goes when a kept conjunct ``D`` (``d1 OR ... OR dk``, each
    ``di`` an AND) has in every ``di`` a conjunct that is one of the ``cj``. In three-valued
    logic ``D`` TRUE makes some ``di`` TRUE, so each of its conjuncts, so that ``cj`` and
    ``C``: dropping ``C`` keeps the same rows (``((a AND b) OR (c AND d)) AND (a OR c)``)."""
    kept = list(conds)
    for c in conds:
        want = {_key(x) for x in _parts(c, LogicOp.OR)}
        for d in kept:
            if d is c or _key(d) == _key(c):
                continue
            if all({_key(y) for y in _parts(x, LogicOp.AND)} & want for x in _parts(d, LogicOp.OR)):
                kept.remove(c)
                break
    return conds if len(kept) == len(conds) else kept
