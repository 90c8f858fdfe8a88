"""The pairs of the third, held-out prover corpus (``benchmarks/corpus/prover3/``), as
written (``prover3_build.py`` checks them in SQLite and writes the corpus).

Unlike the first two corpora (one or two small pairs per rule, mostly on one or two tables),
each pair here applies SEVERAL rules in sequence, on 2-4 table occurrences, self-joins,
nested derived tables, correlated sub-queries, outer joins, three-operand set operations;
or is stated as Calcite's RelToSqlConverter prints a plan. Each ``add`` call is one rewrite
(``gold``, ``pred`` after the rules) and one non-equivalent mutant of the rewrite. Written
from rule NAMES and one-line DESCRIPTIONS only (Calcite's ``CoreRules`` javadoc, Spark's
``Optimizer.scala`` batch list and doc comments, TPC-H / TPC-C query texts, textbook laws),
paraphrased from memory above each group. Not taken from any prover benchmark or test file;
the verifier's source and its fixtures were not read.
"""

from __future__ import annotations

from collections import Counter

PAIRS: list[dict] = []
_n: Counter = Counter()

SOURCES = {
    "calcite_composed": ("emp_dept", "Apache Calcite CoreRules applied in sequence (rule names and javadoc descriptions)"),
    "calcite_printed": ("emp_dept", "Calcite RelToSqlConverter-style SQL before and after a Calcite rule"),
    "spark_composed": ("spark3", "Apache Spark Catalyst optimizer batches (several rules applied together)"),
    "tpch": ("tpch", "TPC-H queries rewritten by optimizer rules"),
    "tpcc": ("tpcc", "TPC-C transaction queries rewritten by optimizer rules"),
}


def add(source: str, rule: str, gold: str, pred: str, mutant, mutation: str, *,
        semantics: str = "bag", dialect: str = "postgres", file: str | None = None) -> None:
    """One equivalent pair and its mutant (``mutant``: the mutated pred, or ``(gold, pred)``)."""
    schema, desc = SOURCES[source]
    _n[(source, rule)] += 1
    pid = f"{source}/{rule}/{_n[(source, rule)]}"
    base = {"schema": f"benchmarks/corpus/prover3/{schema}.ddl", "schema_name": schema,
            "dialect": dialect, "semantics": semantics, "rule": rule.split("/")[-1], "source": desc,
            "source_key": file or source}
    mg, mp = mutant if isinstance(mutant, tuple) else (gold, mutant)
    PAIRS.append({"id": pid, "gold": gold, "pred": pred, "expect": "equivalent", **base})
    PAIRS.append({"id": pid + "/mutant", "gold": mg, "pred": mp, "expect": "different",
                  "pair_of": pid, "mutation": mutation, **base})


def C(rule, gold, pred, mutant, mutation, **kw):
    add("calcite_composed", rule, gold, pred, mutant, mutation, **kw)


def P(rule, gold, pred, mutant, mutation, **kw):
    add("calcite_printed", rule, gold, pred, mutant, mutation, dialect="calcite", **kw)


def S(rule, gold, pred, mutant, mutation, **kw):
    add("spark_composed", rule, gold, pred, mutant, mutation, **kw)


def H(rule, gold, pred, mutant, mutation, **kw):
    add("tpch", rule, gold, pred, mutant, mutation, file="tpch", **kw)


def W(rule, gold, pred, mutant, mutation, **kw):
    add("tpcc", rule, gold, pred, mutant, mutation, file="tpch", **kw)


# ============================================================ Calcite rules in sequence
# emp(empno PK, ename NOT NULL, job, mgr, hiredate, sal, comm, deptno FK dept, slacker),
# dept(deptno PK, dname NOT NULL, loc), bonus(ename, job, sal, comm) without keys,
# account(acctno PK, empno NOT NULL FK emp, balance NOT NULL, kind).
#
# FilterProjectTransposeRule: "pushes a Filter past a Project"; FilterIntoJoinRule: "pushes
# filters into the join condition and into the inputs of the join"; JoinCommuteRule:
# "permutes the inputs to an inner join"; ProjectMergeRule: "merges two Projects".
RULE = "FilterProjectTransposeRule+FilterIntoJoinRule+JoinCommuteRule"
for where, pushed_e, pushed_d, bad_e, what in [
    ("t.sal > 1 AND t.loc = 'NY'", "sal > 1", "loc = 'NY'", "sal >= 1", "> as >="),
    ("t.comm IS NULL AND t.dname = 'HR'", "comm IS NULL", "dname = 'HR'", "comm IS NOT NULL", "IS NULL negated"),
    ("COALESCE(t.comm, 0) < t.sal AND t.loc IS NOT NULL", "COALESCE(comm, 0) < sal", "loc IS NOT NULL",
     "comm < sal", "COALESCE dropped (NULL comm)"),
    ("t.job = 'CLERK' AND t.dname <> 'IT'", "job = 'CLERK'", "dname <> 'IT'", "job <> 'CLERK'", "= as <>"),
]:
    gold = ("SELECT * FROM (SELECT e.ename, e.sal, e.comm, e.job, d.dname, d.loc FROM emp AS e "
            f"JOIN dept AS d ON e.deptno = d.deptno) AS t WHERE {where}")
    tmpl = ("SELECT e.ename, e.sal, e.comm, e.job, d.dname, d.loc FROM (SELECT * FROM dept WHERE {d}) AS d "
            "JOIN (SELECT * FROM emp WHERE {e}) AS e ON e.deptno = d.deptno")
    C(RULE, gold, tmpl.format(d=pushed_d, e=pushed_e), tmpl.format(d=pushed_d, e=bad_e), what)

# FilterIntoJoinRule on an outer join: a filter on the NULL-generating side above a LEFT
# JOIN makes it inner (the rule "strengthens" the join type), then JoinCommuteRule.
RULE = "FilterIntoJoinRule+JoinCommuteRule"
for gcond, pcond in [("d.loc = 'NY'", "d.loc = 'NY'"), ("d.dname <> 'HR' AND e.sal > 0", "d.dname <> 'HR'")]:
    extra = " AND e.sal > 0" if "e.sal" in gcond else ""
    C(RULE, f"SELECT e.ename, d.dname FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno WHERE {gcond}",
      f"SELECT e.ename, d.dname FROM dept AS d JOIN emp AS e ON e.deptno = d.deptno AND {pcond}{extra}",
      f"SELECT e.ename, d.dname FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno AND {gcond}",
      "the filter moved into the ON clause of the kept LEFT JOIN (keeps unmatched emp rows)")
C(RULE, "SELECT a.acctno, e.ename FROM account AS a LEFT JOIN emp AS e ON a.empno = e.empno WHERE e.sal IS NOT NULL",
  "SELECT a.acctno, e.ename FROM emp AS e JOIN account AS a ON a.empno = e.empno WHERE e.sal IS NOT NULL",
  "SELECT a.acctno, e.ename FROM emp AS e JOIN account AS a ON a.empno = e.empno",
  "IS NOT NULL filter dropped with the outer join")

# JoinConditionPushRule: "pushes predicates in a join condition into the inputs"; on a LEFT
# JOIN only the NULL-generating side's conjuncts may go down; the preserved side's stay.
RULE = "JoinConditionPushRule+ProjectMergeRule"
for dcond, econd in [("d.loc = 'NY'", "e.sal > 1"), ("d.dname IN ('HR', 'IT')", "e.comm IS NOT NULL"),
                     ("d.loc IS NULL", "e.job = 'CLERK'")]:
    dpush = dcond.replace("d.", "")
    C(RULE, f"SELECT e.ename, e.sal, d.dname FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno AND {dcond} AND {econd}",
      f"SELECT e.ename, e.sal, d.dname FROM emp AS e LEFT JOIN (SELECT deptno, dname FROM dept WHERE {dpush}) AS d "
      f"ON e.deptno = d.deptno AND {econd}",
      f"SELECT e.ename, e.sal, d.dname FROM emp AS e LEFT JOIN (SELECT deptno, dname FROM dept WHERE {dpush}) AS d "
      f"ON e.deptno = d.deptno WHERE {econd}",
      "the preserved side's ON conjunct pushed as a WHERE (drops emp rows)")

# the preserved side's ON conjunct, with a key on the other side, as a CASE on the output
# (JoinProjectTransposeRule + ReduceExpressionsRule: at most one dept row per emp row)
C("JoinProjectTransposeRule+ReduceExpressionsRule",
  "SELECT e.ename, d.dname FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno AND e.sal > 1",
  "SELECT e.ename, CASE WHEN e.sal > 1 THEN d.dname END FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno",
  "SELECT e.ename, CASE WHEN e.sal >= 1 THEN d.dname END FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno",
  "> as >=")
C("JoinDeriveIsNotNullFilterRule+JoinConditionPushRule",
  "SELECT b.ename, b.sal, e.empno FROM bonus AS b LEFT JOIN emp AS e ON b.ename = e.ename AND b.sal = e.sal",
  "SELECT b.ename, b.sal, e.empno FROM bonus AS b LEFT JOIN emp AS e ON b.ename = e.ename AND b.sal = e.sal AND e.sal IS NOT NULL",
  "SELECT b.ename, b.sal, e.empno FROM bonus AS b LEFT JOIN emp AS e ON b.ename = e.ename AND (b.sal = e.sal OR e.sal IS NULL)",
  "NULL-tolerant equality in the ON clause")

# AggregateProjectMergeRule: "merges an Aggregate on a Project when the project only
# permutes/projects columns"; AggregateJoinTransposeRule: "pushes an Aggregate past a Join".
RULE = "AggregateProjectMergeRule+AggregateJoinTransposeRule"
for top, below, bad, what in [
    ("SUM(t.sal)", "SUM(sal) AS s", "AVG(u.s)", "SUM of partial sums as AVG"),
    ("COUNT(*)", "COUNT(*) AS s", "COUNT(*)", "COUNT(*) on top counts the groups, not the rows"),
    ("MAX(t.comm)", "MAX(comm) AS s", "MIN(u.s)", "MAX as MIN"),
    ("COUNT(t.comm)", "COUNT(comm) AS s", "COUNT(u.s)", "COUNT of partial counts"),
]:
    roll = "MAX(u.s)" if top.startswith("MAX") else "SUM(u.s)"
    gold = ("SELECT t.dname, " + top + " FROM (SELECT d.dname, e.sal, e.comm FROM emp AS e JOIN dept AS d "
            "ON e.deptno = d.deptno) AS t GROUP BY t.dname")
    tmpl = ("SELECT d.dname, {a} FROM (SELECT deptno, " + below + " FROM emp GROUP BY deptno) AS u "
            "JOIN dept AS d ON u.deptno = d.deptno GROUP BY d.dname")
    C(RULE, gold, tmpl.format(a=roll), tmpl.format(a=bad), what)
# across a keyless side: the pushed aggregate is weighted by the other side's count
C("AggregateJoinTransposeRule+AggregateProjectMergeRule",
  "SELECT e.deptno, SUM(e.sal) FROM emp AS e JOIN bonus AS b ON e.ename = b.ename GROUP BY e.deptno",
  "SELECT e.deptno, SUM(e.sal * b.cnt) FROM emp AS e JOIN (SELECT ename, COUNT(*) AS cnt FROM bonus GROUP BY ename) AS b "
  "ON e.ename = b.ename GROUP BY e.deptno",
  "SELECT e.deptno, SUM(e.sal) FROM emp AS e JOIN (SELECT ename, COUNT(*) AS cnt FROM bonus GROUP BY ename) AS b "
  "ON e.ename = b.ename GROUP BY e.deptno", "partial count not multiplied in (bonus has duplicate names)")
C("AggregateJoinTransposeRule+AggregateProjectMergeRule",
  "SELECT e.job, COUNT(*) FROM emp AS e JOIN bonus AS b ON e.ename = b.ename GROUP BY e.job",
  "SELECT e.job, SUM(b.cnt) FROM emp AS e JOIN (SELECT ename, COUNT(*) AS cnt FROM bonus GROUP BY ename) AS b "
  "ON e.ename = b.ename GROUP BY e.job",
  "SELECT e.job, COUNT(b.cnt) FROM emp AS e JOIN (SELECT ename, COUNT(*) AS cnt FROM bonus GROUP BY ename) AS b "
  "ON e.ename = b.ename GROUP BY e.job", "COUNT of partial counts")
C("AggregateJoinTransposeRule+AggregateProjectMergeRule",
  "SELECT b.job, MIN(e.sal) FROM bonus AS b JOIN emp AS e ON e.ename = b.ename GROUP BY b.job",
  "SELECT b.job, MIN(m.ms) FROM bonus AS b JOIN (SELECT ename, MIN(sal) AS ms FROM emp GROUP BY ename) AS m "
  "ON m.ename = b.ename GROUP BY b.job",
  "SELECT b.job, MIN(m.ms) FROM bonus AS b JOIN (SELECT job, MIN(sal) AS ms FROM emp GROUP BY job) AS m "
  "ON m.job = b.job GROUP BY b.job", "aggregate pushed on the wrong key")

# SubQueryRemoveRule: "transforms a query with a sub-query into an equivalent join";
# decorrelation (RelDecorrelator) then AggregateRemoveRule / ProjectMergeRule.
RULE = "SubQueryRemoveRule+Decorrelate+ProjectMergeRule"
for agg, op, bad_op in [("AVG", ">", ">="), ("MAX", "=", "<"), ("MIN", "<=", "<")]:
    C(RULE, f"SELECT e.ename, e.sal FROM emp AS e WHERE e.sal {op} (SELECT {agg}(e2.sal) FROM emp AS e2 "
      "WHERE e2.deptno = e.deptno)",
      f"SELECT e.ename, e.sal FROM emp AS e JOIN (SELECT deptno, {agg}(sal) AS a FROM emp GROUP BY deptno) AS t "
      f"ON e.deptno = t.deptno WHERE e.sal {op} t.a",
      f"SELECT e.ename, e.sal FROM emp AS e JOIN (SELECT deptno, {agg}(sal) AS a FROM emp GROUP BY deptno) AS t "
      f"ON e.deptno = t.deptno WHERE e.sal {bad_op} t.a", f"{op} as {bad_op}")
# the COUNT bug: COUNT of no rows is 0, so the join must be outer and the count coalesced
C("SubQueryRemoveRule+Decorrelate+AggregateProjectMergeRule",
  "SELECT e.ename FROM emp AS e WHERE (SELECT COUNT(*) FROM bonus AS b WHERE b.ename = e.ename) = 0",
  "SELECT e.ename FROM emp AS e LEFT JOIN (SELECT ename, COUNT(*) AS c FROM bonus GROUP BY ename) AS t "
  "ON t.ename = e.ename WHERE COALESCE(t.c, 0) = 0",
  "SELECT e.ename FROM emp AS e JOIN (SELECT ename, COUNT(*) AS c FROM bonus GROUP BY ename) AS t "
  "ON t.ename = e.ename WHERE t.c = 0", "the COUNT bug (inner join)")
C("SubQueryRemoveRule+Decorrelate+AggregateProjectMergeRule",
  "SELECT d.dname, (SELECT COUNT(*) FROM emp AS e WHERE e.deptno = d.deptno AND e.sal > 0) FROM dept AS d",
  "SELECT d.dname, COALESCE(t.c, 0) FROM dept AS d LEFT JOIN (SELECT deptno, COUNT(*) AS c FROM emp WHERE sal > 0 "
  "GROUP BY deptno) AS t ON d.deptno = t.deptno",
  "SELECT d.dname, t.c FROM dept AS d LEFT JOIN (SELECT deptno, COUNT(*) AS c FROM emp WHERE sal > 0 "
  "GROUP BY deptno) AS t ON d.deptno = t.deptno", "COALESCE to 0 dropped (NULL for an empty department)")
C("SubQueryRemoveRule+Decorrelate+ProjectMergeRule",
  "SELECT d.dname, (SELECT MAX(e.sal) FROM emp AS e WHERE e.deptno = d.deptno) AS m FROM dept AS d WHERE d.loc IS NOT NULL",
  "SELECT d.dname, t.m FROM dept AS d LEFT JOIN (SELECT deptno, MAX(sal) AS m FROM emp GROUP BY deptno) AS t "
  "ON d.deptno = t.deptno WHERE d.loc IS NOT NULL",
  "SELECT d.dname, t.m FROM dept AS d JOIN (SELECT deptno, MAX(sal) AS m FROM emp GROUP BY deptno) AS t "
  "ON d.deptno = t.deptno WHERE d.loc IS NOT NULL", "inner join (drops departments without employees)")
C("SubQueryRemoveRule+Decorrelate+ProjectMergeRule",
  "SELECT e.ename, (SELECT d.dname FROM dept AS d WHERE d.deptno = e.deptno) FROM emp AS e",
  "SELECT e.ename, d.dname FROM emp AS e LEFT JOIN dept AS d ON d.deptno = e.deptno",
  "SELECT e.ename, d.dname FROM emp AS e JOIN dept AS d ON d.deptno = e.deptno",
  "inner join (drops NULL deptno)")
# EXISTS / IN / NOT EXISTS to semi / anti joins (SubQueryRemoveRule + SemiJoinRule + AggregateRemoveRule)
C("SubQueryRemoveRule+SemiJoinRule+AggregateRemoveRule",
  "SELECT d.deptno, d.dname FROM dept AS d WHERE EXISTS (SELECT 1 FROM emp AS e WHERE e.deptno = d.deptno AND e.sal > 1)",
  "SELECT d.deptno, d.dname FROM dept AS d JOIN (SELECT DISTINCT deptno FROM emp WHERE sal > 1) AS t ON t.deptno = d.deptno",
  "SELECT d.deptno, d.dname FROM dept AS d JOIN (SELECT deptno FROM emp WHERE sal > 1) AS t ON t.deptno = d.deptno",
  "DISTINCT dropped from the semi-join input (duplicates)")
C("SubQueryRemoveRule+SemiJoinRule+AggregateRemoveRule",
  "SELECT e.empno, e.ename FROM emp AS e WHERE e.empno IN (SELECT a.empno FROM account AS a WHERE a.balance > 1)",
  "SELECT DISTINCT e.empno, e.ename FROM emp AS e JOIN account AS a ON a.empno = e.empno WHERE a.balance > 1",
  "SELECT e.empno, e.ename FROM emp AS e JOIN account AS a ON a.empno = e.empno WHERE a.balance > 1",
  "semi join as inner join without DISTINCT (an employee with two accounts)")
C("SubQueryRemoveRule+SemiJoinRule+AggregateRemoveRule",
  "SELECT b.ename, b.job FROM bonus AS b WHERE b.ename IN (SELECT e.ename FROM emp AS e WHERE e.deptno = 10)",
  "SELECT b.ename, b.job FROM bonus AS b WHERE EXISTS (SELECT 1 FROM emp AS e WHERE e.deptno = 10 AND e.ename = b.ename)",
  "SELECT DISTINCT b.ename, b.job FROM bonus AS b JOIN emp AS e ON e.ename = b.ename WHERE e.deptno = 10",
  "DISTINCT over the outer keyless table (bonus duplicates collapse)")
C("SubQueryRemoveRule+AntiJoinRule",
  "SELECT d.dname FROM dept AS d WHERE NOT EXISTS (SELECT 1 FROM emp AS e WHERE e.deptno = d.deptno)",
  "SELECT d.dname FROM dept AS d LEFT JOIN (SELECT DISTINCT deptno FROM emp) AS t ON t.deptno = d.deptno WHERE t.deptno IS NULL",
  "SELECT d.dname FROM dept AS d WHERE d.deptno NOT IN (SELECT e.deptno FROM emp AS e)",
  "NOT IN for NOT EXISTS over a NULL-able column")
C("SubQueryRemoveRule+AntiJoinRule",
  "SELECT e.ename FROM emp AS e WHERE e.ename NOT IN (SELECT b.ename FROM bonus AS b WHERE b.ename IS NOT NULL)",
  "SELECT e.ename FROM emp AS e WHERE NOT EXISTS (SELECT 1 FROM bonus AS b WHERE b.ename = e.ename)",
  "SELECT e.ename FROM emp AS e WHERE e.ename NOT IN (SELECT b.ename FROM bonus AS b)",
  "IS NOT NULL dropped from the NOT IN sub-query (a NULL name empties the result)")
