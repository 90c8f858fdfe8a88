"""The rules of ``canon/grouped_joins.py`` (``grouped_left_join``, ``count_of_group``) against
SQLite on databases the fixtures' search does not make: NULLs, duplicates, empty tables,
orphans and values of every storage class (``tests/helpers/rule_databases.py``), and keys
without affinity (1 and 1.0 one group, '1' another). Each pair of their fixtures where the
rule fires must agree on all of them; each near miss must keep its two forms apart and be
told apart by one of them."""

from __future__ import annotations

import random
import sqlite3

import pytest
from tests.helpers.rule_databases import (
    ANY,
    assert_apart_and_separated,
    assert_equated_and_agreeing,
    fixture_cases,
    result,
)

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical, without
from sqlverdict.schema import from_ddl

RULES = ("grouped_left_join", "count_of_group")
FIRES, NEAR = fixture_cases(*RULES)


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_pairs_the_rules_equate_agree_in_sqlite(case):
    assert_equated_and_agreeing(case, 300)


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    assert_apart_and_separated(case, 300)


KEYLESS = "CREATE TABLE r(x, t TEXT, v); CREATE TABLE s(k, n INTEGER, w)"
PAIRS = [
    # a key column without affinity: 1 and 1.0 one group, '1' another, NULL matches nothing
    ("SELECT v, (SELECT MAX(s.w) FROM s WHERE s.k = r.x) FROM r",
     "SELECT r.v, d.m FROM r LEFT JOIN (SELECT k, MAX(w) AS m FROM s GROUP BY k) AS d ON d.k = r.x",
     "grouped_left_join"),
    ("SELECT v, (SELECT COUNT(*) FROM s WHERE s.k = r.x AND s.w > 0) FROM r",
     "SELECT r.v, COALESCE(d.c, 0) FROM r LEFT JOIN (SELECT k, COUNT(*) AS c FROM s WHERE w > 0 "
     "GROUP BY k) AS d ON d.k = r.x", "count_of_group"),
]


@pytest.mark.parametrize("gold,pred,rule", PAIRS)
def test_grouped_joins_over_every_storage_class(gold, pred, rule):
    schema = from_ddl(KEYLESS)
    forms = [canonical(ir.lower(sql, schema).query, schema, "bag") for sql in (gold, pred)]
    assert forms[0] == forms[1]
    off = [canonical(ir.lower(sql, schema).query, schema, "bag", without(rule)) for sql in (gold, pred)]
    assert off[0] != off[1]
    rng = random.Random(5)
    values = [None, 1, 1.0, "1", "01", 2, "a", "A", b"\x01", 2.5]
    for _ in range(400):
        con = sqlite3.connect(":memory:")
        con.executescript(KEYLESS)
        for _ in range(rng.choice([0, 1, 2, 3, 4])):
            con.execute("INSERT INTO r VALUES (?, ?, ?)",
                        (rng.choice(values), rng.choice(values), rng.choice(ANY)))
        for _ in range(rng.choice([0, 1, 2, 3, 4])):
            con.execute("INSERT INTO s VALUES (?, ?, ?)",
                        (rng.choice(values), rng.choice(values), rng.choice([None, -1, 1, "x"])))
        assert result(con, gold) == result(con, pred), (con.execute("SELECT * FROM r").fetchall(),
                                                        con.execute("SELECT * FROM s").fetchall())


def test_a_key_compared_with_conversion_does_not_fire():
    """``d.t = s.n``, a TEXT key against an INTEGER column: '1' and '01' are two groups
    that one value matches, so the join repeats the row."""
    schema = from_ddl(KEYLESS)
    gold = "SELECT w, (SELECT MAX(r.v) FROM r WHERE r.t = s.n) FROM s"
    pred = "SELECT s.w, d.m FROM s LEFT JOIN (SELECT t, MAX(v) AS m FROM r GROUP BY t) AS d ON d.t = s.n"
    forms = [canonical(ir.lower(sql, schema).query, schema, "bag") for sql in (gold, pred)]
    assert forms[0] != forms[1]
    con = sqlite3.connect(":memory:")
    con.executescript(KEYLESS + "; INSERT INTO r VALUES (1, '1', 5), (2, '01', 6); INSERT INTO s VALUES (0, 1, 0)")
    assert result(con, gold) != result(con, pred)
