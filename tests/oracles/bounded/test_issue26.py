"""Issue 26: verdicts true in SQLite as it is. Each class has a fixture pair
(``tests/fixtures/verdicts/issue26.sql``, run by ``test_fixtures``); here the database that
separates each pair, checked in real SQLite on the schema as written, and what the
fixtures cannot say (no assumption too many, the note that names the assumption broken,
the bound above a LIMIT, witness files that load as written)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

import sqlverdict
from sqlverdict.schema import from_ddl, from_ddl_file

DDL = Path(__file__).resolve().parents[2] / "fixtures" / "verdicts" / "issue26.ddl"
SCHEMA = from_ddl_file(DDL, "issue26")


def _run(rows: dict[str, list[tuple]], *queries: str) -> list[list]:
    """The queries' results on the DDL as written, with ``rows`` inserted (foreign keys on)."""
    con = sqlite3.connect(":memory:")
    try:
        con.execute("PRAGMA foreign_keys = ON")
        con.executescript(DDL.read_text())
        for table, data in rows.items():
            for r in data:
                con.execute(f"INSERT INTO {table} VALUES ({', '.join('?' * len(r))})", r)
        return [sorted(map(repr, con.execute(q).fetchall())) for q in queries]
    finally:
        con.close()


# the separating database of each class, as the issue gives it (real SQLite accepts each)
SEPARATIONS = [
    ("null-key", {"t": [(None, "x", 1)]},
     "SELECT count(*) FROM t WHERE id IS NOT NULL", "SELECT count(*) FROM t"),
    ("blob-in-text", {"t": [("b", b"a", 2)]},
     "SELECT name FROM t WHERE name = 'a'", "SELECT name FROM t WHERE name || '' = 'a'"),
    ("mixed-case", {"t": [("1", "Ab", 1)]},
     "SELECT name FROM t WHERE lower(name) = name",
     "SELECT name FROM t WHERE upper(name) <> name OR lower(name) = name"),
    ("real-in-integer", {"t": [("1", "x", 2.5)]},
     "SELECT CAST(v AS INTEGER) FROM t", "SELECT v FROM t"),
    ("limit", {"t": [(str(i), f"n{i}", i) for i in range(6)]},
     "SELECT name FROM t LIMIT 5", "SELECT name FROM t"),
]


@pytest.mark.parametrize("rows,gold,pred", [s[1:] for s in SEPARATIONS],
                         ids=[s[0] for s in SEPARATIONS])
def test_the_separating_database_separates_in_sqlite(rows, gold, pred):
    g, p = _run(rows, gold, pred)
    assert g != p


def test_null_key_refutation_is_graded_sqlite_and_replays():
    r = sqlverdict.verify("SELECT count(*) FROM t WHERE id IS NOT NULL", "SELECT count(*) FROM t",
                          SCHEMA, search=False)
    assert str(r.status) == "refuted" and str(r.realism) == "sqlite"
    ids = [row[0] for row in r.witness.tables["t"]["rows"]]
    assert None in ids
    rows = {"t": [tuple(x) for x in r.witness.tables["t"]["rows"]]}
    g, p = _run(rows, "SELECT count(*) FROM t WHERE id IS NOT NULL", "SELECT count(*) FROM t")
    assert g != p


def test_a_key_sqlite_keeps_non_null_stays_proved():
    for table in ("w", "s"):
        r = sqlverdict.verify(f"SELECT count(*) FROM {table} WHERE id IS NOT NULL",
                              f"SELECT count(*) FROM {table}", SCHEMA, search=False)
        assert str(r.status) == "verified", (table, r.reason)
    s = from_ddl("CREATE TABLE k(id INTEGER PRIMARY KEY, a INT)")  # a rowid alias
    r = sqlverdict.verify("SELECT count(*) FROM k WHERE id IS NOT NULL", "SELECT count(*) FROM k",
                          s, search=False)
    assert str(r.status) == "verified"


def test_keys_stay_unique_among_non_null_values():
    # two rows with the same non-NULL key are no database SQLite accepts
    r = sqlverdict.verify("SELECT count(DISTINCT id) FROM t", "SELECT count(id) FROM t", SCHEMA,
                          search=False)
    assert str(r.status) == "verified", r.reason


def test_a_limit_in_a_string_adds_no_tie_assumption():
    r = sqlverdict.verify("SELECT t.name FROM t WHERE t.name = 'limit=3'",
                          "SELECT name FROM t AS t WHERE name = 'limit=3'", SCHEMA)
    assert str(r.status) == "verified" and r.assumptions == ()


