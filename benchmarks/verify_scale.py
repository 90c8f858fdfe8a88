"""Bounded verification at scale: Spider and BIRD pair sets through ``verify-batch``.

For each pair set (made by ``benchmarks/pairs.py``) this runs
``sqlverdict verify-batch --bound K --timeout S --workers N`` (resumable: an interrupted run
continues where it stopped), then reads the results and reports

- the share of pairs decided (``refuted`` or ``verified``), status counts;
- time per pair (median, p95, max; ``elapsed_s`` as reported per pair);
- unknown reasons grouped by construct;
- the replay check: every ``refuted`` witness is written to a fresh SQLite file under the
  pair's schema and both queries are run again with ``engine.execute.run_query``; the
  results must differ under the pair's semantics (``engine.compare.results_equal``).

Results go to ``benchmarks/results/verify_scale_<set>.md`` and ``.json``.

    python -m benchmarks.pairs
    nice python -m benchmarks.verify_scale --set spider --bound 5 --timeout 60 --workers 2
    nice python -m benchmarks.verify_scale --set bird --bound 5 --timeout 60 --workers 2
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from sqlverdict.engine.compare import results_equal
from sqlverdict.engine.execute import run_query
from sqlverdict.engine.materialize import write_database
from sqlverdict.errors import SqlverdictError
from sqlverdict.schema import load_schema
from sqlverdict.types import rows_from_json

BUILD = Path("build/verify_scale")
RESULTS = Path("benchmarks/results")


# --------------------------------------------------------------------------- running


def read_jsonl(path: Path) -> list[dict]:
    out = []
    if not path.is_file():
        return out
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError:
                pass  # a line cut by an interrupted run; verify-batch redoes it
    return out


def sample_pairs(pairs_path: Path, n: int | None, seed: int, out: Path) -> Path:
    """A deterministic sample of ``n`` pairs (all when ``n`` is None), in file order."""
    if n is None:
        return pairs_path
    pairs = read_jsonl(pairs_path)
    idx = sorted(random.Random(seed).sample(range(len(pairs)), min(n, len(pairs))))
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        for i in idx:
            f.write(json.dumps(pairs[i], ensure_ascii=False) + "\n")
    return out


def run_batch(pairs: Path, out: Path, *, bound: int, timeout: float, workers: int,
              executor: str = "local", ray_address: str | None = None) -> float:
    """Run ``verify_batch`` (what ``sqlverdict verify-batch`` calls; resumable: ids already
    in ``out`` are skipped); return wall-clock seconds."""
    from sqlverdict.cli.progress import reporter
    from sqlverdict.oracles.bounded.batch import verify_batch

    cmd = (f"sqlverdict verify-batch --pairs {pairs} --out {out} --bound {bound} "
           f"--timeout {timeout:g} --workers {workers}")
    if executor != "local":
        cmd += f" --executor {executor}" + (f" --ray-address {ray_address}" if ray_address else "")
    print("+", cmd, file=sys.stderr)
    t0 = time.perf_counter()
    with reporter(f"{pairs.stem} b{bound} {executor}") as progress:
        verify_batch(pairs, out, bound=bound, timeout_s=timeout, workers=workers,
                     executor=executor, ray_address=ray_address, progress=progress)
    return time.perf_counter() - t0


def code_version() -> str:
    """The commit, plus a note when the verifier's files differ from it."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "src/sqlverdict"],
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + (" (with uncommitted changes under src/sqlverdict)" if dirty else "")


# --------------------------------------------------------------------------- analysis


def unknown_group(result: dict) -> str:
    """The construct or budget an unknown result names: its ``cause`` and ``detail`` fields
    (results of older versions only have the reason text: ``reason_group``).

    >>> unknown_group({"cause": "unsupported", "detail": "window function"})
    'window function'
    >>> unknown_group({"cause": "budget", "detail": "time budget exceeded: while encoding"})
    'time budget (verifier stopped)'
    """
    cause, detail = result.get("cause"), result.get("detail") or ""
    if cause is None:
        return reason_group(result.get("reason", ""))
    if cause == "unsupported":
        return detail or "unsupported (unnamed)"
    if cause == "budget":
        return reason_group(detail if detail.startswith(("time budget exceeded (",
                                                         "memory budget exceeded ("))
                            else f"budget: {detail}")
    return cause.replace("_", " ")


