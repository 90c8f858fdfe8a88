"""Joins through a key (``encode.keyed``): one symbolic row per left row instead of the
product. The symbolic semantics still equal SQLite's on random databases (NULL foreign
keys, missing parents, composite and text keys, LEFT JOINs, comma joins whose WHERE pins
the key, a child table written last), and a wide chain of foreign-key joins now fits the
budget that the product ran out of."""

from __future__ import annotations

import random
import sqlite3

import pytest

from sqlverdict.engine.compare import results_equal
from sqlverdict.engine.materialize import create_table_sql
from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.encode import encoder
from sqlverdict.oracles.bounded.encode.keyed import _cross_leaves, child_first, keyed
from sqlverdict.oracles.bounded.pair import Pair
from sqlverdict.oracles.bounded.prover import evaluate_symbolic, solve
from sqlverdict.oracles.bounded.solver import Budget
from sqlverdict.schema import from_ddl
from sqlverdict.types import Status

S = from_ddl(
    "CREATE TABLE zone (z INTEGER PRIMARY KEY, zn TEXT);"
    "CREATE TABLE land (l INTEGER PRIMARY KEY, z INTEGER NOT NULL REFERENCES zone(z), ln TEXT);"
    "CREATE TABLE code (c TEXT PRIMARY KEY, w INTEGER);"
    "CREATE TABLE vendor (v INTEGER PRIMARY KEY, l INTEGER REFERENCES land(l), c TEXT, b INTEGER,"
    " UNIQUE (b));"
    "CREATE TABLE line (o INTEGER NOT NULL, n INTEGER NOT NULL, v INTEGER REFERENCES vendor(v),"
    " q REAL, PRIMARY KEY (o, n));"
    "CREATE TABLE note (o INTEGER, n INTEGER, t TEXT)")
QUERIES = [
    "SELECT line.o, line.n, vendor.b, land.ln, zone.zn FROM line JOIN vendor ON vendor.v = line.v "
    "JOIN land ON land.l = vendor.l JOIN zone ON zone.z = land.z ORDER BY 1, 2, 3, 4, 5",
    "SELECT zone.zn, land.ln, vendor.v, line.q FROM zone, land, vendor, line WHERE vendor.v = line.v "
    "AND land.l = vendor.l AND zone.z = land.z ORDER BY 1, 2, 3, 4",
    "SELECT line.o, vendor.v, land.l FROM line LEFT JOIN vendor ON vendor.v = line.v "
    "LEFT JOIN land ON land.l = vendor.l AND land.ln = 'x' ORDER BY 1, 2, 3",
    "SELECT note.t, line.q FROM note JOIN line ON line.o = note.o AND line.n = note.n ORDER BY 1, 2",
    "SELECT note.t, line.q FROM note LEFT JOIN line ON line.o = note.o AND line.n = 1 ORDER BY 1, 2",
    "SELECT vendor.v, code.w FROM vendor LEFT JOIN code ON code.c = vendor.c ORDER BY 1, 2",
    "SELECT a.v, b.v FROM vendor AS a JOIN vendor AS b ON b.b = a.l ORDER BY 1, 2",
    "SELECT zone.zn, COUNT(*), SUM(line.q) FROM line, vendor, land, zone WHERE vendor.v = line.v "
    "AND land.l = vendor.l AND zone.z = land.z GROUP BY zone.zn ORDER BY 1",
    "SELECT land.ln, line.o FROM land, line, vendor WHERE vendor.v = line.v AND land.l = vendor.l "
    "AND land.ln = 'x'",
    "SELECT line.o FROM line JOIN land ON land.l = line.q ORDER BY 1",
    "SELECT line.o, note.t FROM line LEFT JOIN vendor ON vendor.v = line.v, note "
    "WHERE note.o = line.o ORDER BY 1, 2",
]


