"""The pairs of the twenty-ninth held-out prover corpus (``benchmarks/corpus/prover29/``), as
written (``prover29_build.py`` checks them in SQLite and writes the corpus).

Three sources, mixed kinds this round: a catalogue of optimizer rules (Calcite's CoreRules, Spark
Catalyst's Optimizer batches, PostgreSQL's planner, DuckDB's optimizer, SQL Server's and Oracle's
documented transformations; each pair the before/after of one named rule or of two in sequence,
written as the rule's output would print) on a new tool hire schema; TPC-H-style queries (the query
number each imitates is in its rule) against the same query after a rewrite a real engine performs,
on a new small TPC-H-like schema with new names; and classic examples of the query-unnesting and
rewriting literature (the paper is in the rule) against an equivalent hand-written query, on a new
conference schema. Each ``add`` call is one equivalent pair and one realistic non-equivalent mutant.
Written from the rules' documented descriptions, the papers' ideas and the author's own SQL; not
copied from any prover corpus, rule test, tool's test suite or published pair set; the verifier was
not read.
"""

from __future__ import annotations

from benchmarks.held_out_pairs import pair_book

SOURCES = {
    "rule_catalogue": ("toolhire", "optimizer rule catalogue (Calcite CoreRules javadoc, Spark Catalyst Optimizer "
                                   "batches, PostgreSQL planner (pull_up_sublinks, reduce_outer_joins, "
                                   "remove_useless_joins), DuckDB optimizer (FilterPushdown, Deliminator, "
                                   "InClauseRewriter), SQL Server / Oracle documented transformations): each pair the "
                                   "documented before/after of one named rule, or of two rules in sequence (engine "
                                   "and rule names in the pair's rule), applied to a tool hire schema and printed as "
                                   "the rule's output would print"),
    "tpch_rewritten": ("supplyco", "TPC-H-style queries (the imitated query number is in the pair's rule) against the "
                                   "same query after an engine's rewrite: decorrelated subqueries (Q2, Q4, Q17, Q20, "
                                   "Q21, Q22), EXISTS/NOT EXISTS as semi/anti joins, the Q13 outer join count, the Q15 "
                                   "view inlined, aggregate pushdown below a join, transitive predicates, IN lists as "
                                   "OR/UNION, HAVING over a scalar subquery as a join to a grouped total, CASE sums as "
                                   "filtered aggregates"),
    "unnesting_literature": ("confdb", "classic examples of the query-unnesting and rewriting literature (Kim 1982, "
                                       "Ganski and Wong 1987, Dayal 1987, Muralikrishna 1992, Seshadri, Pirahesh and "
                                       "Leung 1996, Galindo-Legaria and Joshi 2001, Elhemali et al. 2007, Bellamkonda "
                                       "et al. 2009, Neumann and Kemper 2015, textbook equivalences of Garcia-Molina, "
                                       "Ullman and Widom and of Silberschatz et al.; the paper is in the pair's rule) "
                                       "against an equivalent hand-written query"),
}
FILE = {k: k for k in SOURCES}


PAIRS, add = pair_book("prover29", SOURCES, FILE)


def X(rule, gold, pred, mutant, mutation, **kw):
    """An optimizer rule's input (gold) against its output (pred), toolhire."""
    add("rule_catalogue", rule, gold, pred, mutant, mutation, **kw)


def H(rule, gold, pred, mutant, mutation, **kw):
    """A TPC-H-style query (gold) against its rewritten form (pred), supplyco."""
    add("tpch_rewritten", rule, gold, pred, mutant, mutation, **kw)


def L(rule, gold, pred, mutant, mutation, **kw):
    """A literature example's formulation (gold) against an equivalent one (pred), confdb."""
    add("unnesting_literature", rule, gold, pred, mutant, mutation, **kw)

# ================================================================ optimizer rule catalogue (toolhire)
# --- PostgreSQL planner
X("PostgreSQL pull_up_sublinks: IN (SELECT ...) as a semi-join",
  "SELECT t.tool_id, t.kind FROM tools AS t WHERE t.tool_id IN (SELECT h.tool_id FROM hires AS h WHERE h.fee > 0)",
  "SELECT t.tool_id, t.kind FROM tools AS t INNER JOIN (SELECT DISTINCT h.tool_id FROM hires AS h WHERE h.fee > 0) "
  "AS any_1 ON t.tool_id = any_1.tool_id",
  "SELECT t.tool_id, t.kind FROM tools AS t INNER JOIN hires AS h ON t.tool_id = h.tool_id WHERE h.fee > 0",
  "the semi-join as a plain join: a tool hired twice listed twice")
X("PostgreSQL pull_up_sublinks: EXISTS as a semi-join",
  "SELECT c.cust_id FROM customers AS c WHERE EXISTS (SELECT 1 FROM hires AS h WHERE h.cust_id = c.cust_id "
  "AND h.back_day IS NULL)",
  "SELECT c.cust_id FROM customers AS c WHERE c.cust_id IN (SELECT h.cust_id FROM hires AS h WHERE h.back_day IS NULL)",
  "SELECT c.cust_id FROM customers AS c WHERE c.cust_id IN (SELECT h.cust_id FROM hires AS h WHERE h.back_day IS NOT NULL)",
  "open hires read as returned ones")
X("PostgreSQL pull_up_sublinks: NOT EXISTS as an anti-join",
  "SELECT d.depot_id, d.city FROM depots AS d WHERE NOT EXISTS (SELECT 1 FROM tools AS t WHERE t.depot_id = d.depot_id "
  "AND t.kind = 'saw')",
  "SELECT d.depot_id, d.city FROM depots AS d LEFT JOIN (SELECT DISTINCT depot_id FROM tools WHERE kind = 'saw') AS s "
  "ON s.depot_id = d.depot_id WHERE s.depot_id IS NULL",
  "SELECT d.depot_id, d.city FROM depots AS d LEFT JOIN tools AS s ON s.depot_id = d.depot_id "
  "WHERE s.depot_id IS NULL OR s.kind <> 'saw'",
  "the kind test moved from ON to WHERE: a depot with a saw and a drill listed")
X("PostgreSQL reduce_outer_joins: a LEFT JOIN under a strict WHERE on the nullable side",
  "SELECT h.hire_id, c.tier FROM hires AS h LEFT JOIN customers AS c ON c.cust_id = h.cust_id WHERE c.credit > 0",
  "SELECT h.hire_id, c.tier FROM hires AS h INNER JOIN customers AS c ON c.cust_id = h.cust_id WHERE c.credit > 0",
  "SELECT h.hire_id, c.tier FROM hires AS h LEFT JOIN customers AS c ON c.cust_id = h.cust_id "
  "WHERE c.credit > 0 OR c.credit IS NULL",
  "the filter lets NULL through: hires without a customer kept")
X("PostgreSQL reduce_outer_joins: a LEFT JOIN with IS NULL as an anti-join",
  "SELECT t.tool_id FROM tools AS t LEFT JOIN hires AS h ON h.tool_id = t.tool_id WHERE h.hire_id IS NULL",
  "SELECT t.tool_id FROM tools AS t WHERE NOT EXISTS (SELECT 1 FROM hires AS h WHERE h.tool_id = t.tool_id)",
  "SELECT t.tool_id FROM tools AS t LEFT JOIN hires AS h ON h.tool_id = t.tool_id WHERE h.cust_id IS NULL",
  "the NULL test on a NULL-able column: tools hired by walk-in customers listed")
X("PostgreSQL remove_useless_joins: a LEFT JOIN to a key not referenced above",
  "SELECT h.hire_id, h.fee FROM hires AS h LEFT JOIN customers AS c ON c.cust_id = h.cust_id",
  "SELECT h.hire_id, h.fee FROM hires AS h",
  "SELECT h.hire_id, h.fee FROM hires AS h LEFT JOIN customers AS c ON c.referrer_id = h.cust_id",
  "joined on the non-unique referrer: a hire repeated per referred customer")
X("PostgreSQL remove_useless_joins: a LEFT JOIN to a DISTINCT derived table",
  "SELECT t.tool_id, t.kind FROM tools AS t LEFT JOIN (SELECT DISTINCT tool_id FROM scans) AS s ON s.tool_id = t.tool_id",
  "SELECT t.tool_id, t.kind FROM tools AS t",
  "SELECT t.tool_id, t.kind FROM tools AS t LEFT JOIN (SELECT tool_id FROM scans) AS s ON s.tool_id = t.tool_id",
  "the DISTINCT dropped: a tool repeated per scan")
X("PostgreSQL subquery_planner: a simple derived table flattened (pull_up_subqueries)",
  "SELECT x.tool_id, x.r2 FROM (SELECT tool_id, day_rate * 2 AS r2, depot_id FROM tools WHERE kind <> 'ladder') AS x "
  "WHERE x.depot_id = 1",
  "SELECT tool_id, day_rate * 2 AS r2 FROM tools WHERE kind <> 'ladder' AND depot_id = 1",
  "SELECT tool_id, day_rate * 2 AS r2 FROM tools WHERE kind <> 'ladder' OR depot_id = 1",
  "the merged filters joined with OR")
X("PostgreSQL pull_up_sublinks + reduce_outer_joins: NOT IN over a NOT NULL column as an anti-join",
  "SELECT t.tool_id FROM tools AS t WHERE t.tool_id NOT IN (SELECT h.tool_id FROM hires AS h)",
  "SELECT t.tool_id FROM tools AS t LEFT JOIN hires AS h ON h.tool_id = t.tool_id WHERE h.tool_id IS NULL",
  "SELECT t.tool_id FROM tools AS t WHERE t.tool_id NOT IN (SELECT s.tool_id FROM scans AS s)",
  "the scan log's NULL-able tool: one unknown tool hides every tool")
# --- DuckDB optimizer
X("DuckDB FilterPushdown: a filter pushed through a projection and into both sides of a join",
  "SELECT * FROM (SELECT t.tool_id, t.kind, d.city FROM tools AS t JOIN depots AS d ON d.depot_id = t.depot_id) AS j "
  "WHERE j.city = 'York' AND j.kind = 'drill'",
  "SELECT t.tool_id, t.kind, d.city FROM (SELECT * FROM tools WHERE kind = 'drill') AS t "
  "JOIN (SELECT * FROM depots WHERE city = 'York') AS d ON d.depot_id = t.depot_id",
  "SELECT t.tool_id, t.kind, d.city FROM (SELECT * FROM tools WHERE kind = 'drill') AS t "
  "LEFT JOIN (SELECT * FROM depots WHERE city = 'York') AS d ON d.depot_id = t.depot_id",
  "the join made outer: drills in Leeds kept with a NULL city")
X("DuckDB FilterPushdown: a filter on a window's partition key below the window",
  "SELECT w.tool_id, w.n FROM (SELECT tool_id, depot_id, COUNT(*) OVER (PARTITION BY depot_id) AS n FROM tools) AS w "
  "WHERE w.depot_id = 2",
  "SELECT tool_id, COUNT(*) OVER (PARTITION BY depot_id) AS n FROM tools WHERE depot_id = 2",
  "SELECT tool_id, COUNT(*) OVER (PARTITION BY depot_id) AS n FROM tools WHERE kind = 'saw' AND depot_id = 2",
  "a non-partition filter pushed below the window: the counts shrink")
X("DuckDB FilterPushdown: a filter on the group key below a GROUP BY with an expression key",
  "SELECT g.wk, g.n FROM (SELECT out_day / 7 AS wk, COUNT(*) AS n FROM hires GROUP BY out_day / 7) AS g WHERE g.wk = 0",
  "SELECT out_day / 7 AS wk, COUNT(*) AS n FROM hires WHERE out_day / 7 = 0 GROUP BY out_day / 7",
  "SELECT out_day / 7 AS wk, COUNT(*) AS n FROM hires WHERE out_day / 7 = 0 GROUP BY out_day",
  "grouped by the day instead of the week: one row per day of week 0")
X("DuckDB InClauseRewriter: a constant IN list as a join to VALUES",
  "SELECT tool_id FROM tools WHERE kind IN ('saw', 'ladder')",
  "SELECT t.tool_id FROM tools AS t INNER JOIN (SELECT 'saw' AS k UNION ALL SELECT 'ladder') AS v ON t.kind = v.k",
  "SELECT t.tool_id FROM tools AS t INNER JOIN (SELECT 'saw' AS k UNION ALL SELECT 'ladder' UNION ALL SELECT 'saw') AS v ON t.kind = v.k",
  "a repeated constant in the VALUES list: saws listed twice")
X("DuckDB InClauseRewriter: a long IN list as OR of equalities",
  "SELECT hire_id FROM hires WHERE fee IN (0, 60)",
  "SELECT hire_id FROM hires WHERE fee = 0 OR fee = 60",
  "SELECT hire_id FROM hires WHERE fee = 0 OR fee >= 60 OR fee IS NULL",
  "unknown fees kept")
X("DuckDB Deliminator / FlattenDependentJoins: a correlated COUNT as a grouped LEFT JOIN",
  "SELECT c.cust_id, (SELECT COUNT(*) FROM hires AS h WHERE h.cust_id = c.cust_id) AS n FROM customers AS c",
  "SELECT c.cust_id, COALESCE(d.n, 0) AS n FROM customers AS c LEFT JOIN (SELECT cust_id, COUNT(*) AS n FROM hires "
  "GROUP BY cust_id) AS d ON d.cust_id = c.cust_id",
  "SELECT c.cust_id, d.n AS n FROM customers AS c LEFT JOIN (SELECT cust_id, COUNT(*) AS n FROM hires "
  "GROUP BY cust_id) AS d ON d.cust_id = c.cust_id",
  "the COUNT bug: customers without hires get NULL, not 0")
X("DuckDB FlattenDependentJoins: a correlated MAX as a join to a grouped derived table",
  "SELECT h.hire_id FROM hires AS h WHERE h.out_day = (SELECT MAX(h2.out_day) FROM hires AS h2 WHERE h2.tool_id = h.tool_id)",
  "SELECT h.hire_id FROM hires AS h JOIN (SELECT tool_id, MAX(out_day) AS m FROM hires GROUP BY tool_id) AS d "
  "ON d.tool_id = h.tool_id AND h.out_day = d.m",
  "SELECT h.hire_id FROM hires AS h JOIN (SELECT cust_id, MAX(out_day) AS m FROM hires GROUP BY cust_id) AS d "
  "ON d.cust_id = h.cust_id AND h.out_day = d.m",
  "correlated on the customer instead of the tool")
X("DuckDB FilterPushdown + Deliminator: a filtered correlated SUM decorrelated",
  "SELECT t.tool_id FROM tools AS t WHERE t.kind = 'drill' AND (SELECT SUM(h.fee) FROM hires AS h "
  "WHERE h.tool_id = t.tool_id) >= 20",
  "SELECT t.tool_id FROM (SELECT tool_id FROM tools WHERE kind = 'drill') AS t "
  "JOIN (SELECT tool_id, SUM(fee) AS s FROM hires GROUP BY tool_id) AS d ON d.tool_id = t.tool_id WHERE d.s >= 20",
  "SELECT t.tool_id FROM (SELECT tool_id FROM tools WHERE kind = 'drill') AS t "
  "JOIN (SELECT tool_id, SUM(fee) AS s FROM hires GROUP BY tool_id) AS d ON d.tool_id = t.tool_id WHERE d.s > 20",
  "the threshold made strict")
# --- SQL Server / Oracle transformations
X("SQL Server join elimination: an INNER JOIN through a NOT NULL foreign key to an unused parent",
  "SELECT t.tool_id, t.kind FROM tools AS t INNER JOIN depots AS d ON d.depot_id = t.depot_id",
  "SELECT t.tool_id, t.kind FROM tools AS t",
  ("SELECT h.hire_id, h.fee FROM hires AS h INNER JOIN customers AS c ON c.cust_id = h.cust_id",
   "SELECT h.hire_id, h.fee FROM hires AS h"),
  "eliminated through the NULL-able customer key: walk-in hires kept")
X("SQL Server join elimination: a LEFT JOIN to a unique parent with only its key used",
  "SELECT h.hire_id, h.cust_id FROM hires AS h LEFT JOIN customers AS c ON c.cust_id = h.cust_id",
  "SELECT h.hire_id, h.cust_id FROM hires AS h",
  "SELECT h.hire_id, c.cust_id FROM hires AS h INNER JOIN customers AS c ON c.cust_id = h.cust_id",
  "the outer join made inner: walk-in hires lost")
X("Oracle subquery unnesting: IN over a grouped subquery as a join to an inline view",
  "SELECT c.cust_id, c.tier FROM customers AS c WHERE c.cust_id IN (SELECT h.cust_id FROM hires AS h "
  "GROUP BY h.cust_id HAVING COUNT(*) >= 2)",
  "SELECT c.cust_id, c.tier FROM customers AS c, (SELECT h.cust_id AS item_1 FROM hires AS h "
  "GROUP BY h.cust_id HAVING COUNT(*) >= 2) AS vw_nso_1 WHERE c.cust_id = vw_nso_1.item_1",
  "SELECT c.cust_id, c.tier FROM customers AS c, (SELECT h.cust_id AS item_1 FROM hires AS h "
  "GROUP BY h.cust_id HAVING COUNT(h.fee) >= 2) AS vw_nso_1 WHERE c.cust_id = vw_nso_1.item_1",
  "COUNT(fee) for COUNT(*): hires with an unknown fee not counted")
X("Oracle view merging: a grouped view joined to a parent, the group-by placed above the join",
  "SELECT d.city, v.n FROM depots AS d JOIN (SELECT depot_id, COUNT(*) AS n FROM tools GROUP BY depot_id) AS v "
  "ON v.depot_id = d.depot_id",
  "SELECT d.city, COUNT(*) AS n FROM depots AS d JOIN tools AS t ON t.depot_id = d.depot_id "
  "GROUP BY d.depot_id, d.city",
  "SELECT d.city, COUNT(*) AS n FROM depots AS d JOIN tools AS t ON t.depot_id = d.depot_id GROUP BY d.city",
  "grouped by the city alone: two depots in York merged")
X("Oracle group-by placement: a SUM pushed below the join to a unique parent",
  "SELECT d.region, SUM(t.day_rate) AS r FROM tools AS t JOIN depots AS d ON d.depot_id = t.depot_id GROUP BY d.region",
  "SELECT d.region, SUM(g.r) AS r FROM (SELECT depot_id, SUM(day_rate) AS r FROM tools GROUP BY depot_id) AS g "
  "JOIN depots AS d ON d.depot_id = g.depot_id GROUP BY d.region",
  "SELECT d.region, SUM(g.r) AS r FROM (SELECT depot_id, MAX(day_rate) AS r FROM tools GROUP BY depot_id) AS g "
  "JOIN depots AS d ON d.depot_id = g.depot_id GROUP BY d.region",
  "the partial aggregate MAX where SUM is needed")
X("Oracle group-by placement: a COUNT pushed below the join becomes a SUM of counts",
  "SELECT c.tier, COUNT(*) AS n FROM hires AS h JOIN customers AS c ON c.cust_id = h.cust_id GROUP BY c.tier",
  "SELECT c.tier, SUM(g.n) AS n FROM (SELECT cust_id, COUNT(*) AS n FROM hires GROUP BY cust_id) AS g "
  "JOIN customers AS c ON c.cust_id = g.cust_id GROUP BY c.tier",
  "SELECT c.tier, COUNT(*) AS n FROM (SELECT cust_id, COUNT(*) AS n FROM hires GROUP BY cust_id) AS g "
  "JOIN customers AS c ON c.cust_id = g.cust_id GROUP BY c.tier",
  "COUNT of the partial groups: customers counted, not hires")
X("Oracle OR expansion: a disjunction over two columns as UNION ALL with LNNVL",
  "SELECT hire_id FROM hires WHERE fee = 0 OR back_day IS NULL",
  "SELECT hire_id FROM hires WHERE fee = 0 UNION ALL SELECT hire_id FROM hires WHERE back_day IS NULL "
  "AND (fee <> 0 OR fee IS NULL)",
  "SELECT hire_id FROM hires WHERE fee = 0 UNION ALL SELECT hire_id FROM hires WHERE back_day IS NULL AND fee <> 0",
  "LNNVL dropped: open hires with an unknown fee lost")
X("Oracle OR expansion: a join disjunction split into two joins",
  "SELECT h.hire_id, t.tool_id FROM hires AS h JOIN tools AS t ON t.tool_id = h.tool_id "
  "WHERE t.kind = 'saw' OR h.fee > 20",
  "SELECT h.hire_id, t.tool_id FROM hires AS h JOIN tools AS t ON t.tool_id = h.tool_id WHERE t.kind = 'saw' "
  "UNION ALL SELECT h.hire_id, t.tool_id FROM hires AS h JOIN tools AS t ON t.tool_id = h.tool_id "
  "WHERE h.fee > 20 AND t.kind <> 'saw'",
  "SELECT h.hire_id, t.tool_id FROM hires AS h JOIN tools AS t ON t.tool_id = h.tool_id WHERE t.kind = 'saw' "
  "UNION ALL SELECT h.hire_id, t.tool_id FROM hires AS h JOIN tools AS t ON t.tool_id = h.tool_id WHERE h.fee > 20",
  "the branches not made disjoint: expensive saw hires listed twice")
X("Oracle star transformation + join elimination: dimension joins as IN subqueries, the joins removed",
  "SELECT SUM(h.fee) AS s FROM hires AS h JOIN tools AS t ON t.tool_id = h.tool_id "
  "JOIN customers AS c ON c.cust_id = h.cust_id WHERE t.kind = 'saw' AND c.tier = 'gold'",
  "SELECT SUM(h.fee) AS s FROM hires AS h WHERE h.tool_id IN (SELECT tool_id FROM tools WHERE kind = 'saw') "
  "AND h.cust_id IN (SELECT cust_id FROM customers WHERE tier = 'gold')",
  "SELECT SUM(h.fee) AS s FROM hires AS h WHERE h.tool_id IN (SELECT tool_id FROM tools WHERE kind = 'saw') "
  "AND h.cust_id NOT IN (SELECT cust_id FROM customers WHERE tier <> 'gold')",
  "the customer filter negated: customers without a tier counted")
X("Oracle join factorization: a join common to two UNION ALL branches factored out",
  "SELECT h.hire_id, t.kind FROM hires AS h JOIN tools AS t ON t.tool_id = h.tool_id WHERE h.fee = 0 "
  "UNION ALL SELECT h.hire_id, t.kind FROM hires AS h JOIN tools AS t ON t.tool_id = h.tool_id WHERE h.fee > 20",
  "SELECT vw_jf.hire_id, t.kind FROM tools AS t JOIN (SELECT hire_id, tool_id FROM hires WHERE fee = 0 "
  "UNION ALL SELECT hire_id, tool_id FROM hires WHERE fee > 20) AS vw_jf ON vw_jf.tool_id = t.tool_id",
  "SELECT vw_jf.hire_id, t.kind FROM tools AS t JOIN (SELECT hire_id, tool_id FROM hires WHERE fee = 0 "
  "UNION ALL SELECT hire_id, tool_id FROM hires WHERE fee >= 20) AS vw_jf ON vw_jf.tool_id = t.tool_id",
  "the second branch's bound made non-strict")
