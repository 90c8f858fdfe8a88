"""``COUNT(*)`` of a correlated DISTINCT (or grouped) derived table flattened into its
scalar sub-query (``sql.derived_counts``): the flattened query returns the same rows as the
original in SQLite on random databases (NULLs, 1 and 1.0, '1', case variants under a NOCASE
column, empty groups); shapes it must leave alone stay as they are."""

from __future__ import annotations

import random
import sqlite3
from collections import Counter

import pytest
import sqlglot

from sqlverdict.sql.derived_counts import counted_derived

DDL = ("CREATE TABLE t(a INT, n TEXT);"
       "CREATE TABLE u(a INT, b INT, c TEXT COLLATE NOCASE)")
POOL = [None, 0, 1, 1.0, "1", "x", "X", 2]

FLATTENED = [
    "SELECT a, (SELECT COUNT(*) FROM (SELECT DISTINCT b FROM u WHERE u.a = t.a) AS s) FROM t",
    "SELECT a, (SELECT COUNT(*) FROM (SELECT DISTINCT c FROM u WHERE u.a = t.a) AS s) FROM t",
    "SELECT a FROM t WHERE 2 <= (SELECT COUNT(*) FROM (SELECT u.b FROM u WHERE u.a = t.a "
    "GROUP BY u.b) AS g)",
    "SELECT a, (SELECT COUNT(*) FROM (SELECT DISTINCT x.b FROM u AS x WHERE x.a = t.a "
    "AND x.b IS NOT NULL) AS s) FROM t",
    "SELECT a, (SELECT COUNT(*) FROM (SELECT DISTINCT b + 1 FROM u WHERE u.a = t.a) AS s) FROM t",
]

KEPT = [
    "SELECT (SELECT COUNT(*) FROM (SELECT DISTINCT b FROM u WHERE u.a = t.a LIMIT 1) AS s) FROM t",
    "SELECT (SELECT COUNT(*) FROM (SELECT DISTINCT b, c FROM u WHERE u.a = t.a) AS s) FROM t",
    "SELECT (SELECT COUNT(*) FROM (SELECT DISTINCT b FROM u WHERE u.a = 1) AS s) FROM t",
    "SELECT (SELECT COUNT(*) FROM (SELECT b FROM u WHERE u.a = t.a) AS s) FROM t",
    "SELECT (SELECT COUNT(*) FROM (SELECT DISTINCT b FROM u WHERE u.a = t.a) AS s WHERE s.b > 1) FROM t",
    "SELECT (SELECT COUNT(s.b) FROM (SELECT DISTINCT b FROM u WHERE u.a = t.a) AS s) FROM t",
]


def _rows(con, sql: str) -> Counter:
    return Counter(tuple((type(v).__name__, v) for v in r) for r in con.execute(sql))


@pytest.mark.parametrize("sql", FLATTENED)
def test_flattened_counts_agree_in_sqlite(sql):
    flat = counted_derived(sqlglot.parse_one(sql)).sql()
    assert "COUNT(DISTINCT" in flat and "FROM (SELECT" not in flat
    rng = random.Random(5)
    for _ in range(150):
        con = sqlite3.connect(":memory:")
        con.executescript(DDL)
        for _ in range(rng.choice([0, 1, 2, 3])):
            con.execute("INSERT INTO t VALUES (?, ?)", (rng.choice([1, 2, None]), "n"))
        for _ in range(rng.choice([0, 1, 2, 3, 4, 5])):
            con.execute("INSERT INTO u VALUES (?, ?, ?)",
                        (rng.choice([1, 2, None]), rng.choice(POOL), rng.choice(POOL)))
        assert _rows(con, sql) == _rows(con, flat), (sql, flat)


@pytest.mark.parametrize("sql", KEPT)
def test_other_shapes_are_kept(sql):
    tree = sqlglot.parse_one(sql)
    assert counted_derived(tree.copy()) == tree
