"""Solver proofs that compute on numeric columns (``oracles/bounded/typeblind.py``): the
assumption ``declared_storage_classes`` is dropped only after a second proof with the
columns REAL, where the queries cannot tell 2 from 2.0 or 'abc' from 0; random databases
with every storage class in every column (real SQLite) never contradict those proofs. Near
misses keep it, each with a database of another class that separates them in SQLite."""

from __future__ import annotations

import random

import pytest
from tests.helpers.storage_classes import never_separated, run
from tests.helpers.tiers import tiered

import sqlverdict
from sqlverdict.oracles.bounded.pair import Pair
from sqlverdict.oracles.bounded.storage import storage_plan
from sqlverdict.oracles.bounded.typeblind import retyped_schema
from sqlverdict.schema import from_ddl
from sqlverdict.sql.parse import read_sqlite
from sqlverdict.types import Status

DDL = ("CREATE TABLE t (id INTEGER PRIMARY KEY, c INTEGER, d INTEGER, r REAL, s TEXT);"
       "CREATE TABLE u (k INTEGER, c INTEGER);")
SCHEMA = from_ddl(DDL, "typeblind")
STORAGE = "declared_storage_classes"

# computed on, blind to integer versus real, columns read only as numbers
BLIND = [
    ("SELECT AVG(c) FROM t", "SELECT AVG(CAST(c AS REAL)) FROM t"),
    ("SELECT SUM(c) * 2 FROM t", "SELECT SUM(c * 2) FROM t"),
    ("SELECT COUNT(*) FROM t WHERE c * 2 > 10", "SELECT COUNT(*) FROM t WHERE c + c > 10"),
    ("SELECT CAST(SUM(c) AS REAL) / COUNT(*) FROM t", "SELECT (SUM(c) + 0.0) / COUNT(*) FROM t"),
    ("SELECT s FROM t GROUP BY s HAVING SUM(c) > 10",
     "SELECT s FROM t GROUP BY s HAVING SUM(c) - 10 > 0"),
    ("SELECT s, SUM(c + d) FROM t GROUP BY s", "SELECT s, SUM(d + c) FROM t GROUP BY s"),
    ("SELECT SUM(CASE WHEN s = 'a' THEN c ELSE 0 END) * 1.0 / SUM(c) FROM t",
     "SELECT (SUM(IIF(s = 'a', c, 0)) + 0.0) / SUM(c) FROM t"),
]

# the same with ``x * 1.0`` for ``CAST(x AS REAL)``: proved by rewriting now
REWRITTEN = [
    ("SELECT CAST(SUM(c) AS REAL) / COUNT(*) FROM t", "SELECT SUM(c) * 1.0 / COUNT(*) FROM t"),
    ("SELECT SUM(CASE WHEN s = 'a' THEN c ELSE 0 END) * 1.0 / SUM(c) FROM t",
     "SELECT CAST(SUM(IIF(s = 'a', c, 0)) AS REAL) / SUM(c) FROM t"),
]

# (why, separating rows of t, gold, pred): equal on integers, apart on another class
KEPT = [
    ("integer division", [(1, 2.5, 0, 0.0, "x")],
     "SELECT id FROM t WHERE c / 2 = 1", "SELECT id FROM t WHERE c - 2 >= 0 AND c - 4 < 0"),
    ("MAX reads text as it is", [(1, "a", 0, 0.0, "x"), (2, 5, 0, 0.0, "x")],
     "SELECT MAX(c) + 0 FROM t", "SELECT MAX(c + 0) FROM t"),
    ("a comparison reads text as it is", [(1, "a", 0, 0.0, "x")],
     "SELECT id FROM t WHERE c > 5", "SELECT id FROM t WHERE c + 0 > 5"),
    ("CAST AS INTEGER reads text its own way", [(1, "1e5x", 0, 0.0, "x")],
     "SELECT CAST(c AS INTEGER) FROM t", "SELECT CAST(c + 0 AS INTEGER) FROM t"),
    ("text of a number", [(1, 2.5, 0, 0.0, "x")],
     "SELECT SUM(c) || '' FROM t", "SELECT CAST(CAST(SUM(c) AS INTEGER) AS TEXT) FROM t"),
]


def _plan(gold: str, pred: str):
    return storage_plan(Pair(gold, pred, SCHEMA, "bag"), 3,
                        tuple(range(len(read_sqlite(gold).selects))))


POOL = [None, 0, 1, 2, 5, 6, 10, 11, -1, 0.5, 1.5, 5.5, -2.5, "a", "b", "", "5", " 7", "1.5",
        "12abc", "1e2x", "1.9x", b"a", b"7"]


