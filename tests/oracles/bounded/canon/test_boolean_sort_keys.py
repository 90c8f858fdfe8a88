"""``canon/boolean_sort_keys.py`` against SQLite on random databases of the rules' schema (NULLs,
duplicates, empty tables, a value of every storage class): where ``boolean_sort_keys``
equates two orders, SQLite returns the same rows in the same order (each fixture ends on a
unique key, so the order is determined); each near miss stays apart and some database
separates it."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import databases, fixture_cases

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical

FIRES, NEAR = fixture_cases("boolean_sort_keys")


def _listed(con, sql) -> list:
    return [tuple((type(v).__name__, v) for v in row) for row in con.execute(sql)]


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_orders_agree_in_sqlite_and_near_misses_differ(case):
    schema = case.schema()
    gold, pred = (canonical(ir.lower(s, schema).query, schema, "list") for s in (case.gold, case.pred))
    if case.get("fires") == "yes":
        assert gold == pred
        for con in databases(50):
            assert _listed(con, case.gold) == _listed(con, case.pred), case.title
    else:
        assert gold != pred
        assert any(_listed(con, case.gold) != _listed(con, case.pred) for con in databases(300))
