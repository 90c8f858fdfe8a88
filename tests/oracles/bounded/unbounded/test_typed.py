"""The unbounded prover in the typed domain (``proof(..., typed=True)``): each column holds
its declared class (``typed.typed_class``), primary keys no NULL, integer arithmetic
stays within 64 bits (stated: ``int_range``). Each typed proof is checked in SQLite on
random typed databases (``domain.outside`` empty: NULLs, duplicates, empty tables); each
near miss is separated by one; and each typed proof stays unproved in the sqlite domain,
where a database with a value of another class separates the pair."""

from __future__ import annotations

import random
import sqlite3
from collections import Counter

import pytest

from sqlverdict import Status, verify
from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.domain import GUARANTEED, outside
from sqlverdict.oracles.bounded.outcome import Assumption
from sqlverdict.oracles.bounded.unbounded import proof
from sqlverdict.schema import from_ddl

DDL = ("CREATE TABLE p(name TEXT PRIMARY KEY, n INT, r REAL, d DECIMAL(8,2), day DATE);"
       "CREATE TABLE q(n INTEGER, s TEXT)")
SCHEMA = from_ddl(DDL)
# values of each declared class (integers well inside 64 bits: ``int_range``)
TYPED = {"int": [0, 1, 2, 3, 4, 5, 6, 9, 10, 11, -1, -7],
         "real": [0.0, 1.0, 1.5, -2.5, 5.0, 10.0, 0.1],
         "dec": [0, 1, 2, 2.5, 10, -3, 5.5],
         "text": ["", "a", "abc", "10", "5", "b"],
         "date": ["2020-01-01", "2021-06-30", "1999-12-31"]}
P_CLASSES, Q_CLASSES = ("text", "int", "real", "dec", "date"), ("int", "text")
# values of every storage class, for the sqlite domain
ANY = [None, 0, 1, 2, 6, 10, 0.5, 1.5, 2.5, "a", "abc", "10", "", b"\x01", "2020-01-01"]


def _pick(rng, pools, null=True):
    return [None if null and rng.random() < 0.2 else rng.choice(pools[c]) for c in pools]


def databases(n: int, seed: int, typed: bool):
    """Random databases: typed ones (values of the declared classes, no NULL key) or
    untyped ones (any value anywhere)."""
    rng = random.Random(seed)
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(DDL)
        for table, classes in (("p", P_CLASSES), ("q", Q_CLASSES)):
            small = {c: rng.sample(TYPED[c], min(3, len(TYPED[c]))) for c in classes}
            for _ in range(rng.choice([0, 1, 2, 3, 4])):
                if typed:
                    row = [rng.choice(small[c]) if rng.random() > 0.2 else None for c in classes]
                    if table == "p":
                        row[0] = rng.choice(TYPED["text"])
                else:
                    row = [rng.choice(ANY) for _ in classes]
                con.execute(f"INSERT OR IGNORE INTO {table} VALUES ({', '.join('?' * len(row))})",
                            row)
        yield con


def tables(con) -> dict:
    out = {}
    for name in ("p", "q"):
        cur = con.execute(f"SELECT * FROM {name}")
        out[name] = {"columns": [d[0] for d in cur.description], "rows": [list(r) for r in cur]}
    return out


def run(con, sql: str, semantics: str):
    rows = [tuple((type(v).__name__, v) for v in r) for r in con.execute(sql).fetchall()]
    return rows if semantics == "list" else set(rows) if semantics == "set" else Counter(rows)


def separated(gold: str, pred: str, semantics: str, typed: bool, n: int = 300, seed: int = 3):
    for con in databases(n, seed, typed):
        if run(con, gold, semantics) != run(con, pred, semantics):
            return tables(con)
    return None


def proves(gold: str, pred: str, semantics: str, typed: bool):
    g, q = ir.lower(gold, SCHEMA).query, ir.lower(pred, SCHEMA).query
    return proof(g, q, SCHEMA, semantics, typed=typed)


def test_the_databases_are_typed_or_not():
    assert all(not outside(tables(c), SCHEMA) for c in databases(100, 1, typed=True))
    assert any(outside(tables(c), SCHEMA) for c in databases(100, 1, typed=False))


# (gold, pred, semantics, what the typed proof rests on)
PROVED = [
    ("SELECT s FROM q WHERE n + 1 > 10", "SELECT s FROM q WHERE n > 9", "bag", ("int_range",)),
    ("SELECT s FROM q WHERE n * 2 > 10", "SELECT s FROM q WHERE n > 5", "bag", ("int_range",)),
    # 2n > 11 is n >= 6 for integers
    ("SELECT s FROM q WHERE n * 2 > 11", "SELECT s FROM q WHERE n > 5", "bag", ("int_range",)),
    ("SELECT s FROM q WHERE n IN (1, 2)", "SELECT s FROM q WHERE n >= 1 AND n <= 2", "bag", ()),
    ("SELECT s FROM q WHERE n BETWEEN 1 AND 2 OR n = 0",
     "SELECT s FROM q WHERE n >= 0 AND n <= 2", "bag", ()),
    ("SELECT s FROM q WHERE n + 0 = n", "SELECT s FROM q WHERE n IS NOT NULL", "bag",
     ("int_range",)),
    ("SELECT n FROM p WHERE n > 1 AND n < 3", "SELECT n FROM p WHERE n = 2", "bag", ()),
    # a REAL, a DECIMAL and an INTEGER column hold numbers: below any text
    ("SELECT name FROM p WHERE r < 'a'", "SELECT name FROM p WHERE r IS NOT NULL", "bag", ()),
    ("SELECT name FROM p WHERE d < ''", "SELECT name FROM p WHERE d IS NOT NULL", "bag", ()),
    # a DATE column holds ISO text: above any number
    ("SELECT name FROM p WHERE day > 5", "SELECT name FROM p WHERE day IS NOT NULL", "bag", ()),
    # a TEXT primary key holds no NULL: a key (a sort key after it breaks no tie; one row
    # per group)
    ("SELECT name, n FROM p ORDER BY name, n", "SELECT name, n FROM p ORDER BY name", "list",
     ("ties",)),
    ("SELECT name, COUNT(*) FROM p GROUP BY name", "SELECT name, 1 FROM p", "bag", ()),
]

