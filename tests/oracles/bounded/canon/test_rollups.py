"""``canon/rollups.py`` against SQLite on random databases of the rules' schema: a value of
every storage class in every column (NULLs, duplicates, text and blobs in INT columns), empty
tables. Where ``rolled_up_aggregates`` equates a pair, SQLite returns the same rows of the
same classes; each near miss (a distinct count split by another column, a literal counted
per group, an average of averages, a NULL group, two finer keys) keeps two forms and some
database separates it."""

from __future__ import annotations

import pytest
from tests.helpers.pairs import FIXTURES
from tests.helpers.rule_databases import (
    assert_apart_and_separated,
    assert_equated_and_agreeing,
    fixture_cases,
    typed_rows,
)

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon.rollups import rolled_up_aggregates
from sqlverdict.schema import from_ddl_file

FIRES, NEAR = fixture_cases("rolled_up_aggregates")


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_rollups_agree_in_sqlite_and_near_misses_differ(case):
    if case.get("fires") == "yes":
        assert_equated_and_agreeing(case, 100, rows=typed_rows)
    else:
        assert_apart_and_separated(case, 300, rows=typed_rows)


def _rolled(sql: str, schema):
    q = ir.lower(sql, schema).query
    return rolled_up_aggregates(q, schema) is not q


@pytest.mark.parametrize("sql", [
    # the greatest of the groups' sums is no sum of rows
    "SELECT city, MAX(s) FROM (SELECT city, dept_id, SUM(age) AS s FROM emp GROUP BY city, dept_id) AS t GROUP BY city",
    # an inner HAVING on an aggregate drops groups, not rows
    "SELECT city, SUM(s) FROM (SELECT city, dept_id, SUM(age) AS s FROM emp GROUP BY city, dept_id HAVING SUM(age) > 1) AS t GROUP BY city",
    # an outer key that is no inner key
    "SELECT s, COUNT(*) FROM (SELECT city, dept_id, SUM(age) AS s FROM emp GROUP BY city, dept_id) AS t GROUP BY s",
    # a SUM of a literal other than 0 counts groups
    "SELECT city, SUM(CASE WHEN dept_id = 1 THEN s ELSE 2 END) FROM (SELECT city, dept_id, SUM(age) AS s FROM emp GROUP BY city, dept_id) AS t GROUP BY city",
    # a CASE condition on a partial aggregate
    "SELECT city, SUM(CASE WHEN s > 1 THEN s ELSE 0 END) FROM (SELECT city, dept_id, SUM(age) AS s FROM emp GROUP BY city, dept_id) AS t GROUP BY city",
    # a split of a distinct count by a REAL-affinity value (0.0 and -0.0 are one value)
    "SELECT city, SUM(c) FROM (SELECT city, salary * 2 AS b, COUNT(DISTINCT salary) AS c FROM emp GROUP BY city, salary * 2) AS t GROUP BY city",
    # a sum of the REAL sums of groups of several rows: SQLite rounds each group apart
    "SELECT city, SUM(s) FROM (SELECT city, dept_id, SUM(salary) AS s FROM emp GROUP BY city, dept_id) AS t GROUP BY city",
    # TOTAL of groups of several rows: doubles of integers past 2**53 round apart
    "SELECT city, TOTAL(s) FROM (SELECT city, dept_id, SUM(age) AS s FROM emp GROUP BY city, dept_id) AS t GROUP BY city",
    # a split distinct count without outer GROUP BY: NULL over no rows, where COUNT is 0
    "SELECT SUM(c) FROM (SELECT age % 2 AS b, COUNT(DISTINCT age) AS c FROM emp GROUP BY age % 2) AS t",
])
def test_shapes_outside_the_law_are_left_alone(sql):
    schema = from_ddl_file(str(FIXTURES / "rules" / "schema.ddl"))
    assert not _rolled(sql, schema)


def test_real_sums_of_one_row_groups_roll_up():
    schema = from_ddl_file(str(FIXTURES / "rules" / "schema.ddl"))
    assert _rolled("SELECT city, SUM(s) FROM (SELECT city, id, SUM(salary) AS s FROM emp "
                   "GROUP BY city, id) AS t GROUP BY city", schema)
    assert _rolled("SELECT t.name, SUM(t.s) FROM (SELECT d.name, e.id, SUM(e.salary) AS s FROM emp AS e "
                   "JOIN dept AS d ON d.id = e.dept_id GROUP BY d.name, e.id) AS t GROUP BY t.name", schema)
