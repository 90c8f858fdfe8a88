"""``canon/casts.py``: ``unwrap_real_cast`` against SQLite for many constants (whole and
not, negative, near 2**53) and every comparison, on random databases of the declared
classes (NULLs, duplicates, empty tables, integers around 2**53); outside them (a real or
a text in an INTEGER column) the proof states ``declared_storage_classes`` and a database
that breaks it separates the pair."""

from __future__ import annotations

import math
import random
import sqlite3

import pytest

import sqlverdict
from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.breaks import broken
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.oracles.bounded.outcome import Assumption, Method
from sqlverdict.oracles.bounded.witness import replay
from sqlverdict.schema import from_ddl
from sqlverdict.types import Status

SCHEMA = from_ddl("CREATE TABLE t (id INTEGER PRIMARY KEY, x INTEGER, r REAL)")
BIG = 2 ** 53
CONSTANTS = [1.5, -0.5, -2.5, 2.0, 3, 0, -7, 0.25, BIG - 1, float(BIG - 1), BIG - 1.5, -(BIG - 1)]
INTS = [None, 0, 1, 2, 3, -1, -3, -7, BIG - 2, BIG - 1, BIG, BIG + 1, -BIG - 1]


def _by_the_law(op: str, c) -> str:
    """The condition the law gives, written here from its statement (not by the rule)."""
    if float(c) == int(c):
        return f"x {op} {int(c)}"
    f = math.floor(c)
    return {">": f"x > {f}", ">=": f"x > {f}", "<": f"x <= {f}", "<=": f"x <= {f}",
            "=": "1 = 0", "<>": "x IS NOT NULL"}[op]


def _rows(conn, sql):
    return sorted(conn.execute(sql).fetchall(), key=repr)


@pytest.mark.parametrize("op", [">", ">=", "<", "<=", "=", "<>"])
def test_the_law_is_sqlites_for_integer_columns(op):
    rng = random.Random(op)
    for c in CONSTANTS:
        gold = f"SELECT id, x FROM t WHERE CAST(x AS REAL) {op} {c!r}"
        pred = f"SELECT id, x FROM t WHERE {_by_the_law(op, c)}"
        forms = [canonical(ir.lower(q, SCHEMA).query, SCHEMA, "bag") for q in (gold, pred)]
        assert forms[0] == forms[1], (gold, pred)
        for _ in range(40):
            conn = sqlite3.connect(":memory:")
            conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, x INTEGER, r REAL)")
            conn.executemany("INSERT INTO t (x) VALUES (?)",
                             [(rng.choice(INTS),) for _ in range(rng.randint(0, 4))])
            assert _rows(conn, gold) == _rows(conn, pred), (gold, pred, _rows(conn, "SELECT x FROM t"))


def test_a_real_column_or_a_value_is_not_unwrapped():
    for gold, pred in [("SELECT id FROM t WHERE CAST(r AS REAL) > 1.5", "SELECT id FROM t WHERE r > 1"),
                       ("SELECT id, CAST(x AS REAL) <> 1.5 FROM t", "SELECT id, x IS NOT NULL FROM t"),
                       ("SELECT id FROM t WHERE CAST(x AS REAL) = 9007199254740992",
                        "SELECT id FROM t WHERE x = 9007199254740992")]:
        forms = [canonical(ir.lower(q, SCHEMA).query, SCHEMA, "bag") for q in (gold, pred)]
        assert forms[0] != forms[1], (gold, pred)


def test_on_every_sqlite_database_the_proof_states_declared_classes():
    gold, pred = "SELECT id FROM t WHERE CAST(x AS REAL) > 1.5", "SELECT id FROM t WHERE x > 1"
    r = sqlverdict.verify(gold, pred, SCHEMA, search=False, domain="sqlite")
    assert r.status is Status.VERIFIED and r.method is Method.REWRITING, r.reason
    assert Assumption.STORAGE in r.assumptions
    db = {"t": {"columns": ["id", "x", "r"], "rows": [[1, 1.25, None]]}}  # a real kept as real
    rep = replay(gold, pred, SCHEMA, db, r.semantics)
    assert rep.differs
    assert Assumption.STORAGE in broken(db, SCHEMA, queries=(gold, pred), stated=r.assumptions)
    typed = sqlverdict.verify(gold, pred, SCHEMA, search=False, domain="typed")
    assert typed.status is Status.VERIFIED and Assumption.STORAGE not in typed.assumptions
