"""Aggregates the unbounded prover reads as constants (``Decider.constant_aggregates``) and
constant GROUP BY keys (``normal.normalize``). Each proof is checked on random databases in
SQLite (empty tables, NULLs, every storage class); each near miss is separated there."""

from __future__ import annotations

import pytest
from tests.oracles.bounded.test_unbounded import SCHEMA, lowered, separated

from sqlverdict.oracles.bounded.unbounded import prove

PROVED = [
    ("SELECT COUNT(NULL) FROM r", "SELECT 0"),
    ("SELECT COUNT(*), SUM(a), TOTAL(a), MAX(b), AVG(b) FROM r WHERE 1 = 0",
     "SELECT 0, NULL, 0.0, NULL, NULL"),
    ("SELECT COUNT(b), COUNT(DISTINCT b) FROM r WHERE b IS NULL", "SELECT 0, 0"),
    ("SELECT COUNT(*) FROM r WHERE a > 1 AND a < 1 HAVING COUNT(*) > 0", "SELECT 1 WHERE 1 = 0"),
    ("SELECT a, SUM(b) FROM r GROUP BY a, 'k'", "SELECT a, SUM(b) FROM r GROUP BY a"),
    ("SELECT a, COUNT(*) FROM r GROUP BY 'k', a, NULL", "SELECT a, COUNT(*) FROM r GROUP BY a"),
]

NEAR_MISSES = [
    ("SELECT COUNT(b) FROM r WHERE a IS NULL", "SELECT 0"),
    ("SELECT SUM(a) FROM r WHERE 1 = 0", "SELECT 0"),
    ("SELECT TOTAL(a) FROM r WHERE 1 = 0", "SELECT 0"),
    ("SELECT COUNT(*) FROM r WHERE a > 1", "SELECT 0"),
    # GROUP BY a constant alone: no group (no row) on an empty table, against one row of 0
    ("SELECT COUNT(*) FROM r GROUP BY 'k'", "SELECT COUNT(*) FROM r"),
    ("SELECT a, COUNT(*) FROM r GROUP BY a, b", "SELECT a, COUNT(*) FROM r GROUP BY a"),
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
