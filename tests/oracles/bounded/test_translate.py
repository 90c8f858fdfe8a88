"""A database on which SQLite raises an error running a translation (SQLite's SUM raises
``integer overflow`` past 64 bits, PostgreSQL's widens) is outside the assumption the proof
states (``integer_arithmetic_in_range``), not a witness: the proof stands, the reason names
the error; a prediction written for SQLite that raises there is refuted by it."""

from __future__ import annotations

from sqlverdict import Status, verify
from sqlverdict.oracles.bounded.outcome import Assumption
from sqlverdict.schema import from_ddl

_SCHEMA = "CREATE TABLE t (g INTEGER, a INTEGER)"
_GOLD = "SELECT g, SUM(a + 10) FROM t GROUP BY g"
_PRED = "SELECT g, SUM(a) + 10 * COUNT(a) FROM t GROUP BY g"


def test_an_overflowing_sum_of_a_translation_leaves_the_proof_with_its_assumption():
    r = verify(_GOLD, _PRED, from_ddl(_SCHEMA), dialect="postgres")
    assert r.status is Status.VERIFIED and r.witness is None
    assert Assumption.INT_RANGE in r.assumptions
    assert "integer overflow" in r.reason and "database of the search" in r.reason
