"""``sql/limits.py``: LIMIT and OFFSET expressions that sqlglot fails on read in parentheses,
as PostgreSQL and SQLite read them; the rows they keep are SQLite's own."""

from __future__ import annotations

import sqlite3

import pytest

from sqlverdict.errors import InputError
from sqlverdict.sql.dialect import to_sqlite
from sqlverdict.sql.limits import parenthesised_limits
from sqlverdict.sql.parse import parse_statement, read_sqlite

MEDIAN = ("SELECT AVG(p) FROM (SELECT p FROM t WHERE p IS NOT NULL ORDER BY p "
          "LIMIT 2 - (SELECT COUNT(p) FROM t) % 2 OFFSET ((SELECT COUNT(p) FROM t) - 1) / 2) AS m")


def test_the_median_by_limit_reads_in_both_dialects_and_runs_alike():
    con = sqlite3.connect(":memory:")
    con.executescript("CREATE TABLE t (p INT); INSERT INTO t VALUES (4), (1), (NULL), (3), (10);")
    want = con.execute(MEDIAN).fetchall()
    assert want == [(3.5,)]
    assert con.execute(to_sqlite(MEDIAN, "postgres")).fetchall() == want
    assert con.execute(read_sqlite(MEDIAN).sql("sqliteasrun")).fetchall() == want


@pytest.mark.parametrize("sql", ["SELECT a FROM t LIMIT 5", "SELECT a FROM t LIMIT (1 + 1) OFFSET 2",
                                 "SELECT a FROM t LIMIT 3, 4"])
def test_operands_sqlglot_reads_stay_as_written(sql):
    assert parenthesised_limits(sql, "sqlite") == sql


def test_a_limit_inside_a_subquery_ends_at_its_parenthesis():
    sql = "SELECT * FROM (SELECT a FROM t LIMIT 1 - (SELECT 0)) AS d UNION ALL SELECT 1"
    assert parenthesised_limits(sql, "sqlite") == (
        "SELECT * FROM (SELECT a FROM t LIMIT (1 - (SELECT 0))) AS d UNION ALL SELECT 1")


def test_text_that_does_not_parse_either_way_is_still_an_input_error():
    with pytest.raises(InputError, match="cannot parse SQL"):
        parse_statement("SELECT a FROM t LIMIT 2 - (SELECT", dialect="postgres")
