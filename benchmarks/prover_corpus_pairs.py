"""The pairs of the prover development corpus, as written (``prover_corpus_build.py`` checks
them in SQLite and writes ``benchmarks/corpus/prover/``).

Each ``add`` call is one rewrite: a query (``gold``), the query after the rule (``pred``),
and one non-equivalent mutant of the rewrite (the rewrite with a plausible mistake). Rules
are named as the published catalogues name them: Apache Calcite's ``CoreRules``, Spark's
Catalyst optimizer rules; TPC-H pairs are the specification's 22 queries (adapted to
SQLite types: dates as ISO text with the interval arithmetic done, DECIMAL as REAL)
rewritten by those rules. Written for sqlverdict; not taken from any prover benchmark.
"""

from __future__ import annotations

from collections import Counter

PAIRS: list[dict] = []
_n: Counter = Counter()

SOURCES = {
    "calcite": ("emp_dept", "Apache Calcite CoreRules (rule name and javadoc description)"),
    "spark": ("spark", "Apache Spark Catalyst optimizer rules (rule name and source description)"),
    "tpch": ("tpch", "TPC-H specification query, rewritten by a Calcite or Catalyst rule"),
}


def add(source: str, rule: str, gold: str, pred: str, mutant, mutation: str, *,
        semantics: str = "bag", dialect: str = "postgres", query: int | None = None) -> None:
    """One equivalent pair and its mutant: ``mutant`` is the mutated pred, or a
    ``(gold, pred)`` tuple when the mistake is better shown on both sides."""
    schema, desc = SOURCES[source]
    if query is not None:  # TPC-H: the query's number in the id and the source
        rule_key, desc = f"q{query:02d}/{rule}", desc.replace("query", f"query Q{query}")
    else:
        rule_key = rule
    _n[(source, rule_key)] += 1
    pid = f"{source}/{rule_key}/{_n[(source, rule_key)]}"
    base = {"schema": f"benchmarks/corpus/prover/{schema}.ddl", "schema_name": schema,
            "dialect": dialect, "semantics": semantics, "rule": rule, "source": desc,
            "source_key": source}
    mg, mp = mutant if isinstance(mutant, tuple) else (gold, mutant)
    PAIRS.append({"id": pid, "gold": gold, "pred": pred, "expect": "equivalent", **base})
    PAIRS.append({"id": pid + "/mutant", "gold": mg, "pred": mp, "expect": "different",
                  "pair_of": pid, "mutation": mutation, **base})


def C(rule, gold, pred, mutant, mutation, **kw):
    add("calcite", rule, gold, pred, mutant, mutation, **kw)


def S(rule, gold, pred, mutant, mutation, **kw):
    add("spark", rule, gold, pred, mutant, mutation, **kw)


def H(rule, gold, pred, mutant, mutation, **kw):
    add("tpch", rule, gold, pred, mutant, mutation, **kw)


# ====================================================================== Calcite CoreRules
# emp(empno PK, ename NOT NULL, job, mgr, hiredate, sal, comm, deptno FK dept, slacker),
# dept(deptno PK, dname NOT NULL, loc), bonus(ename, job, sal, comm) without keys,
# account(acctno PK, empno NOT NULL FK emp, balance NOT NULL, kind).

# FILTER_MERGE: "Rule that combines two LogicalFilters."
for t, cols, p1, p2 in [
    ("emp", "ename, sal", "deptno = 10", "sal > 1"),
    ("emp", "empno, comm", "comm IS NULL", "job = 'CLERK'"),
    ("bonus", "ename, job", "sal >= 1", "comm < 2"),
    ("dept", "dname", "loc = 'NY'", "deptno > 10"),
    ("account", "acctno, kind", "balance > 0", "kind IS NOT NULL"),
]:
    C("FilterMergeRule", f"SELECT {cols} FROM (SELECT * FROM {t} WHERE {p1}) AS s WHERE {p2}",
      f"SELECT {cols} FROM {t} WHERE {p1} AND {p2}",
      f"SELECT {cols} FROM {t} WHERE {p1} OR {p2}", "AND of the merged filters written as OR")

# FILTER_PROJECT_TRANSPOSE: "pushes a Filter past a Project."
for inner, outer_where, flat_where, bad_where, t in [
    ("sal + comm AS x, deptno", "x > 2", "sal + comm > 2", "sal > 2", "emp"),
    ("sal * 2 AS x, ename", "x >= 4", "sal * 2 >= 4", "sal >= 4", "emp"),
    ("COALESCE(comm, 0) AS x, job", "x = 0", "COALESCE(comm, 0) = 0", "comm = 0", "bonus"),
    ("balance - 1 AS x, kind", "x < 1", "balance - 1 < 1", "balance < 1", "account"),
    ("CASE WHEN sal > 1 THEN 1 ELSE 0 END AS x, empno", "x = 0", "NOT (sal > 1) OR sal IS NULL",
     "NOT (sal > 1)", "emp"),
]:
    C("FilterProjectTransposeRule", f"SELECT x FROM (SELECT {inner} FROM {t}) AS s WHERE {outer_where}",
      f"SELECT {inner.split(' AS ')[0]} AS x FROM {t} WHERE {flat_where}",
      f"SELECT {inner.split(' AS ')[0]} AS x FROM {t} WHERE {bad_where}",
      "filter pushed below the project on the wrong expression")

# PROJECT_MERGE: "merges a Project into another Project, provided the projects are not
# projecting identical sets of input references."
for gold, pred, bad in [
    ("SELECT y + 1 FROM (SELECT sal * 2 AS y FROM emp) AS s", "SELECT sal * 2 + 1 FROM emp",
     "SELECT sal * (2 + 1) FROM emp"),
    ("SELECT n, d FROM (SELECT ename AS n, deptno AS d, sal FROM emp) AS s",
     "SELECT ename, deptno FROM emp", "SELECT ename, mgr FROM emp"),
    ("SELECT a - b FROM (SELECT sal AS a, comm AS b FROM bonus) AS s", "SELECT sal - comm FROM bonus",
     "SELECT comm - sal FROM bonus"),
    ("SELECT z FROM (SELECT COALESCE(y, 0) AS z FROM (SELECT comm AS y FROM emp) AS s1) AS s2",
     "SELECT COALESCE(comm, 0) FROM emp", "SELECT comm FROM emp"),
    ("SELECT k, b * 2 FROM (SELECT acctno AS k, balance AS b FROM account) AS s",
     "SELECT acctno, balance * 2 FROM account", "SELECT acctno, balance + 2 FROM account"),
]:
    C("ProjectMergeRule", gold, pred, bad, "merged expression changed")

# PROJECT_REMOVE: "removes a Project that is trivial (projects its input's fields in order)."
for t, cols, bad in [
    ("emp", "empno, ename", "SELECT empno, job FROM emp"),
    ("dept", "deptno, dname, loc", "SELECT deptno, dname, dname FROM dept"),
    ("bonus", "ename, job, sal, comm", "SELECT DISTINCT ename, job, sal, comm FROM bonus"),
    ("account", "acctno, empno, balance, kind", "SELECT acctno, empno, balance, kind FROM account WHERE kind IS NOT NULL"),
]:
    C("ProjectRemoveRule", f"SELECT {cols} FROM (SELECT {cols} FROM {t}) AS s", f"SELECT {cols} FROM {t}",
      bad, "the removed project was not trivial")

# FILTER_INTO_JOIN: "pushes a Filter above a Join into the Join ... and its inputs."
C("FilterIntoJoinRule", "SELECT e.ename FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno WHERE d.loc = 'NY'",
  "SELECT e.ename FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno AND d.loc = 'NY'",
  "SELECT e.ename FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno AND d.loc <> 'NY'", "predicate negated")
C("FilterIntoJoinRule", "SELECT e.ename, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno WHERE e.sal > 1",
  "SELECT e.ename, d.dname FROM (SELECT * FROM emp WHERE sal > 1) AS e JOIN dept AS d ON e.deptno = d.deptno",
  "SELECT e.ename, d.dname FROM (SELECT * FROM emp WHERE sal >= 1) AS e JOIN dept AS d ON e.deptno = d.deptno",
  "> became >=")
C("FilterIntoJoinRule", "SELECT e.ename, d.dname FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno WHERE e.sal > 1",
  "SELECT e.ename, d.dname FROM (SELECT * FROM emp WHERE sal > 1) AS e LEFT JOIN dept AS d ON e.deptno = d.deptno",
  "SELECT e.ename, d.dname FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno AND e.sal > 1",
  "filter on the preserved side moved into the ON clause of the outer join")
C("FilterIntoJoinRule", "SELECT e.empno, d.loc FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno WHERE d.dname = 'HR'",
  "SELECT e.empno, d.loc FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno AND d.dname = 'HR'",
  "SELECT e.empno, d.loc FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno AND d.dname = 'HR'",
  "filter on the NULL-padded side moved into the ON clause")
C("FilterIntoJoinRule", "SELECT a.acctno FROM account AS a JOIN emp AS e ON a.empno = e.empno WHERE a.balance > 1 AND e.job = 'CLERK'",
  "SELECT a.acctno FROM (SELECT * FROM account WHERE balance > 1) AS a JOIN (SELECT * FROM emp WHERE job = 'CLERK') AS e ON a.empno = e.empno",
  "SELECT a.acctno FROM (SELECT * FROM account WHERE balance > 1) AS a JOIN (SELECT * FROM emp WHERE job = 'CLERK' OR job IS NULL) AS e ON a.empno = e.empno",
  "pushed filter keeps NULL jobs")
C("FilterIntoJoinRule", "SELECT b.ename, e.empno FROM bonus AS b, emp AS e WHERE b.ename = e.ename AND b.sal > e.sal",
  "SELECT b.ename, e.empno FROM bonus AS b JOIN emp AS e ON b.ename = e.ename AND b.sal > e.sal",
  "SELECT b.ename, e.empno FROM bonus AS b JOIN emp AS e ON b.ename = e.ename AND b.sal >= e.sal",
  "> became >=")

# JOIN_CONDITION_PUSH: "pushes predicates in a Join into the inputs to the join."
for on_extra, side, _t, sub in [
    ("d.dname = 'HR'", "d", "dept", "SELECT * FROM dept WHERE dname = 'HR'"),
    ("d.loc IS NULL", "d", "dept", "SELECT * FROM dept WHERE loc IS NULL"),
    ("e.comm > 0", "e", "emp", "SELECT * FROM emp WHERE comm > 0"),
]:
    other = "emp AS e" if side == "d" else "dept AS d"
    if side == "d":
        pred = f"SELECT e.empno, d.dname FROM emp AS e JOIN ({sub}) AS d ON e.deptno = d.deptno"
        bad = f"SELECT e.empno, d.dname FROM emp AS e LEFT JOIN ({sub}) AS d ON e.deptno = d.deptno"
    else:
        pred = f"SELECT e.empno, d.dname FROM ({sub}) AS e JOIN dept AS d ON e.deptno = d.deptno"
        bad = f"SELECT e.empno, d.dname FROM ({sub}) AS e LEFT JOIN dept AS d ON e.deptno = d.deptno"
    C("JoinConditionPushRule",
      f"SELECT e.empno, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno AND {on_extra}",
      pred, bad, "inner join became a left join")
C("JoinConditionPushRule",
  "SELECT e.ename, d.dname FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno AND d.loc = 'LA'",
  "SELECT e.ename, d.dname FROM emp AS e LEFT JOIN (SELECT * FROM dept WHERE loc = 'LA') AS d ON e.deptno = d.deptno",
  "SELECT e.ename, d.dname FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno WHERE d.loc = 'LA'",
  "right-side condition of a left join moved to WHERE")

# JOIN_COMMUTE: "permutes the inputs to an inner join" (outer joins flip LEFT/RIGHT).
for cols, a, b, on in [
    ("e.ename, d.dname", "emp AS e", "dept AS d", "e.deptno = d.deptno"),
    ("a.acctno, e.ename", "account AS a", "emp AS e", "a.empno = e.empno"),
    ("b.job, e.empno", "bonus AS b", "emp AS e", "b.ename = e.ename"),
    ("e1.empno, e2.empno", "emp AS e1", "emp AS e2", "e1.mgr = e2.empno"),
]:
    C("JoinCommuteRule", f"SELECT {cols} FROM {a} JOIN {b} ON {on}", f"SELECT {cols} FROM {b} JOIN {a} ON {on}",
      f"SELECT {cols} FROM {b} LEFT JOIN {a} ON {on}", "commuted inner join became a left join")
C("JoinCommuteRule", "SELECT e.ename, d.dname FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno",
  "SELECT e.ename, d.dname FROM dept AS d RIGHT JOIN emp AS e ON e.deptno = d.deptno",
  "SELECT e.ename, d.dname FROM dept AS d LEFT JOIN emp AS e ON e.deptno = d.deptno",
  "LEFT not flipped to RIGHT when commuting")
C("JoinCommuteRule", "SELECT b.ename, e.job FROM bonus AS b LEFT JOIN emp AS e ON b.ename = e.ename AND b.job = e.job",
  "SELECT b.ename, e.job FROM emp AS e RIGHT JOIN bonus AS b ON b.ename = e.ename AND b.job = e.job",
  "SELECT b.ename, e.job FROM emp AS e JOIN bonus AS b ON b.ename = e.ename AND b.job = e.job",
  "outer join became inner when commuting")

# JOIN_ASSOCIATE: "changes a join based on the associativity rule: (A join B) join C to
# A join (B join C)."
C("JoinAssociateRule",
  "SELECT e.ename, d.dname, a.balance FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno JOIN account AS a ON a.empno = e.empno",
  "SELECT x.ename, x.dname, a.balance FROM account AS a JOIN (SELECT e.empno, e.ename, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno) AS x ON a.empno = x.empno",
  "SELECT x.ename, x.dname, a.balance FROM account AS a JOIN (SELECT e.empno, e.ename, d.dname FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno) AS x ON a.empno = x.empno",
  "inner join in the reassociated input became a left join")
C("JoinAssociateRule",
  "SELECT b.job, e.empno, d.loc FROM bonus AS b JOIN emp AS e ON b.ename = e.ename JOIN dept AS d ON e.deptno = d.deptno",
  "SELECT b.job, x.empno, x.loc FROM bonus AS b JOIN (SELECT e.ename, e.empno, d.loc FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno) AS x ON b.ename = x.ename",
  "SELECT b.job, x.empno, x.loc FROM bonus AS b JOIN (SELECT e.ename, e.empno, d.loc FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno) AS x ON b.job = x.ename",
  "join condition on the wrong column")
C("JoinAssociateRule",
  "SELECT e1.ename, e2.ename, e3.ename FROM emp AS e1 JOIN emp AS e2 ON e1.mgr = e2.empno JOIN emp AS e3 ON e2.mgr = e3.empno",
  "SELECT e1.ename, x.n2, x.n3 FROM emp AS e1 JOIN (SELECT e2.empno, e2.ename AS n2, e3.ename AS n3 FROM emp AS e2 JOIN emp AS e3 ON e2.mgr = e3.empno) AS x ON e1.mgr = x.empno",
  "SELECT e1.ename, x.n2, x.n3 FROM emp AS e1 JOIN (SELECT e2.empno, e2.ename AS n2, e3.ename AS n3 FROM emp AS e2 JOIN emp AS e3 ON e2.mgr = e3.empno) AS x ON e1.empno = x.empno",
  "joined on the wrong key")
C("JoinAssociateRule",
  "SELECT a.acctno, d.dname FROM account AS a, emp AS e, dept AS d WHERE a.empno = e.empno AND e.deptno = d.deptno",
  "SELECT a.acctno, d.dname FROM account AS a JOIN (emp AS e JOIN dept AS d ON e.deptno = d.deptno) ON a.empno = e.empno",
  "SELECT a.acctno, d.dname FROM account AS a JOIN (emp AS e JOIN dept AS d ON e.deptno = d.deptno) ON a.acctno = e.empno",
  "joined on the wrong key")

# JOIN_PUSH_TRANSITIVE_PREDICATES: "infers predicates from a Join and creates Filters if
# those predicates can be pushed to its inputs."
for cond, inferred, bad in [
    ("e.deptno = 10", "d.deptno = 10", "d.deptno = 20"),
    ("e.deptno > 10", "d.deptno > 10", "d.deptno >= 10"),
    ("d.deptno IN (10, 30)", "e.deptno IN (10, 30)", "e.deptno IN (10, 20)"),
    ("e.deptno <> 20", "d.deptno <> 20", "d.deptno <> 30"),
]:
    C("JoinPushTransitivePredicatesRule",
      f"SELECT e.ename, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno WHERE {cond}",
      f"SELECT e.ename, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno WHERE {cond} AND {inferred}",
      f"SELECT e.ename, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno WHERE {cond} OR {bad}",
      "inferred predicate wrong and ORed")
C("JoinPushTransitivePredicatesRule",
  "SELECT b.ename FROM bonus AS b JOIN emp AS e ON b.sal = e.sal WHERE b.sal > 1",
  "SELECT b.ename FROM (SELECT * FROM bonus WHERE sal > 1) AS b JOIN (SELECT * FROM emp WHERE sal > 1) AS e ON b.sal = e.sal",
  "SELECT b.ename FROM (SELECT * FROM bonus WHERE sal > 1) AS b JOIN emp AS e ON b.sal >= e.sal",
  "equality weakened to >=")

# AGGREGATE_PROJECT_MERGE: "recognizes an Aggregate on top of a Project and if possible
# aggregates through the Project or removes the Project."
for g, agg, bad in [
    ("deptno", "SUM(sal)", "SUM(comm)"),
    ("job", "COUNT(comm)", "COUNT(*)"),
    ("deptno", "MAX(sal), MIN(sal)", "MAX(sal), MAX(sal)"),
    ("mgr", "AVG(sal)", "AVG(COALESCE(sal, 0))"),
]:
    C("AggregateProjectMergeRule",
      f"SELECT {g}, {agg} FROM (SELECT {g}, sal, comm, ename FROM emp) AS s GROUP BY {g}",
      f"SELECT {g}, {agg} FROM emp GROUP BY {g}", f"SELECT {g}, {bad} FROM emp GROUP BY {g}",
      "aggregate argument changed")
C("AggregateProjectMergeRule", "SELECT k, COUNT(*) FROM (SELECT kind AS k, balance FROM account) AS s GROUP BY k",
  "SELECT kind, COUNT(*) FROM account GROUP BY kind", "SELECT kind, COUNT(kind) FROM account GROUP BY kind",
  "COUNT(*) became COUNT(column): NULL group counts 0")

# AGGREGATE_REMOVE: "removes an Aggregate if it computes no aggregate functions (that is,
# it is implementing SELECT DISTINCT), or all the aggregate functions are splittable, and
# the underlying relational expression is already distinct."
C("AggregateRemoveRule", "SELECT empno FROM emp GROUP BY empno", "SELECT empno FROM emp",
  ("SELECT deptno FROM emp GROUP BY deptno", "SELECT deptno FROM emp"), "input not distinct on the group key")
C("AggregateRemoveRule", "SELECT empno, ename FROM emp GROUP BY empno, ename", "SELECT empno, ename FROM emp",
  ("SELECT ename FROM emp GROUP BY ename", "SELECT ename FROM emp"), "input not distinct on the group key")
C("AggregateRemoveRule", "SELECT DISTINCT deptno, dname FROM dept", "SELECT deptno, dname FROM dept",
  ("SELECT DISTINCT dname FROM dept", "SELECT dname FROM dept"), "input not distinct on the DISTINCT columns")
C("AggregateRemoveRule", "SELECT empno, MAX(sal) FROM emp GROUP BY empno", "SELECT empno, sal FROM emp",
  "SELECT empno, comm FROM emp", "aggregate argument changed")
C("AggregateRemoveRule", "SELECT acctno, SUM(balance) FROM account GROUP BY acctno", "SELECT acctno, balance FROM account",
  ("SELECT empno, SUM(balance) FROM account GROUP BY empno", "SELECT empno, balance FROM account"),
  "input not distinct on the group key")
C("AggregateRemoveRule", "SELECT acctno, COUNT(kind) FROM account GROUP BY acctno",
  "SELECT acctno, CASE WHEN kind IS NULL THEN 0 ELSE 1 END FROM account",
  "SELECT acctno, 1 FROM account", "COUNT(column) of one row taken as 1 even when NULL")

# FILTER_AGGREGATE_TRANSPOSE: "pushes a Filter past an Aggregate" (predicates on group keys).
for g, agg, cond, bad in [
    ("deptno", "SUM(sal)", "deptno = 10", "SUM(sal) > 1"),
    ("job", "COUNT(*)", "job = 'CLERK'", "job <> 'CLERK'"),
    ("deptno, job", "MAX(sal)", "deptno > 10 AND job IS NOT NULL", "deptno > 10"),
    ("kind", "SUM(balance)", "kind IS NULL", "kind IS NOT NULL"),
]:
    t = "account" if g == "kind" else "emp"
    outer = "s." + g.split(",")[0]
    C("FilterAggregateTransposeRule",
      f"SELECT * FROM (SELECT {g}, {agg} AS m FROM {t} GROUP BY {g}) AS s WHERE {cond}",
      f"SELECT {g}, {agg} AS m FROM {t} WHERE {cond} GROUP BY {g}",
      f"SELECT {g}, {agg} AS m FROM {t} WHERE {bad} GROUP BY {g}" if "SUM" not in bad else
      f"SELECT {g}, {agg} AS m FROM {t} GROUP BY {g} HAVING {bad}",
      "pushed filter changed")
    del outer

