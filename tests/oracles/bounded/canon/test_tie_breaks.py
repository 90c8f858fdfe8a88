"""``canon/tie_breaks.py`` against SQLite on random databases (NULLs, duplicates, empty
tables, every storage class; ``tests/helpers/rule_databases.py``), and on a schema of its
own where ties are made on purpose: INTEGER ``1`` beside REAL ``-2**63`` and the INTEGER
``-2**63``, ``'a'`` beside ``'A'`` under NOCASE, all-NULL sort keys. Where
``top_one_tie_break`` or ``top_group_as_having`` equates a top-1 row with its extremum
form, SQLite returns the same row on every database; near misses are told apart."""

from __future__ import annotations

import random
import sqlite3
from collections import Counter

import pytest
from tests.helpers.rule_databases import (
    assert_apart_and_separated,
    assert_equated_and_agreeing,
    fixture_cases,
)

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical, without
from sqlverdict.oracles.bounded.canon.empty import may_cut_ties
from sqlverdict.oracles.bounded.canon.tie_breaks import groups_apart, rows_apart
from sqlverdict.schema import from_ddl

FIRES, NEAR = fixture_cases("top_one_tie_break", "top_group_as_having")

DDL = ("CREATE TABLE r(id INTEGER PRIMARY KEY, i INTEGER, t TEXT, tn TEXT NOT NULL, x REAL,"
       " c TEXT COLLATE NOCASE, g INT, u)")
SCHEMA = from_ddl(DDL)
INTS = [None, 0, 1, 1, 2, -2**63, -9223372036854775808.0, "1", "x", b"\x01"]
TEXTS = [None, "a", "A", "b", "1", 1, 2.5, b"\x01"]

PAIRS = [  # (gold, pred, the rules equate them, SQLite agrees on every database)
    ("SELECT id, t FROM r WHERE i IS NOT NULL ORDER BY i DESC, id LIMIT 1",
     "SELECT id, t FROM r WHERE id = (SELECT MIN(id) FROM r WHERE i = (SELECT MAX(i) FROM r))", True, True),
    ("SELECT id FROM r WHERE t IS NOT NULL AND g = 1 ORDER BY t, id DESC LIMIT 1",
     "SELECT id FROM r WHERE id = (SELECT MAX(id) FROM r WHERE g = 1 AND t = "
     "(SELECT MIN(t) FROM r WHERE g = 1))", True, True),
    ("SELECT tn, x FROM r WHERE x IS NOT NULL ORDER BY tn DESC, x, id LIMIT 1",
     "SELECT tn, x FROM r WHERE id = (SELECT MIN(id) FROM r WHERE x IS NOT NULL AND tn = "
     "(SELECT MAX(tn) FROM r WHERE x IS NOT NULL) AND x = (SELECT MIN(x) FROM r WHERE tn = "
     "(SELECT MAX(tn) FROM r WHERE x IS NOT NULL)))", True, True),
    ("SELECT g FROM r GROUP BY g ORDER BY COUNT(*) DESC, g LIMIT 1",
     "SELECT g FROM r GROUP BY g HAVING COUNT(*) = (SELECT MAX(n) FROM (SELECT COUNT(*) AS n "
     "FROM r GROUP BY g) AS d) ORDER BY g LIMIT 1", True, True),
    ("SELECT i, COUNT(t) FROM r WHERE g > 0 GROUP BY i HAVING COUNT(*) > 1 ORDER BY COUNT(t), i DESC LIMIT 1",
     "SELECT i, COUNT(t) FROM r WHERE g > 0 GROUP BY i HAVING COUNT(*) > 1 AND COUNT(t) = (SELECT "
     "MIN(n) FROM (SELECT COUNT(t) AS n FROM r WHERE g > 0 GROUP BY i HAVING COUNT(*) > 1) AS d) "
     "ORDER BY i DESC LIMIT 1", True, True),
    # NOCASE: ORDER BY, MAX and = tie 'a' with 'A' alike; the rule stays away all the same
    ("SELECT id FROM r WHERE c IS NOT NULL ORDER BY c DESC, id LIMIT 1",
     "SELECT id FROM r WHERE id = (SELECT MIN(id) FROM r WHERE c = (SELECT MAX(c) FROM r))", False, True),
    # near misses
    ("SELECT id FROM r ORDER BY i DESC, id LIMIT 1",  # every i NULL: a row against none
     "SELECT id FROM r WHERE id = (SELECT MIN(id) FROM r WHERE i = (SELECT MAX(i) FROM r))", False, False),
    ("SELECT id FROM r WHERE i IS NOT NULL ORDER BY i DESC, g LIMIT 1",  # g no key
     "SELECT id FROM r WHERE g = (SELECT MIN(g) FROM r WHERE i = (SELECT MAX(i) FROM r))", False, False),
    ("SELECT g FROM r GROUP BY g ORDER BY MAX(i) DESC, g LIMIT 1",  # MAX may be NULL
     "SELECT g FROM r GROUP BY g HAVING MAX(i) = (SELECT MAX(n) FROM (SELECT MAX(i) AS n "
     "FROM r GROUP BY g) AS d) ORDER BY g LIMIT 1", False, False),
]


