"""``canon/numbered_groups.py`` and ``canon/null_groups.py`` against SQLite on random
databases (``tests.helpers.rule_databases``): NULLs, duplicates, empty tables, a value of
every storage class where a column can hold one. Where a rule equates a pair, SQLite
returns the same rows of the same classes (``typed_rows``: 1 apart from 1.0); each near
miss keeps two forms and some database separates it."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import (
    assert_apart_and_separated,
    assert_equated_and_agreeing,
    fixture_cases,
    on_rules_schema,
    typed_rows,
)

RULES = ("numbered_row_as_group", "top_rank_of_groups", "partition_count_as_group",
         "group_window_as_subquery", "filtered_group_window_view", "non_null_filter_of_groups",
         "non_null_filter_under_aggregate")
FIRES, NEAR = fixture_cases(*RULES)


@pytest.mark.parametrize("case", on_rules_schema(FIRES + NEAR), ids=lambda c: c.id)
def test_windows_and_groups_agree_in_sqlite_and_near_misses_differ(case):
    if case.get("fires") == "yes":
        assert_equated_and_agreeing(case, 150, rows=typed_rows)
    else:
        assert_apart_and_separated(case, 300, rows=typed_rows)