# correlated sub-queries in HAVING
C("SubQueryRemoveRule+Decorrelate+FilterAggregateTransposeRule",
  "SELECT e.job, MAX(e.sal) FROM emp AS e GROUP BY e.job HAVING MAX(e.sal) > (SELECT MIN(b.sal) FROM bonus AS b WHERE b.job = e.job)",
  "SELECT t.job, t.m FROM (SELECT job, MAX(sal) AS m FROM emp GROUP BY job) AS t "
  "JOIN (SELECT job, MIN(sal) AS n FROM bonus GROUP BY job) AS u ON u.job = t.job WHERE t.m > u.n",
  "SELECT t.job, t.m FROM (SELECT job, MAX(sal) AS m FROM emp GROUP BY job) AS t "
  "JOIN (SELECT job, MIN(sal) AS n FROM bonus GROUP BY job) AS u ON u.job = t.job WHERE t.m >= u.n", "> as >=")
C("SubQueryRemoveRule+FilterAggregateTransposeRule",
  "SELECT deptno, SUM(sal) FROM emp GROUP BY deptno HAVING SUM(sal) > (SELECT AVG(sal) FROM bonus)",
  "SELECT t.deptno, t.s FROM (SELECT deptno, SUM(sal) AS s FROM emp GROUP BY deptno) AS t "
  "CROSS JOIN (SELECT AVG(sal) AS a FROM bonus) AS u WHERE t.s > u.a",
  "SELECT t.deptno, t.s FROM (SELECT deptno, SUM(sal) AS s FROM emp GROUP BY deptno) AS t "
  "CROSS JOIN (SELECT AVG(sal) AS a FROM bonus) AS u WHERE t.s > COALESCE(u.a, 0)",
  "NULL average coalesced to 0 (empty bonus keeps groups)")
C("SubQueryRemoveRule+Decorrelate+FilterAggregateTransposeRule",
  "SELECT d.dname, COUNT(*) FROM dept AS d JOIN emp AS e ON e.deptno = d.deptno GROUP BY d.dname "
  "HAVING COUNT(*) >= (SELECT COUNT(*) FROM account AS a)",
  "SELECT t.dname, t.c FROM (SELECT d.dname, COUNT(*) AS c FROM dept AS d JOIN emp AS e ON e.deptno = d.deptno "
  "GROUP BY d.dname) AS t WHERE t.c >= (SELECT COUNT(*) FROM account)",
  "SELECT t.dname, t.c FROM (SELECT d.dname, COUNT(*) AS c FROM dept AS d JOIN emp AS e ON e.deptno = d.deptno "
  "GROUP BY d.dname) AS t WHERE t.c > (SELECT COUNT(*) FROM account)", ">= as >")

# self-joins: JoinCommuteRule + FilterIntoJoinRule + ProjectJoinTransposeRule
RULE = "FilterIntoJoinRule+JoinCommuteRule+ProjectJoinTransposeRule"
C(RULE, "SELECT e.ename, m.ename FROM emp AS e, emp AS m WHERE e.mgr = m.empno AND m.sal > e.sal",
  "SELECT e.ename, m.ename FROM emp AS m JOIN emp AS e ON e.mgr = m.empno AND e.sal < m.sal",
  "SELECT e.ename, m.ename FROM emp AS m JOIN emp AS e ON e.mgr = m.empno AND e.sal <= m.sal", "< as <=")
C(RULE, "SELECT e.ename, m.ename FROM emp AS e LEFT JOIN emp AS m ON e.mgr = m.empno WHERE e.deptno = 10",
  "SELECT e.ename, m.ename FROM (SELECT ename, mgr FROM emp WHERE deptno = 10) AS e LEFT JOIN "
  "(SELECT empno, ename FROM emp) AS m ON e.mgr = m.empno",
  "SELECT e.ename, m.ename FROM (SELECT ename, mgr FROM emp WHERE deptno = 10) AS e LEFT JOIN "
  "(SELECT empno, ename FROM emp WHERE deptno = 10) AS m ON e.mgr = m.empno",
  "the preserved side's filter also pushed into the NULL-generating side")
C(RULE, "SELECT e1.empno, e2.empno FROM emp AS e1 JOIN emp AS e2 ON e1.deptno = e2.deptno WHERE e1.empno < e2.empno AND e1.job = 'CLERK'",
  "SELECT e1.empno, e2.empno FROM emp AS e2 JOIN (SELECT empno, deptno FROM emp WHERE job = 'CLERK') AS e1 "
  "ON e1.deptno = e2.deptno AND e2.empno > e1.empno",
  "SELECT e1.empno, e2.empno FROM emp AS e2 JOIN (SELECT empno, deptno FROM emp WHERE job = 'CLERK') AS e1 "
  "ON e1.deptno = e2.deptno AND e2.empno <> e1.empno", "> as <>")
C(RULE, "SELECT e.ename FROM emp AS e JOIN emp AS m ON e.mgr = m.empno JOIN emp AS g ON m.mgr = g.empno WHERE g.deptno = e.deptno",
  "SELECT e.ename FROM emp AS g JOIN emp AS m ON m.mgr = g.empno JOIN emp AS e ON e.mgr = m.empno AND e.deptno = g.deptno",
  "SELECT e.ename FROM emp AS g JOIN emp AS m ON m.mgr = g.empno JOIN emp AS e ON e.mgr = m.empno AND e.deptno = m.deptno",
  "the wrong occurrence's column in the pushed condition")
C("JoinAssociateRule+JoinCommuteRule+FilterIntoJoinRule",
  "SELECT a.acctno, d.dname FROM account AS a JOIN emp AS e ON a.empno = e.empno JOIN dept AS d ON e.deptno = d.deptno "
  "WHERE a.balance > 0",
  "SELECT a.acctno, d.dname FROM dept AS d JOIN (emp AS e JOIN account AS a ON a.empno = e.empno AND a.balance > 0) "
  "ON e.deptno = d.deptno",
  "SELECT a.acctno, d.dname FROM dept AS d JOIN (emp AS e LEFT JOIN account AS a ON a.empno = e.empno AND a.balance > 0) "
  "ON e.deptno = d.deptno", "inner join made LEFT during the re-association")
C("JoinAssociateRule+JoinCommuteRule+FilterIntoJoinRule",
  "SELECT e.ename, b.sal, d.loc FROM emp AS e JOIN bonus AS b ON e.ename = b.ename JOIN dept AS d ON e.deptno = d.deptno "
  "WHERE d.loc = 'LA' OR b.sal > 2",
  "SELECT e.ename, b.sal, d.loc FROM bonus AS b JOIN (emp AS e JOIN dept AS d ON e.deptno = d.deptno) "
  "ON e.ename = b.ename AND (d.loc = 'LA' OR b.sal > 2)",
  "SELECT e.ename, b.sal, d.loc FROM bonus AS b JOIN (emp AS e JOIN dept AS d ON e.deptno = d.deptno AND d.loc = 'LA') "
  "ON e.ename = b.ename", "a disjunction pushed as one of its disjuncts")

# nested derived tables: ProjectMergeRule + FilterMergeRule + FilterProjectTransposeRule
RULE = "ProjectMergeRule+FilterMergeRule+FilterProjectTransposeRule"
for inner, mid, outer, flat, bad, what in [
    ("SELECT empno, sal + 1 AS s1, comm FROM emp WHERE deptno = 10", "SELECT empno, s1 * 2 AS s2, comm FROM t0 WHERE comm IS NOT NULL",
     "s2 > 4", "SELECT empno, (sal + 1) * 2 AS s2, comm FROM emp WHERE deptno = 10 AND comm IS NOT NULL AND (sal + 1) * 2 > 4",
     "SELECT empno, (sal + 1) * 2 AS s2, comm FROM emp WHERE deptno = 10 AND comm IS NOT NULL AND sal * 2 > 4",
     "alias not substituted faithfully"),
    ("SELECT ename, job, sal FROM emp WHERE sal IS NOT NULL", "SELECT ename, job, sal FROM t0 WHERE job <> 'CLERK'",
     "sal BETWEEN 1 AND 2", "SELECT ename, job, sal FROM emp WHERE sal IS NOT NULL AND job <> 'CLERK' AND sal BETWEEN 1 AND 2",
     "SELECT ename, job, sal FROM emp WHERE (job <> 'CLERK' OR job IS NULL) AND sal BETWEEN 1 AND 2",
     "NOT as NULL-tolerant (a NULL job passes)"),
    ("SELECT deptno, COALESCE(comm, 0) AS c, sal FROM emp", "SELECT deptno, c + sal AS tot FROM t0 WHERE deptno IS NOT NULL",
     "tot >= 2", "SELECT deptno, COALESCE(comm, 0) + sal AS tot FROM emp WHERE deptno IS NOT NULL AND COALESCE(comm, 0) + sal >= 2",
     "SELECT deptno, comm + sal AS tot FROM emp WHERE deptno IS NOT NULL AND comm + sal >= 2", "COALESCE dropped"),
]:
    gold = f"SELECT * FROM (SELECT * FROM ({mid.replace('FROM t0', f'FROM ({inner}) AS t0')}) AS t1 WHERE {outer}) AS t2"
    C(RULE, gold, flat, bad, what)

# DISTINCT over keys: AggregateRemoveRule ("removes an Aggregate if it computes no aggregate
# functions and the input is already distinct") + ProjectJoinRemoveRule
C("AggregateRemoveRule+ProjectJoinTransposeRule",
  "SELECT DISTINCT e.empno, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno",
  "SELECT e.empno, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno",
  ("SELECT DISTINCT e.deptno, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno",
   "SELECT e.deptno, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno"),
  "DISTINCT removed over a non-key")
C("AggregateRemoveRule+AggregateProjectMergeRule",
  "SELECT t.deptno, t.c FROM (SELECT DISTINCT deptno, c FROM (SELECT deptno, COUNT(*) AS c FROM emp GROUP BY deptno) AS g) AS t",
  "SELECT deptno, COUNT(*) AS c FROM emp GROUP BY deptno",
  ("SELECT t.c FROM (SELECT DISTINCT c FROM (SELECT deptno, COUNT(*) AS c FROM emp GROUP BY deptno) AS g) AS t",
   "SELECT COUNT(*) AS c FROM emp GROUP BY deptno"), "DISTINCT removed once the group key is projected away")
C("AggregateRemoveRule+SemiJoinRemoveRule",
  "SELECT DISTINCT a.acctno, a.kind FROM account AS a JOIN emp AS e ON a.empno = e.empno",
  "SELECT acctno, kind FROM account",
  ("SELECT DISTINCT a.acctno, a.kind FROM account AS a JOIN emp AS e ON a.empno = e.mgr",
   "SELECT acctno, kind FROM account"), "join on a non-foreign-key removed")
C("AggregateJoinRemoveRule+AggregateRemoveRule",
  "SELECT DISTINCT e.ename, e.job FROM emp AS e LEFT JOIN bonus AS b ON b.ename = e.ename LEFT JOIN dept AS d ON d.deptno = e.deptno",
  "SELECT DISTINCT ename, job FROM emp",
  "SELECT ename, job FROM emp", "DISTINCT dropped (ename, job not a key)")

# three-operand set operations: UnionMergeRule ("merges a Union into a Union"), FilterSetOpTransposeRule
# ("pushes a Filter past a SetOp"), UnionToDistinctRule, IntersectToDistinctRule, MinusMergeRule
C("FilterSetOpTransposeRule+UnionMergeRule",
  "SELECT * FROM (SELECT deptno AS x FROM emp UNION ALL SELECT deptno FROM dept UNION ALL SELECT empno FROM account) AS t WHERE t.x > 3",
  "SELECT deptno FROM emp WHERE deptno > 3 UNION ALL SELECT deptno FROM dept WHERE deptno > 3 "
  "UNION ALL SELECT empno FROM account WHERE empno > 3",
  "SELECT deptno FROM emp WHERE deptno > 3 UNION SELECT deptno FROM dept WHERE deptno > 3 "
  "UNION ALL SELECT empno FROM account WHERE empno > 3", "UNION ALL as UNION")
C("FilterSetOpTransposeRule+UnionMergeRule+UnionToDistinctRule",
  "SELECT t.n FROM (SELECT ename AS n FROM emp UNION SELECT ename FROM bonus UNION SELECT dname FROM dept) AS t WHERE t.n <> 'HR'",
  "SELECT DISTINCT n FROM (SELECT ename AS n FROM emp WHERE ename <> 'HR' UNION ALL SELECT ename FROM bonus WHERE ename <> 'HR' "
  "UNION ALL SELECT dname FROM dept WHERE dname <> 'HR') AS u",
  "SELECT n FROM (SELECT ename AS n FROM emp WHERE ename <> 'HR' UNION ALL SELECT ename FROM bonus WHERE ename <> 'HR' "
  "UNION ALL SELECT dname FROM dept WHERE dname <> 'HR') AS u", "DISTINCT dropped")
C("IntersectMergeRule+IntersectToSemiJoin+AggregateRemoveRule",
  "SELECT ename FROM emp INTERSECT SELECT ename FROM bonus INTERSECT SELECT ename FROM emp WHERE sal > 1",
  "SELECT DISTINCT e.ename FROM emp AS e WHERE e.sal > 1 AND e.ename IN (SELECT b.ename FROM bonus AS b)",
  "SELECT e.ename FROM emp AS e WHERE e.sal > 1 AND e.ename IN (SELECT b.ename FROM bonus AS b)", "DISTINCT dropped")
C("MinusMergeRule+MinusToAntiJoin",
  "SELECT deptno FROM dept EXCEPT SELECT deptno FROM emp WHERE job = 'CLERK' EXCEPT SELECT deptno FROM emp WHERE sal > 2",
  "SELECT d.deptno FROM dept AS d WHERE NOT EXISTS (SELECT 1 FROM emp AS e WHERE e.deptno = d.deptno "
  "AND (e.job = 'CLERK' OR e.sal > 2))",
  "SELECT d.deptno FROM dept AS d WHERE NOT EXISTS (SELECT 1 FROM emp AS e WHERE e.deptno = d.deptno "
  "AND e.job = 'CLERK' AND e.sal > 2)", "the two subtracted sets intersected instead of united")
C("MinusMergeRule+UnionMergeRule",
  "SELECT job FROM emp EXCEPT SELECT job FROM bonus WHERE sal = 0 EXCEPT SELECT job FROM bonus WHERE sal = 3",
  "SELECT job FROM emp EXCEPT SELECT job FROM (SELECT job FROM bonus WHERE sal = 0 UNION SELECT job FROM bonus WHERE sal = 3) AS u",
  "SELECT job FROM emp EXCEPT SELECT job FROM (SELECT job FROM bonus WHERE sal = 0 INTERSECT SELECT job FROM bonus WHERE sal = 3) AS u",
  "UNION of the subtrahends as INTERSECT")
C("UnionMergeRule+AggregateUnionTransposeRule",
  "SELECT x, SUM(c) FROM (SELECT deptno AS x, COUNT(*) AS c FROM emp GROUP BY deptno UNION ALL "
  "SELECT deptno, 1 FROM dept UNION ALL SELECT e.deptno, COUNT(*) FROM account AS a JOIN emp AS e ON a.empno = e.empno "
  "GROUP BY e.deptno) AS u GROUP BY x",
  "SELECT x, COUNT(*) FROM (SELECT deptno AS x FROM emp UNION ALL SELECT deptno FROM dept UNION ALL "
  "SELECT e.deptno FROM account AS a JOIN emp AS e ON a.empno = e.empno) AS u GROUP BY x",
  "SELECT x, COUNT(*) FROM (SELECT deptno AS x FROM emp UNION SELECT deptno FROM dept UNION ALL "
  "SELECT e.deptno FROM account AS a JOIN emp AS e ON a.empno = e.empno) AS u GROUP BY x", "UNION ALL as UNION")

# CASE / COALESCE / NULLIF in predicates: ReduceExpressionsRule ("reduces/simplifies
# expressions") + FilterProjectTransposeRule
RULE = "ReduceExpressionsRule+FilterProjectTransposeRule"
for proj, cond, simple, bad, what in [
    ("COALESCE(comm, 0) AS c", "t.c > 0", "comm > 0", "comm > 0 OR comm IS NULL", "COALESCE(x, 0) > 0 as NULL-tolerant"),
    ("NULLIF(sal, 0) AS c", "t.c IS NULL", "sal IS NULL OR sal = 0", "sal IS NULL", "NULLIF's zero case dropped"),
    ("CASE WHEN sal > 1 THEN 'hi' ELSE 'lo' END AS c", "t.c = 'lo'", "sal <= 1 OR sal IS NULL", "sal <= 1",
     "ELSE branch taken for NULL forgotten"),
    ("CASE WHEN comm IS NULL THEN sal ELSE sal + comm END AS c", "t.c > 2", "COALESCE(sal + comm, sal) > 2",
     "sal + comm > 2", "the NULL-comm branch dropped"),
    ("CASE deptno WHEN 10 THEN 'a' WHEN 20 THEN 'b' END AS c", "t.c IS NOT NULL", "deptno IN (10, 20)",
     "deptno IN (10, 20, 30)", "an extra IN value"),
]:
    C(RULE, f"SELECT t.ename FROM (SELECT ename, {proj} FROM emp) AS t WHERE {cond}",
      f"SELECT ename FROM emp WHERE {simple}", f"SELECT ename FROM emp WHERE {bad}", what)
C("ReduceExpressionsRule+FilterIntoJoinRule",
  "SELECT e.ename, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno WHERE COALESCE(d.loc, 'NY') = 'NY' AND NULLIF(e.job, 'CLERK') IS NULL",
  "SELECT e.ename, d.dname FROM (SELECT ename, deptno FROM emp WHERE job IS NULL OR job = 'CLERK') AS e "
  "JOIN (SELECT deptno, dname FROM dept WHERE loc IS NULL OR loc = 'NY') AS d ON e.deptno = d.deptno",
  "SELECT e.ename, d.dname FROM (SELECT ename, deptno FROM emp WHERE job = 'CLERK') AS e "
  "JOIN (SELECT deptno, dname FROM dept WHERE loc IS NULL OR loc = 'NY') AS d ON e.deptno = d.deptno",
  "NULL job dropped")
C("ReduceExpressionsRule+FilterIntoJoinRule",
  "SELECT e.ename FROM emp AS e LEFT JOIN bonus AS b ON b.ename = e.ename WHERE CASE WHEN b.sal IS NULL THEN 0 ELSE b.sal END < 2",
  "SELECT e.ename FROM emp AS e LEFT JOIN bonus AS b ON b.ename = e.ename WHERE b.sal IS NULL OR b.sal < 2",
  "SELECT e.ename FROM emp AS e JOIN bonus AS b ON b.ename = e.ename WHERE b.sal IS NULL OR b.sal < 2",
  "outer join made inner though the filter accepts NULL")

# aggregates over joins with DISTINCT: AggregateExpandDistinctAggregatesRule + AggregateJoinTransposeRule
C("AggregateExpandDistinctAggregatesRule+AggregateProjectMergeRule",
  "SELECT d.loc, COUNT(DISTINCT e.job) FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno GROUP BY d.loc",
  "SELECT loc, COUNT(job) FROM (SELECT DISTINCT d.loc, e.job FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno) AS t GROUP BY loc",
  "SELECT loc, COUNT(*) FROM (SELECT DISTINCT d.loc, e.job FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno) AS t GROUP BY loc",
  "COUNT(*) counts the NULL job")
