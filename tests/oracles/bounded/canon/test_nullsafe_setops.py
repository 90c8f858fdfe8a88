"""``canon/nullsafe_setops.py`` against SQLite itself: INTERSECT and EXCEPT (chains too)
beside their semi/anti-join forms on ``IS``, on random small databases whose columns hold
every storage class SQLite lets them keep (NULL, 1 beside 1.0 and '1', text, BLOBs, empty
tables, repeated rows). Whenever two queries get one canonical form, both must return the
same bag of rows; columns of different affinity or untyped ones must leave the compound
alone."""

from __future__ import annotations

import random
import sqlite3
from collections import Counter

import pytest

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

DDL = ("CREATE TABLE r (a INT, b TEXT, c REAL, k INTEGER PRIMARY KEY); "
       "CREATE TABLE s (x INT, y TEXT, z REAL); CREATE TABLE v (p INT, q TEXT, n NUMERIC); "
       "CREATE TABLE w (u, t);")
SCHEMA = from_ddl(DDL)
VALUES = [None, 0, 1, 1.0, 2.5, "1", "p", "", b"p", -1]
COLUMNS = {"r": ("a", "b", "c"), "s": ("x", "y", "z"), "v": ("p", "q", "n"), "w": ("u", "t")}

EQUATED = [
    ("SELECT a, b FROM r INTERSECT SELECT x, y FROM s",
     "SELECT r.a, r.b FROM r WHERE EXISTS (SELECT 1 FROM s WHERE s.x IS r.a AND s.y IS r.b) "
     "GROUP BY r.a, r.b"),
    ("SELECT a, c FROM r EXCEPT SELECT x, z FROM s",
     "SELECT DISTINCT r.a, r.c FROM r WHERE NOT EXISTS "
     "(SELECT 1 FROM s WHERE r.a IS s.x AND r.c IS s.z)"),
    ("SELECT c FROM r WHERE a > 0 INTERSECT SELECT z FROM s INTERSECT SELECT c FROM r",
     "SELECT DISTINCT r.c FROM r WHERE r.a > 0 AND EXISTS (SELECT 1 FROM s WHERE s.z IS r.c)"),
    ("SELECT b FROM r EXCEPT SELECT y FROM s WHERE x = 1 EXCEPT SELECT q FROM v "
     "EXCEPT SELECT y FROM s WHERE z > 1",
     "SELECT DISTINCT r.b FROM r WHERE NOT EXISTS (SELECT 1 FROM s WHERE s.y IS r.b AND "
     "(s.x = 1 OR s.z > 1)) AND NOT EXISTS (SELECT 1 FROM v WHERE v.q IS r.b)"),
    ("SELECT k FROM r INTERSECT SELECT x FROM s",
     "SELECT k FROM r WHERE k IN (SELECT x FROM s)"),
]
LEFT_ALONE = [  # no exact affinity shared: the compound stays a compound
    "SELECT u FROM w INTERSECT SELECT x FROM s",
    "SELECT a FROM r EXCEPT SELECT c FROM r",
    "SELECT a FROM r INTERSECT SELECT n FROM v",
    "SELECT a FROM r INTERSECT SELECT x FROM s ORDER BY 1 LIMIT 1",
]


def _form(sql):
    return canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag")


def _database(rng) -> sqlite3.Connection:
    con = sqlite3.connect(":memory:")
    con.executescript(DDL)
    for table, cols in COLUMNS.items():
        for _ in range(rng.randint(0, 4)):
            row = [rng.choice(VALUES) for _ in cols]
            names = ", ".join(cols)
            con.execute(f"INSERT INTO {table} ({names}) VALUES ({', '.join('?' * len(cols))})", row)
    return con


def _bag(con, sql) -> Counter:
    return Counter(tuple((type(v).__name__, v) for v in row) for row in con.execute(sql))


@pytest.mark.parametrize("pair", EQUATED, ids=lambda p: p[0][:40])
def test_equated_pairs_agree_in_sqlite(pair):
    gold, pred = pair
    assert _form(gold) == _form(pred), "the rules should equate this pair"
    rng = random.Random(7)
    for _ in range(300):
        con = _database(rng)
        assert _bag(con, gold) == _bag(con, pred), (gold, pred)


@pytest.mark.parametrize("sql", LEFT_ALONE)
def test_other_affinities_leave_the_compound_alone(sql):
    assert isinstance(_form(sql), ir.SetOp)
