"""The randomized search: refuted only with a witness that replays in SQLite with foreign
keys enforced, otherwise unknown; never verified; the same pair and seed, the same witness."""

from __future__ import annotations

import sqlite3

import pytest
from tests.helpers.pairs import load

from sqlverdict.engine.compare import results_equal
from sqlverdict.engine.execute import run_query
from sqlverdict.engine.materialize import write_database
from sqlverdict.oracles.bounded.pair import Pair
from sqlverdict.oracles.bounded.search import search
from sqlverdict.schema import from_sqlite
from sqlverdict.types import Status

CASES = load("search")


def _replays(schema, gold, pred, witness, sem, tmp_path) -> bool:
    rows = {t: [tuple(r) for r in v["rows"]] for t, v in witness.tables.items()}
    path = tmp_path / "replay.sqlite"
    write_database(path, schema, rows, overwrite=True)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA foreign_keys = ON")
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    conn.close()
    g, p = run_query(path, gold), run_query(path, pred)
    assert [list(r) for r in g.rows] == witness.gold_result
    assert [list(r) for r in p.rows] == witness.pred_result
    return not results_equal(g.rows, p.rows, sem, gold_ncols=len(g.columns),
                             pred_ncols=len(p.columns))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_verdicts_and_replay(case, tmp_path):
    schema = case.schema()
    r = search(Pair(case.gold, case.pred, schema, "bag"), bound=4, max_trials=300)
    assert r.status is not Status.VERIFIED
    if case.get("differ") == "yes":
        assert r.status is Status.REFUTED, r.reason
        assert _replays(schema, case.gold, case.pred, r.witness, "bag", tmp_path)
        assert all(len(t["rows"]) <= 4 for t in r.witness.tables.values())
    else:
        assert r.status is Status.UNKNOWN and r.reason == "search found no witness"
        assert r.witness is None and r.search["trials"] == 300


def test_same_pair_same_witness():
    c = CASES[1]
    a = search(Pair(c.gold, c.pred, c.schema(), "bag"), bound=3, max_trials=500)
    b = search(Pair(c.gold, c.pred, c.schema(), "bag"), bound=3, max_trials=500)
    assert a.witness == b.witness and a.search == b.search


def test_set_semantics_ignores_duplicates():
    c = CASES[1]  # the join duplicates names; IN does not
    r = search(Pair(c.gold, c.pred, c.schema(), "set"), bound=3, max_trials=300)
    assert r.status is Status.UNKNOWN


def test_no_time_left_is_unknown_never_verified():
    c = CASES[4]
    r = search(Pair(c.gold, c.pred, c.schema(), "bag"), bound=5, deadline=0.0)
    assert r.status is Status.UNKNOWN and r.reason == "search found no witness"


def test_year_literals_give_dates_that_separate_a_tie(tmp_path, shared_data):
    # LIMIT 1 keeps one of the transactions on the first 1995 date; '= MIN(date)' keeps all
    gold = ("SELECT account_id FROM trans WHERE STRFTIME('%Y', date) = '1995' "
            "ORDER BY date ASC LIMIT 1")
    pred = ("SELECT account_id FROM trans WHERE date = (SELECT MIN(date) AS min_date FROM trans "
            "WHERE STRFTIME('%Y', date) = '1995')")
    schema = from_sqlite(shared_data / "bird/schema_only_databases/financial/financial.sqlite",
                         "financial")
    r = search(Pair(gold, pred, schema, "bag"), bound=3)
    assert r.status is Status.REFUTED
    assert _replays(schema, gold, pred, r.witness, "bag", tmp_path)
    dates = [row[2] for row in r.witness.tables["trans"]["rows"]]
    assert len(dates) == 2 and dates[0] == dates[1] and dates[0].startswith("1995-")


def test_integer_year_literals_reach_a_text_date_column():
    """``EXTRACT(YEAR FROM d) = 2021`` translates to ``CAST(strftime('%Y', ...) AS INTEGER)
    = 2021``: the year is an integer literal, and the attack on the finite text domain must
    still draw dates of that year (a corpus mutant, 2020 against 2021, was verified up to 3
    rows before)."""
    from sqlverdict import verify
    from sqlverdict.schema import from_ddl

    s = from_ddl("CREATE TABLE emp (empno INTEGER PRIMARY KEY, hiredate TEXT)")
    gold = "SELECT empno FROM emp WHERE EXTRACT(YEAR FROM CAST(hiredate AS DATE)) = 2020"
    pred = "SELECT empno FROM emp WHERE EXTRACT(YEAR FROM CAST(hiredate AS DATE)) = 2021"
    r = verify(gold, pred, s, dialect="postgres")
    assert r.status is Status.REFUTED, r.reason
    years = {str(row[1])[:4] for row in r.witness.tables["emp"]["rows"]}
    assert years & {"2020", "2021"}


def test_integer_year_literals_reach_the_solver_text_domain():
    """The same pair without the search: the solver's finite text domain holds dates of the
    integer year literals, so it finds the one-row witness itself."""
    from sqlverdict import verify
    from sqlverdict.schema import from_ddl

    s = from_ddl("CREATE TABLE emp (empno INTEGER PRIMARY KEY, hiredate TEXT)")
    gold = "SELECT empno FROM emp WHERE CAST(strftime('%Y', hiredate) AS INTEGER) = 2020"
    pred = "SELECT empno FROM emp WHERE CAST(strftime('%Y', hiredate) AS INTEGER) = 2021"
    r = verify(gold, pred, s, search=False)
    assert r.status is Status.REFUTED, r.reason


def test_a_witness_of_the_full_bound_found_before_the_late_proofs_is_typed_and_replays(tmp_path):
    """A pair whose witness needs as many rows as the bound: the short search before the
    late proofs (``staging.LATE_PROBE_TRIALS``) or the solver refutes it, with a typed,
    minimal witness that replays in SQLite."""
    from sqlverdict import verify
    from sqlverdict.schema import from_ddl

    schema = from_ddl("CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER NOT NULL)")
    gold = "SELECT a FROM t ORDER BY a, id LIMIT 2"
    pred = "SELECT a FROM t ORDER BY a, id"
    r = verify(gold, pred, schema, bound=3, semantics="bag", timeout_s=60)
    assert r.status is Status.REFUTED and r.witness is not None, r.reason
    assert str(r.realism) == "typed"
    assert sum(len(v["rows"]) for v in r.witness.tables.values()) == 3
    assert _replays(schema, gold, pred, r.witness, "bag", tmp_path)
