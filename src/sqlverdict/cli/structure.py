"""``sqlverdict structure`` (structural measures over samples) and ``sqlverdict generate``
(sampling candidates from an OpenAI-compatible endpoint)."""

from __future__ import annotations

from pathlib import Path

import typer

from . import app
from ._common import cell, console, err_console, esc, user_errors


@app.command("structure")
def structure_cmd(
    benchmark: str = typer.Option(..., "--benchmark", help="KIND:PATH, e.g. spider:DIR"),
    samples: list[str] = typer.Option(..., "--samples",
                                      help="[NAME=]FILE: a prediction file (one sample per "
                                           "question) or a JSONL pool; repeat for more samples; "
                                           "files with the same NAME form one system"),
    out: Path = typer.Option(..., "--out", help="output directory"),
    indices: Path = typer.Option(None, "--indices",
                                 help="JSON list of benchmark positions that the lines of the "
                                      ".sql sample files stand for (a subset)"),
    oracle: str = typer.Option("execution", "--oracle",
                               help="correctness oracle (execution, or any registered one)"),
    semantics: str = typer.Option(None, "--semantics", help="set|bag|list (default: bag, "
                                  "list when the gold has a top-level ORDER BY)"),
    compat: str = typer.Option(None, "--compat", help="spider: the published Spider "
                               "evaluator's quirks for execution correctness"),
    lar_ca: float = typer.Option(0.7, "--lar-ca", help="LAR: agreement threshold"),
    lar_min_correct: int = typer.Option(2, "--lar-min-correct", help="LAR: minimum correct"),
    hdr_ea: float = typer.Option(0.8, "--hdr-ea", help="HDR: accuracy threshold"),
    hdr_dc: int = typer.Option(1, "--hdr-dc", help="HDR: D_c must exceed this"),
    limit: int = typer.Option(None, "--limit", help="only the first N questions"),
) -> None:
    """Structural consistency of sampled SQL: distinct structures, majority ratio, entropy,
    agreement among execution-correct samples, variant sensitivity.

    Example: sqlverdict structure --benchmark spider:../shared/data/spider
    --indices subset_dev_indices.json --samples T0.8=r1.sql --samples T0.8=r2.sql --out out
    """
    from ..structure import run_structure
    from ..structure.metrics import Thresholds
    from ..structure.report import rich_tables

    with user_errors():
        summary = run_structure(benchmark, samples, out, indices=indices, oracle=oracle,
                                semantics=semantics, compat=compat, limit=limit,
                                thresholds=Thresholds(lar_min_correct, lar_ca, hdr_ea, hdr_dc),
                                warn=lambda w: err_console.print(f"[yellow]warning:[/] {esc(w)}"))
    for t in rich_tables(summary):
        console.print(t)
    console.print(cell(f"wrote {out / 'structure_summary.json'} and "
                       f"{out / 'structure_detail.jsonl'}"))


