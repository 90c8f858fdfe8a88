"""verify_batch on the isolated pool: order, resume, bad lines, the search fallback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import sqlverdict
from sqlverdict.oracles.bounded import batch as batch_module
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


# ---------------------------------------------------------------- the workers' warm-up

WARM_PAIRS = [  # SQLite and PostgreSQL pairs: proofs, refutations with witnesses, failures
    {"id": "pg_ge", "gold": "SELECT name FROM singer WHERE age > 30",
     "pred": "SELECT name FROM singer WHERE age >= 30", "dialect": "postgres"},
    {"id": "pg_like", "gold": "SELECT name FROM singer WHERE name ILIKE 'a%'",
     "pred": "SELECT name FROM singer WHERE name LIKE 'a%'", "dialect": "postgres"},
    {"id": "my_div", "gold": "SELECT age / 2 FROM singer", "pred": "SELECT age DIV 2 FROM singer",
     "dialect": "mysql"},
    {"id": "normal", "gold": "SELECT x FROM (SELECT CASE WHEN age > 1 THEN 1 ELSE 0 END AS x, "
     "name FROM singer) AS s WHERE x = 0", "pred": "SELECT CASE WHEN age > 1 THEN 1 ELSE 0 END "
     "AS x FROM singer WHERE NOT (age > 1) OR age IS NULL"},
    {"id": "count", "gold": "SELECT count(*) FROM singer",
     "pred": "SELECT count(song_name) FROM singer"},
    {"id": "misspelt", "gold": "SELECT 1", "pred": "SELECT 1", "dialect": "postgresql"},
    {"id": "noschema", "gold": "SELECT 1", "pred": "SELECT 1", "schema": "/nonexistent.sqlite"},
]


def test_the_warm_up_names_the_batch_dialects_and_schemas(concert):
    batch = batch_module
    lines = [{"schema": concert, **p} for p in WARM_PAIRS] + [{"id": "x", "_error": "bad"}]
    warm = batch._warm_up_for(lines, {"dialect": None, "bound": 2})
    opts, specs, schemas, guess = warm.args
    assert specs == [None, "mysql", "postgres"]  # the misspelt one is left to its line
    assert schemas == [("/nonexistent.sqlite", None), (concert, None)]
    assert guess  # lines without a dialect: the readings of ``infer`` are warmed up too
    assert batch._warm_up_for(lines[:1], {"dialect": "sqlite:duckdb"}).args[1] == [
        "postgres", "sqlite:duckdb"]
    assert not batch._warm_up_for(lines, {"dialect": "sqlite"}).args[3]
    assert not batch._warm_up_for(lines[:1], {"dialect": None}).args[3]


def test_a_warmed_up_worker_holds_schemas_spares_and_a_frozen_heap(concert):
    """What ``_warm_up`` leaves in a worker (run in a process of its own: it freezes the
    collector's heap), and a schema that fails to load stops nothing."""
    code = (
        "import gc, json, sys\n"
        "from sqlverdict.oracles.bounded import batch, solver\n"
        "lines = json.loads(sys.argv[1])\n"
        "batch._warm_up_for(lines, {'bound': 2, 'timeout_s': 30, 'semantics': None,\n"
        "    'compat': None, 'search': True, 'dialect': None})()\n"
        "print(json.dumps([sorted(map(list, batch._worker_schemas._d)), solver.spares(),\n"
        "    gc.get_freeze_count() > 1000]))\n")
    lines = [{"schema": concert, **p} for p in WARM_PAIRS]
    env = {**os.environ, "PYTHONPATH": str(Path(sqlverdict.__file__).parents[1])}
    out = subprocess.run([sys.executable, "-c", code, json.dumps(lines)], env=env,
                         capture_output=True, text=True, check=True).stdout
    schemas, spares, frozen = json.loads(out)
    assert [concert, None] in schemas and ["/nonexistent.sqlite", None] not in schemas
    assert spares == batch_module.SPARE_CONTEXTS and frozen


def test_the_warm_up_changes_no_result(tmp_path, concert, monkeypatch):
    """Every line's result (verdict, method, witness, reason) is the one it gets in a
    worker warmed up as before (the one warm-up pair, nothing else)."""
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text("".join(json.dumps({"schema": concert, **p}) + "\n" for p in WARM_PAIRS))
    got = []
    for old in (False, True):
        if old:
            monkeypatch.setattr(batch_module, "_warm_up_for", lambda todo, opts: (
                batch_module._WARMUP, {**opts, "search": False}))
        out = tmp_path / f"out{old}.jsonl"
        verify_batch(pairs, out, bound=2, timeout_s=60, workers=1)
        got.append([{k: v for k, v in d.items() if k != "elapsed_s"} for d in _read(out)])
    assert got[0] == got[1]
    st = {d["id"]: (d["status"], d.get("method")) for d in got[0]}
    assert st["pg_ge"][0] == st["count"][0] == "refuted"
    assert st["normal"] == ("verified", "normal_form")
    assert st["misspelt"][0] == st["noschema"][0] == "unknown"
    assert all(d["witness"] for d in got[0] if d["status"] == "refuted")
