"""The domain of a verdict (``oracles/bounded/domain.py``, issue 25): a pair written for a
typed engine over DDL is judged on typed databases (values of their declared types, no NULL
primary key), a SQLite pair or a SQLite database's schema on every database SQLite accepts;
``--domain`` overrides. In the typed domain a refutation's witness is a typed database, and
a proof states no assumption the domain guarantees."""

from __future__ import annotations

import json
import sqlite3

import pytest
from typer.testing import CliRunner

from sqlverdict import verify
from sqlverdict.cli import app
from sqlverdict.oracles.bounded.batch import verify_batch
from sqlverdict.oracles.bounded.breaks import broken
from sqlverdict.oracles.bounded.domain import INT_EXTREMES, outside
from sqlverdict.schema import from_ddl, from_sqlite

# the Calcite EMP/DEPT schema and the Catalyst relations, written out here
EMP = from_ddl(
    "CREATE TABLE dept (deptno INTEGER NOT NULL, dname TEXT NOT NULL, loc TEXT, PRIMARY KEY (deptno));"
    "CREATE TABLE emp (empno INTEGER NOT NULL, ename TEXT NOT NULL, job TEXT, sal INTEGER, "
    "deptno INTEGER, PRIMARY KEY (empno), FOREIGN KEY (deptno) REFERENCES dept(deptno));"
    "CREATE TABLE account (acctno INTEGER NOT NULL, empno INTEGER NOT NULL, balance INTEGER NOT NULL, "
    "kind TEXT, PRIMARY KEY (acctno), FOREIGN KEY (empno) REFERENCES emp(empno));")
SPARK = from_ddl("CREATE TABLE t1 (a INTEGER, b INTEGER, c INTEGER);"
                 "CREATE TABLE r (k INTEGER NOT NULL, v INTEGER NOT NULL, s TEXT, PRIMARY KEY (k));")
AGG_REMOVE = ("SELECT acctno, SUM(balance) FROM account GROUP BY acctno",
              "SELECT acctno, balance FROM account")  # acctno is the key: SUM of one value
REORDER = ("SELECT a + 1 + b + 2 FROM t1", "SELECT a + b + 3 FROM t1")
KEYS = from_ddl("CREATE TABLE p (k TEXT PRIMARY KEY, v INTEGER);"
                "CREATE TABLE e (id INTEGER PRIMARY KEY, d DATE, n TEXT)")


def _rows(r) -> dict:
    return {k: v for k, v in r.witness.tables.items()}


def test_aggregate_remove_is_verified_on_typed_databases():
    r = verify(*AGG_REMOVE, EMP, dialect="postgres", timeout_s=20)
    assert (str(r.status), r.scope, r.domain) == ("verified", "every database", "typed"), r.reason
    assert "declared_storage_classes" not in r.assumptions
    assert r.reason.endswith("typed databases: every value of its column's declared type, "
                             "as postgres keeps them")
    assert r.to_json()["domain"] == "typed"


def test_aggregate_remove_is_refuted_on_sqlite_databases():
    """SUM('') is 0.0: SQLite keeps '' in an INTEGER column."""
    r = verify(*AGG_REMOVE, EMP, dialect="postgres", domain="sqlite", timeout_s=20)
    assert (str(r.status), str(r.realism), r.domain) == ("refuted", "sqlite", "sqlite"), r.reason
    assert outside(_rows(r), EMP)  # a value of another class


def test_reorder_associative_overflows_64_bits_on_typed_databases():
    """``a + 1 + b + 2`` and ``a + b + 3`` differ on INTEGER columns in SQLite where a partial
    sum leaves 64 bits (it becomes a REAL): the proof states ``integer_arithmetic_in_range``
    and its attack finds such a typed database."""
    proof = verify(*REORDER, SPARK, dialect="postgres", search=False, timeout_s=20)
    assert str(proof.status) == "verified", proof.reason
    assert "integer_arithmetic_in_range" in proof.assumptions
    assert "exact_reals" not in proof.assumptions  # no real in an INTEGER column
    r = verify(*REORDER, SPARK, dialect="postgres", timeout_s=20)
    assert (str(r.status), str(r.realism), r.domain) == ("refuted", "typed", "typed"), r.reason
    assert not outside(_rows(r), SPARK)
    a, b, _ = r.witness.tables["t1"]["rows"][0]
    assert isinstance(a, int) and isinstance(b, int)
    assert "integer arithmetic stays within 64 bits" in r.reason


SUMS = from_ddl("CREATE TABLE t (id INTEGER PRIMARY KEY, g INTEGER NOT NULL, a INTEGER NOT NULL)")


