"""A GROUP BY over rows split into parts whose groups are disjoint is the UNION ALL of the
parts' groups (``group_parts``), a part of one key also as a select without GROUP BY that
``HAVING COUNT(*) > 0`` keeps only over some row. Each proof is checked on random databases
in SQLite (NULLs, duplicates, empty tables, every storage class); each near miss (no HAVING,
parts that split a group, overlap, or miss the NULL group, a wrong constant) stays unproved
and SQLite separates it."""

from __future__ import annotations

import pytest
from tests.helpers.unbounded import assert_near_miss, assert_proved

PROVED = [
    # the NULL group as its own part (pandas' dropna=False)
    ("SELECT a, COUNT(*) FROM r GROUP BY a",
     "SELECT a, COUNT(*) FROM r WHERE a IS NOT NULL GROUP BY a "
     "UNION ALL SELECT NULL, COUNT(*) FROM r WHERE a IS NULL HAVING COUNT(*) > 0"),
    # a missing bucket: GROUP BY COALESCE(c, 'x') as the other keys and one 'x' row
    ("SELECT COALESCE(c, 'x'), COUNT(a) FROM s GROUP BY COALESCE(c, 'x')",
     "SELECT c, COUNT(a) FROM s WHERE c IS NOT NULL AND c <> 'x' GROUP BY c "
     "UNION ALL SELECT 'x', COUNT(a) FROM s WHERE c IS NULL OR c = 'x' HAVING COUNT(*) > 0"),
    # two grouped parts split by a test of the key
    ("SELECT a, SUM(b) FROM r GROUP BY a",
     "SELECT a, SUM(b) FROM r WHERE a > 1 GROUP BY a "
     "UNION ALL SELECT a, SUM(b) FROM r WHERE a <= 1 OR a IS NULL GROUP BY a"),
]

NEAR_MISSES = [
    # without HAVING the part returns (NULL, 0) where no key is NULL
    ("SELECT a, COUNT(*) FROM r GROUP BY a",
     "SELECT a, COUNT(*) FROM r WHERE a IS NOT NULL GROUP BY a "
     "UNION ALL SELECT NULL, COUNT(*) FROM r WHERE a IS NULL"),
    # parts split by another column: a group falls in both
    ("SELECT a, COUNT(*) FROM r GROUP BY a",
     "SELECT a, COUNT(*) FROM r WHERE b > 1 GROUP BY a "
     "UNION ALL SELECT a, COUNT(*) FROM r WHERE b <= 1 OR b IS NULL GROUP BY a"),
    # overlapping parts: 1 in both
    ("SELECT a, COUNT(*) FROM r GROUP BY a",
     "SELECT a, COUNT(*) FROM r WHERE a >= 1 GROUP BY a "
     "UNION ALL SELECT a, COUNT(*) FROM r WHERE a <= 1 OR a IS NULL GROUP BY a"),
    # the NULL group in neither part
    ("SELECT a, COUNT(*) FROM r GROUP BY a",
     "SELECT a, COUNT(*) FROM r WHERE a > 1 GROUP BY a UNION ALL SELECT a, COUNT(*) FROM r WHERE a <= 1 GROUP BY a"),
    # the part shows another constant than its key
    ("SELECT COALESCE(c, 'x'), COUNT(a) FROM s GROUP BY COALESCE(c, 'x')",
     "SELECT c, COUNT(a) FROM s WHERE c IS NOT NULL AND c <> 'x' GROUP BY c "
     "UNION ALL SELECT 'y', COUNT(a) FROM s WHERE c IS NULL OR c = 'x' HAVING COUNT(*) > 0"),
]


@pytest.mark.parametrize("gold,pred", PROVED)
def test_proved_pairs_agree_in_sqlite(gold, pred):
    assert_proved(gold, pred)


@pytest.mark.parametrize("gold,pred", NEAR_MISSES)
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert_near_miss(gold, pred)
