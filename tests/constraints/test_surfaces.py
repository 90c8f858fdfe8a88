"""--constraints on the verifier's surfaces: verify CLI, verify-batch lines, bounded oracle."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from sqlverdict.cli import app
from sqlverdict.constraints.model import Constraint, ConstraintSet
from sqlverdict.engine.execute import ResultCache
from sqlverdict.oracles.base import Context, EvalOptions, get_oracle
from sqlverdict.schema import from_ddl
from sqlverdict.types import Example, Prediction, Status, Verdict

DDL = "CREATE TABLE t(id INT PRIMARY KEY, age INT)"
GOLD, PRED = "SELECT id FROM t WHERE age > 200", "SELECT id FROM t WHERE age > 300"


def _constraints(path, db="db"):
    cs = ConstraintSet(db, [Constraint("range", "t", ["age"], {"strict": [0, 150],
                                                               "bound": "strict"})])
    cs.save(path)
    return path


def test_verify_cli_with_constraints(tmp_path):
    f = _constraints(tmp_path / "c.json")
    runner = CliRunner()
    r = runner.invoke(app, ["verify", "--schema", DDL, "--json", GOLD, PRED])
    assert r.exit_code == 1, r.output  # refuted
    assert json.loads(r.output)["status"] == "refuted"
    r = runner.invoke(app, ["verify", "--schema", DDL, "--json", "--constraints", str(f), GOLD, PRED])
    assert r.exit_code == 1, r.output
    out = json.loads(r.output)  # refuted, but by no witness the constraints accept
    assert out["status"] == "refuted" and out["realism"] == "typed"
    assert "1 enabled constraints" in out["reason"]
    r = runner.invoke(app, ["verify", "--schema", DDL, "--constraints", str(tmp_path / "no.json"),
                            GOLD, PRED])
    assert r.exit_code == 2 and "does not exist" in " ".join(r.output.split())


def test_verify_batch_line_with_constraints(tmp_path):
    from sqlverdict.oracles.bounded.batch import SchemaCache, verify_line

    f = _constraints(tmp_path / "c.json")
    base = {"id": "p", "gold": GOLD, "pred": PRED, "schema": DDL}
    assert verify_line(base, SchemaCache(), bound=2, timeout_s=20)["status"] == "refuted"
    d = verify_line({**base, "constraints": str(f)}, SchemaCache(), bound=2, timeout_s=20)
    assert d["status"] == "refuted" and d["realism"] == "typed", d


def test_bounded_oracle_with_constraint_directory(tmp_path):
    d = tmp_path / "cons"
    d.mkdir()
    _constraints(d / "db.validated.json")
    schema = from_ddl(DDL, "db")
    ex = Example("q1", "db", "question", GOLD)
    pred = Prediction("q1", PRED)
    prior = {"execution": Verdict("execution", Status.CONSISTENT)}

    def judge(opts):
        oracle = get_oracle("bounded", opts)
        ctx = Context(opts, ResultCache(), {"db": schema}, prior)
        return oracle, oracle.judge(ex, pred, ctx)

    free_oracle, free = judge(EvalOptions(semantics="set", bound=2))
    con_oracle, con = judge(EvalOptions(semantics="set", bound=2, constraints=str(d)))
    assert free.status is con.status is Status.REFUTED
    assert free.evidence["realism"] == con.evidence["realism"] == "typed"
    assert "constraints" in con_oracle.config() and "constraints" not in free_oracle.config()
    # a witness under constraints carries its realism
    cs = ConstraintSet("db", [Constraint("range", "t", ["age"], {"strict": [0, 250],
                                                                 "bound": "strict"})])
    cs.save(d / "db.validated.json")
    oracle2, v = judge(EvalOptions(semantics="set", bound=2, constraints=str(d)))
    assert oracle2.config()["constraints"] != con_oracle.config()["constraints"]
    assert v.status is Status.REFUTED and v.evidence["realism"] == "mined"
    assert v.evidence["constraint_realism"]["row_share"] == 1.0
    # another database without a file: no constraints, plain verification
    assert oracle2.constraints_for("other") is None


def test_random_search_witness_is_graded_by_the_constraints():
    """For constructs the encoder does not support, verify-batch falls back to a random
    search; its witness reaches ``mined`` only if it satisfies the constraints."""
    from sqlverdict.oracles.bounded.staging import verify

    s = from_ddl("CREATE TABLE t(a INT PRIMARY KEY, b TEXT)")
    gold, pred = "SELECT group_concat(b) FROM t", "SELECT max(b) FROM t"
    free = verify(gold, pred, s, timeout_s=10)
    assert free.status is Status.REFUTED
    cs = ConstraintSet("db", [Constraint("in", "t", ["b"], {"values": ["never-generated-value"]})])
    con = verify(gold, pred, s, timeout_s=10, constraints=cs)
    assert con.status is Status.REFUTED and con.reason.startswith("unsupported")
    assert str(con.realism) != "mined"
