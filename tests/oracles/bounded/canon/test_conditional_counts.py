"""``count_of_case_value``, ``count_divisor``, ``avg_of_scaled_test``,
``sum_of_scaled_test`` and ``counts_of_one_table`` (``canon/conditional_counts.py``) against SQLite.

The fixtures' pairs on random databases of every storage class (NULLs, duplicates, empty
tables, reals, texts and BLOBs in the tested columns), rows compared with their storage
classes (1 and 1.0 apart); the percentage identities on tables of every size up to 40 rows,
doubles compared bit for bit, with conditions on columns of every class (all NULL too); and
the forms the laws must not equate: the percentage after the division, a negative or
fractional weight, a SUM of mixed classes."""

from __future__ import annotations

import math
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

RULES = ("count_of_case_value", "count_divisor", "avg_of_scaled_test", "sum_of_scaled_test",
         "counts_of_one_table")
FIRES, NEAR = fixture_cases(*RULES)


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_pairs_the_rules_equate_agree_in_sqlite_class_for_class(case):
    assert_equated_and_agreeing(case, 100, rows=typed_rows)


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    assert_apart_and_separated(case, 100)


def _bits(v):
    """A value as SQLite returned it, a double by its bits (-0.0 apart from 0.0)."""
    return ("real", math.copysign(1.0, v), v.hex()) if isinstance(v, float) else (type(v).__name__, v)


CLASSES = [None, 0, 1, 2, 5, 1.0, 2.5, -3.0, "2", "x", "", b"\x01"]  # every storage class


@pytest.fixture(scope="module")
def tables():
    """Tables ``t0`` .. ``t40`` of that many random rows (c) of every class, one all NULL."""
    rng = random.Random(11)
    con = sqlite3.connect(":memory:")
    for n in range(41):
        con.execute(f"CREATE TABLE t{n} (c)")
        pool = [None] if n == 7 else CLASSES
        con.executemany(f"INSERT INTO t{n} VALUES (?)", [(rng.choice(pool),) for _ in range(n)])
    yield con
    con.close()


def _same(con, left: str, right: str) -> bool:
    """Do the two aggregate expressions give the same value, bit for bit, on every table?"""
    return all(_bits(con.execute(f"SELECT {left} FROM t{n}").fetchone()[0])
               == _bits(con.execute(f"SELECT {right} FROM t{n}").fetchone()[0]) for n in range(41))


SHARE = "COUNT(CASE WHEN c > 1 THEN 1 END) * {v} / COUNT(*)"


@pytest.mark.parametrize("v", ["100", "100.0", "1.0", "3", "7.0", "1000000"])
@pytest.mark.parametrize("zero", ["0", "0.0"])
def test_an_average_of_a_scaled_test_is_the_share_bit_for_bit(tables, v, zero):
    real = repr(float(v))
    assert _same(tables, f"AVG(IIF(c > 1, {v}, {zero}))", SHARE.format(v=real))
    assert _same(tables, f"AVG(CASE WHEN c > 1 THEN {v} WHEN c = 'x' THEN {v} ELSE {zero} END)",
                 "COUNT(CASE WHEN c > 1 THEN 1 WHEN c = 'x' THEN 1 END) * " + real + " / COUNT(*)")


@pytest.mark.parametrize("v,zero", [("100.0", "0.0"), ("5", "0"), ("1.0", "0.0")])
def test_a_sum_of_a_scaled_test_of_one_class_over_a_count_is_the_share(tables, v, zero):
    assert _same(tables, f"SUM(IIF(c > 1, {v}, {zero})) / COUNT(*)", SHARE.format(v=v))


@pytest.mark.parametrize("t,c", [("IIF(c > 1, 1, 0)", "c > 1"), ("c > 1", "c > 1"),
                                 ("CASE WHEN c = 'x' THEN 1 ELSE 0 END", "c = 'x'")])
