"""``canon/self_counts.py`` (``count_of_self_as_one``) against SQLite on the rules' random
databases (NULL keys, duplicate keys: ties, empty tables, every storage class in
``emp.age`` and ``emp.salary``), results compared with 1 and 1.0 apart, and the ranks the
window rules give it: ROW_NUMBER, RANK and DENSE_RANK over a key the WHERE keeps non-NULL,
against the correlated counts cookbooks write."""

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

FIRES, NEAR = fixture_cases("count_of_self_as_one")
SCHEMA = from_ddl(DDL)

RANKS = [
    # RANK over a NULL-able key the WHERE keeps non-NULL: 1 + the rows with a greater key
    ("SELECT id, RANK() OVER (ORDER BY age DESC) FROM emp WHERE age IS NOT NULL",
     "SELECT e.id, 1 + (SELECT COUNT(*) FROM emp AS e2 WHERE e2.age > e.age) FROM emp AS e "
     "WHERE e.age IS NOT NULL"),
    # DENSE_RANK per partition as the distinct keys not above, the row's own among them
    ("SELECT id, DENSE_RANK() OVER (PARTITION BY dept_id ORDER BY salary) FROM emp "
     "WHERE salary > 0 AND dept_id IS NOT NULL",
     "SELECT e.id, (SELECT COUNT(DISTINCT e2.salary) FROM emp AS e2 WHERE e2.salary > 0 AND "
     "e2.dept_id = e.dept_id AND e2.salary <= e.salary) FROM emp AS e WHERE e.salary > 0 "
     "AND e.dept_id IS NOT NULL"),
    # ROW_NUMBER of a total order as the rows not after it
    ("SELECT id, ROW_NUMBER() OVER (PARTITION BY city ORDER BY name, id) FROM emp WHERE name <> 'b'",
     "SELECT e.id, 1 + (SELECT COUNT(*) FROM emp AS e2 WHERE e2.name <> 'b' AND e2.city IS "
     "e.city AND (e2.name < e.name OR (e2.name = e.name AND e2.id < e.id))) FROM emp AS e "
     "WHERE e.name <> 'b'"),
]


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_fixture_pairs_with_classes_apart(case):
    if case.get("fires") == "yes":
        assert_equated_and_agreeing(case, 100, rows=typed_rows)
    else:
        assert_apart_and_separated(case, 100)


@pytest.mark.parametrize("gold,pred", RANKS)
def test_ranks_as_counts_agree_in_sqlite(gold, pred):
    forms = [canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag") for sql in (gold, pred)]
    assert forms[0] == forms[1]
    for con in databases(100, seed=29):
        assert typed_rows(con, gold) == typed_rows(con, pred)
