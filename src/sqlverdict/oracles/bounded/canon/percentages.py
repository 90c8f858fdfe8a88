"""Percentages and ratios of counts: ``real_operands`` and ``share_of_count``.

- ``real_operands``: SQLite's arithmetic (``+ - * /``) with an operand that is a REAL
  converts the other operand with the conversion ``CAST(x AS REAL)`` uses
  (``sqlite3VdbeRealValue``: an integer as the nearest double, a text or BLOB by its numeric
  prefix, NULL stays NULL) and computes in IEEE doubles (a NaN result is NULL). So, for ``r``
  an operand that is a REAL or NULL whatever the database holds (a REAL literal, ``CAST(..
  AS REAL)``, ``AVG``, ``TOTAL``, ``ROUND``, or ``+ - * /`` with such an operand): in ``x op
  r`` an integer literal ``x`` (``|x| <= 2**53``) is the REAL literal ``x.0``, and a cast
  ``CAST(y AS REAL)`` is ``y``; ``e * 1.0`` is ``CAST(e AS REAL)``, and ``r * 1.0`` is ``r``
  (exact, also for an infinity and -0.0). SQLite's ``+`` and ``*`` commute for
  every pair of values (integers, their overflow to REAL, IEEE doubles bit for bit), so a
  number literal goes to the right of them. Never re-association: ``(a * b) / c`` and ``a
  * (b / c)`` round differently and stay apart. Text-to-SQL's ``CAST(x AS REAL) * 100`` is
  ``100.0 * x`` and ``x * 1.0`` is ``CAST(x AS REAL)``.
- ``share_of_count``: ``SUM(CASE WHEN c THEN 1 ELSE 0 END)`` (and ``SUM(c)`` of a condition
  ``c`` never NULL on a kept row) is ``COUNT(CASE WHEN c THEN 1 END)`` on every non-empty
  input (integers: one 1 per row where ``c`` holds); over no rows the SUM is NULL and the
  COUNT 0. So it is the COUNT under GROUP BY (a group is never empty), and in the dividend
  of a division by a count of the same select (``COUNT(*)``, ``COUNT(x)``, or one as
  ``CAST(.. AS REAL)``), which is 0 over no rows, where SQLite's division is NULL whatever
  the dividend: the share ``100.0 * SUM(IIF(c, 1, 0)) / COUNT(*)``.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import AggFn, ArithOp, FuncName, Ty
from .aggregates import _map_top, _one_zero, _two_valued
from .terms import _deep

_FOUR = (ArithOp.ADD, ArithOp.SUB, ArithOp.MUL, ArithOp.DIV)
_COMMUTE = (ArithOp.ADD, ArithOp.MUL)
_ONE_REAL = ir.Lit(1.0, Ty.REAL)
_EXACT = 2 ** 53


def surely_real(e) -> bool:
    """Is ``e`` a REAL or NULL on every row, whatever the columns hold?"""
    if isinstance(e, ir.Lit):
        return e.ty == Ty.REAL and isinstance(e.value, float)
    if isinstance(e, ir.Func):
        return e.name in (FuncName.CAST_REAL, FuncName.ROUND)
    if isinstance(e, ir.Agg):
        return e.fn in (AggFn.AVG, AggFn.TOTAL)
    if isinstance(e, ir.Neg):
        return surely_real(e.arg)
    if isinstance(e, ir.Arith):
        return e.op in _FOUR and (surely_real(e.left) or surely_real(e.right))
    return False


def _number(x) -> bool:
    return (isinstance(x, ir.Lit) and x.ty in (Ty.INT, Ty.REAL)
            and isinstance(x.value, int | float) and not isinstance(x.value, bool))


def _beside_real(x):
    """Operand ``x`` of an operation whose other operand is surely REAL, as SQLite reads it."""
    if (isinstance(x, ir.Lit) and x.ty == Ty.INT and _number(x) and abs(x.value) <= _EXACT):
        return ir.Lit(float(x.value), Ty.REAL)
    if isinstance(x, ir.Func) and x.name == FuncName.CAST_REAL and len(x.args) == 1:
        return x.args[0]
    return x


def _real_step(y):
    if not (isinstance(y, ir.Arith) and y.op in _FOUR):
        return y
    if y.op == ArithOp.MUL and y.right == _ONE_REAL:  # (a cast of a REAL is nested_casts')
        return y.left if surely_real(y.left) else ir.Func(FuncName.CAST_REAL, (y.left,), Ty.REAL)
    left, right = y.left, y.right
    if y.op in _COMMUTE and _number(left) and not _number(right):
        left, right = right, left
    if surely_real(right):
        left = _beside_real(left)
    if surely_real(left):
        right = _beside_real(right)
    if left is y.left and right is y.right:
        return y
    ty = Ty.REAL if surely_real(left) or surely_real(right) else y.ty
    return _real_step(ir.Arith(y.op, left, right, ty))  # (each step drops a cast or a swap)


def real_operands(x):
    """``x`` (a query or an expression) with its REAL arithmetic written alike (module
    docstring)."""
    return _deep(x, _real_step)


def _count(d) -> bool:
    """Is ``d`` a count of the select's rows (0 over no rows), or one as a REAL?"""
    if isinstance(d, ir.Func) and d.name == FuncName.CAST_REAL and len(d.args) == 1:
        d = d.args[0]
    return isinstance(d, ir.Agg) and d.fn in (AggFn.COUNT, AggFn.COUNT_STAR)


