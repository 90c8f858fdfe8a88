"""The LLM client against a real loopback HTTP server with scripted answers."""

from __future__ import annotations

import json
import threading
import time

import pytest
from tests.helpers.fake_llm_server import Reply, answer, completion, error, text_completion

from sqlverdict.llm import (
    LLMClient,
    LLMError,
    LLMHTTPError,
    LLMJSONError,
    LLMTimeout,
    ResponseCache,
    check_shape,
)

MSG = [{"role": "user", "content": "Is 1 + 1 = 2? Answer JSON."}]


def make(srv, tmp_path, **kw):
    kw.setdefault("cache_dir", tmp_path / "cache")
    kw.setdefault("backoff_base_s", 0.01)
    kw.setdefault("backoff_max_s", 0.05)
    kw.setdefault("timeout_s", 2.0)
    kw.setdefault("seed", 0)
    return LLMClient(srv.url, "gpt-4o-mini", api_key="sk-test", **kw)


def test_success_sends_protocol_and_counts_usage(fake_llm, tmp_path):
    fake_llm.push(answer("yes", prompt_tokens=1000, completion_tokens=200))
    c = make(fake_llm, tmp_path)
    r = c.chat(MSG, temperature=0.0, max_tokens=50)
    assert r.text == "yes" and not r.cached
    req = fake_llm.requests[0]
    assert req["model"] == "gpt-4o-mini" and req["messages"] == MSG
    assert req["temperature"] == 0.0 and req["max_tokens"] == 50 and "top_p" not in req
    assert fake_llm.headers[0]["authorization"] == "Bearer sk-test"
    u = c.usage.summary()
    assert (u["calls"], u["requests"], u["retries"], u["prompt_tokens"]) == (1, 1, 0, 1000)
    # gpt-4o-mini: 0.15 $/M in, 0.60 $/M out
    assert u["cost_usd"] == pytest.approx((1000 * 0.15 + 200 * 0.60) / 1e6)
    assert "1 calls" in c.usage.text()


def test_cache_hit_avoids_second_request_and_survives_new_client(fake_llm, tmp_path):
    fake_llm.push(answer('{"a": 1}'))
    c = make(fake_llm, tmp_path)
    assert c.chat(MSG, temperature=0).text == '{"a": 1}'
    again = c.chat(MSG, temperature=0)
    assert again.cached and again.text == '{"a": 1}'
    c2 = make(fake_llm, tmp_path)  # a new process would see the same file
    assert c2.chat(MSG, temperature=0).cached
    assert len(fake_llm.requests) == 1
    assert c.usage.cache_hits == 1 and c2.usage.cache_hits == 1
    # a different parameter is a different key: goes to the server (which now says 400)
    with pytest.raises(LLMHTTPError) as ei:
        c.chat(MSG, temperature=0.5)
    assert ei.value.status == 400 and "script exhausted" in str(ei.value)
    assert len(fake_llm.requests) == 2


def test_cache_disabled_per_call(fake_llm, tmp_path):
    fake_llm.push(answer("one"), answer("two"))
    c = make(fake_llm, tmp_path)
    assert c.chat(MSG).text == "one"
    assert c.chat(MSG, cache=False).text == "two"
    assert c.chat(MSG).text == "one"  # the cache kept its first entry


def test_429_retry_after_is_honoured(fake_llm, tmp_path):
    fake_llm.push(error(429, "rate limited", headers={"Retry-After": "0.4"}), answer("ok"))
    c = make(fake_llm, tmp_path)
    t0 = time.monotonic()
    assert c.chat(MSG).text == "ok"
    waited = time.monotonic() - t0
    assert waited >= 0.4, waited  # backoff alone is <= 0.05 s
    assert c.usage.retries == 1 and c.usage.requests == 2


def test_retry_after_too_long_fails_at_once(fake_llm, tmp_path):
    fake_llm.push(error(429, "quota", headers={"Retry-After": "3600"}))
    c = make(fake_llm, tmp_path, max_retry_after_s=5)
    t0 = time.monotonic()
    with pytest.raises(LLMHTTPError, match="asks to wait 3600 s"):
        c.chat(MSG)
    assert time.monotonic() - t0 < 1.0 and len(fake_llm.requests) == 1


def test_500s_then_success(fake_llm, tmp_path):
    fake_llm.push(error(500), error(502), Reply(503, "<html>down</html>"), answer("fine"))
    c = make(fake_llm, tmp_path)
    assert c.chat(MSG).text == "fine"
    assert c.usage.retries == 3 and c.usage.requests == 4 and c.usage.failures == 0


def test_persistent_500_gives_up_with_clear_error(fake_llm, tmp_path):
    fake_llm.push(*[error(500, "boom")] * 3)
    c = make(fake_llm, tmp_path, max_retries=2)
    with pytest.raises(LLMHTTPError) as ei:
        c.chat(MSG)
    assert ei.value.status == 500 and "boom" in str(ei.value) and "gave up" in str(ei.value)
    assert len(fake_llm.requests) == 3 and c.usage.failures == 1
    assert c.cache is not None and len(c.cache) == 0  # failures are not cached