# AGGREGATE_FILTER_TRANSPOSE / having on group key to WHERE.
C("FilterAggregateTransposeRule", "SELECT deptno, COUNT(*) FROM emp GROUP BY deptno HAVING deptno <> 20",
  "SELECT deptno, COUNT(*) FROM emp WHERE deptno <> 20 GROUP BY deptno",
  "SELECT deptno, COUNT(*) FROM emp WHERE deptno <> 20 OR deptno IS NULL GROUP BY deptno",
  "NULL group kept")

# UNION_TO_DISTINCT: "translates a distinct Union (all = false) into an Aggregate on top of
# a non-distinct Union (all = true)."
for a, b in [
    ("SELECT deptno FROM emp", "SELECT deptno FROM dept"),
    ("SELECT ename, job FROM emp", "SELECT ename, job FROM bonus"),
    ("SELECT sal FROM emp WHERE deptno = 10", "SELECT sal FROM bonus"),
    ("SELECT comm FROM emp", "SELECT comm FROM bonus WHERE job = 'CLERK'"),
]:
    cols = a.split("SELECT ")[1].split(" FROM")[0]
    C("UnionToDistinctRule", f"{a} UNION {b}", f"SELECT DISTINCT * FROM ({a} UNION ALL {b}) AS u",
      f"{a} UNION ALL {b}", "DISTINCT dropped")

# UNION_MERGE: "flattens nested Unions" (same ALL-ness).
C("UnionMergeRule", "SELECT deptno FROM emp UNION ALL SELECT * FROM (SELECT deptno FROM dept UNION ALL SELECT sal FROM bonus) AS u",
  "SELECT deptno FROM emp UNION ALL SELECT deptno FROM dept UNION ALL SELECT sal FROM bonus",
  "SELECT deptno FROM emp UNION ALL SELECT deptno FROM dept UNION SELECT sal FROM bonus", "UNION ALL became UNION")
C("UnionMergeRule", "SELECT ename FROM emp UNION SELECT * FROM (SELECT ename FROM bonus UNION SELECT dname FROM dept) AS u",
  "SELECT ename FROM emp UNION SELECT ename FROM bonus UNION SELECT dname FROM dept",
  "SELECT ename FROM emp UNION ALL SELECT ename FROM bonus UNION ALL SELECT dname FROM dept", "UNION became UNION ALL")
C("UnionMergeRule", "SELECT * FROM (SELECT sal FROM emp UNION ALL SELECT sal FROM bonus) AS u UNION ALL SELECT balance FROM account",
  "SELECT sal FROM emp UNION ALL SELECT sal FROM bonus UNION ALL SELECT balance FROM account",
  "SELECT sal FROM emp UNION ALL SELECT comm FROM bonus UNION ALL SELECT balance FROM account", "branch column changed")

# UNION_REMOVE: "removes a Union with only one input" ; UNION of a query with itself.
C("UnionMergeRule", "SELECT job FROM emp UNION SELECT job FROM emp", "SELECT DISTINCT job FROM emp",
  "SELECT job FROM emp", "self-union is distinct")

# INTERSECT_TO_DISTINCT: "translates a distinct Intersect into a group of operators composed
# of Union, Aggregate, etc."
for a, b in [
    ("SELECT deptno FROM emp", "SELECT deptno FROM dept"),
    ("SELECT ename, job FROM emp", "SELECT ename, job FROM bonus"),
    ("SELECT comm FROM emp", "SELECT comm FROM bonus"),
    ("SELECT sal FROM emp WHERE deptno = 10", "SELECT balance FROM account"),
]:
    cols = [c.strip() for c in a.split("SELECT ")[1].split(" FROM")[0].split(",")]
    names = [f"c{i}" for i in range(len(cols))]
    aa = a.replace(", ".join(cols), ", ".join(f"{c} AS {n}" for c, n in zip(cols, names, strict=True)), 1)
    bcols = [c.strip() for c in b.split("SELECT ")[1].split(" FROM")[0].split(",")]
    bb = b.replace(", ".join(bcols), ", ".join(f"{c} AS {n}" for c, n in zip(bcols, names, strict=True)), 1)
    nl = ", ".join(names)
    C("IntersectToDistinctRule", f"{a} INTERSECT {b}",
      f"SELECT {nl} FROM (SELECT {nl}, 1 AS src FROM ({aa}) AS x UNION ALL SELECT {nl}, 2 AS src FROM ({bb}) AS y) AS u "
      f"GROUP BY {nl} HAVING MIN(src) = 1 AND MAX(src) = 2",
      f"SELECT {nl} FROM (SELECT {nl}, 1 AS src FROM ({aa}) AS x UNION ALL SELECT {nl}, 2 AS src FROM ({bb}) AS y) AS u "
      f"GROUP BY {nl} HAVING MAX(src) = 2", "keeps rows of the second input only")

# MINUS_TO_DISTINCT: "translates a distinct Minus into a group of operators composed of
# Union, Aggregate, etc."
for a, b in [
    ("SELECT deptno FROM dept", "SELECT deptno FROM emp"),
    ("SELECT ename, job FROM bonus", "SELECT ename, job FROM emp"),
    ("SELECT comm FROM emp", "SELECT comm FROM bonus"),
    ("SELECT mgr FROM emp", "SELECT empno FROM emp"),
]:
    ca = a.split("SELECT ")[1].split(" FROM")[0]
    cb = b.split("SELECT ")[1].split(" FROM")[0]
    cols = [c.strip() for c in ca.split(",")]
    names = [f"c{i}" for i in range(len(cols))]
    aa = a.replace(ca, ", ".join(f"{c} AS {n}" for c, n in zip(cols, names, strict=True)), 1)
    bb = b.replace(cb, ", ".join(f"{c} AS {n}" for c, n in zip([x.strip() for x in cb.split(",")], names, strict=True)), 1)
    nl = ", ".join(names)
    C("MinusToDistinctRule", f"{a} EXCEPT {b}",
      f"SELECT {nl} FROM (SELECT {nl}, 1 AS src FROM ({aa}) AS x UNION ALL SELECT {nl}, 2 AS src FROM ({bb}) AS y) AS u "
      f"GROUP BY {nl} HAVING MAX(src) = 1",
      f"SELECT {nl} FROM (SELECT {nl}, 1 AS src FROM ({aa}) AS x UNION ALL SELECT {nl}, 2 AS src FROM ({bb}) AS y) AS u "
      f"GROUP BY {nl} HAVING MIN(src) = 1", "keeps rows present in both inputs")

# SEMI_JOIN: "creates a SemiJoin from a Join on top of an Aggregate that only projects the
# join keys" (IN / EXISTS against a join over the distinct keys).
for outer, col, inner, icol in [
    ("emp", "empno", "emp", "mgr"),
    ("emp", "empno", "account", "empno"),
    ("bonus", "ename", "emp", "ename"),
    ("dept", "deptno", "emp", "deptno"),
]:
    C("SemiJoinRule", f"SELECT o.* FROM {outer} AS o JOIN (SELECT DISTINCT {icol} FROM {inner}) AS i ON o.{col} = i.{icol}",
      f"SELECT * FROM {outer} WHERE {col} IN (SELECT {icol} FROM {inner})",
      f"SELECT o.* FROM {outer} AS o JOIN {inner} AS i ON o.{col} = i.{icol}",
      "join against the non-distinct inner relation duplicates rows")

# SUBQUERY_REMOVE (FILTER_SUB_QUERY_TO_CORRELATE / PROJECT_SUB_QUERY_TO_CORRELATE):
# "converts sub-queries from filter/project expressions into Correlate/joins."
C("SubQueryRemoveRule", "SELECT ename FROM emp WHERE deptno IN (SELECT deptno FROM dept WHERE loc = 'NY')",
  "SELECT e.ename FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno WHERE d.loc = 'NY'",
  "SELECT e.ename FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno AND d.loc = 'NY'",
  "semi join became a left join")
C("SubQueryRemoveRule", "SELECT ename FROM emp AS e WHERE EXISTS (SELECT 1 FROM account AS a WHERE a.empno = e.empno)",
  "SELECT ename FROM emp WHERE empno IN (SELECT empno FROM account)",
  "SELECT e.ename FROM emp AS e JOIN account AS a ON a.empno = e.empno", "EXISTS became a join (duplicates)")
C("SubQueryRemoveRule", "SELECT ename FROM emp AS e WHERE NOT EXISTS (SELECT 1 FROM account AS a WHERE a.empno = e.empno)",
  "SELECT e.ename FROM emp AS e LEFT JOIN account AS a ON a.empno = e.empno WHERE a.acctno IS NULL",
  "SELECT e.ename FROM emp AS e LEFT JOIN account AS a ON a.empno = e.empno WHERE a.kind IS NULL",
  "anti join tests a nullable column")
C("SubQueryRemoveRule", "SELECT deptno FROM dept WHERE deptno NOT IN (SELECT deptno FROM emp WHERE deptno IS NOT NULL)",
  "SELECT deptno FROM dept AS d WHERE NOT EXISTS (SELECT 1 FROM emp AS e WHERE e.deptno = d.deptno)",
  ("SELECT deptno FROM dept WHERE deptno NOT IN (SELECT deptno FROM emp)",
   "SELECT deptno FROM dept AS d WHERE NOT EXISTS (SELECT 1 FROM emp AS e WHERE e.deptno = d.deptno)"),
  "NOT IN over a nullable column is not NOT EXISTS")
C("SubQueryRemoveRule", "SELECT empno, (SELECT dname FROM dept AS d WHERE d.deptno = e.deptno) FROM emp AS e",
  "SELECT e.empno, d.dname FROM emp AS e LEFT JOIN dept AS d ON d.deptno = e.deptno",
  "SELECT e.empno, d.dname FROM emp AS e JOIN dept AS d ON d.deptno = e.deptno",
  "scalar subquery became an inner join")
C("SubQueryRemoveRule", "SELECT ename FROM emp AS e WHERE sal > (SELECT MIN(sal) FROM bonus AS b WHERE b.job = e.job)",
  "SELECT e.ename FROM emp AS e JOIN (SELECT job, MIN(sal) AS m FROM bonus GROUP BY job) AS b ON b.job = e.job WHERE e.sal > b.m",
  "SELECT e.ename FROM emp AS e JOIN (SELECT job, MIN(sal) AS m FROM bonus GROUP BY job) AS b ON b.job = e.job WHERE e.sal >= b.m",
  "> became >=")
C("SubQueryRemoveRule", "SELECT empno, (SELECT COUNT(*) FROM account AS a WHERE a.empno = e.empno) FROM emp AS e",
  "SELECT e.empno, COALESCE(c.n, 0) FROM emp AS e LEFT JOIN (SELECT empno, COUNT(*) AS n FROM account GROUP BY empno) AS c ON c.empno = e.empno",
  "SELECT e.empno, c.n FROM emp AS e LEFT JOIN (SELECT empno, COUNT(*) AS n FROM account GROUP BY empno) AS c ON c.empno = e.empno",
  "the COUNT bug: an employee without accounts gets NULL, not 0")

# SORT_REMOVE: "removes a Sort if its input is already sorted"; a Sort without a limit in
# a subquery does not change the bag.
for sub, bad in [
    ("SELECT ename, sal FROM emp ORDER BY sal", "SELECT ename, sal FROM emp ORDER BY sal LIMIT 2"),
    ("SELECT deptno, dname FROM dept ORDER BY dname DESC", "SELECT deptno, dname FROM dept ORDER BY dname DESC LIMIT 1"),
    ("SELECT job, comm FROM bonus ORDER BY job, comm", "SELECT job, comm FROM bonus ORDER BY job, comm LIMIT 2"),
]:
    cols = sub.split("SELECT ")[1].split(" FROM")[0]
    C("SortRemoveRule", f"SELECT {cols} FROM ({sub}) AS s", f"SELECT {cols} FROM ({sub.split(' ORDER BY')[0]}) AS s",
      f"SELECT {cols} FROM ({bad}) AS s", "a sort with a limit is not removable")
C("SortRemoveRule", "SELECT empno, ename FROM emp ORDER BY empno", "SELECT empno, ename FROM (SELECT empno, ename FROM emp ORDER BY ename) AS s ORDER BY empno",
  "SELECT empno, ename FROM emp ORDER BY ename, empno", "outer order changed", semantics="list")
C("SortRemoveRule", "SELECT COUNT(*) FROM (SELECT * FROM emp ORDER BY sal) AS s", "SELECT COUNT(*) FROM emp",
  "SELECT COUNT(*) FROM (SELECT * FROM emp ORDER BY sal LIMIT 3) AS s", "limit added")

# REDUCE_EXPRESSIONS (FILTER_REDUCE_EXPRESSIONS, PROJECT_REDUCE_EXPRESSIONS): "reduces
# constant expressions" and simplifies conditions.
for gold, pred, bad, what in [
    ("SELECT ename FROM emp WHERE sal > 1 + 1", "SELECT ename FROM emp WHERE sal > 2", "SELECT ename FROM emp WHERE sal > 1", "constant folded wrong"),
    ("SELECT ename FROM emp WHERE 1 = 1 AND deptno = 10", "SELECT ename FROM emp WHERE deptno = 10", "SELECT ename FROM emp", "conjunct dropped"),
    ("SELECT ename FROM emp WHERE deptno = 10 AND 1 = 0", "SELECT ename FROM emp WHERE 1 = 0", "SELECT ename FROM emp WHERE deptno = 10", "false conjunct dropped"),
    ("SELECT empno, 2 * 3 + sal FROM emp", "SELECT empno, 6 + sal FROM emp", "SELECT empno, 5 + sal FROM emp", "constant folded wrong"),
    ("SELECT empno FROM emp WHERE sal = 2 AND sal = 2", "SELECT empno FROM emp WHERE sal = 2", "SELECT empno FROM emp WHERE sal = 2 OR sal IS NULL", "NULL kept"),
    ("SELECT empno FROM emp WHERE sal = 1 AND sal = 2", "SELECT empno FROM emp WHERE 1 = 0", "SELECT empno FROM emp WHERE sal = 1", "contradiction not seen"),
    ("SELECT ename FROM emp WHERE CASE WHEN deptno = 10 THEN 1 ELSE 0 END = 1", "SELECT ename FROM emp WHERE deptno = 10", "SELECT ename FROM emp WHERE deptno = 10 OR deptno IS NULL", "ELSE branch taken for NULL"),
    ("SELECT empno, COALESCE(NULL, sal) FROM emp", "SELECT empno, sal FROM emp", "SELECT empno, COALESCE(sal, 0) FROM emp", "NULL replaced"),
    ("SELECT ename FROM emp WHERE comm IS NULL OR comm IS NOT NULL", "SELECT ename FROM emp", "SELECT ename FROM emp WHERE comm = comm", "tautology only for non-NULL"),
    ("SELECT empno FROM emp WHERE sal > 1 + 0", "SELECT empno FROM emp WHERE sal > 1", "SELECT empno FROM emp WHERE sal > 0", "constant folded wrong"),
    ("SELECT empno FROM emp WHERE NOT (NOT (deptno = 10))", "SELECT empno FROM emp WHERE deptno = 10", "SELECT empno FROM emp WHERE NOT (deptno = 10)", "double negation miscounted"),
    ("SELECT empno, sal * (3 - 2) FROM emp", "SELECT empno, sal * 1 FROM emp", "SELECT empno, sal * 0 FROM emp", "constant folded wrong"),
]:
    C("ReduceExpressionsRule", gold, pred, bad, what)

# AGGREGATE_EXPAND_DISTINCT_AGGREGATES: "expands distinct aggregates (such as COUNT(DISTINCT
# x)) that are in an Aggregate into Aggregates over distinct inputs."
C("AggregateExpandDistinctAggregatesRule", "SELECT deptno, COUNT(DISTINCT job) FROM emp GROUP BY deptno",
  "SELECT deptno, COUNT(job) FROM (SELECT DISTINCT deptno, job FROM emp) AS s GROUP BY deptno",
  "SELECT deptno, COUNT(*) FROM (SELECT DISTINCT deptno, job FROM emp) AS s GROUP BY deptno",
  "COUNT(*) counts the NULL job")
C("AggregateExpandDistinctAggregatesRule", "SELECT COUNT(DISTINCT sal) FROM bonus",
  "SELECT COUNT(sal) FROM (SELECT DISTINCT sal FROM bonus) AS s",
  "SELECT COUNT(sal) FROM (SELECT DISTINCT sal, comm FROM bonus) AS s", "distinct over too many columns")
C("AggregateExpandDistinctAggregatesRule", "SELECT job, SUM(DISTINCT sal) FROM emp GROUP BY job",
  "SELECT job, SUM(sal) FROM (SELECT DISTINCT job, sal FROM emp) AS s GROUP BY job",
  "SELECT job, SUM(sal) FROM emp GROUP BY job", "DISTINCT dropped")
C("AggregateExpandDistinctAggregatesRule", "SELECT deptno, COUNT(DISTINCT mgr), MAX(sal) FROM emp GROUP BY deptno",
  "SELECT a.deptno, a.c, b.m FROM (SELECT deptno, COUNT(mgr) AS c FROM (SELECT DISTINCT deptno, mgr FROM emp) AS s GROUP BY deptno) AS a "
  "JOIN (SELECT deptno, MAX(sal) AS m FROM emp GROUP BY deptno) AS b ON a.deptno IS b.deptno",
  "SELECT a.deptno, a.c, b.m FROM (SELECT deptno, COUNT(mgr) AS c FROM (SELECT DISTINCT deptno, mgr FROM emp) AS s GROUP BY deptno) AS a "
  "JOIN (SELECT deptno, MAX(sal) AS m FROM emp GROUP BY deptno) AS b ON a.deptno = b.deptno",
  "groups rejoined with = lose the NULL group", dialect="sqlite")
C("AggregateExpandDistinctAggregatesRule", "SELECT COUNT(DISTINCT deptno), COUNT(*) FROM emp",
  "SELECT (SELECT COUNT(deptno) FROM (SELECT DISTINCT deptno FROM emp) AS s), (SELECT COUNT(*) FROM emp)",
  "SELECT (SELECT COUNT(*) FROM (SELECT DISTINCT deptno FROM emp) AS s), (SELECT COUNT(*) FROM emp)",
  "COUNT(*) counts the NULL deptno")

# AGGREGATE_JOIN_TRANSPOSE: "pushes an Aggregate past a Join" (grouping on the join key of a
# keyed side).
C("AggregateJoinTransposeRule",
  "SELECT e.deptno, COUNT(*) FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno GROUP BY e.deptno",
  "SELECT g.deptno, g.n FROM (SELECT deptno, COUNT(*) AS n FROM emp GROUP BY deptno) AS g JOIN dept AS d ON g.deptno = d.deptno",
  "SELECT g.deptno, g.n FROM (SELECT deptno, COUNT(*) AS n FROM emp GROUP BY deptno) AS g LEFT JOIN dept AS d ON g.deptno = d.deptno",
  "inner join became left join (NULL group kept)")
C("AggregateJoinTransposeRule",
  "SELECT d.dname, SUM(e.sal) FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno GROUP BY d.deptno, d.dname",
  "SELECT d.dname, g.s FROM (SELECT deptno, SUM(sal) AS s FROM emp GROUP BY deptno) AS g JOIN dept AS d ON g.deptno = d.deptno",
  "SELECT d.dname, g.s FROM (SELECT deptno, SUM(comm) AS s FROM emp GROUP BY deptno) AS g JOIN dept AS d ON g.deptno = d.deptno",
  "summed the wrong column")
C("AggregateJoinTransposeRule",
  "SELECT e.empno, SUM(a.balance) FROM emp AS e JOIN account AS a ON a.empno = e.empno GROUP BY e.empno",
  "SELECT g.empno, g.s FROM (SELECT empno, SUM(balance) AS s FROM account GROUP BY empno) AS g JOIN emp AS e ON g.empno = e.empno",
  "SELECT g.empno, g.s FROM (SELECT empno, MAX(balance) AS s FROM account GROUP BY empno) AS g JOIN emp AS e ON g.empno = e.empno",
  "SUM became MAX")
C("AggregateJoinTransposeRule",
  "SELECT d.loc, COUNT(*) FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno GROUP BY d.loc",
  "SELECT d.loc, SUM(g.n) FROM (SELECT deptno, COUNT(*) AS n FROM emp GROUP BY deptno) AS g JOIN dept AS d ON g.deptno = d.deptno GROUP BY d.loc",
  "SELECT d.loc, COUNT(*) FROM (SELECT deptno, COUNT(*) AS n FROM emp GROUP BY deptno) AS g JOIN dept AS d ON g.deptno = d.deptno GROUP BY d.loc",
  "counts groups, not rows")

# AGGREGATE_UNION_TRANSPOSE: "pushes an Aggregate past a non-distinct Union."
C("AggregateUnionTransposeRule", "SELECT MAX(s) FROM (SELECT sal AS s FROM emp UNION ALL SELECT sal FROM bonus) AS u",
  "SELECT MAX(m) FROM (SELECT MAX(sal) AS m FROM emp UNION ALL SELECT MAX(sal) FROM bonus) AS u",
  "SELECT MAX(m) FROM (SELECT MAX(sal) AS m FROM emp UNION ALL SELECT MAX(comm) FROM bonus) AS u", "wrong column in a branch")
C("AggregateUnionTransposeRule", "SELECT j, COUNT(*) FROM (SELECT job AS j FROM emp UNION ALL SELECT job FROM bonus) AS u GROUP BY j",
  "SELECT j, SUM(n) FROM (SELECT job AS j, COUNT(*) AS n FROM emp GROUP BY job UNION ALL SELECT job, COUNT(*) FROM bonus GROUP BY job) AS u GROUP BY j",
  "SELECT j, COUNT(*) FROM (SELECT job AS j, COUNT(*) AS n FROM emp GROUP BY job UNION ALL SELECT job, COUNT(*) FROM bonus GROUP BY job) AS u GROUP BY j",
  "counts partial groups instead of summing them")
