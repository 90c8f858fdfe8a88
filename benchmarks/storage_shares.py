"""How many of the solver's proofs rest on ``declared_storage_classes``, under the rule
before ``oracles/bounded/storage.py`` (any numeric-affinity column the queries name) and
after it (only where a value of another class can matter), on the same proofs (issue 26:
at most 25%).

Inputs: ``verify-batch`` pairs and result files (``NAME=PAIRS:RESULTS``); every pair the
solver verified counts once. The "before" rule is ``prover._storage`` (still the
fallback), evaluated on each pair; "after" is what the result states.

    python -m benchmarks.storage_shares \\
        corpus=build/prover_corpus/after_pairs.jsonl:build/st/corpus_solver_after.jsonl \\
        --out benchmarks/results/storage_shares_solver_proofs.md
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STORAGE = "declared_storage_classes"


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def shares(pairs_file: Path, results_file: Path) -> dict:
    """Solver proofs, and how many state the assumption after / would before."""
    from sqlverdict.oracles.bounded.pair import Pair
    from sqlverdict.oracles.bounded.prover import _storage
    from sqlverdict.schema import load_schema

    pairs = {p["id"]: p for p in read_jsonl(pairs_file)}
    schemas: dict = {}
    n = Counter()
    for r in read_jsonl(results_file):
        if r.get("status") != "verified" or r.get("method") != "solver" or r["id"] not in pairs:
            continue
        p = pairs[r["id"]]
        gold, pred = (r["translation"]["gold"], r["translation"]["pred"]) \
            if r.get("translation") else (p["gold"], p["pred"])
        path = p["schema"] if Path(p["schema"]).is_absolute() else str(ROOT / p["schema"])
        if path not in schemas:
            schemas[path] = load_schema(path, p.get("db_id"))
        before = bool(_storage(Pair(gold, pred, schemas[path], r["semantics"])))
        after = STORAGE in (r.get("assumptions") or [])
        n["proofs"] += 1
        n["before"] += before
        n["after"] += after
        n["dropped"] += before and not after
        n["added"] += after and not before
    return dict(n)


def to_markdown(rows: dict[str, dict], argv: str) -> str:
    def pct(a, b):
        return f"{a} ({100 * a / b:.0f}%)" if b else "0"

    out = ["# Solver proofs resting on `declared_storage_classes`, before and after "
           "`storage.py`", "",
           "Before: the rule before it (any numeric-affinity column the queries name, "
           "`prover._storage`), evaluated on the same proofs; after: what the verdict states.",
           "", f"    {argv}", "",
           "| set | solver proofs | before | after | dropped | added |", "|---|---:|---:|---:|---:|---:|"]
    total = Counter()
    for name, s in rows.items():
        total.update(s)
        out.append(f"| {name} | {s.get('proofs', 0)} | {pct(s.get('before', 0), s.get('proofs', 0))} | "
                   f"{pct(s.get('after', 0), s.get('proofs', 0))} | {s.get('dropped', 0)} | {s.get('added', 0)} |")
    out.append(f"| all | {total['proofs']} | {pct(total['before'], total['proofs'])} | "
               f"{pct(total['after'], total['proofs'])} | {total['dropped']} | {total['added']} |")
    return "\n".join(out) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sets", nargs="+", help="NAME=PAIRS.jsonl:RESULTS.jsonl")
    ap.add_argument("--out", type=Path, default=None)
    a = ap.parse_args(argv)
    rows = {}
    for spec in a.sets:
        name, _, files = spec.partition("=")
        pf, _, rf = files.partition(":")
        rows[name] = shares(Path(pf), Path(rf))
    md = to_markdown(rows, "python -m benchmarks.storage_shares " + " ".join(
        argv if argv is not None else __import__("sys").argv[1:]))
    if a.out:
        a.out.write_text(md, encoding="utf-8")
    print(md)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
