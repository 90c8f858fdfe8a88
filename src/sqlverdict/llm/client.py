"""A small OpenAI-compatible client for chat and text completions (standard library only).

What it guarantees:

- **Nothing hangs.** Every HTTP exchange has a wall-clock budget (``timeout_s``) enforced
  while connecting, sending and reading (a server that trickles bytes is cut off too), and
  the whole call, retries and waits included, has another (``max_total_s``).
- **Transient failures are retried**: HTTP 408/409/429/5xx, timeouts, dropped connections
  and unparsable response bodies, with exponential backoff and full jitter. ``Retry-After``
  (seconds or an HTTP date) and ``retry-after-ms`` are honoured; a wait longer than
  ``max_retry_after_s`` fails at once with a clear message instead of sleeping for an hour.
  Other 4xx answers (bad key, unknown model) fail at once: retrying cannot help.
- **Nothing is asked twice**: successful responses go to an append-only on-disk cache
  (``ResponseCache``) keyed by a hash of (base_url, model, messages, params).
- **Log-probabilities are kept** per token for both endpoints: chat's
  ``choices[i].logprobs.content`` and the completions endpoint's ``tokens`` /
  ``token_logprobs`` end up in one shape, ``Choice.logprobs`` (``[{"token", "logprob"}]``).
- **Costs are visible**: ``usage`` counts calls, HTTP requests, retries, cache hits,
  tokens, seconds and an estimated cost in USD (known models or prices you give).

The key comes from ``SQLVERDICT_LLM_API_KEY``, else ``OPENAI_API_KEY``; without one, no
``Authorization`` header is sent (fine for local servers). Credentials in the base URL
(``user:password@``, query values such as ``?key=...``) are used for requests but never
stored or printed: ``base_url`` and ``endpoint`` show them as ``***``. The endpoint path goes
before the query (``/v1/chat/completions?api-version=...``).

>>> c = LLMClient("http://127.0.0.1:9/v1", "gpt-4o-mini", api_key="k", cache_dir=None)
>>> c.endpoint
'http://127.0.0.1:9/v1/chat/completions'
>>> LLMClient("https://u:secret@h.example/v1/?key=s3&api-version=2", "m", cache_dir=None).endpoint
'https://***@h.example/v1/chat/completions?key=***&api-version=***'
>>> Choice.from_json({"text": " 1", "logprobs": {"tokens": [" 1"], "token_logprobs": [-0.5]}}).sum_logprob
-0.5
>>> c.usage.summary()["cost_usd"]
0.0
"""

from __future__ import annotations

import base64
import email.utils
import http.client
import json
import os
import random
import threading
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError, SqlverdictError
from .cache import DEFAULT_CACHE, ResponseCache, default_cache_dir, request_key
from .jsonmode import parse_json_answer

API_KEY_VARS = ("SQLVERDICT_LLM_API_KEY", "OPENAI_API_KEY")
ELAPSED_KEY = "sqlverdict_elapsed_s"  # added to cached bodies: seconds the request took
RETRYABLE_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504})

# USD per million (input, output) tokens; used only for the cost estimate. Prefix match.
KNOWN_PRICES: dict[str, tuple[float, float]] = {
    "gpt-4o-mini": (0.15, 0.60),
    "gpt-4o": (2.50, 10.00),
    "gpt-4.1-nano": (0.10, 0.40),
    "gpt-4.1-mini": (0.40, 1.60),
    "gpt-4.1": (2.00, 8.00),
    "gpt-3.5-turbo": (0.50, 1.50),
    "o4-mini": (1.10, 4.40),
    "deepseek-chat": (0.27, 1.10),
}


class LLMError(SqlverdictError):
    """A chat request failed for good (after retries, or at once when retrying cannot help)."""


class LLMHTTPError(LLMError):
    def __init__(self, status: int, message: str):
        self.status = status
        super().__init__(message)


class LLMTimeout(LLMError):
    """The server did not answer within the budget."""