X("Oracle distinct elimination: DISTINCT over a join that keeps the driving table's key",
  "SELECT DISTINCT t.tool_id, t.kind, d.city FROM tools AS t JOIN depots AS d ON d.depot_id = t.depot_id",
  "SELECT t.tool_id, t.kind, d.city FROM tools AS t JOIN depots AS d ON d.depot_id = t.depot_id",
  ("SELECT DISTINCT t.kind, d.city FROM tools AS t JOIN depots AS d ON d.depot_id = t.depot_id",
   "SELECT t.kind, d.city FROM tools AS t JOIN depots AS d ON d.depot_id = t.depot_id"),
  "the DISTINCT removed without the key in the select list")
X("Oracle subquery unnesting + view merging: a correlated EXISTS with an inequality merged into a join",
  "SELECT h.hire_id FROM hires AS h WHERE EXISTS (SELECT 1 FROM hires AS h2 WHERE h2.tool_id = h.tool_id "
  "AND h2.out_day > h.out_day)",
  "SELECT h.hire_id FROM hires AS h JOIN (SELECT tool_id, MAX(out_day) AS m FROM hires GROUP BY tool_id) AS vw_sq_1 "
  "ON vw_sq_1.tool_id = h.tool_id WHERE h.out_day < vw_sq_1.m",
  "SELECT h.hire_id FROM hires AS h JOIN (SELECT tool_id, MAX(out_day) AS m FROM hires GROUP BY tool_id) AS vw_sq_1 "
  "ON vw_sq_1.tool_id = h.tool_id WHERE h.out_day <= vw_sq_1.m",
  "non-strict: every hire of a tool kept, the last one too")
# --- Calcite CoreRules
X("Calcite FilterAggregateTransposeRule + AggregateProjectMergeRule: a key filter pushed, the project merged",
  "SELECT g.kind, g.n FROM (SELECT p.kind, COUNT(*) AS n FROM (SELECT kind, depot_id FROM tools) AS p GROUP BY p.kind) "
  "AS g WHERE g.kind <> 'saw'",
  "SELECT kind, COUNT(*) AS n FROM tools WHERE kind <> 'saw' GROUP BY kind",
  "SELECT kind, COUNT(DISTINCT depot_id) AS n FROM tools WHERE kind <> 'saw' GROUP BY kind",
  "the projected depot counted distinctly: depots, not tools")
X("Calcite AggregateJoinTransposeRule: a SUM pushed below a join to customers",
  "SELECT c.tier, SUM(h.fee) AS s FROM hires AS h JOIN customers AS c ON c.cust_id = h.cust_id GROUP BY c.tier",
  "SELECT c.tier, SUM(a.s) AS s FROM (SELECT cust_id, SUM(fee) AS s FROM hires GROUP BY cust_id) AS a "
  "JOIN customers AS c ON c.cust_id = a.cust_id GROUP BY c.tier",
  "SELECT c.tier, SUM(DISTINCT a.s) AS s FROM (SELECT cust_id, SUM(fee) AS s FROM hires GROUP BY cust_id) AS a "
  "JOIN customers AS c ON c.cust_id = a.cust_id GROUP BY c.tier",
  "SUM(DISTINCT) over the partial sums: two customers with equal sums merged")
X("Calcite AggregateExpandDistinctAggregatesRule: COUNT(DISTINCT) as a two-level aggregate",
  "SELECT tool_id, COUNT(DISTINCT cust_id) AS n FROM hires GROUP BY tool_id",
  "SELECT d.tool_id, COUNT(d.cust_id) AS n FROM (SELECT tool_id, cust_id FROM hires GROUP BY tool_id, cust_id) AS d "
  "GROUP BY d.tool_id",
  "SELECT d.tool_id, COUNT(*) AS n FROM (SELECT tool_id, cust_id FROM hires GROUP BY tool_id, cust_id) AS d "
  "GROUP BY d.tool_id",
  "COUNT(*) over the groups: the walk-in (NULL) group counted")
X("Calcite AggregateExpandDistinctAggregatesRule: a distinct and a plain aggregate joined back",
  "SELECT tool_id, COUNT(DISTINCT cust_id) AS nc, SUM(fee) AS s FROM hires GROUP BY tool_id",
  "SELECT a.tool_id, a.nc, b.s FROM (SELECT x.tool_id, COUNT(x.cust_id) AS nc FROM (SELECT DISTINCT tool_id, cust_id "
  "FROM hires) AS x GROUP BY x.tool_id) AS a JOIN (SELECT tool_id, SUM(fee) AS s FROM hires GROUP BY tool_id) AS b "
  "ON b.tool_id = a.tool_id",
  "SELECT x.tool_id, COUNT(x.cust_id) AS nc, SUM(x.fee) AS s FROM (SELECT DISTINCT tool_id, cust_id, fee FROM hires) "
  "AS x GROUP BY x.tool_id",
  "both aggregates over one DISTINCT: customers repeated per fee, equal fees summed once")
X("Calcite AggregateCaseToFilterRule: a CASE sum as a filtered SUM with COALESCE",
  "SELECT depot_id, SUM(CASE WHEN kind = 'saw' THEN day_rate ELSE 0 END) AS saw_rate FROM tools GROUP BY depot_id",
  "SELECT depot_id, COALESCE(SUM(day_rate) FILTER (WHERE kind = 'saw'), 0) AS saw_rate FROM tools GROUP BY depot_id",
  "SELECT depot_id, SUM(day_rate) FILTER (WHERE kind = 'saw') AS saw_rate FROM tools GROUP BY depot_id",
  "the COALESCE dropped: depots without saws get NULL")
X("Calcite AggregateCaseToFilterRule: a CASE count as a filtered COUNT",
  "SELECT tool_id, COUNT(CASE WHEN back_day IS NULL THEN 1 END) AS open_n FROM hires GROUP BY tool_id",
  "SELECT tool_id, COUNT(*) FILTER (WHERE back_day IS NULL) AS open_n FROM hires GROUP BY tool_id",
  "SELECT tool_id, SUM(CASE WHEN back_day IS NULL THEN 1 END) AS open_n FROM hires GROUP BY tool_id",
  "SUM of the CASE: tools without open hires get NULL, not 0")
X("Calcite AggregateRemoveRule: an aggregate on a unique key removed",
  "SELECT tool_id, COUNT(deposit) AS n, MAX(kind) AS k FROM tools GROUP BY tool_id",
  "SELECT tool_id, CASE WHEN deposit IS NULL THEN 0 ELSE 1 END AS n, kind AS k FROM tools",
  "SELECT tool_id, 1 AS n, kind AS k FROM tools",
  "COUNT(deposit) read as COUNT(*): tools without a deposit counted")
X("Calcite AggregateRemoveRule: a GROUP BY on a non-key column is not removable",
  "SELECT hire_id, SUM(fee) AS s FROM hires GROUP BY hire_id",
  "SELECT hire_id, fee AS s FROM hires",
  ("SELECT tool_id, SUM(fee) AS s FROM hires GROUP BY tool_id", "SELECT tool_id, fee AS s FROM hires"),
  "removed on a non-unique key: a tool hired twice listed twice")
X("Calcite UnionToDistinctRule: UNION as DISTINCT over UNION ALL",
  "SELECT cust_id AS c FROM hires UNION SELECT referrer_id AS c FROM customers",
  "SELECT DISTINCT u.c FROM (SELECT cust_id AS c FROM hires UNION ALL SELECT referrer_id AS c FROM customers) AS u",
  "SELECT DISTINCT u.c FROM (SELECT cust_id AS c FROM hires UNION ALL SELECT referrer_id AS c FROM customers) AS u "
  "WHERE u.c IS NOT NULL",
  "the NULL customer dropped from the set")
X("Calcite AggregateUnionTransposeRule: a COUNT pushed into both UNION ALL branches",
  "SELECT u.k, COUNT(*) AS n FROM (SELECT tool_id AS k FROM hires UNION ALL SELECT tool_id AS k FROM scans) AS u "
  "GROUP BY u.k",
  "SELECT v.k, SUM(v.c) AS n FROM (SELECT tool_id AS k, COUNT(*) AS c FROM hires GROUP BY tool_id UNION ALL "
  "SELECT tool_id AS k, COUNT(*) AS c FROM scans GROUP BY tool_id) AS v GROUP BY v.k",
  "SELECT v.k, SUM(v.c) AS n FROM (SELECT tool_id AS k, COUNT(*) AS c FROM hires GROUP BY tool_id UNION "
  "SELECT tool_id AS k, COUNT(*) AS c FROM scans GROUP BY tool_id) AS v GROUP BY v.k",
  "UNION of the partial counts: equal counts from both branches merged")
X("Calcite SemiJoinRule + AggregateRemoveRule: a join to a DISTINCT derived table as a semi-join",
  "SELECT d.depot_id, d.city FROM depots AS d JOIN (SELECT DISTINCT depot_id FROM tools WHERE kind = 'ladder') AS t "
  "ON t.depot_id = d.depot_id",
  "SELECT d.depot_id, d.city FROM depots AS d WHERE EXISTS (SELECT 1 FROM tools AS t WHERE t.depot_id = d.depot_id "
  "AND t.kind = 'ladder')",
  "SELECT d.depot_id, d.city FROM depots AS d WHERE EXISTS (SELECT 1 FROM tools AS t WHERE t.depot_id = d.depot_id "
  "OR t.kind = 'ladder')",
  "OR for AND: any ladder anywhere keeps every depot")
X("Calcite JoinCommuteRule: an inner join's inputs swapped, the project restoring the order",
  "SELECT h.hire_id, c.tier FROM hires AS h JOIN customers AS c ON c.cust_id = h.cust_id",
  "SELECT x.hire_id, x.tier FROM (SELECT c.tier, h.hire_id FROM customers AS c JOIN hires AS h "
  "ON h.cust_id = c.cust_id) AS x",
  ("SELECT h.hire_id, c.tier FROM hires AS h LEFT JOIN customers AS c ON c.cust_id = h.cust_id",
   "SELECT x.hire_id, x.tier FROM (SELECT c.tier, h.hire_id FROM customers AS c LEFT JOIN hires AS h "
   "ON h.cust_id = c.cust_id) AS x"),
  "a LEFT JOIN commuted: customers without hires kept, walk-in hires lost")
X("Calcite JoinAssociateRule: (tools JOIN hires) JOIN customers re-associated",
  "SELECT t.kind, h.hire_id, c.tier FROM (tools AS t JOIN hires AS h ON h.tool_id = t.tool_id) "
  "JOIN customers AS c ON c.cust_id = h.cust_id",
  "SELECT t.kind, hc.hire_id, hc.tier FROM tools AS t JOIN (SELECT h.tool_id, h.hire_id, c.tier FROM hires AS h "
  "JOIN customers AS c ON c.cust_id = h.cust_id) AS hc ON hc.tool_id = t.tool_id",
  ("SELECT t.kind, h.hire_id, c.tier FROM (tools AS t LEFT JOIN hires AS h ON h.tool_id = t.tool_id) "
   "JOIN customers AS c ON c.cust_id = h.cust_id",
   "SELECT t.kind, hc.hire_id, hc.tier FROM tools AS t LEFT JOIN (SELECT h.tool_id, h.hire_id, c.tier FROM hires AS h "
   "JOIN customers AS c ON c.cust_id = h.cust_id) AS hc ON hc.tool_id = t.tool_id"),
  "an outer join re-associated: tools without a customer hire kept")
X("Calcite FilterIntoJoinRule + JoinPushTransitivePredicatesRule: a comma join's filter into ON, copied across",
  "SELECT t.tool_id, d.city FROM tools AS t, depots AS d WHERE t.depot_id = d.depot_id AND d.depot_id <= 2",
  "SELECT t.tool_id, d.city FROM (SELECT * FROM tools WHERE depot_id <= 2) AS t INNER JOIN "
  "(SELECT * FROM depots WHERE depot_id <= 2) AS d ON t.depot_id = d.depot_id",
  "SELECT t.tool_id, d.city FROM (SELECT * FROM tools WHERE depot_id <= 2) AS t LEFT JOIN "
  "(SELECT * FROM depots WHERE depot_id < 2) AS d ON t.depot_id = d.depot_id",
  "the copied bound made strict on an outer join: depot 2's tools kept without a city")
X("Calcite JoinPushTransitivePredicatesRule: a key bound copied into a LEFT JOIN's inner side",
  "SELECT t.tool_id, h.hire_id FROM tools AS t LEFT JOIN hires AS h ON h.tool_id = t.tool_id WHERE t.tool_id < 4",
  "SELECT t.tool_id, h.hire_id FROM (SELECT tool_id FROM tools WHERE tool_id < 4) AS t "
  "LEFT JOIN (SELECT hire_id, tool_id FROM hires WHERE tool_id < 4) AS h ON h.tool_id = t.tool_id",
  "SELECT t.tool_id, h.hire_id FROM tools AS t LEFT JOIN hires AS h ON h.tool_id = t.tool_id "
  "WHERE t.tool_id < 4 AND h.tool_id < 4",
  "the copied bound put in WHERE: never-hired tools lost")
X("Calcite ReduceExpressionsRule: an unreachable CASE branch removed",
  "SELECT tool_id, CASE WHEN deposit > 100 THEN 'high' WHEN deposit > 100 THEN 'again' ELSE 'low' END AS band FROM tools",
  "SELECT tool_id, CASE WHEN deposit > 100 THEN 'high' ELSE 'low' END AS band FROM tools",
  "SELECT tool_id, CASE WHEN deposit <= 100 THEN 'low' ELSE 'high' END AS band FROM tools",
  "the branches inverted: tools without a deposit banded high")
X("Calcite ReduceExpressionsRule + FilterMergeRule: a NOT NULL column's IS NULL folded, the filters merged",
  "SELECT f.hire_id FROM (SELECT * FROM hires WHERE out_day IS NOT NULL) AS f WHERE f.fee > 0 OR f.tool_id IS NULL",
  "SELECT hire_id FROM hires WHERE fee > 0",
  ("SELECT f.hire_id FROM (SELECT * FROM hires WHERE back_day IS NOT NULL) AS f WHERE f.fee > 0 OR f.cust_id IS NULL",
   "SELECT hire_id FROM hires WHERE back_day IS NOT NULL AND fee > 0"),
  "a NULL-able column's IS NULL folded to FALSE: walk-in hires lost")
X("Calcite AggregateJoinRemoveRule: a LEFT JOIN under DISTINCT of the left side's columns removed",
  "SELECT DISTINCT t.depot_id FROM tools AS t LEFT JOIN hires AS h ON h.tool_id = t.tool_id",
  "SELECT DISTINCT depot_id FROM tools",
  ("SELECT t.depot_id, COUNT(*) AS n FROM tools AS t LEFT JOIN hires AS h ON h.tool_id = t.tool_id GROUP BY t.depot_id",
   "SELECT depot_id, COUNT(*) AS n FROM tools GROUP BY depot_id"),
  "removed under a COUNT that sees the join's fan-out")
X("list:Calcite SortJoinTransposeRule: ORDER BY ... LIMIT pushed below a LEFT JOIN to a unique key",
  "SELECT t.tool_id, d.city FROM tools AS t LEFT JOIN depots AS d ON d.depot_id = t.depot_id "
  "ORDER BY t.tool_id LIMIT 3",
  "SELECT t.tool_id, d.city FROM (SELECT tool_id, depot_id FROM tools ORDER BY tool_id LIMIT 3) AS t "
  "LEFT JOIN depots AS d ON d.depot_id = t.depot_id ORDER BY t.tool_id LIMIT 3",
  "SELECT t.tool_id, d.city FROM (SELECT tool_id, depot_id FROM tools ORDER BY tool_id DESC LIMIT 3) AS t "
  "LEFT JOIN depots AS d ON d.depot_id = t.depot_id ORDER BY t.tool_id LIMIT 3",
  "the pushed sort reversed: the last three tools kept", semantics="list")
# --- Spark Catalyst
X("Spark ReplaceIntersectWithSemiJoin: INTERSECT as DISTINCT with a NULL-safe semi-join",
  "SELECT cust_id FROM hires INTERSECT SELECT referrer_id FROM customers",
  "SELECT DISTINCT h.cust_id FROM hires AS h WHERE EXISTS (SELECT 1 FROM customers AS c "
  "WHERE c.referrer_id = h.cust_id OR (c.referrer_id IS NULL AND h.cust_id IS NULL))",
  "SELECT DISTINCT h.cust_id FROM hires AS h WHERE EXISTS (SELECT 1 FROM customers AS c "
  "WHERE c.referrer_id = h.cust_id)",
  "a plain equality: the NULL customer no longer matches")
X("Spark ReplaceExceptWithAntiJoin: EXCEPT as DISTINCT with an anti-join on NOT NULL columns",
  "SELECT tool_id, day FROM scans EXCEPT SELECT tool_id, out_day FROM hires",
  "SELECT DISTINCT s.tool_id, s.day FROM scans AS s WHERE NOT EXISTS (SELECT 1 FROM hires AS h "
  "WHERE h.tool_id = s.tool_id AND h.out_day = s.day)",
  "SELECT s.tool_id, s.day FROM scans AS s WHERE NOT EXISTS (SELECT 1 FROM hires AS h "
  "WHERE h.tool_id = s.tool_id AND h.out_day = s.day)",
  "the DISTINCT dropped: duplicate scans kept")
X("Spark ReplaceExceptWithFilter: EXCEPT of two filters on one table as a negated filter",
  "SELECT tool_id, kind FROM tools WHERE day_rate > 10 EXCEPT SELECT tool_id, kind FROM tools WHERE deposit > 50",
  "SELECT DISTINCT tool_id, kind FROM tools WHERE day_rate > 10 AND (deposit <= 50 OR deposit IS NULL)",
  "SELECT DISTINCT tool_id, kind FROM tools WHERE day_rate > 10 AND deposit <= 50",
  "NOT of the filter without the NULL case: tools without a deposit lost")
X("Spark ReplaceDistinctWithAggregate + RemoveRedundantAggregates: nested groupings collapsed",
  "SELECT DISTINCT g.k FROM (SELECT kind AS k, depot_id FROM tools GROUP BY kind, depot_id) AS g",
  "SELECT kind AS k FROM tools GROUP BY kind",
  "SELECT kind AS k FROM tools GROUP BY kind, depot_id",
  "the inner grouping kept: a kind listed per depot")
X("Spark ReplaceDistinctWithAggregate: DISTINCT over a keyless log as GROUP BY",
  "SELECT DISTINCT depot_id, status FROM scans",
  "SELECT depot_id, status FROM scans GROUP BY depot_id, status",
  "SELECT depot_id, status FROM scans GROUP BY depot_id, status, tool_id",
  "an extra grouping column: a status listed per tool")
X("Spark EliminateOuterJoin + PushPredicateThroughJoin: a LEFT JOIN under IS NOT NULL made inner, the filter pushed",
  "SELECT t.tool_id, h.hire_id FROM tools AS t LEFT JOIN hires AS h ON h.tool_id = t.tool_id WHERE h.fee IS NOT NULL",
  "SELECT t.tool_id, h.hire_id FROM tools AS t JOIN (SELECT hire_id, tool_id FROM hires WHERE fee IS NOT NULL) AS h "
  "ON h.tool_id = t.tool_id",
  ("SELECT t.tool_id, h.hire_id FROM tools AS t LEFT JOIN hires AS h ON h.tool_id = t.tool_id "
   "WHERE COALESCE(h.fee, 0) >= 0",
   "SELECT t.tool_id, h.hire_id FROM tools AS t JOIN (SELECT hire_id, tool_id FROM hires WHERE COALESCE(fee, 0) >= 0) "
   "AS h ON h.tool_id = t.tool_id"),
  "made inner under a filter that a NULL-extended row passes")
X("Spark EliminateOuterJoin: a FULL JOIN with a filter on the left side as a LEFT JOIN",
  "SELECT c.cust_id, h.hire_id FROM customers AS c FULL JOIN hires AS h ON h.cust_id = c.cust_id WHERE c.tier = 'gold'",
  "SELECT c.cust_id, h.hire_id FROM customers AS c LEFT JOIN hires AS h ON h.cust_id = c.cust_id WHERE c.tier = 'gold'",
  ("SELECT c.cust_id, h.hire_id FROM customers AS c FULL JOIN hires AS h ON h.cust_id = c.cust_id WHERE h.fee > 0",
   "SELECT c.cust_id, h.hire_id FROM customers AS c LEFT JOIN hires AS h ON h.cust_id = c.cust_id WHERE h.fee > 0"),
  "a filter on the right side reduced to a LEFT JOIN: walk-in hires lost")
X("Spark InferFiltersFromConstraints: IS NOT NULL and the bound inferred for the other join side",
  "SELECT t.tool_id, s.day FROM tools AS t JOIN scans AS s ON s.tool_id = t.tool_id WHERE t.tool_id > 3",
  "SELECT t.tool_id, s.day FROM (SELECT tool_id FROM tools WHERE tool_id > 3) AS t JOIN "
  "(SELECT tool_id, day FROM scans WHERE tool_id IS NOT NULL AND tool_id > 3) AS s ON s.tool_id = t.tool_id",
  "SELECT t.tool_id, s.day FROM (SELECT tool_id FROM tools WHERE tool_id > 3) AS t JOIN "
  "(SELECT tool_id, day FROM scans WHERE depot_id IS NOT NULL AND tool_id > 3) AS s ON s.tool_id = t.tool_id",
  "IS NOT NULL inferred on the wrong column: scans without a depot lost")
X("Spark ConstantFolding + BooleanSimplification: constant arithmetic folded, a true disjunct removed",
  "SELECT hire_id FROM hires WHERE fee > 10 + 10 AND (2 > 1 OR out_day = 3)",
  "SELECT hire_id FROM hires WHERE fee > 20",
  "SELECT hire_id FROM hires WHERE fee > 20 AND out_day = 3",
  "the true disjunct folded away with its OR: the other disjunct kept as a conjunct")
X("Spark SimplifyConditionals: a CASE with equal branches as the branch",
  "SELECT hire_id, CASE WHEN back_day IS NULL THEN fee ELSE fee END AS f FROM hires",
  "SELECT hire_id, fee AS f FROM hires",
  "SELECT hire_id, COALESCE(fee, 0) AS f FROM hires",
  "folded to a COALESCE: unknown fees read as 0")
