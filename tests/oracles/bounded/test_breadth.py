"""The symbolic semantics against SQLite on concrete databases, for the constructs added
for BIRD breadth (ROUND over numbers, aggregate FILTER (WHERE ...), ranking window
functions) and joins on keys. Their verdicts are fixtures (tests/fixtures/verdicts:
breadth.sql, keys.sql, clock.sql)."""

from __future__ import annotations

import sqlite3

import pytest

from sqlverdict import verify
from sqlverdict.engine.materialize import create_table_sql
from sqlverdict.oracles.bounded.prover import evaluate_symbolic
from sqlverdict.schema import from_ddl
from sqlverdict.types import Status

SCHEMA = from_ddl("CREATE TABLE t(id INTEGER PRIMARY KEY, a INT, x REAL, b TEXT)")

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


def test_clock_against_todays_year_stays_unknown():
    """Equal today, not on other days: no proof, and no witness replays today."""
    import datetime

    year = datetime.datetime.now(datetime.UTC).year
    r = verify("SELECT id, STRFTIME('%Y', 'now') - STRFTIME('%Y', birthday) FROM p",
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


