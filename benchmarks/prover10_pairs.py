"""The pairs of the tenth held-out prover corpus (``benchmarks/corpus/prover10/``), as
written (``prover10_build.py`` checks them in SQLite and writes the corpus).

Three sources: optimizer rules and query rewrites of engines the earlier corpora did not
use (MariaDB, Teradata, Firebird, Amazon Redshift, Google Spanner, Informix, SAP ASE,
Azure Synapse, Apache Pinot, Apache Kylin, Dremio, OceanBase) on a new energy-utility
schema; SQL as ORMs generate it (Django, SQLAlchemy, ActiveRecord, Hibernate, Prisma,
Entity Framework Core, Sequelize) against the query a person writes for the same question,
on a new blog schema; and rewrites discovered or used by rewrite-rule systems (WeTune's
discovered rules, QueryBooster's human-written rules, LearnedRewrite / LLM-R2-style rule
applications, SlabCity's whole-query rewrites, SQL linters' fixes: SQLFluff, sqlcheck,
EverSQL-style advice) on a new inventory schema. Each ``add`` call is one equivalent pair
and one realistic non-equivalent mutant. Written from rule NAMES and one-line
DESCRIPTIONS recalled from memory (paraphrased above each pair) and the author's own SQL;
not taken from any prover benchmark, rule test, ORM test suite or published pair set; the
verifier was not read.
"""

from __future__ import annotations

from benchmarks.held_out_pairs import pair_book

SOURCES = {
    "engines6": ("energy", "query rewrites / optimizer rules of MariaDB, Teradata, Firebird, Redshift, Spanner, "
                           "Informix, SAP ASE, Synapse, Pinot, Kylin, Dremio, OceanBase (rule descriptions)"),
    "orm": ("blog", "SQL as ORMs generate it (Django, SQLAlchemy, ActiveRecord, Hibernate, Prisma, EF Core, "
                    "Sequelize) against the hand-written query for the same question (author's own SQL)"),
    "learned_rewrites": ("inventory", "rewrites of rewrite-rule systems and papers (WeTune, QueryBooster, "
                                      "LearnedRewrite / LLM-R2, SlabCity, SQL linters), stated in the author's own SQL"),
}
FILE = {"engines6": "engines6", "orm": "orm", "learned_rewrites": "learned_rewrites"}


PAIRS, add = pair_book("prover10", SOURCES, FILE)


def E(rule, gold, pred, mutant, mutation, **kw):
    """An engine rewrite on the energy schema (postgres unless stated)."""
    add("engines6", rule, gold, pred, mutant, mutation, **kw)


def M(rule, gold, pred, mutant, mutation, **kw):
    """ORM-generated SQL (gold) against the hand-written query (pred) on the blog schema."""
    add("orm", rule, gold, pred, mutant, mutation, **kw)


def L(rule, gold, pred, mutant, mutation, **kw):
    """A rewrite of a rewrite-rule system on the inventory schema."""
    add("learned_rewrites", rule, gold, pred, mutant, mutation, **kw)


# ============================================================ engines6 (energy)
# region(region_id PK, name NOT NULL, country), site(site_id PK, region_id FK NULL-able,
# name NOT NULL, capacity, opened NOT NULL text date), meter(meter_id PK, site_id FK NOT
# NULL, kind, active NOT NULL 0/1), reading(reading_id PK, meter_id FK NULL-able, day NOT
# NULL, kwh REAL, quality), tariff(region_id FK, season; PK both, rate REAL NOT NULL), and
# a keyless outage(site_id FK NULL-able, minutes, cause) with duplicate rows.

# --- MariaDB optimizer (optimizer_switch flags and the optimizer chapters of its KB)

# table_elimination: "an outer-joined table whose columns are not used and that is joined
# on a unique key (so it adds at most one row) is removed from the plan".
E("MariaDB:table_elimination",
  "SELECT m.meter_id, m.kind FROM meter AS m LEFT JOIN site AS s ON s.site_id = m.site_id",
  "SELECT meter_id, kind FROM meter",
  ("SELECT m.meter_id, m.kind FROM meter AS m LEFT JOIN reading AS r ON r.meter_id = m.meter_id",
   "SELECT meter_id, kind FROM meter"), "eliminated a left join on a non-unique column")
E("MariaDB:table_elimination",
  "SELECT s.site_id, s.name FROM site AS s LEFT JOIN tariff AS t ON t.region_id = s.region_id AND t.season = 'winter'",
  "SELECT site_id, name FROM site",
  ("SELECT s.site_id, s.name FROM site AS s LEFT JOIN tariff AS t ON t.region_id = s.region_id",
   "SELECT site_id, name FROM site"), "only part of the composite key bound: the join can multiply rows")
# condition_pushdown_for_derived: "a WHERE condition on a grouped derived table's grouping
# columns is pushed into the derived table's WHERE".
E("MariaDB:condition_pushdown_for_derived",
  "SELECT d.meter_id, d.total FROM (SELECT meter_id, SUM(kwh) AS total FROM reading GROUP BY meter_id) AS d "
  "WHERE d.meter_id > 2",
  "SELECT meter_id, SUM(kwh) AS total FROM reading WHERE meter_id > 2 GROUP BY meter_id",
  ("SELECT d.meter_id, d.total FROM (SELECT meter_id, SUM(kwh) AS total FROM reading GROUP BY meter_id) AS d "
   "WHERE d.total > 2",
   "SELECT meter_id, SUM(kwh) AS total FROM reading WHERE kwh > 2 GROUP BY meter_id"),
  "a condition on the aggregate pushed into WHERE")
# condition_pushdown_from_having: "a HAVING conjunct that refers to grouping columns only
# is moved into WHERE".
E("MariaDB:condition_pushdown_from_having",
  "SELECT meter_id, COUNT(*) FROM reading GROUP BY meter_id HAVING meter_id IN (1, 2)",
  "SELECT meter_id, COUNT(*) FROM reading WHERE meter_id IN (1, 2) GROUP BY meter_id",
  ("SELECT meter_id, COUNT(*) FROM reading GROUP BY meter_id HAVING MAX(quality) > 0",
   "SELECT meter_id, COUNT(*) FROM reading WHERE quality > 0 GROUP BY meter_id"),
  "a HAVING conjunct on an aggregate moved into WHERE")
# condition_pushdown_for_subquery: "a condition on the left operand of IN (SELECT ... GROUP
# BY ...) is pushed into the subquery's WHERE on the matching column".
E("MariaDB:condition_pushdown_for_subquery",
  "SELECT m.meter_id FROM meter AS m WHERE m.site_id IN (SELECT site_id FROM outage GROUP BY site_id "
  "HAVING SUM(minutes) > 20) AND m.site_id > 2",
  "SELECT m.meter_id FROM meter AS m WHERE m.site_id IN (SELECT site_id FROM outage WHERE site_id > 2 "
  "GROUP BY site_id HAVING SUM(minutes) > 20)",
  "SELECT m.meter_id FROM meter AS m WHERE m.site_id IN (SELECT site_id FROM outage WHERE site_id > 2 "
  "AND minutes > 20)", "the HAVING on a sum pushed down as a per-row filter")
# split_materialized: "a grouped derived table joined on its group key is computed only for
# the keys the outer query produces (a lateral, per-key subquery)".
E("MariaDB:split_materialized",
  "SELECT s.site_id, d.n FROM site AS s JOIN (SELECT site_id, COUNT(*) AS n FROM meter GROUP BY site_id) AS d "
  "ON d.site_id = s.site_id WHERE s.capacity = 100",
  "SELECT s.site_id, (SELECT COUNT(*) FROM meter AS m WHERE m.site_id = s.site_id) FROM site AS s "
  "WHERE s.capacity = 100 AND EXISTS (SELECT 1 FROM meter AS m WHERE m.site_id = s.site_id)",
  "SELECT s.site_id, (SELECT COUNT(*) FROM meter AS m WHERE m.site_id = s.site_id) FROM site AS s "
  "WHERE s.capacity = 100", "the per-key count without the join's existence test (COUNT bug)")
# exists_to_in: "a correlated EXISTS is rewritten as an IN subquery".
E("MariaDB:exists_to_in",
  "SELECT s.site_id FROM site AS s WHERE EXISTS (SELECT 1 FROM meter AS m WHERE m.site_id = s.site_id AND m.active = 1)",
  "SELECT site_id FROM site WHERE site_id IN (SELECT site_id FROM meter WHERE active = 1)",
  ("SELECT m.meter_id FROM meter AS m WHERE NOT EXISTS (SELECT 1 FROM reading AS r "
   "WHERE r.meter_id = m.meter_id AND r.quality = 0)",
   "SELECT meter_id FROM meter WHERE meter_id NOT IN (SELECT meter_id FROM reading WHERE quality = 0)"),
  "NOT EXISTS as NOT IN over the NULL-able reading.meter_id")
# in_to_exists: "IN (subquery) is executed as a correlated EXISTS with the IN equality
# pushed into the subquery".
E("MariaDB:in_to_exists",
  "SELECT meter_id FROM meter WHERE site_id IN (SELECT site_id FROM outage WHERE cause = 'storm')",
  "SELECT m.meter_id FROM meter AS m WHERE EXISTS (SELECT 1 FROM outage AS o WHERE o.cause = 'storm' "
  "AND o.site_id = m.site_id)",
  ("SELECT meter_id, site_id IN (SELECT site_id FROM outage WHERE cause = 'storm') FROM meter",
   "SELECT m.meter_id, EXISTS (SELECT 1 FROM outage AS o WHERE o.cause = 'storm' AND o.site_id = m.site_id) "
   "FROM meter AS m"), "in the select list, where IN is NULL (not false) over a NULL site_id")
# semijoin, DuplicateWeedout strategy: "the IN subquery is joined and duplicate outer rows
# are removed afterwards (by the outer row id)".
E("MariaDB:semijoin DuplicateWeedout",
  "SELECT r.region_id, r.name FROM region AS r WHERE r.region_id IN (SELECT region_id FROM site WHERE capacity >= 50)",
  "SELECT DISTINCT r.region_id, r.name FROM region AS r JOIN site AS s ON s.region_id = r.region_id "
  "WHERE s.capacity >= 50",
  "SELECT r.region_id, r.name FROM region AS r JOIN site AS s ON s.region_id = r.region_id WHERE s.capacity >= 50",
  "the join kept without weeding out duplicates")
# semijoin, LooseScan strategy: "the subquery's table is scanned taking one row per
# distinct key, then joined".
E("MariaDB:semijoin LooseScan",
  "SELECT r.region_id, r.name FROM region AS r WHERE r.region_id IN (SELECT region_id FROM site WHERE capacity >= 50)",
  "SELECT r.region_id, r.name FROM region AS r JOIN (SELECT DISTINCT region_id FROM site WHERE capacity >= 50) AS k "
  "ON k.region_id = r.region_id",
  "SELECT r.region_id, r.name FROM region AS r JOIN (SELECT DISTINCT region_id, capacity FROM site "
  "WHERE capacity >= 50) AS k ON k.region_id = r.region_id", "one row per (key, other column), not per key")
# outer join simplification: "an outer join whose WHERE rejects NULLs of the inner table
# is converted to an inner join".
E("MariaDB:outer join simplification",
  "SELECT s.site_id, r.name FROM site AS s LEFT JOIN region AS r ON r.region_id = s.region_id WHERE r.country = 'NO'",
  "SELECT s.site_id, r.name FROM site AS s JOIN region AS r ON r.region_id = s.region_id WHERE r.country = 'NO'",
  ("SELECT s.site_id, r.name FROM site AS s LEFT JOIN region AS r ON r.region_id = s.region_id "
   "WHERE r.country = 'NO' OR s.capacity = 10",
   "SELECT s.site_id, r.name FROM site AS s JOIN region AS r ON r.region_id = s.region_id "
   "WHERE r.country = 'NO' OR s.capacity = 10"), "converted although the OR does not reject NULLs")
# equality propagation: "with a = b in a join condition, a constant comparison on a is
# applied to b too (and may replace it)".
E("MariaDB:equality propagation",
  "SELECT m.meter_id, s.name FROM meter AS m JOIN site AS s ON s.site_id = m.site_id WHERE m.site_id = 3",
  "SELECT m.meter_id, s.name FROM meter AS m JOIN site AS s ON s.site_id = m.site_id WHERE s.site_id = 3",
  ("SELECT s.site_id, o.minutes FROM site AS s LEFT JOIN outage AS o ON o.site_id = s.site_id WHERE s.site_id = 2",
   "SELECT s.site_id, o.minutes FROM site AS s LEFT JOIN outage AS o ON o.site_id = s.site_id WHERE o.site_id = 2"),
  "propagated to the NULL-supplying side of a LEFT JOIN")
# orderby_uses_equalities: "ORDER BY a column equal to another (by the WHERE/ON equality)
# may sort by the other".
E("MariaDB:orderby_uses_equalities",
  "SELECT m.meter_id, s.name FROM meter AS m JOIN site AS s ON s.site_id = m.site_id ORDER BY m.site_id, m.meter_id",
  "SELECT m.meter_id, s.name FROM meter AS m JOIN site AS s ON s.site_id = m.site_id ORDER BY s.site_id, m.meter_id",
  "SELECT m.meter_id, s.name FROM meter AS m JOIN site AS s ON s.site_id = m.site_id ORDER BY s.name, m.meter_id",
  "sorted by another column of the joined row", semantics="list")
# sargable YEAR()/DATE() (MariaDB 11.1): "YEAR(col) = c is rewritten into a range on col".
E("MariaDB:sargable YEAR",
  "SELECT site_id FROM site WHERE strftime('%Y', opened) = '2022' AND opened = date(opened)",
  "SELECT site_id FROM site WHERE opened >= '2022-01-01' AND opened <= '2022-12-31' AND opened = date(opened)",
  "SELECT site_id FROM site WHERE opened > '2022-01-01' AND opened <= '2022-12-31' AND opened = date(opened)",
  "the range's first day excluded", dialect="sqlite")
# derived_merge: "a derived table without aggregation, DISTINCT or LIMIT is merged into
# the outer query".
E("MariaDB:derived_merge",
  "SELECT d.name FROM (SELECT name, capacity FROM site WHERE capacity > 10) AS d WHERE d.capacity < 100",
  "SELECT name FROM site WHERE capacity > 10 AND capacity < 100",
  ("SELECT d.name FROM (SELECT DISTINCT name FROM site WHERE capacity > 10) AS d",
   "SELECT name FROM site WHERE capacity > 10"), "a DISTINCT derived table merged")

# --- Teradata optimizer (query rewrite: join elimination, view folding, partial GROUP BY,
# transitive closure, aggregate join indexes)

# Join elimination with referential integrity: "a join to a parent whose columns are not
# used is removed; with a NULL-able foreign key the child's rows with NULL are filtered".
E("Teradata:join elimination",
  "SELECT r.reading_id, r.kwh FROM reading AS r JOIN meter AS m ON m.meter_id = r.meter_id",
  "SELECT reading_id, kwh FROM reading WHERE meter_id IS NOT NULL",
  "SELECT reading_id, kwh FROM reading", "the NULL foreign keys not filtered")
# Partial GROUP BY (early aggregation): "an aggregation is partly done below a join, on the
# join key, and finished above it".
E("Teradata:partial GROUP BY",
  "SELECT s.region_id, SUM(r.kwh) FROM reading AS r JOIN meter AS m ON m.meter_id = r.meter_id "
  "JOIN site AS s ON s.site_id = m.site_id GROUP BY s.region_id",
  "SELECT s.region_id, SUM(p.k) FROM (SELECT meter_id, SUM(kwh) AS k FROM reading GROUP BY meter_id) AS p "
  "JOIN meter AS m ON m.meter_id = p.meter_id JOIN site AS s ON s.site_id = m.site_id GROUP BY s.region_id",
  ("SELECT s.region_id, COUNT(r.kwh) FROM reading AS r JOIN meter AS m ON m.meter_id = r.meter_id "
   "JOIN site AS s ON s.site_id = m.site_id GROUP BY s.region_id",
   "SELECT s.region_id, COUNT(p.k) FROM (SELECT meter_id, COUNT(kwh) AS k FROM reading GROUP BY meter_id) AS p "
   "JOIN meter AS m ON m.meter_id = p.meter_id JOIN site AS s ON s.site_id = m.site_id GROUP BY s.region_id"),
  "partial counts finished by COUNT instead of SUM")
