"""The held-out prover corpus (``benchmarks/corpus/prover2/``, issue 25 item 3): frozen by
its manifest, well-formed ``verify-batch`` lines, one mutant per equivalent pair, and every
mutant's separating database, replayed in SQLite, separating it while its equivalent pair
agrees there (the build script ``benchmarks/prover2_build.py`` checks every pair on random
databases)."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from pathlib import Path

import pytest
from benchmarks.prover2_build import result, sqlite_text
from tests.helpers.manifest import assert_frozen

from sqlverdict.schema import load_schema

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "benchmarks" / "corpus" / "prover2"
FILES = ("calcite_rules.jsonl", "spark_rules.jsonl", "calcite_style.jsonl")
KEYS = {"id", "gold", "pred", "schema", "dialect", "semantics", "expect", "rule", "source"}
# lines whose SQLite check text is hand-written in benchmarks/prover2_pairs.py (EXTRACT,
# ROLLUP, GROUPING SETS): not replayed from the stored text here
HAND_CHECKED = ("EXTRACT(", "ROLLUP(", "GROUPING SETS")


@pytest.fixture(scope="module")
def corpus() -> list[dict]:
    return [json.loads(line) for f in FILES for line in (CORPUS / f).read_text().splitlines()]


def test_manifest_matches_the_files():
    assert_frozen(CORPUS)


def test_lines_are_verify_batch_lines(corpus):
    assert len({p["id"] for p in corpus}) == len(corpus)
    for p in corpus:
        assert KEYS <= p.keys(), p["id"]
        assert all(isinstance(p[k], str) and p[k] for k in KEYS), p["id"]
        assert p["expect"] in ("equivalent", "different"), p["id"]
        assert p["semantics"] in ("bag", "list"), p["id"]
        assert p["dialect"] in ("postgres", "sqlite", "calcite"), p["id"]
        assert (ROOT / p["schema"]).is_file(), p["id"]


def test_every_equivalent_pair_has_exactly_one_mutant(corpus):
    eq = {p["id"] for p in corpus if p["expect"] == "equivalent"}
    mutants = [p for p in corpus if p["expect"] == "different"]
    assert len(eq) >= 200
    assert Counter(m["pair_of"] for m in mutants) == Counter(eq)
    assert all(isinstance(m.get("separating_db"), dict) and m.get("mutation") for m in mutants)


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


def _differs(con, p: dict) -> bool:
    p = dict(p)
    return result(con, sqlite_text(p, 0), p["semantics"]) != result(con, sqlite_text(p, 1), p["semantics"])


def test_every_mutant_is_separated_by_its_database(corpus):
    by_id = {p["id"]: p for p in corpus}
    replayed = 0
    for m in (p for p in corpus if p["expect"] == "different"):
        eq = by_id[m["pair_of"]]
        if any(h in x for h in HAND_CHECKED for x in (m["gold"], m["pred"], eq["gold"], eq["pred"])):
            continue
        con = _load(m)
        assert _differs(con, m), m["id"]
        assert not _differs(con, eq), eq["id"]
        replayed += 1
    assert replayed >= 240
