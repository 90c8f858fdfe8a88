"""The laws of ``canon/greatest_groups.py`` against SQLite: each fixture pair of
``tests/fixtures/rules/no_greater_group_as_max.sql`` and ``no_greater_row_as_max.sql`` on
random databases of every storage class (NULLs, duplicates, empty tables), rows compared with
their storage classes; near misses apart. (Cases on another schema or in the typed domain,
whose random databases ``test_rules.py`` draws from their own DDL and classes, are left to
it: these databases are ``schema.ddl``'s, of every storage class.)"""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import databases, fixture_cases, forms, typed_rows

GROUPS, GROUPS_NEAR = fixture_cases("no_greater_group_as_max")
ROWS, ROWS_NEAR = fixture_cases("no_greater_row_as_max")


def _here(cases):
    return [c for c in cases if c.get("schema", "schema.ddl") == "schema.ddl" and c.get("domain") != "typed"]


ROWS, ROWS_NEAR = _here(ROWS), _here(ROWS_NEAR)


@pytest.mark.parametrize("case", GROUPS + GROUPS_NEAR + ROWS + ROWS_NEAR, ids=lambda c: c.id)
def test_pairs_agree_class_for_class_and_near_misses_differ(case):
    gold, pred = forms(case)
    same = [typed_rows(con, case.gold) == typed_rows(con, case.pred) for con in databases(30, seed=45)]
    if case.get("fires") == "yes":
        assert gold == pred and all(same), case.title
    else:
        assert gold != pred and not all(same), case.title
