import sqlite3

from sqlverdict.engine.execute import run_query
from sqlverdict.oracles.suite.ties import tie_at_limit


def _db(rows):
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE t (name TEXT, age INT)")
    conn.executemany("INSERT INTO t VALUES (?, ?)", rows)
    return lambda q: run_query(conn, q)


def test_tie_at_the_cut_is_ambiguous():
    run = _db([("a", 50), ("b", 50), ("c", 20)])
    assert tie_at_limit(run, "SELECT name FROM t ORDER BY age DESC LIMIT 1")
    assert not tie_at_limit(run, "SELECT name FROM t ORDER BY age DESC LIMIT 2")
    assert not tie_at_limit(run, "SELECT name FROM t ORDER BY age DESC")


def test_ties_inside_subqueries_and_on_aggregates():
    run = _db([("a", 50), ("b", 50), ("a", 20), ("b", 1)])
    assert tie_at_limit(run, "SELECT name FROM t GROUP BY name ORDER BY count(*) DESC LIMIT 1")
    assert tie_at_limit(
        run, "SELECT count(*) FROM t WHERE name = (SELECT name FROM t ORDER BY age DESC LIMIT 1)")
    assert not tie_at_limit(run, "SELECT name FROM t ORDER BY age, name LIMIT 1")
