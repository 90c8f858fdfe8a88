"""An append-only on-disk cache of chat-completion responses.

One SQLite file (``responses.sqlite`` in the cache directory) maps a SHA-256 key of the
request to the response JSON. Entries are never evicted or overwritten (first write wins,
``INSERT OR IGNORE``); each write is its own transaction, so a crash loses at most the
request in flight, and several processes may share one directory (SQLite locking, WAL).

>>> import tempfile
>>> c = ResponseCache(tempfile.mkdtemp())
>>> k = request_key("http://x/v1", "m", [{"role": "user", "content": "hi"}], {"temperature": 0})
>>> c.get(k) is None
True
>>> c.put(k, {"choices": []}); c.get(k)
{'choices': []}
>>> len(c)
1
>>> c.close(); ro = ResponseCache(c.directory, readonly=True); ro.get(k), len(ro)
({'choices': []}, 1)

``readonly=True`` opens the file with SQLite's ``mode=ro&immutable=1`` URI: nothing is
written, not even the ``-wal``/``-shm`` files, so a cache committed with benchmark results
stays byte-identical when an analysis reads it (``put`` does nothing then). While a writer
still has the file open (a ``-wal`` file next to it), it is opened ``mode=ro`` instead, so
that the answers still in the write-ahead log are read too.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any


def request_key(base_url: str, model: str, messages: list[dict], params: dict[str, Any]) -> str:
    """SHA-256 of the canonical JSON of everything that determines the answer."""
    payload = json.dumps(
        {"base_url": base_url.rstrip("/"), "model": model, "messages": messages,
         "params": {k: v for k, v in sorted(params.items()) if v is not None}},
        sort_keys=True, ensure_ascii=False, separators=(",", ":"),
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


class _UserCache:
    """The default cache folder, resolved when a client is made (``default_cache_dir``)."""

    def __repr__(self) -> str:
        return "DEFAULT_CACHE"


DEFAULT_CACHE = _UserCache()


def default_cache_dir() -> Path:
    """Where answers are cached unless told otherwise: the user's cache folder
    (``$XDG_CACHE_HOME``, else ``~/Library/Caches`` on macOS, ``%LOCALAPPDATA%`` on Windows,
    ``~/.cache`` elsewhere) ``/sqlverdict/llm``, never the working directory.

    >>> import os
    >>> os.environ["XDG_CACHE_HOME"] = "/tmp/xdg"; str(default_cache_dir())
    '/tmp/xdg/sqlverdict/llm'
    >>> del os.environ["XDG_CACHE_HOME"]
    """
    import os
    import sys

    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        if sys.platform == "darwin":
            base = str(Path.home() / "Library" / "Caches")
        elif os.name == "nt":
            base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        else:
            base = str(Path.home() / ".cache")
    return Path(base) / "sqlverdict" / "llm"


class ResponseCache:
    """Responses by request key; safe across threads and processes."""

    FILENAME = "responses.sqlite"

    def __init__(self, directory: str | Path, *, readonly: bool = False):
        self.directory = Path(directory)
        self.path = self.directory / self.FILENAME
        self.readonly = readonly
        self._local = threading.local()
        if readonly:
            if not self.path.is_file():
                from ..errors import InputError

                raise InputError(f"response cache {self.path} does not exist (read-only "
                                 "reading needs the file a run wrote; check the cache folder)")
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        self._create(self._conn())

    @staticmethod
    def _create(conn: sqlite3.Connection, wait_s: float = 60.0) -> None:
        """WAL mode and the table, retried while another process holds the file: SQLite
        answers ``PRAGMA journal_mode=WAL`` with "database is locked" at once, without
        waiting for the connection's busy timeout, when processes open a new cache together."""
        until = time.monotonic() + wait_s
        while True:
            try:
                if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                    conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("CREATE TABLE IF NOT EXISTS responses (key TEXT PRIMARY KEY,"
                             " created REAL NOT NULL, response TEXT NOT NULL)")
                return
            except sqlite3.OperationalError as e:
                if "locked" not in str(e) or time.monotonic() > until:
                    raise
                time.sleep(0.05)

    def _conn(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            if self.readonly:
                from urllib.parse import quote

                live = self.path.with_name(self.path.name + "-wal").exists()
                uri = (f"file:{quote(str(self.path.resolve()))}?mode=ro"
                       + ("" if live else "&immutable=1"))
                conn = sqlite3.connect(uri, uri=True, isolation_level=None)
            else:
                conn = sqlite3.connect(self.path, timeout=60, isolation_level=None)
            self._local.conn = conn
        return conn

    def get(self, key: str) -> dict[str, Any] | None:
        row = self._conn().execute("SELECT response FROM responses WHERE key = ?", (key,)).fetchone()
        return None if row is None else json.loads(row[0])

    def put(self, key: str, response: dict[str, Any]) -> None:
        if self.readonly:
            return
        self._conn().execute(
            "INSERT OR IGNORE INTO responses (key, created, response) VALUES (?, ?, ?)",
            (key, time.time(), json.dumps(response, ensure_ascii=False)),
        )

    def __len__(self) -> int:
        return self._conn().execute("SELECT COUNT(*) FROM responses").fetchone()[0]

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None
