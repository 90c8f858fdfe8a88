"""The ``COUNT(DISTINCT a, b)`` pairs of ``benchmarks/count_distinct_pairs.py``: unique ids,
and both queries of each translate and run in SQLite on the schema they name."""

from __future__ import annotations

import sqlite3

from benchmarks.count_distinct_pairs import ROOT, pairs

from sqlverdict.sql.dialect import to_sqlite


def test_pairs_translate_and_run_in_sqlite():
    ps = pairs()
    assert len({p["id"] for p in ps}) == len(ps) == 44
    conn = sqlite3.connect(":memory:")
    conn.executescript((ROOT / ps[0]["schema"]).read_text(encoding="utf-8"))
    for p in ps:
        for sql in (p["gold"], p["pred"]):
            conn.execute(to_sqlite(sql, p["dialect"])).fetchall()
