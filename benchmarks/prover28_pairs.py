"""The pairs of the twenty-eighth held-out prover corpus (``benchmarks/corpus/prover28/``), as
written (``prover28_build.py`` checks them in SQLite and writes the corpus).

Three sources, mixed kinds this round: a catalogue of optimizer rules (Calcite's CoreRules and
Spark Catalyst's Optimizer batches, each pair the before/after of one named rule or of two in
sequence, written as the rule's output would print) on a new project tracking schema; TPC-DS-style
queries (the query number each imitates is in its rule) against the same query after a rewrite a
real engine performs (subquery unnesting, predicate pushdown, transitive predicates, aggregate
pushdown below a join, CTE inlining, join reordering, INTERSECT/EXCEPT as semi/anti joins, OR
expansion into UNION ALL, window to self-join, rollup as UNION ALL of groupings) on a new small
star schema; and podcast hosting analytics report SQL (Buzzsprout, Libsyn, Podtrac, Megaphone
reports) against the hand-written query, on a new podcast schema. Each ``add`` call is one
equivalent pair and one realistic non-equivalent mutant. Written from the rules' documented
descriptions and the author's own SQL; not copied from any prover corpus, rule test, tool's test
suite or published pair set; the verifier was not read.
"""

from __future__ import annotations

from benchmarks.held_out_pairs import pair_book

SOURCES = {
    "rule_catalogue": ("projtrack", "optimizer rule catalogue (Calcite CoreRules javadoc, Spark Catalyst Optimizer "
                                    "batches): each pair the documented before/after of one named rule, or of two "
                                    "rules in sequence (the rule names are in the pair's rule), applied to a project "
                                    "tracking schema and printed as the rule's output would print"),
    "tpcds_rewritten": ("dsmart", "TPC-DS-style queries (the imitated query number is in the pair's rule) against the "
                                  "same query after an engine's rewrite: subquery unnesting, predicate pushdown and "
                                  "transitive predicates, aggregate pushdown below a join, CTE inlining, join "
                                  "reordering, INTERSECT/EXCEPT as semi/anti joins, OR expansion into UNION ALL, "
                                  "window to self-join, rollup as UNION ALL of groupings"),
    "podcast_reports": ("podhost", "podcast hosting analytics report SQL (Buzzsprout, Libsyn, Podtrac, Megaphone "
                                   "reports: downloads per episode and app, unique listeners, ad slot fill and "
                                   "revenue, sponsors per show, release cadence, follower retention, top episodes "
                                   "per show with ties) against the hand-written query for the same report"),
}
FILE = {k: k for k in SOURCES}


PAIRS, add = pair_book("prover28", SOURCES, FILE)


def X(rule, gold, pred, mutant, mutation, **kw):
    """An optimizer rule's input (gold) against its output (pred), projtrack."""
    add("rule_catalogue", rule, gold, pred, mutant, mutation, **kw)


def D(rule, gold, pred, mutant, mutation, **kw):
    """A TPC-DS-style query (gold) against its rewritten form (pred), dsmart."""
    add("tpcds_rewritten", rule, gold, pred, mutant, mutation, **kw)


def P(rule, gold, pred, mutant, mutation, **kw):
    """A podcast analytics report's SQL (gold) against the hand-written query (pred), podhost."""
    add("podcast_reports", rule, gold, pred, mutant, mutation, **kw)

# ================================================================ optimizer rule catalogue (projtrack)
# --- filters
X("FilterAggregateTransposeRule: a filter on the group key below the aggregate",
  "SELECT g.project_id, g.c FROM (SELECT project_id, COUNT(*) AS c FROM tasks GROUP BY project_id) AS g "
  "WHERE g.project_id > 2",
  "SELECT t.project_id, COUNT(*) AS c FROM tasks AS t WHERE t.project_id > 2 GROUP BY t.project_id",
  "SELECT t.project_id, COUNT(*) AS c FROM tasks AS t WHERE t.project_id >= 2 GROUP BY t.project_id",
  "the boundary moved: project 2 kept")
X("FilterAggregateTransposeRule: HAVING on the group key as WHERE",
  "SELECT project_id, COUNT(*) FROM tasks GROUP BY project_id HAVING project_id <> 2",
  "SELECT f0.project_id, COUNT(*) FROM (SELECT project_id FROM tasks WHERE project_id <> 2) AS f0 "
  "GROUP BY f0.project_id",
  "SELECT project_id, COUNT(*) FROM tasks GROUP BY project_id HAVING COUNT(*) <> 2",
  "the count filtered instead of the key")
X("FilterProjectTransposeRule: a filter on a computed column pushed below the project",
  "SELECT p.task_id, p.e2 FROM (SELECT task_id, est_h * 2 AS e2 FROM tasks) AS p WHERE p.e2 > 4",
  "SELECT task_id, est_h * 2 AS e2 FROM tasks WHERE est_h * 2 > 4",
  "SELECT task_id, est_h * 2 AS e2 FROM tasks WHERE est_h * 2 >= 4",
  "the pushed bound made non-strict")
X("FilterJoinRule: a WHERE conjunct on one input pushed into it",
  "SELECT t.task_id, p.status FROM tasks AS t INNER JOIN projects AS p ON t.project_id = p.project_id "
  "WHERE p.budget > 100",
  "SELECT t.task_id, p0.status FROM tasks AS t INNER JOIN (SELECT project_id, status FROM projects "
  "WHERE budget > 100) AS p0 ON t.project_id = p0.project_id",
  "SELECT t.task_id, p.status FROM tasks AS t LEFT JOIN projects AS p ON t.project_id = p.project_id "
  "AND p.budget > 100",
  "the filter moved into a LEFT JOIN's ON: every task kept")
X("FilterJoinRule: a filter on the preserved side of a LEFT JOIN pushed into it",
  "SELECT t.task_id, a.person_id FROM tasks AS t LEFT JOIN assignments AS a ON a.task_id = t.task_id "
  "WHERE t.priority = 1",
  "SELECT t0.task_id, a.person_id FROM (SELECT task_id FROM tasks WHERE priority = 1) AS t0 "
  "LEFT JOIN assignments AS a ON a.task_id = t0.task_id",
  "SELECT t.task_id, a.person_id FROM tasks AS t LEFT JOIN assignments AS a ON a.task_id = t.task_id "
  "AND t.priority = 1",
  "the preserved side's filter put in ON: other tasks kept with NULL")
X("FilterMergeRule: two stacked filters merged",
  "SELECT f.task_id FROM (SELECT * FROM tasks WHERE est_h > 1) AS f WHERE f.priority = 2",
  "SELECT task_id FROM tasks WHERE est_h > 1 AND priority = 2",
  "SELECT task_id FROM tasks WHERE est_h > 1 OR priority = 2",
  "the filters merged with OR")
X("FilterSetOpTransposeRule: a filter pushed into both UNION ALL branches",
  "SELECT u.pid FROM (SELECT person_id AS pid FROM assignments UNION ALL SELECT owner_id AS pid FROM projects) AS u "
  "WHERE u.pid > 2",
  "SELECT person_id AS pid FROM assignments WHERE person_id > 2 UNION ALL "
  "SELECT owner_id AS pid FROM projects WHERE owner_id > 2",
  "SELECT person_id AS pid FROM assignments WHERE person_id > 2 UNION ALL SELECT owner_id AS pid FROM projects",
  "the filter pushed into the first branch only")
X("FilterSetOpTransposeRule: a filter pushed into both INTERSECT branches",
  "SELECT x.person_id FROM (SELECT person_id FROM assignments INTERSECT SELECT owner_id FROM projects) AS x "
  "WHERE x.person_id <> 3",
  "SELECT person_id FROM assignments WHERE person_id <> 3 INTERSECT SELECT owner_id FROM projects WHERE owner_id <> 3",
  "SELECT person_id FROM assignments WHERE person_id <> 3 UNION SELECT owner_id FROM projects WHERE owner_id <> 3",
  "INTERSECT turned into UNION")
X("PushPredicateThroughJoin: conjuncts of WHERE split to the join's inputs",
  "SELECT a.person_id, t.task_id FROM assignments AS a JOIN tasks AS t ON t.task_id = a.task_id "
  "WHERE a.role = 'dev' AND t.est_h > 1 AND t.priority IS NOT NULL",
  "SELECT a0.person_id, t0.task_id FROM (SELECT person_id, task_id FROM assignments WHERE role = 'dev') AS a0 "
  "JOIN (SELECT task_id FROM tasks WHERE est_h > 1 AND priority IS NOT NULL) AS t0 ON t0.task_id = a0.task_id",
  "SELECT a0.person_id, t0.task_id FROM (SELECT person_id, task_id FROM assignments WHERE role = 'dev') AS a0 "
  "JOIN (SELECT task_id FROM tasks WHERE est_h > 1) AS t0 ON t0.task_id = a0.task_id",
  "the IS NOT NULL conjunct lost")
X("PushPredicateThroughJoin: a right-side filter of a LEFT JOIN stays above it",
  "SELECT t.task_id, a.role FROM tasks AS t LEFT JOIN assignments AS a ON a.task_id = t.task_id "
  "WHERE t.est_h >= 2 AND (a.role = 'qa' OR a.role IS NULL)",
  "SELECT t0.task_id, a.role FROM (SELECT task_id FROM tasks WHERE est_h >= 2) AS t0 "
  "LEFT JOIN assignments AS a ON a.task_id = t0.task_id WHERE a.role = 'qa' OR a.role IS NULL",
  "SELECT t0.task_id, a0.role FROM (SELECT task_id FROM tasks WHERE est_h >= 2) AS t0 "
  "LEFT JOIN (SELECT task_id, role FROM assignments WHERE role = 'qa') AS a0 ON a0.task_id = t0.task_id",
  "the right side's filter pushed into the outer join's right input: tasks with only dev assignments kept")
X("PushPredicateThroughNonJoin: a filter on the partition key pushed below a window",
  "SELECT w.task_id, w.s FROM (SELECT task_id, project_id, SUM(est_h) OVER (PARTITION BY project_id) AS s "
  "FROM tasks) AS w WHERE w.project_id = 1",
  "SELECT task_id, SUM(est_h) OVER (PARTITION BY project_id) AS s FROM tasks WHERE project_id = 1",
  ("SELECT w.task_id, w.s FROM (SELECT task_id, est_h, SUM(est_h) OVER (PARTITION BY project_id) AS s "
   "FROM tasks) AS w WHERE w.est_h > 1",
   "SELECT task_id, SUM(est_h) OVER (PARTITION BY project_id) AS s FROM tasks WHERE est_h > 1"),
  "a filter on a non-partition column pushed below the window")
X("JoinPushTransitivePredicatesRule: a key filter copied through the equi-join",
  "SELECT t.task_id, a.person_id FROM tasks AS t JOIN assignments AS a ON a.task_id = t.task_id WHERE t.task_id > 3",
  "SELECT t0.task_id, a0.person_id FROM (SELECT task_id FROM tasks WHERE task_id > 3) AS t0 "
  "JOIN (SELECT task_id, person_id FROM assignments WHERE task_id > 3) AS a0 ON a0.task_id = t0.task_id",
  "SELECT t.task_id, a0.person_id FROM tasks AS t JOIN (SELECT task_id, person_id FROM assignments "
  "WHERE task_id >= 3) AS a0 ON a0.task_id = t.task_id",
  "the copied predicate widened and the original dropped")
X("InferFiltersFromConstraints: IS NOT NULL inferred from the join's equality",
  "SELECT s.day, t.est_h FROM timesheets AS s JOIN tasks AS t ON s.task_id = t.task_id",
  "SELECT s0.day, t.est_h FROM (SELECT task_id, day FROM timesheets WHERE task_id IS NOT NULL) AS s0 "
  "JOIN tasks AS t ON s0.task_id = t.task_id",
  "SELECT s.day, t.est_h FROM timesheets AS s LEFT JOIN tasks AS t ON s.task_id = t.task_id",
  "the join made outer: timesheet rows without a task kept")
X("InferFiltersFromConstraints + PushPredicateThroughJoin: a constant filter copied to the other side",
  "SELECT s.hours, a.role FROM timesheets AS s JOIN assignments AS a ON a.person_id = s.person_id "
  "AND a.task_id = s.task_id WHERE s.task_id = 2",
  "SELECT s0.hours, a0.role FROM (SELECT person_id, task_id, hours FROM timesheets WHERE task_id = 2 "
  "AND person_id IS NOT NULL) AS s0 JOIN (SELECT person_id, task_id, role FROM assignments WHERE task_id = 2) AS a0 "
  "ON a0.person_id = s0.person_id AND a0.task_id = s0.task_id",
  "SELECT s0.hours, a0.role FROM (SELECT person_id, task_id, hours FROM timesheets WHERE task_id = 2) AS s0 "
  "JOIN (SELECT person_id, task_id, role FROM assignments) AS a0 ON a0.person_id = s0.person_id",
  "the task equality dropped from the join after the push")
# --- outer joins
X("EliminateOuterJoin: LEFT JOIN with a null-rejecting WHERE becomes INNER",
  "SELECT t.task_id, a.role FROM tasks AS t LEFT JOIN assignments AS a ON a.task_id = t.task_id WHERE a.role = 'qa'",
  "SELECT t.task_id, a.role FROM tasks AS t INNER JOIN assignments AS a ON a.task_id = t.task_id WHERE a.role = 'qa'",
  "SELECT t.task_id, a.role FROM tasks AS t LEFT JOIN assignments AS a ON a.task_id = t.task_id "
  "WHERE COALESCE(a.role, 'qa') = 'qa'",
  "the predicate no longer rejects NULL: unassigned tasks kept")
X("EliminateOuterJoin: IS NOT NULL on the right key",
  "SELECT t.task_id, a.person_id FROM tasks AS t LEFT JOIN assignments AS a ON a.task_id = t.task_id "
  "WHERE a.person_id IS NOT NULL",
  "SELECT t.task_id, a.person_id FROM tasks AS t JOIN assignments AS a ON a.task_id = t.task_id",
  "SELECT t.task_id, a.person_id FROM tasks AS t LEFT JOIN assignments AS a ON a.task_id = t.task_id",
  "the null-rejecting filter dropped with the join kept outer")
X("EliminateOuterJoin: FULL JOIN with a null-rejecting filter on the left becomes LEFT",
  "SELECT p.project_id, t.task_id FROM projects AS p FULL JOIN tasks AS t ON t.project_id = p.project_id "
  "WHERE p.budget >= 100",
  "SELECT p.project_id, t.task_id FROM projects AS p LEFT JOIN tasks AS t ON t.project_id = p.project_id "
  "WHERE p.budget >= 100",
  "SELECT p.project_id, t.task_id FROM projects AS p LEFT JOIN tasks AS t ON t.project_id = p.project_id "
  "AND p.budget >= 100",
  "the filter moved into ON: cheap projects kept with NULL")
X("EliminateOuterJoin: a comparison between both sides rejects NULL on either",
  "SELECT p.project_id, t.task_id FROM projects AS p FULL JOIN tasks AS t ON t.project_id = p.project_id "
  "WHERE t.est_h * 100 < p.budget",
  "SELECT p.project_id, t.task_id FROM projects AS p JOIN tasks AS t ON t.project_id = p.project_id "
  "WHERE t.est_h * 100 < p.budget",
  "SELECT p.project_id, t.task_id FROM projects AS p JOIN tasks AS t ON t.project_id = p.project_id "
  "WHERE t.est_h * 100 <= p.budget",
  "the comparison made non-strict")
X("ProjectJoinRemoveRule: a join to the parent through a NOT NULL foreign key removed",
  "SELECT t.task_id, t.est_h FROM tasks AS t INNER JOIN projects AS p ON p.project_id = t.project_id",
  "SELECT task_id, est_h FROM tasks",
  ("SELECT s.day, s.hours FROM timesheets AS s INNER JOIN tasks AS t ON t.task_id = s.task_id",
   "SELECT day, hours FROM timesheets"),
  "the same removal through a NULL-able foreign key: rows without a task kept")
X("AggregateJoinRemoveRule: a LEFT JOIN under DISTINCT of left columns removed",
  "SELECT DISTINCT t.project_id FROM tasks AS t LEFT JOIN assignments AS a ON a.task_id = t.task_id",
  "SELECT DISTINCT project_id FROM tasks",
  "SELECT DISTINCT t.project_id FROM tasks AS t JOIN assignments AS a ON a.task_id = t.task_id",
  "the outer join made inner: projects whose tasks are unassigned lost")
X("ProjectJoinRemoveRule: a LEFT JOIN to a unique key that no column reads",
  "SELECT t.task_id, t.priority FROM tasks AS t LEFT JOIN projects AS p ON p.project_id = t.project_id "
  "AND p.status = 'closed'",
  "SELECT task_id, priority FROM tasks",
  "SELECT t.task_id, t.priority FROM tasks AS t LEFT JOIN assignments AS a ON a.task_id = t.task_id",
  "the join to a non-unique side removed: tasks repeated per assignment")
# --- aggregates
X("AggregateProjectMergeRule: a project under an aggregate merged into it",
  "SELECT x.project_id, SUM(x.est_h) FROM (SELECT project_id, est_h, priority FROM tasks) AS x GROUP BY x.project_id",
  "SELECT project_id, SUM(est_h) FROM tasks GROUP BY project_id",
  "SELECT project_id, SUM(DISTINCT est_h) FROM tasks GROUP BY project_id",
  "SUM(DISTINCT): two tasks of the same estimate counted once")
X("AggregateRemoveRule: a GROUP BY on a unique key removed",
  "SELECT a.task_id, a.person_id FROM assignments AS a GROUP BY a.task_id, a.person_id",
  "SELECT task_id, person_id FROM assignments",
  ("SELECT a.task_id FROM assignments AS a GROUP BY a.task_id", "SELECT task_id FROM assignments"),
  "the same removal on a part of the key: tasks repeated")
X("RemoveRedundantAggregates: DISTINCT over a DISTINCT on more columns",
  "SELECT DISTINCT d.project_id FROM (SELECT DISTINCT project_id, priority FROM tasks) AS d",
  "SELECT DISTINCT project_id FROM tasks",
  "SELECT d.project_id FROM (SELECT DISTINCT project_id, priority FROM tasks) AS d",
  "the outer DISTINCT dropped: one row per priority")
X("ReplaceDistinctWithAggregate: DISTINCT as GROUP BY",
  "SELECT DISTINCT team, manager_id FROM people",
  "SELECT team, manager_id FROM people GROUP BY team, manager_id",
  "SELECT team, MIN(manager_id) FROM people GROUP BY team",
  "grouped on one column only")
X("AggregateJoinTransposeRule: COUNT(*) pushed below the join as a SUM of counts",
  "SELECT p.status, COUNT(*) FROM tasks AS t JOIN projects AS p ON t.project_id = p.project_id GROUP BY p.status",
  "SELECT p.status, SUM(g.c) FROM (SELECT project_id, COUNT(*) AS c FROM tasks GROUP BY project_id) AS g "
  "JOIN projects AS p ON g.project_id = p.project_id GROUP BY p.status",
  "SELECT p.status, COUNT(*) FROM (SELECT project_id, COUNT(*) AS c FROM tasks GROUP BY project_id) AS g "
  "JOIN projects AS p ON g.project_id = p.project_id GROUP BY p.status",
  "the pre-aggregated groups counted instead of their tasks")
X("AggregateJoinTransposeRule: SUM pushed below the join onto the many side",
  "SELECT t.project_id, SUM(s.hours) FROM timesheets AS s JOIN tasks AS t ON s.task_id = t.task_id "
  "GROUP BY t.project_id",
  "SELECT t.project_id, SUM(g.h) FROM (SELECT task_id, SUM(hours) AS h FROM timesheets GROUP BY task_id) AS g "
  "JOIN tasks AS t ON g.task_id = t.task_id GROUP BY t.project_id",
  "SELECT t.project_id, MAX(g.h) FROM (SELECT task_id, SUM(hours) AS h FROM timesheets GROUP BY task_id) AS g "
  "JOIN tasks AS t ON g.task_id = t.task_id GROUP BY t.project_id",
  "the largest task total instead of the sum")
X("AggregateJoinTransposeRule: MIN pushed below the join",
  "SELECT p.owner_id, MIN(t.due_day) FROM projects AS p JOIN tasks AS t ON t.project_id = p.project_id "
  "GROUP BY p.owner_id",
  "SELECT p.owner_id, MIN(m.d) FROM projects AS p JOIN (SELECT project_id, MIN(due_day) AS d FROM tasks "
  "GROUP BY project_id) AS m ON m.project_id = p.project_id GROUP BY p.owner_id",
  "SELECT p.owner_id, MIN(m.d) FROM projects AS p LEFT JOIN (SELECT project_id, MIN(due_day) AS d FROM tasks "
  "GROUP BY project_id) AS m ON m.project_id = p.project_id GROUP BY p.owner_id",
  "the join made outer: owners of task-less projects listed")
X("AggregateJoinTransposeRule: COUNT on both sides as a product of counts",
  "SELECT t.project_id, COUNT(*) FROM tasks AS t JOIN assignments AS a ON a.task_id = t.task_id GROUP BY t.project_id",
  "SELECT l.project_id, SUM(l.c * r.c) FROM (SELECT task_id, project_id, COUNT(*) AS c FROM tasks "
  "GROUP BY task_id, project_id) AS l JOIN (SELECT task_id, COUNT(*) AS c FROM assignments GROUP BY task_id) AS r "
  "ON r.task_id = l.task_id GROUP BY l.project_id",
  "SELECT l.project_id, SUM(r.c) + COUNT(*) - 1 FROM (SELECT task_id, project_id, COUNT(*) AS c FROM tasks "
  "GROUP BY task_id, project_id) AS l JOIN (SELECT task_id, COUNT(*) AS c FROM assignments GROUP BY task_id) AS r "
  "ON r.task_id = l.task_id GROUP BY l.project_id",
  "the counts added instead of multiplied")
X("AggregateUnionTransposeRule: SUM pushed into the UNION ALL branches",
  "SELECT u.person_id, SUM(u.hours) FROM (SELECT person_id, hours FROM timesheets WHERE billable = 1 UNION ALL "
  "SELECT person_id, hours FROM timesheets WHERE billable = 0) AS u GROUP BY u.person_id",
  "SELECT v.person_id, SUM(v.h) FROM (SELECT person_id, SUM(hours) AS h FROM timesheets WHERE billable = 1 "
  "GROUP BY person_id UNION ALL SELECT person_id, SUM(hours) AS h FROM timesheets WHERE billable = 0 "
  "GROUP BY person_id) AS v GROUP BY v.person_id",
  "SELECT v.person_id, SUM(v.h) FROM (SELECT person_id, SUM(hours) AS h FROM timesheets WHERE billable = 1 "
  "GROUP BY person_id UNION SELECT person_id, SUM(hours) AS h FROM timesheets WHERE billable = 0 "
  "GROUP BY person_id) AS v GROUP BY v.person_id",
  "UNION: equal branch totals of one person collapsed")
X("AggregateUnionTransposeRule: COUNT(*) as a SUM of branch counts",
  "SELECT u.task_id, COUNT(*) FROM (SELECT task_id FROM assignments UNION ALL SELECT task_id FROM timesheets) AS u "
  "GROUP BY u.task_id",
  "SELECT v.task_id, SUM(v.c) FROM (SELECT task_id, COUNT(*) AS c FROM assignments GROUP BY task_id UNION ALL "
  "SELECT task_id, COUNT(*) AS c FROM timesheets GROUP BY task_id) AS v GROUP BY v.task_id",
  "SELECT v.task_id, COUNT(*) FROM (SELECT task_id, COUNT(*) AS c FROM assignments GROUP BY task_id UNION ALL "
  "SELECT task_id, COUNT(*) AS c FROM timesheets GROUP BY task_id) AS v GROUP BY v.task_id",
  "the branch groups counted")
X("AggregateExpandDistinctAggregatesRule: COUNT(DISTINCT) as a count over a grouped input",
  "SELECT project_id, COUNT(DISTINCT priority) FROM tasks GROUP BY project_id",
  "SELECT d.project_id, COUNT(d.priority) FROM (SELECT project_id, priority FROM tasks GROUP BY project_id, priority) "
  "AS d GROUP BY d.project_id",
  "SELECT d.project_id, COUNT(*) FROM (SELECT project_id, priority FROM tasks GROUP BY project_id, priority) "
  "AS d GROUP BY d.project_id",
  "COUNT(*): the NULL priority counted as a value")
