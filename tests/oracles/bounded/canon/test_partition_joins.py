"""The rules of ``canon/partition_joins.py`` (``joined_group_as_subquery``,
``own_row_exists``) against SQLite on databases the fixtures' search does not make: NULLs,
duplicates, empty tables, orphans and values of every storage class
(``tests/helpers/rule_databases.py``). Each pair of their fixtures where a rule fires must
agree on all of them; each near miss must keep its two forms apart and be told apart by one
of them; and the joins the laws' side conditions exclude keep their join."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import (
    DDL,
    assert_apart_and_separated,
    assert_equated_and_agreeing,
    databases,
    fixture_cases,
    result,
)

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

RULES = ("joined_group_as_subquery", "own_row_exists")
FIRES, NEAR = fixture_cases(*RULES)


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_pairs_the_rules_equate_agree_in_sqlite(case):
    assert_equated_and_agreeing(case, 300)


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    assert_apart_and_separated(case, 300)


# a window over the whole partition and its grouped join, on the rules' random databases
# (every storage class in emp.salary, duplicates and NULLs in the keys)
AGREE = [
    ("SELECT id, COUNT(city) OVER (PARTITION BY dept_id, city) FROM emp WHERE age IS NOT NULL",
     "SELECT e.id, g.n FROM emp AS e JOIN (SELECT dept_id, city, COUNT(city) AS n FROM emp WHERE "
     "age IS NOT NULL GROUP BY dept_id, city) AS g ON g.city IS e.city AND g.dept_id IS e.dept_id "
     "WHERE e.age IS NOT NULL"),
    ("SELECT id, MIN(age) OVER (PARTITION BY dept_id) FROM emp WHERE dept_id IS NOT NULL",
     "SELECT e.id, g.m FROM emp AS e JOIN (SELECT dept_id, MIN(age) AS m FROM emp GROUP BY dept_id) "
     "AS g ON e.dept_id = g.dept_id"),
    ("SELECT p.pid, (SELECT COUNT(*) FROM emp AS e WHERE e.dept_id IS p.emp_id) FROM proj AS p "
     "WHERE EXISTS (SELECT 1 FROM emp AS e WHERE e.dept_id IS p.emp_id)",
     "SELECT p.pid, g.n FROM proj AS p JOIN (SELECT dept_id, COUNT(*) AS n FROM emp GROUP BY "
     "dept_id) AS g ON g.dept_id IS p.emp_id"),
]


@pytest.mark.parametrize("gold,pred", AGREE)
def test_windows_and_grouped_joins_agree_in_sqlite(gold, pred):
    schema = from_ddl(DDL)
    forms = [canonical(ir.lower(sql, schema).query, schema, "bag") for sql in (gold, pred)]
    assert forms[0] == forms[1]
    for con in databases(300, seed=11):
        assert result(con, gold) == result(con, pred)


SCHEMA = from_ddl("CREATE TABLE t(id INTEGER PRIMARY KEY, g INT, x INT, r REAL, b, s TEXT);"
                  "CREATE TABLE c(id INTEGER PRIMARY KEY, g TEXT COLLATE NOCASE, x INT)")


@pytest.mark.parametrize("sql", [
    # SUM of reals: the group and the subquery may add in different orders
    "SELECT t.id, d.m FROM t JOIN (SELECT g, SUM(r) AS m FROM t GROUP BY g) AS d ON d.g IS t.g",
    # TOTAL adds in floating point
    "SELECT t.id, d.m FROM t JOIN (SELECT g, TOTAL(x) AS m FROM t GROUP BY g) AS d ON d.g IS t.g",
    # the key read outside the link (an integer -2**63 beside a real one shows apart)
    "SELECT t.id, d.g, d.m FROM t JOIN (SELECT g, MAX(x) AS m FROM t GROUP BY g) AS d ON d.g IS t.g",
    # a key of another class and affinity
    "SELECT t.id, d.m FROM t JOIN (SELECT r, MAX(x) AS m FROM t GROUP BY r) AS d ON d.r IS t.g",
    # NOCASE groups, IS compares BINARY
    "SELECT c.id, d.m FROM c JOIN (SELECT g, MAX(x) AS m FROM c GROUP BY g) AS d ON d.g IS c.g",
    # a column read outside an aggregate, a DISTINCT aggregate, not every key linked
    "SELECT t.id, d.m FROM t JOIN (SELECT g, x + MAX(x) AS m FROM t GROUP BY g) AS d ON d.g IS t.g",
    "SELECT t.id, d.m FROM t JOIN (SELECT g, COUNT(DISTINCT x) AS m FROM t GROUP BY g) AS d ON d.g IS t.g",
    "SELECT t.id, d.m FROM t JOIN (SELECT g, x, MAX(x) AS m FROM t GROUP BY g, x) AS d ON d.g IS t.g",
])
def test_grouped_joins_that_stay(sql):
    form = canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag")
    assert "Derived(" in repr(form)


@pytest.mark.parametrize("sql", [
    # another column, a filter the outer row need not pass, another table
    "SELECT id FROM t WHERE EXISTS (SELECT 1 FROM t AS u WHERE u.g = t.x)",
    "SELECT id FROM t WHERE EXISTS (SELECT 1 FROM t AS u WHERE u.g IS t.g AND u.x > 0)",
    "SELECT id FROM t WHERE EXISTS (SELECT 1 FROM c AS u WHERE u.x = t.x)",
])
def test_exists_that_stay(sql):
    form = canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag")
    assert "Exists(" in repr(form) or "InSub(" in repr(form)


def test_grouping_by_an_aggregate_of_the_joined_group_reads_the_subquery():
    """``GROUP BY g.n`` reads the subquery too (no column of the gone table is left), and
    SQLite agrees with the window form it stands for."""
    gold = ("SELECT n, COUNT(*) FROM (SELECT COUNT(*) OVER (PARTITION BY dept_id) AS n FROM emp) "
            "AS w GROUP BY n")
    pred = ("SELECT g.n, COUNT(*) FROM emp AS e JOIN (SELECT dept_id, COUNT(*) AS n FROM emp "
            "GROUP BY dept_id) AS g ON g.dept_id IS e.dept_id GROUP BY g.n")
    schema = from_ddl(DDL)
    form = canonical(ir.lower(pred, schema).query, schema, "bag")
    assert "Derived(" not in repr(form)
    for con in databases(200, seed=19):
        assert result(con, gold) == result(con, pred)
