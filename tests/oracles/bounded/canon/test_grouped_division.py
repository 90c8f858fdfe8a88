"""The law of ``canon/grouped_division.py`` against SQLite: each fixture pair of
``tests/fixtures/rules/grouped_division_as_not_exists.sql`` on random databases of
``grouped_division.ddl`` (every storage class in the keys, repeated rows in the table without a
key, empty tables; rows breaking a foreign key deleted: the law rests on it), rows compared
with their storage classes; near misses apart."""

from __future__ import annotations

import random
import sqlite3

import pytest
from tests.helpers.pairs import FIXTURES
from tests.helpers.rule_databases import fixture_cases, forms, typed_rows

FIRES, NEAR = fixture_cases("grouped_division_as_not_exists")
DDL = (FIXTURES / "rules" / "grouped_division.ddl").read_text()
VALUES = [1, 2, 3, 1.0, 2.5, "2", "x", b"\x02"]  # one of each class, and repeats


def _databases(n: int, seed: int = 41):
    rng = random.Random(seed)
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(DDL)
        for _ in range(rng.choice([0, 1, 2, 3])):
            con.execute("INSERT OR IGNORE INTO course VALUES (?, ?)",
                        (rng.choice(VALUES), rng.choice([None, "x", "y"])))
        for _ in range(rng.choice([0, 2, 4, 6])):
            con.execute("INSERT OR IGNORE INTO took VALUES (?, ?, ?)",
                        (rng.choice([1, 2, "1"]), rng.choice(VALUES), rng.choice([None, 1, 2, 3])))
        for _ in range(rng.choice([0, 2, 4, 6])):
            con.execute("INSERT INTO asked VALUES (?, ?)", (rng.choice([1, 2]), rng.choice(VALUES)))
        while bad := con.execute("PRAGMA foreign_key_check").fetchall():
            for table, rowid, _, _ in bad:
                con.execute(f"DELETE FROM {table} WHERE rowid = ?", (rowid,))
        yield con


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_pairs_agree_class_for_class_and_near_misses_differ(case):
    gold, pred = forms(case)
    same = [typed_rows(con, case.gold) == typed_rows(con, case.pred) for con in _databases(50)]
    if case.get("fires") == "yes":
        assert gold == pred and all(same), case.title
    else:
        assert gold != pred and not all(same), case.title
