"""Opaque functions (``ir/opaque.py``): what the lowering knows of SQLite's built-ins is
SQLite's own behaviour; functions SQLite lacks reach the provers, are never refuted and
are assumed deterministic in the verdict; and every proof over opaque functions agrees
with SQLite on random databases (NULLs, duplicates, empty tables, every storage class)."""

from __future__ import annotations

import random
import sqlite3

import pytest
from tests.helpers.tiers import tiered

import sqlverdict
from sqlverdict.oracles.bounded.breaks import broken
from sqlverdict.oracles.bounded.interpret import table_functions
from sqlverdict.oracles.bounded.ir import lower
from sqlverdict.oracles.bounded.ir.opaque import NUMERIC, RESULT, STRICT, lacks
from sqlverdict.oracles.bounded.outcome import Assumption, Cause
from sqlverdict.oracles.bounded.witness import replay
from sqlverdict.schema import from_ddl
from sqlverdict.types import Status

DDL = ("CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT, x INT, y REAL);"
       "CREATE TABLE u (id INTEGER PRIMARY KEY, t_id INT REFERENCES t(id), a TEXT, x INT);")
SCHEMA = from_ddl(DDL)
ARITY = {"ATAN2": 2, "POW": 2, "POWER": 2, "LOG": 2, "INSTR": 2, "||": 2, "SUBSTR": 2,
         "SUBSTRING": 2, "REPLACE": 3, "PI": 0, "ROUND": 2}


def _call(name: str, args: list[str]) -> str:
    if name == "||":
        return f"({args[0]}) || ({args[1]})"
    if name == "CAST AS TEXT":
        return f"CAST({args[0]} AS TEXT)"
    return f"{name}({', '.join(args)})"


@pytest.mark.parametrize("name", sorted(STRICT))
def test_strict_builtins_are_null_on_every_null_argument(name):
    """A function marked strict is NULL when any one argument is NULL, in SQLite itself."""
    if name not in ("||", "CAST AS TEXT") and lacks(name):
        pytest.skip(f"this SQLite lacks {name}")
    n = ARITY.get(name, 1)
    conn = sqlite3.connect(":memory:")
    for i in range(n):
        for other in ("2", "'ab'", "0.5"):
            args = ["NULL" if j == i else other for j in range(n)]
            assert conn.execute(f"SELECT {_call(name, args)}").fetchone()[0] is None, (name, args)


@pytest.mark.parametrize("name", ["HEX", "QUOTE", "TYPEOF", "CHAR", "PRINTF"])
def test_builtins_not_marked_strict_are_not(name):
    """The ones left out of ``STRICT`` return a value on NULL: marking them strict would
    let a rule read their filter as rejecting NULL."""
    assert name not in STRICT and name in RESULT
    conn = sqlite3.connect(":memory:")
    args = "'%s', NULL" if name == "PRINTF" else "NULL"
    assert conn.execute(f"SELECT {name}({args})").fetchone()[0] is not None


@pytest.mark.parametrize("name", sorted(RESULT))
def test_result_classes_are_sqlites(name):
    """The class of a built-in's result on a typical argument is the one ``RESULT`` says."""
    if lacks(name):
        pytest.skip(f"this SQLite lacks {name}")
    n = ARITY.get(name, 1)
    numeric = name in NUMERIC or name == "JULIANDAY"
    conn = sqlite3.connect(":memory:")
    got = "null"
    for arg in (("0.5", "2.5") if numeric else ("'2020-01-02'",)):  # inside the domain
        args = {"PRINTF": ["'%d'", "4"], "FORMAT": ["'%d'", "4"], "CHAR": ["65"]}.get(name, [arg] * n)
        got = conn.execute(f"SELECT typeof({_call(name, args)})").fetchone()[0]
        if got != "null":
            break
    assert {"integer": "int", "real": "real", "text": "text"}[got] == str(RESULT[name])


def test_lowering_reads_numbers_alike_and_refuses_what_is_not_deterministic():
    q = lower("SELECT sqrt(x), sqrt(y), sign(x) FROM t", SCHEMA).query
    assert [str(e.args[0].ty) for e in q.items] == ["real", "real", "real"]
    for sql in ("SELECT random() FROM t", "SELECT changes() FROM t",
                "SELECT a || CAST(CASE WHEN id > 1 THEN x ELSE y END AS TEXT) FROM t"):
        with pytest.raises(sqlverdict.UnsupportedSQL):
            lower(sql, SCHEMA)


# ---- functions SQLite lacks: both sides call them


def test_both_sides_call_a_function_sqlite_lacks_proved_with_the_assumption_stated():
    r = sqlverdict.verify("SELECT f(x) FROM t", "SELECT f(x) FROM t WHERE x = x OR x IS NULL",
                          SCHEMA, bound=2, timeout_s=10)
    assert r.status is Status.VERIFIED
    assert Assumption.DETERMINISTIC in r.assumptions
    assert "F is a deterministic function returning int or NULL (SQLite lacks it)" in r.reason
    same = sqlverdict.verify("SELECT f(a, x) FROM t", "select F(a, x) from T", SCHEMA)
    assert same.status is Status.VERIFIED and Assumption.DETERMINISTIC in same.assumptions


