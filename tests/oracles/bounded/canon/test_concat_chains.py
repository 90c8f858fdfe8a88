"""``canon/concat_chains.py`` and ``canon/text_keys.py``: the laws of ``||`` against SQLite on
random tables (every storage class where the law claims the sqlite domain, declared classes
where it claims the typed one), and the text keys the decoding must refuse."""

from __future__ import annotations

import random
import sqlite3

import pytest

import sqlverdict
from sqlverdict.oracles.bounded.outcome import Method
from sqlverdict.schema import from_ddl
from sqlverdict.types import Status

_TEXTS = ["", "-", "a", "a-", "-b", "1", "-1", "1-2", "|", "x|y", "_n_", "A"]


def _any_value(rng):
    """A value of any storage class (the sqlite domain)."""
    return rng.choice([None, rng.randint(-12, 12), rng.choice([0.5, -1.0, 2.25]),
                       rng.choice(_TEXTS), rng.choice([b"a", b"-", b""])])


def _table(rng, rows, typed: bool):
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE t (a INTEGER, b TEXT, c TEXT)")
    for _ in range(rows):
        if typed:
            row = (rng.choice([None, rng.randint(-12, 12)]), rng.choice([None, *_TEXTS]),
                   rng.choice([None, *_TEXTS]))
        else:
            row = (_any_value(rng), _any_value(rng), _any_value(rng))
        db.execute("INSERT INTO t VALUES (?, ?, ?)", row)
    return db


def _same(db, q1, q2):
    r1, r2 = db.execute(q1).fetchall(), db.execute(q2).fetchall()
    assert r1 == r2, (q1, q2, db.execute("SELECT * FROM t").fetchall())


@pytest.mark.parametrize("seed", range(12))
def test_null_cases_and_null_tests_hold_for_every_storage_class(seed):
    db = _table(random.Random(seed), 6, typed=False)
    _same(db, "SELECT rowid, a || COALESCE(b, 'x') || c FROM t ORDER BY rowid",
          "SELECT rowid, CASE WHEN b IS NULL THEN a || 'x' || c ELSE a || b || c END FROM t "
          "ORDER BY rowid")
    _same(db, "SELECT rowid, a || CASE WHEN c > 'a' THEN b END FROM t ORDER BY rowid",
          "SELECT rowid, CASE WHEN c > 'a' THEN a || b ELSE NULL END FROM t ORDER BY rowid")
    _same(db, "SELECT rowid, (a || '-' || b) IS NULL FROM t ORDER BY rowid",
          "SELECT rowid, a IS NULL OR b IS NULL FROM t ORDER BY rowid")
    _same(db, "SELECT rowid, a || '' || b FROM t ORDER BY rowid",
          "SELECT rowid, a || b FROM t ORDER BY rowid")


@pytest.mark.parametrize("seed", range(12))
def test_text_keys_count_distinct_tuples_on_typed_values(seed):
    db = _table(random.Random(seed), 8, typed=True)
    _same(db, "SELECT COUNT(DISTINCT COALESCE(CAST(a AS TEXT), '_n_') || '-' || b) FROM t",
          "SELECT COUNT(*) FROM (SELECT DISTINCT a, b FROM t WHERE b IS NOT NULL)")
    _same(db, "SELECT COUNT(DISTINCT a || '|' || COALESCE(CAST(a AS TEXT), 'z') || ':' || c) "
          "FROM t", "SELECT COUNT(*) FROM (SELECT DISTINCT a, c FROM t WHERE a IS NOT NULL "
          "AND c IS NOT NULL)")


SCHEMA = from_ddl("CREATE TABLE t (a INTEGER, b TEXT, c TEXT, d REAL)")


@pytest.mark.parametrize("key, cols", [
    ("b || '-' || c", "b, c"),  # a text field not last: 'a-' || 'b' is 'a' || '-b'
    ("CAST(a AS TEXT) || c", "a, c"),  # no separator: 1 || '2x' is 12 || 'x'
    ("COALESCE(CAST(a AS TEXT), '-') || '|' || c", "a, c"),  # '-' starts a negative
    ("CAST(d AS TEXT) || '|' || c", "d, c"),  # a REAL's 15 digits tie two doubles
])
def test_keys_that_do_not_decode_are_not_proved(key, cols):
    r = sqlverdict.verify(f"SELECT COUNT(DISTINCT {key}) FROM t",
                          f"SELECT COUNT(*) FROM (SELECT DISTINCT {cols} FROM t) AS s", SCHEMA,
                          domain="typed")
    assert not (r.status is Status.VERIFIED and r.method in (
        Method.REWRITING, Method.REWRITING_NORMAL_FORM)), r.reason


def test_a_concatenation_proof_says_it_reads_sqlites_concatenation():
    r = sqlverdict.verify("SELECT b || COALESCE(c, '') FROM t",
                          "SELECT CASE WHEN c IS NULL THEN b ELSE b || c END FROM t", SCHEMA,
                          domain="typed")
    assert r.status is Status.VERIFIED and r.method is Method.REWRITING
    assert "|| read as SQLite's concatenation" in r.reason
    r = sqlverdict.verify("SELECT b || COALESCE(c, '') FROM t",
                          "SELECT CASE WHEN c IS NULL THEN b ELSE b || c END FROM t", SCHEMA)
    assert not (r.status is Status.VERIFIED and r.scope == "every database")  # a BLOB b
