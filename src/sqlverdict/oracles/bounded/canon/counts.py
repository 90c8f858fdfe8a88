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
from ..ir.kinds import AggFn, CmpOp, FuncName, LogicOp, Ty
from .joins import _not_null
from .terms import Flat, _aliases_in, _and, _conjuncts, _deep, _leaves


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
    None (``x`` outside F, ``k`` the counted column, or any column of F when None)."""
    if not isinstance(c, ir.Not):
        return None
    return _match(c.arg, source, where, key)


def _match(c, source, where, key):
    """``EXISTS (SELECT .. FROM F WHERE W AND x = k)`` as the ``x = k`` comparison, or None."""
    if not (isinstance(c, ir.Exists) and isinstance(c.query, ir.Select)):
        return None
    s = c.query
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


def not_in_by_counts(c, schema=None, leaves=(), others=()):
    """``_not_in_by_counts`` of a filter conjunct ``c`` beside the filter's ``others``
    (which may reject a NULL ``x``)."""
    return _not_in_by_counts(c, schema, leaves, _rejected(others or ()))


def _rejected(conds) -> set:
    """The columns some conjunct of a filter is NULL (not TRUE) on when they are NULL: an
    operand of a comparison (not ``IS``), the argument of an IN list or of ``IS NOT NULL``."""
    out = set()
    for c in conds:
        if isinstance(c, ir.Cmp) and c.op not in (CmpOp.IS, CmpOp.IS_NOT):
            out.update({c.left, c.right})
        elif isinstance(c, ir.InList) or (isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull)):
            out.add(c.arg if isinstance(c, ir.InList) else c.arg.arg)
    return {x for x in out if isinstance(x, ir.Col)}


def _not_in_by_counts(c, schema=None, leaves=(), rejected=frozenset()):
    """A filter conjunct ``C = 0 OR (C <= CK AND NOT EXISTS (.. W AND x = k) AND x IS NOT
    NULL)``, ``C``/``CK`` the scalar ``COUNT(*)``/``COUNT(k)`` of one FROM/WHERE ``W``, is
    ``NOT x IN (SELECT k FROM .. WHERE W)`` (both TRUE on the same rows; where one is
    not, the other is FALSE or NULL). ``CK`` read as ``COUNT(*)`` (``count_star``: ``k``
    never NULL) only when ``schema`` declares ``k`` NOT NULL. ``x IS NOT NULL`` may be
    left out when ``x`` is a NOT NULL (or never-NULL key) column of a table among
    ``leaves``, the filter's inner-joined sources (never padded): it is then TRUE on every
    row (round 63, Calcite prints it so); or when another conjunct of the filter is NULL or
    FALSE where ``x`` is NULL (``rejected``): such rows go whatever this conjunct says."""
    if not (isinstance(c, ir.Logic) and c.op == LogicOp.OR and len(c.args) == 2):
        return c
    for e, rest in ((c.args[0], c.args[1]), (c.args[1], c.args[0])):
        fw = _empty(e)
        parts = _conjuncts(rest)
        if fw is None or len(parts) not in (2, 3):
            continue
        key = next((k for k in map(_no_null_key, parts) if k is not None), None)
        if key is None or key[:2] != fw:
            continue
        source, where, k = key
        cmp = next((m for m in (_no_match(p, source, where, k) for p in parts) if m is not None),
                   None)
        if cmp is None or not (ir.Not(ir.IsNull(cmp.left)) in parts if len(parts) == 3 else (
                cmp.left in rejected or (schema is not None and isinstance(cmp.left, ir.Col)
                                         and _not_null(cmp.left, leaves or (), schema)))):
            continue
        if k is None:  # no NULL in the subquery only when its column cannot be NULL
            if schema is None or not _not_null(cmp.right, _leaves_of(source), schema):
                continue
            k = cmp.right
        sub = ir.Select(source, where, (), None, (k,), False, (), None, 0, False, ())
        return ir.Not(ir.InSub(cmp.left, sub, conv=cmp.conv))
    return c


def _some_null(c):
    """``COUNT(k) < COUNT(*)`` over one FROM/WHERE as ``(F, W, k)`` (``k`` None for a
    ``COUNT(*)`` in its place), or None: some ``k`` is NULL."""
    if not (isinstance(c, ir.Cmp) and not c.conv and c.op in (CmpOp.LT, CmpOp.GT)):
        return None
    small, big = (c.left, c.right) if c.op == CmpOp.LT else (c.right, c.left)
    star, key = _count(big, AggFn.COUNT_STAR), _count(small, AggFn.COUNT)
    if star is not None and key is not None and star[:2] == key[:2]:
        return key
    if star is not None and _count(small, AggFn.COUNT_STAR) == star:
        return (*star[:2], None)
    return None


def _bit(e, value) -> bool:
    """Is ``e`` the literal ``value`` (0, 1 as integers or booleans, or NULL)?"""
    if not isinstance(e, ir.Lit):
        return False
    if value is None:
        return e.value is None
    return type(e.value) in (int, bool) and e.value == value


def _in_case(e, schema):
    """The five-arm CASE of ``rewriteIn`` as ``x IN (SELECT k ..)`` read as 0/1/NULL, or
    ``e``."""
    if not (isinstance(e, ir.Case) and len(e.whens) == 4 and _bit(e.default, 0)):
        return e
    (empty, v0), (found, v1), *nulls = e.whens
    fw = _empty(empty)
    if fw is None or not (_bit(v0, 0) and _bit(v1, 1) and all(_bit(v, None) for _, v in nulls)):
        return e
    for a, b in (nulls, nulls[::-1]):
        key = _some_null(b[0])
        if key is None or key[:2] != fw or not isinstance(a[0], ir.IsNull):
            continue
        source, where, k = key
        cmp = _match(found, source, where, k)
        if cmp is None or cmp.left != a[0].arg:
            continue
        if k is None:
            if schema is None or not _not_null(cmp.right, _leaves_of(source), schema):
                continue
            k = cmp.right
        sub = ir.Select(source, where, (), None, (k,), False, (), None, 0, False, ())
        return ir.Func(FuncName.BOOL_INT, (ir.InSub(cmp.left, sub, conv=cmp.conv),), Ty.INT)
    return e


def in_by_counts(e, schema=None):
    """``CASE WHEN C = 0 THEN 0 WHEN EXISTS (.. W AND x = k) THEN 1 WHEN x IS NULL THEN NULL
    WHEN CK < C THEN NULL ELSE 0 END`` (the two NULL arms in either order), ``C``/``CK`` the
    ``COUNT(*)``/``COUNT(k)`` of one FROM/WHERE ``W``, is ``x IN (SELECT k .. WHERE W)`` as
    a value: 0 over an empty subquery, 1 on a match, else NULL when ``x`` or some ``k`` is
    NULL, else 0 (Calcite's ``rewriteIn`` with three-valued logic, in SELECT)."""
    return _deep(e, lambda y: _in_case(y, schema))