def reason_group(reason: str) -> str:
    """The construct or budget an unknown reason names (results without ``cause``).

    >>> reason_group("unsupported: window function; search found no witness")
    'window function'
    >>> reason_group("unsupported: CAST to DATE (in SELECT)")
    'CAST to DATE'
    >>> reason_group("time budget exceeded (60 s)")
    'time budget (worker killed)'
    >>> reason_group("budget: time budget exceeded: solver gave up: canceled")
    'time budget (verifier stopped)'
    >>> reason_group("budget: size budget exceeded: encoding too large")
    'size budget (encoding too large)'
    """
    r = (reason or "").strip()
    m = re.match(r"unsupported:\s*(.*?)(?:;|\s\(|$)", r)
    if m:
        return m.group(1).strip() or "unsupported (unnamed)"
    m = re.match(r"(time|memory) budget exceeded", r)
    if m:  # the pool's hard limit: the worker was killed or ran out of memory
        return f"{m.group(1)} budget (worker {'killed' if m.group(1) == 'time' else 'limit'})"
    m = re.match(r"budget:\s*(\w+) budget exceeded(?::\s*(.*))?", r)
    if m:  # the verifier stopped itself within its budget
        what = "verifier stopped" if m.group(1) == "time" else (m.group(2) or "")
        return f"{m.group(1)} budget ({what.strip()})"
    return re.sub(r"\s*\(.*", "", r)[:80] or "(no reason)"


def method(result: dict) -> str:
    """What decided: ``search`` (the randomized fallback), ``same text``, ``same IR``,
    ``rewriting`` (proofs without the solver), else ``verifier`` (the solver, or the
    empty-database check).

    >>> method({"reason": "equivalent by rewriting (every database ...)"})
    'rewriting'
    >>> method({"method": "same_ir"})
    'same IR'
    """
    if result.get("method"):
        return {"same_text": "same text", "same_ir": "same IR", "solver": "verifier",
                "replay": "verifier"}.get(result["method"], result["method"])
    if "search" in result and result.get("search"):
        return "search"
    reason = result.get("reason") or ""
    if "randomized search" in reason or "search found no witness" in reason:
        return "search"
    if reason.startswith("the same query up to"):
        return "same text"
    if reason.startswith("identical after normalization"):
        return "same IR"
    if reason.startswith("equivalent by rewriting"):
        return "rewriting"
    return "verifier"


def replay(pair: dict, result: dict, schemas: dict) -> tuple[bool, str]:
    """Does the witness of a ``refuted`` result separate the two queries in SQLite?"""
    w = result.get("witness")
    if not w or "tables" not in w:
        return False, "no witness"
    key = pair["schema"]
    if key not in schemas:
        schemas[key] = load_schema(key)
    schema = schemas[key]
    rows = {t: [tuple(r) for r in rows_from_json(v.get("rows", []))] for t, v in w["tables"].items()}
    sem = result.get("semantics") or pair.get("semantics") or "bag"
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "w.sqlite"
        try:
            write_database(path, schema, rows)
            g = run_query(path, pair["gold"])
        except SqlverdictError as e:
            return False, f"replay failed: {e}"
        try:
            p = run_query(path, pair["pred"])
        except SqlverdictError:
            return True, ""  # the gold runs, SQLite rejects the prediction: they differ
    if results_equal(g.rows, p.rows, sem, gold_ncols=len(g.columns), pred_ncols=len(p.columns)):
        return False, "results equal on replay"
    return True, ""


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    k = max(0, min(len(xs) - 1, int(round(q / 100 * (len(xs) - 1)))))
    return xs[k]


def analyse(pairs_path: Path, results_path: Path, *, check_replay: bool = True) -> dict:
    pairs = {p["id"]: p for p in read_jsonl(pairs_path)}
    results = {r["id"]: r for r in read_jsonl(results_path) if r.get("id") in pairs}
    statuses = Counter(r["status"] for r in results.values())
    times = [float(r.get("elapsed_s") or 0.0) for r in results.values()]
    decided = statuses["refuted"] + statuses["verified"]
    unknown = Counter(unknown_group(r) for r in results.values()
                      if r["status"] == "unknown")
    by_method = Counter((r["status"], method(r)) for r in results.values())
    replay_ok, replay_fail = 0, []
    schemas: dict = {}
    if check_replay:
        for rid, r in results.items():
            if r["status"] == "refuted":
                ok, why = replay(pairs[rid], r, schemas)
                if ok:
                    replay_ok += 1
                else:
                    replay_fail.append({"id": rid, "why": why})
    n = len(results)
    return {
        "pairs": len(pairs), "finished": n,
        "status": dict(statuses), "by_method": {f"{s}/{m}": c for (s, m), c in by_method.items()},
        "decided": decided, "decided_share": decided / n if n else float("nan"),
        "median_s": statistics.median(times) if times else float("nan"),
        "p95_s": pct(times, 95), "max_s": max(times) if times else float("nan"),
        "unknown_reasons": unknown.most_common(),
        "refuted_replayed": replay_ok, "refuted_not_replayed": replay_fail,
    }


