"""Bootstrap intervals of the certificate: AUROC, cells and contrasts (certify.intervals)."""

from __future__ import annotations

import numpy as np
import pytest

from sqlverdict.certify import conformal, intervals, intervention
from sqlverdict.certify.classfile import ClassTable
from sqlverdict.certify.report import intervals_markdown


@pytest.fixture
def table(records):
    return ClassTable.from_records(records)


def _synthetic_records(n: int, n_db: int, seed: int) -> list[dict]:
    """``n`` questions of ten candidates on ``n_db`` databases: the top class's mass is
    random and the answer is right under the shipped database with a probability that
    grows with it; the suite rejects a further share of the weak-correct answers."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n):
        top = int(rng.integers(5, 11))  # the top class holds at least half
        p = 0.15 + 0.8 * (top - 5) / 5
        weak_ok = bool(rng.random() < p)
        suite_ok = weak_ok and bool(rng.random() < 0.8)
        classes = [{"count": top, "representative": f"a{i}",
                    "correct": {"weak": weak_ok, "suite": suite_ok}}]
        if top < 10:
            classes.append({"count": 10 - top, "representative": f"b{i}",
                            "correct": {"weak": False, "suite": False}})
        out.append({"id": f"q{i}", "db_id": f"d{i % n_db}", "n_total": 10, "n_usable": 10,
                    "partitions": {"weak": classes, "suite": classes},
                    "likelihood": {"mean": None, "max": None}})
    return out


def test_take_repeats_rows_and_replaces_databases(table):
    t = table.take([1, 1, 4], db_ids=["x", "x", "y"])
    assert t.ids == ["q1", "q1", "q4"]
    assert t.db_ids.tolist() == ["x", "x", "y"]
    assert t.scores["weak"]["mass"].tolist() == [0.75, 0.75, 0.75]
    assert t.top_correct["suite"]["suite"].tolist() == [False, False, True]
    assert t.top_sql["suite"] == ["c1", "c1", "c4"]


def test_auroc_interval_of_a_perfect_score_is_a_point():
    s = np.array([0.1, 0.2, 0.3, 0.7, 0.8, 0.9])
    r = intervals.bootstrap_auroc(s, s > 0.5, n_boot=300, seed=1)
    assert r["estimate"] == 1.0
    assert (r["low"], r["high"]) == (1.0, 1.0)
    # replicates that draw one class only are undefined, left out and counted
    assert 0 < r["n_defined"] < 300


def test_auroc_interval_covers_the_true_value_at_about_its_level():
    """Scores N(0,1) for negatives and N(1,1) for positives: the true AUROC is
    Phi(1/sqrt 2) = 0.7602; the 95% percentile interval over 80 questions should cover it
    in most of 120 seeded data sets (a loose bound: the percentile bootstrap undercovers a
    little at this size)."""
    true = 0.760249
    covered = 0
    for k in range(120):
        rng = np.random.default_rng(1000 + k)
        pos = rng.random(80) < 0.5
        s = rng.normal(size=80) + pos
        r = intervals.bootstrap_auroc(s, pos, n_boot=400, seed=k)
        covered += r["low"] <= true <= r["high"]
    assert covered >= 0.85 * 120


def test_auroc_change_is_paired_and_matches_the_point_estimates():
    t = ClassTable.from_records(_synthetic_records(120, 12, seed=3))
    r = intervals.auroc_intervals(t, "mass", n_boot=300, seed=0)
    w, s = r["weak"]["weak"], r["weak"]["suite"]
    m = t.has_answer
    assert w["estimate"] == conformal.auroc(t.scores["weak"]["mass"][m],
                                            t.top_correct["weak"]["weak"][m])
    assert r["weak"]["change"]["estimate"] == pytest.approx(w["estimate"] - s["estimate"])
    for v in (w, s, r["weak"]["change"]):
        assert v["low"] <= v["estimate"] <= v["high"]


def test_group_splits_keep_copies_together_and_halve_the_groups():
    groups = np.array([5, 5, 7, 9, 9, 9, 11])
    cal = intervals.group_splits(groups, 50, np.random.default_rng(0))
    for k in range(50):
        chosen = {g for g, c in zip(groups, cal[k], strict=True) if c}
        assert len(chosen) == 2  # floor(4 / 2) of the four distinct groups
        assert all(c == (g in chosen) for g, c in zip(groups, cal[k], strict=True))


def test_database_resample_draws_whole_databases(table):
    rng = np.random.default_rng(4)
    for _ in range(20):
        t, groups = intervals.resample(table, "database", rng)
        assert len(set(groups.tolist())) == 2  # two draws of the two databases
        for g in set(groups.tolist()):
            ids = [i for i, x in zip(t.ids, groups, strict=True) if x == g]
            assert ids in (["q0", "q1", "q2"], ["q3", "q4", "q5"])
        assert t.db_ids.tolist() == [str(g) for g in groups]
    with pytest.raises(Exception, match="unknown split scheme"):
        intervals.resample(table, "schema", rng)


def test_estimates_are_the_certificates_and_the_split_range_its_splits():
    t = ClassTable.from_records(_synthetic_records(60, 6, seed=5))
    iv = intervals.certificate_intervals(t, alphas=(0.1, 0.2), n_splits=40, n_boot=30,
                                         boot_splits=20, seed=0)
    cert = intervention.certificate(t, alpha=0.2, n_splits=40, seed=0)
    sweep = intervention.sweep(t, alphas=(0.1,), n_splits=40, seed=0)
    for scheme in ("question", "database"):
        row = iv[scheme]["0.2"]
        cells = cert[scheme]["cells"]
        for c in "ABCD":
            assert row[f"{c}/risk_suite"]["estimate"] == pytest.approx(cells[c]["risk"]["suite"])
            assert row[f"{c}/answer_rate"]["estimate"] == pytest.approx(cells[c]["answer_rate"])
        assert 100 * row["gap"]["estimate"] == pytest.approx(cert[scheme]["gap"])
        assert 100 * row["d_minus_a"]["estimate"] == pytest.approx(cert[scheme]["d_minus_a"])
        assert iv[scheme]["0.1"]["A/risk_weak"]["estimate"] == pytest.approx(
            sweep[scheme]["0.1"]["cells"]["A"]["risk"]["weak"])
        # the split range from the same splits, by hand
        cal = intervention.make_splits(t, scheme, 40, 0)
        h = intervention.run_cell(t, "A", "mass", cal, 0.2)
        lo, hi = np.percentile(h.risk["suite"], [2.5, 97.5])
        assert (row["A/risk_suite"]["split_low"], row["A/risk_suite"]["split_high"]) == (
            pytest.approx(lo), pytest.approx(hi))
        for v in row.values():
            assert v["n_boot"] == 30 and v["low"] <= v["high"]


def test_an_oracle_that_never_disagrees_gives_zero_gap_intervals():
    recs = _synthetic_records(40, 4, seed=7)
    for r in recs:
        for c in r["partitions"]["weak"]:
            c["correct"]["suite"] = c["correct"]["weak"]
    t = ClassTable.from_records(recs)
    iv = intervals.certificate_intervals(t, alphas=(0.1,), n_splits=20, n_boot=25,
                                         boot_splits=10)
    for scheme in ("question", "database"):
        g = iv[scheme]["0.1"]["gap"]
        assert (g["estimate"], g["low"], g["high"]) == (0.0, 0.0, 0.0)


def test_more_questions_give_narrower_bootstrap_intervals():
    """The same 80 questions twice over (as 160 distinct questions on twice the
    databases): the bootstrap interval of a cell's risk shrinks."""
    recs = _synthetic_records(80, 8, seed=11)
    twice = recs + [r | {"id": r["id"] + "b", "db_id": r["db_id"] + "b"} for r in recs]
    widths = []
    for rs in (recs, twice):
        iv = intervals.certificate_intervals(ClassTable.from_records(rs), alphas=(0.2,),
                                             n_splits=40, n_boot=150, boot_splits=20)
        widths.append({s: iv[s]["0.2"]["A/risk_suite"]["high"]
                       - iv[s]["0.2"]["A/risk_suite"]["low"] for s in ("question", "database")})
    for s in ("question", "database"):
        assert widths[1][s] < widths[0][s]


def test_unavailable_score_is_an_error(table):
    with pytest.raises(Exception, match="not available"):
        intervals.certificate_intervals(table, score="logprob_mean", n_boot=2)


def test_markdown_prints_estimates_with_both_ranges(table):
    iv = intervals.certificate_intervals(table, alphas=(0.3,), n_splits=10, n_boot=10,
                                         boot_splits=5)
    md = intervals_markdown(iv)
    assert "### question splits" in md and "### database splits" in md
    a = iv["question"]["0.3"]["A/risk_suite"]
    cell = (f"{100 * a['estimate']:.1f} [{100 * a['low']:.1f}, {100 * a['high']:.1f}] "
            f"({100 * a['split_low']:.1f} to {100 * a['split_high']:.1f})")
    assert "| 0.3 | A | " in md and cell in md
