"""The pairs of the held-out prover corpus (``benchmarks/corpus/prover2/``), as written
(``prover2_build.py`` checks them in SQLite and writes the corpus).

Written the way the first corpus (``prover_corpus_pairs.py``) was: each ``add`` call is one
rewrite (``gold``, ``pred`` after the rule) and one non-equivalent mutant of the rewrite.
Only rules and forms the first corpus lacks; each from the rule's name and one-line
description (Calcite's ``CoreRules`` javadoc, Spark's ``Optimizer.scala`` rule list and doc
comments), quoted above its pairs. Not taken from any prover benchmark or test file.
"""

from __future__ import annotations

from collections import Counter

PAIRS: list[dict] = []
_n: Counter = Counter()

SOURCES = {
    "calcite": ("emp_dept", "Apache Calcite CoreRules (rule name and javadoc description)"),
    "spark": ("spark", "Apache Spark Catalyst optimizer rules (rule name and source description)"),
    "calcite_style": ("emp_dept", "SQL as Calcite-based tools print it, rewritten by a Calcite rule"),
}


def add(source: str, rule: str, gold: str, pred: str, mutant, mutation: str, *,
        semantics: str = "bag", dialect: str = "postgres", check=None) -> None:
    """One equivalent pair and its mutant (``mutant``: the mutated pred, or ``(gold, pred)``).
    ``check``: SQLite text of (gold, pred, mutant gold, mutant pred) where the stored SQL is
    not SQLite's (the build runs these instead)."""
    schema, desc = SOURCES[source]
    _n[(source, rule)] += 1
    pid = f"{source}/{rule}/{_n[(source, rule)]}"
    base = {"schema": f"benchmarks/corpus/prover2/{schema}.ddl", "schema_name": schema,
            "dialect": dialect, "semantics": semantics, "rule": rule, "source": desc,
            "source_key": source}
    mg, mp = mutant if isinstance(mutant, tuple) else (gold, mutant)
    eq = {"id": pid, "gold": gold, "pred": pred, "expect": "equivalent", **base}
    mu = {"id": pid + "/mutant", "gold": mg, "pred": mp, "expect": "different",
          "pair_of": pid, "mutation": mutation, **base}
    if check:
        eq["_check"], mu["_check"] = (check[0], check[1]), (check[2], check[3])
    PAIRS.extend([eq, mu])


def C(rule, gold, pred, mutant, mutation, **kw):
    add("calcite", rule, gold, pred, mutant, mutation, **kw)


def S(rule, gold, pred, mutant, mutation, **kw):
    add("spark", rule, gold, pred, mutant, mutation, **kw)


def K(rule, gold, pred, mutant, mutation, **kw):
    add("calcite_style", rule, gold, pred, mutant, mutation, dialect="calcite", **kw)


# ====================================================================== Calcite CoreRules
# emp(empno PK, ename NOT NULL, job, mgr, hiredate, sal, comm, deptno FK dept, slacker),
# dept(deptno PK, dname NOT NULL, loc), bonus(ename, job, sal, comm) without keys,
# account(acctno PK, empno NOT NULL FK emp, balance NOT NULL, kind).

# AGGREGATE_VALUES: "Rule that applies Aggregate to a Values (currently just an empty Values)."
for agg, folded, bad in [
    ("COUNT(*), SUM(sal)", "0, NULL", "0, 0"),
    ("COUNT(comm), MAX(ename)", "0, NULL", "1, NULL"),
    ("MIN(sal), AVG(sal), COUNT(DISTINCT job)", "NULL, NULL, 0", "NULL, 0, 0"),
]:
    C("AggregateValuesRule", f"SELECT {agg} FROM emp WHERE 1 = 0", f"SELECT {folded}",
      f"SELECT {bad}", "aggregate of no rows folded to the wrong constant")
C("AggregateValuesRule", "SELECT deptno, COUNT(*) FROM emp WHERE 1 = 0 GROUP BY deptno",
  "SELECT deptno, COUNT(*) FROM emp WHERE 1 = 0 GROUP BY deptno HAVING 1 = 0",
  "SELECT NULL, 0", "a grouped aggregate of no rows is no row, not one")

# AGGREGATE_JOIN_REMOVE: "removes a Join from an Aggregate if the Aggregate only uses
# (distinct) columns of the left input of a left outer join."
C("AggregateJoinRemoveRule",
  "SELECT DISTINCT e.deptno FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno",
  "SELECT DISTINCT deptno FROM emp",
  ("SELECT DISTINCT e.deptno FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno",
   "SELECT DISTINCT deptno FROM emp"), "an inner join removed (it drops NULL deptno)")
C("AggregateJoinRemoveRule",
  "SELECT e.job, MAX(e.sal) FROM emp AS e LEFT JOIN bonus AS b ON e.ename = b.ename GROUP BY e.job",
  "SELECT job, MAX(sal) FROM emp GROUP BY job",
  ("SELECT e.job, SUM(e.sal) FROM emp AS e LEFT JOIN bonus AS b ON e.ename = b.ename GROUP BY e.job",
   "SELECT job, SUM(sal) FROM emp GROUP BY job"), "SUM is not duplicate-insensitive")
C("AggregateJoinRemoveRule",
  "SELECT b.job, COUNT(DISTINCT b.sal) FROM bonus AS b LEFT JOIN emp AS e ON b.ename = e.ename GROUP BY b.job",
  "SELECT job, COUNT(DISTINCT sal) FROM bonus GROUP BY job",
  "SELECT job, COUNT(sal) FROM bonus GROUP BY job", "DISTINCT dropped from the count")
C("AggregateJoinRemoveRule",
  "SELECT DISTINCT a.kind, a.empno FROM account AS a LEFT JOIN emp AS e ON a.empno = e.mgr",
  "SELECT DISTINCT kind, empno FROM account",
  "SELECT kind, empno FROM account", "DISTINCT dropped")

# AGGREGATE_JOIN_JOIN_REMOVE: "matches an Aggregate on a Join on a Join (both left outer) and
# removes the second join when the Aggregate only uses columns of the first two inputs."
C("AggregateJoinJoinRemoveRule",
  "SELECT DISTINCT e.ename, d1.dname FROM emp AS e LEFT JOIN dept AS d1 ON e.deptno = d1.deptno "
  "LEFT JOIN dept AS d2 ON e.deptno = d2.deptno",
  "SELECT DISTINCT e.ename, d1.dname FROM emp AS e LEFT JOIN dept AS d1 ON e.deptno = d1.deptno",
  "SELECT DISTINCT e.ename, d1.dname FROM emp AS e JOIN dept AS d1 ON e.deptno = d1.deptno",
  "the kept join made inner")
C("AggregateJoinJoinRemoveRule",
  "SELECT DISTINCT e.job, a.kind FROM emp AS e LEFT JOIN account AS a ON e.empno = a.empno "
  "LEFT JOIN bonus AS b ON e.ename = b.ename",
  "SELECT DISTINCT e.job, a.kind FROM emp AS e LEFT JOIN account AS a ON e.empno = a.empno",
  "SELECT DISTINCT e.job, b.job FROM emp AS e LEFT JOIN bonus AS b ON e.ename = b.ename",
  "the wrong join kept")

# PROJECT_JOIN_JOIN_REMOVE: "matches a Project on a Join on a Join (left outer) and removes
# the second join when the Project only uses columns of the first two and the join is on a key."
C("ProjectJoinJoinRemoveRule",
  "SELECT e.ename, d1.dname FROM emp AS e LEFT JOIN dept AS d1 ON e.deptno = d1.deptno "
  "LEFT JOIN dept AS d2 ON e.deptno = d2.deptno",
  "SELECT e.ename, d1.dname FROM emp AS e LEFT JOIN dept AS d1 ON e.deptno = d1.deptno",
  ("SELECT e.ename, a.kind FROM emp AS e LEFT JOIN account AS a ON e.empno = a.empno "
   "LEFT JOIN bonus AS b ON e.ename = b.ename",
   "SELECT e.ename, a.kind FROM emp AS e LEFT JOIN account AS a ON e.empno = a.empno"),
  "second join removed on a non-key (bonus has no key)")
C("ProjectJoinJoinRemoveRule",
  "SELECT e.empno, a.balance FROM emp AS e LEFT JOIN account AS a ON e.empno = a.empno "
  "LEFT JOIN dept AS d ON e.deptno = d.deptno",
  "SELECT e.empno, a.balance FROM emp AS e LEFT JOIN account AS a ON e.empno = a.empno",
  "SELECT e.empno, a.balance FROM emp AS e JOIN account AS a ON e.empno = a.empno",
  "left join made inner")

# AGGREGATE_MERGE: "matches an Aggregate on an Aggregate and merges them when the top one's
# group keys are a subset of the bottom one's and its calls can be rolled up."
for outer, inner, flat, bad in [
    ("SUM(s)", "SUM(sal) AS s", "SUM(sal)", "COUNT(s)"),
    ("MAX(m)", "MAX(sal) AS m", "MAX(sal)", "MIN(m)"),
    ("MIN(m)", "MIN(comm) AS m", "MIN(comm)", "AVG(m)"),
    ("SUM(c)", "COUNT(*) AS c", "COUNT(*)", "COUNT(c)"),
    ("SUM(c)", "COUNT(comm) AS c", "COUNT(comm)", "MAX(c)"),
]:
    col = flat
    C("AggregateMergeRule",
      f"SELECT deptno, {outer} FROM (SELECT deptno, job, {inner} FROM emp GROUP BY deptno, job) AS t GROUP BY deptno",
      f"SELECT deptno, {col} FROM emp GROUP BY deptno",
      f"SELECT deptno, {bad} FROM (SELECT deptno, job, {inner} FROM emp GROUP BY deptno, job) AS t GROUP BY deptno",
      "top call not the roll-up of the bottom one")

# AGGREGATE_FILTER_TRANSPOSE: "pushes an Aggregate past a Filter" (the filter on grouping
# columns only, evaluated after the aggregate).
for keys, cond, bad in [
    ("deptno, job", "deptno = 10", "sal = 1"),
    ("job", "job IS NOT NULL", "comm IS NOT NULL"),
    ("deptno", "deptno > 10 OR deptno IS NULL", "deptno > 10"),
]:
    bad_where = f"WHERE {bad}"
    C("AggregateFilterTransposeRule",
      f"SELECT {keys}, COUNT(*) AS c FROM emp WHERE {cond} GROUP BY {keys}",
      f"SELECT * FROM (SELECT {keys}, COUNT(*) AS c FROM emp GROUP BY {keys}) AS t WHERE {cond}",
      f"SELECT {keys}, COUNT(*) AS c FROM emp {bad_where} GROUP BY {keys}",
      "a filter on a non-grouping column")

# AGGREGATE_UNION_AGGREGATE: "matches an Aggregate whose input is a Union one of whose inputs
# is an Aggregate with the same group keys, and removes that inner Aggregate."
C("AggregateUnionAggregateRule",
  "SELECT DISTINCT x FROM (SELECT DISTINCT deptno AS x FROM emp UNION ALL SELECT deptno FROM dept) AS u",
  "SELECT DISTINCT x FROM (SELECT deptno AS x FROM emp UNION ALL SELECT deptno FROM dept) AS u",
  "SELECT x FROM (SELECT DISTINCT deptno AS x FROM emp UNION ALL SELECT deptno FROM dept) AS u",
  "outer aggregate removed instead")
C("AggregateUnionAggregateRule",
  "SELECT DISTINCT j FROM (SELECT job AS j FROM emp GROUP BY job UNION ALL SELECT job FROM bonus GROUP BY job) AS u",
  "SELECT DISTINCT j FROM (SELECT job AS j FROM emp UNION ALL SELECT job FROM bonus) AS u",
  "SELECT DISTINCT j FROM (SELECT job AS j FROM emp UNION ALL SELECT ename FROM bonus) AS u",
  "wrong column in a union input")
C("AggregateUnionAggregateRule",
  "SELECT s, COUNT(*) FROM (SELECT DISTINCT sal AS s FROM emp UNION ALL SELECT DISTINCT sal FROM bonus) AS u GROUP BY s",
  "SELECT s, COUNT(*) FROM (SELECT DISTINCT sal AS s FROM emp UNION ALL SELECT DISTINCT sal FROM bonus) AS u GROUP BY s",
  "SELECT s, COUNT(*) FROM (SELECT sal AS s FROM emp UNION ALL SELECT sal FROM bonus) AS u GROUP BY s",
  "inner aggregates removed under a duplicate-sensitive COUNT")

# AGGREGATE_EXTRACT_PROJECT: "extracts a Project from an Aggregate's input, keeping only the
# fields the Aggregate uses."
for keys, aggs, bad in [
    ("deptno", "SUM(sal)", "SELECT deptno, SUM(comm) FROM (SELECT deptno, sal, comm FROM emp) AS t GROUP BY deptno"),
    ("job", "COUNT(DISTINCT mgr)", "SELECT job, COUNT(mgr) FROM (SELECT job, mgr FROM emp) AS t GROUP BY job"),
    ("kind", "MAX(balance)", "SELECT kind, MAX(acctno) FROM (SELECT kind, acctno FROM account) AS t GROUP BY kind"),
]:
    t = "account" if keys == "kind" else "emp"
    inner = {"deptno": "deptno, sal", "job": "job, mgr", "kind": "kind, balance"}[keys]
    C("AggregateExtractProjectRule", f"SELECT {keys}, {aggs} FROM {t} GROUP BY {keys}",
      f"SELECT {keys}, {aggs} FROM (SELECT {inner} FROM {t}) AS t GROUP BY {keys}", bad,
      "the extracted project feeds the wrong column")

# PROJECT_AGGREGATE_MERGE: "matches a Project on an Aggregate and removes aggregate calls
# that the Project does not use."
C("ProjectAggregateMergeRule",
  "SELECT deptno FROM (SELECT deptno, SUM(sal) AS s, COUNT(*) AS c FROM emp GROUP BY deptno) AS t",
  "SELECT deptno FROM emp GROUP BY deptno", "SELECT deptno FROM emp",
  "the aggregate removed with its calls")
C("ProjectAggregateMergeRule",
  "SELECT job, c FROM (SELECT job, MAX(sal) AS m, COUNT(*) AS c FROM emp GROUP BY job) AS t",
  "SELECT job, COUNT(*) FROM emp GROUP BY job", "SELECT job, COUNT(sal) FROM emp GROUP BY job",
  "COUNT(*) as COUNT(sal)")
C("ProjectAggregateMergeRule",
  "SELECT m + 1 FROM (SELECT kind, MIN(balance) AS m, SUM(balance) AS s FROM account GROUP BY kind) AS t",
  "SELECT MIN(balance) + 1 FROM account GROUP BY kind", "SELECT MIN(balance) + 1 FROM account",
  "grouping dropped")

# CALC_MERGE: "merges a Calc (a Project over a Filter) onto a Calc."
for inner_sel, inner_where, outer_sel, outer_where, flat, bad in [
    ("sal + 1 AS s, deptno", "sal > 1", "s", "deptno = 10", "SELECT sal + 1 FROM emp WHERE sal > 1 AND deptno = 10",
     "SELECT sal + 1 FROM emp WHERE sal > 1 OR deptno = 10"),
    ("comm * 2 AS c, job", "comm IS NOT NULL", "c - 1", "job = 'CLERK'",
     "SELECT comm * 2 - 1 FROM emp WHERE comm IS NOT NULL AND job = 'CLERK'",
     "SELECT comm * 2 - 1 FROM emp WHERE job = 'CLERK'"),
    ("balance AS b, kind", "balance > 0", "b * b", "kind <> 'S'",
     "SELECT balance * balance FROM account WHERE balance > 0 AND kind <> 'S'",
     "SELECT balance * balance FROM account WHERE balance > 0 AND (kind <> 'S' OR kind IS NULL)"),
]:
    t = "account" if "balance" in inner_sel else "emp"
    C("CalcMergeRule",
      f"SELECT {outer_sel} FROM (SELECT {inner_sel} FROM {t} WHERE {inner_where}) AS t WHERE {outer_where}",
      flat, bad, "merged condition changed")

