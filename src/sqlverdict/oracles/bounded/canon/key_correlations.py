"""One correlation equality for a parent's key (round 59, C4): ``EXISTS (SELECT .. FROM C a,
C b .. WHERE a.f = p.k AND b.f = p.k AND r(p.k))`` is ``EXISTS (.. WHERE a.f = p.k AND b.f
= a.f AND r(a.f))`` when equal values of ``a.f`` and ``p.k`` are identical (``exact``: the
caller's test, ``twins.key_semijoin_as_distinct``'s own). Inside the subquery ``a.f = p.k``
holds, so every reading of ``p.k`` may read ``a.f``; afterwards the EXISTS has one
equality with the outer row and ``joins.exists_to_in`` reads it as ``p.k IN (SELECT a.f
..)``. The other equalities must compare columns of ``p.k``'s affinity and type without
conversion; a conjunct holding a subquery that reads ``p`` stops the law (a nested scope
could name ``a`` again); no collated table among the subquery's sources (NOCASE equates
values that are not identical)."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Conv
from .joins import _flat_source
from .terms import (
    _aliases_in,
    _and,
    _conjuncts,
    _deep,
    _has_sub,
    _leaves,
    _on_conjuncts,
    _tree_aliases,
)


def one_key_equality(c, key: ir.Col, exact, schema):
    """``c`` with its EXISTS correlated to ``key`` through one equality (the module's
    note); ``exact(col)``: are equal values of ``col`` and ``key`` identical? ``c`` itself
    when the law does not apply."""
    if not (isinstance(c, ir.Exists) and isinstance(c.query, ir.Select)):
        return c
    sq = c.query
    leaves = _leaves(sq.source)
    if leaves is None or sq.aggregate or sq.group_by or sq.having is not None or any(
            isinstance(x, ir.Scan) and schema.table(x.table).collated for x in leaves):
        return c
    local = set(_tree_aliases(sq.source))
    conj = _on_conjuncts(sq.source) + _conjuncts(sq.where)
    found = [(i, _other(k, key, local)) for i, k in enumerate(conj)]
    found = [(i, x) for i, x in found if x is not None]
    if len(found) < 2:
        return c
    first = found[0][1]
    if not exact(first):
        return c
    out = []
    for i, k in enumerate(conj):
        if i == found[0][0]:
            out.append(k)
            continue
        if key.alias in _aliases_in(k) and _has_sub(k):
            return c
        out.append(_deep(k, lambda e: first if e == key else e))
    where = _and(out)
    return dataclasses.replace(c, query=dataclasses.replace(sq, source=_flat_source(leaves),
                                                            where=where))


def _other(k, key: ir.Col, local: set):
    """The inner column ``x`` of a conjunct ``x = key`` (either side), of ``key``'s
    affinity and type, compared without conversion; else None."""
    if not (isinstance(k, ir.Cmp) and k.op == CmpOp.EQ and k.conv == Conv.NONE):
        return None
    for mine, other in ((k.left, k.right), (k.right, k.left)):
        if (other == key and isinstance(mine, ir.Col) and mine.alias in local
                and mine.ty == key.ty and mine.affinity == key.affinity):
            return mine
    return None
