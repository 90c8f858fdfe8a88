"""The aggregate laws of ``canon/aggregates.py`` against SQLite.

Every pair the fixtures of the aggregate rules equate (``tests/fixtures/rules/<rule>.sql``)
is attacked again, harder than ``test_rules`` does: larger random databases, other seeds,
and values SQLite keeps in another class than declared (text in INTEGER columns) where the
proof does not rest on declared classes. ``avg_of_sum_count`` is checked on the values it
is about: SQLite's AVG against ``SUM / COUNT`` over random reals and integers, and the
integers where the two part (sums past 2**53, 64-bit overflow), which the proof's
``integer_sums_exact`` names and ``breaks`` detects.
"""

from __future__ import annotations

import random
import sqlite3

import pytest
from tests.helpers.pairs import load

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.breaks import broken
from sqlverdict.oracles.bounded.canon import canonical, without
from sqlverdict.oracles.bounded.outcome import Assumption, Method
from sqlverdict.oracles.bounded.pair import Pair
from sqlverdict.oracles.bounded.prover import settle
from sqlverdict.oracles.bounded.search import search
from sqlverdict.schema import from_ddl

AGGREGATE_RULES = {"merge_grouped_join", "distinct_rows_aggregate",
                   "count_positive_as_group", "avg_of_sum_count",
                   "merge_distinct", "combine_limits", "union_top_n"}
FIRES = [c for c in load("rules") if c.path.stem in AGGREGATE_RULES and c.get("fires") == "yes"]


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
@pytest.mark.parametrize(("bound", "seed"), [(5, 11), (3, 23)])
def test_equated_pairs_agree_on_more_random_databases(case, bound, seed):
    r = search(Pair(case.gold, case.pred, case.schema(), case.semantics), bound=bound,
               max_trials=200, seed=seed)
    assert r.witness is None, f"SQLite separates a pair an aggregate rule equates: {r.witness}"


DDL = "CREATE TABLE m(g INT, i INT, x REAL)"
SCHEMA = from_ddl(DDL)


def _rows(rng, n):
    return [(rng.choice([None, 1, 2]), rng.choice([None, rng.randint(-10**6, 10**6)]),
             rng.choice([None, rng.uniform(-1e6, 1e6), rng.randint(-50, 50), 0.1]))
            for _ in range(n)]


def test_avg_is_sum_over_count_of_reals_and_of_exact_integer_sums_in_sqlite():
    rng = random.Random(5)
    db = sqlite3.connect(":memory:")
    db.execute(DDL)
    for _ in range(200):
        db.execute("DELETE FROM m")
        db.executemany("INSERT INTO m VALUES (?, ?, ?)", _rows(rng, rng.randint(0, 8)))
        for avg, quotient in (("AVG(x)", "SUM(x) / COUNT(x)"),
                              ("AVG(i)", "CAST(SUM(i) AS REAL) / COUNT(i)"),
                              ("AVG(DISTINCT x)", "SUM(DISTINCT x) / COUNT(DISTINCT x)")):
            a = db.execute(f"SELECT g, {avg} FROM m GROUP BY g ORDER BY g").fetchall()
            b = db.execute(f"SELECT g, {quotient} FROM m GROUP BY g ORDER BY g").fetchall()
            assert a == b, (avg, quotient)


def test_integer_sums_past_the_exact_range_part_avg_from_sum():
    db = sqlite3.connect(":memory:")
    db.execute(DDL)
    db.executemany("INSERT INTO m VALUES (1, ?, NULL)", [(2**62,), (2**62,)])
    with pytest.raises(sqlite3.OperationalError, match="overflow"):
        db.execute("SELECT CAST(SUM(i) AS REAL) / COUNT(i) FROM m").fetchall()
    assert db.execute("SELECT AVG(i) FROM m").fetchall() == [(2.0**62,)]
    big = {"m": [[1, 2**62, None], [1, 2**62, None]]}
    assert Assumption.SUMS_EXACT in broken(big, SCHEMA)
    assert Assumption.SUMS_EXACT not in broken({"m": [[1, 5, 0.5], [2, -7, None]]}, SCHEMA)


def test_a_proof_by_the_avg_law_states_integer_sums_exact():
    gold = "SELECT g, AVG(i) FROM m GROUP BY g"
    r = settle(Pair(gold, "SELECT g, CAST(SUM(i) AS REAL) / COUNT(i) FROM m GROUP BY g",
                    SCHEMA, "bag"), 3)
    assert r is not None and r.method is Method.REWRITING
    assert Assumption.SUMS_EXACT in r.assumptions
    other = settle(Pair(gold, "SELECT m.g, AVG(m.i) FROM m AS m WHERE 1 = 1 GROUP BY m.g",
                        SCHEMA, "bag"), 3)
    assert other is not None and Assumption.SUMS_EXACT not in other.assumptions
    # integer division is no AVG: no proof
    assert settle(Pair(gold, "SELECT g, SUM(i) / COUNT(i) FROM m GROUP BY g", SCHEMA, "bag"), 3) is None


def test_sum_over_count_of_an_integer_column_without_cast_keeps_its_form():
    forms = [canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag")
             for sql in ("SELECT AVG(i) FROM m", "SELECT SUM(i) / COUNT(i) FROM m",
                         "SELECT SUM(x) / COUNT(x) FROM m")]
    assert forms[0] != forms[1]
    assert canonical(ir.lower("SELECT AVG(x) FROM m", SCHEMA).query, SCHEMA, "bag") == forms[2]
    off = without("avg_of_sum_count")
    assert (canonical(ir.lower("SELECT AVG(x) FROM m", SCHEMA).query, SCHEMA, "bag", off)
            != canonical(ir.lower("SELECT SUM(x) / COUNT(x) FROM m", SCHEMA).query, SCHEMA, "bag", off))
