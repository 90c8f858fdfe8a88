"""The pairs of the fifteenth held-out prover corpus (``benchmarks/corpus/prover15/``), as
written (``prover15_build.py`` checks them in SQLite and writes the corpus).

Three sources: the SQL that document-store and search query layers emit over relational
tables (MongoDB aggregation pipelines: $match, $group, $lookup, $unwind, $sort / $limit,
$project, $count, $facet, $bucket; Elasticsearch SQL and Lucene bool queries: must / should /
must_not / filter, minimum_should_match, exists / missing, terms / range aggregations,
top_hits, cardinality) against the hand-written query for the same question, on a new
search_index schema; bookkeeping and finance queries (double-entry journals, trial balance,
running balances, ageing buckets, FIFO and latest price, reconciliation by anti-joins,
period-over-period change, opening + movements = closing, currency conversion through a rate
valid on a date) against an equivalent formulation, on a new ledger schema; and business
rules compiled to SQL (DMN decision tables and hit policies, eligibility rules with NULL-able
inputs, Access-style QBE criteria grids and crosstabs, rule chaining as nested views,
exception lists) against the hand-written query, on a new eligibility schema. Each ``add``
call is one equivalent pair and one realistic non-equivalent mutant. Written from rule NAMES
and one-line DESCRIPTIONS recalled from memory and the author's own SQL; not taken from any
prover benchmark, rule test, tool's test suite or published pair set; the verifier was not
read.
"""

from __future__ import annotations

from benchmarks.held_out_pairs import pair_book

SOURCES = {
    "document_and_search": ("search_index", "SQL emitted by document-store and search query layers (MongoDB "
                                            "aggregation pipelines, Elasticsearch SQL / Lucene bool queries and "
                                            "aggregations) against the hand-written query"),
    "ledger_and_finance": ("ledger", "bookkeeping and finance queries (double-entry journals, trial balance, "
                                     "running balances, ageing, FIFO / latest price, reconciliation, rates valid "
                                     "on a date) against an equivalent formulation"),
    "rules_and_decisions": ("eligibility", "business rules compiled to SQL (DMN decision tables and hit policies, "
                                           "eligibility rules, Access-style QBE grids and crosstabs, rule chaining, "
                                           "exception lists) against the hand-written query"),
}
FILE = {k: k for k in SOURCES}


PAIRS, add = pair_book("prover15", SOURCES, FILE)


def D(rule, gold, pred, mutant, mutation, **kw):
    """A document / search layer's SQL (gold) against the hand-written query (pred), search_index."""
    add("document_and_search", rule, gold, pred, mutant, mutation, **kw)


def L(rule, gold, pred, mutant, mutation, **kw):
    """A bookkeeping query (gold) against an equivalent formulation (pred), ledger."""
    add("ledger_and_finance", rule, gold, pred, mutant, mutation, **kw)


def R(rule, gold, pred, mutant, mutation, **kw):
    """A compiled business rule (gold) against the hand-written query (pred), eligibility."""
    add("rules_and_decisions", rule, gold, pred, mutant, mutation, **kw)


# ============================================================ document and search (search_index)
# doc(doc_id PK, author NULL, status, score REAL NULL, yr NULL), tag(doc_id FK, tag; PK both),
# comment(comment_id PK, doc_id FK NULL-able, stars NULL, body NULL), keyless hit_log(doc_id,
# term, pos; all NULL-able) with duplicate rows.

# --- MongoDB aggregation pipelines
D("Mongo:$match then $project",
  "SELECT doc_id, author FROM doc WHERE status = 'live' AND score >= 1.0",
  "SELECT s.doc_id, s.author FROM (SELECT * FROM doc WHERE status = 'live') AS s WHERE s.score >= 1.0",
  "SELECT s.doc_id, s.author FROM (SELECT * FROM doc WHERE status = 'live') AS s WHERE s.score > 1.0",
  "$gte read as $gt")
D("Mongo:$match with $in",
  "SELECT doc_id FROM doc WHERE author IN ('ann', 'bob')",
  "SELECT doc_id FROM doc WHERE author = 'ann' OR author = 'bob'",
  "SELECT doc_id FROM doc WHERE author IN ('ann', 'bob') OR author IS NULL",
  "a missing field matched as null")
D("Mongo:$nin matches documents missing the field",
  "SELECT doc_id FROM doc WHERE author IS NULL OR author NOT IN ('ann', 'bob')",
  "SELECT doc_id FROM doc WHERE COALESCE(author, '') NOT IN ('ann', 'bob')",
  "SELECT doc_id FROM doc WHERE author NOT IN ('ann', 'bob')",
  "documents without the field dropped")
D("Mongo:$exists true",
  "SELECT doc_id, score FROM doc WHERE score IS NOT NULL",
  "SELECT doc_id, score FROM doc WHERE score = score",
  "SELECT doc_id, score FROM doc WHERE COALESCE(score, 0) >= 0",
  "a missing field read as 0")
D("Mongo:$group by a field with $sum 1",
  "SELECT author, COUNT(*) FROM doc GROUP BY author",
  "SELECT d.author, (SELECT COUNT(*) FROM doc AS e WHERE e.author = d.author OR (e.author IS NULL AND d.author IS NULL)) "
  "FROM (SELECT DISTINCT author FROM doc) AS d",
  "SELECT d.author, (SELECT COUNT(*) FROM doc AS e WHERE e.author = d.author) FROM (SELECT DISTINCT author FROM doc) AS d",
  "the null group counts 0")
D("Mongo:$sum of a field is 0 when all are missing",
  "SELECT status, COALESCE(SUM(score), 0.0) FROM doc GROUP BY status",
  "SELECT status, TOTAL(score) FROM doc GROUP BY status",
  "SELECT status, SUM(score) FROM doc GROUP BY status",
  "null instead of 0 for a group without scores", dialect="sqlite")
D("Mongo:$avg ignores missing values",
  "SELECT status, AVG(score) FROM doc GROUP BY status",
  "SELECT status, SUM(score) / COUNT(score) FROM doc GROUP BY status",
  "SELECT status, SUM(score) / COUNT(*) FROM doc GROUP BY status",
  "missing values counted in the mean")
D("Mongo:$max per group",
  "SELECT author, MAX(score) FROM doc GROUP BY author",
  "SELECT d.author, (SELECT s.score FROM doc AS s WHERE s.author IS d.author AND s.score IS NOT NULL "
  "ORDER BY s.score DESC LIMIT 1) FROM (SELECT DISTINCT author FROM doc) AS d",
  "SELECT d.author, (SELECT s.score FROM doc AS s WHERE s.author = d.author AND s.score IS NOT NULL "
  "ORDER BY s.score DESC LIMIT 1) FROM (SELECT DISTINCT author FROM doc) AS d",
  "the null group's maximum lost", dialect="sqlite")
D("Mongo:$sort then $group with $first",
  "SELECT author, doc_id FROM (SELECT author, doc_id, ROW_NUMBER() OVER (PARTITION BY author ORDER BY score DESC, doc_id) AS rn "
  "FROM doc WHERE score IS NOT NULL) AS t WHERE rn = 1",
  "SELECT d.author, d.doc_id FROM doc AS d WHERE d.score IS NOT NULL AND NOT EXISTS (SELECT 1 FROM doc AS e "
  "WHERE e.author IS d.author AND e.score IS NOT NULL AND (e.score > d.score OR (e.score = d.score AND e.doc_id < d.doc_id)))",
  "SELECT d.author, d.doc_id FROM doc AS d WHERE d.score IS NOT NULL AND NOT EXISTS (SELECT 1 FROM doc AS e "
  "WHERE e.author IS d.author AND e.score IS NOT NULL AND e.score > d.score)",
  "the _id tie-break of $sort lost: ties give two firsts", dialect="sqlite")
D("Mongo:$lookup then $unwind with preserveNullAndEmptyArrays",
  "SELECT d.doc_id, c.comment_id FROM doc AS d LEFT JOIN comment AS c ON c.doc_id = d.doc_id",
  "SELECT d.doc_id, c.comment_id FROM doc AS d JOIN comment AS c ON c.doc_id = d.doc_id "
  "UNION ALL SELECT d.doc_id, NULL FROM doc AS d WHERE NOT EXISTS (SELECT 1 FROM comment AS c WHERE c.doc_id = d.doc_id)",
  "SELECT d.doc_id, c.comment_id FROM doc AS d JOIN comment AS c ON c.doc_id = d.doc_id",
  "$unwind without preserveNullAndEmptyArrays")
D("Mongo:$lookup then $size of the joined array",
  "SELECT d.doc_id, COUNT(c.comment_id) FROM doc AS d LEFT JOIN comment AS c ON c.doc_id = d.doc_id GROUP BY d.doc_id",
  "SELECT d.doc_id, (SELECT COUNT(*) FROM comment AS c WHERE c.doc_id = d.doc_id) FROM doc AS d",
  "SELECT d.doc_id, COUNT(c.stars) FROM doc AS d LEFT JOIN comment AS c ON c.doc_id = d.doc_id GROUP BY d.doc_id",
  "counts a NULL-able field of the joined documents")
D("Mongo:$unwind of an array then $group by element",
  "SELECT t.tag, COUNT(*) FROM doc AS d JOIN tag AS t ON t.doc_id = d.doc_id GROUP BY t.tag",
  "SELECT tag, COUNT(*) FROM tag GROUP BY tag",
  "SELECT t.tag, COUNT(d.author) FROM doc AS d JOIN tag AS t ON t.doc_id = d.doc_id GROUP BY t.tag",
  "counts documents with an author only")
D("Mongo:$sort then $limit",
  "SELECT doc_id, score FROM doc WHERE score IS NOT NULL ORDER BY score DESC, doc_id LIMIT 3",
  "SELECT d.doc_id, d.score FROM doc AS d WHERE d.score IS NOT NULL AND (SELECT COUNT(*) FROM doc AS e WHERE e.score IS NOT NULL "
  "AND (e.score > d.score OR (e.score = d.score AND e.doc_id < d.doc_id))) < 3",
  "SELECT d.doc_id, d.score FROM doc AS d WHERE d.score IS NOT NULL AND (SELECT COUNT(*) FROM doc AS e WHERE e.score IS NOT NULL "
  "AND (e.score > d.score OR (e.score = d.score AND e.doc_id < d.doc_id))) <= 3",
  "the limit off by one")
D("Mongo:$sort then $skip then $limit",
  "SELECT doc_id FROM doc ORDER BY doc_id LIMIT 2 OFFSET 1",
  "SELECT doc_id FROM doc WHERE doc_id > (SELECT MIN(doc_id) FROM doc) ORDER BY doc_id LIMIT 2",
  "SELECT doc_id FROM doc ORDER BY doc_id LIMIT 2 OFFSET 2",
  "$skip off by one")
D("Mongo:$match then $count",
  "SELECT COUNT(*) AS n FROM (SELECT doc_id FROM doc WHERE status = 'live') AS s",
  "SELECT COUNT(*) FROM doc WHERE status = 'live'",
  "SELECT COUNT(author) FROM doc WHERE status = 'live'",
  "counts a NULL-able field")
D("Mongo:$facet of two counts",
  "SELECT (SELECT COUNT(*) FROM doc WHERE status = 'live'), (SELECT COUNT(*) FROM doc WHERE status = 'draft')",
  "SELECT COUNT(CASE WHEN status = 'live' THEN 1 END), COUNT(CASE WHEN status = 'draft' THEN 1 END) FROM doc",
  "SELECT SUM(CASE WHEN status = 'live' THEN 1 ELSE 0 END), SUM(CASE WHEN status = 'draft' THEN 1 ELSE 0 END) FROM doc",
  "SUM is null on an empty collection")
D("Mongo:$bucket with a default bucket",
  "SELECT CASE WHEN yr >= 2020 AND yr < 2021 THEN 2020 WHEN yr >= 2021 AND yr < 2023 THEN 2021 ELSE -1 END AS b, COUNT(*) "
  "FROM doc GROUP BY CASE WHEN yr >= 2020 AND yr < 2021 THEN 2020 WHEN yr >= 2021 AND yr < 2023 THEN 2021 ELSE -1 END",
  "SELECT b, COUNT(*) FROM (SELECT CASE WHEN yr IS NULL OR yr < 2020 THEN -1 WHEN yr < 2021 THEN 2020 WHEN yr < 2023 THEN 2021 "
  "ELSE -1 END AS b FROM doc) AS t GROUP BY b",
  "SELECT b, COUNT(*) FROM (SELECT CASE WHEN yr IS NULL OR yr < 2020 THEN -1 WHEN yr <= 2021 THEN 2020 WHEN yr < 2023 THEN 2021 "
  "ELSE -1 END AS b FROM doc) AS t GROUP BY b",
  "a bucket's upper boundary included")
D("Mongo:$group with $addToSet then $size",
  "SELECT status, COUNT(DISTINCT author) FROM doc GROUP BY status",
  "SELECT status, COUNT(author) FROM (SELECT DISTINCT status, author FROM doc) AS t GROUP BY status",
  "SELECT status, COUNT(*) FROM (SELECT DISTINCT status, author FROM doc) AS t GROUP BY status",
  "the missing author counted as a set member")
D("Mongo:$match on an array field with $in",
  "SELECT d.doc_id FROM doc AS d WHERE EXISTS (SELECT 1 FROM tag AS t WHERE t.doc_id = d.doc_id AND t.tag IN ('db', 'ml'))",
  "SELECT doc_id FROM doc WHERE doc_id IN (SELECT doc_id FROM tag WHERE tag = 'db' OR tag = 'ml')",
  "SELECT d.doc_id FROM doc AS d JOIN tag AS t ON t.doc_id = d.doc_id WHERE t.tag IN ('db', 'ml')",
  "a join repeats a document with both tags")
D("Mongo:$all on an array field",
  "SELECT d.doc_id FROM doc AS d WHERE EXISTS (SELECT 1 FROM tag AS t WHERE t.doc_id = d.doc_id AND t.tag = 'db') "
  "AND EXISTS (SELECT 1 FROM tag AS t WHERE t.doc_id = d.doc_id AND t.tag = 'ml')",
  "SELECT doc_id FROM doc WHERE doc_id IN (SELECT doc_id FROM tag WHERE tag IN ('db', 'ml') GROUP BY doc_id HAVING COUNT(*) = 2)",
  "SELECT doc_id FROM doc WHERE doc_id IN (SELECT doc_id FROM tag WHERE tag IN ('db', 'ml') GROUP BY doc_id HAVING COUNT(*) >= 1)",
  "$all read as $in")
D("Mongo:$size 0 of an array field",
  "SELECT d.doc_id FROM doc AS d WHERE NOT EXISTS (SELECT 1 FROM tag AS t WHERE t.doc_id = d.doc_id)",
  "SELECT d.doc_id FROM doc AS d LEFT JOIN tag AS t ON t.doc_id = d.doc_id WHERE t.doc_id IS NULL",
  "SELECT d.doc_id FROM doc AS d LEFT JOIN tag AS t ON t.doc_id = d.doc_id AND t.tag = 'db' WHERE t.doc_id IS NULL",
  "documents without one tag instead of without tags")
