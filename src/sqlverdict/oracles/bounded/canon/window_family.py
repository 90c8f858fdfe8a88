"""The window laws in the order ``rules.py`` runs them: the partitions read once each as groups
(``partition_groups``), the first row's values read once each as that row
(``first_row_values``), a window total of the grouping's own aggregate as the partition's
aggregate (``partition_totals``), a RANGE frame as a predicate on the order key
(``frame_predicates``), a whole partition over joined tables (``joined_partitions``), no
integer between k and k + 1 (``integer_neighbours``), then the laws of ``windows``. The argmax
laws of round 62 come first: a joined view's (``greatest_groups.JOINED_TOP_ROW_RULE``, a
query-site law) and a group's bound by its own grouping's extremum (``own_group_bounds``); then
a self-join to the previous row as LAG (``previous_rows``). One name keeps the registry
in ``rules.py`` short."""

from .first_row_values import FIRST_ROW_VALUE_RULES
from .frame_predicates import FRAME_PREDICATE_RULES
from .greatest_groups import JOINED_TOP_ROW_RULE
from .integer_neighbours import INTEGER_NEIGHBOUR_RULES
from .joined_partitions import JOINED_PARTITION_RULES
from .own_group_bounds import OWN_GROUPING_BOUND_RULE
from .partition_groups import PARTITION_GROUP_RULES
from .partition_totals import PARTITION_TOTAL_RULES
from .previous_rows import PREVIOUS_ROW_RULES
from .windows import WINDOW_RULES

# (argmax laws first, i62g: the joined view's before merge_grouped_join merges the join)
# first among the window laws: before window_aggregate_as_subquery reads MAX(x) OVER (..)
WINDOW_FAMILY = ((JOINED_TOP_ROW_RULE, OWN_GROUPING_BOUND_RULE) + PREVIOUS_ROW_RULES
                 + PARTITION_GROUP_RULES + FIRST_ROW_VALUE_RULES + PARTITION_TOTAL_RULES
                 + FRAME_PREDICATE_RULES + JOINED_PARTITION_RULES + INTEGER_NEIGHBOUR_RULES
                 + WINDOW_RULES)
