"""``canon/top_one.py`` against SQLite on random small databases (repeated values, empty
tables, values of every storage class): where ``tie_free`` holds, a cut by the ORDER BY
decides no tie (breaking ties by rowid either way gives the same rows), and a rewriting
proof through ``top_one_as_extremum`` states no ``ties_broken_alike``."""

from __future__ import annotations

import random
import sqlite3

import pytest

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon.top_one import tie_free
from sqlverdict.oracles.bounded.outcome import Assumption, Method
from sqlverdict.oracles.bounded.pair import Pair
from sqlverdict.oracles.bounded.prover import settle
from sqlverdict.schema import from_ddl

DDL = ("CREATE TABLE s(w INT NOT NULL, item INT NOT NULL, qty INT, PRIMARY KEY (w, item));"
       "CREATE TABLE u(w INT, pos TEXT, tag INT, UNIQUE (w, pos));"
       "CREATE TABLE c(k TEXT COLLATE NOCASE NOT NULL PRIMARY KEY, v INT)")
SCHEMA = from_ddl(DDL)
VALUES = [0, 1, 1, 2, -1, 2.5, 1.0, "a", "A", "1", b"\x01"]

CUTS = [
    ("SELECT item, qty FROM s WHERE w = 1 ORDER BY item DESC LIMIT 1", True),
    ("SELECT qty FROM s WHERE w = 1 ORDER BY item LIMIT 2", True),
    ("SELECT qty FROM s ORDER BY w, item DESC LIMIT 2 OFFSET 1", True),
    ("SELECT qty FROM s WHERE w = 1 AND qty > 0 ORDER BY item LIMIT 1", True),
    ("SELECT qty FROM s ORDER BY item DESC LIMIT 1", False),
    ("SELECT item FROM s WHERE w = 1 ORDER BY qty DESC LIMIT 1", False),
    ("SELECT qty FROM s WHERE w > 1 ORDER BY item LIMIT 1", False),
    ("SELECT tag FROM u WHERE w = 1 ORDER BY pos DESC LIMIT 1", False),
    ("SELECT v FROM c ORDER BY k LIMIT 1", False),
]


def _databases(n: int, seed: int):
    rng = random.Random(seed)
    for _ in range(n):
        db = sqlite3.connect(":memory:")
        db.executescript(DDL)
        for _ in range(rng.randint(0, 6)):
            db.execute("INSERT OR IGNORE INTO s VALUES (?, ?, ?)",
                       (rng.choice(VALUES), rng.choice(VALUES), rng.choice([None, *VALUES])))
            db.execute("INSERT OR IGNORE INTO u VALUES (?, ?, ?)",
                       (rng.choice([None, *VALUES]), rng.choice([None, *VALUES]), rng.randint(0, 9)))
            db.execute("INSERT OR IGNORE INTO c VALUES (?, ?)", (rng.choice(VALUES), rng.choice(VALUES)))
        yield db


def _broken(sql: str, how: str) -> str:
    head, cut = sql.rsplit(" LIMIT ", 1)
    return f"{head}, rowid {how} LIMIT {cut}"


@pytest.mark.parametrize("sql, free", CUTS)
def test_a_tie_free_cut_decides_no_tie(sql, free):
    assert tie_free(ir.lower(sql, SCHEMA).query, SCHEMA) == free
    if not free:
        return
    for db in _databases(200, hash(sql) % 1000):
        assert db.execute(_broken(sql, "ASC")).fetchall() == db.execute(_broken(sql, "DESC")).fetchall()


def test_tie_free_is_no_tie_free_for_cuts_that_tie():
    """The near misses tie on some random database: ``tie_free`` is not vacuous there."""
    for sql, free in CUTS:
        if free or "FROM c" in sql:
            continue
        assert any(db.execute(_broken(sql, "ASC")).fetchall() != db.execute(_broken(sql, "DESC")).fetchall()
                   for db in _databases(300, 3)), sql


def test_a_top_one_on_a_key_is_proved_without_the_ties_assumption():
    gold = "SELECT item, qty FROM s WHERE w = 1 AND item = (SELECT MAX(item) FROM s WHERE w = 1)"
    pred = "SELECT item, qty FROM s WHERE w = 1 ORDER BY item DESC LIMIT 1"
    r = settle(Pair(gold, pred, SCHEMA, "bag"), 3)
    assert r is not None and r.method == Method.REWRITING, r
    assert Assumption.TIES not in r.assumptions, r