D("Mongo:$project with $ifNull",
  "SELECT doc_id, COALESCE(author, 'anon') FROM doc",
  "SELECT doc_id, CASE WHEN author IS NULL THEN 'anon' ELSE author END FROM doc",
  "SELECT doc_id, CASE WHEN author IS NULL THEN 'anon' ELSE LOWER(author) END FROM doc",
  "authors case-folded")
D("Mongo:$match with $or across two fields",
  "SELECT doc_id, author FROM doc WHERE status = 'live' OR score > 2.0",
  "SELECT doc_id, author FROM doc WHERE status = 'live' UNION SELECT doc_id, author FROM doc WHERE score > 2.0",
  "SELECT doc_id, author FROM doc WHERE status = 'live' UNION ALL SELECT doc_id, author FROM doc WHERE score > 2.0",
  "UNION ALL repeats a document matching both")
D("Mongo:$not matches documents missing the field",
  "SELECT doc_id FROM doc WHERE score IS NULL OR NOT (score > 1.0)",
  "SELECT doc_id FROM doc WHERE COALESCE(score, 0) <= 1.0",
  "SELECT doc_id FROM doc WHERE score <= 1.0",
  "documents without a score dropped")
D("Mongo:$ne matches documents missing the field",
  "SELECT doc_id FROM doc WHERE author IS NULL OR author <> 'ann'",
  "SELECT doc_id FROM doc WHERE author IS NOT 'ann'",
  "SELECT doc_id FROM doc WHERE author <> 'ann'",
  "SQL <> drops the missing author", dialect="sqlite")
D("Mongo:$group by two fields then $count",
  "SELECT COUNT(*) FROM (SELECT status, author FROM doc GROUP BY status, author) AS g",
  "SELECT COUNT(*) FROM (SELECT DISTINCT status, author FROM doc) AS g",
  "SELECT COUNT(DISTINCT status || author) FROM doc",
  "a concatenated key drops the null author")
D("Mongo:$sortByCount then $limit 1",
  "SELECT tag, COUNT(*) AS c FROM tag GROUP BY tag ORDER BY c DESC, tag LIMIT 1",
  "SELECT g.tag, g.c FROM (SELECT tag, COUNT(*) AS c FROM tag GROUP BY tag) AS g WHERE NOT EXISTS "
  "(SELECT 1 FROM (SELECT tag, COUNT(*) AS c FROM tag GROUP BY tag) AS h WHERE h.c > g.c OR (h.c = g.c AND h.tag < g.tag))",
  "SELECT g.tag, g.c FROM (SELECT tag, COUNT(*) AS c FROM tag GROUP BY tag) AS g WHERE NOT EXISTS "
  "(SELECT 1 FROM (SELECT tag, COUNT(*) AS c FROM tag GROUP BY tag) AS h WHERE h.c > g.c)",
  "ties on the count all kept")
D("Mongo:$lookup with a pipeline $match",
  "SELECT d.doc_id, COUNT(c.comment_id) FROM doc AS d LEFT JOIN comment AS c ON c.doc_id = d.doc_id AND c.stars >= 3 GROUP BY d.doc_id",
  "SELECT d.doc_id, (SELECT COUNT(*) FROM comment AS c WHERE c.doc_id = d.doc_id AND c.stars >= 3) FROM doc AS d",
  "SELECT d.doc_id, COUNT(c.comment_id) FROM doc AS d LEFT JOIN comment AS c ON c.doc_id = d.doc_id WHERE c.stars >= 3 GROUP BY d.doc_id",
  "the pipeline's $match moved after the join: documents without such comments dropped")
D("Mongo:$match $exists then $group",
  "SELECT term, COUNT(*) FROM hit_log WHERE term IS NOT NULL GROUP BY term",
  "SELECT term, COUNT(term) FROM hit_log GROUP BY term HAVING COUNT(term) > 0",
  "SELECT term, COUNT(*) FROM hit_log GROUP BY term",
  "the group of hits without a term kept")
D("Mongo:$lookup then $match non-empty array",
  "SELECT DISTINCT d.doc_id, d.author FROM doc AS d JOIN comment AS c ON c.doc_id = d.doc_id",
  "SELECT d.doc_id, d.author FROM doc AS d WHERE EXISTS (SELECT 1 FROM comment AS c WHERE c.doc_id = d.doc_id)",
  "SELECT d.doc_id, d.author FROM doc AS d JOIN comment AS c ON c.doc_id = d.doc_id",
  "one row per comment")
D("Mongo:$group $sum of hits after $lookup",
  "SELECT d.author, COUNT(h.pos) FROM doc AS d LEFT JOIN hit_log AS h ON h.doc_id = d.doc_id GROUP BY d.author",
  "SELECT a.author, (SELECT COUNT(h.pos) FROM doc AS e JOIN hit_log AS h ON h.doc_id = e.doc_id WHERE e.author IS a.author) "
  "FROM (SELECT DISTINCT author FROM doc) AS a",
  "SELECT a.author, (SELECT COUNT(*) FROM doc AS e JOIN hit_log AS h ON h.doc_id = e.doc_id WHERE e.author IS a.author) "
  "FROM (SELECT DISTINCT author FROM doc) AS a",
  "hits without a position counted", dialect="sqlite")
D("Mongo:$lookup then $replaceRoot with a joined field",
  "SELECT c.comment_id, d.author FROM comment AS c LEFT JOIN doc AS d ON d.doc_id = c.doc_id",
  "SELECT c.comment_id, (SELECT d.author FROM doc AS d WHERE d.doc_id = c.doc_id) FROM comment AS c",
  "SELECT c.comment_id, d.author FROM comment AS c JOIN doc AS d ON d.doc_id = c.doc_id",
  "comments without a document dropped")
D("Mongo:$group $min and $max of a year",
  "SELECT author, MAX(yr) - MIN(yr) FROM doc GROUP BY author",
  "SELECT d.author, (SELECT MAX(e.yr) FROM doc AS e WHERE e.author IS d.author) - (SELECT MIN(e.yr) FROM doc AS e "
  "WHERE e.author IS d.author) FROM (SELECT DISTINCT author FROM doc) AS d",
  "SELECT author, MAX(yr) - MIN(COALESCE(yr, 2020)) FROM doc GROUP BY author",
  "a missing year read as 2020", dialect="sqlite")

# --- Elasticsearch bool queries and aggregations
D("ES:bool must and filter",
  "SELECT doc_id FROM doc WHERE status = 'live' AND yr >= 2021",
  "SELECT doc_id FROM doc WHERE status = 'live' INTERSECT SELECT doc_id FROM doc WHERE yr >= 2021",
  "SELECT doc_id FROM doc WHERE status = 'live' INTERSECT SELECT doc_id FROM doc WHERE yr > 2021",
  "range gte read as gt")
D("ES:must_not keeps documents missing the field",
  "SELECT d.doc_id FROM doc AS d WHERE NOT EXISTS (SELECT 1 FROM doc AS x WHERE x.doc_id = d.doc_id AND x.author = 'ann')",
  "SELECT doc_id FROM doc EXCEPT SELECT doc_id FROM doc WHERE author = 'ann'",
  "SELECT doc_id FROM doc WHERE author <> 'ann'",
  "SQL negation drops documents without an author")
D("ES:should with minimum_should_match 2 of 3",
  "SELECT doc_id FROM doc WHERE (CASE WHEN status = 'live' THEN 1 ELSE 0 END) + (CASE WHEN score >= 1.0 THEN 1 ELSE 0 END) "
  "+ (CASE WHEN yr = 2022 THEN 1 ELSE 0 END) >= 2",
  "SELECT doc_id FROM doc WHERE (status = 'live' AND score >= 1.0) OR (status = 'live' AND yr = 2022) OR (score >= 1.0 AND yr = 2022)",
  "SELECT doc_id FROM doc WHERE (status = 'live' AND score >= 1.0) OR (score >= 1.0 AND yr = 2022)",
  "one of the three pairs of clauses forgotten")
D("ES:should beside must is optional",
  "SELECT doc_id FROM doc WHERE status = 'live'",
  "SELECT doc_id FROM doc WHERE status = 'live' AND (score > 2.0 OR score <= 2.0 OR score IS NULL)",
  "SELECT doc_id FROM doc WHERE status = 'live' AND (score > 2.0 OR score <= 2.0)",
  "documents without a score dropped")
D("ES:exists query",
  "SELECT doc_id FROM doc WHERE author IS NOT NULL",
  "SELECT doc_id FROM doc WHERE author IN (SELECT author FROM doc)",
  "SELECT doc_id FROM doc WHERE author IN (SELECT author FROM doc WHERE status = 'live')",
  "the values searched among live documents only")
D("ES:missing query as must_not exists",
  "SELECT doc_id FROM doc WHERE score IS NULL",
  "SELECT doc_id FROM doc WHERE doc_id NOT IN (SELECT doc_id FROM doc WHERE score IS NOT NULL)",
  "SELECT doc_id FROM doc WHERE doc_id NOT IN (SELECT doc_id FROM doc WHERE score > 0.5)",
  "a range query in place of exists")
D("ES:range gte and lt",
  "SELECT doc_id FROM doc WHERE score >= 0.5 AND score < 2.5",
  "SELECT doc_id FROM doc WHERE score BETWEEN 0.5 AND 2.5 AND score <> 2.5",
  "SELECT doc_id FROM doc WHERE score BETWEEN 0.5 AND 2.5",
  "lt read as lte")
D("ES:terms aggregation skips missing values",
  "SELECT author, COUNT(*) FROM doc WHERE author IS NOT NULL GROUP BY author",
  "SELECT author, COUNT(author) FROM doc GROUP BY author HAVING author IS NOT NULL",
  "SELECT author, COUNT(author) FROM doc GROUP BY author",
  "a bucket of count 0 for the missing author")
D("ES:terms aggregation with a missing bucket",
  "SELECT COALESCE(author, 'N/A'), COUNT(*) FROM doc GROUP BY COALESCE(author, 'N/A')",
  "SELECT author, COUNT(*) FROM doc WHERE author IS NOT NULL AND author <> 'N/A' GROUP BY author "
  "UNION ALL SELECT 'N/A', n FROM (SELECT COUNT(*) AS n FROM doc WHERE author IS NULL OR author = 'N/A') AS m WHERE n > 0",
  "SELECT author, COUNT(*) FROM doc WHERE author IS NOT NULL AND author <> 'N/A' GROUP BY author "
  "UNION ALL SELECT 'N/A', n FROM (SELECT COUNT(*) AS n FROM doc WHERE author IS NULL OR author = 'N/A') AS m",
  "an empty missing bucket emitted")
D("ES:range aggregation of two buckets",
  "SELECT COUNT(CASE WHEN score < 1.0 THEN 1 END), COUNT(CASE WHEN score >= 1.0 THEN 1 END) FROM doc",
  "SELECT (SELECT COUNT(*) FROM doc WHERE score < 1.0), (SELECT COUNT(*) FROM doc WHERE score >= 1.0)",
  "SELECT (SELECT COUNT(*) FROM doc WHERE score <= 1.0), (SELECT COUNT(*) FROM doc WHERE score >= 1.0)",
  "the upper bound of the first range included")
D("ES:cardinality aggregation",
  "SELECT COUNT(DISTINCT author) FROM doc",
  "SELECT COUNT(*) FROM (SELECT author FROM doc WHERE author IS NOT NULL GROUP BY author) AS g",
  "SELECT COUNT(*) FROM (SELECT DISTINCT author FROM doc) AS g",
  "the missing value counted as a distinct value")
D("ES:top_hits size 1 per terms bucket",
  "SELECT status, doc_id FROM (SELECT status, doc_id, ROW_NUMBER() OVER (PARTITION BY status ORDER BY doc_id DESC) AS rn FROM doc) AS t "
  "WHERE rn = 1",
  "SELECT status, MAX(doc_id) FROM doc GROUP BY status",
  "SELECT status, MAX(doc_id) FROM doc GROUP BY status, author",
  "bucketed by status and author")
D("ES:top_hits size 2 per terms bucket",
  "SELECT status, doc_id FROM (SELECT status, doc_id, ROW_NUMBER() OVER (PARTITION BY status ORDER BY doc_id DESC) AS rn FROM doc) AS t "
  "WHERE rn <= 2",
  "SELECT d.status, d.doc_id FROM doc AS d WHERE (SELECT COUNT(*) FROM doc AS e WHERE e.status = d.status AND e.doc_id > d.doc_id) < 2",
  "SELECT d.status, d.doc_id FROM doc AS d WHERE (SELECT COUNT(*) FROM doc AS e WHERE e.status = d.status AND e.doc_id > d.doc_id) <= 2",
  "three hits per bucket")
D("ES:max sub-aggregation under terms on a child field",
  "SELECT t.tag, MAX(d.score) FROM tag AS t JOIN doc AS d ON d.doc_id = t.doc_id GROUP BY t.tag",
  "SELECT g.tag, (SELECT MAX(d.score) FROM doc AS d WHERE d.doc_id IN (SELECT u.doc_id FROM tag AS u WHERE u.tag = g.tag)) "
  "FROM (SELECT DISTINCT tag FROM tag) AS g",
  "SELECT g.tag, (SELECT MAX(d.score) FROM doc AS d, tag AS u WHERE u.tag = g.tag) FROM (SELECT DISTINCT tag FROM tag) AS g",
  "the child join condition lost")
D("ES:filter aggregation with value_count",
  "SELECT COUNT(*) FROM doc WHERE status = 'live' AND score IS NOT NULL",
  "SELECT COUNT(score) FROM doc WHERE status = 'live'",
  "SELECT COUNT(*) FROM doc WHERE status = 'live'",
  "documents without a score counted")
D("ES SQL:GROUP BY with HAVING COUNT",
  "SELECT author, COUNT(*) FROM doc GROUP BY author HAVING COUNT(*) > 1",
  "SELECT author, n FROM (SELECT author, COUNT(*) AS n FROM doc GROUP BY author) AS g WHERE n >= 2",
  "SELECT author, n FROM (SELECT author, COUNT(*) AS n FROM doc GROUP BY author) AS g WHERE n > 2",
  "the threshold off by one")
D("ES:term on a keyword is exact, match on text is case-insensitive",
  "SELECT doc_id FROM doc WHERE author LIKE 'ann'",
  "SELECT doc_id FROM doc WHERE LOWER(author) = 'ann'",
  "SELECT doc_id FROM doc WHERE author = 'ann'",
  "a term query where the text field is analysed", dialect="sqlite")
D("ES:prefix query on an analysed field",
  "SELECT doc_id FROM doc WHERE author LIKE 'a%'",
  "SELECT doc_id FROM doc WHERE SUBSTR(author, 1, 1) IN ('a', 'A')",
  "SELECT doc_id FROM doc WHERE SUBSTR(author, 1, 1) = 'a'",
  "case-sensitive prefix", dialect="sqlite")
