"""A difference of integers against a literal as an offset (round 59, C4):
``integer_difference_offset``.

For ``x`` and ``y`` integral (``int_compare._integral``: a COUNT, a one-COUNT scalar
subquery, and in the typed domain an INTEGER column) and ``c`` an integer literal:

- ``x - y op c`` is ``x op y + c`` (``op`` any of ``= <> < <= > >=``; ``c op x - y`` alike);
- then ``x <= y + c`` is ``x < y + (c + 1)`` and ``x >= y + c`` is ``x > y + (c - 1)`` (no
  integer lies strictly between), ``y + 0`` is ``y`` and ``y + c`` of a negative ``c`` is ``y -
  |c|``; ``x op y + c`` spelled ``c + y`` or ``y - c`` reads the same way.

So ``n.s - k.e BETWEEN 1 AND 30`` reads as ``n.s > k.e AND n.s < k.e + 31``, as ``n.s > k.e
AND n.s <= k.e + 30`` does. ``integer_unit_offset`` and ``strict_integer_comparison`` only
rewrite comparisons without arithmetic on one side, or with an offset of one that this law
leaves as it found it, so the three never undo each other. NULL in, NULL out. Not in the
sqlite domain for columns (an INTEGER column may hold ``1.5`` or text); the proof states
``integer_arithmetic_in_range`` (``staging._int_range``: the queries compute ``+``/``-`` on
INTEGER columns), since SQLite turns an overflowing result into a REAL.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import ArithOp, CmpOp, Conv, Ty
from . import int_compare
from .terms import _deep

_MIRROR = {CmpOp.LT: CmpOp.GT, CmpOp.GT: CmpOp.LT, CmpOp.LE: CmpOp.GE, CmpOp.GE: CmpOp.LE,
           CmpOp.EQ: CmpOp.EQ, CmpOp.NE: CmpOp.NE}
_INT64 = (-(2 ** 63), 2 ** 63 - 1)


def _offset(e, typed: bool):
    """(y, c) of ``y + c``, ``c + y`` or ``y - c`` (``y`` integral), else None."""
    if not isinstance(e, ir.Arith) or e.ty != Ty.INT:
        return None
    lit = int_compare._int_lit
    if e.op == ArithOp.ADD:
        for y, c in ((e.left, e.right), (e.right, e.left)):
            if lit(c) is not None and int_compare._integral(y, typed):
                return y, lit(c)
    if e.op == ArithOp.SUB and lit(e.right) is not None and int_compare._integral(e.left, typed):
        return e.left, -lit(e.right)
    return None


def _difference(e, typed: bool):
    """(x, y) of ``x - y``, both integral, else None."""
    if (isinstance(e, ir.Arith) and e.op == ArithOp.SUB and e.ty == Ty.INT
            and int_compare._integral(e.left, typed) and int_compare._integral(e.right, typed)):
        return e.left, e.right
    return None


def _parts(e, typed: bool):
    """(op, x, y, c) reading ``e`` as ``x op y + c``, else None."""
    for left, right, op in ((e.left, e.right, e.op), (e.right, e.left, _MIRROR[e.op])):
        d, c = _difference(left, typed), int_compare._int_lit(right)
        if d is not None and c is not None:
            return op, d[0], d[1], c
        got = _offset(right, typed)
        if got is not None and int_compare._integral(left, typed):
            return op, left, got[0], got[1]
    return None


def _rewrite(e, typed: bool):
    if not (isinstance(e, ir.Cmp) and e.op in _MIRROR and e.conv == Conv.NONE):
        return e
    got = _parts(e, typed)
    if got is None:
        return e
    op, x, y, c = got
    if op == CmpOp.LE:
        op, c = CmpOp.LT, c + 1
    elif op == CmpOp.GE:
        op, c = CmpOp.GT, c - 1
    if not _INT64[0] < c < _INT64[1]:
        return e
    if c == 0:
        right = y
    else:
        right = ir.Arith(ArithOp.ADD if c > 0 else ArithOp.SUB, y, ir.Lit(abs(c), Ty.INT), Ty.INT)
    out = ir.Cmp(op, x, right, e.ty, Conv.NONE)
    return e if out == e else out


def integer_difference_offset(x, typed: bool):
    """``x`` (a query or an expression) with differences and offsets of integers read as
    the module says."""
    return _deep(x, lambda e: _rewrite(e, typed))


DIFFERENCE_RULES = (
    ("integer_difference_offset", "x - y op c is x op y + c, then x <= y + c is x < y + (c + 1) "
     "and x >= y + c is x > y + (c - 1) (y + 0: y) for x, y COUNTs, one-COUNT subqueries or "
     "(typed) INTEGER columns, c an integer literal (the proof states integer_arithmetic_in_range)",
     ("select", "cond", "value", "aggregate"),
     lambda canon, x, ctx: integer_difference_offset(x, canon.typed)),
)