def _databases(n: int, seed: int):
    rng = random.Random(seed)
    for _ in range(n):
        db = sqlite3.connect(":memory:")
        db.executescript(DDL)
        for _ in range(rng.randint(0, 6)):
            db.execute("INSERT INTO r(i, t, tn, x, c, g, u) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (rng.choice(INTS), rng.choice(TEXTS), rng.choice(["a", "A", "b", 1, 1.0]),
                        rng.choice([None, 1, 1.0, 0.5, "x"]), rng.choice(["a", "A", "b", None]),
                        rng.choice([None, 0, 1, 1, 2]), rng.choice(INTS)))
        yield db


def _exact(db, sql: str) -> Counter:
    """Rows with each value's class (Python reads 1 == 1.0)."""
    return Counter(repr(tuple((type(v).__name__, v) for v in r)) for r in db.execute(sql))


def _forms(gold: str, pred: str, rules=None):
    args = () if rules is None else (rules,)
    return tuple(canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag", *args) for sql in (gold, pred))


@pytest.mark.parametrize("gold, pred, equal, agree", PAIRS)
def test_equated_pairs_return_the_same_values_of_the_same_classes(gold, pred, equal, agree):
    g, p = _forms(gold, pred)
    assert (g == p) == equal
    assert all(_exact(db, gold) == _exact(db, pred) for db in _databases(600, 5)) == agree


@pytest.mark.parametrize("gold, pred, equal, agree", [p for p in PAIRS if p[2]])
def test_only_these_rules_equate_them(gold, pred, equal, agree):
    g, p = _forms(gold, pred, without("top_one_tie_break", "top_group_as_having"))
    assert g != p


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_fixture_pairs_agree_on_every_storage_class(case):
    assert_equated_and_agreeing(case, 400)


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_fixture_near_misses_are_told_apart(case):
    assert_apart_and_separated(case, 400)


@pytest.mark.parametrize("sql, apart", [
    ("SELECT g, COUNT(*) FROM r GROUP BY g ORDER BY COUNT(*) DESC, g LIMIT 1", True),
    ("SELECT i, t FROM r GROUP BY t, i ORDER BY i, COUNT(*), t LIMIT 2", True),
    ("SELECT g FROM r GROUP BY g, t ORDER BY COUNT(*) DESC, g LIMIT 1", False),  # t not ordered
    ("SELECT g FROM r ORDER BY g LIMIT 1", False),  # no groups
])
def test_groups_ordered_by_every_key_never_tie(sql, apart):
    q = ir.lower(sql, SCHEMA).query
    assert groups_apart(q) == apart
    assert may_cut_ties(q, SCHEMA) == (not apart)
    for db in _databases(200, 9):  # SQLite: no two groups equal on the ORDER BY keys
        rows = db.execute(sql.split(" LIMIT")[0].replace("SELECT", "SELECT COUNT(*) OVER (PARTITION BY "
                          + sql.split("ORDER BY ")[1].split(" LIMIT")[0].replace(" DESC", "") + "),", 1)).fetchall()
        assert not apart or all(r[0] == 1 for r in rows)


@pytest.mark.parametrize("sql, apart", [
    ("SELECT t FROM r ORDER BY i DESC, id LIMIT 1", True),  # i NULLable: id breaks its ties
    ("SELECT t FROM r ORDER BY i + 1, tn, id DESC LIMIT 2", True),
    ("SELECT t FROM r WHERE id = 3 ORDER BY i LIMIT 1", True),  # one row at most
    ("SELECT t FROM r ORDER BY i, g LIMIT 1", False),
    ("SELECT DISTINCT t FROM r ORDER BY id LIMIT 1", False),  # DISTINCT: the rule stays away
])
def test_rows_ordered_by_a_unique_key_never_tie(sql, apart):
    q = ir.lower(sql, SCHEMA).query
    assert rows_apart(q, SCHEMA) == apart
    if apart:
        assert not may_cut_ties(q, SCHEMA)
    keys = sql.split("ORDER BY ")[1].split(" LIMIT")[0].replace(" DESC", "")
    where = " WHERE id = 3" if "WHERE" in sql else ""
    for db in _databases(200, 11):  # SQLite: no two kept rows equal on every ORDER BY key
        counts = db.execute(f"SELECT COUNT(*) FROM r{where} GROUP BY {keys}").fetchall()
        assert not apart or all(n == 1 for (n,) in counts)


def test_a_correlated_grouped_top_one_stays():
    """Its copy would be a derived table reading an outer column: the rule stays away."""
    from sqlverdict.oracles.bounded.canon.tie_breaks import top_group_as_having

    q = ir.lower("SELECT id, (SELECT g FROM r AS s WHERE s.i = r.id GROUP BY g "
                 "ORDER BY COUNT(*) DESC, g LIMIT 1) FROM r", SCHEMA).query
    sub = q.items[1].query
    assert top_group_as_having(sub) is sub
