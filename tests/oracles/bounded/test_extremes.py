"""``extremes``: a comparison with a subquery's MAX or MIN as EXISTS / NOT EXISTS, through
the every-database methods (``proofs.every_database``, which applies it with the order-free
reading), against SQLite on the rules' random databases (NULLs, empty tables, ties, every
storage class in ``emp.salary``: ``tests/helpers/rule_databases.py``); and the near misses
it must not prove (a NULL value, an empty or all-NULL subquery, a comparison under NOT),
which SQLite separates."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import DDL, databases, result
from tests.helpers.tiers import tiered

from sqlverdict.oracles.bounded import extremes, ir, proofs
from sqlverdict.schema import from_ddl

SCHEMA = from_ddl(DDL)

PROVED = [
    # = MAX per NULL-able partition: a value of the partition with none above it
    ("SELECT id FROM emp AS e WHERE age = (SELECT MAX(x.age) FROM emp AS x WHERE x.city IS e.city)",
     "SELECT id FROM emp AS e WHERE EXISTS (SELECT 1 FROM emp AS y WHERE y.city IS e.city AND "
     "y.age = e.age) AND NOT EXISTS (SELECT 1 FROM emp AS x WHERE x.city IS e.city AND x.age > e.age)"),
    # = MAX of a column holding every storage class (no conversion: one affinity)
    ("SELECT id FROM emp AS e WHERE e.salary = (SELECT MAX(x.salary) FROM emp AS x WHERE x.dept_id = 1)",
     "SELECT id FROM emp AS e WHERE NOT EXISTS (SELECT 1 FROM emp AS x WHERE x.dept_id = 1 AND "
     "x.salary > e.salary) AND e.salary IN (SELECT y.salary FROM emp AS y WHERE y.dept_id = 1)"),
    # IN the one row of a MIN
    ("SELECT id FROM emp AS e WHERE e.age IN (SELECT MIN(x.age) FROM emp AS x WHERE x.dept_id IS e.dept_id)",
     "SELECT id FROM emp AS e WHERE EXISTS (SELECT 1 FROM emp AS y WHERE y.dept_id IS e.dept_id AND "
     "y.age = e.age) AND NOT EXISTS (SELECT 1 FROM emp AS x WHERE x.dept_id IS e.dept_id AND x.age < e.age)"),
    # <= MIN: beyond every value, and some value there
    ("SELECT id FROM emp AS e WHERE e.age <= (SELECT MIN(x.age) FROM emp AS x WHERE x.dept_id = 1)",
     "SELECT id FROM emp AS e WHERE e.age IS NOT NULL AND EXISTS (SELECT 1 FROM emp AS x WHERE "
     "x.dept_id = 1 AND x.age IS NOT NULL) AND NOT EXISTS (SELECT 1 FROM emp AS x WHERE "
     "x.dept_id = 1 AND x.age < e.age)"),
    # < MAX: short of some value
    ("SELECT id FROM emp AS e WHERE (SELECT MAX(x.age) FROM emp AS x WHERE x.city = 'a') > e.age",
     "SELECT id FROM emp AS e WHERE EXISTS (SELECT 1 FROM emp AS x WHERE x.city = 'a' AND x.age > e.age)"),
    # under OR: NULL and false keep no row alike
    ("SELECT id FROM emp AS e WHERE e.city = 'a' OR e.age >= (SELECT MAX(x.age) FROM emp AS x)",
     "SELECT id FROM emp AS e WHERE e.city = 'a' OR (e.age IS NOT NULL AND EXISTS (SELECT 1 FROM "
     "emp AS y WHERE y.age IS NOT NULL) AND NOT EXISTS (SELECT 1 FROM emp AS x WHERE x.age > e.age))"),
    # ROW_NUMBER() = 1 over a total order against = MAX
    ("SELECT id FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY dept_id ORDER BY id DESC) AS rn "
     "FROM emp) AS t WHERE rn = 1",
     "SELECT id FROM emp AS e WHERE id = (SELECT MAX(x.id) FROM emp AS x WHERE x.dept_id IS e.dept_id)"),
]

NEAR = [
    # = MAX is NULL for a NULL value: NOT EXISTS alone keeps the row
    ("SELECT id FROM emp AS e WHERE age = (SELECT MAX(x.age) FROM emp AS x WHERE x.city IS e.city)",
     "SELECT id FROM emp AS e WHERE NOT EXISTS (SELECT 1 FROM emp AS x WHERE x.city IS e.city AND "
     "x.age > e.age)"),
    # >= MAX over an empty (or all-NULL) subquery is NULL: NOT EXISTS alone keeps every row
    ("SELECT id FROM emp AS e WHERE e.age >= (SELECT MAX(x.age) FROM emp AS x WHERE x.dept_id = 1)",
     "SELECT id FROM emp AS e WHERE e.age IS NOT NULL AND NOT EXISTS (SELECT 1 FROM emp AS x WHERE "
     "x.dept_id = 1 AND x.age > e.age)"),
    # under NOT a NULL comparison and a false one differ
    ("SELECT id FROM emp AS e WHERE NOT e.age >= (SELECT MAX(x.age) FROM emp AS x WHERE x.dept_id = 1)",
     "SELECT id FROM emp AS e WHERE NOT (e.age IS NOT NULL AND EXISTS (SELECT 1 FROM emp AS y WHERE "
     "y.dept_id = 1 AND y.age IS NOT NULL) AND NOT EXISTS (SELECT 1 FROM emp AS x WHERE "
     "x.dept_id = 1 AND x.age > e.age))"),
    # ties: = MAX keeps every tied row, ROW_NUMBER() = 1 one of them
    ("SELECT id FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY dept_id ORDER BY age DESC) AS rn "
     "FROM emp) AS t WHERE rn = 1",
     "SELECT id FROM emp AS e WHERE age = (SELECT MAX(x.age) FROM emp AS x WHERE x.dept_id IS e.dept_id)"),
]


def _proved(gold: str, pred: str):
    gq, pq = (ir.lower(q, SCHEMA).query for q in (gold, pred))
    pair = proofs._SubGoals(SCHEMA, False)
    return proofs.every_database(pair, gq, pq, lambda: (), lambda: ())


@pytest.mark.parametrize("gold,pred", PROVED)
def test_quantified_pairs_are_proved_and_agree_in_sqlite(gold, pred):
    assert _proved(gold, pred) is not None
    for con in databases(60, seed=47):
        assert result(con, gold) == result(con, pred)


@pytest.mark.parametrize("gold,pred", tiered(NEAR, 2, unpack=True))
def test_near_misses_stay_unproved_and_sqlite_separates_them(gold, pred):
    assert _proved(gold, pred) is None
    assert any(result(con, gold) != result(con, pred) for con in databases(60, seed=47))


@pytest.mark.parametrize("sql", [
    "SELECT id FROM emp AS e WHERE NOT e.age >= (SELECT MAX(x.age) FROM emp AS x)",  # under NOT
    "SELECT id FROM emp AS e WHERE e.age = (SELECT MAX(x.name) FROM emp AS x)",  # text read as a number
    "SELECT id FROM emp AS e WHERE e.age = (SELECT MAX(x.salary) FROM emp AS x)",  # two affinities
    "SELECT id FROM emp AS e WHERE e.age >= (SELECT MAX(x.age) FROM emp AS x) - 1",  # an offset, untyped
    "SELECT id FROM emp AS e WHERE e.age = (SELECT MAX(x.age) FROM emp AS x GROUP BY x.city)",  # groups
    "SELECT id FROM emp AS e WHERE e.age <> (SELECT MAX(x.age) FROM emp AS x)",
    "SELECT id, age = (SELECT MAX(x.age) FROM emp AS x) FROM emp",  # a value, not a filter
])
def test_what_is_not_quantified(sql):
    assert extremes.quantified(ir.lower(sql, SCHEMA).query, SCHEMA) is None


def test_an_offset_on_typed_integers_states_the_integer_range():
    q = ir.lower("SELECT id FROM emp AS e WHERE e.age >= (SELECT MAX(x.age) FROM emp AS x) - 1", SCHEMA).query
    _, rests = extremes.quantified(q, SCHEMA, typed=True)
    assert [str(a) for a in rests] == ["integer_arithmetic_in_range"]
