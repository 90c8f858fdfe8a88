"""The pairs of the fourteenth held-out prover corpus (``benchmarks/corpus/prover14/``), as
written (``prover14_build.py`` checks them in SQLite and writes the corpus).

Three sources: the SQL that graph and logic query translators emit over relational tables
(openCypher-on-SQL, SPARQL-to-SQL in the R2RML / OBDA style, non-recursive Datalog with
stratified negation) against the hand-written query for the same question, on a new
socialgraph schema; log and metrics query languages translated to SQL (Kusto KQL, Splunk
SPL, PromQL-style aggregations, Grafana time buckets) against idiomatic SQL, on a new
monitoring schema; and incremental view maintenance and stream processing (Flink SQL,
Materialize, ksqlDB: deduplication, top-N, changelog compaction, delta rules, retractions,
upserts and tombstones, windows, watermarks) against the recomputed or hand-written query,
on a new streaming_shop schema. Each ``add`` call is one equivalent pair and one realistic
non-equivalent mutant. Written from rule NAMES and one-line DESCRIPTIONS recalled from
memory and the author's own SQL; not taken from any prover benchmark, rule test, tool's test
suite or published pair set; the verifier was not read.
"""

from __future__ import annotations

from benchmarks.held_out_pairs import pair_book

SOURCES = {
    "graph_and_logic": ("socialgraph", "SQL emitted by graph and logic query translators (openCypher-on-SQL, "
                                       "SPARQL-to-SQL / R2RML, non-recursive Datalog with stratified negation) "
                                       "against the hand-written query"),
    "observability_queries": ("monitoring", "log and metrics query languages translated to SQL (Kusto KQL, Splunk "
                                            "SPL, PromQL-style aggregations, Grafana time buckets) against "
                                            "idiomatic SQL"),
    "streaming_and_ivm": ("streaming_shop", "stream processing and incremental view maintenance (Flink SQL, "
                                            "Materialize, ksqlDB, delta rules, retractions, upserts, windows) "
                                            "against the recomputed or hand-written query"),
}
FILE = {k: k for k in SOURCES}


PAIRS, add = pair_book("prover14", SOURCES, FILE)


def G(rule, gold, pred, mutant, mutation, **kw):
    """A graph / logic translator's SQL (gold) against the hand-written query (pred), socialgraph."""
    add("graph_and_logic", rule, gold, pred, mutant, mutation, **kw)


def O(rule, gold, pred, mutant, mutation, **kw):  # noqa: E743
    """A log / metrics query translated to SQL (gold) against idiomatic SQL (pred), monitoring."""
    add("observability_queries", rule, gold, pred, mutant, mutation, **kw)


def S(rule, gold, pred, mutant, mutation, **kw):
    """A streaming / IVM query (gold) against the recomputed or hand-written query (pred), streaming_shop."""
    add("streaming_and_ivm", rule, gold, pred, mutant, mutation, **kw)


# ============================================================ graph and logic (socialgraph)
# person(person_id PK, name, city NULL, age NULL), knows(src FK, dst FK; PK both, since NULL,
# weight REAL), post(post_id PK, author_id FK NULL-able, topic NULL, likes NULL), keyless
# reaction(person_id, post_id, kind; all NULL-able) with duplicate rows.

# --- openCypher on SQL
G("Cypher:MATCH of one directed relationship as two joins",
  "SELECT n0.name, n1.name FROM person AS n0, knows AS e0, person AS n1 WHERE e0.src = n0.person_id AND e0.dst = n1.person_id",
  "SELECT a.name, b.name FROM knows AS k JOIN person AS a ON a.person_id = k.src JOIN person AS b ON b.person_id = k.dst",
  "SELECT DISTINCT a.name, b.name FROM knows AS k JOIN person AS a ON a.person_id = k.src JOIN person AS b ON b.person_id = k.dst",
  "DISTINCT merges two edges between equally named persons")
G("Cypher:two-hop pattern with RETURN DISTINCT",
  "SELECT DISTINCT n0.person_id, n2.person_id FROM person AS n0 JOIN knows AS e0 ON e0.src = n0.person_id "
  "JOIN person AS n1 ON n1.person_id = e0.dst JOIN knows AS e1 ON e1.src = n1.person_id JOIN person AS n2 ON n2.person_id = e1.dst",
  "SELECT DISTINCT k1.src, k2.dst FROM knows AS k1 JOIN knows AS k2 ON k2.src = k1.dst",
  "SELECT k1.src, k2.dst FROM knows AS k1 JOIN knows AS k2 ON k2.src = k1.dst",
  "DISTINCT dropped: one row per middle node")
G("Cypher:relationship uniqueness within a path",
  "SELECT e0.src, e1.dst FROM knows AS e0 JOIN knows AS e1 ON e1.src = e0.dst WHERE NOT (e0.src = e1.src AND e0.dst = e1.dst)",
  "SELECT k1.src, k2.dst FROM knows AS k1 JOIN knows AS k2 ON k2.src = k1.dst WHERE k1.src <> k1.dst OR k2.dst <> k1.dst",
  "SELECT k1.src, k2.dst FROM knows AS k1 JOIN knows AS k2 ON k2.src = k1.dst WHERE k1.src <> k2.dst",
  "node uniqueness instead of relationship uniqueness")
G("Cypher:OPTIONAL MATCH with count of the optional node",
  "SELECT p.name, COUNT(x.post_id) FROM person AS p LEFT JOIN post AS x ON x.author_id = p.person_id GROUP BY p.person_id, p.name",
  "SELECT p.name, (SELECT COUNT(*) FROM post AS x WHERE x.author_id = p.person_id) FROM person AS p",
  "SELECT p.name, COUNT(*) FROM person AS p LEFT JOIN post AS x ON x.author_id = p.person_id GROUP BY p.person_id, p.name",
  "count(*) counts the null row of OPTIONAL MATCH")
G("Cypher:WITH aggregate then WHERE",
  "SELECT name FROM (SELECT p.person_id, p.name, COUNT(*) AS n FROM person AS p JOIN post AS x ON x.author_id = p.person_id "
  "GROUP BY p.person_id, p.name) AS w WHERE n > 1",
  "SELECT p.name FROM person AS p WHERE (SELECT COUNT(*) FROM post AS x WHERE x.author_id = p.person_id) >= 2",
  "SELECT p.name FROM person AS p JOIN post AS x ON x.author_id = p.person_id GROUP BY p.name HAVING COUNT(*) > 1",
  "grouped by the name property, not the node: namesakes merged")
G("Cypher:size(collect(DISTINCT property))",
  "SELECT a.person_id, COUNT(DISTINCT b.city) FROM person AS a JOIN knows AS k ON k.src = a.person_id "
  "JOIN person AS b ON b.person_id = k.dst GROUP BY a.person_id",
  "SELECT c.src, COUNT(c.city) FROM (SELECT DISTINCT k.src, b.city FROM knows AS k JOIN person AS b ON b.person_id = k.dst) AS c "
  "GROUP BY c.src",
  "SELECT a.person_id, COUNT(b.city) FROM person AS a JOIN knows AS k ON k.src = a.person_id "
  "JOIN person AS b ON b.person_id = k.dst GROUP BY a.person_id",
  "collect without DISTINCT")
G("Cypher:undirected relationship pattern",
  "SELECT k.src, k.dst FROM knows AS k UNION ALL SELECT k.dst, k.src FROM knows AS k",
  "SELECT CASE WHEN d.dir = 1 THEN k.src ELSE k.dst END, CASE WHEN d.dir = 1 THEN k.dst ELSE k.src END "
  "FROM knows AS k CROSS JOIN (SELECT 1 AS dir UNION ALL SELECT 2) AS d",
  "SELECT k.src, k.dst FROM knows AS k UNION SELECT k.dst, k.src FROM knows AS k",
  "UNION folds a self-loop and a mutual pair")
G("Cypher:count(DISTINCT a) with a property equality across the pattern",
  "SELECT COUNT(DISTINCT a.person_id) FROM person AS a JOIN knows AS k ON k.src = a.person_id JOIN person AS b ON b.person_id = k.dst "
  "WHERE a.city = b.city",
  "SELECT COUNT(*) FROM person AS a WHERE EXISTS (SELECT 1 FROM knows AS k JOIN person AS b ON b.person_id = k.dst "
  "WHERE k.src = a.person_id AND b.city = a.city)",
  "SELECT COUNT(*) FROM person AS a WHERE EXISTS (SELECT 1 FROM knows AS k JOIN person AS b ON b.person_id = k.dst "
  "WHERE k.src = a.person_id AND (b.city = a.city OR (b.city IS NULL AND a.city IS NULL)))",
  "null cities matched as equal")
G("Cypher:WHERE NOT pattern",
  "SELECT a.person_id FROM person AS a WHERE NOT EXISTS (SELECT 1 FROM knows AS k WHERE k.src = a.person_id)",
  "SELECT a.person_id FROM person AS a LEFT JOIN knows AS k ON k.src = a.person_id WHERE k.dst IS NULL",
  "SELECT a.person_id FROM person AS a LEFT JOIN knows AS k ON k.src = a.person_id WHERE k.since IS NULL",
  "the anti-join tests a NULL-able relationship property")
G("Cypher:EXISTS subquery with a property filter",
  "SELECT a.person_id, a.name FROM person AS a WHERE EXISTS (SELECT 1 FROM knows AS k JOIN person AS b ON b.person_id = k.dst "
  "WHERE k.src = a.person_id AND b.age > 30)",
  "SELECT person_id, name FROM person WHERE person_id IN (SELECT k.src FROM knows AS k JOIN person AS b ON b.person_id = k.dst WHERE b.age > 30)",
  "SELECT a.person_id, a.name FROM person AS a JOIN knows AS k ON k.src = a.person_id JOIN person AS b ON b.person_id = k.dst WHERE b.age > 30",
  "pattern turned into a join: one row per friend")
G("Cypher:ORDER BY SKIP LIMIT",
  "SELECT name FROM person ORDER BY person_id LIMIT 2 OFFSET 1",
  "SELECT name FROM (SELECT name, ROW_NUMBER() OVER (ORDER BY person_id) AS rn FROM person) AS t WHERE rn BETWEEN 2 AND 3",
  "SELECT name FROM (SELECT name, ROW_NUMBER() OVER (ORDER BY person_id) AS rn FROM person) AS t WHERE rn BETWEEN 1 AND 2",
  "SKIP 1 forgotten")
G("Cypher:variable-length *1..2 with DISTINCT endpoints",
  "SELECT src, dst FROM knows UNION SELECT k1.src, k2.dst FROM knows AS k1 JOIN knows AS k2 ON k2.src = k1.dst",
  "SELECT a.person_id, c.person_id FROM person AS a, person AS c WHERE EXISTS (SELECT 1 FROM knows AS k WHERE k.src = a.person_id "
  "AND k.dst = c.person_id) OR EXISTS (SELECT 1 FROM knows AS k1 JOIN knows AS k2 ON k2.src = k1.dst WHERE k1.src = a.person_id "
  "AND k2.dst = c.person_id)",
  "SELECT src, dst FROM knows UNION ALL SELECT k1.src, k2.dst FROM knows AS k1 JOIN knows AS k2 ON k2.src = k1.dst",
  "path rows instead of distinct endpoints")
G("Cypher:aggregation grouped by a node",
  "SELECT a.name, COUNT(*) FROM person AS a JOIN knows AS r ON r.src = a.person_id WHERE r.since >= 2020 GROUP BY a.person_id, a.name",
  "SELECT p.name, t.c FROM person AS p JOIN (SELECT src, COUNT(*) AS c FROM knows WHERE since >= 2020 GROUP BY src) AS t ON t.src = p.person_id",
  "SELECT p.name, t.c FROM person AS p JOIN (SELECT src, COUNT(*) AS c FROM knows WHERE since > 2020 GROUP BY src) AS t ON t.src = p.person_id",
  "the bound made strict")
G("Cypher:OPTIONAL MATCH with WHERE inside",
  "SELECT p.person_id, x.post_id FROM person AS p LEFT JOIN post AS x ON x.author_id = p.person_id AND x.topic = 'db'",
  "SELECT p.person_id, x.post_id FROM person AS p LEFT JOIN (SELECT * FROM post WHERE topic = 'db') AS x ON x.author_id = p.person_id",
  "SELECT p.person_id, x.post_id FROM person AS p LEFT JOIN post AS x ON x.author_id = p.person_id WHERE x.topic = 'db'",
  "the optional WHERE applied after the match")
G("Cypher:sum() over an OPTIONAL MATCH is 0",
  "SELECT p.person_id, COALESCE(SUM(x.likes), 0) FROM person AS p LEFT JOIN post AS x ON x.author_id = p.person_id GROUP BY p.person_id",
  "SELECT p.person_id, (SELECT COALESCE(SUM(likes), 0) FROM post WHERE author_id = p.person_id) FROM person AS p",
  "SELECT p.person_id, (SELECT SUM(likes) FROM post WHERE author_id = p.person_id) FROM person AS p",
  "the SQL sum's null for no rows")
G("Cypher:count(DISTINCT c) over a two-hop pattern",
  "SELECT e0.src, COUNT(DISTINCT e1.dst) FROM knows AS e0 JOIN knows AS e1 ON e1.src = e0.dst GROUP BY e0.src",
  "SELECT s, COUNT(*) FROM (SELECT DISTINCT k1.src AS s, k2.dst AS d FROM knows AS k1 JOIN knows AS k2 ON k2.src = k1.dst) AS t GROUP BY s",
  "SELECT e0.src, COUNT(e1.dst) FROM knows AS e0 JOIN knows AS e1 ON e1.src = e0.dst GROUP BY e0.src",
  "count without DISTINCT")
G("Cypher:UNION of two RETURN clauses",
  "SELECT name FROM person WHERE city = 'Oslo' UNION SELECT name FROM person WHERE age > 30",
  "SELECT DISTINCT name FROM person WHERE city = 'Oslo' OR age > 30",
  "SELECT name FROM person WHERE city = 'Oslo' OR age > 30",
  "UNION read as UNION ALL on one scan")
G("Cypher:WITH DISTINCT then count",
  "SELECT COUNT(*) FROM (SELECT DISTINCT p.person_id FROM person AS p JOIN knows AS k ON k.dst = p.person_id) AS w",
  "SELECT COUNT(DISTINCT dst) FROM knows",
  "SELECT COUNT(dst) FROM knows",
  "WITH DISTINCT dropped")
G("Cypher:min of a relationship property per node",
  "SELECT a.person_id, MIN(r.weight) FROM person AS a JOIN knows AS r ON r.src = a.person_id GROUP BY a.person_id",
  "SELECT src, MIN(weight) FROM knows GROUP BY src",
  "SELECT a.person_id, MIN(r.weight) FROM person AS a LEFT JOIN knows AS r ON r.src = a.person_id GROUP BY a.person_id",
  "MATCH made OPTIONAL: persons without edges appear")
G("Cypher:ORDER BY count DESC LIMIT 1",
  "SELECT author_id, COUNT(*) FROM post WHERE author_id IS NOT NULL GROUP BY author_id ORDER BY COUNT(*) DESC, author_id LIMIT 1",
  "SELECT author_id, n FROM (SELECT author_id, COUNT(*) AS n, ROW_NUMBER() OVER (ORDER BY COUNT(*) DESC, author_id) AS rn "
  "FROM post WHERE author_id IS NOT NULL GROUP BY author_id) AS t WHERE rn = 1",
  "SELECT author_id, n FROM (SELECT author_id, COUNT(*) AS n, RANK() OVER (ORDER BY COUNT(*) DESC) AS rn "
  "FROM post WHERE author_id IS NOT NULL GROUP BY author_id) AS t WHERE rn = 1",
  "RANK keeps every tied author")
