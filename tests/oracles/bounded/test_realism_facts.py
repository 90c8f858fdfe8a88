"""What the realism grades read from a pair: the foreign-key columns an inner join equates
(under OR too, not in subqueries), and keyless foreign-key parents made keys."""

from __future__ import annotations

import sqlite3

import sqlverdict
from sqlverdict.oracles.bounded.pair import Pair
from sqlverdict.schema import from_ddl

DDL = ("CREATE TABLE p(id INTEGER PRIMARY KEY, alt INT); "
       "CREATE TABLE c(id INTEGER PRIMARY KEY, pid INT REFERENCES p(id), alt INT); "
       "CREATE TABLE q(w INT)")


def test_join_keys_under_or_and_not_in_subqueries():
    pair = Pair("SELECT c.id FROM c JOIN p ON c.pid = p.id OR c.alt = p.alt "
                "WHERE c.id IN (SELECT w FROM q WHERE q.w = c.alt)", "SELECT 1", from_ddl(DDL), "set")
    assert pair.facts.join_keys == {("c", "pid"), ("p", "id"), ("c", "alt"), ("p", "alt")}
    assert pair.facts.tables == {"c", "p", "q"}


def test_a_null_key_of_an_or_join_is_not_typed():
    # only a NULL c.pid whose alt matches separates them (set semantics)
    r = sqlverdict.verify("SELECT c.id FROM c JOIN p ON c.pid = p.id OR c.alt = p.alt",
                          "SELECT c.id FROM c JOIN p ON c.pid = p.id", from_ddl(DDL),
                          bound=3, semantics="set")
    assert str(r.status) == "refuted"
    assert str(r.realism) == "sqlite"
    assert any(row[1] is None for row in r.witness.tables["c"]["rows"])


def test_keyless_parent_is_a_key_for_the_verifier_only():
    ddl = ("CREATE TABLE sets(code TEXT, name TEXT); "
           "CREATE TABLE cards(id INTEGER PRIMARY KEY, setCode TEXT REFERENCES sets(code))")
    schema = from_ddl(ddl)
    pair = Pair("SELECT name FROM sets", "SELECT name FROM sets", schema, "bag")
    assert pair.keyless_parents == [("sets", ("code",))]
    assert pair.schema.table("sets").uniques == (("code",),)
    assert schema.table("sets").uniques == ()  # the caller's schema is left alone
    # SQLite itself: without the key, no child row can be written with foreign keys on
    con = sqlite3.connect(":memory:")
    con.executescript("PRAGMA foreign_keys = ON; " + ddl)
    con.execute("INSERT INTO sets VALUES ('a', 'x')")
    try:
        con.execute("INSERT INTO cards VALUES (1, 'a')")
        raise AssertionError("SQLite enforced a foreign key without a parent key")
    except sqlite3.OperationalError as e:
        assert "foreign key mismatch" in str(e)


def test_a_small_bound_refutation_with_an_empty_table_gives_way_to_a_typed_one():
    # at one row per table the only witness leaves t empty; two rows of r and one of t
    # separate them with every read table filled (Spider cre_Doc_Template_Mgt's shape)
    ddl = ("CREATE TABLE r(code TEXT PRIMARY KEY, d TEXT); "
           "CREATE TABLE t(id INTEGER PRIMARY KEY, code TEXT NOT NULL REFERENCES r(code))")
    res = sqlverdict.verify("SELECT DISTINCT code FROM t", "SELECT DISTINCT code FROM r",
                            from_ddl(ddl), bound=3)
    assert str(res.status) == "refuted" and str(res.realism) == "typed"
    assert not res.to_json()["empty_table_only"], res.reason
    assert all(w["rows"] for w in res.witness.tables.values())


def test_an_empty_read_table_is_typed_only_where_the_solver_showed_it_is_needed():
    from sqlverdict.oracles.bounded.outcome import VerifyResult
    from sqlverdict.oracles.bounded.realism import EMPTY_NOTE, EMPTY_SEEN, EmptyRead, Realism
    from sqlverdict.oracles.bounded.staging import _empty_claim
    from sqlverdict.types import Status

    r = VerifyResult(Status.REFUTED, 3, "bag", evidence="witness", realism=Realism.TYPED,
                     empty=EmptyRead.ONLY, notes=EmptyRead.ONLY.notes())
    assert r.notes == (EMPTY_NOTE,) and r.to_json()["empty_table_only"]
    assert _empty_claim(r, shown=True) is r
    seen = _empty_claim(r, shown=False)
    assert seen.realism is Realism.SQLITE and seen.notes == (EMPTY_SEEN,)
    assert seen.empty is EmptyRead.SEEN
    assert not seen.to_json()["empty_table_only"] and EMPTY_SEEN in seen.reason
    # the field decides, not the text: a note of the same words is no claim
    text_only = r.but(empty=EmptyRead.NONE)
    assert _empty_claim(text_only, shown=False) is text_only


def test_join_keys_against_a_derived_table_but_not_correlated():
    ddl = ("CREATE TABLE p(id INTEGER PRIMARY KEY, n TEXT); CREATE TABLE m(id INTEGER PRIMARY "
           "KEY, a INT REFERENCES p(id), b INT REFERENCES p(id))")
    joined = Pair("SELECT m.id FROM m JOIN (SELECT id FROM p WHERE n = 'x') AS q "
                  "ON m.a = q.id OR m.b = q.id", "SELECT 1", from_ddl(ddl), "bag")
    assert joined.facts.join_keys == {("m", "a"), ("m", "b")}
    correlated = Pair("SELECT id FROM p WHERE NOT EXISTS (SELECT 1 FROM m WHERE m.a = p.id)",
                      "SELECT 1", from_ddl(ddl), "bag")
    assert correlated.facts.join_keys == set()