C("AggregateUnionTransposeRule", "SELECT MIN(x) FROM (SELECT comm AS x FROM emp UNION ALL SELECT comm FROM bonus) AS u",
  "SELECT MIN(m) FROM (SELECT MIN(comm) AS m FROM emp UNION ALL SELECT MIN(comm) FROM bonus) AS u",
  "SELECT MIN(m) FROM (SELECT MIN(comm) AS m FROM emp UNION SELECT MAX(comm) FROM bonus) AS u", "MIN became MAX in a branch")

# PROJECT_JOIN_TRANSPOSE: "pushes a Project past a Join."
C("ProjectJoinTransposeRule", "SELECT e.ename, d.dname FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno",
  "SELECT x.ename, y.dname FROM (SELECT ename, deptno FROM emp) AS x JOIN (SELECT deptno, dname FROM dept) AS y ON x.deptno = y.deptno",
  "SELECT x.ename, y.dname FROM (SELECT ename, mgr AS deptno FROM emp) AS x JOIN (SELECT deptno, dname FROM dept) AS y ON x.deptno = y.deptno",
  "projected the wrong join column")
C("ProjectJoinTransposeRule", "SELECT e.sal + a.balance FROM emp AS e JOIN account AS a ON a.empno = e.empno",
  "SELECT x.sal + y.balance FROM (SELECT empno, sal FROM emp) AS x JOIN (SELECT empno, balance FROM account) AS y ON x.empno = y.empno",
  "SELECT x.sal + y.balance FROM (SELECT empno, comm AS sal FROM emp) AS x JOIN (SELECT empno, balance FROM account) AS y ON x.empno = y.empno",
  "projected the wrong column")
C("ProjectJoinTransposeRule", "SELECT b.job, e.empno FROM bonus AS b LEFT JOIN emp AS e ON b.ename = e.ename",
  "SELECT x.job, y.empno FROM (SELECT ename, job FROM bonus) AS x LEFT JOIN (SELECT ename, empno FROM emp) AS y ON x.ename = y.ename",
  "SELECT x.job, y.empno FROM (SELECT ename, job FROM bonus) AS x JOIN (SELECT ename, empno FROM emp) AS y ON x.ename = y.ename",
  "outer join lost")

# PROJECT_FILTER_TRANSPOSE: "pushes a Project past a Filter."
for t, cols, cond, bad in [
    ("emp", "ename", "sal > comm", "sal >= comm"),
    ("bonus", "job", "ename = 'a' AND sal IS NOT NULL", "ename = 'a'"),
    ("account", "acctno", "kind = 'S'", "kind = 'S' OR kind IS NULL"),
]:
    C("ProjectFilterTransposeRule", f"SELECT {cols} FROM {t} WHERE {cond}",
      f"SELECT {cols} FROM (SELECT * FROM {t}) AS s WHERE {cond}",
      f"SELECT {cols} FROM (SELECT * FROM {t}) AS s WHERE {bad}", "condition changed")

# JOIN_TO_SEMI_JOIN / PROJECT_JOIN_REMOVE: "removes a Join whose right input is unique on
# the join key and not used" (foreign key to a key: the join neither drops nor repeats).
C("ProjectJoinRemoveRule", "SELECT e.ename FROM emp AS e LEFT JOIN dept AS d ON e.deptno = d.deptno",
  "SELECT ename FROM emp", "SELECT e.ename FROM emp AS e JOIN dept AS d ON e.deptno = d.deptno",
  "inner join drops employees without a department")
C("ProjectJoinRemoveRule", "SELECT a.acctno, a.balance FROM account AS a JOIN emp AS e ON a.empno = e.empno",
  "SELECT acctno, balance FROM account", "SELECT a.acctno, a.balance FROM account AS a JOIN emp AS e ON a.empno = e.mgr",
  "joined on a non-key", )
C("ProjectJoinRemoveRule", "SELECT e.empno FROM emp AS e LEFT JOIN (SELECT DISTINCT empno FROM account) AS a ON a.empno = e.empno",
  "SELECT empno FROM emp", "SELECT e.empno FROM emp AS e LEFT JOIN account AS a ON a.empno = e.empno", "right side not unique: the join repeats rows")

# AGGREGATE_REDUCE_FUNCTIONS: "reduces aggregate functions in an Aggregate to simpler forms"
# (AVG to SUM/COUNT: on REAL arithmetic; integer division would truncate).
C("AggregateReduceFunctionsRule", "SELECT deptno, AVG(sal) FROM emp GROUP BY deptno",
  "SELECT deptno, CAST(SUM(sal) AS REAL) / COUNT(sal) FROM emp GROUP BY deptno",
  "SELECT deptno, SUM(sal) / COUNT(sal) FROM emp GROUP BY deptno", "integer division truncates", dialect="sqlite")
C("AggregateReduceFunctionsRule", "SELECT job, SUM(comm) FROM emp GROUP BY job",
  "SELECT job, CASE WHEN COUNT(comm) = 0 THEN NULL ELSE SUM(comm) END FROM emp GROUP BY job",
  "SELECT job, COALESCE(SUM(comm), 0) FROM emp GROUP BY job", "SUM of no values is NULL, not 0")
C("AggregateReduceFunctionsRule", "SELECT AVG(balance) FROM account",
  "SELECT CAST(SUM(balance) AS REAL) / COUNT(balance) FROM account",
  "SELECT SUM(balance) / COUNT(balance) FROM account", "integer division truncates",
  dialect="sqlite")
C("AggregateReduceFunctionsRule", "SELECT deptno, AVG(comm) FROM emp GROUP BY deptno",
  "SELECT deptno, CAST(SUM(comm) AS REAL) / COUNT(comm) FROM emp GROUP BY deptno",
  "SELECT deptno, CAST(SUM(comm) AS REAL) / COUNT(*) FROM emp GROUP BY deptno", "COUNT(*) counts NULL comm",
  dialect="sqlite")

# SORT_PROJECT_TRANSPOSE / SORT_REMOVE_CONSTANT_KEYS: "removes constant keys from a Sort."
C("SortRemoveConstantKeysRule", "SELECT empno, sal FROM emp WHERE deptno = 10 ORDER BY deptno, empno",
  "SELECT empno, sal FROM emp WHERE deptno = 10 ORDER BY empno", "SELECT empno, sal FROM emp WHERE deptno = 10 ORDER BY empno DESC",
  "direction flipped", semantics="list")
C("SortRemoveConstantKeysRule", "SELECT ename, empno FROM emp WHERE job = 'CLERK' ORDER BY job, ename, empno",
  "SELECT ename, empno FROM emp WHERE job = 'CLERK' ORDER BY ename, empno",
  "SELECT ename, empno FROM emp WHERE job = 'CLERK' ORDER BY empno", "non-constant key dropped", semantics="list")
C("SortRemoveConstantKeysRule", "SELECT acctno FROM account WHERE kind = 'S' ORDER BY kind DESC, acctno LIMIT 2",
  "SELECT acctno FROM account WHERE kind = 'S' ORDER BY acctno LIMIT 2",
  "SELECT acctno FROM account WHERE kind = 'S' ORDER BY acctno DESC LIMIT 2", "direction flipped under LIMIT",
  semantics="list")

# SORT_JOIN_TRANSPOSE / LIMIT over UNION (SORT_UNION_TRANSPOSE): "pushes a Sort past a Union".
C("SortUnionTransposeRule",
  "SELECT empno FROM emp UNION ALL SELECT acctno FROM account ORDER BY 1 LIMIT 2",
  "SELECT x FROM (SELECT * FROM (SELECT empno AS x FROM emp ORDER BY empno LIMIT 2) AS a UNION ALL SELECT * FROM (SELECT acctno FROM account ORDER BY acctno LIMIT 2) AS b) AS u ORDER BY x LIMIT 2",
  "SELECT x FROM (SELECT * FROM (SELECT empno AS x FROM emp ORDER BY empno LIMIT 1) AS a UNION ALL SELECT * FROM (SELECT acctno FROM account ORDER BY acctno LIMIT 1) AS b) AS u ORDER BY x LIMIT 2",
  "branch limits too small", semantics="list")
C("SortUnionTransposeRule",
  "SELECT deptno FROM dept UNION ALL SELECT empno FROM emp ORDER BY 1 DESC LIMIT 3",
  "SELECT x FROM (SELECT * FROM (SELECT deptno AS x FROM dept ORDER BY deptno DESC LIMIT 3) AS a UNION ALL SELECT * FROM (SELECT empno FROM emp ORDER BY empno DESC LIMIT 3) AS b) AS u ORDER BY x DESC LIMIT 3",
  "SELECT x FROM (SELECT * FROM (SELECT deptno AS x FROM dept ORDER BY deptno LIMIT 3) AS a UNION ALL SELECT * FROM (SELECT empno FROM emp ORDER BY empno LIMIT 3) AS b) AS u ORDER BY x DESC LIMIT 3",
  "branch sort direction wrong", semantics="list")

# JOIN_EXTRACT_FILTER / JoinToCorrelate-like: "extracts the join condition as a Filter".
for cols, a, b, on, bad in [
    ("e.ename, d.dname", "emp AS e", "dept AS d", "e.deptno = d.deptno", "e.deptno <> d.deptno"),
    ("a.acctno, e.job", "account AS a", "emp AS e", "a.empno = e.empno AND e.sal > a.balance", "a.empno = e.empno AND e.sal < a.balance"),
    ("b.ename, e.empno", "bonus AS b", "emp AS e", "b.sal = e.sal AND b.comm = e.comm", "b.sal = e.sal AND (b.comm = e.comm OR b.comm IS NULL)"),
]:
    C("JoinExtractFilterRule", f"SELECT {cols} FROM {a} JOIN {b} ON {on}", f"SELECT {cols} FROM {a} CROSS JOIN {b} WHERE {on}",
      f"SELECT {cols} FROM {a} CROSS JOIN {b} WHERE {bad}", "extracted condition changed")

# AGGREGATE_CASE_TO_FILTER / AGGREGATE_FILTER: "converts SUM(CASE WHEN c THEN x ELSE 0)".
C("AggregateCaseToFilterRule", "SELECT deptno, SUM(CASE WHEN job = 'CLERK' THEN sal END) FROM emp GROUP BY deptno",
  "SELECT e.deptno, s.t FROM (SELECT DISTINCT deptno FROM emp) AS e LEFT JOIN (SELECT deptno, SUM(sal) AS t FROM emp WHERE job = 'CLERK' GROUP BY deptno) AS s ON e.deptno IS s.deptno",
  "SELECT deptno, SUM(sal) FROM emp WHERE job = 'CLERK' GROUP BY deptno", "groups without clerks vanish", dialect="sqlite")
C("AggregateCaseToFilterRule", "SELECT COUNT(CASE WHEN sal > 1 THEN 1 END) FROM emp",
  "SELECT COUNT(*) FROM emp WHERE sal > 1", "SELECT COUNT(CASE WHEN sal > 1 THEN 1 ELSE 0 END) FROM emp",
  "ELSE 0 is counted")
C("AggregateCaseToFilterRule", "SELECT SUM(CASE WHEN kind = 'S' THEN balance ELSE NULL END) FROM account",
  "SELECT SUM(balance) FROM account WHERE kind = 'S'", "SELECT SUM(balance) FROM account WHERE kind <> 'C' OR kind IS NULL",
  "accounts without a kind summed")

# UNION_PULL_UP_CONSTANTS / PROJECT_AGGREGATE_MERGE etc.
C("UnionPullUpConstantsRule", "SELECT 10, ename FROM emp UNION ALL SELECT 10, ename FROM bonus",
  "SELECT 10, n FROM (SELECT ename AS n FROM emp UNION ALL SELECT ename FROM bonus) AS u",
  "SELECT 10, n FROM (SELECT ename AS n FROM emp UNION SELECT ename FROM bonus) AS u", "UNION ALL became UNION")
C("UnionPullUpConstantsRule", "SELECT deptno, 'x' FROM emp WHERE deptno = 10 UNION SELECT deptno, 'x' FROM dept",
  "SELECT d, 'x' FROM (SELECT deptno AS d FROM emp WHERE deptno = 10 UNION SELECT deptno FROM dept) AS u",
  "SELECT d, 'x' FROM (SELECT deptno AS d FROM emp UNION SELECT deptno FROM dept) AS u", "branch filter dropped")

# AGGREGATE_PROJECT_PULL_UP_CONSTANTS: "removes constant keys from an Aggregate."
C("AggregateProjectPullUpConstantsRule", "SELECT deptno, job, COUNT(*) FROM emp WHERE deptno = 10 GROUP BY deptno, job",
  "SELECT 10, job, COUNT(*) FROM emp WHERE deptno = 10 GROUP BY job",
  "SELECT 10, job, COUNT(*) FROM emp GROUP BY job", "filter dropped with the constant key")
C("AggregateProjectPullUpConstantsRule", "SELECT kind, MAX(balance) FROM account WHERE kind = 'S' GROUP BY kind",
  "SELECT 'S', MAX(balance) FROM account WHERE kind = 'S' HAVING COUNT(*) > 0",
  "SELECT 'S', MAX(balance) FROM account WHERE kind = 'S'",
  "without the group, an empty input still gives one row")

# FILTER_SET_OP_TRANSPOSE: "pushes a Filter past a set operation."
for op, bad in [("UNION ALL", "SELECT sal FROM emp WHERE sal > 1 UNION ALL SELECT sal FROM bonus WHERE sal >= 1"),
                ("UNION", "SELECT sal FROM emp WHERE sal > 1 UNION SELECT sal FROM bonus"),
                ("INTERSECT", "SELECT sal FROM emp WHERE sal >= 1 INTERSECT SELECT sal FROM bonus WHERE sal >= 1"),
                ("EXCEPT", "SELECT sal FROM emp EXCEPT SELECT sal FROM bonus WHERE sal > 1")]:
    C("FilterSetOpTransposeRule", f"SELECT * FROM (SELECT sal FROM emp {op} SELECT sal FROM bonus) AS u WHERE sal > 1",
      f"SELECT sal FROM emp WHERE sal > 1 {op} SELECT sal FROM bonus WHERE sal > 1", bad,
      "filter pushed into the branches wrongly")

# PROJECT_SET_OP_TRANSPOSE: "pushes a Project past a non-distinct Union."
C("ProjectSetOpTransposeRule", "SELECT sal + 1 FROM (SELECT sal FROM emp UNION ALL SELECT sal FROM bonus) AS u",
  "SELECT sal + 1 FROM emp UNION ALL SELECT sal + 1 FROM bonus",
  "SELECT sal + 1 FROM emp UNION SELECT sal + 1 FROM bonus", "UNION ALL became UNION")
C("ProjectSetOpTransposeRule", "SELECT j FROM (SELECT job AS j, sal FROM emp UNION ALL SELECT job, sal FROM bonus) AS u",
  "SELECT job FROM emp UNION ALL SELECT job FROM bonus",
  "SELECT job FROM emp UNION ALL SELECT ename FROM bonus", "projected the wrong column in a branch")

# CALC / EXPAND: JoinExpandOrToUnionRule: "converts a join with OR conditions into a union."
for t1, t2, cols, c1, c2, n1 in [
    ("bonus AS b", "emp AS e", "b.ename, e.empno", "b.sal = e.sal", "b.comm = e.comm",
     "b.sal <> e.sal OR b.sal IS NULL OR e.sal IS NULL"),
    ("emp AS e1", "emp AS e2", "e1.empno, e2.empno", "e1.mgr = e2.empno", "e1.sal = e2.sal",
     "e1.mgr <> e2.empno OR e1.mgr IS NULL"),
]:
    C("JoinExpandOrToUnionRule", f"SELECT {cols} FROM {t1} JOIN {t2} ON {c1} OR {c2}",
      f"SELECT {cols} FROM {t1} JOIN {t2} ON {c1} UNION ALL SELECT {cols} FROM {t1} JOIN {t2} ON {c2} AND ({n1})",
      f"SELECT {cols} FROM {t1} JOIN {t2} ON {c1} UNION ALL SELECT {cols} FROM {t1} JOIN {t2} ON {c2}",
      "rows matching both conditions counted twice")

# ====================================================================== Spark Catalyst rules
# t1(a, b, c), t2(x, y, z): nullable integers, no keys (bags); r(k PK, v NOT NULL, w, s TEXT);
# q(id PK, rk NOT NULL FK r(k), n).

# PushDownPredicates / PushPredicateThroughNonJoin: "pushes Filter operators through
# operators": Project, Aggregate (on grouping columns), Union, Distinct.
for inner, cond, flat, bad in [
    ("SELECT a, b FROM t1", "a > 1", "SELECT a, b FROM t1 WHERE a > 1", "SELECT a, b FROM t1 WHERE b > 1"),
    ("SELECT a + b AS s, c FROM t1", "s = 2", "SELECT a + b AS s, c FROM t1 WHERE a + b = 2", "SELECT a + b AS s, c FROM t1 WHERE a = 2 OR b = 2"),
    ("SELECT DISTINCT x, y FROM t2", "y IS NULL", "SELECT DISTINCT x, y FROM t2 WHERE y IS NULL", "SELECT x, y FROM t2 WHERE y IS NULL"),
    ("SELECT x, SUM(y) AS sy FROM t2 GROUP BY x", "x < 2", "SELECT x, SUM(y) AS sy FROM t2 WHERE x < 2 GROUP BY x",
     "SELECT x, SUM(y) AS sy FROM t2 WHERE y < 2 GROUP BY x"),
    ("SELECT a, COUNT(*) AS n FROM t1 GROUP BY a", "a IS NOT NULL", "SELECT a, COUNT(*) AS n FROM t1 WHERE a IS NOT NULL GROUP BY a",
     "SELECT a, COUNT(b) AS n FROM t1 WHERE a IS NOT NULL GROUP BY a"),
    ("SELECT a FROM t1 UNION ALL SELECT x FROM t2", "a <> 0", "SELECT a FROM t1 WHERE a <> 0 UNION ALL SELECT x FROM t2 WHERE x <> 0",
     "SELECT a FROM t1 WHERE a <> 0 UNION ALL SELECT x FROM t2"),
    ("SELECT a FROM t1 UNION SELECT x FROM t2", "a BETWEEN 1 AND 2", "SELECT a FROM t1 WHERE a BETWEEN 1 AND 2 UNION SELECT x FROM t2 WHERE x BETWEEN 1 AND 2",
     "SELECT a FROM t1 WHERE a BETWEEN 1 AND 2 UNION ALL SELECT x FROM t2 WHERE x BETWEEN 1 AND 2"),
    ("SELECT k, v FROM r", "v > w", "SELECT k, v FROM r WHERE v > w", "SELECT k, v FROM r WHERE v >= w"),
    ("SELECT rk, MAX(n) AS m FROM q GROUP BY rk", "rk = 2", "SELECT rk, MAX(n) AS m FROM q WHERE rk = 2 GROUP BY rk",
     "SELECT rk, MAX(n) AS m FROM q WHERE n = 2 GROUP BY rk"),
]:
    if "w" in cond and "v" in cond:
        inner, gold = "SELECT k, v, w FROM r", "SELECT k, v FROM (SELECT k, v, w FROM r) AS s WHERE v > w"
    else:
        gold = f"SELECT * FROM ({inner}) AS s WHERE {cond}"
    S("PushDownPredicates", gold, flat, bad, "pushed predicate changed")

# PushPredicateThroughJoin: "pushes down Filter operators where the condition can be
# evaluated using only the attributes of the left or right side of a join."
for jt, cond, pushed_left, pushed_right, bad in [
    ("JOIN", "t1.a > 1 AND t2.y = 2", "WHERE a > 1", "WHERE y = 2", ("JOIN", "WHERE a > 1", "")),
    ("LEFT JOIN", "t1.b IS NULL", "WHERE b IS NULL", "", ("LEFT JOIN", "", "WHERE y IS NULL")),
    ("LEFT JOIN", "t1.a = 2", "WHERE a = 2", "", ("JOIN", "WHERE a = 2", "")),
    ("JOIN", "t1.c < t1.b", "WHERE c < b", "", ("JOIN", "WHERE c <= b", "")),
    ("JOIN", "t2.z IS NOT NULL", "", "WHERE z IS NOT NULL", ("JOIN", "", "WHERE y IS NOT NULL")),
]:
    g = f"SELECT t1.a, t2.y FROM t1 {jt} t2 ON t1.a = t2.x WHERE {cond}"
    p = (f"SELECT t1.a, t2.y FROM (SELECT * FROM t1 {pushed_left}) AS t1 {jt} "
         f"(SELECT * FROM t2 {pushed_right}) AS t2 ON t1.a = t2.x")
    bj, bl, br = bad
    m = f"SELECT t1.a, t2.y FROM (SELECT * FROM t1 {bl}) AS t1 {bj} (SELECT * FROM t2 {br}) AS t2 ON t1.a = t2.x"
    S("PushPredicateThroughJoin", g, p, m, "predicate pushed to the wrong side or join type changed")
S("PushPredicateThroughJoin", "SELECT t1.a, t2.y FROM t1 LEFT JOIN t2 ON t1.a = t2.x AND t2.y > 1",
  "SELECT t1.a, t2.y FROM t1 LEFT JOIN (SELECT * FROM t2 WHERE y > 1) AS t2 ON t1.a = t2.x",
  "SELECT t1.a, t2.y FROM t1 LEFT JOIN t2 ON t1.a = t2.x WHERE t2.y > 1", "ON condition of the null side moved to WHERE")
S("PushPredicateThroughJoin", "SELECT r.k, q.id FROM r JOIN q ON r.k = q.rk AND r.v = 1",
  "SELECT r.k, q.id FROM (SELECT * FROM r WHERE v = 1) AS r JOIN q ON r.k = q.rk",
  "SELECT r.k, q.id FROM (SELECT * FROM r WHERE v = 1) AS r LEFT JOIN q ON r.k = q.rk", "inner join became left join")

