"""A count of a column against the count of rows as the existence of a NULL (issue 25, i44d):
``count_gap_as_null_exists``.

The law (site ``select``): in an aggregate select without GROUP BY over one table ``T``
with WHERE ``w``, the comparisons ``COUNT(x) < COUNT(*)``, ``COUNT(*) > COUNT(x)`` and
``COUNT(x) <> COUNT(*)`` are ``EXISTS (SELECT 1 FROM T WHERE w AND x IS NULL)``, and
``COUNT(x) = COUNT(*)``, ``COUNT(x) >= COUNT(*)``, ``COUNT(*) <= COUNT(x)`` its NOT. Power BI's
DISTINCTCOUNT that counts the blank (``COUNT(DISTINCT x) + CASE WHEN COUNT(*) > COUNT(x)
THEN 1 ELSE 0 END``), dbt's ``not_null`` test (``COUNT(*) = COUNT(x)``) against the EXISTS
spelling ``counted_distinct_values`` writes. Sound in SQLite: ``COUNT(*)`` counts the kept
rows and ``COUNT(x)`` those whose ``x`` is not NULL (of any storage class); their difference
is the number of kept rows with a NULL ``x``, positive exactly when such a row exists. Both
counts are never NULL, so the comparison is TRUE or FALSE as EXISTS is, on no rows too
(0 = 0, no row). ``x`` is a column of ``T`` (a deterministic value); ``w`` holds no subquery
(it is copied into the EXISTS). Not ``COUNT(DISTINCT x)`` (repeats make it smaller), not
under GROUP BY (the count is per group), not ``<=`` the other way (always true).

Under GROUP BY (``grouped_count_gap_as_null_count``, round 56): the same comparisons are ``0 <
COUNT(CASE WHEN x IS NULL THEN 1 END)`` (``COUNT(x) = COUNT(*)`` is left to the laws of "no
row of the group without ``x``", which read it as a NOT EXISTS): in every group the difference of the two counts is the number of its
rows with a NULL ``x``, which the conditional count counts (never NULL either); the laws of
such a count (``grouped_case_filter_as_where``: a HAVING that keeps the groups with a NULL
``x``) read it. ``x`` any column of the FROM; near miss: ``COUNT(DISTINCT x)``.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Ty
from .aggregates import _map_sites
from .terms import _and, _conjuncts, _has_sub, _replace_cols, _windowless

# (op, COUNT(x) on the left): does it hold exactly when a NULL x exists?
_GAP = {(CmpOp.LT, True): True, (CmpOp.GT, False): True, (CmpOp.NE, True): True,
        (CmpOp.NE, False): True, (CmpOp.EQ, True): False, (CmpOp.EQ, False): False,
        (CmpOp.GE, True): False, (CmpOp.LE, False): False}


def _count_of(e, alias: str | None):
    """The column ``x`` of ``e = COUNT(x)`` (not DISTINCT, ``x`` a column of ``alias``, of
    any when None)."""
    if (isinstance(e, ir.Agg) and e.fn == AggFn.COUNT and not e.distinct
            and isinstance(e.arg, ir.Col) and alias in (None, e.arg.alias)):
        return e.arg
    return None


def _gap_test(y, alias: str | None):
    """(``x``, whether ``y`` holds exactly when a NULL ``x`` exists) of a comparison ``y`` of
    ``COUNT(x)`` and ``COUNT(*)`` that is such a test (``_GAP``), else None."""
    if not isinstance(y, ir.Cmp) or y.conv:
        return None
    for x_side, star in ((y.left, y.right), (y.right, y.left)):
        x = _count_of(x_side, alias)
        if x is None or not (isinstance(star, ir.Agg) and star.fn == AggFn.COUNT_STAR):
            continue
        gap = _GAP.get((y.op, x_side is y.left))
        return None if gap is None else (x, gap)
    return None


def count_gap_as_null_exists(q):
    """``q`` with each comparison of ``COUNT(x)`` and ``COUNT(*)`` as [NOT] EXISTS a kept row
    with a NULL ``x`` (module docstring); ``q`` itself when there is none."""
    if not (isinstance(q, ir.Select) and q.aggregate and not q.group_by
            and isinstance(t := q.source, ir.Scan) and q.bare_from is None and _windowless(q)
            and (q.where is None or not _has_sub(q.where))):
        return q
    s = t.alias + "~gap"
    rep = {(t.alias, n): ir.Col(s, n, ty, aff) for n, ty, aff in t.columns}

    def exists(x):
        where = _and([*_conjuncts(_replace_cols(q.where, rep)), ir.IsNull(_replace_cols(x, rep))])
        return ir.Exists(ir.Select(dataclasses.replace(t, alias=s), where, (), None,
                                   (ir.Lit(1, Ty.INT),), False, (), None, 0, False, ()))

    def f(y):
        if (test := _gap_test(y, t.alias)) is None:
            return y
        x, gap = test
        return exists(x) if gap else ir.Not(exists(x))

    return _map_sites(q, f)


def grouped_count_gap_as_null_count(q):
    """``q`` (grouped) with each comparison of ``COUNT(x)`` and ``COUNT(*)`` as a test of the
    count of NULL ``x`` (module docstring); ``q`` itself when there is none."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.group_by and q.bare_from is None
            and _windowless(q)):
        return q
    def f(y):
        if (test := _gap_test(y, None)) is None:
            return y
        x, gap = test
        if not gap:
            return y  # (``COUNT(x) = COUNT(*)``: the laws of "no row without x" read it)
        nulls = ir.Agg(AggFn.COUNT, ir.Case(((ir.IsNull(x), ir.Lit(1, Ty.INT)),),
                                            ir.Lit(None, Ty.NULL), Ty.INT), False, Ty.INT)
        return ir.Cmp(CmpOp.LT, ir.Lit(0, Ty.INT), nulls)

    return _map_sites(q, f)


NULL_COUNT_RULE = (
    "count_gap_as_null_exists", "without GROUP BY over one table T WHERE w, COUNT(x) < "
    "COUNT(*) (>, <>) is EXISTS (T WHERE w AND x IS NULL), COUNT(x) = COUNT(*) its NOT",
    ("select",), lambda canon, q, ctx: count_gap_as_null_exists(q))


GROUPED_NULL_COUNT_RULE = (
    "grouped_count_gap_as_null_count", "under GROUP BY, COUNT(x) < COUNT(*) (>, <>) is 0 < "
    "COUNT(CASE WHEN x IS NULL THEN 1 END)", ("select",),
    lambda canon, q, ctx: grouped_count_gap_as_null_count(q), True)