X("Spark NullPropagation: a comparison with NULL folded to NULL, the OR simplified",
  "SELECT tool_id FROM tools WHERE deposit = NULL OR kind = 'saw'",
  "SELECT tool_id FROM tools WHERE kind = 'saw'",
  "SELECT tool_id FROM tools WHERE deposit IS NULL OR kind = 'saw'",
  "= NULL read as IS NULL")
X("Spark OptimizeIn: a duplicate in an IN list removed",
  "SELECT tool_id FROM tools WHERE kind IN ('saw', 'drill', 'saw')",
  "SELECT tool_id FROM tools WHERE kind IN ('saw', 'drill')",
  "SELECT tool_id FROM tools WHERE kind IN ('saw')",
  "the list cut to its first value")
X("Spark ReplaceNullWithFalseInPredicate: a CASE with a NULL branch in WHERE as a conjunction",
  "SELECT hire_id FROM hires WHERE CASE WHEN back_day IS NULL THEN NULL ELSE fee > 0 END",
  "SELECT hire_id FROM hires WHERE back_day IS NOT NULL AND fee > 0",
  "SELECT hire_id FROM hires WHERE back_day IS NULL OR fee > 0",
  "the NULL branch read as TRUE")
X("Spark RewriteCorrelatedScalarSubquery: a correlated MAX as a LEFT JOIN to a grouped table",
  "SELECT t.tool_id, (SELECT MAX(h.fee) FROM hires AS h WHERE h.tool_id = t.tool_id) AS top_fee FROM tools AS t",
  "SELECT t.tool_id, a.m AS top_fee FROM tools AS t LEFT JOIN (SELECT tool_id, MAX(fee) AS m FROM hires "
  "GROUP BY tool_id) AS a ON a.tool_id = t.tool_id",
  "SELECT t.tool_id, a.m AS top_fee FROM tools AS t JOIN (SELECT tool_id, MAX(fee) AS m FROM hires "
  "GROUP BY tool_id) AS a ON a.tool_id = t.tool_id",
  "an inner join: never-hired tools lost")
X("Spark RewritePredicateSubquery: NOT IN over NULL-able columns as a null-aware anti-join",
  "SELECT c.cust_id FROM customers AS c WHERE c.credit NOT IN (SELECT h.fee FROM hires AS h)",
  "SELECT c.cust_id FROM customers AS c WHERE NOT EXISTS (SELECT 1 FROM hires AS h "
  "WHERE h.fee = c.credit OR h.fee IS NULL OR c.credit IS NULL)",
  "SELECT c.cust_id FROM customers AS c WHERE NOT EXISTS (SELECT 1 FROM hires AS h WHERE h.fee = c.credit)",
  "a plain anti-join: NULL fees and NULL credits ignored")
X("Spark PullupCorrelatedPredicates + RewritePredicateSubquery: EXISTS as a semi-join on the pulled-up key",
  "SELECT t.tool_id FROM tools AS t WHERE EXISTS (SELECT 1 FROM scans AS s WHERE s.tool_id = t.tool_id "
  "AND s.status = 'repair')",
  "SELECT t.tool_id FROM tools AS t WHERE t.tool_id IN (SELECT s.tool_id FROM scans AS s WHERE s.status = 'repair')",
  "SELECT t.tool_id FROM tools AS t WHERE EXISTS (SELECT 1 FROM scans AS s WHERE s.status = 'repair')",
  "the correlation lost: any repair keeps every tool")
X("Spark RewriteNonCorrelatedExists: an uncorrelated EXISTS as IS NOT NULL of a LIMIT 1 scalar",
  "SELECT tool_id FROM tools WHERE EXISTS (SELECT 1 FROM scans WHERE status = 'repair')",
  "SELECT tool_id FROM tools WHERE (SELECT 1 FROM scans WHERE status = 'repair' LIMIT 1) IS NOT NULL",
  "SELECT tool_id FROM tools WHERE (SELECT MIN(tool_id) FROM scans WHERE status = 'repair') IS NOT NULL",
  "a scanned column in the scalar: a repair of an unknown tool reads as none")
X("Spark ColumnPruning + CollapseProject: nested projections over a keyless log pruned and merged",
  "SELECT x.t FROM (SELECT y.tool_id AS t, y.status FROM (SELECT * FROM scans) AS y) AS x",
  "SELECT tool_id AS t FROM scans",
  "SELECT DISTINCT tool_id AS t FROM scans",
  "a DISTINCT added: duplicate scans merged")
X("Spark EliminateSorts: an ORDER BY under an aggregate removed",
  "SELECT s.depot_id, COUNT(*) AS n FROM (SELECT * FROM tools ORDER BY day_rate) AS s GROUP BY s.depot_id",
  "SELECT depot_id, COUNT(*) AS n FROM tools GROUP BY depot_id",
  ("SELECT s.depot_id, COUNT(*) AS n FROM (SELECT * FROM tools ORDER BY tool_id LIMIT 3) AS s GROUP BY s.depot_id",
   "SELECT depot_id, COUNT(*) AS n FROM tools GROUP BY depot_id"),
  "the sort removed with its LIMIT")
X("Spark InferWindowGroupLimit: RANK() <= 1 per depot as the top rate per depot",
  "SELECT w.tool_id FROM (SELECT tool_id, RANK() OVER (PARTITION BY depot_id ORDER BY day_rate DESC) AS r FROM tools) "
  "AS w WHERE w.r <= 1",
  "SELECT t.tool_id FROM tools AS t WHERE t.day_rate = (SELECT MAX(t2.day_rate) FROM tools AS t2 "
  "WHERE t2.depot_id = t.depot_id)",
  "SELECT w.tool_id FROM (SELECT tool_id, ROW_NUMBER() OVER (PARTITION BY depot_id ORDER BY day_rate DESC, tool_id) "
  "AS r FROM tools) AS w WHERE w.r <= 1",
  "ROW_NUMBER for RANK: tied top tools cut to one")
X("Spark CollapseWindow: two windows with one partitioning merged into one projection",
  "SELECT w.tool_id, w.a, SUM(w.day_rate) OVER (PARTITION BY w.depot_id) AS b FROM (SELECT tool_id, depot_id, "
  "day_rate, COUNT(*) OVER (PARTITION BY depot_id) AS a FROM tools) AS w",
  "SELECT tool_id, COUNT(*) OVER (PARTITION BY depot_id) AS a, SUM(day_rate) OVER (PARTITION BY depot_id) AS b "
  "FROM tools",
  "SELECT tool_id, COUNT(*) OVER (PARTITION BY depot_id) AS a, SUM(day_rate) OVER (PARTITION BY kind) AS b "
  "FROM tools",
  "the second window's partition changed when merged")
X("Spark CombineUnions: nested UNION ALL flattened",
  "SELECT a.k FROM (SELECT tool_id AS k FROM hires UNION ALL SELECT b.k FROM (SELECT tool_id AS k FROM scans "
  "UNION ALL SELECT tool_id AS k FROM tools) AS b) AS a",
  "SELECT tool_id AS k FROM hires UNION ALL SELECT tool_id AS k FROM scans UNION ALL SELECT tool_id AS k FROM tools",
  "SELECT tool_id AS k FROM hires UNION ALL SELECT tool_id AS k FROM scans UNION SELECT tool_id AS k FROM tools",
  "the inner UNION ALL flattened as UNION: every duplicate merged")
X("sqlite:Spark ReplaceIntersectWithSemiJoin: the NULL-safe <=> written as IS",
  "SELECT cust_id FROM hires INTERSECT SELECT referrer_id FROM customers",
  "SELECT DISTINCT h.cust_id FROM hires AS h WHERE EXISTS (SELECT 1 FROM customers AS c WHERE c.referrer_id IS h.cust_id)",
  "SELECT DISTINCT h.cust_id FROM hires AS h WHERE EXISTS (SELECT 1 FROM customers AS c WHERE c.referrer_id = h.cust_id)",
  "= for IS: the NULL customer no longer matches", dialect="sqlite")
X("sqlite:Spark NullPropagation: IFNULL with a NULL default removed",
  "SELECT tool_id, IFNULL(deposit, NULL) AS dep FROM tools",
  "SELECT tool_id, deposit AS dep FROM tools",
  "SELECT tool_id, IFNULL(deposit, 0) AS dep FROM tools",
  "the NULL default read as 0", dialect="sqlite")
X("sqlite:Spark SimplifyConditionals: IIF returning its own test column folded",
  "SELECT hire_id, IIF(fee IS NULL, NULL, fee) AS f FROM hires",
  "SELECT hire_id, fee AS f FROM hires",
  "SELECT hire_id, IIF(fee > 0, fee, NULL) AS f FROM hires",
  "the NULL test folded as a positivity test: zero fees lost", dialect="sqlite")

# ================================================================ TPC-H-style queries rewritten (supplyco)
REV = "pl.price * (100 - pl.disc)"
EUR = ("FROM vendor_part AS {a} JOIN vendor AS {b} ON {b}.v_key = {a}.v_key JOIN land AS {c} ON {c}.l_key = {b}.l_key "
       "JOIN zone AS {d} ON {d}.z_key = {c}.z_key")
E1 = EUR.format(a="vp", b="v", c="l", d="z")
E2 = EUR.format(a="vp2", b="v2", c="l2", d="z2")
H("Q1: pricing summary, the WHERE folded into CASE aggregates with a HAVING",
  "SELECT pl.rflag, SUM(pl.qty) AS sq, SUM(" + REV + ") AS rev, COUNT(*) AS n FROM purchase_line AS pl "
  "WHERE pl.ship_day <= 5 GROUP BY pl.rflag",
  "SELECT pl.rflag, SUM(CASE WHEN pl.ship_day <= 5 THEN pl.qty END) AS sq, SUM(CASE WHEN pl.ship_day <= 5 THEN "
  + REV + " END) AS rev, COUNT(CASE WHEN pl.ship_day <= 5 THEN 1 END) AS n FROM purchase_line AS pl GROUP BY pl.rflag "
  "HAVING COUNT(CASE WHEN pl.ship_day <= 5 THEN 1 END) > 0",
  "SELECT pl.rflag, SUM(CASE WHEN pl.ship_day <= 5 THEN pl.qty END) AS sq, SUM(CASE WHEN pl.ship_day <= 5 THEN "
  + REV + " END) AS rev, COUNT(CASE WHEN pl.ship_day <= 5 THEN 1 END) AS n FROM purchase_line AS pl GROUP BY pl.rflag",
  "the HAVING dropped: flags without an early shipment listed with a zero count")
H("Q1: pricing summary over a derived table of computed columns, the projection merged",
  "SELECT x.rflag, x.mode, SUM(x.net) AS rev, COUNT(*) AS n FROM (SELECT rflag, mode, price * (100 - disc) AS net "
  "FROM purchase_line WHERE ship_day <= 5) AS x GROUP BY x.rflag, x.mode",
  "SELECT rflag, mode, SUM(price * (100 - disc)) AS rev, COUNT(*) AS n FROM purchase_line WHERE ship_day <= 5 "
  "GROUP BY rflag, mode",
  "SELECT rflag, mode, SUM(price * 100 - disc) AS rev, COUNT(*) AS n FROM purchase_line WHERE ship_day <= 5 "
  "GROUP BY rflag, mode",
  "the parentheses lost: the discount subtracted once")
H("Q2: minimum-cost vendor in a zone, the correlated MIN as a join to a grouped minimum",
  "SELECT vp.p_key, vp.v_key FROM vendor_part AS vp JOIN part AS p ON p.p_key = vp.p_key JOIN vendor AS v "
  "ON v.v_key = vp.v_key JOIN land AS l ON l.l_key = v.l_key JOIN zone AS z ON z.z_key = l.z_key "
  "WHERE z.z_name = 'EUROPE' AND p.p_size > 1 AND vp.cost = (SELECT MIN(vp2.cost) " + E2 + " "
  "WHERE vp2.p_key = vp.p_key AND z2.z_name = 'EUROPE')",
  "SELECT vp.p_key, vp.v_key FROM vendor_part AS vp JOIN part AS p ON p.p_key = vp.p_key JOIN vendor AS v "
  "ON v.v_key = vp.v_key JOIN land AS l ON l.l_key = v.l_key JOIN zone AS z ON z.z_key = l.z_key "
  "JOIN (SELECT vp2.p_key, MIN(vp2.cost) AS mc " + E2 + " WHERE z2.z_name = 'EUROPE' GROUP BY vp2.p_key) AS m "
  "ON m.p_key = vp.p_key AND vp.cost = m.mc WHERE z.z_name = 'EUROPE' AND p.p_size > 1",
  "SELECT vp.p_key, vp.v_key FROM vendor_part AS vp JOIN part AS p ON p.p_key = vp.p_key JOIN vendor AS v "
  "ON v.v_key = vp.v_key JOIN land AS l ON l.l_key = v.l_key JOIN zone AS z ON z.z_key = l.z_key "
  "JOIN (SELECT vp2.p_key, MIN(vp2.cost) AS mc FROM vendor_part AS vp2 GROUP BY vp2.p_key) AS m "
  "ON m.p_key = vp.p_key AND vp.cost = m.mc WHERE z.z_name = 'EUROPE' AND p.p_size > 1",
  "the minimum taken over every zone's vendors")
H("Q2: minimum-cost vendor in a zone, the correlated MIN as a window minimum",
  "SELECT vp.p_key, vp.v_key FROM vendor_part AS vp JOIN vendor AS v ON v.v_key = vp.v_key JOIN land AS l "
  "ON l.l_key = v.l_key JOIN zone AS z ON z.z_key = l.z_key WHERE z.z_name = 'EUROPE' AND vp.cost = "
  "(SELECT MIN(vp2.cost) " + E2 + " WHERE vp2.p_key = vp.p_key AND z2.z_name = 'EUROPE')",
  "SELECT w.p_key, w.v_key FROM (SELECT vp.p_key, vp.v_key, vp.cost, MIN(vp.cost) OVER (PARTITION BY vp.p_key) AS mc "
  + E1 + " WHERE z.z_name = 'EUROPE') AS w WHERE w.cost = w.mc",
  "SELECT w.p_key, w.v_key FROM (SELECT vp.p_key, vp.v_key, vp.cost, z.z_name, MIN(vp.cost) OVER "
  "(PARTITION BY vp.p_key) AS mc " + E1 + ") AS w WHERE w.z_name = 'EUROPE' AND w.cost = w.mc",
  "the zone filter applied after the window: a cheaper vendor elsewhere hides the zone's best")
H("Q2: minimum-cost vendor in a zone, the correlated MIN as NOT EXISTS of a cheaper one",
  "SELECT vp.p_key, vp.v_key FROM vendor_part AS vp JOIN vendor AS v ON v.v_key = vp.v_key JOIN land AS l "
  "ON l.l_key = v.l_key JOIN zone AS z ON z.z_key = l.z_key WHERE z.z_name = 'EUROPE' AND vp.cost = "
  "(SELECT MIN(vp2.cost) " + E2 + " WHERE vp2.p_key = vp.p_key AND z2.z_name = 'EUROPE')",
  "SELECT vp.p_key, vp.v_key " + E1 + " WHERE z.z_name = 'EUROPE' AND NOT EXISTS (SELECT 1 " + E2 + " "
  "WHERE vp2.p_key = vp.p_key AND z2.z_name = 'EUROPE' AND vp2.cost < vp.cost)",
  "SELECT vp.p_key, vp.v_key " + E1 + " WHERE z.z_name = 'EUROPE' AND NOT EXISTS (SELECT 1 " + E2 + " "
  "WHERE vp2.p_key = vp.p_key AND z2.z_name = 'EUROPE' AND vp2.cost <= vp.cost AND vp2.v_key <> vp.v_key)",
  "non-strict against the other vendors: tied cheapest vendors dropped")
H("Q3: shipping priority, revenue aggregated below the joins",
  "SELECT pl.o_key, SUM(" + REV + ") AS rev, o.o_day FROM client AS c JOIN purchase AS o ON o.c_key = c.c_key "
  "JOIN purchase_line AS pl ON pl.o_key = o.o_key WHERE c.segment = 'BUILD' AND o.o_day < 5 AND pl.ship_day > 3 "
  "GROUP BY pl.o_key, o.o_day",
  "SELECT a.o_key, a.rev, o.o_day FROM (SELECT pl.o_key, SUM(" + REV + ") AS rev FROM purchase_line AS pl "
  "WHERE pl.ship_day > 3 GROUP BY pl.o_key) AS a JOIN purchase AS o ON o.o_key = a.o_key JOIN client AS c "
  "ON c.c_key = o.c_key WHERE c.segment = 'BUILD' AND o.o_day < 5",
  "SELECT a.o_key, a.rev, o.o_day FROM (SELECT pl.o_key, pl.ln, SUM(" + REV + ") AS rev FROM purchase_line AS pl "
  "WHERE pl.ship_day > 3 GROUP BY pl.o_key, pl.ln) AS a JOIN purchase AS o ON o.o_key = a.o_key JOIN client AS c "
  "ON c.c_key = o.c_key WHERE c.segment = 'BUILD' AND o.o_day < 5",
  "the partial aggregate grouped by line: one row per line")
H("list:Q3: shipping priority top orders, semi-join on the segment and a total order",
  "SELECT pl.o_key, SUM(" + REV + ") AS rev FROM purchase AS o JOIN purchase_line AS pl ON pl.o_key = o.o_key "
  "JOIN client AS c ON c.c_key = o.c_key WHERE c.segment = 'BUILD' GROUP BY pl.o_key ORDER BY rev DESC, pl.o_key LIMIT 3",
  "SELECT pl.o_key, SUM(" + REV + ") AS rev FROM purchase_line AS pl WHERE pl.o_key IN (SELECT o.o_key FROM purchase AS o "
  "WHERE o.c_key IN (SELECT c_key FROM client WHERE segment = 'BUILD')) GROUP BY pl.o_key ORDER BY rev DESC, pl.o_key "
  "LIMIT 3",
  "SELECT pl.o_key, SUM(" + REV + ") AS rev FROM purchase_line AS pl WHERE pl.o_key IN (SELECT o.o_key FROM purchase AS o "
  "WHERE o.c_key IN (SELECT c_key FROM client WHERE segment = 'BUILD')) GROUP BY pl.o_key ORDER BY rev DESC, "
  "pl.o_key DESC LIMIT 3",
  "ties broken by the highest order key", semantics="list")
LATE = "pl.commit_day < pl.receipt_day"
H("Q4: order priority checking, EXISTS as IN",
  "SELECT o.o_prio, COUNT(*) AS n FROM purchase AS o WHERE o.o_day >= 3 AND o.o_day <= 6 AND EXISTS (SELECT 1 FROM "
  "purchase_line AS pl WHERE pl.o_key = o.o_key AND " + LATE + ") GROUP BY o.o_prio",
  "SELECT o.o_prio, COUNT(*) AS n FROM purchase AS o WHERE o.o_day BETWEEN 3 AND 6 AND o.o_key IN (SELECT pl.o_key "
  "FROM purchase_line AS pl WHERE " + LATE + ") GROUP BY o.o_prio",
  "SELECT o.o_prio, COUNT(*) AS n FROM purchase AS o JOIN purchase_line AS pl ON pl.o_key = o.o_key "
  "WHERE o.o_day BETWEEN 3 AND 6 AND " + LATE + " GROUP BY o.o_prio",
  "the semi-join as a join: an order counted once per late line")
H("Q4: order priority checking, EXISTS as a join with COUNT(DISTINCT)",
  "SELECT o.o_prio, COUNT(*) AS n FROM purchase AS o WHERE o.o_day >= 3 AND o.o_day <= 6 AND EXISTS (SELECT 1 FROM "
  "purchase_line AS pl WHERE pl.o_key = o.o_key AND " + LATE + ") GROUP BY o.o_prio",
  "SELECT o.o_prio, COUNT(DISTINCT o.o_key) AS n FROM purchase AS o JOIN purchase_line AS pl ON pl.o_key = o.o_key "
  "WHERE o.o_day >= 3 AND o.o_day <= 6 AND " + LATE + " GROUP BY o.o_prio",
  "SELECT o.o_prio, COUNT(DISTINCT o.o_key) AS n FROM purchase AS o JOIN purchase_line AS pl ON pl.o_key = o.o_key "
  "WHERE o.o_day >= 3 AND o.o_day <= 6 AND pl.commit_day < pl.ship_day GROUP BY o.o_prio",
  "the ship day read for the receipt day")
H("Q4: order priority checking, EXISTS as a join to a grouped derived table",
  "SELECT o.o_prio, COUNT(*) AS n FROM purchase AS o WHERE o.o_day >= 3 AND o.o_day <= 6 AND EXISTS (SELECT 1 FROM "
  "purchase_line AS pl WHERE pl.o_key = o.o_key AND " + LATE + ") GROUP BY o.o_prio",
  "SELECT o.o_prio, COUNT(*) AS n FROM purchase AS o JOIN (SELECT pl.o_key FROM purchase_line AS pl WHERE " + LATE + " "
  "GROUP BY pl.o_key) AS lt ON lt.o_key = o.o_key WHERE o.o_day >= 3 AND o.o_day <= 6 GROUP BY o.o_prio",
  "SELECT o.o_prio, COUNT(*) AS n FROM purchase AS o JOIN (SELECT pl.o_key FROM purchase_line AS pl WHERE " + LATE + " "
  "GROUP BY pl.o_key) AS lt ON lt.o_key = o.o_key WHERE o.o_day > 3 AND o.o_day < 6 GROUP BY o.o_prio",
  "the day range made exclusive")
H("Q4: orders without a late line, NOT EXISTS as EXCEPT of keys",
  "SELECT o.o_key FROM purchase AS o WHERE NOT EXISTS (SELECT 1 FROM purchase_line AS pl WHERE pl.o_key = o.o_key "
  "AND " + LATE + ")",
  "SELECT o_key FROM purchase EXCEPT SELECT pl.o_key FROM purchase_line AS pl WHERE " + LATE,
  "SELECT o_key FROM purchase EXCEPT SELECT pl.o_key FROM purchase_line AS pl WHERE pl.commit_day >= pl.receipt_day",
  "the complement of the late test: lines without a receipt day ignored, on-time lines exclude")
