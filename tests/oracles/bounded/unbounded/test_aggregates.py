"""Aggregates in the unbounded prover: constants (``Decider.constant_aggregates``), constant
GROUP BY keys (``normal.normalize``), CASE filters as WHERE (``filtered_aggregates``), and
what aggregates of one argument tell of each other (``decide._related``), and the
aggregates of one group read through a correlated scalar subquery or a grouped derived
table (``normal.GroupValue``). Each proof is checked on random databases in
SQLite (empty tables, NULLs, every storage class); each near miss is separated there."""

from __future__ import annotations

import sqlite3

import pytest
from tests.helpers.tiers import tiered
from tests.helpers.unbounded import DDL, SCHEMA, lowered, run, separated

from sqlverdict.oracles.bounded.unbounded import prove

PROVED = [
    ("SELECT COUNT(NULL) FROM r", "SELECT 0"),
    ("SELECT COUNT(*), SUM(a), TOTAL(a), MAX(b), AVG(b) FROM r WHERE 1 = 0",
     "SELECT 0, NULL, 0.0, NULL, NULL"),
    ("SELECT COUNT(b), COUNT(DISTINCT b) FROM r WHERE b IS NULL", "SELECT 0, 0"),
    ("SELECT COUNT(*) FROM r WHERE a > 1 AND a < 1 HAVING COUNT(*) > 0", "SELECT 1 WHERE 1 = 0"),
    ("SELECT a, SUM(b) FROM r GROUP BY a, 'k'", "SELECT a, SUM(b) FROM r GROUP BY a"),
    ("SELECT a, COUNT(*) FROM r GROUP BY 'k', a, NULL", "SELECT a, COUNT(*) FROM r GROUP BY a"),
    ("SELECT COUNT(CASE WHEN a > 1 THEN 1 END) FROM r", "SELECT COUNT(*) FROM r WHERE a > 1"),
    ("SELECT SUM(CASE WHEN b = 2 THEN a ELSE NULL END), MAX(CASE WHEN b = 2 THEN b END) FROM r",
     "SELECT SUM(a), MAX(b) FROM r WHERE b = 2"),
    ("SELECT b, SUM(a) FROM r GROUP BY b",
     "SELECT b, CASE WHEN COUNT(a) = 0 THEN NULL ELSE SUM(a) END FROM r GROUP BY b"),
    ("SELECT b, COUNT(*) >= COUNT(a), TOTAL(a) IS NULL, MIN(a) IS NULL, COUNT(DISTINCT a) = 0 "
     "FROM r GROUP BY b", "SELECT b, 1, 0, COUNT(a) = 0, MAX(a) IS NULL FROM r GROUP BY b"),
]

NEAR_MISSES = [
    ("SELECT COUNT(b) FROM r WHERE a IS NULL", "SELECT 0"),
    ("SELECT SUM(a) FROM r WHERE 1 = 0", "SELECT 0"),
    ("SELECT TOTAL(a) FROM r WHERE 1 = 0", "SELECT 0"),
    ("SELECT COUNT(*) FROM r WHERE a > 1", "SELECT 0"),
    # GROUP BY a constant alone: no group (no row) on an empty table, against one row of 0
    ("SELECT COUNT(*) FROM r GROUP BY 'k'", "SELECT COUNT(*) FROM r"),
    ("SELECT a, COUNT(*) FROM r GROUP BY a, b", "SELECT a, COUNT(*) FROM r GROUP BY a"),
    # with GROUP BY, the filter drops the groups without a row it keeps
    ("SELECT b, SUM(CASE WHEN a > 1 THEN a END) FROM r GROUP BY b",
     "SELECT b, SUM(a) FROM r WHERE a > 1 GROUP BY b"),
    # ELSE 0 is no NULL: 0 where no row passes, against NULL
    ("SELECT SUM(CASE WHEN a > 1 THEN a ELSE 0 END) FROM r", "SELECT SUM(a) FROM r WHERE a > 1"),
    # COUNT(*) is not filtered
    ("SELECT COUNT(CASE WHEN a > 1 THEN 1 END), COUNT(*) FROM r",
     "SELECT COUNT(*), COUNT(*) FROM r WHERE a > 1"),
    ("SELECT b, SUM(a) FROM r GROUP BY b",
     "SELECT b, CASE WHEN COUNT(a) = 0 THEN 0 ELSE SUM(a) END FROM r GROUP BY b"),
    ("SELECT b, MIN(a) FROM r GROUP BY b",
     "SELECT b, CASE WHEN COUNT(*) = 1 THEN NULL ELSE MIN(a) END FROM r GROUP BY b"),
]


