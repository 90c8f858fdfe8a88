"""A derived table of aggregates without GROUP BY or HAVING has exactly one row: joined,
its columns are the values of scalar subqueries (``normal._one_row``). Each proof is
checked on random databases in SQLite (NULLs, duplicates, empty tables, every storage
class); each near miss stays unproved and SQLite separates it."""

from __future__ import annotations

import pytest
from tests.helpers.unbounded import SCHEMA, lowered, separated

from sqlverdict.oracles.bounded.unbounded import prove

PROVED = [
    ("SELECT b FROM r WHERE a >= (SELECT MAX(a) FROM s)",
     "SELECT r.b FROM r LEFT JOIN (SELECT MAX(a) AS m FROM s) AS t ON 1 WHERE r.a >= t.m"),
    ("SELECT b FROM r WHERE (SELECT COUNT(*) FROM s) > 2",
     "SELECT r.b FROM r JOIN (SELECT COUNT(*) AS m FROM s) AS t ON t.m > 2"),
    ("SELECT b, (SELECT MAX(c) FROM s) FROM r",
     "SELECT r.b, t.m FROM r CROSS JOIN (SELECT MAX(c) AS m, COUNT(*) AS n FROM s) AS t"),
    ("SELECT a, (SELECT SUM(x) FROM t WHERE y > 1) FROM s",
     "SELECT s.a, u.v FROM (SELECT SUM(x) AS v FROM t WHERE y > 1) AS u, s"),
    # LEFT JOIN on a condition: the row kept, the values NULL where it fails
    ("SELECT b, CASE WHEN (SELECT COUNT(*) FROM s) > 1 THEN (SELECT COUNT(*) FROM s) END FROM r",
     "SELECT r.b, t.n FROM r LEFT JOIN (SELECT COUNT(*) AS n FROM s) AS t ON t.n > 1"),
]

NEAR_MISSES = [
    # HAVING may leave no row
    ("SELECT b FROM r WHERE a >= (SELECT MAX(a) FROM s)",
     "SELECT r.b FROM r JOIN (SELECT MAX(a) AS m FROM s HAVING COUNT(*) > 1) AS t ON r.a >= t.m"),
    # GROUP BY: a row per group, none on an empty table
    ("SELECT b, (SELECT COUNT(*) FROM s) FROM r",
     "SELECT r.b, t.n FROM r JOIN (SELECT COUNT(*) AS n FROM s GROUP BY a) AS t"),
    ("SELECT b, (SELECT MAX(c) FROM s) FROM r",
     "SELECT r.b, t.m FROM r CROSS JOIN (SELECT MIN(c) AS m FROM s) AS t"),
    ("SELECT b FROM r WHERE (SELECT COUNT(*) FROM s) > 2",
     "SELECT r.b FROM r LEFT JOIN (SELECT COUNT(*) AS m FROM s) AS t ON t.m > 2"),
]


@pytest.mark.parametrize("gold,pred", PROVED)
def test_proved_pairs_agree_in_sqlite(gold, pred):
    assert prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=300, seed=17) is None


@pytest.mark.parametrize("gold,pred", NEAR_MISSES)
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert not prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=600, seed=3) is not None
