"""The held-out prover corpora prover4 .. prover30 (``benchmarks/corpus/<name>/``, issue 25
item 3), each: frozen by its manifest, its files the lines ``benchmarks/<name>_pairs.py``
writes, well-formed ``verify-batch`` lines, one mutant per equivalent pair, schemas that
load, and every mutant's separating database, replayed in SQLite, separating it (even up
to the order of output columns) while its equivalent pair agrees there
(``benchmarks/<name>_build.py`` checks every pair on random databases). What one corpus
alone promises (per-file counts, dialects, errata) is in ``test_<name>_corpus.py``."""

from __future__ import annotations

import sqlite3

import pytest
from tests.helpers import held_out
from tests.helpers.manifest import assert_frozen

from sqlverdict.schema import load_schema

# name -> (at least this many equivalent pairs, the dialects its lines may name)
CORPORA = {
    "prover4": (150, ("postgres", "sqlite")),
    "prover5": (150, ("postgres", "sqlite", "calcite")),
    "prover6": (180, ("postgres", "sqlite")),
    "prover7": (180, ("postgres", "sqlite")),
    "prover8": (180, ("postgres", "sqlite")),
    "prover9": (186, ("postgres", "sqlite")),
    "prover10": (186, ("postgres", "sqlite")),
    "prover11": (188, ("postgres", "sqlite")),
    "prover12": (186, ("postgres", "sqlite")),
    "prover13": (192, ("postgres", "sqlite")),
    "prover14": (188, ("postgres", "sqlite")),
    "prover15": (190, ("postgres", "sqlite")),
    "prover16": (187, ("postgres", "sqlite")),
    "prover17": (185, ("postgres", "sqlite")),
    "prover18": (187, ("postgres", "sqlite")),
    "prover19": (187, ("postgres", "sqlite")),
    "prover20": (187, ("postgres", "sqlite")),
    "prover21": (199, ("postgres", "sqlite")),
    "prover22": (202, ("postgres", "sqlite")),
    "prover23": (203, ("postgres", "sqlite")),
    "prover24": (203, ("postgres", "sqlite")),
    "prover25": (201, ("postgres", "sqlite")),
    "prover26": (201, ("postgres", "sqlite")),
    "prover27": (202, ("postgres", "sqlite")),
    "prover28": (223, ("postgres", "sqlite")),
    "prover29": (199, ("postgres", "sqlite")),
    "prover30": (206, ("postgres", "sqlite")),
}
NAMES = sorted(CORPORA)


@pytest.mark.parametrize("name", NAMES)
def test_manifest_matches_the_files(name):
    assert_frozen(held_out.corpus_dir(name))


@pytest.mark.parametrize("name", NAMES)
def test_files_are_the_written_pairs(name):
    held_out.assert_written(held_out.lines(name), held_out.written(name))


@pytest.mark.parametrize("name", NAMES)
def test_lines_are_verify_batch_lines(name):
    held_out.assert_batch_lines(held_out.lines(name), CORPORA[name][1])


@pytest.mark.parametrize("name", NAMES)
def test_every_equivalent_pair_has_exactly_one_mutant(name):
    held_out.assert_one_mutant_each(held_out.lines(name), CORPORA[name][0])


@pytest.mark.parametrize("name", NAMES)
def test_schemas_load(name):
    for ddl in sorted(held_out.corpus_dir(name).glob("*.ddl")):
        con = sqlite3.connect(":memory:")
        con.executescript(ddl.read_text())
        assert load_schema(str(ddl)).tables, ddl.name


@pytest.mark.parametrize("name", NAMES)
def test_every_mutant_is_separated_by_its_database(name):
    held_out.assert_mutants_separated(held_out.lines(name), CORPORA[name][0])
