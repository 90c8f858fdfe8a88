"""Arithmetic inside aggregates (issue 25, i39b): ``count_of_constant``,
``avg_of_sum_count_star``, ``extremum_of_monotone``.

- ``COUNT(l)`` of a literal that is not NULL counts every row, as ``COUNT(*)`` does (Doris'
  CountLiteralRewrite; its other half, ``COUNT(NULL)`` as 0, is ``scalars.aggregate_of_null``).
- ``SUM(x) / COUNT(*)`` and ``CAST(SUM(x) AS REAL) / COUNT(*)`` where ``x`` is never NULL on
  a kept row are the ``COUNT(x)`` forms that ``aggregates.avg_of_sum_count`` reads as
  ``AVG(x)``, under its conditions (a REAL column; the CAST of any sum) and with the
  assumption its proofs state (``integer_sums_exact``: SQLite's SUM of integers is exact and
  raises past 64 bits where AVG adds in floating point; ``proofs._sums``). ``count_star``
  writes ``COUNT(x)`` of such an ``x`` as ``COUNT(*)`` at the same site, so without this rule
  the two spellings of one average stay apart.
- ``MAX(f(x))`` is ``f(MAX(x))`` and ``MIN(f(x))`` is ``f(MIN(x))`` for ``f`` non-decreasing,
  swapped for ``f`` non-increasing (ClickHouse's optimize_arithmetic_operations_in_aggregate_
  functions): ``-x``, ``x + c``, ``c + x``, ``x - c``, ``c - x`` with ``c`` a nonzero number
  literal, ``x`` a column of INTEGER or REAL affinity in the typed domain, where it holds
  numbers of its class only. NULLs are skipped by both sides, no rows give NULL. SQLite
  computes these in its own way and they stay monotone: IEEE addition and negation round
  monotonically; an integer result past 64 bits is computed in doubles, and with ``|c| <
  2**53`` (exact as a double) it is at least 2**63 in magnitude (``x`` rounds by at most 512
  there and a tie rounds to the even 2**63), beyond every integer, so values that compare
  equal are one value of one class (no -0.0: ``c`` is not zero and a table keeps no -0.0).
  Products are left out: an overflowing product rounded in doubles can fall below an exact
  one. In the sqlite domain a text or BLOB there (``-'a'`` is 0, MIN picks numbers first)
  separates them, so the rule stays off there.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import Affinity, AggFn, ArithOp, FuncName, Ty
from .aggregates import _avg_of, _map_deep_local
from .signed_products import SIGNED_PRODUCT_RULE
from .total_sums import TOTAL_RULES

_COUNT_STAR = ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)


def count_of_constant(e):
    """``e`` with ``COUNT(l)`` of a non-NULL literal as ``COUNT(*)``; ``e`` itself when
    there is none."""

    def f(y):
        if (isinstance(y, ir.Agg) and y.fn == AggFn.COUNT and not y.distinct
                and isinstance(y.arg, ir.Lit) and y.arg.value is not None):
            return _COUNT_STAR
        return y
    return _map_deep_local(e, f)


def extremum_of_constant(e, grouped: bool):
    """``e`` with ``MIN(l)``/``MAX(l)`` of a non-NULL literal as ``l`` in a grouped select
    (every group holds a row, and each row's value is ``l``), and a count plus the integer 0
    this leaves as the count (an integer); ``e`` itself when there is none or the select has
    no GROUP BY (over no rows the extremum is NULL)."""

    def f(y):
        if (isinstance(y, ir.Agg) and y.fn in (AggFn.MIN, AggFn.MAX) and isinstance(y.arg, ir.Lit)
                and y.arg.value is not None):
            return y.arg
        if isinstance(y, ir.Arith) and y.op == ArithOp.ADD:
            for a, b in ((y.left, y.right), (y.right, y.left)):
                if (isinstance(b, ir.Lit) and b.ty == Ty.INT and b.value == 0 and type(b.value) is int
                        and isinstance(a, ir.Agg) and a.fn in (AggFn.COUNT, AggFn.COUNT_STAR)):
                    return a
        return y
    return _map_deep_local(e, f) if grouped else e


def _summed(e):
    """The column ``x`` of ``SUM(x)`` or ``CAST(SUM(x) AS REAL)`` (not DISTINCT), else None."""
    if isinstance(e, ir.Func) and e.name == FuncName.CAST_REAL and len(e.args) == 1:
        e = e.args[0]
    if isinstance(e, ir.Agg) and e.fn == AggFn.SUM and not e.distinct and isinstance(e.arg, ir.Col):
        return e.arg
    return None


def avg_of_sum_count_star(e, not_null: set):
    """``e`` with ``[CAST(]SUM(x)[ AS REAL)] / COUNT(*)``, ``x`` never NULL here, read as
    ``avg_of_sum_count`` reads the ``COUNT(x)`` form; ``e`` itself otherwise."""

    def f(y):
        if not (isinstance(y, ir.Arith) and y.op == ArithOp.DIV and y.right == _COUNT_STAR):
            return y
        x = _summed(y.left)
        if x is None or (x.alias, x.name) not in not_null:
            return y
        counted = ir.Arith(y.op, y.left, ir.Agg(AggFn.COUNT, x, False, Ty.INT), y.ty)
        out = _avg_of(counted, {(x.alias, x.name): x.affinity})
        return y if out is counted else out
    return _map_deep_local(e, f)


_OTHER = {AggFn.MAX: AggFn.MIN, AggFn.MIN: AggFn.MAX}
_NUMERIC = {(Ty.INT, Affinity.INTEGER), (Ty.REAL, Affinity.REAL)}
_EXACT = 2 ** 53  # an integer literal below this in magnitude converts to a double exactly


def _offset(c) -> bool:
    """Is ``c`` a nonzero number literal (an integer one below 2**53 in magnitude)."""
    if not isinstance(c, ir.Lit) or isinstance(c.value, bool):
        return False
    if isinstance(c.value, int):
        return c.value != 0 and abs(c.value) < _EXACT
    return isinstance(c.value, float) and c.value != 0.0 and abs(c.value) != float("inf")


def _monotone(e):
    """``(x, rebuild, reverses)`` when ``e`` is ``-x``, ``x + c``, ``c + x``, ``x - c`` or
    ``c - x`` of a column ``x`` (``_offset`` literal ``c``): ``rebuild(a)`` is the same
    function of ``a``, ``reverses`` whether it reverses the order; else None."""
    if isinstance(e, ir.Neg):
        return e.arg, lambda a: ir.Neg(a, e.ty), True
    if not (isinstance(e, ir.Arith) and e.op in (ArithOp.ADD, ArithOp.SUB)):
        return None
    if _offset(e.right):
        return e.left, lambda a: ir.Arith(e.op, a, e.right, e.ty), False
    if _offset(e.left):
        return e.right, lambda a: ir.Arith(e.op, e.left, a, e.ty), e.op == ArithOp.SUB
    return None


def extremum_of_monotone(e, typed: bool):
    """``e`` with ``MAX(f(x))`` as ``f(MAX(x))`` (``f(MIN(x))`` when ``f`` reverses the
    order, MIN alike) for ``f`` of ``_monotone`` and an INTEGER or REAL column ``x`` in the
    typed domain; ``e`` itself otherwise."""
    if not typed:
        return e

    def f(y):
        if not (isinstance(y, ir.Agg) and y.fn in _OTHER):
            return y
        found = _monotone(y.arg)
        if found is None:
            return y
        x, rebuild, reverses = found
        if not (isinstance(x, ir.Col) and (x.ty, x.affinity) in _NUMERIC):
            return y
        return rebuild(ir.Agg(_OTHER[y.fn] if reverses else y.fn, x, False, x.ty))
    return _map_deep_local(e, f)


# ---- the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``), at the site
# ``aggregate`` before ``count_star``'s neighbours read the counts

AGG_ARITH_RULES = (
    ("count_of_constant", "COUNT(l) of a literal l not NULL is COUNT(*) (Doris' "
     "CountLiteralRewrite)", ("aggregate",),
     lambda canon, e, ctx: count_of_constant(e)),
    ("extremum_of_constant", "MIN(l)/MAX(l) of a literal l not NULL in a grouped select is l "
     "(a group is never empty)", ("aggregate",),
     lambda canon, e, ctx: extremum_of_constant(e, ctx["grouped"])),
    ("avg_of_sum_count_star", "SUM(x) / COUNT(*) and CAST(SUM(x) AS REAL) / COUNT(*), x never "
     "NULL on a kept row, read as avg_of_sum_count reads them with COUNT(x) (the proof states "
     "integer_sums_exact)", ("aggregate",),
     lambda canon, e, ctx: avg_of_sum_count_star(e, ctx["not_null"])),
    ("extremum_of_monotone", "MAX(f(x)) is f(MAX(x)) (MIN alike; f(MIN(x)) when f reverses the "
     "order) for f = -x, x + c, c + x, x - c, c - x, c a nonzero number literal (integers below "
     "2**53), x an INTEGER or REAL column in the typed domain (ClickHouse's "
     "optimize_arithmetic_operations_in_aggregate_functions)", ("aggregate",),
     lambda canon, e, ctx: extremum_of_monotone(e, canon.typed)),
    *TOTAL_RULES,  # COALESCE(SUM(x), 0.0) of reals (canon/total_sums.py)
    SIGNED_PRODUCT_RULE,  # x * CASE of signs (canon/signed_products.py)
)
