"""``canon/empty.py`` against SQLite on random small databases (NULLs, repeated values, empty
tables, values of every storage class in every column): ``max_rows`` bounds the rows a
query returns, ``returns_nothing`` queries return none, and a query whose cuts
``may_cut_ties`` clears keeps all its rows or none at each cut (so no tie decides). The
prover states ``ties_broken_alike`` exactly for a rewriting proof whose LIMIT may cut."""

from __future__ import annotations

import random
import sqlite3
from collections import Counter

import pytest

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon.empty import max_rows, may_cut_ties, returns_nothing
from sqlverdict.oracles.bounded.outcome import Assumption, Method
from sqlverdict.oracles.bounded.pair import Pair
from sqlverdict.oracles.bounded.prover import settle
from sqlverdict.schema import from_ddl

DDL = ("CREATE TABLE r(k INTEGER PRIMARY KEY, v INT, s TEXT);"
       "CREATE TABLE q(id INT, v INT)")
SCHEMA = from_ddl(DDL)
VALUES = [None, 0, 1, 1, 2, -1, 2.5, "a", "1", b"\x01"]

QUERIES = [
    "SELECT COUNT(*) FROM r",
    "SELECT COUNT(*) FROM r LIMIT 3",
    "SELECT COUNT(*) FROM r LIMIT 3 OFFSET 1",
    "SELECT MAX(v), MIN(s) FROM r ORDER BY 1 LIMIT 1",
    "SELECT SUM(v) FROM q HAVING COUNT(*) > 1 LIMIT 2",
    "SELECT * FROM (SELECT SUM(v) AS t FROM q) AS g LIMIT 1",
    "SELECT v FROM (SELECT v FROM q ORDER BY v LIMIT 2) AS d WHERE v IS NOT NULL",
    "SELECT v FROM (SELECT v FROM q ORDER BY v LIMIT 2) AS d ORDER BY v LIMIT 5",
    "SELECT v FROM (SELECT v FROM q ORDER BY v LIMIT 2) AS d ORDER BY v LIMIT 1",
    "SELECT v FROM (SELECT v FROM q ORDER BY v LIMIT 2) AS d ORDER BY v LIMIT 5 OFFSET 1",
    "SELECT v FROM (SELECT v FROM q ORDER BY v LIMIT 2) AS d ORDER BY v LIMIT 5 OFFSET 2",
    "SELECT DISTINCT v FROM (SELECT v FROM q LIMIT 3) AS d",
    "SELECT v, COUNT(*) FROM (SELECT v FROM q LIMIT 3) AS d GROUP BY v",
    "SELECT v FROM q LIMIT 0",
    "SELECT v FROM q ORDER BY v LIMIT 2",
    "SELECT v FROM q ORDER BY v LIMIT -1 OFFSET 1",
    "SELECT r.k FROM r JOIN (SELECT * FROM q LIMIT 0) AS e ON r.v = e.v",
    "SELECT r.k FROM r LEFT JOIN (SELECT * FROM q LIMIT 0) AS e ON r.v = e.v",
    "SELECT r.k FROM (SELECT * FROM q LIMIT 0) AS e RIGHT JOIN r ON r.v = e.v",
    "SELECT COUNT(*) FROM (SELECT * FROM q LIMIT 0) AS e",
    "SELECT v, SUM(id) FROM (SELECT * FROM q WHERE 1 = 0) AS e GROUP BY v",
    "SELECT 1 LIMIT 1",
    "SELECT d.x FROM (SELECT COUNT(*) AS x FROM q UNION ALL SELECT SUM(v) FROM q) AS d "
    "ORDER BY d.x LIMIT 5 OFFSET 1",
    "SELECT d.x FROM (SELECT COUNT(*) AS x FROM q UNION ALL SELECT SUM(v) FROM q) AS d "
    "ORDER BY d.x LIMIT 2",
    "SELECT v FROM q UNION ALL SELECT v FROM r LIMIT 0",
    "SELECT * FROM (SELECT v FROM q LIMIT 1) UNION ALL SELECT * FROM (SELECT k FROM r LIMIT 2)",
    "SELECT k FROM r WHERE v IN (SELECT v FROM q LIMIT 0)",
    "SELECT k FROM r WHERE EXISTS (SELECT COUNT(*) FROM q LIMIT 5)",
]


