"""``canon/grouped_left_counts.py`` (``grouped_count_join``, ``grouped_sum_join``) against
SQLite itself.

Grouped LEFT JOINs (keys of the preserved side that are not its key, NULL keys, 1 beside
1.0 and '1' in an untyped key, duplicate rows, empty tables, BLOBs) are canonicalized beside
their per-row form (each aggregate of the right side the aggregate of a correlated
subquery per left row); where the forms meet, both run in ``sqlite3`` on random databases
and must return the same bag of rows. The near misses (COUNT(*) of the join, which counts
the padded row; an aggregate of the left side that duplicates change; SUM outside the typed
domain; a WHERE on the right side) must keep their own forms, and SQLite
tells each apart from its per-row reading.
"""

from __future__ import annotations

import itertools
import random

import pytest
from tests.helpers.unbounded import bag_separated, palette_databases

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical, without
from sqlverdict.schema import from_ddl

DDL = ("CREATE TABLE x (id INTEGER PRIMARY KEY, g TEXT, h, k INT);"
       "CREATE TABLE s (sid INT NOT NULL, f INT, c INT, v TEXT, w, r REAL, PRIMARY KEY (sid));")
SCHEMA = from_ddl(DDL)
POOL = [0, 1, 2, 1.0, "1", "a", "b", b"a", 2.5, -1]


def _fill(con, rng, pick):
    for i in rng.sample(range(1, 7), rng.randint(0, 5)):
        con.execute("INSERT INTO x VALUES (?, ?, ?, ?)", (i, pick(), pick(), rng.choice([1, 2, None])))
    for i in range(rng.randint(0, 6)):
        con.execute("INSERT INTO s VALUES (?, ?, ?, ?, ?, ?)",
                    (i, rng.choice([1, 2, 3, 4, None, 2.0]), pick(), pick(), pick(),
                     rng.choice([0.1, 0.2, 1e16, None])))


DATABASES = list(palette_databases(DDL, POOL, _fill, 250, 52))
ON = ["s.f = x.id", "s.f = x.k AND s.c > 0", "s.f = x.id OR s.v = x.g", "s.v IS x.g AND s.f > x.k"]
KEYS = ["x.g", "x.k", "x.k, x.g", "x.g, x.k"]
# (join aggregate, per-row aggregate; {sub} is the correlated subquery's FROM .. WHERE)
AGGS = [("COUNT(s.c)", "SUM((SELECT COUNT(s.c) {sub}))"),
        ("COUNT(s.sid)", "SUM((SELECT COUNT(*) {sub}))"),
        ("MIN(s.c)", "MIN((SELECT MIN(s.c) {sub}))"),
        ("MAX(s.v)", "MAX((SELECT MAX(s.v) {sub}))"),
        ("COUNT(s.c) * 2 + 1", "SUM((SELECT COUNT(s.c) {sub})) * 2 + 1"),
        ("COUNT(DISTINCT x.k)", "COUNT(DISTINCT x.k)"),
        ("MAX(x.k)", "MAX(x.k)")]


def _form(sql, typed=False, rules=None):
    q = ir.lower(sql, SCHEMA).query
    if rules is None:
        return canonical(q, SCHEMA, "bag", typed=typed)
    return canonical(q, SCHEMA, "bag", rules, typed=typed)


def _pair(on, keys, aggs, where="", having=""):
    sub = f"FROM s WHERE {on}"
    outs = [a for a, _ in aggs], [b.format(sub=sub) for _, b in aggs]
    w = f" WHERE {where}" if where else ""
    hj = f" HAVING {having.format(*outs[0])}" if having else ""
    hr = f" HAVING {having.format(*outs[1])}" if having else ""
    gold = f"SELECT {keys}, {', '.join(outs[0])} FROM x LEFT JOIN s ON {on}{w} GROUP BY {keys}{hj}"
    pred = f"SELECT {keys}, {', '.join(outs[1])} FROM x{w} GROUP BY {keys}{hr}"
    return gold, pred


def _cases():
    rng = random.Random(52)
    out = []
    for on, keys in itertools.product(ON, KEYS):
        aggs = rng.sample(AGGS, rng.randint(1, 3))
        if all(a == b for a, b in aggs):
            aggs.append(AGGS[0])
        where = rng.choice(["", "x.k IS NOT NULL", "x.g <> 'b'"])
        having = rng.choice(["", "{0} IS NOT NULL", "{0} > 0"])
        out.append(_pair(on, keys, aggs, where, having))
    return out


