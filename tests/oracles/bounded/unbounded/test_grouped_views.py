"""A select over one grouped derived table as the grouped select itself, its WHERE a
HAVING conjunct (``normal._grouped_view``), and HAVING conjuncts of keys alone as WHERE
(``groups.having_to_where``). Each proof is checked on random databases in SQLite (NULLs,
duplicates, empty tables, every storage class); each near miss stays unproved and SQLite
separates it."""

from __future__ import annotations

import pytest
from tests.helpers.tiers import tiered
from tests.helpers.unbounded import SCHEMA, lowered, separated

from sqlverdict.oracles.bounded.unbounded import prove

PROVED = [
    ("SELECT v.k, v.n FROM (SELECT a AS k, COUNT(*) AS n FROM r GROUP BY a) AS v WHERE v.n > 1",
     "SELECT a, COUNT(*) FROM r GROUP BY a HAVING COUNT(*) > 1"),
    ("SELECT v.n FROM (SELECT a AS k, COUNT(*) AS n FROM r GROUP BY a) AS v",
     "SELECT COUNT(*) FROM r GROUP BY a"),
    ("SELECT v.n + 1 FROM (SELECT COUNT(*) AS n FROM r) AS v WHERE v.n > 1",
     "SELECT COUNT(*) + 1 FROM r HAVING COUNT(*) > 1"),
    ("SELECT v.m, v.k FROM (SELECT c AS k, MAX(a) AS m FROM s WHERE a > 0 GROUP BY c "
     "HAVING COUNT(*) > 1) AS v WHERE v.m IS NOT NULL",
     "SELECT MAX(a), c FROM s WHERE a > 0 GROUP BY c HAVING COUNT(*) > 1 AND MAX(a) IS NOT NULL"),
    ("SELECT DISTINCT v.n FROM (SELECT b, SUM(a) AS n FROM r GROUP BY b) AS v",
     "SELECT DISTINCT SUM(a) FROM r GROUP BY b"),
    # a filter on the keys alone, before or after grouping
    ("SELECT a, COUNT(*) FROM r GROUP BY a HAVING a IS NULL OR a > 2",
     "SELECT a, COUNT(*) FROM r WHERE a IS NULL OR a > 2 GROUP BY a"),
    ("SELECT v.k, v.s FROM (SELECT a AS k, SUM(b) AS s FROM r GROUP BY a) AS v "
     "WHERE v.k = 1 AND v.s > 0", "SELECT a, SUM(b) FROM r WHERE a = 1 GROUP BY a HAVING SUM(b) > 0"),
    ("SELECT substr(c, 1, 1), COUNT(*) FROM s GROUP BY substr(c, 1, 1) HAVING substr(c, 1, 1) > 'a'",
     "SELECT substr(c, 1, 1), COUNT(*) FROM s WHERE substr(c, 1, 1) > 'a' GROUP BY substr(c, 1, 1)"),
]

NEAR_MISSES = [
    # HAVING of an aggregate is no WHERE
    ("SELECT v.k FROM (SELECT a AS k, COUNT(*) AS n FROM r GROUP BY a) AS v WHERE v.n > 1",
     "SELECT a FROM r WHERE a > 1 GROUP BY a"),
    # without GROUP BY the select returns a row on no input; a filter after it may drop it
    ("SELECT v.n FROM (SELECT COUNT(*) AS n FROM r) AS v WHERE v.n > 1",
     "SELECT COUNT(*) FROM r"),
    ("SELECT COUNT(*) FROM r HAVING 1 = 0", "SELECT COUNT(*) FROM r WHERE 1 = 0"),
    ("SELECT v.k, v.n FROM (SELECT a AS k, COUNT(*) AS n FROM r GROUP BY a) AS v WHERE v.n >= 1",
     "SELECT a, COUNT(a) FROM r GROUP BY a"),
]


@pytest.mark.parametrize("gold,pred", tiered(PROVED, 2, unpack=True))
def test_proved_pairs_agree_in_sqlite(gold, pred):
    assert prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=300, seed=13) is None


@pytest.mark.parametrize("gold,pred", NEAR_MISSES)
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert not prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=600, seed=3) is not None


def test_a_key_of_two_numeric_classes_keeps_its_having():
    """1 and 1.0 are one group whose HAVING reads one row's key: not moved into WHERE
    (SQLite's lowering refuses most functions that tell the classes apart)."""
    k = "CASE WHEN b > 0 THEN a ELSE a * 1.0 END"
    gold = f"SELECT k, COUNT(*) FROM (SELECT {k} AS k FROM r) AS v GROUP BY k HAVING k > 1"
    pred = f"SELECT k, COUNT(*) FROM (SELECT {k} AS k FROM r) AS v WHERE k > 1 GROUP BY k"
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
