"""Sums that read NULL as zero (i60h, class Z: "per parent, the sum, 0 when none"):
``zeros_in_coalesced_sum`` and ``null_guard_case``.

- ``zeros_in_coalesced_sum`` (typed domain): in ``COALESCE(SUM(CASE .. THEN 0 .. END), 0)``
  each integer ``0`` result of the CASE is NULL. A zero adds nothing to a sum of integers, so
  the two sums differ only where every summed value was 0 or NULL: 0 against NULL, which the
  COALESCE to the integer 0 reads as 0. Every other result of the CASE must be of type
  INTEGER (REAL sums are left to the laws that state ``exact_reals``), the default of COALESCE the integer literal 0
  (``0.0`` is another value), the SUM not DISTINCT, some result no literal (a CASE of literals
  is a test or a scaled test, which the count laws write as a COUNT). The typed domain only (an
  INTEGER column of the sqlite domain may hold reals). No assumption: the same rows are added
  in the same order, and a zero changes no partial sum (an overflow happens on both or none).
- ``null_guard_case``: ``CASE WHEN x IS NULL THEN NULL <rest> END`` drops its first arm when
  every later result (and the ELSE) is NULL whenever the column ``x`` is (``x`` itself, or
  ``+ - * / %`` or negation of it): on a row where ``x`` is NULL the rest gives NULL too.
  Any domain. ``CASE WHEN x IS NULL THEN NULL ELSE x - y END`` is ``x - y``.

With ``aggregates.sum_else_zero`` (a ``WHEN c AND v IS NOT NULL THEN v`` arm is never NULL),
``COALESCE(SUM(CASE WHEN e IS NULL THEN 0 ELSE e - s END), 0)`` meets ``COALESCE(SUM(e - s),
0)``, and a grouped ``SUM(CASE WHEN p AND v IS NOT NULL THEN v ELSE 0 END)`` over ``X LEFT
JOIN S`` meets ``COALESCE(SUM(v), 0)`` over ``X LEFT JOIN S ON .. AND p`` (both then a
correlated sum per parent: ``join_counts.summed_join_as_subquery``).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, ArithOp, FuncName, Ty
from .aggregates import _map_sites, _map_top
from .terms import _aliases_in, _conjuncts, _has_sub

_ZERO = ir.Lit(0, Ty.INT)
_NULL = ir.Lit(None, Ty.NULL)


def zeros_in_coalesced_sum(q, typed: bool):
    """See the module docstring: over an aggregate select's items, HAVING and ORDER BY (the
    rule's site: the select's filter laws, ``case_filter_as_where``, read it then)."""
    if not (typed and isinstance(q, ir.Select) and q.aggregate):
        return q
    return _map_sites(q, _zeros)


def _zeros(y):
    """``y``, a ``COALESCE(SUM(CASE ..), 0)``, with the CASE's integer zeros NULL."""
    if not (isinstance(y, ir.Func) and y.name == FuncName.COALESCE and len(y.args) == 2
            and _is_zero(y.args[1]) and isinstance(s := y.args[0], ir.Agg)
            and s.fn == AggFn.SUM and not s.distinct and isinstance(c := s.arg, ir.Case)):
        return y
    results = [r for _, r in c.whens] + [c.default]
    values = [r for r in results if not (_is_zero(r) or _is_null(r))]
    if (len(values) == len(results) or not values or not all(r.ty == Ty.INT for r in values)
            or all(isinstance(r, ir.Lit) for r in values)):
        return y  # (literals only: a test or a scaled test, the count laws' form)
    case = ir.Case(tuple((w, _NULL if _is_zero(r) else r) for w, r in c.whens),
                   _NULL if _is_zero(c.default) else c.default, c.ty)
    return dataclasses.replace(y, args=(dataclasses.replace(s, arg=case), y.args[1]))


