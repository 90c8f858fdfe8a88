"""Safe execution of user SQL: the one guard every connection that runs user SQL gets.

User SQL (predictions, gold queries, anything a benchmark or a pairs file supplies) runs
only through ``run_query``. Whatever the connection, ``run_query`` installs the guard first:

- **reads only**: an authorizer allows SELECT, reads and functions; it denies writes, DDL,
  ATTACH/DETACH, PRAGMA, VACUUM (also ``VACUUM INTO``), transactions and
  ``load_extension``; Python's driver refuses more than one statement; database files are
  opened with ``mode=ro`` and ``SQLITE_LIMIT_ATTACHED`` is 0;
- **time**: a progress handler interrupts the VM once ``timeout_s`` is spent. A single
  function call is not interruptible, so the functions whose one call can run for minutes
  (``printf``/``format`` repeating a ``%c`` a billion times, ``trim``/``instr``/``replace``
  on long arguments, quadratic inside SQLite) are replaced, for queries that name them, by
  wrappers that give SQLite's result or stop the query as a ``timeout`` (``_WRAPPERS``);
- **memory**: ``SQLITE_LIMIT_LENGTH`` caps one string, blob or row at ``MAX_VALUE_BYTES``
  (a bigger value fails at once as ``memory``); a per-process heap limit
  (``PRAGMA hard_heap_limit``, ``HEAP_LIMIT_BYTES``) caps SQLite's own memory; rows are
  fetched one at a time against a row cap and an approximate byte budget per result.

Every failure is an ``ExecutionError`` whose ``kind`` says what happened (``classify``).

API (for every caller, the verifier's scratch databases included):

- ``open_readonly(path)``: a guarded, read-only connection to a database file;
- ``scratch_database()``: a guarded, private in-memory database. Its owner creates tables
  and inserts rows inside ``with owner_writes(conn):`` (the authorizer is lifted for the
  block and put back after it), then runs user SQL on it with ``run_query(conn, sql)``;
- ``run_query(db, sql, *, params=(), timeout_s, max_rows, max_bytes)``: run one statement
  (``db`` a path or any connection) under the guard and return a ``Result``;
- ``guard(conn)``: install the authorizer and the limits on a connection made elsewhere;
  ``run_query`` does it itself, so a connection that has run user SQL stays guarded.

>>> import sqlite3, tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "t.sqlite")
>>> c = sqlite3.connect(path); _ = c.execute("CREATE TABLE t(a)"); c.commit(); c.close()
>>> run_query(path, "SELECT 1 + 1").rows
[(2,)]
>>> run_query(path, "DROP TABLE t")
Traceback (most recent call last):
...
sqlverdict.errors.ExecutionError: forbidden: not authorized (only reads are allowed)
>>> run_query(path, "SELECT randomblob(300000000)")
Traceback (most recent call last):
...
sqlverdict.errors.ExecutionError: memory: a value larger than 16 MiB (string or blob too big)

A scratch database: its owner writes, user SQL only reads.

>>> s = scratch_database()
>>> with owner_writes(s):
...     _ = s.execute("CREATE TABLE t(a)")
...     _ = s.executemany("INSERT INTO t VALUES (?)", [(1,), (2,)])
>>> run_query(s, "SELECT sum(a) FROM t WHERE a > ?", params=(0,)).rows
[(3,)]
>>> run_query(s, "VACUUM INTO 'copy.db'")
Traceback (most recent call last):
...
sqlverdict.errors.ExecutionError: forbidden: not authorized (only reads are allowed)
"""

from __future__ import annotations

import contextlib
import re
import sqlite3
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ExecutionError

DEFAULT_TIMEOUT_S = 30.0
DEFAULT_MAX_ROWS = 1_000_000
DEFAULT_MAX_BYTES = 128 * 2**20  # per result, approximate size of the rows in Python
MAX_VALUE_BYTES = 16 * 2**20  # SQLITE_LIMIT_LENGTH: one string, blob or row
MAX_SQL_BYTES = 2**20  # SQLITE_LIMIT_SQL_LENGTH
HEAP_LIMIT_BYTES = 256 * 2**20  # PRAGMA hard_heap_limit: SQLite's memory in one process
_PROGRESS_STEPS = 2_000  # VM instructions between clock checks