C("AggregateExpandDistinctAggregatesRule+AggregateProjectMergeRule",
  "SELECT e.deptno, COUNT(DISTINCT b.job), SUM(DISTINCT b.sal) FROM emp AS e JOIN bonus AS b ON b.ename = e.ename GROUP BY e.deptno",
  "SELECT j.deptno, j.cj, s.ss FROM (SELECT deptno, COUNT(job) AS cj FROM (SELECT DISTINCT e.deptno, b.job FROM emp AS e "
  "JOIN bonus AS b ON b.ename = e.ename) AS t GROUP BY deptno) AS j JOIN (SELECT deptno, SUM(sal) AS ss FROM "
  "(SELECT DISTINCT e.deptno, b.sal FROM emp AS e JOIN bonus AS b ON b.ename = e.ename) AS t GROUP BY deptno) AS s "
  "ON j.deptno IS s.deptno",
  "SELECT j.deptno, j.cj, s.ss FROM (SELECT deptno, COUNT(job) AS cj FROM (SELECT DISTINCT e.deptno, b.job FROM emp AS e "
  "JOIN bonus AS b ON b.ename = e.ename) AS t GROUP BY deptno) AS j JOIN (SELECT deptno, SUM(sal) AS ss FROM "
  "(SELECT DISTINCT e.deptno, b.sal FROM emp AS e JOIN bonus AS b ON b.ename = e.ename) AS t GROUP BY deptno) AS s "
  "ON j.deptno = s.deptno", "the NULL group key lost by = in the re-join", dialect="sqlite")

# outer join simplification and pruning: ProjectJoinRemoveRule ("removes a left join whose
# right side is unused and unique on the join key") + ProjectMergeRule + FilterProjectTransposeRule
C("ProjectJoinRemoveRule+ProjectMergeRule+FilterProjectTransposeRule",
  "SELECT t.ename FROM (SELECT e.ename, e.sal, d.dname FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno) AS t WHERE t.sal > 1",
  "SELECT ename FROM emp WHERE sal > 1",
  ("SELECT t.ename FROM (SELECT e.ename, e.sal, b.job FROM emp AS e LEFT JOIN bonus AS b ON e.ename = b.ename) AS t WHERE t.sal > 1",
   "SELECT ename FROM emp WHERE sal > 1"), "left join removed on a non-unique key")
C("ProjectJoinRemoveRule+ProjectMergeRule+FilterProjectTransposeRule",
  "SELECT t.acctno, t.balance FROM (SELECT a.acctno, a.balance, e.ename FROM account AS a LEFT JOIN emp AS e "
  "ON a.empno = e.empno LEFT JOIN dept AS d ON e.deptno = d.deptno) AS t WHERE t.balance < 3",
  "SELECT acctno, balance FROM account WHERE balance < 3",
  "SELECT acctno, balance FROM account WHERE balance <= 3", "< as <=")

# SortProjectTransposeRule + SortJoinTransposeRule + ProjectMergeRule (list semantics, total order)
C("SortProjectTransposeRule+SortJoinTransposeRule+ProjectMergeRule",
  "SELECT t.empno, t.dname FROM (SELECT e.empno, d.dname FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno) AS t "
  "ORDER BY t.empno LIMIT 3",
  "SELECT e.empno, d.dname FROM (SELECT empno, deptno FROM emp ORDER BY empno LIMIT 3) AS e LEFT JOIN dept AS d "
  "ON e.deptno = d.deptno ORDER BY e.empno",
  "SELECT e.empno, d.dname FROM (SELECT empno, deptno FROM emp ORDER BY empno LIMIT 3) AS e JOIN dept AS d "
  "ON e.deptno = d.deptno ORDER BY e.empno", "limit pushed below an inner join", semantics="list")
C("SortProjectTransposeRule+SortJoinTransposeRule+ProjectMergeRule",
  "SELECT a.acctno, e.ename FROM account AS a LEFT JOIN emp AS e ON a.empno = e.empno ORDER BY a.acctno DESC LIMIT 2",
  "SELECT a.acctno, e.ename FROM (SELECT acctno, empno FROM account ORDER BY acctno DESC LIMIT 2) AS a "
  "LEFT JOIN emp AS e ON a.empno = e.empno ORDER BY a.acctno DESC",
  "SELECT a.acctno, e.ename FROM (SELECT acctno, empno FROM account ORDER BY acctno DESC LIMIT 2) AS a "
  "LEFT JOIN emp AS e ON a.empno = e.empno ORDER BY a.acctno", "order direction lost above the pushed limit",
  semantics="list")

# JoinToCorrelateRule / AggregateJoinRemoveRule chains with three tables and a window-free top-N
C("FilterIntoJoinRule+JoinPushTransitivePredicatesRule+JoinCommuteRule",
  "SELECT e.ename, a.acctno FROM emp AS e JOIN account AS a ON a.empno = e.empno WHERE e.empno = 2",
  "SELECT e.ename, a.acctno FROM (SELECT * FROM account WHERE empno = 2) AS a JOIN (SELECT * FROM emp WHERE empno = 2) AS e "
  "ON a.empno = e.empno",
  "SELECT e.ename, a.acctno FROM (SELECT * FROM account WHERE empno = 2) AS a JOIN (SELECT * FROM emp WHERE empno = 3) AS e "
  "ON a.empno = e.empno", "transitive constant copied wrong")
C("FilterIntoJoinRule+JoinPushTransitivePredicatesRule+JoinCommuteRule",
  "SELECT e.ename, b.comm FROM emp AS e JOIN bonus AS b ON e.sal = b.sal JOIN dept AS d ON d.deptno = e.deptno WHERE b.sal > 1",
  "SELECT e.ename, b.comm FROM dept AS d JOIN (SELECT * FROM emp WHERE sal > 1) AS e ON d.deptno = e.deptno "
  "JOIN (SELECT * FROM bonus WHERE sal > 1) AS b ON e.sal = b.sal",
  "SELECT e.ename, b.comm FROM dept AS d JOIN (SELECT * FROM emp WHERE sal > 1) AS e ON d.deptno = e.deptno "
  "JOIN (SELECT * FROM bonus WHERE sal >= 1) AS b ON e.sal >= b.sal", "the equi-join condition weakened to >=")
C("FilterIntoJoinRule+JoinPushTransitivePredicatesRule+JoinCommuteRule",
  "SELECT e1.ename, e2.ename FROM emp AS e1 JOIN emp AS e2 ON e1.mgr = e2.mgr JOIN emp AS e3 ON e3.empno = e1.mgr WHERE e1.mgr = 1",
  "SELECT e1.ename, e2.ename FROM (SELECT * FROM emp WHERE empno = 1) AS e3 JOIN (SELECT * FROM emp WHERE mgr = 1) AS e1 "
  "ON e3.empno = e1.mgr JOIN (SELECT * FROM emp WHERE mgr = 1) AS e2 ON e1.mgr = e2.mgr",
  "SELECT e1.ename, e2.ename FROM (SELECT * FROM emp WHERE empno = 1) AS e3 JOIN (SELECT * FROM emp WHERE mgr = 1) AS e1 "
  "ON e3.empno = e1.mgr JOIN (SELECT * FROM emp WHERE mgr = 1) AS e2 ON e1.empno = e2.empno",
  "the wrong join column (e1.empno for e1.mgr)")

# window-free top-1 per group: AggregateProjectMergeRule + SubQueryRemoveRule + JoinCommuteRule
C("SubQueryRemoveRule+AggregateProjectMergeRule+JoinCommuteRule",
  "SELECT d.dname, e.ename FROM dept AS d JOIN emp AS e ON e.deptno = d.deptno "
  "WHERE e.sal = (SELECT MAX(x.sal) FROM emp AS x WHERE x.deptno = d.deptno)",
  "SELECT d.dname, e.ename FROM (SELECT deptno, MAX(sal) AS m FROM emp GROUP BY deptno) AS t JOIN emp AS e "
  "ON e.deptno = t.deptno AND e.sal = t.m JOIN dept AS d ON d.deptno = t.deptno",
  "SELECT d.dname, e.ename FROM (SELECT deptno, MAX(sal) AS m FROM emp GROUP BY deptno) AS t JOIN emp AS e "
  "ON e.sal = t.m JOIN dept AS d ON d.deptno = e.deptno", "the correlation dropped from the re-join")
C("SubQueryRemoveRule+Decorrelate+AggregateJoinTransposeRule",
  "SELECT e.ename FROM emp AS e WHERE e.sal > (SELECT SUM(b.sal) FROM bonus AS b WHERE b.job = e.job AND b.comm IS NOT NULL)",
  "SELECT e.ename FROM emp AS e JOIN (SELECT job, SUM(sal) AS s FROM bonus WHERE comm IS NOT NULL GROUP BY job) AS t "
  "ON t.job = e.job WHERE e.sal > t.s",
  "SELECT e.ename FROM emp AS e JOIN (SELECT job, SUM(sal) AS s FROM bonus GROUP BY job) AS t "
  "ON t.job = e.job WHERE e.sal > t.s", "the sub-query's filter dropped")
C("SubQueryRemoveRule+Decorrelate+ProjectMergeRule",
  "SELECT e.ename, CASE WHEN EXISTS (SELECT 1 FROM account AS a WHERE a.empno = e.empno) THEN 'y' ELSE 'n' END FROM emp AS e",
  "SELECT e.ename, CASE WHEN t.empno IS NOT NULL THEN 'y' ELSE 'n' END FROM emp AS e "
  "LEFT JOIN (SELECT DISTINCT empno FROM account) AS t ON t.empno = e.empno",
  "SELECT e.ename, CASE WHEN t.empno IS NOT NULL THEN 'y' ELSE 'n' END FROM emp AS e "
  "LEFT JOIN (SELECT empno FROM account) AS t ON t.empno = e.empno", "DISTINCT dropped under the mark join")
C("SubQueryRemoveRule+Decorrelate+ProjectMergeRule",
  "SELECT d.dname, (SELECT SUM(a.balance) FROM account AS a JOIN emp AS e ON a.empno = e.empno WHERE e.deptno = d.deptno) FROM dept AS d",
  "SELECT d.dname, t.s FROM dept AS d LEFT JOIN (SELECT e.deptno, SUM(a.balance) AS s FROM account AS a JOIN emp AS e "
  "ON a.empno = e.empno GROUP BY e.deptno) AS t ON t.deptno = d.deptno",
  "SELECT d.dname, COALESCE(t.s, 0) FROM dept AS d LEFT JOIN (SELECT e.deptno, SUM(a.balance) AS s FROM account AS a JOIN emp AS e "
  "ON a.empno = e.empno GROUP BY e.deptno) AS t ON t.deptno = d.deptno", "SUM of no rows as 0 (it is NULL)")

# ============================================================ Calcite-printed SQL
# RelToSqlConverter (PostgreSQL dialect): every level a derived table aliased t, t0, t1,
# synthetic names $f0.., EXPR$0, quoted identifiers, FETCH NEXT / OFFSET, CAST.
# ProjectMergeRule / FilterProjectTransposeRule / ProjectRemoveRule
for cast, cmp, bad in [("INTEGER", '"t"."$f1" > 2', '"t"."$f1" > 2'), ("BIGINT", '"t"."$f1" < 3', '"t"."$f1" > 3'),
                       ("DECIMAL(19, 2)", '"t"."$f1" = 2', '"t"."$f1" <> 2')]:
    P("FilterProjectTransposeRule+ProjectMergeRule",
      f'SELECT "t"."empno", "t"."$f1" FROM (SELECT "empno", CAST("sal" + 1 AS {cast}) AS "$f1" FROM "emp") AS "t" WHERE {cmp}',
      f'SELECT "empno", CAST("sal" + 1 AS {cast}) AS "$f1" FROM "emp" WHERE CAST("sal" + 1 AS {cast}){cmp[9:]}',
      f'SELECT "empno", CAST("sal" + 1 AS {cast}) AS "$f1" FROM "emp" WHERE CAST("sal" AS {cast}){bad[9:]}',
      "the projected expression not substituted in the pushed filter")
for inner, bad in [("\"sal\" > 1", "\"sal\" > 0"), ("\"job\" = 'CLERK'", "\"job\" <> 'CLERK'"),
                   ("\"comm\" IS NULL", "\"comm\" IS NOT NULL")]:
    P("ProjectMergeRule+FilterMergeRule",
      f'SELECT "t0"."ename" FROM (SELECT "t"."ename", "t"."deptno" FROM (SELECT "ename", "deptno", "sal", "job", "comm" FROM "emp" '
      f'WHERE {inner}) AS "t" WHERE "t"."deptno" IS NOT NULL) AS "t0"',
      f'SELECT "ename" FROM "emp" WHERE {inner} AND "deptno" IS NOT NULL',
      f'SELECT "ename" FROM "emp" WHERE {bad} AND "deptno" IS NOT NULL', "the inner filter changed")
# AggregateProjectMergeRule / ProjectAggregate forms with $f and EXPR$ names
P("AggregateProjectMergeRule+ProjectMergeRule",
  'SELECT "t0"."deptno", "t0"."EXPR$1" FROM (SELECT "t"."deptno", SUM("t"."$f1") AS "EXPR$1" FROM (SELECT "deptno", '
  '"sal" * 2 AS "$f1" FROM "emp") AS "t" GROUP BY "t"."deptno") AS "t0"',
  'SELECT "deptno", SUM("sal" * 2) AS "EXPR$1" FROM "emp" GROUP BY "deptno"',
  'SELECT "deptno", SUM("sal") AS "EXPR$1" FROM "emp" GROUP BY "deptno"',
  "the projected expression's factor lost in the merge")
P("AggregateProjectMergeRule+ProjectMergeRule",
  'SELECT "t"."job", COUNT(*) AS "EXPR$1", MAX("t"."$f2") AS "EXPR$2" FROM (SELECT "job", "deptno", COALESCE("comm", 0) AS "$f2" '
  'FROM "emp") AS "t" GROUP BY "t"."job"',
  'SELECT "job", COUNT(*) AS "EXPR$1", MAX(COALESCE("comm", 0)) AS "EXPR$2" FROM "emp" GROUP BY "job"',
  'SELECT "job", COUNT(*) AS "EXPR$1", MAX("comm") AS "EXPR$2" FROM "emp" GROUP BY "job"', "COALESCE dropped")
P("AggregateProjectMergeRule+AggregateRemoveRule",
  'SELECT "t"."deptno", "t"."dname" FROM (SELECT "deptno", "dname" FROM "dept" GROUP BY "deptno", "dname") AS "t"',
  'SELECT "deptno", "dname" FROM "dept"',
  ('SELECT "t"."dname" FROM (SELECT "dname" FROM "dept" GROUP BY "dname") AS "t"', 'SELECT "dname" FROM "dept"'),
  "GROUP BY removed over a non-key")
# SortProjectTransposeRule / SortRemoveRule with FETCH / OFFSET (list semantics, total order)
for fetch, bad, what in [("FETCH NEXT 2 ROWS ONLY", "FETCH NEXT 3 ROWS ONLY", "a changed FETCH"),
                         ("OFFSET 1 ROWS FETCH NEXT 2 ROWS ONLY", "FETCH NEXT 2 ROWS ONLY", "OFFSET dropped"),
                         ("OFFSET 2 ROWS", "OFFSET 1 ROWS", "a changed OFFSET")]:
    P("SortProjectTransposeRule+ProjectMergeRule",
      f'SELECT "t"."empno", "t"."$f1" FROM (SELECT "empno", "sal" + "empno" AS "$f1" FROM "emp") AS "t" ORDER BY "t"."empno" {fetch}',
      f'SELECT "t"."empno", "t"."sal" + "t"."empno" AS "$f1" FROM (SELECT "empno", "sal" FROM "emp" ORDER BY "empno" {fetch}) AS "t" '
      'ORDER BY "t"."empno"',
      f'SELECT "t"."empno", "t"."sal" + "t"."empno" AS "$f1" FROM (SELECT "empno", "sal" FROM "emp" ORDER BY "empno" {bad}) AS "t" '
      'ORDER BY "t"."empno"', what, semantics="list")
P("SortRemoveRule+SortProjectTransposeRule",
  'SELECT "t"."deptno", "t"."EXPR$1" FROM (SELECT "deptno", COUNT(*) AS "EXPR$1" FROM "emp" GROUP BY "deptno" ORDER BY "deptno") AS "t"',
  'SELECT "deptno", COUNT(*) AS "EXPR$1" FROM "emp" GROUP BY "deptno"',
  'SELECT "deptno", COUNT("deptno") AS "EXPR$1" FROM "emp" GROUP BY "deptno"', "COUNT(*) as COUNT(col)")
P("SortJoinTransposeRule+SortProjectTransposeRule",
  'SELECT "t"."empno", "t0"."dname" FROM (SELECT "empno", "deptno" FROM "emp") AS "t" LEFT JOIN "dept" AS "t0" '
  'ON "t"."deptno" = "t0"."deptno" ORDER BY "t"."empno" DESC FETCH NEXT 2 ROWS ONLY',
  'SELECT "t0"."empno", "dept"."dname" FROM (SELECT "empno", "deptno" FROM "emp" ORDER BY "empno" DESC FETCH NEXT 2 ROWS ONLY) AS "t0" '
  'LEFT JOIN "dept" ON "t0"."deptno" = "dept"."deptno" ORDER BY "t0"."empno" DESC',
  'SELECT "t0"."empno", "dept"."dname" FROM (SELECT "empno", "deptno" FROM "emp" ORDER BY "empno" FETCH NEXT 2 ROWS ONLY) AS "t0" '
  'LEFT JOIN "dept" ON "t0"."deptno" = "dept"."deptno" ORDER BY "t0"."empno" DESC', "direction lost in the pushed sort",
  semantics="list")
# VALUES: ValuesReduceRule / AggregateValuesRule / UnionPullUpConstantsRule
P("ValuesReduceRule+FilterProjectTransposeRule",
  'SELECT "t"."a", "t"."b" FROM (VALUES (1, \'x\'), (2, \'y\'), (3, NULL)) AS "t" ("a", "b") WHERE "t"."a" > 1',
  'SELECT * FROM (VALUES (2, \'y\'), (3, NULL)) AS "t" ("a", "b")',
  'SELECT * FROM (VALUES (2, \'y\')) AS "t" ("a", "b")', "a row with a NULL dropped")
P("ValuesReduceRule+JoinCommuteRule",
  'SELECT "emp"."ename", "t"."b" FROM "emp" INNER JOIN (VALUES (10, \'ten\'), (20, \'twenty\')) AS "t" ("a", "b") '
  'ON "emp"."deptno" = "t"."a"',
  'SELECT "emp"."ename", CASE WHEN "emp"."deptno" = 10 THEN \'ten\' ELSE \'twenty\' END AS "b" FROM "emp" '
  'WHERE "emp"."deptno" = 10 OR "emp"."deptno" = 20',
  'SELECT "emp"."ename", CASE WHEN "emp"."deptno" = 10 THEN \'ten\' ELSE \'twenty\' END AS "b" FROM "emp" '
  'WHERE "emp"."deptno" >= 10', "the IN pair widened to a range")
P("AggregateValuesRule+ReduceExpressionsRule",
  'SELECT COUNT(*) AS "EXPR$0", SUM("t"."a") AS "EXPR$1" FROM (SELECT "empno" AS "a" FROM "emp" WHERE 1 = 0) AS "t"',
  'SELECT * FROM (VALUES (0, NULL)) AS "t" ("EXPR$0", "EXPR$1")',
  'SELECT * FROM (VALUES (0, 0)) AS "t" ("EXPR$0", "EXPR$1")', "SUM of no rows as 0")
# SEARCH / SARG ranges printed back: ReduceExpressionsRule (Sarg) + FilterMergeRule
for pred, printed, bad in [
    ('"sal" BETWEEN 1 AND 2 OR "sal" = 0', '"sal" >= 0 AND "sal" <= 2', '"sal" >= 0 AND "sal" < 2'),
    ('"deptno" IN (10, 20) OR "deptno" > 25', '"deptno" = 10 OR "deptno" = 20 OR "deptno" > 25',
     '"deptno" = 10 OR "deptno" > 25'),
    ('("sal" > 0 AND "sal" < 3) AND "sal" <> 1', '"sal" > 0 AND "sal" < 1 OR "sal" > 1 AND "sal" < 3',
     '"sal" >= 0 AND "sal" < 1 OR "sal" > 1 AND "sal" < 3'),
    ('NOT ("comm" IN (0, 2))', '"comm" <> 0 AND "comm" <> 2', '"comm" <> 0 AND "comm" <> 2 OR "comm" IS NULL'),
]:
    P("ReduceExpressionsRule+FilterMergeRule",
      f'SELECT "t"."empno" FROM (SELECT "empno", "sal", "deptno", "comm" FROM "emp" WHERE {pred}) AS "t"',
      f'SELECT "empno" FROM "emp" WHERE {printed}', f'SELECT "empno" FROM "emp" WHERE {bad}', "range printed back wrong")
