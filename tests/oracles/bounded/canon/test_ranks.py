"""``canon/ranks.py``: ``rank_without_ties`` against SQLite on random databases whose
unique key holds values of every storage class (texts, integers, reals, BLOBs; a BLOB key
in a TEXT column, case variants), with ties and NULLs in the other keys, duplicates of
every other column and empty tables; near misses keep their forms."""

from __future__ import annotations

import random
import sqlite3

import pytest

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

DDL = "CREATE TABLE u (k TEXT NOT NULL PRIMARY KEY, p INT, v INT, n TEXT UNIQUE)"
SCHEMA = from_ddl(DDL)
KEYS = ["a", "A", "b", "1", 2, 2.5, b"a", "", " a"]
SMALL = [None, 0, 1, 1, 2]


def _forms(*queries):
    return [canonical(ir.lower(q, SCHEMA).query, SCHEMA, "bag") for q in queries]


@pytest.mark.parametrize("fn", ["RANK", "DENSE_RANK"])
@pytest.mark.parametrize("window", ["PARTITION BY p ORDER BY v, k", "ORDER BY k DESC",
                                    "PARTITION BY v ORDER BY p DESC, k, v"])
def test_the_law_is_sqlites(fn, window):
    gold = f"SELECT k, p, {fn}() OVER ({window}) FROM u WHERE v IS NOT 2"
    pred = f"SELECT k, p, ROW_NUMBER() OVER ({window}) FROM u WHERE v IS NOT 2"
    a, b = _forms(gold, pred)
    assert a == b
    rng = random.Random(fn + window)
    for _ in range(80):
        conn = sqlite3.connect(":memory:")
        conn.execute(DDL)
        conn.executemany("INSERT OR IGNORE INTO u (k, p, v) VALUES (?, ?, ?)",
                         [(rng.choice(KEYS), rng.choice(SMALL), rng.choice(SMALL))
                          for _ in range(rng.randint(0, 6))])
        got = [sorted(conn.execute(q).fetchall(), key=repr) for q in (gold, pred)]
        assert got[0] == got[1], (gold, conn.execute("SELECT * FROM u").fetchall())


def test_near_misses_keep_their_forms():
    for window in ("ORDER BY v", "ORDER BY n", "PARTITION BY k ORDER BY p"):
        a, b = _forms(f"SELECT k, RANK() OVER ({window}) FROM u",
                      f"SELECT k, ROW_NUMBER() OVER ({window}) FROM u")
        assert a != b, window