X("AggregateExpandDistinctAggregatesRule: a distinct and a plain aggregate joined",
  "SELECT project_id, COUNT(DISTINCT priority), SUM(est_h) FROM tasks GROUP BY project_id",
  "SELECT a.project_id, b.c, a.s FROM (SELECT project_id, SUM(est_h) AS s FROM tasks GROUP BY project_id) AS a "
  "JOIN (SELECT project_id, COUNT(priority) AS c FROM (SELECT DISTINCT project_id, priority FROM tasks) AS d "
  "GROUP BY project_id) AS b ON b.project_id = a.project_id",
  "SELECT a.project_id, b.c, a.s FROM (SELECT project_id, SUM(est_h) AS s FROM (SELECT DISTINCT project_id, est_h "
  "FROM tasks) AS e GROUP BY project_id) AS a JOIN (SELECT project_id, COUNT(priority) AS c FROM "
  "(SELECT DISTINCT project_id, priority FROM tasks) AS d GROUP BY project_id) AS b ON b.project_id = a.project_id",
  "the plain sum computed over distinct estimates too")
X("AggregateReduceFunctionsRule: SUM as a CASE over COUNT and $SUM0",
  "SELECT project_id, SUM(due_day) FROM tasks GROUP BY project_id",
  "SELECT project_id, CASE WHEN COUNT(due_day) = 0 THEN NULL ELSE COALESCE(SUM(due_day), 0) END FROM tasks "
  "GROUP BY project_id",
  "SELECT project_id, COALESCE(SUM(due_day), 0) FROM tasks GROUP BY project_id",
  "$SUM0 without the CASE: 0 for projects without any due day")
X("AggregateCaseToFilterRule: a CASE sum as a filtered COUNT",
  "SELECT task_id, SUM(CASE WHEN role = 'qa' THEN 1 ELSE 0 END) FROM assignments GROUP BY task_id",
  "SELECT task_id, COUNT(*) FILTER (WHERE role = 'qa') FROM assignments GROUP BY task_id",
  "SELECT task_id, SUM(CASE WHEN role = 'qa' THEN 1 END) FROM assignments GROUP BY task_id",
  "the CASE without ELSE: NULL instead of 0")
X("AggregateCaseToFilterRule: a CASE sum of a column as a filtered SUM",
  "SELECT person_id, SUM(CASE WHEN billable = 1 THEN hours ELSE NULL END) FROM timesheets GROUP BY person_id",
  "SELECT person_id, SUM(hours) FILTER (WHERE billable = 1) FROM timesheets GROUP BY person_id",
  "SELECT person_id, SUM(CASE WHEN billable = 1 THEN hours ELSE 0 END) FROM timesheets GROUP BY person_id",
  "ELSE 0: 0 instead of NULL for people without billable hours")
X("AggregateFilterTransposeRule: a filter on the group key moved above the aggregate",
  "SELECT project_id, SUM(est_h) FROM tasks WHERE project_id IN (1, 2) GROUP BY project_id",
  "SELECT g.project_id, g.s FROM (SELECT project_id, SUM(est_h) AS s FROM tasks GROUP BY project_id) AS g "
  "WHERE g.project_id IN (1, 2)",
  "SELECT g.project_id, g.s FROM (SELECT project_id, SUM(est_h) AS s FROM tasks GROUP BY project_id) AS g "
  "WHERE g.project_id IN (1, 2, 3)",
  "a third project kept")
X("AggregateValuesRule: an aggregate over an empty input as constants",
  "SELECT COUNT(*), SUM(est_h) FROM tasks WHERE 1 = 0",
  "SELECT 0, NULL",
  "SELECT 0, 0",
  "SUM over no rows given as 0")
X("EliminateDistinct: DISTINCT inside MAX removed",
  "SELECT project_id, MAX(DISTINCT est_h), MIN(DISTINCT due_day) FROM tasks GROUP BY project_id",
  "SELECT project_id, MAX(est_h), MIN(due_day) FROM tasks GROUP BY project_id",
  "SELECT project_id, MAX(est_h), COUNT(DISTINCT due_day) FROM tasks GROUP BY project_id",
  "the MIN replaced by a distinct count")
# --- set operations
X("UnionPullUpConstantsRule: a constant column pulled above UNION ALL",
  "SELECT 'dev' AS r, task_id FROM assignments WHERE role = 'dev' UNION ALL "
  "SELECT 'dev' AS r, task_id FROM assignments WHERE person_id = 1",
  "SELECT 'dev' AS r, u.task_id FROM (SELECT task_id FROM assignments WHERE role = 'dev' UNION ALL "
  "SELECT task_id FROM assignments WHERE person_id = 1) AS u",
  "SELECT 'dev' AS r, u.task_id FROM (SELECT task_id FROM assignments WHERE role = 'dev' UNION "
  "SELECT task_id FROM assignments WHERE person_id = 1) AS u",
  "UNION below the constant: duplicates removed")
X("CombineUnions: nested UNION ALL flattened",
  "SELECT v.x FROM (SELECT w.x FROM (SELECT task_id AS x FROM tasks WHERE est_h = 1 UNION ALL "
  "SELECT task_id AS x FROM assignments) AS w UNION ALL SELECT task_id AS x FROM timesheets) AS v",
  "SELECT task_id AS x FROM tasks WHERE est_h = 1 UNION ALL SELECT task_id FROM assignments UNION ALL "
  "SELECT task_id FROM timesheets",
  "SELECT task_id AS x FROM tasks WHERE est_h = 1 UNION ALL SELECT task_id FROM assignments UNION "
  "SELECT task_id FROM timesheets",
  "the last UNION ALL made UNION: every duplicate removed")
X("UnionToDistinctRule: UNION as DISTINCT over UNION ALL",
  "SELECT owner_id FROM projects UNION SELECT manager_id FROM people",
  "SELECT DISTINCT u.pid FROM (SELECT owner_id AS pid FROM projects UNION ALL SELECT manager_id AS pid FROM people) AS u",
  "SELECT u.pid FROM (SELECT owner_id AS pid FROM projects UNION ALL SELECT manager_id AS pid FROM people) AS u",
  "the DISTINCT dropped")
X("IntersectToDistinctRule: INTERSECT as a grouped count of branch markers",
  "SELECT project_id FROM tasks INTERSECT SELECT project_id FROM projects WHERE status = 'active'",
  "SELECT u.project_id FROM (SELECT project_id, 1 AS i0, 0 AS i1 FROM tasks UNION ALL "
  "SELECT project_id, 0 AS i0, 1 AS i1 FROM projects WHERE status = 'active') AS u GROUP BY u.project_id "
  "HAVING SUM(u.i0) > 0 AND SUM(u.i1) > 0",
  "SELECT u.project_id FROM (SELECT project_id, 1 AS i0, 0 AS i1 FROM tasks UNION ALL "
  "SELECT project_id, 0 AS i0, 1 AS i1 FROM projects WHERE status = 'active') AS u GROUP BY u.project_id "
  "HAVING SUM(u.i0) > 0 OR SUM(u.i1) > 0",
  "either branch instead of both")
X("IntersectToDistinctRule: INTERSECT of NULL-able columns matches NULLs",
  "SELECT team, rate FROM people WHERE manager_id IS NULL INTERSECT SELECT team, rate FROM people WHERE rate >= 50",
  "SELECT u.team, u.rate FROM (SELECT team, rate, 1 AS i0, 0 AS i1 FROM people WHERE manager_id IS NULL UNION ALL "
  "SELECT team, rate, 0, 1 FROM people WHERE rate >= 50) AS u GROUP BY u.team, u.rate "
  "HAVING MAX(u.i0) = 1 AND MAX(u.i1) = 1",
  "SELECT DISTINCT p.team, p.rate FROM people AS p WHERE p.manager_id IS NULL AND EXISTS (SELECT 1 FROM people AS q "
  "WHERE q.rate >= 50 AND q.team = p.team AND q.rate = p.rate)",
  "a plain equality: a NULL team never matches")
X("MinusToDistinctRule: EXCEPT as a grouped count of branch markers",
  "SELECT task_id FROM assignments EXCEPT SELECT task_id FROM timesheets WHERE billable = 1",
  "SELECT u.task_id FROM (SELECT task_id, 1 AS i0, 0 AS i1 FROM assignments UNION ALL SELECT task_id, 0, 1 "
  "FROM timesheets WHERE billable = 1) AS u GROUP BY u.task_id HAVING SUM(u.i0) > 0 AND SUM(u.i1) = 0",
  "SELECT u.task_id FROM (SELECT task_id, 1 AS i0, 0 AS i1 FROM assignments UNION ALL SELECT task_id, 0, 1 "
  "FROM timesheets WHERE billable = 1) AS u GROUP BY u.task_id HAVING SUM(u.i0) > SUM(u.i1)",
  "bag difference by counts instead of set difference")
X("ReplaceExceptWithAntiJoin: EXCEPT of a key as a DISTINCT anti-join",
  "SELECT person_id FROM people EXCEPT SELECT person_id FROM timesheets",
  "SELECT DISTINCT p.person_id FROM people AS p WHERE NOT EXISTS (SELECT 1 FROM timesheets AS s "
  "WHERE s.person_id = p.person_id)",
  "SELECT p.person_id FROM people AS p WHERE p.person_id NOT IN (SELECT s.person_id FROM timesheets AS s)",
  "NOT IN over a NULL-able column: nothing when a timesheet has no person")
X("ReplaceExceptWithAntiJoin: NULL-safe equality on NULL-able columns",
  "SELECT team FROM people EXCEPT SELECT team FROM people WHERE rate > 50",
  "SELECT DISTINCT p.team FROM people AS p WHERE NOT EXISTS (SELECT 1 FROM people AS q WHERE q.rate > 50 "
  "AND (q.team = p.team OR (q.team IS NULL AND p.team IS NULL)))",
  "SELECT DISTINCT p.team FROM people AS p WHERE NOT EXISTS (SELECT 1 FROM people AS q WHERE q.rate > 50 "
  "AND q.team = p.team)",
  "a plain equality: the NULL team kept though it is subtracted")
X("ReplaceIntersectWithSemiJoin: INTERSECT as a DISTINCT semi-join",
  "SELECT owner_id FROM projects INTERSECT SELECT person_id FROM assignments",
  "SELECT DISTINCT p.owner_id FROM projects AS p WHERE EXISTS (SELECT 1 FROM assignments AS a "
  "WHERE a.person_id = p.owner_id)",
  "SELECT p.owner_id FROM projects AS p WHERE EXISTS (SELECT 1 FROM assignments AS a WHERE a.person_id = p.owner_id)",
  "the DISTINCT dropped: an owner of two projects listed twice")
X("ReplaceIntersectWithSemiJoin + PushPredicateThroughJoin: a filtered INTERSECT of two columns",
  "SELECT task_id, person_id FROM timesheets WHERE hours >= 2 INTERSECT SELECT task_id, person_id FROM assignments "
  "WHERE role = 'dev'",
  "SELECT DISTINCT s.task_id, s.person_id FROM (SELECT task_id, person_id FROM timesheets WHERE hours >= 2) AS s "
  "WHERE EXISTS (SELECT 1 FROM (SELECT task_id, person_id FROM assignments WHERE role = 'dev') AS a "
  "WHERE a.task_id = s.task_id AND a.person_id = s.person_id)",
  "SELECT DISTINCT s.task_id, s.person_id FROM (SELECT task_id, person_id FROM timesheets WHERE hours >= 2) AS s "
  "WHERE EXISTS (SELECT 1 FROM (SELECT task_id, person_id FROM assignments WHERE role = 'dev') AS a "
  "WHERE a.task_id = s.task_id)",
  "the person dropped from the semi-join condition")
# --- subqueries
X("SubQueryRemoveRule: IN as a join to the DISTINCT subquery",
  "SELECT t.task_id FROM tasks AS t WHERE t.project_id IN (SELECT u.project_id FROM tasks AS u WHERE u.priority = 1)",
  "SELECT t.task_id FROM tasks AS t INNER JOIN (SELECT DISTINCT u.project_id FROM tasks AS u WHERE u.priority = 1) "
  "AS q ON t.project_id = q.project_id",
  "SELECT t.task_id FROM tasks AS t INNER JOIN (SELECT u.project_id FROM tasks AS u WHERE u.priority = 1) "
  "AS q ON t.project_id = q.project_id",
  "the join without DISTINCT: tasks repeated per matching task")
X("SubQueryRemoveRule: a correlated COUNT as a LEFT JOIN with COALESCE",
  "SELECT p.project_id, (SELECT COUNT(*) FROM tasks AS t WHERE t.project_id = p.project_id) FROM projects AS p",
  "SELECT p.project_id, COALESCE(c.n, 0) FROM projects AS p LEFT JOIN (SELECT project_id, COUNT(*) AS n FROM tasks "
  "GROUP BY project_id) AS c ON c.project_id = p.project_id",
  "SELECT p.project_id, c.n FROM projects AS p LEFT JOIN (SELECT project_id, COUNT(*) AS n FROM tasks "
  "GROUP BY project_id) AS c ON c.project_id = p.project_id",
  "the count bug: NULL instead of 0 for projects without tasks")
X("RewriteCorrelatedScalarSubquery: a correlated MAX as a LEFT JOIN to a grouped MAX",
  "SELECT p.project_id, (SELECT MAX(t.due_day) FROM tasks AS t WHERE t.project_id = p.project_id) AS last_due "
  "FROM projects AS p",
  "SELECT p.project_id, m.mx AS last_due FROM projects AS p LEFT OUTER JOIN (SELECT project_id, MAX(due_day) AS mx "
  "FROM tasks GROUP BY project_id) AS m ON p.project_id = m.project_id",
  "SELECT p.project_id, m.mx AS last_due FROM projects AS p INNER JOIN (SELECT project_id, MAX(due_day) AS mx "
  "FROM tasks GROUP BY project_id) AS m ON p.project_id = m.project_id",
  "an inner join: projects without tasks lost")
X("RewriteCorrelatedScalarSubquery: a correlated scalar in WHERE as a join to a grouped aggregate",
  "SELECT t.task_id FROM tasks AS t WHERE t.est_h > (SELECT MIN(u.est_h) FROM tasks AS u "
  "WHERE u.project_id = t.project_id)",
  "SELECT t.task_id FROM tasks AS t JOIN (SELECT project_id, MIN(est_h) AS m FROM tasks GROUP BY project_id) AS g "
  "ON g.project_id = t.project_id WHERE t.est_h > g.m",
  "SELECT t.task_id FROM tasks AS t JOIN (SELECT project_id, MIN(est_h) AS m FROM tasks GROUP BY project_id) AS g "
  "ON g.project_id = t.project_id WHERE t.est_h >= g.m",
  "non-strict: the smallest estimate kept")
X("RewritePredicateSubquery: EXISTS as a semi-join",
  "SELECT p.person_id FROM people AS p WHERE EXISTS (SELECT 1 FROM assignments AS a WHERE a.person_id = p.person_id "
  "AND a.role = 'qa')",
  "SELECT p.person_id FROM people AS p JOIN (SELECT DISTINCT person_id FROM assignments WHERE role = 'qa') AS a "
  "ON a.person_id = p.person_id",
  "SELECT p.person_id FROM people AS p JOIN (SELECT person_id FROM assignments WHERE role = 'qa') AS a "
  "ON a.person_id = p.person_id",
  "a plain join: a person with two QA assignments listed twice")
X("RewritePredicateSubquery: NOT IN as a null-aware anti-join",
  "SELECT p.person_id FROM people AS p WHERE p.person_id NOT IN (SELECT q.owner_id FROM projects AS q)",
  "SELECT p.person_id FROM people AS p WHERE NOT EXISTS (SELECT 1 FROM projects AS q WHERE q.owner_id = p.person_id "
  "OR q.owner_id IS NULL)",
  "SELECT p.person_id FROM people AS p WHERE NOT EXISTS (SELECT 1 FROM projects AS q WHERE q.owner_id = p.person_id)",
  "a plain anti-join: people listed although an owner is unknown")
X("RewritePredicateSubquery: NOT IN over a NOT NULL column as an anti-join",
  "SELECT project_id FROM projects WHERE project_id NOT IN (SELECT project_id FROM tasks)",
  "SELECT p.project_id FROM projects AS p WHERE NOT EXISTS (SELECT 1 FROM tasks AS t WHERE t.project_id = p.project_id)",
  "SELECT p.project_id FROM projects AS p LEFT JOIN tasks AS t ON t.project_id = p.project_id WHERE t.priority IS NULL",
  "the NULL test on a NULL-able column: projects with an unprioritised task listed")
X("RewritePredicateSubquery + FilterJoinRule: IN with a correlated condition as a semi-join",
  "SELECT t.task_id FROM tasks AS t WHERE t.task_id IN (SELECT s.task_id FROM timesheets AS s "
  "WHERE s.hours > t.est_h)",
  "SELECT t.task_id FROM tasks AS t WHERE EXISTS (SELECT 1 FROM timesheets AS s WHERE s.task_id = t.task_id "
  "AND s.hours > t.est_h)",
  "SELECT DISTINCT t.task_id FROM tasks AS t JOIN timesheets AS s ON s.task_id = t.task_id AND s.hours >= t.est_h",
  "non-strict comparison after the join")
X("RewriteNonCorrelatedExists: an uncorrelated EXISTS as a count",
  "SELECT task_id FROM tasks WHERE EXISTS (SELECT 1 FROM projects WHERE status = 'closed')",
  "SELECT task_id FROM tasks WHERE (SELECT COUNT(*) FROM projects WHERE status = 'closed') > 0",
  "SELECT task_id FROM tasks WHERE (SELECT COUNT(*) FROM projects WHERE status = 'closed') >= 0",
  "the count compared with >= 0: always true")
X("PullupCorrelatedPredicates + RewritePredicateSubquery: a non-equality correlation",
  "SELECT p.project_id FROM projects AS p WHERE EXISTS (SELECT 1 FROM tasks AS t WHERE t.project_id = p.project_id "
  "AND t.est_h * 100 > p.budget)",
  "SELECT DISTINCT p.project_id FROM projects AS p JOIN tasks AS t ON t.project_id = p.project_id "
  "AND t.est_h * 100 > p.budget",
  "SELECT DISTINCT p.project_id FROM projects AS p JOIN tasks AS t ON t.est_h * 100 > p.budget",
  "the correlation on the project dropped")
X("SubQueryRemoveRule: a scalar subquery in the select list with an empty group as NULL",
  "SELECT s.person_id, s.hours, (SELECT p.rate FROM people AS p WHERE p.person_id = s.person_id) FROM timesheets AS s",
  "SELECT s.person_id, s.hours, p.rate FROM timesheets AS s LEFT JOIN people AS p ON p.person_id = s.person_id",
  "SELECT s.person_id, s.hours, p.rate FROM timesheets AS s JOIN people AS p ON p.person_id = s.person_id",
  "an inner join: timesheets without a person lost")
# --- projects, sorts, limits, windows
X("ColumnPruning: unused columns pruned from a derived table",
  "SELECT x.project_id FROM (SELECT task_id, project_id, est_h FROM tasks) AS x",
  "SELECT x.project_id FROM (SELECT project_id FROM tasks) AS x",
  "SELECT DISTINCT x.project_id FROM (SELECT project_id FROM tasks) AS x",
  "a DISTINCT added while pruning")
X("ProjectMergeRule: two projects merged",
  "SELECT y.x + 1 AS z FROM (SELECT est_h * 2 AS x FROM tasks) AS y",
  "SELECT est_h * 2 + 1 AS z FROM tasks",
  "SELECT est_h * (2 + 1) AS z FROM tasks",
  "the expressions merged without their grouping")
X("ProjectWindowTransposeRule: columns the window does not read projected away below it",
  "SELECT w.task_id, w.r FROM (SELECT task_id, project_id, est_h, due_day, RANK() OVER (PARTITION BY project_id "
  "ORDER BY est_h) AS r FROM tasks) AS w",
  "SELECT p.task_id, RANK() OVER (PARTITION BY p.project_id ORDER BY p.est_h) AS r FROM (SELECT task_id, project_id, "
  "est_h FROM tasks) AS p",
  "SELECT p.task_id, DENSE_RANK() OVER (PARTITION BY p.project_id ORDER BY p.est_h) AS r FROM (SELECT task_id, "
  "project_id, est_h FROM tasks) AS p",
  "DENSE_RANK for RANK: no gap after ties")
X("EliminateSorts: an ORDER BY under an aggregate removed",
  "SELECT o.project_id, COUNT(*) FROM (SELECT project_id, est_h FROM tasks ORDER BY est_h) AS o GROUP BY o.project_id",
  "SELECT project_id, COUNT(*) FROM tasks GROUP BY project_id",
  "SELECT o.project_id, COUNT(*) FROM (SELECT project_id, est_h FROM tasks ORDER BY task_id LIMIT 3) AS o "
  "GROUP BY o.project_id",
  "a LIMIT kept with the sort: only three tasks counted")
X("EliminateLimits: a LIMIT above a one-row aggregate removed",
  "SELECT COUNT(*), MAX(est_h) FROM tasks LIMIT 5",
  "SELECT COUNT(*), MAX(est_h) FROM tasks",
  "SELECT COUNT(*), MAX(est_h) FROM tasks GROUP BY project_id LIMIT 5",
  "grouped per project: no row on an empty table and several otherwise")
X("LimitPushDown: a LIMIT pushed into both UNION ALL branches",
  "SELECT u.task_id FROM (SELECT task_id FROM tasks UNION ALL SELECT task_id FROM assignments) AS u "
  "ORDER BY u.task_id LIMIT 2",
  "SELECT v.task_id FROM (SELECT a.task_id FROM (SELECT task_id FROM tasks ORDER BY task_id LIMIT 2) AS a UNION ALL "
  "SELECT b.task_id FROM (SELECT task_id FROM assignments ORDER BY task_id LIMIT 2) AS b) AS v "
  "ORDER BY v.task_id LIMIT 2",
  "SELECT v.task_id FROM (SELECT a.task_id FROM (SELECT task_id FROM tasks ORDER BY task_id LIMIT 1) AS a UNION ALL "
  "SELECT b.task_id FROM (SELECT task_id FROM assignments ORDER BY task_id LIMIT 1) AS b) AS v "
  "ORDER BY v.task_id LIMIT 2",
  "each branch cut to one row")
X("LimitPushDown: a LIMIT pushed below a LEFT JOIN onto its preserved side",
  "SELECT t.task_id, p.status FROM tasks AS t LEFT JOIN projects AS p ON p.project_id = t.project_id "
  "ORDER BY t.task_id LIMIT 3",
  "SELECT t0.task_id, p.status FROM (SELECT task_id, project_id FROM tasks ORDER BY task_id LIMIT 3) AS t0 "
  "LEFT JOIN projects AS p ON p.project_id = t0.project_id ORDER BY t0.task_id LIMIT 3",
  "SELECT t0.task_id, p.status FROM (SELECT task_id, project_id FROM tasks ORDER BY task_id DESC LIMIT 3) AS t0 "
  "LEFT JOIN projects AS p ON p.project_id = t0.project_id ORDER BY t0.task_id LIMIT 3",
  "the pushed limit keeps the last three tasks")
X("InferWindowGroupLimit: a rank filter as a correlated MAX",
  "SELECT w.project_id, w.task_id FROM (SELECT project_id, task_id, RANK() OVER (PARTITION BY project_id "
  "ORDER BY est_h DESC) AS rk FROM tasks) AS w WHERE w.rk = 1",
  "SELECT t.project_id, t.task_id FROM tasks AS t WHERE t.est_h = (SELECT MAX(u.est_h) FROM tasks AS u "
  "WHERE u.project_id = t.project_id)",
  "SELECT w.project_id, w.task_id FROM (SELECT project_id, task_id, ROW_NUMBER() OVER (PARTITION BY project_id "
  "ORDER BY est_h DESC, task_id) AS rk FROM tasks) AS w WHERE w.rk = 1",
  "ROW_NUMBER: ties cut to the lowest task id")
