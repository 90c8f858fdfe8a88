"""GROUP BY keys whose rows of one group are identical (``groups.keys_identify``): a
column of REAL or TEXT affinity also read through an inlined view, and the results of
text functions (``textual``: text or a BLOB, never a number). Each proof is checked on
random databases in SQLite (NULLs, duplicates, empty tables, every storage class); each
near miss stays unproved."""

from __future__ import annotations

import sqlite3

import pytest
import z3
from tests.helpers.unbounded import POOL, SCHEMA, lowered, separated

from sqlverdict.oracles.bounded.unbounded import prove
from sqlverdict.oracles.bounded.unbounded.decide import Budget, Decider
from sqlverdict.oracles.bounded.unbounded.groups import keys_identify
from sqlverdict.oracles.bounded.unbounded.normal import normalize
from sqlverdict.oracles.bounded.unbounded.textual import TEXT_OUT
from sqlverdict.oracles.bounded.unbounded.values import Terms, texts

PROVED = [
    ("SELECT k, COUNT(*), SUM(a) FROM (SELECT c AS k, a FROM s WHERE a > 1) AS v GROUP BY k",
     "SELECT c, COUNT(*), SUM(a) FROM s WHERE a > 1 GROUP BY c"),
    ("SELECT p, COUNT(*) FROM (SELECT substr(c, 1, 1) AS p FROM s) AS v GROUP BY p",
     "SELECT substr(c, 1, 1), COUNT(*) FROM s GROUP BY substr(c, 1, 1)"),
    ("SELECT u, MAX(a) FROM (SELECT upper(c) || 'x' AS u, a FROM s) AS v GROUP BY u",
     "SELECT upper(c) || 'x', MAX(a) FROM s GROUP BY upper(c) || 'x'"),
    ("SELECT j, COUNT(*) FROM (SELECT a || c AS j FROM s) AS v GROUP BY j",
     "SELECT a || c, COUNT(*) FROM s GROUP BY a || c"),
    ("SELECT w, COUNT(*) FROM (SELECT y AS w FROM t WHERE x > 0) AS v GROUP BY w",
     "SELECT y, COUNT(*) FROM t WHERE x > 0 GROUP BY y"),
    ("SELECT h, SUM(a) FROM (SELECT lower(trim(c)) AS h, a FROM s) AS v GROUP BY h HAVING SUM(a) > 1",
     "SELECT lower(trim(c)), SUM(a) FROM s GROUP BY lower(trim(c)) HAVING SUM(a) > 1"),
]

NEAR_MISSES = [
    ("SELECT k, COUNT(*) FROM (SELECT c AS k, a FROM s WHERE a > 1) AS v GROUP BY k",
     "SELECT c, COUNT(*) FROM s WHERE a > 2 GROUP BY c"),
    ("SELECT p, COUNT(*) FROM (SELECT substr(c, 1, 2) AS p FROM s) AS v GROUP BY p",
     "SELECT substr(c, 1, 1), COUNT(*) FROM s GROUP BY substr(c, 1, 1)"),
    ("SELECT j, COUNT(*) FROM (SELECT c || a AS j FROM s) AS v GROUP BY j",
     "SELECT a || c, COUNT(*) FROM s GROUP BY a || c"),
    ("SELECT w, COUNT(*) FROM (SELECT y AS w FROM t) AS v GROUP BY w",
     "SELECT y, COUNT(y) FROM t GROUP BY y"),
]


@pytest.mark.parametrize("gold,pred", PROVED)
def test_proved_pairs_agree_in_sqlite(gold, pred):
    assert prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=300, seed=11) is None


@pytest.mark.parametrize("gold,pred", NEAR_MISSES)
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=400, seed=3) is not None


def _identify(sql: str) -> bool:
    q = lowered(sql)
    terms = Terms(z3.Context(), texts(q), SCHEMA)
    (b,) = normalize(q, SCHEMA, terms.keyer)
    return keys_identify(Decider(terms, Budget(10.0)), b)


@pytest.mark.parametrize("sql,ok", [
    ("SELECT k FROM (SELECT c AS k FROM s) AS v GROUP BY k", True),
    # INTEGER affinity keeps -9223372036854775808.0 beside -2**63 (below)
    ("SELECT k FROM (SELECT a AS k FROM r) AS v GROUP BY k", False),
    ("SELECT substr(c, 2) FROM s GROUP BY substr(c, 2)", True),
    # a number of either class: 1 and 1.0 fall in one group, its key read from either row
    ("SELECT k FROM (SELECT CASE WHEN b > 0 THEN a ELSE 1.0 END AS k FROM r) AS v GROUP BY k",
     False),
    ("SELECT length(c) FROM s GROUP BY length(c)", False),
    ("SELECT a + 0 FROM r GROUP BY a + 0", False),
])
def test_keys_identify_only_keys_of_one_class_per_group(sql, ok):
    assert _identify(sql) is ok


