"""``canon/first_values.py`` against SQLite on random databases (NULLs, duplicates, empty
tables, every storage class; ``tests/helpers/rule_databases.py``): where
``first_value_as_exists``, ``top_one_join_as_scalar`` or ``key_of_extremum`` equates a pair of its fixture or
of the list below, SQLite agrees on every database; near misses are told apart."""

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

FIRES, NEAR = fixture_cases("first_value_as_exists", "top_one_join_as_scalar", "key_of_extremum")
SCHEMA = from_ddl(DDL)

PAIRS = [  # (gold, pred, the rules equate them, SQLite agrees on every database)
    ("SELECT id, NOT EXISTS (SELECT 1 FROM note WHERE note.a = emp.age) FROM emp",
     "SELECT id, (SELECT 0 FROM note WHERE note.a = emp.age ORDER BY b LIMIT 3) IS NULL FROM emp", True, True),
    ("SELECT name FROM dept WHERE budget IS NULL OR EXISTS (SELECT 1 FROM proj WHERE hours > 2)",
     "SELECT name FROM dept WHERE budget IS NULL OR (SELECT pid FROM proj WHERE hours > 2 LIMIT 1) "
     "IS NOT NULL", False, True),  # pid INT PRIMARY KEY: no rowid alias, may be NULL
    ("SELECT d.id, (SELECT MAX(salary) FROM emp WHERE age > 1) FROM dept AS d",
     "SELECT d.id, t.salary FROM dept AS d LEFT JOIN (SELECT salary, name FROM emp WHERE age > 1 "
     "ORDER BY salary DESC LIMIT 1) AS t ON TRUE", True, True),  # DESC puts NULL last: MAX (i44b)
    ("SELECT d.id, (SELECT name FROM emp WHERE age > 1 ORDER BY id LIMIT 1) FROM dept AS d WHERE d.name = 'a'",
     "SELECT d.id, t.name FROM dept AS d LEFT JOIN (SELECT name, city FROM emp WHERE age > 1 "
     "ORDER BY id LIMIT 1) AS t ON TRUE WHERE d.name = 'a'", True, True),
    ("SELECT d.id, (SELECT name FROM emp ORDER BY id LIMIT 1) FROM dept AS d",  # a NULL name
     "SELECT d.id, t.name FROM dept AS d LEFT JOIN (SELECT name FROM emp WHERE name IS NOT NULL "
     "ORDER BY id LIMIT 1) AS t ON TRUE", False, False),
    ("SELECT id FROM emp WHERE dept_id = (SELECT MAX(id) FROM dept WHERE budget IS NOT NULL AND name = "
     "(SELECT MAX(name) FROM dept WHERE budget IS NOT NULL))",
     "SELECT id FROM emp WHERE dept_id = (SELECT id FROM dept WHERE budget IS NOT NULL "
     "ORDER BY name DESC, id DESC LIMIT 1)", True, True),
    ("SELECT (SELECT MIN(pid) FROM proj WHERE hours > 1)",  # pid may be NULL: not a key here
     "SELECT (SELECT p.pid FROM proj AS p WHERE p.pid = (SELECT MIN(pid) FROM proj WHERE hours > 1))",
     False, True),
]


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_fixture_pairs_agree_on_every_storage_class(case):
    assert_equated_and_agreeing(case, 400)


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_fixture_near_misses_are_told_apart(case):
    assert_apart_and_separated(case, 400)


@pytest.mark.parametrize("gold, pred, equal, agree", PAIRS)
def test_pairs_equated_agree_and_others_stay_apart(gold, pred, equal, agree):
    g, p = (canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag") for sql in (gold, pred))
    assert (g == p) == equal
    assert all(result(con, gold) == result(con, pred) for con in databases(400)) == agree