# PushExtraPredicateThroughJoin: "tries to push down the conjunctive predicates of a join
# condition that refer to one side" from disjunctions.
S("PushExtraPredicateThroughJoin", "SELECT t1.a, t2.x FROM t1 JOIN t2 ON (t1.a = 1 AND t2.x = 2) OR (t1.a = 2 AND t2.x = 3)",
  "SELECT t1.a, t2.x FROM (SELECT * FROM t1 WHERE a = 1 OR a = 2) AS t1 JOIN t2 ON (t1.a = 1 AND t2.x = 2) OR (t1.a = 2 AND t2.x = 3)",
  "SELECT t1.a, t2.x FROM (SELECT * FROM t1 WHERE a = 1) AS t1 JOIN t2 ON (t1.a = 1 AND t2.x = 2) OR (t1.a = 2 AND t2.x = 3)",
  "extracted predicate keeps one disjunct only")
S("PushExtraPredicateThroughJoin", "SELECT r.k, q.n FROM r JOIN q ON r.k = q.rk AND (r.v = 0 OR (r.v = 1 AND q.n > 1))",
  "SELECT r.k, q.n FROM (SELECT * FROM r WHERE v = 0 OR v = 1) AS r JOIN q ON r.k = q.rk AND (r.v = 0 OR (r.v = 1 AND q.n > 1))",
  "SELECT r.k, q.n FROM (SELECT * FROM r WHERE v = 0) AS r JOIN q ON r.k = q.rk AND (r.v = 0 OR (r.v = 1 AND q.n > 1))",
  "extracted predicate keeps one disjunct only")

# ColumnPruning: "attempts to eliminate the reading of unneeded columns from the query plan."
for g, p, m in [
    ("SELECT a FROM (SELECT a, b, c FROM t1) AS s", "SELECT a FROM t1", "SELECT DISTINCT a FROM t1"),
    ("SELECT x FROM (SELECT x, y FROM t2 WHERE y > 0) AS s", "SELECT x FROM t2 WHERE y > 0", "SELECT x FROM t2"),
    ("SELECT s.k FROM (SELECT k, v, w, s FROM r) AS s", "SELECT k FROM r", "SELECT v FROM r"),
    ("SELECT n FROM (SELECT id, rk, n FROM q) AS s WHERE rk = 1", "SELECT n FROM q WHERE rk = 1", "SELECT n FROM q WHERE id = 1"),
    ("SELECT COUNT(*) FROM (SELECT a, b FROM t1) AS s", "SELECT COUNT(*) FROM t1", "SELECT COUNT(a) FROM t1"),
    ("SELECT a, y FROM (SELECT * FROM t1 JOIN t2 ON t1.b = t2.x) AS s", "SELECT t1.a, t2.y FROM t1 JOIN t2 ON t1.b = t2.x",
     "SELECT t1.a, t2.y FROM t1 JOIN t2 ON t1.a = t2.x"),
]:
    S("ColumnPruning", g, p, m, "pruned the wrong column or dropped a needed operator")

# CollapseProject: "combines two Project operators into one and perform alias substitution."
for g, p, m in [
    ("SELECT p + 1 AS q1 FROM (SELECT a * 2 AS p FROM t1) AS s", "SELECT a * 2 + 1 AS q1 FROM t1", "SELECT a * (2 + 1) AS q1 FROM t1"),
    ("SELECT u, u FROM (SELECT b - c AS u FROM t1) AS s", "SELECT b - c, b - c FROM t1", "SELECT b - c, c - b FROM t1"),
    ("SELECT COALESCE(m, 0) FROM (SELECT y AS m FROM t2) AS s", "SELECT COALESCE(y, 0) FROM t2", "SELECT y FROM t2"),
    ("SELECT v2 / 2 FROM (SELECT v + 1 AS v2 FROM r) AS s", "SELECT (v + 1) / 2 FROM r", "SELECT v + 1 / 2 FROM r"),
    ("SELECT k FROM (SELECT k, v FROM (SELECT k, v, w FROM r) AS s1) AS s2", "SELECT k FROM r", "SELECT w FROM r"),
]:
    S("CollapseProject", g, p, m, "alias substituted wrongly")

# CombineFilters: "combines two adjacent Filter operators into one."
for t, p1, p2, bad in [
    ("t1", "a > 0", "b < 3", "a > 0 OR b < 3"),
    ("t1", "a IS NULL", "c = 1", "c = 1"),
    ("t2", "x = y", "z > 1", "x = y AND z >= 1"),
    ("r", "v = 1", "w IS NOT NULL", "v = 1"),
    ("q", "n <> 2", "rk > 1", "n <> 2 AND rk > 2"),
]:
    S("CombineFilters", f"SELECT * FROM (SELECT * FROM {t} WHERE {p1}) AS s WHERE {p2}",
      f"SELECT * FROM {t} WHERE {p1} AND {p2}", f"SELECT * FROM {t} WHERE {bad}", "combined filter changed")

# ConstantFolding: "replaces expressions that can be statically evaluated with their
# equivalent literal values."
for g, p, m in [
    ("SELECT a + (1 + 2) FROM t1", "SELECT a + 3 FROM t1", "SELECT a + 2 FROM t1"),
    ("SELECT a FROM t1 WHERE b > 10 / 4", "SELECT a FROM t1 WHERE b > 2", "SELECT a FROM t1 WHERE b > 3"),
    ("SELECT x FROM t2 WHERE y = 7 % 4", "SELECT x FROM t2 WHERE y = 3", "SELECT x FROM t2 WHERE y = 1"),
    ("SELECT k, v * (2 - 2) FROM r", "SELECT k, 0 FROM r", "SELECT k, v FROM r"),
    ("SELECT a FROM t1 WHERE c < 3 - 1", "SELECT a FROM t1 WHERE c < 2", "SELECT a FROM t1 WHERE c <= 2"),
    ("SELECT id FROM q WHERE n = ABS(-2)", "SELECT id FROM q WHERE n = 2", "SELECT id FROM q WHERE n = -2"),
    ("SELECT k FROM r WHERE s = 'a' || 'b'", "SELECT k FROM r WHERE s = 'ab'", "SELECT k FROM r WHERE s LIKE 'ab%'"),
    ("SELECT x, 1 / 2 FROM t2", "SELECT x, 0 FROM t2", "SELECT x, 0.5 FROM t2"),
]:
    S("ConstantFolding", g, p, m, "folded to the wrong value (integer division, modulo)")

# BooleanSimplification: "simplifies boolean expressions" (NOT pushdown, common factors,
# absorption), keeping three-valued logic.
for g, p, m in [
    ("SELECT a FROM t1 WHERE NOT (a > 1)", "SELECT a FROM t1 WHERE a <= 1", "SELECT a FROM t1 WHERE a <= 1 OR a IS NULL"),
    ("SELECT a FROM t1 WHERE NOT (a = 1 AND b = 2)", "SELECT a FROM t1 WHERE a <> 1 OR b <> 2", "SELECT a FROM t1 WHERE a <> 1 AND b <> 2"),
    ("SELECT x FROM t2 WHERE NOT (x = 1 OR y = 1)", "SELECT x FROM t2 WHERE x <> 1 AND y <> 1", "SELECT x FROM t2 WHERE x <> 1 OR y <> 1"),
    ("SELECT a FROM t1 WHERE (a = 1 AND b = 2) OR (a = 1 AND c = 3)", "SELECT a FROM t1 WHERE a = 1 AND (b = 2 OR c = 3)",
     "SELECT a FROM t1 WHERE a = 1 OR (b = 2 AND c = 3)"),
    ("SELECT a FROM t1 WHERE a = 1 OR (a = 1 AND b = 2)", "SELECT a FROM t1 WHERE a = 1", "SELECT a FROM t1 WHERE a = 1 AND b = 2"),
    ("SELECT x FROM t2 WHERE x > 1 AND (x > 1 OR y = 0)", "SELECT x FROM t2 WHERE x > 1", "SELECT x FROM t2 WHERE x > 1 OR y = 0"),
    ("SELECT k FROM r WHERE v = 1 AND v = 1", "SELECT k FROM r WHERE v = 1", "SELECT k FROM r WHERE v = 1 OR w = 1"),
    ("SELECT k FROM r WHERE NOT (v <> 2)", "SELECT k FROM r WHERE v = 2", "SELECT k FROM r WHERE w = 2"),
    ("SELECT k FROM r WHERE NOT (w <> 2)", "SELECT k FROM r WHERE w = 2", "SELECT k FROM r WHERE w = 2 OR w IS NULL"),
    ("SELECT a FROM t1 WHERE a > 1 AND NOT (a > 1)", "SELECT a FROM t1 WHERE 1 = 0", "SELECT a FROM t1 WHERE a IS NULL"),
    ("SELECT b FROM t1 WHERE b > 1 OR NOT (b > 1)", "SELECT b FROM t1 WHERE b IS NOT NULL", "SELECT b FROM t1"),
]:
    S("BooleanSimplification", g, p, m, "three-valued logic broken by the simplification")

# SimplifyCasts: "removes Cast expressions that are unnecessary because the input is
# already the correct type." (SQLite columns are not typed: the input is a CAST itself.)
for g, p, m in [
    ("SELECT CAST(CAST(a AS INTEGER) AS INTEGER) FROM t1", "SELECT CAST(a AS INTEGER) FROM t1", "SELECT CAST(a AS REAL) / 2 FROM t1"),
    ("SELECT x FROM t2 WHERE CAST(CAST(y AS INTEGER) AS INTEGER) = 2", "SELECT x FROM t2 WHERE CAST(y AS INTEGER) = 2",
     "SELECT x FROM t2 WHERE CAST(y AS INTEGER) = 3"),
    ("SELECT CAST(CAST(s AS TEXT) AS TEXT) FROM r", "SELECT CAST(s AS TEXT) FROM r", "SELECT UPPER(s) FROM r"),
    ("SELECT k, CAST(CAST(v AS INTEGER) AS INTEGER) + 1 FROM r", "SELECT k, CAST(v AS INTEGER) + 1 FROM r",
     "SELECT k, CAST(v AS INTEGER) + 1.5 FROM r"),
]:
    S("SimplifyCasts", g, p, m, "cast removed or changed where it matters")

# NullPropagation: "replaces expressions that can be statically evaluated with equivalent
# Literal values" for NULL inputs (NULL arithmetic, IS NULL of non-nullable, COUNT(NULL)).
for g, p, m in [
    ("SELECT a + NULL FROM t1", "SELECT NULL FROM t1", "SELECT a FROM t1"),
    ("SELECT COUNT(NULL) FROM t1", "SELECT 0",
     "SELECT COUNT(*) FROM t1"),
    ("SELECT k FROM r WHERE v IS NOT NULL", "SELECT k FROM r", "SELECT k FROM r WHERE w IS NOT NULL"),
    ("SELECT k FROM r WHERE v IS NULL", "SELECT k FROM r WHERE 1 = 0", "SELECT k FROM r WHERE w IS NULL"),
    ("SELECT x FROM t2 WHERE y = NULL", "SELECT x FROM t2 WHERE 1 = 0", "SELECT x FROM t2 WHERE y IS NULL"),
    ("SELECT COALESCE(v, w) FROM r", "SELECT v FROM r", "SELECT COALESCE(w, v) FROM r"),
    ("SELECT a FROM t1 WHERE NULL AND a > 1", "SELECT a FROM t1 WHERE 1 = 0", "SELECT a FROM t1 WHERE a > 1"),
    ("SELECT a FROM t1 WHERE NULL OR a > 1", "SELECT a FROM t1 WHERE a > 1", "SELECT a FROM t1 WHERE a > 1 OR a IS NULL"),
    ("SELECT id, NULLIF(n, n) FROM q", "SELECT id, NULL FROM q", "SELECT id, n FROM q"),
]:
    S("NullPropagation", g, p, m, "NULL not propagated or propagated wrongly")

# LikeSimplification: "simplifies LIKE expressions that do not need full regular expressions
# to evaluate the condition" (startsWith, endsWith, contains, equality). SQLite's LIKE
# ignores ASCII case, so the SQLite form compares lower-cased text.
for g, p, m in [
    ("SELECT k FROM r WHERE s LIKE 'ab%'", "SELECT k FROM r WHERE lower(substr(s, 1, 2)) = 'ab'", "SELECT k FROM r WHERE instr(lower(s), 'ab') > 0"),
    ("SELECT k FROM r WHERE s LIKE '%a'", "SELECT k FROM r WHERE lower(substr(s, -1, 1)) = 'a'", "SELECT k FROM r WHERE lower(substr(s, 1, 1)) = 'a'"),
    ("SELECT k FROM r WHERE s LIKE '%b%'", "SELECT k FROM r WHERE instr(lower(s), 'b') > 0", "SELECT k FROM r WHERE instr(lower(s), 'b') > 1"),
    ("SELECT k FROM r WHERE s LIKE 'abc'", "SELECT k FROM r WHERE lower(s) = 'abc'", "SELECT k FROM r WHERE s LIKE 'ab%'"),
    ("SELECT k, s LIKE 'a%' FROM r", "SELECT k, lower(substr(s, 1, 1)) = 'a' FROM r", "SELECT k, COALESCE(lower(substr(s, 1, 1)) = 'a', 0) FROM r"),
]:
    S("LikeSimplification", g, p, m, "pattern simplified wrongly", dialect="sqlite")

# EliminateOuterJoin: "eliminates outer joins, when there are null-filtering predicates."
for g, p, m in [
    ("SELECT t1.a, t2.y FROM t1 LEFT JOIN t2 ON t1.a = t2.x WHERE t2.y > 1",
     "SELECT t1.a, t2.y FROM t1 JOIN t2 ON t1.a = t2.x WHERE t2.y > 1",
     "SELECT t1.a, t2.y FROM t1 LEFT JOIN t2 ON t1.a = t2.x WHERE t2.y > 1 OR t2.y IS NULL"),
    ("SELECT t1.a, t2.y FROM t1 LEFT JOIN t2 ON t1.a = t2.x WHERE t2.x IS NOT NULL",
     "SELECT t1.a, t2.y FROM t1 JOIN t2 ON t1.a = t2.x",
     "SELECT t1.a, t2.y FROM t1 LEFT JOIN t2 ON t1.a = t2.x WHERE t2.y IS NOT NULL"),
    ("SELECT t1.b, t2.z FROM t1 RIGHT JOIN t2 ON t1.b = t2.z WHERE t1.c = 1",
     "SELECT t1.b, t2.z FROM t1 JOIN t2 ON t1.b = t2.z WHERE t1.c = 1",
     "SELECT t1.b, t2.z FROM t2 LEFT JOIN t1 ON t1.b = t2.z AND t1.c = 1"),
    ("SELECT r.k, q.n FROM r LEFT JOIN q ON r.k = q.rk WHERE q.n + 1 > 2",
     "SELECT r.k, q.n FROM r JOIN q ON r.k = q.rk WHERE q.n + 1 > 2",
     "SELECT r.k, q.n FROM r JOIN q ON r.k = q.rk WHERE q.n + 1 >= 2"),
    ("SELECT t1.a, t2.x FROM t1 FULL JOIN t2 ON t1.a = t2.x WHERE t1.b = 2",
     "SELECT t1.a, t2.x FROM t1 LEFT JOIN t2 ON t1.a = t2.x WHERE t1.b = 2",
     "SELECT t1.a, t2.x FROM t1 JOIN t2 ON t1.a = t2.x WHERE t1.b = 2"),
    ("SELECT t1.a, t2.x FROM t1 FULL JOIN t2 ON t1.a = t2.x WHERE t1.b = 2 AND t2.y = 1",
     "SELECT t1.a, t2.x FROM t1 JOIN t2 ON t1.a = t2.x WHERE t1.b = 2 AND t2.y = 1",
     "SELECT t1.a, t2.x FROM t1 LEFT JOIN t2 ON t1.a = t2.x WHERE t1.b = 2 AND (t2.y = 1 OR t2.y IS NULL)"),
    ("SELECT q.id, r.v FROM q LEFT JOIN r ON q.rk = r.k", "SELECT q.id, r.v FROM q JOIN r ON q.rk = r.k",
     "SELECT q.id, r.v FROM q JOIN r ON q.id = r.k"),
]:
    S("EliminateOuterJoin", g, p, m, "outer join removed without a null-filtering predicate")

# RewritePredicateSubquery: "rewrites predicate sub-queries into left semi/anti joins"
# (EXISTS, IN; NOT IN is a null-aware anti join).
for g, p, m in [
    ("SELECT a FROM t1 WHERE a IN (SELECT x FROM t2)", "SELECT a FROM t1 WHERE EXISTS (SELECT 1 FROM t2 WHERE t2.x = t1.a)",
     "SELECT t1.a FROM t1 JOIN t2 ON t2.x = t1.a"),
    ("SELECT a, b FROM t1 WHERE EXISTS (SELECT 1 FROM t2 WHERE t2.x = t1.a AND t2.y > t1.b)",
     "SELECT a, b FROM t1 WHERE a IN (SELECT x FROM t2 WHERE t2.y > t1.b)",
     "SELECT a, b FROM t1 WHERE a IN (SELECT x FROM t2 WHERE t2.y >= t1.b)"),
    ("SELECT a FROM t1 WHERE NOT EXISTS (SELECT 1 FROM t2 WHERE t2.x = t1.a)",
     "SELECT t1.a FROM t1 LEFT JOIN (SELECT DISTINCT x FROM t2) AS d ON d.x = t1.a WHERE d.x IS NULL",
     "SELECT a FROM t1 WHERE a NOT IN (SELECT x FROM t2)"),
    ("SELECT a FROM t1 WHERE a NOT IN (SELECT x FROM t2)",
     "SELECT a FROM t1 WHERE NOT EXISTS (SELECT 1 FROM t2 WHERE t2.x = t1.a OR t2.x IS NULL OR t1.a IS NULL) AND (a IS NOT NULL OR NOT EXISTS (SELECT 1 FROM t2))",
     "SELECT a FROM t1 WHERE NOT EXISTS (SELECT 1 FROM t2 WHERE t2.x = t1.a)"),
    ("SELECT k FROM r WHERE k IN (SELECT rk FROM q WHERE n > 1)", "SELECT DISTINCT r.k FROM r JOIN q ON q.rk = r.k WHERE q.n > 1",
     "SELECT r.k FROM r JOIN q ON q.rk = r.k WHERE q.n > 1"),
    ("SELECT k FROM r WHERE k NOT IN (SELECT rk FROM q)", "SELECT k FROM r WHERE NOT EXISTS (SELECT 1 FROM q WHERE q.rk = r.k)",
     "SELECT k FROM r WHERE NOT EXISTS (SELECT 1 FROM q WHERE q.id = r.k)"),
    ("SELECT a FROM t1 WHERE a IN (SELECT x FROM t2) OR b = 1",
     "SELECT a FROM t1 WHERE EXISTS (SELECT 1 FROM t2 WHERE t2.x = t1.a) OR b = 1",
     "SELECT a FROM t1 WHERE EXISTS (SELECT 1 FROM t2 WHERE t2.x = t1.a) AND b = 1"),
    ("SELECT x FROM t2 WHERE (x, y) IN (SELECT a, b FROM t1)",
     "SELECT x FROM t2 WHERE EXISTS (SELECT 1 FROM t1 WHERE t1.a = t2.x AND t1.b = t2.y)",
     "SELECT x FROM t2 WHERE EXISTS (SELECT 1 FROM t1 WHERE t1.a = t2.x)"),
]:
    S("RewritePredicateSubquery", g, p, m, "subquery rewritten into the wrong join")

# ReplaceIntersectWithSemiJoin: "replaces logical Intersect operator with a left-semi Join
# operator" (distinct, null-safe equality).
for a, b, eq in [
    ("SELECT a FROM t1", "SELECT x FROM t2", "t2.x IS t1.a"),
    ("SELECT a, b FROM t1", "SELECT x, y FROM t2", "t2.x IS t1.a AND t2.y IS t1.b"),
    ("SELECT w FROM r", "SELECT n FROM q", "q.n IS r.w"),
    ("SELECT c FROM t1 WHERE a > 0", "SELECT z FROM t2", "t2.z IS t1.c"),
]:
    cols = a.split("SELECT ")[1].split(" FROM")[0]
    src = a.split(" FROM ")[1]
    where = ""
    if " WHERE " in src:
        src, where = src.split(" WHERE ")
        where = f" AND {where}"
    tb = b.split(" FROM ")[1]
    S("ReplaceIntersectWithSemiJoin", f"{a} INTERSECT {b}",
      f"SELECT DISTINCT {cols} FROM {src} WHERE EXISTS (SELECT 1 FROM {tb} WHERE {eq}){where}",
      f"SELECT DISTINCT {cols} FROM {src} WHERE EXISTS (SELECT 1 FROM {tb} WHERE {eq.replace(' IS ', ' = ')}){where}",
      "null-safe equality replaced by =: NULLs no longer intersect", dialect="sqlite")

# ReplaceExceptWithAntiJoin: "replaces logical Except operator with a left-anti Join operator."
for a, b, eq in [
    ("SELECT a FROM t1", "SELECT x FROM t2", "t2.x IS t1.a"),
    ("SELECT a, b FROM t1", "SELECT x, y FROM t2", "t2.x IS t1.a AND t2.y IS t1.b"),
    ("SELECT w FROM r", "SELECT n FROM q", "q.n IS r.w"),
    ("SELECT y FROM t2 WHERE z IS NULL", "SELECT b FROM t1", "t1.b IS t2.y"),
]:
    cols = a.split("SELECT ")[1].split(" FROM")[0]
    src = a.split(" FROM ")[1]
    where = ""
    if " WHERE " in src:
        src, where = src.split(" WHERE ")
        where = f" AND {where}"
    tb = b.split(" FROM ")[1]
    S("ReplaceExceptWithAntiJoin", f"{a} EXCEPT {b}",
      f"SELECT DISTINCT {cols} FROM {src} WHERE NOT EXISTS (SELECT 1 FROM {tb} WHERE {eq}){where}",
      f"SELECT {cols} FROM {src} WHERE NOT EXISTS (SELECT 1 FROM {tb} WHERE {eq}){where}",
      "DISTINCT dropped", dialect="sqlite")

