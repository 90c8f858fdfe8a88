"""Counts written as sums of indicators: ``count_of_ones``.

``COALESCE(SUM(CASE WHEN c1 THEN 1 .. WHEN cn THEN 1 END), 0)`` is
``COUNT(CASE WHEN c1 THEN 1 .. WHEN cn THEN 1 END)`` on every database, with or without
GROUP BY: the CASE is the integer 1 on a row where some ``ci`` is TRUE and NULL on any other
row (FALSE or NULL conditions), so the SUM adds one integer 1 per such row, exactly, and is
NULL only when there is none, where COALESCE reads 0 and COUNT counts 0. Both are INTEGER.
It is Calcite's AggregateCaseToFilterRule read back: ``COUNT(*) FILTER (WHERE c)`` lowers
to the COUNT form, and ``sum_else_zero`` writes ``SUM(CASE WHEN c THEN 1 ELSE 0 END)`` under
GROUP BY as the COALESCE form.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import AggFn, FuncName, Ty
from .aggregates import _map_top

_ONE = ir.Lit(1, Ty.INT)


def _ones_case(x) -> bool:
    """Is ``x`` a CASE whose every branch is the integer literal 1, with no ELSE."""
    return (isinstance(x, ir.Case) and len(x.whens) >= 1
            and all(v == _ONE for _, v in x.whens)
            and isinstance(x.default, ir.Lit) and x.default.value is None)


def count_of_ones(e):
    """``e`` with ``COALESCE(SUM(CASE WHEN c THEN 1 END), 0)`` as ``COUNT(CASE WHEN c THEN 1
    END)`` (see the module docstring); ``e`` itself when there is none."""

    def f(y):
        if (isinstance(y, ir.Func) and y.name == FuncName.COALESCE and len(y.args) == 2
                and y.args[1] == ir.Lit(0, Ty.INT) and isinstance(s := y.args[0], ir.Agg)
                and s.fn == AggFn.SUM and not s.distinct and _ones_case(s.arg)):
            return ir.Agg(AggFn.COUNT, s.arg, False, Ty.INT)
        return y
    return _map_top(e, f)