# View folding: "a view's SELECT is folded into the query that references it".
E("Teradata:view folding",
  "WITH v AS (SELECT site_id, region_id, capacity FROM site WHERE capacity IS NOT NULL) "
  "SELECT region_id, MAX(capacity) FROM v GROUP BY region_id",
  "SELECT region_id, MAX(capacity) FROM site WHERE capacity IS NOT NULL GROUP BY region_id",
  "SELECT region_id, MAX(capacity) FROM site GROUP BY region_id", "the view's filter dropped (MAX ignores NULLs, "
  "but groups of NULLs only appear)")
# Transitive closure: "from a = b and a < c the optimizer derives b < c".
E("Teradata:transitive closure",
  "SELECT s.site_id, o.minutes FROM site AS s JOIN outage AS o ON o.site_id = s.site_id WHERE s.site_id < 3",
  "SELECT s.site_id, o.minutes FROM site AS s JOIN outage AS o ON o.site_id = s.site_id "
  "WHERE s.site_id < 3 AND o.site_id < 3",
  "SELECT s.site_id, o.minutes FROM site AS s JOIN outage AS o ON o.site_id = s.site_id WHERE o.site_id <= 3",
  "the derived predicate off by one, the original dropped")
# NOT IN as a NULL-aware anti join: "x NOT IN (subquery) is an anti join plus a test that
# the subquery yields no NULL".
E("Teradata:NOT IN to anti join",
  "SELECT site_id FROM site WHERE site_id NOT IN (SELECT site_id FROM outage)",
  "SELECT s.site_id FROM site AS s WHERE NOT EXISTS (SELECT 1 FROM outage AS o WHERE o.site_id = s.site_id) "
  "AND NOT EXISTS (SELECT 1 FROM outage AS o WHERE o.site_id IS NULL)",
  "SELECT s.site_id FROM site AS s WHERE NOT EXISTS (SELECT 1 FROM outage AS o WHERE o.site_id = s.site_id)",
  "the NULL test of the NULL-aware anti join dropped")
# DISTINCT as GROUP BY: "SELECT DISTINCT is planned as a GROUP BY on the select list".
E("Teradata:DISTINCT to GROUP BY",
  "SELECT DISTINCT kind, active FROM meter",
  "SELECT kind, active FROM meter GROUP BY kind, active",
  "SELECT kind, active FROM meter GROUP BY kind, active, site_id", "a column outside the select list grouped")
# Predicate simplification: "a range implied by another conjunct is removed".
E("Teradata:predicate simplification",
  "SELECT reading_id FROM reading WHERE kwh > 1.5 AND kwh >= 0.0",
  "SELECT reading_id FROM reading WHERE kwh > 1.5",
  "SELECT reading_id FROM reading WHERE kwh >= 1.5", "the kept bound made inclusive")
# Aggregate join index: "a query is answered from an aggregate join index at a finer grain
# by re-aggregating it (COUNTs summed)".
E("Teradata:aggregate join index",
  "SELECT m.site_id, SUM(r.kwh), COUNT(*) FROM reading AS r JOIN meter AS m ON m.meter_id = r.meter_id "
  "GROUP BY m.site_id",
  "WITH aji AS (SELECT m.site_id, r.day, SUM(r.kwh) AS s, COUNT(*) AS c FROM reading AS r JOIN meter AS m "
  "ON m.meter_id = r.meter_id GROUP BY m.site_id, r.day) SELECT site_id, SUM(s), SUM(c) FROM aji GROUP BY site_id",
  "WITH aji AS (SELECT m.site_id, r.day, SUM(r.kwh) AS s, COUNT(*) AS c FROM reading AS r JOIN meter AS m "
  "ON m.meter_id = r.meter_id GROUP BY m.site_id, r.day) SELECT site_id, SUM(s), COUNT(*) FROM aji GROUP BY site_id",
  "the index's rows counted instead of its counts summed")

# --- Firebird (optimizer notes of its language reference / release notes)

# IS NOT DISTINCT FROM: "`a IS NOT DISTINCT FROM b` is `a = b OR (a IS NULL AND b IS
# NULL)` and can use an index like `=`".
E("Firebird:IS NOT DISTINCT FROM",
  "SELECT a.meter_id, b.meter_id FROM meter AS a JOIN meter AS b ON a.kind IS NOT DISTINCT FROM b.kind "
  "AND a.meter_id < b.meter_id",
  "SELECT a.meter_id, b.meter_id FROM meter AS a JOIN meter AS b ON (a.kind = b.kind OR (a.kind IS NULL "
  "AND b.kind IS NULL)) AND a.meter_id < b.meter_id",
  "SELECT a.meter_id, b.meter_id FROM meter AS a JOIN meter AS b ON a.kind = b.kind AND a.meter_id < b.meter_id",
  "plain `=`: two NULL kinds do not match")
# ROWS m TO n: "ROWS m TO n returns rows m..n of the ordered result, like OFFSET m-1 and a
# count n-m+1".
E("Firebird:ROWS m TO n",
  "SELECT reading_id FROM reading ORDER BY reading_id LIMIT 2 OFFSET 1",
  "SELECT reading_id FROM (SELECT reading_id, ROW_NUMBER() OVER (ORDER BY reading_id) AS rn FROM reading) AS t "
  "WHERE rn BETWEEN 2 AND 3 ORDER BY reading_id",
  "SELECT reading_id FROM (SELECT reading_id, ROW_NUMBER() OVER (ORDER BY reading_id) AS rn FROM reading) AS t "
  "WHERE rn BETWEEN 1 AND 2 ORDER BY reading_id", "rows counted from 0", semantics="list")
# MAX by index navigation: "MAX(k) under an equality filter is read as the first entry of a
# descending index walk (one value; NULL when there is none)".
E("Firebird:MAX by index navigation",
  "SELECT MAX(reading_id) FROM reading WHERE meter_id = 2",
  "SELECT (SELECT reading_id FROM reading WHERE meter_id = 2 ORDER BY reading_id DESC LIMIT 1)",
  "SELECT reading_id FROM reading WHERE meter_id = 2 ORDER BY reading_id DESC LIMIT 1",
  "no row, not one NULL, when nothing matches")
# Common conjunct distribution: "(a AND b) OR (a AND c) is rewritten as a AND (b OR c) so
# that a can use an index".
E("Firebird:common conjunct factoring",
  "SELECT meter_id FROM meter WHERE (active = 1 AND kind = 'solar') OR (active = 1 AND site_id = 2)",
  "SELECT meter_id FROM meter WHERE active = 1 AND (kind = 'solar' OR site_id = 2)",
  "SELECT meter_id FROM meter WHERE (active = 1 AND kind = 'solar') OR site_id = 2",
  "the common conjunct factored out of one disjunct only")

# --- Amazon Redshift (planner behaviour its developer guide documents)

# Informational constraints: "primary and foreign keys are not enforced but the planner
# uses them, e.g. to drop a DISTINCT that the keys make redundant".
E("Redshift:informational constraints DISTINCT",
  "SELECT DISTINCT m.meter_id, s.name FROM meter AS m JOIN site AS s ON s.site_id = m.site_id",
  "SELECT m.meter_id, s.name FROM meter AS m JOIN site AS s ON s.site_id = m.site_id",
  ("SELECT DISTINCT s.site_id, s.name FROM meter AS m JOIN site AS s ON s.site_id = m.site_id",
   "SELECT s.site_id, s.name FROM meter AS m JOIN site AS s ON s.site_id = m.site_id"),
  "DISTINCT dropped with the parent's key only (a site has several meters)")
# Correlated subquery decorrelation: "a correlated scalar aggregate becomes a left join to
# a grouped table".
E("Redshift:decorrelation",
  "SELECT s.site_id, (SELECT SUM(o.minutes) FROM outage AS o WHERE o.site_id = s.site_id) FROM site AS s",
  "SELECT s.site_id, g.m FROM site AS s LEFT JOIN (SELECT site_id, SUM(minutes) AS m FROM outage GROUP BY site_id) "
  "AS g ON g.site_id = s.site_id",
  ("SELECT s.site_id, (SELECT COUNT(*) FROM outage AS o WHERE o.site_id = s.site_id) FROM site AS s",
   "SELECT s.site_id, g.c FROM site AS s LEFT JOIN (SELECT site_id, COUNT(*) AS c FROM outage GROUP BY site_id) "
   "AS g ON g.site_id = s.site_id"), "a COUNT decorrelated without COALESCE (NULL for 0)")
# Predicate pushdown into UNION ALL views: "a filter on a UNION ALL view (time-partitioned
# tables) is pushed into every branch".
E("Redshift:UNION ALL view pushdown",
  "SELECT u.reading_id, u.kwh FROM (SELECT reading_id, kwh FROM reading WHERE day < '2024-01-02' UNION ALL "
  "SELECT reading_id, kwh FROM reading WHERE day >= '2024-01-02') AS u WHERE u.kwh > 1.5",
  "SELECT reading_id, kwh FROM reading WHERE kwh > 1.5",
  "SELECT u.reading_id, u.kwh FROM (SELECT reading_id, kwh FROM reading WHERE day < '2024-01-02' UNION ALL "
  "SELECT reading_id, kwh FROM reading WHERE day > '2024-01-02') AS u WHERE u.kwh > 1.5",
  "the partitions leave out their boundary day")
# DISTINCT aggregates: "COUNT(DISTINCT x) per group is planned as a two-level aggregation
# over the distinct (group, x) pairs".
E("Redshift:DISTINCT aggregate two-phase",
  "SELECT site_id, COUNT(DISTINCT cause) FROM outage GROUP BY site_id",
  "SELECT site_id, COUNT(cause) FROM (SELECT DISTINCT site_id, cause FROM outage) AS d GROUP BY site_id",
  "SELECT site_id, COUNT(*) FROM (SELECT DISTINCT site_id, cause FROM outage) AS d GROUP BY site_id",
  "COUNT(*) over the pairs counts the NULL cause")

# --- Google Spanner (query execution operators: Distributed Union, Apply joins)

# Distributed Union with partial aggregation: "aggregates are computed per split below the
# Distributed Union and combined above it (counts summed)".
E("Spanner:Distributed Union partial aggregate",
  "SELECT COUNT(*), SUM(kwh) FROM reading WHERE quality = 2",
  "SELECT SUM(c), SUM(s) FROM (SELECT COUNT(*) AS c, SUM(kwh) AS s FROM reading WHERE quality = 2 AND reading_id <= 3 "
  "UNION ALL SELECT COUNT(*), SUM(kwh) FROM reading WHERE quality = 2 AND reading_id > 3) AS parts",
  "SELECT SUM(c), SUM(s) FROM (SELECT COUNT(*) AS c, SUM(kwh) AS s FROM reading WHERE quality = 2 AND reading_id <= 3 "
  "UNION ALL SELECT COUNT(*), SUM(kwh) FROM reading WHERE quality = 2 AND reading_id >= 3) AS parts",
  "overlapping splits (one key in both)")
# Distributed Union with a local Limit: "ORDER BY ... LIMIT n is applied per split and
# again globally".
E("Spanner:Distributed Union local limit",
  "SELECT reading_id, kwh FROM reading ORDER BY reading_id LIMIT 2",
  "SELECT reading_id, kwh FROM (SELECT * FROM (SELECT reading_id, kwh FROM reading WHERE meter_id IS NULL "
  "ORDER BY reading_id LIMIT 2) AS a UNION ALL SELECT * FROM (SELECT reading_id, kwh FROM reading "
  "WHERE meter_id IS NOT NULL ORDER BY reading_id LIMIT 2) AS b) AS u ORDER BY reading_id LIMIT 2",
  "SELECT reading_id, kwh FROM (SELECT * FROM (SELECT reading_id, kwh FROM reading WHERE meter_id IS NULL "
  "ORDER BY reading_id LIMIT 1) AS a UNION ALL SELECT * FROM (SELECT reading_id, kwh FROM reading "
  "WHERE meter_id IS NOT NULL ORDER BY reading_id LIMIT 1) AS b) AS u ORDER BY reading_id LIMIT 2",
  "the local limit smaller than the global one", semantics="list")
# Apply join to hash join: "a correlated scalar subquery (Cross Apply) is executed as a
# join with the grouped subquery".
E("Spanner:Apply to join",
  "SELECT s.site_id, s.name FROM site AS s WHERE s.capacity = (SELECT MAX(t.capacity) FROM site AS t "
  "WHERE t.region_id = s.region_id)",
  "SELECT s.site_id, s.name FROM site AS s JOIN (SELECT region_id, MAX(capacity) AS mc FROM site GROUP BY region_id) "
  "AS g ON g.region_id = s.region_id AND g.mc = s.capacity",
  "SELECT s.site_id, s.name FROM site AS s JOIN (SELECT region_id, MAX(capacity) AS mc FROM site GROUP BY region_id) "
  "AS g ON g.region_id IS NOT DISTINCT FROM s.region_id AND g.mc = s.capacity",
  "the correlation matched NULL-safely: the NULL-region group joins")
# Partial aggregation of AVG: "AVG is split into SUM and COUNT per split and divided above".
E("Spanner:partial AVG",
  "SELECT AVG(kwh) FROM reading",
  "SELECT SUM(s) / SUM(c) FROM (SELECT SUM(kwh) AS s, COUNT(kwh) AS c FROM reading WHERE reading_id <= 3 "
  "UNION ALL SELECT SUM(kwh), COUNT(kwh) FROM reading WHERE reading_id > 3) AS parts",
  "SELECT SUM(s) / SUM(c) FROM (SELECT SUM(kwh) AS s, COUNT(*) AS c FROM reading WHERE reading_id <= 3 "
  "UNION ALL SELECT SUM(kwh), COUNT(*) FROM reading WHERE reading_id > 3) AS parts",
  "COUNT(*) for COUNT(kwh): NULL readings counted", dialect="sqlite")
# Partial MAX per split: "MIN/MAX per group is computed per split and re-aggregated".
E("Spanner:partial MAX",
  "SELECT meter_id, MAX(kwh) FROM reading GROUP BY meter_id",
  "SELECT meter_id, MAX(m) FROM (SELECT meter_id, MAX(kwh) AS m FROM reading WHERE day < '2024-01-02' "
  "GROUP BY meter_id UNION ALL SELECT meter_id, MAX(kwh) FROM reading WHERE day >= '2024-01-02' "
  "GROUP BY meter_id) AS u GROUP BY meter_id",
  ("SELECT meter_id, AVG(kwh) FROM reading GROUP BY meter_id",
   "SELECT meter_id, AVG(m) FROM (SELECT meter_id, AVG(kwh) AS m FROM reading WHERE day < '2024-01-02' "
   "GROUP BY meter_id UNION ALL SELECT meter_id, AVG(kwh) FROM reading WHERE day >= '2024-01-02' "
   "GROUP BY meter_id) AS u GROUP BY meter_id"), "AVG re-aggregated as an average of averages")

# --- Informix (query optimizer: subquery flattening, OR, NOT)

# Subquery flattening: "an IN subquery on a unique column is flattened into a join".
E("Informix:subquery flattening",
  "SELECT m.meter_id FROM meter AS m WHERE m.site_id IN (SELECT site_id FROM site WHERE capacity = 100)",
  "SELECT m.meter_id FROM meter AS m JOIN site AS s ON s.site_id = m.site_id WHERE s.capacity = 100",
  ("SELECT s.site_id FROM site AS s WHERE s.site_id IN (SELECT site_id FROM meter WHERE active = 1)",
   "SELECT s.site_id FROM site AS s JOIN meter AS m ON m.site_id = s.site_id WHERE m.active = 1"),
  "flattened over a non-unique column")
# OR to UNION: "a disjunction over two indexed columns is evaluated as a UNION of two
# index scans (duplicates removed by row id)".
E("Informix:OR to UNION",
  "SELECT reading_id FROM reading WHERE meter_id = 1 OR quality = 0",
  "SELECT reading_id FROM reading WHERE meter_id = 1 UNION SELECT reading_id FROM reading WHERE quality = 0",
  "SELECT reading_id FROM reading WHERE meter_id = 1 UNION ALL SELECT reading_id FROM reading WHERE quality = 0",
  "UNION ALL: rows matching both counted twice")