X("CollapseWindow: two windows of one specification computed together",
  "SELECT a.task_id, a.s, b.c FROM (SELECT task_id, SUM(est_h) OVER (PARTITION BY project_id) AS s FROM tasks) AS a "
  "JOIN (SELECT task_id, COUNT(*) OVER (PARTITION BY project_id) AS c FROM tasks) AS b ON b.task_id = a.task_id",
  "SELECT task_id, SUM(est_h) OVER (PARTITION BY project_id) AS s, COUNT(*) OVER (PARTITION BY project_id) AS c "
  "FROM tasks",
  "SELECT task_id, SUM(est_h) OVER (PARTITION BY project_id) AS s, COUNT(*) OVER () AS c FROM tasks",
  "the count's partition lost")
# --- expressions
X("ConstantFolding + BooleanSimplification: folded constants and a true disjunct",
  "SELECT task_id FROM tasks WHERE est_h > 1 + 1 AND (1 = 1 OR priority = 2)",
  "SELECT task_id FROM tasks WHERE est_h > 2",
  "SELECT task_id FROM tasks WHERE est_h >= 2",
  "the folded bound made non-strict")
X("BooleanSimplification: De Morgan under three-valued logic",
  "SELECT task_id FROM tasks WHERE NOT (priority > 2 AND due_day IS NULL)",
  "SELECT task_id FROM tasks WHERE priority <= 2 OR due_day IS NOT NULL",
  "SELECT task_id FROM tasks WHERE priority <= 2 OR priority IS NULL OR due_day IS NOT NULL",
  "unknown priorities treated as passing")
X("NullPropagation: COALESCE with a leading NULL and a NOT NULL argument",
  "SELECT task_id, COALESCE(NULL, est_h, priority) FROM tasks",
  "SELECT task_id, est_h FROM tasks",
  "SELECT task_id, COALESCE(priority, est_h) FROM tasks",
  "the arguments swapped: the priority wins where set")
X("NullPropagation: arithmetic with NULL in a filter is never true",
  "SELECT task_id FROM tasks WHERE priority + NULL > 1 OR est_h = 8",
  "SELECT task_id FROM tasks WHERE est_h = 8",
  "SELECT task_id FROM tasks WHERE priority IS NULL OR est_h = 8",
  "the NULL arithmetic read as a NULL test")
X("ReduceExpressionsRule: x = x reduced to IS NOT NULL",
  "SELECT task_id FROM tasks WHERE priority = priority",
  "SELECT task_id FROM tasks WHERE priority IS NOT NULL",
  "SELECT task_id FROM tasks WHERE 1 = 1",
  "reduced to TRUE: NULL priorities kept")
X("ReduceExpressionsRule: contradictory predicates reduced to an empty scan",
  "SELECT p.project_id, COUNT(t.task_id) FROM projects AS p LEFT JOIN tasks AS t ON t.project_id = p.project_id "
  "AND t.due_day IS NULL AND t.due_day > 3 GROUP BY p.project_id",
  "SELECT project_id, 0 FROM projects",
  "SELECT p.project_id, COUNT(*) FROM projects AS p LEFT JOIN tasks AS t ON t.project_id = p.project_id "
  "AND t.due_day IS NULL AND t.due_day > 3 GROUP BY p.project_id",
  "COUNT(*) over the outer join counts the NULL-extended row")
X("OptimizeIn: IN with a NULL element in a filter",
  "SELECT task_id FROM tasks WHERE priority IN (1, NULL, 1)",
  "SELECT task_id FROM tasks WHERE priority = 1",
  ("SELECT task_id FROM tasks WHERE priority NOT IN (2, NULL)", "SELECT task_id FROM tasks WHERE priority <> 2"),
  "NOT IN with a NULL element is never true")
X("ReplaceNullWithFalseInPredicate: ELSE NULL in a filter's CASE as FALSE",
  "SELECT task_id FROM tasks WHERE CASE WHEN est_h > 1 THEN priority = 1 ELSE NULL END",
  "SELECT task_id FROM tasks WHERE CASE WHEN est_h > 1 THEN priority = 1 ELSE FALSE END",
  "SELECT task_id FROM tasks WHERE CASE WHEN est_h > 1 THEN priority = 1 ELSE TRUE END",
  "ELSE TRUE: small tasks kept")
X("SimplifyConditionals: an unreachable CASE branch removed",
  "SELECT task_id, CASE WHEN priority = 1 THEN 'high' WHEN priority = 1 THEN 'dup' WHEN priority IS NULL THEN 'none' "
  "ELSE 'low' END FROM tasks",
  "SELECT task_id, CASE WHEN priority IS NULL THEN 'none' WHEN priority = 1 THEN 'high' ELSE 'low' END FROM tasks",
  "SELECT task_id, CASE WHEN priority = 1 THEN 'high' ELSE 'low' END FROM tasks",
  "the NULL branch removed too")
X("ReduceExpressionsRule: a COALESCE of a NOT NULL column removed",
  "SELECT task_id, COALESCE(est_h, 0) + COALESCE(project_id, -1) FROM tasks",
  "SELECT task_id, est_h + project_id FROM tasks",
  ("SELECT task_id, COALESCE(due_day, 0) + est_h FROM tasks", "SELECT task_id, due_day + est_h FROM tasks"),
  "the COALESCE of a NULL-able column removed")
# --- joins
X("JoinCommuteRule: the inputs of an inner join swapped",
  "SELECT a.person_id, t.task_id, t.est_h FROM assignments AS a JOIN tasks AS t ON t.task_id = a.task_id",
  "SELECT a.person_id, t.task_id, t.est_h FROM tasks AS t JOIN assignments AS a ON a.task_id = t.task_id",
  "SELECT a.person_id, t.task_id, t.est_h FROM tasks AS t LEFT JOIN assignments AS a ON a.task_id = t.task_id",
  "swapped into a LEFT JOIN: unassigned tasks kept")
X("JoinAssociateRule: (A JOIN B) JOIN C as A JOIN (B JOIN C)",
  "SELECT p.team, t.project_id FROM (people AS p JOIN assignments AS a ON a.person_id = p.person_id) "
  "JOIN tasks AS t ON t.task_id = a.task_id",
  "SELECT p.team, bc.project_id FROM people AS p JOIN (SELECT a.person_id, t.project_id FROM assignments AS a "
  "JOIN tasks AS t ON t.task_id = a.task_id) AS bc ON bc.person_id = p.person_id",
  "SELECT p.team, bc.project_id FROM people AS p JOIN (SELECT DISTINCT a.person_id, t.project_id FROM assignments AS a "
  "JOIN tasks AS t ON t.task_id = a.task_id) AS bc ON bc.person_id = p.person_id",
  "a DISTINCT in the associated input: two tasks of one project counted once")
X("ReorderJoin + PushPredicateThroughJoin: a comma join reordered with its conditions placed",
  "SELECT p.person_id, q.project_id FROM people AS p, assignments AS a, tasks AS t, projects AS q "
  "WHERE q.project_id = t.project_id AND a.task_id = t.task_id AND a.person_id = p.person_id AND q.status = 'active'",
  "SELECT p.person_id, q0.project_id FROM (SELECT project_id FROM projects WHERE status = 'active') AS q0 "
  "JOIN tasks AS t ON t.project_id = q0.project_id JOIN assignments AS a ON a.task_id = t.task_id "
  "JOIN people AS p ON p.person_id = a.person_id",
  "SELECT p.person_id, q0.project_id FROM (SELECT project_id FROM projects WHERE status = 'active') AS q0 "
  "JOIN tasks AS t ON t.project_id = q0.project_id JOIN assignments AS a ON a.task_id = t.task_id "
  "JOIN people AS p ON p.person_id = t.task_id",
  "the person joined on the wrong column")
X("SemiJoinRule: a join read only on the left under DISTINCT as EXISTS",
  "SELECT DISTINCT p.project_id, p.status FROM projects AS p JOIN tasks AS t ON t.project_id = p.project_id "
  "WHERE t.est_h >= 2",
  "SELECT p.project_id, p.status FROM projects AS p WHERE EXISTS (SELECT 1 FROM tasks AS t "
  "WHERE t.project_id = p.project_id AND t.est_h >= 2)",
  "SELECT p.project_id, p.status FROM projects AS p JOIN tasks AS t ON t.project_id = p.project_id WHERE t.est_h >= 2",
  "the DISTINCT dropped: a project per matching task")
X("SemiJoinRule + AggregateProjectMergeRule: a self semi-join on a NULL-able column",
  "SELECT DISTINCT m.person_id FROM people AS m JOIN people AS e ON e.manager_id = m.person_id WHERE e.rate > 0",
  "SELECT m.person_id FROM people AS m WHERE m.person_id IN (SELECT e.manager_id FROM people AS e WHERE e.rate > 0)",
  "SELECT m.person_id FROM people AS m WHERE m.person_id IN (SELECT e.manager_id FROM people AS e WHERE e.rate >= 0)",
  "the reports' rate filter made non-strict: managers of unpaid people listed")
X("JoinToCorrelate + AggregateJoinTransposeRule: a grouped join as a correlated COUNT",
  "SELECT p.person_id, COUNT(a.task_id) FROM people AS p LEFT JOIN assignments AS a ON a.person_id = p.person_id "
  "GROUP BY p.person_id",
  "SELECT p.person_id, (SELECT COUNT(*) FROM assignments AS a WHERE a.person_id = p.person_id) FROM people AS p",
  "SELECT p.person_id, COUNT(*) FROM people AS p LEFT JOIN assignments AS a ON a.person_id = p.person_id "
  "GROUP BY p.person_id",
  "COUNT(*): people without assignments counted as 1")
X("FilterProjectTransposeRule + FilterAggregateTransposeRule: a filter through a projection and an aggregate",
  "SELECT v.pid, v.total FROM (SELECT g.person_id AS pid, g.h AS total FROM (SELECT person_id, SUM(hours) AS h "
  "FROM timesheets GROUP BY person_id) AS g) AS v WHERE v.pid = 2",
  "SELECT person_id AS pid, SUM(hours) AS total FROM timesheets WHERE person_id = 2 GROUP BY person_id",
  ("SELECT v.pid, v.total FROM (SELECT g.person_id AS pid, g.h AS total FROM (SELECT person_id, SUM(hours) AS h "
   "FROM timesheets GROUP BY person_id) AS g) AS v WHERE v.total = 2",
   "SELECT person_id AS pid, SUM(hours) AS total FROM timesheets WHERE hours = 2 GROUP BY person_id"),
  "a filter on the aggregate pushed below it as a filter on the rows")
X("AggregateProjectPullUpConstantsRule: a constant group key removed from the GROUP BY",
  "SELECT project_id, priority, COUNT(*) FROM tasks WHERE priority = 2 GROUP BY project_id, priority",
  "SELECT project_id, 2 AS priority, COUNT(*) FROM tasks WHERE priority = 2 GROUP BY project_id",
  "SELECT project_id, 2 AS priority, COUNT(*) FROM tasks WHERE priority >= 2 GROUP BY project_id",
  "the filter widened: the key is no longer constant")
X("AggregateUnionAggregateRule: DISTINCT branches under a UNION",
  "SELECT DISTINCT u.d FROM (SELECT DISTINCT due_day AS d FROM tasks UNION ALL SELECT DISTINCT day AS d "
  "FROM timesheets) AS u",
  "SELECT due_day AS d FROM tasks UNION SELECT day AS d FROM timesheets",
  "SELECT due_day AS d FROM tasks UNION ALL SELECT DISTINCT day AS d FROM timesheets",
  "UNION ALL: days in both lists repeated")
X("sqlite:ConstantFolding on IIF",
  "SELECT task_id, IIF(1 < 2, est_h, priority) FROM tasks",
  "SELECT task_id, est_h FROM tasks",
  "SELECT task_id, IIF(est_h < 2, est_h, priority) FROM tasks",
  "the folded condition read as a column test", dialect="sqlite")
X("sqlite:NullPropagation on IFNULL of a NOT NULL column",
  "SELECT person_id, IFNULL(person_id, 0) + IFNULL(rate, 0) FROM people",
  "SELECT person_id, person_id + COALESCE(rate, 0) FROM people",
  "SELECT person_id, person_id + rate FROM people",
  "the IFNULL of a NULL-able column removed", dialect="sqlite")
X("sqlite:BooleanSimplification of a comparison summed as 0/1",
  "SELECT project_id, SUM(est_h > 1 AND 1 = 1) FROM tasks GROUP BY project_id",
  "SELECT project_id, SUM(CASE WHEN est_h > 1 THEN 1 ELSE 0 END) FROM tasks GROUP BY project_id",
  "SELECT project_id, SUM(CASE WHEN est_h >= 1 THEN 1 ELSE 0 END) FROM tasks GROUP BY project_id",
  "the folded comparison made non-strict", dialect="sqlite")
X("list:SortProjectTransposeRule with a total order",
  "SELECT s.task_id, s.e FROM (SELECT task_id, est_h * 10 AS e FROM tasks) AS s ORDER BY s.e DESC, s.task_id LIMIT 3",
  "SELECT task_id, est_h * 10 AS e FROM tasks ORDER BY est_h DESC, task_id LIMIT 3",
  "SELECT task_id, est_h * 10 AS e FROM tasks ORDER BY est_h DESC, task_id DESC LIMIT 3",
  "ties broken by the highest task id", semantics="list")

# ================================================================ TPC-DS-style queries rewritten (dsmart)
D("Q1: customer returns above 1.2 times the store average, CTE inlined and decorrelated",
  "WITH ctr AS (SELECT c_key AS cust, s_key AS store, SUM(amt) AS total FROM sret WHERE d_key IS NOT NULL "
  "GROUP BY c_key, s_key) SELECT c1.cust FROM ctr AS c1 WHERE c1.total > (SELECT AVG(c2.total) * 1.2 FROM ctr AS c2 "
  "WHERE c2.store = c1.store)",
  "SELECT c1.cust FROM (SELECT c_key AS cust, s_key AS store, SUM(amt) AS total FROM sret WHERE d_key IS NOT NULL "
  "GROUP BY c_key, s_key) AS c1 JOIN (SELECT c2.store, AVG(c2.total) * 1.2 AS lim FROM (SELECT c_key AS cust, "
  "s_key AS store, SUM(amt) AS total FROM sret WHERE d_key IS NOT NULL GROUP BY c_key, s_key) AS c2 "
  "GROUP BY c2.store) AS a ON a.store = c1.store WHERE c1.total > a.lim",
  "SELECT c1.cust FROM (SELECT c_key AS cust, s_key AS store, SUM(amt) AS total FROM sret WHERE d_key IS NOT NULL "
  "GROUP BY c_key, s_key) AS c1 JOIN (SELECT c2.store, AVG(c2.total) * 1.2 AS lim FROM (SELECT c_key AS cust, "
  "s_key AS store, SUM(amt) AS total FROM sret WHERE d_key IS NOT NULL GROUP BY c_key, s_key) AS c2 "
  "GROUP BY c2.store) AS a ON a.store = c1.store WHERE c1.total >= a.lim",
  "non-strict: a lone zero total kept")
D("Q3: brand revenue in December for one manager, filters pushed into the joined inputs",
  "SELECT d.d_year, i.i_brand, SUM(s.net) FROM cal AS d, sale AS s, prod AS i WHERE d.d_key = s.d_key "
  "AND s.i_key = i.i_key AND i.i_manager = 1 AND d.d_moy = 12 GROUP BY d.d_year, i.i_brand",
  "SELECT d0.d_year, i0.i_brand, SUM(s.net) FROM sale AS s JOIN (SELECT d_key, d_year FROM cal WHERE d_moy = 12) AS d0 "
  "ON d0.d_key = s.d_key JOIN (SELECT i_key, i_brand FROM prod WHERE i_manager = 1) AS i0 ON i0.i_key = s.i_key "
  "GROUP BY d0.d_year, i0.i_brand",
  "SELECT d0.d_year, i0.i_brand, SUM(s.net) FROM sale AS s LEFT JOIN (SELECT d_key, d_year FROM cal WHERE d_moy = 12) "
  "AS d0 ON d0.d_key = s.d_key JOIN (SELECT i_key, i_brand FROM prod WHERE i_manager = 1) AS i0 "
  "ON i0.i_key = s.i_key GROUP BY d0.d_year, i0.i_brand",
  "the date side made outer: other months summed under a NULL year")
D("Q6: states buying items above their category's average price, the correlated AVG unnested",
  "SELECT c.c_state, COUNT(*) FROM buyer AS c JOIN sale AS s ON s.c_key = c.c_key JOIN prod AS i ON i.i_key = s.i_key "
  "WHERE i.i_price > (SELECT AVG(j.i_price) FROM prod AS j WHERE j.i_category = i.i_category) GROUP BY c.c_state "
  "HAVING COUNT(*) >= 1",
  "SELECT c.c_state, COUNT(*) FROM buyer AS c JOIN sale AS s ON s.c_key = c.c_key JOIN prod AS i ON i.i_key = s.i_key "
  "JOIN (SELECT i_category, AVG(i_price) AS ap FROM prod GROUP BY i_category) AS a ON a.i_category = i.i_category "
  "WHERE i.i_price > a.ap GROUP BY c.c_state HAVING COUNT(*) >= 1",
  "SELECT c.c_state, COUNT(*) FROM buyer AS c JOIN sale AS s ON s.c_key = c.c_key JOIN prod AS i ON i.i_key = s.i_key "
  "JOIN (SELECT i_category, AVG(i_price) AS ap FROM prod GROUP BY i_category) AS a ON a.i_category = i.i_category "
  "WHERE i.i_price > a.ap GROUP BY c.c_state HAVING COUNT(*) > 1",
  "the HAVING bound made strict")
D("Q13: quantity under an OR of store-state branches, OR expanded into UNION ALL",
  "SELECT SUM(s.qty) FROM sale AS s JOIN shop AS st ON st.s_key = s.s_key WHERE (st.s_state = 'TN' AND s.net >= 100) "
  "OR (st.s_state = 'GA' AND s.net < 100)",
  "SELECT SUM(u.qty) FROM (SELECT s.qty FROM sale AS s JOIN shop AS st ON st.s_key = s.s_key WHERE st.s_state = 'TN' "
  "AND s.net >= 100 UNION ALL SELECT s.qty FROM sale AS s JOIN shop AS st ON st.s_key = s.s_key "
  "WHERE st.s_state = 'GA' AND s.net < 100) AS u",
  "SELECT SUM(u.qty) FROM (SELECT s.qty FROM sale AS s JOIN shop AS st ON st.s_key = s.s_key WHERE st.s_state = 'TN' "
  "AND s.net >= 100 UNION ALL SELECT s.qty FROM sale AS s JOIN shop AS st ON st.s_key = s.s_key "
  "WHERE st.s_state = 'GA' AND s.net <= 100) AS u",
  "the second branch's bound made non-strict")
D("Q10: customers with store sales and web or returns activity, EXISTS as IN over a UNION",
  "SELECT c.c_key, c.c_state FROM buyer AS c WHERE EXISTS (SELECT 1 FROM sale AS s WHERE s.c_key = c.c_key) "
  "AND (EXISTS (SELECT 1 FROM web AS w WHERE w.c_key = c.c_key) OR EXISTS (SELECT 1 FROM sret AS r "
  "WHERE r.c_key = c.c_key))",
  "SELECT c_key, c_state FROM buyer WHERE c_key IN (SELECT c_key FROM sale) AND c_key IN (SELECT c_key FROM web "
  "UNION SELECT c_key FROM sret)",
  "SELECT c_key, c_state FROM buyer WHERE c_key IN (SELECT c_key FROM sale) AND c_key IN (SELECT c_key FROM web "
  "INTERSECT SELECT c_key FROM sret)",
  "both web and returns required")
D("Q14: brands and categories sold in store and on the web, INTERSECT as a semi-join",
  "SELECT i.i_brand, i.i_category FROM prod AS i JOIN sale AS s ON s.i_key = i.i_key INTERSECT "
  "SELECT i.i_brand, i.i_category FROM prod AS i JOIN web AS w ON w.i_key = i.i_key",
  "SELECT DISTINCT a.i_brand, a.i_category FROM (SELECT i.i_brand, i.i_category FROM prod AS i JOIN sale AS s "
  "ON s.i_key = i.i_key) AS a WHERE EXISTS (SELECT 1 FROM prod AS p JOIN web AS w ON w.i_key = p.i_key "
  "WHERE p.i_brand = a.i_brand AND p.i_category = a.i_category)",
  "SELECT DISTINCT a.i_brand, a.i_category FROM (SELECT i.i_brand, i.i_category FROM prod AS i JOIN sale AS s "
  "ON s.i_key = i.i_key) AS a WHERE EXISTS (SELECT 1 FROM prod AS p JOIN web AS w ON w.i_key = p.i_key "
  "WHERE p.i_brand = a.i_brand)",
  "the category dropped from the semi-join")
D("Q38: state and year seen in all three channels, INTERSECT as NULL-safe semi-joins",
  "SELECT COUNT(*) FROM (SELECT c.c_state, d.d_year FROM sale AS s JOIN buyer AS c ON c.c_key = s.c_key "
  "JOIN cal AS d ON d.d_key = s.d_key INTERSECT SELECT c.c_state, d.d_year FROM web AS w JOIN buyer AS c "
  "ON c.c_key = w.c_key JOIN cal AS d ON d.d_key = w.d_key) AS x",
  "SELECT COUNT(*) FROM (SELECT DISTINCT c.c_state, d.d_year FROM sale AS s JOIN buyer AS c ON c.c_key = s.c_key "
  "JOIN cal AS d ON d.d_key = s.d_key WHERE EXISTS (SELECT 1 FROM web AS w JOIN buyer AS c2 ON c2.c_key = w.c_key "
  "JOIN cal AS d2 ON d2.d_key = w.d_key WHERE d2.d_year = d.d_year AND (c2.c_state = c.c_state "
  "OR (c2.c_state IS NULL AND c.c_state IS NULL)))) AS x",
  "SELECT COUNT(*) FROM (SELECT DISTINCT c.c_state, d.d_year FROM sale AS s JOIN buyer AS c ON c.c_key = s.c_key "
  "JOIN cal AS d ON d.d_key = s.d_key WHERE EXISTS (SELECT 1 FROM web AS w JOIN buyer AS c2 ON c2.c_key = w.c_key "
  "JOIN cal AS d2 ON d2.d_key = w.d_key WHERE d2.d_year = d.d_year AND c2.c_state = c.c_state)) AS x",
  "a plain equality: customers without a state never match")
D("Q87: store customers never buying on the web, EXCEPT as a DISTINCT anti-join",
  "SELECT c_key FROM sale WHERE c_key IS NOT NULL EXCEPT SELECT c_key FROM web",
  "SELECT DISTINCT s.c_key FROM sale AS s WHERE s.c_key IS NOT NULL AND NOT EXISTS (SELECT 1 FROM web AS w "
  "WHERE w.c_key = s.c_key)",
  "SELECT DISTINCT s.c_key FROM sale AS s WHERE s.c_key IS NOT NULL AND s.c_key NOT IN (SELECT w.c_key FROM web AS w)",
  "NOT IN: nothing when a web order has no customer")
D("Q94: tickets sold in two stores and never returned, EXISTS/NOT EXISTS as joins",
  "SELECT COUNT(DISTINCT s1.ticket) FROM sale AS s1 WHERE EXISTS (SELECT 1 FROM sale AS s2 WHERE s2.ticket = s1.ticket "
  "AND s2.s_key <> s1.s_key) AND NOT EXISTS (SELECT 1 FROM sret AS r WHERE r.ticket = s1.ticket)",
  "SELECT COUNT(DISTINCT s1.ticket) FROM sale AS s1 JOIN sale AS s2 ON s2.ticket = s1.ticket AND s2.s_key <> s1.s_key "
  "LEFT JOIN sret AS r ON r.ticket = s1.ticket WHERE r.ticket IS NULL",
  "SELECT COUNT(s1.ticket) FROM sale AS s1 JOIN sale AS s2 ON s2.ticket = s1.ticket AND s2.s_key <> s1.s_key "
  "LEFT JOIN sret AS r ON r.ticket = s1.ticket WHERE r.ticket IS NULL",
  "COUNT without DISTINCT: a ticket counted per pair of lines")
