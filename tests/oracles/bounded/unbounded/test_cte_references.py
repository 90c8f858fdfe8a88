"""A CTE read twice is two occurrences of its table: each reference lowers with its own
aliases (``ir.from_clause.cte_reference``), so the normal form, which flattens derived
tables into one block, never reads the two references as one row. Found by prover5 at
first sight: ``WITH c AS (... WHERE p) SELECT .. FROM c AS c1 JOIN c AS c2`` was proved
equal to the same join with ``p`` dropped from the second reference."""

from __future__ import annotations

import re

import pytest
from tests.helpers.unbounded import SCHEMA, lowered, separated

from sqlverdict.oracles.bounded.unbounded import prove

CTE = "WITH v AS (SELECT a, b FROM r WHERE b > 0) "
PROVED = [
    (CTE + "SELECT v1.a, v2.b FROM v AS v1 JOIN v AS v2 ON v1.b = v2.a",
     "SELECT x.a, y.b FROM (SELECT a, b FROM r WHERE b > 0) AS x "
     "JOIN (SELECT a, b FROM r WHERE b > 0) AS y ON x.b = y.a"),
    (CTE + "SELECT v.a FROM v WHERE EXISTS (SELECT 1 FROM v AS w WHERE w.a = v.b)",
     "SELECT r.a FROM r WHERE r.b > 0 AND EXISTS (SELECT 1 FROM r AS q WHERE q.a = r.b AND q.b > 0)"),
]
NEAR_MISSES = [
    (CTE + "SELECT v1.a, v2.b FROM v AS v1 JOIN v AS v2 ON v1.b = v2.a",
     "SELECT x.a, y.b FROM (SELECT a, b FROM r WHERE b > 0) AS x JOIN (SELECT a, b FROM r) AS y ON x.b = y.a"),
    (CTE + "SELECT v1.a, v2.b FROM v AS v1 JOIN v AS v2 ON v1.b = v2.a",
     "SELECT a, b FROM r WHERE b > 0 AND b = a"),
    (CTE + "SELECT v.a FROM v WHERE EXISTS (SELECT 1 FROM v AS w WHERE w.a = v.b)",
     "SELECT r.a FROM r WHERE r.b > 0 AND EXISTS (SELECT 1 FROM r AS q WHERE q.a = r.b)"),
]


def test_each_reference_has_its_own_aliases():
    text = repr(lowered(CTE + "SELECT v1.a, v2.b FROM v AS v1 JOIN v AS v2 ON v1.b = v2.a"))
    scans = re.findall(r"Scan\(table='r', alias='([^']*)'", text)
    assert len(scans) == 2 and len(set(scans)) == 2


@pytest.mark.parametrize("gold,pred", PROVED)
def test_cte_pairs_proved_agree_in_sqlite(gold, pred):
    assert prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert separated(gold, pred, "bag") is None


@pytest.mark.parametrize("gold,pred", NEAR_MISSES)
def test_cte_near_misses_stay_unproved_and_differ_in_sqlite(gold, pred):
    assert not prove(lowered(gold), lowered(pred), SCHEMA, "bag")
    assert not prove(lowered(pred), lowered(gold), SCHEMA, "bag")
    assert separated(gold, pred, "bag") is not None