G("Cypher:node property map",
  "SELECT person_id FROM person WHERE city = 'Oslo' AND age = 30",
  "SELECT person_id FROM person WHERE city = 'Oslo' INTERSECT SELECT person_id FROM person WHERE age = 30",
  "SELECT person_id FROM person WHERE city = 'Oslo' UNION SELECT person_id FROM person WHERE age = 30",
  "the map read as alternatives")
G("Cypher:count of nodes with a missing property",
  "SELECT COUNT(*) FROM person WHERE age IS NULL",
  "SELECT COUNT(*) - COUNT(age) FROM person",
  "SELECT COUNT(*) - COUNT(DISTINCT age) FROM person",
  "distinct ages subtracted")
G("Cypher:CASE with a null property",
  "SELECT person_id, CASE WHEN age >= 30 THEN 'senior' ELSE 'junior' END FROM person",
  "SELECT person_id, CASE WHEN age IS NULL OR age < 30 THEN 'junior' ELSE 'senior' END FROM person",
  "SELECT person_id, CASE WHEN age < 30 THEN 'junior' ELSE 'senior' END FROM person",
  "a null age falls to the other branch")
G("Cypher:size of an outgoing pattern (degree)",
  "SELECT p.person_id, (SELECT COUNT(*) FROM knows AS k WHERE k.src = p.person_id) FROM person AS p",
  "SELECT p.person_id, COUNT(k.dst) FROM person AS p LEFT JOIN knows AS k ON k.src = p.person_id GROUP BY p.person_id",
  "SELECT p.person_id, COUNT(*) FROM person AS p LEFT JOIN knows AS k ON k.src = p.person_id GROUP BY p.person_id",
  "count(*) over the outer join: 1 for isolated nodes")
G("Cypher:total degree over both directions",
  "SELECT p.person_id, (SELECT COUNT(*) FROM knows AS k WHERE k.src = p.person_id) + (SELECT COUNT(*) FROM knows AS k WHERE k.dst = p.person_id) "
  "FROM person AS p",
  "SELECT p.person_id, COUNT(u.x) FROM person AS p LEFT JOIN (SELECT src AS x FROM knows UNION ALL SELECT dst FROM knows) AS u "
  "ON u.x = p.person_id GROUP BY p.person_id",
  "SELECT p.person_id, COUNT(k.src) FROM person AS p LEFT JOIN knows AS k ON k.src = p.person_id OR k.dst = p.person_id GROUP BY p.person_id",
  "a self-loop counted once")
G("Cypher:directed triangle count",
  "SELECT COUNT(*) FROM person AS a, knows AS e0, person AS b, knows AS e1, person AS c, knows AS e2 WHERE e0.src = a.person_id "
  "AND e0.dst = b.person_id AND e1.src = b.person_id AND e1.dst = c.person_id AND e2.src = c.person_id AND e2.dst = a.person_id",
  "SELECT COUNT(*) FROM knows AS k1 JOIN knows AS k2 ON k2.src = k1.dst JOIN knows AS k3 ON k3.src = k2.dst AND k3.dst = k1.src",
  "SELECT COUNT(DISTINCT k1.src) FROM knows AS k1 JOIN knows AS k2 ON k2.src = k1.dst JOIN knows AS k3 ON k3.src = k2.dst AND k3.dst = k1.src",
  "counts nodes on a triangle, not triangles")
G("Cypher:two OPTIONAL MATCH clauses",
  "SELECT p.person_id, x.post_id, k.dst FROM person AS p LEFT JOIN post AS x ON x.author_id = p.person_id LEFT JOIN knows AS k ON k.src = p.person_id",
  "SELECT p.person_id, x.post_id, k.dst FROM person AS p LEFT JOIN knows AS k ON k.src = p.person_id LEFT JOIN post AS x ON x.author_id = p.person_id",
  "SELECT p.person_id, x.post_id, k.dst FROM person AS p LEFT JOIN knows AS k ON k.src = p.person_id JOIN post AS x ON x.author_id = p.person_id",
  "the second OPTIONAL MATCH made a MATCH")
G("Cypher:pairs of distinct nodes sharing a city",
  "SELECT COUNT(*) FROM person AS a, person AS b WHERE a.city = b.city AND a.person_id <> b.person_id",
  "SELECT COALESCE(SUM(n * (n - 1)), 0) FROM (SELECT COUNT(*) AS n FROM person WHERE city IS NOT NULL GROUP BY city) AS t",
  "SELECT SUM(n * (n - 1)) FROM (SELECT COUNT(*) AS n FROM person WHERE city IS NOT NULL GROUP BY city) AS t",
  "null instead of 0 when nobody has a city")
G("Cypher:STARTS WITH",
  "SELECT person_id FROM person WHERE substr(name, 1, 1) = 'a'",
  "SELECT person_id FROM person WHERE name >= 'a' AND name < 'b'",
  "SELECT person_id FROM person WHERE name LIKE 'a%'",
  "LIKE is case-insensitive in SQLite", dialect="sqlite")
G("Cypher:collect then UNWIND keeps duplicates",
  "SELECT a.person_id, b.city FROM person AS a JOIN knows AS k ON k.src = a.person_id JOIN person AS b ON b.person_id = k.dst WHERE b.city IS NOT NULL",
  "SELECT k.src, b.city FROM knows AS k JOIN person AS b ON b.person_id = k.dst AND b.city IS NOT NULL",
  "SELECT DISTINCT k.src, b.city FROM knows AS k JOIN person AS b ON b.person_id = k.dst AND b.city IS NOT NULL",
  "collect(DISTINCT) assumed")

# --- SPARQL to SQL (R2RML / OBDA)
G("SPARQL:BGP of two triples on one subject (self-join elimination)",
  "SELECT t1.name, t2.city FROM person AS t1 JOIN person AS t2 ON t1.person_id = t2.person_id WHERE t2.city IS NOT NULL",
  "SELECT name, city FROM person WHERE city IS NOT NULL",
  "SELECT name, city FROM person",
  "a NULL column read as a triple")
G("SPARQL:OPTIONAL on a NULL-able column",
  "SELECT p.person_id, a.age FROM person AS p LEFT JOIN (SELECT person_id, age FROM person WHERE age IS NOT NULL) AS a ON a.person_id = p.person_id",
  "SELECT person_id, age FROM person",
  "SELECT person_id, age FROM person WHERE age IS NOT NULL",
  "OPTIONAL read as a required triple")
G("SPARQL:FILTER NOT EXISTS",
  "SELECT p.person_id FROM person AS p WHERE NOT EXISTS (SELECT 1 FROM post AS x WHERE x.author_id = p.person_id)",
  "SELECT person_id FROM person EXCEPT SELECT author_id FROM post",
  "SELECT person_id FROM person WHERE person_id NOT IN (SELECT author_id FROM post)",
  "NOT IN over a NULL-able author")
G("SPARQL:MINUS with a shared variable",
  "SELECT p.person_id, p.city FROM person AS p WHERE p.city IS NOT NULL AND NOT EXISTS (SELECT 1 FROM person AS q "
  "WHERE q.person_id = p.person_id AND q.age IS NOT NULL)",
  "SELECT person_id, city FROM person WHERE city IS NOT NULL AND age IS NULL",
  "SELECT person_id, city FROM person WHERE city IS NOT NULL",
  "MINUS taken to share no variable")
G("SPARQL:UNION of two patterns under bag semantics",
  "SELECT author_id FROM post WHERE author_id IS NOT NULL UNION ALL SELECT src FROM knows",
  "SELECT v FROM (SELECT author_id AS v FROM post UNION ALL SELECT src FROM knows) AS t WHERE v IS NOT NULL",
  "SELECT author_id FROM post WHERE author_id IS NOT NULL UNION SELECT src FROM knows",
  "solution multiplicities dropped")
G("SPARQL:ASK",
  "SELECT EXISTS (SELECT 1 FROM knows AS k JOIN person AS q ON q.person_id = k.dst WHERE q.city = 'Oslo')",
  "SELECT COUNT(*) > 0 FROM knows AS k JOIN person AS q ON q.person_id = k.dst WHERE q.city = 'Oslo'",
  "SELECT COUNT(*) > 1 FROM knows AS k JOIN person AS q ON q.person_id = k.dst WHERE q.city = 'Oslo'",
  "more than one solution asked for")
G("SPARQL:SELECT DISTINCT on an optional-free variable",
  "SELECT DISTINCT topic FROM post WHERE topic IS NOT NULL",
  "SELECT topic FROM post WHERE topic IS NOT NULL GROUP BY topic",
  "SELECT topic FROM post GROUP BY topic",
  "the unbound topic kept as a group")
G("SPARQL:GROUP BY with HAVING COUNT",
  "SELECT topic, COUNT(*) FROM post WHERE topic IS NOT NULL GROUP BY topic HAVING COUNT(*) > 1",
  "SELECT topic, n FROM (SELECT topic, COUNT(*) AS n FROM post GROUP BY topic) AS g WHERE n > 1 AND topic IS NOT NULL",
  "SELECT topic, n FROM (SELECT topic, COUNT(likes) AS n FROM post GROUP BY topic) AS g WHERE n > 1 AND topic IS NOT NULL",
  "counts the likes triple instead of the solutions")
G("SPARQL:OPTIONAL with FILTER(!BOUND)",
  "SELECT p.person_id FROM person AS p LEFT JOIN post AS x ON x.author_id = p.person_id WHERE x.post_id IS NULL",
  "SELECT person_id FROM person AS p WHERE NOT EXISTS (SELECT 1 FROM post WHERE author_id = p.person_id)",
  "SELECT p.person_id FROM person AS p LEFT JOIN post AS x ON x.author_id = p.person_id WHERE x.topic IS NULL",
  "the unbound test on a NULL-able column of the optional part")
G("SPARQL:FILTER on an OPTIONAL variable",
  "SELECT p.person_id, a.age FROM person AS p LEFT JOIN person AS a ON a.person_id = p.person_id AND a.age IS NOT NULL WHERE a.age > 25",
  "SELECT person_id, age FROM person WHERE age > 25",
  "SELECT person_id, age FROM person WHERE age > 25 OR age IS NULL",
  "an unbound variable passes the filter")
G("SPARQL:inverse property path",
  "SELECT k.dst, k.src FROM knows AS k",
  "SELECT b.person_id, a.person_id FROM person AS a JOIN knows AS k ON k.src = a.person_id JOIN person AS b ON b.person_id = k.dst",
  "SELECT b.person_id, a.person_id FROM person AS a JOIN knows AS k ON k.src = a.person_id JOIN person AS b ON b.person_id = k.dst "
  "AND b.person_id <> a.person_id",
  "a self-loop dropped")
G("SPARQL:repeated variable in a triple",
  "SELECT k.src FROM knows AS k WHERE k.src = k.dst",
  "SELECT a.person_id FROM person AS a JOIN knows AS k ON k.src = a.person_id AND k.dst = a.person_id",
  "SELECT a.person_id FROM person AS a JOIN knows AS k ON k.src = a.person_id AND k.dst >= a.person_id",
  "the repeated variable read as an order")
G("SPARQL:MAX over an OPTIONAL group",
  "SELECT p.person_id, MAX(x.likes) FROM person AS p LEFT JOIN post AS x ON x.author_id = p.person_id GROUP BY p.person_id",
  "SELECT p.person_id, (SELECT MAX(likes) FROM post WHERE author_id = p.person_id) FROM person AS p",
  "SELECT p.person_id, MAX(x.likes) FROM person AS p JOIN post AS x ON x.author_id = p.person_id GROUP BY p.person_id",
  "OPTIONAL made required")
G("SPARQL:FILTER with ||",
  "SELECT person_id FROM person WHERE city IN ('Oslo', 'Rome')",
  "SELECT person_id FROM person WHERE city = 'Oslo' OR city = 'Rome'",
  "SELECT person_id FROM person WHERE COALESCE(city, 'Oslo') IN ('Oslo', 'Rome')",
  "an unbound city made Oslo")
G("SPARQL:ASK with FILTER NOT EXISTS",
  "SELECT EXISTS (SELECT 1 FROM person AS p WHERE NOT EXISTS (SELECT 1 FROM knows AS k WHERE k.src = p.person_id))",
  "SELECT (SELECT COUNT(*) FROM person) > (SELECT COUNT(DISTINCT src) FROM knows)",
  "SELECT (SELECT COUNT(*) FROM person) >= (SELECT COUNT(DISTINCT src) FROM knows)",
  "true on every database")
G("SPARQL:VALUES block joined",
  "SELECT p.person_id FROM person AS p JOIN (SELECT 'Oslo' AS c UNION ALL SELECT 'Rome') AS v ON v.c = p.city",
  "SELECT person_id FROM person WHERE city IN ('Oslo', 'Rome')",
  "SELECT p.person_id FROM person AS p JOIN (SELECT 'Oslo' AS c UNION ALL SELECT 'Rome' UNION ALL SELECT 'Oslo') AS v ON v.c = p.city",
  "a repeated value in VALUES duplicates the solutions")
G("SPARQL:posts with no reaction (OPTIONAL and !BOUND)",
  "SELECT x.post_id FROM post AS x LEFT JOIN reaction AS r ON r.post_id = x.post_id WHERE r.post_id IS NULL",
  "SELECT post_id FROM post AS x WHERE NOT EXISTS (SELECT 1 FROM reaction AS r WHERE r.post_id = x.post_id)",
  "SELECT x.post_id FROM post AS x LEFT JOIN reaction AS r ON r.post_id = x.post_id WHERE r.kind IS NULL",
  "a reaction with no kind read as no reaction")
G("OBDA:two class mappings intersected",
  "SELECT DISTINCT x.author_id FROM post AS x JOIN knows AS k ON k.src = x.author_id",
  "SELECT author_id FROM post INTERSECT SELECT src FROM knows",
  "SELECT x.author_id FROM post AS x JOIN knows AS k ON k.src = x.author_id",
  "the join's duplicates kept")
G("OBDA:class from a NOT NULL foreign key column",
  "SELECT DISTINCT p.person_id FROM person AS p JOIN knows AS k ON k.dst = p.person_id",
  "SELECT DISTINCT dst FROM knows",
  "SELECT DISTINCT src FROM knows",
  "the wrong end of the edge mapped")
G("SPARQL:COUNT(DISTINCT) of an object",
  "SELECT COUNT(DISTINCT r.person_id) FROM reaction AS r WHERE r.kind = 'like'",
  "SELECT COUNT(*) FROM person AS p WHERE EXISTS (SELECT 1 FROM reaction AS r WHERE r.person_id = p.person_id AND r.kind = 'like')",
  "SELECT COUNT(*) FROM reaction AS r WHERE r.kind = 'like' AND r.person_id IS NOT NULL",
  "DISTINCT dropped over the duplicate log")

