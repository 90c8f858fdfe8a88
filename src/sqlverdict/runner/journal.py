"""The run journal: a SQLite file of finished verdicts, so an interrupted run resumes.

A verdict is keyed by everything it was computed from: system, example id, oracle, the
oracle's configuration, the prediction text, the gold text, the identity of the example's
database (``file_identity``) and what else the oracle read for it (a test suite's
instances). Change any of them and the verdict is recomputed; otherwise it is reused. Each
key's parts are journaled too, so a resumed run can say what changed (``changes``).

Writes are committed in small transactions (WAL), so a SIGKILL loses at most the verdicts
of the transaction in flight, which the resumed run recomputes. Stored verdicts are clipped
(``clip``): one huge result value cannot make the journal huge. A failed write is rolled
back and reported in one line (a full disk says so); a damaged journal file is named with
the way to start over.

>>> import tempfile, pathlib
>>> from sqlverdict.types import Status, Verdict
>>> j = Journal(pathlib.Path(tempfile.mkdtemp()) / "journal.sqlite")
>>> parts = key_parts("a", "0", "execution", "cfg", "SELECT 1", "SELECT 1", "db")
>>> j.add_many([(verdict_key(parts), parts, Verdict("execution", Status.CONSISTENT, "x" * 9000))])
>>> j.known()[verdict_key(parts)].reason[-25:]
'… [truncated, 9000 bytes]'
>>> changed = key_parts("a", "0", "execution", "cfg", "SELECT 1", "SELECT 42", "db")
>>> j.changes([changed])
{'gold': 1}
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from ..clip import MAX_STORED_CHARS, clip
from ..errors import InputError, OutputError
from ..types import Verdict

# the parts of a verdict's key, in order; ``changes`` names the first that differs
KEY_PARTS = ("system", "example_id", "oracle", "config", "prediction", "gold", "database",
             "inputs")
_SAMPLES = 64  # pages of a large file read for its identity
_PAGE = 4096


def config_hash(config: dict) -> str:
    return hashlib.sha256(json.dumps(config, sort_keys=True, default=str).encode()).hexdigest()[:16]


def _h(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:16]


_identities: dict[tuple, str] = {}


def file_identity(path: str | Path | None) -> str:
    """A short fingerprint of a file's contents: its size and a hash of its first page and
    of pages spread evenly through it (the whole file when small). It survives copying and
    moving the file; it changes when the file is rewritten, and SQLite's header page (with
    its change counter) is always read.

    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "f")
    >>> _ = open(p, "w").write("abc")
    >>> a = file_identity(p); _ = open(p, "w").write("abd"); a == file_identity(p)
    False
    """
    if path is None:
        return "-"
    try:
        st = os.stat(path)
    except OSError:
        return "missing"
    memo = (str(path), st.st_size, st.st_mtime_ns)
    if memo in _identities:
        return _identities[memo]
    p = Path(path)
    h = hashlib.sha256(str(st.st_size).encode())
    with open(p, "rb") as f:
        if st.st_size <= _SAMPLES * _PAGE * 4:
            h.update(f.read())
        else:
            step = st.st_size // _SAMPLES
            for i in range(_SAMPLES):
                f.seek(i * step)
                h.update(f.read(_PAGE))
    _identities[memo] = ident = h.hexdigest()[:16]
    return ident


def key_parts(system: str, example_id: str, oracle: str, cfg_hash: str, pred_text: str,
              gold_text: str, database: str, inputs: str = "") -> dict[str, str]:
    """The parts a verdict key is made of (long texts hashed)."""
    return {"system": system, "example_id": example_id, "oracle": oracle, "config": cfg_hash,
            "prediction": _h(pred_text), "gold": _h(gold_text), "database": database,
            "inputs": inputs}


def verdict_key(parts: dict[str, str]) -> str:
    h = hashlib.sha256()
    for name in KEY_PARTS:
        h.update(parts[name].encode("utf-8", "replace"))
        h.update(b"\x00")
    return h.hexdigest()


def _payload(v: Verdict) -> str:
    """The verdict as JSON, every long value clipped (a short payload has none)."""
    text = json.dumps(v.to_json(), default=str)
    return text if len(text) <= MAX_STORED_CHARS else json.dumps(clip(v.to_json()), default=str)


class Journal:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        try:
            self.conn = sqlite3.connect(self.path, isolation_level=None)
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute("PRAGMA synchronous=NORMAL")
            self.conn.execute(
                "CREATE TABLE IF NOT EXISTS verdicts (key TEXT PRIMARY KEY, system TEXT, "
                "example_id TEXT, oracle TEXT, payload TEXT)"
            )
            cols = {r[1] for r in self.conn.execute("PRAGMA table_info(verdicts)")}
            if "parts" not in cols:  # a journal from before the keys had parts
                self.conn.execute("ALTER TABLE verdicts ADD COLUMN parts TEXT")
        except sqlite3.DatabaseError as e:
            raise self._damaged(e) from None

    def _damaged(self, e: Exception) -> Exception:
        msg = str(e)
        if "full" in msg or "disk i/o" in msg.lower() or "readonly" in msg or "unable to open" in msg:
            try:
                full = shutil.disk_usage(self.path.parent).free < 2**20
            except OSError:
                full = False
            what = "disk full while writing" if full or "full" in msg else "cannot write"
            return OutputError(f"{what} the journal {str(self.path)!r} ({msg}); free space or "
                               "choose a writable --out, then rerun with --resume")
        return InputError(f"the journal {str(self.path)!r} is damaged ({msg}); to start over, "
                          f"move it away (mv {self.path} {self.path}.damaged) and rerun, or "
                          "choose another --out")

    def known(self) -> dict[str, Verdict]:
        try:
            out = {}
            for k, p in self.conn.execute("SELECT key, payload FROM verdicts"):
                out[k] = Verdict.from_json(json.loads(p))
            return out
        except sqlite3.DatabaseError as e:
            raise self._damaged(e) from None
        except (ValueError, KeyError, TypeError) as e:
            raise InputError(f"the journal {str(self.path)!r} holds a verdict this version "
                             f"cannot read ({e}); to start over, move it away and rerun") from None

    def changes(self, wanted: Iterable[dict[str, str]]) -> dict[str, int]:
        """For wanted keys that are not journaled but whose system, example and oracle are:
        what changed since the closest journaled verdict (its first differing part), counted."""
        stored: dict[tuple, list] = {}
        try:
            for s, e, o, parts in self.conn.execute(
                    "SELECT system, example_id, oracle, parts FROM verdicts"):
                stored.setdefault((s, e, o), []).append(json.loads(parts) if parts else None)
        except (sqlite3.DatabaseError, ValueError) as e:
            raise self._damaged(e) from None
        out: Counter = Counter()
        for w in wanted:
            olds = stored.get((w["system"], w["example_id"], w["oracle"]))
            if not olds:
                continue
            diffs = [[n for n in KEY_PARTS if old.get(n) != w[n]] for old in olds if old]
            if not diffs:
                out["journal format"] += 1
            elif all(diffs):
                out[min(diffs, key=len)[0]] += 1
        return dict(out)

    def add_many(self, items: Iterable[tuple[str, dict[str, str], Verdict]]) -> None:
        rows = [(k, p["system"], p["example_id"], p["oracle"], _payload(v), json.dumps(p))
                for k, p, v in items]
        if not rows:
            return
        try:
            self.conn.execute("BEGIN")
            self.conn.executemany("INSERT OR REPLACE INTO verdicts VALUES (?, ?, ?, ?, ?, ?)",
                                  rows)
            self.conn.execute("COMMIT")
        except sqlite3.Error as e:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise self._damaged(e) from None

    def __len__(self) -> int:
        return self.conn.execute("SELECT count(*) FROM verdicts").fetchone()[0]

    def close(self) -> None:
        self.conn.close()

