"""``canon/text_casts.py``: CAST of an integer to text read as SQLite writes it, and what a
proof that reads it says (``staging``: not "every interpretation" of CAST AS TEXT)."""

from __future__ import annotations

import sqlite3

import pytest

import sqlverdict
from sqlverdict.oracles.bounded.outcome import Assumption, Method
from sqlverdict.schema import from_ddl
from sqlverdict.types import Status

DDL = "CREATE TABLE t(a INTEGER, b INT)"
SCHEMA = from_ddl(DDL)


@pytest.mark.parametrize("n", [0, 7, -7, 10, 2 ** 63 - 1, -(2 ** 63)])
def test_sqlite_casts_an_integer_to_its_decimal_digits(n):
    assert sqlite3.connect(":memory:").execute("SELECT CAST(? AS TEXT)", (n,)).fetchone()[0] == str(n)


def test_a_proof_that_reads_the_cast_says_so():
    r = sqlverdict.verify("SELECT a FROM t WHERE a = 5 AND b > 0",
                          "SELECT a FROM t WHERE CAST(a AS TEXT) = '5' AND b > 0", SCHEMA)
    assert r.status is Status.VERIFIED and r.method is Method.REWRITING
    assert "CAST AS TEXT of an integer read as SQLite writes it" in r.reason
    assert "read as uninterpreted" not in r.reason
    assert Assumption.STORAGE in r.assumptions  # a REAL 5.0 casts to '5.0'


def test_a_proof_blind_to_the_cast_keeps_every_interpretation():
    r = sqlverdict.verify("SELECT CAST(a AS TEXT) FROM t WHERE a > 1",
                          "SELECT CAST(a AS TEXT) FROM t WHERE 1 < a", SCHEMA)
    assert r.status is Status.VERIFIED
    assert "CAST AS TEXT read as uninterpreted functions" in r.reason


def test_a_text_no_integer_casts_to_is_refuted():
    r = sqlverdict.verify("SELECT a FROM t WHERE a = 5", "SELECT a FROM t WHERE CAST(a AS TEXT) = '05'",
                          SCHEMA)
    assert r.status is Status.REFUTED and r.witness is not None
