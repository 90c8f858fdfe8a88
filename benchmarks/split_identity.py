"""Behaviour unchanged by the splits of long functions into named steps: the same outputs,
byte for byte, from a base source tree and from this one, on the Spider dev data.

- ``suite``: ``oracles.suite.build.build_suite`` on Spider databases (every instance file
  dumped as SQL, ``mutants.jsonl``, the manifests without times);
- ``generate``: ``engine.generate.generate_database`` on every Spider dev schema with its
  shipped value pool, several seeds and option sets;
- ``mutants``: ``oracles.suite.mutate.mutants`` of every Spider dev gold query.

Each side runs in its own process with ``PYTHONPATH`` set to its ``src`` and prints one
digest per item; the table reports the digests, counts and seconds side by side.

Run from the repository root (the base tree: ``git archive <commit> src | tar -x -C DIR``)::

    git archive fcb42a1 src | tar -x -C /tmp/base
    nice python -m benchmarks.split_identity --base-src /tmp/base/src --base-label fcb42a1
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPIDER = ROOT.parent / "shared" / "data" / "spider"
RESULTS = ROOT / "benchmarks" / "results"


def _h(obj) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True, default=repr).encode()).hexdigest()[:16]


def _dump(path: Path) -> list[str]:
    import sqlite3

    conn = sqlite3.connect(path)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def item_suite(dbs: list[str], candidates: int) -> dict:
    from sqlverdict.oracles.suite.build import BuildConfig, build_suite

    cfg = BuildConfig(seed=3, max_candidates=candidates, patience=candidates // 3,
                      time_budget_s=1e9)
    with tempfile.TemporaryDirectory() as d:
        m = build_suite(f"spider:{SPIDER}", d, db_ids=dbs, config=cfg)
        got = {}
        for db in dbs:
            sub = Path(d) / db
            man = json.loads((sub / "manifest.json").read_text())
            man["stats"].pop("elapsed_s")
            got[db] = {"manifest": man, "mutants": (sub / "mutants.jsonl").read_text(),
                       "files": {p.name: _dump(p) for p in sorted(sub.glob("*.sqlite"))}}
        stats = m["databases"]
    return {"digest": _h(got), "count": sum(s["instances"] for s in stats.values()),
            "what": "instances", "budget_hit": any(s["time_budget_hit"] for s in stats.values())}


def item_generate(seeds: int) -> dict:
    import random

    from sqlverdict.engine.generate import generate_database, value_pool
    from sqlverdict.schema import from_sqlite

    got, rows = {}, 0
    for p in sorted((SPIDER / "database").glob("*/*.sqlite")):
        schema = from_sqlite(p, p.stem)
        pool = value_pool(schema, p, {})
        for seed in range(seeds):
            for opts in ({}, {"values": pool}, {"values": pool, "max_rows": 12, "null_rate": 0.3,
                                                "fk_null_rate": 0.5, "alt_repr": 0.4},
                         {"values": pool, "nullable": set()}):
                db = generate_database(schema, random.Random(f"{p.stem}:{seed}"), **opts)
                got[f"{p.stem}:{seed}:{sorted(opts)}:{len(got)}"] = db
                rows += sum(len(r) for r in db.values())
    return {"digest": _h(got), "count": rows, "what": "rows"}


def item_mutants() -> dict:
    from sqlverdict.bench import load_benchmark
    from sqlverdict.oracles.suite.mutate import mutants

    bench = load_benchmark(f"spider:{SPIDER}")
    got, n = {}, 0
    for g, db in sorted({(e.gold, e.db_id) for e in bench.examples}):
        ms = [(m.sql, m.kind) for m in mutants(g, bench.schemas.get(db), limit=120)]
        got[f"{db}:{g}"] = ms
        n += len(ms)
    return {"digest": _h(got), "count": n, "what": "mutants"}


def run_side(args) -> dict:
    import sqlverdict

    out = {"_src": str(Path(sqlverdict.__file__).resolve().parents[1])}
    for name in args.items:
        t0 = time.process_time()
        if name == "suite":
            r = item_suite(args.dbs, args.candidates)
        elif name == "generate":
            r = item_generate(args.seeds)
        else:
            r = item_mutants()
        r["cpu_s"] = round(time.process_time() - t0, 2)
        out[name] = r
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base-src", type=Path, help="the src folder of the base tree")
    ap.add_argument("--base-label", default="the base commit", help="what the base tree is")
    ap.add_argument("--items", nargs="+", default=["suite", "generate", "mutants"],
                    choices=["suite", "generate", "mutants"])
    ap.add_argument("--dbs", nargs="+", default=["concert_singer", "pets_1", "car_1"])
    ap.add_argument("--candidates", type=int, default=300)
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--side", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--out", type=Path, default=RESULTS / "split_identity")
    args = ap.parse_args(argv)
    if args.side:
        print(json.dumps(run_side(args)))
        return 0
    if args.base_src is None or not (args.base_src / "sqlverdict").is_dir():
        ap.error("--base-src must be the src folder of a base tree (holding sqlverdict/)")
    if not (SPIDER / "dev.json").is_file():
        ap.error(f"needs the Spider dev data at {SPIDER}")
    sides = {}
    for label, src in (("base", args.base_src.resolve()), ("this", ROOT / "src")):
        env = {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}{ROOT}"}
        cmd = [sys.executable, "-m", "benchmarks.split_identity", "--side", "--items",
               *args.items, "--dbs", *args.dbs, "--candidates", str(args.candidates),
               "--seeds", str(args.seeds)]
        res = subprocess.run(cmd, env=env, cwd="/", capture_output=True, text=True)
        if res.returncode:
            sys.stderr.write(res.stderr)
            return res.returncode
        sides[label] = json.loads(res.stdout.strip().splitlines()[-1])
        if sides[label].pop("_src") != str(src):
            sys.stderr.write(f"the {label} side did not import sqlverdict from {src}\n")
            return 2
    this_head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                               capture_output=True, text=True).stdout.strip()
    if subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "src"],
                      capture_output=True, text=True).stdout.strip():
        this_head += " with uncommitted changes under src"
    cmd = ("nice python -m benchmarks.split_identity --base-src BASE/src --items "
           f"{' '.join(args.items)} --dbs {' '.join(args.dbs)} --candidates {args.candidates} "
           f"--seeds {args.seeds}")
    L = ["# Splits of long functions: outputs identical before and after", "",
         f"`{cmd}` (BASE: the `src` of {args.base_label}; this tree: {this_head}). "
         "Each side in its own process; CPU seconds of one process.", "",
         "| item | what | base digest | this digest | identical | count | base CPU s | this CPU s | ratio |",
         "|---|---|---|---|---|---:|---:|---:|---:|"]
    same_all = True
    for name in args.items:
        a, b = sides["base"][name], sides["this"][name]
        same = a["digest"] == b["digest"] and a["count"] == b["count"]
        same_all &= same
        ratio = f"{b['cpu_s'] / a['cpu_s']:.2f}" if a["cpu_s"] else "-"
        L.append(f"| {name} | {a['what']} | `{a['digest']}` | `{b['digest']}` | "
                 f"{'yes' if same else '**no**'} | {b['count']} | {a['cpu_s']} | {b['cpu_s']} | "
                 f"{ratio} |")
    if "suite" in args.items and sides["this"]["suite"].get("budget_hit"):
        L += ["", "A wall-clock budget stopped a build: that build is not reproducible."]
    md = "\n".join(L) + "\n"
    print(md)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.with_suffix(".md").write_text(md)
    args.out.with_suffix(".json").write_text(json.dumps({"command": cmd, "sides": sides}, indent=1) + "\n")
    return 0 if same_all else 1


if __name__ == "__main__":
    sys.exit(main())
