"""``COUNT(DISTINCT a, b)`` (PostgreSQL and Calcite, translated to the count of one text
per row: ``sql.standard.row_key``) as the verifier reads it, the count of distinct rows
without a NULL (``Agg(COUNT, RowVal, distinct=True)``): the symbolic result against
SQLite's result of the translated text on random databases with NULLs, duplicates, empty
tables, and integers next to reals of the same value (``2`` and ``2.0`` are one row)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.oracles.bounded.encode.test_constructs import SCHEMA, agrees, databases, sqlite_rows

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.ir.walk import field_names
from sqlverdict.oracles.bounded.prover import evaluate_symbolic
from sqlverdict.sql.dialect import to_sqlite

QUERIES = [
    "SELECT COUNT(DISTINCT g, x) FROM t",
    "SELECT g, COUNT(DISTINCT x, s) FROM t GROUP BY g",
    "SELECT COUNT(DISTINCT x, r, s), COUNT(*) FROM t WHERE x > 0",
    "SELECT COUNT(DISTINCT x, r) FROM t",
    "SELECT u.g, COUNT(DISTINCT t.x, u.c) FROM t JOIN u ON u.g = t.g GROUP BY u.g "
    "HAVING COUNT(DISTINCT t.x, u.c) > 1",
    # one column of integers and reals: 2 and 2.0 are one value for DISTINCT
    "SELECT COUNT(DISTINCT a, b) FROM (SELECT x AS a, g AS b FROM t UNION ALL SELECT r, g FROM t) AS v",
    "SELECT COUNT(DISTINCT x + 1, g), COUNT(DISTINCT g, x + 1, g) FROM t",
    "SELECT id, (SELECT COUNT(DISTINCT u.g, u.c) FROM u WHERE u.id = t.id) FROM t",
    "SELECT s, COUNT(DISTINCT g, id) FROM t GROUP BY s ORDER BY 2 DESC",
    "SELECT COUNT(DISTINCT id, c) FROM u",
]
TRANSLATED = [to_sqlite(q, "postgres") for q in QUERIES]


@pytest.mark.parametrize("sql", TRANSLATED, ids=[str(i) for i in range(len(QUERIES))])
def test_lowered_as_a_count_of_distinct_rows(sql):
    low = ir.lower(sql, SCHEMA).query
    aggs = [y for y in _nodes(low) if isinstance(y, ir.Agg)]
    assert any(isinstance(a.arg, ir.RowVal) and a.distinct for a in aggs)


# NULLs, a duplicated row, integers and reals of one value, an empty u
EDGE = {"t": [(1, 1, 2, 2.0, "a"), (2, 1, 2, None, "a"), (3, None, 2, 2.0, ""), (4, 1, 5, 0.5, None)],
        "u": []}


@pytest.mark.parametrize("sql", TRANSLATED, ids=[str(i) for i in range(len(QUERIES))])
def test_edge_database(sql):
    want = sqlite_rows(EDGE, sql)
    got = evaluate_symbolic(sql, SCHEMA, EDGE)
    assert sorted(map(tuple, want), key=repr) == sorted(map(tuple, got), key=repr)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(db=databases(max_rows=4), i=st.integers(0, 10_000))
def test_symbolic_matches_sqlite(db, i):
    agrees(TRANSLATED[i % len(TRANSLATED)], db)


def _nodes(x):
    stack = [x]
    while stack:
        y = stack.pop()
        yield y
        if isinstance(y, tuple):
            stack += list(y)
        elif (names := field_names(y)) is not None:
            stack += [getattr(y, f) for f in names]