# ReplaceDistinctWithAggregate: "replaces logical Distinct operator with an Aggregate operator."
for cols, t in [("a", "t1"), ("a, b", "t1"), ("x, y, z", "t2"), ("v", "r"), ("rk, n", "q")]:
    first = cols.split(",")[0]
    S("ReplaceDistinctWithAggregate", f"SELECT DISTINCT {cols} FROM {t}", f"SELECT {cols} FROM {t} GROUP BY {cols}",
      f"SELECT {cols} FROM {t} GROUP BY {first}" if "," in cols else f"SELECT {cols} FROM {t}",
      "grouped by fewer columns, or not at all")

# RemoveRedundantAggregates: "removes redundant aggregates from a query plan" (an Aggregate
# whose parent is an Aggregate grouping the same keys with only duplicate-agnostic functions).
for g, p, m in [
    ("SELECT a FROM (SELECT a, b FROM t1 GROUP BY a, b) AS s GROUP BY a", "SELECT a FROM t1 GROUP BY a",
     "SELECT a FROM (SELECT a, b FROM t1 GROUP BY a, b) AS s"),
    ("SELECT DISTINCT x FROM (SELECT DISTINCT x, y FROM t2) AS s", "SELECT DISTINCT x FROM t2", "SELECT x FROM (SELECT DISTINCT x, y FROM t2) AS s"),
    ("SELECT a, MAX(b) FROM (SELECT a, b FROM t1 GROUP BY a, b) AS s GROUP BY a", "SELECT a, MAX(b) FROM t1 GROUP BY a",
     "SELECT a, MAX(c) FROM t1 GROUP BY a"),
    ("SELECT x, COUNT(*) FROM (SELECT x, y FROM t2 GROUP BY x, y) AS s GROUP BY x", "SELECT x, COUNT(DISTINCT y) + MAX(CASE WHEN y IS NULL THEN 1 ELSE 0 END) FROM t2 GROUP BY x",
     "SELECT x, COUNT(*) FROM t2 GROUP BY x"),
    ("SELECT v, MIN(w) FROM (SELECT DISTINCT v, w FROM r) AS s GROUP BY v", "SELECT v, MIN(w) FROM r GROUP BY v", "SELECT v, MIN(k) FROM r GROUP BY v"),
]:
    S("RemoveRedundantAggregates", g, p, m, "aggregate removed where duplicates matter")

# EliminateSorts: "removes Sort operations if they don't affect the final output ordering."
for g, p, m in [
    ("SELECT a, b FROM (SELECT a, b FROM t1 ORDER BY b) AS s", "SELECT a, b FROM t1", "SELECT a, b FROM (SELECT a, b FROM t1 ORDER BY b LIMIT 1) AS s"),
    ("SELECT x, COUNT(*) FROM (SELECT x FROM t2 ORDER BY x DESC) AS s GROUP BY x", "SELECT x, COUNT(*) FROM t2 GROUP BY x",
     "SELECT x, COUNT(*) FROM (SELECT x FROM t2 ORDER BY x DESC LIMIT 2) AS s GROUP BY x"),
    ("SELECT k, v FROM r ORDER BY k, v", "SELECT k, v FROM r ORDER BY k", "SELECT k, v FROM r ORDER BY v, k"),
    ("SELECT k FROM r WHERE v = 1 ORDER BY v, k", "SELECT k FROM r WHERE v = 1 ORDER BY k", "SELECT k FROM r WHERE v = 1 ORDER BY k DESC"),
    ("SELECT SUM(n) FROM (SELECT n FROM q ORDER BY n) AS s", "SELECT SUM(n) FROM q", "SELECT SUM(n) FROM (SELECT n FROM q ORDER BY n LIMIT 1) AS s"),
]:
    S("EliminateSorts", g, p, m, "a sort that matters removed or changed",
      semantics="list" if "ORDER BY k" in p and "(" not in p else "bag")

# InferFiltersFromConstraints: "infers an additional set of constraints from a given set of
# equality constraints" (IS NOT NULL on join keys, transitive equalities).
for g, p, m in [
    ("SELECT t1.a, t2.y FROM t1 JOIN t2 ON t1.a = t2.x", "SELECT t1.a, t2.y FROM t1 JOIN t2 ON t1.a = t2.x WHERE t1.a IS NOT NULL AND t2.x IS NOT NULL",
     "SELECT t1.a, t2.y FROM t1 JOIN t2 ON t1.a = t2.x OR (t1.a IS NULL AND t2.x IS NULL)"),
    ("SELECT t1.a FROM t1 JOIN t2 ON t1.a = t2.x WHERE t1.a = 2", "SELECT t1.a FROM t1 JOIN t2 ON t1.a = t2.x WHERE t1.a = 2 AND t2.x = 2",
     "SELECT t1.a FROM t1 JOIN t2 ON t1.a = t2.x WHERE t1.a = 2 AND t2.x = 3"),
    ("SELECT a FROM t1 WHERE a = b AND b = 1", "SELECT a FROM t1 WHERE a = 1 AND b = 1", "SELECT a FROM t1 WHERE a = 1"),
    ("SELECT r.k FROM r JOIN q ON r.k = q.rk WHERE q.rk > 2", "SELECT r.k FROM r JOIN q ON r.k = q.rk WHERE q.rk > 2 AND r.k > 2",
     "SELECT r.k FROM r JOIN q ON r.k = q.rk WHERE r.k > 1"),
    ("SELECT x, y FROM t2 WHERE x = y AND y = z AND z = 0", "SELECT x, y FROM t2 WHERE x = 0 AND y = 0 AND z = 0", "SELECT x, y FROM t2 WHERE x = 0 AND y = 0"),
]:
    S("InferFiltersFromConstraints", g, p, m, "inferred a constraint that does not follow")

# CombineUnions: "combines all adjacent Union operators into a single Union."
for g, p, m in [
    ("SELECT a FROM t1 UNION ALL SELECT * FROM (SELECT x FROM t2 UNION ALL SELECT v FROM r) AS u",
     "SELECT a FROM t1 UNION ALL SELECT x FROM t2 UNION ALL SELECT v FROM r", "SELECT a FROM t1 UNION ALL SELECT x FROM t2 UNION SELECT v FROM r"),
    ("SELECT * FROM (SELECT b FROM t1 UNION SELECT y FROM t2) AS u UNION SELECT n FROM q",
     "SELECT b FROM t1 UNION SELECT y FROM t2 UNION SELECT n FROM q", "SELECT b FROM t1 UNION ALL SELECT y FROM t2 UNION ALL SELECT n FROM q"),
    ("SELECT * FROM (SELECT a, b FROM t1 UNION ALL SELECT x, y FROM t2) AS u UNION ALL SELECT k, v FROM r",
     "SELECT a, b FROM t1 UNION ALL SELECT x, y FROM t2 UNION ALL SELECT k, v FROM r", "SELECT a, b FROM t1 UNION ALL SELECT y, x FROM t2 UNION ALL SELECT k, v FROM r"),
]:
    S("CombineUnions", g, p, m, "union flattened wrongly")

# PushProjectionThroughUnion: "pushes Project operators to both sides of a Union operator."
for g, p, m in [
    ("SELECT a + 1 FROM (SELECT a FROM t1 UNION ALL SELECT x FROM t2) AS u", "SELECT a + 1 FROM t1 UNION ALL SELECT x + 1 FROM t2",
     "SELECT a + 1 FROM t1 UNION ALL SELECT x FROM t2"),
    ("SELECT b FROM (SELECT a, b FROM t1 UNION ALL SELECT x, y FROM t2) AS u", "SELECT b FROM t1 UNION ALL SELECT y FROM t2",
     "SELECT b FROM t1 UNION ALL SELECT x FROM t2"),
    ("SELECT COALESCE(a, 0) FROM (SELECT a FROM t1 UNION ALL SELECT w FROM r) AS u", "SELECT COALESCE(a, 0) FROM t1 UNION ALL SELECT COALESCE(w, 0) FROM r",
     "SELECT COALESCE(a, 0) FROM t1 UNION SELECT COALESCE(w, 0) FROM r"),
]:
    S("PushProjectionThroughUnion", g, p, m, "projection pushed wrongly")

# ReorderJoin: "reorders the join and places all the conditions into join."
for g, p, m in [
    ("SELECT t1.a, t2.y, r.v FROM t1, t2, r WHERE t1.a = t2.x AND t2.y = r.k",
     "SELECT t1.a, t2.y, r.v FROM r JOIN t2 ON t2.y = r.k JOIN t1 ON t1.a = t2.x",
     "SELECT t1.a, t2.y, r.v FROM r JOIN t2 ON t2.y = r.k LEFT JOIN t1 ON t1.a = t2.x"),
    ("SELECT q.id, r.s FROM q, r WHERE q.rk = r.k AND r.v > 0", "SELECT q.id, r.s FROM r JOIN q ON q.rk = r.k AND r.v > 0",
     "SELECT q.id, r.s FROM r JOIN q ON q.id = r.k AND r.v > 0"),
    ("SELECT t1.b, t2.z FROM t1 CROSS JOIN t2 WHERE t1.c = t2.z", "SELECT t1.b, t2.z FROM t2 JOIN t1 ON t1.c = t2.z",
     "SELECT t1.b, t2.z FROM t2 JOIN t1 ON t1.c = t2.y"),
    ("SELECT t1.a, q.id, r.k FROM t1, q, r WHERE q.rk = r.k AND t1.a = q.n",
     "SELECT t1.a, q.id, r.k FROM t1 JOIN (q JOIN r ON q.rk = r.k) ON t1.a = q.n",
     "SELECT t1.a, q.id, r.k FROM t1 JOIN (q JOIN r ON q.rk = r.k) ON t1.a = r.v"),
]:
    S("ReorderJoin", g, p, m, "join condition moved to the wrong pair")

# CombineLimits / EliminateLimits: "combines two adjacent Limit operators into one"; a
# limit larger than the input is removed (ties broken by the key).
for g, p, m in [
    ("SELECT k FROM (SELECT k FROM r ORDER BY k LIMIT 3) AS s ORDER BY k LIMIT 2", "SELECT k FROM r ORDER BY k LIMIT 2",
     "SELECT k FROM r ORDER BY k LIMIT 3"),
    ("SELECT id FROM (SELECT id FROM q ORDER BY id DESC LIMIT 1) AS s ORDER BY id DESC LIMIT 5", "SELECT id FROM q ORDER BY id DESC LIMIT 1",
     "SELECT id FROM q ORDER BY id DESC LIMIT 2"),
    ("SELECT COUNT(*) FROM (SELECT a FROM t1 LIMIT 100) AS s", "SELECT COUNT(*) FROM t1", "SELECT COUNT(*) FROM (SELECT a FROM t1 LIMIT 1) AS s"),
    ("SELECT k, v FROM r ORDER BY v, k LIMIT 2 OFFSET 1", "SELECT k, v FROM (SELECT k, v FROM r ORDER BY v, k LIMIT 3) AS s ORDER BY v, k LIMIT 2 OFFSET 1",
     "SELECT k, v FROM (SELECT k, v FROM r ORDER BY v, k LIMIT 2) AS s ORDER BY v, k LIMIT 2 OFFSET 1"),
]:
    S("CombineLimits", g, p, m, "limits combined wrongly", semantics="list")

# OptimizeIn: "replaces (value, In(list)) with an equality or InSet; removes duplicates".
for g, p, m in [
    ("SELECT a FROM t1 WHERE a IN (1)", "SELECT a FROM t1 WHERE a = 1", "SELECT a FROM t1 WHERE a IN (1, 2)"),
    ("SELECT x FROM t2 WHERE x IN (1, 1, 2)", "SELECT x FROM t2 WHERE x IN (1, 2)", "SELECT x FROM t2 WHERE x IN (1)"),
    ("SELECT k FROM r WHERE v IN (2, 0)", "SELECT k FROM r WHERE v = 0 OR v = 2", "SELECT k FROM r WHERE v = 0 AND v = 2"),
    ("SELECT a FROM t1 WHERE a NOT IN (1, 2)", "SELECT a FROM t1 WHERE a <> 1 AND a <> 2", "SELECT a FROM t1 WHERE NOT (a = 1 OR a = 2) OR a IS NULL"),
    ("SELECT a FROM t1 WHERE a IN (1, NULL)", "SELECT a FROM t1 WHERE a = 1", "SELECT a FROM t1 WHERE a = 1 OR a IS NULL"),
    ("SELECT a FROM t1 WHERE a NOT IN (1, NULL)", "SELECT a FROM t1 WHERE 1 = 0", "SELECT a FROM t1 WHERE a <> 1"),
]:
    S("OptimizeIn", g, p, m, "IN list rewritten wrongly (NULL in the list)")

# SimplifyConditionals: "removes or simplifies CASE/IF when conditions are constant".
for g, p, m in [
    ("SELECT CASE WHEN 1 = 1 THEN a ELSE b END FROM t1", "SELECT a FROM t1", "SELECT b FROM t1"),
    ("SELECT CASE WHEN 1 = 0 THEN a ELSE b END FROM t1", "SELECT b FROM t1", "SELECT a FROM t1"),
    ("SELECT CASE WHEN NULL THEN x ELSE y END FROM t2", "SELECT y FROM t2", "SELECT x FROM t2"),
    ("SELECT CASE WHEN a > 1 THEN 1 ELSE 1 END FROM t1", "SELECT 1 FROM t1", "SELECT CASE WHEN a > 1 THEN 1 END FROM t1"),
    ("SELECT CASE WHEN a = 1 THEN 'x' WHEN 1 = 1 THEN 'y' ELSE 'z' END FROM t1", "SELECT CASE WHEN a = 1 THEN 'x' ELSE 'y' END FROM t1",
     "SELECT CASE WHEN a = 1 THEN 'x' ELSE 'z' END FROM t1"),
    ("SELECT k FROM r WHERE CASE WHEN w > 1 THEN 1 ELSE 0 END = 1", "SELECT k FROM r WHERE w > 1",
     "SELECT k FROM r WHERE w > 1 OR w IS NULL"),
]:
    S("SimplifyConditionals", g, p, m, "conditional simplified wrongly")

# SimplifyBinaryComparison: "replaces <=>, =, <=, >= with true/false when both sides are
# the same non-nullable expression."
for g, p, m in [
    ("SELECT k FROM r WHERE v = v", "SELECT k FROM r", "SELECT k FROM r WHERE w = w"),
    ("SELECT a FROM t1 WHERE a = a", "SELECT a FROM t1 WHERE a IS NOT NULL", "SELECT a FROM t1"),
    ("SELECT a FROM t1 WHERE a IS a", "SELECT a FROM t1", "SELECT a FROM t1 WHERE a = a"),
    ("SELECT k FROM r WHERE v < v", "SELECT k FROM r WHERE 1 = 0", "SELECT k FROM r WHERE v <= v"),
    ("SELECT x, y >= y FROM t2", "SELECT x, CASE WHEN y IS NULL THEN NULL ELSE 1 END FROM t2", "SELECT x, 1 FROM t2"),
]:
    S("SimplifyBinaryComparison", g, p, m, "comparison of a nullable column with itself taken as true", dialect="sqlite")

# ReplaceNullWithFalseInPredicate: "replaces Literal(null, BooleanType) with FalseLiteral"
# where that does not change the filter.
for g, p, m in [
    ("SELECT a FROM t1 WHERE CASE WHEN b = 1 THEN NULL ELSE a > 1 END", "SELECT a FROM t1 WHERE CASE WHEN b = 1 THEN 0 ELSE a > 1 END",
     "SELECT a FROM t1 WHERE CASE WHEN b = 1 THEN 1 ELSE a > 1 END"),
    ("SELECT x FROM t2 WHERE x > 1 AND NULL", "SELECT x FROM t2 WHERE x > 1 AND 0", "SELECT x FROM t2 WHERE x > 1"),
    ("SELECT t1.a FROM t1 JOIN t2 ON t1.a = t2.x AND CASE WHEN t2.y > 1 THEN NULL ELSE 1 END",
     "SELECT t1.a FROM t1 JOIN t2 ON t1.a = t2.x AND CASE WHEN t2.y > 1 THEN 0 ELSE 1 END",
     "SELECT t1.a FROM t1 JOIN t2 ON t1.a = t2.x"),
    ("SELECT k FROM r WHERE COALESCE(w > 1, NULL)", "SELECT k FROM r WHERE COALESCE(w > 1, 0)", "SELECT k FROM r WHERE COALESCE(w > 1, 1)"),
]:
    S("ReplaceNullWithFalseInPredicate", g, p, m, "NULL replaced by true", dialect="sqlite")

# PruneFilters / PropagateEmptyRelation: "removes filters that can be evaluated trivially";
# "collapses plans consisting of empty relations".
for g, p, m in [
    ("SELECT a FROM t1 WHERE 1 = 1", "SELECT a FROM t1", "SELECT a FROM t1 WHERE a = a"),
    ("SELECT t1.a, e.x FROM t1 JOIN (SELECT * FROM t2 WHERE 1 = 0) AS e ON t1.a = e.x", "SELECT a, a FROM t1 WHERE 1 = 0",
     "SELECT t1.a, NULL FROM t1"),
    ("SELECT t1.a, e.x FROM t1 LEFT JOIN (SELECT * FROM t2 WHERE 1 = 0) AS e ON t1.a = e.x", "SELECT a, NULL FROM t1",
     "SELECT a, a FROM t1"),
    ("SELECT a FROM t1 UNION ALL SELECT x FROM t2 WHERE 1 = 0", "SELECT a FROM t1", "SELECT a FROM t1 UNION SELECT x FROM t2 WHERE 1 = 0"),
    ("SELECT COUNT(*) FROM t1 WHERE 1 = 0", "SELECT 0", "SELECT COUNT(*) FROM t1"),
    ("SELECT a, COUNT(*) FROM t1 WHERE 1 = 0 GROUP BY a", "SELECT a, 0 FROM t1 WHERE 1 = 0", "SELECT NULL, 0"),
    ("SELECT k FROM r WHERE v IS NOT NULL AND k > 0", "SELECT k FROM r WHERE k > 0", "SELECT k FROM r WHERE k > 1"),
]:
    S("PruneFilters", g, p, m, "empty relation or trivial filter handled wrongly")

# RemoveLiteralFromGroupExpressions / RemoveRepetitionFromGroupExpressions.
for g, p, m in [
    ("SELECT a, COUNT(*) FROM t1 GROUP BY a, a", "SELECT a, COUNT(*) FROM t1 GROUP BY a", "SELECT a, COUNT(*) FROM t1 GROUP BY a, b"),
    ("SELECT x, SUM(y) FROM t2 GROUP BY x, 'const'", "SELECT x, SUM(y) FROM t2 GROUP BY x", "SELECT x, SUM(y) FROM t2 GROUP BY x, z"),
    ("SELECT v, MAX(w) FROM r GROUP BY v, v + 0", "SELECT v, MAX(w) FROM r GROUP BY v", "SELECT v, MAX(w) FROM r GROUP BY v, k"),
]:
    S("RemoveRepetitionFromGroupExpressions", g, p, m, "grouping expressions changed")

# EliminateDistinct: "removes useless DISTINCT from MAX and MIN."
for g, p, m in [
    ("SELECT MAX(DISTINCT a) FROM t1", "SELECT MAX(a) FROM t1", "SELECT COUNT(DISTINCT a) FROM t1"),
    ("SELECT x, MIN(DISTINCT y) FROM t2 GROUP BY x", "SELECT x, MIN(y) FROM t2 GROUP BY x", "SELECT x, MIN(z) FROM t2 GROUP BY x"),
    ("SELECT rk, MAX(DISTINCT n), MIN(DISTINCT n) FROM q GROUP BY rk", "SELECT rk, MAX(n), MIN(n) FROM q GROUP BY rk",
     "SELECT rk, MAX(n), MIN(n) FROM q GROUP BY rk, n"),
]:
    S("EliminateDistinct", g, p, m, "DISTINCT removed where it matters")

# RewriteCorrelatedScalarSubquery / DecorrelateInnerQuery: "rewrites correlated
# ScalarSubquery expressions into LEFT OUTER joins" (the COUNT bug kept out).
for g, p, m in [
    ("SELECT a, (SELECT MAX(y) FROM t2 WHERE t2.x = t1.a) FROM t1",
     "SELECT t1.a, m.my FROM t1 LEFT JOIN (SELECT x, MAX(y) AS my FROM t2 GROUP BY x) AS m ON m.x = t1.a",
     "SELECT t1.a, m.my FROM t1 JOIN (SELECT x, MAX(y) AS my FROM t2 GROUP BY x) AS m ON m.x = t1.a"),
    ("SELECT k, (SELECT COUNT(*) FROM q WHERE q.rk = r.k) FROM r",
     "SELECT r.k, COALESCE(c.n, 0) FROM r LEFT JOIN (SELECT rk, COUNT(*) AS n FROM q GROUP BY rk) AS c ON c.rk = r.k",
     "SELECT r.k, c.n FROM r LEFT JOIN (SELECT rk, COUNT(*) AS n FROM q GROUP BY rk) AS c ON c.rk = r.k"),
    ("SELECT a FROM t1 WHERE b = (SELECT MIN(z) FROM t2 WHERE t2.x = t1.a)",
     "SELECT t1.a FROM t1 JOIN (SELECT x, MIN(z) AS mz FROM t2 GROUP BY x) AS m ON m.x = t1.a WHERE t1.b = m.mz",
     "SELECT t1.a FROM t1 JOIN (SELECT x, MIN(z) AS mz FROM t2 GROUP BY x) AS m ON m.x = t1.a WHERE t1.b >= m.mz"),
    ("SELECT k FROM r WHERE v > (SELECT SUM(n) FROM q WHERE q.rk = r.k)",
     "SELECT r.k FROM r JOIN (SELECT rk, SUM(n) AS sn FROM q GROUP BY rk) AS s ON s.rk = r.k WHERE r.v > s.sn",
     "SELECT r.k FROM r LEFT JOIN (SELECT rk, SUM(n) AS sn FROM q GROUP BY rk) AS s ON s.rk = r.k WHERE r.v > COALESCE(s.sn, 0)"),
    ("SELECT id, (SELECT s FROM r WHERE r.k = q.rk) FROM q", "SELECT q.id, r.s FROM q LEFT JOIN r ON r.k = q.rk",
     "SELECT q.id, r.s FROM q LEFT JOIN r ON r.k = q.id"),
]:
    S("RewriteCorrelatedScalarSubquery", g, p, m, "decorrelated wrongly (COUNT bug, inner join, wrong key)")

