"""The pairs of the fifth held-out prover corpus (``benchmarks/corpus/prover5/``), as
written (``prover5_build.py`` checks them in SQLite and writes the corpus).

Three sources: Calcite rules the three earlier corpora do not name (or new shapes of named
ones: another operator, more columns, nesting, NULL-able keys), some stated as Calcite's
RelToSqlConverter prints them; Spark Catalyst rules likewise; and text-to-SQL pairs, two
correct formulations of one Spider/BIRD-style question on three new small schemas. Each
``add`` call is one equivalent pair and one realistic non-equivalent mutant. Written from
rule NAMES and one-line DESCRIPTIONS (paraphrased above each group) and, for text-to-SQL,
from the author's own questions; not taken from any prover benchmark, rule test or
Spider/BIRD file; the verifier's source and fixtures were not read.
"""

from __future__ import annotations

from benchmarks.held_out_pairs import pair_book

SOURCES = {
    "calcite": ("emp_dept", "Apache Calcite rules not named by the earlier corpora, or new shapes (rule javadoc)"),
    "spark": ("spark3", "Apache Spark Catalyst rules not named by the earlier corpora, or new shapes (Optimizer.scala)"),
    "concert": ("concert", "text-to-SQL: two correct formulations of one question (author's own, Spider-style)"),
    "flights": ("flights", "text-to-SQL: two correct formulations of one question (author's own, Spider-style)"),
    "school": ("school", "text-to-SQL: two correct formulations of one question (author's own, BIRD-style)"),
}
FILE = {"calcite": "calcite", "spark": "spark", "concert": "text2sql", "flights": "text2sql", "school": "text2sql"}


PAIRS, add = pair_book("prover5", SOURCES, FILE)


def C(rule, gold, pred, mutant, mutation, **kw):
    add("calcite", rule, gold, pred, mutant, mutation, **kw)


def P(rule, gold, pred, mutant, mutation, **kw):
    """A Calcite pair as RelToSqlConverter prints it (dialect ``calcite``)."""
    add("calcite", rule, gold, pred, mutant, mutation, dialect="calcite", **kw)


def S(rule, gold, pred, mutant, mutation, **kw):
    add("spark", rule, gold, pred, mutant, mutation, **kw)


def Q(schema, rule, gold, pred, mutant, mutation, **kw):
    """A text-to-SQL pair (``rule``: the two formulations), dialect ``sqlite``."""
    add(schema, rule, gold, pred, mutant, mutation, dialect="sqlite", **kw)


# ============================================================ Calcite
# emp(empno PK, ename NOT NULL, job, mgr, hiredate, sal, comm, deptno FK dept, slacker),
# dept(deptno PK, dname NOT NULL, loc), bonus(ename, job, sal, comm) without keys,
# account(acctno PK, empno NOT NULL FK emp, balance NOT NULL, kind).

# AggregateMinMaxToLimitRule: "rewrites MIN(x) / MAX(x) without GROUP BY as a scalar
# sub-query that sorts the non-NULL x and takes the first row (LIMIT 1)".
C("AggregateMinMaxToLimitRule",
  "SELECT MAX(sal) FROM emp",
  "SELECT (SELECT sal FROM emp WHERE sal IS NOT NULL ORDER BY sal DESC LIMIT 1)",
  "SELECT (SELECT sal FROM emp WHERE sal IS NOT NULL ORDER BY sal LIMIT 1)", "direction lost (MIN for MAX)")
C("AggregateMinMaxToLimitRule",
  "SELECT MIN(comm) FROM emp WHERE deptno = 20",
  "SELECT (SELECT comm FROM emp WHERE deptno = 20 AND comm IS NOT NULL ORDER BY comm LIMIT 1)",
  "SELECT (SELECT comm FROM emp WHERE deptno = 20 ORDER BY comm LIMIT 1)", "IS NOT NULL dropped (NULL sorts first)")
C("AggregateMinMaxToLimitRule",
  "SELECT MIN(sal), MAX(sal) FROM emp WHERE job = 'CLERK'",
  "SELECT (SELECT sal FROM emp WHERE job = 'CLERK' AND sal IS NOT NULL ORDER BY sal LIMIT 1), "
  "(SELECT sal FROM emp WHERE job = 'CLERK' AND sal IS NOT NULL ORDER BY sal DESC LIMIT 1)",
  "SELECT (SELECT sal FROM emp WHERE job = 'CLERK' AND sal IS NOT NULL ORDER BY sal LIMIT 1), "
  "(SELECT sal FROM emp WHERE sal IS NOT NULL ORDER BY sal DESC LIMIT 1)", "the filter dropped from one sub-query")
P("AggregateMinMaxToLimitRule",
  'SELECT MAX("balance") AS "EXPR$0" FROM "account"',
  'SELECT "t"."balance" AS "EXPR$0" FROM (VALUES (0)) AS "t0" ("ZERO") LEFT JOIN '
  '(SELECT "balance" FROM "account" ORDER BY "balance" DESC FETCH NEXT 1 ROWS ONLY) AS "t" ON TRUE',
  'SELECT "t"."balance" AS "EXPR$0" FROM (VALUES (0)) AS "t0" ("ZERO") INNER JOIN '
  '(SELECT "balance" FROM "account" ORDER BY "balance" DESC FETCH NEXT 1 ROWS ONLY) AS "t" ON TRUE',
  "LEFT JOIN made inner (no row on an empty table)")

# ExpandDisjunctionForJoinInputsRule: "from a disjunctive condition over a join, derives a
# disjunction on each input's own columns and pushes it to that input, keeping the
# original condition".
C("ExpandDisjunctionForJoinInputsRule",
  "SELECT e.ename, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno "
  "WHERE (e.sal = 1 AND d.loc = 'NY') OR (e.sal = 2 AND d.loc = 'LA')",
  "SELECT e.ename, d.dname FROM (SELECT * FROM emp WHERE sal = 1 OR sal = 2) AS e "
  "JOIN (SELECT * FROM dept WHERE loc = 'NY' OR loc = 'LA') AS d ON e.deptno = d.deptno "
  "WHERE (e.sal = 1 AND d.loc = 'NY') OR (e.sal = 2 AND d.loc = 'LA')",
  "SELECT e.ename, d.dname FROM (SELECT * FROM emp WHERE sal = 1 OR sal = 2) AS e "
  "JOIN (SELECT * FROM dept WHERE loc = 'NY' OR loc = 'LA') AS d ON e.deptno = d.deptno",
  "the original disjunction dropped")
C("ExpandDisjunctionForJoinInputsRule",
  "SELECT e.empno, a.acctno FROM emp AS e JOIN account AS a ON e.empno = a.empno "
  "WHERE (e.job = 'CLERK' AND a.balance > 1) OR (e.job = 'MANAGER' AND a.kind = 'S') OR e.sal = 3",
  "SELECT e.empno, a.acctno FROM (SELECT * FROM emp WHERE job = 'CLERK' OR job = 'MANAGER' OR sal = 3) AS e "
  "JOIN account AS a ON e.empno = a.empno "
  "WHERE (e.job = 'CLERK' AND a.balance > 1) OR (e.job = 'MANAGER' AND a.kind = 'S') OR e.sal = 3",
  "SELECT e.empno, a.acctno FROM (SELECT * FROM emp WHERE job = 'CLERK' OR job = 'MANAGER' OR sal = 3) AS e "
  "JOIN (SELECT * FROM account WHERE balance > 1 OR kind = 'S') AS a ON e.empno = a.empno "
  "WHERE (e.job = 'CLERK' AND a.balance > 1) OR (e.job = 'MANAGER' AND a.kind = 'S') OR e.sal = 3",
  "a filter derived for the input one disjunct does not constrain")
C("ExpandDisjunctionForJoinInputsRule",
  "SELECT e.ename, d.dname FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno "
  "AND ((e.sal = 1 AND d.loc = 'NY') OR (e.sal = 2 AND d.dname = 'HR'))",
  "SELECT e.ename, d.dname FROM emp AS e LEFT JOIN (SELECT * FROM dept WHERE loc = 'NY' OR dname = 'HR') AS d "
  "ON e.deptno = d.deptno AND ((e.sal = 1 AND d.loc = 'NY') OR (e.sal = 2 AND d.dname = 'HR'))",
  "SELECT e.ename, d.dname FROM (SELECT * FROM emp WHERE sal = 1 OR sal = 2) AS e LEFT JOIN "
  "(SELECT * FROM dept WHERE loc = 'NY' OR dname = 'HR') AS d "
  "ON e.deptno = d.deptno AND ((e.sal = 1 AND d.loc = 'NY') OR (e.sal = 2 AND d.dname = 'HR'))",
  "the derived filter pushed into the preserved side of a LEFT JOIN")

# ReduceDecimalsRule: "reduces decimal arithmetic to integer arithmetic on scaled values".
C("ReduceDecimalsRule",
  "SELECT empno FROM emp WHERE CAST(sal AS DECIMAL(10, 2)) > 1.5",
  "SELECT empno FROM emp WHERE sal * 100 > 150",
  "SELECT empno FROM emp WHERE sal * 10 > 150", "the wrong scale")
C("ReduceDecimalsRule",
  "SELECT deptno, SUM(CAST(balance AS DECIMAL(10, 2))) FROM account JOIN emp ON account.empno = emp.empno GROUP BY deptno",
  "SELECT deptno, SUM(balance * 100) / 100 FROM account JOIN emp ON account.empno = emp.empno GROUP BY deptno",
  "SELECT deptno, SUM(balance * 100) / 10 FROM account JOIN emp ON account.empno = emp.empno GROUP BY deptno",
  "the wrong scale back")

# JoinToMultiJoinRule + LoptOptimizeJoinRule / MultiJoinOptimizeBushyRule: "flattens a
# tree of inner joins into one MultiJoin, then reorders it (left-deep or bushy) by cost".
RULE = "JoinToMultiJoinRule+LoptOptimizeJoinRule"
C(RULE,
  "SELECT e.ename, d.dname, a.balance FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno "
  "JOIN account AS a ON a.empno = e.empno JOIN bonus AS b ON b.ename = e.ename WHERE d.loc = 'NY'",
  "SELECT e.ename, d.dname, a.balance FROM bonus AS b JOIN account AS a JOIN emp AS e ON a.empno = e.empno "
  "AND b.ename = e.ename JOIN (SELECT * FROM dept WHERE loc = 'NY') AS d ON e.deptno = d.deptno",
  "SELECT e.ename, d.dname, a.balance FROM bonus AS b JOIN account AS a JOIN emp AS e ON a.empno = e.empno "
  "AND b.job = e.job JOIN (SELECT * FROM dept WHERE loc = 'NY') AS d ON e.deptno = d.deptno",
  "the wrong join column after reordering")
C(RULE,
  "SELECT d.dname, e1.ename, e2.ename FROM dept AS d, emp AS e1, emp AS e2 "
  "WHERE e1.deptno = d.deptno AND e2.mgr = e1.empno AND e2.sal > e1.sal",
  "SELECT d.dname, e1.ename, e2.ename FROM emp AS e2 JOIN emp AS e1 ON e2.mgr = e1.empno AND e2.sal > e1.sal "
  "JOIN dept AS d ON e1.deptno = d.deptno",
  "SELECT d.dname, e1.ename, e2.ename FROM emp AS e2 JOIN emp AS e1 ON e2.mgr = e1.empno AND e2.sal >= e1.sal "
  "JOIN dept AS d ON e1.deptno = d.deptno", "> as >=")
C("JoinToMultiJoinRule+MultiJoinOptimizeBushyRule",
  "SELECT e.empno, d.dname, a.acctno, b.comm FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno "
  "JOIN account AS a ON a.empno = e.empno JOIN bonus AS b ON b.job = e.job",
  "SELECT x.empno, x.dname, y.acctno, x.comm FROM (SELECT e.empno, e.deptno, d.dname, b.comm FROM emp AS e "
  "JOIN dept AS d ON e.deptno = d.deptno JOIN bonus AS b ON b.job = e.job) AS x "
  "JOIN (SELECT acctno, empno FROM account) AS y ON y.empno = x.empno",
  "SELECT x.empno, x.dname, y.acctno, x.comm FROM (SELECT DISTINCT e.empno, e.deptno, d.dname, b.comm FROM emp AS e "
  "JOIN dept AS d ON e.deptno = d.deptno JOIN bonus AS b ON b.job = e.job) AS x "
  "JOIN (SELECT acctno, empno FROM account) AS y ON y.empno = x.empno", "a DISTINCT in one bushy branch")
# JoinToMultiJoinRule on outer joins / left-join associativity: "(A LEFT B) LEFT C on B's
# columns is A LEFT (B LEFT C) when the condition rejects NULLs of B".
C("JoinToMultiJoinRule",
  "SELECT a.acctno, e.ename, d.dname FROM account AS a LEFT JOIN emp AS e ON a.empno = e.empno "
  "LEFT JOIN dept AS d ON e.deptno = d.deptno",
  "SELECT a.acctno, x.ename, x.dname FROM account AS a LEFT JOIN (SELECT e.empno, e.ename, d.dname FROM emp AS e "
  "LEFT JOIN dept AS d ON e.deptno = d.deptno) AS x ON a.empno = x.empno",
  "SELECT a.acctno, x.ename, x.dname FROM account AS a LEFT JOIN (SELECT e.empno, e.ename, d.dname FROM emp AS e "
  "JOIN dept AS d ON e.deptno = d.deptno) AS x ON a.empno = x.empno", "the inner LEFT JOIN made inner")
C("JoinToMultiJoinRule",
  "SELECT b.ename, e.empno, a.acctno FROM bonus AS b LEFT JOIN emp AS e ON b.ename = e.ename "
  "LEFT JOIN account AS a ON a.empno = e.empno AND a.balance > 0",
  "SELECT b.ename, x.empno, x.acctno FROM bonus AS b LEFT JOIN (SELECT e.ename, e.empno, a.acctno FROM emp AS e "
  "LEFT JOIN account AS a ON a.empno = e.empno AND a.balance > 0) AS x ON b.ename = x.ename",
  "SELECT b.ename, x.empno, x.acctno FROM bonus AS b LEFT JOIN (SELECT e.ename, e.empno, a.acctno FROM emp AS e "
  "LEFT JOIN account AS a ON a.empno = e.empno) AS x ON b.ename = x.ename", "the ON filter on the inner join dropped")

# JoinPushThroughJoinRule: "(A JOIN B) JOIN C, C joined on A's columns only, becomes
# (A JOIN C) JOIN B".
C("JoinPushThroughJoinRule",
  "SELECT e.ename, d.dname, a.balance FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno "
  "JOIN account AS a ON a.empno = e.empno",
  "SELECT e.ename, d.dname, a.balance FROM emp AS e JOIN account AS a ON a.empno = e.empno "
  "JOIN dept AS d ON e.deptno = d.deptno",
  "SELECT e.ename, d.dname, a.balance FROM emp AS e JOIN account AS a ON a.empno = e.empno "
  "LEFT JOIN dept AS d ON e.deptno = d.deptno", "the pushed-through join made outer")
