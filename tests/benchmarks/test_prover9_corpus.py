"""The ninth held-out prover corpus (``benchmarks/corpus/prover9/``): frozen by its
manifest, well-formed ``verify-batch`` lines as ``benchmarks/prover9_pairs.py`` writes them,
one mutant per equivalent pair, and every mutant's separating database, replayed in SQLite,
separating it (even up to the order of output columns) while its equivalent pair agrees
there (``benchmarks/prover9_build.py`` checks every pair on random databases)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from benchmarks.prover9_build import FILES
from benchmarks.prover9_pairs import PAIRS
from tests.helpers import held_out
from tests.helpers.manifest import assert_frozen

from sqlverdict.schema import load_schema

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "benchmarks" / "corpus" / "prover9"


@pytest.fixture(scope="module")
def corpus() -> list[dict]:
    return held_out.read(CORPUS, FILES.values())


def test_manifest_matches_the_files():
    assert_frozen(CORPUS)


def test_files_are_the_written_pairs(corpus):
    held_out.assert_written(corpus, PAIRS)


def test_lines_are_verify_batch_lines(corpus):
    held_out.assert_batch_lines(corpus, ("postgres", "sqlite"))


def test_every_equivalent_pair_has_exactly_one_mutant(corpus):
    held_out.assert_one_mutant_each(corpus, 186)


def test_per_file_counts(corpus):
    eq = [p for p in corpus if p["expect"] == "equivalent"]
    for key, at_least in (("engines5/", 70), ("interview/", 60), ("agg_papers/", 50)):
        assert sum(p["id"].startswith(key) for p in eq) >= at_least, key


def test_both_dialects_in_every_file(corpus):
    for key in ("engines5/", "interview/", "agg_papers/"):
        assert {p["dialect"] for p in corpus if p["id"].startswith(key)} == {"postgres", "sqlite"}, key


def test_schemas_load():
    for ddl in sorted(CORPUS.glob("*.ddl")):
        con = sqlite3.connect(":memory:")
        con.executescript(ddl.read_text())
        assert load_schema(str(ddl)).tables, ddl.name


def test_every_mutant_is_separated_by_its_database(corpus):
    held_out.assert_mutants_separated(corpus, 186)
