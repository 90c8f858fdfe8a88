"""Property: the Z3 encoding of constraints and the concrete realism check agree.

For random small tables and random constraint sets, fixing the verifier's symbolic rows to
the concrete rows makes the constraint formulas satisfiable exactly when ``satisfies``
says the tables violate nothing. A wrong NULL rule, a flipped operator or a bad fd pair
condition in either module makes this fail.
"""

from __future__ import annotations

import z3
from hypothesis import example, given, settings
from hypothesis import strategies as st

from sqlverdict.constraints.encode import constraint_formulas, domain_strings
from sqlverdict.constraints.model import Constraint, ConstraintSet
from sqlverdict.constraints.realism import satisfies
from sqlverdict.oracles.bounded.encode import SymDB, TextDomain
from sqlverdict.oracles.bounded.session import Session
from sqlverdict.schema import from_ddl

SCHEMA = from_ddl("CREATE TABLE t(id INT PRIMARY KEY, a INT, b REAL, s TEXT)")
K = 3

ints = st.one_of(st.none(), st.integers(-2, 2))
reals = st.one_of(st.none(), st.sampled_from([-1.0, 0.0, 0.5, 1.0, 2.0]))
texts = st.one_of(st.none(), st.sampled_from(["x", "y", "z"]))
rows_st = st.lists(st.tuples(ints, reals, texts), max_size=K)


def _range(col, lo, hi):
    lo, hi = min(lo, hi), max(lo, hi)
    return Constraint("range", "t", [col], {"strict": [lo, hi], "bound": "strict"})


constraint_st = st.one_of(
    st.builds(_range, st.just("a"), st.integers(-3, 3), st.integers(-3, 3)),
    st.builds(_range, st.just("b"), st.sampled_from([-1.0, 0.0, 0.5]), st.sampled_from([0.5, 2.5])),
    st.builds(lambda v: Constraint("in", "t", ["s"], {"values": sorted(v)}),
              st.sets(st.sampled_from(["x", "y", "z", "w"]), min_size=1)),
    st.builds(lambda v: Constraint("in", "t", ["a"], {"values": sorted(v)}),
              st.sets(st.sampled_from([-1, 0, 1, 2, 2.5]), min_size=1)),
    st.builds(lambda c: Constraint("not_null", "t", [c]), st.sampled_from(["a", "b", "s"])),
    st.builds(lambda ab: Constraint("fd", "t", list(ab)),
              st.sampled_from([("a", "s"), ("s", "a"), ("a", "b"), ("b", "s")])),
    st.builds(lambda op: Constraint("order", "t", ["a", "b"], {"op": op}),
              st.sampled_from(["<=", ">="])),
)


@settings(max_examples=100, deadline=None)
@example([(1, 1.0, None)], [Constraint("order", "t", ["a", "b"], {"op": "<="})])  # a == b
@example([(2, 2.0, "x")], [Constraint("order", "t", ["a", "b"], {"op": ">="})])
@example([(1, None, "x"), (1, None, None)], [Constraint("fd", "t", ["a", "s"])])  # NULL rhs
@example([(None, 0.0, "x"), (None, 0.0, "y")], [Constraint("fd", "t", ["a", "s"])])  # NULL lhs
@example([(2, 0.0, None)], [Constraint("in", "t", ["a"], {"values": [2.5, 2]})])
@example([(None, None, None)], [_range("a", 0, 1), Constraint("in", "t", ["s"], {"values": ["w"]})])
@given(rows_st, st.lists(constraint_st, min_size=1, max_size=4, unique_by=lambda c: c.id))
def test_encoding_agrees_with_concrete_check(rows, cons):
    cs = ConstraintSet("db", cons)
    domain = TextDomain(domain_strings(cs, {"t"}) | {"x", "y", "z"}, set(), fresh=1)
    db = SymDB(Session(), SCHEMA, {"t"}, K, domain)
    formulas, skipped = constraint_formulas(cs, db)
    assert skipped == []
    solver = db.session.solver()
    solver.add(*formulas)
    for i, (ex, vals) in enumerate(db.rows["t"]):
        if i >= len(rows):
            solver.add(z3.Not(ex))
            continue
        a, b, s = rows[i]
        solver.add(ex, vals["id"].val == i)
        for col, v in (("a", a), ("b", b), ("s", s)):
            sym = vals[col]
            if v is None:
                solver.add(sym.null)
                continue
            solver.add(z3.Not(sym.null))
            if col == "s":
                solver.add(sym.val == domain.code(v))
            elif col == "b":
                solver.add(sym.val == z3.RealVal(str(v), db.session.ctx))
            else:
                solver.add(sym.val == v)
    tables = {"t": {"columns": ["id", "a", "b", "s"],
                    "rows": [[i, *r] for i, r in enumerate(rows)]}}
    assert (solver.check() == z3.sat) == satisfies(tables, cs)
