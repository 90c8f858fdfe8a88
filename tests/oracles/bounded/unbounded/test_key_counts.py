"""COUNT(DISTINCT a.k) over a join, ``k`` a never-NULL primary key of ``a``, is COUNT(*)
over the rows of ``a`` some row of the rest extends (``key_counts``: a key's rows collapse
to one). Each proof is checked on random databases in SQLite (NULLs, duplicates, empty
tables, every storage class); each near miss (a column that is no key, COUNT without
DISTINCT, a group key of the other side) stays unproved and SQLite separates it."""

from __future__ import annotations

import pytest
from tests.helpers.tiers import tiered
from tests.helpers.unbounded import assert_near_miss, assert_proved

PROVED = [
    ("SELECT COUNT(DISTINCT t.id) FROM t JOIN r ON r.a = t.x",
     "SELECT COUNT(*) FROM t WHERE EXISTS (SELECT 1 FROM r WHERE r.a = t.x)"),
    ("SELECT t.x, COUNT(DISTINCT t.id) FROM t, s, r WHERE s.a = t.x AND r.b = s.a AND t.y > 1 GROUP BY t.x",
     "SELECT t.x, COUNT(*) FROM t WHERE t.y > 1 AND EXISTS (SELECT 1 FROM s JOIN r ON r.b = s.a "
     "WHERE s.a = t.x) GROUP BY t.x"),
]

NEAR_MISSES = [
    ("SELECT COUNT(DISTINCT t.x) FROM t JOIN r ON r.a = t.x",
     "SELECT COUNT(*) FROM t WHERE EXISTS (SELECT 1 FROM r WHERE r.a = t.x)"),
    ("SELECT COUNT(t.id) FROM t JOIN r ON r.a = t.x",
     "SELECT COUNT(*) FROM t WHERE EXISTS (SELECT 1 FROM r WHERE r.a = t.x)"),
    ("SELECT r.b, COUNT(DISTINCT t.id) FROM t JOIN r ON r.a = t.x GROUP BY r.b",
     "SELECT r.b, COUNT(*) FROM t JOIN r ON r.a = t.x GROUP BY r.b"),
    ("SELECT COUNT(DISTINCT r.a) FROM r JOIN t ON t.x = r.a",
     "SELECT COUNT(*) FROM r WHERE EXISTS (SELECT 1 FROM t WHERE t.x = r.a)"),
]


@pytest.mark.parametrize("gold,pred", PROVED)
def test_proved_pairs_agree_in_sqlite(gold, pred):
    assert_proved(gold, pred)


@pytest.mark.parametrize("gold,pred", tiered(NEAR_MISSES, 2, unpack=True))
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert_near_miss(gold, pred)