C("JoinPushThroughJoinRule",
  "SELECT e.empno, b.sal, d.loc FROM emp AS e LEFT JOIN bonus AS b ON b.ename = e.ename "
  "JOIN dept AS d ON e.deptno = d.deptno",
  "SELECT e.empno, b.sal, d.loc FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno "
  "LEFT JOIN bonus AS b ON b.ename = e.ename",
  "SELECT e.empno, b.sal, d.loc FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno "
  "JOIN bonus AS b ON b.ename = e.ename", "LEFT JOIN made inner")

# ProjectCorrelateTransposeRule: "pushes a Project below a Correlate: each side keeps only
# the columns used above it or by the correlation".
C("ProjectCorrelateTransposeRule",
  "SELECT t.ename, (SELECT d.dname FROM dept AS d WHERE d.deptno = t.deptno) FROM emp AS t WHERE t.sal > 1",
  "SELECT s.ename, (SELECT d.dname FROM (SELECT deptno, dname FROM dept) AS d WHERE d.deptno = s.deptno) "
  "FROM (SELECT ename, deptno FROM emp WHERE sal > 1) AS s",
  "SELECT s.ename, (SELECT d.dname FROM (SELECT deptno, dname FROM dept) AS d WHERE d.deptno = s.deptno) "
  "FROM (SELECT ename, mgr AS deptno FROM emp WHERE sal > 1) AS s", "the correlation column replaced")
C("ProjectCorrelateTransposeRule",
  "SELECT e.empno, (SELECT COUNT(*) FROM account AS a WHERE a.empno = e.empno AND a.balance > e.sal) FROM emp AS e",
  "SELECT s.empno, (SELECT COUNT(*) FROM (SELECT empno, balance FROM account) AS a WHERE a.empno = s.empno "
  "AND a.balance > s.sal) FROM (SELECT empno, sal FROM emp) AS s",
  "SELECT s.empno, (SELECT COUNT(*) FROM (SELECT empno, balance FROM account) AS a WHERE a.empno = s.empno) "
  "FROM (SELECT empno, sal FROM emp) AS s", "a correlated conjunct dropped")

# FilterCorrelateRule (new shape): "pushes a Filter above a Correlate into its left input
# when it references only that input's columns".
C("FilterCorrelateRule",
  "SELECT * FROM (SELECT e.empno, e.deptno, (SELECT MAX(a.balance) FROM account AS a WHERE a.empno = e.empno) AS mb "
  "FROM emp AS e) AS t WHERE t.deptno = 10 AND t.mb IS NOT NULL",
  "SELECT * FROM (SELECT e.empno, e.deptno, (SELECT MAX(a.balance) FROM account AS a WHERE a.empno = e.empno) AS mb "
  "FROM (SELECT * FROM emp WHERE deptno = 10) AS e) AS t WHERE t.mb IS NOT NULL",
  "SELECT * FROM (SELECT e.empno, e.deptno, (SELECT MAX(a.balance) FROM account AS a WHERE a.empno = e.empno) AS mb "
  "FROM (SELECT * FROM emp WHERE deptno = 10) AS e) AS t", "the filter on the correlated value dropped")

# AggregateFilterToCaseRule (the reverse of AggregateCaseToFilterRule): "rewrites an
# aggregate call's FILTER into a CASE on its argument".
C("AggregateFilterToCaseRule",
  "SELECT deptno, SUM(sal) FILTER (WHERE job = 'CLERK'), COUNT(*) FILTER (WHERE comm IS NULL) FROM emp GROUP BY deptno",
  "SELECT deptno, SUM(CASE WHEN job = 'CLERK' THEN sal END), COUNT(CASE WHEN comm IS NULL THEN 1 END) FROM emp GROUP BY deptno",
  "SELECT deptno, SUM(CASE WHEN job = 'CLERK' THEN sal END), COUNT(comm) FROM emp GROUP BY deptno",
  "COUNT(comm) for the IS NULL filter")
C("AggregateFilterToCaseRule",
  "SELECT COUNT(*) FILTER (WHERE sal > 1), MAX(comm) FILTER (WHERE deptno = 10) FROM emp",
  "SELECT COUNT(CASE WHEN sal > 1 THEN 0 END), MAX(CASE WHEN deptno = 10 THEN comm END) FROM emp",
  "SELECT SUM(CASE WHEN sal > 1 THEN 1 ELSE 0 END), MAX(CASE WHEN deptno = 10 THEN comm END) FROM emp",
  "SUM of 1/0 for COUNT (NULL on the empty table)")

# AggregateExpandWithinDistinctRule / AggregateExpandDistinctAggregatesRule (new shapes):
# "each DISTINCT aggregate computed over its own grouped input, joined back on the group
# keys" (a NULL group key must join: IS NOT DISTINCT FROM).
C("AggregateExpandDistinctAggregatesRule",
  "SELECT deptno, COUNT(DISTINCT job), SUM(sal) FROM emp GROUP BY deptno",
  "SELECT a.deptno, b.cj, a.ss FROM (SELECT deptno, SUM(sal) AS ss FROM emp GROUP BY deptno) AS a "
  "JOIN (SELECT deptno, COUNT(job) AS cj FROM (SELECT DISTINCT deptno, job FROM emp) AS t GROUP BY deptno) AS b "
  "ON a.deptno IS NOT DISTINCT FROM b.deptno",
  "SELECT a.deptno, b.cj, a.ss FROM (SELECT deptno, SUM(sal) AS ss FROM emp GROUP BY deptno) AS a "
  "JOIN (SELECT deptno, COUNT(job) AS cj FROM (SELECT DISTINCT deptno, job FROM emp) AS t GROUP BY deptno) AS b "
  "ON a.deptno = b.deptno", "= for IS NOT DISTINCT FROM (the NULL department lost)")
C("AggregateExpandDistinctAggregatesRule",
  "SELECT job, COUNT(DISTINCT deptno), COUNT(DISTINCT mgr) FROM emp GROUP BY job",
  "SELECT a.job, a.c1, b.c2 FROM (SELECT job, COUNT(deptno) AS c1 FROM (SELECT DISTINCT job, deptno FROM emp) AS x GROUP BY job) AS a "
  "JOIN (SELECT job, COUNT(mgr) AS c2 FROM (SELECT DISTINCT job, mgr FROM emp) AS y GROUP BY job) AS b "
  "ON a.job IS NOT DISTINCT FROM b.job",
  "SELECT a.job, a.c1, b.c2 FROM (SELECT job, COUNT(deptno) AS c1 FROM (SELECT DISTINCT job, deptno FROM emp) AS x GROUP BY job) AS a "
  "JOIN (SELECT job, COUNT(*) AS c2 FROM (SELECT DISTINCT job, mgr FROM emp) AS y GROUP BY job) AS b "
  "ON a.job IS NOT DISTINCT FROM b.job", "COUNT(*) counts the NULL mgr")
C("AggregateExpandWithinDistinctRule",
  "SELECT deptno, SUM(DISTINCT sal) FROM emp GROUP BY deptno",
  "SELECT deptno, SUM(sal) FROM (SELECT deptno, sal FROM emp GROUP BY deptno, sal) AS t GROUP BY deptno",
  "SELECT deptno, SUM(sal) FROM (SELECT deptno, sal, job FROM emp GROUP BY deptno, sal, job) AS t GROUP BY deptno",
  "an extra grouping key in the inner aggregate")
P("AggregateExpandDistinctAggregatesRule",
  'SELECT "deptno", COUNT(DISTINCT "sal") AS "EXPR$1" FROM "emp" GROUP BY "deptno"',
  'SELECT "deptno", COUNT("sal") AS "EXPR$1" FROM (SELECT "deptno", "sal" FROM "emp" GROUP BY "deptno", "sal") AS "t" GROUP BY "deptno"',
  'SELECT "deptno", COUNT(*) AS "EXPR$1" FROM (SELECT "deptno", "sal" FROM "emp" GROUP BY "deptno", "sal") AS "t" GROUP BY "deptno"',
  "COUNT(*) counts the NULL sal group")

# AggregateReduceFunctionsRule (new shapes) / ProjectOverSumToSum0Rule: "AVG(x) becomes
# SUM(x) / COUNT(x); SUM(x) becomes CASE WHEN COUNT(x) = 0 THEN NULL ELSE SUM0(x) END".
C("AggregateReduceFunctionsRule",
  "SELECT deptno, AVG(comm) FROM emp GROUP BY deptno",
  "SELECT deptno, CASE WHEN COUNT(comm) = 0 THEN NULL ELSE CAST(SUM(comm) AS REAL) / COUNT(comm) END FROM emp GROUP BY deptno",
  "SELECT deptno, CASE WHEN COUNT(*) = 0 THEN NULL ELSE CAST(SUM(comm) AS REAL) / COUNT(*) END FROM emp GROUP BY deptno",
  "COUNT(*) for COUNT(comm)", dialect="sqlite")
C("AggregateReduceFunctionsRule",
  "SELECT job, SUM(sal) FROM emp GROUP BY job",
  "SELECT job, CASE WHEN COUNT(sal) = 0 THEN NULL ELSE COALESCE(SUM(sal), 0) END FROM emp GROUP BY job",
  "SELECT job, COALESCE(SUM(sal), 0) FROM emp GROUP BY job", "SUM0 without the COUNT guard")
C("ProjectOverSumToSum0Rule",
  "SELECT deptno, COALESCE(SUM(sal), 0) FROM emp GROUP BY deptno",
  "SELECT deptno, CASE WHEN COUNT(sal) = 0 THEN 0 ELSE SUM(sal) END FROM emp GROUP BY deptno",
  "SELECT deptno, CASE WHEN COUNT(*) = 0 THEN 0 ELSE SUM(sal) END FROM emp GROUP BY deptno",
  "COUNT(*) for COUNT(sal) (NULL for an all-NULL group)")

# SortUnionTransposeRule (new shapes): "pushes a Sort with a fetch past a UNION ALL, the
# fetch copied to every input; the Sort above stays".
C("SortUnionTransposeRule",
  "SELECT x FROM (SELECT empno AS x FROM emp WHERE deptno = 10 UNION ALL SELECT empno FROM account "
  "UNION ALL SELECT sal FROM bonus) AS t ORDER BY x LIMIT 2",
  "SELECT x FROM (SELECT * FROM (SELECT empno AS x FROM emp WHERE deptno = 10 ORDER BY empno LIMIT 2) AS a "
  "UNION ALL SELECT * FROM (SELECT empno FROM account ORDER BY empno LIMIT 2) AS b "
  "UNION ALL SELECT * FROM (SELECT sal FROM bonus ORDER BY sal LIMIT 2) AS c) AS t ORDER BY x LIMIT 2",
  "SELECT x FROM (SELECT * FROM (SELECT empno AS x FROM emp WHERE deptno = 10 ORDER BY empno LIMIT 2) AS a "
  "UNION ALL SELECT * FROM (SELECT empno FROM account ORDER BY empno LIMIT 2) AS b "
  "UNION ALL SELECT * FROM (SELECT sal FROM bonus ORDER BY sal DESC LIMIT 2) AS c) AS t ORDER BY x LIMIT 2",
  "one copied sort descending", semantics="list")
C("SortUnionTransposeRule",
  "SELECT deptno, loc FROM (SELECT deptno, loc FROM dept UNION ALL SELECT deptno, job FROM emp) AS t "
  "ORDER BY deptno DESC, loc LIMIT 3",
  "SELECT deptno, loc FROM (SELECT * FROM (SELECT deptno, loc FROM dept ORDER BY deptno DESC, loc LIMIT 3) AS a "
  "UNION ALL SELECT * FROM (SELECT deptno, job FROM emp ORDER BY deptno DESC, job LIMIT 3) AS b) AS t "
  "ORDER BY deptno DESC, loc LIMIT 3",
  "SELECT deptno, loc FROM (SELECT * FROM (SELECT deptno, loc FROM dept ORDER BY deptno DESC, loc LIMIT 3) AS a "
  "UNION ALL SELECT * FROM (SELECT deptno, job FROM emp ORDER BY deptno DESC, job LIMIT 2) AS b) AS t "
  "ORDER BY deptno DESC, loc LIMIT 3", "a smaller fetch copied", semantics="list")
P("SortUnionTransposeRule",
  'SELECT "sal" FROM (SELECT "sal" FROM "emp" UNION ALL SELECT "sal" FROM "bonus") AS "t1" ORDER BY "sal" FETCH NEXT 2 ROWS ONLY',
  'SELECT "sal" FROM (SELECT * FROM (SELECT "sal" FROM "emp" ORDER BY "sal" FETCH NEXT 2 ROWS ONLY) AS "t" UNION ALL '
  'SELECT * FROM (SELECT "sal" FROM "bonus" ORDER BY "sal" FETCH NEXT 2 ROWS ONLY) AS "t0") AS "t1" ORDER BY "sal" FETCH NEXT 2 ROWS ONLY',
  'SELECT "sal" FROM (SELECT * FROM (SELECT "sal" FROM "emp" ORDER BY "sal" FETCH NEXT 2 ROWS ONLY) AS "t" UNION ALL '
  'SELECT * FROM (SELECT "sal" FROM "bonus" ORDER BY "sal" FETCH NEXT 2 ROWS ONLY) AS "t0") AS "t1" FETCH NEXT 2 ROWS ONLY',
  "the outer sort dropped", semantics="list")

# SortRemoveDuplicateKeysRule: "removes a sort key that repeats an earlier one";
# SortRemoveConstantKeysRule (new shape): "removes sort keys an equality filter fixes".
C("SortRemoveDuplicateKeysRule",
  "SELECT empno, deptno FROM emp ORDER BY deptno, empno, deptno DESC",
  "SELECT empno, deptno FROM emp ORDER BY deptno, empno",
  "SELECT empno, deptno FROM emp ORDER BY deptno DESC, empno", "the later key's direction kept", semantics="list")
C("SortRemoveConstantKeysRule",
  "SELECT e.empno, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno WHERE d.dname = 'HR' ORDER BY d.dname, e.empno DESC",
  "SELECT e.empno, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno WHERE d.dname = 'HR' ORDER BY e.empno DESC",
  "SELECT e.empno, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno WHERE d.dname = 'HR' ORDER BY e.empno",
  "direction lost", semantics="list")

# UnionPullUpConstantsRule (new shape): "a column constant, and the same constant, in every
# input of a UNION is pulled above it".
C("UnionPullUpConstantsRule",
  "SELECT empno, 1 AS k, 'x' AS tag FROM emp WHERE sal > 1 UNION SELECT acctno, 1, 'x' FROM account",
  "SELECT u.empno, 1 AS k, 'x' AS tag FROM (SELECT empno FROM emp WHERE sal > 1 UNION SELECT acctno FROM account) AS u",
  "SELECT u.empno, 1 AS k, 'x' AS tag FROM (SELECT empno FROM emp WHERE sal > 1 UNION ALL SELECT acctno FROM account) AS u",
  "UNION ALL for UNION")
C("UnionPullUpConstantsRule",
  "SELECT deptno, 10 AS d FROM emp WHERE deptno = 10 UNION ALL SELECT deptno, 10 FROM dept WHERE deptno = 10",
  "SELECT 10 AS deptno, 10 AS d FROM (SELECT empno FROM emp WHERE deptno = 10 UNION ALL SELECT deptno FROM dept WHERE deptno = 10) AS u",
  "SELECT 10 AS deptno, 10 AS d FROM (SELECT deptno FROM emp WHERE deptno = 10 UNION SELECT deptno FROM dept WHERE deptno = 10) AS u",
  "UNION for UNION ALL")

