"""A correlated count that counts its own row (issue 25, round 6): ``count_of_self_as_one``.

Cookbooks number rows two ways: ``ROW_NUMBER()`` as ``(SELECT COUNT(*) FROM t t2 WHERE
t2.p = t.p AND t2.k <= t.k)`` and ``RANK()`` as ``1 + (SELECT COUNT(*) .. t2.k < t.k)``;
``DENSE_RANK()`` as ``COUNT(DISTINCT t2.k) .. <=`` or ``1 + COUNT(DISTINCT t2.k) .. <``.
Over a row ``t`` of the outer select, the rows ``t2`` the non-strict comparison keeps are
those the strict one keeps and those tied with ``t`` on every key. When ``t`` itself is one
of them (every other conjunct of the subquery holds at ``t2 := t``: it is a conjunct the
outer WHERE holds, ``x IS x``, or ``x = x``, ``x <= x``, ``x IS NOT NULL`` of a column
never NULL there) and the keys are never NULL on ``t``:

- ``COUNT(*)`` (or of a column declared never NULL): when a unique key of the table is among the keys, ``t`` is the only row
  tied with itself (UNIQUE holds no two equal non-NULL keys; ``=`` of two values of one
  column of binary collation compares as the index does), so the count is ``1 +`` the
  strict count;
- ``COUNT(DISTINCT k)`` of the one key ``k``: the tied rows hold values equal to ``t.k``,
  one distinct value not below ``t.k``, so the count is ``1 +`` the strict one, ties or
  not.

The comparison is the lexicographic ``k1' < k1 OR (k1' = k1 AND (.. kn' <= kn))`` of
``running._lex`` (``>`` for descending keys). Only where the outer row is kept: in the
items of a select without aggregate (every conjunct of its WHERE holds), or in a WHERE
conjunct (the other conjuncts hold, else the row goes whatever the count is)."""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import AggFn, ArithOp, CmpOp, LogicOp, Ty
from .facts import _rejects_col
from .terms import (
    _and,
    _conjuncts,
    _has_sub,
    _map_children,
    _normalize,
    _replace_cols,
    _unique_keys,
)
from .windows import _collated

_ONE = ir.Lit(1, Ty.INT)


def _order_cmp(c, inner: str, outer: str):
    """``(name, desc, strict)`` when ``c`` compares ``inner.k`` with ``outer.k`` by ``<``,
    ``<=``, ``>`` or ``>=`` (either side first), else None."""
    if not isinstance(c, ir.Cmp):
        return None
    n = _normalize(c)
    if n.op not in (CmpOp.LT, CmpOp.LE) or not isinstance(n.left, ir.Col) or not isinstance(n.right, ir.Col):
        return None
    a, b = n.left, n.right
    if a.name != b.name or {a.alias, b.alias} != {inner, outer} or n.conv:
        return None
    return a.name, a.alias == outer, n.op == CmpOp.LT


def _lex(c, inner: str, outer: str):
    """``([(name, desc)..], strict)`` of a lexicographic comparison of ``inner`` with
    ``outer``, else None."""
    one = _order_cmp(c, inner, outer)
    if one is not None:
        return [one[:2]], one[2]
    if not (isinstance(c, ir.Logic) and c.op == LogicOp.OR and len(c.args) == 2):
        return None
    for before, tied in (c.args, c.args[::-1]):
        first = _order_cmp(before, inner, outer)
        if first is None or not first[2] or not (
                isinstance(tied, ir.Logic) and tied.op == LogicOp.AND and len(tied.args) == 2):
            continue
        for eq, rest in (tied.args, tied.args[::-1]):
            if (isinstance(eq, ir.Cmp) and eq.op == CmpOp.EQ and not eq.conv
                    and {(x.alias, x.name) for x in (eq.left, eq.right) if isinstance(x, ir.Col)}
                    == {(inner, first[0]), (outer, first[0])}
                    and (tail := _lex(rest, inner, outer)) is not None):
                return [first[:2]] + tail[0], tail[1]
    return None


def _strict_lex(c, inner: str, outer: str):
    """``c`` (a lexicographic comparison) with its last comparison strict."""
    if isinstance(c, ir.Cmp):
        n = _normalize(c)
        return dataclasses.replace(n, op=CmpOp.LT)
    for i, tied in enumerate(c.args):
        if isinstance(tied, ir.Logic) and tied.op == LogicOp.AND:
            for j, rest in enumerate(tied.args):
                if _lex(rest, inner, outer) is not None and not (
                        isinstance(rest, ir.Cmp) and rest.op == CmpOp.EQ):
                    args = list(tied.args)
                    args[j] = _strict_lex(rest, inner, outer)
                    out = list(c.args)
                    out[i] = dataclasses.replace(tied, args=tuple(args))
                    return dataclasses.replace(c, args=tuple(out))
    return None


