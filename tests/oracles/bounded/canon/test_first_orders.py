"""The laws of first rows, NULL disjuncts and window reuse (issue 25, i43c) against SQLite:
each fixture pair of ``own_extremum_in_disjunct`` and ``null_absorbed_disjunct``
(``canon/null_disjuncts.py``) on random databases of every
storage class (NULLs, duplicates, empty tables, orphans), rows compared with their storage
classes: pairs where a rule fires agree on every database and get one canonical form, near
misses get two and some database separates them (``no_earlier_as_extremum``'s tie-broken
NOT EXISTS: ``test_ranked_filters.py``; ``top_row_join_as_scalar``'s shapes of
``canon/first_row_joins.py``: ``test_top_keys.py``). The window laws whose proofs state
``exact_reals`` or ``integer_sums_exact`` are checked to state them."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import databases, fixture_cases, forms, typed_rows

from sqlverdict import verify
from sqlverdict.schema import from_ddl

RULES = ("own_extremum_in_disjunct", "null_absorbed_disjunct")
FIRES, NEAR = fixture_cases(*RULES)
DBS = list(databases(120, seed=43))


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_pairs_agree_class_for_class_and_near_misses_differ(case):
    gold, pred = forms(case)
    same = [typed_rows(con, case.gold) == typed_rows(con, case.pred) for con in DBS]
    if case.get("fires") == "yes":
        assert gold == pred and all(same), case.title
    else:
        assert gold != pred and not all(same), case.title


SCHEMA = from_ddl("CREATE TABLE t(id INTEGER PRIMARY KEY, g INT, x INTEGER, r REAL)")


@pytest.mark.parametrize(("gold", "pred", "typed", "assumption"), [
    ("SELECT g FROM (SELECT g, SUM(r) AS s, MAX(SUM(r)) OVER () AS m FROM t GROUP BY g) AS d WHERE s = m",
     "WITH a AS (SELECT g, SUM(r) AS s FROM t GROUP BY g) SELECT g FROM a WHERE s = (SELECT MAX(s) FROM a)",
     False, "exact_reals"),
    ("SELECT g FROM (SELECT g, SUM(x) AS s, MAX(SUM(x)) OVER () AS m FROM t GROUP BY g) AS d WHERE s = m",
     "WITH a AS (SELECT g, SUM(x) AS s FROM t GROUP BY g) SELECT g FROM a WHERE s = (SELECT MAX(s) FROM a)",
     True, "integer_sums_exact"),
])
def test_a_reused_group_sum_states_its_assumption(gold, pred, typed, assumption):
    """A group's sum computed by the window's grouping and again by the copy: reals may
    round apart (``exact_reals``), integers may overflow in one order (``integer_sums_exact``)."""
    r = verify(gold, pred, SCHEMA, domain="typed" if typed else "sqlite", search=False, timeout_s=20)
    assert (str(r.status), r.scope) == ("verified", "every database"), r.reason
    assert assumption in r.assumptions


def test_a_reused_group_sum_of_integers_is_no_rewriting_proof_in_the_sqlite_domain():
    """An INTEGER column may hold reals and text in SQLite: the law is the typed domain's."""
    r = verify("SELECT g, MAX(SUM(x)) OVER () FROM t GROUP BY g",
               "SELECT g, (SELECT MAX(n) FROM (SELECT SUM(x) AS n FROM t GROUP BY g) AS d) FROM t GROUP BY g",
               SCHEMA, domain="sqlite", search=False, timeout_s=20)
    assert r.scope != "every database", r.reason


def test_a_first_row_join_over_a_collated_key_stays():
    """PARTITION BY a NOCASE column puts 'a' and 'A' in one partition; ``p.k = x.k`` with
    ``p.k`` on the left compares by BINARY: the join may find no first row where the
    subquery finds one. The law reads BINARY tables only."""
    from sqlverdict.oracles.bounded import ir
    from sqlverdict.oracles.bounded.canon import canonical

    schema = from_ddl("CREATE TABLE p(id INTEGER PRIMARY KEY, k TEXT);"
                      "CREATE TABLE c(id INTEGER PRIMARY KEY, k TEXT COLLATE NOCASE, v TEXT)")
    gold = ("SELECT p.id, x.v FROM p LEFT JOIN (SELECT k, v, ROW_NUMBER() OVER (PARTITION BY k "
            "ORDER BY id) AS rn FROM c) AS x ON p.k = x.k AND x.rn = 1")
    pred = "SELECT p.id, (SELECT c.v FROM c WHERE c.k = p.k ORDER BY c.id LIMIT 1) FROM p"
    g, p = (canonical(ir.lower(q, schema).query, schema, "bag") for q in (gold, pred))
    assert g != p