# MinusToAntiJoinRule / IntersectToSemiJoinRule (new shapes, NULL-able columns): "EXCEPT
# (distinct) as DISTINCT left rows with no equal right row; INTERSECT with one"; equal
# means not distinct (NULL matches NULL).
C("MinusToAntiJoinRule",
  "SELECT job, comm FROM emp EXCEPT SELECT job, comm FROM bonus",
  "SELECT DISTINCT e.job, e.comm FROM emp AS e WHERE NOT EXISTS (SELECT 1 FROM bonus AS b "
  "WHERE b.job IS NOT DISTINCT FROM e.job AND b.comm IS NOT DISTINCT FROM e.comm)",
  "SELECT DISTINCT e.job, e.comm FROM emp AS e WHERE NOT EXISTS (SELECT 1 FROM bonus AS b "
  "WHERE b.job = e.job AND b.comm = e.comm)", "= for IS NOT DISTINCT FROM (NULL rows kept)")
C("IntersectToSemiJoinRule",
  "SELECT ename, sal FROM emp INTERSECT SELECT ename, sal FROM bonus",
  "SELECT DISTINCT e.ename, e.sal FROM emp AS e JOIN bonus AS b ON e.ename = b.ename AND e.sal IS NOT DISTINCT FROM b.sal",
  "SELECT e.ename, e.sal FROM emp AS e JOIN bonus AS b ON e.ename = b.ename AND e.sal IS NOT DISTINCT FROM b.sal",
  "DISTINCT dropped")
P("MinusToAntiJoinRule",
  'SELECT "deptno" FROM "dept" EXCEPT SELECT "deptno" FROM "emp"',
  'SELECT "dept"."deptno" FROM "dept" LEFT JOIN (SELECT "deptno", TRUE AS "$f1" FROM "emp" GROUP BY "deptno") AS "t" '
  'ON "dept"."deptno" = "t"."deptno" WHERE "t"."$f1" IS NULL',
  'SELECT "dept"."deptno" FROM "dept" LEFT JOIN (SELECT "deptno", TRUE AS "$f1" FROM "emp" GROUP BY "deptno") AS "t" '
  'ON "dept"."deptno" = "t"."deptno" WHERE "t"."deptno" IS NOT NULL', "anti join read as semi join")

# JoinExpandOrToUnionRule (new shape): "an inner join on c1 OR c2 becomes the union of the
# join on c1 and the join on c2 AND c1 IS NOT TRUE".
C("JoinExpandOrToUnionRule",
  "SELECT e.empno, b.sal FROM emp AS e JOIN bonus AS b ON e.ename = b.ename OR e.comm = b.comm",
  "SELECT e.empno, b.sal FROM emp AS e JOIN bonus AS b ON e.ename = b.ename UNION ALL "
  "SELECT e.empno, b.sal FROM emp AS e JOIN bonus AS b ON e.comm = b.comm AND (e.ename = b.ename) IS NOT TRUE",
  "SELECT e.empno, b.sal FROM emp AS e JOIN bonus AS b ON e.ename = b.ename UNION ALL "
  "SELECT e.empno, b.sal FROM emp AS e JOIN bonus AS b ON e.comm = b.comm AND e.ename <> b.ename",
  "<> for IS NOT TRUE (NULL bonus.ename lost)")

# JoinConditionExpandIsNotDistinctFromRule: "expands IS NOT DISTINCT FROM in a join
# condition into = OR both NULL".
C("JoinConditionExpandIsNotDistinctFromRule",
  "SELECT e.empno, b.ename FROM emp AS e JOIN bonus AS b ON e.comm IS NOT DISTINCT FROM b.comm AND e.job = b.job",
  "SELECT e.empno, b.ename FROM emp AS e JOIN bonus AS b ON (e.comm = b.comm OR e.comm IS NULL AND b.comm IS NULL) AND e.job = b.job",
  "SELECT e.empno, b.ename FROM emp AS e JOIN bonus AS b ON (e.comm = b.comm OR e.comm IS NULL) AND e.job = b.job",
  "one side's IS NULL dropped")

# SubQueryRemoveRule (new shapes: IN and EXISTS as values in SELECT, three-valued; a row
# value IN; a scalar sub-query compared in HAVING).
C("SubQueryRemoveRule",
  "SELECT empno, deptno IN (SELECT deptno FROM dept WHERE loc = 'NY') FROM emp",
  "SELECT empno, CASE WHEN EXISTS (SELECT 1 FROM dept WHERE loc = 'NY' AND dept.deptno = emp.deptno) THEN TRUE "
  "WHEN deptno IS NULL AND EXISTS (SELECT 1 FROM dept WHERE loc = 'NY') THEN NULL ELSE FALSE END FROM emp",
  "SELECT empno, CASE WHEN EXISTS (SELECT 1 FROM dept WHERE loc = 'NY' AND dept.deptno = emp.deptno) THEN TRUE "
  "ELSE FALSE END FROM emp", "UNKNOWN read as FALSE")
C("SubQueryRemoveRule",
  "SELECT ename, sal NOT IN (SELECT sal FROM bonus) FROM emp",
  "SELECT e.ename, CASE WHEN c.n = 0 THEN TRUE WHEN e.sal IS NULL THEN NULL "
  "WHEN EXISTS (SELECT 1 FROM bonus AS b WHERE b.sal = e.sal) THEN FALSE WHEN c.nn < c.n THEN NULL ELSE TRUE END "
  "FROM emp AS e CROSS JOIN (SELECT COUNT(*) AS n, COUNT(sal) AS nn FROM bonus) AS c",
  "SELECT e.ename, CASE WHEN c.n = 0 THEN TRUE WHEN e.sal IS NULL THEN NULL "
  "WHEN EXISTS (SELECT 1 FROM bonus AS b WHERE b.sal = e.sal) THEN FALSE ELSE TRUE END "
  "FROM emp AS e CROSS JOIN (SELECT COUNT(*) AS n, COUNT(sal) AS nn FROM bonus) AS c",
  "a NULL in the sub-query ignored")
C("SubQueryRemoveRule",
  "SELECT empno FROM emp WHERE (job, sal) IN (SELECT job, sal FROM bonus)",
  "SELECT e.empno FROM emp AS e JOIN (SELECT DISTINCT job, sal FROM bonus) AS b ON e.job = b.job AND e.sal = b.sal",
  "SELECT e.empno FROM emp AS e JOIN (SELECT job, sal FROM bonus) AS b ON e.job = b.job AND e.sal = b.sal",
  "DISTINCT dropped (duplicate bonus rows)")
C("SubQueryRemoveRule",
  "SELECT deptno, COUNT(*) FROM emp GROUP BY deptno HAVING COUNT(*) > (SELECT COUNT(*) FROM account WHERE balance > 1)",
  "SELECT g.deptno, g.c FROM (SELECT deptno, COUNT(*) AS c FROM emp GROUP BY deptno) AS g "
  "CROSS JOIN (SELECT COUNT(*) AS n FROM account WHERE balance > 1) AS s WHERE g.c > s.n",
  "SELECT g.deptno, g.c FROM (SELECT deptno, COUNT(*) AS c FROM emp GROUP BY deptno) AS g "
  "JOIN (SELECT COUNT(*) AS n FROM account WHERE balance > 1) AS s ON g.c >= s.n", "> as >=")
C("SubQueryRemoveRule",
  "SELECT d.dname, EXISTS (SELECT 1 FROM emp AS e WHERE e.deptno = d.deptno AND e.sal > 2) FROM dept AS d",
  "SELECT d.dname, t.deptno IS NOT NULL FROM dept AS d LEFT JOIN (SELECT DISTINCT deptno FROM emp WHERE sal > 2) AS t "
  "ON t.deptno = d.deptno",
  "SELECT d.dname, t.deptno IS NOT NULL FROM dept AS d LEFT JOIN (SELECT deptno FROM emp WHERE sal > 2) AS t "
  "ON t.deptno = d.deptno", "DISTINCT dropped (rows multiplied)")
P("SubQueryRemoveRule",
  'SELECT "ename" FROM "emp" WHERE "sal" > (SELECT AVG("sal") FROM "bonus")',
  'SELECT "emp"."ename" FROM "emp" INNER JOIN (SELECT AVG("sal") AS "EXPR$0" FROM "bonus") AS "t0" ON "emp"."sal" > "t0"."EXPR$0"',
  'SELECT "emp"."ename" FROM "emp" INNER JOIN (SELECT AVG("sal") AS "EXPR$0" FROM "emp") AS "t0" ON "emp"."sal" > "t0"."EXPR$0"',
  "the sub-query over the wrong table")
P("SubQueryRemoveRule",
  'SELECT "empno" FROM "emp" WHERE "deptno" NOT IN (SELECT "deptno" FROM "dept" WHERE "loc" = \'LA\')',
  'SELECT "emp"."empno" FROM "emp" CROSS JOIN (SELECT COUNT(*) AS "c" FROM "dept" WHERE "loc" = \'LA\') AS "t" '
  'LEFT JOIN (SELECT "deptno", TRUE AS "$f1" FROM "dept" WHERE "loc" = \'LA\') AS "t0" '
  'ON "emp"."deptno" = "t0"."deptno" WHERE "t"."c" = 0 OR "emp"."deptno" IS NOT NULL AND "t0"."$f1" IS NULL',
  'SELECT "emp"."empno" FROM "emp" CROSS JOIN (SELECT COUNT(*) AS "c" FROM "dept" WHERE "loc" = \'LA\') AS "t" '
  'LEFT JOIN (SELECT "deptno", TRUE AS "$f1" FROM "dept" WHERE "loc" = \'LA\') AS "t0" '
  'ON "emp"."deptno" = "t0"."deptno" WHERE "t0"."$f1" IS NULL',
  "the empty sub-query case dropped (NULL deptno NOT IN an empty set is TRUE)")

# FilterReduceExpressionsRule / ProjectReduceExpressionsRule (ReduceExpressionsRule's
# filter and project instances, new shapes): "x = x becomes x IS NOT NULL; contradictory
# ranges become FALSE; IS NULL of a NOT NULL column FALSE; CASE with a constant test folds".
C("FilterReduceExpressionsRule",
  "SELECT empno FROM emp WHERE sal = sal AND comm >= comm",
  "SELECT empno FROM emp WHERE sal IS NOT NULL AND comm IS NOT NULL",
  "SELECT empno FROM emp WHERE sal IS NOT NULL", "one x = x read as TRUE")
C("FilterReduceExpressionsRule",
  "SELECT empno FROM emp WHERE (sal > 2 AND sal < 1) OR ename IS NULL",
  "SELECT empno FROM emp WHERE 1 = 0",
  "SELECT empno FROM emp WHERE sal IS NULL", "the contradiction read as sal IS NULL")
C("ProjectReduceExpressionsRule",
  "SELECT empno, CASE WHEN 1 = 1 THEN sal ELSE comm END, COALESCE(ename, job), NULLIF(deptno, deptno) FROM emp",
  "SELECT empno, sal, ename, NULL FROM emp",
  "SELECT empno, sal, COALESCE(job, ename), NULL FROM emp", "COALESCE arguments swapped")
C("FilterReduceExpressionsRule",
  "SELECT d.deptno FROM dept AS d WHERE NOT (NOT (d.loc = 'NY')) AND d.deptno IN (10, 20, 10)",
  "SELECT d.deptno FROM dept AS d WHERE d.loc = 'NY' AND (d.deptno = 10 OR d.deptno = 20)",
  "SELECT d.deptno FROM dept AS d WHERE d.loc = 'NY' AND d.deptno = 10", "a value of the IN list dropped")
P("FilterReduceExpressionsRule",
  'SELECT "empno" FROM "emp" WHERE "sal" > 1 AND "sal" > 2 AND "sal" <= 3',
  'SELECT "empno" FROM "emp" WHERE "sal" > 2 AND "sal" <= 3',
  'SELECT "empno" FROM "emp" WHERE "sal" > 1 AND "sal" <= 3', "the weaker bound kept")

# AggregateUnionTransposeRule (new shape: MIN/MAX/COUNT over a UNION ALL, NULL-able key).
C("AggregateUnionTransposeRule",
  "SELECT job, MAX(sal), COUNT(*) FROM (SELECT job, sal FROM emp UNION ALL SELECT job, sal FROM bonus) AS u GROUP BY job",
  "SELECT job, MAX(m), SUM(c) FROM (SELECT job, MAX(sal) AS m, COUNT(*) AS c FROM emp GROUP BY job UNION ALL "
  "SELECT job, MAX(sal), COUNT(*) FROM bonus GROUP BY job) AS u GROUP BY job",
  "SELECT job, MAX(m), COUNT(c) FROM (SELECT job, MAX(sal) AS m, COUNT(*) AS c FROM emp GROUP BY job UNION ALL "
  "SELECT job, MAX(sal), COUNT(*) FROM bonus GROUP BY job) AS u GROUP BY job", "COUNT of counts for SUM of counts")

# AggregateJoinTransposeRule (new shape: COUNT(*) over a join, NULL-able join key): "the
# aggregate pushed to both inputs; counts multiplied".
C("AggregateJoinTransposeRule",
  "SELECT e.job, COUNT(*) FROM emp AS e JOIN bonus AS b ON e.job = b.job GROUP BY e.job",
  "SELECT x.job, x.c * y.c FROM (SELECT job, COUNT(*) AS c FROM emp GROUP BY job) AS x "
  "JOIN (SELECT job, COUNT(*) AS c FROM bonus GROUP BY job) AS y ON x.job = y.job",
  "SELECT x.job, x.c * y.c FROM (SELECT job, COUNT(*) AS c FROM emp GROUP BY job) AS x "
  "JOIN (SELECT job, COUNT(*) AS c FROM bonus GROUP BY job) AS y ON x.job IS NOT DISTINCT FROM y.job",
  "the NULL groups joined")
C("AggregateJoinTransposeRule",
  "SELECT d.loc, SUM(e.sal) FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno GROUP BY d.loc",
  "SELECT d.loc, SUM(x.s) FROM (SELECT deptno, SUM(sal) AS s FROM emp GROUP BY deptno) AS x "
  "JOIN dept AS d ON x.deptno = d.deptno GROUP BY d.loc",
  "SELECT d.loc, SUM(x.s) FROM (SELECT deptno, MAX(sal) AS s FROM emp GROUP BY deptno) AS x "
  "JOIN dept AS d ON x.deptno = d.deptno GROUP BY d.loc", "MAX for SUM in the pushed aggregate")

# AggregateProjectPullUpConstantsRule (new shape): "a group key an equality filter fixes is
# removed from the GROUP BY and projected as the constant".
C("AggregateProjectPullUpConstantsRule",
  "SELECT deptno, job, COUNT(*) FROM emp WHERE deptno = 20 GROUP BY deptno, job",
  "SELECT 20, job, COUNT(*) FROM emp WHERE deptno = 20 GROUP BY job",
  "SELECT 20, job, COUNT(*) FROM emp GROUP BY job", "the fixing filter dropped")

