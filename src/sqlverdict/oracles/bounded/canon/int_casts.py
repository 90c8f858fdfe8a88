"""Other dialects' integer cast of an integer column in a comparison (issue 25, i40d):
``unwrap_integer_cast``.

PostgreSQL's ``CAST(x AS BIGINT)`` (also INT, SMALLINT) rounds, so ``sql.standard``
writes it ``CAST(ROUND(x, 0) AS INTEGER)``. DataFusion's and Spark's unwrap-cast laws read
``CAST(x AS BIGINT) op c`` as ``x op c``: they hold where ``x`` holds integers, that is in
the typed domain (a column of INTEGER affinity holds integers or NULL). There ROUND reads
``x`` as the nearest double, which is ``x`` itself below 2**53 in magnitude and at least
2**53 in magnitude beyond, and the cast gives that whole double back (saturating at
2**63): a non-decreasing ``f`` with ``f(x) = x`` wherever ``|x| <= 2**53``. So for a number
literal ``c`` below 2**53 in magnitude, ``f(x) op c`` is ``x op c`` for every comparison
(``=``, ``<>``, ``<``, ``<=``, ``>``, ``>=``, ``IS``, ``IS NOT``), NULL staying NULL. Not in
the sqlite domain, where the column may keep ``29.4`` (rounded to 29: ``> 29`` FALSE,
while ``29.4 > 29``) or text.
"""

from __future__ import annotations

import math

from .. import ir
from ..ir.kinds import Affinity, CmpOp, Ty
from .casts import _rounded_int_cast
from .terms import _deep

_EXACT = 2 ** 53


def _integer_column(x) -> bool:
    return isinstance(x, ir.Col) and x.ty == Ty.INT and x.affinity == Affinity.INTEGER


def _small_number(c) -> bool:
    return (isinstance(c, ir.Lit) and c.ty in (Ty.INT, Ty.REAL) and not isinstance(c.value, bool)
            and isinstance(c.value, int | float) and math.isfinite(c.value) and abs(c.value) < _EXACT)


def unwrap_integer_cast(e, typed: bool):
    """``CAST(ROUND(x, 0) AS INTEGER) op c`` (either side) as ``x op c`` in the typed domain,
    ``x`` an INTEGER column, ``c`` a number literal below 2**53 in magnitude (module
    docstring); ``e`` itself in the sqlite domain."""
    if not typed:
        return e

    def f(y):
        if not (isinstance(y, ir.Cmp) and not y.conv and y.op in _OPS):
            return y
        for cast, lit, side in ((y.left, y.right, "left"), (y.right, y.left, "right")):
            x = _rounded_int_cast(cast)
            if x is not None and _integer_column(x) and _small_number(lit):
                return ir.Cmp(y.op, x, lit) if side == "left" else ir.Cmp(y.op, lit, x)
        return y
    return _deep(e, f)


_OPS = (CmpOp.EQ, CmpOp.NE, CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE, CmpOp.IS, CmpOp.IS_NOT)

INT_CAST_RULES = (
    ("unwrap_integer_cast", "CAST(ROUND(x, 0) AS INTEGER) op c (PostgreSQL's CAST(x AS BIGINT)) "
     "is x op c in the typed domain, x an INTEGER column, c a number literal below 2**53 in "
     "magnitude (a non-decreasing function equal to x there)", ("select", "cond"),
     lambda canon, e, ctx: unwrap_integer_cast(e, canon.typed), False),
)