# CALC_REMOVE: "removes a trivial Calc (one that projects its input's fields and has no condition)."
C("CalcRemoveRule", "SELECT * FROM (SELECT deptno, dname, loc FROM dept WHERE TRUE) AS t",
  "SELECT deptno, dname, loc FROM dept", "SELECT deptno, dname, loc FROM dept WHERE loc IS NOT NULL",
  "a non-trivial condition removed")
C("CalcRemoveRule", "SELECT * FROM (SELECT ename, job, sal, comm FROM bonus) AS t",
  "SELECT ename, job, sal, comm FROM bonus", "SELECT DISTINCT ename, job, sal, comm FROM bonus",
  "duplicates dropped")

# FILTER_CALC_MERGE / PROJECT_CALC_MERGE: "merges a Filter (a Project) and a Calc."
C("FilterCalcMergeRule", "SELECT * FROM (SELECT empno, sal * 2 AS d FROM emp WHERE comm > 0) AS t WHERE d > 2",
  "SELECT empno, sal * 2 AS d FROM emp WHERE comm > 0 AND sal * 2 > 2",
  "SELECT empno, sal * 2 AS d FROM emp WHERE comm > 0 AND sal > 2", "the filter not rewritten through the Calc")
C("ProjectCalcMergeRule", "SELECT d + e FROM (SELECT sal AS d, comm AS e FROM emp WHERE deptno = 20) AS t",
  "SELECT sal + comm FROM emp WHERE deptno = 20", "SELECT sal + sal FROM emp WHERE deptno = 20",
  "wrong field substituted")

# FILTER_REMOVE_IS_NOT_DISTINCT_FROM: "replaces IS NOT DISTINCT FROM in a Filter with
# logically equivalent operations."
for a, b in [("e.mgr", "e.comm"), ("e.comm", "e.sal"), ("b.job", "e.job")]:
    frm = "emp AS e JOIN bonus AS b ON e.ename = b.ename" if a.startswith("b.") else "emp AS e"
    C("FilterRemoveIsNotDistinctFromRule", f"SELECT e.empno FROM {frm} WHERE {a} IS NOT DISTINCT FROM {b}",
      f"SELECT e.empno FROM {frm} WHERE {a} = {b} OR ({a} IS NULL AND {b} IS NULL)",
      f"SELECT e.empno FROM {frm} WHERE {a} = {b}", "the both-NULL case dropped")
C("FilterRemoveIsNotDistinctFromRule", "SELECT ename FROM emp WHERE comm IS DISTINCT FROM 1",
  "SELECT ename FROM emp WHERE comm <> 1 OR comm IS NULL", "SELECT ename FROM emp WHERE comm <> 1",
  "IS DISTINCT FROM as <> (NULL lost)")

# FILTER_CORRELATE: "pushes a Filter above a Correlate into the inputs of the Correlate."
C("FilterCorrelateRule",
  "SELECT * FROM (SELECT e.empno, e.sal, (SELECT d.dname FROM dept AS d WHERE d.deptno = e.deptno) AS dn "
  "FROM emp AS e) AS t WHERE t.sal > 1",
  "SELECT e.empno, e.sal, (SELECT d.dname FROM dept AS d WHERE d.deptno = e.deptno) AS dn FROM emp AS e WHERE e.sal > 1",
  "SELECT e.empno, e.sal, (SELECT d.dname FROM dept AS d WHERE d.deptno = e.deptno) AS dn FROM emp AS e WHERE e.sal >= 1",
  "pushed predicate weakened")
C("FilterCorrelateRule",
  "SELECT * FROM (SELECT e.ename, (SELECT COUNT(*) FROM account AS a WHERE a.empno = e.empno) AS n "
  "FROM emp AS e) AS t WHERE t.ename = 'a'",
  "SELECT e.ename, (SELECT COUNT(*) FROM account AS a WHERE a.empno = e.empno) AS n FROM emp AS e WHERE e.ename = 'a'",
  "SELECT e.ename, (SELECT COUNT(*) FROM account AS a WHERE a.empno = e.empno AND e.ename = 'a') AS n FROM emp AS e",
  "filter pushed into the correlated side only")
C("FilterCorrelateRule",
  "SELECT * FROM (SELECT d.deptno, (SELECT MAX(e.sal) FROM emp AS e WHERE e.deptno = d.deptno) AS m "
  "FROM dept AS d) AS t WHERE t.deptno <> 10",
  "SELECT d.deptno, (SELECT MAX(e.sal) FROM emp AS e WHERE e.deptno = d.deptno) AS m FROM dept AS d WHERE d.deptno <> 10",
  "SELECT d.deptno, (SELECT MAX(e.sal) FROM emp AS e WHERE e.deptno = d.deptno AND e.deptno <> 10) AS m FROM dept AS d",
  "filter pushed into the correlated side only")

# PROJECT_SUB_QUERY_TO_CORRELATE: "converts sub-queries in a Project into joins (correlates)."
C("ProjectSubQueryToCorrelateRule",
  "SELECT e.empno, (SELECT d.dname FROM dept AS d WHERE d.deptno = e.deptno) FROM emp AS e",
  "SELECT e.empno, d.dname FROM emp AS e LEFT JOIN dept AS d ON d.deptno = e.deptno",
  "SELECT e.empno, d.dname FROM emp AS e JOIN dept AS d ON d.deptno = e.deptno", "left join made inner")
C("ProjectSubQueryToCorrelateRule",
  "SELECT d.deptno, (SELECT COUNT(*) FROM emp AS e WHERE e.deptno = d.deptno) FROM dept AS d",
  "SELECT d.deptno, COALESCE(c.n, 0) FROM dept AS d LEFT JOIN "
  "(SELECT deptno, COUNT(*) AS n FROM emp GROUP BY deptno) AS c ON c.deptno = d.deptno",
  "SELECT d.deptno, c.n FROM dept AS d LEFT JOIN "
  "(SELECT deptno, COUNT(*) AS n FROM emp GROUP BY deptno) AS c ON c.deptno = d.deptno",
  "the COUNT bug: no COALESCE for a department without employees")
C("ProjectSubQueryToCorrelateRule",
  "SELECT e.ename, (SELECT SUM(a.balance) FROM account AS a WHERE a.empno = e.empno) FROM emp AS e",
  "SELECT e.ename, s.t FROM emp AS e LEFT JOIN "
  "(SELECT empno, SUM(balance) AS t FROM account GROUP BY empno) AS s ON s.empno = e.empno",
  "SELECT e.ename, COALESCE(s.t, 0) FROM emp AS e LEFT JOIN "
  "(SELECT empno, SUM(balance) AS t FROM account GROUP BY empno) AS s ON s.empno = e.empno",
  "SUM of no rows is NULL, not 0")
C("ProjectSubQueryToCorrelateRule",
  "SELECT e.empno, EXISTS (SELECT 1 FROM account AS a WHERE a.empno = e.empno) FROM emp AS e",
  "SELECT e.empno, e.empno IN (SELECT empno FROM account) FROM emp AS e",
  "SELECT e.empno, e.empno IN (SELECT acctno FROM account) FROM emp AS e", "wrong column in the IN")

# JOIN_SUB_QUERY_TO_CORRELATE: "converts sub-queries in a Join's condition into correlates."
C("JoinSubQueryToCorrelateRule",
  "SELECT e.empno, d.deptno FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno "
  "AND e.empno IN (SELECT empno FROM account)",
  "SELECT e.empno, d.deptno FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno "
  "WHERE EXISTS (SELECT 1 FROM account AS a WHERE a.empno = e.empno)",
  "SELECT e.empno, d.deptno FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno "
  "WHERE NOT EXISTS (SELECT 1 FROM account AS a WHERE a.empno = e.empno)", "EXISTS negated")
C("JoinSubQueryToCorrelateRule",
  "SELECT e.empno, d.dname FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno "
  "AND d.deptno IN (SELECT deptno FROM emp WHERE sal > 2)",
  "SELECT e.empno, d.dname FROM emp AS e LEFT JOIN "
  "(SELECT * FROM dept WHERE deptno IN (SELECT deptno FROM emp WHERE sal > 2)) AS d ON e.deptno = d.deptno",
  "SELECT e.empno, d.dname FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno "
  "WHERE d.deptno IN (SELECT deptno FROM emp WHERE sal > 2)",
  "the ON condition of a left join moved to WHERE")
C("JoinSubQueryToCorrelateRule",
  "SELECT b.ename, e.empno FROM bonus AS b JOIN emp AS e ON b.ename = e.ename "
  "AND b.sal > (SELECT MIN(sal) FROM emp)",
  "SELECT b.ename, e.empno FROM bonus AS b JOIN emp AS e ON b.ename = e.ename "
  "CROSS JOIN (SELECT MIN(sal) AS m FROM emp) AS x WHERE b.sal > x.m",
  "SELECT b.ename, e.empno FROM bonus AS b JOIN emp AS e ON b.ename = e.ename "
  "CROSS JOIN (SELECT MIN(sal) AS m FROM emp) AS x WHERE b.sal >= x.m", "comparison weakened")

# JOIN_PUSH_EXPRESSIONS: "pushes down expressions in 'equal' join condition."
C("JoinPushExpressionsRule",
  "SELECT e.empno, d.dname FROM emp AS e JOIN dept AS d ON e.deptno + 10 = d.deptno",
  "SELECT e.empno, d.dname FROM (SELECT empno, deptno + 10 AS k FROM emp) AS e JOIN dept AS d ON e.k = d.deptno",
  "SELECT e.empno, d.dname FROM (SELECT empno, deptno - 10 AS k FROM emp) AS e JOIN dept AS d ON e.k = d.deptno",
  "pushed expression changed")
C("JoinPushExpressionsRule",
  "SELECT e.empno, b.ename FROM emp AS e JOIN bonus AS b ON e.sal * 2 = b.sal + 1",
  "SELECT e.empno, b.ename FROM (SELECT empno, sal * 2 AS k FROM emp) AS e "
  "JOIN (SELECT ename, sal + 1 AS k FROM bonus) AS b ON e.k = b.k",
  "SELECT e.empno, b.ename FROM (SELECT empno, sal * 2 AS k FROM emp) AS e "
  "JOIN (SELECT ename, sal AS k FROM bonus) AS b ON e.k = b.k", "one side's expression dropped")
C("JoinPushExpressionsRule",
  "SELECT a.acctno, e.ename FROM account AS a JOIN emp AS e ON a.empno = COALESCE(e.mgr, e.empno)",
  "SELECT a.acctno, e.ename FROM account AS a JOIN "
  "(SELECT ename, COALESCE(mgr, empno) AS k FROM emp) AS e ON a.empno = e.k",
  "SELECT a.acctno, e.ename FROM account AS a JOIN (SELECT ename, mgr AS k FROM emp) AS e ON a.empno = e.k",
  "COALESCE dropped")

# JOIN_DERIVE_IS_NOT_NULL_FILTER: "derives IS NOT NULL predicates from an inner Join's
# condition and pushes them to its inputs."
C("JoinDeriveIsNotNullFilterRule",
  "SELECT e.empno, b.sal FROM emp AS e JOIN bonus AS b ON e.job = b.job",
  "SELECT e.empno, b.sal FROM (SELECT * FROM emp WHERE job IS NOT NULL) AS e "
  "JOIN (SELECT * FROM bonus WHERE job IS NOT NULL) AS b ON e.job = b.job",
  ("SELECT e.empno, b.sal FROM emp AS e LEFT JOIN bonus AS b ON e.job = b.job",
   "SELECT e.empno, b.sal FROM (SELECT * FROM emp WHERE job IS NOT NULL) AS e "
   "LEFT JOIN bonus AS b ON e.job = b.job"), "derived from a left join (the preserved side filtered)")
C("JoinDeriveIsNotNullFilterRule",
  "SELECT e.ename FROM emp AS e JOIN emp AS m ON e.mgr = m.empno AND e.comm < m.comm",
  "SELECT e.ename FROM emp AS e JOIN emp AS m ON e.mgr = m.empno AND e.comm < m.comm "
  "WHERE e.mgr IS NOT NULL AND e.comm IS NOT NULL AND m.comm IS NOT NULL",
  "SELECT e.ename FROM emp AS e JOIN emp AS m ON e.mgr = m.empno AND e.comm < m.comm "
  "WHERE e.sal IS NOT NULL", "a non-join column made NOT NULL")
C("JoinDeriveIsNotNullFilterRule",
  "SELECT d.dname, e.sal FROM dept AS d JOIN emp AS e ON d.deptno = e.deptno",
  "SELECT d.dname, e.sal FROM dept AS d JOIN emp AS e ON d.deptno = e.deptno WHERE e.deptno IS NOT NULL",
  "SELECT d.dname, e.sal FROM dept AS d JOIN emp AS e ON d.deptno = e.deptno WHERE d.loc IS NOT NULL",
  "a non-join column made NOT NULL")

# JOIN_LEFT_UNION_TRANSPOSE / JOIN_RIGHT_UNION_TRANSPOSE: "pushes a Join past a non-distinct
# Union as its left (right) input."
C("JoinUnionTransposeRule",
  "SELECT u.x, d.dname FROM (SELECT deptno AS x FROM emp UNION ALL SELECT deptno FROM dept) AS u "
  "JOIN dept AS d ON u.x = d.deptno",
  "SELECT e.deptno, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno "
  "UNION ALL SELECT d2.deptno, d.dname FROM dept AS d2 JOIN dept AS d ON d2.deptno = d.deptno",
  "SELECT e.deptno, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno "
  "UNION SELECT d2.deptno, d.dname FROM dept AS d2 JOIN dept AS d ON d2.deptno = d.deptno",
  "UNION ALL became UNION")
C("JoinUnionTransposeRule",
  "SELECT e.empno, u.s FROM emp AS e JOIN (SELECT ename, sal AS s FROM bonus UNION ALL "
  "SELECT ename, comm FROM bonus) AS u ON e.ename = u.ename",
  "SELECT e.empno, b.sal FROM emp AS e JOIN bonus AS b ON e.ename = b.ename UNION ALL "
  "SELECT e.empno, b.comm FROM emp AS e JOIN bonus AS b ON e.ename = b.ename",
  "SELECT e.empno, b.sal FROM emp AS e JOIN bonus AS b ON e.ename = b.ename UNION ALL "
  "SELECT e.empno, b.comm FROM emp AS e LEFT JOIN bonus AS b ON e.ename = b.ename", "one branch a left join")
C("JoinUnionTransposeRule",
  "SELECT u.j, a.acctno FROM (SELECT empno AS k, job AS j FROM emp WHERE sal > 1 UNION ALL "
  "SELECT empno, job FROM emp WHERE comm > 0) AS u JOIN account AS a ON u.k = a.empno",
  "SELECT e.job, a.acctno FROM emp AS e JOIN account AS a ON e.empno = a.empno WHERE e.sal > 1 UNION ALL "
  "SELECT e.job, a.acctno FROM emp AS e JOIN account AS a ON e.empno = a.empno WHERE e.comm > 0",
  "SELECT e.job, a.acctno FROM emp AS e JOIN account AS a ON e.empno = a.empno "
  "WHERE e.sal > 1 OR e.comm > 0", "the union of two filters as one OR (duplicates lost)")

