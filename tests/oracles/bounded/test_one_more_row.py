"""A bounded verdict of the solver with time left tries one row more (``staging._one_more_row``):
``COUNT(*) > 3`` against ``COUNT(v) > 3`` differ only on four rows with a NULL ``v``, which
no database of at most 3 rows per table shows; the solver at 4 rows finds it, and the
witness is replayed in SQLite like any other."""

from __future__ import annotations

from sqlverdict.oracles.bounded.staging import verify
from sqlverdict.schema import from_ddl
from sqlverdict.types import Status

S = from_ddl("CREATE TABLE t (id INTEGER PRIMARY KEY, q INTEGER, v INTEGER)")
GOLD = ("SELECT CASE WHEN (SELECT COUNT(*) FROM t WHERE q = 1) > 3 THEN (SELECT MAX(v) FROM t "
        "WHERE q = 1) ELSE (SELECT MIN(v) FROM t WHERE q = 1) END")
PRED = "SELECT CASE WHEN COUNT(v) > 3 THEN MAX(v) ELSE MIN(v) END FROM t WHERE q = 1"


def test_a_witness_of_one_row_more_than_the_bound_refutes():
    r = verify(GOLD, PRED, S, bound=3, search=False, timeout_s=60)
    assert r.status is Status.REFUTED and r.witness is not None
    assert len(r.witness.tables["t"]["rows"]) == 4


def test_without_a_witness_the_bounded_verdict_stands():
    r = verify(GOLD, PRED.replace("COUNT(v)", "COUNT(*)"), S, bound=3, search=False, timeout_s=60)
    assert r.status is Status.VERIFIED
