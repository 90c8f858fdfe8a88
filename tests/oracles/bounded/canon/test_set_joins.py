"""``join_of_sets`` refuses a pair whose ``=`` converts text (columns of two affinities): SQLite
then separates the join from INTERSECT (a case the fixture's random search does not reach)."""

from __future__ import annotations

import sqlite3

from tests.helpers.pairs import FIXTURES

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon.set_joins import join_of_sets
from sqlverdict.schema import from_ddl

JOIN = ("SELECT a.title FROM (SELECT DISTINCT title FROM proj WHERE title IS NOT NULL) AS a "
        "JOIN (SELECT DISTINCT a FROM note) AS b ON b.a = a.title")
MEET = "SELECT title FROM proj WHERE title IS NOT NULL INTERSECT SELECT a FROM note"


def test_columns_of_two_affinities_are_refused_and_differ_in_sqlite():
    ddl = (FIXTURES / "rules" / "schema.ddl").read_text()
    q = ir.lower(JOIN, from_ddl(ddl)).query
    assert join_of_sets(q, from_ddl(ddl)) is q
    db = sqlite3.connect(":memory:")
    db.executescript(ddl)
    db.execute("INSERT INTO proj VALUES (1, NULL, NULL, '1')")
    db.execute("INSERT INTO note VALUES (1, NULL)")
    assert db.execute(JOIN).fetchall() == [("1",)]
    assert db.execute(MEET).fetchall() == []
