"""``canon/membership.py`` (``in_as_case``) against SQLite on databases the fixtures' search
does not make: NULLs, duplicates, empty tables, orphans and values of every storage class
(``tests/helpers/rule_databases.py``). Each pair of its fixture where the rule fires must
agree on all of them; each near miss must keep its two forms apart and be told apart by one
of them."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import (
    databases,
    fixture_cases,
    forms,
    result,
)

FIRES, NEAR = fixture_cases("in_as_case")


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_pairs_the_rule_equates_agree_in_sqlite(case):
    gold, pred = forms(case)
    assert gold == pred
    for con in databases(300):
        assert result(con, case.gold) == result(con, case.pred), case.title


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    gold, pred = forms(case)
    assert gold != pred
    assert any(result(con, case.gold) != result(con, case.pred) for con in databases(300))
