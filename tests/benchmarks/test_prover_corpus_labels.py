"""Pairs of the frozen prover corpus whose label ``equivalent`` does not hold in SQLite,
each shown by a database replayed here (the corpus stays frozen; the verifier's verdicts
on them are the right ones, see ``benchmarks/results/prover_corpus_i25h_labels.md``)."""

from __future__ import annotations

import sqlite3

import pytest
from benchmarks.prover_corpus import CORPUS, load_corpus


@pytest.fixture(scope="module")
def pairs() -> dict[str, dict]:
    return {p["id"]: p for p in load_corpus()}


def _db() -> sqlite3.Connection:
    con = sqlite3.connect(":memory:")
    con.executescript((CORPUS / "tpch.ddl").read_text())
    con.execute("INSERT INTO region VALUES (1, 'EUROPE', 'x')")
    con.execute("INSERT INTO nation VALUES (1, 'FRANCE', 1, 'x')")
    return con


def test_q16_count_distinct_is_not_count_over_parts_of_one_brand(pairs):
    """Two parts of one brand, type and size from one supplier: COUNT(DISTINCT ps_suppkey)
    is 1, COUNT(ps_suppkey) 2 ((ps_partkey, ps_suppkey) is the key, not ps_suppkey per
    group). A typed database: every value of its declared class, keys and foreign keys kept."""
    p = pairs["tpch/q16/AggregateExpandDistinctAggregatesRule/1"]
    assert p["expect"] == "equivalent"  # the label this test disputes
    con = _db()
    con.execute("INSERT INTO supplier VALUES (1, 'S1', 'a', 1, 'p', 1.0, 'ok')")
    for part in (1, 2):
        con.execute("INSERT INTO part VALUES (?, 'n', 'm', 'Brand#23', 'ECONOMY BRASS', 15, 'c', 1.0, 'x')",
                    (part,))
        con.execute("INSERT INTO partsupp VALUES (?, 1, 1, 2.0, 'x')", (part,))
    assert con.execute(p["gold"]).fetchall() == [("Brand#23", "ECONOMY BRASS", 15, 1)]
    assert con.execute(p["pred"]).fetchall() == [("Brand#23", "ECONOMY BRASS", 15, 2)]


def test_q15_max_is_not_not_exists_when_a_revenue_is_null(pairs):
    """A REAL NOT NULL column holds +Inf (9e999); Inf * (1 - 1.0) is NaN, which SQLite
    returns as NULL, so a supplier's total revenue is NULL: ``= (SELECT MAX(..))`` drops it,
    ``NOT EXISTS (.. > NULL)`` keeps it. Equivalent only on finite reals (the verifier's
    bounded proof states ``exact_reals``)."""
    p = pairs["tpch/q15/SubQueryRemoveRule/1"]
    assert p["expect"] == "equivalent"
    con = _db()
    for s in (1, 2):
        con.execute("INSERT INTO supplier VALUES (?, 'S', 'a', 1, 'p', 1.0, 'ok')", (s,))
    con.execute("INSERT INTO customer VALUES (1, 'C', 'a', 1, 'p', 1.0, 'm', 'x')")
    con.execute("INSERT INTO orders VALUES (1, 1, 'O', 1.0, '1996-01-01', '1', 'c', 0, 'x')")
    con.execute("INSERT INTO part VALUES (1, 'n', 'm', 'b', 't', 1, 'c', 1.0, 'x')")
    line = "INSERT INTO lineitem VALUES (1, 1, ?, ?, 1.0, ?, ?, 0.0, 'R', 'O', '1996-08-01', " \
           "'1996-08-01', '1996-08-01', 'i', 'MAIL', 'x')"
    con.execute(line, (1, 1, 9e999, 1.0))
    con.execute(line, (2, 2, 5.0, 0.0))
    assert con.execute(p["gold"]).fetchall() == [(2, "S", "a", "p", 5.0)]
    assert con.execute(p["pred"]).fetchall() == [(1, "S", "a", "p", None), (2, "S", "a", "p", 5.0)]


def test_combine_limits_3_a_limit_of_100_cuts_101_rows(pairs):
    """``COUNT(*)`` over ``LIMIT 100`` is 100 on a table of 101 rows, ``COUNT(*)`` 101:
    combining the limits away is wrong past 100 rows (Spark's CombineLimits merges two
    limits; it never drops one). A typed database of NULL-able integers."""
    p = pairs["spark/CombineLimits/3"]
    assert p["expect"] == "equivalent"
    con = sqlite3.connect(":memory:")
    con.executescript((CORPUS / "spark.ddl").read_text())
    con.executemany("INSERT INTO t1 VALUES (?, ?, ?)", [(i, None, 1) for i in range(101)])
    assert con.execute(p["gold"]).fetchall() == [(100,)]
    assert con.execute(p["pred"]).fetchall() == [(101,)]
