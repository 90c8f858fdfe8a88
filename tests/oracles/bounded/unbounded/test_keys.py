"""Key reasoning in the unbounded prover (``Occ.keys``, ``Decider.one_row``): two rows of a
table that agree on a declared key, all of it non-NULL, are one row. Each proof is checked
on random databases in SQLite (rows that break a key are refused there, as SQLite does;
NULLs, values of every storage class); each near miss is separated there."""

from __future__ import annotations

import random
import sqlite3
from collections import Counter

import pytest
from tests.helpers.tiers import tiered

from sqlverdict import verify
from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.unbounded import proof
from sqlverdict.schema import from_ddl

# k: a rowid key; u: a TEXT primary key that accepts NULL (a rowid table) and a UNIQUE
# pair; w: keyless
DDL = ("CREATE TABLE k(id INTEGER PRIMARY KEY, g INT, v INT, s TEXT);"
       "CREATE TABLE u(name TEXT PRIMARY KEY, a INT, b INT, c INT, UNIQUE (a, b));"
       "CREATE TABLE w(g INT, v INT)")
SCHEMA = from_ddl(DDL)
POOL = [None, 0, 1, 2, 2, 3, 1.0, 2.5, "1", "x", "y", b"\x01"]


def databases(n: int, seed: int):
    rng = random.Random(seed)
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(DDL)
        small = rng.sample(POOL, 4) + [None]
        for table, width in (("k", 4), ("u", 4), ("w", 2)):
            for _ in range(rng.choice([0, 1, 2, 3, 5])):
                row = [rng.choice(small) for _ in range(width)]
                if table == "k":
                    row[0] = rng.choice([1, 2, 3, 4])
                con.execute(f"INSERT OR IGNORE INTO {table} VALUES ({', '.join('?' * width)})", row)
        yield con


def run(con, sql: str, semantics: str):
    rows = [tuple((type(v).__name__, v) for v in r) for r in con.execute(sql).fetchall()]
    return rows if semantics == "list" else set(rows) if semantics == "set" else Counter(rows)


def separated(gold: str, pred: str, semantics: str, n: int = 300, seed: int = 5):
    for con in databases(n, seed):
        if run(con, gold, semantics) != run(con, pred, semantics):
            return True
    return False


def proves(gold: str, pred: str, semantics: str):
    return proof(ir.lower(gold, SCHEMA).query, ir.lower(pred, SCHEMA).query, SCHEMA, semantics)


# (gold, pred, semantics, what the proof rests on)
PROVED = [
    # a constant sort key, a sort key after the rowid key
    ("SELECT id, v FROM k WHERE g = 1 ORDER BY g, v, id", "SELECT id, v FROM k WHERE g = 1 ORDER BY v, id",
     "list", ("ties",)),
    ("SELECT id, v FROM k ORDER BY id, v LIMIT 2", "SELECT id, v FROM k ORDER BY id LIMIT 2", "list",
     ("ties",)),
    ("SELECT v FROM k ORDER BY v DESC, id, s", "SELECT v FROM k ORDER BY v DESC, id", "list", ("ties",)),
    # after a UNIQUE pair, non-NULL
    ("SELECT a, b, c FROM u WHERE a IS NOT NULL AND b IS NOT NULL ORDER BY a, b, c",
     "SELECT a, b, c FROM u WHERE a IS NOT NULL AND b IS NOT NULL ORDER BY a, b", "list",
     ("ties", "unique_keys")),
    ("SELECT 1 AS one, v FROM w ORDER BY one, v", "SELECT 1, v FROM w ORDER BY v", "list", ("ties",)),
]

NEAR_MISSES = [
    # g is no key: v breaks ties among equal g
    ("SELECT g, v FROM k ORDER BY g, v", "SELECT g, v FROM k ORDER BY g", "list"),
    # a TEXT primary key of a rowid table holds NULL twice
    ("SELECT name, a FROM u ORDER BY name, a", "SELECT name, a FROM u ORDER BY name", "list"),
    # (a, b) is unique only where both are non-NULL
    ("SELECT a, b, c FROM u ORDER BY a, b, c", "SELECT a, b, c FROM u ORDER BY a, b", "list"),
    # a prefix that is not the whole key
    ("SELECT a, b FROM u WHERE a IS NOT NULL AND b IS NOT NULL ORDER BY a, c, b",
     "SELECT a, b FROM u WHERE a IS NOT NULL AND b IS NOT NULL ORDER BY a, b", "list"),
    # g = 1 keeps 1 and 1.0 (tied), and the direction of a kept key matters
    ("SELECT id, v FROM k WHERE g = 1 ORDER BY v, id", "SELECT id, v FROM k WHERE g = 1 ORDER BY v DESC, id",
     "list"),
]