# JOIN_PROJECT_BOTH_TRANSPOSE: "matches a Join whose inputs are Projects and pulls the
# Projects up above the Join."
C("JoinProjectTransposeRule",
  "SELECT l.x, r.y FROM (SELECT empno, sal + 1 AS x, deptno FROM emp) AS l "
  "JOIN (SELECT deptno, UPPER(dname) AS y FROM dept) AS r ON l.deptno = r.deptno",
  "SELECT e.sal + 1, UPPER(d.dname) FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno",
  "SELECT e.sal + 1, LOWER(d.dname) FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno", "wrong projection")
C("JoinProjectTransposeRule",
  "SELECT l.n, r.c FROM (SELECT ename AS n, job FROM emp) AS l "
  "LEFT JOIN (SELECT job, COALESCE(comm, 0) AS c FROM bonus) AS r ON l.job = r.job",
  "SELECT e.ename, CASE WHEN b.job IS NULL THEN NULL ELSE COALESCE(b.comm, 0) END "
  "FROM emp AS e LEFT JOIN bonus AS b ON e.job = b.job",
  "SELECT e.ename, COALESCE(b.comm, 0) FROM emp AS e LEFT JOIN bonus AS b ON e.job = b.job",
  "the right projection pulled above a left join without guarding the NULL-extended rows")

# JOIN_TO_CORRELATE: "converts a Join into a Correlate (nested loop)."
C("JoinToCorrelateRule",
  "SELECT e.ename, d.dname FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno",
  "SELECT e.ename, (SELECT d.dname FROM dept AS d WHERE d.deptno = e.deptno) FROM emp AS e",
  ("SELECT e.ename, b.sal FROM emp AS e LEFT JOIN bonus AS b ON e.ename = b.ename",
   "SELECT e.ename, (SELECT MAX(b.sal) FROM bonus AS b WHERE b.ename = e.ename) FROM emp AS e"),
  "correlated on a non-key (bonus repeats names)")
C("JoinToCorrelateRule",
  "SELECT a.acctno, e.job FROM account AS a JOIN emp AS e ON a.empno = e.empno",
  "SELECT a.acctno, (SELECT e.job FROM emp AS e WHERE e.empno = a.empno) FROM account AS a",
  ("SELECT e.empno, a.kind FROM emp AS e LEFT JOIN account AS a ON a.empno = e.empno",
   "SELECT e.empno, (SELECT MIN(a.kind) FROM account AS a WHERE a.empno = e.empno) FROM emp AS e"),
  "correlated on a non-key (an employee has many accounts)")

# JOIN_ADD_REDUNDANT_SEMI_JOIN: "adds a redundant semi-join to an inner join."
C("JoinAddRedundantSemiJoinRule",
  "SELECT e.ename, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno",
  "SELECT e.ename, d.dname FROM (SELECT * FROM emp WHERE deptno IN (SELECT deptno FROM dept)) AS e "
  "JOIN dept AS d ON e.deptno = d.deptno",
  ("SELECT e.ename, d.dname FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno",
   "SELECT e.ename, d.dname FROM (SELECT * FROM emp WHERE deptno IN (SELECT deptno FROM dept)) AS e "
   "LEFT JOIN dept AS d ON e.deptno = d.deptno"), "added to a left join")
C("JoinAddRedundantSemiJoinRule",
  "SELECT b.sal, e.empno FROM bonus AS b JOIN emp AS e ON b.ename = e.ename AND b.job = e.job",
  "SELECT b.sal, e.empno FROM (SELECT * FROM bonus AS b0 WHERE EXISTS (SELECT 1 FROM emp AS e0 "
  "WHERE e0.ename = b0.ename AND e0.job = b0.job)) AS b JOIN emp AS e ON b.ename = e.ename AND b.job = e.job",
  "SELECT b.sal, e.empno FROM (SELECT DISTINCT * FROM bonus AS b0 WHERE EXISTS (SELECT 1 FROM emp AS e0 "
  "WHERE e0.ename = b0.ename AND e0.job = b0.job)) AS b JOIN emp AS e ON b.ename = e.ename AND b.job = e.job",
  "semi join written with DISTINCT")

# SEMI_JOIN_FILTER_TRANSPOSE / SEMI_JOIN_PROJECT_TRANSPOSE / SEMI_JOIN_JOIN_TRANSPOSE:
# "pushes a semi-join down past a filter / a project / a join."
C("SemiJoinFilterTransposeRule",
  "SELECT * FROM (SELECT * FROM emp WHERE sal > 1) AS e WHERE e.deptno IN (SELECT deptno FROM dept WHERE loc = 'NY')",
  "SELECT * FROM (SELECT * FROM emp WHERE deptno IN (SELECT deptno FROM dept WHERE loc = 'NY')) AS e WHERE e.sal > 1",
  "SELECT * FROM (SELECT * FROM emp WHERE deptno IN (SELECT deptno FROM dept WHERE loc = 'NY')) AS e WHERE e.sal > 1 "
  "OR e.sal IS NULL", "filter weakened")
C("SemiJoinFilterTransposeRule",
  "SELECT ename FROM (SELECT * FROM bonus WHERE comm = 0) AS b WHERE EXISTS (SELECT 1 FROM emp AS e WHERE e.ename = b.ename)",
  "SELECT ename FROM (SELECT * FROM bonus AS b0 WHERE EXISTS (SELECT 1 FROM emp AS e WHERE e.ename = b0.ename)) AS b "
  "WHERE comm = 0",
  "SELECT ename FROM (SELECT * FROM bonus AS b0 WHERE EXISTS (SELECT 1 FROM emp AS e WHERE e.ename = b0.ename)) AS b "
  "WHERE comm = 1", "constant changed")
C("SemiJoinProjectTransposeRule",
  "SELECT p.k, p.s FROM (SELECT empno AS k, sal * 2 AS s FROM emp) AS p WHERE p.k IN (SELECT empno FROM account)",
  "SELECT empno, sal * 2 FROM emp WHERE empno IN (SELECT empno FROM account)",
  "SELECT empno, sal * 2 FROM emp WHERE sal * 2 IN (SELECT empno FROM account)", "wrong column in the semi join")
C("SemiJoinProjectTransposeRule",
  "SELECT p.j FROM (SELECT job AS j, deptno AS d FROM emp) AS p WHERE p.d IN (SELECT deptno FROM dept)",
  "SELECT job FROM emp WHERE deptno IN (SELECT deptno FROM dept)",
  "SELECT DISTINCT job FROM emp WHERE deptno IN (SELECT deptno FROM dept)", "duplicates dropped")
C("SemiJoinJoinTransposeRule",
  "SELECT e.ename, a.acctno FROM emp AS e JOIN account AS a ON e.empno = a.empno "
  "WHERE e.deptno IN (SELECT deptno FROM dept WHERE loc = 'LA')",
  "SELECT e.ename, a.acctno FROM (SELECT * FROM emp WHERE deptno IN (SELECT deptno FROM dept WHERE loc = 'LA')) AS e "
  "JOIN account AS a ON e.empno = a.empno",
  "SELECT e.ename, a.acctno FROM (SELECT * FROM emp WHERE deptno IN (SELECT deptno FROM dept WHERE loc = 'LA')) AS e "
  "LEFT JOIN account AS a ON e.empno = a.empno", "join made left outer")
C("SemiJoinJoinTransposeRule",
  "SELECT e.empno, b.sal FROM emp AS e JOIN bonus AS b ON e.ename = b.ename "
  "WHERE b.job IN (SELECT job FROM emp WHERE comm > 0)",
  "SELECT e.empno, b.sal FROM emp AS e JOIN (SELECT * FROM bonus WHERE job IN (SELECT job FROM emp WHERE comm > 0)) AS b "
  "ON e.ename = b.ename",
  "SELECT e.empno, b.sal FROM (SELECT * FROM emp WHERE job IN (SELECT job FROM emp WHERE comm > 0)) AS e "
  "JOIN bonus AS b ON e.ename = b.ename", "semi join pushed to the wrong input")

# MINUS_MERGE / INTERSECT_MERGE: "flattens a Minus (Intersect) whose input is a Minus
# (Intersect) of the same kind."
C("MinusMergeRule",
  "SELECT * FROM (SELECT deptno FROM emp EXCEPT SELECT deptno FROM dept WHERE loc = 'NY') AS m "
  "EXCEPT SELECT deptno FROM dept WHERE loc = 'LA'",
  "SELECT deptno FROM emp EXCEPT SELECT deptno FROM dept WHERE loc = 'NY' EXCEPT SELECT deptno FROM dept WHERE loc = 'LA'",
  "SELECT deptno FROM emp EXCEPT SELECT deptno FROM dept WHERE loc = 'NY' INTERSECT SELECT deptno FROM dept WHERE loc = 'LA'",
  "second EXCEPT as INTERSECT")
C("MinusMergeRule",
  "SELECT * FROM (SELECT job FROM emp EXCEPT SELECT job FROM bonus) AS m EXCEPT SELECT job FROM emp WHERE sal > 2",
  "SELECT job FROM emp EXCEPT SELECT job FROM (SELECT job FROM bonus UNION SELECT job FROM emp WHERE sal > 2) AS u",
  "SELECT job FROM emp EXCEPT SELECT job FROM (SELECT job FROM bonus INTERSECT SELECT job FROM emp WHERE sal > 2) AS u",
  "subtracted sets intersected instead of united")
C("MinusMergeRule",
  "SELECT * FROM (SELECT ename, sal FROM emp EXCEPT SELECT ename, sal FROM bonus) AS m "
  "EXCEPT SELECT ename, comm FROM bonus",
  "SELECT ename, sal FROM emp EXCEPT SELECT ename, sal FROM bonus EXCEPT SELECT ename, comm FROM bonus",
  "SELECT ename, sal FROM emp EXCEPT SELECT ename, sal FROM bonus",
  "third input dropped")
C("IntersectMergeRule",
  "SELECT * FROM (SELECT deptno FROM emp INTERSECT SELECT deptno FROM dept) AS i INTERSECT SELECT deptno FROM emp WHERE sal > 1",
  "SELECT deptno FROM emp INTERSECT SELECT deptno FROM dept INTERSECT SELECT deptno FROM emp WHERE sal > 1",
  "SELECT deptno FROM emp INTERSECT SELECT deptno FROM dept UNION SELECT deptno FROM emp WHERE sal > 1",
  "last INTERSECT as UNION")
C("IntersectMergeRule",
  "SELECT * FROM (SELECT job FROM emp INTERSECT SELECT job FROM bonus) AS i INTERSECT SELECT job FROM emp WHERE comm IS NULL",
  "SELECT job FROM emp WHERE comm IS NULL INTERSECT SELECT job FROM bonus",
  "SELECT job FROM emp INTERSECT SELECT job FROM bonus",
  "a filtered input dropped")

# SORT_JOIN_TRANSPOSE: "pushes a Sort past a Join (left outer join, sort on left keys)."
C("SortJoinTransposeRule",
  "SELECT e.empno, d.dname FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno ORDER BY e.empno LIMIT 2",
  "SELECT e.empno, d.dname FROM (SELECT * FROM emp ORDER BY empno LIMIT 2) AS e LEFT JOIN dept AS d "
  "ON e.deptno = d.deptno ORDER BY e.empno LIMIT 2",
  "SELECT e.empno, d.dname FROM (SELECT * FROM emp ORDER BY empno LIMIT 2) AS e JOIN dept AS d "
  "ON e.deptno = d.deptno ORDER BY e.empno LIMIT 2", "pushed past an inner join", semantics="list")
C("SortJoinTransposeRule",
  "SELECT a.acctno, e.ename FROM account AS a LEFT JOIN emp AS e ON a.empno = e.empno ORDER BY a.acctno DESC LIMIT 3",
  "SELECT a.acctno, e.ename FROM (SELECT * FROM account ORDER BY acctno DESC LIMIT 3) AS a LEFT JOIN emp AS e "
  "ON a.empno = e.empno ORDER BY a.acctno DESC LIMIT 3",
  "SELECT a.acctno, e.ename FROM (SELECT * FROM account ORDER BY acctno LIMIT 3) AS a LEFT JOIN emp AS e "
  "ON a.empno = e.empno ORDER BY a.acctno DESC LIMIT 3", "pushed sort lost its direction", semantics="list")
C("SortJoinTransposeRule",
  "SELECT d.deptno, d.dname, e.empno FROM dept AS d LEFT JOIN emp AS e ON e.deptno = d.deptno "
  "ORDER BY d.deptno, e.empno",
  "SELECT d.deptno, d.dname, e.empno FROM (SELECT * FROM dept ORDER BY deptno) AS d LEFT JOIN emp AS e "
  "ON e.deptno = d.deptno ORDER BY d.deptno, e.empno",
  "SELECT d.deptno, d.dname, e.empno FROM (SELECT * FROM dept ORDER BY deptno LIMIT 1) AS d LEFT JOIN emp AS e "
  "ON e.deptno = d.deptno ORDER BY d.deptno, e.empno", "a LIMIT pushed where the join multiplies rows",
  semantics="list")

# SORT_PROJECT_TRANSPOSE: "pushes a Sort past a Project."
C("SortProjectTransposeRule",
  "SELECT * FROM (SELECT empno, sal + 1 AS s FROM emp) AS t ORDER BY empno LIMIT 3",
  "SELECT empno, sal + 1 AS s FROM (SELECT * FROM emp ORDER BY empno LIMIT 3) AS t ORDER BY empno",
  "SELECT empno, sal + 1 AS s FROM (SELECT * FROM emp ORDER BY sal LIMIT 3) AS t ORDER BY empno",
  "sorted on the wrong column below the project", semantics="list")
C("SortProjectTransposeRule",
  "SELECT * FROM (SELECT acctno * 2 AS k, kind FROM account) AS t ORDER BY k DESC",
  "SELECT acctno * 2 AS k, kind FROM account ORDER BY acctno DESC",
  "SELECT acctno * 2 AS k, kind FROM account ORDER BY acctno", "sort direction lost", semantics="list")
C("SortProjectTransposeRule",
  "SELECT * FROM (SELECT deptno, UPPER(dname) AS n FROM dept) AS t ORDER BY deptno LIMIT 10 OFFSET 1",
  "SELECT deptno, UPPER(dname) AS n FROM (SELECT * FROM dept ORDER BY deptno LIMIT 10 OFFSET 1) AS t ORDER BY deptno",
  "SELECT deptno, UPPER(dname) AS n FROM (SELECT * FROM dept ORDER BY deptno LIMIT 10 OFFSET 2) AS t ORDER BY deptno",
  "offset changed", semantics="list", dialect="postgres")

# SORT_JOIN_COPY: "copies a Sort past a Join (the Sort stays on top)."
C("SortJoinCopyRule",
  "SELECT e.empno, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno ORDER BY e.empno",
  "SELECT e.empno, d.dname FROM (SELECT * FROM emp ORDER BY empno) AS e JOIN dept AS d ON e.deptno = d.deptno "
  "ORDER BY e.empno",
  "SELECT e.empno, d.dname FROM (SELECT * FROM emp ORDER BY empno) AS e JOIN dept AS d ON e.deptno = d.deptno "
  "ORDER BY e.empno DESC", "the top Sort reversed", semantics="list")

# SORT_REMOVE_REDUNDANT: "removes a Sort (a LIMIT) when its input has at most as many rows."
C("SortRemoveRedundantRule", "SELECT COUNT(*) FROM emp LIMIT 5", "SELECT COUNT(*) FROM emp",
  "SELECT COUNT(*) FROM emp GROUP BY deptno", "the one-row aggregate made grouped")
