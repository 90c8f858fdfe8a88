"""Generation harness and perturbations against a real loopback HTTP server with scripted
answers."""

from __future__ import annotations

import json

import pytest
from tests.helpers.fake_llm_server import Reply, answer, completion

from sqlverdict.bench.loader import Benchmark
from sqlverdict.llm import LLMClient
from sqlverdict.schema import from_sqlite
from sqlverdict.structure.generate import GenerateConfig, extract_sql, generate_pool
from sqlverdict.structure.perturb import (
    generate_paraphrases,
    literal_check,
    reorder_schema,
    schema_text,
)
from sqlverdict.structure.pool import read_pool
from sqlverdict.types import Example


@pytest.fixture
def bench(spider_db):
    p = spider_db("concert_singer")
    schema = from_sqlite(p, "concert_singer")
    ex = [Example("0", "concert_singer", "How many singers are there?",
                  "SELECT count(*) FROM singer", str(p), index=0),
          Example("1", "concert_singer", "Names of singers older than 30?",
                  "SELECT name FROM singer WHERE age > 30", str(p), index=1)]
    return Benchmark("jsonl", p, ex, {"concert_singer": schema})


def client(srv, tmp_path):
    return LLMClient(srv.url, "fake-model", cache_dir=tmp_path / "cache", api_key="k",
                     backoff_base_s=0.0, max_retries=1)


def test_direct_sql_pool_with_logprobs(fake_llm, bench, tmp_path):
    lps = [[{"token": "SELECT", "logprob": -0.5}, {"token": " 1", "logprob": -0.25}]] * 3
    fake_llm.push(Reply(200, completion(["```sql\nSELECT count(*) FROM singer;\n```",
                                         "SELECT COUNT(*) FROM singer", "select 1"],
                                        logprobs=lps)))
    fake_llm.push(Reply(200, completion(["SELECT name FROM singer WHERE age > 30"] * 3,
                                        logprobs=lps)))
    res = generate_pool(client(fake_llm, tmp_path), bench, tmp_path / "pool.jsonl",
                        GenerateConfig(n=3, temperature=0.4, top_p=0.9, logprobs=True))
    req = fake_llm.requests[0]
    assert (req["n"], req["temperature"], req["top_p"], req["logprobs"]) == (3, 0.4, 0.9, True)
    assert "CREATE TABLE singer" in req["messages"][1]["content"]
    lines = [json.loads(x) for x in (tmp_path / "pool.jsonl").read_text().splitlines()]
    assert [d["id"] for d in lines] == ["0", "1"]
    c0 = lines[0]["candidates"][0]
    assert c0["sql"] == "SELECT count(*) FROM singer"
    assert c0["cum_logprob"] == pytest.approx(-0.75) and c0["n_tokens"] == 2
    assert c0["truncated"] is False
    assert res.candidates == 6 and res.variants is None
    # the pool reads back for structural evaluation
    table = read_pool(tmp_path / "pool.jsonl", bench)
    assert len(table.original("0")) == 3 and table.original("0")[0].logprob == pytest.approx(-0.75)
    # ... and for the certificates feature, which reads the same format
    certify_pool = pytest.importorskip("sqlverdict.certify.pool")
    entries = certify_pool.read_pool(tmp_path / "pool.jsonl")
    assert [e.id for e in entries] == ["0", "1"]
    assert entries[0].candidates[0].cum_logprob == pytest.approx(-0.75)
    assert entries[0].candidates[0].n_tokens == 2


def test_endpoint_ignoring_n_is_topped_up_with_distinct_seeds(fake_llm, bench, tmp_path):
    fake_llm.default = lambda req: answer(f"SELECT {req.get('seed', 0)}")
    res = generate_pool(client(fake_llm, tmp_path), bench.limit(1), tmp_path / "p.jsonl",
                        GenerateConfig(n=3))
    sqls = [c["sql"] for c in json.loads((tmp_path / "p.jsonl").read_text())["candidates"]]
    assert sqls == ["SELECT 0", "SELECT 1", "SELECT 2"]
    assert [r.get("seed") for r in fake_llm.requests] == [None, 1, 2]
    assert res.candidates == 3


def test_compile_style_json_mode_rates(fake_llm, bench, tmp_path):
    good = json.dumps({"select": [{"expr": {"agg": "count", "arg": "*"}}],
                       "from": {"table": "singer"}})
    bad_name = json.dumps({"select": [{"expr": {"col": "nme"}}], "from": {"table": "singer"}})
    fake_llm.push(Reply(200, completion([good, bad_name, "no json here", good])))
    res = generate_pool(client(fake_llm, tmp_path), bench.limit(1), tmp_path / "j.jsonl",
                        GenerateConfig(n=4, mode="json"))
    assert res.rates == {"JV": 0.75, "CR": 0.5, "PR": 0.5, "ES": 0.5, "n": 4}
    cands = json.loads((tmp_path / "j.jsonl").read_text())["candidates"]
    assert cands[0]["sql"] == "SELECT COUNT(*) FROM singer"
    assert cands[1]["sql"] is None and "unknown column 'nme'" in cands[1]["compile_error"]
    assert "JSON" in fake_llm.requests[0]["messages"][0]["content"]
    stats = json.loads((tmp_path / "j.stats.json").read_text())
    assert stats["rates"]["CR"] == 0.5