@pytest.mark.parametrize("gold,pred,semantics,rests_on", tiered(PROVED, 2, unpack=True))
def test_proved_pairs_agree_in_sqlite(gold, pred, semantics, rests_on):
    assert proves(gold, pred, semantics) == rests_on
    assert not separated(gold, pred, semantics)


@pytest.mark.parametrize("gold,pred,semantics", NEAR_MISSES)
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred, semantics):
    assert proves(gold, pred, semantics) is None
    assert proves(pred, gold, semantics) is None
    assert separated(gold, pred, semantics)


def test_a_unique_key_of_a_keyless_parent_is_stated():
    # p.code is referenced by a foreign key but declared no key: the verifier reads it as
    # UNIQUE (SQLite could not enforce the foreign key otherwise), and says so
    ddl = ("CREATE TABLE p(code TEXT, n INT); CREATE TABLE c(code TEXT REFERENCES p(code));"
           "CREATE TABLE q(id INTEGER PRIMARY KEY, n INT)")
    s = from_ddl(ddl)
    r = verify("SELECT code, n FROM p WHERE code IS NOT NULL ORDER BY code, n",
               "SELECT code, n FROM p WHERE code IS NOT NULL ORDER BY code", s, semantics="list")
    assert str(r.method) == "normal_form" and "foreign_key_parents_unique" in [str(a) for a in r.assumptions]
    r = verify("SELECT id, n FROM q ORDER BY id, n", "SELECT id, n FROM q ORDER BY id", s, semantics="list")
    assert str(r.method) == "normal_form" and "foreign_key_parents_unique" not in [str(a) for a in r.assumptions]


# ---- a scalar subquery that reads one row of a keyed table is a LEFT JOIN

LOOKUPS = [
    ("SELECT w.g, (SELECT s FROM k WHERE k.id = w.v) FROM w",
     "SELECT w.g, k.s FROM w LEFT JOIN k ON k.id = w.v", "bag", ()),
    ("SELECT w.g FROM w WHERE (SELECT s FROM k WHERE k.id = w.v AND k.g > 1) = 'x'",
     "SELECT w.g FROM w JOIN k ON k.id = w.v AND k.g > 1 WHERE k.s = 'x'", "bag", ()),
    ("SELECT w.g, (SELECT c FROM u WHERE u.a = w.g AND u.b = w.v) FROM w",
     "SELECT w.g, u.c FROM w LEFT JOIN u ON u.a = w.g AND u.b = w.v", "bag", ("unique_keys",)),
]

LOOKUP_NEAR_MISSES = [
    # k.g is no key: the scalar subquery takes one of several rows, the join all of them
    ("SELECT w.g, (SELECT s FROM k WHERE k.g = w.v) FROM w",
     "SELECT w.g, k.s FROM w LEFT JOIN k ON k.g = w.v", "bag"),
    # only part of the key (a, b)
    ("SELECT w.g, (SELECT c FROM u WHERE u.a = w.g) FROM w",
     "SELECT w.g, u.c FROM w LEFT JOIN u ON u.a = w.g", "bag"),
    # an inner join drops the rows of w without a match
    ("SELECT w.g, (SELECT s FROM k WHERE k.id = w.v) FROM w",
     "SELECT w.g, k.s FROM w JOIN k ON k.id = w.v", "bag"),
    # the TEXT primary key of a rowid table matches IS NULL twice
    ("SELECT w.g, (SELECT a FROM u WHERE u.name IS NULL AND w.v = 1) FROM w",
     "SELECT w.g, u.a FROM w LEFT JOIN u ON u.name IS NULL AND w.v = 1", "bag"),
]


@pytest.mark.parametrize("gold,pred,semantics,rests_on", LOOKUPS)
def test_lookups_agree_in_sqlite(gold, pred, semantics, rests_on):
    assert proves(gold, pred, semantics) == rests_on
    assert proves(pred, gold, semantics) == rests_on
    assert not separated(gold, pred, semantics)


