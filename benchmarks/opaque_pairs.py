"""The Spider/BIRD pairs whose gold or prediction calls a function the verifier reads as
opaque (``||``, instr, SQRT, POWER, ... : ``oracles/bounded/ir/opaque.py``), before and after.

``--build`` writes the pairs (from ``benchmarks/pairs.py``'s files) to
``build/opaque/pairs.jsonl``; verify them with each code version, then ``--compare`` writes
the table (verdicts and how they were decided, the prover's unknown causes, every pair
that changed) to ``benchmarks/results/<name>.md``:

    python -m benchmarks.opaque_pairs --build
    sqlverdict verify-batch --pairs build/opaque/pairs.jsonl --out build/opaque/before_b3.jsonl \\
        --bound 3 --timeout 20 --workers 1        # with the base's src on PYTHONPATH
    sqlverdict verify-batch ... --out build/opaque/after_b3.jsonl   # this branch
    python -m benchmarks.opaque_pairs --compare build/opaque/before_b3.jsonl \\
        build/opaque/after_b3.jsonl --name opaque_functions_bird_04b4e4e_3ec6374
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PATTERN = re.compile(r"\|\||\b(instr|sqrt|power|pow|exp|ln|log|log10|concat|stddev\w*|variance"
                     r"|var_pop|var_samp|sign|ceil|floor|trunc|printf|hex|typeof)\s*\(|\bas\s+text\b",
                     re.I)


def build(src: Path, out: Path) -> Counter:
    out.parent.mkdir(parents=True, exist_ok=True)
    n: Counter = Counter()
    with out.open("w") as f:
        for name in ("spider", "bird"):
            path = src / f"{name}_pairs.jsonl"
            if not path.exists():
                continue
            for line in path.open():
                p = json.loads(line)
                if PATTERN.search(p["gold"]) or PATTERN.search(p["pred"]):
                    f.write(json.dumps({**p, "id": f"{name}:{p['id']}"}) + "\n")
                    n[name] += 1
    return n


def _how(r: dict) -> str:
    return f"{r['status']} ({r.get('method') or r.get('cause')})"


def _prover_cause(r: dict) -> str:
    """What stopped the prover (the reason's head before the search's part)."""
    head = r["reason"].split("; witness found by randomized search")[0].split("; search found")[0]
    return re.sub(r"\(.*", "", head).strip() if r.get("method") in ("search", None) else ""


def compare(before: Path, after: Path, name: str) -> str:
    b = {json.loads(x)["id"]: json.loads(x) for x in before.open()}
    a = {json.loads(x)["id"]: json.loads(x) for x in after.open()}
    lines = [f"# Pairs with opaque functions, before and after ({len(a)} pairs)", "",
             f"`python -m benchmarks.opaque_pairs --compare {before} {after} --name {name}`", "",
             "| verdict (method or cause) | before | after |", "|---|---|---|"]
    cb, ca = Counter(map(_how, b.values())), Counter(map(_how, a.values()))
    lines += [f"| {k} | {cb[k]} | {ca[k]} |" for k in sorted(cb.keys() | ca.keys())]
    lines += ["", "Undecided by the prover (the search ran, or the pair stayed unknown), by cause:", "",
              "| prover's cause | before | after |", "|---|---|---|"]
    pb = Counter(c for c in map(_prover_cause, b.values()) if c)
    pa = Counter(c for c in map(_prover_cause, a.values()) if c)
    lines += [f"| {k} | {pb[k]} | {pa[k]} |" for k in sorted(pb.keys() | pa.keys())]
    changed = [i for i in a if i in b and _how(a[i]) != _how(b[i])]
    flipped = [i for i in changed if a[i]["status"] != b[i]["status"]]
    lines += ["", f"Changed: {len(changed)} pairs ({len(flipped)} changed status).", "",
              "| pair | before | after |", "|---|---|---|"]
    lines += [f"| {i} | {_how(b[i])} | {_how(a[i])} |" for i in changed]
    return "\n".join(lines) + "\n"


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", action="store_true")
    ap.add_argument("--src", default=str(ROOT / "build" / "verify_scale"))
    ap.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"))
    ap.add_argument("--name", default="opaque_functions")
    args = ap.parse_args(argv)
    if args.build:
        print(dict(build(Path(args.src), ROOT / "build" / "opaque" / "pairs.jsonl")))
    if args.compare:
        text = compare(Path(args.compare[0]), Path(args.compare[1]), args.name)
        (ROOT / "benchmarks" / "results" / f"{args.name}.md").write_text(text)
        print(text)


if __name__ == "__main__":
    main()
