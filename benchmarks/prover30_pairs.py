"""The pairs of the thirtieth held-out prover corpus (``benchmarks/corpus/prover30/``), as
written (``prover30_build.py`` checks them in SQLite and writes the corpus).

Three sources: a catalogue of optimizer rules (mostly Calcite's CoreRules and Spark Catalyst's
Optimizer batches, plus CockroachDB's optgen normalization rules, MySQL's, SQL Server's, Hyrise's
and Umbra/HyPer's unnesting; each pair the before/after of one named rule or of two in sequence,
written as the rule's output would print) on a new coworking schema; Star Schema Benchmark queries
(Q1.1..Q4.3 and variants; the flight is in the rule) against the same query after a rewrite a real
engine performs, on a new small star schema; and Spider/BIRD-style text-to-SQL questions (gold as
an annotator writes it, pred as an LLM system writes an equivalent answer) on a new pet adoption
schema. Each ``add`` call is one equivalent pair and one realistic non-equivalent mutant. Written
from the rules' documented descriptions, the benchmark's query definitions and the author's own
SQL; not copied from any prover corpus, rule test, tool's test suite or published pair set; the
verifier was not read.
"""

from __future__ import annotations

from benchmarks.held_out_pairs import pair_book

SOURCES = {
    "rule_catalogue": ("cowork", "optimizer rule catalogue (Calcite CoreRules javadoc, Spark Catalyst Optimizer "
                                 "batches, CockroachDB optgen norm rules, MySQL optimizer, SQL Server documented "
                                 "transformations, Hyrise optimizer rules, Umbra/HyPer unnesting): each pair the "
                                 "documented before/after of one named rule, or of two rules in sequence (engine and "
                                 "rule names in the pair's rule), applied to a coworking schema and printed as the "
                                 "rule's output would print"),
    "ssb_rewritten": ("starmart", "Star Schema Benchmark queries Q1.1..Q4.3 and variants (the flight is in the pair's "
                                  "rule) on a small star schema with new names, against the same query after an "
                                  "engine's rewrite: star joins as semi-joins on dimension keys, aggregate pushdown "
                                  "below joins, join elimination through NOT NULL foreign keys, IN lists as OR / "
                                  "UNION ALL, transitive predicates, CASE pivots as filtered aggregates, HAVING over a "
                                  "scalar subquery, ROLLUP as UNION ALL of groupings, top-N by window against LIMIT"),
    "text_to_sql": ("petadopt", "Spider/BIRD-style text-to-SQL questions on a pet adoption schema: gold as a dataset "
                                "annotator writes it, pred as an LLM text-to-SQL system writes an equivalent answer; "
                                "mutants the mistakes such systems make"),
}
FILE = {k: k for k in SOURCES}


PAIRS, add = pair_book("prover30", SOURCES, FILE)


def X(rule, gold, pred, mutant, mutation, **kw):
    """An optimizer rule's input (gold) against its output (pred), cowork."""
    add("rule_catalogue", rule, gold, pred, mutant, mutation, **kw)


def S(rule, gold, pred, mutant, mutation, **kw):
    """An SSB query (gold) against its rewritten form (pred), starmart."""
    add("ssb_rewritten", rule, gold, pred, mutant, mutation, **kw)


def Q(rule, gold, pred, mutant, mutation, **kw):
    """A text-to-SQL question's gold against an LLM's equivalent answer (pred), petadopt."""
    add("text_to_sql", rule, gold, pred, mutant, mutation, **kw)

# ================================================================ optimizer rule catalogue (cowork)
# --- Calcite CoreRules
X("Calcite FilterIntoJoinRule: a WHERE conjunction pushed into both join inputs",
  "SELECT d.desk_id, h.city FROM desks AS d INNER JOIN hubs AS h ON d.hub_id = h.hub_id "
  "WHERE h.city = 'Oslo' AND d.rate > 0",
  "SELECT t.desk_id, t0.city FROM (SELECT * FROM desks WHERE rate > 0) AS t INNER JOIN "
  "(SELECT * FROM hubs WHERE city = 'Oslo') AS t0 ON t.hub_id = t0.hub_id",
  "SELECT t.desk_id, t0.city FROM (SELECT * FROM desks WHERE rate > 0) AS t LEFT JOIN "
  "(SELECT * FROM hubs WHERE city = 'Oslo') AS t0 ON t.hub_id = t0.hub_id",
  "the join made outer: desks outside Oslo kept with a NULL city")
X("Calcite JoinConditionPushRule: an ON conjunct of a LEFT JOIN pushed into its right input",
  "SELECT d.desk_id, b.bk_id FROM desks AS d LEFT JOIN desk_bookings AS b ON b.desk_id = d.desk_id AND b.paid > 0",
  "SELECT d.desk_id, t.bk_id FROM desks AS d LEFT JOIN (SELECT * FROM desk_bookings WHERE paid > 0) AS t "
  "ON t.desk_id = d.desk_id",
  "SELECT d.desk_id, b.bk_id FROM desks AS d LEFT JOIN desk_bookings AS b ON b.desk_id = d.desk_id WHERE b.paid > 0",
  "the ON conjunct moved to WHERE: desks without a paid booking lost")
X("Calcite AggregateRemoveRule: an aggregate grouped by the key removed",
  "SELECT desk_id, MAX(rate) AS m FROM desks GROUP BY desk_id",
  "SELECT desk_id, rate AS m FROM desks",
  ("SELECT hub_id, MAX(rate) AS m FROM desks GROUP BY hub_id", "SELECT hub_id, rate AS m FROM desks"),
  "removed over a non-unique group key: one row per desk, not per hub")
X("Calcite AggregateJoinRemoveRule: a LEFT JOIN under DISTINCT with only left columns used",
  "SELECT DISTINCT d.zone FROM desks AS d LEFT JOIN desk_bookings AS b ON b.desk_id = d.desk_id",
  "SELECT DISTINCT zone FROM desks",
  "SELECT DISTINCT d.zone FROM desks AS d INNER JOIN desk_bookings AS b ON b.desk_id = d.desk_id",
  "the join kept as inner: zones with no booked desk lost")
X("Calcite AggregateJoinTransposeRule: COUNT pushed below a join to a unique parent",
  "SELECT h.city, COUNT(*) AS n FROM desks AS d INNER JOIN hubs AS h ON h.hub_id = d.hub_id GROUP BY h.city",
  "SELECT h.city, SUM(t.c) AS n FROM (SELECT hub_id, COUNT(*) AS c FROM desks GROUP BY hub_id) AS t "
  "INNER JOIN hubs AS h ON h.hub_id = t.hub_id GROUP BY h.city",
  "SELECT h.city, COUNT(*) AS n FROM (SELECT hub_id, COUNT(*) AS c FROM desks GROUP BY hub_id) AS t "
  "INNER JOIN hubs AS h ON h.hub_id = t.hub_id GROUP BY h.city",
  "the partial counts counted instead of summed")
X("Calcite AggregateUnionTransposeRule: COUNT pushed into the branches of UNION ALL",
  "SELECT u.zone, COUNT(*) AS n FROM (SELECT zone FROM desks WHERE hub_id = 1 UNION ALL "
  "SELECT zone FROM desks WHERE hub_id = 2) AS u GROUP BY u.zone",
  "SELECT u.zone, SUM(u.c) AS n FROM (SELECT zone, COUNT(*) AS c FROM desks WHERE hub_id = 1 GROUP BY zone "
  "UNION ALL SELECT zone, COUNT(*) AS c FROM desks WHERE hub_id = 2 GROUP BY zone) AS u GROUP BY u.zone",
  "SELECT u.zone, SUM(u.c) AS n FROM (SELECT zone, COUNT(*) AS c FROM desks WHERE hub_id = 1 GROUP BY zone "
  "UNION SELECT zone, COUNT(*) AS c FROM desks WHERE hub_id = 2 GROUP BY zone) AS u GROUP BY u.zone",
  "UNION for UNION ALL: equal partial counts of the two hubs collapse")
X("Calcite AggregateExpandDistinctAggregatesRule: COUNT(DISTINCT) as a count over a grouping",
  "SELECT hub_id, COUNT(DISTINCT zone) AS nz FROM desks GROUP BY hub_id",
  "SELECT t.hub_id, COUNT(t.zone) AS nz FROM (SELECT hub_id, zone FROM desks GROUP BY hub_id, zone) AS t "
  "GROUP BY t.hub_id",
  "SELECT t.hub_id, COUNT(t.zone) AS nz FROM (SELECT hub_id, zone, rate FROM desks GROUP BY hub_id, zone, rate) "
  "AS t GROUP BY t.hub_id",
  "the inner grouping too fine: zones with two rates counted twice")
X("Calcite AggregateCaseToFilterRule: a COUNT over CASE as a filtered COUNT",
  "SELECT hub_id, COUNT(CASE WHEN zone = 'booth' THEN 1 END) AS nb FROM desks GROUP BY hub_id",
  "SELECT hub_id, COUNT(*) FILTER (WHERE zone = 'booth') AS nb FROM desks GROUP BY hub_id",
  "SELECT hub_id, COUNT(*) FILTER (WHERE zone <> 'quiet') AS nb FROM desks GROUP BY hub_id",
  "the filter widened to every zone but quiet")
X("Calcite UnionMergeRule: nested UNION ALLs flattened",
  "SELECT u.cw_id FROM (SELECT cw_id FROM desk_bookings WHERE day = 1 UNION ALL SELECT cw_id FROM desk_bookings "
  "WHERE day = 2) AS u UNION ALL SELECT cw_id FROM badge_swipes",
  "SELECT cw_id FROM desk_bookings WHERE day = 1 UNION ALL SELECT cw_id FROM desk_bookings WHERE day = 2 "
  "UNION ALL SELECT cw_id FROM badge_swipes",
  "SELECT cw_id FROM desk_bookings WHERE day = 1 UNION SELECT cw_id FROM desk_bookings WHERE day = 2 "
  "UNION ALL SELECT cw_id FROM badge_swipes",
  "the inner union made distinct")
X("Calcite UnionToDistinctRule: UNION as DISTINCT over UNION ALL",
  "SELECT zone FROM desks WHERE rate > 5 UNION SELECT zone FROM desks WHERE hub_id = 1",
  "SELECT DISTINCT t.zone FROM (SELECT zone FROM desks WHERE rate > 5 UNION ALL SELECT zone FROM desks "
  "WHERE hub_id = 1) AS t",
  "SELECT t.zone FROM (SELECT zone FROM desks WHERE rate > 5 UNION ALL SELECT zone FROM desks "
  "WHERE hub_id = 1) AS t",
  "the DISTINCT dropped")
X("Calcite IntersectToDistinctRule: INTERSECT as a grouped UNION ALL with branch counts",
  "SELECT hub_id FROM desks INTERSECT SELECT hub_id FROM badge_swipes",
  "SELECT t.hub_id FROM (SELECT hub_id, 0 AS i FROM desks UNION ALL SELECT hub_id, 1 AS i FROM badge_swipes) AS t "
  "GROUP BY t.hub_id HAVING SUM(CASE WHEN t.i = 0 THEN 1 ELSE 0 END) > 0 "
  "AND SUM(CASE WHEN t.i = 1 THEN 1 ELSE 0 END) > 0",
  "SELECT t.hub_id FROM (SELECT hub_id, 0 AS i FROM desks UNION ALL SELECT hub_id, 1 AS i FROM badge_swipes) AS t "
  "GROUP BY t.hub_id HAVING SUM(CASE WHEN t.i = 0 THEN 1 ELSE 0 END) > 0 "
  "OR SUM(CASE WHEN t.i = 1 THEN 1 ELSE 0 END) > 0",
  "the branch counts joined with OR: a union, not an intersection")
X("Calcite MinusToDistinctRule: EXCEPT as a grouped UNION ALL with branch counts",
  "SELECT cw_id FROM desk_bookings EXCEPT SELECT cw_id FROM badge_swipes",
  "SELECT t.cw_id FROM (SELECT cw_id, 0 AS i FROM desk_bookings UNION ALL SELECT cw_id, 1 AS i FROM badge_swipes) "
  "AS t GROUP BY t.cw_id HAVING SUM(CASE WHEN t.i = 0 THEN 1 ELSE 0 END) > 0 "
  "AND SUM(CASE WHEN t.i = 1 THEN 1 ELSE 0 END) = 0",
  "SELECT t.cw_id FROM (SELECT cw_id, 0 AS i FROM desk_bookings UNION ALL SELECT cw_id, 1 AS i FROM badge_swipes) "
  "AS t GROUP BY t.cw_id HAVING SUM(CASE WHEN t.i = 0 THEN 1 ELSE 0 END) > SUM(CASE WHEN t.i = 1 THEN 1 ELSE 0 END)",
  "the branch counts compared (EXCEPT ALL's test): a coworker booked twice and swiped once kept")
X("Calcite SemiJoinRule: IN as a join to the distinct keys",
  "SELECT d.desk_id, d.zone FROM desks AS d WHERE d.desk_id IN (SELECT desk_id FROM desk_bookings)",
  "SELECT d.desk_id, d.zone FROM desks AS d INNER JOIN (SELECT DISTINCT desk_id FROM desk_bookings) AS t "
  "ON d.desk_id = t.desk_id",
  "SELECT d.desk_id, d.zone FROM desks AS d INNER JOIN (SELECT desk_id FROM desk_bookings) AS t "
  "ON d.desk_id = t.desk_id",
  "the keys not made distinct: a desk booked twice listed twice")
X("Calcite JoinCommuteRule: inner join inputs swapped",
  "SELECT d.desk_id, h.city FROM desks AS d INNER JOIN hubs AS h ON d.hub_id = h.hub_id",
  "SELECT d.desk_id, h.city FROM hubs AS h INNER JOIN desks AS d ON d.hub_id = h.hub_id",
  "SELECT d.desk_id, h.city FROM hubs AS h LEFT JOIN desks AS d ON d.hub_id = h.hub_id",
  "commuted as an outer join: hubs without desks listed")
X("Calcite JoinAssociateRule + FilterIntoJoinRule: a three-way join re-associated, the filter pushed",
  "SELECT b.bk_id, h.city FROM desk_bookings AS b INNER JOIN desks AS d ON d.desk_id = b.desk_id "
  "INNER JOIN hubs AS h ON h.hub_id = d.hub_id WHERE h.region = 'west'",
  "SELECT b.bk_id, x.city FROM desk_bookings AS b INNER JOIN (SELECT d.desk_id, h.city FROM desks AS d "
  "INNER JOIN (SELECT * FROM hubs WHERE region = 'west') AS h ON h.hub_id = d.hub_id) AS x ON x.desk_id = b.desk_id",
  "SELECT b.bk_id, x.city FROM desk_bookings AS b INNER JOIN (SELECT d.desk_id, h.city FROM desks AS d "
  "LEFT JOIN (SELECT * FROM hubs WHERE region = 'west') AS h ON h.hub_id = d.hub_id) AS x ON x.desk_id = b.desk_id",
  "the inner pair joined outer: bookings outside the west kept with a NULL city")
X("Calcite JoinPushTransitivePredicatesRule: a key predicate copied to the other input",
  "SELECT b.bk_id, d.zone FROM desks AS d LEFT JOIN desk_bookings AS b ON b.desk_id = d.desk_id WHERE d.desk_id = 3",
  "SELECT t0.bk_id, t.zone FROM (SELECT * FROM desks WHERE desk_id = 3) AS t LEFT JOIN "
  "(SELECT * FROM desk_bookings WHERE desk_id = 3) AS t0 ON t0.desk_id = t.desk_id",
  "SELECT b.bk_id, d.zone FROM desks AS d LEFT JOIN desk_bookings AS b ON b.desk_id = d.desk_id "
  "WHERE d.desk_id = 3 AND b.desk_id = 3",
  "the inferred predicate put in WHERE on the NULL-extended side: desk 3 without bookings lost")
X("Calcite ReduceExpressionsRule: a CASE with a constant condition folded",
  "SELECT desk_id, CASE WHEN 1 = 1 THEN zone ELSE 'none' END AS z FROM desks",
  "SELECT desk_id, zone AS z FROM desks",
  "SELECT desk_id, CASE WHEN 1 = 0 THEN zone ELSE 'none' END AS z FROM desks",
  "the else branch kept")
X("list:Calcite SortRemoveRule: an inner sort under an outer sort dropped",
  "SELECT t.desk_id FROM (SELECT desk_id, rate FROM desks ORDER BY rate) AS t ORDER BY t.desk_id",
  "SELECT desk_id FROM desks ORDER BY desk_id",
  "SELECT desk_id FROM desks ORDER BY desk_id DESC",
  "the outer order reversed", semantics="list")
X("Calcite SortJoinTransposeRule: ORDER BY .. LIMIT pushed into the preserved side of a LEFT JOIN",
  "SELECT d.desk_id, h.city FROM desks AS d LEFT JOIN hubs AS h ON h.hub_id = d.hub_id ORDER BY d.desk_id LIMIT 3",
  "SELECT t.desk_id, h.city FROM (SELECT * FROM desks ORDER BY desk_id LIMIT 3) AS t LEFT JOIN hubs AS h "
  "ON h.hub_id = t.hub_id ORDER BY t.desk_id LIMIT 3",
  "SELECT t.desk_id, h.city FROM (SELECT * FROM desks ORDER BY rate, desk_id LIMIT 3) AS t LEFT JOIN hubs AS h "
  "ON h.hub_id = t.hub_id ORDER BY t.desk_id LIMIT 3",
  "the pushed sort on another key: the three cheapest desks kept")
X("Calcite SortUnionTransposeRule: ORDER BY .. LIMIT copied into both branches of UNION ALL",
  "SELECT u.desk_id FROM (SELECT desk_id FROM desks WHERE hub_id = 1 UNION ALL SELECT desk_id FROM desks "
  "WHERE hub_id = 2) AS u ORDER BY u.desk_id LIMIT 2",
  "SELECT u.desk_id FROM (SELECT * FROM (SELECT desk_id FROM desks WHERE hub_id = 1 ORDER BY desk_id LIMIT 2) AS a "
  "UNION ALL SELECT * FROM (SELECT desk_id FROM desks WHERE hub_id = 2 ORDER BY desk_id LIMIT 2) AS b) AS u "
  "ORDER BY u.desk_id LIMIT 2",
  "SELECT u.desk_id FROM (SELECT * FROM (SELECT desk_id FROM desks WHERE hub_id = 1 ORDER BY desk_id LIMIT 1) AS a "
  "UNION ALL SELECT * FROM (SELECT desk_id FROM desks WHERE hub_id = 2 ORDER BY desk_id LIMIT 1) AS b) AS u "
  "ORDER BY u.desk_id LIMIT 2",
  "the branch limits too small: two desks of one hub not both kept")
X("Calcite FilterSetOpTransposeRule: a filter pushed into both branches of UNION ALL",
  "SELECT * FROM (SELECT desk_id, zone FROM desks WHERE hub_id = 1 UNION ALL SELECT desk_id, zone FROM desks "
  "WHERE rate = 0) AS u WHERE u.zone = 'open'",
  "SELECT desk_id, zone FROM desks WHERE hub_id = 1 AND zone = 'open' UNION ALL "
  "SELECT desk_id, zone FROM desks WHERE rate = 0 AND zone = 'open'",
  "SELECT desk_id, zone FROM desks WHERE hub_id = 1 AND zone = 'open' UNION ALL "
  "SELECT desk_id, zone FROM desks WHERE rate = 0",
  "the filter pushed into the first branch only")
X("Calcite JoinUnionTransposeRule: a join distributed over UNION ALL",
  "SELECT u.desk_id, h.city FROM (SELECT desk_id, hub_id FROM desks WHERE zone = 'quiet' UNION ALL "
  "SELECT desk_id, hub_id FROM desks WHERE rate > 5) AS u INNER JOIN hubs AS h ON h.hub_id = u.hub_id",
  "SELECT d.desk_id, h.city FROM desks AS d INNER JOIN hubs AS h ON h.hub_id = d.hub_id WHERE d.zone = 'quiet' "
  "UNION ALL SELECT d.desk_id, h.city FROM desks AS d INNER JOIN hubs AS h ON h.hub_id = d.hub_id WHERE d.rate > 5",
  "SELECT d.desk_id, h.city FROM desks AS d INNER JOIN hubs AS h ON h.hub_id = d.hub_id WHERE d.zone = 'quiet' "
  "UNION SELECT d.desk_id, h.city FROM desks AS d INNER JOIN hubs AS h ON h.hub_id = d.hub_id WHERE d.rate > 5",
  "UNION for UNION ALL: a quiet desk over 5 listed once")
X("Calcite SubQueryRemoveRule: a scalar subquery on a key as a LEFT JOIN",
  "SELECT c.cw_id, (SELECT s.plan FROM coworkers AS s WHERE s.cw_id = c.sponsor_id) AS sp FROM coworkers AS c",
  "SELECT c.cw_id, s.plan AS sp FROM coworkers AS c LEFT JOIN coworkers AS s ON s.cw_id = c.sponsor_id",
  "SELECT c.cw_id, s.plan AS sp FROM coworkers AS c INNER JOIN coworkers AS s ON s.cw_id = c.sponsor_id",
  "the scalar subquery as an inner join: unsponsored coworkers lost")
X("Calcite SubQueryRemoveRule: EXISTS as a LEFT JOIN to a grouped indicator",
  "SELECT c.cw_id FROM coworkers AS c WHERE EXISTS (SELECT 1 FROM desk_bookings AS b WHERE b.cw_id = c.cw_id)",
  "SELECT c.cw_id FROM coworkers AS c LEFT JOIN (SELECT cw_id, 1 AS i FROM desk_bookings GROUP BY cw_id) AS t "
  "ON t.cw_id = c.cw_id WHERE t.i IS NOT NULL",
  "SELECT c.cw_id FROM coworkers AS c LEFT JOIN (SELECT cw_id, 1 AS i FROM desk_bookings) AS t "
  "ON t.cw_id = c.cw_id WHERE t.i IS NOT NULL",
  "the indicator not grouped: a coworker listed per booking")