# IS TRUE / IS NOT FALSE / CASE ... IS NULL from ReduceExpressionsRule
P("ReduceExpressionsRule+FilterProjectTransposeRule",
  'SELECT "t"."ename" FROM (SELECT "ename", "sal" > 1 AS "$f1" FROM "emp") AS "t" WHERE "t"."$f1" IS TRUE',
  'SELECT "ename" FROM "emp" WHERE "sal" > 1',
  'SELECT "ename" FROM "emp" WHERE "sal" > 1 OR "sal" IS NULL', "IS TRUE read as IS NOT FALSE")
P("ReduceExpressionsRule+FilterProjectTransposeRule",
  'SELECT "t"."ename" FROM (SELECT "ename", "comm" > 0 AS "$f1" FROM "emp") AS "t" WHERE "t"."$f1" IS NOT FALSE',
  'SELECT "ename" FROM "emp" WHERE "comm" > 0 OR "comm" IS NULL',
  'SELECT "ename" FROM "emp" WHERE "comm" > 0', "IS NOT FALSE read as IS TRUE")
P("ReduceExpressionsRule+ProjectMergeRule",
  'SELECT "t"."ename", CASE WHEN "t"."comm" IS NULL THEN 0 ELSE "t"."comm" END AS "EXPR$1" FROM (SELECT "ename", "comm" FROM "emp") AS "t"',
  'SELECT "ename", COALESCE("comm", 0) AS "EXPR$1" FROM "emp"',
  'SELECT "ename", COALESCE("comm", 1) AS "EXPR$1" FROM "emp"', "a changed constant")
P("ReduceExpressionsRule+ProjectMergeRule",
  'SELECT "t"."ename", CASE WHEN "t"."sal" IS NULL THEN NULL WHEN "t"."sal" = 0 THEN NULL ELSE "t"."sal" END AS "EXPR$1" '
  'FROM (SELECT "ename", "sal" FROM "emp") AS "t"',
  'SELECT "ename", NULLIF("sal", 0) AS "EXPR$1" FROM "emp"',
  'SELECT "ename", NULLIF("sal", 1) AS "EXPR$1" FROM "emp"', "a changed constant")
P("ReduceExpressionsRule+FilterMergeRule",
  'SELECT "ename" FROM "emp" WHERE ("sal" > 1) IS NOT TRUE AND "deptno" IS NOT NULL',
  'SELECT "ename" FROM "emp" WHERE ("sal" <= 1 OR "sal" IS NULL) AND "deptno" IS NOT NULL',
  'SELECT "ename" FROM "emp" WHERE "sal" <= 1 AND "deptno" IS NOT NULL', "IS NOT TRUE read as NOT")
# JoinCommuteRule + ProjectMergeRule as printed (t, t0 aliases, every level a derived table)
P("JoinCommuteRule+ProjectMergeRule",
  'SELECT "t"."ename", "t0"."dname" FROM (SELECT "ename", "deptno" FROM "emp") AS "t" INNER JOIN (SELECT "deptno", "dname" '
  'FROM "dept") AS "t0" ON "t"."deptno" = "t0"."deptno"',
  'SELECT "t1"."ename", "t1"."dname" FROM (SELECT "t0"."ename", "t"."dname" FROM (SELECT "deptno", "dname" FROM "dept") AS "t" '
  'INNER JOIN (SELECT "ename", "deptno" FROM "emp") AS "t0" ON "t"."deptno" = "t0"."deptno") AS "t1"',
  'SELECT "t1"."ename", "t1"."dname" FROM (SELECT "t0"."ename", "t"."dname" FROM (SELECT "deptno", "dname" FROM "dept") AS "t" '
  'LEFT JOIN (SELECT "ename", "deptno" FROM "emp") AS "t0" ON "t"."deptno" = "t0"."deptno") AS "t1"', "inner as left join")
P("JoinCommuteRule+FilterIntoJoinRule",
  'SELECT "t"."empno", "t1"."kind" FROM (SELECT "empno", "sal" FROM "emp" WHERE "sal" > 0) AS "t" INNER JOIN (SELECT "empno", "kind" '
  'FROM "account") AS "t1" ON "t"."empno" = "t1"."empno"',
  'SELECT "t0"."empno", "account"."kind" FROM "account" INNER JOIN (SELECT "empno" FROM "emp" WHERE "sal" > 0) AS "t0" '
  'ON "account"."empno" = "t0"."empno"',
  'SELECT "t0"."empno", "account"."kind" FROM "account" LEFT JOIN (SELECT "empno" FROM "emp" WHERE "sal" > 0) AS "t0" '
  'ON "account"."empno" = "t0"."empno"', "inner as left join")
P("JoinCommuteRule+ProjectMergeRule",
  'SELECT "t"."ename", "t"."dname" FROM (SELECT "emp"."ename", "dept"."dname" FROM "emp" RIGHT JOIN "dept" '
  'ON "emp"."deptno" = "dept"."deptno") AS "t"',
  'SELECT "emp"."ename", "dept"."dname" FROM "dept" LEFT JOIN "emp" ON "emp"."deptno" = "dept"."deptno"',
  'SELECT "emp"."ename", "dept"."dname" FROM "emp" LEFT JOIN "dept" ON "emp"."deptno" = "dept"."deptno"',
  "RIGHT join commuted without swapping the side")
# decorrelated sub-queries as printed: INNER JOIN (SELECT ... GROUP BY ...) AS t2, LEFT JOIN ... ON TRUE
P("SubQueryRemoveRule+Decorrelate",
  'SELECT "ename" FROM "emp" AS "e" WHERE "sal" > (SELECT AVG("sal") FROM "emp" AS "e0" WHERE "e0"."deptno" = "e"."deptno")',
  'SELECT "t"."ename" FROM (SELECT "ename", "sal", "deptno" FROM "emp") AS "t" INNER JOIN (SELECT "deptno", AVG("sal") AS "$f1" '
  'FROM "emp" WHERE "deptno" IS NOT NULL GROUP BY "deptno") AS "t2" ON "t"."deptno" = "t2"."deptno" AND "t"."sal" > "t2"."$f1"',
  'SELECT "t"."ename" FROM (SELECT "ename", "sal", "deptno" FROM "emp") AS "t" LEFT JOIN (SELECT "deptno", AVG("sal") AS "$f1" '
  'FROM "emp" WHERE "deptno" IS NOT NULL GROUP BY "deptno") AS "t2" ON "t"."deptno" = "t2"."deptno" AND "t"."sal" > "t2"."$f1"',
  "LEFT JOIN keeps the rows the comparison rejects")
P("SubQueryRemoveRule+Decorrelate",
  'SELECT "ename", (SELECT COUNT(*) FROM "account" WHERE "account"."empno" = "emp"."empno") AS "EXPR$1" FROM "emp"',
  'SELECT "t"."ename", CASE WHEN "t2"."$f1" IS NULL THEN 0 ELSE "t2"."$f1" END AS "EXPR$1" FROM (SELECT "empno", "ename" '
  'FROM "emp") AS "t" LEFT JOIN (SELECT "empno", COUNT(*) AS "$f1" FROM "account" GROUP BY "empno") AS "t2" '
  'ON "t"."empno" = "t2"."empno"',
  'SELECT "t"."ename", "t2"."$f1" AS "EXPR$1" FROM (SELECT "empno", "ename" '
  'FROM "emp") AS "t" LEFT JOIN (SELECT "empno", COUNT(*) AS "$f1" FROM "account" GROUP BY "empno") AS "t2" '
  'ON "t"."empno" = "t2"."empno"', "the COUNT bug (NULL for 0)")
P("SubQueryRemoveRule+Decorrelate",
  'SELECT "dname", (SELECT MAX("sal") FROM "emp") AS "EXPR$1" FROM "dept"',
  'SELECT "t"."dname", "t0"."EXPR$0" AS "EXPR$1" FROM (SELECT "dname" FROM "dept") AS "t" LEFT JOIN (SELECT MAX("sal") AS "EXPR$0" '
  'FROM "emp") AS "t0" ON TRUE',
  'SELECT "t"."dname", "t0"."EXPR$0" AS "EXPR$1" FROM (SELECT "dname" FROM "dept") AS "t" LEFT JOIN (SELECT "sal" AS "EXPR$0" '
  'FROM "emp") AS "t0" ON TRUE', "the scalar aggregate lost (a row per employee)")
P("SubQueryRemoveRule+Decorrelate",
  'SELECT "empno" FROM "emp" WHERE "deptno" IN (SELECT "deptno" FROM "dept" WHERE "loc" = \'NY\')',
  'SELECT "emp"."empno" FROM "emp" INNER JOIN (SELECT "deptno" FROM "dept" WHERE "loc" = \'NY\' GROUP BY "deptno") AS "t0" '
  'ON "emp"."deptno" = "t0"."deptno"',
  'SELECT "emp"."empno" FROM "emp" INNER JOIN (SELECT "deptno" FROM "dept" WHERE "loc" = \'LA\' GROUP BY "deptno") AS "t0" '
  'ON "emp"."deptno" = "t0"."deptno"', "a changed constant")
P("SubQueryRemoveRule+Decorrelate",
  'SELECT "ename" FROM "bonus" WHERE "job" IN (SELECT "job" FROM "emp" WHERE "sal" > 1)',
  'SELECT "bonus"."ename" FROM "bonus" INNER JOIN (SELECT "job" FROM "emp" WHERE "sal" > 1 GROUP BY "job") AS "t1" '
  'ON "bonus"."job" = "t1"."job"',
  'SELECT "bonus"."ename" FROM "bonus" INNER JOIN (SELECT "job" FROM "emp" WHERE "sal" > 1) AS "t1" '
  'ON "bonus"."job" = "t1"."job"', "GROUP BY dropped from the semi-join input")
P("SubQueryRemoveRule+Decorrelate",
  'SELECT "dname" FROM "dept" WHERE NOT EXISTS (SELECT 1 FROM "emp" WHERE "emp"."deptno" = "dept"."deptno" AND "emp"."sal" > 2)',
  'SELECT "t"."dname" FROM (SELECT "deptno", "dname" FROM "dept") AS "t" LEFT JOIN (SELECT "deptno", TRUE AS "$f1" FROM "emp" '
  'WHERE "sal" > 2 GROUP BY "deptno") AS "t1" ON "t"."deptno" = "t1"."deptno" WHERE "t1"."$f1" IS NULL',
  'SELECT "t"."dname" FROM (SELECT "deptno", "dname" FROM "dept") AS "t" LEFT JOIN (SELECT "deptno", TRUE AS "$f1" FROM "emp" '
  'WHERE "sal" > 2 GROUP BY "deptno") AS "t1" ON "t"."deptno" = "t1"."deptno" WHERE "t1"."$f1" IS NOT NULL',
  "anti join printed as semi join")
# COUNT(*) FILTER (WHERE ...) (AggregateCaseToFilterRule)
P("AggregateCaseToFilterRule+ProjectMergeRule",
  'SELECT "deptno", SUM(CASE WHEN "sal" > 1 THEN 1 ELSE 0 END) AS "EXPR$1" FROM "emp" GROUP BY "deptno"',
  'SELECT "deptno", COUNT(*) FILTER (WHERE "sal" > 1) AS "EXPR$1" FROM "emp" GROUP BY "deptno"',
  'SELECT "deptno", COUNT(*) FILTER (WHERE "sal" >= 1) AS "EXPR$1" FROM "emp" GROUP BY "deptno"', "> as >=")
P("AggregateCaseToFilterRule+ProjectMergeRule",
  'SELECT "job", SUM(CASE WHEN "deptno" = 10 THEN "sal" ELSE NULL END) AS "EXPR$1" FROM "emp" GROUP BY "job"',
  'SELECT "job", SUM("sal") FILTER (WHERE "deptno" = 10) AS "EXPR$1" FROM "emp" GROUP BY "job"',
  'SELECT "job", SUM("sal") FILTER (WHERE "deptno" = 10 OR "deptno" IS NULL) AS "EXPR$1" FROM "emp" GROUP BY "job"',
  "NULL deptno let through the filter")
# set operations as printed
P("UnionMergeRule+ProjectMergeRule",
  'SELECT * FROM (SELECT "deptno" FROM "emp" UNION ALL SELECT "deptno" FROM "dept") AS "t" UNION ALL SELECT "empno" FROM "account"',
  'SELECT "deptno" FROM "emp" UNION ALL SELECT "deptno" FROM "dept" UNION ALL SELECT "empno" FROM "account"',
  'SELECT "deptno" FROM "emp" UNION ALL SELECT "deptno" FROM "dept" UNION SELECT "empno" FROM "account"', "UNION ALL as UNION")
P("IntersectToDistinctRule",
  'SELECT "job" FROM "emp" INTERSECT SELECT "job" FROM "bonus"',
  'SELECT "job" FROM (SELECT "job", COUNT(*) AS "$f1" FROM (SELECT "job", 0 AS "$f1" FROM "emp" GROUP BY "job" UNION ALL '
  'SELECT "job", 1 FROM "bonus" GROUP BY "job") AS "t1" GROUP BY "job") AS "t2" WHERE "$f1" = 2',
  'SELECT "job" FROM (SELECT "job", COUNT(*) AS "$f1" FROM (SELECT "job", 0 AS "$f1" FROM "emp" GROUP BY "job" UNION ALL '
  'SELECT "job", 1 FROM "bonus" GROUP BY "job") AS "t1" GROUP BY "job") AS "t2" WHERE "$f1" >= 1',
  "count test >= 1 (a union, not an intersection)")
P("MinusToDistinctRule",
  'SELECT "ename" FROM "emp" EXCEPT SELECT "ename" FROM "bonus"',
  'SELECT "ename" FROM (SELECT "ename", COUNT(*) FILTER (WHERE "$f1" = 0) AS "c0", COUNT(*) FILTER (WHERE "$f1" = 1) AS "c1" '
  'FROM (SELECT "ename", 0 AS "$f1" FROM "emp" UNION ALL SELECT "ename", 1 FROM "bonus") AS "t1" GROUP BY "ename") AS "t2" '
  'WHERE "c0" > 0 AND "c1" = 0',
  'SELECT "ename" FROM (SELECT "ename", COUNT(*) FILTER (WHERE "$f1" = 0) AS "c0", COUNT(*) FILTER (WHERE "$f1" = 1) AS "c1" '
  'FROM (SELECT "ename", 0 AS "$f1" FROM "emp" UNION ALL SELECT "ename", 1 FROM "bonus") AS "t1" GROUP BY "ename") AS "t2" '
  'WHERE "c0" > 0 AND "c1" <= 1', "the second count test weakened")
# three-level printed plans: AggregateJoinTransposeRule as printed
P("AggregateJoinTransposeRule+ProjectMergeRule",
  'SELECT "t0"."dname", SUM("t"."sal") AS "EXPR$1" FROM (SELECT "sal", "deptno" FROM "emp") AS "t" INNER JOIN (SELECT "deptno", '
  '"dname" FROM "dept") AS "t0" ON "t"."deptno" = "t0"."deptno" GROUP BY "t0"."dname"',
  'SELECT "t1"."dname", SUM("t"."$f1") AS "EXPR$1" FROM (SELECT "deptno", SUM("sal") AS "$f1" FROM "emp" GROUP BY "deptno") AS "t" '
  'INNER JOIN (SELECT "deptno", "dname" FROM "dept") AS "t1" ON "t"."deptno" = "t1"."deptno" GROUP BY "t1"."dname"',
  'SELECT "t1"."dname", SUM("t"."$f1") AS "EXPR$1" FROM (SELECT "deptno", SUM("sal") AS "$f1" FROM "emp" GROUP BY "deptno") AS "t" '
  'LEFT JOIN (SELECT "deptno", "dname" FROM "dept") AS "t1" ON "t"."deptno" = "t1"."deptno" GROUP BY "t1"."dname"',
  "inner as left join (a NULL dname group)")
P("AggregateJoinTransposeRule+ProjectMergeRule",
  'SELECT "t0"."loc", COUNT(*) AS "EXPR$1" FROM "emp" AS "t" INNER JOIN "dept" AS "t0" ON "t"."deptno" = "t0"."deptno" GROUP BY "t0"."loc"',
  'SELECT "t1"."loc", CAST(SUM("t"."$f1") AS BIGINT) AS "EXPR$1" FROM (SELECT "deptno", COUNT(*) AS "$f1" FROM "emp" GROUP BY "deptno") AS "t" '
  'INNER JOIN "dept" AS "t1" ON "t"."deptno" = "t1"."deptno" GROUP BY "t1"."loc"',
  'SELECT "t1"."loc", CAST(COUNT(*) AS BIGINT) AS "EXPR$1" FROM (SELECT "deptno", COUNT(*) AS "$f1" FROM "emp" GROUP BY "deptno") AS "t" '
  'INNER JOIN "dept" AS "t1" ON "t"."deptno" = "t1"."deptno" GROUP BY "t1"."loc"', "COUNT of groups for COUNT of rows")
# FilterAggregateTransposeRule as printed (HAVING on a group key)
P("FilterAggregateTransposeRule+ProjectMergeRule",
  'SELECT "t"."deptno", "t"."EXPR$1" FROM (SELECT "deptno", MAX("sal") AS "EXPR$1" FROM "emp" GROUP BY "deptno") AS "t" '
  'WHERE "t"."deptno" > 10',
  'SELECT "deptno", MAX("sal") AS "EXPR$1" FROM "emp" WHERE "deptno" > 10 GROUP BY "deptno"',
  'SELECT "deptno", MAX("sal") AS "EXPR$1" FROM "emp" WHERE "sal" > 10 GROUP BY "deptno"', "the wrong column pushed")
P("FilterAggregateTransposeRule+ProjectMergeRule",
  'SELECT "t"."job", "t"."$f1" FROM (SELECT "job", COUNT(*) AS "$f1" FROM "emp" GROUP BY "job") AS "t" WHERE "t"."$f1" > 1',
  'SELECT "job", COUNT(*) AS "$f1" FROM "emp" GROUP BY "job" HAVING COUNT(*) > 1',
  'SELECT "job", COUNT(*) AS "$f1" FROM "emp" WHERE "job" IS NOT NULL GROUP BY "job" HAVING COUNT(*) > 1',
  "a NOT NULL filter invented below the aggregate")
# CAST printing: ProjectReduceExpressions with VARCHAR / INTEGER casts
P("ReduceExpressionsRule+ProjectMergeRule",
  'SELECT CAST("t"."deptno" AS VARCHAR) AS "EXPR$0" FROM (SELECT "deptno" FROM "dept") AS "t" WHERE CAST("t"."deptno" AS VARCHAR) = \'10\'',
  'SELECT \'10\' AS "EXPR$0" FROM "dept" WHERE "deptno" = 10',
  'SELECT \'10\' AS "EXPR$0" FROM "dept" WHERE "deptno" >= 10', "= as >=")
P("ReduceExpressionsRule+ProjectMergeRule",
  'SELECT "t"."empno" FROM (SELECT "empno", CAST("sal" AS INTEGER) AS "$f1" FROM "emp") AS "t" WHERE "t"."$f1" + 0 = "t"."$f1"',
  'SELECT "empno" FROM "emp" WHERE "sal" IS NOT NULL',
  'SELECT "empno" FROM "emp"', "x = x not reduced to x IS NOT NULL")
# LEFT JOIN ... ON TRUE for an uncorrelated scalar in the WHERE
P("SubQueryRemoveRule+FilterIntoJoinRule",
  'SELECT "ename" FROM "emp" WHERE "sal" >= (SELECT MAX("sal") FROM "bonus")',
  'SELECT "t"."ename" FROM (SELECT "ename", "sal" FROM "emp") AS "t" LEFT JOIN (SELECT MAX("sal") AS "EXPR$0" FROM "bonus") AS "t0" '
  'ON TRUE WHERE "t"."sal" >= "t0"."EXPR$0"',
  'SELECT "t"."ename" FROM (SELECT "ename", "sal" FROM "emp") AS "t" LEFT JOIN (SELECT MAX("sal") AS "EXPR$0" FROM "bonus") AS "t0" '
  'ON TRUE WHERE "t"."sal" >= COALESCE("t0"."EXPR$0", 0)', "a NULL maximum coalesced to 0")
