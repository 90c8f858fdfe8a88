"""Bounded verification on Spider dev: the pairs that execution accepts (EX-SpotIt).

For each of the four prediction files in ../shared/data/spider/predictions, the pairs
(gold, prediction) that the execution check accepts on the shipped database (bag
semantics, list when the gold has a top-level ORDER BY; project engine and comparator)
are verified at bound K with a per-pair budget. Identical (db, gold, pred) triples across
systems are verified once (verdicts are deterministic) and counted per system.

    nice python -m benchmarks.verify_spider [--bound 3] [--timeout 30] [--sample N]

writes benchmarks/results/verify_spider.{md,json}. Every refuted witness is replayed
again here, independently of the verifier, from its JSON tables.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

import sqlglot

from sqlverdict.bench import load_benchmark
from sqlverdict.bench.predictions import load_predictions
from sqlverdict.engine.compare import results_equal
from sqlverdict.engine.execute import run_query
from sqlverdict.errors import ExecutionError
from sqlverdict.oracles.bounded.staging import verify
from sqlverdict.oracles.bounded.witness import replay
from sqlverdict.types import tables_from_json

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / ".." / "shared" / "data" / "spider"
SYSTEMS = ["dailsql_gpt4", "dinsql_gpt4", "c3sql_gpt35", "graphix_via_dailsql"]


def has_top_order(sql: str) -> bool:
    try:
        t = sqlglot.parse_one(sql, read="sqlite")
        return bool(t.args.get("order"))
    except Exception:  # noqa: BLE001 - unparsable: fall back to the text
        return bool(re.search(r"order\s+by", sql, re.I))


def ex_accepted(bench, systems):
    """(system, example, pred) for every pair the execution check accepts."""
    out = []
    for name in systems:
        preds = load_predictions(DATA / "predictions" / f"{name}.sql", bench, name)
        for ex in bench.examples:
            if ex.db_path is None:
                continue
            p = preds.predictions.get(ex.id)
            if p is None or not p.ok:
                continue
            try:
                g = run_query(ex.db_path, ex.gold, timeout_s=30)
                r = run_query(ex.db_path, p.sql, timeout_s=30)
            except ExecutionError:
                continue
            sem = "list" if has_top_order(ex.gold) else "bag"
            if results_equal(g.rows, r.rows, sem, gold_ncols=len(g.columns), pred_ncols=len(r.columns)):
                out.append((name, ex, p.sql))
    return out


def construct(reason: str) -> str:
    if reason.startswith("unsupported: "):
        return reason[len("unsupported: "):]
    return reason.split(":")[0] if reason else "?"


def summarize(rows, sample_note, args, title, systems):
    unique = {}
    for r in rows:
        unique.setdefault(r["key"], r)
    times = sorted(r["elapsed_s"] for r in unique.values())
    lines = [f"# {title}", "", f"Command: `{args}`", "", sample_note, ""]
    lines += ["| system | pairs | refuted | verified | unknown | decided |", "|---|---|---|---|---|---|"]
    per = {}
    for s in systems + ["all"]:
        rs = [r for r in rows if s == "all" or r["system"] == s]
        c = Counter(r["status"] for r in rs)
        n = len(rs)
        dec = (c["refuted"] + c["verified"]) / n if n else 0.0
        per[s] = {"pairs": n, **{k: c[k] for k in ("refuted", "verified", "unknown")}, "decided": dec}
        lines.append(f"| {s} | {n} | {c['refuted']} | {c['verified']} | {c['unknown']} | {100 * dec:.1f}% |")
    q = lambda p: times[min(len(times) - 1, int(p * len(times)))] if times else 0.0  # noqa: E731
    lines += ["", f"Unique (db, gold, pred) triples verified: {len(unique)}; time per pair: "
              f"median {statistics.median(times) if times else 0:.3f} s, p95 {q(0.95):.3f} s, "
              f"max {times[-1] if times else 0:.3f} s.", ""]
    refuted = [r for r in unique.values() if r["status"] == "refuted"]
    replayed = sum(1 for r in refuted if r.get("replays"))
    lines.append(f"Refuted pairs whose witness replays again from its JSON tables: {replayed} / {len(refuted)}.")
    lines += ["", "Unknown reasons (unique triples):", "", "| reason | count |", "|---|---|"]
    rc = Counter(construct(r["reason"]) for r in unique.values() if r["status"] == "unknown")
    for k, v in rc.most_common():
        lines.append(f"| {k} | {v} |")
    return "\n".join(lines) + "\n", {"per_system": per, "unique": len(unique),
                                    "median_s": statistics.median(times) if times else None,
                                    "p95_s": q(0.95), "refuted_replayed": [replayed, len(refuted)],
                                    "unknown_reasons": dict(rc)}


def run_pairs(pairs, schema_of, gold_sem, args, log):
    """pairs: list of (system, key, gold, pred, db_id); returns result rows."""
    done: dict = {}
    rows = []
    t0 = time.monotonic()
    for i, (system, key, gold, pred, db_id, ex_id) in enumerate(pairs):
        if key not in done:
            schema = schema_of(db_id)
            sem = gold_sem(gold) if args.semantics == "ex" else args.semantics
            r = verify(gold, pred, schema, bound=args.bound, semantics=sem, timeout_s=args.timeout, search=False)
            rec = {"status": str(r.status), "reason": r.reason, "elapsed_s": r.elapsed_s,
                   "db_id": db_id, "gold": gold, "pred": pred, "semantics": sem}
            if r.witness is not None:
                w = r.witness.to_json()
                rep = replay(gold, pred, schema, tables_from_json(w["tables"]), sem)
                rec["replays"] = rep.differs
                rec["witness"] = w
            done[key] = rec
        rows.append({"system": system, "example_id": ex_id, "key": key, **done[key]})
        if log and (i + 1) % 100 == 0:
            print(f"{i + 1}/{len(pairs)} pairs, {len(done)} unique, {time.monotonic() - t0:.0f} s",
                  file=sys.stderr, flush=True)
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bound", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--semantics", default="set", help="set | bag | list | ex (bag, list if gold orders)")
    ap.add_argument("--sample", type=int, default=0, help="verify a seeded random sample of N pairs")
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "verify_spider"))
    args = ap.parse_args(argv)
    bench = load_benchmark(f"spider:{DATA}")
    acc = ex_accepted(bench, SYSTEMS)
    pairs = [(s, (ex.db_id, ex.gold, sql), ex.gold, sql, ex.db_id, ex.id) for s, ex, sql in acc]
    note = f"All {len(pairs)} EX-accepted pairs of the four systems."
    if args.sample and args.sample < len(pairs):
        random.Random(0).shuffle(pairs)
        pairs = pairs[: args.sample]
        note = f"Seeded random sample (seed 0) of {len(pairs)} of the {len(acc)} EX-accepted pairs."
    rows = run_pairs(pairs, lambda d: bench.schemas[d],
                     lambda g: "list" if has_top_order(g) else "bag", args, log=True)
    cmd = "nice python -m benchmarks.verify_spider " + " ".join(argv if argv is not None else sys.argv[1:])
    md, js = summarize(rows, note, cmd.strip(), f"Bounded verification on Spider dev "
                       f"(bound {args.bound}, {args.timeout:g} s, {args.semantics} semantics)", SYSTEMS)
    Path(args.out + ".md").write_text(md, encoding="utf-8")
    # per pair: no SQL text or witness (they are benchmark data; rerun to see them)
    keep = ("system", "example_id", "db_id", "status", "reason", "elapsed_s", "semantics", "replays")
    js["pairs"] = [{k: r[k] for k in keep if k in r} for r in rows]
    Path(args.out + ".json").write_text(json.dumps(js, indent=1, default=str), encoding="utf-8")
    print(md)


if __name__ == "__main__":
    main()