# ConstantPropagation / FoldablePropagation: "substitutes an attribute which can be
# statically evaluated with its literal value in a conjunctive expression."
for g, p, m in [
    ("SELECT a FROM t1 WHERE a = 1 AND b = a + 1", "SELECT a FROM t1 WHERE a = 1 AND b = 2", "SELECT a FROM t1 WHERE b = 2"),
    ("SELECT x, y FROM t2 WHERE x = 2 AND y < x", "SELECT x, y FROM t2 WHERE x = 2 AND y < 2", "SELECT x, y FROM t2 WHERE x = 2 OR y < 2"),
    ("SELECT k FROM r WHERE v = 0 AND w = v", "SELECT k FROM r WHERE v = 0 AND w = 0", "SELECT k FROM r WHERE v = 0 AND (w = 0 OR w IS NULL)"),
    ("SELECT c, 1 AS one FROM t1 ORDER BY one, c", "SELECT c, 1 AS one FROM t1 ORDER BY c", "SELECT c, 1 AS one FROM t1 ORDER BY c DESC"),
]:
    S("ConstantPropagation", g, p, m, "propagated a constant where it does not hold",
      semantics="list" if "ORDER BY" in g else "bag")

# ReorderAssociativeOperator: "reorders the associative integral-type operators and folds
# all constants into one."
for g, p, m in [
    ("SELECT a + 1 + b + 2 FROM t1", "SELECT a + b + 3 FROM t1", "SELECT a + b + 2 FROM t1"),
    ("SELECT 2 * x * 3 FROM t2", "SELECT x * 6 FROM t2", "SELECT x * 5 FROM t2"),
    ("SELECT k FROM r WHERE v + 1 + 1 > 2", "SELECT k FROM r WHERE v + 2 > 2", "SELECT k FROM r WHERE v + 1 > 2"),
]:
    S("ReorderAssociativeOperator", g, p, m, "constants folded wrongly")

# SimplifyCaseConversionExpressions: "removes unnecessary inner case conversions."
for g, p, m in [
    ("SELECT UPPER(LOWER(s)) FROM r", "SELECT UPPER(s) FROM r", "SELECT LOWER(s) FROM r"),
    ("SELECT LOWER(UPPER(s)) FROM r", "SELECT LOWER(s) FROM r", "SELECT s || '' FROM r WHERE s IS NOT NULL"),
    ("SELECT k FROM r WHERE UPPER(UPPER(s)) = 'AB'", "SELECT k FROM r WHERE UPPER(s) = 'AB'", "SELECT k FROM r WHERE s = 'AB'"),
]:
    S("SimplifyCaseConversionExpressions", g, p, m, "case conversion removed where it matters")

# PushFoldableIntoBranches: "pushes foldable expressions into CASE WHEN branches."
for g, p, m in [
    ("SELECT (CASE WHEN a > 1 THEN b ELSE c END) + 1 FROM t1", "SELECT CASE WHEN a > 1 THEN b + 1 ELSE c + 1 END FROM t1",
     "SELECT CASE WHEN a > 1 THEN b + 1 ELSE c END FROM t1"),
    ("SELECT (CASE WHEN x = 1 THEN 2 ELSE 3 END) * 2 FROM t2", "SELECT CASE WHEN x = 1 THEN 4 ELSE 6 END FROM t2",
     "SELECT CASE WHEN x = 1 THEN 4 ELSE 3 END FROM t2"),
    ("SELECT k FROM r WHERE (CASE WHEN v = 0 THEN 1 ELSE 2 END) = 2", "SELECT k FROM r WHERE CASE WHEN v = 0 THEN 0 ELSE 1 END = 1",
     "SELECT k FROM r WHERE v = 0"),
]:
    S("PushFoldableIntoBranches", g, p, m, "expression pushed into the wrong branch")

# PushLeftSemiLeftAntiThroughJoin / PushDownLeftSemiAntiJoin: "pushes the left semi/anti
# join below the join".
for g, p, m in [
    ("SELECT t1.a, t2.y FROM t1 JOIN t2 ON t1.b = t2.x WHERE t1.a IN (SELECT v FROM r)",
     "SELECT s.a, t2.y FROM (SELECT * FROM t1 WHERE a IN (SELECT v FROM r)) AS s JOIN t2 ON s.b = t2.x",
     "SELECT s.a, t2.y FROM (SELECT * FROM t1 WHERE b IN (SELECT v FROM r)) AS s JOIN t2 ON s.b = t2.x"),
    ("SELECT t1.a, t2.y FROM t1 JOIN t2 ON t1.b = t2.x WHERE NOT EXISTS (SELECT 1 FROM r WHERE r.v = t1.c)",
     "SELECT s.a, t2.y FROM (SELECT * FROM t1 WHERE NOT EXISTS (SELECT 1 FROM r WHERE r.v = t1.c)) AS s JOIN t2 ON s.b = t2.x",
     "SELECT s.a, t2.y FROM (SELECT * FROM t1 WHERE NOT EXISTS (SELECT 1 FROM r WHERE r.v = t1.c)) AS s LEFT JOIN t2 ON s.b = t2.x"),
    ("SELECT t1.a, t2.y FROM t1 JOIN t2 ON t1.b = t2.x WHERE t2.z IN (SELECT n FROM q)",
     "SELECT t1.a, s.y FROM t1 JOIN (SELECT * FROM t2 WHERE z IN (SELECT n FROM q)) AS s ON t1.b = s.x",
     "SELECT t1.a, s.y FROM t1 JOIN (SELECT * FROM t2 WHERE z IN (SELECT id FROM q)) AS s ON t1.b = s.x"),
]:
    S("PushLeftSemiLeftAntiThroughJoin", g, p, m, "semi/anti join pushed wrongly")

# ReplaceDeduplicateWithAggregate: "replaces logical Deduplicate operator with an Aggregate".
S("ReplaceDeduplicateWithAggregate", "SELECT DISTINCT a, b FROM t1 WHERE c IS NOT NULL",
  "SELECT a, b FROM t1 WHERE c IS NOT NULL GROUP BY a, b", "SELECT a, MAX(b) FROM t1 WHERE c IS NOT NULL GROUP BY a",
  "deduplicated on fewer columns")

# ====================================================================== TPC-H, rewritten
# The 22 queries of the TPC-H specification (v3), adapted to SQLite: DATE as ISO text with
# the interval arithmetic done (date '1994-01-01' + interval '1' year is '1995-01-01'),
# EXTRACT(YEAR FROM d) as substr(d, 1, 4), views (Q15) as WITH, column-alias lists (Q13)
# as AS; substitution parameters chosen inside the corpus's small value domains; a key
# appended to ORDER BY where LIMIT or list comparison would otherwise depend on ties.


def _sub(q: str, subs) -> str:
    for old, new in subs:
        if old not in q:
            raise ValueError(f"{old!r} not in query {q[:60]!r}")
        q = q.replace(old, new, 1)
    return q


def tpch(n: int, rewrites, semantics: str = "list") -> None:
    """Query ``n`` rewritten; ``rewrites``: (rule, substitutions giving the rewrite,
    substitutions applied to the rewrite giving its mutant, mutation)."""
    query = TPCH_Q[n]
    for rule, subs, bad, what, *opts in rewrites:
        pred = _sub(query, subs)
        H(rule, query, pred, _sub(pred, bad), what, semantics=semantics, query=n, **(opts[0] if opts else {}))


TPCH_Q = {}
TPCH_Q[1] = ("SELECT l_returnflag, l_linestatus, SUM(l_quantity) AS sum_qty, SUM(l_extendedprice) AS sum_base_price, "
             "SUM(l_extendedprice * (1 - l_discount)) AS sum_disc_price, SUM(l_extendedprice * (1 - l_discount) * (1 + l_tax)) AS sum_charge, "
             "AVG(l_quantity) AS avg_qty, AVG(l_extendedprice) AS avg_price, AVG(l_discount) AS avg_disc, COUNT(*) AS count_order "
             "FROM lineitem WHERE l_shipdate <= '1995-03-15' GROUP BY l_returnflag, l_linestatus ORDER BY l_returnflag, l_linestatus")
tpch(1, [
    ("FilterProjectTransposeRule", [("FROM lineitem WHERE l_shipdate <= '1995-03-15'", "FROM (SELECT * FROM lineitem WHERE l_shipdate <= '1995-03-15') AS l")],
     [("l_shipdate <= '1995-03-15'", "l_shipdate < '1995-03-15'")], "<= became <"),
    ("AggregateReduceFunctionsRule", [("AVG(l_quantity) AS avg_qty", "SUM(l_quantity) / COUNT(l_quantity) AS avg_qty")],
     [("SUM(l_quantity) / COUNT(l_quantity)", "SUM(l_quantity) / COUNT(DISTINCT l_quantity)")], "divided by a distinct count"),
    ("AggregateProjectMergeRule", [("SUM(l_extendedprice * (1 - l_discount)) AS sum_disc_price", "SUM(disc) AS sum_disc_price"),
                                   ("FROM lineitem WHERE", "FROM (SELECT lineitem.*, l_extendedprice * (1 - l_discount) AS disc FROM lineitem) AS l WHERE")],
     [("l_extendedprice * (1 - l_discount) AS disc", "l_extendedprice * (1 + l_discount) AS disc")], "discount added, not subtracted"),
    ("ReduceExpressionsRule", [("WHERE l_shipdate <= '1995-03-15'", "WHERE NOT (l_shipdate > '1995-03-15')")],
     [("NOT (l_shipdate > '1995-03-15')", "NOT (l_shipdate >= '1995-03-15')")], "negated comparison off by one"),
])

TPCH_Q[2] = ("SELECT s_acctbal, s_name, n_name, p_partkey, p_mfgr, s_address, s_phone, s_comment "
             "FROM part, supplier, partsupp, nation, region WHERE p_partkey = ps_partkey AND s_suppkey = ps_suppkey AND p_size = 15 "
             "AND p_type LIKE '%BRASS' AND s_nationkey = n_nationkey AND n_regionkey = r_regionkey AND r_name = 'EUROPE' "
             "AND ps_supplycost = (SELECT MIN(ps_supplycost) FROM partsupp, supplier, nation, region WHERE p_partkey = ps_partkey "
             "AND s_suppkey = ps_suppkey AND s_nationkey = n_nationkey AND n_regionkey = r_regionkey AND r_name = 'EUROPE') "
             "ORDER BY s_acctbal DESC, n_name, s_name, p_partkey, s_suppkey LIMIT 100")
tpch(2, [
    ("JoinCommuteRule", [("FROM part, supplier, partsupp, nation, region WHERE", "FROM region, nation, supplier, partsupp, part WHERE")],
     [("SELECT MIN(ps_supplycost)", "SELECT MAX(ps_supplycost)")], "MIN became MAX"),
    ("SubQueryRemoveRule", [("AND ps_supplycost = (SELECT MIN(ps_supplycost) FROM partsupp, supplier, nation, region WHERE p_partkey = ps_partkey "
                             "AND s_suppkey = ps_suppkey AND s_nationkey = n_nationkey AND n_regionkey = r_regionkey AND r_name = 'EUROPE') ",
                             "AND ps_supplycost = (SELECT m.mc FROM (SELECT ps2.ps_partkey AS pk, MIN(ps2.ps_supplycost) AS mc FROM partsupp AS ps2 "
                             "JOIN supplier AS s2 ON s2.s_suppkey = ps2.ps_suppkey JOIN nation AS n2 ON s2.s_nationkey = n2.n_nationkey "
                             "JOIN region AS r2 ON n2.n_regionkey = r2.r_regionkey WHERE r2.r_name = 'EUROPE' GROUP BY ps2.ps_partkey) AS m "
                             "WHERE m.pk = p_partkey) ")],
     [("WHERE r2.r_name = 'EUROPE' GROUP BY", "GROUP BY")], "region filter dropped from the decorrelated minimum"),
    ("FilterIntoJoinRule", [("FROM part, supplier, partsupp, nation, region WHERE p_partkey = ps_partkey AND s_suppkey = ps_suppkey AND p_size = 15 "
                             "AND p_type LIKE '%BRASS' AND s_nationkey = n_nationkey AND n_regionkey = r_regionkey AND r_name = 'EUROPE' ",
                             "FROM part JOIN partsupp ON p_partkey = ps_partkey JOIN supplier ON s_suppkey = ps_suppkey "
                             "JOIN nation ON s_nationkey = n_nationkey JOIN region ON n_regionkey = r_regionkey AND r_name = 'EUROPE' "
                             "WHERE p_size = 15 AND p_type LIKE '%BRASS' ")],
     [("p_type LIKE '%BRASS' ", "p_type LIKE 'BRASS%' ")], "suffix pattern became a prefix pattern"),
])

TPCH_Q[3] = ("SELECT l_orderkey, SUM(l_extendedprice * (1 - l_discount)) AS revenue, o_orderdate, o_shippriority "
             "FROM customer, orders, lineitem WHERE c_mktsegment = 'BUILDING' AND c_custkey = o_custkey AND l_orderkey = o_orderkey "
             "AND o_orderdate < '1995-03-15' AND l_shipdate > '1995-03-15' GROUP BY l_orderkey, o_orderdate, o_shippriority "
             "ORDER BY revenue DESC, o_orderdate, l_orderkey LIMIT 10")
tpch(3, [
    ("JoinCommuteRule", [("FROM customer, orders, lineitem", "FROM lineitem, orders, customer")],
     [("o_orderdate < '1995-03-15'", "o_orderdate <= '1995-03-15'")], "< became <="),
    ("FilterIntoJoinRule", [("FROM customer, orders, lineitem WHERE c_mktsegment = 'BUILDING' AND c_custkey = o_custkey AND l_orderkey = o_orderkey AND ",
                             "FROM customer JOIN orders ON c_custkey = o_custkey AND c_mktsegment = 'BUILDING' JOIN lineitem ON l_orderkey = o_orderkey WHERE ")],
     [("JOIN lineitem ON l_orderkey = o_orderkey", "JOIN lineitem ON l_orderkey = o_custkey")], "joined on the wrong key"),
    ("SemiJoinRule", [("FROM customer, orders, lineitem WHERE c_mktsegment = 'BUILDING' AND c_custkey = o_custkey AND ",
                       "FROM orders, lineitem WHERE o_custkey IN (SELECT c_custkey FROM customer WHERE c_mktsegment = 'BUILDING') AND ")],
     [("o_custkey IN (SELECT c_custkey FROM customer WHERE c_mktsegment = 'BUILDING')",
       "o_custkey IN (SELECT c_custkey FROM customer WHERE c_mktsegment = 'BUILDING' OR c_acctbal > 0)")], "semi-join filter widened"),
    ("FilterProjectTransposeRule", [("FROM customer, orders, lineitem WHERE c_mktsegment = 'BUILDING' AND c_custkey = o_custkey AND l_orderkey = o_orderkey "
                                     "AND o_orderdate < '1995-03-15' AND l_shipdate > '1995-03-15' ",
                                     "FROM (SELECT * FROM customer WHERE c_mktsegment = 'BUILDING') AS c, (SELECT * FROM orders WHERE o_orderdate < '1995-03-15') AS o, "
                                     "(SELECT * FROM lineitem WHERE l_shipdate > '1995-03-15') AS l WHERE c_custkey = o_custkey AND l_orderkey = o_orderkey ")],
     [("(SELECT * FROM lineitem WHERE l_shipdate > '1995-03-15')", "(SELECT * FROM lineitem WHERE l_shipdate > '1994-01-01')")], "pushed filter constant changed"),
])

TPCH_Q[4] = ("SELECT o_orderpriority, COUNT(*) AS order_count FROM orders WHERE o_orderdate >= '1995-01-01' AND o_orderdate < '1996-01-01' "
             "AND EXISTS (SELECT * FROM lineitem WHERE l_orderkey = o_orderkey AND l_commitdate < l_receiptdate) "
             "GROUP BY o_orderpriority ORDER BY o_orderpriority")
tpch(4, [
    ("SubQueryRemoveRule", [("EXISTS (SELECT * FROM lineitem WHERE l_orderkey = o_orderkey AND l_commitdate < l_receiptdate)",
                             "o_orderkey IN (SELECT l_orderkey FROM lineitem WHERE l_commitdate < l_receiptdate)")],
     [("l_commitdate < l_receiptdate", "l_commitdate <= l_receiptdate")], "< became <="),
    ("SemiJoinRule", [("FROM orders WHERE", "FROM orders JOIN (SELECT DISTINCT l_orderkey FROM lineitem WHERE l_commitdate < l_receiptdate) AS lk ON lk.l_orderkey = o_orderkey WHERE"),
                      ("AND EXISTS (SELECT * FROM lineitem WHERE l_orderkey = o_orderkey AND l_commitdate < l_receiptdate) ", "")],
     [("(SELECT DISTINCT l_orderkey FROM", "(SELECT l_orderkey FROM")], "semi join without DISTINCT counts an order once per late line"),
    ("RewritePredicateSubquery", [("AND EXISTS (SELECT * FROM lineitem WHERE", "AND EXISTS (SELECT 1 FROM lineitem WHERE")],
     [("EXISTS (SELECT 1 FROM lineitem WHERE l_orderkey = o_orderkey AND", "EXISTS (SELECT 1 FROM lineitem WHERE")], "correlation dropped"),
    ("FilterMergeRule", [("FROM orders WHERE o_orderdate >= '1995-01-01' AND o_orderdate < '1996-01-01' AND",
                          "FROM (SELECT * FROM orders WHERE o_orderdate >= '1995-01-01') AS o WHERE o_orderdate < '1996-01-01' AND")],
     [("o_orderdate >= '1995-01-01')", "o_orderdate > '1995-03-15')")], "inner filter constant changed"),
])

TPCH_Q[5] = ("SELECT n_name, SUM(l_extendedprice * (1 - l_discount)) AS revenue FROM customer, orders, lineitem, supplier, nation, region "
             "WHERE c_custkey = o_custkey AND l_orderkey = o_orderkey AND l_suppkey = s_suppkey AND c_nationkey = s_nationkey "
             "AND s_nationkey = n_nationkey AND n_regionkey = r_regionkey AND r_name = 'ASIA' AND o_orderdate >= '1995-01-01' "
             "AND o_orderdate < '1996-01-01' GROUP BY n_name ORDER BY revenue DESC, n_name")
tpch(5, [
    ("JoinCommuteRule", [("FROM customer, orders, lineitem, supplier, nation, region", "FROM region, nation, supplier, lineitem, orders, customer")],
     [("c_nationkey = s_nationkey AND ", "")], "the customer-supplier nation condition dropped"),
    ("JoinPushTransitivePredicatesRule", [("AND s_nationkey = n_nationkey AND", "AND s_nationkey = n_nationkey AND c_nationkey = n_nationkey AND")],
     [("c_nationkey = s_nationkey AND s_nationkey = n_nationkey AND c_nationkey = n_nationkey", "s_nationkey = n_nationkey AND c_nationkey <> n_nationkey")],
     "inferred the negation"),
    ("SemiJoinRule", [(", nation, region WHERE", ", nation WHERE"),
                      ("AND n_regionkey = r_regionkey AND r_name = 'ASIA'", "AND n_regionkey IN (SELECT r_regionkey FROM region WHERE r_name = 'ASIA')")],
     [("IN (SELECT r_regionkey FROM region WHERE r_name = 'ASIA')", "IN (SELECT r_regionkey FROM region)")], "region filter dropped"),
])

TPCH_Q[6] = ("SELECT SUM(l_extendedprice * l_discount) AS revenue FROM lineitem WHERE l_shipdate >= '1995-01-01' AND l_shipdate < '1996-01-01' "
             "AND l_discount BETWEEN 0.0625 - 0.0625 AND 0.0625 + 0.0625 AND l_quantity < 24")
tpch(6, [
    ("ReduceExpressionsRule", [("BETWEEN 0.0625 - 0.0625 AND 0.0625 + 0.0625", "BETWEEN 0.0 AND 0.125")],
     [("BETWEEN 0.0 AND 0.125", "BETWEEN 0.0625 AND 0.125")], "lower bound folded wrongly"),
    ("BooleanSimplification", [("l_discount BETWEEN 0.0625 - 0.0625 AND 0.0625 + 0.0625", "l_discount >= 0.0 AND l_discount <= 0.125")],
     [("l_discount <= 0.125", "l_discount <= 0.5")], "upper bound changed"),
    ("FilterMergeRule", [("FROM lineitem WHERE l_shipdate >= '1995-01-01' AND l_shipdate < '1996-01-01' AND",
                          "FROM (SELECT * FROM lineitem WHERE l_shipdate >= '1995-01-01' AND l_shipdate < '1996-01-01') AS l WHERE")],
     [("AND l_quantity < 24", "AND l_quantity <= 24")], "< became <="),
    ("ProjectMergeRule", [("SELECT SUM(l_extendedprice * l_discount) AS revenue FROM lineitem WHERE",
                           "SELECT SUM(v) AS revenue FROM (SELECT l_extendedprice * l_discount AS v, l_shipdate, l_discount, l_quantity FROM lineitem) AS l WHERE")],
     [("l_extendedprice * l_discount AS v", "l_extendedprice * (1 - l_discount) AS v")], "project expression changed"),
], semantics="bag")

