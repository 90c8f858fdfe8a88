"""The algebra of sums (``unbounded.aggalgebra``): SUM, TOTAL and AVG as linear terms of
the sums and counts of their argument's parts (a CASE splits the rows, a literal is its
count times itself, a scaled column its sum scaled), two SUM leaves that split a third's
rows adding up to it, and real arithmetic read exactly. Each proof is checked on random
databases in SQLite (empty tables, NULLs, duplicates, every storage class in every column);
each near miss is separated there (NULL arguments, empty bags, integer division, the
class of a sum)."""

from __future__ import annotations

import pytest
from tests.helpers.tiers import tiered
from tests.helpers.unbounded import SCHEMA, lowered, separated

from sqlverdict.oracles.bounded.unbounded import algebra_proof, proof

PROVED = [
    # a filter outside the sum or inside it, with 0 for the other rows
    ("SELECT COALESCE(SUM(b), 0) FROM r WHERE a > 1",
     "SELECT COALESCE(SUM(CASE WHEN a > 1 THEN b ELSE 0 END), 0) FROM r"),
    # AVG is the real quotient of the sum and the count of its argument
    ("SELECT AVG(b) FROM r WHERE a = 1",
     "SELECT SUM(CASE WHEN a = 1 THEN b END) * 1.0 / NULLIF(COUNT(CASE WHEN a = 1 THEN b END), 0) FROM r"),
    # a ratio of a conditional sum of reals and a count
    ("SELECT SUM(CASE WHEN b IS NULL THEN 0.0 ELSE 1.0 END) / COUNT(*) FROM r",
     "SELECT COUNT(b) * 1.0 / NULLIF(COUNT(*), 0) FROM r"),
    # TOTAL of two parts that split the rows
    ("SELECT TOTAL(b) FROM r",
     "SELECT TOTAL(CASE WHEN a > 1 THEN b END) + TOTAL(CASE WHEN a > 1 THEN NULL ELSE b END) FROM r"),
    ("SELECT AVG(COALESCE(y, 0.0)) FROM t", "SELECT 1.0 * COALESCE(SUM(y), 0.0) / COUNT(*) FROM t"),
    # a column of REAL affinity holds no integer nor text that reads as one: its sum is a
    # real, TOTAL is it or 0.0, AVG it over the count (no integer division)
    ("SELECT TOTAL(y) FROM t", "SELECT COALESCE(SUM(y), 0.0) FROM t"),
    ("SELECT AVG(y) FROM t", "SELECT SUM(y) / COUNT(y) FROM t"),
]

PROVED_TYPED = [
    # a constant factor of integers (text in an INT column is not scaled alike)
    ("SELECT SUM(x * 4) FROM t", "SELECT SUM(x) * 4 FROM t"),
]

NEAR_MISSES = [
    # rows where a > 1 fails give 0, not nothing: 0 where none passes, NULL without rows
    ("SELECT SUM(CASE WHEN a > 1 THEN b ELSE 0 END) FROM r", "SELECT SUM(b) FROM r WHERE a > 1"),
    # over no row 0 against 0.0; integers against reals
    ("SELECT COALESCE(SUM(b), 0) FROM r", "SELECT TOTAL(b) FROM r"),
    # integer division is not real division
    ("SELECT AVG(x) FROM t", "SELECT SUM(x) / NULLIF(COUNT(x), 0) FROM t"),
    # rows with b NULL count in COUNT(*), not in AVG
    ("SELECT AVG(b) FROM r", "SELECT SUM(b) * 1.0 / COUNT(*) FROM r"),
    # a NULL condition: the rows where a is NULL are in neither part
    ("SELECT SUM(b) FROM r",
     "SELECT SUM(CASE WHEN a > 1 THEN b END) + SUM(CASE WHEN a <= 1 THEN b END) FROM r"),
    # a sum of integer tests is an integer
    ("SELECT SUM(x * 4) FROM t", "SELECT SUM(x) * 4.0 FROM t"),
    ("SELECT AVG(COALESCE(y, 0)) FROM t", "SELECT 1.0 * SUM(y) / COUNT(*) FROM t"),
    # over no row SUM is NULL, COUNT 0
    ("SELECT SUM(CASE WHEN a = 1 THEN 1 ELSE 0 END) FROM r",
     "SELECT COUNT(CASE WHEN a = 1 THEN 1 END) FROM r"),
]


@pytest.mark.parametrize("gold,pred", tiered(PROVED, 2, unpack=True))
def test_proved_pairs_agree_in_sqlite(gold, pred):
    found = algebra_proof(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert found is not None and "exact_reals" in found
    assert separated(gold, pred, "bag", n=120) is None


@pytest.mark.parametrize("gold,pred", PROVED_TYPED)
def test_proved_pairs_on_typed_databases(gold, pred):
    assert algebra_proof(lowered(gold), lowered(pred), SCHEMA, "bag") is None
    assert algebra_proof(lowered(gold), lowered(pred), SCHEMA, "bag", typed=True) is not None


@pytest.mark.parametrize("gold,pred", tiered(NEAR_MISSES, 2, unpack=True))
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert algebra_proof(lowered(gold), lowered(pred), SCHEMA, "bag") is None
    assert separated(gold, pred, "bag", n=400, seed=3) is not None


def test_without_the_algebra_no_proof_and_no_new_assumption():
    """The prover's first attempt (``proof``) reads no sum as a linear term."""
    gold, pred = PROVED[0]
    assert proof(lowered(gold), lowered(pred), SCHEMA, "bag") is None


def test_a_term_too_deep_for_z3_is_no_proof_not_a_crash():
    # (found by the mutation fuzz through the whole verifier, seed 15: the algebra of sums
    # over a FULL JOIN of a grouped sub-query raised ctypes.ArgumentError out of verify)
    from pathlib import Path

    from sqlverdict import verify
    from sqlverdict.schema import load_schema

    schema = load_schema(Path(__file__).parents[4] / "benchmarks/corpus/prover9/clinic.ddl")
    sub = "(SELECT visit_id, SUM(qty) AS q FROM prescription GROUP BY visit_id) AS c ON c.visit_id = v.visit_id"
    gold = f"SELECT v.doctor_id, SUM(c.q) FROM visit AS v LEFT JOIN {sub} GROUP BY v.doctor_id"
    pred = f"SELECT v.doctor_id, SUM(c.q) FROM visit AS v FULL JOIN {sub} GROUP BY v.doctor_id"
    r = verify(gold, pred, schema, bound=3, timeout_s=20, search=False, domain="typed")
    assert str(r.status) == "verified" and r.method is not None, r.reason
