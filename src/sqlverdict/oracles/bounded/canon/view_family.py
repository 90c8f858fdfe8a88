"""The late view laws in the order ``rules.py`` runs them, after the rank cuts: a DISTINCT view
(``distinct_views``), a view's aggregates (``view_aggregates``), DISTINCT through a join on a
parent's key (``key_join_distinct``) and the ranked EXISTS cascade as a MAX
(``ranked_cascades``). One name keeps the registry in ``rules.py`` short."""

from .distinct_views import DISTINCT_VIEW_RULE
from .key_join_distinct import KEY_JOIN_DISTINCT_RULE
from .ranked_cascades import CASCADE_RULES
from .view_aggregates import VIEW_AGGREGATE_RULE

VIEW_FAMILY = (DISTINCT_VIEW_RULE, VIEW_AGGREGATE_RULE, KEY_JOIN_DISTINCT_RULE, *CASCADE_RULES)
