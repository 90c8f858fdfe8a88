"""Affinity at the lowering (round 63, i63e), two wrong verdicts of the base.

A literal tested with IN (subquery) gets the affinity of the subquery's column, as SQLite
applies it (round 63, i63e): ``'5' IN (SELECT <INTEGER column>)`` compares 5, and
``5 IN (SELECT <TEXT column>)`` compares '5'. The base lowering computed that conversion
and dropped it (it kept the literal as written), so the verifier read ``'5' IN (SELECT x)``
as false for every database: a pair such as the one below was *verified* (small model in
the sqlite domain, normal forms in the typed one) while SQLite separates it.

A column of a compound subquery whose arms show it with different affinities (``d`` and
``COALESCE(d, 0)``) compared with a text: the base read it under the left-most arm's
affinity; SQLite 3.40 does so in a select list but not in a WHERE (pushed into the arms), so
the base proved ``(... UNION ALL ...) AS t WHERE t.k = '5'`` equal to the arms filtered by
``= 5``, which SQLite separates. Such a comparison is now refused (``derived_columns``)."""

from __future__ import annotations

import sqlite3

import pytest

from sqlverdict import verify
from sqlverdict.engine.materialize import create_table_sql
from sqlverdict.errors import UnsupportedSQL
from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.prover import evaluate_symbolic
from sqlverdict.schema import from_ddl

SCHEMA = from_ddl("CREATE TABLE t(id INTEGER PRIMARY KEY, x INT, s TEXT, r REAL)")
DB = {"t": [(1, 5, "5", 2.0), (2, 0, "05", None)]}

QUERIES = [
    "SELECT id FROM t WHERE '5' IN (SELECT x FROM t)",
    "SELECT id FROM t WHERE 5 IN (SELECT s FROM t)",
    "SELECT id FROM t WHERE '05' IN (SELECT x FROM t)",
    "SELECT id FROM t WHERE '2' IN (SELECT r FROM t)",
    "SELECT id FROM t WHERE '5' NOT IN (SELECT x FROM t WHERE x > 0)",
    "SELECT id FROM t WHERE ('5', 5) IN (SELECT x, s FROM t)",
    "SELECT id FROM t WHERE (id, '5') IN (SELECT id, x FROM t)",
    "SELECT id, '0' IN (SELECT x FROM t AS u WHERE u.id <> t.id) FROM t",
    "SELECT id FROM t WHERE '5' IN (SELECT x FROM t UNION ALL SELECT id FROM t)",
    "SELECT id FROM t WHERE '2' IN (SELECT x + 0 FROM t UNION SELECT id + 0 FROM t)",
    # no affinity on the subquery's column: no conversion
    "SELECT id FROM t WHERE '5' IN (SELECT x + 0 FROM t)",
    "SELECT id FROM t WHERE s IN (SELECT x FROM t)",
    "SELECT id FROM t WHERE x IN (SELECT s FROM t)",
]


def _sqlite(sql):
    conn = sqlite3.connect(":memory:")
    try:
        for t in SCHEMA.tables:
            conn.execute(create_table_sql(t))
            conn.executemany(f"INSERT INTO {t.name} VALUES ({', '.join('?' * len(t.columns))})",
                             DB[t.name])
        return sorted(conn.execute(sql).fetchall())
    finally:
        conn.close()


@pytest.mark.parametrize("sql", QUERIES)
def test_symbolic_in_matches_sqlite(sql):
    assert sorted(map(tuple, evaluate_symbolic(sql, SCHEMA, DB))) == _sqlite(sql)


@pytest.mark.parametrize("dialect", ["sqlite", "postgres"])
def test_a_text_literal_in_an_integer_column_is_not_proved_false(dialect):
    s = from_ddl("CREATE TABLE emp (id INTEGER NOT NULL, dept_id INTEGER, age INTEGER, PRIMARY KEY (id))")
    gold = "SELECT id FROM emp WHERE '5' IN (SELECT dept_id FROM emp WHERE age * 7 = 32977)"
    r = verify(gold, "SELECT id FROM emp WHERE 1 = 0", s, dialect=dialect, search=False)
    assert str(r.status) == "refuted"  # emp (0, 5, 4711): SQLite returns 0 for gold


def test_a_compound_column_of_two_affinities_compared_with_text_is_refused():
    s = from_ddl("CREATE TABLE emp (id INTEGER NOT NULL, dept_id INTEGER, age INTEGER, PRIMARY KEY (id))")
    gold = ("SELECT t.k FROM (SELECT dept_id AS k FROM emp WHERE age * 7 = 32977 UNION ALL "
            "SELECT COALESCE(dept_id, 0) FROM emp WHERE age * 7 = 32977) AS t WHERE t.k = '5'")
    pred = ("SELECT dept_id FROM emp WHERE age * 7 = 32977 AND dept_id = 5 UNION ALL SELECT "
            "COALESCE(dept_id, 0) FROM emp WHERE age * 7 = 32977 AND COALESCE(dept_id, 0) = 5")
    with pytest.raises(UnsupportedSQL):
        ir.lower(gold, s)
    r = verify(gold, pred, s, search=False)
    assert str(r.status) != "verified"  # SQLite: (0, 5, 4711) gives 5 once for gold, twice for pred
    # one affinity in every arm, or no conversion: read as before
    ir.lower("SELECT t.k FROM (SELECT dept_id AS k FROM emp UNION ALL SELECT age FROM emp) AS t "
             "WHERE t.k = '5'", s)
    ir.lower("SELECT t.k FROM (SELECT dept_id AS k FROM emp UNION ALL SELECT age + 0 FROM emp) AS t "
             "WHERE t.k = 5", s)


@pytest.mark.parametrize("sql", [
    "SELECT id FROM t WHERE '5' IN (SELECT x FROM t UNION ALL SELECT x + 0 FROM t)",
    "SELECT id FROM t WHERE '5' IN (SELECT x + 0 FROM t UNION ALL SELECT x FROM t)",
    "SELECT id FROM t WHERE ('5', id) IN (SELECT x, id FROM t UNION SELECT x + 0, id FROM t)",
])
def test_in_a_compound_whose_arms_differ_in_affinity_is_refused(sql):
    # SQLite 3.40 compares under the last arm's affinity: '5' IN (x UNION ALL x + 0) is false
    # for x = 5, '5' IN (x + 0 UNION ALL x) true; the lowering would read the first arm's
    with pytest.raises(UnsupportedSQL):
        ir.lower(sql, SCHEMA)