D("ES:nested query keeps conditions on one child",
  "SELECT d.doc_id FROM doc AS d WHERE EXISTS (SELECT 1 FROM comment AS c WHERE c.doc_id = d.doc_id AND c.stars = 5 AND c.body = 'ok')",
  "SELECT doc_id FROM doc WHERE doc_id IN (SELECT c.doc_id FROM comment AS c WHERE c.body IN ('ok') AND c.stars = 5)",
  "SELECT d.doc_id FROM doc AS d WHERE EXISTS (SELECT 1 FROM comment AS c WHERE c.doc_id = d.doc_id AND c.stars = 5) "
  "AND EXISTS (SELECT 1 FROM comment AS c WHERE c.doc_id = d.doc_id AND c.body = 'ok')",
  "object flattening: the two conditions may hold on different children")
D("ES:has_child with min_children 2",
  "SELECT d.doc_id FROM doc AS d WHERE (SELECT COUNT(*) FROM comment AS c WHERE c.doc_id = d.doc_id) >= 2",
  "SELECT doc_id FROM doc WHERE doc_id IN (SELECT doc_id FROM comment GROUP BY doc_id HAVING COUNT(*) > 1)",
  "SELECT doc_id FROM doc WHERE doc_id IN (SELECT doc_id FROM comment GROUP BY doc_id HAVING COUNT(DISTINCT stars) > 1)",
  "distinct star values counted instead of children")
D("ES:has_parent query",
  "SELECT c.comment_id FROM comment AS c WHERE EXISTS (SELECT 1 FROM doc AS d WHERE d.doc_id = c.doc_id AND d.status = 'live')",
  "SELECT c.comment_id FROM comment AS c JOIN doc AS d ON d.doc_id = c.doc_id WHERE d.status = 'live'",
  "SELECT c.comment_id FROM comment AS c WHERE NOT EXISTS (SELECT 1 FROM doc AS d WHERE d.doc_id = c.doc_id AND d.status = 'draft')",
  "not-a-draft-parent keeps orphan comments")
D("ES:composite aggregation first page",
  "SELECT status, author, COUNT(*) FROM doc WHERE author IS NOT NULL GROUP BY status, author ORDER BY status, author LIMIT 2",
  "SELECT status, author, n FROM (SELECT status, author, COUNT(*) AS n, ROW_NUMBER() OVER (ORDER BY status, author) AS rn "
  "FROM doc WHERE author IS NOT NULL GROUP BY status, author) AS g WHERE rn <= 2",
  "SELECT status, author, n FROM (SELECT status, author, COUNT(*) AS n, ROW_NUMBER() OVER (ORDER BY status, author) AS rn "
  "FROM doc WHERE author IS NOT NULL GROUP BY status, author) AS g WHERE rn < 2",
  "page size off by one")
D("ES:histogram with min_doc_count 0 and extended_bounds",
  "SELECT y.yr, COUNT(d.doc_id) FROM (SELECT 2020 AS yr UNION ALL SELECT 2021 UNION ALL SELECT 2022) AS y "
  "LEFT JOIN doc AS d ON d.yr = y.yr GROUP BY y.yr",
  "SELECT y.yr, (SELECT COUNT(*) FROM doc AS d WHERE d.yr = y.yr) FROM (SELECT 2020 AS yr UNION ALL SELECT 2021 UNION ALL SELECT 2022) AS y",
  "SELECT y.yr, COUNT(*) FROM (SELECT 2020 AS yr UNION ALL SELECT 2021 UNION ALL SELECT 2022) AS y "
  "LEFT JOIN doc AS d ON d.yr = y.yr GROUP BY y.yr",
  "empty buckets count 1")
D("ES:stats aggregation",
  "SELECT COUNT(score), MIN(score), MAX(score) FROM doc",
  "SELECT (SELECT COUNT(*) FROM doc WHERE score IS NOT NULL), (SELECT MIN(score) FROM doc), (SELECT MAX(score) FROM doc)",
  "SELECT (SELECT COUNT(*) FROM doc), (SELECT MIN(score) FROM doc), (SELECT MAX(score) FROM doc)",
  "count of documents instead of values")
D("ES:value_count aggregation",
  "SELECT COUNT(author) FROM doc",
  "SELECT COUNT(*) - (SELECT COUNT(*) FROM doc WHERE author IS NULL) FROM doc",
  "SELECT COUNT(DISTINCT author) FROM doc",
  "cardinality instead of value_count")
D("ES:bucket_selector on a sum",
  "SELECT author, SUM(score) FROM doc WHERE author IS NOT NULL GROUP BY author HAVING SUM(score) > 1.0",
  "SELECT author, s FROM (SELECT author, SUM(score) AS s FROM doc GROUP BY author) AS g WHERE s > 1.0 AND author IS NOT NULL",
  "SELECT author, s FROM (SELECT author, SUM(score) AS s FROM doc GROUP BY author) AS g WHERE s >= 1.0 AND author IS NOT NULL",
  "the bucket path compared with >=")
D("ES:bucket_sort size 2 by doc count",
  "SELECT author, COUNT(*) AS n FROM doc WHERE author IS NOT NULL GROUP BY author ORDER BY n DESC, author LIMIT 2",
  "SELECT author, n FROM (SELECT author, COUNT(*) AS n, ROW_NUMBER() OVER (ORDER BY COUNT(*) DESC, author) AS rn FROM doc "
  "WHERE author IS NOT NULL GROUP BY author) AS g WHERE rn <= 2",
  "SELECT author, n FROM (SELECT author, COUNT(*) AS n, RANK() OVER (ORDER BY COUNT(*) DESC) AS rn FROM doc "
  "WHERE author IS NOT NULL GROUP BY author) AS g WHERE rn <= 2",
  "ties on the count kept past the size")
D("ES:terms aggregation over a keyless hit log",
  "SELECT term, COUNT(*) FROM hit_log GROUP BY term",
  "SELECT d.term, (SELECT COUNT(*) FROM hit_log AS h WHERE h.term IS d.term) FROM (SELECT DISTINCT term FROM hit_log) AS d",
  "SELECT d.term, (SELECT COUNT(*) FROM hit_log AS h WHERE h.term = d.term) FROM (SELECT DISTINCT term FROM hit_log) AS d",
  "the bucket of hits without a term counts 0", dialect="sqlite")
D("ES:ids query",
  "SELECT doc_id, status FROM doc WHERE doc_id IN (1, 3, 5)",
  "SELECT doc_id, status FROM doc WHERE doc_id = 1 UNION ALL SELECT doc_id, status FROM doc WHERE doc_id = 3 "
  "UNION ALL SELECT doc_id, status FROM doc WHERE doc_id = 5",
  "SELECT doc_id, status FROM doc WHERE doc_id = 1 UNION ALL SELECT doc_id, status FROM doc WHERE doc_id = 3",
  "one id of the list lost")
D("ES:terms aggregation per document of hits, with distinct terms",
  "SELECT h.doc_id, COUNT(DISTINCT h.term) FROM hit_log AS h WHERE h.doc_id IS NOT NULL GROUP BY h.doc_id",
  "SELECT d.doc_id, COUNT(u.term) FROM doc AS d JOIN (SELECT DISTINCT doc_id, term FROM hit_log) AS u ON u.doc_id = d.doc_id GROUP BY d.doc_id",
  "SELECT d.doc_id, COUNT(h.term) FROM doc AS d JOIN hit_log AS h ON h.doc_id = d.doc_id GROUP BY d.doc_id",
  "duplicate hits counted")
D("ES SQL:score filter with IS NULL handled by a script",
  "SELECT doc_id FROM doc WHERE CASE WHEN score IS NULL THEN 0.0 ELSE score END > 0.75",
  "SELECT doc_id FROM doc WHERE score > 0.75",
  "SELECT doc_id FROM doc WHERE CASE WHEN score IS NULL THEN 1.0 ELSE score END > 0.75",
  "the script's default for a missing score above the threshold")
D("Mongo:$unwind of tags then $group back with $count of elements",
  "SELECT d.doc_id, COUNT(t.tag) FROM doc AS d LEFT JOIN tag AS t ON t.doc_id = d.doc_id WHERE d.status = 'live' GROUP BY d.doc_id",
  "SELECT d.doc_id, (SELECT COUNT(*) FROM tag AS t WHERE t.doc_id = d.doc_id) FROM doc AS d WHERE d.status = 'live'",
  "SELECT d.doc_id, COUNT(t.tag) FROM doc AS d JOIN tag AS t ON t.doc_id = d.doc_id WHERE d.status = 'live' GROUP BY d.doc_id",
  "$unwind drops documents with an empty array")
D("Mongo:$lookup then $match on the joined field then $project distinct",
  "SELECT DISTINCT d.author FROM doc AS d JOIN comment AS c ON c.doc_id = d.doc_id WHERE c.stars = 5",
  "SELECT author FROM doc WHERE doc_id IN (SELECT doc_id FROM comment WHERE stars = 5) GROUP BY author",
  "SELECT author FROM doc WHERE doc_id IN (SELECT doc_id FROM comment WHERE stars = 5)",
  "$group stage lost: one row per document")
D("Mongo:$group by a computed key with $cond",
  "SELECT CASE WHEN score >= 1.0 THEN 'high' ELSE 'low' END, COUNT(*) FROM doc GROUP BY CASE WHEN score >= 1.0 THEN 'high' ELSE 'low' END",
  "SELECT 'high', COUNT(*) FROM doc WHERE score >= 1.0 HAVING COUNT(*) > 0 UNION ALL "
  "SELECT 'low', COUNT(*) FROM doc WHERE score < 1.0 OR score IS NULL HAVING COUNT(*) > 0",
  "SELECT 'high', COUNT(*) FROM doc WHERE score >= 1.0 HAVING COUNT(*) > 0 UNION ALL "
  "SELECT 'low', COUNT(*) FROM doc WHERE score < 1.0 HAVING COUNT(*) > 0",
  "$cond's else branch takes missing scores, the split does not")


# ============================================================ ledger and finance (ledger)
# account(account_id PK, name, kind NULL, currency NULL), journal(entry_id PK, day, memo NULL),
# posting(entry_id FK, line_no; PK both, account_id FK NULL-able, amount INTEGER cents, signed:
# debit > 0, credit < 0), rate(currency, day; PK both, rate REAL), invoice(invoice_id PK, customer,
# due, amount REAL NULL, paid_day NULL), lot(lot_id PK, item, day, qty, cost REAL), keyless
# bank_line(day, amount REAL, ref FK journal; all NULL-able) with duplicate rows.

L("double entry:entries whose debits do not equal credits",
  "SELECT entry_id FROM posting GROUP BY entry_id HAVING SUM(amount) <> 0",
  "SELECT entry_id FROM posting GROUP BY entry_id "
  "HAVING SUM(CASE WHEN amount > 0 THEN amount ELSE 0 END) <> -SUM(CASE WHEN amount < 0 THEN amount ELSE 0 END)",
  "SELECT entry_id FROM posting GROUP BY entry_id "
  "HAVING SUM(CASE WHEN amount > 0 THEN amount ELSE 0 END) <> SUM(CASE WHEN amount < 0 THEN amount ELSE 0 END)",
  "credits compared without their sign")
L("trial balance:balance per posted account",
  "SELECT a.account_id, SUM(p.amount) FROM account AS a JOIN posting AS p ON p.account_id = a.account_id GROUP BY a.account_id",
  "SELECT account_id, SUM(amount) FROM posting WHERE account_id IS NOT NULL GROUP BY account_id",
  "SELECT account_id, SUM(amount) FROM posting GROUP BY account_id",
  "the suspense group of unassigned postings kept")
L("trial balance:every account with zero for no postings",
  "SELECT a.account_id, COALESCE(SUM(p.amount), 0) FROM account AS a LEFT JOIN posting AS p ON p.account_id = a.account_id "
  "GROUP BY a.account_id",
  "SELECT a.account_id, (SELECT COALESCE(SUM(p.amount), 0) FROM posting AS p WHERE p.account_id = a.account_id) FROM account AS a",
  "SELECT a.account_id, (SELECT SUM(p.amount) FROM posting AS p WHERE p.account_id = a.account_id) FROM account AS a",
  "null balance for an account without postings")
L("trial balance:debit and credit columns",
  "SELECT account_id, SUM(CASE WHEN amount > 0 THEN amount ELSE 0 END), SUM(CASE WHEN amount < 0 THEN -amount ELSE 0 END) "
  "FROM posting GROUP BY account_id",
  "SELECT account_id, SUM(MAX(amount, 0)), SUM(MAX(-amount, 0)) FROM posting GROUP BY account_id",
  "SELECT account_id, SUM(MAX(amount, 0)), SUM(MIN(amount, 0)) FROM posting GROUP BY account_id",
  "credits shown negative", dialect="sqlite")
L("account balance:signed by the account's normal side",
  "SELECT a.kind, SUM(CASE WHEN a.kind = 'income' THEN -p.amount ELSE p.amount END) FROM posting AS p "
  "JOIN account AS a ON a.account_id = p.account_id GROUP BY a.kind",
  "SELECT a.kind, SUM(p.amount) * CASE WHEN a.kind = 'income' THEN -1 ELSE 1 END FROM posting AS p "
  "JOIN account AS a ON a.account_id = p.account_id GROUP BY a.kind",
  "SELECT a.kind, SUM(p.amount) * CASE WHEN a.kind <> 'income' THEN 1 ELSE -1 END FROM posting AS p "
  "JOIN account AS a ON a.account_id = p.account_id GROUP BY a.kind",
  "accounts of unknown kind treated as credit-normal")
L("running balance:one account in posting order",
  "SELECT entry_id, line_no, SUM(amount) OVER (ORDER BY entry_id, line_no) FROM posting WHERE account_id = 1",
  "SELECT p.entry_id, p.line_no, (SELECT SUM(q.amount) FROM posting AS q WHERE q.account_id = 1 AND "
  "(q.entry_id < p.entry_id OR (q.entry_id = p.entry_id AND q.line_no <= p.line_no))) FROM posting AS p WHERE p.account_id = 1",
  "SELECT entry_id, line_no, SUM(amount) OVER (ORDER BY entry_id) FROM posting WHERE account_id = 1",
  "ordered by entry only: lines of one entry share the entry's total")
L("running balance:per account with an explicit ROWS frame",
  "SELECT account_id, entry_id, line_no, SUM(amount) OVER (PARTITION BY account_id ORDER BY entry_id, line_no "
  "ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM posting",
  "SELECT account_id, entry_id, line_no, SUM(amount) OVER (PARTITION BY account_id ORDER BY entry_id, line_no) FROM posting",
  "SELECT account_id, entry_id, line_no, SUM(amount) OVER (PARTITION BY account_id ORDER BY entry_id, line_no "
  "ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM posting",
  "a two-row moving sum instead of the running balance")
