"""Pairs of PostgreSQL queries with ``COUNT(DISTINCT a, b)`` (our own: templates over four
pairs of columns of the Calcite-style fixture schema), for ``benchmarks/equivalence.py
--pairs`` and the soundness attack on the proofs they get (``benchmarks/prover_attack.py``):
either order of the values, the count over a DISTINCT derived table (with and without the
NULL filter; with GROUP BY it loses the groups without a counted row), through a join, in
HAVING, in a correlated subquery against a grouped LEFT JOIN, and near misses.

    python -m benchmarks.count_distinct_pairs            # -> build/equivalence/count_distinct_rows.jsonl
    nice python -m benchmarks.equivalence --pairs build/equivalence/count_distinct_rows.jsonl \\
        --bound 3 --timeout 60 --workers 1
    nice python -m benchmarks.prover_attack --set count_distinct_rows --method rewriting --trials 50 \\
        --name prover_attack_count_distinct_rows_rewriting
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "build" / "equivalence" / "count_distinct_rows.jsonl"
SCHEMA = "tests/fixtures/equivalence/calcite.ddl"
COLUMNS = [("mgr", "comm"), ("job", "sal"), ("comm", "hiredate"), ("slacker", "ename")]
NOT_NULL = "{x} IS NOT NULL AND {y} IS NOT NULL"

TEMPLATES = {
    "either-order": ("SELECT COUNT(DISTINCT {x}, {y}) FROM emp", "SELECT COUNT(DISTINCT {y}, {x}) FROM emp"),
    "over-distinct-rows": ("SELECT COUNT(DISTINCT {x}, {y}) FROM emp",
                           "SELECT COUNT(*) FROM (SELECT DISTINCT {x}, {y} FROM emp WHERE " + NOT_NULL + ") AS d"),
    "over-distinct-rows-with-nulls": ("SELECT COUNT(DISTINCT {x}, {y}) FROM emp",
                                      "SELECT COUNT(*) FROM (SELECT DISTINCT {x}, {y} FROM emp) AS d"),
    "per-group-filtered": (
        "SELECT deptno, COUNT(DISTINCT {x}, {y}) FROM emp WHERE " + NOT_NULL + " GROUP BY deptno",
        "SELECT d.deptno, COUNT(*) FROM (SELECT DISTINCT deptno, {x}, {y} FROM emp WHERE " + NOT_NULL
        + ") AS d GROUP BY d.deptno"),
    "per-group-loses-groups": (
        "SELECT deptno, COUNT(DISTINCT {x}, {y}) FROM emp GROUP BY deptno",
        "SELECT d.deptno, COUNT(*) FROM (SELECT DISTINCT deptno, {x}, {y} FROM emp WHERE " + NOT_NULL
        + ") AS d GROUP BY d.deptno"),
    "per-group-over-distinct": (
        "SELECT deptno, COUNT(DISTINCT {x}, {y}) FROM emp GROUP BY deptno",
        "SELECT d.deptno, COUNT(DISTINCT d.{y}, d.{x}) FROM (SELECT DISTINCT deptno, {x}, {y} FROM emp) AS d "
        "GROUP BY d.deptno"),
    "join-order": (
        "SELECT e.deptno, COUNT(DISTINCT e.{x}, t.loc, e.{y}) FROM emp AS e JOIN dept AS t ON t.deptno = e.deptno "
        "GROUP BY e.deptno",
        "SELECT e.deptno, COUNT(DISTINCT t.loc, e.{y}, e.{x}) FROM dept AS t JOIN emp AS e ON e.deptno = t.deptno "
        "GROUP BY e.deptno"),
    "having": ("SELECT deptno FROM emp GROUP BY deptno HAVING COUNT(DISTINCT {x}, {y}) > 1",
               "SELECT deptno FROM emp GROUP BY deptno HAVING COUNT(DISTINCT {y}, {x}) >= 2"),
    "correlated": (
        "SELECT t.deptno, (SELECT COUNT(DISTINCT e.{x}, e.{y}) FROM emp AS e WHERE e.deptno = t.deptno) FROM dept AS t",
        "SELECT t.deptno, COALESCE(g.n, 0) FROM dept AS t LEFT JOIN (SELECT deptno, COUNT(DISTINCT {x}, {y}) AS n "
        "FROM emp GROUP BY deptno) AS g ON g.deptno = t.deptno"),
    "not-one-value": ("SELECT COUNT(DISTINCT {x}, {y}) FROM emp", "SELECT COUNT(DISTINCT {x}) FROM emp"),
    "repeats-counted": ("SELECT deptno, COUNT(DISTINCT {x}, {y}) FROM emp GROUP BY deptno",
                        "SELECT deptno, COUNT(CASE WHEN " + NOT_NULL + " THEN 1 END) FROM emp GROUP BY deptno"),
}


DIFFER = {"not-one-value", "repeats-counted"}
DIFFER_ON_NULL = {"over-distinct-rows-with-nulls", "per-group-loses-groups"}  # (job, sal: NOT NULL)


def pairs() -> list[dict]:
    out = []
    for name, (gold, pred) in TEMPLATES.items():
        for x, y in COLUMNS:
            out.append({"id": f"{name}:{x},{y}", "gold": gold.format(x=x, y=y),
                        "pred": pred.format(x=x, y=y), "schema": SCHEMA, "dialect": "postgres",
                        "semantics": "bag", "expect": "refuted" if name in DIFFER or (
                            name in DIFFER_ON_NULL and (x, y) != ("job", "sal")) else "verified"})
    return out


def main() -> int:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("".join(json.dumps(p) + "\n" for p in pairs()), encoding="utf-8")
    print(f"{len(pairs())} pairs -> {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
