"""``order_free``: windows and LIMIT/OFFSET written as counts and aggregates of the rows
before, through the every-database methods (``proofs.every_database``), against SQLite on
the rules' random databases (NULLs, duplicate order keys: peers, empty tables, every storage
class in ``emp.salary``: ``tests/helpers/rule_databases.py``); and the near misses the
translation must not prove (ties, NULL keys, peers in or out of a frame), which SQLite
separates."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import DDL, databases, result
from tests.helpers.tiers import tiered

from sqlverdict.oracles.bounded import ir, order_free, partition_groups, proofs
from sqlverdict.schema import from_ddl

SCHEMA = from_ddl(DDL)

PROVED = [
    # an OFFSET page of a total order, filtered
    ("SELECT id, name FROM emp WHERE age > 1 ORDER BY id LIMIT 2 OFFSET 1",
     "SELECT e.id, e.name FROM emp AS e WHERE e.age > 1 AND (SELECT COUNT(*) FROM emp AS x "
     "WHERE x.age > 1 AND x.id < e.id) BETWEEN 1 AND 2"),
    # a NULL-able key first (NULLs last descending), ties broken by the key
    ("SELECT id FROM emp ORDER BY age DESC, id LIMIT 2",
     "SELECT e.id FROM emp AS e WHERE (SELECT COUNT(*) FROM emp AS x WHERE x.age > e.age OR "
     "(x.age IS NOT NULL AND e.age IS NULL) OR (x.age IS e.age AND x.id < e.id)) < 2"),
    # RANK over a NULL-able key per NULL-able partition: peers rank alike
    ("SELECT id, RANK() OVER (PARTITION BY city ORDER BY age) FROM emp",
     "SELECT e.id, 1 + (SELECT COUNT(*) FROM emp AS x WHERE x.city IS e.city AND (x.age < e.age "
     "OR (x.age IS NULL AND e.age IS NOT NULL))) FROM emp AS e"),
    # the default frame over a NULL-able key: peers included
    ("SELECT id, COUNT(salary) OVER (ORDER BY age) FROM emp",
     "SELECT e.id, (SELECT COUNT(x.salary) FROM emp AS x WHERE x.age < e.age OR x.age IS e.age "
     "OR (x.age IS NULL AND e.age IS NOT NULL)) FROM emp AS e"),
    # LAG per partition in a total order, against the nearest earlier row
    ("SELECT id, LAG(name) OVER (PARTITION BY city ORDER BY id) FROM emp",
     "SELECT e.id, (SELECT x.name FROM emp AS x WHERE x.city IS e.city AND x.id < e.id "
     "ORDER BY x.id DESC LIMIT 1) FROM emp AS e"),
    # a ROWS frame of one row before, in a total order
    ("SELECT id, COUNT(budget) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM dept",
     "SELECT d.id, (SELECT COUNT(x.budget) FROM dept AS x WHERE x.id <= d.id AND (SELECT COUNT(*) "
     "FROM dept AS y WHERE y.id > x.id AND y.id <= d.id) < 2) FROM dept AS d"),
    # FIRST_VALUE over a total order: the first row's value, as a cut
    ("SELECT id, FIRST_VALUE(name) OVER (PARTITION BY city ORDER BY id DESC) FROM emp",
     "SELECT e.id, (SELECT x.name FROM emp AS x WHERE x.city IS e.city ORDER BY x.id DESC LIMIT 1) "
     "FROM emp AS e"),
    # FIRST_VALUE of the only key, never NULL, over ties: the partition's MIN
    ("SELECT id, FIRST_VALUE(age) OVER (PARTITION BY dept_id ORDER BY age) FROM emp WHERE age IS NOT NULL",
     "SELECT e.id, (SELECT MIN(x.age) FROM emp AS x WHERE x.age IS NOT NULL AND x.dept_id IS e.dept_id) "
     "FROM emp AS e WHERE e.age IS NOT NULL"),
    # a cut of groups ordered by their count, ties broken by the group key (NULL first)
    ("SELECT city, COUNT(*) AS c FROM emp GROUP BY city ORDER BY c DESC, city LIMIT 1",
     "SELECT city, c FROM (SELECT city, COUNT(*) AS c FROM emp GROUP BY city) AS t WHERE NOT EXISTS "
     "(SELECT 1 FROM (SELECT city, COUNT(*) AS c FROM emp GROUP BY city) AS u WHERE u.c > t.c OR "
     "(u.c = t.c AND (u.city < t.city OR (u.city IS NULL AND t.city IS NOT NULL))))"),
    # RANK of groups by their count
    ("SELECT city, RANK() OVER (ORDER BY COUNT(*)) FROM emp GROUP BY city",
     "SELECT t.city, 1 + (SELECT COUNT(*) FROM (SELECT COUNT(*) AS n FROM emp GROUP BY city) AS u "
     "WHERE u.n < t.n) FROM (SELECT city, COUNT(*) AS n FROM emp GROUP BY city) AS t"),
    # a running count over the rows of a join, peers in
    ("SELECT e.id, COUNT(*) OVER (PARTITION BY d.name ORDER BY e.age) FROM emp AS e JOIN dept AS d "
     "ON d.id = e.dept_id",
     "SELECT e.id, (SELECT COUNT(*) FROM emp AS e2 JOIN dept AS d2 ON d2.id = e2.dept_id WHERE "
     "d2.name = d.name AND (e2.age < e.age OR e2.age IS e.age OR (e2.age IS NULL AND e.age IS NOT "
     "NULL))) FROM emp AS e JOIN dept AS d ON d.id = e.dept_id"),
]

# positions of an order as lookups (``lookups``)
PROVED += [
    # a total order over a join: the partition fixes the employee (its key), the order the
    # department; the copy of the partition reads the current employee
    ("SELECT id, name FROM (SELECT e.id, d.name, ROW_NUMBER() OVER (PARTITION BY e.id ORDER BY d.id) "
     "AS rn FROM emp AS e JOIN dept AS d ON d.budget > e.age) AS t WHERE rn = 1",
     "SELECT e.id, d.name FROM emp AS e JOIN dept AS d ON d.budget > e.age WHERE NOT EXISTS "
     "(SELECT 1 FROM dept AS x WHERE x.budget > e.age AND x.id < d.id)"),
    # a join ordered by the key of one table that = fixes the other's key through
    ("SELECT e.id, d.name FROM emp AS e JOIN dept AS d ON d.id = e.dept_id ORDER BY e.id LIMIT 2",
     "SELECT e.id, d.name FROM emp AS e JOIN dept AS d ON d.id = e.dept_id WHERE (SELECT COUNT(*) "
     "FROM emp AS x JOIN dept AS y ON y.id = x.dept_id WHERE x.id < e.id) < 2"),
    # LEAD of the key in a total order: the least key after it
    ("SELECT id, LEAD(id) OVER (PARTITION BY city ORDER BY id) FROM emp",
     "SELECT e.id, (SELECT MIN(x.id) FROM emp AS x WHERE x.city IS e.city AND x.id > e.id) FROM emp AS e"),
    # the first of a descending order of its own key, NULLs last: MAX, ties or not
    ("SELECT d.id, (SELECT e.age FROM emp AS e WHERE e.dept_id = d.id ORDER BY e.age DESC LIMIT 1) FROM dept AS d",
     "SELECT d.id, (SELECT MAX(e.age) FROM emp AS e WHERE e.dept_id = d.id) FROM dept AS d"),
    # the first row by a unique key: the row at the key's MIN, a LEFT JOIN lookup
    ("SELECT d.id, (SELECT e.name FROM emp AS e WHERE e.dept_id = d.id ORDER BY e.id LIMIT 1) FROM dept AS d",
     "SELECT d.id, e.name FROM dept AS d LEFT JOIN emp AS e ON e.id = (SELECT MIN(x.id) FROM emp AS x "
     "WHERE x.dept_id = d.id)"),
    # a ROWS frame up to the row before, in a total order: the rows strictly before
    ("SELECT id, COUNT(salary) OVER (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) FROM emp",
     "SELECT e.id, (SELECT COUNT(x.salary) FROM emp AS x WHERE x.id < e.id) FROM emp AS e"),
    ("SELECT id, COUNT(*) OVER (PARTITION BY city ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND 2 PRECEDING) FROM emp",
     "SELECT e.id, (SELECT COUNT(*) FROM emp AS x WHERE x.city IS e.city AND x.id < e.id AND (SELECT COUNT(*) FROM emp AS y "
     "WHERE y.city IS e.city AND y.id > x.id AND y.id <= e.id) >= 2) FROM emp AS e"),
    # a cut of a lookup by key keeps its one row at most
    ("SELECT e.id, (SELECT d.name FROM dept AS d WHERE d.id = e.dept_id LIMIT 1) FROM emp AS e",
     "SELECT e.id, d.name FROM emp AS e LEFT JOIN dept AS d ON d.id = e.dept_id"),
    # ROW_NUMBER in a total order: the count of the rows up to the row
    ("SELECT id, ROW_NUMBER() OVER (PARTITION BY city ORDER BY id) FROM emp",
     "SELECT e.id, (SELECT COUNT(*) FROM emp AS x WHERE x.city IS e.city AND x.id <= e.id) FROM emp AS e"),
]

# a window read as the aggregate of its partition (i49b)
PROVED += [
    # without ORDER BY the default frame holds the whole partition (NULL keys one
    # partition): DISTINCT over it is the grouping
    ("SELECT DISTINCT dept_id, city, MAX(age) OVER (PARTITION BY city, dept_id), COUNT(*) OVER "
     "(PARTITION BY dept_id, city) FROM emp WHERE id > 1",
     "SELECT dept_id, city, MAX(age), COUNT(*) FROM emp WHERE id > 1 GROUP BY city, dept_id"),
    # the default frame without ORDER BY over an expression key: the partition's aggregate
    ("SELECT id, MAX(age) OVER (PARTITION BY dept_id / 2) FROM emp",
     "SELECT e.id, (SELECT MAX(x.age) FROM emp AS x WHERE x.dept_id / 2 IS e.dept_id / 2) FROM emp AS e"),
    # FIRST_VALUE of its own key NULLs last: MIN skips the NULLs, NULL when all are
    ("SELECT DISTINCT city, FIRST_VALUE(age) OVER (PARTITION BY city ORDER BY age NULLS LAST) FROM emp",
     "SELECT city, MIN(age) FROM emp GROUP BY city"),
    # descending, NULL sorts last: MAX, ties and NULLs or not
    ("SELECT id, FIRST_VALUE(age) OVER (PARTITION BY dept_id ORDER BY age DESC) FROM emp",
     "SELECT e.id, (SELECT MAX(x.age) FROM emp AS x WHERE x.dept_id IS e.dept_id) FROM emp AS e"),
    # LAST_VALUE over the whole partition, ascending NULLs first: the last is the MAX
    ("SELECT id, LAST_VALUE(age) OVER (PARTITION BY dept_id ORDER BY age "
     "ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) FROM emp",
     "SELECT e.id, (SELECT MAX(x.age) FROM emp AS x WHERE x.dept_id IS e.dept_id) FROM emp AS e"),
    # a row number less one is the count of the rows before (the offsets folded)
    ("SELECT id, ROW_NUMBER() OVER (PARTITION BY city ORDER BY id) - 1 FROM emp",
     "SELECT id, COUNT(*) OVER (PARTITION BY city ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) FROM emp"),
    # in a total order too, the first of its own key is the MIN
    ("SELECT DISTINCT city, FIRST_VALUE(id) OVER (PARTITION BY city ORDER BY id) FROM emp",
     "SELECT city, MIN(id) FROM emp GROUP BY city"),
]

NEAR = [
    # a join's rows tied on the order: ROW_NUMBER keeps one, NOT EXISTS every tied one
    ("SELECT id, name FROM (SELECT e.id, d.name, ROW_NUMBER() OVER (PARTITION BY e.id ORDER BY d.name) "
     "AS rn FROM emp AS e JOIN dept AS d ON d.budget > e.age) AS t WHERE rn = 1",
     "SELECT e.id, d.name FROM emp AS e JOIN dept AS d ON d.budget > e.age WHERE NOT EXISTS "
     "(SELECT 1 FROM dept AS x WHERE x.budget > e.age AND x.name < d.name)"),
    # LAG of a key with ties (and NULLs): a peer comes before, no MAX below
    ("SELECT id, LAG(age) OVER (ORDER BY age) FROM emp",
     "SELECT e.id, (SELECT MAX(x.age) FROM emp AS x WHERE x.age < e.age) FROM emp AS e"),
    # ascending, a NULL key sorts first; MIN skips it
    ("SELECT d.id, (SELECT e.age FROM emp AS e WHERE e.dept_id = d.id ORDER BY e.age LIMIT 1) FROM dept AS d",
     "SELECT d.id, (SELECT MIN(e.age) FROM emp AS e WHERE e.dept_id = d.id) FROM dept AS d"),
    # an outer join's ON rejects no NULL on its NULL-extended row, which sorts first
    ("SELECT id, (SELECT e.age FROM dept AS x LEFT JOIN emp AS e ON e.dept_id = x.id AND e.age > 0 "
     "ORDER BY e.age LIMIT 1) FROM dept",
     "SELECT id, (SELECT MIN(e.age) FROM dept AS x LEFT JOIN emp AS e ON e.dept_id = x.id AND e.age > 0) FROM dept"),
    # the first row by a key with ties: the lookup finds every tied row
    ("SELECT d.id, (SELECT e.name FROM emp AS e WHERE e.dept_id = d.id AND e.age IS NOT NULL ORDER BY e.age LIMIT 1) "
     "FROM dept AS d",
     "SELECT d.id, e.name FROM dept AS d LEFT JOIN emp AS e ON e.dept_id = d.id AND e.age = (SELECT MIN(x.age) "
     "FROM emp AS x WHERE x.dept_id = d.id AND x.age IS NOT NULL)"),
    # a cut of a lookup by a column no key: LIMIT 1 keeps one of the matches
    ("SELECT e.id, (SELECT d.id FROM dept AS d WHERE d.name = e.name LIMIT 1) FROM emp AS e",
     "SELECT e.id, d.id FROM emp AS e LEFT JOIN dept AS d ON d.name = e.name"),
    # up to the row before is not up to the row
    ("SELECT id, COUNT(salary) OVER (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) FROM emp",
     "SELECT e.id, (SELECT COUNT(x.salary) FROM emp AS x WHERE x.id <= e.id) FROM emp AS e"),
    # rows before over ties: a peer may come before
    ("SELECT id, COUNT(*) OVER (ORDER BY name ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) FROM dept",
     "SELECT d.id, (SELECT COUNT(*) FROM dept AS x WHERE x.name < d.name) FROM dept AS d"),
    # ROW_NUMBER over ties is no count up to the row
    ("SELECT id, ROW_NUMBER() OVER (PARTITION BY city ORDER BY age) FROM emp",
     "SELECT e.id, (SELECT COUNT(*) FROM emp AS x WHERE x.city IS e.city AND x.age <= e.age) FROM emp AS e"),
    # a cut through ties: the count keeps every tied row
    ("SELECT id FROM emp ORDER BY age LIMIT 2",
     "SELECT e.id FROM emp AS e WHERE (SELECT COUNT(*) FROM emp AS x WHERE x.age < e.age) < 2"),
    # NULL keys read as never NULL (descending, NULLs come last)
    ("SELECT id FROM emp ORDER BY age DESC, id LIMIT 2",
     "SELECT e.id FROM emp AS e WHERE (SELECT COUNT(*) FROM emp AS x WHERE x.age > e.age OR "
     "(x.age = e.age AND x.id < e.id)) < 2"),
    # RANK counts the rows strictly before, not the peers
    ("SELECT id, RANK() OVER (ORDER BY age) FROM emp",
     "SELECT e.id, (SELECT COUNT(*) FROM emp AS x WHERE x.age <= e.age) FROM emp AS e"),
    # ROW_NUMBER over ties is no count
    ("SELECT id, ROW_NUMBER() OVER (ORDER BY name) FROM dept",
     "SELECT d.id, (SELECT COUNT(*) FROM dept AS x WHERE x.name <= d.name) FROM dept AS d"),
    # FIRST_VALUE ascending is a NULL key where the partition has one; MIN skips NULLs
    ("SELECT id, FIRST_VALUE(age) OVER (PARTITION BY dept_id ORDER BY age) FROM emp",
     "SELECT e.id, (SELECT MIN(x.age) FROM emp AS x WHERE x.dept_id IS e.dept_id) FROM emp AS e"),
    # a cut of groups through tied counts
    ("SELECT city, COUNT(*) AS c FROM emp GROUP BY city ORDER BY c DESC LIMIT 1",
     "SELECT city, c FROM (SELECT city, COUNT(*) AS c FROM emp GROUP BY city) AS t WHERE NOT EXISTS "
     "(SELECT 1 FROM (SELECT city, COUNT(*) AS c FROM emp GROUP BY city) AS u WHERE u.c > t.c)"),
    # the default frame holds the peers
    ("SELECT id, COUNT(*) OVER (ORDER BY age) FROM emp",
     "SELECT e.id, (SELECT COUNT(*) FROM emp AS x WHERE x.age < e.age) FROM emp AS e"),
    # descending NULLs first: a NULL key comes first, MAX skips it
    ("SELECT id, FIRST_VALUE(age) OVER (PARTITION BY dept_id ORDER BY age DESC NULLS FIRST) FROM emp",
     "SELECT e.id, (SELECT MAX(x.age) FROM emp AS x WHERE x.dept_id IS e.dept_id) FROM emp AS e"),
    # LAST_VALUE of the default frame ends at the row's peers, not the partition's MAX
    ("SELECT id, LAST_VALUE(age) OVER (PARTITION BY dept_id ORDER BY age) FROM emp",
     "SELECT e.id, (SELECT MAX(x.age) FROM emp AS x WHERE x.dept_id IS e.dept_id) FROM emp AS e"),
    # with ORDER BY the default frame is running: DISTINCT keeps every peer group's count
    ("SELECT DISTINCT city, COUNT(*) OVER (PARTITION BY city ORDER BY age) FROM emp",
     "SELECT city, COUNT(*) FROM emp GROUP BY city"),
    # FIRST_VALUE of another column than its sort key
    ("SELECT DISTINCT city, FIRST_VALUE(age) OVER (PARTITION BY city ORDER BY id) FROM emp",
     "SELECT city, MIN(age) FROM emp GROUP BY city"),
    # a key not shown: DISTINCT merges partitions the grouping keeps apart
    ("SELECT DISTINCT city, COUNT(*) OVER (PARTITION BY city, dept_id) FROM emp",
     "SELECT city, COUNT(*) FROM emp GROUP BY city, dept_id"),
    # FIRST_VALUE up to the row before: the first row's frame is empty (NULL)
    ("SELECT DISTINCT city, FIRST_VALUE(age) OVER (PARTITION BY city ORDER BY age NULLS LAST "
     "ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) FROM emp",
     "SELECT city, MIN(age) FROM emp GROUP BY city"),
    # a row number less two is not the count before
    ("SELECT id, ROW_NUMBER() OVER (PARTITION BY city ORDER BY id) - 2 FROM emp",
     "SELECT id, COUNT(*) OVER (PARTITION BY city ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) FROM emp"),
    # a ROWS frame over ties
    ("SELECT id, COUNT(*) OVER (ORDER BY name ROWS UNBOUNDED PRECEDING) FROM dept",
     "SELECT d.id, (SELECT COUNT(*) FROM dept AS x WHERE x.name <= d.name) FROM dept AS d"),
]


@pytest.fixture(autouse=True)
def _work_budgets_only(monkeypatch):
    """The proofs' budgets are work; their wall-clock safety nets (congruence's sub-goals
    have a few seconds) run out on a loaded machine: lifted here, the work bounds them."""
    monkeypatch.setattr(proofs, "BUDGET_S", 600.0)
    monkeypatch.setattr(proofs, "CONGRUENCE_S", 600.0)


def _proved(gold: str, pred: str):
    gq, pq = (ir.lower(q, SCHEMA).query for q in (gold, pred))
    pair = proofs._SubGoals(SCHEMA, False)
    return proofs.every_database(pair, gq, pq, lambda: (), lambda: ())


@pytest.mark.parametrize("gold,pred", tiered(PROVED, 2, unpack=True))
def test_translated_pairs_are_proved_and_agree_in_sqlite(gold, pred):
    q = ir.lower(gold, SCHEMA).query
    assert any(order_free.translate(q, SCHEMA, False, second) is not None for second in (False, True))
    assert _proved(gold, pred) is not None
    for con in databases(100, seed=46):
        assert result(con, gold) == result(con, pred)


@pytest.mark.parametrize("gold,pred", tiered(NEAR, 3, unpack=True))
def test_near_misses_stay_unproved_and_sqlite_separates_them(gold, pred):
    assert _proved(gold, pred) is None
    assert any(result(con, gold) != result(con, pred) for con in databases(100, seed=46))


@pytest.mark.parametrize("sql", [
    "SELECT id FROM emp ORDER BY age LIMIT 2",  # ties
    "SELECT DISTINCT city FROM emp ORDER BY city LIMIT 1",  # DISTINCT before the cut
    "SELECT id, ROW_NUMBER() OVER (ORDER BY city) FROM emp",  # no total order
    "SELECT id, SUM(id) OVER (ORDER BY name ROWS UNBOUNDED PRECEDING) FROM dept",  # ROWS over ties
    "SELECT id, LAG(name, 2) OVER (ORDER BY id) FROM emp",  # another offset
    "SELECT id, LAG(name, 1, 'x') OVER (ORDER BY id) FROM emp",  # a default
    "SELECT e.id, SUM(d.budget) OVER (ORDER BY e.id) FROM emp AS e LEFT JOIN dept AS d ON d.id = e.dept_id",
    "SELECT e.id FROM emp AS e JOIN dept AS d ON d.id > e.dept_id ORDER BY e.id LIMIT 1",  # a join's rows tied
    "SELECT e.id FROM emp AS e JOIN dept AS d ON d.name = e.name ORDER BY e.id LIMIT 1",  # d.name no key
    "SELECT e.id FROM emp AS e JOIN proj AS p ON p.emp_id = e.id ORDER BY e.id LIMIT 1",  # several projects
    "SELECT city, COUNT(*) FROM emp GROUP BY city ORDER BY COUNT(*) LIMIT 1",  # groups tied
    "SELECT id, FIRST_VALUE(name) OVER (ORDER BY age) FROM emp",  # the first of tied rows
    "SELECT id, LAST_VALUE(id) OVER (ORDER BY id) FROM emp",  # the frame ends at the row
    "SELECT pid FROM proj ORDER BY pid LIMIT 1",  # an INT PRIMARY KEY holds several NULLs
])
def test_what_is_not_translated(sql):
    assert order_free.translate(ir.lower(sql, SCHEMA).query, SCHEMA) is None


def test_sums_state_what_they_rest_on():
    q = ir.lower("SELECT id, SUM(salary) OVER (ORDER BY id) FROM emp", SCHEMA).query
    _, rests = order_free.translate(q, SCHEMA)
    assert {str(a) for a in rests} == {"exact_reals", "integer_sums_exact"}


@pytest.mark.parametrize("sql", [
    "SELECT DISTINCT COUNT(*) OVER () FROM emp",  # no key: a grouping without keys has a row on no rows
    "SELECT DISTINCT dept_id / 2, COUNT(*) OVER (PARTITION BY dept_id / 2) FROM emp",  # 1 and 1.0 (sqlite domain)
    "SELECT DISTINCT city, COUNT(*) OVER (PARTITION BY city ORDER BY age) FROM emp",  # a running frame
    "SELECT DISTINCT city, age, COUNT(*) OVER (PARTITION BY city) FROM emp",  # a column no key
    "SELECT DISTINCT city, COUNT(*) OVER (PARTITION BY city), MAX(age) OVER (PARTITION BY dept_id) FROM emp",
    "SELECT DISTINCT city, FIRST_VALUE(age) OVER (PARTITION BY city ORDER BY age) FROM emp",  # NULL first
    "SELECT DISTINCT city, COUNT(*) OVER (PARTITION BY city) FROM emp LIMIT 2",  # a cut
])
def test_what_is_not_grouped(sql):
    assert partition_groups.grouped(ir.lower(sql, SCHEMA).query, SCHEMA) is None