H("Q5: local vendor volume, the transitive land equality placed on the client",
  "SELECT l.l_name, SUM(" + REV + ") AS rev FROM client AS c JOIN purchase AS o ON o.c_key = c.c_key "
  "JOIN purchase_line AS pl ON pl.o_key = o.o_key JOIN vendor AS v ON v.v_key = pl.v_key JOIN land AS l "
  "ON l.l_key = v.l_key JOIN zone AS z ON z.z_key = l.z_key WHERE c.l_key = v.l_key AND z.z_name = 'ASIA' "
  "GROUP BY l.l_name",
  "SELECT l.l_name, SUM(" + REV + ") AS rev FROM zone AS z JOIN land AS l ON l.z_key = z.z_key JOIN client AS c "
  "ON c.l_key = l.l_key JOIN purchase AS o ON o.c_key = c.c_key JOIN purchase_line AS pl ON pl.o_key = o.o_key "
  "JOIN vendor AS v ON v.v_key = pl.v_key AND v.l_key = c.l_key WHERE z.z_name = 'ASIA' GROUP BY l.l_name",
  "SELECT l.l_name, SUM(" + REV + ") AS rev FROM zone AS z JOIN land AS l ON l.z_key = z.z_key JOIN client AS c "
  "ON c.l_key = l.l_key JOIN purchase AS o ON o.c_key = c.c_key JOIN purchase_line AS pl ON pl.o_key = o.o_key "
  "JOIN vendor AS v ON v.v_key = pl.v_key WHERE z.z_name = 'ASIA' GROUP BY l.l_name",
  "the vendor-land equality lost in the reorder: foreign vendors counted")
H("Q6: forecast revenue change, the range as a negated disjunction",
  "SELECT SUM(pl.price * pl.disc) AS rev FROM purchase_line AS pl WHERE pl.ship_day >= 2 AND pl.ship_day < 7 "
  "AND pl.disc >= 5 AND pl.qty < 24",
  "SELECT SUM(pl.price * pl.disc) AS rev FROM purchase_line AS pl WHERE NOT (pl.ship_day < 2 OR pl.ship_day >= 7) "
  "AND NOT (pl.disc < 5 OR pl.qty >= 24)",
  "SELECT SUM(pl.price * pl.disc) AS rev FROM purchase_line AS pl WHERE NOT (COALESCE(pl.ship_day, 2) < 2 "
  "OR COALESCE(pl.ship_day, 2) >= 7) AND NOT (pl.disc < 5 OR pl.qty >= 24)",
  "unshipped lines read as shipped on day 2")
H("Q6: forecast revenue change, the day range moved into a CASE inside the SUM",
  "SELECT SUM(pl.price * pl.disc) AS rev FROM purchase_line AS pl WHERE pl.ship_day >= 2 AND pl.ship_day < 7 "
  "AND pl.disc >= 5",
  "SELECT SUM(CASE WHEN pl.ship_day >= 2 AND pl.ship_day < 7 THEN pl.price * pl.disc END) AS rev "
  "FROM purchase_line AS pl WHERE pl.disc >= 5",
  "SELECT SUM(CASE WHEN pl.ship_day >= 2 AND pl.ship_day < 7 THEN pl.price * pl.disc ELSE 0 END) AS rev "
  "FROM purchase_line AS pl WHERE pl.disc >= 5",
  "ELSE 0: no line in range answers 0, not NULL")
VOL = ("FROM purchase_line AS pl JOIN vendor AS v ON v.v_key = pl.v_key JOIN land AS l1 ON l1.l_key = v.l_key "
       "JOIN purchase AS o ON o.o_key = pl.o_key JOIN client AS c ON c.c_key = o.c_key JOIN land AS l2 "
       "ON l2.l_key = c.l_key")
H("Q7: volume shipping between two lands, the OR of ordered pairs as IN lists and an inequality",
  "SELECT l1.l_name AS supp, l2.l_name AS cust, SUM(pl.qty) AS q " + VOL + " WHERE (l1.l_name = 'FRANCE' AND "
  "l2.l_name = 'JAPAN') OR (l1.l_name = 'JAPAN' AND l2.l_name = 'FRANCE') GROUP BY l1.l_name, l2.l_name",
  "SELECT l1.l_name AS supp, l2.l_name AS cust, SUM(pl.qty) AS q " + VOL + " WHERE l1.l_name IN ('FRANCE', 'JAPAN') "
  "AND l2.l_name IN ('FRANCE', 'JAPAN') AND l1.l_name <> l2.l_name GROUP BY l1.l_name, l2.l_name",
  "SELECT l1.l_name AS supp, l2.l_name AS cust, SUM(pl.qty) AS q " + VOL + " WHERE l1.l_name IN ('FRANCE', 'JAPAN') "
  "AND l2.l_name IN ('FRANCE', 'JAPAN') GROUP BY l1.l_name, l2.l_name",
  "the inequality lost: domestic volume listed")
H("Q7: volume shipping between two lands, OR expansion into UNION ALL of grouped branches",
  "SELECT l1.l_name AS supp, l2.l_name AS cust, SUM(pl.qty) AS q " + VOL + " WHERE (l1.l_name = 'FRANCE' AND "
  "l2.l_name = 'JAPAN') OR (l1.l_name = 'JAPAN' AND l2.l_name = 'FRANCE') GROUP BY l1.l_name, l2.l_name",
  "SELECT 'FRANCE' AS supp, 'JAPAN' AS cust, SUM(pl.qty) AS q " + VOL + " WHERE l1.l_name = 'FRANCE' AND "
  "l2.l_name = 'JAPAN' HAVING COUNT(*) > 0 UNION ALL SELECT 'JAPAN' AS supp, 'FRANCE' AS cust, SUM(pl.qty) AS q " + VOL
  + " WHERE l1.l_name = 'JAPAN' AND l2.l_name = 'FRANCE' HAVING COUNT(*) > 0",
  "SELECT 'FRANCE' AS supp, 'JAPAN' AS cust, SUM(pl.qty) AS q " + VOL + " WHERE l1.l_name = 'FRANCE' AND "
  "l2.l_name = 'JAPAN' UNION ALL SELECT 'JAPAN' AS supp, 'FRANCE' AS cust, SUM(pl.qty) AS q " + VOL
  + " WHERE l1.l_name = 'JAPAN' AND l2.l_name = 'FRANCE'",
  "the HAVING dropped: an empty direction listed with a NULL volume")
VOL8 = ("FROM purchase_line AS pl JOIN purchase AS o ON o.o_key = pl.o_key JOIN vendor AS v ON v.v_key = pl.v_key "
        "JOIN land AS l ON l.l_key = v.l_key JOIN part AS p ON p.p_key = pl.p_key WHERE p.p_type = 'STEEL'")
H("Q8: market share, the CASE sum as a LEFT JOIN of two groupings",
  "SELECT o.o_day / 4 AS yr, SUM(CASE WHEN l.l_name = 'PERU' THEN " + REV + " ELSE 0 END) AS peru, SUM(" + REV + ") "
  "AS total " + VOL8 + " GROUP BY o.o_day / 4",
  "SELECT a.yr, COALESCE(b.peru, 0) AS peru, a.total FROM (SELECT o.o_day / 4 AS yr, SUM(" + REV + ") AS total " + VOL8
  + " GROUP BY o.o_day / 4) AS a LEFT JOIN (SELECT o.o_day / 4 AS yr, SUM(" + REV + ") AS peru " + VOL8 + " AND "
  "l.l_name = 'PERU' GROUP BY o.o_day / 4) AS b ON b.yr = a.yr",
  "SELECT a.yr, COALESCE(b.peru, 0) AS peru, a.total FROM (SELECT o.o_day / 4 AS yr, SUM(" + REV + ") AS total " + VOL8
  + " GROUP BY o.o_day / 4) AS a JOIN (SELECT o.o_day / 4 AS yr, SUM(" + REV + ") AS peru " + VOL8 + " AND "
  "l.l_name = 'PERU' GROUP BY o.o_day / 4) AS b ON b.yr = a.yr",
  "an inner join: years without Peruvian volume lost")
H("Q8: market share, the CASE sum as a filtered SUM",
  "SELECT o.o_day / 4 AS yr, SUM(CASE WHEN l.l_name = 'PERU' THEN " + REV + " ELSE 0 END) AS peru " + VOL8
  + " GROUP BY o.o_day / 4",
  "SELECT o.o_day / 4 AS yr, COALESCE(SUM(" + REV + ") FILTER (WHERE l.l_name = 'PERU'), 0) AS peru " + VOL8
  + " GROUP BY o.o_day / 4",
  "SELECT o.o_day / 4 AS yr, COALESCE(SUM(" + REV + ") FILTER (WHERE l.l_name = 'PERU'), 0) AS peru " + VOL8
  + " GROUP BY o.o_day",
  "grouped by the day: one row per day, not per year")
H("Q9: product type profit, vendor_part joined on its composite key below the aggregate",
  "SELECT l.l_name, p.p_type, SUM(" + REV + " - vp.cost * pl.qty) AS profit FROM purchase_line AS pl JOIN part AS p "
  "ON p.p_key = pl.p_key JOIN vendor_part AS vp ON vp.p_key = pl.p_key AND vp.v_key = pl.v_key JOIN vendor AS v "
  "ON v.v_key = pl.v_key JOIN land AS l ON l.l_key = v.l_key GROUP BY l.l_name, p.p_type",
  "SELECT l.l_name, x.p_type, SUM(x.profit) AS profit FROM (SELECT pl.v_key, p.p_type, SUM(" + REV + " - vp.cost * "
  "pl.qty) AS profit FROM vendor_part AS vp JOIN purchase_line AS pl ON pl.p_key = vp.p_key AND pl.v_key = vp.v_key "
  "JOIN part AS p ON p.p_key = vp.p_key GROUP BY pl.v_key, p.p_type) AS x JOIN vendor AS v ON v.v_key = x.v_key "
  "JOIN land AS l ON l.l_key = v.l_key GROUP BY l.l_name, x.p_type",
  "SELECT l.l_name, x.p_type, SUM(x.profit) AS profit FROM (SELECT pl.v_key, p.p_type, SUM(" + REV + " - vp.cost * "
  "pl.qty) AS profit FROM vendor_part AS vp JOIN purchase_line AS pl ON pl.p_key = vp.p_key "
  "JOIN part AS p ON p.p_key = vp.p_key GROUP BY pl.v_key, p.p_type) AS x JOIN vendor AS v ON v.v_key = x.v_key "
  "JOIN land AS l ON l.l_key = v.l_key GROUP BY l.l_name, x.p_type",
  "vendor_part joined on the part alone: a line's cost taken from every vendor of the part")
H("Q10: returned item reporting, revenue per client aggregated before the client join",
  "SELECT c.c_key, c.c_bal, SUM(" + REV + ") AS rev FROM client AS c JOIN purchase AS o ON o.c_key = c.c_key "
  "JOIN purchase_line AS pl ON pl.o_key = o.o_key WHERE pl.rflag = 'R' GROUP BY c.c_key, c.c_bal",
  "SELECT c.c_key, c.c_bal, r.rev FROM client AS c JOIN (SELECT o.c_key, SUM(" + REV + ") AS rev FROM purchase AS o "
  "JOIN purchase_line AS pl ON pl.o_key = o.o_key WHERE pl.rflag = 'R' GROUP BY o.c_key) AS r ON r.c_key = c.c_key",
  "SELECT c.c_key, c.c_bal, r.rev FROM client AS c LEFT JOIN (SELECT o.c_key, SUM(" + REV + ") AS rev FROM purchase AS o "
  "JOIN purchase_line AS pl ON pl.o_key = o.o_key WHERE pl.rflag = 'R' GROUP BY o.c_key) AS r ON r.c_key = c.c_key",
  "a LEFT JOIN: clients without returns listed with NULL")
H("Q10: returned item reporting, the client columns fetched by a scalar subquery after grouping",
  "SELECT c.c_key, c.segment, COUNT(*) AS n FROM client AS c JOIN purchase AS o ON o.c_key = c.c_key "
  "JOIN purchase_line AS pl ON pl.o_key = o.o_key WHERE pl.rflag = 'R' GROUP BY c.c_key, c.segment",
  "SELECT g.c_key, (SELECT c.segment FROM client AS c WHERE c.c_key = g.c_key) AS segment, g.n FROM (SELECT o.c_key, "
  "COUNT(*) AS n FROM purchase AS o JOIN purchase_line AS pl ON pl.o_key = o.o_key WHERE pl.rflag = 'R' "
  "AND o.c_key IS NOT NULL GROUP BY o.c_key) AS g",
  "SELECT g.c_key, (SELECT c.segment FROM client AS c WHERE c.c_key = g.c_key) AS segment, g.n FROM (SELECT o.c_key, "
  "COUNT(*) AS n FROM purchase AS o JOIN purchase_line AS pl ON pl.o_key = o.o_key WHERE pl.rflag = 'R' "
  "GROUP BY o.c_key) AS g",
  "the NULL client group kept: returns of unknown clients listed")
STK = ("FROM vendor_part AS vp JOIN vendor AS v ON v.v_key = vp.v_key JOIN land AS l ON l.l_key = v.l_key "
       "WHERE l.l_name = 'JAPAN'")
H("Q11: important stock, HAVING over a scalar total as a join to the grouped total",
  "SELECT vp.p_key, SUM(vp.cost * vp.avail) AS val " + STK + " GROUP BY vp.p_key HAVING SUM(vp.cost * vp.avail) * 10 > "
  "(SELECT SUM(vp.cost * vp.avail) " + STK + ")",
  "SELECT g.p_key, g.val FROM (SELECT vp.p_key, SUM(vp.cost * vp.avail) AS val " + STK + " GROUP BY vp.p_key) AS g "
  "CROSS JOIN (SELECT SUM(vp.cost * vp.avail) AS total " + STK + ") AS t WHERE g.val * 10 > t.total",
  "SELECT g.p_key, g.val FROM (SELECT vp.p_key, SUM(vp.cost * vp.avail) AS val " + STK + " GROUP BY vp.p_key) AS g "
  "CROSS JOIN (SELECT SUM(vp.cost * vp.avail) AS total " + STK + ") AS t WHERE g.val * 10 >= t.total",
  "non-strict: parts of zero value kept when the total is zero")
H("Q11: important stock, the total as a window over the groups",
  "SELECT vp.p_key, SUM(vp.cost * vp.avail) AS val " + STK + " GROUP BY vp.p_key HAVING SUM(vp.cost * vp.avail) * 10 > "
  "(SELECT SUM(vp.cost * vp.avail) " + STK + ")",
  "SELECT w.p_key, w.val FROM (SELECT vp.p_key, SUM(vp.cost * vp.avail) AS val, SUM(SUM(vp.cost * vp.avail)) OVER () "
  "AS total " + STK + " GROUP BY vp.p_key) AS w WHERE w.val * 10 > w.total",
  "SELECT w.p_key, w.val FROM (SELECT vp.p_key, vp.v_key, SUM(vp.cost * vp.avail) AS val, SUM(SUM(vp.cost * vp.avail)) "
  "OVER (PARTITION BY vp.v_key) AS total " + STK + " GROUP BY vp.p_key, vp.v_key) AS w WHERE w.val * 10 > w.total",
  "the total taken per vendor")
SHIPM = ("FROM purchase AS o JOIN purchase_line AS pl ON pl.o_key = o.o_key WHERE pl.commit_day < pl.receipt_day "
         "AND pl.ship_day < pl.commit_day")
H("Q12: shipping modes and priority, CASE sums as filtered counts",
  "SELECT pl.mode, SUM(CASE WHEN o.o_prio = '1-URGENT' THEN 1 ELSE 0 END) AS high, SUM(CASE WHEN o.o_prio <> "
  "'1-URGENT' THEN 1 ELSE 0 END) AS low " + SHIPM + " AND pl.mode IN ('MAIL', 'SHIP') GROUP BY pl.mode",
  "SELECT pl.mode, COUNT(*) FILTER (WHERE o.o_prio = '1-URGENT') AS high, COUNT(*) - COUNT(CASE WHEN o.o_prio = "
  "'1-URGENT' THEN 1 END) AS low " + SHIPM + " AND (pl.mode = 'MAIL' OR pl.mode = 'SHIP') GROUP BY pl.mode",
  "SELECT pl.mode, COUNT(*) FILTER (WHERE o.o_prio = '1-URGENT') AS high, COUNT(*) - COUNT(CASE WHEN o.o_prio = "
  "'1-URGENT' THEN 1 END) AS low FROM purchase AS o JOIN purchase_line AS pl ON pl.o_key = o.o_key WHERE "
  "pl.mode = 'MAIL' OR pl.mode = 'SHIP' AND pl.commit_day < pl.receipt_day AND pl.ship_day < pl.commit_day "
  "GROUP BY pl.mode",
  "the OR written without parentheses: every MAIL line counted")
H("Q12: shipping modes and priority, the IN list as UNION ALL branches",
  "SELECT pl.mode, COUNT(*) AS n " + SHIPM + " AND pl.mode IN ('MAIL', 'SHIP') GROUP BY pl.mode",
  "SELECT u.mode, COUNT(*) AS n FROM (SELECT pl.o_key, pl.ln, pl.mode " + SHIPM + " AND pl.mode = 'MAIL' UNION ALL "
  "SELECT pl.o_key, pl.ln, pl.mode " + SHIPM + " AND pl.mode = 'SHIP') AS u GROUP BY u.mode",
  "SELECT u.mode, COUNT(*) AS n FROM (SELECT pl.mode, o.o_prio " + SHIPM + " AND pl.mode = 'MAIL' UNION "
  "SELECT pl.mode, o.o_prio " + SHIPM + " AND pl.mode = 'SHIP') AS u GROUP BY u.mode",
  "UNION over the mode and priority: lines of one priority counted once")
C13 = ("SELECT c.c_key, COUNT(o.o_key) AS cnt FROM client AS c LEFT JOIN purchase AS o ON o.c_key = c.c_key "
       "AND o.o_status <> 'P' GROUP BY c.c_key")
H("Q13: customer distribution, the outer join count as a correlated COUNT",
  "SELECT x.cnt, COUNT(*) AS custdist FROM (" + C13 + ") AS x GROUP BY x.cnt",
  "SELECT x.cnt, COUNT(*) AS custdist FROM (SELECT c.c_key, (SELECT COUNT(*) FROM purchase AS o WHERE o.c_key = c.c_key "
  "AND o.o_status <> 'P') AS cnt FROM client AS c) AS x GROUP BY x.cnt",
  "SELECT x.cnt, COUNT(*) AS custdist FROM (SELECT c.c_key, COUNT(*) AS cnt FROM client AS c LEFT JOIN purchase AS o "
  "ON o.c_key = c.c_key AND o.o_status <> 'P' GROUP BY c.c_key) AS x GROUP BY x.cnt",
  "COUNT(*) over the outer join: clients without orders counted as 1")
H("Q13: customer distribution, the outer join count as UNION ALL of counted and order-less clients",
  "SELECT x.cnt, COUNT(*) AS custdist FROM (" + C13 + ") AS x GROUP BY x.cnt",
  "SELECT y.cnt, COUNT(*) AS custdist FROM (SELECT o.c_key, COUNT(*) AS cnt FROM purchase AS o WHERE o.o_status <> 'P' "
  "AND o.c_key IS NOT NULL GROUP BY o.c_key UNION ALL SELECT c.c_key, 0 AS cnt FROM client AS c WHERE NOT EXISTS "
  "(SELECT 1 FROM purchase AS o WHERE o.c_key = c.c_key AND o.o_status <> 'P')) AS y GROUP BY y.cnt",
  "SELECT y.cnt, COUNT(*) AS custdist FROM (SELECT o.c_key, COUNT(*) AS cnt FROM purchase AS o WHERE o.o_status <> 'P' "
  "AND o.c_key IS NOT NULL GROUP BY o.c_key UNION ALL SELECT c.c_key, 0 AS cnt FROM client AS c WHERE NOT EXISTS "
  "(SELECT 1 FROM purchase AS o WHERE o.c_key = c.c_key)) AS y GROUP BY y.cnt",
  "the anti-join without the status: clients with only pending orders lost")
H("Q13: customer distribution, the ON filter moved to WHERE by mistake",
  "SELECT x.cnt, COUNT(*) AS custdist FROM (" + C13 + ") AS x GROUP BY x.cnt",
  "SELECT x.cnt, COUNT(*) AS custdist FROM (SELECT c.c_key, COUNT(f.o_key) AS cnt FROM client AS c LEFT JOIN "
  "(SELECT o_key, c_key FROM purchase WHERE o_status <> 'P') AS f ON f.c_key = c.c_key GROUP BY c.c_key) AS x "
  "GROUP BY x.cnt",
  "SELECT x.cnt, COUNT(*) AS custdist FROM (SELECT c.c_key, COUNT(o.o_key) AS cnt FROM client AS c LEFT JOIN purchase "
  "AS o ON o.c_key = c.c_key WHERE o.o_status <> 'P' GROUP BY c.c_key) AS x GROUP BY x.cnt",
  "the status filter in WHERE: clients without orders lost")
H("Q14: promotion effect, the type test as a LEFT JOIN to the promoted parts",
  "SELECT SUM(CASE WHEN p.p_type = 'BRASS' THEN " + REV + " ELSE 0 END) AS promo, SUM(" + REV + ") AS total "
  "FROM purchase_line AS pl JOIN part AS p ON p.p_key = pl.p_key WHERE pl.ship_day >= 2 AND pl.ship_day < 7",
  "SELECT SUM(CASE WHEN b.p_key IS NOT NULL THEN " + REV + " ELSE 0 END) AS promo, SUM(" + REV + ") AS total "
  "FROM purchase_line AS pl LEFT JOIN (SELECT p_key FROM part WHERE p_type = 'BRASS') AS b ON b.p_key = pl.p_key "
  "WHERE pl.ship_day >= 2 AND pl.ship_day < 7",
  "SELECT SUM(" + REV + ") AS promo, SUM(" + REV + ") AS total "
  "FROM purchase_line AS pl JOIN (SELECT p_key FROM part WHERE p_type = 'BRASS') AS b ON b.p_key = pl.p_key "
  "WHERE pl.ship_day >= 2 AND pl.ship_day < 7",
  "an inner join to the promoted parts: the total shrinks to the promotion")
R15 = ("SELECT v_key AS sno, SUM(price * (100 - disc)) AS total FROM purchase_line WHERE ship_day >= 2 AND "
       "ship_day < 7 GROUP BY v_key")
H("Q15: top vendor, the revenue view inlined twice",
  "WITH revenue AS (" + R15 + ") SELECT v.v_key, r.total FROM vendor AS v JOIN revenue AS r ON r.sno = v.v_key "
  "WHERE r.total = (SELECT MAX(total) FROM revenue)",
  "SELECT v.v_key, r.total FROM vendor AS v JOIN (" + R15 + ") AS r ON r.sno = v.v_key WHERE r.total = "
  "(SELECT MAX(r2.total) FROM (" + R15 + ") AS r2)",
  "SELECT v.v_key, r.total FROM vendor AS v JOIN (" + R15 + ") AS r ON r.sno = v.v_key WHERE r.total = "
  "(SELECT MAX(r2.total) FROM (" + R15 + ") AS r2 WHERE r2.sno IS NOT NULL)",
  "the maximum without the vendor-less group: a vendor listed although unknown-vendor revenue is higher")