# --- non-recursive Datalog with stratified negation
G("Datalog:union of two rules (symmetric closure)",
  "SELECT src, dst FROM knows UNION SELECT dst, src FROM knows",
  "SELECT a.person_id, b.person_id FROM person AS a, person AS b WHERE EXISTS (SELECT 1 FROM knows AS k WHERE "
  "(k.src = a.person_id AND k.dst = b.person_id) OR (k.src = b.person_id AND k.dst = a.person_id))",
  "SELECT src, dst FROM knows UNION ALL SELECT dst, src FROM knows",
  "rules unioned as a bag")
G("Datalog:negation over a product",
  "SELECT a.person_id, b.person_id FROM person AS a, person AS b WHERE a.person_id <> b.person_id AND NOT EXISTS "
  "(SELECT 1 FROM knows AS k WHERE k.src = a.person_id AND k.dst = b.person_id)",
  "SELECT a.person_id, b.person_id FROM person AS a, person AS b WHERE a.person_id <> b.person_id EXCEPT SELECT src, dst FROM knows",
  "SELECT a.person_id, b.person_id FROM person AS a CROSS JOIN person AS b LEFT JOIN knows AS k ON k.src = a.person_id "
  "AND k.dst = b.person_id WHERE a.person_id <> b.person_id AND k.since IS NULL",
  "the negated atom tested on a NULL-able attribute")
G("Datalog:rule with a constant in a body atom",
  "SELECT DISTINCT k.src FROM knows AS k JOIN person AS p ON p.person_id = k.dst WHERE p.city = 'Oslo'",
  "SELECT person_id FROM person WHERE person_id IN (SELECT src FROM knows WHERE dst IN (SELECT person_id FROM person WHERE city = 'Oslo'))",
  "SELECT k.src FROM knows AS k JOIN person AS p ON p.person_id = k.dst WHERE p.city = 'Oslo'",
  "set semantics lost")
G("Datalog:negation of an IDB predicate over a log",
  "SELECT p.person_id FROM person AS p WHERE NOT EXISTS (SELECT 1 FROM reaction AS r WHERE r.person_id = p.person_id)",
  "SELECT p.person_id FROM person AS p LEFT JOIN (SELECT DISTINCT person_id FROM reaction) AS r ON r.person_id = p.person_id "
  "WHERE r.person_id IS NULL",
  "SELECT person_id FROM person WHERE person_id NOT IN (SELECT person_id FROM reaction)",
  "NOT IN over the log's NULL ids")
G("Datalog:repeated variable across two atoms (mutual edge)",
  "SELECT k1.src, k1.dst FROM knows AS k1 JOIN knows AS k2 ON k2.src = k1.dst AND k2.dst = k1.src",
  "SELECT src, dst FROM knows INTERSECT SELECT dst, src FROM knows",
  "SELECT k1.src, k1.dst FROM knows AS k1 JOIN knows AS k2 ON k2.src = k1.dst AND k2.dst = k1.src WHERE k1.src < k1.dst",
  "each mutual pair once")
G("Datalog:negation of a two-rule predicate",
  "SELECT p.person_id FROM person AS p WHERE NOT (p.city = 'Oslo' AND p.city IS NOT NULL) AND NOT EXISTS "
  "(SELECT 1 FROM post AS x WHERE x.author_id = p.person_id)",
  "SELECT person_id FROM person WHERE (city IS NULL OR city <> 'Oslo') AND person_id NOT IN (SELECT author_id FROM post WHERE author_id IS NOT NULL)",
  "SELECT person_id FROM person WHERE city <> 'Oslo' AND person_id NOT IN (SELECT author_id FROM post WHERE author_id IS NOT NULL)",
  "a missing city fails the negated rule")
G("Datalog:join through a log with a constant",
  "SELECT DISTINCT x.author_id FROM reaction AS r JOIN post AS x ON x.post_id = r.post_id WHERE r.kind = 'like' AND x.author_id IS NOT NULL",
  "SELECT person_id FROM person WHERE person_id IN (SELECT author_id FROM post WHERE post_id IN (SELECT post_id FROM reaction WHERE kind = 'like'))",
  "SELECT person_id FROM person WHERE person_id IN (SELECT author_id FROM post WHERE post_id IN (SELECT post_id FROM reaction WHERE kind IS NOT NULL))",
  "any reaction kind")
G("Datalog:negated atom on the same log",
  "SELECT DISTINCT r.person_id FROM reaction AS r WHERE r.kind = 'share' AND r.person_id IS NOT NULL AND NOT EXISTS "
  "(SELECT 1 FROM reaction AS s WHERE s.person_id = r.person_id AND s.kind = 'like')",
  "SELECT person_id FROM reaction WHERE kind = 'share' AND person_id IS NOT NULL EXCEPT SELECT person_id FROM reaction WHERE kind = 'like'",
  "SELECT person_id FROM reaction WHERE kind = 'share' EXCEPT SELECT person_id FROM reaction WHERE kind = 'like'",
  "a NULL id survives EXCEPT")
G("Datalog:projection of a two-atom rule",
  "SELECT DISTINCT x.topic FROM post AS x JOIN person AS p ON p.person_id = x.author_id WHERE p.age >= 30 AND x.topic IS NOT NULL",
  "SELECT topic FROM post WHERE topic IS NOT NULL AND author_id IN (SELECT person_id FROM person WHERE age >= 30) GROUP BY topic",
  "SELECT topic FROM post WHERE topic IS NOT NULL AND author_id IN (SELECT person_id FROM person WHERE age > 30) GROUP BY topic",
  "the comparison made strict")
G("Datalog:three-stratum program",
  "SELECT p.person_id FROM person AS p WHERE EXISTS (SELECT 1 FROM post AS x WHERE x.author_id = p.person_id) AND NOT EXISTS "
  "(SELECT 1 FROM post AS x WHERE x.author_id = p.person_id AND NOT EXISTS (SELECT 1 FROM reaction AS r WHERE r.post_id = x.post_id))",
  "SELECT author_id FROM post WHERE author_id IS NOT NULL EXCEPT SELECT x.author_id FROM post AS x LEFT JOIN reaction AS r "
  "ON r.post_id = x.post_id WHERE r.post_id IS NULL",
  "SELECT DISTINCT x.author_id FROM post AS x JOIN reaction AS r ON r.post_id = x.post_id",
  "some post reacted to, not every post")
G("Datalog:rule with an inequality between body variables",
  "SELECT DISTINCT a.person_id FROM person AS a JOIN knows AS k ON k.src = a.person_id JOIN person AS b ON b.person_id = k.dst WHERE a.age < b.age",
  "SELECT person_id FROM person AS a WHERE EXISTS (SELECT 1 FROM knows AS k JOIN person AS b ON b.person_id = k.dst "
  "WHERE k.src = a.person_id AND b.age > a.age)",
  "SELECT person_id FROM person AS a WHERE EXISTS (SELECT 1 FROM knows AS k JOIN person AS b ON b.person_id = k.dst "
  "WHERE k.src = a.person_id AND NOT b.age <= a.age) OR a.age IS NULL",
  "a missing age satisfies the comparison")
G("Datalog:two rules with overlapping heads",
  "SELECT author_id FROM post WHERE topic = 'db' AND author_id IS NOT NULL UNION SELECT author_id FROM post WHERE likes > 0 AND author_id IS NOT NULL",
  "SELECT DISTINCT author_id FROM post WHERE author_id IS NOT NULL AND (topic = 'db' OR likes > 0)",
  "SELECT DISTINCT author_id FROM post WHERE author_id IS NOT NULL AND topic = 'db' AND likes > 0",
  "the rules' bodies conjoined")


# ============================================================ observability queries (monitoring)
# host(host_id PK, name, region NULL, tier NULL), metric(host_id FK NOT NULL, ts, name; PK all
# three, value REAL NULL), alert(alert_id PK, host_id FK NULL-able, severity NULL, ts, state),
# keyless log_line(host_id, ts, level, msg; all NULL-able) with duplicate rows.

# --- Kusto KQL
O("KQL:summarize count() by a column keeps the empty group",
  "SELECT level, COUNT(*) FROM log_line GROUP BY level",
  "SELECT l.level, (SELECT COUNT(*) FROM log_line AS m WHERE m.level = l.level OR (m.level IS NULL AND l.level IS NULL)) "
  "FROM (SELECT DISTINCT level FROM log_line) AS l",
  "SELECT l.level, (SELECT COUNT(*) FROM log_line AS m WHERE m.level = l.level) FROM (SELECT DISTINCT level FROM log_line) AS l",
  "the empty-level group counted as 0")
O("KQL:summarize dcount() by a column",
  "SELECT host_id, COUNT(DISTINCT msg) FROM log_line GROUP BY host_id",
  "SELECT host_id, COUNT(msg) FROM (SELECT DISTINCT host_id, msg FROM log_line) AS t GROUP BY host_id",
  "SELECT host_id, COUNT(*) FROM (SELECT DISTINCT host_id, msg FROM log_line) AS t GROUP BY host_id",
  "a missing msg counted as a value")
O("KQL:top N by a column with nulls last",
  "SELECT host_id, ts, value FROM metric WHERE name = 'cpu' ORDER BY value DESC NULLS LAST, host_id, ts LIMIT 3",
  "SELECT host_id, ts, value FROM (SELECT host_id, ts, value, ROW_NUMBER() OVER (ORDER BY value IS NULL, value DESC, host_id, ts) AS rn "
  "FROM metric WHERE name = 'cpu') AS t WHERE rn <= 3",
  "SELECT host_id, ts, value FROM (SELECT host_id, ts, value, ROW_NUMBER() OVER (ORDER BY value IS NULL, value DESC, host_id DESC, ts) AS rn "
  "FROM metric WHERE name = 'cpu') AS t WHERE rn <= 3",
  "ties broken the other way")
O("KQL:extend then where on the new column",
  "SELECT host_id, v2 FROM (SELECT host_id, value * 2 AS v2 FROM metric) AS t WHERE v2 > 1",
  "SELECT host_id, value * 2 FROM metric WHERE value > 0.5",
  "SELECT host_id, value * 2 FROM metric WHERE value >= 0.5",
  "the bound moved across the multiplication inclusively")
O("KQL:join kind=leftanti with a filtered right side",
  "SELECT h.host_id FROM host AS h WHERE NOT EXISTS (SELECT 1 FROM alert AS a WHERE a.host_id = h.host_id AND a.state = 'firing')",
  "SELECT h.host_id FROM host AS h LEFT JOIN alert AS a ON a.host_id = h.host_id AND a.state = 'firing' WHERE a.alert_id IS NULL",
  "SELECT h.host_id FROM host AS h LEFT JOIN alert AS a ON a.host_id = h.host_id WHERE a.alert_id IS NULL OR a.state <> 'firing'",
  "the right side's filter moved after the join")
O("KQL:join kind=leftsemi",
  "SELECT h.host_id, h.name FROM host AS h WHERE EXISTS (SELECT 1 FROM log_line AS l WHERE l.host_id = h.host_id AND l.level = 'error')",
  "SELECT host_id, name FROM host WHERE host_id IN (SELECT host_id FROM log_line WHERE level = 'error')",
  "SELECT h.host_id, h.name FROM host AS h JOIN log_line AS l ON l.host_id = h.host_id WHERE l.level = 'error'",
  "leftsemi made inner: one row per error line")
O("KQL:default join kind innerunique",
  "SELECT l.host_id, a.alert_id FROM (SELECT DISTINCT host_id FROM log_line) AS l JOIN alert AS a ON a.host_id = l.host_id",
  "SELECT a.host_id, a.alert_id FROM alert AS a WHERE a.host_id IN (SELECT host_id FROM log_line)",
  "SELECT l.host_id, a.alert_id FROM log_line AS l JOIN alert AS a ON a.host_id = l.host_id",
  "kind=inner: the left side not deduplicated")
O("KQL:summarize arg_max(ts, *) by a key",
  "SELECT host_id, alert_id, severity FROM (SELECT host_id, alert_id, severity, ROW_NUMBER() OVER (PARTITION BY host_id "
  "ORDER BY ts DESC, alert_id DESC) AS rn FROM alert WHERE host_id IS NOT NULL) AS t WHERE rn = 1",
  "SELECT a.host_id, a.alert_id, a.severity FROM alert AS a WHERE a.host_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM alert AS b "
  "WHERE b.host_id = a.host_id AND (b.ts > a.ts OR (b.ts = a.ts AND b.alert_id > a.alert_id)))",
  "SELECT a.host_id, a.alert_id, a.severity FROM alert AS a WHERE a.host_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM alert AS b "
  "WHERE b.host_id = a.host_id AND b.ts > a.ts)",
  "ties on the latest time all kept")
O("KQL:top-nested by sum",
  "SELECT host_id, SUM(value) AS s FROM metric GROUP BY host_id ORDER BY s DESC, host_id LIMIT 2",
  "SELECT host_id, s FROM (SELECT host_id, SUM(value) AS s, ROW_NUMBER() OVER (ORDER BY SUM(value) DESC, host_id) AS rn "
  "FROM metric GROUP BY host_id) AS t WHERE rn <= 2",
  "SELECT host_id, s FROM (SELECT host_id, SUM(value) AS s, ROW_NUMBER() OVER (ORDER BY SUM(value) DESC, host_id) AS rn "
  "FROM metric GROUP BY host_id) AS t WHERE rn < 2",
  "top-nested 1")
O("KQL:summarize by bin(ts, 60)",
  "SELECT ts / 60 * 60 AS b, COUNT(*) FROM metric GROUP BY ts / 60 * 60",
  "SELECT ts - ts % 60, COUNT(*) FROM metric GROUP BY ts - ts % 60",
  "SELECT (ts + 30) / 60 * 60, COUNT(*) FROM metric GROUP BY (ts + 30) / 60 * 60",
  "bin rounded to the nearest instead of down")
O("KQL:where then count",
  "SELECT COUNT(*) FROM log_line WHERE level = 'error'",
  "SELECT COUNT(CASE WHEN level = 'error' THEN 1 END) FROM log_line",
  "SELECT SUM(CASE WHEN level = 'error' THEN 1 ELSE 0 END) FROM log_line",
  "null on an empty table")
O("KQL:!= on a string column (empty, not null)",
  "SELECT host_id, msg FROM log_line WHERE COALESCE(level, '') <> 'error'",
  "SELECT host_id, msg FROM log_line WHERE level IS NULL OR level <> 'error'",
  "SELECT host_id, msg FROM log_line WHERE level <> 'error'",
  "SQL's null comparison drops empty levels")
O("KQL:isempty()",
  "SELECT host_id FROM log_line WHERE msg IS NULL OR msg = ''",
  "SELECT host_id FROM log_line WHERE COALESCE(msg, '') = ''",
  "SELECT host_id FROM log_line WHERE msg IS NULL",
  "isnull instead of isempty")
O("KQL:distinct on two columns",
  "SELECT DISTINCT host_id, level FROM log_line",
  "SELECT host_id, level FROM log_line GROUP BY host_id, level",
  "SELECT host_id, level FROM log_line GROUP BY host_id, level, msg",
  "an extra group key")
O("KQL:countif() by a key",
  "SELECT host_id, COUNT(CASE WHEN level = 'error' THEN 1 END) FROM log_line GROUP BY host_id",
  "SELECT host_id, SUM(CASE WHEN level = 'error' THEN 1 ELSE 0 END) FROM log_line GROUP BY host_id",
  "SELECT host_id, COUNT(*) FROM log_line WHERE level = 'error' GROUP BY host_id",
  "hosts with no errors dropped")
