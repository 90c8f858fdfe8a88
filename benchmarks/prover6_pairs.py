"""The pairs of the sixth held-out prover corpus (``benchmarks/corpus/prover6/``), as
written (``prover6_build.py`` checks them in SQLite and writes the corpus).

Three sources: optimizer rules of engines the earlier corpora did not use (Trino/Presto's
iterative optimizer, CockroachDB's normalization rules, Flink, Hive, Impala, DuckDB passes
other than unnesting) on a new logistics schema; laws from query-optimization papers (Kim,
Ganski-Wong, Dayal, Seshadri et al., Galindo-Legaria/Rosenthal, Yan-Larson, Chaudhuri-Shim,
Bhargava et al., Rao et al., Neumann) on a new library schema; and two correct formulations
of BIRD-style questions on three new schemas (hospital, league, bank). Each ``add`` call is
one equivalent pair and one realistic non-equivalent mutant. Written from rule NAMES and
one-line DESCRIPTIONS (paraphrased above each pair) and the author's own questions; not taken
from any prover benchmark, rule test or Spider/BIRD file; the verifier was not read.
"""

from __future__ import annotations

from benchmarks.held_out_pairs import pair_book

SOURCES = {
    "engines2": ("logistics", "optimizer rules of Trino, CockroachDB, Flink, Hive, Impala, DuckDB (rule descriptions)"),
    "papers": ("library", "laws from query-optimization papers, stated as SQL"),
    "hospital": ("hospital", "BIRD-style: two correct formulations of one question (author's own)"),
    "league": ("league", "BIRD-style: two correct formulations of one question (author's own)"),
    "bank": ("bank", "BIRD-style: two correct formulations of one question (author's own)"),
}
FILE = {"engines2": "engines2", "papers": "papers", "hospital": "bird_style", "league": "bird_style",
        "bank": "bird_style"}


PAIRS, add = pair_book("prover6", SOURCES, FILE)


def E(rule, gold, pred, mutant, mutation, **kw):
    """An engine rule on the logistics schema (postgres unless stated)."""
    add("engines2", rule, gold, pred, mutant, mutation, **kw)


def L(rule, gold, pred, mutant, mutation, **kw):
    """A law from a paper on the library schema (postgres unless stated)."""
    add("papers", rule, gold, pred, mutant, mutation, **kw)


def B(schema, rule, gold, pred, mutant, mutation, **kw):
    """A BIRD-style pair (``rule``: the two formulations), dialect ``sqlite``."""
    add(schema, rule, gold, pred, mutant, mutation, dialect="sqlite", **kw)



# ============================================================ engines2 (logistics)
# carrier(carrier_id PK, name NOT NULL, country, rating), warehouse(wh_id PK, city NOT NULL,
# capacity), shipment(ship_id PK, carrier_id FK NULL-able, origin_wh FK NOT NULL, dest_wh FK
# NULL-able, weight, cost REAL, status NOT NULL, shipped), package(pkg_id PK, ship_id FK
# NULL-able, kind, weight NOT NULL), route(route_id PK, from_wh, to_wh NOT NULL FKs, km),
# stop(route_id FK, seq; PK both, wh_id FK NULL-able).

# --- Trino iterative optimizer rules (io.trino.sql.planner.iterative.rule)

# MergeLimitWithTopN: "a LIMIT over a TopN becomes one TopN with the smaller count".
E("Trino:MergeLimitWithTopN",
  "SELECT ship_id FROM (SELECT ship_id FROM shipment ORDER BY ship_id LIMIT 3) AS t ORDER BY ship_id LIMIT 2",
  "SELECT ship_id FROM shipment ORDER BY ship_id LIMIT 2",
  "SELECT ship_id FROM shipment ORDER BY ship_id LIMIT 3", "the larger count kept", semantics="list")
# RemoveRedundantLimit: "a LIMIT over a source known to produce at most that many rows is removed".
E("Trino:RemoveRedundantLimit",
  "SELECT COUNT(*), MAX(weight) FROM shipment LIMIT 5",
  "SELECT COUNT(*), MAX(weight) FROM shipment",
  "SELECT COUNT(*), MAX(weight) FROM shipment LIMIT 0", "LIMIT 0: the one row lost")
# EvaluateZeroLimit: "a LIMIT 0 is replaced by an empty VALUES".
E("Trino:EvaluateZeroLimit",
  "SELECT s.ship_id, c.name FROM shipment AS s JOIN carrier AS c ON c.carrier_id = s.carrier_id LIMIT 0",
  "SELECT s.ship_id, c.name FROM shipment AS s JOIN carrier AS c ON c.carrier_id = s.carrier_id WHERE 1 = 0",
  "SELECT s.ship_id, c.name FROM shipment AS s JOIN carrier AS c ON c.carrier_id = s.carrier_id WHERE s.ship_id = 0 "
  "OR c.carrier_id = 1", "a filter that is not a contradiction")
# PushLimitThroughProject (as a TopN): "a limit is pushed below a projection".
E("Trino:PushTopNThroughProject",
  "SELECT ship_id, weight + 1 AS w1 FROM shipment ORDER BY ship_id LIMIT 2",
  "SELECT ship_id, weight + 1 AS w1 FROM (SELECT * FROM shipment ORDER BY ship_id LIMIT 2) AS s ORDER BY ship_id",
  "SELECT ship_id, weight + 1 AS w1 FROM (SELECT * FROM shipment ORDER BY ship_id DESC LIMIT 2) AS s "
  "ORDER BY ship_id", "the pushed TopN sorted the wrong way", semantics="list")
# PushTopNThroughUnion: "a TopN over UNION ALL is copied into every branch, the outer kept".
E("Trino:PushTopNThroughUnion",
  "SELECT w FROM (SELECT weight AS w FROM shipment UNION ALL SELECT weight FROM package) AS u ORDER BY w LIMIT 2",
  "SELECT w FROM (SELECT * FROM (SELECT weight AS w FROM shipment ORDER BY weight LIMIT 2) AS a "
  "UNION ALL SELECT * FROM (SELECT weight FROM package ORDER BY weight LIMIT 2) AS b) AS u ORDER BY w LIMIT 2",
  "SELECT w FROM (SELECT * FROM (SELECT weight AS w FROM shipment ORDER BY weight LIMIT 2) AS a "
  "UNION ALL SELECT * FROM (SELECT weight FROM package ORDER BY weight LIMIT 1) AS b) AS u ORDER BY w LIMIT 2",
  "a branch cut to fewer rows than the outer count", semantics="list")
# PushTopNThroughOuterJoin: "a TopN ordered by the preserved side's columns over a LEFT JOIN is
# pushed to the preserved side (when each of its rows yields at least one row)".
E("Trino:PushTopNThroughOuterJoin",
  "SELECT s.ship_id, c.name FROM shipment AS s LEFT JOIN carrier AS c ON s.carrier_id = c.carrier_id "
  "ORDER BY s.ship_id LIMIT 3",
  "SELECT s.ship_id, c.name FROM (SELECT * FROM shipment ORDER BY ship_id LIMIT 3) AS s "
  "LEFT JOIN carrier AS c ON s.carrier_id = c.carrier_id ORDER BY s.ship_id LIMIT 3",
  "SELECT s.ship_id, c.name FROM (SELECT * FROM shipment ORDER BY ship_id LIMIT 3) AS s "
  "JOIN carrier AS c ON s.carrier_id = c.carrier_id ORDER BY s.ship_id LIMIT 3",
  "the outer join made inner", semantics="list")
# RemoveRedundantSort (Trino ignores ORDER BY in subqueries): "a sort whose order nothing uses is removed".
E("Trino:RemoveRedundantSort",
  "SELECT status, COUNT(*) FROM (SELECT * FROM shipment ORDER BY cost DESC) AS t GROUP BY status",
  "SELECT status, COUNT(*) FROM shipment GROUP BY status",
  "SELECT status, COUNT(cost) FROM shipment GROUP BY status", "COUNT(col) for COUNT(*)")
# RemoveRedundantTopN: "a TopN over a source of at most one row is removed".
E("Trino:RemoveRedundantTopN",
  "SELECT MAX(weight) AS m FROM shipment ORDER BY m DESC LIMIT 3",
  "SELECT MAX(weight) AS m FROM shipment",
  "SELECT MAX(weight) AS m FROM shipment GROUP BY status", "a group key added (no row on empty)")
# SingleDistinctAggregationToGroupBy: "an aggregation whose only aggregate is a DISTINCT one
# becomes a non-distinct aggregation over a GROUP BY of the keys and the argument".
E("Trino:SingleDistinctAggregationToGroupBy",
  "SELECT origin_wh, COUNT(DISTINCT carrier_id) FROM shipment GROUP BY origin_wh",
  "SELECT origin_wh, COUNT(carrier_id) FROM (SELECT origin_wh, carrier_id FROM shipment "
  "GROUP BY origin_wh, carrier_id) AS t GROUP BY origin_wh",
  "SELECT origin_wh, COUNT(*) FROM (SELECT origin_wh, carrier_id FROM shipment "
  "GROUP BY origin_wh, carrier_id) AS t GROUP BY origin_wh", "COUNT(*) counts the NULL group")
E("Trino:SingleDistinctAggregationToGroupBy",
  "SELECT COUNT(DISTINCT status), SUM(DISTINCT weight) FROM shipment WHERE cost > 1.5",
  "SELECT (SELECT COUNT(*) FROM (SELECT DISTINCT status FROM shipment WHERE cost > 1.5) AS a), "
  "(SELECT SUM(weight) FROM (SELECT DISTINCT weight FROM shipment WHERE cost > 1.5) AS b)",
  "SELECT (SELECT COUNT(*) FROM (SELECT DISTINCT status FROM shipment WHERE cost > 1.5) AS a), "
  "(SELECT SUM(weight) FROM (SELECT weight FROM shipment WHERE cost > 1.5) AS b)", "DISTINCT dropped from SUM")
# MultipleDistinctAggregationToMarkDistinct: "several DISTINCT aggregates over different
# arguments are each computed over their own distinct values".
E("Trino:MultipleDistinctAggregationToMarkDistinct",
  "SELECT COUNT(DISTINCT carrier_id), COUNT(DISTINCT dest_wh), COUNT(*) FROM shipment",
  "SELECT (SELECT COUNT(*) FROM (SELECT DISTINCT carrier_id FROM shipment WHERE carrier_id IS NOT NULL) AS a), "
  "(SELECT COUNT(*) FROM (SELECT DISTINCT dest_wh FROM shipment WHERE dest_wh IS NOT NULL) AS b), "
  "(SELECT COUNT(*) FROM shipment)",
  "SELECT (SELECT COUNT(*) FROM (SELECT DISTINCT carrier_id FROM shipment WHERE carrier_id IS NOT NULL) AS a), "
  "(SELECT COUNT(*) FROM (SELECT DISTINCT dest_wh FROM shipment) AS b), "
  "(SELECT COUNT(*) FROM shipment)", "NULL counted as a distinct value")
# ImplementIntersectAsUnion: "INTERSECT becomes a UNION ALL of the inputs, each with a marker
# column, grouped, keeping the groups present in every input".
E("Trino:ImplementIntersectAsUnion",
  "SELECT dest_wh FROM shipment INTERSECT SELECT wh_id FROM stop",
  "SELECT w FROM (SELECT dest_wh AS w, 1 AS a, 0 AS b FROM shipment UNION ALL SELECT wh_id, 0, 1 FROM stop) AS u "
  "GROUP BY w HAVING SUM(a) > 0 AND SUM(b) > 0",
  "SELECT w FROM (SELECT dest_wh AS w, 1 AS a, 0 AS b FROM shipment UNION ALL SELECT wh_id, 0, 1 FROM stop) AS u "
  "GROUP BY w HAVING SUM(a) > 0", "one input's marker not tested")
# ImplementExceptAsUnion: "EXCEPT likewise, keeping groups present in the first input only".
E("Trino:ImplementExceptAsUnion",
  "SELECT origin_wh, carrier_id FROM shipment EXCEPT SELECT from_wh, route_id FROM route",
  "SELECT w, c FROM (SELECT origin_wh AS w, carrier_id AS c, 1 AS a, 0 AS b FROM shipment "
  "UNION ALL SELECT from_wh, route_id, 0, 1 FROM route) AS u GROUP BY w, c HAVING SUM(a) > 0 AND SUM(b) = 0",
  "SELECT w, c FROM (SELECT origin_wh AS w, carrier_id AS c, 1 AS a, 0 AS b FROM shipment "
  "UNION ALL SELECT from_wh, route_id, 0, 1 FROM route) AS u GROUP BY w, c HAVING SUM(a) > 0 AND SUM(b) > 0",
  "the second input's marker tested the wrong way")
# TransformCorrelatedScalarAggregationToJoin: "a correlated scalar aggregation becomes a LEFT
# JOIN to the aggregation grouped by the correlation, with the empty-input value restored".
E("Trino:TransformCorrelatedScalarAggregationToJoin",
  "SELECT s.ship_id, (SELECT COUNT(*) FROM package AS p WHERE p.ship_id = s.ship_id) FROM shipment AS s",
  "SELECT s.ship_id, COALESCE(c.n, 0) FROM shipment AS s LEFT JOIN "
  "(SELECT ship_id, COUNT(*) AS n FROM package GROUP BY ship_id) AS c ON c.ship_id = s.ship_id",
  "SELECT s.ship_id, c.n FROM shipment AS s LEFT JOIN "
  "(SELECT ship_id, COUNT(*) AS n FROM package GROUP BY ship_id) AS c ON c.ship_id = s.ship_id",
  "the COUNT bug: NULL for no package")
E("Trino:TransformCorrelatedScalarAggregationToJoin",
  "SELECT c.carrier_id FROM carrier AS c WHERE c.rating > (SELECT SUM(s.weight) FROM shipment AS s "
  "WHERE s.carrier_id = c.carrier_id)",
  "SELECT c.carrier_id FROM carrier AS c JOIN (SELECT carrier_id, SUM(weight) AS sw FROM shipment "
  "GROUP BY carrier_id) AS t ON t.carrier_id = c.carrier_id WHERE c.rating > t.sw",
  "SELECT c.carrier_id FROM carrier AS c LEFT JOIN (SELECT carrier_id, SUM(weight) AS sw FROM shipment "
  "GROUP BY carrier_id) AS t ON t.carrier_id = c.carrier_id WHERE c.rating > COALESCE(t.sw, 0)",
  "SUM over no row taken as 0")
# TransformCorrelatedInPredicateToJoin: "a correlated IN becomes a join that counts matches and
# NULL candidates, so the IN keeps its TRUE / FALSE / NULL value".
E("Trino:TransformCorrelatedInPredicateToJoin",
  "SELECT s.ship_id, s.dest_wh IN (SELECT st.wh_id FROM stop AS st WHERE st.route_id = s.carrier_id) FROM shipment AS s",
  "SELECT s.ship_id, CASE WHEN EXISTS (SELECT 1 FROM stop AS st WHERE st.route_id = s.carrier_id AND st.wh_id = s.dest_wh) "
  "THEN 1 WHEN NOT EXISTS (SELECT 1 FROM stop AS st WHERE st.route_id = s.carrier_id) THEN 0 "
  "WHEN s.dest_wh IS NULL THEN NULL "
  "WHEN EXISTS (SELECT 1 FROM stop AS st WHERE st.route_id = s.carrier_id AND st.wh_id IS NULL) THEN NULL ELSE 0 END "
  "FROM shipment AS s",
  "SELECT s.ship_id, CASE WHEN EXISTS (SELECT 1 FROM stop AS st WHERE st.route_id = s.carrier_id AND st.wh_id = s.dest_wh) "
  "THEN 1 WHEN NOT EXISTS (SELECT 1 FROM stop AS st WHERE st.route_id = s.carrier_id) THEN 0 "
  "WHEN s.dest_wh IS NULL THEN NULL ELSE 0 END FROM shipment AS s",
  "a NULL candidate taken as no match", dialect="sqlite")
E("Trino:TransformCorrelatedInPredicateToJoin",
  "SELECT s.ship_id FROM shipment AS s WHERE s.dest_wh IN (SELECT r.to_wh FROM route AS r WHERE r.from_wh = s.origin_wh)",
  "SELECT s.ship_id FROM shipment AS s WHERE EXISTS (SELECT 1 FROM route AS r WHERE r.from_wh = s.origin_wh "
  "AND r.to_wh = s.dest_wh)",
  "SELECT s.ship_id FROM shipment AS s WHERE EXISTS (SELECT 1 FROM route AS r WHERE r.from_wh = s.dest_wh "
  "AND r.to_wh = s.dest_wh)", "correlated on the wrong column")
# TransformExistsApplyToCorrelatedJoin: "EXISTS becomes a correlated join to COUNT(*) > 0".
E("Trino:TransformExistsApplyToCorrelatedJoin",
  "SELECT c.carrier_id FROM carrier AS c WHERE EXISTS (SELECT 1 FROM shipment AS s "
  "WHERE s.carrier_id = c.carrier_id AND s.status = 'LOST')",
  "SELECT c.carrier_id FROM carrier AS c WHERE (SELECT COUNT(*) FROM shipment AS s "
  "WHERE s.carrier_id = c.carrier_id AND s.status = 'LOST') > 0",
  "SELECT c.carrier_id FROM carrier AS c WHERE (SELECT COUNT(*) FROM shipment AS s "
  "WHERE s.carrier_id = c.carrier_id AND s.status = 'LOST') >= 0", "a count test always true")
# TransformUncorrelatedInPredicateSubqueryToSemiJoin + TransformFilteringSemiJoinToInnerJoin:
# "an IN sub-query is a semi join; a filtering semi join becomes an inner join to the distinct build side".
E("Trino:TransformFilteringSemiJoinToInnerJoin",
  "SELECT s.ship_id, s.weight FROM shipment AS s WHERE s.origin_wh IN (SELECT from_wh FROM route WHERE km > 100)",
  "SELECT s.ship_id, s.weight FROM shipment AS s JOIN (SELECT DISTINCT from_wh FROM route WHERE km > 100) AS r "
  "ON r.from_wh = s.origin_wh",
  "SELECT s.ship_id, s.weight FROM shipment AS s JOIN (SELECT from_wh FROM route WHERE km > 100) AS r "
  "ON r.from_wh = s.origin_wh", "DISTINCT dropped from the build side")
E("Trino:TransformUncorrelatedInPredicateSubqueryToSemiJoin",
  "SELECT s.ship_id FROM shipment AS s WHERE s.ship_id IN (SELECT p.ship_id FROM package AS p WHERE p.kind = 'box')",
  "SELECT DISTINCT s.ship_id FROM shipment AS s JOIN package AS p ON p.ship_id = s.ship_id WHERE p.kind = 'box'",
  "SELECT s.ship_id FROM shipment AS s JOIN package AS p ON p.ship_id = s.ship_id WHERE p.kind = 'box'",
  "missing DISTINCT after the join")
