"""The law of ``canon/count_filters.py`` against SQLite: each fixture pair of
``tests/fixtures/rules/count_filter_as_group.sql`` on random databases of every storage
class (NULLs, duplicates, empty tables, orphans), rows compared with their storage classes;
near misses apart."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import databases, fixture_cases, forms, typed_rows

FIRES, NEAR = fixture_cases("count_filter_as_group")


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_pairs_agree_class_for_class_and_near_misses_differ(case):
    gold, pred = forms(case)
    same = [typed_rows(con, case.gold) == typed_rows(con, case.pred) for con in databases(100, seed=42)]
    if case.get("fires") == "yes":
        assert gold == pred and all(same), case.title
    else:
        assert gold != pred and not all(same), case.title


@pytest.mark.parametrize("test", ["> 0", ">= 1", "!= 0"])
def test_at_least_one_is_left_to_the_exists_laws(test):
    from sqlverdict.oracles.bounded import ir
    from sqlverdict.oracles.bounded.canon.count_filters import count_filter_as_group

    case = FIRES[0]
    sql = f"SELECT e.name FROM emp AS e WHERE (SELECT COUNT(*) FROM proj AS p WHERE p.emp_id = e.id) {test}"
    q = ir.lower(sql, case.schema()).query
    assert count_filter_as_group(q, case.schema()) is q