X("Calcite SubQueryRemoveRule: NOT IN as a join to the counts and the distinct keys",
  "SELECT d.desk_id FROM desks AS d WHERE d.hub_id NOT IN (SELECT s.hub_id FROM badge_swipes AS s)",
  "SELECT d.desk_id FROM desks AS d CROSS JOIN (SELECT COUNT(*) AS c, COUNT(hub_id) AS ck FROM badge_swipes) AS ct "
  "LEFT JOIN (SELECT DISTINCT hub_id, 1 AS i FROM badge_swipes) AS t ON t.hub_id = d.hub_id "
  "WHERE ct.c = 0 OR (t.i IS NULL AND ct.ck >= ct.c)",
  "SELECT d.desk_id FROM desks AS d CROSS JOIN (SELECT COUNT(*) AS c, COUNT(hub_id) AS ck FROM badge_swipes) AS ct "
  "LEFT JOIN (SELECT DISTINCT hub_id, 1 AS i FROM badge_swipes) AS t ON t.hub_id = d.hub_id "
  "WHERE ct.c = 0 OR t.i IS NULL",
  "the NULL-key count test dropped: NOT IN read as NOT EXISTS over a NULL-able column")
X("list:Calcite SortRemoveConstantKeysRule: a sort key fixed by the filter removed",
  "SELECT desk_id, zone FROM desks WHERE zone = 'open' ORDER BY zone, desk_id",
  "SELECT desk_id, zone FROM desks WHERE zone = 'open' ORDER BY desk_id",
  "SELECT desk_id, zone FROM desks WHERE zone = 'open' ORDER BY rate, desk_id",
  "the constant key replaced by another column", semantics="list")
X("Calcite AggregateMergeRule: SUM of partial SUMs merged",
  "SELECT t.hub_id, SUM(t.s) AS s FROM (SELECT hub_id, zone, SUM(rate) AS s FROM desks GROUP BY hub_id, zone) AS t "
  "GROUP BY t.hub_id",
  "SELECT hub_id, SUM(rate) AS s FROM desks GROUP BY hub_id",
  ("SELECT t.hub_id, COUNT(*) AS s FROM (SELECT hub_id, zone, COUNT(*) AS s FROM desks GROUP BY hub_id, zone) AS t "
   "GROUP BY t.hub_id", "SELECT hub_id, COUNT(*) AS s FROM desks GROUP BY hub_id"),
  "COUNT of COUNTs merged as if it were a SUM")
X("Calcite AggregateProjectPullUpConstantsRule: a group key fixed by the filter pulled up as a constant",
  "SELECT zone, hub_id, COUNT(*) AS n FROM desks WHERE hub_id = 2 GROUP BY zone, hub_id",
  "SELECT zone, 2 AS hub_id, COUNT(*) AS n FROM desks WHERE hub_id = 2 GROUP BY zone",
  "SELECT zone, 2 AS hub_id, COUNT(*) AS n FROM desks WHERE hub_id >= 2 GROUP BY zone",
  "the key not fixed by the filter: hubs 2 to 4 merged under 2")
X("Calcite FilterRemoveIsNotDistinctFromRule: IS NOT DISTINCT FROM expanded",
  "SELECT s.day, c.cw_id FROM badge_swipes AS s INNER JOIN coworkers AS c ON s.cw_id IS NOT DISTINCT FROM c.sponsor_id",
  "SELECT s.day, c.cw_id FROM badge_swipes AS s INNER JOIN coworkers AS c "
  "ON (s.cw_id = c.sponsor_id OR (s.cw_id IS NULL AND c.sponsor_id IS NULL))",
  "SELECT s.day, c.cw_id FROM badge_swipes AS s INNER JOIN coworkers AS c ON s.cw_id = c.sponsor_id",
  "expanded to plain equality: NULL swipes no longer meet unsponsored coworkers")
# --- Spark Catalyst
X("Spark PushPredicateThroughNonJoin: a group-key filter pushed below the Aggregate",
  "SELECT * FROM (SELECT hub_id, SUM(rate) AS s FROM desks GROUP BY hub_id) AS t WHERE t.hub_id > 1",
  "SELECT hub_id, SUM(rate) AS s FROM desks WHERE hub_id > 1 GROUP BY hub_id",
  ("SELECT * FROM (SELECT hub_id, SUM(rate) AS s FROM desks GROUP BY hub_id) AS t WHERE t.s > 5",
   "SELECT hub_id, SUM(rate) AS s FROM desks WHERE rate > 5 GROUP BY hub_id"),
  "a filter on the aggregate pushed as a row filter")
X("Spark PushPredicateThroughJoin: a left-side filter below a LEFT OUTER join",
  "SELECT d.desk_id, b.bk_id FROM desks AS d LEFT JOIN desk_bookings AS b ON b.desk_id = d.desk_id WHERE d.zone = 'open'",
  "SELECT d.desk_id, b.bk_id FROM (SELECT * FROM desks WHERE zone = 'open') AS d LEFT JOIN desk_bookings AS b "
  "ON b.desk_id = d.desk_id",
  ("SELECT d.desk_id, b.bk_id FROM desks AS d LEFT JOIN desk_bookings AS b ON b.desk_id = d.desk_id WHERE b.paid > 0",
   "SELECT d.desk_id, b.bk_id FROM desks AS d LEFT JOIN (SELECT * FROM desk_bookings WHERE paid > 0) AS b "
   "ON b.desk_id = d.desk_id"),
  "a right-side filter pushed below the LEFT JOIN: desks without a paid booking kept")
X("Spark EliminateOuterJoin: a FULL OUTER join under a filter on the left as a LEFT join",
  "SELECT h.hub_id, d.desk_id FROM hubs AS h FULL OUTER JOIN desks AS d ON d.hub_id = h.hub_id WHERE h.city = 'Oslo'",
  "SELECT h.hub_id, d.desk_id FROM hubs AS h LEFT OUTER JOIN desks AS d ON d.hub_id = h.hub_id WHERE h.city = 'Oslo'",
  "SELECT h.hub_id, d.desk_id FROM desks AS d LEFT OUTER JOIN hubs AS h ON d.hub_id = h.hub_id WHERE h.city = 'Oslo'",
  "reduced to the wrong side: Oslo hubs without desks lost")
X("Spark ConstantFolding + BooleanSimplification: literal conjuncts and disjuncts folded",
  "SELECT desk_id FROM desks WHERE (rate > 5 AND TRUE) OR (1 = 0 AND zone = 'open')",
  "SELECT desk_id FROM desks WHERE rate > 5",
  "SELECT desk_id FROM desks WHERE rate > 5 OR zone = 'open'",
  "the false conjunct folded as true")
X("Spark BooleanSimplification: NOT over OR pushed down (De Morgan)",
  "SELECT cw_id FROM coworkers WHERE NOT (credit > 10 OR plan = 'flex')",
  "SELECT cw_id FROM coworkers WHERE credit <= 10 AND plan <> 'flex'",
  "SELECT cw_id FROM coworkers WHERE credit <= 10 OR plan <> 'flex'",
  "De Morgan without turning OR into AND")
X("Spark BooleanSimplification: a common conjunct factored out of a disjunction",
  "SELECT bk_id FROM desk_bookings WHERE (day = 1 AND hours > 1) OR (day = 1 AND paid > 0)",
  "SELECT bk_id FROM desk_bookings WHERE day = 1 AND (hours > 1 OR paid > 0)",
  "SELECT bk_id FROM desk_bookings WHERE day = 1 OR (hours > 1 AND paid > 0)",
  "factored with the connectives swapped")
X("Spark PushFoldableIntoBranches + SimplifyConditionals: a comparison with a CASE folded into its branches",
  "SELECT bk_id FROM desk_bookings WHERE (CASE WHEN paid > 0 THEN 'p' ELSE 'u' END) = 'u'",
  "SELECT bk_id FROM desk_bookings WHERE CASE WHEN paid > 0 THEN FALSE ELSE TRUE END",
  "SELECT bk_id FROM desk_bookings WHERE paid <= 0",
  "the else branch read as the negated condition: unpaid bookings with no amount lost")
X("Spark NullPropagation: IS NULL of a non-nullable column folded to false",
  "SELECT desk_id FROM desks WHERE rate > 5 OR zone IS NULL",
  "SELECT desk_id FROM desks WHERE rate > 5",
  ("SELECT desk_id FROM desks WHERE rate > 5 OR deposit IS NULL", "SELECT desk_id FROM desks WHERE rate > 5"),
  "folded for the NULL-able deposit")
X("Spark ReplaceIntersectWithSemiJoin: INTERSECT as a distinct left semi join",
  "SELECT hub_id FROM desks INTERSECT SELECT hub_id FROM badge_swipes",
  "SELECT DISTINCT d.hub_id FROM desks AS d WHERE EXISTS (SELECT 1 FROM badge_swipes AS s WHERE s.hub_id = d.hub_id)",
  "SELECT d.hub_id FROM desks AS d WHERE EXISTS (SELECT 1 FROM badge_swipes AS s WHERE s.hub_id = d.hub_id)",
  "the DISTINCT dropped: a hub listed per desk")
X("Spark ReplaceExceptWithAntiJoin: EXCEPT as a distinct NULL-safe left anti join",
  "SELECT cw_id, plan FROM coworkers EXCEPT SELECT c.cw_id, c.plan FROM coworkers AS c INNER JOIN desk_bookings AS b "
  "ON b.cw_id = c.cw_id",
  "SELECT DISTINCT c.cw_id, c.plan FROM coworkers AS c WHERE NOT EXISTS (SELECT 1 FROM coworkers AS c2 "
  "INNER JOIN desk_bookings AS b ON b.cw_id = c2.cw_id WHERE c2.cw_id = c.cw_id "
  "AND (c2.plan = c.plan OR (c2.plan IS NULL AND c.plan IS NULL)))",
  "SELECT DISTINCT c.cw_id, c.plan FROM coworkers AS c WHERE NOT EXISTS (SELECT 1 FROM coworkers AS c2 "
  "INNER JOIN desk_bookings AS b ON b.cw_id = c2.cw_id WHERE c2.cw_id = c.cw_id AND c2.plan = c.plan)",
  "the anti join not NULL-safe: a booked coworker without a plan kept")
X("Spark ReplaceExceptWithFilter: EXCEPT of two filters of one table over its key as a negated filter",
  "SELECT desk_id, zone FROM desks WHERE rate > 0 EXCEPT SELECT desk_id, zone FROM desks WHERE hub_id = 1",
  "SELECT DISTINCT desk_id, zone FROM desks WHERE rate > 0 AND NOT COALESCE(hub_id = 1, FALSE)",
  ("SELECT zone FROM desks WHERE rate > 0 EXCEPT SELECT zone FROM desks WHERE hub_id = 1",
   "SELECT DISTINCT zone FROM desks WHERE rate > 0 AND NOT COALESCE(hub_id = 1, FALSE)"),
  "applied without the key in the output: a zone also found in hub 1 kept")
X("Spark RemoveRedundantAggregates: an inner grouping under a coarser distinct grouping removed",
  "SELECT t.zone FROM (SELECT zone, hub_id FROM desks GROUP BY zone, hub_id) AS t GROUP BY t.zone",
  "SELECT zone FROM desks GROUP BY zone",
  ("SELECT t.zone, COUNT(*) AS n FROM (SELECT zone, hub_id FROM desks GROUP BY zone, hub_id) AS t GROUP BY t.zone",
   "SELECT zone, COUNT(*) AS n FROM desks GROUP BY zone"),
  "removed under a COUNT, which sees the inner groups")
X("Spark RewriteCorrelatedScalarSubquery: a correlated COUNT as a LEFT JOIN with the alwaysTrue flag",
  "SELECT h.hub_id, (SELECT COUNT(*) FROM desks AS d WHERE d.hub_id = h.hub_id AND d.zone = 'booth') AS n "
  "FROM hubs AS h",
  "SELECT h.hub_id, CASE WHEN t.alwaysTrue IS NULL THEN 0 ELSE t.n END AS n FROM hubs AS h LEFT JOIN "
  "(SELECT hub_id, COUNT(*) AS n, TRUE AS alwaysTrue FROM desks WHERE zone = 'booth' GROUP BY hub_id) AS t "
  "ON t.hub_id = h.hub_id",
  "SELECT h.hub_id, CASE WHEN t.alwaysTrue IS NULL THEN 0 ELSE t.n END AS n FROM hubs AS h LEFT JOIN "
  "(SELECT hub_id, COUNT(*) AS n, TRUE AS alwaysTrue FROM desks GROUP BY hub_id) AS t ON t.hub_id = h.hub_id",
  "the subquery's own filter lost in the rewrite: every desk counted")
X("Spark RewritePredicateSubquery: NOT IN as a null-aware left anti join",
  "SELECT c.cw_id FROM coworkers AS c WHERE c.cw_id NOT IN (SELECT b.cw_id FROM desk_bookings AS b)",
  "SELECT c.cw_id FROM coworkers AS c WHERE NOT EXISTS (SELECT 1 FROM desk_bookings AS b "
  "WHERE b.cw_id = c.cw_id OR b.cw_id IS NULL)",
  "SELECT c.cw_id FROM coworkers AS c WHERE NOT EXISTS (SELECT 1 FROM desk_bookings AS b WHERE b.cw_id = c.cw_id)",
  "the anti join not null-aware: a walk-in booking no longer hides everyone")
X("Spark PullupCorrelatedPredicates + RewritePredicateSubquery: a correlated EXISTS as IN",
  "SELECT d.desk_id FROM desks AS d WHERE EXISTS (SELECT 1 FROM desk_bookings AS b WHERE b.desk_id = d.desk_id "
  "AND b.day > 2)",
  "SELECT d.desk_id FROM desks AS d WHERE d.desk_id IN (SELECT b.desk_id FROM desk_bookings AS b WHERE b.day > 2)",
  "SELECT d.desk_id FROM desks AS d WHERE d.desk_id IN (SELECT b.desk_id FROM desk_bookings AS b WHERE b.day >= 2)",
  "the pulled-up predicate made non-strict")
X("Spark ColumnPruning + CollapseProject: unused columns pruned, projections collapsed",
  "SELECT t.a FROM (SELECT desk_id AS a, rate + 1 AS b, zone AS c FROM desks) AS t",
  "SELECT desk_id AS a FROM desks",
  "SELECT hub_id AS a FROM desks",
  "the kept column mistaken")
X("Spark EliminateSorts: a sort below an aggregate removed",
  "SELECT t.hub_id, COUNT(*) AS n FROM (SELECT * FROM desks ORDER BY rate) AS t GROUP BY t.hub_id",
  "SELECT hub_id, COUNT(*) AS n FROM desks GROUP BY hub_id",
  ("SELECT t.hub_id, COUNT(*) AS n FROM (SELECT * FROM desks ORDER BY rate, desk_id LIMIT 3) AS t GROUP BY t.hub_id",
   "SELECT hub_id, COUNT(*) AS n FROM desks GROUP BY hub_id"),
  "removed with its LIMIT")
X("Spark CollapseWindow: two windows of one partition in one operator",
  "SELECT t.desk_id, t.s, COUNT(*) OVER (PARTITION BY t.hub_id) AS c FROM (SELECT desk_id, hub_id, "
  "SUM(rate) OVER (PARTITION BY hub_id) AS s FROM desks) AS t",
  "SELECT desk_id, SUM(rate) OVER (PARTITION BY hub_id) AS s, COUNT(*) OVER (PARTITION BY hub_id) AS c FROM desks",
  "SELECT desk_id, SUM(rate) OVER (PARTITION BY hub_id) AS s, COUNT(*) OVER (PARTITION BY zone) AS c FROM desks",
  "the second window partitioned by another column")
X("Spark RewriteDistinctAggregates: COUNT(DISTINCT) with a plain SUM as a join of two groupings",
  "SELECT hub_id, COUNT(DISTINCT zone) AS nz, SUM(rate) AS s FROM desks GROUP BY hub_id",
  "SELECT a.hub_id, a.nz, b.s FROM (SELECT t.hub_id, COUNT(t.zone) AS nz FROM (SELECT DISTINCT hub_id, zone "
  "FROM desks) AS t GROUP BY t.hub_id) AS a INNER JOIN (SELECT hub_id, SUM(rate) AS s FROM desks GROUP BY hub_id) AS b "
  "ON b.hub_id = a.hub_id",
  "SELECT a.hub_id, a.nz, b.s FROM (SELECT t.hub_id, COUNT(t.zone) AS nz FROM (SELECT DISTINCT hub_id, zone "
  "FROM desks) AS t GROUP BY t.hub_id) AS a INNER JOIN (SELECT hub_id, SUM(DISTINCT rate) AS s FROM desks "
  "GROUP BY hub_id) AS b ON b.hub_id = a.hub_id",
  "the non-distinct SUM made distinct too")
X("Spark ReorderJoin: comma joins with WHERE conditions as an explicit join chain",
  "SELECT b.bk_id, h.city FROM desk_bookings AS b, desks AS d, hubs AS h WHERE d.desk_id = b.desk_id "
  "AND h.hub_id = d.hub_id AND h.region = 'north'",
  "SELECT b.bk_id, h.city FROM hubs AS h INNER JOIN desks AS d ON h.hub_id = d.hub_id INNER JOIN desk_bookings AS b "
  "ON d.desk_id = b.desk_id WHERE h.region = 'north'",
  "SELECT b.bk_id, h.city FROM hubs AS h INNER JOIN desks AS d ON h.hub_id = d.hub_id INNER JOIN desk_bookings AS b "
  "ON d.desk_id = b.desk_id WHERE h.region = 'north' OR h.region IS NULL",
  "hubs without a region let through")
X("list:Spark EliminateLimits + CollapseProject: nested ORDER BY .. LIMITs as the smaller one",
  "SELECT t.desk_id FROM (SELECT desk_id FROM desks ORDER BY desk_id LIMIT 5) AS t ORDER BY t.desk_id LIMIT 3",
  "SELECT desk_id FROM desks ORDER BY desk_id LIMIT 3",
  "SELECT desk_id FROM desks ORDER BY desk_id LIMIT 5",
  "the larger limit kept", semantics="list")
X("Spark PropagateEmptyRelation: an inner join with an empty side as an empty relation",
  "SELECT desk_id FROM desks WHERE zone = 'open' UNION ALL SELECT d.desk_id FROM desks AS d "
  "INNER JOIN (SELECT * FROM hubs WHERE 1 = 0) AS h ON h.hub_id = d.hub_id",
  "SELECT desk_id FROM desks WHERE zone = 'open'",
  ("SELECT desk_id FROM desks WHERE zone = 'open' UNION ALL SELECT d.desk_id FROM desks AS d "
   "LEFT JOIN (SELECT * FROM hubs WHERE 1 = 0) AS h ON h.hub_id = d.hub_id",
   "SELECT desk_id FROM desks WHERE zone = 'open'"),
  "propagated through a LEFT JOIN, whose preserved side is not empty")
# --- CockroachDB optgen norm rules
X("CockroachDB ReduceWindowPartitionCols: a partition column determined by another removed",
  "SELECT d.desk_id, COUNT(*) OVER (PARTITION BY d.hub_id, h.city) AS n FROM desks AS d INNER JOIN hubs AS h "
  "ON h.hub_id = d.hub_id",
  "SELECT d.desk_id, COUNT(*) OVER (PARTITION BY d.hub_id) AS n FROM desks AS d INNER JOIN hubs AS h "
  "ON h.hub_id = d.hub_id",
  "SELECT d.desk_id, COUNT(*) OVER (PARTITION BY h.city) AS n FROM desks AS d INNER JOIN hubs AS h "
  "ON h.hub_id = d.hub_id",
  "the determining key removed instead: hubs of one city counted together")
X("CockroachDB ReduceGroupingCols: a functionally determined grouping column as an aggregate",
  "SELECT h.hub_id, h.city, COUNT(*) AS n FROM hubs AS h INNER JOIN desks AS d ON d.hub_id = h.hub_id "
  "GROUP BY h.hub_id, h.city",
  "SELECT h.hub_id, MAX(h.city) AS city, COUNT(*) AS n FROM hubs AS h INNER JOIN desks AS d ON d.hub_id = h.hub_id "
  "GROUP BY h.hub_id",
  "SELECT MAX(h.hub_id) AS hub_id, h.city, COUNT(*) AS n FROM hubs AS h INNER JOIN desks AS d ON d.hub_id = h.hub_id "
  "GROUP BY h.city",
  "the key reduced away instead of the city")
X("CockroachDB CommuteRightJoin: RIGHT JOIN as a LEFT JOIN with inputs swapped",
  "SELECT d.desk_id, h.city FROM hubs AS h RIGHT JOIN desks AS d ON d.hub_id = h.hub_id AND h.region = 'west'",
  "SELECT d.desk_id, h.city FROM desks AS d LEFT JOIN hubs AS h ON d.hub_id = h.hub_id AND h.region = 'west'",
  "SELECT d.desk_id, h.city FROM hubs AS h LEFT JOIN desks AS d ON d.hub_id = h.hub_id AND h.region = 'west'",
  "commuted without swapping the preserved side")
X("CockroachDB NormalizeCmpPlusConst: a constant moved across a comparison",
  "SELECT desk_id FROM desks WHERE rate + 7 > 12",
  "SELECT desk_id FROM desks WHERE rate > 5",
  "SELECT desk_id FROM desks WHERE rate > 19",
  "the constant added instead of subtracted")
X("CockroachDB TryDecorrelateScalarGroupBy: a correlated MAX as a LEFT JOIN to a grouping",
  "SELECT d.desk_id, (SELECT MAX(b.day) FROM desk_bookings AS b WHERE b.desk_id = d.desk_id) AS last_day FROM desks AS d",
  "SELECT d.desk_id, g.m AS last_day FROM desks AS d LEFT JOIN (SELECT desk_id, MAX(day) AS m FROM desk_bookings "
  "GROUP BY desk_id) AS g ON g.desk_id = d.desk_id",
  "SELECT d.desk_id, COALESCE(g.m, 0) AS last_day FROM desks AS d LEFT JOIN (SELECT desk_id, MAX(day) AS m "
  "FROM desk_bookings GROUP BY desk_id) AS g ON g.desk_id = d.desk_id",
  "the COUNT-bug fix applied to MAX: unbooked desks get 0")
X("CockroachDB SimplifyLeftJoin + EliminateJoinUnderProjectLeft: a LEFT JOIN to a key, unused, removed",
  "SELECT b.bk_id, b.paid FROM desk_bookings AS b LEFT JOIN coworkers AS c ON c.cw_id = b.cw_id",
  "SELECT b.bk_id, b.paid FROM desk_bookings AS b",
  "SELECT b.bk_id, b.paid FROM desk_bookings AS b LEFT JOIN coworkers AS c ON c.sponsor_id = b.cw_id",
  "joined on the non-unique sponsor: a booking repeated per sponsored coworker")
