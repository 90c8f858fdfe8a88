"""Comparison semantics and difference signatures, checked against brute force."""

import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from sqlverdict.engine.compare import SIGNATURES, results_equal, signature

values = st.one_of(st.none(), st.integers(-3, 3), st.sampled_from([1.0, 2.5, "a", "b", "A"]))


def brute(gold, pred, sem, ncols):
    if not gold and not pred:
        return True
    if not gold or not pred:
        return False
    for perm in itertools.permutations(range(ncols)):
        p = [tuple(r[j] for j in perm) for r in pred]
        if sem == "list" and [tuple(r) for r in gold] == p:
            return True
        if sem == "bag" and Counter(map(tuple, gold)) == Counter(p):
            return True
        if sem == "set" and set(map(tuple, gold)) == set(p):
            return True
    return False


@st.composite
def result_pairs(draw):
    n = draw(st.integers(1, 4))
    row = st.tuples(*[values] * n)
    gold = draw(st.lists(row, max_size=5))
    if draw(st.booleans()):  # a permuted / shuffled / duplicated variant of gold
        perm = draw(st.permutations(range(n)))
        pred = [tuple(r[j] for j in perm) for r in gold]
        pred = draw(st.permutations(pred)) if pred else pred
        if pred and draw(st.booleans()):
            pred = pred + [pred[0]]
    else:
        pred = draw(st.lists(row, max_size=5))
    return gold, pred, n


@settings(max_examples=400, deadline=None)
@given(result_pairs(), st.sampled_from(["set", "bag", "list"]))
def test_results_equal_matches_brute_force_over_all_permutations(pair, sem):
    gold, pred, n = pair
    assert results_equal(gold, pred, sem, gold_ncols=n, pred_ncols=n) == brute(gold, pred, sem, n)


@settings(max_examples=300, deadline=None)
@given(result_pairs(), st.sampled_from(["set", "bag", "list"]))
def test_signature_is_none_exactly_when_equal_and_is_known(pair, sem):
    gold, pred, n = pair
    sig = signature(gold, pred, sem, gold_ncols=n, pred_ncols=n)
    assert (sig is None) == results_equal(gold, pred, sem, gold_ncols=n, pred_ncols=n)
    assert sig is None or sig in SIGNATURES


def test_int_equals_real_and_column_permutation():
    assert results_equal([(1, "x")], [("x", 1.0)], "bag")
    assert not results_equal([(1, "x")], [("x", 1.0)], "bag", permute_columns=False)


def test_wide_results_do_not_enumerate_permutations():
    n = 12  # 12! permutations would take hours
    gold = [tuple(range(i, i + n)) for i in range(50)]
    pred = [tuple(reversed(r)) for r in gold]
    assert results_equal(gold, pred, "bag")
    nulls = [tuple([None] * n) for _ in range(3)]
    assert results_equal(nulls, nulls, "list")


def test_signatures_in_precedence_order():
    assert signature([(1,), (2,)], [(2,), (1,)], "list") == "row_order"
    assert signature([(1,), (1,)], [(1,)], "bag") == "duplicates"
    assert signature([(1,)], [(1, 2)], "bag") == "column_count"
    assert signature([], [(1,)], "bag") == "gold_empty"
    assert signature([(1,)], [], "bag") == "pred_empty"
    assert signature([(1,)], [(1,), (2,)], "bag") == "gold_subset"
    assert signature([(1,), (2,)], [(1,)], "bag") == "pred_subset"
    assert signature([(1,)], [(2,)], "bag") == "disjoint"
    assert signature([(1,), (2,)], [(2,), (3,)], "bag") == "partial_overlap"


def test_empty_results_compare_column_counts_unless_spider_compat():
    assert not results_equal([], [], "bag", gold_ncols=1, pred_ncols=2)
    assert results_equal([], [], "bag", gold_ncols=1, pred_ncols=2, empty_equal_any_columns=True)