C("SortRemoveRedundantRule", "SELECT MAX(sal), MIN(sal) FROM emp ORDER BY 1 LIMIT 1", "SELECT MAX(sal), MIN(sal) FROM emp",
  "SELECT MAX(sal), MIN(sal) FROM emp LIMIT 0", "LIMIT 0")
C("SortRemoveRedundantRule", "SELECT * FROM (SELECT SUM(balance) AS s FROM account) AS t ORDER BY s",
  "SELECT SUM(balance) AS s FROM account", "SELECT SUM(balance) AS s FROM account WHERE balance > 0",
  "a filter added")

# FILTER_WINDOW_TRANSPOSE: "pushes a Filter on partition keys past a Window."
C("FilterWindowTransposeRule",
  "SELECT * FROM (SELECT empno, deptno, RANK() OVER (PARTITION BY deptno ORDER BY sal) AS r FROM emp) AS t "
  "WHERE deptno = 10",
  "SELECT empno, deptno, RANK() OVER (PARTITION BY deptno ORDER BY sal) AS r FROM emp WHERE deptno = 10",
  ("SELECT * FROM (SELECT empno, deptno, RANK() OVER (PARTITION BY deptno ORDER BY sal) AS r FROM emp) AS t "
   "WHERE comm = 0".replace("deptno, RANK", "deptno, comm, RANK"),
   "SELECT empno, deptno, comm, RANK() OVER (PARTITION BY deptno ORDER BY sal) AS r FROM emp WHERE comm = 0"),
  "a filter on a non-partition column pushed")
C("FilterWindowTransposeRule",
  "SELECT * FROM (SELECT job, sal, COUNT(*) OVER (PARTITION BY job) AS c FROM emp) AS t WHERE job IS NOT NULL",
  "SELECT job, sal, COUNT(*) OVER (PARTITION BY job) AS c FROM emp WHERE job IS NOT NULL",
  "SELECT job, sal, COUNT(*) OVER () AS c FROM emp WHERE job IS NOT NULL", "partition dropped")
C("FilterWindowTransposeRule",
  "SELECT * FROM (SELECT kind, acctno, SUM(balance) OVER (PARTITION BY kind) AS s FROM account) AS t WHERE kind = 'S'",
  "SELECT kind, acctno, SUM(balance) OVER (PARTITION BY kind) AS s FROM account WHERE kind = 'S'",
  ("SELECT * FROM (SELECT kind, acctno, SUM(balance) OVER (PARTITION BY kind) AS s FROM account) AS t WHERE acctno > 1",
   "SELECT kind, acctno, SUM(balance) OVER (PARTITION BY kind) AS s FROM account WHERE acctno > 1"),
  "a filter on a non-partition column pushed")

# PROJECT_WINDOW_TRANSPOSE: "pushes a Project past a Window (keeping only used fields)."
C("ProjectWindowTransposeRule",
  "SELECT empno, r FROM (SELECT empno, ename, job, deptno, ROW_NUMBER() OVER (PARTITION BY deptno ORDER BY empno) AS r "
  "FROM emp) AS t",
  "SELECT empno, ROW_NUMBER() OVER (PARTITION BY deptno ORDER BY empno) AS r FROM (SELECT empno, deptno FROM emp) AS t",
  "SELECT empno, ROW_NUMBER() OVER (ORDER BY empno) AS r FROM (SELECT empno, deptno FROM emp) AS t",
  "partition dropped")
C("ProjectWindowTransposeRule",
  "SELECT d, m FROM (SELECT deptno AS d, sal, MAX(sal) OVER (PARTITION BY deptno) AS m, ename FROM emp) AS t",
  "SELECT deptno, MAX(sal) OVER (PARTITION BY deptno) FROM (SELECT deptno, sal FROM emp) AS t",
  "SELECT deptno, MAX(sal) OVER (PARTITION BY deptno) FROM (SELECT DISTINCT deptno, sal FROM emp) AS t",
  "duplicates dropped in the pushed project")

# WINDOW_REDUCE_EXPRESSIONS: "reduces constant expressions in a Window (partition and order keys)."
C("WindowReduceExpressionsRule",
  "SELECT empno, RANK() OVER (PARTITION BY deptno, 1 + 1 ORDER BY sal) FROM emp",
  "SELECT empno, RANK() OVER (PARTITION BY deptno ORDER BY sal) FROM emp",
  "SELECT empno, RANK() OVER (PARTITION BY deptno, sal ORDER BY sal) FROM emp", "a column kept as a key")
C("WindowReduceExpressionsRule",
  "SELECT empno, SUM(sal) OVER (PARTITION BY deptno ORDER BY empno, 2 * 3) FROM emp",
  "SELECT empno, SUM(sal) OVER (PARTITION BY deptno ORDER BY empno) FROM emp",
  "SELECT empno, SUM(sal) OVER (PARTITION BY deptno) FROM emp", "order key dropped (running sum lost)")

# JOIN_REDUCE_EXPRESSIONS: "reduces constant expressions in a Join's condition."
C("JoinReduceExpressionsRule",
  "SELECT e.empno, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno AND 1 + 1 = 2",
  "SELECT e.empno, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno",
  "SELECT e.empno, d.dname FROM emp AS e CROSS JOIN dept AS d", "condition dropped")
C("JoinReduceExpressionsRule",
  "SELECT e.empno, d.dname FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno AND 2 < 1",
  "SELECT e.empno, NULL FROM emp AS e",
  ("SELECT e.empno, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno AND 2 < 1",
   "SELECT e.empno, NULL FROM emp AS e"), "an inner join with a false condition is empty")
C("JoinReduceExpressionsRule",
  "SELECT e.empno, a.acctno FROM emp AS e JOIN account AS a ON e.empno = a.empno AND a.balance > 1 + 0",
  "SELECT e.empno, a.acctno FROM emp AS e JOIN account AS a ON e.empno = a.empno AND a.balance > 1",
  "SELECT e.empno, a.acctno FROM emp AS e JOIN account AS a ON e.empno = a.empno AND a.balance > 0",
  "constant folded wrong")

# PRUNE_EMPTY_*: "removes an empty relation (an empty Values, a WHERE FALSE, a LIMIT 0) and
# what is empty because of it."
C("PruneEmptyFilter", "SELECT ename FROM emp WHERE 1 = 0 AND sal > 1", "SELECT ename FROM emp WHERE 1 = 0",
  "SELECT ename FROM emp WHERE sal > 1", "the empty filter kept only its other term")
C("PruneEmptyProject", "SELECT sal + 1 FROM (SELECT * FROM emp LIMIT 0) AS t", "SELECT sal + 1 FROM emp WHERE 1 = 0",
  "SELECT sal + 1 FROM emp LIMIT 1", "LIMIT 0 as LIMIT 1")
C("PruneEmptyJoin", "SELECT e.ename, d.dname FROM emp AS e JOIN (SELECT * FROM dept WHERE 1 = 0) AS d ON e.deptno = d.deptno",
  "SELECT ename, NULL FROM emp WHERE 1 = 0",
  ("SELECT e.ename, d.dname FROM emp AS e LEFT JOIN (SELECT * FROM dept WHERE 1 = 0) AS d ON e.deptno = d.deptno",
   "SELECT ename, NULL FROM emp WHERE 1 = 0"), "a left join with an empty right input is not empty")
C("PruneEmptyJoin", "SELECT e.ename, d.dname FROM emp AS e LEFT JOIN (SELECT * FROM dept LIMIT 0) AS d ON e.deptno = d.deptno",
  "SELECT ename, NULL FROM emp",
  "SELECT ename, NULL FROM emp WHERE deptno IS NULL", "only unmatched employees kept")
C("PruneEmptyJoin", "SELECT e.ename, d.dname FROM (SELECT * FROM emp WHERE FALSE) AS e RIGHT JOIN dept AS d ON e.deptno = d.deptno",
  "SELECT NULL, dname FROM dept",
  "SELECT NULL, dname FROM dept WHERE 1 = 0", "a right join with an empty left input pruned as empty",
  dialect="postgres")
C("PruneEmptyUnion", "SELECT deptno FROM emp UNION ALL SELECT deptno FROM dept WHERE 1 = 0",
  "SELECT deptno FROM emp", "SELECT DISTINCT deptno FROM emp", "duplicates dropped")
C("PruneEmptyUnion", "SELECT job FROM emp WHERE FALSE UNION SELECT job FROM bonus",
  "SELECT DISTINCT job FROM bonus", "SELECT job FROM bonus", "UNION's DISTINCT lost")
C("PruneEmptyAggregate", "SELECT deptno, SUM(sal) FROM (SELECT * FROM emp LIMIT 0) AS t GROUP BY deptno",
  "SELECT deptno, sal FROM emp WHERE 1 = 0", ("SELECT SUM(sal) FROM (SELECT * FROM emp LIMIT 0) AS t",
                                              "SELECT sal FROM emp WHERE 1 = 0"),
  "an aggregate without GROUP BY pruned (it has one row)")
C("PruneEmptySort", "SELECT empno FROM emp ORDER BY empno LIMIT 0", "SELECT empno FROM emp WHERE 1 = 0",
  "SELECT empno FROM emp ORDER BY empno LIMIT 1", "LIMIT 0 as LIMIT 1", semantics="list")
C("PruneEmptyMinus", "SELECT deptno FROM dept EXCEPT SELECT deptno FROM emp WHERE 1 = 0",
  "SELECT DISTINCT deptno FROM dept", ("SELECT deptno FROM emp WHERE 1 = 0 EXCEPT SELECT deptno FROM dept",
                                       "SELECT DISTINCT deptno FROM emp"), "empty left input of EXCEPT")
C("PruneEmptyIntersect", "SELECT job FROM emp INTERSECT SELECT job FROM bonus WHERE 1 = 0",
  "SELECT job FROM emp WHERE 1 = 0", "SELECT DISTINCT job FROM emp", "INTERSECT with empty is not its other input")

# UNION_REMOVE (UnionEliminatorRule): "eliminates a Union with a single input" (also a
# Union of one query with itself under DISTINCT).
C("UnionEliminatorRule", "SELECT ename FROM emp UNION SELECT ename FROM emp", "SELECT DISTINCT ename FROM emp",
  "SELECT ename FROM emp", "DISTINCT lost")
C("UnionEliminatorRule", "SELECT job, sal FROM bonus UNION SELECT job, sal FROM bonus",
  "SELECT DISTINCT job, sal FROM bonus", "SELECT job, sal FROM bonus UNION ALL SELECT job, sal FROM bonus",
  "UNION as UNION ALL")

# ====================================================================== Spark Catalyst rules
# t1(a, b, c), t2(x, y, z): NULL-able integers without keys; r(k PK, v NOT NULL, w, s text),
# q(id PK, rk NOT NULL FK r, n).

# PushPredicateThroughNonJoin: "pushes Filter operators through many operators iff the
# condition is deterministic: Project, Aggregate (grouping keys), Window (partition keys),
# Union, Expand..."
S("PushPredicateThroughNonJoin", "SELECT * FROM (SELECT a, b + c AS s FROM t1) AS p WHERE a > 1",
  "SELECT a, b + c AS s FROM t1 WHERE a > 1", "SELECT a, b + c AS s FROM t1 WHERE b > 1", "wrong column")
S("PushPredicateThroughNonJoin",
  "SELECT * FROM (SELECT a FROM t1 UNION ALL SELECT x FROM t2) AS u WHERE a = 2",
  "SELECT a FROM t1 WHERE a = 2 UNION ALL SELECT x FROM t2 WHERE x = 2",
  "SELECT a FROM t1 WHERE a = 2 UNION SELECT x FROM t2 WHERE x = 2", "UNION ALL as UNION")
S("PushPredicateThroughNonJoin",
  "SELECT * FROM (SELECT a, b FROM t1 UNION ALL SELECT y, x FROM t2) AS u WHERE b IS NULL",
  "SELECT a, b FROM t1 WHERE b IS NULL UNION ALL SELECT y, x FROM t2 WHERE x IS NULL",
  "SELECT a, b FROM t1 WHERE b IS NULL UNION ALL SELECT y, x FROM t2 WHERE y IS NULL",
  "positional column of the second branch mixed up")
S("PushPredicateThroughNonJoin",
  "SELECT * FROM (SELECT a, SUM(b) AS s FROM t1 GROUP BY a) AS g WHERE a <> 0",
  "SELECT a, SUM(b) AS s FROM t1 WHERE a <> 0 GROUP BY a",
  ("SELECT * FROM (SELECT a, SUM(b) AS s FROM t1 GROUP BY a) AS g WHERE s > 1",
   "SELECT a, SUM(b) AS s FROM t1 WHERE b > 1 GROUP BY a"), "a filter on an aggregate pushed below it")
S("PushPredicateThroughNonJoin",
  "SELECT * FROM (SELECT a, c, SUM(b) OVER (PARTITION BY a) AS s FROM t1) AS w WHERE a = 1",
  "SELECT a, c, SUM(b) OVER (PARTITION BY a) AS s FROM t1 WHERE a = 1",
  ("SELECT * FROM (SELECT a, c, SUM(b) OVER (PARTITION BY a) AS s FROM t1) AS w WHERE c = 1",
   "SELECT a, c, SUM(b) OVER (PARTITION BY a) AS s FROM t1 WHERE c = 1"),
  "a filter on a non-partition column pushed below the window")
S("PushPredicateThroughNonJoin",
  "SELECT * FROM (SELECT k, v * 2 AS d FROM r) AS p WHERE d > 2 AND k < 4",
  "SELECT k, v * 2 AS d FROM r WHERE v * 2 > 2 AND k < 4",
  "SELECT k, v * 2 AS d FROM r WHERE v > 2 AND k < 4", "alias not substituted")

# PushDownLeftSemiAntiJoin: "pushes LeftSemi and LeftAnti joins below a Project, Aggregate,
# Window, Union... when the join condition only refers to the pushed-through columns."
S("PushDownLeftSemiAntiJoin",
  "SELECT * FROM (SELECT a, b * 2 AS d FROM t1) AS p WHERE a IN (SELECT x FROM t2)",
  "SELECT a, b * 2 AS d FROM t1 WHERE a IN (SELECT x FROM t2)",
  "SELECT a, b * 2 AS d FROM t1 WHERE b IN (SELECT x FROM t2)", "wrong column")
S("PushDownLeftSemiAntiJoin",
  "SELECT * FROM (SELECT a, COUNT(*) AS n FROM t1 GROUP BY a) AS g WHERE EXISTS (SELECT 1 FROM t2 WHERE t2.x = g.a)",
  "SELECT a, COUNT(*) AS n FROM t1 AS t WHERE EXISTS (SELECT 1 FROM t2 WHERE t2.x = t.a) GROUP BY a",
  ("SELECT * FROM (SELECT a, COUNT(*) AS n FROM t1 GROUP BY a) AS g WHERE NOT EXISTS (SELECT 1 FROM t2 WHERE t2.x = g.n)",
   "SELECT a, COUNT(*) AS n FROM t1 AS t WHERE NOT EXISTS (SELECT 1 FROM t2 WHERE t2.x = t.b) GROUP BY a"),
  "an anti join on an aggregate output pushed below the aggregate")
S("PushDownLeftSemiAntiJoin",
  "SELECT * FROM (SELECT a FROM t1 UNION ALL SELECT y FROM t2) AS u WHERE NOT EXISTS (SELECT 1 FROM r WHERE r.w = u.a)",
  "SELECT a FROM t1 WHERE NOT EXISTS (SELECT 1 FROM r WHERE r.w = t1.a) "
  "UNION ALL SELECT y FROM t2 WHERE NOT EXISTS (SELECT 1 FROM r WHERE r.w = t2.y)",
  "SELECT a FROM t1 WHERE NOT EXISTS (SELECT 1 FROM r WHERE r.w = t1.a) UNION ALL SELECT y FROM t2",
  "anti join pushed into one branch only")
