"""``sqlverdict demo`` end to end: every oracle, near misses caught with witnesses."""

import json

from tests.helpers.demo_run import shared_demo


def test_demo_runs_every_oracle_and_shows_near_misses(tmp_path_factory):
    out, demo = shared_demo(tmp_path_factory)  # the session's one `sqlverdict demo` run
    first = demo["first"]
    assert first["exit_code"] == 0, first["output"]
    summary = json.loads(first["summary.json"])
    greedy = summary["systems"]["greedy_llm"]["oracles"]
    assert set(greedy) == {"execution", "suite", "bounded"}
    assert greedy["execution"]["accuracy"] > greedy["suite"]["accuracy"]
    assert greedy["execution"]["accuracy"] > greedy["bounded"]["accuracy"]
    assert "near misses: execution accepts them" in first["output"]
    assert "gold result:" in first["output"] and "report:" in first["output"]
    rows = [json.loads(x) for x in first["verdicts.jsonl"].splitlines()]
    refuted = [r for r in rows if r["oracle"] == "bounded" and r["status"] == "refuted"
               and (r.get("evidence") or {}).get("witness")]
    assert refuted and all((out / "run" / r["witness_files"][0]).is_file() for r in refuted)
    # a second demo in the same directory resumes and recomputes nothing
    again = demo["again"]
    assert again["exit_code"] == 0, again["output"]
    run = json.loads((out / "run" / "run.json").read_text())
    assert run["computed"] == 0 and run["reused"] == 3 * 30 * 3
