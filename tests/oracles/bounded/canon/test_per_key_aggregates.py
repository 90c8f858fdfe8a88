"""``canon/per_key_aggregates.py`` (``per_key_aggregate_as_grouping``) and
``canon/nested_extrema.py`` (``extremum_of_row_extrema``) on INTEGER keys, the typed domain's
laws (the rule fixtures' keys are TEXT, the sqlite domain's).

Each pair gets one canonical form in the typed domain and returns the same bag of rows in
SQLite on random databases of declared classes (foreign keys kept, NULL in every NULL-able
column, repeated parents and children, empty tables); the near misses keep two forms and
SQLite separates each. In the sqlite domain an INTEGER key is refused (the REAL ``-2**63``
beside the INTEGER one: equal, shown apart)."""

from __future__ import annotations

import pytest
from tests.helpers.unbounded import bag_separated, palette_databases

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

DDL = ("CREATE TABLE funder (fid INTEGER NOT NULL PRIMARY KEY, kind TEXT);"
       "CREATE TABLE program (pid INTEGER NOT NULL PRIMARY KEY, fid INTEGER NOT NULL REFERENCES funder(fid),"
       " tier INTEGER);"
       "CREATE TABLE app (aid INTEGER NOT NULL PRIMARY KEY, pid INTEGER NOT NULL REFERENCES program(pid),"
       " amount INTEGER NOT NULL, day INTEGER);"
       "CREATE TABLE tag (aid INTEGER NOT NULL REFERENCES app(aid), label TEXT NOT NULL, PRIMARY KEY (aid, label));")
SCHEMA = from_ddl(DDL)


def _fill(con, rng, pick):
    funders = rng.sample(range(1, 4), rng.randint(0, 3))
    for f in funders:
        con.execute("INSERT INTO funder VALUES (?, ?)", (f, rng.choice([None, "a", "b"])))
    programs = rng.sample(range(1, 5), rng.randint(0, 4)) if funders else []
    for p in programs:
        con.execute("INSERT INTO program VALUES (?, ?, ?)", (p, rng.choice(funders), rng.choice([None, 1, 2])))
    apps = rng.sample(range(1, 7), rng.randint(0, 6)) if programs else []
    for a in apps:
        con.execute("INSERT INTO app VALUES (?, ?, ?, ?)", (a, rng.choice(programs), rng.choice([1, 2, 5]), pick()))
    for a in apps:
        for label in rng.sample(["x", "y", "z"], rng.randint(0, 2)):
            con.execute("INSERT INTO tag VALUES (?, ?)", (a, label))


