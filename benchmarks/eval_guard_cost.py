"""What the guard costs ``eval``: the same command under an older checkout and this one,
alternating, on Spider dev with four systems (execution oracle, ``--workers 2``).

Each run is ``python -m sqlverdict eval ...`` into a fresh folder (interpreter start-up
included, alike for both). The table reports the medians and their ratio.

    python -m benchmarks.eval_guard_cost --base-src /tmp/base/src [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPIDER = ROOT.parent / "shared" / "data" / "spider"
FILES = {"dail": "dailsql_gpt4.sql", "din": "dinsql_gpt4.sql", "c3": "c3sql_gpt35.sql",
         "graphix": "graphix_via_dailsql.sql"}


def once(src: str | None, out: Path) -> float:
    cmd = [sys.executable, "-m", "sqlverdict", "eval", "--quiet", "--workers", "2",
           "--benchmark", f"spider:{SPIDER}", "--out", str(out)]
    for name, f in FILES.items():
        cmd += ["--predictions", f"{name}={SPIDER / 'predictions' / f}"]
    env = {**os.environ, **({"PYTHONPATH": src} if src else {})}
    t0 = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, capture_output=True)
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base-src", required=True)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    times: dict[str, list[float]] = {"base": [], "new": []}
    with tempfile.TemporaryDirectory() as d:
        for i in range(args.repeat):
            for label, src in (("base", args.base_src), ("new", None)):
                times[label].append(round(once(src, Path(d) / f"{label}{i}"), 2))
                print(label, times[label][-1], flush=True)
    med = {k: statistics.median(v) for k, v in times.items()}
    base = subprocess.run(["git", "-C", args.base_src, "log", "-1", "--format=%h"],
                          capture_output=True, text=True).stdout.strip()
    load = os.getloadavg()
    md = ["# What the guard costs eval (Spider dev, four systems, execution, --workers 2)", "",
          f"`python -m benchmarks.eval_guard_cost --base-src BASE` (base {base}); each run is "
          "the whole command, interpreter start-up included.", "",
          "| code | median wall time (s) | runs (s) |", "|---|---|---|",
          f"| base ({base}) | {med['base']:.2f} | {', '.join(map(str, times['base']))} |",
          f"| this branch | {med['new']:.2f} | {', '.join(map(str, times['new']))} |", "",
          f"ratio (this branch / base, medians): **{med['new'] / med['base']:.2f}**; load "
          f"average during the run: {load[0]:.1f}, {load[1]:.1f}, {load[2]:.1f} on "
          f"{os.cpu_count()} cores."]
    out = ROOT / "benchmarks" / "results"
    (out / "eval_guard_cost.md").write_text("\n".join(md) + "\n")
    (out / "eval_guard_cost.json").write_text(json.dumps({"base": base, "times": times}) + "\n")
    print("\n".join(md))


if __name__ == "__main__":
    main()