def test_auth_error_not_retried_and_explains(fake_llm, tmp_path):
    fake_llm.push(error(401, "Incorrect API key provided"))
    c = make(fake_llm, tmp_path)
    with pytest.raises(LLMHTTPError, match="SQLVERDICT_LLM_API_KEY"):
        c.chat(MSG)
    assert len(fake_llm.requests) == 1


def test_timeout_then_success(fake_llm, tmp_path):
    fake_llm.push(Reply(200, completion(["late"]), delay_s=5), answer("quick"))
    c = make(fake_llm, tmp_path, timeout_s=0.3)
    t0 = time.monotonic()
    assert c.chat(MSG).text == "quick"
    assert time.monotonic() - t0 < 2.0
    assert c.usage.retries == 1


def test_trickling_server_is_cut_off(fake_llm, tmp_path):
    """A server sending one byte every 50 ms never trips a per-read timeout; the wall-clock
    budget must still end the request."""
    slow = Reply(200, completion(["x" * 200]), trickle_s=0.05)
    fake_llm.push(slow, slow)
    c = make(fake_llm, tmp_path, timeout_s=0.4, max_retries=1)
    t0 = time.monotonic()
    with pytest.raises(LLMTimeout, match="timed out"):
        c.chat(MSG)
    assert time.monotonic() - t0 < 2.5


def test_total_budget_bounds_everything(fake_llm, tmp_path):
    fake_llm.default = lambda req: error(503, "busy", headers={"Retry-After": "0.3"})
    c = make(fake_llm, tmp_path, max_retries=100, max_total_s=1.0)
    t0 = time.monotonic()
    with pytest.raises(LLMHTTPError, match="503"):
        c.chat(MSG)
    assert time.monotonic() - t0 < 2.0


def test_malformed_body_is_retried(fake_llm, tmp_path):
    fake_llm.push(Reply(200, "{not json"), Reply(200, {"no": "choices"}), answer("good"))
    c = make(fake_llm, tmp_path)
    assert c.chat(MSG).text == "good"
    assert c.usage.retries == 2


def test_connection_refused_is_an_llm_error(tmp_path):
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nothing listens there now
    c = LLMClient(f"http://127.0.0.1:{port}/v1", "m", api_key="", cache_dir=None,
                  max_retries=1, backoff_base_s=0.01)
    with pytest.raises(LLMError, match="connection failed"):
        c.chat(MSG)


def test_json_mode_repairs_malformed_answer(fake_llm, tmp_path):
    fake_llm.push(answer("I think the answer is yes."), answer('```json\n{"keep": true}\n```'))
    c = make(fake_llm, tmp_path)
    value, resp = c.chat_json(MSG, validate=lambda v: check_shape(v, {"keep": bool}))
    assert value == {"keep": True}
    assert fake_llm.requests[0]["response_format"] == {"type": "json_object"}
    repair = fake_llm.requests[1]["messages"]
    assert repair[-2] == {"role": "assistant", "content": "I think the answer is yes."}
    assert "not usable" in repair[-1]["content"]


def test_json_mode_validation_failure_gives_clear_error(fake_llm, tmp_path):
    fake_llm.push(*[answer('{"keep": "maybe"}')] * 3)
    c = make(fake_llm, tmp_path)
    with pytest.raises(LLMJSONError, match="key 'keep' should be bool"):
        c.chat_json(MSG, validate=lambda v: check_shape(v, {"keep": bool}))
    assert len(fake_llm.requests) == 3


def test_samples_and_logprobs(fake_llm, tmp_path):
    lps = [[{"token": "SELECT", "logprob": -0.1}, {"token": " 1", "logprob": -0.4}],
           [{"token": "SELECT", "logprob": -0.2}, {"token": " 2", "logprob": -1.0}]]
    fake_llm.push(Reply(200, completion(["SELECT 1", "SELECT 2"], logprobs=lps)))
    c = make(fake_llm, tmp_path)
    r = c.chat(MSG, n=2, temperature=0.8, top_p=0.95, logprobs=True, top_logprobs=2)
    req = fake_llm.requests[0]
    assert (req["n"], req["temperature"], req["top_p"], req["logprobs"], req["top_logprobs"]) == (
        2, 0.8, 0.95, True, 2)
    assert [ch.text for ch in r.choices] == ["SELECT 1", "SELECT 2"]
    assert [ch.sum_logprob for ch in r.choices] == pytest.approx([-0.5, -1.2])
    assert c.chat(MSG, n=2, temperature=0.8, top_p=0.95, logprobs=True,
                  top_logprobs=2).choices[1].sum_logprob == pytest.approx(-1.2)


