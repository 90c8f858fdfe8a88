"""``distinct_projection_of_union`` and ``projection_of_fixed_union``
(``canon/union_projection.py``) against SQLite on databases the fixture's search does not
make (``tests/helpers/rule_databases.py``: NULLs, duplicates, empty tables, every storage
class), rows compared with their storage classes (1 apart from 1.0); over TEXT columns
holding text, numbers turned text and BLOBs; and where the DISTINCT law must not fire:
columns without affinity, where 1 and 1.0 are one row and which shows depends on the
rows beside them."""

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

RULES = ("distinct_projection_of_union", "projection_of_fixed_union")
FIRES, NEAR = fixture_cases(*RULES)


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_pairs_the_rules_equate_agree_in_sqlite(case):
    assert_equated_and_agreeing(case, 400, typed_rows)


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    assert_apart_and_separated(case, 400, typed_rows)


def _random(ddl: str, n: int, seed: int = 5):
    rng = random.Random(seed)
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(ddl)
        for table in ("r", "s"):
            for _ in range(rng.choice([0, 1, 2, 3, 4])):
                con.execute(f"INSERT INTO {table} VALUES (?, ?, ?)",
                            (rng.choice(ANY + [1.0, 2.0]), rng.choice(ANY), rng.choice([1, 2, 1.0, "1"])))
        yield con


def _forms(gold, pred, ddl, rules=None):
    schema = from_ddl(ddl)
    kw = {} if rules is None else {"rules": rules}
    return [canonical(ir.lower(sql, schema).query, schema, "bag", **kw) for sql in (gold, pred)]


TEXT = "CREATE TABLE r(x TEXT, v, w); CREATE TABLE s(k TEXT, y, z)"
TEXT_PAIRS = [
    ("SELECT DISTINCT u.x FROM (SELECT x, v FROM r UNION ALL SELECT k, y FROM s) AS u",
     "SELECT x FROM r UNION SELECT k FROM s"),
    ("SELECT u.x FROM (SELECT x, w FROM r WHERE w = 1 UNION SELECT k, z FROM s WHERE z = 1) AS u",
     "SELECT x FROM r WHERE w = 1 UNION SELECT k FROM s WHERE z = 1"),
    ("SELECT u.v FROM (SELECT v, x FROM r WHERE x = 'a' UNION SELECT y, k FROM s WHERE k = 'a') AS u",
     "SELECT v FROM r WHERE x = 'a' UNION SELECT y FROM s WHERE k = 'a'"),
]


@pytest.mark.parametrize("gold,pred", TEXT_PAIRS)
def test_every_storage_class(gold, pred):
    a, b = _forms(gold, pred, TEXT)
    assert a == b
    a, b = _forms(gold, pred, TEXT, without(*RULES))
    assert a != b, "another rule equates the pair"
    for con in _random(TEXT, 500):
        assert typed_rows(con, gold) == typed_rows(con, pred)


def test_distinct_projection_of_columns_without_affinity_is_not_taken():
    ddl = "CREATE TABLE r(x, v, w); CREATE TABLE s(k, y, z)"
    gold = "SELECT DISTINCT u.x FROM (SELECT x, v FROM r UNION SELECT k, y FROM s) AS u"
    pred = "SELECT x FROM r UNION SELECT k FROM s"
    a, b = _forms(gold, pred, ddl)
    assert a != b
    con = sqlite3.connect(":memory:")
    con.executescript(ddl + "; INSERT INTO r VALUES (1, 2, 0); INSERT INTO s VALUES (1.0, 3, 0)")
    assert typed_rows(con, gold) != typed_rows(con, pred)
