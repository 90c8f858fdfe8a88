"""``count_of_constant``, ``avg_of_sum_count_star`` and ``extremum_of_monotone``
(``canon/agg_arith.py``) against SQLite: the fixtures' pairs on random databases of every
storage class (empty tables, NULLs, duplicates), rows compared with their storage classes;
the monotone functions under MIN/MAX on typed columns holding the 64-bit edges (where SQLite's
integer arithmetic overflows into REAL), and the sqlite domain, where text separates them."""

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

FIRES, NEAR = fixture_cases("count_of_constant", "avg_of_sum_count_star")


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_pairs_the_rules_equate_agree_in_sqlite_class_for_class(case):
    assert_equated_and_agreeing(case, 100, rows=typed_rows)


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    assert_apart_and_separated(case, 100)


DDL = "CREATE TABLE r (g INTEGER, i INTEGER, x REAL)"
EDGE = 2 ** 63
INTS = [None, 0, 1, -1, 7, 2 ** 53, EDGE - 1, EDGE - 2, EDGE - 600, -EDGE, -EDGE + 1, -EDGE + 700]
REALS = [None, 0.0, 0.1, -2.5, 1e308, -1e308, 5e-324, float("inf"), float("-inf"), 9.2e18]
# (the function of the column, and it again of the aggregate: {a} is MIN or MAX, {b} the other)
MONOTONE = [("{a}(-i)", "-{b}(i)"), ("{a}(i + 3)", "{a}(i) + 3"), ("{a}(2 - i)", "2 - {b}(i)"),
            ("{a}(i - 4503599627370495)", "{a}(i) - 4503599627370495"), ("{a}(i + 0.5)", "{a}(i) + 0.5"),
            ("{a}(-x)", "-{b}(x)"), ("{a}(x + 1)", "{a}(x) + 1"), ("{a}(1.5 - x)", "1.5 - {b}(x)"),
            ("{a}(x - 1e300)", "{a}(x) - 1e300")]


def _pairs():
    for f, g in MONOTONE:
        for a, b in (("MAX", "MIN"), ("MIN", "MAX")):
            yield (f"SELECT g, {f.format(a=a, b=b)} FROM r GROUP BY g",
                   f"SELECT g, {g.format(a=a, b=b)} FROM r GROUP BY g")


@pytest.mark.parametrize("gold,pred", list(_pairs()))
def test_an_extremum_of_a_monotone_function_on_typed_columns(gold, pred):
    schema = from_ddl(DDL)
    typed, untyped = ([canonical(ir.lower(s, schema).query, schema, "bag", typed=t)
                       for s in (gold, pred)] for t in (True, False))
    assert typed[0] == typed[1]
    assert untyped[0] != untyped[1], "off in the sqlite domain"
    rng = random.Random(sum(map(ord, gold)))
    con = sqlite3.connect(":memory:")
    con.execute(DDL)
    for _ in range(100):
        con.execute("DELETE FROM r")
        con.executemany("INSERT INTO r VALUES (?, ?, ?)",
                        [(rng.choice([1, 2]), rng.choice(INTS), rng.choice(REALS))
                         for _ in range(rng.randrange(0, 5))])
        assert typed_rows(con, gold) == typed_rows(con, pred)


def test_text_in_an_integer_column_separates_the_sqlite_domain():
    con = sqlite3.connect(":memory:")
    con.execute(DDL)
    con.executemany("INSERT INTO r VALUES (1, ?, NULL)", [(5,), ("abc",)])
    assert con.execute("SELECT MAX(-i) FROM r").fetchall() != con.execute("SELECT -MIN(i) FROM r").fetchall()


def test_a_proof_through_count_star_states_integer_sums_exact():
    from sqlverdict import verify

    schema = from_ddl("CREATE TABLE v (k INTEGER, n INTEGER NOT NULL)")
    r = verify("SELECT k, AVG(n) FROM v GROUP BY k",
               "SELECT k, CAST(SUM(n) AS REAL) / COUNT(*) FROM v GROUP BY k", schema, search=False)
    assert r.method.value == "rewriting" and "integer_sums_exact" in [a.value for a in r.assumptions]
