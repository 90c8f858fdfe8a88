"""Counting thresholds read as quantifiers over distinct rows (``unbounded.thresholds``):
``COUNT(*) >= m`` as ``m`` rows of pairwise different never-NULL primary keys,
``COUNT(DISTINCT x)`` as pairwise different non-NULL ``x``, ``MIN(x) = MAX(x)`` as "some
``x``, no two different", ``MIN(x) < c`` as "some ``x < c``", per scalar sub-query or per
group. Each proof is checked on random
databases in SQLite (NULLs, duplicate rows, 1 and 1.0, text and blobs); each near miss (a
keyless table's duplicates, a TEXT PRIMARY KEY holding NULL, a NULL ``x``, a threshold off
by one) stays unproved and SQLite separates it."""

from __future__ import annotations

import pytest
from tests.helpers.unbounded import bag_separated, palette_databases

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.unbounded import proof, prove
from sqlverdict.schema import from_ddl

DDL = ("CREATE TABLE p(id INTEGER PRIMARY KEY, g INT, v TEXT);"
       "CREATE TABLE q(g INT NOT NULL, n INT NOT NULL, v INT, PRIMARY KEY (g, n));"
       "CREATE TABLE u(k TEXT PRIMARY KEY, g INT, v INT);"
       "CREATE TABLE d(g INT, v INT)")
SCHEMA = from_ddl(DDL)
POOL = [None, 0, 1, 2, 1.0, "1", "a", "A", 2.0, b"\x01", 3]

PROVED = [
    ("SELECT id FROM p WHERE (SELECT COUNT(*) FROM q WHERE q.g = p.g) >= 2",
     "SELECT id FROM p WHERE EXISTS (SELECT 1 FROM q AS a JOIN q AS b ON b.g = a.g "
     "AND b.n <> a.n WHERE a.g = p.g)"),
    ("SELECT id FROM p WHERE (SELECT COUNT(*) FROM q WHERE q.g = p.g) <= 1",
     "SELECT id FROM p WHERE NOT EXISTS (SELECT 1 FROM q AS a JOIN q AS b ON b.g = a.g "
     "AND b.n <> a.n WHERE a.g = p.g)"),
    ("SELECT g FROM q GROUP BY g HAVING COUNT(*) > 1",
     "SELECT DISTINCT a.g FROM q AS a JOIN q AS b ON b.g = a.g AND b.n <> a.n"),
    ("SELECT id FROM p WHERE (SELECT COUNT(DISTINCT v) FROM d WHERE d.g = p.g) >= 2",
     "SELECT id FROM p WHERE EXISTS (SELECT 1 FROM d AS a JOIN d AS b ON b.g = a.g "
     "AND b.v <> a.v WHERE a.g = p.g)"),
    ("SELECT g FROM d GROUP BY g HAVING MIN(v) = MAX(v)",
     "SELECT g FROM d GROUP BY g HAVING COUNT(DISTINCT v) = 1"),
    ("SELECT g FROM q GROUP BY g HAVING MIN(v) < 1 AND MAX(v) > 1",
     "SELECT DISTINCT g FROM q WHERE EXISTS (SELECT 1 FROM q AS a WHERE a.g = q.g AND a.v > 1) "
     "AND EXISTS (SELECT 1 FROM q AS b WHERE b.g = q.g AND b.v < 1)"),
    ("SELECT g FROM q GROUP BY g HAVING MAX(CASE WHEN v > 1 THEN 1 ELSE 0 END) = 0",
     "SELECT DISTINCT g FROM q WHERE NOT EXISTS (SELECT 1 FROM q AS a WHERE a.g = q.g AND a.v > 1)"),
]