TPCH_Q[7] = ("SELECT supp_nation, cust_nation, l_year, SUM(volume) AS revenue FROM (SELECT n1.n_name AS supp_nation, n2.n_name AS cust_nation, "
             "substr(l_shipdate, 1, 4) AS l_year, l_extendedprice * (1 - l_discount) AS volume FROM supplier, lineitem, orders, customer, "
             "nation AS n1, nation AS n2 WHERE s_suppkey = l_suppkey AND o_orderkey = l_orderkey AND c_custkey = o_custkey "
             "AND s_nationkey = n1.n_nationkey AND c_nationkey = n2.n_nationkey AND ((n1.n_name = 'FRANCE' AND n2.n_name = 'GERMANY') "
             "OR (n1.n_name = 'GERMANY' AND n2.n_name = 'FRANCE')) AND l_shipdate BETWEEN '1995-01-01' AND '1996-12-31') AS shipping "
             "GROUP BY supp_nation, cust_nation, l_year ORDER BY supp_nation, cust_nation, l_year")
tpch(7, [
    ("PushExtraPredicateThroughJoin", [("AND l_shipdate BETWEEN", "AND n1.n_name IN ('FRANCE', 'GERMANY') AND n2.n_name IN ('FRANCE', 'GERMANY') AND l_shipdate BETWEEN")],
     [("OR (n1.n_name = 'GERMANY' AND n2.n_name = 'FRANCE')", "OR (n1.n_name = 'GERMANY' AND n2.n_name = 'GERMANY')")], "one disjunct changed"),
    ("JoinCommuteRule", [("FROM supplier, lineitem, orders, customer, nation AS n1, nation AS n2", "FROM nation AS n2, customer, orders, lineitem, supplier, nation AS n1")],
     [("c_nationkey = n2.n_nationkey", "c_nationkey = n1.n_nationkey")], "customer joined to the supplier's nation"),
    ("AggregateProjectMergeRule", [("SELECT supp_nation, cust_nation, l_year, SUM(volume) AS revenue FROM (SELECT n1.n_name AS supp_nation, n2.n_name AS cust_nation, "
                                    "substr(l_shipdate, 1, 4) AS l_year, l_extendedprice * (1 - l_discount) AS volume FROM",
                                    "SELECT n1.n_name AS supp_nation, n2.n_name AS cust_nation, substr(l_shipdate, 1, 4) AS l_year, "
                                    "SUM(l_extendedprice * (1 - l_discount)) AS revenue FROM"),
                                   ("'1996-12-31') AS shipping GROUP BY supp_nation, cust_nation, l_year",
                                    "'1996-12-31' GROUP BY n1.n_name, n2.n_name, substr(l_shipdate, 1, 4)")],
     [("GROUP BY n1.n_name, n2.n_name, substr(l_shipdate, 1, 4)", "GROUP BY n1.n_name, n2.n_name, substr(l_shipdate, 1, 3)")], "grouped by decade, not year"),
])

TPCH_Q[8] = ("SELECT o_year, SUM(CASE WHEN nation = 'GERMANY' THEN volume ELSE 0 END) / SUM(volume) AS mkt_share FROM (SELECT "
             "substr(o_orderdate, 1, 4) AS o_year, l_extendedprice * (1 - l_discount) AS volume, n2.n_name AS nation FROM part, supplier, "
             "lineitem, orders, customer, nation AS n1, nation AS n2, region WHERE p_partkey = l_partkey AND s_suppkey = l_suppkey "
             "AND l_orderkey = o_orderkey AND o_custkey = c_custkey AND c_nationkey = n1.n_nationkey AND n1.n_regionkey = r_regionkey "
             "AND r_name = 'EUROPE' AND s_nationkey = n2.n_nationkey AND o_orderdate BETWEEN '1995-01-01' AND '1996-12-31' "
             "AND p_type = 'ECONOMY BRASS') AS all_nations GROUP BY o_year ORDER BY o_year")
tpch(8, [
    ("JoinCommuteRule", [("FROM part, supplier, lineitem, orders, customer, nation AS n1, nation AS n2, region",
                          "FROM region, nation AS n1, customer, orders, lineitem, supplier, nation AS n2, part")],
     [("s_nationkey = n2.n_nationkey", "c_nationkey = n2.n_nationkey")], "nation of the customer, not the supplier"),
    ("SemiJoinRule", [(", nation AS n2, region WHERE", ", nation AS n2 WHERE"),
                      ("AND n1.n_regionkey = r_regionkey AND r_name = 'EUROPE'", "AND n1.n_regionkey IN (SELECT r_regionkey FROM region WHERE r_name = 'EUROPE')")],
     [("(SELECT r_regionkey FROM region WHERE r_name = 'EUROPE')", "(SELECT r_regionkey FROM region WHERE r_name <> 'EUROPE')")], "region filter negated"),
    ("ReduceExpressionsRule", [("SUM(CASE WHEN nation = 'GERMANY' THEN volume ELSE 0 END)", "COALESCE(SUM(CASE WHEN nation = 'GERMANY' THEN volume END), 0)")],
     [("COALESCE(SUM(CASE WHEN nation = 'GERMANY' THEN volume END), 0)", "SUM(CASE WHEN nation = 'GERMANY' THEN volume END)")], "no German volume gives NULL, not 0"),
])

TPCH_Q[9] = ("SELECT nation, o_year, SUM(amount) AS sum_profit FROM (SELECT n_name AS nation, substr(o_orderdate, 1, 4) AS o_year, "
             "l_extendedprice * (1 - l_discount) - ps_supplycost * l_quantity AS amount FROM part, supplier, lineitem, partsupp, orders, nation "
             "WHERE s_suppkey = l_suppkey AND ps_suppkey = l_suppkey AND ps_partkey = l_partkey AND p_partkey = l_partkey "
             "AND o_orderkey = l_orderkey AND s_nationkey = n_nationkey AND p_name LIKE '%green%') AS profit "
             "GROUP BY nation, o_year ORDER BY nation, o_year DESC")
tpch(9, [
    ("JoinCommuteRule", [("FROM part, supplier, lineitem, partsupp, orders, nation", "FROM nation, orders, partsupp, lineitem, supplier, part")],
     [("ps_partkey = l_partkey AND ", "")], "partsupp joined on the supplier only"),
    ("SemiJoinRule", [("FROM part, supplier,", "FROM supplier,"),
                      ("AND p_partkey = l_partkey", "AND l_partkey IN (SELECT p_partkey FROM part WHERE p_name LIKE '%green%')"),
                      (" AND p_name LIKE '%green%') AS profit", ") AS profit")],
     [("p_name LIKE '%green%')", "p_name LIKE 'green%')")], "contains became starts-with"),
    ("FilterProjectTransposeRule", [("FROM part, supplier,", "FROM (SELECT * FROM part WHERE p_name LIKE '%green%') AS p, supplier,"),
                                    (" AND p_name LIKE '%green%') AS profit", ") AS profit")],
     [("ORDER BY nation, o_year DESC", "ORDER BY nation, o_year")], "sort direction changed"),
])

TPCH_Q[10] = ("SELECT c_custkey, c_name, SUM(l_extendedprice * (1 - l_discount)) AS revenue, c_acctbal, n_name, c_address, c_phone, c_comment "
              "FROM customer, orders, lineitem, nation WHERE c_custkey = o_custkey AND l_orderkey = o_orderkey AND o_orderdate >= '1995-01-01' "
              "AND o_orderdate < '1995-04-01' AND l_returnflag = 'R' AND c_nationkey = n_nationkey "
              "GROUP BY c_custkey, c_name, c_acctbal, c_phone, n_name, c_address, c_comment ORDER BY revenue DESC, c_custkey LIMIT 20")
tpch(10, [
    ("JoinCommuteRule", [("FROM customer, orders, lineitem, nation", "FROM nation, lineitem, orders, customer")],
     [("l_returnflag = 'R'", "l_returnflag <> 'R'")], "filter negated"),
    ("AggregateJoinTransposeRule", [("FROM customer, orders, lineitem, nation WHERE c_custkey = o_custkey AND l_orderkey = o_orderkey AND o_orderdate >= '1995-01-01' "
                                     "AND o_orderdate < '1995-04-01' AND l_returnflag = 'R' AND c_nationkey = n_nationkey "
                                     "GROUP BY c_custkey, c_name, c_acctbal, c_phone, n_name, c_address, c_comment",
                                     "FROM customer, nation, (SELECT o_custkey, SUM(l_extendedprice * (1 - l_discount)) AS rev FROM orders, lineitem "
                                     "WHERE l_orderkey = o_orderkey AND o_orderdate >= '1995-01-01' AND o_orderdate < '1995-04-01' AND l_returnflag = 'R' "
                                     "GROUP BY o_custkey) AS g WHERE c_custkey = g.o_custkey AND c_nationkey = n_nationkey"),
                                    ("SUM(l_extendedprice * (1 - l_discount)) AS revenue, c_acctbal", "g.rev AS revenue, c_acctbal")],
     [("GROUP BY o_custkey) AS g", "GROUP BY o_custkey, o_orderkey) AS g")], "partial aggregate grouped too finely"),
    ("FilterIntoJoinRule", [("FROM customer, orders, lineitem, nation WHERE c_custkey = o_custkey AND l_orderkey = o_orderkey AND",
                             "FROM customer JOIN orders ON c_custkey = o_custkey JOIN lineitem ON l_orderkey = o_orderkey AND l_returnflag = 'R' JOIN nation ON c_nationkey = n_nationkey WHERE"),
                            (" AND l_returnflag = 'R' AND c_nationkey = n_nationkey", "")],
     [("JOIN lineitem ON", "LEFT JOIN lineitem ON")], "inner join became left join"),
])

TPCH_Q[11] = ("SELECT ps_partkey, SUM(ps_supplycost * ps_availqty) AS value FROM partsupp, supplier, nation WHERE ps_suppkey = s_suppkey "
              "AND s_nationkey = n_nationkey AND n_name = 'GERMANY' GROUP BY ps_partkey HAVING SUM(ps_supplycost * ps_availqty) > "
              "(SELECT SUM(ps_supplycost * ps_availqty) * 0.25 FROM partsupp, supplier, nation WHERE ps_suppkey = s_suppkey "
              "AND s_nationkey = n_nationkey AND n_name = 'GERMANY') ORDER BY value DESC, ps_partkey")
tpch(11, [
    ("JoinCommuteRule", [("FROM partsupp, supplier, nation WHERE", "FROM nation, supplier, partsupp WHERE")],
     [("* 0.25 FROM", "* 0.5 FROM")], "fraction changed"),
    ("FilterProjectTransposeRule", [("SELECT ps_partkey, SUM(ps_supplycost * ps_availqty) AS value FROM partsupp, supplier, nation WHERE ps_suppkey = s_suppkey "
                                     "AND s_nationkey = n_nationkey AND n_name = 'GERMANY' GROUP BY ps_partkey HAVING SUM(ps_supplycost * ps_availqty) >",
                                     "SELECT ps_partkey, value FROM (SELECT ps_partkey, SUM(ps_supplycost * ps_availqty) AS value FROM partsupp, supplier, nation "
                                     "WHERE ps_suppkey = s_suppkey AND s_nationkey = n_nationkey AND n_name = 'GERMANY' GROUP BY ps_partkey) AS g WHERE value >"),
                                    ("AND n_name = 'GERMANY') ORDER BY", "AND n_name = 'GERMANY') ORDER BY")],
     [("AS g WHERE value >", "AS g WHERE value >=")], "> became >="),
    ("SemiJoinRule", [("FROM partsupp, supplier, nation WHERE ps_suppkey = s_suppkey AND s_nationkey = n_nationkey AND n_name = 'GERMANY' GROUP BY",
                       "FROM partsupp WHERE ps_suppkey IN (SELECT s_suppkey FROM supplier, nation WHERE s_nationkey = n_nationkey AND n_name = 'GERMANY') GROUP BY")],
     [("AND n_name = 'GERMANY') GROUP BY", ") GROUP BY")], "nation filter dropped"),
])

TPCH_Q[12] = ("SELECT l_shipmode, SUM(CASE WHEN o_orderpriority = '1-URGENT' OR o_orderpriority = '2-HIGH' THEN 1 ELSE 0 END) AS high_line_count, "
              "SUM(CASE WHEN o_orderpriority <> '1-URGENT' AND o_orderpriority <> '2-HIGH' THEN 1 ELSE 0 END) AS low_line_count "
              "FROM orders, lineitem WHERE o_orderkey = l_orderkey AND l_shipmode IN ('MAIL', 'SHIP') AND l_commitdate < l_receiptdate "
              "AND l_shipdate < l_commitdate AND l_receiptdate >= '1995-01-01' AND l_receiptdate < '1997-01-01' "
              "GROUP BY l_shipmode ORDER BY l_shipmode")
tpch(12, [
    ("OptimizeIn", [("l_shipmode IN ('MAIL', 'SHIP')", "(l_shipmode = 'MAIL' OR l_shipmode = 'SHIP')")],
     [("(l_shipmode = 'MAIL' OR l_shipmode = 'SHIP')", "(l_shipmode = 'MAIL' OR l_shipmode = 'AIR')")], "IN list changed"),
    ("AggregateCaseToFilterRule", [("SUM(CASE WHEN o_orderpriority <> '1-URGENT' AND o_orderpriority <> '2-HIGH' THEN 1 ELSE 0 END)",
                                    "COUNT(*) - SUM(CASE WHEN o_orderpriority = '1-URGENT' OR o_orderpriority = '2-HIGH' THEN 1 ELSE 0 END)")],
     [("COUNT(*) - SUM(", "COUNT(*) + 0 * SUM(")], "high-priority lines not subtracted"),
    ("JoinCommuteRule", [("FROM orders, lineitem WHERE o_orderkey = l_orderkey", "FROM lineitem JOIN orders ON l_orderkey = o_orderkey WHERE 1 = 1")],
     [("AND l_shipdate < l_commitdate", "AND l_shipdate <= l_commitdate")], "< became <="),
])

TPCH_Q[13] = ("SELECT c_count, COUNT(*) AS custdist FROM (SELECT c_custkey, COUNT(o_orderkey) AS c_count FROM customer LEFT OUTER JOIN orders "
              "ON c_custkey = o_custkey AND o_comment NOT LIKE '%special%requests%' GROUP BY c_custkey) AS c_orders "
              "GROUP BY c_count ORDER BY custdist DESC, c_count DESC")
tpch(13, [
    ("JoinConditionPushRule", [("LEFT OUTER JOIN orders ON c_custkey = o_custkey AND o_comment NOT LIKE '%special%requests%'",
                                "LEFT OUTER JOIN (SELECT * FROM orders WHERE o_comment NOT LIKE '%special%requests%') AS o ON c_custkey = o_custkey")],
     [("COUNT(o_orderkey) AS c_count", "COUNT(*) AS c_count")], "COUNT(*) counts the NULL-padded row"),
    ("JoinCommuteRule", [("FROM customer LEFT OUTER JOIN orders ON", "FROM orders RIGHT OUTER JOIN customer ON")],
     [("FROM orders RIGHT OUTER JOIN customer ON", "FROM orders LEFT OUTER JOIN customer ON")], "RIGHT became LEFT"),
    ("SubQueryRemoveRule", [("SELECT c_custkey, COUNT(o_orderkey) AS c_count FROM customer LEFT OUTER JOIN orders "
                             "ON c_custkey = o_custkey AND o_comment NOT LIKE '%special%requests%' GROUP BY c_custkey",
                             "SELECT c_custkey, (SELECT COUNT(*) FROM orders WHERE o_custkey = c_custkey AND o_comment NOT LIKE '%special%requests%') AS c_count FROM customer")],
     [("AND o_comment NOT LIKE '%special%requests%') AS c_count", ") AS c_count")], "comment filter dropped"),
])

TPCH_Q[14] = ("SELECT 100.00 * SUM(CASE WHEN p_type LIKE 'PROMO%' THEN l_extendedprice * (1 - l_discount) ELSE 0 END) / "
              "SUM(l_extendedprice * (1 - l_discount)) AS promo_revenue FROM lineitem, part WHERE l_partkey = p_partkey "
              "AND l_shipdate >= '1995-03-01' AND l_shipdate < '1995-04-01'")
tpch(14, [
    ("JoinCommuteRule", [("FROM lineitem, part WHERE l_partkey = p_partkey", "FROM part JOIN lineitem ON p_partkey = l_partkey WHERE 1 = 1")],
     [("LIKE 'PROMO%'", "LIKE '%PROMO'")], "prefix became suffix"),
    ("FilterProjectTransposeRule", [("FROM lineitem, part WHERE l_partkey = p_partkey AND l_shipdate >= '1995-03-01' AND l_shipdate < '1995-04-01'",
                                     "FROM (SELECT * FROM lineitem WHERE l_shipdate >= '1995-03-01' AND l_shipdate < '1995-04-01') AS l, part WHERE l_partkey = p_partkey")],
     [("l_shipdate < '1995-04-01')", "l_shipdate <= '1996-07-01')")], "date range widened"),
    # SQLite's LIKE ignores ASCII case (PostgreSQL's does not): this pair is SQLite SQL.
    ("LikeSimplification", [("p_type LIKE 'PROMO%'", "upper(substr(p_type, 1, 5)) = 'PROMO'")],
     [("upper(substr(p_type, 1, 5)) = 'PROMO'", "upper(substr(p_type, 1, 5)) <> 'PROMO'")], "condition negated",
     {"dialect": "sqlite"}),
], semantics="bag")

TPCH_Q[15] = ("WITH revenue0 AS (SELECT l_suppkey AS supplier_no, SUM(l_extendedprice * (1 - l_discount)) AS total_revenue FROM lineitem "
              "WHERE l_shipdate >= '1996-07-01' AND l_shipdate < '1996-10-01' GROUP BY l_suppkey) SELECT s_suppkey, s_name, s_address, s_phone, "
              "total_revenue FROM supplier, revenue0 WHERE s_suppkey = supplier_no AND total_revenue = (SELECT MAX(total_revenue) FROM revenue0) "
              "ORDER BY s_suppkey")
_R15 = ("(SELECT l_suppkey AS supplier_no, SUM(l_extendedprice * (1 - l_discount)) AS total_revenue FROM lineitem "
        "WHERE l_shipdate >= '1996-07-01' AND l_shipdate < '1996-10-01' GROUP BY l_suppkey)")
tpch(15, [
    ("ProjectMergeRule", [("WITH revenue0 AS " + _R15 + " ", ""), ("FROM supplier, revenue0 WHERE", f"FROM supplier, {_R15} AS revenue0 WHERE"),
                          ("(SELECT MAX(total_revenue) FROM revenue0)", f"(SELECT MAX(total_revenue) FROM {_R15} AS r2)")],
     [("FROM supplier, (SELECT l_suppkey AS supplier_no, SUM(l_extendedprice * (1 - l_discount)) AS total_revenue FROM lineitem "
       "WHERE l_shipdate >= '1996-07-01'", "FROM supplier, (SELECT l_suppkey AS supplier_no, SUM(l_extendedprice * (1 - l_discount)) AS total_revenue FROM lineitem "
       "WHERE l_shipdate >= '1994-01-01'")], "the two copies of the view disagree on the date range"),
    ("JoinCommuteRule", [("FROM supplier, revenue0 WHERE s_suppkey = supplier_no", "FROM revenue0 JOIN supplier ON supplier_no = s_suppkey WHERE 1 = 1")],
     [("total_revenue = (SELECT MAX(total_revenue) FROM revenue0)", "total_revenue >= (SELECT MIN(total_revenue) FROM revenue0)")], "MAX became MIN"),
    ("SubQueryRemoveRule", [("FROM supplier, revenue0 WHERE s_suppkey = supplier_no AND total_revenue = (SELECT MAX(total_revenue) FROM revenue0)",
                             "FROM supplier, revenue0 WHERE s_suppkey = supplier_no AND NOT EXISTS (SELECT 1 FROM revenue0 AS r2 WHERE r2.total_revenue > revenue0.total_revenue)")],
     [("r2.total_revenue > revenue0.total_revenue", "r2.total_revenue >= revenue0.total_revenue")], "> became >= (ties lose)"),
])

TPCH_Q[16] = ("SELECT p_brand, p_type, p_size, COUNT(DISTINCT ps_suppkey) AS supplier_cnt FROM partsupp, part WHERE p_partkey = ps_partkey "
              "AND p_brand <> 'Brand#12' AND p_type NOT LIKE 'PROMO%' AND p_size IN (49, 15, 3) AND ps_suppkey NOT IN "
              "(SELECT s_suppkey FROM supplier WHERE s_comment LIKE '%Customer%Complaints%') GROUP BY p_brand, p_type, p_size "
              "ORDER BY supplier_cnt DESC, p_brand, p_type, p_size")
