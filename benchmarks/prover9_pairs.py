"""The pairs of the ninth held-out prover corpus (``benchmarks/corpus/prover9/``), as
written (``prover9_build.py`` checks them in SQLite and writes the corpus).

Three sources: query rewrites and optimizer rules of engines the earlier corpora did not
use (IBM Db2's documented query rewrite examples, Databend's optimizer rules, RisingWave's
planner rules, Apache Drill, Vertica, SAP HANA, Exasol, MonetDB, H2, Umbra/HyPer) on a new
ride-sharing schema; classic SQL interview problems, each answered two or three correct
ways, on a new marketplace schema; and laws from query-optimization papers (eager/lazy
aggregation, groupjoin, outer-join simplification and reordering, semi-join reduction,
the COUNT bug, duplicate-insensitive aggregates) on a new clinic schema. Each ``add`` call
is one equivalent pair and one realistic non-equivalent mutant. Written from rule NAMES
and one-line DESCRIPTIONS recalled from memory (paraphrased above each pair) and the
author's own questions and SQL; not taken from any prover benchmark, rule test,
interview-solution page or Spider/BIRD file; the verifier was not read.
"""

from __future__ import annotations

from benchmarks.held_out_pairs import pair_book

SOURCES = {
    "engines5": ("rides", "query rewrites / optimizer rules of Db2, Databend, RisingWave, Drill, Vertica, "
                          "SAP HANA, Exasol, MonetDB, H2, Umbra/HyPer (rule descriptions)"),
    "interview": ("market", "classic SQL interview problems, two or three correct answers each (author's own SQL)"),
    "agg_papers": ("clinic", "query-optimization papers' laws (aggregation, groupjoin, outer joins, "
                             "semi-join reduction, COUNT bug), stated in the author's own SQL"),
}
FILE = {"engines5": "engines5", "interview": "interview", "agg_papers": "agg_papers"}


PAIRS, add = pair_book("prover9", SOURCES, FILE)


def E(rule, gold, pred, mutant, mutation, **kw):
    """An engine rewrite on the rides schema (postgres unless stated)."""
    add("engines5", rule, gold, pred, mutant, mutation, **kw)


def Q(rule, gold, pred, mutant, mutation, **kw):
    """An interview problem on the market schema (postgres unless stated)."""
    add("interview", rule, gold, pred, mutant, mutation, **kw)


def P(rule, gold, pred, mutant, mutation, **kw):
    """A paper's law on the clinic schema: the outer-join and COUNT-bug laws (portable SQL)
    in postgres, the aggregation laws in sqlite, unless stated."""
    kw.setdefault("dialect", "postgres" if rule.startswith(("Galindo", "Bhargava", "Ganski")) else "sqlite")
    add("agg_papers", rule, gold, pred, mutant, mutation, **kw)


# ============================================================ engines5 (rides)
# rider(rider_id PK, name NOT NULL, city, signup NOT NULL, score REAL), driver(driver_id PK,
# name NOT NULL, city, licensed NOT NULL 0/1, score REAL), vehicle(vehicle_id PK, driver_id
# FK NOT NULL, make NOT NULL, seats, year), trip(trip_id PK, rider_id FK NOT NULL,
# driver_id FK NULL-able, vehicle_id FK NULL-able, city, fare REAL, km, day NOT NULL,
# status), payment(payment_id PK, trip_id FK NOT NULL, method, amount REAL, tip REAL),
# rating(trip_id, by_rider NOT NULL, stars) keyless.

# --- IBM Db2 "query rewrite" examples (Db2 performance guide: operation merging,
# operation movement, predicate translation)

# Operation merging / view merging: "a view or table expression in FROM whose operations
# can be merged into the referencing query is merged, so the select of the view and the
# query's own predicates are applied together".
E("Db2:view merging",
  "SELECT v.name FROM (SELECT driver_id, name, city FROM driver WHERE licensed = 1) AS v WHERE v.city = 'Oslo'",
  "SELECT name FROM driver WHERE licensed = 1 AND city = 'Oslo'",
  "SELECT name FROM driver WHERE licensed = 1 OR city = 'Oslo'", "the merged predicates joined by OR")
E("Db2:view merging",
  "SELECT t.trip_id, x.make FROM trip AS t JOIN (SELECT vehicle_id, make FROM vehicle WHERE seats >= 4) AS x "
  "ON x.vehicle_id = t.vehicle_id",
  "SELECT t.trip_id, v.make FROM trip AS t JOIN vehicle AS v ON v.vehicle_id = t.vehicle_id WHERE v.seats >= 4",
  "SELECT t.trip_id, v.make FROM trip AS t JOIN vehicle AS v ON v.vehicle_id = t.vehicle_id WHERE v.seats > 4",
  "`>` for `>=`")
# Redundant join elimination: "a join to a parent table whose columns are not referenced is
# removed when a declared foreign key (NOT NULL) guarantees exactly one match".
E("Db2:redundant join elimination",
  "SELECT v.vehicle_id, v.make FROM vehicle AS v JOIN driver AS d ON d.driver_id = v.driver_id",
  "SELECT vehicle_id, make FROM vehicle",
  ("SELECT t.trip_id FROM trip AS t JOIN driver AS d ON d.driver_id = t.driver_id",
   "SELECT trip_id FROM trip"), "the join dropped over a NULL-able foreign key")
E("Db2:redundant join elimination",
  "SELECT p.payment_id, p.amount FROM payment AS p JOIN trip AS t ON t.trip_id = p.trip_id "
  "JOIN rider AS r ON r.rider_id = t.rider_id",
  "SELECT payment_id, amount FROM payment",
  "SELECT p.payment_id, p.amount FROM payment AS p JOIN trip AS t ON t.trip_id = p.trip_id "
  "JOIN driver AS d ON d.driver_id = t.driver_id", "a join over the NULL-able trip.driver_id kept")
# Redundant join elimination also removes "a self-join of a table on its primary key".
E("Db2:redundant join elimination",
  "SELECT a.trip_id, b.fare FROM trip AS a JOIN trip AS b ON a.trip_id = b.trip_id WHERE a.km > 3",
  "SELECT trip_id, fare FROM trip WHERE km > 3",
  "SELECT a.trip_id, b.fare FROM trip AS a JOIN trip AS b ON a.rider_id = b.rider_id WHERE a.km > 3",
  "the self-join on a non-key column")
# Subquery to join transformation: "an IN subquery whose result is unique (selects a
# primary key) is rewritten as a join".
E("Db2:subquery to join",
  "SELECT trip_id FROM trip WHERE driver_id IN (SELECT driver_id FROM driver WHERE licensed = 1)",
  "SELECT t.trip_id FROM trip AS t JOIN driver AS d ON d.driver_id = t.driver_id WHERE d.licensed = 1",
  "SELECT t.trip_id FROM trip AS t JOIN driver AS d ON d.driver_id = t.driver_id WHERE d.licensed = 0",
  "a changed constant")
E("Db2:subquery to join",
  "SELECT r.rider_id, r.name FROM rider AS r WHERE r.rider_id IN (SELECT rider_id FROM trip WHERE city = 'Pune')",
  "SELECT DISTINCT r.rider_id, r.name FROM rider AS r JOIN trip AS t ON t.rider_id = r.rider_id "
  "WHERE t.city = 'Pune'",
  "SELECT r.rider_id, r.name FROM rider AS r JOIN trip AS t ON t.rider_id = r.rider_id WHERE t.city = 'Pune'",
  "joined over a non-unique subquery without DISTINCT")
# DISTINCT elimination: "DISTINCT is removed when the select list contains a primary key
# of every table joined (each to at most one row)".
E("Db2:DISTINCT elimination",
  "SELECT DISTINCT trip_id, city, fare FROM trip",
  "SELECT trip_id, city, fare FROM trip",
  ("SELECT DISTINCT rider_id, city FROM trip", "SELECT rider_id, city FROM trip"),
  "DISTINCT removed without a key in the select list")
E("Db2:DISTINCT elimination",
  "SELECT DISTINCT v.vehicle_id, d.name FROM vehicle AS v JOIN driver AS d ON d.driver_id = v.driver_id",
  "SELECT v.vehicle_id, d.name FROM vehicle AS v JOIN driver AS d ON d.driver_id = v.driver_id",
  ("SELECT DISTINCT d.driver_id, v.make FROM vehicle AS v JOIN driver AS d ON d.driver_id = v.driver_id",
   "SELECT d.driver_id, v.make FROM vehicle AS v JOIN driver AS d ON d.driver_id = v.driver_id"),
  "DISTINCT removed with the parent's key, not the child's")
# Predicate translation, adding implied predicates: "with a = b and b = constant the
# optimizer adds a = constant (transitive closure of equality predicates)".
E("Db2:implied predicates",
  "SELECT t.trip_id, d.name FROM trip AS t JOIN driver AS d ON d.driver_id = t.driver_id WHERE d.driver_id = 2",
  "SELECT t.trip_id, d.name FROM trip AS t JOIN driver AS d ON d.driver_id = t.driver_id "
  "WHERE d.driver_id = 2 AND t.driver_id = 2",
  "SELECT t.trip_id, d.name FROM trip AS t JOIN driver AS d ON d.driver_id = t.driver_id "
  "WHERE d.driver_id = 2 AND t.vehicle_id = 2", "the implied predicate on the wrong column")
E("Db2:implied predicates",
  "SELECT t.trip_id FROM trip AS t, vehicle AS v WHERE t.vehicle_id = v.vehicle_id AND v.vehicle_id > 2",
  "SELECT t.trip_id FROM trip AS t, vehicle AS v WHERE t.vehicle_id = v.vehicle_id AND t.vehicle_id > 2 "
  "AND v.vehicle_id > 2",
  "SELECT t.trip_id FROM trip AS t, vehicle AS v WHERE t.vehicle_id = v.vehicle_id AND t.vehicle_id >= 2",
  "`>=` for `>`")
# Predicate translation, OR to IN: "a disjunction of equality predicates on one column
# becomes an IN list"; NOT elimination: "NOT of a comparison becomes the inverse comparison".
E("Db2:OR to IN",
  "SELECT trip_id FROM trip WHERE km = 3 OR km = 10 OR km = 25",
  "SELECT trip_id FROM trip WHERE km IN (3, 10, 25)",
  "SELECT trip_id FROM trip WHERE km IN (3, 10)", "a value dropped from the list")
E("Db2:NOT elimination",
  "SELECT trip_id FROM trip WHERE NOT (fare > 12.25)",
  "SELECT trip_id FROM trip WHERE fare <= 12.25",
  "SELECT trip_id FROM trip WHERE fare <= 12.25 OR fare IS NULL", "NULL taken as satisfying NOT")
E("Db2:NOT elimination",
  "SELECT rider_id FROM rider WHERE NOT (city <> 'Oslo' OR score < 4.5)",
  "SELECT rider_id FROM rider WHERE city = 'Oslo' AND score >= 4.5",
  "SELECT rider_id FROM rider WHERE city = 'Oslo' OR score >= 4.5", "De Morgan applied to the operands only")
# Operation movement, decorrelation: "a correlated scalar subquery with an aggregate is
# rewritten as a join with a grouped table expression".
E("Db2:decorrelation",
  "SELECT r.rider_id, (SELECT SUM(t.fare) FROM trip AS t WHERE t.rider_id = r.rider_id) AS spent FROM rider AS r",
  "SELECT r.rider_id, s.spent FROM rider AS r LEFT JOIN (SELECT rider_id, SUM(fare) AS spent FROM trip "
  "GROUP BY rider_id) AS s ON s.rider_id = r.rider_id",
  "SELECT r.rider_id, s.spent FROM rider AS r JOIN (SELECT rider_id, SUM(fare) AS spent FROM trip "
  "GROUP BY rider_id) AS s ON s.rider_id = r.rider_id", "an inner join: riders without trips lost")
E("Db2:decorrelation",
  "SELECT t.trip_id FROM trip AS t WHERE t.fare > (SELECT AVG(u.fare) FROM trip AS u WHERE u.city = t.city)",
  "SELECT t.trip_id FROM trip AS t JOIN (SELECT city, AVG(fare) AS a FROM trip GROUP BY city) AS g "
  "ON g.city = t.city WHERE t.fare > g.a",
  "SELECT t.trip_id FROM trip AS t JOIN (SELECT city, AVG(fare) AS a FROM trip GROUP BY city) AS g "
  "ON g.city = t.city WHERE t.fare >= g.a", "`>=` for `>`")
# Shared aggregation: "SUM, COUNT and AVG of one column share one computation: AVG is
# computed as SUM / COUNT" (REAL column: stated in sqlite, where SUM and AVG of REAL both
# add in doubles; PostgreSQL's REAL SUM adds in single precision).
E("Db2:shared aggregation",
  "SELECT city, SUM(fare), COUNT(fare), AVG(fare) FROM trip GROUP BY city",
  "SELECT city, SUM(fare), COUNT(fare), SUM(fare) / COUNT(fare) FROM trip GROUP BY city",
  "SELECT city, SUM(fare), COUNT(fare), SUM(fare) / COUNT(*) FROM trip GROUP BY city",
  "AVG as SUM / COUNT(*): NULL fares counted", dialect="sqlite")

# --- Databend optimizer rules (src/query/sql/src/planner/optimizer/rule, RuleID names)

# EliminateFilter: "a filter whose predicate is constant TRUE is removed; a constant FALSE
# one makes the input empty".
E("Databend:EliminateFilter",
  "SELECT trip_id FROM trip WHERE 1 = 1 AND status = 'done'",
  "SELECT trip_id FROM trip WHERE status = 'done'",
  "SELECT trip_id FROM trip WHERE 1 = 1 OR status = 'done'", "AND read as OR")
E("Databend:EliminateFilter",
  "SELECT rider_id FROM rider WHERE 1 = 0",
  "SELECT rider_id FROM rider WHERE rider_id IS NULL",
  "SELECT rider_id FROM rider WHERE score IS NULL", "a NULL-able column tested")
# MergeFilter: "two adjacent filters become one with the conjunction of their predicates".
E("Databend:MergeFilter",
  "SELECT * FROM (SELECT trip_id, km, fare FROM trip WHERE km > 0) AS t WHERE t.fare < 30.0",
  "SELECT trip_id, km, fare FROM trip WHERE km > 0 AND fare < 30.0",
  "SELECT trip_id, km, fare FROM trip WHERE km > 0 AND fare <= 30.0", "`<=` for `<`")
# PushDownFilterUnion: "a filter over UNION ALL is pushed into each branch".
E("Databend:PushDownFilterUnion",
  "SELECT * FROM (SELECT city, name FROM rider UNION ALL SELECT city, name FROM driver) AS u WHERE u.city = 'Pune'",
  "SELECT city, name FROM rider WHERE city = 'Pune' UNION ALL SELECT city, name FROM driver WHERE city = 'Pune'",
  "SELECT city, name FROM rider WHERE city = 'Pune' UNION SELECT city, name FROM driver WHERE city = 'Pune'",
  "UNION for UNION ALL")
# PushDownFilterAggregate: "a filter on group keys above an aggregate is pushed below it".
E("Databend:PushDownFilterAggregate",
  "SELECT * FROM (SELECT driver_id, COUNT(*) AS n, MAX(fare) AS top FROM trip GROUP BY driver_id) AS g "
  "WHERE g.driver_id IN (1, 3)",
  "SELECT driver_id, COUNT(*) AS n, MAX(fare) AS top FROM trip WHERE driver_id IN (1, 3) GROUP BY driver_id",
  "SELECT driver_id, COUNT(*) AS n, MAX(fare) AS top FROM trip WHERE driver_id IN (1, 3) OR driver_id IS NULL "
  "GROUP BY driver_id", "the NULL group kept")
# PushDownFilterJoin: "conjuncts referring to one side of an inner join are pushed to that
# side; for a left join only those on the preserved side".
E("Databend:PushDownFilterJoin",
  "SELECT r.name, t.trip_id FROM rider AS r LEFT JOIN trip AS t ON t.rider_id = r.rider_id "
  "WHERE r.city = 'Oslo'",
  "SELECT r.name, t.trip_id FROM (SELECT * FROM rider WHERE city = 'Oslo') AS r "
  "LEFT JOIN trip AS t ON t.rider_id = r.rider_id",
  "SELECT r.name, t.trip_id FROM rider AS r LEFT JOIN trip AS t ON t.rider_id = r.rider_id "
  "AND r.city = 'Oslo'", "the preserved side's filter moved into ON")
E("Databend:PushDownFilterJoin",
  "SELECT r.name, t.fare FROM rider AS r JOIN trip AS t ON t.rider_id = r.rider_id WHERE t.km >= 10 AND r.score = 5.0",
  "SELECT r.name, t.fare FROM (SELECT * FROM rider WHERE score = 5.0) AS r "
  "JOIN (SELECT * FROM trip WHERE km >= 10) AS t ON t.rider_id = r.rider_id",
  "SELECT r.name, t.fare FROM (SELECT * FROM rider WHERE score = 5.0) AS r "
  "LEFT JOIN (SELECT * FROM trip WHERE km >= 10) AS t ON t.rider_id = r.rider_id", "an inner join made outer")
