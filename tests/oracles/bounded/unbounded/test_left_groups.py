"""A LEFT JOIN grouped by the left table's primary key is the left rows with correlated
aggregates of their matches (``left_groups``): COUNT, SUM, TOTAL and AVG of a value NULL on
the padded row, MIN and MAX of a column of a single class; an inner join so grouped is the
left rows with a partner (EXISTS), COUNT(*) too. Each proof is checked on random databases in SQLite (NULLs, duplicates,
empty tables, every storage class); each near miss (COUNT(*) counting the padded row, a key
that repeats, an inner join without EXISTS, a WHERE on the right side, ELSE 0) stays
unproved and SQLite separates it."""

from __future__ import annotations

import pytest
from tests.helpers.tiers import tiered
from tests.helpers.unbounded import SCHEMA, assert_near_miss, assert_proved, lowered

from sqlverdict.oracles.bounded.unbounded import proof

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
    # an inner join grouped by the key: the left rows with a partner (EXISTS), COUNT(*) too
    ("SELECT t.id, SUM(r.b), COUNT(*) FROM t JOIN r ON r.a = t.x GROUP BY t.id",
     "SELECT t.id, (SELECT SUM(r.b) FROM r WHERE r.a = t.x), (SELECT COUNT(*) FROM r WHERE r.a = t.x) "
     "FROM t WHERE EXISTS (SELECT 1 FROM r WHERE r.a = t.x)"),
    ("SELECT t.id, COUNT(*) FROM t, r WHERE r.a = t.x AND r.b > 1 AND t.y > 0 GROUP BY t.id",
     "SELECT t.id, (SELECT COUNT(*) FROM r WHERE r.a = t.x AND r.b > 1) FROM t "
     "WHERE t.y > 0 AND EXISTS (SELECT 1 FROM r WHERE r.b > 1 AND r.a = t.x)"),
    ("SELECT t.id, MAX(s.c) FROM s JOIN t ON s.a = t.x GROUP BY t.id",
     "SELECT t.id, (SELECT MAX(s.c) FROM s WHERE s.a = t.x) FROM t WHERE EXISTS (SELECT 1 FROM s WHERE s.a = t.x)"),
    # agg(CASE WHEN p THEN x END) is agg(x) over the rows where p holds (a crosstab)
    ("SELECT t.id, COUNT(CASE WHEN s.c = 'x' THEN 1 END), SUM(CASE WHEN s.c = 'abc' THEN s.a END) "
     "FROM t LEFT JOIN s ON s.a = t.x GROUP BY t.id",
     "SELECT t.id, (SELECT COUNT(*) FROM s WHERE s.a = t.x AND s.c = 'x'), "
     "(SELECT SUM(s.a) FROM s WHERE s.a = t.x AND s.c = 'abc') FROM t"),
    # SUM(CASE WHEN p THEN 1 ELSE 0 END), p not TRUE on the padded row: a count of matches
    ("SELECT t.id, SUM(CASE WHEN s.c IS NOT NULL AND s.a > 1 THEN 1 ELSE 0 END) "
     "FROM t LEFT JOIN s ON s.a = t.x GROUP BY t.id",
     "SELECT t.id, (SELECT COUNT(*) FROM s WHERE s.a = t.x AND s.c IS NOT NULL AND s.a > 1) FROM t"),
    # constant rows pairwise distinct (buckets filled with zero counts)
    ("SELECT y.k, COUNT(r.b) FROM (SELECT 1 AS k UNION ALL SELECT 2) AS y LEFT JOIN r ON r.a = y.k GROUP BY y.k",
     "SELECT y.k, (SELECT COUNT(r.b) FROM r WHERE r.a = y.k) FROM (SELECT 1 AS k UNION ALL SELECT 2) AS y"),
]

NEAR_MISSES = [
    # ELSE 0: the padded row adds 0, so a left row without matches sums to 0, not NULL
    ("SELECT t.id, SUM(CASE WHEN s.c = 'x' THEN s.a ELSE 0 END) FROM t LEFT JOIN s ON s.a = t.x GROUP BY t.id",
     "SELECT t.id, (SELECT SUM(s.a) FROM s WHERE s.a = t.x AND s.c = 'x') FROM t"),
    # SUM(CASE WHEN p THEN 1 ELSE 0 END) where p is TRUE on the padded row counts it
    ("SELECT t.id, SUM(CASE WHEN s.c IS NULL THEN 1 ELSE 0 END) FROM t LEFT JOIN s ON s.a = t.x GROUP BY t.id",
     "SELECT t.id, (SELECT COUNT(*) FROM s WHERE s.a = t.x AND s.c IS NULL) FROM t"),
    # an inner join without EXISTS: the correlated SUM is NULL where the join has no group
    ("SELECT t.id, SUM(r.b) FROM t JOIN r ON r.a = t.x GROUP BY t.id",
     "SELECT t.id, (SELECT SUM(r.b) FROM r WHERE r.a = t.x) FROM t"),
    # grouped by a column that repeats: the join fans out over the left rows of one group
    ("SELECT t.x, COUNT(*) FROM t JOIN r ON r.a = t.x GROUP BY t.x",
     "SELECT t.x, (SELECT COUNT(*) FROM r WHERE r.a = t.x) FROM t WHERE EXISTS (SELECT 1 FROM r WHERE r.a = t.x)"),
    # 1 and 1.0 fall in one group: the constant rows are not told apart
    ("SELECT y.k, COUNT(r.b) FROM (SELECT 1 AS k UNION ALL SELECT 1.0) AS y LEFT JOIN r ON r.a = y.k GROUP BY y.k",
     "SELECT y.k, (SELECT COUNT(r.b) FROM r WHERE r.a = y.k) FROM (SELECT 1 AS k UNION ALL SELECT 1.0) AS y"),
    # COUNT(CASE .. ELSE 0 END) counts every row
    ("SELECT t.id, COUNT(CASE WHEN s.c = 'x' THEN 1 ELSE 0 END) FROM t JOIN s ON s.a = t.x GROUP BY t.id",
     "SELECT t.id, (SELECT COUNT(*) FROM s WHERE s.a = t.x AND s.c = 'x') FROM t "
     "WHERE EXISTS (SELECT 1 FROM s WHERE s.a = t.x)"),
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


@pytest.mark.parametrize("gold,pred", tiered(PROVED, 2, unpack=True))
def test_proved_pairs_agree_in_sqlite(gold, pred):
    assert_proved(gold, pred)


@pytest.mark.parametrize("gold,pred", tiered(NEAR_MISSES, 2, unpack=True))
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert_near_miss(gold, pred)


def test_min_of_an_integer_column_needs_no_real_int_min():
    """MIN of an INTEGER column keeps the first of the REAL and the INTEGER -2**63: proved
    only where the proof states ``no_real_int_min`` (``int_min_free``)."""
    gold = "SELECT t.id, MIN(r.b) FROM t JOIN r ON r.a = t.x GROUP BY t.id"
    pred = "SELECT t.id, (SELECT MIN(r.b) FROM r WHERE r.a = t.x) FROM t WHERE EXISTS (SELECT 1 FROM r WHERE r.a = t.x)"
    assert proof(lowered(gold), lowered(pred), SCHEMA, "bag") is None
    assert_proved(gold, pred, int_min_free=True)
