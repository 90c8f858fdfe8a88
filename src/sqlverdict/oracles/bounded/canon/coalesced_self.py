"""A column compared with a COALESCE falling back to itself (round 59, C4):
``y op COALESCE(x, y)`` (``op`` reflexive: ``=``, ``<=``, ``>=``) is ``x IS NULL OR y op x``,
and (``op`` irreflexive: ``<``, ``>``, ``<>``) ``x IS NOT NULL AND y op x``, when ``y`` is a
column declared NOT NULL of a table inner-joined in the select (the COALESCE on either
side; "contracts overlap": ``a.start <= COALESCE(b.end, a.start)`` against ``b.end IS NULL
OR a.start <= b.end``). Where ``x`` is NULL the COALESCE is ``y`` and ``y op y`` is TRUE
(reflexive) or FALSE (irreflexive) for a non-NULL ``y``; elsewhere it is ``x``, and ``y op
x`` of two non-NULL values is never NULL: equal as values in three-valued logic. ``x`` and
``y`` are columns of one numeric affinity (INTEGER, REAL, NUMERIC) compared without
conversion: the COALESCE has no affinity, so ``y``'s NUMERIC affinity reaches ``x``'s value,
which a column of numeric affinity already holds as NUMERIC affinity leaves it. Only the
select's own WHERE and ON conjuncts; no collated table."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Affinity, CmpOp, Conv, FuncName, JoinKind, LogicOp, Ty
from .joins import _not_null
from .terms import _leaves

_REFLEXIVE = (CmpOp.EQ, CmpOp.LE, CmpOp.GE)
_IRREFLEXIVE = (CmpOp.LT, CmpOp.GT, CmpOp.NE)
_FLIP = {CmpOp.LT: CmpOp.GT, CmpOp.GT: CmpOp.LT, CmpOp.LE: CmpOp.GE, CmpOp.GE: CmpOp.LE,
         CmpOp.EQ: CmpOp.EQ, CmpOp.NE: CmpOp.NE}
_NUMERIC = (Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC)


def coalesce_of_self(q, schema):
    """``q`` with its WHERE and ON conjuncts read as the module says, else ``q``."""
    if not isinstance(q, ir.Select):
        return q
    leaves = _leaves(q.source)
    if not leaves or any(isinstance(x, ir.Scan) and schema.table(x.table).collated for x in leaves):
        return q

    def conj(c):
        if isinstance(c, ir.Logic) and c.op == LogicOp.AND:
            args = tuple(conj(a) for a in c.args)
            return c if all(a is b for a, b in zip(args, c.args, strict=True)) else dataclasses.replace(c, args=args)
        return _one(c, leaves, schema) or c

    def source(s):
        if isinstance(s, ir.Join) and s.kind in (JoinKind.INNER, JoinKind.CROSS):
            left, right = source(s.left), source(s.right)
            on = conj(s.on) if s.on is not None else None
            if left is s.left and right is s.right and on is s.on:
                return s
            return dataclasses.replace(s, left=left, right=right, on=on)
        return s
    where = conj(q.where) if q.where is not None else None
    src = source(q.source)
    if where is q.where and src is q.source:
        return q
    return dataclasses.replace(q, where=where, source=src)


def _one(c, leaves, schema):
    """The law's reading of one comparison, or None."""
    if not (isinstance(c, ir.Cmp) and c.op in _FLIP and c.conv == Conv.NONE):
        return None
    for y, other, op in ((c.left, c.right, c.op), (c.right, c.left, _FLIP[c.op])):
        if not (isinstance(other, ir.Func) and other.name == FuncName.COALESCE
                and len(other.args) == 2 and other.args[1] == y and isinstance(y, ir.Col)):
            continue
        x = other.args[0]
        if not (isinstance(x, ir.Col) and x.affinity == y.affinity and y.affinity in _NUMERIC
                and x.ty == y.ty and _not_null(y, leaves, schema)):
            continue
        cmp = ir.Cmp(op, y, x, Ty.BOOL, Conv.NONE)
        if op in _REFLEXIVE:
            return ir.Logic(LogicOp.OR, (ir.IsNull(x), cmp), Ty.BOOL)
        return ir.Logic(LogicOp.AND, (ir.Not(ir.IsNull(x)), cmp), Ty.BOOL)
    return None
