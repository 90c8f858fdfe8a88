"""``translate.settled``: a refutation that rests on SQLite raising an error running a
translation is ``unknown``, and where the error comes from the witness's rows (SQLite's SUM
raises ``integer overflow`` past 64 bits, PostgreSQL's widens) the reason names it."""

from __future__ import annotations

from sqlverdict import Status, verify
from sqlverdict.schema import from_ddl


def test_an_overflowing_sum_on_a_witness_is_named_not_a_rejected_translation():
    schema = from_ddl("CREATE TABLE t (g INTEGER, a INTEGER)")
    r = verify("SELECT g, SUM(a + 10) FROM t GROUP BY g",
               "SELECT g, SUM(a) + 10 * COUNT(a) FROM t GROUP BY g", schema, dialect="postgres")
    assert r.status is Status.UNKNOWN and r.witness is None
    assert "integer overflow" in r.reason and "database of the search" in r.reason