S("PushDownLeftSemiAntiJoin",
  "SELECT * FROM (SELECT a, b FROM t1 UNION ALL SELECT x, y FROM t2) AS u WHERE u.b IN (SELECT v FROM r)",
  "SELECT a, b FROM t1 WHERE b IN (SELECT v FROM r) UNION ALL SELECT x, y FROM t2 WHERE y IN (SELECT v FROM r)",
  "SELECT a, b FROM t1 WHERE b IN (SELECT v FROM r) UNION ALL SELECT x, y FROM t2 WHERE x IN (SELECT v FROM r)",
  "positional column mixed up in the second branch")
S("PushDownLeftSemiAntiJoin",
  "SELECT * FROM (SELECT k, s, w + 1 AS w1 FROM r) AS p WHERE p.k NOT IN (SELECT rk FROM q)",
  "SELECT k, s, w + 1 AS w1 FROM r WHERE k NOT IN (SELECT rk FROM q)",
  "SELECT k, s, w + 1 AS w1 FROM r WHERE k IN (SELECT rk FROM q)", "anti as semi")

# RewriteExceptAll: "replaces logical Except (ALL) with a combination of Union, Aggregate
# and Generate (replicate rows) operators." (Here the replication by numbered copies.)
EXCEPT_ALL = [
    ("SELECT a FROM t1", "SELECT x FROM t2", "a", "x"),
    ("SELECT a, b FROM t1", "SELECT x, y FROM t2", "a, b", "x, y"),
    ("SELECT v FROM r", "SELECT n FROM q", "v", "n"),
]
for left, right, lc, rc in EXCEPT_ALL:
    cols = lc.split(", ")
    lt = left.split(" FROM ")[1]
    rt = right.split(" FROM ")[1]
    num = ", ".join(f"c{i}" for i in range(len(cols)))
    pred = (f"SELECT {num} FROM (SELECT {', '.join(f'{c} AS c{i}' for i, c in enumerate(cols))}, "
            f"ROW_NUMBER() OVER (PARTITION BY {lc}) AS rn FROM {lt} EXCEPT "
            f"SELECT {', '.join(rc.split(', '))}, ROW_NUMBER() OVER (PARTITION BY {rc}) FROM {rt}) AS d")
    bad = (f"SELECT {num} FROM (SELECT {', '.join(f'{c} AS c{i}' for i, c in enumerate(cols))} FROM {lt} EXCEPT "
           f"SELECT {rc} FROM {rt}) AS d")
    S("RewriteExceptAll", f"{left} EXCEPT ALL {right}", pred, bad, "copies not numbered (EXCEPT DISTINCT)")

# RewriteIntersectAll: "replaces logical Intersect (ALL) with a combination of Union,
# Aggregate and Generate operators."
for left, right, lc, rc in EXCEPT_ALL:
    cols = lc.split(", ")
    lt = left.split(" FROM ")[1]
    rt = right.split(" FROM ")[1]
    num = ", ".join(f"c{i}" for i in range(len(cols)))
    pred = (f"SELECT {num} FROM (SELECT {', '.join(f'{c} AS c{i}' for i, c in enumerate(cols))}, "
            f"ROW_NUMBER() OVER (PARTITION BY {lc}) AS rn FROM {lt} INTERSECT "
            f"SELECT {rc}, ROW_NUMBER() OVER (PARTITION BY {rc}) FROM {rt}) AS d")
    bad = f"{left} INTERSECT {right}"
    S("RewriteIntersectAll", f"{left} INTERSECT ALL {right}", pred, bad, "copies not numbered (INTERSECT DISTINCT)")

# ReplaceExceptWithFilter: "if one or both of the datasets in the logical Except operator
# are purely transformed using Filter, replaces Except with a Filter of the negated
# right condition (NULL as false), plus a Distinct."
for cond in ["c = 2", "b > a", "b + c > 2"]:
    S("ReplaceExceptWithFilter",
      f"SELECT a, b, c FROM t1 WHERE a > 0 EXCEPT SELECT a, b, c FROM t1 WHERE a > 0 AND {cond}",
      f"SELECT DISTINCT a, b, c FROM t1 WHERE a > 0 AND NOT COALESCE({cond}, FALSE)",
      f"SELECT DISTINCT a, b, c FROM t1 WHERE a > 0 AND NOT ({cond})",
      "negated condition without the NULL-as-false coalesce")
S("ReplaceExceptWithFilter", "SELECT k, v FROM r EXCEPT SELECT k, v FROM r WHERE w = 1",
  "SELECT k, v FROM r WHERE NOT COALESCE(w = 1, FALSE)", "SELECT k, v FROM r WHERE w <> 1",
  "NULL w dropped")

# RemoveNoopOperators: "removes no-op operators from the query plan that do not make any
# modifications" (a Project of its input's output, a Window without window expressions).
S("RemoveNoopOperators", "SELECT * FROM (SELECT a, b, c FROM t1) AS p", "SELECT a, b, c FROM t1",
  "SELECT DISTINCT a, b, c FROM t1", "DISTINCT added")
S("RemoveNoopOperators", "SELECT x, y, z FROM (SELECT * FROM (SELECT x, y, z FROM t2) AS i) AS o",
  "SELECT x, y, z FROM t2", "SELECT x, z, y FROM t2", "columns swapped")
S("RemoveNoopOperators", "SELECT k, v FROM (SELECT k, v FROM r) AS p WHERE TRUE",
  "SELECT k, v FROM r", "SELECT k, v FROM r WHERE w IS NOT NULL", "filter added")

# RemoveNoopUnion: "simplifies a Union (under a Distinct) whose children are all the same."
S("RemoveNoopUnion", "SELECT DISTINCT a FROM (SELECT a FROM t1 UNION ALL SELECT a FROM t1) AS u",
  "SELECT DISTINCT a FROM t1", "SELECT a FROM t1", "DISTINCT dropped")
S("RemoveNoopUnion", "SELECT a, b FROM t1 UNION SELECT a, b FROM t1 UNION SELECT a, b FROM t1",
  "SELECT DISTINCT a, b FROM t1", "SELECT a, b FROM t1 UNION ALL SELECT a, b FROM t1", "UNION as UNION ALL")

# LimitPushDown: "pushes down LocalLimit beneath UNION ALL and beneath the streamed inputs
# of outer joins." (Ordered by every output column so the LIMIT is deterministic.)
S("LimitPushDown",
  "SELECT * FROM (SELECT a, b FROM t1 UNION ALL SELECT x, y FROM t2) AS u ORDER BY a, b LIMIT 2",
  "SELECT * FROM (SELECT * FROM (SELECT a, b FROM t1 ORDER BY a, b LIMIT 2) AS l UNION ALL "
  "SELECT * FROM (SELECT x, y FROM t2 ORDER BY x, y LIMIT 2) AS r2) AS u ORDER BY a, b LIMIT 2",
  "SELECT * FROM (SELECT * FROM (SELECT a, b FROM t1 ORDER BY a, b LIMIT 1) AS l UNION ALL "
  "SELECT * FROM (SELECT x, y FROM t2 ORDER BY x, y LIMIT 1) AS r2) AS u ORDER BY a, b LIMIT 2",
  "each branch limited to 1 (the total limit split)", semantics="list")
S("LimitPushDown",
  "SELECT r.k, q.id FROM r LEFT JOIN q ON q.rk = r.k ORDER BY r.k, q.id LIMIT 2",
  "SELECT l.k, q.id FROM (SELECT * FROM r ORDER BY k LIMIT 2) AS l LEFT JOIN q ON q.rk = l.k ORDER BY l.k, q.id LIMIT 2",
  "SELECT l.k, q.id FROM (SELECT * FROM r ORDER BY k LIMIT 2) AS l JOIN q ON q.rk = l.k ORDER BY l.k, q.id LIMIT 2",
  "pushed below an inner join", semantics="list")
S("LimitPushDown",
  "SELECT a FROM (SELECT a FROM t1 UNION ALL SELECT x FROM t2) AS u ORDER BY a LIMIT 3",
  "SELECT a FROM (SELECT * FROM (SELECT a FROM t1 ORDER BY a LIMIT 3) AS l UNION ALL "
  "SELECT * FROM (SELECT x FROM t2 ORDER BY x LIMIT 3) AS r2) AS u ORDER BY a LIMIT 3",
  "SELECT a FROM (SELECT * FROM (SELECT a FROM t1 ORDER BY a LIMIT 3) AS l UNION ALL "
  "SELECT * FROM (SELECT x FROM t2 ORDER BY x DESC LIMIT 3) AS r2) AS u ORDER BY a LIMIT 3",
  "a branch limited on the opposite order", semantics="list")

# PushProjectionThroughLimit: "pushes Project operators through Limit operators."
S("PushProjectionThroughLimit",
  "SELECT a + 1 FROM (SELECT * FROM t1 ORDER BY a, b, c LIMIT 2) AS l",
  "SELECT a + 1 FROM t1 ORDER BY a, b, c LIMIT 2",
  "SELECT a + 1 FROM t1 ORDER BY a, b, c LIMIT 3", "limit changed", semantics="bag")
S("PushProjectionThroughLimit",
  "SELECT s FROM (SELECT k, s FROM r ORDER BY k LIMIT 3) AS l",
  "SELECT s FROM r ORDER BY k LIMIT 3", "SELECT s FROM r ORDER BY k DESC LIMIT 3", "order reversed")

# OptimizeOneRowRelationSubquery: "optimizes correlated subqueries over one-row relations
# (a subquery with no FROM) by inlining them."
S("OptimizeOneRowRelationSubquery", "SELECT a, (SELECT t1.a + 1) FROM t1", "SELECT a, a + 1 FROM t1",
  "SELECT a, a + 1 FROM t1 WHERE a IS NOT NULL", "rows with NULL dropped")
S("OptimizeOneRowRelationSubquery", "SELECT k, (SELECT r.v * r.v AS sq) FROM r", "SELECT k, v * v FROM r",
  "SELECT k, v + v FROM r", "expression changed")
S("OptimizeOneRowRelationSubquery", "SELECT x FROM t2 WHERE (SELECT t2.y + 1) > 2", "SELECT x FROM t2 WHERE y + 1 > 2",
  "SELECT x FROM t2 WHERE y > 2", "expression changed")
S("OptimizeOneRowRelationSubquery", "SELECT * FROM (SELECT 1 AS one) AS o, t1 WHERE t1.a = o.one",
  "SELECT 1, a, b, c FROM t1 WHERE a = 1", "SELECT 1, a, b, c FROM t1", "filter lost")

# EliminateLimits: "removes a Limit when its child's max rows are at most the limit; merges
# nested limits."
S("EliminateLimits", "SELECT COUNT(*) FROM t1 LIMIT 3", "SELECT COUNT(*) FROM t1",
  "SELECT COUNT(*) FROM t1 LIMIT 0", "limit 0")
S("EliminateLimits", "SELECT * FROM (SELECT SUM(a), MAX(b) FROM t1) AS g LIMIT 1", "SELECT SUM(a), MAX(b) FROM t1",
  "SELECT SUM(a), MAX(b) FROM t1 GROUP BY c", "made grouped")
S("EliminateLimits", "SELECT a FROM (SELECT a FROM t1 ORDER BY a, b, c LIMIT 2) AS l ORDER BY a LIMIT 5",
  "SELECT a FROM t1 ORDER BY a, b, c LIMIT 2",
  "SELECT a FROM t1 ORDER BY a, b, c LIMIT 5", "outer limit kept instead of the smaller inner one")

# EliminateOffsets: "removes an Offset of 0; an Offset at least as large as the child's max
# rows is empty."
S("EliminateOffsets", "SELECT a, b FROM t1 ORDER BY a, b LIMIT 3 OFFSET 0", "SELECT a, b FROM t1 ORDER BY a, b LIMIT 3",
  "SELECT a, b FROM t1 ORDER BY a, b LIMIT 3 OFFSET 1", "offset 1", semantics="list")
S("EliminateOffsets", "SELECT COUNT(*) FROM t2 LIMIT 5 OFFSET 1", "SELECT 0 FROM t2 WHERE 1 = 0",
  "SELECT COUNT(*) FROM t2", "the one-row aggregate with offset 1 is empty")

# OptimizeLimitZero: "replaces GlobalLimit 0 and LocalLimit 0 nodes with an empty relation
# (and a join with it)."
S("OptimizeLimitZero", "SELECT t1.a FROM t1 JOIN (SELECT * FROM t2 LIMIT 0) AS e ON t1.a = e.x",
  "SELECT a FROM t1 WHERE 1 = 0",
  ("SELECT t1.a FROM t1 LEFT JOIN (SELECT * FROM t2 LIMIT 0) AS e ON t1.a = e.x",
   "SELECT a FROM t1 WHERE 1 = 0"), "left join with an empty relation is not empty")
S("OptimizeLimitZero", "SELECT a FROM t1 WHERE a IN (SELECT x FROM t2 LIMIT 0)",
  "SELECT a FROM t1 WHERE 1 = 0",
  ("SELECT a FROM t1 WHERE a NOT IN (SELECT x FROM t2 LIMIT 0)", "SELECT a FROM t1 WHERE 1 = 0"),
  "NOT IN an empty relation keeps every row")

# PropagateEmptyRelation: "collapses plans consisting of empty local relations (unions,
# joins, aggregates with grouping)."
S("PropagateEmptyRelation", "SELECT a FROM t1 UNION ALL SELECT x FROM t2 WHERE FALSE", "SELECT a FROM t1",
  "SELECT a FROM t1 UNION SELECT x FROM t2 WHERE FALSE", "UNION ALL as UNION")
S("PropagateEmptyRelation", "SELECT a, COUNT(*) FROM (SELECT * FROM t1 WHERE 1 = 0) AS e GROUP BY a",
  "SELECT a, 0 FROM t1 WHERE 1 = 0", ("SELECT COUNT(*) FROM (SELECT * FROM t1 WHERE 1 = 0) AS e",
                                      "SELECT 0 FROM t1 WHERE 1 = 0"), "an ungrouped aggregate is one row")
S("PropagateEmptyRelation", "SELECT r.k, e.x FROM r LEFT JOIN (SELECT * FROM t2 WHERE 1 = 0) AS e ON e.x = r.k",
  "SELECT k, NULL FROM r", "SELECT k, NULL FROM r WHERE 1 = 0", "left join collapsed to empty")

# EliminateAggregateFilter: "removes a FILTER clause that is always true; replaces an
# aggregate whose FILTER is always false by its value on no rows."
S("EliminateAggregateFilter", "SELECT SUM(a) FILTER (WHERE TRUE), COUNT(b) FROM t1", "SELECT SUM(a), COUNT(b) FROM t1",
  "SELECT SUM(a), COUNT(*) FROM t1", "COUNT(b) as COUNT(*)")
S("EliminateAggregateFilter", "SELECT COUNT(a) FILTER (WHERE 1 = 0), MAX(b) FROM t1", "SELECT 0, MAX(b) FROM t1",
  "SELECT NULL, MAX(b) FROM t1", "COUNT of no rows is 0, not NULL")
S("EliminateAggregateFilter", "SELECT a, SUM(b) FILTER (WHERE 1 > 2) FROM t1 GROUP BY a", "SELECT a, NULL FROM t1 GROUP BY a",
  "SELECT a, 0 FROM t1 GROUP BY a", "SUM of no rows is NULL, not 0")
S("EliminateAggregateFilter", "SELECT x, COUNT(*) FILTER (WHERE 2 = 2) FROM t2 GROUP BY x",
  "SELECT x, COUNT(*) FROM t2 GROUP BY x", "SELECT x, COUNT(y) FROM t2 GROUP BY x", "COUNT(*) as COUNT(y)")

