"""The pairs of the twelfth held-out prover corpus (``benchmarks/corpus/prover12/``), as
written (``prover12_build.py`` checks them in SQLite and writes the corpus).

Three sources: answering queries using views and materialized-view rewriting (view
merging, predicate pushdown into views, Goldstein-Larson view matching with compensating
predicates, re-aggregation of finer summary tables, roll-up of aggregate views, join
elimination through a view, partial view use with a back-join), each the query over base
tables against the query over the view (inlined as a derived table or a CTE), on a new
telecom schema; data-quality and validation checks as test frameworks generate them (dbt
generic tests, Great Expectations, Soda, Deequ, SQLFluff-style lint fixes, source/target
reconciliation) against the hand-written check for the same property, on a new payroll
schema; and row-level security and temporal queries (PostgreSQL RLS, Oracle VPD, SQL Server
security predicates, tenant filters, type 2 slowly changing dimensions, as-of joins,
point-in-time lookups, gaps and islands), each written two ways, on a new CRM schema. Each
``add`` call is one equivalent pair and one realistic non-equivalent mutant. Written from
rule NAMES and one-line DESCRIPTIONS recalled from memory (paraphrased above each pair) and
the author's own SQL; not taken from any prover benchmark, rule test, tool's test suite or
published pair set; the verifier was not read.
"""

from __future__ import annotations

from benchmarks.held_out_pairs import pair_book

SOURCES = {
    "view_matching": ("telecom", "answering queries using views / materialized-view rewriting (view merging, "
                                 "predicate pushdown, Goldstein-Larson matching, re-aggregation, roll-up, join "
                                 "elimination, back-joins): query over base tables against the query over the view"),
    "data_tests": ("payroll", "data-quality checks as test frameworks generate them (dbt, Great Expectations, "
                              "Soda, Deequ, SQLFluff fixes, reconciliation) against the hand-written check"),
    "security_temporal": ("crm", "row-level security (RLS, VPD, security predicates, tenant filters) and temporal "
                                 "queries (type 2 SCD, as-of joins, point-in-time, gaps and islands), written two ways"),
}
FILE = {"view_matching": "view_matching", "data_tests": "data_tests", "security_temporal": "security_temporal"}


PAIRS, add = pair_book("prover12", SOURCES, FILE)


def V(rule, gold, pred, mutant, mutation, **kw):
    """A query over base tables (gold) against the query answered from a view (pred), telecom."""
    add("view_matching", rule, gold, pred, mutant, mutation, **kw)


def Q(rule, gold, pred, mutant, mutation, **kw):
    """A framework-generated data check (gold) against the hand-written check (pred), payroll."""
    add("data_tests", rule, gold, pred, mutant, mutation, **kw)


def S(rule, gold, pred, mutant, mutation, **kw):
    """A security or temporal query (gold) against its other formulation (pred), crm."""
    add("security_temporal", rule, gold, pred, mutant, mutation, **kw)


# ============================================================ view matching (telecom)
# cell(cell_id PK, city, band NULL, capacity NULL), subscriber(sub_id PK, name, plan NULL,
# home_cell FK NULL-able, joined, credit REAL NULL), call(call_id PK, sub_id FK NOT NULL,
# cell_id FK NULL-able, day, kind, minutes NULL, charge REAL NULL), topup(sub_id FK, seq; PK
# both, amount REAL, channel NULL, day), keyless outage(cell_id FK NULL-able, day NULL,
# severity NULL) with duplicate rows.

# --- view merging and predicate pushdown

# A select-project view merged into the query: the query's filter and the view's filter conjoin.
V("View merging:select-project view",
  "SELECT call_id, minutes FROM call WHERE kind = 'voice' AND minutes > 7",
  "WITH voice_calls AS (SELECT call_id, sub_id, minutes FROM call WHERE kind = 'voice') "
  "SELECT call_id, minutes FROM voice_calls WHERE minutes > 7",
  "WITH voice_calls AS (SELECT call_id, sub_id, minutes FROM call WHERE kind = 'voice') "
  "SELECT call_id, minutes FROM voice_calls WHERE minutes >= 7",
  "the compensating bound made inclusive")
# A join view merged: the query keeps the view's duplicates (one row per call).
V("View merging:join view keeps one row per call",
  "SELECT s.plan FROM call AS c JOIN subscriber AS s ON s.sub_id = c.sub_id WHERE c.kind = 'sms'",
  "SELECT plan FROM (SELECT c.call_id, c.kind, s.plan FROM call AS c JOIN subscriber AS s ON s.sub_id = c.sub_id) AS v "
  "WHERE kind = 'sms'",
  "SELECT plan FROM (SELECT DISTINCT c.kind, s.plan FROM call AS c JOIN subscriber AS s ON s.sub_id = c.sub_id) AS v "
  "WHERE kind = 'sms'",
  "a DISTINCT view: calls of the same plan collapse")
# Filter on a grouping column pushed into an aggregate view.
V("Predicate pushdown:filter on the grouping column into an aggregate view",
  "SELECT sub_id, SUM(minutes) FROM call WHERE sub_id IN (1, 2) GROUP BY sub_id",
  "SELECT sub_id, total FROM (SELECT sub_id, SUM(minutes) AS total FROM call GROUP BY sub_id) AS v WHERE sub_id IN (1, 2)",
  "SELECT sub_id, total FROM (SELECT sub_id, kind, SUM(minutes) AS total FROM call GROUP BY sub_id, kind) AS v "
  "WHERE sub_id IN (1, 2)",
  "a finer view (per subscriber and kind) used without re-aggregating")
# A filter on an aggregate stays above the view (it cannot become a row filter).
V("Predicate pushdown:aggregate filter stays above the view",
  "SELECT sub_id, SUM(minutes) FROM call GROUP BY sub_id HAVING SUM(minutes) > 10",
  "SELECT sub_id, total FROM (SELECT sub_id, SUM(minutes) AS total FROM call GROUP BY sub_id) AS v WHERE total > 10",
  "SELECT sub_id, total FROM (SELECT sub_id, SUM(minutes) AS total FROM call WHERE minutes > 10 GROUP BY sub_id) AS v "
  "WHERE total > 10",
  "the aggregate filter pushed down as a row filter")
# Filter on the partition key pushed below a window view.
V("Predicate pushdown:partition-key filter below a window",
  "SELECT call_id, rn FROM (SELECT call_id, sub_id, ROW_NUMBER() OVER (PARTITION BY sub_id ORDER BY call_id) AS rn "
  "FROM call) AS v WHERE sub_id = 2",
  "SELECT call_id, ROW_NUMBER() OVER (PARTITION BY sub_id ORDER BY call_id) FROM call WHERE sub_id = 2",
  ("SELECT call_id, rn FROM (SELECT call_id, kind, ROW_NUMBER() OVER (PARTITION BY sub_id ORDER BY call_id) AS rn "
   "FROM call) AS v WHERE kind = 'voice'",
   "SELECT call_id, ROW_NUMBER() OVER (PARTITION BY sub_id ORDER BY call_id) FROM call WHERE kind = 'voice'"),
  "a filter on a non-partition column pushed below the window")
# A filter cannot pass a LIMIT; it is kept above (as a semi-join on the limited view).
V("Predicate pushdown:filter kept above a LIMIT view",
  "SELECT call_id FROM (SELECT call_id, charge FROM call ORDER BY call_id LIMIT 3) AS v WHERE charge > 0.25",
  "SELECT call_id FROM call WHERE charge > 0.25 AND call_id IN (SELECT call_id FROM call ORDER BY call_id LIMIT 3)",
  "SELECT call_id FROM (SELECT call_id, charge FROM call WHERE charge > 0.25 ORDER BY call_id LIMIT 3) AS v",
  "the filter pushed below the LIMIT")
# Filter pushed into both branches of a UNION ALL view.
V("Predicate pushdown:into both branches of a UNION ALL view",
  "SELECT sub_id, amt FROM (SELECT sub_id, charge AS amt FROM call UNION ALL SELECT sub_id, amount FROM topup) AS v "
  "WHERE amt > 10",
  "SELECT sub_id, charge FROM call WHERE charge > 10 UNION ALL SELECT sub_id, amount FROM topup WHERE amount > 10",
  "SELECT sub_id, charge FROM call WHERE charge > 10 UNION ALL SELECT sub_id, amount FROM topup",
  "the filter pushed into the first branch only")
# Partitioned view (one branch per month): the query on January uses only January's branch.
V("Partitioned view:branch elimination",
  "SELECT call_id FROM (SELECT call_id, day FROM call WHERE day < '2024-02-01' UNION ALL "
  "SELECT call_id, day FROM call WHERE day >= '2024-02-01') AS v WHERE day < '2024-01-02'",
  "SELECT call_id FROM call WHERE day < '2024-01-02'",
  ("SELECT call_id FROM (SELECT call_id, day FROM call WHERE day < '2024-02-01' UNION ALL "
   "SELECT call_id, day FROM call WHERE day >= '2024-01-01') AS v WHERE day < '2024-01-02'",
   "SELECT call_id FROM call WHERE day < '2024-01-02'"),
  "overlapping partitions: January calls counted twice")
# A DISTINCT view joined: complex view merging must keep the duplicate removal.
V("Complex view merging:DISTINCT view as a semi-join",
  "SELECT s.sub_id, s.name FROM subscriber AS s JOIN (SELECT DISTINCT sub_id FROM call WHERE kind = 'sms') AS v "
  "ON v.sub_id = s.sub_id",
  "SELECT s.sub_id, s.name FROM subscriber AS s WHERE s.sub_id IN (SELECT sub_id FROM call WHERE kind = 'sms')",
  "SELECT s.sub_id, s.name FROM subscriber AS s JOIN call AS c ON c.sub_id = s.sub_id WHERE c.kind = 'sms'",
  "the view merged without its DISTINCT: one row per sms")
# Group-by view merging: the group must keep the joined key.
V("Complex view merging:group-by view merged into the join",
  "SELECT s.plan, v.total FROM subscriber AS s JOIN (SELECT sub_id, SUM(charge) AS total FROM call GROUP BY sub_id) AS v "
  "ON v.sub_id = s.sub_id",
  "SELECT s.plan, SUM(c.charge) FROM subscriber AS s JOIN call AS c ON c.sub_id = s.sub_id GROUP BY s.sub_id, s.plan",
  "SELECT s.plan, SUM(c.charge) FROM subscriber AS s JOIN call AS c ON c.sub_id = s.sub_id GROUP BY s.plan",
  "grouped by the plan only: subscribers of a plan merged")
# Group-by view merging under a LEFT JOIN: no calls gives NULL, not a count of 0.
V("Complex view merging:count view under a LEFT JOIN",
  "SELECT s.sub_id, v.n FROM subscriber AS s LEFT JOIN (SELECT sub_id, COUNT(*) AS n FROM call GROUP BY sub_id) AS v "
  "ON v.sub_id = s.sub_id",
  "SELECT s.sub_id, NULLIF(COUNT(c.call_id), 0) FROM subscriber AS s LEFT JOIN call AS c ON c.sub_id = s.sub_id "
  "GROUP BY s.sub_id",
  "SELECT s.sub_id, COUNT(c.call_id) FROM subscriber AS s LEFT JOIN call AS c ON c.sub_id = s.sub_id GROUP BY s.sub_id",
  "merged count: 0 where the view's outer join gives NULL")
# A view on a computed column: the query's predicate rewritten on the view's expression.
V("View matching:predicate on a computed view column",
  "SELECT call_id FROM call WHERE minutes > 1",
  "SELECT call_id FROM (SELECT call_id, minutes * 60 AS secs FROM call) AS v WHERE secs > 60",
  "SELECT call_id FROM (SELECT call_id, minutes * 60 AS secs FROM call) AS v WHERE secs >= 60",
  "the rewritten bound made inclusive")

# --- Goldstein-Larson view matching: subsumption and compensation

# Range subsumption: the view holds minutes >= 1 (an integer column), the query minutes > 0.
V("Goldstein-Larson:range subsumption with a compensating predicate",
  "SELECT call_id, charge FROM call WHERE minutes > 0 AND charge > 0.25",
  "WITH mv AS (SELECT call_id, minutes, charge FROM call WHERE minutes >= 1) SELECT call_id, charge FROM mv "
  "WHERE charge > 0.25",
  "WITH mv AS (SELECT call_id, minutes, charge FROM call WHERE minutes > 1) SELECT call_id, charge FROM mv "
  "WHERE charge > 0.25",
  "a view that starts one minute too late")
# Equivalence classes: the view exposes c.cell_id, the query filters s.home_cell of the join.
V("Goldstein-Larson:equivalence class of the join columns",
  "SELECT c.kind, s.sub_id FROM call AS c JOIN subscriber AS s ON s.home_cell = c.cell_id WHERE s.home_cell = 2",
  "SELECT kind, sub_id FROM (SELECT c.call_id, c.kind, c.cell_id, s.sub_id FROM call AS c JOIN subscriber AS s "
  "ON s.home_cell = c.cell_id) AS mv WHERE cell_id = 2",
  "SELECT kind, sub_id FROM (SELECT DISTINCT c.kind, c.cell_id, s.sub_id FROM call AS c JOIN subscriber AS s "
  "ON s.home_cell = c.cell_id) AS mv WHERE cell_id = 2",
  "a DISTINCT view: two calls of a kind collapse")
# An outer-join view answers an inner-join query with a NOT NULL compensation.
V("Goldstein-Larson:outer-join view with a null-rejecting compensation",
  "SELECT c.call_id, ce.city FROM call AS c JOIN cell AS ce ON ce.cell_id = c.cell_id WHERE c.kind = 'data'",
  "WITH mv AS (SELECT c.call_id, c.kind, ce.cell_id, ce.city FROM call AS c LEFT JOIN cell AS ce ON ce.cell_id = c.cell_id) "
  "SELECT call_id, city FROM mv WHERE kind = 'data' AND cell_id IS NOT NULL",
  "WITH mv AS (SELECT c.call_id, c.kind, ce.cell_id, ce.city FROM call AS c LEFT JOIN cell AS ce ON ce.cell_id = c.cell_id) "
  "SELECT call_id, city FROM mv WHERE kind = 'data'",
  "the outer-join view used without the compensation: calls without a cell kept")
# The view has the join the query needs plus a lossless extra join (call to its subscriber).
V("Goldstein-Larson:extra view table joined on a NOT NULL foreign key",
  "SELECT kind, COUNT(*) FROM call GROUP BY kind",
  "WITH mv AS (SELECT c.call_id, c.kind, s.plan FROM call AS c JOIN subscriber AS s ON s.sub_id = c.sub_id) "
  "SELECT kind, COUNT(*) FROM mv GROUP BY kind",
  "WITH mv AS (SELECT c.call_id, c.kind, ce.city FROM call AS c JOIN cell AS ce ON ce.cell_id = c.cell_id) "
  "SELECT kind, COUNT(*) FROM mv GROUP BY kind",
  "the extra join on the NULL-able cell foreign key: calls without a cell lost")
# The query has a table more than the view: the view joined to it.
V("Goldstein-Larson:query with an extra table joined to the view",
  "SELECT c.call_id, s.name, ce.city FROM call AS c JOIN subscriber AS s ON s.sub_id = c.sub_id "
  "JOIN cell AS ce ON ce.cell_id = c.cell_id",
  "WITH mv AS (SELECT c.call_id, c.cell_id, s.name FROM call AS c JOIN subscriber AS s ON s.sub_id = c.sub_id) "
  "SELECT mv.call_id, mv.name, ce.city FROM mv JOIN cell AS ce ON ce.cell_id = mv.cell_id",
  "WITH mv AS (SELECT c.call_id, c.cell_id, s.name FROM call AS c JOIN subscriber AS s ON s.sub_id = c.sub_id) "
  "SELECT mv.call_id, mv.name, ce.city FROM mv LEFT JOIN cell AS ce ON ce.cell_id = mv.cell_id",
  "the extra table outer-joined: calls without a cell kept")
# A disjunctive view predicate subsumes one disjunct of the query.
V("Goldstein-Larson:disjunctive view predicate",
  "SELECT call_id FROM call WHERE kind = 'sms' AND sub_id = 3",
  "WITH mv AS (SELECT call_id, sub_id, kind FROM call WHERE kind = 'sms' OR kind = 'voice') "
  "SELECT call_id FROM mv WHERE kind = 'sms' AND sub_id = 3",
  "WITH mv AS (SELECT call_id, sub_id, kind FROM call WHERE kind = 'sms' OR kind = 'voice') "
  "SELECT call_id FROM mv WHERE sub_id = 3",
  "the disjunct's compensation dropped")
