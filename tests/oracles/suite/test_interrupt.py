"""Ctrl-C or SIGTERM while a suite is being built with workers stops the workers at once:
no database is built after the interruption (the executor used before waited for all)."""

from __future__ import annotations

import json
import multiprocessing as mp
import sqlite3
import time
from pathlib import Path

import pytest

from sqlverdict.oracles.suite import build


def _job(args) -> dict:
    """The first database at once; the others only after a long while, then a marker file."""
    db_id, _schema, _path, _golds, out, _cfg = args
    if db_id != "quick":
        time.sleep(60)
        (Path(out) / f"{db_id}.late").write_text("built after the interruption")
    return {"db_id": db_id}


def test_interrupt_terminates_workers(tmp_path, monkeypatch):
    root = tmp_path / "bench"
    for db_id in ("quick", "slow1", "slow2"):
        db = root / "database" / db_id / f"{db_id}.sqlite"
        db.parent.mkdir(parents=True)
        conn = sqlite3.connect(db)
        conn.execute("CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT)")
        conn.commit()
        conn.close()
    with open(root / "questions.jsonl", "w") as f:
        for i, db_id in enumerate(("quick", "slow1", "slow2")):
            f.write(json.dumps({"id": i, "db_id": db_id, "question": "q",
                                "gold": "SELECT a FROM t"}) + "\n")
    monkeypatch.setattr(build, "_job", _job)
    out = tmp_path / "suite"

    def interrupt(stats):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        build.build_suite(f"jsonl:{root / 'questions.jsonl'}", out, workers=3, progress=interrupt)
    assert not mp.active_children()  # the workers are gone, not left building
    assert not list(out.glob("*.late"))