# NOT elimination: "NOT (x BETWEEN a AND b) becomes x < a OR x > b".
E("Informix:NOT BETWEEN",
  "SELECT site_id FROM site WHERE NOT (capacity BETWEEN 20 AND 60)",
  "SELECT site_id FROM site WHERE capacity < 20 OR capacity > 60",
  "SELECT site_id FROM site WHERE capacity < 20 OR capacity > 60 OR capacity IS NULL",
  "NULL taken as outside the range")

# --- SAP ASE / Sybase (optimizer: OR strategy, subquery flattening, search arguments)

# IN list / OR strategy: "x NOT IN (c1, c2) is x <> c1 AND x <> c2".
E("SAP ASE:NOT IN list",
  "SELECT site_id FROM site WHERE capacity NOT IN (10, 100)",
  "SELECT site_id FROM site WHERE capacity <> 10 AND capacity <> 100",
  "SELECT site_id FROM site WHERE NOT (capacity = 10 OR capacity = 100) OR capacity IS NULL",
  "NULL taken as not in the list")
# Subquery flattening into an existence join: "EXISTS is flattened into a join that stops
# at the first match (a DISTINCT join on a key)".
E("SAP ASE:existence join",
  "SELECT r.region_id FROM region AS r WHERE EXISTS (SELECT 1 FROM site AS s WHERE s.region_id = r.region_id "
  "AND s.capacity > 10)",
  "SELECT DISTINCT r.region_id FROM region AS r JOIN site AS s ON s.region_id = r.region_id WHERE s.capacity > 10",
  "SELECT DISTINCT r.region_id FROM region AS r JOIN site AS s ON s.region_id = r.region_id WHERE s.capacity >= 10",
  "`>=` for `>`")
# Search arguments: "arithmetic on a column is moved to the constant side so that the
# predicate is a search argument".
E("SAP ASE:search argument",
  "SELECT site_id FROM site WHERE capacity * 2 > 100",
  "SELECT site_id FROM site WHERE capacity > 50",
  "SELECT site_id FROM site WHERE capacity >= 50", "`>=` after dividing")
# GROUP BY on a key: "a GROUP BY that includes the table's key and no aggregate is a
# projection".
E("SAP ASE:GROUP BY on a key",
  "SELECT site_id, name FROM site GROUP BY site_id, name",
  "SELECT site_id, name FROM site",
  ("SELECT region_id, name FROM site GROUP BY region_id, name", "SELECT region_id, name FROM site"),
  "the grouping dropped without the key")

# --- Azure Synapse / SQL DW (distributed plans: local/global aggregation, materialized views)

# Local-global aggregation: "aggregation is done per distribution (partial) before the
# shuffle and finished after it".
E("Synapse:local-global aggregation",
  "SELECT s.region_id, COUNT(*) FROM meter AS m JOIN site AS s ON s.site_id = m.site_id GROUP BY s.region_id",
  "SELECT s.region_id, SUM(c.n) FROM (SELECT site_id, COUNT(*) AS n FROM meter GROUP BY site_id) AS c "
  "JOIN site AS s ON s.site_id = c.site_id GROUP BY s.region_id",
  "SELECT s.region_id, COUNT(*) FROM (SELECT site_id, COUNT(*) AS n FROM meter GROUP BY site_id) AS c "
  "JOIN site AS s ON s.site_id = c.site_id GROUP BY s.region_id", "the global step counts partial rows")
# Materialized view matching: "a query is answered from a materialized view grouped on
# more columns (with COUNT_BIG(*)), filtering and re-aggregating it".
E("Synapse:materialized view matching",
  "SELECT kind, COUNT(*) FROM meter WHERE active = 1 GROUP BY kind",
  "WITH mv AS (SELECT kind, active, COUNT(*) AS cnt FROM meter GROUP BY kind, active) "
  "SELECT kind, SUM(cnt) FROM mv WHERE active = 1 GROUP BY kind",
  "WITH mv AS (SELECT kind, active, COUNT(kind) AS cnt FROM meter GROUP BY kind, active) "
  "SELECT kind, SUM(cnt) FROM mv WHERE active = 1 GROUP BY kind", "the view counts a column (0 for the NULL kind)")

# --- Apache Pinot (filter optimizers of its query rewriter)

# FlattenAndOrFilterOptimizer: "nested AND / OR of the same kind are flattened".
E("Pinot:FlattenAndOrFilterOptimizer",
  "SELECT meter_id FROM meter WHERE active = 1 AND (kind = 'solar' OR (site_id = 2 OR site_id = 3))",
  "SELECT meter_id FROM meter WHERE active = 1 AND (kind = 'solar' OR site_id = 2 OR site_id = 3)",
  "SELECT meter_id FROM meter WHERE active = 1 AND kind = 'solar' OR site_id = 2 OR site_id = 3",
  "the parentheses lost in flattening")
# MergeEqInFilterOptimizer: "equalities and IN lists on one column under OR are merged into
# one IN list".
E("Pinot:MergeEqInFilterOptimizer",
  "SELECT reading_id FROM reading WHERE meter_id = 1 OR meter_id IN (2, 3) OR meter_id = 3",
  "SELECT reading_id FROM reading WHERE meter_id IN (1, 2, 3)",
  "SELECT reading_id FROM reading WHERE meter_id IN (1, 3)", "a value lost in merging")
# MergeRangeFilterOptimizer: "ranges on one column under AND are merged into the tightest".
E("Pinot:MergeRangeFilterOptimizer",
  "SELECT reading_id FROM reading WHERE kwh > 0.0 AND kwh <= 8.0 AND kwh >= 1.5",
  "SELECT reading_id FROM reading WHERE kwh >= 1.5 AND kwh <= 8.0",
  "SELECT reading_id FROM reading WHERE kwh > 1.5 AND kwh <= 8.0", "the merged lower bound made strict")
# NumericalFilterOptimizer: "a comparison of an integer column with a fractional literal is
# rewritten with an integer literal; an equality with one is false".
E("Pinot:NumericalFilterOptimizer",
  "SELECT reading_id FROM reading WHERE quality > 0.5",
  "SELECT reading_id FROM reading WHERE quality >= 1",
  "SELECT reading_id FROM reading WHERE quality > 1", "rounded up and kept strict")
E("Pinot:NumericalFilterOptimizer",
  "SELECT reading_id FROM reading WHERE quality = 1.5 OR kwh = 8.0",
  "SELECT reading_id FROM reading WHERE kwh = 8.0",
  "SELECT reading_id FROM reading WHERE quality = 1 OR kwh = 8.0", "the fractional literal rounded down")
# IdenticalPredicateFilterOptimizer: "a disjunction of identical predicates is one predicate".
E("Pinot:IdenticalPredicateFilterOptimizer",
  "SELECT meter_id FROM meter WHERE (kind = 'wind' OR kind = 'wind') AND active = 1",
  "SELECT meter_id FROM meter WHERE kind = 'wind' AND active = 1",
  "SELECT meter_id FROM meter WHERE kind = 'wind' OR active = 1", "the AND read as OR")
# TimePredicateFilterOptimizer: "a filter on a time bucket of the time column is rewritten
# into a range on the raw column".
E("Pinot:TimePredicateFilterOptimizer",
  "SELECT reading_id FROM reading WHERE substr(day, 1, 10) = '2024-01-02'",
  "SELECT reading_id FROM reading WHERE day >= '2024-01-02' AND day < '2024-01-03'",
  "SELECT reading_id FROM reading WHERE day >= '2024-01-02' AND day <= '2024-01-03'",
  "the bucket's end included")

# --- Apache Kylin (answering queries from cuboids)

# Cuboid roll-up: "a query at a coarser grain is answered from a finer cuboid by
# re-aggregating its measures (SUM of SUMs, SUM of COUNTs)".
E("Kylin:cuboid roll-up",
  "SELECT region_id, SUM(capacity), COUNT(*) FROM site GROUP BY region_id",
  "SELECT region_id, SUM(cap), SUM(cnt) FROM (SELECT region_id, opened, SUM(capacity) AS cap, COUNT(*) AS cnt "
  "FROM site GROUP BY region_id, opened) AS cuboid GROUP BY region_id",
  ("SELECT region_id, COUNT(DISTINCT name) FROM site GROUP BY region_id",
   "SELECT region_id, SUM(nd) FROM (SELECT region_id, opened, COUNT(DISTINCT name) AS nd FROM site "
   "GROUP BY region_id, opened) AS cuboid GROUP BY region_id"), "a distinct count rolled up by SUM")
# Derived dimension: "a lookup table's columns are derived from the fact's foreign key:
# the cuboid is grouped on the key and the lookup joined afterwards".
E("Kylin:derived dimension",
  "SELECT s.region_id, r.name, COUNT(*) FROM site AS s JOIN region AS r ON r.region_id = s.region_id "
  "GROUP BY s.region_id, r.name",
  "SELECT g.region_id, r.name, g.n FROM (SELECT region_id, COUNT(*) AS n FROM site WHERE region_id IS NOT NULL "
  "GROUP BY region_id) AS g JOIN region AS r ON r.region_id = g.region_id",
  ("SELECT r.name, COUNT(*) FROM site AS s JOIN region AS r ON r.region_id = s.region_id GROUP BY r.name",
   "SELECT r.name, g.n FROM (SELECT region_id, COUNT(*) AS n FROM site GROUP BY region_id) AS g "
   "JOIN region AS r ON r.region_id = g.region_id"), "grouped by a non-key lookup column (names repeat)")

# --- Dremio (reflections, Calcite-based pushdowns)

# Aggregation reflection: "a query is rewritten onto an aggregation reflection at a finer
# grain, rolling up MIN/MAX".
E("Dremio:aggregation reflection",
  "SELECT m.site_id, MIN(r.day), MAX(r.kwh) FROM reading AS r JOIN meter AS m ON m.meter_id = r.meter_id "
  "GROUP BY m.site_id",
  "WITH refl AS (SELECT meter_id, MIN(day) AS d0, MAX(kwh) AS k1 FROM reading GROUP BY meter_id) "
  "SELECT m.site_id, MIN(f.d0), MAX(f.k1) FROM refl AS f JOIN meter AS m ON m.meter_id = f.meter_id GROUP BY m.site_id",
  "WITH refl AS (SELECT meter_id, MIN(day) AS d0, MAX(kwh) AS k1 FROM reading WHERE kwh IS NOT NULL "
  "GROUP BY meter_id) "
  "SELECT m.site_id, MIN(f.d0), MAX(f.k1) FROM refl AS f JOIN meter AS m ON m.meter_id = f.meter_id GROUP BY m.site_id",
  "a reflection with a filter the query does not have")
# Filter pushdown past a project: "a filter on a computed column is pushed below the
# projection, rewritten on the input".
E("Dremio:filter past project",
  "SELECT t.reading_id, t.k2 FROM (SELECT reading_id, kwh * 2 AS k2 FROM reading) AS t WHERE t.k2 > 3.0",
  "SELECT reading_id, kwh * 2 FROM reading WHERE kwh > 1.5",
  "SELECT reading_id, kwh * 2 FROM reading WHERE kwh >= 1.5", "`>=` after rewriting onto the input")

# --- OceanBase (transformer rules ObTransform*)

# ObTransformMinMax: "MIN(x) is read as the first non-NULL x of an ordered scan".
E("OceanBase:ObTransformMinMax",
  "SELECT MIN(kwh) FROM reading",
  "SELECT (SELECT kwh FROM reading WHERE kwh IS NOT NULL ORDER BY kwh LIMIT 1)",
  "SELECT (SELECT kwh FROM reading ORDER BY kwh LIMIT 1)", "NULLs not skipped (SQLite sorts them first)",
  dialect="sqlite")
# ObTransformEliminateOuterJoin: "a left join on a NOT NULL foreign key to the parent's
# primary key is an inner join".
E("OceanBase:ObTransformEliminateOuterJoin",
  "SELECT m.meter_id, s.name FROM meter AS m LEFT JOIN site AS s ON s.site_id = m.site_id",
  "SELECT m.meter_id, s.name FROM meter AS m JOIN site AS s ON s.site_id = m.site_id",
  ("SELECT r.reading_id, m.kind FROM reading AS r LEFT JOIN meter AS m ON m.meter_id = r.meter_id",
   "SELECT r.reading_id, m.kind FROM reading AS r JOIN meter AS m ON m.meter_id = r.meter_id"),
  "made inner over a NULL-able foreign key")
# ObTransformCountToExists: "(SELECT COUNT(*) ...) > 0 is EXISTS (...)".
E("OceanBase:ObTransformCountToExists",
  "SELECT s.site_id FROM site AS s WHERE (SELECT COUNT(*) FROM outage AS o WHERE o.site_id = s.site_id) > 0",
  "SELECT s.site_id FROM site AS s WHERE EXISTS (SELECT 1 FROM outage AS o WHERE o.site_id = s.site_id)",
  ("SELECT s.site_id FROM site AS s WHERE (SELECT COUNT(o.minutes) FROM outage AS o WHERE o.site_id = s.site_id) > 0",
   "SELECT s.site_id FROM site AS s WHERE EXISTS (SELECT 1 FROM outage AS o WHERE o.site_id = s.site_id)"),
  "a COUNT of a NULL-able column taken as EXISTS")
# ObTransformLeftJoinToAnti: "LEFT JOIN ... WHERE inner.key IS NULL is an anti join".
E("OceanBase:ObTransformLeftJoinToAnti",
  "SELECT s.site_id FROM site AS s LEFT JOIN meter AS m ON m.site_id = s.site_id WHERE m.meter_id IS NULL",
  "SELECT s.site_id FROM site AS s WHERE NOT EXISTS (SELECT 1 FROM meter AS m WHERE m.site_id = s.site_id)",
  ("SELECT s.site_id FROM site AS s LEFT JOIN meter AS m ON m.site_id = s.site_id WHERE m.kind IS NULL",
   "SELECT s.site_id FROM site AS s WHERE NOT EXISTS (SELECT 1 FROM meter AS m WHERE m.site_id = s.site_id)"),
  "the IS NULL test on a NULL-able column, not the key")
# ObTransformSimplifyDistinct: "DISTINCT inside MIN/MAX is removed".
E("OceanBase:ObTransformSimplifyDistinct",
  "SELECT site_id, MAX(DISTINCT minutes) FROM outage GROUP BY site_id",
  "SELECT site_id, MAX(minutes) FROM outage GROUP BY site_id",
  ("SELECT site_id, SUM(DISTINCT minutes) FROM outage GROUP BY site_id",
   "SELECT site_id, SUM(minutes) FROM outage GROUP BY site_id"), "DISTINCT removed inside SUM")
# ObTransformSimplifyOrderby: "an ORDER BY in a derived table whose order is not used (no
# LIMIT) is removed".
E("OceanBase:ObTransformSimplifyOrderby",
  "SELECT COUNT(*) FROM (SELECT reading_id FROM reading ORDER BY kwh) AS t",
  "SELECT COUNT(*) FROM reading",
  ("SELECT COUNT(*) FROM (SELECT reading_id FROM reading ORDER BY reading_id LIMIT 3) AS t",
   "SELECT COUNT(*) FROM reading"), "an ORDER BY with a LIMIT removed with its LIMIT")
# ObTransformWinMagic: "a correlated aggregate over the same table is replaced by a window
# aggregate partitioned by the correlation column".
E("OceanBase:ObTransformWinMagic",
  "SELECT r.reading_id FROM reading AS r WHERE r.kwh > (SELECT AVG(x.kwh) FROM reading AS x "
  "WHERE x.meter_id = r.meter_id)",
  "SELECT reading_id FROM (SELECT reading_id, meter_id, kwh, AVG(kwh) OVER (PARTITION BY meter_id) AS a "
  "FROM reading) AS t WHERE kwh > a AND meter_id IS NOT NULL",
  "SELECT reading_id FROM (SELECT reading_id, meter_id, kwh, AVG(kwh) OVER (PARTITION BY meter_id) AS a "
  "FROM reading) AS t WHERE kwh > a", "the NULL partition kept (the correlation never matches NULL)")


# ============================================================ orm (blog)
# author(id PK, username NOT NULL, email, is_active NOT NULL 0/1, karma), post(id PK,
# author_id FK NULL-able, title NOT NULL, status NOT NULL 'draft'/'pub', published text
# date, views, rating REAL), comment(id PK, post_id FK NOT NULL, author_id FK NULL-able,
# score, body NOT NULL, created NOT NULL), tag(id PK, name NOT NULL), post_tag(post_id FK,
# tag_id FK; PK both), and a keyless page_view(post_id FK NULL-able, day NOT NULL, seconds
# REAL) with duplicate rows. In every pair the gold is the SQL the ORM call (quoted above it)
# generates, in the ORM's own shape (quoting, aliases), and the pred is the query a person
# writes for the same question; the mutant is a plausible slip of either.

