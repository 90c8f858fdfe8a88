"""No integer lies between ``k`` and ``k + 1`` (round 61, i61e, class W1): ``no_integer_between``.

``LAG(d) = d - 1`` ("the previous day was yesterday") and a self-join on ``b.d = a.d + 1`` ("a
row for yesterday exists") are one question over a unique integer order: the neighbour read
by LAG/LEAD becomes the first row past ``d`` with nothing between (``running``,
``view_top_rows``: ``u.d < d AND NOT EXISTS (.. u.d < v.d AND v.d < d ..)``), and when that row
is ``d - 1`` nothing can lie between. The law: in a select whose WHERE (or an ON of its inner joins) holds ``x = y - 1``
(``y = x + 1``, ``x + 1 = y``), ``x`` and ``y`` typed INTEGER columns (``int_compare._integral``),

- a conjunct ``NOT EXISTS (SELECT .. WHERE .. x < v AND v < y ..)`` (``v`` a typed INTEGER
  column of the subquery, the two comparisons conjuncts of its WHERE, the subquery without
  GROUP BY, aggregate or LIMIT and not defining the aliases of ``x`` and ``y``) is TRUE: no
  integer lies strictly between ``x`` and ``x + 1``, so its WHERE holds on no row;
- a conjunct ``x < y`` (``y > x``, ``x <= y``) is TRUE where ``x = y - 1`` holds.

Typed domain only (an INTEGER column of the sqlite domain may hold 1.5). The first step holds
in SQLite even past 64 bits (``y - 1`` of ``-2**63`` is the REAL ``-2**63``, so ``x = y``: nothing
lies between either); the second needs ``y - 1`` computed without overflow, which the proof
states (``integer_arithmetic_in_range``: the query computes ``-`` on the column).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import ArithOp, CmpOp, Ty
from .int_compare import _integral
from .rank_counts import _inner
from .terms import Flat, _and, _conjuncts
from .tie_breaks import _on_conds

_ONE = ir.Lit(1, Ty.INT)
_FLIP = {CmpOp.LT: CmpOp.GT, CmpOp.GT: CmpOp.LT, CmpOp.LE: CmpOp.GE, CmpOp.GE: CmpOp.LE}


def _successor(c, typed: bool):
    """(x, y) when the conjunct ``c`` says ``x = y - 1`` of typed INTEGER columns, else None."""
    if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ):
        return None
    for a, b in ((c.left, c.right), (c.right, c.left)):
        if isinstance(b, ir.Arith) and b.right == _ONE and _integral(b.left, typed) and _integral(a, typed):
            if b.op == ArithOp.SUB:
                return a, b.left
            if b.op == ArithOp.ADD:
                return b.left, a
    return None


def _less(c, strict: bool = True):
    """(a, b) when ``c`` says ``a < b`` (``b > a``; ``<=`` too unless ``strict``), else None."""
    if not isinstance(c, ir.Cmp):
        return None
    ops = (CmpOp.LT,) if strict else (CmpOp.LT, CmpOp.LE)
    if c.op in ops:
        return c.left, c.right
    if c.op in (_FLIP[o] for o in ops):
        return c.right, c.left
    return None


def _aliases(src) -> set:
    """The aliases a FROM defines (its leaves, joined or flat)."""
    if isinstance(src, ir.Join):
        return _aliases(src.left) | _aliases(src.right)
    if isinstance(src, Flat):
        return set().union(*(_aliases(x) for x in src.leaves))
    return {src.alias} if src is not None else set()


def _empty_between(e, x, y, typed: bool) -> bool:
    """Is ``e`` ``NOT EXISTS (S)`` whose WHERE holds ``x < v`` and ``v < y`` (the module)?"""
    if not (isinstance(e, ir.Not) and isinstance(e.arg, ir.Exists) and isinstance(s := e.arg.query, ir.Select)):
        return False
    if s.aggregate or s.group_by or s.having is not None or s.limit is not None or s.offset:
        return False
    if {x.alias, y.alias} & _aliases(s.source):
        return False  # (the subquery defines the alias again: its column is another one)
    pairs = [p for c in _conjuncts(s.where) if (p := _less(c)) is not None]
    above = {b for a, b in pairs if a == x and _integral(b, typed)}
    return any(a in above and b == y for a, b in pairs)


def no_integer_between(q, typed: bool):
    """See the module: ``NOT EXISTS`` of a row strictly between ``x`` and ``x + 1``, and ``x <
    x + 1``, dropped from a WHERE that says ``y = x + 1``."""
    if not (typed and isinstance(q, ir.Select)):
        return q
    inner = _inner(q.source)  # (the ON of an inner join is the WHERE's: read and cut alike)
    conds = _conjuncts(q.where) + [c for o in (_on_conds(q.source) if inner else ()) for c in _conjuncts(o)]
    steps = [p for c in conds if (p := _successor(c, typed)) is not None]
    if not steps:
        return q

    def kept(e):
        out = [c for c in _conjuncts(e) if not any(
            _less(c, strict=False) == (x, y) or _empty_between(c, x, y, typed) for x, y in steps)]
        return _and(out)
    where, source = kept(q.where), _cut_ons(q.source, kept) if inner else q.source
    if where == q.where and source == q.source:
        return q
    return dataclasses.replace(q, where=where, source=source)


def _cut_ons(src, kept):
    if not isinstance(src, ir.Join):
        return src
    return dataclasses.replace(src, left=_cut_ons(src.left, kept), right=_cut_ons(src.right, kept),
                               on=kept(src.on) if src.on is not None else None)


# ---- the registry's entry (``window_family.WINDOW_FAMILY`` adds it)

INTEGER_NEIGHBOUR_RULES = (
    ("no_integer_between", "where x = y - 1 (typed INTEGER columns), NOT EXISTS (.. WHERE x < v AND "
     "v < y ..) and x < y are TRUE: no integer lies between x and x + 1 (the proof states "
     "integer_arithmetic_in_range)", ("select",),
     lambda canon, q, ctx: no_integer_between(q, canon.typed)),
)
