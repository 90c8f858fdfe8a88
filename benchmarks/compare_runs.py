"""Two verify-batch runs of the same pair set, side by side: status per pair and time.

For every pair id in both result files: the status in each, the transitions (e.g.
``refuted -> unknown``) with example ids and both reasons, and the median and p95 time per
pair in each run with their ratio. Used to show that a redesign keeps verdicts and speed.

    python -m benchmarks.compare_runs A.jsonl B.jsonl --pairs PAIRS.jsonl --name spider \
        --labels before after --out benchmarks/results/compare_spider

Writes ``OUT.md`` and ``OUT.json``.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter, defaultdict
from pathlib import Path


def read(path: Path) -> dict[str, dict]:
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            try:
                d = json.loads(line)
            except json.JSONDecodeError:
                continue
            out[d.get("id")] = d
    return out


def q(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * (len(xs) - 1) + 0.5))] if xs else float("nan")


def compare(a: dict, b: dict) -> dict:
    ids = sorted(set(a) & set(b), key=str)
    moves: dict[str, list] = defaultdict(list)
    for i in ids:
        sa, sb = a[i]["status"], b[i]["status"]
        if sa != sb:
            moves[f"{sa} -> {sb}"].append(i)
    ta = [float(a[i].get("elapsed_s") or 0) for i in ids]
    tb = [float(b[i].get("elapsed_s") or 0) for i in ids]
    return {
        "pairs": len(ids),
        "same_status": len(ids) - sum(len(v) for v in moves.values()),
        "status_a": dict(Counter(a[i]["status"] for i in ids)),
        "status_b": dict(Counter(b[i]["status"] for i in ids)),
        "moves": {k: {"n": len(v), "ids": v} for k, v in sorted(moves.items())},
        "median_a": statistics.median(ta) if ta else None,
        "median_b": statistics.median(tb) if tb else None,
        "p95_a": q(ta, 0.95), "p95_b": q(tb, 0.95),
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a", type=Path)
    ap.add_argument("b", type=Path)
    ap.add_argument("--name", default="pairs")
    ap.add_argument("--labels", nargs=2, default=["before", "after"])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--examples", type=int, default=5)
    ap.add_argument("--note", default="")
    args = ap.parse_args(argv)
    a, b = read(args.a), read(args.b)
    c = compare(a, b)
    la, lb = args.labels
    lines = [f"# {args.name}: {la} vs {lb}", "",
             f"`python -m benchmarks.compare_runs {args.a} {args.b} --name {args.name} "
             f"--labels {la} {lb} --out {args.out}`", ""]
    if args.note:
        lines += [args.note, ""]
    lines += [f"- pairs in both runs: {c['pairs']}; same status: {c['same_status']}",
              f"- status {la}: {c['status_a']}", f"- status {lb}: {c['status_b']}",
              f"- median time per pair: {la} {c['median_a']:.3f} s, {lb} {c['median_b']:.3f} s "
              f"(ratio {c['median_b'] / c['median_a']:.2f}); p95 {c['p95_a']:.2f} s vs "
              f"{c['p95_b']:.2f} s", "", "| change | pairs | examples |", "|---|---:|---|"]
    for k, v in c["moves"].items():
        lines.append(f"| {k} | {v['n']} | {', '.join(map(str, v['ids'][:args.examples]))} |")
    lines.append("")
    lines += change_sections({k: [(i, a[i]["reason"], b[i]["reason"]) for i in v["ids"]]
                              for k, v in c["moves"].items()}, (la, lb), args.examples)
    write_outputs(args.out, lines, c)
    print("\n".join(lines[:12]))
    return 0


def change_sections(moves: dict[str, list[tuple]], labels: tuple[str, str],
                    examples: int) -> list[str]:
    """Markdown: a section per status change (``"a -> b"``), its first ``examples`` pairs
    as ``(id, reason a, reason b)`` with both versions' reasons."""
    la, lb = labels
    lines: list[str] = []
    for k, v in sorted(moves.items()):
        lines.append(f"## {k} ({len(v)})")
        for i, ra, rb in v[:examples]:
            lines += [f"- `{i}`: {la}: {ra[:160]}", f"  {lb}: {rb[:160]}"]
        lines.append("")
    return lines


def write_outputs(out: Path, lines: list[str], data: dict) -> None:
    """``out.md`` (the lines) and ``out.json`` (the data)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    out.with_suffix(".json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
