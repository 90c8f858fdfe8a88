"""``canon/keyed_subqueries.py`` against SQLite on random databases of the rules' schema
(NULLs, duplicate keys, empty tables, a value of every storage class): where
``distinct_keys_as_grouping`` equates distinct keys with their correlated aggregates and a
grouping, SQLite returns the same rows with the same storage classes; each near miss stays
apart and some database separates it."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import (
    assert_apart_and_separated,
    assert_equated_and_agreeing,
    fixture_cases,
    typed_rows,
)

FIRES, NEAR = fixture_cases("distinct_keys_as_grouping")


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_groupings_agree_in_sqlite_and_near_misses_differ(case):
    if case.get("fires") == "yes":
        assert_equated_and_agreeing(case, 100, rows=typed_rows)
    else:
        assert_apart_and_separated(case, 300, rows=typed_rows)
