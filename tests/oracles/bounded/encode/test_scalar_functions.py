"""The symbolic semantics of SQLite's scalar ``MIN(a, b, ...)``/``MAX(a, b, ...)``, of
``floor``/``ceil``/``trunc``, of ``CAST(real AS INTEGER)`` and of ROUND's digits (a huge integer keeps its low 32 bits, a real is truncated, both clamped
to 0..30) against SQLite itself, on random databases: NULLs, duplicates, empty tables,
integers up to the ends of 64 bits, reals, text (where an integer meets a real in one MAX,
integers that doubles hold exactly: the encoding computes reals exactly there, the
``exact_reals`` assumption its verdicts state; so too for ROUND of reals of more than 15
significant digits, which SQLite's printf cuts). Values of other classes than the declared
ones (a BLOB, text in an INT column) are the storage assumption's, which the verdict
states; the unbounded prover's reading meets them (``unbounded/test_scalar_min_max.py``).
"""

from __future__ import annotations

import random
import re
import sqlite3

import pytest
from tests.helpers.tiers import tiered

from sqlverdict.engine.compare import results_equal
from sqlverdict.engine.materialize import create_table_sql
from sqlverdict.errors import UnsupportedSQL
from sqlverdict.oracles.bounded.prover import evaluate_symbolic
from sqlverdict.schema import from_ddl

SCHEMA = from_ddl("CREATE TABLE t(id INTEGER PRIMARY KEY, a INT, b INT, r REAL, s TEXT, u TEXT)")
INTS = [None, 0, 1, -1, 2, 3, 7, 2**53 + 1, 2**62, 2**63 - 1, -(2**63)]
EXACT = [None, 0, 1, -1, 2, 3, 7, 2**53, -(2**52) - 1]  # integers a double holds exactly
REALS = [None, 0.0, -0.5, 0.5, 1.0, 2.0, 2.5, 3.75, 1e15 + 0.5, -7.25, 123.456]
TEXTS = [None, "", "a", "B", "b", "m", "abc", "2", "zz"]

QUERIES = [
    "SELECT id, MAX(a, b) FROM t",
    "SELECT id, MIN(a, b) FROM t",
    "SELECT id, MIN(a, b, 3) FROM t",
    "SELECT id, MAX(3, a, b, -1) FROM t",
    "SELECT id, MAX(a, r), MIN(r, a) FROM t",
    "SELECT id, MIN(r, a, b, 2.5) FROM t",
    "SELECT id, MAX(s, u), MIN(s, u) FROM t",
    "SELECT id, MIN(s, 'm', u), MAX('b', s) FROM t",
    "SELECT id, MAX(a, NULL), MIN(NULL, s) FROM t",
    "SELECT id, MAX(a, b) + 1, MIN(a, 2) * 2 FROM t",
    "SELECT id FROM t WHERE MAX(a, b) > 2",
    "SELECT id FROM t WHERE MIN(s, u) = 'a' OR MAX(r, 1) < 2",
    "SELECT MAX(a, b), count(*) FROM t GROUP BY MAX(a, b)",
    "SELECT max(MIN(a, b)), min(MAX(r, a)) FROM t",
    "SELECT id, MAX(COALESCE(a, b), COALESCE(b, a)) FROM t",
    "SELECT id, MIN(CASE WHEN a > 0 THEN a END, b) FROM t",
    "SELECT id, ROUND(r, 4294967297), ROUND(r, -4294967295) FROM t",
    "SELECT id, ROUND(r, 2147483648), ROUND(r, 1.9), ROUND(r, -0.5) FROM t",
    "SELECT id, ROUND(r, 40), ROUND(r, 1e3), ROUND(r, -2) FROM t",
    "SELECT id, FLOOR(r), CEIL(r), TRUNC(r), FLOOR(a), CEILING(b), TRUNC(a) FROM t",
    "SELECT id, FLOOR(r / 2), CEIL(-r), TRUNC(r * 3) FROM t",
    "SELECT id FROM t WHERE FLOOR(r) = CEIL(r) OR TRUNC(r) > 2",
    "SELECT FLOOR(r), count(*) FROM t GROUP BY FLOOR(r)",
    # past the 64-bit range a cast gives its nearest end (1e19 -> 2**63 - 1)
    "SELECT id, CAST(r * 1e18 AS INTEGER), CAST(r * -1e18 AS INTEGER), CAST(r AS INT) FROM t",
]


def _database(rng: random.Random, ints: list, reals: list) -> dict:
    rows = []
    for i in rng.sample(range(1, 9), rng.randint(0, 3)):
        rows.append((i, rng.choice(ints), rng.choice(ints), rng.choice(reals),
                     rng.choice(TEXTS), rng.choice(TEXTS)))
    if rows and rng.random() < 0.3:  # a duplicate of the values under another id
        rows.append((20,) + rows[0][1:])
    return {"t": sorted(rows)}


def _sqlite(tables: dict, sql: str):
    conn = sqlite3.connect(":memory:")
    try:
        conn.execute(create_table_sql(SCHEMA.tables[0]))
        conn.executemany("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)", tables["t"])
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


@pytest.mark.parametrize("sql", tiered(QUERIES, 3))
def test_symbolic_values_are_sqlites(sql):
    rng = random.Random(sql)
    mixed = re.search(r"(MAX|MIN)\([^)]*\br\b", sql, re.I) is not None  # an integer meets a real
    for _ in range(40):
        db = _database(rng, EXACT if mixed else INTS,
                       [v for v in REALS if "ROUND" not in sql or v != 1e15 + 0.5])
        expected = _sqlite(db, sql)
        got, ties = evaluate_symbolic(sql, SCHEMA, db, with_ties=True)
        assert not ties
        assert results_equal(expected, got, "bag"), f"{sql}\nSQLite: {expected}\nsymbolic: {got}\ndb: {db}"


@pytest.mark.parametrize("sql", ["SELECT MAX(a, s) FROM t", "SELECT MIN(r, u, 1) FROM t",
                                 "SELECT FLOOR(s) FROM t"])
def test_text_against_numbers_is_refused(sql):
    """SQLite orders every number below every text; the encoding has one class per value,
    so a MAX of a number and a text is refused (as COALESCE of both is), never guessed."""
    with pytest.raises(UnsupportedSQL, match="mixing|of text"):
        evaluate_symbolic(sql, SCHEMA, {"t": []})


def test_integer_cells_stay_within_64_bits():
    """The solver's INTEGER cells hold what SQLite's do: no model past the 64-bit range,
    where CAST(ROUND(b) AS INTEGER) (PostgreSQL's CAST of an integer as translated) would
    clamp and no table could hold the value; with reals exact (the assumption the verdict
    states: past 2**53 ROUND's double loses b, which the search may show) it is b."""
    from sqlverdict import verify
    from sqlverdict.types import Status

    r = verify("SELECT id, CAST(a AS INTEGER) FROM t", "SELECT id, a + 0 FROM t", SCHEMA,
               bound=2, timeout_s=20, dialect="postgres", search=False)
    assert r.translation[0] == "SELECT id, CAST(ROUND(a) AS INTEGER) FROM t"
    assert r.status == Status.VERIFIED

