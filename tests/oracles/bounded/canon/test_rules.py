"""Each rewrite rule of ``oracles/bounded/canon/rules.py`` against its fixture and SQLite.

``tests/fixtures/rules/<rule>.sql`` holds pairs where the rule fires (``# fires: yes``: the
two queries get one canonical form, and two different forms with the rule switched off, or
with it and the rules of ``# also-by:`` off, where a later, wider law covers the pair too)
and pairs where it must not fire (``# fires: no``: the near miss, two different forms).
Every fires-pair is attacked with random databases in SQLite (the differential test: the
randomized search of ``oracles.bounded.search``, keys, foreign keys and NOT NULL kept);
every does-not-fire pair must be separated there by a database the search finds. A file
marked ``# domain: typed`` holds a law of the columns' declared classes: its databases hold
values of those classes only (its proofs state ``declared_storage_classes``, which the
prover attack breaks with values of other classes).
"""

from __future__ import annotations

import pytest
from tests.helpers.pairs import FIXTURES, load
from tests.helpers.tiers import tiered

from sqlverdict.errors import UnsupportedSQL
from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import RULES, canonical, without
from sqlverdict.oracles.bounded.canon.listing import listing
from sqlverdict.oracles.bounded.pair import Pair
from sqlverdict.oracles.bounded.search import search

CASES = load("rules")
FIRES = [c for c in CASES if c.get("fires") == "yes"]
NOT_FIRES = [c for c in CASES if c.get("fires") == "no"]


def _forms(case, rules=RULES):
    """(``# domain: typed``: the canonical forms of the typed domain.)"""
    schema, typed = case.schema(), case.get("domain") == "typed"
    return tuple(canonical(ir.lower(sql, schema).query, schema, case.semantics, rules, typed)
                 for sql in (case.gold, case.pred))


def _search(case, trials: int = 300, patience: int = 300):
    """``# domain: typed`` (a law of declared classes, whose proofs state
    ``declared_storage_classes``): values of each column's declared type only. ``trials``
    unless the case says (``# trials:``): 64 for the pairs a rule equates (half of them in the
    default tier, the rest under ``-m slow``: the suite's time;
    ``benchmarks/canon_soundness.py`` attacks every rule with more), 300 for near misses, which
    stop at their first witness (``patience=0``: any database SQLite separates them on will do)."""
    pair = Pair(case.gold, case.pred, case.schema(), case.semantics,
                domain=case.get("domain", "sqlite"))
    return search(pair, bound=4, max_trials=int(case.get("trials", str(trials))), seed=1,
                  patience=patience)


def test_every_rule_has_a_fixture_that_fires_and_one_that_does_not():
    names = [r.name for r in RULES]
    files = sorted(p.stem for p in (FIXTURES / "rules").glob("*.sql"))
    assert files == sorted(names), "one fixture file per rule, named after it"
    assert all(c.get("fires") in ("yes", "no") for c in CASES)
    fires = {c.path.stem for c in FIRES}
    not_fires = {c.path.stem for c in NOT_FIRES}
    assert fires == not_fires == set(names)
    rows = listing()
    assert all(r["fires"] >= 1 and r["does_not_fire"] >= 1 for r in rows)
    assert sum(r["fires"] for r in rows) == len(FIRES)
    assert sum(r["does_not_fire"] for r in rows) == len(NOT_FIRES)


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_rule_fires_and_only_it_equates_the_pair(case):
    gold, pred = _forms(case)
    assert gold == pred, "the rule's fixture pair should get one canonical form"
    # ``# also-by: r``: a later rule r equates the pair too (a law that covers this one's
    # case); the pair then shows that one of the two is needed
    gold, pred = _forms(case, without(case.path.stem, *case.get("also-by").split()))
    assert gold != pred, "the pair is equated without this rule: the fixture shows another rule"


@pytest.mark.parametrize("case", tiered(FIRES, 2), ids=lambda c: c.id)
def test_pairs_a_rule_equates_agree_on_random_databases(case):
    r = _search(case, trials=64)
    assert r.witness is None, f"SQLite separates a pair the rule equates: {r.witness}"


@pytest.mark.parametrize("case", NOT_FIRES, ids=lambda c: c.id)
def test_near_misses_keep_different_forms_and_differ_in_sqlite(case):
    try:
        gold, pred = _forms(case)
    except UnsupportedSQL:  # (``# refused:``: the lowering refuses it, so nothing equates it)
        assert case.get("refused"), "a near miss the lowering refuses says why (# refused:)"
    else:
        assert not case.get("refused"), "the near miss marked refused is lowered"
        assert gold != pred, "the rule (or another) equates a near miss"
    r = _search(case, patience=0)
    assert r.witness is not None, "no database separates the near miss: it is no near miss"
