"""``intersect_of_groupings`` refuses columns of two affinities (``=`` converts text, the
compound does not): SQLite then separates INTERSECT from the join, on a database the
fixture's random search does not reach (a TEXT value that reads as a number)."""

from __future__ import annotations

import sqlite3

from tests.helpers.pairs import FIXTURES

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon.set_joins import intersect_of_groupings
from sqlverdict.schema import from_ddl

MEET = ("SELECT title, COUNT(*) FROM proj WHERE title IS NOT NULL GROUP BY title "
        "INTERSECT SELECT a, COUNT(*) FROM note GROUP BY a")
JOIN = ("SELECT x.title, x.n FROM (SELECT title, COUNT(*) AS n FROM proj WHERE title IS NOT NULL "
        "GROUP BY title) AS x JOIN (SELECT a, COUNT(*) AS n FROM note GROUP BY a) AS y "
        "ON y.a = x.title AND y.n = x.n")


def test_columns_of_two_affinities_are_refused_and_differ_in_sqlite():
    ddl = (FIXTURES / "rules" / "schema.ddl").read_text()
    schema = from_ddl(ddl)
    q = ir.lower(MEET, schema).query
    assert intersect_of_groupings(q, schema, typed=True) is q
    db = sqlite3.connect(":memory:")
    db.executescript(ddl)
    db.execute("INSERT INTO proj VALUES (1, NULL, NULL, '1')")
    db.execute("INSERT INTO note VALUES (1, NULL)")
    assert db.execute(JOIN).fetchall() == [("1", 1)]
    assert db.execute(MEET).fetchall() == []


def test_an_operand_reading_an_outer_query_is_left_alone():
    schema = from_ddl((FIXTURES / "rules" / "schema.ddl").read_text())
    inner = ("SELECT dept_id, COUNT(*) FROM emp WHERE emp.dept_id = {} GROUP BY dept_id "
             "INTERSECT SELECT emp_id, COUNT(*) FROM proj GROUP BY emp_id")
    outer = ir.lower(f"SELECT d.id FROM dept AS d WHERE EXISTS ({inner.format('d.id')})", schema)
    meet = outer.query.where.query
    assert isinstance(meet, ir.SetOp) and intersect_of_groupings(meet, schema, typed=True) is meet
    alone = ir.lower(inner.format("3"), schema).query
    assert isinstance(intersect_of_groupings(alone, schema, typed=True), ir.Select)
