"""The local-model study's closing analysis (``benchmarks/llm_study_closing.py``): the
greedy EX/TS gap with its interval, the certificate's intervals from a class file, and the
Markdown that carries them; and the stratified choice of the questions with variants."""

from __future__ import annotations

import json

import numpy as np
import pytest
from benchmarks.llm_study_closing import certificate_uncertainty, closing_markdown, greedy_gap

from sqlverdict.certify import sweep
from sqlverdict.certify.classfile import ClassTable, read_classes, write_classes

from ..certify.test_intervals import _synthetic_records


def _greedy(weak: bool, suite: bool) -> dict:
    c = {"count": 1, "representative": "s", "correct": {"weak": weak, "suite": suite}}
    return {"partitions": {"weak": [c], "suite": [c]}}


def test_greedy_gap_counts_and_intervals():
    recs = ([_greedy(True, True)] * 55 + [_greedy(True, False)] * 9
            + [_greedy(False, False)] * 36)
    g = greedy_gap(recs, 1000)
    assert g["n"] == 100
    assert g["ex"]["estimate"] == pytest.approx(0.64)
    assert g["ts"]["estimate"] == pytest.approx(0.55)
    assert g["ex_minus_ts"]["estimate"] == pytest.approx(0.09)
    # paired: EX >= TS on every question, so no replicate has a negative gap
    assert 0 < g["ex_minus_ts"]["low"] < 0.09 < g["ex_minus_ts"]["high"] < 0.2
    # the binomial standard error of 0.64 over 100 questions is 0.048
    assert g["ex"]["high"] - g["ex"]["low"] == pytest.approx(4 * 0.048, rel=0.25)
    assert greedy_gap([_greedy(False, False)], 10)["ex_minus_ts"] == {
        "estimate": 0.0, "low": 0.0, "high": 0.0}


def test_certificate_uncertainty_and_its_markdown(tmp_path):
    recs = _synthetic_records(60, 6, seed=2)
    rng = np.random.default_rng(0)
    for r in recs:  # log-probabilities, so that every score is available
        r["likelihood"] = {"mean": float(-rng.random()), "max": float(-rng.random() / 2)}
    write_classes(tmp_path / "c.jsonl", recs)
    iv = certificate_uncertainty(tmp_path / "c.jsonl", 40, 20, n_boot_auroc=50)
    assert iv["n_questions"] == 60
    assert set(iv["scores"]) == {"entropy", "degree", "set_count", "logprob_mean",
                                 "logprob_max"}
    assert set(iv["auroc"]) == {"mass"} | set(iv["scores"])
    assert set(iv["cells"]["question"]) == {"0.05", "0.1", "0.2"}
    table = ClassTable.from_records(read_classes(tmp_path / "c.jsonl"))
    sw = sweep(table, alphas=(0.05, 0.1, 0.2), n_splits=40)
    for scheme in ("question", "database"):
        for a in ("0.05", "0.1", "0.2"):
            assert 100 * iv["cells"][scheme][a]["gap"]["estimate"] == pytest.approx(
                sw[scheme][a]["gap"])
    g = greedy_gap([_greedy(True, True), _greedy(True, False)], 20)
    out = {"intervals": iv | {"greedy_ex_ts": g}, "seed_run": iv, "sweep": sw,
           "args": {"splits": 40}}
    md = "\n".join(closing_markdown(out, "study"))
    for head in ("## Closing figures with intervals", "## Several risk levels",
                 "## Intervals of every cell at alpha 0.05, 0.1 and 0.2",
                 "## AUROC with bootstrap intervals", "7B seed run, database splits",
                 "Certified against which oracle?"):
        assert head in md
    a = iv["cells"]["database"]["0.1"]["A/risk_suite"]
    assert f"{100 * a['estimate']:.1f} [{100 * a['low']:.1f}, {100 * a['high']:.1f}]" in md
    assert "| 0.2 |" in md and "| 0.05 |" in md
    assert closing_markdown({"intervals": None}, "x") == []


def test_variant_questions_are_stratified_and_nested_in_the_study(shared_data):
    from benchmarks.llm_local_spider import stratified, variant_subset

    from sqlverdict.bench import load_benchmark

    full = load_benchmark(f"spider:{shared_data / 'spider'}")
    bench, _, info = stratified(full, 200, 0)
    v = variant_subset(bench, 24, 0)
    assert len(v) == 24 and v <= set(info["level_of"])
    levels = {info["level_of"][i] for i in v}
    assert levels == {"easy", "medium", "hard", "extra"}
    assert v == variant_subset(bench, 24, 0)  # seeded
    assert variant_subset(bench, None, 0) is None and variant_subset(bench, 500, 0) is None


class _Choice:
    def __init__(self, text: str):
        self.text, self.finish_reason, self.logprobs = text, "stop", [{"logprob": -0.1}]
        self.sum_logprob = -0.1


class _Resp:
    def __init__(self, texts: list[str]):
        self.choices = [_Choice(t) for t in texts]
        self.text = texts[0]


class _FakeClient:
    """Answers every SQL request with a count query and every paraphrase request with a
    reworded question; records which questions were paraphrased."""

    model = "fake"

    def __init__(self):
        self.paraphrased: list[str] = []

    def chat(self, messages, n=1, **params):
        return _Resp(["SELECT count(*) FROM singer"] * n)

    def chat_json(self, messages, *, validate=None, **params):
        q = messages[-1]["content"].split("Question: ")[1].split("\n")[0]
        self.paraphrased.append(q)
        value = {"paraphrases": ["Tell me: " + q]}
        if validate:
            validate(value)
        return value, None


def test_generate_db_asks_variants_only_for_the_chosen_questions(mini_spider, tmp_path):
    from benchmarks.llm_local_spider import generate_db

    from sqlverdict.bench import load_benchmark
    from sqlverdict.bench.loader import Benchmark
    from sqlverdict.structure.generate import GenerateConfig

    full = load_benchmark(f"spider:{mini_spider}")
    ex = [e for e in full.examples if e.db_path][:4]
    sub = Benchmark(full.kind, full.path, ex, full.schemas)
    cfg = GenerateConfig(n=2, temperature=0.8, mode="sql", paraphrases=1, schema_orders=1,
                         variant_n=1, check_paraphrases=False)
    client = _FakeClient()
    chosen = {ex[1].id, ex[3].id}
    res, pool, variants = generate_db(client, sub, tmp_path / "p.jsonl", cfg, full, chosen)
    assert sorted(client.paraphrased) == sorted(e.question for e in ex if e.id in chosen)
    lines = [json.loads(x) for x in pool.read_text().splitlines()]
    assert [r["id"] for r in lines] == [e.id for e in ex]  # the database's order kept
    assert all(len(r["candidates"]) == 2 for r in lines)
    vlines = [json.loads(x) for x in variants.read_text().splitlines()]
    assert {r["id"] for r in vlines} == chosen
    assert sorted(r["input_id"] for r in vlines) == ["paraphrase_1", "paraphrase_1",
                                                     "schema_1", "schema_1"]
    assert all(len(r["candidates"]) == 1 for r in vlines)
    assert sum(r.questions for r in res) == 4
    # without a choice every question gets its variants
    client2 = _FakeClient()
    _, _, v2 = generate_db(client2, sub, tmp_path / "q.jsonl", cfg, full, None)
    assert len(client2.paraphrased) == 4 and v2 is not None