# --- Django ORM

# Post.objects.filter(author__username='ann').values('id', 'title')
M("Django:filter across a foreign key",
  'SELECT "post"."id", "post"."title" FROM "post" INNER JOIN "author" ON ("post"."author_id" = "author"."id") '
  "WHERE \"author\".\"username\" = 'ann'",
  "SELECT id, title FROM post WHERE author_id IN (SELECT id FROM author WHERE username = 'ann')",
  "SELECT p.id, p.title FROM post AS p LEFT JOIN author AS a ON a.id = p.author_id AND a.username = 'ann'",
  "the filter written into a LEFT JOIN's ON")
# Post.objects.exclude(tags__name='sql').values('id')
M("Django:exclude over a many-to-many",
  'SELECT "post"."id" FROM "post" WHERE NOT ("post"."id" IN (SELECT U1."post_id" FROM "post_tag" U1 '
  "INNER JOIN \"tag\" U2 ON (U1.\"tag_id\" = U2.\"id\") WHERE U2.\"name\" = 'sql'))",
  "SELECT p.id FROM post AS p WHERE NOT EXISTS (SELECT 1 FROM post_tag AS pt JOIN tag AS t ON t.id = pt.tag_id "
  "WHERE pt.post_id = p.id AND t.name = 'sql')",
  "SELECT DISTINCT p.id FROM post AS p JOIN post_tag AS pt ON pt.post_id = p.id JOIN tag AS t ON t.id = pt.tag_id "
  "WHERE t.name <> 'sql'", "'has a tag other than sql' for 'has no sql tag'")
# Post.objects.filter(tags__name__in=['sql', 'orm']).distinct().values('id', 'title')
M("Django:filter many-to-many with distinct",
  'SELECT DISTINCT "post"."id", "post"."title" FROM "post" INNER JOIN "post_tag" ON ("post"."id" = '
  '"post_tag"."post_id") INNER JOIN "tag" ON ("post_tag"."tag_id" = "tag"."id") '
  "WHERE \"tag\".\"name\" IN ('sql', 'orm')",
  "SELECT p.id, p.title FROM post AS p WHERE EXISTS (SELECT 1 FROM post_tag AS pt JOIN tag AS t ON t.id = pt.tag_id "
  "WHERE pt.post_id = p.id AND t.name IN ('sql', 'orm'))",
  ('SELECT "post"."id", "post"."title" FROM "post" INNER JOIN "post_tag" ON ("post"."id" = '
   '"post_tag"."post_id") INNER JOIN "tag" ON ("post_tag"."tag_id" = "tag"."id") '
   "WHERE \"tag\".\"name\" IN ('sql', 'orm')",
   "SELECT p.id, p.title FROM post AS p WHERE EXISTS (SELECT 1 FROM post_tag AS pt JOIN tag AS t ON t.id = pt.tag_id "
   "WHERE pt.post_id = p.id AND t.name IN ('sql', 'orm'))"), "the queryset without .distinct(): one row per tag")
# Post.objects.annotate(n=Count('comment')).values('id', 'n')
M("Django:annotate Count",
  'SELECT "post"."id", COUNT("comment"."id") AS "n" FROM "post" LEFT OUTER JOIN "comment" ON ("post"."id" = '
  '"comment"."post_id") GROUP BY "post"."id"',
  "SELECT p.id, (SELECT COUNT(*) FROM comment AS c WHERE c.post_id = p.id) FROM post AS p",
  "SELECT p.id, COUNT(*) FROM post AS p LEFT JOIN comment AS c ON c.post_id = p.id GROUP BY p.id",
  "COUNT(*) over the outer join: 1 for a post without comments")
# Post.objects.annotate(nc=Count('comment', distinct=True), nt=Count('tags', distinct=True))
M("Django:two annotations over two joins",
  'SELECT "post"."id", COUNT(DISTINCT "comment"."id") AS "nc", COUNT(DISTINCT "post_tag"."tag_id") AS "nt" '
  'FROM "post" LEFT OUTER JOIN "comment" ON ("post"."id" = "comment"."post_id") LEFT OUTER JOIN "post_tag" '
  'ON ("post"."id" = "post_tag"."post_id") GROUP BY "post"."id"',
  "SELECT p.id, (SELECT COUNT(*) FROM comment AS c WHERE c.post_id = p.id), "
  "(SELECT COUNT(*) FROM post_tag AS pt WHERE pt.post_id = p.id) FROM post AS p",
  ('SELECT "post"."id", COUNT("comment"."id") AS "nc", COUNT("post_tag"."tag_id") AS "nt" '
   'FROM "post" LEFT OUTER JOIN "comment" ON ("post"."id" = "comment"."post_id") LEFT OUTER JOIN "post_tag" '
   'ON ("post"."id" = "post_tag"."post_id") GROUP BY "post"."id"',
   "SELECT p.id, (SELECT COUNT(*) FROM comment AS c WHERE c.post_id = p.id), "
   "(SELECT COUNT(*) FROM post_tag AS pt WHERE pt.post_id = p.id) FROM post AS p"),
  "without distinct=True: the two joins multiply the counts")
# Author.objects.annotate(v=Coalesce(Sum('post__views'), 0)).values('id', 'v')
M("Django:annotate Coalesce Sum",
  'SELECT "author"."id", COALESCE(SUM("post"."views"), 0) AS "v" FROM "author" LEFT OUTER JOIN "post" '
  'ON ("author"."id" = "post"."author_id") GROUP BY "author"."id"',
  "SELECT a.id, (SELECT COALESCE(SUM(p.views), 0) FROM post AS p WHERE p.author_id = a.id) FROM author AS a",
  "SELECT a.id, SUM(p.views) FROM author AS a JOIN post AS p ON p.author_id = a.id GROUP BY a.id",
  "an inner join and no COALESCE: authors without posts vanish")
# Post.objects.annotate(top=Subquery(Comment.objects.filter(post=OuterRef('pk'))
#     .order_by('-score', 'id').values('body')[:1])).values('id', 'top')
M("Django:Subquery OuterRef first row",
  'SELECT "post"."id", (SELECT U0."body" FROM "comment" U0 WHERE U0."post_id" = ("post"."id") '
  'ORDER BY U0."score" DESC, U0."id" ASC LIMIT 1) AS "top" FROM "post"',
  "SELECT p.id, c.body FROM post AS p LEFT JOIN (SELECT post_id, body, ROW_NUMBER() OVER (PARTITION BY post_id "
  "ORDER BY score DESC, id) AS rn FROM comment) AS c ON c.post_id = p.id AND c.rn = 1",
  "SELECT p.id, c.body FROM post AS p LEFT JOIN (SELECT post_id, body, ROW_NUMBER() OVER (PARTITION BY post_id "
  "ORDER BY score DESC, id) AS rn FROM comment) AS c ON c.post_id = p.id WHERE c.rn = 1",
  "the rank filter in WHERE: posts without comments dropped")
# Post.objects.filter(Exists(Comment.objects.filter(post=OuterRef('pk'), score__gt=0))).values('id')
M("Django:filter Exists",
  'SELECT "post"."id" FROM "post" WHERE EXISTS(SELECT 1 AS "a" FROM "comment" U0 WHERE (U0."post_id" = '
  '("post"."id") AND U0."score" > 0) LIMIT 1)',
  "SELECT DISTINCT p.id FROM post AS p JOIN comment AS c ON c.post_id = p.id WHERE c.score > 0",
  "SELECT DISTINCT p.id FROM post AS p JOIN comment AS c ON c.post_id = p.id WHERE c.score >= 0",
  "`>=` for `>`")
# Post.objects.filter(status='pub').exists()
M("Django:exists()",
  'SELECT 1 AS "a" FROM "post" WHERE "post"."status" = \'pub\' LIMIT 1',
  "SELECT 1 WHERE EXISTS (SELECT 1 FROM post WHERE status = 'pub')",
  "SELECT 1 FROM post WHERE status = 'pub'", "LIMIT 1 forgotten: one row per match")
# Post.objects.values('author_id').distinct().count()
M("Django:values distinct count",
  'SELECT COUNT(*) FROM (SELECT DISTINCT "post"."author_id" AS "col1" FROM "post") subquery',
  "SELECT COUNT(DISTINCT author_id) + CASE WHEN EXISTS (SELECT 1 FROM post WHERE author_id IS NULL) "
  "THEN 1 ELSE 0 END FROM post",
  "SELECT COUNT(DISTINCT author_id) FROM post", "COUNT(DISTINCT) does not count the NULL value")
# Post.objects.filter(published__year=2024) on a DateField: Django emits a BETWEEN on the
# year's first and last day (the column holds dates: both sides keep well-formed dates).
M("Django:__year lookup",
  'SELECT "post"."id" FROM "post" WHERE "post"."published" BETWEEN \'2024-01-01\' AND \'2024-12-31\' '
  'AND "post"."published" = date("post"."published")',
  "SELECT id FROM post WHERE strftime('%Y', published) = '2024' AND published = date(published)",
  "SELECT id FROM post WHERE published > '2024-01-01' AND published < '2025-01-01' AND published = date(published)",
  "New Year's day excluded", dialect="sqlite")
# Post.objects.select_related('author').values('id', 'author__username')
M("Django:select_related nullable foreign key",
  'SELECT "post"."id", "author"."username" FROM "post" LEFT OUTER JOIN "author" ON ("post"."author_id" = "author"."id")',
  "SELECT p.id, (SELECT a.username FROM author AS a WHERE a.id = p.author_id) FROM post AS p",
  'SELECT "post"."id", "author"."username" FROM "post" INNER JOIN "author" ON ("post"."author_id" = "author"."id")',
  "INNER JOIN over the NULL-able foreign key")
# Post.objects.values('status').annotate(n=Count('id'), v=Avg('views')).order_by()
M("Django:values annotate group by",
  'SELECT "post"."status", COUNT("post"."id") AS "n", AVG("post"."views") AS "v" FROM "post" GROUP BY "post"."status"',
  "SELECT status, COUNT(*), SUM(views) * 1.0 / COUNT(views) FROM post GROUP BY status",
  "SELECT status, COUNT(*), SUM(views) / COUNT(views) FROM post GROUP BY status",
  "integer division for the average", dialect="sqlite")
# Post.objects.filter(Q(comment__score__gt=0) | Q(views__gt=10)).distinct().values('id')
M("Django:Q OR across a relation",
  'SELECT DISTINCT "post"."id" FROM "post" LEFT OUTER JOIN "comment" ON ("post"."id" = "comment"."post_id") '
  'WHERE ("comment"."score" > 0 OR "post"."views" > 10)',
  "SELECT p.id FROM post AS p WHERE p.views > 10 OR EXISTS (SELECT 1 FROM comment AS c WHERE c.post_id = p.id "
  "AND c.score > 0)",
  'SELECT DISTINCT "post"."id" FROM "post" INNER JOIN "comment" ON ("post"."id" = "comment"."post_id") '
  'WHERE ("comment"."score" > 0 OR "post"."views" > 10)', "the join not promoted to LEFT OUTER for the OR")
# Comment.objects.filter(post__in=Post.objects.filter(status='pub')) (prefetch shape)
M("Django:prefetch IN subquery",
  'SELECT U0."id", U0."body" FROM "comment" U0 WHERE U0."post_id" IN (SELECT V0."id" FROM "post" V0 '
  "WHERE V0.\"status\" = 'pub')",
  "SELECT c.id, c.body FROM comment AS c JOIN post AS p ON p.id = c.post_id WHERE p.status = 'pub'",
  "SELECT c.id, c.body FROM comment AS c LEFT JOIN post AS p ON p.id = c.post_id AND p.status = 'pub'",
  "the filter in a LEFT JOIN's ON keeps every comment")
# Post.objects.filter(status='pub').order_by('id').first()
M("Django:first()",
  'SELECT "post"."id", "post"."title" FROM "post" WHERE "post"."status" = \'pub\' ORDER BY "post"."id" ASC LIMIT 1',
  "SELECT id, title FROM post WHERE id = (SELECT MIN(id) FROM post WHERE status = 'pub')",
  "SELECT id, title FROM post WHERE status = 'pub' AND id = (SELECT MIN(id) FROM post)",
  "the minimum taken over all posts")
# Post.objects.filter(comment__score__gt=0, comment__body='spam') (one comment satisfies both)
M("Django:one filter() on a multi-valued relation",
  'SELECT DISTINCT "post"."id" FROM "post" INNER JOIN "comment" ON ("post"."id" = "comment"."post_id") '
  "WHERE (\"comment\".\"score\" > 0 AND \"comment\".\"body\" = 'spam')",
  "SELECT p.id FROM post AS p WHERE EXISTS (SELECT 1 FROM comment AS c WHERE c.post_id = p.id AND c.score > 0 "
  "AND c.body = 'spam')",
  'SELECT DISTINCT "post"."id" FROM "post" INNER JOIN "comment" ON ("post"."id" = "comment"."post_id") '
  'INNER JOIN "comment" T3 ON ("post"."id" = T3."post_id") '
  "WHERE (\"comment\".\"score\" > 0 AND T3.\"body\" = 'spam')",
  "chained .filter().filter(): the two conditions may hold on different comments")

# --- SQLAlchemy

# session.query(Post.id, Post.title).filter(Post.comments.any(Comment.score > 0))
M("SQLAlchemy:relationship any()",
  "SELECT post.id AS post_id, post.title AS post_title FROM post WHERE EXISTS (SELECT 1 FROM comment "
  "WHERE post.id = comment.post_id AND comment.score > 0)",
  "SELECT id, title FROM post WHERE id IN (SELECT post_id FROM comment WHERE score > 0)",
  ("SELECT post.id AS post_id, post.title AS post_title FROM post WHERE NOT (EXISTS (SELECT 1 FROM comment "
   "WHERE post.id = comment.post_id AND comment.score > 0))",
   "SELECT id, title FROM post WHERE id IN (SELECT post_id FROM comment WHERE score <= 0)"),
  "~any(score > 0) read as 'some comment with score <= 0'")
# session.query(Comment.id).filter(Comment.author.has(Author.is_active == 1))
M("SQLAlchemy:relationship has()",
  "SELECT comment.id AS comment_id FROM comment WHERE EXISTS (SELECT 1 FROM author "
  "WHERE author.id = comment.author_id AND author.is_active = 1)",
  "SELECT c.id FROM comment AS c JOIN author AS a ON a.id = c.author_id WHERE a.is_active = 1",
  ("SELECT comment.id AS comment_id FROM comment WHERE NOT (EXISTS (SELECT 1 FROM author "
   "WHERE author.id = comment.author_id AND author.is_active = 1))",
   "SELECT c.id FROM comment AS c JOIN author AS a ON a.id = c.author_id WHERE a.is_active = 0"),
  "~has(...) as a join: comments without an author dropped")
# session.query(Post).join(Post.tags).filter(PostTag.tag_id.in_([1, 2])).count()
M("SQLAlchemy:query.count() over a join",
  "SELECT count(*) AS count_1 FROM (SELECT post.id AS post_id, post.author_id AS post_author_id FROM post "
  "JOIN post_tag ON post.id = post_tag.post_id WHERE post_tag.tag_id IN (1, 2)) AS anon_1",
  "SELECT COUNT(*) FROM post_tag WHERE tag_id IN (1, 2)",
  "SELECT COUNT(DISTINCT post_id) FROM post_tag WHERE tag_id IN (1, 2)",
  "counted posts, but count() counts the joined rows")
# session.query(Post).join(Post.author).filter(Author.karma > 0).options(joinedload(Post.author))
M("SQLAlchemy:joinedload next to an explicit join",
  "SELECT post.id AS post_id, author_1.id AS author_1_id, author_1.username AS author_1_username FROM post "
  "JOIN author ON author.id = post.author_id LEFT OUTER JOIN author AS author_1 ON author_1.id = post.author_id "
  "WHERE author.karma > 0",
  "SELECT p.id, a.id, a.username FROM post AS p JOIN author AS a ON a.id = p.author_id WHERE a.karma > 0",
  "SELECT p.id, a.id, a.username FROM post AS p LEFT JOIN author AS a ON a.id = p.author_id AND a.karma > 0",
  "the filter in the eager load's ON (contains_eager misuse)")
