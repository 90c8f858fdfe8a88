"""Interpretations of functions SQLite lacks (``interpret.py``): a pair both of whose
queries call such a function is refuted only with a table for it (from the solver's model)
under which SQLite separates the queries; the test registers the reported table itself on
a fresh SQLite database built from the witness and checks the difference. Pairs equivalent
for every deterministic function are never refuted; SQLite's built-ins get no table."""

from __future__ import annotations

import json
import random
import sqlite3
from collections import Counter

import pytest

import sqlverdict
from sqlverdict.oracles.bounded.interpret import table_functions
from sqlverdict.oracles.bounded.staging import verify
from sqlverdict.schema import from_ddl
from sqlverdict.types import Status

DDL = ("CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER, b INTEGER, s TEXT, y REAL);"
       "CREATE TABLE u (id INTEGER PRIMARY KEY, t_id INT REFERENCES t(id), a TEXT);")
SCHEMA = from_ddl(DDL)
CLASS = {int: "int", float: "real", str: "text", type(None): "null"}

REFUTED = [  # differ for some deterministic f (the literature's reading)
    ("SELECT f(a) FROM t WHERE g(b)", "SELECT f(a) FROM t WHERE g(b) AND a > 1"),
    ("SELECT id FROM t WHERE f(a) = 1", "SELECT id FROM t WHERE f(a) = 2"),
    ("SELECT id FROM t WHERE f(a) IS NULL", "SELECT id FROM t WHERE f(a) IS NULL AND a IS NULL"),
    ("SELECT id FROM t WHERE f(a) IS NOT NULL",
     "SELECT id FROM t WHERE f(a) IS NOT NULL AND a IS NOT NULL"),
    ("SELECT f(s) FROM t", "SELECT f(s) FROM t WHERE s <> 'x'"),
    ("SELECT id FROM t WHERE p(a, s)", "SELECT id FROM t WHERE p(b, s)"),
    # a predicate whose first argument is text: its truth is an integer, not a text that
    # the verifier's strings never read as true (was verified up to the bound)
    ("SELECT id FROM t WHERE p(s, a)", "SELECT id FROM t WHERE p(s, b)"),
    ("SELECT f(y) FROM t", "SELECT DISTINCT f(y) FROM t"),
    ("SELECT count(*) FROM t WHERE f(a) > f(b)", "SELECT count(*) FROM t WHERE f(b) > f(a)"),
    ("SELECT t.id FROM t LEFT JOIN u ON u.t_id = t.id WHERE f(u.a) = 'k'",
     "SELECT t.id FROM t JOIN u ON u.t_id = t.id WHERE f(u.a) = 'k'"),
]
NEAR_MISSES = [  # equivalent for every deterministic f: never refuted
    ("SELECT f(a) FROM t WHERE 1 = 1", "SELECT f(a) FROM t"),
    ("SELECT f(a) FROM t WHERE g(b) AND a > 1", "SELECT f(a) FROM t WHERE a > 1 AND g(b)"),
    ("SELECT id FROM t WHERE f(a) = f(a)", "SELECT id FROM t WHERE f(a) IS NOT NULL"),
    ("SELECT f(a) FROM t WHERE a = b", "SELECT f(b) FROM t WHERE a = b"),
    ("SELECT DISTINCT f(s) FROM t", "SELECT f(s) FROM t GROUP BY f(s)"),
    ("SELECT id FROM t WHERE f(a) = 1 OR f(a) <> 1", "SELECT id FROM t WHERE f(a) IS NOT NULL"),
]


def _run_with_table(gold: str, pred: str, res: dict):
    """Both queries on a fresh SQLite database of the witness, with the reported
    interpretations registered by this test (from the JSON)."""
    conn = sqlite3.connect(":memory:")
    conn.executescript(DDL)
    for name, table in res["witness"]["tables"].items():
        for row in table["rows"]:
            conn.execute(f"INSERT INTO {name} VALUES ({', '.join('?' * len(row))})", row)
    for name, fn in table_functions(res["interpretations"]).items():
        conn.create_function(name, -1, fn, deterministic=True)
    return conn.execute(gold).fetchall(), conn.execute(pred).fetchall()


@pytest.mark.parametrize(("gold", "pred"), REFUTED)
def test_reported_interpretation_separates_the_queries_in_sqlite(gold, pred):
    r = sqlverdict.verify(gold, pred, SCHEMA, bound=2, timeout_s=20)
    if r.status is not Status.REFUTED:
        pytest.fail(f"not refuted: {r.reason}")
    d = r.to_json()
    spec = d["interpretations"]
    assert spec == d["witness"]["interpretations"]
    assert "(SQLite lacks" in r.reason and "registered as that table" in r.reason
    g, p = _run_with_table(gold, pred, d)
    assert Counter(g) != Counter(p) or d["witness"]["signature"] == "order"
    assert g == [tuple(x) for x in d["witness"]["gold_result"]]
    assert p == [tuple(x) for x in d["witness"]["pred_result"]]


