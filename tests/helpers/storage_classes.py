"""Run queries in real SQLite on small databases that hold any storage class in any column
(the storage-class tests of the bounded verifier: ``test_storage``, ``test_typeblind``)."""

from __future__ import annotations

import random
import sqlite3
from collections import Counter


def run(ddl: str, rows: dict[str, list[tuple]], *queries: str, by_value: bool = False) -> list[Counter]:
    """Each query's result as a bag of rows; ``by_value``: numbers compared by value (2
    and 2.0 alike, as SQLite and the verdict's comparison compare them)."""
    def value(v):
        return round(float(v), 9) if by_value and isinstance(v, int | float) else v

    con = sqlite3.connect(":memory:")
    try:
        con.executescript(ddl)
        for table, data in rows.items():
            for r in data:
                con.execute(f"INSERT INTO {table} VALUES ({', '.join('?' * len(r))})", r)
        return [Counter(repr(tuple(map(value, r))) for r in con.execute(q).fetchall())
                for q in queries]
    finally:
        con.close()


def never_separated(ddl: str, random_db, gold: str, pred: str, *, trials: int = 400,
                    by_value: bool = False) -> None:
    """Assert that ``trials`` random databases (``random_db(rng)``, seeded by the pair)
    never separate the two queries in SQLite."""
    rng = random.Random(f"{gold}|{pred}")
    for _ in range(trials):
        db = random_db(rng)
        g, p = run(ddl, db, gold, pred, by_value=by_value)
        assert g == p, (db, g, p)