# CollapseWindow: "collapses adjacent Window expressions with the same partition and order."
S("CollapseWindow",
  "SELECT a, b, s, m FROM (SELECT a, b, s, MAX(b) OVER (PARTITION BY a) AS m FROM "
  "(SELECT a, b, SUM(b) OVER (PARTITION BY a) AS s FROM t1) AS i) AS o",
  "SELECT a, b, SUM(b) OVER (PARTITION BY a), MAX(b) OVER (PARTITION BY a) FROM t1",
  "SELECT a, b, SUM(b) OVER (PARTITION BY a), MAX(b) OVER (PARTITION BY b) FROM t1", "partition changed")
S("CollapseWindow",
  "SELECT x, c1, c2 FROM (SELECT x, c1, COUNT(y) OVER (PARTITION BY x) AS c2 FROM "
  "(SELECT x, y, COUNT(*) OVER (PARTITION BY x) AS c1 FROM t2) AS i) AS o",
  "SELECT x, COUNT(*) OVER (PARTITION BY x), COUNT(y) OVER (PARTITION BY x) FROM t2",
  "SELECT x, COUNT(*) OVER (PARTITION BY x), COUNT(*) OVER (PARTITION BY x) FROM t2", "COUNT(y) as COUNT(*)")

# TransposeWindow: "transposes two adjacent Window expressions when the first's partition
# keys are a subset of the second's and they are compatible."
S("TransposeWindow",
  "SELECT a, b, s1, s2 FROM (SELECT a, b, s1, SUM(c) OVER (PARTITION BY a) AS s2 FROM "
  "(SELECT a, b, c, SUM(c) OVER (PARTITION BY a, b) AS s1 FROM t1) AS i) AS o",
  "SELECT a, b, s1, s2 FROM (SELECT a, b, s2, SUM(c) OVER (PARTITION BY a, b) AS s1 FROM "
  "(SELECT a, b, c, SUM(c) OVER (PARTITION BY a) AS s2 FROM t1) AS i) AS o",
  "SELECT a, b, s1, s2 FROM (SELECT a, b, s2, SUM(c) OVER (PARTITION BY a) AS s1 FROM "
  "(SELECT a, b, c, SUM(c) OVER (PARTITION BY a, b) AS s2 FROM t1) AS i) AS o", "partitions swapped with the sums")
S("TransposeWindow",
  "SELECT x, y, m, n FROM (SELECT x, y, m, COUNT(*) OVER (PARTITION BY x) AS n FROM "
  "(SELECT x, y, MIN(z) OVER (PARTITION BY x, y) AS m FROM t2) AS i) AS o",
  "SELECT x, y, m, n FROM (SELECT x, y, n, MIN(z) OVER (PARTITION BY x, y) AS m FROM "
  "(SELECT x, y, z, COUNT(*) OVER (PARTITION BY x) AS n FROM t2) AS i) AS o",
  "SELECT x, y, m, n FROM (SELECT x, y, n, MIN(z) OVER (PARTITION BY x, y) AS m FROM "
  "(SELECT x, y, z, COUNT(*) OVER (PARTITION BY x) AS n FROM t2 WHERE z IS NOT NULL) AS i) AS o",
  "rows filtered under the transposed window")

# PullupCorrelatedPredicates: "pulls all correlated predicates from a subquery up (as join
# conditions)."
S("PullupCorrelatedPredicates",
  "SELECT a FROM t1 WHERE EXISTS (SELECT 1 FROM t2 WHERE t2.x = t1.a AND t2.y > 1)",
  "SELECT a FROM t1 WHERE EXISTS (SELECT 1 FROM (SELECT x FROM t2 WHERE y > 1) AS s WHERE s.x = t1.a)",
  "SELECT a FROM t1 WHERE EXISTS (SELECT 1 FROM (SELECT x FROM t2 WHERE y > 1) AS s WHERE s.x = t1.b)",
  "pulled predicate on the wrong outer column")
S("PullupCorrelatedPredicates",
  "SELECT k FROM r WHERE EXISTS (SELECT 1 FROM q WHERE q.rk = r.k AND q.n = r.w)",
  "SELECT k FROM r WHERE EXISTS (SELECT 1 FROM (SELECT rk, n FROM q) AS s WHERE s.rk = r.k AND s.n = r.w)",
  "SELECT k FROM r WHERE EXISTS (SELECT 1 FROM (SELECT rk, n FROM q) AS s WHERE s.rk = r.k AND "
  "(s.n = r.w OR s.n IS NULL))", "equality made NULL-accepting")
S("PullupCorrelatedPredicates",
  "SELECT a, (SELECT MAX(y) FROM t2 WHERE t2.x = t1.a AND t2.z = 0) FROM t1",
  "SELECT a, (SELECT MAX(s.y) FROM (SELECT x, y FROM t2 WHERE z = 0) AS s WHERE s.x = t1.a) FROM t1",
  "SELECT a, (SELECT MAX(s.y) FROM (SELECT x, y FROM t2) AS s WHERE s.x = t1.a) FROM t1",
  "the uncorrelated predicate lost")

# DecorrelateInnerQuery: "decorrelates a subquery by rewriting its correlated outer
# references as a join with the outer query's domain."
S("DecorrelateInnerQuery",
  "SELECT k, (SELECT COUNT(*) FROM q WHERE q.rk = r.k) FROM r",
  "SELECT r.k, COUNT(q.id) FROM r LEFT JOIN q ON q.rk = r.k GROUP BY r.k",
  "SELECT r.k, COUNT(*) FROM r LEFT JOIN q ON q.rk = r.k GROUP BY r.k", "the COUNT bug: COUNT(*) over a left join")
S("DecorrelateInnerQuery",
  "SELECT a FROM t1 WHERE b = (SELECT MAX(y) FROM t2 WHERE t2.x = t1.a)",
  "SELECT t1.a FROM t1 JOIN (SELECT x, MAX(y) AS m FROM t2 GROUP BY x) AS d ON d.x = t1.a WHERE t1.b = d.m",
  "SELECT t1.a FROM t1 JOIN (SELECT x, MAX(y) AS m FROM t2 GROUP BY x) AS d ON d.x = t1.b WHERE t1.b = d.m",
  "domain joined on the wrong column")
S("DecorrelateInnerQuery",
  "SELECT k, (SELECT SUM(n) FROM q WHERE q.rk = r.k) FROM r",
  "SELECT r.k, d.s FROM r LEFT JOIN (SELECT rk, SUM(n) AS s FROM q GROUP BY rk) AS d ON d.rk = r.k",
  "SELECT r.k, d.s FROM r JOIN (SELECT rk, SUM(n) AS s FROM q GROUP BY rk) AS d ON d.rk = r.k",
  "inner join drops rows without a match")

# RewriteNonCorrelatedExists: "rewrites a non-correlated EXISTS subquery as a scalar
# subquery: EXISTS (SELECT * FROM t) as (SELECT 1 FROM t LIMIT 1) IS NOT NULL."
S("RewriteNonCorrelatedExists", "SELECT a FROM t1 WHERE EXISTS (SELECT * FROM t2 WHERE y > 1)",
  "SELECT a FROM t1 WHERE (SELECT 1 FROM t2 WHERE y > 1 LIMIT 1) IS NOT NULL",
  "SELECT a FROM t1 WHERE (SELECT y FROM t2 WHERE y > 1 OR y IS NULL LIMIT 1) IS NOT NULL",
  "the selected column can be NULL (and the filter changed)")
S("RewriteNonCorrelatedExists", "SELECT k FROM r WHERE NOT EXISTS (SELECT 1 FROM q)",
  "SELECT k FROM r WHERE (SELECT 1 FROM q LIMIT 1) IS NULL",
  "SELECT k FROM r WHERE (SELECT n FROM q LIMIT 1) IS NULL", "a NULL-able column selected")

# RemoveLiteralFromGroupExpressions: "removes literals from group expressions; when all
# are literals, replaces them with a single one (grouping on no keys would return a row)."
S("RemoveLiteralFromGroupExpressions", "SELECT a, COUNT(*) FROM t1 GROUP BY a, 'x'",
  "SELECT a, COUNT(*) FROM t1 GROUP BY a", "SELECT a, COUNT(*) FROM t1 GROUP BY a, b", "a column added",
  dialect="sqlite")
S("RemoveLiteralFromGroupExpressions", "SELECT COUNT(*) FROM t1 GROUP BY 'x', 'y'",
  "SELECT COUNT(*) FROM t1 GROUP BY 'z'", "SELECT COUNT(*) FROM t1",
  "all literals removed (an empty table gives a row)", dialect="sqlite")

# RewriteDistinctAggregates: "rewrites distinct aggregates into two Aggregates (the first
# groups by the distinct arguments)."
S("RewriteDistinctAggregates", "SELECT a, COUNT(DISTINCT b) FROM t1 GROUP BY a",
  "SELECT a, COUNT(b) FROM (SELECT a, b FROM t1 GROUP BY a, b) AS d GROUP BY a",
  "SELECT a, COUNT(*) FROM (SELECT a, b FROM t1 GROUP BY a, b) AS d GROUP BY a", "NULL counted as a value")
S("RewriteDistinctAggregates", "SELECT COUNT(DISTINCT x), SUM(DISTINCT y) FROM t2",
  "SELECT (SELECT COUNT(x) FROM (SELECT DISTINCT x FROM t2) AS d1), (SELECT SUM(y) FROM (SELECT DISTINCT y FROM t2) AS d2)",
  "SELECT (SELECT COUNT(x) FROM (SELECT DISTINCT x FROM t2) AS d1), (SELECT SUM(y) FROM t2)",
  "SUM(DISTINCT) as SUM")
S("RewriteDistinctAggregates", "SELECT c, SUM(DISTINCT a), MAX(b) FROM t1 GROUP BY c",
  "SELECT g.c, d.s, g.m FROM (SELECT c, MAX(b) AS m FROM t1 GROUP BY c) AS g JOIN "
  "(SELECT c, SUM(a) AS s FROM (SELECT DISTINCT c, a FROM t1) AS x GROUP BY c) AS d ON g.c IS d.c",
  "SELECT g.c, d.s, g.m FROM (SELECT c, MAX(b) AS m FROM t1 GROUP BY c) AS g JOIN "
  "(SELECT c, SUM(a) AS s FROM (SELECT DISTINCT c, a FROM t1) AS x GROUP BY c) AS d ON g.c = d.c",
  "NULL group lost in the join", dialect="sqlite")

# ReplaceExpressions: "finds all RuntimeReplaceable expressions and replaces them with the
# expressions that can be evaluated (nvl, ifnull as coalesce, nullif as if/case)."
S("ReplaceExpressions", "SELECT IFNULL(a, b) FROM t1", "SELECT COALESCE(a, b) FROM t1",
  "SELECT COALESCE(b, a) FROM t1", "arguments swapped", dialect="sqlite")
S("ReplaceExpressions", "SELECT NULLIF(a, b) FROM t1", "SELECT CASE WHEN a = b THEN NULL ELSE a END FROM t1",
  "SELECT CASE WHEN a = b THEN NULL ELSE b END FROM t1", "wrong branch")
S("ReplaceExpressions", "SELECT NULLIF(x, 0) + 1 FROM t2", "SELECT CASE WHEN x = 0 THEN NULL ELSE x END + 1 FROM t2",
  "SELECT CASE WHEN x <> 0 THEN x ELSE NULL END + 1 FROM t2".replace("x <> 0 THEN x ELSE NULL", "x = 0 THEN 0 ELSE x"),
  "0 kept instead of NULL")
S("ReplaceExpressions", "SELECT IFNULL(w, v) FROM r", "SELECT CASE WHEN w IS NULL THEN v ELSE w END FROM r",
  "SELECT CASE WHEN w = NULL THEN v ELSE w END FROM r", "= NULL for IS NULL", dialect="sqlite")

# FoldablePropagation: "replaces attributes with aliases of the original foldable
# expressions when possible."
S("FoldablePropagation", "SELECT o, a FROM (SELECT 1 AS o, a FROM t1) AS p WHERE o = 1",
  "SELECT 1, a FROM t1", "SELECT 1, a FROM t1 WHERE a = 1", "the constant compared with a column")
S("FoldablePropagation", "SELECT a, k2 FROM (SELECT a, 2 AS k2 FROM t1) AS p ORDER BY k2, a",
  "SELECT a, 2 FROM t1 ORDER BY a", "SELECT a, 2 FROM t1 ORDER BY a DESC", "order reversed", semantics="list")
S("FoldablePropagation", "SELECT x + c5 FROM (SELECT x, 5 AS c5 FROM t2) AS p", "SELECT x + 5 FROM t2",
  "SELECT x + 5 FROM t2 WHERE x IS NOT NULL", "NULL rows dropped")

# UnwrapCastInBinaryComparison: "unwraps a cast in a binary comparison with a literal
# (CAST(int AS double) > 1.5 as int > 1)" (integer-valued columns).
S("UnwrapCastInBinaryComparison", "SELECT a FROM t1 WHERE CAST(a AS REAL) > 1.5", "SELECT a FROM t1 WHERE a > 1",
  "SELECT a FROM t1 WHERE a > 2", "bound rounded the wrong way")
S("UnwrapCastInBinaryComparison", "SELECT a FROM t1 WHERE CAST(a AS REAL) = 2.0", "SELECT a FROM t1 WHERE a = 2",
  "SELECT a FROM t1 WHERE a >= 2", "equality widened")
S("UnwrapCastInBinaryComparison", "SELECT x FROM t2 WHERE CAST(x AS REAL) = 1.5", "SELECT x FROM t2 WHERE 1 = 0",
  "SELECT x FROM t2 WHERE x = 1", "a non-integral constant rounded")
S("UnwrapCastInBinaryComparison", "SELECT k FROM r WHERE CAST(v AS REAL) <= 2.5", "SELECT k FROM r WHERE v <= 2",
  "SELECT k FROM r WHERE v < 2", "bound off by one")

# PullOutGroupingExpressions: "pulls out complex grouping expressions into a Project below
# the Aggregate."
S("PullOutGroupingExpressions", "SELECT a + b, COUNT(*) FROM t1 GROUP BY a + b",
  "SELECT g, COUNT(*) FROM (SELECT a + b AS g FROM t1) AS p GROUP BY g",
  "SELECT g, COUNT(*) FROM (SELECT DISTINCT a + b AS g, c FROM t1) AS p GROUP BY g", "duplicates dropped")
S("PullOutGroupingExpressions", "SELECT COALESCE(x, 0), MAX(y) FROM t2 GROUP BY COALESCE(x, 0)",
  "SELECT g, MAX(y) FROM (SELECT COALESCE(x, 0) AS g, y FROM t2) AS p GROUP BY g",
  "SELECT g, MAX(y) FROM (SELECT x AS g, y FROM t2) AS p GROUP BY g", "COALESCE dropped")
S("PullOutGroupingExpressions", "SELECT v % 2, SUM(w) FROM r GROUP BY v % 2",
  "SELECT g, SUM(w) FROM (SELECT v % 2 AS g, w FROM r) AS p GROUP BY g",
  "SELECT g, SUM(w) FROM (SELECT v % 3 AS g, w FROM r) AS p GROUP BY g", "expression changed")

# InlineCTE: "inlines a CTE definition into its references."
S("InlineCTE", "WITH c AS (SELECT a, b FROM t1 WHERE c > 0) SELECT a FROM c WHERE b = 1",
  "SELECT a FROM (SELECT a, b FROM t1 WHERE c > 0) AS c WHERE b = 1",
  "SELECT a FROM (SELECT a, b FROM t1) AS c WHERE b = 1", "the CTE's filter lost")
