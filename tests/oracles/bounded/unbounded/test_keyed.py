"""A correlated aggregate sub-query whose key is matched by ``IS`` (or ``= OR both NULL``)
is the aggregate of the group at that key, the NULL group too; a select over a DISTINCT
derived table showing its columns is the set of its rows (``keyed``). Each proof is checked
on random databases in SQLite (NULLs, duplicates, empty tables, every storage class); each
near miss stays unproved and SQLite separates it."""

from __future__ import annotations

import pytest
from tests.helpers.tiers import tiered
from tests.helpers.unbounded import assert_near_miss, assert_proved

PROVED = [
    # the NULL group, by IS or by = OR both NULL: GROUP BY keeps it too
    ("SELECT c, COUNT(a) FROM s GROUP BY c",
     "SELECT DISTINCT s1.c, (SELECT COUNT(s2.a) FROM s AS s2 WHERE s2.c IS s1.c) FROM s AS s1"),
    ("SELECT c, SUM(a) FROM s GROUP BY c",
     "SELECT DISTINCT s1.c, (SELECT SUM(s2.a) FROM s AS s2 WHERE s2.c = s1.c OR (s2.c IS NULL AND s1.c IS NULL)) "
     "FROM s AS s1"),
    # over the DISTINCT keys as a derived table
    ("SELECT c, COUNT(*) FROM s GROUP BY c",
     "SELECT v.c, (SELECT COUNT(*) FROM s AS s2 WHERE s2.c IS v.c) FROM (SELECT DISTINCT c FROM s) AS v"),
    ("SELECT c, TOTAL(a) FROM s WHERE c IS NOT NULL GROUP BY c",
     "SELECT v.c, (SELECT TOTAL(s2.a) FROM s AS s2 WHERE s2.c = v.c) "
     "FROM (SELECT DISTINCT c FROM s WHERE c IS NOT NULL) AS v"),
    ("SELECT DISTINCT c, c || 'x' FROM s WHERE c > 'a'",
     "SELECT v.c, v.c || 'x' FROM (SELECT DISTINCT c FROM s) AS v WHERE v.c > 'a'"),
]

NEAR_MISSES = [
    # = never matches the NULL group: COUNT 0 where GROUP BY counts its rows
    ("SELECT a, COUNT(*) FROM r GROUP BY a",
     "SELECT DISTINCT r1.a, (SELECT COUNT(*) FROM r AS r2 WHERE r2.a = r1.a) FROM r AS r1"),
    # one row per outer row, duplicates kept
    ("SELECT c, COUNT(*) FROM s GROUP BY c",
     "SELECT v.c, (SELECT COUNT(*) FROM s AS s2 WHERE s2.c IS v.c) FROM (SELECT c FROM s) AS v"),
    # the derived table's other column makes rows repeat the key
    ("SELECT c, COUNT(*) FROM s GROUP BY c",
     "SELECT v.c, (SELECT COUNT(*) FROM s AS s2 WHERE s2.c IS v.c) FROM (SELECT DISTINCT c, a FROM s) AS v"),
    # a NULL test of another column
    ("SELECT c, COUNT(*) FROM s GROUP BY c",
     "SELECT DISTINCT s1.c, (SELECT COUNT(*) FROM s AS s2 WHERE s2.c = s1.c OR (s2.a IS NULL AND s1.c IS NULL)) "
     "FROM s AS s1"),
    # a key of an empty group: the correlated COUNT gives 0 where GROUP BY gives no row
    ("SELECT a, COUNT(*) FROM r GROUP BY a",
     "SELECT DISTINCT s.a, (SELECT COUNT(*) FROM r WHERE r.a IS s.a) FROM s"),
]


@pytest.mark.parametrize("gold,pred", tiered(PROVED, 2, unpack=True))
def test_proved_pairs_agree_in_sqlite(gold, pred):
    assert_proved(gold, pred)


@pytest.mark.parametrize("gold,pred", NEAR_MISSES)
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert_near_miss(gold, pred)
