"""The law of ``canon/division.py`` against SQLite: each fixture pair of
``tests/fixtures/rules/division_by_counting.sql`` on random databases of ``division.ddl``
(NULLs, every storage class in the key and the matched columns, repeated rows in the table
without a key, empty tables), rows compared with their storage classes; near misses apart."""

from __future__ import annotations

import random
import sqlite3

import pytest
from tests.helpers.pairs import FIXTURES
from tests.helpers.rule_databases import fixture_cases, forms, typed_rows

# the cases of division.ddl (those of fk_division.ddl, whose databases keep the foreign keys:
# test_fk_division.py)
FIRES, NEAR = (
    [c for c in cases if c.schema_file.name == "division.ddl"] for cases in fixture_cases("division_by_counting"))
DDL = (FIXTURES / "rules" / "division.ddl").read_text()
VALUES = [None, 1, 2, 3, 1.0, 2.5, "2", "x", b"\x02"]  # one of each class, and repeats


def _databases(n: int, seed: int = 40):
    rng = random.Random(seed)
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(DDL)
        for sid in rng.sample([1, 2, 3], rng.choice([0, 1, 2, 3])):
            con.execute("INSERT INTO pupil VALUES (?, ?, ?)", (sid, rng.choice(["a", "b"]), rng.choice(VALUES)))
        for _ in range(rng.choice([0, 1, 2, 3])):
            con.execute("INSERT OR IGNORE INTO topic VALUES (?, ?, ?)",
                        (rng.choice(VALUES), rng.choice([None, "core", "x"]), rng.choice(VALUES)))
        for _ in range(rng.choice([0, 2, 4, 6])):
            con.execute("INSERT OR IGNORE INTO passed VALUES (?, ?, ?)",
                        (rng.choice([1, 2, 3, "1"]), rng.choice(VALUES[1:]), rng.choice(VALUES)))
        for _ in range(rng.choice([0, 2, 4, 6])):
            con.execute("INSERT INTO tried VALUES (?, ?, ?, ?)",
                        (rng.choice([None, 1, 2, 3]), rng.choice(VALUES),
                         rng.choice([None, "x", "core", 2]), rng.choice(VALUES)))
        yield con


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_pairs_agree_class_for_class_and_near_misses_differ(case):
    gold, pred = forms(case)
    same = [typed_rows(con, case.gold) == typed_rows(con, case.pred) for con in _databases(100)]
    if case.get("fires") == "yes":
        assert gold == pred and all(same), case.title
    else:
        assert gold != pred and not all(same), case.title
