"""``canon/one_parent.py`` (``one_parent_not_exists``) against SQLite on random databases of
``tests/fixtures/rules/foreign_keys.ddl`` that keep its keys and foreign keys (the law's
scope) with NULLs wherever allowed, duplicates, empty tables and values of several storage
classes. The fixture's pairs where the rule fires agree on all; its near misses are told
apart by one. Beyond the fixture: wherever the rule rewrites a random NOT EXISTS / NOT IN
of a parent, the query keeps the rows of the join with the parent where the test is not
TRUE (``WHERE (q) IS NOT 1``)."""

from __future__ import annotations

import random
import sqlite3
from collections import Counter

import pytest
from tests.helpers.pairs import FIXTURES
from tests.helpers.rule_databases import agree_and_one_form, apart_and_told_apart, fixture_cases

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical, without
from sqlverdict.schema import from_ddl

DDL = (FIXTURES / "rules" / "foreign_keys.ddl").read_text()
FIRES, NEAR = fixture_cases("one_parent_not_exists")
_VALUES = [None, 0, 1, 2, 3, "3", 2.5, "x", "y", "", b"\x01"]


def _databases(n: int, seed: int = 13):
    """``n`` random databases of the schema, every foreign key kept."""
    rng = random.Random(seed)
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(DDL)
        cids = rng.sample([1, 2, 3], rng.choice([0, 1, 2, 3]))
        codes = []
        for cid in cids:
            code = rng.choice([None, None, "a", "b", "3"])
            code = None if code in codes else code
            if code is not None:
                codes.append(code)
            con.execute("INSERT INTO customer VALUES (?, ?, ?, ?)",
                        (cid, rng.choice(["a", "b", 1, 2.5]), code, rng.choice(_VALUES)))
        oids = rng.sample([1, 2, 3, 4], rng.choice([0, 1, 2, 3, 4])) if cids else []
        for oid in oids:
            con.execute("INSERT INTO orders VALUES (?, ?, ?, ?)",
                        (oid, rng.choice(cids), rng.choice([None, *cids]), rng.choice(_VALUES)))
        for lid in range(rng.choice([0, 1, 2, 3, 4]) if oids and codes else 0):
            con.execute("INSERT INTO line VALUES (?, ?, ?, ?)",
                        (lid, rng.choice(oids), rng.choice(codes), rng.choice(_VALUES)))
        assert not con.execute("PRAGMA foreign_key_check").fetchall()
        yield con


def _rows(con, sql) -> Counter:
    return Counter(con.execute(sql).fetchall())


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_pairs_the_rule_equates_agree_in_sqlite(case):
    agree_and_one_form(case, _databases(300), _rows)


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    apart_and_told_apart(case, _databases(300), _rows)


_TESTS = ["p.city = 'x'", "p.city IS NULL", "p.city IS 'x'", "p.name = o.total",
          "p.city > o.total OR p.name = 'a'", "p.code = 'a' AND p.city <> 'y'", "NOT p.name < 2"]
_LINKS = [("orders", "oid", "customer", "cid", "o.cid"), ("orders", "oid", "customer", "cid", "o.note_cid"),
          ("orders", "oid", "customer", "cid", "o.total"), ("line", "lid", "customer", "code", "o.code"),
          ("line", "lid", "orders", "oid", "o.oid")]


def _spellings(n: int, seed: int = 4):
    """(NOT EXISTS or NOT IN of a parent, the join with it where the test is not TRUE)."""
    rng = random.Random(seed)
    for _ in range(n):
        child, own, parent, k, x = rng.choice(_LINKS)
        test = rng.choice(_TESTS if parent == "customer" else ["p.total > 1", "p.total IS NULL OR p.cid = 2"])
        if child == "line":
            test = test.replace("o.total", "o.qty")
        head = f"SELECT o.{own} FROM {child} AS o"
        if rng.random() < 0.5:
            cond = f"NOT EXISTS (SELECT 1 FROM {parent} AS p WHERE p.{k} = {x} AND ({test}))"
        else:
            cond = f"{x} NOT IN (SELECT p.{k} FROM {parent} AS p WHERE {test})"
        yield (f"{head} WHERE {cond}", f"{head} JOIN {parent} AS p ON p.{k} = {x} WHERE ({test}) IS NOT 1")


def test_where_the_rule_fires_the_join_keeps_the_same_rows():
    schema = from_ddl(DDL)
    off = without("one_parent_not_exists")
    cons = list(_databases(150, seed=17))
    fired = 0
    for sql, joined in _spellings(200):
        q = ir.lower(sql, schema).query
        if canonical(q, schema, "bag") == canonical(q, schema, "bag", off):
            continue
        fired += 1
        for con in cons:
            assert _rows(con, sql) == _rows(con, joined), (sql, joined)
    assert fired >= 40, fired
