"""The rules of ``canon/top_keys.py`` against SQLite: their fixture pairs on the rules'
random databases (NULLs, duplicates, empty tables, every storage class:
``tests/helpers/rule_databases.py``) with values compared by storage class, and on a schema
of their own where the keys tie across classes on purpose: INTEGER ``1`` beside REAL
``1.0`` and text ``'1'`` in an untyped column and a REAL one, a BLOB among them."""

from __future__ import annotations

import random
import sqlite3

import pytest
from tests.helpers.rule_databases import DDL as RULES_DDL
from tests.helpers.rule_databases import (
    assert_apart_and_separated,
    assert_equated_and_agreeing,
    databases,
    fixture_cases,
    typed_rows,
)

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.oracles.bounded.canon.top_keys import joined_rows_apart
from sqlverdict.schema import from_ddl

RULES = ("grouped_view_top", "least_group_key_first", "extremum_key_row",
         "first_of_partition_as_no_earlier", "rank_first_as_no_earlier", "partition_extremum",
         "top_row_join_as_scalar", "group_numbers_cut_as_limit", "top_group_by_extremum")
FIRES, NEAR = fixture_cases(*RULES)
RULES_SCHEMA = from_ddl(RULES_DDL)


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_pairs_the_rules_equate_agree_in_sqlite_class_for_class(case):
    assert_equated_and_agreeing(case, 300, rows=typed_rows)


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    assert_apart_and_separated(case, 300)


DDL = ("CREATE TABLE u(id INTEGER PRIMARY KEY, v NOT NULL, x REAL NOT NULL, g INT);"
       "CREATE TABLE w(id INTEGER PRIMARY KEY, g INT, c TEXT COLLATE NOCASE NOT NULL)")
SCHEMA = from_ddl(DDL)
VALUES = [1, 1.0, "1", 2, 2.5, "a", b"\x01", -2]

PAIRS = [  # (gold, pred, the rules equate them)
    ("SELECT MIN(d.v) FROM (SELECT v, COUNT(*) AS n FROM u GROUP BY v) AS d HAVING COUNT(*) > 0",
     "SELECT v FROM u GROUP BY v ORDER BY v LIMIT 1", True),
    ("SELECT MAX(d.x) FROM (SELECT x, SUM(g) AS s FROM u GROUP BY x) AS d HAVING COUNT(*) > 0",
     "SELECT x FROM u GROUP BY x ORDER BY x DESC LIMIT 1", True),
    ("SELECT g FROM u WHERE g IS NOT NULL GROUP BY g ORDER BY MAX(v) DESC, g LIMIT 1",
     "SELECT g FROM u WHERE g IS NOT NULL GROUP BY g HAVING MAX(v) = (SELECT MAX(n) FROM "
     "(SELECT MAX(v) AS n FROM u WHERE g IS NOT NULL GROUP BY g) AS t) ORDER BY g LIMIT 1", True),
    ("SELECT g FROM u GROUP BY g ORDER BY SUM(x), g DESC LIMIT 1",
     "SELECT g FROM u GROUP BY g HAVING SUM(x) = (SELECT MIN(n) FROM (SELECT SUM(x) AS n "
     "FROM u GROUP BY g) AS t) ORDER BY g DESC LIMIT 1", True),
    ("SELECT a.id FROM u AS a WHERE a.id = (SELECT b.id FROM u AS b WHERE b.v = a.v "
     "ORDER BY b.x DESC, b.id LIMIT 1)",
     "SELECT id FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY v ORDER BY x DESC, id) AS rn "
     "FROM u) AS t WHERE t.rn = 1", True),
    ("SELECT MAX(id) FROM u WHERE v = (SELECT MIN(v) FROM u) HAVING COUNT(*) > 0",
     "SELECT id FROM u ORDER BY v, id DESC LIMIT 1", True),
    ("SELECT id FROM (SELECT id, RANK() OVER (PARTITION BY v ORDER BY x DESC) AS rk FROM u) AS d "
     "WHERE d.rk = 1",
     "SELECT a.id FROM u AS a WHERE a.x = (SELECT MAX(b.x) FROM u AS b WHERE b.v = a.v)", True),
    ("SELECT a.id, t.g FROM u AS a LEFT JOIN (SELECT x, g, ROW_NUMBER() OVER (PARTITION BY x "
     "ORDER BY id DESC) AS rn FROM u) AS t ON t.x = a.x AND t.rn = 1",
     "SELECT a.id, (SELECT b.g FROM u AS b WHERE b.x = a.x ORDER BY b.id DESC LIMIT 1) FROM u AS a", True),
    ("SELECT x FROM (SELECT x, ROW_NUMBER() OVER (ORDER BY SUM(g), x) AS rn FROM u GROUP BY x) AS d "
     "WHERE d.rn <= 1", "SELECT x FROM u GROUP BY x ORDER BY SUM(g), x LIMIT 1", True),
    # an untyped link (no affinity): the rule stays away
    ("SELECT a.id, t.x FROM u AS a LEFT JOIN (SELECT v, x, ROW_NUMBER() OVER (PARTITION BY v "
     "ORDER BY id) AS rn FROM u) AS t ON t.v = a.v AND t.rn = 1",
     "SELECT a.id, (SELECT b.x FROM u AS b WHERE b.v = a.v ORDER BY b.id LIMIT 1) FROM u AS a", False),
    # NOCASE: MIN and ORDER BY tie 'a' with 'A' and may show either; the rules stay away
    ("SELECT MIN(d.c) FROM (SELECT c FROM w GROUP BY c) AS d HAVING COUNT(*) > 0",
     "SELECT c FROM w GROUP BY c ORDER BY c LIMIT 1", False),
    ("SELECT g FROM w GROUP BY g ORDER BY MAX(c), g LIMIT 1",
     "SELECT g FROM w GROUP BY g HAVING MAX(c) = (SELECT MIN(n) FROM (SELECT MAX(c) AS n "
     "FROM w GROUP BY g) AS t) ORDER BY g LIMIT 1", False),
]


