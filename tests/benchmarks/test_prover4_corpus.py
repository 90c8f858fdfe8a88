"""The fourth held-out prover corpus (``benchmarks/corpus/prover4/``, issue 25 item 3): frozen
by its manifest, well-formed ``verify-batch`` lines as ``benchmarks/prover4_pairs.py`` writes
them, one mutant per equivalent pair, and every mutant's separating database, replayed in
SQLite, separating it (even up to the order of output columns) while its equivalent pair
agrees there (``benchmarks/prover4_build.py`` checks every pair on random databases)."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from pathlib import Path

import pytest
from benchmarks.prover3_build import differs
from benchmarks.prover4_build import FILES
from benchmarks.prover4_pairs import PAIRS
from tests.helpers.manifest import assert_frozen

from sqlverdict.schema import load_schema

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "benchmarks" / "corpus" / "prover4"
KEYS = {"id", "gold", "pred", "schema", "dialect", "semantics", "expect", "rule", "source"}


@pytest.fixture(scope="module")
def corpus() -> list[dict]:
    return [json.loads(line) for f in FILES.values() for line in (CORPUS / f).read_text().splitlines()]


def test_manifest_matches_the_files():
    assert_frozen(CORPUS)


def test_files_are_the_written_pairs(corpus):
    written = {p["id"]: p for p in PAIRS}
    assert {p["id"] for p in corpus} == set(written)
    for p in corpus:
        assert all(p[k] == written[p["id"]][k] for k in KEYS), p["id"]


def test_lines_are_verify_batch_lines(corpus):
    assert len({p["id"] for p in corpus}) == len(corpus)
    for p in corpus:
        assert KEYS <= p.keys(), p["id"]
        assert all(isinstance(p[k], str) and p[k] for k in KEYS), p["id"]
        assert p["expect"] in ("equivalent", "different"), p["id"]
        assert p["semantics"] in ("bag", "list"), p["id"]
        assert p["dialect"] in ("postgres", "sqlite"), p["id"]
        assert (ROOT / p["schema"]).is_file(), p["id"]


def test_every_equivalent_pair_has_exactly_one_mutant(corpus):
    eq = {p["id"] for p in corpus if p["expect"] == "equivalent"}
    mutants = [p for p in corpus if p["expect"] == "different"]
    assert len(eq) >= 150
    assert Counter(m["pair_of"] for m in mutants) == Counter(eq)
    assert all(isinstance(m.get("separating_db"), dict) and m.get("mutation") for m in mutants)


def test_list_semantics_only_under_a_top_level_order_by(corpus):
    for p in corpus:
        if p["semantics"] == "list":
            assert "ORDER BY" in p["gold"].rsplit(")", 1)[-1] and "ORDER BY" in p["pred"].rsplit(")", 1)[-1], p["id"]


def test_schemas_load():
    for ddl in sorted(CORPUS.glob("*.ddl")):
        con = sqlite3.connect(":memory:")
        con.executescript(ddl.read_text())
        assert load_schema(str(ddl)).tables, ddl.name


def _load(pair: dict) -> sqlite3.Connection:
    con = sqlite3.connect(":memory:")
    con.execute("PRAGMA foreign_keys = ON")
    con.executescript((ROOT / pair["schema"]).read_text())
    for table, rows in pair["separating_db"].items():
        marks = ", ".join("?" * len(rows[0]))
        con.executemany(f"INSERT INTO {table} VALUES ({marks})", rows)  # keys and FKs enforced
    con.commit()
    assert con.execute("PRAGMA foreign_key_check").fetchall() == []
    return con


def test_every_mutant_is_separated_by_its_database(corpus):
    by_id = {p["id"]: p for p in corpus}
    mutants = [p for p in corpus if p["expect"] == "different"]
    for m in mutants:
        con = _load(m)
        assert differs(con, dict(m), permuted=True), m["id"]
        assert not differs(con, dict(by_id[m["pair_of"]])), m["pair_of"]
    assert len(mutants) >= 150
