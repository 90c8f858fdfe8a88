"""``canon/chained_left_sums.py`` (``chained_join_as_subquery``), ``canon/filtered_aggregates.py``
(``case_filter_as_where``) and ``canon/total_sums.py`` (``total_of_reals``) against SQLite.

Chains of LEFT JOINs grouped by the first table's key (one to three tables after it, ON
clauses with extra filters, a WHERE on the first table, HAVING) are canonicalized beside
their per-row form (each aggregate of the last table a correlated subquery over the inner
chain, the conditional aggregates of it as a WHERE, COALESCE(SUM, 0.0) of reals as TOTAL);
where the forms meet, both run in ``sqlite3`` on random databases (NULLs, duplicates in the
join columns, empty tables; typed values, as the sums' laws are of the typed domain) and
must return the same bag of rows. The near misses (COUNT(*) of the chain, an aggregate of a
table before the last, a second child of the first table, a later ON that keeps padded
rows, a grouped conditional aggregate, an integer 0 for TOTAL's 0.0) keep their own forms,
and SQLite tells each apart from the per-row reading.
"""

from __future__ import annotations

import random

import pytest
from tests.helpers.unbounded import bag_separated

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical, without
from sqlverdict.schema import from_ddl

DDL = ("CREATE TABLE x (id INTEGER PRIMARY KEY, g TEXT);"
       "CREATE TABLE a (aid INT NOT NULL PRIMARY KEY, xid INT, k INT, r REAL);"
       "CREATE TABLE b (bid INT NOT NULL PRIMARY KEY, aid INT, c INT, r REAL, t TEXT);"
       "CREATE TABLE c (cid INT NOT NULL PRIMARY KEY, bid INT, n INT, r REAL);")
SCHEMA = from_ddl(DDL)


def _databases(n: int, seed: int):
    import sqlite3

    rng = random.Random(seed)
    out = []
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(DDL)
        ids = lambda m: rng.choice([None, *range(1, m + 1)])  # noqa: E731 (a join column)
        num = lambda: rng.choice([None, 0, 1, 2, -3, 7])  # noqa: E731
        real = lambda: rng.choice([None, 0.5, 1.25, -2.0, 3.0])  # noqa: E731
        for i in rng.sample(range(1, 5), rng.randint(0, 4)):
            con.execute("INSERT INTO x VALUES (?, ?)", (i, rng.choice([None, "p", "q"])))
        for i in range(rng.randint(0, 5)):
            con.execute("INSERT INTO a VALUES (?, ?, ?, ?)", (i, ids(4), num(), real()))
        for i in range(rng.randint(0, 6)):
            con.execute("INSERT INTO b VALUES (?, ?, ?, ?, ?)",
                        (i, ids(4), num(), real(), rng.choice([None, "u", "v"])))
        for i in range(rng.randint(0, 5)):
            con.execute("INSERT INTO c VALUES (?, ?, ?, ?)", (i, ids(5), num(), real()))
        out.append(con)
    return out


DATABASES = _databases(80, 53)
POOL = [1, 1.0, "1", "a", b"a", 2.5, -1, 0]


def _mixed(n: int, seed: int):
    """Databases of the sqlite domain: any storage class in any column (1 beside 1.0 and
    '1' in the join columns, BLOBs), for the laws stated there (COUNT, MIN/MAX)."""
    import sqlite3

    rng = random.Random(seed)
    out = []
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(DDL)
        pick = lambda: rng.choice(POOL + [None])  # noqa: E731
        for i in rng.sample(range(1, 4), rng.randint(0, 3)):
            con.execute("INSERT INTO x VALUES (?, ?)", (i, pick()))
        for t, m in (("a", 4), ("b", 5), ("c", 4)):
            for i in range(rng.randint(0, 4)):
                con.execute(f"INSERT INTO {t} VALUES ({', '.join('?' * m)})", (i, *(pick() for _ in range(m - 1))))
        out.append(con)
    return out


MIXED = _mixed(60, 54)
# the chain's links after x: (table, its ON with {prev} the table before, extra filters)
LINKS = [("a", "a.xid = x.id", ["", " AND a.k > 0", " AND a.k IS NOT NULL"]),
         ("b", "b.aid = a.aid", ["", " AND b.t = 'u'", " AND b.c <> a.k"]),
         ("c", "c.bid = b.bid", ["", " AND c.n >= 0"])]