class _Kept:
    """What holds on an outer row of ``alias`` kept by the conjuncts ``conds``."""

    def __init__(self, alias: str, table, conds: list):
        self.alias, self.table, self.conds = alias, table, conds
        self.known = {_normalize(c) for c in conds}

    def never_null(self, x) -> bool:
        return isinstance(x, ir.Col) and x.alias == self.alias and self.never_null_name(x.name)

    def never_null_name(self, name: str) -> bool:
        return self.table.never_null(name) or any(_rejects_col(c, (self.alias, name)) for c in self.conds)

    def holds(self, c) -> bool:
        """Is conjunct ``c`` (over the outer row) TRUE on every kept row?"""
        if _normalize(c) in self.known:
            return True
        if isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull):
            return self.never_null(c.arg.arg)
        if not isinstance(c, ir.Cmp) or c.left != c.right or not isinstance(c.left, ir.Col):
            return False
        return c.op == CmpOp.IS or (c.op in (CmpOp.EQ, CmpOp.LE, CmpOp.GE) and self.never_null(c.left))


def _counted(sub: ir.ScalarSub, scan: ir.Scan, kept: _Kept, schema: Schema, guarded: bool = False):
    """``(1 + the strict count, keys assumed non-NULL)`` for a count of ``sub`` that counts
    the outer row once, else None. ``guarded``: the count's consumer is FALSE at 0, so a key
    whose NULL makes the count 0 (its sub-WHERE rejects it) may be assumed non-NULL, the
    caller adding ``k IS NOT NULL``."""
    s = sub.query
    if not (isinstance(s, ir.Select) and isinstance(s.source, ir.Scan) and s.aggregate
            and not s.group_by and s.having is None and not s.distinct and s.limit is None
            and not s.offset and not s.order and s.bare_from is None and len(s.items) == 1
            and s.source.table == scan.table and s.source.alias != scan.alias):
        return None
    agg, inner, t = s.items[0], s.source.alias, kept.table
    if not isinstance(agg, ir.Agg) or agg.fn not in (AggFn.COUNT_STAR, AggFn.COUNT):
        return None
    conds = _conjuncts(s.where)
    rep = {(inner, c): ir.Col(scan.alias, c, ty, aff) for c, ty, aff in s.source.columns}
    for i, c in enumerate(conds):
        lex = _lex(c, inner, scan.alias)
        if lex is None or lex[1]:
            continue
        keys, rest = lex[0], conds[:i] + conds[i + 1:]
        cols = {n.lower() for n, _ in keys}
        if any(_has_sub(d) or not kept.holds(_replace_cols(d, rep)) for d in rest):
            continue
        guards = [n for n, _ in keys if not kept.never_null_name(n)]
        if guards and not (guarded and all(
                any(_rejects_col(d, (scan.alias, n)) for d in conds) for n in guards)):
            continue
        rows = agg.fn == AggFn.COUNT_STAR or (  # COUNT of a column declared never NULL: of rows
            not agg.distinct and isinstance(agg.arg, ir.Col) and agg.arg.alias == inner
            and t.never_null(agg.arg.name))
        if rows:
            if not any(key and set(key) <= cols for key in _unique_keys(t)):
                continue
        elif not (agg.distinct and len(keys) == 1 and isinstance(agg.arg, ir.Col)
                  and agg.arg.alias == inner and agg.arg.name == keys[0][0]):
            continue
        where = _and(rest[:i] + [_strict_lex(c, inner, scan.alias)] + rest[i:])
        count = dataclasses.replace(sub, query=dataclasses.replace(s, where=where))
        return ir.Arith(ArithOp.ADD, _ONE, count, Ty.INT), guards
    return None


def _map_counts(e, f):
    """``e`` with ``f`` applied to each scalar subquery of this select (not inside others)."""
    if isinstance(e, ir.ScalarSub):
        return f(e)
    if isinstance(e, (ir.InSub, ir.Exists)):
        return e
    return _map_children(e, lambda c: _map_counts(c, f))


def _false_at_zero(c) -> bool:
    """Is ``c`` a comparison of a count subquery with an integer literal, FALSE at 0?"""
    if not isinstance(c, ir.Cmp) or c.conv:
        return False
    for x, lit, op in ((c.left, c.right, c.op), (c.right, c.left, _FLIP.get(c.op))):
        d = _int_lit(lit)
        if isinstance(x, ir.ScalarSub) and _is_count(x) and d is not None and op in _AT_ZERO:
            return not _AT_ZERO[op](0, d)
    return False


_AT_ZERO = {CmpOp.EQ: int.__eq__, CmpOp.NE: int.__ne__, CmpOp.LT: int.__lt__,
            CmpOp.LE: int.__le__, CmpOp.GT: int.__gt__, CmpOp.GE: int.__ge__}


