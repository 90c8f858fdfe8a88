"""``canon/exists_values.py`` against SQLite: each fixture pair of its rules on random
databases of every storage class (NULLs, duplicates, empty tables), rows compared with
their storage classes; the pairs where a rule fires agree on every database and get one
canonical form, the near misses get two and some database separates them."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import databases, fixture_cases, forms, typed_rows

RULES = ("count_test_as_exists", "count_row_as_exists", "constant_row_as_exists")
FIRES, NEAR = fixture_cases(*RULES)


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_pairs_agree_class_for_class_and_near_misses_differ(case):
    gold, pred = forms(case)
    same = [typed_rows(con, case.gold) == typed_rows(con, case.pred) for con in databases(60, seed=43)]
    if case.get("fires") == "yes":
        assert gold == pred and all(same), case.title
    else:
        assert gold != pred and not all(same), case.title