# FilterSetOpTransposeRule (new shape: EXCEPT / INTERSECT): "a filter above a set
# operation pushed into its inputs".
C("FilterSetOpTransposeRule",
  "SELECT * FROM (SELECT job, sal FROM emp EXCEPT SELECT job, sal FROM bonus) AS t WHERE t.sal > 1",
  "SELECT job, sal FROM emp WHERE sal > 1 EXCEPT SELECT job, sal FROM bonus WHERE sal > 1",
  "SELECT job, sal FROM emp EXCEPT SELECT job, sal FROM bonus WHERE sal > 1", "the filter pushed into the right input only")
C("FilterSetOpTransposeRule",
  "SELECT * FROM (SELECT ename, comm FROM emp INTERSECT SELECT ename, comm FROM bonus) AS t WHERE t.comm IS NULL OR t.ename = 'a'",
  "SELECT ename, comm FROM emp WHERE comm IS NULL OR ename = 'a' INTERSECT SELECT ename, comm FROM bonus",
  "SELECT ename, comm FROM emp WHERE comm IS NULL INTERSECT SELECT ename, comm FROM bonus", "a disjunct dropped")

# ProjectSetOpTransposeRule (new shape: expressions): "a Project above a UNION ALL pushed
# into each input".
C("ProjectSetOpTransposeRule",
  "SELECT t.s + 1, UPPER(t.n) FROM (SELECT sal AS s, ename AS n FROM emp UNION ALL SELECT sal, ename FROM bonus) AS t",
  "SELECT sal + 1, UPPER(ename) FROM emp UNION ALL SELECT sal + 1, UPPER(ename) FROM bonus",
  "SELECT sal + 1, UPPER(ename) FROM emp UNION SELECT sal + 1, UPPER(ename) FROM bonus", "UNION for UNION ALL")

# AggregateMergeRule (new shape): "an Aggregate over an Aggregate whose keys are a subset
# merged: SUM of COUNTs is COUNT, MAX of MAXes is MAX".
C("AggregateMergeRule",
  "SELECT deptno, SUM(c), MAX(m) FROM (SELECT deptno, job, COUNT(*) AS c, MAX(sal) AS m FROM emp GROUP BY deptno, job) AS t GROUP BY deptno",
  "SELECT deptno, COUNT(*), MAX(sal) FROM emp GROUP BY deptno",
  "SELECT deptno, COUNT(DISTINCT job), MAX(sal) FROM emp GROUP BY deptno", "counts groups instead of rows")

# SemiJoinRule (new shape: through an aggregate over a join).
C("SemiJoinRule",
  "SELECT DISTINCT d.deptno, d.dname FROM dept AS d JOIN emp AS e ON e.deptno = d.deptno WHERE e.job = 'CLERK'",
  "SELECT d.deptno, d.dname FROM dept AS d WHERE d.deptno IN (SELECT deptno FROM emp WHERE job = 'CLERK')",
  "SELECT d.deptno, d.dname FROM dept AS d JOIN emp AS e ON e.deptno = d.deptno WHERE e.job = 'CLERK'",
  "DISTINCT dropped", )

# SortMergeRule (new shape): "merges a Sort with a fetch/offset over another Sort on the
# same keys into one Sort (the offsets added, the fetch the smaller remainder)".
C("SortMergeRule",
  "SELECT * FROM (SELECT empno, sal FROM emp ORDER BY empno LIMIT 3) AS t ORDER BY empno LIMIT 5 OFFSET 1",
  "SELECT empno, sal FROM emp ORDER BY empno LIMIT 2 OFFSET 1",
  "SELECT empno, sal FROM emp ORDER BY empno LIMIT 3 OFFSET 1", "the inner fetch not subtracted", semantics="list")

# FilterMultiJoinMergeRule: "merges a Filter above a MultiJoin into its join condition".
C("JoinToMultiJoinRule+FilterMultiJoinMergeRule",
  "SELECT * FROM (SELECT e.empno, d.loc, a.balance FROM emp AS e, dept AS d, account AS a "
  "WHERE e.deptno = d.deptno AND a.empno = e.empno) AS t WHERE t.balance > t.empno OR t.loc IS NULL",
  "SELECT e.empno, d.loc, a.balance FROM emp AS e JOIN dept AS d JOIN account AS a "
  "ON e.deptno = d.deptno AND a.empno = e.empno AND (a.balance > e.empno OR d.loc IS NULL)",
  "SELECT e.empno, d.loc, a.balance FROM emp AS e JOIN dept AS d JOIN account AS a "
  "ON e.deptno = d.deptno AND a.empno = e.empno AND a.balance > e.empno", "a disjunct dropped")

# Calcite-printed: ProjectToWindowRule, AggregateProjectMergeRule, JoinCommuteRule,
# FilterProjectTransposeRule, ProjectMergeRule, new shapes.
P("ProjectToWindowRule",
  'SELECT "empno", SUM("sal") OVER (PARTITION BY "deptno") AS "EXPR$1" FROM "emp"',
  'SELECT "t"."empno", "t0"."$f1" AS "EXPR$1" FROM "emp" AS "t" LEFT JOIN (SELECT "deptno", SUM("sal") AS "$f1" FROM "emp" GROUP BY "deptno") AS "t0" '
  'ON "t"."deptno" IS NOT DISTINCT FROM "t0"."deptno"',
  'SELECT "t"."empno", "t0"."$f1" AS "EXPR$1" FROM "emp" AS "t" LEFT JOIN (SELECT "deptno", SUM("sal") AS "$f1" FROM "emp" GROUP BY "deptno") AS "t0" '
  'ON "t"."deptno" = "t0"."deptno"', "= for IS NOT DISTINCT FROM (NULL partition)")
P("ProjectToWindowRule",
  'SELECT "ename", COUNT(*) OVER (PARTITION BY "job") AS "EXPR$1", MAX("sal") OVER (PARTITION BY "job") AS "EXPR$2" FROM "bonus"',
  'SELECT "t"."ename", "t0"."$f1" AS "EXPR$1", "t0"."$f2" AS "EXPR$2" FROM "bonus" AS "t" INNER JOIN '
  '(SELECT "job", COUNT(*) AS "$f1", MAX("sal") AS "$f2" FROM "bonus" GROUP BY "job") AS "t0" ON "t"."job" IS NOT DISTINCT FROM "t0"."job"',
  'SELECT "t"."ename", "t0"."$f1" AS "EXPR$1", "t0"."$f2" AS "EXPR$2" FROM "bonus" AS "t" INNER JOIN '
  '(SELECT "job", COUNT("sal") AS "$f1", MAX("sal") AS "$f2" FROM "bonus" GROUP BY "job") AS "t0" ON "t"."job" IS NOT DISTINCT FROM "t0"."job"',
  "COUNT(sal) for COUNT(*)")
P("JoinCommuteRule+ProjectMergeRule",
  'SELECT "t"."ename", "t0"."dname" FROM (SELECT "ename", "deptno" FROM "emp") AS "t" LEFT JOIN (SELECT "deptno", "dname" FROM "dept") AS "t0" '
  'ON "t"."deptno" = "t0"."deptno"',
  'SELECT "t1"."ename", "t1"."dname" FROM (SELECT "dept"."dname", "emp"."ename" FROM "dept" RIGHT JOIN "emp" ON "dept"."deptno" = "emp"."deptno") AS "t1"',
  'SELECT "t1"."ename", "t1"."dname" FROM (SELECT "dept"."dname", "emp"."ename" FROM "dept" LEFT JOIN "emp" ON "dept"."deptno" = "emp"."deptno") AS "t1"',
  "the outer join's preserved side swapped")
P("AggregateProjectMergeRule+AggregateFilterTransposeRule",
  'SELECT "t0"."deptno", "t0"."EXPR$1" FROM (SELECT "deptno", COUNT(*) AS "EXPR$1" FROM (SELECT "deptno", "sal" FROM "emp") AS "t" '
  'GROUP BY "deptno") AS "t0" WHERE "t0"."deptno" > 10',
  'SELECT "deptno", COUNT(*) AS "EXPR$1" FROM "emp" WHERE "deptno" > 10 GROUP BY "deptno"',
  'SELECT "deptno", COUNT("sal") AS "EXPR$1" FROM "emp" WHERE "deptno" > 10 GROUP BY "deptno"', "COUNT(sal) for COUNT(*)")
P("FilterProjectTransposeRule+ReduceExpressionsRule",
  'SELECT "t"."empno", "t"."$f1" FROM (SELECT "empno", "sal" + 1 AS "$f1" FROM "emp") AS "t" WHERE "t"."$f1" > 2',
  'SELECT "empno", "sal" + 1 AS "$f1" FROM "emp" WHERE "sal" > 1',
  'SELECT "empno", "sal" + 1 AS "$f1" FROM "emp" WHERE "sal" > 2', "the bound not shifted")
P("AggregateRemoveRule+ProjectMergeRule",
  'SELECT "t"."empno", "t"."EXPR$1" FROM (SELECT "empno", SUM("sal") AS "EXPR$1" FROM "emp" GROUP BY "empno") AS "t"',
  'SELECT "empno", "sal" AS "EXPR$1" FROM "emp"',
  'SELECT "empno", COALESCE("sal", 0) AS "EXPR$1" FROM "emp"', "SUM of one NULL read as 0")
P("SubQueryRemoveRule+Decorrelate",
  'SELECT "dname", (SELECT COUNT(*) FROM "emp" WHERE "emp"."deptno" = "dept"."deptno") AS "EXPR$1" FROM "dept"',
  'SELECT "dept"."dname", CASE WHEN "t0"."$f1" IS NULL THEN 0 ELSE "t0"."$f1" END AS "EXPR$1" FROM "dept" LEFT JOIN '
  '(SELECT "deptno", COUNT(*) AS "$f1" FROM "emp" GROUP BY "deptno") AS "t0" ON "dept"."deptno" = "t0"."deptno"',
  'SELECT "dept"."dname", "t0"."$f1" AS "EXPR$1" FROM "dept" LEFT JOIN '
  '(SELECT "deptno", COUNT(*) AS "$f1" FROM "emp" GROUP BY "deptno") AS "t0" ON "dept"."deptno" = "t0"."deptno"',
  "the COUNT bug (NULL for 0)")
P("JoinConditionPushRule+FilterIntoJoinRule",
  'SELECT "emp"."empno", "account"."acctno" FROM "emp" LEFT JOIN "account" ON "emp"."empno" = "account"."empno" AND "account"."kind" = \'S\' '
  'WHERE "emp"."deptno" = 10',
  'SELECT "t"."empno", "t0"."acctno" FROM (SELECT "empno" FROM "emp" WHERE "deptno" = 10) AS "t" LEFT JOIN '
  '(SELECT "acctno", "empno" FROM "account" WHERE "kind" = \'S\') AS "t0" ON "t"."empno" = "t0"."empno"',
  'SELECT "t"."empno", "t0"."acctno" FROM (SELECT "empno" FROM "emp" WHERE "deptno" = 10) AS "t" INNER JOIN '
  '(SELECT "acctno", "empno" FROM "account" WHERE "kind" = \'S\') AS "t0" ON "t"."empno" = "t0"."empno"',
  "LEFT JOIN made inner")
P("SortProjectTransposeRule+SortRemoveRule",
  'SELECT "t"."ename", "t"."empno" FROM (SELECT "ename", "empno", "sal" FROM "emp") AS "t" ORDER BY "t"."empno" DESC OFFSET 1 ROWS FETCH NEXT 2 ROWS ONLY',
  'SELECT "ename", "empno" FROM "emp" ORDER BY "empno" DESC OFFSET 1 ROWS FETCH NEXT 2 ROWS ONLY',
  'SELECT "ename", "empno" FROM "emp" ORDER BY "empno" DESC FETCH NEXT 2 ROWS ONLY', "OFFSET dropped", semantics="list")

# ============================================================ Spark Catalyst
# t1(a, b, c), t2(x, y, z), t3(u, v, w): NULL-able integers, no keys, duplicates;
# r(k PK, v NOT NULL, w, s TEXT), q(id PK, rk NOT NULL FK r.k, n).

# OptimizeOneRowPlan: "removes Sort, Distinct and Aggregate-as-projection over a child
# that has at most one row".
S("OptimizeOneRowPlan",
  "SELECT DISTINCT m FROM (SELECT MAX(a) AS m FROM t1) AS s ORDER BY m",
  "SELECT MAX(a) AS m FROM t1",
  "SELECT MIN(a) AS m FROM t1", "MIN for MAX")
S("OptimizeOneRowPlan",
  "SELECT m, c FROM (SELECT MAX(a) AS m, COUNT(*) AS c FROM t1 WHERE b > 1) AS s GROUP BY m, c",
  "SELECT MAX(a) AS m, COUNT(*) AS c FROM t1 WHERE b > 1",
  "SELECT MAX(a) AS m, COUNT(a) AS c FROM t1 WHERE b > 1", "COUNT(a) for COUNT(*)")

# EliminateOuterJoin (new shapes): "an outer join becomes inner (or left/right) when a
# filter above rejects NULLs of the NULL-supplying side: IS NOT NULL, a comparison, a
# strict function; COALESCE is not strict".
S("EliminateOuterJoin",
  "SELECT t1.a, t2.y FROM t1 LEFT JOIN t2 ON t1.a = t2.x WHERE t2.y + 1 > 2",
  "SELECT t1.a, t2.y FROM t1 JOIN t2 ON t1.a = t2.x WHERE t2.y + 1 > 2",
  "SELECT t1.a, t2.y FROM t1 JOIN t2 ON t1.a = t2.x WHERE COALESCE(t2.y, 5) + 1 > 2", "the strict predicate made non-strict",)
S("EliminateOuterJoin",
  "SELECT t1.a, t2.y FROM t1 LEFT JOIN t2 ON t1.a = t2.x WHERE COALESCE(t2.y, 0) = 0",
  "SELECT t1.a, t2.y FROM t1 LEFT JOIN t2 ON t1.a = t2.x WHERE t2.y = 0 OR t2.y IS NULL",
  "SELECT t1.a, t2.y FROM t1 JOIN t2 ON t1.a = t2.x WHERE COALESCE(t2.y, 0) = 0", "a COALESCE filter read as NULL-rejecting")
S("EliminateOuterJoin",
  "SELECT t1.a, t2.x FROM t1 FULL JOIN t2 ON t1.a = t2.x WHERE t1.b IS NOT NULL",
  "SELECT t1.a, t2.x FROM t1 LEFT JOIN t2 ON t1.a = t2.x WHERE t1.b IS NOT NULL",
  "SELECT t1.a, t2.x FROM t1 JOIN t2 ON t1.a = t2.x WHERE t1.b IS NOT NULL", "FULL made inner (one side only rejects NULLs)")
S("EliminateOuterJoin",
  "SELECT t1.a, t2.x FROM t1 FULL JOIN t2 ON t1.a = t2.x WHERE t1.b > 0 AND t2.z < 3",
  "SELECT t1.a, t2.x FROM t1 JOIN t2 ON t1.a = t2.x WHERE t1.b > 0 AND t2.z < 3",
  "SELECT t1.a, t2.x FROM t1 JOIN t2 ON t1.a = t2.x WHERE t1.b > 0 AND t2.z <= 3", "< as <=")
S("EliminateOuterJoin",
  "SELECT t1.c, t2.z FROM t1 RIGHT JOIN t2 ON t1.a = t2.x WHERE t1.c IN (1, 2)",
  "SELECT t1.c, t2.z FROM t2 JOIN t1 ON t1.a = t2.x WHERE t1.c IN (1, 2)",
  "SELECT t1.c, t2.z FROM t2 JOIN t1 ON t1.a = t2.x WHERE t1.c IN (1, 3)", "a changed constant")
