"""``canon/membership.py`` (``in_as_case``) against SQLite on databases the fixtures' search
does not make: NULLs, duplicates, empty tables, orphans and values of every storage class
(``tests/helpers/rule_databases.py``). Each pair of its fixture where the rule fires must
agree on all of them; each near miss must keep its two forms apart and be told apart by one
of them."""

from __future__ import annotations

import pytest
from tests.helpers.pairs import load
from tests.helpers.rule_databases import databases, result

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical

CASES = [c for c in load("rules") if c.path.stem == "in_as_case"]
FIRES = [c for c in CASES if c.get("fires") == "yes"]
NEAR = [c for c in CASES if c.get("fires") == "no"]


def _forms(case):
    schema = case.schema()
    return tuple(canonical(ir.lower(sql, schema).query, schema, "bag") for sql in (case.gold, case.pred))


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_pairs_the_rule_equates_agree_in_sqlite(case):
    gold, pred = _forms(case)
    assert gold == pred
    for con in databases(300):
        assert result(con, case.gold) == result(con, case.pred), case.title


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    gold, pred = _forms(case)
    assert gold != pred
    assert any(result(con, case.gold) != result(con, case.pred) for con in databases(300))
