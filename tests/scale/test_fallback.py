"""The fallback search: refuted only with a replayed witness, otherwise unknown; never verified."""

from __future__ import annotations

import sqlite3

import pytest

from sqlverdict.engine.compare import results_equal
from sqlverdict.engine.execute import run_query
from sqlverdict.engine.materialize import write_database
from sqlverdict.oracles.bounded.fallback import search_witness
from sqlverdict.schema import from_sqlite
from sqlverdict.types import Status

# (gold, pred, differ?) on Spider's concert_singer schema; "differ" pairs have small witnesses
PAIRS = [
    ("SELECT name FROM singer WHERE age > (SELECT avg(age) FROM singer)",
     "SELECT name FROM singer WHERE age >= (SELECT avg(age) FROM singer)", True),
    ("SELECT T2.name FROM singer_in_concert AS T1 JOIN singer AS T2 "
     "ON T1.singer_id = T2.singer_id",
     "SELECT name FROM singer WHERE singer_id IN (SELECT singer_id FROM singer_in_concert)",
     True),
    ("SELECT count(*) FROM singer WHERE country = 'France'",
     "SELECT count(*) FROM singer WHERE lower(country) = 'france'", True),
    ("SELECT name FROM stadium WHERE stadium_id NOT IN (SELECT stadium_id FROM concert)",
     "SELECT name FROM stadium EXCEPT SELECT T2.name FROM concert AS T1 JOIN stadium AS T2 "
     "ON T1.stadium_id = T2.stadium_id", True),
    ("SELECT count(*) FROM singer", "SELECT count(singer_id) FROM singer", False),
    ("SELECT name FROM singer WHERE age > 30 AND country = 'France'",
     "SELECT name FROM singer WHERE country = 'France' AND 30 < age", False),
]


@pytest.fixture(scope="module")
def schema(mini_spider):
    return from_sqlite(mini_spider / "database/concert_singer/concert_singer.sqlite", "concert_singer")


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


@pytest.mark.parametrize("gold,pred,differ", PAIRS)
def test_verdicts_and_replay(schema, gold, pred, differ, tmp_path):
    r = search_witness(gold, pred, schema, bound=4, semantics="bag", construct="test",
                       max_trials=300)
    assert r.status is not Status.VERIFIED
    if differ:
        assert r.status is Status.REFUTED, r.reason
        assert _replays(schema, gold, pred, r.witness, "bag", tmp_path)
        assert all(len(t["rows"]) <= 4 for t in r.witness.tables.values())
    else:
        assert r.status is Status.UNKNOWN
        assert r.reason == "unsupported: test; search found no witness"
        assert r.witness is None and r.trials == 300


def test_same_pair_same_witness(schema):
    gold, pred, _ = PAIRS[1]
    a = search_witness(gold, pred, schema, bound=3, construct="x")
    b = search_witness(gold, pred, schema, bound=3, construct="x")
    assert a.witness == b.witness and a.trials == b.trials


def test_set_semantics_ignores_duplicates(schema):
    gold, pred, _ = PAIRS[1]  # the join duplicates names; IN does not
    r = search_witness(gold, pred, schema, bound=3, semantics="set", max_trials=300,
                       construct="x")
    assert r.status is Status.UNKNOWN


def test_time_budget_is_respected(schema):
    gold, pred, _ = PAIRS[4]
    r = search_witness(gold, pred, schema, bound=5, time_s=0.3, max_trials=10**9)
    assert r.status is Status.UNKNOWN and r.reason == "search found no witness"
    assert r.elapsed_s < 2.0


def test_year_literals_give_dates_that_separate_a_tie(tmp_path, shared_data):
    # LIMIT 1 keeps one of the transactions on the first 1995 date; '= MIN(date)' keeps all
    gold = ("SELECT account_id FROM trans WHERE STRFTIME('%Y', date) = '1995' "
            "ORDER BY date ASC LIMIT 1")
    pred = ("SELECT account_id FROM trans WHERE date = (SELECT MIN(date) AS min_date FROM trans "
            "WHERE STRFTIME('%Y', date) = '1995')")
    schema = from_sqlite(shared_data / "bird/schema_only_databases/financial/financial.sqlite",
                         "financial")
    r = search_witness(gold, pred, schema, bound=3, semantics="bag",
                       construct="function TIME_TO_STR")
    assert r.status is Status.REFUTED
    assert _replays(schema, gold, pred, r.witness, "bag", tmp_path)
    dates = [row[2] for row in r.witness.tables["trans"]["rows"]]
    assert len(dates) == 2 and dates[0] == dates[1] and dates[0].startswith("1995-")
