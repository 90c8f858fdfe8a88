"""The hostile corpus (issue 15, items 1-5) through every command that runs predictions.

Writes, DDL, ATTACH and VACUUM INTO to files next to the run and in the working directory,
values too large for memory, a function call that runs for minutes, results of hundreds of
KB, rich markup and ``<!--`` in values, names and questions: run through ``eval`` under every
oracle (bounded on every pair), ``report``, ``verify`` and ``verify-batch``, each in its own
process tree from an empty working directory. Afterwards no file exists that was not there
before, outside the output folders; every database is byte-identical; the process tree never
held 2 GB; every prediction has a verdict with a reason.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import sqlite3
import sys
from pathlib import Path

import pytest
from tests.conftest import SHARED_DATA
from tests.helpers import proctree

SPIDER = SHARED_DATA / "spider"

LIMIT_BYTES = 2 * 2**30
GOLD = "SELECT count(*) FROM singer"
SIX = ", ".join(f"singer s{i}" for i in range(11))
CORPUS = [
    # item 1: files and writes (relative paths land in the working directory)
    "VACUUM INTO 'vacuum.db'",
    "VACUUM INTO '{tmp}/vacuum_abs.db'",
    "ATTACH DATABASE 'attach.db' AS a",
    "ATTACH DATABASE '{tmp}/attach_abs.db' AS a",
    "SELECT load_extension('{tmp}/evil.so')",
    "INSERT INTO singer (Singer_ID, Name) VALUES (99, 'x')",
    "DROP TABLE singer",
    "PRAGMA journal_mode = DELETE",
    "SELECT 1; DROP TABLE singer",
    f"SELECT count(*) FROM {SIX}",
    # item 2 and 13: one value too large, one call that would run for minutes
    "SELECT randomblob(300000000)",
    "SELECT length(zeroblob(1000000000))",
    "SELECT printf('%.*c', 1000000000, 'x')",
    "SELECT length(trim(replace(hex(zeroblob(200000)), '0', 'a'), "
    "replace(hex(zeroblob(200000)), '0', 'b') || 'a'))",
    # item 3: a value of ~0.7 MB, stored clipped
    "SELECT group_concat(a.Name || b.Country || c.Name) FROM singer a, singer b, singer c, "
    "singer d, singer e",
    # item 4: values that look like markup
    "SELECT '[/x]' FROM singer",
    "SELECT '[bold red]verified[/bold red]'",
    # item 5: script-breaking text
    "SELECT '<!-- x' FROM singer",
    "SELECT '</script><script>alert(1)</script>' AS \"<!--\"",
]
QUESTIONS = ["How many singers? <!--", "[/x] How many singers?", "</script> how many?"]


def _sha(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def _files(root: Path, skip: tuple[Path, ...] = ()) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*")
            if not any(p == s or s in p.parents for s in skip)}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory, shared_data):
    if not proctree.available():
        pytest.skip("/proc is needed to measure the memory of a process tree")
    root = tmp_path_factory.mktemp("hostile")
    shipped = SPIDER / "database" / "concert_singer" / "concert_singer.sqlite"
    data = root / "data"
    data.mkdir()
    db = data / "concert_singer.sqlite"
    shutil.copy(shipped, db)
    suite = root / "suite" / "concert_singer"
    suite.mkdir(parents=True)
    for i, keep in enumerate((3, 1)):  # two suite instances with fewer singers
        inst = suite / f"{i:03d}.sqlite"
        shutil.copy(shipped, inst)
        c = sqlite3.connect(inst)
        c.execute("DELETE FROM singer_in_concert")
        c.execute(f"DELETE FROM singer WHERE rowid > {keep}")
        c.commit()
        c.close()
    preds = [p.format(tmp=data) for p in CORPUS]
    with open(data / "bench.jsonl", "w", encoding="utf-8") as f:
        for i, _ in enumerate(preds):
            f.write(json.dumps({"id": f"h{i:02d}", "db_id": "concert_singer",
                                "question": QUESTIONS[i % len(QUESTIONS)], "gold": GOLD,
                                "db": db.name}) + "\n")
    (data / "preds.sql").write_text("\n".join(preds) + "\n", encoding="utf-8")
    with open(data / "pairs.jsonl", "w", encoding="utf-8") as f:
        for i, p in enumerate(preds):
            f.write(json.dumps({"id": f"h{i:02d}", "gold": GOLD, "pred": p,
                                "schema": str(db)}) + "\n")
    cwd = root / "cwd"
    cwd.mkdir()
    watched = [db, *sorted(suite.glob("*.sqlite")), shipped]
    state = {"root": root, "data": data, "db": db, "suite": suite.parent, "cwd": cwd,
             "preds": preds, "watched": watched, "sha": {p: _sha(p) for p in watched},
             "peaks": {}}
    yield state
    if os.environ.get("SQLVERDICT_PEAKS_OUT"):  # benchmarks/hostile_corpus.py collects these
        Path(os.environ["SQLVERDICT_PEAKS_OUT"]).write_text(json.dumps(state["peaks"]))


def _run(corpus, name: str, args: list[str], outs: tuple[Path, ...], codes=(0,)):
    cmd = [sys.executable, "-m", "sqlverdict", *args]
    before = _files(corpus["root"])
    res, peak = proctree.run_measured(cmd, cwd=corpus["cwd"])
    corpus["peaks"][name] = peak
    assert res.returncode in codes, (name, res.stdout[-2000:], res.stderr[-2000:])
    assert "Traceback" not in res.stderr, res.stderr[-3000:]
    new = _files(corpus["root"], outs) - before
    assert not new, f"{name} created files outside its output: {sorted(new)}"
    assert {p: _sha(p) for p in corpus["watched"]} == corpus["sha"], f"{name} changed a database"
    assert peak < LIMIT_BYTES, f"{name}: process tree peaked at {peak / 2**20:.0f} MiB"
    return res


def test_eval_every_oracle_and_report(corpus):
    out = corpus["root"] / "run"
    d = corpus["data"]
    res = _run(corpus, "eval", [
        "eval", "--benchmark", f"jsonl:{d / 'bench.jsonl'}",
        "--predictions", f"[/x]={d / 'preds.sql'}",
        "--oracle", "execution,suite,bounded", "--bounded-on", "all", "--suite",
        str(corpus["suite"]), "--timeout", "3", "--verify-timeout", "3", "--quiet",
        "--out", str(out)], (out,))
    assert "[/x]" in res.stdout  # the system name, printed literally
    rows = [json.loads(x) for x in (out / "verdicts.jsonl").read_text().splitlines()]
    n = len(corpus["preds"])
    assert len(rows) == 3 * n
    for r in rows:
        assert r["status"] in ("refuted", "unknown", "consistent", "verified"), r
        assert r["reason"].strip(), r
    by = {(r["example_id"], r["oracle"]): r for r in rows}
    blob = corpus["preds"].index("SELECT randomblob(300000000)")
    assert by[(f"h{blob:02d}", "execution")]["evidence"]["error_kind"] == "memory"
    big = next(i for i, p in enumerate(corpus["preds"]) if p.startswith("SELECT group_concat"))
    value = by[(f"h{big:02d}", "execution")]["evidence"]["pred_result"][0][0]
    assert re.search(r"… \[truncated, \d{6} bytes\]$", value) and len(value) <= 4096
    for f in ("verdicts.jsonl", "journal.sqlite"):
        assert (out / f).stat().st_size < 2**20, f

    report = _run(corpus, "report", ["report", str(out)], (out,))
    assert "wrote" in report.stdout
    html = (out / "report.html").read_text(encoding="utf-8")
    assert len(html) < 2**20
    data = re.search(r'<script type="application/json" id="report-data">(.*?)</script>',
                     html, re.S).group(1)
    assert "<!--" not in data and "</" not in data
    parsed = json.loads(data)  # the example browser's data is valid JSON
    assert any("<!--" in q[1] for q in parsed["examples"].values())


def test_verify_batch(corpus):
    out = corpus["root"] / "batch"
    out.mkdir()
    _run(corpus, "verify-batch", ["verify-batch", "--pairs", str(corpus["data"] / "pairs.jsonl"),
                                  "--out", str(out / "results.jsonl"), "--timeout", "3"], (out,))
    lines = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
    assert sorted(d["id"] for d in lines) == [f"h{i:02d}" for i in range(len(corpus["preds"]))]
    for d in lines:
        assert d["status"] in ("refuted", "unknown", "verified") and d["reason"].strip(), d


MARKUP = CORPUS.index("SELECT '[bold red]verified[/bold red]'")
# one of each kind (a process per pair: the whole corpus goes through verify-batch above)
ONE_EACH = [0, 2, 10, 12, 14, CORPUS.index("SELECT '[/x]' FROM singer"), MARKUP,
            CORPUS.index("SELECT '<!-- x' FROM singer")]


@pytest.mark.parametrize("index", ONE_EACH)
def test_verify(corpus, index):
    pred = corpus["preds"][index]
    res = _run(corpus, f"verify {index}", ["verify", "--schema", str(corpus["db"]),
                                           "--timeout", "3", GOLD, pred], (), codes=(0, 1, 2))
    first = res.stdout.splitlines()[0]
    assert first.split(" ")[0] in ("refuted", "unknown", "verified"), res.stdout
    # the exit status follows diff: 0 verified, 1 refuted, 2 unknown
    assert res.returncode == {"verified": 0, "refuted": 1}.get(first.split(" ")[0], 2)
    if index == MARKUP:  # a value prints as it is, never as markup
        assert "[bold red]verified[/bold red]" in res.stdout, res.stdout