# RemoveRedundantExists: "EXISTS over a sub-query that always yields a row is TRUE".
E("Trino:RemoveRedundantExists",
  "SELECT ship_id FROM shipment WHERE EXISTS (SELECT COUNT(*) FROM package WHERE package.ship_id = shipment.ship_id)",
  "SELECT ship_id FROM shipment",
  ("SELECT ship_id FROM shipment WHERE EXISTS (SELECT COUNT(*) FROM package WHERE package.ship_id = shipment.ship_id "
   "GROUP BY package.ship_id)", "SELECT ship_id FROM shipment"), "a GROUP BY makes the sub-query empty-able")
# PruneCountAggregationOverScalar: "COUNT(*) over a source of exactly one row is 1".
E("Trino:PruneCountAggregationOverScalar",
  "SELECT COUNT(*) FROM (SELECT MAX(weight) AS m FROM shipment) AS t",
  "SELECT 1",
  ("SELECT COUNT(m) FROM (SELECT MAX(weight) AS m FROM shipment) AS t", "SELECT 1"), "COUNT(col) for COUNT(*)")
# SimplifyCountOverConstant: "COUNT(constant) becomes COUNT(*)".
E("Trino:SimplifyCountOverConstant",
  "SELECT origin_wh, COUNT(1), COUNT('x') FROM shipment GROUP BY origin_wh",
  "SELECT origin_wh, COUNT(*), COUNT(*) FROM shipment GROUP BY origin_wh",
  "SELECT origin_wh, COUNT(*), COUNT(dest_wh) FROM shipment GROUP BY origin_wh", "COUNT of a NULL-able column")
# PushAggregationThroughOuterJoin: "an aggregation grouped by the preserved side's key over a
# LEFT JOIN, aggregating the other side only, is pushed into the other side; unmatched rows
# get the aggregates' value on an empty input".
E("Trino:PushAggregationThroughOuterJoin",
  "SELECT c.carrier_id, MAX(s.weight) FROM carrier AS c LEFT JOIN shipment AS s ON s.carrier_id = c.carrier_id "
  "GROUP BY c.carrier_id",
  "SELECT c.carrier_id, a.mw FROM carrier AS c LEFT JOIN (SELECT carrier_id, MAX(weight) AS mw FROM shipment "
  "GROUP BY carrier_id) AS a ON a.carrier_id = c.carrier_id",
  "SELECT c.carrier_id, a.mw FROM carrier AS c JOIN (SELECT carrier_id, MAX(weight) AS mw FROM shipment "
  "GROUP BY carrier_id) AS a ON a.carrier_id = c.carrier_id", "the outer join made inner")
E("Trino:PushAggregationThroughOuterJoin",
  "SELECT w.wh_id, COUNT(s.ship_id), SUM(s.weight) FROM warehouse AS w LEFT JOIN shipment AS s ON s.dest_wh = w.wh_id "
  "GROUP BY w.wh_id",
  "SELECT w.wh_id, COALESCE(a.n, 0), a.sw FROM warehouse AS w LEFT JOIN (SELECT dest_wh, COUNT(*) AS n, "
  "SUM(weight) AS sw FROM shipment GROUP BY dest_wh) AS a ON a.dest_wh = w.wh_id",
  "SELECT w.wh_id, a.n, a.sw FROM warehouse AS w LEFT JOIN (SELECT dest_wh, COUNT(*) AS n, "
  "SUM(weight) AS sw FROM shipment GROUP BY dest_wh) AS a ON a.dest_wh = w.wh_id", "COUNT over no row left NULL")
# PushPartialAggregationThroughJoin: "a partial aggregation is pushed below a join, grouped by
# the join key too; the final aggregation combines the partials".
E("Trino:PushPartialAggregationThroughJoin",
  "SELECT w.city, SUM(s.weight) FROM shipment AS s JOIN warehouse AS w ON w.wh_id = s.origin_wh GROUP BY w.city",
  "SELECT w.city, SUM(p.sw) FROM (SELECT origin_wh, SUM(weight) AS sw FROM shipment GROUP BY origin_wh) AS p "
  "JOIN warehouse AS w ON w.wh_id = p.origin_wh GROUP BY w.city",
  "SELECT w.city, MAX(p.sw) FROM (SELECT origin_wh, SUM(weight) AS sw FROM shipment GROUP BY origin_wh) AS p "
  "JOIN warehouse AS w ON w.wh_id = p.origin_wh GROUP BY w.city", "partials combined with the wrong function")
# PredicatePushDown with equality inference: "a filter on one side of a join equality is
# inferred for the other side and pushed into both".
E("Trino:PredicatePushDown",
  "SELECT s.ship_id, r.route_id FROM shipment AS s JOIN route AS r ON s.origin_wh = r.from_wh WHERE r.from_wh = 2",
  "SELECT s.ship_id, r.route_id FROM (SELECT * FROM shipment WHERE origin_wh = 2) AS s "
  "JOIN (SELECT * FROM route WHERE from_wh = 2) AS r ON s.origin_wh = r.from_wh",
  "SELECT s.ship_id, r.route_id FROM (SELECT * FROM shipment WHERE origin_wh = 3) AS s "
  "JOIN (SELECT * FROM route WHERE from_wh = 2) AS r ON s.origin_wh = r.from_wh", "the inferred constant wrong")
E("Trino:PredicatePushDown",
  "SELECT s.ship_id, c.name FROM shipment AS s JOIN carrier AS c ON c.carrier_id = s.carrier_id "
  "WHERE c.rating >= 2 AND s.weight > 0",
  "SELECT s.ship_id, c.name FROM (SELECT * FROM shipment WHERE weight > 0) AS s "
  "JOIN (SELECT * FROM carrier WHERE rating >= 2) AS c ON c.carrier_id = s.carrier_id",
  "SELECT s.ship_id, c.name FROM (SELECT * FROM shipment WHERE weight > 0) AS s "
  "JOIN (SELECT * FROM carrier WHERE rating > 2) AS c ON c.carrier_id = s.carrier_id", "< for <=")
# SimplifyExpressions + RemoveTrivialFilters: "a comparison with NULL folds to NULL; a filter
# that is never TRUE becomes an empty VALUES".
E("Trino:RemoveTrivialFilters",
  "SELECT ship_id FROM shipment WHERE weight > NULL OR status = NULL",
  "SELECT ship_id FROM shipment WHERE 1 = 0",
  "SELECT ship_id FROM shipment WHERE weight IS NULL", "comparison with NULL read as IS NULL")
# ReplaceRedundantJoinWithSource: "a cross join with a source of exactly one row whose columns
# are unused is replaced by the other source".
E("Trino:ReplaceRedundantJoinWithSource",
  "SELECT s.ship_id FROM shipment AS s CROSS JOIN (SELECT COUNT(*) AS n FROM carrier) AS k",
  "SELECT ship_id FROM shipment",
  ("SELECT s.ship_id FROM shipment AS s CROSS JOIN (SELECT carrier_id FROM carrier LIMIT 1) AS k",
   "SELECT ship_id FROM shipment"), "a source of at most one row, not exactly one")
# PushProjectionThroughUnion: "a projection over UNION ALL is pushed into every branch".
E("Trino:PushProjectionThroughUnion",
  "SELECT w * 2 + 1 FROM (SELECT weight AS w FROM shipment UNION ALL SELECT weight FROM package) AS u",
  "SELECT weight * 2 + 1 FROM shipment UNION ALL SELECT weight * 2 + 1 FROM package",
  "SELECT weight * 2 + 1 FROM shipment UNION SELECT weight * 2 + 1 FROM package", "UNION for UNION ALL")
# MergeUnion: "nested UNION (DISTINCT) nodes are merged into one".
E("Trino:MergeUnion",
  "SELECT origin_wh FROM shipment UNION SELECT x FROM (SELECT from_wh AS x FROM route UNION ALL "
  "SELECT to_wh FROM route) AS u",
  "SELECT origin_wh FROM shipment UNION SELECT from_wh FROM route UNION SELECT to_wh FROM route",
  "SELECT origin_wh FROM shipment UNION ALL SELECT from_wh FROM route UNION ALL SELECT to_wh FROM route",
  "every UNION made ALL")
# MergeExcept: "nested EXCEPT on the left is merged: (A EXCEPT B) EXCEPT C = A EXCEPT (B UNION C)".
E("Trino:MergeExcept",
  "SELECT wh_id FROM warehouse EXCEPT SELECT origin_wh FROM shipment EXCEPT SELECT wh_id FROM stop",
  "SELECT wh_id FROM warehouse EXCEPT SELECT x FROM (SELECT origin_wh AS x FROM shipment UNION "
  "SELECT wh_id FROM stop) AS u",
  "SELECT wh_id FROM warehouse EXCEPT SELECT x FROM (SELECT origin_wh AS x FROM shipment INTERSECT "
  "SELECT wh_id FROM stop) AS u", "INTERSECT for UNION on the right")
# TopNRanking (ReplaceWindowWithRowNumber + PushPredicateThroughProjectIntoRowNumber):
# "a ROW_NUMBER filtered by rn <= 1 per partition is a per-partition top row".
E("Trino:TopNRanking",
  "SELECT ship_id, carrier_id FROM (SELECT ship_id, carrier_id, ROW_NUMBER() OVER (PARTITION BY carrier_id "
  "ORDER BY ship_id) AS rn FROM shipment) AS t WHERE rn <= 1",
  "SELECT s.ship_id, s.carrier_id FROM shipment AS s WHERE s.ship_id = (SELECT MIN(s2.ship_id) FROM shipment AS s2 "
  "WHERE s2.carrier_id IS NOT DISTINCT FROM s.carrier_id)",
  "SELECT s.ship_id, s.carrier_id FROM shipment AS s WHERE s.ship_id = (SELECT MIN(s2.ship_id) FROM shipment AS s2 "
  "WHERE s2.carrier_id = s.carrier_id)", "the NULL partition lost")
# ImplementFilteredAggregations: "an aggregate with FILTER becomes an aggregate over a masked input".
E("Trino:ImplementFilteredAggregations",
  "SELECT origin_wh, COUNT(*) FILTER (WHERE status = 'LOST'), SUM(weight) FILTER (WHERE cost > 1.5) "
  "FROM shipment GROUP BY origin_wh",
  "SELECT origin_wh, SUM(CASE WHEN status = 'LOST' THEN 1 ELSE 0 END), SUM(CASE WHEN cost > 1.5 THEN weight END) "
  "FROM shipment GROUP BY origin_wh",
  "SELECT origin_wh, SUM(CASE WHEN status = 'LOST' THEN 1 END), SUM(CASE WHEN cost > 1.5 THEN weight END) "
  "FROM shipment GROUP BY origin_wh", "NULL, not 0, for a group without a match")
# PreAggregateCaseAggregations: "SUM(CASE WHEN k = const THEN v END) aggregates are
# pre-aggregated by the group keys and k".
E("Trino:PreAggregateCaseAggregations",
  "SELECT origin_wh, SUM(CASE WHEN status = 'NEW' THEN weight END), SUM(CASE WHEN status = 'SENT' THEN weight END) "
  "FROM shipment GROUP BY origin_wh",
  "SELECT origin_wh, SUM(CASE WHEN status = 'NEW' THEN sw END), SUM(CASE WHEN status = 'SENT' THEN sw END) "
  "FROM (SELECT origin_wh, status, SUM(weight) AS sw FROM shipment GROUP BY origin_wh, status) AS t GROUP BY origin_wh",
  "SELECT origin_wh, SUM(CASE WHEN status = 'NEW' THEN sw ELSE 0 END), SUM(CASE WHEN status = 'SENT' THEN sw END) "
  "FROM (SELECT origin_wh, status, SUM(weight) AS sw FROM shipment GROUP BY origin_wh, status) AS t GROUP BY origin_wh",
  "ELSE 0 turns NULL into 0")
# UnwrapCastInComparison: "CAST(int AS REAL) > 1.5 becomes int >= 2".
E("Trino:UnwrapCastInComparison",
  "SELECT ship_id FROM shipment WHERE CAST(weight AS REAL) > 1.5",
  "SELECT ship_id FROM shipment WHERE weight >= 2",
  "SELECT ship_id FROM shipment WHERE weight > 2", "the rounding boundary lost")
# ExtractCommonPredicatesExpressionRewriter: "(a AND b) OR (a AND c) becomes a AND (b OR c)".
E("Trino:ExtractCommonPredicates",
  "SELECT ship_id FROM shipment WHERE (status = 'NEW' AND weight > 1) OR (status = 'NEW' AND cost > 2.0)",
  "SELECT ship_id FROM shipment WHERE status = 'NEW' AND (weight > 1 OR cost > 2.0)",
  "SELECT ship_id FROM shipment WHERE status = 'NEW' OR (weight > 1 AND cost > 2.0)", "AND and OR swapped")

# --- CockroachDB normalization rules (pkg/sql/opt/norm/rules/*.opt)

# EliminateExistsLimit: "a LIMIT (of at least one row) inside EXISTS is removed".
E("CockroachDB:EliminateExistsLimit",
  "SELECT s.ship_id FROM shipment AS s WHERE EXISTS (SELECT * FROM package AS p WHERE p.ship_id = s.ship_id LIMIT 1)",
  "SELECT s.ship_id FROM shipment AS s WHERE EXISTS (SELECT * FROM package AS p WHERE p.ship_id = s.ship_id)",
  "SELECT s.ship_id FROM shipment AS s WHERE EXISTS (SELECT * FROM package AS p WHERE p.ship_id = s.ship_id "
  "LIMIT 1 OFFSET 1)", "an OFFSET skips the only match")
# EliminateExistsGroupBy: "EXISTS over a (non-scalar) GROUP BY is EXISTS over its input".
E("CockroachDB:EliminateExistsGroupBy",
  "SELECT s.ship_id FROM shipment AS s WHERE EXISTS (SELECT p.kind FROM package AS p WHERE p.ship_id = s.ship_id "
  "GROUP BY p.kind)",
  "SELECT s.ship_id FROM shipment AS s WHERE EXISTS (SELECT 1 FROM package AS p WHERE p.ship_id = s.ship_id)",
  ("SELECT s.ship_id FROM shipment AS s WHERE EXISTS (SELECT COUNT(*) FROM package AS p WHERE p.ship_id = s.ship_id)",
   "SELECT s.ship_id FROM shipment AS s WHERE EXISTS (SELECT 1 FROM package AS p WHERE p.ship_id = s.ship_id)"),
  "a scalar GROUP BY always has a row")
# ConvertSemiToInnerJoin: "a semi join whose right side matches at most one row per left row
# (an equality on its key) becomes an inner join".
E("CockroachDB:ConvertSemiToInnerJoin",
  "SELECT s.ship_id, s.status FROM shipment AS s WHERE EXISTS (SELECT 1 FROM carrier AS c "
  "WHERE c.carrier_id = s.carrier_id AND c.country = 'DE')",
  "SELECT s.ship_id, s.status FROM shipment AS s JOIN carrier AS c ON c.carrier_id = s.carrier_id WHERE c.country = 'DE'",
  "SELECT s.ship_id, s.status FROM shipment AS s LEFT JOIN carrier AS c ON c.carrier_id = s.carrier_id "
  "AND c.country = 'DE'", "a LEFT JOIN keeps every shipment")
# SimplifyLeftJoin: "a LEFT JOIN becomes inner when every left row is known to match (a NOT
# NULL foreign key to the right side's key)".
E("CockroachDB:SimplifyLeftJoin",
  "SELECT s.ship_id, w.city FROM shipment AS s LEFT JOIN warehouse AS w ON w.wh_id = s.origin_wh",
  "SELECT s.ship_id, w.city FROM shipment AS s JOIN warehouse AS w ON w.wh_id = s.origin_wh",
  ("SELECT s.ship_id, w.city FROM shipment AS s LEFT JOIN warehouse AS w ON w.wh_id = s.dest_wh",
   "SELECT s.ship_id, w.city FROM shipment AS s JOIN warehouse AS w ON w.wh_id = s.dest_wh"),
  "the foreign key is NULL-able")
# EliminateJoinUnderProjectLeft: "a LEFT JOIN whose right columns are unused and that matches
# at most one row per left row is removed".
E("CockroachDB:EliminateJoinUnderProjectLeft",
  "SELECT s.ship_id, s.weight FROM shipment AS s LEFT JOIN carrier AS c ON c.carrier_id = s.carrier_id",
  "SELECT ship_id, weight FROM shipment",
  ("SELECT s.ship_id, s.weight FROM shipment AS s LEFT JOIN package AS p ON p.ship_id = s.ship_id",
   "SELECT ship_id, weight FROM shipment"), "the right side is not joined on its key")
# EliminateJoinUnderProjectRight (inner join on a foreign key): "an inner join to the
# referenced table whose columns are unused keeps the rows whose foreign key is not NULL".
E("CockroachDB:EliminateJoinUnderProject",
  "SELECT p.pkg_id, p.kind FROM package AS p JOIN shipment AS s ON s.ship_id = p.ship_id",
  "SELECT pkg_id, kind FROM package WHERE ship_id IS NOT NULL",
  "SELECT pkg_id, kind FROM package", "the NULL foreign keys kept")
# EliminateDistinct: "DISTINCT over columns that include a key is removed".
E("CockroachDB:EliminateDistinct",
  "SELECT DISTINCT s.ship_id, s.status, c.name FROM shipment AS s JOIN carrier AS c ON c.carrier_id = s.carrier_id",
  "SELECT s.ship_id, s.status, c.name FROM shipment AS s JOIN carrier AS c ON c.carrier_id = s.carrier_id",
  ("SELECT DISTINCT s.carrier_id, s.status, c.name FROM shipment AS s JOIN carrier AS c ON c.carrier_id = s.carrier_id",
   "SELECT s.carrier_id, s.status, c.name FROM shipment AS s JOIN carrier AS c ON c.carrier_id = s.carrier_id"),
  "the kept columns hold no key")
# ReduceGroupingCols: "grouping columns functionally determined by the others become
# ANY_NOT_NULL aggregates".
E("CockroachDB:ReduceGroupingCols",
  "SELECT c.carrier_id, c.name, COUNT(*) FROM carrier AS c JOIN shipment AS s ON s.carrier_id = c.carrier_id "
  "GROUP BY c.carrier_id, c.name",
  "SELECT c.carrier_id, MAX(c.name), COUNT(*) FROM carrier AS c JOIN shipment AS s ON s.carrier_id = c.carrier_id "
  "GROUP BY c.carrier_id",
  "SELECT MIN(c.carrier_id), c.name, COUNT(*) FROM carrier AS c JOIN shipment AS s ON s.carrier_id = c.carrier_id "
  "GROUP BY c.name", "grouped by the dependent column, not the key")
# ConvertGroupByToDistinct: "a GROUP BY without aggregates is a DISTINCT".
E("CockroachDB:ConvertGroupByToDistinct",
  "SELECT dest_wh, carrier_id FROM shipment GROUP BY dest_wh, carrier_id",
  "SELECT DISTINCT dest_wh, carrier_id FROM shipment",
  "SELECT dest_wh, carrier_id FROM shipment", "DISTINCT dropped")
