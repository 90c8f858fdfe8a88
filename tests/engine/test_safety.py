"""Hostile predictions never change a database, and each gets a verdict with a clear reason."""

import hashlib
import shutil
import time

import pytest

from sqlverdict.engine.execute import ResultCache, run_query
from sqlverdict.errors import ExecutionError
from sqlverdict.oracles.base import Context, EvalOptions
from sqlverdict.oracles.execution import ExecutionOracle
from sqlverdict.types import Example, Prediction, Status

HOSTILE = {
    "INSERT INTO singer (Singer_ID, Name) VALUES (99, 'x')": "forbidden",
    "UPDATE singer SET Age = 0": "forbidden",
    "DELETE FROM singer": "forbidden",
    "DROP TABLE singer": "forbidden",
    "CREATE TABLE evil (a)": "forbidden",
    "CREATE TEMP TABLE evil AS SELECT * FROM singer": "forbidden",
    "ALTER TABLE singer ADD COLUMN evil": "forbidden",
    "CREATE INDEX evil ON singer(Age)": "forbidden",
    "ATTACH DATABASE '{tmp}/other.db' AS other": "forbidden",
    "DETACH DATABASE main": "forbidden",
    "PRAGMA user_version = 7": "forbidden",
    "PRAGMA journal_mode = DELETE": "forbidden",
    "PRAGMA writable_schema = ON": "forbidden",
    "VACUUM": "forbidden",
    "VACUUM INTO '{tmp}/copy.db'": "forbidden",
    "REINDEX": "forbidden",
    "ANALYZE": "forbidden",
    "BEGIN IMMEDIATE": "forbidden",
    "SAVEPOINT s1": "forbidden",
    "SELECT load_extension('{tmp}/evil.so')": "forbidden",
    "SELECT 1; DROP TABLE singer": "multiple_statements",
    "SELECT count(*) FROM singer; DELETE FROM singer;": "multiple_statements",
    "WITH x AS (SELECT 1) DELETE FROM singer": "forbidden",
    "REPLACE INTO singer (Singer_ID) VALUES (1)": "forbidden",
}


def _sha(p):
    return hashlib.sha256(p.read_bytes()).hexdigest()


@pytest.fixture()
def db(tmp_path, spider_db):
    src = spider_db("concert_singer")
    dst = tmp_path / "concert_singer.sqlite"
    shutil.copy(src, dst)
    return dst


def test_hostile_statements_are_refused_and_leave_files_identical(db, tmp_path, spider_db):
    shipped = spider_db("concert_singer")
    before = {p: _sha(p) for p in (db, shipped)}
    for sql, kind in HOSTILE.items():
        sql = sql.format(tmp=tmp_path)
        for target in (db, shipped):
            with pytest.raises(ExecutionError) as ei:
                run_query(target, sql, timeout_s=5)
            assert ei.value.kind == kind, (sql, ei.value)
    assert {p: _sha(p) for p in before} == before
    assert not (tmp_path / "copy.db").exists() and not (tmp_path / "other.db").exists()
    # still readable afterwards
    assert run_query(db, "SELECT count(*) FROM singer").rows == [(6,)]


def test_runaway_cartesian_product_stops_within_its_budget(db):
    sql = "SELECT count(*) FROM singer a, singer b, singer c, singer d, singer e, singer f, " \
          "singer g, singer h, singer i, singer j, singer k"
    t0 = time.monotonic()
    with pytest.raises(ExecutionError) as ei:
        run_query(db, sql, timeout_s=0.5)
    elapsed = time.monotonic() - t0
    assert ei.value.kind == "timeout" and "0.5 s" in ei.value.message
    assert elapsed < 2.0


def test_millions_of_rows_hit_the_row_cap(db):
    sql = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c"
    with pytest.raises(ExecutionError) as ei:
        run_query(db, sql, timeout_s=20, max_rows=200_000)
    assert ei.value.kind == "too_many_rows"


def test_each_hostile_prediction_gets_a_refuted_verdict_with_reason(db, tmp_path):
    before = _sha(db)
    ex = Example("0", "concert_singer", "How many singers?", "SELECT count(*) FROM singer",
                 str(db))
    oracle = ExecutionOracle(EvalOptions(timeout_s=0.5))
    ctx = Context(EvalOptions(timeout_s=0.5), ResultCache(), {})
    hostile = [s.format(tmp=tmp_path) for s in HOSTILE] + [
        "SELECT count(*) FROM singer a, singer b, singer c, singer d, singer e, singer f, "
        "singer g, singer h, singer i, singer j"]
    for sql in hostile:
        v = oracle.judge(ex, Prediction("0", sql), ctx)
        assert v.status is Status.REFUTED and v.reason.startswith("prediction failed: "), (sql, v)
        assert v.signature == "execution_error"
    assert _sha(db) == before


def test_errors_are_classified(db):
    cases = {"SELEC 1": "syntax", "SELECT * FROM nope": "no_such_table",
             "SELECT nope FROM singer": "no_such_column", "SELECT abs(-9223372036854775808)": "runtime"}
    for sql, kind in cases.items():
        with pytest.raises(ExecutionError) as ei:
            run_query(db, sql)
        assert ei.value.kind == kind, (sql, ei.value)


def test_threads_sharing_the_engine_do_not_deadlock(db):
    """Regression: threads used one cached connection; setting the progress handler while
    another thread ran a query deadlocked (GIL vs SQLite mutex). Run in a subprocess so a
    deadlock fails the test instead of hanging it."""
    import subprocess
    import sys

    code = (
        "import concurrent.futures, sys\n"
        "from sqlverdict.engine.execute import run_query\n"
        "sql = 'SELECT count(*) FROM singer a, singer b, singer c, singer d, singer e, singer f'\n"
        "pool = concurrent.futures.ThreadPoolExecutor(8)\n"
        "futs = [pool.submit(run_query, sys.argv[1], sql, timeout_s=20) for _ in range(48)]\n"
        "print(sorted({f.result().rows[0][0] for f in futs}))\n"
    )
    try:
        out = subprocess.run([sys.executable, "-c", code, str(db)], capture_output=True,
                             text=True, timeout=90)
    except subprocess.TimeoutExpired:
        raise AssertionError("threads running queries deadlocked") from None
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str([6 ** 6])