@pytest.mark.parametrize("gold,pred", PROVED)
def test_proved_pairs_agree_in_sqlite(gold, pred):
    assert prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag") is None


@pytest.mark.parametrize("gold,pred", tiered(NEAR_MISSES, 2, unpack=True))
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert not prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=400, seed=3) is not None


# ---- correlated scalar subqueries of aggregates and grouped derived tables joined on their
# GROUP BY columns, both read as the aggregates of one group (``GroupValue``)

GROUPS = [
    ("SELECT a, (SELECT MAX(c) FROM s WHERE s.a = r.a) FROM r",
     "SELECT r.a, m.mc FROM r LEFT JOIN (SELECT a, MAX(c) AS mc FROM s GROUP BY a) AS m ON m.a = r.a"),
    ("SELECT b, (SELECT COUNT(*) FROM s WHERE s.a = r.a) FROM r",
     "SELECT r.b, COALESCE(g.n, 0) FROM r LEFT JOIN (SELECT a, COUNT(*) AS n FROM s GROUP BY a) AS g "
     "ON g.a = r.a"),
    ("SELECT b FROM r WHERE b > (SELECT MIN(a) FROM s WHERE s.a = r.a AND s.c > 'a')",
     "SELECT r.b FROM r JOIN (SELECT a, MIN(a) AS m FROM s WHERE c > 'a' GROUP BY a) AS g "
     "ON g.a = r.a WHERE r.b > g.m"),
    ("SELECT b, (SELECT 2 * SUM(a) + COUNT(c) FROM s WHERE r.b = s.a) FROM r",
     "SELECT r.b, g.v FROM r LEFT JOIN (SELECT a, 2 * SUM(a) + COUNT(c) AS v FROM s GROUP BY a) AS g "
     "ON r.b = g.a"),
]

GROUP_NEAR_MISSES = [
    # COUNT over no row is 0, the LEFT JOIN pads NULL
    ("SELECT b, (SELECT COUNT(*) FROM s WHERE s.a = r.a) FROM r",
     "SELECT r.b, g.n FROM r LEFT JOIN (SELECT a, COUNT(*) AS n FROM s GROUP BY a) AS g ON g.a = r.a"),
    # an inner join drops the rows without a group
    ("SELECT a, (SELECT MAX(c) FROM s WHERE s.a = r.a) FROM r",
     "SELECT r.a, m.mc FROM r JOIN (SELECT a, MAX(c) AS mc FROM s GROUP BY a) AS m ON m.a = r.a"),
    # IS matches the group of NULL
    ("SELECT a, (SELECT MAX(c) FROM s WHERE s.a IS r.a) FROM r",
     "SELECT r.a, m.mc FROM r LEFT JOIN (SELECT a, MAX(c) AS mc FROM s GROUP BY a) AS m ON m.a = r.a"),
    # HAVING drops groups
    ("SELECT a, (SELECT MAX(c) FROM s WHERE s.a = r.a) FROM r",
     "SELECT r.a, m.mc FROM r LEFT JOIN (SELECT a, MAX(c) AS mc FROM s GROUP BY a HAVING COUNT(*) > 1) "
     "AS m ON m.a = r.a"),
    # another aggregate
    ("SELECT a, (SELECT MAX(c) FROM s WHERE s.a = r.a) FROM r",
     "SELECT r.a, m.mc FROM r LEFT JOIN (SELECT a, MIN(c) AS mc FROM s GROUP BY a) AS m ON m.a = r.a"),
]


@pytest.mark.parametrize("gold,pred", GROUPS)
def test_group_values_agree_in_sqlite(gold, pred):
    assert prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag") is None


@pytest.mark.parametrize("gold,pred", tiered(GROUP_NEAR_MISSES, 2, unpack=True))
def test_group_value_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert not prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=400, seed=3) is not None


def test_a_correlation_with_affinity_conversion_is_no_group():
    # s.c = r.a reads the text as a number: '1' and '01' are two groups, one count of 2
    gold = "SELECT b, (SELECT COUNT(*) FROM s WHERE s.c = r.a) FROM r"
    pred = ("SELECT r.b, COALESCE(g.n, 0) FROM r LEFT JOIN (SELECT c, COUNT(*) AS n FROM s GROUP BY c) "
            "AS g ON g.c = r.a")
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    con = sqlite3.connect(":memory:")
    con.executescript(DDL + ";INSERT INTO r VALUES (1, 7); INSERT INTO s VALUES (1, '1'), (2, '01')")
    assert run(con, gold, "bag") != run(con, pred, "bag")