@pytest.mark.parametrize("gold,pred,semantics", LOOKUP_NEAR_MISSES)
def test_lookup_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred, semantics):
    assert proves(gold, pred, semantics) is None
    assert proves(pred, gold, semantics) is None
    assert separated(gold, pred, semantics)


# ---- GROUP BY a key: groups of one row

GROUPS = [
    ("SELECT id, COUNT(s), COUNT(*), MAX(v) FROM k GROUP BY id",
     "SELECT id, CASE WHEN s IS NULL THEN 0 ELSE 1 END, 1, v FROM k", "bag", ()),
    ("SELECT a, b, MIN(c) FROM u WHERE a IS NOT NULL AND b IS NOT NULL GROUP BY a, b HAVING COUNT(*) = 1",
     "SELECT a, b, c FROM u WHERE a IS NOT NULL AND b IS NOT NULL", "bag", ("unique_keys",)),
    ("SELECT k.id, w.g, COUNT(*) FROM k JOIN k AS w ON w.id = k.v GROUP BY k.id, w.g",
     "SELECT k.id, w.g, 1 FROM k JOIN k AS w ON w.id = k.v", "bag", ()),
]

GROUP_NEAR_MISSES = [
    ("SELECT a, b, MIN(c) FROM u GROUP BY a, b", "SELECT a, b, c FROM u", "bag"),
    ("SELECT g, COUNT(*) FROM k GROUP BY g", "SELECT g, 1 FROM k", "bag"),
    ("SELECT id, SUM(v) FROM k GROUP BY id", "SELECT id, v FROM k", "bag"),
    ("SELECT name, COUNT(*) FROM u GROUP BY name", "SELECT name, 1 FROM u", "bag"),
    # w is no keyed table: a group of k.id holds every row of w
    ("SELECT k.id, COUNT(*) FROM k, w GROUP BY k.id", "SELECT k.id, 1 FROM k, w", "bag"),
]


@pytest.mark.parametrize("gold,pred,semantics,rests_on", GROUPS)
def test_keyed_groups_agree_in_sqlite(gold, pred, semantics, rests_on):
    assert proves(gold, pred, semantics) == rests_on
    assert proves(pred, gold, semantics) == rests_on
    assert not separated(gold, pred, semantics)


@pytest.mark.parametrize("gold,pred,semantics", tiered(GROUP_NEAR_MISSES, 2, unpack=True))
def test_keyed_group_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred, semantics):
    assert proves(gold, pred, semantics) is None
    assert proves(pred, gold, semantics) is None
    assert separated(gold, pred, semantics)


def test_scan_reads_keys_as_the_schema_does():
    """What a scan knows of its key columns comes from the schema's reading of SQLite
    (``Table.rowid_alias``, ``Table.never_null``): a WITHOUT ROWID table's INTEGER key is
    not NULL but may hold text (it is no rowid alias); a rowid table's TEXT key accepts
    NULL; only a rowid alias holds integers alone."""
    from sqlverdict.oracles.bounded.unbounded.normal import _scan
    s = from_ddl("CREATE TABLE a(id INTEGER PRIMARY KEY, v INT) WITHOUT ROWID;"
                 "CREATE TABLE b(id INTEGER PRIMARY KEY, v INT NOT NULL);"
                 "CREATE TABLE c(id TEXT PRIMARY KEY, v INT)")
    con = sqlite3.connect(":memory:")
    con.executescript("CREATE TABLE a(id INTEGER PRIMARY KEY, v INT) WITHOUT ROWID;"
                      "INSERT INTO a VALUES ('x', 1);"
                      "CREATE TABLE c(id TEXT PRIMARY KEY, v INT); INSERT INTO c VALUES (NULL, 1)")
    assert con.execute("SELECT typeof(id) FROM a").fetchone() == ("text",)
    assert con.execute("SELECT count(*) FROM c WHERE id IS NULL").fetchone() == (1,)
    occ = {name: _scan(ir.Scan(name, name, (("id", "int", "INTEGER"), ("v", "int", "INTEGER"))), s)
           for name in "abc"}
    assert occ["a"].integer == frozenset() and "id" in occ["a"].not_null
    assert occ["b"].integer == {"id"} and occ["b"].not_null == {"id", "v"}
    assert "id" not in occ["c"].not_null and occ["c"].integer == frozenset()
