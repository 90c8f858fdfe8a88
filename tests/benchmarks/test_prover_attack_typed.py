"""``benchmarks/prover_attack.py --typed``: the proofs of the typed domain attacked with
random typed databases only (SQLite itself runs both queries). Each proof below is one the
verifier gives in the typed domain; the typed attack separates none of them, and the attack
with values of every class separates the first (SUM('') is 0.0), so the harness tells a
typed claim from an every-database one."""

from __future__ import annotations

import pytest
from benchmarks.prover_attack import attack, proofs

from sqlverdict import verify
from sqlverdict.schema import from_ddl

DDL = ("CREATE TABLE account (acctno INTEGER NOT NULL, empno INTEGER NOT NULL, "
       "balance INTEGER NOT NULL, kind TEXT, PRIMARY KEY (acctno));"
       "CREATE TABLE p (k TEXT PRIMARY KEY, v INTEGER);"
       "CREATE TABLE e (id INTEGER PRIMARY KEY, d DATE, n TEXT)")
TYPED_PROOFS = [
    ("SELECT acctno, SUM(balance) FROM account GROUP BY acctno", "SELECT acctno, balance FROM account"),
    ("SELECT count(k) FROM p", "SELECT count(*) FROM p"),
    ("SELECT id FROM e WHERE n || '' = 'a'", "SELECT id FROM e WHERE n = 'a'"),
    ("SELECT acctno FROM account WHERE balance + 0 > 5", "SELECT acctno FROM account WHERE balance > 5"),
]


@pytest.mark.parametrize("pair", TYPED_PROOFS, ids=lambda p: p[0][:40])
def test_typed_proofs_survive_random_typed_databases(pair, tmp_path):
    r = verify(*pair, from_ddl(DDL), dialect="postgres", search=False, timeout_s=20)
    assert str(r.status) == "verified" and r.domain == "typed", r.reason
    schema = tmp_path / "s.sql"
    schema.write_text(DDL)
    p = {"id": "x", "set": "test", "gold": pair[0], "pred": pair[1], "schema": str(schema),
         "semantics": r.semantics}
    got = attack(p, 60, {}, modes=(True,))
    assert not got["separated"], got
    assert got["trials"] == 60 * 3


def test_the_untyped_attack_separates_a_typed_proof(tmp_path):
    schema = tmp_path / "s.sql"
    schema.write_text(DDL)
    gold, pred = TYPED_PROOFS[0]
    p = {"id": "x", "set": "test", "gold": gold, "pred": pred, "schema": str(schema),
         "semantics": "bag"}
    assert attack(p, 100, {}, modes=(False,))["separated"]


def test_typed_attack_reads_only_typed_domain_results(tmp_path, monkeypatch):
    import json

    import benchmarks.prover_attack as pa

    monkeypatch.setattr(pa, "BUILD", tmp_path)
    pairs = [{"id": i, "gold": "SELECT 1", "pred": "SELECT 1", "schema": "s.sql"} for i in "ab"]
    results = [{"id": "a", "status": "verified", "method": "rewriting", "semantics": "bag",
                "domain": "typed"},
               {"id": "b", "status": "verified", "method": "rewriting", "semantics": "bag",
                "domain": "sqlite"}]
    (tmp_path / "r_pairs.jsonl").write_text("".join(json.dumps(x) + "\n" for x in pairs))
    (tmp_path / "r_b3.jsonl").write_text("".join(json.dumps(x) + "\n" for x in results))
    assert [p["id"] for p in proofs("r", "rewriting", "typed")] == ["a"]
    assert [p["id"] for p in proofs("r", "rewriting")] == ["a", "b"]