D("Q19: brand revenue bought out of the home state, comma joins reordered",
  "SELECT i.i_brand, SUM(s.net) FROM cal AS d, sale AS s, prod AS i, buyer AS c, shop AS st WHERE d.d_key = s.d_key "
  "AND s.i_key = i.i_key AND s.c_key = c.c_key AND s.s_key = st.s_key AND d.d_year = 2000 "
  "AND c.c_state <> st.s_state GROUP BY i.i_brand",
  "SELECT i.i_brand, SUM(s.net) FROM shop AS st JOIN sale AS s ON s.s_key = st.s_key JOIN buyer AS c "
  "ON c.c_key = s.c_key AND c.c_state <> st.s_state JOIN (SELECT d_key FROM cal WHERE d_year = 2000) AS d "
  "ON d.d_key = s.d_key JOIN prod AS i ON i.i_key = s.i_key GROUP BY i.i_brand",
  "SELECT i.i_brand, SUM(s.net) FROM shop AS st JOIN sale AS s ON s.s_key = st.s_key JOIN buyer AS c "
  "ON c.c_key = s.c_key AND COALESCE(c.c_state, '') <> st.s_state JOIN (SELECT d_key FROM cal WHERE d_year = 2000) "
  "AS d ON d.d_key = s.d_key JOIN prod AS i ON i.i_key = s.i_key GROUP BY i.i_brand",
  "customers without a state counted as out of state")
D("Q23: sales of frequently sold items, IN over a HAVING as a join",
  "SELECT s.c_key, SUM(s.qty) FROM sale AS s WHERE s.i_key IN (SELECT i_key FROM sale GROUP BY i_key "
  "HAVING COUNT(*) >= 2) GROUP BY s.c_key",
  "SELECT s.c_key, SUM(s.qty) FROM sale AS s JOIN (SELECT i_key FROM sale GROUP BY i_key HAVING COUNT(*) >= 2) AS f "
  "ON f.i_key = s.i_key GROUP BY s.c_key",
  "SELECT s.c_key, SUM(s.qty) FROM sale AS s JOIN (SELECT i_key FROM sale GROUP BY i_key "
  "HAVING COUNT(DISTINCT ticket) >= 2) AS f ON f.i_key = s.i_key GROUP BY s.c_key",
  "frequency by distinct tickets: two lines of one ticket not frequent")
D("Q27: rollup of state and brand as a UNION ALL re-aggregated from the finest level",
  "SELECT st.s_state, i.i_brand, SUM(s.qty) FROM sale AS s JOIN shop AS st ON st.s_key = s.s_key JOIN prod AS i "
  "ON i.i_key = s.i_key GROUP BY st.s_state, i.i_brand UNION ALL SELECT st.s_state, NULL, SUM(s.qty) FROM sale AS s "
  "JOIN shop AS st ON st.s_key = s.s_key GROUP BY st.s_state UNION ALL SELECT NULL, NULL, SUM(s.qty) FROM sale AS s "
  "JOIN shop AS st ON st.s_key = s.s_key",
  "WITH g AS (SELECT st.s_state AS state, i.i_brand AS brand, SUM(s.qty) AS q FROM sale AS s JOIN shop AS st "
  "ON st.s_key = s.s_key JOIN prod AS i ON i.i_key = s.i_key GROUP BY st.s_state, i.i_brand) "
  "SELECT state, brand, q FROM g UNION ALL SELECT state, NULL, SUM(q) FROM g GROUP BY state "
  "UNION ALL SELECT NULL, NULL, SUM(q) FROM g",
  "WITH g AS (SELECT st.s_state AS state, i.i_brand AS brand, SUM(s.qty) AS q FROM sale AS s JOIN shop AS st "
  "ON st.s_key = s.s_key JOIN prod AS i ON i.i_key = s.i_key GROUP BY st.s_state, i.i_brand) "
  "SELECT state, brand, q FROM g UNION ALL SELECT state, NULL, MAX(q) FROM g GROUP BY state "
  "UNION ALL SELECT NULL, NULL, SUM(q) FROM g",
  "the state level takes the largest brand instead of the sum")
D("Q32: excess net over twice the item average, the correlated AVG as a join",
  "SELECT SUM(s.net) FROM sale AS s JOIN prod AS i ON i.i_key = s.i_key WHERE i.i_manager = 1 "
  "AND s.net > (SELECT 2 * AVG(s2.net) FROM sale AS s2 WHERE s2.i_key = s.i_key)",
  "SELECT SUM(s.net) FROM sale AS s JOIN prod AS i ON i.i_key = s.i_key JOIN (SELECT i_key, 2 * AVG(net) AS lim "
  "FROM sale GROUP BY i_key) AS a ON a.i_key = s.i_key WHERE i.i_manager = 1 AND s.net > a.lim",
  "SELECT SUM(s.net) FROM sale AS s JOIN prod AS i ON i.i_key = s.i_key JOIN (SELECT i_key, 2 * AVG(net) AS lim "
  "FROM sale GROUP BY i_key) AS a ON a.i_key = s.i_key WHERE i.i_manager = 1 AND s.net >= a.lim",
  "non-strict: zero nets kept")
D("Q33: category revenue over channels, aggregates pulled above the UNION ALL",
  "SELECT x.i_category, SUM(x.t) FROM (SELECT i.i_category, SUM(s.net) AS t FROM sale AS s JOIN prod AS i "
  "ON i.i_key = s.i_key GROUP BY i.i_category UNION ALL SELECT i.i_category, SUM(w.net) AS t FROM web AS w "
  "JOIN prod AS i ON i.i_key = w.i_key GROUP BY i.i_category) AS x GROUP BY x.i_category",
  "SELECT i.i_category, SUM(u.net) FROM (SELECT i_key, net FROM sale UNION ALL SELECT i_key, net FROM web) AS u "
  "JOIN prod AS i ON i.i_key = u.i_key GROUP BY i.i_category",
  "SELECT i.i_category, SUM(u.net) FROM (SELECT i_key, net FROM sale UNION SELECT i_key, net FROM web) AS u "
  "JOIN prod AS i ON i.i_key = u.i_key GROUP BY i.i_category",
  "UNION: equal item nets summed once")
D("Q35: buyers per state and birth year with store and web activity, EXISTS as DISTINCT joins",
  "SELECT c.c_state, c.c_birth_year, COUNT(*) FROM buyer AS c WHERE EXISTS (SELECT 1 FROM sale AS s "
  "WHERE s.c_key = c.c_key) AND EXISTS (SELECT 1 FROM web AS w WHERE w.c_key = c.c_key) "
  "GROUP BY c.c_state, c.c_birth_year",
  "SELECT c.c_state, c.c_birth_year, COUNT(*) FROM buyer AS c JOIN (SELECT DISTINCT c_key FROM sale) AS s "
  "ON s.c_key = c.c_key JOIN (SELECT DISTINCT c_key FROM web) AS w ON w.c_key = c.c_key "
  "GROUP BY c.c_state, c.c_birth_year",
  "SELECT c.c_state, c.c_birth_year, COUNT(*) FROM buyer AS c JOIN (SELECT DISTINCT c_key FROM sale) AS s "
  "ON s.c_key = c.c_key JOIN web AS w ON w.c_key = c.c_key GROUP BY c.c_state, c.c_birth_year",
  "the web side not made distinct: buyers counted per web order")
D("Q37: items in a price band that sold, a DISTINCT join as IN with BETWEEN expanded",
  "SELECT DISTINCT i.i_key, i.i_brand FROM prod AS i JOIN sale AS s ON s.i_key = i.i_key "
  "WHERE i.i_price BETWEEN 10 AND 25",
  "SELECT i_key, i_brand FROM prod WHERE i_price >= 10 AND i_price <= 25 AND i_key IN (SELECT i_key FROM sale)",
  "SELECT i_key, i_brand FROM prod WHERE i_price > 10 AND i_price <= 25 AND i_key IN (SELECT i_key FROM sale)",
  "the lower bound made strict")
D("Q44: item revenue rank, RANK as one plus a correlated count",
  "SELECT g.i_key, RANK() OVER (ORDER BY g.total DESC) FROM (SELECT i_key, SUM(net) AS total FROM sale "
  "WHERE net IS NOT NULL GROUP BY i_key) AS g",
  "SELECT a.i_key, 1 + (SELECT COUNT(*) FROM (SELECT i_key, SUM(net) AS total FROM sale WHERE net IS NOT NULL "
  "GROUP BY i_key) AS b WHERE b.total > a.total) FROM (SELECT i_key, SUM(net) AS total FROM sale "
  "WHERE net IS NOT NULL GROUP BY i_key) AS a",
  "SELECT a.i_key, 1 + (SELECT COUNT(DISTINCT b.total) FROM (SELECT i_key, SUM(net) AS total FROM sale "
  "WHERE net IS NOT NULL GROUP BY i_key) AS b WHERE b.total > a.total) FROM (SELECT i_key, SUM(net) AS total "
  "FROM sale WHERE net IS NOT NULL GROUP BY i_key) AS a",
  "dense ranks: no gap after ties")
D("Q46: ticket totals per customer, the aggregate pushed below the join to buyer",
  "SELECT c.c_state, t.ticket, t.amt FROM (SELECT ticket, c_key, SUM(net) AS amt FROM sale GROUP BY ticket, c_key) AS t "
  "JOIN buyer AS c ON c.c_key = t.c_key",
  "SELECT c.c_state, s.ticket, SUM(s.net) FROM sale AS s JOIN buyer AS c ON c.c_key = s.c_key "
  "GROUP BY s.ticket, c.c_key, c.c_state",
  "SELECT c.c_state, s.ticket, SUM(s.net) FROM sale AS s JOIN buyer AS c ON c.c_key = s.c_key "
  "GROUP BY s.ticket, c.c_state",
  "grouped by state instead of customer: two customers of one state merged")
D("Q43: net per store and day of week pivoted, the aggregate pushed below the pivot",
  "SELECT s.s_key, SUM(CASE WHEN d.d_dow = 0 THEN s.net ELSE NULL END), SUM(CASE WHEN d.d_dow = 6 THEN s.net "
  "ELSE NULL END) FROM sale AS s JOIN cal AS d ON d.d_key = s.d_key GROUP BY s.s_key",
  "SELECT g.s_key, SUM(CASE WHEN g.d_dow = 0 THEN g.t END), SUM(CASE WHEN g.d_dow = 6 THEN g.t END) FROM "
  "(SELECT s.s_key, d.d_dow, SUM(s.net) AS t FROM sale AS s JOIN cal AS d ON d.d_key = s.d_key "
  "GROUP BY s.s_key, d.d_dow) AS g GROUP BY g.s_key",
  "SELECT g.s_key, MAX(CASE WHEN g.d_dow = 0 THEN g.t END), SUM(CASE WHEN g.d_dow = 6 THEN g.t END) FROM "
  "(SELECT s.s_key, d.d_dow, SUM(s.net) AS t FROM sale AS s JOIN cal AS d ON d.d_key = s.d_key "
  "GROUP BY s.s_key, s.d_key, d.d_dow) AS g GROUP BY g.s_key",
  "pre-aggregated per day and the largest day taken")
D("Q53: manager months above the manager's monthly average, the window AVG as a join",
  "SELECT w.i_manager, w.d_moy, w.tot FROM (SELECT g.i_manager, g.d_moy, g.tot, AVG(g.tot) OVER "
  "(PARTITION BY g.i_manager) AS av FROM (SELECT i.i_manager, d.d_moy, SUM(s.net) AS tot FROM sale AS s "
  "JOIN prod AS i ON i.i_key = s.i_key JOIN cal AS d ON d.d_key = s.d_key WHERE i.i_manager IS NOT NULL "
  "GROUP BY i.i_manager, d.d_moy) AS g) AS w WHERE w.tot > w.av",
  "SELECT g.i_manager, g.d_moy, g.tot FROM (SELECT i.i_manager, d.d_moy, SUM(s.net) AS tot FROM sale AS s "
  "JOIN prod AS i ON i.i_key = s.i_key JOIN cal AS d ON d.d_key = s.d_key WHERE i.i_manager IS NOT NULL "
  "GROUP BY i.i_manager, d.d_moy) AS g JOIN (SELECT h.i_manager, AVG(h.tot) AS av FROM (SELECT i.i_manager, "
  "d.d_moy, SUM(s.net) AS tot FROM sale AS s JOIN prod AS i ON i.i_key = s.i_key JOIN cal AS d ON d.d_key = s.d_key "
  "WHERE i.i_manager IS NOT NULL GROUP BY i.i_manager, d.d_moy) AS h GROUP BY h.i_manager) AS a "
  "ON a.i_manager = g.i_manager WHERE g.tot > a.av",
  "SELECT w.i_manager, w.d_moy, w.tot FROM (SELECT g.i_manager, g.d_moy, g.tot, AVG(g.tot) OVER () AS av "
  "FROM (SELECT i.i_manager, d.d_moy, SUM(s.net) AS tot FROM sale AS s JOIN prod AS i ON i.i_key = s.i_key "
  "JOIN cal AS d ON d.d_key = s.d_key WHERE i.i_manager IS NOT NULL GROUP BY i.i_manager, d.d_moy) AS g) AS w "
  "WHERE w.tot > w.av",
  "the average over every manager")
D("Q59: the previous year's store total, LAG as a self-join on the latest earlier year",
  "SELECT g.s_key, g.d_year, g.tot, LAG(g.tot) OVER (PARTITION BY g.s_key ORDER BY g.d_year) FROM "
  "(SELECT s.s_key, d.d_year, SUM(s.net) AS tot FROM sale AS s JOIN cal AS d ON d.d_key = s.d_key "
  "WHERE s.s_key IS NOT NULL GROUP BY s.s_key, d.d_year) AS g",
  "WITH g AS (SELECT s.s_key, d.d_year, SUM(s.net) AS tot FROM sale AS s JOIN cal AS d ON d.d_key = s.d_key "
  "WHERE s.s_key IS NOT NULL GROUP BY s.s_key, d.d_year) SELECT g.s_key, g.d_year, g.tot, p.tot FROM g "
  "LEFT JOIN g AS p ON p.s_key = g.s_key AND p.d_year = (SELECT MAX(q.d_year) FROM g AS q WHERE q.s_key = g.s_key "
  "AND q.d_year < g.d_year)",
  "WITH g AS (SELECT s.s_key, d.d_year, SUM(s.net) AS tot FROM sale AS s JOIN cal AS d ON d.d_key = s.d_key "
  "WHERE s.s_key IS NOT NULL GROUP BY s.s_key, d.d_year) SELECT g.s_key, g.d_year, g.tot, p.tot FROM g "
  "JOIN g AS p ON p.s_key = g.s_key AND p.d_year = (SELECT MAX(q.d_year) FROM g AS q WHERE q.s_key = g.s_key "
  "AND q.d_year < g.d_year)",
  "an inner self-join: each store's first year lost")
D("Q65: store items with low revenue, two CTEs inlined",
  "WITH sc AS (SELECT s_key, i_key, SUM(net) AS rev FROM sale GROUP BY s_key, i_key), sb AS (SELECT s_key, "
  "MAX(rev) AS top FROM sc GROUP BY s_key) SELECT sc.s_key, sc.i_key FROM sc JOIN sb ON sb.s_key = sc.s_key "
  "WHERE sc.rev * 4 <= sb.top",
  "SELECT a.s_key, a.i_key FROM (SELECT s_key, i_key, SUM(net) AS rev FROM sale GROUP BY s_key, i_key) AS a "
  "WHERE a.rev * 4 <= (SELECT MAX(b.rev) FROM (SELECT s_key, i_key, SUM(net) AS rev FROM sale GROUP BY s_key, i_key) "
  "AS b WHERE b.s_key = a.s_key)",
  "SELECT a.s_key, a.i_key FROM (SELECT s_key, i_key, SUM(net) AS rev FROM sale GROUP BY s_key, i_key) AS a "
  "WHERE a.rev * 4 <= (SELECT MAX(b.rev) FROM (SELECT s_key, i_key, SUM(net) AS rev FROM sale GROUP BY s_key, i_key) "
  "AS b WHERE b.s_key = a.s_key OR b.s_key IS NULL)",
  "the store with no key counted in every store's maximum")
D("Q69: buyers with store sales only, NOT EXISTS as EXCEPT",
  "SELECT c.c_state, COUNT(*) FROM buyer AS c WHERE EXISTS (SELECT 1 FROM sale AS s WHERE s.c_key = c.c_key) "
  "AND NOT EXISTS (SELECT 1 FROM web AS w WHERE w.c_key = c.c_key) AND NOT EXISTS (SELECT 1 FROM sret AS r "
  "WHERE r.c_key = c.c_key) GROUP BY c.c_state",
  "SELECT c.c_state, COUNT(*) FROM buyer AS c JOIN (SELECT c_key FROM sale EXCEPT SELECT c_key FROM web "
  "EXCEPT SELECT c_key FROM sret) AS x ON x.c_key = c.c_key GROUP BY c.c_state",
  "SELECT c.c_state, COUNT(*) FROM buyer AS c WHERE c.c_key IN (SELECT c_key FROM sale) AND c.c_key NOT IN "
  "(SELECT c_key FROM web) AND c.c_key NOT IN (SELECT c_key FROM sret) GROUP BY c.c_state",
  "NOT IN over NULL-able customer keys")
D("Q73: tickets with two or three lines, a filter over a grouped derived table as HAVING",
  "SELECT t.c_key, t.ticket, t.cnt FROM (SELECT ticket, c_key, COUNT(*) AS cnt FROM sale GROUP BY ticket, c_key) AS t "
  "WHERE t.cnt BETWEEN 2 AND 3",
  "SELECT c_key, ticket, COUNT(*) FROM sale GROUP BY ticket, c_key HAVING COUNT(*) >= 2 AND COUNT(*) <= 3",
  "SELECT c_key, ticket, COUNT(*) FROM sale GROUP BY ticket, c_key HAVING COUNT(*) > 2 AND COUNT(*) <= 3",
  "the lower bound made strict")
D("Q77: store sales and returns, outer join of aggregates as scalar subqueries",
  "SELECT st.s_key, ss.sales, COALESCE(sr.ret, 0) FROM shop AS st JOIN (SELECT s_key, SUM(net) AS sales FROM sale "
  "GROUP BY s_key) AS ss ON ss.s_key = st.s_key LEFT JOIN (SELECT s_key, SUM(amt) AS ret FROM sret GROUP BY s_key) "
  "AS sr ON sr.s_key = st.s_key",
  "SELECT st.s_key, (SELECT SUM(s.net) FROM sale AS s WHERE s.s_key = st.s_key), COALESCE((SELECT SUM(r.amt) "
  "FROM sret AS r WHERE r.s_key = st.s_key), 0) FROM shop AS st WHERE EXISTS (SELECT 1 FROM sale AS s "
  "WHERE s.s_key = st.s_key)",
  "SELECT st.s_key, (SELECT SUM(s.net) FROM sale AS s WHERE s.s_key = st.s_key), (SELECT SUM(r.amt) "
  "FROM sret AS r WHERE r.s_key = st.s_key) FROM shop AS st WHERE EXISTS (SELECT 1 FROM sale AS s "
  "WHERE s.s_key = st.s_key)",
  "NULL instead of 0 for stores without returns")
D("Q90: web orders of one and of three units, two scalar counts as one pass",
  "SELECT (SELECT COUNT(*) FROM web WHERE qty = 1), (SELECT COUNT(*) FROM web WHERE qty = 3)",
  "SELECT COUNT(CASE WHEN qty = 1 THEN 1 END), COUNT(CASE WHEN qty = 3 THEN 1 END) FROM web",
  "SELECT SUM(CASE WHEN qty = 1 THEN 1 ELSE 0 END), SUM(CASE WHEN qty = 3 THEN 1 ELSE 0 END) FROM web",
  "SUM on an empty table answers NULL")
D("Q93: sales net of broken returns, a CASE over the outer join as COALESCE",
  "SELECT s.c_key, SUM(CASE WHEN r.amt IS NOT NULL THEN s.net - r.amt ELSE s.net END) FROM sale AS s "
  "LEFT JOIN sret AS r ON r.ticket = s.ticket AND r.i_key = s.i_key AND r.reason = 'broken' GROUP BY s.c_key",
  "SELECT s.c_key, SUM(COALESCE(s.net - r.amt, s.net)) FROM sale AS s LEFT JOIN sret AS r ON r.ticket = s.ticket "
  "AND r.i_key = s.i_key AND r.reason = 'broken' GROUP BY s.c_key",
  "SELECT s.c_key, SUM(COALESCE(s.net, 0) - COALESCE(r.amt, 0)) FROM sale AS s LEFT JOIN sret AS r "
  "ON r.ticket = s.ticket AND r.i_key = s.i_key AND r.reason = 'broken' GROUP BY s.c_key",
  "unknown nets read as 0")
D("Q96: sales count for one state and weekday, filters pushed into derived tables",
  "SELECT COUNT(*) FROM sale AS s, cal AS d, shop AS st WHERE s.d_key = d.d_key AND s.s_key = st.s_key "
  "AND d.d_dow = 6 AND st.s_state = 'TN' AND s.qty >= 2",
  "SELECT COUNT(*) FROM (SELECT d_key, s_key FROM sale WHERE qty >= 2) AS s JOIN (SELECT d_key FROM cal "
  "WHERE d_dow = 6) AS d ON d.d_key = s.d_key JOIN (SELECT s_key FROM shop WHERE s_state = 'TN') AS st "
  "ON st.s_key = s.s_key",
  "SELECT COUNT(*) FROM (SELECT d_key, s_key FROM sale WHERE qty >= 2) AS s JOIN (SELECT d_key FROM cal "
  "WHERE d_dow = 6) AS d ON d.d_key = s.d_key LEFT JOIN (SELECT s_key FROM shop WHERE s_state = 'TN') AS st "
  "ON st.s_key = s.s_key",
  "the store side made outer: other states counted")
D("Q97: customer-item pairs in store only, web only and both, FULL JOIN as EXCEPT and INTERSECT",
  "SELECT COUNT(CASE WHEN a.c IS NOT NULL AND b.c IS NULL THEN 1 END), COUNT(CASE WHEN a.c IS NULL AND b.c IS NOT NULL "
  "THEN 1 END), COUNT(CASE WHEN a.c IS NOT NULL AND b.c IS NOT NULL THEN 1 END) FROM (SELECT DISTINCT c_key AS c, "
  "i_key AS i FROM sale WHERE c_key IS NOT NULL) AS a FULL JOIN (SELECT DISTINCT c_key AS c, i_key AS i FROM web "
  "WHERE c_key IS NOT NULL) AS b ON b.c = a.c AND b.i = a.i",
  "SELECT (SELECT COUNT(*) FROM (SELECT c_key, i_key FROM sale WHERE c_key IS NOT NULL EXCEPT SELECT c_key, i_key "
  "FROM web) AS x), (SELECT COUNT(*) FROM (SELECT c_key, i_key FROM web WHERE c_key IS NOT NULL EXCEPT "
  "SELECT c_key, i_key FROM sale) AS y), (SELECT COUNT(*) FROM (SELECT c_key, i_key FROM sale INTERSECT "
  "SELECT c_key, i_key FROM web WHERE c_key IS NOT NULL) AS z)",
  "SELECT (SELECT COUNT(*) FROM (SELECT c_key, i_key FROM sale WHERE c_key IS NOT NULL EXCEPT SELECT c_key, i_key "
  "FROM web) AS x), (SELECT COUNT(*) FROM (SELECT c_key, i_key FROM web WHERE c_key IS NOT NULL EXCEPT "
  "SELECT c_key, i_key FROM sale) AS y), (SELECT COUNT(*) FROM (SELECT c_key, i_key FROM sale INTERSECT "
  "SELECT c_key, i_key FROM web) AS z)",
  "the both-channels count keeps pairs without a customer")
