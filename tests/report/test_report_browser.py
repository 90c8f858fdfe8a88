"""Open the report in headless Chromium: leaderboard numbers match summary.json, filters
work, a witness opens with its differing rows marked, nothing is loaded from the network.

Screenshots go to ``$SQLVERDICT_SCREENSHOTS`` when set (else the test's tmp dir)."""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

import pytest
from tests.helpers.cdp import Browser, find_chromium
from tests.helpers.demo_run import shared_demo

from sqlverdict.report.html import render_report

from .runfixture import make_run

CHROMIUM = find_chromium()
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="chromium is not installed (apt-get install -y chromium); the report's browser "
           "test needs a real browser")


@pytest.fixture(scope="module")
def browser():
    b = Browser(CHROMIUM)
    b.call("Network.enable")
    yield b
    b.close()


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    root = tmp_path_factory.mktemp("browser")
    run = make_run(root)
    out = render_report(run, root / "out" / "report.html")
    return run, out


def check_leaderboard(browser, run: Path) -> None:
    summary = json.loads((run / "summary.json").read_text())
    cells = browser.js("""[...document.querySelectorAll('#leaderboard-table tbody tr')].map(tr =>
        [tr.dataset.system, [...tr.querySelectorAll('td[data-oracle]')].map(td =>
          [td.dataset.oracle, td.querySelector('.acc').textContent, +td.dataset.correct,
           +td.dataset.judged, +td.dataset.rank])])""")
    assert [c[0] for c in cells] == list(summary["systems"])
    for system, per in cells:
        assert {o for o, *_ in per} == set(summary["systems"][system]["oracles"])
        for oracle, shown, correct, judged, rank in per:
            m = summary["systems"][system]["oracles"][oracle]
            assert shown == f"{100 * m['accuracy']:.1f}%"
            assert (correct, judged, rank) == (m["correct"], m["judged"], m["rank"])


def _shots(tmp: Path) -> Path:
    d = Path(os.environ.get("SQLVERDICT_SCREENSHOTS", tmp))
    d.mkdir(parents=True, exist_ok=True)
    return d


def test_report_in_chromium(browser, report, tmp_path):
    run, out = report
    shots = _shots(tmp_path)
    browser.goto(out.resolve().as_uri())
    assert browser.js("document.title").startswith("sqlverdict report")

    # 1. leaderboard numbers against summary.json
    check_leaderboard(browser, run)
    browser.screenshot(shots / "report_top.png")

    # 2. the drill-down starts with every prediction, 50 per page
    n_rows = browser.js("sqlverdictReport.data.rows.length")
    assert n_rows == 90
    assert browser.js("document.querySelectorAll('#examples-body tr').length") == 50
    assert browser.js("document.getElementById('p-info').textContent") == "Page 1 of 2"

    # 3. a filter through the real controls: keyboard-reachable <select>s with labels
    labels = browser.js("""[...document.querySelectorAll('#filters select, #filters input')]
        .map(e => [e.id, e.closest('label') ? e.closest('label').textContent.trim().split(/\\s/)[0] : null,
                   e.tabIndex])""")
    assert all(lab and tab >= 0 for _, lab, tab in labels), labels
    verdicts = [json.loads(x) for x in (run / "verdicts.jsonl").read_text().splitlines()]
    expect = sorted({v["example_id"] for v in verdicts if v["system"] == "greedy_llm"
                     and v["oracle"] == "bounded" and v["status"] == "refuted"})
    shown = browser.js("""(() => {
        const set = (id, v) => { const e = document.getElementById(id); e.value = v;
                                 e.dispatchEvent(new Event('change')); };
        set('f-system', 'greedy_llm'); set('f-oracle', 'bounded'); set('f-status', 'refuted');
        return [...document.querySelectorAll('#examples-body tr[data-row] th')].map(t => t.textContent);
    })()""")
    assert sorted(shown) == expect and len(expect) >= 4
    assert browser.js("document.getElementById('match-count').textContent").startswith(
        f"{len(expect)} of 90")

    # 4. open a witness: tables, both results, differing rows marked in text
    opened = browser.js("""(() => {
        const row = [...document.querySelectorAll('#examples-body tr[data-row]')]
            .find(tr => tr.querySelector('th').textContent === 'school_02');
        const btn = row.querySelector('button.details'); btn.focus(); btn.click();
        const d = row.nextElementSibling;
        d.scrollIntoView();
        return {expanded: btn.getAttribute('aria-expanded'),
                captions: [...d.querySelectorAll('caption')].map(c => c.textContent),
                marks: [...d.querySelectorAll('td.mark')].map(t => t.textContent),
                links: [...d.querySelectorAll('.witness-links a')].map(a => a.getAttribute('href')),
                sql: d.querySelector('pre.sql .kw') !== null};
    })()""")
    assert opened["expanded"] == "true"
    assert "Witness table teacher (1 row)" in opened["captions"]
    assert "Witness table student (1 row)" in opened["captions"]
    assert {"Gold result", "Predicted result"} <= set(opened["captions"])
    assert "\u2212 only in gold" in opened["marks"]  # gold returns the teacher, NOT IN nothing
    assert opened["sql"]
    assert "../run/witnesses/greedy_llm/school_02.bounded.sqlite" in opened["links"]
    assert (out.parent / opened["links"][0]).resolve().is_file()
    browser.screenshot(shots / "report_witness.png")

    # 5. keyboard only: Tab walks through the filters, Enter on a Details button opens it
    browser.js("document.getElementById('f-reset').click(); document.getElementById('f-system').focus()")
    order = []
    for _ in range(6):
        browser.press("Tab", 9)
        order.append(browser.js("document.activeElement.id"))
    assert order == ["f-oracle", "f-status", "f-signature", "f-text", "f-disagree", "f-reset"]
    browser.js("document.querySelector('#examples-body button.details').focus()")
    browser.press("Enter", 13)
    assert browser.js("document.querySelector('#examples-body button.details')"
                      ".getAttribute('aria-expanded')") == "true"

    # 6. text search and reset
    n = browser.js("""(() => { document.getElementById('f-reset').click();
        return sqlverdictReport.setFilter({text: 'murakami'}); })()""")
    assert n == 3  # library_08 for each of the three systems
    browser.js("sqlverdictReport.setFilter({text: ''})")

    # 7. self-contained: every request was for the file itself (or inline data)
    urls = [e["params"]["request"]["url"] for e in browser.events
            if e.get("method") == "Network.requestWillBeSent"]
    assert urls and all(u.startswith(("file:", "data:")) for u in urls), urls
    assert not browser.errors(), browser.errors()

    # 8. a full-page screenshot of the static sections
    browser.js("window.scrollTo(0, 0)")
    browser.screenshot(shots / "report_full.png", full_page=True)
    for name in ("report_top.png", "report_witness.png", "report_full.png"):
        assert (shots / name).stat().st_size > 10_000


