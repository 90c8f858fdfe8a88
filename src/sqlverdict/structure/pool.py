"""Samples of many candidates per question: prediction files and JSONL pools.

A **pool** is JSONL, one object per question and input::

    {"id": "12", "db_id": "concert_singer", "question": "How many singers?",
     "input_id": "original",
     "candidates": [{"sql": "SELECT count(*) FROM singer", "cum_logprob": -1.7,
                     "n_tokens": 9, "truncated": false, "finish_reason": "stop"}, ...]}

- ``id`` is the benchmark example id (``index`` is accepted too); ``candidates[i].sql`` is a
  string or null (a failed generation, kept so that it stays in the denominators).
- ``input_id`` (default ``"original"``) keys variants of the same question: paraphrases
  (``paraphrase_1``...) and reordered schemas (``schema_1``...) carry the original ``id``.
- Optional per candidate: ``cum_logprob`` (sum of token log-probabilities), ``n_tokens``,
  ``truncated`` (the generation hit the token limit), ``finish_reason``, ``error``, and for
  compile-style generation ``ir`` (the raw JSON text) and ``compile_error``.
- Lines ``{"id": ..., "sql": ...}`` without ``candidates`` add one candidate each.

The generation harness writes this format; the certificates feature reads it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bench.loader import Benchmark
from ..bench.predictions import _clean, load_predictions
from ..errors import InputError
from ..jsonl import read_jsonl
from ..types import Prediction

ORIGINAL = "original"


@dataclass
class SampleTable:
    """One system's samples: example id -> input id -> candidates in order."""

    name: str
    samples: dict[str, dict[str, list[Prediction]]] = field(default_factory=dict)
    sources: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    # compile-style candidates: their pipeline stages {"JV", "CR", "PR", "ES"} per example
    stages: dict[str, list[dict[str, bool]]] = field(default_factory=dict)

    def add(self, example_id: str, pred: Prediction, input_id: str = ORIGINAL) -> None:
        self.samples.setdefault(example_id, {}).setdefault(input_id, []).append(pred)

    def original(self, example_id: str) -> list[Prediction]:
        return self.samples.get(example_id, {}).get(ORIGINAL, [])

    @property
    def has_variants(self) -> bool:
        return any(len(v) > 1 for v in self.samples.values())


def read_pool(path: str | Path, benchmark: Benchmark, table: SampleTable | None = None,
              *, max_chars: int = 16_384) -> SampleTable:
    p = Path(path)
    if not p.is_file():
        raise InputError(f"pool file {str(p)!r} does not exist (check the path)")
    table = table or SampleTable(p.stem)
    table.sources.append(str(p))
    by_id = {e.id: e for e in benchmark.examples}
    by_pos = {str(e.index): e for e in benchmark.examples}
    db_ids = {e.db_id for e in benchmark.examples}
    for lineno, d in read_jsonl(p, "pool file", hint="a pool has one JSON object per line"):
        key = d.get("id", d.get("example_id", d.get("index")))
        ex = by_id.get(str(key)) or by_pos.get(str(key))
        if ex is None:
            table.warnings.append(f"{p.name} line {lineno}: id {key!r} matches no example")
            continue
        input_id = str(d.get("input_id") or ORIGINAL)
        cands = d.get("candidates")
        if cands is None:
            cands = [d]
        if not isinstance(cands, list):
            raise InputError(f"{str(p)!r} line {lineno}: 'candidates' must be a list")
        for c in cands:
            if not isinstance(c, dict):
                c = {"sql": c}
            pred = _clean(ex.id, c.get("sql"), max_chars, db_ids)
            if c.get("truncated"):
                pred = Prediction(ex.id, None, invalid="generation truncated")
            lp = c.get("cum_logprob", c.get("logprob"))
            if isinstance(lp, (int, float)) and not isinstance(lp, bool):
                pred = Prediction(pred.example_id, pred.sql, pred.invalid, float(lp))
            table.add(ex.id, pred, input_id)
            if input_id == ORIGINAL and isinstance(c.get("stages"), dict):
                table.stages.setdefault(ex.id, []).append(
                    {k: bool(c["stages"].get(k)) for k in ("JV", "CR", "PR", "ES")})
    return table


def load_samples(specs: list[str], benchmark: Benchmark) -> dict[str, SampleTable]:
    """``[NAME=]FILE`` specs -> systems. Files sharing a NAME are samples of one system;
    unnamed prediction files form the system ``samples``; an unnamed ``.jsonl`` pool is its
    own system named after the file."""
    systems: dict[str, SampleTable] = {}
    for spec in specs:
        name, sep, path = spec.partition("=")
        if not sep:
            name, path = "", spec
        p = Path(path)
        if not p.exists():
            raise InputError(f"samples file {path!r} does not exist (check the path)")
        is_pool = p.suffix.lower() == ".jsonl" and _looks_like_pool(p)
        if not name:
            name = p.stem if is_pool else "samples"
        table = systems.setdefault(name, SampleTable(name))
        if is_pool:
            read_pool(p, benchmark, table)
        else:
            ps = load_predictions(p, benchmark, name)
            table.sources.append(str(p))
            table.warnings.extend(f"{p.name}: {w}" for w in ps.warnings)
            for ex in benchmark.examples:
                table.add(ex.id, ps.get(ex.id))
    return systems


def _looks_like_pool(p: Path) -> bool:
    with open(p, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                try:
                    d = json.loads(line)
                except (json.JSONDecodeError, RecursionError):
                    return False
                return isinstance(d, dict) and ("candidates" in d or "input_id" in d)
    return False


def write_pool(path: str | Path, records: list[dict[str, Any]]) -> None:
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    with open(p, "w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