# session.query(Post).filter(Post.views > 10).options(subqueryload(Post.comments))
M("SQLAlchemy:subqueryload",
  "SELECT comment.id AS comment_id, anon_1.post_id AS anon_1_post_id FROM (SELECT post.id AS post_id FROM post "
  "WHERE post.views > 10) AS anon_1 JOIN comment ON anon_1.post_id = comment.post_id",
  "SELECT c.id, c.post_id FROM comment AS c WHERE c.post_id IN (SELECT id FROM post WHERE views > 10)",
  "SELECT c.id, c.post_id FROM comment AS c WHERE c.post_id IN (SELECT id FROM post WHERE views >= 10)",
  "`>=` for `>`")
# session.query(Author.id, func.count(distinct(Post.id))).join(Author.posts).group_by(Author.id)
#     .having(func.count(distinct(Post.id)) >= 2)
M("SQLAlchemy:group_by having count distinct",
  "SELECT author.id AS author_id, count(DISTINCT post.id) AS count_1 FROM author JOIN post ON author.id = "
  "post.author_id GROUP BY author.id HAVING count(DISTINCT post.id) >= 2",
  "SELECT author_id, COUNT(*) FROM post WHERE author_id IS NOT NULL GROUP BY author_id HAVING COUNT(*) >= 2",
  "SELECT author_id, COUNT(*) FROM post GROUP BY author_id HAVING COUNT(*) >= 2",
  "the posts without an author form a group")
# session.query(exists().where(Post.status == 'pub')).scalar()
M("SQLAlchemy:exists() scalar",
  "SELECT EXISTS (SELECT * FROM post WHERE post.status = 'pub') AS anon_1",
  "SELECT COUNT(*) > 0 FROM post WHERE status = 'pub'",
  "SELECT MAX(CASE WHEN status = 'pub' THEN 1 ELSE 0 END) = 1 FROM post", "MAX over no rows is NULL, not false")
# q1.union(q2) wraps both in anon_1
M("SQLAlchemy:union",
  "SELECT anon_1.post_id FROM (SELECT post.id AS post_id FROM post WHERE post.views > 10 UNION "
  "SELECT post.id AS post_id FROM post WHERE post.rating > 2.5) AS anon_1",
  "SELECT id FROM post WHERE views > 10 OR rating > 2.5",
  "SELECT anon_1.post_id FROM (SELECT post.id AS post_id FROM post WHERE post.views > 10 UNION ALL "
  "SELECT post.id AS post_id FROM post WHERE post.rating > 2.5) AS anon_1", "union_all(): a post in both twice")
# session.query(Post.id).outerjoin(Post.comments).filter(Comment.id == None)
M("SQLAlchemy:outerjoin filter None",
  "SELECT post.id AS post_id FROM post LEFT OUTER JOIN comment ON post.id = comment.post_id WHERE comment.id IS NULL",
  "SELECT p.id FROM post AS p WHERE NOT EXISTS (SELECT 1 FROM comment AS c WHERE c.post_id = p.id)",
  ("SELECT post.id AS post_id FROM post LEFT OUTER JOIN comment ON post.id = comment.post_id "
   "WHERE comment.author_id IS NULL",
   "SELECT p.id FROM post AS p WHERE NOT EXISTS (SELECT 1 FROM comment AS c WHERE c.post_id = p.id)"),
  "filter(Comment.author_id == None): a NULL-able column, not the key")

# --- Ruby on Rails ActiveRecord

# Author.where.missing(:posts).select(:id)
M("ActiveRecord:where.missing",
  'SELECT "author"."id" FROM "author" LEFT OUTER JOIN "post" ON "post"."author_id" = "author"."id" '
  'WHERE "post"."id" IS NULL',
  "SELECT id FROM author WHERE id NOT IN (SELECT author_id FROM post WHERE author_id IS NOT NULL)",
  "SELECT id FROM author WHERE id NOT IN (SELECT author_id FROM post)",
  "NOT IN over the NULL-able post.author_id")
# Post.where.not(author_id: [1, 2]).select(:id)
M("ActiveRecord:where.not with a list",
  'SELECT "post"."id" FROM "post" WHERE "post"."author_id" NOT IN (1, 2)',
  "SELECT id FROM post WHERE author_id <> 1 AND author_id <> 2",
  "SELECT id FROM post WHERE NOT (author_id IN (1, 2) AND author_id IS NOT NULL)",
  "posts without an author taken as 'not 1 or 2'")
# Post.where(author_id: 3).exists?
M("ActiveRecord:exists?",
  'SELECT 1 AS one FROM "post" WHERE "post"."author_id" = 3 LIMIT 1',
  "SELECT 1 WHERE EXISTS (SELECT 1 FROM post WHERE author_id = 3)",
  "SELECT COUNT(*) FROM post WHERE author_id = 3 LIMIT 1", "a count returns a row even for no match")
# Post.group(:status).count
M("ActiveRecord:group count",
  'SELECT COUNT(*) AS "count_all", "post"."status" AS "post_status" FROM "post" GROUP BY "post"."status"',
  "SELECT COUNT(id), status FROM post GROUP BY status",
  ('SELECT COUNT("post"."published") AS "count_published", "post"."status" AS "post_status" FROM "post" '
   'GROUP BY "post"."status"', "SELECT COUNT(*), status FROM post GROUP BY status"),
  "group(:status).count(:published) counts non-NULL dates, not rows")
# Post.includes(:author).where(author: {is_active: 1}).references(:author) (eager_load)
M("ActiveRecord:eager_load with a condition",
  'SELECT "post"."id" AS t0_r0, "post"."title" AS t0_r1, "author"."id" AS t1_r0 FROM "post" LEFT OUTER JOIN "author" '
  'ON "author"."id" = "post"."author_id" WHERE "author"."is_active" = 1',
  "SELECT p.id, p.title, a.id FROM post AS p JOIN author AS a ON a.id = p.author_id WHERE a.is_active = 1",
  ('SELECT "post"."id" AS t0_r0, "post"."title" AS t0_r1, "author"."id" AS t1_r0 FROM "post" LEFT OUTER JOIN '
   '"author" ON "author"."id" = "post"."author_id" WHERE "author"."email" IS NULL',
   "SELECT p.id, p.title, a.id FROM post AS p JOIN author AS a ON a.id = p.author_id WHERE a.email IS NULL"),
  "an IS NULL condition does not make the eager load's outer join inner")
# Post.distinct.count(:author_id)
M("ActiveRecord:distinct count column",
  'SELECT COUNT(DISTINCT "post"."author_id") FROM "post"',
  "SELECT COUNT(*) FROM (SELECT DISTINCT author_id FROM post WHERE author_id IS NOT NULL) AS t",
  "SELECT COUNT(*) FROM (SELECT DISTINCT author_id FROM post) AS t", "the NULL author counted as a value")
# Post.joins(:comments).group('post.id').having('COUNT(comment.id) > 1').select(:id)
M("ActiveRecord:joins group having",
  'SELECT "post"."id" FROM "post" INNER JOIN "comment" ON "comment"."post_id" = "post"."id" '
  'GROUP BY "post"."id" HAVING (COUNT(comment.id) > 1)',
  "SELECT p.id FROM post AS p WHERE (SELECT COUNT(*) FROM comment AS c WHERE c.post_id = p.id) > 1",
  "SELECT p.id FROM post AS p WHERE (SELECT COUNT(DISTINCT c.author_id) FROM comment AS c "
  "WHERE c.post_id = p.id) > 1", "distinct commenters for comments")
# Post.where('views > 0').find_in_batches(batch_size: 3), its first two batches (keyset: id > the last
# id of the batch before), against the first six rows by id
M("ActiveRecord:find_in_batches",
  "SELECT * FROM (SELECT \"post\".\"id\", \"post\".\"title\" FROM \"post\" WHERE (views > 0) ORDER BY \"post\".\"id\" "
  "ASC LIMIT 3) AS b1 UNION ALL SELECT * FROM (SELECT \"post\".\"id\", \"post\".\"title\" FROM \"post\" "
  "WHERE (views > 0) AND \"post\".\"id\" > (SELECT MAX(x.id) FROM (SELECT id FROM post WHERE views > 0 "
  "ORDER BY id LIMIT 3) AS x) ORDER BY \"post\".\"id\" ASC LIMIT 3) AS b2",
  "SELECT id, title FROM post WHERE views > 0 ORDER BY id LIMIT 6",
  ("SELECT * FROM (SELECT \"post\".\"id\", \"post\".\"title\" FROM \"post\" WHERE (views > 0) ORDER BY \"post\".\"id\" "
   "ASC LIMIT 3) AS b1 UNION ALL SELECT * FROM (SELECT \"post\".\"id\", \"post\".\"title\" FROM \"post\" "
   "WHERE (views > 0) ORDER BY \"post\".\"id\" ASC LIMIT 3 OFFSET 2) AS b2",
   "SELECT id, title FROM post WHERE views > 0 ORDER BY id LIMIT 6"), "the second batch by OFFSET 2: an overlap")
# Post.where(author: Author.where('karma > 5')).select(:id)
M("ActiveRecord:where with a relation",
  'SELECT "post"."id" FROM "post" WHERE "post"."author_id" IN (SELECT "author"."id" FROM "author" WHERE (karma > 5))',
  "SELECT p.id FROM post AS p JOIN author AS a ON a.id = p.author_id WHERE a.karma > 5",
  "SELECT p.id FROM post AS p JOIN author AS a ON a.id = p.author_id WHERE a.karma >= 5", "`>=` for `>`")

# --- Hibernate ORM 6 (HQL / Criteria; aliases p1_0, c1_0)

# select p.id, size(p.comments) from Post p
M("Hibernate:size() of a collection",
  "select p1_0.id,(select count(c1_0.id) from comment c1_0 where p1_0.id=c1_0.post_id) from post p1_0",
  "SELECT p.id, COUNT(c.id) FROM post AS p LEFT JOIN comment AS c ON c.post_id = p.id GROUP BY p.id",
  "SELECT p.id, COUNT(c.id) FROM post AS p JOIN comment AS c ON c.post_id = p.id GROUP BY p.id",
  "an inner join: posts without comments dropped")
# select p.id from Post p where p.comments is empty
M("Hibernate:is empty",
  "select p1_0.id from post p1_0 where not exists(select 1 from comment c1_0 where p1_0.id=c1_0.post_id)",
  "SELECT p.id FROM post AS p LEFT JOIN comment AS c ON c.post_id = p.id WHERE c.id IS NULL",
  ("select p1_0.id from post p1_0 where exists(select 1 from comment c1_0 where p1_0.id=c1_0.post_id)",
   "SELECT p.id FROM post AS p JOIN comment AS c ON c.post_id = p.id"), "'is not empty' as a join: duplicates")
# select p.id from Post p where p.author.username = 'ann' or p.views > 50 (implicit join is inner)
M("Hibernate:implicit join is inner",
  "select p1_0.id from post p1_0 join author a1_0 on a1_0.id=p1_0.author_id where a1_0.username='ann' or p1_0.views>50",
  "SELECT id FROM post WHERE author_id IS NOT NULL AND (author_id IN (SELECT id FROM author WHERE username = 'ann') "
  "OR views > 50)",
  "SELECT id FROM post WHERE author_id IN (SELECT id FROM author WHERE username = 'ann') OR views > 50",
  "what was meant, not what the implicit inner join does")
# select p.id from Post p where :tag member of p.tags (tag 2)
M("Hibernate:member of",
  "select p1_0.id from post p1_0 where 2 in (select t1_0.tag_id from post_tag t1_0 where p1_0.id=t1_0.post_id)",
  "SELECT p.id FROM post AS p WHERE EXISTS (SELECT 1 FROM post_tag AS pt WHERE pt.post_id = p.id AND pt.tag_id = 2)",
  "SELECT p.id FROM post AS p WHERE EXISTS (SELECT 1 FROM post_tag AS pt WHERE pt.post_id = p.id AND pt.tag_id <> 2)",
  "some other tag")
# select count(distinct p) from Post p join p.tags t
M("Hibernate:count distinct root",
  "select count(distinct p1_0.id) from post p1_0 join post_tag t1_0 on p1_0.id=t1_0.post_id",
  "SELECT COUNT(*) FROM post AS p WHERE EXISTS (SELECT 1 FROM post_tag AS pt WHERE pt.post_id = p.id)",
  "select count(p1_0.id) from post p1_0 join post_tag t1_0 on p1_0.id=t1_0.post_id",
  "count(p) without distinct counts the joined rows")
# @Where(clause = "status = 'pub'") on Post, select c.id, c.post.title from Comment c
M("Hibernate:@Where on a joined entity",
  "select c1_0.id,p1_0.title from comment c1_0 join post p1_0 on p1_0.id=c1_0.post_id and (p1_0.status = 'pub')",
  "SELECT c.id, p.title FROM comment AS c JOIN post AS p ON p.id = c.post_id WHERE p.status = 'pub'",
  ("select c1_0.id,p1_0.title from comment c1_0 left join post p1_0 on p1_0.id=c1_0.post_id and (p1_0.status = 'pub')",
   "SELECT c.id, p.title FROM comment AS c LEFT JOIN post AS p ON p.id = c.post_id WHERE p.status = 'pub'"),
  "with a left join, the restriction in ON is not the restriction in WHERE")
# select avg(p.views) from Post p (Hibernate casts the argument to a floating type)
M("Hibernate:avg with a cast",
  "select avg(cast(p1_0.views as float)) from post p1_0",
  "SELECT AVG(views) FROM post",
  "SELECT SUM(views) / COUNT(*) FROM post", "integer division by all rows", dialect="sqlite")
# select distinct p from Post p left join fetch p.comments (distinct passed to SQL)
M("Hibernate:distinct with join fetch",
  "select distinct p1_0.id,p1_0.title,c1_0.id from post p1_0 left join comment c1_0 on p1_0.id=c1_0.post_id",
  "SELECT p.id, p.title, c.id FROM post AS p LEFT JOIN comment AS c ON c.post_id = p.id",
  ("select distinct p1_0.id,c1_0.body from post p1_0 left join comment c1_0 on p1_0.id=c1_0.post_id",
   "SELECT p.id, c.body FROM post AS p LEFT JOIN comment AS c ON c.post_id = p.id"),
  "DISTINCT dropped when the fetched columns are not the child's key")

# --- Prisma

# prisma.post.findMany({ where: { comments: { some: { score: { gt: 0 } } } }, select: { id: true } })
M("Prisma:relation filter some",
  'SELECT "post"."id" FROM "post" WHERE ("post"."id") IN (SELECT "t0"."post_id" FROM "comment" AS "t0" '
  'WHERE ("t0"."score" > 0 AND "t0"."post_id" IS NOT NULL))',
  "SELECT p.id FROM post AS p WHERE EXISTS (SELECT 1 FROM comment AS c WHERE c.post_id = p.id AND c.score > 0)",
  "SELECT p.id FROM post AS p JOIN comment AS c ON c.post_id = p.id WHERE c.score > 0",
  "a join: one row per matching comment")
# prisma.author.findMany({ where: { posts: { none: { views: { gt: 50 } } } }, select: { id: true } })
M("Prisma:relation filter none",
  'SELECT "author"."id" FROM "author" WHERE ("author"."id") NOT IN (SELECT "t0"."author_id" FROM "post" AS "t0" '
  'WHERE ("t0"."views" > 50 AND "t0"."author_id" IS NOT NULL))',
  "SELECT a.id FROM author AS a WHERE NOT EXISTS (SELECT 1 FROM post AS p WHERE p.author_id = a.id AND p.views > 50)",
  'SELECT "author"."id" FROM "author" WHERE ("author"."id") NOT IN (SELECT "t0"."author_id" FROM "post" AS "t0" '
  'WHERE ("t0"."views" > 50))', "the generated NOT IN without its IS NOT NULL guard")
# prisma.post.findMany({ where: { comments: { every: { score: { gt: 0 } } } }, select: { id: true } })
M("Prisma:relation filter every",
  'SELECT "post"."id" FROM "post" WHERE ("post"."id") NOT IN (SELECT "t0"."post_id" FROM "comment" AS "t0" '
  'WHERE ((NOT "t0"."score" > 0) AND "t0"."post_id" IS NOT NULL))',
  "SELECT p.id FROM post AS p WHERE NOT EXISTS (SELECT 1 FROM comment AS c WHERE c.post_id = p.id AND c.score <= 0)",
  "SELECT p.id FROM post AS p WHERE EXISTS (SELECT 1 FROM comment AS c WHERE c.post_id = p.id AND c.score > 0) "
  "AND NOT EXISTS (SELECT 1 FROM comment AS c WHERE c.post_id = p.id AND c.score <= 0)",
  "'every' made non-vacuous: posts without comments dropped")
