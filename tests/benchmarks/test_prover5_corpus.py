"""The fifth held-out prover corpus (``benchmarks/corpus/prover5/``): frozen by its
manifest, well-formed ``verify-batch`` lines as ``benchmarks/prover5_pairs.py`` writes them,
one mutant per equivalent pair, and every mutant's separating database, replayed in SQLite,
separating it (even up to the order of output columns) while its equivalent pair agrees
there (``benchmarks/prover5_build.py`` checks every pair on random databases)."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from pathlib import Path

import pytest
from benchmarks.prover3_build import differs
from benchmarks.prover5_build import FILES
from benchmarks.prover5_pairs import PAIRS
from tests.helpers.manifest import assert_frozen

from sqlverdict.schema import load_schema

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "benchmarks" / "corpus" / "prover5"
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
        assert p["dialect"] in ("postgres", "sqlite", "calcite"), p["id"]
        assert (ROOT / p["schema"]).is_file(), p["id"]


def test_every_equivalent_pair_has_exactly_one_mutant(corpus):
    eq = {p["id"] for p in corpus if p["expect"] == "equivalent"}
    mutants = [p for p in corpus if p["expect"] == "different"]
    assert len(eq) >= 150
    assert Counter(m["pair_of"] for m in mutants) == Counter(eq)
    assert all(isinstance(m.get("separating_db"), dict) and m.get("mutation") for m in mutants)


def test_text2sql_pairs_are_sqlite(corpus):
    t2s = [p for p in corpus if p["id"].startswith("text2sql/")]
    assert len(t2s) >= 120 and all(p["dialect"] == "sqlite" for p in t2s)


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


# Errata (found after freezing; the corpus is unchanged, see its README).


def _pair(corpus, pid):
    return next(p for p in corpus if p["id"] == pid)


def test_errata_min_as_limit_mutant_agrees_where_nulls_sort_last(corpus):
    """``calcite/AggregateMinMaxToLimitRule/2/mutant`` is marked postgres but differs only
    where NULL sorts first (SQLite); under PostgreSQL's NULLS LAST it agrees with MIN."""
    m = _pair(corpus, "calcite/AggregateMinMaxToLimitRule/2/mutant")
    con = _load(m)
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