# The view keeps a predicate the query does not have: it cannot answer it alone; the union
# with the complement does.
V("Goldstein-Larson:view plus the complement of its predicate",
  "SELECT call_id, charge FROM call WHERE sub_id = 1",
  "WITH mv AS (SELECT call_id, sub_id, charge FROM call WHERE charge >= 1) "
  "SELECT call_id, charge FROM mv WHERE sub_id = 1 "
  "UNION ALL SELECT call_id, charge FROM call WHERE sub_id = 1 AND (charge < 1 OR charge IS NULL)",
  "WITH mv AS (SELECT call_id, sub_id, charge FROM call WHERE charge >= 1) "
  "SELECT call_id, charge FROM mv WHERE sub_id = 1 "
  "UNION ALL SELECT call_id, charge FROM call WHERE sub_id = 1 AND charge < 1",
  "the complement forgets NULL charges")
# Self-join with the view on the key eliminated.
V("View matching:key self-join with the view eliminated",
  "SELECT c.call_id, v.charge FROM call AS c JOIN (SELECT call_id, charge FROM call WHERE kind = 'voice') AS v "
  "ON v.call_id = c.call_id",
  "SELECT call_id, charge FROM call WHERE kind = 'voice'",
  "SELECT c.call_id, v.charge FROM call AS c JOIN (SELECT call_id, sub_id, charge FROM call WHERE kind = 'voice') AS v "
  "ON v.sub_id = c.sub_id",
  "self-joined on the subscriber instead of the key")

# --- re-aggregation of a finer-grained summary table

V("Re-aggregation:SUM from a daily summary",
  "SELECT sub_id, SUM(charge) FROM call GROUP BY sub_id",
  "SELECT sub_id, SUM(s) FROM (SELECT sub_id, day, SUM(charge) AS s FROM call GROUP BY sub_id, day) AS daily "
  "GROUP BY sub_id",
  "SELECT sub_id, SUM(s) FROM (SELECT sub_id, day, COALESCE(SUM(charge), 0) AS s FROM call GROUP BY sub_id, day) AS daily "
  "GROUP BY sub_id",
  "the summary stores 0 for all-NULL charges")
V("Re-aggregation:COUNT(*) as the SUM of counts",
  "SELECT day, COUNT(*) FROM call GROUP BY day",
  "SELECT day, SUM(n) FROM (SELECT day, cell_id, COUNT(*) AS n FROM call GROUP BY day, cell_id) AS summ GROUP BY day",
  "SELECT day, COUNT(*) FROM (SELECT day, cell_id, COUNT(*) AS n FROM call GROUP BY day, cell_id) AS summ GROUP BY day",
  "the summary rows counted instead of their counts summed")
V("Re-aggregation:COUNT of a column as the SUM of column counts",
  "SELECT kind, COUNT(minutes) FROM call GROUP BY kind",
  "SELECT kind, SUM(n) FROM (SELECT kind, sub_id, COUNT(minutes) AS n FROM call GROUP BY kind, sub_id) AS summ GROUP BY kind",
  "SELECT kind, SUM(n) FROM (SELECT kind, sub_id, COUNT(*) AS n FROM call GROUP BY kind, sub_id) AS summ GROUP BY kind",
  "the summary counts rows, not non-NULL minutes")
V("Re-aggregation:AVG from stored SUM and COUNT",
  "SELECT sub_id, AVG(minutes) FROM call GROUP BY sub_id",
  "SELECT sub_id, SUM(s) * 1.0 / SUM(n) FROM (SELECT sub_id, kind, SUM(minutes) AS s, COUNT(minutes) AS n FROM call "
  "GROUP BY sub_id, kind) AS summ GROUP BY sub_id",
  "SELECT sub_id, AVG(a) FROM (SELECT sub_id, kind, AVG(minutes) AS a FROM call GROUP BY sub_id, kind) AS summ "
  "GROUP BY sub_id",
  "the average of the per-kind averages")
V("Re-aggregation:MAX of daily maxima",
  "SELECT sub_id, MAX(minutes), MIN(charge) FROM call GROUP BY sub_id",
  "SELECT sub_id, MAX(mx), MIN(mn) FROM (SELECT sub_id, day, MAX(minutes) AS mx, MIN(charge) AS mn FROM call "
  "GROUP BY sub_id, day) AS daily GROUP BY sub_id",
  "SELECT sub_id, MAX(mx), MAX(mn) FROM (SELECT sub_id, day, MAX(minutes) AS mx, MIN(charge) AS mn FROM call "
  "GROUP BY sub_id, day) AS daily GROUP BY sub_id",
  "the largest of the daily minima")
V("Re-aggregation:COUNT DISTINCT of a grouping column of the summary",
  "SELECT sub_id, COUNT(DISTINCT cell_id) FROM call GROUP BY sub_id",
  "SELECT sub_id, COUNT(cell_id) FROM (SELECT sub_id, cell_id, COUNT(*) AS n FROM call GROUP BY sub_id, cell_id) AS summ "
  "GROUP BY sub_id",
  "SELECT sub_id, COUNT(*) FROM (SELECT sub_id, cell_id, COUNT(*) AS n FROM call GROUP BY sub_id, cell_id) AS summ "
  "GROUP BY sub_id",
  "the NULL-cell group counted as a cell")
V("Re-aggregation:grand total from a per-kind summary",
  "SELECT COUNT(*), SUM(charge) FROM call",
  "SELECT COALESCE(SUM(n), 0), SUM(s) FROM (SELECT kind, COUNT(*) AS n, SUM(charge) AS s FROM call GROUP BY kind) AS summ",
  "SELECT SUM(n), SUM(s) FROM (SELECT kind, COUNT(*) AS n, SUM(charge) AS s FROM call GROUP BY kind) AS summ",
  "no COALESCE: the empty table's count is NULL")
V("Re-aggregation:filter on a grouping column of the summary",
  "SELECT sub_id, SUM(charge) FROM call WHERE day >= '2024-01-02' GROUP BY sub_id",
  "SELECT sub_id, SUM(s) FROM (SELECT sub_id, day, SUM(charge) AS s FROM call GROUP BY sub_id, day) AS daily "
  "WHERE day >= '2024-01-02' GROUP BY sub_id",
  "SELECT sub_id, SUM(s) FROM (SELECT sub_id, day, SUM(charge) AS s FROM call GROUP BY sub_id, day) AS daily "
  "WHERE day > '2024-01-02' GROUP BY sub_id",
  "the day bound off by one")
V("Re-aggregation:HAVING on the re-aggregated count",
  "SELECT sub_id FROM call GROUP BY sub_id HAVING COUNT(*) >= 2",
  "SELECT sub_id FROM (SELECT sub_id, day, COUNT(*) AS n FROM call GROUP BY sub_id, day) AS daily GROUP BY sub_id "
  "HAVING SUM(n) >= 2",
  "SELECT sub_id FROM (SELECT sub_id, day, COUNT(*) AS n FROM call GROUP BY sub_id, day HAVING COUNT(*) >= 2) AS daily "
  "GROUP BY sub_id",
  "the HAVING applied per day before re-aggregating")
V("Re-aggregation:summary with a HAVING of its own",
  "SELECT sub_id, SUM(minutes) FROM call WHERE kind = 'voice' GROUP BY sub_id",
  "SELECT sub_id, SUM(m) FROM (SELECT sub_id, kind, SUM(minutes) AS m FROM call GROUP BY sub_id, kind) AS summ "
  "WHERE kind = 'voice' GROUP BY sub_id",
  "SELECT sub_id, SUM(m) FROM (SELECT sub_id, kind, SUM(minutes) AS m FROM call GROUP BY sub_id, kind "
  "HAVING SUM(minutes) > 0) AS summ WHERE kind = 'voice' GROUP BY sub_id",
  "a summary that keeps only non-zero groups: all-zero subscribers lost")
V("Re-aggregation:top-ups on a composite key from a daily summary",
  "SELECT sub_id, COUNT(*), SUM(amount) FROM topup GROUP BY sub_id",
  "SELECT sub_id, SUM(n), SUM(a) FROM (SELECT sub_id, day, COUNT(*) AS n, SUM(amount) AS a FROM topup GROUP BY sub_id, day) "
  "AS daily GROUP BY sub_id",
  "SELECT sub_id, COUNT(DISTINCT day), SUM(a) FROM (SELECT sub_id, day, COUNT(*) AS n, SUM(amount) AS a FROM topup "
  "GROUP BY sub_id, day) AS daily GROUP BY sub_id",
  "days with a top-up counted for top-ups")
V("Re-aggregation:conditional count from a per-kind summary",
  "SELECT sub_id, COUNT(CASE WHEN kind = 'data' THEN 1 END) FROM call GROUP BY sub_id",
  "SELECT sub_id, SUM(CASE WHEN kind = 'data' THEN n ELSE 0 END) FROM (SELECT sub_id, kind, COUNT(*) AS n FROM call "
  "GROUP BY sub_id, kind) AS summ GROUP BY sub_id",
  "SELECT sub_id, SUM(CASE WHEN kind = 'data' THEN n END) FROM (SELECT sub_id, kind, COUNT(*) AS n FROM call "
  "GROUP BY sub_id, kind) AS summ GROUP BY sub_id",
  "no ELSE 0: subscribers without data calls get NULL")
V("Re-aggregation:distinct subscribers per day from a (day, subscriber) summary",
  "SELECT day, COUNT(DISTINCT sub_id) FROM call GROUP BY day",
  "SELECT day, COUNT(*) FROM (SELECT day, sub_id, SUM(minutes) AS m FROM call GROUP BY day, sub_id) AS summ GROUP BY day",
  "SELECT day, COUNT(*) FROM (SELECT day, sub_id, kind FROM call GROUP BY day, sub_id, kind) AS summ GROUP BY day",
  "a summary also grouped by kind: a subscriber counted once per kind")

# --- roll-up of aggregate views along a dimension hierarchy

V("Roll-up:cell summary rolled up to the city",
  "SELECT ce.city, SUM(c.minutes) FROM call AS c JOIN cell AS ce ON ce.cell_id = c.cell_id GROUP BY ce.city",
  "SELECT ce.city, SUM(v.m) FROM (SELECT cell_id, SUM(minutes) AS m FROM call GROUP BY cell_id) AS v "
  "JOIN cell AS ce ON ce.cell_id = v.cell_id GROUP BY ce.city",
  "SELECT ce.city, SUM(v.m) FROM (SELECT cell_id, SUM(minutes) AS m FROM call GROUP BY cell_id) AS v "
  "LEFT JOIN cell AS ce ON ce.cell_id = v.cell_id GROUP BY ce.city",
  "the dimension outer-joined: a NULL-city group for calls without a cell")
V("Roll-up:subscriber summary rolled up to the plan",
  "SELECT s.plan, COUNT(*), SUM(c.charge) FROM call AS c JOIN subscriber AS s ON s.sub_id = c.sub_id GROUP BY s.plan",
  "SELECT s.plan, SUM(v.n), SUM(v.total) FROM (SELECT sub_id, COUNT(*) AS n, SUM(charge) AS total FROM call "
  "GROUP BY sub_id) AS v JOIN subscriber AS s ON s.sub_id = v.sub_id GROUP BY s.plan",
  "SELECT s.plan, COUNT(*), SUM(v.total) FROM (SELECT sub_id, COUNT(*) AS n, SUM(charge) AS total FROM call "
  "GROUP BY sub_id) AS v JOIN subscriber AS s ON s.sub_id = v.sub_id GROUP BY s.plan",
  "subscribers counted instead of calls")
V("Roll-up:MAX through the band hierarchy",
  "SELECT ce.band, MAX(c.charge) FROM call AS c JOIN cell AS ce ON ce.cell_id = c.cell_id GROUP BY ce.band",
  "SELECT ce.band, MAX(v.mx) FROM (SELECT cell_id, day, MAX(charge) AS mx FROM call GROUP BY cell_id, day) AS v "
  "JOIN cell AS ce ON ce.cell_id = v.cell_id GROUP BY ce.band",
  "SELECT ce.band, MAX(v.mx) FROM (SELECT cell_id, day, MAX(charge) AS mx FROM call GROUP BY cell_id, day) AS v "
  "JOIN cell AS ce ON ce.cell_id = v.cell_id GROUP BY ce.band, v.day",
  "the day grouping left in: one row per band and day")
# A grouping-sets view (detail and subtotal rows) read at the subtotal level by its level flag.
V("Roll-up:subtotal rows of a grouping-sets view by the level flag",
  "SELECT sub_id, SUM(minutes) FROM call GROUP BY sub_id",
  "SELECT sub_id, m FROM (SELECT sub_id, cell_id, SUM(minutes) AS m, 0 AS lvl FROM call GROUP BY sub_id, cell_id "
  "UNION ALL SELECT sub_id, NULL, SUM(minutes), 1 FROM call GROUP BY sub_id) AS gs WHERE lvl = 1",
  "SELECT sub_id, m FROM (SELECT sub_id, cell_id, SUM(minutes) AS m, 0 AS lvl FROM call GROUP BY sub_id, cell_id "
  "UNION ALL SELECT sub_id, NULL, SUM(minutes), 1 FROM call GROUP BY sub_id) AS gs WHERE cell_id IS NULL",
  "subtotals picked by a NULL cell: detail rows of calls without a cell come too")
V("Roll-up:grand total row of a ROLLUP view",
  "SELECT SUM(amount) FROM topup",
  "SELECT a FROM (SELECT sub_id, SUM(amount) AS a, 0 AS g FROM topup GROUP BY sub_id "
  "UNION ALL SELECT NULL, SUM(amount), 1 FROM topup) AS r WHERE g = 1",
  "SELECT SUM(a) FROM (SELECT sub_id, SUM(amount) AS a, 0 AS g FROM topup GROUP BY sub_id "
  "UNION ALL SELECT NULL, SUM(amount), 1 FROM topup) AS r",
  "detail and total rows summed together")
V("Roll-up:monthly from a daily view",
  "SELECT substr(day, 1, 7), sub_id, SUM(amount) FROM topup GROUP BY substr(day, 1, 7), sub_id",
  "SELECT substr(day, 1, 7), sub_id, SUM(a) FROM (SELECT day, sub_id, SUM(amount) AS a FROM topup GROUP BY day, sub_id) AS d "
  "GROUP BY substr(day, 1, 7), sub_id",
  "SELECT substr(day, 1, 7), sub_id, MAX(a) FROM (SELECT day, sub_id, SUM(amount) AS a FROM topup GROUP BY day, sub_id) AS d "
  "GROUP BY substr(day, 1, 7), sub_id",
  "the month's largest day for its total")

# --- join elimination through a view

V("Join elimination:inner join on a NOT NULL foreign key inside the view",
  "SELECT call_id, minutes FROM call",
  "SELECT call_id, minutes FROM (SELECT c.call_id, c.minutes, s.plan FROM call AS c JOIN subscriber AS s "
  "ON s.sub_id = c.sub_id) AS v",
  "SELECT call_id, minutes FROM (SELECT c.call_id, c.minutes, ce.band FROM call AS c JOIN cell AS ce "
  "ON ce.cell_id = c.cell_id) AS v",
  "the view's join on the NULL-able cell key: calls without a cell lost")
V("Join elimination:outer join on a unique key inside the view",
  "SELECT sub_id, name FROM subscriber",
  "SELECT sub_id, name FROM (SELECT s.sub_id, s.name, ce.city FROM subscriber AS s LEFT JOIN cell AS ce "
  "ON ce.cell_id = s.home_cell) AS v",
  "SELECT sub_id, name FROM (SELECT s.sub_id, s.name, o.severity FROM subscriber AS s LEFT JOIN outage AS o "
  "ON o.cell_id = s.home_cell) AS v",
  "the view outer-joins the keyless outage log: subscribers repeated")
V("Join elimination:view join used only as a filter that the foreign key implies",
  "SELECT sub_id, seq FROM topup WHERE amount > 10",
  "SELECT t.sub_id, t.seq FROM (SELECT tp.sub_id, tp.seq, tp.amount FROM topup AS tp JOIN subscriber AS s "
  "ON s.sub_id = tp.sub_id) AS t WHERE t.amount > 10",
  "SELECT t.sub_id, t.seq FROM (SELECT tp.sub_id, tp.seq, tp.amount FROM topup AS tp JOIN call AS c "
  "ON c.sub_id = tp.sub_id) AS t WHERE t.amount > 10",
  "the view joins top-ups to calls: one row per call")