def _databases(n: int, seed: int):
    rng = random.Random(seed)
    for _ in range(n):
        db = sqlite3.connect(":memory:")
        db.executescript(DDL)
        for k in rng.sample(range(-3, 9), rng.randint(0, 5)):
            db.execute("INSERT INTO r VALUES (?, ?, ?)", (k, rng.choice(VALUES), rng.choice(VALUES)))
        for _ in range(rng.randint(0, 5)):
            db.execute("INSERT INTO q VALUES (?, ?)", (rng.choice(VALUES), rng.choice(VALUES)))
        yield db


def _query(sql):
    return ir.lower(sql, SCHEMA).query


@pytest.mark.parametrize("sql", QUERIES)
def test_bounds_hold_on_random_databases(sql):
    q = _query(sql)
    bound, empty = max_rows(q), returns_nothing(q)
    for db in _databases(150, hash(sql) % 1000):
        rows = db.execute(sql).fetchall()
        assert bound is None or len(rows) <= bound, (sql, rows)
        assert not empty or rows == [], (sql, rows)


TOP_CUTS = [s for s in QUERIES if " LIMIT " in s.split(")")[-1]]


@pytest.mark.parametrize("sql", TOP_CUTS)
def test_an_outer_cut_that_decides_no_tie_keeps_all_rows_or_none(sql):
    """For the outer cut: where ``may_cut_ties`` is False, the cut query returns the uncut
    query's rows (as a bag) or none, on every random database."""
    q = _query(sql)
    if may_cut_ties(q) or not isinstance(q, ir.Select):
        return
    uncut = sql[: sql.rindex(" LIMIT")]
    for db in _databases(150, 7):
        got, full = Counter(db.execute(sql).fetchall()), Counter(db.execute(uncut).fetchall())
        assert got in (full, Counter()), (sql, got, full)


def test_cuts_that_may_decide_a_tie():
    assert may_cut_ties(_query("SELECT v FROM q ORDER BY v LIMIT 2"))
    assert may_cut_ties(_query("SELECT v FROM (SELECT v FROM q ORDER BY v LIMIT 2) AS d ORDER BY v LIMIT 1"))
    assert may_cut_ties(_query("SELECT v FROM (SELECT v FROM q ORDER BY v LIMIT 2) AS d LIMIT 5 OFFSET 1"))
    assert may_cut_ties(_query("SELECT k FROM r WHERE v IN (SELECT v FROM q ORDER BY v LIMIT 1)"))
    assert not may_cut_ties(_query("SELECT COUNT(*) FROM r LIMIT 1"))
    assert not may_cut_ties(_query("SELECT COUNT(*) FROM r LIMIT 5 OFFSET 1"))
    assert not may_cut_ties(_query("SELECT v FROM q LIMIT 0"))
    two = "SELECT d.x FROM (SELECT COUNT(*) AS x FROM q UNION ALL SELECT SUM(v) FROM q) AS d"
    assert may_cut_ties(_query(two + " ORDER BY d.x LIMIT 5 OFFSET 1"))
    assert may_cut_ties(_query(two + " ORDER BY d.x LIMIT 1"))
    assert not may_cut_ties(_query(two + " ORDER BY d.x LIMIT 2"))


@pytest.mark.parametrize("gold, pred, ties", [
    ("SELECT COUNT(*) FROM r LIMIT 3", "SELECT COUNT(*) FROM r", False),
    ("SELECT v FROM q ORDER BY v LIMIT 0", "SELECT v FROM q WHERE 1 = 0", False),
    ("SELECT s.v + 1 FROM (SELECT v, id FROM q ORDER BY v LIMIT 2) AS s",
     "SELECT v + 1 FROM q ORDER BY v LIMIT 2", True),
])
def test_rewriting_proofs_state_ties_only_for_a_cut_that_may_decide_one(gold, pred, ties):
    r = settle(Pair(gold, pred, SCHEMA, "bag"), 3)
    assert r is not None and r.method == Method.REWRITING, r
    assert (Assumption.TIES in r.assumptions) == ties, r
