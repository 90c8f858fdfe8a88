"""``canon/min_as_top.py`` against SQLite on random small databases (NULLs, repeated
values, empty tables, every storage class, ``1`` beside ``1.0``, ``'a'`` beside ``'A'``,
the INTEGER and the REAL ``-2**63``): where ``top_one_as_min`` equates a MIN/MAX with a
first row by ORDER BY, SQLite returns the same value of the same class; the near misses
differ on some database."""

from __future__ import annotations

import random
import sqlite3

import pytest

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

DDL = ("CREATE TABLE f(id INTEGER PRIMARY KEY, t TEXT, tn TEXT NOT NULL, i INTEGER, x,"
       " ti TEXT COLLATE NOCASE, w INT);"
       "CREATE TABLE g(k INT, v TEXT)")
SCHEMA = from_ddl(DDL)
ANY = [None, 0, 1, 1, 1.0, 2.5, -1, "a", "A", "1", "1.0", "b", b"\x01", -2**63, -9223372036854775808.0]
INTS = [None, 0, 1, 1, -1, -2**63, 2**63 - 1]

PAIRS = [  # (aggregate, first row by ORDER BY, typed domain, the rule fires)
    ("SELECT MIN(t) FROM f WHERE w > 0",
     "SELECT (SELECT t FROM f WHERE w > 0 AND t IS NOT NULL ORDER BY t LIMIT 1)", False, True),
    ("SELECT MAX(t) FROM f",
     "SELECT (SELECT t FROM f WHERE t IS NOT NULL ORDER BY t DESC LIMIT 1)", False, True),
    ("SELECT MAX(tn) FROM f WHERE w = 1", "SELECT (SELECT tn FROM f WHERE w = 1 ORDER BY tn DESC LIMIT 1)",
     False, True),
    ("SELECT MIN(id) FROM f WHERE t > 'a'", "SELECT (SELECT id FROM f WHERE t > 'a' ORDER BY id LIMIT 1)",
     False, True),
    ("SELECT MIN(t), MAX(t) FROM f WHERE w < 2",
     "SELECT (SELECT t FROM f WHERE w < 2 AND t IS NOT NULL ORDER BY t LIMIT 1),"
     " (SELECT t FROM f WHERE w < 2 AND t IS NOT NULL ORDER BY t DESC LIMIT 1)", False, True),
    ("SELECT k FROM g WHERE v = (SELECT MIN(t) FROM f)",
     "SELECT k FROM g WHERE v = (SELECT t FROM f WHERE t IS NOT NULL ORDER BY t LIMIT 1)", False, True),
    ("SELECT MIN(i) FROM f", "SELECT (SELECT i FROM f WHERE i IS NOT NULL ORDER BY i LIMIT 1)", True, True),
    # near misses
    ("SELECT MIN(t) FROM f", "SELECT (SELECT t FROM f ORDER BY t LIMIT 1)", False, False),  # NULL first
    ("SELECT MAX(t) FROM f", "SELECT (SELECT t FROM f WHERE t IS NOT NULL ORDER BY t LIMIT 1)", False, False),
    ("SELECT MIN(ti) FROM f", "SELECT (SELECT ti FROM f WHERE ti IS NOT NULL ORDER BY ti LIMIT 1)",
     False, False),  # 'a' ties 'A'
    ("SELECT MAX(x) FROM f", "SELECT (SELECT x FROM f WHERE x IS NOT NULL ORDER BY x DESC LIMIT 1)",
     True, False),  # no declared class: 1 ties 1.0
    ("SELECT MIN(t) FROM f", "SELECT (SELECT t FROM f WHERE t IS NOT NULL ORDER BY t LIMIT 1 OFFSET 1)",
     False, False),
]


