"""The least of per-row least values as one join (round 55, i55a): ``extremum_of_row_extrema``.

``SELECT k.., MIN((SELECT MIN(x) FROM C c WHERE phi)) FROM P p WHERE w GROUP BY k..`` is
``SELECT k.., MIN(x) FROM P p JOIN C c ON phi WHERE w GROUP BY k..`` (MAX alike), when every
group of ``P WHERE w`` keeps a row with a partner (equal canonical forms of ``SELECT
DISTINCT k.. FROM P WHERE w`` with and without ``AND EXISTS (SELECT 1 FROM C c WHERE
phi)``; nothing to check without GROUP BY: one row either way). The per-row subquery is
NULL on a row without a partner, which MIN skips, so the group's value is the least ``x``
over all its rows' partners: the join's group (the textbook decorrelation of a nested
aggregate, PromQL's ``min by (label) (min_over_time(..))``). MIN and MAX only (exact, blind
to duplicates and to row order). Conditions: one scan ``P``; items the GROUP BY keys
(columns whose equal values are identical: ``transfer._exact``) and such extrema, all of one
``C`` and ``phi``; ``x`` reads ``C`` only; no subquery in ``phi``; no HAVING, DISTINCT
aggregate or collated table."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, JoinKind, Ty
from .terms import _and, _conjuncts, _has_sub, _leaves, _windowless
from .transfer import _exact
from .windows import _collated


def extremum_of_row_extrema(q, canon):
    """``q`` as the grouping of the join (the module's law), else ``q``."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.having is None and q.bare_from is None
            and not q.order and q.limit is None and not q.offset and _windowless(q)):
        return q
    leaves = _leaves(q.source)
    if leaves is None or len(leaves) != 1 or not isinstance(leaves[0], ir.Scan):
        return q
    p = leaves[0].alias
    if not all(isinstance(g, ir.Col) and g.alias == p and _exact(g, g, canon.typed) for g in q.group_by):
        return q
    subs = [i.arg.query for i in q.items if i not in q.group_by and _nested(i, p)]
    if not subs or len(subs) + sum(i in q.group_by for i in q.items) != len(q.items) or any(
            (s.source, s.where) != (subs[0].source, subs[0].where) for s in subs):
        return q
    c = subs[0]
    if _collated((q.source, c.source), canon.schema):
        return q
    if q.group_by:
        keys = ir.Select(q.source, q.where, (), None, q.group_by, True, (), None, 0, False)
        probe = ir.Select(c.source, c.where, (), None, (ir.Lit(1, Ty.INT),), False, (), None, 0, False)
        kept = dataclasses.replace(keys, where=_and([*_conjuncts(q.where), ir.Exists(probe)]))
        if canon.query(keys, {}, 1, False) != canon.query(kept, {}, 1, False):
            return q
    items = tuple(i if i in q.group_by else dataclasses.replace(i, arg=i.arg.query.items[0].arg)
                  for i in q.items)
    return dataclasses.replace(q, source=ir.Join(JoinKind.INNER, q.source, c.source, c.where), items=items)


def _nested(i, p: str) -> bool:
    """Is item ``i`` MIN (MAX) of a scalar subquery ``SELECT MIN(x) FROM C c WHERE phi``
    (MAX alike) over one scan, correlated with ``p`` only in ``phi``?"""
    if not (isinstance(i, ir.Agg) and i.fn in (AggFn.MIN, AggFn.MAX) and not i.distinct
            and isinstance(i.arg, ir.ScalarSub)):
        return False
    s = i.arg.query
    if not (isinstance(s, ir.Select) and s.aggregate and not s.group_by and s.having is None
            and not s.order and s.limit is None and not s.offset and s.bare_from is None
            and isinstance(s.source, ir.Scan) and s.source.alias != p and s.where is not None
            and len(s.items) == 1 and isinstance(a := s.items[0], ir.Agg) and a.fn == i.fn
            and not a.distinct and a.arg is not None and not _has_sub(a.arg) and not _has_sub(s.where)):
        return False
    return (ir.free_aliases(s) == {p}
            and all(not isinstance(y, ir.Col) or y.alias == s.source.alias for y in ir.local_nodes(a.arg)))


NESTED_EXTREMUM_RULE = (
    "extremum_of_row_extrema", "MIN((SELECT MIN(x) FROM C c WHERE phi)) over P p WHERE w GROUP BY "
    "k.. is MIN(x) over P p JOIN C c ON phi (MAX alike), when every group of P WHERE w keeps a row "
    "with a partner (keys identical when equal, no collation)", ("unordered",),
    lambda canon, q, ctx: extremum_of_row_extrema(q, canon), True)
