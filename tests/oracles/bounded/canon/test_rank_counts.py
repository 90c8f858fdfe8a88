"""``canon/rank_counts.py`` (``rank_as_count``) and ``canon/view_windows.py``
(``grouped_view_window_as_subquery``, over joins since i51c) against SQLite on random databases
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
from sqlverdict.oracles.bounded.canon.rank_counts import rank_as_count
from sqlverdict.oracles.bounded.canon.view_windows import grouped_view_window_as_subquery
from sqlverdict.schema import from_ddl

FIRES, NEAR = fixture_cases("rank_as_count", "grouped_view_window_as_subquery")
# (a law of the typed domain, a RANGE offset: test_rules.py checks it on typed databases)
FIRES, NEAR = ([c for c in cases if c.get("domain") != "typed"] for cases in (FIRES, NEAR))


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


_J = from_ddl("CREATE TABLE p(id INTEGER PRIMARY KEY, m INT NOT NULL);"
             "CREATE TABLE c(cid INTEGER PRIMARY KEY, pid INT REFERENCES p(id), k INT, x INT)")


def _lags(view: str, window: str) -> bool:
    q = ir.lower(f"SELECT t.g, {window} FROM ({view}) AS t", _J).query
    return grouped_view_window_as_subquery(q, _J) is not q


def test_neighbours_over_joined_groups_only_where_the_keys_are_never_null():
    inner = "SELECT p.m AS g, c.k AS k, SUM(c.x) AS s FROM p JOIN c ON c.pid = p.id {} GROUP BY p.m, c.k"
    lag = "LAG(t.s) OVER (PARTITION BY t.g ORDER BY t.k)"
    assert _lags(inner.format("WHERE c.k IS NOT NULL"), lag)
    assert not _lags(inner.format(""), lag)  # c.k may be NULL: first ascending
    assert not _lags(inner.format("WHERE c.k IS NOT NULL"), "LAG(t.s) OVER (ORDER BY t.k)")  # ties across g
    left = "SELECT p.m AS g, c.k AS k, SUM(c.x) AS s FROM p LEFT JOIN c ON c.pid = p.id AND c.k > 0 GROUP BY p.m, c.k"
    assert not _lags(left, lag)  # the padded side's k is NULL
