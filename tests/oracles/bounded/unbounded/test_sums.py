"""Aggregates over sums of bags (``unbounded.sums``): an outer join or a UNION ALL under
COUNT, SUM or TOTAL (the summands' aggregates combined), under any aggregate where all but
one summand reads no row, and under GROUP BY (the groups of every summand, merged by key).
Each proof is checked on random databases in SQLite (empty tables, NULLs, duplicates across
the operands, left rows without a match, every storage class); each near miss is separated
there."""

from __future__ import annotations

import pytest
from tests.helpers.unbounded import SCHEMA, lowered, separated

from sqlverdict.oracles.bounded.unbounded import prove

PROVED = [
    # COUNT over a UNION ALL adds up the operands' counts
    ("SELECT COUNT(*) FROM (SELECT a FROM r UNION ALL SELECT a FROM s) AS u",
     "SELECT SUM(n) FROM (SELECT COUNT(*) AS n FROM s UNION ALL SELECT COUNT(*) FROM r) AS u"),
    # SUM over a UNION ALL: the operands' sums in any order, NULL only where all are
    ("SELECT SUM(v) FROM (SELECT b AS v FROM r UNION ALL SELECT x FROM t) AS u",
     "SELECT SUM(v) FROM (SELECT x AS v FROM t UNION ALL SELECT b FROM r WHERE b IS NOT NULL) AS u"),
    # COUNT of a right column: the padded rows count nothing
    ("SELECT t.id, COUNT(r.b) FROM t LEFT JOIN r ON r.a = t.id GROUP BY t.id HAVING COUNT(r.b) > 0",
     "SELECT t.id, COUNT(r.b) FROM t JOIN r ON r.a = t.id GROUP BY t.id HAVING COUNT(r.b) > 0"),
    ("SELECT MAX(t.y) FROM r LEFT JOIN t ON t.id = r.a WHERE r.b > 1",
     "SELECT MAX(t.y) FROM r JOIN t ON t.id = r.a WHERE r.b > 1"),
    # the two halves of a LEFT JOIN: the left rows, once each (a key) or as a set
    ("SELECT COUNT(*), SUM(r.b) FROM r LEFT JOIN t ON t.id = r.a", "SELECT COUNT(*), SUM(b) FROM r"),
    ("SELECT COUNT(DISTINCT r.a) FROM r LEFT JOIN s ON s.a = r.a", "SELECT COUNT(DISTINCT a) FROM r"),
    # a DISTINCT aggregate reads the set of its values: a join as a semi-join
    ("SELECT COUNT(DISTINCT r.a), COUNT(DISTINCT s.a) FROM r LEFT JOIN s ON s.a = r.a",
     "SELECT COUNT(DISTINCT a), (SELECT COUNT(DISTINCT a) FROM s WHERE EXISTS "
     "(SELECT 1 FROM r WHERE r.a = s.a)) FROM r"),
    # a constant GROUP BY key (grouping sets spelled as a cross join) selects one level
    ("SELECT c, n FROM (SELECT g.k, s.c, COUNT(*) AS n FROM s CROSS JOIN "
     "(SELECT 0 AS k UNION ALL SELECT 1) AS g GROUP BY g.k, s.c) AS u WHERE k = 0",
     "SELECT c, COUNT(*) FROM s GROUP BY c"),
    # GROUP BY over a UNION ALL: groups of both operands merged by key
    ("SELECT k, COUNT(*) FROM (SELECT c AS k FROM s UNION ALL SELECT c FROM s WHERE a = 1) AS u GROUP BY k",
     "SELECT k, COUNT(*) FROM (SELECT c AS k FROM s WHERE a = 1 UNION ALL SELECT c FROM s) AS u GROUP BY k"),
]

NEAR_MISSES = [
    # duplicates across the operands, and a NULL the other count skips
    ("SELECT COUNT(*) FROM (SELECT a FROM r UNION ALL SELECT a FROM s) AS u",
     "SELECT (SELECT COUNT(*) FROM r) + (SELECT COUNT(a) FROM s)"),
    ("SELECT COUNT(DISTINCT v) FROM (SELECT a AS v FROM r UNION ALL SELECT a FROM s) AS u",
     "SELECT (SELECT COUNT(DISTINCT a) FROM r) + (SELECT COUNT(DISTINCT a) FROM s)"),
    # an empty operand: NULL + x is NULL, SUM of the union is not
    ("SELECT SUM(v) FROM (SELECT b AS v FROM r UNION ALL SELECT x FROM t) AS u",
     "SELECT (SELECT SUM(b) FROM r) + (SELECT SUM(x) FROM t)"),
    # a left row without a match: COUNT(*) counts it
    ("SELECT COUNT(*), SUM(t.x) FROM t LEFT JOIN r ON r.a = t.id",
     "SELECT COUNT(*), SUM(t.x) FROM t JOIN r ON r.a = t.id"),
    ("SELECT MAX(r.a) FROM t LEFT JOIN r ON r.a = t.id OR r.b IS NULL",
     "SELECT MAX(r.a) FROM t JOIN r ON r.a = t.id"),
    # a left row matched twice
    ("SELECT COUNT(r.a) FROM r LEFT JOIN s ON s.a = r.a", "SELECT COUNT(a) FROM r"),
    ("SELECT COUNT(DISTINCT r.a), COUNT(s.a) FROM r LEFT JOIN s ON s.a = r.a",
     "SELECT COUNT(DISTINCT a), (SELECT COUNT(a) FROM s WHERE EXISTS "
     "(SELECT 1 FROM r WHERE r.a = s.a)) FROM r"),
    # both levels of the grouping sets: a row per level
    ("SELECT c, n FROM (SELECT g.k, s.c, COUNT(*) AS n FROM s CROSS JOIN "
     "(SELECT 0 AS k UNION ALL SELECT 1) AS g GROUP BY g.k, s.c) AS u WHERE k >= 0",
     "SELECT c, COUNT(*) FROM s GROUP BY c"),
    # NULL keys of both operands fall in one group
    ("SELECT k, COUNT(*) FROM (SELECT c AS k FROM s UNION ALL SELECT NULL FROM r) AS u GROUP BY k",
     "SELECT c, COUNT(*) FROM s GROUP BY c"),
    ("SELECT k, COUNT(*) FROM (SELECT c AS k FROM s UNION ALL SELECT c FROM s WHERE a = 1) AS u GROUP BY k",
     "SELECT k, COUNT(*) FROM (SELECT c AS k FROM s WHERE a = 1 UNION ALL SELECT c FROM s WHERE a = 2) AS u GROUP BY k"),
]


@pytest.mark.parametrize("gold,pred", PROVED)
def test_proved_pairs_agree_in_sqlite(gold, pred):
    assert prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=60) is None


@pytest.mark.parametrize("gold,pred", NEAR_MISSES)
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert not prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=400, seed=3) is not None
