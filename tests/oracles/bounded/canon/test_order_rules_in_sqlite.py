"""The order, window and top-row rules of issue 25's i44b round against SQLite on random
databases of the rules' schema (NULLs, duplicates, empty tables, a value of every storage
class): where a rule equates two queries, SQLite returns the same rows (in order under list
semantics, else as a bag, each value with its storage class); each near miss keeps two
forms and some database separates it. ``boolean_sort_keys``'s fixtures are all read as
lists (they equate orders)."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import databases, fixture_cases, typed_rows

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical

RULES = ("boolean_sort_keys", "window_sort_keys", "offset_exists_as_count",
         "grouped_view_window_as_subquery", "extremum_witness_filter", "spelled_null_safe_eq")
# (a law of the typed domain, e.g. a RANGE offset, is checked on typed databases by test_rules.py)
CASES = [(rule, c) for rule in RULES for part in fixture_cases(rule) for c in part
         if c.get("domain") != "typed"]


def _semantics(rule, case) -> str:
    return "list" if rule == "boolean_sort_keys" else case.semantics


def _rows(con, sql, semantics):
    if semantics == "list":
        return [tuple((type(v).__name__, v) for v in row) for row in con.execute(sql)]
    return typed_rows(con, sql)


@pytest.mark.parametrize("rule,case", CASES, ids=[c.id for _, c in CASES])
def test_rows_agree_in_sqlite_and_near_misses_differ(rule, case):
    schema, typed, sem = case.schema(), case.get("domain") == "typed", _semantics(rule, case)
    gold, pred = (canonical(ir.lower(s, schema).query, schema, sem, typed=typed)
                  for s in (case.gold, case.pred))
    if case.get("fires") == "yes":
        assert gold == pred
        for con in databases(50):
            assert _rows(con, case.gold, sem) == _rows(con, case.pred, sem), case.title
    else:
        assert gold != pred
        assert any(_rows(con, case.gold, sem) != _rows(con, case.pred, sem) for con in databases(300))