D("Q98: item revenue with its category total, the window SUM as a join to a grouped SUM",
  "SELECT g.i_key, g.i_category, g.rev, SUM(g.rev) OVER (PARTITION BY g.i_category) FROM (SELECT i.i_key, "
  "i.i_category, SUM(s.net) AS rev FROM sale AS s JOIN prod AS i ON i.i_key = s.i_key GROUP BY i.i_key, "
  "i.i_category) AS g",
  "SELECT i.i_key, i.i_category, SUM(s.net), c.crev FROM sale AS s JOIN prod AS i ON i.i_key = s.i_key "
  "JOIN (SELECT j.i_category, SUM(t.net) AS crev FROM sale AS t JOIN prod AS j ON j.i_key = t.i_key "
  "GROUP BY j.i_category) AS c ON c.i_category = i.i_category GROUP BY i.i_key, i.i_category, c.crev",
  "SELECT g.i_key, g.i_category, g.rev, SUM(g.rev) OVER () FROM (SELECT i.i_key, "
  "i.i_category, SUM(s.net) AS rev FROM sale AS s JOIN prod AS i ON i.i_key = s.i_key GROUP BY i.i_key, "
  "i.i_category) AS g",
  "the total over every category")
D("Q12: web item revenue with its category total, the window as a correlated subquery",
  "SELECT i.i_key, SUM(w.net) AS rev, SUM(SUM(w.net)) OVER (PARTITION BY i.i_category) FROM web AS w JOIN prod AS i "
  "ON i.i_key = w.i_key GROUP BY i.i_key, i.i_category",
  "SELECT i.i_key, SUM(w.net) AS rev, (SELECT SUM(w2.net) FROM web AS w2 JOIN prod AS j ON j.i_key = w2.i_key "
  "WHERE j.i_category = i.i_category) FROM web AS w JOIN prod AS i ON i.i_key = w.i_key GROUP BY i.i_key, i.i_category",
  "SELECT i.i_key, SUM(w.net) AS rev, (SELECT SUM(w2.net) FROM web AS w2 JOIN prod AS j ON j.i_key = w2.i_key "
  "WHERE j.i_brand = i.i_brand) FROM web AS w JOIN prod AS i ON i.i_key = w.i_key GROUP BY i.i_key, i.i_brand",
  "correlated on the brand instead of the category")
D("Q15: sales for some states or large nets, OR expanded into disjoint UNION ALL branches",
  "SELECT s.ticket, s.line FROM sale AS s JOIN buyer AS c ON c.c_key = s.c_key WHERE c.c_state IN ('CA', 'GA') "
  "OR s.net > 200",
  "SELECT s.ticket, s.line FROM sale AS s JOIN buyer AS c ON c.c_key = s.c_key WHERE c.c_state IN ('CA', 'GA') "
  "UNION ALL SELECT s.ticket, s.line FROM sale AS s JOIN buyer AS c ON c.c_key = s.c_key WHERE s.net > 200 "
  "AND (c.c_state NOT IN ('CA', 'GA') OR c.c_state IS NULL)",
  "SELECT s.ticket, s.line FROM sale AS s JOIN buyer AS c ON c.c_key = s.c_key WHERE c.c_state IN ('CA', 'GA') "
  "UNION ALL SELECT s.ticket, s.line FROM sale AS s JOIN buyer AS c ON c.c_key = s.c_key WHERE s.net > 200 "
  "AND c.c_state NOT IN ('CA', 'GA')",
  "the second branch drops customers without a state")
D("Q25: items sold, returned and rebought by one customer, transitive join predicates",
  "SELECT s.i_key, SUM(s.qty) FROM sale AS s JOIN sret AS r ON r.c_key = s.c_key AND r.i_key = s.i_key "
  "JOIN web AS w ON w.c_key = r.c_key AND w.i_key = r.i_key GROUP BY s.i_key",
  "SELECT s.i_key, SUM(s.qty) FROM web AS w JOIN sale AS s ON s.c_key = w.c_key AND s.i_key = w.i_key "
  "JOIN sret AS r ON r.c_key = s.c_key AND r.i_key = s.i_key AND r.c_key = w.c_key GROUP BY s.i_key",
  "SELECT s.i_key, SUM(s.qty) FROM web AS w JOIN sale AS s ON s.c_key = w.c_key "
  "JOIN sret AS r ON r.c_key = s.c_key AND r.i_key = s.i_key GROUP BY s.i_key",
  "the item equality to the web order dropped")
D("Q28: distinct nets per quantity bucket, a cross join of scalar aggregates as one pass",
  "SELECT a.n1, b.n2 FROM (SELECT COUNT(DISTINCT net) AS n1 FROM sale WHERE qty = 1) AS a, "
  "(SELECT COUNT(DISTINCT net) AS n2 FROM sale WHERE qty = 2) AS b",
  "SELECT COUNT(DISTINCT CASE WHEN qty = 1 THEN net END), COUNT(DISTINCT CASE WHEN qty = 2 THEN net END) FROM sale",
  "SELECT COUNT(DISTINCT CASE WHEN qty = 1 THEN net END), COUNT(CASE WHEN qty = 2 THEN net END) FROM sale",
  "the second bucket counts lines, not distinct nets")
D("Q34: frequent ticket buyers of one state, a HAVING over the join as a derived table",
  "SELECT c.c_key, s.ticket, COUNT(*) FROM sale AS s JOIN buyer AS c ON c.c_key = s.c_key WHERE c.c_pref = 'Y' "
  "GROUP BY c.c_key, s.ticket HAVING COUNT(*) BETWEEN 2 AND 5",
  "SELECT t.c_key, t.ticket, t.cnt FROM (SELECT c_key, ticket, COUNT(*) AS cnt FROM sale WHERE c_key IN "
  "(SELECT c_key FROM buyer WHERE c_pref = 'Y') GROUP BY c_key, ticket) AS t WHERE t.cnt >= 2 AND t.cnt <= 5",
  "SELECT t.c_key, t.ticket, t.cnt FROM (SELECT c_key, ticket, COUNT(*) AS cnt FROM sale WHERE c_key IN "
  "(SELECT c_key FROM buyer WHERE c_pref = 'Y' OR c_pref IS NULL) GROUP BY c_key, ticket) AS t "
  "WHERE t.cnt >= 2 AND t.cnt <= 5",
  "customers without a preference kept")
D("Q45: sales to one state or of listed items, OR with IN as a LEFT JOIN to a distinct set",
  "SELECT s.ticket, s.line FROM sale AS s JOIN buyer AS c ON c.c_key = s.c_key WHERE c.c_state = 'TN' "
  "OR s.i_key IN (SELECT i_key FROM prod WHERE i_manager = 2)",
  "SELECT s.ticket, s.line FROM sale AS s JOIN buyer AS c ON c.c_key = s.c_key LEFT JOIN (SELECT DISTINCT i_key "
  "FROM prod WHERE i_manager = 2) AS m ON m.i_key = s.i_key WHERE c.c_state = 'TN' OR m.i_key IS NOT NULL",
  "SELECT s.ticket, s.line FROM sale AS s JOIN buyer AS c ON c.c_key = s.c_key JOIN (SELECT DISTINCT i_key "
  "FROM prod WHERE i_manager = 2) AS m ON m.i_key = s.i_key WHERE c.c_state = 'TN' OR m.i_key IS NOT NULL",
  "an inner join to the item set: TN sales of other items lost")
D("Q58: items with equal store and web revenue, a join of CTEs as INTERSECT",
  "WITH ss AS (SELECT i_key, SUM(net) AS rev FROM sale WHERE net IS NOT NULL GROUP BY i_key), ws AS (SELECT i_key, "
  "SUM(net) AS rev FROM web WHERE net IS NOT NULL GROUP BY i_key) SELECT ss.i_key, ss.rev FROM ss JOIN ws "
  "ON ws.i_key = ss.i_key AND ws.rev = ss.rev",
  "SELECT i_key, SUM(net) FROM sale WHERE net IS NOT NULL GROUP BY i_key INTERSECT SELECT i_key, SUM(net) FROM web "
  "WHERE net IS NOT NULL GROUP BY i_key",
  "SELECT i_key, SUM(net) FROM sale WHERE net IS NOT NULL GROUP BY i_key UNION SELECT i_key, SUM(net) FROM web "
  "WHERE net IS NOT NULL GROUP BY i_key",
  "UNION for INTERSECT")
D("Q67: the top two items per category with ties, RANK as a correlated count",
  "SELECT w.i_category, w.i_key FROM (SELECT g.i_category, g.i_key, RANK() OVER (PARTITION BY g.i_category "
  "ORDER BY g.rev DESC) AS rk FROM (SELECT i.i_category, i.i_key, SUM(s.qty) AS rev FROM sale AS s JOIN prod AS i "
  "ON i.i_key = s.i_key WHERE s.qty IS NOT NULL GROUP BY i.i_category, i.i_key) AS g) AS w WHERE w.rk <= 2",
  "WITH g AS (SELECT i.i_category, i.i_key, SUM(s.qty) AS rev FROM sale AS s JOIN prod AS i ON i.i_key = s.i_key "
  "WHERE s.qty IS NOT NULL GROUP BY i.i_category, i.i_key) SELECT a.i_category, a.i_key FROM g AS a "
  "WHERE (SELECT COUNT(*) FROM g AS b WHERE b.i_category = a.i_category AND b.rev > a.rev) < 2",
  "SELECT w.i_category, w.i_key FROM (SELECT g.i_category, g.i_key, DENSE_RANK() OVER (PARTITION BY g.i_category "
  "ORDER BY g.rev DESC) AS rk FROM (SELECT i.i_category, i.i_key, SUM(s.qty) AS rev FROM sale AS s JOIN prod AS i "
  "ON i.i_key = s.i_key WHERE s.qty IS NOT NULL GROUP BY i.i_category, i.i_key) AS g) AS w WHERE w.rk <= 2",
  "DENSE_RANK: the next value after a tie kept")
D("Q70: rollup of state and county with a level marker, from the finest level",
  "SELECT st.s_state, st.s_county, 0 AS lvl, SUM(s.net) FROM sale AS s JOIN shop AS st ON st.s_key = s.s_key "
  "GROUP BY st.s_state, st.s_county UNION ALL SELECT st.s_state, NULL, 1, SUM(s.net) FROM sale AS s JOIN shop AS st "
  "ON st.s_key = s.s_key GROUP BY st.s_state",
  "WITH f AS (SELECT st.s_state AS state, st.s_county AS county, SUM(s.net) AS t FROM sale AS s JOIN shop AS st "
  "ON st.s_key = s.s_key GROUP BY st.s_state, st.s_county) SELECT state, county, 0 AS lvl, t FROM f UNION ALL "
  "SELECT state, NULL, 1, SUM(t) FROM f GROUP BY state",
  "WITH f AS (SELECT st.s_state AS state, st.s_county AS county, SUM(s.net) AS t FROM sale AS s JOIN shop AS st "
  "ON st.s_key = s.s_key GROUP BY st.s_state, st.s_county) SELECT state, county, 0 AS lvl, t FROM f UNION ALL "
  "SELECT state, NULL, 1, SUM(t) FROM f WHERE county IS NOT NULL GROUP BY state",
  "the state level skips stores without a county")
D("Q71: brand revenue over both channels for one manager, the join pushed into the UNION ALL branches",
  "SELECT i.i_brand, SUM(x.net) FROM (SELECT i_key, net FROM sale UNION ALL SELECT i_key, net FROM web) AS x "
  "JOIN prod AS i ON i.i_key = x.i_key WHERE i.i_manager = 1 GROUP BY i.i_brand",
  "SELECT y.i_brand, SUM(y.t) FROM (SELECT i.i_brand, SUM(s.net) AS t FROM sale AS s JOIN prod AS i "
  "ON i.i_key = s.i_key WHERE i.i_manager = 1 GROUP BY i.i_brand UNION ALL SELECT i.i_brand, SUM(w.net) AS t "
  "FROM web AS w JOIN prod AS i ON i.i_key = w.i_key WHERE i.i_manager = 1 GROUP BY i.i_brand) AS y GROUP BY y.i_brand",
  "SELECT y.i_brand, SUM(y.t) FROM (SELECT i.i_brand, SUM(s.net) AS t FROM sale AS s JOIN prod AS i "
  "ON i.i_key = s.i_key WHERE i.i_manager = 1 GROUP BY i.i_brand UNION ALL SELECT i.i_brand, SUM(w.net) AS t "
  "FROM web AS w JOIN prod AS i ON i.i_key = w.i_key GROUP BY i.i_brand) AS y GROUP BY y.i_brand",
  "the manager filter pushed into the store branch only")
D("Q74: customers growing from 2000 to 2001, a self-join of a CTE as a pivot with HAVING",
  "WITH y AS (SELECT s.c_key, d.d_year, SUM(s.net) AS tot FROM sale AS s JOIN cal AS d ON d.d_key = s.d_key "
  "WHERE s.c_key IS NOT NULL GROUP BY s.c_key, d.d_year) SELECT a.c_key FROM y AS a JOIN y AS b ON b.c_key = a.c_key "
  "WHERE a.d_year = 2000 AND b.d_year = 2001 AND b.tot > a.tot",
  "SELECT p.c_key FROM (SELECT y.c_key, SUM(CASE WHEN y.d_year = 2000 THEN y.tot END) AS t0, SUM(CASE WHEN "
  "y.d_year = 2001 THEN y.tot END) AS t1 FROM (SELECT s.c_key, d.d_year, SUM(s.net) AS tot FROM sale AS s JOIN cal AS d "
  "ON d.d_key = s.d_key WHERE s.c_key IS NOT NULL GROUP BY s.c_key, d.d_year) AS y GROUP BY y.c_key) AS p "
  "WHERE p.t1 > p.t0",
  "SELECT p.c_key FROM (SELECT y.c_key, SUM(CASE WHEN y.d_year = 2000 THEN y.tot END) AS t0, SUM(CASE WHEN "
  "y.d_year = 2001 THEN y.tot END) AS t1 FROM (SELECT s.c_key, d.d_year, SUM(s.net) AS tot FROM sale AS s JOIN cal AS d "
  "ON d.d_key = s.d_key WHERE s.c_key IS NOT NULL GROUP BY s.c_key, d.d_year) AS y GROUP BY y.c_key) AS p "
  "WHERE p.t1 >= p.t0",
  "flat customers kept")
D("Q75: line net after returns, returns pre-aggregated against a correlated sum",
  "SELECT s.ticket, s.line, s.net - COALESCE(r.ra, 0) FROM sale AS s LEFT JOIN (SELECT ticket, i_key, SUM(amt) AS ra "
  "FROM sret GROUP BY ticket, i_key) AS r ON r.ticket = s.ticket AND r.i_key = s.i_key",
  "SELECT s.ticket, s.line, s.net - COALESCE((SELECT SUM(r.amt) FROM sret AS r WHERE r.ticket = s.ticket "
  "AND r.i_key = s.i_key), 0) FROM sale AS s",
  "SELECT s.ticket, s.line, s.net - COALESCE(r.amt, 0) FROM sale AS s LEFT JOIN sret AS r ON r.ticket = s.ticket "
  "AND r.i_key = s.i_key",
  "the raw returns joined: a line repeated per return")
D("Q76: sales without a customer per channel and category, the aggregate pushed into the branches",
  "SELECT u.ch, i.i_category, COUNT(*) FROM (SELECT 'store' AS ch, i_key FROM sale WHERE c_key IS NULL UNION ALL "
  "SELECT 'web' AS ch, i_key FROM web WHERE c_key IS NULL) AS u JOIN prod AS i ON i.i_key = u.i_key "
  "GROUP BY u.ch, i.i_category",
  "SELECT 'store' AS ch, i.i_category, COUNT(*) FROM sale AS s JOIN prod AS i ON i.i_key = s.i_key "
  "WHERE s.c_key IS NULL GROUP BY i.i_category UNION ALL SELECT 'web', i.i_category, COUNT(*) FROM web AS w "
  "JOIN prod AS i ON i.i_key = w.i_key WHERE w.c_key IS NULL GROUP BY i.i_category",
  "SELECT 'store' AS ch, i.i_category, COUNT(s.c_key) FROM sale AS s JOIN prod AS i ON i.i_key = s.i_key "
  "WHERE s.c_key IS NULL GROUP BY i.i_category UNION ALL SELECT 'web', i.i_category, COUNT(*) FROM web AS w "
  "JOIN prod AS i ON i.i_key = w.i_key WHERE w.c_key IS NULL GROUP BY i.i_category",
  "COUNT of the NULL customer key: always 0")
D("Q78: store lines never returned, LEFT JOIN IS NULL as NOT EXISTS",
  "SELECT s.ticket, s.line FROM sale AS s LEFT JOIN sret AS r ON r.ticket = s.ticket AND r.i_key = s.i_key "
  "WHERE r.ticket IS NULL",
  "SELECT s.ticket, s.line FROM sale AS s WHERE NOT EXISTS (SELECT 1 FROM sret AS r WHERE r.ticket = s.ticket "
  "AND r.i_key = s.i_key)",
  "SELECT s.ticket, s.line FROM sale AS s LEFT JOIN sret AS r ON r.ticket = s.ticket AND r.i_key = s.i_key "
  "WHERE r.amt IS NULL",
  "the NULL test on the NULL-able amount: returns without an amount count as none")
D("Q91: returns under an OR of preference and reason, expanded into UNION ALL",
  "SELECT SUM(r.amt) FROM sret AS r JOIN buyer AS c ON c.c_key = r.c_key WHERE (c.c_pref = 'Y' AND r.reason = 'late') "
  "OR (c.c_pref = 'N' AND r.reason = 'broken')",
  "SELECT SUM(u.amt) FROM (SELECT r.amt FROM sret AS r JOIN buyer AS c ON c.c_key = r.c_key WHERE c.c_pref = 'Y' "
  "AND r.reason = 'late' UNION ALL SELECT r.amt FROM sret AS r JOIN buyer AS c ON c.c_key = r.c_key "
  "WHERE c.c_pref = 'N' AND r.reason = 'broken') AS u",
  "SELECT SUM(u.amt) FROM (SELECT r.amt FROM sret AS r JOIN buyer AS c ON c.c_key = r.c_key WHERE c.c_pref = 'Y' "
  "AND r.reason = 'late' UNION SELECT r.amt FROM sret AS r JOIN buyer AS c ON c.c_key = r.c_key "
  "WHERE c.c_pref = 'N' AND r.reason = 'broken') AS u",
  "UNION: equal amounts and duplicate returns summed once")
D("Q9: a CASE over scalar subqueries of one bucket as a single aggregate",
  "SELECT CASE WHEN (SELECT COUNT(*) FROM sale WHERE qty BETWEEN 1 AND 2) > 3 THEN (SELECT MAX(net) FROM sale "
  "WHERE qty BETWEEN 1 AND 2) ELSE (SELECT MIN(net) FROM sale WHERE qty BETWEEN 1 AND 2) END",
  "SELECT CASE WHEN COUNT(*) > 3 THEN MAX(net) ELSE MIN(net) END FROM sale WHERE qty >= 1 AND qty <= 2",
  "SELECT CASE WHEN COUNT(net) > 3 THEN MAX(net) ELSE MIN(net) END FROM sale WHERE qty >= 1 AND qty <= 2",
  "COUNT(net): lines without a net not counted")
D("Q21: items whose later sales at least match two thirds of earlier ones, CASE sums against two joins",
  "SELECT i_key FROM sale WHERE d_key IS NOT NULL GROUP BY i_key HAVING SUM(CASE WHEN d_key >= 3 THEN COALESCE(qty, 0) "
  "ELSE 0 END) * 3 >= SUM(CASE WHEN d_key < 3 THEN COALESCE(qty, 0) ELSE 0 END) * 2",
  "SELECT k.i_key FROM (SELECT DISTINCT i_key FROM sale WHERE d_key IS NOT NULL) AS k LEFT JOIN (SELECT i_key, "
  "SUM(COALESCE(qty, 0)) AS q FROM sale WHERE d_key >= 3 GROUP BY i_key) AS a ON a.i_key = k.i_key LEFT JOIN "
  "(SELECT i_key, SUM(COALESCE(qty, 0)) AS q FROM sale WHERE d_key < 3 GROUP BY i_key) AS b ON b.i_key = k.i_key "
  "WHERE COALESCE(a.q, 0) * 3 >= COALESCE(b.q, 0) * 2",
  "SELECT k.i_key FROM (SELECT DISTINCT i_key FROM sale WHERE d_key IS NOT NULL) AS k LEFT JOIN (SELECT i_key, "
  "SUM(qty) AS q FROM sale WHERE d_key >= 3 GROUP BY i_key) AS a ON a.i_key = k.i_key LEFT JOIN "
  "(SELECT i_key, SUM(qty) AS q FROM sale WHERE d_key < 3 GROUP BY i_key) AS b ON b.i_key = k.i_key "
  "WHERE a.q * 3 >= b.q * 2",
  "items without sales on one side dropped by the NULL comparison")
D("Q47: the previous month of a brand, a ROW_NUMBER self-join as LAG",
  "WITH v AS (SELECT g.i_brand, g.d_year, g.d_moy, g.tot, ROW_NUMBER() OVER (PARTITION BY g.i_brand "
  "ORDER BY g.d_year, g.d_moy) AS rn FROM (SELECT i.i_brand, d.d_year, d.d_moy, SUM(s.net) AS tot FROM sale AS s "
  "JOIN prod AS i ON i.i_key = s.i_key JOIN cal AS d ON d.d_key = s.d_key GROUP BY i.i_brand, d.d_year, d.d_moy) AS g) "
  "SELECT v1.i_brand, v1.d_year, v1.d_moy, v1.tot, v0.tot FROM v AS v1 LEFT JOIN v AS v0 ON v0.i_brand = v1.i_brand "
  "AND v0.rn = v1.rn - 1",
  "SELECT g.i_brand, g.d_year, g.d_moy, g.tot, LAG(g.tot) OVER (PARTITION BY g.i_brand ORDER BY g.d_year, g.d_moy) "
  "FROM (SELECT i.i_brand, d.d_year, d.d_moy, SUM(s.net) AS tot FROM sale AS s JOIN prod AS i ON i.i_key = s.i_key "
  "JOIN cal AS d ON d.d_key = s.d_key GROUP BY i.i_brand, d.d_year, d.d_moy) AS g",
  "SELECT g.i_brand, g.d_year, g.d_moy, g.tot, LAG(g.tot) OVER (ORDER BY g.i_brand, g.d_year, g.d_moy) "
  "FROM (SELECT i.i_brand, d.d_year, d.d_moy, SUM(s.net) AS tot FROM sale AS s JOIN prod AS i ON i.i_key = s.i_key "
  "JOIN cal AS d ON d.d_key = s.d_key GROUP BY i.i_brand, d.d_year, d.d_moy) AS g",
  "LAG without the brand partition: a brand's first month gets another brand's total")
D("Q51: cumulative item sales by day, a ROWS frame as a correlated sum",
  "SELECT g.i_key, g.d_key, SUM(g.t) OVER (PARTITION BY g.i_key ORDER BY g.d_key ROWS BETWEEN UNBOUNDED PRECEDING "
  "AND CURRENT ROW) FROM (SELECT i_key, d_key, SUM(net) AS t FROM sale WHERE d_key IS NOT NULL GROUP BY i_key, d_key) "
  "AS g",
  "SELECT a.i_key, a.d_key, (SELECT SUM(b.t) FROM (SELECT i_key, d_key, SUM(net) AS t FROM sale WHERE d_key IS NOT NULL "
  "GROUP BY i_key, d_key) AS b WHERE b.i_key = a.i_key AND b.d_key <= a.d_key) FROM (SELECT i_key, d_key, SUM(net) "
  "AS t FROM sale WHERE d_key IS NOT NULL GROUP BY i_key, d_key) AS a",
  "SELECT a.i_key, a.d_key, (SELECT SUM(b.t) FROM (SELECT i_key, d_key, SUM(net) AS t FROM sale WHERE d_key IS NOT NULL "
  "GROUP BY i_key, d_key) AS b WHERE b.i_key = a.i_key AND b.d_key < a.d_key) FROM (SELECT i_key, d_key, SUM(net) "
  "AS t FROM sale WHERE d_key IS NOT NULL GROUP BY i_key, d_key) AS a",
  "the current day left out of the running sum")
D("Q95: tickets sold in two stores, a self-join CTE as COUNT DISTINCT in HAVING",
  "WITH ws AS (SELECT s1.ticket FROM sale AS s1 JOIN sale AS s2 ON s1.ticket = s2.ticket AND s1.s_key <> s2.s_key) "
  "SELECT COUNT(DISTINCT ticket) FROM sale WHERE ticket IN (SELECT ticket FROM ws)",
  "SELECT COUNT(*) FROM (SELECT ticket FROM sale GROUP BY ticket HAVING COUNT(DISTINCT s_key) >= 2) AS m",
  "SELECT COUNT(*) FROM (SELECT ticket FROM sale GROUP BY ticket HAVING COUNT(s_key) >= 2) AS m",
  "two lines of one store count as two stores")
