"""The rules of ``canon/running.py`` (``running_window_as_subquery``,
``neighbour_as_subquery``, ``first_row_in_order``) against SQLite on the rules' random
databases (NULLs, duplicate order keys: peers, empty tables, every storage class in
``dept.budget`` and ``emp.salary``: ``tests/helpers/rule_databases.py``), and the windows
the laws' side conditions exclude: NULL-able order keys, ROWS over ties, LAG beyond one row
or with a default, DENSE_RANK of several keys, collated tables, joins."""

from __future__ import annotations

import random
import sqlite3

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

RULES = ("running_window_as_subquery", "neighbour_as_subquery", "first_row_in_order")
# (cases on another schema than the rules' random databases': tests/oracles/bounded/canon/test_superlatives.py)
FIRES, NEAR = ([c for c in cases if c.schema_file.name == "schema.ddl"] for cases in fixture_cases(*RULES))
SCHEMA = from_ddl(DDL)


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_pairs_the_rules_equate_agree_in_sqlite(case):
    assert_equated_and_agreeing(case, 300)


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    assert_apart_and_separated(case, 300)


def _forms(gold: str, pred: str) -> list:
    return [canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag") for sql in (gold, pred)]


AGREE = [
    # a running MIN over a GROUPS frame (peers in), per partition, of the kept rows
    ("SELECT id, MIN(salary) OVER (PARTITION BY city ORDER BY id DESC GROUPS BETWEEN UNBOUNDED "
     "PRECEDING AND CURRENT ROW) FROM emp WHERE age IS NOT NULL",
     "SELECT e.id, (SELECT MIN(e2.salary) FROM emp AS e2 WHERE e2.age IS NOT NULL AND e2.city IS "
     "e.city AND e2.id >= e.id) FROM emp AS e WHERE e.age IS NOT NULL"),
    # a running COUNT(x) over ROWS in a total order of two keys, NULLS FIRST spelt out
    ("SELECT id, COUNT(budget) OVER (ORDER BY name IS NULL DESC, name, id ROWS UNBOUNDED PRECEDING) FROM dept",
     "SELECT d.id, (SELECT COUNT(d2.budget) FROM dept AS d2 WHERE d2.name < d.name OR "
     "(d2.name = d.name AND d2.id <= d.id)) FROM dept AS d"),
    # LEAD per partition of NULL-able keys, of a column holding every storage class
    ("SELECT id, LEAD(salary) OVER (PARTITION BY city ORDER BY id) FROM emp",
     "SELECT e.id, (SELECT e2.salary FROM emp AS e2 WHERE e2.city IS e.city AND e2.id > e.id "
     "ORDER BY e2.id LIMIT 1) FROM emp AS e"),
]


RANK_OVER_JOIN = (
    "SELECT e.id, RANK() OVER (ORDER BY d.name) FROM emp AS e JOIN dept AS d ON d.id = e.dept_id",
    "SELECT e.id, 1 + (SELECT COUNT(*) FROM emp AS e2 JOIN dept AS d2 ON d2.id = e2.dept_id "
    "WHERE d2.name < d.name) FROM emp AS e JOIN dept AS d ON d.id = e.dept_id")


@pytest.mark.parametrize("gold,pred", [*AGREE, RANK_OVER_JOIN])
def test_running_windows_agree_in_sqlite(gold, pred):
    forms = _forms(gold, pred)
    assert forms[0] == forms[1]
    for con in databases(300, seed=17):
        assert result(con, gold) == result(con, pred)


@pytest.mark.parametrize("sql", [
    "SELECT id, SUM(age) OVER (ORDER BY age) FROM emp",  # a NULL-able order key
    "SELECT id, SUM(id) OVER (ORDER BY name ROWS UNBOUNDED PRECEDING) FROM dept",  # ROWS over ties
    "SELECT id, SUM(budget) OVER (ORDER BY name) FROM dept",  # SUM of reals: order of addition
    "SELECT id, SUM(id) OVER (ORDER BY name ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM dept",
    "SELECT id, RANK() OVER (ORDER BY name, id / 2) FROM dept",  # an expression key
    "SELECT id, LAG(budget, 2) OVER (ORDER BY name, id) FROM dept",
    "SELECT id, LAG(budget, 1, 0.5) OVER (ORDER BY name, id) FROM dept",
    "SELECT id, LAG(budget) OVER (ORDER BY name) FROM dept",  # ties
    # a NULL-able key over a join (d.name, NOT NULL, is read since i57c: RANK_OVER_JOIN below)
    "SELECT e.id, RANK() OVER (ORDER BY e.name) FROM emp AS e JOIN dept AS d ON d.id = e.dept_id",
])
def test_windows_that_stay(sql):
    form = canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag")
    assert "Window(" in repr(form)


def test_collated_keys_stay():
    schema = from_ddl("CREATE TABLE c(id INTEGER PRIMARY KEY, g TEXT NOT NULL COLLATE NOCASE)")
    form = canonical(ir.lower("SELECT id, RANK() OVER (ORDER BY g) FROM c", schema).query, schema, "bag")
    assert "Window(" in repr(form)


# an order key of no affinity holding every storage class: 1 beside 1.0 (peers), '1', text
# of either case, a blob, and the INTEGER beside the REAL -2**63 (equal, shown apart)
KEYLESS = "CREATE TABLE r(id INTEGER PRIMARY KEY, k NOT NULL, v)"
VALUES = [1, 1.0, "1", "01", 2, "a", "A", b"\x01", 2.5, -2**63, float(-2**63)]
KEYLESS_PAIRS = [
    ("SELECT id, SUM(id) OVER (ORDER BY k) FROM r",
     "SELECT r.id, (SELECT SUM(r2.id) FROM r AS r2 WHERE r2.k <= r.k) FROM r"),
    ("SELECT id, DENSE_RANK() OVER (ORDER BY k DESC) FROM r",
     "SELECT r.id, 1 + (SELECT COUNT(DISTINCT r2.k) FROM r AS r2 WHERE r2.k > r.k) FROM r"),
    ("SELECT id, RANK() OVER (PARTITION BY v ORDER BY k) FROM r",
     "SELECT r.id, 1 + (SELECT COUNT(*) FROM r AS r2 WHERE r2.v IS r.v AND r2.k < r.k) FROM r"),
    ("SELECT id, LAG(v) OVER (ORDER BY k, id) FROM r",
     "SELECT r.id, (SELECT r2.v FROM r AS r2 WHERE r2.k < r.k OR (r2.k = r.k AND r2.id < r.id) "
     "ORDER BY r2.k DESC, r2.id DESC LIMIT 1) FROM r"),
]


@pytest.mark.parametrize("gold,pred", KEYLESS_PAIRS)
def test_order_keys_of_every_storage_class(gold, pred):
    schema = from_ddl(KEYLESS)
    forms = [canonical(ir.lower(sql, schema).query, schema, "bag") for sql in (gold, pred)]
    assert forms[0] == forms[1]
    rng = random.Random(3)
    for _ in range(300):
        con = sqlite3.connect(":memory:")
        con.executescript(KEYLESS)
        for i in range(rng.choice([0, 1, 2, 3, 4, 5])):
            con.execute("INSERT INTO r VALUES (?, ?, ?)",
                        (i, rng.choice(VALUES), rng.choice([None, 1, 1.0, "x", 2])))
        assert result(con, gold) == result(con, pred)
