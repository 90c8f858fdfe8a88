"""Behaviour unchanged by the split of the verifier's large modules into packages: the same
verdict (status, method, scope, assumptions) for every pair, from a base source tree and
from this one, run side by side.

Pairs (``verify-batch`` lines, bound 3, the randomized search on):

- ``verdicts``: every case of ``tests/fixtures/verdicts/*.sql`` (with its semantics);
- ``equivalence``: every case of ``tests/fixtures/equivalence/*.sql`` (calcite, literature,
  dialects, calcite_dialect);
- ``spider``, ``bird``: every Nth pair of ``build/verify_scale/{spider,bird}_*.jsonl``
  (written by ``python -m benchmarks.pairs``).

Each side runs ``verify_batch`` in its own process with ``PYTHONPATH`` set to its ``src``;
the two sides alternate set by set so that both see the same machine load. A pair whose
result differs is re-run alone on both sides (a wall-clock budget hit under load is not a
difference of code); the table lists what still differs after that. With ``--witnesses``
a pair whose witness differs (same verdict) is re-run and listed the same way; ``--title``
names the change compared (the first line of the table).

    git archive d836728 src | tar -x -C /tmp/base
    python -m benchmarks.pairs
    nice python -m benchmarks.split_verifier_identity --base-src /tmp/base/src \\
        --base-label d836728 --every 10
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.helpers.pairs import load

ROOT = Path(__file__).resolve().parents[1]
SCALE = ROOT / "build" / "verify_scale"
RESULTS = ROOT / "benchmarks" / "results"
KEYS = ("status", "method", "scope", "assumptions")
TITLE = "the verifier split into packages"

CHILD = """
import json, sys, time
import sqlverdict
from sqlverdict.oracles.bounded.batch import verify_batch
pairs, out, bound, timeout = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
t0 = time.perf_counter()
verify_batch(pairs, out, bound=bound, timeout_s=timeout, workers=1, search=True)
print(json.dumps({"src": sqlverdict.__file__, "wall_s": time.perf_counter() - t0}))
"""


def fixture_lines(area: str) -> list[dict]:
    out = []
    for c in load(area):
        line = {"id": c.id, "gold": c.gold, "pred": c.pred, "schema": str(c.schema_file),
                "semantics": c.get("semantics", "set" if area == "verdicts" else "bag")}
        if c.get("dialect"):
            line["dialect"] = c.get("dialect")
        out.append(line)
    return out


def scale_lines(prefix: str, every: int) -> list[dict]:
    rows, seen = [], set()
    for path in sorted(SCALE.glob(f"{prefix}_*.jsonl")):  # a pair in two files counts once
        for x in path.read_text(encoding="utf-8").splitlines():
            r = json.loads(x) if x else None
            if r is not None and r["id"] not in seen:
                seen.add(r["id"])
                rows.append(r)
    for r in rows:
        r["schema"] = str(ROOT / r["schema"]) if not Path(r["schema"]).is_absolute() else r["schema"]
    return rows[::every]


def run_side(src: Path, lines: list[dict], workdir: Path, tag: str, *, bound: int,
             timeout: float) -> tuple[dict[str, dict], str]:
    pairs = workdir / f"{tag}.pairs.jsonl"
    out = workdir / f"{tag}.out.jsonl"
    pairs.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), "utf-8")
    out.unlink(missing_ok=True)
    env = {**os.environ, "PYTHONPATH": str(src)}
    p = subprocess.run([sys.executable, "-c", CHILD, str(pairs), str(out), str(bound),
                        str(timeout)], env=env, capture_output=True, text=True, cwd=workdir)
    if p.returncode:
        raise SystemExit(f"{tag}: {p.stderr[-2000:]}")
    info = json.loads(p.stdout.strip().splitlines()[-1])
    if not info["src"].startswith(str(src)):
        raise SystemExit(f"{tag}: imported {info['src']}, not from {src}")
    got = {}
    for x in out.read_text(encoding="utf-8").splitlines():
        r = json.loads(x)
        got[r["id"]] = r
    return got, info["src"]


def verdict(r: dict) -> dict:
    if FULL:  # the whole result line but its time: byte-for-byte the same otherwise
        return {k: v for k, v in r.items() if k != "elapsed_s"}
    return {k: r.get(k) for k in KEYS}


FULL = False  # --full


def budget_hit(r: dict) -> bool:
    return r.get("cause") == "budget" or "budget" in str(r.get("reason", ""))


def _what(a: dict, b: dict) -> str:
    """How two results differ: with ``--full`` only the keys that differ, values clipped."""
    if not FULL:
        return f"{a} vs {b}"
    keys = [k for k in dict.fromkeys([*a, *b]) if a.get(k) != b.get(k)]
    return "; ".join(f"{k}: {str(a.get(k))[:80]!r} -> {str(b.get(k))[:80]!r}" for k in keys)


def write_table(args, rows, rerun, diffs) -> str:
    md = [f"# Verdict identity: {args.title} ({args.label}) against {args.base_label}", "",
          f"Bound {args.bound}, search on, timeout {args.timeout:g} s, one worker per side; "
          f"every {args.every}th Spider/BIRD pair of `build/verify_scale`. Compared per pair: "
          + ("every key of the result line but `elapsed_s`" if FULL else
             ", ".join(f"`{k}`" for k in KEYS)) + " (and, beside them, the witness "
          "database, first run). Both sides run in one invocation, set by set, under the "
          "same load; `elapsed_s` as each result reports it.", "",
          "| set | pairs | identical verdicts | identical witnesses | median s/pair base | "
          f"median s/pair {args.label} | ratio | total s base | total s {args.label} |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for name, n, same, wit, mb, ms, tb, ts in rows:
        md.append(f"| {name} | {n} | {same} | {wit} | {mb:.3f} | {ms:.3f} | "
                  f"{(ms / mb if mb else 1):.2f} | {tb:.1f} | {ts:.1f} |")
    md += ["", f"Pairs whose first results differed and were re-run alone on both sides: "
           f"{len(rerun)}."]
    for name, i, a, b, ok, bh in rerun:
        what = _what(a, b) if a != b else "the same verdict, another witness"
        md.append(f"- {name} `{i}`: {what}; alone: {'identical' if ok else 'DIFFERENT'}"
                  f"{' (a budget hit under load)' if bh else ''}")
    md += ["", f"Still different after the re-run: {len(diffs)}."]
    for name, i, a, b in diffs:
        md.append(f"- {name} `{i}`: " + (_what(a, b) if FULL else f"base {a}, split {b}"))
    md += ["", "Reproduce:", "", "    git archive " + args.base_label + " src | tar -x -C /tmp/base",
           "    python -m benchmarks.pairs",
           f"    nice python -m benchmarks.split_verifier_identity --base-src /tmp/base/src "
           f"--base-label {args.base_label} --every {args.every} --sets {args.sets}"
           + (f" --title {shlex.quote(args.title)} --label {args.label} --out {args.out}"
              + (" --witnesses" if args.witnesses else "") + (" --full" if FULL else "")
              if args.title != TITLE else ""), ""]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(md), encoding="utf-8")
    return "\n".join(md)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base-src", type=Path, required=True)
    ap.add_argument("--base-label", default="base")
    ap.add_argument("--split-src", type=Path, default=ROOT / "src",
                    help="the split tree's src (default: this tree's)")
    ap.add_argument("--label", default="split")
    ap.add_argument("--every", type=int, default=10, help="every Nth Spider/BIRD pair")
    ap.add_argument("--sets", default="verdicts,equivalence,spider,bird")
    ap.add_argument("--bound", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--out", type=Path, default=RESULTS / "split_verifier_identity.md")
    ap.add_argument("--title", default=TITLE, help="what the compared change is")
    ap.add_argument("--witnesses", action="store_true",
                    help="a pair whose witness differs is re-run alone and listed too")
    ap.add_argument("--full", action="store_true",
                    help="compare every key of the result line but elapsed_s (reason, "
                         "detail, witness, dialect, ...), not only the verdict's")
    args = ap.parse_args(argv)
    global FULL
    FULL = args.full
    sides = {"base": args.base_src.resolve(), "split": args.split_src.resolve()}
    sets = {}
    for name in args.sets.split(","):
        sets[name] = (fixture_lines(name) if name in ("verdicts", "equivalence")
                      else scale_lines(name, args.every))
    rows, diffs, rerun = [], [], []
    with tempfile.TemporaryDirectory() as d:
        work = Path(d)
        for name, lines in sets.items():
            got = {}
            for side, src in sides.items():
                got[side], _ = run_side(src, lines, work, f"{name}.{side}", bound=args.bound,
                                        timeout=args.timeout)
                print(f"{name} {side}: {len(got[side])} results", file=sys.stderr)
            ids = [x["id"] for x in lines]
            same = 0
            wit = sum(1 for i in ids if got["base"].get(i, {}).get("witness")
                      == got["split"].get(i, {}).get("witness"))
            for i in ids:
                a, b = got["base"].get(i, {}), got["split"].get(i, {})
                same_wit = not args.witnesses or a.get("witness") == b.get("witness")
                if verdict(a) == verdict(b) and same_wit:
                    same += 1
                    continue
                alone = {}
                one = [x for x in lines if x["id"] == i]
                for side, src in sides.items():
                    r, _ = run_side(src, one, work, f"alone.{side}", bound=args.bound,
                                    timeout=args.timeout)
                    alone[side] = r.get(i, {})
                ok = verdict(alone["base"]) == verdict(alone["split"])
                if args.witnesses:
                    ok = ok and alone["base"].get("witness") == alone["split"].get("witness")
                rerun.append((name, i, verdict(a), verdict(b), ok, budget_hit(a) or budget_hit(b)))
                if ok:
                    same += 1
                else:
                    diffs.append((name, i, verdict(alone["base"]), verdict(alone["split"])))
            t = {s: [got[s][i].get("elapsed_s", 0.0) for i in ids if i in got[s]] for s in sides}
            rows.append((name, len(ids), same, wit, statistics.median(t["base"]),
                         statistics.median(t["split"]), sum(t["base"]), sum(t["split"])))
            write_table(args, rows, rerun, diffs)  # after each set: a partial table survives
    print(write_table(args, rows, rerun, diffs))
    return 1 if diffs else 0


if __name__ == "__main__":
    raise SystemExit(main())
