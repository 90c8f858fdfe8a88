"""Bounded verification on BIRD dev: gold against each prediction, where both parse.

BIRD's row data is not available here (schema-only databases), so there is no execution
filter: every pair of the three prediction files in ../shared/data/bird/predictions whose
two queries parse with sqlglot (SQLite dialect) is verified at bound K with a per-pair
budget. Identical (db, gold, pred) triples are verified once and counted per system.

    nice python -m benchmarks.verify_bird [--bound 3] [--timeout 30] [--sample N]

writes benchmarks/results/verify_bird.{md,json}.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import sqlglot

from benchmarks.verify_spider import run_pairs, summarize
from sqlverdict.bench import load_benchmark
from sqlverdict.bench.predictions import load_predictions

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / ".." / "shared" / "data" / "bird"
FILES = {"alpha_sql": "alpha_sql.json", "gsr": "gsr.sql", "codes_15b": "codes-15b-bird-with-evidence.json"}


def parses(sql: str) -> bool:
    try:
        trees = [t for t in sqlglot.parse(sql, read="sqlite") if t is not None]
        return len(trees) == 1
    except Exception:  # noqa: BLE001 - any parser failure means "does not parse"
        return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bound", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--semantics", default="set")
    ap.add_argument("--sample", type=int, default=0)
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "verify_bird"))
    args = ap.parse_args(argv)
    bench = load_benchmark(f"bird:{DATA}")
    pairs, total = [], 0
    for name, f in FILES.items():
        preds = load_predictions(DATA / "predictions" / f, bench, name)
        for ex in bench.examples:
            p = preds.predictions.get(ex.id)
            total += 1
            if p is None or not p.ok or ex.db_id not in bench.schemas:
                continue
            if parses(ex.gold) and parses(p.sql):
                pairs.append((name, (ex.db_id, ex.gold, p.sql), ex.gold, p.sql, ex.db_id, ex.id))
    note = f"All {len(pairs)} pairs (of {total}) where both queries parse."
    if args.sample and args.sample < len(pairs):
        n = len(pairs)
        random.Random(0).shuffle(pairs)
        pairs = pairs[: args.sample]
        note = (f"Seeded random sample (seed 0) of {len(pairs)} of the {n} pairs (of {total}) "
                "where both queries parse.")
    rows = run_pairs(pairs, lambda d: bench.schemas[d], None, args, log=True)
    cmd = "nice python -m benchmarks.verify_bird " + " ".join(argv if argv is not None else sys.argv[1:])
    md, js = summarize(rows, note, cmd.strip(), f"Bounded verification on BIRD dev "
                       f"(bound {args.bound}, {args.timeout:g} s, {args.semantics} semantics)",
                       list(FILES))
    Path(args.out + ".md").write_text(md, encoding="utf-8")
    keep = ("system", "example_id", "db_id", "status", "reason", "elapsed_s", "semantics", "replays")
    js["pairs"] = [{k: r[k] for k in keep if k in r} for r in rows]
    Path(args.out + ".json").write_text(json.dumps(js, indent=1, default=str), encoding="utf-8")
    print(md)


if __name__ == "__main__":
    main()