def test_a_function_sqlite_lacks_is_refuted_only_with_its_interpretation_stated():
    """Refuted with the model's table for F, registered in SQLite for the replay
    (``interpret``; the replays are tested in ``tests/oracles/bounded/test_interpret.py``)."""
    r = sqlverdict.verify("SELECT f(x) FROM t", "SELECT f(x) FROM t WHERE x > 0", SCHEMA,
                          bound=2, timeout_s=10)
    assert r.status is Status.REFUTED and set(r.witness.interpretations) == {"F"}
    assert "refuted for an interpretation of F (SQLite lacks it): F(" in r.reason


@pytest.mark.parametrize("gold,pred", [("SELECT x FROM t", "SELECT f(x) FROM t"),
                                       ("SELECT f(x) FROM t", "SELECT x FROM t"),
                                       ("SELECT x FROM t", "SELECT x FROM t WHERE f(x) IS NOT NULL")])
def test_one_side_calling_a_function_sqlite_lacks_is_refuted_for_an_interpretation(gold, pred):
    """Only one query calls F: a database and a table for F on which SQLite separates
    them, F registered as that table for the replay; never SQLite's "no such function"."""
    r = sqlverdict.verify(gold, pred, SCHEMA, bound=2, timeout_s=10)
    assert r.status is Status.REFUTED and r.evidence == "witness", r.reason
    spec = r.witness.interpretations
    assert set(spec) == {"F"} and "refuted for an interpretation of F (SQLite lacks it)" in r.reason
    assert r.to_json()["interpretations"] == spec
    rep = replay(gold, pred, SCHEMA, r.witness.tables, r.semantics,
                 functions=table_functions(spec))
    assert rep.differs and not rep.problem
    assert not replay(gold, pred, SCHEMA, r.witness.tables, r.semantics).differs or gold != pred


def test_one_side_calling_a_function_sqlite_lacks_is_verified_where_its_value_does_not_matter():
    r = sqlverdict.verify("SELECT x FROM t", "SELECT x FROM t WHERE f(x) IS NULL OR f(x) IS NOT NULL",
                          SCHEMA, bound=2, timeout_s=10)
    assert r.status is Status.VERIFIED and Assumption.DETERMINISTIC in r.assumptions, r.reason
    assert "only the prediction calls F: proved for every interpretation" in r.reason
    g = sqlverdict.verify("SELECT a FROM t WHERE x > 1 OR g(a, x) IS NULL OR g(a, x) IS NOT NULL",
                          "SELECT a FROM t", SCHEMA, bound=2, timeout_s=10)
    assert g.status is Status.VERIFIED and "only the gold calls G" in g.reason, g.reason


def test_eval_keeps_sqlites_verdict_on_one_side():
    """``interpret_lacking=False`` (the bounded oracle of ``eval``): a prediction SQLite
    cannot run is invalid, a gold it cannot run is the gold's error."""
    pred = sqlverdict.verify("SELECT x FROM t", "SELECT f(x) FROM t", SCHEMA,
                             interpret_lacking=False)
    assert pred.status is Status.REFUTED and pred.evidence == "invalid_sql"
    assert "no such function: f" in pred.reason
    gold = sqlverdict.verify("SELECT f(x) FROM t", "SELECT x FROM t", SCHEMA,
                             interpret_lacking=False)
    assert gold.status is Status.UNKNOWN and gold.cause is Cause.GOLD_INVALID
    both = sqlverdict.verify("SELECT f(x) FROM t", "SELECT f(x) FROM t WHERE x = x OR x IS NULL",
                             SCHEMA, interpret_lacking=False)
    assert both.status is Status.VERIFIED  # both call F: as before, for every interpretation


def test_an_undefined_function_never_null_rejects_an_outer_join():
    """``f(u.a) = 1`` may hold on the NULL row a LEFT JOIN adds: not an inner join (a
    table for f with ``f(NULL) = 'k'`` separates them in SQLite)."""
    r = sqlverdict.verify(
        "SELECT t.id FROM t LEFT JOIN u ON u.t_id = t.id WHERE f(u.a) = 'k'",
        "SELECT t.id FROM t JOIN u ON u.t_id = t.id WHERE f(u.a) = 'k'", SCHEMA, bound=2,
        timeout_s=10)
    assert r.status is Status.REFUTED and r.witness.interpretations


# ---- every proof over opaque functions against SQLite on random databases