def test_paraphrases_are_checked(fake_llm, tmp_path):
    q = "Which singers are from 'France' and older than 30?"
    fake_llm.push(answer(json.dumps({"paraphrases": [
        "List singers from 'France' whose age is above 30.",      # passes both checks
        "Which singers are from Germany and older than 30?",      # drops 'France'
        "Which singers from 'France' are older than 40?",         # drops the number 30
        "Singers from 'France' older than 30, sorted by name.",   # checker rejects
    ]})))
    fake_llm.push(answer(json.dumps({"same_meaning": True, "reason": "ok"})))
    fake_llm.push(answer(json.dumps({"same_meaning": False, "reason": "adds an ordering"})))
    out = generate_paraphrases(client(fake_llm, tmp_path), q, 4)
    assert [p.accepted for p in out] == [True, False, False, False]
    assert out[1].reason == "drops 'France'" and out[2].reason == "drops the number 30"
    assert out[3].reason == "checker: adds an ordering"
    assert len(fake_llm.requests) == 3  # deterministic rejections cost no checker call


def test_variants_go_to_their_own_pool(fake_llm, bench, tmp_path):
    def reply(req):
        content = req["messages"][-1]["content"]
        if "paraphrases" in req["messages"][0]["content"].lower() or "paraphrases" in content:
            return answer(json.dumps({"paraphrases": ["Count the singers."]}))
        if "same_meaning" in req["messages"][0]["content"]:
            return answer(json.dumps({"same_meaning": True}))
        return Reply(200, completion(["SELECT count(*) FROM singer"] * 2))

    fake_llm.default = reply
    res = generate_pool(client(fake_llm, tmp_path), bench.limit(1), tmp_path / "v.jsonl",
                        GenerateConfig(n=2, paraphrases=1, schema_orders=2))
    assert res.variants == tmp_path / "v.variants.jsonl"
    ids = [json.loads(x)["input_id"] for x in res.variants.read_text().splitlines()]
    assert ids == ["paraphrase_1", "schema_1", "schema_2"]
    assert len((tmp_path / "v.jsonl").read_text().splitlines()) == 1
    table = read_pool(tmp_path / "v.jsonl", bench.limit(1))
    read_pool(res.variants, bench.limit(1), table)
    assert table.has_variants and set(table.samples["0"]) == {"original", "paraphrase_1",
                                                              "schema_1", "schema_2"}


def test_schema_reordering_is_deterministic_and_complete(spider_db):
    s = from_sqlite(spider_db("concert_singer"), "concert_singer")
    a, b = reorder_schema(s, 0, 1), reorder_schema(s, 0, 1)
    assert a == b and schema_text(a) == schema_text(b)
    others = {schema_text(reorder_schema(s, 0, k)) for k in range(1, 6)}
    assert len(others) > 1
    for t in a.tables:
        assert sorted(c.name for c in t.columns) == sorted(s.table(t.name).column_names)
    assert sorted(t.name for t in a.tables) == sorted(t.name for t in s.tables)


def test_helpers():
    assert extract_sql("```SQL\nselect 1\n```") == "select 1"
    assert extract_sql(None) is None and extract_sql("  ") is None
    assert literal_check("q", "") == "empty"
    assert literal_check("How many?", "how many") == "same as the question"


def test_generate_then_structure_commands(fake_llm, tmp_path, mini_spider):
    """Both commands end to end: a compile-style pool with a schema-order variant."""
    from typer.testing import CliRunner

    from sqlverdict.cli import app

    good = json.dumps({"select": [{"expr": {"agg": "count", "arg": "*"}}],
                       "from": {"table": "singer"}})
    fake_llm.default = lambda req: Reply(200, completion([good, "{}", good]))
    pool = tmp_path / "pool.jsonl"
    r = CliRunner().invoke(app, ["generate", "--benchmark", f"spider:{mini_spider}", "--limit", "1",
                                 "--llm-base-url", fake_llm.url, "--llm-model", "m", "--n", "3",
                                 "--mode", "json", "--schema-orders", "1",
                                 "--cache-dir", str(tmp_path / "c"), "--out", str(pool)])
    assert r.exit_code == 0, r.output
    assert "JV 1.000  CR 0.667  PR 0.667  ES 0.667" in r.output
    r = CliRunner().invoke(app, ["structure", "--benchmark", f"spider:{mini_spider}", "--limit", "1",
                                 "--samples", f"c={pool}", "--samples",
                                 f"c={tmp_path / 'pool.variants.jsonl'}",
                                 "--out", str(tmp_path / "s")])
    assert r.exit_code == 0, r.output
    assert "Compile-style pipeline" in r.output and "Input variants" in r.output
    m = json.loads((tmp_path / "s" / "structure_summary.json").read_text())["systems"]["c"]
    assert m["compile_CR"] == pytest.approx(2 / 3) and m["EA"] == pytest.approx(2 / 3)
    assert m["VA"] == 1.0 and m["Sens"] == 0.0 and m["D_p"] == 1
