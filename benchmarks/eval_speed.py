"""``eval`` wall time versus bare SQLite execution of the same queries, side by side.

Bare: one process, plain ``sqlite3`` (read-only), each gold query once per example and each
predicted query once per system, fetching all rows. Ours: ``evaluate`` with the execution
oracle over the same four prediction files, ``--workers 2``, a fresh run directory each
time. Runs alternate (bare, ours, bare, ours, ...) and the table reports medians and the
ratio of medians.

    python benchmarks/eval_speed.py [--repeat 3] [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from sqlverdict.bench import load_benchmark, load_predictions
from sqlverdict.evaluation import evaluate

DATA = Path("../shared/data/spider")
FILES = {"dail": "dailsql_gpt4.sql", "din": "dinsql_gpt4.sql", "c3": "c3sql_gpt35.sql",
         "graphix": "graphix_via_dailsql.sql"}


def bare(bench, systems, timeout_s: float = 30.0) -> float:
    conns: dict[str, sqlite3.Connection] = {}
    t0 = time.perf_counter()
    for ex in bench.examples:
        if ex.id in bench.skipped:
            continue
        c = conns.get(ex.db_path)
        if c is None:
            c = conns[ex.db_path] = sqlite3.connect(f"file:{ex.db_path}?mode=ro", uri=True)
            c.text_factory = lambda b: b.decode("utf-8", "replace")
        queries = [ex.gold] + [s.get(ex.id).sql for s in systems if s.get(ex.id).ok]
        for q in queries:
            deadline = time.monotonic() + timeout_s
            c.set_progress_handler(lambda d=deadline: time.monotonic() > d, 2000)
            try:
                c.execute(q).fetchall()
            except (sqlite3.Error, sqlite3.Warning):
                pass
    t = time.perf_counter() - t0
    for c in conns.values():
        c.close()
    return t


def ours(bench, systems, workers: int) -> float:
    with tempfile.TemporaryDirectory() as d:
        t0 = time.perf_counter()
        evaluate(bench, systems, ["execution"], Path(d) / "run", workers=workers)
        return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    a = ap.parse_args()
    bench = load_benchmark(f"spider:{DATA}")
    systems = [load_predictions(DATA / "predictions" / f, bench, n) for n, f in FILES.items()]
    b_times, o_times = [], []
    for _ in range(a.repeat):
        b_times.append(bare(bench, systems))
        o_times.append(ours(bench, systems, a.workers))
    bm, om = statistics.median(b_times), statistics.median(o_times)
    res = {"bare_s": b_times, "ours_s": o_times, "bare_median_s": round(bm, 3),
           "ours_median_s": round(om, 3), "ratio": round(om / bm, 3), "workers": a.workers,
           "repeat": a.repeat, "load_avg": os.getloadavg(), "cpus": os.cpu_count(),
           "examples_judged": sum(1 for e in bench.examples if e.id not in bench.skipped),
           "systems": list(FILES)}
    a.out.mkdir(parents=True, exist_ok=True)
    (a.out / "eval_speed.json").write_text(json.dumps(res, indent=2))
    md = ["# eval speed: Spider dev, four systems, execution oracle", "",
          "| | median wall time (s) | runs (s) |", "|---|---|---|",
          f"| bare SQLite (1 process) | {bm:.2f} | {', '.join(f'{x:.2f}' for x in b_times)} |",
          f"| sqlverdict eval --workers {a.workers} | {om:.2f} | "
          f"{', '.join(f'{x:.2f}' for x in o_times)} |", "",
          f"ratio (ours / bare, medians): **{om / bm:.2f}** (target <= 1.5); "
          f"load average during the run: {', '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"on {os.cpu_count()} cores."]
    (a.out / "eval_speed.md").write_text("\n".join(md) + "\n")
    print("\n".join(md))


if __name__ == "__main__":
    main()
