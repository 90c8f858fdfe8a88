"""i43b's laws (``canon/distinct_counts.py``, ``canon/fetch_joins.py``) against SQLite:
each fixture pair of ``tests/fixtures/rules/<rule>.sql`` on random databases of every
storage class (NULLs, duplicates, empty tables, orphans), rows compared with their storage
classes; the pairs where the rule fires agree on every database and get one canonical form,
the near misses get two and some database separates them."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import (
    databases,
    fixture_cases,
    forms,
    kept,
    on_rules_schema,
    typed_rows,
)

RULES = ("count_distinct_of_group_key", "counted_groups_as_distinct", "distinct_over_leaf_keys",
         "in_own_row_of_semijoin", "left_join_matched_by_twin", "key_row_atoms_as_in",
         "or_across_left_join", "counted_distinct_values", "exists_to_in_under_or")
FIRES, NEAR = fixture_cases(*RULES)


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_pairs_agree_class_for_class_and_near_misses_differ(case):
    gold, pred = forms(case)
    same = [typed_rows(con, case.gold) == typed_rows(con, case.pred) for con in databases(40, seed=43)]
    if case.get("fires") == "yes":
        assert gold == pred and all(same), case.title
    else:
        assert gold != pred and not all(same), case.title


KEYED, KEYED_NEAR = fixture_cases("counted_key_semijoin")


@pytest.mark.parametrize("case", on_rules_schema(KEYED + KEYED_NEAR), ids=lambda c: c.id)
def test_foreign_key_laws_agree_where_the_keys_hold(case):
    gold, pred = forms(case)
    same = [typed_rows(con, case.gold) == typed_rows(con, case.pred) for con in kept(40, seed=43)]
    if case.get("fires") == "yes":
        assert gold == pred and all(same), case.title
    else:
        assert gold != pred and not all(same), case.title