@pytest.mark.parametrize("gold,pred", _cases())
def test_grouped_join_meets_its_per_row_form_and_sqlite_agrees(gold, pred):
    assert _form(gold) == _form(pred)
    assert _form(gold, rules=without("grouped_count_join")) != _form(pred)
    assert not bag_separated(DATABASES, gold, pred)


def test_the_corpus_shapes():
    # lines per posting day including days without lines (prover15, prover17, prover18)
    gold = "SELECT x.g, COUNT(s.sid) FROM x LEFT JOIN s ON s.f = x.id GROUP BY x.g"
    pred = ("SELECT g, SUM(n) FROM (SELECT x.g, (SELECT COUNT(*) FROM s WHERE s.f = x.id) AS n "
            "FROM x) AS t GROUP BY g")
    assert _form(gold) == _form(pred)
    assert not bag_separated(DATABASES, gold, pred)


def test_integer_sums_in_the_typed_domain_only():
    gold, pred = _pair("s.f = x.id", "x.g", [("SUM(s.c)", "SUM((SELECT SUM(s.c) {sub}))")])
    assert _form(gold, typed=True) == _form(pred, typed=True)
    assert _form(gold) != _form(pred)  # an INTEGER column may hold reals: another order rounds
    reals = _pair("s.f = x.id", "x.g", [("SUM(s.r)", "SUM((SELECT SUM(s.r) {sub}))")])
    assert _form(reals[0], typed=True) != _form(reals[1], typed=True)


@pytest.mark.parametrize("gold,pred", [
    # COUNT(*) of the join counts the padded row of a left row without partners
    _pair("s.f = x.id", "x.g", [("COUNT(*)", "SUM((SELECT COUNT(*) {sub}))")]),
    # the join repeats a left row once per partner: COUNT and SUM of its columns change
    _pair("s.f = x.k", "x.g", [("COUNT(x.k)", "COUNT(x.k)"), ("COUNT(s.c)", "SUM((SELECT COUNT(s.c) {sub}))")]),
    _pair("s.f = x.k", "x.g", [("SUM(x.k)", "SUM(x.k)"), ("COUNT(s.c)", "SUM((SELECT COUNT(s.c) {sub}))")]),
    # COUNT(DISTINCT) of the right side: a value two left rows share counts once
    _pair("s.f = x.k", "x.g", [("COUNT(DISTINCT s.c)", "SUM((SELECT COUNT(DISTINCT s.c) {sub}))")]),
])
def test_near_misses_keep_their_forms(gold, pred):
    assert _form(gold) != _form(pred)
    assert _form(gold, typed=True) != _form(pred, typed=True)
    assert bag_separated(DATABASES, gold, pred)


@pytest.mark.parametrize("gold", [
    # a WHERE on the right side filters the join's rows, the padded ones too
    "SELECT x.g, COUNT(s.c) FROM x LEFT JOIN s ON s.f = x.id WHERE s.c IS NULL GROUP BY x.g",
    # a key read from the right side
    "SELECT s.v, COUNT(s.c) FROM x LEFT JOIN s ON s.f = x.id GROUP BY s.v",
    # MIN of an untyped column: 1 or 1.0, whichever row comes first
    "SELECT x.g, MIN(x.h), COUNT(s.c) FROM x LEFT JOIN s ON s.f = x.k GROUP BY x.g",
    # keys of no affinity or computed: 1 or 1.0 shown, whichever row of the group SQLite reads
    "SELECT x.h, COUNT(s.c) FROM x LEFT JOIN s ON s.f = x.id GROUP BY x.h",
    "SELECT x.h * 2, COUNT(s.c) FROM x LEFT JOIN s ON s.f = x.id GROUP BY x.h * 2",
    # grouped by the left side's key: count_join_as_subquery's per-row form
    "SELECT x.id, COUNT(s.c) FROM x LEFT JOIN s ON s.f = x.id GROUP BY x.id",
])
def test_left_alone(gold):
    assert _form(gold) == _form(gold, rules=without("grouped_count_join"))
