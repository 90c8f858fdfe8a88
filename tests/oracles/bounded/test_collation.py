"""Columns declared with a collation (``name TEXT COLLATE NOCASE``): every copy of the
table a witness is replayed in declares it too, so SQLite compares their text as in the
user's database; a refutation over such a column is a difference SQLite shows there."""

from __future__ import annotations

import sqlite3

from sqlverdict import verify
from sqlverdict.engine.materialize import create_table_sql
from sqlverdict.oracles.bounded.witness import replay
from sqlverdict.schema import column_collations, from_ddl
from sqlverdict.types import Status

DDL = ("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT COLLATE NOCASE, code TEXT COLLATE RTRIM, "
       "v INTEGER); CREATE TABLE u(id INTEGER PRIMARY KEY, name TEXT)")


def test_the_collation_of_each_column_is_read():
    t = from_ddl(DDL).table("t")
    assert t.collations == (("name", "NOCASE"), ("code", "RTRIM"))
    assert column_collations("CREATE TABLE x(a TEXT COLLATE BINARY)") == ()


def test_a_copy_of_the_table_compares_as_the_users():
    conn = sqlite3.connect(":memory:")
    conn.execute(create_table_sql(from_ddl(DDL).table("t")))
    conn.execute("INSERT INTO t VALUES (1, 'A', 'x  ', 0)")
    assert conn.execute("SELECT id FROM t WHERE name = 'a' AND code = 'x'").fetchall() == [(1,)]


def test_equal_under_nocase_is_never_refuted():
    r = verify("SELECT id FROM t WHERE name = 'a'", "SELECT id FROM t WHERE name = 'A'",
               from_ddl(DDL))
    assert r.status == Status.UNKNOWN


def test_a_binary_comparison_is_refuted_on_a_replayed_witness():
    schema = from_ddl(DDL)
    gold, pred = "SELECT id FROM t WHERE name = 'a'", "SELECT id FROM t WHERE name = 'a' COLLATE BINARY"
    r = verify(gold, pred, schema)
    assert r.status == Status.REFUTED
    again = replay(gold, pred, schema, r.witness.tables, "bag")
    assert again.differs


def test_an_unreadable_collation_replays_nothing():
    t = from_ddl(DDL).table("u")
    odd = from_ddl(DDL)
    odd = type(odd)(odd.name, (odd.table("t"), type(t)(t.name, t.columns, t.primary_key,
                                                      collated=("name",))))
    r = replay("SELECT id FROM u WHERE name = 'a'", "SELECT id FROM u WHERE name = 'A'", odd,
               {"u": {"columns": ["id", "name"], "rows": [[1, "A"]]}}, "bag")
    assert not r.differs and "collation of u.name" in r.problem
