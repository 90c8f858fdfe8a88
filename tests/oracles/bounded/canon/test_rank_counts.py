"""``canon/rank_counts.py`` (``rank_as_count``) and ``canon/neighbour_views.py``
(``neighbour_over_view``) against SQLite on random databases
(``tests.helpers.rule_databases``): NULLs, duplicates and ties, empty tables, a value of
every storage class where a column can hold one. Where the rule equates a pair, SQLite
returns the same rows of the same classes; each near miss (a key or a partition that may
be NULL, ROW_NUMBER, a filter left out of the copy) keeps two forms and some database separates it."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import (
    assert_apart_and_separated,
    assert_equated_and_agreeing,
    fixture_cases,
    typed_rows,
)

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon.neighbour_views import neighbour_over_view
from sqlverdict.oracles.bounded.canon.rank_counts import rank_as_count
from sqlverdict.schema import from_ddl

FIRES, NEAR = fixture_cases("rank_as_count", "neighbour_over_view")


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_ranks_as_counts_agree_in_sqlite_and_near_misses_differ(case):
    if case.get("fires") == "yes":
        assert_equated_and_agreeing(case, 200, rows=typed_rows)
    else:
        assert_apart_and_separated(case, 300, rows=typed_rows)


_S = from_ddl("CREATE TABLE d(id INTEGER PRIMARY KEY, m INT NOT NULL, a INT NOT NULL, b INT)")


def _fires(view: str, typed: bool) -> bool:
    q = ir.lower(f"SELECT m FROM ({view}) AS t WHERE r <= 2", _S).query
    return rank_as_count(q, _S, typed) is not q


def _keyed(key: str) -> str:
    return f"SELECT m, id, RANK() OVER (PARTITION BY m ORDER BY {key} DESC) AS r FROM d"


def test_arithmetic_keys_only_in_the_typed_domain():
    # typed: a - id of integers is never NULL; sqlite: an INTEGER column may hold a REAL
    # (Inf - Inf is NULL), so the key may be NULL
    assert _fires(_keyed("a - id"), typed=True)
    assert not _fires(_keyed("a - id"), typed=False)
    assert not _fires(_keyed("b + 0"), typed=True)  # NULL-able: sorts last descending
    assert not _fires(_keyed("a / id"), typed=True)  # division by zero is NULL
    assert not _fires(_keyed("a"), typed=True)  # one table's column: running's rule


def test_aggregate_keys_of_groups():
    grouped = "SELECT m, RANK() OVER (ORDER BY {} DESC) AS r FROM d GROUP BY m"
    assert _fires(grouped.format("COUNT(*)"), typed=False)
    assert _fires(grouped.format("SUM(a)"), typed=False)  # a group holds a row
    assert not _fires(grouped.format("SUM(b)"), typed=True)  # all NULL: NULL
    assert not _fires("SELECT 1 AS m, RANK() OVER (ORDER BY SUM(a) DESC) AS r FROM d", typed=True)  # no group: NULL


def _lags(view: str, window: str) -> bool:
    q = ir.lower(f"SELECT t.m, {window} FROM ({view}) AS t", _S).query
    return neighbour_over_view(q, _S) is not q


def test_neighbours_only_where_the_keys_tell_the_rows_apart():
    grouped = "SELECT m, a, SUM(id) AS s FROM d GROUP BY m, a"
    assert _lags(grouped, "LAG(t.s) OVER (PARTITION BY t.m ORDER BY t.a)")
    assert _lags(grouped, "LEAD(t.s, 1, NULL) OVER (ORDER BY t.m, t.a DESC)")
    assert not _lags(grouped, "LAG(t.s) OVER (ORDER BY t.a)")  # ties across m
    assert not _lags(grouped, "LAG(t.s, 2) OVER (PARTITION BY t.m ORDER BY t.a)")  # another offset
    assert not _lags(grouped, "LAG(t.s, 1, 0) OVER (PARTITION BY t.m ORDER BY t.a)")  # a default
    assert not _lags("SELECT m, b, COUNT(*) AS s FROM d GROUP BY m, b",
                     "LAG(t.s) OVER (PARTITION BY t.m ORDER BY t.b)")  # b may be NULL
    assert not _lags("SELECT m, a FROM d", "LAG(t.a) OVER (PARTITION BY t.m ORDER BY t.a)")  # not apart
    assert _lags("SELECT DISTINCT m, a FROM d", "LAG(t.a) OVER (PARTITION BY t.m ORDER BY t.a)")
