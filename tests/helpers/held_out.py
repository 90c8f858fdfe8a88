"""The checks the held-out corpora built through ``benchmarks.prover3_build`` (prover3 ..
prover13) share: well-formed ``verify-batch`` lines equal to the written pairs, one
mutant per equivalent pair, and each mutant's separating database, replayed in SQLite,
separating it (even up to the order of output columns) while its equivalent pair agrees."""

from __future__ import annotations

import functools
import importlib
import json
import sqlite3
from collections import Counter
from pathlib import Path

from benchmarks.prover3_build import differs

ROOT = Path(__file__).resolve().parents[2]
KEYS = {"id", "gold", "pred", "schema", "dialect", "semantics", "expect", "rule", "source"}


def read(corpus: Path, files) -> list[dict]:
    return [json.loads(line) for f in files for line in (corpus / f).read_text().splitlines()]


def corpus_dir(name: str) -> Path:
    return ROOT / "benchmarks" / "corpus" / name


@functools.cache
def lines(name: str) -> tuple[dict, ...]:
    """The lines of the held-out corpus ``name`` (``prover4`` ..), in its build's file order."""
    files = importlib.import_module(f"benchmarks.{name}_build").FILES
    return tuple(read(corpus_dir(name), files.values()))


def written(name: str) -> list[dict]:
    """The pairs ``benchmarks/<name>_pairs.py`` writes."""
    return importlib.import_module(f"benchmarks.{name}_pairs").PAIRS


def assert_written(lines: list[dict], pairs: list[dict]) -> None:
    written = {p["id"]: p for p in pairs}
    assert {p["id"] for p in lines} == set(written)
    for p in lines:
        assert all(p[k] == written[p["id"]][k] for k in KEYS), p["id"]


def assert_batch_lines(lines: list[dict], dialects: tuple[str, ...]) -> None:
    assert len({p["id"] for p in lines}) == len(lines)
    for p in lines:
        assert KEYS <= p.keys(), p["id"]
        assert all(isinstance(p[k], str) and p[k] for k in KEYS), p["id"]
        assert p["expect"] in ("equivalent", "different"), p["id"]
        assert p["semantics"] in ("bag", "list"), p["id"]
        assert p["dialect"] in dialects, p["id"]
        assert (ROOT / p["schema"]).is_file(), p["id"]


def assert_one_mutant_each(lines: list[dict], at_least: int) -> None:
    eq = {p["id"] for p in lines if p["expect"] == "equivalent"}
    mutants = [p for p in lines if p["expect"] == "different"]
    assert len(eq) >= at_least
    assert Counter(m["pair_of"] for m in mutants) == Counter(eq)
    assert all(isinstance(m.get("separating_db"), dict) and m.get("mutation") for m in mutants)


def load(pair: dict) -> sqlite3.Connection:
    """The pair's schema with its ``separating_db`` (keys and foreign keys enforced)."""
    con = sqlite3.connect(":memory:")
    con.execute("PRAGMA foreign_keys = ON")
    con.executescript((ROOT / pair["schema"]).read_text())
    for table, rows in pair["separating_db"].items():
        marks = ", ".join("?" * len(rows[0]))
        con.executemany(f"INSERT INTO {table} VALUES ({marks})", rows)
    con.commit()
    assert con.execute("PRAGMA foreign_key_check").fetchall() == []
    return con


def assert_mutants_separated(lines: list[dict], at_least: int) -> None:
    by_id = {p["id"]: p for p in lines}
    mutants = [p for p in lines if p["expect"] == "different"]
    for m in mutants:
        con = load(m)
        assert differs(con, dict(m), permuted=True), m["id"]
        assert not differs(con, dict(by_id[m["pair_of"]])), m["pair_of"]
    assert len(mutants) >= at_least
