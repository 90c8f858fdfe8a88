"""The law of ``canon/chain_counts.py`` against SQLite: each fixture pair of
``tests/fixtures/rules/chain_count_as_subquery.sql`` on random databases of every storage
class (NULLs, duplicates, empty tables, orphans), rows compared with their storage classes;
near misses apart."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import databases, fixture_cases, forms, typed_rows

FIRES, NEAR = fixture_cases("chain_count_as_subquery")


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_pairs_agree_class_for_class_and_near_misses_differ(case):
    gold, pred = forms(case)
    same = [typed_rows(con, case.gold) == typed_rows(con, case.pred) for con in databases(100, seed=42)]
    if case.get("fires") == "yes":
        assert gold == pred and all(same), case.title
    else:
        assert gold != pred and not all(same), case.title