def test_the_tie_attack_runs_on_the_same_plan_path():
    g = ("SELECT t2.long_passing FROM Player AS t1 INNER JOIN Player_Attributes AS t2 "
         "ON t1.player_api_id = t2.player_api_id ORDER BY t1.birthday ASC LIMIT 1")
    p = ("SELECT t2.long_passing FROM Player_Attributes AS t2 INNER JOIN Player AS t1 "
         "ON t1.player_api_id = t2.player_api_id ORDER BY t1.birthday ASC LIMIT 1")
    r = sqlverdict.verify(g, p, SCHEMA)
    assert str(r.status) == "refuted", r.reason
    assert any("ties cut by a LIMIT" in n for n in r.notes), r.notes


@pytest.mark.parametrize("gold,pred", [
    ("SELECT CAST(v AS INTEGER) FROM t", "SELECT v FROM t"),
    # states exact_reals too: on main the note named it (item 6)
    ("SELECT CAST(v AS INTEGER) / 2.0 FROM t", "SELECT v / 2.0 FROM t")])
def test_a_real_in_an_integer_column_names_declared_storage_classes(gold, pred):
    r = sqlverdict.verify(gold, pred, SCHEMA)
    assert str(r.status) == "refuted", r.reason
    # the witness holds a value outside INTEGER in v (a real with a fraction, text, a BLOB)
    assert any(v is not None and not isinstance(v, int) for v in
               (row[2] for row in r.witness.tables["t"]["rows"]))
    assert "numeric columns hold values of their declared class" in r.reason
    assert "real arithmetic" not in r.reason


@pytest.mark.parametrize("limit", [3, 5])
def test_a_limit_reaching_the_bound_is_never_verified_below_it(limit):
    r = sqlverdict.verify(f"SELECT name FROM t ORDER BY v LIMIT {limit}",
                          "SELECT name FROM t ORDER BY v", SCHEMA, bound=3, search=False)
    assert str(r.status) in ("refuted", "unknown"), r.reason
    if str(r.status) == "refuted":
        assert len(r.witness.tables["t"]["rows"]) > limit


def test_a_limit_above_the_bound_proves_at_a_bound_that_reaches_it():
    r = sqlverdict.verify("SELECT id FROM t WHERE v > 1 ORDER BY v, id LIMIT 4",
                          "SELECT id FROM t WHERE v >= 2 ORDER BY v, id LIMIT 4", SCHEMA,
                          bound=3, search=False)
    assert str(r.status) != "refuted", r.reason
    assert str(r.status) == "unknown" or (r.bound >= 5 and r.scope == f"up to {r.bound} rows per table")


def test_witness_files_load_as_written_with_foreign_keys_on(tmp_path):
    # the child table is declared before its parent; the parent's key is TEXT; the
    # WITHOUT ROWID table stays one in the witness
    s = from_ddl("CREATE TABLE c (id INTEGER PRIMARY KEY, pid TEXT REFERENCES p(id), x INT);"
                 "CREATE TABLE p (id TEXT PRIMARY KEY, name TEXT) WITHOUT ROWID;")
    assert s.table("p").without_rowid and s.table("p").never_null("id")
    gold = "SELECT count(*) FROM c JOIN p ON c.pid = p.id WHERE p.name = 'a'"
    pred = "SELECT count(*) FROM c WHERE pid IS NOT NULL"
    r = sqlverdict.verify(gold, pred, s, witness_dir=str(tmp_path))
    assert str(r.status) == "refuted", r.reason
    script = (tmp_path / "witness.sql").read_text()
    assert "WITHOUT ROWID" in script
    con = sqlite3.connect(":memory:")
    con.execute("PRAGMA foreign_keys = ON")
    con.executescript(script)  # as written: parents first
    assert con.execute("PRAGMA foreign_key_check").fetchall() == []
    assert con.execute("SELECT count(*) FROM c").fetchone()[0] >= 1
    g, p = con.execute(gold).fetchall(), con.execute(pred).fetchall()
    assert g != p
    con.close()


