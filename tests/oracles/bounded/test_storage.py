"""``declared_storage_classes`` on solver proofs (``oracles/bounded/storage.py``): dropped
only where the queries read numeric columns as they are, which random databases with every
storage class in every column (real SQLite) never contradict; kept where a value of another
class separates the queries, each with its separating database."""

from __future__ import annotations

import random

import pytest
from tests.helpers.storage_classes import never_separated, run

import sqlverdict
from sqlverdict.oracles.bounded.pair import Pair
from sqlverdict.oracles.bounded.reads import computed_columns
from sqlverdict.oracles.bounded.storage import needs_storage
from sqlverdict.schema import from_ddl
from sqlverdict.sql.parse import read_sqlite
from sqlverdict.types import Status

STORAGE = "declared_storage_classes"

DDL = ("CREATE TABLE t (id INTEGER PRIMARY KEY, c INTEGER, d INTEGER, r REAL, s TEXT);"
       "CREATE TABLE u (k INTEGER, c INTEGER);")
SCHEMA = from_ddl(DDL, "storage")

# read as they are: compared, sorted, grouped, counted, returned, MIN/MAX
AS_IS = [
    ("SELECT c FROM t WHERE c > 5", "SELECT c FROM t WHERE NOT c <= 5"),
    ("SELECT c, d FROM t WHERE c = d", "SELECT d, c FROM t WHERE d = c"),
    ("SELECT MAX(c) FROM t",
     "SELECT (SELECT c FROM t WHERE c IS NOT NULL ORDER BY c DESC LIMIT 1)"),
    ("SELECT DISTINCT c FROM t", "SELECT c FROM t GROUP BY c"),
    # (the constant column keeps it a solver proof: count_of_distinct_rows rewrites it without)
    ("SELECT COUNT(DISTINCT c) FROM t WHERE c > 10",
     "SELECT COUNT(*) FROM (SELECT DISTINCT c, 1 FROM t WHERE c > 10)"),
    ("SELECT DISTINCT t.c FROM t JOIN u ON t.c = u.c",
     "SELECT DISTINCT t.c FROM t WHERE t.c IN (SELECT u.c FROM u)"),
    ("SELECT c FROM t WHERE c BETWEEN 0 AND 100", "SELECT c FROM t WHERE c >= 0 AND c <= 100"),
    ("SELECT COALESCE(c, d) FROM t", "SELECT CASE WHEN c IS NULL THEN d ELSE c END FROM t"),
    ("SELECT r FROM t WHERE r > 1.5", "SELECT r FROM t WHERE NOT r <= 1.5"),
]

# (why, separating rows of t, gold, pred): a value of another class separates them
KEPT = [
    ("a real between adjacent integer literals", [(1, 5.5, 0, 0.0, "x")],
     "SELECT c FROM t WHERE c > 5", "SELECT c FROM t WHERE c >= 6"),
    ("arithmetic reads text as a number", [(1, "a", 0, 0.0, "x")],
     "SELECT c + 0 FROM t", "SELECT c FROM t"),
    ("arithmetic under an alias", [(1, "a", 0, 0.0, "x")],
     "SELECT x + 0 FROM (SELECT c AS x FROM t)", "SELECT c FROM t"),
    ("arithmetic through a compound SELECT", [(1, "a", 0, 0.0, "x")],
     "SELECT y + 0 FROM (SELECT id AS y FROM t WHERE 0 UNION ALL SELECT c FROM t)",
     "SELECT c FROM t"),
    ("a text literal", [(1, "a", 0, 0.0, "x")],
     "SELECT c FROM t WHERE c = 'a'", "SELECT c FROM t WHERE 0"),
    ("no room between two literals", [(1, 1.5, 0, 0.0, "x")],
     "SELECT c FROM t WHERE c > 0 AND c < 2", "SELECT c FROM t WHERE c = 1"),
    ("a value read as a condition", [(1, "a", 0, 0.0, "x")],
     "SELECT id FROM t WHERE c", "SELECT id FROM t WHERE c <> 0"),
    ("a real literal in an INTEGER column", [(1, 2.5, 0, 0.0, "x")],
     "SELECT c FROM t WHERE c = 2.5", "SELECT c FROM t WHERE 0"),
    # carried by CASE into SUM (a solver proof stated nothing before: SUM('a') is 0.0)
    ("a value carried into a computation", [(1, "a", 0, 0.0, "x")],
     "SELECT id FROM t WHERE (SELECT SUM(CASE WHEN 1 THEN c END) FROM t AS x "
     "WHERE x.id = t.id) > 5", "SELECT id FROM t WHERE c > 5"),
]


def _needs(gold: str, pred: str) -> bool:
    pair = Pair(gold, pred, SCHEMA, "bag")
    width = len(read_sqlite(gold).selects)
    return needs_storage(pair, 3, tuple(range(width)))


