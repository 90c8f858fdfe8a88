"""The law of ``canon/splits.py`` against SQLite: each fixture pair of
``tests/fixtures/rules/split_union_all.sql`` on random databases of every storage class
(NULLs, duplicates, empty tables), rows compared with their storage classes; near misses
apart."""

from __future__ import annotations

import dataclasses

import pytest
from tests.helpers.rule_databases import databases, fixture_cases, forms, typed_rows

FIRES, NEAR = fixture_cases("split_union_all")


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_pairs_agree_class_for_class_and_near_misses_differ(case):
    gold, pred = forms(case)
    same = [typed_rows(con, case.gold) == typed_rows(con, case.pred) for con in databases(100, seed=41)]
    if case.get("fires") == "yes":
        assert gold == pred and all(same), case.title
    else:
        assert gold != pred and not all(same), case.title


ITEM_FIRES, ITEM_NEAR = fixture_cases("split_items_as_case")


@pytest.mark.parametrize("case", ITEM_FIRES + ITEM_NEAR, ids=lambda c: c.id)
def test_split_items_as_case_agree_class_for_class_and_near_misses_differ(case):
    """``split_items_as_case`` (i54d): the CASE gives each row its operand's value, of its
    storage class (a SUM of integer zeros stays an integer, as over the compound)."""
    gold, pred = forms(case)
    same = [typed_rows(con, case.gold) == typed_rows(con, case.pred) for con in databases(100, seed=54)]
    if case.get("fires") == "yes":
        assert gold == pred and all(same), case.title
    else:
        assert gold != pred and not all(same), case.title


def test_a_literal_the_compound_s_affinity_converts_is_no_split():
    """``SELECT amount .. UNION ALL SELECT 0`` over a REAL column: SQLite stores the compound's
    rows under REAL affinity, so a group of zeros sums ``0.0`` where the CASE sums ``0``."""
    case = next(c for c in ITEM_FIRES if c.title.startswith("signed-and-zero"))
    gold = case.gold.replace("age AS x", "salary AS x").replace("salary IS", "age IS")
    pred = "SELECT dept_id, SUM(CASE WHEN age IS NULL THEN salary ELSE 0 END) FROM emp GROUP BY dept_id"
    near = dataclasses.replace(case, gold=gold, pred=pred)
    a, b = forms(near)
    assert a != b
    assert not all(typed_rows(con, gold) == typed_rows(con, pred) for con in databases(60, seed=54))
