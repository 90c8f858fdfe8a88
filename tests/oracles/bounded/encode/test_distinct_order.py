"""ORDER BY of a SELECT DISTINCT by a function of its items (``encoder._of_items``):
PostgreSQL's descending order puts NULLs first, which the translation spells ``a IS NULL
DESC, a DESC``; the encoder orders the rows DISTINCT keeps by it instead of giving up."""

from __future__ import annotations

import pytest

from sqlverdict import verify
from sqlverdict.schema import from_ddl

SCHEMA = from_ddl("CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b TEXT)")


@pytest.mark.parametrize("gold,pred,status", [
    ("SELECT DISTINCT a FROM t ORDER BY a DESC LIMIT 2",
     "SELECT a FROM t GROUP BY a ORDER BY a DESC LIMIT 2", "verified"),
    ("SELECT (SELECT DISTINCT a FROM t WHERE a IS NOT NULL ORDER BY a DESC LIMIT 1 OFFSET 1)",
     "SELECT MAX(a) FROM t WHERE a < (SELECT MAX(a) FROM t)", "verified"),
    ("SELECT (SELECT a FROM t WHERE a IS NOT NULL ORDER BY a DESC LIMIT 1 OFFSET 1)",
     "SELECT MAX(a) FROM t WHERE a < (SELECT MAX(a) FROM t)", "refuted"),  # ties: no DISTINCT
    ("SELECT DISTINCT a FROM t ORDER BY a DESC LIMIT 2",
     "SELECT DISTINCT a FROM t ORDER BY a DESC LIMIT 1", "refuted"),
])
def test_descending_distinct_in_postgres_is_decided(gold, pred, status):
    r = verify(gold, pred, SCHEMA, dialect="postgres", timeout_s=30)
    assert str(r.status) == status, r.reason
    if status == "refuted":
        assert r.witness is not None


def test_a_key_outside_the_items_stays_unknown():
    r = verify("SELECT DISTINCT a FROM t ORDER BY b LIMIT 1", "SELECT DISTINCT a FROM t ORDER BY b, a LIMIT 1",
               SCHEMA, timeout_s=30, search=False)
    assert (str(r.status), r.reason) == ("unknown", "unsupported: ORDER BY a column that DISTINCT removes")
