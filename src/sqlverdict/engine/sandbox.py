"""A statement that is not a query, run as the published Spider evaluator runs it, on a copy.

The test-suite evaluator (``--compat spider``) executes a prediction with Python's sqlite3
on the benchmark's database file as it is: ``DELETE FROM t WHERE ...``, ``UPDATE``, ``BEGIN``,
``VACUUM``, ``CREATE TEMP TABLE``, a ``pragma_table_info(...)`` read all run there, return no
rows (or the rows they return), and score as a correct prediction when the gold's result is
empty too. Our guard refuses writes on the shipped file (``engine.execute``); to give the
evaluator's verdict, ``run_on_copy`` runs such a statement on a private in-memory copy of the
database, with Python's default transaction handling as the evaluator's connection has it
(DML inside an implicit transaction, never committed), and throws the copy away. Nothing
reaches the file: attaching a file (``ATTACH``, ``VACUUM INTO``), the pragmas that change the
whole process, virtual tables and ``load_extension`` stay refused, as do databases over
``MAX_COPY_BYTES``. (The evaluator's own run keeps a ``CREATE TABLE`` or ``DROP TABLE`` in
the file for the items after it; that is not reproduced.)

>>> import sqlite3, tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "t.sqlite")
>>> c = sqlite3.connect(path); _ = c.execute("CREATE TABLE t(a)"); c.commit(); c.close()
>>> run_on_copy(path, "DELETE FROM t WHERE a > 5").rows
[]
>>> run_on_copy(path, "INSERT INTO t VALUES (1) RETURNING a").rows
[(1,)]
>>> run_on_copy(path, "SELECT count(*) FROM t").rows  # the file was not changed
[(0,)]
>>> run_on_copy(path, "VACUUM INTO 'copy.db'")
Traceback (most recent call last):
...
sqlverdict.errors.ExecutionError: forbidden: not authorized (a file or the process would change)
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from ..errors import ExecutionError
from .execute import (
    _FORBIDDEN_FUNCTIONS,
    DEFAULT_MAX_ROWS,
    MAX_SQL_BYTES,
    MAX_VALUE_BYTES,
    Result,
    _decode,
    limit_heap,
    open_readonly,
    run_guarded,
)

MAX_COPY_BYTES = 64 * 2**20  # a bigger database is not copied into memory
# pragmas whose effect reaches beyond one connection (the process, the file system)
_GLOBAL_PRAGMAS = {"hard_heap_limit", "soft_heap_limit", "temp_store_directory",
                   "data_store_directory", "threads", "mmap_size"}
_DENIED_ACTIONS = {getattr(sqlite3, "SQLITE_CREATE_VTABLE", 29),
                   getattr(sqlite3, "SQLITE_DROP_VTABLE", 30)}


def _authorizer(action, arg1, arg2, dbname, source):
    if action == sqlite3.SQLITE_ATTACH:  # VACUUM attaches "", VACUUM INTO a file name
        return sqlite3.SQLITE_OK if arg1 in ("", ":memory:") else sqlite3.SQLITE_DENY
    if action == sqlite3.SQLITE_PRAGMA and (arg1 or "").lower() in _GLOBAL_PRAGMAS:
        return sqlite3.SQLITE_DENY
    if action == sqlite3.SQLITE_FUNCTION and (arg2 or "").lower() in _FORBIDDEN_FUNCTIONS:
        return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_DENY if action in _DENIED_ACTIONS else sqlite3.SQLITE_OK


def _copy(path: str | Path) -> sqlite3.Connection:
    size = Path(path).stat().st_size
    if size > MAX_COPY_BYTES:
        raise ExecutionError("forbidden", f"not authorized (only reads are allowed; the "
                             f"database is over {MAX_COPY_BYTES // 2**20} MiB to copy)")
    limit_heap()
    src = open_readonly(path)
    mem = sqlite3.connect(":memory:")  # Python's default transactions, as the evaluator's
    try:
        src.backup(mem)
    finally:
        src.close()
    mem.text_factory = _decode
    mem.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
    mem.setlimit(sqlite3.SQLITE_LIMIT_SQL_LENGTH, MAX_SQL_BYTES)
    mem.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 2)
    mem.set_authorizer(_authorizer)
    return mem


def run_on_copy(path: str | Path, sql: str, *, timeout_s: float = 30.0,
                max_rows: int = DEFAULT_MAX_ROWS) -> Result:
    """Run one statement on a private in-memory copy of the database at ``path``; raise
    ``ExecutionError`` as ``run_query`` does."""
    conn = _copy(path)
    try:
        return run_guarded(conn, sql, timeout_s=timeout_s, max_rows=max_rows)
    except ExecutionError as e:
        if e.kind == "forbidden":
            raise ExecutionError("forbidden", "not authorized (a file or the process would "
                                 "change)") from None
        raise
    finally:
        conn.close()
