"""The laws of ``canon/partition_extrema.py`` against SQLite: each fixture pair of
``tests/fixtures/rules/no_greater_in_partition_as_max.sql`` and ``rank_over_view_as_count.sql``
on random databases of every storage class (NULLs, duplicates, empty tables), rows compared
with their storage classes; the near misses (no NULL guard, a key or partition key that may
be NULL) apart."""

from __future__ import annotations

import random
import sqlite3

import pytest
from tests.helpers.rule_databases import (
    agree_and_one_form,
    apart_and_told_apart,
    databases,
    fixture_cases,
    typed_rows,
)

FIRES, NEAR = fixture_cases("no_greater_in_partition_as_max")
RANKS, RANKS_NEAR = fixture_cases("rank_over_view_as_count")
VERSIONS = [c for cases in fixture_cases("no_earlier_as_extremum") for c in cases
            if c.get("schema") == "first_versions.ddl"]
TEXTS = ["a", "A", "b", "", 2, 10, 2.5, b"a"]  # numbers become text


@pytest.mark.parametrize("case", FIRES + NEAR + RANKS + RANKS_NEAR, ids=lambda c: c.id)
def test_pairs_agree_class_for_class_and_near_misses_differ(case):
    check = agree_and_one_form if case.get("fires") == "yes" else apart_and_told_apart
    check(case, databases(30, seed=54), rows=typed_rows)


def _versions(seed: int):
    rng = random.Random(seed)
    for _ in range(60):
        con = sqlite3.connect(":memory:")
        con.executescript(VERSIONS[0].schema_file.read_text())
        rows = {(rng.choice(TEXTS[:3]), rng.choice(TEXTS)): rng.choice([None, *TEXTS[:4]])
                for _ in range(rng.randint(0, 6))}
        con.executemany("INSERT OR IGNORE INTO hist VALUES (?, ?, ?)", [(*k, v) for k, v in rows.items()])
        yield con


@pytest.mark.parametrize("case", VERSIONS, ids=lambda c: c.id)
def test_first_versions_without_distinct_over_a_unique_key(case):
    """``no_earlier_as_extremum`` without DISTINCT where ``(member, since)`` is the key; the
    near miss (a column that repeats) apart."""
    check = agree_and_one_form if case.get("fires") == "yes" else apart_and_told_apart
    check(case, _versions(54), rows=typed_rows)
