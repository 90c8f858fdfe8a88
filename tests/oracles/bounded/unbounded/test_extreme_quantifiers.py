"""Comparisons with MIN and MAX read as quantifiers (``unbounded.extreme_quantifiers``):
``x > (SELECT MAX(c) ..)`` as "some non-NULL ``c`` and none ``>= x``", ``MIN(a) <
(SELECT MAX(c) ..)`` in a HAVING as "some ``a`` below some ``c``", ``MIN(v) = 1 AND MAX(v)
= 1`` per group, a grouped join's HAVING against the scalar sub-query where the hidden GROUP
BY key is fixed by a never-NULL primary key shown. Each proof is checked on random
databases in SQLite (NULLs, empty and all-NULL bags, ties, 1 and 1.0, '10' against 9,
blobs); each near miss (an empty bag, an all-NULL bag, a NULL ``x``, a tie at the bound,
a TEXT value against an INTEGER column, a non-key GROUP BY, a TEXT PRIMARY KEY holding
NULL) stays unproved and SQLite separates it."""

from __future__ import annotations

import pytest
from tests.helpers.tiers import tiered
from tests.helpers.unbounded import bag_separated, palette_databases

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.unbounded import proof
from sqlverdict.schema import from_ddl

DDL = ("CREATE TABLE t(id INTEGER PRIMARY KEY, x INT, s TEXT);"
       "CREATE TABLE r(rid INTEGER PRIMARY KEY, tid INT, c INT, w TEXT);"
       "CREATE TABLE k(g INT NOT NULL, n INT NOT NULL, v INT, PRIMARY KEY (g, n));"
       "CREATE TABLE u(k TEXT PRIMARY KEY, g INT, v INT)")
SCHEMA = from_ddl(DDL)
POOL = [None, 0, 1, 2, 1.0, "1", "a", 9, "10", 2.0, b"\x01", 3]

_ALL = ("x IS NOT NULL AND EXISTS (SELECT 1 FROM r WHERE r.tid = t.id AND r.c IS NOT NULL) "
        "AND NOT EXISTS (SELECT 1 FROM r WHERE r.tid = t.id AND r.c {} t.x)")

PROVED = [
    ("SELECT id FROM t WHERE x > (SELECT MAX(c) FROM r WHERE r.tid = t.id)",
     "SELECT id FROM t WHERE " + _ALL.format(">=")),
    ("SELECT id FROM t WHERE (SELECT MAX(c) FROM r WHERE r.tid = t.id) <= x",
     "SELECT id FROM t WHERE " + _ALL.format(">")),
    ("SELECT id FROM t WHERE x <= (SELECT MIN(c) FROM r WHERE r.tid = t.id)",
     "SELECT id FROM t WHERE " + _ALL.format("<")),
    ("SELECT tid FROM r GROUP BY tid HAVING MIN(c) < (SELECT MAX(v) FROM k WHERE k.g = r.tid)",
     "SELECT DISTINCT r.tid FROM r JOIN k ON k.g = r.tid WHERE r.c < k.v"),
    ("SELECT t.id FROM t WHERE t.x > (SELECT MAX(r.c) FROM r WHERE r.tid = t.id)",
     "SELECT t.id FROM t JOIN r ON r.tid = t.id GROUP BY t.id, t.x HAVING t.x > MAX(r.c)"),
    ("SELECT g FROM k GROUP BY g HAVING MIN(v) = 1 AND MAX(v) = 1",
     "SELECT DISTINCT g FROM k WHERE EXISTS (SELECT 1 FROM k AS b WHERE b.g = k.g AND b.v = 1) "
     "AND NOT EXISTS (SELECT 1 FROM k AS a WHERE a.g = k.g AND a.v <> 1)"),
    # both universal; a group's never-NULL n has a MAX: no EXISTS needed for it
    ("SELECT g FROM k GROUP BY g HAVING MAX(n) < (SELECT MIN(c) FROM r WHERE r.tid = k.g)",
     "SELECT DISTINCT g FROM k WHERE NOT EXISTS (SELECT 1 FROM k AS a JOIN r ON r.tid = k.g "
     "WHERE a.g = k.g AND a.n >= r.c) AND EXISTS (SELECT 1 FROM r WHERE r.tid = k.g "
     "AND r.c IS NOT NULL)"),
]

