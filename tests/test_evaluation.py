"""``evaluate`` and ``sqlverdict eval``: the reference figure and resume after SIGKILL on the
real Spider dev data; determinism across worker counts and resume on the shipped mini Spider."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from sqlverdict.bench import load_benchmark, load_predictions
from sqlverdict.cli import app
from sqlverdict.evaluation import evaluate
from sqlverdict.oracles.base import EvalOptions


@pytest.fixture
def mini_preds(mini_spider, tmp_path):
    """Predictions for the mini Spider: the golds, every third one replaced by a wrong query
    and every seventh by one that fails."""
    lines = []
    for i, line in enumerate((mini_spider / "dev_gold.sql").read_text().splitlines()):
        sql = line.split("\t")[0]
        lines.append("SELECT count(*) FROM singer" if i % 3 == 1 else
                     "SELECT nope FROM singer" if i % 7 == 6 else sql)
    p = tmp_path / "mini.sql"
    p.write_text("\n".join(lines) + "\n")
    return p

def _rows(run_dir):
    out = []
    for line in (run_dir / "verdicts.jsonl").read_text().splitlines():
        d = json.loads(line)
        d.pop("elapsed_s")
        out.append(d)
    return out


def test_dailsql_reference_figure_and_four_systems_in_one_run(tmp_path, shared_data):
    spider = shared_data / "spider"
    preds = spider / "predictions"
    runner = CliRunner()
    args = ["eval", "--benchmark", f"spider:{spider}", "--oracle", "execution",
            "--out", str(tmp_path / "run"), "--workers", "2", "--quiet"]
    for name, f in [("dail", "dailsql_gpt4.sql"), ("c3", "c3sql_gpt35.sql"),
                    ("din", "dinsql_gpt4.sql"), ("graphix", "graphix_via_dailsql.sql")]:
        args += ["--predictions", f"{name}={preds / f}"]
    res = runner.invoke(app, args)
    assert res.exit_code == 0, res.output
    summary = json.loads((tmp_path / "run" / "summary.json").read_text())
    dail = summary["systems"]["dail"]
    assert dail["n_examples"] == 1034 and dail["n_skipped"] == 62
    ex = dail["oracles"]["execution"]
    assert ex["judged"] == 972
    assert abs(100 * ex["accuracy"] - 83.1) <= 0.5, ex
    assert set(summary["systems"]) == {"dail", "c3", "din", "graphix"}
    ranks = sorted(s["oracles"]["execution"]["rank"] for s in summary["systems"].values())
    assert ranks[0] == 1
    rows = (tmp_path / "run" / "verdicts.jsonl").read_text().splitlines()
    assert len(rows) == 4 * 1034
    skipped = [json.loads(r) for r in rows if '"skipped": true' in r]
    assert len(skipped) == 4 * 62 and all(r["db_id"] == "wta_1" for r in skipped)
    assert "dail" in res.output and "83.1%" in res.output
    csv = (tmp_path / "run" / "summary.csv").read_text().splitlines()
    assert csv[0].startswith("system,oracle,accuracy") and len(csv) == 5


def test_same_verdicts_with_one_or_two_workers(tmp_path, mini_spider, mini_preds):
    bench = load_benchmark(f"spider:{mini_spider}")
    systems = [load_predictions(mini_preds, bench, "m")]
    evaluate(bench, systems, ["execution"], tmp_path / "a", workers=1)
    evaluate(bench, systems, ["execution"], tmp_path / "b", workers=2)
    rows = _rows(tmp_path / "a")
    assert rows == _rows(tmp_path / "b")
    statuses = {r["status"] for r in rows}
    assert statuses == {"consistent", "refuted", "unknown"}  # wta_1: skipped, unknown


def test_rerun_without_resume_is_refused_and_resume_reuses_everything(tmp_path, mini_spider,
                                                                     mini_preds):
    bench = load_benchmark(f"spider:{mini_spider}")
    systems = [load_predictions(mini_preds, bench, "m")]
    r1 = evaluate(bench, systems, ["execution"], tmp_path / "r", limit=40)
    from sqlverdict.errors import InputError

    with pytest.raises(InputError, match="--resume"):
        evaluate(bench, systems, ["execution"], tmp_path / "r", limit=40)
    r2 = evaluate(bench, systems, ["execution"], tmp_path / "r", limit=40, resume=True)
    assert r1.computed == 40 and r2.computed == 0 and r2.reused == 40
    # a different oracle configuration is a different verdict: recomputed, not reused
    r3 = evaluate(bench, systems, ["execution"], tmp_path / "r",
                  EvalOptions(compat="spider"), limit=40, resume=True)
    assert r3.computed == 40


def test_sigkill_mid_run_then_resume_equals_an_uninterrupted_run(tmp_path, shared_data):
    spider = shared_data / "spider"
    preds = spider / "predictions"
    base = [sys.executable, "-m", "sqlverdict", "eval", "--benchmark", f"spider:{spider}",
            "--predictions", f"dail={preds / 'dailsql_gpt4.sql'}",
            "--predictions", f"din={preds / 'dinsql_gpt4.sql'}",
            "--predictions", f"c3={preds / 'c3sql_gpt35.sql'}",
            "--predictions", f"graphix={preds / 'graphix_via_dailsql.sql'}",
            "--oracle", "execution", "--quiet"]
    killed = tmp_path / "killed"
    proc = subprocess.Popen(base + ["--out", str(killed)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    journal = killed / "journal.sqlite"
    n = 0
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if journal.exists():
            try:
                c = sqlite3.connect(journal, timeout=1)
                n = c.execute("SELECT count(*) FROM verdicts").fetchone()[0]
                c.close()
            except sqlite3.Error:
                n = 0
            if n >= 1:  # first batch committed: the run is under way
                break
        time.sleep(0.01)
    assert proc.poll() is None, "run finished before it could be killed"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert not (killed / "verdicts.jsonl").exists()
    done = subprocess.run(base + ["--out", str(killed), "--resume"], capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    assert "reused" in done.stdout
    full = subprocess.run(base + ["--out", str(tmp_path / "full")], capture_output=True, text=True)
    assert full.returncode == 0, full.stderr
    assert _rows(killed) == _rows(tmp_path / "full")
    run = json.loads((killed / "run.json").read_text())
    assert run["reused"] >= 1 and run["computed"] + run["reused"] == 4 * 972


def test_cli_errors_are_one_line_and_exit_2(tmp_path, mini_spider):
    runner = CliRunner()
    res = runner.invoke(app, ["eval", "--benchmark", "nope:x", "--predictions", "a=b",
                              "--out", str(tmp_path / "o")])
    assert res.exit_code == 2 and "KIND:PATH" in res.output and "Traceback" not in res.output
    res = runner.invoke(app, ["eval", "--benchmark", f"spider:{mini_spider}", "--predictions",
                              "nofile", "--out", str(tmp_path / "o")])
    assert res.exit_code == 2 and "'nofile' does not exist" in res.output
    res = runner.invoke(app, ["eval", "--benchmark", f"spider:{mini_spider}", "--predictions",
                              "name=", "--out", str(tmp_path / "o")])
    assert res.exit_code == 2 and "NAME=FILE" in res.output


def test_bounded_judgements_run_isolated_under_a_memory_limit(tmp_path):
    """A pair that exceeds its memory budget is UNKNOWN with a reason; the run finishes.
    Z3 may abort (SIGABRT) on a failed allocation instead of raising, hence two reasons."""
    from sqlverdict.bench.demo import build_demo

    questions, preds = build_demo(tmp_path / "demo")
    bench = load_benchmark(f"jsonl:{questions}")
    systems = [load_predictions(preds["greedy_llm"], bench, "greedy")]
    opts = EvalOptions(bound=2, verify_timeout_s=20, bounded_on="all", extra={"memory_mb": 64})
    r = evaluate(bench, systems, ["execution", "bounded"], tmp_path / "run", opts, limit=3)
    rows = [json.loads(x) for x in (tmp_path / "run" / "verdicts.jsonl").read_text().splitlines()]
    bounded = [x for x in rows if x["oracle"] == "bounded"]
    assert len(bounded) == 3
    assert all(x["status"] == "unknown" and ("memory budget exceeded (64 MB)" in x["reason"]
                                             or "worker crashed" in x["reason"])
               for x in bounded), [(x["status"], x["reason"]) for x in bounded]
    assert r.summary["systems"]["greedy"]["oracles"]["execution"]["judged"] == 3