V("Join elimination:DISTINCT view over a fan-out join",
  "SELECT sub_id FROM subscriber WHERE plan = 'post'",
  "SELECT DISTINCT sub_id FROM (SELECT s.sub_id, s.plan, c.call_id FROM subscriber AS s LEFT JOIN call AS c "
  "ON c.sub_id = s.sub_id) AS v WHERE plan = 'post'",
  "SELECT DISTINCT sub_id FROM (SELECT s.sub_id, s.plan, c.call_id FROM subscriber AS s JOIN call AS c "
  "ON c.sub_id = s.sub_id) AS v WHERE plan = 'post'",
  "an inner fan-out join: subscribers without calls lost")
V("Join elimination:aggregate over a view with a many-to-one join",
  "SELECT cell_id, SUM(charge) FROM call GROUP BY cell_id",
  "SELECT cell_id, SUM(charge) FROM (SELECT c.cell_id, c.charge, ce.city FROM call AS c LEFT JOIN cell AS ce "
  "ON ce.cell_id = c.cell_id) AS v GROUP BY cell_id",
  "SELECT cell_id, SUM(charge) FROM (SELECT c.cell_id, c.charge, o.day FROM call AS c LEFT JOIN outage AS o "
  "ON o.cell_id = c.cell_id) AS v GROUP BY cell_id",
  "joined to outages: charges summed once per outage row")

# --- partial view use with a back-join

V("Back-join:view joined back to the base table for a missing column",
  "SELECT call_id, charge, minutes FROM call WHERE kind = 'data' AND charge > 0.25",
  "WITH mv AS (SELECT call_id, sub_id, charge FROM call WHERE kind = 'data') "
  "SELECT mv.call_id, mv.charge, c.minutes FROM mv JOIN call AS c ON c.call_id = mv.call_id WHERE mv.charge > 0.25",
  "WITH mv AS (SELECT call_id, sub_id, charge FROM call WHERE kind = 'data') "
  "SELECT mv.call_id, mv.charge, c.minutes FROM mv JOIN call AS c ON c.sub_id = mv.sub_id WHERE mv.charge > 0.25",
  "back-joined on the subscriber, not the key")
V("Back-join:view joined back to a dimension",
  "SELECT s.name, c.charge FROM call AS c JOIN subscriber AS s ON s.sub_id = c.sub_id WHERE c.kind = 'data'",
  "WITH mv AS (SELECT call_id, sub_id, charge FROM call WHERE kind = 'data') "
  "SELECT s.name, mv.charge FROM mv JOIN subscriber AS s ON s.sub_id = mv.sub_id",
  "WITH mv AS (SELECT DISTINCT sub_id, charge FROM call WHERE kind = 'data') "
  "SELECT s.name, mv.charge FROM mv JOIN subscriber AS s ON s.sub_id = mv.sub_id",
  "a view without the call key (DISTINCT): a subscriber's equal charges collapse")
V("Back-join:aggregate view joined back for a dimension attribute",
  "SELECT s.sub_id, s.credit, SUM(t.amount) FROM subscriber AS s JOIN topup AS t ON t.sub_id = s.sub_id "
  "GROUP BY s.sub_id, s.credit",
  "SELECT v.sub_id, s.credit, v.total FROM (SELECT sub_id, SUM(amount) AS total FROM topup GROUP BY sub_id) AS v "
  "JOIN subscriber AS s ON s.sub_id = v.sub_id",
  "SELECT s.sub_id, s.credit, v.total FROM subscriber AS s LEFT JOIN (SELECT sub_id, SUM(amount) AS total FROM topup "
  "GROUP BY sub_id) AS v ON s.sub_id = v.sub_id",
  "the back-join made outer: subscribers without top-ups kept")
V("Back-join:key-only view with the rest fetched by key",
  "SELECT call_id, day, kind FROM call WHERE cell_id = 1",
  "SELECT c.call_id, c.day, c.kind FROM (SELECT call_id FROM call WHERE cell_id = 1) AS k JOIN call AS c "
  "ON c.call_id = k.call_id",
  "SELECT c.call_id, c.day, c.kind FROM (SELECT cell_id FROM call WHERE cell_id = 1) AS k JOIN call AS c "
  "ON c.cell_id = k.cell_id",
  "a view of cells, not keys: each call repeated per matching call")
V("Back-join:semi-join on the view's keys",
  "SELECT s.sub_id, s.plan FROM subscriber AS s WHERE EXISTS (SELECT 1 FROM topup AS t WHERE t.sub_id = s.sub_id "
  "AND t.channel = 'app')",
  "WITH mv AS (SELECT sub_id, COUNT(*) AS n FROM topup WHERE channel = 'app' GROUP BY sub_id) "
  "SELECT s.sub_id, s.plan FROM subscriber AS s JOIN mv ON mv.sub_id = s.sub_id",
  "WITH mv AS (SELECT sub_id, seq FROM topup WHERE channel = 'app') "
  "SELECT s.sub_id, s.plan FROM subscriber AS s JOIN mv ON mv.sub_id = s.sub_id",
  "a view with one row per top-up: subscribers repeated")

# --- more matching: aggregates with dimension filters, DISTINCT views, expressions

V("View matching:dimension filter applied after the aggregate view",
  "SELECT s.plan, COUNT(*) FROM call AS c JOIN subscriber AS s ON s.sub_id = c.sub_id WHERE s.plan = 'post' GROUP BY s.plan",
  "SELECT s.plan, SUM(v.n) FROM (SELECT sub_id, COUNT(*) AS n FROM call GROUP BY sub_id) AS v "
  "JOIN subscriber AS s ON s.sub_id = v.sub_id WHERE s.plan = 'post' GROUP BY s.plan",
  "SELECT s.plan, COUNT(*) FROM (SELECT sub_id, COUNT(*) AS n FROM call GROUP BY sub_id) AS v "
  "JOIN subscriber AS s ON s.sub_id = v.sub_id WHERE s.plan = 'post' GROUP BY s.plan",
  "the view's rows counted, not summed")
V("View matching:DISTINCT view answers a DISTINCT query",
  "SELECT DISTINCT sub_id FROM call WHERE kind = 'voice'",
  "SELECT sub_id FROM (SELECT DISTINCT sub_id, kind FROM call) AS v WHERE kind = 'voice'",
  "SELECT sub_id FROM (SELECT DISTINCT sub_id, kind, day FROM call) AS v WHERE kind = 'voice'",
  "a DISTINCT view at a finer grain: a subscriber repeated per day")
V("View matching:query DISTINCT over a view without it",
  "SELECT DISTINCT c.cell_id FROM call AS c WHERE c.minutes > 0",
  "SELECT DISTINCT cell_id FROM (SELECT call_id, cell_id, minutes FROM call WHERE minutes IS NOT NULL) AS v WHERE minutes > 0",
  "SELECT cell_id FROM (SELECT DISTINCT call_id, cell_id, minutes FROM call WHERE minutes IS NOT NULL) AS v WHERE minutes > 0",
  "the DISTINCT moved into the view, which holds the key")
V("View matching:UNION view for an IN-list query",
  "SELECT call_id, kind FROM call WHERE kind IN ('sms', 'data')",
  "SELECT call_id, kind FROM (SELECT call_id, kind FROM call WHERE kind = 'sms' UNION ALL "
  "SELECT call_id, kind FROM call WHERE kind = 'data') AS v",
  "SELECT call_id, kind FROM (SELECT call_id, kind FROM call WHERE kind = 'sms' UNION ALL "
  "SELECT call_id, kind FROM call WHERE kind <> 'voice') AS v",
  "the second branch as 'not voice': sms calls twice")
V("View matching:UNION (distinct) view",
  "SELECT sub_id FROM call WHERE kind = 'sms' UNION SELECT sub_id FROM topup WHERE channel = 'shop'",
  "SELECT DISTINCT sub_id FROM (SELECT sub_id FROM call WHERE kind = 'sms' UNION ALL "
  "SELECT sub_id FROM topup WHERE channel = 'shop') AS v",
  "SELECT sub_id FROM (SELECT sub_id FROM call WHERE kind = 'sms' UNION ALL "
  "SELECT sub_id FROM topup WHERE channel = 'shop') AS v",
  "the UNION ALL view read without DISTINCT")
V("View matching:expression in the view's SELECT reused by the query",
  "SELECT call_id, COALESCE(charge, 0) * 2 FROM call WHERE minutes > 0",
  "SELECT call_id, c2 * 2 FROM (SELECT call_id, minutes, COALESCE(charge, 0) AS c2 FROM call) AS v WHERE minutes > 0",
  "SELECT call_id, c2 * 2 FROM (SELECT call_id, minutes, charge AS c2 FROM call) AS v WHERE minutes > 0",
  "the view without the COALESCE")
V("View matching:aggregate view with the filter on a view-exposed grouping column",
  "SELECT cell_id, kind, COUNT(*) FROM call WHERE cell_id IS NOT NULL GROUP BY cell_id, kind",
  "SELECT cell_id, kind, n FROM (SELECT cell_id, kind, COUNT(*) AS n FROM call GROUP BY cell_id, kind) AS v "
  "WHERE cell_id IS NOT NULL",
  "SELECT cell_id, kind, n FROM (SELECT cell_id, kind, COUNT(*) AS n FROM call GROUP BY cell_id, kind) AS v",
  "the NULL-cell groups kept")
V("View matching:scalar aggregate view joined as a constant",
  "SELECT call_id FROM call WHERE charge > (SELECT AVG(charge) FROM call)",
  "SELECT c.call_id FROM call AS c CROSS JOIN (SELECT AVG(charge) AS a FROM call) AS mv WHERE c.charge > mv.a",
  "SELECT c.call_id FROM call AS c CROSS JOIN (SELECT SUM(charge) / COUNT(*) AS a FROM call) AS mv WHERE c.charge > mv.a",
  "the view averages over all calls, NULL charges as zero")
V("View matching:outage summary joined per cell",
  "SELECT ce.cell_id, COUNT(o.cell_id) FROM cell AS ce LEFT JOIN outage AS o ON o.cell_id = ce.cell_id GROUP BY ce.cell_id",
  "SELECT ce.cell_id, COALESCE(v.n, 0) FROM cell AS ce LEFT JOIN (SELECT cell_id, COUNT(*) AS n FROM outage "
  "GROUP BY cell_id) AS v ON v.cell_id = ce.cell_id",
  "SELECT ce.cell_id, COALESCE(v.n, 0) FROM cell AS ce LEFT JOIN (SELECT DISTINCT cell_id, COUNT(*) OVER () AS n "
  "FROM outage) AS v ON v.cell_id = ce.cell_id",
  "the view counts all outages, not the cell's")
V("View matching:DISTINCT outage view for an existence test",
  "SELECT cell_id, city FROM cell AS ce WHERE EXISTS (SELECT 1 FROM outage AS o WHERE o.cell_id = ce.cell_id "
  "AND o.severity >= 2)",
  "SELECT ce.cell_id, ce.city FROM cell AS ce JOIN (SELECT DISTINCT cell_id FROM outage WHERE severity >= 2) AS bad "
  "ON bad.cell_id = ce.cell_id",
  "SELECT ce.cell_id, ce.city FROM cell AS ce JOIN (SELECT DISTINCT cell_id, day FROM outage WHERE severity >= 2) AS bad "
  "ON bad.cell_id = ce.cell_id",
  "the view distinct per cell and day: cells repeated")
V("View merging:view with an ORDER BY inlined",
  "SELECT sub_id, name FROM subscriber WHERE credit > 5",
  "SELECT sub_id, name FROM (SELECT sub_id, name, credit FROM subscriber ORDER BY credit DESC) AS v WHERE credit > 5",
  "SELECT sub_id, name FROM (SELECT sub_id, name, credit FROM subscriber ORDER BY credit DESC LIMIT 2) AS v WHERE credit > 5",
  "the view's ORDER BY came with a LIMIT")
V("View merging:nested views",
  "SELECT call_id FROM call WHERE kind = 'voice' AND cell_id = 2 AND minutes >= 1",
  "WITH v1 AS (SELECT call_id, cell_id, minutes FROM call WHERE kind = 'voice'), "
  "v2 AS (SELECT call_id, minutes FROM v1 WHERE cell_id = 2) SELECT call_id FROM v2 WHERE minutes >= 1",
  "WITH v1 AS (SELECT call_id, cell_id, minutes FROM call WHERE kind = 'voice'), "
  "v2 AS (SELECT call_id, minutes FROM v1 WHERE cell_id = 2 OR cell_id IS NULL) SELECT call_id FROM v2 WHERE minutes >= 1",
  "the inner view also keeps calls without a cell")
V("Predicate pushdown:join predicate into a grouped view (sideways)",
  "SELECT s.sub_id, v.total FROM subscriber AS s JOIN (SELECT sub_id, SUM(amount) AS total FROM topup GROUP BY sub_id) AS v "
  "ON v.sub_id = s.sub_id WHERE s.plan = 'pre'",
  "SELECT s.sub_id, v.total FROM subscriber AS s JOIN (SELECT sub_id, SUM(amount) AS total FROM topup WHERE sub_id IN "
  "(SELECT sub_id FROM subscriber WHERE plan = 'pre') GROUP BY sub_id) AS v ON v.sub_id = s.sub_id WHERE s.plan = 'pre'",
  "SELECT s.sub_id, v.total FROM subscriber AS s LEFT JOIN (SELECT sub_id, SUM(amount) AS total FROM topup WHERE sub_id IN "
  "(SELECT sub_id FROM subscriber WHERE plan = 'pre') GROUP BY sub_id) AS v ON v.sub_id = s.sub_id WHERE s.plan = 'pre'",
  "the filtered view outer-joined: 'pre' subscribers without top-ups kept")
V("Predicate pushdown:through a LEFT JOIN view on the preserved side",
  "SELECT s.sub_id, ce.city FROM subscriber AS s LEFT JOIN cell AS ce ON ce.cell_id = s.home_cell WHERE s.plan = 'biz'",
  "SELECT sub_id, city FROM (SELECT s.sub_id, s.plan, ce.city FROM subscriber AS s LEFT JOIN cell AS ce "
  "ON ce.cell_id = s.home_cell) AS v WHERE plan = 'biz'",
  ("SELECT s.sub_id, ce.city FROM subscriber AS s LEFT JOIN cell AS ce ON ce.cell_id = s.home_cell WHERE ce.band = '5G'",
   "SELECT s.sub_id, ce.city FROM subscriber AS s LEFT JOIN cell AS ce ON ce.cell_id = s.home_cell AND ce.band = '5G'"),
  "a filter on the NULL-supplying side moved into ON")


# ============================================================ data tests (payroll)
# branch(branch_id PK, name, country NULL, head_id NULL: an unchecked reference to a worker),
# worker(worker_id PK, branch_id FK NULL-able, manager_id NULL: an unchecked reference,
# email NULL with '' and a case variant, status NULL with 'ACTIVE' next to 'active', hired,
# grade NULL, salary REAL NULL), payslip(worker_id FK, period; PK both, gross REAL, tax REAL
# NULL, net REAL NULL), keyless stage_payslip(worker_id NULL and unchecked, period NULL,
# gross REAL NULL) with duplicate rows: the source the payslips are loaded from.

# --- dbt generic tests (the test's compiled SQL, wrapped the way dbt counts failures)

Q("dbt:not_null",
  "SELECT COUNT(*) FROM (SELECT email FROM worker WHERE email IS NULL) AS dbt_internal_test",
  "SELECT COUNT(*) - COUNT(email) FROM worker",
  "SELECT COUNT(*) FROM worker WHERE NULLIF(email, '') IS NULL",
  "empty strings counted as missing")
Q("dbt:unique (failing values)",
  "SELECT unique_field, n_records FROM (SELECT email AS unique_field, COUNT(*) AS n_records FROM worker "
  "WHERE email IS NOT NULL GROUP BY email HAVING COUNT(*) > 1) AS dbt_internal_test",
  "SELECT DISTINCT w.email, (SELECT COUNT(*) FROM worker AS x WHERE x.email = w.email) FROM worker AS w "
  "WHERE EXISTS (SELECT 1 FROM worker AS y WHERE y.email = w.email AND y.worker_id <> w.worker_id)",
  "SELECT DISTINCT w.email, (SELECT COUNT(*) FROM worker AS x WHERE x.email = w.email) FROM worker AS w "
  "WHERE EXISTS (SELECT 1 FROM worker AS y WHERE lower(y.email) = lower(w.email) AND y.worker_id <> w.worker_id)",
  "duplicates compared case-insensitively")