@pytest.mark.parametrize("domain", ["sqlite", "typed"])
def test_a_sum_adding_in_another_order_is_refuted_by_a_partial_sum_past_64_bits(domain):
    """SQLite's SUM raises ``integer overflow`` when a partial sum leaves 64 bits, so the
    order it adds in matters: the proof states ``integer_arithmetic_in_range`` in either
    domain, and the attack finds a database of INTEGER values where only one side raises."""
    gold, pred = "SELECT SUM(a) FROM t", "SELECT SUM(a) FROM (SELECT a FROM t ORDER BY a DESC)"
    proof = verify(gold, pred, SUMS, domain=domain, search=False, timeout_s=20)
    assert str(proof.status) == "verified" and "integer_arithmetic_in_range" in proof.assumptions
    r = verify(gold, pred, SUMS, domain=domain, timeout_s=20)
    assert (str(r.status), str(r.realism)) == ("refuted", "typed"), r.reason
    con = sqlite3.connect(":memory:")
    con.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, g INTEGER NOT NULL, a INTEGER NOT NULL)")
    con.executemany("INSERT INTO t VALUES (?, ?, ?)", r.witness.tables["t"]["rows"])
    assert all(isinstance(a, int) for _, _, a in r.witness.tables["t"]["rows"])
    con.execute(gold).fetchall()
    with pytest.raises(sqlite3.OperationalError, match="integer overflow"):
        con.execute(pred).fetchall()
    # the database itself breaks the assumption (the soundness benchmark's classification)
    assert "integer_arithmetic_in_range" in broken(r.witness.tables, SUMS)
    assert "integer arithmetic stays within 64 bits" in r.reason


def test_the_same_sum_read_two_ways_stays_proved_with_its_assumption():
    r = verify("SELECT g, SUM(a) FROM t GROUP BY g HAVING SUM(a) > 0",
               "SELECT g, s FROM (SELECT g, SUM(a) AS s FROM t GROUP BY g) WHERE s > 0", SUMS,
               timeout_s=20)
    assert (str(r.status), r.scope) == ("verified", "every database"), r.reason
    assert "integer_arithmetic_in_range" in r.assumptions


def test_the_overflow_witness_of_the_brief_separates_in_sqlite():
    con = sqlite3.connect(":memory:")
    con.execute("CREATE TABLE t1 (a INTEGER, b INTEGER, c INTEGER)")
    con.execute("INSERT INTO t1 VALUES (?, ?, 0)", (2**63 - 1, -10))
    gold, pred = (con.execute(q).fetchall() for q in REORDER)
    assert gold == [(9.223372036854776e18,)] and pred == [(9223372036854775800,)]
    assert 2**63 - 1 in INT_EXTREMES and -10 in INT_EXTREMES  # the attack draws them


def test_reorder_associative_is_refuted_on_sqlite_databases():
    r = verify(*REORDER, SPARK, dialect="postgres", domain="sqlite", timeout_s=20)
    assert (str(r.status), r.domain) == ("refuted", "sqlite"), r.reason


def test_a_pair_different_on_typed_databases_is_refuted_with_a_typed_witness():
    r = verify("SELECT a + 1 + b + 2 FROM t1", "SELECT a + b + 2 FROM t1", SPARK,
               dialect="postgres", timeout_s=20)
    assert (str(r.status), str(r.realism), r.domain) == ("refuted", "typed", "typed"), r.reason
    assert not outside(_rows(r), SPARK)


def test_no_null_primary_key_in_the_typed_domain():
    """``count(k)`` and ``count(*)`` differ only where a primary-key column is NULL (SQLite
    accepts it in a TEXT key): verified on typed databases, refuted on SQLite's."""
    g, p = "SELECT count(k) FROM p", "SELECT count(*) FROM p"
    typed = verify(g, p, KEYS, dialect="postgres", timeout_s=20)
    assert (str(typed.status), typed.domain) == ("verified", "typed"), typed.reason
    loose = verify(g, p, KEYS, dialect="postgres", domain="sqlite", timeout_s=20)
    assert str(loose.status) == "refuted" and loose.witness.tables["p"]["rows"][0][0] is None
    r = verify("SELECT count(k) FROM p WHERE v = 1", p, KEYS, dialect="postgres", timeout_s=20)
    assert str(r.status) == "refuted", r.reason
    assert all(row[0] is not None for row in r.witness.tables["p"]["rows"])


def test_a_witness_outside_the_typed_domain_refutes_nothing():
    """Every DATE value that tells these apart is no valid date ('2020-01-011'): on typed
    databases no witness exists, and the verdict says why it is no proof either."""
    g, p = "SELECT id FROM e WHERE d > '2020-01-01'", "SELECT id FROM e WHERE d >= '2020-01-02'"
    r = verify(g, p, KEYS, dialect="postgres", timeout_s=20)
    assert (str(r.status), r.domain) == ("unknown", "typed"), r.reason
    assert "outside the typed domain" in r.reason
    loose = verify(g, p, KEYS, dialect="postgres", domain="sqlite", timeout_s=20)
    assert (str(loose.status), str(loose.realism)) == ("refuted", "sqlite"), loose.reason


def test_blob_in_text_is_no_typed_witness():
    g, p = "SELECT id FROM e WHERE n || '' = 'a'", "SELECT id FROM e WHERE n = 'a'"
    r = verify(g, p, KEYS, dialect="postgres", timeout_s=20)
    assert str(r.status) == "verified" and "text_columns_hold_text" not in r.assumptions, r.reason
    loose = verify(g, p, KEYS, dialect="postgres", domain="sqlite", timeout_s=20)
    assert str(loose.status) == "refuted" and loose.witness.tables["e"]["rows"][0][2] == b"a"


