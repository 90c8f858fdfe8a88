"""``canon/present_values.py`` (``null_test_of_present_value``, ``constant_extremum_default``)
against SQLite itself.

Random aggregates with a NULL test of a column inside (``CASE WHEN x IS NULL ..``, ``x IS NOT
NULL`` as a value) under random WHERE clauses (comparisons, IS, IS NOT, IS NOT NULL, OR) and
joins (inner, LEFT: a NOT NULL column padded) are canonicalized beside the same query with
the test replaced by its constant (FALSE, TRUE); whenever the two get one canonical form, both
run in ``sqlite3`` on random databases (NULLs, empty tables, BLOBs, numeric text) and must
return the same bag of rows. Some must meet (the rule fires), and some must not (the tests
the WHERE does not decide).
"""

from __future__ import annotations

import random

from tests.helpers.unbounded import bag_separated, palette_databases

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

DDL = ("CREATE TABLE p (id INTEGER PRIMARY KEY, n TEXT NOT NULL, v INT);"
       "CREATE TABLE c (pid INT, m TEXT, w INT NOT NULL);")
SCHEMA = from_ddl(DDL)
POOL = [0, 1, 2, "1", "a", "b", b"a", 2.5]


def _fill(con, rng, pick):
    for i in rng.sample(range(1, 6), rng.randint(0, 4)):
        con.execute("INSERT INTO p VALUES (?, ?, ?)", (i, rng.choice(["a", "b", 1]), pick()))
    for _ in range(rng.randint(0, 5)):
        con.execute("INSERT INTO c VALUES (?, ?, ?)", (rng.choice([1, 2, 3, None]), pick(),
                                                       rng.choice([0, 1, 2])))


DATABASES = list(palette_databases(DDL, POOL, _fill, 200, 52))
SOURCES = ["p JOIN c ON c.pid = p.id", "p LEFT JOIN c ON c.pid = p.id", "c", "p"]
COLUMNS = {"p JOIN c ON c.pid = p.id": ["p.v", "c.m", "c.w", "p.n"],
           "p LEFT JOIN c ON c.pid = p.id": ["p.v", "c.m", "c.w", "p.n"],
           "c": ["c.m", "c.w", "c.pid"], "p": ["p.v", "p.n"]}
WHERES = ["", "{x} > 0", "{x} IS NOT NULL", "{x} IS NOT 'a'", "{x} IS 'a'", "{x} = 'a' OR 1 = 1",
          "NOT {x} IS NULL AND {y} < 5", "{y} <> 1"]
TESTS = [("COUNT(CASE WHEN {x} IS NULL THEN 1 END)", "COUNT(CASE WHEN 0 = 1 THEN 1 END)"),
         ("COUNT(DISTINCT {x}) + COALESCE(MAX(CASE WHEN {x} IS NULL THEN 1 ELSE 0 END), 0)",
          "COUNT(DISTINCT {x})"),
         ("SUM({x} IS NOT NULL)", "SUM(1)"),
         ("MAX(CASE WHEN {x} IS NOT NULL THEN {y} END)", "MAX({y})")]


def _cases(n=120):
    rng = random.Random(52)
    out = []
    for _ in range(n):
        src = rng.choice(SOURCES)
        x, y = rng.choice(COLUMNS[src]), rng.choice(COLUMNS[src])
        where = rng.choice(WHERES).format(x=x, y=y)
        a, b = rng.choice(TESTS)
        w = f" WHERE {where}" if where else ""
        group = rng.choice(["", f" GROUP BY {y}"])
        keys = f"{y}, " if group else ""
        out.append((f"SELECT {keys}{a.format(x=x, y=y)} FROM {src}{w}{group}",
                    f"SELECT {keys}{b.format(x=x, y=y)} FROM {src}{w}{group}"))
    return out


def _form(sql):
    return canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag")


def test_tests_read_as_constants_only_where_sqlite_agrees():
    met = apart = 0
    for gold, pred in _cases():
        if _form(gold) == _form(pred):
            met += 1
            assert not bag_separated(DATABASES, gold, pred), (gold, pred)
        else:
            apart += 1
    assert met >= 20 and apart >= 20, (met, apart)


def test_a_padded_not_null_column_may_be_null():
    gold = "SELECT COUNT(CASE WHEN c.w IS NULL THEN 1 END) FROM p LEFT JOIN c ON c.pid = p.id"
    pred = "SELECT COUNT(CASE WHEN 0 = 1 THEN 1 END) FROM p LEFT JOIN c ON c.pid = p.id"
    assert _form(gold) != _form(pred)
    assert bag_separated(DATABASES, gold, pred)