L("closing balance:opening plus movements equals closing",
  "SELECT p.account_id, SUM(p.amount) FROM posting AS p JOIN journal AS j ON j.entry_id = p.entry_id WHERE j.day <= 3 "
  "GROUP BY p.account_id",
  "SELECT account_id, SUM(o) + SUM(m) FROM (SELECT p.account_id, CASE WHEN j.day < 2 THEN p.amount ELSE 0 END AS o, "
  "CASE WHEN j.day BETWEEN 2 AND 3 THEN p.amount ELSE 0 END AS m FROM posting AS p JOIN journal AS j ON j.entry_id = p.entry_id "
  "WHERE j.day <= 3) AS t GROUP BY account_id",
  "SELECT account_id, SUM(o) + SUM(m) FROM (SELECT p.account_id, CASE WHEN j.day < 2 THEN p.amount ELSE 0 END AS o, "
  "CASE WHEN j.day > 2 AND j.day <= 3 THEN p.amount ELSE 0 END AS m FROM posting AS p JOIN journal AS j ON j.entry_id = p.entry_id "
  "WHERE j.day <= 3) AS t GROUP BY account_id",
  "the period's first day in neither opening nor movements")
L("period over period:change per account between two periods",
  "SELECT p.account_id, SUM(CASE WHEN j.day >= 3 THEN p.amount ELSE 0 END) - SUM(CASE WHEN j.day < 3 THEN p.amount ELSE 0 END) "
  "FROM posting AS p JOIN journal AS j ON j.entry_id = p.entry_id WHERE p.account_id IS NOT NULL GROUP BY p.account_id",
  "SELECT k.account_id, COALESCE(b.s, 0) - COALESCE(a.s, 0) FROM (SELECT DISTINCT account_id FROM posting WHERE account_id IS NOT NULL) AS k "
  "LEFT JOIN (SELECT p.account_id, SUM(p.amount) AS s FROM posting AS p JOIN journal AS j ON j.entry_id = p.entry_id WHERE j.day < 3 "
  "GROUP BY p.account_id) AS a ON a.account_id = k.account_id LEFT JOIN (SELECT p.account_id, SUM(p.amount) AS s FROM posting AS p "
  "JOIN journal AS j ON j.entry_id = p.entry_id WHERE j.day >= 3 GROUP BY p.account_id) AS b ON b.account_id = k.account_id",
  "SELECT a.account_id, b.s - a.s FROM (SELECT p.account_id, SUM(p.amount) AS s FROM posting AS p JOIN journal AS j "
  "ON j.entry_id = p.entry_id WHERE j.day < 3 GROUP BY p.account_id) AS a JOIN (SELECT p.account_id, SUM(p.amount) AS s "
  "FROM posting AS p JOIN journal AS j ON j.entry_id = p.entry_id WHERE j.day >= 3 GROUP BY p.account_id) AS b "
  "ON b.account_id = a.account_id",
  "an account active in one period only dropped")
L("period over period:change from the previous posting day with LAG",
  "SELECT day, total - LAG(total) OVER (ORDER BY day) FROM (SELECT j.day, SUM(p.amount) AS total FROM journal AS j "
  "JOIN posting AS p ON p.entry_id = j.entry_id GROUP BY j.day) AS t",
  "WITH d AS (SELECT j.day, SUM(p.amount) AS total FROM journal AS j JOIN posting AS p ON p.entry_id = j.entry_id GROUP BY j.day) "
  "SELECT d.day, d.total - (SELECT e.total FROM d AS e WHERE e.day < d.day ORDER BY e.day DESC LIMIT 1) FROM d",
  "WITH d AS (SELECT j.day, SUM(p.amount) AS total FROM journal AS j JOIN posting AS p ON p.entry_id = j.entry_id GROUP BY j.day) "
  "SELECT d.day, d.total - (SELECT e.total FROM d AS e WHERE e.day = d.day - 1) FROM d",
  "the previous calendar day instead of the previous posting day")
L("ageing:receivable buckets by days past due",
  "SELECT CASE WHEN 60 - due <= 0 THEN 'current' WHEN 60 - due <= 30 THEN '1-30' WHEN 60 - due <= 60 THEN '31-60' ELSE '60+' END AS b, "
  "COUNT(*) FROM invoice WHERE paid_day IS NULL OR paid_day > 60 "
  "GROUP BY CASE WHEN 60 - due <= 0 THEN 'current' WHEN 60 - due <= 30 THEN '1-30' WHEN 60 - due <= 60 THEN '31-60' ELSE '60+' END",
  "SELECT b, COUNT(*) FROM (SELECT CASE WHEN due >= 60 THEN 'current' WHEN due >= 30 THEN '1-30' WHEN due >= 0 THEN '31-60' "
  "ELSE '60+' END AS b FROM invoice WHERE paid_day IS NULL OR paid_day > 60) AS t GROUP BY b",
  "SELECT b, COUNT(*) FROM (SELECT CASE WHEN due >= 60 THEN 'current' WHEN due > 30 THEN '1-30' WHEN due >= 0 THEN '31-60' "
  "ELSE '60+' END AS b FROM invoice WHERE paid_day IS NULL OR paid_day > 60) AS t GROUP BY b",
  "a bucket boundary off by one day")
L("ageing:open receivables as of a day",
  "SELECT invoice_id FROM invoice WHERE paid_day IS NULL OR paid_day > 60",
  "SELECT invoice_id FROM invoice WHERE COALESCE(paid_day, 61) > 60",
  "SELECT invoice_id FROM invoice WHERE NOT (paid_day <= 60)",
  "unpaid invoices dropped by the negation")
L("latest price:cost of the most recent lot per item",
  "SELECT item, cost FROM lot AS l WHERE day = (SELECT MAX(m.day) FROM lot AS m WHERE m.item = l.item)",
  "SELECT item, cost FROM (SELECT item, cost, RANK() OVER (PARTITION BY item ORDER BY day DESC) AS r FROM lot) AS t WHERE r = 1",
  "SELECT item, cost FROM lot AS l WHERE day = (SELECT MAX(m.day) FROM lot AS m)",
  "the latest day over all items")
L("FIFO:lots touched by selling the first 3 units",
  "SELECT lot_id FROM (SELECT lot_id, COALESCE(SUM(qty) OVER (PARTITION BY item ORDER BY day, lot_id "
  "ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before FROM lot) AS t WHERE before < 3",
  "SELECT l.lot_id FROM lot AS l WHERE (SELECT COALESCE(SUM(m.qty), 0) FROM lot AS m WHERE m.item = l.item "
  "AND (m.day < l.day OR (m.day = l.day AND m.lot_id < l.lot_id))) < 3",
  "SELECT l.lot_id FROM lot AS l WHERE (SELECT COALESCE(SUM(m.qty), 0) FROM lot AS m WHERE m.item = l.item AND m.day < l.day) < 3",
  "lots of the same day not ordered by id")
L("FIFO:lots fully consumed by selling 3 units",
  "SELECT lot_id FROM (SELECT lot_id, SUM(qty) OVER (PARTITION BY item ORDER BY day, lot_id) AS upto FROM lot) AS t WHERE upto <= 3",
  "SELECT l.lot_id FROM lot AS l WHERE (SELECT SUM(m.qty) FROM lot AS m WHERE m.item = l.item "
  "AND (m.day < l.day OR (m.day = l.day AND m.lot_id <= l.lot_id))) <= 3",
  "SELECT lot_id FROM (SELECT lot_id, SUM(qty) OVER (PARTITION BY item ORDER BY day) AS upto FROM lot) AS t WHERE upto <= 3",
  "the window ordered by day only: lots of one day consumed together")
L("currency conversion:rate valid on the posting day",
  "SELECT p.entry_id, p.line_no, p.amount * (SELECT r.rate FROM rate AS r WHERE r.currency = a.currency AND r.day <= j.day "
  "ORDER BY r.day DESC LIMIT 1) FROM posting AS p JOIN journal AS j ON j.entry_id = p.entry_id "
  "JOIN account AS a ON a.account_id = p.account_id",
  "SELECT p.entry_id, p.line_no, p.amount * r.rate FROM posting AS p JOIN journal AS j ON j.entry_id = p.entry_id "
  "JOIN account AS a ON a.account_id = p.account_id LEFT JOIN rate AS r ON r.currency = a.currency "
  "AND r.day = (SELECT MAX(s.day) FROM rate AS s WHERE s.currency = a.currency AND s.day <= j.day)",
  "SELECT p.entry_id, p.line_no, p.amount * r.rate FROM posting AS p JOIN journal AS j ON j.entry_id = p.entry_id "
  "JOIN account AS a ON a.account_id = p.account_id JOIN rate AS r ON r.currency = a.currency "
  "AND r.day = (SELECT MAX(s.day) FROM rate AS s WHERE s.currency = a.currency AND s.day <= j.day)",
  "postings without a valid rate dropped")
L("currency conversion:validity interval from LEAD",
  "SELECT currency, day, LEAD(day) OVER (PARTITION BY currency ORDER BY day) FROM rate",
  "SELECT r.currency, r.day, (SELECT MIN(s.day) FROM rate AS s WHERE s.currency = r.currency AND s.day > r.day) FROM rate AS r",
  "SELECT r.currency, r.day, (SELECT MIN(s.day) FROM rate AS s WHERE s.currency = r.currency AND s.day >= r.day) FROM rate AS r",
  "the interval ends on its own first day")
L("currency conversion:join to a half-open validity interval",
  "WITH v AS (SELECT currency, day, LEAD(day) OVER (PARTITION BY currency ORDER BY day) AS until, rate FROM rate) "
  "SELECT p.entry_id, p.line_no, v.rate FROM posting AS p JOIN journal AS j ON j.entry_id = p.entry_id "
  "JOIN account AS a ON a.account_id = p.account_id JOIN v ON v.currency = a.currency AND j.day >= v.day "
  "AND (v.until IS NULL OR j.day < v.until)",
  "SELECT p.entry_id, p.line_no, r.rate FROM posting AS p JOIN journal AS j ON j.entry_id = p.entry_id "
  "JOIN account AS a ON a.account_id = p.account_id JOIN rate AS r ON r.currency = a.currency "
  "AND r.day = (SELECT MAX(s.day) FROM rate AS s WHERE s.currency = a.currency AND s.day <= j.day)",
  ("WITH v AS (SELECT currency, day, LEAD(day) OVER (PARTITION BY currency ORDER BY day) AS until, rate FROM rate) "
   "SELECT p.entry_id, p.line_no, v.rate FROM posting AS p JOIN journal AS j ON j.entry_id = p.entry_id "
   "JOIN account AS a ON a.account_id = p.account_id JOIN v ON v.currency = a.currency AND j.day >= v.day "
   "AND (v.until IS NULL OR j.day <= v.until)",
   "SELECT p.entry_id, p.line_no, r.rate FROM posting AS p JOIN journal AS j ON j.entry_id = p.entry_id "
   "JOIN account AS a ON a.account_id = p.account_id JOIN rate AS r ON r.currency = a.currency "
   "AND r.day = (SELECT MAX(s.day) FROM rate AS s WHERE s.currency = a.currency AND s.day <= j.day)"),
  "a closed interval: a posting on a change day gets two rates")
L("reconciliation:journal entries without a bank line",
  "SELECT j.entry_id FROM journal AS j WHERE NOT EXISTS (SELECT 1 FROM bank_line AS b WHERE b.ref = j.entry_id)",
  "SELECT entry_id FROM journal EXCEPT SELECT ref FROM bank_line",
  "SELECT entry_id FROM journal WHERE entry_id NOT IN (SELECT ref FROM bank_line)",
  "NOT IN over a NULL-able reference")
L("reconciliation:bank lines not in the ledger",
  "SELECT b.day, b.amount FROM bank_line AS b LEFT JOIN journal AS j ON j.entry_id = b.ref WHERE j.entry_id IS NULL",
  "SELECT day, amount FROM bank_line WHERE ref IS NULL",
  "SELECT DISTINCT day, amount FROM bank_line WHERE ref IS NULL",
  "duplicate statement lines folded")
L("reconciliation:accounts never posted to",
  "SELECT a.account_id FROM account AS a WHERE NOT EXISTS (SELECT 1 FROM posting AS p WHERE p.account_id = a.account_id)",
  "SELECT a.account_id FROM account AS a LEFT JOIN posting AS p ON p.account_id = a.account_id GROUP BY a.account_id "
  "HAVING COUNT(p.entry_id) = 0",
  "SELECT a.account_id FROM account AS a LEFT JOIN posting AS p ON p.account_id = a.account_id GROUP BY a.account_id "
  "HAVING COUNT(*) = 0",
  "COUNT(*) counts the outer join's null row")
L("double entry:entries of exactly two lines",
  "SELECT entry_id FROM posting GROUP BY entry_id HAVING COUNT(*) = 2",
  "SELECT DISTINCT p.entry_id FROM posting AS p JOIN posting AS q ON q.entry_id = p.entry_id AND q.line_no > p.line_no "
  "WHERE NOT EXISTS (SELECT 1 FROM posting AS r WHERE r.entry_id = p.entry_id AND r.line_no <> p.line_no AND r.line_no <> q.line_no)",
  "SELECT DISTINCT p.entry_id FROM posting AS p JOIN posting AS q ON q.entry_id = p.entry_id AND q.line_no > p.line_no",
  "at least two lines")
L("balance sheet:totals per account kind in one row",
  "SELECT SUM(CASE WHEN a.kind = 'asset' THEN p.amount END), SUM(CASE WHEN a.kind = 'income' THEN p.amount END) "
  "FROM posting AS p JOIN account AS a ON a.account_id = p.account_id",
  "SELECT (SELECT SUM(p.amount) FROM posting AS p JOIN account AS a ON a.account_id = p.account_id WHERE a.kind = 'asset'), "
  "(SELECT SUM(p.amount) FROM posting AS p JOIN account AS a ON a.account_id = p.account_id WHERE a.kind = 'income')",
  "SELECT SUM(CASE WHEN a.kind = 'asset' THEN p.amount ELSE 0 END), SUM(CASE WHEN a.kind = 'income' THEN p.amount ELSE 0 END) "
  "FROM posting AS p JOIN account AS a ON a.account_id = p.account_id",
  "0 instead of null for a kind without postings")
L("double entry:entries touching at least two accounts",
  "SELECT entry_id FROM posting WHERE account_id IS NOT NULL GROUP BY entry_id HAVING COUNT(DISTINCT account_id) >= 2",
  "SELECT DISTINCT p.entry_id FROM posting AS p JOIN posting AS q ON q.entry_id = p.entry_id AND q.account_id <> p.account_id",
  "SELECT p.entry_id FROM posting AS p JOIN posting AS q ON q.entry_id = p.entry_id AND q.account_id <> p.account_id",
  "one row per pair of lines")
L("reconciliation:entries not touching an account",
  "SELECT entry_id FROM journal EXCEPT SELECT entry_id FROM posting WHERE account_id = 1",
  "SELECT j.entry_id FROM journal AS j WHERE NOT EXISTS (SELECT 1 FROM posting AS p WHERE p.entry_id = j.entry_id AND p.account_id = 1)",
  "SELECT DISTINCT entry_id FROM posting WHERE account_id <> 1",
  "entries with some other line instead of entries without a line on the account")
