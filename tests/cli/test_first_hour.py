"""What a newcomer meets in the first hour (issue 16): the report written by default, progress
in a log, one warning per kind, output not cut when piped, and the small things."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from sqlverdict.bench import load_benchmark, load_predictions
from sqlverdict.cli import app
from sqlverdict.evaluation import evaluate


@pytest.fixture
def golds_file(mini_spider, tmp_path):
    """The mini Spider's golds as a prediction file named ``golds.sql``."""
    p = tmp_path / "golds.sql"
    p.write_text("".join(line.split("\t")[0] + "\n"
                         for line in (mini_spider / "dev_gold.sql").read_text().splitlines()))
    return p


def _eval(mini_spider, preds, out, *extra):
    return CliRunner().invoke(app, ["eval", "--benchmark", f"spider:{mini_spider}",
                                    "--predictions", str(preds), "--out", str(out), *extra])


def test_eval_writes_the_report_by_default_and_names_the_system_after_the_file(
        mini_spider, golds_file, tmp_path):
    res = _eval(mini_spider, golds_file, tmp_path / "run")
    assert res.exit_code == 0, res.output
    assert (tmp_path / "run" / "report.html").is_file()
    assert f"report: {tmp_path / 'run' / 'report.html'}" in res.output
    summary = json.loads((tmp_path / "run" / "summary.json").read_text())
    assert list(summary["systems"]) == ["golds"]  # --predictions FILE: the file's stem
    res = _eval(mini_spider, golds_file, tmp_path / "bare", "--no-report")
    assert res.exit_code == 0 and not (tmp_path / "bare" / "report.html").exists()


def test_progress_is_a_line_per_ten_percent_when_not_on_a_terminal(mini_spider, golds_file,
                                                                    tmp_path):
    res = subprocess.run([sys.executable, "-m", "sqlverdict", "eval", "--benchmark",
                          f"spider:{mini_spider}", "--predictions", str(golds_file),
                          "--out", str(tmp_path / "run"), "--no-report"],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    lines = [x for x in res.stderr.splitlines() if x.startswith("judging:")]
    assert [x.split()[1] for x in lines] == [f"{p}%" for p in range(10, 101, 10)]
    assert lines[-1].startswith("judging: 100% (45/45)")
    assert "\x1b[" not in res.stderr  # no bar drawn into a log


def test_the_library_reports_progress_through_a_callback_and_draws_nothing(
        mini_spider, golds_file, tmp_path, capsys):
    bench = load_benchmark(f"spider:{mini_spider}")
    seen = []
    evaluate(bench, [load_predictions(golds_file, bench)], ["execution"], tmp_path / "r",
             progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (45, 45) and [d for d, _ in seen] == list(range(1, 46))
    out = capsys.readouterr()
    assert out.out == "" and out.err == ""


def test_one_warning_per_kind_and_limit_keeps_predictions_aligned(mini_spider, tmp_path):
    golds = [line.split("\t")[0] for line in (mini_spider / "dev_gold.sql").read_text().splitlines()]
    bird_dict = {str(i): f"{g}\t----- bird -----\tconcert_singer" for i, g in enumerate(golds)}
    bird_dict.update({str(1000 + i): "SELECT 1" for i in range(300)})  # keys of no question
    p = tmp_path / "pred.json"
    p.write_text(json.dumps(bird_dict))
    res = _eval(mini_spider, p, tmp_path / "run", "--limit", "5", "--no-report")
    assert res.exit_code == 0, res.output
    warnings = [x for x in res.output.splitlines() if x.startswith("warning")]
    assert len(warnings) == 1, warnings
    assert "300 key(s) match no example; ignored: '1000', '1001', '1002', ..." in warnings[0]
    summary = json.loads((tmp_path / "run" / "summary.json").read_text())
    ex = summary["systems"]["pred"]["oracles"]["execution"]
    assert (ex["correct"], ex["judged"]) == (5, 5)  # keys 0-4 still match questions 0-4


def test_empty_oracle_entry_and_a_timeout_of_zero_are_errors(mini_spider, golds_file, tmp_path):
    res = _eval(mini_spider, golds_file, tmp_path / "run", "--oracle", "execution,,match")
    assert res.exit_code == 2 and "empty entry" in res.output
    for args in (["eval", "--gold", str(mini_spider / "dev_gold.sql"), "--pred", str(golds_file),
                  "--timeout", "0"],
                 ["constraints", "validate", "c.json", "--out", "v.json", "--offline",
                  "--timeout", "-1"]):
        res = CliRunner().invoke(app, args)
        assert res.exit_code == 2 and "give a positive number of seconds" in res.output


def test_piped_output_and_help_are_not_cut_at_80_columns(mini_spider, golds_file, tmp_path):
    env = {k: v for k, v in __import__("os").environ.items() if k != "COLUMNS"}
    helps = subprocess.run([sys.executable, "-m", "sqlverdict", "eval", "--help"],
                           capture_output=True, text=True, env=env)
    assert helps.returncode == 0 and "…" not in helps.stdout
    assert "execution,suite,bounded,structure,match" in helps.stdout
    res = subprocess.run([sys.executable, "-m", "sqlverdict", "eval", "--benchmark",
                          f"spider:{mini_spider}", "--predictions", f"a_system_with_a_long_name="
                          f"{golds_file}", "--predictions", f"another={golds_file}",
                          "--oracle", "execution,match", "--out",
                          str(tmp_path / "run"), "--no-report"],
                         capture_output=True, text=True, env=env)
    assert res.returncode == 0, res.stderr
    row = next(x for x in res.stdout.splitlines() if "a_system_with_a_long_name match" in x)
    assert "100.0% of 45" in row and len(row) > 80


def test_constraints_mine_a_benchmark_folder(mini_spider, tmp_path):
    res = CliRunner().invoke(app, ["constraints", "mine", str(mini_spider),
                                   "--out", str(tmp_path / "cons")])
    assert res.exit_code == 0, res.output
    files = sorted(p.name for p in (tmp_path / "cons").iterdir())
    assert files == ["concert_singer.json"]
    cs = json.loads((tmp_path / "cons" / "concert_singer.json").read_text())
    assert cs["database"] == "concert_singer" and cs["constraints"]
    empty = tmp_path / "nothing"
    empty.mkdir()
    res = CliRunner().invoke(app, ["constraints", "mine", str(empty), "--out", str(tmp_path / "x")])
    assert res.exit_code == 2 and "no SQLite database" in res.output


def test_the_llm_base_url_has_one_name(fake_llm, mini_spider, tmp_path):
    from tests.helpers.fake_llm_server import Reply, completion

    fake_llm.default = lambda req: Reply(200, completion(["SELECT count(*) FROM singer"]))
    for flags in (["--llm-base-url", fake_llm.url, "--llm-model", "m"],
                  ["--base-url", fake_llm.url, "--model", "m"]):  # the former names still work
        res = CliRunner().invoke(app, ["generate", "--benchmark", f"spider:{mini_spider}",
                                       "--limit", "1", *flags, "--n", "1",
                                       "--cache-dir", str(tmp_path / "c"),
                                       "--out", str(tmp_path / "pool.jsonl")])
        assert res.exit_code == 0, res.output


@pytest.fixture
def fake_llm():
    from tests.helpers.fake_llm_server import FakeLLMServer

    with FakeLLMServer() as srv:
        yield srv
