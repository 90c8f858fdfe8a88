"""A GROUP BY over rows split into parts whose groups are disjoint is the UNION ALL of the
parts' groups (``group_parts``), a part of one key also as a select without GROUP BY that
``HAVING COUNT(*) > 0`` keeps only over some row. Each proof is checked on random databases
in SQLite (NULLs, duplicates, empty tables, every storage class); each near miss (no HAVING,
parts that split a group, overlap, or miss the NULL group, a wrong constant) stays unproved
and SQLite separates it.

Also three parts or more (``many_parts``, grouped or not): a report bucketed by a CASE against
one filtered aggregate per bucket (``HAVING COUNT(*) > 0``), an IN list as one select per
value; near misses: a bucket test NULL on some row, overlapping parts, no HAVING, a repeated
value, a swapped or retyped label, UNION for UNION ALL."""

from __future__ import annotations

import pytest
from tests.helpers.tiers import tiered
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


BUCKETS = ("SELECT CASE WHEN x < 1 THEN 'lo' WHEN x < 5 THEN 'mid' ELSE 'hi' END AS k, "
           "COUNT(*) FROM t GROUP BY k")


def _parts(*branches: str, having: str = " HAVING COUNT(*) > 0", aggs: str = "COUNT(*)") -> str:
    return " UNION ALL ".join(f"SELECT {label}, {aggs} FROM t WHERE {w}{having}"
                              for label, w in branches)


THREE = (("'lo'", "x < 1"), ("'mid'", "x >= 1 AND x < 5"), ("'hi'", "x >= 5"))

MANY_PROVED = [
    # buckets of a NOT NULL column (any storage class: TEXT sorts above every number)
    (BUCKETS.replace("COUNT(*)", "COUNT(*), SUM(y)"), _parts(*THREE, aggs="COUNT(*), SUM(y)")),
    # a NULL bucket first, then comparisons that only non-NULL values reach
    ("SELECT CASE WHEN b IS NULL THEN 'none' WHEN b < 2 THEN 's' ELSE 'l' END AS k, COUNT(*) "
     "FROM r GROUP BY k",
     "SELECT 'none', COUNT(*) FROM r WHERE b IS NULL HAVING COUNT(*) > 0 UNION ALL "
     "SELECT 's', COUNT(*) FROM r WHERE b < 2 HAVING COUNT(*) > 0 UNION ALL "
     "SELECT 'l', COUNT(*) FROM r WHERE b >= 2 HAVING COUNT(*) > 0"),
    # an IN list as one select per value
    ("SELECT a, b FROM r WHERE a IN (1, 2, 5)",
     "SELECT a, b FROM r WHERE a = 5 UNION ALL SELECT a, b FROM r WHERE a = 1 "
     "UNION ALL SELECT a, b FROM r WHERE a = 2"),
    # grouped parts split by tests of the key, the NULL group its own part
    ("SELECT a, COUNT(*), MAX(b) FROM r GROUP BY a",
     "SELECT a, COUNT(*), MAX(b) FROM r WHERE a > 1 GROUP BY a UNION ALL "
     "SELECT a, COUNT(*), MAX(b) FROM r WHERE a <= 1 GROUP BY a UNION ALL "
     "SELECT NULL, COUNT(*), MAX(b) FROM r WHERE a IS NULL HAVING COUNT(*) > 0"),
    # the split beside another term matched as it is
    ("SELECT a FROM r WHERE a IN (1, 2, 3) UNION ALL SELECT a FROM s",
     "SELECT a FROM s UNION ALL SELECT a FROM r WHERE a = 1 UNION ALL SELECT a FROM r WHERE a = 2 "
     "UNION ALL SELECT a FROM r WHERE a = 3"),
]

MANY_NEAR_MISSES = [
    # a NULL b is the ELSE bucket's, but b >= 5 is NULL there: no part keeps it
    ("SELECT CASE WHEN b < 2 THEN 's' WHEN b < 5 THEN 'm' ELSE 'l' END AS k, COUNT(*) FROM r GROUP BY k",
     "SELECT 's', COUNT(*) FROM r WHERE b < 2 HAVING COUNT(*) > 0 UNION ALL "
     "SELECT 'm', COUNT(*) FROM r WHERE b >= 2 AND b < 5 HAVING COUNT(*) > 0 UNION ALL "
     "SELECT 'l', COUNT(*) FROM r WHERE b >= 5 HAVING COUNT(*) > 0"),
    # overlapping parts: 5 in two
    (BUCKETS, _parts(("'lo'", "x < 1"), ("'mid'", "x >= 1 AND x <= 5"), ("'hi'", "x >= 5"))),
    # without HAVING an empty bucket shows a zero count
    (BUCKETS, _parts(*THREE, having="")),
    # two labels swapped
    (BUCKETS, _parts(("'lo'", "x < 1"), ("'hi'", "x >= 1 AND x < 5"), ("'mid'", "x >= 5"))),
    # the label 2.0 is a REAL where the CASE shows the INTEGER 2
    ("SELECT CASE WHEN x < 1 THEN 1 WHEN x < 5 THEN 2 ELSE 3 END AS k, COUNT(*) FROM t GROUP BY k",
     _parts(("1", "x < 1"), ("2.0", "x >= 1 AND x < 5"), ("3", "x >= 5"))),
    # a repeated value in the list is one filter, but two parts
    ("SELECT a, b FROM r WHERE a IN (1, 2, 2)",
     "SELECT a, b FROM r WHERE a = 1 UNION ALL SELECT a, b FROM r WHERE a = 2 "
     "UNION ALL SELECT a, b FROM r WHERE a = 2"),
    # UNION removes the duplicate rows that the filter keeps
    ("SELECT a, b FROM r WHERE a IN (1, 2, 5)",
     "SELECT a, b FROM r WHERE a = 5 UNION SELECT a, b FROM r WHERE a = 1 UNION SELECT a, b FROM r WHERE a = 2"),
    # a grouped part split by another column: a group falls in two parts
    ("SELECT a, COUNT(*) FROM r GROUP BY a",
     "SELECT a, COUNT(*) FROM r WHERE b > 1 GROUP BY a UNION ALL "
     "SELECT a, COUNT(*) FROM r WHERE b <= 1 GROUP BY a UNION ALL "
     "SELECT a, COUNT(*) FROM r WHERE b IS NULL GROUP BY a"),
]


@pytest.mark.parametrize("gold,pred", PROVED + MANY_PROVED)
def test_proved_pairs_agree_in_sqlite(gold, pred):
    assert_proved(gold, pred)


@pytest.mark.parametrize("gold,pred", tiered(NEAR_MISSES + MANY_NEAR_MISSES, 2, unpack=True))
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert_near_miss(gold, pred)