Q("dbt:unique (failure count)",
  "SELECT COUNT(*) FROM (SELECT email AS unique_field, COUNT(*) AS n_records FROM worker WHERE email IS NOT NULL "
  "GROUP BY email HAVING COUNT(*) > 1) AS dbt_internal_test",
  "SELECT COUNT(DISTINCT w.email) FROM worker AS w JOIN worker AS x ON x.email = w.email AND x.worker_id <> w.worker_id",
  "SELECT COUNT(email) - COUNT(DISTINCT email) FROM worker",
  "surplus rows counted instead of duplicated values")
Q("dbt:accepted_values",
  "WITH all_values AS (SELECT status AS value_field, COUNT(*) AS n_records FROM worker GROUP BY status) "
  "SELECT * FROM all_values WHERE value_field NOT IN ('active', 'leaver')",
  "SELECT status, COUNT(*) FROM worker WHERE status IS NOT NULL AND status <> 'active' AND status <> 'leaver' "
  "GROUP BY status",
  "SELECT status, COUNT(*) FROM worker WHERE status IS NULL OR status NOT IN ('active', 'leaver') GROUP BY status",
  "NULL statuses reported as not accepted")
Q("dbt:relationships (failing rows)",
  "WITH child AS (SELECT manager_id AS from_field FROM worker WHERE manager_id IS NOT NULL), "
  "parent AS (SELECT worker_id AS to_field FROM worker) "
  "SELECT from_field FROM child LEFT JOIN parent ON child.from_field = parent.to_field WHERE parent.to_field IS NULL",
  "SELECT w.manager_id FROM worker AS w WHERE w.manager_id IS NOT NULL AND NOT EXISTS "
  "(SELECT 1 FROM worker AS m WHERE m.worker_id = w.manager_id)",
  "SELECT DISTINCT w.manager_id FROM worker AS w WHERE w.manager_id IS NOT NULL AND NOT EXISTS "
  "(SELECT 1 FROM worker AS m WHERE m.worker_id = w.manager_id)",
  "the orphans deduplicated: two workers with the same missing manager counted once")
Q("dbt:relationships (failure count)",
  "SELECT COUNT(*) FROM (SELECT b.head_id AS from_field FROM branch AS b LEFT JOIN worker AS w ON w.worker_id = b.head_id "
  "WHERE b.head_id IS NOT NULL AND w.worker_id IS NULL) AS dbt_internal_test",
  "SELECT COUNT(*) FROM branch WHERE head_id IS NOT NULL AND head_id NOT IN (SELECT worker_id FROM worker)",
  "SELECT COUNT(*) FROM branch AS b LEFT JOIN worker AS w ON w.worker_id = b.head_id WHERE w.worker_id IS NULL",
  "branches without a head counted as orphans")
Q("dbt_utils:expression_is_true",
  "SELECT * FROM payslip WHERE NOT (net = gross - tax)",
  "SELECT * FROM payslip WHERE net <> gross - tax",
  "SELECT * FROM payslip WHERE net IS DISTINCT FROM gross - tax",
  "rows with a NULL net or tax reported")
Q("dbt_utils:at_least_one",
  "SELECT * FROM (SELECT COUNT(salary) AS filler_column FROM worker HAVING COUNT(salary) = 0) AS validation_errors",
  "SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM worker WHERE salary IS NOT NULL)",
  "SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM worker)",
  "only an empty table fails, not a column of NULLs")
Q("dbt_utils:unique_combination_of_columns",
  "SELECT worker_id, period FROM stage_payslip GROUP BY worker_id, period HAVING COUNT(*) > 1",
  "SELECT DISTINCT worker_id, period FROM (SELECT worker_id, period, COUNT(*) OVER (PARTITION BY worker_id, period) AS n "
  "FROM stage_payslip) AS t WHERE n > 1",
  "SELECT DISTINCT s.worker_id, s.period FROM stage_payslip AS s WHERE (SELECT COUNT(*) FROM stage_payslip AS t "
  "WHERE t.worker_id = s.worker_id AND t.period = s.period) > 1",
  "duplicates compared with =: combinations holding a NULL never match")
Q("dbt_utils:accepted_range",
  "SELECT * FROM (SELECT worker_id, grade FROM worker) AS meet_condition WHERE NOT (grade >= 1 AND grade <= 3)",
  "SELECT worker_id, grade FROM worker WHERE grade < 1 OR grade > 3",
  "SELECT worker_id, grade FROM worker WHERE grade < 1 OR grade >= 3",
  "the inclusive maximum made exclusive")
Q("dbt_utils:equal_rowcount",
  "WITH a AS (SELECT COUNT(*) AS count_a FROM payslip), b AS (SELECT COUNT(*) AS count_b FROM stage_payslip), "
  "final AS (SELECT count_a, count_b, abs(count_a - count_b) AS diff_count FROM a CROSS JOIN b) "
  "SELECT * FROM final WHERE diff_count > 0",
  "SELECT p.n, s.n, abs(p.n - s.n) FROM (SELECT COUNT(*) AS n FROM payslip) AS p, "
  "(SELECT COUNT(*) AS n FROM stage_payslip) AS s WHERE p.n <> s.n",
  "SELECT p.n, s.n, abs(p.n - s.n) FROM (SELECT COUNT(*) AS n FROM payslip) AS p, "
  "(SELECT COUNT(*) AS n FROM (SELECT DISTINCT worker_id, period, gross FROM stage_payslip) AS d) AS s WHERE p.n <> s.n",
  "the source deduplicated before counting")
Q("dbt_utils:equality",
  "SELECT * FROM (SELECT worker_id, period, gross FROM payslip EXCEPT SELECT worker_id, period, gross FROM stage_payslip) AS a "
  "UNION ALL SELECT * FROM (SELECT worker_id, period, gross FROM stage_payslip EXCEPT "
  "SELECT worker_id, period, gross FROM payslip) AS b",
  "SELECT DISTINCT p.worker_id, p.period, p.gross FROM payslip AS p WHERE NOT EXISTS (SELECT 1 FROM stage_payslip AS s "
  "WHERE s.worker_id = p.worker_id AND s.period = p.period AND s.gross = p.gross) "
  "UNION ALL SELECT DISTINCT s.worker_id, s.period, s.gross FROM stage_payslip AS s WHERE NOT EXISTS "
  "(SELECT 1 FROM payslip AS p WHERE p.worker_id = s.worker_id AND p.period = s.period AND p.gross = s.gross)",
  "SELECT DISTINCT p.worker_id, p.period, p.gross FROM payslip AS p WHERE NOT EXISTS (SELECT 1 FROM stage_payslip AS s "
  "WHERE s.worker_id = p.worker_id AND s.period = p.period AND s.gross = p.gross) "
  "UNION ALL SELECT s.worker_id, s.period, s.gross FROM stage_payslip AS s WHERE NOT EXISTS "
  "(SELECT 1 FROM payslip AS p WHERE p.worker_id = s.worker_id AND p.period = s.period AND p.gross = s.gross)",
  "the source side not deduplicated: duplicate staging rows reported twice")
Q("dbt_utils:not_constant",
  "SELECT COUNT(DISTINCT status) AS filler_column FROM worker HAVING COUNT(DISTINCT status) = 1",
  "SELECT 1 FROM (SELECT MIN(status) AS lo, MAX(status) AS hi FROM worker) AS m WHERE lo = hi",
  "SELECT 1 FROM (SELECT COUNT(DISTINCT status) AS n FROM worker) AS m WHERE n <= 1",
  "an empty or all-NULL column reported as constant")
Q("dbt_utils:not_empty_string",
  "SELECT worker_id FROM worker WHERE trim(email) = ''",
  "SELECT worker_id FROM worker WHERE length(trim(email)) = 0",
  "SELECT worker_id FROM worker WHERE NULLIF(trim(email), '') IS NULL",
  "NULL emails reported as empty")
Q("dbt_utils:fewer_rows_than",
  "SELECT CASE WHEN (SELECT COUNT(*) FROM payslip) < (SELECT COUNT(*) FROM stage_payslip) THEN 0 ELSE 1 END",
  "SELECT CASE WHEN p.n >= s.n THEN 1 ELSE 0 END FROM (SELECT COUNT(*) AS n FROM payslip) AS p "
  "CROSS JOIN (SELECT COUNT(*) AS n FROM stage_payslip) AS s",
  "SELECT CASE WHEN p.n > s.n THEN 1 ELSE 0 END FROM (SELECT COUNT(*) AS n FROM payslip) AS p "
  "CROSS JOIN (SELECT COUNT(*) AS n FROM stage_payslip) AS s",
  "equal counts pass")
Q("dbt_expectations:expect_column_distinct_count_to_equal",
  "SELECT COUNT(DISTINCT status) FROM worker",
  "SELECT COUNT(*) FROM (SELECT DISTINCT status FROM worker WHERE status IS NOT NULL) AS d",
  "SELECT COUNT(*) FROM (SELECT DISTINCT status FROM worker) AS d",
  "NULL counted as a distinct value")
Q("dbt_expectations:expect_column_proportion_of_unique_values_to_be_between",
  "SELECT COUNT(DISTINCT email) * 1.0 / NULLIF(COUNT(email), 0) FROM worker",
  "SELECT d.n * 1.0 / NULLIF(c.n, 0) FROM (SELECT COUNT(*) AS n FROM (SELECT email FROM worker WHERE email IS NOT NULL "
  "GROUP BY email) AS g) AS d CROSS JOIN (SELECT COUNT(email) AS n FROM worker) AS c",
  "SELECT COUNT(DISTINCT email) * 1.0 / NULLIF(COUNT(*), 0) FROM worker",
  "rows with no email in the denominator")
Q("dbt:test with a limit (existence of a failure)",
  "SELECT COUNT(*) FROM (SELECT 1 AS x FROM payslip WHERE net > gross LIMIT 1) AS dbt_internal_test",
  "SELECT CASE WHEN EXISTS (SELECT 1 FROM payslip WHERE net > gross) THEN 1 ELSE 0 END",
  "SELECT CASE WHEN EXISTS (SELECT 1 FROM payslip WHERE net >= gross) THEN 1 ELSE 0 END",
  "net equal to gross taken as a failure")
Q("dbt:not_null on two columns",
  "SELECT * FROM payslip WHERE tax IS NULL OR net IS NULL",
  "SELECT * FROM payslip WHERE (tax + net) IS NULL",
  "SELECT * FROM payslip WHERE COALESCE(tax, net) IS NULL",
  "only rows missing both")

# --- Great Expectations (unexpected counts and observed values as its SQL computes them)

Q("Great Expectations:expect_column_values_to_be_unique",
  "SELECT COUNT(*) FROM worker WHERE email IN (SELECT email FROM worker GROUP BY email HAVING COUNT(*) > 1)",
  "SELECT COALESCE(SUM(n), 0) FROM (SELECT COUNT(*) AS n FROM worker WHERE email IS NOT NULL GROUP BY email "
  "HAVING COUNT(*) > 1) AS g",
  "SELECT COALESCE(SUM(n - 1), 0) FROM (SELECT COUNT(*) AS n FROM worker WHERE email IS NOT NULL GROUP BY email "
  "HAVING COUNT(*) > 1) AS g",
  "the first row of each duplicate group not counted")
Q("Great Expectations:expect_column_values_to_not_be_null (unexpected percent)",
  "SELECT 100.0 * COUNT(*) FILTER (WHERE email IS NULL) / NULLIF(COUNT(*), 0) FROM worker",
  "SELECT 100.0 * (COUNT(*) - COUNT(email)) / NULLIF(COUNT(*), 0) FROM worker",
  "SELECT 100.0 * (COUNT(*) - COUNT(email)) / NULLIF(COUNT(email), 0) FROM worker",
  "the percent taken of the non-NULL rows")
Q("Great Expectations:expect_column_values_to_be_in_set",
  "SELECT COUNT(*) FROM worker WHERE status IS NOT NULL AND status NOT IN ('active', 'leaver')",
  "SELECT COALESCE(SUM(CASE WHEN status IN ('active', 'leaver') THEN 0 WHEN status IS NULL THEN 0 ELSE 1 END), 0) FROM worker",
  "SELECT COALESCE(SUM(CASE WHEN status IN ('active', 'leaver') THEN 0 ELSE 1 END), 0) FROM worker",
  "NULL statuses counted as unexpected")
Q("Great Expectations:expect_column_values_to_match_like_pattern",
  "SELECT COUNT(*) FROM worker WHERE email IS NOT NULL AND NOT (email LIKE '%@%')",
  "SELECT COUNT(*) FROM worker WHERE instr(email, '@') = 0",
  "SELECT COUNT(*) FROM worker WHERE NULLIF(email, '') IS NOT NULL AND instr(email, '@') = 0",
  "empty emails skipped as missing", dialect="sqlite")
Q("Great Expectations:expect_column_min_to_be_between (observed value)",
  "SELECT MIN(salary) FROM worker",
  "SELECT (SELECT salary FROM worker WHERE salary IS NOT NULL ORDER BY salary LIMIT 1)",
  "SELECT (SELECT salary FROM worker ORDER BY salary LIMIT 1)",
  "no NULL filter: SQLite sorts a NULL salary first", dialect="sqlite")
Q("Great Expectations:expect_column_mean_to_be_between (observed value)",
  "SELECT AVG(salary) FROM worker",
  "SELECT SUM(salary) / COUNT(salary) FROM worker",
  "SELECT SUM(salary) / COUNT(*) FROM worker",
  "divided by all rows, NULL salaries as zero")
Q("Great Expectations:expect_column_pair_values_A_to_be_greater_than_B",
  "SELECT COUNT(*) FROM payslip WHERE gross IS NOT NULL AND net IS NOT NULL AND NOT (gross >= net)",
  "SELECT COUNT(*) FROM payslip WHERE net > gross",
  "SELECT COUNT(*) FROM payslip WHERE net >= gross",
  "or_equal dropped: equal values unexpected")
Q("Great Expectations:expect_column_sum_to_be_between (observed value)",
  "SELECT COALESCE(SUM(tax), 0.0) FROM payslip",
  "SELECT total(tax) FROM payslip",
  "SELECT SUM(tax) FROM payslip",
  "SUM: NULL, not 0, when no tax is known", dialect="sqlite")
Q("Great Expectations:expect_column_values_to_be_null",
  "SELECT COUNT(*) FROM branch WHERE NOT (head_id IS NULL)",
  "SELECT COUNT(head_id) FROM branch",
  "SELECT COUNT(DISTINCT head_id) FROM branch",
  "distinct heads counted")
Q("Great Expectations:expect_table_row_count_to_equal_other_table",
  "SELECT (SELECT COUNT(*) FROM payslip WHERE period = '2024-01') = (SELECT COUNT(*) FROM stage_payslip WHERE period = '2024-01')",
  "SELECT COUNT(*) = (SELECT COUNT(*) FROM stage_payslip WHERE period = '2024-01') FROM payslip WHERE period = '2024-01'",
  "SELECT COUNT(*) = (SELECT COUNT(*) FROM stage_payslip) FROM payslip WHERE period = '2024-01'",
  "the other table counted without the period filter")

# --- Soda checks

Q("Soda:missing_count with missing values",
  "SELECT COUNT(CASE WHEN email IS NULL OR email IN ('', 'N/A') THEN 1 END) FROM worker",
  "SELECT COUNT(*) - COUNT(NULLIF(NULLIF(email, ''), 'N/A')) FROM worker",
  "SELECT COUNT(*) - COUNT(NULLIF(email, 'N/A')) FROM worker",
  "the empty string not counted as missing")
Q("Soda:duplicate_count",
  "SELECT COUNT(*) FROM (SELECT email FROM worker WHERE email IS NOT NULL GROUP BY email HAVING COUNT(*) > 1) AS frequencies",
  "SELECT COUNT(DISTINCT a.email) FROM worker AS a WHERE EXISTS (SELECT 1 FROM worker AS b WHERE b.email = a.email "
  "AND b.worker_id <> a.worker_id)",
  "SELECT COUNT(a.email) FROM worker AS a WHERE EXISTS (SELECT 1 FROM worker AS b WHERE b.email = a.email "
  "AND b.worker_id <> a.worker_id)",
  "duplicate rows counted, not duplicated values")
