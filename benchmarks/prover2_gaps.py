"""What the verifier leaves undecided for every database on a corpus run of
``benchmarks.prover_corpus``: every equivalent pair not verified for every database and
every unknown pair, with its status, scope, method and reason, grouped by cause; and every
wrong verdict (a verified mutant with its separating database, a refuted equivalent pair).

The cause of an unknown is the verifier's reason (its ``unsupported: ...`` or
``unconfirmed`` clause); the cause of a bounded verdict is the first construct of the pair
in ``CONSTRUCTS`` (a heuristic reading of the SQL, not of the prover).

    python -m benchmarks.prover2_gaps --label prover2_main --corpus benchmarks/corpus/prover2
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

from benchmarks.prover_corpus import BUILD, RESULTS, ROOT, load_corpus
from benchmarks.verify_scale import read_jsonl

CONSTRUCTS = [
    ("window function (OVER)", r"\bOVER\s*\("),
    ("EXCEPT / INTERSECT", r"\b(EXCEPT|INTERSECT)\b"),
    ("LIMIT / OFFSET / FETCH", r"\b(LIMIT|OFFSET|FETCH)\b"),
    ("aggregate FILTER clause", r"FILTER \(WHERE"),
    ("sub-query without FROM / scalar sub-query", r"\(SELECT [^()]*\)(?! AS)"),
    ("UNION", r"\bUNION\b"),
    ("VALUES as a derived table", r"\(VALUES"),
    ("HAVING without GROUP BY", r"\bHAVING\b"),
    ("ORDER BY (list semantics)", r"\bORDER BY\b"),
    ("CAST to REAL, IS NULL of an expression", r"CAST\(\w+ AS REAL\)|\) IS (NOT )?NULL"),
    ("string function or concatenation", r"\|\||\bUPPER\(|\bCAST\(\w+ AS TEXT"),
    ("GROUP BY / DISTINCT", r"\b(GROUP BY|DISTINCT)\b"),
]


def cause(p: dict, r: dict) -> str:
    if r["status"] == "unknown":
        m = re.match(r"(unsupported: [^;]*|unconfirmed[^:;(]*)", r.get("reason") or "")
        return m.group(1) if m else (r.get("reason") or "-")[:60]
    if r["status"] == "refuted":
        return "refuted " + ("with an untyped witness" if r.get("realism") == "sqlite" else "(typed witness)")
    text = p["gold"] + " " + p["pred"]
    for name, pat in CONSTRUCTS:
        if re.search(pat, text, re.I):
            return f"bounded: {name}"
    return "bounded: other"


def report(label: str, corpus: Path, bound: int) -> str:
    pairs = load_corpus(corpus)
    res = {r["id"]: r for r in read_jsonl(BUILD / f"{label}_b{bound}.jsonl")}
    groups: dict[str, list] = defaultdict(list)
    wrong = []
    for p in pairs:
        r = res.get(p["id"])
        if r is None:
            continue
        every = r["status"] == "verified" and r.get("scope") == "every database"
        if p["expect"] == "equivalent" and not every or r["status"] == "unknown":
            groups[cause(p, r)].append((p, r))
        if p["expect"] == "different" and r["status"] == "verified":
            wrong.append((p, r))
    out = [f"# Gaps of `{label}` on `{corpus.relative_to(ROOT)}`", "",
           f"    python -m benchmarks.prover2_gaps --label {label} --corpus {corpus.relative_to(ROOT)}", "",
           "## Verified mutants (wrong verdicts), with their separating databases", ""]
    for p, r in wrong:
        out += [f"- `{p['id']}` ({p['mutation']}): verified ({r.get('scope')}, {r.get('method')}): "
                f"{(r.get('reason') or '')[:200]}", f"  - separating database: `{json.dumps(p['separating_db'])}`"]
    out += ["" if wrong else "none", "",
            "## Equivalent pairs not verified for every database, and unknown pairs, by cause", ""]
    for name, items in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        out += [f"### {name} ({len(items)})", "", "| id | status | scope | method | reason |", "|---|---|---|---|---|"]
        for p, r in items:
            reason = (r.get("reason") or "").replace("|", "\\|")[:160]
            out.append(f"| `{p['id']}` | {r['status']} | {r.get('scope') or '-'} | {r.get('method') or '-'} | {reason} |")
        out.append("")
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--label", required=True)
    ap.add_argument("--corpus", type=Path, required=True)
    ap.add_argument("--bound", type=int, default=3)
    a = ap.parse_args(argv)
    corpus = a.corpus if a.corpus.is_absolute() else ROOT / a.corpus
    text = report(a.label, corpus, a.bound)
    (RESULTS / f"prover_corpus_{a.label}_gaps.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