L("general ledger:balance per account with its name",
  "SELECT a.name, SUM(p.amount) FROM account AS a JOIN posting AS p ON p.account_id = a.account_id GROUP BY a.account_id, a.name",
  "SELECT a.name, t.s FROM account AS a JOIN (SELECT account_id, SUM(amount) AS s FROM posting GROUP BY account_id) AS t "
  "ON t.account_id = a.account_id",
  "SELECT a.name, SUM(p.amount) FROM account AS a JOIN posting AS p ON p.account_id = a.account_id GROUP BY a.name",
  "accounts of the same name merged")
L("trial balance:accounts in credit",
  "SELECT account_id FROM posting WHERE account_id IS NOT NULL GROUP BY account_id HAVING SUM(amount) < 0",
  "SELECT account_id FROM (SELECT account_id, SUM(amount) AS s FROM posting GROUP BY account_id) AS t WHERE s < 0 AND account_id IS NOT NULL",
  "SELECT account_id FROM posting WHERE account_id IS NOT NULL GROUP BY account_id HAVING MIN(amount) < 0",
  "accounts with any credit line")
L("double entry:largest line of each entry",
  "SELECT entry_id, MAX(ABS(amount)) FROM posting GROUP BY entry_id",
  "SELECT entry_id, MAX(MAX(amount), -MIN(amount)) FROM posting GROUP BY entry_id",
  "SELECT entry_id, MAX(amount) FROM posting GROUP BY entry_id",
  "the largest debit only", dialect="sqlite")
L("journal:lines per posting day",
  "SELECT j.day, COUNT(p.line_no) FROM journal AS j LEFT JOIN posting AS p ON p.entry_id = j.entry_id GROUP BY j.day",
  "SELECT day, SUM(n) FROM (SELECT j.day, (SELECT COUNT(*) FROM posting AS p WHERE p.entry_id = j.entry_id) AS n FROM journal AS j) AS t "
  "GROUP BY day",
  "SELECT j.day, COUNT(*) FROM journal AS j LEFT JOIN posting AS p ON p.entry_id = j.entry_id GROUP BY j.day",
  "an entry without lines counted as one line")
L("receivables:invoices paid late",
  "SELECT invoice_id FROM invoice WHERE paid_day > due",
  "SELECT invoice_id FROM invoice WHERE paid_day - due > 0",
  "SELECT invoice_id FROM invoice WHERE COALESCE(paid_day, 1000) > due",
  "unpaid invoices counted as late")
L("receivables:average days to pay per customer",
  "SELECT customer, AVG(paid_day - due) FROM invoice GROUP BY customer",
  "SELECT customer, SUM(paid_day - due) * 1.0 / COUNT(paid_day) FROM invoice GROUP BY customer",
  "SELECT customer, SUM(paid_day - due) * 1.0 / COUNT(*) FROM invoice GROUP BY customer",
  "unpaid invoices in the denominator")
L("receivables:outstanding amount per customer",
  "SELECT customer, COALESCE(SUM(CASE WHEN paid_day IS NULL THEN amount END), 0) FROM invoice GROUP BY customer",
  "SELECT c.customer, COALESCE((SELECT SUM(i.amount) FROM invoice AS i WHERE i.customer = c.customer AND i.paid_day IS NULL), 0) "
  "FROM (SELECT DISTINCT customer FROM invoice) AS c",
  "SELECT c.customer, (SELECT SUM(i.amount) FROM invoice AS i WHERE i.customer = c.customer AND i.paid_day IS NULL) "
  "FROM (SELECT DISTINCT customer FROM invoice) AS c",
  "null instead of 0 for a customer with nothing open")
L("suspense:entries with an unassigned line",
  "SELECT DISTINCT entry_id FROM posting WHERE account_id IS NULL",
  "SELECT j.entry_id FROM journal AS j WHERE EXISTS (SELECT 1 FROM posting AS p WHERE p.entry_id = j.entry_id AND p.account_id IS NULL)",
  "SELECT entry_id FROM journal WHERE entry_id IN (SELECT entry_id FROM posting WHERE account_id NOT IN (SELECT account_id FROM account))",
  "NOT IN never holds for a null account")
L("double entry:entries with both a debit and a credit",
  "SELECT entry_id FROM posting GROUP BY entry_id HAVING MIN(amount) < 0 AND MAX(amount) > 0",
  "SELECT DISTINCT d.entry_id FROM posting AS d JOIN posting AS c ON c.entry_id = d.entry_id WHERE d.amount > 0 AND c.amount < 0",
  "SELECT entry_id FROM posting GROUP BY entry_id HAVING MIN(amount) < 0 OR MAX(amount) > 0",
  "a debit or a credit")
L("running balance:cumulative balance per account and day",
  "SELECT p.account_id, j.day, SUM(SUM(p.amount)) OVER (PARTITION BY p.account_id ORDER BY j.day) FROM posting AS p "
  "JOIN journal AS j ON j.entry_id = p.entry_id WHERE p.account_id IS NOT NULL GROUP BY p.account_id, j.day",
  "SELECT DISTINCT p.account_id, j.day, (SELECT SUM(q.amount) FROM posting AS q JOIN journal AS k ON k.entry_id = q.entry_id "
  "WHERE q.account_id = p.account_id AND k.day <= j.day) FROM posting AS p JOIN journal AS j ON j.entry_id = p.entry_id "
  "WHERE p.account_id IS NOT NULL",
  "SELECT DISTINCT p.account_id, j.day, (SELECT SUM(q.amount) FROM posting AS q JOIN journal AS k ON k.entry_id = q.entry_id "
  "WHERE q.account_id = p.account_id AND k.day < j.day) FROM posting AS p JOIN journal AS j ON j.entry_id = p.entry_id "
  "WHERE p.account_id IS NOT NULL",
  "the balance before the day instead of at its end")
L("double entry:balanced entries including empty ones",
  "SELECT j.entry_id FROM journal AS j LEFT JOIN posting AS p ON p.entry_id = j.entry_id GROUP BY j.entry_id "
  "HAVING COALESCE(SUM(p.amount), 0) = 0",
  "SELECT entry_id FROM journal WHERE entry_id NOT IN (SELECT entry_id FROM posting GROUP BY entry_id HAVING SUM(amount) <> 0)",
  "SELECT j.entry_id FROM journal AS j LEFT JOIN posting AS p ON p.entry_id = j.entry_id GROUP BY j.entry_id "
  "HAVING SUM(p.amount) = 0",
  "entries without lines dropped")
L("reconciliation:matched statement lines",
  "SELECT COUNT(*) FROM bank_line AS b JOIN journal AS j ON j.entry_id = b.ref",
  "SELECT COUNT(ref) FROM bank_line",
  "SELECT COUNT(DISTINCT ref) FROM bank_line",
  "a repeated statement line counted once")
L("bank:statement balance",
  "SELECT COALESCE(SUM(amount), 0.0) FROM bank_line",
  "SELECT TOTAL(amount) FROM bank_line",
  "SELECT SUM(amount) FROM bank_line",
  "null balance for an empty statement", dialect="sqlite")
L("ageing:days overdue of open invoices",
  "SELECT invoice_id, MAX(60 - due, 0) FROM invoice WHERE paid_day IS NULL",
  "SELECT invoice_id, CASE WHEN due < 60 THEN 60 - due ELSE 0 END FROM invoice WHERE paid_day IS NULL",
  "SELECT invoice_id, ABS(60 - due) FROM invoice WHERE paid_day IS NULL",
  "days until due counted as overdue", dialect="sqlite")
L("receivables:last payment day per customer",
  "SELECT customer, MAX(paid_day) FROM invoice GROUP BY customer",
  "SELECT c.customer, (SELECT i.paid_day FROM invoice AS i WHERE i.customer = c.customer ORDER BY i.paid_day DESC LIMIT 1) "
  "FROM (SELECT DISTINCT customer FROM invoice) AS c",
  "SELECT c.customer, (SELECT i.paid_day FROM invoice AS i WHERE i.customer = c.customer ORDER BY i.due DESC, i.invoice_id LIMIT 1) "
  "FROM (SELECT DISTINCT customer FROM invoice) AS c",
  "the payment of the latest due invoice", dialect="sqlite")
L("journal:entries of the last posting day",
  "SELECT entry_id FROM journal WHERE day = (SELECT MAX(day) FROM journal)",
  "SELECT j.entry_id FROM journal AS j WHERE NOT EXISTS (SELECT 1 FROM journal AS k WHERE k.day > j.day)",
  "SELECT entry_id FROM journal ORDER BY day DESC, entry_id LIMIT 1",
  "one entry of the last day")
L("reconciliation:accounts used by every entry",
  "SELECT a.account_id FROM account AS a WHERE NOT EXISTS (SELECT 1 FROM journal AS j WHERE NOT EXISTS "
  "(SELECT 1 FROM posting AS p WHERE p.entry_id = j.entry_id AND p.account_id = a.account_id))",
  "SELECT a.account_id FROM account AS a WHERE (SELECT COUNT(DISTINCT p.entry_id) FROM posting AS p WHERE p.account_id = a.account_id) "
  "= (SELECT COUNT(*) FROM journal)",
  "SELECT a.account_id FROM account AS a WHERE (SELECT COUNT(DISTINCT p.entry_id) FROM posting AS p WHERE p.account_id = a.account_id) "
  "= (SELECT COUNT(DISTINCT entry_id) FROM posting)",
  "entries without lines ignored")
L("double entry:debit and credit lines split and recombined",
  "SELECT entry_id, amount FROM posting WHERE amount > 0 UNION ALL SELECT entry_id, amount FROM posting WHERE amount <= 0",
  "SELECT entry_id, amount FROM posting",
  "SELECT entry_id, amount FROM posting WHERE amount > 0 UNION SELECT entry_id, amount FROM posting WHERE amount <= 0",
  "UNION folds equal lines of one entry")
L("currency:balance per account currency",
  "SELECT a.currency, SUM(p.amount) FROM posting AS p JOIN account AS a ON a.account_id = p.account_id GROUP BY a.currency",
  "SELECT c.currency, (SELECT SUM(p.amount) FROM posting AS p WHERE p.account_id IN (SELECT a.account_id FROM account AS a "
  "WHERE a.currency IS c.currency)) FROM (SELECT DISTINCT a.currency FROM account AS a JOIN posting AS p ON p.account_id = a.account_id) AS c",
  "SELECT c.currency, (SELECT SUM(p.amount) FROM posting AS p WHERE p.account_id IN (SELECT a.account_id FROM account AS a "
  "WHERE a.currency = c.currency)) FROM (SELECT DISTINCT a.currency FROM account AS a JOIN posting AS p ON p.account_id = a.account_id) AS c",
  "the group of accounts without a currency gets null", dialect="sqlite")
L("journal:entries with a non-empty memo",
  "SELECT entry_id FROM journal WHERE memo <> ''",
  "SELECT entry_id FROM journal WHERE LENGTH(memo) > 0",
  "SELECT entry_id FROM journal WHERE memo IS NOT NULL",
  "the empty memo kept")
L("receivables:late invoices per customer including none",
  "SELECT c.customer, COUNT(i.invoice_id) FROM (SELECT DISTINCT customer FROM invoice) AS c LEFT JOIN invoice AS i "
  "ON i.customer = c.customer AND i.paid_day > i.due GROUP BY c.customer",
  "SELECT customer, SUM(CASE WHEN paid_day > due THEN 1 ELSE 0 END) FROM invoice GROUP BY customer",
  "SELECT c.customer, COUNT(*) FROM (SELECT DISTINCT customer FROM invoice) AS c LEFT JOIN invoice AS i "
  "ON i.customer = c.customer AND i.paid_day > i.due GROUP BY c.customer",
  "a customer without late invoices counts one")
L("currency conversion:rate of the exact day only",
  "SELECT j.entry_id, r.rate FROM journal AS j JOIN posting AS p ON p.entry_id = j.entry_id AND p.line_no = 1 "
  "JOIN account AS a ON a.account_id = p.account_id LEFT JOIN rate AS r ON r.currency = a.currency AND r.day = j.day",
  "SELECT j.entry_id, (SELECT r.rate FROM rate AS r WHERE r.currency = a.currency AND r.day = j.day) FROM journal AS j "
  "JOIN posting AS p ON p.entry_id = j.entry_id AND p.line_no = 1 JOIN account AS a ON a.account_id = p.account_id",
  "SELECT j.entry_id, r.rate FROM journal AS j JOIN posting AS p ON p.entry_id = j.entry_id AND p.line_no = 1 "
  "JOIN account AS a ON a.account_id = p.account_id LEFT JOIN rate AS r ON r.currency = a.currency AND r.day <= j.day",
  "every earlier rate joined")
L("trial balance:grand total is the total of account balances",
  "SELECT SUM(amount) FROM posting",
  "SELECT SUM(s) FROM (SELECT account_id, SUM(amount) AS s FROM posting GROUP BY account_id) AS t",
  "SELECT SUM(s) FROM (SELECT account_id, SUM(amount) AS s FROM posting WHERE account_id IS NOT NULL GROUP BY account_id) AS t",
  "unassigned lines left out of the total")
L("running balance:daily balance reset each day",
  "SELECT p.entry_id, p.line_no, SUM(p.amount) OVER (PARTITION BY j.day ORDER BY p.entry_id, p.line_no) FROM posting AS p "
  "JOIN journal AS j ON j.entry_id = p.entry_id",
  "SELECT p.entry_id, p.line_no, (SELECT SUM(q.amount) FROM posting AS q JOIN journal AS k ON k.entry_id = q.entry_id "
  "WHERE k.day = j.day AND (q.entry_id < p.entry_id OR (q.entry_id = p.entry_id AND q.line_no <= p.line_no))) "
  "FROM posting AS p JOIN journal AS j ON j.entry_id = p.entry_id",
  "SELECT p.entry_id, p.line_no, SUM(p.amount) OVER (ORDER BY p.entry_id, p.line_no) FROM posting AS p "
  "JOIN journal AS j ON j.entry_id = p.entry_id",
  "the balance not reset at the day's start")
L("ageing:crosstab of open invoices per customer and bucket",
  "SELECT customer, COUNT(CASE WHEN due >= 60 THEN 1 END), COUNT(CASE WHEN due < 60 THEN 1 END) FROM invoice "
  "WHERE paid_day IS NULL GROUP BY customer",
  "SELECT c.customer, (SELECT COUNT(*) FROM invoice AS i WHERE i.customer = c.customer AND i.paid_day IS NULL AND i.due >= 60), "
  "(SELECT COUNT(*) FROM invoice AS i WHERE i.customer = c.customer AND i.paid_day IS NULL AND i.due < 60) "
  "FROM (SELECT DISTINCT customer FROM invoice WHERE paid_day IS NULL) AS c",
  "SELECT c.customer, (SELECT COUNT(*) FROM invoice AS i WHERE i.customer = c.customer AND i.paid_day IS NULL AND i.due >= 60), "
  "(SELECT COUNT(*) FROM invoice AS i WHERE i.customer = c.customer AND i.paid_day IS NULL AND i.due < 60) "
  "FROM (SELECT DISTINCT customer FROM invoice) AS c",
  "customers with nothing open listed with zeros")