PROVED = [
    ("SELECT a || b FROM t WHERE x > 1 OR x <= 1 OR x IS NULL", "SELECT a || b FROM t"),
    ("SELECT id FROM t WHERE instr(a, b) > 0 AND x > 1", "SELECT id FROM t WHERE x > 1 AND instr(a, b) >= 1"),
    ("SELECT id FROM t WHERE sqrt(x) > 2", "SELECT id FROM t WHERE sqrt(x) > 2 AND x IS NOT NULL"),
    ("SELECT sqrt(avg(y * y) - avg(y) * avg(y)) FROM t",
     "SELECT sqrt(avg(y * y) - avg(y) * avg(y)) FROM t WHERE id IS NOT NULL"),
    ("SELECT t.id FROM t LEFT JOIN u ON u.t_id = t.id WHERE u.a || t.b = 'ab'",
     "SELECT t.id FROM t JOIN u ON u.t_id = t.id WHERE u.a || t.b = 'ab'"),
    ("SELECT a || b, count(*) FROM t GROUP BY a || b", "SELECT a || b, count(x) + count(*) - count(x) FROM t GROUP BY 1"),
    ("SELECT DISTINCT power(x, y) FROM t", "SELECT power(x, y) FROM t GROUP BY power(x, y)"),
    # GLOB of an expression over two columns: a lookup of the value, whatever it is read from
    ("SELECT id, c FROM (SELECT id, a || '-' || b AS c FROM t) AS v WHERE v.c GLOB 'a*'",
     "SELECT id, a || '-' || b FROM t WHERE a || '-' || b GLOB 'a*'"),
]
VALUES = [None, 0, 1, -1, 2, 4, 2.5, 0.5, "", "a", "b", "ab", "2", b"a"]


def _random_db(rng: random.Random, typed: bool) -> dict:
    """Up to three rows per table (empty tables, duplicates, NULLs); ``typed``: values of
    the declared classes only, else any storage class (text in INT columns, BLOBs)."""
    pools = {"int": [None, 0, 1, -1, 2, 4], "real": [None, 0.0, 0.5, 2.5, 4.0],
             "text": [None, "", "a", "b", "ab", "2"]}
    tables = {}
    for name, cols in (("t", ("id", "a", "b", "x", "y")), ("u", ("id", "t_id", "a", "x"))):
        rows = []
        for i in range(rng.randint(0, 3)):
            row = []
            for c in cols:
                if c == "id":
                    row.append(i + 1)
                elif c == "t_id":
                    row.append(rng.choice([None, 1, 2, 3]))
                elif typed:
                    kind = "text" if c in ("a", "b") else "real" if c == "y" else "int"
                    row.append(rng.choice(pools[kind]))
                else:
                    row.append(rng.choice(VALUES))
            rows.append(row)
        tables[name] = {"columns": list(cols), "rows": rows}
    return tables


@pytest.mark.parametrize("gold,pred", tiered(PROVED, 2, unpack=True))
def test_proofs_over_opaque_functions_agree_with_sqlite(gold, pred):
    r = sqlverdict.verify(gold, pred, SCHEMA, bound=2, timeout_s=20, search=False)
    assert r.status is Status.VERIFIED, r.reason
    rng = random.Random(7)
    for trial in range(150):
        typed = trial % 2 == 0
        db = _random_db(rng, typed)
        rep = replay(gold, pred, SCHEMA, db, r.semantics)
        if not rep.differs:
            continue
        # only a database that breaks an assumption the proof states may separate them
        hit = broken(db, SCHEMA, queries=(gold, pred), results=(rep.gold_rows, rep.pred_rows),
                     stated=r.assumptions)
        assert hit and not typed, (gold, pred, db, rep)


def test_syntax_is_no_function_sqlite_lacks():
    """CAST, EXISTS and an operator whose first operand is a call are syntax, not calls."""
    from sqlverdict.oracles.bounded.pair import Pair

    p = Pair("SELECT CAST(x AS TEXT) FROM t WHERE EXISTS (SELECT 1 FROM u) AND x > 0",
             "SELECT x FROM t WHERE CAST(x AS REAL) > 0 AND EXISTS (SELECT 1 FROM u)", SCHEMA, "bag")
    assert p.lacking == (frozenset(), frozenset())
    r = sqlverdict.verify("SELECT concat(a, b) FROM t", "SELECT concat(a, b) FROM t WHERE id = id",
                          SCHEMA, dialect="postgres")
    assert r.status is Status.VERIFIED and Assumption.DETERMINISTIC not in r.assumptions
    assert "|| read as uninterpreted functions" in r.reason


def test_names_are_sqlites_calls():
    """The name of an opaque function is SQLite's (``POWER``, ``INSTR``), whatever class
    sqlglot gives it (``Pow`` is a binary operator to sqlglot)."""
    q = lower("SELECT power(x, 2), instr(a, b), a || b, pow(x, 2) FROM t", SCHEMA).query
    assert [e.name for e in q.items] == ["POWER", "INSTR", "||", "POWER"]


@pytest.mark.parametrize("pred", [
    "SELECT id, a || '-' || b FROM t WHERE a GLOB 'a*'",       # the column, not the value
    "SELECT id, a || '-' || b FROM t WHERE a || '-' || b GLOB 'A*'",  # GLOB minds case
    "SELECT id, a || '-' || b FROM t WHERE a || '-' || b LIKE 'a%'",  # LIKE does not
])
def test_glob_of_an_expression_is_refuted_where_sqlite_separates(pred):
    gold = "SELECT id, c FROM (SELECT id, a || '-' || b AS c FROM t) AS v WHERE v.c GLOB 'a*'"
    r = sqlverdict.verify(gold, pred, SCHEMA, bound=2, timeout_s=20)
    assert r.status is Status.REFUTED, r.reason
