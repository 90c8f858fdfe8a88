"""Shares of rows written with counts: ``avg_of_test`` and ``count_of_nulls``.

- ``avg_of_test``: ``AVG(t)`` of a test ``t`` (a condition ``c`` read as 0/1/NULL, or ``CASE
  WHEN c THEN 1 ELSE 0 END``) is ``CAST(COUNT(CASE WHEN c THEN 1 END) AS REAL) / COUNT(t)``
  (``COUNT(*)`` where ``t`` is never NULL): SQLite's AVG adds the non-NULL values (0 and 1,
  exactly: a database holds fewer than 2**53 rows) and divides by how many there are as a
  real, or is NULL when there is none; the quotient's operands are the same two whole
  numbers as reals, and a division by 0 is NULL. Text-to-SQL's ``CAST(SUM(c) AS REAL) /
  COUNT(*)`` and ``AVG(c)`` for "the share of rows where c".
- ``count_of_nulls``: ``COUNT(*) - COUNT(x)`` is ``COUNT(CASE WHEN x IS NULL THEN 1 END)``:
  the rows counted by one and not the other (no overflow: both are counts of one group).
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import AggFn, ArithOp, CmpOp, FuncName, Ty
from .aggregates import _map_top
from .count_guards import guard_of_count

_ONE, _ZERO, _NULL = ir.Lit(1, Ty.INT), ir.Lit(0, Ty.INT), ir.Lit(None, Ty.NULL)


def _never_null(c) -> bool:
    """Is condition ``c`` TRUE or FALSE on every row (never NULL)?"""
    return isinstance(c, ir.IsNull) or (isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull)) or (
        isinstance(c, ir.Cmp) and c.op in (CmpOp.IS, CmpOp.IS_NOT))


def _test(t):
    """(c, never NULL) when ``t`` is the test of condition ``c`` as 0/1 (NULL where ``c`` is,
    or 0 there: ``CASE WHEN c THEN 1 ELSE 0 END``), else None."""
    if isinstance(t, ir.Func) and t.name == FuncName.BOOL_INT and len(t.args) == 1:
        return t.args[0], _never_null(t.args[0])
    if isinstance(t, ir.Case) and len(t.whens) == 1 and t.whens[0][1] == _ONE and t.default == _ZERO:
        return t.whens[0][0], True
    return None


def _count_of(c) -> ir.Agg:
    return ir.Agg(AggFn.COUNT, ir.Case(((c, _ONE),), _NULL, Ty.INT), False, Ty.INT)


def avg_of_test(e):
    """``e`` with each ``AVG`` of a test as the quotient of counts (module docstring)."""

    def f(y):
        if not (isinstance(y, ir.Agg) and y.fn == AggFn.AVG and not y.distinct
                and (test := _test(y.arg)) is not None):
            return y
        c, never_null = test
        n = (ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT) if never_null
             else ir.Agg(AggFn.COUNT, y.arg, False, Ty.INT))
        share = ir.Func(FuncName.CAST_REAL, (_count_of(c),), Ty.REAL)
        return ir.Arith(ArithOp.DIV, share, n, Ty.REAL)
    return _map_top(e, f)


def count_of_nulls(e):
    """``e`` with each ``COUNT(*) - COUNT(x)`` as ``COUNT(CASE WHEN x IS NULL THEN 1 END)``."""

    def f(y):
        if (isinstance(y, ir.Arith) and y.op == ArithOp.SUB and isinstance(y.left, ir.Agg)
                and y.left.fn == AggFn.COUNT_STAR and isinstance(x := y.right, ir.Agg)
                and x.fn == AggFn.COUNT and not x.distinct and isinstance(x.arg, ir.Expr)
                and not isinstance(x.arg, ir.RowVal)):
            return _count_of(ir.IsNull(x.arg))
        return y
    return _map_top(e, f)


# ---- the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``, at the site
# ``aggregate`` after ``count_of_ones``)

COUNT_FORM_RULES = (
    ("guard_of_count", "CASE WHEN COUNT(x) = 0 THEN NULL ELSE e END is e, e NULL where the count "
     "is 0 (SUM/AVG/MIN/MAX of x)", ("aggregate",), lambda canon, e, ctx: guard_of_count(e)),
    ("avg_of_test", "AVG(t) of a test t (c as 0/1/NULL, CASE WHEN c THEN 1 ELSE 0 END) is "
     "CAST(COUNT(CASE WHEN c THEN 1 END) AS REAL) / COUNT(t) (COUNT(*) for t never NULL)",
     ("aggregate",), lambda canon, e, ctx: avg_of_test(e)),
    ("count_of_nulls", "COUNT(*) - COUNT(x) is COUNT(CASE WHEN x IS NULL THEN 1 END)",
     ("aggregate",), lambda canon, e, ctx: count_of_nulls(e)),
)
