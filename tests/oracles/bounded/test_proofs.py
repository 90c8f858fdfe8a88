"""The every-database proofs (``proofs``): the normal form of the canonical forms
(``rewriting_normal_form``) against SQLite, on random databases with NULLs, duplicate rows,
empty tables and values of every storage class in every column (``tests.helpers.unbounded``);
the proof methods switched off by ``SQLVERDICT_PROOF_METHODS``."""

from __future__ import annotations

import pytest
from tests.helpers.tiers import tiered
from tests.helpers.unbounded import SCHEMA, separated

from sqlverdict import verify
from sqlverdict.errors import InputError
from sqlverdict.oracles.bounded.outcome import Assumption, Method
from sqlverdict.oracles.bounded.proofs import ENV, METHODS, enabled_methods

# each needs a rule (SUM / COUNT as AVG) and reasoning the rules lack (a disjunction implied)
COMPOSED = [
    ("SELECT x, SUM(y) / COUNT(y) FROM t WHERE y > 1 OR y > 2 GROUP BY x",
     "SELECT x, AVG(y) FROM t WHERE y > 1 GROUP BY x", "bag"),
    ("SELECT t.x, SUM(t.y) / COUNT(t.y) FROM t JOIN r ON r.a = t.x WHERE t.y > 1 OR t.y > 2 "
     "GROUP BY t.x", "SELECT t.x, AVG(t.y) FROM r, t WHERE t.x = r.a AND 1 < t.y GROUP BY t.x", "bag"),
    ("SELECT x, SUM(y) / COUNT(y) FROM t WHERE NOT (y <= 1) GROUP BY x",
     "SELECT x, AVG(y) FROM t WHERE y > 1 OR y > 3 GROUP BY x", "set"),
]

# one step off: a wrong reading of the canonical forms (a join's equalities dropped, a
# filter lost) or a wrong normal form would prove these
NEAR_MISSES = [
    ("SELECT t.x, SUM(t.y) / COUNT(t.y) FROM t JOIN r ON r.a = t.x WHERE t.y > 1 OR t.y > 2 "
     "GROUP BY t.x", "SELECT t.x, AVG(t.y) FROM r, t WHERE 1 < t.y GROUP BY t.x", "bag"),
    ("SELECT x, SUM(y) / COUNT(y) FROM t WHERE y > 1 OR y > 2 GROUP BY x",
     "SELECT x, AVG(y) FROM t WHERE y > 2 GROUP BY x", "bag"),
    ("SELECT x, SUM(y) / COUNT(*) FROM t WHERE x > 1 OR x > 2 GROUP BY x",
     "SELECT x, AVG(y) FROM t WHERE x > 1 GROUP BY x", "bag"),
    ("SELECT t.x, SUM(t.y) / COUNT(t.y) FROM t JOIN r ON r.a = t.x WHERE t.y > 1 OR t.y > 2 "
     "GROUP BY t.x", "SELECT t.x, AVG(t.y) FROM r, t WHERE t.x = r.b AND 1 < t.y GROUP BY t.x", "bag"),
]


ALL_ON = ",".join(METHODS)  # the composed step is off by default (proofs.DEFAULT)


@pytest.mark.parametrize("gold,pred,sem", tiered(COMPOSED, 2, unpack=True))
def test_composed_proofs_hold_in_sqlite(gold, pred, sem, monkeypatch):
    monkeypatch.setenv(ENV, ALL_ON)
    r = verify(gold, pred, SCHEMA, bound=3, semantics=sem, timeout_s=20, search=False)
    assert str(r.status) == "verified" and r.method is Method.REWRITING_NORMAL_FORM, r.reason
    assert r.scope == "every database"
    # the union of both paths' assumptions: the rule's (SUM / COUNT as AVG) is stated
    assert Assumption.SUMS_EXACT in r.assumptions
    assert separated(gold, pred, sem, n=150) is None


@pytest.mark.parametrize("gold,pred,sem", NEAR_MISSES)
def test_near_misses_are_not_proved(gold, pred, sem, monkeypatch):
    monkeypatch.setenv(ENV, ALL_ON)
    assert separated(gold, pred, sem, n=150) is not None  # SQLite tells them apart
    r = verify(gold, pred, SCHEMA, bound=3, semantics=sem, timeout_s=20, search=False)
    assert r.scope != "every database", r.reason


def test_methods_switch_proofs_off(monkeypatch):
    gold, pred, sem = COMPOSED[0]
    monkeypatch.setenv(ENV, "same_ir,rewriting,normal_form")
    r = verify(gold, pred, SCHEMA, bound=3, semantics=sem, timeout_s=20, search=False)
    # (the normal form alone proves it since i48c's ``int_min_free``: only the method is off)
    assert r.method is not Method.REWRITING_NORMAL_FORM
    # the rules off: a pair only rewriting proves is no longer proved for every database
    monkeypatch.setenv(ENV, "normal_form")
    r = verify("SELECT b FROM (SELECT * FROM r WHERE a > 1) AS v WHERE v.a > 1 OR v.a > 2",
               "SELECT b FROM r WHERE a > 1", SCHEMA, bound=3, semantics="bag", timeout_s=20,
               search=False)
    assert r.method is not Method.REWRITING