O("KQL:sumif() by a key",
  "SELECT host_id, SUM(CASE WHEN name = 'cpu' THEN value END) FROM metric GROUP BY host_id",
  "SELECT h.host_id, c.s FROM (SELECT DISTINCT host_id FROM metric) AS h LEFT JOIN (SELECT host_id, SUM(value) AS s FROM metric "
  "WHERE name = 'cpu' GROUP BY host_id) AS c ON c.host_id = h.host_id",
  "SELECT h.host_id, COALESCE(c.s, 0) FROM (SELECT DISTINCT host_id FROM metric) AS h LEFT JOIN (SELECT host_id, SUM(value) AS s FROM metric "
  "WHERE name = 'cpu' GROUP BY host_id) AS c ON c.host_id = h.host_id",
  "0 for hosts without a cpu sample")
O("KQL:summarize min() and max() by a key",
  "SELECT host_id, MIN(ts), MAX(ts) FROM alert GROUP BY host_id",
  "SELECT DISTINCT host_id, FIRST_VALUE(ts) OVER (PARTITION BY host_id ORDER BY ts), FIRST_VALUE(ts) OVER (PARTITION BY host_id ORDER BY ts DESC) "
  "FROM alert",
  "SELECT DISTINCT host_id, FIRST_VALUE(ts) OVER (PARTITION BY host_id ORDER BY ts), LAST_VALUE(ts) OVER (PARTITION BY host_id ORDER BY ts) "
  "FROM alert",
  "LAST_VALUE with the default frame")
O("KQL:join kind=leftouter",
  "SELECT a.alert_id, h.name FROM alert AS a LEFT JOIN host AS h ON h.host_id = a.host_id",
  "SELECT a.alert_id, (SELECT h.name FROM host AS h WHERE h.host_id = a.host_id) FROM alert AS a",
  "SELECT a.alert_id, h.name FROM alert AS a JOIN host AS h ON h.host_id = a.host_id",
  "kind=inner drops alerts without a host")
O("KQL:union of two tables then count",
  "SELECT COUNT(*) FROM (SELECT host_id FROM log_line UNION ALL SELECT host_id FROM alert) AS u",
  "SELECT (SELECT COUNT(*) FROM log_line) + (SELECT COUNT(*) FROM alert)",
  "SELECT COUNT(*) FROM (SELECT host_id FROM log_line UNION SELECT host_id FROM alert) AS u",
  "union deduplicated")
O("KQL:summarize avg()",
  "SELECT host_id, AVG(value) FROM metric GROUP BY host_id",
  "SELECT host_id, SUM(value) / COUNT(value) FROM metric GROUP BY host_id",
  "SELECT host_id, SUM(value) / COUNT(*) FROM metric GROUP BY host_id",
  "null samples in the denominator")
O("KQL:between is inclusive",
  "SELECT alert_id FROM alert WHERE ts BETWEEN 60 AND 120",
  "SELECT alert_id FROM alert WHERE ts >= 60 AND ts <= 120",
  "SELECT alert_id FROM alert WHERE ts > 60 AND ts <= 120",
  "lower end excluded")
O("KQL:in~ is case-insensitive",
  "SELECT host_id FROM host WHERE lower(name) = 'web'",
  "SELECT host_id FROM host WHERE name LIKE 'web'",
  "SELECT host_id FROM host WHERE name = 'web'",
  "in instead of in~", dialect="sqlite")
O("KQL:where on a summarize result",
  "SELECT host_id, c FROM (SELECT host_id, COUNT(*) AS c FROM log_line GROUP BY host_id) AS t WHERE c > 1",
  "SELECT host_id, COUNT(*) FROM log_line GROUP BY host_id HAVING COUNT(*) > 1",
  "SELECT host_id, COUNT(*) FROM log_line GROUP BY host_id HAVING COUNT(msg) > 1",
  "count() read as count(msg)")
O("KQL:case() with a null input",
  "SELECT alert_id, CASE WHEN severity >= 3 THEN 'high' WHEN severity = 2 THEN 'mid' ELSE 'low' END FROM alert",
  "SELECT alert_id, CASE WHEN severity < 2 OR severity IS NULL THEN 'low' WHEN severity < 3 THEN 'mid' ELSE 'high' END FROM alert",
  "SELECT alert_id, CASE WHEN severity < 2 THEN 'low' WHEN severity < 3 THEN 'mid' ELSE 'high' END FROM alert",
  "a null severity falls through to high")
O("KQL:prev() over a serialized series",
  "SELECT host_id, ts, LAG(value) OVER (PARTITION BY host_id ORDER BY ts) FROM metric WHERE name = 'cpu'",
  "SELECT m.host_id, m.ts, (SELECT p.value FROM metric AS p WHERE p.host_id = m.host_id AND p.name = 'cpu' AND p.ts < m.ts "
  "ORDER BY p.ts DESC LIMIT 1) FROM metric AS m WHERE m.name = 'cpu'",
  "SELECT m.host_id, m.ts, (SELECT p.value FROM metric AS p WHERE p.host_id = m.host_id AND p.name = 'cpu' AND p.ts < m.ts "
  "AND p.value IS NOT NULL ORDER BY p.ts DESC LIMIT 1) FROM metric AS m WHERE m.name = 'cpu'",
  "prev skips null samples")
O("KQL:row_cumsum()",
  "SELECT host_id, ts, SUM(value) OVER (PARTITION BY host_id ORDER BY ts ROWS UNBOUNDED PRECEDING) FROM metric WHERE name = 'mem'",
  "SELECT m.host_id, m.ts, (SELECT SUM(p.value) FROM metric AS p WHERE p.host_id = m.host_id AND p.name = 'mem' AND p.ts <= m.ts) "
  "FROM metric AS m WHERE m.name = 'mem'",
  "SELECT m.host_id, m.ts, (SELECT SUM(p.value) FROM metric AS p WHERE p.host_id = m.host_id AND p.name = 'mem' AND p.ts < m.ts) "
  "FROM metric AS m WHERE m.name = 'mem'",
  "the current row left out of the running sum")
O("KQL:project-away then distinct",
  "SELECT DISTINCT region FROM (SELECT host_id, region FROM host) AS p",
  "SELECT region FROM host GROUP BY region",
  "SELECT region FROM host WHERE region IS NOT NULL GROUP BY region",
  "the empty region dropped")
O("KQL:summarize count() by two keys then top 1 per first key",
  "SELECT host_id, level FROM (SELECT host_id, level, ROW_NUMBER() OVER (PARTITION BY host_id ORDER BY COUNT(*) DESC, level) AS rn "
  "FROM log_line WHERE level IS NOT NULL AND host_id IS NOT NULL GROUP BY host_id, level) AS t WHERE rn = 1",
  "SELECT g.host_id, g.level FROM (SELECT host_id, level, COUNT(*) AS c FROM log_line WHERE level IS NOT NULL AND host_id IS NOT NULL "
  "GROUP BY host_id, level) AS g WHERE NOT EXISTS (SELECT 1 FROM (SELECT host_id, level, COUNT(*) AS c FROM log_line "
  "WHERE level IS NOT NULL GROUP BY host_id, level) AS o WHERE o.host_id = g.host_id AND (o.c > g.c OR (o.c = g.c AND o.level < g.level)))",
  "SELECT g.host_id, g.level FROM (SELECT host_id, level, COUNT(*) AS c FROM log_line WHERE level IS NOT NULL AND host_id IS NOT NULL "
  "GROUP BY host_id, level) AS g WHERE NOT EXISTS (SELECT 1 FROM (SELECT host_id, level, COUNT(*) AS c FROM log_line "
  "WHERE level IS NOT NULL GROUP BY host_id, level) AS o WHERE o.host_id = g.host_id AND o.c > g.c)",
  "ties between levels all kept")

# --- Splunk SPL
O("SPL:stats count by a field drops events without it",
  "SELECT level, COUNT(*) FROM log_line WHERE level IS NOT NULL GROUP BY level",
  "SELECT level, COUNT(level) FROM log_line GROUP BY level HAVING COUNT(level) > 0",
  "SELECT level, COUNT(*) FROM log_line GROUP BY level",
  "the null group kept")
O("SPL:stats count(field)",
  "SELECT COUNT(msg) FROM log_line",
  "SELECT COUNT(*) FROM log_line WHERE msg IS NOT NULL",
  "SELECT COUNT(DISTINCT msg) FROM log_line",
  "count read as dc")
O("SPL:eventstats count by a field",
  "SELECT host_id, msg, COUNT(*) OVER (PARTITION BY host_id) FROM log_line WHERE host_id IS NOT NULL",
  "SELECT l.host_id, l.msg, (SELECT COUNT(*) FROM log_line AS m WHERE m.host_id = l.host_id) FROM log_line AS l WHERE l.host_id IS NOT NULL",
  "SELECT l.host_id, l.msg, (SELECT COUNT(*) FROM log_line AS m WHERE m.host_id = l.host_id) FROM log_line AS l",
  "events without the field kept with a 0")
O("SPL:eventstats avg then where above average",
  "SELECT host_id, ts FROM (SELECT host_id, ts, value, AVG(value) OVER (PARTITION BY host_id) AS a FROM metric WHERE name = 'cpu') AS t WHERE value > a",
  "SELECT m.host_id, m.ts FROM metric AS m WHERE m.name = 'cpu' AND m.value > (SELECT AVG(value) FROM metric AS n WHERE n.name = 'cpu' "
  "AND n.host_id = m.host_id)",
  "SELECT m.host_id, m.ts FROM metric AS m WHERE m.name = 'cpu' AND m.value > (SELECT AVG(value) FROM metric AS n WHERE n.name = 'cpu')",
  "the average over every host")
O("SPL:streamstats count by a field",
  "SELECT host_id, ts, ROW_NUMBER() OVER (PARTITION BY host_id ORDER BY ts) FROM metric WHERE name = 'cpu'",
  "SELECT m.host_id, m.ts, (SELECT COUNT(*) FROM metric AS p WHERE p.host_id = m.host_id AND p.name = 'cpu' AND p.ts <= m.ts) "
  "FROM metric AS m WHERE m.name = 'cpu'",
  "SELECT m.host_id, m.ts, (SELECT COUNT(*) FROM metric AS p WHERE p.host_id = m.host_id AND p.ts <= m.ts) FROM metric AS m WHERE m.name = 'cpu'",
  "the running count over every metric name")
O("SPL:streamstats current=f count",
  "SELECT host_id, ts, COUNT(*) OVER (PARTITION BY host_id ORDER BY ts ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) FROM metric WHERE name = 'mem'",
  "SELECT host_id, ts, ROW_NUMBER() OVER (PARTITION BY host_id ORDER BY ts) - 1 FROM metric WHERE name = 'mem'",
  "SELECT host_id, ts, ROW_NUMBER() OVER (PARTITION BY host_id ORDER BY ts) FROM metric WHERE name = 'mem'",
  "current=t")
O("SPL:dedup on two fields (keepempty=false)",
  "SELECT alert_id, host_id, state FROM (SELECT alert_id, host_id, state, ROW_NUMBER() OVER (PARTITION BY host_id, state "
  "ORDER BY alert_id DESC) AS rn FROM alert WHERE host_id IS NOT NULL) AS t WHERE rn = 1",
  "SELECT MAX(alert_id), host_id, state FROM alert WHERE host_id IS NOT NULL GROUP BY host_id, state",
  "SELECT MAX(alert_id), host_id, state FROM alert GROUP BY host_id, state",
  "keepempty=true")
O("SPL:top limit=2",
  "SELECT level, COUNT(*) AS c FROM log_line WHERE level IS NOT NULL GROUP BY level ORDER BY c DESC, level LIMIT 2",
  "SELECT level, c FROM (SELECT level, COUNT(*) AS c, ROW_NUMBER() OVER (ORDER BY COUNT(*) DESC, level) AS rn FROM log_line "
  "WHERE level IS NOT NULL GROUP BY level) AS t WHERE rn <= 2",
  "SELECT level, c FROM (SELECT level, COUNT(*) AS c, ROW_NUMBER() OVER (ORDER BY COUNT(*) DESC, level) AS rn FROM log_line "
  "GROUP BY level) AS t WHERE rn <= 2",
  "the missing value ranked as a value")
O("SPL:rare limit=1",
  "SELECT msg, COUNT(*) AS c FROM log_line WHERE msg IS NOT NULL GROUP BY msg ORDER BY c, msg LIMIT 1",
  "SELECT msg, c FROM (SELECT msg, COUNT(*) AS c FROM log_line WHERE msg IS NOT NULL GROUP BY msg) AS t WHERE NOT EXISTS "
  "(SELECT 1 FROM (SELECT msg, COUNT(*) AS c FROM log_line WHERE msg IS NOT NULL GROUP BY msg) AS u WHERE u.c < t.c OR (u.c = t.c AND u.msg < t.msg))",
  "SELECT msg, c FROM (SELECT msg, COUNT(*) AS c FROM log_line WHERE msg IS NOT NULL GROUP BY msg) AS t WHERE NOT EXISTS "
  "(SELECT 1 FROM (SELECT msg, COUNT(*) AS c FROM log_line WHERE msg IS NOT NULL GROUP BY msg) AS u WHERE u.c < t.c)",
  "every value tied for rarest")
O("SPL:stats latest() by a field",
  "SELECT DISTINCT host_id, FIRST_VALUE(value) OVER (PARTITION BY host_id ORDER BY ts DESC) FROM metric WHERE name = 'cpu'",
  "SELECT m.host_id, m.value FROM metric AS m WHERE m.name = 'cpu' AND m.ts = (SELECT MAX(ts) FROM metric AS n WHERE n.name = 'cpu' "
  "AND n.host_id = m.host_id)",
  "SELECT host_id, MAX(value) FROM metric WHERE name = 'cpu' GROUP BY host_id",
  "latest read as max")
O("SPL:fillnull value=0 then stats sum",
  "SELECT host_id, SUM(COALESCE(value, 0)) FROM metric GROUP BY host_id",
  "SELECT host_id, COALESCE(SUM(value), 0) FROM metric GROUP BY host_id",
  "SELECT host_id, SUM(value) FROM metric GROUP BY host_id",
  "fillnull dropped: an all-null host sums to null")
O("SPL:chart count over a field by level",
  "SELECT host_id, SUM(CASE WHEN level = 'error' THEN 1 ELSE 0 END), SUM(CASE WHEN level = 'warn' THEN 1 ELSE 0 END) FROM log_line "
  "WHERE host_id IS NOT NULL GROUP BY host_id",
  "SELECT host_id, COUNT(CASE WHEN level = 'error' THEN 1 END), COUNT(CASE WHEN level = 'warn' THEN 1 END) FROM log_line "
  "WHERE host_id IS NOT NULL GROUP BY host_id",
  "SELECT host_id, COUNT(level = 'error'), COUNT(level = 'warn') FROM log_line WHERE host_id IS NOT NULL GROUP BY host_id",
  "COUNT of a boolean counts false too")
O("SPL:bin span then stats count by the bin",
  "SELECT ts / 60 * 60, COUNT(*) FROM log_line WHERE ts IS NOT NULL GROUP BY ts / 60 * 60",
  "SELECT b, COUNT(*) FROM (SELECT ts - ts % 60 AS b FROM log_line) AS t WHERE b IS NOT NULL GROUP BY b",
  "SELECT b, COUNT(*) FROM (SELECT ts - ts % 60 AS b FROM log_line) AS t GROUP BY b",
  "events without a time kept as a bin")
