"""Every verdict fixture gives its expected verdict; every refuted witness replays."""

from __future__ import annotations

import functools

import pytest
from bounded_fixtures import load_cases

from sqlverdict.engine.execute import run_query
from sqlverdict.engine.materialize import write_database
from sqlverdict.oracles.bounded.api import verify
from sqlverdict.oracles.bounded.replay import replay

CASES = load_cases()


@functools.cache
def _schema(file):
    return next(c for c in CASES if c.schema_file == file).schema()


def test_at_least_200_fixture_pairs():
    assert len(CASES) >= 200


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_fixture(case, tmp_path):
    schema = _schema(case.schema_file)
    if case.expect != "unknown" or "invalid" not in case.reason:
        # both queries are real SQLite (the gold always is)
        db = tmp_path / "empty.sqlite"
        write_database(db, schema, {})
        run_query(db, case.gold)
    r = verify(case.gold, case.pred, schema, bound=case.bound, semantics=case.semantics,
               timeout_s=30)
    assert str(r.status) == case.expect, f"{case.id}: {r.status} ({r.reason})"
    assert case.reason in r.reason
    if case.expect == "refuted":
        w = r.witness.to_json()
        rep = replay(case.gold, case.pred, schema, w["tables"], case.semantics)
        assert rep.differs
        assert all(len(t["rows"]) <= case.bound for t in w["tables"].values())
    if case.expect == "verified":
        assert r.bound == case.bound and r.semantics == case.semantics