S("EliminateOuterJoin",
  "SELECT r.k, q.n FROM r LEFT JOIN q ON q.rk = r.k WHERE q.id IS NOT NULL",
  "SELECT r.k, q.n FROM r JOIN q ON q.rk = r.k",
  "SELECT r.k, q.n FROM r LEFT JOIN q ON q.rk = r.k WHERE q.n IS NOT NULL", "IS NOT NULL on a NULL-able column")

# PushPredicateThroughJoin (each join type): "WHERE conjuncts on one side go below an
# inner join; below a LEFT JOIN only to its left side; a LEFT JOIN's ON conjuncts on the
# right side go to the right side, never to the left; through a semi join to its left".
RULE = "PushPredicateThroughJoin"
S(RULE,
  "SELECT t1.a, t2.y FROM t1 LEFT JOIN t2 ON t1.a = t2.x WHERE t1.b = 1",
  "SELECT s.a, t2.y FROM (SELECT * FROM t1 WHERE b = 1) AS s LEFT JOIN t2 ON s.a = t2.x",
  "SELECT t1.a, t2.y FROM t1 LEFT JOIN t2 ON t1.a = t2.x AND t1.b = 1", "WHERE on the preserved side moved into ON")
S(RULE,
  "SELECT t1.a, t2.y FROM t1 LEFT JOIN t2 ON t1.a = t2.x AND t2.z > 1",
  "SELECT t1.a, s.y FROM t1 LEFT JOIN (SELECT * FROM t2 WHERE z > 1) AS s ON t1.a = s.x",
  "SELECT t1.a, t2.y FROM t1 LEFT JOIN t2 ON t1.a = t2.x WHERE t2.z > 1", "ON conjunct moved to WHERE")
S(RULE,
  "SELECT t1.a, t2.y FROM t1 LEFT JOIN t2 ON t1.a = t2.x AND t1.c = 2",
  "SELECT t1.a, s.y FROM t1 LEFT JOIN (SELECT * FROM t2 WHERE x IS NOT NULL) AS s ON t1.c = 2 AND s.x = t1.a",
  "SELECT s.a, t2.y FROM (SELECT * FROM t1 WHERE c = 2) AS s LEFT JOIN t2 ON s.a = t2.x",
  "a left-side ON conjunct pushed into the preserved input")
S(RULE,
  "SELECT t1.a, t2.y FROM t1 RIGHT JOIN t2 ON t1.a = t2.x WHERE t2.y < 2",
  "SELECT t1.a, s.y FROM t1 RIGHT JOIN (SELECT * FROM t2 WHERE y < 2) AS s ON t1.a = s.x",
  "SELECT t1.a, s.y FROM (SELECT * FROM t1 WHERE a < 2) AS t1 RIGHT JOIN (SELECT * FROM t2 WHERE y < 2) AS s ON t1.a = s.x",
  "a filter invented on the NULL-supplying side")
S(RULE,
  "SELECT t1.a, t2.x FROM t1 FULL JOIN t2 ON t1.a = t2.x AND t1.b = 1 AND t2.y = 2",
  "SELECT t1.a, t2.x FROM t2 FULL JOIN t1 ON t2.y = 2 AND t2.x = t1.a AND t1.b = 1",
  "SELECT t1.a, s.x FROM t1 FULL JOIN (SELECT * FROM t2 WHERE y = 2) AS s ON t1.a = s.x AND t1.b = 1",
  "an ON conjunct pushed into a FULL join's input")
S(RULE,
  "SELECT t1.a, t2.y, t3.w FROM t1 JOIN t2 ON t1.a = t2.x JOIN t3 ON t2.y = t3.u WHERE t1.b + t3.v > 2 AND t3.w > 0",
  "SELECT t1.a, t2.y, s3.w FROM t1 JOIN t2 ON t1.a = t2.x "
  "JOIN (SELECT * FROM t3 WHERE w > 0) AS s3 ON t2.y = s3.u AND t1.b + s3.v > 2",
  "SELECT t1.a, t2.y, s3.w FROM t1 JOIN t2 ON t1.a = t2.x "
  "JOIN (SELECT * FROM t3 WHERE w > 0) AS s3 ON t2.y = s3.u", "the two-side conjunct dropped")
S(RULE,
  "SELECT a, b FROM t1 WHERE EXISTS (SELECT 1 FROM t2 WHERE t2.x = t1.a) AND t1.b > 1",
  "SELECT a, b FROM (SELECT * FROM t1 WHERE b > 1) AS s WHERE EXISTS (SELECT 1 FROM t2 WHERE t2.x = s.a)",
  "SELECT a, b FROM (SELECT * FROM t1 WHERE b > 1) AS s WHERE EXISTS (SELECT 1 FROM t2 WHERE t2.x = s.a AND t2.y > 1)",
  "the filter pushed into the semi join's right side")
S(RULE,
  "SELECT a, b FROM t1 WHERE NOT EXISTS (SELECT 1 FROM t2 WHERE t2.x = t1.a AND t2.y = 1) AND t1.c IS NULL",
  "SELECT a, b FROM (SELECT * FROM t1 WHERE c IS NULL) AS s WHERE NOT EXISTS (SELECT 1 FROM (SELECT * FROM t2 WHERE y = 1) AS u WHERE u.x = s.a)",
  "SELECT a, b FROM (SELECT * FROM t1 WHERE c IS NULL) AS s WHERE NOT EXISTS (SELECT 1 FROM t2 AS u WHERE u.x = s.a)",
  "the anti join's right-side filter dropped")

# RewriteNonCorrelatedExists (new shapes): "an uncorrelated EXISTS becomes
# (SELECT 1 FROM ... LIMIT 1) IS NOT NULL".
S("RewriteNonCorrelatedExists",
  "SELECT a FROM t1 WHERE EXISTS (SELECT 1 FROM t2 WHERE y > 1) OR a = 0",
  "SELECT a FROM t1 WHERE (SELECT 1 FROM t2 WHERE y > 1 LIMIT 1) IS NOT NULL OR a = 0",
  "SELECT a FROM t1 WHERE (SELECT z FROM t2 WHERE y > 1 LIMIT 1) IS NOT NULL OR a = 0", "a NULL-able column for the 1")
S("RewriteNonCorrelatedExists",
  "SELECT k, NOT EXISTS (SELECT 1 FROM q WHERE n IS NULL) FROM r",
  "SELECT k, (SELECT 1 FROM q WHERE n IS NULL LIMIT 1) IS NULL FROM r",
  "SELECT k, (SELECT 1 FROM q WHERE n IS NOT NULL LIMIT 1) IS NULL FROM r", "the sub-query's filter negated")

# ReplaceDeduplicateWithAggregate (new shape: Deduplicate on all columns of a join).
S("ReplaceDeduplicateWithAggregate",
  "SELECT DISTINCT t1.a, t2.y FROM t1 JOIN t2 ON t1.b = t2.x",
  "SELECT t1.a, t2.y FROM t1 JOIN t2 ON t1.b = t2.x GROUP BY t1.a, t2.y",
  "SELECT t1.a, MAX(t2.y) FROM t1 JOIN t2 ON t1.b = t2.x GROUP BY t1.a", "a group key made an aggregate")

# RemoveRedundantAliases (new shape): "removes aliases that rename a column to its own
# name, also through nested derived tables and joins".
S("RemoveRedundantAliases",
  "SELECT s.a AS a, s.x AS x FROM (SELECT t1.a AS a, t2.x AS x FROM t1 AS t1 JOIN t2 AS t2 ON t1.b = t2.y) AS s",
  "SELECT t1.a, t2.x FROM t1 JOIN t2 ON t1.b = t2.y",
  "SELECT t1.a, t2.y FROM t1 JOIN t2 ON t1.b = t2.y", "the wrong column kept")

# SimplifyCaseConversionExpressions (new shape): "UPPER(LOWER(x)) is UPPER(x); LOWER(UPPER(x))
# is LOWER(x)", here in a join and a GROUP BY.
S("SimplifyCaseConversionExpressions",
  "SELECT LOWER(UPPER(s)), COUNT(*) FROM r GROUP BY LOWER(UPPER(s))",
  "SELECT LOWER(s), COUNT(*) FROM r GROUP BY LOWER(s)",
  "SELECT s, COUNT(*) FROM r GROUP BY s", "case folding dropped")

# LikeSimplification (SQLite: LIKE is case-insensitive for ASCII): "a LIKE pattern with
# only a trailing % is a prefix test, only a leading % a suffix test, none an equality";
# with ESCAPE the escaped wildcard is a literal character.
S("LikeSimplification",
  "SELECT k FROM r WHERE s LIKE 'ab%'",
  "SELECT k FROM r WHERE LOWER(SUBSTR(s, 1, 2)) = 'ab'",
  "SELECT k FROM r WHERE SUBSTR(s, 1, 2) = 'ab'", "case-sensitive prefix test", dialect="sqlite")
S("LikeSimplification",
  "SELECT k FROM r WHERE s LIKE '%ab'",
  "SELECT k FROM r WHERE LENGTH(s) >= 2 AND LOWER(SUBSTR(s, -2)) = 'ab'",
  "SELECT k FROM r WHERE LOWER(SUBSTR(s, 1, 2)) = 'ab'", "prefix for suffix", dialect="sqlite")
S("LikeSimplification",
  "SELECT k FROM r WHERE s LIKE 'x!_%' ESCAPE '!' OR s LIKE 'a!%' ESCAPE '!'",
  "SELECT k FROM r WHERE LOWER(SUBSTR(s, 1, 2)) = 'x_' OR LOWER(s) = 'a%'",
  "SELECT k FROM r WHERE s LIKE 'x_%' OR LOWER(s) = 'a%'", "ESCAPE dropped (_ a wildcard again)", dialect="sqlite")

# CombineConcats (new shape: nested with a NULL-able operand and a literal).
S("CombineConcats",
  "SELECT k, (s || '-') || (CAST(w AS TEXT) || s) FROM r",
  "SELECT k, s || '-' || CAST(w AS TEXT) || s FROM r",
  "SELECT k, s || '-' || COALESCE(CAST(w AS TEXT), '') || s FROM r", "a NULL operand read as empty")

# ReorderAssociativeOperator (new shape: in GROUP BY and HAVING): "folds the constants of an
# associative chain of + or *".
S("ReorderAssociativeOperator",
  "SELECT (a + 1) + (b + 2), COUNT(*) FROM t1 GROUP BY (a + 1) + (b + 2) HAVING COUNT(*) * 2 * 3 > 6",
  "SELECT a + b + 3, COUNT(*) FROM t1 GROUP BY a + b + 3 HAVING COUNT(*) * 6 > 6",
  "SELECT a + b + 3, COUNT(*) FROM t1 GROUP BY a + b + 3 HAVING COUNT(*) * 3 > 6", "the wrong folded constant")

# PushFoldableIntoBranches (new shape: a comparison over CASE): "an operation with a
# foldable operand pushed into the branches of a CASE / IF".
S("PushFoldableIntoBranches",
  "SELECT a, b FROM t1 WHERE (CASE WHEN a > 1 THEN 1 ELSE 2 END) + 1 = 3",
  "SELECT a, b FROM t1 WHERE CASE WHEN a > 1 THEN FALSE ELSE TRUE END",
  "SELECT a, b FROM t1 WHERE a <= 1", "the ELSE branch read as a <= 1 (NULL a)")
S("PushFoldableIntoBranches",
  "SELECT c, CASE WHEN c IS NULL THEN 0 WHEN c > 2 THEN 10 ELSE 20 END * 2 FROM t1",
  "SELECT c, CASE WHEN c IS NULL THEN 0 WHEN c > 2 THEN 20 ELSE 40 END FROM t1",
  "SELECT c, CASE WHEN c IS NULL THEN 0 WHEN c > 2 THEN 20 ELSE 20 END FROM t1", "one branch not pushed into")

# UnwrapCastInBinaryComparison (new shapes): "CAST(int AS double) compared with a literal
# becomes a comparison of the int with a rounded literal; = a fractional literal is
# FALSE for non-NULL values".
S("UnwrapCastInBinaryComparison",
  "SELECT a FROM t1 WHERE CAST(a AS REAL) > 1.5 AND CAST(b AS REAL) <= 2.5",
  "SELECT a FROM t1 WHERE a > 1 AND b <= 2",
  "SELECT a FROM t1 WHERE a > 1 AND b < 2", "<= as <")
S("UnwrapCastInBinaryComparison",
  "SELECT a FROM t1 WHERE CAST(a AS REAL) = 1.5 OR c = 0",
  "SELECT a FROM t1 WHERE c = 0",
  "SELECT a FROM t1 WHERE a = 1 OR c = 0", "= 1.5 rounded to = 1")

# EliminateAggregateFilter (new shape: grouped): "FILTER (WHERE TRUE) dropped; FILTER
# (WHERE FALSE) makes COUNT 0 and other aggregates NULL".
S("EliminateAggregateFilter",
  "SELECT a, COUNT(b) FILTER (WHERE 1 = 0), SUM(c) FILTER (WHERE 1 = 1), MAX(c) FILTER (WHERE FALSE) FROM t1 GROUP BY a",
  "SELECT a, 0, SUM(c), NULL FROM t1 GROUP BY a",
  "SELECT a, NULL, SUM(c), NULL FROM t1 GROUP BY a", "COUNT over no rows read as NULL")

# RewriteExceptAll / RewriteIntersectAll: "EXCEPT ALL as a UNION ALL of the two sides tagged
# +1 / -1, grouped, the positive sums replicated"; as SQL says it: number the duplicates of
# each side (ROW_NUMBER per row value), then plain EXCEPT / INTERSECT.
S("RewriteExceptAll",
  "SELECT a FROM t1 EXCEPT ALL SELECT x FROM t2",
  "SELECT a FROM (SELECT a, ROW_NUMBER() OVER (PARTITION BY a) AS n FROM t1 EXCEPT "
  "SELECT x, ROW_NUMBER() OVER (PARTITION BY x) FROM t2) AS s",
  "SELECT a FROM (SELECT a, ROW_NUMBER() OVER (PARTITION BY a) AS n FROM t1 EXCEPT "
  "SELECT x, 1 FROM t2) AS s", "the right side's duplicates not numbered")
S("RewriteIntersectAll",
  "SELECT a, b FROM t1 INTERSECT ALL SELECT x, y FROM t2",
  "SELECT a, b FROM (SELECT a, b, ROW_NUMBER() OVER (PARTITION BY a, b) AS n FROM t1 INTERSECT "
  "SELECT x, y, ROW_NUMBER() OVER (PARTITION BY x, y) FROM t2) AS s",
  "SELECT a, b FROM (SELECT a, b, ROW_NUMBER() OVER (PARTITION BY a) AS n FROM t1 INTERSECT "
  "SELECT x, y, ROW_NUMBER() OVER (PARTITION BY x) FROM t2) AS s", "numbered per first column only")
