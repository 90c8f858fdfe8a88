"""``correlated_filter_transfer`` and ``setop_filter_transfer`` (``canon/transfer.py``)
against SQLite on databases the fixture's search does not make: NULLs on both sides,
duplicates, empty tables, values of every storage class (``tests/helpers/rule_databases.py``);
over TEXT columns holding text, numbers turned text and BLOBs; and the columns where the
laws must not fire: no affinity (1 beside 1.0 and '1') and, outside the typed domain, an
INTEGER column holding the REAL -2**63 beside the INTEGER one."""

from __future__ import annotations

import random
import sqlite3

import pytest
from tests.helpers.rule_databases import (
    ANY,
    assert_apart_and_separated,
    assert_equated_and_agreeing,
    fixture_cases,
    typed_rows,
)

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical, without
from sqlverdict.schema import from_ddl

RULES = ("correlated_filter_transfer", "setop_filter_transfer")
FIRES, NEAR = fixture_cases(*RULES)


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_pairs_the_rules_equate_agree_in_sqlite(case):
    assert_equated_and_agreeing(case, 400, typed_rows)


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    assert_apart_and_separated(case, 400, typed_rows)


TEXT = "CREATE TABLE r(x TEXT, v INTEGER); CREATE TABLE s(k TEXT, w INTEGER)"
TEXT_PAIRS = [
    ("SELECT v FROM r WHERE x IN (SELECT k FROM s WHERE typeof(k) = 'text' AND k > '1')",
     "SELECT v FROM r WHERE typeof(x) = 'text' AND x > '1' AND x IN (SELECT k FROM s)"),
    ("SELECT v FROM r WHERE EXISTS (SELECT 1 FROM s WHERE s.k IS r.x AND (s.k IS NULL OR length(s.k) = 1))",
     "SELECT v FROM r WHERE (r.x IS NULL OR length(r.x) = 1) AND EXISTS (SELECT 1 FROM s WHERE s.k IS r.x)"),
    ("SELECT v FROM r WHERE x <> 'a' AND NOT EXISTS (SELECT 1 FROM s WHERE s.k = r.x AND s.k <> 'a')",
     "SELECT v FROM r WHERE x <> 'a' AND NOT EXISTS (SELECT 1 FROM s WHERE s.k = r.x)"),
    ("SELECT x FROM r WHERE x IS NOT '1' EXCEPT SELECT k FROM s WHERE k IS NOT '1'",
     "SELECT x FROM r WHERE x IS NOT '1' EXCEPT SELECT k FROM s"),
    ("SELECT x FROM r INTERSECT SELECT k FROM s WHERE typeof(k) = 'blob'",
     "SELECT x FROM r WHERE typeof(x) = 'blob' INTERSECT SELECT k FROM s"),
]


def _random_text_databases(n: int, seed: int = 11):
    rng = random.Random(seed)
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(TEXT)
        for table in ("r", "s"):
            for _ in range(rng.choice([0, 1, 2, 3, 4])):
                con.execute(f"INSERT INTO {table} VALUES (?, ?)", (rng.choice(ANY + ["a", "1"]), rng.choice([1, 2])))
        yield con


def _forms(gold, pred, ddl, rules=None, typed=False):
    schema = from_ddl(ddl)
    kw = {} if rules is None else {"rules": rules}
    return [canonical(ir.lower(sql, schema).query, schema, "bag", typed=typed, **kw) for sql in (gold, pred)]


@pytest.mark.parametrize("gold,pred", TEXT_PAIRS)
def test_text_columns_of_every_storage_class(gold, pred):
    a, b = _forms(gold, pred, TEXT)
    assert a == b
    a, b = _forms(gold, pred, TEXT, without(*RULES))
    assert a != b, "another rule equates the pair"
    for con in _random_text_databases(400):
        assert typed_rows(con, gold) == typed_rows(con, pred)


def test_columns_without_affinity_are_not_read_as_identical():
    ddl = "CREATE TABLE r(x, v); CREATE TABLE s(k, w)"
    gold = "SELECT v FROM r WHERE x IN (SELECT k FROM s WHERE typeof(k) = 'real')"
    pred = "SELECT v FROM r WHERE typeof(x) = 'real' AND x IN (SELECT k FROM s)"
    a, b = _forms(gold, pred, ddl)
    assert a != b
    con = sqlite3.connect(":memory:")
    con.executescript(ddl + "; INSERT INTO r VALUES (1, 7); INSERT INTO s VALUES (1.0, 0)")
    assert typed_rows(con, gold) != typed_rows(con, pred)


def test_integer_columns_only_in_the_typed_domain():
    ddl = "CREATE TABLE r(x INTEGER, v INTEGER); CREATE TABLE s(k INTEGER, w INTEGER)"
    gold = "SELECT v FROM r WHERE x IN (SELECT k FROM s WHERE typeof(k) = 'real')"
    pred = "SELECT v FROM r WHERE typeof(x) = 'real' AND x IN (SELECT k FROM s)"
    a, b = _forms(gold, pred, ddl)
    assert a != b, "the sqlite domain keeps the REAL -2**63 beside the INTEGER one"
    a, b = _forms(gold, pred, ddl, typed=True)
    assert a == b
    con = sqlite3.connect(":memory:")
    con.executescript(ddl)
    con.execute("INSERT INTO r VALUES (?, 7)", (-2**63,))
    con.execute("INSERT INTO s VALUES (?, 0)", (float(-2**63),))
    assert con.execute("SELECT typeof(k) FROM s").fetchone() == ("real",)
    assert typed_rows(con, gold) != typed_rows(con, pred)
