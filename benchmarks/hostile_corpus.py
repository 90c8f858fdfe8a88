"""Memory and files under hostile predictions (issue 15), measured on the whole process tree.

1. The hostile corpus test (``tests/cli/test_hostile_corpus.py``: eval under every oracle
   with the bounded oracle on every pair, report, verify-batch, verify) with the peak
   resident memory of each command's process tree (a /proc sampler, forked workers
   included).
2. The issue's two reproductions on Spider, side by side with an older checkout when
   ``--base-src`` is given (``git worktree add /tmp/base <commit>``; its ``src`` folder):
   ``SELECT randomblob(300000000)`` as one prediction, and ``group_concat`` over a cross
   join of ``city`` on world_1: exit code, peak tree memory, and the size of what the run
   wrote.

    python -m benchmarks.hostile_corpus [--base-src /tmp/base/src]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.helpers import proctree

ROOT = Path(__file__).resolve().parents[1]

SPIDER = ROOT.parent / "shared" / "data" / "spider"
OUT = ROOT / "benchmarks" / "results"


def corpus_peaks() -> dict:
    with tempfile.TemporaryDirectory() as d:
        peaks = Path(d) / "peaks.json"
        env = {**os.environ, "SQLVERDICT_PEAKS_OUT": str(peaks)}
        res = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                              "tests/cli/test_hostile_corpus.py"], cwd=ROOT, env=env,
                             capture_output=True, text=True)
        print(res.stdout.strip().splitlines()[-1])
        return {"pytest": res.stdout.strip().splitlines()[-1],
                "peaks_mib": {k: round(v / 2**20) for k, v in json.loads(peaks.read_text()).items()}}


def reproduction(src: str | None, name: str, pred: str, line: int, tmp: Path) -> dict:
    preds = (SPIDER / "predictions" / "dailsql_gpt4.sql").read_text().split("\n")
    preds[line] = pred
    (tmp / f"{name}.sql").write_text("\n".join(preds))
    out = tmp / f"run-{name}-{'base' if src else 'new'}"
    env = {**os.environ, **({"PYTHONPATH": src} if src else {})}
    cmd = [sys.executable, "-m", "sqlverdict", "eval", "--quiet", "--benchmark",
           f"spider:{SPIDER}", "--limit", str(line + 2), "--predictions", f"a={tmp / name}.sql",
           "--out", str(out)]
    res, peak = proctree.run_measured(cmd, cwd=tmp, env=env)
    sizes = {p.name: p.stat().st_size for p in out.glob("*") if p.is_file()} if out.is_dir() else {}
    last = (res.stderr.strip().splitlines() or [""])[-1][:160]
    return {"exit": res.returncode, "peak_mib": round(peak / 2**20),
            "verdicts_bytes": sizes.get("verdicts.jsonl"), "journal_bytes": sizes.get("journal.sqlite"),
            "stderr_last_line": last}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base-src", help="src folder of an older checkout to compare with")
    args = ap.parse_args()
    result = {"corpus": corpus_peaks(), "reproductions": {}}
    cases = {"randomblob": ("SELECT randomblob(300000000)", 1),
             "group_concat": ("SELECT group_concat(a.Name || b.Name) FROM city a, city b", 702)}
    with tempfile.TemporaryDirectory() as d:
        for name, (pred, line) in cases.items():
            for label, src in (("base", args.base_src), ("new", None)):
                if label == "base" and not src:
                    continue
                r = reproduction(src, name, pred, line, Path(d))
                result["reproductions"][f"{name}/{label}"] = r
                print(name, label, r, flush=True)
    (OUT / "hostile_corpus.json").write_text(json.dumps(result, indent=1) + "\n")
    base = ""
    if args.base_src:
        base = subprocess.run(["git", "-C", args.base_src, "log", "-1", "--format=%h %s"],
                              capture_output=True, text=True).stdout.strip()[:90]
    md = ["# Hostile predictions: memory of the process tree and files written", "",
          "`python -m benchmarks.hostile_corpus" + (" --base-src BASE" if args.base_src else "")
          + "`; peak resident memory summed over the command and all its descendants "
          "(/proc sampled every 20 ms)." + (f" Base: `{base}`." if base else ""), "",
          f"## The hostile corpus ({result['corpus']['pytest']})", "",
          "No file outside the output folder, every database byte-identical and a verdict "
          "with a reason for every prediction are asserted by the test itself.", "",
          "| command | peak tree memory (MiB) |", "|---|---|"]
    md += [f"| {k} | {v} |" for k, v in result["corpus"]["peaks_mib"].items()]
    md += ["", "## The issue's reproductions on Spider (eval, execution oracle)", "",
           "| case | code | exit | peak tree memory (MiB) | verdicts.jsonl (bytes) | "
           "journal (bytes) | last stderr line |", "|---|---|---|---|---|---|---|"]
    for k, r in result["reproductions"].items():
        case, label = k.split("/")
        md.append(f"| {case} | {label} | {r['exit']} | {r['peak_mib']} | {r['verdicts_bytes']} | "
                  f"{r['journal_bytes']} | {r['stderr_last_line'].replace('|', '/')} |")
    (OUT / "hostile_corpus.md").write_text("\n".join(md) + "\n")
    print(f"wrote {OUT / 'hostile_corpus.md'}")


if __name__ == "__main__":
    main()
