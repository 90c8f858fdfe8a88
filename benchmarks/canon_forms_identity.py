"""Canonical forms from two source trees, side by side: the same form for every query, and
the time ``canonical`` takes on each side.

Queries: both sides of every case of ``tests/fixtures/verdicts`` and
``tests/fixtures/equivalence`` (SQLite ones; a case naming another dialect is left out),
and of every Nth pair of ``build/verify_scale/{spider,bird}_pairs.jsonl`` (written by
``python -m benchmarks.pairs``), each under bag, set and list semantics. A query that does
not lower is left out (on both sides alike: lowering is not compared here). Each side runs
in its own process with ``PYTHONPATH`` set to its ``src``; the sides alternate for
``--rounds`` rounds under the same load, and a query's time on a side is the median over
its rounds (each round: the best of ``--repeat`` calls), in CPU time of the process
(``time.process_time``: on a shared machine wall time measures the neighbours).

    git archive 175a11c src | tar -x -C /tmp/base
    python -m benchmarks.pairs
    nice python -m benchmarks.canon_forms_identity --base-src /tmp/base/src --base-label 175a11c
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

ROOT = Path(__file__).resolve().parents[1]
SCALE = ROOT / "build" / "verify_scale"
RESULTS = ROOT / "benchmarks" / "results"

CHILD = """
import json, sys, time
import sqlverdict
from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.oracles.bounded.canon.terms import _key
from sqlverdict.schema import from_ddl_file, load_schema
items, out, repeat = json.load(open(sys.argv[1])), sys.argv[2], int(sys.argv[3])
schemas, res = {}, {}
for it in items:
    path = it["schema"]
    if path not in schemas:
        schemas[path] = from_ddl_file(path, "s") if path.endswith(".ddl") else load_schema(path)
    s = schemas[path]
    try:
        q = ir.lower(it["sql"], s).query
    except Exception:
        continue
    for sem in ("bag", "set", "list"):
        best = None
        for _ in range(repeat):
            t0 = time.process_time()
            try:
                form = _key(canonical(q, s, sem))
            except Exception as e:
                form = "error " + type(e).__name__
            dt = time.process_time() - t0
            best = dt if best is None else min(best, dt)
        res[it["id"] + "|" + sem] = [form, best]
json.dump({"src": sqlverdict.__file__, "forms": res}, open(out, "w"))
"""


def queries(every: int) -> list[dict]:
    """Each query once, with the schema file it lowers against."""
    from tests.helpers.pairs import load

    out = []
    for area in ("verdicts", "equivalence"):
        for c in load(area):
            if c.get("dialect"):
                continue
            for side, sql in (("gold", c.gold), ("pred", c.pred)):
                out.append({"id": f"{area}/{c.id}|{side}", "sql": sql, "schema": str(c.schema_file)})
    for path in sorted(SCALE.glob("*_pairs.jsonl")):
        rows = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x]
        for r in rows[::every]:
            schema = r["schema"] if Path(r["schema"]).is_absolute() else str(ROOT / r["schema"])
            for side in ("gold", "pred"):
                out.append({"id": f"{path.stem}/{r['id']}|{side}", "sql": r[side], "schema": schema})
    return out


def run_side(src: Path, items_file: Path, out: Path, repeat: int) -> dict:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(src), str(ROOT)])}
    p = subprocess.run([sys.executable, "-c", CHILD, str(items_file), str(out), str(repeat)],
                       env=env, capture_output=True, text=True, cwd=ROOT)
    if p.returncode:
        raise SystemExit(p.stderr[-2000:])
    got = json.loads(out.read_text(encoding="utf-8"))
    if not got["src"].startswith(str(src)):
        raise SystemExit(f"imported {got['src']}, not from {src}")
    return got["forms"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base-src", type=Path, required=True)
    ap.add_argument("--base-label", default="base")
    ap.add_argument("--new-src", type=Path, default=ROOT / "src")
    ap.add_argument("--label", default="this tree")
    ap.add_argument("--every", type=int, default=10, help="every Nth Spider/BIRD pair")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--out", type=Path, default=RESULTS / "canon_forms_identity.md")
    args = ap.parse_args(argv)
    sides = {"base": args.base_src.resolve(), "new": args.new_src.resolve()}
    runs: dict[str, list[dict]] = {"base": [], "new": []}
    with tempfile.TemporaryDirectory() as d:
        items_file = Path(d) / "items.json"
        items_file.write_text(json.dumps(queries(args.every)), encoding="utf-8")
        for r in range(args.rounds):
            for side in (("base", "new") if r % 2 == 0 else ("new", "base")):
                runs[side].append(run_side(sides[side], items_file, Path(d) / f"{side}{r}.json",
                                           args.repeat))
                print(f"round {r} {side}: {len(runs[side][-1])} forms", file=sys.stderr)
    base, new = runs["base"][0], runs["new"][0]
    keys = sorted(set(base) | set(new))
    diffs = [k for k in keys if base.get(k, [None])[0] != new.get(k, [None])[0]]
    stable = [k for k in keys if len({run[k][0] for run in runs["base"] + runs["new"] if k in run}) == 1]
    rows = []
    for group in ("verdicts", "equivalence", "spider_pairs", "bird_pairs"):
        ks = [k for k in keys if k.startswith(group + "/") and k in base and k in new]
        if not ks:
            continue
        tb = [statistics.median(run[k][1] for run in runs["base"]) for k in ks]
        tn = [statistics.median(run[k][1] for run in runs["new"]) for k in ks]
        same = sum(1 for k in ks if base[k][0] == new[k][0])
        rows.append((group, len(ks), same, statistics.median(tb) * 1e3, statistics.median(tn) * 1e3,
                     sum(tb), sum(tn)))
    md = [f"# Canonical forms: {args.label} against {args.base_label}", "",
          f"Every query of the verdict and equivalence fixtures and of every {args.every}th "
          "Spider/BIRD pair of `build/verify_scale`, under bag, set and list semantics: the "
          f"canonical form (`_key`) from each source tree, and the CPU time of `canonical` ({args.rounds} "
          f"rounds, sides alternating; per round the best of {args.repeat} calls; per query the "
          "median over rounds).", "",
          "| queries of | forms | identical | median ms base | median ms new | ratio | total s base | total s new |",
          "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for group, n, same, mb, mn, tb, tn in rows:
        md.append(f"| {group} | {n} | {same} | {mb:.3f} | {mn:.3f} | {(mn / mb if mb else 1):.2f} "
                  f"| {tb:.2f} | {tn:.2f} |")
    md += ["", f"Forms that differ: {len(diffs)}; forms identical in every round on both sides: "
           f"{len(stable)} of {len(keys)}."]
    md += [f"- `{k}`" for k in diffs[:50]]
    md += ["", "Reproduce:", "", f"    git archive {args.base_label} src | tar -x -C /tmp/base",
           "    python -m benchmarks.pairs",
           f"    nice python -m benchmarks.canon_forms_identity --base-src /tmp/base/src "
           f"--base-label {args.base_label} --every {args.every} --rounds {args.rounds} "
           f"--repeat {args.repeat}", ""]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(md), encoding="utf-8")
    print("\n".join(md))
    return 1 if diffs else 0


if __name__ == "__main__":
    raise SystemExit(main())
