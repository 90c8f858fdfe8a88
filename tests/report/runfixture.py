"""A realistic run directory for report tests, written the way ``sqlverdict eval`` writes one.

Execution verdicts are real: gold and predicted queries of the shipped demo run in SQLite
and are compared with ``engine.compare``. Bounded verdicts are written by hand from the
demo's notes: near misses with a hand-made witness are refuted (the witness replays in
SQLite here, so the results shown are real), other near misses are unknown (an unsupported
construct or a time budget), plain mistakes are refuted on the shipped data and the rest
are verified at bound 3. Optional analysis files are small but shaped like the real ones.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from sqlverdict.bench import load_benchmark, load_predictions
from sqlverdict.bench.demo import SYSTEMS, build_demo
from sqlverdict.engine.compare import signature
from sqlverdict.engine.execute import run_query
from sqlverdict.errors import ExecutionError

# Small witnesses for four near misses: the schema's tables with a few rows each.
WITNESSES = {
    "school_01": {"department": (["dept_id", "name", "building"], [[1, "A", None]]),
                  "teacher": (["teacher_id", "name", "dept_id", "salary", "hire_year"], []),
                  "student": (["student_id", "name", "year", "advisor_id", "email"],
                              [[1, "A", 1, None, None]])},
    "school_02": {"department": (["dept_id", "name", "building"], [[1, "A", None]]),
                  "teacher": (["teacher_id", "name", "dept_id", "salary", "hire_year"],
                              [[1, "A", 1, None, None]]),
                  "student": (["student_id", "name", "year", "advisor_id", "email"],
                              [[1, "B", 1, None, None]])},
    "school_08": {"department": (["dept_id", "name", "building"], [[1, "A", None]]),
                  "teacher": (["teacher_id", "name", "dept_id", "salary", "hire_year"],
                              [[1, "A", 1, 0, None], [2, "B", 1, 0, None]])},
    "library_01": {"author": (["author_id", "name", "country"], [[1, "A", None]]),
                   "book": (["book_id", "title", "author_id", "year", "pages"],
                            [[1, "A", 1, 2011, 0], [2, "B", 1, 2011, 0]])},
}
UNKNOWN_REASONS = {
    "library_06": "unsupported: nested aggregate (MAX over a grouped subquery)",
    "shop_06": "unsupported: LIKE with a pattern over non-literal text",
    "library_03": "time budget exceeded: 10 s",
}
CONSTRAINTS_TABLE = {"rows": [
    {"configuration": "none", "refuted": 40, "verified": 20, "unknown": 30},
    {"configuration": "NOT NULL mined", "refuted": 31, "verified": 29, "unknown": 30},
    {"configuration": "all validated", "refuted": 25, "verified": 35, "unknown": 30}]}
STRUCTURE_SUMMARY = {"greedy_llm": {"distinct_structures": 1.4, "majority_ratio": 0.82},
                     "careful_llm": {"distinct_structures": 1.2, "majority_ratio": 0.9}}


def _witness_db(path: Path, schema_sql: str, tables: dict) -> None:
    conn = sqlite3.connect(path)
    try:
        conn.executescript(schema_sql.split("INSERT INTO")[0])
        for t, (_cols, rows) in tables.items():
            for r in rows:
                conn.execute(f'INSERT INTO "{t}" VALUES ({",".join("?" * len(r))})', r)
        conn.commit()
    finally:
        conn.close()


def _certificate() -> tuple[dict, dict]:
    cells = {c: {"risk": {"weak": 0.1 + i / 50, "suite": 0.12 + i / 40}, "answer_rate": 0.8 - i / 20,
                 "selective_risk": {"weak": 0.12, "suite": 0.15}, "selective_undefined": 0,
                 "abstain_all": 0, "threshold_median": 0.4}
             for i, c in enumerate("ABCD")}
    auroc = {"all": {"weak": {"weak": 0.71, "suite": 0.66, "change": 0.05, "n": 90},
                     "suite": {"weak": 0.69, "suite": 0.73, "change": -0.04, "n": 90}}}
    cert = {"question": {"cells": cells, "gap": 2.5, "d_minus_a": -1.2,
                         "scores": {"frequency": {"available": True, "gap": 2.5, "d_minus_a": -1.2,
                                                  "auroc": auroc},
                                    "logprob": {"available": False, "reason": "no logprobs",
                                                "gap": None, "d_minus_a": None, "auroc": None}},
                         "primary_score": "frequency", "alpha": 0.1, "n_splits": 20, "seed": 0,
                         "n_questions": 30, "n_databases": 3}}
    sweep = {"question": {f"{a:g}": {"cells": {c: {"risk": {"weak": a * (0.8 + i / 10),
                                                            "suite": a * (0.9 + i / 10)},
                                                   "answer_rate": 0.5 + a * (2 - i / 4)}
                                               for i, c in enumerate("ABCD")},
                                     "gap": 1.0, "d_minus_a": 0.5}
                          for a in (0.05, 0.1, 0.15, 0.2)}}
    return cert, sweep


def _summary(rows: list[dict], n_examples: int) -> dict:
    """The contract's summary.json, computed independently of the runner."""
    out = {"systems": {}}
    for s in SYSTEMS:
        o = {}
        for oracle in ("execution", "bounded"):
            mine = [r for r in rows if r["system"] == s and r["oracle"] == oracle]
            correct = sum(r["status"] in ("consistent", "verified") for r in mine)
            o[oracle] = {"accuracy": correct / len(mine), "correct": correct,
                         "judged": len(mine),
                         "unknown": sum(r["status"] == "unknown" for r in mine)}
        out["systems"][s] = {"n_examples": n_examples, "n_skipped": 0, "oracles": o}
    for oracle in ("execution", "bounded"):
        accs = {s: out["systems"][s]["oracles"][oracle]["accuracy"] for s in SYSTEMS}
        for s in SYSTEMS:
            out["systems"][s]["oracles"][oracle]["rank"] = 1 + sum(a > accs[s]
                                                                   for a in accs.values())
    return out


