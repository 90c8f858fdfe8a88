"""``canon/full_joins.py`` (``full_join_as_union``, ``anti_join_of_parent``) against SQLite.

Random FULL JOINs (ON of equalities, IS, inequalities and one-sided conjuncts; WHERE on
either side; items reading both sides through functions) are written a second time as the
LEFT JOIN UNION ALL the anti join of the right side, the left side's columns NULL. Both
get one canonical form, and both run in ``sqlite3`` on random databases (empty tables,
repeated rows, NULLs, 1 beside 1.0, numeric text), rows told apart by storage class. A
NOT EXISTS of the parent row of a foreign key is the NULL reference on random databases
that keep the key.
"""

from __future__ import annotations

import functools
import random
import re
import sqlite3

import pytest
from tests.helpers.rule_databases import typed_rows

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical, without
from sqlverdict.schema import from_ddl

DDL = ("CREATE TABLE p (k INTEGER PRIMARY KEY, t TEXT); "
       "CREATE TABLE r (a INT, b TEXT, f INT REFERENCES p(k)); CREATE TABLE s (c INT, d TEXT);")
SCHEMA = from_ddl(DDL)
POOL = {"a": [None, 0, 1, 2, 1.0, "1", "z"], "b": [None, "p", "1", "q"], "c": [None, 0, 1, 2],
        "d": [None, "p", "1", "q"], "t": [None, "p", "q"]}
ONS = ["y.c = x.a", "y.d = x.b AND x.a > 0", "y.c IS x.a", "y.c > x.a", "y.d = x.b AND y.c = 1"]
WHERES = ["", "y.c IS NOT NULL", "x.b = 'p' OR y.d = 'q'", "COALESCE(x.a, y.c) > 0"]
ITEMS = [("x.b, y.d", "NULL, y.d"), ("COALESCE(x.a, y.c), y.d", "COALESCE(NULL, y.c), y.d"),
         ("x.a, y.c, x.b || y.d", "NULL, y.c, NULL"), ("y.d, -x.a + 1", "y.d, NULL")]


@functools.cache
def _form(sql, rules=None):
    q = ir.lower(sql, SCHEMA).query
    return canonical(q, SCHEMA, "bag") if rules is None else canonical(q, SCHEMA, "bag", rules)


def _database(rng: random.Random):
    con = sqlite3.connect(":memory:")
    con.executescript(DDL)
    keys = rng.sample([1, 2, 3], rng.randint(0, 3))
    con.executemany("INSERT INTO p VALUES (?, ?)", [(k, rng.choice(POOL["t"])) for k in keys])
    rows = [(rng.choice(POOL["a"]), rng.choice(POOL["b"]), rng.choice([None, *keys]))
            for _ in range(rng.randint(0, 4))]
    con.executemany("INSERT INTO r VALUES (?, ?, ?)", rows + rows[:rng.randint(0, 1)])
    rows = [(rng.choice(POOL["c"]), rng.choice(POOL["d"])) for _ in range(rng.randint(0, 4))]
    con.executemany("INSERT INTO s VALUES (?, ?)", rows + rows[:rng.randint(0, 1)])
    return con


def _agree(gold, pred, seed, n=80):
    rng = random.Random(seed)
    for _ in range(n):
        con = _database(rng)
        assert typed_rows(con, gold) == typed_rows(con, pred), (gold, pred)


def _padded(text: str) -> str:
    return re.sub(r"x\.\w+", "NULL", text)


def _cases():
    rng = random.Random(25)
    return [(rng.choice(ONS), rng.choice(WHERES), *rng.choice(ITEMS)) for _ in range(12)]


@pytest.mark.parametrize("case", _cases(), ids=lambda c: " | ".join(c))
def test_a_full_join_is_a_left_join_and_an_anti_join_in_sqlite(case):
    on, where, items, padded = case
    w = f" WHERE {where}" if where else ""
    gold = f"SELECT {items} FROM r AS x FULL JOIN s AS y ON {on}{w}"
    rest = f" AND ({_padded(where)})" if where else ""
    pred = (f"SELECT {items} FROM r AS x LEFT JOIN s AS y ON {on}{w} UNION ALL "
            f"SELECT {padded} FROM s AS y WHERE NOT EXISTS (SELECT 1 FROM r AS x WHERE {on}){rest}")
    assert _form(gold) == _form(pred)
    assert _form(gold, without("full_join_as_union")) != _form(pred, without("full_join_as_union"))
    _agree(gold, pred, on + where + items)


def test_a_full_join_without_its_anti_join_is_apart():
    gold = "SELECT x.b, y.d FROM r AS x FULL JOIN s AS y ON y.c = x.a"
    pred = "SELECT x.b, y.d FROM r AS x LEFT JOIN s AS y ON y.c = x.a UNION ALL SELECT NULL, y.d FROM s AS y"
    assert _form(gold) != _form(pred)


@pytest.mark.parametrize("gold,pred,same", [
    ("SELECT a FROM r WHERE NOT EXISTS (SELECT 1 FROM p WHERE p.k = r.f)",
     "SELECT a FROM r WHERE f IS NULL", True),
    ("SELECT a FROM r WHERE b = 'p' AND NOT EXISTS (SELECT t FROM p WHERE r.f = p.k)",
     "SELECT a FROM r WHERE f IS NULL AND b = 'p'", True),
    ("SELECT a FROM r WHERE NOT EXISTS (SELECT 1 FROM p WHERE p.k = r.f AND p.t = 'p')",
     "SELECT a FROM r WHERE f IS NULL", False),
    ("SELECT a FROM r WHERE NOT EXISTS (SELECT 1 FROM p WHERE p.k = r.a)",
     "SELECT a FROM r WHERE a IS NULL", False),
])
def test_no_parent_row_is_a_null_reference_in_sqlite(gold, pred, same):
    assert (_form(gold) == _form(pred)) is same
    if same:
        _agree(gold, pred, gold, 150)
    else:
        assert any(typed_rows(con, gold) != typed_rows(con, pred)
                   for con in (_database(random.Random(i)) for i in range(150)))
