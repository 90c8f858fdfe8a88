"""``canon/lookups.py`` (``lookup_in_grouping``) and ``canon/markers.py`` (``marker_join``'s
``COUNT`` of a DISTINCT key, ``two_valued_indicators``) and ``canon/coalesced_compare.py``
(``coalesce_in_comparison``), ``canon/grouped_left_counts.py`` (``grouped_count_join``'s
COUNT(DISTINCT) of a partner's column equated with the left table's key) against SQLite.

Each pair below gets one canonical form, and both queries run in ``sqlite3`` on random
databases of every storage class (NULL keys, '1' beside 1 and 1.0 in untyped and TEXT
columns, duplicates in the child tables, repeated UNIQUE titles only as NULL, empty
tables), where they must return the same bag of rows. The near misses keep two forms,
and SQLite separates each.
"""

from __future__ import annotations

from collections import Counter

import pytest
from tests.helpers.unbounded import palette_databases

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

DDL = ("CREATE TABLE dept (id INTEGER PRIMARY KEY, name TEXT NOT NULL, budget REAL);"
       "CREATE TABLE emp (id INTEGER PRIMARY KEY, name TEXT, age INT, salary REAL, dept_id INT, city TEXT);"
       "CREATE TABLE proj (pid INT PRIMARY KEY, emp_id INT, hours INT, title TEXT UNIQUE);"
       "CREATE TABLE note (a INT, b TEXT, c);")
SCHEMA = from_ddl(DDL)
POOL = [None, 0, 1, 2, 1.0, 2.5, "1", "01", "a", "b", b"\\x01", -3]


def _fill(con, rng, pick):
    for i in rng.sample(range(1, 4), rng.randint(0, 3)):
        con.execute("INSERT INTO dept VALUES (?, ?, ?)", (i, rng.choice(["x", "y", "1"]), pick()))
    for i in range(rng.randint(0, 5)):
        con.execute("INSERT INTO emp VALUES (?, ?, ?, ?, ?, ?)", (i, pick(), pick(), pick(), rng.choice(
            [None, 1, 2, 3, 4, "1", 1.0]), rng.choice([None, "a", "b"])))
    titles = rng.sample(["p", "q", "1", "01"], 4)
    for i in range(rng.randint(0, 5)):
        con.execute("INSERT INTO proj VALUES (?, ?, ?, ?)", (i, rng.choice([None, 0, 1, 2, "1"]), pick(),
                                                              titles[i] if i < 4 and rng.random() < 0.8 else None))
    for _ in range(rng.randint(0, 4)):
        con.execute("INSERT INTO note VALUES (?, ?, ?)", (pick(), pick(), pick()))