L("receivables:open invoices above the customer's average",
  "SELECT i.invoice_id FROM invoice AS i WHERE i.amount > (SELECT AVG(j.amount) FROM invoice AS j WHERE j.customer = i.customer)",
  "SELECT i.invoice_id FROM invoice AS i JOIN (SELECT customer, AVG(amount) AS m FROM invoice GROUP BY customer) AS g "
  "ON g.customer = i.customer WHERE i.amount > g.m",
  "SELECT i.invoice_id FROM invoice AS i WHERE i.amount > (SELECT AVG(j.amount) FROM invoice AS j)",
  "the average over all customers")
L("FIFO:quantity on hand per item",
  "SELECT item, SUM(qty) FROM lot GROUP BY item",
  "SELECT DISTINCT item, SUM(qty) OVER (PARTITION BY item) FROM lot",
  "SELECT item, SUM(qty) OVER (PARTITION BY item) FROM lot",
  "one row per lot")
L("latest price:last lot per item by day and id",
  "SELECT item, lot_id, cost FROM (SELECT item, lot_id, cost, ROW_NUMBER() OVER (PARTITION BY item ORDER BY day DESC, lot_id DESC) AS rn "
  "FROM lot) AS t WHERE rn = 1",
  "SELECT l.item, l.lot_id, l.cost FROM lot AS l WHERE NOT EXISTS (SELECT 1 FROM lot AS m WHERE m.item = l.item "
  "AND (m.day > l.day OR (m.day = l.day AND m.lot_id > l.lot_id)))",
  "SELECT l.item, l.lot_id, l.cost FROM lot AS l WHERE NOT EXISTS (SELECT 1 FROM lot AS m WHERE m.item = l.item AND m.day > l.day)",
  "every lot of the last day kept")
L("reconciliation:statement days with more than one line",
  "SELECT day, COUNT(*) FROM bank_line WHERE day IS NOT NULL GROUP BY day HAVING COUNT(*) > 1",
  "SELECT day, n FROM (SELECT day, COUNT(*) AS n FROM bank_line GROUP BY day) AS g WHERE n >= 2 AND day IS NOT NULL",
  "SELECT day, n FROM (SELECT DISTINCT day, COUNT(*) OVER (PARTITION BY day, amount) AS n FROM bank_line) AS g "
  "WHERE n >= 2 AND day IS NOT NULL",
  "duplicates of one amount only")
L("double entry:posting count per account kind with an unknown kind bucket",
  "SELECT COALESCE(a.kind, 'unknown'), COUNT(*) FROM posting AS p JOIN account AS a ON a.account_id = p.account_id "
  "GROUP BY COALESCE(a.kind, 'unknown')",
  "SELECT CASE WHEN a.kind IS NULL THEN 'unknown' ELSE a.kind END AS k, COUNT(p.line_no) FROM account AS a "
  "JOIN posting AS p ON p.account_id = a.account_id GROUP BY CASE WHEN a.kind IS NULL THEN 'unknown' ELSE a.kind END",
  "SELECT COALESCE(a.kind, 'unknown'), COUNT(*) FROM posting AS p LEFT JOIN account AS a ON a.account_id = p.account_id "
  "GROUP BY COALESCE(a.kind, 'unknown')",
  "unassigned postings counted as unknown kind")
L("journal:first entry of each day",
  "SELECT day, MIN(entry_id) FROM journal GROUP BY day",
  "SELECT j.day, j.entry_id FROM journal AS j WHERE NOT EXISTS (SELECT 1 FROM journal AS k WHERE k.day = j.day AND k.entry_id < j.entry_id)",
  "SELECT j.day, j.entry_id FROM journal AS j WHERE NOT EXISTS (SELECT 1 FROM journal AS k WHERE k.day < j.day AND k.entry_id < j.entry_id)",
  "the comparison made across days")
L("receivables:customers with no open invoice",
  "SELECT DISTINCT customer FROM invoice EXCEPT SELECT customer FROM invoice WHERE paid_day IS NULL",
  "SELECT DISTINCT i.customer FROM invoice AS i WHERE NOT EXISTS (SELECT 1 FROM invoice AS j WHERE j.customer = i.customer "
  "AND j.paid_day IS NULL)",
  "SELECT DISTINCT customer FROM invoice WHERE paid_day IS NOT NULL",
  "customers with some paid invoice")
L("FIFO:value of the stock at lot cost per item",
  "SELECT item, SUM(qty * cost) FROM lot GROUP BY item",
  "SELECT i.item, (SELECT SUM(l.qty * l.cost) FROM lot AS l WHERE l.item = i.item) FROM (SELECT DISTINCT item FROM lot) AS i",
  "SELECT item, SUM(qty) * MAX(cost) FROM lot GROUP BY item",
  "all units valued at the highest cost")

L("journal:entries without lines",
  "SELECT entry_id FROM journal EXCEPT SELECT entry_id FROM posting",
  "SELECT entry_id FROM journal WHERE entry_id NOT IN (SELECT entry_id FROM posting)",
  "SELECT j.entry_id FROM journal AS j LEFT JOIN posting AS p ON p.entry_id = j.entry_id WHERE p.account_id IS NULL",
  "the unmatched test on a NULL-able column")
L("receivables:share of paid invoices per customer",
  "SELECT customer, AVG(CASE WHEN paid_day IS NOT NULL THEN 1.0 ELSE 0.0 END) FROM invoice GROUP BY customer",
  "SELECT customer, COUNT(paid_day) * 1.0 / COUNT(*) FROM invoice GROUP BY customer",
  "SELECT customer, AVG(CASE WHEN paid_day IS NOT NULL THEN 1.0 END) FROM invoice GROUP BY customer",
  "the unpaid left out of the mean")
L("latest price:change from the previous lot's cost",
  "SELECT lot_id, cost - LAG(cost) OVER (PARTITION BY item ORDER BY day, lot_id) FROM lot",
  "SELECT l.lot_id, l.cost - (SELECT m.cost FROM lot AS m WHERE m.item = l.item AND (m.day < l.day OR (m.day = l.day AND m.lot_id < l.lot_id)) "
  "ORDER BY m.day DESC, m.lot_id DESC LIMIT 1) FROM lot AS l",
  "SELECT lot_id, cost - LAG(cost) OVER (ORDER BY day, lot_id) FROM lot",
  "the previous lot of any item")
L("reconciliation:statement lines matching an entry of the same day",
  "SELECT b.ref, b.amount FROM bank_line AS b JOIN journal AS j ON j.entry_id = b.ref AND j.day = b.day",
  "SELECT b.ref, b.amount FROM bank_line AS b WHERE EXISTS (SELECT 1 FROM journal AS j WHERE j.entry_id = b.ref AND j.day = b.day)",
  "SELECT b.ref, b.amount FROM bank_line AS b JOIN journal AS j ON j.entry_id = b.ref AND j.day <= b.day",
  "entries of earlier days matched")


# ============================================================ rules and decisions (eligibility)
# applicant(app_id PK, age NULL, income REAL NULL, region NULL, is_member NULL 0/1),
# decision(row_id PK, min_age NULL, max_age NULL, region NULL -- a NULL cell is DMN's "-" (any) --,
# benefit, priority, amount REAL), claim(claim_id PK, app_id FK NULL-able, kind, amount REAL NULL,
# day), entitlement(app_id FK, benefit; PK both, units NULL), keyless exclusion(app_id FK, kind;
# both NULL-able) with duplicate rows.

def hit(a: str, d: str) -> str:
    """A decision-table row ``d`` matching applicant ``a`` (NULL input cells match anything)."""
    return (f"({d}.min_age IS NULL OR {a}.age >= {d}.min_age) AND ({d}.max_age IS NULL OR {a}.age <= {d}.max_age) "
            f"AND ({d}.region IS NULL OR {d}.region = {a}.region)")


R("DMN:input entries with '-' as NULL cells",
  f"SELECT a.app_id, d.benefit FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')}",
  "SELECT a.app_id, d.benefit FROM applicant AS a JOIN decision AS d ON COALESCE(a.age >= d.min_age, d.min_age IS NULL) "
  "AND COALESCE(a.age <= d.max_age, d.max_age IS NULL) AND COALESCE(d.region = a.region, d.region IS NULL)",
  "SELECT a.app_id, d.benefit FROM applicant AS a JOIN decision AS d ON a.age >= COALESCE(d.min_age, 0) "
  "AND (d.max_age IS NULL OR a.age <= d.max_age) AND (d.region IS NULL OR d.region = a.region)",
  "a '-' cell no longer matches an unknown age")
R("DMN:hit policy FIRST",
  f"SELECT app_id, benefit FROM (SELECT a.app_id, d.benefit, ROW_NUMBER() OVER (PARTITION BY a.app_id ORDER BY d.row_id) AS rn "
  f"FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')}) AS t WHERE rn = 1",
  f"SELECT a.app_id, d.benefit FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} "
  f"WHERE d.row_id = (SELECT MIN(e.row_id) FROM decision AS e WHERE {hit('a', 'e')})",
  f"SELECT a.app_id, d.benefit FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} "
  f"WHERE d.row_id = (SELECT MAX(e.row_id) FROM decision AS e WHERE {hit('a', 'e')})",
  "the last hit instead of the first")
R("DMN:hit policy PRIORITY",
  f"SELECT app_id, benefit FROM (SELECT a.app_id, d.benefit, ROW_NUMBER() OVER (PARTITION BY a.app_id ORDER BY d.priority, d.row_id) AS rn "
  f"FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')}) AS t WHERE rn = 1",
  f"SELECT a.app_id, d.benefit FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} WHERE NOT EXISTS (SELECT 1 FROM decision AS e "
  f"WHERE {hit('a', 'e')} AND (e.priority < d.priority OR (e.priority = d.priority AND e.row_id < d.row_id)))",
  f"SELECT app_id, benefit FROM (SELECT a.app_id, d.benefit, RANK() OVER (PARTITION BY a.app_id ORDER BY d.priority) AS rn "
  f"FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')}) AS t WHERE rn = 1",
  "rows of equal priority all returned")
R("DMN:hit policy COLLECT with SUM",
  f"SELECT a.app_id, SUM(d.amount) FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} GROUP BY a.app_id",
  f"SELECT a.app_id, (SELECT SUM(d.amount) FROM decision AS d WHERE {hit('a', 'd')}) FROM applicant AS a "
  f"WHERE EXISTS (SELECT 1 FROM decision AS d WHERE {hit('a', 'd')})",
  f"SELECT a.app_id, SUM(d.amount) FROM applicant AS a LEFT JOIN decision AS d ON {hit('a', 'd')} GROUP BY a.app_id",
  "applicants without a hit get a null sum")
R("DMN:hit policy COLLECT with COUNT",
  f"SELECT a.app_id, (SELECT COUNT(*) FROM decision AS d WHERE {hit('a', 'd')}) FROM applicant AS a",
  f"SELECT a.app_id, COUNT(d.row_id) FROM applicant AS a LEFT JOIN decision AS d ON {hit('a', 'd')} GROUP BY a.app_id",
  f"SELECT a.app_id, COUNT(*) FROM applicant AS a LEFT JOIN decision AS d ON {hit('a', 'd')} GROUP BY a.app_id",
  "no hit counted as one")
R("DMN:hit policy COLLECT with MIN",
  f"SELECT a.app_id, MIN(d.amount) FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} GROUP BY a.app_id",
  f"SELECT a.app_id, (SELECT d.amount FROM decision AS d WHERE {hit('a', 'd')} ORDER BY d.amount LIMIT 1) FROM applicant AS a "
  f"WHERE EXISTS (SELECT 1 FROM decision AS d WHERE {hit('a', 'd')})",
  f"SELECT a.app_id, (SELECT d.amount FROM decision AS d WHERE {hit('a', 'd')} ORDER BY d.row_id LIMIT 1) FROM applicant AS a "
  f"WHERE EXISTS (SELECT 1 FROM decision AS d WHERE {hit('a', 'd')})",
  "the first hit's amount instead of the least")
R("DMN:hit policy COLLECT with MAX",
  f"SELECT a.app_id, MAX(d.priority) FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} GROUP BY a.app_id",
  f"SELECT a.app_id, d.priority FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} WHERE NOT EXISTS (SELECT 1 FROM decision AS e "
  f"WHERE {hit('a', 'e')} AND e.priority > d.priority) GROUP BY a.app_id, d.priority",
  f"SELECT a.app_id, d.priority FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} WHERE NOT EXISTS (SELECT 1 FROM decision AS e "
  f"WHERE {hit('a', 'e')} AND e.priority > d.priority)",
  "ties on the maximum repeated")
R("DMN:hit policy COLLECT of distinct outputs",
  f"SELECT a.app_id, COUNT(DISTINCT d.benefit) FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} GROUP BY a.app_id",
  f"SELECT app_id, COUNT(*) FROM (SELECT DISTINCT a.app_id, d.benefit FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')}) AS t "
  f"GROUP BY app_id",
  f"SELECT a.app_id, COUNT(d.benefit) FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} GROUP BY a.app_id",
  "repeated outputs counted")
R("DMN:hit policy UNIQUE violated",
  f"SELECT a.app_id FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} GROUP BY a.app_id HAVING COUNT(*) > 1",
  f"SELECT a.app_id FROM applicant AS a WHERE EXISTS (SELECT 1 FROM decision AS d1 JOIN decision AS d2 ON d1.row_id <> d2.row_id "
  f"WHERE {hit('a', 'd1')} AND {hit('a', 'd2')})",
  f"SELECT a.app_id FROM applicant AS a WHERE EXISTS (SELECT 1 FROM decision AS d1 JOIN decision AS d2 ON d1.benefit <> d2.benefit "
  f"WHERE {hit('a', 'd1')} AND {hit('a', 'd2')})",
  "only conflicting outputs count as a violation")
R("DMN:default output when no rule hits",
  f"SELECT a.app_id, COALESCE((SELECT d.benefit FROM decision AS d WHERE {hit('a', 'd')} ORDER BY d.row_id LIMIT 1), 'none') "
  f"FROM applicant AS a",
  f"SELECT a.app_id, COALESCE(f.benefit, 'none') FROM applicant AS a LEFT JOIN (SELECT b.app_id, d.benefit FROM applicant AS b "
  f"JOIN decision AS d ON {hit('b', 'd')} WHERE NOT EXISTS (SELECT 1 FROM decision AS e WHERE {hit('b', 'e')} AND e.row_id < d.row_id)) "
  f"AS f ON f.app_id = a.app_id",
  f"SELECT a.app_id, COALESCE(f.benefit, 'none') FROM applicant AS a JOIN (SELECT b.app_id, d.benefit FROM applicant AS b "
  f"JOIN decision AS d ON {hit('b', 'd')} WHERE NOT EXISTS (SELECT 1 FROM decision AS e WHERE {hit('b', 'e')} AND e.row_id < d.row_id)) "
  f"AS f ON f.app_id = a.app_id",
  "applicants without a hit dropped instead of defaulted")