# --- MySQL, SQL Server, Hyrise, Umbra/HyPer
X("MySQL subquery_to_derived: an uncorrelated scalar subquery as a derived table",
  "SELECT c.cw_id FROM coworkers AS c WHERE c.credit > (SELECT AVG(c2.credit) FROM coworkers AS c2)",
  "SELECT c.cw_id FROM coworkers AS c CROSS JOIN (SELECT AVG(c2.credit) AS a FROM coworkers AS c2) AS derived_1_2 "
  "WHERE c.credit > derived_1_2.a",
  "SELECT c.cw_id FROM coworkers AS c CROSS JOIN (SELECT AVG(c2.credit) AS a FROM coworkers AS c2) AS derived_1_2 "
  "WHERE c.credit >= derived_1_2.a",
  "the comparison made non-strict")
X("MySQL semijoin LooseScan + outer join simplification: EXISTS over an outer-joined filter",
  "SELECT h.hub_id FROM hubs AS h WHERE EXISTS (SELECT 1 FROM desks AS d LEFT JOIN desk_bookings AS b "
  "ON b.desk_id = d.desk_id WHERE d.hub_id = h.hub_id AND b.paid > 10)",
  "SELECT h.hub_id FROM hubs AS h WHERE h.hub_id IN (SELECT d.hub_id FROM desks AS d INNER JOIN desk_bookings AS b "
  "ON b.desk_id = d.desk_id WHERE b.paid > 10)",
  "SELECT h.hub_id FROM hubs AS h INNER JOIN desks AS d ON d.hub_id = h.hub_id INNER JOIN desk_bookings AS b "
  "ON b.desk_id = d.desk_id WHERE b.paid > 10",
  "the semi-join as a plain join: a hub repeated per paid booking")
X("SQL Server contradiction detection: an empty range replaced by a constant scan",
  "SELECT desk_id FROM desks WHERE (rate > 10 AND rate < 5) OR zone = 'booth'",
  "SELECT desk_id FROM desks WHERE zone = 'booth'",
  ("SELECT desk_id FROM desks WHERE (rate > 10 AND rate < 15) OR zone = 'booth'",
   "SELECT desk_id FROM desks WHERE zone = 'booth'"),
  "a satisfiable range taken for a contradiction")
X("Hyrise JoinToSemiJoinRule: an inner join to a unique side whose columns are unused as a semi join",
  "SELECT b.bk_id FROM desk_bookings AS b INNER JOIN desks AS d ON d.desk_id = b.desk_id WHERE d.zone = 'quiet'",
  "SELECT b.bk_id FROM desk_bookings AS b WHERE b.desk_id IN (SELECT desk_id FROM desks WHERE zone = 'quiet')",
  ("SELECT b.bk_id FROM desk_bookings AS b INNER JOIN badge_swipes AS s ON s.cw_id = b.cw_id WHERE s.action = 'in'",
   "SELECT b.bk_id FROM desk_bookings AS b WHERE b.cw_id IN (SELECT cw_id FROM badge_swipes WHERE action = 'in')"),
  "applied to a join on the non-unique swipe log: the fan-out lost")
X("Hyrise PredicateSplitUpRule: a disjunction split into a union of scans (dedup on row identity)",
  "SELECT desk_id, zone FROM desks WHERE zone = 'quiet' OR rate > 5",
  "SELECT desk_id, zone FROM desks WHERE zone = 'quiet' UNION SELECT desk_id, zone FROM desks WHERE rate > 5",
  "SELECT desk_id, zone FROM desks WHERE zone = 'quiet' UNION ALL SELECT desk_id, zone FROM desks WHERE rate > 5",
  "UNION ALL: a quiet desk over 5 listed twice")
X("Hyrise DependentGroupByReductionRule + ColumnPruningRule: group columns reduced to the key",
  "SELECT d.desk_id, d.zone, d.rate, COUNT(b.bk_id) AS n FROM desks AS d LEFT JOIN desk_bookings AS b "
  "ON b.desk_id = d.desk_id GROUP BY d.desk_id, d.zone, d.rate",
  "SELECT d.desk_id, MIN(d.zone) AS zone, MIN(d.rate) AS rate, COUNT(b.bk_id) AS n FROM desks AS d "
  "LEFT JOIN desk_bookings AS b ON b.desk_id = d.desk_id GROUP BY d.desk_id",
  "SELECT d.desk_id, MIN(d.zone) AS zone, MIN(d.rate) AS rate, COUNT(*) AS n FROM desks AS d "
  "LEFT JOIN desk_bookings AS b ON b.desk_id = d.desk_id GROUP BY d.desk_id",
  "COUNT(*) over the outer join: unbooked desks counted once")
X("Umbra unnesting: a correlated MIN with an inequality via the DISTINCT domain of the outer keys",
  "SELECT b.bk_id FROM desk_bookings AS b WHERE b.paid > (SELECT MIN(b2.paid) FROM desk_bookings AS b2 "
  "WHERE b2.desk_id = b.desk_id AND b2.day < b.day)",
  "SELECT b.bk_id FROM desk_bookings AS b INNER JOIN (SELECT dm.desk_id, dm.day, MIN(b2.paid) AS m FROM "
  "(SELECT DISTINCT desk_id, day FROM desk_bookings) AS dm INNER JOIN desk_bookings AS b2 ON b2.desk_id = dm.desk_id "
  "AND b2.day < dm.day GROUP BY dm.desk_id, dm.day) AS t ON t.desk_id = b.desk_id AND t.day = b.day WHERE b.paid > t.m",
  "SELECT b.bk_id FROM desk_bookings AS b INNER JOIN (SELECT dm.desk_id, dm.day, MIN(b2.paid) AS m FROM "
  "(SELECT DISTINCT desk_id, day FROM desk_bookings) AS dm INNER JOIN desk_bookings AS b2 ON b2.desk_id = dm.desk_id "
  "AND b2.day <= dm.day GROUP BY dm.desk_id, dm.day) AS t ON t.desk_id = b.desk_id AND t.day = b.day WHERE b.paid > t.m",
  "the domain join's inequality made non-strict: the booking's own day taken in")
X("HyPer unnesting: a disjunctive correlated EXISTS split into a semi join and an uncorrelated MAX",
  "SELECT c.cw_id FROM coworkers AS c WHERE EXISTS (SELECT 1 FROM desk_bookings AS b WHERE b.cw_id = c.cw_id "
  "OR b.paid > c.credit)",
  "SELECT c.cw_id FROM coworkers AS c WHERE c.cw_id IN (SELECT b.cw_id FROM desk_bookings AS b) "
  "OR c.credit < (SELECT MAX(b.paid) FROM desk_bookings AS b)",
  "SELECT c.cw_id FROM coworkers AS c WHERE c.cw_id IN (SELECT b.cw_id FROM desk_bookings AS b) "
  "OR c.credit <= (SELECT MAX(b.paid) FROM desk_bookings AS b)",
  "the maximum compared non-strictly")
X("HyPer unnesting: a correlated COUNT = 0 as a LEFT JOIN to the grouped counts",
  "SELECT c.cw_id FROM coworkers AS c WHERE (SELECT COUNT(*) FROM desk_bookings AS b WHERE b.cw_id = c.cw_id) = 0",
  "SELECT c.cw_id FROM coworkers AS c LEFT JOIN (SELECT cw_id, COUNT(*) AS n FROM desk_bookings GROUP BY cw_id) AS t "
  "ON t.cw_id = c.cw_id WHERE t.n IS NULL",
  "SELECT c.cw_id FROM coworkers AS c LEFT JOIN (SELECT cw_id, COUNT(*) AS n FROM desk_bookings GROUP BY cw_id) AS t "
  "ON t.cw_id = c.cw_id WHERE t.n = 0",
  "the COUNT bug: the missing group tested for 0, never true")
X("sqlite:Calcite ReduceExpressionsRule with SQLite's IFNULL of a NOT NULL column",
  "SELECT desk_id, IFNULL(zone, 'none') AS z FROM desks",
  "SELECT desk_id, zone AS z FROM desks",
  ("SELECT desk_id, IFNULL(deposit, 0) AS z FROM desks", "SELECT desk_id, deposit AS z FROM desks"),
  "folded for the NULL-able deposit", dialect="sqlite")
X("sqlite:Spark SimplifyConditionals as SQLite's IIF",
  "SELECT bk_id, IIF(1 = 1, hours, paid) AS v FROM desk_bookings",
  "SELECT bk_id, hours AS v FROM desk_bookings",
  "SELECT bk_id, paid AS v FROM desk_bookings",
  "the else branch kept", dialect="sqlite")
X("sqlite:CockroachDB FoldIsNull with SQLite's IS: a NULL-safe equality to NULL as IS NULL",
  "SELECT bk_id FROM desk_bookings WHERE cw_id IS NULL OR hours IS 8",
  "SELECT bk_id FROM desk_bookings WHERE cw_id IS NULL OR (hours IS NOT NULL AND hours = 8)",
  "SELECT bk_id FROM desk_bookings WHERE cw_id = NULL OR hours = 8",
  "IS NULL written as = NULL: walk-in bookings lost", dialect="sqlite")
# --- two rules in sequence
X("Calcite FilterProjectTransposeRule + FilterIntoJoinRule: a filter over a joined view pushed into its inputs",
  "SELECT * FROM (SELECT d.desk_id, d.rate, h.region FROM desks AS d INNER JOIN hubs AS h ON h.hub_id = d.hub_id) AS t "
  "WHERE t.region = 'north' AND t.rate > 0",
  "SELECT t0.desk_id, t0.rate, t1.region FROM (SELECT * FROM desks WHERE rate > 0) AS t0 INNER JOIN "
  "(SELECT * FROM hubs WHERE region = 'north') AS t1 ON t1.hub_id = t0.hub_id",
  "SELECT t0.desk_id, t0.rate, t1.region FROM (SELECT * FROM desks WHERE rate >= 0) AS t0 INNER JOIN "
  "(SELECT * FROM hubs WHERE region = 'north') AS t1 ON t1.hub_id = t0.hub_id",
  "the pushed rate filter made non-strict")
X("Calcite AggregateProjectMergeRule + AggregateRemoveRule: a renamed key grouping removed",
  "SELECT t.k, MIN(t.z) AS z FROM (SELECT desk_id AS k, zone AS z FROM desks) AS t GROUP BY t.k",
  "SELECT desk_id AS k, zone AS z FROM desks",
  ("SELECT t.k, MIN(t.z) AS z FROM (SELECT hub_id AS k, zone AS z FROM desks) AS t GROUP BY t.k",
   "SELECT hub_id AS k, zone AS z FROM desks"),
  "removed over the non-unique hub")
X("Calcite ProjectMergeRule + ReduceExpressionsRule: identity arithmetic folded after merging",
  "SELECT t.a * 1 + 0 AS a FROM (SELECT rate + 0 AS a FROM desks) AS t",
  "SELECT rate AS a FROM desks",
  "SELECT rate + 1 AS a FROM desks",
  "an identity folded to + 1")
X("Spark PushDownPredicates + ColumnPruning: a filter below a projection, unused columns pruned",
  "SELECT t.desk_id FROM (SELECT desk_id, zone, rate FROM desks) AS t WHERE t.zone = 'booth'",
  "SELECT desk_id FROM desks WHERE zone = 'booth'",
  "SELECT desk_id FROM desks WHERE zone = 'open'",
  "the filter's constant mistaken")
X("Spark ReplaceDistinctWithAggregate + RemoveRedundantAggregates: nested DISTINCTs as one grouping",
  "SELECT DISTINCT t.zone FROM (SELECT DISTINCT zone, hub_id FROM desks) AS t",
  "SELECT zone FROM desks GROUP BY zone",
  "SELECT zone FROM desks GROUP BY zone, hub_id",
  "the inner grouping kept as the only one: a zone per hub")
X("Spark InferFiltersFromConstraints + PushPredicateThroughJoin: IS NOT NULL and a bound pushed into both sides",
  "SELECT c.cw_id, s.plan FROM coworkers AS c INNER JOIN coworkers AS s ON s.cw_id = c.sponsor_id WHERE c.sponsor_id > 2",
  "SELECT c.cw_id, s.plan FROM (SELECT * FROM coworkers WHERE sponsor_id IS NOT NULL AND sponsor_id > 2) AS c "
  "INNER JOIN (SELECT * FROM coworkers WHERE cw_id > 2) AS s ON s.cw_id = c.sponsor_id",
  "SELECT c.cw_id, s.plan FROM (SELECT * FROM coworkers WHERE sponsor_id IS NOT NULL AND sponsor_id > 2) AS c "
  "INNER JOIN (SELECT * FROM coworkers WHERE cw_id > 3) AS s ON s.cw_id = c.sponsor_id",
  "the inferred bound off by one")
X("Spark CombineUnions + PushProjectionThroughUnion: a projection over UNION ALL pushed into its branches",
  "SELECT t.zone FROM (SELECT zone, rate FROM desks WHERE hub_id = 1 UNION ALL SELECT zone, rate FROM desks "
  "WHERE hub_id = 3) AS t",
  "SELECT zone FROM desks WHERE hub_id = 1 UNION ALL SELECT zone FROM desks WHERE hub_id = 3",
  ("SELECT t.zone FROM (SELECT zone, rate FROM desks WHERE hub_id = 1 UNION SELECT zone, rate FROM desks "
   "WHERE hub_id = 3) AS t",
   "SELECT zone FROM desks WHERE hub_id = 1 UNION SELECT zone FROM desks WHERE hub_id = 3"),
  "pushed through a distinct UNION: it now dedups zones, not (zone, rate) rows")
X("CockroachDB PushSelectIntoJoinLeft + SimplifyLeftJoin: filters pushed, the LEFT JOIN made inner",
  "SELECT d.desk_id, b.bk_id FROM desks AS d LEFT JOIN desk_bookings AS b ON b.desk_id = d.desk_id "
  "WHERE d.zone = 'open' AND b.hours > 1",
  "SELECT d.desk_id, b.bk_id FROM (SELECT * FROM desks WHERE zone = 'open') AS d INNER JOIN "
  "(SELECT * FROM desk_bookings WHERE hours > 1) AS b ON b.desk_id = d.desk_id",
  "SELECT d.desk_id, b.bk_id FROM (SELECT * FROM desks WHERE zone = 'open') AS d LEFT JOIN "
  "(SELECT * FROM desk_bookings WHERE hours > 1) AS b ON b.desk_id = d.desk_id",
  "the join left outer: open desks without long bookings kept")
X("CockroachDB ConvertGroupByToDistinct + EliminateDistinct: a grouping on a key removed",
  "SELECT desk_id, zone FROM desks GROUP BY desk_id, zone",
  "SELECT desk_id, zone FROM desks",
  ("SELECT zone FROM desks GROUP BY zone", "SELECT zone FROM desks"),
  "removed without the key")
X("MySQL derived_merge + derived condition pushdown: a filtered derived table merged",
  "SELECT * FROM (SELECT cw_id, credit FROM coworkers WHERE plan = 'fixed') AS dt WHERE dt.credit >= 10",
  "SELECT cw_id, credit FROM coworkers WHERE plan = 'fixed' AND credit >= 10",
  "SELECT cw_id, credit FROM coworkers WHERE plan = 'fixed' AND credit > 10",
  "the pushed condition made strict")
X("SQL Server outer join simplification + join elimination through a NOT NULL foreign key",
  "SELECT b.bk_id FROM desk_bookings AS b LEFT JOIN desks AS d ON d.desk_id = b.desk_id WHERE d.desk_id IS NOT NULL",
  "SELECT b.bk_id FROM desk_bookings AS b",
  ("SELECT b.bk_id FROM desk_bookings AS b LEFT JOIN coworkers AS c ON c.cw_id = b.cw_id WHERE c.cw_id IS NOT NULL",
   "SELECT b.bk_id FROM desk_bookings AS b"),
  "eliminated through the NULL-able coworker key: walk-in bookings kept")

# ================================================================ SSB queries rewritten (starmart)
S("SSB Q1.1: the day dimension join as a semi-join on its key",
  "SELECT SUM(f.price * f.disc) AS revenue FROM lo_fact AS f, dim_day AS d WHERE f.dk = d.dk AND d.d_year = 1993 "
  "AND f.disc BETWEEN 1 AND 3 AND f.qty < 25",
  "SELECT SUM(f.price * f.disc) AS revenue FROM lo_fact AS f WHERE f.dk IN (SELECT dk FROM dim_day WHERE d_year = 1993) "
  "AND f.disc BETWEEN 1 AND 3 AND f.qty < 25",
  "SELECT SUM(f.price * f.disc) AS revenue FROM lo_fact AS f WHERE f.dk IN (SELECT dk FROM dim_day WHERE d_year = 1994) "
  "AND f.disc BETWEEN 1 AND 3 AND f.qty < 25",
  "the year of the semi-join mistaken")
S("SSB Q1.1: BETWEEN and < over integers as inclusive bounds",
  "SELECT SUM(f.price * f.disc) AS revenue FROM lo_fact AS f, dim_day AS d WHERE f.dk = d.dk AND d.d_year = 1993 "
  "AND f.disc BETWEEN 1 AND 3 AND f.qty < 25",
  "SELECT SUM(f.price * f.disc) AS revenue FROM lo_fact AS f INNER JOIN dim_day AS d ON d.dk = f.dk "
  "WHERE d.d_year = 1993 AND f.disc >= 1 AND f.disc <= 3 AND f.qty <= 24",
  "SELECT SUM(f.price * f.disc) AS revenue FROM lo_fact AS f INNER JOIN dim_day AS d ON d.dk = f.dk "
  "WHERE d.d_year = 1993 AND f.disc >= 1 AND f.disc <= 3 AND f.qty <= 30",
  "the quantity bound widened")
S("SSB Q1.1: the SUM pushed below the day join (partial sums per day key)",
  "SELECT SUM(f.price * f.disc) AS revenue FROM lo_fact AS f, dim_day AS d WHERE f.dk = d.dk AND d.d_year = 1997 "
  "AND f.disc BETWEEN 1 AND 5 AND f.qty < 25",
  "SELECT SUM(g.r) AS revenue FROM (SELECT dk, SUM(price * disc) AS r FROM lo_fact WHERE disc BETWEEN 1 AND 5 "
  "AND qty < 25 GROUP BY dk) AS g INNER JOIN dim_day AS d ON d.dk = g.dk WHERE d.d_year = 1997",
  "SELECT MAX(g.r) AS revenue FROM (SELECT dk, SUM(price * disc) AS r FROM lo_fact WHERE disc BETWEEN 1 AND 5 "
  "AND qty < 25 GROUP BY dk) AS g INNER JOIN dim_day AS d ON d.dk = g.dk WHERE d.d_year = 1997",
  "the partial sums combined with MAX")
S("SSB Q1.2: the year-month filter as a correlated EXISTS",
  "SELECT SUM(f.price * f.disc) AS revenue FROM lo_fact AS f, dim_day AS d WHERE f.dk = d.dk "
  "AND d.d_yearmonth = 'Jan1994' AND f.disc BETWEEN 2 AND 6 AND f.qty BETWEEN 20 AND 35",
  "SELECT SUM(f.price * f.disc) AS revenue FROM lo_fact AS f WHERE EXISTS (SELECT 1 FROM dim_day AS d "
  "WHERE d.dk = f.dk AND d.d_yearmonth = 'Jan1994') AND f.disc BETWEEN 2 AND 6 AND f.qty BETWEEN 20 AND 35",
  "SELECT SUM(f.price * f.disc) AS revenue FROM lo_fact AS f WHERE EXISTS (SELECT 1 FROM dim_day AS d "
  "WHERE d.dk = f.commit_dk AND d.d_yearmonth = 'Jan1994') AND f.disc BETWEEN 2 AND 6 AND f.qty BETWEEN 20 AND 35",
  "correlated on the commit day instead of the order day")
S("SSB Q1.3: the week and year filter pushed into a derived day table",
  "SELECT SUM(f.price * f.disc) AS revenue FROM lo_fact AS f, dim_day AS d WHERE f.dk = d.dk AND d.d_week = 6 "
  "AND d.d_year = 1994 AND f.disc BETWEEN 2 AND 7 AND f.qty BETWEEN 20 AND 35",
  "SELECT SUM(f.price * f.disc) AS revenue FROM lo_fact AS f INNER JOIN (SELECT dk FROM dim_day WHERE d_week = 6 "
  "AND d_year = 1994) AS d ON d.dk = f.dk WHERE f.disc BETWEEN 2 AND 7 AND f.qty BETWEEN 20 AND 35",
  "SELECT SUM(f.price * f.disc) AS revenue FROM lo_fact AS f INNER JOIN (SELECT dk FROM dim_day WHERE d_week = 6 "
  "OR d_year = 1994) AS d ON d.dk = f.dk WHERE f.disc BETWEEN 2 AND 7 AND f.qty BETWEEN 20 AND 35",
  "the two day conditions joined with OR")
S("SSB Q1.1 variant: the fact filter and the day filter in either order of a CTE pipeline",
  "SELECT d.d_year, SUM(f.price * f.disc) AS revenue FROM lo_fact AS f INNER JOIN dim_day AS d ON d.dk = f.dk "
  "WHERE f.disc BETWEEN 1 AND 3 GROUP BY d.d_year",
  "WITH cheap AS (SELECT dk, price, disc FROM lo_fact WHERE disc >= 1 AND disc <= 3) "
  "SELECT d.d_year, SUM(c.price * c.disc) AS revenue FROM dim_day AS d INNER JOIN cheap AS c ON c.dk = d.dk "
  "GROUP BY d.d_year",
  "WITH cheap AS (SELECT dk, price, disc FROM lo_fact WHERE disc >= 1 AND disc <= 3) "
  "SELECT d.d_year, SUM(c.price * c.disc) AS revenue FROM dim_day AS d LEFT JOIN cheap AS c ON c.dk = d.dk "
  "GROUP BY d.d_year",
  "the day dimension outer-joined: years without discounted lines listed with NULL")
