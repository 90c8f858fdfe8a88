"""A LEFT JOIN whose left side is an inner join of tables, grouped by keys that single out
one row of that join (``join_keys``: each table's primary key grouped on, or equated without
conversion with a column of a table singled out already), is those rows with correlated
aggregates of their matches (``left_groups``): per enrolment and activity, the attempts
"including none". Each proof is checked on random databases in SQLite (NULLs, duplicates,
empty tables, every storage class); each near miss (a key not grouped on, a join by a
comparison other than ``=``, an equality that converts text to a number, a primary key
column that may be NULL, COUNT(*) of the padded row) stays unproved and SQLite separates it."""

from __future__ import annotations

import pytest
from tests.helpers.tiers import tiered
from tests.helpers.unbounded import assert_near_miss_on, assert_proved_on, palette_databases

from sqlverdict.schema import from_ddl

DDL = ("CREATE TABLE p(k INT NOT NULL, g INT NOT NULL, v TEXT, PRIMARY KEY (k, g));"
       "CREATE TABLE q(id INTEGER PRIMARY KEY, g INT NOT NULL, w REAL);"
       "CREATE TABLE m(k TEXT NOT NULL, g INT, PRIMARY KEY (k));"
       "CREATE TABLE n(k INT, g INT, PRIMARY KEY (k, g));"
       "CREATE TABLE c(k INT, id INT, x INT, s REAL)")
SCHEMA = from_ddl(DDL)
POOL = [0, 1, 2, 3, 1.0, 2.5, "1", "01", "abc", "", b"\x01", -3]


def _fill(con, rng, pick):
    for _ in range(rng.choice([0, 2, 3, 4, 5])):
        con.execute("INSERT OR IGNORE INTO p VALUES (?, ?, ?)",
                    (rng.choice([1, 2, pick() or 1]), rng.choice([1, 2, pick() or 2]), pick()))
        con.execute("INSERT OR IGNORE INTO q VALUES (?, ?, ?)",
                    (rng.choice([1, 2, 3]), rng.choice([1, 2, pick() or 1]), pick()))
        con.execute("INSERT OR IGNORE INTO m VALUES (?, ?)", (rng.choice(["1", "01", "1.0", "x"]), pick()))
        con.execute("INSERT OR IGNORE INTO n VALUES (?, ?)", (rng.choice([None, 1]), rng.choice([1, 2])))
        con.execute("INSERT INTO c VALUES (?, ?, ?, ?)",
                    (rng.choice([1, 2, pick()]), rng.choice([1, 2, 3, pick()]), pick(), pick()))


def _databases(n: int, seed: int):
    return palette_databases(DDL, POOL, _fill, n, seed)


PER_ROW = ("SELECT p.k, q.id, (SELECT COUNT(c.x) FROM c WHERE c.k = p.k AND c.id = q.id) "
           "FROM p JOIN q ON q.g = p.g")
PROVED = [
    # enrolment (p) joined with activity (q) by section (g), attempts (c) including none
    ("SELECT p.k, q.id, COUNT(c.x) FROM p JOIN q ON q.g = p.g "
     "LEFT JOIN c ON c.k = p.k AND c.id = q.id GROUP BY p.k, q.id", PER_ROW),
    ("SELECT p.k, q.id, COALESCE(MAX(c.s), 0), p.v FROM p JOIN q ON p.g = q.g "
     "LEFT JOIN c ON c.k = p.k AND c.id = q.id WHERE q.w > 1 GROUP BY q.id, p.k",
     "SELECT p.k, q.id, COALESCE((SELECT MAX(c.s) FROM c WHERE c.k = p.k AND c.id = q.id), 0), p.v "
     "FROM p JOIN q ON p.g = q.g WHERE q.w > 1"),
    # the equality in WHERE, the tables listed with a comma
    ("SELECT p.k, q.id, COUNT(c.x) FROM p, q LEFT JOIN c ON c.k = p.k AND c.id = q.id "
     "WHERE q.g = p.g GROUP BY p.k, q.id", PER_ROW),
    # HAVING on a count: a condition on the correlated count
    ("SELECT p.k, q.id FROM p JOIN q ON q.g = p.g LEFT JOIN c ON c.id = q.id "
     "GROUP BY p.k, q.id HAVING COUNT(c.x) = 0",
     "SELECT p.k, q.id FROM p JOIN q ON q.g = p.g WHERE (SELECT COUNT(c.x) FROM c WHERE c.id = q.id) = 0"),
]

NEAR_MISSES = [
    # grouped by the section, not the activity: several activities of a section in one group
    ("SELECT p.k, q.g, COUNT(c.x) FROM p JOIN q ON q.g = p.g "
     "LEFT JOIN c ON c.k = p.k AND c.id = q.id GROUP BY p.k, q.g",
     "SELECT p.k, q.g, (SELECT COUNT(c.x) FROM c WHERE c.k = p.k AND c.id = q.id) FROM p JOIN q ON q.g = p.g"),
    # keys equated with each other only: two enrolments of a student, each with its activity
    ("SELECT p.k, COUNT(c.x) FROM p JOIN q ON q.id = p.g LEFT JOIN c ON c.k = p.k GROUP BY p.k",
     "SELECT p.k, (SELECT COUNT(c.x) FROM c WHERE c.k = p.k) FROM p JOIN q ON q.id = p.g"),
    # joined by >=: several enrolments of a student meet one activity
    ("SELECT p.k, q.id, COUNT(c.x) FROM p JOIN q ON q.g >= p.g "
     "LEFT JOIN c ON c.k = p.k AND c.id = q.id GROUP BY p.k, q.id",
     "SELECT p.k, q.id, (SELECT COUNT(c.x) FROM c WHERE c.k = p.k AND c.id = q.id) FROM p JOIN q ON q.g >= p.g"),
    # a text key compared with an integer: '1' and '01' both equal 1
    ("SELECT q.id, COUNT(c.x) FROM q JOIN m ON m.k = q.id LEFT JOIN c ON c.id = q.id GROUP BY q.id",
     "SELECT q.id, (SELECT COUNT(c.x) FROM c WHERE c.id = q.id) FROM q JOIN m ON m.k = q.id"),
    # a primary key column that may be NULL: two rows (NULL, 1) in one group
    ("SELECT n.k, q.id, COUNT(c.x) FROM n JOIN q ON q.g = n.g LEFT JOIN c ON c.id = q.id GROUP BY n.k, q.id",
     "SELECT n.k, q.id, (SELECT COUNT(c.x) FROM c WHERE c.id = q.id) FROM n JOIN q ON q.g = n.g"),
    # COUNT(*) counts the padded row
    ("SELECT p.k, q.id, COUNT(*) FROM p JOIN q ON q.g = p.g "
     "LEFT JOIN c ON c.k = p.k AND c.id = q.id GROUP BY p.k, q.id", PER_ROW),
]


@pytest.mark.parametrize("gold,pred", tiered(PROVED, 2, unpack=True))
def test_proved_pairs_agree_in_sqlite(gold, pred):
    assert_proved_on(SCHEMA, _databases(150, 19), gold, pred)


@pytest.mark.parametrize("gold,pred", tiered(NEAR_MISSES, 2, unpack=True))
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert_near_miss_on(SCHEMA, _databases(300, 3), gold, pred)