class LLMJSONError(LLMError):
    """The model's answer was not the JSON asked for, after repair attempts."""


class _Retryable(Exception):
    def __init__(self, message: str, retry_after: float | None = None, status: int | None = None):
        self.retry_after = retry_after
        self.status = status
        super().__init__(message)


def api_key_from_env() -> str | None:
    for var in API_KEY_VARS:
        v = os.environ.get(var)
        if v:
            return v
    return None


def parse_retry_after(headers: Any) -> float | None:
    """Seconds to wait from ``retry-after-ms`` or ``Retry-After`` (delta or HTTP date).

    >>> parse_retry_after({"Retry-After": "2"})
    2.0
    >>> parse_retry_after({"retry-after-ms": "1500"})
    1.5
    >>> parse_retry_after({}) is None
    True
    """
    get = headers.get
    ms = get("retry-after-ms")
    if ms:
        try:
            return max(0.0, float(ms) / 1000.0)
        except ValueError:
            pass
    ra = get("Retry-After") or get("retry-after")
    if not ra:
        return None
    try:
        return max(0.0, float(ra))
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(ra)
        except (TypeError, ValueError):
            return None
        return max(0.0, when.timestamp() - time.time())


def answer_tokens(tokens: list[dict[str, Any]] | None,
                  text: str | None) -> list[dict[str, Any]] | None:
    """The tokens that produced ``text``: a server that stops on a stop string or an
    end-of-sequence token may list those tokens too (llama.cpp does), though the text ends
    before them. Tokens that start at or after the end of ``text`` are dropped, so they do
    not count in ``sum_logprob``; when the tokens do not spell out ``text`` (names missing,
    bytes split) they are kept as given.

    >>> toks = [{"token": " a", "logprob": -1.0}, {"token": ";", "logprob": -0.5},
    ...         {"token": "<|im_end|>", "logprob": -0.1}]
    >>> [t["token"] for t in answer_tokens(toks, " a")]
    [' a']
    >>> [t["token"] for t in answer_tokens(toks, " a;<|im_end|>")]
    [' a', ';', '<|im_end|>']
    """
    if not tokens or text is None:
        return tokens
    names = [t.get("token") for t in tokens]
    if any(not isinstance(n, str) for n in names) or not "".join(names).startswith(text):
        return tokens
    kept, pos = [], 0
    for t, n in zip(tokens, names, strict=True):
        if pos >= len(text):
            break
        kept.append(t)
        pos += len(n)
    return kept


@dataclass
class Choice:
    text: str | None
    finish_reason: str | None = None
    logprobs: list[dict[str, Any]] | None = None  # [{"token", "logprob", ...}] per token

    @classmethod
    def from_json(cls, ch: dict[str, Any]) -> Choice:
        """A chat choice (``message.content``, ``logprobs.content``) or a text-completion
        choice (``text``, ``logprobs.tokens`` / ``token_logprobs``)."""
        lp = ch.get("logprobs")
        tokens: list[dict[str, Any]] | None = None
        if isinstance(lp, dict) and isinstance(lp.get("content"), list):
            tokens = lp["content"]
        elif isinstance(lp, dict) and isinstance(lp.get("token_logprobs"), list):
            names = lp.get("tokens") or [None] * len(lp["token_logprobs"])
            tokens = [{"token": t, "logprob": v}
                      for t, v in zip(names, lp["token_logprobs"], strict=False) if v is not None]
        if "message" in ch:
            text = (ch.get("message") or {}).get("content")
        else:
            text = ch.get("text")
        return cls(text, ch.get("finish_reason"), answer_tokens(tokens, text))

    @property
    def sum_logprob(self) -> float | None:
        """Sum of the token log-probabilities, when the server returned them."""
        if not self.logprobs:
            return None
        return float(sum(t.get("logprob", 0.0) for t in self.logprobs))


