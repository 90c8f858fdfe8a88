"""``canon/next_values.py`` against SQLite on random databases of the rules' schema (NULLs,
duplicates at the greatest value, empty tables, a value of every storage class): where
``offset_as_below_extremum`` equates the n-th greatest distinct value by OFFSET with the
greatest below the greatest, SQLite returns the same value of the same class; each near
miss stays apart and some database separates it."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import (
    assert_apart_and_separated,
    assert_equated_and_agreeing,
    fixture_cases,
    typed_rows,
)

FIRES, NEAR = fixture_cases("offset_as_below_extremum")


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_next_values_agree_in_sqlite_and_near_misses_differ(case):
    if case.get("fires") == "yes":
        assert_equated_and_agreeing(case, 100, rows=typed_rows)
    else:
        assert_apart_and_separated(case, 300, rows=typed_rows)
