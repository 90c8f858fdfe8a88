"""The prover development corpus (``benchmarks/corpus/prover/``, issue 25 item 3): frozen by
its manifest, well-formed ``verify-batch`` lines, one mutant per equivalent pair, and a
spread of mutants whose separating database, replayed in SQLite, separates the pair (the
build script ``benchmarks/prover_corpus_build.py`` checks every pair on random databases).
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from pathlib import Path

import pytest
from benchmarks.prover_corpus import CORPUS, SOURCES, load_corpus, manifest_problems

from sqlverdict.schema import load_schema

ROOT = Path(__file__).resolve().parents[2]

KEYS = {"id", "gold", "pred", "schema", "dialect", "semantics", "expect", "rule", "source"}


@pytest.fixture(scope="module")
def corpus() -> list[dict]:
    return load_corpus()


def test_manifest_matches_the_files():
    assert manifest_problems() == []
    listed = {line.split(maxsplit=1)[1] for line in (CORPUS / "MANIFEST.sha256").read_text().splitlines()}
    on_disk = {f.name for f in CORPUS.iterdir() if f.is_file()} - {"MANIFEST.sha256", "README.md"}
    assert on_disk <= listed  # every corpus file is frozen (the README may change)


def test_lines_are_verify_batch_lines(corpus):
    assert len({p["id"] for p in corpus}) == len(corpus)
    for p in corpus:
        assert KEYS <= p.keys(), p["id"]
        assert all(isinstance(p[k], str) and p[k] for k in KEYS), p["id"]
        assert p["expect"] in ("equivalent", "different"), p["id"]
        assert p["semantics"] in ("bag", "list", "set"), p["id"]
        assert p["dialect"] in ("postgres", "sqlite"), p["id"]
        assert (ROOT / p["schema"]).is_file(), p["id"]


def test_every_equivalent_pair_has_exactly_one_mutant(corpus):
    eq = {p["id"] for p in corpus if p["expect"] == "equivalent"}
    mutants = [p for p in corpus if p["expect"] == "different"]
    assert len(eq) >= 400
    assert Counter(m["pair_of"] for m in mutants) == Counter(eq)
    # the separating database: rows per table; {} is the empty database (every table empty)
    assert all(isinstance(m.get("separating_db"), dict) and m.get("mutation") for m in mutants)
    assert {p["_source"] for p in corpus} == set(SOURCES)


def test_schemas_load():
    for ddl in sorted(CORPUS.glob("*.ddl")):
        con = sqlite3.connect(":memory:")
        con.executescript(ddl.read_text())
        assert load_schema(str(ddl)).tables, ddl.name


def _result(con, sql: str, semantics: str):
    rows = [tuple(round(v, 9) if isinstance(v, float) else v for v in r) for r in con.execute(sql)]
    return rows if semantics == "list" else frozenset(rows) if semantics == "set" else Counter(rows)


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


def test_a_spread_of_mutants_is_separated_by_its_database(corpus):
    by_id = {p["id"]: p for p in corpus}
    mutants = [p for p in corpus if p["expect"] == "different"]
    sample = mutants[::29]  # every source, many rules
    assert len(sample) >= 12 and {m["_source"] for m in sample} == set(SOURCES)
    for m in sample:
        con = _load(m)
        sem = m["semantics"]
        assert _result(con, m["gold"], sem) != _result(con, m["pred"], sem), m["id"]
        eq = by_id[m["pair_of"]]
        assert _result(con, eq["gold"], sem) == _result(con, eq["pred"], sem), eq["id"]


def test_separating_databases_are_valid_json_rows(corpus):
    for m in (p for p in corpus if p["expect"] == "different"):
        for table, rows in m["separating_db"].items():
            assert rows and all(isinstance(r, list) for r in rows), (m["id"], table)
    json.dumps([m["separating_db"] for m in corpus if m["expect"] == "different"])