def null_guard_case(e):
    """See the module docstring."""
    def f(y):
        if not (isinstance(y, ir.Case) and y.whens and isinstance(w := y.whens[0][0], ir.IsNull)
                and isinstance(x := w.arg, ir.Col) and _is_null(y.whens[0][1])):
            return y
        rest = y.whens[1:]
        if not all(_null_with(r, x) for r in (*(r for _, r in rest), y.default)):
            return y
        return dataclasses.replace(y, whens=rest) if rest else y.default
    return _map_top(e, f)


def padded_zero_sum(y, alias: str, st, rejects_null) -> bool:
    """Is ``y`` ``SUM(CASE WHEN c1 THEN v1 .. ELSE 0 END)`` (not DISTINCT, INTEGER) over the
    columns of ``alias`` (table ``st``) alone, each ``ci`` never TRUE on the padded row (all
    NULL), so that row gives the integer 0, and each ``vi`` never NULL where ``ci`` holds (a
    non-NULL literal, a column declared NOT NULL, or one ``ci`` tests IS NOT NULL, or ``+ - *``
    of them): then ``X LEFT JOIN S`` grouped by ``X``'s key sums 0 for a parent without
    partners and a never-NULL sum over its partners otherwise, which is ``COALESCE((SELECT
    SUM(..) FROM S WHERE p), 0)`` (``joins.count_join_as_subquery``, typed, INTEGER only).
    ``rejects_null`` is ``joins.rejects_null``, passed in by its caller there (no import cycle)."""
    c = y.arg
    if not (isinstance(y, ir.Agg) and y.fn == AggFn.SUM and not y.distinct and y.ty == Ty.INT
            and isinstance(c, ir.Case) and c.whens and _is_zero(c.default)
            and _aliases_in(c) == {alias} and not _has_sub(c)):
        return False
    for w, v in c.whens:
        present = {a.arg.arg for a in _conjuncts(w) if isinstance(a, ir.Not)
                   and isinstance(a.arg, ir.IsNull) and isinstance(a.arg.arg, ir.Col)}
        if not (any(rejects_null(a, {alias}) for a in _conjuncts(w)) and v.ty == Ty.INT
                and _present(v, present, st)):
            return False
    return True


def _present(v, present: set, st) -> bool:
    """Is ``v`` never NULL (given the columns ``present``)?"""
    if isinstance(v, ir.Arith) and v.op in (ArithOp.ADD, ArithOp.SUB, ArithOp.MUL):
        return _present(v.left, present, st) and _present(v.right, present, st)
    if isinstance(v, ir.Lit):
        return v.value is not None
    return isinstance(v, ir.Col) and (v in present or st.never_null(v.name))


def _is_zero(x) -> bool:
    return isinstance(x, ir.Lit) and x.ty == Ty.INT and x.value == 0 and type(x.value) is int


def _is_null(x) -> bool:
    return isinstance(x, ir.Lit) and x.value is None


def _null_with(e, x) -> bool:
    """Is ``e`` NULL whenever the column ``x`` is (``x``, arithmetic or negation over it)?"""
    if e == x:
        return True
    if isinstance(e, ir.Arith):
        return _null_with(e.left, x) or _null_with(e.right, x)
    if isinstance(e, ir.Neg):
        return _null_with(e.arg, x)
    return _is_null(e)


# ---- the registry's entries (appended to ``conditional_counts.CONDITIONAL_COUNT_RULES``)

PARENT_SUM_RULES = (
    ("zeros_in_coalesced_sum", "typed domain: in COALESCE(SUM(CASE .. THEN 0 .. END), 0) each "
     "integer 0 result is NULL (every result INTEGER, some no literal; not DISTINCT); at the "
     "select site, before its filter laws", ("select",),
     lambda canon, q, ctx: zeros_in_coalesced_sum(q, canon.typed), True),
    ("null_guard_case", "CASE WHEN x IS NULL THEN NULL <rest> END drops the arm when every later "
     "result is NULL where the column x is (x, arithmetic over x)", ("aggregate",),
     lambda canon, e, ctx: null_guard_case(e)),
)
