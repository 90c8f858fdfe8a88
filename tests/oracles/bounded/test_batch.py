"""verify_batch on the isolated pool: order, resume, bad lines, the search fallback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sqlverdict.oracles.bounded.batch import verify_batch


@pytest.fixture
def concert(spider_db) -> str:  # every pair's "schema"
    return str(spider_db("concert_singer"))

PAIRS = [
    {"id": "same", "gold": "SELECT name FROM singer WHERE age > 30",
     "pred": "SELECT name FROM singer WHERE 30 < age"},
    {"id": "count", "gold": "SELECT count(*) FROM singer",
     "pred": "SELECT count(song_name) FROM singer"},
    {"id": "groupconcat", "gold": "SELECT group_concat(name) FROM singer",
     "pred": "SELECT max(name) FROM singer"},
    {"id": "nogold", "pred": "SELECT 1"},
    {"id": "ge", "gold": "SELECT name FROM singer WHERE age > 30",
     "pred": "SELECT name FROM singer WHERE age >= 30"},
]


def _write(path: Path, pairs, concert) -> None:
    with open(path, "w") as f:
        for p in pairs:
            f.write(json.dumps({**p, "schema": concert}) + "\n")
        f.write("{not json\n")


def _read(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines()]


def test_batch_order_statuses_and_search(tmp_path, concert):
    pairs, out = tmp_path / "pairs.jsonl", tmp_path / "out.jsonl"
    _write(pairs, PAIRS, concert)
    seen = []
    counts = verify_batch(pairs, out, bound=2, timeout_s=30, workers=2, search=True,
                          progress=lambda done, total: seen.append((done, total)))
    got = _read(out)
    assert [d["id"] for d in got] == ["same", "count", "groupconcat", "nogold", "ge", "line 6"]
    st = {d["id"]: d["status"] for d in got}
    assert st["same"] == "verified" and st["count"] == "refuted" and st["ge"] == "refuted"
    assert st["groupconcat"] == "refuted"  # GROUP_CONCAT is unsupported: found by search
    assert "randomized search" in got[2]["reason"]
    assert got[2]["reason"].startswith("unsupported: function GROUP_CONCAT")
    assert st["nogold"] == "unknown" and "input error" in got[3]["reason"]
    assert st["line 6"] == "unknown" and "not JSON" in got[5]["reason"]
    assert sum(counts.values()) == 6 and seen[-1] == (6, 6)
    for d in got:
        assert set(d) >= {"id", "status", "bound", "semantics", "reason", "elapsed_s", "witness"}


def test_batch_without_search_leaves_unsupported_unknown(tmp_path, concert):
    pairs, out = tmp_path / "pairs.jsonl", tmp_path / "out.jsonl"
    _write(pairs, PAIRS[2:3], concert)
    verify_batch(pairs, out, bound=2, timeout_s=30, workers=1, search=False)
    d = _read(out)[0]
    assert d["status"] == "unknown" and d["reason"] == "unsupported: function GROUP_CONCAT"


def test_batch_resumes_and_repairs_a_torn_line(tmp_path, concert):
    pairs, out = tmp_path / "pairs.jsonl", tmp_path / "out.jsonl"
    _write(pairs, PAIRS[:3], concert)
    verify_batch(pairs, out, bound=2, timeout_s=30, workers=1)
    first = _read(out)
    # simulate a run killed while writing the third line
    lines = out.read_text().splitlines(keepends=True)
    out.write_text(lines[0] + lines[1] + lines[2][:25])
    counts = verify_batch(pairs, out, bound=2, timeout_s=30, workers=1)
    assert sum(counts.values()) == 2  # 'groupconcat' and the bad line, nothing else redone
    strip = lambda rows: [{k: v for k, v in d.items() if k != "elapsed_s"} for d in rows]  # noqa: E731
    assert strip(_read(out)) == strip(first)
    assert verify_batch(pairs, out, bound=2, timeout_s=30, workers=1) == {}


def test_witnesses_do_not_depend_on_order_or_workers(tmp_path, concert):
    rows = [{"id": "a", "gold": "SELECT count(*) FROM singer",
             "pred": "SELECT count(song_name) FROM singer"},
            {"id": "b", "gold": "SELECT name FROM singer WHERE age > 30",
             "pred": "SELECT name FROM singer WHERE age >= 30"},
            {"id": "c", "gold": "SELECT avg(age) FROM singer", "pred": "SELECT max(age) FROM singer"}]
    got = []
    for order, workers in ((rows, 1), (rows[::-1], 2)):
        pairs, out = tmp_path / f"p{workers}.jsonl", tmp_path / f"o{workers}.jsonl"
        pairs.write_text("".join(json.dumps({**r, "schema": concert}) + "\n" for r in order))
        verify_batch(pairs, out, bound=2, timeout_s=30, workers=workers)
        got.append({d["id"]: (d["status"], d["witness"]) for d in _read(out)})
    assert got[0] == got[1]
    assert all(s == "refuted" for s, _ in got[0].values())
