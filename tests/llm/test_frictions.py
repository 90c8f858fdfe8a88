"""Issue 28's frictions, fixed: stop tokens out of the sequence log-probability, the response
cache read without writing anything, the server's log out of the temporary folder (and gone
after a clean stop), a cache-only server without the extra."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest
from tests.helpers.fake_llm_server import Reply, answer

from sqlverdict.llm import LLMClient
from sqlverdict.llm.local import LocalServer, LocalServerError


def test_stop_and_end_tokens_do_not_count_in_sum_logprob(fake_llm, tmp_path):
    # as llama.cpp answers: the text ends before the stop string, the tokens go on
    body = {"id": "x", "object": "text_completion", "created": 0, "model": "m",
            "choices": [{"index": 0, "text": " name FROM singer", "finish_reason": "stop",
                         "logprobs": {"tokens": [" name", " FROM", " singer", ";", "</s>"],
                                      "token_logprobs": [-0.5, -0.25, -0.25, -3.0, -4.0]}}],
            "usage": {"prompt_tokens": 5, "completion_tokens": 5}}
    fake_llm.push(Reply(200, body))
    chat = answer("SELECT 1")
    chat.body["choices"][0]["logprobs"] = {"content": [
        {"token": "SELECT", "logprob": -0.1}, {"token": " 1", "logprob": -0.2},
        {"token": "<|im_end|>", "logprob": -5.0}]}
    fake_llm.push(chat)
    c = LLMClient(fake_llm.url, "m", cache_dir=tmp_path / "c", api_key="")
    r = c.complete("SELECT", max_tokens=8, logprobs=0, stop=[";"])
    assert [t["token"] for t in r.choices[0].logprobs] == [" name", " FROM", " singer"]
    assert r.choices[0].sum_logprob == pytest.approx(-1.0)
    r = c.chat([{"role": "user", "content": "q"}], logprobs=True, top_logprobs=1)
    assert r.choices[0].sum_logprob == pytest.approx(-0.3)
    # from the cache: the same (trimming happens when reading, not when storing)
    assert c.complete("SELECT", max_tokens=8, logprobs=0,
                      stop=[";"]).choices[0].sum_logprob == pytest.approx(-1.0)


def test_reading_a_cache_read_only_writes_nothing(fake_llm, tmp_path):
    fake_llm.push(answer("yes"))
    cache = tmp_path / "cache"
    w = LLMClient(fake_llm.url, "m", cache_dir=cache, api_key="")
    w.chat([{"role": "user", "content": "q"}], temperature=0)
    w.cache.close()
    files = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in cache.iterdir()}
    assert set(files) == {"responses.sqlite"}
    r = LLMClient(fake_llm.url, "m", cache_dir=cache, api_key="", cache_readonly=True)
    assert r.chat([{"role": "user", "content": "q"}], temperature=0).cached
    fake_llm.push(answer("new"))  # a miss goes to the server, and is not stored
    assert r.chat([{"role": "user", "content": "other"}], temperature=0).text == "new"
    r.cache.close()
    assert {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in cache.iterdir()} == files
    with pytest.raises(Exception, match="does not exist"):
        LLMClient(fake_llm.url, "m", cache_dir=tmp_path / "none", cache_readonly=True)


class _Scripted(LocalServer):
    """A LocalServer whose process is a tiny Python HTTP server (real process, real port)
    answering /v1/models, or exiting at once with code 3."""

    def __init__(self, tmp_path: Path, fail: bool = False):
        model = tmp_path / "m.gguf"
        model.write_bytes(b"GGUF")
        super().__init__(model, offline=True, ready_timeout_s=30)
        self.offline, self.fail = False, fail

    def command(self) -> list[str]:
        if self.fail:
            return [sys.executable, "-c", "print('boom'); raise SystemExit(3)"]
        code = ("import http.server, json\n"
                "class H(http.server.BaseHTTPRequestHandler):\n"
                "    def do_GET(self):\n"
                "        b = json.dumps({'data': []}).encode()\n"
                "        self.send_response(200); self.end_headers(); self.wfile.write(b)\n"
                f"http.server.HTTPServer(('127.0.0.1', {self.port}), H).serve_forever()\n")
        return [sys.executable, "-c", code]


def test_server_log_lives_in_the_cache_folder_and_goes_after_a_clean_stop(tmp_path,
                                                                         monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    logs = tmp_path / "xdg" / "sqlverdict" / "llm-server"
    with _Scripted(tmp_path) as srv:
        assert srv.running() and srv.log_path.parent == logs and srv.log_path.is_file()
    assert not srv.running() and list(logs.iterdir()) == []
    bad = _Scripted(tmp_path, fail=True)
    with pytest.raises(LocalServerError, match="exited with code 3") as e:
        bad.start()
    assert str(bad.log_path) in str(e.value) and "boom" in bad.log_path.read_text()
    assert bad.log_path.parent == logs  # kept, for the error it is named in


def test_cache_only_server_needs_neither_the_extra_nor_the_file():
    srv = LocalServer(offline=True)  # the bundled model, by its recorded name and size
    assert srv.cache_namespace == "local:SmolLM2-135M-Instruct.Q4_1.gguf:98362432"
    with pytest.raises(LocalServerError, match="offline"):
        srv.start()