H("Q15: top vendor, the MAX comparison as NOT EXISTS of a higher total",
  "WITH revenue AS (" + R15 + ") SELECT v.v_key, r.total FROM vendor AS v JOIN revenue AS r ON r.sno = v.v_key "
  "WHERE r.total = (SELECT MAX(total) FROM revenue)",
  "WITH revenue AS (" + R15 + ") SELECT v.v_key, r.total FROM vendor AS v JOIN revenue AS r ON r.sno = v.v_key "
  "WHERE NOT EXISTS (SELECT 1 FROM revenue AS r2 WHERE r2.total > r.total)",
  "WITH revenue AS (" + R15 + ") SELECT v.v_key, r.total FROM vendor AS v JOIN revenue AS r ON r.sno = v.v_key "
  "WHERE NOT EXISTS (SELECT 1 FROM revenue AS r2 WHERE r2.total >= r.total AND r2.sno <> r.sno)",
  "non-strict against the others: tied top vendors dropped")
H("Q15: top vendor, the view as a CTE with a RANK window",
  "WITH revenue AS (" + R15 + ") SELECT r.sno, r.total FROM revenue AS r WHERE r.total = (SELECT MAX(total) FROM revenue)",
  "SELECT k.sno, k.total FROM (SELECT sno, total, RANK() OVER (ORDER BY total DESC) AS rk FROM (" + R15 + ") AS r) AS k "
  "WHERE k.rk = 1",
  "SELECT k.sno, k.total FROM (SELECT sno, total, ROW_NUMBER() OVER (ORDER BY total DESC, sno) AS rk FROM (" + R15
  + ") AS r WHERE sno IS NOT NULL) AS k WHERE k.rk = 1",
  "ROW_NUMBER over known vendors: ties cut and the vendor-less group dropped")
PS16 = "FROM vendor_part AS vp JOIN part AS p ON p.p_key = vp.p_key WHERE p.p_brand <> 'B1' AND p.p_size IN (1, 15)"
H("Q16: parts/vendor relationship, NOT IN over a NOT NULL key as NOT EXISTS",
  "SELECT p.p_brand, p.p_type, COUNT(DISTINCT vp.v_key) AS nv " + PS16 + " AND vp.v_key NOT IN (SELECT v_key FROM vendor "
  "WHERE v_note = 'complaint') GROUP BY p.p_brand, p.p_type",
  "SELECT p.p_brand, p.p_type, COUNT(DISTINCT vp.v_key) AS nv " + PS16 + " AND NOT EXISTS (SELECT 1 FROM vendor AS v "
  "WHERE v.v_key = vp.v_key AND v.v_note = 'complaint') GROUP BY p.p_brand, p.p_type",
  "SELECT p.p_brand, p.p_type, COUNT(DISTINCT vp.v_key) AS nv " + PS16 + " AND vp.v_key IN (SELECT v_key FROM vendor "
  "WHERE v_note <> 'complaint') GROUP BY p.p_brand, p.p_type",
  "NOT IN as IN of the complement: vendors without a note lost")
H("Q16: parts/vendor relationship, COUNT(DISTINCT) as a count of grouped pairs",
  "SELECT p.p_brand, p.p_type, COUNT(DISTINCT vp.v_key) AS nv " + PS16 + " GROUP BY p.p_brand, p.p_type",
  "SELECT g.p_brand, g.p_type, COUNT(*) AS nv FROM (SELECT p.p_brand, p.p_type, vp.v_key " + PS16 + " GROUP BY "
  "p.p_brand, p.p_type, vp.v_key) AS g GROUP BY g.p_brand, g.p_type",
  "SELECT p.p_brand, p.p_type, COUNT(*) AS nv " + PS16 + " GROUP BY p.p_brand, p.p_type",
  "COUNT(*) over the join: a vendor counted once per part")
H("Q17: small-quantity revenue, the correlated AVG as a join to per-part averages",
  "SELECT SUM(pl.price) AS s FROM purchase_line AS pl JOIN part AS p ON p.p_key = pl.p_key WHERE p.p_brand = 'B2' "
  "AND pl.qty * 2 < (SELECT AVG(pl2.qty) FROM purchase_line AS pl2 WHERE pl2.p_key = pl.p_key)",
  "SELECT SUM(pl.price) AS s FROM purchase_line AS pl JOIN part AS p ON p.p_key = pl.p_key JOIN (SELECT p_key, "
  "AVG(qty) AS aq FROM purchase_line GROUP BY p_key) AS a ON a.p_key = pl.p_key WHERE p.p_brand = 'B2' "
  "AND pl.qty * 2 < a.aq",
  "SELECT SUM(pl.price) AS s FROM purchase_line AS pl JOIN part AS p ON p.p_key = pl.p_key CROSS JOIN (SELECT "
  "AVG(qty) AS aq FROM purchase_line) AS a WHERE p.p_brand = 'B2' AND pl.qty * 2 < a.aq",
  "the average taken over every part")
H("Q17: small-quantity revenue, the correlated AVG as a window average",
  "SELECT SUM(pl.price) AS s FROM purchase_line AS pl JOIN part AS p ON p.p_key = pl.p_key WHERE p.p_brand = 'B2' "
  "AND pl.qty * 2 < (SELECT AVG(pl2.qty) FROM purchase_line AS pl2 WHERE pl2.p_key = pl.p_key)",
  "SELECT SUM(w.price) AS s FROM (SELECT pl.price, pl.qty, p.p_brand, AVG(pl.qty) OVER (PARTITION BY pl.p_key) AS aq "
  "FROM purchase_line AS pl JOIN part AS p ON p.p_key = pl.p_key) AS w WHERE w.p_brand = 'B2' AND w.qty * 2 < w.aq",
  "SELECT SUM(w.price) AS s FROM (SELECT pl.price, pl.qty, p.p_brand, AVG(pl.qty) OVER (PARTITION BY pl.o_key) AS aq "
  "FROM purchase_line AS pl JOIN part AS p ON p.p_key = pl.p_key) AS w WHERE w.p_brand = 'B2' AND w.qty * 2 < w.aq",
  "the window partitioned by order instead of part")
H("Q18: large-volume orders, IN over a grouped HAVING as a join",
  "SELECT o.o_key, o.c_key, o.o_total FROM purchase AS o WHERE o.o_key IN (SELECT o_key FROM purchase_line "
  "GROUP BY o_key HAVING SUM(qty) > 30)",
  "SELECT o.o_key, o.c_key, o.o_total FROM purchase AS o JOIN (SELECT o_key, SUM(qty) AS sq FROM purchase_line "
  "GROUP BY o_key) AS big ON big.o_key = o.o_key WHERE big.sq > 30",
  "SELECT o.o_key, o.c_key, o.o_total FROM purchase AS o JOIN (SELECT o_key, SUM(qty) AS sq FROM purchase_line "
  "GROUP BY o_key) AS big ON big.o_key = o.o_key WHERE big.sq >= 30",
  "non-strict: an order of exactly 30 kept")
H("Q18: large-volume orders per client, the grouped IN kept below the client join",
  "SELECT c.c_key, o.o_key, SUM(pl.qty) AS q FROM client AS c JOIN purchase AS o ON o.c_key = c.c_key JOIN "
  "purchase_line AS pl ON pl.o_key = o.o_key WHERE o.o_key IN (SELECT o_key FROM purchase_line GROUP BY o_key "
  "HAVING SUM(qty) > 30) GROUP BY c.c_key, o.o_key",
  "SELECT o.c_key, o.o_key, g.sq AS q FROM purchase AS o JOIN (SELECT o_key, SUM(qty) AS sq FROM purchase_line "
  "GROUP BY o_key HAVING SUM(qty) > 30) AS g ON g.o_key = o.o_key WHERE o.c_key IN (SELECT c_key FROM client)",
  "SELECT o.c_key, o.o_key, g.sq AS q FROM purchase AS o JOIN (SELECT o_key, SUM(qty) AS sq FROM purchase_line "
  "GROUP BY o_key HAVING SUM(qty) > 30) AS g ON g.o_key = o.o_key",
  "the client semi-join dropped: orders without a client listed")
Q19W = ("(p.p_brand = 'B1' AND pl.qty BETWEEN 1 AND 11 AND pl.mode = 'AIR') OR (p.p_brand = 'B2' AND pl.qty "
        "BETWEEN 10 AND 20 AND p.p_size BETWEEN 1 AND 10)")
H("Q19: discounted revenue, the join condition factored out of the OR",
  "SELECT SUM(" + REV + ") AS rev FROM purchase_line AS pl, part AS p WHERE (p.p_key = pl.p_key AND p.p_brand = 'B1' "
  "AND pl.qty BETWEEN 1 AND 11 AND pl.mode = 'AIR') OR (p.p_key = pl.p_key AND p.p_brand = 'B2' AND pl.qty "
  "BETWEEN 10 AND 20 AND p.p_size BETWEEN 1 AND 10)",
  "SELECT SUM(" + REV + ") AS rev FROM purchase_line AS pl JOIN part AS p ON p.p_key = pl.p_key WHERE " + Q19W,
  "SELECT SUM(" + REV + ") AS rev FROM purchase_line AS pl JOIN part AS p ON p.p_key = pl.p_key WHERE "
  "(p.p_brand = 'B1' AND pl.qty BETWEEN 1 AND 11 AND pl.mode = 'AIR') OR (p.p_brand = 'B2' AND pl.qty "
  "BETWEEN 11 AND 20 AND p.p_size BETWEEN 1 AND 10)",
  "the second quantity band starts at 11")
H("Q19: discounted revenue, OR expansion into disjoint UNION ALL branches",
  "SELECT pl.o_key, pl.ln FROM purchase_line AS pl JOIN part AS p ON p.p_key = pl.p_key WHERE " + Q19W,
  "SELECT pl.o_key, pl.ln FROM purchase_line AS pl JOIN part AS p ON p.p_key = pl.p_key WHERE p.p_brand = 'B1' "
  "AND pl.qty BETWEEN 1 AND 11 AND pl.mode = 'AIR' UNION ALL SELECT pl.o_key, pl.ln FROM purchase_line AS pl JOIN "
  "part AS p ON p.p_key = pl.p_key WHERE p.p_brand = 'B2' AND pl.qty BETWEEN 10 AND 20 AND p.p_size BETWEEN 1 AND 10",
  "SELECT pl.o_key, pl.ln FROM purchase_line AS pl JOIN part AS p ON p.p_key = pl.p_key WHERE p.p_brand = 'B1' "
  "AND pl.qty BETWEEN 1 AND 11 UNION ALL SELECT pl.o_key, pl.ln FROM purchase_line AS pl JOIN "
  "part AS p ON p.p_key = pl.p_key WHERE p.p_brand = 'B2' AND pl.qty BETWEEN 10 AND 20 AND p.p_size BETWEEN 1 AND 10",
  "the mode test lost in the first branch")
Q20IN = ("SELECT vp.v_key FROM vendor_part AS vp WHERE vp.p_key IN (SELECT p_key FROM part WHERE p_type <> 'BRASS') AND "
         "vp.avail * 2 > (SELECT SUM(pl.qty) FROM purchase_line AS pl WHERE pl.p_key = vp.p_key AND pl.v_key = vp.v_key "
         "AND pl.ship_day >= 2)")
Q20G = "(SELECT p_key, v_key, SUM(qty) AS sq FROM purchase_line WHERE ship_day >= 2 GROUP BY p_key, v_key)"
H("Q20: potential part promotion, the nested IN and correlated SUM as joins",
  "SELECT v.v_key FROM vendor AS v JOIN land AS l ON l.l_key = v.l_key WHERE l.l_name <> 'PERU' AND v.v_key IN ("
  + Q20IN + ")",
  "SELECT v.v_key FROM vendor AS v JOIN land AS l ON l.l_key = v.l_key WHERE l.l_name <> 'PERU' AND v.v_key IN ("
  "SELECT vp.v_key FROM vendor_part AS vp JOIN part AS p ON p.p_key = vp.p_key JOIN " + Q20G + " AS s ON s.p_key = "
  "vp.p_key AND s.v_key = vp.v_key WHERE p.p_type <> 'BRASS' AND vp.avail * 2 > s.sq)",
  "SELECT v.v_key FROM vendor AS v JOIN land AS l ON l.l_key = v.l_key WHERE l.l_name <> 'PERU' AND v.v_key IN ("
  "SELECT vp.v_key FROM vendor_part AS vp JOIN part AS p ON p.p_key = vp.p_key LEFT JOIN " + Q20G + " AS s ON s.p_key = "
  "vp.p_key AND s.v_key = vp.v_key WHERE p.p_type <> 'BRASS' AND vp.avail * 2 > COALESCE(s.sq, 0))",
  "the COUNT-bug fix misapplied: stock never shipped qualifies")
H("Q20: potential part promotion, the semi-joins as a DISTINCT join",
  "SELECT v.v_key FROM vendor AS v JOIN land AS l ON l.l_key = v.l_key WHERE l.l_name <> 'PERU' AND v.v_key IN ("
  + Q20IN + ")",
  "SELECT DISTINCT v.v_key FROM vendor AS v JOIN land AS l ON l.l_key = v.l_key JOIN vendor_part AS vp ON vp.v_key = "
  "v.v_key JOIN part AS p ON p.p_key = vp.p_key JOIN " + Q20G + " AS s ON s.p_key = vp.p_key AND s.v_key = vp.v_key "
  "WHERE l.l_name <> 'PERU' AND p.p_type <> 'BRASS' AND vp.avail * 2 > s.sq",
  "SELECT v.v_key FROM vendor AS v JOIN land AS l ON l.l_key = v.l_key JOIN vendor_part AS vp ON vp.v_key = "
  "v.v_key JOIN part AS p ON p.p_key = vp.p_key JOIN " + Q20G + " AS s ON s.p_key = vp.p_key AND s.v_key = vp.v_key "
  "WHERE l.l_name <> 'PERU' AND p.p_type <> 'BRASS' AND vp.avail * 2 > s.sq",
  "the DISTINCT dropped: a vendor listed per qualifying part")
Q21 = ("SELECT v.v_key, COUNT(*) AS numwait FROM vendor AS v JOIN purchase_line AS l1 ON l1.v_key = v.v_key JOIN "
       "purchase AS o ON o.o_key = l1.o_key {j} WHERE o.o_status <> 'O' AND l1.receipt_day > l1.commit_day AND {w} "
       "GROUP BY v.v_key")
Q21G = Q21.format(j="", w="EXISTS (SELECT 1 FROM purchase_line AS l2 WHERE l2.o_key = l1.o_key AND l2.v_key <> "
                  "l1.v_key) AND NOT EXISTS (SELECT 1 FROM purchase_line AS l3 WHERE l3.o_key = l1.o_key AND l3.v_key "
                  "<> l1.v_key AND l3.receipt_day > l3.commit_day)")
AGG21 = "(SELECT o_key, MIN(v_key) AS lo, MAX(v_key) AS hi FROM purchase_line {w}GROUP BY o_key)"
J21 = ("JOIN " + AGG21.format(w="") + " AS a ON a.o_key = l1.o_key LEFT JOIN "
       + AGG21.format(w="WHERE receipt_day > commit_day ") + " AS b ON b.o_key = l1.o_key")
H("Q21: vendors who kept orders waiting, EXISTS/NOT EXISTS as per-order MIN/MAX vendor joins",
  Q21G,
  Q21.format(j=J21, w="(a.lo <> l1.v_key OR a.hi <> l1.v_key) AND (b.lo IS NULL OR (b.lo = l1.v_key AND "
             "b.hi = l1.v_key))"),
  Q21.format(j=J21, w="(a.lo <> l1.v_key OR a.hi <> l1.v_key) AND (b.lo IS NULL OR b.lo = l1.v_key)"),
  "only the lowest late vendor checked: another late vendor above it missed")
H("Q21: vendors who kept orders waiting, EXISTS/NOT EXISTS as counts of distinct vendors",
  Q21G,
  Q21.format(j="", w="(SELECT COUNT(DISTINCT l2.v_key) FROM purchase_line AS l2 WHERE l2.o_key = l1.o_key) > 1 AND "
             "(SELECT COUNT(DISTINCT l3.v_key) FROM purchase_line AS l3 WHERE l3.o_key = l1.o_key AND l3.receipt_day > "
             "l3.commit_day) = 1"),
  Q21.format(j="", w="(SELECT COUNT(*) FROM purchase_line AS l2 WHERE l2.o_key = l1.o_key) > 1 AND "
             "(SELECT COUNT(DISTINCT l3.v_key) FROM purchase_line AS l3 WHERE l3.o_key = l1.o_key AND l3.receipt_day > "
             "l3.commit_day) = 1"),
  "COUNT(*) of lines for distinct vendors: a single vendor's two-line order counted")
Q22 = ("SELECT c.cc, COUNT(*) AS n, SUM(c.c_bal) AS bal FROM client AS c {j}WHERE c.cc IN (10, 13) AND c.c_bal > {a} "
       "AND {w} GROUP BY c.cc")
AVG22 = "(SELECT AVG(c2.c_bal) FROM client AS c2 WHERE c2.c_bal > 0 AND c2.cc IN (10, 13))"
H("Q22: global sales opportunity, NOT EXISTS as a LEFT JOIN anti-join and the average as a cross join",
  Q22.format(j="", a=AVG22, w="NOT EXISTS (SELECT 1 FROM purchase AS o WHERE o.c_key = c.c_key)"),
  Q22.format(j="CROSS JOIN " + AVG22.replace("(SELECT AVG(c2.c_bal)", "(SELECT AVG(c2.c_bal) AS ab") + " AS t LEFT JOIN "
             "purchase AS o ON o.c_key = c.c_key ", a="t.ab", w="o.o_key IS NULL"),
  Q22.format(j="", a=AVG22, w="c.c_key NOT IN (SELECT c_key FROM purchase)"),
  "NOT IN over the NULL-able client key: one client-less order hides everyone")
H("Q22: global sales opportunity, NOT IN over a filtered key and the average in a CTE",
  Q22.format(j="", a=AVG22, w="NOT EXISTS (SELECT 1 FROM purchase AS o WHERE o.c_key = c.c_key)"),
  "WITH ab AS " + AVG22.replace("(SELECT AVG(c2.c_bal)", "(SELECT AVG(c2.c_bal) AS v") + " "
  + Q22.format(j="", a="(SELECT v FROM ab)", w="c.c_key NOT IN (SELECT c_key FROM purchase WHERE c_key IS NOT NULL)"),
  "WITH ab AS (SELECT AVG(c2.c_bal) AS v FROM client AS c2 WHERE c2.c_bal > 0) "
  + Q22.format(j="", a="(SELECT v FROM ab)", w="c.c_key NOT IN (SELECT c_key FROM purchase WHERE c_key IS NOT NULL)"),
  "the average over every country code")
H("Q1: pricing summary with a rollup row per flag, the rollup re-aggregated from the finest grouping",
  "SELECT rflag, mode, SUM(qty) AS sq FROM purchase_line GROUP BY rflag, mode UNION ALL "
  "SELECT rflag, NULL, SUM(qty) AS sq FROM purchase_line GROUP BY rflag",
  "WITH f AS (SELECT rflag, mode, SUM(qty) AS sq FROM purchase_line GROUP BY rflag, mode) SELECT rflag, mode, sq FROM f "
  "UNION ALL SELECT rflag, NULL, SUM(sq) FROM f GROUP BY rflag",
  "WITH f AS (SELECT rflag, mode, SUM(qty) AS sq FROM purchase_line GROUP BY rflag, mode) SELECT rflag, mode, sq FROM f "
  "UNION ALL SELECT rflag, NULL, MAX(sq) FROM f GROUP BY rflag",
  "the rollup row re-aggregated with MAX")
H("Q3: shipping priority, the client filter as EXISTS",
  "SELECT o.o_key, o.o_day, SUM(pl.qty) AS q FROM client AS c JOIN purchase AS o ON o.c_key = c.c_key JOIN "
  "purchase_line AS pl ON pl.o_key = o.o_key WHERE c.segment = 'AUTO' GROUP BY o.o_key, o.o_day",
  "SELECT o.o_key, o.o_day, SUM(pl.qty) AS q FROM purchase AS o JOIN purchase_line AS pl ON pl.o_key = o.o_key "
  "WHERE EXISTS (SELECT 1 FROM client AS c WHERE c.c_key = o.c_key AND c.segment = 'AUTO') GROUP BY o.o_key, o.o_day",
  "SELECT o.o_key, o.o_day, SUM(pl.qty) AS q FROM purchase AS o JOIN purchase_line AS pl ON pl.o_key = o.o_key "
  "WHERE NOT EXISTS (SELECT 1 FROM client AS c WHERE c.c_key = o.c_key AND c.segment <> 'AUTO') "
  "GROUP BY o.o_key, o.o_day",
  "the semi-join as a negated anti-join: client-less orders and segment-less clients kept")
H("Q4: order priority checking, the semi-join as IN over an INTERSECT",
  "SELECT o.o_prio, COUNT(*) AS n FROM purchase AS o WHERE EXISTS (SELECT 1 FROM purchase_line AS pl WHERE "
  "pl.o_key = o.o_key AND " + LATE + ") GROUP BY o.o_prio",
  "SELECT o.o_prio, COUNT(*) AS n FROM purchase AS o WHERE o.o_key IN (SELECT o_key FROM purchase INTERSECT "
  "SELECT pl.o_key FROM purchase_line AS pl WHERE " + LATE + ") GROUP BY o.o_prio",
  "SELECT o.o_prio, COUNT(*) AS n FROM purchase AS o WHERE o.o_key IN (SELECT o_key FROM purchase EXCEPT "
  "SELECT pl.o_key FROM purchase_line AS pl WHERE " + LATE + ") GROUP BY o.o_prio",
  "EXCEPT for INTERSECT: the orders without a late line counted")
H("Q5: local vendor volume, the revenue aggregated per vendor before the land joins",
  "SELECT l.l_name, SUM(" + REV + ") AS rev FROM purchase_line AS pl JOIN vendor AS v ON v.v_key = pl.v_key JOIN land "
  "AS l ON l.l_key = v.l_key JOIN zone AS z ON z.z_key = l.z_key WHERE z.z_name = 'ASIA' GROUP BY l.l_name",
  "SELECT l.l_name, SUM(a.rev) AS rev FROM (SELECT pl.v_key, SUM(" + REV + ") AS rev FROM purchase_line AS pl GROUP BY "
  "pl.v_key) AS a JOIN vendor AS v ON v.v_key = a.v_key JOIN land AS l ON l.l_key = v.l_key JOIN zone AS z ON "
  "z.z_key = l.z_key WHERE z.z_name = 'ASIA' GROUP BY l.l_name",
  "SELECT l.l_name, SUM(a.rev) AS rev FROM (SELECT pl.v_key, SUM(" + REV + ") AS rev FROM purchase_line AS pl GROUP BY "
  "pl.v_key) AS a JOIN vendor AS v ON v.v_key = a.v_key JOIN land AS l ON l.l_key = v.l_key JOIN zone AS z ON "
  "z.z_key = l.z_key WHERE z.z_name = 'ASIA' GROUP BY l.l_key, l.l_name",
  "grouped by the land key: two lands of one name listed apart")
