"""``canon/set_operands.py`` (``operand_projection``, ``intersect_commuted``,
``derived_compound_first``) against SQLite itself.

Random compounds of filters over two tables are written twice: with the right operand
wrapped in a whole projection of a compound, and bare; an INTERSECT chain in two orders;
a projection of a UNION of keyed filters of one table, and the filter of the disjunction.
Whenever a pair gets one canonical form, both run in ``sqlite3`` on random databases
(empty tables, repeated rows, NULLs, 1 beside 1.0, numeric text) and must return the same
rows, told apart by storage class (``typed_rows``).
"""

from __future__ import annotations

import functools
import random
import sqlite3

from tests.helpers.rule_databases import typed_rows

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical, without
from sqlverdict.schema import from_ddl

DDL = ("CREATE TABLE r (id INTEGER PRIMARY KEY, a INT, b TEXT NOT NULL); "
       "CREATE TABLE s (c INT, d TEXT); CREATE TABLE v (x, y);")
SCHEMA = from_ddl(DDL)
POOL = {"a": [None, 0, 1, 2, 1.0, "1"], "b": ["p", "1", "q"], "c": [None, 0, 1, 2],
        "d": [None, "p", "1", "q"], "x": [None, 1, 1.0, "p"], "y": [None, "p", "q"]}
FILTERS = {"r": ["a > 0", "a IS NULL", "b = 'p'", "a = 1 OR b = 'q'", "id > 1"],
           "s": ["c > 0", "d IS NOT NULL", "d = 'p'", "c = 1 OR d = 'q'"],
           "v": ["x = 1", "y = 'p'"]}
COLS = {"r": "b", "s": "d", "v": "y"}


@functools.cache
def _form(sql, rules=None):
    q = ir.lower(sql, SCHEMA).query
    return canonical(q, SCHEMA, "bag") if rules is None else canonical(q, SCHEMA, "bag", rules)


def _database(rng: random.Random):
    con = sqlite3.connect(":memory:")
    con.executescript(DDL)
    for i in rng.sample(range(1, 6), rng.randint(0, 4)):
        con.execute("INSERT INTO r VALUES (?, ?, ?)", (i, rng.choice(POOL["a"]), rng.choice(POOL["b"])))
    for t, (p, q) in (("s", ("c", "d")), ("v", ("x", "y"))):
        rows = [(rng.choice(POOL[p]), rng.choice(POOL[q])) for _ in range(rng.randint(0, 4))]
        con.executemany(f"INSERT INTO {t} VALUES (?, ?)", rows + rows[:rng.randint(0, 1)])
    return con


def _agree(gold, pred, seed, n=60):
    rng = random.Random(seed)
    for _ in range(n):
        con = _database(rng)
        assert typed_rows(con, gold) == typed_rows(con, pred), (gold, pred)


def _filter(rng, t):
    return f"SELECT {COLS[t]} FROM {t} WHERE {rng.choice(FILTERS[t])}"


def test_a_projected_right_operand_is_the_operand_in_sqlite():
    rng = random.Random(1)
    matched = 0
    for _ in range(25):
        a, b, c = (_filter(rng, t) for t in rng.sample(["r", "s", "v"], 3))
        op, inner = rng.choice(["EXCEPT", "INTERSECT", "UNION"]), rng.choice(["UNION", "UNION ALL", "EXCEPT"])
        wrapped = f"{a} {op} SELECT u.k FROM ({b.replace(' FROM', ' AS k FROM', 1)} {inner} {c}) AS u"
        bare = f"{a} {op} SELECT * FROM ({b} {inner} {c})"
        if _form(wrapped) == _form(bare) != _form(wrapped, without("operand_projection")):
            matched += 1
            _agree(wrapped, bare, wrapped)
    assert matched >= 5


def test_an_intersect_chain_in_any_order_in_sqlite():
    rng = random.Random(2)
    matched = 0
    for _ in range(25):
        t = rng.choice(["r", "s"])
        parts = [f"SELECT {COLS[t]} FROM {t} WHERE {f}" for f in rng.sample(FILTERS[t], 3)[:rng.choice([2, 3])]]
        shuffled = rng.sample(parts, len(parts))
        gold, pred = " INTERSECT ".join(parts), " INTERSECT ".join(shuffled)
        if _form(gold) == _form(pred):
            matched += gold != pred
            _agree(gold, pred, gold)
    assert matched >= 5


def test_a_union_of_keyed_filters_read_first_is_the_filter_in_sqlite():
    rng = random.Random(3)
    matched = 0
    for _ in range(30):
        p, q = rng.sample(FILTERS["r"], 2)
        items = rng.choice(["id, b", "b, id", "id, a, b", "b"])
        out = rng.choice(["v.b", "v.b, v.id", "v.b || 'x'"]) if "id" in items else "v.b"
        gold = f"SELECT {out} FROM (SELECT {items} FROM r WHERE {p} UNION SELECT {items} FROM r WHERE {q}) AS v"
        pred = f"SELECT {out.replace('v.', '')} FROM r WHERE ({p}) OR ({q})"
        if _form(gold) == _form(pred):
            matched += 1
            _agree(gold, pred, gold)
    assert matched >= 5
