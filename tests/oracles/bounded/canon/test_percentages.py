"""``real_operands`` and ``share_of_count`` (``canon/percentages.py``) against SQLite.

The fixtures' pairs on random databases of every storage class (NULLs, duplicates, empty
tables, texts and BLOBs in numeric columns), rows compared with their storage classes (1
and 1.0 apart); and the identities themselves on values of every class, doubles compared
bit for bit (-0.0 apart from 0.0, infinities, integers beyond 2**53)."""

from __future__ import annotations

import itertools
import math
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

FIRES, NEAR = fixture_cases("real_operands", "share_of_count")


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_pairs_the_rules_equate_agree_in_sqlite_class_for_class(case):
    assert_equated_and_agreeing(case, 300, rows=typed_rows)


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    assert_apart_and_separated(case, 300)


# values of every storage class, and the doubles where rounding shows
VALUES = [None, 0, 1, -1, 3, 7, 2 ** 53 + 1, -(2 ** 63), 2 ** 63 - 1, 0.0, -0.0, 0.1, 1.5, -2.5,
          1e308, float("inf"), float("-inf"), 9007199254740993.0, "12", " 7 ", "9007199254740993",
          "1e400", "abc", "", "2.5x", b"\x31", b"", b"abc"]
REALS = ["1.0", "100.0", "0.1", "CAST(b AS REAL)", "AVG(b)", "TOTAL(b)", "ROUND(b)", "(b * 1.0)"]


def _bits(v):
    """A value as SQLite returned it, a double by its bits."""
    return ("real", math.copysign(1.0, v), v.hex()) if isinstance(v, float) else (type(v).__name__, v)


@pytest.fixture(scope="module")
def pairs():
    """Every pair of VALUES as a row (a, b) of a table without affinity."""
    con = sqlite3.connect(":memory:")
    con.execute("CREATE TABLE v (a, b)")
    con.executemany("INSERT INTO v VALUES (?, ?)", itertools.product(VALUES, VALUES))
    yield con
    con.close()


def _agree(con, left: str, right: str, grouped: bool = False):
    sql = "SELECT a, b, {} FROM v" + (" GROUP BY a, b" if grouped else "")
    got = con.execute(sql.format(left)).fetchall()
    want = con.execute(sql.format(right)).fetchall()
    for g, w in zip(got, want, strict=True):
        assert _bits(g[2]) == _bits(w[2]), (left, right, g[:2], g[2], w[2])


@pytest.mark.parametrize("op", ["+", "-", "*", "/"])
@pytest.mark.parametrize("r", REALS)
def test_an_operand_beside_a_real_converts_as_cast_does(pairs, op, r):
    grouped = "AVG" in r or "TOTAL" in r
    _agree(pairs, f"a {op} {r}", f"CAST(a AS REAL) {op} {r}", grouped)
    _agree(pairs, f"{r} {op} a", f"{r} {op} CAST(a AS REAL)", grouped)


@pytest.mark.parametrize("op", ["+", "*"])
def test_addition_and_multiplication_commute_bit_for_bit_on_every_class(pairs, op):
    _agree(pairs, f"a {op} b", f"b {op} a")
    _agree(pairs, f"CAST(a AS REAL) {op} b", f"b {op} CAST(a AS REAL)")


def test_times_one_is_the_cast_and_a_real_times_one_itself(pairs):
    _agree(pairs, "a * 1.0", "CAST(a AS REAL)")
    _agree(pairs, "1.0 * (b / 3.0)", "b / 3.0")
    _agree(pairs, "ROUND(a) * 1.0", "ROUND(a)")


def test_integer_literals_beside_a_real_read_as_their_double(pairs):
    for n in (100, -3, 2 ** 53):
        _agree(pairs, f"CAST(a AS REAL) * {n}", f"CAST(a AS REAL) * {float(n)!r}")


def test_reassociation_is_not_a_law(pairs):
    """The near miss the rule must not equate: SQLite rounds the two orders apart."""
    sql = "SELECT a * 100.0 / 3, a / 3.0 * 100 FROM v WHERE typeof(a) = 'integer'"
    assert any(_bits(x) != _bits(y) for x, y in pairs.execute(sql))


def test_the_rules_write_one_form_for_a_percentage():
    schema = from_ddl("CREATE TABLE t (k INTEGER PRIMARY KEY, c TEXT NOT NULL, x)")
    sqls = ["SELECT CAST(SUM(IIF(c = 'a', 1, 0)) AS REAL) * 100 / COUNT(*) FROM t",
            "SELECT 100.0 * SUM(CASE WHEN c = 'a' THEN 1 ELSE 0 END) / COUNT(k) FROM t",
            "SELECT COUNT(CASE WHEN c = 'a' THEN 1 END) * 100.0 / COUNT(*) FROM t",
            "SELECT 100.0 * SUM(c = 'a') / COUNT(*) FROM t"]
    forms = {canonical(ir.lower(s, schema).query, schema, "bag") for s in sqls}
    assert len(forms) == 1
    con = sqlite3.connect(":memory:")
    con.execute("CREATE TABLE t (k INTEGER PRIMARY KEY, c TEXT NOT NULL, x)")
    for rows in ([], [(1, "a", None)], [(1, "b", 2)], [(1, "a", 1), (2, "b", 1), (3, "a", 1.5)]):
        con.execute("DELETE FROM t")
        con.executemany("INSERT INTO t VALUES (?, ?, ?)", rows)
        assert len({typed_rows(con, s).most_common(1)[0][0] for s in sqls}) == 1
