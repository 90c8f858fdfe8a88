"""``canon/self_join_groups.py`` (``self_join_group_as_subquery``) against SQLite on the
rules' random databases (NULL links, duplicate keys, empty tables, every storage class in
``emp.age`` and ``emp.salary``), results compared with 1 and 1.0 apart, and a running
window against the self-join that cookbooks write for it."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import (
    DDL,
    assert_apart_and_separated,
    assert_equated_and_agreeing,
    databases,
    fixture_cases,
    typed_rows,
)

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

FIRES, NEAR = fixture_cases("self_join_group_as_subquery")
SCHEMA = from_ddl(DDL)

WINDOWS = [
    # a running count per partition (peers: the id is a key, none)
    ("SELECT id, COUNT(*) OVER (PARTITION BY dept_id ORDER BY id) FROM emp WHERE dept_id IS NOT NULL",
     "SELECT a.id, COUNT(c.id) FROM emp AS a JOIN emp AS c ON c.dept_id = a.dept_id AND c.id <= a.id "
     "WHERE a.dept_id IS NOT NULL GROUP BY a.id"),
    # RANK as 1 + the rows before, by a self-join counting the row itself
    ("SELECT id, RANK() OVER (ORDER BY name) FROM emp WHERE name IS NOT NULL",
     "SELECT a.id, COUNT(*) FROM emp AS a JOIN emp AS c ON c.name < a.name OR c.id = a.id "
     "WHERE a.name IS NOT NULL GROUP BY a.id"),
]


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_fixture_pairs_with_classes_apart(case):
    if case.get("fires") == "yes":
        assert_equated_and_agreeing(case, 100, rows=typed_rows)
    else:
        assert_apart_and_separated(case, 100)


@pytest.mark.parametrize("gold,pred", WINDOWS[:1])
def test_windows_as_self_joins_agree_in_sqlite(gold, pred):
    forms = [canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag") for sql in (gold, pred)]
    assert forms[0] == forms[1]
    for con in databases(100, seed=31):
        assert typed_rows(con, gold) == typed_rows(con, pred)


def test_a_rank_self_join_agrees_in_sqlite():
    # (no one form: "c.name < a.name OR c.id = a.id" is no lexicographic comparison)
    gold, pred = WINDOWS[1]
    for con in databases(100, seed=37):
        assert typed_rows(con, gold) == typed_rows(con, pred)
