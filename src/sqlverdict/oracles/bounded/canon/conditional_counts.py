"""Conditional counts and their percentages (issue 25, i40a): ``count_of_case_value``,
``count_divisor``, ``avg_of_scaled_test``, ``sum_of_scaled_test``, ``counts_of_one_table``.

- ``count_of_case_value``: ``COUNT(CASE WHEN c THEN x END)`` is ``COUNT(CASE WHEN c THEN 1
  END)`` when ``x`` is never NULL on a kept row (a literal other than NULL, a column the WHERE
  or the schema keeps non-NULL): COUNT reads only whether its argument is NULL, and the CASE
  is NULL on the same rows (each branch and the ELSE alike). Not DISTINCT (which counts
  values).
- ``count_divisor``: ``e / SUM(t)`` (or ``e / CAST(SUM(t) AS REAL)``) of a test ``t`` (``CASE
  WHEN c THEN 1 ELSE 0 END``, or ``c`` read as 0/1/NULL, NULL where ``c`` is) is ``e /
  COUNT(CASE WHEN c THEN 1 END)``: the SUM counts the rows where ``c`` holds, except that it
  is NULL over no rows (or, for ``SUM(c)``, when ``c`` is NULL on every row) where the COUNT
  is 0; SQLite's ``x / NULL`` and ``x / 0`` (and ``x / 0.0``) are both NULL. So the share of
  ``share_of_count`` follows in the dividend: ``CAST(SUM(IIF(a, 1, 0)) AS REAL) /
  SUM(IIF(b, 1, 0))`` is the ratio of two COUNTs, as is its ``NULLIF(.., 0)`` guard.
- ``avg_of_scaled_test``: ``AVG(CASE WHEN c THEN v ELSE 0 END)`` (``IIF(c, v, 0)``, several
  WHENs of the one ``v``; ``0`` or ``0.0``) with ``v`` a positive whole number literal (``100``,
  ``100.0``) is ``COUNT(CASE WHEN c THEN 1 END) * v.0 / COUNT(*)`` bit for bit: AVG adds
  ``k`` values ``v`` and zeros, exact in doubles (or as integers) while ``k * v < 2**53``, and
  divides that sum by the number of rows as a double; ``k * v.0`` is the same exact double,
  divided by the same count. Over no rows both are NULL (AVG; a division by 0). A NULL ``c``
  reads the ELSE (0), counted by COUNT(*) and not by the COUNT of the CASE. The proof states
  ``integer_sums_exact`` (``proofs._sums``). Not for a negative ``v`` (``0 * -100.0`` is
  -0.0 where AVG gives 0.0) nor a fraction (``0.1`` adds inexactly); ``AVG(x) * 100`` and
  ``COUNT(..) / COUNT(*) * 100`` round differently and stay apart. Text-to-SQL's
  ``AVG(IIF(c, 100.0, 0))`` for the percentage ``CAST(SUM(IIF(c, 1, 0)) AS REAL) * 100 /
  COUNT(*)``.
- ``sum_of_scaled_test``: where ``share_of_count`` writes ``SUM(CASE WHEN c THEN 1 ELSE 0
  END)`` as a COUNT (under GROUP BY, in the dividend of a division by a count),
  ``SUM(CASE WHEN c THEN v ELSE z END)`` with ``v`` a positive whole number literal and
  ``z`` the zero of its class (``100`` and ``0``, ``100.0`` and ``0.0``) is ``COUNT(CASE WHEN c
  THEN 1 END) * v``: the sum of ``k`` values ``v`` and zeros of one class, exact while ``k * v
  < 2**53`` (the proof states ``integer_sums_exact``), of that class. A mixed ``IIF(c, 1.0,
  0)`` stays: its SUM is the INTEGER 0 where no row holds ``c``, the product the REAL 0.0.
- ``counts_of_one_table``: a select without FROM of one item that reads two or more scalar
  subqueries ``(SELECT COUNT(*) FROM t WHERE p)`` (``COUNT(x)`` too) of one table ``t``, and
  literals, is ``SELECT .. FROM t`` with each subquery as ``COUNT(CASE WHEN p THEN 1 END)``
  (``COUNT(CASE WHEN p THEN x END)``): each counts the rows of ``t`` where ``p`` is TRUE (a
  NULL ``p`` neither keeps the row nor takes the branch), 0 over an empty ``t`` either way,
  and both selects return one row. Only COUNTs (a SUM, MIN or MAX could visit the rows in
  another order, through an index of ``p``); subqueries reading one table and nothing of
  an outer query. One item only, so ``aggregate_row_as_subqueries`` (two or more items)
  does not split it back. Text-to-SQL's ratio of two scalar counts ``CAST((SELECT COUNT(*)
  .. WHERE a) AS REAL) / (SELECT COUNT(*) .. WHERE b)`` is the ratio of conditional counts.
"""

