"""``benchmarks.storage_shares`` counts, on the same solver proofs, the assumption under the
rule before ``storage.py`` and as the verdicts state it."""

from __future__ import annotations

import json

from benchmarks.storage_shares import shares, to_markdown

import sqlverdict
from sqlverdict.schema import from_ddl

DDL = "CREATE TABLE t (id INTEGER PRIMARY KEY, c INTEGER, d INTEGER);"
PAIRS = [
    ("kept", "SELECT c FROM t WHERE c > 5", "SELECT c FROM t WHERE c >= 6"),
    # (the constant column keeps it a solver proof: without it, count_of_distinct_rows
    # proves the pair by rewriting)
    ("dropped", "SELECT COUNT(DISTINCT c) FROM t WHERE c > 10",
     "SELECT COUNT(*) FROM (SELECT DISTINCT c, 1 FROM t WHERE c > 10)"),
]


def test_counts_before_and_after_on_the_same_proofs(tmp_path):
    ddl = tmp_path / "s.sql"
    ddl.write_text(DDL)
    schema = from_ddl(DDL)
    with open(tmp_path / "pairs.jsonl", "w") as p, open(tmp_path / "b3.jsonl", "w") as r:
        for pid, gold, pred in PAIRS:
            p.write(json.dumps({"id": pid, "gold": gold, "pred": pred, "schema": str(ddl)}) + "\n")
            res = sqlverdict.verify(gold, pred, schema, search=False)
            r.write(json.dumps({"id": pid, **res.to_json()}) + "\n")
    got = shares(tmp_path / "pairs.jsonl", tmp_path / "b3.jsonl")
    assert got == {"proofs": 2, "before": 2, "after": 1, "dropped": 1, "added": 0}
    assert "| all | 2 | 2 (100%) | 1 (50%) | 1 | 0 |" in to_markdown({"t": got}, "cmd")
