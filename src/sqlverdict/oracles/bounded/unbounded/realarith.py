"""Real arithmetic read exactly, for the algebra of sums (``aggalgebra``): ``a op b`` with
one operand a REAL and the other an INTEGER or REAL is the real ``a op b`` (``+ - * /``),
NULL where a divisor is 0 (SQLite's ``x / 0`` and ``x / 0.0``). Sound under ``exact_reals``
(doubles computed without rounding), which a proof that read it states; integer division
(two INTEGER operands) is never read so: SQLite truncates it.
"""

from __future__ import annotations

import z3

from .. import ir
from ..ir.kinds import ArithOp, Ty


def real_arith(t, op, a, b, out):
    """``a op b`` read as exact real arithmetic where one operand is a REAL and the other
    a number (``Terms.algebra`` only; the proof then states ``exact_reals``), else ``out``."""
    if not getattr(t, "algebra", False) or op not in (ArithOp.ADD, ArithOp.SUB, ArithOp.MUL,
                                                       ArithOp.DIV):
        return out
    t.real_sums = True
    val = type(a)  # ``values.Val``
    real = z3.And(z3.Not(a.null), z3.Not(b.null), a.k <= 1, b.k <= 1, z3.Or(a.k == 1, b.k == 1))
    if op == ArithOp.DIV:
        null = t.lit(ir.Lit(None, Ty.NULL))
        exact = t.ite(b.v == 0, null, val(t.F, z3.IntVal(1, t.ctx), a.v / b.v))
    else:
        r = a.v + b.v if op == ArithOp.ADD else a.v - b.v if op == ArithOp.SUB else a.v * b.v
        exact = val(t.F, z3.IntVal(1, t.ctx), r)
    return t.ite(real, exact, out)
