"""Behaviour unchanged by the split of ``oracles/bounded/ir.py`` into the package ``ir/``:
the same lowering, from a base source tree and from this one, for every query of the
verdict and equivalence fixtures and of every Spider/BIRD pair, in every clock mode.

Compared per query and clock mode: the lowered IR (``repr`` of the query after
``normalize``) with what the lowering collects for the encoder (texts, LIKE patterns,
lookup templates, numbers, tables), or the error it raises (class and message). Each side
runs in its own process with ``PYTHONPATH`` on its ``src``.

A query that reads the wall clock (``CURRENT_TIMESTAMP``, ``'now'``) lowers to the instant
it was lowered at under the pinned clock, and seeds the symbolic clock's domain with it:
two processes read two instants. Such results are compared with the instant masked (a
timestamp or date of the run's day, a Julian day of it) and counted apart.

    git archive 3ba52cd src | tar -x -C /tmp/base
    python -m benchmarks.pairs
    nice python -m benchmarks.split_ir_lowering_identity --base-src /tmp/base/src \\
        --base-label 3ba52cd
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"

CHILD = """
import json, sys, time
from pathlib import Path
import sqlverdict
from sqlverdict.oracles.bounded import ir
from sqlverdict.schema import load_schema
from tests.helpers.pairs import load

root, out = Path(sys.argv[1]), Path(sys.argv[2])
lines = []
for area in ("verdicts", "equivalence"):
    for c in load(area):
        lines.append((area, f"{area}:{c.id}", c.gold, c.pred, str(c.schema_file)))
for f in sorted((root / "build" / "verify_scale").glob("*_pairs.jsonl")):
    area = f.name.split("_")[0]
    for x in f.read_text(encoding="utf-8").splitlines():
        r = json.loads(x)
        lines.append((area, f"{area}:{r['id']}", r["gold"], r["pred"], str(root / r["schema"])))
schemas = {sp: load_schema(sp) for sp in sorted({x[4] for x in lines})}
res = {}
t0 = time.process_time()
for area, i, gold, pred, sp in lines:
    for side, sql in (("gold", gold), ("pred", pred)):
        for mode in ir.CLOCK_MODES:
            try:
                lw = ir.lower(sql, schemas[sp], clock=mode)
                ok, r = True, repr((lw.query, sorted(lw.texts), sorted(lw.patterns), sorted(lw.templates),
                          sorted(map(repr, lw.numbers)), sorted(lw.tables)))
            except Exception as e:  # the error is part of the behaviour compared
                ok, r = False, f"{type(e).__name__}: {e}"
            res[f"{i}|{side}|{mode}"] = [area, ok, r]
out.write_text(json.dumps(res), encoding="utf-8")
print(json.dumps({"src": sqlverdict.__file__, "s": time.process_time() - t0}))
"""


def run_side(src: Path, out: Path) -> tuple[dict, float]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(src), str(ROOT)])}
    p = subprocess.run([sys.executable, "-c", CHILD, str(ROOT), str(out)], env=env,
                       capture_output=True, text=True, cwd=ROOT)
    if p.returncode:
        raise SystemExit(f"{src}: {p.stderr[-2000:]}")
    info = json.loads(p.stdout.strip().splitlines()[-1])
    if not info["src"].startswith(str(src)):
        raise SystemExit(f"imported {info['src']}, not from {src}")
    return json.loads(out.read_text(encoding="utf-8")), info["s"]


def clock_masked(text: str, day: str, julian: int) -> str:
    """``text`` with the instants of the run's day masked (see the module docstring).

    >>> clock_masked("Lit('2026-12-03 19:05:31') Lit(2461378.29) Lit('2026-12-04')", "2026-12-03", 2461378)
    "Lit('NOW') Lit(NOW) Lit('2026-12-04')"
    """
    text = re.sub(re.escape(day) + r"( \d\d:\d\d:\d\d(\.\d+)?)?", "NOW", text)
    return re.sub(rf"\b{julian}\.\d+", "NOW", text)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base-src", type=Path, required=True)
    ap.add_argument("--base-label", default="base")
    ap.add_argument("--split-src", type=Path, default=ROOT / "src")
    ap.add_argument("--out", type=Path, default=RESULTS / "split_ir_lowering_identity.md")
    args = ap.parse_args(argv)
    now = datetime.now(UTC)
    day = now.strftime("%Y-%m-%d")
    julian = int(now.timestamp() / 86400 + 2440587.5)
    with tempfile.TemporaryDirectory() as d:
        base, tb = run_side(args.base_src.resolve(), Path(d) / "base.json")
        split, ts = run_side(args.split_src.resolve(), Path(d) / "split.json")
    rows: dict[str, Counter] = {}
    diffs = []
    for k, (area, ok, a) in base.items():
        c = rows.setdefault(area, Counter())
        c["lowerings"] += 1
        c["errors"] += not ok
        b = split.get(k, [area, None, None])[2]
        if a == b:
            c["identical"] += 1
        elif b is not None and clock_masked(a, day, julian) == clock_masked(b, day, julian):
            c["identical"] += 1
            c["clock"] += 1
        else:
            diffs.append(k)
    md = [f"# Lowering identity: `oracles/bounded/ir/` against {args.base_label}", "",
          "Every query of the verdict and equivalence fixtures and of every Spider/BIRD pair "
          "(`build/verify_scale`), gold and prediction, lowered under each clock mode "
          "(real, pinned, symbolic) by the base tree and by this one, each in its own "
          "process. Compared: the normalized IR with the texts, patterns, templates, numbers "
          "and tables collected for the encoder, or the error raised (class and message).", "",
          "| set | lowerings | raising an error | identical | of which only the clock's instant differs |",
          "|---|---:|---:|---:|---:|"]
    for area, c in rows.items():
        md.append(f"| {area} | {c['lowerings']} | {c['errors']} | {c['identical']} | {c['clock']} |")
    t = {k: sum(c[k] for c in rows.values()) for k in ("lowerings", "identical", "clock")}
    md += ["", f"Total: {t['lowerings']} lowerings, {t['identical']} identical "
           f"({t['clock']} of them after masking the wall-clock instant that a query reading "
           "the clock lowers to: two processes read two instants), "
           f"{len(diffs)} different.", ""]
    md += [f"- different: `{k}`" for k in diffs[:50]]
    md += ["", f"CPU time to lower them all (parse, qualify, lowering, normal form), one process "
           f"each: base {tb:.1f} s, split {ts:.1f} s "
           f"(ratio {ts / tb:.2f}).", "", "Reproduce:", "",
           f"    git archive {args.base_label} src | tar -x -C /tmp/base",
           "    python -m benchmarks.pairs",
           "    nice python -m benchmarks.split_ir_lowering_identity --base-src /tmp/base/src "
           f"--base-label {args.base_label}", ""]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(md), encoding="utf-8")
    print("\n".join(md))
    return 1 if diffs else 0


if __name__ == "__main__":
    raise SystemExit(main())
