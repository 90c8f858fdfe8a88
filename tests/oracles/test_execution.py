"""The execution oracle under ``--compat spider``: each execution quirk of the published
test-suite evaluator (issue 27) on a real SQLite database, and the default reading unchanged.
Each case's official verdict was measured with the evaluator's own ``eval_exec_match``
(``benchmarks/official_exec_compare.py``, its ``CASES``)."""

from __future__ import annotations

import sqlite3

import pytest

from sqlverdict.engine.execute import ResultCache
from sqlverdict.oracles.base import Context, EvalOptions, get_oracle
from sqlverdict.oracles.execution import plugged
from sqlverdict.types import Example, Prediction, Status


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("ex") / "singer.sqlite"
    c = sqlite3.connect(path)
    c.executescript("""CREATE TABLE singer(Singer_ID int, Name text, Country text, Age int);
        INSERT INTO singer VALUES (1, 'Joe Sharp', 'Netherlands', 52),
          (2, 'Timbaland', 'United States', 32), (3, 'Justin Brown', 'France', 29),
          (4, 'Rose White', 'France', 41), (5, 'John Nizinik', 'France', 43),
          (6, 'Tribal King', 'France', 25);""")
    c.commit()
    c.close()
    return str(path)


def _judge(db, gold: str, pred: str, compat: str | None = "spider", **extra) -> Status:
    opts = EvalOptions(compat=compat, extra=extra)
    ex = Example("0", "singer", "", gold, db, index=0)
    v = get_oracle("execution", opts).judge(ex, Prediction("0", pred),
                                            Context(opts, ResultCache(), {}))
    return v.status


C, R = Status.CONSISTENT, Status.REFUTED


@pytest.mark.parametrize("gold, pred, official, default", [
    # YEAR(CURDATE()) is read as 2020 (MySQL's; SQLite has no such function)
    ("SELECT count(*) FROM singer WHERE Age > 20",
     "SELECT count(*) FROM singer WHERE Age > YEAR(CURDATE()) - 2000", C, R),
    # equal results, but an integer against a float fails the evaluator's first check
    ("SELECT Singer_ID , Age FROM singer", "SELECT Singer_ID * 1.0 , Age FROM singer", R, C),
    ("SELECT Singer_ID , Age FROM singer", "SELECT Singer_ID , Age * 1.0 FROM singer", C, C),
    # a statement that is not a query runs, returns no rows: right when the gold has none
    ("SELECT Name FROM singer WHERE Age > 100", "DELETE FROM singer WHERE Age > 100", C, R),
    ("SELECT Name FROM singer", "DELETE FROM singer WHERE Age > 100", R, R),
    ("SELECT Name FROM singer WHERE Age > 100", "UPDATE singer SET Age = Age", C, R),
    ("SELECT Name FROM singer WHERE Age > 100", "DELETE FROM no_such_table", R, R),
    ("SELECT Name FROM singer WHERE Age > 100", "VACUUM", C, R),
    ("SELECT count(*) FROM singer WHERE Age > 0",
     "SELECT count(*) + 2 FROM pragma_table_info('singer')", C, R),
    # the first statement only (sqlparse's first), DISTINCT removed everywhere
    ("SELECT count(*) FROM singer", "SELECT count(*) FROM singer; SELECT 1", C, R),
    ("SELECT count(Country) FROM singer", "SELECT count(DISTINCT Country) FROM singer", C, R),
])
def test_each_quirk_as_the_evaluator_and_the_default_reading_unchanged(db, gold, pred,
                                                                         official, default):
    assert _judge(db, gold, pred) is official
    assert _judge(db, gold, pred, compat=None) is default


def test_an_integer_against_a_float_says_why_it_differs(db):
    opts = EvalOptions(compat="spider")
    ex = Example("0", "singer", "", "SELECT Singer_ID , Age FROM singer", db, index=0)
    v = get_oracle("execution", opts).judge(
        ex, Prediction("0", "SELECT Singer_ID * 1.0 , Age FROM singer"),
        Context(opts, ResultCache(), {}))
    assert v.signature == "value_types" and "an integer and a float sort apart" in v.reason


def test_keep_distinct_runs_a_second_statement_which_fails(db):
    gold, pred = "SELECT count(*) FROM singer", "SELECT count(*) FROM singer;;"
    assert _judge(db, gold, pred) is C
    assert _judge(db, gold, pred, keep_distinct=True) is R


def test_plug_value_fills_double_quoted_words_and_limit_counts_as_the_evaluator(db):
    gold = "SELECT Name FROM singer WHERE Country = 'France'"
    pred = 'SELECT Name FROM singer WHERE Country = "france"'
    assert _judge(db, gold, pred, plug_value=True) is C
    assert _judge(db, gold, pred, compat=None, plug_value=True) is R
    assert plugged(gold, pred, official=True)[1:] == [
        "SELECT Name FROM singer WHERE Country = 'France'"]
    gold = "SELECT Name FROM singer ORDER BY Age LIMIT 3"
    assert plugged(gold, "SELECT Name FROM singer ORDER BY Age LIMIT 1", official=True)[1:] == [
        "SELECT Name FROM singer ORDER BY Age LIMIT 3"]
    assert plugged(gold, "SELECT Name FROM singer ORDER BY Age LIMIT 1") == [
        "SELECT Name FROM singer ORDER BY Age LIMIT 1"]


def test_a_statement_run_on_a_copy_leaves_the_database_as_it_was(db):
    assert _judge(db, "SELECT Name FROM singer WHERE Age > 100", "DELETE FROM singer") is C
    assert sqlite3.connect(db).execute("SELECT count(*) FROM singer").fetchone() == (6,)
