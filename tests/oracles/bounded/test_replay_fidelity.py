"""Copies of the user's tables behave as the user's: columns declared with a collation
(``name TEXT COLLATE NOCASE``) compare their text alike, CHECK constraints reject the same
rows; a refutation is a difference SQLite shows on a database the user's schema admits."""

from __future__ import annotations

import sqlite3

from sqlverdict import verify
from sqlverdict.engine.materialize import create_table_sql
from sqlverdict.oracles.bounded.witness import replay
from sqlverdict.schema import column_collations, from_ddl, table_checks
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


CHECKED = ("CREATE TABLE t(id INTEGER PRIMARY KEY, v INTEGER NOT NULL CHECK (v > 0), "
           "w TEXT CHECK (w IN ('a', 'b')), CONSTRAINT small CHECK (v < 100 OR w = 'a'))")


def test_check_constraints_are_read_and_copied():
    t = from_ddl(CHECKED).table("t")
    assert set(t.checks) == {"v > 0", "w IN ('a', 'b')", "v < 100 OR w = 'a'"}
    conn = sqlite3.connect(":memory:")
    conn.execute(create_table_sql(t))
    for bad in ("(1, 0, 'a')", "(1, 5, 'c')", "(1, 200, 'b')"):
        try:
            conn.execute(f"INSERT INTO t VALUES {bad}")
        except sqlite3.IntegrityError:
            continue
        raise AssertionError(f"the copy took {bad}")
    assert table_checks("CREATE TABLE x(a INT)") == ()


def test_no_witness_breaks_a_check_constraint():
    """The solver models CHECKs of its fragment (``encode/checks.py``): it proves up to the
    bound over the databases they admit; one outside it leaves the witnesses unconfirmed."""
    schema = from_ddl(CHECKED)
    for gold, pred in (("SELECT id FROM t WHERE v > 0", "SELECT id FROM t"),
                       ("SELECT id FROM t WHERE w = 'a' OR w = 'b'",
                        "SELECT id FROM t WHERE w IS NOT NULL")):
        r = verify(gold, pred, schema)
        assert r.status == Status.VERIFIED and "satisfy the schema's CHECK constraints" in r.reason
    r = verify("SELECT id FROM t WHERE length(w) = 1 OR w IS NULL", "SELECT id FROM t",
               from_ddl("CREATE TABLE t(id INTEGER PRIMARY KEY, w TEXT CHECK (length(w) = 1))"))
    assert r.status == Status.UNKNOWN and "break a CHECK constraint" in r.reason
    r = verify("SELECT id FROM t WHERE v > 1", "SELECT id FROM t", schema)
    assert r.status == Status.REFUTED
    assert all(row[1] > 0 for row in r.witness.tables["t"]["rows"])


def test_integer_primary_key_desc_is_no_rowid_alias():
    """SQLite's documented quirk: ``x INTEGER PRIMARY KEY DESC`` is an ordinary key column
    (it holds NULL and text), in the user's table and in every copy of it."""
    schema = from_ddl("CREATE TABLE t(x INTEGER PRIMARY KEY DESC, y TEXT)")
    assert schema.table("t").rowid_alias is None and not schema.table("t").never_null("x")
    conn = sqlite3.connect(":memory:")
    conn.execute(create_table_sql(schema.table("t")))
    conn.execute("INSERT INTO t VALUES (NULL, 'a')")
    assert conn.execute("SELECT x FROM t").fetchall() == [(None,)]
    r = verify("SELECT COUNT(*) FROM t WHERE x IS NOT NULL", "SELECT COUNT(*) FROM t", schema)
    assert r.status == Status.REFUTED
    assert from_ddl("CREATE TABLE t(x INTEGER PRIMARY KEY ASC)").table("t").rowid_alias == "x"


