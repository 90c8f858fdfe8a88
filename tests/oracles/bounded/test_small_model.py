"""The small-model theorem (``small_model``): the fragment test and its bound on queries in
and out of the fragment, the foreign-key chase, and end to end: pairs the solver proves at
the bound the theorem needs are ``verified`` for every database (method ``small_model``) and
agree in SQLite on random databases with NULLs and values of every storage class; their
near misses are refuted."""

from __future__ import annotations

import pytest
from tests.helpers.unbounded import SCHEMA, lowered, separated

from sqlverdict import verify
from sqlverdict.oracles.bounded.outcome import Method
from sqlverdict.oracles.bounded.proofs import ENV
from sqlverdict.oracles.bounded.small_model import duplicate_free, needed_bound
from sqlverdict.schema import from_ddl

# (gold, pred, semantics, bound the theorem needs)
IN_FRAGMENT = [
    ("SELECT a FROM r WHERE b > 2 OR EXISTS (SELECT 1 FROM s WHERE s.a = r.a AND s.c = 'x')",
     "SELECT a FROM r WHERE b > 2 UNION SELECT r.a FROM r JOIN s ON s.a = r.a WHERE s.c = 'x'",
     "set", 1),
    ("SELECT DISTINCT r.a FROM r, s WHERE r.b = s.a", "SELECT a FROM r WHERE b IN (SELECT a FROM s)",
     "set", 1),
    ("SELECT a FROM r INTERSECT SELECT a FROM s", "SELECT DISTINCT a FROM r WHERE a IN (SELECT a FROM s)",
     "bag", 1),
    # fixed polarity: t negative (NOT EXISTS, the anti-join on the rowid alias, NOT IN)
    ("SELECT DISTINCT a FROM r WHERE NOT EXISTS (SELECT 1 FROM t WHERE t.x = r.a)",
     "SELECT DISTINCT r.a FROM r LEFT JOIN t ON t.x = r.a WHERE t.id IS NULL", "bag", 2),
    ("SELECT DISTINCT a FROM r WHERE a IS NOT NULL AND a NOT IN (SELECT x FROM t)",
     "SELECT DISTINCT a FROM r WHERE a IS NOT NULL AND NOT EXISTS (SELECT 1 FROM t WHERE t.x = r.a)",
     "bag", 1),
    # two rows of r per derivation: two contexts to block, one t row each
    ("SELECT DISTINCT p.a FROM r AS p, r AS q WHERE p.b = q.a AND NOT EXISTS (SELECT 1 FROM t WHERE t.x = q.b)",
     "SELECT DISTINCT p.a FROM r AS p JOIN r AS q ON p.b = q.a WHERE q.b NOT IN (SELECT x FROM t) "
     "AND q.b IS NOT NULL", "set", 4),
    # LEFT JOINs: the padded row is a negative atom over the right side, per left row
    ("SELECT r.a, s.c FROM r LEFT JOIN s ON s.a = r.a", "SELECT a, NULL FROM r", "set", 1),
    ("SELECT r.a FROM r LEFT JOIN s ON s.a = r.a WHERE s.a IS NULL", "SELECT a FROM r", "set", 1),
    # a row equated by its key with a row kept already is no new row: t's rows block no one
    ("SELECT id FROM t WHERE NOT EXISTS (SELECT 1 FROM t AS u WHERE u.id = t.id AND u.y > 1)",
     "SELECT id FROM t WHERE id NOT IN (SELECT id FROM t WHERE y > 1)", "bag", 1),
    ("SELECT t.id, v.y FROM t LEFT JOIN (SELECT id, y FROM t WHERE x = 2) AS v ON v.id = t.id",
     "SELECT id, CASE WHEN x = 2 THEN y END FROM t", "bag", 1),
    # a table read positively and negatively whose blockers settle (r's own rows block)
    ("SELECT DISTINCT a FROM r WHERE NOT EXISTS (SELECT 1 FROM s WHERE s.a = r.b)",
     "SELECT DISTINCT r.a FROM r LEFT JOIN s ON s.a = r.b WHERE s.a IS NULL", "set", 2),
]

OUT_OF_FRAGMENT = [
    # a NOT EXISTS with a positive use of the same table
    ("SELECT a FROM r WHERE NOT EXISTS (SELECT 1 FROM r AS q WHERE q.a > r.a)", "SELECT a FROM r", "set"),
    # a table blocking its own rows: the blockers never settle (a maximum by NOT EXISTS)
    ("SELECT a FROM r WHERE b = 1", "SELECT a FROM r WHERE NOT EXISTS (SELECT 1 FROM r AS q "
     "WHERE q.a > r.a) AND b = 1", "set"),
    # a LEFT JOIN inside a negative atom, a sub-query in ON, a RIGHT JOIN
    ("SELECT a FROM r WHERE NOT EXISTS (SELECT 1 FROM s LEFT JOIN t ON t.x = s.a)", "SELECT a FROM r", "set"),
    ("SELECT r.a FROM r LEFT JOIN s ON s.a IN (SELECT x FROM t)", "SELECT a FROM r", "set"),
    ("SELECT r.a FROM r RIGHT JOIN s ON s.a = r.a", "SELECT a FROM r", "set"),
    # aggregates, a scalar sub-query, EXISTS read as a value, a LIMIT, a double negation
    ("SELECT COUNT(*) FROM r", "SELECT COUNT(a) FROM r", "set"),
    ("SELECT a FROM r WHERE b = (SELECT MAX(a) FROM s)", "SELECT a FROM r", "set"),
    ("SELECT a, EXISTS (SELECT 1 FROM s WHERE s.a = r.a) FROM r", "SELECT a, 1 FROM r", "set"),
    ("SELECT a FROM r ORDER BY a LIMIT 1", "SELECT a FROM r", "set"),
    ("SELECT a FROM r WHERE NOT EXISTS (SELECT 1 FROM s WHERE NOT EXISTS (SELECT 1 FROM t))",
     "SELECT a FROM r", "set"),
    # bag semantics with duplicates possible
    ("SELECT a FROM r", "SELECT a FROM r WHERE a IN (SELECT a FROM r)", "bag"),
]