from __future__ import annotations

import math

from .. import ir
from ..ir.kinds import AggFn, ArithOp, FuncName, Ty
from .aggregates import _map_top, _never_null
from .parent_sums import PARENT_SUM_RULES
from .percentages import _as_count, in_dividends, real_operands
from .scalar_coalesce import SCALAR_COALESCE_RULES
from .scalar_counts import GROUPED_ONES_RULE, SCALAR_COUNT_VALUE_RULES
from .terms import _replace_cols

_ONE = ir.Lit(1, Ty.INT)
_NULL = ir.Lit(None, Ty.NULL)
_ZERO = ir.Lit(0, Ty.INT)
_COUNT_STAR = ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
_EXACT = 2 ** 53


def count_of_case_value(e, not_null: set):
    """``e`` with each ``COUNT(CASE WHEN c THEN x END)``, ``x`` never NULL, as ``COUNT(CASE
    WHEN c THEN 1 END)`` (module docstring); ``e`` itself when there is none."""

    def one(v):
        return _ONE if v != _ONE and _never_null(v, not_null) else v

    def f(y):
        if not (isinstance(y, ir.Agg) and y.fn == AggFn.COUNT and not y.distinct
                and isinstance(k := y.arg, ir.Case)):
            return y
        whens = tuple((c, one(v)) for c, v in k.whens)
        default = one(k.default)
        if whens == k.whens and default == k.default:
            return y
        ty = Ty.INT if all(v == _ONE for _, v in whens) and default in (_ONE, _NULL) else k.ty
        return ir.Agg(AggFn.COUNT, ir.Case(whens, default, ty), False, Ty.INT)
    return _map_top(e, f)


def count_divisor(e, not_null: set, grouped: bool):
    """``e`` with the divisor ``SUM(t)`` of a test as ``COUNT(CASE WHEN c THEN 1 END)``
    (module docstring); under GROUP BY ``share_of_count`` does it."""
    if grouped:
        return e
    step = _as_count(not_null)

    def f(y):
        if not (isinstance(y, ir.Arith) and y.op == ArithOp.DIV):
            return y
        d, cast = y.right, None
        if isinstance(d, ir.Func) and d.name == FuncName.CAST_REAL and len(d.args) == 1:
            d, cast = d.args[0], d
        count = _divisor_count(d, step)
        if count is None:
            return y
        return ir.Arith(y.op, y.left, count if cast is None else ir.Func(cast.name, (count,), cast.ty), y.ty)
    return _map_top(e, f)


def _divisor_count(d, step):
    """The COUNT of the rows where ``c`` holds for a divisor ``SUM(t)`` of a test, else None:
    ``SUM(c)`` of a condition that may be NULL too (NULL or 0 there: the quotient is NULL)."""
    if not (isinstance(d, ir.Agg) and d.fn == AggFn.SUM and not d.distinct):
        return None
    t = d.arg
    if isinstance(t, ir.Func) and t.name == FuncName.BOOL_INT and len(t.args) == 1:
        return ir.Agg(AggFn.COUNT, ir.Case(((t.args[0], _ONE),), _NULL, Ty.INT), False, Ty.INT)
    out = step(d)
    return None if out is d else out


def _whole(v) -> bool:
    """Is ``v`` a positive whole number literal below 2**53 (``100``, ``100.0``)?"""
    if not isinstance(v, ir.Lit) or isinstance(v.value, bool) or v.ty not in (Ty.INT, Ty.REAL):
        return False
    x = v.value
    return isinstance(x, int | float) and 0 < x < _EXACT and float(x).is_integer()


