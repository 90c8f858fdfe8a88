"""A scalar sub-query read as an uninterpreted term, narrowed to its item's class
(``unbounded.scalar_class``), and the integer cut of comparisons (``terms.Terms.compare``:
``a < b`` of two integers is ``a + 1 <= b``). A correlation other than ``inner = outer``
(``e.eid > t.id``) keeps the sub-query opaque; its MIN of a rowid alias (of an INTEGER
column in the typed domain) is NULL or an integer, its COUNT a non-NULL integer, its MIN
of a TEXT column text or a BLOB. Each proof is checked in SQLite on random databases
(typed ones for the typed proofs: values of each column's declared class; untyped ones
with values of every class); each near miss (a REAL or untyped INTEGER column holding
5.5, a bound off by one, a column without TEXT affinity) stays unproved and SQLite
separates it."""

from __future__ import annotations

import random
import sqlite3

import pytest
from tests.helpers.tiers import tiered
from tests.helpers.unbounded import bag_separated

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.unbounded import proof
from sqlverdict.schema import from_ddl

DDL = ("CREATE TABLE t(id INTEGER PRIMARY KEY, x INT, s TEXT);"
       "CREATE TABLE e(eid INTEGER PRIMARY KEY, tid INT, n INT, w REAL, s TEXT)")
SCHEMA = from_ddl(DDL)
ANY = [None, 0, 1, 2, 3, 5, 5.5, 6, "1", "a", "", b"\x01", 2.0]
TYPED = {"int": [None, 0, 1, 2, 3, 5, 6, -1], "real": [None, 0.0, 1.5, 2.0, 5.5, 6.0],
         "text": [None, "", "1", "a", "b"]}

NEXT = "(SELECT MIN(e.eid) FROM e WHERE e.eid > t.id)"  # the next key: an integer or NULL
NEXT_N = "(SELECT MIN(e.n) FROM e WHERE e.eid > t.id)"  # INTEGER, not a rowid alias
NEXT_W = "(SELECT MAX(e.w) FROM e WHERE e.eid > t.id)"  # REAL
NEXT_S = "(SELECT MIN(e.s) FROM e WHERE e.eid > t.id)"  # TEXT
COUNT = "(SELECT COUNT(*) FROM e WHERE e.eid > t.id)"


def _q(where: str) -> str:
    return f"SELECT t.id FROM t WHERE {where}"


# (gold, pred, typed)
PROVED = [
    (_q(f"{NEXT} > 5"), _q(f"{NEXT} >= 6"), False),
    (_q(f"{COUNT} > 2"), _q(f"{COUNT} >= 3"), False),
    (_q(f"{NEXT_S} > 5"), _q(f"{NEXT_S} IS NOT NULL"), False),  # text sorts after numbers
    (_q(f"{NEXT} - t.id > 1"), _q(f"{NEXT} > t.id + 1"), True),  # a gap after t.id
    (_q(f"{NEXT} - t.id > 1"), _q(f"{NEXT} >= t.id + 2"), True),
    (_q(f"{NEXT_N} > t.x"), _q(f"{NEXT_N} >= t.x + 1"), True),
    (f"SELECT t.id, {NEXT} - t.id - 1 FROM t WHERE {NEXT} - t.id > 1",
     f"SELECT t.id, {NEXT} - t.id - 1 FROM t WHERE t.id + 1 < {NEXT}", True),
]

NEAR_MISSES = [
    (_q(f"{NEXT} - t.id > 1"), _q(f"{NEXT} >= t.id + 1"), True),  # off by one
    (_q(f"{NEXT_N} > 5"), _q(f"{NEXT_N} >= 6"), False),  # 5.5 in an INTEGER column
    (_q(f"{NEXT_W} > 5"), _q(f"{NEXT_W} >= 6"), True),  # a REAL: 5.5
    (_q(f"{COUNT} > 2"), _q(f"{COUNT} >= 2"), False),
    (_q("(SELECT MIN(e.n) FROM e WHERE e.eid > t.id) > 5"),
     _q("(SELECT MIN(e.n) FROM e WHERE e.eid > t.id) IS NOT NULL"), False),  # not TEXT
]


def databases(n: int, seed: int, typed: bool):
    rng = random.Random(seed)
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(DDL)

        def pick(kind: str) -> object:
            return rng.choice(TYPED[kind] if typed else ANY)

        for i in rng.sample(range(1, 7), rng.choice([0, 1, 2, 3])):
            con.execute("INSERT INTO t VALUES (?, ?, ?)", (i, pick("int"), pick("text")))
        for i in rng.sample(range(1, 9), rng.choice([0, 1, 2, 3, 4])):
            con.execute("INSERT INTO e VALUES (?, ?, ?, ?, ?)",
                        (i, pick("int"), pick("int"), pick("real"), pick("text")))
        yield con


def proved(a: str, b: str, typed: bool, budget_s: float = 120.0) -> bool:
    """(A wall clock far beyond the proofs' time, so that a loaded machine cannot fail them;
    a near miss gets 3 s, which it only wastes.)"""
    return proof(ir.lower(a, SCHEMA).query, ir.lower(b, SCHEMA).query, SCHEMA, "bag",
                 budget_s=budget_s, typed=typed) is not None


@pytest.mark.parametrize("gold,pred,typed", tiered(PROVED, 2, unpack=True))
def test_proved_pairs_agree_in_sqlite(gold, pred, typed):
    assert proved(gold, pred, typed) and proved(pred, gold, typed)
    assert not bag_separated(databases(100, 19, typed), gold, pred)


@pytest.mark.parametrize("gold,pred,typed", NEAR_MISSES)
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred, typed):
    assert not proved(gold, pred, typed, budget_s=3.0)
    assert bag_separated(databases(300, 3, typed), gold, pred)


def test_typed_proofs_of_a_plain_integer_column_stay_unproved_untyped():
    gold, pred, _ = PROVED[5]
    assert not proved(gold, pred, False, budget_s=3.0)
    assert bag_separated(databases(300, 5, False), gold, pred)