S("SSB Q2.1: the maker join as a semi-join (4-table star)",
  "SELECT SUM(f.revenue) AS rev, d.d_year, p.p_brand FROM lo_fact AS f, dim_day AS d, dim_product AS p, dim_maker AS m "
  "WHERE f.dk = d.dk AND f.pk = p.pk AND f.mk = m.mk AND p.p_category = 'MFGR#12' AND m.m_region = 'AMERICA' "
  "GROUP BY d.d_year, p.p_brand",
  "SELECT SUM(f.revenue) AS rev, d.d_year, p.p_brand FROM lo_fact AS f INNER JOIN dim_day AS d ON d.dk = f.dk "
  "INNER JOIN dim_product AS p ON p.pk = f.pk WHERE p.p_category = 'MFGR#12' "
  "AND f.mk IN (SELECT mk FROM dim_maker WHERE m_region = 'AMERICA') GROUP BY d.d_year, p.p_brand",
  "SELECT SUM(f.revenue) AS rev, d.d_year, p.p_brand FROM lo_fact AS f INNER JOIN dim_day AS d ON d.dk = f.dk "
  "INNER JOIN dim_product AS p ON p.pk = f.pk WHERE p.p_category = 'MFGR#12' "
  "AND f.ck IN (SELECT mk FROM dim_maker WHERE m_region = 'AMERICA') GROUP BY d.d_year, p.p_brand",
  "the semi-join on the client key")
S("SSB Q2.1: the revenue pre-aggregated per (day, product, maker) below the joins",
  "SELECT SUM(f.revenue) AS rev, d.d_year, p.p_brand FROM lo_fact AS f, dim_day AS d, dim_product AS p, dim_maker AS m "
  "WHERE f.dk = d.dk AND f.pk = p.pk AND f.mk = m.mk AND p.p_category = 'MFGR#12' AND m.m_region = 'AMERICA' "
  "GROUP BY d.d_year, p.p_brand",
  "SELECT SUM(g.rev) AS rev, d.d_year, p.p_brand FROM (SELECT dk, pk, mk, SUM(revenue) AS rev FROM lo_fact "
  "GROUP BY dk, pk, mk) AS g INNER JOIN dim_day AS d ON d.dk = g.dk INNER JOIN dim_product AS p ON p.pk = g.pk "
  "INNER JOIN dim_maker AS m ON m.mk = g.mk WHERE p.p_category = 'MFGR#12' AND m.m_region = 'AMERICA' "
  "GROUP BY d.d_year, p.p_brand",
  "SELECT SUM(g.rev) AS rev, d.d_year, p.p_mfgr FROM (SELECT dk, pk, mk, SUM(revenue) AS rev FROM lo_fact "
  "GROUP BY dk, pk, mk) AS g INNER JOIN dim_day AS d ON d.dk = g.dk INNER JOIN dim_product AS p ON p.pk = g.pk "
  "INNER JOIN dim_maker AS m ON m.mk = g.mk WHERE p.p_category = 'MFGR#12' AND m.m_region = 'AMERICA' "
  "GROUP BY d.d_year, p.p_mfgr",
  "the outer grouping on the manufacturer instead of the brand")
S("SSB Q2.2: a brand IN list as OR of equalities",
  "SELECT SUM(f.revenue) AS rev, d.d_year, p.p_brand FROM lo_fact AS f, dim_day AS d, dim_product AS p, dim_maker AS m "
  "WHERE f.dk = d.dk AND f.pk = p.pk AND f.mk = m.mk AND p.p_brand IN ('MFGR#2221', 'MFGR#2239') "
  "AND m.m_region = 'ASIA' GROUP BY d.d_year, p.p_brand",
  "SELECT SUM(f.revenue) AS rev, d.d_year, p.p_brand FROM lo_fact AS f JOIN dim_day AS d ON f.dk = d.dk "
  "JOIN dim_product AS p ON f.pk = p.pk JOIN dim_maker AS m ON f.mk = m.mk "
  "WHERE (p.p_brand = 'MFGR#2221' OR p.p_brand = 'MFGR#2239') AND m.m_region = 'ASIA' GROUP BY d.d_year, p.p_brand",
  "SELECT SUM(f.revenue) AS rev, d.d_year, p.p_brand FROM lo_fact AS f JOIN dim_day AS d ON f.dk = d.dk "
  "JOIN dim_product AS p ON f.pk = p.pk JOIN dim_maker AS m ON f.mk = m.mk "
  "WHERE p.p_brand = 'MFGR#2221' OR p.p_brand = 'MFGR#2239' AND m.m_region = 'ASIA' GROUP BY d.d_year, p.p_brand",
  "the OR not parenthesised: the region applies to one brand only")
S("SSB Q2.2: a brand IN list as UNION ALL of per-brand groupings",
  "SELECT SUM(f.revenue) AS rev, d.d_year, p.p_brand FROM lo_fact AS f, dim_day AS d, dim_product AS p "
  "WHERE f.dk = d.dk AND f.pk = p.pk AND p.p_brand IN ('MFGR#2221', 'MFGR#2239') GROUP BY d.d_year, p.p_brand",
  "SELECT SUM(f.revenue) AS rev, d.d_year, p.p_brand FROM lo_fact AS f, dim_day AS d, dim_product AS p "
  "WHERE f.dk = d.dk AND f.pk = p.pk AND p.p_brand = 'MFGR#2221' GROUP BY d.d_year, p.p_brand UNION ALL "
  "SELECT SUM(f.revenue) AS rev, d.d_year, p.p_brand FROM lo_fact AS f, dim_day AS d, dim_product AS p "
  "WHERE f.dk = d.dk AND f.pk = p.pk AND p.p_brand = 'MFGR#2239' GROUP BY d.d_year, p.p_brand",
  "SELECT SUM(f.revenue) AS rev, d.d_year, p.p_brand FROM lo_fact AS f, dim_day AS d, dim_product AS p "
  "WHERE f.dk = d.dk AND f.pk = p.pk AND p.p_brand = 'MFGR#2221' GROUP BY d.d_year, p.p_brand UNION ALL "
  "SELECT SUM(f.revenue) AS rev, d.d_year, p.p_brand FROM lo_fact AS f, dim_day AS d, dim_product AS p "
  "WHERE f.dk = d.dk AND f.pk = p.pk AND p.p_brand <> 'MFGR#2221' GROUP BY d.d_year, p.p_brand",
  "the second branch as the complement of the first: the third brand included")
S("SSB Q2.3: the fixed brand pulled out of the grouping as a constant",
  "SELECT SUM(f.revenue) AS rev, d.d_year, p.p_brand FROM lo_fact AS f, dim_day AS d, dim_product AS p, dim_maker AS m "
  "WHERE f.dk = d.dk AND f.pk = p.pk AND f.mk = m.mk AND p.p_brand = 'MFGR#2239' AND m.m_region = 'EUROPE' "
  "GROUP BY d.d_year, p.p_brand",
  "SELECT SUM(f.revenue) AS rev, d.d_year, 'MFGR#2239' AS p_brand FROM lo_fact AS f JOIN dim_day AS d ON f.dk = d.dk "
  "JOIN dim_product AS p ON f.pk = p.pk JOIN dim_maker AS m ON f.mk = m.mk WHERE p.p_brand = 'MFGR#2239' "
  "AND m.m_region = 'EUROPE' GROUP BY d.d_year",
  "SELECT SUM(f.revenue) AS rev, d.d_year, 'MFGR#2239' AS p_brand FROM lo_fact AS f JOIN dim_day AS d ON f.dk = d.dk "
  "JOIN dim_product AS p ON f.pk = p.pk JOIN dim_maker AS m ON f.mk = m.mk WHERE p.p_brand = 'MFGR#2239' "
  "AND m.m_region = 'EUROPE' GROUP BY d.d_year, m.mk",
  "an extra grouping by maker: one row per maker and year")
S("SSB Q3.1: comma joins as explicit joins with the filters in ON (4-table star)",
  "SELECT c.c_nation, m.m_nation, d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f, dim_client AS c, dim_maker AS m, "
  "dim_day AS d WHERE f.ck = c.ck AND f.mk = m.mk AND f.dk = d.dk AND c.c_region = 'ASIA' AND m.m_region = 'ASIA' "
  "AND d.d_year >= 1992 AND d.d_year <= 1997 GROUP BY c.c_nation, m.m_nation, d.d_year",
  "SELECT c.c_nation, m.m_nation, d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f "
  "INNER JOIN dim_client AS c ON c.ck = f.ck AND c.c_region = 'ASIA' "
  "INNER JOIN dim_maker AS m ON m.mk = f.mk AND m.m_region = 'ASIA' "
  "INNER JOIN dim_day AS d ON d.dk = f.dk AND d.d_year BETWEEN 1992 AND 1997 GROUP BY c.c_nation, m.m_nation, d.d_year",
  "SELECT c.c_nation, m.m_nation, d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f "
  "INNER JOIN dim_client AS c ON c.ck = f.ck AND c.c_region = 'ASIA' "
  "INNER JOIN dim_maker AS m ON m.mk = f.mk AND m.m_region = 'ASIA' "
  "INNER JOIN dim_day AS d ON d.dk = f.dk AND d.d_year BETWEEN 1992 AND 1996 GROUP BY c.c_nation, m.m_nation, d.d_year",
  "the year range's upper end lowered")
S("SSB Q3.1: the revenue pre-aggregated per (client, maker, day) below the joins",
  "SELECT c.c_nation, m.m_nation, d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f, dim_client AS c, dim_maker AS m, "
  "dim_day AS d WHERE f.ck = c.ck AND f.mk = m.mk AND f.dk = d.dk AND c.c_region = 'ASIA' AND m.m_region = 'ASIA' "
  "GROUP BY c.c_nation, m.m_nation, d.d_year",
  "SELECT c.c_nation, m.m_nation, d.d_year, SUM(g.rev) AS rev FROM (SELECT ck, mk, dk, SUM(revenue) AS rev "
  "FROM lo_fact GROUP BY ck, mk, dk) AS g JOIN dim_client AS c ON c.ck = g.ck JOIN dim_maker AS m ON m.mk = g.mk "
  "JOIN dim_day AS d ON d.dk = g.dk WHERE c.c_region = 'ASIA' AND m.m_region = 'ASIA' "
  "GROUP BY c.c_nation, m.m_nation, d.d_year",
  "SELECT c.c_nation, m.m_nation, d.d_year, COUNT(g.rev) AS rev FROM (SELECT ck, mk, dk, SUM(revenue) AS rev "
  "FROM lo_fact GROUP BY ck, mk, dk) AS g JOIN dim_client AS c ON c.ck = g.ck JOIN dim_maker AS m ON m.mk = g.mk "
  "JOIN dim_day AS d ON d.dk = g.dk WHERE c.c_region = 'ASIA' AND m.m_region = 'ASIA' "
  "GROUP BY c.c_nation, m.m_nation, d.d_year",
  "the partial sums counted")
S("SSB Q3.2: the nation constant propagated through an equality of nations",
  "SELECT c.c_city, m.m_city, d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f, dim_client AS c, dim_maker AS m, "
  "dim_day AS d WHERE f.ck = c.ck AND f.mk = m.mk AND f.dk = d.dk AND c.c_nation = 'UNITED KINGDOM' "
  "AND m.m_nation = c.c_nation GROUP BY c.c_city, m.m_city, d.d_year",
  "SELECT c.c_city, m.m_city, d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f "
  "JOIN (SELECT * FROM dim_client WHERE c_nation = 'UNITED KINGDOM') AS c ON c.ck = f.ck "
  "JOIN (SELECT * FROM dim_maker WHERE m_nation = 'UNITED KINGDOM') AS m ON m.mk = f.mk "
  "JOIN dim_day AS d ON d.dk = f.dk GROUP BY c.c_city, m.m_city, d.d_year",
  "SELECT c.c_city, m.m_city, d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f "
  "JOIN (SELECT * FROM dim_client WHERE c_nation = 'UNITED KINGDOM') AS c ON c.ck = f.ck "
  "JOIN dim_maker AS m ON m.mk = f.mk "
  "JOIN dim_day AS d ON d.dk = f.dk GROUP BY c.c_city, m.m_city, d.d_year",
  "the equality of nations dropped after the constant was found")
S("SSB Q3.3: two city IN lists as OR of equalities",
  "SELECT c.c_city, m.m_city, d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f, dim_client AS c, dim_maker AS m, "
  "dim_day AS d WHERE f.ck = c.ck AND f.mk = m.mk AND f.dk = d.dk AND c.c_city IN ('UNITED KI1', 'UNITED KI5') "
  "AND m.m_city IN ('UNITED KI1', 'CHINA 3') AND d.d_year BETWEEN 1992 AND 1997 GROUP BY c.c_city, m.m_city, d.d_year",
  "SELECT c.c_city, m.m_city, d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f, dim_client AS c, dim_maker AS m, "
  "dim_day AS d WHERE f.ck = c.ck AND f.mk = m.mk AND f.dk = d.dk "
  "AND (c.c_city = 'UNITED KI1' OR c.c_city = 'UNITED KI5') AND (m.m_city = 'UNITED KI1' OR m.m_city = 'CHINA 3') "
  "AND d.d_year >= 1992 AND d.d_year <= 1997 GROUP BY c.c_city, m.m_city, d.d_year",
  "SELECT c.c_city, m.m_city, d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f, dim_client AS c, dim_maker AS m, "
  "dim_day AS d WHERE f.ck = c.ck AND f.mk = m.mk AND f.dk = d.dk "
  "AND (c.c_city = 'UNITED KI1' OR c.c_city = 'UNITED KI5' OR m.m_city = 'UNITED KI1' OR m.m_city = 'CHINA 3') "
  "AND d.d_year >= 1992 AND d.d_year <= 1997 GROUP BY c.c_city, m.m_city, d.d_year",
  "the two lists merged into one disjunction")
S("SSB Q3.3: the client-city IN list as UNION ALL of per-city groupings",
  "SELECT c.c_city, d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f, dim_client AS c, dim_day AS d "
  "WHERE f.ck = c.ck AND f.dk = d.dk AND c.c_city IN ('UNITED KI1', 'UNITED KI5') GROUP BY c.c_city, d.d_year",
  "SELECT c.c_city, d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f, dim_client AS c, dim_day AS d "
  "WHERE f.ck = c.ck AND f.dk = d.dk AND c.c_city = 'UNITED KI1' GROUP BY c.c_city, d.d_year UNION ALL "
  "SELECT c.c_city, d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f, dim_client AS c, dim_day AS d "
  "WHERE f.ck = c.ck AND f.dk = d.dk AND c.c_city = 'UNITED KI5' GROUP BY c.c_city, d.d_year",
  "SELECT c.c_city, d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f, dim_client AS c, dim_day AS d "
  "WHERE f.ck = c.ck AND f.dk = d.dk AND c.c_city = 'UNITED KI1' GROUP BY c.c_city, d.d_year UNION ALL "
  "SELECT c.c_city, d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f, dim_client AS c, dim_day AS d "
  "WHERE f.ck = c.ck AND f.dk = d.dk AND c.c_city <> 'UNITED KI1' GROUP BY c.c_city, d.d_year",
  "the second branch as the complement of the first: the third city included")
S("SSB Q3.4: the year-month day filter pushed into a derived day table",
  "SELECT c.c_city, m.m_city, d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f, dim_client AS c, dim_maker AS m, "
  "dim_day AS d WHERE f.ck = c.ck AND f.mk = m.mk AND f.dk = d.dk AND c.c_city IN ('UNITED KI1', 'CHINA 3') "
  "AND d.d_yearmonth = 'Dec1997' GROUP BY c.c_city, m.m_city, d.d_year",
  "SELECT c.c_city, m.m_city, d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f JOIN dim_client AS c "
  "ON f.ck = c.ck JOIN dim_maker AS m ON f.mk = m.mk JOIN (SELECT dk, d_year FROM dim_day "
  "WHERE d_yearmonth = 'Dec1997') AS d ON f.dk = d.dk WHERE c.c_city IN ('UNITED KI1', 'CHINA 3') "
  "GROUP BY c.c_city, m.m_city, d.d_year",
  "SELECT c.c_city, m.m_city, 1997 AS d_year, SUM(f.revenue) AS rev FROM lo_fact AS f JOIN dim_client AS c "
  "ON f.ck = c.ck JOIN dim_maker AS m ON f.mk = m.mk JOIN dim_day AS d ON f.dk = d.dk "
  "WHERE c.c_city IN ('UNITED KI1', 'CHINA 3') AND d.d_yearmonth = 'Dec1997' "
  "GROUP BY c.c_city, m.m_city",
  "the year taken from the year-month label without the data saying so")
S("SSB Q4.1: profit as SUM of a difference against a difference of SUMs (5-table star)",
  "SELECT d.d_year, c.c_nation, SUM(f.revenue - f.supplycost) AS profit FROM lo_fact AS f, dim_day AS d, "
  "dim_client AS c, dim_maker AS m, dim_product AS p WHERE f.dk = d.dk AND f.ck = c.ck AND f.mk = m.mk "
  "AND f.pk = p.pk AND c.c_region = 'AMERICA' AND m.m_region = 'AMERICA' "
  "AND (p.p_mfgr = 'MFGR#1' OR p.p_mfgr = 'MFGR#2') GROUP BY d.d_year, c.c_nation",
  "SELECT d.d_year, c.c_nation, SUM(f.revenue) - SUM(f.supplycost) AS profit FROM lo_fact AS f "
  "JOIN dim_day AS d ON f.dk = d.dk JOIN dim_client AS c ON f.ck = c.ck JOIN dim_maker AS m ON f.mk = m.mk "
  "JOIN dim_product AS p ON f.pk = p.pk WHERE c.c_region = 'AMERICA' AND m.m_region = 'AMERICA' "
  "AND p.p_mfgr IN ('MFGR#1', 'MFGR#2') GROUP BY d.d_year, c.c_nation",
  "SELECT d.d_year, c.c_nation, SUM(f.revenue) - MAX(f.supplycost) AS profit FROM lo_fact AS f "
  "JOIN dim_day AS d ON f.dk = d.dk JOIN dim_client AS c ON f.ck = c.ck JOIN dim_maker AS m ON f.mk = m.mk "
  "JOIN dim_product AS p ON f.pk = p.pk WHERE c.c_region = 'AMERICA' AND m.m_region = 'AMERICA' "
  "AND p.p_mfgr IN ('MFGR#1', 'MFGR#2') GROUP BY d.d_year, c.c_nation",
  "the cost subtracted once per group")
S("SSB Q4.1: the product and maker joins as semi-joins (star transformation)",
  "SELECT d.d_year, c.c_nation, SUM(f.revenue - f.supplycost) AS profit FROM lo_fact AS f, dim_day AS d, "
  "dim_client AS c, dim_maker AS m, dim_product AS p WHERE f.dk = d.dk AND f.ck = c.ck AND f.mk = m.mk "
  "AND f.pk = p.pk AND c.c_region = 'AMERICA' AND m.m_region = 'AMERICA' "
  "AND (p.p_mfgr = 'MFGR#1' OR p.p_mfgr = 'MFGR#2') GROUP BY d.d_year, c.c_nation",
  "SELECT d.d_year, c.c_nation, SUM(f.revenue - f.supplycost) AS profit FROM lo_fact AS f "
  "JOIN dim_day AS d ON f.dk = d.dk JOIN dim_client AS c ON f.ck = c.ck WHERE c.c_region = 'AMERICA' "
  "AND f.mk IN (SELECT mk FROM dim_maker WHERE m_region = 'AMERICA') "
  "AND f.pk IN (SELECT pk FROM dim_product WHERE p_mfgr IN ('MFGR#1', 'MFGR#2')) GROUP BY d.d_year, c.c_nation",
  "SELECT d.d_year, c.c_nation, SUM(f.revenue - f.supplycost) AS profit FROM lo_fact AS f "
  "JOIN dim_day AS d ON f.dk = d.dk JOIN dim_client AS c ON f.ck = c.ck WHERE c.c_region = 'AMERICA' "
  "AND f.mk IN (SELECT mk FROM dim_maker WHERE m_region = 'AMERICA') "
  "AND f.pk IN (SELECT pk FROM dim_product WHERE p_mfgr = 'MFGR#1') GROUP BY d.d_year, c.c_nation",
  "one manufacturer of the list lost")
S("SSB Q4.1 variant: the product join eliminated through the NOT NULL foreign key when unfiltered",
  "SELECT d.d_year, c.c_nation, SUM(f.revenue - f.supplycost) AS profit FROM lo_fact AS f, dim_day AS d, "
  "dim_client AS c, dim_product AS p WHERE f.dk = d.dk AND f.ck = c.ck AND f.pk = p.pk AND c.c_region = 'AMERICA' "
  "GROUP BY d.d_year, c.c_nation",
  "SELECT d.d_year, c.c_nation, SUM(f.revenue - f.supplycost) AS profit FROM lo_fact AS f JOIN dim_day AS d "
  "ON f.dk = d.dk JOIN dim_client AS c ON f.ck = c.ck WHERE c.c_region = 'AMERICA' GROUP BY d.d_year, c.c_nation",
  ("SELECT d.d_year, c.c_nation, SUM(f.revenue - f.supplycost) AS profit FROM lo_fact AS f, dim_day AS d, "
   "dim_client AS c WHERE f.commit_dk = d.dk AND f.ck = c.ck AND c.c_region = 'AMERICA' GROUP BY d.d_year, c.c_nation",
   "SELECT d.d_year, c.c_nation, SUM(f.revenue - f.supplycost) AS profit FROM lo_fact AS f LEFT JOIN dim_day AS d "
   "ON f.commit_dk = d.dk JOIN dim_client AS c ON f.ck = c.ck WHERE c.c_region = 'AMERICA' "
   "GROUP BY d.d_year, c.c_nation"),
  "the commit-day join, through a NULL-able key, made outer as if lossless")
