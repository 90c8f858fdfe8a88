"""A block whose rows are pairwise distinct (a declared key of every table it reads is
determined by its outputs) equals its DISTINCT (``distinct.distinct_rows``). Each proof is
checked on random databases in SQLite (NULLs, duplicates, empty tables, every storage
class); each near miss stays unproved and SQLite separates it."""

from __future__ import annotations

import pytest
from tests.helpers.tiers import tiered
from tests.helpers.unbounded import SCHEMA, lowered, separated

from sqlverdict.oracles.bounded.unbounded import prove

PROVED = [
    ("SELECT DISTINCT id, x FROM t WHERE y > 1", "SELECT id, x FROM t WHERE y > 1"),
    ("SELECT id, x FROM t WHERE x IN (SELECT a FROM r)",
     "SELECT DISTINCT t.id, t.x FROM t JOIN r ON r.a = t.x"),
    ("SELECT DISTINCT t1.id, t2.id, t1.y FROM t AS t1, t AS t2 WHERE t1.x = t2.x",
     "SELECT t1.id, t2.id, t1.y FROM t AS t1 JOIN t AS t2 ON t2.x = t1.x"),
    ("SELECT id FROM t WHERE EXISTS (SELECT 1 FROM s WHERE s.a = t.x)",
     "SELECT DISTINCT t.id FROM t, s WHERE s.a = t.x"),
    ("SELECT DISTINCT id + 0, y FROM t", "SELECT id, y FROM t"),
    # one row per group, its key among the outputs
    ("SELECT DISTINCT a, COUNT(*) FROM r GROUP BY a", "SELECT a, COUNT(*) FROM r GROUP BY a"),
    ("SELECT DISTINCT v.k, v.n FROM (SELECT c AS k, SUM(a) AS n FROM s GROUP BY c) AS v",
     "SELECT c, SUM(a) FROM s GROUP BY c"),
    ("SELECT DISTINCT MAX(b) FROM r", "SELECT MAX(b) FROM r"),
]

NEAR_MISSES = [
    ("SELECT DISTINCT x FROM t", "SELECT x FROM t"),
    ("SELECT DISTINCT t.id, r.a FROM t, r", "SELECT t.id, r.a FROM t, r"),
    ("SELECT DISTINCT a, b FROM r", "SELECT a, b FROM r"),
    ("SELECT id, x FROM t WHERE x IN (SELECT a FROM r)", "SELECT t.id, t.x FROM t JOIN r ON r.a = t.x"),
    ("SELECT DISTINCT id * 0, y FROM t", "SELECT id * 0, y FROM t"),
    ("SELECT DISTINCT COUNT(*) FROM r GROUP BY a", "SELECT COUNT(*) FROM r GROUP BY a"),
    ("SELECT DISTINCT a, COUNT(*) FROM r GROUP BY a, b", "SELECT a, COUNT(*) FROM r GROUP BY a, b"),
]


@pytest.mark.parametrize("gold,pred", tiered(PROVED, 2, unpack=True))
def test_proved_pairs_agree_in_sqlite(gold, pred):
    assert prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=300, seed=19) is None


@pytest.mark.parametrize("gold,pred", NEAR_MISSES)
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert not prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=600, seed=3) is not None