def _database(rng: random.Random) -> dict:
    def keys(n):
        return sorted(rng.sample(range(1, 6), rng.randint(0, n)))

    zones = keys(2)
    zone = [(z, rng.choice(["a", "b", None])) for z in zones]
    land = [(k, rng.choice(zones), rng.choice(["x", "y", None])) for k in keys(3)] if zones else []
    code = [(c, rng.choice([1, 2, None])) for c in sorted(rng.sample(["p", "q", "r"], rng.randint(0, 2)))]
    lands = [r[0] for r in land]
    bs = rng.sample([1, 2, 3, None, None, None], 3)
    vendor = [(k, rng.choice(lands + [None]), rng.choice([r[0] for r in code] + [None, "s"]), bs[i])
              for i, k in enumerate(keys(3))]
    vs = [r[0] for r in vendor]
    line = [(o, n, rng.choice(vs + [None]), rng.choice([0.5, 2.0, 3.0, None]))
            for o, n in sorted(rng.sample([(o, n) for o in (1, 2) for n in (1, 2)], rng.randint(0, 3)))]
    note = [(rng.choice([1, 2, None]), rng.choice([1, 2]), rng.choice(["m", "n"])) for _ in range(rng.randint(0, 3))]
    return {"zone": zone, "land": land, "code": code, "vendor": vendor, "line": line, "note": note}


def _sqlite(db: dict, sql: str) -> list:
    conn = sqlite3.connect(":memory:")
    for t in S.tables:
        conn.execute(create_table_sql(t))
        for r in db[t.name]:
            conn.execute(f"INSERT INTO {t.name} VALUES ({', '.join('?' * len(r))})", r)
    try:
        return [list(r) for r in conn.execute(sql).fetchall()]
    finally:
        conn.close()


@pytest.fixture(autouse=True)
def _every_join_keyed(monkeypatch):
    """Key joins built one row per left row however small the FROM (``KEYED_FROM_ROWS``)."""
    monkeypatch.setattr(encoder, "KEYED_FROM_ROWS", 0)


@pytest.mark.parametrize("sql", QUERIES)
def test_keyed_joins_match_sqlite(sql):
    rng = random.Random(sql)
    for _ in range(10):
        db = _database(rng)
        got = evaluate_symbolic(sql, S, db)
        sem = "list" if "ORDER BY" in sql else "bag"
        assert results_equal(_sqlite(db, sql), got, sem), (sql, db, got)


def test_a_key_is_pinned_only_by_equalities_without_conversion():
    q = ir.lower("SELECT 1 FROM note JOIN line ON line.o = note.o AND line.n > note.n", S).query
    assert not keyed(S, q.source.right if isinstance(q.source, ir.Join) else None,
                     ir._conjuncts(q.where))
    q = ir.lower("SELECT 1 FROM note, line WHERE line.o = note.o", S).query
    assert child_first(S, q) is None  # half of line's key: no scan keyed in any order
    q = ir.lower("SELECT 1 FROM land, line, vendor WHERE vendor.v = line.v AND land.l = vendor.l", S).query
    src = child_first(S, q)
    assert [x.alias.split("#")[0] for x in _cross_leaves(src)] == ["line", "vendor", "land"]


def test_a_wide_key_join_fits_the_budget_the_product_ran_out_of():
    s = from_ddl("CREATE TABLE a (x INTEGER PRIMARY KEY, n TEXT);" + "".join(
        f"CREATE TABLE {t} (x INTEGER PRIMARY KEY, y INTEGER, v REAL);" for t in "bcdef"))
    sql = ("SELECT n, SUM(b.v * c.v) AS r FROM a, b, c, d, e, f WHERE a.x = b.y AND b.x = c.y "
           "AND c.x = d.y AND d.x = e.y AND e.x = f.y GROUP BY n ORDER BY r IS NULL, r, n")
    pred = sql.replace("SUM(b.v * c.v)", "SUM(b.v * d.v)")
    r = solve(Pair(sql, pred, s, "list"), 2, budget=Budget.of(0.5))
    assert r.status is Status.REFUTED, r.detail