tpch(16, [
    ("RewritePredicateSubquery", [("ps_suppkey NOT IN (SELECT s_suppkey FROM supplier WHERE s_comment LIKE '%Customer%Complaints%')",
                                   "NOT EXISTS (SELECT 1 FROM supplier WHERE s_suppkey = ps_suppkey AND s_comment LIKE '%Customer%Complaints%')")],
     [("NOT EXISTS (SELECT 1 FROM supplier WHERE s_suppkey = ps_suppkey AND", "NOT EXISTS (SELECT 1 FROM supplier WHERE")], "correlation dropped"),
    ("AggregateExpandDistinctAggregatesRule", [("COUNT(DISTINCT ps_suppkey) AS supplier_cnt FROM partsupp, part WHERE", "COUNT(ps_suppkey) AS supplier_cnt FROM partsupp, part WHERE")],
     [("p_size IN (49, 15, 3)", "p_size IN (49, 3)")], "IN list lost a value"),
    ("JoinCommuteRule", [("FROM partsupp, part WHERE p_partkey = ps_partkey", "FROM part JOIN partsupp ON ps_partkey = p_partkey WHERE 1 = 1")],
     [("AND p_brand <> 'Brand#12'", "AND p_brand = 'Brand#12'")], "filter negated"),
])

TPCH_Q[17] = ("SELECT SUM(l_extendedprice) / 7.0 AS avg_yearly FROM lineitem, part WHERE p_partkey = l_partkey AND p_brand = 'Brand#23' "
              "AND p_container = 'SM BOX' AND l_quantity < (SELECT 0.2 * AVG(l_quantity) FROM lineitem WHERE l_partkey = p_partkey)")
tpch(17, [
    ("SubQueryRemoveRule", [("FROM lineitem, part WHERE p_partkey = l_partkey", "FROM lineitem, part, (SELECT l_partkey AS agg_partkey, 0.2 * AVG(l_quantity) AS avg_qty "
                             "FROM lineitem GROUP BY l_partkey) AS agg WHERE p_partkey = l_partkey AND agg_partkey = p_partkey"),
                            ("l_quantity < (SELECT 0.2 * AVG(l_quantity) FROM lineitem WHERE l_partkey = p_partkey)", "l_quantity < avg_qty")],
     [("GROUP BY l_partkey) AS agg", "GROUP BY l_partkey, l_suppkey) AS agg")], "average per part and supplier"),
    ("JoinCommuteRule", [("FROM lineitem, part WHERE", "FROM part, lineitem WHERE")],
     [("(SELECT 0.2 * AVG(l_quantity) FROM lineitem WHERE l_partkey = p_partkey)", "(SELECT 0.2 * AVG(l_quantity) FROM lineitem)")],
     "correlation dropped"),
    ("FilterProjectTransposeRule", [("FROM lineitem, part WHERE p_partkey = l_partkey AND p_brand = 'Brand#23' AND p_container = 'SM BOX' AND",
                                     "FROM lineitem, (SELECT * FROM part WHERE p_brand = 'Brand#23' AND p_container = 'SM BOX') AS p WHERE p_partkey = l_partkey AND")],
     [("p_brand = 'Brand#23' AND p_container = 'SM BOX')", "p_brand = 'Brand#23')")], "container filter dropped"),
], semantics="bag")

TPCH_Q[18] = ("SELECT c_name, c_custkey, o_orderkey, o_orderdate, o_totalprice, SUM(l_quantity) FROM customer, orders, lineitem "
              "WHERE o_orderkey IN (SELECT l_orderkey FROM lineitem GROUP BY l_orderkey HAVING SUM(l_quantity) > 50) "
              "AND c_custkey = o_custkey AND o_orderkey = l_orderkey GROUP BY c_name, c_custkey, o_orderkey, o_orderdate, o_totalprice "
              "ORDER BY o_totalprice DESC, o_orderdate, o_orderkey LIMIT 100")
tpch(18, [
    ("SemiJoinRule", [("FROM customer, orders, lineitem WHERE o_orderkey IN (SELECT l_orderkey FROM lineitem GROUP BY l_orderkey HAVING SUM(l_quantity) > 50) AND",
                       "FROM customer, orders, lineitem, (SELECT l_orderkey AS big FROM lineitem GROUP BY l_orderkey HAVING SUM(l_quantity) > 50) AS b WHERE o_orderkey = big AND")],
     [("HAVING SUM(l_quantity) > 50) AS b", "HAVING MAX(l_quantity) > 25) AS b")], "SUM became MAX"),
    ("FilterAggregateTransposeRule", [("WHERE o_orderkey IN (SELECT l_orderkey FROM lineitem GROUP BY l_orderkey HAVING SUM(l_quantity) > 50) AND ", "WHERE "),
                                      ("GROUP BY c_name, c_custkey, o_orderkey, o_orderdate, o_totalprice ", "GROUP BY c_name, c_custkey, o_orderkey, o_orderdate, o_totalprice HAVING SUM(l_quantity) > 50 ")],
     [("HAVING SUM(l_quantity) > 50 ", "HAVING SUM(l_quantity) > 30 ")], "threshold changed"),
    ("JoinCommuteRule", [("FROM customer, orders, lineitem", "FROM lineitem, orders, customer")],
     [("ORDER BY o_totalprice DESC, o_orderdate, o_orderkey LIMIT 100", "ORDER BY o_totalprice DESC, o_orderdate, o_orderkey LIMIT 1")], "limit changed"),
])

_Q19B = ("(p_partkey = l_partkey AND p_brand = 'Brand#12' AND p_container IN ('SM CASE', 'SM BOX', 'SM PACK', 'SM PKG') AND l_quantity >= 1 "
         "AND l_quantity <= 1 + 10 AND p_size BETWEEN 1 AND 5 AND l_shipmode IN ('AIR', 'AIR REG') AND l_shipinstruct = 'DELIVER IN PERSON') "
         "OR (p_partkey = l_partkey AND p_brand = 'Brand#23' AND p_container IN ('MED BAG', 'MED BOX', 'MED PKG', 'MED PACK') AND l_quantity >= 10 "
         "AND l_quantity <= 10 + 10 AND p_size BETWEEN 1 AND 10 AND l_shipmode IN ('AIR', 'AIR REG') AND l_shipinstruct = 'DELIVER IN PERSON') "
         "OR (p_partkey = l_partkey AND p_brand = 'Brand#23' AND p_container IN ('LG CASE', 'LG BOX', 'LG PACK', 'LG PKG') AND l_quantity >= 20 "
         "AND l_quantity <= 20 + 10 AND p_size BETWEEN 1 AND 15 AND l_shipmode IN ('AIR', 'AIR REG') AND l_shipinstruct = 'DELIVER IN PERSON')")
TPCH_Q[19] = "SELECT SUM(l_extendedprice * (1 - l_discount)) AS revenue FROM lineitem, part WHERE " + _Q19B
_Q19F = ("p_partkey = l_partkey AND l_shipmode IN ('AIR', 'AIR REG') AND l_shipinstruct = 'DELIVER IN PERSON' AND ("
         "(p_brand = 'Brand#12' AND p_container IN ('SM CASE', 'SM BOX', 'SM PACK', 'SM PKG') AND l_quantity >= 1 AND l_quantity <= 11 AND p_size BETWEEN 1 AND 5) "
         "OR (p_brand = 'Brand#23' AND p_container IN ('MED BAG', 'MED BOX', 'MED PKG', 'MED PACK') AND l_quantity >= 10 AND l_quantity <= 20 AND p_size BETWEEN 1 AND 10) "
         "OR (p_brand = 'Brand#23' AND p_container IN ('LG CASE', 'LG BOX', 'LG PACK', 'LG PKG') AND l_quantity >= 20 AND l_quantity <= 30 AND p_size BETWEEN 1 AND 15))")
tpch(19, [
    ("BooleanSimplification", [(_Q19B, _Q19F)], [("l_quantity >= 20 AND l_quantity <= 30", "l_quantity >= 20 AND l_quantity < 30")], "<= became <"),
    ("PushExtraPredicateThroughJoin", [("FROM lineitem, part WHERE ", "FROM (SELECT * FROM lineitem WHERE l_shipmode IN ('AIR', 'AIR REG') AND l_shipinstruct = 'DELIVER IN PERSON') AS l, "
                                        "(SELECT * FROM part WHERE p_size BETWEEN 1 AND 15) AS p WHERE ")],
     [("(SELECT * FROM part WHERE p_size BETWEEN 1 AND 15)", "(SELECT * FROM part WHERE p_size BETWEEN 1 AND 10)")], "pushed size range too narrow"),
    ("ReduceExpressionsRule", [("l_quantity <= 20 + 10", "l_quantity <= 30"), ("l_quantity <= 1 + 10", "l_quantity <= 11")],
     [("l_quantity <= 30", "l_quantity <= 29")], "folded constant wrong"),
], semantics="bag")

TPCH_Q[20] = ("SELECT s_name, s_address FROM supplier, nation WHERE s_suppkey IN (SELECT ps_suppkey FROM partsupp WHERE ps_partkey IN "
              "(SELECT p_partkey FROM part WHERE p_name LIKE 'green%') AND ps_availqty > (SELECT 0.5 * SUM(l_quantity) FROM lineitem "
              "WHERE l_partkey = ps_partkey AND l_suppkey = ps_suppkey AND l_shipdate >= '1995-01-01' AND l_shipdate < '1996-01-01')) "
              "AND s_nationkey = n_nationkey AND n_name = 'CHINA' ORDER BY s_name, s_suppkey")
tpch(20, [
    ("SubQueryRemoveRule", [("ps_partkey IN (SELECT p_partkey FROM part WHERE p_name LIKE 'green%')",
                             "EXISTS (SELECT 1 FROM part WHERE p_partkey = ps_partkey AND p_name LIKE 'green%')")],
     [("EXISTS (SELECT 1 FROM part WHERE p_partkey = ps_partkey AND p_name LIKE 'green%')", "EXISTS (SELECT 1 FROM part WHERE p_name LIKE 'green%')")],
     "correlation dropped"),
    ("RewriteCorrelatedScalarSubquery", [("SELECT ps_suppkey FROM partsupp WHERE", "SELECT ps_suppkey FROM partsupp JOIN (SELECT l_partkey, l_suppkey, 0.5 * SUM(l_quantity) AS half "
                                          "FROM lineitem WHERE l_shipdate >= '1995-01-01' AND l_shipdate < '1996-01-01' GROUP BY l_partkey, l_suppkey) AS h "
                                          "ON h.l_partkey = ps_partkey AND h.l_suppkey = ps_suppkey WHERE"),
                                         ("ps_availqty > (SELECT 0.5 * SUM(l_quantity) FROM lineitem WHERE l_partkey = ps_partkey AND l_suppkey = ps_suppkey "
                                          "AND l_shipdate >= '1995-01-01' AND l_shipdate < '1996-01-01')", "ps_availqty > h.half")],
     [("SELECT ps_suppkey FROM partsupp JOIN", "SELECT ps_suppkey FROM partsupp LEFT JOIN"), ("ps_availqty > h.half", "ps_availqty > COALESCE(h.half, 0)")],
     "no shipped lines read as zero quantity"),
    ("SemiJoinRule", [("FROM supplier, nation WHERE", "FROM supplier WHERE"), ("AND s_nationkey = n_nationkey AND n_name = 'CHINA'",
                                                                              "AND s_nationkey IN (SELECT n_nationkey FROM nation WHERE n_name = 'CHINA')")],
     [("(SELECT n_nationkey FROM nation WHERE n_name = 'CHINA')", "(SELECT n_nationkey FROM nation WHERE n_name <> 'CHINA')")], "nation filter negated"),
])

TPCH_Q[21] = ("SELECT s_name, COUNT(*) AS numwait FROM supplier, lineitem AS l1, orders, nation WHERE s_suppkey = l1.l_suppkey "
              "AND o_orderkey = l1.l_orderkey AND o_orderstatus = 'F' AND l1.l_receiptdate > l1.l_commitdate AND EXISTS "
              "(SELECT * FROM lineitem AS l2 WHERE l2.l_orderkey = l1.l_orderkey AND l2.l_suppkey <> l1.l_suppkey) AND NOT EXISTS "
              "(SELECT * FROM lineitem AS l3 WHERE l3.l_orderkey = l1.l_orderkey AND l3.l_suppkey <> l1.l_suppkey "
              "AND l3.l_receiptdate > l3.l_commitdate) AND s_nationkey = n_nationkey AND n_name = 'FRANCE' GROUP BY s_name "
              "ORDER BY numwait DESC, s_name LIMIT 100")
tpch(21, [
    ("JoinCommuteRule", [("FROM supplier, lineitem AS l1, orders, nation", "FROM nation, orders, lineitem AS l1, supplier")],
     [("AND l3.l_receiptdate > l3.l_commitdate)", ")")], "anti-join condition dropped"),
    ("RewritePredicateSubquery", [("EXISTS (SELECT * FROM lineitem AS l2 WHERE l2.l_orderkey = l1.l_orderkey AND l2.l_suppkey <> l1.l_suppkey)",
                                   "l1.l_orderkey IN (SELECT l2.l_orderkey FROM lineitem AS l2 WHERE l2.l_suppkey <> l1.l_suppkey)")],
     [("WHERE l2.l_suppkey <> l1.l_suppkey)", "WHERE l2.l_suppkey = l1.l_suppkey)")], "<> became ="),
    ("FilterProjectTransposeRule", [("FROM supplier, lineitem AS l1, orders, nation WHERE", "FROM supplier, lineitem AS l1, (SELECT * FROM orders WHERE o_orderstatus = 'F') AS o, nation WHERE"),
                                    ("AND o_orderstatus = 'F' ", "")],
     [("(SELECT * FROM orders WHERE o_orderstatus = 'F')", "(SELECT * FROM orders WHERE o_orderstatus = 'O')")], "status constant changed"),
])

TPCH_Q[22] = ("SELECT cntrycode, COUNT(*) AS numcust, SUM(c_acctbal) AS totacctbal FROM (SELECT substr(c_phone, 1, 2) AS cntrycode, c_acctbal "
              "FROM customer WHERE substr(c_phone, 1, 2) IN ('13', '31', '23', '29', '30', '18', '17') AND c_acctbal > (SELECT AVG(c_acctbal) "
              "FROM customer WHERE c_acctbal > 0.00 AND substr(c_phone, 1, 2) IN ('13', '31', '23', '29', '30', '18', '17')) AND NOT EXISTS "
              "(SELECT * FROM orders WHERE o_custkey = c_custkey)) AS custsale GROUP BY cntrycode ORDER BY cntrycode")
tpch(22, [
    ("RewritePredicateSubquery", [("NOT EXISTS (SELECT * FROM orders WHERE o_custkey = c_custkey)", "c_custkey NOT IN (SELECT o_custkey FROM orders)")],
     [("c_custkey NOT IN (SELECT o_custkey FROM orders)", "c_custkey IN (SELECT o_custkey FROM orders)")], "anti join became semi join"),
    ("AggregateProjectMergeRule", [("SELECT cntrycode, COUNT(*) AS numcust, SUM(c_acctbal) AS totacctbal FROM (SELECT substr(c_phone, 1, 2) AS cntrycode, c_acctbal FROM customer WHERE",
                                    "SELECT substr(c_phone, 1, 2) AS cntrycode, COUNT(*) AS numcust, SUM(c_acctbal) AS totacctbal FROM customer WHERE"),
                                   ("(SELECT * FROM orders WHERE o_custkey = c_custkey)) AS custsale GROUP BY cntrycode",
                                    "(SELECT * FROM orders WHERE o_custkey = c_custkey) GROUP BY substr(c_phone, 1, 2)")],
     [("GROUP BY substr(c_phone, 1, 2)", "GROUP BY substr(c_phone, 1, 1)")], "grouped by the wrong prefix"),
    ("OptimizeIn", [("WHERE substr(c_phone, 1, 2) IN ('13', '31', '23', '29', '30', '18', '17') AND c_acctbal >",
                     "WHERE substr(c_phone, 1, 2) IN ('13', '17', '18', '23', '29', '30', '31', '13') AND c_acctbal >")],
     [("IN ('13', '17', '18', '23', '29', '30', '31', '13') AND c_acctbal >", "IN ('13', '18', '23', '29', '30', '31') AND c_acctbal >")], "code 17 dropped"),
])

# More rewrites of the same queries.
tpch(5, [
    ("FilterIntoJoinRule", [("FROM customer, orders, lineitem, supplier, nation, region WHERE c_custkey = o_custkey AND l_orderkey = o_orderkey "
                             "AND l_suppkey = s_suppkey AND c_nationkey = s_nationkey AND s_nationkey = n_nationkey AND n_regionkey = r_regionkey AND",
                             "FROM customer JOIN orders ON c_custkey = o_custkey JOIN lineitem ON l_orderkey = o_orderkey JOIN supplier ON l_suppkey = s_suppkey "
                             "AND c_nationkey = s_nationkey JOIN nation ON s_nationkey = n_nationkey JOIN region ON n_regionkey = r_regionkey WHERE")],
     [("JOIN supplier ON l_suppkey = s_suppkey AND c_nationkey = s_nationkey", "JOIN supplier ON l_suppkey = s_suppkey")], "nation condition dropped"),
])
tpch(9, [
    ("AggregateProjectMergeRule", [("SELECT nation, o_year, SUM(amount) AS sum_profit FROM (SELECT n_name AS nation, substr(o_orderdate, 1, 4) AS o_year, "
                                    "l_extendedprice * (1 - l_discount) - ps_supplycost * l_quantity AS amount FROM",
                                    "SELECT n_name AS nation, substr(o_orderdate, 1, 4) AS o_year, SUM(l_extendedprice * (1 - l_discount) - ps_supplycost * l_quantity) AS sum_profit FROM"),
                                   ("AND p_name LIKE '%green%') AS profit GROUP BY nation, o_year", "AND p_name LIKE '%green%' GROUP BY n_name, substr(o_orderdate, 1, 4)")],
     [("SUM(l_extendedprice * (1 - l_discount) - ps_supplycost * l_quantity)", "SUM(ps_supplycost * l_quantity - l_extendedprice * (1 - l_discount))")], "sign flipped"),
])
tpch(11, [
    ("ReduceExpressionsRule", [("SUM(ps_supplycost * ps_availqty) * 0.25 FROM", "SUM(ps_supplycost * ps_availqty) / 4 FROM")],
     [("SUM(ps_supplycost * ps_availqty) / 4 FROM", "SUM(ps_supplycost * ps_availqty) / 2 FROM")], "divisor changed"),
])
tpch(12, [
    ("FilterProjectTransposeRule", [("FROM orders, lineitem WHERE o_orderkey = l_orderkey AND l_shipmode IN ('MAIL', 'SHIP') AND l_commitdate < l_receiptdate "
                                     "AND l_shipdate < l_commitdate AND",
                                     "FROM orders, (SELECT * FROM lineitem WHERE l_shipmode IN ('MAIL', 'SHIP') AND l_commitdate < l_receiptdate "
                                     "AND l_shipdate < l_commitdate) AS l WHERE o_orderkey = l_orderkey AND")],
     [("l_shipmode IN ('MAIL', 'SHIP') AND l_commitdate", "l_shipmode IN ('MAIL', 'AIR') AND l_commitdate")], "IN list changed"),
])
tpch(13, [
    ("AggregateReduceFunctionsRule", [("COUNT(o_orderkey) AS c_count", "SUM(CASE WHEN o_orderkey IS NULL THEN 0 ELSE 1 END) AS c_count")],
     [("THEN 0 ELSE 1 END", "THEN 1 ELSE 1 END")], "the NULL-padded row counted"),
])
tpch(16, [
    ("SubQueryRemoveRule", [("FROM partsupp, part WHERE", "FROM partsupp LEFT JOIN (SELECT s_suppkey AS bad FROM supplier WHERE s_comment LIKE '%Customer%Complaints%') AS b "
                             "ON b.bad = ps_suppkey, part WHERE b.bad IS NULL AND"),
                            (" AND ps_suppkey NOT IN (SELECT s_suppkey FROM supplier WHERE s_comment LIKE '%Customer%Complaints%')", "")],
     [("WHERE b.bad IS NULL AND", "WHERE b.bad IS NOT NULL AND")], "anti join became semi join"),
])
tpch(21, [
    ("SubQueryRemoveRule", [("NOT EXISTS (SELECT * FROM lineitem AS l3 WHERE l3.l_orderkey = l1.l_orderkey AND l3.l_suppkey <> l1.l_suppkey AND l3.l_receiptdate > l3.l_commitdate)",
                             "l1.l_orderkey NOT IN (SELECT l3.l_orderkey FROM lineitem AS l3 WHERE l3.l_suppkey <> l1.l_suppkey AND l3.l_receiptdate > l3.l_commitdate)")],
     [("WHERE l3.l_suppkey <> l1.l_suppkey AND l3.l_receiptdate", "WHERE l3.l_receiptdate")], "supplier condition dropped from the anti join"),
])
tpch(22, [
    ("SubQueryRemoveRule", [("FROM customer WHERE substr(c_phone, 1, 2) IN ('13', '31', '23', '29', '30', '18', '17') AND c_acctbal > (SELECT AVG(c_acctbal) "
                             "FROM customer WHERE c_acctbal > 0.00 AND substr(c_phone, 1, 2) IN ('13', '31', '23', '29', '30', '18', '17')) AND",
                             "FROM customer, (SELECT AVG(c_acctbal) AS avgbal FROM customer WHERE c_acctbal > 0.00 AND substr(c_phone, 1, 2) IN "
                             "('13', '31', '23', '29', '30', '18', '17')) AS a WHERE substr(c_phone, 1, 2) IN ('13', '31', '23', '29', '30', '18', '17') "
                             "AND c_acctbal > a.avgbal AND")],
     [("(SELECT AVG(c_acctbal) AS avgbal FROM customer WHERE c_acctbal > 0.00 AND", "(SELECT AVG(c_acctbal) AS avgbal FROM customer WHERE")],
     "positive-balance filter dropped from the average"),
])
