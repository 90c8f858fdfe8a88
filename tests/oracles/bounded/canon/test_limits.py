"""The LIMIT laws of ``canon/limits.py`` against SQLite, on random small databases.

``combine_limits``: every LIMIT/OFFSET pair of an inner and an outer cut (LIMIT 0 and no
LIMIT included) gets the canonical form of the one cut the law computes, and SQLite returns
the same rows for both on random tables, NULLs and repeated values included (the ORDER BY is
total, so no tie decides). ``union_top_n``: operand cuts at or above the outer cut give the
canonical form of the uncut union and the same rows in SQLite; a cut below it differs.
Where an ORDER BY leaves ties, the proof states ``ties_broken_alike`` and ``breaks`` names
the tie a separating database cuts through.
"""

from __future__ import annotations

import itertools
import random
import sqlite3

import pytest

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.breaks import broken
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.oracles.bounded.outcome import Assumption, Method
from sqlverdict.oracles.bounded.pair import Pair
from sqlverdict.oracles.bounded.prover import settle
from sqlverdict.schema import from_ddl

DDL = ("CREATE TABLE r(k INTEGER PRIMARY KEY, v INT, s TEXT);"
       "CREATE TABLE q(id INTEGER PRIMARY KEY, v INT)")
SCHEMA = from_ddl(DDL)


def _databases(n: int, seed: int):
    rng = random.Random(seed)
    for _ in range(n):
        db = sqlite3.connect(":memory:")
        db.executescript(DDL)
        for table in ("r", "q"):
            keys = rng.sample(range(-5, 20), rng.randint(0, 7))
            for k in keys:
                v = rng.choice([None, 0, 1, 1, 2, 3, -1])
                if table == "r":
                    db.execute("INSERT INTO r VALUES (?, ?, ?)", (k, v, rng.choice([None, "a", "b"])))
                else:
                    db.execute("INSERT INTO q VALUES (?, ?)", (k, v))
        yield db


def _form(sql: str, sem: str = "list"):
    return canonical(ir.lower(sql, SCHEMA).query, SCHEMA, sem)


def _cut(limit, offset) -> str:
    return (f" LIMIT {-1 if limit is None else limit}" if limit is not None or offset else "") + (
        f" OFFSET {offset}" if offset else "")


def _combined(n1, m1, n2, m2):
    room = None if n1 is None else max(n1 - m2, 0)
    cuts = [n for n in (room, n2) if n is not None]
    return (min(cuts) if cuts else None), m1 + m2


CUTS = [(n1, m1, n2, m2) for n1, m1, n2, m2 in itertools.product(
    (None, 0, 1, 2, 4), (0, 1, 3), (None, 0, 1, 3), (0, 2)) if n1 is not None or m1]


@pytest.mark.parametrize(("n1", "m1", "n2", "m2"), CUTS)
def test_two_cuts_are_one_in_the_canonical_form_and_in_sqlite(n1, m1, n2, m2):
    order = "v DESC, k"
    nested = (f"SELECT s.k, s.v FROM (SELECT k, v FROM r ORDER BY {order}{_cut(n1, m1)}) AS s "
              f"ORDER BY s.v DESC, s.k{_cut(n2, m2)}")
    n, m = _combined(n1, m1, n2, m2)
    one = f"SELECT k, v FROM r ORDER BY {order}{_cut(n, m)}"
    assert _form(nested) == _form(one)
    for db in _databases(25, seed=n1 or 0):
        assert db.execute(nested).fetchall() == db.execute(one).fetchall()


def test_a_cut_the_law_does_not_compute_keeps_its_own_form():
    nested = "SELECT s.k FROM (SELECT k FROM r ORDER BY k LIMIT 2) AS s ORDER BY s.k LIMIT 2 OFFSET 1"
    wrong = "SELECT k FROM r ORDER BY k LIMIT 2 OFFSET 1"
    assert _form(nested) != _form(wrong)
    assert any(db.execute(nested).fetchall() != db.execute(wrong).fetchall()
               for db in _databases(20, seed=3))


@pytest.mark.parametrize(("cut_r", "cut_q"), [(3, 3), (5, None), (3, 8), (2, 3)])
def test_union_operands_cut_at_the_outer_cut(cut_r, cut_q):
    def operand(table, key, cut):
        if cut is None:
            return f"SELECT {key} FROM {table}"
        return f"SELECT * FROM (SELECT {key} FROM {table} ORDER BY {key} DESC LIMIT {cut})"

    plain = "SELECT k FROM r UNION ALL SELECT id FROM q ORDER BY 1 DESC LIMIT 2 OFFSET 1"
    cut = (f"{operand('r', 'k', cut_r)} UNION ALL {operand('q', 'id', cut_q)} "
           "ORDER BY 1 DESC LIMIT 2 OFFSET 1")
    fires = cut_r >= 3 and (cut_q is None or cut_q >= 3)
    assert (_form(plain) == _form(cut)) is fires
    differs = [db.execute(plain).fetchall() != db.execute(cut).fetchall()
               for db in _databases(40, seed=cut_r)]
    assert not any(differs) if fires else any(differs)


def test_a_cut_through_ties_is_proved_under_the_tie_assumption():
    gold = "SELECT s.k FROM (SELECT k, v FROM r ORDER BY v LIMIT 3) AS s ORDER BY s.v LIMIT 2"
    pred = "SELECT k FROM r ORDER BY v LIMIT 2"
    r = settle(Pair(gold, pred, SCHEMA, "list"), 3)
    assert r is not None and r.method is Method.REWRITING
    assert Assumption.TIES in r.assumptions
    tied = {"r": [[1, 5, "a"], [2, 5, "a"], [3, 5, "b"]], "q": []}
    assert Assumption.TIES in broken(tied, SCHEMA, queries=(gold, pred))
    untied = {"r": [[1, 5, "a"], [2, 6, "a"], [3, 7, "b"]], "q": []}
    assert Assumption.TIES not in broken(untied, SCHEMA, queries=(gold, pred))