S("InlineCTE", "WITH c AS (SELECT x FROM t2) SELECT c1.x FROM c AS c1 JOIN c AS c2 ON c1.x = c2.x",
  "SELECT c1.x FROM (SELECT x FROM t2) AS c1 JOIN (SELECT x FROM t2) AS c2 ON c1.x = c2.x",
  "SELECT c1.x FROM (SELECT x FROM t2) AS c1 JOIN (SELECT DISTINCT x FROM t2) AS c2 ON c1.x = c2.x",
  "one reference inlined as DISTINCT")
S("InlineCTE", "WITH m AS (SELECT MAX(v) AS mv FROM r) SELECT k FROM r, m WHERE r.v = m.mv",
  "SELECT k FROM r WHERE v = (SELECT MAX(v) FROM r)", "SELECT k FROM r WHERE v >= (SELECT MIN(v) FROM r)",
  "MAX as MIN")

# MergeScalarSubqueries: "merges non-correlated scalar subqueries over the same relation
# into one subquery whose result is a struct of the values."
S("MergeScalarSubqueries", "SELECT (SELECT MIN(a) FROM t1), (SELECT MAX(a) FROM t1)",
  "SELECT m.mn, m.mx FROM (SELECT MIN(a) AS mn, MAX(a) AS mx FROM t1) AS m",
  "SELECT m.mn, m.mx FROM (SELECT MIN(a) AS mn, MAX(b) AS mx FROM t1) AS m", "wrong column")
S("MergeScalarSubqueries", "SELECT k, (SELECT COUNT(*) FROM q), (SELECT SUM(n) FROM q) FROM r",
  "SELECT k, m.c, m.s FROM r CROSS JOIN (SELECT COUNT(*) AS c, SUM(n) AS s FROM q) AS m",
  "SELECT k, m.c, m.s FROM r CROSS JOIN (SELECT COUNT(n) AS c, SUM(n) AS s FROM q) AS m", "COUNT(*) as COUNT(n)")
S("MergeScalarSubqueries", "SELECT a FROM t1 WHERE a > (SELECT AVG(x) FROM t2) AND b < (SELECT MAX(x) FROM t2)",
  "SELECT a FROM t1, (SELECT AVG(x) AS av, MAX(x) AS mx FROM t2) AS m WHERE a > m.av AND b < m.mx",
  "SELECT a FROM t1, (SELECT AVG(x) AS av, MAX(x) AS mx FROM t2) AS m WHERE a > m.av AND b < m.av",
  "struct fields swapped")

# CombineConcats: "combines nested Concat expressions."
S("CombineConcats", "SELECT (s || 'x') || (s || 'y') FROM r", "SELECT s || 'x' || s || 'y' FROM r",
  "SELECT s || 'y' || s || 'x' FROM r", "order changed")
S("CombineConcats", "SELECT s || (CAST(k AS TEXT) || s) FROM r", "SELECT s || CAST(k AS TEXT) || s FROM r",
  "SELECT CAST(k AS TEXT) || s || s FROM r", "order changed")

# OptimizeJoinCondition: "replaces (a = b OR (a IS NULL AND b IS NULL)) in a join
# condition by a null-safe equality a <=> b."
S("OptimizeJoinCondition", "SELECT t1.a, t2.y FROM t1 JOIN t2 ON t1.a = t2.x OR (t1.a IS NULL AND t2.x IS NULL)",
  "SELECT t1.a, t2.y FROM t1 JOIN t2 ON t1.a IS NOT DISTINCT FROM t2.x",
  "SELECT t1.a, t2.y FROM t1 JOIN t2 ON t1.a = t2.x", "NULLs no longer match")
S("OptimizeJoinCondition",
  "SELECT r.k, q.id FROM r LEFT JOIN q ON r.w = q.n OR (r.w IS NULL AND q.n IS NULL)",
  "SELECT r.k, q.id FROM r LEFT JOIN q ON r.w IS NOT DISTINCT FROM q.n",
  "SELECT r.k, q.id FROM r LEFT JOIN q ON r.w IS NOT DISTINCT FROM q.rk", "wrong column")

# NullDownPropagation: "IsNull / IsNotNull of a null-intolerant expression (NOT, a
# comparison, arithmetic) as IsNull / IsNotNull of its child."
S("NullDownPropagation", "SELECT a FROM t1 WHERE (NOT (b > 1)) IS NULL", "SELECT a FROM t1 WHERE b IS NULL",
  "SELECT a FROM t1 WHERE b IS NOT NULL", "negated")
S("NullDownPropagation", "SELECT x FROM t2 WHERE (y + 1) IS NOT NULL", "SELECT x FROM t2 WHERE y IS NOT NULL",
  "SELECT x FROM t2 WHERE x IS NOT NULL", "wrong column")
S("NullDownPropagation", "SELECT a FROM t1 WHERE (a = b) IS NULL", "SELECT a FROM t1 WHERE a IS NULL OR b IS NULL",
  "SELECT a FROM t1 WHERE a IS NULL AND b IS NULL", "OR as AND")

# CollapseProject variants are in the first corpus; RemoveRedundantAliases: "removes
# redundant aliases from a query plan (an alias that does not change the name)."
S("RemoveRedundantAliases", "SELECT p.a AS a, p.b AS b FROM (SELECT a AS a, b AS b FROM t1) AS p",
  "SELECT a, b FROM t1", "SELECT b, a FROM t1", "columns swapped")
S("RemoveRedundantAliases", "SELECT k AS k FROM (SELECT k AS k, v AS v FROM r) AS p WHERE v = 1",
  "SELECT k FROM r WHERE v = 1", "SELECT k FROM r WHERE k = 1", "wrong column")

# ====================================================================== Calcite-printed SQL
# The same kinds of rewrites, with the SQL as Calcite's RelToSqlConverter prints it: generated
# names ($f0, EXPR$0), (VALUES ...) AS t (x, y), FETCH NEXT / OFFSET ROWS, CAST, nested
# derived tables with SELECT *, the functions and predicates Calcite's SQL uses. Read as
# PostgreSQL with Calcite's names (dialect ``calcite``); each description is its rule's.

# PROJECT_MERGE: "merges a Project into another Project."
K("ProjectMergeRule",
  "SELECT * FROM (SELECT * FROM (SELECT empno, sal + 1 AS $f1 FROM emp) AS t) AS t0 WHERE t0.$f1 > 2",
  "SELECT empno, sal + 1 AS $f1 FROM emp WHERE sal + 1 > 2",
  "SELECT empno, sal + 1 AS $f1 FROM emp WHERE sal > 2", "alias not substituted")
K("ProjectMergeRule",
  "SELECT t.EXPR$0 FROM (SELECT UPPER(TRIM(ename)) AS EXPR$0, deptno FROM emp) AS t",
  "SELECT UPPER(TRIM(ename)) AS EXPR$0 FROM emp",
  "SELECT UPPER(TRIM(ename)) AS EXPR$0 FROM emp WHERE deptno IS NOT NULL", "rows filtered")
K("ProjectMergeRule",
  "SELECT $f0 * 2 AS EXPR$0 FROM (SELECT CAST(sal AS INTEGER) AS $f0 FROM emp) AS t",
  "SELECT CAST(sal AS INTEGER) * 2 AS EXPR$0 FROM emp",
  "SELECT CAST(sal * 2 AS INTEGER) + 1 AS EXPR$0 FROM emp", "off by one")

# AGGREGATE_PROJECT_MERGE with generated names.
K("AggregateProjectMergeRule",
  "SELECT deptno, $f1 FROM (SELECT deptno, COUNT(*) AS $f1, SUM(sal) AS $f2 FROM emp GROUP BY deptno) AS t "
  "WHERE $f1 > 1",
  "SELECT deptno, COUNT(*) AS $f1 FROM emp GROUP BY deptno HAVING COUNT(*) > 1",
  "SELECT deptno, COUNT(*) AS $f1 FROM emp GROUP BY deptno HAVING COUNT(sal) > 1", "COUNT(*) as COUNT(sal)")
K("AggregateProjectMergeRule",
  "SELECT job, SUM($f2) AS EXPR$1 FROM (SELECT job, COALESCE(comm, 0) AS $f2 FROM emp) AS t GROUP BY job",
  "SELECT job, SUM(COALESCE(comm, 0)) AS EXPR$1 FROM emp GROUP BY job",
  "SELECT job, COALESCE(SUM(comm), 0) AS EXPR$1 FROM emp GROUP BY job".replace("COALESCE(SUM(comm), 0)", "SUM(comm)"),
  "COALESCE lost (a job with only NULL comm)")

# VALUES as a derived table (Calcite's (VALUES ...) AS t (x, y)).
K("JoinToSemiJoinRule",
  "SELECT t.x, d.dname FROM (VALUES (10, 'a'), (20, 'b')) AS t (x, y) INNER JOIN dept AS d ON t.x = d.deptno",
  "SELECT d.deptno, d.dname FROM dept AS d WHERE d.deptno IN (10, 20)",
  "SELECT d.deptno, d.dname FROM dept AS d WHERE d.deptno IN (10, 30)", "wrong constant")
K("ValuesReduceRule",
  "SELECT EXPR$0 + 1 AS EXPR$0 FROM (VALUES (1), (2), (2)) AS t WHERE EXPR$0 > 1",
  "SELECT 3 AS EXPR$0 FROM (VALUES (1), (1)) AS t",
  "SELECT 3 AS EXPR$0", "duplicates lost")
K("AggregateValuesRule",
  "SELECT COUNT(*) AS $f0, SUM(x) AS $f1 FROM (VALUES (1, 'a'), (2, NULL), (NULL, 'c')) AS t (x, y)",
  "SELECT 3 AS $f0, 3 AS $f1",
  "SELECT 2 AS $f0, 3 AS $f1", "COUNT(*) counted non-NULL values")
K("UnionPullUpConstantsRule",
  "SELECT x, y FROM (VALUES (1, 'a')) AS t (x, y) UNION ALL SELECT empno, 'a' FROM emp",
  "SELECT x, 'a' AS y FROM (SELECT 1 AS x UNION ALL SELECT empno FROM emp) AS u",
  "SELECT x, 'a' AS y FROM (SELECT 1 AS x UNION SELECT empno FROM emp) AS u", "UNION ALL as UNION")

# SORT_PROJECT_TRANSPOSE / SORT_REMOVE with FETCH and OFFSET.
K("SortProjectTransposeRule",
  "SELECT * FROM (SELECT empno, sal * 2 AS $f1 FROM emp) AS t ORDER BY empno FETCH NEXT 2 ROWS ONLY",
  "SELECT empno, sal * 2 AS $f1 FROM (SELECT * FROM emp ORDER BY empno FETCH NEXT 2 ROWS ONLY) AS t ORDER BY empno",
  "SELECT empno, sal * 2 AS $f1 FROM (SELECT * FROM emp ORDER BY empno FETCH NEXT 3 ROWS ONLY) AS t ORDER BY empno",
  "fetch changed", semantics="list")
K("SortMergeRule",
  "SELECT * FROM (SELECT * FROM emp ORDER BY empno OFFSET 1 ROWS FETCH NEXT 3 ROWS ONLY) AS t "
  "ORDER BY empno OFFSET 1 ROWS FETCH NEXT 1 ROWS ONLY",
  "SELECT * FROM emp ORDER BY empno OFFSET 2 ROWS FETCH NEXT 1 ROWS ONLY",
  "SELECT * FROM emp ORDER BY empno OFFSET 1 ROWS FETCH NEXT 1 ROWS ONLY", "offsets not added", semantics="list")
K("SortRemoveRule",
  "SELECT ename FROM (SELECT ename, empno FROM emp ORDER BY empno) AS t",
  "SELECT ename FROM emp",
  "SELECT DISTINCT ename FROM emp", "DISTINCT added")

# REDUCE_EXPRESSIONS with Calcite's functions (constant arguments folded).
K("ReduceExpressionsRule",
  "SELECT empno FROM emp WHERE sal > CHAR_LENGTH('ab') - POSITION('b' IN 'abc')",
  "SELECT empno FROM emp WHERE sal > 0",
  "SELECT empno FROM emp WHERE sal > 1", "constant folded wrong")
K("ReduceExpressionsRule",
  "SELECT empno, MOD(17, 5) + ABS(-2) AS EXPR$1 FROM emp",
  "SELECT empno, 4 AS EXPR$1 FROM emp",
  "SELECT empno, 5 AS EXPR$1 FROM emp", "constant folded wrong")
K("ReduceExpressionsRule",
  "SELECT empno FROM emp WHERE sal BETWEEN FLOOR(1.5) AND CEIL(2.5)",
  "SELECT empno FROM emp WHERE sal >= 1 AND sal <= 3",
  "SELECT empno FROM emp WHERE sal > 1 AND sal < 3", "BETWEEN's bounds made strict")
K("ReduceExpressionsRule",
  "SELECT ename FROM emp WHERE job = UPPER('clerk') || ''",
  "SELECT ename FROM emp WHERE job = 'CLERK'",
  "SELECT ename FROM emp WHERE job = 'clerk'", "UPPER not applied")
K("ReduceExpressionsRule",
  "SELECT empno, ROUND(2.345, 2) AS EXPR$1, GREATEST(1, 3, 2) AS EXPR$2, LEAST(4, 2) AS EXPR$3 FROM emp",
  "SELECT empno, 2.35 AS EXPR$1, 3 AS EXPR$2, 2 AS EXPR$3 FROM emp",
  "SELECT empno, 2.35 AS EXPR$1, 3 AS EXPR$2, 4 AS EXPR$3 FROM emp", "LEAST folded as GREATEST")
K("ReduceExpressionsRule",
  "SELECT empno FROM emp WHERE CASE WHEN comm IS NULL THEN 0 ELSE comm END > 0",
  "SELECT empno FROM emp WHERE comm > 0",
  "SELECT empno FROM emp WHERE comm > 0 OR comm IS NULL", "NULL taken as true")
K("ReduceExpressionsRule",
  "SELECT empno, COALESCE(NULLIF(sal, sal), comm) AS EXPR$1 FROM emp",
  "SELECT empno, CASE WHEN sal IS NULL THEN COALESCE(sal, comm) ELSE comm END AS EXPR$1 FROM emp",
  "SELECT empno, sal AS EXPR$1 FROM emp", "NULLIF(x, x) taken as x")
K("ReduceExpressionsRule",
  "SELECT empno FROM emp WHERE deptno IN (10, 20, NULL)",
  "SELECT empno FROM emp WHERE deptno = 10 OR deptno = 20",
  "SELECT empno FROM emp WHERE deptno = 10 OR deptno = 20 OR deptno IS NULL", "NULL in the list matched NULL")
K("ReduceExpressionsRule",
  "SELECT empno FROM emp WHERE GREATEST(empno, 2) = empno",
  "SELECT empno FROM emp WHERE empno >= 2",
  "SELECT empno FROM emp WHERE empno > 2", "boundary lost")

