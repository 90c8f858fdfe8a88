"""The soundness attack (``soundness_attack.py``) on every proof of the unbounded prover.

A ``normal_form`` proof claims equality on every database, so each is attacked at several
bounds (rows per table), with values of every storage class and with typed values only;
any separating database is a wrong proof (its database is printed and stored).

Inputs are ``verify-batch`` runs as ``benchmarks/equivalence.py`` leaves them:
``build/equivalence/<name>_pairs.jsonl`` and ``<name>_b3.jsonl`` for each ``--set NAME``.

    nice python benchmarks/equivalence.py --set calcite --bound 3 --timeout 60 --workers 1 --fresh
    nice python benchmarks/prover_attack.py --set calcite --set literature --trials 300

Results: ``benchmarks/results/prover_attack.{md,json}``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from soundness_attack import Attack  # noqa: E402

BUILD = ROOT / "build" / "equivalence"
RESULTS = ROOT / "benchmarks" / "results"
BOUNDS = (2, 4, 6)


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def proofs(name: str, method: str) -> list[dict]:
    pairs = {p["id"]: p for p in read_jsonl(BUILD / f"{name}_pairs.jsonl")}
    out = []
    for r in read_jsonl(BUILD / f"{name}_b3.jsonl"):
        if r.get("status") == "verified" and r.get("method") == method:
            out.append({**pairs[r["id"]], "set": name, "semantics": r["semantics"]})
    return out


def attack(p: dict, trials: int, attacks: dict) -> dict:
    if "dialect" in p:
        return {"id": p["id"], "set": p["set"], "skipped": f"dialect {p['dialect']}"}
    a = attacks.get(p["schema"])
    if a is None:
        a = attacks[p["schema"]] = Attack.for_schema(p["schema"])
    t0 = time.perf_counter()
    out = {"id": p["id"], "set": p["set"], "gold": p["gold"], "pred": p["pred"],
           "semantics": p["semantics"], "separated": False, "trials": 0}
    for bound in BOUNDS:
        for typed in (False, True):
            o = a.run(p["gold"], p["pred"], p["semantics"], bound=bound, trials=trials,
                      seed=f"{p['id']}:{bound}:{typed}", typed=typed)
            out["trials"] += o.trials
            if o.separated:
                out.update(separated=True, bound=bound, typed=typed, db=o.db,
                           gold_rows=o.gold_rows, pred_rows=o.pred_rows)
                out["elapsed_s"] = round(time.perf_counter() - t0, 3)
                return out
    out["elapsed_s"] = round(time.perf_counter() - t0, 3)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", action="append", required=True, help="a run under build/equivalence")
    ap.add_argument("--method", default="normal_form")
    ap.add_argument("--trials", type=int, default=300, help="per bound and value mode")
    a = ap.parse_args(argv)
    rows, attacks = [], {}
    for name in a.set:
        for p in proofs(name, a.method):
            rows.append(attack(p, a.trials, attacks))
            r = rows[-1]
            if r.get("separated"):
                print(f"SEPARATED {r['id']}: {r['gold']} | {r['pred']} on {r['db']}", file=sys.stderr)
    attacked = [r for r in rows if "skipped" not in r]
    sep = [r for r in attacked if r["separated"]]
    cmd = " ".join(["python benchmarks/prover_attack.py", *(argv if argv is not None else sys.argv[1:])])
    summary = {"command": cmd, "method": a.method, "bounds": BOUNDS, "trials_per_run": a.trials,
               "proofs": len(rows), "attacked": len(attacked), "separated": len(sep),
               "skipped": len(rows) - len(attacked),
               "databases_tried": sum(r["trials"] for r in attacked),
               "median_s_per_proof": statistics.median([r["elapsed_s"] for r in attacked])
               if attacked else None,
               "by_set": {s: sum(r["set"] == s for r in attacked) for s in a.set}}
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "prover_attack.json").write_text(json.dumps({**summary, "results": rows}, indent=2,
                                                           default=repr) + "\n")
    lines = ["# The soundness attack on the unbounded prover's proofs", "",
             f"Command: `{cmd}`", "",
             f"Every `{a.method}` proof of the runs below, attacked with `soundness_attack.Attack` "
             f"at {', '.join(map(str, BOUNDS))} rows per table, {a.trials} databases per bound with "
             "values of every storage class and again with typed values only.", "",
             "| proofs | attacked | databases tried | separated |", "|---:|---:|---:|---:|",
             f"| {len(rows)} | {len(attacked)} | {summary['databases_tried']} | {len(sep)} |", "",
             "| run | proofs attacked |", "|---|---:|"]
    lines += [f"| {s} | {n} |" for s, n in summary["by_set"].items()]
    lines += ["", "## Separated", ""]
    lines += [f"- `{r['id']}` ({r['set']}): `{r['gold']}` vs `{r['pred']}` at bound {r['bound']}: "
              f"{r['db']}" for r in sep] or ["none"]
    lines += ["", "## Proofs attacked", ""]
    lines += [f"- `{r['id']}` ({r['set']}): `{r['gold'][:200]}` vs `{r['pred'][:200]}`"
              for r in attacked]
    (RESULTS / "prover_attack.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines[:12]))
    return 1 if sep else 0


if __name__ == "__main__":
    sys.exit(main())
