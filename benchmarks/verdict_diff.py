"""Two ``verify-batch`` result files of the same pairs, side by side: one row per pair with
the expected verdict (when the pairs file has one), the verdict before and after, and the
reason after; then the pairs whose verdict changed, and whether each now matches what the
pair expects. For before/after tables of a code change (run the same pairs with the old
and the new code, e.g. from ``git archive OLD | tar -x`` with ``PYTHONPATH=old/src``).

    python -m benchmarks.verdict_diff --pairs build/equivalence/calcite_dialect_pairs.jsonl \\
        --before OLD.jsonl --after build/equivalence/calcite_dialect_b3.jsonl \\
        --title "calcite_dialect" --out benchmarks/results/equivalence_calcite_dialect_before_after.md
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path


def read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def label(r: dict | None) -> str:
    if r is None:
        return "-"
    s = r["status"]
    if s == "verified" and r.get("scope"):
        return f"verified ({'every db' if r['scope'] == 'every database' else r['scope']})"
    return s


def table(pairs: list[dict], before: dict, after: dict, title: str, note: str) -> str:
    def ok(p, r):
        e = p.get("expect")
        return "" if not e or r is None else ("yes" if r["status"] == e else
                                              ("coverage" if e == "verified" and r["status"] == "unknown" else "NO"))

    lines = [f"# Verdicts before and after: `{title}`", "", note, "",
             "| pair | expects | before | after | after matches | reason after |",
             "|---|---|---|---|---|---|"]
    changed = same_ok = 0
    for p in pairs:
        b, a = before.get(p["id"]), after.get(p["id"])
        if label(b) != label(a):
            changed += 1
        reason = (a or {}).get("reason", "")[:110].replace("|", "\\|")
        lines.append(f"| `{p['id']}` | {p.get('expect') or ''} | {label(b)} | {label(a)} | "
                     f"{ok(p, a)} | {reason} |")
        same_ok += ok(p, a) == "yes"

    def count(res):
        out = {}
        for p in pairs:
            r = res.get(p["id"])
            out[ok(p, r) or "-"] = out.get(ok(p, r) or "-", 0) + 1
        return out

    lines += ["", f"Pairs: {len(pairs)}; verdict changed: {changed}.", "",
              "| | as expected | unknown on an expected `verified` | other than expected |",
              "|---|---:|---:|---:|"]
    for name, res in (("before", before), ("after", after)):
        c = count(res)
        lines.append(f"| {name} | {c.get('yes', 0)} | {c.get('coverage', 0)} | {c.get('NO', 0)} |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pairs", type=Path, required=True)
    ap.add_argument("--before", type=Path, required=True)
    ap.add_argument("--after", type=Path, required=True)
    ap.add_argument("--title", required=True)
    ap.add_argument("--note", default="")
    ap.add_argument("--out", type=Path, required=True)
    a = ap.parse_args(argv)
    pairs = read(a.pairs)
    before = {r.get("id"): r for r in read(a.before)}
    after = {r.get("id"): r for r in read(a.after)}
    a.out.write_text(table(pairs, before, after, a.title, a.note), encoding="utf-8")
    print(a.out.read_text(encoding="utf-8").split("\nPairs:")[1])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
