"""The solver's finite text domain (``encode/text.py``) holds strings on which the queries'
functions of text reach their numbers, not only their string literals: without them a
comparison through such a function never holds in the model, both queries look empty, and
a near miss is "verified up to K rows" (under ``finite_text_domain``) though one row
separates it. Each pair here is refuted by the solver alone, its witness replayed in SQLite."""

from __future__ import annotations

import pytest

from sqlverdict import verify
from sqlverdict.oracles.bounded.encode.text import _day_spans, _spellings
from sqlverdict.schema import from_ddl
from sqlverdict.types import Status

SCHEMA = from_ddl("CREATE TABLE emp (empno INTEGER PRIMARY KEY, hiredate TEXT, name TEXT, a, b BLOB)")

NEAR_MISSES = [
    ("CAST(substr(hiredate, 6, 2) AS INTEGER) = 3", "CAST(substr(hiredate, 6, 2) AS INTEGER) = 4"),
    ("CAST(substr(hiredate, 6, 2) AS INTEGER) = 3", "substr(hiredate, 6, 2) = '03'"),
    ("length(name) = 57", "length(name) = 58"),
    ("instr(name, 'abc') = 45", "instr(name, 'abc') = 46"),
    ("julianday(hiredate) - julianday('2020-01-01') > 400",
     "julianday(hiredate) - julianday('2020-01-01') > 401"),
    ("CAST(strftime('%Y', hiredate) AS INTEGER) = 2020",
     "CAST(strftime('%Y', hiredate) AS INTEGER) = 2021"),
    # text read as a number by arithmetic in a column without a type: '1' + 0 is 1, but
    # '1' = 1 is false there (no affinity converts it)
    ("a + 0 = 1", "a = 1"),
    ("b * 1 > 2", "b > 2"),
]


@pytest.mark.parametrize("gold, pred", NEAR_MISSES)
def test_solver_refutes_near_misses_through_functions_of_text(gold, pred):
    r = verify(f"SELECT empno FROM emp WHERE {gold}", f"SELECT empno FROM emp WHERE {pred}",
               SCHEMA, search=False, timeout_s=30)
    assert r.status is Status.REFUTED, r.reason
    assert r.witness is not None and r.witness.tables["emp"]["rows"]


def test_spellings_and_day_spans():
    assert _spellings([3, 2021, 2.0, True, 1.5]) == {"3", "03", "0003", "2021", "2", "02", "0002"}
    assert {"2021-02-03", "2021-02-04", "2021-02-05"} <= _day_spans({"2020-01-01", "x"}, [400])
