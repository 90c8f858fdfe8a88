"""``--dialect`` through every surface: the library, ``verify`` (text and JSON),
``verify-batch`` (default and per line), ``eval``; and the labels that say what a verdict
rests on (``refuted (invalid SQL)`` versus ``refuted (witness)``, the scope of a proof)."""

from __future__ import annotations

import json
import sqlite3

import pytest
from typer.testing import CliRunner

from sqlverdict import verify
from sqlverdict.bench import load_benchmark, load_predictions
from sqlverdict.cli import app
from sqlverdict.errors import InputError
from sqlverdict.evaluation import evaluate
from sqlverdict.oracles.base import EvalOptions
from sqlverdict.oracles.bounded.batch import verify_batch
from sqlverdict.schema import from_ddl

DDL = "CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT NOT NULL, price INT, cat TEXT)"
SCHEMA = from_ddl(DDL)


def test_postgres_null_order_is_kept_through_the_translation():
    # PostgreSQL sorts NULLs last in ascending order: the explicit NULLS LAST is the same
    # query there, and SQLite's default order (NULLs first) is another one
    r = verify("SELECT name FROM item ORDER BY price LIMIT 2",
               "SELECT name FROM item ORDER BY price NULLS LAST LIMIT 2", SCHEMA, dialect="postgres")
    assert str(r.status) == "verified" and r.scope == "every database" and r.dialect == "postgres"
    r = verify("SELECT name FROM item ORDER BY price LIMIT 2",
               "SELECT name FROM item ORDER BY price NULLS FIRST LIMIT 2", SCHEMA, dialect="postgres")
    assert str(r.status) == "refuted" and r.evidence == "witness"
    assert None in [row[2] for row in r.witness.tables["item"]["rows"]]


def test_a_construct_without_sqlite_counterpart_is_unknown_and_named():
    for side in ("gold", "pred"):
        q = {"gold": "SELECT name FROM item", "pred": "SELECT name FROM item"}
        q[side] = "SELECT SPLIT_PART(name, ' ', 1) FROM item"
        r = verify(q["gold"], q["pred"], SCHEMA, dialect="postgres")
        assert str(r.status) == "unknown" and "function SPLIT_PART" in r.reason
        assert r.reason.startswith(f"unsupported: {'gold' if side == 'gold' else 'prediction'}:")


def test_sqlite_rejecting_a_translation_is_never_a_refutation():
    gold, pred = "SELECT name FROM item", "SELECT nam FROM item"
    r = verify(gold, pred, SCHEMA)  # SQLite's own dialect: the prediction is invalid SQL
    assert str(r.status) == "refuted" and r.evidence == "invalid_sql"
    r = verify(gold, pred, SCHEMA, dialect="postgres")
    assert str(r.status) == "unknown" and "a translation SQLite rejects" in r.reason
    assert r.witness is None and r.evidence is None


def test_unknown_dialect_names_the_known_ones():
    with pytest.raises(InputError, match="did you mean 'postgres'"):
        verify("SELECT 1", "SELECT 1", SCHEMA, dialect="postgresql")


def test_verify_cli_text_and_json(tmp_path):
    run = CliRunner().invoke
    r = run(app, ["verify", "--schema", DDL, "--dialect", "mysql",
                  "SELECT cat, SUM(price) FROM item GROUP BY cat WITH ROLLUP",
                  "SELECT cat, SUM(price) FROM item GROUP BY cat UNION ALL SELECT NULL, SUM(price) FROM item"])
    assert r.exit_code == 0, r.output
    assert r.output.startswith("verified (every database) [bound 3, bag semantics, mysql translated "
                               "to SQLite, ")
    r = run(app, ["verify", "--schema", DDL, "--dialect", "postgres", "--json",
                  "SELECT name FROM item WHERE name ILIKE 'a%'", "SELECT name FROM item WHERE name LIKE 'a%'"])
    d = json.loads(r.output)
    assert d["dialect"] == "postgres" and d["status"] == "refuted" and d["evidence"] == "witness"
    assert d["translation"]["pred"] == "SELECT name FROM item WHERE name GLOB 'a*'"
    r = run(app, ["verify", "--schema", DDL, "--json", "SELECT name FROM item", "SELECT name FROM item"])
    assert json.loads(r.output)["dialect"] == "sqlite" and "translation" not in json.loads(r.output)
    r = run(app, ["verify", "--schema", DDL, "SELECT name FROM item", "SELECT nam FROM item"])
    assert r.output.startswith("refuted (invalid SQL) [bound 3, ")
    r = run(app, ["verify", "--schema", DDL, "SELECT name FROM item", "SELECT name FROM item WHERE id > 1"])
    assert r.output.startswith("refuted (witness) [bound 3, ")


