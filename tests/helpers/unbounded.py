"""The unbounded prover's test databases: a small schema, random databases with NULLs,
duplicate rows, empty tables and values of every storage class in every column, and
``separated`` (a database on which SQLite tells two queries apart, or None). Shared by the
tests of ``tests/oracles/bounded/unbounded/``."""

from __future__ import annotations

import random
import sqlite3
from collections import Counter

from sqlverdict.oracles.bounded import ir
from sqlverdict.schema import from_ddl

DDL = ("CREATE TABLE r(a INT, b INT);"
       "CREATE TABLE s(a INT, c TEXT);"
       "CREATE TABLE t(id INTEGER PRIMARY KEY, x INT NOT NULL, y REAL)")
SCHEMA = from_ddl(DDL)
# values of every storage class; INTEGER affinity turns '1' and 1.0 into 1, keeps 'abc'
POOL = [None, None, 0, 1, 2, 5, 5.5, 10, 11, 2.5, 1.0, "1", "abc", "x", "", b"\x01", -3]


def databases(n: int, seed: int):
    rng = random.Random(seed)
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(DDL)
        small = rng.sample(POOL, 4)  # a small palette: duplicates and ties are common
        for table, width in (("r", 2), ("s", 2)):
            for _ in range(rng.choice([0, 1, 2, 3, 4])):
                con.execute(f"INSERT INTO {table} VALUES ({', '.join('?' * width)})",
                            [rng.choice(small + POOL[:2]) for _ in range(width)])
        for i in rng.sample(range(1, 6), rng.choice([0, 1, 2, 3])):
            con.execute("INSERT INTO t VALUES (?, ?, ?)",
                        (i, rng.choice([v for v in small + [1] if v is not None]), rng.choice(small)))
        yield con


def run(con, sql: str, semantics: str):
    rows = [tuple((type(v).__name__, v) for v in row) for row in con.execute(sql).fetchall()]
    if semantics == "list":
        return rows
    return set(rows) if semantics == "set" else Counter(rows)


def lowered(sql: str):
    return ir.lower(sql, SCHEMA).query


def separated(gold: str, pred: str, semantics: str, n: int = 80, seed: int = 7):
    for con in databases(n, seed):
        if run(con, gold, semantics) != run(con, pred, semantics):
            return [(name, con.execute(f"SELECT * FROM {name}").fetchall()) for name in "rst"]
    return None


def assert_proved(gold: str, pred: str, **kw) -> None:
    """The prover proves ``gold`` and ``pred`` equal both ways (bag semantics; ``kw``:
    ``unbounded.proof``'s options), and SQLite agrees on random databases."""
    from sqlverdict.oracles.bounded.unbounded import proof

    assert proof(lowered(gold), lowered(pred), SCHEMA, "bag", **kw) is not None
    assert proof(lowered(pred), lowered(gold), SCHEMA, "bag", **kw) is not None
    assert separated(gold, pred, "bag", n=150, seed=19) is None


def assert_near_miss(gold: str, pred: str, **kw) -> None:
    """A near miss: unproved both ways, and SQLite separates the two on a random database."""
    from sqlverdict.oracles.bounded.unbounded import proof

    assert proof(lowered(gold), lowered(pred), SCHEMA, "bag", **kw) is None
    assert proof(lowered(pred), lowered(gold), SCHEMA, "bag", **kw) is None
    assert separated(gold, pred, "bag", n=200, seed=3) is not None


def palette_databases(ddl: str, pool: list, fill, n: int, seed: int):
    """``n`` random in-memory SQLite databases of ``ddl``: each draws a palette of 4 values
    of ``pool`` (duplicates and ties are common) and ``fill(con, rng, pick)`` inserts its
    rows (``pick()``: a palette value or NULL). For the test modules with a schema of their own."""
    rng = random.Random(seed)
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(ddl)
        small = rng.sample(pool, 4)

        def pick(small=small):
            return rng.choice(small + [None])

        fill(con, rng, pick)
        yield con


def bag_separated(databases, gold: str, pred: str) -> bool:
    """Does one of ``databases`` give ``gold`` and ``pred`` different bags of typed rows?"""
    return any(run(con, gold, "bag") != run(con, pred, "bag") for con in databases)


def assert_proved_on(schema, databases, gold: str, pred: str) -> None:
    """``assert_proved`` on a module's own ``schema``: proved both ways, and no database of
    ``databases`` (random ones of that schema) separates the two."""
    from sqlverdict.oracles.bounded.unbounded import proof

    for a, b in ((gold, pred), (pred, gold)):
        # the work budget decides; a wall clock 6x the default keeps a loaded machine's answer
        assert proof(ir.lower(a, schema).query, ir.lower(b, schema).query, schema, "bag",
                     budget_s=60.0) is not None
    assert not bag_separated(databases, gold, pred)


def assert_near_miss_on(schema, databases, gold: str, pred: str) -> None:
    """``assert_near_miss`` on a module's own ``schema``: unproved both ways, and a database
    of ``databases`` separates the two."""
    from sqlverdict.oracles.bounded.unbounded import proof

    for a, b in ((gold, pred), (pred, gold)):
        assert proof(ir.lower(a, schema).query, ir.lower(b, schema).query, schema, "bag") is None
    assert bag_separated(databases, gold, pred)
