"""``engine.policy`` under ``compat="spider"``: the published test-suite evaluator's execution
reading (issue 27), checked on results real SQLite returns."""

from __future__ import annotations

import sqlite3

import pytest

from sqlverdict.engine.policy import policy_for, spider_postprocess, spider_rows_agree


def _rows(sql: str) -> list[tuple]:
    c = sqlite3.connect(":memory:")
    c.executescript("CREATE TABLE t(id INTEGER, age INTEGER);"
                    "INSERT INTO t VALUES (1, 52), (4, 41), (6, 25);")
    return c.execute(sql).fetchall()


def test_an_integer_against_a_float_fails_the_evaluators_first_check():
    gold = _rows("SELECT id, age FROM t")
    pred = _rows("SELECT id * 1.0, age FROM t")  # (4.0, 41) sorts apart from (4, 41)
    p = policy_for("SELECT id, age FROM t", compat="spider")
    assert p.signature(gold, pred) is None  # equal as SQLite values (4 == 4.0)
    assert not spider_rows_agree(gold, pred, ordered=False)
    assert p.execution_signature(gold, pred) == "value_types"
    # the same float in the other column sorts as the integer did: the check passes
    other = _rows("SELECT id, age * 1.0 FROM t")
    assert p.execution_signature(gold, other) is None
    # our default reading and BIRD's are unchanged
    assert policy_for("SELECT id, age FROM t").execution_signature(gold, pred) is None


def test_year_of_curdate_is_read_as_2020_and_operators_written_apart_are_joined():
    sql = spider_postprocess("SELECT count(*) FROM t WHERE age > = YEAR(CURDATE()) - 1990")
    assert sql == "SELECT count(*) FROM t WHERE age >= 2020- 1990"
    assert _rows(sql) == [(2,)]
    p = policy_for("SELECT 1 FROM t", compat="spider")
    assert p.prepare("SELECT year(curdate()) FROM t") == "SELECT 2020FROM t"  # as it does


def test_keep_distinct_runs_the_text_as_written_a_second_statement_included():
    text = "SELECT DISTINCT age FROM t; SELECT 1"
    assert policy_for("SELECT age FROM t", compat="spider").prepare(text) == (
        "SELECT age FROM t;")
    kept = policy_for("SELECT age FROM t", compat="spider", keep_distinct=True).prepare(text)
    assert kept == text
    c = sqlite3.connect(":memory:")
    c.execute("CREATE TABLE t(age INTEGER)")
    with pytest.raises(sqlite3.ProgrammingError, match="one statement"):
        c.execute(kept)  # Python's sqlite3, as the evaluator runs it
