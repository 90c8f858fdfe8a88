"""``canon/window_sort_keys.py`` against SQLite on random databases of the rules' schema
(NULLs, duplicates, empty tables, a value of every storage class): where
``window_sort_keys`` equates two queries, SQLite returns the same rows (in order under list semantics, else as a bag, each
value with its storage class); each near miss keeps two forms and some database separates
it."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import databases, fixture_cases, typed_rows

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical

FIRES, NEAR = fixture_cases("window_sort_keys")


def _rows(con, sql, case):
    """The rows as a bag, or in order where the case reads order (list semantics)."""
    if case.semantics == "list":
        return [tuple((type(v).__name__, v) for v in row) for row in con.execute(sql)]
    return typed_rows(con, sql)


def forms(case) -> tuple:
    """The canonical forms under the case's semantics (a list case's order is read)."""
    schema, typed = case.schema(), case.get("domain") == "typed"
    return tuple(canonical(ir.lower(sql, schema).query, schema, case.semantics, typed=typed)
                 for sql in (case.gold, case.pred))


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_rows_agree_in_sqlite_and_near_misses_differ(case):
    gold, pred = forms(case)
    if case.get("fires") == "yes":
        assert gold == pred
        for con in databases(50):
            assert _rows(con, case.gold, case) == _rows(con, case.pred, case), case.title
    else:
        assert gold != pred
        assert any(_rows(con, case.gold, case) != _rows(con, case.pred, case) for con in databases(300))
