"""Census of rejections, labels and conventions, and the reference-defect lints."""

from __future__ import annotations

import json
import sqlite3

import pytest
from typer.testing import CliRunner

from sqlverdict.certify import census
from sqlverdict.certify.census import rejections
from sqlverdict.certify.labels import Label, counts_as_wrong, read_labels, relabel
from sqlverdict.certify.lint import lint_gold
from sqlverdict.cli import app
from sqlverdict.engine.materialize import write_database
from sqlverdict.schema import from_ddl, from_sqlite

DDL = "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, age INTEGER)"
GOLD = "SELECT name FROM t WHERE age > 30"
GE30 = "SELECT name FROM t WHERE age >= 30"


@pytest.fixture
def world(tmp_path):
    schema = from_ddl(DDL, "people")
    shipped = tmp_path / "database" / "people" / "people.sqlite"
    write_database(shipped, schema, {"t": [(1, "a", 25), (2, "b", 35), (3, "c", 40)]})
    suite = tmp_path / "suite"
    write_database(suite / "people" / "000.sqlite", schema, {"t": [(5, "z", 99)]})
    write_database(suite / "people" / "001.sqlite", schema, {"t": [(1, "a", 30), (2, "b", 31)]})
    write_database(suite / "people" / "002.sqlite", schema, {"t": [(1, "a", 30)]})
    bench = tmp_path / "bench.jsonl"
    bench.write_text(json.dumps({"id": "q0", "db_id": "people", "question": "Over 30?",
                                 "gold": GOLD}) + "\n")
    pool = tmp_path / "pool.jsonl"
    pool.write_text(json.dumps({"id": "q0", "candidates": [GE30, GE30, GOLD]}) + "\n")
    return tmp_path, bench, pool, suite


def test_dossier_records_first_disagreement_and_breadth(world):
    root, bench, pool, suite = world
    r = CliRunner().invoke(app, ["classes", "--benchmark", f"jsonl:{bench}", "--pool", str(pool),
                                 "--suite", str(suite), "--out", str(root / "c.jsonl")])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(app, ["census", "--benchmark", f"jsonl:{bench}", "--classes",
                                 str(root / "c.jsonl"), "--suite", str(suite),
                                 "--out", str(root / "census")])
    assert r.exit_code == 0, r.output
    rows = [json.loads(x) for x in (root / "census" / "dossier.jsonl").read_text().splitlines()]
    # >= 30 (2 of 3 candidates) is the top class of both partitions; the suite rejects it
    assert len(rows) == 1
    d = rows[0]
    assert d["answer"] == GE30 and d["partitions"] == ["weak", "suite"]
    assert d["weak_accepts"] is True
    f = d["first_disagreement"]
    # instances: shipped (agree), 000 (agree), 001 (a, b vs b), 002 (a vs empty)
    assert f["instance_index"] == 2 and f["signature"] == "gold_subset"
    assert f["gold_result"] == [["b"]] and f["answer_result"] == [["a"], ["b"]]
    assert d["breadth"] == pytest.approx(2 / 4) and d["n_instances"] == 4
    md = (root / "census" / "dossier.md").read_text()
    assert "shipped database accepts" in md and GE30 in md
    summary = json.loads((root / "census" / "census.json").read_text())
    assert summary["n_rejections"] == 1 and summary["n_weak_accepts"] == 1


def _labels(tmp_path, *rows):
    p = tmp_path / "labels.jsonl"
    p.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    return p