# PushDownLimitOuterJoin: "a LIMIT over a left outer join is also applied to the
# preserved input (each preserved row yields at least one output row)".
E("Databend:PushDownLimitOuterJoin",
  "SELECT r.rider_id, t.trip_id FROM rider AS r LEFT JOIN trip AS t ON t.rider_id = r.rider_id "
  "ORDER BY r.rider_id, t.trip_id LIMIT 2",
  "SELECT r.rider_id, t.trip_id FROM (SELECT * FROM rider ORDER BY rider_id LIMIT 2) AS r "
  "LEFT JOIN trip AS t ON t.rider_id = r.rider_id ORDER BY r.rider_id, t.trip_id LIMIT 2",
  "SELECT r.rider_id, t.trip_id FROM rider AS r JOIN (SELECT * FROM trip ORDER BY trip_id LIMIT 2) AS t "
  "ON t.rider_id = r.rider_id ORDER BY r.rider_id, t.trip_id LIMIT 2",
  "the limit pushed to the null-supplying side", semantics="list", dialect="sqlite")
# PushDownLimitUnion: "a LIMIT over UNION ALL is pushed into every branch (keeping the top one)".
E("Databend:PushDownLimitUnion",
  "SELECT name FROM (SELECT name FROM rider UNION ALL SELECT name FROM driver) AS u ORDER BY name LIMIT 3",
  "SELECT name FROM (SELECT name FROM (SELECT name FROM rider ORDER BY name LIMIT 3) AS a UNION ALL "
  "SELECT name FROM (SELECT name FROM driver ORDER BY name LIMIT 3) AS b) AS u ORDER BY name LIMIT 3",
  "SELECT name FROM (SELECT name FROM (SELECT name FROM rider ORDER BY name LIMIT 1) AS a UNION ALL "
  "SELECT name FROM (SELECT name FROM driver ORDER BY name LIMIT 1) AS b) AS u ORDER BY name LIMIT 3",
  "the branches cut to fewer rows than the limit", semantics="list")
# FoldCountAggregate: "COUNT of a column that cannot be NULL is COUNT(*)".
E("Databend:FoldCountAggregate",
  "SELECT COUNT(name), COUNT(signup) FROM rider",
  "SELECT COUNT(*), COUNT(*) FROM rider",
  ("SELECT COUNT(name), COUNT(city) FROM rider", "SELECT COUNT(*), COUNT(*) FROM rider"),
  "COUNT(col) of a NULL-able column folded")
E("Databend:FoldCountAggregate",
  "SELECT day, COUNT(trip_id) FROM trip GROUP BY day",
  "SELECT day, COUNT(*) FROM trip GROUP BY day",
  "SELECT day, COUNT(driver_id) FROM trip GROUP BY day", "COUNT of a NULL-able column")
# SemiToInnerJoin: "a semi join whose inner side is unique on the join key becomes an inner join".
E("Databend:SemiToInnerJoin",
  "SELECT v.vehicle_id FROM vehicle AS v WHERE EXISTS (SELECT 1 FROM driver AS d "
  "WHERE d.driver_id = v.driver_id AND d.licensed = 1)",
  "SELECT v.vehicle_id FROM vehicle AS v JOIN driver AS d ON d.driver_id = v.driver_id WHERE d.licensed = 1",
  ("SELECT d.driver_id FROM driver AS d WHERE EXISTS (SELECT 1 FROM vehicle AS v "
   "WHERE v.driver_id = d.driver_id AND d.licensed = 1)",
   "SELECT d.driver_id FROM driver AS d JOIN vehicle AS v ON v.driver_id = d.driver_id WHERE d.licensed = 1"),
  "made inner where the inner side is not unique")
# FilterNulls: "an inner equi-join gets IS NOT NULL filters on its keys below the join".
E("Databend:FilterNulls",
  "SELECT t.trip_id, p.amount FROM trip AS t JOIN rating AS g ON g.trip_id = t.trip_id "
  "JOIN payment AS p ON p.trip_id = t.trip_id",
  "SELECT t.trip_id, p.amount FROM trip AS t JOIN (SELECT * FROM rating WHERE trip_id IS NOT NULL) AS g "
  "ON g.trip_id = t.trip_id JOIN payment AS p ON p.trip_id = t.trip_id",
  "SELECT t.trip_id, p.amount FROM trip AS t JOIN (SELECT DISTINCT trip_id FROM rating WHERE trip_id IS NOT NULL) AS g "
  "ON g.trip_id = t.trip_id JOIN payment AS p ON p.trip_id = t.trip_id", "duplicates of the keyless side removed")
# DeduplicateSort / EliminateSort: "repeated sort keys are dropped; a sort below an
# aggregate (no limit) is removed".
E("Databend:DeduplicateSort",
  "SELECT trip_id, km FROM trip ORDER BY km, trip_id, km",
  "SELECT trip_id, km FROM trip ORDER BY km, trip_id",
  "SELECT trip_id, km FROM trip ORDER BY trip_id, km", "the sort keys reordered", semantics="list")
E("Databend:EliminateSort",
  "SELECT city, COUNT(*) FROM (SELECT city FROM trip ORDER BY fare) AS s GROUP BY city",
  "SELECT city, COUNT(*) FROM trip GROUP BY city",
  "SELECT city, COUNT(*) FROM (SELECT city FROM trip ORDER BY fare LIMIT 3) AS s GROUP BY city",
  "a sort with a limit removed")
# EliminateUnion: "a UNION ALL branch that is provably empty is removed".
E("Databend:EliminateUnion",
  "SELECT name FROM rider UNION ALL SELECT name FROM driver WHERE 1 = 0",
  "SELECT name FROM rider",
  "SELECT name FROM rider UNION SELECT name FROM driver WHERE 1 = 0", "UNION: duplicates removed")

# --- RisingWave batch/stream planner rules (src/frontend/src/optimizer/rule)

# OverWindowToTopNRule: "a filter row_number() <= N over a window partitioned by k becomes
# a group Top-N".
E("RisingWave:OverWindowToTopNRule",
  "SELECT trip_id, rider_id FROM (SELECT trip_id, rider_id, ROW_NUMBER() OVER (PARTITION BY rider_id "
  "ORDER BY trip_id) AS rn FROM trip) AS w WHERE rn <= 2",
  "SELECT t.trip_id, t.rider_id FROM trip AS t WHERE (SELECT COUNT(*) FROM trip AS u "
  "WHERE u.rider_id = t.rider_id AND u.trip_id < t.trip_id) < 2",
  "SELECT t.trip_id, t.rider_id FROM trip AS t WHERE (SELECT COUNT(*) FROM trip AS u "
  "WHERE u.rider_id = t.rider_id AND u.trip_id <= t.trip_id) < 2", "off by one: `<=` inside the count")
E("RisingWave:OverWindowToTopNRule",
  "SELECT trip_id FROM (SELECT trip_id, ROW_NUMBER() OVER (ORDER BY trip_id DESC) AS rn FROM trip) AS w WHERE rn = 1",
  "SELECT trip_id FROM trip ORDER BY trip_id DESC LIMIT 1",
  "SELECT trip_id FROM trip ORDER BY trip_id LIMIT 1", "the order's direction lost")
# UnionToDistinctRule: "UNION is UNION ALL followed by a distinct aggregate".
E("RisingWave:UnionToDistinctRule",
  "SELECT city FROM rider UNION SELECT city FROM driver",
  "SELECT DISTINCT city FROM (SELECT city FROM rider UNION ALL SELECT city FROM driver) AS u",
  "SELECT city FROM (SELECT city FROM rider UNION ALL SELECT city FROM driver) AS u GROUP BY city HAVING COUNT(*) = 1",
  "cities in only one row kept")
# UnionMergeRule: "nested UNION ALLs are flattened into one".
E("RisingWave:UnionMergeRule",
  "SELECT name FROM rider UNION ALL SELECT x.name FROM (SELECT name FROM driver UNION ALL SELECT make FROM vehicle) AS x",
  "SELECT name FROM rider UNION ALL SELECT name FROM driver UNION ALL SELECT make FROM vehicle",
  "SELECT name FROM rider UNION ALL SELECT name FROM driver UNION SELECT make FROM vehicle",
  "the last union made distinct")
# IntersectToSemiRule / ExceptToAntiRule: "INTERSECT (EXCEPT) becomes a semi (anti) join
# on every column with IS NOT DISTINCT FROM, then a distinct".
E("RisingWave:IntersectToSemiRule",
  "SELECT city FROM rider INTERSECT SELECT city FROM driver",
  "SELECT DISTINCT r.city FROM rider AS r WHERE EXISTS (SELECT 1 FROM driver AS d "
  "WHERE d.city IS NOT DISTINCT FROM r.city)",
  "SELECT DISTINCT r.city FROM rider AS r WHERE EXISTS (SELECT 1 FROM driver AS d WHERE d.city = r.city)",
  "`=` for IS NOT DISTINCT FROM: the NULL city lost")
E("RisingWave:ExceptToAntiRule",
  "SELECT city FROM trip EXCEPT SELECT city FROM driver",
  "SELECT DISTINCT t.city FROM trip AS t WHERE NOT EXISTS (SELECT 1 FROM driver AS d "
  "WHERE d.city IS NOT DISTINCT FROM t.city)",
  "SELECT DISTINCT t.city FROM trip AS t WHERE t.city NOT IN (SELECT city FROM driver WHERE city IS NOT NULL)",
  "NOT IN: the NULL city dropped")
# StreamFilterExpressionSimplifyRule: "x = x becomes x IS NOT NULL; NOT x OR x and x AND NOT
# x are simplified under three-valued logic".
E("RisingWave:FilterExpressionSimplify",
  "SELECT trip_id FROM trip WHERE km = km",
  "SELECT trip_id FROM trip WHERE km IS NOT NULL",
  "SELECT trip_id FROM trip", "x = x taken as TRUE")
E("RisingWave:FilterExpressionSimplify",
  "SELECT trip_id FROM trip WHERE km > 3 OR NOT (km > 3)",
  "SELECT trip_id FROM trip WHERE km IS NOT NULL",
  "SELECT trip_id FROM trip WHERE km IS NULL OR km > 3", "the excluded middle read as true for NULL's negation")
# MaxOneRowEliminateRule / ApplyAggTransposeRule: "a scalar subquery over a unique key needs
# no max-one-row check; it is a left join".
E("RisingWave:MaxOneRowEliminateRule",
  "SELECT t.trip_id, (SELECT d.name FROM driver AS d WHERE d.driver_id = t.driver_id) AS dname FROM trip AS t",
  "SELECT t.trip_id, d.name FROM trip AS t LEFT JOIN driver AS d ON d.driver_id = t.driver_id",
  "SELECT t.trip_id, d.name FROM trip AS t JOIN driver AS d ON d.driver_id = t.driver_id", "an inner join")
E("RisingWave:ApplyAggTransposeRule",
  "SELECT d.driver_id, (SELECT COUNT(*) FROM trip AS t WHERE t.driver_id = d.driver_id) AS n FROM driver AS d",
  "SELECT d.driver_id, COUNT(t.trip_id) AS n FROM driver AS d LEFT JOIN trip AS t ON t.driver_id = d.driver_id "
  "GROUP BY d.driver_id",
  "SELECT d.driver_id, COUNT(*) AS n FROM driver AS d LEFT JOIN trip AS t ON t.driver_id = d.driver_id "
  "GROUP BY d.driver_id", "COUNT(*) over the outer join: the COUNT bug")
# AggGroupBySimplifyRule: "group keys functionally determined by other keys are moved out of
# the grouping (as ANY_VALUE / first value)".
E("RisingWave:AggGroupBySimplifyRule",
  "SELECT d.driver_id, d.name, COUNT(*) FROM driver AS d JOIN vehicle AS v ON v.driver_id = d.driver_id "
  "GROUP BY d.driver_id, d.name",
  "SELECT d.driver_id, MAX(d.name), COUNT(*) FROM driver AS d JOIN vehicle AS v ON v.driver_id = d.driver_id "
  "GROUP BY d.driver_id",
  "SELECT v.driver_id, MAX(v.make), COUNT(*) FROM driver AS d JOIN vehicle AS v ON v.driver_id = d.driver_id "
  "GROUP BY v.driver_id", "a column not determined by the key moved out of the grouping")
# CrossJoinEliminateRule: "a cross join with a one-row input that has no columns is removed".
E("RisingWave:CrossJoinEliminateRule",
  "SELECT r.name FROM rider AS r CROSS JOIN (SELECT 1 AS one) AS c",
  "SELECT name FROM rider",
  "SELECT r.name FROM rider AS r CROSS JOIN (SELECT 1 AS one UNION ALL SELECT 2) AS c",
  "the constant side has two rows")
# DistinctAggRule: "distinct aggregates are rewritten by a pre-aggregation on the group
# key and the distinct argument".
E("RisingWave:DistinctAggRule",
  "SELECT rider_id, COUNT(DISTINCT driver_id) FROM trip GROUP BY rider_id",
  "SELECT rider_id, COUNT(driver_id) FROM (SELECT rider_id, driver_id FROM trip GROUP BY rider_id, driver_id) AS g "
  "GROUP BY rider_id",
  "SELECT rider_id, COUNT(*) FROM (SELECT rider_id, driver_id FROM trip GROUP BY rider_id, driver_id) AS g "
  "GROUP BY rider_id", "COUNT(*) counts the NULL driver group")

# --- Apache Drill (exec/java-exec planner rules)

# DrillReduceAggregatesRule: "AVG(x) is reduced to SUM(x) / COUNT(x); with the division
# done in floating point" (REAL column here).
E("Drill:DrillReduceAggregatesRule",
  "SELECT method, AVG(amount) FROM payment GROUP BY method",
  "SELECT method, SUM(amount) / COUNT(amount) FROM payment GROUP BY method",
  "SELECT method, SUM(amount) / COUNT(payment_id) FROM payment GROUP BY method", "COUNT of every row",
  dialect="sqlite")
# Drill's "convert COUNT(*) on a scan to a direct scan" / count pushdown: COUNT(*) of a join
# that cannot change cardinality is the child's count.
E("Drill:ConvertCountToDirectScan",
  "SELECT COUNT(*) FROM payment AS p JOIN trip AS t ON t.trip_id = p.trip_id",
  "SELECT COUNT(*) FROM payment",
  ("SELECT COUNT(*) FROM trip AS t JOIN payment AS p ON p.trip_id = t.trip_id", "SELECT COUNT(*) FROM trip"),
  "counted on the parent side")

# --- Vertica (documentation: "Join conversions", "Subqueries in WHERE", "Predicate pushdown")

# "An outer join is converted to an inner join when a WHERE predicate on the inner
# (null-supplying) table eliminates NULL-extended rows".
E("Vertica:outer to inner join",
  "SELECT t.trip_id, p.method FROM trip AS t LEFT JOIN payment AS p ON p.trip_id = t.trip_id WHERE p.tip > 0.0",
  "SELECT t.trip_id, p.method FROM trip AS t JOIN payment AS p ON p.trip_id = t.trip_id WHERE p.tip > 0.0",
  ("SELECT t.trip_id, p.method FROM trip AS t LEFT JOIN payment AS p ON p.trip_id = t.trip_id "
   "WHERE COALESCE(p.tip, 1.5) > 0.0",
   "SELECT t.trip_id, p.method FROM trip AS t JOIN payment AS p ON p.trip_id = t.trip_id "
   "WHERE COALESCE(p.tip, 1.5) > 0.0"), "a predicate that accepts the NULL-extended row")
# "NOT IN over a subquery is converted to an anti join only when the subquery column is not
# NULL-able; otherwise NULL semantics are kept".
E("Vertica:NOT IN to anti join",
  "SELECT rider_id FROM rider WHERE rider_id NOT IN (SELECT rider_id FROM trip WHERE status = 'done')",
  "SELECT r.rider_id FROM rider AS r WHERE NOT EXISTS (SELECT 1 FROM trip AS t "
  "WHERE t.rider_id = r.rider_id AND t.status = 'done')",
  ("SELECT driver_id FROM driver WHERE driver_id NOT IN (SELECT driver_id FROM trip)",
   "SELECT d.driver_id FROM driver AS d WHERE NOT EXISTS (SELECT 1 FROM trip AS t WHERE t.driver_id = d.driver_id)"),
  "NOT IN as NOT EXISTS over a NULL-able column")
