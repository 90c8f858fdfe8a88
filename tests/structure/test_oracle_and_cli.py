"""The structure oracle and the ``sqlverdict structure`` command on Spider's concert_singer
(the copy the repository ships, ``tests/fixtures/spider_mini``)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from sqlverdict.cli import app
from sqlverdict.engine.execute import ResultCache
from sqlverdict.oracles.base import Context, EvalOptions, get_oracle
from sqlverdict.schema import from_sqlite
from sqlverdict.structure.evaluate import ExecutionJudge, evaluate_structure
from sqlverdict.structure.pool import load_samples
from sqlverdict.types import Example, Prediction, Status


def _ctx(spider_db):
    s = from_sqlite(spider_db("concert_singer"), "concert_singer")
    return Context(EvalOptions(), ResultCache(), {"concert_singer": s})


def test_structure_oracle_statuses(spider_db):
    oracle = get_oracle("structure", EvalOptions())
    ex = Example("0", "concert_singer", "q", "SELECT name FROM singer WHERE age > 30",
                 str(spider_db("concert_singer")))
    ctx = _ctx(spider_db)
    same = oracle.judge(ex, Prediction("0", "select T1.Name from singer T1 where 30 < T1.age"),
                        ctx)
    assert same.status is Status.CONSISTENT and same.oracle == "structure"
    other = oracle.judge(ex, Prediction("0", "SELECT name FROM singer WHERE age >= 31"), ctx)
    assert other.status is Status.UNKNOWN and other.reason == "structure differs"
    assert other.evidence["pred_structure"] != other.evidence["gold_structure"]
    bad = oracle.judge(ex, Prediction("0", "SELEC name"), ctx)
    assert bad.status is Status.UNKNOWN and bad.reason.startswith("prediction does not parse")
    inv = oracle.judge(ex, Prediction("0", None, invalid="empty SQL"), ctx)
    assert inv.status is Status.UNKNOWN and "empty SQL" in inv.reason
    assert oracle.config()["oracle"] == "structure"


def _bench_files(tmp_path, mini_spider):
    dev = json.loads((mini_spider / "dev.json").read_text())
    # four concert_singer questions, as a JSONL benchmark with real databases
    rows = []
    for i in (0, 2, 4, 6):
        d = dev[i]
        rows.append({"id": str(len(rows)), "db_id": d["db_id"], "question": d["question"],
                     "gold": d["query"],
                     "db": str(mini_spider / "database" / d["db_id"] / f"{d['db_id']}.sqlite")})
    bench = tmp_path / "bench.jsonl"
    bench.write_text("".join(json.dumps(r) + "\n" for r in rows))
    golds = [r["gold"] for r in rows]
    s1 = tmp_path / "s1.sql"
    s1.write_text("\n".join(golds) + "\n")
    s2 = tmp_path / "s2.sql"  # same answers, different spelling; one wrong; one broken
    s2.write_text("\n".join([
        "select COUNT(*) from singer;",
        "SELECT T1.name, T1.country, T1.age FROM singer AS T1 ORDER BY T1.age DESC",
        "SELECT avg(age), min(age), max(age) FROM singer WHERE country = 'france'",
        "SELEC nothing",
    ]) + "\n")
    return bench, s1, s2, golds


def test_evaluate_structure_two_samples(tmp_path, mini_spider):
    from sqlverdict.bench import load_benchmark

    bench_p, s1, s2, golds = _bench_files(tmp_path, mini_spider)
    bench = load_benchmark(f"jsonl:{bench_p}")
    systems = load_samples([f"m={s1}", f"m={s2}"], bench)
    rep = evaluate_structure(bench, systems, judge=ExecutionJudge())
    m = rep.systems["m"]
    assert m["n_questions"] == 4 and m["n_samples"] == 8 and m["parse_failures"] == 1
    rows = {d["example_id"]: d for d in rep.detail}
    assert rows["0"]["measures"]["D"] == 1 and rows["0"]["measures"]["EA"] == 1.0
    assert rows["1"]["measures"]["D"] == 1  # aliases and spelling do not count
    assert rows["2"]["correct"] == [True, False]  # the literal's case matters
    assert rows["2"]["measures"]["D"] == 2
    assert rows["3"]["structures"][1] is None and rows["3"]["measures"]["PR"] == 0.5


def test_structure_cli_writes_summary_and_tables(tmp_path, mini_spider):
    bench_p, s1, s2, _ = _bench_files(tmp_path, mini_spider)
    out = tmp_path / "out"
    r = CliRunner().invoke(app, ["structure", "--benchmark", f"jsonl:{bench_p}",
                                 "--samples", f"A={s1}", "--samples", f"A={s2}",
                                 "--samples", f"B={s1}", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "Structure over all samples" in r.output and "Execution-correct subset" in r.output
    summary = json.loads((out / "structure_summary.json").read_text())
    assert set(summary["systems"]) == {"A", "B"}
    b = summary["systems"]["B"]
    assert (b["EA"], b["D"], b["MR"], b["RA"], b["PR"]) == (1.0, 1.0, 1.0, 1.0, 1.0)
    a = summary["systems"]["A"]
    assert a["EA"] == (1 + 1 + 0.5 + 0.5) / 4
    detail = [json.loads(x) for x in (out / "structure_detail.jsonl").read_text().splitlines()]
    assert len(detail) == 8


def test_structure_cli_user_errors(tmp_path, mini_spider):
    bench_p, s1, _, _ = _bench_files(tmp_path, mini_spider)
    r = CliRunner().invoke(app, ["structure", "--benchmark", f"jsonl:{bench_p}",
                                 "--samples", str(tmp_path / "missing.sql"),
                                 "--out", str(tmp_path / "o")])
    assert r.exit_code == 2 and "does not exist" in " ".join(r.output.split())


def test_correctness_from_a_registered_oracle(tmp_path, mini_spider):
    from sqlverdict.bench import load_benchmark
    from sqlverdict.structure.evaluate import OracleJudge

    bench_p, s1, s2, _ = _bench_files(tmp_path, mini_spider)
    bench = load_benchmark(f"jsonl:{bench_p}")
    systems = load_samples([f"m={s1}", f"m={s2}"], bench)
    rep = evaluate_structure(bench, systems, judge=OracleJudge("structure", bench))
    assert rep.correctness == "structure"
    rows = {d["example_id"]: d for d in rep.detail}
    # question 1: the second sample is execution-equal but spelled with aliases only, so the
    # structure oracle accepts it too; question 2: different literal -> not accepted
    assert rows["1"]["correct"] == [True, True]
    assert rows["2"]["correct"] == [True, False]
    assert rows["3"]["executed"] == [True, False]


def test_structure_cli_compat_spider(tmp_path, mini_spider):
    bench_p, s1, s2, _ = _bench_files(tmp_path, mini_spider)
    out = tmp_path / "o"
    r = CliRunner().invoke(app, ["structure", "--benchmark", f"jsonl:{bench_p}",
                                 "--samples", f"A={s1}", "--samples", f"A={s2}",
                                 "--compat", "spider", "--out", str(out)])
    assert r.exit_code == 0, r.output
    summary = json.loads((out / "structure_summary.json").read_text())
    assert summary["correctness"] == "execution"
    assert summary["systems"]["A"]["EA"] == (1 + 1 + 0.5 + 0.5) / 4
    bad = CliRunner().invoke(app, ["structure", "--benchmark", f"jsonl:{bench_p}",
                                   "--samples", str(s1), "--compat", "bird", "--out", str(out)])
    assert bad.exit_code == 2
