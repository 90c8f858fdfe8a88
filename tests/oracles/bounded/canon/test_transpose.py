"""``in_group_as_having`` against SQLite on databases the fixture's search does not make:
foreign keys not kept (lines without their order, orders without their customer), NULLs,
duplicate values, empty tables and values of every storage class where the schema allows
them. Each pair of ``tests/fixtures/rules/in_group_as_having.sql`` where the rule fires must
agree on all of them; each near miss (the keys, the WHERE or the groups that the law needs,
missing) must keep its two forms apart and be told apart by one of them, so that the test
fails when a side condition of the rule is dropped."""

from __future__ import annotations

import random
import sqlite3
from collections import Counter

import pytest
from tests.helpers.pairs import FIXTURES, load

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical, without
from sqlverdict.schema import from_ddl

DDL = (FIXTURES / "rules" / "foreign_keys.ddl").read_text()
CASES = [c for c in load("rules") if c.path.stem == "in_group_as_having"]
FIRES = [c for c in CASES if c.get("fires") == "yes"]
NEAR = [c for c in CASES if c.get("fires") == "no"]

ANY = [None, 0, 1, 2, 3, 2.5, 0.5, -1, "3", "abc", "", b"\x01"]  # a value of each class
KEYS = [1, 2, 3, 4, 1.5, "x"]  # a line's order: ids 1-3 exist or not, 4 never (orphans)


def databases(n: int, seed: int = 5):
    rng = random.Random(seed)
    for _ in range(n):
        con = sqlite3.connect(":memory:")  # foreign keys off: orphans are allowed
        con.executescript(DDL)
        for cid in rng.sample([1, 2, 3], rng.choice([0, 1, 2, 3])):
            con.execute("INSERT INTO customer VALUES (?, ?, ?, ?)",
                        (cid, rng.choice(["a", "b"]), rng.choice([None, f"c{cid}"]),
                         rng.choice([None, "1", "2", "a"])))
        for oid in rng.sample([1, 2, 3], rng.choice([0, 1, 2, 3])):
            con.execute("INSERT INTO orders VALUES (?, ?, ?, ?)",
                        (oid, rng.choice([1, 2, 3, 9]), rng.choice([None, 1, 2, 9]),
                         rng.choice([None, 1, 2, 2.5])))
        for lid in range(rng.choice([0, 1, 2, 3, 4, 5, 6])):
            con.execute("INSERT INTO line VALUES (?, ?, ?, ?)",
                        (lid, rng.choice(KEYS), rng.choice(["c1", "c2", "zz"]), rng.choice(ANY)))
        yield con


def _result(con, sql):
    return Counter(con.execute(sql).fetchall())


def _forms(case, rules=None):
    schema = case.schema()
    return tuple(canonical(ir.lower(sql, schema).query, schema, "bag",
                           *(() if rules is None else (rules,)))
                 for sql in (case.gold, case.pred))


def test_the_databases_hold_orphans_nulls_and_empty_tables():
    seen = Counter()
    for con in databases(200):
        seen["orphan line"] += bool(con.execute(
            "SELECT 1 FROM line WHERE oid NOT IN (SELECT oid FROM orders)").fetchall())
        seen["order without customer"] += bool(con.execute(
            "SELECT 1 FROM orders WHERE cid NOT IN (SELECT cid FROM customer)").fetchall())
        seen["null qty"] += bool(con.execute("SELECT 1 FROM line WHERE qty IS NULL").fetchall())
        seen["no lines"] += not con.execute("SELECT 1 FROM line").fetchall()
        seen["repeated order"] += bool(con.execute(
            "SELECT 1 FROM line GROUP BY oid HAVING COUNT(*) > 1").fetchall())
    assert all(seen[k] > 5 for k in ("orphan line", "order without customer", "null qty",
                                     "no lines", "repeated order")), seen


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.title)
def test_pairs_the_rule_equates_agree_in_sqlite(case):
    gold, pred = _forms(case)
    assert gold == pred
    for con in databases(300):
        assert _result(con, case.gold) == _result(con, case.pred), \
            [(t, con.execute(f"SELECT * FROM {t}").fetchall()) for t in ("customer", "orders", "line")]


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.title)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    gold, pred = _forms(case)
    assert gold != pred, "the rule fires without the condition this near miss lacks"
    assert any(_result(con, case.gold) != _result(con, case.pred) for con in databases(300))


def test_numerically_equal_keys_are_one_group_on_both_sides():
    """A key column without affinity holds 1, 1.0 and '1': GROUP BY and IN take 1 and 1.0
    as one value (the subquery's group and the outer group hold the same rows), '1' as
    another."""
    ddl = "CREATE TABLE r(k, v)"
    schema = from_ddl(ddl)
    gold = ("SELECT k, COUNT(*), MAX(v) FROM r WHERE k IN (SELECT k FROM r GROUP BY k "
            "HAVING COUNT(*) > 1) GROUP BY k")
    pred = "SELECT k, COUNT(*), MAX(v) FROM r WHERE k IS NOT NULL GROUP BY k HAVING COUNT(*) > 1"
    forms = [canonical(ir.lower(sql, schema).query, schema) for sql in (gold, pred)]
    assert forms[0] == forms[1]
    # (twin_filter_as_having, round 61, reads the same IN of the grouping as HAVING too)
    rules = without("in_group_as_having", "twin_filter_as_having")
    off = [canonical(ir.lower(sql, schema).query, schema, "bag", rules)
           for sql in (gold, pred)]
    assert off[0] != off[1]
    rng = random.Random(3)
    for _ in range(300):
        con = sqlite3.connect(":memory:")
        con.execute(ddl)
        for _ in range(rng.choice([0, 1, 2, 3, 4, 5])):
            con.execute("INSERT INTO r VALUES (?, ?)",
                        (rng.choice([None, 1, 1.0, "1", 2, b"\x01"]), rng.choice(ANY)))
        assert _result(con, gold) == _result(con, pred)


def test_a_where_that_tells_equal_keys_apart_keeps_the_in():
    """``typeof(k)`` tells 1 from 1.0: the WHERE then keeps part of a group of numerically
    equal keys, and the outer group is no longer the subquery's (the rule reads ``l.k`` in
    the WHERE only in equalities of columns and ``IS [NOT] NULL``)."""
    ddl = "CREATE TABLE r(k, v)"
    schema = from_ddl(ddl)
    gold = ("SELECT k, COUNT(*) FROM r WHERE k IN (SELECT k FROM r GROUP BY k HAVING COUNT(*) > 1) "
            "AND typeof(k) = 'integer' GROUP BY k")
    pred = ("SELECT k, COUNT(*) FROM r WHERE typeof(k) = 'integer' AND k IS NOT NULL GROUP BY k "
            "HAVING COUNT(*) > 1")
    forms = [canonical(ir.lower(sql, schema).query, schema) for sql in (gold, pred)]
    assert forms[0] != forms[1]
    con = sqlite3.connect(":memory:")
    con.execute(ddl)
    con.executemany("INSERT INTO r VALUES (?, ?)", [(1, 0), (1.0, 0)])
    assert _result(con, gold) != _result(con, pred)
