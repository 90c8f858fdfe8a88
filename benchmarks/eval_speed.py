"""``eval`` wall time versus bare SQLite execution of the same queries, side by side.

Bare: one process, plain ``sqlite3`` (read-only), each gold query once per example and each
predicted query once per system, fetching all rows. Ours: ``evaluate`` with the execution
oracle over the same four prediction files, ``--workers 2``, a fresh run directory each
time. Runs alternate (bare, ours, bare, ours, ...) and the table reports medians and the
ratio of medians.

    python -m benchmarks.eval_speed [--repeat 3] [--workers 2]
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


def bare(bench, systems, timeout_s: float = 30.0) -> tuple[float, float]:
    conns: dict[str, sqlite3.Connection] = {}
    c0, t0 = _cpu(), time.perf_counter()
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
    t, c = time.perf_counter() - t0, _cpu() - c0
    for conn in conns.values():
        conn.close()
    return t, c


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def ours(bench, systems, workers: int) -> tuple[float, float]:
    """Wall time and CPU time (this process and its workers) of one eval run."""
    with tempfile.TemporaryDirectory() as d:
        c0, t0 = _cpu(), time.perf_counter()
        evaluate(bench, systems, ["execution"], Path(d) / "run", workers=workers)
        return time.perf_counter() - t0, _cpu() - c0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    a = ap.parse_args()
    bench = load_benchmark(f"spider:{DATA}")
    systems = [load_predictions(DATA / "predictions" / f, bench, n) for n, f in FILES.items()]
    b_times, o_times, b_cpu, o_cpu = [], [], [], []
    for _ in range(a.repeat):
        w, c = bare(bench, systems)
        b_times.append(w)
        b_cpu.append(c)
        w, c = ours(bench, systems, a.workers)
        o_times.append(w)
        o_cpu.append(c)
    bm, om = statistics.median(b_times), statistics.median(o_times)
    bc, oc = statistics.median(b_cpu), statistics.median(o_cpu)
    res = {"bare_s": b_times, "ours_s": o_times, "bare_median_s": round(bm, 3),
           "ours_median_s": round(om, 3), "ratio": round(om / bm, 3),
           "bare_cpu_s": b_cpu, "ours_cpu_s": o_cpu, "cpu_ratio": round(oc / bc, 3),
           "workers": a.workers,
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
          f"CPU time (process + workers), medians: bare {bc:.2f} s, ours {oc:.2f} s, "
          f"ratio {oc / bc:.2f}.", "",
          f"ratio (ours / bare, medians): **{om / bm:.2f}** (target <= 1.5); "
          f"load average during the run: {', '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"on {os.cpu_count()} cores."]
    (a.out / "eval_speed.md").write_text("\n".join(md) + "\n")
    print("\n".join(md))


if __name__ == "__main__":
    main()
