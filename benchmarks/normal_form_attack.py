"""The soundness attack on the pairs the normal form alone proves in one
``normal_form_gaps`` run but not in another (the proofs a change adds), with the
attack of ``prover_attack`` (random databases at 2, 4 and 6 rows per table, values of
every storage class and typed values only; a pair in another dialect is attacked on its
SQLite translation).

    nice python -m benchmarks.normal_form_attack --base i35e_base --new i35e_after --trials 100

Results: ``benchmarks/results/normal_form_attack_<new>.{md,json}``.
"""

from __future__ import annotations

import argparse
import json
import sys

from benchmarks.normal_form_gaps import CORPORA, RESULTS, ROOT, spider_bird
from benchmarks.prover_attack import BOUNDS, attack
from benchmarks.prover_corpus import load_corpus


def reasons(label: str) -> dict[tuple[str, str], str]:
    path = RESULTS / f"normal_form_gaps_{label}_pairs.jsonl"
    rows = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    return {(r["group"], r["id"]): r["reason"] for r in rows}


def sqlite_pair(p: dict, group: str) -> dict | None:
    """``p`` with SQLite texts (translated from its dialect), as ``prover_attack`` reads it."""
    from sqlverdict.oracles.bounded.translate import translate_pair
    from sqlverdict.schema import load_schema
    from sqlverdict.sql.dialect import check_dialect

    q = {**p, "set": group, "semantics": p.get("semantics") or "bag"}
    if p.get("dialect") and p["dialect"] != "sqlite":
        schema = load_schema(str((ROOT / p["schema"]).resolve()), p.get("db_id"))
        got = translate_pair(p["gold"], p["pred"], schema, check_dialect(p["dialect"]), 3,
                             p.get("semantics"))
        if not isinstance(got, tuple):
            return None
        q["gold"], q["pred"] = got
    q.pop("dialect", None)
    return q


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", required=True)
    ap.add_argument("--new", required=True)
    ap.add_argument("--trials", type=int, default=100, help="per bound and value mode")
    ap.add_argument("--sample", type=int, default=150, help="as the gaps runs were given")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    base, new = reasons(a.base), reasons(a.new)
    added = {k for k, r in new.items() if r == "proved" and base.get(k) != "proved"}
    pairs = {(c.name, p["id"]): p for c in CORPORA for p in load_corpus(c)}
    pairs.update({(g, p["id"]): p for g, ps in spider_bird(a.sample, a.seed).items() for p in ps})
    rows, attacks = [], {}
    for k in sorted(added):
        p = sqlite_pair(pairs[k], k[0]) if k in pairs else None
        if p is None:
            rows.append({"id": k[1], "set": k[0], "skipped": "not found or not translated"})
            continue
        rows.append(attack(p, a.trials, attacks))
        if rows[-1].get("separated"):
            print(f"SEPARATED {k}: {p['gold']} | {p['pred']}", file=sys.stderr)
    attacked = [r for r in rows if "skipped" not in r]
    sep = [r for r in attacked if r["separated"]]
    tried = sum(r["trials"] for r in attacked)
    cmd = " ".join(["python -m benchmarks.normal_form_attack", *(argv if argv is not None else sys.argv[1:])])
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"normal_form_attack_{a.new}.json").write_text(json.dumps(
        {"command": cmd, "bounds": BOUNDS, "trials_per_run": a.trials, "added": len(added),
         "attacked": len(attacked), "separated": len(sep), "databases_tried": tried,
         "results": rows}, indent=2, default=repr) + "\n")
    lines = [f"# The soundness attack on the proofs the normal form alone adds: `{a.new}` over `{a.base}`",
             "", f"Command: `{cmd}`", "",
             f"Each pair proved in `normal_form_gaps_{a.new}` but not in `normal_form_gaps_{a.base}`, "
             f"attacked with `soundness_attack.Attack` at {', '.join(map(str, BOUNDS))} rows per table, "
             f"{a.trials} databases per bound with values of every storage class and again with "
             "typed values only.", "",
             "| new proofs | attacked | databases tried | separated |", "|---:|---:|---:|---:|",
             f"| {len(added)} | {len(attacked)} | {tried} | {len(sep)} |", "", "## Separated", ""]
    lines += [f"- `{r['id']}` ({r['set']}): `{r['gold']}` vs `{r['pred']}` at bound {r['bound']}: "
              f"{r['db']}" for r in sep] or ["none"]
    lines += ["", "## Pairs", ""]
    lines += [f"- `{r['id']}` ({r['set']}): " + (r["skipped"] if "skipped" in r else
                                                  f"{r['trials']} databases") for r in rows]
    (RESULTS / f"normal_form_attack_{a.new}.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines[:10]))
    return 1 if sep else 0


if __name__ == "__main__":
    sys.exit(main())
