"""``canon/first_rows.py``: ``first_row_per_partition`` against SQLite on random databases
whose key holds values of every storage class (texts, case variants, integers, reals,
BLOBs in a TEXT key), with NULL and duplicate partition values, filters below the window
and empty tables; near misses keep their forms."""

from __future__ import annotations

import random
import sqlite3

import pytest

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

DDL = "CREATE TABLE u (k TEXT NOT NULL PRIMARY KEY, p INT, q TEXT, v INT)"
SCHEMA = from_ddl(DDL)
KEYS = ["a", "A", "b", "1", 2, 2.5, b"a", "", " a", "10"]
SMALL = [None, 0, 1, 1, 2]
TEXTS = [None, "x", "X", "y"]
CASES = [  # (PARTITION BY, ORDER BY k direction, filter below, first-row test)
    ("p", "", "", "d.rn = 1"),
    ("p, q", " DESC", " WHERE v IS NOT 1", "d.rn <= 1"),
    ("q", "", " WHERE p > 0 OR v IS NULL", "1 = d.rn AND d.v IS NOT 2"),
    ("p", " DESC", "", "2 > d.rn"),
]


def _pair(part, desc, below, test):
    cmp = ">" if desc else "<"
    inner = below.replace(" WHERE ", "").replace("v ", "u2.v ").replace("p ", "u2.p ")
    same = " AND ".join(f"u2.{c.strip()} IS u.{c.strip()}" for c in part.split(","))
    gold = (f"SELECT d.k, d.p, d.rn FROM (SELECT k, p, v, ROW_NUMBER() OVER (PARTITION BY {part} "
            f"ORDER BY k{desc}) AS rn FROM u{below}) AS d WHERE {test}")
    outer = test.replace("1 = d.rn AND ", "").replace("d.v", "u.v")
    outer = "" if "rn" in outer else f" AND {outer}"
    pred = (f"SELECT u.k, u.p, 1 FROM u WHERE {('(' + below[7:] + ') AND ') if below else ''}"
            f"NOT EXISTS (SELECT 1 FROM u AS u2 WHERE {('(' + inner + ') AND ') if inner else ''}"
            f"{same} AND u2.k {cmp} u.k){outer}")
    return gold, pred


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[3])
def test_the_law_is_sqlites(case):
    gold, pred = _pair(*case)
    a, b = (canonical(ir.lower(q, SCHEMA).query, SCHEMA, "bag") for q in (gold, pred))
    assert a == b, (gold, pred)
    rng = random.Random(gold)
    for _ in range(100):
        conn = sqlite3.connect(":memory:")
        conn.execute(DDL)
        conn.executemany("INSERT OR IGNORE INTO u VALUES (?, ?, ?, ?)",
                         [(rng.choice(KEYS), rng.choice(SMALL), rng.choice(TEXTS), rng.choice(SMALL))
                          for _ in range(rng.randint(0, 6))])
        got = [sorted(conn.execute(q).fetchall(), key=repr) for q in (gold, pred)]
        assert got[0] == got[1], (gold, pred, conn.execute("SELECT * FROM u").fetchall())


def test_near_misses_keep_their_forms():
    base = ("SELECT d.k FROM (SELECT k, ROW_NUMBER() OVER (PARTITION BY p ORDER BY {key}) AS rn "
            "FROM u) AS d WHERE d.rn {test}")
    for key, test in (("v", "= 1"), ("k", "= 2"), ("k", "< 3")):
        a, b = (canonical(ir.lower(q, SCHEMA).query, SCHEMA, "bag") for q in (
            base.format(key=key, test=test),
            "SELECT u.k FROM u WHERE NOT EXISTS (SELECT 1 FROM u AS u2 WHERE u2.p IS u.p "
            f"AND u2.{key} < u.{key})"))
        assert a != b, (key, test)
