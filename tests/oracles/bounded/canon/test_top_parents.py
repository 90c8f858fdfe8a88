"""``canon/top_parents.py`` and ``canon/joined_tops.py`` against SQLite on random
databases. ``parent_of_top_child`` rests on declared foreign keys: its databases of
``foreign_keys.ddl`` keep them (every order's customer exists), with NULL-able columns
NULL, ties on the ORDER BY keys, empty tables and values of every storage class in the
untyped-by-use columns. ``top_row_as_extremum_filter`` runs on the rules' schema
(``tests.helpers.rule_databases``)."""

from __future__ import annotations

import random
import sqlite3

import pytest
from tests.helpers.pairs import FIXTURES
from tests.helpers.rule_databases import (
    ANY,
    assert_apart_and_separated,
    assert_equated_and_agreeing,
    fixture_cases,
    forms,
    typed_rows,
)

PARENT_FIRES, PARENT_NEAR = fixture_cases("parent_of_top_child")
JOINED_FIRES, JOINED_NEAR = fixture_cases("top_row_as_extremum_filter")


def _keyed_databases(n: int, seed: int = 5):
    """Databases of ``foreign_keys.ddl`` whose foreign keys hold."""
    rng = random.Random(seed)
    ddl = (FIXTURES / "rules" / "foreign_keys.ddl").read_text()
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(ddl)
        cids = rng.sample([1, 2, 3], rng.choice([0, 1, 2, 3]))
        for c in cids:
            con.execute("INSERT INTO customer VALUES (?, ?, ?, ?)",
                        (c, rng.choice(["a", "b"]), None, rng.choice([None, "x", "y"])))
        for o in range(rng.choice([0, 1, 3, 5]) if cids else 0):
            con.execute("INSERT INTO orders VALUES (?, ?, ?, ?)",
                        (o + 1, rng.choice(cids), rng.choice([None, *cids]), rng.choice(ANY)))
        yield con


@pytest.mark.parametrize("case", PARENT_FIRES + PARENT_NEAR, ids=lambda c: c.id)
def test_parent_of_top_child_agrees_where_keys_hold(case):
    gold, pred = forms(case)
    outcomes = [typed_rows(con, case.gold) == typed_rows(con, case.pred) for con in _keyed_databases(200)]
    if case.get("fires") == "yes":
        assert gold == pred and all(outcomes), case.title
    else:
        assert gold != pred and not all(outcomes), case.title


@pytest.mark.parametrize("case", JOINED_FIRES + JOINED_NEAR, ids=lambda c: c.id)
def test_top_row_as_extremum_filter_agrees_in_sqlite(case):
    if case.get("fires") == "yes":
        assert_equated_and_agreeing(case, 150, rows=typed_rows)
    else:
        assert_apart_and_separated(case, 300, rows=typed_rows)