def _databases(n: int, seed: int, typed: bool):
    rng = random.Random(seed)
    for _ in range(n):
        db = sqlite3.connect(":memory:")
        db.executescript(DDL)
        for _ in range(rng.randint(0, 6)):
            t, i, x, ti = (rng.choice(ANY) for _ in range(4))
            if rng.random() < 0.5:  # ties at the extremum: 1 beside 1.0, 'a' beside 'A'
                x, ti = rng.choice([None, 1, 1.0, 0.5]), rng.choice([None, "a", "A", "b"])
            tn = rng.choice([v for v in ANY if v is not None])
            if typed:
                i = rng.choice(INTS)
            db.execute("INSERT INTO f(t, tn, i, x, ti, w) VALUES (?, ?, ?, ?, ?, ?)",
                       (t, tn, i, x, ti, rng.choice([None, 0, 1, 2])))
            db.execute("INSERT INTO g VALUES (?, ?)", (rng.choice(INTS), rng.choice(ANY)))
        yield db


def _exact(db, sql: str) -> list:
    """Rows with each value's class (Python reads 1 == 1.0)."""
    return sorted(repr(tuple((type(v).__name__, v) for v in r)) for r in db.execute(sql))


def _flipped(sql: str, how: str) -> str:
    """``sql`` with ties of each ORDER BY broken by rowid ``how`` (SQLite's own pick among
    tied rows is no law: both picks must give the aggregate's value)."""
    return sql.replace(" LIMIT", f", f.rowid {how} LIMIT")


def _forms(a: str, b: str, typed: bool):
    return tuple(canonical(ir.lower(s, SCHEMA).query, SCHEMA, "bag", typed=typed) for s in (a, b))


@pytest.mark.parametrize("agg, top, typed, fires", PAIRS)
def test_a_min_the_rule_equates_is_the_first_row_in_sqlite(agg, top, typed, fires):
    gold, pred = _forms(agg, top, typed)
    assert (gold == pred) == fires
    if fires:
        for db in _databases(300, hash(top) % 1000, typed):
            want = _exact(db, agg)
            assert want == _exact(db, top) == _exact(db, _flipped(top, "ASC")) == _exact(
                db, _flipped(top, "DESC")), top


def test_near_misses_differ_on_some_database():
    for agg, top, typed, fires in PAIRS:
        if not fires:
            assert any(_exact(db, agg) != _exact(db, _flipped(top, how)) for how in ("ASC", "DESC")
                       for db in _databases(400, 7, typed)), top


def test_an_integer_column_in_the_sqlite_domain_is_read_under_no_real_int_min():
    """The REAL ``-2**63`` ties the INTEGER one in an INTEGER column: ``top_one_as_min``
    waits for the typed domain there, and ``integer_top_one_as_min`` (canon/extrema.py)
    reads it with the proof stating ``no_real_int_min``."""
    from sqlverdict import verify
    from sqlverdict.oracles.bounded.canon import without
    from sqlverdict.oracles.bounded.outcome import Assumption, Method
    from sqlverdict.types import Status

    agg, top = "SELECT MIN(i) FROM f", "SELECT (SELECT i FROM f WHERE i IS NOT NULL ORDER BY i LIMIT 1)"
    gold, pred = (canonical(ir.lower(s, SCHEMA).query, SCHEMA, "bag", without("integer_top_one_as_min"))
                  for s in (agg, top))
    assert gold != pred
    assert _forms(agg, top, False)[0] == _forms(agg, top, False)[1]
    again = "SELECT (SELECT i FROM f WHERE i IS NOT NULL AND w = 1 ORDER BY i LIMIT 1)"
    binary = from_ddl("CREATE TABLE f(id INTEGER PRIMARY KEY, i INTEGER, w INT)")
    for a, b in ((agg, top), ("SELECT (SELECT MIN(i) FROM f WHERE w = 1)", again)):
        r = verify(a, b, binary, search=False)
        assert (r.status, r.method) == (Status.VERIFIED, Method.REWRITING), (a, b, r.reason)
        assert Assumption.INT_MIN in r.assumptions