def count_of_self_as_one(q, schema: Schema):
    """See the module: a correlated non-strict count that counts its own row once is ``1 +``
    the strict count, in the items and WHERE of a select over one table. A WHERE conjunct
    FALSE where the count is 0 (``n = 2``, ``n > 0``) is FALSE on a row whose NULL key makes
    the count 0: it gains ``k IS NOT NULL`` and counts as the key were never NULL."""
    if (not isinstance(q, ir.Select) or not isinstance(scan := q.source, ir.Scan) or q.aggregate
            or q.group_by or q.bare_from is not None or _collated(scan, schema)):
        return q
    t, conds = schema.table(scan.table), _conjuncts(q.where)

    def rewrite(e, kept, guarded=False):
        guards = []

        def one(sub):
            found = _counted(sub, scan, kept, schema, guarded)
            if found is None:
                return sub
            guards.extend(found[1])
            return found[0]
        out = _map_counts(e, one)
        cols = {c: (ty, aff) for c, ty, aff in scan.columns}
        return [ir.Not(ir.IsNull(ir.Col(scan.alias, n, *cols[n]))) for n in dict.fromkeys(guards)] + [out]

    everything = _Kept(scan.alias, t, conds)
    items = tuple(rewrite(i, everything)[-1] for i in q.items)
    where = [x for i, c in enumerate(conds) for x in rewrite(
        c, _Kept(scan.alias, t, conds[:i] + conds[i + 1:]), _false_at_zero(c))]
    if items == q.items and where == conds:
        return q
    return dataclasses.replace(q, items=items, where=_and(where))


_FLIP = {CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE, CmpOp.GT: CmpOp.LT, CmpOp.GE: CmpOp.LE,
         CmpOp.EQ: CmpOp.EQ, CmpOp.NE: CmpOp.NE}
_INT64 = range(-2**63, 2**63)


def _int_lit(e) -> int | None:
    if isinstance(e, ir.Lit) and e.ty == Ty.INT and isinstance(e.value, int) and not isinstance(e.value, bool):
        return e.value
    return None


def _is_count(x) -> bool:
    """Is ``x`` a count: an integer from 0 to the rows of a table, never NULL (COUNT, or a
    subquery of one COUNT without GROUP BY, HAVING, LIMIT or OFFSET: one row)?"""
    if isinstance(x, ir.Agg):
        return x.fn in (AggFn.COUNT, AggFn.COUNT_STAR)
    s = x.query if isinstance(x, ir.ScalarSub) else None
    return (isinstance(s, ir.Select) and s.aggregate and not s.group_by and s.having is None
            and s.limit is None and not s.offset and len(s.items) == 1 and _is_count(s.items[0]))


def count_offset_comparison(c):
    """``c + n op d`` (``n + c``, ``n - c``; ``op`` one of ``= <> < <= > >=``, either side
    first) of a count ``n`` and integer literals ``c``, ``d`` is ``n op d - c``: a count is
    an integer far below 2**62, so ``c + n`` is exact integer arithmetic and moving ``c``
    across keeps the comparison's truth (``d - c`` within 64 bits)."""
    if not isinstance(c, ir.Cmp) or c.op not in _FLIP or c.conv:
        return c
    for side, lit, op in ((c.left, c.right, c.op), (c.right, c.left, _FLIP[c.op])):
        d = _int_lit(lit)
        if d is None or not isinstance(side, ir.Arith) or side.op not in (ArithOp.ADD, ArithOp.SUB):
            continue
        pairs = [(side.left, side.right, 1)]
        if side.op == ArithOp.ADD:
            pairs.append((side.right, side.left, 1))
        for n, k, sign in pairs:
            if side.op == ArithOp.SUB:
                sign = -1
            off = _int_lit(k)
            if off is not None and _is_count(n) and d - sign * off in _INT64 and abs(off) < 2**62:
                return ir.Cmp(op, n, ir.Lit(d - sign * off, Ty.INT), c.ty)
    return c


SELF_COUNT_RULES = (
    ("count_of_self_as_one", "over a row of t kept by the outer WHERE, (SELECT COUNT(*) FROM "
     "t t2 WHERE c AND t2 <=lex t) is 1 + the count of <lex when c holds at t2 := t, the keys "
     "are never NULL there and hold a unique key; COUNT(DISTINCT k) of one key k likewise, "
     "ties or not", ("select",), lambda canon, q, ctx: count_of_self_as_one(q, canon.schema), True),
    ("count_offset_comparison", "c + n op d (n + c, n - c) of a count n (COUNT, a scalar "
     "subquery of one COUNT) and integer literals c, d is n op d - c (exact: a count is an "
     "integer far from overflow)", ("conjunct", "aggregate"),
     lambda canon, c, ctx: count_offset_comparison(c), False),
)