NEAR_MISSES = [
    # an empty bag and a NULL x: MAX is NULL, NOT EXISTS holds
    ("SELECT id FROM t WHERE x > (SELECT MAX(c) FROM r WHERE r.tid = t.id)",
     "SELECT id FROM t WHERE NOT EXISTS (SELECT 1 FROM r WHERE r.tid = t.id AND r.c >= t.x)"),
    # an all-NULL bag: some row, no value
    ("SELECT id FROM t WHERE x > (SELECT MAX(c) FROM r WHERE r.tid = t.id)",
     "SELECT id FROM t WHERE x IS NOT NULL AND EXISTS (SELECT 1 FROM r WHERE r.tid = t.id) "
     "AND NOT EXISTS (SELECT 1 FROM r WHERE r.tid = t.id AND r.c >= t.x)"),
    # a NULL x under the universal reading
    ("SELECT id FROM t WHERE x > (SELECT MAX(c) FROM r WHERE r.tid = t.id)",
     "SELECT id FROM t WHERE EXISTS (SELECT 1 FROM r WHERE r.tid = t.id AND r.c IS NOT NULL) "
     "AND NOT EXISTS (SELECT 1 FROM r WHERE r.tid = t.id AND r.c >= t.x)"),
    # a tie at the bound: > is not >=
    ("SELECT id FROM t WHERE x >= (SELECT MAX(c) FROM r WHERE r.tid = t.id)",
     "SELECT id FROM t WHERE " + _ALL.format(">=")),
    # a GROUP BY key not fixed by the keys shown: its groups repeat them
    ("SELECT t.x FROM t WHERE t.x > (SELECT MAX(r.c) FROM r WHERE r.tid = t.x)",
     "SELECT t.x FROM t JOIN r ON r.tid = t.x GROUP BY t.x HAVING t.x > MAX(r.c)"),
    # a TEXT PRIMARY KEY holds NULL twice: no key there
    ("SELECT u.k FROM u WHERE u.v > (SELECT MAX(r.c) FROM r WHERE r.tid = u.g)",
     "SELECT u.k FROM u JOIN r ON r.tid = u.g GROUP BY u.k, u.v HAVING u.v > MAX(r.c)"),
    # ... but the sub-query's bag may be empty or all NULL
    ("SELECT g FROM k GROUP BY g HAVING MAX(n) < (SELECT MIN(c) FROM r WHERE r.tid = k.g)",
     "SELECT DISTINCT g FROM k WHERE NOT EXISTS (SELECT 1 FROM k AS a JOIN r ON r.tid = k.g "
     "WHERE a.g = k.g AND a.n >= r.c)"),
    # MAX below MAX is "every n below some c", not "below every c"
    ("SELECT g FROM k GROUP BY g HAVING MAX(n) < (SELECT MAX(c) FROM r WHERE r.tid = k.g)",
     "SELECT DISTINCT g FROM k WHERE NOT EXISTS (SELECT 1 FROM k AS a JOIN r ON r.tid = k.g "
     "WHERE a.g = k.g AND a.n >= r.c) AND EXISTS (SELECT 1 FROM r WHERE r.tid = k.g "
     "AND r.c IS NOT NULL)"),
    # MIN below some c is not every value below
    ("SELECT tid FROM r GROUP BY tid HAVING MAX(c) < (SELECT MAX(v) FROM k WHERE k.g = r.tid)",
     "SELECT DISTINCT r.tid FROM r JOIN k ON k.g = r.tid WHERE r.c < k.v"),
]


def _fill(con, rng, pick):
    for i in range(rng.choice([0, 1, 2, 3])):
        con.execute("INSERT INTO t VALUES (?, ?, ?)", (i + 1, pick(), pick()))
    for i in range(rng.choice([0, 1, 2, 3, 4])):
        con.execute("INSERT INTO r VALUES (?, ?, ?, ?)",
                    (i + 1, rng.choice([1, 2, 3, None]), pick(), pick()))
    for _ in range(rng.choice([0, 1, 2, 3, 4])):
        con.execute("INSERT OR IGNORE INTO k VALUES (?, ?, ?)",
                    (rng.choice([1, 2]), rng.choice([1, 2, 3]), pick()))
    for _ in range(rng.choice([0, 1, 2, 3])):
        con.execute("INSERT OR IGNORE INTO u VALUES (?, ?, ?)",
                    (rng.choice([None, None, "k1", "k2"]), rng.choice([1, 2]), pick()))


def separated(gold: str, pred: str, n: int, seed: int) -> bool:
    return bag_separated(palette_databases(DDL, POOL, _fill, n, seed), gold, pred)


def proved(a: str, b: str, budget_s: float = 120.0) -> bool:
    """(The proofs take well under a second on a quiet machine; the wall clock is far beyond
    that, so a loaded one cannot fail them; a near miss is given 2 s, which it only wastes.)"""
    return proof(ir.lower(a, SCHEMA).query, ir.lower(b, SCHEMA).query, SCHEMA, "bag",
                 budget_s=budget_s, int_min_free=True) is not None


@pytest.mark.parametrize("gold,pred", tiered(PROVED, 2, unpack=True))
def test_proved_pairs_agree_in_sqlite(gold, pred):
    assert proved(gold, pred)
    assert not separated(gold, pred, n=150, seed=19)


@pytest.mark.parametrize("gold,pred", NEAR_MISSES)
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert not proved(gold, pred, budget_s=2.0)
    assert separated(gold, pred, n=300, seed=3)
