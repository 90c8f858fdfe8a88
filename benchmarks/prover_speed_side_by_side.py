"""The unbounded prover's own time (``unbounded.proof``, lowering excluded) on every pair of
the prover corpus, for two versions of the code side by side: two worker processes, one per
version, given the same pair one after the other, so that the load of a shared machine
falls on both alike. Reports medians, p95 and the ratio of medians, and pairs proved.

The other version's code is a source tree made with ``git archive``:

    mkdir -p /tmp/base && git archive 3ba52cd src | tar -x -C /tmp/base
    nice -n 10 python -m benchmarks.prover_speed_side_by_side --base-src /tmp/base/src \\
        --run after25e --name prover_speed_normal_form_keys_groups_arith

``--run`` names a ``benchmarks.prover_corpus`` run whose results give the SQLite texts of
translated pairs. Results: ``benchmarks/results/<name>.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from benchmarks.prover_corpus import BUILD, RESULTS, load_corpus
from benchmarks.verify_scale import read_jsonl

ROOT = Path(__file__).resolve().parents[1]

WORKER = r"""
import json, sys, time
from sqlverdict.schema import load_schema
from sqlverdict.oracles.bounded.pair import Pair
from sqlverdict.oracles.bounded.prover import simplify_top
from sqlverdict.oracles.bounded.unbounded import proof
schemas = {}
for line in sys.stdin:
    p = json.loads(line)
    try:
        if p["schema"] not in schemas:
            schemas[p["schema"]] = load_schema(p["schema"])
        pair = Pair(p["gold"], p["pred"], schemas[p["schema"]], p["semantics"])
        g = simplify_top(pair.lowered("gold").query, pair.semantics)
        q = simplify_top(pair.lowered("pred").query, pair.semantics)
    except Exception as e:
        print(json.dumps({"error": str(e)[:100]}), flush=True)
        continue
    t0 = time.perf_counter()
    f = proof(g, q, pair.schema, pair.semantics)
    print(json.dumps({"elapsed_s": time.perf_counter() - t0, "proved": f is not None}), flush=True)
"""


def worker(src: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(src)}
    return subprocess.Popen([sys.executable, "-c", WORKER], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)


def ask(w: subprocess.Popen, p: dict) -> dict:
    w.stdin.write(json.dumps(p) + "\n")
    w.stdin.flush()
    return json.loads(w.stdout.readline())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base-src", type=Path, required=True, help="src/ of the other version")
    ap.add_argument("--run", required=True, help="a prover_corpus run (for SQLite texts)")
    ap.add_argument("--name", required=True)
    a = ap.parse_args(argv)
    results = {r["id"]: r for r in read_jsonl(BUILD / f"{a.run}_b3.jsonl")}
    pairs = []
    for p in load_corpus():
        r = results.get(p["id"])
        if r is None:
            continue
        gold, pred = (r["translation"]["gold"], r["translation"]["pred"]) if r.get("translation") \
            else (p["gold"], p["pred"])
        pairs.append({"id": p["id"], "expect": p["expect"], "gold": gold, "pred": pred,
                      "schema": str(ROOT / p["schema"]), "semantics": r["semantics"]})
    versions = {"base": worker(a.base_src.resolve()), "this": worker(ROOT / "src")}
    rows = []
    for p in pairs:
        row = {"id": p["id"], "expect": p["expect"]}
        for name, w in versions.items():
            row[name] = ask(w, p)
        rows.append(row)
    for w in versions.values():
        w.stdin.close()
        w.wait()
    ok = [r for r in rows if "error" not in r["base"] and "error" not in r["this"]]
    lines = ["# The unbounded prover's time per pair, two versions side by side", "",
             f"Command: `python -m benchmarks.prover_speed_side_by_side "
             f"{' '.join(argv if argv is not None else sys.argv[1:])}`", "",
             f"`base`: the source tree `{a.base_src}`; `this`: this checkout. `proof()` alone "
             f"(lowering excluded) on the {len(ok)} corpus pairs both lower "
             f"({len(rows) - len(ok)} do not), each pair given to both workers in turn.", "",
             "| pairs | version | proved (equivalent) | proved (mutants, must be 0) | median ms | "
             "p95 ms | max ms |", "|---|---|---:|---:|---:|---:|---:|"]
    for name in versions:
        t = sorted(r[name]["elapsed_s"] for r in ok)
        eq = sum(r[name]["proved"] for r in ok if r["expect"] == "equivalent")
        mu = sum(r[name]["proved"] for r in ok if r["expect"] != "equivalent")
        lines.append(f"| {len(ok)} | {name} | {eq} | {mu} | {1000 * statistics.median(t):.1f} | "
                     f"{1000 * t[int(0.95 * len(t))]:.1f} | {1000 * t[-1]:.1f} |")
    ratio = statistics.median(r["this"]["elapsed_s"] for r in ok) / \
        statistics.median(r["base"]["elapsed_s"] for r in ok)
    per = statistics.median(r["this"]["elapsed_s"] / max(r["base"]["elapsed_s"], 1e-6) for r in ok)
    lines += ["", f"Ratio of medians this/base: {ratio:.2f}; median of per-pair ratios: {per:.2f}."]
    RESULTS.mkdir(parents=True, exist_ok=True)
    slow = sorted(ok, key=lambda r: r["base"]["elapsed_s"] - r["this"]["elapsed_s"])[:10]
    lines += ["", "Pairs that slowed most (ms, base -> this):", ""]
    lines += [f"- `{r['id']}`: {1000 * r['base']['elapsed_s']:.0f} -> {1000 * r['this']['elapsed_s']:.0f}"
              for r in slow]
    (RESULTS / f"{a.name}.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