# "Vertica flattens a FROM-clause subquery containing a join".
E("Vertica:subquery flattening",
  "SELECT x.name, x.make FROM (SELECT d.name, v.make, v.seats FROM driver AS d JOIN vehicle AS v "
  "ON v.driver_id = d.driver_id) AS x WHERE x.seats = 7",
  "SELECT d.name, v.make FROM driver AS d JOIN vehicle AS v ON v.driver_id = d.driver_id WHERE v.seats = 7",
  "SELECT d.name, v.make FROM driver AS d LEFT JOIN vehicle AS v ON v.driver_id = d.driver_id AND v.seats = 7",
  "the filter moved into a left join's ON")

# --- SAP HANA SQL optimizer (SQL Optimization guide: "logical rewriting rules")

# Remove unnecessary join: "a left outer join whose right side is unique on the join key
# and whose columns are not used is removed".
E("HANA:remove unnecessary join",
  "SELECT t.trip_id, t.fare FROM trip AS t LEFT JOIN vehicle AS v ON v.vehicle_id = t.vehicle_id",
  "SELECT trip_id, fare FROM trip",
  ("SELECT d.driver_id FROM driver AS d LEFT JOIN vehicle AS v ON v.driver_id = d.driver_id",
   "SELECT driver_id FROM driver"), "removed where the right side is not unique")
E("HANA:remove unnecessary join",
  "SELECT DISTINCT d.driver_id, d.name FROM driver AS d LEFT JOIN vehicle AS v ON v.driver_id = d.driver_id",
  "SELECT driver_id, name FROM driver",
  "SELECT d.driver_id, d.name FROM driver AS d LEFT JOIN vehicle AS v ON v.driver_id = d.driver_id",
  "DISTINCT dropped: a driver with two vehicles twice")
# Remove group by: "a GROUP BY on a unique key of its input, with aggregates over single
# rows, is removed".
E("HANA:remove group by",
  "SELECT rider_id, MAX(name), SUM(score) FROM rider GROUP BY rider_id",
  "SELECT rider_id, name, score FROM rider",
  ("SELECT city, MAX(name) FROM rider GROUP BY city", "SELECT city, name FROM rider"),
  "removed on a non-unique key")
# Aggregation through join: "a group by above a join is pushed below the join when the
# grouping includes the join key" (pre-aggregation).
E("HANA:aggregation through join",
  "SELECT d.driver_id, d.name, SUM(t.km) FROM driver AS d JOIN trip AS t ON t.driver_id = d.driver_id "
  "GROUP BY d.driver_id, d.name",
  "SELECT d.driver_id, d.name, g.s FROM driver AS d JOIN (SELECT driver_id, SUM(km) AS s FROM trip "
  "GROUP BY driver_id) AS g ON g.driver_id = d.driver_id",
  "SELECT d.driver_id, d.name, g.s FROM driver AS d LEFT JOIN (SELECT driver_id, SUM(km) AS s FROM trip "
  "GROUP BY driver_id) AS g ON g.driver_id = d.driver_id", "drivers without trips added")
# Predicate push down through window: "a filter on the partition key of a window function
# is pushed below the window".
E("HANA:filter through window",
  "SELECT * FROM (SELECT trip_id, rider_id, SUM(km) OVER (PARTITION BY rider_id) AS total FROM trip) AS w "
  "WHERE w.rider_id = 2",
  "SELECT trip_id, rider_id, SUM(km) OVER (PARTITION BY rider_id) AS total FROM trip WHERE rider_id = 2",
  ("SELECT * FROM (SELECT trip_id, rider_id, SUM(km) OVER (PARTITION BY rider_id) AS total FROM trip) AS w "
   "WHERE w.trip_id > 2",
   "SELECT trip_id, rider_id, SUM(km) OVER (PARTITION BY rider_id) AS total FROM trip WHERE trip_id > 2"),
  "a filter on a non-partition column pushed below the window")

# --- Exasol (documentation: "Optimizer: query rewriting")

# "Join elimination: a join on a primary key / foreign key whose joined table contributes
# only the key column is replaced by the foreign key column".
E("Exasol:join elimination",
  "SELECT v.vehicle_id, d.driver_id FROM vehicle AS v JOIN driver AS d ON d.driver_id = v.driver_id",
  "SELECT vehicle_id, driver_id FROM vehicle",
  ("SELECT t.trip_id, d.driver_id FROM trip AS t JOIN driver AS d ON d.driver_id = t.driver_id",
   "SELECT trip_id, driver_id FROM trip"), "over a NULL-able foreign key")
# "Constant propagation: a column compared equal to a constant is replaced by it".
E("Exasol:constant propagation",
  "SELECT trip_id, km * 2 FROM trip WHERE km = 10",
  "SELECT trip_id, 20 FROM trip WHERE km = 10",
  "SELECT trip_id, 20 FROM trip WHERE km >= 10", "an equality widened")

# --- MonetDB (sql/server/rel_optimizer.c pass names)

# rel_push_select_down: "a selection is pushed through a projection and a join";
# rel_merge_union / rel_remove_empty_select: "an always-false select becomes an empty relation".
E("MonetDB:rel_push_select_down",
  "SELECT * FROM (SELECT t.trip_id, t.km, p.amount FROM trip AS t JOIN payment AS p ON p.trip_id = t.trip_id) AS j "
  "WHERE j.km > 3 AND j.amount > 0.0",
  "SELECT t.trip_id, t.km, p.amount FROM (SELECT * FROM trip WHERE km > 3) AS t "
  "JOIN (SELECT * FROM payment WHERE amount > 0.0) AS p ON p.trip_id = t.trip_id",
  "SELECT t.trip_id, t.km, p.amount FROM (SELECT * FROM trip WHERE km > 3) AS t "
  "JOIN payment AS p ON p.trip_id = t.trip_id", "a conjunct lost")
E("MonetDB:rel_remove_empty_select",
  "SELECT r.rider_id, t.trip_id FROM rider AS r LEFT JOIN (SELECT * FROM trip WHERE 1 = 0) AS t "
  "ON t.rider_id = r.rider_id",
  "SELECT rider_id, NULL FROM rider",
  "SELECT r.rider_id, t.trip_id FROM rider AS r JOIN (SELECT * FROM trip WHERE 1 = 0) AS t ON t.rider_id = r.rider_id",
  "the preserved side's rows lost")

# --- H2 (documentation "Performance: how data is stored / query optimizer"): "IN(SELECT)
# is evaluated as a semi join; MIN/MAX of a column are read from the index; a
# subquery in IN with DISTINCT needs no DISTINCT".
E("H2:IN subquery distinct",
  "SELECT rider_id FROM rider WHERE rider_id IN (SELECT DISTINCT rider_id FROM trip)",
  "SELECT rider_id FROM rider WHERE rider_id IN (SELECT rider_id FROM trip)",
  "SELECT rider_id FROM rider WHERE rider_id NOT IN (SELECT rider_id FROM trip)", "IN negated")
E("H2:MIN/MAX optimization",
  "SELECT MAX(km) FROM trip",
  "SELECT (SELECT km FROM trip WHERE km IS NOT NULL ORDER BY km DESC LIMIT 1)",
  "SELECT (SELECT km FROM trip WHERE km IS NOT NULL ORDER BY km LIMIT 1)", "the ascending end read")
E("H2:MIN/MAX optimization",
  "SELECT MIN(fare) FROM trip",
  "SELECT (SELECT fare FROM trip WHERE fare IS NOT NULL ORDER BY fare LIMIT 1)",
  "SELECT (SELECT fare FROM trip ORDER BY fare LIMIT 1)", "NULLs not skipped (they sort first in SQLite)",
  dialect="sqlite")

# --- Umbra / HyPer (Neumann & Kemper, "Unnesting arbitrary queries"; Umbra docs): the
# dependent join is unnested by magic-set style duplicate elimination of the outer bindings.
E("HyPer:unnesting (magic domain)",
  "SELECT t.trip_id FROM trip AS t WHERE t.km > (SELECT AVG(u.km) FROM trip AS u WHERE u.rider_id = t.rider_id) - 1",
  "SELECT t.trip_id FROM trip AS t JOIN (SELECT d.rider_id, AVG(u.km) AS a FROM (SELECT DISTINCT rider_id FROM trip) AS d "
  "JOIN trip AS u ON u.rider_id = d.rider_id GROUP BY d.rider_id) AS g ON g.rider_id = t.rider_id WHERE t.km > g.a - 1",
  "SELECT t.trip_id FROM trip AS t JOIN (SELECT d.rider_id, AVG(u.km) AS a FROM (SELECT DISTINCT rider_id FROM trip) AS d "
  "JOIN trip AS u ON u.rider_id = d.rider_id GROUP BY d.rider_id) AS g ON g.rider_id = t.rider_id WHERE t.km > g.a",
  "the expression around the subquery lost")
E("HyPer:unnesting (magic domain)",
  "SELECT d.driver_id FROM driver AS d WHERE (SELECT COUNT(*) FROM trip AS t WHERE t.driver_id = d.driver_id) < 2",
  "SELECT d.driver_id FROM driver AS d LEFT JOIN (SELECT driver_id, COUNT(*) AS n FROM trip GROUP BY driver_id) AS g "
  "ON g.driver_id = d.driver_id WHERE COALESCE(g.n, 0) < 2",
  "SELECT d.driver_id FROM driver AS d JOIN (SELECT driver_id, COUNT(*) AS n FROM trip GROUP BY driver_id) AS g "
  "ON g.driver_id = d.driver_id WHERE g.n < 2", "the COUNT bug: drivers without trips lost")


# --- more of the same engines (added in the same sitting)

# Databend PushDownFilterEvalScalar: "a filter over a projection of computed scalars is
# pushed below it, the computed columns substituted".
E("Databend:PushDownFilterEvalScalar",
  "SELECT * FROM (SELECT trip_id, km * 2 AS k2 FROM trip) AS t WHERE t.k2 > 10",
  "SELECT trip_id, km * 2 FROM trip WHERE km * 2 > 10",
  "SELECT trip_id, km * 2 FROM trip WHERE km > 10", "the computed column not substituted")
# Databend SplitAggregate: "an aggregate is split into a partial and a final phase (the
# partial grouped more finely; COUNT becomes SUM of partial counts)".
E("Databend:SplitAggregate",
  "SELECT city, COUNT(*), SUM(km) FROM trip GROUP BY city",
  "SELECT city, SUM(n), SUM(s) FROM (SELECT city, day, COUNT(*) AS n, SUM(km) AS s FROM trip GROUP BY city, day) AS p "
  "GROUP BY city",
  "SELECT city, COUNT(n), SUM(s) FROM (SELECT city, day, COUNT(*) AS n, SUM(km) AS s FROM trip GROUP BY city, day) AS p "
  "GROUP BY city", "the final phase counts partial rows")
# Databend PushDownLimitSort: "a LIMIT over a sorted input with a larger LIMIT keeps the smaller".
E("Databend:PushDownLimitSort",
  "SELECT trip_id FROM (SELECT trip_id, fare FROM trip ORDER BY fare, trip_id LIMIT 4) AS t ORDER BY fare, trip_id LIMIT 2",
  "SELECT trip_id FROM trip ORDER BY fare, trip_id LIMIT 2",
  "SELECT trip_id FROM (SELECT trip_id, fare FROM trip ORDER BY fare, trip_id LIMIT 1) AS t ORDER BY fare, trip_id LIMIT 2",
  "the inner limit smaller than the outer", semantics="list")
# RisingWave AggProjectMergeRule: "a projection of plain column references below an
# aggregate is merged into it".
E("RisingWave:AggProjectMergeRule",
  "SELECT k, SUM(x) FROM (SELECT rider_id AS k, km AS x FROM trip) AS p GROUP BY k",
  "SELECT rider_id, SUM(km) FROM trip GROUP BY rider_id",
  "SELECT driver_id, SUM(km) FROM trip GROUP BY driver_id", "the wrong column behind the alias")
# Drill DrillReduceExpressionsRule: "CASE expressions and comparisons with constants are
# simplified" (a CASE whose ELSE covers NULL).
E("Drill:DrillReduceExpressionsRule",
  "SELECT trip_id FROM trip WHERE CASE WHEN km > 3 THEN 1 ELSE 0 END = 1",
  "SELECT trip_id FROM trip WHERE km > 3",
  "SELECT trip_id FROM trip WHERE CASE WHEN km <= 3 THEN 0 ELSE 1 END = 1", "the CASE inverted: NULL falls in ELSE")
# Exasol: "an IN list with one element is an equality".
E("Exasol:single-element IN",
  "SELECT name FROM driver WHERE city IN ('Lima')",
  "SELECT name FROM driver WHERE city = 'Lima'",
  "SELECT name FROM driver WHERE city IN ('Lima', 'Oslo')", "a value added to the list")
# Db2 predicate translation: "BETWEEN becomes two comparisons" (and so can be used by
# range predicates on both ends).
E("Db2:BETWEEN translation",
  "SELECT trip_id FROM trip WHERE fare BETWEEN 7.5 AND 12.25",
  "SELECT trip_id FROM trip WHERE fare >= 7.5 AND fare <= 12.25",
  "SELECT trip_id FROM trip WHERE fare > 7.5 AND fare <= 12.25", "an end excluded")
# HyPer / Umbra (Neumann & Kemper): "a disjunctive EXISTS predicate is split into a union of
# semi joins (one per disjunct)".
E("HyPer:disjunctive EXISTS",
  "SELECT r.rider_id FROM rider AS r WHERE EXISTS (SELECT 1 FROM trip AS t WHERE t.rider_id = r.rider_id OR t.km > 20)",
  "SELECT r.rider_id FROM rider AS r WHERE EXISTS (SELECT 1 FROM trip AS t WHERE t.rider_id = r.rider_id) "
  "OR EXISTS (SELECT 1 FROM trip AS t WHERE t.km > 20)",
  "SELECT r.rider_id FROM rider AS r WHERE EXISTS (SELECT 1 FROM trip AS t WHERE t.rider_id = r.rider_id) "
  "AND EXISTS (SELECT 1 FROM trip AS t WHERE t.km > 20)", "OR read as AND")

# ============================================================ interview (market)
# customer(customer_id PK, name NOT NULL, city, joined NOT NULL), seller(seller_id PK, name
# NOT NULL, country), product(product_id PK, seller_id FK NOT NULL, category, price INT),
# orders(order_id PK, customer_id FK NULL-able (guest orders), order_day NOT NULL text date,
# total INT, status), order_item(order_id FK, product_id FK; PK both, qty NOT NULL,
# unit_price), review(review_id PK, product_id FK, customer_id FK, stars, day), and a
# keyless login_event(customer_id FK NOT NULL, day NOT NULL) with duplicate rows.

# --- second highest price (one row; NULL when there is none)
SECOND = "SELECT MAX(price) FROM product WHERE price < (SELECT MAX(price) FROM product)"
Q("second highest value",
  SECOND,
  "SELECT (SELECT DISTINCT price FROM product WHERE price IS NOT NULL ORDER BY price DESC LIMIT 1 OFFSET 1)",
  "SELECT (SELECT price FROM product WHERE price IS NOT NULL ORDER BY price DESC LIMIT 1 OFFSET 1)",
  "DISTINCT missing: a tie for first is taken as second")
Q("second highest value",
  SECOND,
  "SELECT MAX(p.price) FROM product AS p WHERE EXISTS (SELECT 1 FROM product AS q WHERE q.price > p.price)",
  "SELECT MAX(p.price) FROM product AS p WHERE EXISTS (SELECT 1 FROM product AS q WHERE q.price >= p.price)",
  "`>=`: the maximum itself qualifies")
Q("second highest value",
  SECOND,
  "SELECT MAX(price) FROM (SELECT price, DENSE_RANK() OVER (ORDER BY price DESC) AS r FROM product "
  "WHERE price IS NOT NULL) AS t WHERE r = 2",
  "SELECT MAX(price) FROM (SELECT price, ROW_NUMBER() OVER (ORDER BY price DESC) AS r FROM product "
  "WHERE price IS NOT NULL) AS t WHERE r = 2", "ROW_NUMBER for DENSE_RANK: ties")
# In SQLite NULL sorts first ascending, so last descending: no IS NOT NULL needed here.
Q("second highest value",
  SECOND,
  "SELECT (SELECT DISTINCT price FROM product ORDER BY price DESC LIMIT 1 OFFSET 1)",
  "SELECT MIN(price) FROM (SELECT DISTINCT price FROM product WHERE price IS NOT NULL ORDER BY price DESC LIMIT 2) AS t",
  "the smaller of the top two: the maximum when there is only one value", dialect="sqlite")

# --- n-th (third) highest distinct price
THIRD = ("SELECT MAX(price) FROM (SELECT price, DENSE_RANK() OVER (ORDER BY price DESC) AS r FROM product "
         "WHERE price IS NOT NULL) AS t WHERE r = 3")