def make_run(root: Path, *, extras: bool = True) -> Path:
    """Build the demo under ``root/demo`` and a run directory ``root/run``; return the latter."""
    bench_path, pred_paths = build_demo(root / "demo")
    bench = load_benchmark(f"jsonl:{bench_path}")
    run = root / "run"
    run.mkdir(parents=True, exist_ok=True)
    notes = {}
    for s, p in pred_paths.items():
        for line in p.read_text(encoding="utf-8").splitlines():
            d = json.loads(line)
            notes[(s, d["id"])] = d.get("note")
    rows = []
    schema_sql = {db: (Path(__file__).parents[2] / "src/sqlverdict/bench/demo" / f"{db}.sql")
                  .read_text(encoding="utf-8") for db in ("school", "shop", "library")}
    for s in SYSTEMS:
        preds = load_predictions(pred_paths[s], bench, s)
        for ex in bench.examples:
            pr = preds.get(ex.id)
            g = run_query(ex.db_path, ex.gold)
            sem = "list" if " ORDER BY " in ex.gold and "LIMIT" not in ex.gold else "bag"
            base = {"system": s, "example_id": ex.id, "db_id": ex.db_id, "question": ex.question,
                    "gold": ex.gold, "pred": pr.sql, "invalid": pr.invalid, "skipped": False}
            ev = None
            if pr.invalid:
                ex_v = ("refuted", f"invalid prediction: {pr.invalid}", "execution_error")
            else:
                try:
                    p = run_query(ex.db_path, pr.sql)
                    sig = signature(g.rows, p.rows, sem, gold_ncols=len(g.columns),
                                    pred_ncols=len(p.columns))
                    ev = None if sig is None else {"gold_result": [list(r) for r in g.rows],
                                                   "pred_result": [list(r) for r in p.rows]}
                    ex_v = (("consistent", f"same result on the shipped database ({sem})", None)
                            if sig is None else
                            ("refuted", f"results differ on the shipped database: {sig}", sig))
                except ExecutionError as e:
                    ex_v = ("refuted", f"prediction failed: {e}", "execution_error")
            rows.append({**base, "oracle": "execution", "status": ex_v[0], "reason": ex_v[1],
                         "elapsed_s": 0.0004 + (len(rows) % 7) * 1e-5,
                         "signature": ex_v[2], "evidence": ev})
            note = notes[(s, ex.id)]
            files = []
            if ex_v[0] == "refuted":
                b = (ex_v[0], "refuted on the shipped database", ex_v[2], ev)
            elif note and ex.id in WITNESSES:
                tables = WITNESSES[ex.id]
                d = run / "witnesses" / s
                d.mkdir(parents=True, exist_ok=True)
                wdb = d / f"{ex.id}.bounded.sqlite"
                wdb.unlink(missing_ok=True)
                _witness_db(wdb, schema_sql[ex.db_id], tables)
                (d / f"{ex.id}.bounded.sql").write_text("-- witness\n", encoding="utf-8")
                g2, p2 = run_query(wdb, ex.gold), run_query(wdb, pr.sql)
                gr, prr = g2.rows, p2.rows
                sig = signature(gr, prr, "bag", gold_ncols=len(g2.columns),
                                pred_ncols=len(p2.columns))
                assert sig is not None, (s, ex.id)
                wit = {"tables": {t: {"columns": c, "rows": r} for t, (c, r) in tables.items()},
                       "gold_result": [list(x) for x in gr], "pred_result": [list(x) for x in prr],
                       "bound": 2, "semantics": "bag"}
                b = ("refuted", f"witness with at most 2 rows per table ({note})", sig, wit)
                files = [f"witnesses/{s}/{ex.id}.bounded.sqlite",
                         f"witnesses/{s}/{ex.id}.bounded.sql"]
            elif note:
                b = ("unknown", UNKNOWN_REASONS.get(ex.id, "unsupported: GROUP BY on a non-key "
                                                           "column"), None, None)
            else:
                b = ("verified", "no witness with at most 3 rows per table", None, {"bound": 3})
            rows.append({**base, "oracle": "bounded", "status": b[0], "reason": b[1],
                         "elapsed_s": 0.05 + (len(rows) % 11) * 0.13, "signature": b[2],
                         "evidence": b[3], "witness_files": files})
    with open(run / "verdicts.jsonl", "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    summary = _summary(rows, len(bench.examples))
    (run / "summary.json").write_text(json.dumps(summary, indent=2))
    (run / "run.json").write_text(json.dumps({
        "sqlverdict": "0.1.0", "benchmark": {"kind": "jsonl", "path": str(bench_path),
                                             "n_examples": 30},
        "oracles": ["execution", "bounded"], "options": {"bound": 3}}, indent=2))
    if extras:
        cert, sweep = _certificate()
        (run / "certificate.json").write_text(json.dumps(cert))
        (run / "sweep.json").write_text(json.dumps(sweep))
        (run / "constraints_table.json").write_text(json.dumps(CONSTRAINTS_TABLE))
        (run / "structure_summary.json").write_text(json.dumps(STRUCTURE_SUMMARY))
    return run
