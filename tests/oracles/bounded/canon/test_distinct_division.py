"""The laws of ``canon/distinct_division.py`` and ``canon/subset_counts.py`` against SQLite:
each fixture pair of ``distinct_division_as_not_exists.sql`` and
``subset_count_as_not_exists.sql`` on random databases of their DDL (every storage class in
the keys and compared columns, NULLs where allowed, repeated values, empty tables; rows
breaking a foreign key deleted: the laws rest on it), rows compared with their storage
classes; near misses apart."""

from __future__ import annotations

import random
import sqlite3

import pytest
from tests.helpers.pairs import FIXTURES
from tests.helpers.rule_databases import drop_orphans, fixture_cases, forms, typed_rows

FIRES, NEAR = fixture_cases("distinct_division_as_not_exists", "subset_count_as_not_exists")
VALUES = [1, 2, 1.0, 2.5, "2", "x", b"\x02"]  # one of each class, and repeats
TEXTS = ["a", "b", "A", 1, None]


def _rows(rng, table: str):
    """A row of ``table`` (NULL only where the DDL allows it)."""
    v, t, nn = (lambda: rng.choice(VALUES)), (lambda: rng.choice(TEXTS)), (lambda: rng.choice(TEXTS[:-1]))
    k = lambda: rng.choice([1, 2, 3])  # noqa: E731
    return {
        "depot": lambda: (v(), nn(), t()),
        "car": lambda: (v(), v(), nn(), t()),
        "ride": lambda: (v(), v(), rng.choice([1, 2, 3, "1"]), rng.choice([None, 5, 20])),
        "holiday": lambda: (rng.choice([1, 2, 3]),),
        "study": lambda: (rng.choice([1, 2, "1", 2.5]), t()),
        "site": lambda: (v(), rng.choice([1, 2, "1", 2.5]), rng.choice([None, 1, 1, 2]), rng.choice(["uk", "fr", None]),
                         rng.choice([1, 2, 3])),
        # guarded_division.ddl (i62a; its keys are rowids: integers)
        "gardener": lambda: (k(), nn()),
        "plant": lambda: (k(), nn(), rng.choice([0, 1, 1, "1", 1.0]), t()),
        "planting": lambda: (rng.choice([v(), None]), v(), rng.choice([None, 1999, 2005])),
        "plot": lambda: (k(), v(), rng.choice([5, 20, "20"])),
        "harvest": lambda: (k(), rng.choice(["a", "b"]), rng.choice([None, 2005])),
        "tally": lambda: (rng.choice([v(), None]), t()),
    }[table]()


def _databases(ddl: str, n: int, seed: int = 56):
    rng = random.Random(seed)
    tables = [line.split()[2] for line in ddl.splitlines() if line.startswith("CREATE TABLE")]
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(ddl)
        for table in tables:
            for _ in range(rng.choice([0, 1, 3, 5])):
                row = _rows(rng, table)
                con.execute(f"INSERT OR IGNORE INTO {table} VALUES ({', '.join('?' * len(row))})", row)
        yield drop_orphans(con)


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_pairs_agree_class_for_class_and_near_misses_differ(case):
    gold, pred = forms(case)
    ddl = (FIXTURES / "rules" / case.get("schema")).read_text()
    same = [typed_rows(con, case.gold) == typed_rows(con, case.pred) for con in _databases(ddl, 60)]
    if case.get("fires") == "yes":
        assert gold == pred and all(same), case.title
    else:
        assert gold != pred and not all(same), case.title
