"""A bound on a group's extremum as a filter (round 61, class E): ``extremum_bound_as_where``.

The law (site ``select``, typed domain): ``SELECT k.. FROM F WHERE w GROUP BY k.. HAVING
f(MIN(a)) θ c [AND h]`` is ``SELECT k.. FROM F WHERE w AND f(a) θ c GROUP BY k.. [HAVING h]``
for ``θ`` one of ``<``, ``<=`` (``>``, ``>=`` of MAX; the mirrored ``c θ' f(..)`` too), where
``f(m)`` is ``m``, ``m + e``, ``e + m`` or ``m - e``, and ``e`` and ``c`` are integers fixed
per group (integer literals, group keys, ``+ - *`` of them). "The first download within two
days of signing up" as ``MIN(d.day) - l.signup <= 2`` or as a row with ``d.day - l.signup <=
2``.

Sound on typed integers within 64 bits (the proof states ``integer_arithmetic_in_range``):
``f`` is non-decreasing, so ``f(MIN(a)) θ c`` holds iff some non-NULL ``a`` of the group has
``f(a) θ c`` (the minimum is such a row when any is; any such row bounds the minimum's
``f``). MIN skips NULLs and is NULL over none, a NULL ``f(a)`` fails the WHERE, and a NULL
``e`` or ``c`` fails both: a group survives alike, and its keys read the same values
(``transfer._exact``: equal values identical; the filtered group may show another row's).
Nothing else may read the group's rows: no other aggregate in the items, ORDER BY or the
HAVING's other conjuncts (the filter changes them), no window, LIMIT or DISTINCT. Not in the
sqlite domain: MIN orders text above numbers while ``'x' - 1`` computes on 0.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, ArithOp, CmpOp, Conv, Ty
from .terms import _and, _conjuncts, _has_sub, _leaves, _windowless
from .transfer import _exact

_FLIP = {CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE, CmpOp.GT: CmpOp.LT, CmpOp.GE: CmpOp.LE}
_DOWN = {AggFn.MIN: (CmpOp.LT, CmpOp.LE), AggFn.MAX: (CmpOp.GT, CmpOp.GE)}
_OPS = (ArithOp.ADD, ArithOp.SUB, ArithOp.MUL)


def _fixed(e, keys) -> bool:
    """An integer fixed per group: an integer literal, a group key, ``+ - *`` of them."""
    if e.ty != Ty.INT:
        return False
    if isinstance(e, ir.Lit):
        return type(e.value) is int
    if isinstance(e, ir.Arith):
        return e.op in _OPS and _fixed(e.left, keys) and _fixed(e.right, keys)
    return isinstance(e, ir.Col) and e in keys


def _extremum(m, keys):
    """(agg, rebuild) of ``f(agg)``, ``rebuild(x)`` being ``f(x)``, else None."""
    if isinstance(m, ir.Agg):
        if m.fn in _DOWN and not m.distinct and m.ty == Ty.INT and m.arg is not None \
                and m.arg.ty == Ty.INT and not _has_sub(m.arg):
            return m, lambda x: x
        return None
    if not (isinstance(m, ir.Arith) and m.ty == Ty.INT and m.op in (ArithOp.ADD, ArithOp.SUB)):
        return None
    sides = ((m.left, m.right, False),) if m.op == ArithOp.SUB else (
        (m.left, m.right, False), (m.right, m.left, True))
    for inner, e, swapped in sides:
        got = _extremum(inner, keys) if _fixed(e, keys) else None
        if got is not None:
            agg, f = got
            return agg, (lambda x, f=f, e=e, s=swapped:
                         ir.Arith(m.op, *((e, f(x)) if s else (f(x), e)), m.ty))
    return None


def _bound(h, keys):
    """(agg, filter) of a HAVING conjunct ``f(agg) θ c`` (or ``c θ' f(agg)``), else None."""
    if not (isinstance(h, ir.Cmp) and h.conv == Conv.NONE and h.op in _FLIP):
        return None
    for m, c, op in ((h.left, h.right, h.op), (h.right, h.left, _FLIP[h.op])):
        got = _extremum(m, keys)
        if got is not None and _fixed(c, keys) and op in _DOWN[got[0].fn]:
            agg, f = got
            return agg, ir.Cmp(op, f(agg.arg), c, h.ty, h.conv)
    return None


def extremum_bound_as_where(q, typed: bool, determined=None):
    """See the module docstring; ``determined(keys, leaves, {})``: the keys without those
    the others determine through a primary key (``canon._drop_determined``), dropped when
    nothing reads them once the extremum is gone (``determined_key_unread``'s law), so the
    grouping reads as a DISTINCT, then a semijoin, as the query written without the key."""
    if not (typed and isinstance(q, ir.Select) and q.aggregate and q.group_by
            and q.having is not None and not q.distinct and q.limit is None and not q.offset
            and q.bare_from is None and _windowless(q)):
        return q
    keys = set(q.group_by)
    if not all(isinstance(k, ir.Col) and _exact(k, k, typed) for k in keys):
        return q
    conds = _conjuncts(q.having)
    found = next(((h, got) for h in conds if (got := _bound(h, keys)) is not None), None)
    if found is None:
        return q
    test, (_, cond) = found
    rest = [h for h in conds if h is not test]
    reads = (*q.items, *(k for k, _ in q.order), *rest)
    if _has_sub(reads) or any(isinstance(y, ir.Agg) or (isinstance(y, ir.Col) and y not in keys)
                              for y in ir.local_nodes(reads)):
        return q
    keys = tuple(dict.fromkeys(q.group_by))
    leaves = _leaves(q.source)
    if determined is not None and leaves is not None and len(keys) > 1:
        kept = determined(keys, leaves, {})
        read = {y for y in ir.local_nodes(reads) if isinstance(y, ir.Col)}
        keys = tuple(k for k in keys if k in kept or k in read)
    return dataclasses.replace(q, having=_and(rest), group_by=keys,
                               where=_and([*_conjuncts(q.where), cond]))


_LAW = ("typed: SELECT k.. GROUP BY k.. HAVING f(MIN(a)) < / <= c is SELECT k.. WHERE f(a) < / "
        "<= c GROUP BY k.. (MAX with > / >=), f(m) = m, m + e, m - e of integers, e and c fixed "
        "per group, nothing else reading the rows (the proof states integer_arithmetic_in_range)")


def _apply(canon, q, ctx):
    return extremum_bound_as_where(q, canon.typed, canon._drop_determined)


# the registry's entry (``join_counts.JOIN_COUNT_RULES`` holds it), at the site "select"
EXTREMUM_FILTER_RULES = (("extremum_bound_as_where", _LAW, ("select",), _apply, True),)