O("SPL:stats count, dc(field)",
  "SELECT COUNT(*), COUNT(DISTINCT host_id) FROM alert",
  "SELECT (SELECT COUNT(*) FROM alert), (SELECT COUNT(*) FROM (SELECT DISTINCT host_id FROM alert WHERE host_id IS NOT NULL) AS d)",
  "SELECT (SELECT COUNT(*) FROM alert), (SELECT COUNT(*) FROM (SELECT DISTINCT host_id FROM alert) AS d)",
  "dc counts the missing value")
O("SPL:lookup of a host attribute",
  "SELECT l.msg, h.region FROM log_line AS l LEFT JOIN host AS h ON h.host_id = l.host_id",
  "SELECT l.msg, (SELECT region FROM host WHERE host_id = l.host_id) FROM log_line AS l",
  "SELECT l.msg, h.region FROM log_line AS l JOIN host AS h ON h.host_id = l.host_id",
  "lookup drops unmatched events")
O("SPL:where with a compound condition",
  "SELECT alert_id FROM alert WHERE NOT (state = 'resolved' OR severity < 2)",
  "SELECT alert_id FROM alert WHERE state <> 'resolved' AND severity >= 2",
  "SELECT alert_id FROM alert WHERE state <> 'resolved' AND (severity >= 2 OR severity IS NULL)",
  "a missing severity passes")
O("SPL:stats values() count per host",
  "SELECT host_id, COUNT(*) FROM (SELECT DISTINCT host_id, level FROM log_line WHERE level IS NOT NULL) AS v GROUP BY host_id",
  "SELECT host_id, COUNT(DISTINCT level) FROM log_line GROUP BY host_id HAVING COUNT(level) > 0",
  "SELECT host_id, COUNT(DISTINCT level) FROM log_line GROUP BY host_id",
  "hosts with no level kept with 0")
O("SPL:transaction-free session count (gap > 30)",
  "SELECT host_id, COUNT(*) FROM (SELECT host_id, ts, LAG(ts) OVER (PARTITION BY host_id ORDER BY ts) AS p FROM metric WHERE name = 'cpu') AS t "
  "WHERE p IS NULL OR ts - p > 30 GROUP BY host_id",
  "SELECT m.host_id, COUNT(*) FROM metric AS m WHERE m.name = 'cpu' AND NOT EXISTS (SELECT 1 FROM metric AS q WHERE q.host_id = m.host_id "
  "AND q.name = 'cpu' AND q.ts < m.ts AND q.ts >= m.ts - 30) GROUP BY m.host_id",
  "SELECT m.host_id, COUNT(*) FROM metric AS m WHERE m.name = 'cpu' AND NOT EXISTS (SELECT 1 FROM metric AS q WHERE q.host_id = m.host_id "
  "AND q.name = 'cpu' AND q.ts < m.ts AND q.ts > m.ts - 30) GROUP BY m.host_id",
  "a gap of exactly 30 starts a new session")

# --- PromQL-style aggregations
O("PromQL:sum by (label) at an instant",
  "SELECT h.region, SUM(m.value) FROM metric AS m JOIN host AS h ON h.host_id = m.host_id WHERE m.name = 'cpu' AND m.ts = 120 GROUP BY h.region",
  "SELECT region, SUM(s) FROM (SELECT h.region, m.host_id, SUM(m.value) AS s FROM metric AS m JOIN host AS h ON h.host_id = m.host_id "
  "WHERE m.name = 'cpu' AND m.ts = 120 GROUP BY h.region, m.host_id) AS t GROUP BY region",
  "SELECT h.region, SUM(m.value) FROM host AS h LEFT JOIN metric AS m ON m.host_id = h.host_id AND m.name = 'cpu' AND m.ts = 120 GROUP BY h.region",
  "regions without a series appear")
O("PromQL:sum without (instance)",
  "SELECT name, SUM(value) FROM metric WHERE ts = 60 GROUP BY name",
  "SELECT name, SUM(s) FROM (SELECT name, host_id, SUM(value) AS s FROM metric WHERE ts = 60 GROUP BY name, host_id) AS t GROUP BY name",
  "SELECT host_id, SUM(value) FROM metric WHERE ts = 60 GROUP BY host_id",
  "without read as by")
O("PromQL:topk(2) per timestamp",
  "SELECT ts, host_id, value FROM (SELECT ts, host_id, value, ROW_NUMBER() OVER (PARTITION BY ts ORDER BY value DESC, host_id) AS rn "
  "FROM metric WHERE name = 'cpu' AND value IS NOT NULL) AS t WHERE rn <= 2",
  "SELECT m.ts, m.host_id, m.value FROM metric AS m WHERE m.name = 'cpu' AND m.value IS NOT NULL AND (SELECT COUNT(*) FROM metric AS b "
  "WHERE b.name = 'cpu' AND b.ts = m.ts AND b.value IS NOT NULL AND (b.value > m.value OR (b.value = m.value AND b.host_id < m.host_id))) < 2",
  "SELECT ts, host_id, value FROM (SELECT ts, host_id, value, ROW_NUMBER() OVER (PARTITION BY ts ORDER BY value DESC, host_id) AS rn "
  "FROM metric WHERE name = 'cpu') AS t WHERE rn <= 2",
  "null samples ranked: they fill the top when fewer than 2 values exist")
O("PromQL:max_over_time in 60 s buckets",
  "SELECT host_id, ts / 60, MAX(value) FROM metric WHERE name = 'mem' GROUP BY host_id, ts / 60",
  "SELECT DISTINCT host_id, ts / 60, MAX(value) OVER (PARTITION BY host_id, ts / 60) FROM metric WHERE name = 'mem'",
  "SELECT DISTINCT host_id, ts / 60, MAX(value) OVER (PARTITION BY host_id) FROM metric WHERE name = 'mem'",
  "the range not bucketed")
O("PromQL:absent()",
  "SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM metric WHERE name = 'cpu')",
  "SELECT 1 FROM (SELECT COUNT(*) AS c FROM metric WHERE name = 'cpu') AS t WHERE c = 0",
  "SELECT 1 FROM (SELECT COUNT(value) AS c FROM metric WHERE name = 'cpu') AS t WHERE c = 0",
  "series with only null samples taken as absent")
O("PromQL:count by (label)",
  "SELECT h.region, COUNT(*) FROM metric AS m JOIN host AS h ON h.host_id = m.host_id WHERE m.ts = 0 GROUP BY h.region",
  "SELECT h.region, SUM(t.c) FROM host AS h JOIN (SELECT host_id, COUNT(*) AS c FROM metric WHERE ts = 0 GROUP BY host_id) AS t "
  "ON t.host_id = h.host_id GROUP BY h.region",
  "SELECT h.region, COUNT(DISTINCT m.host_id) FROM metric AS m JOIN host AS h ON h.host_id = m.host_id WHERE m.ts = 0 GROUP BY h.region",
  "series per host counted once")
O("PromQL:avg by (instance) is not the avg of bucket averages",
  "SELECT host_id, AVG(value) FROM metric WHERE name = 'cpu' GROUP BY host_id",
  "SELECT host_id, SUM(value) / COUNT(value) FROM metric WHERE name = 'cpu' GROUP BY host_id",
  "SELECT host_id, AVG(a) FROM (SELECT host_id, ts / 60 AS b, AVG(value) AS a FROM metric WHERE name = 'cpu' GROUP BY host_id, ts / 60) AS t "
  "GROUP BY host_id",
  "average of per-bucket averages")
O("PromQL:one-to-one vector division with on(instance)",
  "SELECT c.host_id, c.ts, c.value / m.value FROM metric AS c JOIN metric AS m ON m.host_id = c.host_id AND m.ts = c.ts "
  "WHERE c.name = 'cpu' AND m.name = 'mem'",
  "SELECT c.host_id, c.ts, c.value / (SELECT m.value FROM metric AS m WHERE m.host_id = c.host_id AND m.ts = c.ts AND m.name = 'mem') "
  "FROM metric AS c WHERE c.name = 'cpu' AND EXISTS (SELECT 1 FROM metric AS m WHERE m.host_id = c.host_id AND m.ts = c.ts AND m.name = 'mem')",
  "SELECT c.host_id, c.ts, c.value / (SELECT m.value FROM metric AS m WHERE m.host_id = c.host_id AND m.ts = c.ts AND m.name = 'mem') "
  "FROM metric AS c WHERE c.name = 'cpu'",
  "unmatched samples kept with a null")
O("PromQL:comparison with bool",
  "SELECT host_id, ts, CASE WHEN value > 1 THEN 1 ELSE 0 END FROM metric WHERE name = 'cpu' AND value IS NOT NULL",
  "SELECT host_id, ts, value > 1 FROM metric WHERE name = 'cpu' AND value IS NOT NULL",
  "SELECT host_id, ts, value > 1 FROM metric WHERE name = 'cpu'",
  "null samples kept", dialect="sqlite")
O("PromQL:or between two vectors",
  "SELECT host_id, value FROM metric WHERE name = 'cpu' AND ts = 0 UNION ALL SELECT b.host_id, b.value FROM metric AS b WHERE b.name = 'mem' "
  "AND b.ts = 0 AND NOT EXISTS (SELECT 1 FROM metric AS a WHERE a.name = 'cpu' AND a.ts = 0 AND a.host_id = b.host_id)",
  "SELECT m.host_id, m.value FROM metric AS m WHERE m.ts = 0 AND (m.name = 'cpu' OR (m.name = 'mem' AND m.host_id NOT IN "
  "(SELECT host_id FROM metric WHERE name = 'cpu' AND ts = 0)))",
  "SELECT m.host_id, m.value FROM metric AS m WHERE m.ts = 0 AND (m.name = 'cpu' OR m.name = 'mem')",
  "or read as a plain union")
O("PromQL:unless",
  "SELECT m.host_id, m.value FROM metric AS m WHERE m.name = 'cpu' AND m.ts = 60 AND NOT EXISTS (SELECT 1 FROM alert AS a "
  "WHERE a.host_id = m.host_id AND a.state = 'firing')",
  "SELECT host_id, value FROM metric WHERE name = 'cpu' AND ts = 60 AND host_id NOT IN (SELECT host_id FROM alert WHERE state = 'firing' "
  "AND host_id IS NOT NULL)",
  "SELECT host_id, value FROM metric WHERE name = 'cpu' AND ts = 60 AND host_id NOT IN (SELECT host_id FROM alert WHERE state = 'firing')",
  "a host-less firing alert empties the result")
O("PromQL:count(count by (label))",
  "SELECT COUNT(*) FROM (SELECT region FROM host AS h JOIN metric AS m ON m.host_id = h.host_id GROUP BY region) AS g",
  "SELECT COUNT(DISTINCT region) + COALESCE(MAX(CASE WHEN region IS NULL THEN 1 ELSE 0 END), 0) FROM host AS h WHERE EXISTS (SELECT 1 FROM metric AS m "
  "WHERE m.host_id = h.host_id)",
  "SELECT COUNT(DISTINCT region) FROM host AS h WHERE EXISTS (SELECT 1 FROM metric AS m WHERE m.host_id = h.host_id)",
  "the empty label value not counted as a group")
O("PromQL:min by (label) with a missing label",
  "SELECT h.tier, MIN(m.value) FROM metric AS m JOIN host AS h ON h.host_id = m.host_id GROUP BY h.tier",
  "SELECT t.tier, MIN(t.v) FROM (SELECT h.tier, (SELECT MIN(value) FROM metric WHERE host_id = h.host_id) AS v FROM host AS h "
  "WHERE EXISTS (SELECT 1 FROM metric WHERE host_id = h.host_id)) AS t GROUP BY t.tier",
  "SELECT h.tier, MIN(m.value) FROM metric AS m JOIN host AS h ON h.host_id = m.host_id WHERE h.tier IS NOT NULL GROUP BY h.tier",
  "series without the label dropped")

# --- Grafana time buckets and reducers
O("Grafana:$__timeGroup with fill for missing buckets",
  "SELECT b.t, COUNT(m.ts) FROM (SELECT 0 AS t UNION ALL SELECT 60 UNION ALL SELECT 120) AS b LEFT JOIN metric AS m "
  "ON m.ts / 60 * 60 = b.t AND m.name = 'cpu' GROUP BY b.t",
  "SELECT b.t, (SELECT COUNT(*) FROM metric AS m WHERE m.name = 'cpu' AND m.ts - m.ts % 60 = b.t) "
  "FROM (SELECT 0 AS t UNION ALL SELECT 60 UNION ALL SELECT 120) AS b",
  "SELECT b.t, COUNT(*) FROM (SELECT 0 AS t UNION ALL SELECT 60 UNION ALL SELECT 120) AS b LEFT JOIN metric AS m "
  "ON m.ts / 60 * 60 = b.t AND m.name = 'cpu' GROUP BY b.t",
  "an empty bucket counted as 1")
O("Grafana:reducer Last * (last non-null)",
  "SELECT value FROM metric WHERE host_id = 1 AND name = 'cpu' AND value IS NOT NULL ORDER BY ts DESC LIMIT 1",
  "SELECT value FROM metric WHERE host_id = 1 AND name = 'cpu' AND ts = (SELECT MAX(ts) FROM metric WHERE host_id = 1 AND name = 'cpu' "
  "AND value IS NOT NULL)",
  "SELECT value FROM metric WHERE host_id = 1 AND name = 'cpu' AND ts = (SELECT MAX(ts) FROM metric WHERE host_id = 1 AND name = 'cpu')",
  "reducer Last: a trailing null returned")
O("Grafana:$__timeFilter on a range",
  "SELECT host_id, value FROM metric WHERE ts BETWEEN 30 AND 90 AND name = 'mem'",
  "SELECT host_id, value FROM metric WHERE name = 'mem' AND NOT (ts < 30 OR ts > 90)",
  "SELECT host_id, value FROM metric WHERE name = 'mem' AND ts >= 30 AND ts < 90",
  "the right end excluded")
O("Grafana:reducer Mean over a panel",
  "SELECT AVG(value) FROM metric WHERE name = 'cpu' AND host_id = 2",
  "SELECT SUM(value) / COUNT(value) FROM metric WHERE name = 'cpu' AND host_id = 2",
  "SELECT TOTAL(value) / COUNT(*) FROM metric WHERE name = 'cpu' AND host_id = 2",
  "nulls as zeros in the mean", dialect="sqlite")
O("Grafana:multi-value template variable",
  "SELECT host_id, ts FROM metric WHERE host_id IN (SELECT host_id FROM host WHERE region = 'eu') AND name = 'cpu'",
  "SELECT m.host_id, m.ts FROM metric AS m JOIN host AS h ON h.host_id = m.host_id WHERE h.region = 'eu' AND m.name = 'cpu'",
  "SELECT m.host_id, m.ts FROM metric AS m JOIN host AS h ON h.host_id = m.host_id WHERE (h.region = 'eu' OR h.region IS NULL) AND m.name = 'cpu'",
  "hosts without a region pass the variable")
