"""``canon/top_one.py`` against SQLite on random small databases (repeated values, empty
tables, values of every storage class): where ``tie_free`` holds, a cut by the ORDER BY
decides no tie (breaking ties by rowid either way gives the same rows), and a rewriting
proof through ``top_one_as_extremum`` states no ``ties_broken_alike``."""

from __future__ import annotations

import random
import sqlite3

import pytest

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon.top_one import equal_when_tied, tie_free
from sqlverdict.oracles.bounded.outcome import Assumption, Method
from sqlverdict.oracles.bounded.pair import Pair
from sqlverdict.oracles.bounded.prover import settle
from sqlverdict.oracles.bounded.staging import verify
from sqlverdict.schema import from_ddl
from sqlverdict.types import Status

DDL = ("CREATE TABLE s(w INT NOT NULL, item INT NOT NULL, qty INT, PRIMARY KEY (w, item));"
       "CREATE TABLE u(w INT, pos TEXT, tag INT, UNIQUE (w, pos));"
       "CREATE TABLE c(k TEXT COLLATE NOCASE NOT NULL PRIMARY KEY, v INT)")
SCHEMA = from_ddl(DDL)
VALUES = [0, 1, 1, 2, -1, 2.5, 1.0, "a", "A", "1", b"\x01"]

CUTS = [
    ("SELECT item, qty FROM s WHERE w = 1 ORDER BY item DESC LIMIT 1", True),
    ("SELECT qty FROM s WHERE w = 1 ORDER BY item LIMIT 2", True),
    ("SELECT qty FROM s ORDER BY w, item DESC LIMIT 2 OFFSET 1", True),
    ("SELECT qty FROM s WHERE w = 1 AND qty > 0 ORDER BY item LIMIT 1", True),
    ("SELECT qty FROM s ORDER BY item DESC LIMIT 1", False),
    ("SELECT item FROM s WHERE w = 1 ORDER BY qty DESC LIMIT 1", False),
    ("SELECT qty FROM s WHERE w > 1 ORDER BY item LIMIT 1", False),
    ("SELECT tag FROM u WHERE w = 1 ORDER BY pos DESC LIMIT 1", False),
    ("SELECT v FROM c ORDER BY k LIMIT 1", False),
]


def _databases(n: int, seed: int):
    rng = random.Random(seed)
    for _ in range(n):
        db = sqlite3.connect(":memory:")
        db.executescript(DDL)
        for _ in range(rng.randint(0, 6)):
            db.execute("INSERT OR IGNORE INTO s VALUES (?, ?, ?)",
                       (rng.choice(VALUES), rng.choice(VALUES), rng.choice([None, *VALUES])))
            db.execute("INSERT OR IGNORE INTO u VALUES (?, ?, ?)",
                       (rng.choice([None, *VALUES]), rng.choice([None, *VALUES]), rng.randint(0, 9)))
            db.execute("INSERT OR IGNORE INTO c VALUES (?, ?)", (rng.choice(VALUES), rng.choice(VALUES)))
        yield db


def _broken(sql: str, how: str) -> str:
    head, cut = sql.rsplit(" LIMIT ", 1)
    return f"{head}, rowid {how} LIMIT {cut}"


@pytest.mark.parametrize("sql, free", CUTS)
def test_a_tie_free_cut_decides_no_tie(sql, free):
    assert tie_free(ir.lower(sql, SCHEMA).query, SCHEMA) == free
    if not free:
        return
    for db in _databases(200, hash(sql) % 1000):
        assert db.execute(_broken(sql, "ASC")).fetchall() == db.execute(_broken(sql, "DESC")).fetchall()


def test_tie_free_is_no_tie_free_for_cuts_that_tie():
    """The near misses tie on some random database: ``tie_free`` is not vacuous there."""
    for sql, free in CUTS:
        if free or "FROM c" in sql:
            continue
        assert any(db.execute(_broken(sql, "ASC")).fetchall() != db.execute(_broken(sql, "DESC")).fetchall()
                   for db in _databases(300, 3)), sql


def test_a_top_one_on_a_key_is_proved_without_the_ties_assumption():
    gold = "SELECT item, qty FROM s WHERE w = 1 AND item = (SELECT MAX(item) FROM s WHERE w = 1)"
    pred = "SELECT item, qty FROM s WHERE w = 1 ORDER BY item DESC LIMIT 1"
    r = settle(Pair(gold, pred, SCHEMA, "bag"), 3)
    assert r is not None and r.method == Method.REWRITING, r
    assert Assumption.TIES not in r.assumptions, r


# ---- tied rows that are equal rows (``equal_when_tied``): whichever a LIMIT keeps ----

TIED_DDL = ("CREATE TABLE e(id INTEGER PRIMARY KEY, t TEXT, i INTEGER, r REAL, n NUMERIC, x,"
            " ti TEXT COLLATE NOCASE);"
            "CREATE TABLE st(i INTEGER, v INTEGER) STRICT")
