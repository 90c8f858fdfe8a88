"""Test suites for Spider dev: build time and quality, TS next to EX, censuses, agreement
with the bounded verifier.

    nice python -m benchmarks.suite_spider [--workers 2] [--seed 0] [--verify-sample 300]

Steps (each result lands in benchmarks/results/suite_spider.{md,json}):

1. ``build_suite`` for the 19 Spider dev schemas that ship a database (wall and CPU time,
   machine load before and after); per schema: instances kept, mutants separable and
   separated, instance sizes.
2. ``sqlverdict eval --oracle execution,suite --suite DIR`` for the four Spider systems (one
   run); EX and TS accuracy from ``summary.json``; the EX-accepted pairs the suite rejects,
   by difference signature.
3. Both censuses (``sqlverdict.oracles.suite.census``) next to the published figures
   (688 colliding pairs, 0.44% survive the suite; the shipped database accepts 7.0% of
   separable mutants).
4. The bounded verifier (``oracles.bounded.staging.verify`` with ``search=False``, bound K, same semantics) on every
   EX-accepted pair the suite rejects, plus a deterministic random sample of the EX-accepted
   pairs the suite accepts; distinct (db, gold, pred) triples are verified once.

Suites and run directories go to build/ (not committed).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / ".." / "shared" / "data" / "spider"
RESULTS = ROOT / "benchmarks" / "results"
SYSTEMS = {"dailsql_gpt4": "dailsql_gpt4.sql", "dinsql_gpt4": "dinsql_gpt4.sql",
           "c3sql_gpt35": "c3sql_gpt35.sql", "graphix_via_dailsql": "graphix_via_dailsql.sql"}
PUBLISHED = {"colliding_pairs": 688, "survive_share": 0.0044, "shipped_accepts_share": 0.070}


def cpu_s() -> float:
    r, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime + c.ru_utime + c.ru_stime


def step_build(suite: Path, seed: int, workers: int, nulls: str = "schema") -> dict:
    from sqlverdict.oracles.suite.build import BuildConfig, build_suite

    load0, c0, t0 = os.getloadavg(), cpu_s(), time.perf_counter()
    m = build_suite(f"spider:{DATA}", suite, seed=seed, workers=workers,
                    config=BuildConfig(seed=seed, nulls=nulls))
    return {"wall_s": round(time.perf_counter() - t0, 1), "cpu_s": round(cpu_s() - c0, 1),
            "load_before": [round(x, 1) for x in load0],
            "load_after": [round(x, 1) for x in os.getloadavg()], "manifest": m}


def step_eval(suite: Path, run: Path, workers: int) -> dict:
    exe = Path(sys.executable).parent / "sqlverdict"
    cmd = [str(exe), "eval", "--benchmark", f"spider:{DATA}",
           "--oracle", "execution,suite", "--suite", str(suite), "--out", str(run),
           "--workers", str(workers)]
    for name, f in SYSTEMS.items():
        cmd += ["--predictions", f"{name}={DATA / 'predictions' / f}"]
    if run.exists():  # a fresh run, so that the wall time is the real one
        shutil.rmtree(run)
    load0, t0 = os.getloadavg(), time.perf_counter()
    subprocess.run(cmd, check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    summary = json.loads((run / "summary.json").read_text())
    verdicts = [json.loads(line) for line in (run / "verdicts.jsonl").read_text().splitlines()]
    return {"wall_s": round(wall, 1), "load_before": [round(x, 1) for x in load0],
            "load_after": [round(x, 1) for x in os.getloadavg()], "command": " ".join(cmd),
            "summary": summary, "verdicts": verdicts}


def ex_ts_pairs(verdicts: list[dict]) -> dict[tuple[str, str], dict]:
    by: dict[tuple[str, str], dict] = defaultdict(dict)
    for v in verdicts:
        by[(v["system"], v["example_id"])][v["oracle"]] = v
    return by


def _verify_one(args):
    gold, pred, db_path, db_id, sem, bound, timeout = args
    from sqlverdict.oracles.bounded.staging import verify
    from sqlverdict.schema import from_sqlite

    try:
        r = verify(gold, pred, from_sqlite(db_path, db_id), bound=bound, semantics=sem,
                   timeout_s=timeout, search=False)
        return str(r.status), r.reason[:200], round(r.elapsed_s, 2)
    except Exception as e:  # noqa: BLE001 - a crash is recorded, not fatal for the table
        return "error", f"{type(e).__name__}: {e}"[:200], 0.0


CACHE = ROOT / "build" / "suite_verifier_cache.jsonl"


def _cache_key(db: str, gold: str, pred: str, sem: str, bound: int, timeout: float) -> str:
    return json.dumps([db, gold, pred, sem, bound, timeout])


def verify_triples(jobs: list[tuple], workers: int) -> list[tuple]:
    """Verifier results for ``_verify_one`` jobs, through an on-disk cache (the verifier's
    verdict does not depend on the suite, so suites can be compared on the same pairs)."""
    cache: dict[str, list] = {}
    if CACHE.is_file():
        for line in CACHE.read_text().splitlines():
            d = json.loads(line)
            cache[d["key"]] = d["result"]
    keys = [_cache_key(j[3], j[0], j[1], j[4], j[5], j[6]) for j in jobs]
    todo = [j for j, k in zip(jobs, keys, strict=True) if k not in cache]
    if todo:
        CACHE.parent.mkdir(parents=True, exist_ok=True)
        with ProcessPoolExecutor(max_workers=workers) as ex, open(CACHE, "a") as f:
            for j, r in zip(todo, ex.map(_verify_one, todo, chunksize=4), strict=True):
                k = _cache_key(j[3], j[0], j[1], j[4], j[5], j[6])
                cache[k] = list(r)
                f.write(json.dumps({"key": k, "result": list(r)}) + "\n")
                f.flush()
    return [tuple(cache[k]) for k in keys]


def step_verify(pairs: dict, sample: int, bound: int, timeout: float, workers: int, seed: int) -> dict:
    """``sample`` < 0 verifies every EX-accepted pair (exact agreement, no estimate)."""
    from sqlverdict.bench import load_benchmark
    from sqlverdict.engine.policy import default_semantics

    bench = load_benchmark(f"spider:{DATA}")
    exs = bench.by_id()
    ex_acc = [(k, v) for k, v in pairs.items()
              if v.get("execution", {}).get("status") == "consistent"]
    ts_rej = [k for k, v in ex_acc if v.get("suite", {}).get("status") == "refuted"]
    ts_acc = [k for k, v in ex_acc if v.get("suite", {}).get("status") == "consistent"]
    rng = random.Random(seed)
    if sample < 0:
        sampled = sorted(ts_acc)
    else:
        sampled = sorted(rng.sample(sorted(ts_acc), min(sample, len(ts_acc))))
    todo: dict[tuple, list] = {}
    for k in ts_rej + sampled:
        ex = exs[k[1]]
        key = (ex.db_id, ex.gold, pairs[k]["suite"]["pred"])
        todo.setdefault(key, []).append(k)
    jobs = [(g, p, exs[ks[0][1]].db_path, db, str(default_semantics(g)), bound, timeout)
            for (db, g, p), ks in todo.items()]
    t0 = time.perf_counter()
    results = verify_triples(jobs, workers)
    out: dict[tuple, tuple] = {}
    for ks, res in zip(todo.values(), results, strict=True):
        for k in ks:
            out[k] = res
    rej_status = Counter(out[k][0] for k in ts_rej)
    acc_status = Counter(out[k][0] for k in sampled)
    # estimate the verifier-refuted pairs among all TS-accepted pairs from the sample
    est_missed = (acc_status["refuted"] / len(sampled) * len(ts_acc)) if sampled else 0.0
    both = rej_status["refuted"]
    agreement = both / (both + est_missed) if both + est_missed else None
    verified_but_rejected = [
        {"system": k[0], "example_id": k[1], "db_id": exs[k[1]].db_id, "gold": exs[k[1]].gold,
         "pred": pairs[k]["suite"]["pred"], "suite_signature": pairs[k]["suite"].get("signature"),
         "suite_reason": pairs[k]["suite"].get("reason")}
        for k in ts_rej if out[k][0] == "verified"]
    missed = [{"system": k[0], "example_id": k[1], "db_id": exs[k[1]].db_id,
               "gold": exs[k[1]].gold, "pred": pairs[k]["suite"]["pred"]}
              for k in sampled if out[k][0] == "refuted"]
    return {"bound": bound, "timeout_s": timeout, "missed_by_suite_in_sample": missed, "wall_s": round(time.perf_counter() - t0, 1),
            "exact": sample < 0,
            "ex_accepted": len(ex_acc), "ts_rejected": len(ts_rej), "ts_accepted": len(ts_acc),
            "sampled_ts_accepted": len(sampled), "distinct_triples": len(jobs),
            "verifier_on_ts_rejected": dict(rej_status),
            "verifier_on_ts_accepted_sample": dict(acc_status),
            "estimated_verifier_refuted_ts_accepted": round(est_missed, 1),
            "agreement_estimate": agreement, "verified_but_ts_rejected": verified_but_rejected}


def agreement_of_run(run: Path, bound: int, timeout: float) -> dict:
    """Exact agreement of an earlier eval run (another suite) from the verifier cache, for a
    side-by-side comparison on the same pairs; pairs missing from the cache are counted."""
    from sqlverdict.engine.policy import default_semantics

    cache = {}
    if CACHE.is_file():
        for line in CACHE.read_text().splitlines():
            d = json.loads(line)
            cache[d["key"]] = d["result"]
    pairs = ex_ts_pairs([json.loads(x) for x in (run / "verdicts.jsonl").read_text().splitlines()])
    c: Counter = Counter()
    for v in pairs.values():
        if v.get("execution", {}).get("status") != "consistent":
            continue
        s = v["suite"]
        r = cache.get(_cache_key(s["db_id"], s["gold"], s["pred"], str(default_semantics(s["gold"])),
                                 bound, timeout))
        c[f"{r[0] if r else 'missing'}/{s['status']}"] += 1
    ref = sum(n for k, n in c.items() if k.startswith("refuted/"))
    return {"run": str(run), "counts": dict(c), "verifier_refuted": ref,
            "suite_rejects": c["refuted/refuted"],
            "agreement": c["refuted/refuted"] / ref if ref else None}


def _pct(a, b) -> str:
    return f"{100 * a / b:.1f}%" if b else "-"


def write_tables(res: dict) -> str:
    lines = ["# Test suites for Spider dev", ""]
    b = res.get("build")
    if b:
        m = b["manifest"]
        tot = m["totals"]
        lines += [
            "## 1. Build (19 schemas with a shipped database; `wta_1` ships no rows)", "",
            f"seed {m['seed']}, {m['workers']} worker processes on {m['cpu_count']} cores; "
            f"wall **{b['wall_s']} s** (target <= 600 s), CPU {b['cpu_s']} s; "
            f"load average before {b['load_before']}, after {b['load_after']} "
            "(the machine was shared with other engineers' jobs).", "",
            "| database | golds | instances | rows/instance median | max | mutants valid | separable | separated | shipped db accepts | s |",
            "|---|---|---|---|---|---|---|---|---|---|"]
        for db, s in m["databases"].items():
            lines.append(f"| {db} | {s['golds']} | {s['instances']} | {s['rows_median']} | "
                         f"{s['rows_max']} | {s['mutants_valid']} | {s['separable']} | "
                         f"{s['separated']} ({_pct(s['separated'], s['separable'])}) | "
                         f"{s['shipped_accepts_separable']} ({_pct(s['shipped_accepts_separable'], s['separable'])}) | "
                         f"{s['elapsed_s']} |")
        lines.append(f"| **total** | {tot['golds']} | {tot['instances']} | | | {tot['mutants_valid']} | "
                     f"{tot['separable']} | {tot['separated']} ({_pct(tot['separated'], tot['separable'])}) | "
                     f"{tot['shipped_accepts_separable']} ({_pct(tot['shipped_accepts_separable'], tot['separable'])}) | |")
        lines += ["", "golds: distinct gold queries; mutants valid: distinct single-edit mutants "
                  "that run on the shipped database; separable: separated by some generated "
                  "candidate; separated: by the kept instances.", ""]
    e = res.get("eval")
    if e:
        lines += ["## 2. TS accuracy next to EX (one `sqlverdict eval` run)", "",
                  f"`{e['command_short']}`; wall {e['wall_s']} s, load {e['load_before']} -> {e['load_after']}.", "",
                  "| system | EX | TS | EX - TS (points) | EX-accepted, TS-rejected | judged |",
                  "|---|---|---|---|---|---|"]
        for name, row in e["table"].items():
            lines.append(f"| {name} | {100 * row['ex']:.1f} | {100 * row['ts']:.1f} | "
                         f"{100 * (row['ex'] - row['ts']):.1f} | {row['ex_not_ts']} | {row['judged']} |")
        lines += ["", "Signatures of the EX-accepted pairs the suite rejects: "
                  + ", ".join(f"{k} {v}" for k, v in e["signatures"].most_common()) + ".", ""]
    o = res.get("observed")
    if o and e:
        t = o["totals"]
        lines += ["### Variant: NULLs only where the shipped database has them (`--nulls observed`)", "",
                  f"build wall {o['build']['wall_s']} s (load {o['build']['load_before']} -> {o['build']['load_after']}); "
                  f"{t['instances']} instances, {t['separated']}/{t['separable']} separable mutants separated; "
                  f"shipped db accepts {_pct(t['shipped_accepts_separable'], t['separable'])} of separable mutants; "
                  f"colliding pairs surviving: {o['collision']['survive_suite']}/{o['collision']['colliding']} "
                  f"({o['collision']['survive_suite_different_gold']}/{o['collision']['colliding_different_gold']} with different gold SQL).", "",
                  "| system | EX | TS (NULLs as the schema allows) | TS (NULLs as observed) |", "|---|---|---|---|"]
        for name, row in e["table"].items():
            lines.append(f"| {name} | {100 * row['ex']:.1f} | {100 * row['ts']:.1f} | {100 * o['ts'][name]:.1f} |")
        lines.append("")
    c = res.get("census")
    if c:
        col, nm = c["collision"]["total"], c["near_miss"]["total"]
        lines += ["## 3. Censuses", "",
                  "| census | ours | published |", "|---|---|---|",
                  f"| colliding question pairs (same schema, same gold result on the shipped db) | {col['colliding']} | 688 |",
                  f"| ... of which the suite cannot tell apart | {col['survive_suite']} ({_pct(col['survive_suite'], col['colliding'])}) | 0.44% |",
                  f"| colliding pairs whose gold SQL differs (canonical text) | {col['colliding_different_gold']} | |",
                  f"| ... of which the suite cannot tell apart | {col['survive_suite_different_gold']} ({_pct(col['survive_suite_different_gold'], col['colliding_different_gold'])}) | |",
                  f"| separable mutants accepted by the shipped database | {nm['shipped_accepts']} / {nm['separable']} ({_pct(nm['shipped_accepts'], nm['separable'])}) | 7.0% |",
                  "", "Near-miss census by mutation kind (separable, accepted by the shipped database):", "",
                  "| kind | separable | shipped accepts | share |", "|---|---|---|---|"]
        for k, v in sorted(c["near_miss"]["kinds"].items(), key=lambda kv: -kv[1].get("separable", 0)):
            lines.append(f"| {k} | {v.get('separable', 0)} | {v.get('shipped_accepts', 0)} | "
                         f"{_pct(v.get('shipped_accepts', 0), v.get('separable', 0))} |")
        lines += ["", "Surviving colliding pairs with different gold SQL:", ""]
        for s in c["collision"]["survivors"][:12]:
            lines.append(f"- {s['db_id']}: `{' '.join(s['gold_a'].split())}` vs `{' '.join(s['gold_b'].split())}`")
        lines.append("")
    v = res.get("verify")
    if v:
        a = v["agreement_estimate"]
        agree = "-" if a is None else f"{100 * a:.1f}%"
        if v.get("exact"):
            lines += ["## 4. Agreement with the bounded verifier", "",
                      f"bound K = {v['bound']}, {v['timeout_s']} s per pair, semantics as the oracles; "
                      f"every EX-accepted pair verified ({v['distinct_triples']} distinct (db, gold, pred) "
                      f"triples; {v['wall_s']} s here, 0 when every verdict comes from the cache "
                      "build/suite_verifier_cache.jsonl; about 370 s uncached on this machine).", "",
                      f"- EX-accepted pairs: {v['ex_accepted']}; the suite rejects {v['ts_rejected']}, accepts {v['ts_accepted']}.",
                      f"- Verifier on the {v['ts_rejected']} TS-rejected pairs: {v['verifier_on_ts_rejected']}.",
                      f"- Verifier on the {v['ts_accepted']} TS-accepted pairs: {v['verifier_on_ts_accepted_sample']}.",
                      f"- **Share of verifier-refuted EX-accepted pairs that the suite also rejects: {agree}** "
                      "(target >= 90%; exact, no sampling)."]
            cmp_ = v.get("compare")
            if cmp_:
                lines.append(f"- Same pairs, same verifier verdicts, earlier suite ({cmp_['label']}): "
                             f"{cmp_['suite_rejects']}/{cmp_['verifier_refuted']} = "
                             f"{100 * cmp_['agreement']:.1f}%.")
            lines += ["", "Verifier-refuted EX-accepted pairs the suite still accepts:", ""]
            lines += _pair_lists(v)
            return "\n".join(lines)
        lines += ["## 4. Agreement with the bounded verifier", "",
                  f"bound K = {v['bound']}, {v['timeout_s']} s per pair, semantics as the oracles; "
                  f"{v['distinct_triples']} distinct (db, gold, pred) triples verified in {v['wall_s']} s.", "",
                  f"- EX-accepted pairs: {v['ex_accepted']}; the suite rejects {v['ts_rejected']}, accepts {v['ts_accepted']}.",
                  f"- Verifier on the {v['ts_rejected']} TS-rejected pairs: {v['verifier_on_ts_rejected']}.",
                  f"- Verifier on a random sample of {v['sampled_ts_accepted']} TS-accepted pairs: {v['verifier_on_ts_accepted_sample']}.",
                  f"- Estimated verifier-refuted pairs among all TS-accepted: {v['estimated_verifier_refuted_ts_accepted']}.",
                  f"- **Share of verifier-refuted EX-accepted pairs that the suite also rejects: "
                  f"{agree}** "
                  "(target >= 90%; estimate, the TS-accepted side is sampled).", "",
                  "Sampled TS-accepted pairs the verifier refutes (what the suite misses):", ""]
        lines += _pair_lists(v)
    return "\n".join(lines)


def _pair_lists(v: dict) -> list[str]:
    """The pairs the suite misses, then those it rejects that the verifier verifies."""
    lines = []
    for p in v.get("missed_by_suite_in_sample", []):
        lines.append(f"- {p['system']} #{p['example_id']} ({p['db_id']}): gold "
                     f"`{' '.join(p['gold'].split())}` / pred `{' '.join(p['pred'].split())}`")
    lines += ["",
              f"Pairs the suite rejects that the verifier calls verified at K = {v['bound']} "
              f"(a difference needing more than K rows per table, or outside the verifier's semantics): "
              f"{len(v['verified_but_ts_rejected'])}", ""]
    for p in v["verified_but_ts_rejected"][:40]:
        lines.append(f"- {p['system']} #{p['example_id']} ({p['db_id']}, suite: {p['suite_signature']}): "
                     f"gold `{' '.join(p['gold'].split())}` / pred `{' '.join(p['pred'].split())}`")
    lines.append("")
    return lines


def step_observed(args, pairs_schema: dict) -> dict:
    """The same pipeline with ``nulls="observed"``: how much of the EX-TS gap is NULLs."""
    from sqlverdict.oracles.suite.census import census

    suite = args.suite.parent / (args.suite.name + "_observed")
    run = args.run.parent / (args.run.name + "_observed")
    b = step_build(suite, args.seed, args.workers, nulls="observed")
    e = step_eval(suite, run, args.workers)
    ts = {name: s["oracles"]["suite"]["accuracy"] for name, s in e["summary"]["systems"].items()}
    c = census(f"spider:{DATA}", suite)
    return {"build": {k: v for k, v in b.items() if k != "manifest"},
            "totals": b["manifest"]["totals"], "eval_wall_s": e["wall_s"], "ts": ts,
            "collision": c["collision"]["total"], "near_miss": c["near_miss"]["total"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--suite", type=Path, default=ROOT / "build" / "suite_spider")
    ap.add_argument("--run", type=Path, default=ROOT / "build" / "suite_spider_eval")
    ap.add_argument("--skip-build", action="store_true", help="reuse an existing --suite")
    ap.add_argument("--verify-sample", type=int, default=500,
                    help="TS-accepted pairs to verify; -1 verifies all (exact agreement)")
    ap.add_argument("--compare-run", type=Path, default=None,
                    help="an eval run dir of an earlier suite: its exact agreement on the same pairs")
    ap.add_argument("--compare-label", default="earlier suite")
    ap.add_argument("--bound", type=int, default=3)
    ap.add_argument("--verify-timeout", type=float, default=10.0)
    ap.add_argument("--no-verify", action="store_true")
    ap.add_argument("--no-observed", dest="observed", action="store_false",
                    help="skip the variant suite with NULLs only where the shipped db has them")
    args = ap.parse_args()
    RESULTS.mkdir(parents=True, exist_ok=True)
    res: dict = {}
    old_json = RESULTS / "suite_spider.json"
    prev_verify = json.loads(old_json.read_text()).get("verify") if old_json.is_file() else None

    def save():
        (RESULTS / "suite_spider.md").write_text(write_tables(res), encoding="utf-8")
        slim = {k: v for k, v in res.items()}
        if "eval" in slim:
            slim["eval"] = {k: v for k, v in slim["eval"].items() if k not in ("verdicts", "signatures")}
        (RESULTS / "suite_spider.json").write_text(json.dumps(slim, indent=1, default=str),
                                                   encoding="utf-8")

    timing = args.suite / "build_timing.json"
    if not args.skip_build:
        res["build"] = step_build(args.suite, args.seed, args.workers)
        timing.write_text(json.dumps({k: v for k, v in res["build"].items() if k != "manifest"}))
        print(f"build: {res['build']['wall_s']} s", flush=True)
    else:  # reuse the suite and the timing measured when it was built
        res["build"] = {**json.loads(timing.read_text()),
                        "manifest": json.loads((args.suite / "manifest.json").read_text())}
    save()
    e = step_eval(args.suite, args.run, args.workers)
    pairs = ex_ts_pairs(e["verdicts"])
    table, sigs = {}, Counter()
    for name, s in e["summary"]["systems"].items():
        o = s["oracles"]
        ex_not_ts = sum(1 for (sy, _), v in pairs.items() if sy == name
                        and v.get("execution", {}).get("status") == "consistent"
                        and v.get("suite", {}).get("status") == "refuted")
        table[name] = {"ex": o["execution"]["accuracy"], "ts": o["suite"]["accuracy"],
                       "judged": o["suite"]["judged"], "ex_not_ts": ex_not_ts,
                       "ts_unknown": o["suite"]["unknown"]}
    for v in pairs.values():
        if v.get("execution", {}).get("status") == "consistent" and v.get("suite", {}).get("status") == "refuted":
            sigs[v["suite"].get("signature") or "?"] += 1
    e["table"], e["signatures"] = table, sigs
    e["command_short"] = ("sqlverdict eval --benchmark spider:../shared/data/spider --predictions "
                          "NAME=FILE (x4) --oracle execution,suite --suite build/suite_spider "
                          f"--out build/suite_spider_eval --workers {args.workers}")
    res["eval"] = e
    print(json.dumps(table, indent=1), flush=True)
    save()
    from sqlverdict.oracles.suite.census import census

    res["census"] = census(f"spider:{DATA}", args.suite)
    save()
    if args.observed:
        res["observed"] = step_observed(args, pairs)
        save()
    if args.no_verify:  # keep the verifier section of an earlier run on the same suite
        if prev_verify:
            res["verify"] = {**prev_verify, "from_earlier_run": True}
            save()
    else:
        try:
            import sqlverdict.oracles.bounded.staging  # noqa: F401
        except ImportError as err:
            res["verify_missing"] = str(err)
        else:
            res["verify"] = step_verify(pairs, args.verify_sample, args.bound, args.verify_timeout,
                                        args.workers, args.seed)
            if args.compare_run:
                res["verify"]["compare"] = {"label": args.compare_label, **agreement_of_run(
                    args.compare_run, args.bound, args.verify_timeout)}
        save()
    print((RESULTS / "suite_spider.md").read_text())


if __name__ == "__main__":
    main()
