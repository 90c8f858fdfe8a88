"""The subquery-removal corpus (``benchmarks/corpus/subquery_removal/``, issue 25 items
1-2): frozen by its manifest, well-formed ``verify-batch`` lines, one near miss per pair;
each pair agrees on random typed databases in SQLite (NULLs, duplicates, empty tables) and
each near miss is told apart by one of them."""

from __future__ import annotations

import json
import random
import sqlite3
from collections import Counter
from pathlib import Path

import pytest
from tests.helpers.manifest import assert_frozen

from sqlverdict.sql.dialect import to_sqlite

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "benchmarks" / "corpus" / "subquery_removal"
LINES = [json.loads(x) for x in (CORPUS / "calcite_subquery.jsonl").read_text().splitlines()]
PAIRS = {p["id"]: p for p in LINES if p["expect"] == "equivalent"}
NEAR = [p for p in LINES if p["expect"] == "different"]


def test_manifest_matches_the_files():
    assert_frozen(CORPUS)


def test_one_near_miss_per_pair():
    assert len(PAIRS) == 25
    assert Counter(p["pair_of"] for p in NEAR) == Counter(list(PAIRS))
    assert all(p["dialect"] == "calcite" and (ROOT / p["schema"]).is_file() for p in LINES)


def _databases(n: int, seed: int = 3):
    rng = random.Random(seed)
    ddl = (CORPUS / "emp_dept.ddl").read_text()
    small = [None, 1, 2, 3]
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(ddl)
        depts = rng.sample([1, 2, 3], rng.choice([0, 1, 2, 3]))
        for d in depts:
            con.execute("INSERT INTO dept VALUES (?, ?, ?)", (d, "d", rng.choice([None, "NY", "LA"])))
        for e in rng.sample([1, 2, 3, 4], rng.choice([0, 1, 2, 3, 4])):
            con.execute("INSERT INTO emp VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (e, rng.choice(["a", "b"]), rng.choice([None, "C", "M"]), rng.choice(small),
                         None, rng.choice(small), rng.choice(small),
                         rng.choice([None, *depts]), rng.choice([0, 1])))
        for a in range(rng.choice([0, 1, 2, 3])):
            con.execute("INSERT INTO account VALUES (?, ?, ?, ?)", (a, rng.choice([1, 2, 3, 4]), 5, None))
        for _ in range(rng.choice([0, 1, 2, 3])):
            con.execute("INSERT INTO bonus VALUES (?, ?, ?, ?)",
                        ("a", rng.choice([None, "C", "M"]), rng.choice(small), rng.choice(small)))
        yield con


def _runs(p):
    return [to_sqlite(p[k], "calcite") for k in ("gold", "pred")]


@pytest.mark.parametrize("pair", list(PAIRS.values()), ids=lambda p: p["id"])
def test_pairs_agree_in_sqlite(pair):
    gold, pred = _runs(pair)
    for con in _databases(150):
        assert Counter(con.execute(gold).fetchall()) == Counter(con.execute(pred).fetchall())


@pytest.mark.parametrize("near", NEAR, ids=lambda p: p["id"])
def test_near_misses_differ_in_sqlite(near):
    gold, pred = _runs(near)
    assert any(Counter(con.execute(gold).fetchall()) != Counter(con.execute(pred).fetchall())
               for con in _databases(300))