@pytest.mark.parametrize("gold,pred,sem,need", IN_FRAGMENT)
def test_fragment_and_bound(gold, pred, sem, need):
    got = needed_bound(lowered(gold), lowered(pred), SCHEMA, sem)
    assert got is not None and got[0] == need, got


@pytest.mark.parametrize("gold,pred,sem", OUT_OF_FRAGMENT)
def test_out_of_fragment(gold, pred, sem):
    assert needed_bound(lowered(gold), lowered(pred), SCHEMA, sem) is None


def test_keys_tell_rows_apart():
    s = from_ddl("CREATE TABLE p(id INT PRIMARY KEY NOT NULL, k TEXT);"
                 "CREATE TABLE c(cid INT PRIMARY KEY NOT NULL, pid INT, v INT)")

    def free(q):
        from sqlverdict.oracles.bounded import ir
        return duplicate_free(ir.lower(q, s).query, s)

    assert free("SELECT c.cid, p.k FROM c JOIN p ON p.id = c.pid")  # p fixed through c.pid
    assert free("SELECT c.cid FROM c JOIN p ON p.id = 3")  # p fixed by a literal
    assert not free("SELECT c.pid FROM c JOIN p ON p.id = c.pid")  # two children, one parent
    assert not free("SELECT p.k FROM p")
    # a DISTINCT view's rows, told apart by all its columns (NULL included)
    assert free("SELECT v.k FROM (SELECT DISTINCT k, id FROM p) AS v WHERE v.id = 2")
    assert not free("SELECT v.k FROM (SELECT DISTINCT k, id FROM p) AS v")
    assert not free("SELECT c.cid FROM c JOIN p ON p.k = c.cid")  # p.k is no key


def test_foreign_keys_are_chased_and_cycles_refused():
    fk = from_ddl("CREATE TABLE p(id INTEGER PRIMARY KEY, k INT);"
                  "CREATE TABLE c(cid INTEGER PRIMARY KEY, pid INT REFERENCES p(id), v INT)")
    from sqlverdict.oracles.bounded import ir
    g, q = (ir.lower(x, fk).query for x in ("SELECT DISTINCT c.v FROM c JOIN c AS d ON c.v = d.cid",
                                            "SELECT DISTINCT c.v FROM c WHERE c.v IN (SELECT cid FROM c)"))
    assert needed_bound(g, q, fk, "set")[0] == 2  # two rows of c bring two of p
    cyc = from_ddl("CREATE TABLE e(id INTEGER PRIMARY KEY, boss INT REFERENCES e(id), v INT)")
    g, q = (ir.lower(x, cyc).query for x in ("SELECT DISTINCT v FROM e", "SELECT v FROM e UNION SELECT v FROM e"))
    assert needed_bound(g, q, cyc, "set") is None  # the chase of a cycle never ends


# pairs the rewriting rules and normal forms are switched off for: the solver alone
PROVED = [(g, p, s) for g, p, s, _ in IN_FRAGMENT[:1] + IN_FRAGMENT[3:5] + IN_FRAGMENT[8:10]]
NEAR_MISSES = [
    ("SELECT t.id, v.y FROM t LEFT JOIN (SELECT id, y FROM t WHERE x = 2) AS v ON v.id = t.id",
     "SELECT id, CASE WHEN x = 1 THEN y END FROM t", "bag"),
    ("SELECT id FROM t WHERE NOT EXISTS (SELECT 1 FROM t AS u WHERE u.id = t.id AND u.y > 1)",
     "SELECT id FROM t WHERE id NOT IN (SELECT id FROM t WHERE y >= 1)", "bag"),
    ("SELECT a FROM r WHERE b > 2 OR EXISTS (SELECT 1 FROM s WHERE s.a = r.a AND s.c = 'x')",
     "SELECT a FROM r WHERE b >= 2 UNION SELECT r.a FROM r JOIN s ON s.a = r.a WHERE s.c = 'x'", "set"),
    ("SELECT DISTINCT a FROM r WHERE NOT EXISTS (SELECT 1 FROM t WHERE t.x = r.a)",
     "SELECT DISTINCT r.a FROM r LEFT JOIN t ON t.x = r.a WHERE t.y IS NULL", "bag"),
    ("SELECT DISTINCT a FROM r WHERE a NOT IN (SELECT x FROM t)",
     "SELECT DISTINCT a FROM r WHERE NOT EXISTS (SELECT 1 FROM t WHERE t.x = r.a)", "bag"),
]


@pytest.mark.parametrize("gold,pred,sem", PROVED)
def test_small_model_proofs_hold_in_sqlite(gold, pred, sem, monkeypatch):
    monkeypatch.setenv(ENV, "same_ir")
    r = verify(gold, pred, SCHEMA, bound=3, semantics=sem, timeout_s=20, search=False)
    assert r.method is Method.SMALL_MODEL and r.scope == "every database", r.reason
    assert separated(gold, pred, sem, n=150) is None


@pytest.mark.parametrize("gold,pred,sem", NEAR_MISSES)
def test_near_misses_are_refuted(gold, pred, sem, monkeypatch):
    monkeypatch.setenv(ENV, "same_ir")
    assert separated(gold, pred, sem, n=150) is not None
    r = verify(gold, pred, SCHEMA, bound=3, semantics=sem, timeout_s=20)
    assert str(r.status) == "refuted", r.reason
