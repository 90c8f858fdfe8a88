"""The run journal: a SQLite file of finished verdicts, so an interrupted run resumes.

A verdict is keyed by system, example, oracle, the oracle's configuration and the
prediction text: change any of them and the verdict is recomputed; otherwise it is reused.
Writes are committed in small transactions (WAL), so a SIGKILL loses at most the verdicts of
the transaction in flight, which the resumed run recomputes.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from ..types import Verdict


def config_hash(config: dict) -> str:
    return hashlib.sha256(json.dumps(config, sort_keys=True, default=str).encode()).hexdigest()[:16]


def verdict_key(system: str, example_id: str, oracle: str, cfg_hash: str, pred_text: str) -> str:
    h = hashlib.sha256()
    for part in (system, example_id, oracle, cfg_hash, pred_text):
        h.update(part.encode("utf-8", "replace"))
        h.update(b"\x00")
    return h.hexdigest()


class Journal:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.conn = sqlite3.connect(self.path, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS verdicts (key TEXT PRIMARY KEY, system TEXT, "
            "example_id TEXT, oracle TEXT, payload TEXT)"
        )

    def known(self) -> dict[str, Verdict]:
        return {k: Verdict.from_json(json.loads(p))
                for k, p in self.conn.execute("SELECT key, payload FROM verdicts")}

    def add_many(self, items: Iterable[tuple[str, str, str, str, Verdict]]) -> None:
        rows = [(k, s, e, o, json.dumps(v.to_json(), default=str)) for k, s, e, o, v in items]
        if not rows:
            return
        self.conn.execute("BEGIN")
        self.conn.executemany("INSERT OR REPLACE INTO verdicts VALUES (?, ?, ?, ?, ?)", rows)
        self.conn.execute("COMMIT")

    def __len__(self) -> int:
        return self.conn.execute("SELECT count(*) FROM verdicts").fetchone()[0]

    def close(self) -> None:
        self.conn.close()