TIED = from_ddl(TIED_DDL)
# every storage class, 1 beside 1.0, 'a' beside 'A', the INTEGER and the REAL -2**63
ANY = [None, 0, 1, 1, 1.0, 2.5, -1, "a", "A", "1", "1.0", b"\x01", -2**63, -9223372036854775808.0]

TIED_CUTS = [  # (sql, typed domain, equal when tied)
    ("SELECT t FROM e ORDER BY t LIMIT 2", False, True),
    ("SELECT t, t IS NULL FROM e ORDER BY t DESC LIMIT 1 OFFSET 1", False, True),
    ("SELECT 1 FROM e WHERE r > 0 LIMIT 1", False, True),
    ("SELECT id FROM e ORDER BY r, id LIMIT 1", False, True),
    ("SELECT i FROM st ORDER BY i DESC LIMIT 1", False, True),
    ("SELECT i FROM e ORDER BY i LIMIT 1", True, True),
    ("SELECT i FROM e ORDER BY i LIMIT 1", False, False),  # the REAL -2**63 ties the INTEGER
    ("SELECT x FROM e ORDER BY x LIMIT 1", False, False),  # no declared class: 1 ties 1.0
    ("SELECT n FROM e ORDER BY n LIMIT 1", False, False),  # -2**63 again
    ("SELECT ti FROM e ORDER BY ti LIMIT 1", False, False),  # 'a' ties 'A'
    ("SELECT t, i FROM e ORDER BY t LIMIT 1", False, False),  # i is no key
    ("SELECT t FROM e ORDER BY upper(t) LIMIT 1", False, False),  # the key is no column
]


def _tied_databases(n: int, seed: int, typed: bool):
    rng = random.Random(seed)
    ints = [None, 0, 1, 1, -1, -2**63, 2**63 - 1]
    for _ in range(n):
        db = sqlite3.connect(":memory:")
        db.executescript(TIED_DDL)
        for _ in range(rng.randint(0, 6)):
            row = [rng.choice(ANY) for _ in range(5)]
            if typed:
                row[1] = rng.choice(ints)
            db.execute("INSERT INTO e(t, i, r, n, x, ti) VALUES (?, ?, ?, ?, ?, ?)", (*row, row[0]))
            db.execute("INSERT INTO st VALUES (?, ?)", (rng.choice(ints), rng.choice(ints)))
        yield db


def _tie_broken(sql: str, how: str) -> str:
    head, cut = sql.rsplit(" LIMIT ", 1)
    head += f", rowid {how}" if " ORDER BY " in head else f" ORDER BY rowid {how}"
    return f"{head} LIMIT {cut}"


def _exact(rows) -> list:
    """Rows with each value's class (Python reads 1 == 1.0 and -2**63 == -2.0**63)."""
    return [tuple((type(v).__name__, v) for v in r) for r in rows]


def _same_both_ways(db, sql: str) -> bool:
    return _exact(db.execute(_tie_broken(sql, "ASC"))) == _exact(db.execute(_tie_broken(sql, "DESC")))


@pytest.mark.parametrize("sql, typed, equal", TIED_CUTS)
def test_rows_tied_on_identity_keys_are_equal_rows(sql, typed, equal):
    q = ir.lower(sql, TIED).query
    assert equal_when_tied(q, TIED, typed) == equal
    assert tie_free(q, TIED, typed) == equal
    if equal:
        for db in _tied_databases(300, hash(sql) % 1000, typed):
            assert _same_both_ways(db, sql), sql


def test_equal_when_tied_near_misses_tie_on_some_database():
    """Each near miss keeps other rows on some random database of its domain."""
    for sql, typed, equal in TIED_CUTS:
        if equal:
            continue
        assert any(not _same_both_ways(db, sql) for db in _tied_databases(400, 5, typed)), sql


def test_the_solver_states_no_ties_when_tied_rows_are_equal():
    schema = from_ddl("CREATE TABLE emp(empno INTEGER PRIMARY KEY, sal INTEGER, job TEXT)")
    r = verify("SELECT MIN(job) FROM emp",
               "SELECT (SELECT job FROM emp WHERE job IS NOT NULL ORDER BY job LIMIT 1)", schema,
               bound=2, search=False)
    assert r.status == Status.VERIFIED and Assumption.TIES not in r.assumptions, r
    r = verify("SELECT MIN(sal) FROM emp",
               "SELECT (SELECT sal FROM emp WHERE sal IS NOT NULL ORDER BY sal LIMIT 1)", schema,
               bound=2, search=False)  # the sqlite domain: the REAL -2**63 ties the INTEGER
    assert r.status == Status.VERIFIED and Assumption.TIES in r.assumptions, r
