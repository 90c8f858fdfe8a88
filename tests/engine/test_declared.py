"""Generated databases keep the schema's CHECK constraints and unique indexes on
expressions (``engine.declared``), and the test suite built on them judges by them."""

import json
import random
import sqlite3

from sqlverdict.engine.declared import within_declared
from sqlverdict.engine.generate import generate_database
from sqlverdict.engine.materialize import write_database
from sqlverdict.schema import from_ddl

DDL = """
CREATE TABLE dept (id INTEGER PRIMARY KEY, budget INT CHECK (budget >= 0),
                   lo INT, hi INT, name TEXT, CHECK (lo < hi));
CREATE UNIQUE INDEX dept_name ON dept (lower(name));
CREATE TABLE emp (code TEXT PRIMARY KEY, dept INTEGER REFERENCES dept(id),
                  sal REAL CHECK (sal IS NULL OR sal > 100)) WITHOUT ROWID;
CREATE TABLE task (id INTEGER PRIMARY KEY, owner TEXT NOT NULL REFERENCES emp(code),
                   hours INT CHECK (hours BETWEEN 1 AND 40));
"""


def test_generated_rows_satisfy_checks_indexes_and_foreign_keys(tmp_path):
    schema = from_ddl(DDL)
    totals = {"dept": 0, "emp": 0, "task": 0}
    for seed in range(60):
        tables = generate_database(schema, random.Random(seed), max_rows=6)
        for name, rows in tables.items():
            totals[name] += len(rows)
        path = tmp_path / f"{seed}.sqlite"
        write_database(path, schema, tables)  # declares the CHECKs and the index: refuses a bad row
        conn = sqlite3.connect(path)
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        assert conn.execute("SELECT count(*) FROM dept WHERE NOT (lo < hi)").fetchone() == (0,)
        assert conn.execute("SELECT count(*) FROM task WHERE hours NOT BETWEEN 1 AND 40"
                            ).fetchone() == (0,)
        conn.close()
    assert all(n > 0 for n in totals.values()), totals


def test_orphans_of_a_refused_parent_go_to_the_grandchild():
    schema = from_ddl(DDL)
    tables = {"dept": [(1, -5, 0, 1, "a"), (2, 5, 0, 1, "b")],
              "emp": [("x", 1, 200.0), ("y", 2, 200.0), ("z", None, 50.0)],
              "task": [(1, "x", 3), (2, "y", 3), (3, "y", 41)]}
    assert within_declared(schema, tables) == {
        "dept": [(2, 5, 0, 1, "b")], "emp": [("y", 2, 200.0)], "task": [(2, "y", 3)]}


def test_same_spelling_under_the_unique_expression_index_keeps_the_first():
    schema = from_ddl(DDL)
    kept = within_declared(schema, {"dept": [(1, 1, 0, 1, "Ann"), (2, 1, 0, 1, "ANN")]})
    assert kept["dept"] == [(1, 1, 0, 1, "Ann")]


def test_schema_without_checks_passes_through():
    schema = from_ddl("CREATE TABLE t(a INT PRIMARY KEY, b TEXT)")
    tables = {"t": [(1, "x"), (2, None)]}
    assert within_declared(schema, tables) == tables


def test_suite_judges_by_the_users_check_constraints(tmp_path):
    """A filter the CHECK makes redundant is no mistake: without the CHECK in the instances
    the suite called ``SELECT name FROM item`` wrong against ``... WHERE qty > 0``."""
    from sqlverdict.bench.loader import load_benchmark
    from sqlverdict.engine.execute import ResultCache
    from sqlverdict.oracles.base import Context, EvalOptions, get_oracle
    from sqlverdict.oracles.suite.build import BuildConfig, build_suite
    from sqlverdict.types import Prediction, Status

    db = tmp_path / "database" / "shop" / "shop.sqlite"
    db.parent.mkdir(parents=True)
    conn = sqlite3.connect(db)
    conn.executescript("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, "
                       "qty INTEGER NOT NULL CHECK (qty > 0));"
                       "INSERT INTO item VALUES (1, 'pen', 3), (2, 'ink', 1);")
    conn.commit()
    conn.close()
    bench = tmp_path / "questions.jsonl"
    bench.write_text(json.dumps({"id": "q1", "db_id": "shop", "question": "Items in stock?",
                                 "gold": "SELECT name FROM item WHERE qty > 0"}) + "\n")
    out = tmp_path / "suite"
    build_suite(f"jsonl:{bench}", out, seed=3, config=BuildConfig(max_candidates=60, patience=30))
    b = load_benchmark(f"jsonl:{bench}")
    options = EvalOptions(suite_dir=str(out))
    oracle = get_oracle("suite", options)
    ctx = Context(options, ResultCache(), b.schemas)
    same = oracle.judge(b.by_id()["q1"], Prediction("q1", "SELECT name FROM item"), ctx)
    assert same.status is Status.CONSISTENT
    wrong = oracle.judge(b.by_id()["q1"], Prediction("q1", "SELECT name FROM item WHERE qty > 1"), ctx)
    assert wrong.status is not Status.CONSISTENT