def test_unknown_method_is_an_input_error(monkeypatch):
    monkeypatch.setenv(ENV, "normal_form,rules")
    with pytest.raises(InputError, match="rules"):
        enabled_methods()


# the normal form alone with the prediction's columns in another order (the comparison
# permutes columns): the proof states the order it matched
PERMUTED = [
    ("SELECT b, COUNT(*) FROM r WHERE a > 1 OR a > 2 GROUP BY b",
     "SELECT COUNT(*), b FROM r WHERE a > 1 GROUP BY b", "[1, 0]"),
    ("SELECT r.a, s.c FROM r JOIN s ON r.a = s.a WHERE r.b > 1",
     "SELECT s.c, r.a FROM s, r WHERE s.a = r.a AND NOT r.b <= 1", "[1, 0]"),
]


@pytest.mark.parametrize("gold,pred,order", PERMUTED)
def test_the_normal_form_matches_permuted_columns(gold, pred, order, monkeypatch):
    monkeypatch.setenv(ENV, "normal_form")
    r = verify(gold, pred, SCHEMA, bound=3, semantics="bag", timeout_s=20, search=False)
    assert str(r.status) == "verified" and r.method is Method.NORMAL_FORM, r.reason
    assert r.scope == "every database" and any(order in n for n in r.notes), r.notes
    perm = pred.replace("SELECT COUNT(*), b", "SELECT b, COUNT(*)").replace(
        "SELECT s.c, r.a", "SELECT r.a, s.c")
    assert separated(gold, perm, "bag", n=150) is None


def test_a_permutation_matching_no_more_columns_is_not_tried(monkeypatch):
    from sqlverdict.oracles.bounded.ir import lower
    from sqlverdict.oracles.bounded.proofs import column_orders
    g, p = (lower(q, SCHEMA).query for q in ("SELECT a, b FROM r", "SELECT b, a FROM r WHERE a > 1"))
    assert [n for _, n in column_orders(g, p, True)] == ["", ", pred columns matched as [1, 0]"]
    assert len(column_orders(g, p, False)) == 1
    # both columns of one shape: no order matches more than the prediction's own
    g, p = (lower(q, SCHEMA).query for q in ("SELECT a, a FROM r", "SELECT a, a FROM r"))
    assert len(column_orders(g, p, True)) == 1
    # column counts that differ: the prediction as written only
    g, p = (lower(q, SCHEMA).query for q in ("SELECT a FROM r", "SELECT b, a FROM r"))
    assert len(column_orders(g, p, True)) == 1


def test_the_solver_keeps_ties_for_a_window_that_reads_tied_rows():
    """``proofs.cut_ties``: no LIMIT, but FIRST_VALUE reads the order of rows tied on its
    ORDER BY: the solver's verdict still states ``ties_broken_alike``."""
    from sqlverdict.schema import from_ddl
    schema = from_ddl("CREATE TABLE t1(a INTEGER, b INTEGER, c INTEGER)")
    r = verify("SELECT a, FIRST_VALUE(c) OVER (PARTITION BY a ORDER BY b) FROM t1",
               "SELECT a, NTH_VALUE(c, 1) OVER (PARTITION BY a ORDER BY b) FROM t1", schema,
               bound=2, search=False)
    assert r.status.value == 3 and Assumption.TIES in r.assumptions, r


def test_a_window_in_a_total_order_needs_no_ties_broken_alike():
    """``proofs.cut_ties`` and ``canon.ties.total_order``: the PARTITION BY and ORDER BY
    columns hold the primary key, so no two rows of a partition tie and the verdict states
    no ``ties_broken_alike``; one key column NULL-able (a UNIQUE pair holds two NULLs) keeps
    it."""
    from sqlverdict.schema import from_ddl
    gold = "SELECT a, FIRST_VALUE(c) OVER (PARTITION BY a ORDER BY b) FROM t1"
    pred = "SELECT a, NTH_VALUE(c, 1) OVER (PARTITION BY a ORDER BY b) FROM t1"
    keyed = from_ddl("CREATE TABLE t1(a INTEGER NOT NULL, b INTEGER NOT NULL, c INTEGER, PRIMARY KEY (a, b))")
    r = verify(gold, pred, keyed, bound=2, search=False)
    assert r.status.value == 3 and Assumption.TIES not in r.assumptions, r
    loose = from_ddl("CREATE TABLE t1(a INTEGER NOT NULL, b INTEGER, c INTEGER, UNIQUE (a, b))")
    r = verify(gold, pred, loose, bound=2, search=False)
    assert r.status.value == 3 and Assumption.TIES in r.assumptions, r