Q("nth highest value",
  THIRD,
  "SELECT MAX(p.price) FROM product AS p WHERE (SELECT COUNT(DISTINCT q.price) FROM product AS q "
  "WHERE q.price > p.price) = 2",
  "SELECT MAX(p.price) FROM product AS p WHERE (SELECT COUNT(q.price) FROM product AS q "
  "WHERE q.price > p.price) = 2", "COUNT without DISTINCT: ties counted twice")
Q("nth highest value",
  THIRD,
  "SELECT (SELECT DISTINCT price FROM product WHERE price IS NOT NULL ORDER BY price DESC LIMIT 1 OFFSET 2)",
  "SELECT (SELECT DISTINCT price FROM product WHERE price IS NOT NULL ORDER BY price DESC LIMIT 1 OFFSET 3)",
  "OFFSET n instead of n - 1")

# --- top two prices per category, ties kept (NULL category is a group of its own)
TOP2 = ("SELECT product_id, category, price FROM (SELECT product_id, category, price, DENSE_RANK() OVER "
        "(PARTITION BY category ORDER BY price DESC) AS r FROM product WHERE price IS NOT NULL) AS t WHERE r <= 2")
Q("top n per group",
  TOP2,
  "SELECT p.product_id, p.category, p.price FROM product AS p WHERE p.price IS NOT NULL AND "
  "(SELECT COUNT(DISTINCT q.price) FROM product AS q WHERE q.category IS NOT DISTINCT FROM p.category "
  "AND q.price > p.price) < 2",
  "SELECT p.product_id, p.category, p.price FROM product AS p WHERE p.price IS NOT NULL AND "
  "(SELECT COUNT(DISTINCT q.price) FROM product AS q WHERE q.category IS NOT DISTINCT FROM p.category "
  "AND q.price > p.price) <= 2", "off by one: the top three")
Q("top n per group",
  TOP2,
  "SELECT p.product_id, p.category, p.price FROM product AS p WHERE p.price IN (SELECT DISTINCT q.price "
  "FROM product AS q WHERE q.category IS NOT DISTINCT FROM p.category AND q.price IS NOT NULL "
  "ORDER BY q.price DESC LIMIT 2)",
  "SELECT p.product_id, p.category, p.price FROM product AS p WHERE p.price IN (SELECT q.price "
  "FROM product AS q WHERE q.category IS NOT DISTINCT FROM p.category AND q.price IS NOT NULL "
  "ORDER BY q.price DESC LIMIT 2)", "LIMIT without DISTINCT: a tie takes both places")
Q("top n per group",
  TOP2,
  "SELECT p.product_id, p.category, p.price FROM product AS p WHERE p.price IS NOT NULL AND NOT EXISTS "
  "(SELECT 1 FROM product AS a, product AS b WHERE a.category IS NOT DISTINCT FROM p.category "
  "AND b.category IS NOT DISTINCT FROM p.category AND a.price > b.price AND b.price > p.price)",
  "SELECT product_id, category, price FROM (SELECT product_id, category, price, RANK() OVER "
  "(PARTITION BY category ORDER BY price DESC) AS r FROM product WHERE price IS NOT NULL) AS t WHERE r <= 2",
  "RANK for DENSE_RANK: a tie for first pushes the second price out")

# --- customers who never ordered
NEVER = ("SELECT c.customer_id, c.name FROM customer AS c WHERE NOT EXISTS "
         "(SELECT 1 FROM orders AS o WHERE o.customer_id = c.customer_id)")
Q("customers who never ordered",
  NEVER,
  "SELECT c.customer_id, c.name FROM customer AS c LEFT JOIN orders AS o ON o.customer_id = c.customer_id "
  "WHERE o.order_id IS NULL",
  "SELECT c.customer_id, c.name FROM customer AS c LEFT JOIN orders AS o ON o.customer_id = c.customer_id "
  "WHERE o.total IS NULL", "a NULL-able column tested after the left join")
Q("customers who never ordered",
  NEVER,
  "SELECT customer_id, name FROM customer WHERE customer_id NOT IN "
  "(SELECT customer_id FROM orders WHERE customer_id IS NOT NULL)",
  "SELECT customer_id, name FROM customer WHERE customer_id NOT IN (SELECT customer_id FROM orders)",
  "NOT IN over a NULL-able column: one guest order empties the answer")
Q("customers who never ordered",
  NEVER,
  "SELECT customer_id, name FROM customer EXCEPT SELECT c.customer_id, c.name FROM customer AS c "
  "JOIN orders AS o ON o.customer_id = c.customer_id",
  "SELECT customer_id, name FROM customer EXCEPT SELECT c.customer_id, c.name FROM customer AS c "
  "JOIN orders AS o ON o.customer_id = c.customer_id WHERE o.status = 'paid'",
  "only paid orders subtracted")

# --- products never ordered
Q("rows without a match",
  "SELECT product_id FROM product WHERE product_id NOT IN (SELECT product_id FROM order_item)",
  "SELECT p.product_id FROM product AS p LEFT JOIN order_item AS i ON i.product_id = p.product_id "
  "WHERE i.order_id IS NULL",
  "SELECT p.product_id FROM product AS p LEFT JOIN order_item AS i ON i.product_id = p.product_id "
  "WHERE i.unit_price IS NULL", "a NULL-able column tested after the left join")

# --- duplicate rows of the login log
DUPS = "SELECT customer_id, day FROM login_event GROUP BY customer_id, day HAVING COUNT(*) > 1"
Q("duplicate rows",
  DUPS,
  "SELECT DISTINCT customer_id, day FROM (SELECT customer_id, day, ROW_NUMBER() OVER "
  "(PARTITION BY customer_id, day ORDER BY customer_id) AS rn FROM login_event) AS t WHERE rn = 2",
  "SELECT customer_id, day FROM (SELECT customer_id, day, ROW_NUMBER() OVER "
  "(PARTITION BY customer_id, day ORDER BY customer_id) AS rn FROM login_event) AS t WHERE rn >= 2",
  "every extra copy listed: a triple shows twice")
Q("duplicate rows",
  DUPS,
  "SELECT DISTINCT a.customer_id, a.day FROM login_event AS a WHERE (SELECT COUNT(*) FROM login_event AS b "
  "WHERE b.customer_id = a.customer_id AND b.day = a.day) > 1",
  "SELECT DISTINCT a.customer_id, a.day FROM login_event AS a WHERE (SELECT COUNT(*) FROM login_event AS b "
  "WHERE b.customer_id = a.customer_id) > 1", "a key column missing in the correlation")

# --- day-over-day increase of daily order totals (calendar days, not neighbouring rows);
# the date questions keep well-formed YYYY-MM-DD days only (``day = date(day)``), so both
# answers agree on any text in the column
DAILY = ("WITH d AS (SELECT order_day, SUM(total) AS s FROM orders WHERE order_day = date(order_day) "
         "GROUP BY order_day) ")
Q("day-over-day increase",
  DAILY + "SELECT b.order_day FROM d AS a JOIN d AS b ON b.order_day = date(a.order_day, '+1 day') WHERE b.s > a.s",
  DAILY + "SELECT order_day FROM (SELECT order_day, s, LAG(s) OVER (ORDER BY order_day) AS ps, "
  "LAG(order_day) OVER (ORDER BY order_day) AS pd FROM d) AS w WHERE pd = date(order_day, '-1 day') AND s > ps",
  DAILY + "SELECT order_day FROM (SELECT order_day, s, LAG(s) OVER (ORDER BY order_day) AS ps "
  "FROM d) AS w WHERE s > ps", "the previous row taken as the previous day (gaps ignored)", dialect="sqlite")
Q("day-over-day increase",
  DAILY + "SELECT b.order_day FROM d AS a JOIN d AS b ON b.order_day = date(a.order_day, '+1 day') WHERE b.s > a.s",
  DAILY + "SELECT b.order_day FROM d AS b WHERE b.s > (SELECT a.s FROM d AS a WHERE a.order_day = date(b.order_day, '-1 day'))",
  DAILY + "SELECT b.order_day FROM d AS b WHERE b.s > (SELECT a.s FROM d AS a WHERE a.order_day = date(b.order_day, '+1 day'))",
  "compared with the next day", dialect="sqlite")

# --- first activity per customer
FIRST = "SELECT customer_id, MIN(day) FROM login_event GROUP BY customer_id"
Q("first activity per user",
  FIRST,
  "SELECT customer_id, day FROM (SELECT customer_id, day, ROW_NUMBER() OVER (PARTITION BY customer_id "
  "ORDER BY day) AS rn FROM login_event) AS t WHERE rn = 1",
  "SELECT customer_id, day FROM (SELECT customer_id, day, ROW_NUMBER() OVER (PARTITION BY customer_id "
  "ORDER BY day DESC) AS rn FROM login_event) AS t WHERE rn = 1", "the order reversed: the last login")
Q("first activity per user",
  FIRST,
  "SELECT DISTINCT a.customer_id, a.day FROM login_event AS a WHERE NOT EXISTS (SELECT 1 FROM login_event AS b "
  "WHERE b.customer_id = a.customer_id AND b.day < a.day)",
  "SELECT a.customer_id, a.day FROM login_event AS a WHERE NOT EXISTS (SELECT 1 FROM login_event AS b "
  "WHERE b.customer_id = a.customer_id AND b.day < a.day)", "DISTINCT missing: duplicate first logins")
# first order per customer, ties kept; guest orders (NULL customer) are nobody's
Q("first activity per user",
  "SELECT o.customer_id, o.order_id FROM orders AS o WHERE o.order_day = (SELECT MIN(p.order_day) FROM orders AS p "
  "WHERE p.customer_id = o.customer_id)",
  "SELECT customer_id, order_id FROM (SELECT customer_id, order_id, RANK() OVER (PARTITION BY customer_id "
  "ORDER BY order_day) AS r FROM orders WHERE customer_id IS NOT NULL) AS t WHERE r = 1",
  "SELECT customer_id, order_id FROM (SELECT customer_id, order_id, RANK() OVER (PARTITION BY customer_id "
  "ORDER BY order_day) AS r FROM orders) AS t WHERE r = 1", "the guest orders' NULL partition kept")

# --- next-day retention
FIRSTDAY = "(SELECT customer_id, MIN(day) AS d0 FROM login_event GROUP BY customer_id) AS f"
Q("retention",
  "SELECT f.customer_id FROM " + FIRSTDAY + " WHERE EXISTS (SELECT 1 FROM login_event AS e "
  "WHERE e.customer_id = f.customer_id AND e.day = date(f.d0, '+1 day'))",
  "SELECT DISTINCT f.customer_id FROM " + FIRSTDAY + " JOIN login_event AS e ON e.customer_id = f.customer_id "
  "AND e.day = date(f.d0, '+1 day')",
  "SELECT f.customer_id FROM " + FIRSTDAY + " JOIN login_event AS e ON e.customer_id = f.customer_id "
  "AND e.day = date(f.d0, '+1 day')", "DISTINCT missing: duplicate logins", dialect="sqlite")
Q("retention",
  "SELECT (SELECT COUNT(*) FROM " + FIRSTDAY + " WHERE EXISTS (SELECT 1 FROM login_event AS e "
  "WHERE e.customer_id = f.customer_id AND e.day = date(f.d0, '+1 day'))), "
  "(SELECT COUNT(DISTINCT customer_id) FROM login_event)",
  "SELECT COUNT(DISTINCT e.customer_id), COUNT(DISTINCT f.customer_id) FROM " + FIRSTDAY +
  " LEFT JOIN login_event AS e ON e.customer_id = f.customer_id AND e.day = date(f.d0, '+1 day')",
  "SELECT COUNT(e.customer_id), COUNT(f.customer_id) FROM " + FIRSTDAY +
  " LEFT JOIN login_event AS e ON e.customer_id = f.customer_id AND e.day = date(f.d0, '+1 day')",
  "COUNT without DISTINCT over the duplicated log", dialect="sqlite")
Q("retention",
  "SELECT f.customer_id FROM " + FIRSTDAY + " WHERE EXISTS (SELECT 1 FROM login_event AS e "
  "WHERE e.customer_id = f.customer_id AND e.day = date(f.d0, '+1 day'))",
  "SELECT customer_id FROM login_event GROUP BY customer_id HAVING SUM(day = date((SELECT MIN(x.day) "
  "FROM login_event AS x WHERE x.customer_id = login_event.customer_id), '+1 day')) > 0",
  "SELECT customer_id FROM login_event GROUP BY customer_id HAVING SUM(day > (SELECT MIN(x.day) "
  "FROM login_event AS x WHERE x.customer_id = login_event.customer_id)) > 0",
  "any later day counted, not the next one", dialect="sqlite")

# --- median price (mean of the middle one or two values)
MEDIAN = ("SELECT AVG(price) FROM (SELECT price, ROW_NUMBER() OVER (ORDER BY price) AS rn, COUNT(*) OVER () AS c "
          "FROM product WHERE price IS NOT NULL) AS t WHERE rn IN ((c + 1) / 2, (c + 2) / 2)")
Q("median",
  MEDIAN,
  "SELECT AVG(DISTINCT p.price) FROM product AS p WHERE p.price IS NOT NULL "
  "AND 2 * (SELECT COUNT(*) FROM product AS q WHERE q.price <= p.price) >= (SELECT COUNT(price) FROM product) "
  "AND 2 * (SELECT COUNT(*) FROM product AS q WHERE q.price >= p.price) >= (SELECT COUNT(price) FROM product)",
  "SELECT AVG(p.price) FROM product AS p WHERE p.price IS NOT NULL "
  "AND 2 * (SELECT COUNT(*) FROM product AS q WHERE q.price <= p.price) >= (SELECT COUNT(price) FROM product) "
  "AND 2 * (SELECT COUNT(*) FROM product AS q WHERE q.price >= p.price) >= (SELECT COUNT(price) FROM product)",
  "AVG without DISTINCT: tied middle values weigh twice")
Q("median",
  MEDIAN,
  "SELECT AVG(price) FROM (SELECT price FROM product WHERE price IS NOT NULL ORDER BY price "
  "LIMIT 2 - (SELECT COUNT(price) FROM product) % 2 OFFSET ((SELECT COUNT(price) FROM product) - 1) / 2) AS t",
  "SELECT AVG(price) FROM (SELECT price FROM product WHERE price IS NOT NULL ORDER BY price "
  "LIMIT 2 - (SELECT COUNT(price) FROM product) % 2 OFFSET (SELECT COUNT(price) FROM product) / 2) AS t",
  "OFFSET off by one for an even count")

# --- running totals
RUN = "SELECT order_id, SUM(total) OVER (ORDER BY order_id) FROM orders"
Q("running total",
  RUN,
  "SELECT o.order_id, (SELECT SUM(p.total) FROM orders AS p WHERE p.order_id <= o.order_id) FROM orders AS o",
  "SELECT o.order_id, (SELECT SUM(p.total) FROM orders AS p WHERE p.order_id < o.order_id) FROM orders AS o",
  "`<`: the current row left out")
Q("running total",
  RUN,
  "SELECT o.order_id, SUM(p.total) FROM orders AS o JOIN orders AS p ON p.order_id <= o.order_id GROUP BY o.order_id",
  "SELECT order_id, SUM(total) OVER (ORDER BY order_day) FROM orders",
  "ordered by a non-unique column: peers summed together")
Q("running total",
  "SELECT order_id, SUM(total) OVER (PARTITION BY customer_id ORDER BY order_id) FROM orders",
  "SELECT o.order_id, (SELECT SUM(p.total) FROM orders AS p WHERE p.customer_id IS NOT DISTINCT FROM o.customer_id "
  "AND p.order_id <= o.order_id) FROM orders AS o",
  "SELECT o.order_id, (SELECT SUM(p.total) FROM orders AS p WHERE p.customer_id = o.customer_id "
  "AND p.order_id <= o.order_id) FROM orders AS o", "`=`: guest orders get NULL")

# --- gaps and islands: each customer's streaks of consecutive login days
DAYS = "WITH d AS (SELECT DISTINCT customer_id, day FROM login_event WHERE day = date(day)) "
ISLANDS = (DAYS + ", g AS (SELECT customer_id, day, julianday(day) - ROW_NUMBER() OVER (PARTITION BY customer_id "
           "ORDER BY day) AS grp FROM d) SELECT customer_id, MIN(day), MAX(day) FROM g GROUP BY customer_id, grp")
Q("gaps and islands",
  ISLANDS,
  DAYS + ", s AS (SELECT a.customer_id, a.day FROM d AS a WHERE NOT EXISTS (SELECT 1 FROM d AS b "
  "WHERE b.customer_id = a.customer_id AND b.day = date(a.day, '-1 day'))), "
  "e AS (SELECT a.customer_id, a.day FROM d AS a WHERE NOT EXISTS (SELECT 1 FROM d AS b "
  "WHERE b.customer_id = a.customer_id AND b.day = date(a.day, '+1 day'))) "
  "SELECT s.customer_id, s.day, MIN(e.day) FROM s JOIN e ON e.customer_id = s.customer_id AND e.day >= s.day "
  "GROUP BY s.customer_id, s.day",
  ISLANDS.replace("SELECT DISTINCT customer_id", "SELECT customer_id"),
  "DISTINCT missing: duplicate days break the row numbers", dialect="sqlite")