def test_a_count_divisor_is_null_where_the_sum_is(tables, t, c):
    assert _same(tables, f"COUNT(*) * 1.0 / SUM({t})", f"COUNT(*) * 1.0 / COUNT(CASE WHEN {c} THEN 1 END)")
    assert _same(tables, f"7 / CAST(SUM({t}) AS REAL)", f"7 / CAST(COUNT(CASE WHEN {c} THEN 1 END) AS REAL)")


def test_what_the_laws_leave_apart_differs_in_sqlite(tables):
    """The percentage after the division, a negative weight (-0.0), a fraction, mixed classes."""
    assert not _same(tables, "AVG(IIF(c > 1, 100.0, 0))",
                     "CAST(COUNT(CASE WHEN c > 1 THEN 1 END) AS REAL) / COUNT(*) * 100")
    assert not _same(tables, "AVG(IIF(c > 100, -100.0, 0))", SHARE.format(v="-100.0").replace("c > 1", "c > 100"))
    assert not _same(tables, "AVG(IIF(c > 1, 0.1, 0))", SHARE.format(v="0.1"))
    assert not _same(tables, "SUM(IIF(c > 100, 1.0, 0)) / COUNT(*)", SHARE.format(v="1.0").replace("c > 1", "c > 100"))


def test_the_rules_write_one_form_for_a_percentage_and_a_ratio():
    schema = from_ddl("CREATE TABLE t (k INTEGER PRIMARY KEY, c TEXT NOT NULL, x)")
    shares = ["SELECT AVG(IIF(c = 'a', 100.0, 0)) FROM t",
              "SELECT CAST(SUM(IIF(c = 'a', 1, 0)) AS REAL) * 100 / COUNT(*) FROM t",
              "SELECT 100.0 * COUNT(CASE WHEN c = 'a' THEN k END) / COUNT(k) FROM t",
              "SELECT SUM(IIF(c = 'a', 100.0, 0.0)) / COUNT(*) FROM t"]
    ratios = ["SELECT CAST(SUM(IIF(c = 'a', 1, 0)) AS REAL) / SUM(IIF(c = 'b', 1, 0)) FROM t",
              "SELECT CAST(COUNT(CASE WHEN c = 'a' THEN k END) AS REAL) / NULLIF(SUM(c = 'b'), 0) FROM t"]
    assert len({canonical(ir.lower(s, schema).query, schema, "bag") for s in shares}) == 1
    con = sqlite3.connect(":memory:")
    con.execute("CREATE TABLE t (k INTEGER PRIMARY KEY, c TEXT NOT NULL, x)")
    for rows in ([], [(1, "a", None)], [(1, "b", 2)], [(1, "a", 1), (2, "b", 1.5), (3, "a", "z")]):
        con.execute("DELETE FROM t")
        con.executemany("INSERT INTO t VALUES (?, ?, ?)", rows)
        assert len({typed_rows(con, s).most_common(1)[0][0] for s in shares}) == 1
    assert len({canonical(ir.lower(s, schema).query, schema, "bag") for s in ratios}) == 1
    for s in shares + ratios:
        assert typed_rows(con, s)  # (both run)


def test_a_percentage_proved_through_a_scaled_sum_states_integer_sums_exact():
    from sqlverdict import verify

    schema = from_ddl("CREATE TABLE t (k INTEGER PRIMARY KEY, c TEXT NOT NULL)")
    avg = verify("SELECT AVG(IIF(c = 'a', 100.0, 0)) FROM t",
                 "SELECT CAST(SUM(IIF(c = 'a', 1, 0)) AS REAL) * 100 / COUNT(*) FROM t", schema, search=False)
    ratio = verify("SELECT CAST(SUM(IIF(c = 'a', 1, 0)) AS REAL) / SUM(IIF(c = 'b', 1, 0)) FROM t",
                   "SELECT CAST(COUNT(CASE WHEN c = 'a' THEN 1 END) AS REAL) / NULLIF(COUNT(CASE WHEN c = 'b' "
                   "THEN 1 END), 0) FROM t", schema, search=False)
    assert avg.method.value == "rewriting" and "integer_sums_exact" in [a.value for a in avg.assumptions]
    assert ratio.method.value == "rewriting" and "integer_sums_exact" not in [a.value for a in ratio.assumptions]