def _random_db(rng: random.Random) -> dict[str, list[tuple]]:
    t = [(i + 1, rng.choice(POOL), rng.choice(POOL), rng.choice(POOL), rng.choice(["a", "b"]))
         for i in range(rng.randint(0, 3))]
    return {"t": t, "u": [(rng.choice(POOL), rng.choice(POOL)) for _ in range(rng.randint(0, 2))]}


@pytest.mark.parametrize("gold,pred", tiered(BLIND, 3, unpack=True))
def test_blind_pairs_drop_the_assumption_and_sqlite_agrees(gold, pred):
    plan = _plan(gold, pred)
    assert not plan.state and ("t", "c") in plan.retype
    r = sqlverdict.verify(gold, pred, SCHEMA, search=False)
    assert r.status == Status.VERIFIED and STORAGE not in r.assumptions, r.reason
    never_separated(DDL, _random_db, gold, pred, by_value=True)  # every class, every column


@pytest.mark.parametrize("gold,pred", REWRITTEN)
def test_times_one_point_zero_is_the_cast_for_every_database(gold, pred):
    """``x * 1.0`` is ``CAST(x AS REAL)`` by rewriting (``canon.percentages.real_operands``), a
    proof for every database; like every rewriting proof that computes on a numeric column it
    states ``declared_storage_classes`` (the solver's second proof with the column REAL, which
    drops it, is not run after a rewriting proof). SQLite agrees on every class anyway."""
    r = sqlverdict.verify(gold, pred, SCHEMA, search=False)
    assert r.status == Status.VERIFIED and r.scope == "every database", r.reason
    never_separated(DDL, _random_db, gold, pred, by_value=True)


@pytest.mark.parametrize("why,rows,gold,pred", KEPT, ids=[k[0] for k in KEPT])
def test_kept_where_another_class_separates(why, rows, gold, pred):
    assert _plan(gold, pred).state
    g, p = run(DDL, {"t": rows}, gold, pred, by_value=True)
    assert g != p
    on_ints = [(1, 2, 0, 0.0, "x"), (2, 3, 0, 0.0, "y"), (3, None, 0, 0.0, "x")]
    g, p = run(DDL, {"t": on_ints}, gold, pred, by_value=True)
    assert g == p  # a near miss: integers alone do not separate them


def test_the_second_proof_can_fail():
    """Equal on integers, not on reals (``c * 2 > 5`` vs ``c > 2``: 2.5): the REAL proof
    fails, so the solver's proof keeps the assumption, and SQLite separates them."""
    gold, pred = "SELECT id FROM t WHERE c * 2 > 5", "SELECT id FROM t WHERE c > 2"
    assert _plan(gold, pred).state  # c read as it is in pred
    gold, pred = "SELECT id FROM t WHERE c * 2 > 5", "SELECT id FROM t WHERE c - 2 > 0"
    plan = _plan(gold, pred)
    assert not plan.state and plan.retype == {("t", "c")}
    r = sqlverdict.verify(gold, pred, SCHEMA, search=False)
    assert r.status != Status.VERIFIED or STORAGE in r.assumptions
    g, p = run(DDL, {"t": [(1, 2.5, 0, 0.0, "x")]}, gold, pred, by_value=True)
    assert g != p


def test_retyped_schema_declares_only_those_columns_real():
    s = retyped_schema(SCHEMA, {("t", "c")})
    assert s.table("t").column("c").type == "REAL"
    assert s.table("u").column("c").type == "INTEGER"
    assert SCHEMA.table("t").column("c").type == "INTEGER"  # the user's schema unchanged


def test_columns_named_by_table():
    """``airlines.airline`` (text) and ``flights.airline`` (integer) are two columns: a
    name they share does not make the text one meet the integer one."""
    s = from_ddl("CREATE TABLE airlines (uid INTEGER PRIMARY KEY, airline TEXT);"
                 "CREATE TABLE flights (airline INTEGER, flightno INTEGER)", "fl")
    gold = ("SELECT T1.airline FROM airlines AS T1 JOIN flights AS T2 ON T1.uid = T2.airline "
            "GROUP BY T1.airline HAVING count(*) > 10")
    pred = ("SELECT airlines.airline FROM airlines JOIN flights ON airlines.uid = "
            "flights.airline GROUP BY airlines.airline HAVING count(*) >= 11")
    plan = storage_plan(Pair(gold, pred, s, "bag"), 3, (0,))
    assert not plan.state and not plan.retype
