"""``canon/superlatives.py`` (and ``first_row_in_order`` where the PARTITION BY columns
complete the key) against SQLite on random databases: NULLs, duplicates at the least and
greatest values, empty tables, a value of every storage class in ``emp.salary`` and in the
composite key's columns. Where a rule equates a pair, SQLite returns the same rows of the
same classes; each near miss stays apart and some database separates it."""

from __future__ import annotations

import random
import sqlite3
from collections import Counter

import pytest
from tests.helpers.pairs import FIXTURES
from tests.helpers.rule_databases import (
    ANY,
    assert_apart_and_separated,
    assert_equated_and_agreeing,
    fixture_cases,
    typed_rows,
)

RULES = ("top_value_as_extremum_row", "distinct_offset_as_below_extremum", "subqueries_as_aggregates")
FIRES, NEAR = fixture_cases(*RULES)
KEYED = [c for cases in fixture_cases("first_row_in_order") for c in cases
         if c.schema_file.name == "composite_keys.ddl"]


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_superlatives_agree_in_sqlite_and_near_misses_differ(case):
    if case.get("fires") == "yes":
        assert_equated_and_agreeing(case, 100, rows=typed_rows)
    else:
        assert_apart_and_separated(case, 300, rows=typed_rows)


def _keyed_databases(n: int, seed: int = 11):
    """Random databases of ``composite_keys.ddl``: keys of every storage class, NULL-able
    order columns, partitions of one to three rows, empty tables."""
    rng = random.Random(seed)
    ddl = (FIXTURES / "rules" / "composite_keys.ddl").read_text()
    small = [1, 2, 2.5, "2", "a", b"\x01"]
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(ddl)
        for _ in range(rng.choice([0, 1, 3, 5, 6])):
            con.execute("INSERT OR IGNORE INTO stockx VALUES (?, ?, ?, ?)",
                        (rng.choice(small[:3]), rng.choice(small), rng.choice(ANY), None))
            con.execute("INSERT OR IGNORE INTO slot VALUES (?, ?, ?)",
                        (rng.choice([None, 1, 2]), rng.choice([None, "a", "b", 1]), None))
        yield con


@pytest.mark.parametrize("case", KEYED, ids=lambda c: c.id)
def test_first_rows_of_partitions_completing_the_key_agree_in_sqlite(case):
    def rows(con, sql):
        return Counter(tuple((type(v).__name__, v) for v in r) for r in con.execute(sql))

    outcomes = [rows(con, case.gold) == rows(con, case.pred) for con in _keyed_databases(100)]
    assert all(outcomes) if case.get("fires") == "yes" else not all(outcomes)