# ConvertCountToCountRows: "COUNT of a NOT NULL column becomes COUNT(*)".
E("CockroachDB:ConvertCountToCountRows",
  "SELECT status, COUNT(origin_wh) FROM shipment GROUP BY status",
  "SELECT status, COUNT(*) FROM shipment GROUP BY status",
  ("SELECT status, COUNT(dest_wh) FROM shipment GROUP BY status", "SELECT status, COUNT(*) FROM shipment GROUP BY status"),
  "the counted column is NULL-able")
# EliminateAggDistinct: "DISTINCT is dropped from MIN/MAX and from aggregates whose input is distinct".
E("CockroachDB:EliminateAggDistinct",
  "SELECT MAX(DISTINCT weight), COUNT(DISTINCT ship_id), MIN(DISTINCT cost) FROM shipment",
  "SELECT MAX(weight), COUNT(*), MIN(cost) FROM shipment",
  ("SELECT SUM(DISTINCT weight), COUNT(DISTINCT ship_id), MIN(DISTINCT cost) FROM shipment",
   "SELECT SUM(weight), COUNT(*), MIN(cost) FROM shipment"), "DISTINCT dropped from SUM")
# NormalizeCmpPlusConst / NormalizeCmpMinusConst: "x + c1 > c2 becomes x > c2 - c1".
E("CockroachDB:NormalizeCmpPlusConst",
  "SELECT ship_id FROM shipment WHERE weight + 1 > 2",
  "SELECT ship_id FROM shipment WHERE weight > 1",
  "SELECT ship_id FROM shipment WHERE weight >= 1", "off by one")
E("CockroachDB:NormalizeCmpMinusConst",
  "SELECT route_id FROM route WHERE km - 50 <= 100",
  "SELECT route_id FROM route WHERE km <= 150",
  "SELECT route_id FROM route WHERE km <= 50", "the constant subtracted the wrong way")
# FoldNullComparisonLeft/Right: "a comparison with a NULL constant folds to NULL".
E("CockroachDB:FoldNullComparison",
  "SELECT ship_id, weight = NULL, NULL <> status FROM shipment",
  "SELECT ship_id, NULL, NULL FROM shipment",
  "SELECT ship_id, weight IS NULL, NULL FROM shipment", "= NULL read as IS NULL", dialect="sqlite")
# EliminateCoalesce / SimplifyCoalesce: "COALESCE whose first argument is NOT NULL is that argument".
E("CockroachDB:SimplifyCoalesce",
  "SELECT ship_id, COALESCE(origin_wh, dest_wh, 0) FROM shipment",
  "SELECT ship_id, origin_wh FROM shipment",
  ("SELECT ship_id, COALESCE(dest_wh, origin_wh, 0) FROM shipment", "SELECT ship_id, dest_wh FROM shipment"),
  "the first argument is NULL-able")
# NegateComparison: "NOT (a < b) becomes a >= b".
E("CockroachDB:NegateComparison",
  "SELECT ship_id FROM shipment WHERE NOT (weight < 2) AND NOT (cost >= 4.25)",
  "SELECT ship_id FROM shipment WHERE weight >= 2 AND cost < 4.25",
  "SELECT ship_id FROM shipment WHERE weight > 2 AND cost < 4.25", "> for >=")
# NegateAnd: "NOT (a AND b) becomes NOT a OR NOT b".
E("CockroachDB:NegateAnd",
  "SELECT ship_id FROM shipment WHERE NOT (status = 'NEW' AND weight > 1)",
  "SELECT ship_id FROM shipment WHERE status <> 'NEW' OR weight <= 1",
  "SELECT ship_id FROM shipment WHERE status <> 'NEW' AND weight <= 1", "AND kept under the negation")
# ConsolidateSelectFilters: "range filters on one column are combined into one range".
E("CockroachDB:ConsolidateSelectFilters",
  "SELECT ship_id FROM shipment WHERE weight >= 1 AND weight <= 2 AND weight <> 0",
  "SELECT ship_id FROM shipment WHERE weight BETWEEN 1 AND 2",
  "SELECT ship_id FROM shipment WHERE weight BETWEEN 1 AND 3", "the upper bound widened")
# InlineWith: "a WITH expression referenced once is inlined".
E("CockroachDB:InlineWith",
  "WITH heavy AS (SELECT ship_id, carrier_id FROM shipment WHERE weight >= 2) "
  "SELECT h.ship_id, c.name FROM heavy AS h JOIN carrier AS c ON c.carrier_id = h.carrier_id",
  "SELECT s.ship_id, c.name FROM shipment AS s JOIN carrier AS c ON c.carrier_id = s.carrier_id WHERE s.weight >= 2",
  "SELECT s.ship_id, c.name FROM shipment AS s JOIN carrier AS c ON c.carrier_id = s.carrier_id WHERE s.weight > 2",
  "> for >= while inlining")
# PushSelectIntoGroupBy: "a filter on grouping columns above a GROUP BY is pushed below it".
E("CockroachDB:PushSelectIntoGroupBy",
  "SELECT * FROM (SELECT origin_wh, COUNT(*) AS n, MAX(cost) AS mc FROM shipment GROUP BY origin_wh) AS t "
  "WHERE origin_wh > 1",
  "SELECT origin_wh, COUNT(*), MAX(cost) FROM shipment WHERE origin_wh > 1 GROUP BY origin_wh",
  "SELECT origin_wh, COUNT(*), MAX(cost) FROM shipment WHERE origin_wh >= 1 GROUP BY origin_wh", ">= for >")
# EliminateMax1Row (with the scalar sub-query as a LEFT JOIN): "a scalar sub-query known to
# return at most one row (an equality on a key) needs no Max1Row check; it is a LEFT JOIN".
E("CockroachDB:EliminateMax1Row",
  "SELECT s.ship_id, (SELECT c.name FROM carrier AS c WHERE c.carrier_id = s.carrier_id) FROM shipment AS s",
  "SELECT s.ship_id, c.name FROM shipment AS s LEFT JOIN carrier AS c ON c.carrier_id = s.carrier_id",
  "SELECT s.ship_id, c.name FROM shipment AS s JOIN carrier AS c ON c.carrier_id = s.carrier_id",
  "the LEFT JOIN made inner")
# FoldLimits + PushLimitIntoOffset: "LIMIT over LIMIT/OFFSET folds into one LIMIT/OFFSET".
E("CockroachDB:FoldLimits",
  "SELECT ship_id FROM (SELECT ship_id FROM shipment ORDER BY ship_id LIMIT 4 OFFSET 1) AS t ORDER BY ship_id LIMIT 2",
  "SELECT ship_id FROM shipment ORDER BY ship_id LIMIT 2 OFFSET 1",
  "SELECT ship_id FROM shipment ORDER BY ship_id LIMIT 2 OFFSET 2", "off by one in OFFSET", semantics="list")
# SimplifyZeroCardinalitySemiJoin / EliminateAntiJoin: "an anti join with a right side that
# can have no row (a contradiction) is its left side".
E("CockroachDB:EliminateAntiJoin",
  "SELECT s.ship_id FROM shipment AS s WHERE NOT EXISTS (SELECT 1 FROM package AS p WHERE p.ship_id = s.ship_id "
  "AND p.weight > 2 AND p.weight < 1)",
  "SELECT ship_id FROM shipment",
  ("SELECT s.ship_id FROM shipment AS s WHERE NOT EXISTS (SELECT 1 FROM package AS p WHERE p.ship_id = s.ship_id "
   "AND p.weight > 1 AND p.weight < 3)", "SELECT ship_id FROM shipment"), "the range is not empty")
# FoldIsNull: "IS NULL on a NOT NULL column folds to FALSE".
E("CockroachDB:FoldIsNull",
  "SELECT ship_id FROM shipment WHERE origin_wh IS NULL OR weight = 1",
  "SELECT ship_id FROM shipment WHERE weight = 1",
  ("SELECT ship_id FROM shipment WHERE dest_wh IS NULL OR weight = 1", "SELECT ship_id FROM shipment WHERE weight = 1"),
  "the column is NULL-able")
# NormalizeInConst + FoldInNull: "IN lists are sorted and de-duplicated; a NULL element can
# only make the IN NULL (not TRUE), so in a filter it is dropped".
E("CockroachDB:NormalizeInConst",
  "SELECT ship_id FROM shipment WHERE status IN ('SENT', 'NEW', 'SENT') AND weight IN (1, NULL)",
  "SELECT ship_id FROM shipment WHERE status IN ('NEW', 'SENT') AND weight = 1",
  ("SELECT ship_id FROM shipment WHERE status IN ('SENT', 'NEW', 'SENT') AND weight NOT IN (1, NULL)",
   "SELECT ship_id FROM shipment WHERE status IN ('NEW', 'SENT') AND weight <> 1"), "NULL in NOT IN")
# HoistProjectSubquery + TryDecorrelateScalarGroupBy: "a correlated scalar aggregate in the
# SELECT list becomes a LEFT JOIN to a GROUP BY".
E("CockroachDB:TryDecorrelateScalarGroupBy",
  "SELECT r.route_id, (SELECT MAX(st.seq) FROM stop AS st WHERE st.route_id = r.route_id AND st.wh_id IS NOT NULL) "
  "FROM route AS r",
  "SELECT r.route_id, g.m FROM route AS r LEFT JOIN (SELECT route_id, MAX(seq) AS m FROM stop "
  "WHERE wh_id IS NOT NULL GROUP BY route_id) AS g ON g.route_id = r.route_id",
  "SELECT r.route_id, g.m FROM route AS r LEFT JOIN (SELECT route_id, MAX(seq) AS m FROM stop "
  "GROUP BY route_id) AS g ON g.route_id = r.route_id", "the sub-query's filter dropped")

# --- DuckDB optimizer passes (src/optimizer)

# FilterPushdown (through a window): "a filter on a PARTITION BY column is pushed below the window".
E("DuckDB:FilterPushdown",
  "SELECT * FROM (SELECT ship_id, carrier_id, weight, SUM(weight) OVER (PARTITION BY carrier_id) AS tw "
  "FROM shipment) AS t WHERE carrier_id = 2",
  "SELECT ship_id, carrier_id, weight, SUM(weight) OVER (PARTITION BY carrier_id) AS tw "
  "FROM shipment WHERE carrier_id = 2",
  ("SELECT * FROM (SELECT ship_id, carrier_id, weight, SUM(weight) OVER (PARTITION BY carrier_id) AS tw "
   "FROM shipment) AS t WHERE weight > 1",
   "SELECT ship_id, carrier_id, weight, SUM(weight) OVER (PARTITION BY carrier_id) AS tw "
   "FROM shipment WHERE weight > 1"), "a filter on a non-partition column pushed below the window")
# FilterPushdown (through GROUP BY and into both join sides).
E("DuckDB:FilterPushdown",
  "SELECT t.carrier_id, t.n FROM (SELECT s.carrier_id, COUNT(*) AS n FROM shipment AS s JOIN carrier AS c "
  "ON c.carrier_id = s.carrier_id GROUP BY s.carrier_id) AS t WHERE t.carrier_id <> 1",
  "SELECT s.carrier_id, COUNT(*) FROM (SELECT * FROM shipment WHERE carrier_id <> 1) AS s "
  "JOIN (SELECT * FROM carrier WHERE carrier_id <> 1) AS c ON c.carrier_id = s.carrier_id GROUP BY s.carrier_id",
  "SELECT s.carrier_id, COUNT(*) FROM (SELECT * FROM shipment WHERE origin_wh <> 1) AS s "
  "JOIN (SELECT * FROM carrier WHERE carrier_id <> 1) AS c ON c.carrier_id = s.carrier_id GROUP BY s.carrier_id",
  "the filter pushed onto the wrong column")
# InClauseRewriter: "a long IN list becomes a (mark) join with a VALUES list of its constants".
E("DuckDB:InClauseRewriter",
  "SELECT s.ship_id FROM shipment AS s WHERE s.status IN ('NEW', 'SENT', 'NEW')",
  "SELECT s.ship_id FROM shipment AS s JOIN (SELECT 'NEW' AS st UNION SELECT 'SENT' UNION SELECT 'NEW') AS v "
  "ON v.st = s.status",
  "SELECT s.ship_id FROM shipment AS s JOIN (SELECT 'NEW' AS st UNION ALL SELECT 'SENT' UNION ALL SELECT 'NEW') AS v "
  "ON v.st = s.status", "the duplicate constant joined twice")
E("DuckDB:InClauseRewriter",
  "SELECT ship_id, dest_wh IN (1, 3) FROM shipment",
  "SELECT s.ship_id, CASE WHEN s.dest_wh IS NULL THEN NULL WHEN EXISTS (SELECT 1 FROM (SELECT 1 AS v UNION ALL "
  "SELECT 3) AS l WHERE l.v = s.dest_wh) THEN 1 ELSE 0 END FROM shipment AS s",
  "SELECT s.ship_id, CASE WHEN EXISTS (SELECT 1 FROM (SELECT 1 AS v UNION ALL "
  "SELECT 3) AS l WHERE l.v = s.dest_wh) THEN 1 ELSE 0 END FROM shipment AS s",
  "FALSE, not NULL, for a NULL probe", dialect="sqlite")
# Deliminator: "a dependent join's duplicate-eliminated domain (DelimGet) is removed when the
# join back is on the outer's key".
E("DuckDB:Deliminator",
  "SELECT s.ship_id, d.m FROM shipment AS s LEFT JOIN (SELECT dom.ship_id, MAX(p.weight) AS m FROM "
  "(SELECT DISTINCT ship_id FROM shipment) AS dom JOIN package AS p ON p.ship_id = dom.ship_id GROUP BY dom.ship_id) "
  "AS d ON d.ship_id = s.ship_id",
  "SELECT s.ship_id, d.m FROM shipment AS s LEFT JOIN (SELECT ship_id, MAX(weight) AS m FROM package "
  "GROUP BY ship_id) AS d ON d.ship_id = s.ship_id",
  "SELECT s.ship_id, d.m FROM shipment AS s JOIN (SELECT ship_id, MAX(weight) AS m FROM package "
  "GROUP BY ship_id) AS d ON d.ship_id = s.ship_id", "the LEFT JOIN made inner")
E("DuckDB:Deliminator",
  "SELECT s.ship_id FROM shipment AS s JOIN (SELECT dom.carrier_id FROM (SELECT DISTINCT carrier_id FROM shipment) "
  "AS dom WHERE EXISTS (SELECT 1 FROM carrier AS c WHERE c.carrier_id = dom.carrier_id AND c.rating = 3)) AS d "
  "ON d.carrier_id = s.carrier_id",
  "SELECT s.ship_id FROM shipment AS s WHERE s.carrier_id IN (SELECT carrier_id FROM carrier WHERE rating = 3)",
  "SELECT s.ship_id FROM shipment AS s WHERE s.carrier_id IN (SELECT carrier_id FROM carrier WHERE rating >= 3) "
  "OR s.carrier_id IS NULL", "NULL correlation values let through")
# ExpressionRewriter EqualOrNullSimplification: "a = b OR (a IS NULL AND b IS NULL) becomes a
# IS NOT DISTINCT FROM b".
E("DuckDB:EqualOrNullSimplification",
  "SELECT s.ship_id, st.route_id FROM shipment AS s JOIN stop AS st ON s.dest_wh = st.wh_id "
  "OR (s.dest_wh IS NULL AND st.wh_id IS NULL)",
  "SELECT s.ship_id, st.route_id FROM shipment AS s JOIN stop AS st ON s.dest_wh IS st.wh_id",
  "SELECT s.ship_id, st.route_id FROM shipment AS s JOIN stop AS st ON s.dest_wh = st.wh_id",
  "NULLs no longer match", dialect="sqlite")
# MoveConstantsRule: "constants are moved to one side of a comparison (3 - x < 2 becomes x > 1)".
E("DuckDB:MoveConstantsRule",
  "SELECT ship_id FROM shipment WHERE 3 - weight < 2",
  "SELECT ship_id FROM shipment WHERE weight > 1",
  "SELECT ship_id FROM shipment WHERE weight < 1", "the comparison not flipped")
# ArithmeticSimplificationRule + CaseSimplificationRule: "x + 0 and x * 1 become x; a CASE
# with a constant condition becomes its branch".
E("DuckDB:ArithmeticSimplification+CaseSimplification",
  "SELECT ship_id, weight * 1 + 0, CASE WHEN 1 = 0 THEN cost ELSE weight END FROM shipment",
  "SELECT ship_id, weight, weight FROM shipment",
  "SELECT ship_id, weight, cost FROM shipment", "the wrong CASE branch kept")
# LikeOptimizationRule: "LIKE 'abc%' becomes a prefix test" (in SQLite LIKE folds ASCII case).
E("DuckDB:LikeOptimizationRule",
  "SELECT carrier_id FROM carrier WHERE name LIKE 'fa%'",
  "SELECT carrier_id FROM carrier WHERE LOWER(SUBSTR(name, 1, 2)) = 'fa'",
  "SELECT carrier_id FROM carrier WHERE SUBSTR(name, 1, 2) = 'fa'", "the prefix test made case-sensitive",
  dialect="sqlite")
# DatePartSimplificationRule: "a year extraction compared with a constant becomes a range".
# On ISO text dates (SQLite, no DATE type) stated for any TEXT: a 4-character prefix test is
# the range [prefix, next prefix).
E("DuckDB:DatePartSimplification",
  "SELECT ship_id FROM shipment WHERE SUBSTR(shipped, 1, 4) = '2024'",
  "SELECT ship_id FROM shipment WHERE shipped >= '2024' AND shipped < '2025'",
  "SELECT ship_id FROM shipment WHERE shipped >= '2023' AND shipped < '2024'", "the wrong year",
  dialect="sqlite")
# RemoveDuplicateGroups: "a duplicated grouping expression is removed".
E("DuckDB:RemoveDuplicateGroups",
  "SELECT origin_wh, COUNT(*) FROM shipment GROUP BY origin_wh, origin_wh",
  "SELECT origin_wh, COUNT(*) FROM shipment GROUP BY origin_wh",
  "SELECT origin_wh, COUNT(*) FROM shipment GROUP BY origin_wh, dest_wh", "another column grouped")
# CommonAggregateOptimizer: "duplicate aggregates are computed once and referenced".
E("DuckDB:CommonAggregateOptimizer",
  "SELECT status, SUM(weight), SUM(weight) * 2, COUNT(*) FROM shipment GROUP BY status",
  "SELECT status, s, s * 2, n FROM (SELECT status, SUM(weight) AS s, COUNT(*) AS n FROM shipment GROUP BY status) AS t",
  "SELECT status, s, s * 2, n FROM (SELECT status, SUM(weight) AS s, COUNT(weight) AS n FROM shipment "
  "GROUP BY status) AS t", "COUNT(col) for COUNT(*)")