P("SubQueryRemoveRule+FilterIntoJoinRule",
  'SELECT "dname" FROM "dept" WHERE (SELECT COUNT(*) FROM "emp") > 2',
  'SELECT "t"."dname" FROM (SELECT "dname" FROM "dept") AS "t" INNER JOIN (SELECT COUNT(*) AS "EXPR$0" FROM "emp") AS "t0" '
  'ON "t0"."EXPR$0" > 2',
  'SELECT "t"."dname" FROM (SELECT "dname" FROM "dept") AS "t" INNER JOIN (SELECT COUNT(*) AS "EXPR$0" FROM "emp") AS "t0" '
  'ON "t0"."EXPR$0" > 3', "a changed constant")
# window functions as printed (ProjectToWindowRule)
P("ProjectToWindowRule+ProjectMergeRule",
  'SELECT "empno", (SELECT COUNT(*) FROM "emp" AS "e2" WHERE "e2"."deptno" = "emp"."deptno") AS "EXPR$1" FROM "emp" WHERE "deptno" IS NOT NULL',
  'SELECT "t"."empno", "t"."$f1" AS "EXPR$1" FROM (SELECT "empno", "deptno", COUNT(*) OVER (PARTITION BY "deptno") AS "$f1" '
  'FROM "emp") AS "t" WHERE "t"."deptno" IS NOT NULL',
  'SELECT "t"."empno", "t"."$f1" AS "EXPR$1" FROM (SELECT "empno", "deptno", COUNT(*) OVER (PARTITION BY "deptno") AS "$f1" '
  'FROM "emp" WHERE "sal" > 0) AS "t" WHERE "t"."deptno" IS NOT NULL', "a filter pushed below the window")
P("ProjectToWindowRule+ProjectMergeRule",
  'SELECT "t"."ename", "t"."$f1" AS "EXPR$1" FROM (SELECT "ename", SUM("sal") OVER (PARTITION BY "job") AS "$f1" FROM "emp") AS "t"',
  'SELECT "emp"."ename", "t0"."s" AS "EXPR$1" FROM "emp" LEFT JOIN (SELECT "job", SUM("sal") AS "s" FROM "emp" GROUP BY "job") AS "t0" '
  'ON "emp"."job" IS NOT DISTINCT FROM "t0"."job"',
  'SELECT "emp"."ename", "t0"."s" AS "EXPR$1" FROM "emp" LEFT JOIN (SELECT "job", SUM("sal") AS "s" FROM "emp" GROUP BY "job") AS "t0" '
  'ON "emp"."job" = "t0"."job"', "the NULL partition not joined null-safely")

# ============================================================ Spark Catalyst batches
# t1(a, b, c), t2(x, y, z), t3(u, v, w): NULL-able integers without keys; r(k PK, v NOT NULL,
# w, s), q(id PK, rk NOT NULL FK r, n).
# Operator Optimization batch: PushDownPredicates ("pushes Filter operators through Join,
# Project, Aggregate, Union"), ColumnPruning ("prunes unnecessary columns"), CollapseProject
# ("combines two adjacent Project operators"), ConstantFolding, BooleanSimplification
# ("simplifies boolean expressions"), InferFiltersFromConstraints ("infers additional
# filters from the constraints of a join"), CombineFilters, EliminateOuterJoin.
RULE = "ColumnPruning+CollapseProject+PushDownPredicates"
for inner, outer, flat, bad in [
    ("SELECT a, b, c + 1 AS d FROM t1", "s.b > 1", "SELECT a FROM t1 WHERE b > 1", "SELECT a FROM t1 WHERE b >= 1"),
    ("SELECT x, y * 2 AS yy, z FROM t2", "s.yy < 4 AND s.z = 1", "SELECT x FROM t2 WHERE y * 2 < 4 AND z = 1",
     "SELECT x FROM t2 WHERE y < 4 AND z = 1"),
]:
    S(RULE, f"SELECT {flat.split()[1]} FROM ({inner}) AS s WHERE {outer}".replace("SELECT a + b FROM", "SELECT s.e FROM"),
      flat, bad, "pushed predicate changed")
S(RULE, "SELECT s.e FROM (SELECT a + b AS e, c FROM t1) AS s WHERE s.c IS NULL", "SELECT a + b FROM t1 WHERE c IS NULL",
  "SELECT a + b FROM t1 WHERE c IS NOT NULL", "pushed predicate negated")
RULE = "InferFiltersFromConstraints+PushDownPredicates+ConstantFolding"
S(RULE, "SELECT * FROM t1 JOIN t2 ON t1.a = t2.x WHERE t1.a = 1",
  "SELECT * FROM (SELECT * FROM t1 WHERE a = 1 AND a IS NOT NULL) AS t1 JOIN (SELECT * FROM t2 WHERE x = 1 AND x IS NOT NULL) AS t2 ON t1.a = t2.x",
  "SELECT * FROM (SELECT * FROM t1 WHERE a = 1 AND a IS NOT NULL) AS t1 JOIN (SELECT * FROM t2 WHERE x IS NOT NULL) AS t2 ON t1.a >= t2.x",
  "equality weakened, the inferred constant lost")
S(RULE, "SELECT t1.b, t3.w FROM t1 JOIN t2 ON t1.a = t2.x JOIN t3 ON t2.x = t3.u WHERE t1.a > 1 + 1",
  "SELECT t1.b, t3.w FROM (SELECT * FROM t1 WHERE a > 2) AS t1 JOIN (SELECT * FROM t2 WHERE x > 2) AS t2 ON t1.a = t2.x "
  "JOIN (SELECT * FROM t3 WHERE u > 2) AS t3 ON t2.x = t3.u",
  "SELECT t1.b, t3.w FROM (SELECT * FROM t1 WHERE a > 2) AS t1 JOIN (SELECT * FROM t2 WHERE x > 2) AS t2 ON t1.a = t2.x "
  "LEFT JOIN (SELECT * FROM t3 WHERE u > 2) AS t3 ON t2.x = t3.u", "inner join made outer")
S(RULE, "SELECT t1.a, t2.y FROM t1 LEFT JOIN t2 ON t1.a = t2.x AND t2.x = 2",
  "SELECT t1.a, t2.y FROM t1 LEFT JOIN (SELECT * FROM t2 WHERE x = 2 AND x IS NOT NULL) AS t2 ON t1.a = t2.x",
  "SELECT t1.a, t2.y FROM (SELECT * FROM t1 WHERE a = 2) AS t1 LEFT JOIN (SELECT * FROM t2 WHERE x = 2) AS t2 ON t1.a = t2.x",
  "the constant inferred into the preserved side")
S(RULE, "SELECT t1.c FROM t1 JOIN t2 ON t1.a = t2.x AND t1.b = t2.y WHERE t2.y = t1.a",
  "SELECT t1.c FROM (SELECT * FROM t1 WHERE b = a) AS t1 JOIN (SELECT * FROM t2 WHERE y = x) AS t2 ON t1.a = t2.x",
  "SELECT t1.c FROM (SELECT * FROM t1 WHERE b = a) AS t1 JOIN t2 ON t1.a = t2.x",
  "the inferred filter on the other side dropped")
RULE = "EliminateOuterJoin+PushDownPredicates+CombineFilters"
for cond, bad in [("t2.y > 1", "t2.y > 1 OR t2.y IS NULL"), ("t2.x + t2.z = 2", "COALESCE(t2.x + t2.z, 2) = 2"),
                  ("t2.z IS NOT NULL AND t2.y <> 0", "t2.y <> 0 OR t2.z IS NULL")]:
    S(RULE, f"SELECT * FROM (SELECT * FROM t1 LEFT JOIN t2 ON t1.a = t2.x WHERE t1.b > 0) AS s WHERE {cond.replace('t2.', 's.')}",
      f"SELECT * FROM (SELECT * FROM t1 WHERE b > 0) AS t1 JOIN (SELECT * FROM t2 WHERE {cond.replace('t2.', '')}) AS t2 ON t1.a = t2.x",
      f"SELECT * FROM (SELECT * FROM t1 WHERE b > 0) AS t1 LEFT JOIN t2 ON t1.a = t2.x WHERE {bad}",
      "a NULL-accepting filter: the outer join cannot become inner")
S(RULE, "SELECT t1.a, t2.x, t3.u FROM t1 FULL JOIN t2 ON t1.a = t2.x LEFT JOIN t3 ON t2.y = t3.v WHERE t1.b = 1 AND t3.w = 0",
  "SELECT t1.a, t2.x, t3.u FROM (SELECT * FROM t1 WHERE b = 1) AS t1 JOIN t2 ON t1.a = t2.x JOIN (SELECT * FROM t3 WHERE w = 0) AS t3 "
  "ON t2.y = t3.v",
  "SELECT t1.a, t2.x, t3.u FROM (SELECT * FROM t1 WHERE b = 1) AS t1 LEFT JOIN t2 ON t1.a = t2.x JOIN (SELECT * FROM t3 WHERE w = 0) AS t3 "
  "ON t2.y = t3.v OR t2.y IS NULL", "a NULL-tolerant join condition")
RULE = "ConstantFolding+BooleanSimplification+PushDownPredicates"
for cond, simple, bad in [
    ("(t1.a > 1 AND 1 = 1) OR (t1.a > 1 AND t1.b IS NULL)", "a > 1", "a >= 1"),
    ("NOT (t1.a <= 1 OR t1.b <> 2)", "a > 1 AND b = 2", "a > 1 OR b = 2"),
    ("t1.a IN (1, 2) AND (t1.a = 2 OR 2 + 2 = 5)", "a = 2", "a IN (1, 2)"),
    ("COALESCE(t1.c, 1) = 1 AND t1.c IS NOT NULL", "c = 1", "COALESCE(c, 1) = 1"),
]:
    S(RULE, f"SELECT t1.a, t2.y FROM t1 JOIN t2 ON t1.b = t2.x WHERE {cond}",
      f"SELECT t1.a, t2.y FROM (SELECT * FROM t1 WHERE {simple}) AS t1 JOIN t2 ON t1.b = t2.x",
      f"SELECT t1.a, t2.y FROM (SELECT * FROM t1 WHERE {bad}) AS t1 JOIN t2 ON t1.b = t2.x", "simplified wrongly")
# RewritePredicateSubquery ("rewrites predicate sub-queries into left semi/anti joins") +
# PullupCorrelatedPredicates + PushDownPredicates; null-aware anti join for NOT IN
RULE = "PullupCorrelatedPredicates+RewritePredicateSubquery+PushDownPredicates"
S(RULE, "SELECT a, b FROM t1 WHERE a IN (SELECT x FROM t2 WHERE t2.y = t1.b) AND c > 0",
  "SELECT a, b FROM t1 WHERE c > 0 AND EXISTS (SELECT 1 FROM t2 WHERE t2.x = t1.a AND t2.y = t1.b)",
  "SELECT a, b FROM t1 WHERE c > 0 AND EXISTS (SELECT 1 FROM t2 WHERE t2.x = t1.a)", "the pulled-up correlated predicate dropped")
S(RULE, "SELECT a FROM t1 WHERE a NOT IN (SELECT x FROM t2)",
  "SELECT a FROM t1 WHERE NOT EXISTS (SELECT 1 FROM t2 WHERE t2.x = t1.a OR t2.x IS NULL OR t1.a IS NULL)",
  "SELECT a FROM t1 WHERE NOT EXISTS (SELECT 1 FROM t2 WHERE t2.x = t1.a)", "NOT IN as plain anti join (NULLs)")
S(RULE, "SELECT a FROM t1 WHERE a NOT IN (SELECT x FROM t2 WHERE t2.z = t1.c)",
  "SELECT a FROM t1 WHERE NOT EXISTS (SELECT 1 FROM t2 WHERE t2.z = t1.c AND (t2.x = t1.a OR t2.x IS NULL OR t1.a IS NULL))",
  "SELECT a FROM t1 WHERE NOT EXISTS (SELECT 1 FROM t2 WHERE t2.z = t1.c AND (t2.x = t1.a OR t2.x IS NULL))",
  "NULL probe side forgotten")
S(RULE, "SELECT * FROM t1 WHERE EXISTS (SELECT 1 FROM t2 JOIN t3 ON t2.y = t3.v WHERE t2.x = t1.a AND t3.w > 1)",
  "SELECT * FROM t1 WHERE t1.a IN (SELECT t2.x FROM t2 JOIN (SELECT * FROM t3 WHERE w > 1) AS t3 ON t2.y = t3.v)",
  "SELECT * FROM t1 WHERE t1.a IN (SELECT t2.x FROM t2 LEFT JOIN (SELECT * FROM t3 WHERE w > 1) AS t3 ON t2.y = t3.v)",
  "inner join in the sub-query made outer")
S(RULE, "SELECT b FROM t1 WHERE NOT EXISTS (SELECT 1 FROM t2 WHERE t2.x = t1.a) AND EXISTS (SELECT 1 FROM t3 WHERE t3.u = t1.a)",
  "SELECT b FROM t1 WHERE t1.a IN (SELECT u FROM t3) AND t1.a NOT IN (SELECT x FROM t2 WHERE x IS NOT NULL)",
  "SELECT b FROM t1 WHERE t1.a IN (SELECT u FROM t3) AND t1.a NOT IN (SELECT x FROM t2)", "NOT IN over a NULL-able column")
S(RULE, "SELECT k, v FROM r WHERE EXISTS (SELECT 1 FROM q WHERE q.rk = r.k AND q.n > 0)",
  "SELECT DISTINCT r.k, r.v FROM r JOIN q ON q.rk = r.k WHERE q.n > 0",
  "SELECT DISTINCT r.v FROM r JOIN q ON q.rk = r.k WHERE q.n > 0", "key dropped before the DISTINCT")
S(RULE, "SELECT a, (SELECT MAX(y) FROM t2 WHERE t2.x = t1.a) FROM t1 WHERE b IS NOT NULL",
  "SELECT t1.a, m.my FROM t1 LEFT JOIN (SELECT x, MAX(y) AS my FROM t2 GROUP BY x) AS m ON m.x = t1.a WHERE t1.b IS NOT NULL",
  "SELECT t1.a, m.my FROM t1 LEFT JOIN (SELECT x, MAX(y) AS my FROM t2 GROUP BY x) AS m ON m.x = t1.a",
  "the outer filter dropped")
S("RewriteCorrelatedScalarSubquery+PushDownPredicates+ColumnPruning",
  "SELECT a FROM t1 WHERE (SELECT COUNT(*) FROM t2 WHERE t2.x = t1.a) < 2",
  "SELECT t1.a FROM t1 LEFT JOIN (SELECT x, COUNT(*) AS c FROM t2 GROUP BY x) AS g ON g.x = t1.a WHERE COALESCE(g.c, 0) < 2",
  "SELECT t1.a FROM t1 LEFT JOIN (SELECT x, COUNT(*) AS c FROM t2 GROUP BY x) AS g ON g.x = t1.a WHERE g.c < 2",
  "the COUNT bug (NULL for 0)")
S("RewriteCorrelatedScalarSubquery+PushDownPredicates+ColumnPruning",
  "SELECT a, (SELECT SUM(v) FROM t3 WHERE t3.u = t1.a AND t3.w = t1.b) AS s FROM t1",
  "SELECT t1.a, g.s FROM t1 LEFT JOIN (SELECT u, w, SUM(v) AS s FROM t3 GROUP BY u, w) AS g ON g.u = t1.a AND g.w = t1.b",
  "SELECT t1.a, g.s FROM t1 LEFT JOIN (SELECT u, SUM(v) AS s FROM t3 GROUP BY u) AS g ON g.u = t1.a",
  "a correlation column dropped")
# ReplaceDistinctWithAggregate / ReplaceIntersectWithSemiJoin / ReplaceExceptWithAntiJoin
# ("replaces logical Intersect/Except with a left semi/anti join" with null-safe equality)
S("ReplaceIntersectWithSemiJoin+ReplaceDistinctWithAggregate",
  "SELECT a, b FROM t1 INTERSECT SELECT x, y FROM t2",
  "SELECT a, b FROM t1 WHERE EXISTS (SELECT 1 FROM t2 WHERE t2.x IS NOT DISTINCT FROM t1.a AND t2.y IS NOT DISTINCT FROM t1.b) GROUP BY a, b",
  "SELECT a, b FROM t1 WHERE EXISTS (SELECT 1 FROM t2 WHERE t2.x = t1.a AND t2.y = t1.b) GROUP BY a, b",
  "= for null-safe equality (NULL rows lost)")
S("ReplaceExceptWithAntiJoin+ReplaceDistinctWithAggregate",
  "SELECT a FROM t1 EXCEPT SELECT x FROM t2",
  "SELECT a FROM t1 WHERE NOT EXISTS (SELECT 1 FROM t2 WHERE t2.x IS NOT DISTINCT FROM t1.a) GROUP BY a",
  "SELECT a FROM t1 WHERE NOT EXISTS (SELECT 1 FROM t2 WHERE t2.x IS NOT DISTINCT FROM t1.a)", "the DISTINCT dropped")
S("ReplaceExceptWithAntiJoin+ReplaceIntersectWithSemiJoin+CombineUnions",
  "SELECT a FROM t1 EXCEPT SELECT x FROM t2 INTERSECT SELECT u FROM t3",
  "SELECT DISTINCT a FROM t1 WHERE NOT EXISTS (SELECT 1 FROM t2 WHERE t2.x IS NOT DISTINCT FROM t1.a) "
  "AND EXISTS (SELECT 1 FROM t3 WHERE t3.u IS NOT DISTINCT FROM t1.a)",
  "SELECT DISTINCT a FROM t1 WHERE NOT EXISTS (SELECT 1 FROM t2 WHERE t2.x IS NOT DISTINCT FROM t1.a "
  "AND EXISTS (SELECT 1 FROM t3 WHERE t3.u IS NOT DISTINCT FROM t1.a))",
  "EXCEPT and INTERSECT grouped as PostgreSQL would (SQLite reads them left to right)", dialect="sqlite")
S("CombineUnions+PushDownPredicates+ColumnPruning",
  "SELECT s.p FROM (SELECT a AS p, b AS q FROM t1 UNION ALL SELECT x, y FROM t2 UNION ALL SELECT u, v FROM t3) AS s WHERE s.q > 1",
  "SELECT a FROM t1 WHERE b > 1 UNION ALL SELECT x FROM t2 WHERE y > 1 UNION ALL SELECT u FROM t3 WHERE v > 1",
  "SELECT a FROM t1 WHERE b > 1 UNION ALL SELECT x FROM t2 WHERE y > 1 UNION ALL SELECT u FROM t3 WHERE w > 1",
  "pushed onto the wrong column of the third operand")
S("CombineUnions+PushDownPredicates+ColumnPruning",
  "SELECT DISTINCT s.p FROM (SELECT a AS p FROM t1 UNION SELECT x FROM t2 UNION ALL SELECT u FROM t3) AS s",
  "SELECT a FROM t1 UNION SELECT x FROM t2 UNION SELECT u FROM t3",
  "SELECT a FROM t1 UNION SELECT x FROM t2 UNION ALL SELECT u FROM t3", "the outer DISTINCT dropped")
# Aggregate batch: RemoveRedundantAggregates, PushPredicateThroughAggregate, EliminateDistinct,
# RewriteDistinctAggregates, PullOutGroupingExpressions
S("PushDownPredicates+RemoveRedundantAggregates+CollapseProject",
  "SELECT s.a, s.m FROM (SELECT a, MAX(b) AS m FROM (SELECT a, b FROM t1 GROUP BY a, b) AS g GROUP BY a) AS s WHERE s.a > 1",
  "SELECT a, MAX(b) AS m FROM t1 WHERE a > 1 GROUP BY a",
  "SELECT a, MAX(b) AS m FROM t1 WHERE b > 1 GROUP BY a", "a filter on the aggregated column")
