"""Pairs given without a dialect (``oracles/bounded/infer.py``, issue 25): read in the first
dialect that makes both queries run where SQLite rejects one as written, and said so; never
where a dialect is given (``sqlite`` included), never in ``eval``, never on a schema read
from a SQLite database; unchanged where SQLite runs both as written."""

from __future__ import annotations

import json
import sqlite3

import pytest
from tests.helpers.pairs import load
from typer.testing import CliRunner

from sqlverdict import verify
from sqlverdict.bench import load_benchmark, load_predictions
from sqlverdict.cli import app
from sqlverdict.evaluation import evaluate
from sqlverdict.oracles.base import EvalOptions
from sqlverdict.oracles.bounded.batch import SchemaCache, verify_batch
from sqlverdict.schema import from_ddl, from_sqlite

DDL = "CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER, b INTEGER, s TEXT);"
SCHEMA = from_ddl(DDL)
ROLLUP = ("SELECT a, b, SUM(id) FROM t GROUP BY ROLLUP(a, b)",
          "SELECT a, b, SUM(id) FROM t GROUP BY a, b UNION ALL SELECT a, NULL, SUM(id) FROM t "
          "GROUP BY a UNION ALL SELECT NULL, NULL, SUM(id) FROM t")
FETCH = ("SELECT id FROM t ORDER BY id LIMIT 2", "SELECT id FROM t ORDER BY id FETCH FIRST 2 ROWS ONLY")
PLAIN = [c for c in load("equivalence") if c.path.stem == "plain"]


@pytest.mark.parametrize("case", PLAIN, ids=lambda c: c.title)
def test_plain_pairs_are_read_in_the_dialect_that_runs(case):
    r = verify(case.gold, case.pred, case.schema(), semantics=case.get("semantics", "bag"),
               timeout_s=30)
    d = r.to_json()
    read = d["dialect"] if d.get("dialect_inferred") else "none"
    assert read == case.get("dialect-read"), r.reason
    assert str(r.status) == case.expect, r.reason
    if read != "none":
        assert d["sqlite_rejects"] and d["readings"][read] in ("runs",) + (
            (d["detail"].replace(f"{read} has no", "no"),) if r.translation is None else ())
    if str(r.status) == "refuted":
        assert r.evidence == "witness" or read == "none"


def test_the_issue_example_says_it_was_inferred():
    run = CliRunner().invoke
    r = run(app, ["verify", "--schema", DDL, *ROLLUP])
    assert r.exit_code == 0, r.output
    assert r.output.startswith(
        "verified (every database) [bound 3, bag semantics, postgres translated to SQLite "
        "(inferred: SQLite rejects the gold's ROLLUP), ")
    d = json.loads(run(app, ["verify", "--schema", DDL, "--json", *ROLLUP]).output)
    assert (d["status"], d["dialect"], d["dialect_inferred"]) == ("verified", "postgres", True)
    assert d["sqlite_rejects"] == {"gold": "no such function: ROLLUP"}
    assert d["readings"] == {"postgres": "runs", "calcite": "runs", "mysql": "runs"}
    assert d["translation"]["gold"].count("UNION ALL") == 2
    assert "readings_translated_otherwise" not in d  # calcite and mysql translate it alike


def test_another_reading_that_translates_otherwise_is_named():
    # STDDEV is the sample's deviation in PostgreSQL, the population's in MySQL
    r = verify("SELECT STDDEV(a) FROM t", "SELECT STDDEV_SAMP(a) FROM t", SCHEMA)
    assert str(r.status) == "verified" and r.dialect == "postgres"
    assert r.inferred.others == ("mysql",) and "mysql reads it otherwise" in r.inferred.label
    assert r.to_json()["readings_translated_otherwise"] == ["mysql"]


def test_dialect_sqlite_turns_inference_off():
    r = verify(*ROLLUP, SCHEMA, dialect="sqlite")
    d = r.to_json()
    assert d["dialect"] == "sqlite" and "dialect_inferred" not in d and r.inferred is None
    assert str(r.status) == "unknown" and "rollup" in r.reason
    out = CliRunner().invoke(app, ["verify", "--schema", DDL, "--dialect", "sqlite", *ROLLUP]).output
    assert "translated" not in out and "inferred" not in out


