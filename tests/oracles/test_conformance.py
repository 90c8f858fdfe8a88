"""Every oracle keeps the same small protocol: a gold that fails is marked and not judged,
bad SQL never raises, the config is JSON; and a gold error counts the same in every oracle's
``judged`` of summary.json, with the bounded oracle on accepted pairs or on all pairs."""

from __future__ import annotations

import json
import sqlite3

import pytest

from sqlverdict.bench import load_benchmark, load_predictions
from sqlverdict.engine.execute import ResultCache
from sqlverdict.evaluation import evaluate
from sqlverdict.oracles.base import ORACLES, Context, EvalOptions, get_oracle
from sqlverdict.oracles.suite.build import build_suite
from sqlverdict.schema import from_sqlite
from sqlverdict.types import Example, Judged, Prediction, Status, Verdict

GOLDS = {"q1": "SELECT name FROM t WHERE a > 1",
         "q2": "SELECT count(*) FROM t",
         "bad": "SELECT nope FROM t"}  # the gold fails on the shipped database
PREDS = {"q1": "SELECT name FROM t WHERE a >= 2", "q2": "SELECT count(name) FROM t",
         "bad": "SELECT name FROM t"}
HOSTILE = ["", "SELECT", "DROP TABLE t", "SELECT * FROM nowhere", "SELECT 1; SELECT 2",
           "SELECT name FROM t WHERE a > 'x' ||", "\x00\x01", "SELECT " + "(" * 500 + "1" + ")" * 500]


@pytest.fixture(scope="module")
def bench(tmp_path_factory):
    d = tmp_path_factory.mktemp("bench")
    conn = sqlite3.connect(d / "tiny.sqlite")
    conn.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, a INT)")
    conn.executemany("INSERT INTO t VALUES (?, ?, ?)", [(1, "x", 1), (2, "y", 3), (3, None, 2)])
    conn.commit()
    conn.close()
    (d / "bench.jsonl").write_text("".join(
        json.dumps({"id": k, "db_id": "tiny", "question": k, "gold": g, "db": "tiny.sqlite"}) + "\n"
        for k, g in GOLDS.items()))
    (d / "pred.jsonl").write_text("".join(json.dumps({"id": k, "sql": s}) + "\n"
                                          for k, s in PREDS.items()))
    build_suite(f"jsonl:{d / 'bench.jsonl'}", d / "suite")
    return d


def _ctx(bench, options, prior=None):
    return Context(options, ResultCache(), {"tiny": from_sqlite(bench / "tiny.sqlite", "tiny")},
                   prior or {})


@pytest.mark.parametrize("name", sorted(ORACLES))
def test_oracle_protocol(bench, name):
    options = EvalOptions(suite_dir=str(bench / "suite"), bounded_on="all", verify_timeout_s=10)
    oracle = get_oracle(name, options)
    json.dumps(oracle.config())  # keys the journal: must be JSON
    db = str(bench / "tiny.sqlite")
    bad = Example("bad", "tiny", "q", GOLDS["bad"], db)
    v = oracle.judge(bad, Prediction("bad", "SELECT name FROM t"), _ctx(bench, options))
    assert v.status is Status.UNKNOWN and v.judged is Judged.GOLD_ERROR, v
    good = Example("q1", "tiny", "q", GOLDS["q1"], db)
    for sql in HOSTILE:
        v = oracle.judge(good, Prediction("q1", sql), _ctx(bench, options))
        assert isinstance(v, Verdict) and v.reason and v.judged is Judged.JUDGED
        assert v.status in (Status.REFUTED, Status.UNKNOWN), (sql, v)
    v = oracle.judge(good, Prediction("q1", None, invalid="not a string"), _ctx(bench, options))
    assert v.status in (Status.REFUTED, Status.UNKNOWN)
    json.dumps(v.to_json())


@pytest.mark.parametrize("bounded_on", ["accepted", "all"])
def test_gold_error_is_judged_alike_by_every_oracle(bench, tmp_path, bounded_on):
    b = load_benchmark(f"jsonl:{bench / 'bench.jsonl'}")
    systems = [load_predictions(bench / "pred.jsonl", b, "sys")]
    options = EvalOptions(suite_dir=str(bench / "suite"), bounded_on=bounded_on,
                          verify_timeout_s=10)
    evaluate(b, systems, ["execution", "suite", "bounded"], tmp_path / "run", options)
    summary = json.loads((tmp_path / "run" / "summary.json").read_text())
    judged = {o: m["judged"] for o, m in summary["systems"]["sys"]["oracles"].items()}
    assert judged == {"execution": 2, "suite": 2, "bounded": 2}, judged
    rows = [json.loads(x) for x in (tmp_path / "run" / "verdicts.jsonl").read_text().splitlines()]
    assert {r["oracle"]: r["judged"] for r in rows if r["example_id"] == "bad"} == {
        "execution": "gold_error", "suite": "gold_error", "bounded": "gold_error"}
    refuted = [r for r in rows if r["oracle"] == "bounded" and r["status"] == "refuted"]
    assert refuted and all(r["realism"] in ("mined", "typed", "sqlite") for r in refuted)
    by_realism = summary["systems"]["sys"]["oracles"]["bounded"]["by_realism"]
    assert set(by_realism) == {"typed", "sqlite"}
    assert by_realism["typed"]["accuracy"] >= by_realism["sqlite"]["accuracy"]


def test_bounded_oracle_keeps_a_prediction_sqlite_cannot_run_invalid(bench):
    """``eval`` judges predictions as SQLite runs them: one calling a function SQLite lacks
    is invalid (``verify`` would read the function as uninterpreted instead)."""
    options = EvalOptions(suite_dir=str(bench / "suite"), bounded_on="all", verify_timeout_s=10)
    oracle = get_oracle("bounded", options)
    good = Example("q1", "tiny", "q", GOLDS["q1"], str(bench / "tiny.sqlite"))
    v = oracle.judge(good, Prediction("q1", "SELECT f(name) FROM t WHERE a > 1"),
                     _ctx(bench, options))
    assert v.status is Status.REFUTED and "no such function: f" in v.reason, v
    assert "interpretation" not in v.reason
