"""``canon/partition_groups.py`` (``distinct_partition_windows_as_groups``) and round 59's
widening of ``null_groups.non_null_filter_of_groups`` against SQLite on random databases
(NULLs, duplicates, empty tables, every storage class; 1 and 1.0 told apart): the sqlite-domain
fixture pairs agree, near misses are told apart, and the conditions SQLite cannot show on
random data (ties of 1 beside 1.0, a NULL-able key, a LIMIT) keep two forms."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import (
    DDL,
    assert_apart_and_separated,
    assert_equated_and_agreeing,
    fixture_cases,
    typed_rows,
)

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

FIRES, NEAR = fixture_cases("distinct_partition_windows_as_groups", "distinct_rows_at_partition_extremum")
SCHEMA = from_ddl(DDL)
_SQLITE = [c for c in FIRES if c.get("domain") != "typed"]

PAIRS = [  # (gold, pred, typed, the rules equate them)
    # an INTEGER column in the sqlite domain may hold the REAL -2**63 beside the INTEGER one
    ("SELECT DISTINCT city, FIRST_VALUE(age) OVER (PARTITION BY city ORDER BY age DESC) FROM emp",
     "SELECT city, MAX(age) FROM emp GROUP BY city", False, False),
    ("SELECT DISTINCT city, FIRST_VALUE(age) OVER (PARTITION BY city ORDER BY age DESC) FROM emp",
     "SELECT city, MAX(age) FROM emp GROUP BY city", True, True),
    # a LIMIT above: which partition it keeps is not read
    ("SELECT DISTINCT city, FIRST_VALUE(salary) OVER (PARTITION BY city ORDER BY salary DESC) FROM emp LIMIT 1",
     "SELECT city, MAX(salary) FROM emp GROUP BY city LIMIT 1", False, False),
    # two partitions
    ("SELECT DISTINCT city, name, FIRST_VALUE(salary) OVER (PARTITION BY city ORDER BY salary DESC), "
     "MIN(salary) OVER (PARTITION BY city, name) FROM emp",
     "SELECT city, name, MAX(salary), MIN(salary) FROM emp GROUP BY city, name", False, False),
    # proj.title is UNIQUE but NULL-able: a group of NULL titles holds many projects
    ("SELECT p.title, p.emp_id FROM proj AS p JOIN emp AS e ON e.id = p.emp_id WHERE e.age IS NOT NULL "
     "GROUP BY p.title HAVING MAX(e.age) > 0",
     "SELECT p.title, p.emp_id FROM proj AS p JOIN emp AS e ON e.id = p.emp_id GROUP BY p.title "
     "HAVING MAX(e.age) > 0", True, False),
    # proj.pid INT PRIMARY KEY: NULL-able in the sqlite domain, a key in the typed one
    ("SELECT p.pid, p.title FROM proj AS p JOIN emp AS e ON e.id = p.emp_id WHERE e.age IS NOT NULL "
     "GROUP BY p.pid HAVING MAX(e.age) > 0",
     "SELECT p.pid, p.title FROM proj AS p JOIN emp AS e ON e.id = p.emp_id GROUP BY p.pid "
     "HAVING MAX(e.age) > 0", False, False),
    ("SELECT p.pid, p.title FROM proj AS p JOIN emp AS e ON e.id = p.emp_id WHERE e.age IS NOT NULL "
     "GROUP BY p.pid HAVING MAX(e.age) > 0",
     "SELECT p.pid, p.title FROM proj AS p JOIN emp AS e ON e.id = p.emp_id GROUP BY p.pid "
     "HAVING MAX(e.age) > 0", True, True),
]


@pytest.mark.parametrize("case", _SQLITE, ids=lambda c: c.id)
def test_fixture_pairs_agree_on_every_storage_class(case):
    assert_equated_and_agreeing(case, 300, rows=typed_rows)


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_fixture_near_misses_are_told_apart(case):
    assert_apart_and_separated(case, 300)


@pytest.mark.parametrize("gold, pred, typed, equal", PAIRS)
def test_conditions_keep_two_forms(gold, pred, typed, equal):
    g, p = (canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag", typed=typed) for sql in (gold, pred))
    assert (g == p) == equal
