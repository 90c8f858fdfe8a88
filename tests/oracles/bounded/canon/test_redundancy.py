"""The laws of ``canon/redundancy.py`` (``grouped_union``, ``distinct_of_groups``,
``deduplicated_operands``, ``derived_grouping_as_distinct``,
``rolled_up_keys``) against SQLite itself.

Each law instance gets one canonical form (and two without its rule); both queries run in
``sqlite3`` on random small databases (empty tables, repeated rows, NULLs, integers beside
equal reals, numeric text, text of two cases and a BLOB in an untyped column) and must
return the same bag of rows. Near misses keep two forms, and SQLite separates them.
"""

from __future__ import annotations

import random
import sqlite3
from collections import Counter

import pytest

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical, without
from sqlverdict.schema import from_ddl

DDL = ("CREATE TABLE r (a INT, b TEXT);"
       "CREATE TABLE s (c INT, d TEXT);"
       "CREATE TABLE v (x, y);")
SCHEMA = from_ddl(DDL)
POOL = {"a": [None, 0, 1, 2], "c": [None, 0, 1, 2], "b": [None, "p", "P", "1"],
        "d": [None, "p", "P", "1"],
        "x": [None, 1, 1.0, 2, 2.5, "1", "p", b"p"], "y": [None, 1, "p", b"p"]}
COLUMNS = {"r": ("a", "b"), "s": ("c", "d"), "v": ("x", "y")}

# (name, rule, gold, pred): the rule equates them; without it they differ
LAWS = [
    ("union-as-grouping", "grouped_union",
     "SELECT u.c0 FROM (SELECT x AS c0 FROM v UNION ALL SELECT a FROM r) AS u GROUP BY u.c0",
     "SELECT x FROM v UNION SELECT a FROM r"),
    ("union-as-grouping-two-columns", "grouped_union",
     "SELECT u.p, u.q FROM (SELECT x AS p, y AS q FROM v UNION ALL SELECT c, d FROM s "
     "UNION ALL SELECT a, b FROM r) AS u GROUP BY u.q, u.p",
     "SELECT x, y FROM v UNION SELECT c, d FROM s UNION SELECT a, b FROM r"),
    ("distinct-over-groups", "distinct_of_groups",
     "SELECT DISTINCT g.x, g.n FROM (SELECT x, COUNT(*) AS n FROM v GROUP BY x) AS g",
     "SELECT x, COUNT(*) FROM v GROUP BY x"),
    ("distinct-over-two-keys-and-a-filter", "distinct_of_groups",
     "SELECT DISTINCT g.m, g.y, g.x FROM (SELECT x, y, MAX(x) AS m FROM v GROUP BY y, x) AS g",
     "SELECT MAX(x), y, x FROM v GROUP BY y, x"),
    ("max-over-a-filtered-grouping", "derived_grouping_as_distinct",
     "SELECT g.x, MAX(g.y) FROM (SELECT x, y FROM v GROUP BY x, y HAVING x <> 'p') AS g "
     "GROUP BY g.x",
     "SELECT x, MAX(y) FROM v WHERE x <> 'p' GROUP BY x"),
    ("min-and-count-distinct-over-a-filtered-grouping", "derived_grouping_as_distinct",
     "SELECT MIN(g.x), COUNT(DISTINCT g.y) FROM (SELECT x, y FROM v GROUP BY y, x "
     "HAVING y IS NOT NULL AND x > 0) AS g",
     "SELECT MIN(x), COUNT(DISTINCT y) FROM v WHERE y IS NOT NULL AND x > 0"),
    ("count-of-an-extra-key-and-max-of-maxes", "rolled_up_keys",
     "SELECT g.b, COUNT(g.x), MAX(g.m) FROM (SELECT b, x, MAX(a) AS m FROM r, v "
     "GROUP BY b, x) AS g GROUP BY g.b",
     "SELECT b, COUNT(DISTINCT x), MAX(a) FROM r, v GROUP BY b"),
    ("min-and-count-distinct-of-keys", "rolled_up_keys",
     "SELECT g.y, MIN(g.x), COUNT(DISTINCT g.a) FROM (SELECT y, x, a, MIN(b) AS m FROM r, v "
     "GROUP BY y, x, a) AS g GROUP BY g.y",
     "SELECT y, MIN(x), COUNT(DISTINCT a) FROM r, v GROUP BY y"),
    ("union-all-under-union", "deduplicated_operands",
     "SELECT x FROM v UNION ALL SELECT a FROM r UNION SELECT c FROM s",
     "SELECT x FROM v UNION SELECT a FROM r UNION SELECT c FROM s"),
    ("union-all-under-intersect", "deduplicated_operands",
     "SELECT x, y FROM v UNION ALL SELECT a, b FROM r INTERSECT SELECT c, d FROM s",
     "SELECT x, y FROM v UNION SELECT a, b FROM r INTERSECT SELECT c, d FROM s"),
    ("union-all-under-except", "deduplicated_operands",
     "SELECT y FROM v UNION ALL SELECT b FROM r EXCEPT SELECT d FROM s",
     "SELECT y FROM v UNION SELECT b FROM r EXCEPT SELECT d FROM s"),
]

