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
    # canonical forms name sources by depth: sibling views and subqueries reuse t1_0
    "SELECT COUNT(v2.a) FROM (SELECT a FROM r WHERE b < 5) AS v1 "
    "LEFT JOIN (SELECT a FROM r WHERE b >= 5) AS v2 ON v2.a = v1.a",
    "SELECT v.a FROM (SELECT a FROM r WHERE b > 1) AS v WHERE EXISTS (SELECT 1 FROM r WHERE r.a = v.a AND r.b < 0)",
    "SELECT a FROM (SELECT a FROM r) AS v UNION ALL SELECT a FROM (SELECT a FROM s) AS w",
]


@pytest.mark.parametrize("sql", QUERIES)
def test_plan_of_canonical_form_equals_query(sql):
    """The plan is the query, and names each of its sources apart (as lowering does)."""
    q = lowered(sql)
    plan = as_plan(canonical(q, SCHEMA, "bag"))
    assert plan is not None and not _defined_twice(plan)
    assert prove(q, plan, SCHEMA, "bag")


def test_join_equalities_are_kept():
    q = lowered("SELECT r.b FROM r JOIN s ON r.a = s.a")
    plan = as_plan(canonical(q, SCHEMA, "bag"))
    assert not prove(lowered("SELECT r.b FROM r, s"), plan, SCHEMA, "bag")


def test_no_row_form_is_no_plan():
    assert as_plan(canonical(lowered("SELECT a FROM r WHERE 1 = 0"), SCHEMA, "bag")) is None


def _defined_twice(plan) -> set[str]:
    from collections import Counter

    from sqlverdict.oracles.bounded import ir

    names = Counter(x.alias for x in ir.nodes(plan) if isinstance(x, ir.Scan | ir.Derived | ir.Values))
    return {a for a, n in names.items() if n > 1}


def test_sibling_views_are_not_one_occurrence():
    """Round 57's wrong proof: two views of one join, ``day < 365`` and ``day >= 365``, were
    read as one occurrence (no row), so COUNT(DISTINCT x) and COUNT(x) of the LEFT JOIN
    were both 0; SQLite separates them on the database below."""
    import sqlite3

    import sqlverdict
    from sqlverdict.schema import from_ddl

    ddl = ("CREATE TABLE pet (pet_id INTEGER NOT NULL PRIMARY KEY, owner_id INTEGER NOT NULL);"
           "CREATE TABLE appt (appt_id INTEGER NOT NULL PRIMARY KEY, pet_id INTEGER NOT NULL "
           "REFERENCES pet(pet_id), day INTEGER NOT NULL)")
    view = ("(SELECT p.owner_id FROM pet AS p JOIN appt AS a ON a.pet_id = p.pet_id WHERE a.day {} 365)")
    src = f"{view.format('<')} AS y1 LEFT JOIN {view.format('>=')} AS y2 ON y2.owner_id = y1.owner_id"
    gold, pred = (f"SELECT COUNT(DISTINCT y2.owner_id) FROM {src}", f"SELECT COUNT(y2.owner_id) FROM {src}")
    con = sqlite3.connect(":memory:")
    con.executescript(ddl + ";INSERT INTO pet VALUES (1, 1);"
                      "INSERT INTO appt VALUES (1, 1, 100), (2, 1, 400), (3, 1, 500)")
    assert con.execute(gold).fetchall() != con.execute(pred).fetchall()
    r = sqlverdict.verify(gold, pred, from_ddl(ddl), search=False, timeout_s=20)
    assert str(r.status) != "verified", r.reason
