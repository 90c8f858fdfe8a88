"""End to end against a real model: llama.cpp's OpenAI-compatible server on loopback with the
SmolLM2-135M GGUF that the ``llm-local`` extra installs.

Skipped with the reason when the extra is not installed (the README's test command does not
install it; ``.ci/run`` does). Nothing here asserts what the model writes: only the
properties of the pipeline (samples come back with log-probabilities, the pool is complete,
classes and a certificate with both log-probability scores are computed, the server stops).
"""

from __future__ import annotations

import json
import math
import os
import select
import signal
import subprocess
import sys
import time
import urllib.request

import pytest

from sqlverdict.llm.local import LocalServer, missing

REASON = missing()
pytestmark = pytest.mark.skipif(REASON is not None, reason=f"llm-local extra: {REASON}")


def _up(url: str) -> bool:
    try:
        with urllib.request.urlopen(url + "/models", timeout=2) as r:
            return r.status == 200
    except OSError:
        return False


def test_three_questions_two_samples_logprobs_classes_certificate(tmp_path):
    from sqlverdict.bench import load_benchmark
    from sqlverdict.bench.demo import build_demo
    from sqlverdict.certify import run_certify, write_classes
    from sqlverdict.certify.classes import build_classes
    from sqlverdict.certify.pool import read_pool
    from sqlverdict.structure.generate import GenerateConfig, generate_pool

    path, _ = build_demo(tmp_path / "demo")
    bench = load_benchmark(f"jsonl:{path}")
    firsts = {}
    for e in bench.examples:  # one question per database
        firsts.setdefault(e.db_id, e)
    sub = type(bench)(bench.kind, bench.path, list(firsts.values()), bench.schemas)
    assert len(sub.examples) == 3

    with LocalServer(threads=1) as srv:
        assert srv.base_url.startswith("http://127.0.0.1:")
        client = srv.client(cache_dir=tmp_path / "cache")
        # one solved example keeps the prompts short (about 500 tokens): the test checks
        # the pipeline, the benchmark measures quality with three
        cfg = GenerateConfig(n=2, temperature=0.8, max_tokens=64, mode="fewshot",
                             logprobs=True, seed=0, shots=1)
        res = generate_pool(client, sub, tmp_path / "pool.jsonl", cfg, shot_source=bench)
        url = srv.base_url
    assert not _up(url), "the server still answers after the with block"
    assert res.questions == 3 and res.candidates == 6 and not res.errors
    assert client.usage.requests == 6 and client.usage.completion_tokens > 0

    lines = [json.loads(x) for x in (tmp_path / "pool.jsonl").read_text().splitlines()]
    for line in lines:
        ex = firsts[line["db_id"]]
        assert ex.id not in line["shots"]
        assert all(bench.by_id()[s].db_id != ex.db_id for s in line["shots"])
        for c in line["candidates"]:
            assert c["n_tokens"] >= 1 and math.isfinite(c["cum_logprob"])
            assert c["cum_logprob"] <= 0 and c["elapsed_s"] > 0
            assert c["sql"] is None or c["sql"].startswith("SELECT")

    pool = read_pool(tmp_path / "pool.jsonl")
    records, stats = build_classes(bench, pool)
    assert stats.n_questions == 3 and stats.n_candidates == 6
    write_classes(tmp_path / "classes.jsonl", records)
    for r in records:  # every usable candidate carries its log-probability
        if r["n_usable"]:
            assert r["likelihood"]["mean"] is not None
            assert r["likelihood"]["max"] >= r["likelihood"]["mean"]
    cert = run_certify(tmp_path / "classes.jsonl", tmp_path / "cert", n_splits=20,
                       split_by="question")
    scores = cert["question"]["scores"]
    if any(r["n_usable"] for r in records):
        assert scores["logprob_mean"]["available"] and scores["logprob_max"]["available"]
    assert set(scores) == {"mass", "entropy", "degree", "set_count", "logprob_mean",
                           "logprob_max"}
    assert (tmp_path / "cert" / "certificate.json").is_file()


def test_cli_serve_prints_url_answers_and_stops_on_ctrl_c(tmp_path):
    log = tmp_path / "server.log"
    proc = subprocess.Popen([sys.executable, "-m", "sqlverdict", "llm", "serve", "--port", "0",
                             "--log", str(log)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        ready, _, _ = select.select([proc.stdout], [], [], 180)
        assert ready, "no base URL printed within 180 s"
        url = proc.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:") and url.endswith("/v1")
        assert _up(url)
        os.kill(proc.pid, signal.SIGINT)  # Ctrl-C
        assert proc.wait(timeout=60) == 0
        err = proc.stderr.read()
        assert "stopped" in err
        deadline = time.monotonic() + 10
        while _up(url) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not _up(url)
        assert log.stat().st_size > 0
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