S("PushDownPredicates+RemoveRedundantAggregates+CollapseProject",
  "SELECT s.a, s.n FROM (SELECT a, COUNT(DISTINCT b) AS n FROM t1 GROUP BY a) AS s WHERE s.a IS NOT NULL AND s.n > 1",
  "SELECT a, COUNT(DISTINCT b) FROM t1 WHERE a IS NOT NULL GROUP BY a HAVING COUNT(DISTINCT b) > 1",
  "SELECT a, COUNT(b) FROM t1 WHERE a IS NOT NULL GROUP BY a HAVING COUNT(b) > 1", "DISTINCT dropped from the count")
S("EliminateDistinct+RewriteDistinctAggregates+PushDownPredicates",
  "SELECT x, MAX(DISTINCT y), COUNT(DISTINCT z) FROM t2 WHERE x > 0 GROUP BY x",
  "SELECT g.x, MAX(g.my), COUNT(g.z) FROM (SELECT x, z, MAX(y) AS my FROM t2 WHERE x > 0 GROUP BY x, z) AS g GROUP BY g.x",
  "SELECT g.x, MAX(g.my), COUNT(*) FROM (SELECT x, z, MAX(y) AS my FROM t2 WHERE x > 0 GROUP BY x, z) AS g GROUP BY g.x",
  "COUNT(*) counts the NULL z group")
S("PullOutGroupingExpressions+CollapseProject+ConstantFolding",
  "SELECT a + 1, COUNT(*) FROM t1 JOIN t2 ON t1.b = t2.y GROUP BY a + 1",
  "SELECT g.k, COUNT(*) FROM (SELECT t1.a + 1 AS k FROM t1 JOIN t2 ON t1.b = t2.y) AS g GROUP BY g.k",
  "SELECT g.k, COUNT(*) FROM (SELECT t1.a + 1 AS k FROM t1 JOIN t2 ON t1.b = t2.x) AS g GROUP BY g.k", "the wrong join column")
S("PushDownPredicates+PushPredicateThroughAggregate+InferFiltersFromConstraints",
  "SELECT g.x, g.c FROM (SELECT t2.x, COUNT(*) AS c FROM t2 JOIN t3 ON t2.x = t3.u GROUP BY t2.x) AS g WHERE g.x = 1",
  "SELECT t2.x, COUNT(*) FROM (SELECT * FROM t2 WHERE x = 1) AS t2 JOIN (SELECT * FROM t3 WHERE u = 1) AS t3 ON t2.x = t3.u GROUP BY t2.x",
  "SELECT t2.x, COUNT(*) FROM (SELECT * FROM t2 WHERE x = 1) AS t2 LEFT JOIN (SELECT * FROM t3 WHERE u = 1) AS t3 ON t2.x = t3.u GROUP BY t2.x",
  "the join made outer under the aggregate")
# keys and foreign keys: EliminateOuterJoin + join elimination on q -> r (rk NOT NULL FK)
S("ColumnPruning+CollapseProject+JoinElimination",
  "SELECT s.id, s.n FROM (SELECT q.id, q.n, r.v FROM q JOIN r ON q.rk = r.k) AS s",
  "SELECT id, n FROM q",
  ("SELECT s.id, s.n FROM (SELECT q.id, q.n, r.v FROM q JOIN r ON q.rk = r.k AND r.v > 0) AS s", "SELECT id, n FROM q"),
  "join removed though its condition filters")
S("ColumnPruning+CollapseProject+JoinElimination",
  "SELECT q.id FROM q LEFT JOIN r ON q.rk = r.k LEFT JOIN t1 ON t1.a = r.w WHERE q.n IS NULL",
  "SELECT q.id FROM q LEFT JOIN t1 ON t1.a = (SELECT r.w FROM r WHERE r.k = q.rk) WHERE q.n IS NULL",
  "SELECT q.id FROM q WHERE q.n IS NULL", "a duplicating outer join removed")
S("PushDownPredicates+EliminateOuterJoin+InferFiltersFromConstraints",
  "SELECT r.k, q.id FROM r LEFT JOIN q ON q.rk = r.k WHERE q.n > 1 AND r.w IS NOT NULL",
  "SELECT r.k, q.id FROM (SELECT * FROM r WHERE w IS NOT NULL) AS r JOIN (SELECT * FROM q WHERE n > 1) AS q ON q.rk = r.k",
  "SELECT r.k, q.id FROM (SELECT * FROM r WHERE w IS NOT NULL) AS r LEFT JOIN (SELECT * FROM q WHERE n > 1) AS q ON q.rk = r.k",
  "the outer join kept after pushing the NULL-rejecting filter")
S("RewritePredicateSubquery+JoinElimination+ColumnPruning",
  "SELECT id FROM q WHERE rk IN (SELECT k FROM r)",
  "SELECT id FROM q",
  "SELECT id FROM q WHERE n IS NOT NULL", "a filter invented")
S("RewritePredicateSubquery+ColumnPruning+CollapseProject",
  "SELECT k FROM r WHERE k NOT IN (SELECT rk FROM q WHERE n = 0)",
  "SELECT r.k FROM r LEFT JOIN (SELECT DISTINCT rk FROM q WHERE n = 0) AS m ON m.rk = r.k WHERE m.rk IS NULL",
  "SELECT r.k FROM r LEFT JOIN (SELECT DISTINCT rk FROM q WHERE n <> 0) AS m ON m.rk = r.k WHERE m.rk IS NULL", "= as <>")
# LimitPushDown + CollapseProject + EliminateSorts (list semantics on a total order)
S("LimitPushDown+EliminateSorts+CollapseProject",
  "SELECT s.k, s.v FROM (SELECT k, v, w FROM r ORDER BY k) AS s ORDER BY s.k LIMIT 2",
  "SELECT k, v FROM r ORDER BY k LIMIT 2",
  "SELECT k, v FROM r ORDER BY v LIMIT 2", "ordered by a non-key", semantics="list")
S("LimitPushDown+EliminateSorts+CollapseProject",
  "SELECT r.k, q.id FROM r LEFT JOIN q ON q.rk = r.k ORDER BY r.k, q.id LIMIT 3",
  "SELECT r.k, q.id FROM (SELECT k FROM r ORDER BY k LIMIT 3) AS r LEFT JOIN q ON q.rk = r.k ORDER BY r.k, q.id LIMIT 3",
  "SELECT r.k, q.id FROM (SELECT k FROM r ORDER BY k LIMIT 3) AS r JOIN q ON q.rk = r.k ORDER BY r.k, q.id LIMIT 3",
  "limit pushed below an inner join", semantics="list")
S("LimitPushDown+CombineUnions+EliminateLimits",
  "SELECT COUNT(*) FROM (SELECT a FROM t1 UNION ALL SELECT x FROM t2 UNION ALL SELECT u FROM t3) AS s",
  "SELECT (SELECT COUNT(*) FROM t1) + (SELECT COUNT(*) FROM t2) + (SELECT COUNT(*) FROM t3)",
  "SELECT (SELECT COUNT(a) FROM t1) + (SELECT COUNT(x) FROM t2) + (SELECT COUNT(u) FROM t3)", "COUNT(col) skips NULLs")

# ============================================================ TPC-H, other rules
# q04 as a join with DISTINCT (SemiJoinRule reversed by AggregateJoinTransposeRule)
H("q04/SubQueryRemoveRule+AggregateRemoveRule",
  "SELECT o_orderpriority, COUNT(*) AS order_count FROM orders WHERE o_orderdate >= '1995-01-01' AND o_orderdate < '1996-01-01' "
  "AND EXISTS (SELECT * FROM lineitem WHERE l_orderkey = o_orderkey AND l_commitdate < l_receiptdate) GROUP BY o_orderpriority",
  "SELECT o_orderpriority, COUNT(*) FROM (SELECT DISTINCT o.o_orderkey, o.o_orderpriority FROM orders AS o JOIN lineitem AS l "
  "ON l.l_orderkey = o.o_orderkey WHERE o.o_orderdate >= '1995-01-01' AND o.o_orderdate < '1996-01-01' "
  "AND l.l_commitdate < l.l_receiptdate) AS t GROUP BY o_orderpriority",
  "SELECT o.o_orderpriority, COUNT(*) FROM orders AS o JOIN lineitem AS l "
  "ON l.l_orderkey = o.o_orderkey WHERE o.o_orderdate >= '1995-01-01' AND o.o_orderdate < '1996-01-01' "
  "AND l.l_commitdate < l.l_receiptdate GROUP BY o.o_orderpriority", "semi join as join (counts line items)")
# q13: outer join with an ON predicate, count of counts
H("q13/AggregateProjectMergeRule+JoinConditionPushRule",
  "SELECT c_count, COUNT(*) AS custdist FROM (SELECT c_custkey, COUNT(o_orderkey) AS c_count FROM customer LEFT OUTER JOIN orders "
  "ON c_custkey = o_custkey AND o_comment NOT LIKE '%special%requests%' GROUP BY c_custkey) AS c_orders GROUP BY c_count",
  "SELECT c_count, COUNT(*) AS custdist FROM (SELECT c.c_custkey, COUNT(o.o_orderkey) AS c_count FROM customer AS c LEFT JOIN "
  "(SELECT o_orderkey, o_custkey FROM orders WHERE o_comment NOT LIKE '%special%requests%') AS o ON c.c_custkey = o.o_custkey "
  "GROUP BY c.c_custkey) AS c_orders GROUP BY c_count",
  "SELECT c_count, COUNT(*) AS custdist FROM (SELECT c.c_custkey, COUNT(*) AS c_count FROM customer AS c LEFT JOIN "
  "(SELECT o_orderkey, o_custkey FROM orders WHERE o_comment NOT LIKE '%special%requests%') AS o ON c.c_custkey = o.o_custkey "
  "GROUP BY c.c_custkey) AS c_orders GROUP BY c_count", "COUNT(*) counts the NULL-extended row")
H("q13/FilterIntoJoinRule+SubQueryRemoveRule",
  "SELECT c_custkey, COUNT(o_orderkey) FROM customer LEFT JOIN orders ON c_custkey = o_custkey AND o_comment NOT LIKE '%special%' "
  "GROUP BY c_custkey",
  "SELECT c_custkey, (SELECT COUNT(*) FROM orders WHERE o_custkey = c_custkey AND o_comment NOT LIKE '%special%') FROM customer",
  "SELECT c_custkey, COUNT(o_orderkey) FROM customer LEFT JOIN orders ON c_custkey = o_custkey WHERE o_comment NOT LIKE '%special%' "
  "GROUP BY c_custkey", "the ON predicate moved to WHERE (drops customers without such orders)")
# q15: the revenue view, max by a scalar sub-query vs. an ORDER BY ... LIMIT with ties kept
H("q15/SubQueryRemoveRule+AggregateProjectMergeRule",
  "SELECT s_suppkey, s_name, total_revenue FROM supplier JOIN (SELECT l_suppkey AS supplier_no, SUM(l_extendedprice * (1 - l_discount)) "
  "AS total_revenue FROM lineitem WHERE l_shipdate >= '1995-01-01' AND l_shipdate < '1996-01-01' GROUP BY l_suppkey) AS revenue0 "
  "ON s_suppkey = supplier_no WHERE total_revenue = (SELECT MAX(total_revenue) FROM (SELECT SUM(l_extendedprice * (1 - l_discount)) "
  "AS total_revenue FROM lineitem WHERE l_shipdate >= '1995-01-01' AND l_shipdate < '1996-01-01' GROUP BY l_suppkey) AS r1)",
  "SELECT s_suppkey, s_name, total_revenue FROM supplier JOIN (SELECT l_suppkey AS supplier_no, SUM(l_extendedprice * (1 - l_discount)) "
  "AS total_revenue FROM lineitem WHERE l_shipdate >= '1995-01-01' AND l_shipdate < '1996-01-01' GROUP BY l_suppkey) AS revenue0 "
  "ON s_suppkey = supplier_no WHERE NOT EXISTS (SELECT 1 FROM lineitem WHERE l_shipdate >= '1995-01-01' AND l_shipdate < '1996-01-01' "
  "GROUP BY l_suppkey HAVING SUM(l_extendedprice * (1 - l_discount)) > total_revenue)",
  "SELECT s_suppkey, s_name, total_revenue FROM supplier JOIN (SELECT l_suppkey AS supplier_no, SUM(l_extendedprice * (1 - l_discount)) "
  "AS total_revenue FROM lineitem WHERE l_shipdate >= '1995-01-01' AND l_shipdate < '1996-01-01' GROUP BY l_suppkey) AS revenue0 "
  "ON s_suppkey = supplier_no WHERE NOT EXISTS (SELECT 1 FROM lineitem WHERE l_shipdate >= '1995-01-01' AND l_shipdate < '1996-01-01' "
  "GROUP BY l_suppkey HAVING SUM(l_extendedprice * (1 - l_discount)) >= total_revenue)", "> as >= in the anti join (a supplier beats itself)")
# q16: NOT IN over a NOT NULL column as an anti join; COUNT(DISTINCT)
H("q16/SubQueryRemoveRule+AggregateExpandDistinctAggregatesRule",
  "SELECT p_brand, p_type, p_size, COUNT(DISTINCT ps_suppkey) AS supplier_cnt FROM partsupp, part WHERE p_partkey = ps_partkey "
  "AND p_brand <> 'Brand#45' AND p_type NOT LIKE 'MEDIUM POLISHED%' AND p_size IN (49, 14, 23, 45, 19, 3, 36, 9) "
  "AND ps_suppkey NOT IN (SELECT s_suppkey FROM supplier WHERE s_comment LIKE '%Customer%Complaints%') GROUP BY p_brand, p_type, p_size",
  "SELECT p_brand, p_type, p_size, COUNT(*) FROM (SELECT DISTINCT p_brand, p_type, p_size, ps_suppkey FROM partsupp JOIN part "
  "ON p_partkey = ps_partkey WHERE p_brand <> 'Brand#45' AND p_type NOT LIKE 'MEDIUM POLISHED%' AND p_size IN (49, 14, 23, 45, 19, 3, 36, 9) "
  "AND NOT EXISTS (SELECT 1 FROM supplier WHERE s_suppkey = ps_suppkey AND s_comment LIKE '%Customer%Complaints%')) AS t "
  "GROUP BY p_brand, p_type, p_size",
  "SELECT p_brand, p_type, p_size, COUNT(*) FROM (SELECT p_brand, p_type, p_size, ps_suppkey FROM partsupp JOIN part "
  "ON p_partkey = ps_partkey WHERE p_brand <> 'Brand#45' AND p_type NOT LIKE 'MEDIUM POLISHED%' AND p_size IN (49, 14, 23, 45, 19, 3, 36, 9) "
  "AND NOT EXISTS (SELECT 1 FROM supplier WHERE s_suppkey = ps_suppkey AND s_comment LIKE '%Customer%Complaints%')) AS t "
  "GROUP BY p_brand, p_type, p_size", "DISTINCT dropped (counts part-supplier rows per supplier twice)")
# q17: correlated AVG decorrelated to a join with a grouped derived table
H("q17/SubQueryRemoveRule+Decorrelate+AggregateJoinTransposeRule",
  "SELECT SUM(l_extendedprice) / 7.0 AS avg_yearly FROM lineitem, part WHERE p_partkey = l_partkey AND p_brand = 'Brand#23' "
  "AND p_container = 'LG CASE' AND l_quantity < (SELECT 0.5 * AVG(l_quantity) FROM lineitem WHERE l_partkey = p_partkey)",
  "SELECT SUM(l.l_extendedprice) / 7.0 FROM lineitem AS l JOIN part AS p ON p.p_partkey = l.l_partkey JOIN (SELECT l_partkey AS pk, "
  "0.5 * AVG(l_quantity) AS lim FROM lineitem GROUP BY l_partkey) AS a ON a.pk = p.p_partkey WHERE p.p_brand = 'Brand#23' "
  "AND p.p_container = 'LG CASE' AND l.l_quantity < a.lim",
  "SELECT SUM(l.l_extendedprice) / 7.0 FROM lineitem AS l JOIN part AS p ON p.p_partkey = l.l_partkey JOIN (SELECT l_partkey AS pk, "
  "AVG(l_quantity) AS lim FROM lineitem GROUP BY l_partkey) AS a ON a.pk = p.p_partkey WHERE p.p_brand = 'Brand#23' "
  "AND p.p_container = 'LG CASE' AND l.l_quantity < a.lim", "the factor 0.5 dropped")
# q18: IN over a grouped HAVING sub-query as a semi join
H("q18/SubQueryRemoveRule+SemiJoinRule+AggregateProjectMergeRule",
  "SELECT c_name, c_custkey, o_orderkey, o_orderdate, o_totalprice, SUM(l_quantity) FROM customer, orders, lineitem "
  "WHERE o_orderkey IN (SELECT l_orderkey FROM lineitem GROUP BY l_orderkey HAVING SUM(l_quantity) > 30) "
  "AND c_custkey = o_custkey AND o_orderkey = l_orderkey GROUP BY c_name, c_custkey, o_orderkey, o_orderdate, o_totalprice",
  "SELECT c.c_name, c.c_custkey, o.o_orderkey, o.o_orderdate, o.o_totalprice, big.q FROM customer AS c JOIN orders AS o "
  "ON c.c_custkey = o.o_custkey JOIN (SELECT l_orderkey, SUM(l_quantity) AS q FROM lineitem GROUP BY l_orderkey "
  "HAVING SUM(l_quantity) > 30) AS big ON big.l_orderkey = o.o_orderkey",
  "SELECT c.c_name, c.c_custkey, o.o_orderkey, o.o_orderdate, o.o_totalprice, big.q FROM customer AS c JOIN orders AS o "
  "ON c.c_custkey = o.o_custkey JOIN (SELECT l_orderkey, SUM(l_quantity) AS q FROM lineitem GROUP BY l_orderkey "
  "HAVING SUM(l_quantity) >= 30) AS big ON big.l_orderkey = o.o_orderkey", "> as >=")
# q20: nested IN and a correlated SUM
H("q20/SubQueryRemoveRule+Decorrelate+SemiJoinRule",
  "SELECT s_name FROM supplier, nation WHERE s_suppkey IN (SELECT ps_suppkey FROM partsupp WHERE ps_partkey IN "
  "(SELECT p_partkey FROM part WHERE p_name LIKE 'green%') AND ps_availqty > (SELECT 0.5 * SUM(l_quantity) FROM lineitem "
  "WHERE l_partkey = ps_partkey AND l_suppkey = ps_suppkey AND l_shipdate >= '1994-01-01' AND l_shipdate < '1995-01-01')) "
  "AND s_nationkey = n_nationkey AND n_name = 'CHINA'",
  "SELECT s.s_name FROM supplier AS s JOIN nation AS n ON s.s_nationkey = n.n_nationkey WHERE n.n_name = 'CHINA' AND EXISTS "
  "(SELECT 1 FROM partsupp AS ps JOIN part AS p ON p.p_partkey = ps.ps_partkey JOIN (SELECT l_partkey, l_suppkey, "
  "0.5 * SUM(l_quantity) AS h FROM lineitem WHERE l_shipdate >= '1994-01-01' AND l_shipdate < '1995-01-01' GROUP BY l_partkey, l_suppkey) "
  "AS a ON a.l_partkey = ps.ps_partkey AND a.l_suppkey = ps.ps_suppkey WHERE ps.ps_suppkey = s.s_suppkey AND p.p_name LIKE 'green%' "
  "AND ps.ps_availqty > a.h)",
  "SELECT s.s_name FROM supplier AS s JOIN nation AS n ON s.s_nationkey = n.n_nationkey WHERE n.n_name = 'CHINA' AND EXISTS "
  "(SELECT 1 FROM partsupp AS ps JOIN part AS p ON p.p_partkey = ps.ps_partkey LEFT JOIN (SELECT l_partkey, l_suppkey, "
  "0.5 * SUM(l_quantity) AS h FROM lineitem WHERE l_shipdate >= '1994-01-01' AND l_shipdate < '1995-01-01' GROUP BY l_partkey, l_suppkey) "
  "AS a ON a.l_partkey = ps.ps_partkey AND a.l_suppkey = ps.ps_suppkey WHERE ps.ps_suppkey = s.s_suppkey AND p.p_name LIKE 'green%' "
  "AND ps.ps_availqty > COALESCE(a.h, 0))", "empty SUM taken as 0 (it is NULL: the comparison is unknown)")
