"""``canon/join_counts.py`` against SQLite on random databases of the rules' schema: where
``declared_distinct_count`` or ``filtered_parent_count`` equates a count over a join with a
distinct count, SQLite agrees on databases with NULLs, duplicates, empty tables and a value
of every storage class (foreign keys broken, and kept); where ``summed_join_as_subquery`` or
``summed_subquery_as_inner_group`` (laws of the typed domain) equates a join's integer sum
with a correlated one, SQLite agrees on typed databases (integers at both ends of 2**40,
NULLs, orphans, rows without partners). 1 is told from 1.0. Each near miss stays apart and
some database of its domain separates it."""

from __future__ import annotations

import itertools
import random
import sqlite3

import pytest
from tests.helpers.rule_databases import DDL, databases, fixture_cases, kept, typed_rows

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical

FIRES, NEAR = fixture_cases("declared_distinct_count", "filtered_parent_count",
                            "summed_join_as_subquery", "summed_subquery_as_inner_group")
INTS = [None, 0, 1, 2, -1, 7, 2**40, -(2**40)]
TEXTS = [None, "", "a", "x", "t1", "t2"]


def _typed(n: int, seed: int = 3):
    """Random databases whose columns hold values of their declared types (and NULL)."""
    rng = random.Random(seed)
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(DDL)
        for i in rng.sample([1, 2, 3], rng.choice([0, 1, 2, 3])):
            con.execute("INSERT INTO dept VALUES (?, ?, ?)", (i, rng.choice(["a", "b"]), rng.choice([None, 0.5])))
        for i in rng.sample(range(1, 6), rng.choice([0, 1, 3, 5])):
            con.execute("INSERT INTO emp VALUES (?, ?, ?, ?, ?, ?)",
                        (i, rng.choice(TEXTS), rng.choice(INTS), rng.choice([None, 1.5]),
                         rng.choice([None, 1, 2, 3, 4]), rng.choice(TEXTS)))
        titles = [None, None, None, "t1", "t2", "x"]  # (UNIQUE: each title once)
        for pid in rng.sample(range(1, 7), rng.choice([0, 2, 4, 6])):
            title = titles.pop(rng.randrange(len(titles)))
            con.execute("INSERT INTO proj VALUES (?, ?, ?, ?)",
                        (pid, rng.choice([None, 1, 2, 3]), rng.choice(INTS), title))
        yield con


def _scope(case, n: int):
    if case.get("domain") == "typed":
        return _typed(2 * n)
    return itertools.chain(databases(n, seed=5), kept(n))


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_join_counts_agree_in_sqlite_and_near_misses_differ(case):
    schema, typed = case.schema(), case.get("domain") == "typed"
    gold, pred = (canonical(ir.lower(s, schema).query, schema, "bag", typed=typed)
                  for s in (case.gold, case.pred))
    if case.get("fires") == "yes":
        assert gold == pred
        for con in _scope(case, 60):
            assert typed_rows(con, case.gold) == typed_rows(con, case.pred), case.title
    else:
        assert gold != pred
        assert any(typed_rows(con, case.gold) != typed_rows(con, case.pred) for con in _scope(case, 150))