# DistributivityRule: "(a AND b) OR (a AND c) OR (a AND d) becomes a AND (b OR c OR d)".
E("DuckDB:DistributivityRule",
  "SELECT s.ship_id, p.pkg_id FROM shipment AS s JOIN package AS p ON (p.ship_id = s.ship_id AND p.kind = 'box') "
  "OR (p.ship_id = s.ship_id AND s.weight > 2) OR (p.ship_id = s.ship_id AND p.weight = s.weight)",
  "SELECT s.ship_id, p.pkg_id FROM shipment AS s JOIN package AS p ON p.ship_id = s.ship_id "
  "AND (p.kind = 'box' OR s.weight > 2 OR p.weight = s.weight)",
  "SELECT s.ship_id, p.pkg_id FROM shipment AS s JOIN package AS p ON p.ship_id = s.ship_id "
  "AND (p.kind = 'box' OR s.weight > 2)", "a disjunct lost in factoring")
# FilterCombiner: "equalities between columns carry a constant to the other column".
E("DuckDB:FilterCombiner",
  "SELECT s.ship_id, p.pkg_id FROM shipment AS s JOIN package AS p ON p.ship_id = s.ship_id WHERE s.ship_id = 3",
  "SELECT s.ship_id, p.pkg_id FROM shipment AS s JOIN package AS p ON p.ship_id = s.ship_id WHERE p.ship_id = 3 "
  "AND s.ship_id = 3",
  "SELECT s.ship_id, p.pkg_id FROM shipment AS s JOIN package AS p ON p.ship_id = s.ship_id WHERE p.pkg_id = 3",
  "the constant carried to the wrong column")

# --- Apache Flink, Hive, Impala planner rules

# Flink FlinkRewriteSubQueryRule: "a filter (SELECT COUNT(*) ...) > 0 becomes EXISTS".
E("Flink:FlinkRewriteSubQueryRule",
  "SELECT ship_id FROM shipment WHERE (SELECT COUNT(*) FROM carrier WHERE rating = 3) > 0",
  "SELECT ship_id FROM shipment WHERE EXISTS (SELECT 1 FROM carrier WHERE rating = 3)",
  "SELECT ship_id FROM shipment WHERE NOT EXISTS (SELECT 1 FROM carrier WHERE rating = 3)", "the test negated")
# Flink ConvertToNotInOrInRule: "ORed equalities on one column become IN; ANDed inequalities NOT IN".
E("Flink:ConvertToNotInOrInRule",
  "SELECT ship_id FROM shipment WHERE dest_wh <> 1 AND dest_wh <> 2",
  "SELECT ship_id FROM shipment WHERE dest_wh NOT IN (1, 2)",
  "SELECT ship_id FROM shipment WHERE dest_wh <> 1 OR dest_wh <> 2", "AND written as OR")
# Flink JoinConditionEqualityTransferRule: "a = b AND a = c in a join condition becomes a = b AND b = c".
E("Flink:JoinConditionEqualityTransferRule",
  "SELECT r.route_id, st.seq FROM route AS r JOIN stop AS st ON r.from_wh = st.wh_id AND r.to_wh = st.wh_id",
  "SELECT r.route_id, st.seq FROM route AS r JOIN stop AS st ON r.from_wh = st.wh_id AND r.from_wh = r.to_wh",
  "SELECT r.route_id, st.seq FROM route AS r JOIN stop AS st ON r.from_wh = st.wh_id AND r.to_wh = st.route_id",
  "the equality transferred to the wrong column")
# Flink RemoveUnreachableCoalesceArgumentsRule: "COALESCE arguments after a NOT NULL one are removed".
E("Flink:RemoveUnreachableCoalesceArgumentsRule",
  "SELECT ship_id, COALESCE(dest_wh, origin_wh, 3) FROM shipment",
  "SELECT ship_id, COALESCE(dest_wh, origin_wh) FROM shipment",
  "SELECT ship_id, COALESCE(dest_wh, 3) FROM shipment", "the NOT NULL argument removed instead")
# Flink FlinkPruneEmptyRules: "a join with an empty input is pruned (a LEFT JOIN with an
# empty right side pads the left rows)".
E("Flink:FlinkPruneEmptyRules",
  "SELECT s.ship_id, c.name FROM shipment AS s LEFT JOIN (SELECT * FROM carrier LIMIT 0) AS c "
  "ON c.carrier_id = s.carrier_id",
  "SELECT ship_id, NULL FROM shipment",
  "SELECT ship_id, NULL FROM shipment WHERE 1 = 0", "the LEFT JOIN pruned as an inner one", dialect="sqlite")
# Flink FlinkLogicalRankRule: "a filter on RANK() = 1 is a Rank node: the rows tied at the top".
E("Flink:FlinkLogicalRankRule",
  "SELECT ship_id FROM (SELECT ship_id, RANK() OVER (PARTITION BY origin_wh ORDER BY weight DESC) AS rk "
  "FROM shipment WHERE weight IS NOT NULL) AS t WHERE rk = 1",
  "SELECT s.ship_id FROM shipment AS s WHERE s.weight = (SELECT MAX(s2.weight) FROM shipment AS s2 "
  "WHERE s2.origin_wh = s.origin_wh)",
  ("SELECT ship_id FROM (SELECT ship_id, ROW_NUMBER() OVER (PARTITION BY origin_wh ORDER BY weight DESC, ship_id) AS rk "
   "FROM shipment WHERE weight IS NOT NULL) AS t WHERE rk = 1",
   "SELECT s.ship_id FROM shipment AS s WHERE s.weight = (SELECT MAX(s2.weight) FROM shipment AS s2 "
   "WHERE s2.origin_wh = s.origin_wh)"), "ROW_NUMBER for RANK drops ties")
# Hive HivePointLookupOptimizerRule: "ORed equalities on the same column become IN".
E("Hive:HivePointLookupOptimizerRule",
  "SELECT ship_id FROM shipment WHERE carrier_id = 1 OR carrier_id = 3 OR (carrier_id = 2 AND status = 'NEW')",
  "SELECT ship_id FROM shipment WHERE carrier_id IN (1, 3) OR (carrier_id = 2 AND status = 'NEW')",
  "SELECT ship_id FROM shipment WHERE carrier_id IN (1, 2) OR (carrier_id = 2 AND status = 'NEW')",
  "a wrong constant in the list")
# Hive HivePreFilteringRule: "conjuncts common to every disjunct are factored out of the OR".
E("Hive:HivePreFilteringRule",
  "SELECT ship_id FROM shipment WHERE (origin_wh = 1 AND weight > 1) OR (weight > 1 AND origin_wh = 1 AND cost > 2.0) "
  "OR (origin_wh = 1 AND status = 'LOST')",
  "SELECT ship_id FROM shipment WHERE origin_wh = 1 AND (weight > 1 OR status = 'LOST')",
  "SELECT ship_id FROM shipment WHERE origin_wh = 1 AND weight > 1", "a disjunct dropped")
# Hive HiveJoinAddNotNullRule: "IS NOT NULL filters are added on inner join keys".
E("Hive:HiveJoinAddNotNullRule",
  "SELECT s.ship_id, w.city FROM shipment AS s JOIN warehouse AS w ON s.dest_wh = w.wh_id",
  "SELECT s.ship_id, w.city FROM (SELECT * FROM shipment WHERE dest_wh IS NOT NULL) AS s "
  "JOIN warehouse AS w ON s.dest_wh = w.wh_id",
  ("SELECT s.ship_id, w.city FROM shipment AS s LEFT JOIN warehouse AS w ON s.dest_wh = w.wh_id",
   "SELECT s.ship_id, w.city FROM (SELECT * FROM shipment WHERE dest_wh IS NOT NULL) AS s "
   "LEFT JOIN warehouse AS w ON s.dest_wh = w.wh_id"), "the filter added on an outer join's preserved side")
# Hive HiveIntersectRewriteRule: "INTERSECT becomes a UNION ALL of per-branch GROUP BYs,
# grouped again, keeping groups counted once per branch".
E("Hive:HiveIntersectRewriteRule",
  "SELECT origin_wh FROM shipment INTERSECT SELECT from_wh FROM route INTERSECT SELECT wh_id FROM stop",
  "SELECT w FROM (SELECT origin_wh AS w FROM shipment GROUP BY origin_wh UNION ALL "
  "SELECT from_wh FROM route GROUP BY from_wh UNION ALL SELECT wh_id FROM stop GROUP BY wh_id) AS u "
  "GROUP BY w HAVING COUNT(*) = 3",
  "SELECT w FROM (SELECT origin_wh AS w FROM shipment GROUP BY origin_wh UNION ALL "
  "SELECT from_wh FROM route GROUP BY from_wh UNION ALL SELECT wh_id FROM stop GROUP BY wh_id) AS u "
  "GROUP BY w HAVING COUNT(*) >= 2", "present in two branches is not enough")
# Hive HiveExceptRewriteRule: "EXCEPT: per-branch counts, kept where the left count is
# positive and the right one zero".
E("Hive:HiveExceptRewriteRule",
  "SELECT dest_wh FROM shipment EXCEPT SELECT from_wh FROM route",
  "SELECT k FROM (SELECT dest_wh AS k, COUNT(*) AS l, 0 AS r FROM shipment GROUP BY dest_wh UNION ALL "
  "SELECT from_wh, 0, COUNT(*) FROM route GROUP BY from_wh) AS u GROUP BY k HAVING SUM(l) > 0 AND SUM(r) = 0",
  "SELECT k FROM (SELECT dest_wh AS k, COUNT(*) AS l, 0 AS r FROM shipment GROUP BY dest_wh UNION ALL "
  "SELECT from_wh, 0, COUNT(*) FROM route GROUP BY from_wh) AS u GROUP BY k HAVING SUM(l) > SUM(r)",
  "EXCEPT ALL-like count comparison")
# Hive HiveRemoveGBYSemiJoinRule: "a GROUP BY on the right side of a semi join is removed".
E("Hive:HiveRemoveGBYSemiJoinRule",
  "SELECT ship_id FROM shipment WHERE carrier_id IN (SELECT carrier_id FROM shipment WHERE status = 'LOST' "
  "GROUP BY carrier_id)",
  "SELECT ship_id FROM shipment WHERE carrier_id IN (SELECT carrier_id FROM shipment WHERE status = 'LOST')",
  "SELECT ship_id FROM shipment WHERE carrier_id IN (SELECT carrier_id FROM shipment WHERE status = 'LOST' "
  "GROUP BY carrier_id HAVING COUNT(*) > 1)", "a HAVING kept on the removed GROUP BY")
# Hive HiveProjectFilterPullUpConstantsRule: "a column fixed by an equality filter is replaced
# by the constant in the projection".
E("Hive:HiveProjectFilterPullUpConstantsRule",
  "SELECT ship_id, status, origin_wh FROM shipment WHERE status = 'LOST' AND origin_wh = 2",
  "SELECT ship_id, 'LOST', 2 FROM shipment WHERE status = 'LOST' AND origin_wh = 2",
  "SELECT ship_id, 'LOST', 2 FROM shipment WHERE status = 'LOST'", "a filter dropped with its column")
# Impala NormalizeBinaryPredicatesRule: "a constant on the left is moved right, the operator flipped".
E("Impala:NormalizeBinaryPredicatesRule",
  "SELECT ship_id FROM shipment WHERE 2 < weight OR 4.0 <= cost",
  "SELECT ship_id FROM shipment WHERE weight > 2 OR cost >= 4.0",
  "SELECT ship_id FROM shipment WHERE weight < 2 OR cost >= 4.0", "the operator not flipped")
# Impala BetweenToCompoundRule: "NOT BETWEEN a AND b becomes x < a OR x > b".
E("Impala:BetweenToCompoundRule",
  "SELECT ship_id FROM shipment WHERE cost NOT BETWEEN 1.5 AND 2.0",
  "SELECT ship_id FROM shipment WHERE cost < 1.5 OR cost > 2.0",
  "SELECT ship_id FROM shipment WHERE cost <= 1.5 OR cost > 2.0", "<= for < at the boundary")
# Impala SimplifyConditionalsRule: "COALESCE with a non-NULL literal first is that literal;
# CASE WHEN TRUE is its branch".
E("Impala:SimplifyConditionalsRule",
  "SELECT ship_id, COALESCE(2, weight), CASE WHEN 1 = 1 THEN status ELSE 'x' END FROM shipment",
  "SELECT ship_id, 2, status FROM shipment",
  "SELECT ship_id, COALESCE(weight, 2), status FROM shipment", "the COALESCE arguments swapped")
# Impala SimplifyDistinctFromRule: "x IS NOT DISTINCT FROM x is TRUE; x IS DISTINCT FROM x FALSE".
E("Impala:SimplifyDistinctFromRule",
  "SELECT ship_id FROM shipment WHERE weight IS NOT DISTINCT FROM weight AND NOT (cost IS DISTINCT FROM cost)",
  "SELECT ship_id FROM shipment",
  "SELECT ship_id FROM shipment WHERE weight = weight", "= is not NULL-safe")
# Impala EqualityDisjunctsToInRule: "an IN list ORed with equalities on the same column is merged".
E("Impala:EqualityDisjunctsToInRule",
  "SELECT pkg_id FROM package WHERE kind IN ('box') OR kind = 'tube' OR weight = 2",
  "SELECT pkg_id FROM package WHERE kind IN ('box', 'tube') OR weight = 2",
  "SELECT pkg_id FROM package WHERE kind IN ('box') OR weight = 2", "an equality lost in merging")
# Impala NormalizeCountStarRule: "COUNT(<literal>) becomes COUNT(*)".
E("Impala:NormalizeCountStarRule",
  "SELECT c.carrier_id, COUNT(42) FROM carrier AS c JOIN shipment AS s ON s.carrier_id = c.carrier_id "
  "GROUP BY c.carrier_id",
  "SELECT c.carrier_id, COUNT(*) FROM carrier AS c JOIN shipment AS s ON s.carrier_id = c.carrier_id "
  "GROUP BY c.carrier_id",
  "SELECT c.carrier_id, COUNT(s.weight) FROM carrier AS c JOIN shipment AS s ON s.carrier_id = c.carrier_id "
  "GROUP BY c.carrier_id", "COUNT of a NULL-able column")


# ============================================================ papers (library)
# branch(branch_id PK, name NOT NULL, city), author(author_id PK, name NOT NULL, born, country),
# book(book_id PK, title NOT NULL, year, pages, branch_id FK NULL-able, price REAL),
# wrote(author_id, book_id; PK both, FKs), member(member_id PK, name NOT NULL, branch_id FK
# NULL-able, age), loan(loan_id PK, book_id FK NOT NULL, member_id FK NULL-able, days, fine REAL).

# --- Kim (1982), "On optimizing an SQL-like nested query": types A, N, J, JA, D.

# Type A (non-correlated scalar aggregate): "computed once; the predicate compares with a constant".
L("Kim:type-A",
  "SELECT title FROM book WHERE pages = (SELECT MAX(pages) FROM book)",
  "SELECT b.title FROM book AS b JOIN (SELECT MAX(pages) AS mp FROM book) AS t ON b.pages = t.mp",
  "SELECT title FROM book WHERE pages IS NOT NULL ORDER BY pages DESC LIMIT 1", "ties under LIMIT 1")
# Type N (non-correlated IN): "the nested block becomes a join" -- with the duplicates the
# inner relation brings removed (the correction of later authors).
L("Kim:type-N",
  "SELECT title FROM book WHERE book_id IN (SELECT book_id FROM loan WHERE days > 7)",
  "SELECT b.title FROM book AS b JOIN (SELECT DISTINCT book_id FROM loan WHERE days > 7) AS l ON l.book_id = b.book_id",
  "SELECT b.title FROM book AS b JOIN loan AS l ON l.book_id = b.book_id WHERE l.days > 7",
  "Kim's join keeps the inner duplicates")
# Type N with NOT IN: only a NOT NULL inner column makes NOT IN an anti join.
L("Kim:type-N-NOT-IN",
  "SELECT name FROM author WHERE author_id NOT IN (SELECT author_id FROM wrote)",
  "SELECT a.name FROM author AS a WHERE NOT EXISTS (SELECT 1 FROM wrote AS w WHERE w.author_id = a.author_id)",
  ("SELECT name FROM member WHERE member_id NOT IN (SELECT member_id FROM loan)",
   "SELECT m.name FROM member AS m WHERE NOT EXISTS (SELECT 1 FROM loan AS l WHERE l.member_id = m.member_id)"),
  "NOT IN over a NULL-able column")
L("Kim:type-N-NOT-IN",
  "SELECT name FROM member WHERE member_id NOT IN (SELECT member_id FROM loan)",
  "SELECT m.name FROM member AS m WHERE NOT EXISTS (SELECT 1 FROM loan AS l WHERE l.member_id = m.member_id) "
  "AND NOT EXISTS (SELECT 1 FROM loan WHERE member_id IS NULL)",
  "SELECT m.name FROM member AS m WHERE NOT EXISTS (SELECT 1 FROM loan AS l WHERE l.member_id = m.member_id)",
  "the NULL candidate ignored")
# Type J (correlated, no aggregate): "the correlation predicate becomes a join predicate".
L("Kim:type-J",
  "SELECT b.title FROM book AS b WHERE b.book_id IN (SELECT l.book_id FROM loan AS l JOIN member AS m "
  "ON m.member_id = l.member_id WHERE m.branch_id = b.branch_id)",
  "SELECT b.title FROM book AS b JOIN (SELECT DISTINCT l.book_id, m.branch_id FROM loan AS l JOIN member AS m "
  "ON m.member_id = l.member_id) AS x ON x.book_id = b.book_id AND x.branch_id = b.branch_id",
  "SELECT b.title FROM book AS b JOIN (SELECT l.book_id, m.branch_id FROM loan AS l JOIN member AS m "
  "ON m.member_id = l.member_id) AS x ON x.book_id = b.book_id AND x.branch_id = b.branch_id",
  "the inner duplicates kept")
# Type JA (correlated aggregate): "the inner block is grouped by the correlation column and joined".
L("Kim:type-JA",
  "SELECT b.title FROM book AS b WHERE b.year = (SELECT MAX(b2.year) FROM book AS b2 WHERE b2.branch_id = b.branch_id)",
  "SELECT b.title FROM book AS b JOIN (SELECT branch_id, MAX(year) AS my FROM book GROUP BY branch_id) AS t "
  "ON t.branch_id = b.branch_id AND b.year = t.my",
  "SELECT b.title FROM book AS b JOIN (SELECT MAX(year) AS my FROM book) AS t ON b.year = t.my",
  "the group key lost")
# The COUNT bug (Kim's JA transformation on COUNT), and the Ganski-Wong fix (outer join, COUNT of a column).
L("GanskiWong:count-bug",
  "SELECT b.book_id FROM book AS b WHERE (SELECT COUNT(*) FROM loan AS l WHERE l.book_id = b.book_id) < 2",
  "SELECT b.book_id FROM book AS b LEFT JOIN loan AS l ON l.book_id = b.book_id GROUP BY b.book_id "
  "HAVING COUNT(l.loan_id) < 2",
  "SELECT b.book_id FROM book AS b JOIN (SELECT book_id, COUNT(*) AS n FROM loan GROUP BY book_id) AS t "
  "ON t.book_id = b.book_id WHERE t.n < 2", "Kim's join: the COUNT bug")
