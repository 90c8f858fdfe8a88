"""Joins the unbounded prover reads as semi-joins and splits (``Decider.unnest``,
``unnest_rows``, ``split``): a join to a DISTINCT derived table that matches each row at
most once is an IN/EXISTS; a LEFT JOIN's two halves add up to its left side; a join on a
disjunction is a UNION ALL of disjoint joins. Each proof is checked on random databases
in SQLite (duplicates, NULLs, every storage class); each near miss is separated there."""

from __future__ import annotations

import sqlite3

import pytest
from tests.helpers.unbounded import DDL, SCHEMA, lowered, run, separated

from sqlverdict.oracles.bounded.unbounded import prove

PROVED = [
    ("SELECT r.b FROM r JOIN (SELECT DISTINCT a FROM s) AS d ON r.a = d.a",
     "SELECT b FROM r WHERE a IN (SELECT a FROM s)"),
    ("SELECT r.b FROM r JOIN (SELECT DISTINCT a, c FROM s WHERE a > 1) AS d ON d.a = r.a AND d.c = 'x'",
     "SELECT b FROM r WHERE EXISTS (SELECT 1 FROM s WHERE s.a = r.a AND s.c = 'x' AND s.a > 1)"),
    ("SELECT r.a, r.b FROM r LEFT JOIN (SELECT DISTINCT a FROM s) AS d ON d.a = r.a",
     "SELECT a, b FROM r"),
    ("SELECT r.b FROM r LEFT JOIN (SELECT DISTINCT a FROM s) AS d ON d.a = r.a WHERE d.a IS NULL",
     "SELECT b FROM r WHERE NOT EXISTS (SELECT 1 FROM s WHERE s.a = r.a)"),
    ("SELECT b FROM r WHERE (a, b) IN (SELECT a, a FROM s WHERE c > 'a')",
     "SELECT b FROM r WHERE EXISTS (SELECT 1 FROM s WHERE s.a = r.a AND s.a = r.b AND s.c > 'a')"),
    ("SELECT b FROM r WHERE (a, b) NOT IN (SELECT a, a FROM s)",
     "SELECT b FROM r WHERE NOT EXISTS (SELECT 1 FROM s WHERE (s.a <> r.a OR s.a <> r.b) IS NOT 1)"),
    ("SELECT r.b, s.c FROM r JOIN s ON r.a = s.a OR r.b = s.a",
     "SELECT r.b, s.c FROM r JOIN s ON r.a = s.a UNION ALL "
     "SELECT r.b, s.c FROM r JOIN s ON r.b = s.a AND (r.a <> s.a OR r.a IS NULL OR s.a IS NULL)"),
]

# set semantics: a semi-join kept as a condition (EXISTS), not joined
SET_PROVED = [
    ("SELECT a FROM r INTERSECT SELECT a FROM s",
     "SELECT DISTINCT a FROM r WHERE EXISTS (SELECT 1 FROM s WHERE s.a IS r.a)"),
    ("SELECT a, b FROM r WHERE b > 0 INTERSECT SELECT a, a FROM s",
     "SELECT DISTINCT a, b FROM r WHERE EXISTS (SELECT 1 FROM s WHERE s.a IS r.a AND s.a IS r.b) AND b > 0"),
]

SET_NEAR_MISSES = [
    # INTERSECT matches NULL with NULL, = does not
    ("SELECT a FROM r INTERSECT SELECT a FROM s",
     "SELECT DISTINCT a FROM r WHERE EXISTS (SELECT 1 FROM s WHERE s.a = r.a)"),
    ("SELECT a FROM r EXCEPT SELECT a FROM s",
     "SELECT DISTINCT a FROM r WHERE NOT EXISTS (SELECT 1 FROM s WHERE s.a = r.a)"),
]


@pytest.mark.parametrize("gold,pred", SET_PROVED)
def test_set_pairs_agree_in_sqlite(gold, pred):
    assert prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag") is None


@pytest.mark.parametrize("gold,pred", SET_NEAR_MISSES)
def test_set_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert not prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=400, seed=3) is not None


NEAR_MISSES = [
    # NOT IN is NULL, not TRUE, where a component compares a NULL
    ("SELECT b FROM r WHERE (a, b) NOT IN (SELECT a, a FROM s)",
     "SELECT b FROM r WHERE NOT EXISTS (SELECT 1 FROM s WHERE s.a = r.a AND s.a = r.b)"),
    # no DISTINCT: a row of r matches every duplicate of s
    ("SELECT r.b FROM r JOIN (SELECT a FROM s) AS d ON r.a = d.a",
     "SELECT b FROM r WHERE a IN (SELECT a FROM s)"),
    # DISTINCT over (a, c) with only a equated: several rows of d share a
    ("SELECT r.b FROM r JOIN (SELECT DISTINCT a, c FROM s) AS d ON d.a = r.a",
     "SELECT b FROM r WHERE a IN (SELECT a FROM s)"),
    # the output reads d.y, which is 1.0 where r.a is 1
    ("SELECT r.b, d.y FROM r JOIN (SELECT DISTINCT y FROM t) AS d ON r.a = d.y",
     "SELECT b, a FROM r WHERE a IN (SELECT y FROM t)"),
    # the halves of the OR overlap: rows matching both come twice
    ("SELECT r.b FROM r JOIN s ON r.a = s.a OR r.b = s.a",
     "SELECT r.b FROM r JOIN s ON r.a = s.a UNION ALL SELECT r.b FROM r JOIN s ON r.b = s.a"),
    # a LEFT JOIN without DISTINCT repeats the left row
    ("SELECT r.a, r.b FROM r LEFT JOIN s ON s.a = r.a", "SELECT a, b FROM r"),
    ("SELECT r.b FROM r LEFT JOIN s ON s.a = r.a WHERE s.c IS NULL",
     "SELECT b FROM r WHERE NOT EXISTS (SELECT 1 FROM s WHERE s.a = r.a)"),
]


@pytest.mark.parametrize("gold,pred", PROVED)
def test_proved_pairs_agree_in_sqlite(gold, pred):
    assert prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag") is None


@pytest.mark.parametrize("gold,pred", NEAR_MISSES)
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert not prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=400, seed=3) is not None


def test_an_equality_with_affinity_conversion_is_no_semi_join():
    # r.a = d.c converts the text to a number: '1' and '01' are distinct rows of d that
    # both match r.a = 1
    gold = "SELECT r.b FROM r JOIN (SELECT DISTINCT c FROM s) AS d ON r.a = d.c"
    pred = "SELECT b FROM r WHERE a IN (SELECT c FROM s)"
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    con = sqlite3.connect(":memory:")
    con.executescript(DDL + ";INSERT INTO r VALUES (1, 7); INSERT INTO s VALUES (1, '1'), (2, '01')")
    assert run(con, gold, "bag") != run(con, pred, "bag")
