"""Counting aggregates in the unbounded prover (``unbounded.counting``): WHERE read inside
the aggregates (with GROUP BY: the groups holding a kept row), COUNTs compared by the rows
they count, counts that add up or contain each other, SUM of a test as a count. Each proof
is checked on random databases in SQLite (empty tables, NULLs, duplicates, every storage
class); each near miss is separated there."""

from __future__ import annotations

import sqlite3

import pytest
from tests.helpers.tiers import tiered
from tests.helpers.unbounded import SCHEMA, lowered, separated

from sqlverdict.oracles.bounded.unbounded import prove

PROVED = [
    ("SELECT COUNT(b) FROM r", "SELECT COUNT(*) FROM r WHERE b IS NOT NULL"),
    ("SELECT COUNT(c) FROM s WHERE a > 1", "SELECT COUNT(*) FROM s WHERE a > 1 AND c IS NOT NULL"),
    ("SELECT COUNT(*) FROM r WHERE b IS NULL", "SELECT COUNT(*) - COUNT(b) FROM r"),
    ("SELECT COUNT(b) + COUNT(CASE WHEN b IS NULL THEN 'n' END) FROM r", "SELECT COUNT(*) FROM r"),
    ("SELECT COUNT(*) FROM r WHERE a = 1", "SELECT COALESCE(SUM(a = 1), 0) FROM r"),
    ("SELECT COUNT(*) FROM r WHERE a > 1",
     "SELECT COALESCE(SUM(CASE WHEN a > 1 THEN 1 ELSE 0 END), 0) FROM r"),
    ("SELECT COUNT(*) FILTER (WHERE a > 1) FROM r", "SELECT COUNT(CASE WHEN a > 1 THEN 0 END) FROM r"),
    ("SELECT MAX(b), COUNT(*), SUM(DISTINCT b) FROM r WHERE a = 2",
     "SELECT MAX(CASE WHEN a = 2 THEN b END), COUNT(CASE WHEN a = 2 THEN 'x' END), "
     "SUM(DISTINCT CASE WHEN a = 2 THEN b END) FROM r"),
    ("SELECT COUNT(*) FROM r JOIN s ON r.a = s.a WHERE s.c > 'a'",
     "SELECT COALESCE(SUM(CASE WHEN r.a = s.a AND s.c > 'a' THEN 1 ELSE 0 END), 0) FROM r, s"),
    ("SELECT SUM(CASE WHEN a > 1 THEN 1 ELSE 0 END) FROM r",
     "SELECT CASE WHEN COUNT(*) = 0 THEN NULL ELSE COUNT(CASE WHEN a > 1 THEN 1 END) END FROM r"),
    ("SELECT SUM(a = 1) FROM r",
     "SELECT CASE WHEN COUNT(a) = 0 THEN NULL ELSE COUNT(CASE WHEN a = 1 THEN 1 END) END FROM r"),
    # grouped: the groups with a kept row (a TEXT key: one class per group)
    ("SELECT c, COUNT(*) FROM s WHERE a > 1 GROUP BY c",
     "SELECT c, SUM(a > 1) FROM s GROUP BY c HAVING SUM(a > 1) > 0"),
    ("SELECT c FROM s WHERE a = 2 GROUP BY c HAVING COUNT(*) > 1",
     "SELECT c FROM s GROUP BY c HAVING SUM(CASE WHEN a = 2 THEN 1 ELSE 0 END) > 1"),
    ("SELECT c, COUNT(a) FROM s GROUP BY c", "SELECT c, COUNT(CASE WHEN a IS NOT NULL THEN 1 END) FROM s GROUP BY c"),
]

NEAR_MISSES = [
    ("SELECT COUNT(b) FROM r", "SELECT COUNT(*) FROM r"),
    ("SELECT COUNT(*) FROM r WHERE b IS NULL", "SELECT COUNT(*) - COUNT(a) FROM r"),
    # SUM over no row (or no non-NULL test) is NULL, COUNT 0
    ("SELECT COUNT(*) FROM r WHERE a = 1", "SELECT SUM(a = 1) FROM r"),
    ("SELECT COUNT(*) FROM r WHERE a > 1", "SELECT SUM(CASE WHEN a > 1 THEN 1 ELSE 0 END) FROM r"),
    ("SELECT SUM(a = 1) FROM r",
     "SELECT CASE WHEN COUNT(*) = 0 THEN NULL ELSE COUNT(CASE WHEN a = 1 THEN 1 END) END FROM r"),
    # a SUM of a value that is not a test
    ("SELECT COUNT(*) FROM r WHERE a > 0", "SELECT COALESCE(SUM(a), 0) FROM r WHERE a > 0"),
    ("SELECT COUNT(*) FROM r WHERE a > 1", "SELECT TOTAL(a > 1) FROM r"),
    ("SELECT MAX(b), COUNT(*) FROM r WHERE a = 2",
     "SELECT MAX(CASE WHEN a = 2 THEN b END), COUNT(CASE WHEN a = 2 THEN b END) FROM r"),
    # grouped: a group without a kept row is a group of the unfiltered select
    ("SELECT c, COUNT(*) FROM s WHERE a > 1 GROUP BY c", "SELECT c, SUM(a > 1) FROM s GROUP BY c"),
    ("SELECT c FROM s WHERE a = 2 GROUP BY c HAVING COUNT(*) >= 0",
     "SELECT c FROM s GROUP BY c HAVING SUM(CASE WHEN a = 2 THEN 1 ELSE 0 END) >= 0"),
    ("SELECT c, COUNT(a) FROM s GROUP BY c", "SELECT c, COUNT(*) FROM s WHERE a IS NOT NULL GROUP BY c"),
]


@pytest.mark.parametrize("gold,pred", tiered(PROVED, 2, unpack=True))
def test_proved_pairs_agree_in_sqlite(gold, pred):
    assert prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=300) is None


@pytest.mark.parametrize("gold,pred", tiered(NEAR_MISSES, 2, unpack=True))
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert not prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=400, seed=3) is not None


def test_an_integer_key_read_from_any_row_only_on_typed_databases():
    """GROUP BY an INTEGER column puts the INTEGER -2**63 and the REAL -2**63 in one group:
    the filtered select shows the kept row's, the other any row's (docs/verify.md)."""
    gold = "SELECT a FROM r WHERE b = 2 GROUP BY a HAVING COUNT(*) > 1"
    pred = "SELECT a FROM r GROUP BY a HAVING SUM(b = 2) > 1"
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert prove(lowered(gold), lowered(pred), SCHEMA, "bag", typed=True)
    con = sqlite3.connect(":memory:")
    con.executescript("CREATE TABLE r(a INT, b INT); INSERT INTO r VALUES "
                      "(-9223372036854775808.0, 1), (-9223372036854775808, 2), "
                      "(-9223372036854775808, 2)")
    kept, any_row = con.execute(gold).fetchall(), con.execute(pred).fetchall()
    assert [type(v) for (v,) in kept] == [int] and [type(v) for (v,) in any_row] == [float]
