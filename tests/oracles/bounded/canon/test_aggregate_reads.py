"""i43d's laws against SQLite: the fixture pairs of ``default_into_scalar``,
``avg_of_real_cast``, ``merge_aggregates``, ``aggregate_union`` and ``star_aggregates`` on
random databases of every storage class, rows compared with their storage classes;
``date_ranges`` on databases of day text beside its near misses (invalid days, times,
prefixes, numbers, BLOBs) and ``unscaled_comparison`` on databases of numbers (its typed
domain). Pairs where a rule fires agree everywhere and get one canonical form; near misses
get two and some database separates them."""

from __future__ import annotations

import random
import sqlite3

import pytest
from tests.helpers.rule_databases import DDL, databases, fixture_cases, forms, typed_rows

FIRES, NEAR = fixture_cases("default_into_scalar",
                            "avg_of_real_cast", "merge_aggregates", "aggregate_union",
                            "star_aggregates")
DATE_FIRES, DATE_NEAR = fixture_cases("date_ranges")
SCALED_FIRES, SCALED_NEAR = fixture_cases("unscaled_comparison")
DAYS = [None, "2021-12-31", "2022-01-01", "2022-06-15", "2022-12-31", "2023-01-01", "2024-01-31",
        "2024-02-01", "2024-02-29", "2024-03-01", "2022-02-30", "2022-13-01", "2022-05-01 10:00",
        "2022", "2022-02", "2022x", "abc", "", 2022, 20220101, 2022.5, b"2022-01-01"]


def _agree(case, cons) -> None:
    gold, pred = forms(case)
    same = [typed_rows(con, case.gold) == typed_rows(con, case.pred) for con in cons]
    if case.get("fires") == "yes":
        assert gold == pred and all(same), case.title
    else:
        assert gold != pred and not all(same), case.title


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_pairs_agree_class_for_class_and_near_misses_differ(case):
    _agree(case, databases(100, seed=43))


def _filled(rng, row) -> sqlite3.Connection:
    con = sqlite3.connect(":memory:")
    con.executescript(DDL)
    for i in range(1, rng.choice([1, 3, 6, 9])):
        con.execute("INSERT INTO emp VALUES (?, ?, ?, ?, ?, ?)", (i, *row(rng)))
    return con


def _days(n: int, seed: int):
    rng = random.Random(seed)
    for _ in range(n):
        yield _filled(rng, lambda r: (r.choice(["a", None]), r.choice([None, 1, 2]), 1.0, 1,
                                      r.choice(DAYS)))


def _numbers(n: int, seed: int):
    values = [None, -2, -1, 0, 1, 2, 3, 1.5, 0.75, -1.5, 2.5, 1e308, -1e308, 5e-324]
    rng = random.Random(seed)
    for _ in range(n):
        yield _filled(rng, lambda r: (None, r.choice([None, -2, -1, 0, 1, 2, 3]),
                                      r.choice(values), 1, None))


@pytest.mark.parametrize("case", DATE_FIRES + DATE_NEAR, ids=lambda c: c.id)
def test_date_ranges_on_day_text(case):
    _agree(case, _days(150, seed=44))


@pytest.mark.parametrize("case", SCALED_FIRES + SCALED_NEAR, ids=lambda c: c.id)
def test_unscaled_comparisons_on_numbers(case):
    _agree(case, _numbers(100, seed=45))