DATABASES = list(palette_databases(DDL, POOL, _fill, 100, 54))
L = "(SELECT d.name FROM dept AS d WHERE d.id = e.dept_id)"
B = "(SELECT d.budget FROM dept AS d WHERE d.id = e.dept_id)"
BF = "(SELECT d.budget FROM dept AS d WHERE d.id = e.dept_id AND d.budget > 1)"
EQUAL = [
    (f"SELECT n, COUNT(*) FROM (SELECT {L} AS n FROM emp AS e) AS t GROUP BY n",
     "SELECT d.name, COUNT(*) FROM emp AS e LEFT JOIN dept AS d ON d.id = e.dept_id GROUP BY d.name"),
    (f"SELECT {L}, COUNT(*) FROM emp AS e GROUP BY {L}",
     "SELECT d.name, COUNT(*) FROM emp AS e LEFT JOIN dept AS d ON d.id = e.dept_id GROUP BY d.name"),
    (f"SELECT e.city, SUM({B}), AVG({B}), MIN({B}) FROM emp AS e GROUP BY e.city",
     "SELECT e.city, SUM(d.budget), AVG(d.budget), MIN(d.budget) FROM emp AS e "
     "LEFT JOIN dept AS d ON d.id = e.dept_id GROUP BY e.city"),
    (f"SELECT e.city, COUNT(DISTINCT {BF}) FROM emp AS e GROUP BY e.city",
     "SELECT e.city, COUNT(DISTINCT d.budget) FROM emp AS e LEFT JOIN dept AS d ON d.id = e.dept_id "
     "AND d.budget > 1 GROUP BY e.city"),
    (f"SELECT SUM({B} * e.age) FROM emp AS e WHERE e.city = 'a'",
     "SELECT SUM(d.budget * e.age) FROM emp AS e LEFT JOIN dept AS d ON d.id = e.dept_id WHERE e.city = 'a'"),
    (f"SELECT COALESCE(n, 'none'), COUNT(*) FROM (SELECT {L} AS n FROM emp AS e) AS t "
     "GROUP BY COALESCE(n, 'none') HAVING COUNT(*) > 1",
     "SELECT COALESCE(d.name, 'none'), COUNT(*) FROM emp AS e LEFT JOIN dept AS d ON d.id = e.dept_id "
     "GROUP BY COALESCE(d.name, 'none') HAVING COUNT(*) > 1"),
    (f"SELECT e.city FROM emp AS e WHERE {B} > 2 GROUP BY e.city HAVING MAX({B}) > 1",
     "SELECT e.city FROM emp AS e JOIN dept AS d ON d.id = e.dept_id WHERE d.budget > 2 GROUP BY e.city HAVING MAX(d.budget) > 1"),
    ("SELECT h, COUNT(*) FROM (SELECT (SELECT p.hours FROM proj AS p WHERE p.title = n.b) AS h FROM note AS n) AS t GROUP BY h",
     "SELECT p.hours, COUNT(*) FROM note AS n LEFT JOIN proj AS p ON p.title = n.b GROUP BY p.hours"),
    ("SELECT e.city, COUNT(t.emp_id) FROM emp AS e LEFT JOIN (SELECT DISTINCT emp_id FROM proj WHERE hours > 0) AS t "
     "ON t.emp_id = e.id GROUP BY e.city",
     "SELECT e.city, SUM(CASE WHEN EXISTS (SELECT 1 FROM proj AS p WHERE p.emp_id = e.id AND p.hours > 0) "
     "THEN 1 ELSE 0 END) FROM emp AS e GROUP BY e.city"),
    ("SELECT e.city, COUNT(*) - COUNT(t.emp_id) FROM emp AS e LEFT JOIN (SELECT DISTINCT emp_id FROM proj) AS t "
     "ON t.emp_id = e.id GROUP BY e.city",
     "SELECT e.city, SUM(CASE WHEN EXISTS (SELECT 1 FROM proj AS p WHERE p.emp_id = e.id) THEN 0 ELSE 1 END) "
     "FROM emp AS e GROUP BY e.city"),
    ("SELECT n.a, COUNT(t.hours) FROM note AS n LEFT JOIN (SELECT DISTINCT hours, title FROM proj) AS t "
     "ON t.hours = n.a AND t.title = n.b GROUP BY n.a",
     "SELECT n.a, COUNT(CASE WHEN EXISTS (SELECT 1 FROM proj AS p WHERE p.hours = n.a AND p.title = n.b) THEN 1 END) "
     "FROM note AS n GROUP BY n.a"),
    ("SELECT e.city, COUNT(DISTINCT p.emp_id), COUNT(DISTINCT e.age), MAX(e.age) FROM emp AS e "
     "LEFT JOIN proj AS p ON p.emp_id = e.id AND p.hours > 0 GROUP BY e.city",
     "SELECT e.city, SUM(CASE WHEN EXISTS (SELECT 1 FROM proj AS p WHERE p.emp_id = e.id AND p.hours > 0) "
     "THEN 1 ELSE 0 END), COUNT(DISTINCT e.age), MAX(e.age) FROM emp AS e GROUP BY e.city"),
    ("SELECT p.hours, COUNT(DISTINCT n.b) FROM proj AS p LEFT JOIN note AS n ON n.b = p.title GROUP BY p.hours",
     "SELECT p.hours, COUNT(CASE WHEN EXISTS (SELECT 1 FROM note AS n WHERE n.b = p.title) THEN 1 END) "
     "FROM proj AS p GROUP BY p.hours"),
    ("SELECT n.c FROM note AS n WHERE COALESCE(n.a, 41) > 40", "SELECT n.c FROM note AS n WHERE n.a IS NULL OR n.a > 40"),
    ("SELECT COALESCE(n.a, 0) <> 1, 2 >= COALESCE(n.a, 3), n.c FROM note AS n",
     "SELECT n.a IS NULL OR n.a <> 1, 2 >= n.a AND n.a IS NOT NULL, n.c FROM note AS n"),
    ("SELECT n.a, COUNT(t.hours) FROM note AS n LEFT JOIN (SELECT DISTINCT hours FROM proj) AS t ON t.hours = n.b GROUP BY n.a",
     "SELECT n.a, COUNT(CASE WHEN EXISTS (SELECT 1 FROM proj AS p WHERE p.hours = n.b) THEN 1 END) FROM note AS n GROUP BY n.a"),
]
NEAR = [
    # the key converted: '1' and '01' of the untyped c both match the INTEGER a
    ("SELECT n.a, COUNT(t.c) FROM note AS n LEFT JOIN (SELECT DISTINCT c FROM note) AS t ON t.c = n.a GROUP BY n.a",
     "SELECT n.a, COUNT(CASE WHEN EXISTS (SELECT 1 FROM note AS m WHERE m.c = n.a) THEN 1 END) FROM note AS n GROUP BY n.a"),
    # a distinct count of a column equated with no key of the left table (dept_id repeats)
    ("SELECT e.city, COUNT(DISTINCT d.id) FROM emp AS e LEFT JOIN dept AS d ON d.id = e.dept_id GROUP BY e.city",
     "SELECT e.city, COUNT(CASE WHEN EXISTS (SELECT 1 FROM dept AS d WHERE d.id = e.dept_id) THEN 1 END) "
     "FROM emp AS e GROUP BY e.city"),
    # the key converted: titles '1' and '01' both equal the INTEGER a = 1
    ("SELECT p.hours, COUNT(DISTINCT n.a) FROM proj AS p LEFT JOIN note AS n ON n.a = p.title GROUP BY p.hours",
     "SELECT p.hours, COUNT(CASE WHEN EXISTS (SELECT 1 FROM note AS n WHERE n.a = p.title) THEN 1 END) "
     "FROM proj AS p GROUP BY p.hours"),
    # a lookup on no key (emp_id repeats)
    ("SELECT h, COUNT(*) FROM (SELECT (SELECT p.hours FROM proj AS p WHERE p.emp_id = n.a) AS h FROM note AS n) AS t GROUP BY h",
     "SELECT p.hours, COUNT(*) FROM note AS n LEFT JOIN proj AS p ON p.emp_id = n.a GROUP BY p.hours"),
    # the constant fails the test: a NULL a is not kept
    ("SELECT n.c FROM note AS n WHERE COALESCE(n.a, 0) > 5", "SELECT n.c FROM note AS n WHERE n.a IS NULL OR n.a > 5"),
    # an indicator of a condition that may be NULL
    ("SELECT e.city, SUM(CASE WHEN e.age > 1 THEN 0 ELSE 1 END) FROM emp AS e GROUP BY e.city",
     "SELECT e.city, SUM(CASE WHEN NOT e.age > 1 THEN 1 ELSE 0 END) FROM emp AS e GROUP BY e.city"),
]


def _form(sql):
    return canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag")


def _bag(con, sql):
    return Counter(tuple((type(v).__name__, v) for v in row) for row in con.execute(sql).fetchall())


@pytest.mark.parametrize(("gold", "pred"), EQUAL)
def test_one_form_and_sqlite_agrees(gold, pred):
    assert _form(gold) == _form(pred)
    for con in DATABASES:
        assert _bag(con, gold) == _bag(con, pred), [con.execute(f"SELECT * FROM {t}").fetchall()
                                                     for t in ("dept", "emp", "proj", "note")]


@pytest.mark.parametrize(("gold", "pred"), NEAR)
def test_near_misses_keep_two_forms_and_sqlite_separates_them(gold, pred):
    assert _form(gold) != _form(pred)
    assert any(_bag(con, gold) != _bag(con, pred) for con in DATABASES)
