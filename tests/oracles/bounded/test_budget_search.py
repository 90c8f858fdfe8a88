"""The tie search on a real Spider schema: a rewriting proof that assumes ties at a LIMIT
broken alike yields to a database where SQLite's own tie order separates the queries.
(The budget and search cases are fixtures: tests/fixtures/verdicts/budget.sql.)"""

from __future__ import annotations

from sqlverdict import verify
from sqlverdict.oracles.bounded.outcome import Assumption, Method
from sqlverdict.oracles.bounded.witness import replay
from sqlverdict.schema import load_schema


def test_a_rewriting_proof_under_limit_ties_yields_to_a_replayed_sqlite_difference(shared_data):
    # Spider dev, DIN-SQL: equal up to how ties at LIMIT 1 are broken; SQLite breaks them
    # differently for the two queries on some databases
    s = load_schema(str(shared_data / "spider/database/dog_kennels/dog_kennels.sqlite"))
    gold = ("SELECT T1.owner_id, T2.first_name, T2.last_name FROM Dogs AS T1 JOIN Owners AS T2 "
            "ON T1.owner_id = T2.owner_id GROUP BY T1.owner_id ORDER BY count(*) DESC LIMIT 1")
    pred = ("SELECT T2.owner_id, T2.first_name, T2.last_name FROM Dogs AS T1 JOIN Owners AS T2 "
            "ON T1.owner_id = T2.owner_id GROUP BY T1.owner_id, T2.first_name, T2.last_name "
            "ORDER BY COUNT(*) DESC LIMIT 1")
    r = verify(gold, pred, s, bound=5, semantics="list", timeout_s=20, search=False)
    assert str(r.status) == "verified" and r.method is Method.REWRITING
    assert Assumption.TIES in r.assumptions and "ties cut by a LIMIT broken alike" in r.reason
    r = verify(gold, pred, s, bound=5, semantics="list", timeout_s=20)
    assert str(r.status) == "refuted" and r.method is Method.SEARCH
    assert "ties cut by a LIMIT broken alike; SQLite separates them" in r.reason
    assert replay(gold, pred, s, r.witness.tables, "list").differs