H("Q9: profit per land and year, the year as a GROUP BY expression over a derived table",
  "SELECT l.l_name, o.o_day / 4 AS yr, SUM(pl.qty) AS q FROM purchase_line AS pl JOIN purchase AS o ON o.o_key = "
  "pl.o_key JOIN vendor AS v ON v.v_key = pl.v_key JOIN land AS l ON l.l_key = v.l_key GROUP BY l.l_name, o.o_day / 4",
  "SELECT x.l_name, x.yr, SUM(x.qty) AS q FROM (SELECT l.l_name, o.o_day / 4 AS yr, pl.qty FROM land AS l JOIN vendor "
  "AS v ON v.l_key = l.l_key JOIN purchase_line AS pl ON pl.v_key = v.v_key JOIN purchase AS o ON o.o_key = pl.o_key) "
  "AS x GROUP BY x.l_name, x.yr",
  "SELECT x.l_name, x.yr, SUM(x.qty) AS q FROM (SELECT DISTINCT l.l_name, o.o_day / 4 AS yr, pl.qty FROM land AS l JOIN "
  "vendor AS v ON v.l_key = l.l_key JOIN purchase_line AS pl ON pl.v_key = v.v_key JOIN purchase AS o ON o.o_key = "
  "pl.o_key) AS x GROUP BY x.l_name, x.yr",
  "a DISTINCT in the derived table: equal quantities of one land and year summed once")
H("Q13: customer distribution, the status filter as NOT IN of a one-value list",
  "SELECT x.cnt, COUNT(*) AS custdist FROM (" + C13 + ") AS x GROUP BY x.cnt",
  "SELECT x.cnt, COUNT(*) AS custdist FROM (SELECT c.c_key, COUNT(o.o_key) AS cnt FROM client AS c LEFT JOIN purchase "
  "AS o ON o.c_key = c.c_key AND o.o_status NOT IN ('P') GROUP BY c.c_key) AS x GROUP BY x.cnt",
  "SELECT x.cnt, COUNT(*) AS custdist FROM (SELECT c.c_key, COUNT(o.o_key) AS cnt FROM client AS c LEFT JOIN purchase "
  "AS o ON o.c_key = c.c_key AND COALESCE(o.o_status, 'F') NOT IN ('P') GROUP BY c.c_key) AS x GROUP BY x.cnt",
  "orders without a status counted as finished")
H("Q16: parts/vendor relationship, NOT IN as IN over EXCEPT",
  "SELECT p.p_brand, COUNT(DISTINCT vp.v_key) AS nv " + PS16 + " AND vp.v_key NOT IN (SELECT v_key FROM vendor "
  "WHERE v_note = 'complaint') GROUP BY p.p_brand",
  "SELECT p.p_brand, COUNT(DISTINCT vp.v_key) AS nv " + PS16 + " AND vp.v_key IN (SELECT v_key FROM vendor_part EXCEPT "
  "SELECT v_key FROM vendor WHERE v_note = 'complaint') GROUP BY p.p_brand",
  "SELECT p.p_brand, COUNT(DISTINCT vp.v_key) AS nv " + PS16 + " AND vp.v_key IN (SELECT v_key FROM vendor_part EXCEPT "
  "SELECT v_key FROM vendor WHERE v_note IS NOT NULL) GROUP BY p.p_brand",
  "every noted vendor excluded, not only complaints")
H("Q17: small-quantity revenue, the per-part average in a CTE joined by USING",
  "SELECT SUM(pl.price) AS s FROM purchase_line AS pl WHERE pl.qty * 2 < (SELECT AVG(pl2.qty) FROM purchase_line AS "
  "pl2 WHERE pl2.p_key = pl.p_key)",
  "WITH a AS (SELECT p_key, AVG(qty) AS aq FROM purchase_line GROUP BY p_key) SELECT SUM(pl.price) AS s FROM "
  "purchase_line AS pl JOIN a USING (p_key) WHERE pl.qty * 2 < a.aq",
  "WITH a AS (SELECT p_key, AVG(qty) AS aq FROM purchase_line GROUP BY p_key) SELECT SUM(pl.price) AS s FROM "
  "purchase_line AS pl JOIN a USING (p_key) WHERE pl.qty < a.aq",
  "the factor 2 lost")
H("Q18: large-volume orders, the grouped HAVING as a window sum over the lines",
  "SELECT o.o_key, o.o_total FROM purchase AS o WHERE o.o_key IN (SELECT o_key FROM purchase_line GROUP BY o_key "
  "HAVING SUM(qty) > 30)",
  "SELECT DISTINCT w.o_key, w.o_total FROM (SELECT o.o_key, o.o_total, SUM(pl.qty) OVER (PARTITION BY pl.o_key) AS sq "
  "FROM purchase AS o JOIN purchase_line AS pl ON pl.o_key = o.o_key) AS w WHERE w.sq > 30",
  "SELECT DISTINCT w.o_key, w.o_total FROM (SELECT o.o_key, o.o_total, SUM(pl.qty) OVER (PARTITION BY o.c_key) "
  "AS sq FROM purchase AS o JOIN purchase_line AS pl ON pl.o_key = o.o_key) AS w WHERE w.sq > 30",
  "the window partitioned by the client: a client's orders summed together")
H("Q19: discounted revenue, the mode IN list as an OR",
  "SELECT SUM(pl.qty) AS q FROM purchase_line AS pl JOIN part AS p ON p.p_key = pl.p_key WHERE p.p_size BETWEEN 1 AND 5 "
  "AND pl.mode IN ('AIR', 'MAIL')",
  "SELECT SUM(pl.qty) AS q FROM purchase_line AS pl JOIN part AS p ON p.p_key = pl.p_key WHERE p.p_size >= 1 "
  "AND p.p_size <= 5 AND (pl.mode = 'AIR' OR pl.mode = 'MAIL')",
  "SELECT SUM(pl.qty) AS q FROM purchase_line AS pl JOIN part AS p ON p.p_key = pl.p_key WHERE p.p_size >= 1 "
  "AND p.p_size < 5 AND (pl.mode = 'AIR' OR pl.mode = 'MAIL')",
  "BETWEEN's upper bound made strict")
H("Q20: potential part promotion, the correlated SUM kept, the IN as EXISTS",
  "SELECT v.v_key FROM vendor AS v WHERE v.v_key IN (" + Q20IN.replace("p_type = 'TIN'", "p_type <> 'BRASS'") + ")",
  "SELECT v.v_key FROM vendor AS v WHERE EXISTS (SELECT 1 FROM vendor_part AS vp JOIN part AS p ON p.p_key = vp.p_key "
  "WHERE vp.v_key = v.v_key AND p.p_type <> 'BRASS' AND vp.avail * 2 > (SELECT SUM(pl.qty) FROM purchase_line AS pl "
  "WHERE pl.p_key = vp.p_key AND pl.v_key = vp.v_key AND pl.ship_day >= 2))",
  "SELECT v.v_key FROM vendor AS v WHERE EXISTS (SELECT 1 FROM vendor_part AS vp JOIN part AS p ON p.p_key = vp.p_key "
  "WHERE vp.v_key = v.v_key AND p.p_type <> 'BRASS' AND vp.avail * 2 > (SELECT SUM(pl.qty) FROM purchase_line AS pl "
  "WHERE pl.p_key = vp.p_key AND pl.ship_day >= 2))",
  "the shipped sum correlated on the part only: other vendors' shipments counted")
H("Q21: vendors who kept orders waiting, NOT EXISTS as a LEFT JOIN anti-join on another late vendor",
  Q21G,
  Q21.format(j="LEFT JOIN purchase_line AS l3 ON l3.o_key = l1.o_key AND l3.v_key <> l1.v_key AND l3.receipt_day > "
             "l3.commit_day", w="l3.o_key IS NULL AND EXISTS (SELECT 1 FROM purchase_line AS l2 WHERE l2.o_key = "
             "l1.o_key AND l2.v_key <> l1.v_key)"),
  Q21.format(j="LEFT JOIN purchase_line AS l3 ON l3.o_key = l1.o_key AND l3.v_key <> l1.v_key", w="l3.receipt_day <= "
             "l3.commit_day AND EXISTS (SELECT 1 FROM purchase_line AS l2 WHERE l2.o_key = l1.o_key AND l2.v_key <> "
             "l1.v_key)"),
  "the lateness test moved to WHERE: a line counted per on-time other line")
H("Q22: global sales opportunity, the country-code IN list as UNION ALL of one-code groups",
  "SELECT c.cc, COUNT(*) AS n FROM client AS c WHERE c.cc IN (10, 13) AND NOT EXISTS (SELECT 1 FROM purchase AS o "
  "WHERE o.c_key = c.c_key) GROUP BY c.cc",
  "SELECT 10 AS cc, COUNT(*) AS n FROM client AS c WHERE c.cc = 10 AND NOT EXISTS (SELECT 1 FROM purchase AS o WHERE "
  "o.c_key = c.c_key) HAVING COUNT(*) > 0 UNION ALL SELECT 13 AS cc, COUNT(*) AS n FROM client AS c WHERE c.cc = 13 "
  "AND NOT EXISTS (SELECT 1 FROM purchase AS o WHERE o.c_key = c.c_key) HAVING COUNT(*) > 0",
  "SELECT 10 AS cc, COUNT(*) AS n FROM client AS c WHERE c.cc = 10 AND NOT EXISTS (SELECT 1 FROM purchase AS o WHERE "
  "o.c_key = c.c_key) UNION ALL SELECT 13 AS cc, COUNT(*) AS n FROM client AS c WHERE c.cc = 13 "
  "AND NOT EXISTS (SELECT 1 FROM purchase AS o WHERE o.c_key = c.c_key)",
  "the HAVING dropped: a code without such clients listed with 0")
H("Q12: late lines by mode, the CASE count as a LEFT JOIN of two groupings",
  "SELECT pl.mode, SUM(CASE WHEN pl.receipt_day > pl.commit_day THEN 1 ELSE 0 END) AS late, COUNT(*) AS n "
  "FROM purchase_line AS pl GROUP BY pl.mode",
  "SELECT m.mode, COALESCE(l.late, 0) AS late, m.n FROM (SELECT mode, COUNT(*) AS n FROM purchase_line GROUP BY mode) "
  "AS m LEFT JOIN (SELECT mode, COUNT(*) AS late FROM purchase_line WHERE receipt_day > commit_day GROUP BY mode) AS l "
  "ON l.mode = m.mode",
  "SELECT m.mode, COALESCE(l.late, 0) AS late, m.n FROM (SELECT mode, COUNT(*) AS n FROM purchase_line GROUP BY mode) "
  "AS m LEFT JOIN (SELECT mode, COUNT(*) AS late FROM purchase_line WHERE NOT receipt_day <= commit_day OR receipt_day "
  "IS NULL GROUP BY mode) AS l ON l.mode = m.mode",
  "unreceived lines counted late")
H("Q14: promotion effect, the type test as a correlated EXISTS inside the CASE",
  "SELECT SUM(CASE WHEN p.p_type = 'BRASS' THEN pl.qty ELSE 0 END) AS promo FROM purchase_line AS pl JOIN part AS p "
  "ON p.p_key = pl.p_key",
  "SELECT SUM(CASE WHEN EXISTS (SELECT 1 FROM part AS p WHERE p.p_key = pl.p_key AND p.p_type = 'BRASS') THEN pl.qty "
  "ELSE 0 END) AS promo FROM purchase_line AS pl",
  "SELECT SUM(CASE WHEN EXISTS (SELECT 1 FROM part AS p WHERE p.p_type = 'BRASS') THEN pl.qty "
  "ELSE 0 END) AS promo FROM purchase_line AS pl",
  "the EXISTS uncorrelated: any brass part promotes every line")
H("sqlite:Q6: forecast revenue with IIF for CASE",
  "SELECT SUM(CASE WHEN pl.ship_day >= 2 AND pl.ship_day < 7 THEN pl.price * pl.disc END) AS rev FROM purchase_line AS pl",
  "SELECT SUM(IIF(pl.ship_day >= 2 AND pl.ship_day < 7, pl.price * pl.disc, NULL)) AS rev FROM purchase_line AS pl",
  "SELECT SUM(IIF(pl.ship_day >= 2 AND pl.ship_day < 7, pl.price * pl.disc, 0)) AS rev FROM purchase_line AS pl",
  "IIF's else 0: no line in range answers 0", dialect="sqlite")
H("sqlite:Q12: urgent lines counted by a summed comparison",
  "SELECT pl.mode, SUM(IIF(o.o_prio = '1-URGENT', 1, 0)) AS high FROM purchase AS o JOIN purchase_line AS pl "
  "ON pl.o_key = o.o_key GROUP BY pl.mode",
  "SELECT pl.mode, SUM(o.o_prio = '1-URGENT') AS high FROM purchase AS o JOIN purchase_line AS pl "
  "ON pl.o_key = o.o_key GROUP BY pl.mode",
  "SELECT pl.mode, COUNT(IIF(o.o_prio = '1-URGENT', 1, 0)) AS high FROM purchase AS o JOIN purchase_line AS pl "
  "ON pl.o_key = o.o_key GROUP BY pl.mode",
  "COUNT of the 0/1 flag: every line counted", dialect="sqlite")
H("sqlite:Q13: the outer join count as a summed IS NOT NULL",
  "SELECT c.c_key, COUNT(o.o_key) AS cnt FROM client AS c LEFT JOIN purchase AS o ON o.c_key = c.c_key GROUP BY c.c_key",
  "SELECT c.c_key, SUM(o.o_key IS NOT NULL) AS cnt FROM client AS c LEFT JOIN purchase AS o ON o.c_key = c.c_key "
  "GROUP BY c.c_key",
  "SELECT c.c_key, SUM(o.o_status IS NOT NULL) AS cnt FROM client AS c LEFT JOIN purchase AS o ON o.c_key = c.c_key "
  "GROUP BY c.c_key",
  "the NULL-able status tested: orders without a status not counted", dialect="sqlite")

# ================================================================ unnesting and rewriting literature (confdb)
# --- Kim 1982
L("Kim 1982 type N: an uncorrelated IN on a key as a join",
  "SELECT a.author_id FROM authors AS a WHERE a.author_id IN (SELECT w.author_id FROM writes AS w WHERE w.pos = 1)",
  "SELECT DISTINCT a.author_id FROM authors AS a JOIN writes AS w ON w.author_id = a.author_id WHERE w.pos = 1",
  "SELECT a.author_id FROM authors AS a JOIN writes AS w ON w.author_id = a.author_id WHERE w.pos = 1",
  "no DISTINCT: a first author of two papers listed twice")
L("Kim 1982 type N: a non-key outer column keeps its duplicates (the join to a DISTINCT inner)",
  "SELECT a.country FROM authors AS a WHERE a.author_id IN (SELECT w.author_id FROM writes AS w WHERE w.pos = 1)",
  "SELECT a.country FROM authors AS a JOIN (SELECT DISTINCT author_id FROM writes WHERE pos = 1) AS w "
  "ON w.author_id = a.author_id",
  "SELECT DISTINCT a.country FROM authors AS a JOIN writes AS w ON w.author_id = a.author_id WHERE w.pos = 1",
  "Kim's DISTINCT over the join: two authors of one country listed once")
L("Kim 1982 type A: an uncorrelated MAX as a cross join to its value",
  "SELECT paper_id FROM papers WHERE pages = (SELECT MAX(pages) FROM papers)",
  "SELECT p.paper_id FROM papers AS p CROSS JOIN (SELECT MAX(pages) AS m FROM papers) AS x WHERE p.pages = x.m",
  "SELECT p.paper_id FROM papers AS p WHERE NOT EXISTS (SELECT 1 FROM papers AS q WHERE q.pages >= p.pages "
  "AND q.paper_id <> p.paper_id)",
  "non-strict against the others: tied longest papers dropped")
L("Kim 1982 type J: a correlated IN as a correlated EXISTS",
  "SELECT t.track_id, t.name FROM tracks AS t WHERE t.track_id IN (SELECT p.track_id FROM papers AS p "
  "WHERE p.pages > t.quota * 4)",
  "SELECT t.track_id, t.name FROM tracks AS t WHERE EXISTS (SELECT 1 FROM papers AS p WHERE p.track_id = t.track_id "
  "AND p.pages > t.quota * 4)",
  "SELECT t.track_id, t.name FROM tracks AS t WHERE EXISTS (SELECT 1 FROM papers AS p WHERE p.track_id = t.track_id "
  "AND p.pages > 4)",
  "the correlated bound replaced by a constant")
L("Kim 1982 type JA / Ganski and Wong 1987: the correlated COUNT as an outer join with COALESCE (the COUNT bug)",
  "SELECT t.track_id FROM tracks AS t WHERE t.quota = (SELECT COUNT(*) FROM papers AS p WHERE p.track_id = t.track_id "
  "AND p.award = 1)",
  "SELECT t.track_id FROM tracks AS t LEFT JOIN (SELECT track_id, COUNT(*) AS n FROM papers WHERE award = 1 "
  "GROUP BY track_id) AS g ON g.track_id = t.track_id WHERE t.quota = COALESCE(g.n, 0)",
  "SELECT t.track_id FROM tracks AS t JOIN (SELECT track_id, COUNT(*) AS n FROM papers WHERE award = 1 "
  "GROUP BY track_id) AS g ON g.track_id = t.track_id WHERE t.quota = g.n",
  "Kim's NEST-JA join: tracks with quota 0 and no award lost (the COUNT bug)")
L("Ganski and Wong 1987: the COUNT bug fixed by an outer join grouped on the outer key, COUNT of a column",
  "SELECT t.track_id FROM tracks AS t WHERE t.quota > (SELECT COUNT(*) FROM papers AS p WHERE p.track_id = t.track_id "
  "AND p.award = 1)",
  "SELECT t.track_id FROM tracks AS t LEFT JOIN papers AS p ON p.track_id = t.track_id AND p.award = 1 "
  "GROUP BY t.track_id, t.quota HAVING t.quota > COUNT(p.paper_id)",
  "SELECT t.track_id FROM tracks AS t LEFT JOIN papers AS p ON p.track_id = t.track_id AND p.award = 1 "
  "GROUP BY t.track_id, t.quota HAVING t.quota > COUNT(*)",
  "COUNT(*) over the outer join: an award-less track counted as one")
L("Ganski and Wong 1987: a COUNT correlated by an inequality, the outer join on the inequality",
  "SELECT p.paper_id FROM papers AS p WHERE p.pages / 4 > (SELECT COUNT(*) FROM papers AS q "
  "WHERE q.submit_day < p.submit_day)",
  "SELECT p.paper_id FROM papers AS p LEFT JOIN papers AS q ON q.submit_day < p.submit_day "
  "GROUP BY p.paper_id, p.pages HAVING p.pages / 4 > COUNT(q.paper_id)",
  "SELECT p.paper_id FROM papers AS p JOIN papers AS q ON q.submit_day < p.submit_day "
  "GROUP BY p.paper_id, p.pages HAVING p.pages / 4 > COUNT(q.paper_id)",
  "an inner join: the earliest papers lost")
L("Ganski and Wong 1987: a correlated MAX needs no outer join, and COALESCE would be wrong",
  "SELECT t.track_id FROM tracks AS t WHERE t.quota * 4 >= (SELECT MAX(p.pages) FROM papers AS p "
  "WHERE p.track_id = t.track_id)",
  "SELECT t.track_id FROM tracks AS t JOIN (SELECT track_id, MAX(pages) AS m FROM papers GROUP BY track_id) AS g "
  "ON g.track_id = t.track_id WHERE t.quota * 4 >= g.m",
  "SELECT t.track_id FROM tracks AS t LEFT JOIN (SELECT track_id, MAX(pages) AS m FROM papers GROUP BY track_id) AS g "
  "ON g.track_id = t.track_id WHERE t.quota * 4 >= COALESCE(g.m, 0)",
  "the COUNT-bug fix applied to MAX: empty tracks kept")
# --- Dayal 1987
L("Dayal 1987: a correlated MAX over a join as a grouped join with HAVING",
  "SELECT a.author_id FROM authors AS a WHERE a.h_index >= (SELECT MAX(p.pages) FROM writes AS w JOIN papers AS p "
  "ON p.paper_id = w.paper_id WHERE w.author_id = a.author_id)",
  "SELECT a.author_id FROM authors AS a JOIN writes AS w ON w.author_id = a.author_id JOIN papers AS p "
  "ON p.paper_id = w.paper_id GROUP BY a.author_id, a.h_index HAVING a.h_index >= MAX(p.pages)",
  "SELECT DISTINCT a.author_id FROM authors AS a JOIN writes AS w ON w.author_id = a.author_id JOIN papers AS p "
  "ON p.paper_id = w.paper_id WHERE a.h_index >= p.pages",
  "the aggregate dropped: some paper instead of the longest")
L("Dayal 1987: a correlated SUM in the select list as an outer join grouped on the outer key",
  "SELECT a.author_id, (SELECT SUM(p.pages) FROM writes AS w JOIN papers AS p ON p.paper_id = w.paper_id "
  "WHERE w.author_id = a.author_id) AS total FROM authors AS a",
  "SELECT a.author_id, SUM(p.pages) AS total FROM authors AS a LEFT JOIN writes AS w ON w.author_id = a.author_id "
  "LEFT JOIN papers AS p ON p.paper_id = w.paper_id GROUP BY a.author_id",
  "SELECT a.author_id, COALESCE(SUM(p.pages), 0) AS total FROM authors AS a LEFT JOIN writes AS w "
  "ON w.author_id = a.author_id LEFT JOIN papers AS p ON p.paper_id = w.paper_id GROUP BY a.author_id",
  "COALESCE added: authors without papers get 0, not NULL")
L("Dayal 1987: a correlated COUNT(DISTINCT) with <= as outer joins and HAVING",
  "SELECT t.track_id, t.name FROM tracks AS t WHERE t.quota <= (SELECT COUNT(DISTINCT w.author_id) FROM papers AS p "
  "JOIN writes AS w ON w.paper_id = p.paper_id WHERE p.track_id = t.track_id)",
  "SELECT t.track_id, t.name FROM tracks AS t LEFT JOIN papers AS p ON p.track_id = t.track_id LEFT JOIN writes AS w "
  "ON w.paper_id = p.paper_id GROUP BY t.track_id, t.name, t.quota HAVING t.quota <= COUNT(DISTINCT w.author_id)",
  "SELECT t.track_id, t.name FROM tracks AS t JOIN papers AS p ON p.track_id = t.track_id JOIN writes AS w "
  "ON w.paper_id = p.paper_id GROUP BY t.track_id, t.name, t.quota HAVING t.quota <= COUNT(DISTINCT w.author_id)",
  "inner joins: tracks without authors and quota 0 lost")