def test_interpretation_values_are_of_the_assumed_class_or_null():
    """The lowering assumes a function SQLite lacks returns the class of its first argument
    or NULL (not strict: NULL in may give a value out): the tables keep to it."""
    for gold, pred in REFUTED:
        r = sqlverdict.verify(gold, pred, SCHEMA, bound=2, timeout_s=20)
        for name, interp in (r.to_json().get("interpretations") or {}).items():
            outs = {CLASS[type(row[-1])] for row in interp["table"]} | {CLASS[type(interp["else"])]}
            assert len(outs - {"null"}) <= 1, (gold, name, interp)


def test_null_in_and_out():
    """The first pair differs only where f is NULL on a value, the second only where f is
    a value on NULL (f is not strict): the reported tables say so."""
    for (gold, pred), null_in in ((REFUTED[2], False), (REFUTED[3], True)):
        d = sqlverdict.verify(gold, pred, SCHEMA, bound=2, timeout_s=20).to_json()
        table = d["interpretations"]["F"]["table"]
        assert any((row[0] is None) is null_in and (row[1] is None) is not null_in
                   for row in table), table


@pytest.mark.parametrize(("gold", "pred"), NEAR_MISSES)
def test_pairs_equivalent_for_every_function_are_never_refuted(gold, pred):
    for semantics in ("bag", "set"):
        r = sqlverdict.verify(gold, pred, SCHEMA, bound=2, timeout_s=20, semantics=semantics)
        assert r.status is not Status.REFUTED, r.reason


def test_near_misses_agree_on_random_databases_and_functions():
    """The near misses are equivalent under random tables for f and g on random databases
    (NULLs, duplicates, empty tables, every storage class): a rule that refuted them, or a
    table that separated them, would be wrong."""
    rng = random.Random(25)
    values = [None, 0, 1, -1, 2, 2.5, "", "a", "2", b"a"]
    for _ in range(60):
        conn = sqlite3.connect(":memory:")
        conn.executescript(DDL)
        for i in range(rng.randint(0, 4)):
            conn.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?)",
                         [i] + [rng.choice(values) for _ in range(4)])
        memo: dict = {}
        for name in ("f", "g"):
            conn.create_function(name, -1, lambda *a, n=name, m=memo: m.setdefault(
                (n, tuple((type(x).__name__, x) for x in a)), rng.choice([None, 0, 1, 2])),
                deterministic=True)
        for gold, pred in NEAR_MISSES:
            g, p = conn.execute(gold).fetchall(), conn.execute(pred).fetchall()
            assert Counter(g) == Counter(p), (gold, pred, g, p)


def test_builtins_get_no_interpretation():
    r = sqlverdict.verify("SELECT sqrt(a) FROM t", "SELECT sqrt(a) FROM t WHERE a > 1",
                          SCHEMA, bound=2, timeout_s=20)
    assert r.status is Status.REFUTED
    d = r.to_json()
    assert "interpretations" not in d and "interpretations" not in d["witness"]
    assert "SQLite lacks" not in r.reason


def test_table_functions_tell_classes_apart():
    fns = table_functions({"F": {"table": [[1, "x"], [None, "n"]], "else": None}})
    assert (fns["F"](1), fns["F"](None), fns["F"](1.0), fns["F"]("1")) == ("x", "n", None, None)


def test_witness_files_carry_the_interpretation_for_a_user_to_replay(tmp_path):
    """witness.json holds the tables; a user registers them on witness.sqlite and sees the
    two results the verdict reports."""
    gold, pred = REFUTED[0]
    r = verify(gold, pred, SCHEMA, bound=2, timeout_s=20, witness_dir=str(tmp_path))
    assert r.status is Status.REFUTED
    saved = json.loads((tmp_path / "witness.json").read_text())
    conn = sqlite3.connect(tmp_path / "witness.sqlite")
    for name, fn in table_functions(saved["interpretations"]).items():
        conn.create_function(name, -1, fn, deterministic=True)
    assert [list(x) for x in conn.execute(gold).fetchall()] == saved["gold_result"]
    assert [list(x) for x in conn.execute(pred).fetchall()] == saved["pred_result"]
    assert saved["gold_result"] != saved["pred_result"]
