"""``canon/outer_chains.py`` against SQLite on random databases of the rules' schema (NULLs,
duplicates, empty tables, a value of every storage class): ``outer_chain_through_key`` on
databases that keep their foreign keys (its scope), ``semijoined_lookup`` on any (it needs
none); where a rule equates two queries SQLite agrees, 1 told from 1.0; each near miss stays
apart and some database separates it."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import databases, fixture_cases, forms, kept, typed_rows

FIRES, NEAR = fixture_cases("outer_chain_through_key", "semijoined_lookup")


def _scope(case, n: int):
    return kept(n) if case.path.stem == "outer_chain_through_key" else databases(n, seed=5)


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_outer_chains_agree_in_sqlite_and_near_misses_differ(case):
    gold, pred = forms(case)
    if case.get("fires") == "yes":
        assert gold == pred
        for con in _scope(case, 120):
            assert typed_rows(con, case.gold) == typed_rows(con, case.pred), case.title
    else:
        assert gold != pred
        assert any(typed_rows(con, case.gold) != typed_rows(con, case.pred) for con in _scope(case, 300))
