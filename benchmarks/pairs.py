"""Extract the (gold, prediction) pair sets that the scale benchmarks verify.

- **Spider dev**: for each of the four prediction files in ``../shared/data/spider/predictions``
  the pairs that execution accepts on the shipped database (``engine.execute.run_query`` +
  ``engine.compare.results_equal``; bag semantics, list when the gold has a top-level
  ORDER BY). Questions without a database (``wta_1``) are left out.
- **BIRD dev**: for each of the three prediction files in ``../shared/data/bird/predictions``
  every pair where both queries parse with sqlglot (SQLite dialect); the schema is the
  schema-only SQLite file (BIRD's row data is not available here).

Each pair is a ``verify-batch`` line: ``{"id", "gold", "pred", "schema", "db_id",
"semantics"}`` with ``id = SYSTEM:EXAMPLE_ID`` and ``schema`` a path relative to the
repository root. The files are written under ``build/verify_scale/`` (not committed: they
hold benchmark text); a summary of counts goes to stdout.

    python -m benchmarks.pairs [--data ../shared/data] [--out build/verify_scale]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import sqlglot
from sqlglot import exp

from sqlverdict.bench import load_benchmark, load_predictions
from sqlverdict.engine.compare import results_equal
from sqlverdict.engine.execute import ResultCache, run_query
from sqlverdict.errors import ExecutionError

SPIDER_FILES = ["dailsql_gpt4.sql", "dinsql_gpt4.sql", "c3sql_gpt35.sql",
                "graphix_via_dailsql.sql"]
BIRD_FILES = ["alpha_sql.json", "gsr.sql", "codes-15b-bird-with-evidence.json"]
QUERY_TIMEOUT_S = 30.0


def _parse(sql: str):
    try:
        tree = sqlglot.parse_one(sql, read="sqlite")
    except Exception:  # any sqlglot failure (ParseError, TokenError, ...) means "does not parse"
        return None
    return tree if isinstance(tree, exp.Expr) else None


def ex_semantics(gold: str) -> str:
    """bag, or list when the gold's outermost query has an ORDER BY."""
    tree = _parse(gold)
    return "list" if tree is not None and tree.args.get("order") else "bag"


def spider_pairs(data: Path) -> tuple[list[dict], dict]:
    bench = load_benchmark(f"spider:{data / 'spider'}")
    gold_cache = ResultCache()
    pairs, stats = [], {}
    for fname in SPIDER_FILES:
        system = Path(fname).stem
        preds = load_predictions(data / "spider" / "predictions" / fname, bench, system)
        st = {"examples": 0, "no_database": 0, "invalid": 0, "gold_error": 0,
              "pred_error": 0, "rejected": 0, "accepted": 0}
        for ex in bench.examples:
            st["examples"] += 1
            if ex.db_path is None:
                st["no_database"] += 1
                continue
            p = preds.get(ex.id)
            if not p.ok:
                st["invalid"] += 1
                continue
            try:
                g = gold_cache.run(ex.db_path, ex.gold, timeout_s=QUERY_TIMEOUT_S)
            except ExecutionError:
                st["gold_error"] += 1
                continue
            try:
                r = run_query(ex.db_path, p.sql, timeout_s=QUERY_TIMEOUT_S)
            except ExecutionError:
                st["pred_error"] += 1
                continue
            sem = ex_semantics(ex.gold)
            if not results_equal(g.rows, r.rows, sem, gold_ncols=len(g.columns),
                                 pred_ncols=len(r.columns)):
                st["rejected"] += 1
                continue
            st["accepted"] += 1
            pairs.append({"id": f"{system}:{ex.id}", "gold": ex.gold, "pred": p.sql,
                          "schema": _rel(ex.db_path), "db_id": ex.db_id, "semantics": sem})
        stats[system] = st
    return pairs, stats


def bird_pairs(data: Path) -> tuple[list[dict], dict]:
    bench = load_benchmark(f"bird:{data / 'bird'}")
    pairs, stats = [], {}
    gold_ok = {ex.id: _parse(ex.gold) is not None for ex in bench.examples}
    for fname in BIRD_FILES:
        system = Path(fname).stem
        preds = load_predictions(data / "bird" / "predictions" / fname, bench, system)
        st = {"examples": 0, "no_database": 0, "invalid": 0, "gold_unparsable": 0,
              "pred_unparsable": 0, "pairs": 0}
        for ex in bench.examples:
            st["examples"] += 1
            if ex.db_path is None:
                st["no_database"] += 1
                continue
            p = preds.get(ex.id)
            if not p.ok:
                st["invalid"] += 1
                continue
            if not gold_ok[ex.id]:
                st["gold_unparsable"] += 1
                continue
            if _parse(p.sql) is None:
                st["pred_unparsable"] += 1
                continue
            st["pairs"] += 1
            pairs.append({"id": f"{system}:{ex.id}", "gold": ex.gold, "pred": p.sql,
                          "schema": _rel(ex.db_path), "db_id": ex.db_id,
                          "semantics": ex_semantics(ex.gold)})
        stats[system] = st
    return pairs, stats


def _rel(path: str) -> str:
    p = Path(path).resolve()
    try:
        return str(Path("..") / p.relative_to(Path.cwd().resolve().parent))
    except ValueError:
        return str(p)


def write_jsonl(path: Path, rows: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default="../shared/data", type=Path)
    ap.add_argument("--out", default="build/verify_scale", type=Path)
    ap.add_argument("--only", choices=["spider", "bird"], default=None)
    args = ap.parse_args(argv)
    summary = {}
    for name, fn in (("spider", spider_pairs), ("bird", bird_pairs)):
        if args.only and args.only != name:
            continue
        t0 = time.perf_counter()
        pairs, stats = fn(args.data)
        write_jsonl(args.out / f"{name}_pairs.jsonl", pairs)
        summary[name] = {"pairs": len(pairs), "per_system": stats,
                         "seconds": round(time.perf_counter() - t0, 1)}
        print(f"{name}: {len(pairs)} pairs -> {args.out / f'{name}_pairs.jsonl'}",
              file=sys.stderr)
    (args.out / "pairs_summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