Q("gaps and islands",
  ISLANDS,
  DAYS + ", f AS (SELECT customer_id, day, CASE WHEN LAG(day) OVER (PARTITION BY customer_id ORDER BY day) "
  "= date(day, '-1 day') THEN 0 ELSE 1 END AS brk FROM d), g AS (SELECT customer_id, day, SUM(brk) OVER "
  "(PARTITION BY customer_id ORDER BY day) AS grp FROM f) SELECT customer_id, MIN(day), MAX(day) FROM g "
  "GROUP BY customer_id, grp",
  DAYS + ", f AS (SELECT customer_id, day, CASE WHEN LAG(day) OVER (PARTITION BY customer_id ORDER BY day) "
  "= date(day, '-2 day') THEN 0 ELSE 1 END AS brk FROM d), g AS (SELECT customer_id, day, SUM(brk) OVER "
  "(PARTITION BY customer_id ORDER BY day) AS grp FROM f) SELECT customer_id, MIN(day), MAX(day) FROM g "
  "GROUP BY customer_id, grp", "off by one day", dialect="sqlite")

# --- consecutive events: three login days in a row
THREE = ("SELECT DISTINCT a.customer_id FROM login_event AS a JOIN login_event AS b ON b.customer_id = a.customer_id "
         "AND b.day = date(a.day, '+1 day') JOIN login_event AS c ON c.customer_id = a.customer_id "
         "AND c.day = date(a.day, '+2 day') WHERE a.day = date(a.day)")
Q("consecutive events",
  THREE,
  "SELECT DISTINCT customer_id FROM (SELECT customer_id, day, LEAD(day, 2) OVER (PARTITION BY customer_id "
  "ORDER BY day) AS d2 FROM (SELECT DISTINCT customer_id, day FROM login_event WHERE day = date(day)) AS u) AS w "
  "WHERE d2 = date(day, '+2 day')",
  "SELECT DISTINCT customer_id FROM (SELECT customer_id, day, LEAD(day, 1) OVER (PARTITION BY customer_id "
  "ORDER BY day) AS d1 FROM (SELECT DISTINCT customer_id, day FROM login_event WHERE day = date(day)) AS u) AS w "
  "WHERE d1 = date(day, '+1 day')", "two days in a row for three", dialect="sqlite")
Q("consecutive events",
  THREE,
  "SELECT DISTINCT a.customer_id FROM login_event AS a WHERE a.day = date(a.day) AND EXISTS (SELECT 1 FROM login_event AS b "
  "WHERE b.customer_id = a.customer_id AND b.day = date(a.day, '+1 day')) AND EXISTS (SELECT 1 FROM login_event AS c "
  "WHERE c.customer_id = a.customer_id AND c.day = date(a.day, '+2 day'))",
  "SELECT DISTINCT a.customer_id FROM login_event AS a WHERE a.day = date(a.day) AND EXISTS (SELECT 1 FROM login_event AS b "
  "WHERE b.customer_id = a.customer_id AND b.day = date(a.day, '+1 day')) AND EXISTS (SELECT 1 FROM login_event AS c "
  "WHERE c.customer_id = a.customer_id AND c.day = date(a.day, '+3 day'))", "off by one day", dialect="sqlite")

# --- pivot: paid and cancelled orders per customer (guest orders one NULL group)
PIVOT = ("SELECT customer_id, SUM(CASE WHEN status = 'paid' THEN 1 ELSE 0 END), "
         "SUM(CASE WHEN status = 'cancelled' THEN 1 ELSE 0 END) FROM orders GROUP BY customer_id")
Q("pivot counts",
  PIVOT,
  "SELECT customer_id, COUNT(CASE WHEN status = 'paid' THEN 1 END), COUNT(CASE WHEN status = 'cancelled' THEN 1 END) "
  "FROM orders GROUP BY customer_id",
  "SELECT customer_id, COUNT(CASE WHEN status = 'paid' THEN 1 ELSE 0 END), "
  "COUNT(CASE WHEN status = 'cancelled' THEN 1 ELSE 0 END) FROM orders GROUP BY customer_id",
  "COUNT of a CASE with ELSE 0 counts every row")
Q("pivot counts",
  PIVOT,
  "SELECT customer_id, COUNT(*) FILTER (WHERE status = 'paid'), COUNT(*) FILTER (WHERE status = 'cancelled') "
  "FROM orders GROUP BY customer_id",
  "SELECT customer_id, COUNT(*) FILTER (WHERE status = 'paid'), COUNT(*) - COUNT(*) FILTER (WHERE status = 'paid') "
  "FROM orders GROUP BY customer_id", "cancelled as the rest: NULL statuses counted")
Q("pivot counts",
  PIVOT,
  "SELECT k.customer_id, (SELECT COUNT(*) FROM orders AS o WHERE o.customer_id IS NOT DISTINCT FROM k.customer_id "
  "AND o.status = 'paid'), (SELECT COUNT(*) FROM orders AS o WHERE o.customer_id IS NOT DISTINCT FROM k.customer_id "
  "AND o.status = 'cancelled') FROM (SELECT DISTINCT customer_id FROM orders) AS k",
  "SELECT k.customer_id, (SELECT COUNT(*) FROM orders AS o WHERE o.customer_id = k.customer_id "
  "AND o.status = 'paid'), (SELECT COUNT(*) FROM orders AS o WHERE o.customer_id = k.customer_id "
  "AND o.status = 'cancelled') FROM (SELECT DISTINCT customer_id FROM orders) AS k",
  "`=` in the correlation: the guest group counts nothing")

# --- relational division: customers who bought every product of seller 1
Q("relational division",
  "SELECT c.customer_id FROM customer AS c WHERE NOT EXISTS (SELECT 1 FROM product AS p WHERE p.seller_id = 1 "
  "AND NOT EXISTS (SELECT 1 FROM orders AS o JOIN order_item AS i ON i.order_id = o.order_id "
  "WHERE o.customer_id = c.customer_id AND i.product_id = p.product_id))",
  "SELECT c.customer_id FROM customer AS c WHERE (SELECT COUNT(DISTINCT i.product_id) FROM orders AS o "
  "JOIN order_item AS i ON i.order_id = o.order_id JOIN product AS p ON p.product_id = i.product_id "
  "WHERE o.customer_id = c.customer_id AND p.seller_id = 1) = (SELECT COUNT(*) FROM product WHERE seller_id = 1)",
  "SELECT c.customer_id FROM customer AS c WHERE (SELECT COUNT(i.product_id) FROM orders AS o "
  "JOIN order_item AS i ON i.order_id = o.order_id JOIN product AS p ON p.product_id = i.product_id "
  "WHERE o.customer_id = c.customer_id AND p.seller_id = 1) = (SELECT COUNT(*) FROM product WHERE seller_id = 1)",
  "COUNT without DISTINCT: a product bought twice counts twice")
Q("relational division",
  "SELECT c.customer_id FROM customer AS c WHERE NOT EXISTS (SELECT 1 FROM product AS p WHERE p.seller_id = 1 "
  "AND NOT EXISTS (SELECT 1 FROM orders AS o JOIN order_item AS i ON i.order_id = o.order_id "
  "WHERE o.customer_id = c.customer_id AND i.product_id = p.product_id))",
  "SELECT c.customer_id FROM customer AS c WHERE NOT EXISTS (SELECT p.product_id FROM product AS p "
  "WHERE p.seller_id = 1 EXCEPT SELECT i.product_id FROM orders AS o JOIN order_item AS i ON i.order_id = o.order_id "
  "WHERE o.customer_id = c.customer_id)",
  "SELECT o.customer_id FROM orders AS o JOIN order_item AS i ON i.order_id = o.order_id "
  "JOIN product AS p ON p.product_id = i.product_id WHERE p.seller_id = 1 GROUP BY o.customer_id "
  "HAVING COUNT(DISTINCT i.product_id) = (SELECT COUNT(*) FROM product WHERE seller_id = 1)",
  "GROUP BY over the orders: customers lost when seller 1 has no products")

# --- the best-rated product(s), ties kept
BEST = ("SELECT product_id FROM review GROUP BY product_id HAVING AVG(stars) = "
        "(SELECT MAX(a) FROM (SELECT AVG(stars) AS a FROM review GROUP BY product_id) AS t)")
Q("top with ties",
  BEST,
  "SELECT product_id FROM (SELECT product_id, RANK() OVER (ORDER BY AVG(stars) DESC) AS r FROM review "
  "WHERE stars IS NOT NULL GROUP BY product_id) AS t WHERE r = 1",
  "SELECT product_id FROM review WHERE stars IS NOT NULL GROUP BY product_id ORDER BY AVG(stars) DESC LIMIT 1",
  "LIMIT 1: ties dropped")
Q("top with ties",
  BEST,
  "SELECT r.product_id FROM (SELECT product_id, AVG(stars) AS a FROM review GROUP BY product_id) AS r "
  "WHERE r.a IS NOT NULL AND NOT EXISTS (SELECT 1 FROM (SELECT product_id, AVG(stars) AS a FROM review "
  "GROUP BY product_id) AS s WHERE s.a > r.a)",
  "SELECT r.product_id FROM (SELECT product_id, AVG(stars) AS a FROM review GROUP BY product_id) AS r "
  "WHERE NOT EXISTS (SELECT 1 FROM (SELECT product_id, AVG(stars) AS a FROM review "
  "GROUP BY product_id) AS s WHERE s.a > r.a)", "NULL averages kept (nothing is greater than NULL)")
MOST = ("SELECT customer_id FROM orders WHERE customer_id IS NOT NULL GROUP BY customer_id HAVING COUNT(*) = "
        "(SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM orders WHERE customer_id IS NOT NULL GROUP BY customer_id) AS t)")
Q("top with ties",
  MOST,
  "SELECT customer_id FROM (SELECT customer_id, DENSE_RANK() OVER (ORDER BY COUNT(*) DESC) AS r FROM orders "
  "WHERE customer_id IS NOT NULL GROUP BY customer_id) AS t WHERE r = 1",
  "SELECT customer_id FROM (SELECT customer_id, DENSE_RANK() OVER (ORDER BY COUNT(*) DESC) AS r FROM orders "
  "GROUP BY customer_id) AS t WHERE r = 1", "guest orders counted as a customer")
Q("top with ties",
  MOST,
  "SELECT o.customer_id FROM orders AS o WHERE o.customer_id IS NOT NULL GROUP BY o.customer_id "
  "HAVING NOT EXISTS (SELECT 1 FROM orders AS p WHERE p.customer_id IS NOT NULL GROUP BY p.customer_id "
  "HAVING COUNT(*) > (SELECT COUNT(*) FROM orders AS x WHERE x.customer_id = o.customer_id))",
  "SELECT customer_id FROM orders WHERE customer_id IS NOT NULL GROUP BY customer_id ORDER BY COUNT(*) DESC LIMIT 1",
  "LIMIT 1: ties dropped")

# --- orders above the customer's own average
ABOVE = ("SELECT o.order_id FROM orders AS o WHERE o.total > (SELECT AVG(p.total) FROM orders AS p "
         "WHERE p.customer_id = o.customer_id)")
Q("above group average",
  ABOVE,
  "SELECT order_id FROM (SELECT order_id, total, AVG(total) OVER (PARTITION BY customer_id) AS a FROM orders "
  "WHERE customer_id IS NOT NULL) AS t WHERE total > a",
  "SELECT order_id FROM (SELECT order_id, total, AVG(total) OVER (PARTITION BY customer_id) AS a FROM orders) AS t "
  "WHERE total > a", "the guest orders' NULL partition averaged")
Q("above group average",
  ABOVE,
  "SELECT o.order_id FROM orders AS o JOIN (SELECT customer_id, AVG(total) AS a FROM orders GROUP BY customer_id) AS g "
  "ON g.customer_id = o.customer_id WHERE o.total > g.a",
  "SELECT o.order_id FROM orders AS o WHERE o.total > (SELECT AVG(total) FROM orders)",
  "the group key missing: the overall average")

# --- largest order per customer, ties kept
Q("greatest per group",
  "SELECT o.customer_id, o.order_id FROM orders AS o WHERE o.total = (SELECT MAX(p.total) FROM orders AS p "
  "WHERE p.customer_id = o.customer_id)",
  "SELECT o.customer_id, o.order_id FROM orders AS o WHERE o.customer_id IS NOT NULL AND o.total IS NOT NULL "
  "AND NOT EXISTS (SELECT 1 FROM orders AS p WHERE p.customer_id = o.customer_id AND p.total > o.total)",
  "SELECT o.customer_id, o.order_id FROM orders AS o WHERE o.customer_id IS NOT NULL "
  "AND NOT EXISTS (SELECT 1 FROM orders AS p WHERE p.customer_id = o.customer_id AND p.total > o.total)",
  "orders with a NULL total kept")
Q("greatest per group",
  "SELECT o.customer_id, o.order_id FROM orders AS o WHERE o.total = (SELECT MAX(p.total) FROM orders AS p "
  "WHERE p.customer_id = o.customer_id)",
  "SELECT customer_id, order_id FROM (SELECT customer_id, order_id, RANK() OVER (PARTITION BY customer_id "
  "ORDER BY total DESC) AS r FROM orders WHERE customer_id IS NOT NULL AND total IS NOT NULL) AS t WHERE r = 1",
  "SELECT customer_id, order_id FROM (SELECT customer_id, order_id, ROW_NUMBER() OVER (PARTITION BY customer_id "
  "ORDER BY total DESC, order_id) AS r FROM orders WHERE customer_id IS NOT NULL AND total IS NOT NULL) AS t WHERE r = 1",
  "ROW_NUMBER: ties dropped")
Q("greatest per group",
  "SELECT l.customer_id, MAX(l.day) FROM login_event AS l WHERE l.day < (SELECT MAX(m.day) FROM login_event AS m "
  "WHERE m.customer_id = l.customer_id) GROUP BY l.customer_id",
  "SELECT customer_id, day FROM (SELECT DISTINCT customer_id, day, DENSE_RANK() OVER (PARTITION BY customer_id "
  "ORDER BY day DESC) AS r FROM login_event) AS t WHERE r = 2",
  "SELECT customer_id, day FROM (SELECT customer_id, day, ROW_NUMBER() OVER (PARTITION BY customer_id "
  "ORDER BY day DESC) AS r FROM login_event) AS t WHERE r = 2", "ROW_NUMBER over duplicate days")

# --- keep the lowest review id of each (customer, product)
KEEP = "SELECT MIN(review_id) FROM review GROUP BY customer_id, product_id"
Q("deduplicate keeping one",
  KEEP,
  "SELECT r.review_id FROM review AS r WHERE NOT EXISTS (SELECT 1 FROM review AS s WHERE s.customer_id = r.customer_id "
  "AND s.product_id = r.product_id AND s.review_id < r.review_id)",
  "SELECT r.review_id FROM review AS r WHERE NOT EXISTS (SELECT 1 FROM review AS s WHERE s.customer_id = r.customer_id "
  "AND s.review_id < r.review_id)", "a key column missing in the correlation")
Q("deduplicate keeping one",
  KEEP,
  "SELECT review_id FROM (SELECT review_id, ROW_NUMBER() OVER (PARTITION BY customer_id, product_id "
  "ORDER BY review_id) AS rn FROM review) AS t WHERE rn = 1",
  "SELECT review_id FROM (SELECT review_id, ROW_NUMBER() OVER (PARTITION BY customer_id "
  "ORDER BY review_id) AS rn FROM review) AS t WHERE rn = 1", "a partition key missing")

# --- customers who ordered on two given days (guest orders form one NULL "customer")
BOTH = ("SELECT customer_id FROM orders WHERE order_day = '2024-01-01' INTERSECT "
        "SELECT customer_id FROM orders WHERE order_day = '2024-01-02'")
Q("both conditions",
  BOTH,
  "SELECT customer_id FROM orders WHERE order_day IN ('2024-01-01', '2024-01-02') GROUP BY customer_id "
  "HAVING COUNT(DISTINCT order_day) = 2",
  "SELECT customer_id FROM orders WHERE order_day IN ('2024-01-01', '2024-01-02') GROUP BY customer_id "
  "HAVING COUNT(*) = 2", "COUNT(*) for COUNT(DISTINCT): two orders on one day")
Q("both conditions",
  BOTH,
  "SELECT DISTINCT a.customer_id FROM orders AS a WHERE a.order_day = '2024-01-01' AND EXISTS (SELECT 1 FROM orders AS b "
  "WHERE b.customer_id IS NOT DISTINCT FROM a.customer_id AND b.order_day = '2024-01-02')",
  "SELECT DISTINCT a.customer_id FROM orders AS a JOIN orders AS b ON b.customer_id = a.customer_id "
  "WHERE a.order_day = '2024-01-01' AND b.order_day = '2024-01-02'", "a join: the NULL row INTERSECT keeps is lost")