def test_text_completions_keep_token_logprobs(fake_llm, tmp_path):
    fake_llm.push(Reply(200, text_completion([" name FROM singer", " 1"],
                                             logprobs=[[-0.5, -0.25, -0.25], [-2.0]],
                                             finish_reasons=["stop", "length"])))
    c = make(fake_llm, tmp_path)
    r = c.complete("-- Question: names?\nSELECT", n=2, temperature=0.4, max_tokens=64,
                   logprobs=0, stop=[";"], seed=7)
    req = fake_llm.requests[0]
    assert req["prompt"].endswith("SELECT") and "messages" not in req
    assert (req["n"], req["temperature"], req["logprobs"], req["stop"], req["seed"]) == (
        2, 0.4, 0, [";"], 7)
    assert [ch.text for ch in r.choices] == [" name FROM singer", " 1"]
    assert [ch.finish_reason for ch in r.choices] == ["stop", "length"]
    assert [len(ch.logprobs) for ch in r.choices] == [3, 1]
    assert [ch.sum_logprob for ch in r.choices] == pytest.approx([-1.0, -2.0])
    # cached, and never confused with a chat request of the same text
    assert c.complete("-- Question: names?\nSELECT", n=2, temperature=0.4, max_tokens=64,
                      logprobs=0, stop=[";"], seed=7).cached
    with pytest.raises(LLMHTTPError):
        c.chat([{"role": "user", "content": "-- Question: names?\nSELECT"}], n=2,
               temperature=0.4, max_tokens=64, stop=[";"], seed=7)
    assert len(fake_llm.requests) == 2


def test_cache_namespace_survives_a_new_port(tmp_path):
    """A local server restarted on another port is the same model: keyed by namespace."""
    from tests.helpers.fake_llm_server import FakeLLMServer

    with FakeLLMServer([answer("first")]) as a:
        c = LLMClient(a.url, "m", cache_dir=tmp_path, cache_namespace="local:model.gguf")
        assert c.chat(MSG, temperature=0).text == "first"
    with FakeLLMServer() as b:  # answers nothing: a request would fail with HTTP 400
        c2 = LLMClient(b.url, "m", cache_dir=tmp_path, cache_namespace="local:model.gguf")
        assert c2.chat(MSG, temperature=0).cached and not b.requests
        c3 = LLMClient(b.url, "m", cache_dir=tmp_path)  # keyed by URL: a different key
        with pytest.raises(LLMHTTPError):
            c3.chat(MSG, temperature=0)


def test_api_key_from_environment(fake_llm, tmp_path, monkeypatch):
    monkeypatch.delenv("SQLVERDICT_LLM_API_KEY", raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-openai")
    fake_llm.push(answer("a"), answer("b"))
    LLMClient(fake_llm.url, "m", cache_dir=None).chat(MSG)
    monkeypatch.setenv("SQLVERDICT_LLM_API_KEY", "sk-own")
    LLMClient(fake_llm.url, "m", cache_dir=None).chat(MSG)
    assert [h["authorization"] for h in fake_llm.headers] == ["Bearer sk-openai", "Bearer sk-own"]


def test_bad_base_url_is_input_error():
    with pytest.raises(ValueError, match="not an http"):
        LLMClient("api.openai.com", "m")


def test_cache_concurrent_writers_lose_nothing(tmp_path):
    """Threads (each with its own connection) write disjoint keys at once; all survive."""
    cache = ResponseCache(tmp_path)
    def work(i):
        for j in range(50):
            cache.put(f"k{i}-{j}", {"v": [i, j]})
    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    again = ResponseCache(tmp_path)
    assert len(again) == 200 and again.get("k3-49") == {"v": [3, 49]}
    again.put("k3-49", {"v": "overwrite?"})
    assert again.get("k3-49") == {"v": [3, 49]}  # first write wins
    assert json.loads(json.dumps(again.get("k0-0"))) == {"v": [0, 0]}


def _write_many(args):
    directory, i = args
    cache = ResponseCache(directory)
    for j in range(40):
        cache.put(f"p{i}-{j}", {"v": [i, j]})
    return i


def test_cache_concurrent_processes_lose_nothing(tmp_path):
    import multiprocessing as mp

    ctx = mp.get_context("spawn")
    with ctx.Pool(3) as pool:
        assert sorted(pool.map(_write_many, [(str(tmp_path), i) for i in range(3)])) == [0, 1, 2]
    cache = ResponseCache(tmp_path)
    assert len(cache) == 120 and cache.get("p2-39") == {"v": [2, 39]}


def _open_and_put(args):
    directory, i = args
    ResponseCache(directory).put(f"k{i}", {"v": i})
    return i


def test_processes_opening_a_new_cache_together_all_open_it(tmp_path):
    """SQLite answers the switch to WAL with "database is locked" at once (no busy wait)
    when processes create one cache together: each must retry, not fail (before the fix,
    a few of these 160 openings failed)."""
    import multiprocessing as mp

    with mp.get_context("spawn").Pool(4) as pool:
        for r in range(40):
            folder = str(tmp_path / f"c{r}")
            assert sorted(pool.map(_open_and_put, [(folder, i) for i in range(4)])) == [0, 1, 2, 3]
            assert len(ResponseCache(folder)) == 4