def test_verify_batch_dialect_default_and_per_line(tmp_path):
    pairs, out = tmp_path / "pairs.jsonl", tmp_path / "out.jsonl"
    lines = [
        {"id": "pg", "gold": "SELECT name FROM item ORDER BY price LIMIT 1",
         "pred": "SELECT name FROM item ORDER BY price NULLS LAST LIMIT 1", "schema": DDL},
        {"id": "lite", "dialect": "sqlite", "gold": "SELECT name FROM item ORDER BY price LIMIT 1",
         "pred": "SELECT name FROM item ORDER BY price NULLS LAST LIMIT 1", "schema": DDL},
        {"id": "bad", "gold": "SELECT name FROM item", "pred": "SELECT nam FROM item", "schema": DDL},
        {"id": "typo", "dialect": "postgress", "gold": "SELECT 1", "pred": "SELECT 1", "schema": DDL},
    ]
    pairs.write_text("".join(json.dumps(x) + "\n" for x in lines))
    labels: dict = {}
    verify_batch(pairs, out, dialect="postgres", labels=labels)
    got = {d["id"]: d for d in map(json.loads, out.read_text().splitlines())}
    assert got["pg"]["status"] == "verified" and got["pg"]["dialect"] == "postgres"
    assert got["lite"]["status"] == "refuted" and got["lite"]["dialect"] == "sqlite"
    assert got["bad"]["status"] == "unknown" and "translation SQLite rejects" in got["bad"]["reason"]
    assert got["typo"]["status"] == "unknown" and "did you mean 'postgres'" in got["typo"]["reason"]
    assert labels == {"verified (every database)": 1, "refuted (witness)": 1, "unknown": 2}
    with pytest.raises(InputError, match="unknown dialect"):
        verify_batch(pairs, tmp_path / "o2.jsonl", dialect="nosuch")


def test_eval_with_a_dialect(tmp_path):
    db = tmp_path / "database" / "shop" / "shop.sqlite"
    db.parent.mkdir(parents=True)
    with sqlite3.connect(db) as c:
        c.executescript(f"{DDL}; INSERT INTO item VALUES (1,'a',3,'x'),(2,'b',NULL,'x'),"
                        "(3,'c',5,NULL),(4,'d',5,'y');")
    golds = ["SELECT name FROM item ORDER BY price LIMIT 2",
             "SELECT cat, SUM(price) FROM item GROUP BY ROLLUP(cat)",
             "SELECT SPLIT_PART(name, 'x', 1) FROM item",
             "SELECT name FROM item WHERE name ILIKE 'A'",
             "SELECT name FROM item"]
    preds = ["SELECT name FROM item ORDER BY price NULLS LAST LIMIT 2",
             "SELECT cat, SUM(price) FROM item GROUP BY cat UNION ALL SELECT NULL, SUM(price) FROM item",
             "SELECT name FROM item",
             "SELECT name FROM item WHERE array_length(ARRAY[1], 1) = 1",
             "SELECT nme FROM item"]
    (tmp_path / "bench.jsonl").write_text("".join(
        json.dumps({"id": str(i), "db_id": "shop", "question": "q", "gold": g}) + "\n"
        for i, g in enumerate(golds)))
    (tmp_path / "pred.jsonl").write_text("".join(
        json.dumps({"id": str(i), "sql": p}) + "\n" for i, p in enumerate(preds)))
    bench = load_benchmark(f"jsonl:{tmp_path / 'bench.jsonl'}")
    systems = [load_predictions(str(tmp_path / "pred.jsonl"), bench, "s")]
    res = evaluate(bench, systems, ["execution", "bounded"], tmp_path / "run",
                   EvalOptions(bounded_on="all", dialect="postgres", verify_timeout_s=20))
    rows = {(r["example_id"], r["oracle"]): r for r in
            map(json.loads, (tmp_path / "run" / "verdicts.jsonl").read_text().splitlines())}
    for o in ("execution", "bounded"):
        assert rows["0", o]["status"] in ("consistent", "verified")
        assert rows["1", o]["status"] in ("consistent", "verified")
        assert rows["2", o]["skipped"] and "SPLIT_PART" in rows["2", o]["reason"]
        assert rows["3", o]["status"] == "unknown" and "ARRAY_LENGTH" in rows["3", o]["reason"]
        assert rows["4", o]["status"] == "unknown" and "translation SQLite rejects" in rows["4", o]["reason"]
    m = res.summary["systems"]["s"]["oracles"]["bounded"]
    assert (m["judged"], m["correct"], m["unknown"]) == (4, 2, 2) and "refuted_by" not in m
    # the same predictions read as SQLite: ILIKE is not SQLite, the typo is invalid SQL
    res = evaluate(bench, systems, ["execution"], tmp_path / "run2", EvalOptions())
    assert res.summary["systems"]["s"]["oracles"]["execution"]["refuted_by"]["invalid_sql"] >= 1


def test_a_sqlite_gold_against_a_postgres_prediction():
    # GOLD:PRED: only the prediction is translated; SQLite sorts NULLs first, PostgreSQL last
    gold = "SELECT name FROM item ORDER BY price LIMIT 2"
    r = verify(gold, "SELECT name FROM item ORDER BY price NULLS FIRST LIMIT 2", SCHEMA,
               dialect="sqlite:postgres")
    assert str(r.status) == "verified" and r.dialect == "sqlite:postgres"
    assert r.translation[0] == gold
    r = verify(gold, "SELECT name FROM item ORDER BY price LIMIT 2", SCHEMA, dialect="sqlite:postgres")
    assert str(r.status) == "refuted" and r.evidence == "witness"
    # the SQLite gold is SQLite's text: its own invalid prediction would still be refuted
    r = verify("SELECT name FROM item", "SELECT nam FROM item", SCHEMA, dialect="postgres:sqlite")
    assert str(r.status) == "refuted" and r.evidence == "invalid_sql"
