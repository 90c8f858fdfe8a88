"""``distinct_over_key_set`` (``canon/key_distinct.py``) against SQLite on random databases
of the composite-key schema: keys of every storage class SQLite stores in an INTEGER
column (text, BLOBs, reals, the REAL -2**63 beside the INTEGER one), duplicates elsewhere,
empty tables; rows compared with their storage classes."""

from __future__ import annotations

import random
import sqlite3

import pytest
from tests.helpers.pairs import FIXTURES
from tests.helpers.rule_databases import ANY, fixture_cases, typed_rows

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical

DDL = (FIXTURES / "rules" / "composite_keys.ddl").read_text()
FIRES, NEAR = fixture_cases("distinct_over_key_set")
KEYS = [*ANY, -2**63, float(-2**63), 1.5, "01"]


def _databases(n: int, seed: int = 3):
    rng = random.Random(seed)
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(DDL)
        for _ in range(rng.choice([0, 1, 2, 4, 6])):
            con.execute("INSERT OR IGNORE INTO stockx VALUES (?, ?, ?, ?)",
                        (rng.choice(KEYS), rng.choice(KEYS), rng.choice([None, 1, 2, 2.0]), rng.choice([None, "a"])))
            con.execute("INSERT OR IGNORE INTO slot VALUES (?, ?, ?)",
                        (rng.choice([None, 1, 1.0]), rng.choice([None, "a"]), rng.choice([None, "c"])))
        yield con


def _forms(case):
    schema = case.schema()
    return [canonical(ir.lower(sql, schema).query, schema, "bag") for sql in (case.gold, case.pred)]


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_pairs_the_rule_equates_agree_in_sqlite(case):
    a, b = _forms(case)
    assert a == b
    for con in _databases(400):
        assert typed_rows(con, case.gold) == typed_rows(con, case.pred), case.title


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    a, b = _forms(case)
    assert a != b
    assert any(typed_rows(con, case.gold) != typed_rows(con, case.pred) for con in _databases(400))


def test_the_key_index_holds_one_of_the_two_spellings_of_minus_two_to_the_63():
    con = sqlite3.connect(":memory:")
    con.executescript(DDL)
    con.execute("INSERT OR IGNORE INTO stockx VALUES (?, 1, 1, 'a')", (-2**63,))
    con.execute("INSERT OR IGNORE INTO stockx VALUES (?, 1, 1, 'a')", (float(-2**63),))
    assert con.execute("SELECT COUNT(*) FROM stockx").fetchone() == (1,)
