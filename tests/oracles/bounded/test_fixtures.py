"""Every verdict fixture (tests/fixtures/verdicts) through the public ``sqlverdict.verify``, the
path users get, with the randomized search off and on: the expected verdict, the fields that
say how it was decided, and every refuted witness replayed from a fresh SQLite file."""

from __future__ import annotations

import json
import sqlite3

import pytest
from tests.helpers.pairs import load
from tests.helpers.tiers import tiered

import sqlverdict
from sqlverdict.engine.execute import run_query
from sqlverdict.engine.integrity import foreign_key_problem, with_parent_keys
from sqlverdict.engine.materialize import create_table_sql, write_database
from sqlverdict.oracles.bounded.witness import replay

CASES = load("verdicts")


def test_at_least_200_fixture_pairs():
    assert len(CASES) >= 200


def _meta(case, key: str, search: bool) -> str:
    """A fixture's expectation for the run with or without the search: ``key-search``
    for the search, else ``key`` where the search changes nothing."""
    if not search:
        return case.get(key)
    if key + "-search" in case.meta:
        return case.get(key + "-search")
    return case.get(key) if case.expect_search == case.expect else ""


def _check(case, r, *, search: bool):
    expect = case.expect_search if search else case.expect
    assert str(r.status) == expect, f"{case.id}: {r.status} ({r.reason})"
    assert _meta(case, "reason", search) in r.reason
    for field in ("method", "cause"):
        if _meta(case, field, search):
            assert str(getattr(r, field)) == _meta(case, field, search), r
    if r.status.name == "REFUTED":
        assert r.witness is not None and r.evidence in ("witness", "invalid_sql")
        assert str(r.realism) in ("typed", "sqlite")
        tables = r.witness.tables
        assert foreign_key_problem(case.schema(), tables) == ""
        assert _loads_with_foreign_keys_on(case.schema(), tables) == ""
        rep = replay(case.gold, case.pred, case.schema(), tables, case.semantics)
        assert rep.differs, rep
        # (a bound raised past the queries' LIMITs is reported: staging._above_limits)
        assert r.bound >= case.bound and all(len(t["rows"]) <= r.bound for t in tables.values())
    elif r.status.name == "VERIFIED":
        # (``held-bound``: the full bound ran out of budget, a smaller one found no witness)
        held = _meta(case, "held-bound", search)
        assert r.bound == (int(held) if held else case.bound) and r.semantics == case.semantics
        assert r.scope == f"up to {held} rows per table" if held else r.scope
        for a in _meta(case, "assumptions", search).split():
            assert a in [str(x) for x in r.assumptions], r
    else:
        assert r.cause is not None and r.witness is None


def _loads_with_foreign_keys_on(schema, tables) -> str:
    """'' when SQLite, enforcing foreign keys, takes the witness rows into the schema's
    tables (a foreign key's parent columns that are no key declared UNIQUE, as SQLite
    needs to enforce it at all); else SQLite's message."""
    con = sqlite3.connect(":memory:", isolation_level=None)
    try:
        con.execute("PRAGMA foreign_keys = ON")
        full = with_parent_keys(schema)
        for t in full.tables:
            con.execute(create_table_sql(t))
        con.execute("BEGIN")
        con.execute("PRAGMA defer_foreign_keys = ON")
        for name, w in tables.items():
            for r in w["rows"]:
                con.execute(f'INSERT INTO "{name}" VALUES ({", ".join("?" * len(r))})', r)
        con.execute("COMMIT")
        return ""
    except sqlite3.Error as e:
        return str(e)
    finally:
        con.close()


def _deep(cases) -> list:
    """The fixtures marked ``tier: deep`` (the solver takes seconds on each) in the deep tier
    (``-m slow``), the others as they are."""
    return [pytest.param(c, marks=pytest.mark.slow)
            if getattr(c, "get", None) and c.get("tier") == "deep" else c for c in cases]


@pytest.mark.parametrize("case", _deep(CASES), ids=lambda c: c.id)
def test_fixture_prover_alone(case, tmp_path):
    schema = case.schema()
    if case.expect != "unknown" or "invalid" not in case.get("reason"):
        db = tmp_path / "empty.sqlite"  # both queries are real SQLite (the gold always is)
        write_database(db, schema, {})
        run_query(db, case.gold)
    r = sqlverdict.verify(case.gold, case.pred, schema, bound=case.bound,
                          semantics=case.semantics, timeout_s=case.timeout, search=False)
    _check(case, r, search=False)


