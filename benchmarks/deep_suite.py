"""The test suite's deep tier: every case the default run leaves out (``-m slow``:
``tests/helpers/tiers.py``'s samples, the verdict fixtures marked ``tier: deep``, the
heavy property tests), run as a benchmark because it is too slow for every CI run.
Together with the default run it is the suite at full strength; run it before a release
or after changing the prover.

    python -m benchmarks.deep_suite              # -n auto, like the default run
    python -m benchmarks.deep_suite -- -k fixtures   # extra pytest arguments after --

Results: ``benchmarks/results/deep_suite.md`` (counts, wall time, the code's commit, the
costliest modules, every failure by name) and ``build/deep_suite.xml`` (JUnit).
"""

from __future__ import annotations

import argparse
import collections
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def summary(xml: Path, wall: float, commit: str, argv: list[str]) -> str:
    """The result table of a JUnit file."""
    suites = ET.parse(xml).getroot()
    per_module: collections.Counter = collections.Counter()
    counts = collections.Counter()
    failed = []
    for tc in suites.iter("testcase"):
        per_module[tc.get("classname")] += float(tc.get("time", 0))
        kind = next((k.tag for k in tc if k.tag in ("failure", "error", "skipped")), "passed")
        counts[kind] += 1
        if kind in ("failure", "error"):
            failed.append(f"{tc.get('classname')}::{tc.get('name')}")
    lines = [
        "# The test suite's deep tier (`-m slow`)", "",
        f"    python -m benchmarks.deep_suite {' '.join(argv)}".rstrip(), "",
        f"Code: {commit}. Wall time {wall:.0f} s; test-seconds {sum(per_module.values()):.0f}.", "",
        "| passed | failed | errors | skipped |", "|---:|---:|---:|---:|",
        f"| {counts['passed']} | {counts['failure']} | {counts['error']} | {counts['skipped']} |", "",
        "Costliest modules (test-seconds):", "", "| module | test-s |", "|---|---:|"]
    lines += [f"| {m} | {s:.1f} |" for m, s in per_module.most_common(15)]
    if failed:
        lines += ["", "Failed:", ""] + [f"- `{f}`" for f in failed]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--name", default="deep_suite", help="result file name (default deep_suite)")
    ap.add_argument("pytest_args", nargs="*", help="extra pytest arguments (after --)")
    args = ap.parse_args(argv)
    xml = ROOT / "build" / f"{args.name}.xml"
    xml.parent.mkdir(parents=True, exist_ok=True)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                            capture_output=True).stdout.strip() or "unknown"
    t0 = time.perf_counter()
    code = subprocess.call([sys.executable, "-m", "pytest", "-q", "-m", "slow", "-p",
                            "no:cacheprovider", f"--junitxml={xml}", *args.pytest_args], cwd=ROOT)
    wall = time.perf_counter() - t0
    out = ROOT / "benchmarks" / "results" / f"{args.name}.md"
    out.write_text(summary(xml, wall, commit, args.pytest_args), encoding="utf-8")
    print(f"-> {out}")
    return code


if __name__ == "__main__":
    sys.exit(main())