def test_conventions_and_relabelling(tmp_path):
    ref = "reference_defect"
    sem = "semantic_error"
    assert [counts_as_wrong(Label("1", "q", ref, ref, ref), c) for c in census.CONVENTIONS] == [
        True, False, False, False]
    assert [counts_as_wrong(Label("1", "q", ref, ref, ref, True), c)
            for c in census.CONVENTIONS] == [True, True, False, False]
    assert [counts_as_wrong(Label("1", "q", ref, "instance_defect", ref), c)
            for c in census.CONVENTIONS] == [True, True, False, False]
    assert [counts_as_wrong(Label("1", "q", sem, sem, sem), c) for c in census.CONVENTIONS] == [
        True, True, True, True]
    assert counts_as_wrong(None, "narrow") is True
    recs = [{"id": "q", "db_id": "d", "n_total": 2, "n_usable": 2, "partitions": {
        "weak": [{"count": 2, "representative": "S", "correct": {"weak": True, "suite": False}}],
        "suite": [{"count": 1, "representative": "S", "correct": {"weak": True, "suite": False}},
                  {"count": 1, "representative": "T", "correct": {"weak": True, "suite": False}}]}}]
    assert [(e["answer"], e["partitions"]) for e in rejections(recs)] == [("S", ["weak", "suite"])]
    labs = read_labels(_labels(tmp_path, {"id": "q", "sql": "S", "pass1": ref, "pass2": ref,
                                          "final": ref}))
    out = relabel(recs, labs, "narrow")
    assert out[0]["partitions"]["weak"][0]["correct"]["suite"] is True
    assert out[0]["partitions"]["suite"][1]["correct"]["suite"] is False  # T is unlabelled
    assert recs[0]["partitions"]["weak"][0]["correct"]["suite"] is False  # input untouched
    with pytest.raises(ValueError, match="not one of"):
        read_labels(_labels(tmp_path, {"id": "q", "sql": "S", "pass1": "oops", "pass2": ref,
                                       "final": ref}))


def test_rescoring_moves_the_certificate(tmp_path, records):
    # in the six-question fixture the suite rejects the weak top classes of q1 (a1) and q4
    # (a4); forgiving a4 under ``narrow`` makes A's suite risk equal its weak risk on d1
    ref = "reference_defect"
    labs = read_labels(_labels(tmp_path, {"id": "q4", "sql": "a4", "pass1": ref,
                                          "pass2": "semantic_error", "final": ref}))
    res = census.rescore(records, labs, alpha=0.3, n_splits=40)
    assert set(res) == set(census.CONVENTIONS)
    assert res["wide"]["database"]["gap"] == pytest.approx(100 / 3)
    # narrow: only the d0 split keeps a gap (q1 under the suite): 1/3 in every split where
    # d1 calibrates, 0 where d0 calibrates (A answers q3, q4 of d1, both now right)
    from sqlverdict.certify.classfile import ClassTable
    from sqlverdict.certify.intervention import make_splits
    cal = make_splits(ClassTable.from_records(records), "database", 40, seed=0)
    k = int(cal[:, 0].sum())  # splits calibrating on d0
    assert res["narrow"]["database"]["gap"] == pytest.approx((40 - k) / 40 * 100 / 3)
    # agreed: the passes disagree, so the rejection still counts
    assert res["agreed"]["database"]["gap"] == pytest.approx(100 / 3)


def _db(tmp_path, script):
    p = tmp_path / "l.sqlite"
    c = sqlite3.connect(p)
    c.executescript(script)
    c.close()
    return str(p), from_sqlite(p, "l")


LINT_DB = """
CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT, age TEXT, city TEXT);
CREATE TABLE pet(pid INTEGER PRIMARY KEY, owner INTEGER, kind TEXT);
INSERT INTO person VALUES (1, 'Ann', '9', 'Paris'), (2, 'Bob', '10', 'Rome'),
  (3, 'Ann', '10', 'Oslo');
INSERT INTO pet VALUES (1, 1, 'cat'), (2, 2, 'dog');
"""


