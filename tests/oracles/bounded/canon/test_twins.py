"""The laws of ``canon/twins.py`` against SQLite: each fixture pair on random databases of
every storage class (NULLs, duplicates, empty tables), rows compared with their storage
classes; the foreign key ``emp.dept_id -> dept.id`` kept (the one law that reads it,
``key_semijoin_as_distinct``, holds on the databases that satisfy it), near misses apart."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import databases, fixture_cases, forms, typed_rows

RULES = ("duplicates_as_twin", "least_key_as_no_smaller", "bounds_as_no_counterexample",
         "key_semijoin_as_distinct",
         "extremum_as_not_exists", "except_all_as_filter")
FIRES, NEAR = fixture_cases(*RULES)
OWN = [c for c in FIRES + NEAR if "schema" not in c.meta]  # the rules' schema (others: test_rules)


def _kept(n: int):
    """``n`` random databases with the orphan employees (no department) deleted."""
    for con in databases(n, seed=39):
        con.execute("DELETE FROM emp WHERE dept_id IS NOT NULL AND dept_id NOT IN (SELECT id FROM dept)")
        yield con


@pytest.mark.parametrize("case", OWN, ids=lambda c: c.id)
def test_pairs_agree_class_for_class_and_near_misses_differ(case):
    gold, pred = forms(case)
    same = [typed_rows(con, case.gold) == typed_rows(con, case.pred) for con in _kept(100)]
    if case.get("fires") == "yes":
        assert gold == pred and all(same), case.title
    else:
        assert gold != pred and not all(same), case.title