# prisma.post.findMany({ select: { id: true, _count: { select: { comments: true } } } })
M("Prisma:_count",
  'SELECT "post"."id", COALESCE("aggr_selection_0_comment"."_aggr_count_comments", 0) AS "_aggr_count_comments" '
  'FROM "post" LEFT JOIN (SELECT "comment"."post_id", COUNT(*) AS "_aggr_count_comments" FROM "comment" '
  'WHERE 1=1 GROUP BY "comment"."post_id") AS "aggr_selection_0_comment" ON ("post"."id" = '
  '"aggr_selection_0_comment"."post_id")',
  "SELECT p.id, (SELECT COUNT(*) FROM comment AS c WHERE c.post_id = p.id) FROM post AS p",
  'SELECT "post"."id", "aggr_selection_0_comment"."_aggr_count_comments" '
  'FROM "post" LEFT JOIN (SELECT "comment"."post_id", COUNT(*) AS "_aggr_count_comments" FROM "comment" '
  'WHERE 1=1 GROUP BY "comment"."post_id") AS "aggr_selection_0_comment" ON ("post"."id" = '
  '"aggr_selection_0_comment"."post_id")', "the COALESCE dropped: NULL for no comments")
# prisma.post.findFirst({ where: { views: { not: null } }, orderBy: [{ views: 'desc' }, { id: 'asc' }] })
M("Prisma:findFirst orderBy",
  'SELECT "post"."id" FROM "post" WHERE "post"."views" IS NOT NULL ORDER BY "post"."views" DESC, "post"."id" ASC '
  "LIMIT 1 OFFSET 0",
  "SELECT id FROM post WHERE id = (SELECT MIN(id) FROM post WHERE views = (SELECT MAX(views) FROM post))",
  "SELECT id FROM post WHERE views = (SELECT MAX(views) FROM post)", "every post tied for the maximum")
# prisma.post.groupBy({ by: ['author_id'], _sum: { views: true }, having: { views: { _sum: { gt: 10 } } } })
M("Prisma:groupBy having",
  'SELECT "post"."author_id", SUM("post"."views") FROM "post" WHERE 1=1 GROUP BY "post"."author_id" '
  'HAVING SUM("post"."views") > 10',
  "SELECT author_id, SUM(views) FROM post GROUP BY author_id HAVING SUM(views) > 10",
  "SELECT author_id, SUM(views) FROM post WHERE views > 10 GROUP BY author_id",
  "the having on the sum as a row filter")

# --- Entity Framework Core (SQLite and Npgsql providers' shapes)

# posts.Select(p => new { p.Id, HasComments = p.Comments.Any() })
M("EF Core:Any() in a projection",
  'SELECT "p"."id", CASE WHEN EXISTS (SELECT 1 FROM "comment" AS "c" WHERE "p"."id" = "c"."post_id") '
  'THEN 1 ELSE 0 END AS "HasComments" FROM "post" AS "p"',
  "SELECT p.id, (SELECT COUNT(*) FROM comment AS c WHERE c.post_id = p.id) > 0 FROM post AS p",
  "SELECT p.id, COUNT(c.id) > 0 FROM post AS p JOIN comment AS c ON c.post_id = p.id GROUP BY p.id",
  "an inner join: posts without comments dropped", dialect="sqlite")
# posts.Select(p => new { p.Id, First = p.Comments.OrderBy(c => c.Id).Select(c => c.Body).FirstOrDefault() })
M("EF Core:FirstOrDefault in a projection",
  'SELECT "p"."id", "t0"."body" FROM "post" AS "p" LEFT JOIN (SELECT "t"."post_id", "t"."body" FROM (SELECT '
  '"c"."post_id", "c"."body", ROW_NUMBER() OVER(PARTITION BY "c"."post_id" ORDER BY "c"."id") AS "row" '
  'FROM "comment" AS "c") AS "t" WHERE "t"."row" <= 1) AS "t0" ON "p"."id" = "t0"."post_id"',
  "SELECT p.id, (SELECT c.body FROM comment AS c WHERE c.post_id = p.id ORDER BY c.id LIMIT 1) FROM post AS p",
  'SELECT "p"."id", "t0"."body" FROM "post" AS "p" LEFT JOIN (SELECT "t"."post_id", "t"."body" FROM (SELECT '
  '"c"."post_id", "c"."body", ROW_NUMBER() OVER(PARTITION BY "c"."post_id" ORDER BY "c"."id") AS "row" '
  'FROM "comment" AS "c") AS "t" WHERE "t"."row" <= 2) AS "t0" ON "p"."id" = "t0"."post_id"',
  "Take(2) for FirstOrDefault: two rows per post")
# authors.Select(a => new { a.Id, MaxViews = a.Posts.Max(p => (int?)p.Views) })
M("EF Core:nullable Max over a navigation",
  'SELECT "a"."id", (SELECT MAX("p"."views") FROM "post" AS "p" WHERE "a"."id" = "p"."author_id") AS "MaxViews" '
  'FROM "author" AS "a"',
  "SELECT a.id, MAX(p.views) FROM author AS a LEFT JOIN post AS p ON p.author_id = a.id GROUP BY a.id",
  "SELECT a.id, COALESCE(MAX(p.views), 0) FROM author AS a LEFT JOIN post AS p ON p.author_id = a.id GROUP BY a.id",
  "0 for no posts, where the (int?) projection is NULL")
# posts.Where(p => !ids.Contains(p.AuthorId)) with ids = [1, 2] (C# null semantics compensated)
M("EF Core:negated Contains with null compensation",
  'SELECT "p"."id" FROM "post" AS "p" WHERE "p"."author_id" NOT IN (1, 2) OR "p"."author_id" IS NULL',
  "SELECT id FROM post WHERE COALESCE(author_id, 0) NOT IN (1, 2)",
  "SELECT id FROM post WHERE author_id NOT IN (1, 2)", "SQL's NULL semantics, not C#'s")
# comments.Where(c => c.AuthorId == c.Post.AuthorId) (two NULL-able columns compared)
M("EF Core:equality of nullable columns",
  'SELECT "c"."id" FROM "comment" AS "c" INNER JOIN "post" AS "p" ON "c"."post_id" = "p"."id" '
  'WHERE "c"."author_id" = "p"."author_id" OR ("c"."author_id" IS NULL AND "p"."author_id" IS NULL)',
  "SELECT c.id FROM comment AS c JOIN post AS p ON p.id = c.post_id WHERE c.author_id IS NOT DISTINCT FROM p.author_id",
  "SELECT c.id FROM comment AS c JOIN post AS p ON p.id = c.post_id WHERE c.author_id = p.author_id",
  "`=`: two NULL authors do not match")
# posts.Select(p => new { p.Status, p.AuthorId }).Distinct().Count()
M("EF Core:Distinct().Count()",
  'SELECT COUNT(*) FROM (SELECT DISTINCT "p"."status", "p"."author_id" FROM "post" AS "p") AS "t"',
  "SELECT COUNT(*) FROM (SELECT status, author_id FROM post GROUP BY status, author_id) AS g",
  "SELECT COUNT(DISTINCT status || '/' || author_id) FROM post", "the concatenation is NULL for a NULL author")
# posts.Where(p => p.Status == "draft").Sum(p => p.Views)  (non-nullable int: 0 when empty)
M("EF Core:Sum of non-nullable",
  'SELECT COALESCE(SUM("p"."views"), 0) FROM "post" AS "p" WHERE "p"."status" = \'draft\'',
  "SELECT CASE WHEN COUNT(views) = 0 THEN 0 ELSE SUM(views) END FROM post WHERE status = 'draft'",
  "SELECT SUM(views) FROM post WHERE status = 'draft'", "NULL, not 0, when nothing is summed")

# --- Sequelize

# Post.findAll({ include: [{ model: Author, where: { is_active: 1 }, required: false }] })
M("Sequelize:include required false",
  'SELECT "post"."id", "author"."id" AS "author.id", "author"."username" AS "author.username" FROM "post" AS "post" '
  'LEFT OUTER JOIN "author" AS "author" ON "post"."author_id" = "author"."id" AND "author"."is_active" = 1',
  "SELECT p.id, a.id, a.username FROM post AS p LEFT JOIN (SELECT id, username FROM author WHERE is_active = 1) AS a "
  "ON a.id = p.author_id",
  "SELECT p.id, a.id, a.username FROM post AS p LEFT JOIN author AS a ON a.id = p.author_id WHERE a.is_active = 1",
  "the include's where applied to the result (as required: true does)")
# Post.findAndCountAll({ include: [Comment], distinct: true }) (the count query)
M("Sequelize:findAndCountAll distinct",
  'SELECT COUNT(DISTINCT("post"."id")) AS "count" FROM "post" AS "post" LEFT OUTER JOIN "comment" AS "comments" '
  'ON "post"."id" = "comments"."post_id"',
  "SELECT COUNT(*) FROM post",
  'SELECT COUNT("post"."id") AS "count" FROM "post" AS "post" LEFT OUTER JOIN "comment" AS "comments" '
  'ON "post"."id" = "comments"."post_id"', "without distinct: one per comment")
# Post.findAll({ include: [Comment], limit: 2, order: [['id', 'ASC']] }) (the limit in a subquery)
M("Sequelize:limit with include (subQuery)",
  'SELECT "post".*, "comments"."id" AS "comments.id" FROM (SELECT "post"."id", "post"."title" FROM "post" AS "post" '
  'ORDER BY "post"."id" ASC LIMIT 2) AS "post" LEFT OUTER JOIN "comment" AS "comments" ON "post"."id" = '
  '"comments"."post_id"',
  "SELECT p.id, p.title, c.id FROM post AS p LEFT JOIN comment AS c ON c.post_id = p.id "
  "WHERE p.id IN (SELECT id FROM post ORDER BY id LIMIT 2)",
  "SELECT p.id, p.title, c.id FROM post AS p LEFT JOIN comment AS c ON c.post_id = p.id ORDER BY p.id LIMIT 2",
  "the limit applied to the joined rows, not the posts")


# ============================================================ learned_rewrites (inventory)
# supplier(sid PK, name NOT NULL, country, rating), part(pid PK, name NOT NULL ('bolt' and
# 'Bolt' differ in case), color, weight REAL, main_sid FK NULL-able), supply(sid FK, pid FK;
# PK both, price REAL, qty NOT NULL), purchase(po_id PK, pid FK NOT NULL, sid FK NULL-able,
# qty NOT NULL, day NOT NULL text date, cost REAL), and a keyless stock_move(pid FK
# NULL-able, delta, note) with duplicate rows.

# --- WeTune: rewrite rules discovered by enumerating plan templates and verifying them
# (the kinds of rule its paper reports for web applications' ORM queries)

# "an IN subquery over the same table on its key is the subquery's filter"
L("WeTune:IN on the same table's key",
  "SELECT pid, name FROM part WHERE pid IN (SELECT pid FROM part WHERE color = 'red')",
  "SELECT pid, name FROM part WHERE color = 'red'",
  ("SELECT pid, name FROM part WHERE name IN (SELECT name FROM part WHERE color = 'red')",
   "SELECT pid, name FROM part WHERE color = 'red'"), "the IN on a non-key column (names repeat)")
# "DISTINCT inside an IN subquery is redundant"
L("WeTune:DISTINCT in an IN subquery",
  "SELECT pid, name FROM part WHERE pid IN (SELECT DISTINCT pid FROM purchase WHERE qty > 1)",
  "SELECT pid, name FROM part WHERE pid IN (SELECT pid FROM purchase WHERE qty > 1)",
  ("SELECT p.pid, p.name FROM part AS p JOIN (SELECT DISTINCT pid FROM purchase WHERE qty > 1) AS d ON d.pid = p.pid",
   "SELECT p.pid, p.name FROM part AS p JOIN purchase AS d ON d.pid = p.pid WHERE d.qty > 1"),
  "DISTINCT dropped from a joined (not IN) subquery")
# "a join to the parent along a NOT NULL foreign key, with no parent column used, is removed"
L("WeTune:foreign-key join removal",
  "SELECT po.po_id, po.qty FROM purchase AS po JOIN part AS p ON p.pid = po.pid",
  "SELECT po_id, qty FROM purchase",
  ("SELECT po.po_id, po.qty FROM purchase AS po JOIN supplier AS s ON s.sid = po.sid",
   "SELECT po_id, qty FROM purchase"), "removed along the NULL-able purchase.sid")
# "in an IN subquery, a join to the parent on the selected foreign key is removed"
L("WeTune:join removal inside IN",
  "SELECT pid, name FROM part WHERE pid IN (SELECT po.pid FROM purchase AS po JOIN part AS p ON p.pid = po.pid)",
  "SELECT pid, name FROM part WHERE pid IN (SELECT pid FROM purchase)",
  ("SELECT sid, sid IN (SELECT po.sid FROM purchase AS po JOIN supplier AS s ON s.sid = po.sid) FROM supplier",
   "SELECT sid, sid IN (SELECT sid FROM purchase) FROM supplier"),
  "in the select list the removed join no longer drops NULL keys: false becomes NULL")
# "two identical IN subqueries under AND are one"
L("WeTune:duplicate IN subquery",
  "SELECT pid FROM part WHERE pid IN (SELECT pid FROM purchase WHERE qty > 1) "
  "AND pid IN (SELECT pid FROM purchase WHERE qty > 1)",
  "SELECT pid FROM part WHERE pid IN (SELECT pid FROM purchase WHERE qty > 1)",
  ("SELECT pid FROM part WHERE pid IN (SELECT pid FROM purchase WHERE qty > 1) "
   "AND pid IN (SELECT pid FROM purchase WHERE sid = 2)",
   "SELECT pid FROM part WHERE pid IN (SELECT pid FROM purchase WHERE qty > 1 AND sid = 2)"),
  "two different IN subqueries merged: one purchase must satisfy both")
# "a LEFT JOIN tested for a non-NULL inner key is a filter on the foreign key"
L("WeTune:LEFT JOIN IS NOT NULL as filter",
  "SELECT p.pid FROM part AS p LEFT JOIN supplier AS s ON s.sid = p.main_sid WHERE s.sid IS NOT NULL",
  "SELECT pid FROM part WHERE main_sid IS NOT NULL",
  ("SELECT p.pid FROM part AS p LEFT JOIN supplier AS s ON s.sid = p.main_sid WHERE s.country IS NOT NULL",
   "SELECT pid FROM part WHERE main_sid IS NOT NULL"), "the test on a NULL-able column, not the key")
# "a semi join of a table with itself on its whole key is the subquery's filter"
L("WeTune:self semi join on the key",
  "SELECT y.sid, y.pid FROM supply AS y WHERE EXISTS (SELECT 1 FROM supply AS z WHERE z.sid = y.sid "
  "AND z.pid = y.pid AND z.qty > 0)",
  "SELECT sid, pid FROM supply WHERE qty > 0",
  "SELECT y.sid, y.pid FROM supply AS y WHERE EXISTS (SELECT 1 FROM supply AS z WHERE z.sid = y.sid AND z.qty > 0)",
  "correlated on part of the composite key")
# "grouping on the key with MAX of another column is the projection"
L("WeTune:aggregate on a key removed",
  "SELECT pid, MAX(name) FROM part GROUP BY pid",
  "SELECT pid, name FROM part",
  ("SELECT main_sid, MAX(name) FROM part GROUP BY main_sid", "SELECT main_sid, name FROM part"),
  "the aggregation dropped on a non-key")
# "IN over a UNION is an OR of INs"
L("WeTune:IN over UNION",
  "SELECT pid FROM part WHERE pid IN (SELECT pid FROM purchase UNION SELECT pid FROM stock_move)",
  "SELECT pid FROM part WHERE pid IN (SELECT pid FROM purchase) OR pid IN (SELECT pid FROM stock_move)",
  ("SELECT pid FROM part WHERE pid NOT IN (SELECT pid FROM purchase UNION SELECT pid FROM stock_move)",
   "SELECT p.pid FROM part AS p WHERE NOT EXISTS (SELECT 1 FROM purchase AS x WHERE x.pid = p.pid) "
   "AND NOT EXISTS (SELECT 1 FROM stock_move AS m WHERE m.pid = p.pid)"),
  "NOT IN as NOT EXISTS over the NULL-able stock_move.pid")