O("Grafana:time series to table with the latest per series",
  "SELECT host_id, name, value FROM (SELECT host_id, name, value, ROW_NUMBER() OVER (PARTITION BY host_id, name ORDER BY ts DESC) AS rn "
  "FROM metric) AS t WHERE rn = 1",
  "SELECT m.host_id, m.name, m.value FROM metric AS m JOIN (SELECT host_id, name, MAX(ts) AS ts FROM metric GROUP BY host_id, name) AS l "
  "ON l.host_id = m.host_id AND l.name = m.name AND l.ts = m.ts",
  "SELECT m.host_id, m.name, m.value FROM metric AS m JOIN (SELECT host_id, MAX(ts) AS ts FROM metric GROUP BY host_id) AS l "
  "ON l.host_id = m.host_id AND l.ts = m.ts",
  "the latest per host, not per series")


# ============================================================ streaming and IVM (streaming_shop)
# product(product_id PK, name, category NULL, price REAL NULL), click(event_id PK, user_id NOT
# NULL, product_id FK NULL-able, ts, kind, amount REAL NULL), stock_log(product_id FK, version;
# PK both, qty NULL, op 'upsert'/'delete'), order_old(order_id PK, user_id, amount REAL NULL),
# keyless change tables order_ins(order_id, user_id, amount), order_del(order_id) and
# cart_change(user_id, product_id, diff +1/-1), all with duplicate rows.

# --- Flink SQL
S("Flink:deduplication keeping the last row per key",
  "SELECT user_id, event_id, kind FROM (SELECT user_id, event_id, kind, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY ts DESC, event_id DESC) "
  "AS rn FROM click) AS t WHERE rn = 1",
  "SELECT c.user_id, c.event_id, c.kind FROM click AS c WHERE NOT EXISTS (SELECT 1 FROM click AS d WHERE d.user_id = c.user_id "
  "AND (d.ts > c.ts OR (d.ts = c.ts AND d.event_id > c.event_id)))",
  "SELECT c.user_id, c.event_id, c.kind FROM click AS c WHERE NOT EXISTS (SELECT 1 FROM click AS d WHERE d.user_id = c.user_id AND d.ts > c.ts)",
  "rows tied on the time all kept")
S("Flink:deduplication keeping the first row per key",
  "SELECT user_id, event_id FROM (SELECT user_id, event_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY ts, event_id) AS rn FROM click) AS t "
  "WHERE rn = 1",
  "SELECT c.user_id, c.event_id FROM click AS c WHERE c.event_id = (SELECT MIN(d.event_id) FROM click AS d WHERE d.user_id = c.user_id "
  "AND d.ts = (SELECT MIN(e.ts) FROM click AS e WHERE e.user_id = c.user_id))",
  "SELECT c.user_id, c.event_id FROM click AS c WHERE c.event_id = (SELECT MIN(d.event_id) FROM click AS d WHERE d.user_id = c.user_id)",
  "first by arrival id, not by time")
S("Flink:top-N per group",
  "SELECT user_id, event_id, amount FROM (SELECT user_id, event_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC, event_id) "
  "AS rn FROM click WHERE amount IS NOT NULL) AS t WHERE rn <= 2",
  "SELECT a.user_id, a.event_id, a.amount FROM click AS a WHERE a.amount IS NOT NULL AND (SELECT COUNT(*) FROM click AS b WHERE b.user_id = a.user_id "
  "AND b.amount IS NOT NULL AND (b.amount > a.amount OR (b.amount = a.amount AND b.event_id < a.event_id))) < 2",
  "SELECT user_id, event_id, amount FROM (SELECT user_id, event_id, amount, RANK() OVER (PARTITION BY user_id ORDER BY amount DESC) "
  "AS rn FROM click WHERE amount IS NOT NULL) AS t WHERE rn <= 2",
  "RANK keeps ties past N")
S("Flink:window top-N over tumbling windows",
  "SELECT ws, product_id, c FROM (SELECT ts / 10 * 10 AS ws, product_id, COUNT(*) AS c, ROW_NUMBER() OVER (PARTITION BY ts / 10 * 10 "
  "ORDER BY COUNT(*) DESC, product_id) AS rn FROM click WHERE product_id IS NOT NULL GROUP BY ts / 10 * 10, product_id) AS t WHERE rn = 1",
  "SELECT g.ws, g.product_id, g.c FROM (SELECT ts / 10 * 10 AS ws, product_id, COUNT(*) AS c FROM click WHERE product_id IS NOT NULL "
  "GROUP BY ts / 10 * 10, product_id) AS g WHERE NOT EXISTS (SELECT 1 FROM (SELECT ts / 10 * 10 AS ws, product_id, COUNT(*) AS c FROM click "
  "WHERE product_id IS NOT NULL GROUP BY ts / 10 * 10, product_id) AS h WHERE h.ws = g.ws AND (h.c > g.c OR (h.c = g.c AND h.product_id < g.product_id)))",
  "SELECT ws, product_id, c FROM (SELECT ts / 10 * 10 AS ws, product_id, COUNT(*) AS c, RANK() OVER (PARTITION BY ts / 10 * 10 "
  "ORDER BY COUNT(*) DESC) AS rn FROM click WHERE product_id IS NOT NULL GROUP BY ts / 10 * 10, product_id) AS t WHERE rn = 1",
  "tied products all kept")
S("Flink:window deduplication (first row per window and key)",
  "SELECT event_id FROM (SELECT event_id, ROW_NUMBER() OVER (PARTITION BY ts / 10, user_id ORDER BY ts, event_id) AS rn FROM click) AS t WHERE rn = 1",
  "SELECT c.event_id FROM click AS c WHERE NOT EXISTS (SELECT 1 FROM click AS d WHERE d.user_id = c.user_id AND d.ts / 10 = c.ts / 10 "
  "AND (d.ts < c.ts OR (d.ts = c.ts AND d.event_id < c.event_id)))",
  "SELECT c.event_id FROM click AS c WHERE NOT EXISTS (SELECT 1 FROM click AS d WHERE d.user_id = c.user_id "
  "AND (d.ts < c.ts OR (d.ts = c.ts AND d.event_id < c.event_id)))",
  "deduplicated across windows")
S("Flink:tumbling window with window_end",
  "SELECT ts / 10 * 10 + 10 AS we, COUNT(*) FROM click WHERE kind = 'buy' GROUP BY ts / 10 * 10 + 10",
  "SELECT (ts / 10 + 1) * 10, COUNT(*) FROM click WHERE kind = 'buy' GROUP BY ts / 10",
  "SELECT ((ts - 1) / 10 + 1) * 10, COUNT(*) FROM click WHERE kind = 'buy' GROUP BY (ts - 1) / 10",
  "windows closed on the right: an event on the boundary in the earlier window")
S("Flink:hopping window (slide 5, size 10)",
  "SELECT w.ws, COUNT(*) FROM click AS c JOIN (SELECT ts / 5 * 5 AS ws FROM click WHERE ts >= 0 UNION SELECT ts / 5 * 5 - 5 FROM click WHERE ts >= 0) AS w "
  "ON c.ts >= w.ws AND c.ts < w.ws + 10 WHERE c.ts >= 0 GROUP BY w.ws",
  "SELECT ws, COUNT(*) FROM (SELECT ts / 5 * 5 AS ws FROM click WHERE ts >= 0 UNION ALL SELECT ts / 5 * 5 - 5 FROM click WHERE ts >= 0) AS t GROUP BY ws",
  "SELECT ws, COUNT(*) FROM (SELECT ts / 5 * 5 AS ws FROM click WHERE ts >= 0) AS t GROUP BY ws",
  "hop read as tumble: each event in one window")
S("Flink:session window count (gap 5)",
  "SELECT user_id, COUNT(*) FROM (SELECT user_id, ts, LAG(ts) OVER (PARTITION BY user_id ORDER BY ts, event_id) AS p FROM click) AS t "
  "WHERE p IS NULL OR ts - p > 5 GROUP BY user_id",
  "SELECT c.user_id, COUNT(*) FROM click AS c WHERE NOT EXISTS (SELECT 1 FROM click AS d WHERE d.user_id = c.user_id AND "
  "((d.ts >= c.ts - 5 AND d.ts < c.ts) OR (d.ts = c.ts AND d.event_id < c.event_id))) GROUP BY c.user_id",
  "SELECT c.user_id, COUNT(*) FROM click AS c WHERE NOT EXISTS (SELECT 1 FROM click AS d WHERE d.user_id = c.user_id AND "
  "((d.ts > c.ts - 5 AND d.ts < c.ts) OR (d.ts = c.ts AND d.event_id < c.event_id))) GROUP BY c.user_id",
  "a gap of exactly 5 opens a session")
S("Flink:watermark filter drops late events",
  "SELECT event_id FROM click WHERE ts >= (SELECT MAX(ts) FROM click) - 10",
  "SELECT c.event_id FROM click AS c WHERE NOT EXISTS (SELECT 1 FROM click AS d WHERE d.ts > c.ts + 10)",
  "SELECT c.event_id FROM click AS c WHERE NOT EXISTS (SELECT 1 FROM click AS d WHERE d.ts >= c.ts + 10)",
  "an event exactly at the watermark dropped")
S("Flink:interval join (buy within 10 after a view)",
  "SELECT v.event_id FROM click AS v WHERE v.kind = 'view' AND EXISTS (SELECT 1 FROM click AS b WHERE b.user_id = v.user_id AND b.kind = 'buy' "
  "AND b.ts BETWEEN v.ts AND v.ts + 10)",
  "SELECT DISTINCT v.event_id FROM click AS v JOIN click AS b ON b.user_id = v.user_id AND b.kind = 'buy' AND b.ts >= v.ts AND b.ts - v.ts <= 10 "
  "WHERE v.kind = 'view'",
  "SELECT v.event_id FROM click AS v JOIN click AS b ON b.user_id = v.user_id AND b.kind = 'buy' AND b.ts >= v.ts AND b.ts - v.ts <= 10 "
  "WHERE v.kind = 'view'",
  "one row per matching buy")
S("Flink:lookup join with a filter on the dimension",
  "SELECT c.event_id, p.name FROM click AS c JOIN product AS p ON p.product_id = c.product_id WHERE p.category = 'home'",
  "SELECT c.event_id, (SELECT name FROM product WHERE product_id = c.product_id) FROM click AS c "
  "WHERE c.product_id IN (SELECT product_id FROM product WHERE category = 'home')",
  "SELECT c.event_id, p.name FROM click AS c LEFT JOIN product AS p ON p.product_id = c.product_id AND p.category = 'home'",
  "the filter in a left lookup join's ON keeps every event")
S("Flink:OVER aggregation with a RANGE interval",
  "SELECT event_id, SUM(amount) OVER (PARTITION BY user_id ORDER BY ts RANGE BETWEEN 10 PRECEDING AND CURRENT ROW) FROM click",
  "SELECT c.event_id, (SELECT SUM(d.amount) FROM click AS d WHERE d.user_id = c.user_id AND d.ts BETWEEN c.ts - 10 AND c.ts) FROM click AS c",
  "SELECT c.event_id, (SELECT SUM(d.amount) FROM click AS d WHERE d.user_id = c.user_id AND d.ts > c.ts - 10 AND d.ts <= c.ts) FROM click AS c",
  "the interval's lower end excluded", dialect="sqlite")
S("Flink:split distinct aggregation (two-phase by bucket)",
  "SELECT product_id, COUNT(DISTINCT user_id) FROM click GROUP BY product_id",
  "SELECT product_id, SUM(c) FROM (SELECT product_id, user_id % 2 AS b, COUNT(DISTINCT user_id) AS c FROM click GROUP BY product_id, user_id % 2) AS t "
  "GROUP BY product_id",
  "SELECT product_id, SUM(c) FROM (SELECT product_id, event_id % 2 AS b, COUNT(DISTINCT user_id) AS c FROM click GROUP BY product_id, event_id % 2) AS t "
  "GROUP BY product_id",
  "bucketed by the event, so a user is counted in both buckets")
S("Flink:local-global aggregation (two-phase sum)",
  "SELECT kind, SUM(amount) FROM click GROUP BY kind",
  "SELECT kind, SUM(s) FROM (SELECT kind, user_id, SUM(amount) AS s FROM click GROUP BY kind, user_id) AS t GROUP BY kind",
  "SELECT kind, SUM(s) FROM (SELECT DISTINCT kind, user_id, SUM(amount) OVER (PARTITION BY user_id) AS s FROM click) AS t GROUP BY kind",
  "the local phase not split by the group key")
S("Flink:deduplication then filter is not filter then deduplication",
  "SELECT COUNT(*) FROM (SELECT kind, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY ts DESC, event_id DESC) AS rn FROM click) AS t "
  "WHERE rn = 1 AND kind = 'buy'",
  "SELECT COUNT(*) FROM click AS c WHERE c.kind = 'buy' AND NOT EXISTS (SELECT 1 FROM click AS d WHERE d.user_id = c.user_id "
  "AND (d.ts > c.ts OR (d.ts = c.ts AND d.event_id > c.event_id)))",
  "SELECT COUNT(*) FROM (SELECT kind, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY ts DESC, event_id DESC) AS rn FROM click "
  "WHERE kind = 'buy') AS t WHERE rn = 1",
  "the filter pushed below the deduplication: the latest buy instead of a latest event that is a buy")
S("Flink:changelog normalize then sum of live rows",
  "SELECT SUM(qty) FROM (SELECT qty, op, ROW_NUMBER() OVER (PARTITION BY product_id ORDER BY version DESC) AS rn FROM stock_log) AS t "
  "WHERE rn = 1 AND op = 'upsert'",
  "SELECT SUM(s.qty) FROM stock_log AS s WHERE s.op = 'upsert' AND s.version = (SELECT MAX(version) FROM stock_log AS x WHERE x.product_id = s.product_id)",
  "SELECT SUM(qty) FROM stock_log WHERE op = 'upsert'",
  "every upsert summed, not the last one per key")
S("Flink:regular join over an upsert source",
  "SELECT p.name, t.qty FROM product AS p JOIN (SELECT product_id, qty FROM (SELECT product_id, qty, op, ROW_NUMBER() OVER (PARTITION BY product_id "
  "ORDER BY version DESC) AS rn FROM stock_log) AS u WHERE rn = 1 AND op = 'upsert') AS t ON t.product_id = p.product_id",
  "SELECT p.name, s.qty FROM product AS p JOIN stock_log AS s ON s.product_id = p.product_id WHERE s.op = 'upsert' AND NOT EXISTS "
  "(SELECT 1 FROM stock_log AS x WHERE x.product_id = s.product_id AND x.version > s.version)",
  "SELECT p.name, s.qty FROM product AS p JOIN stock_log AS s ON s.product_id = p.product_id WHERE s.op = 'upsert' AND NOT EXISTS "
  "(SELECT 1 FROM stock_log AS x WHERE x.product_id = s.product_id AND x.version > s.version AND x.op = 'upsert')",
  "a later delete ignored")

# --- Materialize
S("Materialize:consolidation of a changelog (net multiplicities)",
  "SELECT user_id, product_id, SUM(diff) FROM cart_change GROUP BY user_id, product_id HAVING SUM(diff) <> 0",
  "SELECT user_id, product_id, n FROM (SELECT user_id, product_id, SUM(CASE WHEN diff > 0 THEN diff ELSE 0 END) + SUM(CASE WHEN diff < 0 "
  "THEN diff ELSE 0 END) AS n FROM cart_change GROUP BY user_id, product_id) AS t WHERE n <> 0",
  "SELECT user_id, product_id, SUM(diff) FROM cart_change GROUP BY user_id, product_id HAVING SUM(diff) > 0",
  "negative net counts hidden")
