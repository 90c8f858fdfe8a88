"""The laws of a grouping joined to another table in the order ``rules.py`` runs them: a
grouping's key fixed to a literal dropped (``fixed_keys``: the next laws see the grouping by
its other keys), a grouping through a parent's key moved below the key join
(``key_join_groups``), then the joined grouping read as correlated subqueries
(``partition_joins``), then a filtered magic domain pinned to the outer row dropped from those
subqueries (``filtered_magic``) and a count of distinct values in the row's own group read as
another value (``other_values``). One name keeps the registry in ``rules.py`` short."""

from .filtered_magic import FILTERED_MAGIC_RULES
from .fixed_keys import FIXED_KEY_RULE
from .key_join_groups import KEY_JOIN_GROUP_RULES
from .other_values import OTHER_VALUE_RULES
from .partition_joins import PARTITION_JOIN_RULES

JOINED_GROUP_FAMILY = (FIXED_KEY_RULE, *KEY_JOIN_GROUP_RULES, *PARTITION_JOIN_RULES,
                       *FILTERED_MAGIC_RULES, *OTHER_VALUE_RULES)