S("RewriteExceptAll",
  "SELECT a FROM t1 EXCEPT ALL SELECT x FROM t2",
  "WITH RECURSIVE d(v, m) AS (SELECT a, c FROM (SELECT a, SUM(t) AS c FROM (SELECT a, 1 AS t FROM t1 UNION ALL "
  "SELECT x, -1 FROM t2) AS u GROUP BY a) AS g WHERE c > 0 UNION ALL SELECT v, m - 1 FROM d WHERE m > 1) SELECT v FROM d",
  "WITH RECURSIVE d(v, m) AS (SELECT a, c FROM (SELECT a, SUM(t) AS c FROM (SELECT a, 1 AS t FROM t1 UNION ALL "
  "SELECT x, -1 FROM t2) AS u GROUP BY a) AS g WHERE c > 0 UNION ALL SELECT v, m - 1 FROM d WHERE m > 2) SELECT v FROM d",
  "one replica too few")

# OptimizeWindowFunctions: "FIRST(x) over a window becomes NTH_VALUE(x, 1)".
S("OptimizeWindowFunctions",
  "SELECT a, FIRST_VALUE(c) OVER (PARTITION BY a ORDER BY b, c) FROM t1",
  "SELECT a, NTH_VALUE(c, 1) OVER (PARTITION BY a ORDER BY b, c) FROM t1",
  "SELECT a, NTH_VALUE(c, 2) OVER (PARTITION BY a ORDER BY b, c) FROM t1", "the second value")

# LimitPushDownThroughWindow: "a LIMIT over a window with no PARTITION BY and the same
# order is pushed below the window".
S("LimitPushDownThroughWindow",
  "SELECT k, ROW_NUMBER() OVER (ORDER BY k) AS rn FROM r ORDER BY k LIMIT 2",
  "SELECT k, ROW_NUMBER() OVER (ORDER BY k) AS rn FROM (SELECT k FROM r ORDER BY k LIMIT 2) AS s ORDER BY k",
  "SELECT k, ROW_NUMBER() OVER (ORDER BY k) AS rn FROM (SELECT k FROM r ORDER BY k DESC LIMIT 2) AS s ORDER BY k",
  "the pushed limit takes the other end", semantics="list")

# SimplifyConditionalsInPredicate: "in a predicate, CASE WHEN c THEN p ELSE FALSE is c AND p;
# CASE WHEN c THEN TRUE ELSE p is c OR p (NULL acts as FALSE)".
S("SimplifyConditionalsInPredicate",
  "SELECT a, b FROM t1 WHERE CASE WHEN a > 1 THEN b > 0 ELSE FALSE END",
  "SELECT a, b FROM t1 WHERE a > 1 AND b > 0",
  "SELECT a, b FROM t1 WHERE a > 1 OR b > 0", "AND as OR")
S("SimplifyConditionalsInPredicate",
  "SELECT a, b FROM t1 WHERE CASE WHEN a > 1 THEN TRUE ELSE c = 2 END",
  "SELECT a, b FROM t1 WHERE a > 1 OR c = 2",
  "SELECT a, b FROM t1 WHERE a > 1 OR (a <= 1 AND c = 2)", "the ELSE guarded by the negated test (NULL a)")

# BooleanSimplification (new shapes): "common conjuncts factored out of a disjunction; NOT of
# a comparison flipped".
S("BooleanSimplification",
  "SELECT a FROM t1 WHERE (a > 1 AND b > 1) OR (a > 1 AND c > 1)",
  "SELECT a FROM t1 WHERE a > 1 AND (b > 1 OR c > 1)",
  "SELECT a FROM t1 WHERE a > 1 OR (b > 1 AND c > 1)", "factored the wrong way")
S("BooleanSimplification",
  "SELECT a FROM t1 WHERE NOT (a > 1 OR b IS NULL)",
  "SELECT a FROM t1 WHERE a <= 1 AND b IS NOT NULL",
  "SELECT a FROM t1 WHERE a <= 1 OR b IS NOT NULL", "De Morgan as OR")

# ConvertToLocalRelation: "a Project / Filter over a local relation (VALUES) computed at
# planning time".
S("ConvertToLocalRelation",
  "SELECT column1 + 1, column2 FROM (VALUES (1, 'a'), (2, 'b'), (3, 'c')) AS v WHERE column1 <> 2",
  "VALUES (2, 'a'), (4, 'c')",
  "VALUES (2, 'a'), (3, 'b'), (4, 'c')", "the filter not applied")

# CostBasedJoinReorder (new shape, with a keyed table): "reorders inner joins by cost".
S("CostBasedJoinReorder",
  "SELECT r.k, q.id, t1.a FROM r JOIN q ON q.rk = r.k JOIN t1 ON t1.a = q.n WHERE r.v > 0",
  "SELECT r.k, q.id, t1.a FROM t1 JOIN q ON t1.a = q.n JOIN (SELECT * FROM r WHERE v > 0) AS r ON q.rk = r.k",
  "SELECT r.k, q.id, t1.a FROM t1 JOIN q ON t1.a = q.n JOIN (SELECT * FROM r WHERE v > 0) AS r ON q.id = r.k",
  "the wrong key column")

# RewriteDistinctAggregates (new shape: two distinct aggregates and a plain one, NULL-able
# group key), written as each aggregate grouped apart and joined on the NULL-safe key.
S("RewriteDistinctAggregates",
  "SELECT a, COUNT(DISTINCT b), SUM(DISTINCT c), COUNT(*) FROM t1 GROUP BY a",
  "SELECT g.a, x.cb, y.sc, g.n FROM (SELECT a, COUNT(*) AS n FROM t1 GROUP BY a) AS g "
  "JOIN (SELECT a, COUNT(b) AS cb FROM (SELECT DISTINCT a, b FROM t1) AS d GROUP BY a) AS x ON x.a IS g.a "
  "JOIN (SELECT a, SUM(c) AS sc FROM (SELECT DISTINCT a, c FROM t1) AS e GROUP BY a) AS y ON y.a IS g.a",
  "SELECT g.a, x.cb, y.sc, g.n FROM (SELECT a, COUNT(*) AS n FROM t1 GROUP BY a) AS g "
  "JOIN (SELECT a, COUNT(b) AS cb FROM (SELECT DISTINCT a, b FROM t1) AS d GROUP BY a) AS x ON x.a IS g.a "
  "JOIN (SELECT a, SUM(c) AS sc FROM t1 GROUP BY a) AS y ON y.a IS g.a", "DISTINCT lost in one aggregate",
  dialect="sqlite")

# ReplaceExceptWithFilter (new shape: the right side a filter of the same relation with a
# NULL-able predicate): "A EXCEPT (A WHERE p) becomes DISTINCT A WHERE NOT COALESCE(p, FALSE)".
S("ReplaceExceptWithFilter",
  "SELECT a, b FROM t1 WHERE c > 0 EXCEPT SELECT a, b FROM t1 WHERE b = 2",
  "SELECT DISTINCT a, b FROM t1 WHERE c > 0 AND NOT COALESCE(b = 2, FALSE)",
  "SELECT DISTINCT a, b FROM t1 WHERE c > 0 AND NOT b = 2", "COALESCE dropped (NULL b lost)")

# EliminateLimits / EliminateSorts (new shape): "a LIMIT at least the child's maximum row
# count is removed (an ungrouped aggregate has one row); a sort under an aggregate dropped".
S("EliminateLimits",
  "SELECT * FROM (SELECT SUM(a), COUNT(*) FROM (SELECT a FROM t1 ORDER BY b) AS o) AS s LIMIT 3",
  "SELECT SUM(a), COUNT(*) FROM t1",
  "SELECT SUM(a), COUNT(*) FROM t1 LIMIT 0", "LIMIT 0 kept")

# PropagateEmptyRelation (new shape: through a LEFT JOIN and an aggregate).
S("PropagateEmptyRelation",
  "SELECT t1.a, s.x FROM t1 LEFT JOIN (SELECT x FROM t2 WHERE 1 = 0) AS s ON t1.a = s.x",
  "SELECT a, NULL FROM t1",
  "SELECT a, a FROM t1", "the NULL-extended column filled")
S("PropagateEmptyRelation",
  "SELECT COUNT(*), MAX(x) FROM (SELECT x FROM t2 WHERE 1 = 0) AS s",
  "SELECT 0, NULL",
  "SELECT 0, NULL WHERE 1 = 0", "an ungrouped aggregate over nothing read as no row")

# InlineCTE (new shape: referenced twice, in a self-join).
S("InlineCTE",
  "WITH c AS (SELECT a, b FROM t1 WHERE c > 0) SELECT c1.a, c2.b FROM c AS c1 JOIN c AS c2 ON c1.b = c2.a",
  "SELECT c1.a, c2.b FROM (SELECT a, b FROM t1 WHERE c > 0) AS c1 JOIN (SELECT a, b FROM t1 WHERE c > 0) AS c2 ON c1.b = c2.a",
  "SELECT c1.a, c2.b FROM (SELECT a, b FROM t1 WHERE c > 0) AS c1 JOIN (SELECT a, b FROM t1) AS c2 ON c1.b = c2.a",
  "one inlined copy lost its filter")

# ConstantPropagation (new shape): "a = 1 AND b = a + 1 becomes a = 1 AND b = 2; not across OR".
S("ConstantPropagation",
  "SELECT a, b FROM t1 WHERE a = 1 AND b = a + 1 AND (c = a OR c IS NULL)",
  "SELECT a, b FROM t1 WHERE a = 1 AND b = 2 AND (c = 1 OR c IS NULL)",
  "SELECT a, b FROM t1 WHERE a = 1 AND b = 2 AND c = 1", "the IS NULL disjunct dropped")

# RemoveDispensableExpressions: "removes expressions that do not change the value (a unary
# plus, a no-op cast of a column to its own type)".
S("RemoveDispensableExpressions",
  "SELECT +a, CAST(b AS INTEGER) FROM t1 WHERE +c > 1",
  "SELECT a, b FROM t1 WHERE c > 1",
  "SELECT a, b FROM t1 WHERE c >= 1", "> as >=")

# RewritePredicateSubquery (new shape: IN under OR, Catalyst's existence join): "a
# predicate sub-query inside a disjunction becomes a LEFT join producing an exists flag".
S("RewritePredicateSubquery",
  "SELECT a, b FROM t1 WHERE a IN (SELECT x FROM t2 WHERE y = 1) OR b = 2",
  "SELECT t1.a, t1.b FROM t1 LEFT JOIN (SELECT DISTINCT x FROM t2 WHERE y = 1) AS e ON t1.a = e.x WHERE e.x IS NOT NULL OR t1.b = 2",
  "SELECT t1.a, t1.b FROM t1 LEFT JOIN (SELECT x FROM t2 WHERE y = 1) AS e ON t1.a = e.x WHERE e.x IS NOT NULL OR t1.b = 2",
  "DISTINCT dropped from the existence join's right side")

# ============================================================ text-to-SQL (sqlite)
# Two correct formulations of one question each, as people and text-to-SQL systems write
# them; the mutant is a typical text-to-SQL error (ties under LIMIT 1, NOT IN over a
# NULL-able column, a missing DISTINCT, COUNT(col) for COUNT(*), a wrong join key, an inner
# join for a left one, integer division, LIKE's case folding).
#
# concert: stadium(stadium_id PK, name, location?, capacity?, average?), singer(singer_id PK,
# name, country?, age?, is_male?), concert(concert_id PK, concert_name, theme?, stadium_id? FK,
# year?), singer_in_concert(concert_id FK, singer_id FK; PK both).
K = "concert"
# Which singers (id, name) performed in some concert?
Q(K, "IN/JOIN+DISTINCT",
  "SELECT singer_id, name FROM singer WHERE singer_id IN (SELECT singer_id FROM singer_in_concert)",
  "SELECT DISTINCT s.singer_id, s.name FROM singer AS s JOIN singer_in_concert AS sc ON s.singer_id = sc.singer_id",
  "SELECT s.singer_id, s.name FROM singer AS s JOIN singer_in_concert AS sc ON s.singer_id = sc.singer_id",
  "DISTINCT missing")
# Names of stadiums that hosted a concert in 2014.
Q(K, "IN/EXISTS",
  "SELECT name FROM stadium WHERE stadium_id IN (SELECT stadium_id FROM concert WHERE year = 2014)",
  "SELECT T1.name FROM stadium AS T1 WHERE EXISTS (SELECT 1 FROM concert AS T2 WHERE T2.stadium_id = T1.stadium_id AND T2.year = 2014)",
  "SELECT T1.name FROM stadium AS T1 JOIN concert AS T2 ON T2.stadium_id = T1.stadium_id WHERE T2.year = 2014",
  "a join duplicates stadiums with two 2014 concerts")
# Names of stadiums that never hosted a concert.
Q(K, "NOT EXISTS/NOT IN+IS NOT NULL",
  "SELECT name FROM stadium AS s WHERE NOT EXISTS (SELECT 1 FROM concert AS c WHERE c.stadium_id = s.stadium_id)",
  "SELECT name FROM stadium WHERE stadium_id NOT IN (SELECT stadium_id FROM concert WHERE stadium_id IS NOT NULL)",
  "SELECT name FROM stadium WHERE stadium_id NOT IN (SELECT stadium_id FROM concert)",
  "NOT IN over a NULL-able column")
# Ids of singers who never performed.
Q(K, "NOT IN/EXCEPT",
  "SELECT singer_id FROM singer WHERE singer_id NOT IN (SELECT singer_id FROM singer_in_concert)",
  "SELECT singer_id FROM singer EXCEPT SELECT singer_id FROM singer_in_concert",
  ("SELECT name FROM singer WHERE singer_id NOT IN (SELECT singer_id FROM singer_in_concert)",
   "SELECT name FROM singer EXCEPT SELECT T1.name FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id"),
  "EXCEPT on names (two singers share a name)")
# Name of the stadium with the largest capacity (the lowest id among ties).
Q(K, "ORDER BY LIMIT 1/MAX subquery+tie-break",
  "SELECT name FROM stadium WHERE capacity IS NOT NULL ORDER BY capacity DESC, stadium_id LIMIT 1",
  "SELECT name FROM stadium WHERE stadium_id = (SELECT MIN(stadium_id) FROM stadium WHERE capacity = (SELECT MAX(capacity) FROM stadium))",
  "SELECT name FROM stadium WHERE capacity = (SELECT MAX(capacity) FROM stadium)",
  "ties under LIMIT 1 (every stadium of the largest capacity)")
# Name of the singer with the highest id.
Q(K, "ORDER BY key LIMIT 1/MAX subquery",
  "SELECT name FROM singer ORDER BY singer_id DESC LIMIT 1",
  "SELECT name FROM singer WHERE singer_id = (SELECT MAX(singer_id) FROM singer)",
  ("SELECT name FROM singer ORDER BY age DESC, singer_id LIMIT 1",
   "SELECT name FROM singer WHERE age = (SELECT MAX(age) FROM singer)"),
  "MAX over a non-key column (ties, NULL ages)")
# How many different countries do singers come from?
Q(K, "COUNT DISTINCT/COUNT over GROUP BY",
  "SELECT COUNT(DISTINCT country) FROM singer",
  "SELECT COUNT(*) FROM (SELECT country FROM singer WHERE country IS NOT NULL GROUP BY country) AS t",
  "SELECT COUNT(*) FROM (SELECT country FROM singer GROUP BY country) AS t",
  "the NULL country counted as a country")