Q("Soda:invalid_count with valid values",
  "SELECT COUNT(CASE WHEN NOT (status IS NULL) AND NOT (status IN ('active', 'leaver')) THEN 1 END) FROM worker",
  "SELECT COUNT(CASE WHEN status NOT IN ('active', 'leaver') THEN 1 END) FROM worker",
  "SELECT COUNT(CASE WHEN lower(status) NOT IN ('active', 'leaver') THEN 1 END) FROM worker",
  "valid values compared case-insensitively")
Q("Soda:reference check (values must exist in another dataset)",
  "SELECT COUNT(*) FROM stage_payslip AS s LEFT JOIN worker AS w ON s.worker_id = w.worker_id "
  "WHERE s.worker_id IS NOT NULL AND w.worker_id IS NULL",
  "SELECT COUNT(*) FROM stage_payslip WHERE worker_id IS NOT NULL AND worker_id NOT IN (SELECT worker_id FROM worker)",
  "SELECT COUNT(*) FROM stage_payslip AS s LEFT JOIN worker AS w ON s.worker_id = w.worker_id WHERE w.worker_id IS NULL",
  "rows with no worker id reported as orphans")
Q("Soda:failed rows with a fail condition",
  "SELECT worker_id, period FROM payslip WHERE net > gross",
  "SELECT worker_id, period FROM payslip WHERE NOT (net <= gross)",
  "SELECT worker_id, period FROM payslip WHERE net > gross OR net IS NULL",
  "missing nets failed too")
Q("Soda:row_count with a dataset filter",
  "SELECT COUNT(*) FROM worker WHERE hired >= '2024-01-01' AND status = 'active'",
  "SELECT COALESCE(SUM(CASE WHEN hired >= '2024-01-01' AND status = 'active' THEN 1 ELSE 0 END), 0) FROM worker",
  "SELECT COUNT(*) FROM worker WHERE hired > '2024-01-01' AND status = 'active'",
  "the filter's date bound made exclusive")

# --- Deequ constraints (metrics as its SQL computes them)

Q("Deequ:isComplete (completeness)",
  "SELECT SUM(CASE WHEN email IS NULL THEN 0.0 ELSE 1.0 END) / COUNT(*) FROM worker",
  "SELECT COUNT(email) * 1.0 / NULLIF(COUNT(*), 0) FROM worker",
  "SELECT COUNT(NULLIF(email, '')) * 1.0 / NULLIF(COUNT(*), 0) FROM worker",
  "empty strings counted as missing")
Q("Deequ:isUnique (uniqueness, not distinctness)",
  "SELECT SUM(CASE WHEN n = 1 THEN 1.0 ELSE 0.0 END) / SUM(n) FROM (SELECT email, COUNT(*) AS n FROM worker "
  "WHERE email IS NOT NULL GROUP BY email) AS g",
  "SELECT (SELECT COUNT(*) FROM worker AS w WHERE w.email IS NOT NULL AND NOT EXISTS (SELECT 1 FROM worker AS x "
  "WHERE x.email = w.email AND x.worker_id <> w.worker_id)) * 1.0 / NULLIF((SELECT COUNT(email) FROM worker), 0)",
  "SELECT COUNT(DISTINCT email) * 1.0 / NULLIF(COUNT(email), 0) FROM worker",
  "distinctness (distinct values over values) for uniqueness")
Q("Deequ:isNonNegative (compliance, NULL complies)",
  "SELECT SUM(CASE WHEN COALESCE(salary, 0.0) >= 0 THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM worker",
  "SELECT (COUNT(*) - COUNT(CASE WHEN salary < 0 THEN 1 END)) * 1.0 / NULLIF(COUNT(*), 0) FROM worker",
  "SELECT COUNT(CASE WHEN salary >= 0 THEN 1 END) * 1.0 / NULLIF(COUNT(*), 0) FROM worker",
  "NULL salaries counted as non-compliant")
Q("Deequ:isContainedIn",
  "SELECT COUNT(*) FROM worker WHERE status IS NULL OR status IN ('active', 'leaver')",
  "SELECT COUNT(*) - COUNT(CASE WHEN status NOT IN ('active', 'leaver') THEN 1 END) FROM worker",
  "SELECT COUNT(CASE WHEN status IN ('active', 'leaver') THEN 1 END) FROM worker",
  "NULL statuses not counted as contained")
Q("Deequ:satisfies (compliant rows)",
  "SELECT COALESCE(SUM(CASE WHEN net <= gross THEN 1 ELSE 0 END), 0) FROM payslip",
  "SELECT COUNT(*) FILTER (WHERE net <= gross) FROM payslip",
  "SELECT COUNT(*) - COUNT(*) FILTER (WHERE net > gross) FROM payslip",
  "rows with a NULL net counted as compliant")
Q("Deequ:hasMax (maximum per branch)",
  "SELECT branch_id, MAX(grade) FROM worker WHERE branch_id IS NOT NULL GROUP BY branch_id",
  "SELECT b.branch_id, (SELECT MAX(w.grade) FROM worker AS w WHERE w.branch_id = b.branch_id) FROM branch AS b "
  "WHERE EXISTS (SELECT 1 FROM worker AS w WHERE w.branch_id = b.branch_id)",
  "SELECT b.branch_id, (SELECT MAX(w.grade) FROM worker AS w WHERE w.branch_id = b.branch_id) FROM branch AS b",
  "branches without workers reported with a NULL maximum")

# --- SQLFluff fixes (the check as written, against the query after the fix)

Q("SQLFluff:ST02 unnecessary CASE to COALESCE",
  "SELECT worker_id, CASE WHEN email IS NULL THEN 'none' ELSE email END FROM worker",
  "SELECT worker_id, COALESCE(email, 'none') FROM worker",
  "SELECT worker_id, COALESCE(NULLIF(email, ''), 'none') FROM worker",
  "empty emails also replaced")
Q("SQLFluff:ST01 redundant ELSE NULL",
  "SELECT worker_id, CASE WHEN grade >= 3 THEN 'senior' ELSE NULL END FROM worker",
  "SELECT worker_id, CASE WHEN grade >= 3 THEN 'senior' END FROM worker",
  "SELECT worker_id, CASE WHEN grade < 3 THEN NULL ELSE 'senior' END FROM worker",
  "the condition inverted: a NULL grade becomes 'senior'")
Q("SQLFluff:ST04 nested CASE flattened",
  "SELECT worker_id, CASE WHEN status = 'active' THEN 'A' ELSE CASE WHEN status = 'leaver' THEN 'L' ELSE 'X' END END "
  "FROM worker",
  "SELECT worker_id, CASE WHEN status = 'active' THEN 'A' WHEN status = 'leaver' THEN 'L' ELSE 'X' END FROM worker",
  "SELECT worker_id, CASE WHEN status = 'active' THEN 'A' WHEN status = 'leaver' THEN 'L' END FROM worker",
  "the inner ELSE lost in the flattening")
Q("SQLFluff:AM01 DISTINCT with GROUP BY",
  "SELECT DISTINCT branch_id, COUNT(*) FROM worker GROUP BY branch_id",
  "SELECT branch_id, COUNT(*) FROM worker GROUP BY branch_id",
  "SELECT DISTINCT branch_id, COUNT(*) OVER (PARTITION BY branch_id) FROM worker WHERE branch_id IS NOT NULL",
  "rewritten as a window with the NULL branch dropped")
Q("SQLFluff:CV04 COUNT(1) to COUNT(*)",
  "SELECT branch_id, COUNT(1) FROM worker GROUP BY branch_id",
  "SELECT branch_id, COUNT(*) FROM worker GROUP BY branch_id",
  "SELECT branch_id, COUNT(email) FROM worker GROUP BY branch_id",
  "COUNT of a NULL-able column")
Q("SQLFluff:ST07 USING to ON",
  "SELECT worker_id, period, p.gross - s.gross FROM payslip AS p JOIN stage_payslip AS s USING (worker_id, period)",
  "SELECT p.worker_id, p.period, p.gross - s.gross FROM payslip AS p JOIN stage_payslip AS s "
  "ON s.worker_id = p.worker_id AND s.period = p.period",
  "SELECT p.worker_id, p.period, p.gross - s.gross FROM payslip AS p JOIN stage_payslip AS s ON s.worker_id = p.worker_id",
  "only the first USING column kept in ON")
Q("SQLFluff:CV12 implicit join to explicit JOIN",
  "SELECT w.worker_id, b.name FROM worker AS w, branch AS b WHERE w.branch_id = b.branch_id AND w.status = 'active'",
  "SELECT w.worker_id, b.name FROM worker AS w JOIN branch AS b ON w.branch_id = b.branch_id WHERE w.status = 'active'",
  "SELECT w.worker_id, b.name FROM worker AS w LEFT JOIN branch AS b ON w.branch_id = b.branch_id WHERE w.status = 'active'",
  "made a LEFT JOIN: workers without a branch kept")
Q("SQLFluff:AM06 GROUP BY ordinals to names",
  "SELECT branch_id, lower(status), COUNT(*) FROM worker GROUP BY 1, 2",
  "SELECT branch_id, lower(status), COUNT(*) FROM worker GROUP BY branch_id, lower(status)",
  "SELECT branch_id, lower(status), COUNT(*) FROM worker GROUP BY branch_id, status",
  "ordinal 2 replaced by the raw column: 'active' and 'ACTIVE' split")
Q("SQLFluff:CV08 RIGHT JOIN to LEFT JOIN",
  "SELECT b.name, w.worker_id FROM worker AS w RIGHT JOIN branch AS b ON b.branch_id = w.branch_id",
  "SELECT b.name, w.worker_id FROM branch AS b LEFT JOIN worker AS w ON b.branch_id = w.branch_id",
  "SELECT b.name, w.worker_id FROM worker AS w LEFT JOIN branch AS b ON b.branch_id = w.branch_id",
  "RIGHT made LEFT without swapping the tables")
Q("SQLFluff:CV02 IFNULL to COALESCE",
  "SELECT worker_id, IFNULL(tax, 0) + gross FROM payslip",
  "SELECT worker_id, COALESCE(tax, 0) + gross FROM payslip",
  "SELECT worker_id, COALESCE(tax + gross, 0) FROM payslip",
  "the default moved out of the sum", dialect="sqlite")
Q("SQLFluff:ST03 unused CTE removed",
  "WITH leavers AS (SELECT worker_id FROM worker WHERE status = 'leaver'), "
  "paid AS (SELECT worker_id, SUM(gross) AS g FROM payslip GROUP BY worker_id) SELECT worker_id, g FROM paid WHERE g > 0",
  "SELECT worker_id, SUM(gross) FROM payslip GROUP BY worker_id HAVING SUM(gross) > 0",
  "SELECT worker_id, SUM(gross) FROM payslip WHERE worker_id NOT IN (SELECT worker_id FROM worker WHERE status = 'leaver') "
  "GROUP BY worker_id HAVING SUM(gross) > 0",
  "the unused CTE's filter applied when it was removed")

# --- hand-written reconciliation and duplicate checks

Q("Reconciliation:source rows missing in the target (EXCEPT)",
  "SELECT worker_id, period FROM stage_payslip EXCEPT SELECT worker_id, period FROM payslip",
  "SELECT DISTINCT s.worker_id, s.period FROM stage_payslip AS s WHERE NOT EXISTS (SELECT 1 FROM payslip AS p "
  "WHERE p.worker_id = s.worker_id AND p.period = s.period)",
  "SELECT DISTINCT s.worker_id, s.period FROM stage_payslip AS s WHERE s.worker_id NOT IN (SELECT worker_id FROM payslip)",
  "the anti-join on the worker only")
Q("Reconciliation:target rows not in the source (LEFT JOIN IS NULL)",
  "SELECT p.worker_id, p.period FROM payslip AS p WHERE NOT EXISTS (SELECT 1 FROM stage_payslip AS s "
  "WHERE s.worker_id = p.worker_id AND s.period = p.period AND s.gross = p.gross)",
  "SELECT p.worker_id, p.period FROM payslip AS p LEFT JOIN (SELECT DISTINCT worker_id, period, gross FROM stage_payslip) AS s "
  "ON s.worker_id = p.worker_id AND s.period = p.period AND s.gross = p.gross WHERE s.worker_id IS NULL",
  "SELECT p.worker_id, p.period FROM payslip AS p JOIN stage_payslip AS s ON s.worker_id = p.worker_id "
  "AND s.period = p.period WHERE s.gross <> p.gross",
  "only rows present on both sides with another gross: missing rows not reported")
Q("Reconciliation:row counts per period on both sides (FULL JOIN)",
  "SELECT COALESCE(t.period, s.period), t.n, s.n FROM (SELECT period, COUNT(*) AS n FROM payslip GROUP BY period) AS t "
  "FULL JOIN (SELECT period, COUNT(*) AS n FROM stage_payslip WHERE period IS NOT NULL GROUP BY period) AS s "
  "ON s.period = t.period WHERE t.n IS DISTINCT FROM s.n",
  "SELECT t.period, t.n, s.n FROM (SELECT period, COUNT(*) AS n FROM payslip GROUP BY period) AS t "
  "LEFT JOIN (SELECT period, COUNT(*) AS n FROM stage_payslip GROUP BY period) AS s ON s.period = t.period "
  "WHERE s.n IS NULL OR s.n <> t.n "
  "UNION ALL SELECT s.period, NULL, s.n FROM (SELECT period, COUNT(*) AS n FROM stage_payslip WHERE period IS NOT NULL "
  "GROUP BY period) AS s WHERE NOT EXISTS (SELECT 1 FROM payslip AS p WHERE p.period = s.period)",
  "SELECT t.period, t.n, s.n FROM (SELECT period, COUNT(*) AS n FROM payslip GROUP BY period) AS t "
  "LEFT JOIN (SELECT period, COUNT(*) AS n FROM stage_payslip GROUP BY period) AS s ON s.period = t.period "
  "WHERE s.n IS NULL OR s.n <> t.n",
  "the FULL JOIN made LEFT: periods only in the source lost")
Q("Reconciliation:workers whose totals differ",
  "SELECT t.worker_id FROM (SELECT worker_id, SUM(gross) AS g FROM payslip GROUP BY worker_id) AS t "
  "JOIN (SELECT worker_id, SUM(gross) AS g FROM stage_payslip GROUP BY worker_id) AS s ON s.worker_id = t.worker_id "
  "WHERE s.g <> t.g",
  "SELECT t.worker_id FROM (SELECT worker_id, SUM(gross) AS g FROM payslip GROUP BY worker_id) AS t "
  "WHERE EXISTS (SELECT 1 FROM (SELECT worker_id, SUM(gross) AS g FROM stage_payslip GROUP BY worker_id) AS s "
  "WHERE s.worker_id = t.worker_id AND s.g <> t.g)",
  "SELECT t.worker_id FROM (SELECT worker_id, SUM(gross) AS g FROM payslip GROUP BY worker_id) AS t "
  "LEFT JOIN (SELECT worker_id, SUM(gross) AS g FROM stage_payslip GROUP BY worker_id) AS s ON s.worker_id = t.worker_id "
  "WHERE COALESCE(s.g, -1) <> t.g",
  "workers missing in the source reported as differing")
Q("Reconciliation:period totals match",
  "SELECT CASE WHEN (SELECT SUM(gross) FROM payslip WHERE period = '2024-01') = "
  "(SELECT SUM(gross) FROM stage_payslip WHERE period = '2024-01') THEN 'ok' ELSE 'mismatch' END",
  "SELECT CASE WHEN a.s = b.s THEN 'ok' ELSE 'mismatch' END FROM (SELECT SUM(gross) AS s FROM payslip "
  "WHERE period = '2024-01') AS a CROSS JOIN (SELECT SUM(gross) AS s FROM stage_payslip WHERE period = '2024-01') AS b",
  "SELECT CASE WHEN a.s <> b.s THEN 'mismatch' ELSE 'ok' END FROM (SELECT SUM(gross) AS s FROM payslip "
  "WHERE period = '2024-01') AS a CROSS JOIN (SELECT SUM(gross) AS s FROM stage_payslip WHERE period = '2024-01') AS b",
  "a side with no rows (NULL total) passes")
