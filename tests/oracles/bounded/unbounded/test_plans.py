"""Canonical forms read back as plans (``unbounded.plans.as_plan``): the plan of a query's
canonical form is proved equal to the query itself (joins with their equalities, subqueries,
derived tables, set operations), and a form without a plan reading gives None. The
composed proofs are checked against SQLite in ``tests/oracles/bounded/test_proofs.py``."""

from __future__ import annotations

import pytest
from tests.helpers.unbounded import SCHEMA, lowered

from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.oracles.bounded.unbounded import prove
from sqlverdict.oracles.bounded.unbounded.plans import as_plan

QUERIES = [
    "SELECT r.b, s.c FROM r JOIN s ON r.a = s.a WHERE r.b > 1",
    "SELECT r.b FROM r, s, t WHERE r.a = s.a AND s.a = t.x AND t.y > 2",
    "SELECT a FROM r WHERE a IN (SELECT a FROM s WHERE c = 'x')",
    "SELECT v.a FROM (SELECT a, b FROM r WHERE b > 1) AS v JOIN s ON s.a = v.a",
    "SELECT a FROM r UNION ALL SELECT a FROM s",
    "SELECT a, COUNT(*) FROM r WHERE b > 1 GROUP BY a",
]


@pytest.mark.parametrize("sql", QUERIES)
def test_plan_of_canonical_form_equals_query(sql):
    q = lowered(sql)
    plan = as_plan(canonical(q, SCHEMA, "bag"))
    assert plan is not None
    assert prove(q, plan, SCHEMA, "bag")


def test_join_equalities_are_kept():
    q = lowered("SELECT r.b FROM r JOIN s ON r.a = s.a")
    plan = as_plan(canonical(q, SCHEMA, "bag"))
    assert not prove(lowered("SELECT r.b FROM r, s"), plan, SCHEMA, "bag")


def test_no_row_form_is_no_plan():
    assert as_plan(canonical(lowered("SELECT a FROM r WHERE 1 = 0"), SCHEMA, "bag")) is None
