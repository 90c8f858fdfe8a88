"""Why the normal form alone (no canonical rule) leaves pairs unproved: the construct
without a normal form, or the step of the decision that failed (``unbounded.attempt``).

Over the equivalent pairs of both prover corpora and a sample of Spider/BIRD pairs that
some method verified (``build/equivalence/{spider4,bird4}_b3.jsonl`` of a past run, with
their pairs files; skipped with a note when absent): each pair is translated to SQLite
(its dialect), lowered, and given to the normal form on its lowered plans (and, as the
verifier does where the comparison permutes columns, with the prediction's columns in the
orders ``proofs.column_orders`` gives). Counts by reason
go to ``benchmarks/results/normal_form_gaps_<label>.md``, each pair's to
``normal_form_gaps_<label>_pairs.jsonl`` (to compare two runs pair by pair).

    nice python -m benchmarks.normal_form_gaps --label i33a --sample 300
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path

from benchmarks.prover_corpus import load_corpus
from benchmarks.verify_scale import code_version, read_jsonl

ROOT = Path(__file__).resolve().parents[1]
CORPORA = (ROOT / "benchmarks/corpus/prover", ROOT / "benchmarks/corpus/prover2",
           ROOT / "benchmarks/corpus/prover3")
EQUIVALENCE = ROOT / "build" / "equivalence"
RESULTS = ROOT / "benchmarks" / "results"


def reason(p: dict, base: Path) -> str:
    """The normal form's answer on the lowered plans of pair ``p`` ('proved' or why not)."""
    from sqlverdict.errors import SqlverdictError
    from sqlverdict.oracles.bounded.pair import Pair
    from sqlverdict.oracles.bounded.proofs import column_orders
    from sqlverdict.oracles.bounded.prover import simplify_top
    from sqlverdict.oracles.bounded.translate import translate_pair
    from sqlverdict.oracles.bounded.unbounded import attempt
    from sqlverdict.schema import load_schema
    from sqlverdict.sql.dialect import check_dialect

    try:
        schema = load_schema(str((base / p["schema"]).resolve()), p.get("db_id"))
        gold, pred = p["gold"], p["pred"]
        if p.get("dialect") and p["dialect"] != "sqlite":
            got = translate_pair(gold, pred, schema, check_dialect(p["dialect"]), 3, p.get("semantics"))
            if not isinstance(got, tuple):
                return "not translated"
            gold, pred = got
        pair = Pair(gold, pred, schema, p.get("semantics") or "bag")
        gq = simplify_top(pair.lowered("gold").query, pair.semantics)
        pq = simplify_top(pair.lowered("pred").query, pair.semantics)
    except (SqlverdictError, ValueError) as e:
        return f"not lowered ({type(e).__name__})"
    found = attempt(gq, pq, pair.schema, pair.semantics)
    for pp, _ in column_orders(gq, pq, pair.policy.permute_columns)[1:]:
        if not isinstance(found, tuple) and isinstance(attempt(gq, pp, pair.schema, pair.semantics), tuple):
            found = ()
    pair.close()
    return "proved" if isinstance(found, tuple) else found


def spider_bird(sample: int, seed: int) -> dict[str, list[dict]]:
    """Pairs a past run verified, other than by the same text or plan, per benchmark."""
    out = {}
    for name in ("spider4", "bird4"):
        pairs_f, res_f = EQUIVALENCE / f"{name}_pairs.jsonl", EQUIVALENCE / f"{name}_b3.jsonl"
        if not (pairs_f.is_file() and res_f.is_file()):
            continue
        ok = {r["id"] for r in read_jsonl(res_f) if r.get("status") == "verified"
              and r.get("method") not in ("same_text", "same_ir", "no_table")}
        pairs = [p for p in read_jsonl(pairs_f) if p["id"] in ok]
        random.Random(seed).shuffle(pairs)
        out[name] = pairs[:sample]
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--label", required=True)
    ap.add_argument("--sample", type=int, default=300, help="Spider/BIRD pairs per benchmark")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    groups: dict[str, list[tuple[dict, Path]]] = {}
    for corpus in CORPORA:
        groups[corpus.name] = [(p, ROOT) for p in load_corpus(corpus) if p["expect"] == "equivalent"]
    sb = spider_bird(a.sample, a.seed)
    for name, pairs in sb.items():
        groups[name] = [(p, ROOT) for p in pairs]
    per_pair = {g: {p["id"]: reason(p, base) for p, base in pairs} for g, pairs in groups.items()}
    counts = {g: Counter(r.values()) for g, r in per_pair.items()}
    total = Counter()
    for c in counts.values():
        total.update({k: v for k, v in c.items() if k != "proved"})
    lines = [f"# Why the normal form alone leaves pairs unproved: `{a.label}`", "",
             f"Command: `python -m benchmarks.normal_form_gaps {' '.join(argv or sys.argv[1:])}`  ",
             f"Code: {code_version()}. The normal form (`unbounded.attempt`) on the lowered plans of "
             "each pair, no canonical rule. Corpora: their equivalent pairs; Spider/BIRD: a sample "
             "of the pairs a past run verified other than by the same text or plan "
             + ("(" + ", ".join(f"{k}: {len(v)}" for k, v in sb.items()) + ")." if sb
                else "(absent here: `build/equivalence/` holds no past run)."), "",
             "| group | pairs | proved by the normal form alone |", "|---|---:|---:|"]
    for g, c in counts.items():
        n = sum(c.values())
        lines.append(f"| {g} | {n} | {c['proved']} ({100 * c['proved'] / n:.1f}%) |" if n else f"| {g} | 0 | - |")
    lines += ["", "## Reasons, over every group (most frequent first)", "",
              "| reason | " + " | ".join(counts) + " | all |", "|---|" + "---:|" * (len(counts) + 1)]
    for k, v in total.most_common():
        lines.append(f"| {k.replace('|', '/')} | " + " | ".join(str(c[k]) for c in counts.values()) + f" | {v} |")
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / f"normal_form_gaps_{a.label}.md"
    out.write_text("\n".join(lines) + "\n")
    (RESULTS / f"normal_form_gaps_{a.label}.json").write_text(
        json.dumps({g: dict(c.most_common()) for g, c in counts.items()}, indent=2) + "\n")
    with open(RESULTS / f"normal_form_gaps_{a.label}_pairs.jsonl", "w") as f:
        for g, r in per_pair.items():
            for i, why in r.items():
                f.write(json.dumps({"group": g, "id": i, "reason": why}) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
