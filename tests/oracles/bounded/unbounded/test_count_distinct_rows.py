"""``COUNT(DISTINCT a, b)`` (translated from PostgreSQL: ``sql.standard.row_key``) in the
unbounded prover: as a constant (no row without a NULL), in groups of one row, and compared
value for value in any order (``Decider.same_aggregate``). Each proof is checked on random
databases in SQLite (empty tables, NULLs, every storage class); each near miss is
separated there."""

from __future__ import annotations

import pytest
from tests.helpers.tiers import tiered
from tests.helpers.unbounded import SCHEMA, lowered, separated

from sqlverdict.oracles.bounded.unbounded import prove
from sqlverdict.sql.dialect import to_sqlite

PROVED = [
    ("SELECT COUNT(DISTINCT a, b) FROM r WHERE a IS NULL", "SELECT 0"),
    ("SELECT COUNT(DISTINCT a, b), COUNT(DISTINCT b, a) FROM r WHERE 1 = 0", "SELECT 0, 0"),
    ("SELECT id, COUNT(DISTINCT x, y) FROM t GROUP BY id",
     "SELECT id, CASE WHEN y IS NULL THEN 0 ELSE 1 END FROM t"),
    ("SELECT r.b, COUNT(DISTINCT r.a, s.c) FROM r JOIN s ON s.a = r.a GROUP BY r.b",
     "SELECT r.b, COUNT(DISTINCT s.c, r.a) FROM s JOIN r ON r.a = s.a GROUP BY r.b"),
    ("SELECT b, COUNT(DISTINCT a, b) FROM r WHERE a > 1 GROUP BY b",
     "SELECT b, COUNT(DISTINCT b, a) FROM r WHERE 1 < a GROUP BY b"),
    ("SELECT x, COUNT(DISTINCT y, id) FROM t GROUP BY x",
     "SELECT x, COUNT(DISTINCT id, y) FROM t GROUP BY x"),
]

NEAR_MISSES = [
    ("SELECT COUNT(DISTINCT a, b) FROM r", "SELECT COUNT(DISTINCT a) FROM r"),
    ("SELECT COUNT(DISTINCT a, b) FROM r WHERE a IS NOT NULL", "SELECT 0"),
    ("SELECT id, COUNT(DISTINCT x, y) FROM t GROUP BY id", "SELECT id, 1 FROM t"),
    ("SELECT b, COUNT(DISTINCT a, b) FROM r GROUP BY b", "SELECT b, COUNT(a) FROM r GROUP BY b"),
    ("SELECT COUNT(DISTINCT a, b) FROM r", "SELECT COUNT(*) FROM (SELECT DISTINCT a, b FROM r) AS d"),
    ("SELECT r.b, COUNT(DISTINCT r.a, s.c) FROM r JOIN s ON s.a = r.a GROUP BY r.b",
     "SELECT r.b, COUNT(DISTINCT r.b, s.c) FROM s JOIN r ON r.a = s.a GROUP BY r.b"),
]


def _sqlite(sql: str) -> str:
    return to_sqlite(sql, "postgres")


@pytest.mark.parametrize("gold,pred", tiered(PROVED, 2, unpack=True))
def test_proved_pairs_agree_in_sqlite(gold, pred):
    gold, pred = _sqlite(gold), _sqlite(pred)
    assert prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=300) is None


@pytest.mark.parametrize("gold,pred", NEAR_MISSES)
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    gold, pred = _sqlite(gold), _sqlite(pred)
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert not prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=400, seed=3) is not None
