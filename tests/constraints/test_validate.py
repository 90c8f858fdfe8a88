"""Validation: offline heuristics, and the LLM route against a real loopback server."""

from __future__ import annotations

import json

import pytest
from tests.helpers.fake_llm_server import answer, error

from sqlverdict.constraints.mine import mine
from sqlverdict.constraints.validate import build_prompt, validate_heuristic, validate_llm
from sqlverdict.llm import LLMClient


def test_heuristics_are_labelled_and_transparent(shop_db):
    cs = validate_heuristic(mine(shop_db))
    assert all(c.validation["by"] == "heuristic" and c.validation["rationale"]
               for c in cs.constraints)
    assert all(c.enabled == (c.validation["decision"] == "keep") for c in cs.constraints)
    # identifiers: ranges dropped
    assert not cs.get("range:store.store_id").enabled
    assert not cs.get("range:item.store_id").enabled
    # quantities: widened to the loose bound
    r = cs.get("range:item.price")
    assert r.enabled and r.params["bound"] == "loose" and r.active_range() == tuple(r.params["loose"])
    # low-cardinality code kept; open-domain city list (4 values, 20 rows) kept as code too
    assert cs.get("in:item.category").enabled
    assert cs.get("in:store.region").enabled
    assert not cs.get("in:item.store_id").enabled  # foreign key
    assert not cs.get("in:store.open_year").enabled  # temporal
    # order: names pair up (open/close; price/discount_price)
    assert cs.get("order:store.open_year,close_year<=").enabled
    assert cs.get("order:item.price,discount_price>=").enabled
    assert cs.validation["method"] == "heuristic"
    assert sum(cs.validation["decisions"].values()) == len(cs.constraints)


def _decide_all(req, bound="semantic", semantic=(0, 1000)):
    """A scripted model: keep everything, ranges with the given bound."""
    text = next(m["content"] for m in req["messages"] if m["role"] == "user")
    ids = [line.split("id ", 1)[1].split(":", 1)[0] + ":" + line.split("id ", 1)[1].split(":", 2)[1]
           for line in text.splitlines() if line.startswith("- id ")]
    decisions = []
    for i in ids:
        d = {"id": i, "decision": "keep", "rationale": "scripted"}
        if i.startswith("range:"):
            d.update(bound=bound, semantic=list(semantic))
        decisions.append(d)
    return answer(json.dumps({"decisions": decisions}), prompt_tokens=500, completion_tokens=100)


def test_llm_validation_applies_decisions(shop_db, fake_llm, tmp_path):
    cs = mine(shop_db)
    n = len(cs.constraints)
    fake_llm.default = _decide_all
    client = LLMClient(fake_llm.url, "gpt-4o-mini", api_key="k", cache_dir=tmp_path / "c",
                       backoff_base_s=0.01)
    validate_llm(cs, client, batch_size=5, workers=2)
    assert all(c.validation["decision"] == "keep" and c.validation["by"] == "llm:gpt-4o-mini"
               for c in cs.constraints)
    r = cs.get("range:store.open_year")  # observed 1991..2010 lies outside [0, 1000]: widened
    assert r.params["bound"] == "semantic" and r.params["semantic"] == [0, 2010]
    assert "widened" in r.validation["rationale"]
    assert cs.get("range:item.price").params["semantic"] == [0, 1000]
    v = cs.validation
    assert v["failed_batches"] == 0 and v["batches"] == len(fake_llm.requests)
    assert v["repaired_batches"] == 0 and not any("attempts" in c.validation
                                                   for c in cs.constraints)
    assert v["usage"]["prompt_tokens"] == 500 * v["batches"] and v["usage"]["cost_usd"] > 0
    # second run: everything from the cache, no new request
    before = len(fake_llm.requests)
    cs2 = mine(shop_db)
    client2 = LLMClient(fake_llm.url, "gpt-4o-mini", api_key="k", cache_dir=tmp_path / "c")
    validate_llm(cs2, client2, batch_size=5, workers=2)
    assert len(fake_llm.requests) == before and client2.usage.cache_hits == v["batches"]
    assert [c.to_json() for c in cs2.constraints] == [c.to_json() for c in cs.constraints]
    assert n == len(cs2.constraints)


def test_llm_incomplete_answer_is_repaired(shop_db, fake_llm, tmp_path):
    cs = mine(shop_db)
    store = [c for c in cs.constraints if c.table == "store"][:3]
    cs.constraints = store
    first = {"decisions": [{"id": store[0].id, "decision": "keep", "bound": "loose"}]}
    fake_llm.push(answer(json.dumps(first)))
    fake_llm.default = lambda req: _decide_all(req, bound="strict")
    client = LLMClient(fake_llm.url, "m", api_key="k", cache_dir=None)
    validate_llm(cs, client, batch_size=10)
    assert "no decision for" in fake_llm.requests[1]["messages"][-1]["content"]
    assert all(c.validation["decision"] == "keep" for c in cs.constraints)
    assert all(c.validation["attempts"] == 2 for c in cs.constraints)
    assert cs.validation["repaired_batches"] == 1