L("GanskiWong:count-bug",
  "SELECT m.name FROM member AS m WHERE 0 = (SELECT COUNT(*) FROM loan AS l WHERE l.member_id = m.member_id "
  "AND l.days > 7)",
  "SELECT m.name FROM member AS m WHERE NOT EXISTS (SELECT 1 FROM loan AS l WHERE l.member_id = m.member_id "
  "AND l.days > 7)",
  "SELECT m.name FROM member AS m JOIN (SELECT member_id, COUNT(*) AS n FROM loan WHERE days > 7 GROUP BY member_id) "
  "AS t ON t.member_id = m.member_id WHERE t.n = 0", "Kim's join: a zero count never appears")
L("GanskiWong:outer-join-count",
  "SELECT b.book_id FROM book AS b WHERE b.pages / 100 > (SELECT COUNT(*) FROM loan AS l "
  "WHERE l.book_id = b.book_id AND l.days >= 7)",
  "SELECT b.book_id FROM book AS b LEFT JOIN loan AS l ON l.book_id = b.book_id AND l.days >= 7 "
  "GROUP BY b.book_id, b.pages HAVING b.pages / 100 > COUNT(l.loan_id)",
  "SELECT b.book_id FROM book AS b LEFT JOIN loan AS l ON l.book_id = b.book_id WHERE l.days >= 7 "
  "GROUP BY b.book_id, b.pages HAVING b.pages / 100 > COUNT(l.loan_id)", "the inner filter moved from ON to WHERE")
L("GanskiWong:outer-join-count",
  "SELECT a.author_id, (SELECT COUNT(*) FROM wrote AS w WHERE w.author_id = a.author_id) FROM author AS a",
  "SELECT a.author_id, COUNT(w.book_id) FROM author AS a LEFT JOIN wrote AS w ON w.author_id = a.author_id "
  "GROUP BY a.author_id",
  "SELECT a.author_id, COUNT(*) FROM author AS a LEFT JOIN wrote AS w ON w.author_id = a.author_id "
  "GROUP BY a.author_id", "COUNT(*) counts the padded row")
# Type D (division): "for all" as double NOT EXISTS equals counting the divisor's rows.
L("Kim:type-D",
  "SELECT m.member_id FROM member AS m WHERE NOT EXISTS (SELECT 1 FROM book AS b WHERE b.branch_id = 1 "
  "AND NOT EXISTS (SELECT 1 FROM loan AS l WHERE l.book_id = b.book_id AND l.member_id = m.member_id))",
  "SELECT m.member_id FROM member AS m WHERE (SELECT COUNT(DISTINCT l.book_id) FROM loan AS l JOIN book AS b "
  "ON b.book_id = l.book_id WHERE l.member_id = m.member_id AND b.branch_id = 1) = "
  "(SELECT COUNT(*) FROM book WHERE branch_id = 1)",
  "SELECT m.member_id FROM member AS m WHERE (SELECT COUNT(l.book_id) FROM loan AS l JOIN book AS b "
  "ON b.book_id = l.book_id WHERE l.member_id = m.member_id AND b.branch_id = 1) = "
  "(SELECT COUNT(*) FROM book WHERE branch_id = 1)", "repeated loans counted")
L("Kim:type-D",
  "SELECT a.author_id FROM author AS a WHERE NOT EXISTS (SELECT b.book_id FROM book AS b WHERE b.year = 2000 "
  "EXCEPT SELECT w.book_id FROM wrote AS w WHERE w.author_id = a.author_id)",
  "SELECT a.author_id FROM author AS a WHERE NOT EXISTS (SELECT 1 FROM book AS b WHERE b.year = 2000 "
  "AND NOT EXISTS (SELECT 1 FROM wrote AS w WHERE w.book_id = b.book_id AND w.author_id = a.author_id))",
  "SELECT a.author_id FROM author AS a WHERE NOT EXISTS (SELECT w.book_id FROM wrote AS w WHERE w.author_id = a.author_id "
  "EXCEPT SELECT b.book_id FROM book AS b WHERE b.year = 2000)", "the division the wrong way round")
# Dayal (1987) / Muralikrishna: a quantified comparison (x >= ALL) over a NULL-able column,
# as NOT EXISTS and as MAX plus a NULL count.
L("Dayal:ALL-as-aggregate",
  "SELECT b.book_id FROM book AS b WHERE NOT EXISTS (SELECT 1 FROM book AS b2 WHERE b2.year = b.year "
  "AND (b2.pages > b.pages OR b2.pages IS NULL OR b.pages IS NULL))",
  "SELECT b.book_id FROM book AS b WHERE (SELECT COUNT(*) FROM book AS b2 WHERE b2.year = b.year) = 0 "
  "OR (b.pages >= (SELECT MAX(b2.pages) FROM book AS b2 WHERE b2.year = b.year) "
  "AND (SELECT COUNT(*) FROM book AS b2 WHERE b2.year = b.year AND b2.pages IS NULL) = 0)",
  "SELECT b.book_id FROM book AS b WHERE (SELECT COUNT(*) FROM book AS b2 WHERE b2.year = b.year) = 0 "
  "OR b.pages >= (SELECT MAX(b2.pages) FROM book AS b2 WHERE b2.year = b.year)", "the NULL elements ignored")
# Dayal: NOT EXISTS as an outer join keeping the unmatched rows (test a NOT NULL column of the inner).
L("Dayal:anti-join-as-outer-join",
  "SELECT b.book_id FROM book AS b WHERE NOT EXISTS (SELECT 1 FROM loan AS l WHERE l.book_id = b.book_id)",
  "SELECT b.book_id FROM book AS b LEFT JOIN loan AS l ON l.book_id = b.book_id WHERE l.loan_id IS NULL",
  "SELECT b.book_id FROM book AS b LEFT JOIN loan AS l ON l.book_id = b.book_id WHERE l.member_id IS NULL",
  "a NULL-able inner column tested")

# --- Seshadri, Pirahesh, Leung (1996), "Complex query decorrelation" (magic decorrelation):
# "the correlated sub-query is computed once per distinct binding of the outer (the magic
# set), grouped by it, and joined back".
L("Seshadri:magic-decorrelation",
  "SELECT b.book_id, b.price FROM book AS b WHERE b.year = 2000 AND b.price > (SELECT AVG(b2.price) FROM book AS b2 "
  "WHERE b2.branch_id = b.branch_id)",
  "WITH magic AS (SELECT DISTINCT branch_id FROM book WHERE year = 2000), dec AS (SELECT m.branch_id, "
  "AVG(b2.price) AS ap FROM magic AS m JOIN book AS b2 ON b2.branch_id = m.branch_id GROUP BY m.branch_id) "
  "SELECT b.book_id, b.price FROM book AS b JOIN dec AS d ON d.branch_id = b.branch_id WHERE b.year = 2000 "
  "AND b.price > d.ap",
  "WITH magic AS (SELECT DISTINCT branch_id FROM book WHERE year = 2000), dec AS (SELECT m.branch_id, "
  "AVG(b2.price) AS ap FROM magic AS m JOIN book AS b2 ON b2.branch_id = m.branch_id AND b2.year = 2000 "
  "GROUP BY m.branch_id) "
  "SELECT b.book_id, b.price FROM book AS b JOIN dec AS d ON d.branch_id = b.branch_id WHERE b.year = 2000 "
  "AND b.price > d.ap", "the outer filter pushed into the sub-query")
L("Seshadri:magic-decorrelation",
  "SELECT m.member_id, (SELECT COUNT(*) FROM loan AS l WHERE l.member_id = m.member_id) FROM member AS m "
  "WHERE m.age > 20",
  "WITH magic AS (SELECT DISTINCT member_id FROM member WHERE age > 20), dec AS (SELECT g.member_id, COUNT(l.loan_id) "
  "AS n FROM magic AS g LEFT JOIN loan AS l ON l.member_id = g.member_id GROUP BY g.member_id) "
  "SELECT m.member_id, d.n FROM member AS m JOIN dec AS d ON d.member_id = m.member_id WHERE m.age > 20",
  "WITH magic AS (SELECT DISTINCT member_id FROM member WHERE age > 20), dec AS (SELECT g.member_id, COUNT(*) "
  "AS n FROM magic AS g LEFT JOIN loan AS l ON l.member_id = g.member_id GROUP BY g.member_id) "
  "SELECT m.member_id, d.n FROM member AS m JOIN dec AS d ON d.member_id = m.member_id WHERE m.age > 20",
  "COUNT(*) over the outer join")
L("Seshadri:magic-decorrelation",
  "SELECT b.book_id FROM book AS b WHERE b.pages > (SELECT AVG(b2.pages) FROM book AS b2 WHERE b2.year < b.year)",
  "WITH ms AS (SELECT DISTINCT year FROM book), d AS (SELECT ms.year, AVG(b2.pages) AS ap FROM ms "
  "JOIN book AS b2 ON b2.year < ms.year GROUP BY ms.year) SELECT b.book_id FROM book AS b JOIN d ON d.year = b.year "
  "WHERE b.pages > d.ap",
  "WITH ms AS (SELECT DISTINCT year FROM book), d AS (SELECT ms.year, AVG(b2.pages) AS ap FROM ms "
  "JOIN book AS b2 ON b2.year <= ms.year GROUP BY ms.year) SELECT b.book_id FROM book AS b JOIN d ON d.year = b.year "
  "WHERE b.pages > d.ap", "<= for < in the correlation")

# --- Galindo-Legaria & Rosenthal (1997), "Outerjoin simplification and reordering".
# Simplification: "an outer join whose padded side is rejected by a later null-rejecting
# predicate becomes a join (a FULL join, one-sided)".
L("GalindoLegaria:simplify-full-join",
  "SELECT b.book_id, br.name FROM book AS b FULL JOIN branch AS br ON br.branch_id = b.branch_id WHERE b.year > 1995",
  "SELECT b.book_id, br.name FROM book AS b LEFT JOIN branch AS br ON br.branch_id = b.branch_id WHERE b.year > 1995",
  "SELECT b.book_id, br.name FROM book AS b JOIN branch AS br ON br.branch_id = b.branch_id WHERE b.year > 1995",
  "made inner: books without a branch lost")
L("GalindoLegaria:simplify-full-join",
  "SELECT m.name, br.name FROM member AS m FULL JOIN branch AS br ON br.branch_id = m.branch_id "
  "WHERE m.age > 20 AND br.city = 'York'",
  "SELECT m.name, br.name FROM member AS m JOIN branch AS br ON br.branch_id = m.branch_id "
  "WHERE m.age > 20 AND br.city = 'York'",
  "SELECT m.name, br.name FROM member AS m LEFT JOIN branch AS br ON br.branch_id = m.branch_id "
  "WHERE m.age > 20 OR br.city = 'York'", "AND read as OR")
# Reordering: "(A LEFT B) LEFT C = (A LEFT C) LEFT B when both predicates reference A and
# their own right side only".
L("GalindoLegaria:outer-join-commute",
  "SELECT m.member_id, l.loan_id, br.name FROM member AS m LEFT JOIN loan AS l ON l.member_id = m.member_id "
  "LEFT JOIN branch AS br ON br.branch_id = m.branch_id",
  "SELECT m.member_id, l.loan_id, br.name FROM member AS m LEFT JOIN branch AS br ON br.branch_id = m.branch_id "
  "LEFT JOIN loan AS l ON l.member_id = m.member_id",
  "SELECT m.member_id, l.loan_id, br.name FROM member AS m LEFT JOIN branch AS br ON br.branch_id = m.branch_id "
  "JOIN loan AS l ON l.member_id = m.member_id", "the second outer join made inner")
# Associativity: "(A LEFT B) LEFT C = A LEFT (B LEFT C) when the B-C predicate rejects NULLs of B".
L("GalindoLegaria:outer-join-associate",
  "SELECT m.member_id, l.loan_id, b.title FROM member AS m LEFT JOIN loan AS l ON l.member_id = m.member_id "
  "LEFT JOIN book AS b ON b.book_id = l.book_id",
  "SELECT m.member_id, l.loan_id, b.title FROM member AS m LEFT JOIN (loan AS l LEFT JOIN book AS b "
  "ON b.book_id = l.book_id) ON l.member_id = m.member_id",
  "SELECT m.member_id, l.loan_id, b.title FROM member AS m LEFT JOIN loan AS l ON l.member_id = m.member_id "
  "JOIN book AS b ON b.book_id = l.book_id", "the outer join on top made inner")
# "(A JOIN B) LEFT C = A JOIN (B LEFT C) when the outer join's predicate references B and C only".
L("GalindoLegaria:join-outer-join-associate",
  "SELECT w.author_id, b.title, br.name FROM wrote AS w JOIN book AS b ON b.book_id = w.book_id "
  "LEFT JOIN branch AS br ON br.branch_id = b.branch_id",
  "SELECT w.author_id, b.title, br.name FROM wrote AS w JOIN (book AS b LEFT JOIN branch AS br "
  "ON br.branch_id = b.branch_id) ON b.book_id = w.book_id",
  "SELECT w.author_id, b.title, br.name FROM wrote AS w JOIN (book AS b JOIN branch AS br "
  "ON br.branch_id = b.branch_id) ON b.book_id = w.book_id", "the outer join made inner")
# "A predicate on the padded side in the ON clause can be pushed into that side".
L("GalindoLegaria:push-into-null-supplying-side",
  "SELECT m.member_id, l.loan_id FROM member AS m LEFT JOIN loan AS l ON l.member_id = m.member_id AND l.days > 7",
  "SELECT m.member_id, l.loan_id FROM member AS m LEFT JOIN (SELECT * FROM loan WHERE days > 7) AS l "
  "ON l.member_id = m.member_id",
  "SELECT m.member_id, l.loan_id FROM member AS m LEFT JOIN loan AS l ON l.member_id = m.member_id WHERE l.days > 7",
  "the predicate moved to WHERE")

# --- Bhargava, Goel, Iyer (1995), "Hypergraph based reorderings of outer join queries with
# complex predicates": a preserved-side conjunct of an outer join's ON may not become a filter.
L("Bhargava:preserved-side-predicate",
  "SELECT m.member_id, l.loan_id FROM member AS m LEFT JOIN loan AS l ON l.member_id = m.member_id AND m.age > 20",
  "SELECT m.member_id, l.loan_id FROM member AS m LEFT JOIN loan AS l "
  "ON l.member_id = CASE WHEN m.age > 20 THEN m.member_id END",
  "SELECT m.member_id, l.loan_id FROM (SELECT * FROM member WHERE age > 20) AS m LEFT JOIN loan AS l "
  "ON l.member_id = m.member_id", "the ON conjunct made a filter of the preserved side")
# Aggregation over an outer join pushed to the padded side (generalized aggregation).
L("Bhargava:aggregate-through-outer-join",
  "SELECT br.branch_id, COUNT(b.book_id), MIN(b.year) FROM branch AS br LEFT JOIN book AS b "
  "ON b.branch_id = br.branch_id GROUP BY br.branch_id",
  "SELECT br.branch_id, COALESCE(t.n, 0), t.my FROM branch AS br LEFT JOIN (SELECT branch_id, COUNT(*) AS n, "
  "MIN(year) AS my FROM book GROUP BY branch_id) AS t ON t.branch_id = br.branch_id",
  "SELECT br.branch_id, COALESCE(t.n, 0), t.my FROM branch AS br LEFT JOIN (SELECT branch_id, COUNT(*) AS n, "
  "MIN(year) AS my FROM book GROUP BY branch_id) AS t ON t.branch_id = br.branch_id WHERE t.n > 0",
  "the padded rows filtered out")

# --- Yan & Larson (1995), "Eager aggregation and lazy aggregation".
# Eager group-by: "the GROUP BY is pushed to the side whose columns are aggregated, grouped by
# the join column too; the other side joins on its key".
L("YanLarson:eager-group-by",
  "SELECT br.branch_id, br.name, SUM(b.price) FROM book AS b JOIN branch AS br ON br.branch_id = b.branch_id "
  "GROUP BY br.branch_id, br.name",
  "SELECT br.branch_id, br.name, t.sp FROM (SELECT branch_id, SUM(price) AS sp FROM book GROUP BY branch_id) AS t "
  "JOIN branch AS br ON br.branch_id = t.branch_id",
  "SELECT MIN(br.branch_id), br.name, SUM(t.sp) FROM (SELECT branch_id, SUM(price) AS sp FROM book GROUP BY branch_id) "
  "AS t JOIN branch AS br ON br.branch_id = t.branch_id GROUP BY br.name", "grouped by the name, not the key")
# Eager count: "COUNT(*) over a join becomes the SUM of counts pre-aggregated on one side".
L("YanLarson:eager-count",
  "SELECT l.member_id, COUNT(*) FROM loan AS l JOIN wrote AS w ON w.book_id = l.book_id GROUP BY l.member_id",
  "SELECT l.member_id, SUM(c.n) FROM loan AS l JOIN (SELECT book_id, COUNT(*) AS n FROM wrote GROUP BY book_id) AS c "
  "ON c.book_id = l.book_id GROUP BY l.member_id",
  "SELECT l.member_id, COUNT(*) FROM loan AS l JOIN (SELECT book_id, COUNT(*) AS n FROM wrote GROUP BY book_id) AS c "
  "ON c.book_id = l.book_id GROUP BY l.member_id", "COUNT of the pre-aggregated rows")
L("YanLarson:eager-count",
  "SELECT b.branch_id, COUNT(*) FROM book AS b JOIN loan AS l ON l.book_id = b.book_id GROUP BY b.branch_id",
  "SELECT b.branch_id, SUM(t.n) FROM book AS b JOIN (SELECT book_id, COUNT(*) AS n FROM loan GROUP BY book_id) AS t "
  "ON t.book_id = b.book_id GROUP BY b.branch_id",
  "SELECT b.branch_id, MAX(t.n) FROM book AS b JOIN (SELECT book_id, COUNT(*) AS n FROM loan GROUP BY book_id) AS t "
  "ON t.book_id = b.book_id GROUP BY b.branch_id", "MAX for SUM of the partial counts")
# Eager group-by with the other side's duplication factor (eager split / count multiplication).
L("YanLarson:eager-group-by-count",
  "SELECT w.author_id, SUM(l.days) FROM wrote AS w JOIN loan AS l ON l.book_id = w.book_id GROUP BY w.author_id",
  "SELECT w.author_id, SUM(t.sd) FROM wrote AS w JOIN (SELECT book_id, SUM(days) AS sd FROM loan GROUP BY book_id) "
  "AS t ON t.book_id = w.book_id GROUP BY w.author_id",
  "SELECT w.author_id, MAX(t.sd) FROM wrote AS w JOIN (SELECT book_id, SUM(days) AS sd FROM loan GROUP BY book_id) "
  "AS t ON t.book_id = w.book_id GROUP BY w.author_id", "MAX for SUM of the partial sums")