NEAR_MISSES = [
    ("SELECT s FROM q WHERE n * 2 > 12", "SELECT s FROM q WHERE n > 5", "bag"),
    ("SELECT s FROM q WHERE n + 1 > 10", "SELECT s FROM q WHERE n > 10", "bag"),
    ("SELECT s FROM q WHERE n IN (1, 2)", "SELECT s FROM q WHERE n >= 1 AND n <= 3", "bag"),
    ("SELECT s FROM q WHERE n BETWEEN 1 AND 2 OR n = 4",
     "SELECT s FROM q WHERE n >= 1 AND n <= 4", "bag"),
    # reals and decimals are not integers
    ("SELECT name FROM p WHERE r IN (1, 2)", "SELECT name FROM p WHERE r >= 1 AND r <= 2", "bag"),
    ("SELECT name FROM p WHERE d IN (2, 3)", "SELECT name FROM p WHERE d >= 2 AND d <= 3", "bag"),
    # a number compared with a TEXT column is compared as text: '10' < '5'
    ("SELECT s FROM q WHERE s > 5", "SELECT s FROM q WHERE s IS NOT NULL", "bag"),
    # no key: duplicates
    ("SELECT DISTINCT n, s FROM q", "SELECT n, s FROM q", "bag"),
    ("SELECT DISTINCT n FROM p", "SELECT n FROM p", "bag"),
    ("SELECT n, name FROM p ORDER BY n, name", "SELECT n, name FROM p ORDER BY n", "list"),
    ("SELECT n, COUNT(*) FROM p GROUP BY n", "SELECT n, 1 FROM p", "bag"),
]


@pytest.mark.parametrize(("gold", "pred", "semantics", "rests_on"), PROVED)
def test_typed_proofs_agree_on_typed_databases(gold, pred, semantics, rests_on):
    assert proves(gold, pred, semantics, typed=True) == rests_on
    assert separated(gold, pred, semantics, typed=True) is None


@pytest.mark.parametrize(("gold", "pred", "semantics", "rests_on"), PROVED)
def test_typed_proofs_stay_unproved_in_the_sqlite_domain(gold, pred, semantics, rests_on):
    assert proves(gold, pred, semantics, typed=False) is None
    found = separated(gold, pred, semantics, typed=False, n=600)
    assert found is not None and outside(found, SCHEMA)


@pytest.mark.parametrize(("gold", "pred", "semantics"), NEAR_MISSES)
def test_typed_near_misses_stay_unproved_and_differ_on_typed_databases(gold, pred, semantics):
    assert proves(gold, pred, semantics, typed=True) is None
    assert separated(gold, pred, semantics, typed=True) is not None


def test_integer_overflow_is_the_stated_assumption():
    # n + 1 - 1 overflows to a REAL at the largest integer: the proof states int_range
    gold, pred = "SELECT s FROM q WHERE n + 1 - 1 = n", "SELECT s FROM q WHERE n IS NOT NULL"
    assert proves(gold, pred, "bag", typed=True) == ("int_range",)
    con = sqlite3.connect(":memory:")
    con.executescript(DDL)
    con.execute("INSERT INTO q VALUES (?, 'x')", (2**63 - 1,))
    assert not outside(tables(con), SCHEMA)
    assert run(con, gold, "bag") != run(con, pred, "bag")


def test_a_typed_verdict_states_int_range_and_no_storage_class():
    ddl = "CREATE TABLE emp(empno INTEGER PRIMARY KEY, ename TEXT, sal INTEGER)"
    gold, pred = "SELECT ename FROM emp WHERE sal + 1 > 10", "SELECT ename FROM emp WHERE sal > 9"
    res = verify(gold, pred, from_ddl(ddl), bound=2, timeout_s=20, domain="typed")
    assert (res.status, res.method.value) == (Status.VERIFIED, "normal_form")
    assert Assumption.INT_RANGE in res.assumptions
    assert not set(GUARANTEED) & set(res.assumptions)
    res = verify(gold, pred, from_ddl(ddl), bound=2, timeout_s=20, domain="sqlite")
    assert res.status is Status.REFUTED


def test_a_real_literal_operand_needs_no_int_range():
    # n * 0.5 is never a product of two integers: nothing to state
    gold, pred = "SELECT s, n * 0.5 FROM q WHERE n > 1 OR n > 2", "SELECT s, n * 0.5 FROM q WHERE n > 1"
    assert proves(gold, pred, "bag", typed=True) == ()
    assert separated(gold, pred, "bag", typed=True) is None