# "ORDER BY inside an IN subquery is removed"
L("WeTune:ORDER BY in an IN subquery",
  "SELECT pid FROM part WHERE pid IN (SELECT pid FROM purchase ORDER BY day)",
  "SELECT pid FROM part WHERE pid IN (SELECT pid FROM purchase)",
  ("SELECT pid FROM part WHERE pid IN (SELECT pid FROM purchase ORDER BY po_id LIMIT 2)",
   "SELECT pid FROM part WHERE pid IN (SELECT pid FROM purchase)"), "removed with its LIMIT")
# "a join to a DISTINCT subquery on its only column is an IN"
L("WeTune:join to DISTINCT as IN",
  "SELECT p.pid, p.name FROM part AS p JOIN (SELECT DISTINCT pid FROM purchase WHERE qty = 10) AS d ON d.pid = p.pid",
  "SELECT pid, name FROM part WHERE pid IN (SELECT pid FROM purchase WHERE qty = 10)",
  "SELECT p.pid, p.name FROM part AS p JOIN (SELECT DISTINCT pid, sid FROM purchase WHERE qty = 10) AS d "
  "ON d.pid = p.pid", "DISTINCT over two columns: one part per supplier")
# "x IN (SELECT x FROM same table) is x IS NOT NULL"
L("WeTune:IN on itself",
  "SELECT po_id FROM purchase WHERE sid IN (SELECT sid FROM purchase)",
  "SELECT po_id FROM purchase WHERE sid IS NOT NULL",
  ("SELECT po_id FROM purchase WHERE sid IN (SELECT sid FROM supply)",
   "SELECT po_id FROM purchase WHERE sid IS NOT NULL"), "applied to a subquery over another table")
# "in an EXISTS, a join to the parent on a NOT NULL foreign key is removed"
L("WeTune:join removal inside EXISTS",
  "SELECT s.sid FROM supplier AS s WHERE EXISTS (SELECT 1 FROM purchase AS po JOIN part AS p ON p.pid = po.pid "
  "WHERE po.sid = s.sid)",
  "SELECT s.sid FROM supplier AS s WHERE EXISTS (SELECT 1 FROM purchase AS po WHERE po.sid = s.sid)",
  ("SELECT po.po_id FROM purchase AS po WHERE EXISTS (SELECT 1 FROM part AS p JOIN supplier AS t "
   "ON t.sid = p.main_sid WHERE p.pid = po.pid)", "SELECT po_id FROM purchase"),
  "removed along the NULL-able part.main_sid")

# --- QueryBooster: human-written rewrite rules (for BI-tool-generated SQL)

# "a CAST of a column to its own type is removed"
L("QueryBooster:remove identity CAST",
  "SELECT pid FROM part WHERE CAST(name AS TEXT) = 'nut'",
  "SELECT pid FROM part WHERE name = 'nut'",
  ("SELECT pid FROM part WHERE CAST(weight AS INTEGER) = 1", "SELECT pid FROM part WHERE weight = 1"),
  "a narrowing CAST removed", dialect="sqlite")
# "STRPOS(LOWER(x), 'ab') > 0 is x ILIKE '%ab%'" (SQLite: instr and case-folding LIKE)
L("QueryBooster:STRPOS LOWER to ILIKE",
  "SELECT pid FROM part WHERE instr(lower(name), 'ol') > 0",
  "SELECT pid FROM part WHERE name LIKE '%ol%'",
  "SELECT pid FROM part WHERE name LIKE 'ol%'", "the pattern anchored at the start", dialect="sqlite")
# "TRUE conjuncts and repeated disjuncts generated by a dashboard are removed"
L("QueryBooster:remove trivial predicates",
  "SELECT pid FROM part WHERE (1 = 1) AND (color = 'red' OR color = 'red') AND weight > 1.0",
  "SELECT pid FROM part WHERE color = 'red' AND weight > 1.0",
  "SELECT pid FROM part WHERE color = 'red' OR weight > 1.0", "the AND read as OR")
# "COUNT(DISTINCT key) is COUNT(*)"
L("QueryBooster:COUNT DISTINCT key",
  "SELECT COUNT(DISTINCT pid) FROM part WHERE color = 'red'",
  "SELECT COUNT(*) FROM part WHERE color = 'red'",
  ("SELECT COUNT(DISTINCT pid) FROM purchase", "SELECT COUNT(*) FROM purchase"),
  "applied to a column that is not the key")
# "CASE WHEN p THEN 1 ELSE 0 END = 1 is p"
L("QueryBooster:CASE flag comparison",
  "SELECT pid FROM part WHERE (CASE WHEN weight > 1.0 THEN 1 ELSE 0 END) = 1",
  "SELECT pid FROM part WHERE weight > 1.0",
  ("SELECT pid FROM part WHERE (CASE WHEN weight > 1.0 THEN 1 ELSE 0 END) = 0",
   "SELECT pid FROM part WHERE weight <= 1.0"), "the = 0 form is not the negation (NULL weights)")
# "truncating a date to the month and comparing is a range on the date"
L("QueryBooster:date truncation to range",
  "SELECT po_id FROM purchase WHERE date(day, 'start of month') = '2024-02-01' AND day = date(day)",
  "SELECT po_id FROM purchase WHERE day >= '2024-02-01' AND day < '2024-03-01' AND day = date(day)",
  "SELECT po_id FROM purchase WHERE day >= '2024-02-01' AND day <= '2024-03-01' AND day = date(day)",
  "the next month's first day included", dialect="sqlite")
# "a self join to a DISTINCT filter subquery on the key is the filter"
L("QueryBooster:filter self join",
  "SELECT s.sid, s.name FROM supplier AS s JOIN (SELECT DISTINCT sid FROM supplier WHERE country = 'DE') AS f "
  "ON f.sid = s.sid",
  "SELECT sid, name FROM supplier WHERE country = 'DE'",
  ("SELECT s.sid, s.name FROM supplier AS s JOIN (SELECT DISTINCT name FROM supplier WHERE country = 'DE') AS f "
   "ON f.name = s.name", "SELECT sid, name FROM supplier WHERE country = 'DE'"), "the filter self join on a non-key")
# "COALESCE on a NOT NULL column is removed"
L("QueryBooster:COALESCE on NOT NULL",
  "SELECT po_id FROM purchase WHERE COALESCE(qty, 0) > 1",
  "SELECT po_id FROM purchase WHERE qty > 1",
  ("SELECT po_id FROM purchase WHERE COALESCE(cost, 1.0) > 0.5", "SELECT po_id FROM purchase WHERE cost > 0.5"),
  "removed on a NULL-able column")
# "a total over a per-key subtotal is the total"
L("QueryBooster:re-aggregation",
  "SELECT SUM(t.s) FROM (SELECT pid, SUM(qty) AS s FROM purchase GROUP BY pid) AS t",
  "SELECT SUM(qty) FROM purchase",
  ("SELECT COUNT(*) FROM (SELECT pid, SUM(qty) AS s FROM purchase GROUP BY pid) AS t", "SELECT COUNT(*) FROM purchase"),
  "a count over subtotals is not a count of rows")
# "COUNT(DISTINCT x) grouped by x is 1, or 0 for the NULL group"
L("QueryBooster:COUNT DISTINCT of the group key",
  "SELECT color, COUNT(DISTINCT color) FROM part GROUP BY color",
  "SELECT color, CASE WHEN color IS NULL THEN 0 ELSE 1 END FROM part GROUP BY color",
  "SELECT color, 1 FROM part GROUP BY color", "the NULL group counted as 1")

# --- LearnedRewrite / LLM-R2: Calcite rules applied in the order a learned policy picks

L("LearnedRewrite:FILTER_PROJECT_TRANSPOSE+FILTER_INTO_JOIN",
  "SELECT * FROM (SELECT p.pid, p.name, s.sid, s.price FROM part AS p JOIN supply AS s ON s.pid = p.pid) AS t "
  "WHERE t.price > 2.5 AND t.name = 'nut'",
  "SELECT p.pid, p.name, s.sid, s.price FROM part AS p JOIN supply AS s ON s.pid = p.pid AND s.price > 2.5 "
  "WHERE p.name = 'nut'",
  ("SELECT * FROM (SELECT p.pid, p.name, s.sid, s.price FROM part AS p LEFT JOIN supply AS s ON s.pid = p.pid) AS t "
   "WHERE t.price > 2.5",
   "SELECT p.pid, p.name, s.sid, s.price FROM part AS p LEFT JOIN supply AS s ON s.pid = p.pid AND s.price > 2.5"),
  "pushed into a LEFT JOIN's ON: the filter no longer removes rows")
L("LearnedRewrite:FILTER_SUB_QUERY_TO_CORRELATE+decorrelate",
  "SELECT s.sid, s.pid FROM supply AS s WHERE s.price > (SELECT AVG(t.price) FROM supply AS t WHERE t.pid = s.pid)",
  "SELECT s.sid, s.pid FROM supply AS s JOIN (SELECT pid, AVG(price) AS a FROM supply GROUP BY pid) AS g "
  "ON g.pid = s.pid WHERE s.price > g.a",
  "SELECT s.sid, s.pid FROM supply AS s JOIN (SELECT sid, AVG(price) AS a FROM supply GROUP BY sid) AS g "
  "ON g.sid = s.sid WHERE s.price > g.a", "decorrelated on the other half of the key")
L("LearnedRewrite:AGGREGATE_JOIN_TRANSPOSE",
  "SELECT p.color, SUM(po.qty) FROM purchase AS po JOIN part AS p ON p.pid = po.pid GROUP BY p.color",
  "SELECT p.color, SUM(g.q) FROM (SELECT pid, SUM(qty) AS q FROM purchase GROUP BY pid) AS g "
  "JOIN part AS p ON p.pid = g.pid GROUP BY p.color",
  ("SELECT p.color, COUNT(*) FROM purchase AS po JOIN part AS p ON p.pid = po.pid GROUP BY p.color",
   "SELECT p.color, COUNT(*) FROM (SELECT pid, COUNT(*) AS q FROM purchase GROUP BY pid) AS g "
   "JOIN part AS p ON p.pid = g.pid GROUP BY p.color"), "COUNT(*) above the pushed aggregate counts parts")
L("LearnedRewrite:JOIN_TO_SEMI_JOIN+AGGREGATE_REMOVE",
  "SELECT DISTINCT s.sid, s.name FROM supplier AS s JOIN supply AS y ON y.sid = s.sid",
  "SELECT sid, name FROM supplier WHERE sid IN (SELECT sid FROM supply)",
  ("SELECT DISTINCT s.name FROM supplier AS s JOIN supply AS y ON y.sid = s.sid",
   "SELECT name FROM supplier WHERE sid IN (SELECT sid FROM supply)"), "DISTINCT removed without the key selected")
L("LearnedRewrite:UNION_TO_DISTINCT",
  "SELECT pid FROM purchase UNION SELECT pid FROM supply",
  "SELECT DISTINCT pid FROM (SELECT pid FROM purchase UNION ALL SELECT pid FROM supply) AS u",
  "SELECT * FROM (SELECT DISTINCT pid FROM purchase) AS a UNION ALL SELECT * FROM (SELECT DISTINCT pid FROM supply) AS b",
  "each branch deduplicated, not the union")
L("LearnedRewrite:SORT_REMOVE+PROJECT_MERGE",
  "SELECT t.name FROM (SELECT name, weight FROM part ORDER BY weight) AS t",
  "SELECT name FROM part",
  ("SELECT DISTINCT t.name FROM (SELECT name, weight FROM part ORDER BY weight) AS t", "SELECT name FROM part"),
  "a DISTINCT merged away with the projection")
L("LearnedRewrite:FILTER_AGGREGATE_TRANSPOSE",
  "SELECT * FROM (SELECT sid, COUNT(*) AS n FROM supply GROUP BY sid) AS t WHERE t.sid IN (1, 2)",
  "SELECT sid, COUNT(*) FROM supply WHERE sid IN (1, 2) GROUP BY sid",
  ("SELECT * FROM (SELECT sid, COUNT(*) AS n FROM supply GROUP BY sid) AS t WHERE t.n > 1",
   "SELECT sid, COUNT(*) FROM supply GROUP BY sid HAVING COUNT(*) >= 1"), "the filter on the count off by one")
L("LearnedRewrite:AGGREGATE_UNION_TRANSPOSE",
  "SELECT pid, SUM(q) FROM (SELECT pid, qty AS q FROM purchase UNION ALL SELECT pid, delta FROM stock_move) AS u "
  "GROUP BY pid",
  "SELECT pid, SUM(s) FROM (SELECT pid, SUM(qty) AS s FROM purchase GROUP BY pid UNION ALL "
  "SELECT pid, SUM(delta) FROM stock_move GROUP BY pid) AS u GROUP BY pid",
  "SELECT pid, SUM(s) FROM (SELECT pid, SUM(qty) AS s FROM purchase GROUP BY pid UNION "
  "SELECT pid, SUM(delta) FROM stock_move GROUP BY pid) AS u GROUP BY pid", "UNION: two equal subtotals collapse")
L("LearnedRewrite:JOIN_CONDITION_PUSH+FILTER_REDUCE_EXPRESSIONS",
  "SELECT p.pid FROM part AS p, supply AS s WHERE p.pid = s.pid AND s.qty > 5 AND 1 = 1 AND p.color IS NOT NULL "
  "AND p.color = 'red'",
  "SELECT p.pid FROM part AS p JOIN supply AS s ON p.pid = s.pid WHERE s.qty > 5 AND p.color = 'red'",
  "SELECT p.pid FROM part AS p JOIN supply AS s ON p.pid = s.pid WHERE s.qty >= 5 AND p.color = 'red'",
  "`>=` for `>`")
L("LearnedRewrite:AGGREGATE_PROJECT_MERGE+PROJECT_REMOVE",
  "SELECT c, COUNT(*) FROM (SELECT color AS c, pid FROM part) AS t GROUP BY c",
  "SELECT color, COUNT(*) FROM part GROUP BY color",
  ("SELECT c, COUNT(c) FROM (SELECT color AS c, pid FROM part) AS t GROUP BY c",
   "SELECT color, COUNT(*) FROM part GROUP BY color"), "COUNT of the column for COUNT(*): 0 for the NULL group")
L("LLM-R2:AGGREGATE_JOIN_REMOVE",
  "SELECT DISTINCT po.pid FROM purchase AS po LEFT JOIN supplier AS s ON s.sid = po.sid",
  "SELECT DISTINCT pid FROM purchase",
  ("SELECT DISTINCT po.pid FROM purchase AS po JOIN supplier AS s ON s.sid = po.sid",
   "SELECT DISTINCT pid FROM purchase"), "an inner join removed over a NULL-able key")
L("LLM-R2:AGGREGATE_EXPAND_DISTINCT_AGGREGATES",
  "SELECT sid, COUNT(DISTINCT pid), SUM(qty) FROM purchase GROUP BY sid",
  "SELECT a.sid, b.n, a.s FROM (SELECT sid, SUM(qty) AS s FROM purchase GROUP BY sid) AS a JOIN "
  "(SELECT sid, COUNT(pid) AS n FROM (SELECT DISTINCT sid, pid FROM purchase) AS d GROUP BY sid) AS b "
  "ON a.sid IS NOT DISTINCT FROM b.sid",
  "SELECT a.sid, b.n, a.s FROM (SELECT sid, SUM(qty) AS s FROM purchase GROUP BY sid) AS a JOIN "
  "(SELECT sid, COUNT(pid) AS n FROM (SELECT DISTINCT sid, pid FROM purchase) AS d GROUP BY sid) AS b "
  "ON a.sid = b.sid", "the two aggregates joined by `=`: the NULL group lost")
L("LLM-R2:FILTER_SET_OP_TRANSPOSE",
  "SELECT * FROM (SELECT pid FROM supply EXCEPT SELECT pid FROM purchase) AS t WHERE t.pid > 2",
  "SELECT pid FROM supply WHERE pid > 2 EXCEPT SELECT pid FROM purchase WHERE pid > 2",
  "SELECT pid FROM supply EXCEPT SELECT pid FROM purchase WHERE pid > 2",
  "the filter pushed into the subtracted branch only")

# --- SlabCity: whole-query rewrites found by program synthesis (one pass for several,
# windows for correlated subqueries, aggregates for quantifiers)