POOL = [None, 0, 1, 2, 5, 6, 10, 11, 100, -1, 0.5, 1.5, 5.5, 10.5, 99.5, "a", "b", "", "5",
        " 7", "1.5", b"a", b"\x00"]


def _random_db(rng: random.Random) -> dict[str, list[tuple]]:
    t = [(i + 1, rng.choice(POOL), rng.choice(POOL), rng.choice(POOL), rng.choice(["a", "b"]))
         for i in range(rng.randint(0, 3))]
    u = [(rng.choice(POOL), rng.choice(POOL)) for _ in range(rng.randint(0, 3))]
    return {"t": t, "u": u}


@pytest.mark.parametrize("gold,pred", AS_IS)
def test_as_is_pairs_need_no_storage_and_sqlite_agrees(gold, pred):
    assert not _needs(gold, pred)
    never_separated(DDL, _random_db, gold, pred)  # every class, every column


@pytest.mark.parametrize("why,rows,gold,pred", KEPT, ids=[k[0] for k in KEPT])
def test_kept_where_another_class_separates(why, rows, gold, pred):
    assert _needs(gold, pred)
    g, p = run(DDL, {"t": rows}, gold, pred)
    assert g != p


def test_text_meeting_a_numeric_column_keeps_it():
    assert _needs("SELECT c FROM t WHERE c = s", "SELECT c FROM t WHERE s = c")
    assert _needs("SELECT c FROM t UNION SELECT COUNT(*) FROM u",
                  "SELECT COUNT(*) FROM u UNION SELECT c FROM t")


def test_solver_proof_states_it_only_where_needed():
    kept = sqlverdict.verify("SELECT c FROM t WHERE c > 5", "SELECT c FROM t WHERE c >= 6",
                             SCHEMA, search=False)
    assert kept.status == Status.VERIFIED and "declared_storage_classes" in kept.assumptions
    dropped = sqlverdict.verify(*AS_IS[4], SCHEMA, search=False)
    assert dropped.status == Status.VERIFIED and dropped.method == "solver"
    assert "declared_storage_classes" not in dropped.assumptions


def test_computed_columns_follow_aliases_and_compound_positions():
    """A rewriting proof that computes on an alias states the assumption of the column
    behind it (``SELECT x + 0 FROM (SELECT c AS x FROM t)`` read ``x`` only)."""
    def names(q):
        return computed_columns(read_sqlite(q))
    assert "c" in names("SELECT x + 0 FROM (SELECT c AS x FROM t)")
    assert "c" in names("WITH v(x) AS (SELECT c FROM t) SELECT x * 2 FROM v")
    assert "c" in names("SELECT y || '' FROM (SELECT s AS y FROM t UNION SELECT c FROM t)")
    assert "c" not in names("SELECT c FROM t WHERE c > 5 ORDER BY c")
    r = sqlverdict.verify("SELECT x + 0 FROM (SELECT c AS x FROM t)", "SELECT c FROM t",
                          SCHEMA, search=False)
    assert r.status != Status.VERIFIED or "declared_storage_classes" in r.assumptions


def test_date_columns_rest_on_their_own_assumption(monkeypatch):
    """A DATE column holds text in the encoding: ``date_columns_hold_text`` states it (a
    number or a BLOB there breaks it), not ``declared_storage_classes``. (The solver's
    proof: congruence proves the pair too, with the same ``d > '2020'`` on both sides.)"""
    from sqlverdict.oracles.bounded.breaks import broken
    from sqlverdict.oracles.bounded.proofs import ENV

    monkeypatch.setenv(ENV, "same_ir,rewriting")

    s = from_ddl("CREATE TABLE e (id INTEGER PRIMARY KEY, d DATE, n TEXT)", "dates")
    # (``id IN (SELECT id FROM e WHERE n = 'x')`` is ``n = 'x'`` by rewriting, in_own_row:
    # the grouped subquery keeps the proof the solver's)
    gold = ("SELECT n FROM e WHERE d > '2020' AND id IN (SELECT MAX(id) FROM e AS f "
            "WHERE n = 'x' GROUP BY f.id)")
    pred = "SELECT n FROM e WHERE n = 'x' AND d > '2020'"
    r = sqlverdict.verify(gold, pred, s, search=False)
    assert r.status == Status.VERIFIED and r.method == "solver"
    assert "date_columns_hold_text" in r.assumptions and STORAGE not in r.assumptions
    assert [str(a) for a in broken({"e": [[1, b"2021", "x"]]}, s, literals=["x"])] == [
        "date_columns_hold_text"]
    assert [str(a) for a in broken({"e": [[1, 20210101, "x"]]}, s, literals=["x"])] == [
        "date_columns_hold_text"]
