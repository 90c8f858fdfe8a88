"""Adapters of the registry (``rules.RULES``) for the select, join and aggregate sites: the
driver's call of each rule at its site (moved out of ``rules`` to keep each verifier file
under 800 lines)."""

from __future__ import annotations

import dataclasses

from .. import ir
from .aggregates import (
    count_as_indicator_sum,
    merge_aggregates,
    merge_distinct,
    merge_grouped_join,
)
from .groupings import join_of_groupings, padded_grouping
from .joins import (
    count_join_as_subquery,
    right_join_as_left,
    self_join_on_key,
    simplify_outer_joins,
)
from .markers import (
    one_group_join,
)
from .terms import _conjuncts, _leaves, _on_conjuncts
from .transpose import in_group_as_having
from .unions import distinct_union, unordered
from .values_join import values_join_as_in
from .views import (
    join_as_scalar_subquery,
    merge_derived,
    merge_padded_derived,
    one_row_derived,
    push_into_derived,
)

# where the driver walks rules, and what it does with a result of a rule marked ``stops``

# ---- adapters: the driver's call of each rule at its site (moved from driver.py)


def _distinct_union(canon, q, ctx):
    sensitive = ctx["sensitive"]
    return q if sensitive else distinct_union(q)


def _unordered(canon, q, ctx):
    sensitive = ctx["sensitive"]
    return q if sensitive else unordered(q)


def _merge_aggregates(canon, q, ctx):
    merged = merge_aggregates(q)
    return q if merged is None else merged


def _merge_distinct(canon, q, ctx):
    merged = merge_distinct(q)
    return q if merged is None else merged


def _distinct_ignored(canon, q, ctx):
    dup_free = ctx["dup_free"]
    if dup_free and q.distinct and q.limit is None and not q.offset and not q.aggregate:
        return dataclasses.replace(q, distinct=False)  # DISTINCT under IN or EXISTS: no-op
    return q


def _simplify_outer_joins(canon, q, ctx):
    dup_free = ctx["dup_free"]
    simpler = simplify_outer_joins(q, canon.schema, (dup_free or q.distinct) and not q.aggregate)
    return simpler if simpler.source != q.source else q


def _merge_derived(canon, value, ctx):
    ignores_dups = ctx["ignores_dups"]
    q, leaves, conds = value
    merged = merge_derived(q, leaves, conds, ignores_dups)
    return value if merged[1] is None else merged


def _values_join_as_in(canon, value, ctx):
    merged = values_join_as_in(*value)
    return value if merged[1] is None else merged


def _self_join_on_key(canon, value, ctx):
    merged = self_join_on_key(*value, canon.schema)
    return value if merged[1] is None else merged


def _changed(value, result):
    return value if result[1] is None else result


def _one_row_derived(canon, value, ctx):
    q, leaves, conds = value
    merged = one_row_derived(q, leaves, conds)
    return value if merged[1] is None else merged


def _one_group_join(canon, value, ctx):
    merged = one_group_join(*value)
    return value if merged[1] is None else merged


def _join_as_scalar_subquery(canon, value, ctx):
    merged = join_as_scalar_subquery(*value, canon.schema)
    return value if merged[1] is None else merged


def _count_join_as_subquery(canon, value, ctx):
    if isinstance(value, ir.Select):
        return count_join_as_subquery(value, canon.schema, distinct_keys=True)
    q, leaves, conds = value  # at "sources": inside an inner-joined derived table, to merge it then
    new = list(leaves)
    for i, x in enumerate(leaves):
        if isinstance(x, ir.Derived) and isinstance(x.query, ir.Select):
            # the derived query as its own walk would read it first (these laws are rules
            # too): a RIGHT JOIN commuted, a padded view merged, an indicator sum as COUNT
            first = count_as_indicator_sum(merge_padded_derived(right_join_as_left(x.query)))
            inner = count_join_as_subquery(first, canon.schema)
            if inner is not first:
                new[i] = dataclasses.replace(x, query=inner)
                return q, new, conds
    return value


def _in_group_as_having(canon, value, ctx):
    out = in_group_as_having(*value, canon.schema)
    return value if out[0] is value[0] else out


def _push_into_derived(canon, value, ctx):
    q, leaves, conds = value
    pushed_leaves, pushed_conds = push_into_derived(leaves, conds)
    return value if pushed_leaves is leaves else (q, pushed_leaves, pushed_conds)


# ---- aggregates and LIMIT (issue 25): adapters


def _ordered(q, ctx) -> bool:
    """Is ``q`` a select whose consumer reads no row order that its ORDER BY leaves open?"""
    return isinstance(q, ir.Select) and (bool(q.order) or not (
        ctx["sensitive"] or q.limit is not None or q.offset))


def _merge_grouped_join(canon, q, ctx):
    """(It waits where ``join_as_scalar_subquery`` reads the grouping as scalar subqueries:
    a child and its parent both joined on the key, i60f; merged, the key is an item.)"""
    if not _ordered(q, ctx) or _scalar_join(q, canon.schema):
        return q
    return merge_grouped_join(q, canon.schema)


def _scalar_join(q, schema) -> bool:
    leaves = _leaves(q.source) if isinstance(q, ir.Select) and q.bare_from is None else None
    if leaves is None:
        return False
    conds = _on_conjuncts(q.source) + _conjuncts(q.where)
    return join_as_scalar_subquery(q, list(leaves), conds, schema)[1] is not None


def _join_of_groupings(canon, q, ctx):
    return join_of_groupings(q, canon) if _ordered(q, ctx) else q


def _padded_grouping(canon, q, ctx):
    return padded_grouping(q, canon) if _ordered(q, ctx) else q
