"""Hand-computed fixtures for scores, conformal risk control, cells, contrasts and AUROC.

The fixture: six questions of four candidates on two databases (d0: q0-q2, d1: q3-q5).

    q   weak partition (counts; top ok weak/suite)   suite partition (counts; top ok weak/suite)
    q0  [4]      T/T                                   [4]      T/T   same SQL
    q1  [3,1]    T/F                                   [2,1,1]  T/F   changed SQL
    q2  [2,2]    F/F                                   [2,2]    F/F   same SQL
    q3  [4]      T/T                                   [4]      T/T   same SQL
    q4  [3,1]    T/F                                   [2,1,1]  T/T   changed SQL
    q5  [2,1,1]  T/T                                   [2,1,1]  T/T   same SQL
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from typer.testing import CliRunner

from sqlverdict.certify import conformal, intervention, scores
from sqlverdict.certify.classfile import ClassTable, read_classes, write_classes
from sqlverdict.cli import app


@pytest.fixture
def table(records):
    return ClassTable.from_records(records)


CAL_D0 = np.array([[1, 1, 1, 0, 0, 0]], bool)
CAL_D1 = ~CAL_D0


def test_scores_by_hand(table):
    assert table.scores["weak"]["mass"].tolist() == [1.0, 0.75, 0.5, 1.0, 0.75, 0.5]
    assert table.scores["suite"]["mass"].tolist() == [1.0, 0.5, 0.5, 1.0, 0.5, 0.5]
    # degree of [3,1]/4 = 9/16 + 1/16; of [2,1,1]/4 = 4/16 + 1/16 + 1/16
    assert table.scores["weak"]["degree"].tolist()[:3] == [1.0, 0.625, 0.5]
    assert table.scores["suite"]["degree"][1] == 0.375
    # -H of [3/4, 1/4]
    h = 0.75 * math.log(0.75) + 0.25 * math.log(0.25)
    assert table.scores["weak"]["entropy"][1] == pytest.approx(h, abs=1e-12)
    assert table.scores["weak"]["entropy"][0] == 0.0
    assert table.scores["weak"]["set_count"].tolist() == [-1, -2, -2, -1, -2, -3]
    assert set(table.unavailable) == {"logprob_mean", "logprob_max"}
    # grids: 201 points on [0, 1]; entropy on [-ln 4, 0]; integers -4..0
    assert scores.grid("entropy", 4)[0] == pytest.approx(-math.log(4))
    assert scores.grid("entropy", 4)[-1] == 0.0


def test_threshold_is_smallest_grid_value_meeting_the_bound(table):
    s, g = table.scores["weak"]["mass"], scores.grid("mass", 4)
    wrong_weak = ~table.top_correct["weak"]["weak"]
    # cal d0: n=3, alpha 0.3: count + 1 <= 1.2 -> no wrong answer allowed; q2 (0.5) is
    # wrong, so lambda is the first grid point above 0.5
    assert conformal.thresholds(s, wrong_weak, CAL_D0, g, 0.3).tolist() == [0.505]
    # cal d1: no wrong answer at all -> lambda = 0 (the smallest grid value)
    assert conformal.thresholds(s, wrong_weak, CAL_D1, g, 0.3).tolist() == [0.0]
    # the 1/(n+1) term: with no wrong answer at all, alpha must be at least 1/(n+1) = 1/4
    assert conformal.thresholds(s, wrong_weak, CAL_D1, g, 0.25).tolist() == [0.0]
    assert conformal.thresholds(s, wrong_weak, CAL_D1, g, 0.24).tolist() == [math.inf]
    # R is counted with the empirical share: at alpha 0.5 on d0, one wrong answer passes
    # (3/4 * 1/3 + 1/4 = 0.5)
    assert conformal.thresholds(s, wrong_weak, CAL_D0, g, 0.5).tolist() == [0.0]


def test_cells_by_hand(table):
    a = intervention.run_cell(table, "A", "mass", CAL_D0, 0.3)
    # held out d1, lambda 0.505: answers q3, q4; q4 wrong under the suite
    assert a.risk["weak"].tolist() == [0.0]
    assert a.risk["suite"].tolist() == pytest.approx([1 / 3])
    assert a.answer_rate.tolist() == pytest.approx([2 / 3])
    assert a.selective_risk["suite"].tolist() == [0.5]
    d = intervention.run_cell(table, "D", "mass", CAL_D0, 0.3)
    # suite partition scores on d1 are [1, .5, .5]: answers q3 only
    assert d.answer_rate.tolist() == pytest.approx([1 / 3])
    assert d.risk["suite"].tolist() == [0.0]
    b = intervention.run_cell(table, "B", "mass", CAL_D0, 0.3)
    # suite labels on the weak partition: q1 and q2 wrong -> lambda 0.755, answers q3
    assert b.lam.tolist() == [0.755]
    assert b.answer_rate.tolist() == pytest.approx([1 / 3])
    # nothing answered: selective risk undefined
    none = intervention.run_cell(table, "A", "mass", CAL_D1, 0.2)
    assert none.answer_rate.tolist() == [0.0]
    assert math.isnan(none.selective_risk["weak"][0])


def test_contrasts_and_decomposition_over_two_splits(table):
    cal = np.vstack([CAL_D0, CAL_D1])
    r = intervention.scheme_result(table, cal, 0.3, "mass")
    # split 1: A suite 1/3, weak 0; D suite 0. split 2: A answers all of d0: suite 2/3,
    # weak 1/3; D answers all: suite 2/3.
    assert r["cells"]["A"]["risk"]["suite"] == pytest.approx(0.5)
    assert r["cells"]["A"]["risk"]["weak"] == pytest.approx(1 / 6)
    assert r["cells"]["A"]["answer_rate"] == pytest.approx(5 / 6)
    assert r["cells"]["D"]["risk"]["suite"] == pytest.approx(1 / 3)
    assert r["cells"]["D"]["answer_rate"] == pytest.approx(2 / 3)
    assert r["gap"] == pytest.approx(100 / 3)
    assert r["gap_signs"] == {"positive": 1.0, "negative": 0.0, "zero": 0.0}
    assert r["d_minus_a"] == pytest.approx(-100 / 6)
    assert r["d_minus_a_signs"] == {"positive": 0.0, "negative": 0.5, "zero": 0.5}
    dec = r["decomposition"]
    # split 1: only A answers q4 (suite-wrong): -1/3; split 2: q1 changed SQL, both wrong: 0
    assert dec["only_a"] == pytest.approx(-100 / 6)
    assert dec["changed_sql"] == 0 and dec["only_d"] == 0 and dec["same_sql"] == 0
    assert dec["total"] == pytest.approx(r["d_minus_a"])


def test_auroc_mid_ranks_by_hand(table):
    au = intervention.auroc_table(table, "mass")["all"]["weak"]
    # weak labels: positives {1, .75, 1, .75, .5}, negative {.5}: (19.5 - 15) / 5
    assert au["weak"] == pytest.approx(0.9)
    # suite labels: positives {1, 1, .5}: (12.5 - 6) / 9
    assert au["suite"] == pytest.approx(6.5 / 9)
    assert au["change"] == pytest.approx(0.9 - 6.5 / 9)
    same = intervention.auroc_table(table, "mass")["same_sql"]["weak"]
    assert same["n"] == 4  # q0, q2, q3, q5


def test_database_splits_choose_half_the_schemas(table):
    cal = intervention.make_splits(table, "database", 50, seed=3)
    assert all(row.tolist() in (CAL_D0[0].tolist(), CAL_D1[0].tolist()) for row in cal)
    q = intervention.make_splits(table, "question", 50, seed=3)
    assert (q.sum(1) == 3).all()
    assert (intervention.make_splits(table, "question", 5, seed=3) == q[:5]).all()


def test_certify_cli_writes_the_contract(tmp_path, table, records):
    path = tmp_path / "classes.jsonl"
    write_classes(path, records)
    assert len(read_classes(path)) == 6
    res = CliRunner().invoke(app, ["certify", "--classes", str(path), "--out",
                                   str(tmp_path / "cert"), "--alpha", "0.3", "--splits", "40"])
    assert res.exit_code == 0, res.output
    cert = json.loads((tmp_path / "cert" / "certificate.json").read_text())
    assert set(cert) == {"question", "database"}
    db = cert["database"]
    assert set(db["cells"]) == {"A", "B", "C", "D"}
    for c in db["cells"].values():
        assert set(c["risk"]) == {"weak", "suite"} and set(c["selective_risk"]) == {"weak", "suite"}
        assert 0 <= c["answer_rate"] <= 1
    # database scheme: every split is d0 or d1 for calibration; mix the two by hand
    cal = intervention.make_splits(table, "database", 40, seed=0)
    k = int((cal == CAL_D0[0]).all(1).sum())
    assert db["gap"] == pytest.approx(100 / 3)
    assert db["d_minus_a"] == pytest.approx((k * -100 / 3 + (40 - k) * 0) / 40)
    assert db["cells"]["A"]["risk"]["suite"] == pytest.approx((k / 3 + (40 - k) * 2 / 3) / 40)
    assert set(db["scores"]) == set(scores.SCORES)
    assert db["scores"]["logprob_max"]["available"] is False
    assert "auroc" in db["scores"]["mass"]
    assert "risk weak" in res.output


@pytest.mark.parametrize("alpha,answer_rate", [("0", 0.0), ("1", 1.0)])
def test_alpha_at_the_ends_is_defined_and_the_files_are_strict_json(tmp_path, records, alpha,
                                                                    answer_rate):
    """alpha 0 abstains on every question (no threshold qualifies: an infinite one), alpha 1
    answers every one; the files hold no Infinity or NaN, which JSON does not have."""
    path = tmp_path / "classes.jsonl"
    write_classes(path, records)
    res = CliRunner().invoke(app, ["certify", "--classes", str(path), "--out",
                                   str(tmp_path / "cert"), "--alpha", alpha, "--splits", "10"])
    assert res.exit_code == 0, res.output
    for name in ("certificate.json", "sweep.json"):
        text = (tmp_path / "cert" / name).read_text()
        assert "Infinity" not in text and "NaN" not in text
        json.loads(text, parse_constant=pytest.fail)  # Infinity, NaN: not JSON
    cert = json.loads((tmp_path / "cert" / "certificate.json").read_text())
    for cell in cert["question"]["cells"].values():
        assert cell["answer_rate"] == answer_rate
        assert cell["abstain_all"] == (10 if alpha == "0" else 0)
        if alpha == "0":
            assert cell["threshold_median"] is None


def test_class_file_errors_are_clear(tmp_path, records):
    p = tmp_path / "bad.jsonl"
    rec = records[1]
    rec["partitions"]["weak"] = list(reversed(rec["partitions"]["weak"]))
    p.write_text(json.dumps(rec) + "\n")
    res = CliRunner().invoke(app, ["certify", "--classes", str(p), "--out", str(tmp_path / "o")])
    assert res.exit_code == 2
    assert "descending count" in " ".join(res.output.split())


def test_weak_only_class_file_gives_cell_a(records):
    weak_only = []
    for r in records:
        r = json.loads(json.dumps(r))
        del r["partitions"]["suite"]
        for c in r["partitions"]["weak"]:
            del c["correct"]["suite"]
        weak_only.append(r)
    t = ClassTable.from_records(weak_only)
    cert = intervention.certificate(t, alpha=0.3, n_splits=10)
    assert set(cert["question"]["cells"]) == {"A"}
    assert set(cert["question"]["cells"]["A"]["risk"]) == {"weak"}
    assert cert["question"]["gap"] is None and cert["question"]["d_minus_a"] is None
