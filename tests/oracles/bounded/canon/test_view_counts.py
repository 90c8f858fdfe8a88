"""``count_of_one_row`` and ``count_of_distinct_view`` (``canon/view_counts.py``) against
SQLite: the fixtures' pairs on random databases of every storage class (empty tables,
NULLs, duplicates), rows compared with their storage classes; and DISTINCT views of a
column without affinity, where 1, 1.0, '1' and a BLOB meet (1 and 1.0 one row)."""

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

FIRES, NEAR = fixture_cases("count_of_one_row", "count_of_distinct_view")


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_pairs_the_rules_equate_agree_in_sqlite_class_for_class(case):
    assert_equated_and_agreeing(case, 300, rows=typed_rows)


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    assert_apart_and_separated(case, 300)


DDL = "CREATE TABLE r (k NOT NULL, v, w)"
PAIRS = [("SELECT COUNT(*) FROM (SELECT DISTINCT k FROM r WHERE w > 0) AS d",
          "SELECT COUNT(DISTINCT k) FROM r WHERE w > 0"),
         ("SELECT COUNT(*) FROM (SELECT k FROM r GROUP BY k) AS d", "SELECT COUNT(DISTINCT k) FROM r"),
         ("SELECT COUNT(*), 2 FROM (SELECT TOTAL(v) AS t, COUNT(k) AS c FROM r WHERE w = 1) AS d",
          "SELECT 1, 2")]
VALUES = [None, 0, 1, 1.0, "1", 2.5, "x", "", b"\x01", b"x"]


@pytest.mark.parametrize("gold,pred", PAIRS)
def test_over_values_of_every_class(gold, pred):
    schema = from_ddl(DDL)
    forms = [canonical(ir.lower(s, schema).query, schema, "bag") for s in (gold, pred)]
    assert forms[0] == forms[1]
    rng = random.Random(11)
    con = sqlite3.connect(":memory:")
    con.execute(DDL)
    for _ in range(300):
        con.execute("DELETE FROM r")
        con.executemany("INSERT INTO r VALUES (?, ?, ?)",
                        [(rng.choice(VALUES[1:]), rng.choice(VALUES), rng.choice([None, 0, 1, "1"]))
                         for _ in range(rng.randrange(0, 6))])
        assert typed_rows(con, gold) == typed_rows(con, pred)