LIMITS = {
    sqlite3.SQLITE_LIMIT_LENGTH: MAX_VALUE_BYTES,
    sqlite3.SQLITE_LIMIT_SQL_LENGTH: MAX_SQL_BYTES,
    sqlite3.SQLITE_LIMIT_ATTACHED: 0,
}

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
    nbytes: int = field(default=0, compare=False)  # approximate size in Python
    notes: tuple[str, ...] = field(default=(), compare=False)  # e.g. a printf made NULL

    def __len__(self) -> int:
        return len(self.rows)


def _authorizer(action, arg1, arg2, dbname, source):
    if action == sqlite3.SQLITE_FUNCTION:
        return sqlite3.SQLITE_DENY if (arg2 or "").lower() in _FORBIDDEN_FUNCTIONS else sqlite3.SQLITE_OK
    if action in _ALLOWED:
        return sqlite3.SQLITE_OK
    return sqlite3.SQLITE_DENY


def _decode(b: bytes) -> str:
    return b.decode("utf-8", errors="replace")


_heap_limited = False


def limit_heap(nbytes: int = HEAP_LIMIT_BYTES) -> None:
    """Cap SQLite's memory in this process (it is per process, not per connection); never
    raises an existing lower cap."""
    global _heap_limited
    c = sqlite3.connect(":memory:")
    try:
        current = c.execute("PRAGMA hard_heap_limit").fetchone()[0]
        if current == 0 or current > nbytes:
            c.execute(f"PRAGMA hard_heap_limit = {int(nbytes)}")
    finally:
        c.close()
    _heap_limited = True


def guard(conn: sqlite3.Connection) -> sqlite3.Connection:
    """Install the read-only authorizer and the limits on ``conn`` (idempotent, cheap) and
    return it; ``with guard(conn):`` works too, and the guard stays after the block."""
    if not _heap_limited:
        limit_heap()
    conn.set_authorizer(_authorizer)
    for k, v in LIMITS.items():
        conn.setlimit(k, v)
    return conn


def open_readonly(path: str | Path) -> sqlite3.Connection:
    """Open ``path`` read-only with the guard installed."""
    p = Path(path).resolve()
    if not p.is_file():
        raise ExecutionError("no_database", f"database file {str(p)!r} does not exist")
    conn = sqlite3.connect(f"file:{p}?mode=ro", uri=True, isolation_level=None)
    conn.text_factory = _decode
    return guard(conn)


def scratch_database(*, check_same_thread: bool = True) -> sqlite3.Connection:
    """A private in-memory database with the guard installed; write to it inside
    ``owner_writes``."""
    conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=check_same_thread)
    conn.text_factory = _decode
    return guard(conn)


@contextlib.contextmanager
def owner_writes(conn: sqlite3.Connection):
    """Lift the authorizer for the owner's own statements (never for user SQL)."""
    conn.set_authorizer(None)
    try:
        yield conn
    finally:
        guard(conn)


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
    if "out of memory" in msg or "too big" in msg or isinstance(e, MemoryError):
        return "memory"
    return "runtime"


# ------------------------------------------------------------- functions with bounded calls

_RISKY = re.compile(r"\b(printf|format|trim|ltrim|rtrim|instr|replace)\s*\(", re.I)
_CONVERSION = re.compile(r"%([-+ 0#!,]*)(\*|\d*)(?:\.(\*|\d*))?(l{0,2})(.?)", re.S)
# worst-case seconds per pair of argument characters (measured on SQLite 3.40: trim scans
# the whole character set for each trimmed character, instr/replace compare at every offset)
_PAIR_COST_S = {"trim": 4e-8, "instr": 1e-10, "replace": 1e-10}
_builtin = threading.local()


