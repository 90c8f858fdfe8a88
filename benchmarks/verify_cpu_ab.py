"""CPU time of the verifier on the same pairs, two source trees side by side (A/B).

The first ``--limit`` cases of ``tests/fixtures/verdicts`` go through ``staging.verify``
(bound 3, search off) in one fresh process per side and round, with ``PYTHONPATH`` on that
side's ``src``. A process verifies the pairs twice: the first pass warms caches (imports,
sqlglot, schemas), the second is timed with ``time.process_time`` (CPU, not wall: the
machine is shared). Rounds alternate the order of the sides (A B, B A, ...), so that
neither side always runs first; the table gives each round, the medians and their ratio.

Each side's verdicts (status, method, scope, assumptions, witness) of the timed pass are
compared pair by pair: the time is only comparable if the work is the same.

With ``--stages`` the process times instead the verifier's pure-Python front, on both
queries of every pair: lowering (``ir.lower``) and ``canonical`` under bag, set and list
semantics; each the best of ``--repeat`` passes (the least disturbed by neighbours).

With ``--profile DIR`` one more process per side runs the timed pass under ``cProfile``
and writes ``DIR/<label>.pstats`` and the top functions by own time to
``DIR/<label>.txt``.

    git worktree add --detach /tmp/base29 2aa5842
    nice python -m benchmarks.verify_cpu_ab --base-src /tmp/base29/src --base-label 2aa5842 \\
        --label enums --rounds 6 --out benchmarks/results/verify_cpu_ab_enums.md
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.split_verifier_identity import fixture_lines

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
KEYS = ("status", "method", "scope", "assumptions", "witness")

CHILD = r"""
import json, sys, time
import sqlverdict
from sqlverdict.oracles.bounded.staging import verify
from sqlverdict.schema import from_ddl_file, load_schema
pairs, out, prof = sys.argv[1], sys.argv[2], sys.argv[3]
lines = [json.loads(x) for x in open(pairs, encoding="utf-8")]
schemas = {}
def run():
    got = {}
    for ln in lines:
        p = ln["schema"]
        if p not in schemas:
            schemas[p] = from_ddl_file(p, "s") if p.endswith(".ddl") else load_schema(p)
        try:
            r = verify(ln["gold"], ln["pred"], schemas[p], bound=3, timeout_s=30.0,
                       semantics=ln.get("semantics", "bag"), search=False)
            d = r.to_json()
            got[ln["id"]] = {k: d.get(k) for k in
                             ("status", "method", "scope", "assumptions", "witness")}
        except Exception as e:
            got[ln["id"]] = {"error": type(e).__name__}
    return got
run()
if prof != "-":
    import cProfile
    pr = cProfile.Profile()
    t0 = time.process_time(); pr.enable(); got = run(); pr.disable()
    cpu = time.process_time() - t0
    pr.dump_stats(prof)
else:
    t0 = time.process_time(); got = run(); cpu = time.process_time() - t0
json.dump(got, open(out, "w", encoding="utf-8"), default=str, sort_keys=True)
print(json.dumps({"src": sqlverdict.__file__, "cpu_s": cpu}))
"""


STAGES_CHILD = r"""
import json, sys, time
import sqlverdict
from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl_file, load_schema
pairs, out, repeat = sys.argv[1], sys.argv[2], int(sys.argv[3])
schemas, qs = {}, []
for x in open(pairs, encoding="utf-8"):
    ln = json.loads(x)
    p = ln["schema"]
    if p not in schemas:
        schemas[p] = from_ddl_file(p, "s") if p.endswith(".ddl") else load_schema(p)
    qs += [(ln["gold"], schemas[p]), (ln["pred"], schemas[p])]
def lower_all():
    got = []
    for sql, s in qs:
        try:
            got.append((ir.lower(sql, s).query, s))
        except Exception:
            pass
    return got
lowered = lower_all()
def canon_all():
    forms = []
    for q, s in lowered:
        for sem in ("bag", "set", "list"):
            try:
                forms.append(repr(canonical(q, s, sem)))
            except Exception as e:
                forms.append(type(e).__name__)
    return forms
