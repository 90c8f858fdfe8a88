"""Development pairs for the unbounded prover, written for sqlverdict from rule names and
descriptions of Calcite's core planner rules and Spark's Catalyst optimizer (not copied
from any benchmark), on the Calcite-style fixture schema
(``tests/fixtures/equivalence/calcite.ddl``). Each rule gets its rewrite (``verified``)
and some a near miss (``refuted``), so that the prover's proofs stay honest.

    nice python -m benchmarks.prover_dev                        # writes the pairs file
    nice python -m benchmarks.equivalence --pairs build/prover/dev_pairs.jsonl \\
        --bound 3 --timeout 30 --workers 1 --fresh
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = "tests/fixtures/equivalence/calcite.ddl"
OUT = ROOT / "build" / "prover" / "dev_pairs.jsonl"

V, R = "verified", "refuted"
PAIRS = [
    # Spark BooleanSimplification / Calcite ReduceExpressionsRule
    ("BooleanSimplification-absorb", V, "SELECT ename FROM emp WHERE comm > 5 OR (comm > 5 AND sal > 1)",
     "SELECT ename FROM emp WHERE comm > 5"),
    ("BooleanSimplification-not-not", V, "SELECT ename FROM emp WHERE NOT (NOT (comm = 1))",
     "SELECT ename FROM emp WHERE comm = 1"),
    ("BooleanSimplification-de-morgan", V, "SELECT ename FROM emp WHERE NOT (comm > 1 OR mgr < 2)",
     "SELECT ename FROM emp WHERE comm <= 1 AND mgr >= 2"),
    ("BooleanSimplification-not-is-not-two-valued", R, "SELECT ename FROM emp WHERE NOT (comm = 1)",
     "SELECT ename FROM emp WHERE comm <> 1 OR comm IS NULL"),
    ("SimplifyBinaryComparison-between", V, "SELECT ename FROM emp WHERE comm BETWEEN 1 AND 5",
     "SELECT ename FROM emp WHERE comm >= 1 AND 5 >= comm"),
    ("SimplifyBinaryComparison-subsumed-bound", V,
     "SELECT ename FROM emp WHERE (comm > 10 OR mgr = 3) AND comm > 5",
     "SELECT ename FROM emp WHERE comm > 5 AND (mgr = 3 OR comm > 10)"),
    ("OptimizeIn-to-or", V, "SELECT ename FROM emp WHERE comm IN (1, 2, 3)",
     "SELECT ename FROM emp WHERE comm = 3 OR comm = 1 OR comm = 2"),
    ("OptimizeIn-not-in-with-null", R, "SELECT ename FROM emp WHERE comm NOT IN (1, NULL)",
     "SELECT ename FROM emp WHERE comm <> 1"),
    ("SimplifyConditionals-case-filter", V,
     "SELECT ename FROM emp WHERE CASE WHEN comm > 3 THEN 1 ELSE 0 END = 1",
     "SELECT ename FROM emp WHERE comm > 3"),
    ("SimplifyConditionals-case-else-null", R,
     "SELECT ename FROM emp WHERE CASE WHEN comm > 3 THEN 0 ELSE 1 END = 1",
     "SELECT ename FROM emp WHERE comm <= 3"),
    ("NullPropagation-is-null-or", V, "SELECT ename FROM emp WHERE comm IS NULL OR comm = 3",
     "SELECT ename FROM emp WHERE comm IS 3 OR comm IS NULL"),
    ("LikeSimplification-case", V, "SELECT ename FROM emp WHERE job LIKE 'CLERK%'",
     "SELECT ename FROM emp WHERE job LIKE 'clerk%'"),
    # Calcite FilterJoinRule / Spark PushPredicateThroughJoin, InferFiltersFromConstraints
    ("PushPredicateThroughJoin-disjunction", V,
     "SELECT e.ename FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno "
     "WHERE d.loc = 'Oslo' OR (d.loc = 'Oslo' AND e.comm > 1)",
     "SELECT e.ename FROM emp AS e JOIN (SELECT deptno FROM dept WHERE loc = 'Oslo') AS d "
     "ON d.deptno = e.deptno"),
    ("InferFiltersFromConstraints", V,
     "SELECT e.ename FROM emp AS e JOIN bonus AS b ON e.comm = b.comm WHERE e.comm > 5",
     "SELECT e.ename FROM emp AS e JOIN bonus AS b ON e.comm = b.comm WHERE e.comm > 5 AND b.comm > 5"),
    ("JoinPushTransitivePredicates-wrong-side", R,
     "SELECT e.ename FROM emp AS e LEFT JOIN bonus AS b ON e.comm = b.comm WHERE e.comm > 5",
     "SELECT e.ename FROM emp AS e LEFT JOIN bonus AS b ON e.comm = b.comm WHERE b.comm > 5"),
    # outer joins: Calcite JoinCommuteRule on outer joins, Spark EliminateOuterJoin
    ("JoinCommuteRule-right-to-left", V,
     "SELECT e.ename, b.sal FROM bonus AS b RIGHT JOIN emp AS e ON e.ename = b.ename",
     "SELECT e.ename, b.sal FROM emp AS e LEFT JOIN bonus AS b ON b.ename = e.ename"),
    ("EliminateOuterJoin-null-rejecting-filter", V,
     "SELECT e.ename, b.sal FROM emp AS e LEFT JOIN bonus AS b ON e.ename = b.ename WHERE b.sal > 5",
     "SELECT e.ename, b.sal FROM emp AS e JOIN bonus AS b ON e.ename = b.ename WHERE b.sal > 5"),
    ("EliminateOuterJoin-full-both-sides", V,
     "SELECT e.ename, b.sal FROM emp AS e FULL JOIN bonus AS b ON e.ename = b.ename "
     "WHERE b.sal > 5 AND e.comm < 3",
     "SELECT e.ename, b.sal FROM emp AS e JOIN bonus AS b ON e.ename = b.ename "
     "WHERE b.sal > 5 AND e.comm < 3"),
    ("EliminateOuterJoin-is-null-keeps-outer", R,
     "SELECT e.ename FROM emp AS e LEFT JOIN bonus AS b ON e.ename = b.ename WHERE b.sal IS NULL",
     "SELECT e.ename FROM emp AS e JOIN bonus AS b ON e.ename = b.ename WHERE b.sal IS NULL"),
    ("ReplaceExceptWithAntiJoin-left-join-is-null", V,
     "SELECT d.name FROM dept AS d LEFT JOIN emp AS e ON e.deptno = d.deptno WHERE e.empno IS NULL",
     "SELECT d.name FROM dept AS d WHERE NOT EXISTS (SELECT 1 FROM emp AS e WHERE e.deptno = d.deptno)"),
    ("FilterJoinRule-outer-on-condition", V,
     "SELECT e.ename, b.sal FROM emp AS e LEFT JOIN (SELECT ename, sal FROM bonus WHERE sal > 3) AS b "
     "ON b.ename = e.ename",
     "SELECT e.ename, b.sal FROM emp AS e LEFT JOIN bonus AS b ON e.ename = b.ename AND b.sal > 3"),
    # subqueries: Calcite SubQueryRemoveRule, SemiJoinRule; Spark RewritePredicateSubquery
    ("RewritePredicateSubquery-in-to-exists", V,
     "SELECT ename FROM emp WHERE comm IN (SELECT comm FROM bonus WHERE job = 'X')",
     "SELECT ename FROM emp AS e WHERE EXISTS (SELECT 1 FROM bonus AS b WHERE b.job = 'X' AND b.comm = e.comm)"),
    ("RewritePredicateSubquery-not-in-is-not-anti", R,
     "SELECT ename FROM emp WHERE comm NOT IN (SELECT comm FROM bonus)",
     "SELECT ename FROM emp AS e WHERE NOT EXISTS (SELECT 1 FROM bonus AS b WHERE b.comm = e.comm)"),
    ("SemiJoinRule-distinct", V,
     "SELECT DISTINCT e.job FROM emp AS e WHERE e.ename IN (SELECT ename FROM bonus)",
     "SELECT DISTINCT e.job FROM emp AS e JOIN bonus AS b ON b.ename = e.ename"),
    ("SemiJoinRule-bag-duplicates", R,
     "SELECT e.job FROM emp AS e WHERE e.ename IN (SELECT ename FROM bonus)",
     "SELECT e.job FROM emp AS e JOIN bonus AS b ON b.ename = e.ename"),
    ("SubQueryRemoveRule-exists-filter-merge", V,
     "SELECT ename FROM emp AS e WHERE EXISTS (SELECT 1 FROM bonus AS b WHERE b.ename = e.ename AND b.sal > 1 OR b.ename = e.ename AND b.sal > 2)",
     "SELECT ename FROM emp AS e WHERE EXISTS (SELECT 1 FROM bonus AS b WHERE e.ename = b.ename AND b.sal > 1)"),
    ("SubQueryRemoveRule-scalar-uncorrelated", V,
     "SELECT ename FROM emp WHERE sal > (SELECT AVG(sal) FROM bonus WHERE comm > 1 OR comm > 2)",
     "SELECT ename FROM emp WHERE (SELECT AVG(b.sal) FROM bonus AS b WHERE 1 < b.comm) < sal"),
    # set operations: Calcite UnionMergeRule, UnionToDistinctRule, FilterSetOpTransposeRule
    ("UnionMergeRule", V,
     "SELECT ename FROM emp UNION ALL (SELECT ename FROM bonus UNION ALL SELECT name FROM dept)",
     "SELECT name FROM dept UNION ALL SELECT ename FROM emp UNION ALL SELECT ename FROM bonus"),
    ("FilterSetOpTransposeRule", V,
     "SELECT x FROM (SELECT ename AS x, sal FROM emp UNION ALL SELECT ename, sal FROM bonus) AS u WHERE sal > 5",
     "SELECT ename FROM emp WHERE sal > 5 UNION ALL SELECT ename FROM bonus WHERE sal > 5"),
    ("UnionToDistinct-or", V,
     "SELECT ename, job FROM emp WHERE comm = 1 UNION SELECT ename, job FROM emp WHERE mgr = 2",
     "SELECT DISTINCT ename, job FROM emp WHERE comm = 1 OR mgr = 2"),
    ("UnionToDistinct-all-keeps-duplicates", R,
     "SELECT ename, job FROM emp WHERE comm = 1 UNION ALL SELECT ename, job FROM emp WHERE mgr = 2",
     "SELECT ename, job FROM emp WHERE comm = 1 OR mgr = 2"),
    # joins: Calcite JoinAssociateRule, ProjectJoinTransposeRule, redundant self-join (set)
    ("JoinAssociateRule", V,
     "SELECT e.ename FROM (emp AS e JOIN dept AS d ON e.deptno = d.deptno) JOIN bonus AS b ON b.ename = e.ename",
     "SELECT e.ename FROM bonus AS b JOIN (SELECT emp.ename, emp.deptno FROM emp JOIN dept ON emp.deptno = dept.deptno) AS e ON b.ename = e.ename"),
    ("EliminateDistinct-self-join", V,
     "SELECT DISTINCT b1.job FROM bonus AS b1, bonus AS b2 WHERE b1.job = b2.job AND b1.sal > 1",
     "SELECT DISTINCT job FROM bonus WHERE sal > 1 AND job IS NOT NULL"),
    ("EliminateDistinct-self-join-bag", R,
     "SELECT b1.job FROM bonus AS b1, bonus AS b2 WHERE b1.job = b2.job",
     "SELECT job FROM bonus WHERE job IS NOT NULL"),
    # aggregates: Calcite AggregateProjectMergeRule, AggregateFilterTransposeRule
    ("AggregateProjectMergeRule-filter", V,
     "SELECT job, COUNT(*) FROM emp WHERE NOT (comm <= 3) GROUP BY job",
     "SELECT t.job, COUNT(*) FROM (SELECT job, comm FROM emp) AS t WHERE t.comm > 3 GROUP BY t.job"),
    ("AggregateRemove-having-count", V,
     "SELECT job, SUM(sal) FROM emp WHERE comm > 1 OR comm > 2 GROUP BY job",
     "SELECT job, SUM(sal) FROM emp WHERE comm > 1 GROUP BY job HAVING COUNT(*) >= 1"),
    ("AggregateFilterTranspose-having-on-aggregate", R,
     "SELECT job, SUM(sal) FROM emp GROUP BY job HAVING SUM(sal) > 10",
     "SELECT job, SUM(sal) FROM emp WHERE sal > 10 GROUP BY job"),
    ("AggregateJoinTranspose-derived-equal", V,
     "SELECT d.name, t.n FROM dept AS d JOIN (SELECT deptno, COUNT(*) AS n FROM emp WHERE comm > 1 OR comm > 2 GROUP BY deptno) AS t ON t.deptno = d.deptno",
     "SELECT d.name, t.c FROM (SELECT deptno AS k, COUNT(*) AS c FROM emp WHERE comm > 1 GROUP BY deptno) AS t JOIN dept AS d ON d.deptno = t.k"),
    # sorts: Calcite SortProjectTransposeRule, Spark EliminateSorts / LimitPushDown
    ("SortProjectTranspose-limit", V,
     "SELECT ename FROM (SELECT ename, sal, comm FROM emp WHERE comm > 1 OR comm > 2) AS t ORDER BY sal LIMIT 3",
     "SELECT ename FROM emp WHERE comm > 1 ORDER BY sal LIMIT 3"),
    ("SortRemove-limit-differs", R, "SELECT ename FROM emp ORDER BY empno LIMIT 3",
     "SELECT ename FROM emp ORDER BY empno LIMIT 2"),
]


def main() -> int:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps({"id": t, "expect": e, "gold": g, "pred": p, "schema": SCHEMA,
                         "semantics": "bag"}) for t, e, g, p in PAIRS]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(PAIRS)} pairs ({sum(e == V for _, e, _, _ in PAIRS)} expected verified) -> {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