def test_a_blob_in_a_witness_is_json_that_reads_back_as_bytes(tmp_path):
    """A BLOB cell is ``{"blob": HEX}`` in ``verify --json`` (never the text ``"b'a'"``), and
    the witness read back with ``tables_from_json`` separates the pair in SQLite."""
    import json

    from typer.testing import CliRunner

    from sqlverdict.cli import app
    from sqlverdict.types import tables_from_json

    gold, pred = ("SELECT name FROM t WHERE name = 'a'",
                  "SELECT name FROM t WHERE name || '' = 'a'")
    res = CliRunner().invoke(app, ["verify", "--schema", str(DDL), gold, pred, "--json"])
    d = json.loads(res.output)
    assert d["status"] == "refuted" and res.exit_code == 1
    cells = [v for t in d["witness"]["tables"].values() for r in t["rows"] for v in r]
    assert any(isinstance(v, dict) and set(v) == {"blob"} for v in cells)
    assert not any(isinstance(v, str) and v.startswith("b'") for v in cells)
    tables = tables_from_json(d["witness"]["tables"])
    rows = {t: [tuple(r) for r in v["rows"]] for t, v in tables.items()}
    got_gold, got_pred = _run(rows, gold, pred)
    assert got_gold != got_pred


def test_a_column_declared_collate_nocase_is_no_proof():
    """Every method compares text in binary order; under ``COLLATE NOCASE`` SQLite does not
    (``a = 'x' AND a <> 'X'`` keeps no row), so such a pair is ``unknown``, never
    ``verified`` (the unbounded prover proved it for every database)."""
    ddl = "CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT COLLATE NOCASE)"
    gold, pred = "SELECT a FROM t WHERE a = 'x'", "SELECT a FROM t WHERE a = 'x' AND a <> 'X'"
    con = sqlite3.connect(":memory:")
    con.execute(ddl)
    con.execute("INSERT INTO t VALUES (1, 'x')")
    assert con.execute(gold).fetchall() != con.execute(pred).fetchall()  # SQLite separates
    con.close()
    schema = from_ddl(ddl)
    assert schema.table("t").collated == ("a",)
    r = sqlverdict.verify(gold, pred, schema)
    # unknown, or refuted by a database SQLite replays on the declared schema (the search
    # before the late proofs meets the row 'x'), never verified
    assert (str(r.status) == "unknown" and "collation" in r.reason) or (
        str(r.status) == "refuted" and r.witness.tables["t"]["rows"]), r.reason
    # a refutation is replayed in SQLite on the declared schema: it stands
    r = sqlverdict.verify(gold, "SELECT a FROM t WHERE a = 'y'", schema)
    assert str(r.status) == "refuted"


@pytest.mark.parametrize("gold,pred,differ", [
    # a LIMIT 100 cuts only past 100 rows: far above the solver's reach (8 rows per table)
    ("SELECT count(*) FROM (SELECT id FROM t LIMIT 100) AS s", "SELECT count(*) FROM t", True),
    ("SELECT name FROM t ORDER BY v, id LIMIT 50", "SELECT name FROM t ORDER BY v, id LIMIT 51", True),
    ("SELECT count(*) FROM (SELECT id FROM t LIMIT 100) AS s",
     "SELECT count(*) FROM (SELECT id FROM t WHERE 1 = 1 LIMIT 100) AS s", False),
])
def test_a_limit_past_the_solver_is_searched_past_its_reach(gold, pred, differ):
    r = sqlverdict.verify(gold, pred, SCHEMA, bound=3)
    if not differ:
        assert str(r.status) != "refuted", r.reason
        return
    assert str(r.status) == "refuted", r.reason
    rows = r.witness.tables["t"]["rows"]
    assert len(rows) > 50 and "past the LIMIT" in r.reason
    db = {"t": [tuple(x) for x in rows]}
    g, p = _run(db, gold, pred)
    assert g != p  # separates in SQLite on the DDL as written


def test_a_cut_of_groups_ranked_by_count_reaches_one_row_past_the_groups():
    # top two names by count against the bottom two: no database of at most 3 rows per
    # table separates them (3 groups of one row each tie), 4 rows do (2, 1, 1)
    s = from_ddl("CREATE TABLE e (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    top = "SELECT name FROM e GROUP BY name ORDER BY COUNT(*) DESC, name LIMIT 2"
    bottom = "SELECT name FROM e GROUP BY name ORDER BY COUNT(*), name LIMIT 2"
    r = sqlverdict.verify(f"SELECT id FROM e WHERE name IN ({top})",
                          f"SELECT id FROM e WHERE name IN ({bottom})", s, bound=3, search=False)
    assert str(r.status) == "refuted", r.reason
    assert len(r.witness.tables["e"]["rows"]) == 4