def _sqlite_builtin(name: str, args: tuple):
    """SQLite's own ``name(args)``, on a private connection that runs no user SQL."""
    c = getattr(_builtin, "conn", None)
    if c is None:
        c = _builtin.conn = sqlite3.connect(":memory:")
        c.text_factory = _decode
        c.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
    marks = ", ".join("?" * len(args))
    return c.execute(f"SELECT {name}({marks})", args).fetchone()[0]


def _as_int(v) -> int:
    try:
        return int(float(v)) if not isinstance(v, bytes) else 0
    except (TypeError, ValueError, OverflowError):
        return 0


def _c_repetitions(fmt: str, args: tuple) -> int:
    """The largest repetition count of a ``%c`` conversion in a printf format.

    >>> _c_repetitions("%.*c and %d", (1000000000, "x", 5))
    1000000000
    >>> _c_repetitions("100%% %5.3c", ("y",))
    3
    """
    worst, i = 0, 0
    for m in _CONVERSION.finditer(fmt):
        width, precision, conv = m.group(2), m.group(3), m.group(5)
        if conv == "%" or not conv:
            continue
        if width == "*":
            i += 1
        p = 0
        if precision == "*":
            p = _as_int(args[i]) if i < len(args) else 0
            i += 1
        elif precision:
            p = int(precision)
        if conv == "c":
            worst = max(worst, p)
        i += 1
    return worst


def _length(v) -> int:
    return len(v) if isinstance(v, (str, bytes)) else 24


_budget = threading.local()  # .deadline and .tripped while run_query runs in this thread


def _printf(name: str):
    def f(*args):
        if args and isinstance(args[0], str) and _c_repetitions(args[0], args[1:]) > MAX_VALUE_BYTES:
            notes = getattr(_budget, "notes", None)
            if notes is not None and len(notes) < 1:
                notes.append(f"a {name}() result over the {MAX_VALUE_BYTES // 2**20} MiB value "
                             "limit is NULL")
            return None  # SQLite's result too, after a loop of that many steps
        return _sqlite_builtin(name, args)
    return f


def _pairwise(name: str):
    cost = _PAIR_COST_S["trim" if name.endswith("trim") else name]

    def f(*args):
        deadline = getattr(_budget, "deadline", None)
        if deadline is not None and len(args) >= 2 and \
                _length(args[0]) * _length(args[1]) * cost > deadline - time.monotonic():
            _budget.tripped.append("timeout")
            raise ExecutionError("timeout", f"{name}() on long arguments")
        return _sqlite_builtin(name, args)
    return f


# SQLite's own result, or the query stops when one call would outlast the budget. Installed
# on a connection the first time a query names the function, and left there: outside
# run_query (no budget) a wrapper only passes the call on.
_WRAPPERS = {"printf": _printf("printf"), "format": _printf("format")}
_WRAPPERS.update({n: _pairwise(n) for n in ("trim", "ltrim", "rtrim", "instr", "replace")})
_ARITY = {"printf": -1, "format": -1, "trim": 2, "ltrim": 2, "rtrim": 2, "instr": 2,
          "replace": 3}


# ------------------------------------------------------------- running


def run_query(db: str | Path | sqlite3.Connection, sql: str, *, params=(),
              timeout_s: float = DEFAULT_TIMEOUT_S, max_rows: int = DEFAULT_MAX_ROWS,
              max_bytes: int = DEFAULT_MAX_BYTES) -> Result:
    """Run one statement under the guard; raise ``ExecutionError`` with a classified ``kind``."""
    if not isinstance(sql, str):
        raise ExecutionError("invalid", f"query is a {type(sql).__name__}, not a string")
    conn = db if isinstance(db, sqlite3.Connection) else _connections.get(db)
    return run_guarded(guard(conn), sql, params=params, timeout_s=timeout_s,
                       max_rows=max_rows, max_bytes=max_bytes)


