"""The targeted search for a proof's arithmetic assumptions (``assumption_witness``), run
through ``verify`` against real SQLite: pairs equal only under ``exact_reals``,
``integer_sums_exact`` or ``integer_arithmetic_in_range`` flip to ``refuted`` with a
replayed witness; pairs SQLite computes alike keep their proof and its assumptions."""

from __future__ import annotations

import sqlite3

import pytest

from sqlverdict.oracles.bounded import assumption_witness as aw
from sqlverdict.oracles.bounded.outcome import Assumption, Method, VerifyResult
from sqlverdict.oracles.bounded.pair import Pair
from sqlverdict.oracles.bounded.staging import verify
from sqlverdict.oracles.bounded.witness import replay
from sqlverdict.schema import from_ddl
from sqlverdict.types import Status

S = from_ddl("CREATE TABLE t(id INTEGER PRIMARY KEY, k INTEGER NOT NULL, x INTEGER NOT NULL, "
             "r REAL NOT NULL)")

FLIP = [  # (gold, pred, the assumption the witness must break)
    pytest.param("SELECT k, AVG(x) FROM t GROUP BY k",
                 "SELECT k, SUM(x) * 1.0 / COUNT(x) FROM t GROUP BY k", Assumption.SUMS_EXACT,
                 marks=pytest.mark.skipif(sqlite3.sqlite_version_info >= (3, 43),
                                          reason="AVG divides the exact integer sum")),
    # (before SQLite 3.43, AVG adds the integers as doubles)
    ("SELECT TOTAL(x) FROM t", "SELECT COALESCE(SUM(x), 0) FROM t", Assumption.INT_RANGE),
    ("SELECT SUM(r) FROM t", "SELECT SUM(s) FROM (SELECT k, SUM(r) AS s FROM t GROUP BY k) AS g",
     Assumption.EXACT_REALS),  # reals added in another grouping round apart
]
KEEP = [  # (gold, pred, an assumption the proof states): SQLite computes both alike
    ("SELECT id, r * 2 FROM t", "SELECT id, r + r FROM t", Assumption.EXACT_REALS),
    ("SELECT k, AVG(r) FROM t GROUP BY k", "SELECT k, SUM(r) / COUNT(r) FROM t GROUP BY k",
     Assumption.SUMS_EXACT),
    ("SELECT SUM(x) FROM t WHERE k = 1", "SELECT SUM(CASE WHEN k = 1 THEN x END) FROM t",
     Assumption.SUMS_EXACT),
]


@pytest.mark.parametrize("domain", ["typed", "sqlite"])
@pytest.mark.parametrize(("gold", "pred", "broken"), FLIP)
def test_flips_with_a_replayed_witness(gold, pred, broken, domain):
    r = verify(gold, pred, S, bound=3, timeout_s=20, domain=domain)
    assert r.status is Status.REFUTED and r.method is Method.SEARCH
    assert any("rested on" in n and str(broken) in n for n in r.notes)
    assert "aimed at the proof's assumptions" in r.reason
    again = replay(gold, pred, S, r.witness.tables, "bag")  # a fresh SQLite file
    assert again.differs


@pytest.mark.parametrize(("gold", "pred", "stated"), KEEP)
def test_keeps_a_proof_sqlite_agrees_with(gold, pred, stated):
    r = verify(gold, pred, S, bound=3, timeout_s=20, domain="sqlite")
    assert r.status is Status.VERIFIED and r.scope == "every database"
    assert stated in r.assumptions


def test_only_proofs_with_those_assumptions_are_searched():
    pair = Pair("SELECT SUM(r) FROM t", "SELECT SUM(s) FROM (SELECT k, SUM(r) AS s FROM t "
                "GROUP BY k) AS g", S, "bag")
    try:
        plain = VerifyResult(Status.VERIFIED, 3, "bag", method=Method.REWRITING,
                             assumptions=(Assumption.TIES,))
        assert aw.aimed(plain) == () and aw.aimed_search(pair, plain) is None
        stated = plain.but(assumptions=(Assumption.EXACT_REALS,))
        assert aw.aimed(stated.but(status=Status.UNKNOWN)) == ()
        first, second = aw.aimed_search(pair, stated), aw.aimed_search(pair, stated)
        assert first is not None and first.witness.tables == second.witness.tables  # seeded
    finally:
        pair.close()
