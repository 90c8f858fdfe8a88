"""Constructs added for BIRD breadth: ROUND over numbers, aggregate FILTER (WHERE ...).

Each verdict is checked against real SQLite: a ``refuted`` witness is replayed by the
verifier itself; the symbolic semantics are compared with SQLite on concrete databases.
"""

from __future__ import annotations

import sqlite3

import pytest

from sqlverdict.engine.materialize import create_table_sql
from sqlverdict.oracles.bounded.api import evaluate_symbolic, verify
from sqlverdict.schema import from_ddl
from sqlverdict.types import Status

SCHEMA = from_ddl("CREATE TABLE t(id INTEGER PRIMARY KEY, a INT, x REAL, b TEXT)")

CASES = [
    # (gold, pred, semantics, expected status)
    ("SELECT ROUND(x, 1) FROM t", "SELECT x FROM t", "bag", "refuted"),
    ("SELECT ROUND(CAST(sum(a) AS REAL) * 100 / count(*), 2) FROM t",
     "SELECT ROUND(100.0 * sum(a) / count(*), 2) FROM t", "bag", "verified"),
    ("SELECT ROUND(CAST(a AS REAL) * 100 / 3, 4) FROM t",
     "SELECT CAST(a AS REAL) * 100 / 3 FROM t", "bag", "refuted"),
    ("SELECT ROUND(x) FROM t", "SELECT CAST(x AS INT) FROM t", "bag", "refuted"),
    ("SELECT ROUND(a) FROM t", "SELECT a * 1.0 FROM t", "bag", "verified"),
    ("SELECT ROUND(x, 2) FROM t", "SELECT ROUND(x, 3) FROM t", "bag", "refuted"),
    ("SELECT count(*) FILTER (WHERE a > 1) FROM t",
     "SELECT count(CASE WHEN a > 1 THEN 1 END) FROM t", "bag", "verified"),
    ("SELECT count(*) FILTER (WHERE a > 1) FROM t",
     "SELECT sum(CASE WHEN a > 1 THEN 1 ELSE 0 END) FROM t", "bag", "refuted"),
    ("SELECT sum(x) FILTER (WHERE a > 1) FROM t",
     "SELECT sum(CASE WHEN a > 1 THEN x END) FROM t", "bag", "verified"),
    ("SELECT count(DISTINCT a) FILTER (WHERE x > 0) FROM t",
     "SELECT count(DISTINCT a) FROM t WHERE x > 0", "bag", "verified"),
    ("SELECT count(DISTINCT a) FILTER (WHERE x > 0) FROM t",
     "SELECT count(a) FROM t WHERE x > 0", "bag", "refuted"),
]


@pytest.mark.parametrize(("gold", "pred", "sem", "expect"), CASES)
def test_verdict(gold, pred, sem, expect):
    r = verify(gold, pred, SCHEMA, bound=3, semantics=sem, timeout_s=30)
    assert str(r.status) == expect, r.reason
    if r.status is Status.REFUTED:
        assert "replayed in SQLite" in r.reason


ROWS = [(1, 1, 2.25, None), (2, 3, -0.5, "x"), (3, None, 0.05, "1.5"), (4, 2, None, "2.449"),
        (5, 0, 1234.5678, "-7.5")]
QUERIES = [
    "SELECT ROUND(x, 1), ROUND(x), ROUND(-x), ROUND(x, -1), ROUND(a), ROUND(a, 2) FROM t ORDER BY id",
    "SELECT ROUND(x * 3, 2), ROUND(x / 3, 3) FROM t ORDER BY id",
    "SELECT ROUND(b, 1), ROUND(b) FROM t ORDER BY id",
    "SELECT count(*) FILTER (WHERE a > 1), sum(x) FILTER (WHERE a >= 1), "
    "max(b) FILTER (WHERE x < 3), total(a) FILTER (WHERE b IS NULL) FROM t",
    "SELECT b IS NULL, count(*) FILTER (WHERE x > 0), avg(a) FILTER (WHERE x > 0) FROM t "
    "GROUP BY b IS NULL ORDER BY 1",
]


@pytest.mark.parametrize("sql", QUERIES)
def test_symbolic_matches_sqlite(sql):
    conn = sqlite3.connect(":memory:")
    conn.execute(create_table_sql(SCHEMA.table("t")))
    conn.executemany("INSERT INTO t VALUES (?, ?, ?, ?)", ROWS)
    want = [list(r) for r in conn.execute(sql).fetchall()]
    got = evaluate_symbolic(sql, SCHEMA, {"t": ROWS})
    assert got == want


CLOCK = from_ddl("CREATE TABLE p(id INTEGER PRIMARY KEY, birthday TEXT, sex TEXT)")


def test_clock_refuted_by_a_replayed_witness():
    from sqlverdict.oracles.bounded.fallback import verify_or_search

    r = verify_or_search("SELECT AVG(STRFTIME('%Y', date('NOW')) - STRFTIME('%Y', birthday)) "
                         "FROM p WHERE sex = 'M'",
                         "SELECT AVG(STRFTIME('%Y', 'now') - STRFTIME('%Y', birthday)) FROM p",
                         CLOCK, bound=3, semantics="bag", timeout_s=20, search=False)
    assert r.status is Status.REFUTED and "read the clock" in r.reason
    assert r.witness.gold_result != r.witness.pred_result


def test_clock_equivalence_is_never_verified():
    from sqlverdict.oracles.bounded.fallback import verify_or_search

    r = verify_or_search("SELECT id, STRFTIME('%Y', CURRENT_TIMESTAMP) - STRFTIME('%Y', birthday) FROM p",
                         "SELECT id, STRFTIME('%Y', 'now') - STRFTIME('%Y', birthday) FROM p",
                         CLOCK, bound=3, semantics="bag", timeout_s=20, search=False)
    assert r.status is Status.UNKNOWN and "CURRENT_TIMESTAMP" in r.reason