def test_pairs_sqlite_runs_are_left_alone():
    d = verify("SELECT a FROM t WHERE a > 1", "SELECT a FROM t WHERE a >= 2", SCHEMA).to_json()
    assert d["dialect"] == "sqlite" and not {"dialect_inferred", "sqlite_rejects", "translation"} & set(d)


def test_no_reading_keeps_the_verdict_and_says_what_each_met():
    r = verify("SELECT a FROM t", "SELECT NO_SUCH_FN(a) FROM t", SCHEMA)
    d = r.to_json()
    assert d["dialect"] == "sqlite" and d["dialect_inferred"] is False
    assert set(d["readings"]) == {"postgres", "calcite", "mysql"}
    assert "no dialect reads the pair into SQLite" in r.reason and "--dialect NAME" in r.reason
    assert str(r.status) == "refuted"  # as before: SQLite's error separates them
    # SIMILAR TO: every reading's translation stops at SQLite's own syntax error
    assert verify("SELECT a FROM t", "SELECT a FROM t WHERE s SIMILAR TO 'x%'", SCHEMA).inferred is None


def test_a_misspelt_name_is_left_as_before():
    # every reading stops at SQLite's own error: nothing to infer, nothing to add
    for gold, pred in (("SELECT a FROM t", "SELECT nope FROM t"), ("SELECT a FROM nowhere", "SELECT a FROM t")):
        r = verify(gold, pred, SCHEMA)
        assert r.inferred is None and "dialect_inferred" not in r.to_json()
        assert "reading" not in r.reason
    # a column only Calcite names (unnamed VALUES columns are EXPR$0, EXPR$1, ...)
    r = verify("SELECT v.EXPR$0 FROM (VALUES (1), (2)) AS v", "SELECT 1 UNION ALL SELECT 2", SCHEMA)
    assert str(r.status) == "verified" and r.dialect == "calcite"


def test_only_the_prediction_rejected_on_ddl_reads_both_in_one_dialect():
    # PostgreSQL sorts NULLs last: both queries read as PostgreSQL agree; the gold read as
    # SQLite (NULLs first) would not
    r = verify("SELECT a FROM t ORDER BY a LIMIT 2", "SELECT a FROM t ORDER BY a FETCH FIRST 2 ROWS ONLY",
               SCHEMA)
    assert str(r.status) == "verified" and r.dialect == "postgres"
    assert r.inferred.why == 'SQLite rejects the prediction (near "FETCH": syntax error)'


def test_a_schema_read_from_a_sqlite_database_keeps_sqlite(tmp_path):
    db = tmp_path / "shop.sqlite"
    with sqlite3.connect(db) as c:
        c.executescript(DDL)
    schema = from_sqlite(db)
    assert schema.engine == "sqlite" and schema == from_ddl(DDL, "shop")
    r = verify(*FETCH, schema)
    assert str(r.status) == "refuted" and r.evidence == "invalid_sql" and r.dialect is None
    assert "the schema is a SQLite database" in r.reason and "--dialect postgres" in r.reason
    d = r.to_json()
    assert d["dialect"] == "sqlite" and d["dialect_inferred"] is False
    out = CliRunner().invoke(app, ["verify", "--schema", str(db), *FETCH]).output
    assert out.startswith("refuted (invalid SQL) [bound 3, ")
    # no reading runs: nothing to say, the result as before
    r = verify("SELECT a FROM t", "SELECT NO_SUCH_FN(a) FROM t", schema)
    assert r.inferred is None and "dialect_inferred" not in r.to_json()
    assert str(verify(*FETCH, schema, dialect="postgres").status) == "verified"


def test_a_benchmark_tables_json_names_sqlite_too(tmp_path):
    tables = tmp_path / "tables.json"
    tables.write_text(json.dumps([{
        "db_id": "shop", "table_names_original": ["t"],
        "column_names_original": [[-1, "*"], [0, "id"], [0, "a"]],
        "column_types": ["text", "number", "number"], "primary_keys": [1], "foreign_keys": []}]))
    schema = SchemaCache().get(str(tables), "shop")
    assert schema.engine == "sqlite"
    r = verify("SELECT a FROM t ORDER BY a LIMIT 1", "SELECT a FROM t ORDER BY a FETCH FIRST 1 ROWS ONLY",
               schema)
    assert str(r.status) == "refuted" and r.evidence == "invalid_sql" and r.dialect is None


