"""The distinct values of a column kept by a semi-join on that column of its own table
(round 58, i58b): ``distinct_own_value_semijoin``.

``SELECT DISTINCT x.a FROM T x WHERE x.a IN (SELECT y.a FROM T y, .. WHERE p)``, or ``WHERE
EXISTS (SELECT .. FROM T y, .. WHERE y.a = x.a AND p)``, is ``SELECT DISTINCT y.a FROM T y,
.. WHERE p AND y.a IS NOT NULL`` (``y`` a scan of ``T`` among the subquery's inner-joined
sources, ``p`` not reading ``x``): "the connector types that have a long session" read
through the table of types (a per-type domain filtered by an EXISTS guard) or as the types
of the connectors that have one. This is the domain ``per_key_aggregate_as_grouping``
compares with its grouping's keys when the per-key select carries the guard.

Sound in SQLite: a value ``v`` shows on the left when a row ``x`` holds it and a row of the
subquery's join passing ``p`` holds in ``y.a`` a value ``= v``; ``y`` is itself a row of
``T``, so the values are those ``y.a`` of the join's rows passing ``p``, without NULL (``NULL
IN ..`` and ``NULL = ..`` are not TRUE). DISTINCT keeps one of each class of equal values;
the class must be one value (``transfer._exact``: TEXT, or the typed domain's numbers,
where ``1`` and ``1.0`` cannot both be stored) and the column of binary collation (under
NOCASE ``'a'`` finds ``'A'``), so both sides show the same value. The subquery reads no
outer column but ``x.a`` in its one link (the IR holds no random function); inner joins
only; no conversion on the IN or the link. The outer select has that one conjunct, one
scan, no aggregate, grouping, order or cut.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Conv
from .joins import _flat_source
from .terms import _aliases_in, _and, _conjuncts, _leaves, _on_conjuncts, _windowless
from .transfer import _exact
from .windows import _collated


def _plain(s, one_scan: bool) -> bool:
    return (isinstance(s, ir.Select) and not s.aggregate and not s.group_by and s.having is None
            and s.limit is None and not s.offset and s.bare_from is None and _windowless(s)
            and (isinstance(s.source, ir.Scan) if one_scan else _leaves(s.source) is not None))


def _link(d, a: ir.Col):
    """``y.a`` of a conjunct ``y.a = x.a`` (either way round, no conversion), else None."""
    if not (isinstance(d, ir.Cmp) and d.op == CmpOp.EQ and d.conv == Conv.NONE):
        return None
    other = d.right if d.left == a else d.left if d.right == a else None
    return other if isinstance(other, ir.Col) and other.alias != a.alias else None


def _semijoin(c, a: ir.Col):
    """(the subquery's leaves, its conjuncts ``p``, ``y.a``) of the conjunct ``c``, else None."""
    if isinstance(c, ir.InSub):
        s = c.query
        if not (c.arg == a and c.conv == Conv.NONE and not c.convs and _plain(s, False)
                and len(s.items) == 1 and not ir.free_aliases(s)):
            return None
        return _leaves(s.source), _on_conjuncts(s.source) + _conjuncts(s.where), s.items[0]
    if not (isinstance(c, ir.Exists) and _plain(s := c.query, False)
            and ir.free_aliases(s) == {a.alias}):
        return None
    conds = _on_conjuncts(s.source) + _conjuncts(s.where)
    mine = [d for d in conds if a.alias in _aliases_in(d)]
    b = _link(mine[0], a) if len(mine) == 1 else None
    if b is None:
        return None
    return _leaves(s.source), [d for d in conds if d is not mine[0]], b


def distinct_own_value_semijoin(q, schema, typed: bool):
    """``q`` read as the semi-join's own distinct values (module docstring), else ``q``."""
    if not (_plain(q, True) and q.distinct and not q.order and len(q.items) == 1):
        return q
    x, a = q.source, q.items[0]
    got = _semijoin(q.where, a) if isinstance(a, ir.Col) and a.alias == x.alias else None
    if got is None:
        return q
    leaves, conds, b = got
    y = next((v for v in leaves if isinstance(b, ir.Col) and v.alias == b.alias), None)
    if not (isinstance(y, ir.Scan) and y.table == x.table and b.name == a.name
            and _exact(a, b, typed) and not _collated(x, schema)):
        return q
    out = dataclasses.replace(q, source=_flat_source(leaves), items=(b,),
                              where=_and([*conds, ir.Not(ir.IsNull(b))]))
    return q if x.alias in ir.free_aliases(out) else out  # (p read x deeper down)


OWN_VALUE_RULE = (
    "distinct_own_value_semijoin", "SELECT DISTINCT x.a FROM T x WHERE x.a IN (SELECT y.a FROM "
    "T y, .. WHERE p) (EXISTS (.. WHERE y.a = x.a AND p)) is SELECT DISTINCT y.a FROM T y, .. "
    "WHERE p AND y.a IS NOT NULL (equal values of a identical, binary collation, inner joins, "
    "p uncorrelated)", ("unordered",),
    lambda canon, q, ctx: distinct_own_value_semijoin(q, canon.schema, canon.typed), True)
