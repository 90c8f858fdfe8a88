"""Laws of aggregates over joins and NULLs (issue 25, i44d), in registry order:
``distinct_of_unrepeated_key`` (``canon/unrepeated.py``: DISTINCT over values no two joined
rows share goes), ``count_of_unpadded_column`` and ``outer_join_under_skipping_aggregates``
(``canon/padded_rows.py``: what an outer join's padded rows are to COUNT and the aggregates
that skip NULL), ``count_gap_as_null_exists`` (``canon/null_counts.py``: ``COUNT(x)`` against
``COUNT(*)`` as the existence of a NULL ``x``), ``non_null_filter_without_groups``
(``canon/ungrouped_nulls.py``: ``x IS NOT NULL`` under aggregates of ``x`` that skip NULL),
``values_rows_as_union`` (``canon/values_rows.py``: a VALUES table joined to the FROM as one
UNION ALL branch per row), ``scalar_aggregates_of_distinct_keys`` (``canon/pivot_scalars.py``:
correlated aggregates over a table's distinct keys as one grouping, PIVOT),
``correlated_aggregates_of_own_groups`` (``canon/own_group_subqueries.py``: a grouped or DISTINCT select's
correlated aggregates of its own groups as conditional aggregates),
``grouped_view_in_nested_tests`` (``canon/nested_view_aggregates.py``: a grouped view whose
aggregates a subquery reads as DISTINCT rows of its table with correlated aggregates, i63f),
``filtered_grouping_as_conditional`` (``canon/filtered_groupings.py``: a grouping LEFT-joined
to the same grouping of a filtered subset as conditional aggregates),
``pair_in_group_as_having`` (``canon/group_pairs.py``: a DISTINCT select of group keys kept by
a pair of rows of its own group as a HAVING test), ``twin_filter_as_having``
(``canon/group_twins.py``: a filter keeping a whole group or none as HAVING),
``lone_row_as_group`` (the same module: the rows with no other row in their group),
``extremes_as_group_size`` (the same module: MIN(u) <> MAX(u) of a unique u as a group size),
``value_pair_as_having`` and ``extremes_as_value_count`` (``canon/value_pairs.py``: two distinct
values of v in a group, by a pair or by MIN/MAX, as ``1 < COUNT(DISTINCT v)``),
``full_join_presence_counts`` (``canon/full_join_counts.py``: the presence counts of a FULL JOIN
of two sets on all columns as counts of EXCEPT / INTERSECT), ``counted_intersect_commuted``
(``canon/intersect_nulls.py``: the operands of a counted INTERSECT in canonical order),
``pair_in_joined_group_as_having``
(``canon/joined_pairs.py``: the same over a key-joined row taken twice),
``repeated_value_as_count_gap`` (``canon/repeated_values.py``: groups with a repeated value as
``COUNT(*) > COUNT(DISTINCT x)``), ``pair_in_group_under_distinct_count``
(``canon/group_pair_counts.py``: a count per group of the sub-groups holding a pair, through
that HAVING grouping), ``grouped_count_gap_as_null_count``
(``canon/null_counts.py``: under GROUP BY, ``COUNT(x)`` against ``COUNT(*)`` as a count of
NULL ``x``), ``avg_of_subgroup_counts`` (``canon/subgroup_averages.py``: the average size of
a grouping's subgroups as a ratio of counts), ``count_of_matched_group`` (``canon/matched_counts.py``: the count of the one group a row
matches as NULLIF of a correlated count; ``grouped_view_under_key_subqueries``, a grouped
view read by such subqueries merged), ``case_buckets_as_union`` (``canon/case_groups.py``:
GROUP BY a CASE of distinct literals as one branch per arm), ``distinct_pairs_as_semijoin``
(``canon/distinct_pair_joins.py``: per-parent aggregates over a DISTINCT projection joined back
as a correlated semijoin, i62e), ``left_join_by_parent_column_as_scalar``
(``canon/left_group_scalars.py``: a parent LEFT-joined to its children, grouped by a parent
column, as a correlated aggregate per group, i62e)."""

from .case_groups import CASE_GROUP_RULE
from .distinct_pair_joins import DISTINCT_PAIR_RULE
from .filtered_groupings import FILTERED_GROUPING_RULE
from .full_join_counts import FULL_JOIN_COUNT_FAMILY
from .group_pair_counts import GROUP_PAIR_COUNT_RULE
from .group_pairs import PAIR_IN_GROUP_RULE
from .group_twins import GROUP_SIZE_RULE, LONE_ROW_RULE, TWIN_FILTER_RULE
from .intersect_nulls import INTERSECT_COUNT_RULE
from .joined_pairs import JOINED_PAIR_RULE
from .left_group_scalars import LEFT_GROUP_SCALAR_RULE
from .matched_counts import KEY_SUBQUERY_VIEW_RULE, MATCHED_COUNT_RULE
from .nested_view_aggregates import NESTED_VIEW_RULE
from .null_counts import GROUPED_NULL_COUNT_RULE, NULL_COUNT_RULE
from .own_group_subqueries import OWN_GROUP_RULE
from .padded_rows import PADDED_ROW_RULES
from .pivot_scalars import PIVOT_SCALAR_RULE
from .repeated_values import REPEATED_VALUE_RULE
from .subgroup_averages import SUBGROUP_AVERAGE_RULE
from .ungrouped_nulls import UNGROUPED_NULL_RULE
from .unrepeated import UNREPEATED_KEY_RULE
from .value_pairs import VALUE_PAIR_FAMILY
from .values_rows import VALUES_ROWS_RULE
from .view_top_rows import VIEW_TOP_ROW_RULE
from .zero_count_rows import ZERO_COUNT_ROWS_RULE

AGGREGATE_LAW_RULES = (UNREPEATED_KEY_RULE, *PADDED_ROW_RULES, NULL_COUNT_RULE, UNGROUPED_NULL_RULE,
                       VALUES_ROWS_RULE, PIVOT_SCALAR_RULE, OWN_GROUP_RULE, NESTED_VIEW_RULE, DISTINCT_PAIR_RULE, LEFT_GROUP_SCALAR_RULE,
                       FILTERED_GROUPING_RULE, PAIR_IN_GROUP_RULE, TWIN_FILTER_RULE, LONE_ROW_RULE, GROUP_SIZE_RULE,
                       *VALUE_PAIR_FAMILY, *FULL_JOIN_COUNT_FAMILY, INTERSECT_COUNT_RULE,
                       JOINED_PAIR_RULE, REPEATED_VALUE_RULE,
                       GROUP_PAIR_COUNT_RULE,
                       GROUPED_NULL_COUNT_RULE,
                       SUBGROUP_AVERAGE_RULE, MATCHED_COUNT_RULE, VIEW_TOP_ROW_RULE,
                       KEY_SUBQUERY_VIEW_RULE,
                       CASE_GROUP_RULE, ZERO_COUNT_ROWS_RULE)