# q21: EXISTS / NOT EXISTS on other line items of the same order
H("q21/SubQueryRemoveRule+SemiJoinRule+AntiJoinRule",
  "SELECT s_name, COUNT(*) AS numwait FROM supplier, lineitem l1, orders WHERE s_suppkey = l1.l_suppkey "
  "AND o_orderkey = l1.l_orderkey AND l1.l_receiptdate > l1.l_commitdate AND EXISTS (SELECT * FROM lineitem l2 "
  "WHERE l2.l_orderkey = l1.l_orderkey AND l2.l_suppkey <> l1.l_suppkey) AND NOT EXISTS (SELECT * FROM lineitem l3 "
  "WHERE l3.l_orderkey = l1.l_orderkey AND l3.l_suppkey <> l1.l_suppkey AND l3.l_receiptdate > l3.l_commitdate) "
  "GROUP BY s_name",
  "SELECT s_name, COUNT(*) FROM supplier JOIN lineitem AS l1 ON s_suppkey = l1.l_suppkey "
  "JOIN orders ON o_orderkey = l1.l_orderkey WHERE l1.l_receiptdate > l1.l_commitdate "
  "AND l1.l_orderkey IN (SELECT l2.l_orderkey FROM lineitem AS l2 WHERE l2.l_suppkey <> l1.l_suppkey) AND l1.l_orderkey NOT IN "
  "(SELECT l3.l_orderkey FROM lineitem AS l3 WHERE l3.l_suppkey <> l1.l_suppkey AND l3.l_receiptdate > l3.l_commitdate) GROUP BY s_name",
  "SELECT s_name, COUNT(*) FROM supplier JOIN lineitem AS l1 ON s_suppkey = l1.l_suppkey "
  "JOIN orders ON o_orderkey = l1.l_orderkey WHERE l1.l_receiptdate > l1.l_commitdate "
  "AND l1.l_orderkey IN (SELECT l2.l_orderkey FROM lineitem AS l2 WHERE l2.l_suppkey <> l1.l_suppkey) AND l1.l_orderkey NOT IN "
  "(SELECT l3.l_orderkey FROM lineitem AS l3 WHERE l3.l_receiptdate > l3.l_commitdate) GROUP BY s_name",
  "the NOT EXISTS correlation on the supplier dropped")
# q22: substring country codes, scalar AVG and NOT EXISTS
H("q22/SubQueryRemoveRule+Decorrelate+FilterIntoJoinRule",
  "SELECT cntrycode, COUNT(*) AS numcust, SUM(c_acctbal) FROM (SELECT SUBSTR(c_phone, 1, 2) AS cntrycode, c_acctbal FROM customer "
  "WHERE SUBSTR(c_phone, 1, 2) IN ('13', '31', '23') AND c_acctbal > (SELECT AVG(c_acctbal) FROM customer WHERE c_acctbal > 0.00 "
  "AND SUBSTR(c_phone, 1, 2) IN ('13', '31', '23')) AND NOT EXISTS (SELECT * FROM orders WHERE o_custkey = c_custkey)) AS custsale "
  "GROUP BY cntrycode",
  "SELECT SUBSTR(c.c_phone, 1, 2), COUNT(*), SUM(c.c_acctbal) FROM customer AS c CROSS JOIN (SELECT AVG(c_acctbal) AS a FROM customer "
  "WHERE c_acctbal > 0.00 AND SUBSTR(c_phone, 1, 2) IN ('13', '31', '23')) AS av LEFT JOIN (SELECT DISTINCT o_custkey FROM orders) AS o "
  "ON o.o_custkey = c.c_custkey WHERE SUBSTR(c.c_phone, 1, 2) IN ('13', '31', '23') AND c.c_acctbal > av.a AND o.o_custkey IS NULL "
  "GROUP BY SUBSTR(c.c_phone, 1, 2)",
  "SELECT SUBSTR(c.c_phone, 1, 2), COUNT(*), SUM(c.c_acctbal) FROM customer AS c CROSS JOIN (SELECT AVG(c_acctbal) AS a FROM customer "
  "WHERE c_acctbal > 0.00) AS av LEFT JOIN (SELECT DISTINCT o_custkey FROM orders) AS o "
  "ON o.o_custkey = c.c_custkey WHERE SUBSTR(c.c_phone, 1, 2) IN ('13', '31', '23') AND c.c_acctbal > av.a AND o.o_custkey IS NULL "
  "GROUP BY SUBSTR(c.c_phone, 1, 2)", "the country filter dropped from the average")
# q11: HAVING against a scalar sub-query total; q02: min-cost supplier by correlated MIN
H("q11/SubQueryRemoveRule+FilterAggregateTransposeRule",
  "SELECT ps_partkey, SUM(ps_supplycost * ps_availqty) AS value FROM partsupp, supplier, nation WHERE ps_suppkey = s_suppkey "
  "AND s_nationkey = n_nationkey AND n_name = 'GERMANY' GROUP BY ps_partkey HAVING SUM(ps_supplycost * ps_availqty) > "
  "(SELECT SUM(ps_supplycost * ps_availqty) * 0.25 FROM partsupp, supplier, nation WHERE ps_suppkey = s_suppkey "
  "AND s_nationkey = n_nationkey AND n_name = 'GERMANY')",
  "SELECT g.ps_partkey, g.value FROM (SELECT ps_partkey, SUM(ps_supplycost * ps_availqty) AS value FROM partsupp JOIN supplier "
  "ON ps_suppkey = s_suppkey JOIN nation ON s_nationkey = n_nationkey WHERE n_name = 'GERMANY' GROUP BY ps_partkey) AS g "
  "JOIN (SELECT SUM(ps_supplycost * ps_availqty) * 0.25 AS t FROM partsupp JOIN supplier ON ps_suppkey = s_suppkey "
  "JOIN nation ON s_nationkey = n_nationkey WHERE n_name = 'GERMANY') AS tot ON g.value > tot.t",
  "SELECT g.ps_partkey, g.value FROM (SELECT ps_partkey, SUM(ps_supplycost * ps_availqty) AS value FROM partsupp JOIN supplier "
  "ON ps_suppkey = s_suppkey JOIN nation ON s_nationkey = n_nationkey WHERE n_name = 'GERMANY' GROUP BY ps_partkey) AS g "
  "JOIN (SELECT SUM(ps_supplycost * ps_availqty) * 0.25 AS t FROM partsupp JOIN supplier ON ps_suppkey = s_suppkey "
  "JOIN nation ON s_nationkey = n_nationkey WHERE n_name = 'GERMANY') AS tot ON g.value > tot.t / 0.25", "the fraction 0.25 undone")
H("q02/SubQueryRemoveRule+Decorrelate+JoinCommuteRule",
  "SELECT s_name, p_partkey FROM part, supplier, partsupp WHERE p_partkey = ps_partkey AND s_suppkey = ps_suppkey AND p_size = 15 "
  "AND ps_supplycost = (SELECT MIN(ps_supplycost) FROM partsupp, supplier WHERE p_partkey = ps_partkey AND s_suppkey = ps_suppkey)",
  "SELECT s.s_name, p.p_partkey FROM (SELECT ps_partkey, MIN(ps_supplycost) AS mc FROM partsupp JOIN supplier ON s_suppkey = ps_suppkey "
  "GROUP BY ps_partkey) AS m JOIN part AS p ON p.p_partkey = m.ps_partkey JOIN partsupp AS ps ON ps.ps_partkey = p.p_partkey "
  "AND ps.ps_supplycost = m.mc JOIN supplier AS s ON s.s_suppkey = ps.ps_suppkey WHERE p.p_size = 15",
  "SELECT s.s_name, p.p_partkey FROM (SELECT ps_partkey, MIN(ps_supplycost) AS mc FROM partsupp JOIN supplier ON s_suppkey = ps_suppkey "
  "GROUP BY ps_partkey) AS m JOIN part AS p ON p.p_partkey = m.ps_partkey JOIN partsupp AS ps ON ps.ps_partkey = p.p_partkey "
  "AND ps.ps_supplycost <= m.mc + 1 JOIN supplier AS s ON s.s_suppkey = ps.ps_suppkey WHERE p.p_size = 15",
  "the minimum-cost test loosened")
# q12 by CASE-to-FILTER and q14 by AggregateReduceFunctionsRule; q19 by OR factoring
H("q12/AggregateCaseToFilterRule+FilterIntoJoinRule",
  "SELECT l_shipmode, SUM(CASE WHEN o_orderpriority = '1-URGENT' OR o_orderpriority = '2-HIGH' THEN 1 ELSE 0 END) AS high_line_count "
  "FROM orders, lineitem WHERE o_orderkey = l_orderkey AND l_shipmode IN ('MAIL', 'SHIP') AND l_commitdate < l_receiptdate "
  "GROUP BY l_shipmode",
  "SELECT l_shipmode, COUNT(*) FILTER (WHERE o_orderpriority IN ('1-URGENT', '2-HIGH')) FROM lineitem JOIN orders "
  "ON o_orderkey = l_orderkey WHERE l_shipmode IN ('MAIL', 'SHIP') AND l_commitdate < l_receiptdate GROUP BY l_shipmode",
  "SELECT l_shipmode, COUNT(*) FILTER (WHERE o_orderpriority IN ('1-URGENT', '2-HIGH')) FROM lineitem JOIN orders "
  "ON o_orderkey = l_orderkey WHERE l_shipmode IN ('MAIL', 'SHIP') AND l_commitdate <= l_receiptdate GROUP BY l_shipmode", "< as <=")
H("q14/AggregateReduceFunctionsRule+ProjectMergeRule",
  "SELECT 100.00 * SUM(CASE WHEN p_type LIKE 'PROMO%' THEN l_extendedprice * (1 - l_discount) ELSE 0 END) "
  "/ SUM(l_extendedprice * (1 - l_discount)) FROM lineitem, part WHERE l_partkey = p_partkey AND l_shipdate >= '1995-03-01'",
  "SELECT 100.00 * t.promo / t.total FROM (SELECT SUM(CASE WHEN p_type LIKE 'PROMO%' THEN l_extendedprice * (1 - l_discount) ELSE 0 END) AS promo, "
  "SUM(l_extendedprice * (1 - l_discount)) AS total FROM lineitem JOIN part ON l_partkey = p_partkey WHERE l_shipdate >= '1995-03-01') AS t",
  "SELECT 100.00 * t.promo / t.total FROM (SELECT SUM(CASE WHEN p_type LIKE 'PROMO%' THEN l_extendedprice * (1 - l_discount) ELSE 0 END) AS promo, "
  "SUM(l_extendedprice) AS total FROM lineitem JOIN part ON l_partkey = p_partkey WHERE l_shipdate >= '1995-03-01') AS t",
  "the discount dropped from the total")
H("q19/ReduceExpressionsRule+FilterIntoJoinRule",
  "SELECT SUM(l_extendedprice * (1 - l_discount)) FROM lineitem, part WHERE (p_partkey = l_partkey AND p_brand = 'Brand#12' "
  "AND l_quantity >= 1 AND l_quantity <= 11 AND l_shipmode IN ('AIR', 'MAIL')) OR (p_partkey = l_partkey AND p_brand = 'Brand#23' "
  "AND l_quantity >= 10 AND l_quantity <= 30 AND l_shipmode IN ('AIR', 'MAIL'))",
  "SELECT SUM(l_extendedprice * (1 - l_discount)) FROM lineitem JOIN part ON p_partkey = l_partkey WHERE l_shipmode IN ('AIR', 'MAIL') "
  "AND ((p_brand = 'Brand#12' AND l_quantity BETWEEN 1 AND 11) OR (p_brand = 'Brand#23' AND l_quantity BETWEEN 10 AND 30))",
  "SELECT SUM(l_extendedprice * (1 - l_discount)) FROM lineitem JOIN part ON p_partkey = l_partkey WHERE l_shipmode IN ('AIR', 'MAIL') "
  "AND (p_brand = 'Brand#12' OR p_brand = 'Brand#23') AND l_quantity BETWEEN 1 AND 30", "OR factored too far")

# ============================================================ TPC-C transactions
# warehouse(w_id PK), district(d_w_id FK, d_id), customer(c_w_id, c_d_id, c_id), orders(o_w_id,
# o_d_id, o_id, o_c_id, o_carrier_id NULL-able), new_order, order_line(ol_i_id FK item), item, stock.
W("stock_level/SubQueryRemoveRule+AggregateRemoveRule",
  "SELECT COUNT(DISTINCT s.s_i_id) FROM order_line AS ol, stock AS s WHERE ol.ol_w_id = 1 AND ol.ol_d_id = 1 AND ol.ol_o_id < 3 "
  "AND ol.ol_o_id >= 1 AND s.s_w_id = 1 AND s.s_i_id = ol.ol_i_id AND s.s_quantity < 10",
  "SELECT COUNT(*) FROM stock WHERE s_w_id = 1 AND s_quantity < 10 AND s_i_id IN (SELECT ol_i_id FROM order_line WHERE ol_w_id = 1 "
  "AND ol_d_id = 1 AND ol_o_id < 3 AND ol_o_id >= 1)",
  "SELECT COUNT(*) FROM stock JOIN order_line ON s_i_id = ol_i_id WHERE s_w_id = 1 AND s_quantity < 10 AND ol_w_id = 1 "
  "AND ol_d_id = 1 AND ol_o_id < 3 AND ol_o_id >= 1", "join for semi join (counts order lines)")
W("order_status/SubQueryRemoveRule+SortRemoveRule",
  "SELECT o_id, o_carrier_id FROM orders WHERE o_w_id = 1 AND o_d_id = 1 AND o_c_id = 1 AND o_id = (SELECT MAX(o_id) FROM orders "
  "WHERE o_w_id = 1 AND o_d_id = 1 AND o_c_id = 1)",
  "SELECT o_id, o_carrier_id FROM orders WHERE o_w_id = 1 AND o_d_id = 1 AND o_c_id = 1 ORDER BY o_id DESC LIMIT 1",
  "SELECT o_id, o_carrier_id FROM orders WHERE o_w_id = 1 AND o_d_id = 1 AND o_c_id = 1 ORDER BY o_id LIMIT 1", "ASC for DESC")
W("order_status/FilterIntoJoinRule+JoinCommuteRule",
  "SELECT ol.ol_i_id, ol.ol_quantity FROM order_line AS ol, orders AS o WHERE ol.ol_w_id = o.o_w_id AND ol.ol_d_id = o.o_d_id "
  "AND ol.ol_o_id = o.o_id AND o.o_c_id = 2 AND o.o_w_id = 1",
  "SELECT ol.ol_i_id, ol.ol_quantity FROM (SELECT * FROM orders WHERE o_c_id = 2 AND o_w_id = 1) AS o JOIN "
  "(SELECT * FROM order_line WHERE ol_w_id = 1) AS ol ON ol.ol_d_id = o.o_d_id AND ol.ol_o_id = o.o_id AND ol.ol_w_id = o.o_w_id",
  "SELECT ol.ol_i_id, ol.ol_quantity FROM (SELECT * FROM orders WHERE o_c_id = 2 AND o_w_id = 1) AS o JOIN "
  "(SELECT * FROM order_line WHERE ol_w_id = 1) AS ol ON ol.ol_o_id = o.o_id AND ol.ol_w_id = o.o_w_id",
  "a composite-key join column dropped")
W("delivery/SubQueryRemoveRule+AggregateProjectMergeRule",
  "SELECT d.d_id, (SELECT MIN(no_o_id) FROM new_order WHERE no_w_id = d.d_w_id AND no_d_id = d.d_id) FROM district AS d WHERE d.d_w_id = 1",
  "SELECT d.d_id, m.mo FROM district AS d LEFT JOIN (SELECT no_w_id, no_d_id, MIN(no_o_id) AS mo FROM new_order GROUP BY no_w_id, no_d_id) "
  "AS m ON m.no_w_id = d.d_w_id AND m.no_d_id = d.d_id WHERE d.d_w_id = 1",
  "SELECT d.d_id, m.mo FROM district AS d JOIN (SELECT no_w_id, no_d_id, MIN(no_o_id) AS mo FROM new_order GROUP BY no_w_id, no_d_id) "
  "AS m ON m.no_w_id = d.d_w_id AND m.no_d_id = d.d_id WHERE d.d_w_id = 1", "inner join drops districts without new orders")
W("delivery/AggregateJoinTransposeRule+FilterIntoJoinRule",
  "SELECT o.o_c_id, SUM(ol.ol_amount) FROM orders AS o JOIN order_line AS ol ON ol.ol_w_id = o.o_w_id AND ol.ol_d_id = o.o_d_id "
  "AND ol.ol_o_id = o.o_id WHERE o.o_carrier_id IS NULL GROUP BY o.o_c_id",
  "SELECT o.o_c_id, SUM(t.amt) FROM orders AS o JOIN (SELECT ol_w_id, ol_d_id, ol_o_id, SUM(ol_amount) AS amt FROM order_line "
  "GROUP BY ol_w_id, ol_d_id, ol_o_id) AS t ON t.ol_w_id = o.o_w_id AND t.ol_d_id = o.o_d_id AND t.ol_o_id = o.o_id "
  "WHERE o.o_carrier_id IS NULL GROUP BY o.o_c_id",
  "SELECT o.o_c_id, SUM(t.amt) FROM orders AS o JOIN (SELECT ol_w_id, ol_d_id, ol_o_id, SUM(ol_amount) AS amt FROM order_line "
  "GROUP BY ol_w_id, ol_d_id, ol_o_id) AS t ON t.ol_w_id = o.o_w_id AND t.ol_d_id = o.o_d_id AND t.ol_o_id = o.o_id "
  "WHERE o.o_carrier_id IS NOT NULL GROUP BY o.o_c_id", "IS NULL negated")
W("new_order/JoinCommuteRule+ProjectJoinTransposeRule",
  "SELECT c.c_discount, c.c_last, c.c_credit, w.w_tax FROM customer AS c, warehouse AS w WHERE w.w_id = 1 AND c.c_w_id = w.w_id "
  "AND c.c_d_id = 2 AND c.c_id = 1",
  "SELECT c.c_discount, c.c_last, c.c_credit, w.w_tax FROM (SELECT w_id, w_tax FROM warehouse WHERE w_id = 1) AS w JOIN "
  "(SELECT * FROM customer WHERE c_w_id = 1 AND c_d_id = 2 AND c_id = 1) AS c ON c.c_w_id = w.w_id",
  "SELECT c.c_discount, c.c_last, c.c_credit, w.w_tax FROM (SELECT w_id, w_tax FROM warehouse WHERE w_id = 1) AS w LEFT JOIN "
  "(SELECT * FROM customer WHERE c_w_id = 1 AND c_d_id = 2 AND c_id = 1) AS c ON c.c_w_id = w.w_id", "inner as left join")
W("payment/SubQueryRemoveRule+AggregateRemoveRule",
  "SELECT c_id, c_balance FROM customer WHERE c_w_id = 1 AND c_d_id = 1 AND c_last = 'BAR' AND c_balance >= "
  "(SELECT AVG(c_balance) FROM customer WHERE c_w_id = 1 AND c_d_id = 1 AND c_last = 'BAR')",
  "SELECT c.c_id, c.c_balance FROM customer AS c JOIN (SELECT AVG(c_balance) AS a FROM customer WHERE c_w_id = 1 AND c_d_id = 1 "
  "AND c_last = 'BAR') AS t ON c.c_balance >= t.a WHERE c.c_w_id = 1 AND c.c_d_id = 1 AND c.c_last = 'BAR'",
  "SELECT c.c_id, c.c_balance FROM customer AS c JOIN (SELECT AVG(c_balance) AS a FROM customer WHERE c_w_id = 1 "
  "AND c_last = 'BAR') AS t ON c.c_balance >= t.a WHERE c.c_w_id = 1 AND c.c_d_id = 1 AND c.c_last = 'BAR'",
  "the district filter dropped from the average")