S("SSB Q4.2: a year IN list as UNION ALL of per-year groupings (5-table star)",
  "SELECT d.d_year, m.m_nation, p.p_category, SUM(f.revenue - f.supplycost) AS profit FROM lo_fact AS f, dim_day AS d, "
  "dim_client AS c, dim_maker AS m, dim_product AS p WHERE f.dk = d.dk AND f.ck = c.ck AND f.mk = m.mk "
  "AND f.pk = p.pk AND c.c_region = 'AMERICA' AND m.m_region = 'AMERICA' AND d.d_year IN (1993, 1994) "
  "GROUP BY d.d_year, m.m_nation, p.p_category",
  "SELECT d.d_year, m.m_nation, p.p_category, SUM(f.revenue - f.supplycost) AS profit FROM lo_fact AS f, dim_day AS d, "
  "dim_client AS c, dim_maker AS m, dim_product AS p WHERE f.dk = d.dk AND f.ck = c.ck AND f.mk = m.mk "
  "AND f.pk = p.pk AND c.c_region = 'AMERICA' AND m.m_region = 'AMERICA' AND d.d_year = 1993 "
  "GROUP BY d.d_year, m.m_nation, p.p_category UNION ALL "
  "SELECT d.d_year, m.m_nation, p.p_category, SUM(f.revenue - f.supplycost) AS profit FROM lo_fact AS f, dim_day AS d, "
  "dim_client AS c, dim_maker AS m, dim_product AS p WHERE f.dk = d.dk AND f.ck = c.ck AND f.mk = m.mk "
  "AND f.pk = p.pk AND c.c_region = 'AMERICA' AND m.m_region = 'AMERICA' AND d.d_year = 1994 "
  "GROUP BY d.d_year, m.m_nation, p.p_category",
  "SELECT d.d_year, m.m_nation, p.p_category, SUM(f.revenue - f.supplycost) AS profit FROM lo_fact AS f, dim_day AS d, "
  "dim_client AS c, dim_maker AS m, dim_product AS p WHERE f.dk = d.dk AND f.ck = c.ck AND f.mk = m.mk "
  "AND f.pk = p.pk AND c.c_region = 'AMERICA' AND m.m_region = 'AMERICA' AND d.d_year = 1993 "
  "GROUP BY d.d_year, m.m_nation, p.p_category UNION ALL "
  "SELECT d.d_year, m.m_nation, p.p_category, SUM(f.revenue - f.supplycost) AS profit FROM lo_fact AS f, dim_day AS d, "
  "dim_client AS c, dim_maker AS m, dim_product AS p WHERE f.dk = d.dk AND f.ck = c.ck AND f.mk = m.mk "
  "AND f.pk = p.pk AND m.m_region = 'AMERICA' AND d.d_year = 1994 "
  "GROUP BY d.d_year, m.m_nation, p.p_category",
  "the client region filter lost in the second branch")
S("SSB Q4.2: the dimension filters pushed into CTEs (5-table star)",
  "SELECT d.d_year, m.m_nation, p.p_category, SUM(f.revenue - f.supplycost) AS profit FROM lo_fact AS f, dim_day AS d, "
  "dim_client AS c, dim_maker AS m, dim_product AS p WHERE f.dk = d.dk AND f.ck = c.ck AND f.mk = m.mk "
  "AND f.pk = p.pk AND c.c_region = 'AMERICA' AND m.m_region = 'AMERICA' AND d.d_year IN (1993, 1994) "
  "GROUP BY d.d_year, m.m_nation, p.p_category",
  "WITH cc AS (SELECT ck FROM dim_client WHERE c_region = 'AMERICA'), "
  "mm AS (SELECT mk, m_nation FROM dim_maker WHERE m_region = 'AMERICA'), "
  "dd AS (SELECT dk, d_year FROM dim_day WHERE d_year = 1993 OR d_year = 1994) "
  "SELECT dd.d_year, mm.m_nation, p.p_category, SUM(f.revenue - f.supplycost) AS profit FROM lo_fact AS f "
  "JOIN dd ON dd.dk = f.dk JOIN cc ON cc.ck = f.ck JOIN mm ON mm.mk = f.mk JOIN dim_product AS p ON p.pk = f.pk "
  "GROUP BY dd.d_year, mm.m_nation, p.p_category",
  "WITH cc AS (SELECT ck FROM dim_client WHERE c_region = 'AMERICA'), "
  "mm AS (SELECT mk, m_nation FROM dim_maker WHERE m_region = 'AMERICA'), "
  "dd AS (SELECT dk, d_year FROM dim_day WHERE d_year = 1993 OR d_year = 1994) "
  "SELECT dd.d_year, mm.m_nation, p.p_category, SUM(f.revenue - f.supplycost) AS profit FROM lo_fact AS f "
  "JOIN dd ON dd.dk = f.dk JOIN cc ON cc.ck = f.mk JOIN mm ON mm.mk = f.mk JOIN dim_product AS p ON p.pk = f.pk "
  "GROUP BY dd.d_year, mm.m_nation, p.p_category",
  "the client CTE joined on the maker key")
S("SSB Q4.3: the fixed category and nation as derived tables, the brand grouping kept (5-table star)",
  "SELECT d.d_year, m.m_city, p.p_brand, SUM(f.revenue - f.supplycost) AS profit FROM lo_fact AS f, dim_day AS d, "
  "dim_client AS c, dim_maker AS m, dim_product AS p WHERE f.dk = d.dk AND f.ck = c.ck AND f.mk = m.mk "
  "AND f.pk = p.pk AND c.c_region = 'AMERICA' AND m.m_nation = 'UNITED KINGDOM' AND p.p_category = 'MFGR#14' "
  "GROUP BY d.d_year, m.m_city, p.p_brand",
  "SELECT d.d_year, m.m_city, p.p_brand, SUM(f.revenue - f.supplycost) AS profit FROM lo_fact AS f "
  "JOIN dim_day AS d ON d.dk = f.dk "
  "JOIN (SELECT ck FROM dim_client WHERE c_region = 'AMERICA') AS c ON c.ck = f.ck "
  "JOIN (SELECT mk, m_city FROM dim_maker WHERE m_nation = 'UNITED KINGDOM') AS m ON m.mk = f.mk "
  "JOIN (SELECT pk, p_brand FROM dim_product WHERE p_category = 'MFGR#14') AS p ON p.pk = f.pk "
  "GROUP BY d.d_year, m.m_city, p.p_brand",
  "SELECT d.d_year, m.m_city, p.p_brand, SUM(f.revenue - f.supplycost) AS profit FROM lo_fact AS f "
  "JOIN dim_day AS d ON d.dk = f.dk "
  "JOIN (SELECT ck FROM dim_client WHERE c_region = 'AMERICA') AS c ON c.ck = f.ck "
  "JOIN (SELECT mk, m_city FROM dim_maker WHERE m_nation = 'UNITED KINGDOM') AS m ON m.mk = f.mk "
  "JOIN (SELECT pk, p_brand FROM dim_product WHERE p_category = 'MFGR#12') AS p ON p.pk = f.pk "
  "GROUP BY d.d_year, m.m_city, p.p_brand",
  "the other category")
S("SSB Q4.3: the revenue pre-aggregated per (day, client, maker, product), joined to all four dimensions",
  "SELECT d.d_year, m.m_city, p.p_brand, SUM(f.revenue - f.supplycost) AS profit FROM lo_fact AS f, dim_day AS d, "
  "dim_client AS c, dim_maker AS m, dim_product AS p WHERE f.dk = d.dk AND f.ck = c.ck AND f.mk = m.mk "
  "AND f.pk = p.pk AND c.c_region = 'AMERICA' AND m.m_nation = 'UNITED KINGDOM' GROUP BY d.d_year, m.m_city, p.p_brand",
  "SELECT d.d_year, m.m_city, p.p_brand, SUM(g.pr) AS profit FROM (SELECT dk, ck, mk, pk, "
  "SUM(revenue - supplycost) AS pr FROM lo_fact GROUP BY dk, ck, mk, pk) AS g JOIN dim_day AS d ON d.dk = g.dk "
  "JOIN dim_client AS c ON c.ck = g.ck JOIN dim_maker AS m ON m.mk = g.mk JOIN dim_product AS p ON p.pk = g.pk "
  "WHERE c.c_region = 'AMERICA' AND m.m_nation = 'UNITED KINGDOM' GROUP BY d.d_year, m.m_city, p.p_brand",
  "SELECT d.d_year, m.m_city, p.p_brand, SUM(g.pr) AS profit FROM (SELECT dk, ck, mk, pk, "
  "SUM(revenue) - MIN(supplycost) AS pr FROM lo_fact GROUP BY dk, ck, mk, pk) AS g JOIN dim_day AS d ON d.dk = g.dk "
  "JOIN dim_client AS c ON c.ck = g.ck JOIN dim_maker AS m ON m.mk = g.mk JOIN dim_product AS p ON p.pk = g.pk "
  "WHERE c.c_region = 'AMERICA' AND m.m_nation = 'UNITED KINGDOM' GROUP BY d.d_year, m.m_city, p.p_brand",
  "the partial profit subtracts one cost per group")
# --- variants
S("SSB variant: join elimination of every unused dimension through NOT NULL foreign keys",
  "SELECT SUM(f.revenue) AS rev FROM lo_fact AS f JOIN dim_client AS c ON c.ck = f.ck JOIN dim_maker AS m "
  "ON m.mk = f.mk JOIN dim_product AS p ON p.pk = f.pk JOIN dim_day AS d ON d.dk = f.dk",
  "SELECT SUM(revenue) AS rev FROM lo_fact",
  ("SELECT SUM(f.revenue) AS rev FROM lo_fact AS f JOIN dim_client AS c ON c.ck = f.ck JOIN dim_day AS d "
   "ON d.dk = f.commit_dk", "SELECT SUM(revenue) AS rev FROM lo_fact"),
  "eliminated through the NULL-able commit day: uncommitted lines summed")
S("SSB variant: a LEFT JOIN to a dimension through a NOT NULL foreign key as an inner join",
  "SELECT c.c_nation, SUM(f.revenue) AS rev FROM lo_fact AS f LEFT JOIN dim_client AS c ON c.ck = f.ck "
  "GROUP BY c.c_nation",
  "SELECT c.c_nation, SUM(f.revenue) AS rev FROM lo_fact AS f INNER JOIN dim_client AS c ON c.ck = f.ck "
  "GROUP BY c.c_nation",
  ("SELECT d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f LEFT JOIN dim_day AS d ON d.dk = f.commit_dk "
   "GROUP BY d.d_year",
   "SELECT d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f INNER JOIN dim_day AS d ON d.dk = f.commit_dk "
   "GROUP BY d.d_year"),
  "made inner through the NULL-able commit day: the NULL year's revenue lost")
S("SSB variant: a region pivot by CASE sums as filtered sums",
  "SELECT d.d_year, SUM(CASE WHEN c.c_region = 'ASIA' THEN f.revenue ELSE 0 END) AS asia, "
  "SUM(CASE WHEN c.c_region = 'EUROPE' THEN f.revenue ELSE 0 END) AS europe FROM lo_fact AS f "
  "JOIN dim_day AS d ON d.dk = f.dk JOIN dim_client AS c ON c.ck = f.ck GROUP BY d.d_year",
  "SELECT d.d_year, COALESCE(SUM(f.revenue) FILTER (WHERE c.c_region = 'ASIA'), 0) AS asia, "
  "COALESCE(SUM(f.revenue) FILTER (WHERE c.c_region = 'EUROPE'), 0) AS europe FROM lo_fact AS f "
  "JOIN dim_day AS d ON d.dk = f.dk JOIN dim_client AS c ON c.ck = f.ck GROUP BY d.d_year",
  "SELECT d.d_year, SUM(f.revenue) FILTER (WHERE c.c_region = 'ASIA') AS asia, "
  "SUM(f.revenue) FILTER (WHERE c.c_region = 'EUROPE') AS europe FROM lo_fact AS f "
  "JOIN dim_day AS d ON d.dk = f.dk JOIN dim_client AS c ON c.ck = f.ck GROUP BY d.d_year",
  "the COALESCE dropped: a year without Asian lines gets NULL, not 0")
S("SSB variant: a region pivot by CASE sums as LEFT JOINs of per-region groupings",
  "SELECT d.d_year, SUM(CASE WHEN c.c_region = 'ASIA' THEN f.revenue ELSE 0 END) AS asia FROM lo_fact AS f "
  "JOIN dim_day AS d ON d.dk = f.dk JOIN dim_client AS c ON c.ck = f.ck GROUP BY d.d_year",
  "SELECT y.d_year, COALESCE(a.s, 0) AS asia FROM (SELECT DISTINCT d.d_year FROM lo_fact AS f JOIN dim_day AS d "
  "ON d.dk = f.dk) AS y LEFT JOIN (SELECT d.d_year, SUM(f.revenue) AS s FROM lo_fact AS f JOIN dim_day AS d "
  "ON d.dk = f.dk JOIN dim_client AS c ON c.ck = f.ck WHERE c.c_region = 'ASIA' GROUP BY d.d_year) AS a "
  "ON a.d_year = y.d_year",
  "SELECT a.d_year, a.s AS asia FROM (SELECT d.d_year, SUM(f.revenue) AS s FROM lo_fact AS f JOIN dim_day AS d "
  "ON d.dk = f.dk JOIN dim_client AS c ON c.ck = f.ck WHERE c.c_region = 'ASIA' GROUP BY d.d_year) AS a",
  "the years without Asian lines dropped")
S("SSB variant: HAVING over a scalar subquery as a join to the grand total",
  "SELECT f.mk, SUM(f.revenue) AS rev FROM lo_fact AS f GROUP BY f.mk "
  "HAVING SUM(f.revenue) > (SELECT SUM(revenue) / 4 FROM lo_fact)",
  "SELECT g.mk, g.rev FROM (SELECT mk, SUM(revenue) AS rev FROM lo_fact GROUP BY mk) AS g "
  "CROSS JOIN (SELECT SUM(revenue) / 4 AS t FROM lo_fact) AS tt WHERE g.rev > tt.t",
  "SELECT g.mk, g.rev FROM (SELECT mk, SUM(revenue) AS rev FROM lo_fact GROUP BY mk) AS g "
  "CROSS JOIN (SELECT SUM(revenue) / 4 AS t FROM lo_fact) AS tt WHERE g.rev >= tt.t",
  "the threshold made non-strict")
S("SSB variant: HAVING over a per-year scalar subquery as a join to a window total",
  "SELECT d.d_year, f.ck, SUM(f.revenue) AS rev FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk "
  "GROUP BY d.d_year, f.ck HAVING SUM(f.revenue) * 2 > (SELECT SUM(f2.revenue) FROM lo_fact AS f2 "
  "JOIN dim_day AS d2 ON d2.dk = f2.dk WHERE d2.d_year = d.d_year)",
  "SELECT w.d_year, w.ck, w.rev FROM (SELECT d.d_year, f.ck, SUM(f.revenue) AS rev, "
  "SUM(SUM(f.revenue)) OVER (PARTITION BY d.d_year) AS yr FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk "
  "GROUP BY d.d_year, f.ck) AS w WHERE w.rev * 2 > w.yr",
  "SELECT w.d_year, w.ck, w.rev FROM (SELECT d.d_year, f.ck, SUM(f.revenue) AS rev, "
  "SUM(SUM(f.revenue)) OVER () AS yr FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk "
  "GROUP BY d.d_year, f.ck) AS w WHERE w.rev * 2 > w.yr",
  "the window total not partitioned by year")
S("SSB variant: ROLLUP of (year, region) spelled as UNION ALL, the upper levels re-aggregated from the finest",
  "SELECT d.d_year, c.c_region, SUM(f.revenue) AS rev FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk "
  "JOIN dim_client AS c ON c.ck = f.ck GROUP BY d.d_year, c.c_region UNION ALL "
  "SELECT d.d_year, NULL, SUM(f.revenue) FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk GROUP BY d.d_year "
  "UNION ALL SELECT NULL, NULL, SUM(f.revenue) FROM lo_fact AS f",
  "WITH g AS (SELECT d.d_year, c.c_region, SUM(f.revenue) AS rev FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk "
  "JOIN dim_client AS c ON c.ck = f.ck GROUP BY d.d_year, c.c_region) "
  "SELECT d_year, c_region, rev FROM g UNION ALL SELECT d_year, NULL, SUM(rev) FROM g GROUP BY d_year "
  "UNION ALL SELECT NULL, NULL, SUM(rev) FROM g",
  "WITH g AS (SELECT d.d_year, c.c_region, SUM(f.revenue) AS rev FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk "
  "JOIN dim_client AS c ON c.ck = f.ck GROUP BY d.d_year, c.c_region) "
  "SELECT d_year, c_region, rev FROM g UNION ALL SELECT d_year, NULL, SUM(rev) FROM g GROUP BY d_year "
  "UNION ALL SELECT NULL, NULL, MAX(rev) FROM g",
  "the grand total taken as the largest cell")
S("SSB variant: ROLLUP of (nation, city) as UNION ALL against per-level groupings with a level flag",
  "SELECT c.c_nation, c.c_city, SUM(f.revenue) AS rev FROM lo_fact AS f JOIN dim_client AS c ON c.ck = f.ck "
  "GROUP BY c.c_nation, c.c_city UNION ALL SELECT c.c_nation, NULL, SUM(f.revenue) FROM lo_fact AS f "
  "JOIN dim_client AS c ON c.ck = f.ck GROUP BY c.c_nation",
  "SELECT x.c_nation, CASE WHEN x.lvl = 0 THEN x.c_city END AS c_city, SUM(x.revenue) AS rev FROM "
  "(SELECT c.c_nation, c.c_city, f.revenue, 0 AS lvl FROM lo_fact AS f JOIN dim_client AS c ON c.ck = f.ck "
  "UNION ALL SELECT c.c_nation, NULL, f.revenue, 1 FROM lo_fact AS f JOIN dim_client AS c ON c.ck = f.ck) AS x "
  "GROUP BY x.c_nation, x.lvl, CASE WHEN x.lvl = 0 THEN x.c_city END",
  "SELECT x.c_nation, CASE WHEN x.lvl = 0 THEN x.c_city END AS c_city, SUM(x.revenue) AS rev FROM "
  "(SELECT c.c_nation, c.c_city, f.revenue, 0 AS lvl FROM lo_fact AS f JOIN dim_client AS c ON c.ck = f.ck "
  "UNION ALL SELECT c.c_nation, c.c_city, f.revenue, 0 FROM lo_fact AS f JOIN dim_client AS c ON c.ck = f.ck) AS x "
  "GROUP BY x.c_nation, x.lvl, CASE WHEN x.lvl = 0 THEN x.c_city END",
  "the subtotal branch flagged as level 0: cities counted twice, no subtotals")
S("list:SSB variant: top-3 lines by revenue with a total order, LIMIT against ROW_NUMBER",
  "SELECT order_no, line_no, revenue FROM lo_fact ORDER BY revenue DESC, order_no, line_no LIMIT 3",
  "SELECT order_no, line_no, revenue FROM (SELECT order_no, line_no, revenue, ROW_NUMBER() OVER "
  "(ORDER BY revenue DESC, order_no, line_no) AS rn FROM lo_fact) AS t WHERE t.rn <= 3 ORDER BY t.rn",
  "SELECT order_no, line_no, revenue FROM (SELECT order_no, line_no, revenue, RANK() OVER "
  "(ORDER BY revenue DESC) AS rn FROM lo_fact) AS t WHERE t.rn <= 3 ORDER BY t.rn, order_no, line_no",
  "RANK over the revenue alone: ties past the third line kept", semantics="list")
S("SSB variant: the best line of each year by ROW_NUMBER against NOT EXISTS of a better one",
  "SELECT t.d_year, t.order_no, t.line_no FROM (SELECT d.d_year, f.order_no, f.line_no, ROW_NUMBER() OVER "
  "(PARTITION BY d.d_year ORDER BY f.revenue DESC, f.order_no, f.line_no) AS rn FROM lo_fact AS f "
  "JOIN dim_day AS d ON d.dk = f.dk) AS t WHERE t.rn = 1",
  "SELECT d.d_year, f.order_no, f.line_no FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk WHERE NOT EXISTS "
  "(SELECT 1 FROM lo_fact AS f2 JOIN dim_day AS d2 ON d2.dk = f2.dk WHERE d2.d_year = d.d_year AND "
  "(f2.revenue > f.revenue OR (f2.revenue = f.revenue AND (f2.order_no < f.order_no OR "
  "(f2.order_no = f.order_no AND f2.line_no < f.line_no)))))",
  "SELECT d.d_year, f.order_no, f.line_no FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk WHERE NOT EXISTS "
  "(SELECT 1 FROM lo_fact AS f2 JOIN dim_day AS d2 ON d2.dk = f2.dk WHERE d2.d_year = d.d_year AND "
  "f2.revenue > f.revenue)",
  "ties on revenue not broken: every top-revenue line of a year listed")
S("SSB variant: the top maker by revenue with LIMIT 1 against = (SELECT MAX) over grouped totals",
  "SELECT g.mk FROM (SELECT mk, SUM(revenue) AS rev FROM lo_fact GROUP BY mk) AS g "
  "ORDER BY g.rev DESC, g.mk LIMIT 1",
  "SELECT MIN(g.mk) AS mk FROM (SELECT mk, SUM(revenue) AS rev FROM lo_fact GROUP BY mk) AS g "
  "WHERE g.rev = (SELECT MAX(h.rev) FROM (SELECT mk, SUM(revenue) AS rev FROM lo_fact GROUP BY mk) AS h) "
  "HAVING COUNT(*) > 0",
  "SELECT g.mk FROM (SELECT mk, SUM(revenue) AS rev FROM lo_fact GROUP BY mk) AS g "
  "WHERE g.rev = (SELECT MAX(h.rev) FROM (SELECT mk, SUM(revenue) AS rev FROM lo_fact GROUP BY mk) AS h)",
  "every maker tied at the top listed")
S("SSB variant: predicate transitivity from the fact's day key to the commit day",
  "SELECT f.order_no, f.line_no FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk "
  "JOIN dim_day AS cd ON cd.dk = f.commit_dk WHERE f.dk = f.commit_dk AND d.d_year = 1994",
  "SELECT f.order_no, f.line_no FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk WHERE f.commit_dk = f.dk "
  "AND d.d_year = 1994",
  "SELECT f.order_no, f.line_no FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk WHERE d.d_year = 1994",
  "the commit-day equality dropped with the second join")
S("SSB variant: lines committed in a later year, the role-playing day joined twice against EXISTS",
  "SELECT f.order_no, f.line_no FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk "
  "JOIN dim_day AS cd ON cd.dk = f.commit_dk WHERE cd.d_year > d.d_year",
  "SELECT f.order_no, f.line_no FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk WHERE EXISTS "
  "(SELECT 1 FROM dim_day AS cd WHERE cd.dk = f.commit_dk AND cd.d_year > d.d_year)",
  "SELECT f.order_no, f.line_no FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk WHERE NOT EXISTS "
  "(SELECT 1 FROM dim_day AS cd WHERE cd.dk = f.commit_dk AND cd.d_year <= d.d_year)",
  "as NOT EXISTS of an earlier year: lines without a commit day listed")
