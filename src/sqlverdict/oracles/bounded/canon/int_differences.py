"""A difference of integers against a literal as an offset (round 59, C4):
``integer_difference_offset``.

For ``x`` and ``y`` INTEGER columns in the typed domain (``int_compare._integral``; not
COUNTs: ``count_of_nulls`` reads ``COUNT(*) - COUNT(x)``) and ``c`` an integer literal:

- ``x - y op c`` is ``x op y + c`` (``op`` any of ``= <> < <= > >=``; ``c op x - y`` alike);
- ``x op y + c`` is ``y op' x - c`` (``op'`` mirrored): the two columns in one order;
- then ``x <= y + c`` is ``x < y + (c + 1)`` and ``x >= y + c`` is ``x > y + (c - 1)`` (no
  integer lies strictly between), ``y + 0`` is ``y`` and ``y + c`` of a negative ``c`` is ``y -
  |c|``; ``x op y + c`` spelled ``c + y`` or ``y - c`` reads the same way.

So ``n.s - k.e BETWEEN 1 AND 30`` reads as ``n.s > k.e AND n.s < k.e + 31``, as ``n.s > k.e
AND n.s <= k.e + 30`` does. Where the offset would become 0 (``x >= y + 1``, ``x <= y - 1``)
the law leaves the offset of one to ``integer_unit_offset``, which cancels it (``x > y``);
that law and ``strict_integer_comparison`` only rewrite comparisons without arithmetic on
one side or with an offset of one, so none undoes another. NULL in, NULL out. Not in the
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


def _column(e, typed: bool) -> bool:
    return isinstance(e, ir.Col) and int_compare._integral(e, typed)


def _offset(e, typed: bool):
    """(y, c) of ``y + c``, ``c + y`` or ``y - c`` (``y`` an integer column), else None."""
    if not isinstance(e, ir.Arith) or e.ty != Ty.INT:
        return None
    lit = int_compare._int_lit
    if e.op == ArithOp.ADD:
        for y, c in ((e.left, e.right), (e.right, e.left)):
            if lit(c) is not None and _column(y, typed):
                return y, lit(c)
    if e.op == ArithOp.SUB and lit(e.right) is not None and _column(e.left, typed):
        return e.left, -lit(e.right)
    return None


def _parts(e, typed: bool):
    """(op, x, y, c, difference?) reading ``e`` as ``x op y + c``, else None."""
    for left, right, op in ((e.left, e.right, e.op), (e.right, e.left, _MIRROR[e.op])):
        c = int_compare._int_lit(right)
        if (isinstance(left, ir.Arith) and left.op == ArithOp.SUB and left.ty == Ty.INT
                and c is not None and _column(left.left, typed) and _column(left.right, typed)):
            return op, left.left, left.right, c, True
        got = _offset(right, typed)
        if got is not None and _column(left, typed):
            return op, left, got[0], got[1], False
    return None


def _plus(op, x, y, c: int, ty):
    right = y if c == 0 else ir.Arith(ArithOp.ADD if c > 0 else ArithOp.SUB, y,
                                      ir.Lit(abs(c), Ty.INT), Ty.INT)
    return ir.Cmp(op, x, right, ty, Conv.NONE)


def _rewrite(e, typed: bool):
    if not (isinstance(e, ir.Cmp) and e.op in _MIRROR and e.conv == Conv.NONE):
        return e
    got = _parts(e, typed)
    if got is None:
        return e
    op, x, y, c, difference = got
    if repr(y) < repr(x):  # x op y + c is y op' x - c: one orientation
        op, x, y, c = _MIRROR[op], y, x, -c
    strict = {CmpOp.LE: (CmpOp.LT, c + 1), CmpOp.GE: (CmpOp.GT, c - 1)}.get(op, (op, c))
    if strict[1] == 0 and op != strict[0]:  # (an offset of one: integer_unit_offset's)
        return _plus(op, x, y, c, e.ty) if difference else e
    if not _INT64[0] < strict[1] < _INT64[1]:
        return e
    out = _plus(*strict[:1], x, y, strict[1], e.ty)
    return e if out == e else out


def integer_difference_offset(x, typed: bool):
    """``x`` (a query or an expression) with differences and offsets of integers read as
    the module says."""
    return _deep(x, lambda e: _rewrite(e, typed))


DIFFERENCE_RULES = (
    ("integer_difference_offset", "x - y op c is x op y + c, then x <= y + c is x < y + (c + 1) "
     "and x >= y + c is x > y + (c - 1) (an offset of one left to integer_unit_offset) for x, y "
     "typed INTEGER columns, c an integer literal (the proof states integer_arithmetic_in_range)",
     ("select", "cond", "value", "aggregate"),
     lambda canon, x, ctx: integer_difference_offset(x, canon.typed)),
)

# the integer laws in the order ``rules.RULES`` runs them (after ``integer_text_cast``)
INTEGER_FAMILY = (*DIFFERENCE_RULES, *int_compare.INTEGER_RULES)
