"""A LEFT JOIN matching each row at most once (on a declared key), its columns read
nowhere, as its left side (``outer.merge_padded``). Each proof is checked on random
databases in SQLite (NULLs, duplicates, empty tables, every storage class); each near miss
stays unproved and SQLite separates it."""

from __future__ import annotations

import pytest
from tests.helpers.unbounded import SCHEMA, lowered, separated

from sqlverdict.oracles.bounded.unbounded import prove

PROVED = [
    ("SELECT r.a FROM r LEFT JOIN t ON t.id = r.b WHERE r.a > 1", "SELECT a FROM r WHERE a > 1"),
    ("SELECT v.a FROM (SELECT r.a, t.y FROM r LEFT JOIN t ON t.id = r.b) AS v", "SELECT a FROM r"),
    ("SELECT r.a FROM r LEFT JOIN t AS t1 ON t1.id = r.b LEFT JOIN t AS t2 ON t2.id = t1.x",
     "SELECT a FROM r"),
    ("SELECT s.c, s.a FROM s LEFT JOIN t ON t.id = s.a AND t.y > 1", "SELECT c, a FROM s"),
    ("SELECT r.b FROM r LEFT JOIN (SELECT id, y FROM t WHERE x > 2) AS u ON u.id = r.a "
     "WHERE r.b IS NOT NULL", "SELECT b FROM r WHERE b IS NOT NULL"),
]

NEAR_MISSES = [
    # no key: a row matched twice appears twice
    ("SELECT r.a FROM r LEFT JOIN t ON t.x = r.b", "SELECT a FROM r"),
    ("SELECT r.a FROM r LEFT JOIN s ON s.a = r.b", "SELECT a FROM r"),
    # the right side read: by the outputs, or by WHERE
    ("SELECT r.a, t.y FROM r LEFT JOIN t ON t.id = r.b", "SELECT a, NULL FROM r"),
    ("SELECT r.a FROM r LEFT JOIN t ON t.id = r.b WHERE t.y IS NULL", "SELECT a FROM r"),
    # a view's constant column reads no table, yet it is NULL on a padded row (a wrong
    # proof found by the mutation fuzz, benchmarks/soundness_fuzz.py)
    ("SELECT r.a FROM r LEFT JOIN (SELECT id, 1 AS f FROM t) AS u ON u.id = r.b "
     "WHERE u.f IS NULL", "SELECT a FROM r"),
    ("SELECT r.a, u.f FROM r LEFT JOIN (SELECT id, 1 AS f FROM t) AS u ON u.id = r.b",
     "SELECT a, 1 FROM r"),
    # an inner join drops the unmatched rows
    ("SELECT r.a FROM r JOIN t ON t.id = r.b", "SELECT a FROM r"),
]


@pytest.mark.parametrize("gold,pred", PROVED)
def test_proved_pairs_agree_in_sqlite(gold, pred):
    assert prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=300, seed=29) is None


@pytest.mark.parametrize("gold,pred", NEAR_MISSES)
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert not prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=600, seed=3) is not None
