"""Canonicalisation on all Spider dev predictions in ../shared/data: throughput (distinct
queries per second of CPU time on one core) and the meaning-preservation property (original
and canonical form give identical results on the Spider databases).

Run from the repository root:  python -m benchmarks.structure_canon
Writes benchmarks/results/structure_canon.{md,json}.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

from tests.helpers.canon import check

from sqlverdict.bench import load_benchmark, load_predictions
from sqlverdict.sql.canon import canonicalize
from sqlverdict.structure import restrict

ROOT = Path(__file__).resolve().parents[1]

SPIDER = ROOT.parent / "shared" / "data" / "spider"
SUBSET = SPIDER / "predictions" / "subset200_multisample"


def collect():
    bench = load_benchmark(f"spider:{SPIDER}")
    pairs = {(e.db_path, e.db_id, e.gold) for e in bench.examples}
    files = sorted((SPIDER / "predictions").glob("*.sql"))
    for f in files:
        ps = load_predictions(f, bench)
        pairs |= {(e.db_path, e.db_id, ps.get(e.id).sql) for e in bench.examples
                  if ps.get(e.id).ok}
    sub = restrict(bench, SUBSET / "subset_dev_indices.json")
    sub_files = sorted(SUBSET.glob("*.sql"))
    for f in sub_files:
        ps = load_predictions(f, sub)
        pairs |= {(e.db_path, e.db_id, ps.get(e.id).sql) for e in sub.examples
                  if ps.get(e.id).ok}
    return bench, sorted(pairs, key=lambda p: (p[1], p[2])), len(files) + len(sub_files)


def throughput(bench, pairs, repeats: int = 3):
    rates, failures = [], 0
    for _ in range(repeats):
        t0 = time.process_time()
        failures = sum(1 for _, db, sql in pairs
                       if not canonicalize(sql, bench.schemas.get(db)).ok)
        rates.append(len(pairs) / (time.process_time() - t0))
    return rates, failures


def main() -> None:
    bench, pairs, n_files = collect()
    rates, failures = throughput(bench, pairs)
    with_db = [p for p in pairs if p[0]]
    t0 = time.perf_counter()
    checked, bad = check(bench, with_db)
    prop_s = time.perf_counter() - t0
    res = {
        "prediction_files": n_files,
        "distinct_queries": len(pairs),
        "canonicalisation_failures": failures,
        "throughput_queries_per_cpu_s": {"runs": [round(r, 1) for r in rates],
                                         "median": round(statistics.median(rates), 1)},
        "property": {"queries_with_database": len(with_db), "checked": checked,
                     "mismatches": len(bad), "examples": bad[:5],
                     "skipped_note": "queries that fail in SQLite or do not canonicalize",
                     "wall_s": round(prop_s, 1)},
    }
    out = ROOT / "benchmarks" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "structure_canon.json").write_text(json.dumps(res, indent=2) + "\n")
    md = [
        "# Canonicalisation on Spider dev predictions",
        "",
        "`python -m benchmarks.structure_canon` (CPU time of one process, so the number is per "
        "core even on a shared machine).",
        "",
        "| measure | value |",
        "| --- | ---: |",
        f"| prediction files (dev-aligned + subset200) | {n_files} |",
        f"| distinct (database, query) pairs incl. gold | {len(pairs)} |",
        f"| canonicalisation failures (reported, not dropped) | {failures} |",
        f"| throughput, distinct queries / CPU second (median of {len(rates)}) | "
        f"{statistics.median(rates):.0f} |",
        f"| throughput runs | {', '.join(f'{r:.0f}' for r in rates)} |",
        f"| property: queries compared on the databases | {checked} |",
        f"| property: result mismatches or canonical-form errors | {len(bad)} |",
        "",
    ]
    (out / "structure_canon.md").write_text("\n".join(md))
    print("\n".join(md))


if __name__ == "__main__":
    main()
