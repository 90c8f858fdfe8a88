"""The HTML report without a browser: sections, optional analyses, hostile text, the CLI."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from typer.testing import CliRunner

from sqlverdict.cli import app
from sqlverdict.errors import InputError
from sqlverdict.report.html import load_run, reason_class, render_report

from .runfixture import make_run


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return make_run(tmp_path_factory.mktemp("html"))


def _data(html: str) -> dict:
    m = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', html, re.S)
    return json.loads(m.group(1))


def test_sections_and_numbers(run, tmp_path):
    out = render_report(run, tmp_path / "r.html")
    html = out.read_text()
    for h in ("Leaderboard", "Where the oracles disagree", "Difference signatures", "Runtime",
              "Unknown reasons", "Analyses", "Examples"):
        assert f">{h}</h2>" in html, h
    # one caption per data table
    assert html.count("<table") == html.count("<caption>")
    summary = json.loads((run / "summary.json").read_text())
    for d in summary["systems"].values():
        for o, m in d["oracles"].items():
            assert f'data-oracle="{o}" data-accuracy="{m["accuracy"]}"' in html
    # execution accepts and bounded refutes the greedy system's near misses
    row = re.search(r"<tr><th scope=\"row\">greedy_llm</th><td class=\"num\">(\d+)</td>", html)
    verdicts = [json.loads(x) for x in (run / "verdicts.jsonl").read_text().splitlines()]
    by = {(v["system"], v["example_id"], v["oracle"]): v["status"] for v in verdicts}
    expect = sum(1 for (s, e, o), st in by.items() if s == "greedy_llm" and o == "execution"
                 and st == "consistent" and by[(s, e, "bounded")] == "refuted")
    assert row and int(row.group(1)) == expect == 4
    # unknown reasons grouped by construct; runtime split by bound
    assert "unsupported: nested aggregate" in html
    assert "time budget exceeded" in html
    data = _data(html)
    assert len(data["rows"]) == 90 and data["oracles"] == ["execution", "bounded"]
    # analyses present: constraint table, structure measures, certificate charts
    assert "NOT NULL mined" in html and "majority_ratio" in html
    assert "Held-out risk vs alpha (question)" in html and "AUROC per score" in html
    bare = html.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "<script src" not in bare and "http://" not in bare and "https://" not in bare
    assert "<link" not in bare and "@import" not in bare


def test_optional_files_absent_and_broken(run, tmp_path):
    bare = tmp_path / "bare"
    bare.mkdir()
    for f in ("verdicts.jsonl", "summary.json"):
        shutil.copy(run / f, bare / f)
    with open(bare / "verdicts.jsonl", "a") as f:
        f.write("{not json\n")
    (bare / "certificate.json").write_text("{broken")
    html = render_report(bare).read_text()
    assert ">Analyses</h2>" not in html
    assert "verdicts.jsonl line 181 skipped" in html
    assert "certificate.json could not be read" in html
    assert (bare / "report.html").is_file()


def test_summary_recomputed_when_missing(run, tmp_path):
    d = tmp_path / "nosummary"
    d.mkdir()
    shutil.copy(run / "verdicts.jsonl", d)
    r = load_run(d)
    expected = json.loads((run / "summary.json").read_text())
    for s, v in expected["systems"].items():
        for o, m in v["oracles"].items():
            assert r.summary["systems"][s]["oracles"][o]["correct"] == m["correct"]


def test_hostile_text_is_escaped(tmp_path):
    evil = "</script><script>window.pwned=1</script><img src=x onerror=alert(1)>"
    row = {"system": "s<b>", "example_id": "1", "db_id": "d", "oracle": "execution",
           "status": "refuted", "reason": evil, "elapsed_s": 0.1, "question": evil,
           "gold": "SELECT '</script>'", "pred": evil, "signature": "disjoint",
           "evidence": {"gold_result": [[evil]], "pred_result": [["\u2028"]]}}
    (tmp_path / "verdicts.jsonl").write_text(json.dumps(row) + "\n")
    html = render_report(tmp_path).read_text()
    assert evil not in html
    assert "<b>" not in html.split("<body>")[1].split('id="report-data"')[0]
    assert _data(html)["rows"][0][2] == evil  # intact inside the JSON


def test_reason_classes():
    assert reason_class("unsupported: window function (ROW_NUMBER)") == \
        "unsupported: window function"
    assert reason_class("") == "(no reason given)"
    assert reason_class("gold error: syntax: near x") == "gold error: syntax"


def test_not_a_run_dir(tmp_path):
    with pytest.raises(InputError, match="not a run directory"):
        render_report(tmp_path)
    with pytest.raises(InputError, match="does not exist"):
        render_report(tmp_path / "missing")


def test_cli(run, tmp_path):
    out = tmp_path / "cli.html"
    r = CliRunner().invoke(app, ["report", str(run), "--html", str(out)])
    assert r.exit_code == 0, r.output
    assert r.output.startswith(f"wrote {out} (") and out.is_file()
    r = CliRunner().invoke(app, ["report", str(tmp_path / "nope")])
    assert r.exit_code == 2
    assert "does not exist" in " ".join(r.output.split())