D("Q17: sales with returns on a ticket range, the range copied to the returns side",
  "SELECT s.ticket, s.i_key, r.amt FROM sale AS s JOIN sret AS r ON r.ticket = s.ticket AND r.i_key = s.i_key "
  "WHERE s.ticket BETWEEN 2 AND 4",
  "SELECT s.ticket, s.i_key, r.amt FROM (SELECT ticket, i_key FROM sale WHERE ticket >= 2 AND ticket <= 4) AS s "
  "JOIN (SELECT ticket, i_key, amt FROM sret WHERE ticket >= 2 AND ticket <= 4) AS r ON r.ticket = s.ticket "
  "AND r.i_key = s.i_key",
  "SELECT s.ticket, s.i_key, r.amt FROM (SELECT ticket, i_key FROM sale) AS s "
  "JOIN (SELECT ticket, i_key, amt FROM sret WHERE ticket >= 2 AND ticket < 4) AS r ON r.ticket = s.ticket "
  "AND r.i_key = s.i_key",
  "the copied range made strict and the original dropped")
D("Q40: net before and after a day with returns subtracted, the filter pushed below the outer join",
  "SELECT i.i_brand, SUM(CASE WHEN s.d_key < 3 THEN s.net - COALESCE(r.amt, 0) ELSE 0 END), SUM(CASE WHEN s.d_key >= 3 "
  "THEN s.net - COALESCE(r.amt, 0) ELSE 0 END) FROM sale AS s LEFT JOIN sret AS r ON r.ticket = s.ticket "
  "AND r.i_key = s.i_key JOIN prod AS i ON i.i_key = s.i_key WHERE i.i_price >= 10 GROUP BY i.i_brand",
  "SELECT i.i_brand, SUM(CASE WHEN s.d_key < 3 THEN s.net - COALESCE(r.amt, 0) ELSE 0 END), SUM(CASE WHEN s.d_key >= 3 "
  "THEN s.net - COALESCE(r.amt, 0) ELSE 0 END) FROM (SELECT i_key, i_brand FROM prod WHERE i_price >= 10) AS i "
  "JOIN sale AS s ON s.i_key = i.i_key LEFT JOIN sret AS r ON r.ticket = s.ticket AND r.i_key = s.i_key "
  "GROUP BY i.i_brand",
  "SELECT i.i_brand, SUM(CASE WHEN s.d_key < 3 THEN s.net - COALESCE(r.amt, 0) ELSE 0 END), SUM(CASE WHEN s.d_key > 3 "
  "THEN s.net - COALESCE(r.amt, 0) ELSE 0 END) FROM (SELECT i_key, i_brand FROM prod WHERE i_price >= 10) AS i "
  "JOIN sale AS s ON s.i_key = i.i_key LEFT JOIN sret AS r ON r.ticket = s.ticket AND r.i_key = s.i_key "
  "GROUP BY i.i_brand",
  "day 3 left out of the later bucket")
D("Q50: returns per store in delay buckets, CASE counts against a grouped bucket pivot",
  "SELECT s.s_key, SUM(CASE WHEN r.d_key - s.d_key <= 1 THEN 1 ELSE 0 END), SUM(CASE WHEN r.d_key - s.d_key > 1 "
  "THEN 1 ELSE 0 END) FROM sale AS s JOIN sret AS r ON r.ticket = s.ticket AND r.i_key = s.i_key "
  "GROUP BY s.s_key",
  "SELECT s.s_key, COUNT(CASE WHEN r.d_key - s.d_key <= 1 THEN 1 END), COUNT(CASE WHEN r.d_key - s.d_key > 1 "
  "THEN 1 END) FROM sale AS s JOIN sret AS r ON r.ticket = s.ticket AND r.i_key = s.i_key GROUP BY s.s_key",
  "SELECT s.s_key, COUNT(CASE WHEN r.d_key - s.d_key <= 1 THEN 1 END), COUNT(CASE WHEN r.d_key - s.d_key <= 1 "
  "THEN NULL ELSE 1 END) FROM sale AS s JOIN sret AS r ON r.ticket = s.ticket AND r.i_key = s.i_key GROUP BY s.s_key",
  "the later bucket as the complement: unknown days counted late")
D("Q56: customers of listed categories over both channels, IN over a UNION as EXISTS OR EXISTS",
  "SELECT c.c_key FROM buyer AS c WHERE c.c_key IN (SELECT s.c_key FROM sale AS s JOIN prod AS i ON i.i_key = s.i_key "
  "WHERE i.i_category = 'Books' UNION SELECT w.c_key FROM web AS w JOIN prod AS i ON i.i_key = w.i_key "
  "WHERE i.i_category = 'Books')",
  "SELECT c.c_key FROM buyer AS c WHERE EXISTS (SELECT 1 FROM sale AS s JOIN prod AS i ON i.i_key = s.i_key "
  "WHERE s.c_key = c.c_key AND i.i_category = 'Books') OR EXISTS (SELECT 1 FROM web AS w JOIN prod AS i "
  "ON i.i_key = w.i_key WHERE w.c_key = c.c_key AND i.i_category = 'Books')",
  "SELECT DISTINCT c.c_key FROM buyer AS c JOIN sale AS s ON s.c_key = c.c_key JOIN prod AS i ON i.i_key = s.i_key "
  "WHERE i.i_category = 'Books'",
  "the web channel dropped")
D("Q83: item returns per channel aligned, a FULL JOIN of grouped returns as UNION ALL of anti-joins",
  "SELECT COALESCE(a.i_key, b.i_key), a.n, b.n FROM (SELECT i_key, COUNT(*) AS n FROM sret WHERE i_key IS NOT NULL "
  "GROUP BY i_key) AS a FULL JOIN (SELECT i_key, COUNT(*) AS n FROM web GROUP BY i_key) AS b ON b.i_key = a.i_key",
  "SELECT a.i_key, a.n, (SELECT COUNT(*) FROM web AS w WHERE w.i_key = a.i_key) FROM (SELECT i_key, COUNT(*) AS n "
  "FROM sret WHERE i_key IS NOT NULL GROUP BY i_key) AS a WHERE EXISTS (SELECT 1 FROM web AS w WHERE w.i_key = a.i_key) "
  "UNION ALL SELECT a.i_key, a.n, NULL FROM (SELECT i_key, COUNT(*) AS n FROM sret WHERE i_key IS NOT NULL "
  "GROUP BY i_key) AS a WHERE NOT EXISTS (SELECT 1 FROM web AS w WHERE w.i_key = a.i_key) UNION ALL SELECT b.i_key, "
  "NULL, b.n FROM (SELECT i_key, COUNT(*) AS n FROM web GROUP BY i_key) AS b WHERE NOT EXISTS (SELECT 1 FROM sret AS r "
  "WHERE r.i_key = b.i_key)",
  "SELECT a.i_key, a.n, (SELECT COUNT(*) FROM web AS w WHERE w.i_key = a.i_key) FROM (SELECT i_key, COUNT(*) AS n "
  "FROM sret WHERE i_key IS NOT NULL GROUP BY i_key) AS a UNION ALL SELECT b.i_key, "
  "NULL, b.n FROM (SELECT i_key, COUNT(*) AS n FROM web GROUP BY i_key) AS b WHERE NOT EXISTS (SELECT 1 FROM sret AS r "
  "WHERE r.i_key = b.i_key)",
  "returned items without web orders given 0 instead of NULL")
D("Q11: buyers whose web net exceeds their store net, two CTEs as a single pass over a UNION ALL",
  "WITH st AS (SELECT c_key, SUM(net) AS t FROM sale WHERE c_key IS NOT NULL GROUP BY c_key), wt AS (SELECT c_key, "
  "SUM(net) AS t FROM web WHERE c_key IS NOT NULL GROUP BY c_key) SELECT st.c_key FROM st JOIN wt "
  "ON wt.c_key = st.c_key WHERE wt.t > st.t",
  "SELECT u.c_key FROM (SELECT c_key, net AS sn, NULL AS wn, 1 AS s1, 0 AS w1 FROM sale WHERE c_key IS NOT NULL "
  "UNION ALL SELECT c_key, NULL, net, 0, 1 FROM web WHERE c_key IS NOT NULL) AS u GROUP BY u.c_key "
  "HAVING SUM(u.s1) > 0 AND SUM(u.w1) > 0 AND SUM(u.wn) > SUM(u.sn)",
  "SELECT u.c_key FROM (SELECT c_key, net AS sn, NULL AS wn FROM sale WHERE c_key IS NOT NULL "
  "UNION ALL SELECT c_key, NULL, net FROM web WHERE c_key IS NOT NULL) AS u GROUP BY u.c_key "
  "HAVING COALESCE(SUM(u.wn), 0) > COALESCE(SUM(u.sn), 0)",
  "buyers of one channel only compared with 0")
D("Q2: store and web net per year side by side, a join of two grouped years as conditional sums",
  "SELECT a.d_year, a.t, b.t FROM (SELECT d.d_year, SUM(s.net) AS t FROM sale AS s JOIN cal AS d ON d.d_key = s.d_key "
  "GROUP BY d.d_year) AS a JOIN (SELECT d.d_year, SUM(w.net) AS t FROM web AS w JOIN cal AS d ON d.d_key = w.d_key "
  "GROUP BY d.d_year) AS b ON b.d_year = a.d_year",
  "SELECT y.d_year, SUM(CASE WHEN y.ch = 's' THEN y.net END), SUM(CASE WHEN y.ch = 'w' THEN y.net END) FROM "
  "(SELECT 's' AS ch, d.d_year, s.net FROM sale AS s JOIN cal AS d ON d.d_key = s.d_key UNION ALL SELECT 'w', d.d_year, "
  "w.net FROM web AS w JOIN cal AS d ON d.d_key = w.d_key) AS y GROUP BY y.d_year HAVING COUNT(CASE WHEN y.ch = 's' "
  "THEN 1 END) > 0 AND COUNT(CASE WHEN y.ch = 'w' THEN 1 END) > 0",
  "SELECT y.d_year, SUM(CASE WHEN y.ch = 's' THEN y.net END), SUM(CASE WHEN y.ch = 'w' THEN y.net END) FROM "
  "(SELECT 's' AS ch, d.d_year, s.net FROM sale AS s JOIN cal AS d ON d.d_key = s.d_key UNION ALL SELECT 'w', d.d_year, "
  "w.net FROM web AS w JOIN cal AS d ON d.d_key = w.d_key) AS y GROUP BY y.d_year",
  "years of one channel only kept")
D("Q60: item revenue per channel for one category, IN over a category as a join",
  "SELECT s.i_key, SUM(s.net) FROM sale AS s WHERE s.i_key IN (SELECT i_key FROM prod WHERE i_category = 'Music') "
  "AND s.d_key IN (SELECT d_key FROM cal WHERE d_moy = 2) GROUP BY s.i_key",
  "SELECT s.i_key, SUM(s.net) FROM sale AS s JOIN prod AS i ON i.i_key = s.i_key AND i.i_category = 'Music' "
  "JOIN cal AS d ON d.d_key = s.d_key AND d.d_moy = 2 GROUP BY s.i_key",
  "SELECT s.i_key, SUM(s.net) FROM sale AS s JOIN prod AS i ON i.i_key = s.i_key AND i.i_category = 'Music' "
  "LEFT JOIN cal AS d ON d.d_key = s.d_key AND d.d_moy = 2 GROUP BY s.i_key",
  "the date side outer: every month summed")
D("Q36: gross margin rank inside each category, RANK as a correlated count on grouped nets",
  "SELECT g.i_category, g.i_brand, RANK() OVER (PARTITION BY g.i_category ORDER BY g.t) FROM (SELECT i.i_category, "
  "i.i_brand, SUM(s.net) AS t FROM sale AS s JOIN prod AS i ON i.i_key = s.i_key WHERE s.net IS NOT NULL "
  "GROUP BY i.i_category, i.i_brand) AS g",
  "WITH g AS (SELECT i.i_category, i.i_brand, SUM(s.net) AS t FROM sale AS s JOIN prod AS i ON i.i_key = s.i_key "
  "WHERE s.net IS NOT NULL GROUP BY i.i_category, i.i_brand) SELECT a.i_category, a.i_brand, (SELECT COUNT(*) FROM g AS b "
  "WHERE b.i_category = a.i_category AND b.t < a.t) + 1 FROM g AS a",
  "WITH g AS (SELECT i.i_category, i.i_brand, SUM(s.net) AS t FROM sale AS s JOIN prod AS i ON i.i_key = s.i_key "
  "WHERE s.net IS NOT NULL GROUP BY i.i_category, i.i_brand) SELECT a.i_category, a.i_brand, (SELECT COUNT(*) FROM g AS b "
  "WHERE b.i_category = a.i_category AND b.t <= a.t) FROM g AS a",
  "ties ranked last instead of first")
D("Q68: tickets bought away from home, a join on a derived ticket table against EXISTS",
  "SELECT DISTINCT c.c_key FROM buyer AS c JOIN (SELECT s.ticket, s.c_key, st.s_state FROM sale AS s JOIN shop AS st "
  "ON st.s_key = s.s_key) AS t ON t.c_key = c.c_key WHERE t.s_state <> c.c_state",
  "SELECT c.c_key FROM buyer AS c WHERE EXISTS (SELECT 1 FROM sale AS s JOIN shop AS st ON st.s_key = s.s_key "
  "WHERE s.c_key = c.c_key AND st.s_state <> c.c_state)",
  "SELECT c.c_key FROM buyer AS c WHERE NOT EXISTS (SELECT 1 FROM sale AS s JOIN shop AS st ON st.s_key = s.s_key "
  "WHERE s.c_key = c.c_key AND st.s_state = c.c_state)",
  "no home-state ticket instead of some away ticket")
D("sqlite:Q88: counts per quantity with IIF against scalar counts",
  "SELECT (SELECT COUNT(*) FROM sale WHERE qty = 1), (SELECT COUNT(*) FROM sale WHERE qty = 5)",
  "SELECT COUNT(IIF(qty = 1, 1, NULL)), COUNT(IIF(qty = 5, 1, NULL)) FROM sale",
  "SELECT SUM(IIF(qty = 1, 1, 0)), SUM(IIF(qty = 5, 1, 0)) FROM sale",
  "SUM on an empty table answers NULL", dialect="sqlite")
D("sqlite:Q93: net after a return with IFNULL",
  "SELECT s.ticket, s.line, IFNULL(s.net - r.amt, s.net) FROM sale AS s LEFT JOIN (SELECT ticket, i_key, SUM(amt) AS amt "
  "FROM sret GROUP BY ticket, i_key) AS r ON r.ticket = s.ticket AND r.i_key = s.i_key",
  "SELECT s.ticket, s.line, CASE WHEN r.amt IS NULL THEN s.net ELSE s.net - r.amt END FROM sale AS s LEFT JOIN "
  "(SELECT ticket, i_key, SUM(amt) AS amt FROM sret GROUP BY ticket, i_key) AS r ON r.ticket = s.ticket "
  "AND r.i_key = s.i_key",
  "SELECT s.ticket, s.line, IFNULL(s.net, 0) - IFNULL(r.amt, 0) FROM sale AS s LEFT JOIN (SELECT ticket, i_key, "
  "SUM(amt) AS amt FROM sret GROUP BY ticket, i_key) AS r ON r.ticket = s.ticket AND r.i_key = s.i_key",
  "unknown nets read as 0", dialect="sqlite")
D("sqlite:Q7: the scalar MAX of two prices against CASE",
  "SELECT i_key, MAX(i_price, 10) FROM prod",
  "SELECT i_key, CASE WHEN i_price IS NULL THEN NULL WHEN i_price >= 10 THEN i_price ELSE 10 END FROM prod",
  "SELECT i_key, CASE WHEN i_price >= 10 THEN i_price ELSE 10 END FROM prod",
  "the scalar MAX answers NULL on an unknown price", dialect="sqlite")
D("list:Q3: the three best months with a total order",
  "SELECT d.d_year, d.d_moy, SUM(s.net) AS t FROM sale AS s JOIN cal AS d ON d.d_key = s.d_key WHERE s.net IS NOT NULL "
  "GROUP BY d.d_year, d.d_moy ORDER BY t DESC, d.d_year, d.d_moy LIMIT 3",
  "SELECT g.d_year, g.d_moy, g.t FROM (SELECT d.d_year, d.d_moy, SUM(s.net) AS t FROM cal AS d JOIN sale AS s "
  "ON s.d_key = d.d_key WHERE s.net IS NOT NULL GROUP BY d.d_year, d.d_moy) AS g ORDER BY g.t DESC, g.d_year, g.d_moy "
  "LIMIT 3",
  "SELECT g.d_year, g.d_moy, g.t FROM (SELECT d.d_year, d.d_moy, SUM(s.net) AS t FROM cal AS d JOIN sale AS s "
  "ON s.d_key = d.d_key WHERE s.net IS NOT NULL GROUP BY d.d_year, d.d_moy) AS g ORDER BY g.t DESC, g.d_year DESC, "
  "g.d_moy LIMIT 3",
  "ties broken by the latest year", semantics="list")

# ================================================================ podcast hosting analytics (podhost)
# --- downloads
P("downloads:downloads per episode with silent episodes",
  "SELECT e.episode_id, COUNT(d.episode_id) FROM episodes AS e LEFT JOIN downloads AS d ON d.episode_id = e.episode_id "
  "GROUP BY e.episode_id",
  "SELECT e.episode_id, (SELECT COUNT(*) FROM downloads AS d WHERE d.episode_id = e.episode_id) FROM episodes AS e",
  "SELECT e.episode_id, COUNT(*) FROM episodes AS e LEFT JOIN downloads AS d ON d.episode_id = e.episode_id "
  "GROUP BY e.episode_id",
  "COUNT(*) over the outer join: silent episodes counted as 1")
P("downloads:unique listeners per episode",
  "SELECT episode_id, COUNT(DISTINCT listener_id) FROM downloads WHERE episode_id IS NOT NULL GROUP BY episode_id",
  "SELECT x.episode_id, SUM(CASE WHEN x.listener_id IS NULL THEN 0 ELSE 1 END) FROM (SELECT DISTINCT episode_id, "
  "listener_id FROM downloads WHERE episode_id IS NOT NULL) AS x GROUP BY x.episode_id",
  "SELECT x.episode_id, COUNT(*) FROM (SELECT DISTINCT episode_id, listener_id FROM downloads "
  "WHERE episode_id IS NOT NULL) AS x GROUP BY x.episode_id",
  "anonymous downloads counted as one more listener")
P("downloads:downloads per app with unknown apps as a group",
  "SELECT app, COUNT(*) FROM downloads GROUP BY app",
  "SELECT app, COUNT(*) FROM downloads WHERE app IS NOT NULL GROUP BY app UNION ALL SELECT NULL, COUNT(*) "
  "FROM downloads WHERE app IS NULL HAVING COUNT(*) > 0",
  "SELECT app, COUNT(*) FROM downloads WHERE app IS NOT NULL GROUP BY app UNION ALL SELECT NULL, COUNT(*) "
  "FROM downloads WHERE app IS NULL",
  "an unknown-app row of 0 when every app is known")
P("downloads:downloads per show",
  "SELECT e.show_id, COUNT(*) FROM downloads AS d JOIN episodes AS e USING (episode_id) GROUP BY e.show_id",
  "SELECT e.show_id, SUM(g.n) FROM episodes AS e JOIN (SELECT episode_id, COUNT(*) AS n FROM downloads "
  "GROUP BY episode_id) AS g ON g.episode_id = e.episode_id GROUP BY e.show_id",
  "SELECT e.show_id, COUNT(g.n) FROM episodes AS e JOIN (SELECT episode_id, COUNT(*) AS n FROM downloads "
  "GROUP BY episode_id) AS g ON g.episode_id = e.episode_id GROUP BY e.show_id",
  "episodes counted instead of downloads")
P("downloads:bytes served per show with downloads",
  "SELECT e.show_id, SUM(d.bytes) FROM downloads AS d JOIN episodes AS e ON e.episode_id = d.episode_id "
  "GROUP BY e.show_id",
  "SELECT s.show_id, (SELECT SUM(d.bytes) FROM downloads AS d JOIN episodes AS e ON e.episode_id = d.episode_id "
  "WHERE e.show_id = s.show_id) FROM shows AS s WHERE EXISTS (SELECT 1 FROM downloads AS d JOIN episodes AS e "
  "ON e.episode_id = d.episode_id WHERE e.show_id = s.show_id)",
  "SELECT s.show_id, (SELECT SUM(d.bytes) FROM downloads AS d JOIN episodes AS e ON e.episode_id = d.episode_id "
  "WHERE e.show_id = s.show_id) FROM shows AS s",
  "shows without downloads listed with NULL")
P("downloads:first-week downloads per episode",
  "SELECT d.episode_id, COUNT(*) FROM downloads AS d JOIN episodes AS e ON e.episode_id = d.episode_id "
  "WHERE d.day - e.publish_day BETWEEN 0 AND 6 GROUP BY d.episode_id",
  "SELECT e.episode_id, SUM(CASE WHEN d.day - e.publish_day >= 0 AND d.day - e.publish_day < 7 THEN 1 ELSE 0 END) "
  "FROM episodes AS e JOIN downloads AS d ON d.episode_id = e.episode_id GROUP BY e.episode_id "
  "HAVING COUNT(CASE WHEN d.day - e.publish_day >= 0 AND d.day - e.publish_day < 7 THEN 1 END) > 0",
  "SELECT e.episode_id, SUM(CASE WHEN d.day - e.publish_day >= 0 AND d.day - e.publish_day <= 7 THEN 1 ELSE 0 END) "
  "FROM episodes AS e JOIN downloads AS d ON d.episode_id = e.episode_id GROUP BY e.episode_id "
  "HAVING COUNT(CASE WHEN d.day - e.publish_day >= 0 AND d.day - e.publish_day <= 7 THEN 1 END) > 0",
  "an eighth day counted")
P("downloads:pre-release leaks",
  "SELECT d.episode_id, d.listener_id, d.day FROM downloads AS d JOIN episodes AS e ON e.episode_id = d.episode_id "
  "WHERE d.day < e.publish_day",
  "SELECT d.episode_id, d.listener_id, d.day FROM downloads AS d WHERE d.episode_id IN (SELECT e.episode_id "
  "FROM episodes AS e WHERE NOT (d.day >= e.publish_day))",
  "SELECT d.episode_id, d.listener_id, d.day FROM downloads AS d WHERE d.episode_id IN (SELECT e.episode_id "
  "FROM episodes AS e WHERE NOT (d.day > e.publish_day))",
  "downloads on the publish day counted as leaks")
P("downloads:unpublished episodes with downloads",
  "SELECT e.episode_id FROM episodes AS e WHERE e.publish_day IS NULL AND EXISTS (SELECT 1 FROM downloads AS d "
  "WHERE d.episode_id = e.episode_id)",
  "SELECT episode_id FROM episodes WHERE publish_day IS NULL INTERSECT SELECT episode_id FROM downloads",
  "SELECT episode_id FROM episodes WHERE publish_day IS NULL UNION SELECT episode_id FROM downloads",
  "UNION for INTERSECT")
P("downloads:episodes never downloaded",
  "SELECT e.episode_id FROM episodes AS e WHERE NOT EXISTS (SELECT 1 FROM downloads AS d WHERE d.episode_id = e.episode_id)",
  "SELECT episode_id FROM episodes EXCEPT SELECT episode_id FROM downloads",
  "SELECT episode_id FROM episodes WHERE episode_id NOT IN (SELECT episode_id FROM downloads)",
  "NOT IN over a NULL-able column: nothing when a download has no episode")