# --- customers all of whose orders are paid
ALLPAID = ("SELECT customer_id FROM orders WHERE customer_id IS NOT NULL GROUP BY customer_id "
           "HAVING SUM(CASE WHEN status = 'paid' THEN 0 ELSE 1 END) = 0")
Q("for all rows",
  ALLPAID,
  "SELECT DISTINCT o.customer_id FROM orders AS o WHERE o.customer_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM orders AS p "
  "WHERE p.customer_id = o.customer_id AND (p.status <> 'paid' OR p.status IS NULL))",
  "SELECT DISTINCT o.customer_id FROM orders AS o WHERE o.customer_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM orders AS p "
  "WHERE p.customer_id = o.customer_id AND p.status <> 'paid')", "a NULL status taken as paid")
Q("for all rows",
  ALLPAID,
  "SELECT customer_id FROM orders WHERE customer_id IS NOT NULL GROUP BY customer_id "
  "HAVING MIN(status) = 'paid' AND MAX(status) = 'paid' AND COUNT(status) = COUNT(*)",
  "SELECT customer_id FROM orders WHERE customer_id IS NOT NULL GROUP BY customer_id "
  "HAVING MIN(status) = 'paid' AND MAX(status) = 'paid'", "MIN/MAX skip NULL statuses")

# --- sellers with no product under 20
NOCHEAP = ("SELECT s.seller_id FROM seller AS s WHERE NOT EXISTS (SELECT 1 FROM product AS p "
           "WHERE p.seller_id = s.seller_id AND p.price < 20)")
Q("for all rows",
  NOCHEAP,
  "SELECT s.seller_id FROM seller AS s LEFT JOIN product AS p ON p.seller_id = s.seller_id GROUP BY s.seller_id "
  "HAVING COALESCE(MIN(p.price), 20) >= 20",
  "SELECT s.seller_id FROM seller AS s LEFT JOIN product AS p ON p.seller_id = s.seller_id GROUP BY s.seller_id "
  "HAVING MIN(p.price) >= 20", "sellers without priced products dropped")
Q("for all rows",
  NOCHEAP,
  "SELECT seller_id FROM seller WHERE seller_id NOT IN (SELECT seller_id FROM product WHERE price < 20)",
  "SELECT seller_id FROM seller WHERE seller_id IN (SELECT seller_id FROM product WHERE price >= 20)",
  "'no cheap product' read as 'some dear product'")

# --- daily active customers
Q("count distinct",
  "SELECT day, COUNT(DISTINCT customer_id) FROM login_event GROUP BY day",
  "SELECT day, COUNT(*) FROM (SELECT DISTINCT day, customer_id FROM login_event) AS t GROUP BY day",
  "SELECT day, COUNT(customer_id) FROM login_event GROUP BY day", "DISTINCT missing")
Q("count distinct",
  "SELECT COUNT(*) FROM (SELECT customer_id FROM orders WHERE customer_id IS NOT NULL GROUP BY customer_id "
  "HAVING COUNT(*) > 1) AS t",
  "SELECT COUNT(DISTINCT a.customer_id) FROM orders AS a JOIN orders AS b ON a.customer_id = b.customer_id "
  "AND a.order_id < b.order_id",
  "SELECT COUNT(a.customer_id) FROM orders AS a JOIN orders AS b ON a.customer_id = b.customer_id "
  "AND a.order_id < b.order_id", "DISTINCT missing: pairs of orders counted")

# --- lifetime value, customers without orders at 0
Q("totals with zero rows",
  "SELECT c.customer_id, COALESCE(SUM(o.total), 0) FROM customer AS c LEFT JOIN orders AS o "
  "ON o.customer_id = c.customer_id GROUP BY c.customer_id",
  "SELECT c.customer_id, COALESCE((SELECT SUM(o.total) FROM orders AS o WHERE o.customer_id = c.customer_id), 0) "
  "FROM customer AS c",
  "SELECT c.customer_id, COALESCE(SUM(o.total), 0) FROM customer AS c JOIN orders AS o "
  "ON o.customer_id = c.customer_id GROUP BY c.customer_id", "an inner join: customers without orders lost")
Q("totals with zero rows",
  "SELECT c.customer_id, COUNT(o.order_id) FROM customer AS c LEFT JOIN orders AS o "
  "ON o.customer_id = c.customer_id AND o.status = 'paid' GROUP BY c.customer_id",
  "SELECT c.customer_id, (SELECT COUNT(*) FROM orders AS o WHERE o.customer_id = c.customer_id "
  "AND o.status = 'paid') FROM customer AS c",
  "SELECT c.customer_id, COUNT(o.order_id) FROM customer AS c LEFT JOIN orders AS o "
  "ON o.customer_id = c.customer_id WHERE o.status = 'paid' GROUP BY c.customer_id",
  "the condition moved to WHERE: customers without paid orders lost")

# --- reviews by customers who bought the product
Q("semi join vs join",
  "SELECT r.review_id FROM review AS r WHERE EXISTS (SELECT 1 FROM orders AS o JOIN order_item AS i "
  "ON i.order_id = o.order_id WHERE o.customer_id = r.customer_id AND i.product_id = r.product_id)",
  "SELECT DISTINCT r.review_id FROM review AS r JOIN orders AS o ON o.customer_id = r.customer_id "
  "JOIN order_item AS i ON i.order_id = o.order_id AND i.product_id = r.product_id",
  "SELECT r.review_id FROM review AS r JOIN orders AS o ON o.customer_id = r.customer_id "
  "JOIN order_item AS i ON i.order_id = o.order_id AND i.product_id = r.product_id",
  "DISTINCT missing: a product bought in two orders")

# --- share of paid orders, in percent (integer division as written)
Q("ratio of counts",
  "SELECT 100 * SUM(CASE WHEN status = 'paid' THEN 1 ELSE 0 END) / COUNT(*) FROM orders",
  "SELECT 100 * (SELECT COUNT(*) FROM orders WHERE status = 'paid') / (SELECT COUNT(*) FROM orders)",
  "SELECT 100 * (SELECT COUNT(*) FROM orders WHERE status = 'paid') / (SELECT COUNT(status) FROM orders)",
  "orders with no status left out of the whole", dialect="sqlite")
# --- pairs of products bought in the same order, each pair once
Q("pairs bought together",
  "SELECT a.product_id, b.product_id, COUNT(*) FROM order_item AS a JOIN order_item AS b ON a.order_id = b.order_id "
  "AND a.product_id < b.product_id GROUP BY a.product_id, b.product_id",
  "SELECT p.product_id, q.product_id, COUNT(*) FROM product AS p JOIN product AS q ON p.product_id < q.product_id "
  "JOIN orders AS o ON EXISTS (SELECT 1 FROM order_item AS i WHERE i.order_id = o.order_id AND i.product_id = p.product_id) "
  "AND EXISTS (SELECT 1 FROM order_item AS j WHERE j.order_id = o.order_id AND j.product_id = q.product_id) "
  "GROUP BY p.product_id, q.product_id",
  "SELECT a.product_id, b.product_id, COUNT(*) FROM order_item AS a JOIN order_item AS b ON a.order_id = b.order_id "
  "AND a.product_id <> b.product_id GROUP BY a.product_id, b.product_id", "`<>` for `<`: each pair twice")


# ============================================================ agg_papers (clinic)
# doctor(doctor_id PK, name NOT NULL, specialty, site), patient(patient_id PK, name NOT
# NULL, birth_year, city, doctor_id FK NULL-able), drug(drug_id PK, name NOT NULL, price
# INT (cents), generic NOT NULL), visit(visit_id PK, patient_id FK NOT NULL, doctor_id FK
# NULL-able, day NOT NULL, fee INT), prescription(visit_id FK, drug_id FK; PK both, qty),
# lab_result(patient_id, test NOT NULL, value) keyless with duplicates.

# --- Yan & Larson, "Eager aggregation and lazy aggregation" (VLDB 1995): a group-by can be
# pushed below a join onto the side holding the aggregated columns, grouped by that
# side's join columns ("eager group-by"); COUNT becomes SUM of counts ("eager count");
# when the other side duplicates rows, the partial aggregates are multiplied by that
# side's count. Lazy aggregation is the reverse.
P("Yan-Larson: eager group-by",
  "SELECT d.specialty, SUM(v.fee) FROM visit AS v JOIN doctor AS d ON d.doctor_id = v.doctor_id GROUP BY d.specialty",
  "SELECT d.specialty, SUM(g.s) FROM (SELECT doctor_id, SUM(fee) AS s FROM visit GROUP BY doctor_id) AS g "
  "JOIN doctor AS d ON d.doctor_id = g.doctor_id GROUP BY d.specialty",
  "SELECT d.specialty, MAX(g.s) FROM (SELECT doctor_id, SUM(fee) AS s FROM visit GROUP BY doctor_id) AS g "
  "JOIN doctor AS d ON d.doctor_id = g.doctor_id GROUP BY d.specialty", "the partial sums combined by MAX")
P("Yan-Larson: eager count",
  "SELECT d.site, COUNT(*) FROM visit AS v JOIN doctor AS d ON d.doctor_id = v.doctor_id GROUP BY d.site",
  "SELECT d.site, SUM(g.n) FROM (SELECT doctor_id, COUNT(*) AS n FROM visit GROUP BY doctor_id) AS g "
  "JOIN doctor AS d ON d.doctor_id = g.doctor_id GROUP BY d.site",
  "SELECT d.site, COUNT(g.n) FROM (SELECT doctor_id, COUNT(*) AS n FROM visit GROUP BY doctor_id) AS g "
  "JOIN doctor AS d ON d.doctor_id = g.doctor_id GROUP BY d.site", "the partial counts counted, not summed")
P("Yan-Larson: eager count",
  "SELECT d.specialty, COUNT(v.fee) FROM visit AS v JOIN doctor AS d ON d.doctor_id = v.doctor_id GROUP BY d.specialty",
  "SELECT d.specialty, SUM(g.n) FROM (SELECT doctor_id, COUNT(fee) AS n FROM visit GROUP BY doctor_id) AS g "
  "JOIN doctor AS d ON d.doctor_id = g.doctor_id GROUP BY d.specialty",
  "SELECT d.specialty, SUM(g.n) FROM (SELECT doctor_id, COUNT(*) AS n FROM visit GROUP BY doctor_id) AS g "
  "JOIN doctor AS d ON d.doctor_id = g.doctor_id GROUP BY d.specialty", "COUNT(*) for COUNT(fee) in the partial")
P("Yan-Larson: eager group-by with duplication",
  "SELECT v.patient_id, SUM(v.fee) FROM visit AS v JOIN prescription AS r ON r.visit_id = v.visit_id GROUP BY v.patient_id",
  "SELECT v.patient_id, SUM(v.fee * c.n) FROM visit AS v JOIN (SELECT visit_id, COUNT(*) AS n FROM prescription "
  "GROUP BY visit_id) AS c ON c.visit_id = v.visit_id GROUP BY v.patient_id",
  "SELECT v.patient_id, SUM(v.fee) FROM visit AS v JOIN (SELECT visit_id, COUNT(*) AS n FROM prescription "
  "GROUP BY visit_id) AS c ON c.visit_id = v.visit_id GROUP BY v.patient_id",
  "the duplication by the other side's count forgotten")
P("Yan-Larson: eager group-by with duplication",
  "SELECT v.doctor_id, COUNT(*) FROM visit AS v JOIN prescription AS r ON r.visit_id = v.visit_id GROUP BY v.doctor_id",
  "SELECT v.doctor_id, SUM(c.n) FROM visit AS v JOIN (SELECT visit_id, COUNT(*) AS n FROM prescription "
  "GROUP BY visit_id) AS c ON c.visit_id = v.visit_id GROUP BY v.doctor_id",
  "SELECT v.doctor_id, COUNT(c.n) FROM visit AS v JOIN (SELECT visit_id, COUNT(*) AS n FROM prescription "
  "GROUP BY visit_id) AS c ON c.visit_id = v.visit_id GROUP BY v.doctor_id", "the partial counts counted")
P("Yan-Larson: eager group-by",
  "SELECT v.doctor_id, SUM(r.qty) FROM visit AS v JOIN prescription AS r ON r.visit_id = v.visit_id GROUP BY v.doctor_id",
  "SELECT v.doctor_id, SUM(c.q) FROM visit AS v JOIN (SELECT visit_id, SUM(qty) AS q FROM prescription "
  "GROUP BY visit_id) AS c ON c.visit_id = v.visit_id GROUP BY v.doctor_id",
  "SELECT v.doctor_id, SUM(c.q) FROM visit AS v LEFT JOIN (SELECT visit_id, SUM(qty) AS q FROM prescription "
  "GROUP BY visit_id) AS c ON c.visit_id = v.visit_id GROUP BY v.doctor_id", "the join made outer")
P("Yan-Larson: lazy aggregation",
  "SELECT d.generic, SUM(g.q * d.price) FROM (SELECT drug_id, SUM(qty) AS q FROM prescription GROUP BY drug_id) AS g "
  "JOIN drug AS d ON d.drug_id = g.drug_id GROUP BY d.generic",
  "SELECT d.generic, SUM(r.qty * d.price) FROM prescription AS r JOIN drug AS d ON d.drug_id = r.drug_id GROUP BY d.generic",
  ("SELECT d.generic, SUM(g.q * d.price) FROM (SELECT drug_id, COUNT(*) AS q FROM prescription GROUP BY drug_id) AS g "
   "JOIN drug AS d ON d.drug_id = g.drug_id GROUP BY d.generic",
   "SELECT d.generic, SUM(r.qty * d.price) FROM prescription AS r JOIN drug AS d ON d.drug_id = r.drug_id GROUP BY d.generic"),
  "rows counted for the quantity")
P("Yan-Larson: lazy aggregation",
  "SELECT d.specialty, MAX(g.m) FROM (SELECT doctor_id, MAX(fee) AS m FROM visit GROUP BY doctor_id) AS g "
  "JOIN doctor AS d ON d.doctor_id = g.doctor_id GROUP BY d.specialty",
  "SELECT d.specialty, MAX(v.fee) FROM visit AS v JOIN doctor AS d ON d.doctor_id = v.doctor_id GROUP BY d.specialty",
  "SELECT d.specialty, MAX(v.fee) FROM visit AS v LEFT JOIN doctor AS d ON d.doctor_id = v.doctor_id GROUP BY d.specialty",
  "the join made outer: visits without a doctor grouped under NULL")
# AVG is not decomposable by itself: eager aggregation carries SUM and COUNT.
P("Yan-Larson: eager AVG as SUM and COUNT",
  "SELECT d.specialty, AVG(v.fee) FROM visit AS v JOIN doctor AS d ON d.doctor_id = v.doctor_id GROUP BY d.specialty",
  "SELECT d.specialty, SUM(g.s) * 1.0 / SUM(g.c) FROM (SELECT doctor_id, SUM(fee) AS s, COUNT(fee) AS c FROM visit "
  "GROUP BY doctor_id) AS g JOIN doctor AS d ON d.doctor_id = g.doctor_id GROUP BY d.specialty",
  "SELECT d.specialty, AVG(g.a) FROM (SELECT doctor_id, AVG(fee) AS a FROM visit "
  "GROUP BY doctor_id) AS g JOIN doctor AS d ON d.doctor_id = g.doctor_id GROUP BY d.specialty",
  "the average of the averages")
P("Yan-Larson: eager count",
  "SELECT d.site, SUM(v.fee), COUNT(*) FROM visit AS v JOIN doctor AS d ON d.doctor_id = v.doctor_id GROUP BY d.site",
  "SELECT d.site, SUM(g.s), SUM(g.n) FROM (SELECT doctor_id, SUM(fee) AS s, COUNT(*) AS n FROM visit "
  "GROUP BY doctor_id) AS g JOIN doctor AS d ON d.doctor_id = g.doctor_id GROUP BY d.site",
  "SELECT d.site, SUM(g.s), SUM(g.n) FROM (SELECT doctor_id, SUM(fee) AS s, COUNT(fee) AS n FROM visit "
  "GROUP BY doctor_id) AS g JOIN doctor AS d ON d.doctor_id = g.doctor_id GROUP BY d.site",
  "COUNT(fee) for COUNT(*) in the partial")