def test_report_without_javascript(browser, report, tmp_path):
    """With JavaScript disabled the static sections still carry the numbers."""
    run, out = report
    browser.call("Emulation.setScriptExecutionDisabled", value=True)
    try:
        browser.goto(out.resolve().as_uri())
        root = browser.call("DOM.getDocument", depth=-1)["root"]["nodeId"]
        dom = browser.call("DOM.getOuterHTML", nodeId=root)["outerHTML"]
        browser.screenshot(_shots(tmp_path) / "report_nojs.png")
    finally:
        browser.call("Emulation.setScriptExecutionDisabled", value=False)
    summary = json.loads((run / "summary.json").read_text())
    for s, d in summary["systems"].items():
        assert f'data-system="{s}"' in dom
        for m in d["oracles"].values():
            assert f"{100 * m['accuracy']:.1f}%" in dom
    n = next(iter(summary["systems"].values()))["n_examples"]
    assert ("<caption>Accuracy and rank of every system under every oracle: judged "
            in dom) and f" of {n} examples" in dom
    assert '<tbody id="examples-body"></tbody>' in dom  # not filled without JavaScript


@pytest.mark.skipif(importlib.util.find_spec("sqlverdict.demo") is None,
                    reason="sqlverdict.demo (the lead's run_demo) is not in this checkout")
def test_real_demo_report(browser, tmp_path_factory, tmp_path):
    """The report that `sqlverdict demo` writes, with whatever oracles this installation has
    (the session's one demo run, shared with ``tests/test_demo.py``)."""
    out, _ = shared_demo(tmp_path_factory)
    run = out / "run"
    report = run / "report.html"
    assert report.is_file()
    browser.events.clear()
    browser.goto(report.resolve().as_uri())
    check_leaderboard(browser, run)
    verdicts = [json.loads(x) for x in (run / "verdicts.jsonl").read_text().splitlines()]
    oracles = list(dict.fromkeys(v["oracle"] for v in verdicts))
    strict = oracles[-1]
    # near misses: accepted on the shipped database, rejected by a stricter oracle
    by = {(v["system"], v["example_id"], v["oracle"]): v["status"] for v in verdicts}
    expect = sorted(e for (s, e, o), st in by.items() if s == "greedy_llm" and o == strict
                    and st == "refuted")
    n = browser.js(f"sqlverdictReport.setFilter({{system: 'greedy_llm', oracle: '{strict}', "
                   "status: 'refuted'})")
    assert n == len(expect)
    shown = browser.js("[...document.querySelectorAll('#examples-body tr[data-row] th')]"
                       ".map(t => t.textContent)")
    assert sorted(shown) == expect
    if len(oracles) > 1:
        assert len(expect) >= 5  # greedy_llm's near misses
    first = browser.js("""(() => { const d = sqlverdictReport.openRow(sqlverdictReport.visibleRows()[0]);
        d.scrollIntoView();
        return [...d.querySelectorAll('caption')].map(c => c.textContent); })()""")
    assert "Verdicts of every oracle" in first
    assert {"Gold result", "Predicted result"} <= set(first)
    assert not browser.errors(), browser.errors()
    browser.screenshot(_shots(tmp_path) / "demo_witness.png")
    browser.js("window.scrollTo(0, 0)")
    browser.screenshot(_shots(tmp_path) / "demo_top.png")


def test_script_breaking_text_in_questions_and_sql(browser, tmp_path):
    """``<!--``, ``</script>`` and ``&`` in a question, the SQL and a result value (issue 15,
    item 5): the embedded data stays valid JSON, so the example browser shows every row."""
    run = make_run(tmp_path / "hostile")
    rows = [json.loads(x) for x in (run / "verdicts.jsonl").read_text().splitlines()]
    for r in rows[:6]:
        r["question"] = "Which <!-- names </script><script>window.bad=1</script> & more?"
        r["pred"] = "SELECT '<!--' || name FROM t -- </script>"
        r["evidence"] = {"pred_result": [["<!-- x"]], "gold_result": [["</script>"]]}
    (run / "verdicts.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    out = render_report(run)
    browser.events.clear()
    browser.goto(out.resolve().as_uri())
    assert browser.js("sqlverdictReport.data.rows.length") == len(
        {(r["system"], r["example_id"]) for r in rows})
    assert browser.js("document.querySelectorAll('#examples-body tr').length") > 0
    assert browser.js("sqlverdictReport.setFilter({text: '<!--'})") >= 1
    shown = browser.js("document.querySelector('#examples-body').textContent")
    assert "<!--" in shown
    assert browser.js("window.bad === undefined")
    assert not browser.errors(), browser.errors()
