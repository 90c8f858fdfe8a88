"""The REAL -2**63 beside the INTEGER -2**63 (``oracles/bounded/int_min.py``): an INTEGER or
NUMERIC column keeps both, GROUP BY, DISTINCT and MIN/MAX return whichever row SQLite reads
first. A proof whose queries group such a column over rows fed in another order states
``no_real_int_min``; SQLite separates the pair only with that value, and ``broken`` names
the assumption for the separating database; on databases without it the pair agrees."""

from __future__ import annotations

import sqlite3

import pytest
from tests.helpers.unbounded import DDL, SCHEMA, run, separated

from sqlverdict import verify
from sqlverdict.oracles.bounded.breaks import broken
from sqlverdict.schema import from_ddl

INT_MIN_REAL = -9223372036854775808.0
# (gold, pred): equal on every database but the ones holding the REAL -2**63
REORDERED = [
    ("SELECT a FROM r GROUP BY a", "SELECT a FROM (SELECT a, b FROM r ORDER BY b) AS v GROUP BY a"),
    ("SELECT MIN(a) FROM r", "SELECT MIN(a) FROM (SELECT a FROM r ORDER BY b) AS v"),
    ("SELECT SUM(DISTINCT a) FROM r", "SELECT SUM(DISTINCT a) FROM (SELECT a FROM r ORDER BY b) AS v"),
]


def _with_int_min() -> sqlite3.Connection:
    con = sqlite3.connect(":memory:")
    con.executescript(DDL)
    con.executemany("INSERT INTO r VALUES (?, ?)", [(INT_MIN_REAL, 2), (-(2**63), 1)])
    return con


@pytest.mark.parametrize("gold,pred", REORDERED)
def test_a_proof_over_reordered_groups_states_the_assumption(gold, pred):
    proof = verify(gold, pred, SCHEMA, timeout_s=20, search=False)
    assert (str(proof.status), proof.scope) == ("verified", "every database"), proof.reason
    assert "no_real_int_min" in proof.assumptions
    assert "-9223372036854775808.0" in proof.reason
    r = verify(gold, pred, SCHEMA, timeout_s=20)
    if "SUM" in gold:  # adding in another order, a partial sum past 64 bits raises on one side
        assert str(r.status) == "refuted" and "integer_arithmetic_in_range" in proof.assumptions
        assert "integer arithmetic stays within 64 bits" in r.reason
    else:
        assert (str(r.status), r.scope, r.domain) == ("verified", "every database", "sqlite")


@pytest.mark.parametrize("gold,pred", REORDERED)
def test_sqlite_separates_them_only_with_the_real_int_min(gold, pred):
    con = _with_int_min()
    assert con.execute("SELECT typeof(a) FROM r ORDER BY b").fetchall() == [("integer",), ("real",)]
    assert run(con, gold, "bag") != run(con, pred, "bag")
    db = {"r": con.execute("SELECT * FROM r").fetchall(), "s": [], "t": []}
    assert "no_real_int_min" in broken(db, SCHEMA, queries=(gold, pred))
    assert separated(gold, pred, "bag", n=300, seed=11) is None  # every class but that value


def test_a_numeric_column_states_it_in_the_typed_domain_an_integer_one_does_not():
    s = from_ddl("CREATE TABLE r(a INT, n NUMERIC, b INT)")
    pairs = {c: (f"SELECT {c} FROM r GROUP BY {c}",
                 f"SELECT {c} FROM (SELECT {c}, b FROM r ORDER BY b) AS v GROUP BY {c}") for c in "an"}
    typed = {c: verify(*p, s, domain="typed", timeout_s=20) for c, p in pairs.items()}
    assert all(r.scope == "every database" for r in typed.values())
    assert "no_real_int_min" not in typed["a"].assumptions  # typed INTEGER columns hold integers
    assert "no_real_int_min" in typed["n"].assumptions  # a typed NUMERIC column holds reals
    con = sqlite3.connect(":memory:")
    con.execute("CREATE TABLE r(a INT, n NUMERIC, b INT)")
    con.executemany("INSERT INTO r VALUES (0, ?, ?)", [(INT_MIN_REAL, 2), (-(2**63), 1)])
    assert run(con, pairs["n"][0], "bag") != run(con, pairs["n"][1], "bag")  # both values typed


@pytest.mark.parametrize("gold,pred", [
    ("SELECT a FROM r WHERE b > 1", "SELECT a FROM r WHERE 1 < b"),  # nothing grouped
    ("SELECT c, COUNT(*) FROM s GROUP BY c", "SELECT c, COUNT(*) FROM (SELECT c FROM s ORDER BY a) AS v GROUP BY c"),
    ("SELECT x, MAX(y) FROM t GROUP BY x HAVING x > 0", "SELECT x, MAX(y) FROM t WHERE x > 0 GROUP BY x"),
])
def test_no_grouped_column_that_can_hold_it_states_nothing(gold, pred):
    """TEXT and REAL columns hold one class of equal values; ``t.x`` is INTEGER NOT NULL but
    can still hold the REAL: its pair states it; the others do not."""
    r = verify(gold, pred, SCHEMA, timeout_s=20)
    assert str(r.status) == "verified", r.reason
    assert ("no_real_int_min" in r.assumptions) == ("x" in gold)
