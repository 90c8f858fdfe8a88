"""``filtered_aggregate_row`` (``canon/having_row.py``) against SQLite: the fixtures' pairs on
random databases of every storage class (empty tables, NULLs, duplicates), rows compared
with their storage classes; and over a table without affinity holding values of every
class, where the aggregates meet texts and BLOBs."""

from __future__ import annotations

import random
import sqlite3

import pytest
from tests.helpers.rule_databases import (
    assert_apart_and_separated,
    assert_equated_and_agreeing,
    fixture_cases,
    typed_rows,
)

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

FIRES, NEAR = fixture_cases("filtered_aggregate_row")


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_pairs_the_rule_equates_agree_in_sqlite_class_for_class(case):
    assert_equated_and_agreeing(case, 300, rows=typed_rows)


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    assert_apart_and_separated(case, 300)


DDL = "CREATE TABLE r (k, v)"
PAIRS = [("SELECT TOTAL(v), COUNT(k) FROM r WHERE k > 0 HAVING AVG(v) >= '1'",
          "SELECT (SELECT TOTAL(v) FROM r WHERE k > 0), (SELECT COUNT(k) FROM r WHERE k > 0) "
          "WHERE (SELECT AVG(v) FROM r WHERE k > 0) >= '1'"),
         ("SELECT TOTAL(v) FROM r HAVING TOTAL(v) = 2 OR COUNT(*) = 0",
          "SELECT (SELECT TOTAL(v) FROM r) WHERE (SELECT TOTAL(v) FROM r) = 2 OR (SELECT COUNT(*) FROM r) = 0")]
VALUES = [None, 0, 1, 2, 1.0, 2.5, "1", "2", "x", "", b"\x01"]


@pytest.mark.parametrize("gold,pred", PAIRS)
def test_over_values_of_every_class(gold, pred):
    schema = from_ddl(DDL)
    forms = [canonical(ir.lower(s, schema).query, schema, "bag") for s in (gold, pred)]
    assert forms[0] == forms[1]
    rng = random.Random(5)
    con = sqlite3.connect(":memory:")
    con.execute(DDL)
    for _ in range(300):
        con.execute("DELETE FROM r")
        con.executemany("INSERT INTO r VALUES (?, ?)",
                        [(rng.choice(VALUES), rng.choice(VALUES)) for _ in range(rng.randrange(0, 5))])
        assert typed_rows(con, gold) == typed_rows(con, pred)