S("SSB variant: COUNT(DISTINCT order) per year against a count over the distinct (year, order) pairs",
  "SELECT d.d_year, COUNT(DISTINCT f.order_no) AS n FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk GROUP BY d.d_year",
  "SELECT t.d_year, COUNT(*) AS n FROM (SELECT DISTINCT d.d_year, f.order_no FROM lo_fact AS f JOIN dim_day AS d "
  "ON d.dk = f.dk) AS t GROUP BY t.d_year",
  "SELECT t.d_year, COUNT(*) AS n FROM (SELECT d.d_year, f.order_no FROM lo_fact AS f JOIN dim_day AS d "
  "ON d.dk = f.dk) AS t GROUP BY t.d_year",
  "the DISTINCT dropped: lines counted, not orders")
S("SSB variant: the star join with all four dimensions as semi-joins, the dimension columns joined back",
  "SELECT c.c_region, SUM(f.revenue) AS rev FROM lo_fact AS f JOIN dim_client AS c ON c.ck = f.ck "
  "JOIN dim_maker AS m ON m.mk = f.mk JOIN dim_product AS p ON p.pk = f.pk JOIN dim_day AS d ON d.dk = f.dk "
  "WHERE m.m_region = 'EUROPE' AND p.p_size > 5 AND d.d_year = 1997 GROUP BY c.c_region",
  "SELECT c.c_region, SUM(f.revenue) AS rev FROM (SELECT * FROM lo_fact WHERE mk IN (SELECT mk FROM dim_maker "
  "WHERE m_region = 'EUROPE') AND pk IN (SELECT pk FROM dim_product WHERE p_size > 5) AND dk IN "
  "(SELECT dk FROM dim_day WHERE d_year = 1997)) AS f JOIN dim_client AS c ON c.ck = f.ck GROUP BY c.c_region",
  "SELECT c.c_region, SUM(f.revenue) AS rev FROM (SELECT * FROM lo_fact WHERE mk IN (SELECT mk FROM dim_maker "
  "WHERE m_region = 'EUROPE') AND pk IN (SELECT pk FROM dim_product WHERE p_size > 5) AND dk IN "
  "(SELECT dk FROM dim_day WHERE d_year = 1997)) AS f LEFT JOIN dim_client AS c ON c.ck = f.mk GROUP BY c.c_region",
  "the client joined back on the maker key")
S("SSB variant: a NULL-able dimension attribute filter with a star semi-join",
  "SELECT f.order_no, f.line_no FROM lo_fact AS f JOIN dim_product AS p ON p.pk = f.pk WHERE p.p_color = 'red'",
  "SELECT f.order_no, f.line_no FROM lo_fact AS f WHERE EXISTS (SELECT 1 FROM dim_product AS p WHERE p.pk = f.pk "
  "AND p.p_color = 'red')",
  "SELECT f.order_no, f.line_no FROM lo_fact AS f WHERE NOT EXISTS (SELECT 1 FROM dim_product AS p WHERE p.pk = f.pk "
  "AND p.p_color = 'green')",
  "not green taken for red: products without a colour included")
S("SSB variant: a dimension NOT IN over a NULL-able attribute against NOT EXISTS with the NULL case",
  "SELECT f.order_no, f.line_no FROM lo_fact AS f WHERE f.mk NOT IN (SELECT m.mk FROM dim_maker AS m "
  "WHERE m.m_rating < 3)",
  "SELECT f.order_no, f.line_no FROM lo_fact AS f WHERE NOT EXISTS (SELECT 1 FROM dim_maker AS m "
  "WHERE m.mk = f.mk AND m.m_rating < 3)",
  "SELECT f.order_no, f.line_no FROM lo_fact AS f JOIN dim_maker AS m ON m.mk = f.mk WHERE m.m_rating >= 3",
  "as a join with the negated rating: makers without a rating lost")
S("SSB variant: aggregate pushdown of a COUNT below the client join, re-added as a SUM",
  "SELECT c.c_nation, COUNT(*) AS n FROM lo_fact AS f JOIN dim_client AS c ON c.ck = f.ck GROUP BY c.c_nation",
  "SELECT c.c_nation, SUM(g.n) AS n FROM (SELECT ck, COUNT(*) AS n FROM lo_fact GROUP BY ck) AS g "
  "JOIN dim_client AS c ON c.ck = g.ck GROUP BY c.c_nation",
  "SELECT c.c_nation, COUNT(g.n) AS n FROM (SELECT ck, COUNT(*) AS n FROM lo_fact GROUP BY ck) AS g "
  "JOIN dim_client AS c ON c.ck = g.ck GROUP BY c.c_nation",
  "the partial counts counted")
S("SSB variant: a discount-band CASE grouping against UNION ALL of the bands",
  "SELECT CASE WHEN disc = 0 THEN 'none' WHEN disc <= 3 THEN 'low' ELSE 'high' END AS band, SUM(revenue) AS rev "
  "FROM lo_fact GROUP BY CASE WHEN disc = 0 THEN 'none' WHEN disc <= 3 THEN 'low' ELSE 'high' END",
  "SELECT 'none' AS band, SUM(revenue) AS rev FROM lo_fact WHERE disc = 0 HAVING COUNT(*) > 0 UNION ALL "
  "SELECT 'low', SUM(revenue) FROM lo_fact WHERE disc <> 0 AND disc <= 3 HAVING COUNT(*) > 0 UNION ALL "
  "SELECT 'high', SUM(revenue) FROM lo_fact WHERE disc > 3 HAVING COUNT(*) > 0",
  "SELECT 'none' AS band, SUM(revenue) AS rev FROM lo_fact WHERE disc = 0 HAVING COUNT(*) > 0 UNION ALL "
  "SELECT 'low', SUM(revenue) FROM lo_fact WHERE disc <= 3 HAVING COUNT(*) > 0 UNION ALL "
  "SELECT 'high', SUM(revenue) FROM lo_fact WHERE disc > 3 HAVING COUNT(*) > 0",
  "the bands overlap: undiscounted lines also summed as low")
S("SSB variant: the year filter through a derived day table against a join filtered after grouping",
  "SELECT d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk "
  "WHERE d.d_year > 1993 GROUP BY d.d_year",
  "SELECT d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk "
  "GROUP BY d.d_year HAVING d.d_year > 1993",
  "SELECT d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk "
  "GROUP BY d.d_year HAVING SUM(f.revenue) > 1993",
  "the HAVING on the sum instead of the year")
S("SSB variant: tax-inclusive revenue with a NULL-able tax, COALESCE against CASE",
  "SELECT order_no, SUM(revenue + COALESCE(tax, 0)) AS gross FROM lo_fact GROUP BY order_no",
  "SELECT order_no, SUM(CASE WHEN tax IS NULL THEN revenue ELSE revenue + tax END) AS gross FROM lo_fact "
  "GROUP BY order_no",
  "SELECT order_no, SUM(revenue + tax) AS gross FROM lo_fact GROUP BY order_no",
  "the NULL tax not defaulted: untaxed lines drop out of the sum")
S("SSB variant: revenue share of each nation within its region via a grouped join against a window",
  "SELECT g.c_region, g.c_nation, g.rev, r.tot FROM (SELECT c.c_region, c.c_nation, SUM(f.revenue) AS rev "
  "FROM lo_fact AS f JOIN dim_client AS c ON c.ck = f.ck GROUP BY c.c_region, c.c_nation) AS g JOIN "
  "(SELECT c.c_region, SUM(f.revenue) AS tot FROM lo_fact AS f JOIN dim_client AS c ON c.ck = f.ck "
  "GROUP BY c.c_region) AS r ON r.c_region = g.c_region",
  "SELECT c.c_region, c.c_nation, SUM(f.revenue) AS rev, SUM(SUM(f.revenue)) OVER (PARTITION BY c.c_region) AS tot "
  "FROM lo_fact AS f JOIN dim_client AS c ON c.ck = f.ck GROUP BY c.c_region, c.c_nation",
  "SELECT c.c_region, c.c_nation, SUM(f.revenue) AS rev, SUM(SUM(f.revenue)) OVER (PARTITION BY c.c_nation) AS tot "
  "FROM lo_fact AS f JOIN dim_client AS c ON c.ck = f.ck GROUP BY c.c_region, c.c_nation",
  "the window partitioned by nation: the total equals the cell")
S("SSB variant: products never sold in a year, NOT IN over the NOT NULL fact key against LEFT JOIN IS NULL",
  "SELECT p.pk FROM dim_product AS p WHERE p.pk NOT IN (SELECT f.pk FROM lo_fact AS f JOIN dim_day AS d "
  "ON d.dk = f.dk WHERE d.d_year = 1997)",
  "SELECT p.pk FROM dim_product AS p LEFT JOIN (SELECT DISTINCT f.pk FROM lo_fact AS f JOIN dim_day AS d "
  "ON d.dk = f.dk WHERE d.d_year = 1997) AS s ON s.pk = p.pk WHERE s.pk IS NULL",
  "SELECT p.pk FROM dim_product AS p LEFT JOIN lo_fact AS f ON f.pk = p.pk LEFT JOIN dim_day AS d ON d.dk = f.dk "
  "AND d.d_year = 1997 WHERE d.dk IS NULL",
  "the year tested in the second ON: a product sold in 1997 and in another year listed")
S("SSB variant: makers selling to every client region present (division) by COUNT(DISTINCT) against NOT EXISTS",
  "SELECT m.mk FROM dim_maker AS m WHERE NOT EXISTS (SELECT 1 FROM dim_client AS c WHERE NOT EXISTS "
  "(SELECT 1 FROM lo_fact AS f JOIN dim_client AS c2 ON c2.ck = f.ck WHERE f.mk = m.mk AND c2.c_region = c.c_region))",
  "SELECT m.mk FROM dim_maker AS m WHERE (SELECT COUNT(DISTINCT c2.c_region) FROM lo_fact AS f JOIN dim_client AS c2 "
  "ON c2.ck = f.ck WHERE f.mk = m.mk) = (SELECT COUNT(DISTINCT c_region) FROM dim_client)",
  "SELECT m.mk FROM dim_maker AS m WHERE (SELECT COUNT(DISTINCT c2.c_region) FROM lo_fact AS f JOIN dim_client AS c2 "
  "ON c2.ck = f.ck WHERE f.mk = m.mk) = (SELECT COUNT(c_region) FROM dim_client)",
  "the regions counted with repeats")
S("SSB variant: yearly revenue growth by self-join of grouped years against LAG",
  "SELECT a.d_year, a.rev - b.rev AS growth FROM (SELECT d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f "
  "JOIN dim_day AS d ON d.dk = f.dk GROUP BY d.d_year) AS a JOIN (SELECT d.d_year, SUM(f.revenue) AS rev "
  "FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk GROUP BY d.d_year) AS b ON b.d_year = a.d_year - 1",
  "SELECT t.d_year, t.rev - t.prev AS growth FROM (SELECT d.d_year, SUM(f.revenue) AS rev, LAG(SUM(f.revenue)) OVER "
  "(ORDER BY d.d_year) AS prev, LAG(d.d_year) OVER (ORDER BY d.d_year) AS py FROM lo_fact AS f JOIN dim_day AS d "
  "ON d.dk = f.dk GROUP BY d.d_year) AS t WHERE t.py = t.d_year - 1",
  "SELECT t.d_year, t.rev - t.prev AS growth FROM (SELECT d.d_year, SUM(f.revenue) AS rev, LAG(SUM(f.revenue)) OVER "
  "(ORDER BY d.d_year) AS prev FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk GROUP BY d.d_year) AS t "
  "WHERE t.prev IS NOT NULL",
  "the previous present year taken even when a year is missing")
S("SSB variant: quantity filter with IN over integers against BETWEEN-free range OR",
  "SELECT order_no, line_no FROM lo_fact WHERE qty IN (1, 20) AND disc IN (2, 5)",
  "SELECT order_no, line_no FROM lo_fact WHERE (qty = 1 OR qty = 20) AND (disc = 2 OR disc = 5)",
  "SELECT order_no, line_no FROM lo_fact WHERE qty = 1 OR qty = 20 AND disc = 2 OR disc = 5",
  "the OR lists not parenthesised")
S("SSB variant: revenue of lines whose client and maker share a nation, join against EXISTS on the pair",
  "SELECT SUM(f.revenue) AS rev FROM lo_fact AS f JOIN dim_client AS c ON c.ck = f.ck JOIN dim_maker AS m "
  "ON m.mk = f.mk WHERE c.c_nation = m.m_nation",
  "SELECT SUM(f.revenue) AS rev FROM lo_fact AS f WHERE EXISTS (SELECT 1 FROM dim_client AS c, dim_maker AS m "
  "WHERE c.ck = f.ck AND m.mk = f.mk AND c.c_nation = m.m_nation)",
  "SELECT SUM(f.revenue) AS rev FROM lo_fact AS f WHERE EXISTS (SELECT 1 FROM dim_client AS c, dim_maker AS m "
  "WHERE c.ck = f.ck AND c.c_nation = m.m_nation)",
  "the maker not correlated: any maker of the nation matches")
S("SSB Q2.1: a LEFT JOIN to the product through its NOT NULL foreign key as an inner join (4-table star)",
  "SELECT SUM(f.revenue) AS rev, d.d_year, p.p_brand FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk "
  "LEFT JOIN dim_product AS p ON p.pk = f.pk JOIN dim_maker AS m ON m.mk = f.mk "
  "WHERE p.p_category = 'MFGR#14' AND m.m_region = 'EUROPE' GROUP BY d.d_year, p.p_brand",
  "SELECT SUM(f.revenue) AS rev, d.d_year, p.p_brand FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk "
  "JOIN dim_product AS p ON p.pk = f.pk JOIN dim_maker AS m ON m.mk = f.mk "
  "WHERE p.p_category = 'MFGR#14' AND m.m_region = 'EUROPE' GROUP BY d.d_year, p.p_brand",
  "SELECT SUM(f.revenue) AS rev, d.d_year, p.p_brand FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk "
  "LEFT JOIN dim_product AS p ON p.pk = f.pk AND p.p_category = 'MFGR#14' JOIN dim_maker AS m ON m.mk = f.mk "
  "WHERE m.m_region = 'EUROPE' GROUP BY d.d_year, p.p_brand",
  "the category moved into the LEFT JOIN's ON: other categories kept under a NULL brand")
S("SSB Q2.1: the SUM pushed below the day and product joins, the maker as a semi-join",
  "SELECT SUM(f.revenue) AS rev, d.d_year, p.p_brand FROM lo_fact AS f, dim_day AS d, dim_product AS p, dim_maker AS m "
  "WHERE f.dk = d.dk AND f.pk = p.pk AND f.mk = m.mk AND p.p_category = 'MFGR#12' AND m.m_region = 'AMERICA' "
  "GROUP BY d.d_year, p.p_brand",
  "SELECT SUM(g.r) AS rev, d.d_year, p.p_brand FROM (SELECT dk, pk, SUM(revenue) AS r FROM lo_fact WHERE mk IN "
  "(SELECT mk FROM dim_maker WHERE m_region = 'AMERICA') GROUP BY dk, pk) AS g JOIN dim_day AS d ON d.dk = g.dk "
  "JOIN dim_product AS p ON p.pk = g.pk WHERE p.p_category = 'MFGR#12' GROUP BY d.d_year, p.p_brand",
  "SELECT SUM(g.r) AS rev, d.d_year, p.p_brand FROM (SELECT dk, pk, SUM(revenue) AS r FROM lo_fact WHERE mk IN "
  "(SELECT mk FROM dim_maker WHERE m_region = 'AMERICA') GROUP BY dk, pk) AS g JOIN dim_day AS d ON d.dk = g.dk "
  "JOIN dim_product AS p ON p.pk = g.pk GROUP BY d.d_year, p.p_brand",
  "the product category filter lost after the pushdown")
S("SSB Q4.2 variant: makers rated below 3 or unrated, COALESCE against an explicit NULL test (5-table star)",
  "SELECT d.d_year, p.p_category, SUM(f.revenue - f.supplycost) AS profit FROM lo_fact AS f JOIN dim_day AS d "
  "ON d.dk = f.dk JOIN dim_client AS c ON c.ck = f.ck JOIN dim_maker AS m ON m.mk = f.mk JOIN dim_product AS p "
  "ON p.pk = f.pk WHERE c.c_region = 'EUROPE' AND COALESCE(m.m_rating, 0) < 3 GROUP BY d.d_year, p.p_category",
  "SELECT d.d_year, p.p_category, SUM(f.revenue - f.supplycost) AS profit FROM lo_fact AS f JOIN dim_day AS d "
  "ON d.dk = f.dk JOIN dim_client AS c ON c.ck = f.ck JOIN dim_maker AS m ON m.mk = f.mk JOIN dim_product AS p "
  "ON p.pk = f.pk WHERE c.c_region = 'EUROPE' AND (m.m_rating < 3 OR m.m_rating IS NULL) GROUP BY d.d_year, p.p_category",
  "SELECT d.d_year, p.p_category, SUM(f.revenue - f.supplycost) AS profit FROM lo_fact AS f JOIN dim_day AS d "
  "ON d.dk = f.dk JOIN dim_client AS c ON c.ck = f.ck JOIN dim_maker AS m ON m.mk = f.mk JOIN dim_product AS p "
  "ON p.pk = f.pk WHERE c.c_region = 'EUROPE' AND NOT (m.m_rating >= 3) GROUP BY d.d_year, p.p_category",
  "NOT of the comparison: unrated makers dropped")
S("SSB variant: a product size range as BETWEEN against an IN list of the integers in it",
  "SELECT d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk JOIN dim_product AS p "
  "ON p.pk = f.pk WHERE p.p_size BETWEEN 8 AND 12 GROUP BY d.d_year",
  "SELECT d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk JOIN dim_product AS p "
  "ON p.pk = f.pk WHERE p.p_size IN (8, 9, 10, 11, 12) GROUP BY d.d_year",
  "SELECT d.d_year, SUM(f.revenue) AS rev FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk JOIN dim_product AS p "
  "ON p.pk = f.pk WHERE p.p_size IN (8, 9, 11, 12) GROUP BY d.d_year",
  "a value of the range missing from the list")
S("SSB variant: AVG of a fact column with an unused dimension join eliminated",
  "SELECT AVG(f.qty) AS avg_qty FROM lo_fact AS f JOIN dim_product AS p ON p.pk = f.pk JOIN dim_maker AS m ON m.mk = f.mk",
  "SELECT AVG(qty) AS avg_qty FROM lo_fact",
  ("SELECT AVG(f.qty) AS avg_qty FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.commit_dk",
   "SELECT AVG(qty) AS avg_qty FROM lo_fact"),
  "eliminated through the NULL-able commit day")
S("SSB Q4.3 variant: lines per (year, brand) over a 5-table join against semi-joins",
  "SELECT d.d_year, p.p_brand, COUNT(*) AS lines FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk "
  "JOIN dim_client AS c ON c.ck = f.ck JOIN dim_maker AS m ON m.mk = f.mk JOIN dim_product AS p ON p.pk = f.pk "
  "WHERE c.c_region = 'ASIA' AND m.m_nation = 'CHINA' GROUP BY d.d_year, p.p_brand",
  "SELECT d.d_year, p.p_brand, COUNT(*) AS lines FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk "
  "JOIN dim_product AS p ON p.pk = f.pk WHERE EXISTS (SELECT 1 FROM dim_client AS c WHERE c.ck = f.ck "
  "AND c.c_region = 'ASIA') AND f.mk IN (SELECT mk FROM dim_maker WHERE m_nation = 'CHINA') GROUP BY d.d_year, p.p_brand",
  "SELECT d.d_year, p.p_brand, COUNT(DISTINCT f.order_no) AS lines FROM lo_fact AS f JOIN dim_day AS d ON d.dk = f.dk "
  "JOIN dim_product AS p ON p.pk = f.pk WHERE EXISTS (SELECT 1 FROM dim_client AS c WHERE c.ck = f.ck "
  "AND c.c_region = 'ASIA') AND f.mk IN (SELECT mk FROM dim_maker WHERE m_nation = 'CHINA') GROUP BY d.d_year, p.p_brand",
  "orders counted instead of lines")
S("SSB variant: MAX pushed below the client join as partial maxima",
  "SELECT c.c_region, MAX(f.revenue) AS top FROM lo_fact AS f JOIN dim_client AS c ON c.ck = f.ck GROUP BY c.c_region",
  "SELECT c.c_region, MAX(g.m) AS top FROM (SELECT ck, MAX(revenue) AS m FROM lo_fact GROUP BY ck) AS g "
  "JOIN dim_client AS c ON c.ck = g.ck GROUP BY c.c_region",
  "SELECT c.c_region, SUM(g.m) AS top FROM (SELECT ck, MAX(revenue) AS m FROM lo_fact GROUP BY ck) AS g "
  "JOIN dim_client AS c ON c.ck = g.ck GROUP BY c.c_region",
  "the partial maxima summed")
S("SSB variant: lines per client segment with a NULL-able segment, GROUP BY against UNION ALL with the NULL group",
  "SELECT c.c_segment, COUNT(*) AS lines FROM lo_fact AS f JOIN dim_client AS c ON c.ck = f.ck GROUP BY c.c_segment",
  "SELECT c.c_segment, COUNT(*) AS lines FROM lo_fact AS f JOIN dim_client AS c ON c.ck = f.ck "
  "WHERE c.c_segment IS NOT NULL GROUP BY c.c_segment UNION ALL SELECT NULL, COUNT(*) FROM lo_fact AS f "
  "JOIN dim_client AS c ON c.ck = f.ck WHERE c.c_segment IS NULL HAVING COUNT(*) > 0",
  "SELECT c.c_segment, COUNT(*) AS lines FROM lo_fact AS f JOIN dim_client AS c ON c.ck = f.ck "
  "WHERE c.c_segment IS NOT NULL GROUP BY c.c_segment",
  "the NULL segment's group lost")
