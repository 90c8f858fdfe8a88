import json

from typer.testing import CliRunner

from sqlverdict.cli import app

runner = CliRunner()


def test_build_and_census_commands(bench_file, tmp_path):
    out = tmp_path / "suite"
    r = runner.invoke(app, ["suite", "build", "--benchmark", f"jsonl:{bench_file}", "--out", str(out),
                            "--seed", "3", "--workers", "1", "--json"])
    assert r.exit_code == 0, r.output
    m = json.loads(r.stdout)
    assert m["seed"] == 3 and (out / "music" / "000.sqlite").is_file()
    r = runner.invoke(app, ["suite", "census", "--benchmark", f"jsonl:{bench_file}", "--suite", str(out)])
    assert r.exit_code == 0, r.output
    assert "collision census" in r.stdout and "near-miss census" in r.stdout


def test_unknown_database_is_a_clean_error(bench_file, tmp_path):
    r = runner.invoke(app, ["suite", "build", "--benchmark", f"jsonl:{bench_file}", "--out",
                            str(tmp_path / "s"), "--db-id", "nope"])
    assert r.exit_code == 2
    assert "nope" in r.output and "Traceback" not in r.output