def _zero(z, ty=None) -> bool:
    """Is ``z`` the literal 0 or 0.0 (of class ``ty`` when given)?"""
    return (isinstance(z, ir.Lit) and z.ty in (Ty.INT, Ty.REAL) and not isinstance(z.value, bool)
            and isinstance(z.value, int | float) and z.value == 0
            and math.copysign(1.0, z.value) > 0
            and (ty is None or z.ty == ty))


def _scaled(t, same_class: bool):
    """``(c, v)`` when ``t`` is ``CASE WHEN c1 THEN v .. WHEN cn THEN v ELSE 0 END`` of a
    ``_whole`` ``v`` (``c`` the CASE's count test), else None; ``same_class``: the zero of
    ``v``'s class."""
    if not (isinstance(t, ir.Case) and t.whens and _whole(v := t.whens[0][1])
            and all(w == v for _, w in t.whens)
            and _zero(t.default, v.ty if same_class else None)):
        return None
    return ir.Case(tuple((c, _ONE) for c, _ in t.whens), _NULL, Ty.INT), v


def _times(count, v):
    """``count * v`` as ``real_operands`` writes it."""
    return real_operands(ir.Arith(ArithOp.MUL, count, v, Ty.REAL if v.ty == Ty.REAL else Ty.INT))


def avg_of_scaled_test(e):
    """``e`` with each ``AVG(CASE WHEN c THEN v ELSE 0 END)`` as ``COUNT(CASE WHEN c THEN 1
    END) * v.0 / COUNT(*)`` (module docstring); ``e`` itself when there is none."""

    def f(y):
        if not (isinstance(y, ir.Agg) and y.fn == AggFn.AVG and not y.distinct
                and (found := _scaled(y.arg, False)) is not None):
            return y
        if found[1] == _ONE and y.arg.default == _ZERO:
            return y  # (a test: avg_of_test's, which needs no assumption)
        case, v = found
        count = ir.Agg(AggFn.COUNT, case, False, Ty.INT)
        real = ir.Lit(float(v.value), Ty.REAL)
        return real_operands(ir.Arith(ArithOp.DIV, _times(count, real), _COUNT_STAR, Ty.REAL))
    return _map_top(e, f)


def sum_of_scaled_test(e, grouped: bool):
    """``e`` with each ``SUM(CASE WHEN c THEN v ELSE 0 END)`` of one class as ``COUNT(CASE WHEN
    c THEN 1 END) * v`` where ``share_of_count`` reads SUMs as COUNTs (module docstring)."""

    def step(y):
        if not (isinstance(y, ir.Agg) and y.fn == AggFn.SUM and not y.distinct
                and (found := _scaled(y.arg, True)) is not None and found[1] != _ONE):
            return y
        case, v = found
        return _times(ir.Agg(AggFn.COUNT, case, False, Ty.INT), v)
    if grouped:
        return _map_top(e, step)
    return in_dividends(e, step, _a_count)


def _a_count(d) -> bool:
    if isinstance(d, ir.Func) and d.name == FuncName.CAST_REAL and len(d.args) == 1:
        d = d.args[0]
    return isinstance(d, ir.Agg) and d.fn in (AggFn.COUNT, AggFn.COUNT_STAR)


def _count_of_scan(sub: ir.Select):
    """``(scan, count)`` when ``sub`` is ``SELECT COUNT(*) FROM scan WHERE p`` (or ``COUNT(x)``,
    no WHERE too) reading only its scan: ``count`` the conditional count of ``p``; else None."""
    if not (isinstance(sub, ir.Select) and isinstance(scan := sub.source, ir.Scan) and sub.aggregate
            and not sub.group_by and sub.having is None and not sub.distinct and not sub.order
            and sub.limit is None and not sub.offset and sub.bare_from is None and len(sub.items) == 1
            and isinstance(n := sub.items[0], ir.Agg) and not n.distinct
            and n.fn in (AggFn.COUNT, AggFn.COUNT_STAR)):
        return None
    read = list(ir.local_nodes((n, sub.where)))
    if any(isinstance(y, (ir.ScalarSub, ir.InSub, ir.Exists, ir.Window, ir.Agg)) and y is not n
           for y in read) or any(isinstance(y, ir.Col) and y.alias != scan.alias for y in read):
        return None
    if sub.where is None:
        return scan, n
    value = _ONE if n.fn == AggFn.COUNT_STAR else n.arg
    return scan, ir.Agg(AggFn.COUNT, ir.Case(((sub.where, value),), _NULL, value.ty), False, Ty.INT)