# --- Chaudhuri & Shim, "Including group-by in query optimization" (VLDB 1994): a group-by
# can be evaluated before a join when the join columns of the aggregated side are among
# the grouping columns and the other side joins on its key ("invariant grouping"); a join
# to a keyed table by a NOT NULL foreign key changes no group.
P("Chaudhuri-Shim: invariant grouping",
  "SELECT v.doctor_id, d.name, COUNT(*) FROM visit AS v JOIN doctor AS d ON d.doctor_id = v.doctor_id "
  "GROUP BY v.doctor_id, d.name",
  "SELECT g.doctor_id, d.name, g.n FROM (SELECT doctor_id, COUNT(*) AS n FROM visit GROUP BY doctor_id) AS g "
  "JOIN doctor AS d ON d.doctor_id = g.doctor_id",
  "SELECT g.doctor_id, d.name, g.n FROM (SELECT doctor_id, COUNT(*) AS n FROM visit GROUP BY doctor_id) AS g "
  "LEFT JOIN doctor AS d ON d.doctor_id = g.doctor_id", "the join made outer: the NULL-doctor group kept")
P("Chaudhuri-Shim: invariant grouping",
  "SELECT v.patient_id, SUM(v.fee) FROM visit AS v JOIN patient AS p ON p.patient_id = v.patient_id GROUP BY v.patient_id",
  "SELECT patient_id, SUM(fee) FROM visit GROUP BY patient_id",
  ("SELECT v.patient_id, SUM(v.fee) FROM visit AS v JOIN doctor AS d ON d.doctor_id = v.doctor_id GROUP BY v.patient_id",
   "SELECT patient_id, SUM(fee) FROM visit GROUP BY patient_id"), "the join dropped over a NULL-able foreign key")
P("Chaudhuri-Shim: group-by with a dependent column",
  "SELECT v.patient_id, p.city, SUM(v.fee) FROM visit AS v JOIN patient AS p ON p.patient_id = v.patient_id "
  "GROUP BY v.patient_id, p.city",
  "SELECT v.patient_id, MAX(p.city), SUM(v.fee) FROM visit AS v JOIN patient AS p ON p.patient_id = v.patient_id "
  "GROUP BY v.patient_id",
  "SELECT MAX(v.patient_id), p.city, SUM(v.fee) FROM visit AS v JOIN patient AS p ON p.patient_id = v.patient_id "
  "GROUP BY p.city", "grouped by the dependent column instead of the key")
P("Chaudhuri-Shim: HAVING on a grouping column",
  "SELECT doctor_id, COUNT(*) FROM visit GROUP BY doctor_id HAVING doctor_id > 1",
  "SELECT doctor_id, COUNT(*) FROM visit WHERE doctor_id > 1 GROUP BY doctor_id",
  "SELECT doctor_id, COUNT(*) FROM visit GROUP BY doctor_id HAVING COUNT(*) > 1",
  "the condition on the key read as one on the count")

# --- duplicate-insensitive aggregates (MIN, MAX, COUNT DISTINCT; the eager-aggregation
# papers' "duplicate insensitive" class): a join that only duplicates rows is a semi join
# for them, and a DISTINCT below them is redundant.
P("duplicate-insensitive aggregates",
  "SELECT v.doctor_id, MAX(v.fee) FROM visit AS v JOIN prescription AS r ON r.visit_id = v.visit_id GROUP BY v.doctor_id",
  "SELECT v.doctor_id, MAX(v.fee) FROM visit AS v WHERE EXISTS (SELECT 1 FROM prescription AS r "
  "WHERE r.visit_id = v.visit_id) GROUP BY v.doctor_id",
  ("SELECT v.doctor_id, SUM(v.fee) FROM visit AS v JOIN prescription AS r ON r.visit_id = v.visit_id GROUP BY v.doctor_id",
   "SELECT v.doctor_id, SUM(v.fee) FROM visit AS v WHERE EXISTS (SELECT 1 FROM prescription AS r "
   "WHERE r.visit_id = v.visit_id) GROUP BY v.doctor_id"), "SUM is not duplicate-insensitive")
P("duplicate-insensitive aggregates",
  "SELECT v.doctor_id, COUNT(DISTINCT v.patient_id) FROM visit AS v JOIN prescription AS r ON r.visit_id = v.visit_id "
  "GROUP BY v.doctor_id",
  "SELECT v.doctor_id, COUNT(DISTINCT v.patient_id) FROM visit AS v WHERE v.visit_id IN (SELECT visit_id FROM prescription) "
  "GROUP BY v.doctor_id",
  "SELECT v.doctor_id, COUNT(v.patient_id) FROM visit AS v WHERE v.visit_id IN (SELECT visit_id FROM prescription) "
  "GROUP BY v.doctor_id", "DISTINCT dropped from the count")
P("duplicate-insensitive aggregates",
  "SELECT doctor_id, MIN(fee), MAX(fee) FROM visit GROUP BY doctor_id",
  "SELECT doctor_id, MIN(fee), MAX(fee) FROM (SELECT DISTINCT doctor_id, fee FROM visit) AS t GROUP BY doctor_id",
  ("SELECT doctor_id, MIN(fee), SUM(fee) FROM visit GROUP BY doctor_id",
   "SELECT doctor_id, MIN(fee), SUM(fee) FROM (SELECT DISTINCT doctor_id, fee FROM visit) AS t GROUP BY doctor_id"),
  "SUM over the de-duplicated rows")
P("duplicate-insensitive aggregates",
  "SELECT MAX(l.value) FROM lab_result AS l JOIN patient AS p ON p.patient_id = l.patient_id JOIN visit AS v "
  "ON v.patient_id = p.patient_id WHERE l.test = 'LDL'",
  "SELECT MAX(l.value) FROM lab_result AS l WHERE l.test = 'LDL' AND l.patient_id IN (SELECT patient_id FROM visit)",
  "SELECT MAX(l.value) FROM lab_result AS l WHERE l.test = 'LDL'", "the semi join dropped")
P("duplicate-insensitive aggregates",
  "SELECT DISTINCT d.doctor_id FROM doctor AS d JOIN visit AS v ON v.doctor_id = d.doctor_id",
  "SELECT d.doctor_id FROM doctor AS d WHERE EXISTS (SELECT 1 FROM visit AS v WHERE v.doctor_id = d.doctor_id)",
  "SELECT d.doctor_id FROM doctor AS d JOIN visit AS v ON v.doctor_id = d.doctor_id", "DISTINCT dropped")
P("duplicate-insensitive aggregates",
  "SELECT DISTINCT v.patient_id, d.specialty FROM visit AS v JOIN doctor AS d ON d.doctor_id = v.doctor_id",
  "SELECT DISTINCT x.patient_id, d.specialty FROM (SELECT DISTINCT patient_id, doctor_id FROM visit) AS x "
  "JOIN doctor AS d ON d.doctor_id = x.doctor_id",
  "SELECT x.patient_id, d.specialty FROM (SELECT DISTINCT patient_id, doctor_id FROM visit) AS x "
  "JOIN doctor AS d ON d.doctor_id = x.doctor_id", "the outer DISTINCT dropped after pushing one down")

# --- aggregates over UNION ALL: decomposable aggregates distribute over bag union
P("aggregation over union",
  "SELECT SUM(fee) FROM (SELECT fee FROM visit WHERE day = '2024-05-01' UNION ALL "
  "SELECT fee FROM visit WHERE day = '2024-05-02') AS u",
  "SELECT SUM(s) FROM (SELECT SUM(fee) AS s FROM visit WHERE day = '2024-05-01' UNION ALL "
  "SELECT SUM(fee) FROM visit WHERE day = '2024-05-02') AS u",
  "SELECT SUM(fee) FROM (SELECT fee FROM visit WHERE day = '2024-05-01' UNION "
  "SELECT fee FROM visit WHERE day = '2024-05-02') AS u", "UNION: equal fees summed once")
P("aggregation over union",
  "SELECT COUNT(*) FROM (SELECT patient_id FROM lab_result UNION ALL SELECT patient_id FROM visit) AS u",
  "SELECT (SELECT COUNT(*) FROM lab_result) + (SELECT COUNT(*) FROM visit)",
  "SELECT (SELECT COUNT(patient_id) FROM lab_result) + (SELECT COUNT(*) FROM visit)",
  "COUNT(col) of the NULL-able side")
P("aggregation over union",
  "SELECT MAX(fee) FROM (SELECT fee FROM visit WHERE doctor_id = 1 UNION ALL SELECT fee FROM visit WHERE doctor_id = 2) AS u",
  "SELECT MAX(m) FROM (SELECT MAX(fee) AS m FROM visit WHERE doctor_id = 1 UNION ALL "
  "SELECT MAX(fee) FROM visit WHERE doctor_id = 2) AS u",
  "SELECT MIN(m) FROM (SELECT MAX(fee) AS m FROM visit WHERE doctor_id = 1 UNION ALL "
  "SELECT MAX(fee) FROM visit WHERE doctor_id = 2) AS u", "the partials combined by MIN")

# --- Moerkotte & Neumann, "Accelerating queries with group-by and join by groupjoin"
# (VLDB 2011): a left outer join followed by a grouping on the left side's key is one
# groupjoin, i.e. each left row with the aggregate of its matches (empty: COUNT 0, others NULL).
P("Moerkotte-Neumann: groupjoin",
  "SELECT d.doctor_id, COUNT(v.visit_id) FROM doctor AS d LEFT JOIN visit AS v ON v.doctor_id = d.doctor_id "
  "GROUP BY d.doctor_id",
  "SELECT d.doctor_id, (SELECT COUNT(*) FROM visit AS v WHERE v.doctor_id = d.doctor_id) FROM doctor AS d",
  "SELECT d.doctor_id, COUNT(*) FROM doctor AS d LEFT JOIN visit AS v ON v.doctor_id = d.doctor_id "
  "GROUP BY d.doctor_id", "COUNT(*) over the outer join: the NULL-padded row counted")
P("Moerkotte-Neumann: groupjoin",
  "SELECT p.patient_id, p.name, SUM(v.fee) FROM patient AS p LEFT JOIN visit AS v ON v.patient_id = p.patient_id "
  "GROUP BY p.patient_id, p.name",
  "SELECT p.patient_id, p.name, g.s FROM patient AS p LEFT JOIN (SELECT patient_id, SUM(fee) AS s FROM visit "
  "GROUP BY patient_id) AS g ON g.patient_id = p.patient_id",
  "SELECT p.patient_id, p.name, COALESCE(g.s, 0) FROM patient AS p LEFT JOIN (SELECT patient_id, SUM(fee) AS s "
  "FROM visit GROUP BY patient_id) AS g ON g.patient_id = p.patient_id", "an empty group's SUM made 0")
P("Moerkotte-Neumann: groupjoin",
  "SELECT d.doctor_id, COUNT(v.visit_id) FROM doctor AS d LEFT JOIN visit AS v ON v.doctor_id = d.doctor_id "
  "GROUP BY d.doctor_id",
  "SELECT d.doctor_id, COALESCE(g.n, 0) FROM doctor AS d LEFT JOIN (SELECT doctor_id, COUNT(*) AS n FROM visit "
  "GROUP BY doctor_id) AS g ON g.doctor_id = d.doctor_id",
  "SELECT d.doctor_id, g.n FROM doctor AS d LEFT JOIN (SELECT doctor_id, COUNT(*) AS n FROM visit "
  "GROUP BY doctor_id) AS g ON g.doctor_id = d.doctor_id", "an empty group's COUNT left NULL")
P("Moerkotte-Neumann: groupjoin",
  "SELECT p.patient_id, MAX(v.day) FROM patient AS p LEFT JOIN visit AS v ON v.patient_id = p.patient_id "
  "GROUP BY p.patient_id",
  "SELECT p.patient_id, (SELECT MAX(v.day) FROM visit AS v WHERE v.patient_id = p.patient_id) FROM patient AS p",
  "SELECT p.patient_id, MAX(v.day) FROM patient AS p JOIN visit AS v ON v.patient_id = p.patient_id "
  "GROUP BY p.patient_id", "an inner join: patients without visits lost")
P("Moerkotte-Neumann: groupjoin",
  "SELECT d.doctor_id, COUNT(v.visit_id) FROM doctor AS d LEFT JOIN visit AS v ON v.doctor_id = d.doctor_id "
  "AND v.fee > 0 GROUP BY d.doctor_id",
  "SELECT d.doctor_id, (SELECT COUNT(*) FROM visit AS v WHERE v.doctor_id = d.doctor_id AND v.fee > 0) FROM doctor AS d",
  "SELECT d.doctor_id, COUNT(v.visit_id) FROM doctor AS d LEFT JOIN visit AS v ON v.doctor_id = d.doctor_id "
  "WHERE v.fee > 0 GROUP BY d.doctor_id", "the match condition moved to WHERE")
P("Moerkotte-Neumann: groupjoin",
  "SELECT d.doctor_id, AVG(v.fee) FROM doctor AS d JOIN visit AS v ON v.doctor_id = d.doctor_id "
  "GROUP BY d.doctor_id HAVING COUNT(*) >= 2",
  "SELECT g.doctor_id, g.a FROM (SELECT doctor_id, AVG(fee) AS a, COUNT(*) AS n FROM visit GROUP BY doctor_id) AS g "
  "JOIN doctor AS d ON d.doctor_id = g.doctor_id WHERE g.n >= 2",
  "SELECT g.doctor_id, g.a FROM (SELECT doctor_id, AVG(fee) AS a, COUNT(fee) AS n FROM visit GROUP BY doctor_id) AS g "
  "JOIN doctor AS d ON d.doctor_id = g.doctor_id WHERE g.n >= 2", "COUNT(fee) for COUNT(*)")

# --- Galindo-Legaria & Rosenthal, "Outerjoin simplification and reordering for query
# optimization" (TODS 1997): an outer join whose null-supplying side is constrained by a
# null-rejecting predicate above it simplifies (left to inner, full to left or inner);
# left joins associate when the second join's predicate rejects NULLs of the middle table.
P("Galindo-Legaria-Rosenthal: outer join simplification",
  "SELECT p.name, v.day FROM patient AS p LEFT JOIN visit AS v ON v.patient_id = p.patient_id WHERE v.fee > 0",
  "SELECT p.name, v.day FROM patient AS p JOIN visit AS v ON v.patient_id = p.patient_id WHERE v.fee > 0",
  "SELECT p.name, v.day FROM patient AS p LEFT JOIN visit AS v ON v.patient_id = p.patient_id AND v.fee > 0",
  "the WHERE filter moved into ON")
P("Galindo-Legaria-Rosenthal: outer join simplification",
  "SELECT d.name, p.name FROM doctor AS d FULL JOIN patient AS p ON p.doctor_id = d.doctor_id WHERE d.site = 'North'",
  "SELECT d.name, p.name FROM doctor AS d LEFT JOIN patient AS p ON p.doctor_id = d.doctor_id WHERE d.site = 'North'",
  "SELECT d.name, p.name FROM patient AS p LEFT JOIN doctor AS d ON p.doctor_id = d.doctor_id WHERE d.site = 'North'",
  "the wrong side preserved")
P("Galindo-Legaria-Rosenthal: outer join simplification",
  "SELECT d.doctor_id, p.patient_id FROM doctor AS d FULL JOIN patient AS p ON p.doctor_id = d.doctor_id "
  "WHERE d.site = 'North' AND p.city = 'Bonn'",
  "SELECT d.doctor_id, p.patient_id FROM doctor AS d JOIN patient AS p ON p.doctor_id = d.doctor_id "
  "WHERE d.site = 'North' AND p.city = 'Bonn'",
  "SELECT d.doctor_id, p.patient_id FROM doctor AS d LEFT JOIN patient AS p ON p.doctor_id = d.doctor_id "
  "AND p.city = 'Bonn' WHERE d.site = 'North'", "only one side's predicate taken as rejecting")
P("Galindo-Legaria-Rosenthal: outer join simplification",
  "SELECT p.patient_id, v.visit_id FROM patient AS p LEFT JOIN visit AS v ON v.patient_id = p.patient_id "
  "WHERE v.doctor_id IS NOT NULL",
  "SELECT p.patient_id, v.visit_id FROM patient AS p JOIN visit AS v ON v.patient_id = p.patient_id "
  "WHERE v.doctor_id IS NOT NULL",
  "SELECT p.patient_id, v.visit_id FROM patient AS p JOIN visit AS v ON v.patient_id = p.patient_id",
  "the IS NOT NULL filter dropped with the outer join")
P("Galindo-Legaria-Rosenthal: outer join simplification",
  "SELECT p.patient_id, v.visit_id FROM patient AS p LEFT JOIN visit AS v ON v.patient_id = p.patient_id "
  "WHERE COALESCE(v.fee, 0) = 0",
  "SELECT p.patient_id, v.visit_id FROM patient AS p LEFT JOIN visit AS v ON v.patient_id = p.patient_id "
  "WHERE v.fee = 0 OR v.fee IS NULL",
  "SELECT p.patient_id, v.visit_id FROM patient AS p JOIN visit AS v ON v.patient_id = p.patient_id "
  "WHERE COALESCE(v.fee, 0) = 0", "made inner under a predicate that accepts NULL")
