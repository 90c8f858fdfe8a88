"""Calcite's count pair read back as NOT IN: ``not_in_by_counts``.

``SubQueryRemoveRule.rewriteIn`` writes ``x NOT IN (SELECT k FROM S WHERE w)`` in a filter
as a cross join to ``(SELECT COUNT(*) AS c, COUNT(k) AS ck FROM S WHERE w)`` and a LEFT JOIN
to a marker (``marker_join`` turns the marker into NOT EXISTS):
``c = 0 OR (ck >= c AND NOT EXISTS (.. x = k) AND x IS NOT NULL)``. The law is NOT IN's
three-valued meaning: TRUE exactly when the subquery is empty, or when ``x`` is not NULL, no
row equals it and no ``k`` is NULL (``COUNT(k) = COUNT(*)``); otherwise FALSE or NULL, which
a filter treats alike.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, LogicOp
from .joins import _not_null
from .terms import Flat, _aliases_in, _and, _conjuncts, _leaves


def _count(e, fn: AggFn):
    """The FROM/WHERE and counted column of ``e`` = ``(SELECT COUNT(..) FROM F WHERE W)``
    (``fn`` COUNT_STAR or COUNT), or None."""
    if not (isinstance(e, ir.ScalarSub) and isinstance(e.query, ir.Select)):
        return None
    s = e.query
    if not (s.aggregate and not s.group_by and s.having is None and s.limit is None
            and not s.offset and not s.distinct and s.bare_from is None and len(s.items) == 1):
        return None
    a = s.items[0]
    if not (isinstance(a, ir.Agg) and a.fn == fn and not a.distinct):
        return None
    return s.source, s.where, a.arg


def _empty(c):
    """``(SELECT COUNT(*) FROM F WHERE W) = 0`` as ``(F, W)``, or None."""
    if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv):
        return None
    for lit, sub in ((c.left, c.right), (c.right, c.left)):
        n = _count(sub, AggFn.COUNT_STAR)
        if n is not None and isinstance(lit, ir.Lit) and lit.value == 0 \
                and type(lit.value) is int:
            return n[0], n[1]
    return None


def _no_null_key(c):
    """``COUNT(*) <= COUNT(k)`` (or ``=``) over one FROM/WHERE as ``(F, W, k)``, or None:
    ``COUNT(k)`` never exceeds ``COUNT(*)``, and equals it exactly when no ``k`` is NULL."""
    if not (isinstance(c, ir.Cmp) and not c.conv and c.op in (CmpOp.LE, CmpOp.GE, CmpOp.EQ)):
        return None
    small, big = (c.left, c.right) if c.op in (CmpOp.LE, CmpOp.EQ) else (c.right, c.left)
    for a, b in ((small, big), (big, small)) if c.op == CmpOp.EQ else ((small, big),):
        star, key = _count(a, AggFn.COUNT_STAR), _count(b, AggFn.COUNT)
        if star is not None and key is not None and star[:2] == key[:2]:
            return key
        key = _count(b, AggFn.COUNT_STAR)  # COUNT(k) of a k never NULL, read as COUNT(*)
        if star is not None and key == star:
            return key
    return None


def _leaves_of(source) -> list:
    """The sources of a FROM: a canonical form's set, or a join tree's leaves."""
    if isinstance(source, Flat):
        return list(source.leaves)
    return [x for x in (_leaves(source) or [])]


def _no_match(c, source, where, key):
    """``NOT EXISTS (SELECT .. FROM F WHERE W AND x = k)`` as the ``x = k`` comparison, or
    None (``x`` outside F, ``k`` the counted column)."""
    if not (isinstance(c, ir.Not) and isinstance(c.arg, ir.Exists)
            and isinstance(c.arg.query, ir.Select)):
        return None
    s = c.arg.query
    if s.aggregate or s.group_by or s.limit is not None or s.offset or s.bare_from is not None \
            or s.source != source:
        return None
    inner = {x.alias for x in _leaves_of(source)}
    conds = _conjuncts(s.where)
    for i, k in enumerate(conds):
        if not (isinstance(k, ir.Cmp) and k.op == CmpOp.EQ):
            continue
        rest = _and(conds[:i] + conds[i + 1:])
        if rest != (_and(_conjuncts(where)) if where is not None else None):
            continue
        for mine, other in ((k.right, k.left), (k.left, k.right)):
            if (mine == key or (key is None and isinstance(mine, ir.Col) and mine.alias in inner)) \
                    and not (_aliases_in(other) & inner) and (mine is k.right or not k.conv):
                return dataclasses.replace(k, left=other, right=mine)
    return None


def not_in_by_counts(c, schema=None):
    """A filter conjunct ``C = 0 OR (C <= CK AND NOT EXISTS (.. W AND x = k) AND x IS NOT
    NULL)``, ``C``/``CK`` the scalar ``COUNT(*)``/``COUNT(k)`` of one FROM/WHERE ``W``, is
    ``NOT x IN (SELECT k FROM .. WHERE W)`` (both TRUE on the same rows; where one is
    not, the other is FALSE or NULL). ``CK`` read as ``COUNT(*)`` (``count_star``: ``k``
    never NULL) only when ``schema`` declares ``k`` NOT NULL."""
    if not (isinstance(c, ir.Logic) and c.op == LogicOp.OR and len(c.args) == 2):
        return c
    for e, rest in ((c.args[0], c.args[1]), (c.args[1], c.args[0])):
        fw = _empty(e)
        parts = _conjuncts(rest)
        if fw is None or len(parts) != 3:
            continue
        key = next((k for k in map(_no_null_key, parts) if k is not None), None)
        if key is None or key[:2] != fw:
            continue
        source, where, k = key
        cmp = next((m for m in (_no_match(p, source, where, k) for p in parts) if m is not None),
                   None)
        if cmp is None or ir.Not(ir.IsNull(cmp.left)) not in parts:
            continue
        if k is None:  # no NULL in the subquery only when its column cannot be NULL
            if schema is None or not _not_null(cmp.right, _leaves_of(source), schema):
                continue
            k = cmp.right
        sub = ir.Select(source, where, (), None, (k,), False, (), None, 0, False, ())
        return ir.Not(ir.InSub(cmp.left, sub, conv=cmp.conv))
    return c