R("DMN:range input entries as age bands",
  "SELECT app_id, CASE WHEN age BETWEEN 18 AND 64 THEN 'adult' WHEN age >= 65 THEN 'senior' ELSE 'minor' END FROM applicant",
  "SELECT app_id, CASE WHEN age >= 65 THEN 'senior' WHEN age >= 18 THEN 'adult' ELSE 'minor' END FROM applicant",
  "SELECT app_id, CASE WHEN age > 65 THEN 'senior' WHEN age >= 18 THEN 'adult' ELSE 'minor' END FROM applicant",
  "[65..] read as ]65..]")
R("DMN:decision table hits per output as a crosstab",
  f"SELECT a.app_id, COUNT(CASE WHEN d.benefit = 'A' THEN 1 END), COUNT(CASE WHEN d.benefit = 'B' THEN 1 END) "
  f"FROM applicant AS a LEFT JOIN decision AS d ON {hit('a', 'd')} GROUP BY a.app_id",
  f"SELECT a.app_id, (SELECT COUNT(*) FROM decision AS d WHERE {hit('a', 'd')} AND d.benefit = 'A'), "
  f"(SELECT COUNT(*) FROM decision AS d WHERE {hit('a', 'd')} AND d.benefit = 'B') FROM applicant AS a",
  f"SELECT a.app_id, COUNT(CASE WHEN d.benefit = 'A' THEN 1 ELSE 0 END), COUNT(CASE WHEN d.benefit = 'B' THEN 1 ELSE 0 END) "
  f"FROM applicant AS a LEFT JOIN decision AS d ON {hit('a', 'd')} GROUP BY a.app_id",
  "ELSE 0 makes COUNT count every hit")

# --- eligibility and entitlement rules
R("eligibility:conjunction with a disjunction",
  "SELECT app_id FROM applicant WHERE age >= 18 AND (is_member = 1 OR income < 2.0)",
  "SELECT app_id FROM applicant WHERE age >= 18 AND is_member = 1 UNION SELECT app_id FROM applicant WHERE age >= 18 AND income < 2.0",
  "SELECT app_id FROM applicant WHERE age >= 18 AND is_member = 1 OR income < 2.0",
  "the parentheses lost: AND binds first")
R("eligibility:ineligible as the complement",
  "SELECT app_id FROM applicant EXCEPT SELECT app_id FROM applicant WHERE age >= 18",
  "SELECT app_id FROM applicant WHERE age < 18 OR age IS NULL",
  "SELECT app_id FROM applicant WHERE NOT (age >= 18)",
  "an unknown age is neither eligible nor ineligible")
R("eligibility:unknown input treated as not satisfied",
  "SELECT app_id FROM applicant WHERE COALESCE(is_member, 0) = 1",
  "SELECT app_id FROM applicant WHERE is_member = 1",
  "SELECT app_id FROM applicant WHERE COALESCE(is_member, 1) = 1",
  "an unknown membership treated as satisfied")
R("eligibility:unknown income counts as low",
  "SELECT app_id FROM applicant WHERE income IS NULL OR income < 2.0",
  "SELECT app_id FROM applicant WHERE COALESCE(income, 0.0) < 2.0",
  "SELECT app_id FROM applicant WHERE income < 2.0",
  "applicants with an unknown income dropped")
R("eligibility:De Morgan over three-valued conditions",
  "SELECT app_id FROM applicant WHERE NOT (age < 18 OR region = 'south')",
  "SELECT app_id FROM applicant WHERE age >= 18 AND region <> 'south'",
  "SELECT app_id FROM applicant WHERE age >= 18 AND (region <> 'south' OR region IS NULL)",
  "an unknown region treated as not south")
R("eligibility:risk score of three flags at least 2",
  "SELECT app_id FROM (SELECT app_id, (CASE WHEN age >= 65 THEN 1 ELSE 0 END) + (CASE WHEN income < 1.0 THEN 1 ELSE 0 END) "
  "+ (CASE WHEN is_member = 0 THEN 1 ELSE 0 END) AS risk FROM applicant) AS r WHERE risk >= 2",
  "SELECT app_id FROM applicant WHERE (age >= 65 AND income < 1.0) OR (age >= 65 AND is_member = 0) OR (income < 1.0 AND is_member = 0)",
  "SELECT app_id FROM applicant WHERE (age >= 65 AND income < 1.0) OR (age >= 65 AND is_member = 0)",
  "one pair of flags forgotten")
R("entitlement:benefits held and granted by the table",
  f"SELECT app_id, benefit FROM entitlement INTERSECT SELECT a.app_id, d.benefit FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')}",
  f"SELECT e.app_id, e.benefit FROM entitlement AS e WHERE EXISTS (SELECT 1 FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} "
  f"WHERE a.app_id = e.app_id AND d.benefit = e.benefit)",
  f"SELECT e.app_id, e.benefit FROM entitlement AS e JOIN applicant AS a ON a.app_id = e.app_id JOIN decision AS d ON {hit('a', 'd')} "
  f"AND d.benefit = e.benefit",
  "a benefit granted by two rows listed twice")
R("entitlement:held but not granted",
  f"SELECT app_id, benefit FROM entitlement EXCEPT SELECT a.app_id, d.benefit FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')}",
  f"SELECT e.app_id, e.benefit FROM entitlement AS e WHERE NOT EXISTS (SELECT 1 FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} "
  f"WHERE a.app_id = e.app_id AND d.benefit = e.benefit)",
  f"SELECT e.app_id, e.benefit FROM entitlement AS e WHERE NOT EXISTS (SELECT 1 FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} "
  f"WHERE a.app_id = e.app_id)",
  "any grant excuses every benefit")
R("entitlement:units capped per benefit then summed",
  "SELECT app_id, SUM(MIN(units, 3)) FROM entitlement GROUP BY app_id",
  "SELECT app_id, SUM(CASE WHEN units > 3 THEN 3 ELSE units END) FROM entitlement GROUP BY app_id",
  "SELECT app_id, MIN(SUM(units), 3) FROM entitlement GROUP BY app_id",
  "the cap applied to the total", dialect="sqlite")
R("entitlement:holders of both A and B",
  "SELECT app_id FROM entitlement WHERE benefit IN ('A', 'B') GROUP BY app_id HAVING COUNT(DISTINCT benefit) = 2",
  "SELECT a.app_id FROM applicant AS a WHERE EXISTS (SELECT 1 FROM entitlement AS e WHERE e.app_id = a.app_id AND e.benefit = 'A') "
  "AND EXISTS (SELECT 1 FROM entitlement AS e WHERE e.app_id = a.app_id AND e.benefit = 'B')",
  "SELECT app_id FROM entitlement WHERE benefit IN ('A', 'B') GROUP BY app_id HAVING COUNT(*) >= 1",
  "either benefit")
R("entitlement:applicants without any entitlement",
  "SELECT a.app_id FROM applicant AS a WHERE NOT EXISTS (SELECT 1 FROM entitlement AS e WHERE e.app_id = a.app_id)",
  "SELECT a.app_id FROM applicant AS a LEFT JOIN entitlement AS e ON e.app_id = a.app_id WHERE e.app_id IS NULL",
  "SELECT a.app_id FROM applicant AS a LEFT JOIN entitlement AS e ON e.app_id = a.app_id WHERE e.units IS NULL",
  "the anti-join tests a NULL-able column")
R("entitlement:unknown units default to 1",
  "SELECT app_id, SUM(COALESCE(units, 1)) FROM entitlement GROUP BY app_id",
  "SELECT app_id, COALESCE(SUM(units), 0) + COUNT(*) - COUNT(units) FROM entitlement GROUP BY app_id",
  "SELECT app_id, SUM(units) + COUNT(*) - COUNT(units) FROM entitlement GROUP BY app_id",
  "null when every unit is unknown")
R("entitlement:claim limit by cumulative amount",
  "SELECT claim_id FROM (SELECT claim_id, SUM(amount) OVER (PARTITION BY app_id ORDER BY day, claim_id) AS used FROM claim "
  "WHERE app_id IS NOT NULL) AS t WHERE used > 3.0",
  "SELECT c.claim_id FROM claim AS c WHERE c.app_id IS NOT NULL AND (SELECT SUM(d.amount) FROM claim AS d WHERE d.app_id = c.app_id "
  "AND (d.day < c.day OR (d.day = c.day AND d.claim_id <= c.claim_id))) > 3.0",
  "SELECT claim_id FROM (SELECT claim_id, SUM(amount) OVER (PARTITION BY app_id ORDER BY day) AS used FROM claim "
  "WHERE app_id IS NOT NULL) AS t WHERE used > 3.0",
  "same-day claims counted together")

# --- exception lists
R("exception list:NOT EXISTS on two columns",
  "SELECT c.claim_id FROM claim AS c WHERE NOT EXISTS (SELECT 1 FROM exclusion AS x WHERE x.app_id = c.app_id AND x.kind = c.kind)",
  "SELECT claim_id FROM claim WHERE claim_id NOT IN (SELECT c.claim_id FROM claim AS c JOIN exclusion AS x "
  "ON x.app_id = c.app_id AND x.kind = c.kind)",
  "SELECT c.claim_id FROM claim AS c WHERE c.app_id NOT IN (SELECT x.app_id FROM exclusion AS x WHERE x.kind = c.kind)",
  "NOT IN over a NULL-able list column")
R("exception list:EXCEPT treats NULLs as equal",
  "SELECT app_id, kind FROM claim EXCEPT SELECT app_id, kind FROM exclusion",
  "SELECT DISTINCT c.app_id, c.kind FROM claim AS c WHERE NOT EXISTS (SELECT 1 FROM exclusion AS x WHERE x.app_id IS c.app_id "
  "AND x.kind IS c.kind)",
  "SELECT DISTINCT c.app_id, c.kind FROM claim AS c WHERE NOT EXISTS (SELECT 1 FROM exclusion AS x WHERE x.app_id = c.app_id "
  "AND x.kind = c.kind)",
  "= never matches a NULL applicant", dialect="sqlite")
R("exception list:excluded applicants by id only",
  "SELECT app_id FROM applicant WHERE app_id NOT IN (SELECT app_id FROM exclusion WHERE app_id IS NOT NULL)",
  "SELECT a.app_id FROM applicant AS a WHERE NOT EXISTS (SELECT 1 FROM exclusion AS x WHERE x.app_id = a.app_id)",
  "SELECT app_id FROM applicant WHERE app_id NOT IN (SELECT app_id FROM exclusion)",
  "a NULL entry in the list empties the result")
R("exception list:claims of listed applicants",
  "SELECT c.claim_id FROM claim AS c WHERE c.app_id IN (SELECT app_id FROM exclusion)",
  "SELECT DISTINCT c.claim_id FROM claim AS c JOIN exclusion AS x ON x.app_id = c.app_id",
  "SELECT c.claim_id FROM claim AS c JOIN exclusion AS x ON x.app_id = c.app_id",
  "a duplicate list entry repeats the claim")
R("exception list:rule exceptions applied after the rule",
  f"SELECT a.app_id, d.benefit FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} "
  f"WHERE NOT EXISTS (SELECT 1 FROM exclusion AS x WHERE x.app_id = a.app_id)",
  f"SELECT a.app_id, d.benefit FROM (SELECT * FROM applicant WHERE app_id NOT IN (SELECT app_id FROM exclusion "
  f"WHERE app_id IS NOT NULL)) AS a JOIN decision AS d ON {hit('a', 'd')}",
  f"SELECT a.app_id, d.benefit FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} "
  f"WHERE NOT EXISTS (SELECT 1 FROM exclusion AS x WHERE x.app_id = a.app_id AND x.kind = 'med')",
  "only the med exclusions applied")
R("exception list:find duplicates query wizard",
  "SELECT app_id, kind, COUNT(*) FROM exclusion GROUP BY app_id, kind HAVING COUNT(*) > 1",
  "SELECT app_id, kind, n FROM (SELECT app_id, kind, COUNT(*) AS n FROM exclusion GROUP BY app_id, kind) AS g WHERE n >= 2",
  "SELECT app_id, kind, n FROM (SELECT app_id, kind, COUNT(*) AS n FROM exclusion GROUP BY app_id, kind) AS g WHERE n > 2",
  "the threshold off by one")
R("exception list:duplicate rows listed",
  "SELECT x.app_id, x.kind FROM exclusion AS x WHERE (SELECT COUNT(*) FROM exclusion AS y WHERE y.app_id = x.app_id AND y.kind = x.kind) > 1",
  "SELECT x.app_id, x.kind FROM exclusion AS x JOIN (SELECT app_id, kind FROM exclusion GROUP BY app_id, kind HAVING COUNT(*) > 1) AS d "
  "ON d.app_id = x.app_id AND d.kind = x.kind",
  "SELECT x.app_id, x.kind FROM exclusion AS x WHERE (SELECT COUNT(*) FROM exclusion AS y WHERE y.app_id IS x.app_id AND y.kind IS x.kind) > 1",
  "rows with NULLs now found as duplicates", dialect="sqlite")

# --- Access-style QBE grids and crosstabs
R("QBE:criteria on one row AND, on two rows OR",
  "SELECT app_id FROM applicant WHERE (region = 'north' AND age >= 65) OR is_member = 1",
  "SELECT app_id FROM applicant WHERE region = 'north' AND age >= 65 UNION SELECT app_id FROM applicant WHERE is_member = 1",
  "SELECT app_id FROM applicant WHERE region = 'north' AND (age >= 65 OR is_member = 1)",
  "the second criteria row put under the first")
R("QBE:Is Null criterion",
  "SELECT app_id FROM applicant WHERE region IS NULL",
  "SELECT app_id FROM applicant WHERE (CASE WHEN region IS NULL THEN 1 ELSE 0 END) = 1",
  "SELECT app_id FROM applicant WHERE region = NULL",
  "= NULL is never true")
R("QBE:Not criterion excludes NULLs",
  "SELECT app_id FROM applicant WHERE NOT (region = 'north')",
  "SELECT app_id FROM applicant WHERE region > 'north' OR region < 'north'",
  "SELECT app_id FROM applicant WHERE COALESCE(region, '') <> 'north'",
  "blank regions kept")
R("QBE:Like criterion is case-insensitive",
  "SELECT app_id FROM applicant WHERE region LIKE 'n%'",
  "SELECT app_id FROM applicant WHERE SUBSTR(region, 1, 1) IN ('n', 'N')",
  "SELECT app_id FROM applicant WHERE region GLOB 'n*'",
  "GLOB is case-sensitive", dialect="sqlite")