def test_sqlite_pairs_keep_the_sqlite_domain():
    r = verify(*AGG_REMOVE, EMP, timeout_s=20)  # SQLite text, no dialect
    assert (str(r.status), r.domain, r.to_json()["domain"]) == ("refuted", "sqlite", "sqlite")
    r = verify(*AGG_REMOVE, EMP, dialect="sqlite", domain="typed", timeout_s=20)
    assert (str(r.status), r.domain) == ("verified", "typed"), r.reason


def test_a_sqlite_database_schema_keeps_the_sqlite_domain(tmp_path):
    db = tmp_path / "emp.sqlite"
    con = sqlite3.connect(db)
    con.executescript("CREATE TABLE account (acctno INTEGER NOT NULL, empno INTEGER NOT NULL, "
                      "balance INTEGER NOT NULL, kind TEXT, PRIMARY KEY (acctno));")
    con.close()
    r = verify(*AGG_REMOVE, from_sqlite(str(db)), dialect="postgres", timeout_s=20)
    assert (str(r.status), r.domain) == ("refuted", "sqlite"), r.reason


def test_an_inferred_dialect_takes_the_typed_domain():
    s = from_ddl("CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER, b INTEGER)")
    r = verify("SELECT a, SUM(id) FROM t GROUP BY ROLLUP(a)",
               "SELECT a, SUM(id) FROM t GROUP BY a UNION ALL SELECT NULL, SUM(id) FROM t", s,
               timeout_s=20)
    assert r.to_json().get("dialect_inferred") and r.domain == "typed", r.reason


def test_a_bad_domain_is_an_input_error():
    from sqlverdict.errors import InputError

    with pytest.raises(InputError, match="domain must be sqlite or typed"):
        verify(*AGG_REMOVE, EMP, domain="postgres")


def test_batch_lines_take_a_domain(tmp_path):
    ddl = tmp_path / "emp.sql"
    ddl.write_text("CREATE TABLE account (acctno INTEGER NOT NULL, empno INTEGER NOT NULL, "
                   "balance INTEGER NOT NULL, kind TEXT, PRIMARY KEY (acctno));")
    base = {"gold": AGG_REMOVE[0], "pred": AGG_REMOVE[1], "schema": str(ddl), "dialect": "postgres"}
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text("".join(json.dumps(x) + "\n" for x in [
        {"id": "default", **base}, {"id": "sqlite", **base, "domain": "sqlite"},
        {"id": "plain", **base, "dialect": "sqlite"}]))
    out = tmp_path / "out.jsonl"
    verify_batch(pairs, out, timeout_s=20)
    got = {d["id"]: (d["status"], d["domain"]) for d in map(json.loads, out.read_text().splitlines())}
    assert got == {"default": ("verified", "typed"), "sqlite": ("refuted", "sqlite"),
                   "plain": ("refuted", "sqlite")}
    out2 = tmp_path / "out2.jsonl"
    verify_batch(pairs, out2, timeout_s=20, domain="typed")  # for lines without a domain
    got = {d["id"]: d["domain"] for d in map(json.loads, out2.read_text().splitlines())}
    assert got == {"default": "typed", "sqlite": "sqlite", "plain": "typed"}


def test_cli_domain_flag(tmp_path):
    ddl = "CREATE TABLE account (acctno INTEGER NOT NULL, balance INTEGER NOT NULL, PRIMARY KEY (acctno))"
    runner = CliRunner()
    args = ["verify", "--schema", ddl, "--dialect", "postgres", "--json", *AGG_REMOVE]
    typed = runner.invoke(app, args)
    assert typed.exit_code == 0, typed.output
    assert json.loads(typed.output)["domain"] == "typed"
    loose = runner.invoke(app, [*args[:-2], "--domain", "sqlite", *AGG_REMOVE])
    assert loose.exit_code == 1 and json.loads(loose.output)["domain"] == "sqlite"
    shown = runner.invoke(app, ["verify", "--schema", ddl, "--dialect", "postgres", *AGG_REMOVE])
    assert "typed databases" in shown.output
    bad = runner.invoke(app, [*args[:-2], "--domain", "pg", *AGG_REMOVE])
    assert bad.exit_code == 2 and "domain must be sqlite or typed" in bad.output


def test_the_cli_says_the_prediction_raised_on_the_witness():
    out = CliRunner().invoke(app, [
        "verify", "--schema",
        "CREATE TABLE t (id INTEGER PRIMARY KEY, g INTEGER NOT NULL, a INTEGER NOT NULL)",
        "SELECT SUM(a) FROM t", "SELECT SUM(a) FROM (SELECT a FROM t ORDER BY a DESC)"])
    assert out.exit_code == 1, out.output
    assert "prediction result: SQLite raises an error running it on these rows" in out.output