def test_llm_failures_are_marked_error_and_disabled(shop_db, fake_llm, tmp_path):
    cs = mine(shop_db)
    fake_llm.default = lambda req: error(500, "model overloaded")
    client = LLMClient(fake_llm.url, "m", api_key="k", cache_dir=None, max_retries=1,
                       backoff_base_s=0.01)
    validate_llm(cs, client, batch_size=100)
    assert all(c.validation["decision"] == "error" and not c.enabled for c in cs.constraints)
    assert cs.validation["failed_batches"] == 2  # one batch per table
    assert "model overloaded" in cs.validation["errors"][0]


def test_prompt_carries_schema_descriptions_and_evidence(shop_db, tmp_path):
    d = tmp_path / "desc"
    d.mkdir()
    (d / "store.csv").write_text(
        "original_column_name,column_name,column_description,data_format,value_description\n"
        "open_year,,year the store opened,integer,\n", encoding="utf-8")
    cs = mine(shop_db, descriptions=d)
    assert cs.descriptions == {"store": {"open_year": "year the store opened"}}
    msgs = build_prompt(cs, None, "store", [cs.get("range:store.open_year")])
    text = msgs[1]["content"]
    assert "First rows" not in text  # no schema given: no rows either
    from sqlverdict.schema import from_sqlite
    full = build_prompt(cs, from_sqlite(shop_db), "store", [cs.get("range:store.open_year")])
    full_text = full[1]["content"]
    assert 'CREATE TABLE "store"' in full_text
    assert '{"store_id": 1, "city": "Bergen", "region": "NO", "open_year": 1991' in full_text
    assert "open_year: year the store opened" in text
    assert "strict [1991, 2010]" in text and "loose [1967, 2034]" in text
    assert "The example table has 20 rows." in text


@pytest.mark.parametrize("args, message", [
    (["--offline", "--llm-model", "m"], "not both"),
    ([], "--offline for heuristics"),
])
def test_cli_validate_argument_errors(shop_db, tmp_path, args, message):
    from typer.testing import CliRunner

    from sqlverdict.cli import app

    f = tmp_path / "c.json"
    mine(shop_db).save(f)
    r = CliRunner().invoke(app, ["constraints", "validate", str(f), "--out",
                                 str(tmp_path / "o.json"), *args])
    assert r.exit_code == 2 and message in " ".join(r.output.split())


def test_cli_mine_validate_offline_and_llm(shop_db, tmp_path, fake_llm):
    from typer.testing import CliRunner

    from sqlverdict.cli import app
    from sqlverdict.constraints.model import ConstraintSet

    runner = CliRunner()
    f = tmp_path / "c.json"
    r = runner.invoke(app, ["constraints", "mine", str(shop_db), "--out", str(f)])
    assert r.exit_code == 0, r.output
    assert "wrote" in r.output and ConstraintSet.load(f).counts()["fd"] >= 1
    r = runner.invoke(app, ["constraints", "validate", str(f), "--out", str(tmp_path / "h.json"),
                            "--offline"])
    assert r.exit_code == 0, r.output
    assert ConstraintSet.load(tmp_path / "h.json").validation["method"] == "heuristic"
    fake_llm.default = _decide_all
    r = runner.invoke(app, ["constraints", "validate", str(f), "--out", str(tmp_path / "l.json"),
                            "--llm-base-url", fake_llm.url, "--llm-model", "test-model",
                            "--cache-dir", str(tmp_path / "cache")])
    assert r.exit_code == 0, r.output
    assert "LLM:" in r.output and "unknown price" in r.output
    out = ConstraintSet.load(tmp_path / "l.json")
    assert out.validation["method"] == "llm" and out.validation["model"] == "test-model"
    fake_llm.default = lambda req: error(400, "model does not exist")
    r = runner.invoke(app, ["constraints", "validate", str(f), "--out", str(tmp_path / "e.json"),
                            "--llm-base-url", fake_llm.url, "--llm-model", "other",
                            "--cache-dir", str(tmp_path / "cache"), "--timeout", "2"],
                      env={"SQLVERDICT_LLM_API_KEY": "k"})
    assert r.exit_code == 1


def test_bird_descriptions_load_including_cp1252_files(shared_data):
    from sqlverdict.constraints.descriptions import describe_column, load_descriptions

    bird_desc = shared_data / "bird" / "database_descriptions"
    d = load_descriptions(bird_desc / "financial")
    assert "account" in d and "frequency" in d["account"]
    assert "monthly" in describe_column(d, "account", "frequency").lower()
    d = load_descriptions(bird_desc / "student_club")  # budget.csv is Windows-1252
    assert "budget" in d and d["budget"]


def test_llm_answer_schema_is_sent_and_pins_the_ids(shop_db, fake_llm, tmp_path):
    cs = mine(shop_db)
    fake_llm.default = _decide_all
    client = LLMClient(fake_llm.url, "m", api_key="k", cache_dir=None)
    validate_llm(cs, client, batch_size=4, workers=1, answer_schema_mode=True)
    assert all(c.validation["decision"] == "keep" for c in cs.constraints)
    for req in fake_llm.requests:
        rf = req["response_format"]
        assert rf["type"] == "json_object"
        items = rf["schema"]["properties"]["decisions"]["prefixItems"]
        ids = [it["properties"]["id"]["const"] for it in items]
        # the ids asked for in the prompt, in order, one answer each
        text = req["messages"][1]["content"]
        assert [i for i in ids if f"- id {i}:" in text] == ids
        assert rf["schema"]["properties"]["decisions"]["minItems"] == len(ids)
