"""Few-shot completion prompts and the ``fewshot`` generation mode, against the loopback
server (the real model is exercised in tests/llm/test_local_e2e.py)."""

from __future__ import annotations

import json
import re

import pytest
from tests.helpers.fake_llm_server import Reply, text_completion

from sqlverdict.bench import load_benchmark
from sqlverdict.bench.demo import build_demo
from sqlverdict.llm import LLMClient
from sqlverdict.structure import fewshot
from sqlverdict.structure.generate import GenerateConfig, generate_pool
from sqlverdict.structure.perturb import fewshot_paraphrases


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    path, _ = build_demo(tmp_path_factory.mktemp("demo"))
    return load_benchmark(f"jsonl:{path}")


def test_shots_never_come_from_the_question_or_its_database(demo):
    picker = fewshot.ShotPicker(demo.examples, demo.schemas, k=3, seed=0)
    for ex in demo.examples:
        shots = picker.shots(ex)
        assert len(shots) == 3
        assert all(s.db_id != ex.db_id and s.id != ex.id for s in shots)
        # as many distinct databases as there are other databases (two in the demo)
        assert len({s.db_id for s in shots}) == 2
        prompt = fewshot.prompt_for(ex.question, demo.schemas[ex.db_id], shots, demo.schemas)
        assert prompt.endswith(f"-- Question: {ex.question}\nSELECT")
        assert ex.gold not in prompt
        # every solved example shows its own database's schema
        for s in shots:
            assert f"-- Database: {s.db_id}\n" in prompt
    # fixed order: the same question gets the same shots in a new picker
    again = fewshot.ShotPicker(demo.examples, demo.schemas, k=3, seed=0)
    assert [s.id for s in again.shots(demo.examples[0])] == [
        s.id for s in picker.shots(demo.examples[0])]


def test_fewshot_pool_keeps_logprobs_times_and_resumes_from_cache(demo, fake_llm, tmp_path):
    def reply(req):
        # the model continues after SELECT; lengths differ by seed so samples differ
        k = req["seed"] % 3
        return Reply(200, text_completion([" COUNT(*) FROM student" + " " * k + ";"],
                                          logprobs=[[-0.5] * (k + 2)]))

    fake_llm.default = reply
    bench = demo.limit(2)
    client = LLMClient(fake_llm.url, "m", cache_dir=tmp_path / "c", api_key="",
                       cache_namespace="local:test")
    cfg = GenerateConfig(n=3, temperature=0.8, mode="fewshot", logprobs=True, schema_orders=1,
                         seed=4)
    res = generate_pool(client, bench, tmp_path / "pool.jsonl", cfg, shot_source=demo)
    assert res.questions == 2 and res.candidates == 12 and not res.errors
    reqs = fake_llm.requests
    assert len(reqs) == 12 and all("prompt" in r and r["n"] == 1 for r in reqs)
    assert [r["seed"] for r in reqs[:3]] == [4 * 100_003 + 1, 4 * 100_003 + 2, 4 * 100_003 + 3]
    assert reqs[0]["stop"] == fewshot.STOP and reqs[0]["logprobs"] == 0
    lines = [json.loads(x) for x in (tmp_path / "pool.jsonl").read_text().splitlines()]
    c = lines[0]["candidates"][0]
    assert c["sql"] == "SELECT COUNT(*) FROM student"
    assert c["n_tokens"] == (4 * 100_003 + 1) % 3 + 2
    assert c["cum_logprob"] == pytest.approx(-0.5 * c["n_tokens"])
    assert c["elapsed_s"] >= 0 and not c["truncated"]
    assert len(lines[0]["shots"]) == 3 and bench.examples[0].id not in lines[0]["shots"]
    # the reordered schema is a different prompt of the same question
    variants = [json.loads(x) for x in (tmp_path / "pool.variants.jsonl").read_text().splitlines()]
    assert variants[0]["input_id"] == "schema_1"
    assert reqs[3]["prompt"] != reqs[0]["prompt"]
    assert reqs[3]["prompt"].endswith(reqs[0]["prompt"].rsplit("-- Question:", 1)[1])
    # a rerun (an interrupted run resumed) asks nothing again and writes the same pool
    before = (tmp_path / "pool.jsonl").read_text()
    res2 = generate_pool(client, bench, tmp_path / "pool.jsonl", cfg, shot_source=demo)
    assert len(fake_llm.requests) == 12 and res2.candidates == 12
    assert (tmp_path / "pool.jsonl").read_text() == before


def test_fewshot_paraphrases_are_checked(fake_llm, tmp_path):
    fake_llm.push(Reply(200, text_completion([" How many students exist?"])),
                  Reply(200, text_completion([" How many students are there?"])),
                  Reply(200, text_completion([" How many students exist?"])))
    client = LLMClient(fake_llm.url, "m", cache_dir=None, api_key="")
    ps = fewshot_paraphrases(client, "How many students are there?", 3)
    assert [(p.accepted, p.reason) for p in ps] == [
        (True, ""), (False, "same as the question"), (False, "duplicate")]
    assert fake_llm.requests[0]["prompt"].endswith(
        "Question: How many students are there?\nRewritten:")
    assert len({r["seed"] for r in fake_llm.requests}) == 3


def test_completion_sql_cuts_one_statement():
    assert fewshot.completion_sql(" a FROM t; DROP TABLE t") == "SELECT a FROM t"
    assert fewshot.completion_sql(" a\n  FROM t\n\n-- Question: next") == "SELECT a FROM t"
    assert re.fullmatch(r"SELECT \* FROM t", fewshot.completion_sql(" * FROM t\n-- x"))