# ============================================================ more of each kind
# FilterAggregateTransposeRule ("pushes a Filter past an Aggregate" when it uses group keys
# only) + AggregateProjectMergeRule + FilterProjectTransposeRule
C("FilterAggregateTransposeRule+AggregateProjectMergeRule+FilterProjectTransposeRule",
  "SELECT * FROM (SELECT deptno, job, SUM(sal) AS s FROM (SELECT deptno, job, sal FROM emp) AS t GROUP BY deptno, job) AS g "
  "WHERE g.deptno = 10 AND g.s > 1",
  "SELECT deptno, job, SUM(sal) FROM emp WHERE deptno = 10 GROUP BY deptno, job HAVING SUM(sal) > 1",
  "SELECT deptno, job, SUM(sal) FROM emp WHERE deptno = 10 AND sal > 1 GROUP BY deptno, job",
  "the aggregate's predicate pushed below it as a row filter")
C("FilterAggregateTransposeRule+AggregateProjectMergeRule+FilterProjectTransposeRule",
  "SELECT g.job, g.c FROM (SELECT job, COUNT(*) AS c FROM (SELECT job, deptno FROM emp WHERE sal IS NOT NULL) AS t GROUP BY job) AS g "
  "WHERE g.job IS NULL OR g.job = 'CLERK'",
  "SELECT job, COUNT(*) FROM emp WHERE sal IS NOT NULL AND (job IS NULL OR job = 'CLERK') GROUP BY job",
  "SELECT job, COUNT(*) FROM emp WHERE sal IS NOT NULL AND job = 'CLERK' GROUP BY job", "the NULL group dropped")
C("AggregateUnionTransposeRule+UnionMergeRule",
  "SELECT u.job, MAX(u.sal) FROM (SELECT job, sal FROM emp UNION ALL SELECT job, sal FROM bonus UNION ALL "
  "SELECT kind, balance FROM account) AS u GROUP BY u.job",
  "SELECT v.job, MAX(v.m) FROM (SELECT job, MAX(sal) AS m FROM emp GROUP BY job UNION ALL SELECT job, MAX(sal) FROM bonus GROUP BY job "
  "UNION ALL SELECT kind, MAX(balance) FROM account GROUP BY kind) AS v GROUP BY v.job",
  "SELECT v.job, SUM(v.m) FROM (SELECT job, MAX(sal) AS m FROM emp GROUP BY job UNION ALL SELECT job, MAX(sal) FROM bonus GROUP BY job "
  "UNION ALL SELECT kind, MAX(balance) FROM account GROUP BY kind) AS v GROUP BY v.job", "MAX of partial maxima as SUM")
C("FilterIntoJoinRule+JoinCommuteRule+JoinAssociateRule",
  "SELECT a.acctno, m.ename FROM account AS a JOIN emp AS e ON a.empno = e.empno JOIN emp AS m ON e.mgr = m.empno "
  "JOIN dept AS d ON m.deptno = d.deptno WHERE d.loc = 'NY'",
  "SELECT a.acctno, m.ename FROM (SELECT deptno FROM dept WHERE loc = 'NY') AS d JOIN emp AS m ON m.deptno = d.deptno "
  "JOIN emp AS e ON e.mgr = m.empno JOIN account AS a ON a.empno = e.empno",
  "SELECT a.acctno, m.ename FROM (SELECT deptno FROM dept WHERE loc = 'NY') AS d JOIN emp AS m ON m.deptno = d.deptno "
  "JOIN emp AS e ON e.mgr = m.mgr JOIN account AS a ON a.empno = e.empno", "the self-join on the wrong column")
C("AggregateJoinRemoveRule+AggregateExpandDistinctAggregatesRule",
  "SELECT e.deptno, COUNT(DISTINCT e.empno) FROM emp AS e LEFT JOIN account AS a ON a.empno = e.empno GROUP BY e.deptno",
  "SELECT deptno, COUNT(*) FROM emp GROUP BY deptno",
  ("SELECT e.deptno, COUNT(*) FROM emp AS e LEFT JOIN account AS a ON a.empno = e.empno GROUP BY e.deptno",
   "SELECT deptno, COUNT(*) FROM emp GROUP BY deptno"), "DISTINCT dropped (accounts repeat an employee)")
C("SubQueryRemoveRule+SemiJoinRule+JoinCommuteRule",
  "SELECT e.ename FROM emp AS e WHERE EXISTS (SELECT 1 FROM emp AS m WHERE m.empno = e.mgr AND m.deptno = e.deptno)",
  "SELECT e.ename FROM emp AS m JOIN emp AS e ON m.empno = e.mgr AND m.deptno = e.deptno",
  "SELECT e.ename FROM emp AS m JOIN emp AS e ON m.mgr = e.mgr AND m.deptno = e.deptno",
  "semi join as a join on a non-key (duplicates)")
C("ProjectMergeRule+FilterMergeRule+FilterAggregateTransposeRule",
  "SELECT t2.d FROM (SELECT t1.deptno AS d, t1.c FROM (SELECT deptno, COUNT(*) AS c FROM emp GROUP BY deptno) AS t1 "
  "WHERE t1.c > 1) AS t2 WHERE t2.d IS NOT NULL",
  "SELECT deptno FROM emp WHERE deptno IS NOT NULL GROUP BY deptno HAVING COUNT(*) > 1",
  "SELECT deptno FROM emp WHERE deptno IS NOT NULL GROUP BY deptno HAVING COUNT(*) >= 1", "> as >=")
C("FilterIntoJoinRule+FilterProjectTransposeRule",
  "SELECT * FROM (SELECT e.ename, d.dname FROM emp AS e FULL JOIN dept AS d ON e.deptno = d.deptno) AS t WHERE t.ename IS NOT NULL",
  "SELECT e.ename, d.dname FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno",
  "SELECT e.ename, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno", "FULL join reduced to inner, not left")
C("FilterIntoJoinRule+FilterProjectTransposeRule",
  "SELECT * FROM (SELECT e.ename, d.dname, d.deptno FROM emp AS e FULL JOIN dept AS d ON e.deptno = d.deptno) AS t WHERE t.deptno > 10",
  "SELECT e.ename, d.dname, d.deptno FROM emp AS e RIGHT JOIN (SELECT * FROM dept WHERE deptno > 10) AS d ON e.deptno = d.deptno",
  "SELECT e.ename, d.dname, d.deptno FROM emp AS e FULL JOIN (SELECT * FROM dept WHERE deptno > 10) AS d ON e.deptno = d.deptno",
  "FULL join kept after pushing a NULL-rejecting filter")
C("ReduceExpressionsRule+JoinPushExpressionsRule",
  "SELECT e.ename, b.sal FROM emp AS e JOIN bonus AS b ON CASE WHEN e.comm IS NULL THEN 0 ELSE e.comm END = b.comm",
  "SELECT e.ename, b.sal FROM (SELECT ename, COALESCE(comm, 0) AS c FROM emp) AS e JOIN bonus AS b ON e.c = b.comm",
  "SELECT e.ename, b.sal FROM emp AS e JOIN bonus AS b ON e.comm = b.comm", "CASE dropped (NULL comm matches 0)")

P("UnionToDistinctRule",
  'SELECT "deptno" FROM "emp" UNION SELECT "deptno" FROM "dept"',
  'SELECT "deptno" FROM (SELECT "deptno" FROM "emp" UNION ALL SELECT "deptno" FROM "dept") AS "t1" GROUP BY "deptno"',
  'SELECT "deptno" FROM (SELECT "deptno" FROM "emp" UNION ALL SELECT "deptno" FROM "dept") AS "t1"', "GROUP BY dropped")
P("UnionToDistinctRule+UnionMergeRule",
  'SELECT "ename" FROM "emp" UNION SELECT "ename" FROM "bonus" UNION SELECT "kind" FROM "account"',
  'SELECT "ename" FROM (SELECT "ename" FROM "emp" UNION ALL SELECT "ename" FROM "bonus" UNION ALL SELECT "kind" FROM "account") AS "t3" '
  'GROUP BY "ename"',
  'SELECT "ename" FROM (SELECT "ename" FROM "emp" UNION ALL SELECT "ename" FROM "bonus" GROUP BY "ename" UNION ALL SELECT "kind" FROM "account") AS "t3"',
  "GROUP BY on one operand only")
P("FilterIntoJoinRule+ProjectMergeRule",
  'SELECT * FROM "emp" INNER JOIN "dept" ON "emp"."deptno" = "dept"."deptno" WHERE "dept"."loc" = \'NY\' AND "emp"."sal" > 1',
  'SELECT * FROM (SELECT * FROM "emp" WHERE "sal" > 1) AS "t" INNER JOIN (SELECT * FROM "dept" WHERE "loc" = \'NY\') AS "t0" '
  'ON "t"."deptno" = "t0"."deptno"',
  'SELECT * FROM (SELECT * FROM "emp" WHERE "sal" > 1) AS "t" INNER JOIN (SELECT * FROM "dept" WHERE "loc" = \'LA\') AS "t0" '
  'ON "t"."deptno" = "t0"."deptno"', "a changed constant")
P("JoinExtractFilterRule+FilterIntoJoinRule",
  'SELECT "emp"."ename", "dept"."dname" FROM "emp" INNER JOIN "dept" ON TRUE WHERE "emp"."deptno" = "dept"."deptno"',
  'SELECT "emp"."ename", "dept"."dname" FROM "emp" INNER JOIN "dept" ON "emp"."deptno" = "dept"."deptno"',
  'SELECT "emp"."ename", "dept"."dname" FROM "emp" INNER JOIN "dept" ON "emp"."deptno" >= "dept"."deptno"', "= as >=")
P("AggregateRemoveRule+ProjectMergeRule",
  'SELECT "t"."deptno", "t"."EXPR$1" FROM (SELECT "deptno", MAX("dname") AS "EXPR$1" FROM "dept" GROUP BY "deptno") AS "t"',
  'SELECT "deptno", "dname" AS "EXPR$1" FROM "dept"',
  'SELECT "deptno", "loc" AS "EXPR$1" FROM "dept"', "the wrong column")
P("SortRemoveConstantKeysRule",
  'SELECT "empno", "sal" FROM "emp" WHERE "deptno" = 10 ORDER BY "deptno", "empno"',
  'SELECT "empno", "sal" FROM "emp" WHERE "deptno" = 10 ORDER BY "empno"',
  'SELECT "empno", "sal" FROM "emp" WHERE "deptno" = 10 ORDER BY "empno" DESC', "direction changed", semantics="list")
P("AggregateJoinRemoveRule+ProjectMergeRule",
  'SELECT "t"."deptno" FROM (SELECT "emp"."deptno" FROM "emp" LEFT JOIN "dept" ON "emp"."deptno" = "dept"."deptno") AS "t" '
  'GROUP BY "t"."deptno"',
  'SELECT "deptno" FROM "emp" GROUP BY "deptno"',
  ('SELECT "t"."deptno" FROM (SELECT "emp"."deptno" FROM "emp" INNER JOIN "dept" ON "emp"."deptno" = "dept"."deptno") AS "t" '
   'GROUP BY "t"."deptno"', 'SELECT "deptno" FROM "emp" GROUP BY "deptno"'), "an inner join removed")
P("SubQueryRemoveRule+Decorrelate",
  'SELECT "dname" FROM "dept" WHERE EXISTS (SELECT 1 FROM "emp" WHERE "emp"."deptno" = "dept"."deptno")',
  'SELECT "dept"."dname" FROM "dept" INNER JOIN (SELECT "deptno", TRUE AS "$f1" FROM "emp" GROUP BY "deptno") AS "t0" '
  'ON "dept"."deptno" = "t0"."deptno"',
  'SELECT "dept"."dname" FROM "dept" INNER JOIN (SELECT "deptno", TRUE AS "$f1" FROM "emp") AS "t0" '
  'ON "dept"."deptno" = "t0"."deptno"', "GROUP BY dropped from the semi-join input")
P("ReduceExpressionsRule+FilterMergeRule",
  'SELECT "t"."empno" FROM (SELECT "empno", "comm" FROM "emp" WHERE "comm" IS NULL OR "comm" IN (1, 2)) AS "t"',
  'SELECT "empno" FROM "emp" WHERE "comm" IS NULL OR "comm" >= 1 AND "comm" <= 2',
  'SELECT "empno" FROM "emp" WHERE "comm" >= 1 AND "comm" <= 2', "the NULL part of the Sarg dropped")
P("AggregateValuesRule+ValuesReduceRule",
  'SELECT "t"."a", COUNT(*) AS "EXPR$1" FROM (VALUES (1), (1), (2)) AS "t" ("a") GROUP BY "t"."a"',
  'SELECT * FROM (VALUES (1, 2), (2, 1)) AS "t" ("a", "EXPR$1")',
  'SELECT * FROM (VALUES (1, 1), (2, 1)) AS "t" ("a", "EXPR$1")', "duplicates not counted")
P("ProjectJoinTransposeRule+ProjectMergeRule",
  'SELECT "t1"."ename", "t1"."dname" FROM (SELECT * FROM "emp" INNER JOIN "dept" ON "emp"."deptno" = "dept"."deptno") AS "t1"',
  'SELECT "t"."ename", "t0"."dname" FROM (SELECT "ename", "deptno" FROM "emp") AS "t" INNER JOIN (SELECT "deptno", "dname" FROM "dept") AS "t0" '
  'ON "t"."deptno" = "t0"."deptno"',
  'SELECT "t"."ename", "t0"."dname" FROM (SELECT "ename", "deptno" FROM "emp") AS "t" INNER JOIN (SELECT "deptno", "dname" FROM "dept") AS "t0" '
  'ON "t"."deptno" <> "t0"."deptno"', "= as <>")
P("SortProjectTransposeRule+SortJoinTransposeRule",
  'SELECT "t"."acctno", "t"."ename" FROM (SELECT "account"."acctno", "emp"."ename" FROM "account" LEFT JOIN "emp" ON "account"."empno" = "emp"."empno") AS "t" '
  'ORDER BY "t"."acctno" OFFSET 1 ROWS FETCH NEXT 2 ROWS ONLY',
  'SELECT "t0"."acctno", "emp"."ename" FROM (SELECT "acctno", "empno" FROM "account" ORDER BY "acctno" OFFSET 1 ROWS FETCH NEXT 2 ROWS ONLY) AS "t0" '
  'LEFT JOIN "emp" ON "t0"."empno" = "emp"."empno" ORDER BY "t0"."acctno"',
  'SELECT "t0"."acctno", "emp"."ename" FROM (SELECT "acctno", "empno" FROM "account" ORDER BY "acctno" FETCH NEXT 2 ROWS ONLY) AS "t0" '
  'LEFT JOIN "emp" ON "t0"."empno" = "emp"."empno" ORDER BY "t0"."acctno"', "OFFSET dropped in the pushed sort", semantics="list")

S("ColumnPruning+CollapseProject+PushDownPredicates",
  "SELECT s.a, s.z FROM (SELECT t1.a, t2.z, t3.w FROM t1 JOIN t2 ON t1.b = t2.y JOIN t3 ON t2.z = t3.u) AS s WHERE s.w = 1",
  "SELECT t1.a, t2.z FROM t1 JOIN t2 ON t1.b = t2.y JOIN (SELECT u FROM t3 WHERE w = 1) AS t3 ON t2.z = t3.u",
  "SELECT t1.a, t2.z FROM t1 JOIN t2 ON t1.b = t2.y JOIN (SELECT DISTINCT u FROM t3 WHERE w = 1) AS t3 ON t2.z = t3.u",
  "a DISTINCT invented in the pruned input")
S("OptimizeIn+ConstantFolding+NullPropagation",
  "SELECT a, c FROM t1 WHERE a IN (1, 1, 2, NULL) AND b = 1 + 1",
  "SELECT a, c FROM t1 WHERE a IN (1, 2) AND b = 2",
  "SELECT a, c FROM t1 WHERE (a IN (1, 2) OR a IS NULL) AND b = 2", "the NULL in the list read as matching NULL")
S("OptimizeIn+ConstantFolding+NullPropagation",
  "SELECT a FROM t1 WHERE a NOT IN (1, NULL)",
  "SELECT a FROM t1 WHERE 1 = 0",
  "SELECT a FROM t1 WHERE a <> 1", "NOT IN with a NULL in the list is never true")
S("ReorderJoin+PushDownPredicates+ColumnPruning",
  "SELECT t1.a, t3.w FROM t1, t2, t3 WHERE t1.a = t2.x AND t2.y = t3.u AND t3.v = 1",
  "SELECT t1.a, t3.w FROM (SELECT u, w FROM t3 WHERE v = 1) AS t3 JOIN t2 ON t2.y = t3.u JOIN t1 ON t1.a = t2.x",
  "SELECT t1.a, t3.w FROM (SELECT u, v, w FROM t3 WHERE v = 1) AS t3 JOIN t2 ON t2.y = t3.v JOIN t1 ON t1.a = t2.x",
  "join on the wrong column")
S("EliminateSorts+RemoveRedundantSorts+CollapseProject",
  "SELECT a, SUM(b) FROM (SELECT a, b FROM t1 ORDER BY b) AS s GROUP BY a",
  "SELECT a, SUM(b) FROM t1 GROUP BY a",
  "SELECT a, SUM(b) FROM (SELECT a, b FROM t1 ORDER BY b LIMIT 3) AS s GROUP BY a", "a sort with a limit is not removable")
S("RewriteCorrelatedScalarSubquery+PushDownPredicates+ColumnPruning",
  "SELECT x, COUNT(*) FROM t2 GROUP BY x HAVING COUNT(*) > (SELECT COUNT(*) FROM t3 WHERE t3.u = t2.x)",
  "SELECT g.x, g.c FROM (SELECT x, COUNT(*) AS c FROM t2 GROUP BY x) AS g LEFT JOIN (SELECT u, COUNT(*) AS c3 FROM t3 GROUP BY u) AS h "
  "ON h.u = g.x WHERE g.c > COALESCE(h.c3, 0)",
  "SELECT g.x, g.c FROM (SELECT x, COUNT(*) AS c FROM t2 GROUP BY x) AS g LEFT JOIN (SELECT u, COUNT(*) AS c3 FROM t3 GROUP BY u) AS h "
  "ON h.u = g.x WHERE g.c > h.c3", "the COUNT bug in HAVING")
S("InferFiltersFromConstraints+RewritePredicateSubquery",
  "SELECT a FROM t1 WHERE a IN (SELECT x FROM t2 WHERE x > 1)",
  "SELECT a FROM t1 WHERE a > 1 AND a IN (SELECT x FROM t2 WHERE x > 1)",
  "SELECT a FROM t1 WHERE a > 1 AND a IN (SELECT x FROM t2 WHERE x > 2)", "the sub-query's bound changed")
S("PushLeftSemiLeftAntiThroughJoin+RewritePredicateSubquery",
  "SELECT t1.a, t2.y FROM t1 JOIN t2 ON t1.b = t2.x WHERE EXISTS (SELECT 1 FROM t3 WHERE t3.u = t1.a)",
  "SELECT s.a, t2.y FROM (SELECT * FROM t1 WHERE EXISTS (SELECT 1 FROM t3 WHERE t3.u = t1.a)) AS s JOIN t2 ON s.b = t2.x",
  "SELECT t1.a, s.y FROM t1 JOIN (SELECT * FROM t2 WHERE EXISTS (SELECT 1 FROM t3 WHERE t3.u = t2.x)) AS s ON t1.b = s.x",
  "the semi join pushed to the wrong side")
S("ReplaceNullWithFalseInPredicate+SimplifyConditionals+BooleanSimplification",
  "SELECT a, b FROM t1 WHERE CASE WHEN a > 1 THEN b > 0 ELSE NULL END",
  "SELECT a, b FROM t1 WHERE a > 1 AND b > 0",
  "SELECT a, b FROM t1 WHERE a > 1 OR b > 0", "AND as OR")
S("RewriteCorrelatedScalarSubquery+ColumnPruning",
  "SELECT r.k, COUNT(q.id) FROM r LEFT JOIN q ON q.rk = r.k GROUP BY r.k",
  "SELECT r.k, (SELECT COUNT(*) FROM q WHERE q.rk = r.k) FROM r",
  "SELECT r.k, COUNT(*) FROM r LEFT JOIN q ON q.rk = r.k GROUP BY r.k", "COUNT(*) counts the NULL-extended row")