# Number of singers from France.
Q(K, "HAVING/WHERE on the group key",
  "SELECT country, COUNT(*) FROM singer GROUP BY country HAVING country = 'France'",
  "SELECT country, COUNT(*) FROM singer WHERE country = 'France' GROUP BY country",
  "SELECT country, COUNT(country) FROM singer WHERE country = 'France' OR country IS NULL GROUP BY country",
  "the NULL group kept")
# Percentage of singers that are male.
Q(K, "real division/CAST",
  "SELECT 100.0 * COUNT(CASE WHEN is_male = 1 THEN 1 END) / COUNT(*) FROM singer",
  "SELECT CAST(SUM(CASE WHEN is_male = 1 THEN 1 ELSE 0 END) AS REAL) * 100 / COUNT(*) FROM singer",
  "SELECT SUM(CASE WHEN is_male = 1 THEN 1 ELSE 0 END) * 100 / COUNT(*) FROM singer",
  "integer division")
# Singers named ann, in any letter case.
Q(K, "LIKE/LOWER =",
  "SELECT singer_id FROM singer WHERE name LIKE 'ann'",
  "SELECT singer_id FROM singer WHERE LOWER(name) = 'ann'",
  "SELECT singer_id FROM singer WHERE name = 'ann'", "= is case-sensitive")
# Singers whose name starts with a capital A.
Q(K, "GLOB/SUBSTR",
  "SELECT singer_id FROM singer WHERE name GLOB 'A*'",
  "SELECT singer_id FROM singer WHERE SUBSTR(name, 1, 1) = 'A'",
  "SELECT singer_id FROM singer WHERE name LIKE 'A%'", "LIKE ignores case")
# Singers aged 20 to 30.
Q(K, "BETWEEN/two comparisons",
  "SELECT name FROM singer WHERE age BETWEEN 20 AND 30",
  "SELECT name FROM singer WHERE age >= 20 AND age <= 30",
  "SELECT name FROM singer WHERE age > 20 AND age <= 30", "an end excluded")
# Names of singers older than singer 1.
Q(K, "self-join/scalar subquery",
  "SELECT s.name FROM singer AS s JOIN singer AS t ON t.singer_id = 1 WHERE s.age > t.age",
  "SELECT name FROM singer WHERE age > (SELECT age FROM singer WHERE singer_id = 1)",
  "SELECT name FROM singer WHERE age >= (SELECT age FROM singer WHERE singer_id = 1)", "> as >=")
# Countries that have both a male and a female singer.
Q(K, "INTERSECT/EXISTS+IS",
  "SELECT country FROM singer WHERE is_male = 1 INTERSECT SELECT country FROM singer WHERE is_male = 0",
  "SELECT DISTINCT country FROM singer AS s WHERE is_male = 1 AND EXISTS (SELECT 1 FROM singer AS t WHERE t.is_male = 0 AND t.country IS s.country)",
  "SELECT DISTINCT country FROM singer WHERE is_male = 1 AND country IN (SELECT country FROM singer WHERE is_male = 0)",
  "IN drops the NULL country INTERSECT keeps")
# Names of singers who sang in a 2014 concert.
Q(K, "aliases/derived table",
  "SELECT T1.name FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id "
  "JOIN concert AS T3 ON T2.concert_id = T3.concert_id WHERE T3.year = 2014",
  "SELECT x.name FROM (SELECT s.name, c.year FROM singer AS s, singer_in_concert AS sc, concert AS c "
  "WHERE s.singer_id = sc.singer_id AND sc.concert_id = c.concert_id) AS x WHERE x.year = 2014",
  "SELECT T1.name FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id "
  "JOIN concert AS T3 ON T2.singer_id = T3.concert_id WHERE T3.year = 2014", "the wrong join key")
# Every stadium with its number of concerts (0 for none).
Q(K, "LEFT JOIN COUNT/correlated COUNT",
  "SELECT s.name, COUNT(c.concert_id) FROM stadium AS s LEFT JOIN concert AS c ON c.stadium_id = s.stadium_id GROUP BY s.stadium_id",
  "SELECT name, (SELECT COUNT(*) FROM concert AS c WHERE c.stadium_id = s.stadium_id) FROM stadium AS s",
  "SELECT s.name, COUNT(*) FROM stadium AS s LEFT JOIN concert AS c ON c.stadium_id = s.stadium_id GROUP BY s.stadium_id",
  "COUNT(*) counts the NULL-extended row")
Q(K, "LEFT JOIN COUNT/UNION ALL of zero rows",
  "SELECT s.stadium_id, COUNT(c.concert_id) FROM stadium AS s LEFT JOIN concert AS c ON c.stadium_id = s.stadium_id GROUP BY s.stadium_id",
  "SELECT stadium_id, COUNT(*) FROM concert WHERE stadium_id IS NOT NULL GROUP BY stadium_id UNION ALL "
  "SELECT stadium_id, 0 FROM stadium WHERE stadium_id NOT IN (SELECT stadium_id FROM concert WHERE stadium_id IS NOT NULL)",
  "SELECT s.stadium_id, COUNT(c.concert_id) FROM stadium AS s JOIN concert AS c ON c.stadium_id = s.stadium_id GROUP BY s.stadium_id",
  "inner join for left join (stadiums without concerts lost)")
# The year with the most concerts (the latest year among ties).
Q(K, "GROUP BY ORDER BY COUNT LIMIT 1/HAVING = MAX",
  "SELECT year FROM concert GROUP BY year ORDER BY COUNT(*) DESC, year DESC LIMIT 1",
  "SELECT year FROM concert GROUP BY year HAVING COUNT(*) = (SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM concert GROUP BY year) AS t) "
  "ORDER BY year DESC LIMIT 1",
  "SELECT year FROM concert GROUP BY year HAVING COUNT(*) = (SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM concert GROUP BY year) AS t)",
  "ties under LIMIT 1 (every top year)")
# How many concerts have a theme?
Q(K, "COUNT(col)/COUNT(*) WHERE IS NOT NULL",
  "SELECT COUNT(theme) FROM concert",
  "SELECT COUNT(*) FROM concert WHERE theme IS NOT NULL",
  "SELECT COUNT(*) FROM concert", "COUNT(*) for COUNT(col)")
# Average age per country with more than one singer.
Q(K, "HAVING/derived table WHERE",
  "SELECT country, AVG(age) FROM singer GROUP BY country HAVING COUNT(*) > 1",
  "SELECT country, a FROM (SELECT country, AVG(age) AS a, COUNT(*) AS n FROM singer GROUP BY country) AS t WHERE n > 1",
  "SELECT country, AVG(age) FROM singer GROUP BY country HAVING COUNT(age) > 1", "COUNT(col) for COUNT(*)")
# Names of singers who performed at the stadium named Arena (exact name).
Q(K, "JOIN/nested IN",
  "SELECT DISTINCT T1.singer_id, T1.name FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id "
  "JOIN concert AS T3 ON T2.concert_id = T3.concert_id JOIN stadium AS T4 ON T3.stadium_id = T4.stadium_id WHERE T4.name = 'Arena'",
  "SELECT singer_id, name FROM singer WHERE singer_id IN (SELECT singer_id FROM singer_in_concert WHERE concert_id IN "
  "(SELECT concert_id FROM concert WHERE stadium_id IN (SELECT stadium_id FROM stadium WHERE name = 'Arena')))",
  "SELECT singer_id, name FROM singer WHERE singer_id IN (SELECT singer_id FROM singer_in_concert WHERE concert_id IN "
  "(SELECT concert_id FROM concert WHERE stadium_id IN (SELECT stadium_id FROM stadium WHERE name LIKE 'Arena')))",
  "LIKE for = (matches 'arena')")
# Singers who performed in at least two concerts.
Q(K, "GROUP BY HAVING/self-join",
  "SELECT s.name FROM singer AS s JOIN singer_in_concert AS c ON s.singer_id = c.singer_id GROUP BY s.singer_id HAVING COUNT(*) >= 2",
  "SELECT s.name FROM singer AS s WHERE EXISTS (SELECT 1 FROM singer_in_concert AS a JOIN singer_in_concert AS b "
  "ON a.singer_id = b.singer_id AND a.concert_id < b.concert_id WHERE a.singer_id = s.singer_id)",
  "SELECT s.name FROM singer AS s WHERE EXISTS (SELECT 1 FROM singer_in_concert AS a JOIN singer_in_concert AS b "
  "ON a.singer_id = b.singer_id AND a.concert_id <= b.concert_id WHERE a.singer_id = s.singer_id)",
  "<= for < (a concert paired with itself)")
# Concerts with the theme Rock or Jazz held in 2015.
Q(K, "IN list/OR",
  "SELECT concert_name FROM concert WHERE theme IN ('Rock', 'Jazz') AND year = 2015",
  "SELECT concert_name FROM concert WHERE (theme = 'Rock' OR theme = 'Jazz') AND year = 2015",
  "SELECT concert_name FROM concert WHERE theme = 'Rock' OR theme = 'Jazz' AND year = 2015", "parentheses lost")
# Name and capacity of stadiums whose average is above 60, ordered by capacity then id.
Q(K, "ORDER BY total/derived table",
  "SELECT name, capacity FROM stadium WHERE average > 60 ORDER BY capacity, stadium_id",
  "SELECT name, capacity FROM (SELECT * FROM stadium WHERE average > 60) AS t ORDER BY t.capacity ASC, t.stadium_id ASC",
  "SELECT name, capacity FROM (SELECT * FROM stadium WHERE average > 60) AS t ORDER BY t.capacity DESC, t.stadium_id ASC",
  "direction changed", semantics="list")
# Oldest singer's age per country (countries listed once).
Q(K, "GROUP BY MAX/correlated MAX+DISTINCT",
  "SELECT country, MAX(age) FROM singer GROUP BY country",
  "SELECT DISTINCT s.country, (SELECT MAX(t.age) FROM singer AS t WHERE t.country IS s.country) FROM singer AS s",
  "SELECT DISTINCT s.country, (SELECT MAX(t.age) FROM singer AS t WHERE t.country = s.country) FROM singer AS s",
  "= for IS (the NULL country's maximum lost)")
# Number of male singers.
Q(K, "COUNT WHERE/SUM of a comparison",
  "SELECT COUNT(*) FROM singer WHERE is_male = 1",
  "SELECT COALESCE(SUM(is_male = 1), 0) FROM singer",
  "SELECT SUM(is_male) FROM singer", "SUM without COALESCE (NULL on no singer)")

# flights: airport(code TEXT PK, city, country?, elevation?), airline(airline_id PK, name,
# country?), flight(flight_id PK, airline_id FK, src FK NOT NULL, dst FK NULL-able,
# distance?, price?).
F = "flights"
# Codes of airports no flight departs from.
Q(F, "NOT IN/NOT EXISTS",
  "SELECT code FROM airport WHERE code NOT IN (SELECT src FROM flight)",
  "SELECT a.code FROM airport AS a WHERE NOT EXISTS (SELECT 1 FROM flight AS f WHERE f.src = a.code)",
  "SELECT a.code FROM airport AS a WHERE NOT EXISTS (SELECT 1 FROM flight AS f WHERE f.dst = a.code)", "the wrong column")
Q(F, "EXCEPT/LEFT JOIN IS NULL",
  "SELECT code FROM airport EXCEPT SELECT src FROM flight",
  "SELECT a.code FROM airport AS a LEFT JOIN flight AS f ON f.src = a.code WHERE f.flight_id IS NULL",
  "SELECT a.code FROM airport AS a LEFT JOIN flight AS f ON f.src = a.code WHERE f.dst IS NULL",
  "IS NULL tested on a NULL-able column")
# Codes of airports no flight arrives at.
Q(F, "NOT EXISTS/NOT IN+IS NOT NULL",
  "SELECT a.code FROM airport AS a WHERE NOT EXISTS (SELECT 1 FROM flight AS f WHERE f.dst = a.code)",
  "SELECT code FROM airport WHERE code NOT IN (SELECT dst FROM flight WHERE dst IS NOT NULL)",
  "SELECT code FROM airport WHERE code NOT IN (SELECT dst FROM flight)", "NOT IN over a NULL-able column")
# Id of the cheapest flight (the lowest id among ties).
Q(F, "ORDER BY LIMIT 1/MIN subquery+tie-break",
  "SELECT flight_id FROM flight WHERE price IS NOT NULL ORDER BY price, flight_id LIMIT 1",
  "SELECT MIN(flight_id) FROM flight WHERE price = (SELECT MIN(price) FROM flight) HAVING COUNT(*) > 0",
  ("SELECT flight_id FROM flight WHERE price IS NOT NULL ORDER BY price, flight_id LIMIT 1",
   "SELECT flight_id FROM flight WHERE price = (SELECT MIN(price) FROM flight)"),
  "ties under LIMIT 1")
# Number of flights per airline (airline id and name), for airlines with flights.
Q(F, "JOIN GROUP BY/correlated COUNT+EXISTS",
  "SELECT a.airline_id, a.name, COUNT(*) FROM airline AS a JOIN flight AS f ON f.airline_id = a.airline_id GROUP BY a.airline_id",
  "SELECT airline_id, name, (SELECT COUNT(*) FROM flight AS f WHERE f.airline_id = a.airline_id) FROM airline AS a "
  "WHERE EXISTS (SELECT 1 FROM flight AS f WHERE f.airline_id = a.airline_id)",
  ("SELECT a.name, COUNT(*) FROM airline AS a JOIN flight AS f ON f.airline_id = a.airline_id GROUP BY a.airline_id",
   "SELECT a.name, COUNT(*) FROM airline AS a JOIN flight AS f ON f.airline_id = a.airline_id GROUP BY a.name"),
  "grouped by the non-unique name (a group key missing)")
# Average price per airline id.
Q(F, "AVG/SUM over COUNT",
  "SELECT airline_id, AVG(price) FROM flight GROUP BY airline_id",
  "SELECT airline_id, SUM(price) / COUNT(price) FROM flight GROUP BY airline_id",
  "SELECT airline_id, SUM(price) / COUNT(*) FROM flight GROUP BY airline_id", "COUNT(*) for COUNT(price)")
# Flights between 400 and 900 km.
Q(F, "BETWEEN/two comparisons",
  "SELECT flight_id FROM flight WHERE distance BETWEEN 400 AND 900",
  "SELECT flight_id FROM flight WHERE distance >= 400 AND NOT distance > 900",
  "SELECT flight_id FROM flight WHERE distance > 400 AND distance < 900", "the ends excluded")
# Routes (source, destination) flown in both directions.
Q(F, "self-join/EXISTS",
  "SELECT DISTINCT f1.src, f1.dst FROM flight AS f1 JOIN flight AS f2 ON f1.src = f2.dst AND f1.dst = f2.src",
  "SELECT DISTINCT src, dst FROM flight AS f WHERE EXISTS (SELECT 1 FROM flight AS g WHERE g.src = f.dst AND g.dst = f.src)",
  "SELECT f1.src, f1.dst FROM flight AS f1 JOIN flight AS f2 ON f1.src = f2.dst AND f1.dst = f2.src", "DISTINCT missing")
# Flights departing from the airport coded 'aaa' (codes are case-sensitive).
Q(F, "=/GLOB",
  "SELECT flight_id FROM flight WHERE src = 'aaa'",
  "SELECT flight_id FROM flight WHERE src GLOB 'aaa'",
  "SELECT flight_id FROM flight WHERE src LIKE 'aaa'", "LIKE ignores case (matches AAA)")
