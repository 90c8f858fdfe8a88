"""One normal form for a conditional count without GROUP BY (round 60, class C1 of the
prover26 triage): ``scalar_count_as_where`` and ``scalar_count_difference``, on the scalar
subqueries a select item or a conjunct reads, once canonical (the count rules' item forms
first: a COUNT DISTINCT of a key, a CASE of a never-NULL value), the result canonicalized
anew at its depth; and under GROUP BY ``grouped_sum_of_ones`` (class A: what a roll-up of
counts leaves). The count of the rows where ``c`` holds is ``COUNT(*) .. WHERE c``, however
it is spelled.

- ``scalar_count_as_where``: ``SELECT n FROM F [WHERE w]`` (no GROUP BY, HAVING, DISTINCT,
  ORDER BY, LIMIT, OFFSET or window; ``n`` the one item) is ``SELECT COUNT(*) FROM F WHERE w
  AND c`` where ``n`` counts the rows on which ``c`` is TRUE: ``COUNT(x)`` (``c``: ``x IS
  NOT NULL``), ``COUNT(CASE WHEN c1 THEN v1 .. END)`` with every ``vi`` a literal other than
  NULL and no ELSE (``c``: ``c1 OR ..``: the CASE is a value on a row where some ``ci`` is
  TRUE, NULL on any other), ``COALESCE(SUM(CASE WHEN c1 THEN 1 .. [ELSE 0] END), 0)`` (the
  integer ones of those rows added, NULL over no row or, without ELSE, no such row: COALESCE
  reads 0), ``COALESCE(SUM(1), 0)`` (every row; round 61: what a roll-up of counts leaves)
  and ``COUNT(*) - COUNT(x)`` (``c``: ``x IS NULL``). A query with aggregates and
  no GROUP BY returns one row whatever its WHERE keeps, and ``COUNT(*)`` counts the rows the
  WHERE keeps: those of ``F`` and ``w`` where ``c`` is TRUE (FALSE and NULL dropped, as the
  CASE and COUNT drop them). Not DISTINCT (it counts values), not ``SUM(..)`` without
  COALESCE (NULL over no row where the count is 0), not under GROUP BY (a group the filter
  empties vanishes, where its count was 0), not beside another item (it reads the dropped
  rows). ``c`` holds no subquery. Integers only: COUNT and a SUM of integer ones.
- ``scalar_count_difference``: ``(SELECT COUNT(*) FROM F WHERE w) - (SELECT COUNT(*) FROM F
  WHERE w AND q)`` is ``(SELECT COUNT(*) FROM F WHERE w AND NOT q)`` when ``q`` is never
  NULL (``x IS NULL`` or ``x IS NOT NULL``): both subqueries read the same rows of the same
  outer row (one canonical FROM, the same other conjuncts), each returns one row, and a row
  of ``w`` is counted by the second exactly when ``q`` holds. A NULL-able ``q`` (a
  comparison) refuses: its NULL rows are in neither ``q`` nor ``NOT q``.

``COUNT(k)`` of a never-NULL ``k`` is ``COUNT(*)`` already (``count_star``), so ``COUNT(k) -
COUNT(x)`` (``count_of_nulls`` under GROUP BY), the LEFT JOIN ``COUNT(r.pk) .. ON .. AND p``
and ``SUM(CASE WHEN p THEN 1 ELSE 0 END)`` all meet ``COUNT(*) .. WHERE p`` inside the
per-parent scalar.
"""

from __future__ import annotations

import dataclasses
import re

from .. import ir
from ..ir.kinds import AggFn, ArithOp, FuncName, LogicOp, Ty
from .groupings import raw
from .terms import TRUE, Flat, _and, _conjuncts, _has_sub, _map_children, _windowless

_ONE, _ZERO = ir.Lit(1, Ty.INT), ir.Lit(0, Ty.INT)
_DEPTH = re.compile(r"t(\d+)_\d+")