@dataclass
class ChatResponse:
    choices: list[Choice]
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached: bool = False
    elapsed_s: float = 0.0
    raw: dict[str, Any] = field(default_factory=dict, repr=False)
    attempts: int = 1  # chat_json: answers asked for, repair rounds included

    @property
    def text(self) -> str | None:
        return self.choices[0].text if self.choices else None

    @classmethod
    def from_json(cls, body: dict[str, Any], *, cached: bool = False,
                  elapsed_s: float = 0.0) -> ChatResponse:
        if not isinstance(body, dict) or not isinstance(body.get("choices"), list):
            raise ValueError("response has no 'choices' list")
        if not all(isinstance(ch, dict) for ch in body["choices"]):
            raise ValueError("a choice is not an object")
        choices = [Choice.from_json(ch) for ch in body["choices"]]
        usage = body.get("usage") or {}
        return cls(choices, int(usage.get("prompt_tokens") or 0),
                   int(usage.get("completion_tokens") or 0), cached, elapsed_s, body)


@dataclass
class Usage:
    """Running totals of one client (thread-safe through the client's lock)."""

    calls: int = 0
    requests: int = 0  # HTTP requests sent, retries included
    retries: int = 0
    cache_hits: int = 0
    failures: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    elapsed_s: float = 0.0  # wall time spent in calls that went to the network
    cost_usd: float | None = 0.0  # None when the model's price is unknown

    def summary(self) -> dict[str, Any]:
        d = dict(self.__dict__)
        d["elapsed_s"] = round(self.elapsed_s, 3)
        if d["cost_usd"] is not None:
            d["cost_usd"] = round(d["cost_usd"], 6)
        return d

    def text(self) -> str:
        cost = "unknown price" if self.cost_usd is None else f"${self.cost_usd:.4f}"
        return (f"{self.calls} calls ({self.cache_hits} cached, {self.requests} requests, "
                f"{self.retries} retries, {self.failures} failed), "
                f"{self.prompt_tokens}+{self.completion_tokens} tokens, {cost}, "
                f"{self.elapsed_s:.1f} s")


