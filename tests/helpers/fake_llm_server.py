"""A real chat- and text-completions HTTP server on loopback with scripted replies, for tests.

Usage::

    from tests.helpers.fake_llm_server import FakeLLMServer, answer, Reply

    with FakeLLMServer([Reply(status=429, headers={"Retry-After": "0"}), answer('{"a": 1}')]) as srv:
        client = LLMClient(srv.url, "test-model", cache_dir=tmp_path)
        ...
        assert len(srv.requests) == 2

Each incoming POST to ``/v1/chat/completions`` or ``/v1/completions`` consumes the next item of the script: a
``Reply`` (status, JSON or raw body, headers, an optional delay before answering, or a body
trickled byte by byte), or a callable taking the request JSON and returning a ``Reply``.
When the script is empty, ``default`` answers (a callable, or by default HTTP 400
"script exhausted", which the client does not retry, so a test fails fast). Received
request bodies, headers and paths are kept in ``requests``, ``headers`` and ``paths``.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    status: int = 200
    body: Any = None  # dict/list -> JSON; str/bytes -> sent as is; None -> minimal error JSON
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0  # sleep before answering (interrupted when the server stops)
    trickle_s: float = 0.0  # send the body one byte at a time with this pause


def completion(contents: list[str | None], *, prompt_tokens: int = 10, completion_tokens: int = 5,
               logprobs: list[list[dict]] | None = None, model: str = "fake") -> dict:
    """An OpenAI chat.completion body with one choice per content."""
    choices = []
    for i, c in enumerate(contents):
        ch: dict[str, Any] = {"index": i, "message": {"role": "assistant", "content": c},
                              "finish_reason": "stop"}
        if logprobs is not None:
            ch["logprobs"] = {"content": logprobs[i]}
        choices.append(ch)
    return {"id": "chatcmpl-fake", "object": "chat.completion", "created": int(time.time()),
            "model": model, "choices": choices,
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                      "total_tokens": prompt_tokens + completion_tokens}}


def text_completion(texts: list[str], *, logprobs: list[list[float]] | None = None,
                    finish_reasons: list[str] | None = None, prompt_tokens: int = 10,
                    completion_tokens: int = 5) -> dict:
    """An OpenAI text_completion body (the ``/completions`` endpoint), one choice per text;
    ``logprobs[i]`` are the sampled tokens' log-probabilities (one token per value)."""
    choices = []
    for i, t in enumerate(texts):
        ch: dict[str, Any] = {"index": i, "text": t,
                              "finish_reason": (finish_reasons or ["stop"] * len(texts))[i]}
        if logprobs is not None:
            ch["logprobs"] = {"tokens": [f"t{k}" for k in range(len(logprobs[i]))],
                              "token_logprobs": logprobs[i], "top_logprobs": None,
                              "text_offset": list(range(len(logprobs[i])))}
        choices.append(ch)
    return {"id": "cmpl-fake", "object": "text_completion", "created": int(time.time()),
            "model": "fake", "choices": choices,
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                      "total_tokens": prompt_tokens + completion_tokens}}


def answer(content: str | None, **kw: Any) -> Reply:
    """A successful reply with one choice whose message content is ``content``."""
    return Reply(200, completion([content], **kw))


def error(status: int, message: str = "", **kw: Any) -> Reply:
    return Reply(status, {"error": {"message": message or f"scripted {status}",
                                    "type": "fake"}}, **kw)


Script = Reply | Callable[[dict], Reply]


class FakeLLMServer:
    def __init__(self, script: list[Script] | None = None,
                 default: Callable[[dict], Reply] | None = None):
        self.script: deque[Script] = deque(script or [])
        self.default = default or (lambda req: error(400, "fake server: script exhausted"))
        self.requests: list[dict] = []
        self.headers: list[dict[str, str]] = []
        self.paths: list[str] = []  # request paths, query string included
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -------------------------------------------------------------- lifecycle
    def start(self) -> FakeLLMServer:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

            def do_POST(self) -> None:  # noqa: N802
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                try:
                    req = json.loads(raw)
                except json.JSONDecodeError:
                    req = {"_raw": raw.decode("utf-8", "replace")}
                with owner._lock:
                    owner.requests.append(req)
                    owner.headers.append({k.lower(): v for k, v in self.headers.items()})
                    owner.paths.append(self.path)
                    item = owner.script.popleft() if owner.script else owner.default
                reply = item(req) if callable(item) else item
                if not self.path.split("?")[0].rstrip("/").endswith("/completions"):
                    reply = error(404, f"no route {self.path}")
                if reply.delay_s and owner._stop.wait(reply.delay_s):
                    return
                body = reply.body
                if body is None:
                    body = {"error": {"message": f"scripted {reply.status}"}}
                if isinstance(body, (dict, list)):
                    data = json.dumps(body).encode()
                elif isinstance(body, str):
                    data = body.encode()
                else:
                    data = body
                try:
                    self.send_response(reply.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.send_header("Connection", "close")
                    for k, v in reply.headers.items():
                        self.send_header(k, v)
                    self.end_headers()
                    if reply.trickle_s:
                        for i in range(len(data)):
                            self.wfile.write(data[i:i + 1])
                            self.wfile.flush()
                            if owner._stop.wait(reply.trickle_s):
                                return
                    else:
                        self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass
                self.close_connection = True

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True,
                                        kwargs={"poll_interval": 0.05})
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> FakeLLMServer:
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    # -------------------------------------------------------------- helpers
    @property
    def url(self) -> str:
        assert self._server is not None, "server not started"
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def push(self, *items: Script) -> None:
        with self._lock:
            self.script.extend(items)
