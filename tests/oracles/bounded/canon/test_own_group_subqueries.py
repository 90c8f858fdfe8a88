"""Round 55's laws of conditional aggregates against SQLite (``canon/own_group_subqueries.py``,
``filtered_groupings.py``, ``filtered_aggregates``' grouped law, and the pivot and semijoin
laws they widened): each sqlite-domain fixture pair on random databases of every storage class
(NULLs, duplicates in the keyless table, empty tables) that keep the foreign keys, rows
compared with their storage classes; near misses apart. (The typed-domain pairs are searched
by ``test_rules.py`` with typed values.)"""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import (
    agree_and_one_form,
    apart_and_told_apart,
    fixture_cases,
    kept,
    typed_rows,
)

RULES = ("correlated_aggregates_of_own_groups", "filtered_grouping_as_conditional",
         "grouped_case_filter_as_where", "counts_per_distinct_key", "count_join_as_subquery",
         "key_semijoin_as_distinct")
FIRES, NEAR = fixture_cases(*RULES)
MINE = [c for c in FIRES + NEAR if c.get("domain") != "typed" and "schema" not in c.meta]
DBS = list(kept(120, seed=55))


@pytest.mark.parametrize("case", MINE, ids=lambda c: c.id)
def test_pairs_agree_class_for_class_and_near_misses_differ(case):
    if case.get("fires") == "yes":
        agree_and_one_form(case, DBS, typed_rows)
    else:
        apart_and_told_apart(case, DBS, typed_rows)