Q("Duplicate detection:surplus duplicate rows in the source",
  "SELECT COUNT(*) - (SELECT COUNT(*) FROM (SELECT DISTINCT worker_id, period, gross FROM stage_payslip) AS d) "
  "FROM stage_payslip",
  "SELECT COALESCE(SUM(n - 1), 0) FROM (SELECT COUNT(*) AS n FROM stage_payslip GROUP BY worker_id, period, gross) AS g",
  "SELECT COALESCE(SUM(n - 1), 0) FROM (SELECT COUNT(*) AS n FROM stage_payslip GROUP BY worker_id, period) AS g",
  "rows of one key with different gross counted as duplicates")
Q("Duplicate detection:later rows of a duplicate email (ROW_NUMBER against EXISTS)",
  "SELECT worker_id FROM (SELECT worker_id, ROW_NUMBER() OVER (PARTITION BY email ORDER BY worker_id) AS rn FROM worker "
  "WHERE email IS NOT NULL) AS t WHERE rn > 1",
  "SELECT w.worker_id FROM worker AS w WHERE EXISTS (SELECT 1 FROM worker AS x WHERE x.email = w.email "
  "AND x.worker_id < w.worker_id)",
  "SELECT worker_id FROM (SELECT worker_id, ROW_NUMBER() OVER (PARTITION BY email ORDER BY worker_id) AS rn FROM worker) AS t "
  "WHERE rn > 1",
  "no NULL filter: workers without an email partitioned together")
Q("Duplicate detection:case-insensitive duplicate emails",
  "SELECT lower(email) FROM worker WHERE email IS NOT NULL GROUP BY lower(email) HAVING COUNT(*) > 1",
  "SELECT DISTINCT lower(w.email) FROM worker AS w WHERE EXISTS (SELECT 1 FROM worker AS x "
  "WHERE lower(x.email) = lower(w.email) AND x.worker_id <> w.worker_id)",
  "SELECT email FROM worker WHERE email IS NOT NULL GROUP BY email HAVING COUNT(*) > 1",
  "compared case-sensitively")
Q("Duplicate detection:duplicate keys in the source with their counts",
  "SELECT worker_id, period, COUNT(*) FROM stage_payslip GROUP BY worker_id, period HAVING COUNT(*) >= 2",
  "SELECT DISTINCT worker_id, period, n FROM (SELECT worker_id, period, COUNT(*) OVER (PARTITION BY worker_id, period) AS n "
  "FROM stage_payslip) AS t WHERE n >= 2",
  "SELECT worker_id, period, n FROM (SELECT worker_id, period, COUNT(*) OVER (PARTITION BY worker_id, period) AS n "
  "FROM stage_payslip) AS t WHERE n >= 2",
  "no DISTINCT: one line per duplicate row")
Q("Existence of violations:payslips without a worker in the source",
  "SELECT CASE WHEN EXISTS (SELECT 1 FROM stage_payslip AS s WHERE s.worker_id IS NOT NULL AND NOT EXISTS "
  "(SELECT 1 FROM worker AS w WHERE w.worker_id = s.worker_id)) THEN 'fail' ELSE 'pass' END",
  "SELECT CASE WHEN COUNT(*) > 0 THEN 'fail' ELSE 'pass' END FROM stage_payslip AS s LEFT JOIN worker AS w "
  "ON w.worker_id = s.worker_id WHERE w.worker_id IS NULL AND s.worker_id IS NOT NULL",
  "SELECT CASE WHEN COUNT(*) > 1 THEN 'fail' ELSE 'pass' END FROM stage_payslip AS s LEFT JOIN worker AS w "
  "ON w.worker_id = s.worker_id WHERE w.worker_id IS NULL AND s.worker_id IS NOT NULL",
  "fails only from two orphans on")
Q("Existence of violations:net above gross per worker",
  "SELECT w.worker_id FROM worker AS w WHERE EXISTS (SELECT 1 FROM payslip AS p WHERE p.worker_id = w.worker_id "
  "AND p.net > p.gross)",
  "SELECT worker_id FROM payslip GROUP BY worker_id HAVING MAX(CASE WHEN net > gross THEN 1 ELSE 0 END) = 1",
  "SELECT worker_id FROM payslip GROUP BY worker_id HAVING MIN(CASE WHEN net <= gross THEN 1 ELSE 0 END) = 0",
  "a NULL net counted as a violation")


# ============================================================ security and temporal (crm)
# tenant(tenant_id PK, name, tier NULL, active), member(member_id PK, tenant_id FK NULL-able:
# NULL for platform staff, login (not unique), role, region NULL), deal(deal_id PK, tenant_id
# FK NOT NULL, owner_id FK NULL-able, stage, amount REAL NULL, region NULL, secret, closed
# NULL), team_hist(member_id FK, valid_from; PK both, valid_to NULL (open row), team,
# is_current) as a type 2 history (its rows may overlap or leave gaps: nothing enforces
# the history's shape), keyless access_log(member_id NULL-able, deal_id NULL-able, day NULL,
# action NULL) with duplicate rows. The session's tenant is 2 and its member 3 (PostgreSQL's
# current_setting, Oracle's SYS_CONTEXT, SQL Server's SESSION_CONTEXT), written as a ctx CTE
# or as literals.

# --- PostgreSQL row-level security (policies applied as the planner adds them)

S("PostgreSQL RLS:USING policy conjoined with the query's own OR",
  "WITH ctx AS (SELECT 2 AS tenant_id) SELECT d.deal_id, d.amount FROM deal AS d, ctx "
  "WHERE (d.stage = 'open' OR d.stage = 'won') AND d.tenant_id = ctx.tenant_id",
  "SELECT deal_id, amount FROM (SELECT * FROM deal WHERE tenant_id = 2) AS d WHERE stage = 'open' OR stage = 'won'",
  "WITH ctx AS (SELECT 2 AS tenant_id) SELECT d.deal_id, d.amount FROM deal AS d, ctx "
  "WHERE d.stage = 'open' OR d.stage = 'won' AND d.tenant_id = ctx.tenant_id",
  "the policy appended without parentheses: open deals of every tenant")
S("PostgreSQL RLS:two permissive policies are OR-ed",
  "SELECT deal_id FROM deal WHERE deal_id IN (SELECT deal_id FROM deal WHERE tenant_id = 2 UNION "
  "SELECT deal_id FROM deal WHERE owner_id = 3)",
  "SELECT deal_id FROM deal WHERE tenant_id = 2 OR owner_id = 3",
  "SELECT deal_id FROM deal WHERE tenant_id = 2 AND owner_id = 3",
  "the permissive policies AND-ed as if restrictive")
S("PostgreSQL RLS:a restrictive policy AND-ed with a permissive one",
  "SELECT deal_id, stage FROM deal WHERE tenant_id = 2 AND secret = 0",
  "SELECT deal_id, stage FROM (SELECT * FROM (SELECT * FROM deal WHERE secret = 0) AS restrictive "
  "WHERE tenant_id = 2) AS permissive",
  "SELECT deal_id, stage FROM deal WHERE tenant_id = 2 OR secret = 0",
  "the restrictive policy OR-ed in")
S("PostgreSQL RLS:policy with a subquery on the member's tenant",
  "SELECT d.deal_id FROM deal AS d WHERE d.tenant_id IN (SELECT m.tenant_id FROM member AS m WHERE m.member_id = 3)",
  "SELECT d.deal_id FROM deal AS d JOIN member AS m ON m.tenant_id = d.tenant_id AND m.member_id = 3",
  "SELECT d.deal_id FROM deal AS d WHERE d.tenant_id IN (SELECT m.tenant_id FROM member AS m)",
  "the policy's subquery without the session member: any tenant with members")
S("PostgreSQL RLS:platform staff (NULL tenant) see every tenant",
  "SELECT d.deal_id FROM deal AS d WHERE d.tenant_id = (SELECT tenant_id FROM member WHERE member_id = 3) "
  "OR (SELECT tenant_id FROM member WHERE member_id = 3) IS NULL",
  "SELECT d.deal_id FROM deal AS d WHERE COALESCE((SELECT tenant_id FROM member WHERE member_id = 3), d.tenant_id) "
  "= d.tenant_id",
  "SELECT d.deal_id FROM deal AS d WHERE d.tenant_id = (SELECT tenant_id FROM member WHERE member_id = 3)",
  "the staff branch dropped: a NULL tenant sees nothing")
S("PostgreSQL RLS:scalar count over a protected table",
  "SELECT COUNT(*) FROM (SELECT * FROM deal WHERE tenant_id = 2) AS d",
  "SELECT COUNT(CASE WHEN tenant_id = 2 THEN 1 END) FROM deal",
  "SELECT SUM(CASE WHEN tenant_id = 2 THEN 1 END) FROM deal",
  "SUM of the flags: NULL, not 0, when the tenant has no deals")
S("PostgreSQL RLS:policy through an access grant",
  "SELECT d.deal_id, d.stage FROM deal AS d WHERE EXISTS (SELECT 1 FROM access_log AS a WHERE a.deal_id = d.deal_id "
  "AND a.member_id = 3)",
  "SELECT d.deal_id, d.stage FROM deal AS d JOIN (SELECT DISTINCT deal_id FROM access_log WHERE member_id = 3) AS g "
  "ON g.deal_id = d.deal_id",
  "SELECT d.deal_id, d.stage FROM deal AS d JOIN access_log AS g ON g.deal_id = d.deal_id AND g.member_id = 3",
  "joined to the raw grants: a deal repeated per grant row")
S("PostgreSQL RLS:policy hiding deals owned by viewers",
  "SELECT deal_id FROM deal WHERE owner_id IS NULL OR NOT EXISTS (SELECT 1 FROM member AS m WHERE m.member_id = deal.owner_id "
  "AND m.role = 'viewer')",
  "SELECT deal_id FROM deal WHERE deal_id NOT IN (SELECT d.deal_id FROM deal AS d JOIN member AS m "
  "ON m.member_id = d.owner_id WHERE m.role = 'viewer')",
  "SELECT deal_id FROM deal WHERE owner_id NOT IN (SELECT member_id FROM member WHERE role = 'viewer')",
  "NOT IN on the NULL-able owner: unowned deals hidden once a viewer exists")
S("PostgreSQL RLS:policy on both sides of an outer join",
  "SELECT m.member_id, d.deal_id FROM (SELECT * FROM member WHERE tenant_id = 2) AS m "
  "LEFT JOIN (SELECT * FROM deal WHERE tenant_id = 2) AS d ON d.owner_id = m.member_id",
  "SELECT m.member_id, d.deal_id FROM member AS m LEFT JOIN deal AS d ON d.owner_id = m.member_id "
  "AND d.tenant_id = m.tenant_id WHERE m.tenant_id = 2",
  "SELECT m.member_id, d.deal_id FROM member AS m LEFT JOIN deal AS d ON d.owner_id = m.member_id "
  "WHERE m.tenant_id = 2 AND d.tenant_id = 2",
  "the inner side's policy in WHERE: members without deals lost")
S("PostgreSQL RLS:protected table aggregated by tenant",
  "SELECT tenant_id, SUM(amount) FROM deal GROUP BY tenant_id HAVING tenant_id = 2",
  "SELECT tenant_id, SUM(amount) FROM deal WHERE tenant_id = 2 GROUP BY tenant_id",
  "SELECT 2, SUM(amount) FROM deal WHERE tenant_id = 2",
  "no GROUP BY: a tenant without deals still gets a row")
S("PostgreSQL RLS:policy on the joined table only",
  "SELECT a.member_id, a.deal_id, a.day FROM access_log AS a WHERE a.deal_id IN (SELECT deal_id FROM deal WHERE tenant_id = 2)",
  "SELECT a.member_id, a.deal_id, a.day FROM access_log AS a JOIN deal AS d ON d.deal_id = a.deal_id WHERE d.tenant_id = 2",
  "SELECT DISTINCT a.member_id, a.deal_id, a.day FROM access_log AS a JOIN deal AS d ON d.deal_id = a.deal_id "
  "WHERE d.tenant_id = 2",
  "DISTINCT added: duplicate log rows collapse")
S("PostgreSQL RLS:session member's region (NULL sees nothing)",
  "SELECT d.deal_id FROM deal AS d WHERE d.region = (SELECT region FROM member WHERE member_id = 3)",
  "SELECT d.deal_id FROM deal AS d JOIN member AS m ON m.member_id = 3 AND m.region = d.region",
  "SELECT d.deal_id FROM deal AS d JOIN member AS m ON m.member_id = 3 AND m.region IS NOT DISTINCT FROM d.region",
  "NULL-safe comparison: a member without a region sees deals without one")
S("PostgreSQL RLS:visibility by the current team (valid_to IS NULL)",
  "SELECT d.deal_id FROM deal AS d WHERE EXISTS (SELECT 1 FROM team_hist AS a JOIN team_hist AS b ON b.team = a.team "
  "WHERE a.member_id = d.owner_id AND a.valid_to IS NULL AND b.member_id = 3 AND b.valid_to IS NULL)",
  "SELECT d.deal_id FROM deal AS d WHERE d.owner_id IN (SELECT a.member_id FROM team_hist AS a WHERE a.valid_to IS NULL "
  "AND a.team IN (SELECT b.team FROM team_hist AS b WHERE b.member_id = 3 AND b.valid_to IS NULL))",
  "SELECT d.deal_id FROM deal AS d WHERE d.owner_id IN (SELECT a.member_id FROM team_hist AS a WHERE a.valid_to IS NULL "
  "AND a.team IN (SELECT b.team FROM team_hist AS b WHERE b.member_id = 3 AND b.is_current = 1))",
  "the session's team read from the current-row flag, which nothing keeps in step with valid_to")
S("PostgreSQL RLS:policy by login (logins are not unique)",
  "SELECT d.deal_id FROM deal AS d WHERE d.owner_id IN (SELECT member_id FROM member WHERE login = 'bo')",
  "SELECT d.deal_id FROM deal AS d JOIN member AS m ON m.member_id = d.owner_id WHERE m.login = 'bo'",
  "SELECT d.deal_id FROM deal AS d JOIN member AS m ON m.tenant_id = d.tenant_id WHERE m.login = 'bo'",
  "matched on the login's tenant: the whole tenant's deals, repeated")

# --- Oracle VPD (the policy function's predicate string appended to the statement)

S("Oracle VPD:predicate on a NULL-able context column",
  "SELECT deal_id FROM (SELECT * FROM deal WHERE region = 'EU') AS d WHERE amount > 100",
  "SELECT deal_id FROM deal WHERE amount > 100 AND region = 'EU'",
  "SELECT deal_id FROM deal WHERE amount > 100 AND COALESCE(region, 'EU') = 'EU'",
  "deals without a region shown")
S("Oracle VPD:column masking with sec_relevant_cols ALL_ROWS",
  "SELECT deal_id, CASE WHEN tenant_id = 2 THEN amount END FROM deal",
  "SELECT d.deal_id, v.amount FROM deal AS d LEFT JOIN (SELECT deal_id, amount FROM deal WHERE tenant_id = 2) AS v "
  "ON v.deal_id = d.deal_id",
  "SELECT deal_id, CASE WHEN tenant_id = 2 THEN amount ELSE 0 END FROM deal",
  "masked as 0 instead of NULL")
S("Oracle VPD:role-dependent predicate (admins see all)",
  "SELECT d.deal_id FROM deal AS d WHERE EXISTS (SELECT 1 FROM member WHERE member_id = 3 AND role = 'admin') "
  "OR d.owner_id = 3",
  "SELECT d.deal_id FROM deal AS d JOIN member AS m ON m.member_id = 3 WHERE m.role = 'admin' OR d.owner_id = 3",
  "SELECT d.deal_id FROM deal AS d JOIN member AS m ON m.member_id = d.owner_id WHERE m.role = 'admin' OR d.owner_id = 3",
  "the owner's role tested instead of the session's: deals of every admin shown")
S("Oracle VPD:context-sensitive policy as a UNION of its cases",
  "SELECT d.deal_id, d.amount FROM deal AS d WHERE d.tenant_id = 2 AND (EXISTS (SELECT 1 FROM member "
  "WHERE member_id = 3 AND role = 'admin') OR d.owner_id = 3)",
  "SELECT deal_id, amount FROM deal WHERE tenant_id = 2 AND owner_id = 3 UNION "
  "SELECT d.deal_id, d.amount FROM deal AS d, member AS m WHERE m.member_id = 3 AND m.role = 'admin' AND d.tenant_id = 2",
  "SELECT deal_id, amount FROM deal WHERE tenant_id = 2 AND owner_id = 3 UNION ALL "
  "SELECT d.deal_id, d.amount FROM deal AS d, member AS m WHERE m.member_id = 3 AND m.role = 'admin' AND d.tenant_id = 2",
  "UNION ALL: an admin's own deals listed twice")