P("downloads:listeners who downloaded every episode of show 1",
  "SELECT l.listener_id FROM listeners AS l WHERE EXISTS (SELECT 1 FROM episodes WHERE show_id = 1) AND NOT EXISTS "
  "(SELECT 1 FROM episodes AS e WHERE e.show_id = 1 AND NOT EXISTS (SELECT 1 FROM downloads AS d "
  "WHERE d.listener_id = l.listener_id AND d.episode_id = e.episode_id))",
  "SELECT d.listener_id FROM downloads AS d JOIN episodes AS e USING (episode_id) WHERE e.show_id = 1 "
  "AND d.listener_id IS NOT NULL GROUP BY d.listener_id HAVING COUNT(DISTINCT d.episode_id) = (SELECT COUNT(*) "
  "FROM episodes WHERE show_id = 1)",
  "SELECT d.listener_id FROM downloads AS d JOIN episodes AS e USING (episode_id) WHERE e.show_id = 1 "
  "AND d.listener_id IS NOT NULL GROUP BY d.listener_id HAVING COUNT(*) = (SELECT COUNT(*) "
  "FROM episodes WHERE show_id = 1)",
  "repeated downloads counted as episodes")
P("downloads:bytes per week of day numbers",
  "SELECT (day - 1) / 7, SUM(bytes) FROM downloads WHERE day IS NOT NULL GROUP BY (day - 1) / 7",
  "SELECT w.wk, SUM(w.bytes) FROM (SELECT (day - 1) / 7 AS wk, bytes FROM downloads WHERE day IS NOT NULL) AS w "
  "GROUP BY w.wk",
  "SELECT w.wk, SUM(w.bytes) FROM (SELECT day / 7 AS wk, bytes FROM downloads WHERE day IS NOT NULL) AS w "
  "GROUP BY w.wk",
  "weeks starting on day 0: day 7 moved to the next week")
P("downloads:failed downloads per app",
  "SELECT app, SUM(CASE WHEN bytes = 0 THEN 1 ELSE 0 END) FROM downloads GROUP BY app",
  "SELECT a.app, (SELECT COUNT(*) FROM downloads AS d WHERE d.bytes = 0 AND (d.app = a.app OR (d.app IS NULL "
  "AND a.app IS NULL))) FROM (SELECT DISTINCT app FROM downloads) AS a",
  "SELECT a.app, (SELECT COUNT(*) FROM downloads AS d WHERE d.bytes = 0 AND d.app = a.app) "
  "FROM (SELECT DISTINCT app FROM downloads) AS a",
  "a plain equality: the unknown app's failures never counted")
P("downloads:downloads on the publish day",
  "SELECT e.episode_id, COUNT(d.day) FROM episodes AS e LEFT JOIN downloads AS d ON d.episode_id = e.episode_id "
  "AND d.day = e.publish_day GROUP BY e.episode_id",
  "SELECT e.episode_id, (SELECT COUNT(*) FROM downloads AS d WHERE d.episode_id = e.episode_id "
  "AND d.day = e.publish_day) FROM episodes AS e",
  "SELECT e.episode_id, COUNT(d.day) FROM episodes AS e LEFT JOIN downloads AS d ON d.episode_id = e.episode_id "
  "WHERE d.day = e.publish_day GROUP BY e.episode_id",
  "the day filter in WHERE: episodes without a launch-day download lost")
P("downloads:shows with more than two downloads",
  "WITH v AS (SELECT e.show_id, COUNT(*) AS n FROM downloads AS d JOIN episodes AS e ON e.episode_id = d.episode_id "
  "GROUP BY e.show_id) SELECT show_id, n FROM v WHERE n > 2",
  "SELECT e.show_id, COUNT(*) FROM episodes AS e JOIN downloads AS d ON d.episode_id = e.episode_id "
  "GROUP BY e.show_id HAVING COUNT(*) > 2",
  "SELECT e.show_id, COUNT(*) FROM episodes AS e JOIN downloads AS d ON d.episode_id = e.episode_id "
  "GROUP BY e.show_id HAVING COUNT(DISTINCT d.listener_id) > 2",
  "listeners counted instead of downloads")
P("downloads:downloads per listener country with unknown listeners",
  "SELECT l.country, COUNT(*) FROM downloads AS d LEFT JOIN listeners AS l ON l.listener_id = d.listener_id "
  "GROUP BY l.country",
  "SELECT x.country, SUM(x.n) FROM (SELECT l.country, COUNT(*) AS n FROM downloads AS d JOIN listeners AS l "
  "ON l.listener_id = d.listener_id GROUP BY l.country UNION ALL SELECT NULL, COUNT(*) FROM downloads "
  "WHERE listener_id IS NULL) AS x GROUP BY x.country HAVING SUM(x.n) > 0",
  "SELECT x.country, SUM(x.n) FROM (SELECT l.country, COUNT(*) AS n FROM downloads AS d JOIN listeners AS l "
  "ON l.listener_id = d.listener_id GROUP BY l.country UNION ALL SELECT NULL, COUNT(*) FROM downloads "
  "WHERE listener_id IS NULL) AS x GROUP BY x.country",
  "a NULL country row of 0 when no download is anonymous")
P("downloads:running downloads per episode by day",
  "SELECT episode_id, day, SUM(COUNT(*)) OVER (PARTITION BY episode_id ORDER BY day ROWS BETWEEN UNBOUNDED PRECEDING "
  "AND CURRENT ROW) FROM downloads WHERE episode_id IS NOT NULL AND day IS NOT NULL GROUP BY episode_id, day",
  "SELECT g.episode_id, g.day, (SELECT COUNT(*) FROM downloads AS d WHERE d.episode_id = g.episode_id "
  "AND d.day <= g.day) FROM (SELECT DISTINCT episode_id, day FROM downloads WHERE episode_id IS NOT NULL "
  "AND day IS NOT NULL) AS g",
  "SELECT episode_id, day, SUM(COUNT(*)) OVER (PARTITION BY episode_id ORDER BY day ROWS BETWEEN 1 PRECEDING "
  "AND CURRENT ROW) FROM downloads WHERE episode_id IS NOT NULL AND day IS NOT NULL GROUP BY episode_id, day",
  "a two-day window instead of the running total")
P("downloads:downloads over the last three download days",
  "SELECT episode_id, day, SUM(COUNT(*)) OVER (PARTITION BY episode_id ORDER BY day ROWS BETWEEN 2 PRECEDING "
  "AND CURRENT ROW) FROM downloads WHERE episode_id IS NOT NULL AND day IS NOT NULL GROUP BY episode_id, day",
  "WITH g AS (SELECT episode_id, day, COUNT(*) AS n FROM downloads WHERE episode_id IS NOT NULL AND day IS NOT NULL "
  "GROUP BY episode_id, day) SELECT a.episode_id, a.day, (SELECT SUM(b.n) FROM g AS b WHERE b.episode_id = a.episode_id "
  "AND b.day <= a.day AND (SELECT COUNT(*) FROM g AS c WHERE c.episode_id = a.episode_id AND c.day > b.day "
  "AND c.day <= a.day) < 3) FROM g AS a",
  "WITH g AS (SELECT episode_id, day, COUNT(*) AS n FROM downloads WHERE episode_id IS NOT NULL AND day IS NOT NULL "
  "GROUP BY episode_id, day) SELECT a.episode_id, a.day, (SELECT SUM(b.n) FROM g AS b WHERE b.episode_id = a.episode_id "
  "AND b.day <= a.day AND (SELECT COUNT(*) FROM g AS c WHERE c.episode_id = a.episode_id AND c.day > b.day "
  "AND c.day <= a.day) < 2) FROM g AS a",
  "two download days instead of three")
# --- listeners
P("listeners:listeners never downloading",
  "SELECT l.listener_id FROM listeners AS l LEFT JOIN downloads AS d ON d.listener_id = l.listener_id "
  "WHERE d.listener_id IS NULL",
  "SELECT l.listener_id FROM listeners AS l WHERE NOT EXISTS (SELECT 1 FROM downloads AS d "
  "WHERE d.listener_id = l.listener_id)",
  "SELECT l.listener_id FROM listeners AS l WHERE l.listener_id NOT IN (SELECT d.listener_id FROM downloads AS d)",
  "NOT IN over a NULL-able column")
P("listeners:first download within two days of signup",
  "SELECT l.listener_id FROM listeners AS l JOIN downloads AS d ON d.listener_id = l.listener_id "
  "GROUP BY l.listener_id, l.signup_day HAVING MIN(d.day) - l.signup_day <= 2",
  "SELECT l.listener_id FROM listeners AS l WHERE EXISTS (SELECT 1 FROM downloads AS d WHERE d.listener_id = "
  "l.listener_id AND d.day - l.signup_day <= 2)",
  "SELECT l.listener_id FROM listeners AS l WHERE EXISTS (SELECT 1 FROM downloads AS d WHERE d.listener_id = "
  "l.listener_id AND d.day - l.signup_day < 2)",
  "the second day after signup not counted")
P("listeners:listeners using both apps",
  "SELECT listener_id FROM downloads WHERE app = 'apple' INTERSECT SELECT listener_id FROM downloads WHERE app = 'spotify'",
  "SELECT listener_id FROM downloads WHERE app IN ('apple', 'spotify') GROUP BY listener_id "
  "HAVING COUNT(DISTINCT app) = 2",
  "SELECT listener_id FROM downloads WHERE app IN ('apple', 'spotify') GROUP BY listener_id HAVING COUNT(app) = 2",
  "two downloads in one app count as both apps")
P("listeners:listeners using only Apple",
  "SELECT listener_id FROM downloads WHERE app = 'apple' AND listener_id IS NOT NULL EXCEPT "
  "SELECT listener_id FROM downloads WHERE app <> 'apple'",
  "SELECT DISTINCT d.listener_id FROM downloads AS d WHERE d.app = 'apple' AND d.listener_id IS NOT NULL AND NOT EXISTS "
  "(SELECT 1 FROM downloads AS o WHERE o.listener_id = d.listener_id AND o.app <> 'apple')",
  "SELECT DISTINCT d.listener_id FROM downloads AS d WHERE d.app = 'apple' AND d.listener_id IS NOT NULL AND NOT EXISTS "
  "(SELECT 1 FROM downloads AS o WHERE o.listener_id = d.listener_id AND (o.app <> 'apple' OR o.app IS NULL))",
  "downloads with an unknown app counted as another app")
P("listeners:listeners without a country who follow a show",
  "SELECT l.listener_id FROM listeners AS l WHERE l.country IS NULL AND l.listener_id IN (SELECT listener_id FROM follows)",
  "SELECT listener_id FROM listeners WHERE country IS NULL INTERSECT SELECT listener_id FROM follows",
  "SELECT l.listener_id FROM listeners AS l JOIN follows AS f ON f.listener_id = l.listener_id WHERE l.country IS NULL",
  "a join: listeners following two shows listed twice")
P("listeners:listening seconds per listener over distinct episodes",
  "SELECT x.listener_id, SUM(e.duration_s) FROM (SELECT DISTINCT listener_id, episode_id FROM downloads "
  "WHERE listener_id IS NOT NULL) AS x JOIN episodes AS e ON e.episode_id = x.episode_id GROUP BY x.listener_id",
  "SELECT l.listener_id, (SELECT SUM(e.duration_s) FROM episodes AS e WHERE EXISTS (SELECT 1 FROM downloads AS d "
  "WHERE d.listener_id = l.listener_id AND d.episode_id = e.episode_id)) FROM listeners AS l WHERE EXISTS "
  "(SELECT 1 FROM downloads AS d JOIN episodes AS e ON e.episode_id = d.episode_id WHERE d.listener_id = l.listener_id)",
  "SELECT x.listener_id, SUM(e.duration_s) FROM (SELECT listener_id, episode_id FROM downloads "
  "WHERE listener_id IS NOT NULL) AS x JOIN episodes AS e ON e.episode_id = x.episode_id GROUP BY x.listener_id",
  "repeated downloads of an episode counted again")
P("listeners:listeners downloading on two consecutive days",
  "SELECT DISTINCT a.listener_id FROM downloads AS a JOIN downloads AS b ON b.listener_id = a.listener_id "
  "AND b.day = a.day + 1",
  "SELECT l.listener_id FROM listeners AS l WHERE EXISTS (SELECT 1 FROM downloads AS a WHERE a.listener_id = "
  "l.listener_id AND EXISTS (SELECT 1 FROM downloads AS b WHERE b.listener_id = a.listener_id AND b.day = a.day + 1))",
  "SELECT DISTINCT a.listener_id FROM downloads AS a JOIN downloads AS b ON b.listener_id = a.listener_id "
  "AND b.day > a.day",
  "any later day instead of the next")
P("listeners:first day of each listening streak",
  "SELECT x.listener_id, x.day FROM (SELECT DISTINCT listener_id, day FROM downloads WHERE listener_id IS NOT NULL "
  "AND day IS NOT NULL) AS x WHERE NOT EXISTS (SELECT 1 FROM downloads AS d WHERE d.listener_id = x.listener_id "
  "AND d.day = x.day - 1)",
  "SELECT y.listener_id, y.day FROM (SELECT listener_id, day, LAG(day) OVER (PARTITION BY listener_id ORDER BY day) "
  "AS prev FROM downloads WHERE listener_id IS NOT NULL AND day IS NOT NULL GROUP BY listener_id, day) AS y "
  "WHERE y.prev IS NULL OR y.prev <> y.day - 1",
  "SELECT x.listener_id, x.day FROM (SELECT DISTINCT listener_id, day FROM downloads WHERE listener_id IS NOT NULL "
  "AND day IS NOT NULL) AS x WHERE NOT EXISTS (SELECT 1 FROM downloads AS d WHERE d.listener_id = x.listener_id "
  "AND d.day = x.day + 1)",
  "the last day of each streak instead of the first")
P("listeners:number of listening streaks per listener",
  "SELECT x.listener_id, COUNT(*) FROM (SELECT DISTINCT listener_id, day FROM downloads WHERE listener_id IS NOT NULL "
  "AND day IS NOT NULL) AS x WHERE NOT EXISTS (SELECT 1 FROM downloads AS d WHERE d.listener_id = x.listener_id "
  "AND d.day = x.day - 1) GROUP BY x.listener_id",
  "SELECT r.listener_id, COUNT(DISTINCT r.day - r.rn) FROM (SELECT listener_id, day, ROW_NUMBER() OVER (PARTITION BY "
  "listener_id ORDER BY day) AS rn FROM (SELECT DISTINCT listener_id, day FROM downloads WHERE listener_id IS NOT NULL "
  "AND day IS NOT NULL) AS q) AS r GROUP BY r.listener_id",
  "SELECT r.listener_id, COUNT(DISTINCT r.day - r.rn) FROM (SELECT listener_id, day, ROW_NUMBER() OVER (PARTITION BY "
  "listener_id ORDER BY day) AS rn FROM downloads WHERE listener_id IS NOT NULL AND day IS NOT NULL) AS r "
  "GROUP BY r.listener_id",
  "row numbers over the raw log: duplicate days split a streak")
P("listeners:listeners of two or more shows",
  "SELECT d.listener_id FROM downloads AS d JOIN episodes AS e ON e.episode_id = d.episode_id "
  "WHERE d.listener_id IS NOT NULL GROUP BY d.listener_id HAVING COUNT(DISTINCT e.show_id) >= 2",
  "SELECT DISTINCT a.listener_id FROM downloads AS a JOIN episodes AS ea ON ea.episode_id = a.episode_id "
  "JOIN downloads AS b ON b.listener_id = a.listener_id JOIN episodes AS eb ON eb.episode_id = b.episode_id "
  "AND eb.show_id <> ea.show_id",
  "SELECT d.listener_id FROM downloads AS d JOIN episodes AS e ON e.episode_id = d.episode_id "
  "WHERE d.listener_id IS NOT NULL GROUP BY d.listener_id HAVING COUNT(e.show_id) >= 2",
  "two downloads of one show count as two shows")
P("listeners:listeners per country with the unknown country",
  "SELECT country, COUNT(*) FROM listeners GROUP BY country",
  "SELECT c.country, (SELECT COUNT(*) FROM listeners AS l WHERE l.country = c.country OR (l.country IS NULL "
  "AND c.country IS NULL)) FROM (SELECT DISTINCT country FROM listeners) AS c",
  "SELECT c.country, (SELECT COUNT(l.country) FROM listeners AS l WHERE l.country = c.country OR (l.country IS NULL "
  "AND c.country IS NULL)) FROM (SELECT DISTINCT country FROM listeners) AS c",
  "COUNT(country): the unknown group counted as 0")
# --- follows
P("follows:followers per show with unfollowed shows",
  "SELECT s.show_id, COUNT(f.listener_id) FROM shows AS s LEFT JOIN follows AS f ON f.show_id = s.show_id "
  "AND f.unfollow_day IS NULL GROUP BY s.show_id",
  "SELECT s.show_id, (SELECT COUNT(*) FROM follows AS f WHERE f.show_id = s.show_id AND f.unfollow_day IS NULL) "
  "FROM shows AS s",
  "SELECT s.show_id, COUNT(f.listener_id) FROM shows AS s LEFT JOIN follows AS f ON f.show_id = s.show_id "
  "WHERE f.unfollow_day IS NULL GROUP BY s.show_id",
  "the filter in WHERE: shows whose followers all left lost")
P("follows:active followers on day 5",
  "SELECT show_id, COUNT(*) FROM follows WHERE since_day <= 5 AND (unfollow_day IS NULL OR unfollow_day > 5) "
  "GROUP BY show_id",
  "SELECT show_id, COUNT(*) FROM follows WHERE since_day <= 5 AND COALESCE(unfollow_day, 6) > 5 GROUP BY show_id",
  "SELECT show_id, COUNT(*) FROM follows WHERE since_day <= 5 AND COALESCE(unfollow_day, 5) > 5 GROUP BY show_id",
  "the default equal to the day: open follows dropped")
P("follows:listeners who unfollowed everything they followed",
  "SELECT l.listener_id FROM listeners AS l WHERE EXISTS (SELECT 1 FROM follows AS f WHERE f.listener_id = l.listener_id) "
  "AND NOT EXISTS (SELECT 1 FROM follows AS f WHERE f.listener_id = l.listener_id AND f.unfollow_day IS NULL)",
  "SELECT listener_id FROM follows GROUP BY listener_id HAVING COUNT(unfollow_day) = COUNT(*)",
  "SELECT listener_id FROM follows GROUP BY listener_id HAVING MAX(unfollow_day) IS NOT NULL",
  "some unfollow instead of every")
P("follows:followers who downloaded the followed show",
  "SELECT DISTINCT f.listener_id, f.show_id FROM follows AS f JOIN downloads AS d ON d.listener_id = f.listener_id "
  "JOIN episodes AS e ON e.episode_id = d.episode_id AND e.show_id = f.show_id",
  "SELECT f.listener_id, f.show_id FROM follows AS f WHERE EXISTS (SELECT 1 FROM downloads AS d JOIN episodes AS e "
  "USING (episode_id) WHERE d.listener_id = f.listener_id AND e.show_id = f.show_id)",
  "SELECT f.listener_id, f.show_id FROM follows AS f WHERE EXISTS (SELECT 1 FROM downloads AS d JOIN episodes AS e "
  "USING (episode_id) WHERE d.listener_id = f.listener_id)",
  "a download of any show counts")
P("follows:downloads after unfollowing",
  "SELECT f.listener_id, f.show_id FROM follows AS f WHERE f.unfollow_day IS NOT NULL AND EXISTS (SELECT 1 "
  "FROM downloads AS d JOIN episodes AS e ON e.episode_id = d.episode_id WHERE d.listener_id = f.listener_id "
  "AND e.show_id = f.show_id AND d.day > f.unfollow_day)",
  "SELECT DISTINCT f.listener_id, f.show_id FROM follows AS f JOIN episodes AS e ON e.show_id = f.show_id "
  "JOIN downloads AS d ON d.episode_id = e.episode_id AND d.listener_id = f.listener_id WHERE d.day > f.unfollow_day",
  "SELECT DISTINCT f.listener_id, f.show_id FROM follows AS f JOIN episodes AS e ON e.show_id = f.show_id "
  "JOIN downloads AS d ON d.episode_id = e.episode_id AND d.listener_id = f.listener_id WHERE d.day >= f.unfollow_day",
  "a download on the unfollow day counted")
P("follows:cumulative follows by day",
  "SELECT since_day, SUM(COUNT(*)) OVER (ORDER BY since_day ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) "
  "FROM follows GROUP BY since_day",
  "SELECT g.since_day, (SELECT COUNT(*) FROM follows AS f WHERE f.since_day <= g.since_day) FROM (SELECT DISTINCT "
  "since_day FROM follows) AS g",
  "SELECT g.since_day, (SELECT COUNT(*) FROM follows AS f WHERE f.since_day < g.since_day) FROM (SELECT DISTINCT "
  "since_day FROM follows) AS g",
  "the day's own follows left out")
P("follows:earliest followers per show with ties",
  "SELECT f.show_id, f.listener_id FROM follows AS f WHERE f.since_day = (SELECT MIN(g.since_day) FROM follows AS g "
  "WHERE g.show_id = f.show_id)",
  "SELECT show_id, listener_id FROM (SELECT show_id, listener_id, RANK() OVER (PARTITION BY show_id "
  "ORDER BY since_day) AS r FROM follows) AS x WHERE r = 1",
  "SELECT show_id, listener_id FROM (SELECT show_id, listener_id, ROW_NUMBER() OVER (PARTITION BY show_id "
  "ORDER BY since_day, listener_id) AS r FROM follows) AS x WHERE r = 1",
  "ties cut to the lowest listener id")
P("follows:follower seniority rank per show",
  "SELECT show_id, listener_id, DENSE_RANK() OVER (PARTITION BY show_id ORDER BY since_day) FROM follows",
  "SELECT f.show_id, f.listener_id, (SELECT COUNT(DISTINCT g.since_day) FROM follows AS g WHERE g.show_id = f.show_id "
  "AND g.since_day <= f.since_day) FROM follows AS f",
  "SELECT f.show_id, f.listener_id, (SELECT COUNT(*) FROM follows AS g WHERE g.show_id = f.show_id "
  "AND g.since_day <= f.since_day) FROM follows AS f",
  "followers counted instead of distinct days")
P("follows:listeners following every show of the Indie network",
  "SELECT l.listener_id FROM listeners AS l WHERE NOT EXISTS (SELECT 1 FROM shows AS s WHERE s.network = 'Indie' "
  "AND NOT EXISTS (SELECT 1 FROM follows AS f WHERE f.listener_id = l.listener_id AND f.show_id = s.show_id))",
  "SELECT listener_id FROM listeners EXCEPT SELECT x.listener_id FROM (SELECT l.listener_id, s.show_id FROM listeners AS l "
  "CROSS JOIN shows AS s WHERE s.network = 'Indie') AS x LEFT JOIN follows AS f ON f.listener_id = x.listener_id "
  "AND f.show_id = x.show_id WHERE f.show_id IS NULL",
  "SELECT f.listener_id FROM follows AS f JOIN shows AS s ON s.show_id = f.show_id WHERE s.network = 'Indie' "
  "GROUP BY f.listener_id HAVING COUNT(*) = (SELECT COUNT(*) FROM shows WHERE network = 'Indie')",
  "listeners following nothing lost when the network has no show")
# --- episodes and release cadence
P("episodes:days since the previous episode of the show",
  "SELECT episode_id, publish_day - LAG(publish_day) OVER (PARTITION BY show_id ORDER BY publish_day, episode_id) "
  "FROM episodes WHERE publish_day IS NOT NULL",
  "SELECT e.episode_id, e.publish_day - (SELECT MAX(f.publish_day) FROM episodes AS f WHERE f.show_id = e.show_id "
  "AND f.publish_day IS NOT NULL AND (f.publish_day < e.publish_day OR (f.publish_day = e.publish_day "
  "AND f.episode_id < e.episode_id))) FROM episodes AS e WHERE e.publish_day IS NOT NULL",
  "SELECT episode_id, publish_day - LAG(publish_day) OVER (ORDER BY publish_day, episode_id) "
  "FROM episodes WHERE publish_day IS NOT NULL",
  "LAG across shows")