def test_an_ambiguous_key_merges_an_integer_and_a_real_in_sqlite():
    """Why ``keys_identify`` refuses a key of several numeric classes: SQLite's group
    holds 1 and 1.0 and returns the key of one of its rows."""
    con = sqlite3.connect(":memory:")
    con.execute("CREATE TABLE r(a INT, b INT)")
    con.executemany("INSERT INTO r VALUES (?, ?)", [(1, 1), (1, 0)])
    got = con.execute("SELECT k, COUNT(*) FROM (SELECT CASE WHEN b > 0 THEN a ELSE 1.0 END AS k "
                      "FROM r) GROUP BY k").fetchall()
    assert len(got) == 1 and got[0][1] == 2


@pytest.mark.parametrize("fn", ["substr(?, 1, 2)", "substr(?, 2)", "upper(?)", "lower(?)",
                                "trim(?)", "ltrim(?)", "rtrim(?)", "replace(?, 'a', 'b')",
                                "? || 'a'", "'a' || ?", "hex(?)", "quote(?)", "typeof(?)",
                                "printf('%s', ?)", "format('%s', ?)", "char(?)"])
def test_text_functions_give_text_or_a_blob_on_every_storage_class(fn):
    """``textual.TEXT_OUT`` against SQLite: NULL, text or a BLOB, on every class."""
    name = fn.split("(")[0].upper() if "(" in fn.split("?")[0] else "||"
    assert name in TEXT_OUT
    con = sqlite3.connect(":memory:")
    for v in POOL + [2**62, -(2**63), 1e300, float("nan"), "ab\x00c", b""]:
        (cls,) = con.execute(f"SELECT typeof({fn.replace('?', ':v')})", {"v": v}).fetchone()
        assert cls in ("null", "text", "blob"), (fn, v, cls)


# ---- SUM of a 0/1 integer as COUNT of what is NULL where it is 0, in a group that holds a
# row (``groups.sum_as_count``)

SUMS = [
    ("SELECT a, SUM(CASE WHEN b > 1 THEN 1 ELSE 0 END) FROM r GROUP BY a",
     "SELECT a, COUNT(*) FILTER (WHERE b > 1) FROM r GROUP BY a"),
    ("SELECT c, SUM(CASE WHEN a IS NULL THEN 0 ELSE 1 END) FROM s GROUP BY c",
     "SELECT c, COUNT(a) FROM s GROUP BY c"),
    ("SELECT x, SUM(x = 2) FROM t GROUP BY x", "SELECT x, COUNT(CASE WHEN x = 2 THEN 'y' END) FROM t GROUP BY x"),
]

SUM_NEAR_MISSES = [
    # over no row SUM is NULL, COUNT 0
    ("SELECT SUM(CASE WHEN b > 1 THEN 1 ELSE 0 END) FROM r", "SELECT COUNT(*) FILTER (WHERE b > 1) FROM r"),
    ("SELECT a, SUM(CASE WHEN b > 1 THEN 1 ELSE 0 END) FROM r GROUP BY a",
     "SELECT a, COUNT(*) FILTER (WHERE b >= 1) FROM r GROUP BY a"),
    ("SELECT a, SUM(CASE WHEN b > 1 THEN 2 ELSE 0 END) FROM r GROUP BY a",
     "SELECT a, COUNT(*) FILTER (WHERE b > 1) FROM r GROUP BY a"),
    # b > 1 is NULL where b is: NULL, not 0, for SUM to skip
    ("SELECT a, SUM(b > 1) FROM r GROUP BY a", "SELECT a, COUNT(*) FILTER (WHERE b > 1) FROM r GROUP BY a"),
]


@pytest.mark.parametrize("gold,pred", SUMS)
def test_sums_of_bits_as_counts_agree_in_sqlite(gold, pred):
    assert prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=300, seed=23) is None


@pytest.mark.parametrize("gold,pred", SUM_NEAR_MISSES)
def test_sum_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=600, seed=3) is not None


def test_an_integer_column_read_through_a_view_is_no_key_of_one_class():
    """INTEGER affinity keeps the real -9223372036854775808.0 beside the integer -2**63:
    one group, whose key SQLite reads from either row, here by the order a derived table
    feeds it. Not proved; SQLite separates the two."""
    gold = "SELECT a FROM r GROUP BY a"
    pred = "SELECT a FROM (SELECT a, b FROM r ORDER BY b) AS v GROUP BY a"
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    con = sqlite3.connect(":memory:")
    con.execute("CREATE TABLE r(a INT, b INT)")
    con.executemany("INSERT INTO r VALUES (?, ?)", [(-9223372036854775808.0, 2), (-(2**63), 1)])
    assert con.execute("SELECT typeof(a) FROM r ORDER BY b").fetchall() == [("integer",), ("real",)]
    got = [[type(v) for (v,) in con.execute(q)] for q in (gold, pred)]
    assert got[0] != got[1]  # one group each, its key read from another row
