"""Columns without a declared type (``oracles/bounded/untyped.py``): SQLite keeps the INTEGER
1 beside the REAL 1.0 there; UNION, DISTINCT and GROUP BY keep one of them and a later
``typeof`` or LIKE shows which. A filter no longer moves below a UNION when it may tell
them apart; a proof over such a column states ``untyped_columns_hold_text``; the search
draws 1 beside 1.0 and finds the separating databases; ``broken`` names the assumption."""

from __future__ import annotations

import random
import sqlite3

import pytest

from sqlverdict import verify
from sqlverdict.oracles.bounded.breaks import broken
from sqlverdict.schema import from_ddl

DDL = "CREATE TABLE r(a, b); CREATE TABLE s(x INTEGER, y TEXT);"
SCHEMA = from_ddl(DDL)
TYPEOF_UNION = ("SELECT a FROM (SELECT a FROM r UNION SELECT b FROM r) AS d WHERE typeof(a) = 'integer'",
                "SELECT a FROM r WHERE typeof(a) = 'integer' UNION SELECT b FROM r WHERE typeof(b) = 'integer'")
# (gold, pred, a database SQLite separates them on)
SEPARATED = [
    (*TYPEOF_UNION, [(1, 1.0)]),
    ("SELECT a FROM (SELECT a FROM r UNION SELECT a FROM r) AS d WHERE a LIKE '1'",
     "SELECT a FROM r WHERE a LIKE '1' UNION SELECT a FROM r WHERE a LIKE '1'", [(1, 0), (1.0, 0)]),
    ("SELECT a FROM (SELECT a FROM r EXCEPT SELECT b FROM r) AS d WHERE typeof(a) = 'integer'",
     "SELECT a FROM r WHERE typeof(a) = 'integer' EXCEPT SELECT b FROM r WHERE typeof(b) = 'integer'",
     [(1, 1.0)]),
    ("SELECT DISTINCT typeof(a) FROM r", "SELECT DISTINCT typeof(a) FROM (SELECT DISTINCT a FROM r) AS d",
     [(1, 0), (1.0, 0)]),
    ("SELECT a FROM r WHERE a > 5", "SELECT a FROM r WHERE a >= 6", [(5.5, 0)]),
]


def _run(rows, sql):
    con = sqlite3.connect(":memory:")
    con.executescript(DDL)
    con.executemany("INSERT INTO r VALUES (?, ?)", rows)
    return sorted(map(repr, con.execute(sql).fetchall()))


@pytest.mark.parametrize("gold,pred,rows", SEPARATED)
def test_no_proof_for_every_database_where_sqlite_separates(gold, pred, rows):
    assert _run(rows, gold) != _run(rows, pred)
    assert "untyped_columns_hold_text" in broken({"r": rows, "s": []}, SCHEMA, queries=(gold, pred))
    r = verify(gold, pred, SCHEMA, timeout_s=20)
    if str(r.status) == "verified":  # only with the assumption the database breaks
        assert "untyped_columns_hold_text" in r.assumptions, r.reason
    else:
        assert str(r.status) == "refuted", r.reason
        assert "untyped_columns_hold_text" in broken(r.witness.tables, SCHEMA, queries=(gold, pred))


def test_the_search_finds_one_beside_the_other():
    r = verify(*TYPEOF_UNION, SCHEMA, timeout_s=20)
    assert str(r.status) == "refuted", r.reason
    rows = [row for t, v in r.witness.tables.items() if t == "r" for row in v["rows"]]
    assert {type(v) for row in rows for v in row if isinstance(v, int | float)} == {int, float}


@pytest.mark.parametrize("gold,pred", [
    ("SELECT a FROM (SELECT a FROM r UNION SELECT b FROM r) AS d WHERE a > 0",
     "SELECT a FROM r WHERE a > 0 UNION SELECT b FROM r WHERE b > 0"),  # one answer for 1 and 1.0
    ("SELECT a FROM (SELECT a FROM r UNION ALL SELECT b FROM r) AS d WHERE typeof(a) = 'integer'",
     "SELECT a FROM r WHERE typeof(a) = 'integer' UNION ALL SELECT b FROM r WHERE typeof(b) = 'integer'"),
])
def test_a_filter_that_keeps_equal_values_alike_still_moves(gold, pred):
    r = verify(gold, pred, SCHEMA, timeout_s=20)
    assert (str(r.status), r.scope) == ("verified", "every database"), r.reason
    assert "untyped_columns_hold_text" in r.assumptions
    rng = random.Random(5)
    values = [None, 0, 1, 1.0, 2, 2.0, 0.5, "1", "a", b"1"]
    for _ in range(300):
        rows = [(rng.choice(values), rng.choice(values)) for _ in range(rng.randint(0, 4))]
        assert _run(rows, gold) == _run(rows, pred), rows


def test_typed_columns_keep_the_move_and_state_nothing():
    """TEXT (and INTEGER) affinity keep one class of equal values: the LIKE moves below the
    UNION as before, and the proof states no assumption about untyped columns."""
    gold = "SELECT y FROM (SELECT y FROM s UNION SELECT y FROM s) AS d WHERE y LIKE 'a%'"
    pred = "SELECT y FROM s WHERE y LIKE 'a%' UNION SELECT y FROM s WHERE y LIKE 'a%'"
    r = verify(gold, pred, SCHEMA, timeout_s=20)
    assert (str(r.status), r.scope) == ("verified", "every database"), r.reason
    assert "untyped_columns_hold_text" not in r.assumptions
    r = verify("SELECT y FROM s WHERE y > 'a'", "SELECT y FROM s WHERE 'a' < y", SCHEMA, timeout_s=20)
    assert "untyped_columns_hold_text" not in r.assumptions


def test_the_typed_domain_states_it_too():
    r = verify("SELECT a FROM r WHERE a = 'x'", "SELECT a FROM r WHERE 'x' = a", SCHEMA, domain="typed",
               timeout_s=20)
    assert str(r.status) == "verified", r.reason
    assert "untyped_columns_hold_text" in r.assumptions
