"""A correlated count of parents that have a child, as a count of the children's distinct
keys, before the parent's select is read (round 57, i57b): ``counted_parents_as_distinct_count``.

The law (site ``select``): in ``WHERE``, a scalar subquery ``(SELECT COUNT(*) FROM P p WHERE
EXISTS (SELECT 1 FROM C c WHERE c.f = p.k AND r) AND s(p.k))`` (``k`` a never-NULL one-column
unique key of ``P``, ``c.f -> P.k`` an exact foreign key; ``r`` may read the enclosing
select's row) is ``(SELECT COUNT(DISTINCT c.f) FROM C c WHERE r AND s(c.f))``: "the stores a
customer ordered from" counted through the store table or as the orders' distinct stores.
``correlated_aggregate_as_group`` then reads the enclosing parent's test of that count as a
grouping (it reads the subquery as written, before the subquery's own laws run).

Sound in SQLite: ``COUNT(*)`` counts the rows of ``SELECT p.k FROM P p WHERE ..``, which
``twins.key_semijoin_as_distinct`` proves equal (as a bag) to ``SELECT DISTINCT c.f FROM C c
WHERE r AND c.f IS NOT NULL AND s(c.f)`` (a never-NULL unique key: one row per value; a
declared foreign key of one storage class: every non-NULL ``f`` has its parent), and the
number of rows of that DISTINCT select is ``COUNT(DISTINCT c.f)`` over ``r AND s(c.f)``
(both skip NULL ``f``, both count values equal under ``=`` once). Near misses: ``c.f`` not a
foreign key (a child naming no parent counted), ``p.k`` not unique, ``COUNT(p.x)``.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, Ty
from .joins import _flat_source
from .terms import _and, _conjuncts, _deep, _leaves, _windowless
from .twins import _col, _one_key, key_semijoin_as_distinct


def _distinct_count(s, schema, typed: bool):
    """``s`` (a scalar subquery's select) as ``SELECT COUNT(DISTINCT c.f) ..``, else None."""
    if not (isinstance(s, ir.Select) and s.aggregate and not s.group_by and s.having is None
            and not s.order and s.limit is None and not s.offset and s.bare_from is None
            and _windowless(s) and len(s.items) == 1 and isinstance(s.items[0], ir.Agg)
            and s.items[0].fn == AggFn.COUNT_STAR):
        return None
    leaves = _leaves(s.source)
    if leaves is None or len(leaves) != 1 or not isinstance(leaves[0], ir.Scan):
        return None
    k = _one_key(schema, leaves[0])
    conds = _conjuncts(s.where)
    if k is None or not any(isinstance(c, (ir.Exists, ir.InSub)) for c in conds):
        return None
    keys = dataclasses.replace(s, items=(_col(leaves[0], k, schema),), aggregate=False, names=())
    out = key_semijoin_as_distinct(keys, list(leaves), conds, schema, typed)
    if out is None:
        return None
    view, inner, inner_conds = out
    f = view.items[0]
    kept = [c for c in inner_conds if c != ir.Not(ir.IsNull(f))]  # (COUNT DISTINCT skips NULL)
    return ir.Select(_flat_source(inner), _and(kept), (), None,
                     (ir.Agg(AggFn.COUNT, f, True, Ty.INT),), False, (), None, 0, True, ())


def counted_parents_as_distinct_count(q, schema, typed: bool = False):
    """The module's law on the WHERE of ``q``; ``q`` itself when it does not apply."""
    if not isinstance(q, ir.Select) or q.where is None or schema is None:
        return q

    def sub(e):
        if isinstance(e, ir.ScalarSub):
            new = _distinct_count(e.query, schema, typed)
            if new is not None:
                return dataclasses.replace(e, query=new)
        return e
    where = _deep(q.where, sub)
    return q if where == q.where else dataclasses.replace(q, where=where)


COUNTED_PARENTS_RULE = (
    "counted_parents_as_distinct_count", "(SELECT COUNT(*) FROM P p WHERE EXISTS (SELECT 1 FROM "
    "C c WHERE c.f = p.k AND r)) in WHERE, k a never-NULL unique key, c.f -> P.k an exact "
    "foreign key, is (SELECT COUNT(DISTINCT c.f) FROM C c WHERE r)", ("select",),
    lambda canon, q, ctx: counted_parents_as_distinct_count(q, canon.schema, canon.typed), True)
