"""Agreement of ``--compat spider`` with the official single-database evaluator.

Runs every prediction file of ``predictions/subset200_multisample/`` through the execution
oracle in Spider compatibility mode and compares the per-item labels with
``correctness_matrix.csv``; lists every disagreement.

    python -m benchmarks.compat_spider [--data ../shared/data/spider] [--out benchmarks/results]
"""

from __future__ import annotations

import argparse
import csv
import json
import time
from pathlib import Path

from sqlverdict.bench import load_benchmark
from sqlverdict.bench.predictions import _clean
from sqlverdict.engine.execute import ResultCache
from sqlverdict.oracles.base import Context, EvalOptions
from sqlverdict.oracles.execution import ExecutionOracle


def run(data: Path) -> dict:
    sub = data / "predictions" / "subset200_multisample"
    idx = json.loads((sub / "subset_dev_indices.json").read_text())
    bench = load_benchmark(f"spider:{data}")
    examples = [bench.examples[i] for i in idx]
    matrix = list(csv.DictReader(open(sub / "correctness_matrix.csv")))
    systems = [c for c in matrix[0] if c not in ("query_idx", "db", "hardness")]
    oracle = ExecutionOracle(EvalOptions(compat="spider"))
    ctx = Context(EvalOptions(compat="spider"), ResultCache(), bench.schemas)
    total, agree, disagreements = 0, 0, []
    t0 = time.perf_counter()
    for system in systems:
        f = sub / f"{system}.sql"
        if not f.exists():
            f = sub / f"pred_{system}.sql"
        lines = f.read_text(encoding="utf-8").split("\n")
        for row in matrix:
            q = int(row["query_idx"])
            ex = examples[q]
            pred = _clean(ex.id, lines[q] if q < len(lines) else None, 16384, {ex.db_id})
            if ex.db_path is None:
                continue
            v = oracle.judge(ex, pred, ctx)
            ours = int(v.status.is_correct)
            theirs = int(row[system])
            total += 1
            if ours == theirs:
                agree += 1
            else:
                disagreements.append({"system": system, "query_idx": q, "dev_index": ex.index,
                                      "db": ex.db_id, "official": theirs, "ours": ours,
                                      "reason": v.reason, "gold": ex.gold, "pred": pred.sql})
    return {"items": total, "agree": agree, "agreement": agree / total if total else 0.0,
            "elapsed_s": round(time.perf_counter() - t0, 2), "systems": len(systems),
            "disagreements": disagreements}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", type=Path, default=Path("../shared/data/spider"))
    ap.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    a = ap.parse_args()
    res = run(a.data)
    a.out.mkdir(parents=True, exist_ok=True)
    (a.out / "compat_spider.json").write_text(json.dumps(res, indent=2))
    lines = ["# --compat spider vs the official evaluator's labels", "",
             f"items: {res['items']} ({res['systems']} systems x 200 questions), agreeing: "
             f"{res['agree']} ({100 * res['agreement']:.2f}%), time {res['elapsed_s']} s", "",
             "| system | dev index | official | ours | our reason |", "|---|---|---|---|---|"]
    for d in res["disagreements"]:
        lines.append(f"| {d['system']} | {d['dev_index']} | {d['official']} | {d['ours']} | "
                     f"{d['reason'][:80]} |")
    (a.out / "compat_spider.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines[:3]))
    for d in res["disagreements"][:30]:
        print(d)


if __name__ == "__main__":
    main()