# --- Muralikrishna 1992
L("Muralikrishna 1992: a two-level nest correlated to the outer block, unnested with a per-track average",
  "SELECT t.track_id FROM tracks AS t WHERE EXISTS (SELECT 1 FROM papers AS p WHERE p.track_id = t.track_id AND "
  "p.pages > (SELECT AVG(p2.pages) FROM papers AS p2 WHERE p2.track_id = t.track_id))",
  "SELECT DISTINCT t.track_id FROM tracks AS t JOIN papers AS p ON p.track_id = t.track_id JOIN (SELECT track_id, "
  "AVG(pages) AS ap FROM papers GROUP BY track_id) AS a ON a.track_id = t.track_id WHERE p.pages > a.ap",
  "SELECT DISTINCT t.track_id FROM tracks AS t JOIN papers AS p ON p.track_id = t.track_id JOIN (SELECT track_id, "
  "AVG(pages) AS ap FROM papers GROUP BY track_id) AS a ON a.track_id = t.track_id WHERE p.pages >= a.ap",
  "non-strict: every track with a paper listed")
L("Muralikrishna 1992: the innermost block correlated to the outermost, unnested into one join",
  "SELECT a.author_id FROM authors AS a WHERE EXISTS (SELECT 1 FROM writes AS w WHERE w.author_id = a.author_id AND "
  "EXISTS (SELECT 1 FROM papers AS p JOIN tracks AS t ON t.track_id = p.track_id WHERE p.paper_id = w.paper_id "
  "AND t.chair_id = a.mentor_id))",
  "SELECT DISTINCT a.author_id FROM authors AS a JOIN writes AS w ON w.author_id = a.author_id JOIN papers AS p "
  "ON p.paper_id = w.paper_id JOIN tracks AS t ON t.track_id = p.track_id WHERE t.chair_id = a.mentor_id",
  "SELECT DISTINCT a.author_id FROM authors AS a JOIN writes AS w ON w.author_id = a.author_id JOIN papers AS p "
  "ON p.paper_id = w.paper_id JOIN tracks AS t ON t.track_id = p.track_id WHERE t.chair_id = a.author_id",
  "correlated to the author instead of the mentor")
# --- Seshadri, Pirahesh and Leung 1996
L("Seshadri, Pirahesh and Leung 1996: magic decorrelation of a COUNT, the supplementary table outer-joined",
  "SELECT p.paper_id FROM papers AS p WHERE p.award = 1 AND (SELECT COUNT(*) FROM papers AS p2 WHERE p2.track_id = "
  "p.track_id AND p2.submit_day IS NOT NULL) < 2",
  "WITH supp AS (SELECT DISTINCT track_id FROM papers WHERE award = 1), magic AS (SELECT s.track_id, "
  "COUNT(p2.paper_id) AS n FROM supp AS s LEFT JOIN papers AS p2 ON p2.track_id = s.track_id AND p2.submit_day IS NOT "
  "NULL GROUP BY s.track_id) SELECT p.paper_id FROM papers AS p JOIN magic AS m ON m.track_id = p.track_id "
  "WHERE p.award = 1 AND m.n < 2",
  "WITH supp AS (SELECT DISTINCT track_id FROM papers WHERE award = 1), magic AS (SELECT s.track_id, "
  "COUNT(p2.paper_id) AS n FROM supp AS s JOIN papers AS p2 ON p2.track_id = s.track_id AND p2.submit_day IS NOT "
  "NULL GROUP BY s.track_id) SELECT p.paper_id FROM papers AS p JOIN magic AS m ON m.track_id = p.track_id "
  "WHERE p.award = 1 AND m.n < 2",
  "the magic table inner-joined: tracks with no submitted paper lost")
L("Seshadri, Pirahesh and Leung 1996: the supplementary table must be DISTINCT",
  "SELECT w.paper_id, w.author_id, (SELECT COUNT(*) FROM writes AS w2 WHERE w2.author_id = w.author_id) AS n "
  "FROM writes AS w WHERE w.pos = 1",
  "WITH supp AS (SELECT DISTINCT author_id FROM writes WHERE pos = 1), m AS (SELECT s.author_id, COUNT(*) AS n FROM "
  "supp AS s JOIN writes AS w2 ON w2.author_id = s.author_id GROUP BY s.author_id) SELECT w.paper_id, w.author_id, "
  "m.n FROM writes AS w JOIN m ON m.author_id = w.author_id WHERE w.pos = 1",
  "WITH supp AS (SELECT author_id FROM writes WHERE pos = 1), m AS (SELECT s.author_id, COUNT(*) AS n FROM "
  "supp AS s JOIN writes AS w2 ON w2.author_id = s.author_id GROUP BY s.author_id) SELECT w.paper_id, w.author_id, "
  "m.n FROM writes AS w JOIN m ON m.author_id = w.author_id WHERE w.pos = 1",
  "no DISTINCT in the supplementary table: counts multiplied")
# --- Galindo-Legaria and Joshi 2001
L("Galindo-Legaria and Joshi 2001: an EXISTS in the select list (Apply) as an outer join to a DISTINCT probe",
  "SELECT p.paper_id, CASE WHEN EXISTS (SELECT 1 FROM reviews AS r WHERE r.paper_id = p.paper_id AND r.grade < 0) "
  "THEN 1 ELSE 0 END AS has_neg FROM papers AS p",
  "SELECT p.paper_id, CASE WHEN n.paper_id IS NULL THEN 0 ELSE 1 END AS has_neg FROM papers AS p LEFT JOIN "
  "(SELECT DISTINCT paper_id FROM reviews WHERE grade < 0) AS n ON n.paper_id = p.paper_id",
  "SELECT p.paper_id, CASE WHEN n.paper_id IS NULL THEN 0 ELSE 1 END AS has_neg FROM papers AS p LEFT JOIN "
  "(SELECT paper_id FROM reviews WHERE grade < 0) AS n ON n.paper_id = p.paper_id",
  "the probe without DISTINCT: a paper repeated per negative review")
L("Galindo-Legaria and Joshi 2001: Apply over a UNION ALL as a disjunction of EXISTS",
  "SELECT p.paper_id FROM papers AS p WHERE EXISTS (SELECT r.paper_id FROM reviews AS r WHERE r.paper_id = p.paper_id "
  "UNION ALL SELECT w.paper_id FROM writes AS w WHERE w.paper_id = p.paper_id AND w.pos = 3)",
  "SELECT p.paper_id FROM papers AS p WHERE EXISTS (SELECT 1 FROM reviews AS r WHERE r.paper_id = p.paper_id) "
  "OR EXISTS (SELECT 1 FROM writes AS w WHERE w.paper_id = p.paper_id AND w.pos = 3)",
  "SELECT p.paper_id FROM papers AS p WHERE EXISTS (SELECT 1 FROM reviews AS r WHERE r.paper_id = p.paper_id) "
  "AND EXISTS (SELECT 1 FROM writes AS w WHERE w.paper_id = p.paper_id AND w.pos = 3)",
  "AND for OR: both required")
L("Galindo-Legaria and Joshi 2001: a scalar Apply with a CASE guard as an outer join",
  "SELECT p.paper_id, CASE WHEN p.award = 1 THEN (SELECT MAX(r.grade) FROM reviews AS r WHERE r.paper_id = p.paper_id) "
  "END AS best FROM papers AS p",
  "SELECT p.paper_id, CASE WHEN p.award = 1 THEN g.m END AS best FROM papers AS p LEFT JOIN (SELECT paper_id, "
  "MAX(grade) AS m FROM reviews GROUP BY paper_id) AS g ON g.paper_id = p.paper_id",
  "SELECT p.paper_id, g.m AS best FROM papers AS p LEFT JOIN (SELECT paper_id, "
  "MAX(grade) AS m FROM reviews GROUP BY paper_id) AS g ON g.paper_id = p.paper_id",
  "the CASE guard dropped: grades shown for papers without an award")
# --- Elhemali et al. 2007
L("Elhemali et al. 2007: a subquery under OR as a UNION of a filter and a join",
  "SELECT p.paper_id FROM papers AS p WHERE p.award = 1 OR EXISTS (SELECT 1 FROM reviews AS r WHERE r.paper_id = "
  "p.paper_id AND r.grade = 3)",
  "SELECT paper_id FROM papers WHERE award = 1 UNION SELECT p.paper_id FROM papers AS p JOIN reviews AS r ON "
  "r.paper_id = p.paper_id WHERE r.grade = 3",
  "SELECT paper_id FROM papers WHERE award = 1 UNION ALL SELECT p.paper_id FROM papers AS p JOIN reviews AS r ON "
  "r.paper_id = p.paper_id WHERE r.grade = 3",
  "UNION ALL: awarded papers with top reviews, and papers with two top reviews, repeated")
L("Elhemali et al. 2007: IN in a CASE (a probe semi-join) as EXISTS",
  "SELECT p.paper_id, CASE WHEN p.submit_day IN (SELECT r.day FROM reviews AS r) THEN 'y' ELSE 'n' END AS hit "
  "FROM papers AS p",
  "SELECT p.paper_id, CASE WHEN EXISTS (SELECT 1 FROM reviews AS r WHERE r.day = p.submit_day) THEN 'y' ELSE 'n' END "
  "AS hit FROM papers AS p",
  "SELECT p.paper_id, CASE WHEN p.submit_day NOT IN (SELECT r.day FROM reviews AS r) THEN 'n' ELSE 'y' END AS hit "
  "FROM papers AS p",
  "the negated probe: NOT IN's unknown lands in ELSE 'y'")
# --- Bellamkonda et al. 2009
L("Bellamkonda et al. 2009: subquery coalescing of two disjunctive EXISTS on one table",
  "SELECT p.paper_id FROM papers AS p WHERE EXISTS (SELECT 1 FROM reviews AS r WHERE r.paper_id = p.paper_id AND "
  "r.grade = 3) OR EXISTS (SELECT 1 FROM reviews AS r WHERE r.paper_id = p.paper_id AND r.grade = -2)",
  "SELECT p.paper_id FROM papers AS p WHERE EXISTS (SELECT 1 FROM reviews AS r WHERE r.paper_id = p.paper_id AND "
  "(r.grade = 3 OR r.grade = -2))",
  ("SELECT p.paper_id FROM papers AS p WHERE EXISTS (SELECT 1 FROM reviews AS r WHERE r.paper_id = p.paper_id AND "
   "r.grade = 3) AND EXISTS (SELECT 1 FROM reviews AS r WHERE r.paper_id = p.paper_id AND r.grade = -2)",
   "SELECT p.paper_id FROM papers AS p WHERE EXISTS (SELECT 1 FROM reviews AS r WHERE r.paper_id = p.paper_id AND "
   "(r.grade = 3 OR r.grade = -2))"),
  "conjunctive EXISTS coalesced like disjunctive ones: one review of either grade suffices")
L("Bellamkonda et al. 2009: EXISTS and NOT EXISTS coalesced into one subquery with HAVING",
  "SELECT p.paper_id FROM papers AS p WHERE EXISTS (SELECT 1 FROM reviews AS r WHERE r.paper_id = p.paper_id) AND "
  "NOT EXISTS (SELECT 1 FROM reviews AS r WHERE r.paper_id = p.paper_id AND r.grade < 0)",
  "SELECT p.paper_id FROM papers AS p WHERE EXISTS (SELECT COUNT(*) FROM reviews AS r WHERE r.paper_id = p.paper_id "
  "HAVING SUM(CASE WHEN r.grade < 0 THEN 1 ELSE 0 END) = 0)",
  "SELECT p.paper_id FROM papers AS p WHERE EXISTS (SELECT COUNT(*) FROM reviews AS r WHERE r.paper_id = p.paper_id "
  "HAVING SUM(CASE WHEN r.grade >= 0 THEN 0 ELSE 1 END) = 0)",
  "the negated CASE: ungraded reviews counted as negative")
L("Bellamkonda et al. 2009: a join to a grouped view of the same table as a window (aggregate subquery elimination)",
  "SELECT p.paper_id FROM papers AS p JOIN (SELECT track_id, MAX(pages) AS mp FROM papers GROUP BY track_id) AS m "
  "ON m.track_id = p.track_id WHERE p.pages = m.mp",
  "SELECT w.paper_id FROM (SELECT paper_id, pages, MAX(pages) OVER (PARTITION BY track_id) AS mp FROM papers) AS w "
  "WHERE w.pages = w.mp",
  "SELECT w.paper_id FROM (SELECT paper_id, ROW_NUMBER() OVER (PARTITION BY track_id ORDER BY pages DESC, paper_id) "
  "AS rn FROM papers) AS w WHERE w.rn = 1",
  "ROW_NUMBER: tied longest papers cut to one")
L("Bellamkonda et al. 2009: a correlated AVG comparison as a window average",
  "SELECT p.paper_id FROM papers AS p WHERE p.pages > (SELECT AVG(p2.pages) FROM papers AS p2 "
  "WHERE p2.track_id = p.track_id)",
  "SELECT w.paper_id FROM (SELECT paper_id, pages, AVG(pages) OVER (PARTITION BY track_id) AS ap FROM papers) AS w "
  "WHERE w.pages > w.ap",
  "SELECT w.paper_id FROM (SELECT paper_id, pages, AVG(pages) OVER (PARTITION BY track_id ORDER BY paper_id) AS ap "
  "FROM papers) AS w WHERE w.pages > w.ap",
  "an ORDER BY in the window: a running average")
L("Bellamkonda et al. 2009: NOT IN over a NULL-able outer column as a null-aware anti-join",
  "SELECT a.author_id FROM authors AS a WHERE a.h_index NOT IN (SELECT pages FROM papers)",
  "SELECT a.author_id FROM authors AS a WHERE NOT EXISTS (SELECT 1 FROM papers AS p WHERE p.pages = a.h_index) "
  "AND (a.h_index IS NOT NULL OR NOT EXISTS (SELECT 1 FROM papers))",
  "SELECT a.author_id FROM authors AS a WHERE NOT EXISTS (SELECT 1 FROM papers AS p WHERE p.pages = a.h_index)",
  "a plain anti-join: authors without an h-index listed although papers exist")
# --- Neumann and Kemper 2015
L("Neumann and Kemper 2015: a disjunctive correlation split into two semi-joins",
  "SELECT a.author_id FROM authors AS a WHERE EXISTS (SELECT 1 FROM writes AS w WHERE w.author_id = a.author_id "
  "OR w.author_id = a.mentor_id)",
  "SELECT a.author_id FROM authors AS a WHERE a.author_id IN (SELECT author_id FROM writes) OR a.mentor_id IN "
  "(SELECT author_id FROM writes)",
  "SELECT a.author_id FROM authors AS a WHERE a.author_id IN (SELECT author_id FROM writes) AND a.mentor_id IN "
  "(SELECT author_id FROM writes)",
  "AND for OR: both the author and the mentor required")
L("Neumann and Kemper 2015: a disjunctive correlated AVG unnested over the DISTINCT domain, NULL-safe join back",
  "SELECT p.paper_id FROM papers AS p WHERE p.pages >= (SELECT AVG(q.pages) FROM papers AS q WHERE q.track_id = "
  "p.track_id OR q.submit_day = p.submit_day)",
  "WITH d AS (SELECT DISTINCT track_id, submit_day FROM papers), x AS (SELECT d.track_id, d.submit_day, AVG(q.pages) "
  "AS ap FROM d JOIN papers AS q ON q.track_id = d.track_id OR q.submit_day = d.submit_day GROUP BY d.track_id, "
  "d.submit_day) SELECT p.paper_id FROM papers AS p JOIN x ON x.track_id = p.track_id AND (x.submit_day = "
  "p.submit_day OR (x.submit_day IS NULL AND p.submit_day IS NULL)) WHERE p.pages >= x.ap",
  "WITH d AS (SELECT DISTINCT track_id, submit_day FROM papers), x AS (SELECT d.track_id, d.submit_day, AVG(q.pages) "
  "AS ap FROM d JOIN papers AS q ON q.track_id = d.track_id OR q.submit_day = d.submit_day GROUP BY d.track_id, "
  "d.submit_day) SELECT p.paper_id FROM papers AS p JOIN x ON x.track_id = p.track_id AND x.submit_day = "
  "p.submit_day WHERE p.pages >= x.ap",
  "a plain equality on the domain: papers without a submit day lost")
L("Neumann and Kemper 2015: a correlated COUNT with an inequality over the domain of the outer columns",
  "SELECT p.paper_id, (SELECT COUNT(*) FROM reviews AS r WHERE r.paper_id = p.paper_id AND r.day >= p.submit_day) "
  "AS n FROM papers AS p",
  "WITH d AS (SELECT DISTINCT paper_id, submit_day FROM papers), x AS (SELECT d.paper_id, COUNT(r.paper_id) AS n "
  "FROM d LEFT JOIN reviews AS r ON r.paper_id = d.paper_id AND r.day >= d.submit_day GROUP BY d.paper_id) "
  "SELECT p.paper_id, x.n FROM papers AS p JOIN x ON x.paper_id = p.paper_id",
  "WITH d AS (SELECT DISTINCT paper_id, submit_day FROM papers), x AS (SELECT d.paper_id, COUNT(r.paper_id) AS n "
  "FROM d LEFT JOIN reviews AS r ON r.paper_id = d.paper_id AND r.day > d.submit_day GROUP BY d.paper_id) "
  "SELECT p.paper_id, x.n FROM papers AS p JOIN x ON x.paper_id = p.paper_id",
  "strict: reviews on the submit day not counted")
# --- textbook equivalences (Garcia-Molina, Ullman, Widom; Silberschatz, Korth, Sudarshan)
L("Garcia-Molina, Ullman and Widom: > ALL as NOT EXISTS, and its empty-set caveat against MAX",
  "SELECT p.paper_id FROM papers AS p WHERE NOT EXISTS (SELECT 1 FROM papers AS q WHERE q.track_id = p.track_id "
  "AND q.award = 1 AND q.pages >= p.pages)",
  "SELECT p.paper_id FROM papers AS p WHERE (SELECT MAX(q.pages) FROM papers AS q WHERE q.track_id = p.track_id AND "
  "q.award = 1) IS NULL OR p.pages > (SELECT MAX(q.pages) FROM papers AS q WHERE q.track_id = p.track_id AND "
  "q.award = 1)",
  "SELECT p.paper_id FROM papers AS p WHERE p.pages > (SELECT MAX(q.pages) FROM papers AS q WHERE q.track_id = "
  "p.track_id AND q.award = 1)",
  "> ALL read as > MAX: a track without awarded papers (the empty set) lists nothing")
L("Garcia-Molina, Ullman and Widom: >= SOME as a comparison with MIN",
  "SELECT p.paper_id FROM papers AS p WHERE EXISTS (SELECT 1 FROM papers AS q WHERE q.track_id = p.track_id AND "
  "q.award = 1 AND q.pages <= p.pages)",
  "SELECT p.paper_id FROM papers AS p WHERE p.pages >= (SELECT MIN(q.pages) FROM papers AS q WHERE q.track_id = "
  "p.track_id AND q.award = 1)",
  "SELECT p.paper_id FROM papers AS p WHERE p.pages >= (SELECT MAX(q.pages) FROM papers AS q WHERE q.track_id = "
  "p.track_id AND q.award = 1)",
  "SOME read as ALL: compared with the maximum")
L("Silberschatz, Korth and Sudarshan: NOT IN over a NULL-able column needs the NULLs filtered",
  "SELECT a.author_id FROM authors AS a WHERE a.author_id NOT IN (SELECT t.chair_id FROM tracks AS t WHERE "
  "t.chair_id IS NOT NULL)",
  "SELECT a.author_id FROM authors AS a WHERE NOT EXISTS (SELECT 1 FROM tracks AS t WHERE t.chair_id = a.author_id)",
  "SELECT a.author_id FROM authors AS a WHERE a.author_id NOT IN (SELECT t.chair_id FROM tracks AS t)",
  "NOT IN over the NULL-able chair: one chairless track hides every author")
L("Garcia-Molina, Ullman and Widom: relational division, double NOT EXISTS against COUNT(DISTINCT) (empty divisor)",
  "SELECT a.author_id FROM authors AS a WHERE NOT EXISTS (SELECT 1 FROM tracks AS t WHERE NOT EXISTS (SELECT 1 FROM "
  "writes AS w JOIN papers AS p ON p.paper_id = w.paper_id WHERE w.author_id = a.author_id AND p.track_id = "
  "t.track_id))",
  "SELECT a.author_id FROM authors AS a WHERE (SELECT COUNT(DISTINCT p.track_id) FROM writes AS w JOIN papers AS p "
  "ON p.paper_id = w.paper_id WHERE w.author_id = a.author_id) = (SELECT COUNT(*) FROM tracks)",
  "SELECT a.author_id FROM authors AS a WHERE (SELECT COUNT(p.track_id) FROM writes AS w JOIN papers AS p "
  "ON p.paper_id = w.paper_id WHERE w.author_id = a.author_id) = (SELECT COUNT(*) FROM tracks)",
  "COUNT without DISTINCT: two papers in one track count twice")
L("Garcia-Molina, Ullman and Widom: relational division as NOT EXISTS of an EXCEPT",
  "SELECT a.author_id FROM authors AS a WHERE NOT EXISTS (SELECT 1 FROM tracks AS t WHERE NOT EXISTS (SELECT 1 FROM "
  "writes AS w JOIN papers AS p ON p.paper_id = w.paper_id WHERE w.author_id = a.author_id AND p.track_id = "
  "t.track_id))",
  "SELECT a.author_id FROM authors AS a WHERE NOT EXISTS (SELECT t.track_id FROM tracks AS t EXCEPT SELECT p.track_id "
  "FROM writes AS w JOIN papers AS p ON p.paper_id = w.paper_id WHERE w.author_id = a.author_id)",
  "SELECT a.author_id FROM authors AS a WHERE NOT EXISTS (SELECT t.track_id FROM tracks AS t WHERE t.quota > 0 EXCEPT "
  "SELECT p.track_id FROM writes AS w JOIN papers AS p ON p.paper_id = w.paper_id WHERE w.author_id = a.author_id)",
  "the divisor narrowed to tracks with a quota")