forms = canon_all()
best = {}
for name, f in (("lower", lower_all), ("canonical", canon_all)):
    ts = []
    for _ in range(repeat):
        t0 = time.process_time(); f(); ts.append(time.process_time() - t0)
    best[name] = min(ts)
json.dump({"forms": forms, "lowered": [repr(q) for q, _ in lowered]}, open(out, "w"))
print(json.dumps({"src": sqlverdict.__file__, "cpu_s": best}))
"""


def run_side(src: Path, pairs: Path, out: Path, prof: str = "-",
             stages: int = 0) -> tuple[float | dict, dict]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    cmd = ([sys.executable, "-c", STAGES_CHILD, str(pairs), str(out), str(stages)] if stages
           else [sys.executable, "-c", CHILD, str(pairs), str(out), prof])
    p = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=ROOT)
    if p.returncode:
        raise SystemExit(p.stderr[-2000:])
    info = json.loads(p.stdout.strip().splitlines()[-1])
    if not info["src"].startswith(str(src)):
        raise SystemExit(f"imported {info['src']}, not from {src}")
    return info["cpu_s"], json.loads(out.read_text(encoding="utf-8"))


def top_functions(pstats_file: Path, n: int = 40) -> str:
    import io
    import pstats
    s = io.StringIO()
    pstats.Stats(str(pstats_file), stream=s).sort_stats("tottime").print_stats(n)
    return s.getvalue()


def stages_table(args, sides, lines, d: Path) -> list[str]:
    """``--stages``: lowering and ``canonical`` per side and round, forms compared."""
    pairs = d / "pairs.jsonl"
    cpu: dict[str, dict[str, list[float]]] = {lab: {"lower": [], "canonical": []}
                                              for lab, _ in sides}
    forms, rows = {}, []
    for r in range(args.rounds):
        order = sides if r % 2 == 0 else sides[::-1]
        row = {}
        for lab, src in order:
            t, got = run_side(src, pairs, d / "out.json", stages=args.repeat)
            for k in ("lower", "canonical"):
                cpu[lab][k].append(t[k])
            forms.setdefault(lab, got)
            row[lab] = t
        rows.append((" then ".join(lab for lab, _ in order), row))
        print(f"round {r + 1}: {row}", file=sys.stderr)
    (a, _), (b, _) = sides
    md = [f"# CPU of lowering and `canonical` on {len(lines)} verdict pairs: {b} against {a}",
          "", f"Both queries of the first {len(lines)} cases of `tests/fixtures/verdicts`: "
          "`ir.lower`, then `canonical` of each lowered query under bag, set and list "
          f"semantics; per process the best of {args.repeat} passes (CPU, "
          "`time.process_time`); one process per side and round, the order alternating.", "",
          f"| round | order | lower {a} s | lower {b} s | canonical {a} s | canonical {b} s |",
          "|---:|---|---:|---:|---:|---:|"]
    for k, (order, row) in enumerate(rows, 1):
        md.append(f"| {k} | {order} | {row[a]['lower']:.3f} | {row[b]['lower']:.3f} | "
                  f"{row[a]['canonical']:.3f} | {row[b]['canonical']:.3f} |")
    med = {lab: {k: statistics.median(v) for k, v in c.items()} for lab, c in cpu.items()}
    md += [f"| median | | {med[a]['lower']:.3f} | {med[b]['lower']:.3f} | "
           f"{med[a]['canonical']:.3f} | {med[b]['canonical']:.3f} |", "",
           f"Ratio of medians {b}/{a}: lowering **{med[b]['lower'] / med[a]['lower']:.3f}**, "
           f"canonical **{med[b]['canonical'] / med[a]['canonical']:.3f}**.", "",
           f"Lowered queries identical (printed IR): {forms[a]['lowered'] == forms[b]['lowered']} "
           f"({len(forms[b]['lowered'])}); canonical forms identical: "
           f"{sum(x == y for x, y in zip(forms[a]['forms'], forms[b]['forms'], strict=False))} of "
           f"{len(forms[b]['forms'])}."]
    return md


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base-src", type=Path, required=True)
    ap.add_argument("--base-label", default="base")
    ap.add_argument("--src", type=Path, default=ROOT / "src")
    ap.add_argument("--label", default="this tree")
    ap.add_argument("--limit", type=int, default=60, help="first N verdict cases (0: all)")
    ap.add_argument("--rounds", type=int, default=6, help="rounds (even: A B, B A, ...)")
    ap.add_argument("--profile", type=Path, help="also profile each side into this folder")
    ap.add_argument("--stages", action="store_true", help="time lowering and canonical only")
    ap.add_argument("--repeat", type=int, default=5, help="--stages: passes per process")
    ap.add_argument("--out", type=Path, default=RESULTS / "verify_cpu_ab.md")
    args = ap.parse_args(argv)
    sides = [(args.base_label, args.base_src.resolve()), (args.label, args.src.resolve())]
    lines = fixture_lines("verdicts")[:args.limit or None]
    cpu: dict[str, list[float]] = {lab: [] for lab, _ in sides}
    verdicts: dict[str, dict] = {}
    order_rows = []
    with tempfile.TemporaryDirectory() as d:
        pairs = Path(d) / "pairs.jsonl"
        pairs.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
        if args.stages:
            md = stages_table(args, sides, lines, Path(d))
            md += ["", "Reproduce:", "", f"    nice python -m benchmarks.verify_cpu_ab --stages "
                   f"--base-src <{sides[0][0]} tree>/src --base-label {sides[0][0]} --src "
                   f"<{sides[1][0]} tree>/src --label {sides[1][0]} --limit {args.limit} "
                   f"--rounds {args.rounds} --repeat {args.repeat} --out {args.out}", ""]
            args.out.parent.mkdir(parents=True, exist_ok=True)
            args.out.write_text("\n".join(md), encoding="utf-8")
            print("\n".join(md))
            return 0
        for r in range(args.rounds):
            order = sides if r % 2 == 0 else sides[::-1]
            row = {}
            for lab, src in order:
                t, got = run_side(src, pairs, Path(d) / "out.json")
                cpu[lab].append(t)
                verdicts.setdefault(lab, got)
                row[lab] = t
            order_rows.append((" then ".join(lab for lab, _ in order), row))
            print(f"round {r + 1}: " + ", ".join(f"{k} {v:.2f}" for k, v in row.items()),
                  file=sys.stderr)
        if args.profile:
            args.profile.mkdir(parents=True, exist_ok=True)
            for lab, src in sides:
                f = args.profile / f"{lab}.pstats"
                run_side(src, pairs, Path(d) / "out.json", str(f))
                (args.profile / f"{lab}.txt").write_text(top_functions(f), encoding="utf-8")
    (a, _), (b, _) = sides
    ids = [x["id"] for x in lines]
    same = [i for i in ids if verdicts[a].get(i) == verdicts[b].get(i)]
    ma, mb = statistics.median(cpu[a]), statistics.median(cpu[b])
    md = [f"# CPU of the verifier on {len(ids)} verdict pairs: {b} against {a}", "",
          f"The first {len(ids)} cases of `tests/fixtures/verdicts` through `staging.verify` "
          "(bound 3, search off, timeout 30 s); one process per side and round; CPU time "
          "(`time.process_time`) of the second pass (the first warms caches); the order of "
          "the sides alternates by round.", "",
          f"| round | order | {a} s | {b} s |", "|---:|---|---:|---:|"]
    for k, (order, row) in enumerate(order_rows, 1):
        md.append(f"| {k} | {order} | {row[a]:.2f} | {row[b]:.2f} |")
    md += [f"| median | | {ma:.2f} | {mb:.2f} |", "",
           f"Ratio of medians {b}/{a}: **{mb / ma:.3f}**.", "",
           f"Verdicts (status, method, scope, assumptions, witness) identical: {len(same)} of "
           f"{len(ids)}."]
    md += [f"- `{i}`: {verdicts[a].get(i)} vs {verdicts[b].get(i)}" for i in ids if i not in same]
    md += ["", "Reproduce (a tree per side: `git worktree add --detach /tmp/<label> <commit>`):",
           "", f"    nice python -m benchmarks.verify_cpu_ab --base-src /tmp/{a}/src "
           f"--base-label {a} --src /tmp/{b}/src --label {b} --limit {args.limit} "
           f"--rounds {args.rounds} --out {args.out}", ""]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(md), encoding="utf-8")
    print("\n".join(md))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
