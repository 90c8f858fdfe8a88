"""The registry's entries for extrema, injective functions and keys under DISTINCT and GROUP
BY (issue 25, i39d; ``rules.RULES`` adds them as ``Rule(*entry)`` after ``top_one_as_min``):
``extrema.py``, ``injective.py``, ``parent_counts.py``, ``next_values.py``,
``keyed_subqueries.py``."""

from __future__ import annotations

from .extrema import EXTREMA_RULES
from .injective import INJECTIVE_AGGREGATE_RULES, INJECTIVE_RULES
from .keyed_subqueries import KEYED_SUBQUERY_RULES
from .next_values import NEXT_VALUE_RULES
from .parent_counts import PARENT_COUNT_RULES

KEYED_RULES = (EXTREMA_RULES + INJECTIVE_RULES + INJECTIVE_AGGREGATE_RULES + PARENT_COUNT_RULES
               + NEXT_VALUE_RULES + KEYED_SUBQUERY_RULES)
