"""Broken inputs and long runs (issue 15): every case ends in a verdict or in a one-line
error with exit code 2 that names the input, never in a traceback, a stale verdict or a
number that means nothing."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tests.conftest import SHARED_DATA as DATA
from typer.testing import CliRunner

from sqlverdict.bench import load_benchmark, load_predictions
from sqlverdict.cli import app
from sqlverdict.engine.execute import owner_writes, run_query, scratch_database
from sqlverdict.errors import ExecutionError, InputError, OutputError
from sqlverdict.evaluation import evaluate
from sqlverdict.runner.journal import Journal, key_parts, verdict_key
from sqlverdict.runner.output import RunLock
from sqlverdict.types import Status, Verdict

SPIDER = DATA / "spider"

SHIPPED = SPIDER / "database" / "concert_singer" / "concert_singer.sqlite"
GOLDS = ["SELECT count(*) FROM singer", "SELECT name FROM singer ORDER BY age",
         "SELECT count(*) FROM concert"]
PREDS = ["SELECT count(*) FROM singer", "SELECT name FROM singer", "SELECT 1"]


def _bench(root: Path, golds=GOLDS, db: Path | None = None) -> Path:
    """A JSONL benchmark on a copy of concert_singer."""
    root.mkdir(parents=True, exist_ok=True)
    if db is None:
        db = root / "concert_singer.sqlite"
        if not db.exists():
            shutil.copy(SHIPPED, db)
    with open(root / "bench.jsonl", "w") as f:
        for i, g in enumerate(golds):
            f.write(json.dumps({"id": str(i), "db_id": "concert_singer", "question": f"q{i}",
                                "gold": g, "db": str(db)}) + "\n")
    return root / "bench.jsonl"


def _preds(path: Path, lines=PREDS) -> Path:
    path.write_text("\n".join(lines) + "\n")
    return path


def _eval(*args: str):
    res = CliRunner().invoke(app, ["eval", "--quiet", *args])
    return res


def _one_line_error(res, *needles: str) -> str:
    assert res.exit_code == 2, res.output
    assert "Traceback" not in res.output, res.output
    err = " ".join(res.output.split())
    assert err.startswith("error:"), res.output
    for n in needles:
        assert n in err, (n, err)
    return err


@pytest.fixture()
def spider(shared_data):
    return shared_data / "spider"


# ----------------------------------------------------------------------- item 2: memory


def test_one_value_too_large_is_a_memory_verdict_and_resume_reuses_it(spider, tmp_path):
    bench = _bench(tmp_path / "b")
    preds = _preds(tmp_path / "p.sql", ["SELECT randomblob(300000000)", *PREDS[1:]])
    out = tmp_path / "run"
    res = _eval("--benchmark", f"jsonl:{bench}", "--predictions", f"a={preds}", "--out", str(out))
    assert res.exit_code == 0, res.output
    first = json.loads((out / "verdicts.jsonl").read_text().splitlines()[0])
    assert first["status"] == "refuted" and first["evidence"]["error_kind"] == "memory"
    assert "16 MiB" in first["reason"]
    again = _eval("--benchmark", f"jsonl:{bench}", "--predictions", f"a={preds}", "--out",
                  str(out), "--resume")
    assert again.exit_code == 0 and "reused 3" in again.output, again.output


@pytest.mark.parametrize("sql", [
    "SELECT randomblob(300000000)",  # one value over SQLITE_LIMIT_LENGTH
    "SELECT " + ", ".join(["randomblob(15000000)"] * 40),  # one row over the heap limit
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 40) "
    "SELECT randomblob(15000000) FROM c",  # rows over the byte budget of a result
])
def test_memory_is_capped_inside_sqlite(sql):
    with pytest.raises(ExecutionError) as e:
        run_query(scratch_database(), sql, timeout_s=30)
    assert e.value.kind == "memory", e.value


def test_journal_rolls_back_a_failed_write_and_keeps_working(tmp_path):
    j = Journal(tmp_path / "journal.sqlite")
    parts = key_parts("a", "0", "execution", "c", "SELECT 1", "SELECT 1", "db")
    j.conn.execute("CREATE TRIGGER refuse BEFORE INSERT ON verdicts "
                   "BEGIN SELECT RAISE(ABORT, 'refused'); END")
    with pytest.raises((InputError, OutputError)):
        j.add_many([(verdict_key(parts), parts, Verdict("execution", Status.CONSISTENT))])
    assert not j.conn.in_transaction  # rolled back: no "transaction within a transaction"
    j.conn.execute("DROP TRIGGER refuse")
    j.add_many([(verdict_key(parts), parts, Verdict("execution", Status.CONSISTENT))])
    assert len(j) == 1


# ----------------------------------------------------------------------- item 13: budgets


def test_one_function_call_cannot_outlast_the_budget():
    conn = scratch_database()
    # printf repeating a character a billion times: SQLite's own result, without the loop
    assert run_query(conn, "SELECT printf('%.*c', 1000000000, 'x')").rows == [(None,)]
    assert run_query(conn, "SELECT printf('%.3c|%5.1f', 'y', 2.25)").rows == [("yyy|  2.3",)]
    # trim is quadratic in one call: stopped as a timeout, not run for minutes
    long_trim = ("SELECT length(trim(replace(hex(zeroblob(200000)), '0', 'a'), "
                 "replace(hex(zeroblob(200000)), '0', 'b') || 'a'))")
    with pytest.raises(ExecutionError) as e:
        run_query(conn, long_trim, timeout_s=1)
    assert e.value.kind == "timeout"
    assert run_query(conn, "SELECT trim('xxaxx', 'x'), instr('abc', 'c'), "
                           "replace('a,b', ',', ';')").rows == [("a", 3, "a;b")]


def test_owner_writes_and_user_sql_reads_on_a_scratch_database(tmp_path):
    conn = scratch_database()
    with owner_writes(conn):
        conn.execute("CREATE TABLE t(a)")
        conn.execute("INSERT INTO t VALUES (1)")
    for sql in ("INSERT INTO t VALUES (2)", f"VACUUM INTO '{tmp_path / 'x.db'}'",
                f"ATTACH '{tmp_path / 'y.db'}' AS y"):
        with pytest.raises(ExecutionError) as e:
            run_query(conn, sql)
        assert e.value.kind == "forbidden"
    with pytest.raises(sqlite3.DatabaseError):  # the guard stays after run_query
        conn.execute("INSERT INTO t VALUES (3)")
    assert not list(tmp_path.iterdir())
    assert run_query(conn, "SELECT sum(a) FROM t").rows == [(1,)]


@pytest.mark.parametrize("args", [["--timeout", "-1"], ["--timeout", "0"],
                                  ["--verify-timeout", "-5"], ["--timeout", "nan"]])
def test_a_budget_must_be_positive(spider, tmp_path, args):
    bench = _bench(tmp_path / "b")
    res = _eval("--benchmark", f"jsonl:{bench}", "--predictions",
                f"a={_preds(tmp_path / 'p.sql')}", "--out", str(tmp_path / "r"), *args)
    _one_line_error(res, args[0], "positive number of seconds")
    assert not (tmp_path / "r").exists()


# ----------------------------------------------------------------------- item 7: resume keys


def test_resume_recomputes_what_changed_and_says_so(spider, tmp_path):
    bench_path = _bench(tmp_path / "b")
    bench = load_benchmark(f"jsonl:{bench_path}")
    systems = [load_predictions(_preds(tmp_path / "p.sql"), bench, "a")]
    out = tmp_path / "run"
    r1 = evaluate(bench, systems, ["execution"], out)
    assert r1.computed == 3
    assert evaluate(bench, systems, ["execution"], out, resume=True).reused == 3
    # every gold replaced: nothing is reused, and the run says why
    b42 = load_benchmark(f"jsonl:{_bench(tmp_path / 'b42', ['SELECT 42'] * 3, tmp_path / 'b' / 'concert_singer.sqlite')}")
    r2 = evaluate(b42, [load_predictions(tmp_path / "p.sql", b42, "a")], ["execution"], out,
                  resume=True)
    assert (r2.reused, r2.computed, r2.changed) == (0, 3, {"gold": 3})
    assert any("gold" in w for w in json.loads((out / "run.json").read_text())["warnings"])
    # the database rewritten (same path): recomputed
    c = sqlite3.connect(tmp_path / "b" / "concert_singer.sqlite")
    c.execute("DELETE FROM singer WHERE Singer_ID = 1")
    c.commit()
    c.close()
    r3 = evaluate(bench, systems, ["execution"], out, resume=True)
    assert r3.reused == 0 and r3.changed == {"database": 3}


def test_resume_recomputes_when_suite_instances_change(spider, tmp_path):
    bench_path = _bench(tmp_path / "b")
    suite = tmp_path / "suite" / "concert_singer"
    suite.mkdir(parents=True)
    for i in range(3):
        shutil.copy(SHIPPED, suite / f"{i:03d}.sqlite")
    args = ["--benchmark", f"jsonl:{bench_path}", "--predictions",
            f"a={_preds(tmp_path / 'p.sql')}", "--oracle", "suite", "--suite",
            str(suite.parent), "--out", str(tmp_path / "run")]
    assert _eval(*args).exit_code == 0
    assert "reused 3" in _eval(*args, "--resume").output
    (suite / "002.sqlite").unlink()
    res = _eval(*args, "--resume")
    assert res.exit_code == 0 and "reused" not in res.output, res.output
    assert "3 (inputs)" in " ".join(res.output.split())


# ----------------------------------------------------------------------- item 8: lock


def test_a_second_run_into_the_same_folder_is_refused_naming_the_first(spider, tmp_path):
    bench = _bench(tmp_path / "b")
    out = tmp_path / "run"
    runaway = "SELECT count(*) FROM " + ", ".join(f"singer s{i}" for i in range(11))
    first = subprocess.Popen(
        [sys.executable, "-m", "sqlverdict", "eval", "--quiet", "--benchmark", f"jsonl:{bench}",
         "--predictions", f"a={_preds(tmp_path / 'slow.sql', [runaway] * 3)}", "--timeout", "5",
         "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while not (out / ".lock").is_file() or not (out / ".lock").read_text():
            assert first.poll() is None and time.monotonic() < deadline, first.communicate()
            time.sleep(0.05)
        res = _eval("--benchmark", f"jsonl:{bench}", "--predictions",
                    f"b={_preds(tmp_path / 'p.sql')}", "--out", str(out), "--resume")
        _one_line_error(res, "is in use by process", str(first.pid), "choose another --out")
    finally:
        first.communicate()
    assert first.returncode == 0
    rows = [json.loads(x) for x in (out / "verdicts.jsonl").read_text().splitlines()]
    assert {r["system"] for r in rows} == {"a"} and len(rows) == 3


def test_the_lock_is_released_when_a_run_ends(spider, tmp_path):
    with RunLock(tmp_path / "run", "holder"):
        pass
    bench = load_benchmark(f"jsonl:{_bench(tmp_path / 'b')}")
    systems = [load_predictions(_preds(tmp_path / "p.sql"), bench, "a")]
    evaluate(bench, systems, ["execution"], tmp_path / "run")
    evaluate(bench, systems, ["execution"], tmp_path / "run", resume=True)


# ----------------------------------------------------------------------- item 9: full disk


def _unshare() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"],
                           capture_output=True)
    return probe.returncode == 0


@pytest.mark.parametrize("free_kb", [0, 64])
def test_full_disk_is_one_line_and_leaves_the_old_results_whole(spider, tmp_path, free_kb):
    """A 2 MB tmpfs in a private mount namespace (``unshare``): after a first run, fill it
    (entirely: the journal fails; or but 64 KB: the journal fits, verdicts.jsonl of long
    questions does not) and rerun with a second system: the error is one line, verdicts.jsonl
    is the first run's, whole; with the space back, the run resumes."""
    if not _unshare():
        pytest.skip("needs `unshare -rm` and tmpfs mounts (user namespaces)")
    long_q = tmp_path / "b"
    bench = _bench(long_q)
    lines = [json.loads(x) for x in bench.read_text().splitlines()]
    bench.write_text("".join(json.dumps({**d, "question": "why " * 3000}) + "\n" for d in lines))
    preds = _preds(tmp_path / "p.sql")
    mnt = tmp_path / "mnt"
    mnt.mkdir()
    run = " ".join([sys.executable, "-m", "sqlverdict", "eval", "--quiet", "--benchmark",
                    f"jsonl:{bench}", "--predictions", f"a={preds}", "--out", f"{mnt}/run"])
    script = f"""
set -e
mount -t tmpfs -o size=2m tmpfs {mnt}
{run} > /dev/null
sha256sum {mnt}/run/verdicts.jsonl > {tmp_path}/before.txt
dd if=/dev/zero of={mnt}/spare bs=1k count={free_kb} 2>/dev/null
dd if=/dev/zero of={mnt}/filler bs=4k 2>/dev/null || true
rm {mnt}/spare
set +e
{run} --resume --predictions b={preds} 2> {tmp_path}/err.txt
echo $? > {tmp_path}/rc.txt
sha256sum {mnt}/run/verdicts.jsonl > {tmp_path}/after.txt
ls -a {mnt}/run > {tmp_path}/files.txt
rm {mnt}/filler
{run} --resume --predictions b={preds} > /dev/null
echo $? > {tmp_path}/rc_after.txt
"""
    done = subprocess.run(["unshare", "-rm", "sh", "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    err = (tmp_path / "err.txt").read_text()
    assert (tmp_path / "rc.txt").read_text().strip() == "2", err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert err.startswith("error: disk full while writing"), err
    if free_kb:
        assert "verdicts.jsonl" in err, err
    assert (tmp_path / "before.txt").read_text() == (tmp_path / "after.txt").read_text()
    assert not [f for f in (tmp_path / "files.txt").read_text().split() if f.endswith(".tmp")]
    assert (tmp_path / "rc_after.txt").read_text().strip() == "0"  # space again: it resumes


# ----------------------------------------------------------------------- item 11: file names


def test_witness_files_of_different_names_never_collide(tmp_path):
    from sqlverdict.evaluation import _write_witnesses
    from sqlverdict.schema import from_ddl

    schema = from_ddl("CREATE TABLE t(a INT)")
    bench = type("B", (), {"schemas": {"db": schema}})()
    rows = []
    for system in ("a<b", "a>b", "A<B"):
        for eid in ("a/b", "a_b", "A_B"):
            w = {"tables": {"t": {"columns": ["a"], "rows": [[len(rows)]]}}}
            rows.append({"system": system, "example_id": eid, "db_id": "db",
                         "oracle": "bounded", "evidence": {"witness": w}})
    _write_witnesses(tmp_path, rows, bench)
    files = [r["witness_files"][0] for r in rows]
    assert len({f.lower() for f in files}) == len(rows), files
    for i, f in enumerate(files):  # each file holds its own witness
        assert sqlite3.connect(tmp_path / f).execute("SELECT a FROM t").fetchall() == [(i,)]
    assert all((tmp_path / "witnesses") in (tmp_path / f).resolve().parents for f in files)


# ----------------------------------------------------------------------- item 14: suites


@pytest.mark.parametrize("kind", ["none", "missing", "file", "not_a_suite", "other_dbs"])
def test_a_wrong_suite_fails_before_running(spider, tmp_path, kind):
    bench = _bench(tmp_path / "b")
    (tmp_path / "afile").write_text("x")
    (tmp_path / "empty").mkdir()
    (tmp_path / "other" / "world_1").mkdir(parents=True)
    shutil.copy(SHIPPED, tmp_path / "other" / "world_1" / "000.sqlite")
    (tmp_path / "other" / "manifest.json").write_text("{}")
    suite = {"none": [], "missing": ["--suite", str(tmp_path / "nope")],
             "file": ["--suite", str(tmp_path / "afile")],
             "not_a_suite": ["--suite", str(tmp_path / "empty")],
             "other_dbs": ["--suite", str(tmp_path / "other")]}[kind]
    res = _eval("--benchmark", f"jsonl:{bench}", "--predictions",
                f"a={_preds(tmp_path / 'p.sql')}", "--oracle", "execution,suite", *suite,
                "--out", str(tmp_path / "run"))
    expect = {"none": "needs a test suite", "missing": "does not exist",
              "file": "is a file, not a suite directory", "not_a_suite": "is not a test suite",
              "other_dbs": "has no instances for any database"}[kind]
    _one_line_error(res, expect, "sqlverdict suite build")
    assert not (tmp_path / "run").exists()


# ----------------------------------------------------------------------- item 15: empty dbs


def test_execution_on_databases_without_rows_is_refused_or_warned(tmp_path, shared_data):
    bird = shared_data / "bird"
    preds = bird / "predictions" / "gsr.sql"
    args = ["--benchmark", f"bird:{bird}", "--predictions", f"gsr={preds}", "--limit", "30"]
    res = _eval(*args, "--out", str(tmp_path / "r1"))
    _one_line_error(res, "without any rows", "--oracle bounded", "--allow-empty-databases")
    assert not (tmp_path / "r1").exists()
    res = _eval(*args, "--out", str(tmp_path / "r2"), "--allow-empty-databases")
    assert res.exit_code == 0 and "without any rows" in res.output, res.output
    info = json.loads((tmp_path / "r2" / "run.json").read_text())
    assert any("not comparable to published EX" in w for w in info["warnings"])


# ----------------------------------------------------------------------- item 16: predictions


def _utf16(p: Path) -> Path:
    p.write_bytes("\n".join(PREDS).encode("utf-16"))
    return p


@pytest.mark.parametrize("make, expect", [
    (lambda p: p.write_bytes(b"") and p, "has no usable prediction"),
    (lambda p: p.write_bytes(os.urandom(1) + bytes(range(256)) * 40) and p, "no usable prediction"),
    (lambda p: _utf16(p), "looks like UTF-16"),
    (lambda p: _preds(p, [f"SELECT name FROM frpm WHERE x = {i}" for i in range(30)]),
     "does not look like predictions for this benchmark"),
])
def test_a_prediction_file_with_nothing_usable_is_an_error(spider, tmp_path, make, expect):
    bench = _bench(tmp_path / "b", GOLDS * 10)
    p = tmp_path / "preds.sql"
    make(p)
    res = _eval("--benchmark", f"jsonl:{bench}", "--predictions", f"a={p}", "--out",
                str(tmp_path / "run"))
    _one_line_error(res, str(p), expect)


def test_prediction_files_warn_on_bad_bytes_and_line_counts_and_read_a_bom(spider, tmp_path):
    bench = load_benchmark(f"jsonl:{_bench(tmp_path / 'b')}")
    p = tmp_path / "p.sql"
    p.write_bytes(b"\xef\xbb\xbfSELECT count(*) FROM singer\nSELECT name FROM singer \xff\n")
    ps = load_predictions(p, bench, "a")
    assert ps.get("0").sql == "SELECT count(*) FROM singer"  # the BOM is not SQL
    text = " ".join(ps.warnings)
    assert "not UTF-8" in text and "2 line(s), the benchmark 3" in text


# ----------------------------------------------------------------------- item 17: no tracebacks


def _spider_copy(root: Path, edit) -> Path:
    root.mkdir()
    (root / "database").symlink_to(SPIDER / "database")
    shutil.copy(SPIDER / "tables.json", root / "tables.json")
    dev = json.loads((SPIDER / "dev.json").read_text())
    edit(root, dev)
    return root


@pytest.mark.parametrize("case, expect", [
    ("no_query", "entry 1: no gold query"),
    ("dev_object", "must hold a JSON list of questions"),
    ("tables_object", "must hold a JSON list of schemas"),
    ("tables_entry", "entry 0"),
])
def test_malformed_benchmark_files_are_named(spider, tmp_path, case, expect):
    def edit(root, dev):
        if case == "no_query":
            del dev[1]["query"]
        if case == "dev_object":
            dev = {"questions": dev}
        if case == "tables_object":
            (root / "tables.json").write_text(json.dumps({"db_id": "x"}))
        if case == "tables_entry":
            (root / "tables.json").write_text(json.dumps([{"db_id": "x"}]))
        (root / "dev.json").write_text(json.dumps(dev))

    root = _spider_copy(tmp_path / "spider", edit)
    res = _eval("--benchmark", f"spider:{root}", "--predictions",
                f"a={SPIDER / 'predictions' / 'c3sql_gpt35.sql'}", "--limit", "3",
                "--out", str(tmp_path / "run"))
    _one_line_error(res, expect)


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_a_damaged_journal_is_named_with_how_to_start_over(spider, tmp_path, damage):
    bench = _bench(tmp_path / "b")
    args = ["--benchmark", f"jsonl:{bench}", "--predictions", f"a={_preds(tmp_path / 'p.sql')}",
            "--out", str(tmp_path / "run")]
    assert _eval(*args).exit_code == 0
    j = tmp_path / "run" / "journal.sqlite"
    data = j.read_bytes()
    j.write_bytes(b"not a database" * 100 if damage == "garbage" else data[:len(data) // 2])
    for extra in ("-wal", "-shm"):
        Path(f"{j}{extra}").unlink(missing_ok=True)
    _one_line_error(_eval(*args, "--resume"), str(j), "to start over", "mv ")


def _unwritable(tmp_path: Path) -> Path:
    """A path no command can create: a folder under a regular file (root can write
    anywhere else)."""
    (tmp_path / "afile").write_text("x")
    return tmp_path / "afile" / "out"


def test_every_command_reports_an_unwritable_output_in_one_line(spider, tmp_path):
    bad = _unwritable(tmp_path)
    bench = _bench(tmp_path / "b")
    preds = _preds(tmp_path / "p.sql")
    pool = tmp_path / "pool.jsonl"
    pool.write_text(json.dumps({"id": "0", "candidates": ["SELECT count(*) FROM singer"]}) + "\n")
    good_run = tmp_path / "good"
    assert _eval("--benchmark", f"jsonl:{bench}", "--predictions", f"a={preds}", "--out",
                 str(good_run)).exit_code == 0
    commands = [
        ["eval", "--quiet", "--benchmark", f"jsonl:{bench}", "--predictions", f"a={preds}",
         "--out", str(bad)],
        ["demo", "--out", str(bad)],
        ["report", str(good_run), "--html", str(bad / "r.html")],
        ["classes", "--quiet", "--benchmark", f"jsonl:{bench}", "--pool", str(pool), "--out",
         str(bad / "c.jsonl")],
        ["pool", "--benchmark", f"jsonl:{bench}", "--samples", str(preds), "--out",
         str(bad / "pool.jsonl")],
        ["structure", "--benchmark", f"jsonl:{bench}", "--samples", str(preds), "--out", str(bad)],
        ["suite", "build", "--benchmark", f"jsonl:{bench}", "--out", str(bad), "--workers", "1"],
        ["constraints", "mine", str(SHIPPED), "--out", str(bad / "c.json")],
        ["verify", "--schema", str(SHIPPED), "--witness", str(bad), "SELECT 1", "SELECT 2"],
        ["verify-batch", "--pairs", str(pool), "--out", str(bad / "r.jsonl")],
    ]
    for cmd in commands:
        res = CliRunner().invoke(app, cmd)
        err = _one_line_error(res)
        assert "afile" in err and ("a file is in the way" in err or "Not a directory" in err), \
            (cmd[0], err)


def test_report_skips_rows_of_odd_types_and_names_them(spider, tmp_path):
    bench = _bench(tmp_path / "b")
    run = tmp_path / "run"
    assert _eval("--benchmark", f"jsonl:{bench}", "--predictions",
                 f"a={_preds(tmp_path / 'p.sql')}", "--out", str(run)).exit_code == 0
    rows = [json.loads(x) for x in (run / "verdicts.jsonl").read_text().splitlines()]
    rows[0]["status"] = ["refuted"]
    rows[1]["example_id"] = {"a": 1}
    rows[2].update(system=5, reason=7, evidence="text", elapsed_s="slow", db_id=[1], pred=3)
    (run / "verdicts.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    summary = json.loads((run / "summary.json").read_text())
    summary["systems"]["a"]["oracles"]["execution"]["accuracy"] = "high"
    (run / "summary.json").write_text(json.dumps(summary))
    res = CliRunner().invoke(app, ["report", str(run)])
    assert res.exit_code == 0, res.output
    html = (run / "report.html").read_text()
    assert "verdicts.jsonl line 1 skipped" in html and "verdicts.jsonl line 2 skipped" in html
    assert "summary.json is not shaped" in html


@pytest.mark.parametrize("content", [b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 8,
                                     bytes(200)])
def test_verify_schema_on_a_binary_file(tmp_path, content):
    p = tmp_path / "schema.bin"
    p.write_bytes(content)
    res = CliRunner().invoke(app, ["verify", "--schema", str(p), "SELECT 1", "SELECT 2"])
    _one_line_error(res, str(p), "neither a SQLite database nor DDL text")


# ----------------------------------------------------------------------- item 4: markup


def test_names_and_values_are_printed_never_read_as_markup(spider, tmp_path):
    bench = _bench(tmp_path / "b")
    preds = _preds(tmp_path / "p.sql", ["SELECT '[/x]'", "SELECT '[bold red]v[/bold red]'",
                                        "SELECT 1"])
    res = _eval("--benchmark", f"jsonl:{bench}", "--predictions", f"[/x]={preds}",
                "--predictions", f"[bold]b[/bold]={preds}", "--out", str(tmp_path / "[/run]"))
    assert res.exit_code == 0, res.output
    assert "[/x]" in res.output and "[bold]b[/bold]" in res.output and "[/run]" in res.output
    missing = _eval("--benchmark", f"jsonl:{bench}", "--predictions",
                    f"a={tmp_path / '[/nope].sql'}", "--out", str(tmp_path / "r2"))
    _one_line_error(missing, "[/nope].sql")


def test_verify_reports_an_internal_error_as_unknown(monkeypatch, tmp_path):
    """A bug of the verifier (here a rule raising, as ``twins`` did on ``HAVING MAX(c) >=
    v``) is an unknown verdict naming the error, exit 2, as verify-batch reports it; not a
    traceback. The crash is forced: the one that was real is fixed."""
    from sqlverdict.oracles.bounded import staging

    def broken(*a, **k):
        raise KeyError(("max", ">="))

    monkeypatch.setattr(staging, "verify", broken)
    ddl = tmp_path / "s.sql"
    ddl.write_text("CREATE TABLE t (a INT);")
    r = CliRunner().invoke(app, ["verify", "--schema", str(ddl), "--json", "SELECT a FROM t",
                                 "SELECT a FROM t WHERE a > 0"])
    assert r.exit_code == 2, r.output
    out = json.loads(r.output)
    assert out["status"] == "unknown" and out["cause"] == "crashed"
    assert "KeyError" in out["reason"] and "please report" in out["reason"]
