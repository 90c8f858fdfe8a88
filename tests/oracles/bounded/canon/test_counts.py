"""``not_in_by_counts`` and ``in_by_counts`` (``canon/counts.py``) against SQLite on databases the fixture's
search does not make: NULLs on both sides, duplicates, empty tables and values of every
storage class (``tests/helpers/rule_databases.py``); and over columns without affinity,
where 1, 1.0 and '1' meet."""

from __future__ import annotations

import random
import sqlite3

import pytest
from tests.helpers.rule_databases import (
    assert_apart_and_separated,
    databases,
    fixture_cases,
    forms,
    result,
)

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical, without
from sqlverdict.schema import from_ddl

FIRES, NEAR = fixture_cases("not_in_by_counts", "in_by_counts")


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_pairs_the_rule_equates_agree_in_sqlite(case):
    gold, pred = forms(case)
    assert gold == pred
    for con in databases(400):
        assert result(con, case.gold) == result(con, case.pred), case.title


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    assert_apart_and_separated(case, 400)


KEYLESS = "CREATE TABLE r(x, v); CREATE TABLE s(k, w)"
GOLD = "SELECT x, v FROM r WHERE x NOT IN (SELECT k FROM s WHERE w > 0)"
PRED = ("SELECT r.x, r.v FROM r CROSS JOIN (SELECT COUNT(*) AS c, COUNT(k) AS ck FROM s WHERE w > 0) "
        "AS t LEFT JOIN (SELECT k, TRUE AS i FROM s WHERE w > 0 GROUP BY k) AS t0 ON r.x = t0.k "
        "WHERE t.c = 0 OR t0.i IS NULL AND t.ck >= t.c AND r.x IS NOT NULL")


IN_GOLD = "SELECT v, x IN (SELECT k FROM s WHERE w > 0) FROM r"
IN_PRED = ("SELECT r.v, CASE WHEN t.c = 0 THEN FALSE WHEN t0.i IS NOT NULL THEN TRUE WHEN r.x IS NULL "
           "THEN NULL WHEN t.ck < t.c THEN NULL ELSE FALSE END FROM r CROSS JOIN (SELECT COUNT(*) AS c, "
           "COUNT(k) AS ck FROM s WHERE w > 0) AS t LEFT JOIN (SELECT k, TRUE AS i FROM s WHERE w > 0 "
           "GROUP BY k) AS t0 ON r.x = t0.k")


@pytest.mark.parametrize("gold,pred,rule", [(GOLD, PRED, "not_in_by_counts"),
                                            (IN_GOLD, IN_PRED, "in_by_counts")])
def test_counts_over_every_storage_class(gold, pred, rule):
    schema = from_ddl(KEYLESS)
    forms = [canonical(ir.lower(sql, schema).query, schema, "bag") for sql in (gold, pred)]
    assert forms[0] == forms[1]
    off = [canonical(ir.lower(sql, schema).query, schema, "bag", without(rule))
           for sql in (gold, pred)]
    assert off[0] != off[1]
    rng = random.Random(13)
    values = [None, 1, 1.0, "1", 2, "a", b"\x01", 2.5]
    for _ in range(500):
        con = sqlite3.connect(":memory:")
        con.executescript(KEYLESS)
        for _ in range(rng.choice([0, 1, 2, 3])):
            con.execute("INSERT INTO r VALUES (?, ?)", (rng.choice(values), rng.choice(values)))
        for _ in range(rng.choice([0, 1, 2, 3])):
            con.execute("INSERT INTO s VALUES (?, ?)", (rng.choice(values), rng.choice([None, -1, 1])))
        assert result(con, gold) == result(con, pred)