# EXTRACT and LIKE as Calcite prints them (the filter pushed through a project).
K("FilterProjectTransposeRule",
  "SELECT * FROM (SELECT empno, EXTRACT(YEAR FROM CAST(hiredate AS DATE)) AS $f1 FROM emp) AS t WHERE t.$f1 = 2020",
  "SELECT empno, EXTRACT(YEAR FROM CAST(hiredate AS DATE)) AS $f1 FROM emp "
  "WHERE EXTRACT(YEAR FROM CAST(hiredate AS DATE)) = 2020",
  "SELECT empno, EXTRACT(YEAR FROM CAST(hiredate AS DATE)) AS $f1 FROM emp "
  "WHERE EXTRACT(YEAR FROM CAST(hiredate AS DATE)) = 2021", "constant changed",
  check=("SELECT * FROM (SELECT empno, CAST(strftime('%Y', hiredate) AS INTEGER) AS f1 FROM emp) AS t WHERE t.f1 = 2020",
         "SELECT empno, CAST(strftime('%Y', hiredate) AS INTEGER) FROM emp WHERE CAST(strftime('%Y', hiredate) AS INTEGER) = 2020",
         "SELECT * FROM (SELECT empno, CAST(strftime('%Y', hiredate) AS INTEGER) AS f1 FROM emp) AS t WHERE t.f1 = 2020",
         "SELECT empno, CAST(strftime('%Y', hiredate) AS INTEGER) FROM emp WHERE CAST(strftime('%Y', hiredate) AS INTEGER) = 2021"))
K("FilterProjectTransposeRule",
  "SELECT * FROM (SELECT ename || '-' || job AS $f0, sal FROM emp) AS t WHERE t.$f0 LIKE 'a%'",
  "SELECT ename || '-' || job AS $f0, sal FROM emp WHERE ename || '-' || job LIKE 'a%'",
  "SELECT ename || '-' || job AS $f0, sal FROM emp WHERE ename LIKE 'a%'", "NULL job not propagated")

# Sub-queries as Calcite prints them (SubQueryRemoveRule's three forms).
K("FilterSubQueryToCorrelateRule",
  "SELECT empno FROM emp AS e WHERE e.deptno NOT IN (SELECT deptno FROM emp WHERE sal > 1)",
  "SELECT empno FROM emp AS e WHERE NOT EXISTS (SELECT 1 FROM emp AS e2 WHERE e2.sal > 1 AND "
  "(e2.deptno = e.deptno OR e2.deptno IS NULL OR e.deptno IS NULL))",
  "SELECT empno FROM emp AS e WHERE NOT EXISTS (SELECT 1 FROM emp AS e2 WHERE e2.sal > 1 AND e2.deptno = e.deptno)",
  "NOT IN as NOT EXISTS over a NULL-able column")
K("FilterSubQueryToCorrelateRule",
  "SELECT d.deptno FROM dept AS d WHERE EXISTS (SELECT 1 FROM emp AS e WHERE e.deptno = d.deptno AND e.comm IS NULL)",
  "SELECT d.deptno FROM dept AS d INNER JOIN (SELECT deptno, TRUE AS $f1 FROM emp WHERE comm IS NULL "
  "GROUP BY deptno) AS t ON d.deptno = t.deptno",
  "SELECT d.deptno FROM dept AS d INNER JOIN (SELECT deptno, TRUE AS $f1 FROM emp WHERE comm IS NULL) AS t "
  "ON d.deptno = t.deptno", "the semi join's right side not made distinct")
K("ProjectSubQueryToCorrelateRule",
  "SELECT d.dname, (SELECT MAX(e.sal) FROM emp AS e WHERE e.deptno = d.deptno) AS EXPR$1 FROM dept AS d",
  "SELECT d.dname, t.$f1 AS EXPR$1 FROM dept AS d LEFT JOIN (SELECT deptno, MAX(sal) AS $f1 FROM emp "
  "GROUP BY deptno) AS t ON d.deptno = t.deptno",
  "SELECT d.dname, t.$f1 AS EXPR$1 FROM dept AS d INNER JOIN (SELECT deptno, MAX(sal) AS $f1 FROM emp "
  "GROUP BY deptno) AS t ON d.deptno = t.deptno", "left join as inner")
K("ProjectSubQueryToCorrelateRule",
  "SELECT e.empno, e.deptno IN (SELECT deptno FROM dept WHERE loc = 'NY') AS EXPR$1 FROM emp AS e",
  "SELECT e.empno, CASE WHEN t.deptno IS NOT NULL THEN TRUE WHEN e.deptno IS NULL AND "
  "EXISTS (SELECT 1 FROM dept WHERE loc = 'NY') THEN NULL ELSE FALSE END AS EXPR$1 "
  "FROM emp AS e LEFT JOIN (SELECT deptno FROM dept WHERE loc = 'NY') AS t ON e.deptno = t.deptno",
  "SELECT e.empno, t.deptno IS NOT NULL AS EXPR$1 "
  "FROM emp AS e LEFT JOIN (SELECT deptno FROM dept WHERE loc = 'NY') AS t ON e.deptno = t.deptno",
  "NULL IN (...) made FALSE")

# JOIN_COMMUTE / outer joins as Calcite prints them (RIGHT and FULL).
K("JoinCommuteRule",
  "SELECT e.ename, d.dname FROM emp AS e RIGHT JOIN dept AS d ON e.deptno = d.deptno",
  "SELECT e.ename, d.dname FROM dept AS d LEFT JOIN emp AS e ON e.deptno = d.deptno",
  "SELECT e.ename, d.dname FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno", "the preserved side swapped")
K("JoinCommuteRule",
  "SELECT b.ename, e.empno FROM bonus AS b FULL JOIN emp AS e ON b.ename = e.ename",
  "SELECT b.ename, e.empno FROM emp AS e FULL JOIN bonus AS b ON b.ename = e.ename",
  "SELECT b.ename, e.empno FROM emp AS e LEFT JOIN bonus AS b ON b.ename = e.ename", "FULL as LEFT")
K("JoinToUnionRule",
  "SELECT b.job, e.job AS job0 FROM bonus AS b FULL JOIN emp AS e ON b.job = e.job",
  "SELECT b.job, e.job AS job0 FROM bonus AS b LEFT JOIN emp AS e ON b.job = e.job UNION ALL "
  "SELECT NULL, e.job FROM emp AS e WHERE NOT EXISTS (SELECT 1 FROM bonus AS b WHERE b.job = e.job)",
  "SELECT b.job, e.job AS job0 FROM bonus AS b LEFT JOIN emp AS e ON b.job = e.job UNION "
  "SELECT NULL, e.job FROM emp AS e WHERE NOT EXISTS (SELECT 1 FROM bonus AS b WHERE b.job = e.job)",
  "UNION ALL as UNION")

# Set operations: INTERSECT / EXCEPT (ALL and DISTINCT).
K("IntersectToDistinctRule",
  "SELECT job FROM emp INTERSECT ALL SELECT job FROM bonus",
  "SELECT job FROM (SELECT job, ROW_NUMBER() OVER (PARTITION BY job) AS $f1 FROM emp INTERSECT "
  "SELECT job, ROW_NUMBER() OVER (PARTITION BY job) AS $f1 FROM bonus) AS t",
  "SELECT job FROM emp INTERSECT SELECT job FROM bonus", "ALL dropped")
K("MinusToDistinctRule",
  "SELECT deptno FROM emp EXCEPT ALL SELECT deptno FROM dept",
  "SELECT deptno FROM (SELECT deptno, ROW_NUMBER() OVER (PARTITION BY deptno) AS $f1 FROM emp EXCEPT "
  "SELECT deptno, 1 AS $f1 FROM dept) AS t",
  "SELECT deptno FROM emp EXCEPT SELECT deptno FROM dept", "ALL dropped")
K("MinusToAntiJoinRule",
  "SELECT ename, sal FROM bonus EXCEPT SELECT ename, sal FROM emp",
  "SELECT DISTINCT ename, sal FROM bonus AS b WHERE NOT EXISTS (SELECT 1 FROM emp AS e WHERE "
  "e.ename = b.ename AND e.sal IS NOT DISTINCT FROM b.sal)",
  "SELECT DISTINCT ename, sal FROM bonus AS b WHERE NOT EXISTS (SELECT 1 FROM emp AS e WHERE "
  "e.ename = b.ename AND e.sal = b.sal)", "EXCEPT's NULL-equal rows not matched")
K("IntersectToSemiJoinRule",
  "SELECT job FROM emp INTERSECT SELECT job FROM bonus",
  "SELECT DISTINCT job FROM emp AS e WHERE EXISTS (SELECT 1 FROM bonus AS b WHERE b.job IS NOT DISTINCT FROM e.job)",
  "SELECT DISTINCT job FROM emp AS e WHERE EXISTS (SELECT 1 FROM bonus AS b WHERE b.job = e.job)",
  "INTERSECT's NULL-equal rows not matched")

# Windows and grouping sets as Calcite prints them.
K("ProjectToWindowRule",
  "SELECT empno, RANK() OVER (PARTITION BY deptno ORDER BY sal) AS $f1 FROM emp",
  "SELECT empno, (SELECT COUNT(*) FROM emp AS e2 WHERE e2.deptno IS NOT DISTINCT FROM e.deptno AND "
  "e2.sal < e.sal) + 1 AS $f1 FROM emp AS e WHERE e.sal IS NOT NULL UNION ALL "
  "SELECT empno, (SELECT COUNT(*) FROM emp AS e2 WHERE e2.deptno IS NOT DISTINCT FROM e.deptno "
  "AND e2.sal IS NOT NULL) + 1 FROM emp AS e WHERE e.sal IS NULL",
  "SELECT empno, (SELECT COUNT(*) FROM emp AS e2 WHERE e2.deptno = e.deptno AND "
  "e2.sal < e.sal) + 1 AS $f1 FROM emp AS e WHERE e.sal IS NOT NULL UNION ALL "
  "SELECT empno, (SELECT COUNT(*) FROM emp AS e2 WHERE e2.deptno = e.deptno "
  "AND e2.sal IS NOT NULL) + 1 FROM emp AS e WHERE e.sal IS NULL",
  "NULL partition split apart")
K("ProjectToWindowRule",
  "SELECT empno, ROW_NUMBER() OVER (PARTITION BY deptno ORDER BY empno) AS $f1 FROM emp",
  "SELECT empno, (SELECT COUNT(*) FROM emp AS e2 WHERE e2.deptno IS NOT DISTINCT FROM e.deptno AND "
  "e2.empno <= e.empno) AS $f1 FROM emp AS e",
  "SELECT empno, (SELECT COUNT(*) FROM emp AS e2 WHERE e2.deptno IS NOT DISTINCT FROM e.deptno AND "
  "e2.empno < e.empno) AS $f1 FROM emp AS e", "off by one")
# AGGREGATE_GROUPING_SETS_TO_UNION (a grouping-sets Aggregate as a Union of Aggregates): a
# GROUP BY ROLLUP / GROUPING SETS is the UNION ALL of one GROUP BY per grouping set (the
# empty set: one row even on an empty table).
K("AggregateGroupingSetsToUnionRule",
  "SELECT deptno, job, COUNT(*) AS $f2 FROM emp GROUP BY ROLLUP(deptno, job)",
  "SELECT deptno, job, COUNT(*) AS $f2 FROM emp GROUP BY deptno, job UNION ALL "
  "SELECT deptno, NULL, COUNT(*) FROM emp GROUP BY deptno UNION ALL SELECT NULL, NULL, COUNT(*) FROM emp",
  "SELECT deptno, job, COUNT(*) AS $f2 FROM emp GROUP BY deptno, job UNION ALL "
  "SELECT deptno, NULL, COUNT(*) FROM emp GROUP BY deptno", "the grand total lost",
  check=("SELECT k1, k2, COUNT(*) FROM (SELECT CASE WHEN g.n <= 1 THEN deptno END AS k1, CASE WHEN g.n = 0 THEN job END AS k2, "
         "g.n FROM emp CROSS JOIN (SELECT 0 AS n UNION ALL SELECT 1) AS g) AS x GROUP BY n, k1, k2 "
         "UNION ALL SELECT NULL, NULL, COUNT(*) FROM emp",
         "SELECT deptno, job, COUNT(*) FROM emp GROUP BY deptno, job UNION ALL "
         "SELECT deptno, NULL, COUNT(*) FROM emp GROUP BY deptno UNION ALL SELECT NULL, NULL, COUNT(*) FROM emp",
         "SELECT k1, k2, COUNT(*) FROM (SELECT CASE WHEN g.n <= 1 THEN deptno END AS k1, CASE WHEN g.n = 0 THEN job END AS k2, "
         "g.n FROM emp CROSS JOIN (SELECT 0 AS n UNION ALL SELECT 1) AS g) AS x GROUP BY n, k1, k2 "
         "UNION ALL SELECT NULL, NULL, COUNT(*) FROM emp",
         "SELECT deptno, job, COUNT(*) FROM emp GROUP BY deptno, job UNION ALL "
         "SELECT deptno, NULL, COUNT(*) FROM emp GROUP BY deptno"))
K("AggregateGroupingSetsToUnionRule",
  "SELECT deptno, job, SUM(sal) AS $f2 FROM emp GROUP BY GROUPING SETS ((deptno), (job))",
  "SELECT deptno, NULL AS job, SUM(sal) AS $f2 FROM emp GROUP BY deptno UNION ALL "
  "SELECT NULL, job, SUM(sal) FROM emp GROUP BY job",
  "SELECT deptno, job, SUM(sal) AS $f2 FROM emp GROUP BY deptno, job", "grouping sets as one grouping",
  check=("SELECT k1, k2, SUM(sal) FROM (SELECT CASE WHEN g.n = 0 THEN deptno END AS k1, CASE WHEN g.n = 1 THEN job END AS k2, "
         "g.n, sal FROM emp CROSS JOIN (SELECT 0 AS n UNION ALL SELECT 1) AS g) AS x GROUP BY n, k1, k2",
         "SELECT deptno, NULL, SUM(sal) FROM emp GROUP BY deptno UNION ALL SELECT NULL, job, SUM(sal) FROM emp GROUP BY job",
         "SELECT k1, k2, SUM(sal) FROM (SELECT CASE WHEN g.n = 0 THEN deptno END AS k1, CASE WHEN g.n = 1 THEN job END AS k2, "
         "g.n, sal FROM emp CROSS JOIN (SELECT 0 AS n UNION ALL SELECT 1) AS g) AS x GROUP BY n, k1, k2",
         "SELECT deptno, job, SUM(sal) FROM emp GROUP BY deptno, job"))

# HAVING without GROUP BY; a scalar sub-query in SELECT.
K("FilterAggregateTransposeRule",
  "SELECT COUNT(*) AS $f0 FROM emp HAVING COUNT(*) > 1",
  "SELECT $f0 FROM (SELECT COUNT(*) AS $f0 FROM emp) AS t WHERE $f0 > 1",
  "SELECT $f0 FROM (SELECT COUNT(*) AS $f0 FROM emp GROUP BY deptno) AS t WHERE $f0 > 1", "grouping added")
K("FilterAggregateTransposeRule",
  "SELECT SUM(sal) AS $f0 FROM emp HAVING SUM(sal) IS NULL",
  "SELECT NULL AS $f0 FROM (SELECT 1 AS x) AS t WHERE NOT EXISTS (SELECT 1 FROM emp WHERE sal IS NOT NULL)",
  "SELECT NULL AS $f0 FROM (SELECT 1 AS x) AS t WHERE NOT EXISTS (SELECT 1 FROM emp)",
  "a table of NULL salaries taken as non-empty")
K("AggregateJoinTransposeRule",
  "SELECT d.dname, (SELECT COUNT(*) FROM emp AS e WHERE e.deptno = d.deptno) AS EXPR$1 FROM dept AS d",
  "SELECT d.dname, COUNT(e.empno) AS EXPR$1 FROM dept AS d LEFT JOIN emp AS e ON e.deptno = d.deptno "
  "GROUP BY d.deptno, d.dname",
  "SELECT d.dname, COUNT(*) AS EXPR$1 FROM dept AS d LEFT JOIN emp AS e ON e.deptno = d.deptno "
  "GROUP BY d.deptno, d.dname", "the COUNT bug")