def counts_of_one_table(q):
    """``q`` (a select without FROM) with its scalar COUNT subqueries of one table as the
    conditional counts of one select of it (module docstring); ``q`` itself otherwise."""
    if not (isinstance(q, ir.Select) and q.source is None and q.where is None and not q.aggregate
            and len(q.items) == 1 and not q.group_by and q.having is None and not q.distinct
            and not q.order and q.limit is None and not q.offset):
        return q
    read = list(ir.local_nodes(q.items[0]))
    subs = [y for y in read if isinstance(y, (ir.ScalarSub, ir.InSub, ir.Exists))]
    if (len(subs) < 2 or not all(isinstance(y, ir.ScalarSub) for y in subs)
            or any(isinstance(y, (ir.Col, ir.Agg, ir.Window)) for y in read)):
        return q
    counts, first = {}, None
    for y in subs:
        found = _count_of_scan(y.query)
        if found is None:
            return q
        scan, count = found
        first = first or scan
        if (scan.table, scan.columns) != (first.table, first.columns):
            return q
        counts[y] = _replace_cols(count, {(scan.alias, c): ir.Col(first.alias, c, t, a)
                                          for c, t, a in scan.columns})
    item = _map_top(q.items[0], lambda y: counts.get(y, y) if isinstance(y, ir.ScalarSub) else y)
    return ir.Select(first, None, (), None, (item,), False, (), None, 0, True, q.names)


# ---- the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``), at the site
# ``aggregate`` before ``share_of_count`` (which then reads the dividend over a COUNT)

CONDITIONAL_COUNT_RULES = (
    ("count_of_case_value", "COUNT(CASE WHEN c THEN x END) is COUNT(CASE WHEN c THEN 1 END) for x "
     "never NULL on a kept row (each branch and the ELSE alike; not DISTINCT)", ("aggregate",),
     lambda canon, e, ctx: count_of_case_value(e, ctx["not_null"])),
    ("count_divisor", "without GROUP BY, e / SUM(t) (or CAST(SUM(t) AS REAL)) of a test t (CASE "
     "WHEN c THEN 1 ELSE 0 END, c as 0/1/NULL) is e / COUNT(CASE WHEN c THEN 1 END): NULL over "
     "no rows and 0 give NULL alike", ("aggregate",),
     lambda canon, e, ctx: count_divisor(e, ctx["not_null"], ctx["grouped"])),
    ("avg_of_scaled_test", "AVG(CASE WHEN c THEN v ELSE 0 END), v a positive whole number "
     "literal, is COUNT(CASE WHEN c THEN 1 END) * v.0 / COUNT(*) bit for bit (the proof states "
     "integer_sums_exact)", ("aggregate",), lambda canon, e, ctx: avg_of_scaled_test(e)),
    ("sum_of_scaled_test", "SUM(CASE WHEN c THEN v ELSE z END), v a positive whole number "
     "literal, z the zero of its class, is COUNT(CASE WHEN c THEN 1 END) * v under GROUP BY and "
     "in the dividend of a division by a count (the proof states integer_sums_exact)",
     ("aggregate",), lambda canon, e, ctx: sum_of_scaled_test(e, ctx["grouped"])),
    *SCALAR_COUNT_VALUE_RULES, GROUPED_ONES_RULE,  # scalar counts, SUM(1) (canon/scalar_counts.py)
    *PARENT_SUM_RULES,  # sums reading NULL as zero (canon/parent_sums.py)
    *SCALAR_COALESCE_RULES,  # a default outside its one-row subquery (canon/scalar_coalesce.py)
)

ONE_TABLE_RULE = ("counts_of_one_table", "a select without FROM of one item reading scalar "
                  "subqueries (SELECT COUNT(*) FROM t WHERE p) of one table t (and literals) is "
                  "SELECT .. FROM t with each as COUNT(CASE WHEN p THEN 1 END) (0 over no rows "
                  "either way)", ("select",), lambda canon, q, ctx: counts_of_one_table(q), True)