@pytest.mark.parametrize("gold, kinds", [
    ("SELECT name FROM person WHERE city = 'paris'", ["empty_result", "case_only_literal"]),
    ("SELECT name FROM person WHERE city IN ('rome', 'Oslo')", ["case_only_literal"]),
    ("SELECT name FROM person WHERE city LIKE 'paris'", []),
    # TEXT affinity turns 9 into '9': '10' > '9' is false as text
    ("SELECT name FROM person WHERE age > 9", ["empty_result", "text_numeric"]),
    ("SELECT name FROM person ORDER BY age", ["text_numeric"]),
    ("SELECT name FROM person WHERE id > 1", []),
    ("SELECT T1.name FROM person AS T1 JOIN pet AS T2", ["join_without_condition"]),
    ("SELECT T1.name FROM person AS T1, pet AS T2 WHERE T1.id = T2.owner", []),
    ("SELECT T1.name FROM person AS T1 JOIN pet AS T2 ON T1.id = T2.owner", []),
    ("SELECT name FROM person WHERE id = 1 INTERSECT SELECT name FROM person WHERE id = 3",
     ["setop_non_key"]),
    ("SELECT id FROM person WHERE id = 1 INTERSECT SELECT id FROM person WHERE id = 3",
     ["empty_result"]),
    ("SELECT name FROM person ORDER BY id DESC LIMIT 1", []),
    ("SELECT name FROM person ORDER BY length(age) LIMIT 2", ["limit_ties"]),
])
def test_lints(tmp_path, gold, kinds):
    db, schema = _db(tmp_path, LINT_DB)
    found = lint_gold(gold, db, schema)
    assert [f.kind for f in found] == kinds


def test_lint_evidence(tmp_path):
    db, schema = _db(tmp_path, LINT_DB)
    (f,) = lint_gold("SELECT name FROM person WHERE city IN ('rome', 'Oslo')", db, schema)
    assert f.evidence == {"literal": "rome", "column": "person.city", "stored": ["Rome"]}
    (f,) = lint_gold("SELECT name FROM person WHERE id = 1 INTERSECT SELECT name FROM person "
                     "WHERE id = 3", db, schema)
    assert f.evidence["duplicated"] == [["Ann", 2]]
    (f,) = lint_gold("SELECT name FROM person ORDER BY length(age) LIMIT 2", db, schema)
    # lengths 1, 2, 2: the second and third rows tie at the cut
    assert f.evidence["tied_keys"] == [2] and f.evidence["limit"] == 2


def test_llm_labelling_three_passes_against_a_loopback_server(world, tmp_path):
    """Pass 1 says reference_defect, pass 2 (reversed taxonomy) says semantic_error; the
    adjudicator decides. Real HTTP on loopback through the shared client."""
    from tests.helpers.fake_llm_server import FakeLLMServer, Reply, completion

    from sqlverdict.certify.label import llm_labels
    from sqlverdict.llm import LLMClient

    def reply(req):
        text = req["messages"][-1]["content"]
        if "Two reviewers disagreed" in text:
            return Reply(body=completion(['{"label": "reference_defect", "borderline": true, '
                                          '"why": "gold is fragile"}']))
        keys = [line[1:line.index("]")] for line in text.splitlines() if line.startswith("[r")]
        reversed_order = text.index("- comparator_artefact") < text.index("- semantic_error")
        lab = "semantic_error" if reversed_order else "reference_defect"
        return Reply(body=completion([json.dumps(
            {"labels": [{"key": k, "label": lab, "borderline": False, "why": "w"}
                        for k in keys]})]))

    dossier = [{"id": "q0", "answer": "SELECT 1", "gold": "SELECT 2", "question": "?",
                "first_disagreement": None, "breadth": 1.0, "lints": []},
               {"id": "q1", "answer": "SELECT 3", "gold": "SELECT 4", "question": "?",
                "first_disagreement": None, "breadth": 0.5, "lints": []}]
    with FakeLLMServer(default=reply) as srv:
        client = LLMClient(srv.url, "test-model", cache_dir=tmp_path / "cache")
        rows = llm_labels(dossier, client, batch_size=1)
        # two batches per pass, then one adjudication per item
        assert len(srv.requests) == 2 + 2 + 2
    assert [(r["pass1"], r["pass2"], r["final"], r["borderline"]) for r in rows] == [
        ("reference_defect", "semantic_error", "reference_defect", True)] * 2
    p = tmp_path / "labels.jsonl"
    p.write_text("".join(json.dumps(r) + "\n" for r in rows))
    labs = read_labels(p)
    assert counts_as_wrong(labs[("q0", "SELECT 1")], "narrow") is False
    assert counts_as_wrong(labs[("q0", "SELECT 1")], "agreed") is True