class LLMClient:
    """Chat completions against ``base_url`` (e.g. ``https://api.openai.com/v1``).

    ``cache_dir=None`` disables the cache; by default it lives in the user's cache folder
    (``llm.cache.default_cache_dir``). ``cache_namespace`` replaces the base URL in cache
    keys: a local server started on a random port (``llm.local``) names its model file
    instead, so a rerun on another port still finds its answers. ``cache_readonly`` reads
    the cache without writing anything (``ResponseCache(readonly=True)``). ``price`` is (USD per
    million input tokens, per million output tokens); by default looked up in
    ``KNOWN_PRICES``.
    """

    def __init__(self, base_url: str, model: str, *, api_key: str | None = None,
                 cache_dir: str | Path | None = DEFAULT_CACHE,
                 timeout_s: float = 60.0, max_retries: int = 5, backoff_base_s: float = 1.0,
                 backoff_max_s: float = 30.0, max_retry_after_s: float = 120.0,
                 max_total_s: float = 600.0, price: tuple[float, float] | None = None,
                 seed: int | None = None, sleep: Callable[[float], None] = time.sleep,
                 cache_namespace: str | None = None, cache_readonly: bool = False):
        u = urllib.parse.urlsplit(base_url)
        if u.scheme not in ("http", "https") or not u.hostname:
            shown = base_url.split("?")[0].rpartition("@")[2]  # no credentials in errors
            raise InputError(f"LLM base URL {shown!r} is not an http(s) URL "
                             "(e.g. https://api.openai.com/v1)")
        if not model:
            raise InputError("no LLM model given (pass --llm-model, e.g. gpt-4o-mini)")
        self._scheme, self._netloc = u.scheme, u.netloc.rpartition("@")[2]
        self._userinfo = u.netloc.rpartition("@")[0]
        self._path, self._query = u.path.rstrip("/"), u.query
        self.base_url = self._url("")  # credentials redacted: safe to store and print
        self.model = model
        self.api_key = api_key if api_key is not None else api_key_from_env()
        self.timeout_s = timeout_s
        self.max_retries = max_retries
        self.backoff_base_s = backoff_base_s
        self.backoff_max_s = backoff_max_s
        self.max_retry_after_s = max_retry_after_s
        self.max_total_s = max_total_s
        if cache_dir is DEFAULT_CACHE:
            cache_dir = default_cache_dir()
        self.cache = (ResponseCache(cache_dir, readonly=cache_readonly)
                      if cache_dir is not None else None)
        # what cache keys name instead of the (secret) base URL, e.g. a local model file
        self.cache_namespace = cache_namespace
        self.price = price if price is not None else _known_price(model)
        self.usage = Usage(cost_usd=0.0 if self.price is not None else None)
        self._rng = random.Random(seed)
        self._sleep = sleep
        self._lock = threading.Lock()

    def _url(self, suffix: str, *, secret: bool = False, query: bool = True) -> str:
        """The base URL plus ``suffix``, the path before the query; with credentials only
        when ``secret`` (for the request itself)."""
        user = (self._userinfo if secret else "***") + "@" if self._userinfo else ""
        q = self._query if secret else "&".join(
            f"{k}=***" for k, _ in urllib.parse.parse_qsl(self._query, keep_blank_values=True))
        return f"{self._scheme}://{user}{self._netloc}{self._path}{suffix}" + \
            (f"?{q}" if q and query else "")

    def _secret(self, display: str) -> str:
        """The URL to request for a redacted one made by ``_url``."""
        head, path = self._url("", query=False), display.split("?", 1)[0]
        return self._url(path[len(head):] if path.startswith(head) else "", secret=True)

    @property
    def endpoint(self) -> str:
        return self._url("/chat/completions")

    @property
    def completions_endpoint(self) -> str:
        return self._url("/completions")

    def _key(self, messages: list[dict[str, Any]], params: dict[str, Any]) -> str:
        return request_key(self.cache_namespace or self._url("", secret=True), self.model,
                           messages, params)

    # ------------------------------------------------------------------ public calls

    def chat(self, messages: list[dict[str, Any]], *, temperature: float | None = None,
             top_p: float | None = None, n: int | None = None, max_tokens: int | None = None,
             logprobs: bool | None = None, top_logprobs: int | None = None,
             stop: list[str] | None = None, seed: int | None = None,
             response_format: dict[str, Any] | None = None, cache: bool = True,
             **extra: Any) -> ChatResponse:
        """One chat completion (``n`` samples). Raises ``LLMError`` when it fails for good."""
        params: dict[str, Any] = {
            "temperature": temperature, "top_p": top_p, "n": n, "max_tokens": max_tokens,
            "logprobs": logprobs, "top_logprobs": top_logprobs, "stop": stop, "seed": seed,
            "response_format": response_format, **extra,
        }
        params = {k: v for k, v in params.items() if v is not None}
        key = self._key(messages, params)
        return self._call(self.endpoint, {"model": self.model, "messages": messages, **params},
                          key, cache)

    def complete(self, prompt: str, *, temperature: float | None = None,
                 top_p: float | None = None, n: int | None = None,
                 max_tokens: int | None = None, logprobs: int | None = None,
                 stop: list[str] | None = None, seed: int | None = None, cache: bool = True,
                 **extra: Any) -> ChatResponse:
        """One text completion of ``prompt`` (the ``/completions`` endpoint, for few-shot
        prompts that a small model continues). ``logprobs=0`` asks for the sampled tokens'
        log-probabilities only; each choice's are in ``Choice.logprobs``."""
        params: dict[str, Any] = {
            "temperature": temperature, "top_p": top_p, "n": n, "max_tokens": max_tokens,
            "logprobs": logprobs, "stop": stop, "seed": seed, **extra,
        }
        params = {k: v for k, v in params.items() if v is not None}
        # the prompt is keyed as a message of its own kind so that it never collides with a chat
        key = self._key([{"prompt": prompt}], params)
        return self._call(self.completions_endpoint,
                          {"model": self.model, "prompt": prompt, **params}, key, cache)

    def _call(self, endpoint: str, payload: dict[str, Any], key: str,
              cache: bool) -> ChatResponse:
        with self._lock:
            self.usage.calls += 1
        if cache and self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None:
                with self._lock:
                    self.usage.cache_hits += 1
                return ChatResponse.from_json(hit, cached=True,
                                              elapsed_s=float(hit.get(ELAPSED_KEY) or 0.0))
        t0 = time.monotonic()
        try:
            body = self._send_with_retries(payload, endpoint)
        except LLMError:
            with self._lock:
                self.usage.failures += 1
                self.usage.elapsed_s += time.monotonic() - t0
            raise
        elapsed = time.monotonic() - t0
        resp = ChatResponse.from_json(body, elapsed_s=elapsed)
        with self._lock:
            self.usage.elapsed_s += elapsed
            self.usage.prompt_tokens += resp.prompt_tokens
            self.usage.completion_tokens += resp.completion_tokens
            if self.usage.cost_usd is not None and self.price is not None:
                self.usage.cost_usd += (resp.prompt_tokens * self.price[0]
                                        + resp.completion_tokens * self.price[1]) / 1e6
        if cache and self.cache is not None:
            # the original wall time travels with the answer: a resumed run still reports
            # how long generation took
            self.cache.put(key, {**body, ELAPSED_KEY: round(elapsed, 4)})
        return resp

    def chat_json(self, messages: list[dict[str, Any]], *,
                  validate: Callable[[Any], None] | None = None, repair_attempts: int = 2,
                  json_mode: bool = True, **params: Any) -> tuple[Any, ChatResponse]:
        """Ask for a JSON answer; parse it and run ``validate`` (which raises ``ValueError``
        to reject). A rejected answer is shown back to the model with the error, up to
        ``repair_attempts`` times; then ``LLMJSONError``. Returns (value, last response)."""
        if json_mode:
            params.setdefault("response_format", {"type": "json_object"})
        convo = list(messages)
        last_error = ""
        for _attempt in range(repair_attempts + 1):
            resp = self.chat(convo, **params)
            text = resp.text
            try:
                value = parse_json_answer(text)
                if validate is not None:
                    validate(value)
                resp.attempts = _attempt + 1
                return value, resp
            except ValueError as e:
                last_error = str(e)
            convo = convo + [
                {"role": "assistant", "content": text or ""},
                {"role": "user", "content": f"That answer was not usable: {last_error}. "
                 "Reply with only the corrected JSON, no other text."},
            ]
        raise LLMJSONError(f"model {self.model!r} gave no usable JSON after "
                           f"{repair_attempts + 1} attempts; last problem: {last_error}")

    # ------------------------------------------------------------------ transport

    def _backoff(self, attempt: int) -> float:
        cap = min(self.backoff_max_s, self.backoff_base_s * (2 ** attempt))
        return self._rng.uniform(0, cap)  # full jitter

    def _send_with_retries(self, payload: dict[str, Any], endpoint: str) -> dict[str, Any]:
        data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
        deadline = time.monotonic() + self.max_total_s
        last: _Retryable | None = None
        for attempt in range(self.max_retries + 1):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            with self._lock:
                self.usage.requests += 1
            try:
                return self._post_once(data, min(self.timeout_s, remaining), endpoint)
            except _Retryable as e:
                last = e
            if attempt == self.max_retries:
                break
            wait = self._backoff(attempt)
            if last.retry_after is not None:
                if last.retry_after > self.max_retry_after_s:
                    raise LLMHTTPError(
                        last.status or 429,
                        f"{endpoint}: {last} and the server asks to wait "
                        f"{last.retry_after:.0f} s (more than {self.max_retry_after_s:.0f} s); "
                        "try again later") from None
                wait = last.retry_after + self._rng.uniform(0, 0.1 * max(last.retry_after, 0.1))
            # no point starting an attempt with (almost) no time left: report the real error
            if time.monotonic() + wait + min(0.5, self.timeout_s) > deadline:
                break
            with self._lock:
                self.usage.retries += 1
            self._sleep(wait)
        assert last is not None or time.monotonic() >= deadline
        msg = str(last) if last is not None else "no attempt fit in the time budget"
        tries = self.usage.requests
        if last is not None and last.status is None and "timed out" in msg:
            raise LLMTimeout(f"{endpoint}: {msg} (gave up; {tries} requests so far)")
        if last is not None and last.status is not None:
            raise LLMHTTPError(last.status, f"{endpoint}: {msg} (gave up after retries)")
        raise LLMError(f"{endpoint}: {msg} (gave up after retries)")

    def _post_once(self, data: bytes, budget_s: float, endpoint: str) -> dict[str, Any]:
        u = urllib.parse.urlsplit(self._secret(endpoint))
        path = u.path + (f"?{u.query}" if u.query else "")
        cls = http.client.HTTPSConnection if u.scheme == "https" else http.client.HTTPConnection
        headers = {"Content-Type": "application/json", "Accept": "application/json",
                   "User-Agent": "sqlverdict-llm/0.1"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        elif u.username is not None:  # user:password@ in the base URL: HTTP basic auth
            token = f"{urllib.parse.unquote(u.username)}:{urllib.parse.unquote(u.password or '')}"
            headers["Authorization"] = "Basic " + base64.b64encode(token.encode()).decode()
        deadline = time.monotonic() + budget_s
        conn = cls(u.hostname, u.port, timeout=budget_s)
        try:
            conn.request("POST", path, body=data, headers=headers)
            sock = conn.sock
            if sock is not None:
                sock.settimeout(max(0.001, deadline - time.monotonic()))
            resp = conn.getresponse()
            chunks = []
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError
                if sock is not None:
                    sock.settimeout(left)
                chunk = resp.read1(65536)
                if not chunk:
                    break
                chunks.append(chunk)
            status, raw = resp.status, b"".join(chunks)
            resp_headers = resp.headers
        except TimeoutError:
            raise _Retryable(f"request timed out after {budget_s:.1f} s") from None
        except (ConnectionError, http.client.HTTPException, OSError) as e:
            raise _Retryable(f"connection failed: {type(e).__name__}: {e}") from None
        finally:
            conn.close()
        text = raw.decode("utf-8", errors="replace")
        if status != 200:
            detail = _error_detail(text)
            if status in RETRYABLE_STATUS:
                raise _Retryable(f"HTTP {status}: {detail}", parse_retry_after(resp_headers),
                                 status)
            hint = ""
            if status in (401, 403):
                hint = f"; set {API_KEY_VARS[0]} (or {API_KEY_VARS[1]}) to a valid key"
            elif status == 404:
                hint = "; check --llm-base-url (it should end before /chat/completions or /completions) and the model"
            raise LLMHTTPError(status, f"{endpoint}: HTTP {status}: {detail}{hint}")
        try:
            body = json.loads(text)
            ChatResponse.from_json(body)  # shape check
        except (json.JSONDecodeError, ValueError) as e:
            raise _Retryable(f"malformed response body ({e}): {text[:120]!r}") from None
        return body


def _error_detail(text: str) -> str:
    try:
        body = json.loads(text)
        err = body.get("error") if isinstance(body, dict) else None
        if isinstance(err, dict) and err.get("message"):
            return str(err["message"])[:300]
        if isinstance(err, str):
            return err[:300]
    except (json.JSONDecodeError, AttributeError):
        pass
    return text.strip()[:300] or "(empty body)"


def _known_price(model: str) -> tuple[float, float] | None:
    best = None
    for prefix, price in KNOWN_PRICES.items():
        if model.startswith(prefix) and (best is None or len(prefix) > len(best[0])):
            best = (prefix, price)
    return best[1] if best else None