S("sqlite:SSB Q1.1 with SQLite's IIF summing discounted revenue",
  "SELECT SUM(CASE WHEN disc BETWEEN 1 AND 3 THEN price * disc ELSE 0 END) AS revenue FROM lo_fact",
  "SELECT SUM(IIF(disc BETWEEN 1 AND 3, price * disc, 0)) AS revenue FROM lo_fact",
  "SELECT SUM(IIF(disc BETWEEN 1 AND 3, price * disc, price)) AS revenue FROM lo_fact",
  "the else branch the full price", dialect="sqlite")
S("sqlite:SSB variant with IFNULL: the tax-inclusive revenue",
  "SELECT order_no, line_no, revenue + COALESCE(tax, 0) AS gross FROM lo_fact",
  "SELECT order_no, line_no, revenue + IFNULL(tax, 0) AS gross FROM lo_fact",
  "SELECT order_no, line_no, IFNULL(revenue + tax, 0) AS gross FROM lo_fact",
  "the default applied after the addition", dialect="sqlite")
S("sqlite:SSB variant with SQLite's scalar MAX: lines whose commit day key is at least the order day key",
  "SELECT order_no, line_no FROM lo_fact WHERE MAX(dk, commit_dk) = commit_dk",
  "SELECT order_no, line_no FROM lo_fact WHERE commit_dk >= dk",
  "SELECT order_no, line_no FROM lo_fact WHERE commit_dk > dk",
  "equal day keys excluded", dialect="sqlite")

# ================================================================ text-to-SQL questions (petadopt)
Q("How many dogs are there? COUNT(*) against COUNT of the NOT NULL key",
  "SELECT COUNT(*) FROM animals WHERE species = 'dog'",
  "SELECT COUNT(animal_id) AS dog_count FROM animals WHERE species = 'dog'",
  "SELECT COUNT(fee) AS dog_count FROM animals WHERE species = 'dog'",
  "COUNT of the NULL-able fee: dogs without a fee not counted")
Q("Which adopters adopted a cat? DISTINCT join against IN",
  "SELECT DISTINCT ad.adopter_id, ad.aname FROM adopters AS ad JOIN adoptions AS a ON a.adopter_id = ad.adopter_id "
  "JOIN animals AS an ON an.animal_id = a.animal_id WHERE an.species = 'cat'",
  "SELECT adopter_id, aname FROM adopters WHERE adopter_id IN (SELECT a.adopter_id FROM adoptions AS a "
  "JOIN animals AS an ON an.animal_id = a.animal_id WHERE an.species = 'cat')",
  "SELECT ad.adopter_id, ad.aname FROM adopters AS ad JOIN adoptions AS a ON a.adopter_id = ad.adopter_id "
  "JOIN animals AS an ON an.animal_id = a.animal_id WHERE an.species = 'cat'",
  "the join without DISTINCT: an adopter of two cats listed twice")
Q("Which shelters have no animals? NOT IN over the NOT NULL foreign key against NOT EXISTS",
  "SELECT sname FROM shelters WHERE shelter_id NOT IN (SELECT shelter_id FROM animals)",
  "SELECT s.sname FROM shelters AS s WHERE NOT EXISTS (SELECT 1 FROM animals AS a WHERE a.shelter_id = s.shelter_id)",
  "SELECT s.sname FROM shelters AS s JOIN animals AS a ON a.shelter_id <> s.shelter_id",
  "an inequality join for the anti-join")
Q("Which shelters were never visited? NOT EXISTS against LEFT JOIN IS NULL",
  "SELECT s.shelter_id FROM shelters AS s WHERE NOT EXISTS (SELECT 1 FROM shelter_visits AS v "
  "WHERE v.shelter_id = s.shelter_id)",
  "SELECT s.shelter_id FROM shelters AS s LEFT JOIN shelter_visits AS v ON v.shelter_id = s.shelter_id "
  "WHERE v.shelter_id IS NULL",
  "SELECT shelter_id FROM shelters WHERE shelter_id NOT IN (SELECT shelter_id FROM shelter_visits)",
  "NOT IN over the NULL-able visit shelter: one unknown visit hides every shelter")
Q("Which animal has the highest id? ORDER BY .. LIMIT 1 on the unique key against = (SELECT MAX)",
  "SELECT animal_id, species FROM animals ORDER BY animal_id DESC LIMIT 1",
  "SELECT animal_id, species FROM animals WHERE animal_id = (SELECT MAX(animal_id) FROM animals)",
  ("SELECT animal_id, species FROM animals WHERE age = (SELECT MAX(age) FROM animals)",
   "SELECT animal_id, species FROM animals ORDER BY age DESC, animal_id LIMIT 1"),
  "the oldest animal by LIMIT 1: ties on age dropped")
Q("How many adoptions did each shelter make (shelters with none included)? LEFT JOIN count against a correlated count",
  "SELECT s.shelter_id, COUNT(ad.adoption_id) AS n FROM shelters AS s LEFT JOIN animals AS a "
  "ON a.shelter_id = s.shelter_id LEFT JOIN adoptions AS ad ON ad.animal_id = a.animal_id GROUP BY s.shelter_id",
  "SELECT s.shelter_id, (SELECT COUNT(*) FROM adoptions AS ad JOIN animals AS a ON a.animal_id = ad.animal_id "
  "WHERE a.shelter_id = s.shelter_id) AS n FROM shelters AS s",
  "SELECT s.shelter_id, COUNT(*) AS n FROM shelters AS s LEFT JOIN animals AS a "
  "ON a.shelter_id = s.shelter_id LEFT JOIN adoptions AS ad ON ad.animal_id = a.animal_id GROUP BY s.shelter_id",
  "COUNT(*) over the LEFT JOIN: a shelter without adoptions counted once per row")
Q("What is the average fee of dogs? AVG directly against AVG over a derived table",
  "SELECT AVG(fee) FROM animals WHERE species = 'dog'",
  "SELECT AVG(d.fee) AS avg_fee FROM (SELECT fee FROM animals WHERE species = 'dog') AS d",
  "SELECT AVG(COALESCE(d.fee, 0)) AS avg_fee FROM (SELECT fee FROM animals WHERE species = 'dog') AS d",
  "missing fees averaged as 0")
Q("Which adopters live in Leeds or are over 60? UNION against OR",
  "SELECT adopter_id FROM adopters WHERE city = 'Leeds' UNION SELECT adopter_id FROM adopters WHERE age > 60",
  "SELECT adopter_id FROM adopters WHERE city = 'Leeds' OR age > 60",
  "SELECT adopter_id FROM adopters WHERE city = 'Leeds' UNION ALL SELECT adopter_id FROM adopters WHERE age > 60",
  "UNION ALL: an older Leeds adopter listed twice")
Q("Which adopters both adopted and fostered? INTERSECT against IN",
  "SELECT adopter_id FROM adoptions INTERSECT SELECT adopter_id FROM foster_stays",
  "SELECT DISTINCT adopter_id FROM adoptions WHERE adopter_id IN (SELECT adopter_id FROM foster_stays)",
  "SELECT adopter_id FROM adoptions WHERE adopter_id IN (SELECT adopter_id FROM foster_stays)",
  "no DISTINCT: an adopter listed per adoption")
Q("Which visitors never adopted? EXCEPT against a distinct NOT EXISTS",
  "SELECT adopter_id FROM shelter_visits EXCEPT SELECT adopter_id FROM adoptions",
  "SELECT DISTINCT v.adopter_id FROM shelter_visits AS v WHERE NOT EXISTS (SELECT 1 FROM adoptions AS a "
  "WHERE a.adopter_id = v.adopter_id)",
  "SELECT DISTINCT v.adopter_id FROM shelter_visits AS v WHERE v.adopter_id NOT IN (SELECT a.adopter_id "
  "FROM adoptions AS a)",
  "NOT IN drops the anonymous visits' NULL, which EXCEPT keeps")
Q("Which species have more than two animals? HAVING against WHERE over grouped counts",
  "SELECT species FROM animals GROUP BY species HAVING COUNT(*) > 2",
  "SELECT t.species FROM (SELECT species, COUNT(*) AS n FROM animals GROUP BY species) AS t WHERE t.n > 2",
  "SELECT t.species FROM (SELECT species, COUNT(*) AS n FROM animals GROUP BY species) AS t WHERE t.n >= 2",
  "at least two for more than two")
Q("List the different species. DISTINCT against GROUP BY",
  "SELECT DISTINCT species FROM animals",
  "SELECT species FROM animals GROUP BY species",
  "SELECT species FROM animals GROUP BY species, shelter_id",
  "grouped by the shelter too: a species listed per shelter")
Q("Which animals were never adopted? LEFT JOIN IS NULL on the key against NOT EXISTS",
  "SELECT a.animal_id FROM animals AS a LEFT JOIN adoptions AS ad ON ad.animal_id = a.animal_id "
  "WHERE ad.adoption_id IS NULL",
  "SELECT a.animal_id FROM animals AS a WHERE NOT EXISTS (SELECT 1 FROM adoptions AS ad "
  "WHERE ad.animal_id = a.animal_id)",
  "SELECT a.animal_id FROM animals AS a LEFT JOIN adoptions AS ad ON ad.animal_id = a.animal_id "
  "WHERE ad.paid IS NULL",
  "the NULL test on the NULL-able amount: unpaid adoptions counted as none")
Q("How many adoptions does each adopter have? a correlated count against a derived table in FROM",
  "SELECT ad.adopter_id, (SELECT COUNT(*) FROM adoptions AS a WHERE a.adopter_id = ad.adopter_id) AS n "
  "FROM adopters AS ad",
  "SELECT ad.adopter_id, COALESCE(c.n, 0) AS n FROM adopters AS ad LEFT JOIN (SELECT adopter_id, COUNT(*) AS n "
  "FROM adoptions GROUP BY adopter_id) AS c ON c.adopter_id = ad.adopter_id",
  "SELECT ad.adopter_id, c.n FROM adopters AS ad JOIN (SELECT adopter_id, COUNT(*) AS n "
  "FROM adoptions GROUP BY adopter_id) AS c ON c.adopter_id = ad.adopter_id",
  "an inner join dropping adopters without adoptions")
Q("How many adoptions were made in 2024? date strings compared as text, the same bounds both sides",
  "SELECT COUNT(*) FROM adoptions WHERE adopt_date >= '2024-01-01' AND adopt_date < '2025-01-01'",
  "SELECT COUNT(*) AS n FROM adoptions WHERE adopt_date < '2025-01-01' AND NOT adopt_date < '2024-01-01'",
  "SELECT COUNT(*) AS n FROM adoptions WHERE adopt_date BETWEEN '2024-01-01' AND '2024-05-01'",
  "the year's upper bound mistyped")
Q("Which animals were adopted on a day their adopter visited a shelter? join on text dates against EXISTS",
  "SELECT DISTINCT a.adoption_id FROM adoptions AS a JOIN shelter_visits AS v ON v.adopter_id = a.adopter_id "
  "AND v.visit_date = a.adopt_date",
  "SELECT a.adoption_id FROM adoptions AS a WHERE EXISTS (SELECT 1 FROM shelter_visits AS v "
  "WHERE v.adopter_id = a.adopter_id AND v.visit_date = a.adopt_date)",
  "SELECT a.adoption_id FROM adoptions AS a JOIN shelter_visits AS v ON v.adopter_id = a.adopter_id "
  "AND v.visit_date = a.adopt_date",
  "the join without DISTINCT: duplicate visits repeat the adoption")
Q("Which shelters hold a rabbit? IN against a DISTINCT join",
  "SELECT shelter_id, sname FROM shelters WHERE shelter_id IN (SELECT shelter_id FROM animals WHERE species = 'rabbit')",
  "SELECT DISTINCT s.shelter_id, s.sname FROM shelters AS s JOIN animals AS a ON a.shelter_id = s.shelter_id "
  "WHERE a.species = 'rabbit'",
  "SELECT s.shelter_id, s.sname FROM shelters AS s JOIN animals AS a ON a.shelter_id = s.shelter_id "
  "WHERE a.species = 'rabbit'",
  "the join duplicates a shelter with two rabbits")
Q("Which animals were never fostered? NOT IN over the NOT NULL key against NOT EXISTS",
  "SELECT animal_id FROM animals WHERE animal_id NOT IN (SELECT animal_id FROM foster_stays)",
  "SELECT a.animal_id FROM animals AS a WHERE NOT EXISTS (SELECT 1 FROM foster_stays AS f "
  "WHERE f.animal_id = a.animal_id)",
  "SELECT a.animal_id FROM animals AS a WHERE NOT EXISTS (SELECT 1 FROM foster_stays AS f "
  "WHERE f.animal_id = a.animal_id AND f.weeks > 1)",
  "an extra condition in the anti-join: animals fostered for a week listed")
Q("How many adoptions per adopter? COUNT of the key against COUNT(*)",
  "SELECT adopter_id, COUNT(*) FROM adoptions GROUP BY adopter_id",
  "SELECT adopter_id, COUNT(adoption_id) AS total FROM adoptions GROUP BY adopter_id",
  "SELECT adopter_id, COUNT(paid) AS total FROM adoptions GROUP BY adopter_id",
  "COUNT of the NULL-able amount")
Q("What did each shelter take in adoption payments? a join grouped by shelter against a CTE",
  "SELECT s.shelter_id, SUM(ad.paid) AS total FROM shelters AS s JOIN animals AS a ON a.shelter_id = s.shelter_id "
  "JOIN adoptions AS ad ON ad.animal_id = a.animal_id GROUP BY s.shelter_id",
  "WITH pay AS (SELECT a.shelter_id, ad.paid FROM adoptions AS ad JOIN animals AS a ON a.animal_id = ad.animal_id) "
  "SELECT shelter_id, SUM(paid) AS total FROM pay GROUP BY shelter_id",
  "SELECT s.city, SUM(ad.paid) AS total FROM shelters AS s JOIN animals AS a ON a.shelter_id = s.shelter_id "
  "JOIN adoptions AS ad ON ad.animal_id = a.animal_id GROUP BY s.city",
  "grouped by the city: two shelters of one city merged")
Q("Which animals are older than 3? > against NOT <=",
  "SELECT animal_id FROM animals WHERE age > 3",
  "SELECT animal_id FROM animals WHERE NOT (age <= 3)",
  "SELECT animal_id FROM animals WHERE age >= 3",
  ">= for >")
Q("Which adopters adopted more than one time? IN with HAVING against a CTE join",
  "SELECT aname FROM adopters WHERE adopter_id IN (SELECT adopter_id FROM adoptions GROUP BY adopter_id "
  "HAVING COUNT(*) > 1)",
  "WITH multi AS (SELECT adopter_id FROM adoptions GROUP BY adopter_id HAVING COUNT(*) >= 2) "
  "SELECT ad.aname FROM adopters AS ad JOIN multi AS m ON m.adopter_id = ad.adopter_id",
  "WITH multi AS (SELECT adopter_id FROM adoptions GROUP BY adopter_id HAVING COUNT(DISTINCT animal_id) >= 2) "
  "SELECT ad.aname FROM adopters AS ad JOIN multi AS m ON m.adopter_id = ad.adopter_id",
  "distinct animals counted: adopting the same animal twice not counted")
Q("Show each adopter with the name of whoever referred them. LEFT self-join against a scalar subquery",
  "SELECT a.aname, r.aname AS referrer FROM adopters AS a LEFT JOIN adopters AS r ON r.adopter_id = a.referred_by",
  "SELECT a.aname, (SELECT r.aname FROM adopters AS r WHERE r.adopter_id = a.referred_by) AS referrer "
  "FROM adopters AS a",
  "SELECT a.aname, r.aname AS referrer FROM adopters AS a JOIN adopters AS r ON r.adopter_id = a.referred_by",
  "an inner self-join: adopters nobody referred lost")
Q("Which adopters were referred by someone from Leeds? a self-join against EXISTS",
  "SELECT a.adopter_id FROM adopters AS a JOIN adopters AS r ON r.adopter_id = a.referred_by WHERE r.city = 'Leeds'",
  "SELECT a.adopter_id FROM adopters AS a WHERE EXISTS (SELECT 1 FROM adopters AS r WHERE r.adopter_id = a.referred_by "
  "AND r.city = 'Leeds')",
  "SELECT a.adopter_id FROM adopters AS a JOIN adopters AS r ON r.adopter_id = a.referred_by "
  "JOIN adoptions AS ad ON ad.adopter_id = r.adopter_id WHERE r.city = 'Leeds'",
  "a join to the referrer's adoptions duplicates (and drops) adopters")
Q("How many different species does each shelter hold? COUNT(DISTINCT) against a count of a distinct derived table",
  "SELECT shelter_id, COUNT(DISTINCT species) FROM animals GROUP BY shelter_id",
  "SELECT t.shelter_id, COUNT(*) AS n_species FROM (SELECT DISTINCT shelter_id, species FROM animals) AS t "
  "GROUP BY t.shelter_id",
  "SELECT shelter_id, COUNT(species) AS n_species FROM animals GROUP BY shelter_id",
  "COUNT without DISTINCT: animals counted, not species")
Q("What is the total fee of each species? SUM grouped against a correlated SUM per distinct species",
  "SELECT species, SUM(fee) FROM animals GROUP BY species",
  "SELECT s.species, (SELECT SUM(a.fee) FROM animals AS a WHERE a.species = s.species) AS total "
  "FROM (SELECT DISTINCT species FROM animals) AS s",
  "SELECT species, SUM(COALESCE(fee, 0)) AS total FROM animals GROUP BY species",
  "COALESCE inside the SUM: a species with only unknown fees totals 0, not NULL")
Q("Which shelter has the most animals (all ties)? HAVING = MAX against a CTE of counts",
  "SELECT shelter_id FROM animals GROUP BY shelter_id HAVING COUNT(*) = (SELECT MAX(n) FROM (SELECT COUNT(*) AS n "
  "FROM animals GROUP BY shelter_id) AS t)",
  "WITH counts AS (SELECT shelter_id, COUNT(*) AS n FROM animals GROUP BY shelter_id) "
  "SELECT shelter_id FROM counts WHERE n = (SELECT MAX(n) FROM counts)",
  "WITH counts AS (SELECT shelter_id, COUNT(*) AS n FROM animals GROUP BY shelter_id) "
  "SELECT shelter_id FROM counts ORDER BY n DESC LIMIT 1",
  "LIMIT 1 under ties: a shelter tied for the most dropped")
Q("Which animals are older than the average of their species? a correlated AVG against a join to grouped AVGs",
  "SELECT a.animal_id FROM animals AS a WHERE a.age > (SELECT AVG(b.age) FROM animals AS b WHERE b.species = a.species)",
  "SELECT a.animal_id FROM animals AS a JOIN (SELECT species, AVG(age) AS avg_age FROM animals GROUP BY species) AS g "
  "ON g.species = a.species WHERE a.age > g.avg_age",
  "SELECT a.animal_id FROM animals AS a JOIN (SELECT shelter_id, AVG(age) AS avg_age FROM animals "
  "GROUP BY shelter_id) AS g ON g.shelter_id = a.shelter_id WHERE a.age > g.avg_age",
  "averaged per shelter instead of per species")
Q("How many foster stays does each adopter have (0 if none)? LEFT JOIN count of a column against a correlated count",
  "SELECT ad.adopter_id, COUNT(f.animal_id) AS n FROM adopters AS ad LEFT JOIN foster_stays AS f "
  "ON f.adopter_id = ad.adopter_id GROUP BY ad.adopter_id",
  "SELECT ad.adopter_id, (SELECT COUNT(*) FROM foster_stays AS f WHERE f.adopter_id = ad.adopter_id) AS n "
  "FROM adopters AS ad",
  "SELECT ad.adopter_id, COUNT(*) AS n FROM adopters AS ad LEFT JOIN foster_stays AS f "
  "ON f.adopter_id = ad.adopter_id GROUP BY ad.adopter_id",
  "COUNT(*) over the LEFT JOIN: adopters without fosters get 1")
Q("Which adopters adopted both in 2023 and in 2024? INTERSECT against two IN tests",
  "SELECT adopter_id FROM adoptions WHERE adopt_date < '2024-01-01' INTERSECT "
  "SELECT adopter_id FROM adoptions WHERE adopt_date >= '2024-01-01'",
  "SELECT adopter_id FROM adopters WHERE adopter_id IN (SELECT adopter_id FROM adoptions WHERE adopt_date < '2024-01-01') "
  "AND adopter_id IN (SELECT adopter_id FROM adoptions WHERE adopt_date >= '2024-01-01')",
  "SELECT adopter_id FROM adopters WHERE adopter_id IN (SELECT adopter_id FROM adoptions WHERE adopt_date < '2024-01-01') "
  "OR adopter_id IN (SELECT adopter_id FROM adoptions WHERE adopt_date >= '2024-01-01')",
  "OR for AND: adopters of either year")
Q("Which Leeds shelters have a capacity over 10? a filter against a filtered derived table",
  "SELECT sname FROM shelters WHERE city = 'Leeds' AND capacity > 10",
  "SELECT t.sname FROM (SELECT sname, capacity FROM shelters WHERE city = 'Leeds') AS t WHERE t.capacity > 10",
  "SELECT t.sname FROM (SELECT sname, capacity FROM shelters WHERE city = 'Leeds') AS t "
  "WHERE COALESCE(t.capacity, 30) > 10",
  "an unknown capacity defaulted to a large one")
Q("Which animals have a fee other than 0? <> against NOT =",
  "SELECT animal_id FROM animals WHERE fee <> 0",
  "SELECT animal_id FROM animals WHERE NOT (fee = 0)",
  "SELECT animal_id FROM animals WHERE COALESCE(fee, 1) <> 0",
  "animals with an unknown fee counted as non-zero")
Q("How many visits were made for each purpose (purpose known)? a grouped count against a correlated count",
  "SELECT purpose, COUNT(*) FROM shelter_visits WHERE purpose IS NOT NULL GROUP BY purpose",
  "SELECT p.purpose, (SELECT COUNT(*) FROM shelter_visits AS v WHERE v.purpose = p.purpose) AS n "
  "FROM (SELECT DISTINCT purpose FROM shelter_visits WHERE purpose IS NOT NULL) AS p",
  ("SELECT purpose, COUNT(*) FROM shelter_visits GROUP BY purpose",
   "SELECT p.purpose, (SELECT COUNT(*) FROM shelter_visits AS v WHERE v.purpose = p.purpose) AS n "
   "FROM (SELECT DISTINCT purpose FROM shelter_visits) AS p"),
  "with the NULL purpose: the correlated count finds 0 for it")