def test_a_table_with_generated_columns_gets_no_verdict():
    """``SELECT *`` shows a generated column in the user's table and not in the verifier's
    copies: neither a proof nor a witness speaks of the user's table."""
    schema = from_ddl("CREATE TABLE t(id INTEGER PRIMARY KEY, w INTEGER, g INTEGER AS (w + 1))")
    assert schema.table("t").generated == ("g",)
    for pred in ("SELECT id, w FROM t", "SELECT id, w, w + 1 FROM t"):
        r = verify("SELECT * FROM t", pred, schema)
        assert r.status == Status.UNKNOWN and "generated column (t.g)" in r.reason


def test_any_in_a_strict_table_has_no_affinity():
    """A STRICT table's ``ANY`` column keeps '1' and 1 apart (no affinity); another table's
    ``ANY`` column is NUMERIC, as SQLite's affinity rules read the name."""
    strict = from_ddl("CREATE TABLE t(id INTEGER PRIMARY KEY, x ANY) STRICT")
    assert strict.table("t").column("x").affinity == "BLOB"
    r = verify("SELECT id FROM t WHERE x = '1'", "SELECT id FROM t WHERE x = 1", strict)
    assert r.status == Status.REFUTED
    loose = from_ddl("CREATE TABLE t(id INTEGER PRIMARY KEY, x ANY)")
    assert loose.table("t").column("x").affinity == "NUMERIC"
    conn = sqlite3.connect(":memory:")
    conn.execute(create_table_sql(strict.table("t")))
    conn.execute("INSERT INTO t VALUES (1, '1')")
    assert conn.execute("SELECT typeof(x) FROM t").fetchall() == [("text",)]


def test_a_unique_index_on_expressions_holds_in_every_copy():
    """An index on ``lower(name)`` is no key of columns, and no witness breaks it."""
    schema = from_ddl("CREATE TABLE p(id INTEGER PRIMARY KEY, name TEXT);"
                      "CREATE UNIQUE INDEX ui ON p(lower(name))")
    assert schema.table("p").uniques == () and len(schema.table("p").unique_indexes) == 1
    r = verify("SELECT COUNT(DISTINCT lower(name)) FROM p", "SELECT COUNT(name) FROM p", schema)
    assert r.status != Status.REFUTED  # ('a', 'A') would separate them: the index rejects it
    r = verify("SELECT DISTINCT name FROM p", "SELECT name FROM p", schema)
    assert r.status == Status.REFUTED  # two NULL names: the index takes them
    assert [row[1] for row in r.witness.tables["p"]["rows"]].count(None) >= 2


def test_a_check_the_copy_cannot_declare_replays_nothing():
    from sqlverdict.schema import _copyable
    from sqlverdict.types import Column, Table

    assert _copyable(Table("t", (Column("a", "INT"),), checks=("a >>> 1",))).checks is None
    assert _copyable(Table("t", (Column("a", "INT"),), checks=("a > 1",))).checks == ("a > 1",)


def test_queries_over_views_are_verified_as_over_their_definitions():
    """The copies hold no views: a query over one is the query over the derived table it
    stands for (views of views too); a view with a column list stays unknown, as before."""
    schema = from_ddl("CREATE TABLE t(id INTEGER PRIMARY KEY, w INTEGER);"
                      "CREATE VIEW v AS SELECT id, w FROM t WHERE w > 0;"
                      "CREATE VIEW vv AS SELECT id FROM v WHERE w < 10;"
                      "CREATE VIEW named(a, b) AS SELECT id, w FROM t")
    r = verify("SELECT id FROM v", "SELECT id FROM t WHERE w > 0", schema)
    assert r.status == Status.VERIFIED and r.scope == "every database"
    r = verify("SELECT id FROM vv", "SELECT id FROM t WHERE w > 0", schema)
    assert r.status == Status.REFUTED
    assert all(row[1] is not None and row[1] >= 10 for row in r.witness.tables["t"]["rows"]
               if row[1] is not None and row[1] > 0)
    r = verify("WITH v AS (SELECT id FROM t) SELECT id FROM v", "SELECT id FROM t", schema)
    assert r.status == Status.VERIFIED  # the WITH clause's v, not the view
    assert verify("SELECT a FROM named", "SELECT id FROM t", schema).status == Status.UNKNOWN
