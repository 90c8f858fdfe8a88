"""``canon/eager.py`` (``lazy_join_aggregation``, ``lazy_union_aggregation``) against SQLite.

A grid of eager queries (a partial aggregate of ``s`` or of the untyped ``v`` grouped by its
join column, joined to ``r``, read by an outer aggregate, grouped by a column of ``r``, by
the partial key or not at all) is canonicalized beside a grid of lazy queries over the plain
join; whenever two get one canonical form, both run in ``sqlite3`` on random small databases
(empty tables, repeated rows, NULLs, 1 beside 1.0, numeric text, text in INTEGER columns,
BLOBs in an untyped column) and must return the same bag of rows. The reals are halves, so
sums added in another grouping are exact here (the proofs state ``exact_reals`` otherwise).
"""

from __future__ import annotations

import functools
import itertools
import random
import sqlite3
from collections import Counter

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical, without
from sqlverdict.schema import from_ddl

DDL = "CREATE TABLE r (a INT, b TEXT, x INT); CREATE TABLE s (c INT, d TEXT, y INT); CREATE TABLE v (k, w INT);"
SCHEMA = from_ddl(DDL)
POOL = {"a": [None, 0, 1, 2], "b": [None, "p", "1"], "x": [None, 1, 2, 2.5, "p"],
        "c": [None, 0, 1, 2], "d": [None, "p", "1"], "y": [None, 1, 3, 0.5, "q"],
        "k": [None, 1, 1.0, "1", "p", b"p"], "w": [None, 1, 2]}
COLUMNS = {"r": ("a", "b", "x"), "s": ("c", "d", "y"), "v": ("k", "w")}
# (table, its join column, its value column, the r column it meets)
SIDES = [("s", "c", "y", "a"), ("s", "d", "y", "b"), ("v", "k", "w", "a")]
PARTIALS = ["COUNT(*)", "SUM({y})", "COUNT({y})", "MIN({y})", "MAX({y})", "AVG({y})"]
OUTER = ["SUM(g.p)", "MIN(g.p)", "MAX(g.p)", "SUM(r.x * g.p)", "SUM(g.p * r.x)", "COUNT(*)",
         "SUM(r.x)", "MIN(r.x)", "COUNT(DISTINCT r.x)", "AVG(g.p)", "COUNT(g.p)"]
LAZY = ["SUM(t.{y})", "MIN(t.{y})", "MAX(t.{y})", "COUNT(*)", "COUNT(t.{y})", "SUM(r.x)",
        "MIN(r.x)", "COUNT(DISTINCT r.x)", "AVG(t.{y})", "SUM(r.x * t.{y})"]
# (select prefix, GROUP BY) of the eager query, then of the lazy one
GROUPS = [("r.b, ", " GROUP BY r.b", "r.b, ", " GROUP BY r.b"),
          ("g.key, ", " GROUP BY g.key", "t.{k}, ", " GROUP BY t.{k}"),
          ("", "", "", "")]


def _form(sql, rules=None):
    q = ir.lower(sql, SCHEMA).query
    return canonical(q, SCHEMA, "bag") if rules is None else canonical(q, SCHEMA, "bag", rules)


def _eager(side, partial, outer, group):
    t, k, y, a = side
    inner = f"SELECT {k} AS key, {partial.format(y=y)} AS p FROM {t} GROUP BY {k}"
    return f"SELECT {group[0]}{outer} FROM r JOIN ({inner}) AS g ON g.key = r.{a}{group[1]}"


def _lazy(side, agg, group):
    t, k, y, a = side
    head = group[2].format(k=k)
    return f"SELECT {head}{agg.format(y=y)} FROM r JOIN {t} AS t ON t.{k} = r.{a}{group[3].format(k=k)}"


def _database(rng):
    con = sqlite3.connect(":memory:")
    con.executescript(DDL)
    for table, cols in COLUMNS.items():
        for _ in range(rng.randrange(4)):
            row = [rng.choice(POOL[c]) for c in cols]
            con.execute(f"INSERT INTO {table} VALUES ({', '.join('?' * len(cols))})", row)
    return con


def _bag(con, sql):
    return Counter(tuple(row) for row in con.execute(sql).fetchall())


@functools.cache
def _equated() -> tuple:
    pairs = []
    for side, group in itertools.product(SIDES, GROUPS):
        lazy = {}
        for agg in LAZY:
            sql = _lazy(side, agg, group)
            lazy[_form(sql)] = sql
        for partial, outer in itertools.product(PARTIALS, OUTER):
            sql = _eager(side, partial, outer, group)
            match = lazy.get(_form(sql))
            if match is not None:
                pairs.append((sql, match))
    return tuple(pairs)


def test_equated_eager_and_lazy_queries_agree_in_sqlite():
    pairs = _equated()
    assert len(pairs) >= 20, "the laws equate the grid's eager queries with lazy ones"
    assert not any("v AS t" in lazy and "GROUP BY t.k" in lazy for _, lazy in pairs), \
        "a key without affinity (1 beside 1.0 in one group) is read as a value"
    rng = random.Random(7)
    for gold, pred in pairs:
        for _ in range(60):
            con = _database(rng)
            assert _bag(con, gold) == _bag(con, pred), (gold, pred, con.execute("SELECT * FROM v").fetchall())


def test_the_law_is_what_equates_most_of_them():
    off = without("lazy_join_aggregation")
    own = [(g, p) for g, p in _equated() if _form(g, off) != _form(p, off)]
    assert len(own) >= 15, "other rules equate the grid's pairs (the blind aggregates of r)"


