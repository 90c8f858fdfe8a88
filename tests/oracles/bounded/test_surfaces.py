"""verify(), the CLI commands, verify_batch and the eval oracle, on real SQLite files."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from sqlverdict.cli import app
from sqlverdict.engine.execute import ResultCache, run_query
from sqlverdict.errors import InputError
from sqlverdict.oracles.base import Context, EvalOptions
from sqlverdict.oracles.bounded.batch import verify_batch
from sqlverdict.oracles.bounded.oracle import BoundedOracle
from sqlverdict.oracles.bounded.staging import verify
from sqlverdict.schema import from_ddl
from sqlverdict.types import Example, Prediction, Status, Verdict

DDL = ("CREATE TABLE singer(id INT PRIMARY KEY, name TEXT, age INT);\n"
       "CREATE TABLE song(sid INT PRIMARY KEY, singer_id INT REFERENCES singer(id), title TEXT);\n")
NOT_IN = "SELECT name FROM singer WHERE id NOT IN (SELECT singer_id FROM song)"
NOT_EXISTS = "SELECT name FROM singer WHERE NOT EXISTS (SELECT 1 FROM song WHERE song.singer_id = singer.id)"


@pytest.fixture
def ddl_file(tmp_path):
    p = tmp_path / "s.sql"
    p.write_text(DDL)
    return p


def test_verify_json_contract(ddl_file):
    r = CliRunner().invoke(app, ["verify", "--schema", str(ddl_file), "--json",
                                 "SELECT count(age) FROM singer", "SELECT count(*) FROM singer"])
    assert r.exit_code == 1, r.output  # refuted: they differ, as diff's exit status
    d = json.loads(r.output)
    # the contract's keys first, then the fields that say how it was decided
    assert list(d)[:6] == ["status", "bound", "semantics", "reason", "elapsed_s", "witness"]
    assert d["status"] == "refuted" and d["bound"] == 3 and d["semantics"] == "bag"
    assert d["method"] == "solver" and d["evidence"] == "witness" and d["cause"] is None
    assert d["realism"] == "typed"  # the most realistic level a witness reaches
    assert list(d["witness"])[:3] == ["tables", "gold_result", "pred_result"]
    assert d["witness"]["tables"]["singer"] == {"columns": ["id", "name", "age"], "rows": [[0, "", None]]}
    assert d["witness"]["gold_result"] == [[0]] and d["witness"]["pred_result"] == [[1]]


def test_verify_verified_output(ddl_file):
    r = CliRunner().invoke(app, ["verify", "--schema", str(ddl_file), "--bound", "2",
                                 "SELECT max(name) FROM singer",  # (an aggregate over a union:
                                 # no normal form; the solver decides it)
                                 "SELECT max(n) FROM (SELECT name AS n FROM singer UNION ALL "
                                 "SELECT name FROM singer)"])
    assert r.exit_code == 0
    assert r.output.startswith("verified (up to 2 rows per table) [bound 2, bag semantics, ")
    assert r.output.rstrip().endswith("no witness with at most 2 rows per table (bag semantics)")
    # (text only: `age > 30` vs `age >= 31` is refuted, age may hold 30.5); this one holds on
    # every database, proved by the unbounded prover
    r = CliRunner().invoke(app, ["verify", "--schema", str(ddl_file), "--bound", "2",
                                 "SELECT name FROM singer WHERE name > 'b'",
                                 "SELECT name FROM singer WHERE name >= 'b' AND name <> 'b'"])
    assert r.exit_code == 0
    assert r.output.startswith("verified (every database) [bound 2, bag semantics, ")
    assert "equal normal forms" in r.output


def test_verify_saves_witness(ddl_file, tmp_path):
    out = tmp_path / "w"
    r = CliRunner().invoke(app, ["verify", "--schema", str(ddl_file), "--witness", str(out), NOT_IN, NOT_EXISTS])
    assert r.exit_code == 1 and r.output.startswith("refuted")
    assert {p.name for p in out.iterdir()} == {"witness.sqlite", "witness.sql", "witness.json"}
    # the saved database reproduces the difference
    g = run_query(out / "witness.sqlite", NOT_IN).rows
    p = run_query(out / "witness.sqlite", NOT_EXISTS).rows
    assert g != p
    assert "INSERT INTO" in (out / "witness.sql").read_text()


def test_verify_bad_input_is_a_clean_error(ddl_file):
    r = CliRunner().invoke(app, ["verify", "--schema", str(ddl_file), "--semantics", "sometimes", "SELECT 1", "SELECT 1"])
    assert r.exit_code == 2 and "unknown semantics" in r.output
    r = CliRunner().invoke(app, ["verify", "--schema", "nope.sqlite", "SELECT 1", "SELECT 1"])
    assert r.exit_code == 2 and "neither an existing file nor DDL" in r.output


def test_verify_rejects_bad_parameters():
    with pytest.raises(InputError):
        verify("SELECT 1", "SELECT 1", from_ddl(DDL), bound=0)
    with pytest.raises(InputError):
        verify("SELECT 1", "SELECT 1", from_ddl(DDL), semantics="multiset")


def test_unsupported_is_unknown_naming_construct():
    r = verify("SELECT group_concat(name) FROM singer", "SELECT name FROM singer", from_ddl(DDL),
               search=False)
    assert r.status is Status.UNKNOWN and r.reason == "unsupported: function GROUP_CONCAT"
    assert (r.cause, r.detail) == ("unsupported", "function GROUP_CONCAT")
    r = verify("SELECT id FROM singer WHERE name = 'ab' COLLATE NOCASE", "SELECT id FROM singer WHERE name LIKE 'ab'",
               from_ddl(DDL), search=False)  # the collation named, not sqlglot's node for its name
    assert (r.status, r.reason) == (Status.UNKNOWN, "unsupported: COLLATE NOCASE")


def test_same_input_same_verdict():
    s = from_ddl(DDL)
    a = [verify(NOT_IN, NOT_EXISTS, s).to_json() for _ in range(2)]
    for d in a:
        d.pop("elapsed_s")
    assert a[0] == a[1]


def test_verify_batch(tmp_path, ddl_file):
    pairs = tmp_path / "pairs.jsonl"
    lines = [
        {"id": "a", "gold": NOT_IN, "pred": NOT_EXISTS, "schema": str(ddl_file)},
        {"id": "b", "gold": "SELECT 1", "pred": "SELECT 1", "schema": DDL, "bound": 2, "semantics": "bag"},
        {"id": "c", "gold": "SELECT 1", "schema": DDL},
    ]
    pairs.write_text("\n".join(json.dumps(x) for x in lines) + "\nnot json\n")
    out = tmp_path / "out.jsonl"
    counts = verify_batch(pairs, out)
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert [r["id"] for r in rows] == ["a", "b", "c", "line 4"]
    assert [r["status"] for r in rows] == ["refuted", "verified", "unknown", "unknown"]
    assert rows[1]["bound"] == 2 and rows[1]["semantics"] == "bag"
    assert "pred" in rows[2]["reason"]
    assert counts == {"refuted": 1, "verified": 1, "unknown": 2}
    r = CliRunner().invoke(app, ["verify-batch", "--pairs", str(pairs), "--out", str(tmp_path / "o2.jsonl")])
    assert r.exit_code == 0 and ("4 pairs: refuted (witness) 1, unknown 2, "
                                 "verified (every database) 1") in r.output


def _ctx(prior=None):
    return Context(EvalOptions(), ResultCache(), {"music": from_ddl(DDL, "music")}, prior or {})


def test_oracle_judges_accepted_pairs_and_keeps_rejections():
    o = BoundedOracle(EvalOptions())
    assert o.name == "bounded" and o.config()["bound"] == 3
    ex = Example("1", "music", "q", NOT_IN)
    accepted = {"execution": Verdict("execution", Status.CONSISTENT)}
    v = o.judge(ex, Prediction("1", NOT_EXISTS), _ctx(accepted))
    assert v.status is Status.REFUTED and v.evidence["witness"]["tables"]["song"]["rows"]
    rejected = {"execution": Verdict("execution", Status.REFUTED, signature="disjoint")}
    v = o.judge(ex, Prediction("1", NOT_EXISTS), _ctx(rejected))
    assert v.status is Status.REFUTED and v.reason == "not run: execution oracle rejected"
    v = BoundedOracle(EvalOptions(bounded_on="all")).judge(ex, Prediction("1", NOT_IN), _ctx(rejected))
    assert v.status is Status.VERIFIED
    v = o.judge(ex, Prediction("1", None, invalid="empty"), _ctx())
    assert v.status is Status.REFUTED
    v = o.judge(Example("2", "other", "q", NOT_IN), Prediction("2", NOT_IN), _ctx())
    assert v.status is Status.UNKNOWN and "no schema" in v.reason