# (name, gold, pred, a database SQLite separates them on)
NEAR_MISSES = [
    ("grouping-by-a-column-not-read",
     "SELECT u.p FROM (SELECT x AS p, y AS q FROM v UNION ALL SELECT a, b FROM r) AS u "
     "GROUP BY u.p, u.q",
     "SELECT x FROM v UNION SELECT a FROM r",
     {"v": [(1, "p"), (1, "q")]}),
    ("distinct-over-groups-without-their-key",
     "SELECT DISTINCT g.n FROM (SELECT x, COUNT(*) AS n FROM v GROUP BY x) AS g",
     "SELECT COUNT(*) FROM v GROUP BY x",
     {"v": [(1, None), (2, None)]}),
    ("distinct-over-a-key-read-through-an-expression",
     "SELECT DISTINCT g.x + 0, g.n FROM (SELECT x, COUNT(*) AS n FROM v GROUP BY x) AS g",
     "SELECT x + 0, COUNT(*) FROM v GROUP BY x",
     {"v": [("p", None), ("q", None)]}),
    ("sum-reads-the-repeats-a-grouping-removed",
     "SELECT SUM(g.a) FROM (SELECT a, b FROM r GROUP BY a, b HAVING a > 0) AS g",
     "SELECT SUM(a) FROM r WHERE a > 0",
     {"r": [(1, None), (1, None)]}),
    ("count-of-a-key-among-two-extra-keys",
     "SELECT g.y, COUNT(g.x) FROM (SELECT y, x, a, MIN(b) AS m FROM r, v GROUP BY y, x, a) AS g "
     "GROUP BY g.y",
     "SELECT y, COUNT(DISTINCT x) FROM r, v GROUP BY y",
     {"v": [(1, "p")], "r": [(1, None), (2, None)]}),
    ("union-all-under-union-all",
     "SELECT x FROM v UNION ALL SELECT a FROM r UNION ALL SELECT c FROM s",
     "SELECT x FROM v UNION SELECT a FROM r UNION ALL SELECT c FROM s",
     {"v": [(1, None)], "r": [(1, None)]}),
]


def _form(sql, rules=None):
    q = ir.lower(sql, SCHEMA).query
    return canonical(q, SCHEMA, "bag") if rules is None else canonical(q, SCHEMA, "bag", rules)


def _random_tables(rng):
    return {t: [tuple(rng.choice(POOL[c]) for c in cols) for _ in range(rng.randint(0, 4))]
            for t, cols in COLUMNS.items()}


def _database(tables):
    con = sqlite3.connect(":memory:")
    con.executescript(DDL)
    for t, rows in tables.items():
        con.executemany(f"INSERT INTO {t} VALUES (?, ?)", rows)
    return con


def _bag(con, sql):
    return Counter(con.execute(sql).fetchall())


@pytest.mark.parametrize("law", LAWS, ids=lambda law: law[0])
def test_the_rule_alone_equates_the_pair(law):
    _, rule, gold, pred = law
    assert _form(gold) == _form(pred)
    assert _form(gold, without(rule)) != _form(pred, without(rule))


@pytest.mark.parametrize("law", LAWS, ids=lambda law: law[0])
def test_the_pair_agrees_on_random_sqlite_databases(law):
    name, _, gold, pred = law
    rng = random.Random(name)
    for _ in range(400):
        tables = _random_tables(rng)
        con = _database(tables)
        assert _bag(con, gold) == _bag(con, pred), tables


@pytest.mark.parametrize("miss", NEAR_MISSES, ids=lambda m: m[0])
def test_near_misses_keep_their_forms_and_sqlite_separates_them(miss):
    _, gold, pred, tables = miss
    assert _form(gold) != _form(pred)
    con = _database(tables)
    assert _bag(con, gold) != _bag(con, pred)
