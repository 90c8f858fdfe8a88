"""``ir/functions.py``: TRIM of spaces read as SQLite's TRIM of one argument."""

from __future__ import annotations

import sqlite3

import pytest

from sqlverdict.errors import UnsupportedSQL
from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

SCHEMA = from_ddl("CREATE TABLE t (x TEXT)")
TEXTS = [None, "", " ", "  a ", "\ta\t", " a\n", "ab ba", "x", 1, 2.5, b" a "]
SAME = [("TRIM(x, ' ')", "TRIM(x)"), ("LTRIM(x, ' ')", "LTRIM(x)"),
        ("RTRIM(x, ' ')", "RTRIM(x)")]
OTHER = [("TRIM(x, 'a')", "TRIM(x)"), ("TRIM(x, '  ')", "LTRIM(x)"), ("LTRIM(x, ' ')", "TRIM(x)")]


def _form(item):
    sql = f"SELECT {item} FROM t"
    return canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag")


def _values(item):
    con = sqlite3.connect(":memory:")
    return [con.execute(f"SELECT {item.replace('x', '?')}", (v,)).fetchone()[0] for v in TEXTS]


@pytest.mark.parametrize("pair", SAME)
def test_trim_of_spaces_is_trim(pair):
    assert _form(pair[0]) == _form(pair[1])
    assert _values(pair[0]) == _values(pair[1])


@pytest.mark.parametrize("pair", OTHER)
def test_other_trims_stay_apart(pair):
    assert _form(pair[0]) != _form(pair[1])


@pytest.mark.parametrize("fn", ["AVG", "TOTAL"])
def test_avg_of_distinct_texts_reads_the_texts_after_distinct(fn):
    # DISTINCT keeps "3" and "3.0" apart, their reals not: not the DISTINCT of the CAST
    con = sqlite3.connect(":memory:")
    con.execute("CREATE TABLE t (x TEXT)")
    con.executemany("INSERT INTO t VALUES (?)", [("abc",), ("3",), ("3.0",)])
    plain, cast = (con.execute(f"SELECT {fn}(DISTINCT {a}) FROM t").fetchone()[0]
                   for a in ("x", "CAST(x AS REAL)"))
    assert plain != cast
    with pytest.raises(UnsupportedSQL, match="DISTINCT"):
        ir.lower(f"SELECT {fn}(DISTINCT x) FROM t", SCHEMA)
    ir.lower(f"SELECT {fn}(x), {fn}(DISTINCT CAST(x AS REAL)) FROM t", SCHEMA)
