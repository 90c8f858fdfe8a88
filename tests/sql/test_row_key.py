"""``COUNT(DISTINCT a, b)`` translated (``sql.standard.row_key``): the text of a row is the
same for two rows exactly when SQLite's DISTINCT takes them as one, on values of every
storage class (integers, reals with and without an integral value, text with commas,
quotes and NUL bytes, BLOBs, NULL); and ``row_values`` reads back exactly that text."""

from __future__ import annotations

import math
import sqlite3

import pytest
import sqlglot
from hypothesis import example, given, settings
from hypothesis import strategies as st
from sqlglot import exp

from sqlverdict.sql.dialect import to_sqlite
from sqlverdict.sql.standard import row_key, row_values

# values that SQLite's DISTINCT merges or tells apart in ways a text could get wrong
TRICKY = [0, 1, -1, 1.0, -0.0, 0.0, 1.5, 0.1, 0.3, 0.1 + 0.2, 2 ** 53, 2.0 ** 53, 2 ** 53 + 1,
          2 ** 63 - 1, -2 ** 63, 2.0 ** 63, -2.0 ** 63, 1e20, 1e-300, 5e-324, math.inf, -math.inf,
          "1", "1.0", "", ",", "','", "'", "T31", "T", "X'31'", "NULL", "a\x00b", "a\x00c", "a",
          "é", b"", b"1", b"\x00", b"a\x00b", b"T31", None]

values = st.one_of(
    st.sampled_from(TRICKY),
    st.integers(min_value=-2 ** 63, max_value=2 ** 63 - 1),
    st.floats(allow_nan=False),
    st.integers(min_value=-10 ** 6, max_value=10 ** 6).map(float),
    st.text(max_size=4),
    st.binary(max_size=3),
    st.none(),
)


def _db(rows) -> sqlite3.Connection:
    c = sqlite3.connect(":memory:")
    c.execute("CREATE TABLE p (g, a, b, c)")  # no affinity: every value kept as given
    c.executemany("INSERT INTO p VALUES (?, ?, ?, ?)", rows)
    return c


KEY = row_key([exp.column("a"), exp.column("b"), exp.column("c")]).sql("sqlite")


@settings(max_examples=300, deadline=None)
@given(st.tuples(values, values, values), st.tuples(values, values, values))
@example(("a\x00b", 1, 1), ("a\x00c", 1, 1))  # QUOTE stops at the NUL: one text
@example((1, "x", b"x"), (1.0, "x", b"x"))  # one row for DISTINCT
@example((0.3, 0, 0), (0.1 + 0.2, 0, 0))  # two reals fifteen digits do not tell apart
@example((2 ** 63 - 1, 0, 0), (2.0 ** 63, 0, 0))
def test_two_rows_have_one_text_exactly_when_distinct_merges_them(r1, r2):
    db = _db([(0, *r1), (0, *r2)])
    keys = [k for (k,) in db.execute(f"SELECT {KEY} FROM p")]
    if None in (*r1, *r2):  # a row with a NULL has no text, so is not counted
        assert [k is None for k in keys] == [None in r1, None in r2]
        return
    (merged,) = db.execute("SELECT COUNT(*) = 1 FROM (SELECT DISTINCT a, b, c FROM p)").fetchone()
    assert (keys[0] == keys[1]) == bool(merged), (r1, r2, keys)


COLUMNS = {cols: to_sqlite(f"SELECT g, COUNT(DISTINCT {cols}) FROM p GROUP BY g ORDER BY g", "postgres")
           for cols in ("a, b", "b, a, c", "a, c")}


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), values, values, st.sampled_from(TRICKY)), max_size=7))
def test_the_translation_counts_distinct_rows_without_null(rows):
    db = _db(rows)
    for cols, sql in COLUMNS.items():
        got = db.execute(sql).fetchall()
        nonnull = " AND ".join(f"{x} IS NOT NULL" for x in cols.split(", "))
        want = db.execute(f"SELECT g, (SELECT COUNT(*) FROM (SELECT DISTINCT {cols} FROM p AS q "
                          f"WHERE q.g IS p.g AND {nonnull})) FROM p GROUP BY g ORDER BY g").fetchall()
        assert got == want, cols


def test_expressions_are_parenthesised_in_the_null_tests():
    db = _db([(0, 1, 0, 0), (0, 0, 1, 0)])
    # NOT a: without parentheses "NOT a IS NULL" would read NOT (a IS NULL)
    sql = to_sqlite("SELECT COUNT(DISTINCT NOT a, b OR c) FROM p", "postgres")
    assert db.execute(sql).fetchall() == [(2,)]


@pytest.mark.parametrize("args", [["a", "b"], ["t.a", "b + 1", "lower(s)"],
                                  ["NOT a", "CASE WHEN a THEN 1 END", "a"]])
def test_row_values_reads_back_the_values(args):
    xs = [sqlglot.parse_one(a, read="sqlite") for a in args]
    key = sqlglot.parse_one(row_key(xs).sql("sqlite"), read="sqlite")  # as the lowering reads it
    assert [x.sql("sqlite") for x in row_values(key)] == [x.sql("sqlite") for x in xs]


@pytest.mark.parametrize("sql", [
    "CASE WHEN NOT (a IS NULL OR b IS NULL) THEN QUOTE(a) || ',' || QUOTE(b) END",  # the old text
    "CASE WHEN NOT (a IS NULL) THEN QUOTE(a) END",
    "a || ',' || b",
])
def test_row_values_refuses_other_texts(sql):
    assert row_values(sqlglot.parse_one(sql, read="sqlite")) is None


def test_row_values_refuses_a_key_whose_tests_differ_from_its_values():
    good = row_key([exp.column("a"), exp.column("b")]).sql("sqlite")
    swapped = good.replace("NOT (a IS NULL OR b IS NULL)", "NOT (a IS NULL OR c IS NULL)", 1)
    other_sep = good.replace("|| ',' ||", "|| ';' ||")
    for sql in (swapped, other_sep):
        assert sql != good and row_values(sqlglot.parse_one(sql, read="sqlite")) is None