def run_guarded(conn: sqlite3.Connection, sql: str, *, params=(),
                timeout_s: float = DEFAULT_TIMEOUT_S, max_rows: int = DEFAULT_MAX_ROWS,
                max_bytes: int = DEFAULT_MAX_BYTES) -> Result:
    """``run_query`` on a connection whose authorizer and limits the caller installed (the
    read-only guard, or ``sandbox``'s own on a private copy)."""
    deadline = time.monotonic() + timeout_s
    tripped: list[str] = []
    for name in {m.group(1).lower() for m in _RISKY.finditer(sql)}:
        conn.create_function(name, _ARITY[name], _WRAPPERS[name], deterministic=True)
    _budget.deadline, _budget.tripped, _budget.notes = deadline, tripped, []
    conn.set_progress_handler(lambda: 1 if time.monotonic() > deadline else 0, _PROGRESS_STEPS)
    cur = None
    try:
        cur = conn.execute(sql, params)
        columns = tuple(d[0] for d in cur.description) if cur.description else ()
        rows: list[tuple] = []
        per_row = 56 + 8 * len(columns)
        nbytes = 0
        for row in cur:  # one row at a time: one row may already be MAX_VALUE_BYTES wide
            rows.append(row)
            nbytes += per_row
            for v in row:
                if v.__class__ is str or v.__class__ is bytes:
                    nbytes += len(v)
            if nbytes > max_bytes:
                raise ExecutionError("memory", f"result larger than {max_bytes // 2**20} MiB")
            if len(rows) > max_rows:
                raise ExecutionError("too_many_rows", f"more than {max_rows} rows")
        return Result(columns, rows, nbytes, tuple(_budget.notes))
    except ExecutionError:
        raise
    except sqlite3.Warning as e:  # "You can only execute one statement at a time."
        raise ExecutionError(classify(e), str(e)) from None
    except (sqlite3.Error, OverflowError, ValueError, MemoryError) as e:
        kind = tripped[0] if tripped else classify(e)
        if kind == "timeout":
            raise ExecutionError("timeout", f"query ran longer than {timeout_s:g} s") from None
        if kind == "forbidden":
            raise ExecutionError("forbidden", "not authorized (only reads are allowed)") from None
        if kind == "memory" and "too big" in str(e).lower():
            raise ExecutionError("memory", f"a value larger than {MAX_VALUE_BYTES // 2**20} MiB "
                                 "(string or blob too big)") from None
        if kind == "memory":
            raise ExecutionError("memory", "out of memory (SQLite may use "
                                 f"{HEAP_LIMIT_BYTES // 2**20} MiB per process)") from None
        raise ExecutionError(kind, str(e) or type(e).__name__) from None
    finally:
        if cur is not None:
            try:
                cur.close()
            except sqlite3.Error:
                pass
        conn.set_progress_handler(None, 0)
        _budget.deadline = None


class ResultCache:
    """Results (or errors) of queries per (database, sql), computed once per run; at most
    ``size`` entries and ``max_bytes`` of results (a big result is not kept)."""

    def __init__(self, size: int = 4096, max_bytes: int = 256 * 2**20):
        self.size = size
        self.max_bytes = max_bytes
        self._bytes = 0
        self._d: OrderedDict[tuple[str, str, float], Result | ExecutionError] = OrderedDict()

    def run(self, db: str | Path, sql: str, **kw) -> Result:
        key = (str(db), sql, kw.get("timeout_s", DEFAULT_TIMEOUT_S))
        hit = self._d.get(key)
        if hit is None:
            try:
                hit = run_query(db, sql, **kw)
            except ExecutionError as e:
                hit = e
            size = hit.nbytes if isinstance(hit, Result) else 0
            if size <= self.max_bytes // 4:
                self._d[key] = hit
                self._bytes += size
                while len(self._d) > self.size or self._bytes > self.max_bytes:
                    _, old = self._d.popitem(last=False)
                    self._bytes -= old.nbytes if isinstance(old, Result) else 0
        else:
            self._d.move_to_end(key)
        if isinstance(hit, ExecutionError):
            raise hit
        return hit
