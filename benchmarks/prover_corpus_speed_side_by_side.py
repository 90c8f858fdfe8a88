"""``verify-batch`` on the prover corpus, two source trees side by side: time per pair.

Each tree (a ``src/`` directory: the base, e.g. a detached checkout made with
``git worktree add --detach /tmp/base 2aa5842``, and this one) runs its own
``verify_batch`` (its own worker pool, warm-up and fork per pair) in a process of its own,
on the same chunks of pairs, alternating per chunk (base then new, new then base, ...),
so that the load of the shared machine falls on both alike. Per pair it records

- ``wall``: the time between two consecutive results of the batch (the pool's own cost
  included: fork, pipes, the result line written), the figure a user waits for;
- ``cpu``: the CPU seconds of the pair's forked process (``time.process_time`` there,
  which starts at zero in a forked process), which the load barely changes;
- the verifier's own ``elapsed_s``, and the verdict.

The job function is wrapped (``timed_job``, which calls the tree's own ``batch._pool_job``)
to read the CPU time in the pair's process; the pool, its warm-up and its isolation are
each tree's own. The first line of every chunk is a throw-away pair that takes the pool's
start and warm-up. Reported: median and p95 of wall and CPU per pair, the ratio of
medians, the machine's load, and a verdict-identity check (every pair's status and method
equal in both trees; each difference listed).

    git worktree add --detach /tmp/base25s 2aa5842
    nice python -m benchmarks.prover_corpus_speed_side_by_side --base-src /tmp/base25s/src \\
        --labels 2aa5842 i25s --every 2

Results: ``benchmarks/results/prover_corpus_speed_side_by_side.md`` and ``.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build" / "prover_corpus_speed"
PRIMER = {"id": "primer", "gold": "SELECT a FROM t WHERE a > 1",
          "pred": "SELECT a FROM t WHERE a >= 2", "schema": "CREATE TABLE t(a INT, b TEXT)"}

try:  # in a driver and its workers: the tree's own batch module, unpatched
    from sqlverdict.oracles.bounded import batch as _batch

    _ORIGINAL_JOB = _batch._pool_job
except ImportError:  # pragma: no cover - the parent needs no sqlverdict
    _batch = _ORIGINAL_JOB = None


def timed_job(job):
    """The tree's ``_pool_job`` with the CPU seconds of this (the pair's) process."""
    t0 = time.perf_counter()
    out = _ORIGINAL_JOB(job)
    if isinstance(out, dict):
        out = {**out, "_cpu_s": time.process_time(), "_job_s": time.perf_counter() - t0}
    return out


def drive(pairs: str, out: str, bound: int, timeout: float) -> None:
    """In a process of one tree: its ``verify_batch`` over ``pairs`` with ``timed_job``;
    appends to each result line the wall-clock seconds since the previous one."""
    _batch._pool_job = timed_job  # verify_batch reads the module's name when it builds its pool
    stamps = [time.perf_counter()]
    tmp = out + ".raw"
    Path(tmp).unlink(missing_ok=True)
    _batch.verify_batch(pairs, tmp, bound=bound, timeout_s=timeout, workers=1,
                        progress=lambda done, total: stamps.append(time.perf_counter()))
    rows = [json.loads(x) for x in Path(tmp).read_text().splitlines() if x.strip()]
    with open(out, "w") as f:
        for i, r in enumerate(rows):
            f.write(json.dumps({**r, "_wall_s": stamps[i + 1] - stamps[i]}) + "\n")
    Path(tmp).unlink()


def corpus_lines(every: int, offset: int = 0) -> list[dict]:
    """``verify-batch`` lines of every ``every``-th equivalent pair of the corpus (from the
    ``offset``-th) with its mutant (the three sources, equivalent pairs and mutants alike)."""
    from benchmarks.prover_corpus import BATCH_KEYS, load_corpus

    pairs = load_corpus()
    groups: dict[str, list[dict]] = {}
    for p in pairs:
        groups.setdefault(p.get("pair_of") or p["id"], []).append(p)
    keep = [p for i, g in enumerate(groups.values()) if i % every == offset for p in g]
    return [{**{k: p[k] for k in BATCH_KEYS if k in p}, "schema": str(ROOT / p["schema"]),
             "_expect": p["expect"]} for p in keep]


def run_chunk(src: Path, lines: list[dict], tag: str, bound: int, timeout: float) -> list[dict]:
    pairs, out = BUILD / f"{tag}_pairs.jsonl", BUILD / f"{tag}_out.jsonl"
    pairs.write_text("".join(json.dumps({k: v for k, v in x.items() if not k.startswith("_")})
                             + "\n" for x in [PRIMER] + lines))
    env = {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}{ROOT}"}
    code = (f"from benchmarks.prover_corpus_speed_side_by_side import drive; "
            f"drive({str(pairs)!r}, {str(out)!r}, {bound}, {timeout})")
    subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, check=True)
    rows = [json.loads(x) for x in out.read_text().splitlines() if x.strip()]
    return [r for r in rows if r.get("id") != "primer"]


def _p95(xs: list[float]) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(0.95 * (len(s) - 1) + 0.5))]


def summary(rows: list[dict]) -> dict:
    out = {"pairs": len(rows)}
    for key, name in (("_wall_s", "wall"), ("_cpu_s", "cpu"), ("elapsed_s", "verifier")):
        xs = [float(r.get(key) or 0.0) for r in rows]
        out[name] = {"median": statistics.median(xs), "p95": _p95(xs), "total": sum(xs)}
    return out


def differences(base: dict, new: dict) -> list[dict]:
    """Pairs whose status or method differ between the trees."""
    out = []
    for pid, b in base.items():
        n = new.get(pid, {})
        if (b.get("status"), b.get("method")) != (n.get("status"), n.get("method")):
            out.append({"id": pid, "base": [b.get("status"), b.get("method"), b.get("detail")],
                        "new": [n.get("status"), n.get("method"), n.get("detail")],
                        "elapsed_s": [b.get("elapsed_s"), n.get("elapsed_s")],
                        "cpu_s": [b.get("_cpu_s"), n.get("_cpu_s")]})
    return out


def _clock_bound(d: dict) -> bool:
    """A difference where one side ran into the wall-clock safety net (``time budget``):
    the load decides it, not the code."""
    return any("time budget exceeded" in str(side[2] or "") for side in (d["base"], d["new"]))


def markdown(res: dict) -> str:
    a, b = res["labels"]
    sa, sb = res["summary"][a], res["summary"][b]
    load = res["load"]
    lines = ["# Prover corpus: time per pair, side by side", "", f"Command: `{res['command']}`  ",
             f"{sa['pairs']} pairs (every {res['every']}th equivalent pair of the corpus from the "
             f"{res.get('offset', 0)}th, with its mutant), bound {res['bound']}, timeout {res['timeout']:g} s, one worker per tree, "
             f"chunks of {res['chunk']} alternating; machine load (1-minute average at each "
             f"chunk) median {statistics.median(load):.1f}, min {min(load):.1f}, "
             f"max {max(load):.1f} on two cores shared with other jobs.", "",
             f"| per pair | {a} median s | {a} p95 s | {b} median s | {b} p95 s | "
             "ratio of medians |", "|---|---:|---:|---:|---:|---:|"]
    for key, name in (("wall", "wall clock (between results)"), ("cpu", "CPU of the pair's "
                      "process"), ("verifier", "verifier's `elapsed_s`")):
        x, y = sa[key], sb[key]
        lines.append(f"| {name} | {x['median']:.3f} | {x['p95']:.3f} | {y['median']:.3f} | "
                     f"{y['p95']:.3f} | {x['median'] / max(y['median'], 1e-9):.2f}x |")
    lines += ["", f"Total wall clock: {a} {sa['wall']['total']:.0f} s, {b} {sb['wall']['total']:.0f} s.",
              "", "## Verdict identity (status and method of every pair)", ""]
    diff = res["differences"]
    lines.append(f"{sa['pairs'] - len(diff)} of {sa['pairs']} pairs identical; "
                 f"{len(diff)} differ." + ("" if diff else " No difference."))
    lines += [f"- `{d['id']}`: {a} {d['base'][:2]} ({d['base'][2] or '-'}; {d['elapsed_s'][0]:.1f} s, "
              f"CPU {d['cpu_s'][0]:.1f} s), {b} {d['new'][:2]} ({d['new'][2] or '-'}; "
              f"{d['elapsed_s'][1]:.1f} s, CPU {d['cpu_s'][1]:.1f} s)"
              + (": the wall-clock safety net under load, not the code" if _clock_bound(d) else "")
              for d in diff]
    lines += ["", f"Witnesses equal where both refuted: {res['witnesses_equal']} of "
              f"{res['both_refuted']}."]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base-src", type=Path, required=True, help="src/ of the base tree")
    ap.add_argument("--new-src", type=Path, default=ROOT / "src")
    ap.add_argument("--labels", nargs=2, default=["base", "new"])
    ap.add_argument("--every", type=int, default=1, help="every k-th equivalent pair (and mutant)")
    ap.add_argument("--offset", type=int, default=0, help="from the offset-th (below --every)")
    ap.add_argument("--chunk", type=int, default=20)
    ap.add_argument("--bound", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--out", default="prover_corpus_speed_side_by_side")
    ap.add_argument("--report-only", action="store_true", help="the tables from the last run")
    a = ap.parse_args(argv)
    BUILD.mkdir(parents=True, exist_ok=True)
    lines = corpus_lines(a.every, a.offset)
    trees = list(zip(a.labels, (a.base_src.resolve(), a.new_src.resolve()), strict=True))
    got: dict[str, dict] = {label: {} for label, _ in trees}
    out = ROOT / "benchmarks" / "results" / a.out
    load = json.loads(out.with_suffix(".json").read_text())["load"] if a.report_only else []
    for i in range(0, len(lines), a.chunk):
        if a.report_only:  # the tables again from the runs' files
            for label, _ in trees:
                rows = (json.loads(x) for x in (BUILD / f"{label}_{a.offset}_{i}_out.jsonl").read_text()
                        .splitlines() if x.strip())
                got[label].update({r["id"]: r for r in rows if r.get("id") != "primer"})
            continue
        chunk = lines[i:i + a.chunk]
        load.append(os.getloadavg()[0])
        for label, src in (trees if (i // a.chunk) % 2 == 0 else trees[::-1]):
            for r in run_chunk(src, chunk, f"{label}_{a.offset}_{i}", a.bound, a.timeout):
                got[label][r["id"]] = r
        print(f"{min(i + a.chunk, len(lines))}/{len(lines)} pairs, load {load[-1]:.1f}",
              file=sys.stderr, flush=True)
    base, new = (got[label] for label, _ in trees)
    refuted = [k for k, r in base.items() if r["status"] == "refuted"
               and new.get(k, {}).get("status") == "refuted"]
    command = "python -m benchmarks.prover_corpus_speed_side_by_side " + " ".join(
        argv if argv is not None else sys.argv[1:])
    if a.report_only:
        command = json.loads(out.with_suffix(".json").read_text())["command"]
    res = {"command": command,
           "labels": a.labels, "every": a.every, "offset": a.offset, "chunk": a.chunk, "bound": a.bound,
           "timeout": a.timeout, "load": load,
           "summary": {label: summary(list(got[label].values())) for label, _ in trees},
           "differences": differences(base, new), "both_refuted": len(refuted),
           "witnesses_equal": sum(base[k].get("witness") == new[k].get("witness")
                                  for k in refuted),
           "per_pair": {k: {label: {f: got[label].get(k, {}).get(f) for f in
                                    ("status", "method", "_wall_s", "_cpu_s", "elapsed_s")}
                            for label, _ in trees} for k in base}}
    out.with_suffix(".json").write_text(json.dumps(res, indent=1) + "\n")
    out.with_suffix(".md").write_text(markdown(res))
    print(markdown(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
