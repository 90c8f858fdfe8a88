"""A canonical form is computed within the pair's time: past the deadline the walk stops
(``OverBudget``, a RecursionError, so every caller gives up as on one too deep) and the pair
gets no rewriting proof from it; inside the deadline nothing changes."""

from __future__ import annotations

import math
import time

import pytest

from sqlverdict import verify
from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon.driver import _DEADLINE, OverBudget, canonical, deadline
from sqlverdict.oracles.bounded.canon.ties import window_ties
from sqlverdict.oracles.bounded.proofs import canonical_forms
from sqlverdict.schema import from_ddl

DDL = "CREATE TABLE t (k INTEGER PRIMARY KEY, a INTEGER, b INTEGER);"
SCHEMA = from_ddl(DDL)
GOLD = "SELECT k, a, COUNT(*) FROM t WHERE b < 2 GROUP BY k, a"
PRED = "SELECT k, a, COUNT(*) FROM t WHERE 2 > b GROUP BY k"  # k determines a
RANKED = "SELECT k, ROW_NUMBER() OVER (ORDER BY a) FROM t"


def _q(sql):
    return ir.lower(sql, SCHEMA).query


def test_past_the_deadline_the_walk_stops():
    with deadline(time.monotonic() - 1), pytest.raises(OverBudget):
        canonical(_q(GOLD), SCHEMA)
    assert issubclass(OverBudget, RecursionError)


def test_past_the_deadline_there_are_no_forms_and_inside_the_same_ones():
    g, p = _q(GOLD), _q(PRED)
    with deadline(time.monotonic() - 1):
        assert canonical_forms(g, p, SCHEMA, "bag") is None
    forms = canonical_forms(g, p, SCHEMA, "bag")
    assert forms is not None and forms.note is not None  # they agree
    with deadline(time.monotonic() + 3600):
        assert canonical_forms(g, p, SCHEMA, "bag") == forms


def test_a_window_check_past_the_deadline_states_the_ties():
    q = _q(RANKED)
    assert window_ties(q, q, SCHEMA, "bag")  # tied a: the numbering reads their order
    with deadline(time.monotonic() - 1):
        assert window_ties(q, q, SCHEMA, "bag")


def test_verify_proves_and_leaves_no_deadline_behind():
    res = verify(GOLD, PRED, SCHEMA, bound=3, timeout_s=20)
    assert res.status.name == "VERIFIED" and res.method.value == "rewriting"
    assert _DEADLINE.get() == math.inf


def test_verify_past_its_time_has_no_rewriting_proof():
    # (the pair's time is over before its canonical forms begin: whatever the verdict, it
    # is not a rewriting proof, and nothing ran until a worker would be killed)
    res = verify(GOLD, PRED, SCHEMA, bound=3, timeout_s=1e-4, search=False)
    assert res.method is None or res.method.value != "rewriting"
