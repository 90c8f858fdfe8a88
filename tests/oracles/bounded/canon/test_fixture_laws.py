"""Rules whose law is checked the same way, against SQLite: each fixture pair of
``tests/fixtures/rules/<rule>.sql`` on random databases of every storage class (NULLs,
duplicates, empty tables, orphans), rows compared with their storage classes; the pairs
where the rule fires agree on every database and get one canonical form, the near misses
get two and some database separates them. (One module for the rules that need nothing
more: ``canon/chain_counts.py``, ``determined_keys.py``, ``determined_extrema``'s
``extremum_of_determined``, ``own_rows.py``, ``pivot_counts``' ``counts_per_distinct_key``,
``preserved_filters.py``.)"""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import databases, fixture_cases, forms, typed_rows

RULES = ("chain_count_as_subquery", "extremum_of_determined", "own_row_in",
         "counts_per_distinct_key", "preserved_side_filter", "determined_key_unread")
FIRES, NEAR = fixture_cases(*RULES)
CASES = FIRES + NEAR


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_pairs_agree_class_for_class_and_near_misses_differ(case):
    gold, pred = forms(case)
    same = [typed_rows(con, case.gold) == typed_rows(con, case.pred) for con in databases(100, seed=42)]
    if case.get("fires") == "yes":
        assert gold == pred and all(same), case.title
    else:
        assert gold != pred and not all(same), case.title
