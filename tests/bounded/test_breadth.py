"""Constructs added for BIRD breadth: ROUND over numbers, aggregate FILTER (WHERE ...),
ranking window functions (ROW_NUMBER, RANK, DENSE_RANK).

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
    # ranking window functions (BIRD golds use them in derived tables)
    ("SELECT id FROM (SELECT id, RANK() OVER (ORDER BY a DESC) AS r FROM t) WHERE r = 1",
     "SELECT id FROM t WHERE a = (SELECT max(a) FROM t)", "bag", "refuted"),  # NULL a: rank 1
    ("SELECT id FROM (SELECT id, RANK() OVER (ORDER BY a DESC) AS r FROM t WHERE a IS NOT NULL) "
     "WHERE r = 1", "SELECT id FROM t WHERE a = (SELECT max(a) FROM t)", "bag", "verified"),
    ("SELECT id FROM (SELECT id, RANK() OVER (PARTITION BY b ORDER BY a) AS r FROM t) WHERE r <= 2",
     "SELECT id FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY b ORDER BY a) AS r FROM t) WHERE r <= 2",
     "bag", "refuted"),
    ("SELECT id, DENSE_RANK() OVER (ORDER BY a) FROM t",
     "SELECT id, RANK() OVER (ORDER BY a) FROM t", "bag", "refuted"),
    ("SELECT id, ROW_NUMBER() OVER (ORDER BY id) FROM t",
     "SELECT id, (SELECT count(*) FROM t AS u WHERE u.id <= t.id) FROM t", "bag", "verified"),
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
    "SELECT id, RANK() OVER (ORDER BY a DESC), DENSE_RANK() OVER (ORDER BY b), "
    "ROW_NUMBER() OVER (ORDER BY x DESC) FROM t ORDER BY id",
    "SELECT id, RANK() OVER (PARTITION BY a > 1 ORDER BY x), "
    "ROW_NUMBER() OVER (PARTITION BY b IS NULL ORDER BY id DESC) FROM t WHERE id > 1 ORDER BY id",
    "SELECT b FROM (SELECT b, DENSE_RANK() OVER (ORDER BY a) AS r FROM t) WHERE r <= 2 ORDER BY b",
    # ties in the ORDER BY keys (and NULL keys): RANK skips, DENSE_RANK does not
    "SELECT id, DENSE_RANK() OVER (ORDER BY a > 1), RANK() OVER (ORDER BY a > 1), "
    "RANK() OVER (ORDER BY b IS NULL DESC, a > 0) FROM t ORDER BY id",
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


def test_clock_read_alike_is_verified_for_every_timestamp():
    from sqlverdict.oracles.bounded.fallback import verify_or_search

    r = verify_or_search("SELECT AVG(STRFTIME('%Y', date('NOW')) - STRFTIME('%Y', birthday)) "
                         "FROM p WHERE sex = 'M'",
                         "SELECT AVG(CAST(strftime('%Y', CURRENT_TIMESTAMP) - strftime('%Y', birthday)"
                         " AS FLOAT)) FROM p WHERE sex = 'M'",
                         CLOCK, bound=3, semantics="bag", timeout_s=20, search=False)
    assert r.status is Status.VERIFIED and "every timestamp" in r.reason, r.reason


def test_clock_against_todays_year_stays_unknown():
    """Equal today, not on other days: no proof, and no witness replays today."""
    import datetime

    from sqlverdict.oracles.bounded.fallback import verify_or_search

    year = datetime.datetime.now(datetime.UTC).year
    r = verify_or_search("SELECT id, STRFTIME('%Y', 'now') - STRFTIME('%Y', birthday) FROM p",
                         f"SELECT id, {year} - STRFTIME('%Y', birthday) FROM p",
                         CLOCK, bound=2, semantics="bag", timeout_s=20, search=False)
    assert r.status is Status.UNKNOWN and "clock" in r.reason, r.reason


# Joins on keys (primary, UNIQUE, foreign), LEFT JOIN with extra ON conditions, self-joins:
# the symbolic semantics against SQLite, and verdicts that depend on the keys.
KEYS = from_ddl("CREATE TABLE d(id INTEGER PRIMARY KEY, name TEXT UNIQUE, budget REAL);"
                "CREATE TABLE e(id INTEGER PRIMARY KEY, dept INT REFERENCES d(id), dname TEXT, pay INT)")
KEY_ROWS = {"d": [(1, "x", 2.5), (2, "y", None), (3, "z", 1.0)],
            "e": [(1, 1, "y", 10), (2, 1, None, 20), (3, 2, "x", 5), (4, None, "q", 7), (5, 3, "z", 1)]}
KEY_QUERIES = [
    "SELECT e.id, d.name FROM e JOIN d ON e.dept = d.id ORDER BY e.id",
    "SELECT e.id, d.name, d.budget FROM e LEFT JOIN d ON e.dept = d.id ORDER BY e.id",
    "SELECT e.id, d.id FROM e LEFT JOIN d ON d.id = e.dept AND d.budget > 2 ORDER BY e.id",
    "SELECT e.id, d.budget FROM e JOIN d ON e.dname = d.name ORDER BY e.id",
    "SELECT d.name, count(*), sum(e.pay) FROM e JOIN d ON e.dept = d.id GROUP BY d.name ORDER BY 1",
    "SELECT e.id FROM e JOIN d ON e.dept = d.id ORDER BY d.budget DESC, e.id LIMIT 2",
    "SELECT a.id, b.pay FROM e AS a JOIN e AS b ON b.id = a.dept ORDER BY a.id",
    "SELECT count(*) FROM e JOIN d ON d.id = 1",
]


@pytest.mark.parametrize("sql", KEY_QUERIES)
def test_joins_on_keys_match_sqlite(sql):
    conn = sqlite3.connect(":memory:")
    for t in KEYS.tables:
        conn.execute(create_table_sql(t))
        conn.executemany(f"INSERT INTO {t.name} VALUES ({', '.join('?' * len(t.columns))})",
                         KEY_ROWS[t.name])
    want = [list(r) for r in conn.execute(sql).fetchall()]
    assert evaluate_symbolic(sql, KEYS, KEY_ROWS) == want


@pytest.mark.parametrize(("gold", "pred", "expect"), [
    ("SELECT sum(e.pay) FROM e JOIN d ON e.dept = d.id WHERE d.budget > 1",
     "SELECT sum(e.pay) FROM d JOIN e ON d.id = e.dept WHERE d.budget > 1", "verified"),
    ("SELECT e.id FROM e LEFT JOIN d ON e.dept = d.id WHERE d.id IS NULL",
     "SELECT e.id FROM e WHERE e.dept IS NULL", "verified"),  # the foreign key holds
    ("SELECT e.id FROM e LEFT JOIN d ON e.dept = d.id AND d.budget > 1 WHERE d.id IS NULL",
     "SELECT e.id FROM e WHERE e.dept IS NULL", "refuted"),
    ("SELECT e.id FROM e LEFT JOIN d ON e.dept = d.id",
     "SELECT e.id FROM e", "verified"),
])
def test_joins_on_keys_verdicts(gold, pred, expect):
    r = verify(gold, pred, KEYS, bound=4, semantics="bag", timeout_s=30)
    assert str(r.status) == expect, r.reason


def test_clock_age_boundary_refuted():
    """An age off by one: the domain holds a birthday this many years before now."""
    from sqlverdict.oracles.bounded.fallback import verify_or_search

    r = verify_or_search("SELECT count(*) FROM p WHERE STRFTIME('%Y','now') - STRFTIME('%Y', birthday) > 30",
                         "SELECT count(*) FROM p WHERE STRFTIME('%Y','now') - STRFTIME('%Y', birthday) >= 30",
                         CLOCK, bound=2, semantics="bag", timeout_s=20, search=False)
    assert r.status is Status.REFUTED, r.reason
    assert r.witness.gold_result != r.witness.pred_result


def test_clock_in_grouped_query_and_subquery():
    from sqlverdict.oracles.bounded.fallback import verify_or_search

    s = from_ddl("CREATE TABLE p(id INTEGER PRIMARY KEY, birthday TEXT, sex TEXT);"
                 "CREATE TABLE l(id INT, pid INT REFERENCES p(id), v INT)")
    r = verify_or_search(
        "SELECT p.id, STRFTIME('%Y', 'now') - STRFTIME('%Y', p.birthday) FROM p JOIN l "
        "ON p.id = l.pid GROUP BY p.id HAVING count(*) >= 2",
        "SELECT DISTINCT p.id, STRFTIME('%Y', CURRENT_TIMESTAMP) - STRFTIME('%Y', p.birthday) "
        "FROM p WHERE p.id IN (SELECT pid FROM l GROUP BY pid HAVING count(*) >= 2)",
        s, bound=3, semantics="bag", timeout_s=30, search=False)
    assert r.status is Status.VERIFIED, r.reason


def test_separator_strings_in_the_domain():
    """Minutes before ':' read as INTEGER or as REAL differ on '1.5:2' (BIRD lap times): the
    text domain holds numbers around the separators the queries split on."""
    s = from_ddl("CREATE TABLE r(id INTEGER PRIMARY KEY, lap TEXT)")
    r = verify("SELECT CAST(SUBSTR(lap, 1, INSTR(lap, ':') - 1) AS INTEGER) * 60 FROM r",
               "SELECT CAST(SUBSTR(lap, 1, INSTR(lap, ':') - 1) AS REAL) * 60 FROM r",
               s, bound=1, semantics="bag", timeout_s=30)
    assert r.status is Status.REFUTED, r.reason
