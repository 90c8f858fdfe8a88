"""Two versions of the verifier on the same pairs, side by side, measured in CPU seconds.

A shared, loaded machine makes wall-clock medians of two runs made at different times
incomparable. This starts one worker process per version (each a Python interpreter of its
own checkout, importing its own ``sqlverdict``), feeds them the same pairs alternately, and
records per pair the status, the reason and the CPU time the worker spent on it
(``time.process_time``), which the load barely changes. Each version verifies in-process,
as ``sqlverdict.verify`` (old checkouts without it: ``fallback.verify_or_search``).

    python -m benchmarks.verify_side_by_side --pairs build/verify_scale/spider_pairs.jsonl \
        --sample 300 --a /work/wt-base --b . --labels 097f27e HEAD --bound 5 --timeout 60 \
        --out benchmarks/results/side_by_side_spider

Writes ``OUT.md`` and ``OUT.json`` (medians, p95, ratio, status changes).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
from pathlib import Path

from benchmarks.compare_runs import change_sections, write_outputs

WORKER = r"""
import json, sys, time
try:
    from sqlverdict.oracles.bounded.staging import verify
    def run(g, p, s, **kw):
        return verify(g, p, s, **kw)
except ImportError:
    from sqlverdict.oracles.bounded.fallback import verify_or_search
    def run(g, p, s, **kw):
        return verify_or_search(g, p, s, **kw)
from sqlverdict.oracles.bounded.batch import SchemaCache
schemas = SchemaCache()
for line in sys.stdin:
    d = json.loads(line)
    s = schemas.get(d["schema"], d.get("db_id"))
    c0, w0 = time.process_time(), time.monotonic()
    try:
        r = run(d["gold"], d["pred"], s, bound=d["bound"], semantics=d.get("semantics", "set"),
                timeout_s=d["timeout"])
        out = {"status": str(r.status), "reason": r.reason}
    except Exception as e:  # noqa: BLE001 - report and go on
        out = {"status": "error", "reason": repr(e)}
    out.update(cpu_s=time.process_time() - c0, wall_s=time.monotonic() - w0)
    print(json.dumps(out), flush=True)
"""


def worker(root: Path) -> subprocess.Popen:
    py = root / ".venv" / "bin" / "python"
    return subprocess.Popen([str(py), "-c", WORKER], cwd=str(root), stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, bufsize=1)


def ask(p: subprocess.Popen, d: dict) -> dict:
    p.stdin.write(json.dumps(d) + "\n")
    p.stdin.flush()
    return json.loads(p.stdout.readline())


def q(xs, f):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(f * (len(xs) - 1) + 0.5))]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=Path, required=True)
    ap.add_argument("--sample", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--a", type=Path, required=True, help="checkout with a .venv (before)")
    ap.add_argument("--b", type=Path, required=True, help="checkout with a .venv (after)")
    ap.add_argument("--labels", nargs=2, default=["before", "after"])
    ap.add_argument("--bound", type=int, default=5)
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    pairs = [json.loads(x) for x in args.pairs.read_text().splitlines() if x.strip()]
    rng = random.Random(args.seed)
    pick = sorted(rng.sample(range(len(pairs)), min(args.sample, len(pairs))))
    wa, wb = worker(args.a.resolve()), worker(args.b.resolve())
    rows = []
    for n, i in enumerate(pick):
        d = {**pairs[i], "bound": args.bound, "timeout": args.timeout}
        order = [("a", wa), ("b", wb)] if n % 2 == 0 else [("b", wb), ("a", wa)]
        got = {k: ask(w, d) for k, w in order}
        rows.append({"id": pairs[i]["id"], **{f"{k}_{f}": got[k][f] for k in "ab"
                                              for f in ("status", "reason", "cpu_s", "wall_s")}})
        if (n + 1) % 25 == 0:
            print(f"{n + 1}/{len(pick)}", file=sys.stderr, flush=True)
    for w in (wa, wb):
        w.stdin.close()
        w.wait()
    la, lb = args.labels
    ca, cb = [r["a_cpu_s"] for r in rows], [r["b_cpu_s"] for r in rows]
    changes = [r for r in rows if r["a_status"] != r["b_status"]]
    res = {"pairs": len(rows), "median_cpu_a": statistics.median(ca),
           "median_cpu_b": statistics.median(cb), "p95_cpu_a": q(ca, 0.95),
           "p95_cpu_b": q(cb, 0.95), "changes": changes, "rows": rows}
    moves: dict[str, list] = {}
    for r in changes:
        moves.setdefault(f"{r['a_status']} -> {r['b_status']}", []).append(r)
    lines = [f"# Side by side: {la} vs {lb} on {args.pairs.name}", "",
             f"`python -m benchmarks.verify_side_by_side --pairs {args.pairs} --sample "
             f"{args.sample} --a {args.a} --b {args.b} --labels {la} {lb} --bound {args.bound} "
             f"--timeout {args.timeout:g} --out {args.out}`", "",
             "CPU seconds per pair in one worker process per version, pairs alternated.", "",
             "| | " + la + " | " + lb + " | ratio |", "|---|---:|---:|---:|",
             f"| median CPU s | {res['median_cpu_a']:.3f} | {res['median_cpu_b']:.3f} | "
             f"{res['median_cpu_b'] / res['median_cpu_a']:.2f} |",
             f"| p95 CPU s | {res['p95_cpu_a']:.2f} | {res['p95_cpu_b']:.2f} | "
             f"{res['p95_cpu_b'] / res['p95_cpu_a']:.2f} |", "",
             f"Status changes: {len(changes)} of {len(rows)}.", ""]
    lines += change_sections({k: [(r["id"], r["a_reason"], r["b_reason"]) for r in v]
                              for k, v in moves.items()}, (la, lb), 8)
    write_outputs(args.out, lines, res)
    print("\n".join(lines[:14]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