def test_verify_batch_infers_for_lines_without_a_dialect(tmp_path):
    pairs = tmp_path / "pairs.jsonl"
    lines = [{"id": "plain", "gold": ROLLUP[0], "pred": ROLLUP[1], "schema": DDL},
             {"id": "lite", "dialect": "sqlite", "gold": ROLLUP[0], "pred": ROLLUP[1], "schema": DDL}]
    pairs.write_text("".join(json.dumps(x) + "\n" for x in lines))
    verify_batch(pairs, tmp_path / "a.jsonl")
    got = {d["id"]: d for d in map(json.loads, (tmp_path / "a.jsonl").read_text().splitlines())}
    assert got["plain"]["status"] == "verified" and got["plain"]["dialect_inferred"] is True
    assert got["lite"]["status"] == "unknown" and "dialect_inferred" not in got["lite"]
    # --dialect sqlite as the batch's default: no line infers
    verify_batch(pairs, tmp_path / "b.jsonl", dialect="sqlite")
    got = {d["id"]: d for d in map(json.loads, (tmp_path / "b.jsonl").read_text().splitlines())}
    assert all(d["status"] == "unknown" and d["dialect"] == "sqlite" for d in got.values())


def test_convert_verieql_auto_writes_lines_without_a_dialect(tmp_path):
    src = tmp_path / "pairs.jsonlines"
    src.write_text(json.dumps({"index": 1, "schema": {"T": {"ID": "INT", "A": "INT"}},
                               "constraint": [], "pair": ["SELECT A FROM T GROUP BY ROLLUP(A)",
                                                          "SELECT A FROM T GROUP BY A"]}) + "\n")
    run = CliRunner().invoke
    assert run(app, ["convert-verieql", str(src), "--out", str(tmp_path / "pg.jsonl")]).exit_code == 0
    assert json.loads((tmp_path / "pg.jsonl").read_text())["dialect"] == "postgres"
    assert run(app, ["convert-verieql", str(src), "--out", str(tmp_path / "auto.jsonl"),
                     "--dialect", "auto"]).exit_code == 0
    line = json.loads((tmp_path / "auto.jsonl").read_text())
    assert "dialect" not in line
    verify_batch(tmp_path / "auto.jsonl", tmp_path / "out.jsonl")
    d = json.loads((tmp_path / "out.jsonl").read_text())
    assert d["dialect_inferred"] is True and d["status"] == "refuted"  # the grand total row


def test_eval_keeps_a_prediction_sqlite_rejects_invalid(tmp_path):
    db = tmp_path / "database" / "shop" / "shop.sqlite"
    db.parent.mkdir(parents=True)
    with sqlite3.connect(db) as c:
        c.executescript(DDL + "INSERT INTO t VALUES (1, 1, 2, 'x'), (2, NULL, 3, 'y');")
    (tmp_path / "bench.jsonl").write_text(json.dumps(
        {"id": "0", "db_id": "shop", "question": "q", "gold": FETCH[0]}) + "\n")
    (tmp_path / "pred.jsonl").write_text(json.dumps({"id": "0", "sql": FETCH[1]}) + "\n")
    bench = load_benchmark(f"jsonl:{tmp_path / 'bench.jsonl'}")
    systems = [load_predictions(str(tmp_path / "pred.jsonl"), bench, "s")]
    evaluate(bench, systems, ["execution", "bounded"], tmp_path / "run",
             EvalOptions(bounded_on="all", verify_timeout_s=20))
    rows = {r["oracle"]: r for r in
            map(json.loads, (tmp_path / "run" / "verdicts.jsonl").read_text().splitlines())}
    assert rows["execution"]["status"] == "refuted" and rows["bounded"]["status"] == "refuted"
    assert "FETCH" in rows["bounded"]["reason"] and "inferred" not in rows["bounded"]["reason"]
    assert rows["bounded"]["evidence"]["evidence"] == "invalid_sql"