NEAR_MISSES = [
    # a keyless table's duplicate rows are two rows with the same values
    ("SELECT id FROM p WHERE (SELECT COUNT(*) FROM d WHERE d.g = p.g) >= 2",
     "SELECT id FROM p WHERE EXISTS (SELECT 1 FROM d AS a JOIN d AS b ON b.g = a.g "
     "AND b.v <> a.v WHERE a.g = p.g)"),
    # a TEXT PRIMARY KEY holds NULL twice in SQLite: no key there
    ("SELECT id FROM p WHERE (SELECT COUNT(*) FROM u WHERE u.g = p.g) >= 2",
     "SELECT id FROM p WHERE EXISTS (SELECT 1 FROM u AS a JOIN u AS b ON b.g = a.g "
     "AND b.k <> a.k WHERE a.g = p.g)"),
    # COUNT(DISTINCT v) and COUNT(v) skip a NULL v, COUNT(*) and EXISTS do not
    ("SELECT id FROM p WHERE (SELECT COUNT(DISTINCT v) FROM d WHERE d.g = p.g) >= 1",
     "SELECT id FROM p WHERE EXISTS (SELECT 1 FROM d WHERE d.g = p.g)"),
    ("SELECT id FROM p WHERE (SELECT COUNT(v) FROM q WHERE q.g = p.g) >= 1",
     "SELECT id FROM p WHERE EXISTS (SELECT 1 FROM q WHERE q.g = p.g)"),
    # off by one: > 2 is not two rows
    ("SELECT id FROM p WHERE (SELECT COUNT(*) FROM q WHERE q.g = p.g) > 2",
     "SELECT id FROM p WHERE EXISTS (SELECT 1 FROM q AS a JOIN q AS b ON b.g = a.g "
     "AND b.n <> a.n WHERE a.g = p.g)"),
    # MAX(v) <= 2 is NULL on a group of NULLs: some non-NULL v, not any row
    ("SELECT id FROM p WHERE g IN (SELECT g FROM q GROUP BY g HAVING MAX(v) <= 2)",
     "SELECT id FROM p WHERE NOT EXISTS (SELECT 1 FROM q WHERE q.g = p.g AND q.v > 2) "
     "AND EXISTS (SELECT 1 FROM q WHERE q.g = p.g)"),
    # a GROUP BY key not shown repeats the keys shown, once per group
    ("SELECT g FROM q GROUP BY g, v HAVING COUNT(*) >= 1", "SELECT DISTINCT g FROM q"),
    # SUM of a comparison is NULL on a group of NULLs, not 0
    ("SELECT g FROM q GROUP BY g HAVING SUM(v > 1) = 0",
     "SELECT DISTINCT g FROM q WHERE NOT EXISTS (SELECT 1 FROM q AS a WHERE a.g = q.g AND a.v > 1)"),
]


def _fill(con, rng, pick):
    for i in range(rng.choice([0, 1, 2, 3, 4])):
        con.execute("INSERT INTO p VALUES (?, ?, ?)", (i + 1, pick(), pick()))
    for _ in range(rng.choice([0, 1, 2, 3, 4, 5])):
        con.execute("INSERT OR IGNORE INTO q VALUES (?, ?, ?)",
                    (rng.choice([1, 2]), rng.choice([1, 2, 3]), pick()))
    for _ in range(rng.choice([0, 1, 2, 3, 4])):
        con.execute("INSERT OR IGNORE INTO u VALUES (?, ?, ?)",
                    (rng.choice([None, None, "k1", "k2"]), pick(), pick()))
    for _ in range(rng.choice([0, 1, 2, 3, 4])):
        con.execute("INSERT INTO d VALUES (?, ?)", (pick(), pick()))


def separated(gold: str, pred: str, n: int, seed: int) -> bool:
    return bag_separated(palette_databases(DDL, POOL, _fill, n, seed), gold, pred)


def proved(a: str, b: str) -> bool:
    """Proved on every database without the REAL -2**63 in an INTEGER column (which the
    verifier states, ``no_real_int_min``, wherever a query groups one: GROUP BY puts it
    with the INTEGER -2**63, DISTINCT keeps both; the pools here do not draw it)."""
    return proof(ir.lower(a, SCHEMA).query, ir.lower(b, SCHEMA).query, SCHEMA, "bag",
                 int_min_free=True) is not None


def test_a_group_of_an_integer_key_is_not_read_as_distinct_where_it_may_hold_the_real_int_min():
    gold, pred = PROVED[2]
    assert proved(gold, pred)
    assert not prove(ir.lower(gold, SCHEMA).query, ir.lower(pred, SCHEMA).query, SCHEMA, "bag")


@pytest.mark.parametrize("gold,pred", PROVED)
def test_proved_pairs_agree_in_sqlite(gold, pred):
    assert proved(gold, pred)
    assert not separated(gold, pred, n=150, seed=19)


@pytest.mark.parametrize("gold,pred", NEAR_MISSES)
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert not proved(gold, pred)
    assert separated(gold, pred, n=300, seed=3)