def test_a_key_without_affinity_holds_two_forms_of_one_group():
    """1 and 1.0 in the untyped ``v.k`` are one group of ``GROUP BY k``, whose one key
    value stands for both: the rule leaves a query reading that key's form alone."""
    gold = ("SELECT g.key || '', SUM(g.p) FROM r JOIN (SELECT w, k AS key, COUNT(*) AS p FROM v "
            "GROUP BY w, k) AS g ON g.w = r.a GROUP BY g.key || ''")
    pred = "SELECT t.k || '', COUNT(*) FROM r JOIN v AS t ON t.w = r.a GROUP BY t.k || ''"
    assert _form(gold) != _form(pred)
    con = sqlite3.connect(":memory:")
    con.executescript(DDL + "INSERT INTO r VALUES (1, 'p', 1); INSERT INTO v VALUES (1, 1), (1.0, 1);")
    assert _bag(con, gold) != _bag(con, pred)


def test_union_of_grouped_and_plain_operands_agrees_in_sqlite():
    cases = [
        ("SELECT u.key, SUM(u.n) FROM (SELECT c AS key, COUNT(*) AS n FROM s GROUP BY c "
         "UNION ALL SELECT a, 1 FROM r) AS u GROUP BY u.key",
         "SELECT u.key, COUNT(*) FROM (SELECT c AS key FROM s UNION ALL SELECT a FROM r) AS u GROUP BY u.key"),
        ("SELECT u.key, SUM(u.n), MAX(u.m) FROM (SELECT d AS key, SUM(y) AS n, MAX(y) AS m FROM s "
         "GROUP BY d UNION ALL SELECT b, x, x FROM r) AS u GROUP BY u.key",
         "SELECT u.key, SUM(u.n), MAX(u.m) FROM (SELECT d AS key, y AS n, y AS m FROM s "
         "UNION ALL SELECT b, x, x FROM r) AS u GROUP BY u.key"),
        ("SELECT MIN(u.m) FROM (SELECT MIN(y) AS m FROM s UNION ALL SELECT x FROM r) AS u",
         "SELECT MIN(u.m) FROM (SELECT y AS m FROM s UNION ALL SELECT x FROM r) AS u"),
    ]
    rng = random.Random(11)
    off = without("lazy_union_aggregation")
    for gold, pred in cases:
        assert _form(gold) == _form(pred)
        assert _form(gold, off) != _form(pred, off)
        for _ in range(100):
            con = _database(rng)
            assert _bag(con, gold) == _bag(con, pred), (gold, pred)


# one grouped source alone (i41c): the outer aggregates over its partial rows, grouped by
# its key or not at all, beside the same aggregates over the rows
ALONE = ["SUM(g.p)", "MIN(g.p)", "MAX(g.p)", "SUM(g.p * g.key)", "SUM(g.key * g.p)", "COUNT(*)",
         "COUNT(g.p)", "AVG(g.p)", "MAX(g.key)"]
ALONE_LAZY = ["SUM(t.{y})", "MIN(t.{y})", "MAX(t.{y})", "SUM(t.{y} * t.{k})", "COUNT(*)",
              "COUNT(t.{y})", "AVG(t.{y})", "MAX(t.{k})"]


def test_one_grouped_source_read_as_its_rows_agrees_in_sqlite():
    pairs = []
    for (t, k, y, _), by in itertools.product((SIDES[0], SIDES[2]), (True, False)):
        head, tail = ("g.key, ", " GROUP BY g.key") if by else ("", "")
        lazy = {}
        for agg in ALONE_LAZY:
            sql = (f"SELECT {'t.' + k + ', ' if by else ''}{agg.format(y=y, k=k)} FROM {t} AS t"
                   f"{' GROUP BY t.' + k if by else ''}")
            lazy[_form(sql)] = sql
        for partial, outer in itertools.product(PARTIALS, ALONE):
            inner = f"SELECT {k} AS key, {partial.format(y=y)} AS p FROM {t} GROUP BY {k}"
            sql = f"SELECT {head}{outer} FROM ({inner}) AS g{tail}"
            if (match := lazy.get(_form(sql))) is not None:
                pairs.append((sql, match))
    assert any("g.p * g.key" in g and "SUM(y)" in g for g, _ in pairs), "the distributive law"
    assert not any("COUNT(*) FROM (" in g and "COUNT(*) AS p" not in g for g, _ in pairs)
    rng = random.Random(5)
    for gold, pred in pairs:
        for _ in range(15):
            con = _database(rng)
            assert _bag(con, gold) == _bag(con, pred), (gold, pred)


def test_an_item_of_the_grouping_that_is_no_key_is_not_read_off_the_rows():
    """``SUM(g.a * g.n)`` with ``a`` an AVG of the group (no partial the rows hold, no key):
    the law leaves it (its rows had read ``a`` as NULL, and met ``SUM(NULL)``)."""
    gold = ("SELECT r.b, SUM(g.a * g.n) FROM r JOIN (SELECT c AS key, AVG(y) AS a, COUNT(*) AS n "
            "FROM s GROUP BY c) AS g ON g.key = r.a GROUP BY r.b")
    wrong = "SELECT r.b, SUM(NULL) FROM r JOIN s ON s.c = r.a GROUP BY r.b"
    assert _form(gold) != _form(wrong)
    con = sqlite3.connect(":memory:")
    con.executescript(DDL + "INSERT INTO r VALUES (1, 'p', 1); INSERT INTO s VALUES (1, 'p', 3);")
    assert _bag(con, gold) != _bag(con, wrong)