L("SlabCity:scalar subqueries to one scan",
  "SELECT (SELECT COUNT(*) FROM purchase WHERE qty = 1), (SELECT COUNT(*) FROM purchase WHERE qty = 10)",
  "SELECT COUNT(CASE WHEN qty = 1 THEN 1 END), COUNT(CASE WHEN qty = 10 THEN 1 END) FROM purchase",
  "SELECT SUM(CASE WHEN qty = 1 THEN 1 END), SUM(CASE WHEN qty = 10 THEN 1 END) FROM purchase",
  "SUM without ELSE 0: NULL where the count is 0")
L("SlabCity:merge EXISTS",
  "SELECT p.pid FROM part AS p WHERE EXISTS (SELECT 1 FROM purchase AS x WHERE x.pid = p.pid AND x.sid = 1) "
  "OR EXISTS (SELECT 1 FROM purchase AS x WHERE x.pid = p.pid AND x.sid = 2)",
  "SELECT p.pid FROM part AS p WHERE EXISTS (SELECT 1 FROM purchase AS x WHERE x.pid = p.pid AND x.sid IN (1, 2))",
  ("SELECT p.pid FROM part AS p WHERE EXISTS (SELECT 1 FROM purchase AS x WHERE x.pid = p.pid AND x.sid = 1) "
   "AND EXISTS (SELECT 1 FROM purchase AS x WHERE x.pid = p.pid AND x.qty = 10)",
   "SELECT p.pid FROM part AS p WHERE EXISTS (SELECT 1 FROM purchase AS x WHERE x.pid = p.pid AND x.sid = 1 "
   "AND x.qty = 10)"), "a conjunction of EXISTS merged into one row")
L("SlabCity:NOT EXISTS greater as MAX",
  "SELECT p.pid, p.cost FROM purchase AS p WHERE p.cost IS NOT NULL AND NOT EXISTS (SELECT 1 FROM purchase AS q "
  "WHERE q.pid = p.pid AND q.cost > p.cost)",
  "SELECT p.pid, p.cost FROM purchase AS p JOIN (SELECT pid, MAX(cost) AS m FROM purchase GROUP BY pid) AS g "
  "ON g.pid = p.pid AND p.cost = g.m",
  ("SELECT p.pid, p.cost FROM purchase AS p WHERE NOT EXISTS (SELECT 1 FROM purchase AS q "
   "WHERE q.pid = p.pid AND q.cost > p.cost)",
   "SELECT p.pid, p.cost FROM purchase AS p JOIN (SELECT pid, MAX(cost) AS m FROM purchase GROUP BY pid) AS g "
   "ON g.pid = p.pid AND p.cost = g.m"), "without the IS NOT NULL: NULL costs have nothing greater")
L("SlabCity:correlated running sum to window",
  "SELECT p.po_id, (SELECT SUM(q.qty) FROM purchase AS q WHERE q.pid = p.pid AND q.po_id <= p.po_id) FROM purchase AS p",
  "SELECT po_id, SUM(qty) OVER (PARTITION BY pid ORDER BY po_id) FROM purchase",
  "SELECT p.po_id, (SELECT SUM(q.qty) FROM purchase AS q WHERE q.pid = p.pid AND q.po_id < p.po_id) FROM purchase AS p",
  "the current row excluded")
L("SlabCity:previous row to LAG",
  "SELECT p.po_id, (SELECT q.qty FROM purchase AS q WHERE q.pid = p.pid AND q.po_id < p.po_id "
  "ORDER BY q.po_id DESC LIMIT 1) FROM purchase AS p",
  "SELECT po_id, LAG(qty) OVER (PARTITION BY pid ORDER BY po_id) FROM purchase",
  "SELECT po_id, LAG(qty) OVER (ORDER BY po_id) FROM purchase", "the partition forgotten")
L("SlabCity:first row per group to MIN",
  "SELECT pid, day FROM (SELECT pid, day, ROW_NUMBER() OVER (PARTITION BY pid ORDER BY day, po_id) AS rn "
  "FROM purchase) AS t WHERE rn = 1",
  "SELECT pid, MIN(day) FROM purchase GROUP BY pid",
  ("SELECT pid, day FROM (SELECT pid, day, RANK() OVER (PARTITION BY pid ORDER BY day) AS rn FROM purchase) AS t "
   "WHERE rn = 1", "SELECT pid, MIN(day) FROM purchase GROUP BY pid"), "RANK keeps ties for the first day")
L("SlabCity:NOT EXISTS greater as MAX with NULLs",
  "SELECT s.sid FROM supplier AS s WHERE NOT EXISTS (SELECT 1 FROM supplier AS t WHERE t.rating > s.rating)",
  "SELECT sid FROM supplier WHERE rating IS NULL OR rating = (SELECT MAX(rating) FROM supplier)",
  "SELECT sid FROM supplier WHERE rating = (SELECT MAX(rating) FROM supplier)",
  "suppliers without a rating dropped (nothing is greater than NULL)")
L("SlabCity:reuse an aggregate with a window",
  "WITH a AS (SELECT pid, SUM(qty) AS s FROM purchase GROUP BY pid) SELECT pid FROM a WHERE s = (SELECT MAX(s) FROM a)",
  "SELECT pid FROM (SELECT pid, SUM(qty) AS s, MAX(SUM(qty)) OVER () AS m FROM purchase GROUP BY pid) AS t WHERE s = m",
  "SELECT pid FROM purchase GROUP BY pid ORDER BY SUM(qty) DESC, pid LIMIT 1", "ties for the largest total dropped")
L("SlabCity:scalar lookup to join",
  "SELECT po.po_id, (SELECT p.name FROM part AS p WHERE p.pid = po.pid) FROM purchase AS po",
  "SELECT po.po_id, p.name FROM purchase AS po JOIN part AS p ON p.pid = po.pid",
  ("SELECT po.po_id, (SELECT s.name FROM supplier AS s WHERE s.sid = po.sid) FROM purchase AS po",
   "SELECT po.po_id, s.name FROM purchase AS po JOIN supplier AS s ON s.sid = po.sid"),
  "an inner join for a lookup over the NULL-able purchase.sid")

# --- SQL linters' fixes: SQLFluff rules (code: name), sqlcheck anti-patterns

L("SQLFluff:ST02 structure.simple_case",
  "SELECT pid, CASE WHEN weight > 1.0 THEN TRUE ELSE FALSE END FROM part",
  "SELECT pid, COALESCE(weight > 1.0, FALSE) FROM part",
  "SELECT pid, weight > 1.0 FROM part", "the bare comparison: NULL for a NULL weight")
L("SQLFluff:ST01 structure.else_null",
  "SELECT pid, CASE WHEN color = 'red' THEN 1 ELSE NULL END FROM part",
  "SELECT pid, CASE WHEN color = 'red' THEN 1 END FROM part",
  "SELECT pid, CASE WHEN color = 'red' THEN 1 ELSE 0 END FROM part", "ELSE 0 for ELSE NULL")
L("SQLFluff:ST04 structure.nested_case",
  "SELECT pid, CASE WHEN color = 'red' THEN 'R' ELSE CASE WHEN weight > 1.0 THEN 'H' ELSE 'L' END END FROM part",
  "SELECT pid, CASE WHEN color = 'red' THEN 'R' WHEN weight > 1.0 THEN 'H' ELSE 'L' END FROM part",
  "SELECT pid, CASE WHEN weight > 1.0 THEN 'H' WHEN color = 'red' THEN 'R' ELSE 'L' END FROM part",
  "the flattened branches reordered")
L("SQLFluff:ST05 structure.subquery",
  "SELECT p.name, t.total FROM part AS p JOIN (SELECT pid, SUM(qty) AS total FROM purchase GROUP BY pid) AS t "
  "ON t.pid = p.pid",
  "WITH t AS (SELECT pid, SUM(qty) AS total FROM purchase GROUP BY pid) "
  "SELECT p.name, t.total FROM part AS p JOIN t ON t.pid = p.pid",
  "WITH t AS (SELECT pid, sid, SUM(qty) AS total FROM purchase GROUP BY pid, sid) "
  "SELECT p.name, t.total FROM part AS p JOIN t ON t.pid = p.pid", "the CTE grouped on one more column")
L("SQLFluff:AM01 ambiguous.distinct",
  "SELECT DISTINCT color FROM part GROUP BY color",
  "SELECT color FROM part GROUP BY color",
  ("SELECT DISTINCT color, COUNT(*) FROM part GROUP BY color, name",
   "SELECT color, COUNT(*) FROM part GROUP BY color, name"), "DISTINCT dropped where the groups are finer")
L("SQLFluff:CV02 convention.coalesce",
  "SELECT po_id, IFNULL(cost, 0) * qty FROM purchase",
  "SELECT po_id, COALESCE(cost, 0) * qty FROM purchase",
  "SELECT po_id, COALESCE(cost, 1) * qty FROM purchase", "another default", dialect="sqlite")
L("SQLFluff:CV04 convention.count_rows",
  "SELECT color, COUNT(1) FROM part GROUP BY color",
  "SELECT color, COUNT(*) FROM part GROUP BY color",
  "SELECT color, COUNT(color) FROM part GROUP BY color", "COUNT of the column: 0 for the NULL group")
L("SQLFluff:CV05 convention.is_null",
  "SELECT pid FROM part WHERE color IS NULL",
  "SELECT pid FROM part WHERE NOT (color IS NOT NULL)",
  "SELECT pid FROM part WHERE color = NULL", "the `= NULL` the rule flags: never true")
L("SQLFluff:CV08 convention.left_join",
  "SELECT s.sid, p.pid FROM part AS p RIGHT JOIN supplier AS s ON s.sid = p.main_sid",
  "SELECT s.sid, p.pid FROM supplier AS s LEFT JOIN part AS p ON p.main_sid = s.sid",
  "SELECT s.sid, p.pid FROM part AS p LEFT JOIN supplier AS s ON s.sid = p.main_sid",
  "RIGHT made LEFT without swapping the tables")
L("SQLFluff:ST09 structure.join_condition_order",
  "SELECT p.pid, s.sid FROM part AS p JOIN supplier AS s ON s.sid = p.main_sid",
  "SELECT p.pid, s.sid FROM part AS p JOIN supplier AS s ON p.main_sid = s.sid",
  "SELECT pid, sid FROM part NATURAL JOIN supplier", "a NATURAL JOIN joins on the shared `name` column")
L("sqlcheck:pagination with OFFSET",
  "SELECT po_id FROM purchase ORDER BY po_id LIMIT 2 OFFSET 2",
  "SELECT po_id FROM purchase WHERE po_id > (SELECT po_id FROM purchase ORDER BY po_id LIMIT 1 OFFSET 1) "
  "ORDER BY po_id LIMIT 2",
  "SELECT po_id FROM purchase WHERE po_id > (SELECT po_id FROM purchase ORDER BY po_id LIMIT 1 OFFSET 2) "
  "ORDER BY po_id LIMIT 2", "the keyset bound one row too far", semantics="list")
L("sqlcheck:function on a column",
  "SELECT pid FROM part WHERE lower(name) = 'bolt'",
  "SELECT pid FROM part WHERE name LIKE 'bolt'",
  "SELECT pid FROM part WHERE name = 'bolt'", "case-sensitive equality for the case-folded one", dialect="sqlite")


# ============================================================ more of each source
# (written in the same sitting, after the first pass over each source)

# Teradata QUALIFY: "QUALIFY filters on a window function's value after the window is
# computed" (stated as the derived table it abbreviates, against a NOT EXISTS).
E("Teradata:QUALIFY",
  "SELECT meter_id, day FROM (SELECT meter_id, day, ROW_NUMBER() OVER (PARTITION BY meter_id "
  "ORDER BY day DESC, reading_id DESC) AS rn FROM reading) AS t WHERE rn = 1",
  "SELECT r.meter_id, r.day FROM reading AS r WHERE NOT EXISTS (SELECT 1 FROM reading AS x "
  "WHERE x.meter_id IS NOT DISTINCT FROM r.meter_id AND (x.day > r.day OR (x.day = r.day "
  "AND x.reading_id > r.reading_id)))",
  "SELECT r.meter_id, r.day FROM reading AS r WHERE NOT EXISTS (SELECT 1 FROM reading AS x "
  "WHERE x.meter_id = r.meter_id AND (x.day > r.day OR (x.day = r.day AND x.reading_id > r.reading_id)))",
  "`=` for the partition: every reading of the NULL partition kept")
# Teradata OR to UNION ALL: "a disjunction whose disjuncts are mutually exclusive is split
# into a UNION ALL of the branches".
E("Teradata:OR to UNION ALL",
  "SELECT meter_id FROM meter WHERE kind = 'solar' OR kind = 'wind'",
  "SELECT meter_id FROM meter WHERE kind = 'solar' UNION ALL SELECT meter_id FROM meter WHERE kind = 'wind'",
  ("SELECT meter_id FROM meter WHERE kind = 'solar' OR active = 1",
   "SELECT meter_id FROM meter WHERE kind = 'solar' UNION ALL SELECT meter_id FROM meter WHERE active = 1"),
  "split although the disjuncts overlap")

# Post.objects.filter(author__isnull=True).values('id')  (Django tests the foreign key itself)
M("Django:isnull on a relation",
  'SELECT "post"."id" FROM "post" WHERE "post"."author_id" IS NULL',
  "SELECT p.id FROM post AS p LEFT JOIN author AS a ON a.id = p.author_id WHERE a.id IS NULL",
  ('SELECT "post"."id" FROM "post" LEFT OUTER JOIN "author" ON ("post"."author_id" = "author"."id") '
   'WHERE "author"."email" IS NULL',
   "SELECT p.id FROM post AS p JOIN author AS a ON a.id = p.author_id WHERE a.email IS NULL"),
  "author__email__isnull=True hand-written with an inner join")
# select p.id, coalesce(a.username, 'anon') from Post p left join p.author a
M("Hibernate:left join with coalesce",
  "select p1_0.id,coalesce(a1_0.username,'anon') from post p1_0 left join author a1_0 on a1_0.id=p1_0.author_id",
  "SELECT p.id, COALESCE((SELECT a.username FROM author AS a WHERE a.id = p.author_id), 'anon') FROM post AS p",
  "select p1_0.id,coalesce(a1_0.username,'anon') from post p1_0 join author a1_0 on a1_0.id=p1_0.author_id",
  "the path p.author.username (an implicit inner join) for the explicit left join")

L("WeTune:DISTINCT over DISTINCT",
  "SELECT DISTINCT t.color FROM (SELECT DISTINCT color, name FROM part) AS t",
  "SELECT DISTINCT color FROM part",
  ("SELECT t.color FROM (SELECT DISTINCT color, name FROM part) AS t", "SELECT DISTINCT color FROM part"),
  "the outer DISTINCT dropped")
L("SlabCity:division by double NOT EXISTS as counts",
  "SELECT s.sid FROM supplier AS s WHERE NOT EXISTS (SELECT 1 FROM part AS p WHERE p.color = 'red' "
  "AND NOT EXISTS (SELECT 1 FROM supply AS y WHERE y.sid = s.sid AND y.pid = p.pid))",
  "SELECT s.sid FROM supplier AS s WHERE (SELECT COUNT(*) FROM supply AS y JOIN part AS p ON p.pid = y.pid "
  "WHERE y.sid = s.sid AND p.color = 'red') = (SELECT COUNT(*) FROM part WHERE color = 'red')",
  "SELECT y.sid FROM supply AS y JOIN part AS p ON p.pid = y.pid WHERE p.color = 'red' GROUP BY y.sid "
  "HAVING COUNT(*) = (SELECT COUNT(*) FROM part WHERE color = 'red')",
  "grouped over supply: with no red part no supplier qualifies (vacuous truth lost)")
L("sqlcheck:DISTINCT hiding join duplicates",
  "SELECT DISTINCT s.sid, s.name FROM supplier AS s JOIN purchase AS po ON po.sid = s.sid WHERE po.qty = 10",
  "SELECT s.sid, s.name FROM supplier AS s WHERE EXISTS (SELECT 1 FROM purchase AS po WHERE po.sid = s.sid "
  "AND po.qty = 10)",
  "SELECT s.sid, s.name FROM supplier AS s JOIN purchase AS po ON po.sid = s.sid WHERE po.qty = 10 "
  "GROUP BY s.sid, s.name, po.pid", "grouped by one column too many: one row per part")
