"""The rewrite rules of the canonical form as a registry: ``RULES``, in the order the driver meets them.

A rule is a law that holds on every database under its precondition (``Rule.law``, one
line). It applies at one or more sites of the walk in ``driver`` (``SITES``): at each site
the driver hands the current value (a query, a conjunct, a list of conjuncts, ...) to the
enabled rules of that site in registry order (``_Canon.walk``); a rule returns the value
itself when it does not fire. A rule marked ``stops`` ends the walk of its site when it
fires, and the driver takes the result from there (it canonicalizes it anew, or returns
it). Each rule has a fixture ``tests/fixtures/rules/<name>.sql`` with pairs where it fires
and pairs where it must not (``tests/oracles/bounded/canon/test_rules.py``).

To list them with their fixture counts: ``python -m sqlverdict.oracles.bounded.canon``.

>>> [r.name for r in RULES][:3]
['grouped_union', 'distinct_of_groups', 'distinct_union']
>>> rule("fold").sites
('select', 'cond')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from .. import ir
from . import aggregate_laws, aggregate_rows, avg_casts, date_ranges, having_row, scaled_bounds
from .agg_arith import AGG_ARITH_RULES
from .aggregates import (
    avg_of_sum_count,
    count_as_indicator_sum,
    count_minus_indicator_sum,
    count_of_distinct_rows,
    count_positive_as_group,
    distinct_rows_aggregate,
    group_by_as_distinct,
    sum_else_zero,
)
from .anti_groups import ANTI_GROUP_RULES, OWN_ROW_JOIN_RULES
from .casts import nested_casts, power_of_two_division, unwrap_real_cast
from .chain_counts import CHAIN_COUNT_RULES
from .child_keys import CHILD_KEY_RULES
from .coalesced_compare import COALESCED_COMPARE_RULE
from .compound_adapters import _commute_operands, _empty_operand, _self_compound
from .conditional_counts import CONDITIONAL_COUNT_RULES, ONE_TABLE_RULE
from .count_chains import COUNT_CHAIN_RULE
from .counted import count_of_union, counted_union
from .counts import in_by_counts, not_in_by_counts
from .decorrelate import COND_RULES, FACTS_RULES, SUBQUERY_RULES, UNORDERED_RULES
from .determined_extrema import DETERMINED_EXTREMUM_RULES, OUTER_EXTREMUM_RULE
from .determined_keys import DETERMINED_KEY_RULES
from .distinct_extrema import VIEW_WINDOW_RULES
from .distinct_partners import COUNT_JOIN_RULES
from .division import DIVISION_RULES
from .duplicates import distinct_operands, duplicate_blind_join
from .eager import coalesce_of_count, lazy_join_aggregation, lazy_union_aggregation, rounded_count
from .empty import empty_result, exists_first_row, exists_items, pad_empty_outer
from .empty_aggregate import aggregate_of_nothing
from .except_keys import EXCEPT_KEY_FAMILY
from .existential_bounds import EXISTENTIAL_BOUND_RULES
from .exists_parents import EXISTS_PARENT_FAMILY
from .exists_values import EXISTS_VALUE_RULES
from .extremum_bounds import EXTREMUM_BOUND_RULE
from .extremum_witness import EXTREMUM_WITNESS_RULE
from .facts import _known, filter_facts, fold, implied_conjuncts
from .fetch_joins import FETCH_RULES
from .first_extrema import FIRST_EXTREMUM_RULE, NO_EARLIER_RULE
from .first_rows import first_row_per_partition
from .fk_joined_division import DIVISION_FAMILY
from .full_joins import FULL_JOIN_CONJUNCT_RULES, FULL_JOIN_QUERY_RULES
from .group_bounds import GROUP_BOUND_RULES
from .group_key_counts import GROUP_KEY_COUNT_RULE
from .grouped_division import GROUPED_DIVISION_RULE
from .grouped_joins import count_of_group, grouped_left_join
from .grouped_tests import GROUP_TEST_RULE
from .indicators import count_of_ones
from .int_casts import INT_CAST_RULES
from .int_differences import INTEGER_FAMILY
from .join_counts import GROUPED_JOIN_RULES, INNER_GROUP_RULES, JOIN_COUNT_RULES
from .join_entries import GROUP_KEY_RULES, JOIN_RULES, OWN_ROW_RULES
from .joined_group_family import JOINED_GROUP_FAMILY
from .joined_tops import JOINED_TOP_RULE
from .joins import (
    exists_to_in,
    null_safe_eq,
    outer_join_on_foreign_key,
    right_join_as_left,
)
from .key_distinct import KEY_DISTINCT_RULE
from .key_joins import (
    count_distinct_of_key,
    exists_on_key_as_join,
    limit_through_key_join,
    semijoin_under_blind_aggregate,
)
from .keyed_anti_joins import ANTI_JOIN_RULES
from .keyed_entries import KEYED_RULES
from .least_values import LEAST_VALUE_RULE
from .left_quantifiers import LEFT_QUANTIFIER_FAMILY
from .limits import (
    combine_limits,
    limit_into_outer_join,
    project_through_limit,
    redundant_cut,
    union_top_n,
)
from .lookups import LOOKUP_RULE
from .magic_joins import MAGIC_JOIN_RULE
from .markers import INDICATOR_RULE, MARKER_RULE, ONE_ROW_JOIN_RULE, TRUTH_RULE, TWO_VALUED_RULE
from .membership import in_as_case
from .min_as_top import top_one_as_min
from .nested_extrema import NESTED_EXTREMUM_RULE
from .null_disjuncts import NULL_DISJUNCT_RULES
from .null_facts import is_of_non_null
from .null_groups import NULL_GROUP_RULES
from .null_safe_spelling import SPELLED_NULL_SAFE_RULE
from .nullcase import strict_case_as_coalesce
from .nullness import null_of_cast
from .nullsafe_setops import (
    except_as_null_safe_anti_join,
    intersect_as_null_safe_semijoin,
    intersect_chain_subsumed,
)
from .numbered_groups import NUMBERED_GROUP_RULES
from .offset_exists import OFFSET_EXISTS_RULE
from .on_case import left_condition_as_case
from .orders import monotone_order_key
from .outer_chains import OUTER_CHAIN_RULES
from .outer_views import merge_outer_joined_view
from .own_bounds import OWN_BOUND_RULE
from .own_group import OWN_GROUP_RULE
from .own_rows import OWN_ROW_IN_RULES
from .own_value_semijoins import OWN_VALUE_RULE
from .pages import PAGE_RULES, PAGE_SETOP_RULES
from .pair_counts import PAIR_COUNT_RULE
from .parent_groups import CORRELATED_GROUP_RULE, COUNTED_PARENTS_RULE
from .parents import in_parent_key
from .part_adapters import (
    _constant_columns,
    _constant_group_keys,
    _distinct_over_key,
    _empty_subquery,
    _exists_of_aggregate,
    _group_by_determined,
    _having_count_positive,
    _single_row_groups,
)
from .partition_extrema import GREATEST_RULES
from .partitions import PARTITION_RULES
from .per_key_aggregates import PER_KEY_RULE
from .percentages import REAL_RULE, SHARE_RULE
from .pivot_counts import PIVOT_COUNT_RULES
from .preserved_filters import PRESERVED_FILTER_RULES
from .quantified import (
    case_as_condition,
    conditions,
    count_as_exists,
    extremum_as_exists,
    own_extremum,
)
from .range_extrema import RANGE_EXTREMUM_RULE
from .rank_cuts import DISTINCT_CUT_RULE, OFFSET_CUT_RULE, RANK_CUT_RULE
from .ranks import rank_without_ties
from .ratios import RATIO_RULES
from .reduce import fold_lookup, null_of_arith
from .redundancy import (
    deduplicated_operands,
    derived_grouping_as_distinct,
    distinct_of_groups,
    grouped_union,
    rolled_up_keys,
)
from .rollups import ROLLUP_RULE
from .rule_adapters import (
    _changed,
    _distinct_ignored,
    _distinct_union,
    _in_group_as_having,
    _join_of_groupings,
    _merge_aggregates,
    _merge_derived,
    _merge_distinct,
    _merge_grouped_join,
    _one_group_join,
    _one_row_derived,
    _ordered,
    _padded_grouping,
    _push_into_derived,
    _self_join_on_key,
    _simplify_outer_joins,
    _unordered,
    _values_join_as_in,
)
from .running import RUNNING_RULES
from .scalar_bounds import SCALAR_BOUND_RULES
from .scalar_defaults import SCALAR_DEFAULT_RULE
from .scalar_join_family import SCALAR_JOIN_FAMILY
from .scalars import aggregate_of_null, one_row_scalar, one_row_values
from .self_counts import SELF_COUNT_RULES
from .self_join_groups import SELF_JOIN_GROUP_RULES, SELF_JOIN_VIEW_RULES
from .set_counts import SET_COUNT_RULES
from .set_joins import SET_JOIN_FAMILY
from .set_laws import SET_LAW_RULES
from .set_operands import QUERY_OPERAND_RULES, SET_OPERAND_RULES
from .setfilters import except_as_anti_join, intersect_as_in, union_as_filter
from .setops import (
    aggregate_union,
    except_as_filter,
    except_merge,
    intersect_subsumed,
    positional_names,
    tagged_union,
)
from .shares import COUNT_FORM_RULES
from .single_row import dedup_of_one_row, scalar_aggregate_row
from .sort_keys import SORT_KEY_RULES
from .star_counts import STAR_COUNT_RULE
from .subquery_nulls import NULL_SUBQUERY_RULE
from .subset_counts import SUBSET_COUNT_RULE
from .superlatives import SUPERLATIVE_RULES
from .terms import _count_star
from .text_casts import integer_text_cast
from .text_keys import TEXT_RULES
from .text_prefix import PREFIX_RULES
from .top_groups import TOP_GROUPS_RULE
from .top_keys import TOP_KEY_RULES
from .top_members import TOP_MEMBER_RULE
from .top_one import top_one_as_extremum
from .top_parents import TOP_PARENT_RULE
from .top_row_tests import TOP_ROW_TEST_RULE
from .top_rules import TOP_RULES
from .transfer import FACTS_RULE, SETOP_RULE
from .twins import TWIN_COMPOUND_RULES, TWIN_CONJUNCT_RULES, TWIN_SEMIJOIN_RULES
from .union_joins import UNION_JOIN_RULES
from .union_projection import PROJECTION_RULES
from .unions import inline_projection
from .unit_offsets import UNIT_OFFSET_RULE
from .values_case import values_join_as_case
from .view_counts import VIEW_COUNT_RULES
from .view_family import VIEW_FAMILY
from .views import (
    aggregate_row_as_subqueries,
    having_to_where,
    merge_padded_derived,
    merge_preserved_derived,
    project_grouped_view,
    scalar_of_group,
)
from .window_family import WINDOW_FAMILY
from .window_limits import WINDOW_LIMIT_RULES
from .window_sort_keys import WINDOW_SORT_KEY_RULE
from .window_views import WINDOW_VIEW_RULES

# where the driver walks rules, and what it does with a result of a rule marked ``stops``
SITES = {
    "query": "a select under its consumer; a changed select is canonicalized anew",
    "compound": "a compound before its operands are read; a changed compound is canonicalized anew",
    "setop": "a compound with canonical operands; a stopping rule's result is the form",
    "select": "a select before its sources are read; a stopping rule restarts the select",
    "unordered": "a select whose row order nobody reads; a stopping rule restarts it",
    "sources": "(select, inner-joined sources, conjuncts); a stopping rule restarts the select",
    "pushdown": "(select, sources, conjuncts); a stopping rule restarts the query",
    "conjunct": "one WHERE/ON conjunct of an inner-joined select",
    "semijoin": "(select, sources, conjuncts) before the sources are renamed",
    "cond": "one conjunct after renaming (flattened select; its renamed leaves)",
    "facts": "the conjuncts left beside the equality classes (and the select's leaves)",
    "constants": "the columns fixed to a literal ({} to start)",
    "value": "a select item, HAVING conjunct or ORDER BY key, columns substituted",
    "group": "the GROUP BY keys as a sorted set",
    "order": "the ORDER BY keys, (key, descending) pairs, of a flattened select",
    "aggregate": "an item, HAVING conjunct or ORDER BY key of an aggregate select",
    "having": "the HAVING conjuncts of a grouped select",
    "groups": "None, or (items, HAVING, ORDER BY) when each group is one row",
    "distinct": "the DISTINCT flag of a select without aggregate",
    "subquery": "IN or EXISTS with its canonical subquery; a stopping rule's result is it",
}


@dataclasses.dataclass(frozen=True)
class Rule:
    """``apply(canon, value, context)`` (``context``: the site's keywords, a dict) returns
    ``value`` itself when the rule does not fire; ``sites``: where the driver walks it, the first is its home."""

    name: str
    law: str
    sites: tuple[str, ...]
    apply: Callable
    stops: bool = False


_AGGREGATES_AND_LIMITS: tuple[Rule, ...] = (
    Rule("combine_limits", "ORDER BY o LIMIT n2 OFFSET m2 over a derived table cut by ORDER BY "
         "o LIMIT n1 OFFSET m1 is one cut: LIMIT min(n1 - m2, n2) OFFSET m1 + m2",
         ("query",), lambda canon, q, ctx: combine_limits(q)),
    Rule("union_top_n", "ORDER BY k LIMIT n OFFSET m of UNION ALL drops an operand's own "
         "ORDER BY k LIMIT n' (n' >= n + m, no OFFSET)", ("query", "compound"),
         lambda canon, q, ctx: union_top_n(q)),
    *(Rule(*r) for r in (  # canon/empty.py, canon/limits.py (issue 25, round 2)
        ("empty_result", "a query that returns nothing on every database (LIMIT 0, OFFSET past "
         "its most rows, WHERE FALSE or an empty inner-joined source; not an aggregate without "
         "GROUP BY) is the empty form", ("query", "compound"), lambda canon, q, ctx: empty_result(q)),
        ("pad_empty_outer", "X LEFT JOIN E ON c, E returning nothing, is X with E's columns NULL",
         ("query",), lambda canon, q, ctx: pad_empty_outer(q)),
        ("redundant_cut", "LIMIT n over at most n rows (past OFFSET) goes; ORDER BY of at most "
         "one row without OFFSET goes", ("query", "compound"), lambda canon, q, ctx: redundant_cut(q)),
        ("dedup_of_one_row", "DISTINCT, and GROUP BY without aggregates or HAVING, of at most one "
         "row goes", ("query",), lambda canon, q, ctx: dedup_of_one_row(q)),
        ("project_through_limit", "SELECT f(d.x) FROM (.. ORDER BY o LIMIT n OFFSET m) d, nothing "
         "else, is SELECT f(x) .. ORDER BY o LIMIT n OFFSET m (order not read; inner not DISTINCT)",
         ("query",), lambda canon, q, ctx: project_through_limit(q, ctx["sensitive"])),
        ("limit_into_outer_join", "ORDER BY k[, e] LIMIT n OFFSET m over d LEFT JOIN .. drops d's own "
         "ORDER BY k LIMIT n' (n' >= n + m; e only when k holds d's key)", ("query",),
         lambda canon, q, ctx: limit_into_outer_join(q, canon.schema)),
        ("limit_through_key_join", "(.. ORDER BY k LIMIT n OFFSET m) d LEFT JOIN B ON d.x = "
         "B.u (B.u unique) .. ORDER BY k, nothing else, is d uncut .. ORDER BY k LIMIT n OFFSET m",
         ("query",), lambda canon, q, ctx: limit_through_key_join(q, canon.schema)),
        ("exists_first_row", "(S) IS [NOT] NULL, S's one item a non-NULL literal, is [NOT] "
         "EXISTS (S); S's LIMIT n >= 1 without OFFSET goes", ("conjunct",),
         lambda canon, c, ctx: exists_first_row(c)),
        ("exists_items", "EXISTS (S) reads no column: S's items are 1 (no LIMIT, OFFSET or "
         "aggregate)", ("subquery",), lambda canon, e, ctx: exists_items(e)))),
    Rule("merge_grouped_join", "a grouped derived table joined on a group key to a table's "
         "unique column is one grouped query over the join, that table's columns as keys",
         ("query",), _merge_grouped_join),
    *(Rule(*e) for e in SELF_JOIN_VIEW_RULES),  # a grouped view joined to itself (self_join_groups.py)
    Rule("lazy_join_aggregation", "an inner-joined GROUP BY k of S (no HAVING) read by the outer aggregates "
         "as SUM of SUMs/COUNTs, MIN of MINs, MAX of MAXes, SUM(e * COUNT(*)) (else blind to repeats) is S's rows",
         ("query",), lambda canon, q, ctx: lazy_join_aggregation(q, canon.schema) if _ordered(q, ctx) else q),
    *(Rule(*e) for e in SET_JOIN_FAMILY),  # joined groupings, joined sets (keyed_groupings.py, set_joins.py)
    Rule("join_of_groupings", "two groupings of the same rows (canonical FROM, WHERE, GROUP "
         "BY; no HAVING) joined by IS on every key are one grouping with both item lists",
         ("query",), _join_of_groupings),
    Rule("padded_grouping", "SELECT DISTINCT k FROM R WHERE p LEFT JOIN (GROUP BY k of R WHERE "
         "p AND c, SUM/MIN/MAX/AVG(x)) ON IS of every key is GROUP BY k of R WHERE p with "
         "AGG(CASE WHEN c THEN x END)", ("query",), _padded_grouping),
    *(Rule(*entry) for entry in VIEW_COUNT_RULES),  # COUNT(*) over views (canon/view_counts.py)
    Rule("distinct_rows_aggregate", "COUNT/SUM/AVG/TOTAL(x) over a DISTINCT derived table of "
         "the group keys and x is the aggregate of DISTINCT x", ("select",),
         lambda canon, q, ctx: distinct_rows_aggregate(q), stops=True),
    Rule("count_of_distinct_rows", "COUNT(*) over a DISTINCT derived table of the group keys and "
         "values its WHERE keeps non-NULL is COUNT(DISTINCT values)", ("select",),
         lambda canon, q, ctx: count_of_distinct_rows(q), stops=True),
    *(Rule(*e) for e in JOIN_COUNT_RULES),  # counts over joins as distinct counts (canon/join_counts.py)
    *(Rule(*e) for e in ANTI_GROUP_RULES),  # semi/anti joins as grouped outer joins (canon/anti_groups.py)
    *(Rule(*entry) for entry in RATIO_RULES),  # ratios of counts (canon/ratios.py)
    *(Rule(*e) for e in (REAL_RULE, *aggregate_laws.AGGREGATE_LAW_RULES)),  # (their modules)
    Rule("avg_of_sum_count", "SUM(x) / COUNT(x) of a REAL column, and CAST(SUM(x) AS REAL) / "
         "COUNT(x), is AVG(x) (the proof states integer_sums_exact)", ("select",),
         lambda canon, q, ctx: avg_of_sum_count(q)),
    Rule("count_as_indicator_sum", "under GROUP BY, SUM(CASE WHEN x IS NULL THEN 0 ELSE 1 END) "
         "is COUNT(x)", ("select",), lambda canon, q, ctx: count_as_indicator_sum(q), True),
    Rule("count_positive_as_group", "an aggregate without GROUP BY under HAVING COUNT(*) > 0 "
         "is GROUP BY 1 (no bare columns)", ("select",),
         lambda canon, q, ctx: count_positive_as_group(q)))


RULES: tuple[Rule, ...] = (
    Rule("grouped_union", "SELECT d.x.. FROM (A UNION ALL B) d GROUP BY every column, no "
         "aggregate or HAVING, is A UNION B (consumer ignores order)", ("query",),
         lambda canon, q, ctx: q if ctx["sensitive"] else grouped_union(q), stops=True),
    Rule("distinct_of_groups", "SELECT DISTINCT over one grouped derived table, its items "
         "reading every group key as a column, is without DISTINCT (the groups' keys differ)",
         ("query", "unordered"),  # (stops: the site unordered keeps a stopping rule's result only)
         lambda canon, q, ctx: q if ctx.get("sensitive") else distinct_of_groups(q), True),
    Rule("distinct_union", "SELECT DISTINCT of every column of (A UNION ALL B), in order, "
         "is A UNION B (consumer ignores order)", ("query",), _distinct_union, stops=True),
    *(Rule(*e) for e in PROJECTION_RULES),  # projections over UNION (canon/union_projection.py)
    Rule("inline_projection", "SELECT d.x.., literals FROM (subquery) d, nothing else, is the "
         "subquery with those columns (of DISTINCT or a non-ALL compound: all, any order); an "
         "ORDER BY holding every group key of a grouped d sorts it", ("query",),
         lambda canon, q, ctx: inline_projection(q, ctx["sensitive"])),
    Rule("unordered", "ORDER BY without LIMIT/OFFSET goes where no consumer reads row order",
         ("query",), _unordered),
    Rule("monotone_order_key", "ORDER BY x + c, x - c, c + x, x * c, c * x (c an integer, "
         "positive for *) of an INTEGER column x is ORDER BY x (strictly increasing on "
         "integers without overflow; NULL stays first)", ("order",),
         lambda canon, order, ctx: monotone_order_key(order)),
    *(Rule(*entry) for entry in SORT_KEY_RULES),  # sort keys that order nothing (canon/sort_keys.py)
    Rule(*WINDOW_SORT_KEY_RULE),  # a window's sort keys too (canon/window_sort_keys.py)
    *(Rule(*entry) for entry in NUMBERED_GROUP_RULES),  # numbered rows as groups (canon/numbered_groups.py)
    *(Rule(*entry) for entry in NULL_GROUP_RULES),  # groups of NULLs nobody reads (canon/null_groups.py)
    Rule(*TOP_PARENT_RULE),  # the parent of the top child row (canon/top_parents.py)
    Rule("first_row_per_partition", "SELECT .. FROM (SELECT .., ROW_NUMBER() OVER (PARTITION "
         "BY p ORDER BY k) AS rn FROM t WHERE w) d WHERE d.rn = 1, k a never-NULL unique key, "
         "no other window, is d with rn 1 and WHERE w AND NOT EXISTS (a kept row of t with p "
         "IS p and k < k; > for DESC)", ("select",),
         lambda canon, q, ctx: first_row_per_partition(q, canon.schema), stops=True),
    Rule(*FIRST_EXTREMUM_RULE),  # a first row read through its keys (canon/first_extrema.py)
    Rule(*NO_EARLIER_RULE),  # first rows by NOT EXISTS an earlier one (canon/first_extrema.py)
    Rule(*TOP_GROUPS_RULE),  # groups ranked first by an aggregate (canon/top_groups.py)
    Rule("rank_without_ties", "over one table, RANK() and DENSE_RANK() whose ORDER BY keys "
         "hold a never-NULL unique key column are ROW_NUMBER() (no two rows tie)", ("select",),
         lambda canon, q, ctx: rank_without_ties(q, canon.schema), stops=True),
    *(Rule(*entry) for entry in WINDOW_FAMILY),  # window functions (canon/window_family.py)
    *(Rule(*entry) for entry in PARTITION_RULES),  # aggregates over a partition (canon/partitions.py)
    *(Rule(*entry) for entry in JOINED_GROUP_FAMILY),  # ..read back from joins (canon/joined_group_family.py)
    *(Rule(*entry) for entry in WINDOW_LIMIT_RULES),  # windows and LIMIT (canon/window_limits.py)
    *(Rule(*entry) for entry in RUNNING_RULES),  # running frames, ranks, LAG/LEAD (canon/running.py)
    *(Rule(*e) for e in VIEW_WINDOW_RULES),  # windows over a grouped/DISTINCT view (view_windows.py, distinct_extrema.py)
    *(Rule(*entry) for entry in SELF_COUNT_RULES),  # a count of its own row (canon/self_counts.py)
    *(Rule(*entry) for entry in SELF_JOIN_GROUP_RULES),  # (canon/self_join_groups.py)
    Rule("project_grouped_view", "SELECT f(d.m, d.k) FROM (SELECT k, AGG(x) AS m .. GROUP BY "
         "k) AS d, nothing else, is SELECT f(AGG(x), k) .. GROUP BY k (view: no DISTINCT, "
         "ORDER BY, LIMIT, window)", ("query",), lambda canon, q, ctx: project_grouped_view(q)),
    *_AGGREGATES_AND_LIMITS,  # ---- then set operations (canon/setops.py)
    Rule("tagged_union", "GROUP BY the columns of A, B tagged by distinct integers under UNION "
         "ALL, HAVING on MIN/MAX of the tag, is A INTERSECT/EXCEPT/UNION B (order not read)",
         ("query",), lambda canon, q, ctx: q if ctx["sensitive"] else tagged_union(q), stops=True),
    Rule("counted_union", "GROUP BY the columns of tagged operands under UNION ALL, HAVING "
         "only counts of each operand's rows (COUNT(*) FILTER (WHERE t = c) > 0 / = 0; COUNT(*) "
         "= n of distinct operands), is INTERSECT(I) EXCEPT UNION(E) (order not read)",
         ("query",), lambda canon, q, ctx: q if ctx["sensitive"] else counted_union(q), stops=True),
    *(Rule(*e) for e in SET_COUNT_RULES),  # markers and counts (canon/set_counts.py)
    *(Rule(*e) for e in (*QUERY_OPERAND_RULES, *SET_OPERAND_RULES, *FULL_JOIN_QUERY_RULES,
                         *CHILD_KEY_RULES, *UNION_JOIN_RULES)),
    Rule("count_of_union", "SELECT COUNT(*) FROM (A UNION ALL B ..), no WHERE, GROUP BY or "
         "HAVING, is (SELECT COUNT(*) FROM A) + (SELECT COUNT(*) FROM B) ..", ("query",),
         lambda canon, q, ctx: count_of_union(q)),
    Rule("aggregate_union", "MIN of MINs, MAX of MAXes, SUM of SUMs (exact reals), SUM of COUNTs "
         "over UNION ALL of aggregates (no HAVING) read the operands' rows (order not read)",
         ("query",), lambda canon, q, ctx: q if ctx["sensitive"] else aggregate_union(q)),
    Rule("lazy_union_aggregation", "SUM of COUNT(*)s and literal 1s, SUM of SUMs, MIN of MINs, "
         "MAX of MAXes over UNION ALL of grouped and plain operands read the operands' rows",
         ("query",), lambda canon, q, ctx: q if ctx["sensitive"] else lazy_union_aggregation(q)),
    *(Rule(*e) for e in SET_LAW_RULES),  # INTERSECT chains and over UNION (canon/set_laws.py)
    Rule("deduplicated_operands", "an operand A UNION ALL B of UNION, INTERSECT or EXCEPT "
         "(no LIMIT/OFFSET) is A UNION B: the compound never reads repeats (order not read)",
         ("compound",), lambda canon, q, ctx: q if ctx.get("sensitive", True)
         else deduplicated_operands(q)),
    Rule("except_merge", "(A EXCEPT B) EXCEPT C, the inner one maybe under a plain "
         "projection, is A EXCEPT (B UNION C) (no ORDER BY/LIMIT)", ("compound",),
         lambda canon, q, ctx: except_merge(q)),
    *(Rule(*e) for e in TWIN_COMPOUND_RULES),  # EXCEPT ALL of a sub-bag (canon/twins.py)
    *(Rule(*e) for e in EXCEPT_KEY_FAMILY),  # splits, the NULL branch, buckets, keyed EXCEPT (split_family, except_keys)
    Rule("except_as_filter", "SELECT e FROM T WHERE p EXCEPT SELECT e FROM T WHERE p AND c "
         "is SELECT DISTINCT e FROM T WHERE p AND NOT COALESCE(c, FALSE) when equal e give "
         "one c", ("compound",), lambda canon, q, ctx: except_as_filter(q, canon.schema)),
    Rule("union_as_filter", "SELECT e FROM F WHERE p UNION SELECT e FROM F WHERE q is SELECT "
         "DISTINCT e FROM F WHERE p OR q (no aggregate, window, LIMIT; equal e identical)",
         ("compound",), lambda canon, q, ctx: union_as_filter(q, canon.schema)),
    Rule("intersect_as_in", "SELECT a FROM F WHERE p INTERSECT SELECT b FROM G .. is SELECT "
         "DISTINCT a FROM F WHERE p AND a IN (SELECT b FROM G ..) when a is never NULL on a "
         "kept row and a, b are columns of one exact affinity", ("compound",),
         lambda canon, q, ctx: intersect_as_in(q, canon.schema)),
    Rule("except_as_anti_join", "SELECT a FROM F WHERE p EXCEPT SELECT b FROM G WHERE r is "
         "SELECT DISTINCT a FROM F WHERE p AND NOT EXISTS (SELECT 1 FROM G WHERE r AND b = a) "
         "when a is never NULL on a kept row and a, b are columns of one exact affinity",
         ("compound",), lambda canon, q, ctx: except_as_anti_join(q, canon.schema)),
    Rule("intersect_chain_subsumed", "A INTERSECT B INTERSECT C, A and C plain filters of "
         "one FROM and items (columns of one exact affinity), A's conjuncts among C's, is B "
         "INTERSECT C (order not read)", ("compound",),
         lambda canon, q, ctx: q if ctx.get("sensitive", True) else intersect_chain_subsumed(q)),
    Rule("intersect_as_null_safe_semijoin", "A INTERSECT B .., plain filters whose items are "
         "columns of one exact affinity, is SELECT DISTINCT a.. FROM F WHERE p AND EXISTS "
         "(SELECT 1 FROM G WHERE r AND b IS a ..) .. (order not read)", ("compound",),
         lambda canon, q, ctx: q if ctx.get("sensitive", True)
         else intersect_as_null_safe_semijoin(q, canon.schema)),
    Rule("except_as_null_safe_anti_join", "A EXCEPT (B UNION ..), plain filters whose items are "
         "columns of one exact affinity, is SELECT DISTINCT a.. FROM F WHERE p AND NOT EXISTS "
         "(SELECT 1 FROM G WHERE r AND b IS a ..) .. (one per FROM; order not read)",
         ("compound",), lambda canon, q, ctx: q if ctx.get("sensitive", True)
         else except_as_null_safe_anti_join(q, canon.schema)),
    *(Rule(*e) for e in PRESERVED_FILTER_RULES),  # a preserved-side filter (canon/preserved_filters.py)
    *(Rule(*e) for e in PIVOT_COUNT_RULES),  # counts per distinct key (canon/pivot_counts.py)
    Rule("merge_padded_derived", "a derived table of one table's plain columns on the right "
         "of LEFT JOIN is that table, its WHERE joins the ON", ("unordered",),
         lambda canon, q, ctx: merge_padded_derived(q), stops=True),
    Rule("positional_names", "a derived table's columns renamed by position (#0, #1, ...), "
         "every reference with them, return the same rows", ("select",),
         lambda canon, q, ctx: positional_names(q)),
    Rule("distinct_operands", "operands of UNION, INTERSECT, EXCEPT are read as inputs whose "
         "duplicates nobody reads: their DISTINCT is a no-op (no LIMIT; order not read)",
         ("setop",), distinct_operands, stops=True),
    *(Rule(*e) for e in (SETOP_RULE, *PAGE_SETOP_RULES)),  # canon/transfer.py, canon/pages.py
    Rule("intersect_subsumed", "an INTERSECT operand SELECT e FROM T WHERE p goes beside "
         "SELECT e FROM T WHERE p AND q (no aggregate, window, LIMIT; order not read)",
         ("setop",), intersect_subsumed, stops=True),
    Rule("empty_operand", "an operand that returns nothing: A INTERSECT/EXCEPT of it is empty, "
         "UNION ALL drops it (compound without ORDER BY/LIMIT)", ("setop",), _empty_operand,
         stops=True),
    Rule("self_compound", "A EXCEPT A returns nothing; A INTERSECT A is SELECT DISTINCT A "
         "(order not read)", ("setop",), _self_compound, stops=True),
    Rule("commute_operands", "UNION [ALL] and INTERSECT operands commute and associate "
         "(one operator and ALL flag; order not read)", ("setop",), _commute_operands, stops=True),
    Rule("one_row_scalar", "(SELECT e), a scalar subquery without FROM, WHERE, GROUP BY, "
         "LIMIT, aggregate or window, is e", ("select",), lambda canon, q, ctx: one_row_scalar(q)),
    Rule("scalar_aggregate_row", "SELECT f((S)) without FROM, S one row of one aggregate item a, is "
         "S with the item f(a)", ("select",), lambda c, q, x: scalar_aggregate_row(q), stops=True),
    Rule(*having_row.HAVING_ROW_RULE),  # HAVING without GROUP BY (canon/having_row.py)
    Rule("one_row_values", "SELECT f(t.x) FROM (VALUES (e)) AS t (x) WHERE p(t.x), one row, "
         "the only source, is SELECT f(e) WHERE p(e) (no aggregate or window)", ("select",),
         lambda canon, q, ctx: one_row_values(q)),
    Rule(*TWO_VALUED_RULE),  # (canon/markers.py)
    *(Rule(*entry) for entry in COND_RULES),  # decorrelation (canon/decorrelate.py)
    Rule("not_in_by_counts", "a filter conjunct C = 0 OR (C <= CK AND NOT EXISTS (.. W AND x = k) "
         "AND x IS NOT NULL, or not for a NOT NULL x), C/CK the COUNT(*)/COUNT(k) of one FROM/WHERE W, is "
         "NOT x IN (SELECT k .. WHERE W)", ("cond",), lambda canon, c, ctx: not_in_by_counts(c, canon.schema, ctx.get("leaves"), ctx.get("others"))),
    Rule("in_by_counts", "CASE WHEN C = 0 THEN 0 WHEN EXISTS (.. W AND x = k) THEN 1 WHEN x IS "
         "NULL THEN NULL WHEN CK < C THEN NULL ELSE 0 END, C/CK the COUNT(*)/COUNT(k) of one "
         "FROM/WHERE W, is x IN (SELECT k .. WHERE W) as 0/1/NULL", ("value",),
         lambda canon, e, ctx: in_by_counts(e, canon.schema)),
    Rule(*TRUTH_RULE),  # (canon/markers.py)
    Rule("fold", "literal comparisons, AND/OR/NOT/CASE over TRUE/FALSE evaluated; x + 0, "
         "x - 0, x * 1 of a number is x", ("select", "cond"), lambda canon, e, ctx: fold(e)),
    Rule("nested_casts", "CAST(CAST(x AS T) AS T) is CAST(x AS T) for T INTEGER or REAL; "
         "CAST(ROUND(CAST(r AS INTEGER)) AS INTEGER) is CAST(r AS INTEGER) for r real",
         ("select", "cond"), lambda canon, e, ctx: nested_casts(e)),
    Rule("rounded_count", "CAST(ROUND(c, 0) AS INTEGER) of a count c (COUNT(*), COUNT(x)) is c: "
         "a whole number below 2**53", ("select", "cond"), lambda canon, e, ctx: rounded_count(e)),
    Rule("coalesce_of_count", "COALESCE(c, ...) of a count c (COUNT(*), COUNT(x)) is c: never NULL",
         ("select", "cond"), lambda canon, e, ctx: coalesce_of_count(e)),
    Rule("unwrap_real_cast", "CAST(x AS REAL) op c, x an INTEGER column, |c| < 2**53, is x op' "
         "an integer (c whole: x op c; else > is x > floor(c), < is x <= floor(c); = is FALSE "
         "and <> is x IS NOT NULL as a WHERE conjunct only)", ("select", "cond"),
         lambda canon, e, ctx: unwrap_real_cast(e, conjunct=isinstance(e, ir.Expr))),
    *(Rule(*e) for e in INT_CAST_RULES),  # PostgreSQL's integer cast unwrapped (canon/int_casts.py)
    Rule("null_of_arith", "(y + c) IS NULL is y IS NULL, also y - c, y * c and y / c (c a "
         "finite number, not 0 for * and /)", ("select", "cond"), lambda canon, e, ctx: null_of_arith(e)),
    Rule("fold_lookup", "a text function of a text literal is the literal SQLite computes",
         ("select", "cond"), lambda canon, e, ctx: fold_lookup(e)),
    *(Rule(*e) for e in TEXT_RULES),  # text (canon/text_keys.py and its imports)
    Rule(*COALESCED_COMPARE_RULE),  # a number against a COALESCE (canon/coalesced_compare.py)
    Rule("power_of_two_division", "x / c is x * (1 / c) for x real and c a power of two "
         "(one correctly rounded quotient; not for integer division)", ("select", "cond"),
         lambda canon, e, ctx: power_of_two_division(e)),
    Rule("strict_case_as_coalesce", "CASE WHEN a IS NULL THEN y ELSE a op y END is COALESCE(a op y, y) "
         "for op + - * on integer terms of their declared class", ("select", "cond", "value", "aggregate"),
         lambda canon, e, ctx: strict_case_as_coalesce(e)),
    Rule("integer_text_cast", "CAST(n AS TEXT) of an integer literal is its decimal text; "
         "CAST(x AS TEXT) = s (<>) of an INTEGER column is x = n (<>) when s is the text of "
         "an integer n", ("select", "cond", "value"), lambda canon, e, ctx: integer_text_cast(e)),
    *(Rule(*r) for r in PREFIX_RULES + INTEGER_FAMILY + (UNIT_OFFSET_RULE,)),  # text_prefix, int_*, unit_offsets
    Rule("aggregate_of_null", "AGG(NULL) (a FILTER (WHERE FALSE)) in an aggregate select is "
         "its value over no rows: COUNT 0, TOTAL 0.0, SUM/AVG/MIN/MAX NULL (no bare columns)",
         ("select",), lambda canon, q, ctx: aggregate_of_null(q)),
    Rule("aggregate_of_nothing", "an aggregate without GROUP BY, HAVING, LIMIT over an input "
         "empty on every database (WHERE FALSE, an empty inner-joined source) is one row of "
         "its aggregates' values over no rows: COUNT 0, TOTAL 0.0, SUM/AVG/MIN/MAX NULL",
         ("select",), lambda canon, q, ctx: aggregate_of_nothing(q)),
    *(Rule(*e) for e in GREATEST_RULES),  # the greatest (canon/greatest_groups.py, partition_extrema.py)
    Rule("having_to_where", "a HAVING conjunct reading GROUP BY key columns only (no "
         "aggregate) filters rows in WHERE", ("select",), lambda canon, q, ctx: having_to_where(q)),
    *(Rule(*e) for e in (  # i41b: canon/group_key_counts.py, pair_counts.py, own_group.py,
        GROUP_KEY_COUNT_RULE, PAIR_COUNT_RULE, OWN_GROUP_RULE,  # parent_groups.py (Kim's JA),
        COUNTED_PARENTS_RULE, CORRELATED_GROUP_RULE, GROUPED_DIVISION_RULE, *DIVISION_FAMILY)),  # grouped_/distinct_/fk_joined_division.py
    *(Rule(*e) for e in LEFT_QUANTIFIER_FAMILY),  # twins, joined bounds, quantifiers (group_quantifiers.py, left_quantifiers.py)
    *(Rule(*e) for e in GROUP_BOUND_RULES),  # bounds as whole groups (canon/group_bounds.py)
    Rule(*LEAST_VALUE_RULE),  # a group's least value, ties kept once (canon/least_values.py)
    Rule("rolled_up_keys", "GROUP BY k over a grouped derived table (keys k, z.., no HAVING): "
         "MIN/MAX/COUNT(DISTINCT) of an inner key, COUNT of the one extra key, MIN of MINs, MAX "
         "of MAXes read the rows (COUNT(g.z) is COUNT(DISTINCT z))", ("select",),
         lambda canon, q, ctx: rolled_up_keys(q), stops=True),
    Rule("merge_aggregates", "SUM of integer SUMs, SUM of COUNTs, MIN of MINs, MAX of MAXes over a grouped derived table: one aggregate", ("select",), _merge_aggregates, stops=True),  # noqa: E501
    Rule(*ROLLUP_RULE),  # roll-ups: aggregates of a grouping's rows (canon/rollups.py)
    Rule("derived_grouping_as_distinct", "under an aggregate select, its one derived table "
         "SELECT x, y .. GROUP BY x, y HAVING h(x, y), no aggregate, is SELECT DISTINCT x, y "
         ".. WHERE h", ("select",), lambda canon, q, ctx: derived_grouping_as_distinct(q)),
    Rule("merge_distinct", "GROUP BY (or one group) over a SELECT DISTINCT derived table, read "
         "through its keys, MIN/MAX and aggregates of DISTINCT values, reads the table itself; "
         "COUNT(*) per group of rows DISTINCT on the keys and one y is COUNT(DISTINCT y) + "
         "MAX(CASE WHEN y IS NULL THEN 1 ELSE 0 END)", ("select",), _merge_distinct, stops=True),
    Rule("group_by_as_distinct", "SELECT x, y ... GROUP BY x, y without aggregates or HAVING "
         "is SELECT DISTINCT x, y", ("select",), lambda canon, q, ctx: group_by_as_distinct(q)),
    Rule("distinct_ignored", "DISTINCT (no LIMIT, no aggregate) is a no-op under IN, EXISTS "
         "or set semantics", ("select",), _distinct_ignored),
    Rule(*LOOKUP_RULE),  # a scalar lookup by a unique key as a LEFT JOIN (canon/lookups.py)
    Rule("outer_join_on_foreign_key", "X LEFT JOIN P ON X.f = P.k, X.f -> P.k a foreign key "
         "never NULL in X, P.k unique: every X row has one partner, an inner join", ("unordered",),
         lambda canon, q, ctx: outer_join_on_foreign_key(q, canon.schema), stops=True),
    Rule("left_condition_as_case", "L LEFT JOIN R ON c AND p(L), c on a unique key of R, is "
         "L LEFT JOIN R ON c with R's columns read as CASE WHEN p THEN r END (items and ORDER BY "
         "only)", ("select",), lambda canon, q, ctx: left_condition_as_case(q, canon.schema)),
    *(Rule(*e) for e in ANTI_JOIN_RULES),  # anti joins, also on a key (canon/keyed_anti_joins.py)
    Rule(*ONE_ROW_JOIN_RULE),  # (canon/markers.py)
    Rule(*MARKER_RULE),  # a LEFT JOIN read through a marker as EXISTS (canon/markers.py)
    Rule("grouped_left_join", "X LEFT JOIN D ON d.k = o.., D grouped by exactly the keys k "
         "(items), each equated without conversion to a column of its class and affinity (one "
         "group or none per row): each d.c reads (SELECT d.c FROM D d WHERE d.k = o ..)",
         ("unordered",), lambda canon, q, ctx: grouped_left_join(q), stops=True),
    Rule("case_as_condition", "CASE WHEN c1 THEN v1 .. ELSE vd END as a condition, each ci "
         "EXISTS/IS NULL and each vi a constant, is the OR of (ci and no earlier cj) over true "
         "vi (x op ANY/ALL (S) in SQLite); EXISTS (S WHERE (x op c) IS NULL), c not NULL in S, "
         "is x IS NULL AND EXISTS (S)", ("sources",),
         lambda canon, v, ctx: conditions(case_as_condition, *v) or v, stops=True),
    *(Rule(*entry) for entry in OWN_ROW_RULES),  # a semijoin to a joined row (canon/join_entries.py)
    Rule("own_extremum", "a.c = (SELECT MAX(c) FROM T [WHERE t.k = a.k ..]), a a scan of T in "
         "the select, is a.c IS NOT NULL [AND a.k IS NOT NULL ..] AND NOT EXISTS (SELECT 1 FROM "
         "T t WHERE [t.k = a.k ..] a.c < t.c) (MIN: t.c < a.c; Dayal's MIN as an anti join)",
         ("sources",), lambda canon, v, ctx: conditions(own_extremum, *v) or v, stops=True),
    *(Rule(*e) for e in (RANGE_EXTREMUM_RULE, EXTREMUM_BOUND_RULE, TOP_ROW_TEST_RULE)),  # i56c
    *(Rule(*e) for e in (SPELLED_NULL_SAFE_RULE, OFFSET_EXISTS_RULE, EXTREMUM_WITNESS_RULE)),  # i44b
    *(Rule(*e) for e in NULL_DISJUNCT_RULES),  # x IS NULL OR x = MAX (canon/null_disjuncts.py)
    *(Rule(*e) for e in (OUTER_EXTREMUM_RULE, *COUNT_JOIN_RULES)),  # MIN/MAX, per-row counts of a LEFT JOIN (determined_extrema.py, joins.py, distinct_partners.py)
    *(Rule(*e) for e in (*CHAIN_COUNT_RULES, STAR_COUNT_RULE)),  # canon/chain_counts.py, star_counts.py
    *(Rule(*e) for e in GROUPED_JOIN_RULES),  # integer sums per row (canon/join_counts.py)
    *(Rule(*entry) for entry in UNORDERED_RULES),  # decorrelation (canon/decorrelate.py)
    *(Rule(*e) for e in OUTER_CHAIN_RULES),  # outer-join chains through a key (canon/outer_chains.py)
    *(Rule(*entry) for entry in JOIN_RULES),  # outer joins, DISTINCT, magic sets (canon/join_entries.py)
    *(Rule(*entry) for entry in EXISTENTIAL_BOUND_RULES),  # HAVING bounds one row meets (canon/existential_bounds.py)
    *(Rule(*e) for e in INNER_GROUP_RULES),  # integer sums per group (canon/join_counts.py)
    Rule("right_join_as_left", "A RIGHT JOIN B ON c is B LEFT JOIN A ON c (row order not read)",
         ("unordered",), lambda canon, q, ctx: right_join_as_left(q), stops=True),
    Rule("simplify_outer_joins", "a LEFT JOIN null-rejected by WHERE is inner; one whose right "
         "side nothing reads, matched on a unique key or under DISTINCT, goes; ON FALSE pads",
         ("unordered",), _simplify_outer_joins, stops=True),
    Rule("duplicate_blind_join", "a LEFT JOIN whose right side only its ON reads goes under "
         "aggregates blind to duplicates (MIN, MAX, DISTINCT; other columns group keys)",
         ("unordered",), lambda canon, q, ctx: duplicate_blind_join(q, canon.schema), stops=True),
    Rule("merge_preserved_derived", "a plain derived table on the preserved side of LEFT JOIN "
         "is its FROM; its WHERE joins the outer WHERE", ("unordered",),
         lambda canon, q, ctx: merge_preserved_derived(q), stops=True),
    Rule("merge_outer_joined_view", "a plain derived table over LEFT JOINs (no aggregate, "
         "DISTINCT, LIMIT, ORDER BY, window), the only source of its select, is its FROM; its "
         "WHERE joins the outer WHERE", ("unordered",),
         lambda canon, q, ctx: merge_outer_joined_view(q), stops=True),
    *(Rule(*entry) for entry in TOP_KEY_RULES),  # top-1 rows by a total order (canon/top_keys.py)
    *(Rule(*entry) for entry in TOP_RULES),  # top-1 rows and ties (canon/top_rules.py)
    Rule(*JOINED_TOP_RULE),  # a join's top row by its leading key (canon/joined_tops.py)
    Rule("count_of_group", "COALESCE((SELECT d.c FROM (SELECT g, COUNT(x) AS c FROM F WHERE w "
         "GROUP BY g) d WHERE d.g = o), 0), every key equated as in scalar_of_group, is (SELECT "
         "COUNT(x) FROM F WHERE w AND g = o): no group gives NULL, read as 0 (the COUNT bug)",
         ("select",), lambda canon, q, ctx: count_of_group(q), stops=True),
    Rule("in_as_case", "CASE WHEN EXISTS (SELECT 1 FROM T WHERE w AND k = x) THEN 1 WHEN "
         "EXISTS (SELECT 1 FROM T WHERE w) AND x IS NULL THEN NULL ELSE 0 END, k never NULL, "
         "k = x without conversion, is x IN (SELECT k FROM T WHERE w) as a value",
         ("select",), lambda canon, q, ctx: in_as_case(q, canon.schema), stops=True),
    Rule("top_one_as_extremum", "SELECT e FROM T WHERE p ORDER BY k DESC LIMIT 1 (ASC: MIN), "
         "k never NULL and with the columns p fixes to literals a unique key of T (no ties), p "
         "deterministic, is SELECT e FROM T WHERE p AND k = (SELECT MAX(k) FROM T WHERE p)",
         ("select",), lambda canon, q, ctx: top_one_as_extremum(q, canon.schema), stops=True),
    Rule("top_one_as_min", "(SELECT x FROM F WHERE w AND x IS NOT NULL ORDER BY x LIMIT 1) "
         "(the filter absent where x is never NULL; DESC: MAX), rows tied on x of one value, is "
         "(SELECT MIN(x) FROM F WHERE w): NULL on no row either way (AggregateMinMaxToLimitRule)",
         ("select",), lambda canon, q, ctx: top_one_as_min(q, canon.schema, canon.typed), stops=True),
    *(Rule(*entry) for entry in SUPERLATIVE_RULES),  # superlatives as rows (canon/superlatives.py)
    Rule(*OFFSET_CUT_RULE),  # the n-th distinct value as a rank cut (canon/rank_cuts.py)
    *(Rule(*entry) for entry in KEYED_RULES),  # extrema, injective functions, keys (canon/keyed_entries.py)
    Rule("scalar_of_group", "(SELECT d.a FROM (SELECT g, AGG(x) AS a .. GROUP BY g) d WHERE "
         "d.g = o) is (SELECT AGG(x) .. WHERE g = o) for MIN/MAX/SUM/AVG (or arithmetic of "
         "one with literals), every key g equated, o of g's class",
         ("select",), lambda canon, q, ctx: scalar_of_group(q), stops=True),
    Rule("aggregate_row_as_subqueries", "aggregates without GROUP BY, HAVING, LIMIT or bare "
         "column, two or more items, are a row of scalar subqueries, one per item (one row "
         "either way)", ("select",), lambda canon, q, ctx: aggregate_row_as_subqueries(q),
         stops=True),
    *(Rule(*e) for e in (ONE_TABLE_RULE, SCALAR_DEFAULT_RULE,  # (their modules)
                         scaled_bounds.SCALED_BOUND_RULE, *EXISTS_VALUE_RULES, *PAGE_RULES, *aggregate_rows.RULES)),
    Rule("merge_derived", "an inner-joined plain derived table (no aggregate, LIMIT, window; "
         "DISTINCT only under DISTINCT) joins the outer FROM", ("sources",), _merge_derived,
         stops=True),
    Rule(*MAGIC_JOIN_RULE),  # magic decorrelation joined back (canon/magic_joins.py)
    Rule("values_join_as_in", "a VALUES table of distinct integer keys, only its key column "
         "read, joined by v.x = e (e an INTEGER column) is the filter e IN (keys), v.x read "
         "as e", ("sources",), _values_join_as_in, stops=True),
    Rule("values_join_as_case", "a VALUES table of literals, distinct integer keys, joined by "
         "v.x = e (e an INTEGER column) is the filter e IN (keys), v.y read as CASE WHEN e = k1 "
         "THEN y1 .. ELSE the last row's y END", ("sources",),
         lambda canon, value, ctx: value if (m := values_join_as_case(*value))[1] is None else m,
         stops=True),
    Rule("self_join_on_key", "two scans of a table equated on its whole primary key are one",
         ("sources",), _self_join_on_key, stops=True),
    *(Rule(*e) for e in EXISTS_PARENT_FAMILY),  # correlated IN, a foreign key's parent (one_parent, exists_parents)
    Rule("exists_on_key_as_join", "a conjunct EXISTS (SELECT .. FROM S WHERE S.u = x ..), u a "
         "unique key of S equated with outer values, is the inner join with S on its WHERE",
         ("sources",), lambda canon, value, ctx: _changed(
             value, exists_on_key_as_join(*value, canon.schema)), stops=True),
    Rule("is_of_non_null", "WHERE conjuncts x IS NOT NULL AND x IS y are x = y (x = y rejects "
         "a NULL x; IS NOT stays)", ("sources",),
         lambda canon, v, ctx: (lambda r: v if r[1] is None else r)(is_of_non_null(*v)), stops=True),
    Rule(*TOP_MEMBER_RULE),  # membership in the top n distinct values (canon/top_members.py)
    Rule("one_row_derived", "an inner-joined aggregate derived table without GROUP BY, HAVING, "
         "LIMIT or bare column (one row) beside other sources: its columns are scalar subqueries",
         ("sources",), _one_row_derived, stops=True),
    Rule("one_group_join", "an inner-joined derived table grouped by constants only (one group "
         "or none), no HAVING or LIMIT, read nowhere, is EXISTS (SELECT 1 FROM its FROM WHERE "
         "its WHERE)", ("sources",), _one_group_join, stops=True),
    *(Rule(*e) for e in SCALAR_JOIN_FAMILY),  # joined groupings as subqueries (canon/scalar_join_family.py)
    Rule("push_into_derived", "a conjunct on one derived table moves into each compound "
         "operand, into HAVING when it reads group keys and aggregates, into a SELECT DISTINCT "
         "when DISTINCT cannot tell its rows apart", ("pushdown",), _push_into_derived, stops=True),
    Rule("extremum_as_exists", "x > (SELECT MIN(c) FROM F WHERE p) as a condition is EXISTS "
         "(SELECT 1 FROM F WHERE p AND x > c) (>=; < and <= of MAX; x, c columns of one "
         "affinity, no conversion)", ("conjunct",), lambda canon, c, ctx: extremum_as_exists(c)),
    *(Rule(*e) for e in TWIN_CONJUNCT_RULES),  # x > MAX as NOT EXISTS (canon/twins.py)
    *(Rule(*e) for e in (*DIVISION_RULES, SUBSET_COUNT_RULE)),  # counting (division.py, subset_counts.py)
    *(Rule(*e) for e in (*SCALAR_BOUND_RULES, OWN_BOUND_RULE)),  # for-all by MIN/MAX (scalar_bounds.py, own_bounds.py)
    Rule("count_as_exists", "(SELECT COUNT(*) FROM F WHERE p) > 0 (>= 1, <> 0) as a condition "
         "is EXISTS (SELECT 1 FROM F WHERE p), = 0 (< 1, <= 0) NOT EXISTS; COUNT(c) adds c IS "
         "NOT NULL", ("conjunct",), lambda canon, c, ctx: count_as_exists(c)),
    Rule(*COUNT_CHAIN_RULE),  # fewer than n distinct values (canon/count_chains.py)
    Rule("null_safe_eq", "a conjunct x IS y of two columns, one of which cannot be NULL, is x = y", ("conjunct",),
         lambda canon, c, ctx: null_safe_eq(c, ctx["leaves"], canon.schema)),
    Rule("exists_to_in", "a conjunct EXISTS (... WHERE s.y = x) is x IN (SELECT s.y ...); "
         "NOT EXISTS is NOT IN only when neither side can be NULL", ("conjunct",),
         lambda canon, c, ctx: exists_to_in(c, canon.schema, ctx["leaves"])),
    *(Rule(*e) for e in OWN_ROW_JOIN_RULES),  # the outer row through a join (canon/anti_groups.py)
    Rule("in_parent_key", "a conjunct x IN (SELECT P.k FROM P) over a foreign key x -> P.k "
         "is x IS NOT NULL", ("conjunct", "cond"),
         lambda canon, c, ctx: in_parent_key(c, canon.schema, ctx["leaves"])),
    *(Rule(*e) for e in OWN_ROW_IN_RULES),  # a magic set holding the row's own value (canon/own_rows.py)
    *(Rule(*e) for e in FULL_JOIN_CONJUNCT_RULES),  # (canon/full_joins.py)
    *(Rule(*e) for e in DETERMINED_KEY_RULES),  # keys others determine (canon/determined_keys.py)
    Rule("semijoins", "a joined table only filtering, on its unique key or under DISTINCT, is "
         "an IN subquery; the parent of a foreign key x -> L.k is x IS NOT NULL", ("semijoin",),
         lambda canon, value, ctx: canon._semijoins(*value, ctx["ignores_dups"])),
    *(Rule(*e) for e in TWIN_SEMIJOIN_RULES),  # a parent's key through a semijoin (canon/twins.py)
    *(Rule(*e) for e in (*FETCH_RULES, GROUP_TEST_RULE)),  # canon/fetch_joins.py, grouped_tests.py
    Rule("semijoin_under_blind_aggregate", "a joined table only filtering (L.c = x) is an IN "
         "subquery under aggregates blind to duplicates (MIN, MAX, DISTINCT; others group keys)",
         ("semijoin",), lambda canon, value, ctx: value if ctx["ignores_dups"]
         else semijoin_under_blind_aggregate(canon, *value)),
    Rule("count_distinct_of_key", "COUNT(DISTINCT s.u) over one table is COUNT(s.u) when u with "
         "the columns fixed to literals or never-NULL group keys covers a unique key",
         ("semijoin",), lambda canon, value, ctx: _changed(
             value, count_distinct_of_key(*value, canon.schema))),
    Rule("in_group_as_having", "x IN (SELECT t.k FROM t GROUP BY t.k HAVING h) under GROUP BY "
         "keys fixing l.k = x (l a scan of t; other sources unique given it; WHERE reads l only "
         "as l.k = column) is x IS NOT NULL and HAVING h on l (SUM of reals: exact_reals)",
         ("semijoin",), _in_group_as_having),
    *(Rule(*e) for e in (FACTS_RULE, date_ranges.DATE_RANGE_RULE)),  # canon/transfer.py, date_ranges.py
    *(Rule(*entry) for entry in FACTS_RULES),  # decorrelation (canon/decorrelate.py)
    Rule("filter_facts", "WHERE bounds keep the tightest; x = x is x IS NOT NULL; "
         "contradictory conjuncts return nothing", ("facts",),
         lambda canon, conds, ctx: filter_facts(conds)),
    Rule("implied_conjunct", "a WHERE conjunct c1 OR .. OR cm goes when every disjunct of "
         "another conjunct holds one of the cj as a conjunct (it is TRUE whenever that one is)",
         ("facts",), lambda canon, conds, ctx: implied_conjuncts(conds)),
    Rule(*NULL_SUBQUERY_RULE),  # IS NOT NULL implied through a subquery (canon/subquery_nulls.py)
    Rule("null_of_cast", "CAST(y AS INTEGER) IS NULL is y IS NULL, also CAST(y AS REAL) and "
         "ROUND(y, d) of literal digits (never NULL on a value in SQLite)",
         ("select", "cond", "facts"), lambda canon, e, ctx: null_of_cast(e)),
    Rule("constant_columns", "a column a conjunct fixes to a literal reads as the literal in "
         "items, GROUP BY, ORDER BY (not in an aggregate without GROUP BY)", ("constants",),
         _constant_columns),
    Rule("coalesce_not_null", "COALESCE(x, ...) of a column that cannot be NULL there is x",
         ("value",), lambda canon, e, ctx: _known(e, ctx["not_null"])),
    *(Rule(*entry) for entry in GROUP_KEY_RULES),  # keys read off keys (canon/join_entries.py)
    Rule("group_by_determined", "a GROUP BY key that the other keys determine through a "
         "primary key goes (same groups)", ("group",), _group_by_determined),
    Rule("constant_group_keys", "a GROUP BY key of constants splits no group: it goes while "
         "another key stays (constants only: GROUP BY 1)", ("group",), _constant_group_keys),
    Rule("count_star", "COUNT(c) of a column never NULL on a kept row is COUNT(*); "
         "COUNT(DISTINCT k) of a row key too", ("aggregate",),
         lambda canon, e, ctx: _count_star(e, ctx["not_null"], ctx["row_keys"])),
    *(Rule(*entry) for entry in AGG_ARITH_RULES),  # arithmetic in aggregates (canon/agg_arith.py)
    *(Rule(*entry) for entry in DETERMINED_EXTREMUM_RULES),  # MIN/MAX of determined values (canon/determined_extrema.py)
    *(Rule(*entry) for entry in CONDITIONAL_COUNT_RULES),  # conditional counts (canon/conditional_counts.py)
    Rule(*avg_casts.AVG_CAST_RULE),  # an average of values cast to REAL (canon/avg_casts.py)
    Rule("count_minus_indicator_sum", "COUNT(*) - SUM(CASE WHEN c THEN 1 ELSE 0 END) is "
         "SUM(CASE WHEN NOT c THEN 1 ELSE 0 END) when c is never NULL on a kept row",
         ("aggregate",), lambda canon, e, ctx: count_minus_indicator_sum(e, ctx["not_null"])),
    Rule("sum_else_zero", "under GROUP BY, SUM(CASE WHEN c THEN v ELSE 0 END) is COALESCE(SUM("
         "CASE WHEN c THEN v END), 0) when v is never NULL on a kept row (reals: exact_reals)",
         ("aggregate",), lambda canon, e, ctx: sum_else_zero(e, ctx["not_null"], ctx["grouped"])),
    Rule("count_of_ones", "COALESCE(SUM(CASE WHEN c THEN 1 END), 0) is COUNT(CASE WHEN c "
         "THEN 1 END), what COUNT(*) FILTER (WHERE c) lowers to (Calcite's "
         "AggregateCaseToFilterRule)", ("aggregate",), lambda canon, e, ctx: count_of_ones(e)),
    *(Rule(*entry) for entry in COUNT_FORM_RULES),  # counts and shares (canon/shares.py)
    Rule(*INDICATOR_RULE),  # indicators of a condition never NULL (canon/markers.py)
    Rule(*SHARE_RULE),  # a SUM of a test as a COUNT (canon/percentages.py)
    Rule("having_count_positive", "HAVING COUNT(*) > 0 under GROUP BY is true for every group",
         ("having",), _having_count_positive),
    Rule("single_row_groups", "GROUP BY a key of the joined row makes each group one row: "
         "MIN/MAX/SUM of x is x, COUNT(*) is 1", ("groups",), _single_row_groups),
    Rule("distinct_over_key", "DISTINCT over items holding a key of the joined row is a no-op",
         ("distinct",), _distinct_over_key),
    Rule(*KEY_DISTINCT_RULE),  # DISTINCT over a composite key (canon/key_distinct.py)
    Rule("empty_subquery", "x IN (a query returning nothing) and EXISTS of it are FALSE",
         ("subquery",), _empty_subquery, stops=True),
    Rule("exists_of_aggregate", "EXISTS of an aggregate without GROUP BY, HAVING, OFFSET "
         "or LIMIT 0 is TRUE (one row)", ("subquery",), _exists_of_aggregate, stops=True),
    *(Rule(*entry) for entry in SUBQUERY_RULES),  # decorrelation (canon/decorrelate.py)
    *(Rule(*e) for e in (RANK_CUT_RULE, DISTINCT_CUT_RULE, *VIEW_FAMILY)),  # rank_cuts.py, view_family.py
    *(Rule(*e) for e in (OWN_VALUE_RULE, PER_KEY_RULE, NESTED_EXTREMUM_RULE)),  # own_value_semijoins, per_key_aggregates, nested_extrema
    *(Rule(*entry) for entry in WINDOW_VIEW_RULES),  # a view's windows, last (canon/window_views.py)
)

_BY_NAME = {r.name: r for r in RULES}
assert len(_BY_NAME) == len(RULES), "rule names must be unique"
assert all(s in SITES for r in RULES for s in r.sites), "a rule names an unknown site"


def rule(name: str) -> Rule:
    """The rule called ``name`` (KeyError with the known names otherwise)."""
    if name not in _BY_NAME:
        raise KeyError(f"no rewrite rule {name!r}; known: {', '.join(_BY_NAME)}")
    return _BY_NAME[name]


def without(*names: str) -> tuple[Rule, ...]:
    """``RULES`` without the named rules (to show what a rule does by switching it off).

    >>> len(without("fold")) == len(RULES) - 1
    True
    """
    for n in names:
        rule(n)
    return tuple(r for r in RULES if r.name not in names)
