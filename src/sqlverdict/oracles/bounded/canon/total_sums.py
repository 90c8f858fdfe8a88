"""``COALESCE(SUM(e), 0.0)`` of a REAL value is ``TOTAL(e)`` (round 53): ``total_of_reals``.

SQLite's TOTAL is SUM that gives 0.0 where SUM gives NULL (no value) and always a REAL. Where
every value ``e`` takes is a REAL, SUM adds them exactly as TOTAL does (one accumulator and
one finalisation for reals: ``sumFinalize`` and ``totalFinalize`` give the same double), a
REAL, and over no value COALESCE makes SUM's NULL the 0.0 TOTAL gives: the two are one
value on every input, so no assumption is stated. In the typed domain only (a REAL column
holds REALs there, an INTEGER column integers; in the sqlite domain a text read as a number
may be an integer), ``e`` is a REAL value when it is a column of REAL affinity, or ``+``,
``-``, ``*`` or ``/`` with one REAL operand (a REAL result), or the negation of one. Not
``COALESCE(SUM(e), 0)``: the integer 0 is another value than 0.0 as text (``'0'``), nor the
SUM of an INTEGER value (an integer, not a REAL).

``total_of_ones`` (round 56, i56b; both domains): ``TOTAL(CASE WHEN c THEN 1 ELSE 0 END)``
(or with no ELSE, or more arms all 1) is ``CAST(COUNT(CASE WHEN c THEN 1 END) AS REAL)``:
TOTAL adds the integer literals as doubles, and a sum of ``k`` ones and zeros is ``k.0``
exactly (below 2**53), 0.0 over no row, as the count cast is. Not an arm of another value
(``THEN 2``: a sum, not a count), nor a column (its NULLs and storage classes).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Affinity, AggFn, ArithOp, FuncName, Ty
from .aggregates import _map_top
from .indicators import _ones_case

_REAL_OPS = (ArithOp.ADD, ArithOp.SUB, ArithOp.MUL, ArithOp.DIV)


def _real_valued(e, typed: bool) -> bool:
    """Is every non-NULL value of ``e`` a REAL (see the module docstring)?"""
    if not typed:
        return False
    if isinstance(e, ir.Col):
        return e.affinity == Affinity.REAL and e.ty == Ty.REAL
    if isinstance(e, ir.Neg):
        return _real_valued(e.arg, typed)
    return isinstance(e, ir.Arith) and e.op in _REAL_OPS and (
        _real_valued(e.left, typed) or _real_valued(e.right, typed))


def total_of_reals(e, typed: bool):
    """``e`` with each ``COALESCE(SUM(x), 0.0)`` of a REAL value ``x`` as ``TOTAL(x)``."""

    def f(y):
        if (isinstance(y, ir.Func) and y.name == FuncName.COALESCE and len(y.args) == 2
                and y.args[1] == ir.Lit(0.0, Ty.REAL) and isinstance(s := y.args[0], ir.Agg)
                and s.fn == AggFn.SUM and not s.distinct and _real_valued(s.arg, typed)):
            return ir.Agg(AggFn.TOTAL, s.arg, False, Ty.REAL)
        return y
    return _map_top(e, f)


def total_of_ones(e):
    """``e`` with each ``TOTAL`` of a CASE of ones (and an ELSE 0) as the count cast to REAL."""

    def f(y):
        if isinstance(y, ir.Agg) and y.fn == AggFn.TOTAL and not y.distinct and isinstance(
                c := y.arg, ir.Case):
            ones = dataclasses.replace(c, default=ir.Lit(None, Ty.NULL), ty=Ty.INT)
            if c.default in (ir.Lit(0, Ty.INT), ir.Lit(None, Ty.NULL)) and _ones_case(ones):
                return ir.Func(FuncName.CAST_REAL, (ir.Agg(AggFn.COUNT, ones, False, Ty.INT),), Ty.REAL)
        return y
    return _map_top(e, f)


TOTAL_RULES = (
    ("total_of_reals", "typed domain: COALESCE(SUM(x), 0.0) of a REAL value x (a REAL column, "
     "arithmetic with a REAL operand) is TOTAL(x)", ("aggregate",),
     lambda canon, e, ctx: total_of_reals(e, canon.typed)),
    ("total_of_ones", "TOTAL(CASE WHEN c THEN 1 [ELSE 0] END) is CAST(COUNT(CASE WHEN c THEN 1 "
     "END) AS REAL)", ("aggregate",), lambda canon, e, ctx: total_of_ones(e)),
)