# Airlines flying from both AAA and BBB.
Q(F, "INTERSECT/IN+DISTINCT",
  "SELECT airline_id FROM flight WHERE src = 'AAA' INTERSECT SELECT airline_id FROM flight WHERE src = 'BBB'",
  "SELECT DISTINCT airline_id FROM flight WHERE src = 'AAA' AND airline_id IN (SELECT airline_id FROM flight WHERE src = 'BBB')",
  "SELECT DISTINCT airline_id FROM flight WHERE src = 'AAA' OR src = 'BBB'", "OR for both")
# Name of the airline with the most flights (the lowest id among ties).
Q(F, "ORDER BY COUNT LIMIT 1/HAVING = MAX",
  "SELECT a.name FROM airline AS a JOIN flight AS f ON f.airline_id = a.airline_id GROUP BY a.airline_id "
  "ORDER BY COUNT(*) DESC, a.airline_id LIMIT 1",
  "SELECT name FROM airline WHERE airline_id = (SELECT MIN(airline_id) FROM (SELECT airline_id, COUNT(*) AS n FROM flight "
  "GROUP BY airline_id) AS t WHERE n = (SELECT MAX(m) FROM (SELECT COUNT(*) AS m FROM flight GROUP BY airline_id) AS u))",
  "SELECT name FROM airline WHERE airline_id IN (SELECT airline_id FROM (SELECT airline_id, COUNT(*) AS n FROM flight "
  "GROUP BY airline_id) AS t WHERE n = (SELECT MAX(m) FROM (SELECT COUNT(*) AS m FROM flight GROUP BY airline_id) AS u))",
  "ties under LIMIT 1")
# Every airport with the number of flights arriving there.
Q(F, "LEFT JOIN GROUP BY/correlated COUNT",
  "SELECT a.code, COUNT(f.flight_id) FROM airport AS a LEFT JOIN flight AS f ON f.dst = a.code GROUP BY a.code",
  "SELECT code, (SELECT COUNT(*) FROM flight WHERE dst = airport.code) FROM airport",
  "SELECT a.code, COUNT(f.flight_id) FROM airport AS a JOIN flight AS f ON f.dst = a.code GROUP BY a.code",
  "inner join for left join")
# Source airports whose flights total more than 500 km.
Q(F, "HAVING SUM/derived table",
  "SELECT src FROM flight GROUP BY src HAVING SUM(distance) > 500",
  "SELECT src FROM (SELECT src, SUM(distance) AS total FROM flight GROUP BY src) AS t WHERE total > 500",
  "SELECT src FROM flight WHERE distance > 500 GROUP BY src", "the aggregate condition put in WHERE")
# Cities from which airline Jet flies.
Q(F, "JOIN/IN",
  "SELECT DISTINCT ap.city FROM flight AS f JOIN airline AS al ON f.airline_id = al.airline_id JOIN airport AS ap ON f.src = ap.code "
  "WHERE al.name = 'Jet'",
  "SELECT DISTINCT city FROM airport WHERE code IN (SELECT src FROM flight WHERE airline_id IN (SELECT airline_id FROM airline WHERE name = 'Jet'))",
  "SELECT DISTINCT ap.city FROM flight AS f JOIN airline AS al ON f.airline_id = al.airline_id JOIN airport AS ap ON f.dst = ap.code "
  "WHERE al.name = 'Jet'", "joined on the destination instead of the source")
# Flights dearer than the average flight.
Q(F, "scalar subquery/CROSS JOIN derived",
  "SELECT flight_id FROM flight WHERE price > (SELECT AVG(price) FROM flight)",
  "SELECT f.flight_id FROM flight AS f CROSS JOIN (SELECT AVG(price) AS ap FROM flight) AS t WHERE f.price > t.ap",
  "SELECT f.flight_id FROM flight AS f CROSS JOIN (SELECT AVG(price) AS ap FROM flight) AS t WHERE f.price >= t.ap", "> as >=")
# How many flights have no known destination?
Q(F, "COUNT WHERE IS NULL/COUNT(*) - COUNT(col)",
  "SELECT COUNT(*) FROM flight WHERE dst IS NULL",
  "SELECT COUNT(*) - COUNT(dst) FROM flight",
  "SELECT COUNT(*) - COUNT(flight_id) FROM flight", "COUNT of a NOT NULL column")
# Countries of airports and airlines (each once).
Q(F, "UNION/DISTINCT of UNION ALL",
  "SELECT country FROM airport UNION SELECT country FROM airline",
  "SELECT DISTINCT c FROM (SELECT country AS c FROM airport UNION ALL SELECT country FROM airline) AS t",
  "SELECT c FROM (SELECT country AS c FROM airport UNION ALL SELECT country FROM airline) AS t", "DISTINCT missing")
# Three longest flights, longest first (ties broken by id).
Q(F, "ORDER BY LIMIT/window rank",
  "SELECT flight_id, distance FROM flight ORDER BY distance DESC, flight_id LIMIT 3",
  "SELECT flight_id, distance FROM (SELECT flight_id, distance, ROW_NUMBER() OVER (ORDER BY distance DESC, flight_id) AS rn "
  "FROM flight) AS t WHERE rn <= 3 ORDER BY rn",
  "SELECT flight_id, distance FROM (SELECT flight_id, distance, RANK() OVER (ORDER BY distance DESC) AS rn "
  "FROM flight) AS t WHERE rn <= 3 ORDER BY rn, flight_id", "RANK keeps ties past three", semantics="list")
# Flights whose destination airport is in Italy.
Q(F, "JOIN/EXISTS",
  "SELECT f.flight_id FROM flight AS f JOIN airport AS a ON a.code = f.dst WHERE a.country = 'IT'",
  "SELECT flight_id FROM flight AS f WHERE EXISTS (SELECT 1 FROM airport AS a WHERE a.code = f.dst AND a.country = 'IT')",
  "SELECT flight_id FROM flight AS f WHERE NOT EXISTS (SELECT 1 FROM airport AS a WHERE a.code = f.dst AND a.country <> 'IT')",
  "NOT EXISTS of the opposite (NULL country and NULL destination)")
# Distance of each flight in hundreds of km.
Q(F, "real division/CAST",
  "SELECT flight_id, distance / 100.0 FROM flight",
  "SELECT flight_id, CAST(distance AS REAL) / 100 FROM flight",
  "SELECT flight_id, distance / 100 FROM flight", "integer division")

# school: school(school_id PK, name, enrollment?, founded?), player(player_id PK, name,
# school_id? FK, position?, age?, points NOT NULL).
H = "school"
# Players in schools founded before 1980.
Q(H, "JOIN/IN",
  "SELECT p.name FROM player AS p JOIN school AS s ON p.school_id = s.school_id WHERE s.founded < 1980",
  "SELECT name FROM player WHERE school_id IN (SELECT school_id FROM school WHERE founded < 1980)",
  "SELECT name FROM player WHERE school_id IN (SELECT school_id FROM school WHERE founded > 1980)", "comparison reversed")
# Schools without any player.
Q(H, "NOT EXISTS/NOT IN+IS NOT NULL",
  "SELECT name FROM school AS s WHERE NOT EXISTS (SELECT 1 FROM player AS p WHERE p.school_id = s.school_id)",
  "SELECT name FROM school WHERE school_id NOT IN (SELECT school_id FROM player WHERE school_id IS NOT NULL)",
  "SELECT name FROM school WHERE school_id NOT IN (SELECT school_id FROM player)", "NOT IN over a NULL-able column")
Q(H, "EXCEPT/LEFT JOIN IS NULL",
  "SELECT school_id FROM school EXCEPT SELECT school_id FROM player",
  "SELECT s.school_id FROM school AS s LEFT JOIN player AS p ON p.school_id = s.school_id WHERE p.player_id IS NULL",
  "SELECT s.school_id FROM school AS s LEFT JOIN player AS p ON p.school_id = s.school_id WHERE p.position IS NULL",
  "IS NULL tested on a NULL-able column")
# Name of the top scorer (the lowest id among ties).
Q(H, "ORDER BY LIMIT 1/MAX subquery+tie-break",
  "SELECT name FROM player ORDER BY points DESC, player_id LIMIT 1",
  "SELECT name FROM player WHERE player_id = (SELECT MIN(player_id) FROM player WHERE points = (SELECT MAX(points) FROM player))",
  "SELECT name FROM player WHERE points = (SELECT MAX(points) FROM player)", "ties under LIMIT 1")
# Every school with its number of players.
Q(H, "LEFT JOIN COUNT/correlated COUNT",
  "SELECT s.name, COUNT(p.player_id) FROM school AS s LEFT JOIN player AS p ON p.school_id = s.school_id GROUP BY s.school_id",
  "SELECT name, (SELECT COUNT(*) FROM player AS p WHERE p.school_id = s.school_id) FROM school AS s",
  "SELECT s.name, COUNT(*) FROM school AS s LEFT JOIN player AS p ON p.school_id = s.school_id GROUP BY s.school_id",
  "COUNT(*) counts the NULL-extended row")
# Average points per position.
Q(H, "AVG/SUM * 1.0 over COUNT",
  "SELECT position, AVG(points) FROM player GROUP BY position",
  "SELECT position, SUM(points) * 1.0 / COUNT(*) FROM player GROUP BY position",
  "SELECT position, SUM(points) / COUNT(*) FROM player GROUP BY position", "integer division")
# Fraction of players without a school.
Q(H, "CAST division/AVG of a test",
  "SELECT CAST(COUNT(*) - COUNT(school_id) AS REAL) / COUNT(*) FROM player",
  "SELECT AVG(school_id IS NULL) FROM player",
  "SELECT (COUNT(*) - COUNT(school_id)) / COUNT(*) FROM player", "integer division")
# Players older than every player of school 1 (none when school 1 has no player of known age).
Q(H, "MAX subquery/NOT EXISTS",
  "SELECT name FROM player WHERE age > (SELECT MAX(age) FROM player WHERE school_id = 1)",
  "SELECT name FROM player AS p WHERE p.age IS NOT NULL AND EXISTS (SELECT 1 FROM player AS q WHERE q.school_id = 1 AND q.age IS NOT NULL) "
  "AND NOT EXISTS (SELECT 1 FROM player AS q WHERE q.school_id = 1 AND q.age >= p.age)",
  "SELECT name FROM player AS p WHERE p.age IS NOT NULL "
  "AND NOT EXISTS (SELECT 1 FROM player AS q WHERE q.school_id = 1 AND q.age >= p.age)",
  "the empty-set case (MAX is NULL) read as TRUE")
# Schools (ids) with more than one guard.
Q(H, "WHERE+HAVING COUNT/HAVING SUM of a test",
  "SELECT school_id FROM player WHERE position = 'guard' GROUP BY school_id HAVING COUNT(*) > 1",
  "SELECT school_id FROM player GROUP BY school_id HAVING SUM(position = 'guard') > 1",
  "SELECT school_id FROM player GROUP BY school_id HAVING COUNT(position) > 1", "the position filter lost")
# Every player with their school's name (players without a school included).
Q(H, "LEFT JOIN/scalar subquery",
  "SELECT p.name, s.name FROM player AS p LEFT JOIN school AS s ON p.school_id = s.school_id",
  "SELECT p.name, (SELECT s.name FROM school AS s WHERE s.school_id = p.school_id) FROM player AS p",
  "SELECT p.name, s.name FROM player AS p JOIN school AS s ON p.school_id = s.school_id", "inner join for left join")
# The different positions.
Q(H, "DISTINCT/GROUP BY",
  "SELECT DISTINCT position FROM player",
  "SELECT position FROM player GROUP BY position",
  "SELECT position FROM player WHERE position IS NOT NULL GROUP BY position", "the NULL position dropped")
# How many schools have at least one center?
Q(H, "COUNT DISTINCT/COUNT EXISTS",
  "SELECT COUNT(DISTINCT school_id) FROM player WHERE position = 'center'",
  "SELECT COUNT(*) FROM school AS s WHERE EXISTS (SELECT 1 FROM player AS p WHERE p.school_id = s.school_id AND p.position = 'center')",
  "SELECT COUNT(school_id) FROM player WHERE position = 'center'", "DISTINCT missing")
# The second highest points total.
Q(H, "LIMIT OFFSET/MAX below MAX",
  "SELECT (SELECT DISTINCT points FROM player ORDER BY points DESC LIMIT 1 OFFSET 1)",
  "SELECT MAX(points) FROM player WHERE points < (SELECT MAX(points) FROM player)",
  "SELECT (SELECT points FROM player ORDER BY points DESC LIMIT 1 OFFSET 1)", "DISTINCT missing (a tie at the top)")
# Names of players in the school with the largest enrollment (the lowest id among ties).
Q(H, "nested ORDER BY LIMIT/JOIN MAX",
  "SELECT name FROM player WHERE school_id = (SELECT school_id FROM school WHERE enrollment IS NOT NULL "
  "ORDER BY enrollment DESC, school_id LIMIT 1)",
  "SELECT p.name FROM player AS p JOIN school AS s ON p.school_id = s.school_id WHERE s.school_id = "
  "(SELECT MIN(school_id) FROM school WHERE enrollment = (SELECT MAX(enrollment) FROM school))",
  "SELECT p.name FROM player AS p JOIN school AS s ON p.school_id = s.school_id WHERE s.enrollment = "
  "(SELECT MAX(enrollment) FROM school)", "ties under LIMIT 1")
# Players aged 16 or 17 scoring at least 10.
Q(H, "IN/BETWEEN",
  "SELECT name FROM player WHERE age IN (16, 17) AND points >= 10",
  "SELECT name FROM player WHERE age BETWEEN 16 AND 17 AND points > 9",
  "SELECT name FROM player WHERE age BETWEEN 16 AND 17 AND points > 10", "an end excluded")
# Total points per school name (school names listed with their ids).
Q(H, "JOIN GROUP BY/GROUP BY then JOIN",
  "SELECT s.school_id, s.name, SUM(p.points) FROM school AS s JOIN player AS p ON p.school_id = s.school_id GROUP BY s.school_id, s.name",
  "SELECT s.school_id, s.name, t.total FROM school AS s JOIN (SELECT school_id, SUM(points) AS total FROM player GROUP BY school_id) AS t "
  "ON t.school_id = s.school_id",
  "SELECT s.school_id, s.name, t.total FROM school AS s LEFT JOIN (SELECT school_id, SUM(points) AS total FROM player GROUP BY school_id) AS t "
  "ON t.school_id = s.school_id", "left join keeps schools without players")
# Players who score more than their school's average.
Q(H, "correlated AVG/JOIN derived AVG",
  "SELECT p.name FROM player AS p WHERE p.points > (SELECT AVG(q.points) FROM player AS q WHERE q.school_id = p.school_id)",
  "SELECT p.name FROM player AS p JOIN (SELECT school_id, AVG(points) AS a FROM player GROUP BY school_id) AS t "
  "ON t.school_id = p.school_id WHERE p.points > t.a",
  "SELECT p.name FROM player AS p JOIN (SELECT school_id, AVG(points) AS a FROM player GROUP BY school_id) AS t "
  "ON t.school_id IS p.school_id WHERE p.points > t.a", "IS for = (players without a school compared)")