R("QBE:Between criterion is inclusive",
  "SELECT claim_id FROM claim WHERE amount BETWEEN 1.0 AND 3.5",
  "SELECT claim_id FROM claim WHERE amount >= 1.0 AND amount <= 3.5",
  "SELECT claim_id FROM claim WHERE amount > 1.0 AND amount <= 3.5",
  "the lower end excluded")
R("QBE:totals query with a Where column",
  "SELECT app_id, SUM(amount) FROM claim WHERE kind = 'med' GROUP BY app_id",
  "SELECT app_id, SUM(CASE WHEN kind = 'med' THEN amount END) FROM claim GROUP BY app_id HAVING COUNT(CASE WHEN kind = 'med' THEN 1 END) > 0",
  "SELECT app_id, SUM(CASE WHEN kind = 'med' THEN amount END) FROM claim GROUP BY app_id",
  "groups without a med claim kept")
R("QBE:crosstab of sums",
  "SELECT app_id, SUM(CASE WHEN kind = 'med' THEN amount END), SUM(CASE WHEN kind = 'dent' THEN amount END) FROM claim GROUP BY app_id",
  "SELECT c.app_id, (SELECT SUM(d.amount) FROM claim AS d WHERE d.app_id IS c.app_id AND d.kind = 'med'), "
  "(SELECT SUM(d.amount) FROM claim AS d WHERE d.app_id IS c.app_id AND d.kind = 'dent') FROM (SELECT DISTINCT app_id FROM claim) AS c",
  "SELECT app_id, SUM(CASE WHEN kind = 'med' THEN amount ELSE 0 END), SUM(CASE WHEN kind = 'dent' THEN amount ELSE 0 END) "
  "FROM claim GROUP BY app_id",
  "empty crosstab cells shown as 0", dialect="sqlite")
R("QBE:crosstab of counts by day",
  "SELECT kind, COUNT(CASE WHEN day = 1 THEN 1 END), COUNT(CASE WHEN day = 2 THEN 1 END) FROM claim GROUP BY kind",
  "SELECT kind, SUM(CASE WHEN day = 1 THEN 1 ELSE 0 END), SUM(CASE WHEN day = 2 THEN 1 ELSE 0 END) FROM claim GROUP BY kind",
  "SELECT kind, SUM(CASE WHEN day = 1 THEN 1 ELSE 0 END), SUM(CASE WHEN day <= 2 THEN 1 ELSE 0 END) FROM claim GROUP BY kind",
  "a column heading taken as a running range")
R("QBE:Top Values includes ties",
  "SELECT claim_id, amount FROM claim AS c WHERE amount IS NOT NULL AND (SELECT COUNT(*) FROM claim AS d WHERE d.amount > c.amount) < 2",
  "SELECT claim_id, amount FROM (SELECT claim_id, amount, RANK() OVER (ORDER BY amount DESC) AS r FROM claim WHERE amount IS NOT NULL) AS t "
  "WHERE r <= 2",
  "SELECT claim_id, amount FROM (SELECT claim_id, amount, DENSE_RANK() OVER (ORDER BY amount DESC) AS r FROM claim "
  "WHERE amount IS NOT NULL) AS t WHERE r <= 2",
  "the two highest values instead of the two highest rows with ties")
R("QBE:DCount domain aggregate",
  "SELECT a.app_id, (SELECT COUNT(*) FROM claim AS c WHERE c.app_id = a.app_id AND c.kind = 'med') FROM applicant AS a",
  "SELECT a.app_id, COUNT(c.claim_id) FROM applicant AS a LEFT JOIN claim AS c ON c.app_id = a.app_id AND c.kind = 'med' GROUP BY a.app_id",
  "SELECT a.app_id, COUNT(c.claim_id) FROM applicant AS a LEFT JOIN claim AS c ON c.app_id = a.app_id WHERE c.kind = 'med' "
  "GROUP BY a.app_id",
  "the criterion moved to WHERE drops applicants")
R("QBE:DLookup of the first matching row",
  "SELECT a.app_id, (SELECT d.benefit FROM decision AS d WHERE d.region = a.region ORDER BY d.row_id LIMIT 1) FROM applicant AS a",
  "SELECT a.app_id, d.benefit FROM applicant AS a LEFT JOIN decision AS d ON d.row_id = (SELECT MIN(e.row_id) FROM decision AS e "
  "WHERE e.region = a.region)",
  "SELECT a.app_id, d.benefit FROM applicant AS a LEFT JOIN decision AS d ON d.region = a.region",
  "every matching row joined")
R("QBE:Nz in a totals column",
  "SELECT app_id, SUM(COALESCE(amount, 0)) FROM claim GROUP BY app_id",
  "SELECT app_id, COALESCE(SUM(amount), 0) FROM claim GROUP BY app_id",
  "SELECT app_id, SUM(amount) FROM claim GROUP BY app_id",
  "null for an applicant whose amounts are all unknown")
R("QBE:IIf calculated field",
  "SELECT app_id, IIF(age >= 65, 'senior', 'other') FROM applicant",
  "SELECT app_id, CASE WHEN age >= 65 THEN 'senior' ELSE 'other' END FROM applicant",
  "SELECT app_id, IIF(age < 65, 'other', 'senior') FROM applicant",
  "the condition negated: unknown ages become senior", dialect="sqlite")
R("QBE:unmatched query wizard",
  "SELECT a.app_id FROM applicant AS a LEFT JOIN claim AS c ON c.app_id = a.app_id WHERE c.claim_id IS NULL",
  "SELECT app_id FROM applicant WHERE app_id NOT IN (SELECT app_id FROM claim WHERE app_id IS NOT NULL)",
  "SELECT a.app_id FROM applicant AS a LEFT JOIN claim AS c ON c.app_id = a.app_id WHERE c.amount IS NULL",
  "the unmatched test on a NULL-able field")
R("QBE:totals query Count of a field",
  "SELECT kind, COUNT(amount) FROM claim GROUP BY kind",
  "SELECT kind, SUM(CASE WHEN amount IS NULL THEN 0 ELSE 1 END) FROM claim GROUP BY kind",
  "SELECT kind, COUNT(*) FROM claim GROUP BY kind",
  "Count(*) counts claims without an amount")
R("QBE:totals query First and Last by key",
  "SELECT app_id, MIN(claim_id), MAX(claim_id) FROM claim WHERE app_id IS NOT NULL GROUP BY app_id",
  "SELECT DISTINCT app_id, FIRST_VALUE(claim_id) OVER (PARTITION BY app_id ORDER BY claim_id), "
  "FIRST_VALUE(claim_id) OVER (PARTITION BY app_id ORDER BY claim_id DESC) FROM claim WHERE app_id IS NOT NULL",
  "SELECT DISTINCT app_id, FIRST_VALUE(claim_id) OVER (PARTITION BY app_id ORDER BY claim_id), "
  "LAST_VALUE(claim_id) OVER (PARTITION BY app_id ORDER BY claim_id) FROM claim WHERE app_id IS NOT NULL",
  "LAST_VALUE with the default frame is the current row")
R("QBE:parameter query with an optional parameter",
  "SELECT app_id FROM applicant WHERE region = 'north' OR 'north' IS NULL",
  "SELECT app_id FROM applicant WHERE region = 'north'",
  "SELECT app_id FROM applicant WHERE region = 'north' OR region IS NULL",
  "the optional test put on the column instead of the parameter")

# --- rule chaining as nested views
R("rule chaining:adult then northern adult",
  "SELECT COUNT(*) FROM (SELECT * FROM (SELECT * FROM applicant WHERE age >= 18) AS adult WHERE region = 'north') AS north_adult",
  "SELECT COUNT(*) FROM applicant WHERE region = 'north' AND age >= 18",
  "SELECT COUNT(*) FROM applicant WHERE region = 'north' AND age > 18",
  "the adult rule's boundary excluded")
R("rule chaining:derived band used by a second rule",
  "SELECT app_id FROM (SELECT app_id, CASE WHEN age >= 65 THEN 'senior' WHEN age >= 18 THEN 'adult' ELSE 'minor' END AS band "
  "FROM applicant) AS b WHERE band <> 'minor'",
  "SELECT app_id FROM applicant WHERE age >= 18",
  "SELECT app_id FROM (SELECT app_id, age, CASE WHEN age >= 65 THEN 'senior' WHEN age >= 18 THEN 'adult' END AS band "
  "FROM applicant) AS b WHERE band IS NOT NULL OR age IS NULL",
  "unknown ages pass the second rule")
R("rule chaining:eligible view joined to claims",
  "SELECT c.claim_id FROM claim AS c JOIN (SELECT app_id FROM applicant WHERE is_member = 1) AS e ON e.app_id = c.app_id",
  "SELECT c.claim_id FROM claim AS c WHERE EXISTS (SELECT 1 FROM applicant AS a WHERE a.app_id = c.app_id AND a.is_member = 1)",
  "SELECT c.claim_id FROM claim AS c WHERE NOT EXISTS (SELECT 1 FROM applicant AS a WHERE a.app_id = c.app_id AND a.is_member = 0)",
  "not a non-member keeps claims of unknown members and orphans")
R("rule chaining:benefit amount from a view of first hits",
  f"SELECT f.app_id, f.amount * 2 FROM (SELECT a.app_id, d.amount FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} "
  f"WHERE NOT EXISTS (SELECT 1 FROM decision AS e WHERE {hit('a', 'e')} AND e.row_id < d.row_id)) AS f WHERE f.amount > 0.5",
  f"SELECT app_id, amount * 2 FROM (SELECT a.app_id, d.amount, ROW_NUMBER() OVER (PARTITION BY a.app_id ORDER BY d.row_id) AS rn "
  f"FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')}) AS t WHERE rn = 1 AND amount > 0.5",
  f"SELECT app_id, amount * 2 FROM (SELECT a.app_id, d.amount, ROW_NUMBER() OVER (PARTITION BY a.app_id ORDER BY d.row_id) AS rn "
  f"FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} WHERE d.amount > 0.5) AS t WHERE rn = 1",
  "the second rule's filter pushed below the first hit")
R("rule chaining:claims total per eligible applicant",
  "SELECT e.app_id, COALESCE(SUM(c.amount), 0) FROM (SELECT app_id FROM applicant WHERE age >= 18) AS e "
  "LEFT JOIN claim AS c ON c.app_id = e.app_id GROUP BY e.app_id",
  "SELECT a.app_id, (SELECT COALESCE(SUM(c.amount), 0) FROM claim AS c WHERE c.app_id = a.app_id) FROM applicant AS a WHERE a.age >= 18",
  "SELECT e.app_id, COALESCE(SUM(c.amount), 0) FROM (SELECT app_id FROM applicant WHERE age >= 18) AS e "
  "JOIN claim AS c ON c.app_id = e.app_id GROUP BY e.app_id",
  "eligible applicants without claims dropped")
R("rule chaining:applicants eligible for some rule and not excluded",
  f"SELECT app_id FROM (SELECT DISTINCT a.app_id FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')}) AS el "
  f"EXCEPT SELECT app_id FROM exclusion",
  f"SELECT a.app_id FROM applicant AS a WHERE EXISTS (SELECT 1 FROM decision AS d WHERE {hit('a', 'd')}) "
  f"AND NOT EXISTS (SELECT 1 FROM exclusion AS x WHERE x.app_id = a.app_id)",
  f"SELECT a.app_id FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} "
  f"WHERE NOT EXISTS (SELECT 1 FROM exclusion AS x WHERE x.app_id = a.app_id)",
  "one row per matching rule")
R("eligibility:first claim day per applicant within the window",
  "SELECT app_id, MIN(day) FROM claim WHERE day < 3 AND app_id IS NOT NULL GROUP BY app_id",
  "SELECT c.app_id, c.day FROM claim AS c WHERE c.app_id IS NOT NULL AND c.day <= 2 AND NOT EXISTS (SELECT 1 FROM claim AS d "
  "WHERE d.app_id = c.app_id AND d.day < c.day) GROUP BY c.app_id, c.day",
  "SELECT c.app_id, c.day FROM claim AS c WHERE c.app_id IS NOT NULL AND c.day <= 2 AND NOT EXISTS (SELECT 1 FROM claim AS d "
  "WHERE d.app_id = c.app_id AND d.day < c.day)",
  "two claims on the first day repeated")
R("entitlement:members entitled to benefit C",
  "SELECT a.app_id FROM applicant AS a JOIN entitlement AS e ON e.app_id = a.app_id WHERE e.benefit = 'C' AND a.is_member = 1",
  "SELECT app_id FROM entitlement WHERE benefit = 'C' INTERSECT SELECT app_id FROM applicant WHERE is_member = 1",
  "SELECT app_id FROM entitlement WHERE benefit = 'C' UNION SELECT app_id FROM applicant WHERE is_member = 1",
  "either condition")
R("eligibility:applicants with claims of both kinds",
  "SELECT app_id FROM claim WHERE kind = 'med' INTERSECT SELECT app_id FROM claim WHERE kind = 'dent'",
  "SELECT DISTINCT c.app_id FROM claim AS c JOIN claim AS d ON d.app_id IS c.app_id WHERE c.kind = 'med' AND d.kind = 'dent'",
  "SELECT DISTINCT c.app_id FROM claim AS c JOIN claim AS d ON d.app_id = c.app_id WHERE c.kind = 'med' AND d.kind = 'dent'",
  "INTERSECT matches claims without an applicant, the join does not", dialect="sqlite")
R("DMN:hit policy ANY: all hits agree on the output",
  f"SELECT a.app_id FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} GROUP BY a.app_id HAVING COUNT(DISTINCT d.benefit) = 1",
  f"SELECT a.app_id FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} GROUP BY a.app_id HAVING MIN(d.benefit) = MAX(d.benefit)",
  f"SELECT a.app_id FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} GROUP BY a.app_id HAVING COUNT(*) = 1",
  "a single hit required instead of agreeing hits")
R("QBE:Is Not Null criterion in a totals query",
  "SELECT region, COUNT(*) FROM applicant WHERE region IS NOT NULL GROUP BY region",
  "SELECT region, COUNT(region) FROM applicant GROUP BY region HAVING region IS NOT NULL",
  "SELECT region, COUNT(region) FROM applicant GROUP BY region",
  "the blank group kept with count 0")
R("DMN:hit policy OUTPUT ORDER limited to two outputs",
  f"SELECT app_id, benefit FROM (SELECT a.app_id, d.benefit, ROW_NUMBER() OVER (PARTITION BY a.app_id ORDER BY d.priority, d.row_id) AS rn "
  f"FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')}) AS t WHERE rn <= 2",
  f"SELECT a.app_id, d.benefit FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} WHERE (SELECT COUNT(*) FROM decision AS e "
  f"WHERE {hit('a', 'e')} AND (e.priority < d.priority OR (e.priority = d.priority AND e.row_id < d.row_id))) < 2",
  f"SELECT a.app_id, d.benefit FROM applicant AS a JOIN decision AS d ON {hit('a', 'd')} WHERE (SELECT COUNT(*) FROM decision AS e "
  f"WHERE {hit('a', 'e')} AND e.priority < d.priority) < 2",
  "ties on priority not broken by row order")
