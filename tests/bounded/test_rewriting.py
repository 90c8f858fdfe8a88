"""The rewriting proofs (``oracles/bounded/canon.py``) against SQLite.

Every fixture that rewriting proves equivalent is attacked with random databases run in
SQLite (the fallback search: keys, foreign keys and NOT NULL hold; values from the
queries' literals); pairs known to differ on a real Spider database must keep different
canonical forms.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from bounded_fixtures import load_cases

from sqlverdict.errors import SqlverdictError
from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.api import _same_canonical, verify
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.oracles.bounded.fallback import search_witness
from sqlverdict.schema import from_ddl, load_schema

ROOT = Path(__file__).resolve().parents[2]

REWRITTEN = [c for c in load_cases() if "equivalent by rewriting" in c.reason]


@functools.cache
def _schema(file):
    return next(c for c in load_cases() if c.schema_file == file).schema()


def test_rewriting_fixtures_exist():
    assert len(REWRITTEN) >= 5


@pytest.mark.parametrize("case", REWRITTEN, ids=lambda c: c.title)
def test_rewritten_pairs_agree_on_random_databases(case):
    schema = _schema(case.schema_file)
    r = search_witness(case.gold, case.pred, schema, bound=4, semantics=case.semantics,
                       time_s=20.0, max_trials=300, seed=1)
    assert r.witness is None, f"SQLite separates a pair proved by rewriting: {r.witness}"


@pytest.mark.parametrize("case", [c for c in load_cases() if c.expect == "refuted"], ids=lambda c: c.id)
def test_refuted_fixtures_keep_different_canonical_forms(case):
    schema = _schema(case.schema_file)
    try:
        g, p = ir.lower(case.gold, schema).query, ir.lower(case.pred, schema).query
    except SqlverdictError:
        return
    assert _same_canonical(g, p, schema, case.semantics) is None


def _distinctions():
    text = (ROOT / "tests" / "fixtures" / "canon" / "distinctions.sql").read_text()
    out = []
    for block in text.split("\n\n"):
        db = [line.split(":", 1)[1].strip() for line in block.splitlines() if line.startswith("# db:")]
        sql = " ".join(line for line in block.splitlines() if not line.startswith("#"))
        stmts = [s.strip() for s in sql.split(";") if s.strip()]
        if db and len(stmts) == 2:
            out.append((db[0], *stmts))
    return out


@pytest.mark.parametrize(("db", "a", "b"), _distinctions())
def test_pairs_that_differ_on_spider_stay_apart(db, a, b, spider_db):
    schema = load_schema(str(spider_db(db)))
    try:
        qa, qb = ir.lower(a, schema).query, ir.lower(b, schema).query
    except SqlverdictError:
        pytest.skip("not in the verifier's fragment")
    assert canonical(qa, schema) != canonical(qb, schema)


def test_same_text_is_verified_without_encoding_and_says_so():
    s = from_ddl("CREATE TABLE t(a INT PRIMARY KEY, b TEXT)")
    # text compared with an aggregate of text is outside the encoder's fragment
    gold = "SELECT count(*) FROM t WHERE b < (SELECT avg(b) FROM t)"
    r = verify(gold, "select COUNT(*) from T where B<(select AVG(b) from t);", s, bound=5)
    assert str(r.status) == "verified" and "every database" in r.reason
    r = verify(gold, "SELECT count(*) FROM t WHERE b <= (SELECT avg(b) FROM t)", s, bound=5)
    assert str(r.status) != "verified"
