"""An inner-joined grouping read as correlated scalar subqueries, then conditions on such
subqueries, in the order ``rules.py`` runs them: ``join_as_scalar_subquery`` (``views.py``)
first, so that ``extremes_as_other_value`` (``other_extremes.py``, round 63) reads the MIN
and MAX of a per-key grouping only once its join is gone (a rewritten condition beside a
still-joined grouping would be given a correlation through the grouping's key, which then
keeps the join)."""

from .other_extremes import OTHER_EXTREME_RULES
from .rule_adapters import _join_as_scalar_subquery

SCALAR_JOIN_FAMILY = (
    ("join_as_scalar_subquery", "an inner-joined grouped derived table equated on every key to "
     "outer columns, its other columns read only in WHERE comparisons (or ORs of them), is a "
     "correlated scalar subquery per column (no group: NULL, the row dropped either way)",
     ("sources",), _join_as_scalar_subquery, True),
    *OTHER_EXTREME_RULES,
)
