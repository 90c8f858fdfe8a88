"""Where ``verify-batch`` spends its time on the prover corpus: cProfile over N pairs.

Each pair runs as ``verify-batch`` runs it (``batch._pool_job``, bound 3), in one of two
modes:

- ``fork`` (default, what ``verify-batch`` does): a worker process warmed up as
  ``verify_batch`` warms its workers (``batch._warm_up`` where the tree has it, else the
  older warm-up pair), then one forked process per pair, profiled in that process. What a
  pair pays again in its own process (imports, first allocations, copied pages) shows here
  and nowhere else.
- ``inprocess``: every pair in this one process after the same warm-up: the cost of the
  verification itself, caches warm.

The pairs are every ``(828 // N)``-th pair of the corpus (equivalent pairs and mutants of
the three sources alike). Reported: median and p95 wall-clock and CPU seconds per pair,
and the functions with the most cumulative and most own time over all pairs, to
``benchmarks/results/prover_corpus_profile.md`` (``--out`` for another name). The machine
is shared, so the absolute figures move with the load; the shares do not much.

    nice python -m benchmarks.prover_corpus_profile --pairs 120 --mode fork
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.prover_corpus import RESULTS, ROOT, batch_file, load_corpus
from benchmarks.verify_scale import read_jsonl

OPTS = {"bound": 3, "timeout_s": 20.0, "semantics": None, "compat": None, "search": True,
        "dialect": None}


def sample(n: int) -> list[dict]:
    """Every ``len // n``-th corpus pair as a ``verify-batch`` line (absolute schema)."""
    pairs = load_corpus()
    step = max(1, len(pairs) // n)
    with tempfile.TemporaryDirectory() as d:
        return read_jsonl(batch_file(pairs[::step][:n], Path(d) / "pairs.jsonl"))


def warm_up(batch, lines: list[dict]) -> None:
    """The warm-up ``verify_batch`` gives its workers, in this tree's version."""
    if hasattr(batch, "_warm_up"):
        batch._warm_up_for(lines, OPTS)()
    else:
        batch._pool_job((batch._WARMUP, {**OPTS, "search": False}))


def _forked(batch, line: dict, prof: str) -> tuple[float, float]:
    """Verify ``line`` in a forked process profiled into ``prof``; (wall, CPU) seconds."""
    r, w = os.pipe()
    t0 = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # the pair's process, as LocalPool's fork_per_job makes it
        os.close(r)
        p = cProfile.Profile()
        p.runcall(batch._pool_job, (line, OPTS))
        p.dump_stats(prof)
        os.write(w, json.dumps(time.process_time()).encode())
        os._exit(0)
    os.close(w)
    cpu = json.loads(os.read(r, 64) or b"null")
    os.waitpid(pid, 0)
    os.close(r)
    return time.perf_counter() - t0, cpu


def run(lines: list[dict], mode: str, tmp: Path) -> tuple[list, list, pstats.Stats]:
    from sqlverdict.oracles.bounded import batch

    warm_up(batch, lines)
    walls, cpus, profs = [], [], []
    whole = cProfile.Profile()
    for i, line in enumerate(lines):
        if mode == "fork":
            profs.append(str(tmp / f"{i}.prof"))
            wall, cpu = _forked(batch, line, profs[-1])
        else:
            t0, c0 = time.perf_counter(), time.process_time()
            whole.runcall(batch._pool_job, (line, OPTS))
            wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        walls.append(wall)
        cpus.append(cpu)
    stats = pstats.Stats(*profs) if profs else pstats.Stats(whole)
    return walls, cpus, stats


def tree_version() -> str:
    """The commit of the tree whose ``sqlverdict`` this process imports (not the cwd's)."""
    import subprocess

    import sqlverdict

    where = Path(sqlverdict.__file__).parent
    try:
        head = subprocess.run(["git", "-C", str(where), "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(where), "status", "--porcelain", "--", "."],
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return f"unknown ({where})"
    return head + (" (with uncommitted changes)" if dirty else "") + f" from {where.parent}"


def _p95(xs: list[float]) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(0.95 * (len(s) - 1) + 0.5))]


def table(stats: pstats.Stats, key: str, top: int, n: int) -> list[str]:
    """The ``top`` functions by ``key`` (``cumulative`` or ``tottime``) as markdown rows."""
    stats.sort_stats(key)
    total = max(stats.total_tt, 1e-9)
    rows = ["| function | calls | own s | cumulative s | cumulative per pair s | share |",
            "|---|---:|---:|---:|---:|---:|"]
    for func in stats.fcn_list[:top]:
        cc, nc, tt, ct, _ = stats.stats[func]
        file, line, name = func
        where = f"{_short(file)}:{line}({name})"
        rows.append(f"| `{where}` | {nc} | {tt:.2f} | {ct:.2f} | {ct / n:.4f} | "
                    f"{100 * ct / total:.0f}% |")
    return rows


def _short(file: str) -> str:
    for mark in ("site-packages/", "src/", "lib/python3"):
        if mark in file:
            return file.split(mark, 1)[1]
    return file


def markdown(meta: dict, walls, cpus, stats: pstats.Stats, top: int) -> str:
    n = len(walls)
    lines = [f"# Where verify-batch spends its time on the prover corpus ({meta['mode']})", "",
             f"Command: `{meta['command']}`  ",
             f"Code: {meta['code']}; {n} pairs (every {meta['step']}th of the corpus), bound 3, "
             f"timeout 20 s; load average {meta['load'][0]:.1f} at the start, "
             f"{meta['load_end'][0]:.1f} at the end (two cores, shared).", "",
             "| per pair | median s | p95 s | total s |", "|---|---:|---:|---:|",
             f"| wall clock | {statistics.median(walls):.3f} | {_p95(walls):.3f} | {sum(walls):.1f} |",
             f"| CPU | {statistics.median(cpus):.3f} | {_p95(cpus):.3f} | {sum(cpus):.1f} |", "",
             "CPU in `fork` mode is the pair's process's own (`time.process_time` there: it starts "
             "at zero in a forked process), profiler overhead included. cProfile's own clock "
             "below is the wall clock: under load its seconds stretch, its shares much less.", "",
             f"## Top {top} functions by cumulative time (all pairs)", ""]
    lines += table(stats, "cumulative", top, n)
    lines += ["", f"## Top {top} functions by own time (all pairs)", ""]
    lines += table(stats, "tottime", top, n)
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pairs", type=int, default=120, help="how many corpus pairs (spread)")
    ap.add_argument("--mode", choices=("fork", "inprocess"), default="fork")
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--out", default="prover_corpus_profile", help="results file name")
    a = ap.parse_args(argv)
    lines = sample(a.pairs)
    load = os.getloadavg()
    with tempfile.TemporaryDirectory() as d:
        walls, cpus, stats = run(lines, a.mode, Path(d))
    meta = {"command": "python -m benchmarks.prover_corpus_profile "
                       + " ".join(argv if argv is not None else sys.argv[1:]),
            "code": tree_version(), "mode": a.mode, "load": load, "load_end": os.getloadavg(),
            "step": max(1, 828 // a.pairs)}
    text = markdown(meta, walls, cpus, stats, a.top)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{a.out}.md").write_text(text)
    print(text.split("## Top")[0])
    return 0


if __name__ == "__main__":
    os.chdir(ROOT)
    sys.exit(main())
