"""SQLite's ``floor``, ``ceil`` and ``trunc`` in the unbounded prover (``unbounded.values``):
an integer is returned as it is, a real rounded to an integral real, NULL is NULL; text and
BLOBs stay uninterpreted (SQLite reads text that looks like a number as one, other text as
NULL). Each proof is checked on random databases in SQLite with values of every storage
class in every column; each near miss is separated there and stays unproved."""

from __future__ import annotations

import pytest
from tests.helpers.unbounded import SCHEMA, lowered, separated

from sqlverdict.oracles.bounded.unbounded import prove

PROVED = [
    # y < 100 holds for numbers only (text and BLOBs sort above them)
    ("SELECT id, FLOOR(y) FROM t WHERE y >= 0 AND y < 100",
     "SELECT id, TRUNC(y) FROM t WHERE y >= 0 AND y < 100"),
    ("SELECT id, CEIL(y) FROM t WHERE y < 0", "SELECT id, TRUNC(y) FROM t WHERE y < 0"),
    ("SELECT id FROM t WHERE FLOOR(y) > 2", "SELECT id FROM t WHERE FLOOR(y) > 2 AND y IS NOT NULL"),
    # x is an INTEGER NOT NULL column: an integer, or a text or BLOB SQLite could not convert
    ("SELECT id, FLOOR(x) FROM t WHERE x = 5", "SELECT id, 5 FROM t WHERE x = 5"),
]

NEAR_MISSES = [
    ("SELECT id, CEIL(y) FROM t", "SELECT id, FLOOR(y) FROM t"),
    ("SELECT id, FLOOR(y) FROM t", "SELECT id, ROUND(y) FROM t"),
    # text is not a number to floor: floor('abc') is NULL, 'abc' >= 0 is true
    ("SELECT id, FLOOR(y) FROM t WHERE y >= 0", "SELECT id, TRUNC(y) FROM t WHERE y >= 0 AND y < 100"),
    # a real stays a real: floor(5.5) is 5.0, not the integer 5
    ("SELECT id, FLOOR(y) FROM t", "SELECT id, CAST(y AS INTEGER) FROM t WHERE y >= 0"),
    # text in an INTEGER column: floor('abc') is NULL, and an integer floor is itself
    ("SELECT a, FLOOR(a) FROM r", "SELECT a, a FROM r"),
    ("SELECT id FROM t WHERE FLOOR(y) > 2", "SELECT id FROM t WHERE y > 2"),
]


@pytest.mark.parametrize("gold,pred", PROVED)
def test_proved_pairs_agree_in_sqlite(gold, pred):
    assert prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=400, seed=5) is None


@pytest.mark.parametrize("gold,pred", NEAR_MISSES)
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert not prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=400, seed=3) is not None


def test_floor_and_trunc_part_on_negative_reals():
    """floor rounds down, trunc toward zero: -2.5 is -3.0 and -2.0 (the random values
    hold no negative fraction: this database is written here)."""
    import sqlite3

    from tests.helpers.unbounded import DDL

    gold, pred = "SELECT id, FLOOR(y) FROM t", "SELECT id, TRUNC(y) FROM t"
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    con = sqlite3.connect(":memory:")
    con.executescript(DDL)
    con.execute("INSERT INTO t VALUES (1, 1, -2.5)")
    assert con.execute(gold).fetchall() != con.execute(pred).fetchall()
