"""The law of ``canon/int_casts.py`` against SQLite on typed databases of the rules' schema
(integers or NULL in INTEGER columns, near 0 and beyond 2**53; reals in REAL columns):
each fixture pair of ``tests/fixtures/rules/unwrap_integer_cast.sql``, rows compared with
their storage classes; the near miss apart. The law is the typed domain's: an INTEGER
column holding ``2.4`` (the sqlite domain) breaks it, and no rule fires there."""

from __future__ import annotations

import random
import sqlite3

import pytest
from tests.helpers.rule_databases import DDL, fixture_cases, typed_rows

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical

FIRES, NEAR = fixture_cases("unwrap_integer_cast")
AGES = [None, -4, -1, 0, 1, 2, 3, 4, 2 ** 53 + 1, 2 ** 53 + 1, -(2 ** 53) - 3, 2 ** 62, -(2 ** 63)]
SALARIES = [None, -1.5, 1.6, 2.4, 2.5, 3.0, 1e300]


def _typed(n: int, seed: int = 43):
    rng = random.Random(seed)
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(DDL)
        for i in rng.sample(range(1, 7), rng.choice([0, 1, 3, 6])):
            con.execute("INSERT INTO emp VALUES (?, ?, ?, ?, NULL, NULL)",
                        (i, rng.choice([None, "a"]), rng.choice(AGES), rng.choice(SALARIES)))
        yield con


def _forms(case, typed: bool):
    schema = case.schema()
    return tuple(canonical(ir.lower(sql, schema).query, schema, "bag", typed=typed)
                 for sql in (case.gold, case.pred))


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_pairs_agree_class_for_class_and_near_misses_differ(case):
    gold, pred = _forms(case, typed=True)
    same = [typed_rows(con, case.gold) == typed_rows(con, case.pred) for con in _typed(100)]
    if case.get("fires") == "yes":
        assert gold == pred and all(same), case.title
        sqlite_gold, sqlite_pred = _forms(case, typed=False)
        assert sqlite_gold != sqlite_pred, "the law is the typed domain's"
    else:
        assert gold != pred and not all(same), case.title
