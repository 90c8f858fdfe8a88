"""``window_aggregates_below_view``'s widening (i60f): a MIN/MAX window of an expression is
read as its correlated subquery only where the outer select compares it (ties 2 and 2.0
compare alike), not where it is projected or read as text. (A TEXT column compared with it
is refused by the lowering already.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon.view_aggregates import window_aggregates_below_view
from sqlverdict.schema import from_ddl_file

SCHEMA = from_ddl_file(str(Path("tests/fixtures/rules/schema.ddl")), "schema")
VIEW = ("(SELECT id, name, salary - age AS m, MAX(salary - age) OVER (PARTITION BY dept_id) "
        "AS top FROM emp) AS x")


def _fires(sql: str) -> bool:
    q = ir.lower(sql, SCHEMA).query
    return window_aggregates_below_view(q, SCHEMA) is not q


def test_a_compared_expression_maximum_becomes_the_subquery():
    assert _fires(f"SELECT id FROM {VIEW} WHERE m = top")
    assert _fires(f"SELECT id FROM {VIEW} WHERE top > m + 1")


@pytest.mark.parametrize("sql", [
    f"SELECT id, top FROM {VIEW} WHERE m = top",  # projected: 2 beside 2.0 prints apart
    f"SELECT id FROM {VIEW} WHERE m = top ORDER BY top || ''",  # read as text
])
def test_an_expression_maximum_read_otherwise_stays_a_window(sql):
    assert not _fires(sql)