S("Materialize:temporal filter (mz_now)",
  "SELECT event_id FROM click WHERE 20 <= ts + 10",
  "SELECT event_id FROM click WHERE ts >= 10",
  "SELECT event_id FROM click WHERE ts > 10",
  "the validity window made open")
S("Materialize:TopK by a correlated LIMIT 1",
  "SELECT u.user_id, (SELECT c.event_id FROM click AS c WHERE c.user_id = u.user_id ORDER BY c.ts DESC, c.event_id DESC LIMIT 1) "
  "FROM (SELECT DISTINCT user_id FROM click) AS u",
  "SELECT user_id, event_id FROM (SELECT user_id, event_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY ts DESC, event_id DESC) AS rn FROM click) AS t "
  "WHERE rn = 1",
  "SELECT user_id, MAX(event_id) FROM click GROUP BY user_id",
  "the largest id taken as the latest")
S("Materialize:DISTINCT ON as a window",
  "SELECT product_id, qty FROM (SELECT product_id, qty, ROW_NUMBER() OVER (PARTITION BY product_id ORDER BY version DESC) AS rn FROM stock_log) AS t "
  "WHERE rn = 1",
  "SELECT s.product_id, s.qty FROM stock_log AS s JOIN (SELECT product_id, MAX(version) AS v FROM stock_log GROUP BY product_id) AS m "
  "ON m.product_id = s.product_id AND m.v = s.version",
  "SELECT s.product_id, s.qty FROM stock_log AS s JOIN (SELECT product_id, MAX(version) AS v FROM stock_log WHERE qty IS NOT NULL "
  "GROUP BY product_id) AS m ON m.product_id = s.product_id AND m.v = s.version",
  "the latest non-null quantity")
S("Materialize:negative multiplicities expand to nothing",
  "SELECT user_id, product_id FROM cart_change WHERE user_id IS NOT NULL AND product_id IS NOT NULL GROUP BY user_id, product_id HAVING SUM(diff) > 0",
  "SELECT DISTINCT a.user_id, a.product_id FROM cart_change AS a WHERE (SELECT SUM(b.diff) FROM cart_change AS b WHERE b.user_id = a.user_id "
  "AND b.product_id = a.product_id) > 0",
  "SELECT DISTINCT a.user_id, a.product_id FROM cart_change AS a WHERE EXISTS (SELECT 1 FROM cart_change AS b WHERE b.user_id = a.user_id "
  "AND b.product_id = a.product_id AND b.diff > 0)",
  "an insertion seen, its retraction ignored")
S("Materialize:count of a consolidated collection",
  "SELECT COALESCE(SUM(diff), 0) FROM cart_change WHERE user_id = 1",
  "SELECT (SELECT COALESCE(SUM(diff), 0) FROM cart_change WHERE user_id = 1 AND diff > 0) + (SELECT COALESCE(SUM(diff), 0) FROM cart_change "
  "WHERE user_id = 1 AND diff < 0)",
  "SELECT COUNT(*) FROM cart_change WHERE user_id = 1",
  "updates counted, not the net rows")

# --- ksqlDB
S("ksqlDB:table aggregation final value",
  "SELECT user_id, COUNT(*) FROM click GROUP BY user_id",
  "SELECT user_id, MAX(rn) FROM (SELECT user_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY ts, event_id) AS rn FROM click) AS t GROUP BY user_id",
  "SELECT user_id, MAX(rn) FROM (SELECT user_id, RANK() OVER (PARTITION BY user_id ORDER BY ts) AS rn FROM click) AS t GROUP BY user_id",
  "RANK lags behind on ties at the end")
S("ksqlDB:LATEST_BY_OFFSET ignores nulls",
  "SELECT user_id, amount FROM (SELECT user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY event_id DESC) AS rn FROM click "
  "WHERE amount IS NOT NULL) AS t WHERE rn = 1",
  "SELECT c.user_id, c.amount FROM click AS c WHERE c.event_id = (SELECT MAX(event_id) FROM click AS d WHERE d.user_id = c.user_id AND d.amount IS NOT NULL)",
  "SELECT c.user_id, c.amount FROM click AS c WHERE c.event_id = (SELECT MAX(event_id) FROM click AS d WHERE d.user_id = c.user_id)",
  "the latest value even when null")
S("ksqlDB:table from a changelog with tombstones (null value)",
  "SELECT product_id, qty FROM (SELECT product_id, qty, ROW_NUMBER() OVER (PARTITION BY product_id ORDER BY version DESC) AS rn FROM stock_log) AS t "
  "WHERE rn = 1 AND qty IS NOT NULL",
  "SELECT s.product_id, s.qty FROM stock_log AS s WHERE s.qty IS NOT NULL AND NOT EXISTS (SELECT 1 FROM stock_log AS x "
  "WHERE x.product_id = s.product_id AND x.version > s.version)",
  "SELECT s.product_id, s.qty FROM stock_log AS s WHERE s.qty IS NOT NULL AND NOT EXISTS (SELECT 1 FROM stock_log AS x "
  "WHERE x.product_id = s.product_id AND x.version > s.version AND x.qty IS NOT NULL)",
  "a tombstone ignored: the last value survives")
S("ksqlDB:upsert table compaction with delete operations",
  "SELECT product_id, qty FROM (SELECT product_id, qty, op, ROW_NUMBER() OVER (PARTITION BY product_id ORDER BY version DESC) AS rn FROM stock_log) AS t "
  "WHERE rn = 1 AND op = 'upsert'",
  "SELECT s.product_id, s.qty FROM stock_log AS s WHERE s.op = 'upsert' AND s.version = (SELECT MAX(version) FROM stock_log AS x "
  "WHERE x.product_id = s.product_id)",
  "SELECT product_id, qty FROM (SELECT product_id, qty, ROW_NUMBER() OVER (PARTITION BY product_id ORDER BY version DESC) AS rn FROM stock_log "
  "WHERE op = 'upsert') AS t WHERE rn = 1",
  "deletes filtered before compaction resurrect the key")
S("ksqlDB:count of live keys in an upsert table",
  "SELECT COUNT(*) FROM (SELECT op, ROW_NUMBER() OVER (PARTITION BY product_id ORDER BY version DESC) AS rn FROM stock_log) AS t "
  "WHERE rn = 1 AND op = 'upsert'",
  "SELECT COUNT(*) FROM stock_log AS s WHERE s.op = 'upsert' AND NOT EXISTS (SELECT 1 FROM stock_log AS x WHERE x.product_id = s.product_id "
  "AND x.version > s.version)",
  "SELECT COUNT(DISTINCT product_id) FROM stock_log WHERE op = 'upsert'",
  "deleted keys still counted")
S("ksqlDB:stream-table left join",
  "SELECT c.event_id, p.category FROM click AS c LEFT JOIN product AS p ON p.product_id = c.product_id",
  "SELECT c.event_id, (SELECT category FROM product WHERE product_id = c.product_id) FROM click AS c",
  "SELECT c.event_id, p.category FROM click AS c JOIN product AS p ON p.product_id = c.product_id",
  "inner join drops events without a product")
S("ksqlDB:windowed aggregation with HAVING",
  "SELECT user_id, ts / 10 AS w, COUNT(*) FROM click GROUP BY user_id, ts / 10 HAVING COUNT(*) > 1",
  "SELECT user_id, w, c FROM (SELECT user_id, ts / 10 AS w, COUNT(*) AS c FROM click GROUP BY user_id, ts / 10) AS t WHERE c >= 2",
  "SELECT user_id, w, c FROM (SELECT user_id, ts / 10 AS w, COUNT(amount) AS c FROM click GROUP BY user_id, ts / 10) AS t WHERE c >= 2",
  "counted the NULL-able amount")
S("ksqlDB:EARLIEST_BY_OFFSET",
  "SELECT user_id, kind FROM (SELECT user_id, kind, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY event_id) AS rn FROM click) AS t WHERE rn = 1",
  "SELECT c.user_id, c.kind FROM click AS c WHERE c.event_id = (SELECT MIN(event_id) FROM click WHERE user_id = c.user_id)",
  "SELECT user_id, MIN(kind) FROM click GROUP BY user_id",
  "the smallest value, not the earliest")

# --- delta rules of incremental view maintenance
S("IVM:delta rule for a SUM view under insertion",
  "SELECT user_id, SUM(amount) FROM (SELECT user_id, amount FROM order_old UNION ALL SELECT user_id, amount FROM order_ins) AS u GROUP BY user_id",
  "SELECT user_id, SUM(s) FROM (SELECT user_id, SUM(amount) AS s FROM order_old GROUP BY user_id UNION ALL SELECT user_id, SUM(amount) "
  "FROM order_ins GROUP BY user_id) AS t GROUP BY user_id",
  "SELECT user_id, SUM(s) FROM (SELECT user_id, SUM(amount) AS s FROM order_old GROUP BY user_id UNION SELECT user_id, SUM(amount) "
  "FROM order_ins GROUP BY user_id) AS t GROUP BY user_id",
  "equal old and delta sums merged by UNION")
S("IVM:delta rule for a COUNT view under insertion",
  "SELECT user_id, COUNT(*) FROM (SELECT user_id FROM order_old UNION ALL SELECT user_id FROM order_ins) AS u GROUP BY user_id",
  "SELECT user_id, SUM(c) FROM (SELECT user_id, COUNT(*) AS c FROM order_old GROUP BY user_id UNION ALL SELECT user_id, COUNT(*) FROM order_ins "
  "GROUP BY user_id) AS t GROUP BY user_id",
  "SELECT o.user_id, o.c + COALESCE(i.c, 0) FROM (SELECT user_id, COUNT(*) AS c FROM order_old GROUP BY user_id) AS o LEFT JOIN "
  "(SELECT user_id, COUNT(*) AS c FROM order_ins GROUP BY user_id) AS i ON i.user_id = o.user_id",
  "groups that appear only in the delta lost")
S("IVM:delta rule for a join view",
  "SELECT u.order_id, c.event_id FROM (SELECT order_id, user_id FROM order_old UNION ALL SELECT order_id, user_id FROM order_ins) AS u "
  "JOIN click AS c ON c.user_id = u.user_id",
  "SELECT o.order_id, c.event_id FROM order_old AS o JOIN click AS c ON c.user_id = o.user_id UNION ALL SELECT i.order_id, c.event_id "
  "FROM order_ins AS i JOIN click AS c ON c.user_id = i.user_id",
  "SELECT o.order_id, c.event_id FROM order_old AS o JOIN click AS c ON c.user_id = o.user_id UNION SELECT i.order_id, c.event_id "
  "FROM order_ins AS i JOIN click AS c ON c.user_id = i.user_id",
  "the delta merged as a set")
S("IVM:retraction of deleted keys",
  "SELECT order_id, user_id, amount FROM order_old WHERE order_id NOT IN (SELECT order_id FROM order_del WHERE order_id IS NOT NULL)",
  "SELECT o.order_id, o.user_id, o.amount FROM order_old AS o LEFT JOIN (SELECT DISTINCT order_id FROM order_del) AS d ON d.order_id = o.order_id "
  "WHERE d.order_id IS NULL",
  "SELECT order_id, user_id, amount FROM order_old WHERE order_id NOT IN (SELECT order_id FROM order_del)",
  "a null retraction empties the view")
S("IVM:SUM view after deletions",
  "SELECT user_id, SUM(amount) FROM order_old AS o WHERE NOT EXISTS (SELECT 1 FROM order_del AS d WHERE d.order_id = o.order_id) GROUP BY user_id",
  "SELECT o.user_id, SUM(o.amount) FROM order_old AS o LEFT JOIN (SELECT DISTINCT order_id FROM order_del) AS d ON d.order_id = o.order_id "
  "WHERE d.order_id IS NULL GROUP BY o.user_id",
  "SELECT o.user_id, SUM(o.amount) - COALESCE((SELECT SUM(x.amount) FROM order_del AS d JOIN order_old AS x ON x.order_id = d.order_id "
  "WHERE x.user_id = o.user_id), 0) FROM order_old AS o GROUP BY o.user_id",
  "old sum minus deleted sum: duplicate retractions subtracted twice, emptied groups kept")
S("IVM:COUNT view after deletions (counting algorithm)",
  "SELECT user_id, COUNT(*) FROM order_old AS o WHERE NOT EXISTS (SELECT 1 FROM order_del AS d WHERE d.order_id = o.order_id) GROUP BY user_id",
  "SELECT user_id, n FROM (SELECT o.user_id, COUNT(*) - COUNT(d.order_id) AS n FROM order_old AS o LEFT JOIN (SELECT DISTINCT order_id "
  "FROM order_del) AS d ON d.order_id = o.order_id GROUP BY o.user_id) AS t WHERE n > 0",
  "SELECT o.user_id, COUNT(*) - COUNT(d.order_id) FROM order_old AS o LEFT JOIN (SELECT DISTINCT order_id FROM order_del) AS d "
  "ON d.order_id = o.order_id GROUP BY o.user_id",
  "groups whose count reached 0 kept")
S("IVM:DISTINCT view after deletions",
  "SELECT DISTINCT o.user_id FROM order_old AS o WHERE o.order_id NOT IN (SELECT order_id FROM order_del WHERE order_id IS NOT NULL)",
  "SELECT user_id FROM (SELECT o.user_id, COUNT(*) - COUNT(d.order_id) AS n FROM order_old AS o LEFT JOIN (SELECT DISTINCT order_id "
  "FROM order_del) AS d ON d.order_id = o.order_id GROUP BY o.user_id) AS t WHERE n > 0",
  "SELECT user_id FROM (SELECT o.user_id, COUNT(*) - COUNT(d.order_id) AS n FROM order_old AS o LEFT JOIN (SELECT DISTINCT order_id "
  "FROM order_del) AS d ON d.order_id = o.order_id GROUP BY o.user_id) AS t WHERE n >= 0",
  "support count of 0 kept")
S("IVM:MIN view under insertion",
  "SELECT user_id, MIN(amount) FROM (SELECT user_id, amount FROM order_old UNION ALL SELECT user_id, amount FROM order_ins) AS u GROUP BY user_id",
  "SELECT user_id, MIN(m) FROM (SELECT user_id, MIN(amount) AS m FROM order_old GROUP BY user_id UNION ALL SELECT user_id, MIN(amount) "
  "FROM order_ins GROUP BY user_id) AS t GROUP BY user_id",
  "SELECT o.user_id, CASE WHEN i.m < o.m THEN i.m ELSE o.m END FROM (SELECT user_id, MIN(amount) AS m FROM order_old GROUP BY user_id) AS o "
  "LEFT JOIN (SELECT user_id, MIN(amount) AS m FROM order_ins GROUP BY user_id) AS i ON i.user_id = o.user_id",
  "delta-only groups lost and a null old minimum kept")
S("IVM:AVG view maintained as SUM and COUNT",
  "SELECT user_id, AVG(amount) FROM (SELECT user_id, amount FROM order_old UNION ALL SELECT user_id, amount FROM order_ins) AS u GROUP BY user_id",
  "SELECT user_id, SUM(s) / SUM(c) FROM (SELECT user_id, SUM(amount) AS s, COUNT(amount) AS c FROM order_old GROUP BY user_id UNION ALL "
  "SELECT user_id, SUM(amount), COUNT(amount) FROM order_ins GROUP BY user_id) AS t GROUP BY user_id",
  "SELECT user_id, AVG(a) FROM (SELECT user_id, AVG(amount) AS a FROM order_old GROUP BY user_id UNION ALL SELECT user_id, AVG(amount) "
  "FROM order_ins GROUP BY user_id) AS t GROUP BY user_id",
  "average of the partial averages")
