"""``engine.sandbox``: a statement that is not a query runs on a private in-memory copy, as
the published Spider evaluator runs it on its file; nothing reaches the file or the process."""

from __future__ import annotations

import hashlib
import sqlite3

import pytest

from sqlverdict.engine import sandbox
from sqlverdict.engine.sandbox import run_on_copy
from sqlverdict.errors import ExecutionError


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "d.sqlite"
    c = sqlite3.connect(path)
    c.executescript("CREATE TABLE t(a INTEGER, b TEXT); INSERT INTO t VALUES (1, 'x'), (2, 'y');")
    c.commit()
    c.close()
    return path


def _digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("sql, rows", [
    ("DELETE FROM t WHERE a > 5", []),
    ("DELETE FROM t", []),
    ("UPDATE t SET a = a + 1", []),
    ("INSERT INTO t VALUES (3, 'z') RETURNING a, b", [(3, "z")]),
    ("CREATE TABLE u(c)", []),
    ("DROP TABLE t", []),
    ("BEGIN", []),
    ("VACUUM", []),
    ("ANALYZE", []),
    ("ATTACH ':memory:' AS m", []),
    ("PRAGMA table_info(t)", [(0, "a", "INTEGER", 0, None, 0), (1, "b", "TEXT", 0, None, 0)]),
])
def test_a_statement_runs_as_python_runs_it_and_the_file_is_unchanged(db, sql, rows):
    before = _digest(db)
    assert run_on_copy(db, sql).rows == rows
    assert _digest(db) == before
    # what Python's sqlite3 returns on a real copy of the file, as the evaluator's connection
    copy = sqlite3.connect(":memory:")
    sqlite3.connect(db).backup(copy)
    assert copy.execute(sql).fetchall() == rows


@pytest.mark.parametrize("sql", ["COMMIT", "DELETE FROM no_such_table", "SELECT nope FROM t"])
def test_errors_are_the_errors_python_gives(db, sql):
    copy = sqlite3.connect(":memory:")
    sqlite3.connect(db).backup(copy)
    with pytest.raises(sqlite3.Error):
        copy.execute(sql)
    with pytest.raises(ExecutionError):
        run_on_copy(db, sql)


@pytest.mark.parametrize("sql", ["VACUUM INTO '{dir}/copy.db'", "ATTACH '{dir}/x.db' AS x",
                                 "PRAGMA hard_heap_limit = 0", "SELECT load_extension('x')",
                                 "CREATE VIRTUAL TABLE v USING fts5(a)"])
def test_files_the_process_and_extensions_stay_out_of_reach(db, tmp_path, sql):
    with pytest.raises(ExecutionError) as e:
        run_on_copy(db, sql.format(dir=tmp_path))
    assert e.value.kind == "forbidden"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.sqlite"]
    c = sqlite3.connect(":memory:")
    assert c.execute("PRAGMA hard_heap_limit").fetchone()[0] != 0


def test_a_database_too_big_to_copy_is_refused(db, monkeypatch):
    monkeypatch.setattr(sandbox, "MAX_COPY_BYTES", 10)
    with pytest.raises(ExecutionError, match="to copy"):
        run_on_copy(db, "DELETE FROM t")


def test_a_long_statement_stops_at_its_timeout(db):
    sql = ("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
           "DELETE FROM t WHERE a IN (SELECT i FROM n WHERE i < 0)")
    with pytest.raises(ExecutionError) as e:
        run_on_copy(db, sql, timeout_s=0.2)
    assert e.value.kind == "timeout"
