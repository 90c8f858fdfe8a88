"""Time of the pairs that reach the Z3 solver, from two source trees side by side.

``split_verifier_identity`` reports the median time over every pair, most of which are
decided before the solver runs; a change to the solver's plumbing (the Z3 context, the
term constructors) shows on the pairs the solver decides. This runs the verdict fixtures
(``tests/fixtures/verdicts``, or ``--sets``) through ``staging.verify`` with the search off
in one process per side and round, in the order A B B A (so that neither side always runs
first), and reports, over the pairs both sides decide with the solver (``method`` solver),
the median of each side's per-pair time (the smaller of its rounds), the ratio and the
totals, to ``--out``.

    git archive 175a11c src | tar -x -C /tmp/base29d
    nice python -m benchmarks.solver_pairs_timing --base-src /tmp/base29d/src \\
        --base-label 175a11c --label session \\
        --out benchmarks/results/solver_pairs_timing_z3_session.md
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.split_verifier_identity import ROOT, fixture_lines

CHILD = """
import json, sys, time
import sqlverdict
from sqlverdict.oracles.bounded.batch import SchemaCache
from sqlverdict.oracles.bounded.staging import verify
lines = [json.loads(x) for x in open(sys.argv[1], encoding="utf-8") if x.strip()]
schemas, out = SchemaCache(), {}
for x in lines:
    schema = schemas.get(x["schema"], None)
    t, c = time.perf_counter(), time.process_time()
    r = verify(x["gold"], x["pred"], schema, bound=int(sys.argv[2]), semantics=x["semantics"],
               timeout_s=30.0, search=False)
    out[x["id"]] = [time.perf_counter() - t, time.process_time() - c,
                    str(r.method) if r.method else None, str(r.status)]
print(json.dumps({"src": sqlverdict.__file__, "pairs": out}))
"""


def run(src: Path, pairs: Path, bound: int) -> dict:
    p = subprocess.run([sys.executable, "-c", CHILD, str(pairs), str(bound)],
                       env={**os.environ, "PYTHONPATH": str(src)}, capture_output=True,
                       text=True, cwd=pairs.parent)
    if p.returncode:
        raise SystemExit(p.stderr[-2000:])
    got = json.loads(p.stdout.strip().splitlines()[-1])
    if not got["src"].startswith(str(src)):
        raise SystemExit(f"imported {got['src']}, not from {src}")
    return got["pairs"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base-src", type=Path, required=True)
    ap.add_argument("--base-label", default="base")
    ap.add_argument("--src", type=Path, default=ROOT / "src", help="the other tree's src")
    ap.add_argument("--label", default="this tree")
    ap.add_argument("--sets", default="verdicts")
    ap.add_argument("--bound", type=int, default=3)
    ap.add_argument("--limit", type=int, default=None, help="the first N pairs only")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    sides = {"base": args.base_src.resolve(), "new": args.src.resolve()}
    lines = [x for name in args.sets.split(",") for x in fixture_lines(name)][: args.limit]
    times: dict[str, dict[str, list[float]]] = {"base": {}, "new": {}}
    cpu: dict[str, dict[str, list[float]]] = {"base": {}, "new": {}}
    methods: dict[str, dict[str, str]] = {"base": {}, "new": {}}
    with tempfile.TemporaryDirectory() as d:
        pairs = Path(d) / "pairs.jsonl"
        pairs.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
        for side in ("base", "new", "new", "base"):
            for i, (t, c, method, _) in run(sides[side], pairs, args.bound).items():
                times[side].setdefault(i, []).append(t)
                cpu[side].setdefault(i, []).append(c)
                methods[side][i] = method
            print(f"{side}: done", file=sys.stderr)
    ids = [x["id"] for x in lines
           if methods["base"].get(x["id"]) == methods["new"].get(x["id"]) == "solver"]
    def row(kind: str, table: dict) -> str:
        best = {s: [min(table[s][i]) for i in ids] for s in sides}
        mb, mn = statistics.median(best["base"]), statistics.median(best["new"])
        tb, tn = sum(best["base"]), sum(best["new"])
        return (f"| {kind} | {len(ids)} | {mb:.4f} | {mn:.4f} | {mn / mb:.3f} | {tb:.2f} | "
                f"{tn:.2f} | {tn / tb:.3f} |")

    same = sum(methods["base"][x["id"]] == methods["new"][x["id"]] for x in lines)
    md = [f"# Time of the pairs the solver decides: {args.label} against {args.base_label}", "",
          f"Sets: {args.sets} ({len(lines)} pairs), bound {args.bound}, search off, timeout 30 s; "
          "one process per side and round, in the order base, new, new, base; a pair's time "
          "is the smaller of its two rounds (`staging.verify`, in-process: the wall clock, "
          "and the process's CPU time, which the load of other processes on a shared "
          "machine disturbs far less). "
          f"Pairs with the same method on both sides: {same} of {len(lines)}; decided by the "
          f"solver on both: {len(ids)}.", "",
          f"| time | pairs | median s {args.base_label} | median s {args.label} | ratio | "
          f"total s {args.base_label} | total s {args.label} | ratio of totals |",
          "|---|---:|---:|---:|---:|---:|---:|---:|",
          row("CPU", cpu), row("wall clock", times), "",
          f"Load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"({os.cpu_count()} cores).", "",
          "Reproduce:", "", "    git archive " + args.base_label + " src | tar -x -C /tmp/base",
          f"    nice python -m benchmarks.solver_pairs_timing --base-src /tmp/base/src "
          f"--base-label {args.base_label} --label {args.label} --sets {args.sets} "
          f"--out {args.out}", ""]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(md), encoding="utf-8")
    print("\n".join(md))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