S("Oracle VPD:masking secret amounts",
  "SELECT deal_id, CASE WHEN secret = 1 THEN NULL ELSE amount END FROM deal WHERE tenant_id = 2",
  "SELECT deal_id, CASE WHEN secret <> 1 THEN amount END FROM deal WHERE tenant_id = 2",
  "SELECT deal_id, CASE WHEN secret = 1 THEN 0 ELSE amount END FROM deal WHERE tenant_id = 2",
  "masked as 0")
S("Oracle VPD:active-tenant policy",
  "SELECT d.deal_id FROM deal AS d WHERE EXISTS (SELECT 1 FROM tenant AS t WHERE t.tenant_id = d.tenant_id AND t.active = 1)",
  "SELECT d.deal_id FROM deal AS d JOIN tenant AS t ON t.tenant_id = d.tenant_id WHERE t.active = 1",
  "SELECT d.deal_id FROM deal AS d JOIN tenant AS t ON t.active = 1",
  "the join's key equality forgotten: every deal once per active tenant")

# --- SQL Server security predicates (inline table-valued function applied per row)

S("SQL Server:filter predicate function as EXISTS",
  "SELECT deal_id, stage FROM deal WHERE EXISTS (SELECT 1 AS fn_securitypredicate_result WHERE deal.tenant_id = 2)",
  "SELECT deal_id, stage FROM deal WHERE tenant_id = 2",
  "SELECT deal_id, stage FROM deal WHERE EXISTS (SELECT 1 AS fn_securitypredicate_result WHERE deal.tenant_id = 2 "
  "OR deal.owner_id IS NULL)",
  "the function also passes unowned deals")
S("SQL Server:security predicate joining the owner's tenant",
  "SELECT d.deal_id FROM deal AS d WHERE EXISTS (SELECT 1 AS r FROM member AS m WHERE m.member_id = d.owner_id "
  "AND m.tenant_id = 2)",
  "SELECT d.deal_id FROM deal AS d JOIN member AS m ON m.member_id = d.owner_id AND m.tenant_id = 2",
  "SELECT d.deal_id FROM deal AS d LEFT JOIN member AS m ON m.member_id = d.owner_id "
  "WHERE m.tenant_id = 2 OR m.member_id IS NULL",
  "the outer join lets unowned deals through")
S("SQL Server:security predicate on a grouped report",
  "SELECT stage, COUNT(*) FROM deal WHERE EXISTS (SELECT 1 AS r WHERE deal.tenant_id = 2) GROUP BY stage",
  "SELECT stage, n FROM (SELECT tenant_id, stage, COUNT(*) AS n FROM deal GROUP BY tenant_id, stage) AS g WHERE tenant_id = 2",
  "SELECT stage, SUM(CASE WHEN tenant_id = 2 THEN 1 ELSE 0 END) FROM deal GROUP BY stage",
  "the predicate as a conditional count: other tenants' stages listed with 0")
S("SQL Server:security predicate with a DBO bypass",
  "WITH ctx AS (SELECT 2 AS tenant_id, 0 AS is_dbo) SELECT d.deal_id FROM deal AS d, ctx "
  "WHERE d.tenant_id = ctx.tenant_id OR ctx.is_dbo = 1",
  "SELECT deal_id FROM deal WHERE tenant_id = 2",
  "WITH ctx AS (SELECT 2 AS tenant_id, 0 AS is_dbo) SELECT d.deal_id FROM deal AS d, ctx "
  "WHERE d.tenant_id = ctx.tenant_id OR ctx.is_dbo = 0",
  "the bypass tested the wrong way round: everyone sees every deal")

# --- tenant filters (multi-tenant ORMs and query layers injecting tenant_id)

S("Tenant filter:on every table of a join",
  "SELECT d.deal_id, m.login FROM deal AS d JOIN member AS m ON m.member_id = d.owner_id WHERE d.tenant_id = 2 "
  "AND m.tenant_id = 2",
  "SELECT d.deal_id, m.login FROM deal AS d JOIN member AS m ON m.member_id = d.owner_id AND m.tenant_id = d.tenant_id "
  "WHERE d.tenant_id = 2",
  "SELECT d.deal_id, m.login FROM deal AS d JOIN member AS m ON m.member_id = d.owner_id WHERE d.tenant_id = 2",
  "the joined table left unfiltered: owners from other tenants shown")
S("Tenant filter:on the inner side of a LEFT JOIN",
  "SELECT d.deal_id, m.login FROM deal AS d LEFT JOIN (SELECT * FROM member WHERE tenant_id = 2) AS m "
  "ON m.member_id = d.owner_id WHERE d.tenant_id = 2",
  "SELECT d.deal_id, m.login FROM deal AS d LEFT JOIN member AS m ON m.member_id = d.owner_id AND m.tenant_id = 2 "
  "WHERE d.tenant_id = 2",
  "SELECT d.deal_id, m.login FROM deal AS d LEFT JOIN member AS m ON m.member_id = d.owner_id "
  "WHERE d.tenant_id = 2 AND (m.tenant_id = 2 OR m.member_id IS NULL)",
  "the inner filter in WHERE: deals owned by another tenant's member dropped instead of shown unowned")
S("Tenant filter:distinct deals seen per member",
  "SELECT m.member_id, COUNT(DISTINCT a.deal_id) FROM member AS m JOIN access_log AS a ON a.member_id = m.member_id "
  "WHERE m.tenant_id = 2 GROUP BY m.member_id",
  "SELECT a.member_id, COUNT(DISTINCT a.deal_id) FROM access_log AS a WHERE a.member_id IN "
  "(SELECT member_id FROM member WHERE tenant_id = 2) GROUP BY a.member_id",
  "SELECT a.member_id, COUNT(a.deal_id) FROM access_log AS a WHERE a.member_id IN "
  "(SELECT member_id FROM member WHERE tenant_id = 2) GROUP BY a.member_id",
  "accesses counted, not deals")
S("Tenant filter:session tenant from a context table",
  "WITH ctx AS (SELECT 2 AS tenant_id) SELECT deal_id FROM deal WHERE tenant_id IN (SELECT tenant_id FROM ctx)",
  "SELECT deal_id FROM deal WHERE tenant_id = 2",
  "WITH ctx AS (SELECT 2 AS tenant_id) SELECT d.deal_id FROM deal AS d LEFT JOIN ctx ON ctx.tenant_id = d.tenant_id",
  "the context outer-joined: no deal filtered out")
S("Tenant filter:tenant-scoped member lookup in a correlated subquery",
  "SELECT d.deal_id, (SELECT m.login FROM member AS m WHERE m.member_id = d.owner_id AND m.tenant_id = d.tenant_id) "
  "FROM deal AS d WHERE d.tenant_id = 2",
  "SELECT d.deal_id, m.login FROM deal AS d LEFT JOIN member AS m ON m.member_id = d.owner_id AND m.tenant_id = 2 "
  "WHERE d.tenant_id = 2",
  "SELECT d.deal_id, m.login FROM deal AS d JOIN member AS m ON m.member_id = d.owner_id AND m.tenant_id = 2 "
  "WHERE d.tenant_id = 2",
  "inner join: deals without a same-tenant owner dropped")

# --- type 2 slowly changing dimensions, as-of joins, point-in-time lookups

S("SCD2:point-in-time lookup with an open end",
  "SELECT member_id, team FROM team_hist WHERE valid_from <= '2024-03-01' AND (valid_to IS NULL OR valid_to > '2024-03-01')",
  "SELECT member_id, team FROM team_hist WHERE '2024-03-01' >= valid_from AND '2024-03-01' < COALESCE(valid_to, '9999-12-31')",
  "SELECT member_id, team FROM team_hist WHERE '2024-03-01' BETWEEN valid_from AND COALESCE(valid_to, '9999-12-31')",
  "BETWEEN: the exclusive end made inclusive")
S("SCD2:point-in-time lookup as a negated miss",
  "SELECT member_id, team FROM team_hist WHERE valid_from <= '2024-02-01' AND (valid_to IS NULL OR valid_to > '2024-02-01')",
  "SELECT member_id, team FROM team_hist WHERE NOT ('2024-02-01' < valid_from OR '2024-02-01' >= COALESCE(valid_to, '9999-12-31'))",
  "SELECT member_id, team FROM team_hist WHERE NOT ('2024-02-01' < valid_from OR '2024-02-01' >= valid_to)",
  "no COALESCE: NOT (false OR NULL) drops the open rows")
S("SCD2:latest version by ROW_NUMBER against NOT EXISTS",
  "SELECT member_id, team FROM (SELECT member_id, team, ROW_NUMBER() OVER (PARTITION BY member_id ORDER BY valid_from DESC) "
  "AS rn FROM team_hist) AS t WHERE rn = 1",
  "SELECT h.member_id, h.team FROM team_hist AS h WHERE NOT EXISTS (SELECT 1 FROM team_hist AS x "
  "WHERE x.member_id = h.member_id AND x.valid_from > h.valid_from)",
  "SELECT member_id, team FROM (SELECT member_id, team, ROW_NUMBER() OVER (PARTITION BY member_id ORDER BY valid_to DESC) "
  "AS rn FROM team_hist) AS t WHERE rn = 1",
  "latest by valid_to: SQLite sorts the open row (NULL) last on DESC", dialect="sqlite")
S("SCD2:latest version by a MAX join",
  "SELECT h.member_id, h.team, h.valid_from FROM team_hist AS h JOIN (SELECT member_id, MAX(valid_from) AS mx FROM team_hist "
  "GROUP BY member_id) AS l ON l.member_id = h.member_id AND l.mx = h.valid_from",
  "SELECT member_id, team, valid_from FROM team_hist AS h WHERE valid_from = (SELECT MAX(x.valid_from) FROM team_hist AS x "
  "WHERE x.member_id = h.member_id)",
  "SELECT h.member_id, h.team, h.valid_from FROM team_hist AS h JOIN (SELECT member_id, MAX(valid_to) AS mx FROM team_hist "
  "GROUP BY member_id) AS l ON l.member_id = h.member_id AND l.mx = h.valid_to",
  "joined on the latest valid_to, which ignores the open row")
S("SCD2:effective-dated row (PeopleSoft EFFDT) against a filtered ROW_NUMBER",
  "SELECT h.member_id, h.team FROM team_hist AS h WHERE h.valid_from = (SELECT MAX(x.valid_from) FROM team_hist AS x "
  "WHERE x.member_id = h.member_id AND x.valid_from <= '2024-02-15')",
  "SELECT member_id, team FROM (SELECT member_id, team, ROW_NUMBER() OVER (PARTITION BY member_id ORDER BY valid_from DESC) "
  "AS rn FROM team_hist WHERE valid_from <= '2024-02-15') AS t WHERE rn = 1",
  "SELECT member_id, team FROM (SELECT member_id, team, valid_from, ROW_NUMBER() OVER (PARTITION BY member_id "
  "ORDER BY valid_from DESC) AS rn FROM team_hist) AS t WHERE rn = 1 AND valid_from <= '2024-02-15'",
  "the date filter applied after numbering: members whose latest row is later vanish")
S("SCD2:derived end date (LEAD) against the effective-dated MAX",
  "SELECT member_id, team FROM (SELECT member_id, team, valid_from, LEAD(valid_from) OVER (PARTITION BY member_id "
  "ORDER BY valid_from) AS nxt FROM team_hist) AS t WHERE valid_from <= '2024-02-01' AND (nxt IS NULL OR nxt > '2024-02-01')",
  "SELECT h.member_id, h.team FROM team_hist AS h WHERE h.valid_from = (SELECT MAX(x.valid_from) FROM team_hist AS x "
  "WHERE x.member_id = h.member_id AND x.valid_from <= '2024-02-01')",
  "SELECT member_id, team FROM (SELECT member_id, team, valid_from, LEAD(valid_from) OVER (PARTITION BY member_id "
  "ORDER BY valid_from) AS nxt FROM team_hist) AS t WHERE valid_from <= '2024-02-01' AND (nxt IS NULL OR nxt >= '2024-02-01')",
  "the derived end made inclusive: two versions on the change day")
S("SCD2:current rows by flag through the member dimension",
  "SELECT member_id, team FROM team_hist WHERE is_current = 1",
  "SELECT h.member_id, h.team FROM member AS m JOIN team_hist AS h ON h.member_id = m.member_id AND h.is_current = 1",
  "SELECT m.member_id, h.team FROM member AS m LEFT JOIN team_hist AS h ON h.member_id = m.member_id AND h.is_current = 1",
  "outer-joined: members without a current row listed with NULL")
S("SCD2:open row attached to each member",
  "SELECT m.member_id, h.team FROM member AS m LEFT JOIN team_hist AS h ON h.member_id = m.member_id AND h.valid_to IS NULL",
  "SELECT m.member_id, h.team FROM member AS m LEFT JOIN (SELECT member_id, team FROM team_hist WHERE valid_to IS NULL) AS h "
  "ON h.member_id = m.member_id",
  "SELECT m.member_id, h.team FROM member AS m LEFT JOIN team_hist AS h ON h.member_id = m.member_id "
  "WHERE h.valid_to IS NULL",
  "the open-row test in WHERE: members with only closed rows vanish")
S("As-of join:owner's team at the close date",
  "SELECT d.deal_id, h.team FROM deal AS d JOIN team_hist AS h ON h.member_id = d.owner_id AND h.valid_from <= d.closed "
  "AND (h.valid_to IS NULL OR d.closed < h.valid_to)",
  "SELECT d.deal_id, h.team FROM deal AS d JOIN team_hist AS h ON h.member_id = d.owner_id "
  "WHERE d.closed >= h.valid_from AND CASE WHEN h.valid_to IS NULL THEN TRUE ELSE d.closed < h.valid_to END",
  "SELECT d.deal_id, h.team FROM deal AS d LEFT JOIN team_hist AS h ON h.member_id = d.owner_id AND h.valid_from <= d.closed "
  "AND (h.valid_to IS NULL OR d.closed < h.valid_to)",
  "outer as-of join: deals without a matching version kept")
S("As-of join:latest version not after the event (ORDER BY LIMIT 1 against MAX)",
  "SELECT d.deal_id, (SELECT h.team FROM team_hist AS h WHERE h.member_id = d.owner_id AND h.valid_from <= d.closed "
  "ORDER BY h.valid_from DESC LIMIT 1) FROM deal AS d",
  "SELECT d.deal_id, h.team FROM deal AS d LEFT JOIN team_hist AS h ON h.member_id = d.owner_id AND h.valid_from = "
  "(SELECT MAX(x.valid_from) FROM team_hist AS x WHERE x.member_id = d.owner_id AND x.valid_from <= d.closed)",
  "SELECT d.deal_id, (SELECT h.team FROM team_hist AS h WHERE h.member_id = d.owner_id AND h.valid_from <= d.closed "
  "ORDER BY h.valid_from LIMIT 1) FROM deal AS d",
  "ascending: the earliest version, not the latest")
S("As-of join:version in force at the event (NOT EXISTS of a later one)",
  "SELECT d.deal_id, h.team FROM deal AS d JOIN team_hist AS h ON h.member_id = d.owner_id AND h.valid_from <= d.closed "
  "WHERE NOT EXISTS (SELECT 1 FROM team_hist AS x WHERE x.member_id = h.member_id AND x.valid_from > h.valid_from "
  "AND x.valid_from <= d.closed)",
  "SELECT deal_id, team FROM (SELECT d.deal_id, h.team, ROW_NUMBER() OVER (PARTITION BY d.deal_id ORDER BY h.valid_from DESC) "
  "AS rn FROM deal AS d JOIN team_hist AS h ON h.member_id = d.owner_id AND h.valid_from <= d.closed) AS t WHERE rn = 1",
  "SELECT d.deal_id, h.team FROM deal AS d JOIN team_hist AS h ON h.member_id = d.owner_id AND h.valid_from < d.closed "
  "WHERE NOT EXISTS (SELECT 1 FROM team_hist AS x WHERE x.member_id = h.member_id AND x.valid_from > h.valid_from "
  "AND x.valid_from < d.closed)",
  "strict bound: a version starting on the close day ignored")