def _map_local(e, f):
    """``f`` bottom-up over ``e``'s own expression nodes (a scalar subquery as a whole)."""
    if isinstance(e, ir.ScalarSub):
        return f(e)
    if isinstance(e, (ir.InSub, ir.Exists)) or not isinstance(e, ir.Expr):
        return e
    return f(_map_children(e, lambda c: _map_local(c, f)))


def _counts(e, fn) -> bool:
    return isinstance(e, ir.Agg) and e.fn == fn and not e.distinct


def _either(conds):
    return conds[0] if len(conds) == 1 else ir.Logic(LogicOp.OR, tuple(conds))


def _case_of_values(x, ones: bool):
    """The conditions of ``CASE WHEN c1 THEN v1 .. END`` whose ``vi`` are literals other than
    NULL (``ones``: the integer 1, and an ELSE 0 allowed), no other ELSE; else None."""
    if not (isinstance(x, ir.Case) and x.whens):
        return None
    nothing = isinstance(x.default, ir.Lit) and x.default.value is None
    if not (nothing or (ones and x.default == _ZERO)):
        return None
    if not all(v == _ONE if ones else (isinstance(v, ir.Lit) and v.value is not None) for _, v in x.whens):
        return None
    return [c for c, _ in x.whens]


def _condition(n):
    """``c`` where ``n`` counts the rows on which ``c`` is TRUE, else None."""
    if _counts(n, AggFn.COUNT):
        if isinstance(n.arg, (ir.Lit, ir.RowVal)):
            return None  # COUNT(1): count_of_constant's
        conds = _case_of_values(n.arg, ones=False)
        return _either(conds) if conds else ir.Not(ir.IsNull(n.arg))
    if (isinstance(n, ir.Func) and n.name == FuncName.COALESCE and len(n.args) == 2
            and n.args[1] == _ZERO and _counts(n.args[0], AggFn.SUM)):
        if n.args[0].arg == _ONE:
            return TRUE  # COALESCE(SUM(1), 0): every row (what a roll-up of counts leaves)
        conds = _case_of_values(n.args[0].arg, ones=True)
        return _either(conds) if conds else None
    if (isinstance(n, ir.Arith) and n.op == ArithOp.SUB and _counts(n.left, AggFn.COUNT_STAR)
            and _counts(n.right, AggFn.COUNT) and not isinstance(n.right.arg, ir.RowVal)):
        return ir.IsNull(n.right.arg)
    return None


def _one_row(q) -> bool:
    """An ungrouped aggregate select, one item, nothing after its WHERE but the item."""
    return (isinstance(q, ir.Select) and q.aggregate and not q.group_by and q.having is None
            and not q.distinct and not q.order and q.limit is None and not q.offset
            and q.bare_from is None and q.source is not None and len(q.items) == 1 and _windowless(q))


def _anew(canon, q, sub):
    """``q``, a canonical select rewritten, canonicalized again at its depth (its leaves are
    named ``t<depth>_<i>``; the outer aliases it reads keep their names) as a scalar
    subquery; ``sub`` when its depth does not show."""
    leaves = q.source.leaves if isinstance(q.source, Flat) else ()
    depths = {m.group(1) for x in leaves if (m := _DEPTH.fullmatch(getattr(x, "alias", "")))}
    if not leaves or len(depths) != 1 or len(leaves) != sum(1 for x in leaves if _DEPTH.fullmatch(x.alias)):
        return sub
    try:
        back = raw(q)
    except ValueError:
        return sub
    return ir.ScalarSub(canon.query(back, {}, int(depths.pop()), True), sub.ty)


def _as_where(canon, sub):
    """The scalar subquery ``sub`` of a conditional count as ``COUNT(*) .. WHERE c``, else
    ``sub``."""
    q = sub.query
    if not _one_row(q):
        return sub
    c = _condition(q.items[0])
    if c is None or _has_sub(c):
        return sub
    return _anew(canon, dataclasses.replace(q, items=(ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT),),
                                            where=_and([*_conjuncts(q.where), *_conjuncts(c)]
                                                       if c != TRUE else _conjuncts(q.where))), sub)