DATABASES = list(palette_databases(DDL, [1, 2, 3, 10, 20], _fill, 80, 55))
EQUAL = [
    ("SELECT f.fid, (SELECT SUM(a.amount) FROM app AS a WHERE a.pid IN (SELECT p.pid FROM program AS p "
     "WHERE p.fid = f.fid)) FROM funder AS f WHERE EXISTS (SELECT 1 FROM app AS a JOIN program AS p "
     "ON p.pid = a.pid WHERE p.fid = f.fid)",
     "SELECT p.fid, SUM(a.amount) FROM app AS a JOIN program AS p ON p.pid = a.pid GROUP BY p.fid"),
    ("SELECT g.label, (SELECT MAX(a.day) FROM app AS a WHERE a.aid IN (SELECT t.aid FROM tag AS t "
     "WHERE t.label = g.label)), (SELECT COUNT(*) FROM app AS a WHERE a.aid IN (SELECT t.aid FROM tag AS t "
     "WHERE t.label = g.label)) FROM (SELECT DISTINCT label FROM tag) AS g",
     "SELECT t.label, MAX(a.day), COUNT(*) FROM app AS a JOIN tag AS t ON t.aid = a.aid GROUP BY t.label"),
    ("SELECT c.tier, (SELECT SUM(a.amount) FROM app AS a WHERE a.pid IN (SELECT p.pid FROM program AS p "
     "WHERE p.tier IS c.tier)) FROM (SELECT DISTINCT p.tier FROM program AS p JOIN app AS a ON a.pid = p.pid) AS c",
     "SELECT p.tier, SUM(a.amount) FROM app AS a JOIN program AS p ON p.pid = a.pid GROUP BY p.tier"),
    ("SELECT p.fid, (SELECT MIN(a.day) FROM app AS a WHERE a.pid IN (SELECT q.pid FROM program AS q "
     "WHERE q.fid = p.fid AND q.tier > 1)) FROM program AS p WHERE p.tier > 1 "
     "AND EXISTS (SELECT 1 FROM app AS a WHERE a.pid = p.pid) GROUP BY p.fid",
     "SELECT p.fid, MIN(a.day) FROM app AS a JOIN program AS p ON p.pid = a.pid WHERE p.tier > 1 "
     "GROUP BY p.fid"),
    ("SELECT p.tier, MIN((SELECT MIN(a.day) FROM app AS a WHERE a.pid = p.pid)) FROM program AS p "
     "WHERE EXISTS (SELECT 1 FROM app AS b WHERE b.pid = p.pid) GROUP BY p.tier",
     "SELECT p.tier, MIN(a.day) FROM program AS p JOIN app AS a ON a.pid = p.pid GROUP BY p.tier"),
]
NEAR = [
    # the key compared by = although it may be NULL: the NULL tier's row reads no program
    ("SELECT c.tier, (SELECT SUM(a.amount) FROM app AS a WHERE a.pid IN (SELECT p.pid FROM program AS p "
     "WHERE p.tier = c.tier)) FROM (SELECT DISTINCT p.tier FROM program AS p JOIN app AS a ON a.pid = p.pid) AS c",
     "SELECT p.tier, SUM(a.amount) FROM app AS a JOIN program AS p ON p.pid = a.pid GROUP BY p.tier"),
    # a count over a semi-join on a column that repeats (program.fid): each funder once, not per program
    ("SELECT g.tier, (SELECT COUNT(*) FROM funder AS f WHERE f.fid IN (SELECT p.fid FROM program AS p "
     "WHERE p.tier = g.tier)) FROM (SELECT DISTINCT p.tier FROM program AS p JOIN funder AS f ON f.fid = p.fid "
     "WHERE p.tier IS NOT NULL) AS g",
     "SELECT p.tier, COUNT(*) FROM funder AS f JOIN program AS p ON f.fid = p.fid WHERE p.tier IS NOT NULL "
     "GROUP BY p.tier"),
    # the outer rows not limited to keys with children: a program without applications
    ("SELECT p.fid, (SELECT MIN(a.day) FROM app AS a WHERE a.pid IN (SELECT q.pid FROM program AS q "
     "WHERE q.fid = p.fid AND q.tier > 1)) FROM program AS p WHERE p.tier > 1 GROUP BY p.fid",
     "SELECT p.fid, MIN(a.day) FROM app AS a JOIN program AS p ON p.pid = a.pid WHERE p.tier > 1 "
     "GROUP BY p.fid"),
    # every funder, those without an application too (a row with a NULL sum)
    ("SELECT f.fid, (SELECT SUM(a.amount) FROM app AS a WHERE a.pid IN (SELECT p.pid FROM program AS p "
     "WHERE p.fid = f.fid)) FROM funder AS f",
     "SELECT p.fid, SUM(a.amount) FROM app AS a JOIN program AS p ON p.pid = a.pid GROUP BY p.fid"),
    # a tier whose programs have no application: a row with NULL
    ("SELECT p.tier, MIN((SELECT MIN(a.day) FROM app AS a WHERE a.pid = p.pid)) FROM program AS p GROUP BY p.tier",
     "SELECT p.tier, MIN(a.day) FROM program AS p JOIN app AS a ON a.pid = p.pid GROUP BY p.tier"),
]


def _form(sql, typed=True):
    return canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag", typed=typed)


@pytest.mark.parametrize(("gold", "pred"), EQUAL)
def test_one_form_in_the_typed_domain_and_sqlite_agrees(gold, pred):
    assert _form(gold) == _form(pred)
    assert not bag_separated(DATABASES, gold, pred)


@pytest.mark.parametrize(("gold", "pred"), NEAR)
def test_near_misses_keep_two_forms_and_sqlite_separates_them(gold, pred):
    assert _form(gold) != _form(pred)
    assert bag_separated(DATABASES, gold, pred)


def test_an_integer_key_is_refused_in_the_sqlite_domain():
    gold, pred = EQUAL[0]
    assert _form(gold, typed=False) != _form(pred, typed=False)
