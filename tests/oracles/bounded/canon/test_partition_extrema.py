"""The laws of ``canon/partition_extrema.py`` against SQLite: each fixture pair of
``tests/fixtures/rules/no_greater_in_partition_as_max.sql`` and ``rank_over_view_as_count.sql``
on random databases of every storage class (NULLs, duplicates, empty tables), rows compared
with their storage classes; the near misses (no NULL guard, a key or partition key that may
be NULL) apart."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import databases, fixture_cases, forms, typed_rows

FIRES, NEAR = fixture_cases("no_greater_in_partition_as_max")
RANKS, RANKS_NEAR = fixture_cases("rank_over_view_as_count")


@pytest.mark.parametrize("case", FIRES + NEAR + RANKS + RANKS_NEAR, ids=lambda c: c.id)
def test_pairs_agree_class_for_class_and_near_misses_differ(case):
    gold, pred = forms(case)
    same = [typed_rows(con, case.gold) == typed_rows(con, case.pred) for con in databases(30, seed=54)]
    if case.get("fires") == "yes":
        assert gold == pred and all(same), case.title
    else:
        assert gold != pred and not all(same), case.title