L("YanLarson:eager-group-by-count",
  "SELECT b.branch_id, SUM(b.pages) FROM book AS b JOIN wrote AS w ON w.book_id = b.book_id GROUP BY b.branch_id",
  "SELECT b.branch_id, SUM(b.pages * c.n) FROM book AS b JOIN (SELECT book_id, COUNT(*) AS n FROM wrote "
  "GROUP BY book_id) AS c ON c.book_id = b.book_id GROUP BY b.branch_id",
  "SELECT b.branch_id, SUM(b.pages) FROM book AS b JOIN (SELECT book_id, COUNT(*) AS n FROM wrote "
  "GROUP BY book_id) AS c ON c.book_id = b.book_id GROUP BY b.branch_id", "the duplication factor dropped")
# Lazy aggregation (the reverse): "a pre-aggregation below a join is pulled above it".
L("YanLarson:lazy-group-by",
  "SELECT a.country, SUM(t.n) FROM author AS a JOIN (SELECT author_id, COUNT(*) AS n FROM wrote GROUP BY author_id) "
  "AS t ON t.author_id = a.author_id GROUP BY a.country",
  "SELECT a.country, COUNT(*) FROM author AS a JOIN wrote AS w ON w.author_id = a.author_id GROUP BY a.country",
  "SELECT a.country, COUNT(DISTINCT w.author_id) FROM author AS a JOIN wrote AS w ON w.author_id = a.author_id "
  "GROUP BY a.country", "counts authors, not books written")

# --- Chaudhuri & Shim (1994), "Including group-by in query optimization": pull-up / push-down
# of GROUP BY across a foreign-key join.
L("ChaudhuriShim:group-by-pull-up",
  "SELECT m.member_id, m.name, t.n FROM member AS m JOIN (SELECT member_id, COUNT(*) AS n FROM loan "
  "GROUP BY member_id) AS t ON t.member_id = m.member_id",
  "SELECT m.member_id, m.name, COUNT(*) FROM member AS m JOIN loan AS l ON l.member_id = m.member_id "
  "GROUP BY m.member_id, m.name",
  "SELECT m.member_id, m.name, COUNT(*) FROM member AS m LEFT JOIN loan AS l ON l.member_id = m.member_id "
  "GROUP BY m.member_id, m.name", "the join made outer")
L("ChaudhuriShim:group-by-pull-up",
  "SELECT m.name, t.total FROM member AS m JOIN (SELECT member_id, SUM(days) AS total FROM loan GROUP BY member_id) "
  "AS t ON t.member_id = m.member_id WHERE t.total > 7",
  "SELECT m.name, SUM(l.days) FROM member AS m JOIN loan AS l ON l.member_id = m.member_id "
  "GROUP BY m.member_id, m.name HAVING SUM(l.days) > 7",
  "SELECT m.name, SUM(l.days) FROM member AS m JOIN loan AS l ON l.member_id = m.member_id "
  "WHERE l.days > 7 GROUP BY m.member_id, m.name", "HAVING on the sum made WHERE on the rows")
L("ChaudhuriShim:group-by-push-down",
  "SELECT br.city, COUNT(*) FROM member AS m JOIN branch AS br ON br.branch_id = m.branch_id GROUP BY br.city",
  "SELECT br.city, SUM(t.n) FROM (SELECT branch_id, COUNT(*) AS n FROM member GROUP BY branch_id) AS t "
  "JOIN branch AS br ON br.branch_id = t.branch_id GROUP BY br.city",
  "SELECT br.city, MAX(t.n) FROM (SELECT branch_id, COUNT(*) AS n FROM member GROUP BY branch_id) AS t "
  "JOIN branch AS br ON br.branch_id = t.branch_id GROUP BY br.city", "MAX for SUM")

# --- Rao, Lindsay, Lohman, Pirahesh, Simmen (2001) / Galindo-Legaria & Joshi (2001): Apply
# identities; Neumann & Kemper (2015): a dependent join over the domain of the outer's
# correlated values.
# "Apply over a UNION ALL distributes: EXISTS of a union is an OR of the EXISTS".
L("Rao:apply-over-union",
  "SELECT m.member_id FROM member AS m WHERE EXISTS (SELECT 1 FROM loan AS l WHERE l.member_id = m.member_id "
  "AND l.days = 0 UNION ALL SELECT 1 FROM branch AS br WHERE br.branch_id = m.branch_id AND br.city = 'York')",
  "SELECT m.member_id FROM member AS m WHERE EXISTS (SELECT 1 FROM loan AS l WHERE l.member_id = m.member_id "
  "AND l.days = 0) OR EXISTS (SELECT 1 FROM branch AS br WHERE br.branch_id = m.branch_id AND br.city = 'York')",
  "SELECT m.member_id FROM member AS m WHERE EXISTS (SELECT 1 FROM loan AS l WHERE l.member_id = m.member_id "
  "AND l.days = 0) AND EXISTS (SELECT 1 FROM branch AS br WHERE br.branch_id = m.branch_id AND br.city = 'York')",
  "OR made AND")
# "Apply with a scalar sub-query on a key (at most one row) is a LEFT OUTER JOIN".
L("Rao:apply-max1row-as-outer-join",
  "SELECT l.loan_id, (SELECT b.title FROM book AS b WHERE b.book_id = l.book_id), "
  "(SELECT m.name FROM member AS m WHERE m.member_id = l.member_id) FROM loan AS l",
  "SELECT l.loan_id, b.title, m.name FROM loan AS l JOIN book AS b ON b.book_id = l.book_id "
  "LEFT JOIN member AS m ON m.member_id = l.member_id",
  "SELECT l.loan_id, b.title, m.name FROM loan AS l JOIN book AS b ON b.book_id = l.book_id "
  "JOIN member AS m ON m.member_id = l.member_id", "the NULL-able reference joined inner")
# Dependent join with a domain: "the sub-query is evaluated for the DISTINCT correlated values
# (the domain) and joined back on them".
L("Neumann:dependent-join-domain",
  "SELECT a.author_id FROM author AS a WHERE EXISTS (SELECT 1 FROM wrote AS w JOIN book AS b ON b.book_id = w.book_id "
  "WHERE w.author_id = a.author_id AND b.year > a.born + 40)",
  "SELECT a.author_id FROM author AS a JOIN (SELECT DISTINCT d.author_id, d.born FROM (SELECT DISTINCT author_id, born "
  "FROM author) AS d JOIN wrote AS w ON w.author_id = d.author_id JOIN book AS b ON b.book_id = w.book_id "
  "WHERE b.year > d.born + 40) AS x ON x.author_id = a.author_id AND x.born = a.born",
  "SELECT a.author_id FROM author AS a JOIN (SELECT d.author_id, d.born FROM (SELECT DISTINCT author_id, born "
  "FROM author) AS d JOIN wrote AS w ON w.author_id = d.author_id JOIN book AS b ON b.book_id = w.book_id "
  "WHERE b.year > d.born + 40) AS x ON x.author_id = a.author_id AND x.born = a.born", "the domain join's DISTINCT dropped")
L("Neumann:dependent-join-domain",
  "SELECT l.loan_id FROM loan AS l WHERE l.days > (SELECT AVG(l2.days) FROM loan AS l2 "
  "WHERE l2.member_id = l.member_id OR l2.book_id = l.book_id)",
  "WITH d AS (SELECT DISTINCT member_id, book_id FROM loan), agg AS (SELECT d.member_id, d.book_id, AVG(l2.days) AS a "
  "FROM d JOIN loan AS l2 ON l2.member_id = d.member_id OR l2.book_id = d.book_id GROUP BY d.member_id, d.book_id) "
  "SELECT l.loan_id FROM loan AS l JOIN agg ON agg.member_id IS l.member_id AND agg.book_id = l.book_id "
  "WHERE l.days > agg.a",
  "WITH d AS (SELECT DISTINCT member_id, book_id FROM loan), agg AS (SELECT d.member_id, d.book_id, AVG(l2.days) AS a "
  "FROM d JOIN loan AS l2 ON l2.member_id = d.member_id OR l2.book_id = d.book_id GROUP BY d.member_id, d.book_id) "
  "SELECT l.loan_id FROM loan AS l JOIN agg ON agg.member_id = l.member_id AND agg.book_id = l.book_id "
  "WHERE l.days > agg.a", "the domain joined back with = (NULL bindings lost)", dialect="sqlite")
# A correlated top-1 (ORDER BY ... LIMIT 1) as a ranked join.
L("Neumann:dependent-join-top1",
  "SELECT m.member_id, (SELECT l.days FROM loan AS l WHERE l.member_id = m.member_id ORDER BY l.days DESC LIMIT 1) "
  "FROM member AS m",
  "SELECT m.member_id, t.days FROM member AS m LEFT JOIN (SELECT member_id, days, ROW_NUMBER() OVER "
  "(PARTITION BY member_id ORDER BY days DESC) AS rn FROM loan) AS t ON t.member_id = m.member_id AND t.rn = 1",
  "SELECT m.member_id, t.days FROM member AS m LEFT JOIN (SELECT member_id, days, ROW_NUMBER() OVER "
  "(PARTITION BY member_id ORDER BY days) AS rn FROM loan) AS t ON t.member_id = m.member_id AND t.rn = 1",
  "the ranking's direction lost")
# Paulley & Larson (1994), "Exploiting uniqueness in query optimization": DISTINCT is
# redundant when the result contains a key of every joined table.
L("PaulleyLarson:redundant-distinct",
  "SELECT DISTINCT w.author_id, w.book_id, b.title FROM wrote AS w JOIN book AS b ON b.book_id = w.book_id",
  "SELECT w.author_id, w.book_id, b.title FROM wrote AS w JOIN book AS b ON b.book_id = w.book_id",
  ("SELECT DISTINCT w.author_id, b.title FROM wrote AS w JOIN book AS b ON b.book_id = w.book_id",
   "SELECT w.author_id, b.title FROM wrote AS w JOIN book AS b ON b.book_id = w.book_id"),
  "the kept columns hold no key of book")
L("PaulleyLarson:redundant-distinct",
  "SELECT DISTINCT l.loan_id, m.name FROM loan AS l LEFT JOIN member AS m ON m.member_id = l.member_id",
  "SELECT l.loan_id, m.name FROM loan AS l LEFT JOIN member AS m ON m.member_id = l.member_id",
  ("SELECT DISTINCT l.book_id, m.name FROM loan AS l LEFT JOIN member AS m ON m.member_id = l.member_id",
   "SELECT l.book_id, m.name FROM loan AS l LEFT JOIN member AS m ON m.member_id = l.member_id"),
  "a foreign key is not a key")


# Muralikrishna (1992), "Improved unnesting algorithms for join aggregate SQL queries": a JA
# query with a non-equality correlation as a join grouped by the outer row.
L("Muralikrishna:non-equi-JA",
  "SELECT b.book_id FROM book AS b WHERE b.pages >= (SELECT MAX(b2.pages) FROM book AS b2 WHERE b2.year <= b.year)",
  "SELECT b.book_id FROM book AS b JOIN book AS b2 ON b2.year <= b.year GROUP BY b.book_id, b.pages "
  "HAVING b.pages >= MAX(b2.pages)",
  "SELECT b.book_id FROM book AS b JOIN book AS b2 ON b2.year < b.year GROUP BY b.book_id, b.pages "
  "HAVING b.pages >= MAX(b2.pages)", "< for <= in the correlation")
# Ganski & Wong (1987): a correlated NOT IN keeps its three-valued meaning only with the
# NULL cases spelt out in the NOT EXISTS.
L("GanskiWong:correlated-NOT-IN",
  "SELECT b.book_id FROM book AS b WHERE b.year NOT IN (SELECT b2.year FROM book AS b2 "
  "WHERE b2.branch_id = b.branch_id AND b2.book_id <> b.book_id)",
  "SELECT b.book_id FROM book AS b WHERE NOT EXISTS (SELECT 1 FROM book AS b2 WHERE b2.branch_id = b.branch_id "
  "AND b2.book_id <> b.book_id AND (b2.year = b.year OR b2.year IS NULL OR b.year IS NULL))",
  "SELECT b.book_id FROM book AS b WHERE NOT EXISTS (SELECT 1 FROM book AS b2 WHERE b2.branch_id = b.branch_id "
  "AND b2.book_id <> b.book_id AND b2.year = b.year)", "NOT IN read as NOT EXISTS")
# Pirahesh, Hellerstein, Hasan (1992), Starburst rewrite rules: "an EXISTS sub-query that
# matches at most one row per outer row (on a key) becomes a join"; "DISTINCT in an IN
# sub-query is redundant"; "a DISTINCT view merged into a DISTINCT query".
L("Starburst:exists-to-join",
  "SELECT l.loan_id FROM loan AS l WHERE EXISTS (SELECT 1 FROM book AS b WHERE b.book_id = l.book_id AND b.year = 2000)",
  "SELECT l.loan_id FROM loan AS l JOIN book AS b ON b.book_id = l.book_id WHERE b.year = 2000",
  ("SELECT l.loan_id FROM loan AS l WHERE EXISTS (SELECT 1 FROM wrote AS w WHERE w.book_id = l.book_id)",
   "SELECT l.loan_id FROM loan AS l JOIN wrote AS w ON w.book_id = l.book_id"), "the inner side is not keyed")
L("Starburst:distinct-in-subquery",
  "SELECT name FROM member WHERE member_id IN (SELECT DISTINCT member_id FROM loan WHERE days > 7)",
  "SELECT name FROM member WHERE member_id IN (SELECT member_id FROM loan WHERE days > 7)",
  "SELECT m.name FROM member AS m JOIN loan AS l ON l.member_id = m.member_id WHERE l.days > 7",
  "a join keeps the duplicates")
L("Starburst:merge-distinct-view",
  "SELECT DISTINCT x FROM (SELECT DISTINCT branch_id AS x, year FROM book) AS t",
  "SELECT DISTINCT branch_id FROM book",
  "SELECT x FROM (SELECT DISTINCT branch_id AS x, year FROM book) AS t", "the outer DISTINCT dropped")
# Galindo-Legaria (1994), "Outerjoins as disjunctions": a FULL join is the LEFT join plus the
# unmatched right rows padded.
L("GalindoLegaria:full-join-as-union",
  "SELECT b.book_id, br.branch_id FROM book AS b FULL JOIN branch AS br ON br.branch_id = b.branch_id",
  "SELECT b.book_id, br.branch_id FROM book AS b LEFT JOIN branch AS br ON br.branch_id = b.branch_id "
  "UNION ALL SELECT NULL, br.branch_id FROM branch AS br WHERE NOT EXISTS (SELECT 1 FROM book AS b "
  "WHERE b.branch_id = br.branch_id)",
  "SELECT b.book_id, br.branch_id FROM book AS b LEFT JOIN branch AS br ON br.branch_id = b.branch_id "
  "UNION ALL SELECT NULL, br.branch_id FROM branch AS br WHERE br.branch_id NOT IN (SELECT branch_id FROM book)",
  "NULL in NOT IN")
# Chaudhuri & Shim: invariant grouping -- a GROUP BY on the foreign-key side's key commutes
# with a join (and a filter) on the other side.
L("ChaudhuriShim:invariant-grouping",
  "SELECT b.book_id, b.title, COUNT(*) FROM book AS b JOIN loan AS l ON l.book_id = b.book_id WHERE b.year = 2000 "
  "GROUP BY b.book_id, b.title",
  "SELECT b.book_id, b.title, t.n FROM book AS b JOIN (SELECT book_id, COUNT(*) AS n FROM loan GROUP BY book_id) AS t "
  "ON t.book_id = b.book_id WHERE b.year = 2000",
  "SELECT b.book_id, b.title, COALESCE(t.n, 0) FROM book AS b LEFT JOIN (SELECT book_id, COUNT(*) AS n FROM loan "
  "GROUP BY book_id) AS t ON t.book_id = b.book_id WHERE b.year = 2000", "books without loans kept with 0")
# Neumann & Kemper: a dependent GROUP BY ... HAVING inside EXISTS unnested by grouping on the
# correlation column as well.
L("Neumann:dependent-group-by",
  "SELECT m.member_id FROM member AS m WHERE EXISTS (SELECT l.book_id FROM loan AS l WHERE l.member_id = m.member_id "
  "GROUP BY l.book_id HAVING COUNT(*) > 1)",
  "SELECT m.member_id FROM member AS m WHERE m.member_id IN (SELECT member_id FROM loan GROUP BY member_id, book_id "
  "HAVING COUNT(*) > 1)",
  "SELECT m.member_id FROM member AS m WHERE m.member_id IN (SELECT member_id FROM loan GROUP BY member_id "
  "HAVING COUNT(*) > 1)", "a missing group key")
# Dayal (1987): a correlated MIN compared with the outer column, as an anti join on the
# smaller values (NULLs taken care of by the aggregate ignoring them).
L("Dayal:min-as-anti-join",
  "SELECT l.loan_id FROM loan AS l WHERE l.days = (SELECT MIN(l2.days) FROM loan AS l2 WHERE l2.book_id = l.book_id)",
  "SELECT l.loan_id FROM loan AS l WHERE l.days IS NOT NULL AND NOT EXISTS (SELECT 1 FROM loan AS l2 "
  "WHERE l2.book_id = l.book_id AND l2.days < l.days)",
  "SELECT l.loan_id FROM loan AS l WHERE NOT EXISTS (SELECT 1 FROM loan AS l2 "
  "WHERE l2.book_id = l.book_id AND l2.days < l.days)", "NULL days kept")

# ============================================================ bird_style (hospital, league, bank)
# hospital: patient(patient_id PK, sex, birthday, admission '+'/'-', diagnosis), examination(
# exam_id PK, patient_id FK NULL-able, exam_date, igg, thrombosis), lab(lab_id PK, patient_id FK
# NOT NULL, date NOT NULL, got, ldh). Evidence-style hints in the comments.

# "What percentage of patients are female?" (percentage = COUNT(sex = 'F') * 100 / COUNT(*))
B("hospital", "IIF-percentage vs CASE-percentage",
  "SELECT CAST(SUM(IIF(sex = 'F', 1, 0)) AS REAL) * 100 / COUNT(*) FROM patient",
  "SELECT 100.0 * SUM(CASE WHEN sex = 'F' THEN 1 ELSE 0 END) / COUNT(*) FROM patient",
  "SELECT SUM(IIF(sex = 'F', 1, 0)) * 100 / COUNT(*) FROM patient", "integer division")