S("IVM:COUNT DISTINCT is not additive",
  "SELECT COUNT(DISTINCT user_id) FROM (SELECT user_id FROM order_old UNION ALL SELECT user_id FROM order_ins) AS u",
  "SELECT COUNT(*) FROM (SELECT user_id FROM order_old UNION SELECT user_id FROM order_ins) AS t WHERE user_id IS NOT NULL",
  "SELECT (SELECT COUNT(DISTINCT user_id) FROM order_old) + (SELECT COUNT(DISTINCT user_id) FROM order_ins)",
  "partial distinct counts added")
S("IVM:selection distributes over the delta",
  "SELECT order_id FROM (SELECT order_id, amount FROM order_old UNION ALL SELECT order_id, amount FROM order_ins) AS u WHERE amount > 1",
  "SELECT order_id FROM order_old WHERE amount > 1 UNION ALL SELECT order_id FROM order_ins WHERE amount > 1",
  "SELECT order_id FROM order_old WHERE amount > 1 UNION SELECT order_id FROM order_ins WHERE amount > 1",
  "delta rows merged as a set")
S("IVM:projection with DISTINCT under insertion",
  "SELECT DISTINCT user_id FROM (SELECT user_id FROM order_old UNION ALL SELECT user_id FROM order_ins) AS u",
  "SELECT user_id FROM order_old UNION SELECT user_id FROM order_ins",
  "SELECT user_id FROM order_old UNION ALL SELECT user_id FROM order_ins",
  "DISTINCT lost")
S("IVM:upsert (merge) of a delta into a keyed table",
  "SELECT order_id, user_id, amount FROM order_old WHERE order_id NOT IN (SELECT order_id FROM order_ins WHERE order_id IS NOT NULL) "
  "UNION ALL SELECT order_id, user_id, amount FROM order_ins",
  "SELECT o.order_id, o.user_id, o.amount FROM order_old AS o WHERE NOT EXISTS (SELECT 1 FROM order_ins AS i WHERE i.order_id = o.order_id) "
  "UNION ALL SELECT order_id, user_id, amount FROM order_ins",
  "SELECT order_id, user_id, amount FROM order_old UNION ALL SELECT order_id, user_id, amount FROM order_ins",
  "insert instead of upsert: both versions of a key kept")
S("IVM:semi-join view under insertion into the outer side",
  "SELECT u.user_id FROM (SELECT user_id FROM order_old UNION ALL SELECT user_id FROM order_ins) AS u WHERE EXISTS "
  "(SELECT 1 FROM click AS c WHERE c.user_id = u.user_id AND c.kind = 'buy')",
  "SELECT user_id FROM order_old WHERE user_id IN (SELECT user_id FROM click WHERE kind = 'buy') UNION ALL SELECT user_id FROM order_ins "
  "WHERE user_id IN (SELECT user_id FROM click WHERE kind = 'buy')",
  "SELECT o.user_id FROM (SELECT user_id FROM order_old UNION ALL SELECT user_id FROM order_ins) AS o JOIN click AS c ON c.user_id = o.user_id "
  "WHERE c.kind = 'buy'",
  "the semi-join made a join")
S("IVM:anti-join view under deletion from the inner side",
  "SELECT DISTINCT c.user_id FROM click AS c WHERE NOT EXISTS (SELECT 1 FROM order_old AS o WHERE o.user_id = c.user_id AND o.order_id NOT IN "
  "(SELECT order_id FROM order_del WHERE order_id IS NOT NULL))",
  "SELECT user_id FROM click EXCEPT SELECT o.user_id FROM order_old AS o LEFT JOIN order_del AS d ON d.order_id = o.order_id WHERE d.order_id IS NULL",
  "SELECT user_id FROM click EXCEPT SELECT o.user_id FROM order_old AS o JOIN order_del AS d ON d.order_id = o.order_id",
  "the deleted rows used as the inner side instead of the remaining ones")
S("IVM:maintained SUM with a HAVING filter",
  "SELECT user_id, SUM(amount) FROM (SELECT user_id, amount FROM order_old UNION ALL SELECT user_id, amount FROM order_ins) AS u GROUP BY user_id "
  "HAVING SUM(amount) > 2",
  "SELECT user_id, s FROM (SELECT user_id, SUM(s) AS s FROM (SELECT user_id, SUM(amount) AS s FROM order_old GROUP BY user_id UNION ALL "
  "SELECT user_id, SUM(amount) FROM order_ins GROUP BY user_id) AS t GROUP BY user_id) AS g WHERE s > 2",
  "SELECT user_id, SUM(amount) FROM order_old GROUP BY user_id HAVING SUM(amount) > 2 UNION ALL SELECT user_id, SUM(amount) FROM order_ins "
  "GROUP BY user_id HAVING SUM(amount) > 2",
  "the HAVING applied to each part before combining")
S("IVM:MAX view after deletions needs recomputation",
  "SELECT user_id, MAX(amount) FROM order_old AS o WHERE NOT EXISTS (SELECT 1 FROM order_del AS d WHERE d.order_id = o.order_id) GROUP BY user_id",
  "SELECT o.user_id, MAX(o.amount) FROM order_old AS o WHERE o.order_id NOT IN (SELECT order_id FROM order_del WHERE order_id IS NOT NULL) "
  "GROUP BY o.user_id",
  "SELECT o.user_id, MAX(o.amount) FROM order_old AS o GROUP BY o.user_id HAVING COUNT(*) > (SELECT COUNT(*) FROM order_del AS d "
  "JOIN order_old AS x ON x.order_id = d.order_id WHERE x.user_id = o.user_id)",
  "the old maximum kept after its row is deleted")
S("IVM:net changes of a view from signed change rows",
  "SELECT user_id, SUM(diff) FROM cart_change WHERE product_id = 1 GROUP BY user_id",
  "SELECT user_id, COALESCE(SUM(CASE WHEN diff > 0 THEN diff END), 0) + COALESCE(SUM(CASE WHEN diff < 0 THEN diff END), 0) FROM cart_change "
  "WHERE product_id = 1 GROUP BY user_id",
  "SELECT user_id, COUNT(*) FROM cart_change WHERE product_id = 1 AND diff = 1 GROUP BY user_id",
  "retractions ignored")
S("IVM:insert-only delta into a top-1 view",
  "SELECT MAX(amount) FROM (SELECT amount FROM order_old UNION ALL SELECT amount FROM order_ins) AS u",
  "SELECT MAX(m) FROM (SELECT MAX(amount) AS m FROM order_old UNION ALL SELECT MAX(amount) FROM order_ins) AS t",
  "SELECT CASE WHEN (SELECT MAX(amount) FROM order_ins) > (SELECT MAX(amount) FROM order_old) THEN (SELECT MAX(amount) FROM order_ins) "
  "ELSE (SELECT MAX(amount) FROM order_old) END",
  "an empty old table keeps the null maximum")
S("IVM:join view delta with a keyed dimension",
  "SELECT p.category, COUNT(*) FROM (SELECT product_id FROM click UNION ALL SELECT product_id FROM cart_change) AS u JOIN product AS p "
  "ON p.product_id = u.product_id GROUP BY p.category",
  "SELECT category, SUM(n) FROM (SELECT p.category, COUNT(*) AS n FROM click AS c JOIN product AS p ON p.product_id = c.product_id GROUP BY p.category "
  "UNION ALL SELECT p.category, COUNT(*) FROM cart_change AS c JOIN product AS p ON p.product_id = c.product_id GROUP BY p.category) AS t GROUP BY category",
  "SELECT category, SUM(n) FROM (SELECT p.category, COUNT(*) AS n FROM click AS c JOIN product AS p ON p.product_id = c.product_id GROUP BY p.category "
  "UNION ALL SELECT p.category, COUNT(DISTINCT c.product_id) FROM cart_change AS c JOIN product AS p ON p.product_id = c.product_id "
  "GROUP BY p.category) AS t GROUP BY category",
  "the delta's duplicate rows collapsed")
S("Flink:cumulative window (step 10, max size 20)",
  "SELECT ws, we, COUNT(*) FROM (SELECT ts / 20 * 20 AS ws, ts / 20 * 20 + 10 AS we FROM click WHERE ts >= 0 AND ts % 20 < 10 UNION ALL "
  "SELECT ts / 20 * 20, ts / 20 * 20 + 20 FROM click WHERE ts >= 0) AS t GROUP BY ws, we",
  "SELECT ts / 20 * 20, ts / 20 * 20 + 10, COUNT(*) FROM click WHERE ts >= 0 AND ts % 20 < 10 GROUP BY ts / 20 UNION ALL "
  "SELECT ts / 20 * 20, ts / 20 * 20 + 20, COUNT(*) FROM click WHERE ts >= 0 GROUP BY ts / 20",
  "SELECT ts / 20 * 20, ts / 20 * 20 + 10, COUNT(*) FROM click WHERE ts >= 0 AND ts % 20 <= 10 GROUP BY ts / 20 UNION ALL "
  "SELECT ts / 20 * 20, ts / 20 * 20 + 20, COUNT(*) FROM click WHERE ts >= 0 GROUP BY ts / 20",
  "the first step's end made inclusive")
S("Flink:two-level aggregation over a retract stream",
  "SELECT c, COUNT(*) FROM (SELECT user_id, COUNT(*) AS c FROM click GROUP BY user_id) AS t GROUP BY c",
  "SELECT c, COUNT(DISTINCT user_id) FROM (SELECT user_id, COUNT(*) OVER (PARTITION BY user_id) AS c FROM click) AS t GROUP BY c",
  "SELECT c, COUNT(*) FROM (SELECT user_id, COUNT(*) OVER (PARTITION BY user_id) AS c FROM click) AS t GROUP BY c",
  "the outer count sees every event, not every user")
S("Flink:deduplication on a NULL-able key",
  "SELECT event_id FROM (SELECT event_id, ROW_NUMBER() OVER (PARTITION BY user_id, product_id ORDER BY event_id DESC) AS rn FROM click) AS t WHERE rn = 1",
  "SELECT c.event_id FROM click AS c WHERE NOT EXISTS (SELECT 1 FROM click AS d WHERE d.user_id = c.user_id AND (d.product_id = c.product_id "
  "OR (d.product_id IS NULL AND c.product_id IS NULL)) AND d.event_id > c.event_id)",
  "SELECT c.event_id FROM click AS c WHERE NOT EXISTS (SELECT 1 FROM click AS d WHERE d.user_id = c.user_id AND d.product_id = c.product_id "
  "AND d.event_id > c.event_id)",
  "null keys never deduplicated")
S("Flink:per-key watermark",
  "SELECT c.event_id FROM click AS c WHERE c.ts >= (SELECT MAX(d.ts) FROM click AS d WHERE d.user_id = c.user_id) - 5",
  "SELECT event_id FROM (SELECT event_id, ts, MAX(ts) OVER (PARTITION BY user_id) AS m FROM click) AS t WHERE ts >= m - 5",
  "SELECT event_id FROM (SELECT event_id, ts, MAX(ts) OVER () AS m FROM click) AS t WHERE ts >= m - 5",
  "one global watermark")
S("Materialize:temporal filter with a validity interval",
  "SELECT event_id FROM click WHERE 12 BETWEEN ts AND ts + 10",
  "SELECT event_id FROM click WHERE ts <= 12 AND ts >= 2",
  "SELECT event_id FROM click WHERE ts >= 2 AND ts < 10",
  "the interval closed early")
S("Materialize:DISTINCT ON with descending order puts nulls first",
  "SELECT user_id, event_id FROM (SELECT user_id, event_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC NULLS FIRST, event_id) AS rn "
  "FROM click) AS t WHERE rn = 1",
  "SELECT c.user_id, c.event_id FROM click AS c WHERE NOT EXISTS (SELECT 1 FROM click AS d WHERE d.user_id = c.user_id AND "
  "((d.amount IS NULL AND c.amount IS NOT NULL) OR (d.amount IS NULL AND c.amount IS NULL AND d.event_id < c.event_id) "
  "OR d.amount > c.amount OR (d.amount = c.amount AND d.event_id < c.event_id)))",
  "SELECT user_id, event_id FROM (SELECT user_id, event_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC NULLS LAST, event_id) AS rn "
  "FROM click) AS t WHERE rn = 1",
  "SQLite's null order assumed")
S("ksqlDB:TOPKDISTINCT",
  "SELECT user_id, amount FROM (SELECT user_id, amount, DENSE_RANK() OVER (PARTITION BY user_id ORDER BY amount DESC) AS r FROM "
  "(SELECT DISTINCT user_id, amount FROM click WHERE amount IS NOT NULL) AS d) AS t WHERE r <= 2",
  "SELECT DISTINCT a.user_id, a.amount FROM click AS a WHERE a.amount IS NOT NULL AND (SELECT COUNT(DISTINCT b.amount) FROM click AS b "
  "WHERE b.user_id = a.user_id AND b.amount > a.amount) < 2",
  "SELECT DISTINCT a.user_id, a.amount FROM click AS a WHERE a.amount IS NOT NULL AND (SELECT COUNT(b.amount) FROM click AS b "
  "WHERE b.user_id = a.user_id AND b.amount > a.amount) < 2",
  "TOPK read as TOPKDISTINCT's ranks")
S("ksqlDB:COLLECT_SET size",
  "SELECT user_id, COUNT(DISTINCT kind) FROM click GROUP BY user_id",
  "SELECT user_id, COUNT(*) FROM (SELECT DISTINCT user_id, kind FROM click) AS d GROUP BY user_id",
  "SELECT user_id, COUNT(kind) FROM click GROUP BY user_id",
  "COLLECT_LIST instead of COLLECT_SET")
S("IVM:delta rule for a self-join (the delta-delta term)",
  "SELECT COUNT(*) FROM (SELECT user_id FROM order_old UNION ALL SELECT user_id FROM order_ins) AS a JOIN "
  "(SELECT user_id FROM order_old UNION ALL SELECT user_id FROM order_ins) AS b ON b.user_id = a.user_id",
  "SELECT (SELECT COUNT(*) FROM order_old AS a JOIN order_old AS b ON b.user_id = a.user_id) + 2 * (SELECT COUNT(*) FROM order_old AS a "
  "JOIN order_ins AS b ON b.user_id = a.user_id) + (SELECT COUNT(*) FROM order_ins AS a JOIN order_ins AS b ON b.user_id = a.user_id)",
  "SELECT (SELECT COUNT(*) FROM order_old AS a JOIN order_old AS b ON b.user_id = a.user_id) + 2 * (SELECT COUNT(*) FROM order_old AS a "
  "JOIN order_ins AS b ON b.user_id = a.user_id)",
  "the delta-delta term forgotten")
S("IVM:delta rule for a set UNION view",
  "SELECT order_id FROM order_old UNION SELECT order_id FROM order_ins",
  "SELECT order_id FROM order_old UNION ALL SELECT DISTINCT i.order_id FROM order_ins AS i WHERE NOT EXISTS (SELECT 1 FROM order_old AS o "
  "WHERE o.order_id = i.order_id)",
  "SELECT order_id FROM order_old UNION ALL SELECT DISTINCT order_id FROM order_ins",
  "keys already in the view inserted again")
