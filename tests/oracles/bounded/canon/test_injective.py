"""``canon/injective.py`` against SQLite on random typed databases of the rules' schema (the
law's domain: INTEGER columns hold integers, REAL columns reals, TEXT columns text; NULLs,
duplicates, negatives, empty tables): where ``injective_group_key`` or
``injective_distinct_count`` equates a pair, SQLite agrees; each near miss stays apart and
some typed database separates it."""

from __future__ import annotations

import random
import sqlite3

import pytest
from tests.helpers.rule_databases import DDL, fixture_cases, typed_rows

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical

FIRES, NEAR = fixture_cases("injective_group_key", "injective_distinct_count")
INTS = [None, 0, 1, 2, -1, -2, 7, 30, 31, 2**40]
REALS = [None, 0.0, 0.5, -0.5, 1.0, 2.5, 1e300, -1e-300]
TEXTS = [None, "", "a", "A", "ab", "x", "x!", "n:"]


def _databases(n: int, seed: int = 5):
    rng = random.Random(seed)
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(DDL)
        for i in rng.sample([1, 2, 3], rng.choice([0, 1, 2, 3])):
            con.execute("INSERT INTO dept VALUES (?, ?, ?)", (i, rng.choice(TEXTS[1:]), rng.choice(REALS)))
        for i in rng.sample(range(1, 7), rng.choice([0, 1, 3, 4, 6])):
            con.execute("INSERT INTO emp VALUES (?, ?, ?, ?, ?, ?)",
                        (i, rng.choice(TEXTS), rng.choice(INTS), rng.choice(REALS),
                         rng.choice([None, 1, 2, 3]), rng.choice(TEXTS)))
        for pid in rng.sample(range(1, 7), rng.choice([0, 2, 4, 6])):
            con.execute("INSERT INTO proj VALUES (?, ?, ?, ?)",
                        (pid, rng.choice([None, 1, 2]), rng.choice(INTS), None))
        yield con


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_injective_laws_agree_in_sqlite_and_near_misses_differ(case):
    schema = case.schema()
    gold, pred = (canonical(ir.lower(s, schema).query, schema, "bag", typed=True)
                  for s in (case.gold, case.pred))
    if case.get("fires") == "yes":
        assert gold == pred
        for con in _databases(100):
            assert typed_rows(con, case.gold) == typed_rows(con, case.pred), case.title
    else:
        assert gold != pred
        assert any(typed_rows(con, case.gold) != typed_rows(con, case.pred) for con in _databases(300))