# "Among the examinations in 2012, what percentage found thrombosis level 1?"
B("hospital", "SUBSTR-year vs LIKE-prefix; SUM(CASE) vs COUNT(CASE)",
  "SELECT CAST(SUM(CASE WHEN thrombosis = 1 THEN 1 ELSE 0 END) AS REAL) * 100 / COUNT(exam_id) FROM examination "
  "WHERE SUBSTR(exam_date, 1, 4) = '2012'",
  "SELECT 100.0 * COUNT(CASE WHEN thrombosis = 1 THEN 1 END) / COUNT(*) FROM examination WHERE exam_date LIKE '2012%'",
  "SELECT 100.0 * COUNT(CASE WHEN thrombosis = 1 THEN 1 END) / COUNT(thrombosis) FROM examination "
  "WHERE exam_date LIKE '2012%'", "COUNT(col) for COUNT(*) in the denominator")
# "List the IDs of patients born in 1985 or later."
B("hospital", "SUBSTR-year vs date string comparison",
  "SELECT patient_id FROM patient WHERE SUBSTR(birthday, 1, 4) >= '1985'",
  "SELECT patient_id FROM patient WHERE birthday >= '1985'",
  "SELECT patient_id FROM patient WHERE SUBSTR(birthday, 1, 4) > '1985'", "> for >= (off by one year)")
# "How many patients had a laboratory GOT above 40?"
B("hospital", "COUNT(DISTINCT) over a join vs IN",
  "SELECT COUNT(DISTINCT p.patient_id) FROM patient AS p JOIN lab AS l ON l.patient_id = p.patient_id WHERE l.got > 40",
  "SELECT COUNT(*) FROM patient WHERE patient_id IN (SELECT patient_id FROM lab WHERE got > 40)",
  "SELECT COUNT(p.patient_id) FROM patient AS p JOIN lab AS l ON l.patient_id = p.patient_id WHERE l.got > 40",
  "missing DISTINCT")
# "What is the diagnosis of the oldest patient? (ties: the smallest ID)"
B("hospital", "ORDER BY LIMIT 1 vs nested MIN with a key tie break",
  "SELECT diagnosis FROM patient WHERE birthday IS NOT NULL ORDER BY birthday, patient_id LIMIT 1",
  "SELECT diagnosis FROM patient WHERE patient_id = (SELECT MIN(patient_id) FROM patient "
  "WHERE birthday = (SELECT MIN(birthday) FROM patient))",
  ("SELECT diagnosis FROM patient ORDER BY birthday, patient_id LIMIT 1",
   "SELECT diagnosis FROM patient WHERE patient_id = (SELECT MIN(patient_id) FROM patient "
   "WHERE birthday = (SELECT MIN(birthday) FROM patient))"), "NULL birthdays sort first")
# "How many male patients were admitted ('+')?"
B("hospital", "COUNT(*) with WHERE vs COUNT(IIF)",
  "SELECT COUNT(*) FROM patient WHERE sex = 'M' AND admission = '+'",
  "SELECT COUNT(IIF(sex = 'M' AND admission = '+', 1, NULL)) FROM patient",
  "SELECT SUM(IIF(sex = 'M' AND admission = '+', 1, 0)) FROM patient", "SUM is NULL on no patient, COUNT is 0")
# "Which patients had an examination with IgG above 1000? List distinct IDs and sexes."
B("hospital", "JOIN DISTINCT vs EXISTS",
  "SELECT DISTINCT p.patient_id, p.sex FROM patient AS p JOIN examination AS e ON e.patient_id = p.patient_id "
  "WHERE e.igg > 1000",
  "SELECT p.patient_id, p.sex FROM patient AS p WHERE EXISTS (SELECT 1 FROM examination AS e "
  "WHERE e.patient_id = p.patient_id AND e.igg > 1000)",
  "SELECT p.patient_id, p.sex FROM patient AS p JOIN examination AS e ON e.patient_id = p.patient_id "
  "WHERE e.igg > 1000", "missing DISTINCT")
# "What is the average IgG of SLE patients' examinations?"
B("hospital", "AVG vs SUM / COUNT",
  "SELECT AVG(e.igg) FROM examination AS e JOIN patient AS p ON p.patient_id = e.patient_id WHERE p.diagnosis = 'SLE'",
  "SELECT CAST(SUM(e.igg) AS REAL) / COUNT(e.igg) FROM examination AS e WHERE e.patient_id IN "
  "(SELECT patient_id FROM patient WHERE diagnosis = 'SLE')",
  "SELECT CAST(SUM(e.igg) AS REAL) / COUNT(*) FROM examination AS e WHERE e.patient_id IN "
  "(SELECT patient_id FROM patient WHERE diagnosis = 'SLE')", "NULL IgG values counted")
# "Which patients never had an examination?"
B("hospital", "NOT EXISTS vs NOT IN with the NULLs filtered",
  "SELECT patient_id FROM patient AS p WHERE NOT EXISTS (SELECT 1 FROM examination AS e "
  "WHERE e.patient_id = p.patient_id)",
  "SELECT patient_id FROM patient WHERE patient_id NOT IN (SELECT patient_id FROM examination "
  "WHERE patient_id IS NOT NULL)",
  "SELECT patient_id FROM patient WHERE patient_id NOT IN (SELECT patient_id FROM examination)",
  "NULL in NOT IN")
# "For each examination, the patient's age in years at the examination (year difference)."
B("hospital", "strftime text difference vs CAST strftime difference",
  "SELECT e.exam_id, strftime('%Y', e.exam_date) - strftime('%Y', p.birthday) FROM examination AS e "
  "JOIN patient AS p ON p.patient_id = e.patient_id",
  "SELECT e.exam_id, CAST(strftime('%Y', e.exam_date) AS INTEGER) - CAST(strftime('%Y', p.birthday) AS INTEGER) "
  "FROM examination AS e JOIN patient AS p ON p.patient_id = e.patient_id",
  "SELECT e.exam_id, CAST(strftime('%Y', p.birthday) AS INTEGER) - CAST(strftime('%Y', e.exam_date) AS INTEGER) "
  "FROM examination AS e JOIN patient AS p ON p.patient_id = e.patient_id", "the difference the wrong way round")
# "The two patients with the most laboratory tests (ties: smaller ID first)."
B("hospital", "ORDER BY LIMIT vs ROW_NUMBER",
  "SELECT patient_id FROM lab GROUP BY patient_id ORDER BY COUNT(*) DESC, patient_id LIMIT 2",
  "SELECT patient_id FROM (SELECT patient_id, ROW_NUMBER() OVER (ORDER BY COUNT(*) DESC, patient_id) AS rn "
  "FROM lab GROUP BY patient_id) AS t WHERE rn <= 2",
  "SELECT patient_id FROM (SELECT patient_id, ROW_NUMBER() OVER (ORDER BY COUNT(*) DESC, patient_id) AS rn "
  "FROM lab GROUP BY patient_id) AS t WHERE rn < 2", "off by one in the rank")
# "How many laboratory tests were done in 1991?"
B("hospital", "LIKE-prefix vs date range",
  "SELECT COUNT(*) FROM lab WHERE date LIKE '1991%'",
  "SELECT COUNT(*) FROM lab WHERE date >= '1991' AND date < '1992'",
  "SELECT COUNT(*) FROM lab WHERE date LIKE '199%'", "the wrong date prefix")
# "Which patients had more than one examination?"
B("hospital", "GROUP BY HAVING vs correlated COUNT",
  "SELECT patient_id FROM examination GROUP BY patient_id HAVING COUNT(patient_id) > 1",
  "SELECT patient_id FROM patient AS p WHERE (SELECT COUNT(*) FROM examination AS e "
  "WHERE e.patient_id = p.patient_id) > 1",
  ("SELECT patient_id FROM examination GROUP BY patient_id HAVING COUNT(*) > 1",
   "SELECT patient_id FROM patient AS p WHERE (SELECT COUNT(*) FROM examination AS e "
   "WHERE e.patient_id = p.patient_id) > 1"), "COUNT(*) keeps the NULL group")
# "Which examination had the highest IgG (ties: smallest exam ID)?"
B("hospital", "ORDER BY DESC LIMIT 1 vs MAX then MIN key",
  "SELECT exam_id FROM examination WHERE igg IS NOT NULL ORDER BY igg DESC, exam_id LIMIT 1",
  "SELECT MIN(exam_id) FROM examination WHERE igg = (SELECT MAX(igg) FROM examination) HAVING COUNT(*) > 0",
  "SELECT exam_id FROM examination WHERE igg IS NOT NULL ORDER BY igg, exam_id LIMIT 1", "the sort direction lost")
# "For each diagnosis, the number of patients with at least one lab test with LDH above 300."
B("hospital", "CTE vs derived table with EXISTS",
  "WITH hi AS (SELECT DISTINCT patient_id FROM lab WHERE ldh > 300) SELECT p.diagnosis, COUNT(*) FROM patient AS p "
  "JOIN hi ON hi.patient_id = p.patient_id GROUP BY p.diagnosis",
  "SELECT diagnosis, COUNT(patient_id) FROM patient AS p WHERE EXISTS (SELECT 1 FROM lab AS l "
  "WHERE l.patient_id = p.patient_id AND l.ldh > 300) GROUP BY diagnosis",
  "SELECT diagnosis, COUNT(diagnosis) FROM patient AS p WHERE EXISTS (SELECT 1 FROM lab AS l "
  "WHERE l.patient_id = p.patient_id AND l.ldh > 300) GROUP BY diagnosis", "COUNT of the NULL-able group column")
# "Female patients admitted or with diagnosis RA: how many?"
B("hospital", "IN-list vs OR; COUNT(*) vs SUM(IIF) over a filter",
  "SELECT COUNT(*) FROM patient WHERE sex = 'F' AND (admission = '+' OR diagnosis = 'RA')",
  "SELECT COUNT(patient_id) FROM patient WHERE sex IN ('F') AND ('+' IN (admission) OR diagnosis IN ('RA'))",
  "SELECT COUNT(*) FROM patient WHERE sex = 'F' AND admission = '+' OR diagnosis = 'RA'", "missing parentheses")
# "The average number of examinations per examined patient."
B("hospital", "nested aggregate via derived table vs ratio of counts",
  "SELECT AVG(n) FROM (SELECT patient_id, COUNT(*) AS n FROM examination WHERE patient_id IS NOT NULL "
  "GROUP BY patient_id) AS t",
  "SELECT CAST(COUNT(patient_id) AS REAL) / NULLIF(COUNT(DISTINCT patient_id), 0) FROM examination",
  "SELECT CAST(COUNT(*) AS REAL) / NULLIF(COUNT(DISTINCT patient_id), 0) FROM examination",
  "examinations without a patient counted")
# "Patients whose diagnosis is not 'SLE' (unknown diagnoses included)."
B("hospital", "NULL-safe inequality: IS NOT vs OR IS NULL",
  "SELECT patient_id FROM patient WHERE diagnosis IS NOT 'SLE'",
  "SELECT patient_id FROM patient WHERE diagnosis <> 'SLE' OR diagnosis IS NULL",
  "SELECT patient_id FROM patient WHERE diagnosis <> 'SLE'", "NULL diagnoses dropped")
# "Highest LDH per patient, for patients with any lab test, with the patient's sex."
B("hospital", "GROUP BY over join vs correlated MAX",
  "SELECT p.patient_id, p.sex, MAX(l.ldh) FROM patient AS p JOIN lab AS l ON l.patient_id = p.patient_id "
  "GROUP BY p.patient_id, p.sex",
  "SELECT p.patient_id, p.sex, (SELECT MAX(ldh) FROM lab WHERE lab.patient_id = p.patient_id) FROM patient AS p "
  "WHERE p.patient_id IN (SELECT patient_id FROM lab)",
  "SELECT p.patient_id, p.sex, (SELECT MAX(ldh) FROM lab WHERE lab.patient_id = p.patient_id) FROM patient AS p",
  "patients without lab tests kept")
# "Count examinations between 1997 and 2012 inclusive, by year string."
B("hospital", "BETWEEN on SUBSTR vs range on the date",
  "SELECT COUNT(*) FROM examination WHERE SUBSTR(exam_date, 1, 4) BETWEEN '1997' AND '2012'",
  "SELECT COUNT(*) FROM examination WHERE exam_date >= '1997' AND exam_date < '2013'",
  "SELECT COUNT(*) FROM examination WHERE exam_date >= '1997' AND exam_date < '2012'",
  "the upper year excluded")

# league: team(team_id PK, name NOT NULL, city, founded), player(player_id PK, name NOT NULL,
# team_id FK NULL-able, height REAL, birthday, foot), match(match_id PK, season NOT NULL, date NOT
# NULL, home_id, away_id FKs NOT NULL, home_goals, away_goals).

# "What percentage of matches in season 2015/2016 were home wins?"
B("league", "IIF-percentage vs COUNT(CASE)-percentage",
  "SELECT CAST(SUM(IIF(home_goals > away_goals, 1, 0)) AS REAL) * 100 / COUNT(*) FROM match WHERE season = '2015/2016'",
  "SELECT 100.0 * COUNT(CASE WHEN home_goals > away_goals THEN 1 END) / COUNT(match_id) FROM match "
  "WHERE season = '2015/2016'",
  "SELECT CAST(SUM(IIF(home_goals >= away_goals, 1, 0)) AS REAL) * 100 / COUNT(*) FROM match "
  "WHERE season = '2015/2016'", ">= counts draws as wins")
# "Which teams played both at home and away in 2016?"
B("league", "INTERSECT vs IN AND IN",
  "SELECT home_id FROM match WHERE date LIKE '2016%' INTERSECT SELECT away_id FROM match WHERE date LIKE '2016%'",
  "SELECT team_id FROM team WHERE team_id IN (SELECT home_id FROM match WHERE SUBSTR(date, 1, 4) = '2016') "
  "AND team_id IN (SELECT away_id FROM match WHERE SUBSTR(date, 1, 4) = '2016')",
  "SELECT home_id FROM match WHERE date LIKE '2016%' UNION SELECT away_id FROM match WHERE date LIKE '2016%'",
  "UNION for INTERSECT")
# "Names of players taller than 180 cm whose team is based in Glasgow."
B("league", "JOIN vs IN",
  "SELECT p.name FROM player AS p JOIN team AS t ON t.team_id = p.team_id WHERE p.height > 180 AND t.city = 'Glasgow'",
  "SELECT name FROM player WHERE height > 180 AND team_id IN (SELECT team_id FROM team WHERE city = 'Glasgow')",
  "SELECT name FROM player WHERE height >= 180 AND team_id IN (SELECT team_id FROM team WHERE city = 'Glasgow')",
  ">= for >")
# "Who is the tallest player? (ties: the smallest ID)"
B("league", "ORDER BY LIMIT 1 vs MAX with key tie break",
  "SELECT name FROM player WHERE height IS NOT NULL ORDER BY height DESC, player_id LIMIT 1",
  "SELECT name FROM player WHERE player_id = (SELECT MIN(player_id) FROM player "
  "WHERE height = (SELECT MAX(height) FROM player))",
  ("SELECT name FROM player ORDER BY height DESC, player_id LIMIT 1",
   "SELECT name FROM player WHERE player_id = (SELECT MIN(player_id) FROM player "
   "WHERE height = (SELECT MAX(height) FROM player))"), "players without a height kept")
# "For every team, the number of its left-footed players (zero included)."
B("league", "LEFT JOIN COUNT vs correlated COUNT",
  "SELECT t.team_id, COUNT(p.player_id) FROM team AS t LEFT JOIN player AS p ON p.team_id = t.team_id "
  "AND p.foot = 'left' GROUP BY t.team_id",
  "SELECT t.team_id, (SELECT COUNT(*) FROM player AS p WHERE p.team_id = t.team_id AND p.foot = 'left') FROM team AS t",
  "SELECT t.team_id, COUNT(p.player_id) FROM team AS t LEFT JOIN player AS p ON p.team_id = t.team_id "
  "WHERE p.foot = 'left' GROUP BY t.team_id", "the condition in WHERE drops zero teams")
# "Average height of players born in the 1990s."
B("league", "LIKE-decade vs range; AVG vs SUM / COUNT",
  "SELECT AVG(height) FROM player WHERE birthday LIKE '199%'",
  "SELECT SUM(height) / COUNT(height) FROM player WHERE birthday >= '199' AND birthday < '200'",
  "SELECT AVG(height) FROM player WHERE birthday LIKE '1990%'", "the wrong date prefix")
# "Matches that ended in a draw."
B("league", "equality vs difference zero",
  "SELECT match_id FROM match WHERE home_goals = away_goals",
  "SELECT match_id FROM match WHERE home_goals - away_goals = 0",
  "SELECT match_id FROM match WHERE home_goals IS away_goals", "IS makes unknown scores draws")
# "In which seasons did some team score at least 3 home goals?"
B("league", "DISTINCT vs GROUP BY",
  "SELECT DISTINCT season FROM match WHERE home_goals >= 3",
  "SELECT season FROM match WHERE home_goals >= 3 GROUP BY season",
  "SELECT season FROM match WHERE home_goals >= 3", "missing DISTINCT")
# "Highest number of goals in one match, per season."
B("league", "MAX over derived table vs MAX of expression",
  "SELECT season, MAX(tot) FROM (SELECT season, home_goals + away_goals AS tot FROM match) AS t GROUP BY season",
  "SELECT season, MAX(home_goals + away_goals) FROM match GROUP BY season",
  "SELECT season, MAX(home_goals) + MAX(away_goals) FROM match GROUP BY season", "the maxima of the parts added")
# "The team with the most home wins (ties: the smallest ID)."
B("league", "ORDER BY COUNT LIMIT 1 vs CTE with MAX",
  "SELECT home_id FROM match WHERE home_goals > away_goals GROUP BY home_id ORDER BY COUNT(*) DESC, home_id LIMIT 1",
  "WITH w AS (SELECT home_id, COUNT(*) AS n FROM match WHERE home_goals > away_goals GROUP BY home_id) "
  "SELECT home_id FROM w WHERE n = (SELECT MAX(n) FROM w) ORDER BY home_id LIMIT 1",
  "WITH w AS (SELECT home_id, COUNT(*) AS n FROM match GROUP BY home_id) "
  "SELECT home_id FROM w WHERE n = (SELECT MAX(n) FROM w) ORDER BY home_id LIMIT 1", "the win filter lost")
# "Players whose preferred foot is not left (unknown included)."
B("league", "NULL-safe: COALESCE vs OR IS NULL",
  "SELECT player_id FROM player WHERE COALESCE(foot, '') <> 'left'",
  "SELECT player_id FROM player WHERE foot <> 'left' OR foot IS NULL",
  "SELECT player_id FROM player WHERE foot <> 'left'", "NULL feet dropped")
# "What percentage of players with a known height are taller than the average?"
B("league", "percentage with a scalar sub-query vs CTE",
  "SELECT 100.0 * COUNT(CASE WHEN height > (SELECT AVG(height) FROM player) THEN 1 END) / COUNT(height) FROM player",
  "WITH a AS (SELECT AVG(height) AS h FROM player) SELECT CAST(SUM(IIF(p.height > a.h, 1, 0)) AS REAL) * 100 "
  "/ COUNT(p.height) FROM player AS p, a",
  "WITH a AS (SELECT AVG(height) AS h FROM player) SELECT CAST(SUM(IIF(p.height > a.h, 1, 0)) AS REAL) * 100 "
  "/ COUNT(*) FROM player AS p, a", "COUNT(*) for the players with a height")
