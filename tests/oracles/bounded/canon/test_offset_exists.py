"""``canon/offset_exists.py`` against SQLite on random databases of the rules' schema
(NULLs, duplicates, empty tables, a value of every storage class): where
``offset_exists_as_count`` equates two queries, SQLite returns the same rows (as a bag, each
value with its storage class); each near miss keeps two forms and some database separates
it."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import databases, fixture_cases, forms, typed_rows

FIRES, NEAR = fixture_cases("offset_exists_as_count")


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_rows_agree_in_sqlite_and_near_misses_differ(case):
    gold, pred = forms(case)
    if case.get("fires") == "yes":
        assert gold == pred
        for con in databases(50):
            assert typed_rows(con, case.gold) == typed_rows(con, case.pred), case.title
    else:
        assert gold != pred
        assert any(typed_rows(con, case.gold) != typed_rows(con, case.pred) for con in databases(300))
