"""The soundness attack (``soundness_attack.py``) on every proof of the unbounded prover.

A ``normal_form`` proof claims equality on every database, so each is attacked at several
bounds (rows per table), with values of every storage class and with typed values only;
any separating database is a wrong proof (its database is printed and stored).

Inputs are ``verify-batch`` runs as ``benchmarks/equivalence.py`` leaves them:
``build/equivalence/<name>_pairs.jsonl`` and ``<name>_b3.jsonl`` for each ``--set NAME``;
a pair in another dialect is attacked on the SQLite translations its result states.
``--method`` picks the proofs (``normal_form``, ``rewriting``, ``same_ir``, ...).

    nice python -m benchmarks.equivalence --set calcite --bound 3 --timeout 60 --workers 1 --fresh
    nice python -m benchmarks.prover_attack --set calcite --set literature --trials 300

``--direct FILE`` runs the prover alone (no other method first) on every pair of a
``verify-batch`` pairs file (``--every N``: every N-th pair) and attacks each pair it
proves whose two plans differ (identical plans say nothing about the prover):

    nice python -m benchmarks.pairs
    nice python -m benchmarks.prover_attack --direct build/verify_scale/spider_pairs.jsonl \
        --direct build/verify_scale/bird_pairs.jsonl --trials 100 --name prover_attack_spider_bird

``--typed``: only the proofs of the typed domain (result lines with ``"domain": "typed"``,
the default for another engine's dialect on DDL: ``oracles/bounded/domain.py``), attacked
with typed values only (keys not NULL, values of the declared classes): a proof of that
domain claims nothing about a text in an INTEGER column.

    nice python -m benchmarks.prover_attack --set corpus_typed --method rewriting --typed

Results: ``benchmarks/results/<name>.{md,json}`` (default ``prover_attack``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from benchmarks.soundness_attack import Attack

ROOT = Path(__file__).resolve().parents[1]

BUILD = ROOT / "build" / "equivalence"
RESULTS = ROOT / "benchmarks" / "results"
BOUNDS = (2, 4, 6)


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def proofs(name: str, method: str, domain: str | None = None) -> list[dict]:
    """The ``method`` proofs of run ``name`` (of ``domain`` only, when given)."""
    pairs = {p["id"]: p for p in read_jsonl(BUILD / f"{name}_pairs.jsonl")}
    out = []
    for r in read_jsonl(BUILD / f"{name}_b3.jsonl"):
        if domain is not None and r.get("domain", "sqlite") != domain:
            continue
        if r.get("status") == "verified" and r.get("method") == method:
            p = {**pairs[r["id"]], "set": name, "semantics": r["semantics"]}
            if p.get("dialect") == "sqlite":
                p.pop("dialect")
            if r.get("translation"):  # a dialect's pair: attack the SQLite texts verified
                p.pop("dialect", None)
                p.update(gold=r["translation"]["gold"], pred=r["translation"]["pred"])
            out.append(p)
    return out


def direct_proofs(path: Path, every: int) -> tuple[list[dict], dict]:
    """Pairs of ``path`` the prover proves on its own, and counts."""
    from sqlverdict.errors import SqlverdictError
    from sqlverdict.oracles.bounded import ir
    from sqlverdict.oracles.bounded.prover import simplify_top
    from sqlverdict.oracles.bounded.unbounded import proof
    from sqlverdict.oracles.bounded.witness import user_tables
    from sqlverdict.schema import load_schema

    schemas: dict = {}
    out, n, lowered, same, times = [], 0, 0, 0, []
    for i, p in enumerate(read_jsonl(path)):
        if i % every or "dialect" in p:
            continue
        n += 1
        if p["schema"] not in schemas:
            schemas[p["schema"]] = user_tables(load_schema(ROOT / p["schema"]))
        schema = schemas[p["schema"]]
        sem = p.get("semantics", "bag")
        try:
            g = simplify_top(ir.lower(p["gold"], schema).query, sem)
            q = simplify_top(ir.lower(p["pred"], schema).query, sem)
        except (SqlverdictError, RecursionError):
            continue
        lowered += 1
        if g == q:
            same += 1
            continue
        t0 = time.perf_counter()
        found = proof(g, q, schema, sem)
        times.append(time.perf_counter() - t0)
        if found is not None:
            out.append({**p, "set": path.stem, "semantics": sem, "assumes": list(found)})
    return out, {"pairs": n, "lowered": lowered, "same_plan": same, "proved": len(out),
                 "median_prover_s": statistics.median(times) if times else None}


def attack(p: dict, trials: int, attacks: dict, modes: tuple[bool, ...] = (False, True)) -> dict:
    """Attack one proof at each of ``BOUNDS``, once per value mode of ``modes`` (False:
    values of every storage class, True: typed values only)."""
    if "dialect" in p:
        return {"id": p["id"], "set": p["set"], "skipped": f"dialect {p['dialect']}"}
    a = attacks.get(p["schema"])
    if a is None:
        a = attacks[p["schema"]] = Attack.for_schema(p["schema"])
    t0 = time.perf_counter()
    out = {"id": p["id"], "set": p["set"], "gold": p["gold"], "pred": p["pred"],
           "semantics": p["semantics"], "separated": False, "trials": 0}
    for bound in BOUNDS:
        for typed in modes:
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
    ap.add_argument("--set", action="append", default=[], help="a run under build/equivalence")
    ap.add_argument("--direct", action="append", type=Path, default=[],
                    help="a pairs file: the prover alone on each pair")
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--name", default="prover_attack")
    ap.add_argument("--method", default="normal_form")
    ap.add_argument("--trials", type=int, default=300, help="per bound and value mode")
    ap.add_argument("--typed", action="store_true",
                    help="only proofs of the typed domain, attacked with typed values only")
    a = ap.parse_args(argv)
    rows, attacks, direct = [], {}, {}
    modes = (True,) if a.typed else (False, True)
    todo = [p for name in a.set for p in proofs(name, a.method, "typed" if a.typed else None)]
    for path in a.direct:
        found, direct[path.stem] = direct_proofs(path, a.every)
        todo += found
        print(f"{path.stem}: {direct[path.stem]}", file=sys.stderr)
    for p in todo:
        rows.append(attack(p, a.trials, attacks, modes))
        r = rows[-1]
        if r.get("separated"):
            print(f"SEPARATED {r['id']}: {r['gold']} | {r['pred']} on {r['db']}", file=sys.stderr)
    attacked = [r for r in rows if "skipped" not in r]
    sep = [r for r in attacked if r["separated"]]
    cmd = " ".join(["python -m benchmarks.prover_attack", *(argv if argv is not None else sys.argv[1:])])
    summary = {"command": cmd, "method": a.method, "bounds": BOUNDS, "trials_per_run": a.trials,
               "typed_only": a.typed,
               "proofs": len(rows), "attacked": len(attacked), "separated": len(sep),
               "skipped": len(rows) - len(attacked),
               "databases_tried": sum(r["trials"] for r in attacked),
               "median_s_per_proof": statistics.median([r["elapsed_s"] for r in attacked])
               if attacked else None,
               "by_set": {s: sum(r["set"] == s for r in attacked)
                          for s in a.set + [p.stem for p in a.direct]},
               "direct": direct}
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{a.name}.json").write_text(json.dumps({**summary, "results": rows}, indent=2,
                                                           default=repr) + "\n")
    lines = ["# The soundness attack on the unbounded prover's proofs", "",
             f"Command: `{cmd}`", "",
             f"Every `{a.method}` proof of the runs below, attacked with `soundness_attack.Attack` "
             f"at {', '.join(map(str, BOUNDS))} rows per table, {a.trials} databases per bound with "
             + ("typed values only (the proofs of the typed domain: `--typed`)." if a.typed else
                "values of every storage class and again with typed values only."), "",
             "| proofs | attacked | databases tried | separated |", "|---:|---:|---:|---:|",
             f"| {len(rows)} | {len(attacked)} | {summary['databases_tried']} | {len(sep)} |", "",
             "| run | proofs attacked |", "|---|---:|"]
    lines += [f"| {s} | {n} |" for s, n in summary["by_set"].items()]
    if direct:
        lines += ["", "The prover alone on pair files (pairs whose plans differ):", "",
                  "| file | pairs | lowered | same plan | proved | median prover s |",
                  "|---|---:|---:|---:|---:|---:|"]
        lines += [f"| {k} | {d['pairs']} | {d['lowered']} | {d['same_plan']} | {d['proved']} | "
                  f"{d['median_prover_s'] or 0:.3f} |" for k, d in direct.items()]
    lines += ["", "## Separated", ""]
    lines += [f"- `{r['id']}` ({r['set']}): `{r['gold']}` vs `{r['pred']}` at bound {r['bound']}: "
              f"{r['db']}" for r in sep] or ["none"]
    lines += ["", "## Proofs attacked", ""]
    lines += [f"- `{r['id']}` ({r['set']}): `{r['gold'][:200]}` vs `{r['pred'][:200]}`"
              for r in attacked]
    (RESULTS / f"{a.name}.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines[:12]))
    return 1 if sep else 0


if __name__ == "__main__":
    sys.exit(main())