P("episodes:the next episode's publish day",
  "SELECT episode_id, LEAD(publish_day) OVER (PARTITION BY show_id ORDER BY publish_day, episode_id) FROM episodes "
  "WHERE publish_day IS NOT NULL",
  "SELECT e.episode_id, (SELECT MIN(f.publish_day) FROM episodes AS f WHERE f.show_id = e.show_id "
  "AND f.publish_day IS NOT NULL AND (f.publish_day > e.publish_day OR (f.publish_day = e.publish_day "
  "AND f.episode_id > e.episode_id))) FROM episodes AS e WHERE e.publish_day IS NOT NULL",
  "SELECT e.episode_id, (SELECT MIN(f.publish_day) FROM episodes AS f WHERE f.show_id = e.show_id "
  "AND f.publish_day > e.publish_day) FROM episodes AS e WHERE e.publish_day IS NOT NULL",
  "same-day episodes skipped")
P("episodes:latest episodes per show with ties",
  "SELECT e.show_id, e.episode_id FROM episodes AS e WHERE e.publish_day IS NOT NULL AND NOT EXISTS (SELECT 1 "
  "FROM episodes AS f WHERE f.show_id = e.show_id AND f.publish_day > e.publish_day)",
  "WITH m AS (SELECT show_id, MAX(publish_day) AS last_day FROM episodes GROUP BY show_id) SELECT e.show_id, "
  "e.episode_id FROM episodes AS e JOIN m ON m.show_id = e.show_id AND m.last_day = e.publish_day",
  "SELECT show_id, episode_id FROM (SELECT show_id, episode_id, ROW_NUMBER() OVER (PARTITION BY show_id ORDER BY "
  "publish_day DESC, episode_id) AS r FROM episodes WHERE publish_day IS NOT NULL) AS x WHERE r = 1",
  "ties cut to the lowest episode id")
P("episodes:the best rated episodes per show with ties",
  "SELECT show_id, episode_id FROM episodes AS e WHERE rating = (SELECT MAX(f.rating) FROM episodes AS f "
  "WHERE f.show_id = e.show_id)",
  "SELECT e.show_id, e.episode_id FROM episodes AS e WHERE e.rating IS NOT NULL AND NOT EXISTS (SELECT 1 "
  "FROM episodes AS f WHERE f.show_id = e.show_id AND f.rating > e.rating)",
  "SELECT e.show_id, e.episode_id FROM episodes AS e WHERE NOT EXISTS (SELECT 1 "
  "FROM episodes AS f WHERE f.show_id = e.show_id AND f.rating > e.rating)",
  "unrated episodes listed as best")
P("episodes:top two episodes per show by downloads with ties",
  "SELECT x.show_id, x.episode_id FROM (SELECT e.show_id, e.episode_id, RANK() OVER (PARTITION BY e.show_id "
  "ORDER BY COUNT(*) DESC) AS r FROM episodes AS e JOIN downloads AS d ON d.episode_id = e.episode_id "
  "GROUP BY e.show_id, e.episode_id) AS x WHERE x.r <= 2",
  "WITH c AS (SELECT e.show_id, e.episode_id, COUNT(*) AS n FROM episodes AS e JOIN downloads AS d "
  "ON d.episode_id = e.episode_id GROUP BY e.show_id, e.episode_id), c2 AS (SELECT a.show_id, a.episode_id, "
  "(SELECT COUNT(*) FROM c AS b WHERE b.show_id = a.show_id AND b.n > a.n) AS ahead FROM c AS a) "
  "SELECT show_id, episode_id FROM c2 WHERE ahead < 2",
  "SELECT x.show_id, x.episode_id FROM (SELECT e.show_id, e.episode_id, ROW_NUMBER() OVER (PARTITION BY e.show_id "
  "ORDER BY COUNT(*) DESC, e.episode_id) AS r FROM episodes AS e JOIN downloads AS d ON d.episode_id = e.episode_id "
  "GROUP BY e.show_id, e.episode_id) AS x WHERE x.r <= 2",
  "ROW_NUMBER: ties cut at two episodes")
P("episodes:average duration per show",
  "SELECT show_id, AVG(duration_s) FROM episodes GROUP BY show_id",
  "SELECT s.show_id, (SELECT AVG(e.duration_s) FROM episodes AS e WHERE e.show_id = s.show_id) FROM shows AS s "
  "WHERE s.show_id IN (SELECT show_id FROM episodes)",
  "SELECT s.show_id, (SELECT AVG(e.duration_s) FROM episodes AS e WHERE e.show_id = s.show_id) FROM shows AS s",
  "shows without episodes listed with NULL")
P("episodes:explicit shows with an hour-long episode",
  "SELECT s.show_id FROM shows AS s WHERE s.explicit = 1 AND EXISTS (SELECT 1 FROM episodes AS e "
  "WHERE e.show_id = s.show_id AND e.duration_s >= 3600)",
  "SELECT show_id FROM shows WHERE explicit = 1 AND show_id IN (SELECT show_id FROM episodes WHERE duration_s > 3599)",
  "SELECT show_id FROM shows WHERE explicit = 1 AND show_id IN (SELECT show_id FROM episodes WHERE duration_s > 3600)",
  "exactly an hour not counted")
P("episodes:duplicated episode numbers",
  "SELECT show_id, ep_no FROM episodes GROUP BY show_id, ep_no HAVING COUNT(*) > 1",
  "SELECT DISTINCT a.show_id, a.ep_no FROM episodes AS a JOIN episodes AS b ON b.show_id = a.show_id "
  "AND b.ep_no = a.ep_no AND b.episode_id < a.episode_id",
  "SELECT a.show_id, a.ep_no FROM episodes AS a JOIN episodes AS b ON b.show_id = a.show_id "
  "AND b.ep_no = a.ep_no AND b.episode_id < a.episode_id",
  "without DISTINCT: a number used three times listed thrice")
P("episodes:episodes per publish band",
  "SELECT CASE WHEN publish_day IS NULL THEN 'draft' WHEN publish_day < 7 THEN 'early' ELSE 'late' END AS band, "
  "COUNT(*) FROM episodes GROUP BY CASE WHEN publish_day IS NULL THEN 'draft' WHEN publish_day < 7 THEN 'early' "
  "ELSE 'late' END",
  "SELECT 'draft', COUNT(*) FROM episodes WHERE publish_day IS NULL HAVING COUNT(*) > 0 UNION ALL SELECT 'early', "
  "COUNT(*) FROM episodes WHERE publish_day < 7 HAVING COUNT(*) > 0 UNION ALL SELECT 'late', COUNT(*) FROM episodes "
  "WHERE publish_day >= 7 HAVING COUNT(*) > 0",
  "SELECT 'draft', COUNT(*) FROM episodes WHERE publish_day IS NULL HAVING COUNT(*) > 0 UNION ALL SELECT 'early', "
  "COUNT(*) FROM episodes WHERE publish_day <= 7 HAVING COUNT(*) > 0 UNION ALL SELECT 'late', COUNT(*) FROM episodes "
  "WHERE publish_day >= 7 HAVING COUNT(*) > 0",
  "day 7 counted in both bands")
# --- ads and sponsors
P("ads:ad revenue per episode from filled slots",
  "SELECT episode_id, SUM(cpm_cents) FROM ad_slots WHERE sponsor_id IS NOT NULL GROUP BY episode_id",
  "SELECT episode_id, SUM(CASE WHEN sponsor_id IS NOT NULL THEN cpm_cents ELSE 0 END) FROM ad_slots "
  "GROUP BY episode_id HAVING COUNT(sponsor_id) > 0",
  "SELECT episode_id, SUM(CASE WHEN sponsor_id IS NOT NULL THEN cpm_cents ELSE 0 END) FROM ad_slots GROUP BY episode_id",
  "episodes without a filled slot listed with 0")
P("ads:filled and total slots per episode",
  "SELECT episode_id, COUNT(sponsor_id), COUNT(*) FROM ad_slots GROUP BY episode_id",
  "SELECT e.episode_id, (SELECT COUNT(*) FROM ad_slots AS a WHERE a.episode_id = e.episode_id AND a.sponsor_id "
  "IS NOT NULL), (SELECT COUNT(*) FROM ad_slots AS a WHERE a.episode_id = e.episode_id) FROM episodes AS e "
  "WHERE EXISTS (SELECT 1 FROM ad_slots AS a WHERE a.episode_id = e.episode_id)",
  "SELECT e.episode_id, (SELECT COUNT(*) FROM ad_slots AS a WHERE a.episode_id = e.episode_id), (SELECT COUNT(*) "
  "FROM ad_slots AS a WHERE a.episode_id = e.episode_id) FROM episodes AS e WHERE EXISTS (SELECT 1 FROM ad_slots AS a "
  "WHERE a.episode_id = e.episode_id)",
  "unfilled slots counted as filled")
P("ads:unfilled slots per position",
  "SELECT position, COUNT(*) FROM ad_slots WHERE sponsor_id IS NULL GROUP BY position",
  "SELECT position, COUNT(*) - COUNT(sponsor_id) FROM ad_slots GROUP BY position HAVING COUNT(*) > COUNT(sponsor_id)",
  "SELECT position, COUNT(*) - COUNT(sponsor_id) FROM ad_slots GROUP BY position",
  "fully sold positions listed with 0")
P("ads:distinct sponsors per show",
  "SELECT e.show_id, COUNT(DISTINCT a.sponsor_id) FROM ad_slots AS a JOIN episodes AS e USING (episode_id) "
  "GROUP BY e.show_id",
  "SELECT x.show_id, COUNT(x.sponsor_id) FROM (SELECT DISTINCT e.show_id, a.sponsor_id FROM episodes AS e "
  "JOIN ad_slots AS a ON a.episode_id = e.episode_id) AS x GROUP BY x.show_id",
  "SELECT e.show_id, COUNT(a.sponsor_id) FROM ad_slots AS a JOIN episodes AS e USING (episode_id) GROUP BY e.show_id",
  "slots counted instead of sponsors")
P("ads:sponsors on every show",
  "SELECT sp.sponsor_id FROM sponsors AS sp WHERE EXISTS (SELECT 1 FROM ad_slots AS a WHERE a.sponsor_id = "
  "sp.sponsor_id) AND NOT EXISTS (SELECT 1 FROM shows AS s WHERE NOT EXISTS (SELECT 1 FROM ad_slots AS a "
  "JOIN episodes AS e ON e.episode_id = a.episode_id WHERE a.sponsor_id = sp.sponsor_id AND e.show_id = s.show_id))",
  "SELECT a.sponsor_id FROM ad_slots AS a JOIN episodes AS e ON e.episode_id = a.episode_id WHERE a.sponsor_id "
  "IS NOT NULL GROUP BY a.sponsor_id HAVING COUNT(DISTINCT e.show_id) = (SELECT COUNT(*) FROM shows)",
  "SELECT a.sponsor_id FROM ad_slots AS a JOIN episodes AS e ON e.episode_id = a.episode_id WHERE a.sponsor_id "
  "IS NOT NULL GROUP BY a.sponsor_id HAVING COUNT(DISTINCT e.episode_id) = (SELECT COUNT(*) FROM shows)",
  "episodes counted instead of shows")
P("ads:pre-roll sponsors never in mid-roll",
  "SELECT sponsor_id FROM ad_slots WHERE position = 'pre' AND sponsor_id IS NOT NULL EXCEPT SELECT sponsor_id "
  "FROM ad_slots WHERE position = 'mid'",
  "SELECT DISTINCT a.sponsor_id FROM ad_slots AS a WHERE a.position = 'pre' AND a.sponsor_id IS NOT NULL AND NOT EXISTS "
  "(SELECT 1 FROM ad_slots AS b WHERE b.position = 'mid' AND b.sponsor_id = a.sponsor_id)",
  "SELECT DISTINCT a.sponsor_id FROM ad_slots AS a WHERE a.position = 'pre' AND a.sponsor_id IS NOT NULL "
  "AND a.sponsor_id NOT IN (SELECT b.sponsor_id FROM ad_slots AS b WHERE b.position = 'mid')",
  "NOT IN over a NULL-able sponsor: nothing when a mid-roll is unsold")
P("ads:slot price rank within the episode",
  "SELECT episode_id, slot_no, RANK() OVER (PARTITION BY episode_id ORDER BY cpm_cents DESC) FROM ad_slots",
  "SELECT a.episode_id, a.slot_no, 1 + (SELECT COUNT(*) FROM ad_slots AS b WHERE b.episode_id = a.episode_id "
  "AND b.cpm_cents > a.cpm_cents) FROM ad_slots AS a",
  "SELECT a.episode_id, a.slot_no, 1 + (SELECT COUNT(*) FROM ad_slots AS b WHERE b.episode_id = a.episode_id "
  "AND b.cpm_cents >= a.cpm_cents AND b.slot_no <> a.slot_no) FROM ad_slots AS a",
  "ties counted ahead")
P("ads:the top sponsor per category with ties",
  "WITH r AS (SELECT sp.category, sp.sponsor_id, SUM(a.cpm_cents) AS rev FROM sponsors AS sp JOIN ad_slots AS a "
  "ON a.sponsor_id = sp.sponsor_id GROUP BY sp.category, sp.sponsor_id) SELECT r.category, r.sponsor_id FROM r "
  "WHERE r.rev = (SELECT MAX(q.rev) FROM r AS q WHERE q.category = r.category)",
  "SELECT category, sponsor_id FROM (SELECT sp.category, sp.sponsor_id, RANK() OVER (PARTITION BY sp.category "
  "ORDER BY SUM(a.cpm_cents) DESC) AS rk FROM sponsors AS sp JOIN ad_slots AS a ON a.sponsor_id = sp.sponsor_id "
  "GROUP BY sp.category, sp.sponsor_id) AS x WHERE rk = 1",
  "WITH r AS (SELECT sp.category, sp.sponsor_id, SUM(a.cpm_cents) AS rev FROM sponsors AS sp JOIN ad_slots AS a "
  "ON a.sponsor_id = sp.sponsor_id GROUP BY sp.category, sp.sponsor_id) SELECT r.category, r.sponsor_id FROM r "
  "WHERE r.rev = (SELECT MAX(q.rev) FROM r AS q)",
  "the maximum over every category")
P("ads:slots per sponsor category with unsold slots as a group",
  "SELECT sp.category, COUNT(*) FROM ad_slots AS a LEFT JOIN sponsors AS sp ON sp.sponsor_id = a.sponsor_id "
  "GROUP BY sp.category",
  "SELECT sp.category, COUNT(*) FROM ad_slots AS a JOIN sponsors AS sp ON sp.sponsor_id = a.sponsor_id "
  "GROUP BY sp.category UNION ALL SELECT NULL, COUNT(*) FROM ad_slots WHERE sponsor_id IS NULL HAVING COUNT(*) > 0",
  "SELECT sp.category, COUNT(*) FROM ad_slots AS a JOIN sponsors AS sp ON sp.sponsor_id = a.sponsor_id "
  "GROUP BY sp.category",
  "unsold slots dropped")
P("ads:slots priced above the episode average",
  "SELECT a.episode_id, a.slot_no FROM ad_slots AS a WHERE a.cpm_cents > (SELECT AVG(b.cpm_cents) FROM ad_slots AS b "
  "WHERE b.episode_id = a.episode_id)",
  "SELECT a.episode_id, a.slot_no FROM ad_slots AS a JOIN (SELECT episode_id, AVG(cpm_cents) AS av FROM ad_slots "
  "GROUP BY episode_id) AS g ON g.episode_id = a.episode_id WHERE a.cpm_cents > g.av",
  "SELECT a.episode_id, a.slot_no FROM ad_slots AS a JOIN (SELECT episode_id, AVG(cpm_cents) AS av FROM ad_slots "
  "GROUP BY episode_id) AS g ON g.episode_id = a.episode_id WHERE a.cpm_cents >= g.av",
  "slots at the average kept")
P("ads:episodes with every slot sold",
  "SELECT e.episode_id FROM episodes AS e WHERE EXISTS (SELECT 1 FROM ad_slots AS a WHERE a.episode_id = e.episode_id) "
  "AND NOT EXISTS (SELECT 1 FROM ad_slots AS a WHERE a.episode_id = e.episode_id AND a.sponsor_id IS NULL)",
  "SELECT episode_id FROM ad_slots GROUP BY episode_id HAVING COUNT(sponsor_id) = COUNT(*)",
  "SELECT e.episode_id FROM episodes AS e WHERE NOT EXISTS (SELECT 1 FROM ad_slots AS a WHERE a.episode_id = "
  "e.episode_id AND a.sponsor_id IS NULL)",
  "episodes without slots listed")
P("ads:sponsor revenue per network",
  "SELECT s.network, SUM(a.cpm_cents) FROM ad_slots AS a JOIN episodes AS e ON e.episode_id = a.episode_id "
  "JOIN shows AS s ON s.show_id = e.show_id WHERE a.sponsor_id IS NOT NULL GROUP BY s.network",
  "SELECT s.network, SUM(p.rev) FROM shows AS s JOIN episodes AS e ON e.show_id = s.show_id JOIN (SELECT episode_id, "
  "SUM(cpm_cents) AS rev FROM ad_slots WHERE sponsor_id IS NOT NULL GROUP BY episode_id) AS p "
  "ON p.episode_id = e.episode_id GROUP BY s.network",
  "SELECT s.network, SUM(p.rev) FROM shows AS s JOIN episodes AS e ON e.show_id = s.show_id JOIN (SELECT episode_id, "
  "SUM(cpm_cents) AS rev FROM ad_slots GROUP BY episode_id) AS p ON p.episode_id = e.episode_id GROUP BY s.network",
  "unsold slots' prices summed")
P("ads:shows without any sponsor",
  "SELECT show_id FROM shows EXCEPT SELECT e.show_id FROM episodes AS e JOIN ad_slots AS a ON a.episode_id = "
  "e.episode_id WHERE a.sponsor_id IS NOT NULL",
  "SELECT s.show_id FROM shows AS s WHERE NOT EXISTS (SELECT 1 FROM episodes AS e JOIN ad_slots AS a USING (episode_id) "
  "WHERE e.show_id = s.show_id AND a.sponsor_id IS NOT NULL)",
  "SELECT s.show_id FROM shows AS s WHERE NOT EXISTS (SELECT 1 FROM episodes AS e JOIN ad_slots AS a USING (episode_id) "
  "WHERE e.show_id = s.show_id)",
  "shows with only unsold slots treated as sponsored")
P("ads:sponsors without slots",
  "SELECT sp.sponsor_id FROM sponsors AS sp LEFT JOIN ad_slots AS a ON a.sponsor_id = sp.sponsor_id "
  "WHERE a.episode_id IS NULL",
  "SELECT sponsor_id FROM sponsors AS sp WHERE NOT EXISTS (SELECT 1 FROM ad_slots AS a WHERE a.sponsor_id = sp.sponsor_id)",
  "SELECT sp.sponsor_id FROM sponsors AS sp LEFT JOIN ad_slots AS a ON a.sponsor_id = sp.sponsor_id "
  "AND a.position = 'pre' WHERE a.episode_id IS NULL",
  "sponsors with only mid or post slots listed")
P("ads:slots on unpublished episodes",
  "SELECT a.episode_id, a.slot_no FROM ad_slots AS a JOIN episodes AS e USING (episode_id) WHERE e.publish_day IS NULL",
  "SELECT episode_id, slot_no FROM ad_slots WHERE episode_id IN (SELECT episode_id FROM episodes "
  "WHERE publish_day IS NULL)",
  "SELECT episode_id, slot_no FROM ad_slots WHERE episode_id NOT IN (SELECT episode_id FROM episodes "
  "WHERE publish_day > 1)",
  "episodes published on day 1 or earlier counted as unpublished")
P("ads:sponsor revenue through USING joins",
  "SELECT sp.name, SUM(a.cpm_cents) FROM sponsors AS sp JOIN ad_slots AS a USING (sponsor_id) JOIN episodes AS e "
  "USING (episode_id) WHERE e.publish_day IS NOT NULL GROUP BY sp.sponsor_id, sp.name",
  "SELECT sp.name, x.rev FROM sponsors AS sp JOIN (SELECT a.sponsor_id, SUM(a.cpm_cents) AS rev FROM ad_slots AS a "
  "WHERE EXISTS (SELECT 1 FROM episodes AS e WHERE e.episode_id = a.episode_id AND e.publish_day IS NOT NULL) "
  "GROUP BY a.sponsor_id) AS x ON x.sponsor_id = sp.sponsor_id",
  "SELECT sp.name, x.rev FROM sponsors AS sp JOIN (SELECT a.sponsor_id, SUM(a.cpm_cents) AS rev FROM ad_slots AS a "
  "GROUP BY a.sponsor_id) AS x ON x.sponsor_id = sp.sponsor_id",
  "slots of unpublished episodes summed")
P("ads:shows whose latest episode has no ads",
  "WITH last_ep AS (SELECT show_id, MAX(publish_day) AS d FROM episodes GROUP BY show_id), latest AS (SELECT e.show_id, "
  "e.episode_id FROM episodes AS e JOIN last_ep AS l ON l.show_id = e.show_id AND l.d = e.publish_day) "
  "SELECT DISTINCT show_id FROM latest WHERE episode_id NOT IN (SELECT episode_id FROM ad_slots)",
  "SELECT DISTINCT e.show_id FROM episodes AS e WHERE e.publish_day IS NOT NULL AND NOT EXISTS (SELECT 1 FROM episodes AS f "
  "WHERE f.show_id = e.show_id AND f.publish_day > e.publish_day) AND NOT EXISTS (SELECT 1 FROM ad_slots AS a "
  "WHERE a.episode_id = e.episode_id)",
  "SELECT DISTINCT e.show_id FROM episodes AS e WHERE NOT EXISTS (SELECT 1 FROM episodes AS f "
  "WHERE f.show_id = e.show_id AND f.publish_day > e.publish_day) AND NOT EXISTS (SELECT 1 FROM ad_slots AS a "
  "WHERE a.episode_id = e.episode_id)",
  "unpublished episodes read as latest")
P("sqlite:explicit label with IIF",
  "SELECT show_id, IIF(explicit = 1, 'E', 'C') FROM shows",
  "SELECT show_id, CASE WHEN explicit = 1 THEN 'E' ELSE 'C' END FROM shows",
  "SELECT show_id, CASE WHEN explicit = 1 THEN 'E' END FROM shows",
  "clean shows labelled NULL", dialect="sqlite")
P("sqlite:listener country with IFNULL",
  "SELECT listener_id, IFNULL(country, 'n/a') FROM listeners",
  "SELECT listener_id, CASE WHEN country IS NULL THEN 'n/a' ELSE country END FROM listeners",
  "SELECT listener_id, CASE WHEN country IS NOT NULL THEN country END FROM listeners",
  "NULL kept instead of the label", dialect="sqlite")
P("sqlite:days from publish to download with the scalar MAX",
  "SELECT d.episode_id, d.day - MAX(e.publish_day, 0) FROM downloads AS d JOIN episodes AS e USING (episode_id)",
  "SELECT d.episode_id, CASE WHEN e.publish_day IS NULL THEN NULL WHEN e.publish_day >= 0 THEN d.day - e.publish_day "
  "ELSE d.day END FROM downloads AS d JOIN episodes AS e USING (episode_id)",
  "SELECT d.episode_id, CASE WHEN e.publish_day >= 0 THEN d.day - e.publish_day ELSE d.day END "
  "FROM downloads AS d JOIN episodes AS e USING (episode_id)",
  "the scalar MAX answers NULL for drafts", dialect="sqlite")
P("list:the three most downloaded episodes",
  "SELECT d.episode_id, COUNT(*) AS n FROM downloads AS d WHERE d.episode_id IS NOT NULL GROUP BY d.episode_id "
  "ORDER BY n DESC, d.episode_id LIMIT 3",
  "SELECT g.episode_id, g.n FROM (SELECT episode_id, COUNT(*) AS n FROM downloads WHERE episode_id IS NOT NULL "
  "GROUP BY episode_id) AS g WHERE (SELECT COUNT(*) FROM (SELECT episode_id, COUNT(*) AS n FROM downloads "
  "WHERE episode_id IS NOT NULL GROUP BY episode_id) AS h WHERE h.n > g.n OR (h.n = g.n AND h.episode_id < "
  "g.episode_id)) < 3 ORDER BY g.n DESC, g.episode_id",
  "SELECT d.episode_id, COUNT(*) AS n FROM downloads AS d WHERE d.episode_id IS NOT NULL GROUP BY d.episode_id "
  "ORDER BY n DESC, d.episode_id DESC LIMIT 3",
  "ties broken by the highest episode id", semantics="list")
