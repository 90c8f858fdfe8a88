"""``canon/keyed_groupings.py`` against SQLite on random databases of the rules' schema (NULLs,
duplicates, empty tables, a value of every storage class): where ``equal_keys_of_groupings``
equates two groupings joined on never-NULL keys with one grouping, SQLite agrees, 1 told from
1.0; each near miss stays apart and some database separates it."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import databases, fixture_cases, forms, typed_rows

FIRES, NEAR = fixture_cases("equal_keys_of_groupings")


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_keyed_groupings_agree_in_sqlite_and_near_misses_differ(case):
    gold, pred = forms(case)
    if case.get("fires") == "yes":
        assert gold == pred
        for con in databases(120, seed=17):
            assert typed_rows(con, case.gold) == typed_rows(con, case.pred), case.title
    else:
        assert gold != pred
        assert any(typed_rows(con, case.gold) != typed_rows(con, case.pred)
                   for con in databases(300, seed=17))
