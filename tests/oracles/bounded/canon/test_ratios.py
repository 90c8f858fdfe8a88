"""``division_by_nullif_zero`` and ``average_group_size`` (``canon/ratios.py``) against SQLite.

The fixtures' pairs on random databases of every storage class, rows compared with their
storage classes; the NULLIF identity on every pair of values of every class, bit for bit;
the average group size over keys without affinity, where 1, 1.0 and '1' meet (1 and 1.0
one group, '1' another), NULL keys, duplicates and empty inputs."""

from __future__ import annotations

import itertools
import math
import random
import sqlite3

import pytest
from tests.helpers.rule_databases import (
    assert_apart_and_separated,
    assert_equated_and_agreeing,
    fixture_cases,
    typed_rows,
)

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

FIRES, NEAR = fixture_cases("division_by_nullif_zero", "average_group_size")


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_pairs_the_rules_equate_agree_in_sqlite_class_for_class(case):
    assert_equated_and_agreeing(case, 300, rows=typed_rows)


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    assert_apart_and_separated(case, 300)


VALUES = [None, 0, 1, -1, 7, 2 ** 63 - 1, -(2 ** 63), 0.0, -0.0, 0.5, 3.0, float("inf"), "0", "0.0",
          "", "abc", "7", b"", b"0", b"\x07"]


def _bits(v):
    return ("real", math.copysign(1.0, v), v.hex()) if isinstance(v, float) else (type(v).__name__, v)


def test_a_division_by_nullif_zero_is_the_division_on_every_pair_of_values():
    con = sqlite3.connect(":memory:")
    con.execute("CREATE TABLE v (x, d)")
    con.executemany("INSERT INTO v VALUES (?, ?)", itertools.product(VALUES, VALUES))
    for zero in ("0", "0.0"):
        got = con.execute(f"SELECT x / NULLIF(d, {zero}), x / d FROM v").fetchall()
        assert all(_bits(a) == _bits(b) for a, b in got)


KEYS = [None, 1, 1.0, "1", 2, "a", b"a", -0.0, 0]
GOLD = "SELECT AVG(t.n) FROM (SELECT k, COUNT(*) AS n FROM r WHERE k IS NOT NULL AND v > 0 GROUP BY k) AS t"
PRED = "SELECT CAST(COUNT(k) AS REAL) / COUNT(DISTINCT k) FROM r WHERE v > 0"


def test_the_average_group_size_over_keys_of_every_class():
    ddl = "CREATE TABLE r (k, v)"
    schema = from_ddl(ddl)
    forms = [canonical(ir.lower(s, schema).query, schema, "bag") for s in (GOLD, PRED)]
    assert forms[0] == forms[1]
    rng = random.Random(3)
    con = sqlite3.connect(":memory:")
    con.execute(ddl)
    for _ in range(400):
        con.execute("DELETE FROM r")
        con.executemany("INSERT INTO r VALUES (?, ?)", [(rng.choice(KEYS), rng.choice([None, 0, 1, "x"]))
                                                        for _ in range(rng.randrange(0, 9))])
        (g,), (p,) = con.execute(GOLD).fetchall(), con.execute(PRED).fetchall()
        assert _bits(g) == _bits(p)