# aggregates of the last table's alias {t}: (join's, per-row subquery's)
AGGS = ["COUNT({t}.r)", "SUM({t}.r)", "TOTAL({t}.r * 2)", "AVG({t}.r)", "MIN({t}.r)",
        "MAX({t}.r)", "COUNT(DISTINCT {t}.r)", "SUM(CASE WHEN {t}.r > 0 THEN {t}.r END)"]


def _form(sql, typed=True, rules=None):
    q = ir.lower(sql, SCHEMA).query
    if rules is None:
        return canonical(q, SCHEMA, "bag", typed=typed)
    return canonical(q, SCHEMA, "bag", rules, typed=typed)


def _pair(n, ons, aggs, where="", having=""):
    """The grouped chain of ``n`` links and its per-row form."""
    links = LINKS[:n]
    last = links[-1][0]
    joins = " ".join(f"LEFT JOIN {t} ON {on}{f}" for (t, on, _), f in zip(links, ons, strict=True))
    inner = links[0][0] + "".join(f" JOIN {t} ON {on}{f}" for (t, on, _), f
                                   in zip(links[1:], ons[1:], strict=True))
    sub = f"FROM {inner} WHERE {links[0][1]}{ons[0]}"
    outs = [a.format(t=last) for a in aggs]
    subs = [f"(SELECT {o} {sub})" for o in outs]
    w = f" WHERE {where}" if where else ""
    gold = (f"SELECT x.id, x.g, {', '.join(outs)} FROM x {joins}{w} GROUP BY x.id, x.g"
            + (f" HAVING {having.format(outs[0])}" if having else ""))
    cond = " AND ".join(c for c in (where, having.format(subs[0]) if having else "") if c)
    pred = f"SELECT x.id, x.g, {', '.join(subs)} FROM x" + (f" WHERE {cond}" if cond else "")
    return gold, pred


def _cases():
    rng = random.Random(53)
    out = []
    for i in range(10):
        n = 1 + i % 3
        ons = [rng.choice(f) for _, _, f in LINKS[:n]]
        aggs = rng.sample(AGGS, rng.randint(1, 2))
        out.append(_pair(n, ons, aggs, rng.choice(["", "x.g IS NOT NULL"]),
                         rng.choice(["", "{0} IS NOT NULL"])))
    return out


@pytest.mark.parametrize("gold,pred", _cases())
def test_chain_meets_its_per_row_form_and_sqlite_agrees(gold, pred):
    assert _form(gold) == _form(pred)
    assert not bag_separated(DATABASES, gold, pred)


def test_the_corpus_shape_fuel_spend_per_depot_including_none():
    gold = ("SELECT x.id, COALESCE(SUM(b.r), 0) FROM x LEFT JOIN a ON a.xid = x.id "
            "LEFT JOIN b ON b.aid = a.aid GROUP BY x.id")
    pred = ("SELECT x.id, COALESCE((SELECT SUM(b.r) FROM b JOIN a ON a.aid = b.aid "
            "WHERE a.xid = x.id), 0) FROM x")
    assert _form(gold) == _form(pred)
    assert _form(gold, rules=without("chained_join_as_subquery")) != _form(pred)
    assert not bag_separated(DATABASES, gold, pred)


def test_sums_in_the_typed_domain_only():
    gold, pred = _pair(2, ["", ""], ["SUM({t}.r)"])
    assert _form(gold) == _form(pred)
    assert _form(gold, typed=False) != _form(pred, typed=False)
    gold, pred = _pair(2, ["", ""], ["COUNT({t}.r)", "MAX({t}.c)"])
    assert _form(gold, typed=False) == _form(pred, typed=False)


@pytest.mark.parametrize("gold,pred", [
    _pair(2, ["", " AND b.t = 'u'"], ["COUNT({t}.t)", "MIN({t}.c)"]),
    _pair(3, ["", "", " AND c.n >= 0"], ["MAX({t}.n)", "COUNT(DISTINCT {t}.r)"], having="{0} > 0"),
    _pair(1, [" AND a.k > 0"], ["COUNT(a.r * 2)", "MAX(a.k)"], where="x.g IS NOT NULL"),
])
def test_counts_and_extrema_of_any_storage_class(gold, pred):
    assert _form(gold, typed=False) == _form(pred, typed=False)
    assert not bag_separated(MIXED, gold, pred)