# "Players born before 1993."
B("league", "date comparison vs SUBSTR year",
  "SELECT player_id FROM player WHERE birthday < '1993'",
  "SELECT player_id FROM player WHERE SUBSTR(birthday, 1, 4) < '1993'",
  "SELECT player_id FROM player WHERE SUBSTR(birthday, 1, 4) < 1993", "TEXT compared with INTEGER")
# "How many matches were played in 2016?"
B("league", "date range vs SUBSTR year",
  "SELECT COUNT(*) FROM match WHERE date >= '2016' AND date < '2017'",
  "SELECT COUNT(match_id) FROM match WHERE SUBSTR(date, 1, 4) = '2016'",
  "SELECT COUNT(match_id) FROM match WHERE SUBSTR(date, 1, 4) = '2015'", "the wrong year")
# "Number of matches played by each team, home or away (teams with matches)."
B("league", "UNION ALL grouped vs sum of correlated counts",
  "SELECT tid, COUNT(*) FROM (SELECT home_id AS tid FROM match UNION ALL SELECT away_id FROM match) AS u GROUP BY tid",
  "SELECT t.team_id, (SELECT COUNT(*) FROM match WHERE home_id = t.team_id) + (SELECT COUNT(*) FROM match "
  "WHERE away_id = t.team_id) FROM team AS t WHERE EXISTS (SELECT 1 FROM match WHERE home_id = t.team_id "
  "OR away_id = t.team_id)",
  "SELECT tid, COUNT(*) FROM (SELECT home_id AS tid FROM match UNION SELECT away_id FROM match) AS u GROUP BY tid",
  "UNION removes repeated appearances")
# "Name of each match's home team and its goals, for matches with known home goals."
B("league", "JOIN vs scalar sub-query",
  "SELECT m.match_id, t.name, m.home_goals FROM match AS m JOIN team AS t ON t.team_id = m.home_id "
  "WHERE m.home_goals IS NOT NULL",
  "SELECT match_id, (SELECT name FROM team WHERE team.team_id = match.home_id), home_goals FROM match "
  "WHERE NOT home_goals IS NULL",
  "SELECT match_id, (SELECT name FROM team WHERE team.team_id = match.away_id), home_goals FROM match "
  "WHERE NOT home_goals IS NULL", "the away team's name")
# "Teams founded before 1890 that never lost at home."
B("league", "NOT EXISTS vs NOT IN (NOT NULL column)",
  "SELECT t.team_id FROM team AS t WHERE t.founded < 1890 AND NOT EXISTS (SELECT 1 FROM match AS m "
  "WHERE m.home_id = t.team_id AND m.home_goals < m.away_goals)",
  "SELECT team_id FROM team WHERE founded < 1890 AND team_id NOT IN (SELECT home_id FROM match "
  "WHERE home_goals < away_goals)",
  "SELECT team_id FROM team WHERE founded < 1890 AND team_id NOT IN (SELECT home_id FROM match "
  "WHERE home_goals <= away_goals)", "draws counted as losses")
# "Total goals scored at home per team name (teams with the same name kept apart)."
B("league", "GROUP BY key and name vs derived sum joined",
  "SELECT t.name, SUM(m.home_goals) FROM team AS t JOIN match AS m ON m.home_id = t.team_id GROUP BY t.team_id, t.name",
  "SELECT t.name, s.g FROM team AS t JOIN (SELECT home_id, SUM(home_goals) AS g FROM match GROUP BY home_id) AS s "
  "ON s.home_id = t.team_id",
  "SELECT t.name, SUM(m.home_goals) FROM team AS t JOIN match AS m ON m.home_id = t.team_id GROUP BY t.name",
  "a missing group key")
# "The three most recent matches (ties on the date: larger ID first)."
B("league", "ORDER BY LIMIT with tie break vs ROW_NUMBER",
  "SELECT match_id, date FROM match ORDER BY date DESC, match_id DESC LIMIT 3",
  "SELECT match_id, date FROM (SELECT match_id, date, ROW_NUMBER() OVER (ORDER BY date DESC, match_id DESC) AS rn "
  "FROM match) AS t WHERE rn <= 3 ORDER BY rn",
  "SELECT match_id, date FROM (SELECT match_id, date, ROW_NUMBER() OVER (ORDER BY date DESC, match_id DESC) AS rn "
  "FROM match) AS t WHERE rn <= 3 ORDER BY date DESC, match_id", "the tie break reversed in the outer order",
  semantics="list")

# bank: district(district_id PK, name, region, avg_salary), client(client_id PK, gender,
# birth_date, district_id FK), account(account_id PK, district_id FK, frequency, date),
# disp(disp_id PK, client_id FK, account_id FK, type), loan(loan_id PK, account_id FK, amount,
# duration, status, date NULL-able).

# "What percentage of loans have status 'A'?"
B("bank", "boolean SUM vs IIF SUM percentage",
  "SELECT CAST(SUM(status = 'A') AS REAL) * 100 / COUNT(*) FROM loan",
  "SELECT 100.0 * SUM(IIF(status = 'A', 1, 0)) / COUNT(loan_id) FROM loan",
  "SELECT SUM(status = 'A') * 100 / COUNT(*) FROM loan", "integer division")
# "How many clients live in the district named 'Praha'?"
B("bank", "JOIN vs IN",
  "SELECT COUNT(*) FROM client AS c JOIN district AS d ON d.district_id = c.district_id WHERE d.name = 'Praha'",
  "SELECT COUNT(client_id) FROM client WHERE district_id IN (SELECT district_id FROM district WHERE name = 'Praha')",
  "SELECT COUNT(client_id) FROM client WHERE district_id IN (SELECT district_id FROM district WHERE name = 'praha')",
  "the constant's case")
# "Clients who own an account with weekly statements ('POPLATEK TYDNE')."
B("bank", "JOIN DISTINCT vs EXISTS",
  "SELECT DISTINCT c.client_id FROM client AS c JOIN disp AS d ON d.client_id = c.client_id "
  "JOIN account AS a ON a.account_id = d.account_id WHERE d.type = 'OWNER' AND a.frequency = 'POPLATEK TYDNE'",
  "SELECT client_id FROM client AS c WHERE EXISTS (SELECT 1 FROM disp AS d JOIN account AS a "
  "ON a.account_id = d.account_id WHERE d.client_id = c.client_id AND d.type = 'OWNER' "
  "AND a.frequency = 'POPLATEK TYDNE')",
  "SELECT client_id FROM client AS c WHERE EXISTS (SELECT 1 FROM disp AS d JOIN account AS a "
  "ON a.account_id = d.account_id WHERE d.client_id = c.client_id AND a.frequency = 'POPLATEK TYDNE')",
  "the OWNER condition dropped")
# "Average loan amount of accounts opened in 1997."
B("bank", "AVG with SUBSTR vs SUM/COUNT with LIKE",
  "SELECT AVG(l.amount) FROM loan AS l JOIN account AS a ON a.account_id = l.account_id "
  "WHERE SUBSTR(a.date, 1, 4) = '1997'",
  "SELECT CAST(SUM(l.amount) AS REAL) / COUNT(*) FROM loan AS l JOIN account AS a ON a.account_id = l.account_id "
  "WHERE a.date LIKE '1997%'",
  "SELECT CAST(SUM(l.amount) AS REAL) / COUNT(*) FROM loan AS l JOIN account AS a ON a.account_id = l.account_id "
  "WHERE a.date LIKE '1995%'", "the wrong year")
# "The largest loan (ties: the smallest loan ID)."
B("bank", "ORDER BY DESC LIMIT 1 vs MAX then MIN key",
  "SELECT loan_id, amount FROM loan ORDER BY amount DESC, loan_id LIMIT 1",
  "SELECT loan_id, amount FROM loan WHERE loan_id = (SELECT MIN(loan_id) FROM loan "
  "WHERE amount = (SELECT MAX(amount) FROM loan))",
  "SELECT loan_id, amount FROM loan ORDER BY amount DESC, loan_id DESC LIMIT 1", "the tie break reversed")
# "Female clients born before 1960."
B("bank", "date comparison vs SUBSTR year",
  "SELECT client_id FROM client WHERE gender = 'F' AND birth_date < '1960'",
  "SELECT client_id FROM client WHERE gender = 'F' AND SUBSTR(birth_date, 1, 4) < '1960'",
  "SELECT client_id FROM client WHERE gender = 'F' AND SUBSTR(birth_date, 1, 4) < '1990'", "the wrong year")
# "Districts with no account."
B("bank", "NOT IN (NOT NULL column) vs LEFT JOIN IS NULL",
  "SELECT district_id FROM district WHERE district_id NOT IN (SELECT district_id FROM account)",
  "SELECT d.district_id FROM district AS d LEFT JOIN account AS a ON a.district_id = d.district_id "
  "WHERE a.account_id IS NULL",
  "SELECT district_id FROM district WHERE district_id NOT IN (SELECT district_id FROM client)", "the wrong table")
# "Per region, how many accounts have a loan above 4000?"
B("bank", "COUNT(DISTINCT) over join vs COUNT with EXISTS",
  "SELECT d.region, COUNT(DISTINCT a.account_id) FROM district AS d JOIN account AS a ON a.district_id = d.district_id "
  "JOIN loan AS l ON l.account_id = a.account_id WHERE l.amount > 4000 GROUP BY d.region",
  "SELECT d.region, COUNT(*) FROM district AS d JOIN account AS a ON a.district_id = d.district_id "
  "WHERE EXISTS (SELECT 1 FROM loan AS l WHERE l.account_id = a.account_id AND l.amount > 4000) GROUP BY d.region",
  "SELECT d.region, COUNT(a.account_id) FROM district AS d JOIN account AS a ON a.district_id = d.district_id "
  "JOIN loan AS l ON l.account_id = a.account_id WHERE l.amount > 4000 GROUP BY d.region", "missing DISTINCT")
# "Monthly payment of each loan (amount / duration, as a real number)."
B("bank", "CAST AS REAL vs multiply by 1.0",
  "SELECT loan_id, CAST(amount AS REAL) / duration FROM loan",
  "SELECT loan_id, amount * 1.0 / duration FROM loan",
  "SELECT loan_id, amount / duration FROM loan", "integer division")
# "The district with the most clients (ties: the smallest ID)."
B("bank", "ORDER BY COUNT LIMIT 1 vs CTE with MAX",
  "SELECT district_id FROM client GROUP BY district_id ORDER BY COUNT(*) DESC, district_id LIMIT 1",
  "WITH c AS (SELECT district_id, COUNT(*) AS n FROM client GROUP BY district_id) "
  "SELECT district_id FROM c WHERE n = (SELECT MAX(n) FROM c) ORDER BY district_id LIMIT 1",
  "WITH c AS (SELECT district_id, COUNT(*) AS n FROM client GROUP BY district_id) "
  "SELECT district_id FROM c WHERE n = (SELECT MAX(n) FROM c) ORDER BY district_id DESC LIMIT 1",
  "the tie break reversed")
# "Loans with status C or D."
B("bank", "IN-list vs OR",
  "SELECT loan_id FROM loan WHERE status IN ('C', 'D')",
  "SELECT loan_id FROM loan WHERE status = 'C' OR status = 'D'",
  "SELECT loan_id FROM loan WHERE status = 'C' OR status = 'B'", "a wrong constant")
# "Accounts that have both an owner and a disponent."
B("bank", "INTERSECT vs GROUP BY HAVING COUNT(DISTINCT)",
  "SELECT account_id FROM disp WHERE type = 'OWNER' INTERSECT SELECT account_id FROM disp WHERE type = 'DISPONENT'",
  "SELECT account_id FROM disp WHERE type IN ('OWNER', 'DISPONENT') GROUP BY account_id "
  "HAVING COUNT(DISTINCT type) = 2",
  "SELECT account_id FROM disp WHERE type IN ('OWNER', 'DISPONENT') GROUP BY account_id "
  "HAVING COUNT(type) = 2", "COUNT without DISTINCT")
# "Percentage of male clients among the clients of southern districts."
B("bank", "COUNT(CASE) vs boolean SUM over a join",
  "SELECT CAST(COUNT(CASE WHEN c.gender = 'M' THEN 1 END) AS REAL) * 100 / COUNT(c.client_id) FROM client AS c "
  "JOIN district AS d ON d.district_id = c.district_id WHERE d.region = 'south'",
  "SELECT 100.0 * SUM(gender = 'M') / COUNT(*) FROM client WHERE district_id IN "
  "(SELECT district_id FROM district WHERE region = 'south')",
  "SELECT 100.0 * SUM(gender = 'M' AND district_id IN (SELECT district_id FROM district WHERE region = 'south')) "
  "/ COUNT(*) FROM client", "the region filter only in the numerator")
# "Total amount lent per statement frequency, frequencies without loans shown with 0."
B("bank", "LEFT JOIN COALESCE(SUM) vs correlated TOTAL",
  "SELECT f.frequency, COALESCE(SUM(l.amount), 0) FROM (SELECT DISTINCT frequency FROM account) AS f "
  "LEFT JOIN account AS a ON a.frequency = f.frequency LEFT JOIN loan AS l ON l.account_id = a.account_id "
  "GROUP BY f.frequency",
  "SELECT f.frequency, (SELECT COALESCE(SUM(l.amount), 0) FROM loan AS l JOIN account AS a "
  "ON a.account_id = l.account_id WHERE a.frequency = f.frequency) FROM (SELECT DISTINCT frequency FROM account) AS f",
  "SELECT f.frequency, (SELECT SUM(l.amount) FROM loan AS l JOIN account AS a "
  "ON a.account_id = l.account_id WHERE a.frequency = f.frequency) FROM (SELECT DISTINCT frequency FROM account) AS f",
  "NULL, not 0, for no loan")
# "Clients with more than one account disposition, with their gender."
B("bank", "GROUP BY HAVING join vs IN with HAVING",
  "SELECT c.client_id, c.gender FROM client AS c JOIN disp AS d ON d.client_id = c.client_id "
  "GROUP BY c.client_id, c.gender HAVING COUNT(*) > 1",
  "SELECT client_id, gender FROM client WHERE client_id IN (SELECT client_id FROM disp GROUP BY client_id "
  "HAVING COUNT(*) > 1)",
  "SELECT client_id, gender FROM client WHERE client_id IN (SELECT client_id FROM disp GROUP BY client_id "
  "HAVING COUNT(*) >= 1)", "off by one")
# "Loans granted after 1997 with unknown dates excluded, per status."
B("bank", "date comparison vs SUBSTR year",
  "SELECT status, COUNT(*) FROM loan WHERE date >= '1998' GROUP BY status",
  "SELECT status, COUNT(loan_id) FROM loan WHERE SUBSTR(date, 1, 4) >= '1998' GROUP BY status",
  "SELECT status, COUNT(loan_id) FROM loan WHERE SUBSTR(date, 1, 4) >= '1996' GROUP BY status",
  "the wrong year")
# "The average salary of the district of each account owner's client with a loan of 20000."
B("bank", "nested IN vs three-way JOIN with DISTINCT",
  "SELECT DISTINCT c.client_id, d.avg_salary FROM client AS c JOIN district AS d ON d.district_id = c.district_id "
  "JOIN disp AS p ON p.client_id = c.client_id JOIN loan AS l ON l.account_id = p.account_id "
  "WHERE p.type = 'OWNER' AND l.amount = 20000",
  "SELECT c.client_id, d.avg_salary FROM client AS c JOIN district AS d ON d.district_id = c.district_id "
  "WHERE c.client_id IN (SELECT client_id FROM disp WHERE type = 'OWNER' AND account_id IN "
  "(SELECT account_id FROM loan WHERE amount = 20000))",
  "SELECT c.client_id, d.avg_salary FROM client AS c JOIN district AS d ON d.district_id = c.district_id "
  "WHERE c.client_id IN (SELECT client_id FROM disp WHERE type = 'OWNER' AND account_id IN "
  "(SELECT account_id FROM loan WHERE amount >= 5000))", "a wrong constant")

# "Which patients' first laboratory test (earliest date, ties: smallest lab ID) had GOT above 40?"
B("hospital", "ROW_NUMBER window vs correlated first row",
  "SELECT patient_id FROM (SELECT patient_id, got, ROW_NUMBER() OVER (PARTITION BY patient_id ORDER BY date, lab_id) "
  "AS rn FROM lab) AS t WHERE rn = 1 AND got > 40",
  "SELECT l.patient_id FROM lab AS l WHERE l.got > 40 AND l.lab_id = (SELECT l2.lab_id FROM lab AS l2 "
  "WHERE l2.patient_id = l.patient_id ORDER BY l2.date, l2.lab_id LIMIT 1)",
  "SELECT l.patient_id FROM lab AS l WHERE l.got > 40 AND l.lab_id = (SELECT l2.lab_id FROM lab AS l2 "
  "WHERE l2.patient_id = l.patient_id ORDER BY l2.date DESC, l2.lab_id LIMIT 1)", "the latest test, not the first")
# "How many players are not on any team?"
B("league", "COUNT difference vs COUNT(CASE)",
  "SELECT COUNT(*) - COUNT(team_id) FROM player",
  "SELECT COUNT(CASE WHEN team_id IS NULL THEN 1 END) FROM player",
  "SELECT SUM(team_id IS NULL) FROM player", "SUM is NULL on no player")
# "Loans longer than two whole years (duration in months)."
B("bank", "integer division vs the equivalent bound",
  "SELECT loan_id FROM loan WHERE duration / 12 > 2",
  "SELECT loan_id FROM loan WHERE duration >= 36",
  "SELECT loan_id FROM loan WHERE duration > 24", "integer division ignored")
# "The region with the highest total loan amount (ties: the first region name)."
B("bank", "ORDER BY SUM LIMIT 1 vs CTE with MAX",
  "SELECT d.region FROM district AS d JOIN account AS a ON a.district_id = d.district_id JOIN loan AS l "
  "ON l.account_id = a.account_id GROUP BY d.region ORDER BY SUM(l.amount) DESC, d.region LIMIT 1",
  "WITH t AS (SELECT d.region, SUM(l.amount) AS s FROM loan AS l JOIN account AS a ON a.account_id = l.account_id "
  "JOIN district AS d ON d.district_id = a.district_id GROUP BY d.region) "
  "SELECT MIN(region) FROM t WHERE s = (SELECT MAX(s) FROM t) HAVING COUNT(*) > 0",
  "WITH t AS (SELECT d.region, SUM(l.amount) AS s FROM loan AS l JOIN account AS a ON a.account_id = l.account_id "
  "JOIN district AS d ON d.district_id = a.district_id GROUP BY d.region) "
  "SELECT MIN(region) FROM t WHERE s = (SELECT MIN(s) FROM t) HAVING COUNT(*) > 0", "MIN for MAX")
