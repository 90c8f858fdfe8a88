"""``self_join_on_key`` on a primary key that may hold NULL (round 63, i63d).

A rowid table's primary key other than the rowid alias accepts NULL in SQLite (a legacy it
documents); ``a.k = b.k`` never matches such a row, so the law that reads ``b`` as ``a``
must keep ``a.k = a.k`` (NULL there) instead of dropping it. The randomized search puts no
NULL in a key column, so the near miss is checked here against a database written by hand.
"""

from __future__ import annotations

import sqlite3

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

DDL = "CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER);"
JOINED = "SELECT a.v FROM t AS a JOIN t AS b ON a.k = b.k"


def _form(sql, schema):
    return canonical(ir.lower(sql, schema).query, schema, "bag")


def test_a_nullable_key_keeps_its_null_test():
    schema = from_ddl(DDL, "t")
    assert _form(JOINED, schema) != _form("SELECT v FROM t", schema)
    assert _form(JOINED, schema) == _form("SELECT a.v FROM t AS a WHERE a.k = a.k", schema)
    db = sqlite3.connect(":memory:")
    db.executescript(DDL + "INSERT INTO t VALUES (NULL, 1), ('x', 2);")
    assert db.execute(JOINED).fetchall() == [(2,)]
    assert sorted(db.execute("SELECT v FROM t").fetchall()) == [(1,), (2,)]


def test_a_never_null_key_still_merges_the_two_scans():
    schema = from_ddl("CREATE TABLE t (k TEXT NOT NULL PRIMARY KEY, v INTEGER);", "t")
    assert _form(JOINED, schema) == _form("SELECT v FROM t", schema)