def _databases(n: int, seed: int):
    rng = random.Random(seed)
    for _ in range(n):
        db = sqlite3.connect(":memory:")
        db.executescript(DDL)
        for _ in range(rng.randint(0, 5)):
            db.execute("INSERT INTO u(v, x, g) VALUES (?, ?, ?)",
                       (rng.choice(VALUES), rng.choice([1, 1.0, 2, 0.5, -0.0, 0]),
                        rng.choice([None, 1, 2, 1.0])))
        yield db


@pytest.mark.parametrize("gold,pred,equated", PAIRS)
def test_keys_tied_across_storage_classes(gold, pred, equated):
    forms = [canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag") for sql in (gold, pred)]
    assert (forms[0] == forms[1]) == equated
    if equated:
        for db in _databases(300, 5):
            assert typed_rows(db, gold) == typed_rows(db, pred), (gold, list(db.execute("SELECT * FROM u")))


# (the rows' query with its ORDER BY keys as items, whether the check finds the rows apart)
APART = [
    ("SELECT e.salary, e.id FROM emp AS e JOIN dept AS d ON e.dept_id = d.id", True),
    ("SELECT d.name, e.id FROM dept AS d JOIN emp AS e ON e.dept_id = d.id WHERE d.id = 1", True),
    ("SELECT e.id, d.id FROM emp AS e, dept AS d", True),
    ("SELECT e.salary, d.id FROM emp AS e JOIN dept AS d ON e.dept_id = d.id", False),
    ("SELECT e.id FROM emp AS e JOIN proj AS p ON p.emp_id = e.id", False),
    ("SELECT p.title, e.id FROM emp AS e JOIN proj AS p ON p.emp_id = e.id", False),
]


@pytest.mark.parametrize("rows,apart", APART)
def test_rows_found_apart_never_tie_in_sqlite(rows, apart):
    """Where ``joined_rows_apart`` finds the rows apart, no two rows tie on the ORDER BY on
    any random database (GROUP BY ties values as ORDER BY does); its near misses tie on one."""
    items, source = rows[len("SELECT "):].split(" FROM ", 1)
    items = items.split(", ")
    q = ir.lower(f"{rows} ORDER BY {', '.join(items)} LIMIT 1", RULES_SCHEMA).query
    assert joined_rows_apart(q, RULES_SCHEMA) == apart
    named = ", ".join(f"{x} AS k{i}" for i, x in enumerate(items))
    keys = ", ".join(f"k{i}" for i in range(len(items)))
    tied = f"SELECT 1 FROM (SELECT {named} FROM {source}) GROUP BY {keys} HAVING COUNT(*) > 1"
    assert any(con.execute(tied).fetchall() for con in databases(300)) != apart
