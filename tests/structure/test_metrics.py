"""Measures on hand-computed examples, including every edge-case convention."""

from __future__ import annotations

import math

import pytest

from sqlverdict.structure.metrics import (
    Thresholds,
    dataset_measures,
    dataset_variant_measures,
    distribution,
    entropy,
    majority,
    question_measures,
    variant_measures,
)


def test_distribution_by_hand():
    d = distribution(["a", "b", "a", "c", None])
    assert d["D"] == 3 and d["parsed"] == 4
    assert d["MR"] == pytest.approx(0.5)
    h = -(0.5 * math.log2(0.5) + 2 * 0.25 * math.log2(0.25))
    assert d["H"] == pytest.approx(h) == pytest.approx(1.5)
    assert d["NE"] == pytest.approx(1.5 / math.log2(3))


def test_empty_and_single_structure_conventions():
    assert distribution([]) == {"D": 0, "MR": 0.0, "H": 0.0, "NE": 0.0, "parsed": 0}
    assert distribution([None, None])["MR"] == 0.0
    one = distribution(["x", "x", "x"])
    assert (one["D"], one["MR"], one["H"], one["NE"]) == (1, 1.0, 0.0, 0.0)
    assert entropy([0, 0]) == 0.0


def test_question_measures_by_hand():
    canon = ["a", "b", "a", None, "c"]
    correct = [True, True, True, False, False]
    executed = [True, True, True, False, True]
    m = question_measures(canon, correct, executed, gold="b")
    assert m["PR"] == pytest.approx(0.8)
    assert m["EA"] == pytest.approx(0.6)
    assert m["CEA"] == pytest.approx(3 / 4)
    assert (m["D_c"], m["CA"]) == (2, pytest.approx(2 / 3))
    assert m["H_c"] == pytest.approx(entropy([2, 1]))
    assert m["RA"] == pytest.approx(1 / 4)  # one of the four parsed samples is the gold's
    assert m["LAR"] == 1  # 3 correct, CA 0.667 < 0.7
    assert m["HDR"] == 0  # EA 0.6 < 0.8


def test_correct_subset_zero_conventions():
    m = question_measures(["a", "a"], [False, False], [False, False], gold="a")
    assert (m["D_c"], m["H_c"], m["CA"], m["CEA"], m["EA"]) == (0, 0.0, 0.0, 0.0, 0.0)
    assert m["RA"] == 1.0  # RA is over every parsed sample, correct or not
    assert m["LAR"] == 0 and m["HDR"] == 0
    # a correct sample that does not parse is in EA but not in the structural subset
    m = question_measures([None, "a"], [True, True], [True, True], gold=None)
    assert m["EA"] == 1.0 and m["D_c"] == 1 and m["CA"] == 1.0 and m["RA"] == 0.0
    assert question_measures([], [], [], None)["PR"] == 0.0


def test_thresholds_are_configurable():
    canon, ok = ["a", "b", "a", "a", "a"], [True] * 5
    m = question_measures(canon, ok, ok, "a")
    assert m["HDR"] == 1 and m["LAR"] == 0  # CA = 0.8
    strict = Thresholds(lar_ca=0.9, hdr_dc=2)
    m2 = question_measures(canon, ok, ok, "a", strict)
    assert m2["LAR"] == 1 and m2["HDR"] == 0
    one = question_measures(["a", "b"], [True, False], [True, True], "a",
                            Thresholds(lar_min_correct=1, lar_ca=1.01))
    assert one["LAR"] == 1


def test_dataset_average_gives_equal_weight():
    q1 = question_measures(["a"] * 10, [True] * 10, [True] * 10, "a")
    q2 = question_measures(["a", "b"], [False, False], [True, True], "a")
    d = dataset_measures([q1, q2])
    assert d["EA"] == pytest.approx(0.5)  # not 10/12
    assert d["D"] == pytest.approx(1.5)
    assert d["n_questions"] == 2
    assert dataset_measures([])["EA"] == 0.0


def test_majority_ties_go_to_first_seen():
    assert majority(["b", "a", "a", "b"]) == "b"
    assert majority([None, None]) is None


def test_variant_measures_by_hand():
    v = variant_measures({"original": ["a", "a", "b"], "paraphrase_1": ["b", "b"],
                          "paraphrase_2": ["a"], "schema_1": [None]})
    # majorities: a, b, a, none -> pairs among 3: (a,b) (a,a) (b,a) -> 1/3
    assert v["VA"] == pytest.approx(1 / 3)
    assert v["D_p"] == 2
    assert v["Sens"] == pytest.approx(1 / 3)  # one of three variants differs
    lone = variant_measures({"original": ["a"], "p": [None]})
    assert lone["VA"] == 1.0 and lone["Sens"] == 0.0
    no_orig = variant_measures({"original": [None], "p": ["a"], "q": ["b"]})
    assert no_orig["Sens"] == 0.0 and no_orig["VA"] == 0.0
    agg = dataset_variant_measures([v, lone])
    assert agg["SF"] == pytest.approx(0.5)
    assert agg["Sens"] == pytest.approx((1 / 3) / 2)


def test_variant_summary_keeps_the_number_of_questions():
    from sqlverdict.structure.metrics import dataset_measures, dataset_variant_measures

    per_q = [question_measures(["a"], [True], [True], "a") for _ in range(5)]
    summary = dataset_measures(per_q)
    summary.update(dataset_variant_measures([{"VA": 1.0, "D_p": 1, "Sens": 0.0}] * 2))
    assert summary["n_questions"] == 5 and summary["n_variant_questions"] == 2
