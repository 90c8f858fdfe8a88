"""A unit offset across a comparison of integers (round 58, i58b): ``integer_unit_offset``.

For ``x`` and ``a`` integral (``int_compare._integral``: a COUNT, a one-COUNT scalar
subquery, and in the typed domain an INTEGER column), no literal:

- ``x >= a + 1`` is ``x > a`` and ``x < a + 1`` is ``x <= a`` (``1 + a`` too);
- ``x <= a - 1`` is ``x < a`` and ``x > a - 1`` is ``x >= a``;
- the offset on ``x``'s side moves across: ``x + 1 <= a`` is ``x < a``, ``x - 1 >= a`` is
  ``x > a``, and so on.

No integer lies strictly between ``a`` and ``a + 1``; NULL in, NULL out (the comparison is
NULL either way). Hence ``x BETWEEN a + 1 AND b - 1`` (lowered to ``>=`` and ``<=``) reads
as ``x > a AND x < b``: the "strictly inside a session" filter both ways.

Not in the sqlite domain for columns: an INTEGER column may hold ``1.5`` (``1.5 >= 0 + 1``
but ``1.5 > 1``) or text. At the edge of 64 bits SQLite makes ``a + 1`` and ``a - 1`` a
REAL: ``a + 1`` of ``2**63 - 1`` is ``2**63``, above every integer, so the ``+`` forms
still agree; ``a - 1`` of ``-2**63`` rounds to ``-2**63`` (``x <= a - 1`` holds at ``x =
-2**63`` where ``x < a`` does not). A COUNT is never negative, so only a column there: the
queries then apply ``-`` to an INTEGER column, and the proof states
``integer_arithmetic_in_range`` (``staging._int_range``). The offset must be the literal
``1`` with no conversion on the comparison.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import ArithOp, CmpOp, Conv
from .int_compare import _int_lit, _integral
from .terms import _deep

# (op, offset on the right) -> op of the comparison without it
_CANCEL = {(CmpOp.GE, 1): CmpOp.GT, (CmpOp.LT, 1): CmpOp.LE,
           (CmpOp.LE, -1): CmpOp.LT, (CmpOp.GT, -1): CmpOp.GE}
_MIRROR = {CmpOp.LT: CmpOp.GT, CmpOp.GT: CmpOp.LT, CmpOp.LE: CmpOp.GE, CmpOp.GE: CmpOp.LE}


def _unit(e, typed: bool):
    """(a, d) for ``a + 1`` / ``1 + a`` (d = 1) or ``a - 1`` (d = -1), ``a`` integral."""
    if not isinstance(e, ir.Arith):
        return None
    if e.op == ArithOp.ADD:
        for a, one in ((e.left, e.right), (e.right, e.left)):
            if _int_lit(one) == 1 and _integral(a, typed):
                return a, 1
    if e.op == ArithOp.SUB and _int_lit(e.right) == 1 and _integral(e.left, typed):
        return e.left, -1
    return None


def _cancel(e, typed: bool):
    if not (isinstance(e, ir.Cmp) and e.op in _MIRROR and e.conv == Conv.NONE):
        return e
    if _integral(e.left, typed) and (got := _unit(e.right, typed)) is not None:
        op = _CANCEL.get((e.op, got[1]))
        return e if op is None else dataclasses.replace(e, op=op, right=got[0])
    if _integral(e.right, typed) and (got := _unit(e.left, typed)) is not None:
        # a + d op x is x op' a + d (op' the mirror); cancelled, mirrored back
        op = _CANCEL.get((_MIRROR[e.op], got[1]))
        return e if op is None else dataclasses.replace(e, op=_MIRROR[op], left=got[0])
    return e


def integer_unit_offset(x, typed: bool):
    """``x`` (a query or an expression) with ``+ 1`` / ``- 1`` cancelled across integer
    comparisons (module docstring)."""
    return _deep(x, lambda e: _cancel(e, typed))


UNIT_OFFSET_RULE = (
    "integer_unit_offset", "x >= a + 1 is x > a, x <= a - 1 is x < a (x < a + 1: x <= a; x > "
    "a - 1: x >= a; the offset on either side) for x and a COUNTs, one-COUNT subqueries or "
    "(typed) INTEGER columns; a - 1 within 64 bits (the proof states integer_arithmetic_in_range)",
    ("select", "cond", "value", "aggregate"),
    lambda canon, x, ctx: integer_unit_offset(x, canon.typed))
