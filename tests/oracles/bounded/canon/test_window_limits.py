"""The rules of ``canon/window_limits.py`` (``nth_value_first``, ``row_numbers_cut_as_limit``,
``limit_through_window``) against SQLite on the rules' random databases (NULLs, duplicate
order keys, empty tables, every storage class: ``tests/helpers/rule_databases.py``), and the
orders the laws exclude: not total (ties), a unique key that may be NULL (a PRIMARY KEY of
a table with a rowid, UNIQUE), an OFFSET, another outer order."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import (
    DDL,
    assert_apart_and_separated,
    assert_equated_and_agreeing,
    databases,
    fixture_cases,
)

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

RULES = ("nth_value_first", "row_numbers_cut_as_limit", "limit_through_window")
FIRES, NEAR = fixture_cases(*RULES)
SCHEMA = from_ddl(DDL)


@pytest.mark.parametrize("case", [c for c in FIRES if c.path.stem != "limit_through_window"],
                         ids=lambda c: c.id)
def test_pairs_the_rules_equate_agree_in_sqlite(case):
    assert_equated_and_agreeing(case, 300)


@pytest.mark.parametrize("case", [c for c in NEAR if c.path.stem != "limit_through_window"],
                         ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    assert_apart_and_separated(case, 300)


def _forms(gold: str, pred: str, sem: str) -> list:
    return [canonical(ir.lower(sql, SCHEMA).query, SCHEMA, sem) for sql in (gold, pred)]


# ordered pairs (list semantics): the rows in their order, on the random databases
ORDERED = [
    ("SELECT d.id, d.age, ROW_NUMBER() OVER (ORDER BY d.age DESC, d.id), DENSE_RANK() OVER "
     "(PARTITION BY d.city ORDER BY d.age DESC, d.id) FROM (SELECT id, age, city FROM emp ORDER BY "
     "age DESC, id LIMIT 3) AS d ORDER BY d.age DESC, d.id",
     "SELECT id, age, ROW_NUMBER() OVER (ORDER BY age DESC, id), DENSE_RANK() OVER (PARTITION BY "
     "city ORDER BY age DESC, id) FROM emp ORDER BY age DESC, id LIMIT 3"),
    ("SELECT name, age FROM (SELECT name, age, ROW_NUMBER() OVER (ORDER BY salary, name, id) AS rn "
     "FROM emp WHERE age > 1) AS d WHERE d.rn < 3 ORDER BY d.rn",
     "SELECT name, age FROM emp WHERE age > 1 ORDER BY salary, name, id LIMIT 2"),
    ("SELECT id, NTH_VALUE(salary, 1) OVER (ORDER BY age RANGE BETWEEN 1 FOLLOWING AND 2 "
     "FOLLOWING) FROM emp ORDER BY id",
     "SELECT id, FIRST_VALUE(salary) OVER (ORDER BY age RANGE BETWEEN 1 FOLLOWING AND 2 "
     "FOLLOWING) FROM emp ORDER BY id"),
]


@pytest.mark.parametrize("gold,pred", ORDERED + [(c.gold, c.pred) for c in FIRES
                                                   if c.path.stem == "limit_through_window"])
def test_ordered_pairs_agree_in_sqlite(gold, pred):
    forms = _forms(gold, pred, "list")
    assert forms[0] == forms[1]
    for con in databases(300, seed=13):
        assert con.execute(gold).fetchall() == con.execute(pred).fetchall()


@pytest.mark.parametrize("case", [c for c in NEAR if c.path.stem == "limit_through_window"],
                         ids=lambda c: c.id)
def test_ordered_near_misses_differ_in_sqlite(case):
    forms = _forms(case.gold, case.pred, "list")
    assert forms[0] != forms[1]
    assert any(con.execute(case.gold).fetchall() != con.execute(case.pred).fetchall()
               for con in databases(300, seed=13))


@pytest.mark.parametrize("gold,pred", [
    # ties: age alone orders no total order
    ("SELECT id FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY age) AS rn FROM emp) AS d WHERE d.rn <= 2",
     "SELECT id FROM emp ORDER BY age LIMIT 2"),
    # proj.pid (a PRIMARY KEY beside a rowid) and proj.title (UNIQUE) may be NULL, twice
    ("SELECT hours FROM (SELECT hours, ROW_NUMBER() OVER (ORDER BY pid) AS rn FROM proj) AS d WHERE d.rn <= 2",
     "SELECT hours FROM proj ORDER BY pid LIMIT 2"),
    ("SELECT hours FROM (SELECT hours, ROW_NUMBER() OVER (ORDER BY title) AS rn FROM proj) AS d WHERE d.rn = 1",
     "SELECT hours FROM proj ORDER BY title LIMIT 1"),
    # another filter outside, another outer order
    ("SELECT id FROM (SELECT id, age, ROW_NUMBER() OVER (ORDER BY id) AS rn FROM emp) AS d WHERE d.rn <= 2 AND d.age > 1",
     "SELECT id FROM emp WHERE age > 1 ORDER BY id LIMIT 2"),
    ("SELECT d.id, RANK() OVER (ORDER BY d.age, d.id) FROM (SELECT id, age FROM emp ORDER BY age, id "
     "LIMIT 2) AS d ORDER BY d.id",
     "SELECT id, RANK() OVER (ORDER BY age, id) FROM emp ORDER BY age, id LIMIT 2"),
    # a window ordered otherwise than the LIMIT
    ("SELECT d.id, ROW_NUMBER() OVER (ORDER BY d.age, d.id) FROM (SELECT id, age FROM emp ORDER BY id "
     "LIMIT 2) AS d ORDER BY d.id",
     "SELECT id, ROW_NUMBER() OVER (ORDER BY age, id) FROM emp ORDER BY id LIMIT 2"),
])
def test_orders_the_laws_exclude_stay_apart(gold, pred):
    forms = _forms(gold, pred, "list")
    assert forms[0] != forms[1]
