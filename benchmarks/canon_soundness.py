"""How many real pairs the rewriting (``oracles/bounded/canon/``) proves equivalent, and a
search for counterexamples to those proofs.

For every pair of ``build/verify_scale/<set>_pairs.jsonl`` (made by ``benchmarks/pairs.py``),
or of the equivalence fixtures (``--set calcite|literature|dialects``:
``tests/fixtures/equivalence``, queries of other dialects translated to SQLite first), whose
two queries lower: are the lowered queries identical, equal after rewriting, or
different? Every pair proved by rewriting is then attacked with the randomized witness
search (``oracles.bounded.search``: random databases with at most ``--bound`` rows per
table that respect keys, foreign keys and NOT NULL, values from the queries' literals),
run in SQLite. A witness found there is a counterexample to the rewriting step; every such
pair is then given to the whole verifier (``sqlverdict.verify``), which must not print
``verified`` (a rewriting proof that holds only if ties cut by a LIMIT break alike is
attacked by the verifier's tie search): that count must be 0.

    python -m benchmarks.pairs
    nice python -m benchmarks.canon_soundness --set spider --trials 300
    nice python -m benchmarks.canon_soundness --set bird --trials 300 --sample 1500
    nice python -m benchmarks.canon_soundness --set calcite --trials 300
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from sqlverdict import verify
from sqlverdict.errors import SqlverdictError
from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.pair import Pair
from sqlverdict.oracles.bounded.prover import evaluate_symbolic, same_canonical, simplify_top
from sqlverdict.oracles.bounded.search import search
from sqlverdict.oracles.bounded.witness import user_tables
from sqlverdict.schema import load_schema

BUILD = Path("build/verify_scale")
RESULTS = Path("benchmarks/results")
FIXTURE_SETS = ("calcite", "literature", "dialects")


def fixture_pairs(name: str) -> list[dict]:
    """The equivalence fixtures of one file as SQLite pairs (translated where a fixture
    names its dialect)."""
    from tests.helpers.pairs import load

    from sqlverdict.sql.dialect import check_dialect, sides, to_sqlite

    out = []
    for c in load("equivalence"):
        if c.path.stem != name:
            continue
        gold_dialect, pred_dialect = sides(check_dialect(c.get("dialect") or None))
        try:
            gold = to_sqlite(c.gold, gold_dialect) if gold_dialect else c.gold
            pred = to_sqlite(c.pred, pred_dialect) if pred_dialect else c.pred
        except SqlverdictError:
            continue  # no SQLite translation: nothing to attack
        out.append({"id": c.title, "gold": gold, "pred": pred, "schema": str(c.schema_file),
                    "semantics": c.get("semantics", "bag")})
    return out


def _tie_dependent(p: dict, schema, witness) -> bool:
    """Does a LIMIT cut through rows tied on the ORDER BY keys on this witness (either query)?"""
    tables = {}
    for name, t in witness.tables.items():  # the symbolic database keeps rows in key order
        cols = [c.lower() for c in t["columns"]]
        pk = [cols.index(k.lower()) for k in schema.table(name).primary_key] or list(range(len(cols)))
        rank = lambda v: (v is not None, isinstance(v, str), v if v is not None else 0)  # noqa: E731
        tables[name] = sorted((tuple(r) for r in t["rows"]), key=lambda r: [rank(r[i]) for i in pk])
    for sql in (p["gold"], p["pred"]):
        try:
            _, tie = evaluate_symbolic(sql, schema, tables, with_ties=True)
        except SqlverdictError as e:
            print("tie check failed:", p["id"], e, file=sys.stderr)
            return False
        if tie:
            return True
    return False


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", choices=["spider", "bird", *FIXTURE_SETS], required=True)
    ap.add_argument("--trials", type=int, default=300, help="random databases per proved pair")
    ap.add_argument("--bound", type=int, default=4)
    ap.add_argument("--sample", type=int, default=None)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    if a.set in FIXTURE_SETS:
        pairs = fixture_pairs(a.set)
    else:
        pairs = [json.loads(x) for x in (BUILD / f"{a.set}_pairs.jsonl").read_text().splitlines()
                 if x.strip()]
    if a.sample:
        pairs = [pairs[i] for i in sorted(random.Random(a.seed).sample(range(len(pairs)), min(a.sample, len(pairs))))]
    schemas: dict = {}
    kinds: Counter = Counter()
    canon_times = []
    proved = []
    for p in pairs:
        if p["schema"] not in schemas:
            schemas[p["schema"]] = user_tables(load_schema(p["schema"]))
        s = schemas[p["schema"]]
        try:
            lg, lp = ir.lower(p["gold"], s).query, ir.lower(p["pred"], s).query
        except (SqlverdictError, RecursionError):
            kinds["does not lower"] += 1
            continue
        sem = p["semantics"]
        lg, lp = simplify_top(lg, sem), simplify_top(lp, sem)
        if lg == lp:
            kinds["identical IR"] += 1
            continue
        t = time.perf_counter()
        note = same_canonical(lg, lp, s, sem)
        canon_times.append(time.perf_counter() - t)
        if note is None:
            kinds["different"] += 1
        else:
            kinds["equal after rewriting"] += 1
            proved.append(p)
    found, ties = [], []
    t0 = time.monotonic()
    for i, p in enumerate(proved):
        r = search(Pair(p["gold"], p["pred"], schemas[p["schema"]], p["semantics"]),
                   bound=a.bound, deadline=time.monotonic() + 30.0, max_trials=a.trials,
                   seed=a.seed)
        if r.witness is not None and _tie_dependent(p, schemas[p["schema"]], r.witness):
            ties.append(p["id"])
        elif r.witness is not None:
            # What the product says of the pair: a counterexample to the rewriting step is a
            # wrong verdict only if the whole verifier still prints `verified`.
            v = verify(p["gold"], p["pred"], schemas[p["schema"]], bound=a.bound,
                       semantics=p["semantics"])
            found.append({"id": p["id"], "gold": p["gold"], "pred": p["pred"], "reason": r.reason,
                          "witness": r.witness.to_json(), "verifier": str(v.status),
                          "verifier_reason": v.reason})
            print("COUNTEREXAMPLE", p["id"], r.reason, "| verify:", v.status, file=sys.stderr)
        if (i + 1) % 50 == 0:
            print(f"{i + 1}/{len(proved)} searched", file=sys.stderr)
    out = {
        "set": a.set, "pairs": len(pairs), "kinds": dict(kinds), "trials": a.trials, "bound": a.bound,
        "canon_median_ms": round(1000 * statistics.median(canon_times), 3) if canon_times else None,
        "proved_by_rewriting": len(proved), "counterexamples": found, "tie_dependent": ties,
        "search_wall_s": round(time.monotonic() - t0, 1),
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    tag = f"_s{a.sample}" if a.sample else ""
    (RESULTS / f"canon_soundness_{a.set}{tag}.json").write_text(json.dumps(out, indent=2) + "\n")
    lines = [f"# Rewriting proofs on {a.set} pairs, attacked by random search", "",
             f"Generated by `python -m benchmarks.canon_soundness --set {a.set} --trials {a.trials}"
             f" --bound {a.bound}" + (f" --sample {a.sample}" if a.sample else "") + "`.", "",
             "| pairs | " + " | ".join(kinds) + " |", "|---:|" + "---:|" * len(kinds),
             f"| {len(pairs)} | " + " | ".join(str(v) for v in kinds.values()) + " |", "",
             f"- median time of the rewriting check on a pair that is not IR-identical: "
             f"{out['canon_median_ms']} ms",
             f"- pairs proved by rewriting and attacked with {a.trials} random databases each "
             f"(at most {a.bound} rows per table): {len(proved)}; **counterexamples found: {len(found)}**",
             f"- of those counterexamples, pairs the whole verifier (`sqlverdict.verify`) still "
             f"reports `verified`: **{sum(f['verifier'] == 'verified' for f in found)}**",
             f"- witnesses whose difference is how SQLite breaks a tie cut by a LIMIT (the verifier "
             f"assumes both queries break ties alike, docs/verify.md): {len(ties)}"
             + (f" ({', '.join(ties)})" if ties else "")]
    for f in found:
        lines.append(f"  - {f['id']}: {f['reason']}; the verifier: {f['verifier']}, "
                     f"{f['verifier_reason']}")
    (RESULTS / f"canon_soundness_{a.set}{tag}.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 1 if any(f["verifier"] == "verified" for f in found) else 0


if __name__ == "__main__":
    raise SystemExit(main())
