"""What the bounded verifier's proofs rest on: for verify-batch result files of two code
versions on the same pairs, the verdicts, and the share of ``verified`` pairs of each method
that states each assumption (issue 26: ``declared_storage_classes`` on at most 25% of the
solver's proofs).

    python -m benchmarks.assumption_shares --before build/s26_before --after build/s26_after \\
        --out benchmarks/results/assumption_shares_sample_fcb42a1_vs_108ae5d.md

Each folder holds ``{spider,bird,mutants}_b3.jsonl`` (any of them) from ``sqlverdict
verify-batch``; only pairs present in both versions count.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

SETS = ("spider", "bird", "mutants")


def read(folder: Path) -> dict[str, dict]:
    out = {}
    for s in SETS:
        p = folder / f"{s}_b3.jsonl"
        if p.is_file():
            for line in p.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    r = json.loads(line)
                    out[f"{s}:{r['id']}"] = r
    return out


def shares(rows: list[dict]) -> dict:
    """Verdict counts; per method of ``verified``: pairs, and per assumption the pairs that
    state it."""
    status = Counter(r["status"] for r in rows)
    by_method: dict[str, dict] = {}
    for r in rows:
        if r["status"] != "verified":
            continue
        m = by_method.setdefault(r.get("method") or "?", {"pairs": 0, "assumptions": Counter()})
        m["pairs"] += 1
        m["assumptions"].update(r.get("assumptions") or [])
    return {"status": dict(status), "by_method": by_method}


def to_markdown(before: dict, after: dict, n: int, argv: str) -> str:
    L = ["# What the bounded verifier's proofs rest on, before and after issue 26", "",
         f"{n} pairs (the same in both versions), verify-batch at bound 3, timeout 30 s.", "",
         f"    {argv}", "",
         "| status | before | after |", "|---|---|---|"]
    for st in ("verified", "refuted", "unknown"):
        L.append(f"| {st} | {before['status'].get(st, 0)} | {after['status'].get(st, 0)} |")
    L += ["", "Share of `verified` pairs of each method that state each assumption "
          "(before -> after):", "",
          "| method | assumption | before | after |", "|---|---|---|---|"]
    methods = sorted(set(before["by_method"]) | set(after["by_method"]))
    for m in methods:
        b = before["by_method"].get(m, {"pairs": 0, "assumptions": Counter()})
        a = after["by_method"].get(m, {"pairs": 0, "assumptions": Counter()})
        L.append(f"| {m} | (pairs) | {b['pairs']} | {a['pairs']} |")
        for x in sorted(set(b["assumptions"]) | set(a["assumptions"])):
            def pct(d, x=x):
                return (f"{d['assumptions'][x]} ({100 * d['assumptions'][x] / d['pairs']:.0f}%)"
                        if d["pairs"] else "0")
            L.append(f"| {m} | `{x}` | {pct(b)} | {pct(a)} |")
    return "\n".join(L) + "\n"


def main(argv: list[str] | None = None) -> int:
    import sys

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", type=Path, required=True)
    ap.add_argument("--after", type=Path, required=True)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args(argv)
    b, a = read(args.before), read(args.after)
    ids = sorted(set(b) & set(a))
    md = to_markdown(shares([b[i] for i in ids]), shares([a[i] for i in ids]), len(ids),
                     "python -m benchmarks.assumption_shares " + " ".join(argv or sys.argv[1:]))
    if args.out:
        args.out.write_text(md, encoding="utf-8")
    print(md)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
