"""The unbounded prover's arithmetic (``unbounded.values``): literals folded as SQLite
computes them, integer ``+ - *`` (by a constant), ``/ %`` (by a nonzero integer constant),
``-`` and ``abs`` interpreted where both operands are integers and the result fits in 64
bits; everything else stays uninterpreted. Each proof is checked on random databases in
SQLite (values of every storage class); each near miss is separated there."""

from __future__ import annotations

import itertools
import sqlite3

import pytest
from tests.helpers.tiers import tiered
from tests.helpers.unbounded import DDL, SCHEMA, lowered, separated

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.unbounded import prove
from sqlverdict.oracles.bounded.unbounded.values import fold_arith, fold_neg_abs

NUMBERS = [0, 1, -1, 2, 7, -7, 3, 2**62, 2**63 - 1, -(2**63), 0.5, -2.5, 0.0625, 1e308, 3.0]


def sqlite_value(sql: str):
    v = sqlite3.connect(":memory:").execute(f"SELECT {sql}").fetchone()[0]
    return type(v).__name__, v


def lit(v):
    return ir.Lit(v, "int" if isinstance(v, int) else "real")


def test_folding_agrees_with_sqlite():
    checked = 0
    for a, b in itertools.product(NUMBERS, repeat=2):
        for op in "+-*/%":
            got = fold_arith(op, lit(a), lit(b))
            if got is None:  # not folded: the operation stays uninterpreted
                continue
            assert (type(got.value).__name__, got.value) == sqlite_value(f"({a!r}) {op} ({b!r})") \
                or (got.value is None and sqlite_value(f"({a!r}) {op} ({b!r})")[1] is None), (a, op, b)
            checked += 1
    for a in NUMBERS:
        for fn, sql in (("neg", f"-({a!r})"), ("abs", f"abs({a!r})")):
            got = fold_neg_abs(fn, lit(a))
            if got is not None:
                assert (type(got.value).__name__, got.value) == sqlite_value(sql), (fn, a)
                checked += 1
    assert checked > 800


PROVED = [
    ("SELECT b FROM r WHERE a > 1 + 1", "SELECT b FROM r WHERE a > 2"),
    ("SELECT a, 2 * 3 + b FROM r", "SELECT a, 6 + b FROM r"),
    ("SELECT a * (3 - 2) FROM r", "SELECT a * 1 FROM r"),
    ("SELECT b FROM r WHERE a < 10 / 4", "SELECT b FROM r WHERE a < 2"),
    ("SELECT b FROM r WHERE a = -7 % 4", "SELECT b FROM r WHERE a = -3"),
    ("SELECT a, 1 / 2, 7.0 / 2 FROM r", "SELECT a, 0, 3.5 FROM r"),
    ("SELECT b FROM r WHERE a = ABS(-2)", "SELECT b FROM r WHERE a = 2"),
    ("SELECT b FROM r WHERE a BETWEEN 0.0625 - 0.0625 AND 0.0625 + 0.0625",
     "SELECT b FROM r WHERE a >= 0.0 AND a <= 0.125"),
    # a = 1 in an INTEGER column: the integer 1, so a + 1 is 2
    ("SELECT a FROM r WHERE a = 1 AND b = a + 1", "SELECT a FROM r WHERE a = 1 AND b = 2"),
    ("SELECT (CASE WHEN a = 1 THEN 2 ELSE 3 END) * 2 FROM r",
     "SELECT CASE WHEN a = 1 THEN 4 ELSE 6 END FROM r"),
    # id is the rowid: an integer, so / truncates and % keeps the dividend's sign
    ("SELECT x FROM t WHERE id / 3 = 2", "SELECT x FROM t WHERE id >= 6 AND id <= 8"),
    ("SELECT x FROM t WHERE id > 0 AND -id % 3 = -1", "SELECT x FROM t WHERE id > 0 AND id % 3 = 1"),
    ("SELECT id, -(-x) FROM t WHERE x BETWEEN 1 AND 100", "SELECT id, x FROM t WHERE x BETWEEN 1 AND 100"),
]

NEAR_MISSES = [
    # 'abc' * 0 is 0 but 5.5 * 0 is 0.0, and NULL * 0 is NULL
    ("SELECT a, b * (2 - 2) FROM r", "SELECT a, 0 FROM r"),
    # integer division truncates
    ("SELECT a, 7 / 2 FROM r", "SELECT a, 3.5 FROM r"),
    ("SELECT b FROM r WHERE a > 10 / 4", "SELECT b FROM r WHERE a > 2.5"),
    # a REAL column: 0.1 + 0.2 is not 0.3 in doubles, and y + 1 - 1 need not be y
    ("SELECT y + 0.1 + 0.2 FROM t", "SELECT y + 0.3 FROM t"),
    # -7 % 4 is -3 in SQLite (the sign of the dividend), not 1
    ("SELECT b FROM r WHERE a = -7 % 4", "SELECT b FROM r WHERE a = 1"),
    # text: '1' + 1 is 2 but the row holds text
    ("SELECT c FROM s WHERE c + 0 = 1", "SELECT c FROM s WHERE c = 1"),
    ("SELECT b FROM r WHERE a + 1 + 1 > 2", "SELECT b FROM r WHERE a + 2 > 3"),
    ("SELECT x FROM t WHERE id / 2 = 2", "SELECT x FROM t WHERE id >= 4 AND id <= 5 AND id <> 5"),
    ("SELECT x FROM t WHERE -id % 3 = 2", "SELECT x FROM t WHERE id % 3 = 1"),
]


# near misses at the ends of the 64-bit integers, with the database that separates them
EDGES = [
    # id + 1 overflows to the real 2.0**63, and 2.0**63 - 1 is 2.0**63 again
    ("SELECT x FROM t WHERE id + 1 - 1 = id", "SELECT x FROM t", 2**63 - 1),
    # -(-id) of the smallest integer overflows to a real
    ("SELECT id, -(-id) FROM t", "SELECT id, id FROM t", -(2**63)),
    ("SELECT id, abs(id) FROM t WHERE id < 0", "SELECT id, -id FROM t WHERE id < 0", -(2**63)),
]


@pytest.mark.parametrize("gold,pred,rowid", EDGES)
def test_overflow_near_misses(gold, pred, rowid):
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert not prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    con = sqlite3.connect(":memory:")
    con.executescript(DDL)
    con.execute("INSERT INTO t VALUES (?, 1, 1.0)", (rowid,))
    results = []
    for sql in (gold, pred):
        try:
            results.append([tuple((type(v).__name__, v) for v in r) for r in con.execute(sql)])
        except sqlite3.Error as e:  # abs(-9223372036854775808): integer overflow
            results.append(str(e))
    assert results[0] != results[1]


@pytest.mark.parametrize("gold,pred", tiered(PROVED, 2, unpack=True))
def test_proved_pairs_agree_in_sqlite(gold, pred):
    assert prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert separated(gold, pred, "bag") is None


@pytest.mark.parametrize("gold,pred", NEAR_MISSES)
def test_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert not prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag", n=400, seed=3) is not None
