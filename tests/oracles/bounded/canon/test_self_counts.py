"""``canon/self_counts.py`` (``count_of_self_as_one``, ``count_offset_comparison``) against
SQLite on the rules' random databases (NULL keys, duplicate keys: ties, empty tables, every
storage class in ``emp.age`` and ``emp.salary``), results compared with 1 and 1.0 apart: the
ranks the window rules give, against the correlated counts cookbooks write (the fixture
pairs and near misses run in ``test_rules.py``)."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import DDL, databases, typed_rows

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

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
    # ROW_NUMBER of a total order as 1 + the rows before it, numbers cut at 2 in a view
    ("SELECT id FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY city ORDER BY name, id) AS rn "
     "FROM emp WHERE name <> 'b') AS d WHERE rn <= 2",
     "SELECT e.id FROM emp AS e WHERE e.name <> 'b' AND (SELECT COUNT(*) FROM emp AS e2 WHERE "
     "e2.name <> 'b' AND e2.city IS e.city AND (e2.name < e.name OR (e2.name = e.name AND "
     "e2.id < e.id))) < 2"),
]


@pytest.mark.parametrize("gold,pred", RANKS)
def test_ranks_as_counts_agree_in_sqlite(gold, pred):
    forms = [canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag") for sql in (gold, pred)]
    assert forms[0] == forms[1]
    for con in databases(100, seed=29):
        assert typed_rows(con, gold) == typed_rows(con, pred)
