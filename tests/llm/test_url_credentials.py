"""Credentials in an LLM base URL (issue 15, item 6) are used, never stored or printed, and
a base URL with a query string still reaches ``.../chat/completions?query``."""

from __future__ import annotations

import base64
import json
import sqlite3

from tests.helpers.fake_llm_server import Reply, answer

from sqlverdict.constraints.mine import mine
from sqlverdict.constraints.validate import validate_llm
from sqlverdict.llm import LLMClient, LLMHTTPError

MSG = [{"role": "user", "content": "hi"}]
SECRETS = ("s3cr3t-pass", "qs-key-123")


def _url(srv) -> str:  # http://127.0.0.1:PORT/v1 -> with user:password@ and a query
    scheme, rest = srv.url.split("://")
    return f"{scheme}://alice:{SECRETS[0]}@{rest}?api-version=2024-06&key={SECRETS[1]}"


def _no_secret(text: str) -> None:
    assert not any(s in text for s in SECRETS), text


def test_query_goes_after_the_path_and_userinfo_is_basic_auth(fake_llm, tmp_path):
    fake_llm.push(answer("yes"))
    c = LLMClient(_url(fake_llm), "m", api_key="", cache_dir=tmp_path / "cache")
    assert c.chat(MSG).text == "yes"
    assert fake_llm.paths == [f"/v1/chat/completions?api-version=2024-06&key={SECRETS[1]}"]
    token = base64.b64encode(f"alice:{SECRETS[0]}".encode()).decode()
    assert fake_llm.headers[0]["authorization"] == f"Basic {token}"
    _no_secret(c.base_url + c.endpoint)
    assert c.endpoint.endswith("/v1/chat/completions?api-version=***&key=***")


def test_errors_name_the_endpoint_without_credentials(fake_llm, tmp_path):
    fake_llm.push(Reply(status=401, body={"error": {"message": "bad key"}}))
    c = LLMClient(_url(fake_llm), "m", api_key="k", cache_dir=None)
    try:
        c.chat(MSG)
    except LLMHTTPError as e:
        _no_secret(str(e))
        assert "***@" in str(e) and "bad key" in str(e)
    else:
        raise AssertionError("HTTP 401 must fail")


def test_constraint_file_stores_the_url_redacted(fake_llm, tmp_path):
    db = tmp_path / "t.sqlite"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE t(a INT NOT NULL, b TEXT)")
    conn.executemany("INSERT INTO t VALUES (?, ?)", [(i, "x") for i in range(20)])
    conn.commit()
    conn.close()
    cs = mine(db)
    fake_llm.default = lambda req: answer(json.dumps({"decisions": []}))
    client = LLMClient(_url(fake_llm), "m", api_key="k", cache_dir=None)
    validate_llm(cs, client, batch_size=50)
    out = tmp_path / "cs.json"
    cs.save(out)
    _no_secret(out.read_text())
    assert cs.validation["base_url"].startswith("http://***@127.0.0.1")