def _nth_of_file(c, n: int) -> bool:
    """Is ``c`` the first, the n+1-th, .. case of its fixture file?"""
    i = CASES.index(c)
    return sum(1 for d in CASES[:i] if d.path == c.path) % n == 0


# with the search: every pair whose verdict the search changes; in the deep tier also every
# second refutation (the search's own witnesses) and every eighth of the rest (the search
# finds no witness, then the same proof or budget; every pair runs through the prover alone)
SEARCH_CASES = ([c for c in CASES if c.expect != c.expect_search]
                + [pytest.param(c, marks=pytest.mark.slow) for c in CASES
                   if c.expect == c.expect_search
                   and _nth_of_file(c, 2 if c.expect == "refuted" else 8)])


@pytest.mark.parametrize("case", _deep(SEARCH_CASES), ids=lambda c: c.id)
def test_fixture_with_search(case):
    _check(case, _library(case), search=True)


# ---- one verifier behind every surface


_LIBRARY: dict = {}


def _library(case):
    """``sqlverdict.verify`` as the CLI calls it (default search budget), once per case."""
    if case.id not in _LIBRARY:
        _LIBRARY[case.id] = sqlverdict.verify(case.gold, case.pred, case.schema(),
                                              bound=case.bound, semantics=case.semantics,
                                              timeout_s=case.timeout)
    return _LIBRARY[case.id]


_DECISION = ("status", "bound", "semantics", "reason", "method", "cause", "detail",
             "assumptions", "scope", "evidence", "witness")


def _decision(d: dict) -> dict:
    return {k: d.get(k) for k in _DECISION}


# every sixteenth fixture of each file (the first included; not the deep tier's, on which the
# solver takes seconds), a third of them in the default tier: each surface's own code is
# exercised by every one; in SURFACE_CHUNKS tests, so that the workers share them (one test
# of them all was the suite's tail: a worker alone for minutes)
SURFACE_CASES = [c for c in CASES if _nth_of_file(c, 16) and c.get("tier") != "deep"]
SURFACE_CHUNKS = 6


@pytest.mark.parametrize("chunk", tiered(range(SURFACE_CHUNKS), 3))
def test_library_cli_and_batch_agree_on_the_fixtures(tmp_path, chunk):
    """``sqlverdict.verify(...)``, ``sqlverdict verify --json`` and ``verify-batch`` give the
    same status, reason fields and witness (one verifier; a fresh Z3 context per pair)."""
    from typer.testing import CliRunner

    from sqlverdict.cli import app
    from sqlverdict.oracles.bounded.batch import verify_batch

    cases = SURFACE_CASES[chunk::SURFACE_CHUNKS]
    # a wall clock far beyond the work budgets (which decide), so that a loaded machine
    # cannot stop one surface and not another
    timeout = {c.id: 4 * c.timeout for c in cases}
    pairs = tmp_path / "pairs.jsonl"
    with open(pairs, "w", encoding="utf-8") as f:
        for c in cases:
            f.write(json.dumps({"id": c.id, "gold": c.gold, "pred": c.pred,
                                "schema": str(c.schema_file), "bound": c.bound,
                                "semantics": c.semantics, "timeout": timeout[c.id]}) + "\n")
    verify_batch(pairs, tmp_path / "out.jsonl", workers=2)
    batch = {d["id"]: d for d in map(json.loads, (tmp_path / "out.jsonl").read_text().splitlines())}
    runner = CliRunner()
    for c in cases:
        lib = sqlverdict.verify(c.gold, c.pred, c.schema(), bound=c.bound,
                                semantics=c.semantics, timeout_s=timeout[c.id])
        lib = json.loads(json.dumps(lib.to_json(), default=str))
        res = runner.invoke(app, ["verify", "--schema", str(c.schema_file), "--bound", str(c.bound),
                                  "--semantics", c.semantics, "--timeout", str(timeout[c.id]),
                                  "--json", c.gold, c.pred])
        cli = json.loads(res.output)
        assert res.exit_code == {"verified": 0, "refuted": 1}.get(cli["status"], 2), res.output
        assert _decision(cli) == _decision(lib), c.id
        assert _decision(batch[c.id]) == _decision(lib), c.id