Q("Which adopters are older than every adopter from Cork? NOT EXISTS against MAX with the empty case",
  "SELECT a.adopter_id FROM adopters AS a WHERE NOT EXISTS (SELECT 1 FROM adopters AS b WHERE b.city = 'Cork' "
  "AND b.age >= a.age)",
  "SELECT a.adopter_id FROM adopters AS a WHERE a.age > (SELECT MAX(b.age) FROM adopters AS b WHERE b.city = 'Cork') "
  "OR NOT EXISTS (SELECT 1 FROM adopters AS b WHERE b.city = 'Cork')",
  "SELECT a.adopter_id FROM adopters AS a WHERE a.age > (SELECT MAX(b.age) FROM adopters AS b WHERE b.city = 'Cork')",
  "no Cork adopter: MAX is NULL and nobody qualifies")
Q("How many animals does each shelter have? a join to the shelter against grouping the animals",
  "SELECT s.shelter_id, COUNT(*) FROM shelters AS s JOIN animals AS a ON a.shelter_id = s.shelter_id "
  "GROUP BY s.shelter_id",
  "SELECT shelter_id, COUNT(*) AS n FROM animals GROUP BY shelter_id",
  "SELECT a.shelter_id, COUNT(*) AS n FROM animals AS a JOIN adoptions AS ad ON ad.animal_id = a.animal_id "
  "GROUP BY a.shelter_id",
  "a join to the adoptions duplicates and drops animals")
Q("Which adopters never visited a shelter? NOT EXISTS against LEFT JOIN IS NULL",
  "SELECT a.adopter_id FROM adopters AS a WHERE NOT EXISTS (SELECT 1 FROM shelter_visits AS v "
  "WHERE v.adopter_id = a.adopter_id)",
  "SELECT a.adopter_id FROM adopters AS a LEFT JOIN (SELECT DISTINCT adopter_id FROM shelter_visits) AS v "
  "ON v.adopter_id = a.adopter_id WHERE v.adopter_id IS NULL",
  "SELECT adopter_id FROM adopters WHERE adopter_id NOT IN (SELECT adopter_id FROM shelter_visits)",
  "NOT IN over the NULL-able visitor")
Q("Which animals were fostered for more than 2 weeks in total? HAVING SUM against a filtered derived sum",
  "SELECT animal_id FROM foster_stays GROUP BY animal_id HAVING SUM(weeks) > 2",
  "SELECT t.animal_id FROM (SELECT animal_id, SUM(weeks) AS total_weeks FROM foster_stays GROUP BY animal_id) AS t "
  "WHERE t.total_weeks > 2",
  "SELECT animal_id FROM foster_stays GROUP BY animal_id HAVING MAX(weeks) > 2",
  "the longest stay for the total")
Q("What is the average age of adopters who adopted a dog? IN against a DISTINCT derived table",
  "SELECT AVG(age) FROM adopters WHERE adopter_id IN (SELECT a.adopter_id FROM adoptions AS a JOIN animals AS an "
  "ON an.animal_id = a.animal_id WHERE an.species = 'dog')",
  "SELECT AVG(ad.age) AS avg_age FROM adopters AS ad JOIN (SELECT DISTINCT a.adopter_id FROM adoptions AS a "
  "JOIN animals AS an ON an.animal_id = a.animal_id WHERE an.species = 'dog') AS d ON d.adopter_id = ad.adopter_id",
  "SELECT AVG(ad.age) AS avg_age FROM adopters AS ad JOIN adoptions AS a ON a.adopter_id = ad.adopter_id "
  "JOIN animals AS an ON an.animal_id = a.animal_id WHERE an.species = 'dog'",
  "the join weights an adopter of two dogs twice")
Q("list:What are the 3 heaviest animals? ORDER BY .. LIMIT with a total order against ROW_NUMBER",
  "SELECT animal_id, weight FROM animals ORDER BY weight DESC, animal_id LIMIT 3",
  "SELECT animal_id, weight FROM (SELECT animal_id, weight, ROW_NUMBER() OVER (ORDER BY weight DESC, animal_id) AS rn "
  "FROM animals) AS t WHERE rn <= 3 ORDER BY rn",
  "SELECT animal_id, weight FROM (SELECT animal_id, weight, DENSE_RANK() OVER (ORDER BY weight DESC) AS rn "
  "FROM animals) AS t WHERE rn <= 3 ORDER BY rn, animal_id",
  "DENSE_RANK: every animal of the three heaviest weights listed", semantics="list")
Q("How many different shelters did each visitor visit? COUNT(DISTINCT) against a distinct derived count",
  "SELECT adopter_id, COUNT(DISTINCT shelter_id) FROM shelter_visits WHERE adopter_id IS NOT NULL GROUP BY adopter_id",
  "SELECT t.adopter_id, COUNT(t.shelter_id) AS n FROM (SELECT DISTINCT adopter_id, shelter_id FROM shelter_visits "
  "WHERE adopter_id IS NOT NULL) AS t GROUP BY t.adopter_id",
  "SELECT adopter_id, COUNT(shelter_id) AS n FROM shelter_visits WHERE adopter_id IS NOT NULL GROUP BY adopter_id",
  "the missing DISTINCT: repeat visits counted")
Q("Which cities have both a shelter and an adopter? INTERSECT against DISTINCT with IN",
  "SELECT city FROM shelters INTERSECT SELECT city FROM adopters",
  "SELECT DISTINCT city FROM shelters WHERE city IN (SELECT city FROM adopters)",
  "SELECT city FROM shelters UNION SELECT city FROM adopters",
  "UNION for INTERSECT")
Q("Which adopters were referred by someone who adopted? a join on the referrer against IN",
  "SELECT a.adopter_id FROM adopters AS a JOIN adopters AS r ON r.adopter_id = a.referred_by "
  "WHERE r.adopter_id IN (SELECT adopter_id FROM adoptions)",
  "SELECT adopter_id FROM adopters WHERE referred_by IN (SELECT adopter_id FROM adoptions)",
  "SELECT adopter_id FROM adopters WHERE adopter_id IN (SELECT adopter_id FROM adoptions) AND referred_by IS NOT NULL",
  "the adoption tested on the referred adopter, not on the referrer")
Q("Which animals cost more than their shelter's average fee? a correlated AVG against a window AVG",
  "SELECT a.animal_id FROM animals AS a WHERE a.fee > (SELECT AVG(b.fee) FROM animals AS b "
  "WHERE b.shelter_id = a.shelter_id)",
  "SELECT t.animal_id FROM (SELECT animal_id, fee, AVG(fee) OVER (PARTITION BY shelter_id) AS avg_fee "
  "FROM animals) AS t WHERE t.fee > t.avg_fee",
  "SELECT t.animal_id FROM (SELECT animal_id, fee, AVG(COALESCE(fee, 0)) OVER (PARTITION BY shelter_id) AS avg_fee "
  "FROM animals) AS t WHERE t.fee > t.avg_fee",
  "unknown fees averaged as 0")
Q("How many animals of each species are in Leeds shelters? a join against IN",
  "SELECT a.species, COUNT(*) FROM animals AS a JOIN shelters AS s ON s.shelter_id = a.shelter_id "
  "WHERE s.city = 'Leeds' GROUP BY a.species",
  "SELECT species, COUNT(*) AS n FROM animals WHERE shelter_id IN (SELECT shelter_id FROM shelters "
  "WHERE city = 'Leeds') GROUP BY species",
  "SELECT species, COUNT(*) AS n FROM animals WHERE shelter_id IN (SELECT shelter_id FROM shelters "
  "WHERE city = 'Leeds') GROUP BY species, shelter_id",
  "a wrong grouping column: one row per species and shelter")
Q("List each adoption with the adopter's name and the animal's species. joins against scalar subqueries",
  "SELECT ad.adoption_id, p.aname, an.species FROM adoptions AS ad JOIN adopters AS p ON p.adopter_id = ad.adopter_id "
  "JOIN animals AS an ON an.animal_id = ad.animal_id",
  "SELECT ad.adoption_id, (SELECT p.aname FROM adopters AS p WHERE p.adopter_id = ad.adopter_id) AS aname, "
  "(SELECT an.species FROM animals AS an WHERE an.animal_id = ad.animal_id) AS species FROM adoptions AS ad",
  "SELECT ad.adoption_id, p.aname, an.species FROM adoptions AS ad JOIN adopters AS p ON p.adopter_id = ad.adopter_id "
  "JOIN animals AS an ON an.animal_id = ad.adopter_id",
  "the animal joined on the adopter key")
Q("Which adopter paid the most in one adoption (all ties)? = MAX against a join to the maximum",
  "SELECT adopter_id FROM adoptions WHERE paid = (SELECT MAX(paid) FROM adoptions)",
  "SELECT a.adopter_id FROM adoptions AS a JOIN (SELECT MAX(paid) AS top FROM adoptions) AS m ON a.paid = m.top",
  "SELECT adopter_id FROM adoptions WHERE paid IS NOT NULL ORDER BY paid DESC LIMIT 1",
  "LIMIT 1 under ties")
Q("How many weeks did adopters of each name foster? grouping by the key against grouping by the name",
  "SELECT ad.adopter_id, ad.aname, SUM(f.weeks) FROM adopters AS ad JOIN foster_stays AS f "
  "ON f.adopter_id = ad.adopter_id GROUP BY ad.adopter_id, ad.aname",
  "SELECT ad.adopter_id, ad.aname, t.w FROM adopters AS ad JOIN (SELECT adopter_id, SUM(weeks) AS w "
  "FROM foster_stays GROUP BY adopter_id) AS t ON t.adopter_id = ad.adopter_id",
  ("SELECT ad.aname, SUM(f.weeks) FROM adopters AS ad JOIN foster_stays AS f ON f.adopter_id = ad.adopter_id "
   "GROUP BY ad.adopter_id, ad.aname",
   "SELECT ad.aname, SUM(f.weeks) AS w FROM adopters AS ad JOIN foster_stays AS f ON f.adopter_id = ad.adopter_id "
   "GROUP BY ad.aname"),
  "grouped by the name: two adopters called Ann merged")
Q("Which animals were adopted more than once? HAVING COUNT against EXISTS of another adoption",
  "SELECT animal_id FROM adoptions GROUP BY animal_id HAVING COUNT(*) > 1",
  "SELECT DISTINCT a.animal_id FROM adoptions AS a WHERE EXISTS (SELECT 1 FROM adoptions AS b "
  "WHERE b.animal_id = a.animal_id AND b.adoption_id <> a.adoption_id)",
  "SELECT DISTINCT a.animal_id FROM adoptions AS a WHERE EXISTS (SELECT 1 FROM adoptions AS b "
  "WHERE b.animal_id = a.animal_id)",
  "the other adoption not required to be another one")
Q("How many visits did each shelter get (0 if none)? LEFT JOIN count against a correlated count",
  "SELECT s.shelter_id, COUNT(v.shelter_id) AS n FROM shelters AS s LEFT JOIN shelter_visits AS v "
  "ON v.shelter_id = s.shelter_id GROUP BY s.shelter_id",
  "SELECT s.shelter_id, (SELECT COUNT(*) FROM shelter_visits AS v WHERE v.shelter_id = s.shelter_id) AS n "
  "FROM shelters AS s",
  "SELECT s.shelter_id, COUNT(*) AS n FROM shelters AS s LEFT JOIN shelter_visits AS v "
  "ON v.shelter_id = s.shelter_id GROUP BY s.shelter_id",
  "COUNT(*) over the LEFT JOIN")
Q("Which adopters live in the same city as their referrer? a self-join against EXISTS",
  "SELECT a.adopter_id FROM adopters AS a JOIN adopters AS r ON r.adopter_id = a.referred_by WHERE a.city = r.city",
  "SELECT a.adopter_id FROM adopters AS a WHERE EXISTS (SELECT 1 FROM adopters AS r WHERE r.adopter_id = a.referred_by "
  "AND r.city = a.city)",
  "SELECT a.adopter_id FROM adopters AS a JOIN adopters AS r ON r.adopter_id = a.referred_by "
  "WHERE COALESCE(a.city, '') = COALESCE(r.city, '')",
  "unknown cities taken as equal")
Q("What is the second highest fee? MAX below the MAX against DISTINCT .. OFFSET 1 as a scalar",
  "SELECT MAX(fee) FROM animals WHERE fee < (SELECT MAX(fee) FROM animals)",
  "SELECT (SELECT DISTINCT fee FROM animals WHERE fee IS NOT NULL ORDER BY fee DESC LIMIT 1 OFFSET 1) AS second_fee",
  "SELECT (SELECT fee FROM animals WHERE fee IS NOT NULL ORDER BY fee DESC LIMIT 1 OFFSET 1) AS second_fee",
  "no DISTINCT: a tie at the top returned as the second")
Q("How many species did each adopter adopt? COUNT(DISTINCT) over a join against a distinct derived count",
  "SELECT a.adopter_id, COUNT(DISTINCT an.species) FROM adoptions AS a JOIN animals AS an "
  "ON an.animal_id = a.animal_id GROUP BY a.adopter_id",
  "SELECT t.adopter_id, COUNT(*) AS n FROM (SELECT DISTINCT a.adopter_id, an.species FROM adoptions AS a "
  "JOIN animals AS an ON an.animal_id = a.animal_id) AS t GROUP BY t.adopter_id",
  "SELECT a.adopter_id, COUNT(an.species) AS n FROM adoptions AS a JOIN animals AS an "
  "ON an.animal_id = a.animal_id GROUP BY a.adopter_id",
  "the DISTINCT missed")
Q("Which animals were adopted by someone who also fostered them? INTERSECT of pairs against a DISTINCT join",
  "SELECT animal_id, adopter_id FROM adoptions INTERSECT SELECT animal_id, adopter_id FROM foster_stays",
  "SELECT DISTINCT a.animal_id, a.adopter_id FROM adoptions AS a JOIN foster_stays AS f "
  "ON f.animal_id = a.animal_id AND f.adopter_id = a.adopter_id",
  "SELECT DISTINCT a.animal_id, a.adopter_id FROM adoptions AS a JOIN foster_stays AS f ON f.animal_id = a.animal_id",
  "joined on the animal only: fostered by anyone")
Q("Who is the oldest adopter in each known city (ties kept)? RANK against NOT EXISTS of an older one",
  "SELECT t.adopter_id FROM (SELECT adopter_id, RANK() OVER (PARTITION BY city ORDER BY age DESC) AS rk "
  "FROM adopters WHERE city IS NOT NULL) AS t WHERE t.rk = 1",
  "SELECT a.adopter_id FROM adopters AS a WHERE a.city IS NOT NULL AND NOT EXISTS (SELECT 1 FROM adopters AS b "
  "WHERE b.city = a.city AND b.age > a.age)",
  "SELECT a.adopter_id FROM adopters AS a WHERE NOT EXISTS (SELECT 1 FROM adopters AS b "
  "WHERE b.city = a.city AND b.age > a.age)",
  "the known-city filter lost: every adopter without a city listed")
Q("Which shelters hold animals of at least two species? HAVING COUNT(DISTINCT) against a self-join",
  "SELECT shelter_id FROM animals GROUP BY shelter_id HAVING COUNT(DISTINCT species) >= 2",
  "SELECT DISTINCT a.shelter_id FROM animals AS a JOIN animals AS b ON b.shelter_id = a.shelter_id "
  "AND b.species <> a.species",
  "SELECT DISTINCT a.shelter_id FROM animals AS a JOIN animals AS b ON b.shelter_id = a.shelter_id "
  "AND b.animal_id <> a.animal_id",
  "two animals, not two species")
Q("Which animals came in before 2024 and are still not adopted? text date bound and NOT IN against a CTE anti-join",
  "SELECT animal_id FROM animals WHERE intake_date < '2024-01-01' AND animal_id NOT IN (SELECT animal_id FROM adoptions)",
  "WITH adopted AS (SELECT DISTINCT animal_id FROM adoptions) SELECT a.animal_id FROM animals AS a "
  "LEFT JOIN adopted AS d ON d.animal_id = a.animal_id WHERE d.animal_id IS NULL AND a.intake_date < '2024-01-01'",
  "WITH adopted AS (SELECT DISTINCT animal_id FROM adoptions) SELECT a.animal_id FROM animals AS a "
  "LEFT JOIN adopted AS d ON d.animal_id = a.animal_id WHERE d.animal_id IS NULL AND a.intake_date <= '2024-02-14'",
  "the date bound moved")
Q("What is each shelter's share of adoptions? a window total against a cross join of the total",
  "SELECT a.shelter_id, COUNT(*) AS n, SUM(COUNT(*)) OVER () AS total FROM adoptions AS ad JOIN animals AS a "
  "ON a.animal_id = ad.animal_id GROUP BY a.shelter_id",
  "SELECT g.shelter_id, g.n, t.total FROM (SELECT a.shelter_id, COUNT(*) AS n FROM adoptions AS ad JOIN animals AS a "
  "ON a.animal_id = ad.animal_id GROUP BY a.shelter_id) AS g CROSS JOIN (SELECT COUNT(*) AS total FROM adoptions) AS t",
  "SELECT g.shelter_id, g.n, t.total FROM (SELECT a.shelter_id, COUNT(*) AS n FROM adoptions AS ad JOIN animals AS a "
  "ON a.animal_id = ad.animal_id GROUP BY a.shelter_id) AS g CROSS JOIN (SELECT COUNT(*) AS total FROM animals) AS t",
  "the total counted over the animals instead of the adoptions")
Q("Which adopters paid for every adoption they made? NOT EXISTS of an unpaid one against MIN over a grouping",
  "SELECT DISTINCT a.adopter_id FROM adoptions AS a WHERE NOT EXISTS (SELECT 1 FROM adoptions AS b "
  "WHERE b.adopter_id = a.adopter_id AND (b.paid IS NULL OR b.paid <= 0))",
  "SELECT adopter_id FROM adoptions GROUP BY adopter_id HAVING COUNT(*) = COUNT(paid) AND MIN(paid) > 0",
  "SELECT adopter_id FROM adoptions GROUP BY adopter_id HAVING MIN(paid) > 0",
  "unknown amounts ignored by MIN")
Q("How many dogs and cats does each shelter have? CASE counts against filtered COUNTs",
  "SELECT shelter_id, SUM(CASE WHEN species = 'dog' THEN 1 ELSE 0 END) AS dogs, "
  "SUM(CASE WHEN species = 'cat' THEN 1 ELSE 0 END) AS cats FROM animals GROUP BY shelter_id",
  "SELECT shelter_id, COUNT(*) FILTER (WHERE species = 'dog') AS dogs, COUNT(*) FILTER (WHERE species = 'cat') AS cats "
  "FROM animals GROUP BY shelter_id",
  "SELECT shelter_id, COUNT(*) FILTER (WHERE species = 'dog') AS dogs, COUNT(*) FILTER (WHERE species <> 'dog') AS cats "
  "FROM animals GROUP BY shelter_id",
  "rabbits counted as cats")
Q("Which adopters fostered an animal for longer than any stay of adopter 1? > MAX against NOT EXISTS with the empty case",
  "SELECT DISTINCT f.adopter_id FROM foster_stays AS f WHERE f.weeks > (SELECT MAX(g.weeks) FROM foster_stays AS g "
  "WHERE g.adopter_id = 1)",
  "SELECT DISTINCT f.adopter_id FROM foster_stays AS f WHERE EXISTS (SELECT 1 FROM foster_stays AS g "
  "WHERE g.adopter_id = 1) AND NOT EXISTS (SELECT 1 FROM foster_stays AS g WHERE g.adopter_id = 1 AND g.weeks >= f.weeks)",
  "SELECT DISTINCT f.adopter_id FROM foster_stays AS f WHERE NOT EXISTS (SELECT 1 FROM foster_stays AS g "
  "WHERE g.adopter_id = 1 AND g.weeks >= f.weeks)",
  "the empty case not excluded: with no stay of adopter 1 every fosterer listed")
Q("Running count of adoptions per adopter in adoption id order: a window against a correlated count",
  "SELECT adoption_id, COUNT(*) OVER (PARTITION BY adopter_id ORDER BY adoption_id) AS nth FROM adoptions",
  "SELECT a.adoption_id, (SELECT COUNT(*) FROM adoptions AS b WHERE b.adopter_id = a.adopter_id "
  "AND b.adoption_id <= a.adoption_id) AS nth FROM adoptions AS a",
  "SELECT a.adoption_id, (SELECT COUNT(*) FROM adoptions AS b WHERE b.adopter_id = a.adopter_id "
  "AND b.adoption_id < a.adoption_id) AS nth FROM adoptions AS a",
  "the current adoption not counted")
Q("sqlite:Is each animal's fee paid or free? IIF against CASE",
  "SELECT animal_id, CASE WHEN fee > 0 THEN 'paid' ELSE 'free' END AS kind FROM animals",
  "SELECT animal_id, IIF(fee > 0, 'paid', 'free') AS kind FROM animals",
  "SELECT animal_id, IIF(fee = 0, 'free', 'paid') AS kind FROM animals",
  "the test inverted: unknown fees called paid", dialect="sqlite")
Q("sqlite:Show each adopter's city or 'unknown'. IFNULL against COALESCE",
  "SELECT adopter_id, COALESCE(city, 'unknown') AS city FROM adopters",
  "SELECT adopter_id, IFNULL(city, 'unknown') AS city FROM adopters",
  "SELECT adopter_id, IFNULL(city, 'Leeds') AS city FROM adopters",
  "the wrong default", dialect="sqlite")
Q("sqlite:Which adoptions paid exactly the listed fee (missing counts as equal)? IS against an expanded test",
  "SELECT ad.adoption_id FROM adoptions AS ad JOIN animals AS a ON a.animal_id = ad.animal_id WHERE ad.paid IS a.fee",
  "SELECT ad.adoption_id FROM adoptions AS ad JOIN animals AS a ON a.animal_id = ad.animal_id "
  "WHERE ad.paid = a.fee OR (ad.paid IS NULL AND a.fee IS NULL)",
  "SELECT ad.adoption_id FROM adoptions AS ad JOIN animals AS a ON a.animal_id = ad.animal_id WHERE ad.paid = a.fee",
  "= for IS: two unknowns no longer match", dialect="sqlite")
