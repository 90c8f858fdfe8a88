"""The fifth held-out prover corpus (``benchmarks/corpus/prover5/``): frozen by its
manifest, well-formed ``verify-batch`` lines as ``benchmarks/prover5_pairs.py`` writes them,
one mutant per equivalent pair, and every mutant's separating database, replayed in SQLite,
separating it (even up to the order of output columns) while its equivalent pair agrees
there (``benchmarks/prover5_build.py`` checks every pair on random databases)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from benchmarks.prover5_build import FILES
from benchmarks.prover5_pairs import PAIRS
from tests.helpers import held_out
from tests.helpers.manifest import assert_frozen

from sqlverdict.schema import load_schema

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "benchmarks" / "corpus" / "prover5"


@pytest.fixture(scope="module")
def corpus() -> list[dict]:
    return held_out.read(CORPUS, FILES.values())


def test_manifest_matches_the_files():
    assert_frozen(CORPUS)


def test_files_are_the_written_pairs(corpus):
    held_out.assert_written(corpus, PAIRS)


def test_lines_are_verify_batch_lines(corpus):
    held_out.assert_batch_lines(corpus, ("postgres", "sqlite", "calcite"))


def test_every_equivalent_pair_has_exactly_one_mutant(corpus):
    held_out.assert_one_mutant_each(corpus, 150)


def test_text2sql_pairs_are_sqlite(corpus):
    t2s = [p for p in corpus if p["id"].startswith("text2sql/")]
    assert len(t2s) >= 120 and all(p["dialect"] == "sqlite" for p in t2s)


def test_schemas_load():
    for ddl in sorted(CORPUS.glob("*.ddl")):
        con = sqlite3.connect(":memory:")
        con.executescript(ddl.read_text())
        assert load_schema(str(ddl)).tables, ddl.name


def test_every_mutant_is_separated_by_its_database(corpus):
    held_out.assert_mutants_separated(corpus, 150)


# Errata (found after freezing; the corpus is unchanged, see its README).


def _pair(corpus, pid):
    return next(p for p in corpus if p["id"] == pid)


def test_errata_min_as_limit_mutant_agrees_where_nulls_sort_last(corpus):
    """``calcite/AggregateMinMaxToLimitRule/2/mutant`` is marked postgres but differs only
    where NULL sorts first (SQLite); under PostgreSQL's NULLS LAST it agrees with MIN."""
    m = _pair(corpus, "calcite/AggregateMinMaxToLimitRule/2/mutant")
    con = held_out.load(m)
    gold = con.execute(m["gold"]).fetchall()
    assert con.execute(m["pred"]).fetchall() != gold
    assert con.execute(m["pred"].replace("ORDER BY comm", "ORDER BY comm NULLS LAST")).fetchall() == gold


def test_errata_reordered_sum_differs_past_64_bits(corpus):
    """``spark/ReorderAssociativeOperator/1`` holds under exact arithmetic only: past 64
    bits SQLite makes ``a + 1`` a REAL, so ``(a + 1) + (b + 2)`` and ``a + b + 3`` differ."""
    p = _pair(corpus, "spark/ReorderAssociativeOperator/1")
    con = sqlite3.connect(":memory:")
    con.executescript((ROOT / p["schema"]).read_text())
    con.executemany("INSERT INTO t1 VALUES (?, ?, ?)", [(2**63 - 1, -3, 0)] * 2)
    assert con.execute(p["gold"]).fetchall() != con.execute(p["pred"]).fetchall()