@pytest.mark.parametrize("gold,pred", [
    # COUNT(*) of the chain counts the padded rows
    _pair(2, ["", ""], ["COUNT(*)"]),
    # an aggregate of a table before the last: the last one repeats its rows
    ("SELECT x.id, SUM(a.k) FROM x LEFT JOIN a ON a.xid = x.id LEFT JOIN b ON b.aid = a.aid "
     "GROUP BY x.id", "SELECT x.id, (SELECT SUM(a.k) FROM a WHERE a.xid = x.id) FROM x"),
    # a second child of x: the two children multiply each other's rows
    ("SELECT x.id, SUM(b.c) FROM x LEFT JOIN a ON a.xid = x.id LEFT JOIN b ON b.aid = x.id "
     "GROUP BY x.id", "SELECT x.id, (SELECT SUM(b.c) FROM b WHERE b.aid = x.id) FROM x"),
    # a later ON that keeps the padded row of a (IS): b's rows meet x's padded row too
    ("SELECT x.id, COUNT(b.c) FROM x LEFT JOIN a ON a.xid = x.id LEFT JOIN b ON b.aid IS a.aid "
     "GROUP BY x.id", "SELECT x.id, (SELECT COUNT(b.c) FROM a JOIN b ON b.aid IS a.aid "
     "WHERE a.xid = x.id) FROM x"),
    # an argument not NULL on the padded row
    ("SELECT x.id, SUM(COALESCE(a.k, 1)) FROM x LEFT JOIN a ON a.xid = x.id GROUP BY x.id",
     "SELECT x.id, (SELECT SUM(COALESCE(a.k, 1)) FROM a WHERE a.xid = x.id) FROM x"),
])
def test_near_misses_keep_their_forms(gold, pred):
    assert _form(gold) != _form(pred)
    assert bag_separated(DATABASES, gold, pred)


@pytest.mark.parametrize("gold,pred,same", [
    ("SELECT SUM(CASE WHEN k > 0 THEN r END), AVG(CASE WHEN k > 0 THEN k END) FROM a",
     "SELECT SUM(r), AVG(k) FROM a WHERE k > 0", True),
    ("SELECT x.id, (SELECT MIN(CASE WHEN b.t = 'u' THEN b.c END) FROM b WHERE b.aid = x.id) FROM x",
     "SELECT x.id, (SELECT MIN(b.c) FROM b WHERE b.aid = x.id AND b.t = 'u') FROM x", True),
    ("SELECT TOTAL(CASE WHEN c.n >= 0 THEN c.r * c.n END) + 1 FROM c JOIN b ON b.bid = c.bid",
     "SELECT TOTAL(c.r * c.n) + 1 FROM c JOIN b ON b.bid = c.bid WHERE c.n >= 0", True),
    # grouped: a group whose rows the filter drops all vanishes
    ("SELECT k, SUM(CASE WHEN r > 0 THEN r END) FROM a GROUP BY k",
     "SELECT k, SUM(r) FROM a WHERE r > 0 GROUP BY k", False),
    # COUNT(*) beside it counts the rows the filter drops
    ("SELECT COUNT(*), SUM(CASE WHEN k > 0 THEN r END) FROM a",
     "SELECT COUNT(*), SUM(r) FROM a WHERE k > 0", False),
    # ELSE 0: a row the filter drops adds 0, not NULL
    ("SELECT SUM(CASE WHEN k > 0 THEN k ELSE 0 END) FROM a",
     "SELECT SUM(k) FROM a WHERE k > 0", False),
    # two conditions
    ("SELECT SUM(CASE WHEN k > 0 THEN k END), MAX(CASE WHEN r > 0 THEN k END) FROM a",
     "SELECT SUM(k), MAX(k) FROM a WHERE k > 0 AND r > 0", False),
])
def test_case_filter_as_where(gold, pred, same):
    assert (_form(gold, typed=False) == _form(pred, typed=False)) is same
    assert bag_separated(DATABASES, gold, pred) is not same


@pytest.mark.parametrize("gold,pred,same", [
    ("SELECT COALESCE(SUM(r), 0.0) FROM a", "SELECT TOTAL(r) FROM a", True),
    ("SELECT k, COALESCE(SUM(r * k), 0.0) FROM a GROUP BY k", "SELECT k, TOTAL(r * k) FROM a GROUP BY k", True),
    # an INTEGER sum is an integer, TOTAL a REAL (another text, another storage class)
    ("SELECT COALESCE(SUM(k), 0.0) FROM a", "SELECT TOTAL(k) FROM a", False),
    # the integer 0 over no value is not 0.0
    ("SELECT COALESCE(SUM(r), 0) FROM a", "SELECT TOTAL(r) FROM a", False),
])
def test_total_of_reals(gold, pred, same):
    assert (_form(gold) == _form(pred)) is same
    assert bag_separated(DATABASES, gold, pred) is not same