@app.command("generate")
def generate_cmd(
    benchmark: str = typer.Option(..., "--benchmark", help="KIND:PATH, e.g. spider:DIR"),
    out: Path = typer.Option(..., "--out", help="pool file to write (JSONL)"),
    base_url: str = typer.Option(None, "--llm-base-url", "--base-url",
                                 help="OpenAI-compatible base URL, e.g. http://localhost:8000/v1 "
                                      "(--base-url: the former name)"),
    model: str = typer.Option(None, "--llm-model", "--model",
                              help="model name at the endpoint (--model: the former name)"),
    local: bool = typer.Option(False, "--local", help="start the bundled local model "
                               "(llm-local extra) on loopback for this run, instead of "
                               "--llm-base-url/--llm-model; implies --mode fewshot unless given"),
    n: int = typer.Option(10, "--n", help="candidates per question"),
    temperature: float = typer.Option(0.8, "--temperature"),
    top_p: float = typer.Option(None, "--top-p"),
    max_tokens: int = typer.Option(512, "--max-tokens"),
    mode: str = typer.Option(None, "--mode", help="sql (direct, chat), json (compile-style "
                             "IR, chat) or fewshot (completion of solved examples from other "
                             "databases; for small models) [default: sql, fewshot with --local]"),
    shots: int = typer.Option(3, "--shots", help="fewshot: solved examples per prompt"),
    logprobs: bool = typer.Option(False, "--logprobs", help="ask for token log-probabilities"),
    paraphrases: int = typer.Option(0, "--paraphrases", help="checked paraphrases per question"),
    schema_orders: int = typer.Option(0, "--schema-orders",
                                      help="deterministic schema reorderings per question"),
    no_check: bool = typer.Option(False, "--no-check", help="skip the paraphrase checking pass"),
    seed: int = typer.Option(0, "--seed"),
    indices: Path = typer.Option(None, "--indices", help="JSON list of benchmark positions"),
    limit: int = typer.Option(None, "--limit", help="only the first N questions"),
    cache_dir: Path | None = typer.Option(None, "--cache-dir",
                                          help="on-disk cache of LLM answers (default: the "
                                               "user cache folder, ~/.cache/sqlverdict/llm)"),
) -> None:
    """Sample N candidate queries per question from an OpenAI-compatible endpoint into a pool.

    Example: sqlverdict generate --benchmark spider:../shared/data/spider --limit 20
    --llm-base-url http://localhost:8000/v1 --llm-model Qwen/Qwen2.5-Coder-7B-Instruct --n 10
    --out pool.jsonl
    """
    import contextlib

    from ..bench.loader import load_benchmark
    from ..structure import restrict
    from ..structure.generate import MODES, GenerateConfig, generate_pool

    with user_errors(), contextlib.ExitStack() as stack:
        mode = mode or ("fewshot" if local else "sql")
        if mode not in MODES:
            raise ValueError(f"--mode must be one of {', '.join(MODES)} (got {mode!r})")
        if n < 1:
            raise ValueError("--n must be at least 1")
        if local and (base_url or model):
            raise ValueError("give either --local or --llm-base-url/--llm-model, not both")
        if not local and not (base_url and model):
            raise ValueError("give --llm-base-url and --llm-model (or --local)")
        full = load_benchmark(benchmark)
        bench = restrict(full, indices) if indices is not None else full
        bench = bench.limit(limit)
        client = _generate_client(stack, local, base_url, model, cache_dir, seed)
        cfg = GenerateConfig(n=n, temperature=temperature, top_p=top_p, max_tokens=max_tokens,
                             mode=mode, logprobs=logprobs, paraphrases=paraphrases,
                             schema_orders=schema_orders, seed=seed,
                             check_paraphrases=not no_check, shots=shots)
        res = generate_pool(client, bench, out, cfg, shot_source=full)
    _print_pool(res)
    console.print(cell(f"LLM usage: {client.usage.text()}"))


def _generate_client(stack, local: bool, base_url, model, cache_dir, seed: int):
    """The endpoint ``generate`` samples from: the bundled local server (stopped when
    ``stack`` closes) or an OpenAI-compatible URL, behind the on-disk answer cache."""
    from ..llm import LLMClient
    from ..llm.cache import DEFAULT_CACHE

    if local:
        from ..llm.local import LocalServer

        err_console.print("starting the bundled local model server ...")
        srv = stack.enter_context(LocalServer())
        return srv.client(cache_dir=cache_dir or DEFAULT_CACHE, seed=seed)
    return LLMClient(base_url, model, cache_dir=cache_dir or DEFAULT_CACHE, seed=seed)


def _print_pool(res) -> None:
    for e in res.errors[:20]:
        err_console.print(f"[yellow]warning:[/] {esc(e)}")
    console.print(cell(f"{res.questions} questions, {res.candidates} candidates -> {res.pool}"))
    if res.variants:
        console.print(cell(f"variants ({res.paraphrases_accepted} paraphrases accepted, "
                           f"{res.paraphrases_rejected} rejected) -> {res.variants}"))
    if res.rates:
        r = res.rates
        console.print(f"compile-style: JV {r['JV']:.3f}  CR {r['CR']:.3f}  PR {r['PR']:.3f}  "
                      f"ES {r['ES']:.3f}  (n={r['n']})")