def _as_count(not_null: set):
    """The step that writes a SUM of a test as the COUNT of its rows."""
    def f(y):
        if not (isinstance(y, ir.Agg) and y.fn == AggFn.SUM and not y.distinct):
            return y
        c = _one_zero(y.arg)
        if c is None and isinstance(t := y.arg, ir.Func) and t.name == FuncName.BOOL_INT \
                and len(t.args) == 1 and _two_valued(t.args[0], not_null):
            c = t.args[0]
        if c is None:
            return y
        return ir.Agg(AggFn.COUNT, ir.Case(((c, ir.Lit(1, Ty.INT)),), ir.Lit(None, Ty.NULL), Ty.INT),
                      False, Ty.INT)
    return f


def share_of_count(e, not_null: set, grouped: bool):
    """``e`` (an item, HAVING conjunct or ORDER BY key of an aggregate select) with each SUM
    of a test as a COUNT where no row is no matter (module docstring)."""
    step = _as_count(not_null)
    if grouped:
        return _map_top(e, step)
    return in_dividends(e, step, _count)


def in_dividends(e, step, divisor) -> object:
    """``e`` with ``step`` applied to the dividend of each division whose divisor
    ``divisor`` accepts (a count: where no row is, both sides are NULL or divide by 0)."""
    def f(y):
        if isinstance(y, ir.Arith) and y.op == ArithOp.DIV and divisor(y.right):
            left = _map_top(y.left, step)
            return y if left is y.left else ir.Arith(y.op, left, y.right, y.ty)
        return y
    return _map_top(e, f)


# ---- the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``): the operands
# before ``avg_of_sum_count`` (which then reads ``SUM(x) * 1.0 / COUNT(x)`` in its CAST
# form), the share after the counts of ``shares.py`` (``count_minus_indicator_sum`` reads
# its SUMs first)

REAL_RULE = ("real_operands", "in x op r (+ - * /, r surely REAL: a REAL literal, CAST AS REAL, "
             "AVG, TOTAL, ROUND, arithmetic with one) an integer literal x is x.0 and CAST(y AS "
             "REAL) is y; e * 1.0 is CAST(e AS REAL) (r * 1.0 is r); a number literal goes "
             "right of + and * (they commute; no re-association)",
             ("select", "cond", "value", "aggregate"), lambda canon, e, ctx: real_operands(e))
SHARE_RULE = ("share_of_count", "SUM(CASE WHEN c THEN 1 ELSE 0 END) (SUM(c), c never NULL) is "
              "COUNT(CASE WHEN c THEN 1 END) under GROUP BY and in the dividend of a division by "
              "a count (NULL over no rows either way)", ("aggregate",),
              lambda canon, e, ctx: share_of_count(e, ctx["not_null"], ctx["grouped"]))
