"""When the solver runs out of budget, the randomized search still gets its turn."""

from __future__ import annotations

from sqlverdict.oracles.bounded.api import verify
from sqlverdict.oracles.bounded.fallback import verify_or_search
from sqlverdict.oracles.bounded.replay import replay
from sqlverdict.schema import from_ddl, load_schema

SCHEMA = from_ddl("CREATE TABLE t(a INT)")
SIX = "FROM t AS p, t AS q, t AS r, t AS s, t AS u, t AS v"  # 5^6 join rows: too large to encode


def test_search_after_size_budget_finds_a_replayed_witness():
    # the queries differ only when t has 4 rows or more: bounds 1..3 find nothing
    gold = f"SELECT count(*) {SIX}"
    pred = f"SELECT count(*) {SIX} WHERE (SELECT count(*) FROM t) < 4"
    r = verify_or_search(gold, pred, SCHEMA, bound=5, semantics="bag", timeout_s=20)
    assert str(r.status) == "refuted"
    assert r.reason.startswith("budget: size budget exceeded") and "randomized search" in r.reason
    assert replay(gold, pred, SCHEMA, r.witness.tables, "bag").differs


def test_search_after_budget_never_claims_equivalence():
    gold, pred = f"SELECT count(*) {SIX}", f"SELECT count(*) {SIX} WHERE 1 = 1"
    r = verify_or_search(gold, pred, SCHEMA, bound=5, semantics="bag", timeout_s=3, search_time_s=1)
    assert str(r.status) == "unknown"
    assert r.reason.startswith("budget:") and r.reason.endswith("search found no witness")


def test_search_for_a_prediction_the_lowering_does_not_understand():
    # SQLite reads "School Type" (no such column) as a string; the lowering gives up on it
    # (a BIRD prediction, alpha_sql:80)
    s = from_ddl("CREATE TABLE schools(CDSCode TEXT PRIMARY KEY, School TEXT, `School Type` TEXT, "
                 "Latitude REAL); CREATE TABLE frpm(CDSCode TEXT PRIMARY KEY, x INT)")
    gold = "SELECT `School Type`, School, Latitude FROM schools ORDER BY Latitude DESC LIMIT 1"
    pred = 'SELECT "School Type", "School", "Latitude" FROM "frpm" ORDER BY "Latitude" DESC LIMIT 1'
    r = verify_or_search(gold, pred, s, bound=3, semantics="list", timeout_s=20)
    assert str(r.status) == "refuted"
    assert r.reason.startswith("prediction not understood") and "randomized search" in r.reason
    assert replay(gold, pred, s, r.witness.tables, "list").differs


def test_a_rewriting_proof_under_limit_ties_yields_to_a_replayed_sqlite_difference(shared_data):
    # Spider dev, DIN-SQL: equal up to how ties at LIMIT 1 are broken; SQLite breaks them
    # differently for the two queries on some databases
    s = load_schema(str(shared_data / "spider/database/dog_kennels/dog_kennels.sqlite"))
    gold = ("SELECT T1.owner_id, T2.first_name, T2.last_name FROM Dogs AS T1 JOIN Owners AS T2 "
            "ON T1.owner_id = T2.owner_id GROUP BY T1.owner_id ORDER BY count(*) DESC LIMIT 1")
    pred = ("SELECT T2.owner_id, T2.first_name, T2.last_name FROM Dogs AS T1 JOIN Owners AS T2 "
            "ON T1.owner_id = T2.owner_id GROUP BY T1.owner_id, T2.first_name, T2.last_name "
            "ORDER BY COUNT(*) DESC LIMIT 1")
    r = verify(gold, pred, s, bound=5, semantics="list", timeout_s=20)
    assert str(r.status) == "verified" and "ties cut by a LIMIT broken alike" in r.reason
    r = verify_or_search(gold, pred, s, bound=5, semantics="list", timeout_s=20)
    assert str(r.status) == "refuted" and "breaks ties at a LIMIT" in r.reason
    assert replay(gold, pred, s, r.witness.tables, "list").differs