def _negated(q):
    """``NOT q`` of a test never NULL (``x IS NULL``, ``x IS NOT NULL``), else None."""
    if isinstance(q, ir.IsNull):
        return ir.Not(q)
    if isinstance(q, ir.Not) and isinstance(q.arg, ir.IsNull):
        return q.arg
    return None


def _counted_rows(s):
    """The select of ``(SELECT COUNT(*) FROM F WHERE w)``, else None."""
    q = s.query if isinstance(s, ir.ScalarSub) else None
    return q if _one_row(q) and q.items[0] == ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT) else None


def scalar_counts(canon, e, difference: bool):
    """``scalar_count_as_where`` (or ``difference``: ``scalar_count_difference``; see the module
    docstring) on the canonical scalar subqueries ``e`` reads (their items already in the
    count rules' forms: a COUNT DISTINCT of a key, a CASE of a never-NULL value read as theirs)."""
    def f(y):
        if isinstance(y, ir.ScalarSub) and not difference:
            return _as_where(canon, y)
        if not (difference and isinstance(y, ir.Arith) and y.op == ArithOp.SUB):
            return y
        a, b = _counted_rows(y.left), _counted_rows(y.right)
        if a is None or b is None or dataclasses.replace(a, where=None) != dataclasses.replace(b, where=None):
            return y
        wa, wb = _conjuncts(a.where), _conjuncts(b.where)
        extra = [x for x in wb if x not in wa]
        if len(extra) != 1 or len(wb) != len(wa) + 1 or any(x not in wb for x in wa):
            return y
        neg = _negated(extra[0])
        if neg is None:
            return y
        return _anew(canon, dataclasses.replace(a, where=_and([*wa, neg])), y)
    out = _map_local(e, f)
    return e if out == e else out


def grouped_sum_of_ones(e, grouped: bool):
    """Under GROUP BY, ``SUM(1)`` is ``COUNT(*)``: a group has a row, and the integer ones of
    its rows add up to their number exactly (without GROUP BY, SUM over no row is NULL where
    COUNT is 0). What a roll-up of partial ``COUNT(*)`` leaves (``rolled_up_aggregates``)."""
    if not grouped:
        return e

    def f(y):
        return ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT) if _counts(y, AggFn.SUM) and y.arg == _ONE else y
    out = _map_local(e, f)
    return e if out == e else out


GROUPED_ONES_RULE = ("grouped_sum_of_ones", "under GROUP BY, SUM(1) is COUNT(*) (a group is never "
                     "empty)", ("aggregate",), lambda canon, e, ctx: grouped_sum_of_ones(e, ctx["grouped"]))

SCALAR_COUNT_VALUE_RULES = (
    ("scalar_count_as_where", "a scalar subquery SELECT n FROM F WHERE w, n the one item and counting "
     "the rows where c is TRUE (COUNT(x), COUNT(CASE WHEN c THEN literal END), COALESCE(SUM(CASE "
     "WHEN c THEN 1 [ELSE 0] END), 0), COUNT(*) - COUNT(x)), no GROUP BY, HAVING, DISTINCT, ORDER "
     "BY or LIMIT, is SELECT COUNT(*) FROM F WHERE w AND c", ("value", "cond"),
     lambda canon, e, ctx: scalar_counts(canon, e, False)),
    ("scalar_count_difference", "(SELECT COUNT(*) FROM F WHERE w) - (SELECT COUNT(*) FROM F WHERE w "
     "AND q), q never NULL (x IS [NOT] NULL), is (SELECT COUNT(*) FROM F WHERE w AND NOT q)",
     ("value", "cond"), lambda canon, e, ctx: scalar_counts(canon, e, True)),
)
