"""``canon/int_compare.py``: strict comparisons of integers, strftime's integer fields,
against SQLite (values of every storage class, NULL, duplicates, empty tables)."""

from __future__ import annotations

import random
import sqlite3

import pytest

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

DDL = "CREATE TABLE t (id INTEGER PRIMARY KEY, g TEXT, a INTEGER, x TEXT, v)"
SCHEMA = from_ddl(DDL)
DATES = [None, "", "2012-03-01", "2012-12-31 24:00", "2012-02-30", "2012-13-01", "-0100-01-01",
         "2451545", "2451545.75", "0000-01-01", "9999-12-31 23:59:59.999", "1970-01-01 00:00:01",
         "now", "abc", "2012", "12:30", "2012-03-01T10:20:30Z", 2451545, -5, 1e300, 0.5, b"2012",
         b"", "2012-03-01 10:20:30.5"]
NUMBERS = [None, 0, 1, 2, 3, -1, 1.5, 2.0, "2", "x", b"\x01"]
FIELDS = ["%Y", "%m", "%d", "%H", "%M", "%S", "%j", "%W", "%w", "%s"]


def _form(sql: str, typed: bool = False):
    return canonical(ir.lower(sql, SCHEMA).query, SCHEMA, typed=typed)


def _databases(n: int, values, typed_a: bool = False, seed: int = 5):
    rng = random.Random(seed)
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.execute(DDL)
        for i in range(rng.choice([0, 1, 2, 3, 5])):
            a = rng.choice([None, 0, 1, 2, 3] if typed_a else NUMBERS)
            con.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?)",
                        (i, rng.choice(["g", "h"]), a, rng.choice(values), rng.choice(values)))
        yield con


def _typed(rows):
    return [tuple((type(v).__name__, v) for v in r) for r in rows]


STRFTIME = [(f"strftime('{f}', x) {op} strftime('{f}', v)",
             f"CAST(strftime('{f}', x) AS INTEGER) {op} CAST(strftime('{f}', v) AS INTEGER)")
            for f in FIELDS for op in ("-", "+", "*")]


def test_strftime_fields_read_as_integers_give_one_form():
    for a, b in STRFTIME:
        assert _form(f"SELECT id, {a} FROM t") == _form(f"SELECT id, {b} FROM t"), a
        assert _form(f"SELECT id FROM t WHERE {a} > 2") == _form(f"SELECT id FROM t WHERE {b} > 2"), a


def test_sqlite_reads_strftime_fields_as_their_integers():
    cols = ", ".join(f"{a}, {b}" for a, b in STRFTIME)
    for con in _databases(150, DATES):
        for row in _typed(con.execute(f"SELECT {cols} FROM t")):
            for k, (a, _) in enumerate(STRFTIME):
                assert row[2 * k] == row[2 * k + 1], (a, row)


@pytest.mark.parametrize("field", ["%J", "%f"])  # a real: "12.5"
def test_other_formats_are_not_integers(field):
    a = f"SELECT id, strftime('{field}', x) - 0 FROM t"
    b = f"SELECT id, CAST(strftime('{field}', x) AS INTEGER) - 0 FROM t"
    assert _form(a) != _form(b)
    assert any(_typed(con.execute(a)) != _typed(con.execute(b)) for con in _databases(100, DATES))


COUNTS = [(f"COUNT({c}) {op} {n}", f"COUNT({c}) {strict} {n + step}")
          for c in ("*", "a", "DISTINCT x") for n in (-1, 0, 1, 3)
          for op, strict, step in (("<=", "<", 1), (">=", ">", -1))]
COUNTS += [(f"{n} >= COUNT(*)", f"{n + 1} > COUNT(*)") for n in (0, 2)]
COUNTS += [(f"NOT COUNT(*) > {n}", f"COUNT(*) < {n + 1}") for n in (0, 2)]


@pytest.mark.parametrize("a, b", COUNTS)
def test_counts_compare_strictly(a, b):
    ga, gb = f"SELECT g, {a} FROM t GROUP BY g", f"SELECT g, {b} FROM t GROUP BY g"
    assert _form(ga) == _form(gb)
    for con in _databases(60, NUMBERS):
        assert sorted(_typed(con.execute(ga)), key=repr) == sorted(_typed(con.execute(gb)), key=repr)


def test_an_integer_column_compares_strictly_only_in_the_typed_domain():
    a, b = "SELECT id FROM t WHERE a <= 1", "SELECT id FROM t WHERE a < 2"
    assert _form(a, typed=True) == _form(b, typed=True)
    assert _form(a) != _form(b)
    for con in _databases(100, NUMBERS, typed_a=True):
        assert con.execute(a).fetchall() == con.execute(b).fetchall()
    assert any(con.execute(a).fetchall() != con.execute(b).fetchall() for con in _databases(100, NUMBERS))


def test_a_counted_subquery_compares_strictly():
    sub = "(SELECT COUNT(*) FROM t AS u WHERE u.g = t.g)"
    assert _form(f"SELECT id FROM t WHERE {sub} <= 1") == _form(f"SELECT id FROM t WHERE {sub} < 2")


@pytest.mark.parametrize("a, b", [
    ("COUNT(*) <= 9223372036854775807", "COUNT(*) < 9223372036854775808"),  # past 64 bits
    ("AVG(a) <= 1", "AVG(a) < 2"),
    ("SUM(a) <= 1", "SUM(a) < 2"),  # a sum of reals
    ("COUNT(*) <= 1.5", "COUNT(*) < 2.5"),
    ("MAX(id) <= 1", "MAX(id) < 2"),  # a rowid alias, yet not every rule that writes one knows it
])
def test_what_is_no_integer_keeps_its_comparison(a, b):
    assert _form(f"SELECT g, {a} FROM t GROUP BY g") != _form(f"SELECT g, {b} FROM t GROUP BY g")