P("Galindo-Legaria-Rosenthal: outer join simplification",
  "SELECT d.doctor_id FROM doctor AS d LEFT JOIN visit AS v ON v.doctor_id = d.doctor_id "
  "GROUP BY d.doctor_id HAVING SUM(v.fee) > 50",
  "SELECT d.doctor_id FROM doctor AS d JOIN visit AS v ON v.doctor_id = d.doctor_id "
  "GROUP BY d.doctor_id HAVING SUM(v.fee) > 50",
  "SELECT d.doctor_id FROM doctor AS d JOIN visit AS v ON v.doctor_id = d.doctor_id "
  "GROUP BY d.doctor_id HAVING SUM(v.fee) >= 50", "`>=` for `>`")
P("Galindo-Legaria-Rosenthal: outer join reordering",
  "SELECT p.patient_id, v.visit_id, r.drug_id FROM patient AS p LEFT JOIN visit AS v ON v.patient_id = p.patient_id "
  "LEFT JOIN prescription AS r ON r.visit_id = v.visit_id",
  "SELECT p.patient_id, x.visit_id, x.drug_id FROM patient AS p LEFT JOIN (SELECT v.visit_id, v.patient_id, r.drug_id "
  "FROM visit AS v LEFT JOIN prescription AS r ON r.visit_id = v.visit_id) AS x ON x.patient_id = p.patient_id",
  "SELECT p.patient_id, x.visit_id, x.drug_id FROM patient AS p LEFT JOIN (SELECT v.visit_id, v.patient_id, r.drug_id "
  "FROM visit AS v JOIN prescription AS r ON r.visit_id = v.visit_id) AS x ON x.patient_id = p.patient_id",
  "the inner left join made inner")
P("Galindo-Legaria-Rosenthal: outer join reordering",
  "SELECT d.name, v.visit_id, r.drug_id FROM doctor AS d JOIN visit AS v ON v.doctor_id = d.doctor_id "
  "LEFT JOIN prescription AS r ON r.visit_id = v.visit_id",
  "SELECT d.name, x.visit_id, x.drug_id FROM doctor AS d JOIN (SELECT v.visit_id, v.doctor_id, r.drug_id "
  "FROM visit AS v LEFT JOIN prescription AS r ON r.visit_id = v.visit_id) AS x ON x.doctor_id = d.doctor_id",
  "SELECT d.name, x.visit_id, x.drug_id FROM doctor AS d LEFT JOIN (SELECT v.visit_id, v.doctor_id, r.drug_id "
  "FROM visit AS v LEFT JOIN prescription AS r ON r.visit_id = v.visit_id) AS x ON x.doctor_id = d.doctor_id",
  "the join with the doctors made outer")
P("Galindo-Legaria-Rosenthal: outer join reordering",
  "SELECT p.patient_id, v.visit_id, l.value FROM patient AS p LEFT JOIN visit AS v ON v.patient_id = p.patient_id "
  "LEFT JOIN lab_result AS l ON l.patient_id = p.patient_id",
  "SELECT p.patient_id, v.visit_id, l.value FROM patient AS p LEFT JOIN lab_result AS l ON l.patient_id = p.patient_id "
  "LEFT JOIN visit AS v ON v.patient_id = p.patient_id",
  "SELECT p.patient_id, v.visit_id, l.value FROM patient AS p LEFT JOIN visit AS v ON v.patient_id = p.patient_id "
  "LEFT JOIN lab_result AS l ON l.patient_id = v.patient_id", "the second join keyed on the null-supplying table")

# --- Bhargava, Goel & Iyer, "Hypergraph based reorderings of outer join queries with
# complex predicates" (SIGMOD 1995): a left join is its inner join plus the unmatched
# preserved rows padded with NULLs; a predicate on the preserved side inside ON cannot be
# moved to WHERE (it only decides which rows match).
P("Bhargava-Goel-Iyer: outer join as join plus anti join",
  "SELECT d.doctor_id, v.visit_id FROM doctor AS d LEFT JOIN visit AS v ON v.doctor_id = d.doctor_id",
  "SELECT d.doctor_id, v.visit_id FROM doctor AS d JOIN visit AS v ON v.doctor_id = d.doctor_id UNION ALL "
  "SELECT d.doctor_id, NULL FROM doctor AS d WHERE NOT EXISTS (SELECT 1 FROM visit AS v WHERE v.doctor_id = d.doctor_id)",
  "SELECT d.doctor_id, v.visit_id FROM doctor AS d JOIN visit AS v ON v.doctor_id = d.doctor_id UNION ALL "
  "SELECT d.doctor_id, NULL FROM doctor AS d WHERE d.doctor_id NOT IN (SELECT doctor_id FROM visit)",
  "NOT IN over the NULL-able visit.doctor_id")
P("Bhargava-Goel-Iyer: outer join as join plus anti join",
  "SELECT p.patient_id, d.doctor_id FROM patient AS p FULL JOIN doctor AS d ON d.doctor_id = p.doctor_id",
  "SELECT p.patient_id, d.doctor_id FROM patient AS p LEFT JOIN doctor AS d ON d.doctor_id = p.doctor_id UNION ALL "
  "SELECT NULL, d.doctor_id FROM doctor AS d WHERE NOT EXISTS (SELECT 1 FROM patient AS p WHERE p.doctor_id = d.doctor_id)",
  "SELECT p.patient_id, d.doctor_id FROM patient AS p JOIN doctor AS d ON d.doctor_id = p.doctor_id UNION ALL "
  "SELECT NULL, d.doctor_id FROM doctor AS d WHERE NOT EXISTS (SELECT 1 FROM patient AS p WHERE p.doctor_id = d.doctor_id)",
  "the left part inner: patients without a doctor lost")
P("Bhargava-Goel-Iyer: preserved-side predicate in ON",
  "SELECT p.patient_id, v.visit_id FROM patient AS p LEFT JOIN visit AS v ON v.patient_id = p.patient_id "
  "AND p.city = 'Bonn'",
  "SELECT p.patient_id, v.visit_id FROM patient AS p JOIN visit AS v ON v.patient_id = p.patient_id "
  "WHERE p.city = 'Bonn' UNION ALL SELECT p.patient_id, NULL FROM patient AS p WHERE p.city IS NULL "
  "OR p.city <> 'Bonn' OR NOT EXISTS (SELECT 1 FROM visit AS v WHERE v.patient_id = p.patient_id)",
  "SELECT p.patient_id, v.visit_id FROM patient AS p LEFT JOIN visit AS v ON v.patient_id = p.patient_id "
  "WHERE p.city = 'Bonn'", "the preserved side's ON predicate moved to WHERE")
P("Bhargava-Goel-Iyer: preserved-side predicate in ON",
  "SELECT d.doctor_id, v.visit_id FROM doctor AS d LEFT JOIN visit AS v ON v.doctor_id = d.doctor_id AND d.site = 'South'",
  "SELECT d.doctor_id, v.visit_id FROM doctor AS d LEFT JOIN (SELECT v.visit_id, v.doctor_id FROM visit AS v "
  "JOIN doctor AS e ON e.doctor_id = v.doctor_id WHERE e.site = 'South') AS v ON v.doctor_id = d.doctor_id",
  "SELECT d.doctor_id, v.visit_id FROM (SELECT * FROM doctor WHERE site = 'South') AS d "
  "LEFT JOIN visit AS v ON v.doctor_id = d.doctor_id", "the ON predicate pushed into the preserved input")

# --- magic sets / semi-join reduction (Mumick, Finkelstein, Pirahesh & Ramakrishnan,
# "Magic is relevant", SIGMOD 1990; Seshadri et al., "Cost-based optimization for magic",
# SIGMOD 1996): restrict an aggregate view to the bindings the outer query can use.
P("magic sets: restricted aggregate view",
  "SELECT v.visit_id FROM visit AS v JOIN (SELECT doctor_id, AVG(fee) AS a FROM visit GROUP BY doctor_id) AS g "
  "ON g.doctor_id = v.doctor_id JOIN doctor AS d ON d.doctor_id = v.doctor_id WHERE d.site = 'North' AND v.fee > g.a",
  "SELECT v.visit_id FROM visit AS v JOIN (SELECT x.doctor_id, AVG(x.fee) AS a FROM visit AS x WHERE x.doctor_id IN "
  "(SELECT doctor_id FROM doctor WHERE site = 'North') GROUP BY x.doctor_id) AS g ON g.doctor_id = v.doctor_id "
  "JOIN doctor AS d ON d.doctor_id = v.doctor_id WHERE d.site = 'North' AND v.fee > g.a",
  "SELECT v.visit_id FROM visit AS v JOIN (SELECT x.doctor_id, AVG(x.fee) AS a FROM visit AS x WHERE x.fee > 0 "
  "GROUP BY x.doctor_id) AS g ON g.doctor_id = v.doctor_id "
  "JOIN doctor AS d ON d.doctor_id = v.doctor_id WHERE d.site = 'North' AND v.fee > g.a",
  "the view restricted by a non-binding predicate")
P("magic sets: restricted aggregate view",
  "SELECT p.patient_id FROM patient AS p WHERE p.city = 'Bonn' AND p.birth_year > (SELECT AVG(q.birth_year) "
  "FROM patient AS q WHERE q.doctor_id = p.doctor_id)",
  "WITH m AS (SELECT DISTINCT doctor_id FROM patient WHERE city = 'Bonn'), a AS (SELECT q.doctor_id, "
  "AVG(q.birth_year) AS av FROM patient AS q JOIN m ON m.doctor_id = q.doctor_id GROUP BY q.doctor_id) "
  "SELECT p.patient_id FROM patient AS p JOIN a ON a.doctor_id = p.doctor_id WHERE p.city = 'Bonn' AND p.birth_year > a.av",
  "WITH m AS (SELECT DISTINCT doctor_id FROM patient WHERE city = 'Bonn'), a AS (SELECT q.doctor_id, "
  "AVG(q.birth_year) AS av FROM patient AS q JOIN m ON m.doctor_id = q.doctor_id WHERE q.city = 'Bonn' "
  "GROUP BY q.doctor_id) SELECT p.patient_id FROM patient AS p JOIN a ON a.doctor_id = p.doctor_id "
  "WHERE p.city = 'Bonn' AND p.birth_year > a.av", "the outer filter applied inside the magic view")
P("semi-join reduction",
  "SELECT p.name, r.drug_id FROM patient AS p JOIN visit AS v ON v.patient_id = p.patient_id "
  "JOIN prescription AS r ON r.visit_id = v.visit_id WHERE p.city = 'Graz'",
  "SELECT p.name, r.drug_id FROM patient AS p JOIN visit AS v ON v.patient_id = p.patient_id "
  "JOIN (SELECT * FROM prescription WHERE visit_id IN (SELECT visit_id FROM visit WHERE patient_id IN "
  "(SELECT patient_id FROM patient WHERE city = 'Graz'))) AS r ON r.visit_id = v.visit_id WHERE p.city = 'Graz'",
  "SELECT p.name, r.drug_id FROM patient AS p JOIN visit AS v ON v.patient_id = p.patient_id "
  "JOIN (SELECT * FROM prescription WHERE visit_id IN (SELECT patient_id FROM patient WHERE city = 'Graz')) AS r "
  "ON r.visit_id = v.visit_id WHERE p.city = 'Graz'", "the reducer on the wrong column")
P("semi-join reduction",
  "SELECT p.patient_id FROM patient AS p WHERE p.patient_id IN (SELECT v.patient_id FROM visit AS v "
  "JOIN prescription AS r ON r.visit_id = v.visit_id)",
  "SELECT p.patient_id FROM patient AS p JOIN (SELECT DISTINCT v.patient_id FROM visit AS v "
  "JOIN prescription AS r ON r.visit_id = v.visit_id) AS x ON x.patient_id = p.patient_id",
  "SELECT p.patient_id FROM patient AS p JOIN (SELECT v.patient_id FROM visit AS v "
  "JOIN prescription AS r ON r.visit_id = v.visit_id) AS x ON x.patient_id = p.patient_id",
  "the reducer not de-duplicated")

# --- the COUNT bug (Kim, TODS 1982; Ganski & Wong, SIGMOD 1987): Kim's unnesting of a
# correlated COUNT subquery by a join with a grouped table loses outer rows with no match
# (whose count is 0); the correction groups an outer join and counts a non-NULL column.
P("Ganski-Wong: COUNT bug",
  "SELECT d.doctor_id FROM doctor AS d WHERE 0 = (SELECT COUNT(*) FROM visit AS v WHERE v.doctor_id = d.doctor_id)",
  "SELECT d.doctor_id FROM doctor AS d LEFT JOIN visit AS v ON v.doctor_id = d.doctor_id GROUP BY d.doctor_id "
  "HAVING COUNT(v.visit_id) = 0",
  "SELECT d.doctor_id FROM doctor AS d JOIN (SELECT doctor_id, COUNT(*) AS n FROM visit GROUP BY doctor_id) AS g "
  "ON g.doctor_id = d.doctor_id WHERE g.n = 0", "Kim's unnesting: the COUNT bug")
P("Ganski-Wong: COUNT bug",
  "SELECT p.patient_id FROM patient AS p WHERE (SELECT COUNT(*) FROM lab_result AS l WHERE l.patient_id = p.patient_id) < 2",
  "SELECT p.patient_id FROM patient AS p LEFT JOIN (SELECT patient_id, COUNT(*) AS n FROM lab_result "
  "GROUP BY patient_id) AS g ON g.patient_id = p.patient_id WHERE COALESCE(g.n, 0) < 2",
  "SELECT p.patient_id FROM patient AS p LEFT JOIN (SELECT patient_id, COUNT(*) AS n FROM lab_result "
  "GROUP BY patient_id) AS g ON g.patient_id = p.patient_id WHERE g.n < 2", "the missing count not taken as 0")
P("Ganski-Wong: COUNT bug",
  "SELECT p.patient_id FROM patient AS p WHERE (SELECT COUNT(*) FROM visit AS v WHERE v.patient_id = p.patient_id) "
  ">= (SELECT COUNT(*) FROM lab_result AS l WHERE l.patient_id = p.patient_id)",
  "SELECT p.patient_id FROM patient AS p LEFT JOIN (SELECT patient_id, COUNT(*) AS n FROM visit GROUP BY patient_id) AS a "
  "ON a.patient_id = p.patient_id LEFT JOIN (SELECT patient_id, COUNT(*) AS n FROM lab_result GROUP BY patient_id) AS b "
  "ON b.patient_id = p.patient_id WHERE COALESCE(a.n, 0) >= COALESCE(b.n, 0)",
  "SELECT p.patient_id FROM patient AS p LEFT JOIN visit AS v ON v.patient_id = p.patient_id "
  "LEFT JOIN lab_result AS l ON l.patient_id = p.patient_id GROUP BY p.patient_id HAVING COUNT(v.visit_id) >= COUNT(l.test)",
  "both counted over one join: each multiplies the other")
P("Ganski-Wong: COUNT bug",
  "SELECT p.patient_id, (SELECT COUNT(*) FROM prescription AS r JOIN visit AS v ON v.visit_id = r.visit_id "
  "WHERE v.patient_id = p.patient_id) FROM patient AS p",
  "SELECT p.patient_id, COUNT(r.drug_id) FROM patient AS p LEFT JOIN visit AS v ON v.patient_id = p.patient_id "
  "LEFT JOIN prescription AS r ON r.visit_id = v.visit_id GROUP BY p.patient_id",
  "SELECT p.patient_id, COUNT(v.visit_id) FROM patient AS p LEFT JOIN visit AS v ON v.patient_id = p.patient_id "
  "LEFT JOIN prescription AS r ON r.visit_id = v.visit_id GROUP BY p.patient_id",
  "the middle table's column counted")
P("Ganski-Wong: COUNT bug",
  "SELECT p.patient_id FROM patient AS p WHERE NOT EXISTS (SELECT 1 FROM lab_result AS l WHERE l.patient_id = p.patient_id)",
  "SELECT p.patient_id FROM patient AS p WHERE (SELECT COUNT(*) FROM lab_result AS l WHERE l.patient_id = p.patient_id) = 0",
  "SELECT p.patient_id FROM patient AS p WHERE p.patient_id NOT IN (SELECT patient_id FROM lab_result)",
  "NOT IN over a NULL-able column")
P("Ganski-Wong: COUNT bug",
  "SELECT p.patient_id FROM patient AS p WHERE NOT EXISTS (SELECT 1 FROM lab_result AS l WHERE l.patient_id = p.patient_id)",
  "SELECT p.patient_id FROM patient AS p LEFT JOIN lab_result AS l ON l.patient_id = p.patient_id WHERE l.test IS NULL",
  "SELECT p.patient_id FROM patient AS p LEFT JOIN lab_result AS l ON l.patient_id = p.patient_id WHERE l.value IS NULL",
  "a NULL-able column tested for the anti join")
