"""``sqlverdict demo`` end to end: every oracle, near misses caught with witnesses."""

import json

from typer.testing import CliRunner

from sqlverdict.cli import app


def test_demo_runs_every_oracle_and_shows_near_misses(tmp_path):
    res = CliRunner().invoke(app, ["demo", "--out", str(tmp_path / "demo")])
    assert res.exit_code == 0, res.output
    summary = json.loads((tmp_path / "demo" / "run" / "summary.json").read_text())
    greedy = summary["systems"]["greedy_llm"]["oracles"]
    assert set(greedy) == {"execution", "suite", "bounded"}
    assert greedy["execution"]["accuracy"] > greedy["suite"]["accuracy"]
    assert greedy["execution"]["accuracy"] > greedy["bounded"]["accuracy"]
    assert "near misses: execution accepts them" in res.output
    assert "gold result:" in res.output and "report:" in res.output
    rows = [json.loads(x) for x in
            (tmp_path / "demo" / "run" / "verdicts.jsonl").read_text().splitlines()]
    refuted = [r for r in rows if r["oracle"] == "bounded" and r["status"] == "refuted"
               and (r.get("evidence") or {}).get("witness")]
    assert refuted and all((tmp_path / "demo" / "run" / r["witness_files"][0]).is_file()
                           for r in refuted)
    # a second demo in the same directory resumes and recomputes nothing
    again = CliRunner().invoke(app, ["demo", "--out", str(tmp_path / "demo")])
    assert again.exit_code == 0, again.output
    run = json.loads((tmp_path / "demo" / "run" / "run.json").read_text())
    assert run["computed"] == 0 and run["reused"] == 3 * 30 * 3
