"""The rewriting proofs (``oracles/bounded/canon/``) against SQLite.

Every fixture that rewriting proves equivalent is attacked with random databases run in
SQLite (the fallback search: keys, foreign keys and NOT NULL hold; values from the
queries' literals); pairs known to differ on a real Spider database must keep different
canonical forms.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.helpers.pairs import load
from tests.helpers.tiers import tiered

from sqlverdict import verify
from sqlverdict.errors import SqlverdictError
from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.oracles.bounded.outcome import Method
from sqlverdict.oracles.bounded.pair import Pair
from sqlverdict.oracles.bounded.prover import same_canonical
from sqlverdict.oracles.bounded.search import search
from sqlverdict.schema import from_ddl, load_schema

ROOT = Path(__file__).resolve().parents[3]

CASES = load("verdicts")
REWRITTEN = [c for c in CASES if c.get("method") == "rewriting"]


def test_rewriting_fixtures_exist():
    assert len(REWRITTEN) >= 5


@pytest.mark.parametrize("case", tiered(REWRITTEN, 2), ids=lambda c: c.title)
def test_rewritten_pairs_agree_on_random_databases(case):
    if case.expect_search == "refuted":
        pytest.skip("a proof that assumes ties broken alike: SQLite's tie order separates it")
    r = search(Pair(case.gold, case.pred, case.schema(), case.semantics), bound=4,
               max_trials=150, seed=1)
    assert r.witness is None, f"SQLite separates a pair proved by rewriting: {r.witness}"


@pytest.mark.parametrize("case", [c for c in CASES if c.expect == "refuted"], ids=lambda c: c.id)
def test_refuted_fixtures_keep_different_canonical_forms(case):
    schema = case.schema()
    try:
        g, p = ir.lower(case.gold, schema).query, ir.lower(case.pred, schema).query
    except SqlverdictError:
        return
    assert same_canonical(g, p, schema, case.semantics) is None


def _distinctions():
    return [(c.get("db"), c.gold, c.pred) for c in load("canon")
            if c.path.name == "distinctions.sql"]


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
    assert str(r.status) == "verified" and r.method is Method.SAME_TEXT
    assert r.scope == "every database" and "every database" in r.reason
    r = verify(gold, "SELECT count(*) FROM t WHERE b <= (SELECT avg(b) FROM t)", s, bound=5)
    assert str(r.status) != "verified"
