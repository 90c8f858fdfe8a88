"""SQLite's scalar ``MIN(a, b, ...)``/``MAX(a, b, ...)`` in the unbounded prover
(``unbounded.values``): NULL when any argument is NULL, else the least (greatest) argument
in SQLite's order of storage classes (numbers, then text, then BLOBs), the first of tied
arguments for MAX and the last for MIN (1 against 1.0). Each proof is checked on random
databases in SQLite with values of every storage class in every column; each near miss is
separated there and stays unproved."""

from __future__ import annotations

import pytest
from tests.helpers.unbounded import SCHEMA, lowered, separated

from sqlverdict.oracles.bounded.unbounded import prove

PROVED = [
    ("SELECT MIN(a, b, 3) FROM r", "SELECT MIN(MIN(a, b), 3) FROM r"),
    ("SELECT MAX(a, b) FROM r WHERE a IS NULL", "SELECT NULL FROM r WHERE a IS NULL"),
    ("SELECT a FROM r WHERE MAX(a, b) > 2",
     "SELECT a FROM r WHERE (a > 2 OR b > 2) AND a IS NOT NULL AND b IS NOT NULL"),
    ("SELECT a FROM r WHERE MIN(a, b) >= 1",
     "SELECT a FROM r WHERE a >= 1 AND b >= 1"),
    ("SELECT MAX(a, a) FROM r", "SELECT a FROM r"),
    ("SELECT MAX(a, 5) FROM r", "SELECT CASE WHEN a IS NULL THEN NULL WHEN a > 5 THEN a ELSE 5 END FROM r"),
    ("SELECT MIN(c, 'k') FROM s", "SELECT CASE WHEN c IS NULL THEN NULL WHEN c < 'k' THEN c ELSE 'k' END FROM s"),
    ("SELECT x, MAX(x, 0) FROM t WHERE x > 0", "SELECT x, x FROM t WHERE x > 0"),
    # on a tie (1 and 1.0) MIN returns the last argument, MAX the first
    ("SELECT MIN(x, y) FROM t", "SELECT CASE WHEN y IS NULL THEN NULL WHEN y <= x THEN y ELSE x END FROM t"),
    ("SELECT MAX(x, y) FROM t", "SELECT CASE WHEN y IS NULL THEN NULL WHEN y > x THEN y ELSE x END FROM t"),
]

NEAR_MISSES = [
    # NULL in any argument is NULL, not the other argument
    ("SELECT MAX(a, b) FROM r", "SELECT COALESCE(MAX(a, b), a, b) FROM r"),
    ("SELECT a FROM r WHERE MAX(a, b) > 2", "SELECT a FROM r WHERE a > 2 OR b > 2"),
    # MAX keeps the first of tied arguments: 1 and 1.0 are tied, their classes differ
    ("SELECT MAX(x, y) FROM t", "SELECT MAX(y, x) FROM t"),
    # min is not max
    ("SELECT MIN(a, b) FROM r", "SELECT MAX(a, b) FROM r"),
    # text (and a BLOB) sorts above every number: MAX('abc', 2) is 'abc', not 2
    ("SELECT MAX(a, 2) FROM r",
     "SELECT CASE WHEN a IS NULL THEN NULL WHEN a + 0 > 2 THEN a ELSE 2 END FROM r"),
    ("SELECT MAX(a, 5) FROM r", "SELECT CASE WHEN a > 5 THEN a ELSE 5 END FROM r"),
    ("SELECT MIN(a, b, 3) FROM r", "SELECT MIN(a, b) FROM r"),
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