L("Silberschatz, Korth and Sudarshan: the UNIQUE test (at most one award) as a COUNT and as a self-join",
  "SELECT t.track_id FROM tracks AS t WHERE 1 >= (SELECT COUNT(*) FROM papers AS p WHERE p.track_id = t.track_id AND "
  "p.award = 1)",
  "SELECT t.track_id FROM tracks AS t WHERE NOT EXISTS (SELECT 1 FROM papers AS p1 JOIN papers AS p2 ON p2.track_id = "
  "p1.track_id AND p2.paper_id <> p1.paper_id WHERE p1.track_id = t.track_id AND p1.award = 1 AND p2.award = 1)",
  "SELECT t.track_id FROM tracks AS t WHERE NOT EXISTS (SELECT 1 FROM papers AS p1 JOIN papers AS p2 ON p2.track_id = "
  "p1.track_id AND p2.paper_id <> p1.paper_id WHERE p1.track_id = t.track_id AND p1.award = 1)",
  "the second paper's award test dropped")
L("Silberschatz, Korth and Sudarshan: the WITH clause for the maximum total, inlined as HAVING",
  "WITH tp AS (SELECT track_id, SUM(pages) AS s FROM papers GROUP BY track_id) SELECT track_id FROM tp "
  "WHERE s = (SELECT MAX(s) FROM tp)",
  "SELECT p.track_id FROM papers AS p GROUP BY p.track_id HAVING SUM(p.pages) >= (SELECT MAX(x.s) FROM (SELECT "
  "SUM(pages) AS s FROM papers GROUP BY track_id) AS x)",
  "SELECT k.track_id FROM (SELECT track_id, ROW_NUMBER() OVER (ORDER BY SUM(pages) DESC, track_id) AS rn FROM papers "
  "GROUP BY track_id) AS k WHERE k.rn = 1",
  "ROW_NUMBER: tied top tracks cut to one")
L("Garcia-Molina, Ullman and Widom: a WHERE over a grouped view as HAVING",
  "SELECT v.track_id, v.n FROM (SELECT track_id, COUNT(*) AS n FROM papers GROUP BY track_id) AS v WHERE v.n >= 2",
  "SELECT track_id, COUNT(*) AS n FROM papers GROUP BY track_id HAVING COUNT(*) >= 2",
  "SELECT track_id, COUNT(*) AS n FROM papers GROUP BY track_id HAVING COUNT(score) >= 2",
  "COUNT(score) in HAVING: unscored papers not counted")
L("Galindo-Legaria and Rosenthal 1997: a FULL JOIN of a grouping and its filtered subset simplified to a LEFT JOIN",
  "SELECT COALESCE(x.track_id, y.track_id) AS tid, x.n, y.m FROM (SELECT track_id, COUNT(*) AS n FROM papers GROUP BY "
  "track_id) AS x FULL JOIN (SELECT track_id, COUNT(*) AS m FROM papers WHERE award = 1 GROUP BY track_id) AS y "
  "ON y.track_id = x.track_id",
  "SELECT x.track_id AS tid, x.n, y.m FROM (SELECT track_id, COUNT(*) AS n FROM papers GROUP BY track_id) AS x "
  "LEFT JOIN (SELECT track_id, COUNT(*) AS m FROM papers WHERE award = 1 GROUP BY track_id) AS y "
  "ON y.track_id = x.track_id",
  "SELECT x.track_id AS tid, x.n, COALESCE(y.m, 0) AS m FROM (SELECT track_id, COUNT(*) AS n FROM papers GROUP BY "
  "track_id) AS x LEFT JOIN (SELECT track_id, COUNT(*) AS m FROM papers WHERE award = 1 GROUP BY track_id) AS y "
  "ON y.track_id = x.track_id",
  "a COALESCE added: award-less tracks get 0, not NULL")
L("Pirahesh, Hellerstein and Hasan 1992 (Starburst): EXISTS on a key as a join",
  "SELECT p.paper_id FROM papers AS p WHERE EXISTS (SELECT 1 FROM tracks AS t WHERE t.track_id = p.track_id AND "
  "t.quota >= 1)",
  "SELECT p.paper_id FROM papers AS p JOIN tracks AS t ON t.track_id = p.track_id WHERE t.quota >= 1",
  ("SELECT p.paper_id FROM papers AS p WHERE EXISTS (SELECT 1 FROM writes AS w WHERE w.paper_id = p.paper_id AND "
   "w.pos >= 2)",
   "SELECT p.paper_id FROM papers AS p JOIN writes AS w ON w.paper_id = p.paper_id WHERE w.pos >= 2"),
  "EXISTS on a non-key turned into a join: a paper repeated per co-author")
# --- analysts' formulations against hand-written ones
L("ranking with ties: RANK as one plus a correlated count of longer papers",
  "SELECT paper_id, RANK() OVER (ORDER BY pages DESC) AS rk FROM papers",
  "SELECT p.paper_id, 1 + (SELECT COUNT(*) FROM papers AS q WHERE q.pages > p.pages) AS rk FROM papers AS p",
  "SELECT p.paper_id, 1 + (SELECT COUNT(DISTINCT q.pages) FROM papers AS q WHERE q.pages > p.pages) AS rk "
  "FROM papers AS p",
  "COUNT(DISTINCT): a dense rank")
L("dense ranking per track: DENSE_RANK as a correlated COUNT(DISTINCT)",
  "SELECT paper_id, DENSE_RANK() OVER (PARTITION BY track_id ORDER BY pages) AS dr FROM papers",
  "SELECT p.paper_id, (SELECT COUNT(DISTINCT q.pages) FROM papers AS q WHERE q.track_id = p.track_id AND q.pages <= "
  "p.pages) AS dr FROM papers AS p",
  "SELECT p.paper_id, (SELECT COUNT(*) FROM papers AS q WHERE q.track_id = p.track_id AND q.pages <= "
  "p.pages) AS dr FROM papers AS p",
  "COUNT(*): tied papers push the rank up")
L("running totals: a ROWS frame against a correlated SUM over a key order",
  "SELECT paper_id, SUM(pages) OVER (PARTITION BY track_id ORDER BY paper_id ROWS BETWEEN UNBOUNDED PRECEDING AND "
  "CURRENT ROW) AS run FROM papers",
  "SELECT p.paper_id, (SELECT SUM(q.pages) FROM papers AS q WHERE q.track_id = p.track_id AND q.paper_id <= "
  "p.paper_id) AS run FROM papers AS p",
  "SELECT p.paper_id, (SELECT SUM(q.pages) FROM papers AS q WHERE q.track_id = p.track_id AND q.paper_id < "
  "p.paper_id) AS run FROM papers AS p",
  "strict: the current paper left out")
L("running totals with ties: the default RANGE frame against a correlated SUM over non-NULL days",
  "SELECT paper_id, SUM(pages) OVER (ORDER BY submit_day) AS run FROM papers WHERE submit_day IS NOT NULL",
  "SELECT p.paper_id, (SELECT SUM(q.pages) FROM papers AS q WHERE q.submit_day <= p.submit_day) AS run FROM papers AS p "
  "WHERE p.submit_day IS NOT NULL",
  "SELECT paper_id, SUM(pages) OVER (ORDER BY submit_day, paper_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) "
  "AS run FROM papers WHERE submit_day IS NOT NULL",
  "a ROWS frame: papers of one day get different totals")
L("a centred three-row frame against the previous and next paper by correlated LIMIT 1",
  "SELECT paper_id, SUM(pages) OVER (PARTITION BY track_id ORDER BY paper_id ROWS BETWEEN 1 PRECEDING AND "
  "1 FOLLOWING) AS s3 FROM papers",
  "SELECT p.paper_id, p.pages + COALESCE((SELECT q.pages FROM papers AS q WHERE q.track_id = p.track_id AND "
  "q.paper_id < p.paper_id ORDER BY q.paper_id DESC LIMIT 1), 0) + COALESCE((SELECT q.pages FROM papers AS q "
  "WHERE q.track_id = p.track_id AND q.paper_id > p.paper_id ORDER BY q.paper_id LIMIT 1), 0) AS s3 FROM papers AS p",
  "SELECT paper_id, SUM(pages) OVER (PARTITION BY track_id ORDER BY paper_id ROWS BETWEEN 1 PRECEDING AND "
  "CURRENT ROW) AS s3 FROM papers",
  "the frame cut at the current row: the next paper left out")
L("top-N per group with ties: RANK <= 2 against a correlated count of longer papers",
  "SELECT w.paper_id FROM (SELECT paper_id, RANK() OVER (PARTITION BY track_id ORDER BY pages DESC) AS r FROM papers) "
  "AS w WHERE w.r <= 2",
  "SELECT p.paper_id FROM papers AS p WHERE (SELECT COUNT(*) FROM papers AS q WHERE q.track_id = p.track_id AND "
  "q.pages > p.pages) < 2",
  "SELECT p.paper_id FROM papers AS p WHERE (SELECT COUNT(DISTINCT q.pages) FROM papers AS q WHERE q.track_id = "
  "p.track_id AND q.pages > p.pages) < 2",
  "distinct lengths counted: a dense top two")
L("previous row: LAG against a correlated ORDER BY ... LIMIT 1",
  "SELECT paper_id, LAG(submit_day) OVER (PARTITION BY track_id ORDER BY paper_id) AS prev_day FROM papers",
  "SELECT p.paper_id, (SELECT q.submit_day FROM papers AS q WHERE q.track_id = p.track_id AND q.paper_id < p.paper_id "
  "ORDER BY q.paper_id DESC LIMIT 1) AS prev_day FROM papers AS p",
  "SELECT p.paper_id, (SELECT MAX(q.submit_day) FROM papers AS q WHERE q.track_id = p.track_id AND q.paper_id < "
  "p.paper_id) AS prev_day FROM papers AS p",
  "the latest earlier day instead of the previous paper's day")
L("next row: LEAD against a correlated MIN of the following key",
  "SELECT w.paper_id, w.author_id, LEAD(w.paper_id) OVER (PARTITION BY w.author_id ORDER BY w.paper_id) AS nxt "
  "FROM writes AS w",
  "SELECT w.paper_id, w.author_id, (SELECT MIN(w2.paper_id) FROM writes AS w2 WHERE w2.author_id = w.author_id AND "
  "w2.paper_id > w.paper_id) AS nxt FROM writes AS w",
  "SELECT w.paper_id, w.author_id, (SELECT MIN(w2.paper_id) FROM writes AS w2 WHERE w2.author_id = w.author_id AND "
  "w2.paper_id >= w.paper_id) AS nxt FROM writes AS w",
  "non-strict: every paper is its own next")
ACT = "FROM reviews WHERE reviewer_id IS NOT NULL AND day IS NOT NULL"
L("gaps and islands: review streaks counted by NOT EXISTS of the day before against day minus DENSE_RANK",
  "SELECT d.reviewer_id, COUNT(*) AS streaks FROM (SELECT DISTINCT reviewer_id, day " + ACT + ") AS d WHERE NOT EXISTS "
  "(SELECT 1 FROM reviews AS r WHERE r.reviewer_id = d.reviewer_id AND r.day = d.day - 1) GROUP BY d.reviewer_id",
  "SELECT x.reviewer_id, COUNT(DISTINCT x.grp) AS streaks FROM (SELECT reviewer_id, day - DENSE_RANK() OVER "
  "(PARTITION BY reviewer_id ORDER BY day) AS grp " + ACT + ") AS x GROUP BY x.reviewer_id",
  "SELECT x.reviewer_id, COUNT(DISTINCT x.grp) AS streaks FROM (SELECT reviewer_id, day - ROW_NUMBER() OVER "
  "(PARTITION BY reviewer_id ORDER BY day) AS grp " + ACT + ") AS x GROUP BY x.reviewer_id",
  "ROW_NUMBER over a log with repeated days: a repeated day splits the streak")
L("gaps and islands: streak starts by LAG over distinct days against NOT EXISTS of the day before",
  "SELECT d.reviewer_id, d.day FROM (SELECT DISTINCT reviewer_id, day " + ACT + ") AS d WHERE NOT EXISTS "
  "(SELECT 1 FROM reviews AS r WHERE r.reviewer_id = d.reviewer_id AND r.day = d.day - 1)",
  "SELECT g.reviewer_id, g.day FROM (SELECT reviewer_id, day, LAG(day) OVER (PARTITION BY reviewer_id ORDER BY day) "
  "AS prev FROM (SELECT DISTINCT reviewer_id, day " + ACT + ") AS u) AS g WHERE g.prev IS NULL OR g.prev < g.day - 1",
  "SELECT g.reviewer_id, g.day FROM (SELECT reviewer_id, day, LAG(day) OVER (PARTITION BY reviewer_id ORDER BY day) "
  "AS prev FROM (SELECT DISTINCT reviewer_id, day " + ACT + ") AS u) AS g WHERE g.prev < g.day - 1",
  "the NULL case dropped: each reviewer's first streak lost")
L("date arithmetic on day numbers: reviews within four days after submission, BETWEEN against two comparisons",
  "SELECT p.paper_id, COUNT(r.paper_id) AS n FROM papers AS p LEFT JOIN reviews AS r ON r.paper_id = p.paper_id "
  "AND r.day BETWEEN p.submit_day AND p.submit_day + 4 GROUP BY p.paper_id",
  "SELECT p.paper_id, (SELECT COUNT(*) FROM reviews AS r WHERE r.paper_id = p.paper_id AND r.day >= p.submit_day AND "
  "r.day <= p.submit_day + 4) AS n FROM papers AS p",
  "SELECT p.paper_id, (SELECT COUNT(*) FROM reviews AS r WHERE r.paper_id = p.paper_id AND r.day >= p.submit_day AND "
  "r.day < p.submit_day + 4) AS n FROM papers AS p",
  "the window's last day excluded")
L("weeks of day numbers: GROUP BY an expression against grouping a derived column",
  "SELECT (day - 1) / 7 AS wk, COUNT(*) AS n FROM reviews WHERE day IS NOT NULL GROUP BY (day - 1) / 7",
  "SELECT x.wk, COUNT(*) AS n FROM (SELECT (day - 1) / 7 AS wk FROM reviews WHERE day IS NOT NULL) AS x GROUP BY x.wk",
  "SELECT x.wk, COUNT(*) AS n FROM (SELECT day / 7 AS wk FROM reviews WHERE day IS NOT NULL) AS x GROUP BY x.wk",
  "weeks starting on day 0: day 7 moves to the next week")
L("CASE sums: COUNT of a CASE against SUM of a 0/1 CASE per paper",
  "SELECT paper_id, COUNT(CASE WHEN grade > 0 THEN grade END) AS pos FROM reviews GROUP BY paper_id",
  "SELECT paper_id, SUM(CASE WHEN grade > 0 THEN 1 ELSE 0 END) AS pos FROM reviews GROUP BY paper_id",
  "SELECT paper_id, COUNT(CASE WHEN grade > 0 THEN 1 ELSE 0 END) AS pos FROM reviews GROUP BY paper_id",
  "COUNT of a CASE with ELSE 0: every review counted")
L("GROUP BY with COUNT(DISTINCT) against a self-join of the log",
  "SELECT reviewer_id FROM reviews WHERE reviewer_id IS NOT NULL GROUP BY reviewer_id HAVING COUNT(DISTINCT paper_id) "
  ">= 2",
  "SELECT DISTINCT r1.reviewer_id FROM reviews AS r1 JOIN reviews AS r2 ON r2.reviewer_id = r1.reviewer_id AND "
  "r2.paper_id <> r1.paper_id",
  ("SELECT reviewer_id FROM reviews WHERE reviewer_id IS NOT NULL GROUP BY reviewer_id HAVING COUNT(*) >= 2",
   "SELECT DISTINCT r1.reviewer_id FROM reviews AS r1 JOIN reviews AS r2 ON r2.reviewer_id = r1.reviewer_id AND "
   "r2.paper_id <> r1.paper_id"),
  "COUNT(*) of the log: two reviews of one paper count as two papers")
L("INTERSECT against IN with DISTINCT: authors who also review",
  "SELECT author_id FROM writes INTERSECT SELECT reviewer_id FROM reviews",
  "SELECT DISTINCT w.author_id FROM writes AS w WHERE w.author_id IN (SELECT reviewer_id FROM reviews)",
  "SELECT w.author_id FROM writes AS w WHERE w.author_id IN (SELECT reviewer_id FROM reviews)",
  "no DISTINCT: an author of two papers listed twice")
L("LEFT JOIN ... IS NULL against NOT EXISTS: papers never reviewed",
  "SELECT p.paper_id FROM papers AS p LEFT JOIN reviews AS r ON r.paper_id = p.paper_id WHERE r.paper_id IS NULL",
  "SELECT p.paper_id FROM papers AS p WHERE NOT EXISTS (SELECT 1 FROM reviews AS r WHERE r.paper_id = p.paper_id)",
  "SELECT p.paper_id FROM papers AS p WHERE p.paper_id NOT IN (SELECT paper_id FROM reviews)",
  "NOT IN over the log's NULL-able paper: one unattached review hides every paper")
L("a UNION ALL split of a NULL-able column's count",
  "SELECT track_id, COUNT(score) AS scored FROM papers GROUP BY track_id",
  "SELECT u.track_id, SUM(u.c) AS scored FROM (SELECT track_id, COUNT(*) AS c FROM papers WHERE score IS NOT NULL "
  "GROUP BY track_id UNION ALL SELECT track_id, 0 AS c FROM papers WHERE score IS NULL GROUP BY track_id) AS u "
  "GROUP BY u.track_id",
  "SELECT u.track_id, SUM(u.c) AS scored FROM (SELECT track_id, COUNT(*) AS c FROM papers WHERE score IS NOT NULL "
  "GROUP BY track_id UNION ALL SELECT track_id, COUNT(*) AS c FROM papers WHERE score IS NULL GROUP BY track_id) AS u "
  "GROUP BY u.track_id",
  "the unscored branch counted: every paper counted")
L("multi-level CTEs against an inline correlated count: prolific authors per country",
  "WITH pc AS (SELECT author_id, COUNT(*) AS n FROM writes GROUP BY author_id), prolific AS (SELECT author_id FROM pc "
  "WHERE n >= 2) SELECT a.country, COUNT(*) AS k FROM authors AS a JOIN prolific USING (author_id) GROUP BY a.country",
  "SELECT a.country, COUNT(*) AS k FROM authors AS a WHERE (SELECT COUNT(*) FROM writes AS w WHERE w.author_id = "
  "a.author_id) >= 2 GROUP BY a.country",
  "SELECT a.country, COUNT(*) AS k FROM authors AS a WHERE (SELECT COUNT(*) FROM writes AS w WHERE w.author_id = "
  "a.author_id) > 2 GROUP BY a.country",
  "strict: authors of exactly two papers left out")
L("a self-join for co-author pairs against EXISTS over the author pairs",
  "SELECT DISTINCT w1.author_id AS a1, w2.author_id AS a2 FROM writes AS w1 JOIN writes AS w2 ON w2.paper_id = "
  "w1.paper_id AND w2.author_id > w1.author_id",
  "SELECT x.author_id AS a1, y.author_id AS a2 FROM authors AS x JOIN authors AS y ON y.author_id > x.author_id WHERE "
  "EXISTS (SELECT 1 FROM writes AS w1 JOIN writes AS w2 ON w2.paper_id = w1.paper_id WHERE w1.author_id = x.author_id "
  "AND w2.author_id = y.author_id)",
  "SELECT x.author_id AS a1, y.author_id AS a2 FROM authors AS x JOIN authors AS y ON y.author_id <> x.author_id WHERE "
  "EXISTS (SELECT 1 FROM writes AS w1 JOIN writes AS w2 ON w2.paper_id = w1.paper_id WHERE w1.author_id = x.author_id "
  "AND w2.author_id = y.author_id)",
  "<> for >: each pair listed in both orders")
L("COALESCE against CASE: a mentor's h-index defaulting to the author's own",
  "SELECT a.author_id, COALESCE(m.h_index, a.h_index) AS h FROM authors AS a LEFT JOIN authors AS m "
  "ON m.author_id = a.mentor_id",
  "SELECT a.author_id, CASE WHEN (SELECT m.h_index FROM authors AS m WHERE m.author_id = a.mentor_id) IS NULL "
  "THEN a.h_index ELSE (SELECT m.h_index FROM authors AS m WHERE m.author_id = a.mentor_id) END AS h FROM authors AS a",
  "SELECT a.author_id, CASE WHEN a.mentor_id IS NULL THEN a.h_index ELSE (SELECT m.h_index FROM authors AS m "
  "WHERE m.author_id = a.mentor_id) END AS h FROM authors AS a",
  "tested on the mentor key: a mentor without an h-index gives NULL")
L("list:ranking with ties in a total order: RANK against a correlated count",
  "SELECT paper_id, RANK() OVER (ORDER BY pages DESC) AS rk FROM papers ORDER BY rk, paper_id",
  "SELECT p.paper_id, 1 + (SELECT COUNT(*) FROM papers AS q WHERE q.pages > p.pages) AS rk FROM papers AS p "
  "ORDER BY rk, p.paper_id",
  "SELECT p.paper_id, 1 + (SELECT COUNT(*) FROM papers AS q WHERE q.pages > p.pages) AS rk FROM papers AS p "
  "ORDER BY rk, p.paper_id DESC",
  "ties listed by the highest paper id", semantics="list")
L("sqlite:Kim 1982 type A with SQLite's scalar MAX as the larger of two values",
  "SELECT paper_id, MAX(pages, 8) AS p8 FROM papers",
  "SELECT paper_id, CASE WHEN pages > 8 THEN pages ELSE 8 END AS p8 FROM papers",
  "SELECT paper_id, MIN(pages, 8) AS p8 FROM papers",
  "the scalar MIN for MAX", dialect="sqlite")
L("sqlite:Spark-style EXCEPT as a NULL-safe anti-join written with IS",
  "SELECT reviewer_id FROM reviews EXCEPT SELECT author_id FROM writes",
  "SELECT DISTINCT r.reviewer_id FROM reviews AS r WHERE NOT EXISTS (SELECT 1 FROM writes AS w WHERE w.author_id IS "
  "r.reviewer_id)",
  "SELECT r.reviewer_id FROM reviews AS r WHERE NOT EXISTS (SELECT 1 FROM writes AS w WHERE w.author_id IS "
  "r.reviewer_id)",
  "no DISTINCT: duplicate reviews kept", dialect="sqlite")
L("sqlite:Ganski and Wong 1987 with IFNULL: the COUNT bug fixed by an outer join",
  "SELECT t.track_id, (SELECT COUNT(*) FROM papers AS p WHERE p.track_id = t.track_id) AS n FROM tracks AS t",
  "SELECT t.track_id, IFNULL(g.n, 0) AS n FROM tracks AS t LEFT JOIN (SELECT track_id, COUNT(*) AS n FROM papers "
  "GROUP BY track_id) AS g ON g.track_id = t.track_id",
  "SELECT t.track_id, g.n AS n FROM tracks AS t LEFT JOIN (SELECT track_id, COUNT(*) AS n FROM papers "
  "GROUP BY track_id) AS g ON g.track_id = t.track_id",
  "the IFNULL dropped: empty tracks get NULL (the COUNT bug)", dialect="sqlite")
