"""Constraints inside the bounded verifier, and witness realism."""

from __future__ import annotations

import pytest

from sqlverdict.constraints.model import Constraint, ConstraintSet
from sqlverdict.constraints.realism import realism, satisfies, summarize
from sqlverdict.oracles.bounded.realism import Realism
from sqlverdict.oracles.bounded.staging import verify as _verify
from sqlverdict.schema import from_ddl
from sqlverdict.types import Status

S = from_ddl("CREATE TABLE t(id INT PRIMARY KEY, name TEXT, age INT, tag TEXT, city TEXT, "
             "country TEXT, lo REAL, hi REAL)")


def rng(col, lo, hi):
    return Constraint("range", "t", [col], {"strict": [lo, hi], "loose": None,
                                            "semantic": None, "bound": "strict"})


CASES = [
    # (gold, pred, constraints that make the pair equivalent)
    ("SELECT name FROM t WHERE age > 200", "SELECT name FROM t WHERE age > 300",
     [rng("age", 0, 150)]),
    ("SELECT id FROM t WHERE tag = 'z'", "SELECT id FROM t WHERE 1 = 0",
     [Constraint("in", "t", ["tag"], {"values": ["x", "y"]})]),
    ("SELECT count(name) FROM t", "SELECT count(*) FROM t",
     [Constraint("not_null", "t", ["name"])]),
    ("SELECT id FROM t WHERE lo > hi", "SELECT id FROM t WHERE 1 = 0",
     [Constraint("order", "t", ["lo", "hi"], {"op": "<="})]),
    ("SELECT count(DISTINCT country) FROM t WHERE city = 'Lyon'",
     "SELECT count(DISTINCT city) FROM t WHERE city = 'Lyon'",
     [Constraint("fd", "t", ["city", "country"]), Constraint("not_null", "t", ["country"])]),
]


@pytest.mark.parametrize("gold, pred, cons", CASES, ids=[c[2][0].kind for c in CASES])
def test_each_kind_grades_exactly_the_unrealistic_witness(gold, pred, cons):
    """Constraints grade witnesses: the pair stays refuted (SQLite separates it), but no
    witness reaches ``mined``, so at that level it counts as correct."""
    free = verify(gold, pred, S, bound=2, timeout_s=20)
    assert free.status is Status.REFUTED, free.reason
    assert not satisfies(free.witness.tables, ConstraintSet("db", cons))
    con = verify(gold, pred, S, bound=2, timeout_s=20, constraints=ConstraintSet("db", cons))
    assert con.status is Status.REFUTED and con.realism is Realism.TYPED, con.reason
    assert not satisfies(con.witness.tables, ConstraintSet("db", cons))
    assert "under" in con.reason and "enabled constraints" in con.reason
    assert con.constrained and sum("enabled constraints" in n for n in con.notes) == 1
    assert not free.constrained


def test_disabled_constraints_are_ignored():
    c = rng("age", 0, 150)
    c.enabled = False
    r = verify(*CASES[0][:2], S, bound=2, timeout_s=20, constraints=ConstraintSet("db", [c]))
    assert r.status is Status.REFUTED


def test_witness_under_constraints_satisfies_them_even_after_minimization(tmp_path):
    cs = ConstraintSet("db", [rng("age", 40, 150), Constraint("in", "t", ["tag"], {"values": ["q"]}),
                              Constraint("not_null", "t", ["tag"])])
    path = tmp_path / "c.json"
    cs.save(path)
    gold, pred = "SELECT id FROM t WHERE age > 50", "SELECT id FROM t WHERE age > 60"
    free = verify(gold, pred, S, bound=2, timeout_s=20)
    con = verify(gold, pred, S, bound=2, timeout_s=20, constraints=str(path))
    assert free.status is con.status is Status.REFUTED
    assert con.realism is Realism.MINED and free.realism is Realism.TYPED
    assert realism(con.witness.tables, cs)["row_share"] == 1.0
    rows = con.witness.tables["t"]["rows"]
    assert all(r[3] == "q" and 40 <= r[2] <= 150 for r in rows)
    rep_free = realism(free.witness.tables, cs)
    assert rep_free["row_share"] < 1.0  # the minimized free witness nulls the tag
    s = summarize([rep_free, realism(con.witness.tables, cs)])
    assert s["witnesses"] == 2 and s["fully_realistic"] == 1


def test_range_on_text_column_is_skipped_and_reported(monkeypatch):
    from sqlverdict.oracles.bounded.proofs import ENV

    cs = ConstraintSet("db", [rng("name", 0, 1)])
    # (the solver's proof, whose encoding reads the constraints: the unbounded prover, which
    # needs no constraint, proves the pair too, reading the thresholds as quantifiers)
    monkeypatch.setenv(ENV, "same_ir,rewriting")
    r = verify("SELECT age FROM t WHERE name IS NOT NULL GROUP BY age HAVING COUNT(*) > 1",
               "SELECT age FROM t GROUP BY age HAVING COUNT(name) > 1", S,
               bound=2, timeout_s=20, constraints=cs)
    assert r.status is Status.VERIFIED
    assert "not encodable" in r.reason or "identical" in r.reason


def test_realism_counts_and_null_semantics():
    cs = ConstraintSet("db", [rng("age", 0, 120), Constraint("in", "t", ["tag"], {"values": ["a", 1]}),
                              Constraint("order", "t", ["lo", "hi"], {"op": "<="})])
    w = {"t": {"columns": ["id", "age", "tag", "lo", "hi"],
               "rows": [[1, None, None, None, 3.0],   # NULLs satisfy range/in/order
                        [2, 130, "a", 1.0, 2.0],      # age out of range
                        [3, 5, "1", 4.0, 2.0],        # '1' is text, not 1; lo > hi
                        [4, 5, 1, 0.0, 0.0]]},
         "other": {"columns": ["x"], "rows": [[1]]}}  # unconstrained table: not counted
    r = realism(w, cs)
    assert (r["rows"], r["rows_ok"]) == (4, 2)
    assert (r["values"], r["values_ok"]) == (8, 6)
    assert r["violated"] == ["in:t.tag", "order:t.lo,hi<=", "range:t.age"]
    assert realism({}, cs)["row_share"] == 1.0


def test_in_constraint_on_a_table_reached_through_a_foreign_key():
    """The verifier pulls referenced tables into the formula; their text values must be
    in the domain (this crashed with KeyError before)."""
    s = from_ddl("CREATE TABLE o(id INT PRIMARY KEY, name TEXT);"
                 "CREATE TABLE t(id INT PRIMARY KEY, owner INT REFERENCES o(id))")
    cs = ConstraintSet("db", [Constraint("in", "o", ["name"], {"values": ["Bulldog", "Poodle"]}),
                              Constraint("not_null", "o", ["name"])])
    r = verify("SELECT count(*) FROM t WHERE owner > 0", "SELECT count(*) FROM t WHERE owner > 1",
               s, bound=2, timeout_s=20, constraints=cs)
    assert r.status is Status.REFUTED and r.realism is Realism.MINED, r.reason
    names = [row[1] for row in r.witness.tables["o"]["rows"]]
    assert names and all(n in ("Bulldog", "Poodle") for n in names)
    assert "not encodable" not in r.reason


def verify(*a, **kw):  # the prover alone, as these tests were written for it
    return _verify(*a, search=False, **kw)
