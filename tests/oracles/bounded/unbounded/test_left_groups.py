"""A LEFT JOIN grouped by the left table's primary key is the left rows with correlated
aggregates of their matches (``left_groups``): COUNT of a right column, MIN and MAX of one
of a single class. Each proof is checked on random databases in SQLite (NULLs, duplicates,
empty tables, every storage class); each near miss (COUNT(*) counting the padded row, a key
that repeats, an inner join, a WHERE on the right side) stays unproved and SQLite
separates it."""

from __future__ import annotations

import pytest
from tests.helpers.unbounded import SCHEMA, lowered, separated

from sqlverdict.oracles.bounded.unbounded import prove

PROVED = [
    ("SELECT t.id, COUNT(s.c) FROM t LEFT JOIN s ON s.a = t.x GROUP BY t.id",
     "SELECT t.id, (SELECT COUNT(s.c) FROM s WHERE s.a = t.x) FROM t"),
    ("SELECT t.y, MAX(s.c) FROM t LEFT JOIN s ON s.a = t.id AND s.c > 'a' WHERE t.x > 1 GROUP BY t.id",
     "SELECT t.y, (SELECT MAX(s.c) FROM s WHERE s.a = t.id AND s.c > 'a') FROM t WHERE t.x > 1"),
    ("SELECT t.id FROM t LEFT JOIN r ON r.a = t.x GROUP BY t.id HAVING COUNT(r.b) > 1",
     "SELECT t.id FROM t WHERE (SELECT COUNT(r.b) FROM r WHERE r.a = t.x) > 1"),
    ("SELECT t.id, COUNT(DISTINCT r.b) + 1 FROM t LEFT JOIN r ON r.a = t.x GROUP BY t.id, t.y",
     "SELECT t.id, (SELECT COUNT(DISTINCT r.b) FROM r WHERE r.a = t.x) + 1 FROM t"),
    # COUNT over a UNION ALL: the sum of the branches' counts
    ("SELECT t.id, COUNT(u.v) FROM t LEFT JOIN (SELECT a AS v FROM r UNION ALL SELECT a FROM s) AS u "
     "ON u.v = t.x GROUP BY t.id",
     "SELECT t.id, (SELECT COUNT(*) FROM r WHERE r.a = t.x) + (SELECT COUNT(*) FROM s WHERE s.a = t.x) FROM t"),
]

NEAR_MISSES = [
    # the padded row counts 1
    ("SELECT t.id, COUNT(*) FROM t LEFT JOIN s ON s.a = t.x GROUP BY t.id",
     "SELECT t.id, (SELECT COUNT(*) FROM s WHERE s.a = t.x) FROM t"),
    # a key that repeats: one row per group, not per left row
    ("SELECT t.x, COUNT(s.c) FROM t LEFT JOIN s ON s.a = t.x GROUP BY t.x",
     "SELECT t.x, (SELECT COUNT(s.c) FROM s WHERE s.a = t.x) FROM t"),
    # an inner join has no row for a left row without matches
    ("SELECT t.id, COUNT(s.c) FROM t JOIN s ON s.a = t.x GROUP BY t.id",
     "SELECT t.id, (SELECT COUNT(s.c) FROM s WHERE s.a = t.x) FROM t"),
    # WHERE on the right side drops the padded row
    ("SELECT t.id, COUNT(s.c) FROM t LEFT JOIN s ON s.a = t.x WHERE s.c IS NOT NULL GROUP BY t.id",
     "SELECT t.id, (SELECT COUNT(s.c) FROM s WHERE s.a = t.x AND s.c IS NOT NULL) FROM t"),
    # UNION, not UNION ALL: duplicates of the two branches count once
    ("SELECT t.id, COUNT(u.v) FROM t LEFT JOIN (SELECT a AS v FROM r UNION SELECT a FROM s) AS u "
     "ON u.v = t.x GROUP BY t.id",
     "SELECT t.id, (SELECT COUNT(*) FROM r WHERE r.a = t.x) + (SELECT COUNT(*) FROM s WHERE s.a = t.x) FROM t"),
]


@pytest.mark.parametrize("gold,pred", PROVED)
def test_proved_pairs_agree_in_sqlite(gold, pred):
    assert prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=150, seed=19) is None


@pytest.mark.parametrize("gold,pred", NEAR_MISSES)
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert not prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=200, seed=3) is not None
