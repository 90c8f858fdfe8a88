"""Where a consumer cannot see how often a row occurs: ``distinct_operands`` (the operands
of UNION, INTERSECT and EXCEPT), ``duplicate_blind_join`` (a LEFT JOIN under aggregates
that ignore duplicates)."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, SetOpKind
from .joins import simplify_outer_joins
from .terms import _subquery_aliases, _tree_aliases

_DEDUPLICATING = (SetOpKind.UNION, SetOpKind.INTERSECT, SetOpKind.EXCEPT)
_BLIND = (AggFn.MIN, AggFn.MAX)  # and any aggregate of DISTINCT values


def distinct_operands(canon, value, ctx):
    """The operands of UNION (not ALL), INTERSECT and EXCEPT are canonicalized as inputs
    whose duplicates nobody reads (``dup_free``, as under IN or EXISTS): the compound
    keeps one row of each distinct value and asks of a row only whether an operand holds
    it, so ``SELECT DISTINCT`` (or GROUP BY of every item) in an operand changes nothing
    (Calcite's AggregateUnionAggregateRule: "Planner rule that matches Aggregates beneath a
    Union and pulls them up, so that a single Aggregate removes duplicates"). Not where
    row order is read (``positional``) nor under the compound's LIMIT/OFFSET."""
    q = ctx["q"]
    if (ctx.get("dup_free") or ctx["positional"] or q.all or q.op not in _DEDUPLICATING or q.limit is not None
            or q.offset):
        return value
    mapping, depth = ctx["mapping"], ctx["depth"]
    left = canon.query(q.left, mapping, depth, False, dup_free=True)
    right = canon.query(q.right, mapping, depth, False, dup_free=True)
    if left == ctx["left"] and right == ctx["right"]:
        return value
    new = dataclasses.replace(q, left=left, right=right)
    form, _ = canon.walk("setop", new, q=q, left=left, right=right, positional=False,
                         mapping=mapping, depth=depth, dup_free=True)
    return form


def _blind(q: ir.Select) -> bool:
    """Does the aggregate select ``q`` return the same rows when each input row may occur
    more often (never less)? Every aggregate is MIN, MAX or of DISTINCT values, every
    column read outside an aggregate is a GROUP BY key column, and no bare-column rule or
    window function reads rows."""
    if not q.aggregate or q.bare_from is not None:
        return False
    keys = {(g.alias, g.name) for g in q.group_by if isinstance(g, ir.Col)}
    parts = (q.items, q.having, tuple(k for k, _ in q.order))

    def ok(e) -> bool:
        if isinstance(e, ir.Agg):
            return e.fn in _BLIND or (e.distinct and e.fn != AggFn.COUNT_STAR)
        if isinstance(e, ir.Window):
            return False
        if isinstance(e, ir.Col):
            return (e.alias, e.name) in keys
        if isinstance(e, (ir.Exists, ir.ScalarSub)):
            return True  # (uncorrelated with this select's rows: checked below)
        kids = [getattr(e, f.name) for f in dataclasses.fields(e)] if isinstance(e, ir.Expr) else []
        flat = [y for k in kids for y in (k if isinstance(k, tuple) else (k,))]
        flat = [z for y in flat for z in (y if isinstance(y, tuple) else (y,))]
        return all(ok(y) for y in flat if isinstance(y, ir.Expr))

    if not all(ok(e) for part in parts for e in (part if isinstance(part, tuple) else (part,))
               if isinstance(e, ir.Expr)):
        return False
    # (a subquery of the items, HAVING or ORDER BY reads no row of this select)
    return not _subquery_aliases(parts) & set(_tree_aliases(q.source))


def duplicate_blind_join(q, schema):
    """A LEFT JOIN whose right side only its ON clause reads goes under aggregates that
    cannot tell how often a row occurs (Calcite's AggregateJoinRemoveRule: "Planner rule
    that matches an Aggregate on a Join and removes the join provided that the join is a
    left join or right join and it computes no aggregate functions or all the aggregate
    calls have distinct keys"): each left row stays, once or more often, so every group
    holds the same distinct rows of the left side, and MIN, MAX and aggregates of DISTINCT
    values (over columns of the left side) are the same. The join goes as under DISTINCT
    (``simplify_outer_joins`` with its consumer ignoring duplicates)."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Join) and _blind(q)):
        return q
    simpler = simplify_outer_joins(q, schema, True)
    return simpler if simpler.source != q.source else q
