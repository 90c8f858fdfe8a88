"""``canon/orders.py``: ``monotone_order_key`` against SQLite for every key form and
direction, with LIMIT, on random databases of the declared classes (NULLs, duplicates that
tie, empty tables); past 64 bits SQLite makes the key a REAL, two keys tie, and the typed
proof states ``integer_arithmetic_in_range``, which such a database breaks."""

from __future__ import annotations

import random
import sqlite3

import pytest

import sqlverdict
from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.oracles.bounded.outcome import Assumption, Method
from sqlverdict.oracles.bounded.witness import replay
from sqlverdict.schema import from_ddl
from sqlverdict.types import Status

DDL = "CREATE TABLE t (id INTEGER PRIMARY KEY, x INTEGER, y INTEGER)"
SCHEMA = from_ddl(DDL)
KEYS = ["x + 3", "x - 7", "-2 + x", "x * 4", "5 * x", "x * 1"]
INTS = [None, 0, 1, 2, -1, -5, 10, 2 ** 40]


def _forms(*queries):
    return [canonical(ir.lower(q, SCHEMA).query, SCHEMA, "list") for q in queries]


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("tail", ["", " DESC", ", y DESC LIMIT 2", " DESC, id LIMIT 3 OFFSET 1"])
def test_the_law_is_sqlites(key, tail):
    gold = f"SELECT id, x, y FROM t ORDER BY {key}{tail}"
    pred = f"SELECT id, x, y FROM t ORDER BY x{tail}"
    a, b = _forms(gold, pred)
    assert a == b, (gold, pred)
    rng = random.Random(key + tail)
    for _ in range(60):
        conn = sqlite3.connect(":memory:")
        conn.execute(DDL)
        conn.executemany("INSERT INTO t (x, y) VALUES (?, ?)",
                         [(rng.choice(INTS), rng.choice(INTS)) for _ in range(rng.randint(0, 5))])
        assert conn.execute(gold).fetchall() == conn.execute(pred).fetchall(), (gold, pred)


def test_keys_that_are_not_increasing_stay():
    for key in ("x * -1", "x * 0", "7 - x", "x * 2.0", "x / 2", "y + x"):
        a, b = _forms(f"SELECT id FROM t ORDER BY {key}", "SELECT id FROM t ORDER BY x")
        assert a != b, key


def test_typed_proof_states_integers_in_range_which_an_overflow_breaks():
    gold, pred = "SELECT id, x FROM t ORDER BY x * 4 DESC", "SELECT id, x FROM t ORDER BY x DESC"
    r = sqlverdict.verify(gold, pred, SCHEMA, search=False, domain="typed")
    assert r.status is Status.VERIFIED and r.method is Method.REWRITING, r.reason
    assert Assumption.INT_RANGE in r.assumptions
    db = {"t": {"columns": ["id", "x", "y"], "rows": [[1, 2 ** 62, None], [2, 2 ** 62 + 1, None]]}}
    assert replay(gold, pred, SCHEMA, db, r.semantics).differs  # both keys the REAL 2**64
