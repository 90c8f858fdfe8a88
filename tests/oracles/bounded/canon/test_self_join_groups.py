"""``canon/self_join_groups.py`` (``self_join_group_as_subquery``) against SQLite on the
rules' random databases (NULL links, duplicate keys, empty tables, every storage class in
``emp.age`` and ``emp.salary``), results compared with 1 and 1.0 apart: running windows
against the self-joins cookbooks write for them (the fixture pairs and near misses run in
``test_rules.py``)."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import DDL, databases, typed_rows

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

SCHEMA = from_ddl(DDL)

WINDOWS = [
    # a running count per partition (no peers: the id is a key)
    ("SELECT id, COUNT(*) OVER (PARTITION BY dept_id ORDER BY id) FROM emp WHERE dept_id IS NOT NULL",
     "SELECT a.id, COUNT(c.id) FROM emp AS a JOIN emp AS c ON c.dept_id = a.dept_id AND c.id <= a.id "
     "WHERE a.dept_id IS NOT NULL GROUP BY a.id"),
    # a running MAX over peers (RANGE: the rows tied on age come in), of every storage class
    ("SELECT id, MAX(age) OVER (ORDER BY age) FROM emp WHERE age > 0",
     "SELECT a.id, MAX(c.age) FROM emp AS a JOIN emp AS c ON c.age <= a.age WHERE a.age > 0 "
     "AND c.age > 0 GROUP BY a.id"),
]


@pytest.mark.parametrize("gold,pred", WINDOWS)
def test_windows_as_self_joins_agree_in_sqlite(gold, pred):
    forms = [canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag") for sql in (gold, pred)]
    assert forms[0] == forms[1]
    for con in databases(100, seed=31):
        assert typed_rows(con, gold) == typed_rows(con, pred)
