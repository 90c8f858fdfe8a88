"""Safe, read-only execution of one query against a SQLite database.

Three locks keep user databases byte-identical: the file is opened with ``mode=ro``, an
authorizer allows only reads (no writes, DDL, ATTACH, PRAGMA, transactions or
``load_extension``), and Python's driver refuses more than one statement. Budgets are
enforced inside SQLite: a progress handler interrupts the VM when the wall-clock budget is
spent; rows are fetched in batches up to a row cap and an approximate byte cap.

>>> import sqlite3, tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "t.sqlite")
>>> c = sqlite3.connect(path); _ = c.execute("CREATE TABLE t(a)"); c.commit(); c.close()
>>> run_query(path, "SELECT 1 + 1").rows
[(2,)]
>>> run_query(path, "DROP TABLE t")
Traceback (most recent call last):
...
sqlverdict.errors.ExecutionError: forbidden: not authorized (only reads are allowed)
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from ..errors import ExecutionError

DEFAULT_TIMEOUT_S = 30.0
DEFAULT_MAX_ROWS = 1_000_000
DEFAULT_MAX_BYTES = 512 * 1024 * 1024
_PROGRESS_STEPS = 2_000  # VM instructions between clock checks

_ALLOWED = {
    sqlite3.SQLITE_SELECT,
    sqlite3.SQLITE_READ,
    sqlite3.SQLITE_FUNCTION,
    getattr(sqlite3, "SQLITE_RECURSIVE", 33),
}
_FORBIDDEN_FUNCTIONS = {"load_extension", "readfile", "writefile", "edit", "fts3_tokenizer"}


@dataclass(frozen=True)
class Result:
    columns: tuple[str, ...]
    rows: list[tuple]

    def __len__(self) -> int:
        return len(self.rows)


def _authorizer(action, arg1, arg2, dbname, source):
    if action == sqlite3.SQLITE_FUNCTION:
        return sqlite3.SQLITE_DENY if (arg2 or "").lower() in _FORBIDDEN_FUNCTIONS else sqlite3.SQLITE_OK
    if action in _ALLOWED:
        return sqlite3.SQLITE_OK
    return sqlite3.SQLITE_DENY


@contextlib.contextmanager
def guard(conn: sqlite3.Connection):
    """The read-only guard on a connection that the library fills itself (an in-memory
    scratch database): only reads are authorized inside the block."""
    conn.set_authorizer(_authorizer)
    try:
        yield conn
    finally:
        conn.set_authorizer(None)


def _decode(b: bytes) -> str:
    return b.decode("utf-8", errors="replace")


def open_readonly(path: str | Path) -> sqlite3.Connection:
    """Open ``path`` read-only with the read-only authorizer installed."""
    p = Path(path).resolve()
    if not p.is_file():
        raise ExecutionError("no_database", f"database file {str(p)!r} does not exist")
    conn = sqlite3.connect(f"file:{p}?mode=ro", uri=True, isolation_level=None)
    conn.text_factory = _decode
    conn.set_authorizer(_authorizer)
    return conn


class _ConnectionCache:
    """A few open connections per thread (opening is cheap, but not free).

    Per thread, not shared: a connection used by two threads deadlocks when one sets the
    progress handler (holding the GIL, waiting for SQLite's mutex) while the other runs a
    query (holding the mutex, waiting for the GIL to call that handler).
    """

    def __init__(self, size: int = 8):
        self.size = size
        self._local = threading.local()

    def get(self, path: str | Path) -> sqlite3.Connection:
        key = str(path)
        d = getattr(self._local, "d", None)
        if d is None:
            d = self._local.d = OrderedDict()
        if key in d:
            d.move_to_end(key)
            return d[key]
        conn = d[key] = open_readonly(key)
        while len(d) > self.size:
            _, old = d.popitem(last=False)
            old.close()
        return conn


_connections = _ConnectionCache()


def classify(e: Exception) -> str:
    msg = str(e).lower()
    if "not authorized" in msg or "prohibited" in msg or "authorization denied" in msg:
        return "forbidden"
    if "one statement at a time" in msg:
        return "multiple_statements"
    if "no such table" in msg:
        return "no_such_table"
    if "no such column" in msg:
        return "no_such_column"
    if "syntax error" in msg or "incomplete input" in msg or "unrecognized token" in msg:
        return "syntax"
    if "interrupted" in msg:
        return "timeout"
    if "out of memory" in msg or "too big" in msg:
        return "memory"
    return "runtime"


def run_query(db: str | Path | sqlite3.Connection, sql: str, *,
              timeout_s: float = DEFAULT_TIMEOUT_S, max_rows: int = DEFAULT_MAX_ROWS,
              max_bytes: int = DEFAULT_MAX_BYTES) -> Result:
    """Run one read-only query; raise ``ExecutionError`` with a classified ``kind``."""
    if not isinstance(sql, str):
        raise ExecutionError("invalid", f"query is a {type(sql).__name__}, not a string")
    conn = db if isinstance(db, sqlite3.Connection) else _connections.get(db)
    deadline = time.monotonic() + timeout_s
    conn.set_progress_handler(lambda: 1 if time.monotonic() > deadline else 0, _PROGRESS_STEPS)
    cur = None
    try:
        cur = conn.execute(sql)
        columns = tuple(d[0] for d in cur.description) if cur.description else ()
        rows: list[tuple] = []
        nbytes = 0
        while True:
            batch = cur.fetchmany(1000)
            if not batch:
                break
            rows.extend(batch)
            if len(rows) > max_rows:
                raise ExecutionError("too_many_rows", f"more than {max_rows} rows")
            if len(rows) > 10_000:  # small results cannot reach the byte cap; skip counting
                for r in batch:
                    nbytes += 16 + sum(len(v) if isinstance(v, (str, bytes)) else 8 for v in r)
            if nbytes > max_bytes:
                raise ExecutionError("memory", f"result larger than {max_bytes} bytes")
        return Result(columns, rows)
    except ExecutionError:
        raise
    except sqlite3.Warning as e:  # "You can only execute one statement at a time."
        raise ExecutionError(classify(e), str(e)) from None
    except (sqlite3.Error, OverflowError, ValueError, MemoryError) as e:
        kind = classify(e)
        if kind == "timeout":
            raise ExecutionError("timeout", f"query ran longer than {timeout_s:g} s") from None
        if kind == "forbidden":
            raise ExecutionError("forbidden", "not authorized (only reads are allowed)") from None
        raise ExecutionError(kind, str(e)) from None
    finally:
        if cur is not None:
            try:
                cur.close()
            except sqlite3.Error:
                pass
        conn.set_progress_handler(None, 0)


class ResultCache:
    """Results (or errors) of queries per (database, sql), computed once per run."""

    def __init__(self, size: int = 4096):
        self.size = size
        self._d: OrderedDict[tuple[str, str, float], Result | ExecutionError] = OrderedDict()

    def run(self, db: str | Path, sql: str, **kw) -> Result:
        key = (str(db), sql, kw.get("timeout_s", DEFAULT_TIMEOUT_S))
        hit = self._d.get(key)
        if hit is None:
            try:
                hit = run_query(db, sql, **kw)
            except ExecutionError as e:
                hit = e
            self._d[key] = hit
            if len(self._d) > self.size:
                self._d.popitem(last=False)
        else:
            self._d.move_to_end(key)
        if isinstance(hit, ExecutionError):
            raise hit
        return hit