def to_markdown(name: str, a: dict, meta: dict) -> str:
    lines = [f"# Bounded verification at scale: {name}", "",
             f"Generated by `{meta['command']}` on {meta['date']}, code {meta['code']}.", "",
             f"- pairs: {a['pairs']} ({meta['pairs_note']}); finished: {a['finished']}",
             f"- bound {meta['bound']}, budget {meta['timeout']:g} s per pair, "
             f"{meta['workers']} worker(s), executor {meta['executor']}; "
             f"wall clock {meta['wall_s']:.0f} s; load average at start {meta['load']}",
             f"- **decided: {a['decided']} / {a['finished']} = {100 * a['decided_share']:.2f}%**",
             f"- time per pair: **median {a['median_s']:.3f} s**, p95 {a['p95_s']:.3f} s, "
             f"max {a['max_s']:.2f} s",
             f"- every refuted replays: **{'yes' if not a['refuted_not_replayed'] else 'NO'}** "
             f"({a['refuted_replayed']} replayed, {len(a['refuted_not_replayed'])} not)",
             "", "| status | count |", "|---|---:|"]
    for s in ("verified", "refuted", "unknown"):
        lines.append(f"| {s} | {a['status'].get(s, 0)} |")
    if a["by_method"]:
        lines += ["", "| status / method | count |", "|---|---:|"]
        for k, v in sorted(a["by_method"].items()):
            lines.append(f"| {k} | {v} |")
    lines += ["", "## Unknown reasons by construct", "", "| reason | count |", "|---|---:|"]
    for k, v in a["unknown_reasons"]:
        lines.append(f"| {k} | {v} |")
    if a["refuted_not_replayed"]:
        lines += ["", "## Refuted but not replayed", ""]
        lines += [f"- `{x['id']}`: {x['why']}" for x in a["refuted_not_replayed"][:50]]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="verify-batch on Spider/BIRD pair sets")
    ap.add_argument("--set", choices=["spider", "bird"], required=True)
    ap.add_argument("--pairs", type=Path, default=None)
    ap.add_argument("--bound", type=int, default=5)
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--executor", default="local")
    ap.add_argument("--sample", type=int, default=None, help="deterministic sample of N pairs")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-run", action="store_true", help="only analyse existing results")
    ap.add_argument("--tag", default="", help="suffix for output names")
    args = ap.parse_args(argv)

    pairs_all = args.pairs or BUILD / f"{args.set}_pairs.jsonl"
    if not pairs_all.is_file():
        print(f"{pairs_all} is missing: run python -m benchmarks.pairs first", file=sys.stderr)
        return 2
    tag = args.tag or (f"_s{args.sample}" if args.sample else "")
    pairs = sample_pairs(pairs_all, args.sample, args.seed,
                         BUILD / f"{args.set}_pairs{tag}.jsonl")
    out = BUILD / f"{args.set}_b{args.bound}{tag}.jsonl"
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    code = code_version()  # before the run: workers load the code as it is now
    wall = 0.0
    if not args.no_run:
        wall = run_batch(pairs, out, bound=args.bound, timeout=args.timeout,
                         workers=args.workers, executor=args.executor)
    a = analyse(pairs, out)
    meta = {"command": "python -m benchmarks.verify_scale " + " ".join(argv or sys.argv[1:]),
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "bound": args.bound, "timeout": args.timeout, "workers": args.workers,
            "executor": args.executor, "wall_s": wall, "load": load,
            "code": code,
            "pairs_note": (f"deterministic sample of {args.sample}, seed {args.seed}"
                           if args.sample else f"all pairs of {pairs_all}")}
    RESULTS.mkdir(parents=True, exist_ok=True)
    stem = RESULTS / f"verify_scale_{args.set}{tag}"
    if args.no_run and stem.with_suffix(".json").is_file():  # re-analysis: keep the run's facts
        old = json.loads(stem.with_suffix(".json").read_text()).get("meta", {})
        meta.update({k: old[k] for k in ("command", "date", "wall_s", "load", "code")
                     if k in old})
    stem.with_suffix(".json").write_text(json.dumps({"meta": meta, **a}, indent=2) + "\n")
    md = to_markdown(args.set + (f" ({meta['pairs_note']})" if args.sample else ""), a, meta)
    stem.with_suffix(".md").write_text(md)
    print(md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
