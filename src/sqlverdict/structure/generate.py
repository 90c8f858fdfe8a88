"""Sample candidate pools from any OpenAI-compatible endpoint (vLLM, llama.cpp, hosted APIs).

For each question: N candidates at the given temperature and top-p, as direct SQL (chat),
compile-style JSON (chat, compiled by ``ir_compile``) or a few-shot completion (``fewshot``:
the ``/completions`` endpoint continues a document of solved examples, see ``fewshot``; the
mode for small local models), with token log-probabilities kept when the endpoint returns
them (``cum_logprob``, ``n_tokens``) and each sample's request time (``elapsed_s``). Optional input variants: checked paraphrases and deterministic schema
reorderings. Output is a pool (see ``structure.pool``); variants go to a second file
``<pool>.variants.jsonl`` so that the main pool keeps one line per question.

Endpoints that ignore ``n`` are handled: missing samples are requested one at a time with
distinct ``seed`` values (which also keeps their cache keys apart). ``fewshot`` asks for every
sample on its own with seed ``seed * 100003 + i + 1``: llama.cpp servers answer one choice
per request, and fixed seeds make a rerun ask exactly the cached requests, so an
interrupted run resumes from the cache.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from ..bench.loader import Benchmark
from ..types import Example, Schema
from . import fewshot
from .ir_compile import CompileOutcome, pipeline_rates, run_pipeline
from .perturb import fewshot_paraphrases, generate_paraphrases, reorder_schema, schema_text
from .pool import ORIGINAL, write_pool

MODES = ("sql", "json", "fewshot")
SQL_SYSTEM = ("You translate questions into SQLite queries. Answer with one SQL query and "
              "nothing else.")
JSON_SYSTEM = (
    "You translate questions into a JSON query plan that a compiler turns into SQLite. "
    "Answer with one JSON object and nothing else. Shape: {\"select\": [{\"expr\": E, "
    "\"alias\"?}], \"distinct\"?: bool, \"from\": {\"table\": T, \"alias\"?} | {\"subquery\": Q, "
    "\"alias\": A}, \"joins\"?: [{\"type\": \"inner\"|\"left\"|\"cross\", \"table\": T, "
    "\"alias\"?, \"on\": P}], \"where\"?: P, \"group_by\"?: [E], \"having\"?: P, "
    "\"order_by\"?: [{\"expr\": E, \"dir\": \"asc\"|\"desc\"}], \"limit\"?: int} or "
    "{\"set_op\": \"union\"|\"union_all\"|\"intersect\"|\"except\", \"left\": Q, \"right\": Q}. "
    "E: {\"col\": \"alias.column\"} | {\"val\": literal} | {\"agg\": \"count|sum|avg|min|max\", "
    "\"arg\": E | \"*\", \"distinct\"?} | {\"op\": \"+|-|*|/\", \"args\": [E, E]} | "
    "{\"subquery\": Q}. P: {\"and\": [P]} | {\"or\": [P]} | {\"not\": P} | {\"cmp\": "
    "\"=|!=|<|<=|>|>=\", \"left\": E, \"right\": E} | {\"like\": E, \"pattern\": s} | "
    "{\"between\": E, \"low\": E, \"high\": E} | {\"in\": E, \"values\": [E] | \"subquery\": Q} | "
    "{\"is_null\": E} | {\"exists\": Q}; add \"negate\": true to negate like/between/in/"
    "is_null/exists.")


@dataclass(frozen=True)
class GenerateConfig:
    n: int = 10
    temperature: float = 0.8
    top_p: float | None = None
    max_tokens: int = 512
    mode: str = "sql"  # "sql", "json" (compile-style) or "fewshot" (completions)
    logprobs: bool = False
    paraphrases: int = 0
    schema_orders: int = 0
    seed: int = 0
    check_paraphrases: bool = True
    shots: int = 3  # fewshot: solved examples per prompt
    variant_n: int | None = None  # samples per paraphrase / reordered schema (default: n)


@dataclass
class GenerateResult:
    pool: Path
    variants: Path | None
    questions: int
    candidates: int
    rates: dict[str, float] | None = None
    paraphrases_rejected: int = 0
    paraphrases_accepted: int = 0
    errors: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["pool"] = str(self.pool)
        d["variants"] = str(self.variants) if self.variants else None
        return d


_FENCE = re.compile(r"```(?:sql|sqlite)?\s*(.*?)```", re.S | re.I)


def extract_sql(text: str | None) -> str | None:
    """The SQL in a model answer: a fenced block if any, else the text; one statement.

    >>> extract_sql("Here:\\n```sql\\nSELECT 1;\\n```")
    'SELECT 1'
    >>> extract_sql("SELECT a FROM t; -- done") is not None
    True
    """
    if text is None:
        return None
    m = _FENCE.search(text)
    s = (m.group(1) if m else text).strip()
    if ";" in s:
        s = s.split(";")[0].strip()
    return s or None


def messages_for(question: str, schema: Schema, mode: str, evidence: str = "") -> list[dict]:
    system = JSON_SYSTEM if mode == "json" else SQL_SYSTEM
    user = f"Database schema:\n{schema_text(schema)}\n\n"
    if evidence:
        user += f"Hint: {evidence}\n"
    user += f"Question: {question}\n" + ("JSON:" if mode == "json" else "SQL:")
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


def sample(client: Any, messages: list[dict], cfg: GenerateConfig) -> list[Any]:
    """N choices; tops up one at a time when the endpoint returns fewer than asked."""
    params = {"temperature": cfg.temperature, "top_p": cfg.top_p, "max_tokens": cfg.max_tokens}
    if cfg.logprobs:
        # llama.cpp's server returns chat log-probabilities only when top_logprobs is set
        params.update(logprobs=True, top_logprobs=1)
    resp = client.chat(messages, n=cfg.n, **params)
    choices = list(resp.choices[:cfg.n])
    k = 0
    while len(choices) < cfg.n and k < 2 * cfg.n:
        extra = client.chat(messages, n=1, seed=cfg.seed * 100_003 + k + 1, **params)
        choices.extend(extra.choices[:1])
        k += 1
    return choices


def sample_fewshot(client: Any, prompt: str, cfg: GenerateConfig) -> list[tuple[Any, float]]:
    """N completions of ``prompt``, one request each with a fixed seed; (choice, seconds)."""
    out = []
    for i in range(cfg.n):
        resp = client.complete(prompt, n=1, temperature=cfg.temperature, top_p=cfg.top_p,
                               max_tokens=cfg.max_tokens, stop=fewshot.STOP,
                               logprobs=0 if cfg.logprobs else None,
                               seed=cfg.seed * 100_003 + i + 1)
        out.extend((ch, resp.elapsed_s) for ch in resp.choices[:1])
    return out


def candidate(choice: Any, cfg: GenerateConfig, schema: Schema, ex: Example,
              outcomes: list[CompileOutcome]) -> dict[str, Any]:
    text = choice.text
    c: dict[str, Any] = {"truncated": choice.finish_reason == "length",
                         "finish_reason": choice.finish_reason}
    if choice.logprobs:
        c["cum_logprob"] = choice.sum_logprob
        c["n_tokens"] = len(choice.logprobs)
    if cfg.mode == "json":
        out = run_pipeline(text, schema, ex.db_path)
        outcomes.append(out)
        c.update(sql=out.sql, ir=text, stages={"JV": out.valid_json, "CR": out.compiled,
                                                  "PR": out.parsed, "ES": out.executed})
        if out.error:
            c["compile_error"] = out.error
        if not out.compiled:
            c["sql"] = None
    elif cfg.mode == "fewshot":
        c["sql"] = fewshot.completion_sql(text)
        c["raw"] = text
    else:
        c["sql"] = extract_sql(text)
        c["raw"] = text
    return c


def generate_pool(client: Any, benchmark: Benchmark, out: str | Path,
                  cfg: GenerateConfig = GenerateConfig(),
                  progress: Any = None, shot_source: Benchmark | None = None) -> GenerateResult:
    """Write ``out`` (original inputs) and, with variants, ``<out stem>.variants.jsonl``.

    ``shot_source`` (fewshot mode) is where solved examples come from, usually the whole
    benchmark when ``benchmark`` is a subset; by default ``benchmark`` itself."""
    if cfg.mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)} (got {cfg.mode!r})")
    src = shot_source or benchmark
    picker = fewshot.ShotPicker(src.examples, src.schemas, k=cfg.shots, seed=cfg.seed)
    out = Path(out)
    records, variants = [], []
    outcomes: list[CompileOutcome] = []
    result = GenerateResult(out, None, 0, 0)
    examples = [e for e in benchmark.examples if e.db_id in benchmark.schemas]
    # Paraphrases first, for every question: then the sampling requests follow one another
    # and a llama.cpp server keeps reusing their shared prompt prefix.
    paraphrased = _paraphrase_all(client, benchmark, examples, cfg, result)
    for i, ex in enumerate(examples):
        if progress:
            progress(i + 1, len(examples))
        schema = benchmark.schemas[ex.db_id]
        inputs = _inputs(ex, schema, paraphrased.get(ex.id, []), cfg, result)
        shots = picker.shots(ex) if cfg.mode == "fewshot" else []
        for input_id, question, sch in inputs:
            rec = _record(client, ex, schema, (input_id, question, sch), shots, src, cfg,
                          result, outcomes if input_id == ORIGINAL else [])
            (records if input_id == ORIGINAL else variants).append(rec)
            result.candidates += len(rec["candidates"])
        result.questions += 1
    write_pool(out, records)
    if variants:
        vpath = out.with_name(out.stem + ".variants.jsonl")
        write_pool(vpath, variants)
        result.variants = vpath
    if cfg.mode == "json":
        result.rates = pipeline_rates(outcomes)
    out.with_name(out.stem + ".stats.json").write_text(
        json.dumps(result.to_json() | {"config": asdict(cfg)}, indent=2) + "\n",
        encoding="utf-8")
    return result


def _paraphrase_all(client: Any, benchmark: Benchmark, examples: list[Example],
                    cfg: GenerateConfig, result: GenerateResult) -> dict[str, list]:
    """The paraphrases of every question (none unless ``cfg.paraphrases``); a failed
    request is an error of the result, not of the run."""
    from ..llm import LLMError

    paraphrased: dict[str, list] = {}
    for ex in examples if cfg.paraphrases else []:
        try:
            if cfg.mode == "fewshot":
                paraphrased[ex.id] = fewshot_paraphrases(
                    client, ex.question, cfg.paraphrases, seed=cfg.seed,
                    check=cfg.check_paraphrases)
            else:
                paraphrased[ex.id] = generate_paraphrases(
                    client, ex.question, cfg.paraphrases,
                    schema=schema_text(benchmark.schemas[ex.db_id]),
                    check=cfg.check_paraphrases)
        except LLMError as e:
            result.errors.append(f"{ex.id}: paraphrases failed: {e}")
    return paraphrased


def _inputs(ex: Example, schema: Schema, paraphrases: list, cfg: GenerateConfig,
            result: GenerateResult) -> list[tuple[str, str, Schema]]:
    """(input id, question, schema): the original, the accepted paraphrases, the schema
    orders; counts accepted and rejected paraphrases."""
    inputs: list[tuple[str, str, Schema]] = [(ORIGINAL, ex.question, schema)]
    for k, para in enumerate(paraphrases, 1):
        if para.accepted:
            inputs.append((f"paraphrase_{k}", para.text, schema))
            result.paraphrases_accepted += 1
        else:
            result.paraphrases_rejected += 1
    for k in range(1, cfg.schema_orders + 1):
        inputs.append((f"schema_{k}", ex.question, reorder_schema(schema, cfg.seed, k)))
    return inputs


def _record(client: Any, ex: Example, schema: Schema, inp: tuple[str, str, Schema],
            shots: list[Example], src: Benchmark, cfg: GenerateConfig, result: GenerateResult,
            outcomes: list[CompileOutcome]) -> dict[str, Any]:
    """The pool record of one input ``(input id, question, schema as shown)``: its
    candidates sampled (``variant_n`` of them for a variant when set) and checked against
    the question's own ``schema``, or one error candidate each when the request fails."""
    from ..llm import LLMError

    input_id, question, sch = inp
    icfg = cfg if input_id == ORIGINAL or cfg.variant_n is None else replace(cfg, n=cfg.variant_n)
    try:
        if cfg.mode == "fewshot":
            got = sample_fewshot(client, fewshot.prompt_for(
                question, sch, shots, src.schemas, ex.evidence), icfg)
        else:
            got = [(ch, None) for ch in sample(
                client, messages_for(question, sch, cfg.mode, ex.evidence), icfg)]
        cands = []
        for ch, el in got:
            c = candidate(ch, cfg, schema, ex, outcomes)
            if el is not None:
                c["elapsed_s"] = round(el, 4)
            cands.append(c)
    except LLMError as e:
        result.errors.append(f"{ex.id}/{input_id}: {e}")
        cands = [{"sql": None, "error": str(e)[:300]} for _ in range(icfg.n)]
    rec = {"id": ex.id, "db_id": ex.db_id, "question": question, "input_id": input_id,
           "model": getattr(client, "model", None), "mode": cfg.mode,
           "temperature": cfg.temperature, "top_p": cfg.top_p, "candidates": cands}
    if shots:
        rec["shots"] = [e.id for e in shots]
    return rec