S("Point-in-time:members on a team on a date (overlapping versions)",
  "SELECT COUNT(DISTINCT member_id) FROM team_hist WHERE team = 'red' AND valid_from <= '2024-02-01' "
  "AND (valid_to IS NULL OR valid_to > '2024-02-01')",
  "SELECT COUNT(*) FROM member AS m WHERE EXISTS (SELECT 1 FROM team_hist AS h WHERE h.member_id = m.member_id "
  "AND h.team = 'red' AND h.valid_from <= '2024-02-01' AND (h.valid_to IS NULL OR h.valid_to > '2024-02-01'))",
  "SELECT COUNT(*) FROM team_hist WHERE team = 'red' AND valid_from <= '2024-02-01' "
  "AND (valid_to IS NULL OR valid_to > '2024-02-01')",
  "versions counted: overlapping versions of one member counted twice")
S("Point-in-time:deals open on a date",
  "SELECT COUNT(*) FROM deal WHERE tenant_id = 2 AND (closed IS NULL OR closed > '2024-02-01')",
  "SELECT COUNT(*) - COUNT(CASE WHEN closed <= '2024-02-01' THEN 1 END) FROM deal WHERE tenant_id = 2",
  "SELECT COUNT(*) - COUNT(CASE WHEN closed < '2024-02-01' THEN 1 END) FROM deal WHERE tenant_id = 2",
  "deals closing on the date counted as open")
S("Point-in-time:last access before the close",
  "SELECT d.deal_id, (SELECT MAX(a.day) FROM access_log AS a WHERE a.deal_id = d.deal_id AND a.day <= d.closed) FROM deal AS d",
  "SELECT d.deal_id, MAX(a.day) FROM deal AS d LEFT JOIN access_log AS a ON a.deal_id = d.deal_id AND a.day <= d.closed "
  "GROUP BY d.deal_id",
  "SELECT d.deal_id, MAX(a.day) FROM deal AS d LEFT JOIN access_log AS a ON a.deal_id = d.deal_id WHERE a.day <= d.closed "
  "GROUP BY d.deal_id",
  "the time bound in WHERE: deals without an earlier access vanish")
S("Point-in-time:members with no version in force",
  "SELECT m.member_id FROM member AS m WHERE NOT EXISTS (SELECT 1 FROM team_hist AS h WHERE h.member_id = m.member_id "
  "AND h.valid_from <= '2024-03-01' AND (h.valid_to IS NULL OR h.valid_to > '2024-03-01'))",
  "SELECT member_id FROM member EXCEPT SELECT member_id FROM team_hist WHERE valid_from <= '2024-03-01' "
  "AND (valid_to IS NULL OR valid_to > '2024-03-01')",
  "SELECT member_id FROM member EXCEPT SELECT member_id FROM team_hist WHERE valid_from <= '2024-03-01' "
  "AND (valid_to IS NULL OR valid_to >= '2024-03-01')",
  "a version ending on the date counted as in force")

# --- validity ranges: overlap, containment, gaps and islands

S("Validity ranges:versions overlapping a query period",
  "SELECT member_id, valid_from FROM team_hist WHERE valid_from < '2024-03-01' AND (valid_to IS NULL OR valid_to > '2024-02-01')",
  "SELECT member_id, valid_from FROM team_hist WHERE NOT (valid_from >= '2024-03-01' "
  "OR COALESCE(valid_to, '9999-12-31') <= '2024-02-01')",
  "SELECT member_id, valid_from FROM team_hist WHERE valid_from <= '2024-03-01' AND (valid_to IS NULL OR valid_to > '2024-02-01')",
  "a version starting at the period's end counted as overlapping")
S("Validity ranges:versions inside a query period",
  "SELECT member_id, valid_from FROM team_hist WHERE valid_from >= '2024-02-01' AND valid_to <= '2024-04-01'",
  "SELECT member_id, valid_from FROM team_hist WHERE valid_from >= '2024-02-01' "
  "AND COALESCE(valid_to, '9999-12-31') <= '2024-04-01'",
  "SELECT member_id, valid_from FROM team_hist WHERE valid_from >= '2024-02-01' "
  "AND (valid_to IS NULL OR valid_to <= '2024-04-01')",
  "open versions counted as inside")
S("Validity ranges:overlapping versions of one member",
  "SELECT a.member_id, a.valid_from, b.valid_from FROM team_hist AS a JOIN team_hist AS b ON b.member_id = a.member_id "
  "AND a.valid_from < b.valid_from AND (a.valid_to IS NULL OR a.valid_to > b.valid_from)",
  "SELECT a.member_id, a.valid_from, b.valid_from FROM team_hist AS a, team_hist AS b WHERE b.member_id = a.member_id "
  "AND b.valid_from > a.valid_from AND CASE WHEN a.valid_to IS NULL THEN TRUE ELSE b.valid_from < a.valid_to END",
  "SELECT a.member_id, a.valid_from, b.valid_from FROM team_hist AS a JOIN team_hist AS b ON b.member_id = a.member_id "
  "AND a.valid_from < b.valid_from AND (a.valid_to IS NULL OR a.valid_to >= b.valid_from)",
  "touching versions reported as overlapping")
S("Gaps:a version ending before the next one starts (LEAD against MIN)",
  "SELECT member_id, valid_to FROM (SELECT member_id, valid_to, LEAD(valid_from) OVER (PARTITION BY member_id "
  "ORDER BY valid_from) AS nxt FROM team_hist) AS t WHERE nxt > valid_to",
  "SELECT h.member_id, h.valid_to FROM team_hist AS h WHERE (SELECT MIN(x.valid_from) FROM team_hist AS x "
  "WHERE x.member_id = h.member_id AND x.valid_from > h.valid_from) > h.valid_to",
  "SELECT member_id, valid_to FROM (SELECT member_id, valid_to, LEAD(valid_from) OVER (PARTITION BY member_id "
  "ORDER BY valid_from) AS nxt FROM team_hist) AS t WHERE nxt >= valid_to",
  "adjacent versions reported as gaps")
S("Gaps:chain check (valid_to against the next valid_from)",
  "SELECT member_id, valid_from FROM (SELECT member_id, valid_from, valid_to, LEAD(valid_from) OVER (PARTITION BY member_id "
  "ORDER BY valid_from) AS nxt FROM team_hist) AS t WHERE valid_to IS DISTINCT FROM nxt",
  "SELECT h.member_id, h.valid_from FROM team_hist AS h WHERE CASE WHEN NOT EXISTS (SELECT 1 FROM team_hist AS x "
  "WHERE x.member_id = h.member_id AND x.valid_from > h.valid_from) THEN h.valid_to IS NOT NULL "
  "ELSE h.valid_to IS NULL OR h.valid_to <> (SELECT MIN(x.valid_from) FROM team_hist AS x "
  "WHERE x.member_id = h.member_id AND x.valid_from > h.valid_from) END",
  "SELECT member_id, valid_from FROM (SELECT member_id, valid_from, valid_to, LEAD(valid_from) OVER (PARTITION BY member_id "
  "ORDER BY valid_from) AS nxt FROM team_hist) AS t WHERE valid_to <> nxt",
  "plain <>: an open last row, or an open row followed by another, never reported")
S("Islands:version starting an island (no adjacent predecessor of the same team)",
  "SELECT h.member_id, h.valid_from FROM team_hist AS h LEFT JOIN team_hist AS p ON p.member_id = h.member_id "
  "AND p.team = h.team AND p.valid_to = h.valid_from WHERE p.member_id IS NULL",
  "SELECT h.member_id, h.valid_from FROM team_hist AS h WHERE NOT EXISTS (SELECT 1 FROM team_hist AS p "
  "WHERE p.member_id = h.member_id AND p.team = h.team AND p.valid_to = h.valid_from)",
  "SELECT h.member_id, h.valid_from FROM team_hist AS h WHERE NOT EXISTS (SELECT 1 FROM team_hist AS p "
  "WHERE p.member_id = h.member_id AND p.valid_to = h.valid_from)",
  "the team test dropped: any adjacent predecessor continues the island")
S("Islands:number of islands per member",
  "SELECT h.member_id, COUNT(*) FROM team_hist AS h WHERE NOT EXISTS (SELECT 1 FROM team_hist AS p "
  "WHERE p.member_id = h.member_id AND p.team = h.team AND p.valid_to = h.valid_from) GROUP BY h.member_id",
  "SELECT h.member_id, SUM(CASE WHEN p.member_id IS NULL THEN 1 ELSE 0 END) FROM team_hist AS h "
  "LEFT JOIN (SELECT DISTINCT member_id, team, valid_to FROM team_hist) AS p ON p.member_id = h.member_id "
  "AND p.team = h.team AND p.valid_to = h.valid_from GROUP BY h.member_id HAVING SUM(CASE WHEN p.member_id IS NULL "
  "THEN 1 ELSE 0 END) > 0",
  "SELECT h.member_id, SUM(CASE WHEN p.member_id IS NULL THEN 1 ELSE 0 END) FROM team_hist AS h "
  "LEFT JOIN (SELECT DISTINCT member_id, team, valid_to FROM team_hist) AS p ON p.member_id = h.member_id "
  "AND p.team = h.team AND p.valid_to = h.valid_from GROUP BY h.member_id",
  "no HAVING: members whose every version continues another listed with 0")
S("Islands:team changes per member (LAG against the previous version)",
  "SELECT member_id, COUNT(*) FROM (SELECT member_id, team, LAG(team) OVER (PARTITION BY member_id ORDER BY valid_from) "
  "AS prev FROM team_hist) AS t WHERE prev <> team GROUP BY member_id",
  "SELECT h.member_id, COUNT(*) FROM team_hist AS h JOIN team_hist AS p ON p.member_id = h.member_id AND p.valid_from = "
  "(SELECT MAX(x.valid_from) FROM team_hist AS x WHERE x.member_id = h.member_id AND x.valid_from < h.valid_from) "
  "WHERE p.team <> h.team GROUP BY h.member_id",
  "SELECT member_id, COUNT(*) FROM (SELECT member_id, team, LAG(team) OVER (PARTITION BY member_id ORDER BY valid_from) "
  "AS prev FROM team_hist) AS t WHERE prev IS DISTINCT FROM team GROUP BY member_id",
  "IS DISTINCT FROM: each member's first version counted as a change")

# --- more policies and history queries

S("Tenant filter:pushed into both branches of a UNION ALL",
  "SELECT id, kind FROM (SELECT deal_id AS id, 'deal' AS kind, tenant_id FROM deal UNION ALL "
  "SELECT member_id, 'member', tenant_id FROM member) AS u WHERE tenant_id = 2",
  "SELECT deal_id, 'deal' FROM deal WHERE tenant_id = 2 UNION ALL SELECT member_id, 'member' FROM member WHERE tenant_id = 2",
  "SELECT deal_id, 'deal' FROM deal WHERE tenant_id = 2 UNION ALL SELECT member_id, 'member' FROM member "
  "WHERE tenant_id = 2 OR tenant_id IS NULL",
  "platform staff (NULL tenant) leak into the tenant's list")
S("PostgreSQL RLS:policy applied before a window function",
  "SELECT deal_id, RANK() OVER (ORDER BY amount DESC) FROM (SELECT * FROM deal WHERE tenant_id = 2) AS d",
  "SELECT deal_id, RANK() OVER (ORDER BY amount DESC) FROM deal WHERE tenant_id = 2",
  "SELECT deal_id, r FROM (SELECT deal_id, tenant_id, RANK() OVER (ORDER BY amount DESC) AS r FROM deal) AS d "
  "WHERE tenant_id = 2",
  "ranked across all tenants, then filtered: the ranks leak other tenants' deals")
S("PostgreSQL RLS:policy applied before a LIMIT",
  "SELECT deal_id FROM (SELECT deal_id FROM (SELECT * FROM deal WHERE tenant_id = 2) AS d ORDER BY deal_id LIMIT 3) AS t",
  "SELECT d.deal_id FROM deal AS d WHERE d.tenant_id = 2 AND (SELECT COUNT(*) FROM deal AS x WHERE x.tenant_id = 2 "
  "AND x.deal_id < d.deal_id) < 3",
  "SELECT deal_id FROM (SELECT deal_id, tenant_id FROM deal ORDER BY deal_id LIMIT 3) AS t WHERE tenant_id = 2",
  "the first three deals of all tenants, then filtered")
S("Tenant filter:cross-tenant access audit",
  "SELECT DISTINCT a.member_id FROM access_log AS a JOIN member AS m ON m.member_id = a.member_id "
  "JOIN deal AS d ON d.deal_id = a.deal_id WHERE m.tenant_id = 2 AND d.tenant_id <> 2",
  "SELECT m.member_id FROM member AS m WHERE m.tenant_id = 2 AND EXISTS (SELECT 1 FROM access_log AS a "
  "JOIN deal AS d ON d.deal_id = a.deal_id WHERE a.member_id = m.member_id AND d.tenant_id <> m.tenant_id)",
  "SELECT a.member_id FROM access_log AS a JOIN member AS m ON m.member_id = a.member_id "
  "JOIN deal AS d ON d.deal_id = a.deal_id WHERE m.tenant_id = 2 AND d.tenant_id <> 2",
  "no DISTINCT: a member listed once per offending access")
S("Oracle VPD:policy on a base table under a view",
  "SELECT v.deal_id, v.login FROM (SELECT d.deal_id, d.tenant_id, m.login FROM (SELECT * FROM deal WHERE tenant_id = 2) AS d "
  "LEFT JOIN member AS m ON m.member_id = d.owner_id) AS v",
  "SELECT d.deal_id, m.login FROM deal AS d LEFT JOIN member AS m ON m.member_id = d.owner_id WHERE d.tenant_id = 2",
  "SELECT d.deal_id, m.login FROM deal AS d LEFT JOIN member AS m ON m.member_id = d.owner_id WHERE m.tenant_id = 2",
  "the policy applied to the view's other table")
S("Point-in-time:headcount per team on a date",
  "SELECT team, COUNT(DISTINCT member_id) FROM team_hist WHERE valid_from <= '2024-02-01' "
  "AND (valid_to IS NULL OR valid_to > '2024-02-01') GROUP BY team",
  "SELECT t.team, COUNT(*) FROM (SELECT DISTINCT member_id, team FROM team_hist WHERE valid_from <= '2024-02-01' "
  "AND (valid_to IS NULL OR valid_to > '2024-02-01')) AS t GROUP BY t.team",
  "SELECT t.team, COUNT(*) FROM (SELECT member_id, team FROM team_hist WHERE valid_from <= '2024-02-01' "
  "AND (valid_to IS NULL OR valid_to > '2024-02-01')) AS t GROUP BY t.team",
  "versions counted: a member with overlapping versions counted twice")
S("SCD2:first version per member (tenure start)",
  "SELECT member_id, MIN(valid_from) FROM team_hist GROUP BY member_id",
  "SELECT h.member_id, h.valid_from FROM team_hist AS h WHERE NOT EXISTS (SELECT 1 FROM team_hist AS x "
  "WHERE x.member_id = h.member_id AND x.valid_from < h.valid_from)",
  "SELECT m.member_id, MIN(h.valid_from) FROM member AS m LEFT JOIN team_hist AS h ON h.member_id = m.member_id "
  "GROUP BY m.member_id",
  "members without a history listed with NULL")
S("Temporal:first and last access per member",
  "SELECT member_id, MIN(day), MAX(day) FROM access_log WHERE member_id IS NOT NULL GROUP BY member_id",
  "SELECT m.member_id, (SELECT MIN(a.day) FROM access_log AS a WHERE a.member_id = m.member_id), "
  "(SELECT MAX(a.day) FROM access_log AS a WHERE a.member_id = m.member_id) FROM member AS m "
  "WHERE EXISTS (SELECT 1 FROM access_log AS a WHERE a.member_id = m.member_id)",
  "SELECT m.member_id, (SELECT a.day FROM access_log AS a WHERE a.member_id = m.member_id ORDER BY a.day LIMIT 1), "
  "(SELECT MAX(a.day) FROM access_log AS a WHERE a.member_id = m.member_id) FROM member AS m "
  "WHERE EXISTS (SELECT 1 FROM access_log AS a WHERE a.member_id = m.member_id)",
  "first access by ORDER BY LIMIT 1: SQLite sorts a NULL day first", dialect="sqlite")
