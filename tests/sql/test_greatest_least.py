"""GREATEST and LEAST translated to SQLite keep their source engine's meaning: PostgreSQL's
skip NULL arguments (NULL only when all are), which SQLite's scalar ``MAX(a, b)`` does not
(NULL when any is), so the translation writes ``MAX(COALESCE(a, b), COALESCE(b, a))``;
MySQL's return NULL for any NULL argument, SQLite's MAX itself; Calcite's depend on its
function library, so ``--dialect calcite`` refuses them. The expected values are computed
here in Python from each engine's documented rule, never by the translation."""

from __future__ import annotations

import itertools
import random
import sqlite3

import pytest

from sqlverdict import verify
from sqlverdict.schema import from_ddl
from sqlverdict.sql.dialect import Untranslatable, to_sqlite
from sqlverdict.types import Status

NUMBERS = [None, -3, 0, 1, 2, 2.5, -0.5, 7, 2**62]
TEXTS = [None, "", "a", "B", "b", "zz"]


def _postgres(fn, args):
    present = [a for a in args if a is not None]
    return None if not present else (max if fn == "GREATEST" else min)(present)


def _mysql(fn, args):
    return None if None in args else (max if fn == "GREATEST" else min)(args)


def _sqlite(sql: str, row: tuple):
    conn = sqlite3.connect(":memory:")
    try:
        conn.execute("CREATE TABLE t(a, b, c)")
        conn.execute("INSERT INTO t VALUES (?, ?, ?)", row)
        return conn.execute(sql).fetchone()[0]
    finally:
        conn.close()


@pytest.mark.parametrize("dialect,model", [("postgres", _postgres), ("mysql", _mysql)])
@pytest.mark.parametrize("fn", ["GREATEST", "LEAST"])
@pytest.mark.parametrize("pool", [NUMBERS, TEXTS], ids=["numbers", "texts"])
def test_translation_keeps_the_source_meaning(dialect, model, fn, pool):
    rng = random.Random(f"{dialect}{fn}")
    rows = list(itertools.product(pool[:4], repeat=3)) + [
        tuple(rng.choice(pool) for _ in range(3)) for _ in range(150)]
    for arity in (2, 3):
        cols = ("a", "b", "c")[:arity]
        sql = to_sqlite(f"SELECT {fn}({', '.join(cols)}) FROM t", dialect)
        for row in rows:
            assert _sqlite(sql, row) == model(fn, row[:arity]), (dialect, sql, row)


def test_calcite_refuses_greatest_of_several_arguments():
    for sql in ("SELECT GREATEST(a, b) FROM t", "SELECT LEAST(a, b, 1) FROM t"):
        with pytest.raises(Untranslatable, match="library"):
            to_sqlite(sql, "calcite")
    assert to_sqlite("SELECT GREATEST(a) FROM t", "calcite") == "SELECT a FROM t"
    for sql in ("SELECT GREATEST(1, NULL) FROM t", "SELECT LEAST(-(2), a) FROM t"):
        with pytest.raises(Untranslatable, match="library"):
            to_sqlite(sql, "calcite")


def _literal(v) -> str:
    return f"'{v}'" if isinstance(v, str) else f"({v})"


@pytest.mark.parametrize("fn", ["GREATEST", "LEAST"])
@pytest.mark.parametrize("pool", [NUMBERS, TEXTS], ids=["numbers", "texts"])
def test_calcite_reads_constants_other_than_null_as_every_library_does(fn, pool):
    """Where no argument is NULL the libraries agree: Calcite's reading is both models'."""
    rng = random.Random(fn)
    present = [v for v in pool if v is not None]
    for _ in range(60):
        args = [rng.choice(present) for _ in range(rng.randint(2, 4))]
        sql = to_sqlite(f"SELECT {fn}({', '.join(map(_literal, args))}) FROM t", "calcite")
        got = _sqlite(sql, (None, None, None))
        assert got == _postgres(fn, args) == _mysql(fn, args), (sql, args)


SCHEMA = from_ddl("CREATE TABLE t(id INTEGER PRIMARY KEY, a INT, b INT)")


def test_verdicts_read_each_dialect():
    """The same pair is verified under PostgreSQL's reading and refuted, with a replayed
    witness, under MySQL's (a NULL argument); Calcite's is unknown, the reason named."""
    gold = "SELECT id, GREATEST(a, b) FROM t"
    pred = "SELECT id, CASE WHEN b IS NULL OR a >= b THEN a ELSE b END FROM t"
    pg = verify(gold, pred, SCHEMA, dialect="postgres", timeout_s=20)
    assert pg.status is Status.VERIFIED, pg.reason
    my = verify(gold, pred, SCHEMA, dialect="mysql", timeout_s=20)
    assert my.status is Status.REFUTED and my.witness is not None
    rows = my.witness.tables["t"]["rows"]
    assert any(None in r[1:] for r in rows)
    ca = verify(gold, pred, SCHEMA, dialect="calcite", timeout_s=20)
    assert ca.status is Status.UNKNOWN and "GREATEST" in ca.reason and "library" in ca.reason
