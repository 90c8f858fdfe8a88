"""The pairs of the eleventh held-out prover corpus (``benchmarks/corpus/prover11/``), as
written (``prover11_build.py`` checks them in SQLite and writes the corpus).

Three sources: rewrites done when SQL is migrated between dialects or modernised (Oracle,
SQL Server, MySQL, Teradata, DB2 idioms to ANSI / PostgreSQL / SQLite, as migration tools
and transpilers do), each the legacy-shaped query (as far as SQLite runs it) against its
migrated form, on a new insurance schema; SQL as BI and analytics tools generate it (Looker,
Tableau, Power BI DirectQuery, Metabase, Superset, Mode, dbt macros and tests) against the
hand-written query for the same question, on a new SaaS-analytics schema; and classic
sub-query unnesting and decorrelation (Kim's types, the COUNT bug, magic decorrelation,
the Apply operator's rules, Neumann-Kemper unnesting, Bellamkonda et al.'s Oracle
subquery optimizations, Elhemali et al.'s SQL Server strategies, GPORCA's subquery
transforms, semi- and anti-join introduction, outer-join simplification), on a new
shipping schema. Each ``add`` call is one equivalent pair and one realistic
non-equivalent mutant. Written from rule NAMES and one-line DESCRIPTIONS recalled from
memory (paraphrased above each pair) and the author's own SQL; not taken from any prover
benchmark, rule test, tool's test suite or published pair set; the verifier was not read.
"""

from __future__ import annotations

from benchmarks.held_out_pairs import pair_book

SOURCES = {
    "migration": ("insurance", "dialect migration / modernisation rewrites (Oracle, SQL Server, MySQL, Teradata, "
                               "DB2 to ANSI / PostgreSQL / SQLite): legacy-shaped query against its migrated form"),
    "bi_tools": ("saas", "SQL as BI tools generate it (Looker, Tableau, Power BI DirectQuery, Metabase, Superset, "
                         "Mode, dbt macros and tests) against the hand-written query (author's own SQL)"),
    "decorrelation": ("shipping", "subquery unnesting and decorrelation (Kim, Ganski-Wong, Dayal, Seshadri, "
                                  "Galindo-Legaria-Joshi Apply, Neumann-Kemper, Bellamkonda, Elhemali, GPORCA), "
                                  "stated in the author's own SQL"),
}
FILE = {"migration": "migration", "bi_tools": "bi_tools", "decorrelation": "decorrelation"}


PAIRS, add = pair_book("prover11", SOURCES, FILE)


def G(rule, gold, pred, mutant, mutation, **kw):
    """A migration rewrite on the insurance schema: legacy shape (gold), migrated (pred)."""
    add("migration", rule, gold, pred, mutant, mutation, **kw)


def B(rule, gold, pred, mutant, mutation, **kw):
    """BI-tool-generated SQL (gold) against the hand-written query (pred) on the saas schema."""
    add("bi_tools", rule, gold, pred, mutant, mutation, **kw)


def D(rule, gold, pred, mutant, mutation, **kw):
    """A nested query (gold) against its unnested form (pred) on the shipping schema."""
    add("decorrelation", rule, gold, pred, mutant, mutation, **kw)


# ============================================================ migration (insurance)
# agent(agent_id PK, name, office NULL, commission REAL NULL), customer(cust_id PK, name,
# city NULL with '' as Oracle's "empty", birth, score NULL), policy(policy_id PK, cust_id FK
# NOT NULL, agent_id FK NULL-able, kind, premium REAL NULL, start_day, end_day NULL, status
# NULL), coverage(policy_id FK, peril; PK both, limit_amt REAL, deductible NULL),
# claim(claim_id PK, policy_id FK NULL-able, filed, amount REAL NULL, paid REAL NULL, state),
# keyless audit_log(policy_id FK NULL-able, action NULL, at_day NULL) with duplicate rows.

# --- Oracle DECODE / NVL / NVL2 and friends

# DECODE(status, NULL, 'unknown', 'A', 'active', 'lapsed'): DECODE matches NULL to NULL, so
# the careful translation tests IS NULL first; a simple CASE never matches NULL.
G("Oracle:DECODE with a NULL search value",
  "SELECT policy_id, CASE WHEN status IS NULL THEN 'unknown' WHEN status = 'A' THEN 'active' ELSE 'lapsed' END "
  "FROM policy",
  "SELECT policy_id, CASE WHEN status = 'A' THEN 'active' WHEN status IS NOT NULL THEN 'lapsed' ELSE 'unknown' END "
  "FROM policy",
  "SELECT policy_id, CASE status WHEN NULL THEN 'unknown' WHEN 'A' THEN 'active' ELSE 'lapsed' END FROM policy",
  "simple CASE with WHEN NULL: NULL status becomes 'lapsed'")
# SUM(DECODE(kind, 'auto', 1, 0)) per customer as a conditional COUNT.
G("Oracle:DECODE in SUM to a conditional COUNT",
  "SELECT cust_id, SUM(CASE kind WHEN 'auto' THEN 1 ELSE 0 END) FROM policy GROUP BY cust_id",
  "SELECT cust_id, COUNT(CASE WHEN kind = 'auto' THEN 1 END) FROM policy GROUP BY cust_id",
  "SELECT cust_id, COUNT(CASE WHEN kind = 'auto' THEN 1 ELSE 0 END) FROM policy GROUP BY cust_id",
  "the ELSE 0 kept inside COUNT: every row counted")
# DECODE(amount, paid, 'same', 'diff'): DECODE compares NULL with NULL as equal.
G("Oracle:DECODE comparing two columns",
  "SELECT claim_id, CASE WHEN amount IS NOT DISTINCT FROM paid THEN 'same' ELSE 'diff' END FROM claim",
  "SELECT claim_id, CASE WHEN amount = paid OR (amount IS NULL AND paid IS NULL) THEN 'same' ELSE 'diff' END "
  "FROM claim",
  "SELECT claim_id, CASE WHEN amount = paid THEN 'same' ELSE 'diff' END FROM claim",
  "plain equality: two NULLs become 'diff'")
# NVL(paid, 0) inside arithmetic.
G("Oracle:NVL to COALESCE",
  "SELECT claim_id, amount - IFNULL(paid, 0) FROM claim",
  "SELECT claim_id, amount - CASE WHEN paid IS NULL THEN 0 ELSE paid END FROM claim",
  "SELECT claim_id, COALESCE(amount - paid, 0) FROM claim",
  "the default applied to the difference: a NULL amount becomes 0", dialect="sqlite")
# NVL2(end_day, 'closed', 'open').
G("Oracle:NVL2 to CASE",
  "SELECT policy_id, CASE WHEN end_day IS NOT NULL THEN 'closed' ELSE 'open' END FROM policy",
  "SELECT policy_id, CASE WHEN end_day IS NULL THEN 'open' ELSE 'closed' END FROM policy",
  "SELECT policy_id, CASE end_day WHEN NULL THEN 'open' ELSE 'closed' END FROM policy",
  "simple CASE WHEN NULL never matches: every policy 'closed'")
# Nested IFNULL (MySQL) flattened into one COALESCE.
G("MySQL:nested IFNULL to COALESCE",
  "SELECT p.policy_id, IFNULL(IFNULL(a.office, c.city), 'n/a') FROM policy AS p "
  "JOIN customer AS c ON c.cust_id = p.cust_id LEFT JOIN agent AS a ON a.agent_id = p.agent_id",
  "SELECT p.policy_id, COALESCE(a.office, c.city, 'n/a') FROM policy AS p "
  "JOIN customer AS c ON c.cust_id = p.cust_id LEFT JOIN agent AS a ON a.agent_id = p.agent_id",
  "SELECT p.policy_id, COALESCE(c.city, a.office, 'n/a') FROM policy AS p "
  "JOIN customer AS c ON c.cust_id = p.cust_id LEFT JOIN agent AS a ON a.agent_id = p.agent_id",
  "the COALESCE arguments in the other order", dialect="sqlite")
# SQL Server IIF(amount > 1000, 'big', 'small'): a NULL condition takes the ELSE branch.
G("SQL Server:IIF to CASE",
  "SELECT claim_id, IIF(amount > 1000, 'big', 'small') FROM claim",
  "SELECT claim_id, CASE WHEN amount > 1000 THEN 'big' ELSE 'small' END FROM claim",
  "SELECT claim_id, CASE WHEN amount <= 1000 THEN 'small' ELSE 'big' END FROM claim",
  "the condition negated with the branches swapped: a NULL amount becomes 'big'", dialect="sqlite")
# MySQL IF() counting inside SUM, migrated to COUNT(*) FILTER.
G("MySQL:SUM(IF()) to COUNT FILTER",
  "SELECT cust_id, SUM(IIF(status = 'L', 1, 0)) FROM policy GROUP BY cust_id",
  "SELECT cust_id, COUNT(*) FILTER (WHERE status = 'L') FROM policy GROUP BY cust_id",
  "SELECT cust_id, COUNT(*) - SUM(IIF(status = 'A', 1, 0)) FROM policy GROUP BY cust_id",
  "lapsed counted as 'not active': NULL status counted", dialect="sqlite")
# Oracle's '' is NULL: a test "city IS NULL" migrates as "NULLIF(city, '') IS NULL".
G("Oracle:empty string is NULL (IS NULL)",
  "SELECT cust_id FROM customer WHERE NULLIF(city, '') IS NULL",
  "SELECT cust_id FROM customer WHERE city IS NULL OR city = ''",
  "SELECT cust_id FROM customer WHERE city IS NULL",
  "the empty string no longer treated as NULL")
G("Oracle:empty string is NULL (IS NOT NULL)",
  "SELECT cust_id, name FROM customer WHERE NULLIF(city, '') IS NOT NULL",
  "SELECT cust_id, name FROM customer WHERE city <> ''",
  "SELECT cust_id, name FROM customer WHERE city IS NOT NULL",
  "customers with an empty city kept")
# Oracle 'x' || NULL = 'x'; the migrated form wraps the NULL-able operand in COALESCE.
G("Oracle:concatenation with a NULL operand",
  "SELECT cust_id, name || COALESCE(city, '') FROM customer",
  "SELECT cust_id, CASE WHEN city IS NULL THEN name ELSE name || city END FROM customer",
  "SELECT cust_id, name || city FROM customer",
  "plain ||: a NULL city makes the whole string NULL")
# MySQL CONCAT_WS('-', name, city) skips NULL arguments.
G("MySQL:CONCAT_WS to ||",
  "SELECT cust_id, name || COALESCE('-' || city, '') FROM customer",
  "SELECT cust_id, CASE WHEN city IS NULL THEN name ELSE name || '-' || city END FROM customer",
  "SELECT cust_id, name || '-' || COALESCE(city, '') FROM customer",
  "separator kept before a missing city")
# Oracle GREATEST returns NULL when any argument is NULL (as SQLite's multi-argument max);
# PostgreSQL's GREATEST ignores NULLs, so the migration spells the Oracle meaning out.
G("Oracle:GREATEST with NULL arguments",
  "SELECT claim_id, MAX(amount, paid) FROM claim",
  "SELECT claim_id, CASE WHEN amount IS NULL OR paid IS NULL THEN NULL WHEN amount >= paid THEN amount "
  "ELSE paid END FROM claim",
  "SELECT claim_id, CASE WHEN paid IS NULL OR amount >= paid THEN amount ELSE paid END FROM claim",
  "PostgreSQL's GREATEST (NULLs ignored) for Oracle's", dialect="sqlite")
G("Oracle:LEAST with a constant",
  "SELECT policy_id, peril, MIN(deductible, 250) FROM coverage",
  "SELECT policy_id, peril, CASE WHEN deductible IS NULL THEN NULL WHEN deductible < 250 THEN deductible "
  "ELSE 250 END FROM coverage",
  "SELECT policy_id, peril, CASE WHEN deductible < 250 THEN deductible ELSE 250 END FROM coverage",
  "a NULL deductible capped to 250", dialect="sqlite")
# Teradata ZEROIFNULL(SUM(x)) and NULLIFZERO(x).
G("Teradata:ZEROIFNULL of a correlated SUM",
  "SELECT a.agent_id, COALESCE(SUM(p.premium), 0) FROM agent AS a LEFT JOIN policy AS p ON p.agent_id = a.agent_id "
  "GROUP BY a.agent_id",
  "SELECT a.agent_id, COALESCE((SELECT SUM(p.premium) FROM policy AS p WHERE p.agent_id = a.agent_id), 0) "
  "FROM agent AS a",
  "SELECT a.agent_id, (SELECT SUM(p.premium) FROM policy AS p WHERE p.agent_id = a.agent_id) FROM agent AS a",
  "ZEROIFNULL dropped: agents without premiums get NULL")
G("Teradata:NULLIFZERO in a ratio",
  "SELECT claim_id, amount / NULLIF(paid, 0) FROM claim",
  "SELECT claim_id, CASE WHEN paid = 0 THEN NULL ELSE amount / paid END FROM claim",
  "SELECT claim_id, amount / COALESCE(paid, 1) FROM claim",
  "a missing payment treated as a divisor of 1", dialect="sqlite")
# COUNT(DISTINCT NVL(TO_CHAR(agent_id), 'none')) counts the NULL group once.
G("Oracle:COUNT DISTINCT over NVL",
  "SELECT COUNT(DISTINCT COALESCE(CAST(agent_id AS TEXT), 'none')) FROM policy",
  "SELECT COUNT(DISTINCT agent_id) + COALESCE(MAX(CASE WHEN agent_id IS NULL THEN 1 ELSE 0 END), 0) FROM policy",
  "SELECT COUNT(DISTINCT agent_id) FROM policy",
  "the NULL group no longer counted")
# Oracle SUBSTR(s, 0, n) means SUBSTR(s, 1, n); SQLite's substr(s, 0, n) returns n-1 characters.
G("Oracle:SUBSTR from position 0",
  "SELECT cust_id, substr(name, 1, 2) FROM customer",
  "SELECT cust_id, CASE WHEN length(name) <= 2 THEN name ELSE substr(name, 1, 2) END FROM customer",
  "SELECT cust_id, substr(name, 0, 2) FROM customer",
  "Oracle's start position 0 kept: SQLite returns one character", dialect="sqlite")
# Oracle INSTR(name, 'B') > 0 is case-sensitive; SQLite's LIKE is not, GLOB is.
G("Oracle:INSTR to GLOB",
  "SELECT cust_id FROM customer WHERE instr(name, 'B') > 0",
  "SELECT cust_id FROM customer WHERE name GLOB '*B*'",
  "SELECT cust_id FROM customer WHERE name LIKE '%B%'",
  "LIKE: case-insensitive in SQLite, 'bob' matches", dialect="sqlite")
# Oracle's 'kind = NVL(:p, kind)' optional parameter bound to NULL excludes NULL columns.
G("Oracle:optional parameter NVL(:p, col)",
  "SELECT policy_id FROM policy WHERE status = COALESCE(NULL, status)",
  "SELECT policy_id FROM policy WHERE status IS NOT NULL",
  "SELECT policy_id FROM policy",
  "the filter dropped as if it were a no-op: NULL statuses kept")
# NOT IN (literal list) to <>.
G("Oracle:NOT IN list of one",
  "SELECT policy_id FROM policy WHERE status NOT IN ('A')",
  "SELECT policy_id FROM policy WHERE status <> 'A'",
  "SELECT policy_id FROM policy WHERE COALESCE(status, '') <> 'A'",
  "NULL statuses kept")

# --- outer joins: Oracle (+), SQL Server *=, comma joins

# Oracle: c.cust_id = p.cust_id(+) AND p.kind(+) = 'life' -> the filter belongs in ON.
G("Oracle:(+) on a filter column",
  "SELECT c.cust_id, p.policy_id FROM customer AS c LEFT JOIN policy AS p ON p.cust_id = c.cust_id AND p.kind = 'life'",
  "SELECT c.cust_id, p.policy_id FROM customer AS c "
  "LEFT JOIN (SELECT cust_id, policy_id FROM policy WHERE kind = 'life') AS p ON p.cust_id = c.cust_id",
  "SELECT c.cust_id, p.policy_id FROM customer AS c LEFT JOIN policy AS p ON p.cust_id = c.cust_id "
  "WHERE p.kind = 'life'",
  "the (+)-less filter moved to WHERE: the outer join becomes inner")
# Oracle: ... = p.cust_id(+) AND p.cust_id IS NULL (anti-join idiom).
G("Oracle:(+) with IS NULL as NOT EXISTS",
  "SELECT c.cust_id, c.name FROM customer AS c LEFT JOIN policy AS p ON p.cust_id = c.cust_id WHERE p.policy_id IS NULL",
  "SELECT c.cust_id, c.name FROM customer AS c WHERE NOT EXISTS (SELECT 1 FROM policy AS p WHERE p.cust_id = c.cust_id)",
  "SELECT c.cust_id, c.name FROM customer AS c LEFT JOIN policy AS p ON p.cust_id = c.cust_id WHERE p.agent_id IS NULL",
  "the anti-join tested on a NULL-able column")
# Oracle: a filter on the preserved side stays in WHERE.
G("Oracle:(+) with a preserved-side filter",
  "SELECT c.cust_id, p.policy_id FROM customer AS c LEFT JOIN policy AS p ON p.cust_id = c.cust_id WHERE c.city = 'Oslo'",
  "SELECT c.cust_id, p.policy_id FROM (SELECT cust_id FROM customer WHERE city = 'Oslo') AS c "
  "LEFT JOIN policy AS p ON p.cust_id = c.cust_id",
  "SELECT c.cust_id, p.policy_id FROM customer AS c LEFT JOIN policy AS p ON p.cust_id = c.cust_id AND c.city = 'Oslo'",
  "the preserved-side filter moved into ON: every customer kept")
# SQL Server *= with COUNT per agent.
G("SQL Server:*= outer join with COUNT",
  "SELECT a.agent_id, COUNT(p.policy_id) FROM agent AS a LEFT JOIN policy AS p ON p.agent_id = a.agent_id "
  "GROUP BY a.agent_id",
  "SELECT a.agent_id, (SELECT COUNT(*) FROM policy AS p WHERE p.agent_id = a.agent_id) FROM agent AS a",
  "SELECT a.agent_id, COUNT(*) FROM agent AS a LEFT JOIN policy AS p ON p.agent_id = a.agent_id GROUP BY a.agent_id",
  "COUNT(*) over the outer join: agents without policies count 1")
# Oracle two-column (+) join against a composite key: at most one row, so a scalar subquery.
G("Oracle:(+) on a composite key",
  "SELECT p.policy_id, cv.limit_amt FROM policy AS p "
  "LEFT JOIN coverage AS cv ON cv.policy_id = p.policy_id AND cv.peril = 'fire'",
  "SELECT p.policy_id, (SELECT cv.limit_amt FROM coverage AS cv WHERE cv.policy_id = p.policy_id AND cv.peril = 'fire') "
  "FROM policy AS p",
  "SELECT p.policy_id, (SELECT MAX(cv.limit_amt) FROM coverage AS cv WHERE cv.policy_id = p.policy_id) FROM policy AS p",
  "the peril condition lost: the largest limit of any peril")
# Oracle chained (+): claim -> policy(+) -> agent(+).
G("Oracle:chained (+) joins",
  "SELECT cl.claim_id, p.kind, a.name FROM claim AS cl LEFT JOIN policy AS p ON p.policy_id = cl.policy_id "
  "LEFT JOIN agent AS a ON a.agent_id = p.agent_id",
  "SELECT cl.claim_id, p.kind, a.name FROM claim AS cl "
  "LEFT JOIN (policy AS p LEFT JOIN agent AS a ON a.agent_id = p.agent_id) ON p.policy_id = cl.policy_id",
  "SELECT cl.claim_id, p.kind, a.name FROM claim AS cl LEFT JOIN policy AS p ON p.policy_id = cl.policy_id "
  "JOIN agent AS a ON a.agent_id = p.agent_id",
  "the second (+) forgotten: claims without an agent dropped")
# Comma join with WHERE to ANSI JOIN.
G("Oracle:comma join to ANSI JOIN",
  "SELECT p.policy_id, c.name FROM policy p, customer c WHERE p.cust_id = c.cust_id AND p.kind = 'home'",
  "SELECT p.policy_id, c.name FROM policy AS p JOIN customer AS c ON c.cust_id = p.cust_id WHERE p.kind = 'home'",
  "SELECT p.policy_id, c.name FROM customer AS c LEFT JOIN policy AS p ON p.cust_id = c.cust_id AND p.kind = 'home'",
  "an outer join from customer: customers without a home policy kept")
# MySQL JOIN ... USING to ON.
G("MySQL:JOIN USING to ON",
  "SELECT cust_id, p.kind, name FROM customer JOIN policy AS p USING (cust_id)",
  "SELECT c.cust_id, p.kind, c.name FROM customer AS c JOIN policy AS p ON p.cust_id = c.cust_id",
  "SELECT c.cust_id, p.kind, c.name FROM customer AS c LEFT JOIN policy AS p ON p.cust_id = c.cust_id",
  "LEFT JOIN: customers without policies kept")
# Oracle full outer join emulated as LEFT JOIN UNION ALL anti-join, migrated to FULL JOIN.
G("Oracle:UNION ALL emulation to FULL JOIN",
  "SELECT a.agent_id, p.policy_id FROM agent AS a LEFT JOIN policy AS p ON p.agent_id = a.agent_id "
  "UNION ALL SELECT NULL, p.policy_id FROM policy AS p WHERE NOT EXISTS (SELECT 1 FROM agent AS a WHERE a.agent_id = p.agent_id)",
  "SELECT a.agent_id, p.policy_id FROM agent AS a FULL JOIN policy AS p ON p.agent_id = a.agent_id",
  ("SELECT a.agent_id, p.policy_id FROM agent AS a LEFT JOIN policy AS p ON p.agent_id = a.agent_id "
   "UNION ALL SELECT NULL, p.policy_id FROM policy AS p",
   "SELECT a.agent_id, p.policy_id FROM agent AS a FULL JOIN policy AS p ON p.agent_id = a.agent_id"),
  "the emulation's second branch without its anti-join: matched policies twice")
# Oracle DECODE(a, b, 1, 0) = 1 as a join condition (DECODE matches NULL with NULL).
G("Oracle:DECODE join on NULL-able keys to IS NOT DISTINCT FROM",
  "SELECT l.action, cl.claim_id FROM audit_log AS l JOIN claim AS cl ON CASE WHEN l.policy_id = cl.policy_id "
  "OR (l.policy_id IS NULL AND cl.policy_id IS NULL) THEN 1 ELSE 0 END = 1",
  "SELECT l.action, cl.claim_id FROM audit_log AS l JOIN claim AS cl ON l.policy_id IS NOT DISTINCT FROM cl.policy_id",
  "SELECT l.action, cl.claim_id FROM audit_log AS l JOIN claim AS cl ON l.policy_id = cl.policy_id",
  "plain equality: rows with NULL policy ids no longer pair")
# MySQL <=> (SQLite IS) to an explicit NULL-safe test.
G("MySQL:<=> to explicit NULL-safe equality",
  "SELECT c.cust_id, a.agent_id FROM customer AS c JOIN agent AS a ON c.city IS a.office",
  "SELECT c.cust_id, a.agent_id FROM customer AS c JOIN agent AS a "
  "ON c.city = a.office OR (c.city IS NULL AND a.office IS NULL)",
  "SELECT c.cust_id, a.agent_id FROM customer AS c JOIN agent AS a ON c.city = a.office",
  "plain equality for <=>", dialect="sqlite")

# --- set operators

# Oracle MINUS to EXCEPT, then to NOT EXISTS with NULL-safe matching (EXCEPT matches NULLs).
G("Oracle:MINUS to NOT EXISTS",
  "SELECT city FROM customer EXCEPT SELECT office FROM agent",
  "SELECT DISTINCT c.city FROM customer AS c WHERE NOT EXISTS (SELECT 1 FROM agent AS a "
  "WHERE a.office IS NOT DISTINCT FROM c.city)",
  "SELECT DISTINCT c.city FROM customer AS c WHERE NOT EXISTS (SELECT 1 FROM agent AS a WHERE a.office = c.city)",
  "plain equality: a NULL city survives an agent with a NULL office")
# Oracle INTERSECT to IN with DISTINCT.
G("Oracle:INTERSECT to IN",
  "SELECT cust_id FROM policy WHERE kind = 'auto' INTERSECT SELECT cust_id FROM policy WHERE kind = 'home'",
  "SELECT DISTINCT cust_id FROM policy WHERE kind = 'auto' AND cust_id IN (SELECT cust_id FROM policy WHERE kind = 'home')",
  "SELECT cust_id FROM policy WHERE kind = 'auto' AND cust_id IN (SELECT cust_id FROM policy WHERE kind = 'home')",
  "DISTINCT dropped: two auto policies give two rows")
# Teradata MINUS ALL / EXCEPT ALL (no EXCEPT ALL in SQLite) as row numbers per value.
G("Teradata:MINUS ALL to numbered rows",
  "SELECT policy_id FROM audit_log EXCEPT ALL SELECT policy_id FROM claim",
  "SELECT a.policy_id FROM (SELECT policy_id, ROW_NUMBER() OVER (PARTITION BY policy_id) AS rn FROM audit_log) AS a "
  "WHERE NOT EXISTS (SELECT 1 FROM (SELECT policy_id, ROW_NUMBER() OVER (PARTITION BY policy_id) AS rn FROM claim) AS c "
  "WHERE c.policy_id IS NOT DISTINCT FROM a.policy_id AND c.rn = a.rn)",
  "SELECT a.policy_id FROM audit_log AS a WHERE NOT EXISTS (SELECT 1 FROM claim AS c "
  "WHERE c.policy_id IS NOT DISTINCT FROM a.policy_id)",
  "every copy removed by one match (EXCEPT ALL read as an anti-join)")
G("Teradata:INTERSECT ALL to numbered rows",
  "SELECT policy_id FROM audit_log INTERSECT ALL SELECT policy_id FROM claim",
  "SELECT a.policy_id FROM (SELECT policy_id, ROW_NUMBER() OVER (PARTITION BY policy_id) AS rn FROM audit_log) AS a "
  "JOIN (SELECT policy_id, ROW_NUMBER() OVER (PARTITION BY policy_id) AS rn FROM claim) AS c "
  "ON c.policy_id IS NOT DISTINCT FROM a.policy_id AND c.rn = a.rn",
  "SELECT a.policy_id FROM (SELECT policy_id, ROW_NUMBER() OVER (PARTITION BY policy_id) AS rn FROM audit_log) AS a "
  "JOIN (SELECT policy_id, ROW_NUMBER() OVER (PARTITION BY policy_id) AS rn FROM claim) AS c "
  "ON c.policy_id = a.policy_id AND c.rn = a.rn",
  "plain equality: NULL policy ids no longer intersect")
# MySQL GROUP BY ... WITH ROLLUP to UNION ALL of a grand total.
G("MySQL:WITH ROLLUP to UNION ALL",
  "SELECT kind, COUNT(*) FROM policy GROUP BY kind UNION ALL SELECT NULL, COUNT(*) FROM policy",
  "SELECT kind, COUNT(*) FROM policy GROUP BY kind "
  "UNION ALL SELECT NULL, COALESCE(SUM(n), 0) FROM (SELECT COUNT(*) AS n FROM policy GROUP BY kind) AS t",
  "SELECT kind, COUNT(*) FROM policy GROUP BY kind "
  "UNION ALL SELECT NULL, SUM(n) FROM (SELECT COUNT(*) AS n FROM policy GROUP BY kind) AS t",
  "the total as a sum of group counts: NULL on an empty table")

# --- row limiting: ROWNUM, TOP, pagination

G("Oracle:ROWNUM top-N over an ordered inline view",
  "SELECT policy_id, premium FROM (SELECT policy_id, premium, ROW_NUMBER() OVER (ORDER BY premium DESC, policy_id) AS rn "
  "FROM policy) AS t WHERE rn <= 3 ORDER BY rn",
  "SELECT policy_id, premium FROM policy ORDER BY premium DESC, policy_id LIMIT 3",
  "SELECT policy_id, premium FROM (SELECT policy_id, premium FROM policy ORDER BY policy_id LIMIT 3) AS t "
  "ORDER BY premium DESC, policy_id",
  "ROWNUM applied before the ORDER BY: the first three ids, sorted", semantics="list")
G("Oracle:ROWNUM pagination to LIMIT OFFSET",
  "SELECT claim_id FROM (SELECT claim_id, ROW_NUMBER() OVER (ORDER BY filed, claim_id) AS rn FROM claim) AS t "
  "WHERE rn BETWEEN 3 AND 4 ORDER BY rn",
  "SELECT claim_id FROM claim ORDER BY filed, claim_id LIMIT 2 OFFSET 2",
  "SELECT claim_id FROM claim ORDER BY filed, claim_id LIMIT 2 OFFSET 3",
  "the offset off by one (ROWNUM counts from 1)", semantics="list")
# SQL Server TOP (1) WITH TIES ORDER BY amount DESC.
G("SQL Server:TOP WITH TIES to RANK",
  "SELECT claim_id FROM claim WHERE amount = (SELECT MAX(amount) FROM claim)",
  "SELECT claim_id FROM (SELECT claim_id, RANK() OVER (ORDER BY amount DESC) AS r FROM claim WHERE amount IS NOT NULL) AS t "
  "WHERE r = 1",
  "SELECT claim_id FROM claim WHERE amount IS NOT NULL ORDER BY amount DESC LIMIT 1",
  "TOP 1 without WITH TIES: tied claims dropped")
# SQL Server TOP 1 ... ORDER BY DESC in a correlated subquery; SQLite sorts NULLs last on DESC.
G("SQL Server:correlated TOP 1 to MAX",
  "SELECT p.policy_id, (SELECT c.amount FROM claim AS c WHERE c.policy_id = p.policy_id ORDER BY c.amount DESC LIMIT 1) "
  "FROM policy AS p",
  "SELECT p.policy_id, (SELECT MAX(c.amount) FROM claim AS c WHERE c.policy_id = p.policy_id) FROM policy AS p",
  ("SELECT p.policy_id, (SELECT c.amount FROM claim AS c WHERE c.policy_id = p.policy_id ORDER BY c.amount LIMIT 1) "
   "FROM policy AS p",
   "SELECT p.policy_id, (SELECT MIN(c.amount) FROM claim AS c WHERE c.policy_id = p.policy_id) FROM policy AS p"),
  "ascending TOP 1 as MIN: SQLite sorts a NULL amount first", dialect="sqlite")
# Oracle ROWNUM = 1 in a scalar subquery as an existence test.
G("Oracle:ROWNUM = 1 existence test to EXISTS",
  "SELECT c.cust_id FROM customer AS c WHERE (SELECT 1 FROM policy AS p WHERE p.cust_id = c.cust_id LIMIT 1) IS NOT NULL",
  "SELECT c.cust_id FROM customer AS c WHERE EXISTS (SELECT 1 FROM policy AS p WHERE p.cust_id = c.cust_id)",
  "SELECT c.cust_id FROM customer AS c WHERE (SELECT p.agent_id FROM policy AS p WHERE p.cust_id = c.cust_id LIMIT 1) "
  "IS NOT NULL",
  "the first row's NULL-able column tested instead of a constant")
# SQL Server SELECT DISTINCT TOP 2 ... ORDER BY.
G("SQL Server:DISTINCT TOP to GROUP BY LIMIT",
  "SELECT DISTINCT kind FROM policy ORDER BY kind LIMIT 2",
  "SELECT kind FROM policy GROUP BY kind ORDER BY kind LIMIT 2",
  "SELECT kind FROM (SELECT kind FROM policy ORDER BY kind LIMIT 2) AS t GROUP BY kind ORDER BY kind",
  "the limit applied before DISTINCT", semantics="list")
# MySQL (no LIMIT in IN subqueries) rewrites IN (... LIMIT) as a join to a derived table.
G("MySQL:LIMIT inside IN as a derived-table join",
  "SELECT policy_id, kind FROM policy WHERE policy_id IN (SELECT policy_id FROM claim WHERE amount IS NOT NULL "
  "ORDER BY amount DESC, claim_id LIMIT 2)",
  "SELECT p.policy_id, p.kind FROM policy AS p JOIN (SELECT DISTINCT policy_id FROM (SELECT policy_id FROM claim "
  "WHERE amount IS NOT NULL ORDER BY amount DESC, claim_id LIMIT 2) AS t) AS d ON d.policy_id = p.policy_id",
  "SELECT p.policy_id, p.kind FROM policy AS p JOIN (SELECT policy_id FROM claim WHERE amount IS NOT NULL "
  "ORDER BY amount DESC, claim_id LIMIT 2) AS d ON d.policy_id = p.policy_id",
  "the derived table joined without DISTINCT: a policy with both top claims twice")
# MySQL SQL_CALC_FOUND_ROWS / FOUND_ROWS() to COUNT(*) OVER ().
G("MySQL:SQL_CALC_FOUND_ROWS to COUNT OVER",
  "SELECT policy_id, (SELECT COUNT(*) FROM policy WHERE kind = 'auto') FROM policy WHERE kind = 'auto'",
  "SELECT policy_id, COUNT(*) OVER () FROM policy WHERE kind = 'auto'",
  "SELECT policy_id, (SELECT COUNT(*) FROM policy) FROM policy WHERE kind = 'auto'",
  "FOUND_ROWS read as the table's row count")
# SQL Server OUTER APPLY (SELECT TOP 1 ...) to a numbered LEFT JOIN.
G("SQL Server:OUTER APPLY TOP 1 to ROW_NUMBER",
  "SELECT c.cust_id, (SELECT p.policy_id FROM policy AS p WHERE p.cust_id = c.cust_id "
  "ORDER BY p.start_day DESC, p.policy_id DESC LIMIT 1) FROM customer AS c",
  "SELECT c.cust_id, x.policy_id FROM customer AS c LEFT JOIN (SELECT cust_id, policy_id, ROW_NUMBER() OVER "
  "(PARTITION BY cust_id ORDER BY start_day DESC, policy_id DESC) AS rn FROM policy) AS x "
  "ON x.cust_id = c.cust_id AND x.rn = 1",
  "SELECT c.cust_id, x.policy_id FROM customer AS c JOIN (SELECT cust_id, policy_id, ROW_NUMBER() OVER "
  "(PARTITION BY cust_id ORDER BY start_day DESC, policy_id DESC) AS rn FROM policy) AS x "
  "ON x.cust_id = c.cust_id AND x.rn = 1",
  "CROSS APPLY semantics: customers without policies dropped")
# Teradata QUALIFY ROW_NUMBER() = 1 to NOT EXISTS of a later row.
G("Teradata:QUALIFY latest row to NOT EXISTS",
  "SELECT policy_id, cust_id FROM (SELECT policy_id, cust_id, ROW_NUMBER() OVER (PARTITION BY cust_id "
  "ORDER BY start_day DESC, policy_id DESC) AS rn FROM policy) AS t WHERE rn = 1",
  "SELECT p.policy_id, p.cust_id FROM policy AS p WHERE NOT EXISTS (SELECT 1 FROM policy AS q WHERE q.cust_id = p.cust_id "
  "AND (q.start_day > p.start_day OR (q.start_day = p.start_day AND q.policy_id > p.policy_id)))",
  "SELECT p.policy_id, p.cust_id FROM policy AS p WHERE NOT EXISTS (SELECT 1 FROM policy AS q WHERE q.cust_id = p.cust_id "
  "AND q.start_day > p.start_day)",
  "the tie-break dropped: two policies starting the same day both kept")
# Oracle MAX(x) KEEP (DENSE_RANK FIRST ORDER BY start_day).
G("Oracle:KEEP DENSE_RANK FIRST to a window",
  "SELECT p.cust_id, MAX(p.premium) FROM policy AS p WHERE p.start_day = (SELECT MIN(q.start_day) FROM policy AS q "
  "WHERE q.cust_id = p.cust_id) GROUP BY p.cust_id",
  "SELECT cust_id, MAX(premium) FROM (SELECT cust_id, premium, DENSE_RANK() OVER (PARTITION BY cust_id ORDER BY start_day) "
  "AS dr FROM policy) AS t WHERE dr = 1 GROUP BY cust_id",
  "SELECT cust_id, MAX(premium) FROM (SELECT cust_id, premium, DENSE_RANK() OVER (PARTITION BY cust_id "
  "ORDER BY start_day DESC) AS dr FROM policy) AS t WHERE dr = 1 GROUP BY cust_id",
  "KEEP LAST for KEEP FIRST")
# Oracle RATIO_TO_REPORT(deductible) OVER (PARTITION BY policy_id).
G("Oracle:RATIO_TO_REPORT to SUM OVER",
  "SELECT cv.policy_id, cv.peril, cv.deductible * 1.0 / NULLIF(t.s, 0) FROM coverage AS cv "
  "JOIN (SELECT policy_id, SUM(deductible) AS s FROM coverage GROUP BY policy_id) AS t ON t.policy_id = cv.policy_id",
  "SELECT policy_id, peril, deductible * 1.0 / NULLIF(SUM(deductible) OVER (PARTITION BY policy_id), 0) FROM coverage",
  "SELECT policy_id, peril, deductible * 1.0 / NULLIF(SUM(deductible) OVER (), 0) FROM coverage",
  "the ratio to the whole table's total")

# --- GROUP BY and ordering

# MySQL loose GROUP BY: the customer name is functionally dependent on the grouped key.
G("MySQL:loose GROUP BY on a key",
  "SELECT c.cust_id, c.name, COUNT(*) FROM customer AS c JOIN policy AS p ON p.cust_id = c.cust_id GROUP BY c.cust_id",
  "SELECT c.cust_id, c.name, COUNT(*) FROM customer AS c JOIN policy AS p ON p.cust_id = c.cust_id "
  "GROUP BY c.cust_id, c.name",
  "SELECT MIN(c.cust_id), c.name, COUNT(*) FROM customer AS c JOIN policy AS p ON p.cust_id = c.cust_id GROUP BY c.name",
  "grouped by the (non-unique) name instead of the key")
# MySQL ONLY_FULL_GROUP_BY fix: ANY_VALUE(c.city) over the joined customer.
G("MySQL:ONLY_FULL_GROUP_BY with ANY_VALUE",
  "SELECT p.cust_id, c.city, COUNT(*) FROM policy AS p JOIN customer AS c ON c.cust_id = p.cust_id "
  "GROUP BY p.cust_id, c.city",
  "SELECT p.cust_id, MIN(c.city), COUNT(*) FROM policy AS p JOIN customer AS c ON c.cust_id = p.cust_id GROUP BY p.cust_id",
  "SELECT p.cust_id, MIN(c.city), COUNT(*) FROM policy AS p JOIN customer AS c ON c.cust_id = p.cust_id "
  "GROUP BY p.cust_id, p.agent_id",
  "a selected non-dependent column added to GROUP BY: groups split")
# MySQL 5's implicit ORDER BY of GROUP BY made explicit.
G("MySQL:implicit GROUP BY order made explicit",
  "SELECT kind, COUNT(*) FROM policy GROUP BY kind ORDER BY kind",
  "SELECT kind, n FROM (SELECT kind, COUNT(*) AS n FROM policy GROUP BY kind) AS t ORDER BY kind",
  "SELECT kind, n FROM (SELECT kind, COUNT(*) AS n FROM policy GROUP BY kind) AS t ORDER BY n, kind",
  "ordered by the count", semantics="list")
# Oracle sorts NULLs last ascending; in SQLite the migration adds NULLS LAST.
G("Oracle:NULLS LAST made explicit for SQLite",
  "SELECT policy_id, premium FROM policy ORDER BY premium NULLS LAST, policy_id",
  "SELECT policy_id, premium FROM policy ORDER BY premium IS NULL, premium, policy_id",
  "SELECT policy_id, premium FROM policy ORDER BY premium, policy_id",
  "SQLite's default: NULL premiums first", semantics="list", dialect="sqlite")
G("Oracle:DESC NULLS FIRST made explicit for SQLite",
  "SELECT claim_id, amount FROM claim ORDER BY amount DESC NULLS FIRST, claim_id",
  "SELECT claim_id, amount FROM claim ORDER BY amount IS NOT NULL, amount DESC, claim_id",
  "SELECT claim_id, amount FROM claim ORDER BY amount DESC, claim_id",
  "SQLite's default: NULL amounts last on DESC", semantics="list", dialect="sqlite")
# DECODE in ORDER BY for a custom sort order.
G("Oracle:DECODE sort key to boolean keys",
  "SELECT policy_id, kind FROM policy ORDER BY CASE kind WHEN 'life' THEN 1 WHEN 'home' THEN 2 ELSE 3 END, policy_id",
  "SELECT policy_id, kind FROM policy ORDER BY kind <> 'life', kind <> 'home', policy_id",
  "SELECT policy_id, kind FROM policy ORDER BY kind = 'life', kind = 'home', policy_id",
  "the boolean keys reversed", semantics="list")
# SQL Server PIVOT to conditional aggregates.
G("SQL Server:PIVOT to CASE aggregates",
  "SELECT d.cust_id, (SELECT SUM(q.premium) FROM policy AS q WHERE q.cust_id = d.cust_id AND q.kind = 'auto'), "
  "(SELECT SUM(q.premium) FROM policy AS q WHERE q.cust_id = d.cust_id AND q.kind = 'home') "
  "FROM (SELECT DISTINCT cust_id FROM policy) AS d",
  "SELECT cust_id, SUM(CASE WHEN kind = 'auto' THEN premium END), SUM(CASE WHEN kind = 'home' THEN premium END) "
  "FROM policy GROUP BY cust_id",
  "SELECT cust_id, SUM(CASE WHEN kind = 'auto' THEN premium ELSE 0 END), SUM(CASE WHEN kind = 'home' THEN premium END) "
  "FROM policy GROUP BY cust_id",
  "ELSE 0 in the pivot: no auto policy gives 0, not NULL")
# SQL Server UNPIVOT (drops NULLs) to a cross join with a key list.
G("SQL Server:UNPIVOT to UNION ALL",
  "SELECT claim_id, 'amount' AS k, amount AS v FROM claim WHERE amount IS NOT NULL "
  "UNION ALL SELECT claim_id, 'paid', paid FROM claim WHERE paid IS NOT NULL",
  "WITH k(name) AS (VALUES ('amount'), ('paid')) SELECT c.claim_id, k.name, "
  "CASE k.name WHEN 'amount' THEN c.amount ELSE c.paid END FROM claim AS c CROSS JOIN k "
  "WHERE CASE k.name WHEN 'amount' THEN c.amount ELSE c.paid END IS NOT NULL",
  "WITH k(name) AS (VALUES ('amount'), ('paid')) SELECT c.claim_id, k.name, "
  "CASE k.name WHEN 'amount' THEN c.amount ELSE c.paid END FROM claim AS c CROSS JOIN k",
  "UNPIVOT's NULL elimination forgotten")
# DB2 join to a VALUES list as an IN list.
G("DB2:VALUES table join to IN",
  "WITH v(k) AS (VALUES ('auto'), ('life')) SELECT p.policy_id FROM policy AS p JOIN v ON v.k = p.kind",
  "SELECT policy_id FROM policy WHERE kind IN ('auto', 'life')",
  ("WITH v(k) AS (VALUES ('auto'), ('life'), ('auto')) SELECT p.policy_id FROM policy AS p JOIN v ON v.k = p.kind",
   "SELECT policy_id FROM policy WHERE kind IN ('auto', 'life', 'auto')"),
  "a repeated value in the VALUES list duplicates rows (not in an IN list)")
# Oracle ROWID dedup: the rows a 'DELETE WHERE rowid NOT IN (SELECT MIN(rowid) ...)' keeps.
G("Oracle:ROWID deduplication to DISTINCT",
  "SELECT policy_id, action, at_day FROM audit_log WHERE rowid IN (SELECT MIN(rowid) FROM audit_log "
  "GROUP BY policy_id, action, at_day)",
  "SELECT DISTINCT policy_id, action, at_day FROM audit_log",
  "SELECT policy_id, action, at_day FROM audit_log WHERE rowid IN (SELECT MIN(rowid) FROM audit_log GROUP BY policy_id)",
  "deduplicated on the policy only", dialect="sqlite")
# Concatenated two-column COUNT(DISTINCT a || '-' || b) to a distinct derived table.
G("SQL Server:COUNT DISTINCT of a concatenation",
  "SELECT COUNT(DISTINCT cust_id || '-' || kind) FROM policy",
  "SELECT COUNT(*) FROM (SELECT DISTINCT cust_id, kind FROM policy) AS t",
  ("SELECT COUNT(DISTINCT agent_id || '-' || kind) FROM policy",
   "SELECT COUNT(*) FROM (SELECT DISTINCT agent_id, kind FROM policy) AS t"),
  "on a NULL-able column the concatenation drops NULL agents")
# TO_CHAR(filed, 'YYYY-MM') = '2024-01' on a text date, as a prefix LIKE.
G("Oracle:TO_CHAR month test to a prefix LIKE",
  "SELECT claim_id FROM claim WHERE substr(filed, 1, 7) = '2024-01'",
  "SELECT claim_id FROM claim WHERE filed LIKE '2024-01%'",
  "SELECT claim_id FROM claim WHERE filed >= '2024-01-01' AND filed <= '2024-02-01'",
  "the month as an inclusive range: the first of February kept")

# --- NOT IN / NOT EXISTS modernisation

G("Oracle:NOT IN with IS NOT NULL to NOT EXISTS",
  "SELECT a.agent_id FROM agent AS a WHERE a.agent_id NOT IN (SELECT p.agent_id FROM policy AS p WHERE p.agent_id IS NOT NULL)",
  "SELECT a.agent_id FROM agent AS a WHERE NOT EXISTS (SELECT 1 FROM policy AS p WHERE p.agent_id = a.agent_id)",
  ("SELECT a.agent_id FROM agent AS a WHERE a.agent_id NOT IN (SELECT p.agent_id FROM policy AS p)",
   "SELECT a.agent_id FROM agent AS a WHERE NOT EXISTS (SELECT 1 FROM policy AS p WHERE p.agent_id = a.agent_id)"),
  "the IS NOT NULL guard dropped: one direct policy empties NOT IN")
G("Oracle:NOT IN over a NOT NULL column to NOT EXISTS",
  "SELECT cust_id FROM customer WHERE cust_id NOT IN (SELECT cust_id FROM policy)",
  "SELECT c.cust_id FROM customer AS c WHERE NOT EXISTS (SELECT 1 FROM policy AS p WHERE p.cust_id = c.cust_id)",
  ("SELECT policy_id FROM policy WHERE policy_id NOT IN (SELECT policy_id FROM claim)",
   "SELECT p.policy_id FROM policy AS p WHERE NOT EXISTS (SELECT 1 FROM claim AS c WHERE c.policy_id = p.policy_id)"),
  "the same rewrite over claim's NULL-able policy id")

# --- DML's SELECT parts (correlated UPDATE / DELETE)

# Oracle correlated UPDATE policy SET x = (SELECT SUM ...): every row gets the value (NULL
# when none); PostgreSQL UPDATE ... FROM a grouped join touches only matched rows.
G("Oracle:correlated UPDATE's values to a LEFT JOIN",
  "SELECT p.policy_id, (SELECT SUM(cv.limit_amt) FROM coverage AS cv WHERE cv.policy_id = p.policy_id) FROM policy AS p",
  "SELECT p.policy_id, s.total FROM policy AS p LEFT JOIN (SELECT policy_id, SUM(limit_amt) AS total FROM coverage "
  "GROUP BY policy_id) AS s ON s.policy_id = p.policy_id",
  "SELECT p.policy_id, s.total FROM policy AS p JOIN (SELECT policy_id, SUM(limit_amt) AS total FROM coverage "
  "GROUP BY policy_id) AS s ON s.policy_id = p.policy_id",
  "UPDATE ... FROM semantics: policies without coverage not in the result")
G("SQL Server:UPDATE with a correlated COUNT to UPDATE FROM",
  "SELECT c.cust_id, (SELECT COUNT(*) FROM policy AS p WHERE p.cust_id = c.cust_id AND p.status = 'A') FROM customer AS c",
  "SELECT c.cust_id, COALESCE(t.n, 0) FROM customer AS c LEFT JOIN (SELECT cust_id, COUNT(*) AS n FROM policy "
  "WHERE status = 'A' GROUP BY cust_id) AS t ON t.cust_id = c.cust_id",
  "SELECT c.cust_id, t.n FROM customer AS c LEFT JOIN (SELECT cust_id, COUNT(*) AS n FROM policy "
  "WHERE status = 'A' GROUP BY cust_id) AS t ON t.cust_id = c.cust_id",
  "the count of no rows left NULL")
# DELETE ... WHERE EXISTS (keyless audit log) migrated to DELETE ... USING: the deleted set.
G("Oracle:DELETE WHERE EXISTS to DELETE USING",
  "SELECT cl.claim_id FROM claim AS cl WHERE EXISTS (SELECT 1 FROM audit_log AS a WHERE a.policy_id = cl.policy_id "
  "AND a.action = 'del')",
  "SELECT DISTINCT cl.claim_id FROM claim AS cl JOIN audit_log AS a ON a.policy_id = cl.policy_id WHERE a.action = 'del'",
  "SELECT cl.claim_id FROM claim AS cl JOIN audit_log AS a ON a.policy_id = cl.policy_id WHERE a.action = 'del'",
  "the USING join's rows not deduplicated: duplicate log rows repeat a claim")
# Oracle correlated NVL(MAX(..), 0) in an UPDATE's SET, migrated to a grouped LEFT JOIN.
G("Oracle:NVL of a correlated MAX to a grouped LEFT JOIN",
  "SELECT p.policy_id, COALESCE((SELECT MAX(c.amount) FROM claim AS c WHERE c.policy_id = p.policy_id), 0) FROM policy AS p",
  "SELECT p.policy_id, COALESCE(m.mx, 0) FROM policy AS p LEFT JOIN (SELECT policy_id, MAX(amount) AS mx FROM claim "
  "GROUP BY policy_id) AS m ON m.policy_id = p.policy_id",
  "SELECT p.policy_id, COALESCE(m.mx, 0) FROM policy AS p JOIN (SELECT policy_id, MAX(amount) AS mx FROM claim "
  "GROUP BY policy_id) AS m ON m.policy_id = p.policy_id",
  "an inner join: policies without claims dropped")


# ============================================================ bi_tools (saas)
# account(account_id PK, name, plan NULL, region NULL, created), app_user(user_id PK,
# account_id FK NULL-able, email NULL with '', signup, country NULL, is_admin 0/1),
# subscription(account_id FK, product; PK both, mrr REAL, seats NULL incl. 0, started, ended
# NULL), invoice(invoice_id PK, account_id FK NOT NULL, issued, amount INT cents NULL, paid
# 0/1), and a keyless event(user_id FK NULL-able, day, name, value REAL NULL) with duplicates.

# --- Looker: symmetric aggregates, filtered measures, yesno dimensions

# Symmetric SUM over a fanned-out explore: SUM(DISTINCT pk * big + value) - SUM(DISTINCT pk * big);
# the measure here only sums amounts in [0, 10^9), where pk * 10^9 + amount is one-to-one.
B("Looker:symmetric SUM over a fan-out",
  "SELECT a.region, COUNT(DISTINCT u.user_id), COALESCE(SUM(DISTINCT CAST(i.invoice_id AS BIGINT) * 1000000000 + i.amount) "
  "- SUM(DISTINCT CAST(i.invoice_id AS BIGINT) * 1000000000), 0) FROM account AS a LEFT JOIN invoice AS i ON i.account_id = a.account_id "
  "AND i.amount >= 0 AND i.amount < 1000000000 LEFT JOIN app_user AS u ON u.account_id = a.account_id GROUP BY a.region",
  "SELECT a.region, SUM(COALESCE(u.n, 0)), SUM(COALESCE(i.s, 0)) FROM account AS a "
  "LEFT JOIN (SELECT account_id, COUNT(*) AS n FROM app_user GROUP BY account_id) AS u ON u.account_id = a.account_id "
  "LEFT JOIN (SELECT account_id, SUM(amount) AS s FROM invoice WHERE amount >= 0 AND amount < 1000000000 "
  "GROUP BY account_id) AS i ON i.account_id = a.account_id GROUP BY a.region",
  "SELECT a.region, COUNT(DISTINCT u.user_id), COALESCE(SUM(i.amount), 0) FROM account AS a "
  "LEFT JOIN invoice AS i ON i.account_id = a.account_id AND i.amount >= 0 AND i.amount < 1000000000 "
  "LEFT JOIN app_user AS u ON u.account_id = a.account_id GROUP BY a.region",
  "a plain SUM over the fan-out: invoices counted once per user")
# Symmetric COUNT: COUNT(DISTINCT pk) over a join that fans out.
B("Looker:symmetric COUNT over a fan-out",
  "SELECT a.plan, COUNT(DISTINCT i.invoice_id) FROM account AS a LEFT JOIN invoice AS i ON i.account_id = a.account_id "
  "LEFT JOIN subscription AS s ON s.account_id = a.account_id GROUP BY a.plan",
  "SELECT a.plan, COUNT(i.invoice_id) FROM account AS a LEFT JOIN invoice AS i ON i.account_id = a.account_id GROUP BY a.plan",
  "SELECT a.plan, COUNT(i.invoice_id) FROM account AS a LEFT JOIN invoice AS i ON i.account_id = a.account_id "
  "LEFT JOIN subscription AS s ON s.account_id = a.account_id GROUP BY a.plan",
  "COUNT of the key without DISTINCT over the fan-out")
# Symmetric AVERAGE: symmetric sum / count of distinct non-NULL keys.
B("Looker:symmetric AVG over a fan-out",
  "SELECT a.region, (SUM(DISTINCT CAST(i.invoice_id AS BIGINT) * 1000000000 + i.amount) - SUM(DISTINCT CAST(i.invoice_id AS BIGINT) * 1000000000)) * 1.0 "
  "/ NULLIF(COUNT(DISTINCT i.invoice_id), 0) FROM account AS a LEFT JOIN invoice AS i ON i.account_id = a.account_id "
  "AND i.amount >= 0 AND i.amount < 1000000000 LEFT JOIN app_user AS u ON u.account_id = a.account_id GROUP BY a.region",
  "SELECT a.region, AVG(i.amount * 1.0) FROM account AS a LEFT JOIN invoice AS i ON i.account_id = a.account_id "
  "AND i.amount >= 0 AND i.amount < 1000000000 GROUP BY a.region",
  "SELECT a.region, AVG(i.amount * 1.0) FROM account AS a LEFT JOIN invoice AS i ON i.account_id = a.account_id "
  "AND i.amount >= 0 AND i.amount < 1000000000 LEFT JOIN app_user AS u ON u.account_id = a.account_id GROUP BY a.region",
  "a plain AVG over the fan-out: accounts with more users weigh more")
# Filtered measure: COUNT(DISTINCT CASE WHEN cond THEN pk END).
B("Looker:filtered count measure",
  "SELECT a.plan, COUNT(DISTINCT CASE WHEN u.is_admin = 1 THEN u.user_id ELSE NULL END) FROM account AS a "
  "LEFT JOIN app_user AS u ON u.account_id = a.account_id GROUP BY a.plan",
  "SELECT a.plan, COUNT(u.user_id) FILTER (WHERE u.is_admin = 1) FROM account AS a "
  "LEFT JOIN app_user AS u ON u.account_id = a.account_id GROUP BY a.plan",
  "SELECT a.plan, SUM(u.is_admin) FROM account AS a LEFT JOIN app_user AS u ON u.account_id = a.account_id GROUP BY a.plan",
  "SUM of the flag: NULL for a plan without users")
# yesno dimension grouped.
B("Looker:yesno dimension",
  "SELECT CASE WHEN s.ended IS NULL THEN 'Yes' ELSE 'No' END AS is_active, COUNT(*) FROM subscription AS s GROUP BY 1",
  "SELECT 'Yes', COUNT(*) FROM subscription WHERE ended IS NULL HAVING COUNT(*) > 0 "
  "UNION ALL SELECT 'No', COUNT(*) FROM subscription WHERE ended IS NOT NULL HAVING COUNT(*) > 0",
  "SELECT 'Yes', COUNT(*) FROM subscription WHERE ended IS NULL "
  "UNION ALL SELECT 'No', COUNT(*) FROM subscription WHERE ended IS NOT NULL",
  "empty groups emitted with a count of 0")
# Looker totals without dimensions: COUNT(DISTINCT pk) of both views of an explore.
B("Looker:explore totals with symmetric counts",
  "SELECT COUNT(DISTINCT a.account_id), COUNT(DISTINCT u.user_id) FROM account AS a "
  "LEFT JOIN app_user AS u ON u.account_id = a.account_id",
  "SELECT (SELECT COUNT(*) FROM account), (SELECT COUNT(*) FROM app_user WHERE account_id IS NOT NULL)",
  "SELECT (SELECT COUNT(*) FROM account), (SELECT COUNT(*) FROM app_user)",
  "users without an account counted, though the explore starts at account")
# Period-over-period table calculation (previous row) as LAG.
B("Looker:offset table calculation to LAG",
  "WITH t AS (SELECT day, COUNT(*) AS n FROM event GROUP BY day) "
  "SELECT a.day, a.n, (SELECT b.n FROM t AS b WHERE b.day < a.day ORDER BY b.day DESC LIMIT 1) FROM t AS a",
  "SELECT day, n, LAG(n) OVER (ORDER BY day) FROM (SELECT day, COUNT(*) AS n FROM event GROUP BY day) AS t",
  "SELECT day, n, LAG(n, 1, 0) OVER (ORDER BY day) FROM (SELECT day, COUNT(*) AS n FROM event GROUP BY day) AS t",
  "LAG with a default of 0 for the first day")
# Running total table calculation.
B("Looker:running_total to a window",
  "SELECT d.signup, (SELECT COUNT(*) FROM app_user AS u WHERE u.signup <= d.signup) FROM (SELECT DISTINCT signup FROM app_user) AS d",
  "SELECT signup, SUM(COUNT(*)) OVER (ORDER BY signup ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM app_user "
  "GROUP BY signup",
  "SELECT d.signup, (SELECT COUNT(*) FROM app_user AS u WHERE u.signup < d.signup) FROM (SELECT DISTINCT signup FROM app_user) AS d",
  "the running total excludes the current day")

# --- Tableau

# COUNTD over a nested derived table with GROUP BY ordinal.
B("Tableau:COUNTD over a relationship",
  "SELECT t0.region AS region, COUNT(DISTINCT t0.user_id) AS ctd_user_id FROM (SELECT a.region AS region, "
  "u.user_id AS user_id FROM app_user AS u LEFT JOIN account AS a ON u.account_id = a.account_id) AS t0 GROUP BY 1",
  "SELECT a.region, COUNT(*) FROM app_user AS u LEFT JOIN account AS a ON a.account_id = u.account_id GROUP BY a.region",
  "SELECT a.region, COUNT(*) FROM app_user AS u JOIN account AS a ON a.account_id = u.account_id GROUP BY a.region",
  "an inner join: users without an account dropped")
# Top N filter: an inner join to the top-N subquery.
B("Tableau:Top N filter join",
  "SELECT i.account_id, COUNT(*) FROM invoice AS i JOIN (SELECT account_id FROM invoice GROUP BY account_id "
  "ORDER BY SUM(amount) DESC, account_id LIMIT 2) AS t ON t.account_id = i.account_id GROUP BY i.account_id",
  "SELECT account_id, n FROM (SELECT account_id, COUNT(*) AS n, ROW_NUMBER() OVER (ORDER BY SUM(amount) DESC, account_id) AS rk "
  "FROM invoice GROUP BY account_id) AS t WHERE rk <= 2",
  "SELECT account_id, n FROM (SELECT account_id, COUNT(*) AS n, RANK() OVER (ORDER BY SUM(amount) DESC) AS rk "
  "FROM invoice GROUP BY account_id) AS t WHERE rk <= 2",
  "RANK without the tie-break: tied accounts all kept")
# FIXED level-of-detail expression joined back.
B("Tableau:FIXED LOD joined back",
  "SELECT i.invoice_id, t.s FROM invoice AS i JOIN (SELECT account_id, SUM(amount) AS s FROM invoice GROUP BY account_id) AS t "
  "ON t.account_id = i.account_id",
  "SELECT invoice_id, SUM(amount) OVER (PARTITION BY account_id) FROM invoice",
  "SELECT invoice_id, SUM(amount) OVER (PARTITION BY account_id ORDER BY invoice_id) FROM invoice",
  "an ORDER BY in the window: a running sum")
# FIXED LOD on a NULL-able dimension: Tableau joins NULL to NULL.
B("Tableau:FIXED LOD on a NULL-able dimension",
  "SELECT u.user_id, t.n FROM app_user AS u JOIN (SELECT country, COUNT(*) AS n FROM app_user GROUP BY country) AS t "
  "ON (u.country = t.country OR (u.country IS NULL AND t.country IS NULL))",
  "SELECT user_id, COUNT(*) OVER (PARTITION BY country) FROM app_user",
  "SELECT u.user_id, t.n FROM app_user AS u JOIN (SELECT country, COUNT(*) AS n FROM app_user GROUP BY country) AS t "
  "ON u.country = t.country",
  "the LOD joined on plain equality: users without a country dropped")
# Custom SQL wrapped as a subquery and re-aggregated.
B("Tableau:custom SQL re-aggregated",
  "SELECT cq.plan AS plan, SUM(cq.n) AS n FROM (SELECT a.plan, COUNT(u.user_id) AS n FROM account AS a "
  "LEFT JOIN app_user AS u ON u.account_id = a.account_id GROUP BY a.account_id, a.plan) AS cq GROUP BY cq.plan",
  "SELECT a.plan, COUNT(u.user_id) FROM account AS a LEFT JOIN app_user AS u ON u.account_id = a.account_id GROUP BY a.plan",
  "SELECT cq.plan AS plan, COUNT(*) AS n FROM (SELECT a.plan, COUNT(u.user_id) AS n FROM account AS a "
  "LEFT JOIN app_user AS u ON u.account_id = a.account_id GROUP BY a.account_id, a.plan) AS cq GROUP BY cq.plan",
  "the outer SUM read as COUNT: accounts counted, not users")
# Exclude filter: Tableau keeps NULLs when excluding a value.
B("Tableau:exclude filter keeps NULL",
  "SELECT account_id FROM account WHERE (region <> 'EU' OR region IS NULL)",
  "SELECT account_id FROM account WHERE region IS DISTINCT FROM 'EU'",
  "SELECT account_id FROM account WHERE region <> 'EU'",
  "plain <>: accounts without a region dropped")
# Show missing values: densification by a cross join with the dimension's members.
B("Tableau:densification with show missing values",
  "SELECT a.account_id, p.product, COALESCE(s.seats, 0) FROM account AS a CROSS JOIN (SELECT DISTINCT product FROM subscription) AS p "
  "LEFT JOIN subscription AS s ON s.account_id = a.account_id AND s.product = p.product",
  "SELECT a.account_id, p.product, COALESCE((SELECT s.seats FROM subscription AS s WHERE s.account_id = a.account_id "
  "AND s.product = p.product), 0) FROM account AS a, (SELECT DISTINCT product FROM subscription) AS p",
  "SELECT s.account_id, s.product, COALESCE(s.seats, 0) FROM subscription AS s",
  "not densified: missing account/product cells absent")
# Data blending: aggregate the secondary source, left join on the linking field.
B("Tableau:data blending",
  "SELECT p.account_id, p.s, s2.n FROM (SELECT account_id, SUM(amount) AS s FROM invoice GROUP BY account_id) AS p "
  "LEFT JOIN (SELECT account_id, COUNT(*) AS n FROM app_user GROUP BY account_id) AS s2 ON s2.account_id = p.account_id",
  "SELECT i.account_id, SUM(i.amount), (SELECT NULLIF(COUNT(*), 0) FROM app_user AS u WHERE u.account_id = i.account_id) "
  "FROM invoice AS i GROUP BY i.account_id",
  "SELECT i.account_id, SUM(i.amount), (SELECT COUNT(*) FROM app_user AS u WHERE u.account_id = i.account_id) "
  "FROM invoice AS i GROUP BY i.account_id",
  "a missing secondary row shows 0, the blend shows NULL")

# --- Power BI DirectQuery

B("Power BI:DirectQuery basetable join",
  "SELECT semijoin1.c1, SUM(basetable0.a0) AS a0 FROM (SELECT account_id AS c2, amount AS a0 FROM invoice) AS basetable0 "
  "INNER JOIN (SELECT account_id AS c2, plan AS c1 FROM account) AS semijoin1 ON semijoin1.c2 = basetable0.c2 "
  "GROUP BY semijoin1.c1",
  "SELECT a.plan, SUM(i.amount) FROM invoice AS i JOIN account AS a ON a.account_id = i.account_id GROUP BY a.plan",
  "SELECT a.plan, SUM(i.amount) FROM account AS a LEFT JOIN invoice AS i ON i.account_id = a.account_id GROUP BY a.plan",
  "from the dimension side: plans without invoices appear")
# DISTINCTCOUNT counts BLANK as a value.
B("Power BI:DISTINCTCOUNT counts blank",
  "SELECT COUNT(DISTINCT country) + CASE WHEN COUNT(*) > COUNT(country) THEN 1 ELSE 0 END FROM app_user",
  "SELECT COUNT(*) FROM (SELECT DISTINCT country FROM app_user) AS t",
  "SELECT COUNT(DISTINCT country) FROM app_user",
  "COUNT(DISTINCT) ignores the blank country")
# Blank rows removed: a visual drops rows whose measures are all blank.
B("Power BI:blank rows removed",
  "SELECT a.plan, SUM(i.amount) AS m FROM account AS a LEFT JOIN invoice AS i ON i.account_id = a.account_id "
  "GROUP BY a.plan HAVING SUM(i.amount) IS NOT NULL",
  "SELECT a.plan, SUM(i.amount) FROM invoice AS i JOIN account AS a ON a.account_id = i.account_id "
  "WHERE i.amount IS NOT NULL GROUP BY a.plan",
  "SELECT a.plan, SUM(i.amount) FROM invoice AS i JOIN account AS a ON a.account_id = i.account_id GROUP BY a.plan",
  "plans whose invoices all lack an amount shown blank")
# Bi-directional relationship filter: accounts filtered through users.
B("Power BI:bi-directional filter as a semi-join",
  "SELECT a.plan, COUNT(*) FROM account AS a WHERE a.account_id IN (SELECT u.account_id FROM app_user AS u "
  "WHERE u.country = 'DE') GROUP BY a.plan",
  "SELECT a.plan, COUNT(DISTINCT a.account_id) FROM account AS a JOIN app_user AS u ON u.account_id = a.account_id "
  "WHERE u.country = 'DE' GROUP BY a.plan",
  "SELECT a.plan, COUNT(*) FROM account AS a JOIN app_user AS u ON u.account_id = a.account_id "
  "WHERE u.country = 'DE' GROUP BY a.plan",
  "COUNT(*) over the join: accounts with two German users counted twice")
# Percent of grand total (ALL).
B("Power BI:percent of total with ALL",
  "SELECT a.plan, COUNT(*) * 1.0 / (SELECT COUNT(*) FROM account) FROM account AS a GROUP BY a.plan",
  "SELECT plan, COUNT(*) * 1.0 / SUM(COUNT(*)) OVER () FROM account GROUP BY plan",
  "SELECT plan, COUNT(*) * 1.0 / COUNT(*) OVER () FROM account GROUP BY plan",
  "divided by the number of groups")

# --- Metabase

B("Metabase:nested question over a source table",
  "SELECT source.plan AS plan, COUNT(*) AS count FROM (SELECT account.account_id AS account_id, account.plan AS plan "
  "FROM account WHERE account.created >= '2024-01-01') AS source GROUP BY source.plan ORDER BY source.plan ASC",
  "SELECT plan, COUNT(*) FROM account WHERE created >= '2024-01-01' GROUP BY plan ORDER BY plan",
  "SELECT plan, COUNT(plan) FROM account WHERE created >= '2024-01-01' GROUP BY plan ORDER BY plan",
  "COUNT of the column: the NULL plan's group counts 0", semantics="list")
B("Metabase:is empty filter",
  "SELECT user_id FROM app_user WHERE (email IS NULL OR email = '')",
  "SELECT user_id FROM app_user WHERE COALESCE(email, '') = ''",
  "SELECT user_id FROM app_user WHERE email IS NULL",
  "empty e-mails no longer match")
B("Metabase:does not contain filter keeps NULL",
  "SELECT user_id FROM app_user WHERE (NOT (lower(email) LIKE '%a@%') OR email IS NULL)",
  "SELECT user_id FROM app_user WHERE COALESCE(lower(email), '') NOT LIKE '%a@%'",
  "SELECT user_id FROM app_user WHERE lower(email) NOT LIKE '%a@%'",
  "users without an e-mail dropped")
B("Metabase:month bucket",
  "SELECT date(signup, 'start of month') AS m, COUNT(*) FROM app_user GROUP BY date(signup, 'start of month')",
  "SELECT strftime('%Y-%m-01', signup), COUNT(*) FROM app_user GROUP BY strftime('%Y-%m-01', signup)",
  "SELECT strftime('%Y-%m-%d', signup), COUNT(*) FROM app_user GROUP BY strftime('%Y-%m-%d', signup)",
  "bucketed by day", dialect="sqlite")
# Metabase's LEFT JOIN default with a filter on a joined field.
B("Metabase:filter on a left-joined field",
  "SELECT u.user_id FROM app_user AS u LEFT JOIN account AS \"Account\" ON u.account_id = \"Account\".account_id "
  "WHERE \"Account\".plan = 'pro'",
  "SELECT u.user_id FROM app_user AS u JOIN account AS a ON a.account_id = u.account_id WHERE a.plan = 'pro'",
  "SELECT u.user_id FROM app_user AS u LEFT JOIN account AS a ON a.account_id = u.account_id AND a.plan = 'pro'",
  "the filter moved into ON: every user kept")
# Filter on an aggregate of a nested question becomes HAVING.
B("Metabase:filter on a summarized column",
  "SELECT source.account_id, source.s FROM (SELECT account_id, SUM(amount) AS s FROM invoice GROUP BY account_id) AS source "
  "WHERE source.s > 2000",
  "SELECT account_id, SUM(amount) FROM invoice GROUP BY account_id HAVING SUM(amount) > 2000",
  "SELECT account_id, SUM(amount) FROM invoice WHERE amount > 2000 GROUP BY account_id",
  "the aggregate filter applied to single invoices")
# Cumulative count metric.
B("Metabase:cumulative count",
  "SELECT day, SUM(COUNT(*)) OVER (ORDER BY day ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM event GROUP BY day",
  "SELECT d.day, (SELECT COUNT(*) FROM event AS e WHERE e.day <= d.day) FROM (SELECT DISTINCT day FROM event) AS d",
  "SELECT day, COUNT(*) OVER (ORDER BY day ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM event GROUP BY day",
  "a running count of days instead of a running sum of counts")

# --- Superset

B("Superset:virtual table with a time range",
  "SELECT name AS name, COUNT(*) AS count FROM (SELECT * FROM event) AS virtual_table "
  "WHERE day >= '2024-01-01' AND day < '2024-01-04' GROUP BY name",
  "SELECT name, COUNT(*) FROM event WHERE day < '2024-01-04' AND NOT day < '2024-01-01' GROUP BY name",
  "SELECT name, COUNT(*) FROM event WHERE day >= '2024-01-01 00:00:00' AND day < '2024-01-04 00:00:00' GROUP BY name",
  "timestamp-literal bounds on a date text: the first day dropped")
B("Superset:IN filter with a NULL option",
  "SELECT account_id FROM account WHERE region IN ('EU') OR region IS NULL",
  "SELECT account_id FROM account WHERE CASE WHEN region IS NULL THEN 1 WHEN region = 'EU' THEN 1 ELSE 0 END = 1",
  "SELECT account_id FROM account WHERE region IN ('EU', NULL)",
  "NULL inside the IN list never matches")
B("Superset:series limit",
  "SELECT e.name, e.day, COUNT(*) FROM event AS e JOIN (SELECT name FROM event GROUP BY name ORDER BY COUNT(*) DESC, name "
  "LIMIT 2) AS s ON s.name = e.name GROUP BY e.name, e.day",
  "SELECT name, day, COUNT(*) FROM event WHERE name IN (SELECT name FROM event GROUP BY name ORDER BY COUNT(*) DESC, name "
  "LIMIT 2) GROUP BY name, day",
  "SELECT name, day, COUNT(*) FROM event WHERE name IN (SELECT name FROM event GROUP BY name ORDER BY COUNT(*), name "
  "LIMIT 2) GROUP BY name, day",
  "the bottom series instead of the top")
B("Superset:COUNT_DISTINCT metric by day",
  "SELECT day, COUNT(DISTINCT user_id) FROM event GROUP BY day",
  "SELECT day, COUNT(user_id) FROM (SELECT DISTINCT day, user_id FROM event) AS t GROUP BY day",
  "SELECT day, COUNT(*) FROM (SELECT DISTINCT day, user_id FROM event) AS t GROUP BY day",
  "anonymous (NULL user) events counted as a user")

# --- Mode

B("Mode:CTE chain",
  "WITH u AS (SELECT user_id, account_id FROM app_user WHERE is_admin = 0), "
  "e AS (SELECT user_id, COUNT(*) AS n FROM event WHERE name = 'login' GROUP BY user_id) "
  "SELECT u.account_id, SUM(e.n) FROM u JOIN e ON e.user_id = u.user_id GROUP BY u.account_id",
  "SELECT u.account_id, COUNT(*) FROM app_user AS u JOIN event AS e ON e.user_id = u.user_id "
  "WHERE u.is_admin = 0 AND e.name = 'login' GROUP BY u.account_id",
  ("WITH u AS (SELECT user_id, account_id FROM app_user WHERE is_admin = 0), "
   "e AS (SELECT user_id, COUNT(*) AS n FROM event WHERE name = 'login' GROUP BY user_id) "
   "SELECT u.account_id, SUM(e.n) FROM u LEFT JOIN e ON e.user_id = u.user_id GROUP BY u.account_id",
   "SELECT u.account_id, COUNT(*) FROM app_user AS u JOIN event AS e ON e.user_id = u.user_id "
   "WHERE u.is_admin = 0 AND e.name = 'login' GROUP BY u.account_id"),
  "a LEFT JOIN in the chain: accounts without logins appear")
B("Mode:funnel step counts",
  "SELECT COUNT(DISTINCT e1.user_id), COUNT(DISTINCT e2.user_id) FROM event AS e1 LEFT JOIN event AS e2 "
  "ON e2.user_id = e1.user_id AND e2.name = 'buy' AND e2.day >= e1.day WHERE e1.name = 'login'",
  "SELECT (SELECT COUNT(DISTINCT user_id) FROM event WHERE name = 'login'), (SELECT COUNT(DISTINCT b.user_id) FROM event AS b "
  "WHERE b.name = 'buy' AND EXISTS (SELECT 1 FROM event AS l WHERE l.user_id = b.user_id AND l.name = 'login' AND l.day <= b.day))",
  "SELECT (SELECT COUNT(DISTINCT user_id) FROM event WHERE name = 'login'), (SELECT COUNT(DISTINCT b.user_id) FROM event AS b "
  "WHERE b.name = 'buy' AND EXISTS (SELECT 1 FROM event AS l WHERE l.user_id = b.user_id AND l.name = 'login' AND l.day < b.day))",
  "a purchase on the login day no longer converts")

# --- dbt macros and tests

B("dbt_utils.pivot",
  "SELECT user_id, SUM(CASE WHEN name = 'login' THEN 1 ELSE 0 END) AS login, SUM(CASE WHEN name = 'buy' THEN 1 ELSE 0 END) "
  "AS buy FROM event GROUP BY user_id",
  "SELECT user_id, COUNT(*) FILTER (WHERE name = 'login'), COUNT(*) FILTER (WHERE name = 'buy') FROM event GROUP BY user_id",
  "SELECT user_id, COUNT(name = 'login'), COUNT(name = 'buy') FROM event GROUP BY user_id",
  "COUNT of a boolean counts false too")
B("dbt_utils.date_spine",
  "WITH RECURSIVE spine(d) AS (SELECT '2024-01-01' UNION ALL SELECT date(d, '+1 day') FROM spine WHERE d < '2024-01-04') "
  "SELECT s.d, COUNT(e.user_id) FROM spine AS s LEFT JOIN event AS e ON e.day = s.d GROUP BY s.d",
  "WITH days(d) AS (VALUES ('2024-01-01'), ('2024-01-02'), ('2024-01-03'), ('2024-01-04')) "
  "SELECT days.d, (SELECT COUNT(user_id) FROM event AS e WHERE e.day = days.d) FROM days",
  "SELECT day, COUNT(user_id) FROM event WHERE day BETWEEN '2024-01-01' AND '2024-01-04' GROUP BY day",
  "no spine: days without events missing", dialect="sqlite")
B("dbt_utils.generate_surrogate_key",
  "SELECT COUNT(DISTINCT COALESCE(CAST(user_id AS TEXT), '_null_') || '-' || COALESCE(CAST(day AS TEXT), '_null_')) FROM event",
  "SELECT COUNT(*) FROM (SELECT DISTINCT user_id, day FROM event) AS t",
  "SELECT COUNT(DISTINCT CAST(user_id AS TEXT) || '-' || day) FROM event",
  "the NULL placeholder dropped: anonymous events vanish from the key")
B("dbt_utils.deduplicate",
  "SELECT user_id, day, name FROM (SELECT user_id, day, name, ROW_NUMBER() OVER (PARTITION BY user_id, day ORDER BY name) AS rn "
  "FROM event) AS t WHERE rn = 1",
  "SELECT user_id, day, MIN(name) FROM event GROUP BY user_id, day",
  "SELECT user_id, day, MAX(name) FROM event GROUP BY user_id, day",
  "the last name kept instead of the first")
B("dbt:incremental filter on the max loaded value",
  "SELECT * FROM event WHERE day > (SELECT MAX(day) FROM event WHERE name = 'login')",
  "SELECT e.* FROM event AS e WHERE NOT EXISTS (SELECT 1 FROM event AS l WHERE l.name = 'login' AND l.day >= e.day) "
  "AND EXISTS (SELECT 1 FROM event AS l WHERE l.name = 'login')",
  "SELECT e.* FROM event AS e WHERE NOT EXISTS (SELECT 1 FROM event AS l WHERE l.name = 'login' AND l.day >= e.day)",
  "no loaded rows yet: every event passes")
B("dbt:accepted_values test",
  "WITH all_values AS (SELECT plan AS value_field, COUNT(*) AS n_records FROM account GROUP BY plan) "
  "SELECT * FROM all_values WHERE value_field NOT IN ('free', 'pro')",
  "SELECT plan, COUNT(*) FROM account WHERE plan NOT IN ('free', 'pro') GROUP BY plan",
  "SELECT plan, COUNT(*) FROM account WHERE plan IS NULL OR plan NOT IN ('free', 'pro') GROUP BY plan",
  "NULL plans reported as failures")
B("dbt:relationships test",
  "SELECT child.from_field FROM (SELECT user_id AS from_field FROM event WHERE user_id IS NOT NULL) AS child "
  "LEFT JOIN (SELECT user_id AS to_field FROM app_user) AS parent ON child.from_field = parent.to_field "
  "WHERE parent.to_field IS NULL",
  "SELECT user_id FROM event WHERE 0 = 1",
  "SELECT child.from_field FROM (SELECT user_id AS from_field FROM event) AS child "
  "LEFT JOIN (SELECT user_id AS to_field FROM app_user) AS parent ON child.from_field = parent.to_field "
  "WHERE parent.to_field IS NULL",
  "the NOT NULL filter dropped: NULL references reported")
B("dbt_utils.unique_combination_of_columns",
  "SELECT account_id, product FROM subscription GROUP BY account_id, product HAVING COUNT(*) > 1",
  "SELECT account_id, product FROM subscription WHERE 1 = 0",
  ("SELECT account_id FROM subscription GROUP BY account_id HAVING COUNT(*) > 1",
   "SELECT account_id FROM subscription WHERE 1 = 0"),
  "the test on one column of the composite key")
B("dbt:not_null test",
  "SELECT * FROM app_user WHERE signup IS NULL",
  "SELECT * FROM app_user WHERE 1 = 0",
  ("SELECT * FROM app_user WHERE country IS NULL", "SELECT * FROM app_user WHERE 1 = 0"),
  "the test on a NULL-able column")
B("dbt_utils.at_least_one",
  "SELECT * FROM (SELECT COUNT(country) AS filler FROM app_user) AS t WHERE filler = 0",
  "SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM app_user WHERE country IS NOT NULL)",
  "SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM app_user)",
  "fails only on an empty table")
B("dbt_expectations.expect_column_values_to_be_between",
  "SELECT invoice_id FROM invoice WHERE NOT (amount >= 0 AND amount <= 5000)",
  "SELECT invoice_id FROM invoice WHERE amount < 0 OR amount > 5000",
  "SELECT invoice_id FROM invoice WHERE NOT COALESCE(amount >= 0 AND amount <= 5000, FALSE)",
  "NULL amounts reported as out of range")
B("dbt_utils.safe_divide",
  "SELECT account_id, product, mrr / NULLIF(seats, 0) FROM subscription",
  "SELECT account_id, product, CASE WHEN seats = 0 THEN NULL ELSE mrr / seats END FROM subscription",
  "SELECT account_id, product, mrr / COALESCE(NULLIF(seats, 0), 1) FROM subscription",
  "division by 1 where seats are missing or 0")
B("dbt_utils.nullif empty string (staging)",
  "SELECT user_id, NULLIF(email, '') AS email FROM app_user",
  "SELECT user_id, CASE WHEN email = '' THEN NULL ELSE email END FROM app_user",
  "SELECT user_id, COALESCE(email, '') FROM app_user",
  "NULL turned into the empty string instead")
B("dbt_utils.group_by ordinals",
  "SELECT region, plan, COUNT(*) FROM account GROUP BY 1, 2",
  "SELECT region, plan, COUNT(*) FROM account GROUP BY region, plan",
  "SELECT region, plan, COUNT(*) FROM account GROUP BY 1",
  "group_by(1) instead of group_by(2)", dialect="sqlite")
B("dbt:staging CTE rename chain",
  "WITH src AS (SELECT * FROM invoice), renamed AS (SELECT invoice_id AS id, account_id, amount AS amount_cents, "
  "paid = 1 AS is_paid FROM src) SELECT account_id, SUM(amount_cents) FROM renamed WHERE is_paid GROUP BY account_id",
  "SELECT account_id, SUM(amount) FROM invoice WHERE paid = 1 GROUP BY account_id",
  "SELECT account_id, SUM(amount) FROM invoice GROUP BY account_id HAVING MAX(paid) = 1",
  "the paid filter applied per account")
# dbt_utils.union_relations: a source column and NULL-filled missing columns.
B("dbt_utils.union_relations",
  "SELECT 'invoice' AS _dbt_source_relation, account_id, amount, NULL AS seats FROM invoice "
  "UNION ALL SELECT 'subscription', account_id, NULL, seats FROM subscription",
  "SELECT 'subscription', account_id, NULL, seats FROM subscription "
  "UNION ALL SELECT 'invoice', account_id, amount, NULL FROM invoice",
  "SELECT 'invoice' AS _dbt_source_relation, account_id, amount, NULL AS seats FROM invoice "
  "UNION SELECT 'subscription', account_id, NULL, seats FROM subscription",
  "UNION: equal invoice rows of one account merged")
# dbt_utils.get_column_values ordered by frequency.
B("dbt_utils.get_column_values by frequency",
  "SELECT plan FROM account GROUP BY plan ORDER BY COUNT(*) DESC, plan",
  "SELECT plan FROM (SELECT plan, COUNT(*) AS n FROM account GROUP BY plan) AS t ORDER BY n DESC, plan",
  "SELECT plan FROM (SELECT plan, COUNT(*) AS n FROM account GROUP BY plan) AS t ORDER BY n, plan",
  "least frequent first", semantics="list")

# --- more generated shapes

B("Looker:sql_distinct_key on a composite key",
  "SELECT a.region, COUNT(DISTINCT CAST(s.account_id AS TEXT) || '|' || s.product) FROM account AS a "
  "LEFT JOIN subscription AS s ON s.account_id = a.account_id LEFT JOIN app_user AS u ON u.account_id = a.account_id "
  "GROUP BY a.region",
  "SELECT a.region, COUNT(s.product) FROM account AS a LEFT JOIN subscription AS s ON s.account_id = a.account_id "
  "GROUP BY a.region",
  "SELECT a.region, COUNT(DISTINCT s.product) FROM account AS a LEFT JOIN subscription AS s ON s.account_id = a.account_id "
  "GROUP BY a.region",
  "the distinct key reduced to one column of the composite key")
B("Mode:next-day retention",
  "SELECT u.signup, COUNT(DISTINCT e.user_id) FROM app_user AS u LEFT JOIN event AS e ON e.user_id = u.user_id "
  "AND e.day > u.signup GROUP BY u.signup",
  "SELECT u.signup, SUM(CASE WHEN EXISTS (SELECT 1 FROM event AS e WHERE e.user_id = u.user_id AND e.day > u.signup) "
  "THEN 1 ELSE 0 END) FROM app_user AS u GROUP BY u.signup",
  "SELECT u.signup, SUM(CASE WHEN EXISTS (SELECT 1 FROM event AS e WHERE e.user_id = u.user_id AND e.day >= u.signup) "
  "THEN 1 ELSE 0 END) FROM app_user AS u GROUP BY u.signup",
  "activity on the signup day counted as retention")
B("Power BI:TOPN keeps ties",
  "SELECT account_id FROM (SELECT account_id, RANK() OVER (ORDER BY SUM(amount) DESC) AS r FROM invoice "
  "WHERE amount IS NOT NULL GROUP BY account_id) AS t WHERE r <= 1",
  "SELECT account_id FROM invoice WHERE amount IS NOT NULL GROUP BY account_id HAVING SUM(amount) = "
  "(SELECT MAX(s) FROM (SELECT SUM(amount) AS s FROM invoice WHERE amount IS NOT NULL GROUP BY account_id) AS t)",
  "SELECT account_id FROM (SELECT account_id, ROW_NUMBER() OVER (ORDER BY SUM(amount) DESC) AS r FROM invoice "
  "WHERE amount IS NOT NULL GROUP BY account_id) AS t WHERE r <= 1",
  "ROW_NUMBER: one of the tied accounts")
B("Superset:rolling sum over two periods",
  "SELECT day, SUM(n) OVER (ORDER BY day ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM "
  "(SELECT day, COUNT(*) AS n FROM event GROUP BY day) AS t",
  "WITH t AS (SELECT day, COUNT(*) AS n FROM event GROUP BY day) SELECT a.day, a.n + COALESCE((SELECT b.n FROM t AS b "
  "WHERE b.day < a.day ORDER BY b.day DESC LIMIT 1), 0) FROM t AS a",
  "WITH t AS (SELECT day, COUNT(*) AS n FROM event GROUP BY day) SELECT a.day, a.n + COALESCE((SELECT b.n FROM t AS b "
  "WHERE b.day <= a.day ORDER BY b.day DESC LIMIT 1), 0) FROM t AS a",
  "the previous period found with <=: the current one added twice")
B("Metabase:distinct values that are not empty",
  "SELECT COUNT(DISTINCT email) FROM app_user WHERE (email IS NOT NULL AND email <> '')",
  "SELECT COUNT(DISTINCT NULLIF(email, '')) FROM app_user",
  "SELECT COUNT(DISTINCT email) FROM app_user",
  "the empty e-mail counted as a value")
B("Metabase:breakout by a remapped foreign key",
  "SELECT account__via__account_id.name AS name, COUNT(*) AS count FROM app_user LEFT JOIN account AS account__via__account_id "
  "ON app_user.account_id = account__via__account_id.account_id GROUP BY account__via__account_id.name",
  "SELECT a.name, COUNT(*) FROM app_user AS u LEFT JOIN account AS a ON a.account_id = u.account_id GROUP BY a.name",
  "SELECT a.name, COUNT(*) FROM app_user AS u LEFT JOIN account AS a ON a.account_id = u.account_id "
  "GROUP BY a.account_id, a.name",
  "grouped by the id behind the name: equal names split")
B("Tableau:context filter before Top N",
  "SELECT account_id FROM (SELECT * FROM invoice WHERE paid = 1) AS t GROUP BY account_id "
  "ORDER BY SUM(amount) DESC, account_id LIMIT 1",
  "SELECT account_id FROM invoice WHERE paid = 1 GROUP BY account_id ORDER BY SUM(amount) DESC, account_id LIMIT 1",
  "SELECT account_id FROM invoice WHERE paid = 1 AND account_id IN (SELECT account_id FROM invoice GROUP BY account_id "
  "ORDER BY SUM(amount) DESC, account_id LIMIT 1) GROUP BY account_id",
  "the Top N computed before the (non-context) filter", semantics="list")
B("Mode:first activity per user as a window",
  "SELECT user_id, MIN(day) OVER (PARTITION BY user_id) FROM event",
  "SELECT e.user_id, f.first_day FROM event AS e JOIN (SELECT user_id, MIN(day) AS first_day FROM event GROUP BY user_id) AS f "
  "ON f.user_id IS NOT DISTINCT FROM e.user_id",
  "SELECT e.user_id, f.first_day FROM event AS e JOIN (SELECT user_id, MIN(day) AS first_day FROM event GROUP BY user_id) AS f "
  "ON f.user_id = e.user_id",
  "plain equality: anonymous events dropped")
B("Looker:always_filter in a generated WHERE",
  "SELECT account.plan AS account_plan, COUNT(*) AS account_count FROM account WHERE (1 = 1) AND ((account.region = 'EU')) "
  "AND (account.created >= '2024-01-01') GROUP BY 1",
  "SELECT plan, COUNT(*) FROM account WHERE region = 'EU' AND created >= '2024-01-01' GROUP BY plan",
  "SELECT plan, COUNT(*) FROM account WHERE region = 'EU' OR created >= '2024-01-01' GROUP BY plan",
  "the always_filter OR-ed with the user's filter")
B("Power BI:measure with blank-to-zero",
  "SELECT a.account_id, COALESCE(SUM(i.amount), 0) FROM account AS a LEFT JOIN invoice AS i ON i.account_id = a.account_id "
  "AND i.paid = 1 GROUP BY a.account_id",
  "SELECT a.account_id, (SELECT COALESCE(SUM(i.amount), 0) FROM invoice AS i WHERE i.account_id = a.account_id AND i.paid = 1) "
  "FROM account AS a",
  "SELECT a.account_id, COALESCE(SUM(i.amount), 0) FROM account AS a LEFT JOIN invoice AS i ON i.account_id = a.account_id "
  "WHERE i.paid = 1 GROUP BY a.account_id",
  "the paid filter in WHERE: accounts without paid invoices vanish")


# ============================================================ decorrelation (shipping)
# port(port_id PK, name, country NULL, depth NULL), vessel(vessel_id PK, name, home_port FK
# NULL-able, capacity NULL, built), voyage(voyage_id PK, vessel_id FK NOT NULL, from_port /
# to_port FK NULL-able, depart, days NULL), cargo(voyage_id FK, line_no; PK both, kind, tons
# REAL NULL, value NULL), and a keyless inspection(vessel_id FK NULL-able, port_id FK
# NULL-able, result NULL, fine NULL) with duplicate rows.

# --- Kim (1982): types N, A, J, JA, and the COUNT bug (Ganski-Wong's repair)

D("Kim:type N (IN to join on a key)",
  "SELECT v.vessel_id, v.name FROM vessel AS v WHERE v.home_port IN (SELECT port_id FROM port WHERE country = 'NO')",
  "SELECT v.vessel_id, v.name FROM vessel AS v JOIN port AS p ON p.port_id = v.home_port WHERE p.country = 'NO'",
  ("SELECT v.vessel_id FROM vessel AS v WHERE v.home_port IN (SELECT to_port FROM voyage WHERE days > 2)",
   "SELECT v.vessel_id FROM vessel AS v JOIN voyage AS y ON y.to_port = v.home_port WHERE y.days > 2"),
  "type N merged into a join on a non-key column: duplicates")
D("Kim:type A (uncorrelated aggregate computed once)",
  "SELECT vessel_id FROM vessel WHERE capacity > (SELECT AVG(capacity) FROM vessel)",
  "SELECT v.vessel_id FROM vessel AS v CROSS JOIN (SELECT AVG(capacity) AS a FROM vessel) AS t WHERE v.capacity > t.a",
  "SELECT v.vessel_id FROM vessel AS v JOIN (SELECT home_port, AVG(capacity) AS a FROM vessel GROUP BY home_port) AS t "
  "ON t.home_port = v.home_port WHERE v.capacity > t.a",
  "the type-A aggregate computed per home port")
D("Kim:type J (correlated IN to a DISTINCT join)",
  "SELECT y.voyage_id FROM voyage AS y WHERE y.to_port IN (SELECT i.port_id FROM inspection AS i WHERE i.vessel_id = y.vessel_id)",
  "SELECT DISTINCT y.voyage_id FROM voyage AS y JOIN inspection AS i ON i.port_id = y.to_port AND i.vessel_id = y.vessel_id",
  "SELECT y.voyage_id FROM voyage AS y JOIN inspection AS i ON i.port_id = y.to_port AND i.vessel_id = y.vessel_id",
  "no DISTINCT: duplicate inspection rows repeat a voyage")
D("Kim:type JA with MAX (grouped join)",
  "SELECT y.voyage_id FROM voyage AS y WHERE y.days = (SELECT MAX(y2.days) FROM voyage AS y2 WHERE y2.vessel_id = y.vessel_id)",
  "SELECT y.voyage_id FROM voyage AS y JOIN (SELECT vessel_id, MAX(days) AS m FROM voyage GROUP BY vessel_id) AS t "
  "ON t.vessel_id = y.vessel_id AND y.days = t.m",
  "SELECT y.voyage_id FROM voyage AS y JOIN (SELECT MAX(days) AS m FROM voyage) AS t ON y.days = t.m",
  "the correlation lost: the fleet-wide maximum")
D("Kim:COUNT bug with a comparison (< 2)",
  "SELECT p.port_id FROM port AS p WHERE (SELECT COUNT(*) FROM voyage AS y WHERE y.to_port = p.port_id) < 2",
  "SELECT p.port_id FROM port AS p LEFT JOIN (SELECT to_port, COUNT(*) AS n FROM voyage GROUP BY to_port) AS t "
  "ON t.to_port = p.port_id WHERE COALESCE(t.n, 0) < 2",
  "SELECT p.port_id FROM port AS p JOIN (SELECT to_port, COUNT(*) AS n FROM voyage GROUP BY to_port) AS t "
  "ON t.to_port = p.port_id WHERE t.n < 2",
  "Kim's join: ports never visited lost")
D("Ganski-Wong:COUNT of a column equals zero",
  "SELECT y.voyage_id FROM voyage AS y WHERE (SELECT COUNT(c.tons) FROM cargo AS c WHERE c.voyage_id = y.voyage_id) = 0",
  "SELECT y.voyage_id FROM voyage AS y LEFT JOIN cargo AS c ON c.voyage_id = y.voyage_id GROUP BY y.voyage_id "
  "HAVING COUNT(c.tons) = 0",
  "SELECT y.voyage_id FROM voyage AS y LEFT JOIN cargo AS c ON c.voyage_id = y.voyage_id GROUP BY y.voyage_id "
  "HAVING COUNT(*) = 0",
  "COUNT(*) over the outer join is never 0")
D("Ganski-Wong:inner filter belongs in ON",
  "SELECT v.vessel_id FROM vessel AS v WHERE v.capacity > (SELECT COUNT(*) * 100 FROM voyage AS y "
  "WHERE y.vessel_id = v.vessel_id AND y.days > 2)",
  "SELECT v.vessel_id FROM vessel AS v LEFT JOIN voyage AS y ON y.vessel_id = v.vessel_id AND y.days > 2 "
  "GROUP BY v.vessel_id, v.capacity HAVING v.capacity > COUNT(y.voyage_id) * 100",
  "SELECT v.vessel_id FROM vessel AS v LEFT JOIN voyage AS y ON y.vessel_id = v.vessel_id WHERE y.days > 2 "
  "GROUP BY v.vessel_id, v.capacity HAVING v.capacity > COUNT(y.voyage_id) * 100",
  "the subquery's filter in WHERE: vessels without long voyages lost")
D("Dayal:correlated SUM as an outer-join aggregate",
  "SELECT y.voyage_id, (SELECT SUM(c.value) FROM cargo AS c WHERE c.voyage_id = y.voyage_id) FROM voyage AS y",
  "SELECT y.voyage_id, SUM(c.value) FROM voyage AS y LEFT JOIN cargo AS c ON c.voyage_id = y.voyage_id GROUP BY y.voyage_id",
  "SELECT y.voyage_id, COALESCE(SUM(c.value), 0) FROM voyage AS y LEFT JOIN cargo AS c ON c.voyage_id = y.voyage_id "
  "GROUP BY y.voyage_id",
  "the sum of no cargo made 0")
D("Muralikrishna:non-equality correlated AVG",
  "SELECT y.voyage_id FROM voyage AS y WHERE y.days > (SELECT AVG(y2.days) FROM voyage AS y2 WHERE y2.depart < y.depart)",
  "SELECT y.voyage_id FROM voyage AS y JOIN voyage AS y2 ON y2.depart < y.depart GROUP BY y.voyage_id, y.days "
  "HAVING y.days > AVG(y2.days)",
  "SELECT y.voyage_id FROM voyage AS y JOIN voyage AS y2 ON y2.depart <= y.depart GROUP BY y.voyage_id, y.days "
  "HAVING y.days > AVG(y2.days)",
  "<= in the join: the voyage itself and same-day voyages averaged in")
D("Kim:EXISTS over a scalar aggregate is always true",
  "SELECT v.vessel_id FROM vessel AS v WHERE EXISTS (SELECT COUNT(*) FROM voyage AS y WHERE y.vessel_id = v.vessel_id)",
  "SELECT vessel_id FROM vessel",
  "SELECT v.vessel_id FROM vessel AS v WHERE EXISTS (SELECT COUNT(*) FROM voyage AS y WHERE y.vessel_id = v.vessel_id "
  "GROUP BY y.vessel_id)",
  "a GROUP BY makes the aggregate empty for vessels without voyages")
D("Kim:type JA on a NULL-able correlation column",
  "SELECT i.vessel_id, i.port_id FROM inspection AS i WHERE i.fine = (SELECT MAX(i2.fine) FROM inspection AS i2 "
  "WHERE i2.port_id = i.port_id)",
  "SELECT i.vessel_id, i.port_id FROM inspection AS i JOIN (SELECT port_id, MAX(fine) AS m FROM inspection GROUP BY port_id) AS t "
  "ON t.port_id = i.port_id AND i.fine = t.m",
  "SELECT i.vessel_id, i.port_id FROM inspection AS i JOIN (SELECT port_id, MAX(fine) AS m FROM inspection GROUP BY port_id) AS t "
  "ON t.port_id IS NOT DISTINCT FROM i.port_id AND i.fine = t.m",
  "NULL-safe correlation: the NULL-port group matched too")
D("Kim:type N with duplicates in the outer (semi-join keeps them)",
  "SELECT p.name FROM port AS p WHERE p.port_id IN (SELECT to_port FROM voyage)",
  "SELECT p.name FROM port AS p JOIN (SELECT DISTINCT to_port FROM voyage) AS y ON y.to_port = p.port_id",
  "SELECT DISTINCT p.name FROM port AS p JOIN voyage AS y ON y.to_port = p.port_id",
  "DISTINCT on the output: ports of the same name merged")

# --- magic decorrelation (Seshadri et al.) and magic sets

D("Seshadri:magic set for a correlated MIN",
  "SELECT v.vessel_id, v.name FROM vessel AS v WHERE v.capacity >= 100 AND v.built = (SELECT MIN(v2.built) FROM vessel AS v2 "
  "WHERE v2.home_port = v.home_port)",
  "WITH magic AS (SELECT DISTINCT home_port FROM vessel WHERE capacity >= 100), "
  "mins AS (SELECT m.home_port, MIN(v2.built) AS b FROM magic AS m JOIN vessel AS v2 ON v2.home_port = m.home_port "
  "GROUP BY m.home_port) SELECT v.vessel_id, v.name FROM vessel AS v JOIN mins ON mins.home_port = v.home_port "
  "WHERE v.capacity >= 100 AND v.built = mins.b",
  "WITH magic AS (SELECT DISTINCT home_port FROM vessel WHERE capacity >= 100), "
  "mins AS (SELECT m.home_port, MIN(v2.built) AS b FROM magic AS m JOIN vessel AS v2 ON v2.home_port IS NOT DISTINCT FROM m.home_port "
  "GROUP BY m.home_port) SELECT v.vessel_id, v.name FROM vessel AS v JOIN mins ON mins.home_port IS NOT DISTINCT FROM v.home_port "
  "WHERE v.capacity >= 100 AND v.built = mins.b",
  "NULL-safe joins in the magic set: vessels without a home port compared among themselves")
D("Magic sets:supplementary filter for a correlated SUM",
  "SELECT y.voyage_id FROM voyage AS y WHERE y.days <= 3 AND 100 < (SELECT SUM(c.value) FROM cargo AS c "
  "WHERE c.voyage_id = y.voyage_id)",
  "SELECT y.voyage_id FROM voyage AS y JOIN (SELECT c.voyage_id, SUM(c.value) AS s FROM cargo AS c "
  "WHERE c.voyage_id IN (SELECT voyage_id FROM voyage WHERE days <= 3) GROUP BY c.voyage_id) AS t ON t.voyage_id = y.voyage_id "
  "WHERE y.days <= 3 AND t.s > 100",
  "SELECT y.voyage_id FROM voyage AS y JOIN (SELECT c.voyage_id, SUM(c.value) AS s FROM cargo AS c "
  "WHERE c.voyage_id IN (SELECT voyage_id FROM voyage WHERE days < 3) GROUP BY c.voyage_id) AS t ON t.voyage_id = y.voyage_id "
  "WHERE y.days <= 3 AND t.s > 100",
  "the magic filter off by one: three-day voyages lost")

# --- Apply operator rules (Galindo-Legaria & Joshi; SQL Server)

D("Apply:scalar aggregate to an outer join grouped on the key",
  "SELECT p.port_id, (SELECT MAX(v.capacity) FROM vessel AS v WHERE v.home_port = p.port_id) FROM port AS p",
  "SELECT p.port_id, MAX(v.capacity) FROM port AS p LEFT JOIN vessel AS v ON v.home_port = p.port_id GROUP BY p.port_id",
  "SELECT MIN(p.port_id), MAX(v.capacity) FROM port AS p LEFT JOIN vessel AS v ON v.home_port = p.port_id GROUP BY p.name",
  "grouped on the port's name, not its key")
D("Apply:EXISTS to a semi-join (IN)",
  "SELECT y.voyage_id FROM voyage AS y WHERE EXISTS (SELECT 1 FROM cargo AS c WHERE c.voyage_id = y.voyage_id AND c.kind = 'oil')",
  "SELECT voyage_id FROM voyage WHERE voyage_id IN (SELECT voyage_id FROM cargo WHERE kind = 'oil')",
  "SELECT y.voyage_id FROM voyage AS y JOIN cargo AS c ON c.voyage_id = y.voyage_id WHERE c.kind = 'oil'",
  "a join for the semi-join: two oil lines give two rows")
D("SQL Server:SegmentApply (correlated AVG to a window)",
  "SELECT y.voyage_id, y.days FROM voyage AS y WHERE y.days > (SELECT AVG(y2.days) FROM voyage AS y2 WHERE y2.vessel_id = y.vessel_id)",
  "SELECT voyage_id, days FROM (SELECT voyage_id, days, AVG(days) OVER (PARTITION BY vessel_id) AS a FROM voyage) AS t WHERE days > a",
  "SELECT voyage_id, days FROM (SELECT voyage_id, days, AVG(days) OVER () AS a FROM voyage) AS t WHERE days > a",
  "the window without its partition")
D("Apply:Max1Row on a unique key to an outer join",
  "SELECT y.voyage_id, (SELECT p.name FROM port AS p WHERE p.port_id = y.to_port) FROM voyage AS y",
  "SELECT y.voyage_id, p.name FROM voyage AS y LEFT JOIN port AS p ON p.port_id = y.to_port",
  "SELECT y.voyage_id, p.name FROM voyage AS y JOIN port AS p ON p.port_id = y.to_port",
  "an inner join: voyages without a destination lost")
D("Apply:conditional scalar subquery in CASE",
  "SELECT v.vessel_id, CASE WHEN v.capacity > 200 THEN (SELECT COUNT(*) FROM voyage AS y WHERE y.vessel_id = v.vessel_id) "
  "ELSE 0 END FROM vessel AS v",
  "SELECT v.vessel_id, CASE WHEN v.capacity > 200 THEN COUNT(y.voyage_id) ELSE 0 END FROM vessel AS v "
  "LEFT JOIN voyage AS y ON y.vessel_id = v.vessel_id GROUP BY v.vessel_id, v.capacity",
  "SELECT v.vessel_id, CASE WHEN v.capacity > 200 THEN COUNT(*) ELSE 0 END FROM vessel AS v "
  "LEFT JOIN voyage AS y ON y.vessel_id = v.vessel_id GROUP BY v.vessel_id, v.capacity",
  "COUNT(*) over the outer join: 1 for a vessel without voyages")
D("Apply:correlated HAVING subquery to a join of aggregates",
  "SELECT y.vessel_id, COUNT(*) FROM voyage AS y GROUP BY y.vessel_id HAVING COUNT(*) > "
  "(SELECT COUNT(*) FROM inspection AS i WHERE i.vessel_id = y.vessel_id)",
  "SELECT y.vessel_id, y.n FROM (SELECT vessel_id, COUNT(*) AS n FROM voyage GROUP BY vessel_id) AS y "
  "LEFT JOIN (SELECT vessel_id, COUNT(*) AS m FROM inspection GROUP BY vessel_id) AS i ON i.vessel_id = y.vessel_id "
  "WHERE y.n > COALESCE(i.m, 0)",
  "SELECT y.vessel_id, y.n FROM (SELECT vessel_id, COUNT(*) AS n FROM voyage GROUP BY vessel_id) AS y "
  "LEFT JOIN (SELECT vessel_id, COUNT(*) AS m FROM inspection GROUP BY vessel_id) AS i ON i.vessel_id = y.vessel_id "
  "WHERE y.n > i.m",
  "the missing inspection count left NULL (COUNT bug)")
D("Apply:correlation on two outer columns",
  "SELECT y.voyage_id, (SELECT COUNT(*) FROM inspection AS i WHERE i.vessel_id = y.vessel_id AND i.port_id = y.to_port) "
  "FROM voyage AS y",
  "SELECT y.voyage_id, COUNT(i.vessel_id) FROM voyage AS y LEFT JOIN inspection AS i ON i.vessel_id = y.vessel_id "
  "AND i.port_id = y.to_port GROUP BY y.voyage_id",
  "SELECT y.voyage_id, COUNT(i.vessel_id) FROM voyage AS y LEFT JOIN inspection AS i ON i.vessel_id = y.vessel_id "
  "WHERE i.port_id = y.to_port GROUP BY y.voyage_id",
  "the second correlation in WHERE: voyages without a match lost")
D("Apply:correlated COUNT DISTINCT to a grouped outer join",
  "SELECT p.port_id, (SELECT COUNT(DISTINCT y.vessel_id) FROM voyage AS y WHERE y.to_port = p.port_id) FROM port AS p",
  "SELECT p.port_id, COUNT(DISTINCT y.vessel_id) FROM port AS p LEFT JOIN voyage AS y ON y.to_port = p.port_id GROUP BY p.port_id",
  "SELECT p.port_id, COUNT(y.vessel_id) FROM port AS p LEFT JOIN voyage AS y ON y.to_port = p.port_id GROUP BY p.port_id",
  "DISTINCT lost: repeat visits by one vessel counted")
D("Apply:correlated subquery in ORDER BY",
  "SELECT v.vessel_id FROM vessel AS v ORDER BY (SELECT COUNT(*) FROM voyage AS y WHERE y.vessel_id = v.vessel_id) DESC, v.vessel_id",
  "SELECT v.vessel_id FROM vessel AS v LEFT JOIN voyage AS y ON y.vessel_id = v.vessel_id GROUP BY v.vessel_id "
  "ORDER BY COUNT(y.voyage_id) DESC, v.vessel_id",
  "SELECT v.vessel_id FROM vessel AS v LEFT JOIN voyage AS y ON y.vessel_id = v.vessel_id GROUP BY v.vessel_id "
  "ORDER BY COUNT(*) DESC, v.vessel_id",
  "COUNT(*) ties an idle vessel with a one-voyage vessel", semantics="list")

# --- Neumann & Kemper (unnesting arbitrary queries) and dependent joins

D("Neumann-Kemper:disjunctive correlation",
  "SELECT y.voyage_id FROM voyage AS y WHERE EXISTS (SELECT 1 FROM inspection AS i WHERE i.vessel_id = y.vessel_id "
  "OR i.port_id = y.to_port)",
  "SELECT y.voyage_id FROM voyage AS y WHERE y.vessel_id IN (SELECT vessel_id FROM inspection) "
  "OR y.to_port IN (SELECT port_id FROM inspection)",
  "SELECT y.voyage_id FROM voyage AS y JOIN inspection AS i ON i.vessel_id = y.vessel_id OR i.port_id = y.to_port",
  "a join for the semi-join: one row per matching inspection")
D("Neumann-Kemper:non-equi top-1 (next voyage)",
  "SELECT y.voyage_id, (SELECT y2.voyage_id FROM voyage AS y2 WHERE y2.vessel_id = y.vessel_id AND y2.depart > y.depart "
  "ORDER BY y2.depart, y2.voyage_id LIMIT 1) FROM voyage AS y",
  "SELECT y.voyage_id, (SELECT MIN(y2.voyage_id) FROM voyage AS y2 WHERE y2.vessel_id = y.vessel_id AND y2.depart = "
  "(SELECT MIN(y3.depart) FROM voyage AS y3 WHERE y3.vessel_id = y.vessel_id AND y3.depart > y.depart)) FROM voyage AS y",
  "SELECT voyage_id, LEAD(voyage_id) OVER (PARTITION BY vessel_id ORDER BY depart, voyage_id) FROM voyage",
  "LEAD: a voyage departing the same day counts as the next")
D("Neumann-Kemper:correlation through a GROUP BY",
  "SELECT v.vessel_id FROM vessel AS v WHERE 2 <= (SELECT COUNT(*) FROM (SELECT y.to_port FROM voyage AS y "
  "WHERE y.vessel_id = v.vessel_id GROUP BY y.to_port) AS g)",
  "SELECT vessel_id FROM voyage GROUP BY vessel_id HAVING COUNT(DISTINCT to_port) "
  "+ MAX(CASE WHEN to_port IS NULL THEN 1 ELSE 0 END) >= 2",
  "SELECT vessel_id FROM voyage GROUP BY vessel_id HAVING COUNT(DISTINCT to_port) >= 2",
  "the NULL destination group not counted")
D("Neumann-Kemper:correlated subquery in an ON clause",
  "SELECT v.vessel_id, y.voyage_id FROM vessel AS v LEFT JOIN voyage AS y ON y.vessel_id = v.vessel_id "
  "AND y.days = (SELECT MAX(y2.days) FROM voyage AS y2 WHERE y2.vessel_id = v.vessel_id)",
  "SELECT v.vessel_id, t.voyage_id FROM vessel AS v LEFT JOIN (SELECT voyage_id, vessel_id, days, "
  "MAX(days) OVER (PARTITION BY vessel_id) AS m FROM voyage) AS t ON t.vessel_id = v.vessel_id AND t.days = t.m",
  "SELECT v.vessel_id, y.voyage_id FROM vessel AS v LEFT JOIN voyage AS y ON y.vessel_id = v.vessel_id "
  "WHERE y.days = (SELECT MAX(y2.days) FROM voyage AS y2 WHERE y2.vessel_id = v.vessel_id)",
  "the condition moved to WHERE: vessels without voyages lost")
D("Neumann-Kemper:EXISTS with OFFSET as a count",
  "SELECT v.vessel_id FROM vessel AS v WHERE EXISTS (SELECT 1 FROM voyage AS y WHERE y.vessel_id = v.vessel_id LIMIT 1 OFFSET 1)",
  "SELECT v.vessel_id FROM vessel AS v WHERE (SELECT COUNT(*) FROM voyage AS y WHERE y.vessel_id = v.vessel_id) >= 2",
  "SELECT v.vessel_id FROM vessel AS v WHERE (SELECT COUNT(*) FROM voyage AS y WHERE y.vessel_id = v.vessel_id) > 2",
  "the count threshold off by one")
D("Neumann-Kemper:running MAX as a window",
  "SELECT y.voyage_id, (SELECT MAX(y2.days) FROM voyage AS y2 WHERE y2.vessel_id = y.vessel_id AND y2.voyage_id <= y.voyage_id) "
  "FROM voyage AS y",
  "SELECT voyage_id, MAX(days) OVER (PARTITION BY vessel_id ORDER BY voyage_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) "
  "FROM voyage",
  "SELECT y.voyage_id, (SELECT MAX(y2.days) FROM voyage AS y2 WHERE y2.vessel_id = y.vessel_id AND y2.voyage_id < y.voyage_id) "
  "FROM voyage AS y",
  "the current row excluded")
D("Neumann-Kemper:correlated aggregate over a join",
  "SELECT v.vessel_id, (SELECT SUM(c.value) FROM voyage AS y JOIN cargo AS c ON c.voyage_id = y.voyage_id "
  "WHERE y.vessel_id = v.vessel_id) FROM vessel AS v",
  "SELECT v.vessel_id, t.s FROM vessel AS v LEFT JOIN (SELECT y.vessel_id, SUM(c.value) AS s FROM voyage AS y "
  "JOIN cargo AS c ON c.voyage_id = y.voyage_id GROUP BY y.vessel_id) AS t ON t.vessel_id = v.vessel_id",
  "SELECT v.vessel_id, t.s FROM vessel AS v JOIN (SELECT y.vessel_id, SUM(c.value) AS s FROM voyage AS y "
  "JOIN cargo AS c ON c.voyage_id = y.voyage_id GROUP BY y.vessel_id) AS t ON t.vessel_id = v.vessel_id",
  "an inner join: vessels without cargo lost")

# --- Bellamkonda et al. (Oracle 11g): subquery coalescing, null-aware anti-join, group-by placement

D("Bellamkonda:coalescing two disjunctive EXISTS",
  "SELECT y.voyage_id FROM voyage AS y WHERE EXISTS (SELECT 1 FROM cargo AS c WHERE c.voyage_id = y.voyage_id AND c.kind = 'oil') "
  "OR EXISTS (SELECT 1 FROM cargo AS c WHERE c.voyage_id = y.voyage_id AND c.tons > 10)",
  "SELECT y.voyage_id FROM voyage AS y WHERE EXISTS (SELECT 1 FROM cargo AS c WHERE c.voyage_id = y.voyage_id "
  "AND (c.kind = 'oil' OR c.tons > 10))",
  ("SELECT y.voyage_id FROM voyage AS y WHERE EXISTS (SELECT 1 FROM cargo AS c WHERE c.voyage_id = y.voyage_id AND c.kind = 'oil') "
   "AND EXISTS (SELECT 1 FROM cargo AS c WHERE c.voyage_id = y.voyage_id AND c.tons > 10)",
   "SELECT y.voyage_id FROM voyage AS y WHERE EXISTS (SELECT 1 FROM cargo AS c WHERE c.voyage_id = y.voyage_id "
   "AND c.kind = 'oil' AND c.tons > 10)"),
  "conjunctive EXISTS coalesced: both conditions demanded of one line")
D("Bellamkonda:coalescing EXISTS and NOT EXISTS",
  "SELECT y.voyage_id FROM voyage AS y WHERE EXISTS (SELECT 1 FROM cargo AS c WHERE c.voyage_id = y.voyage_id) "
  "AND NOT EXISTS (SELECT 1 FROM cargo AS c WHERE c.voyage_id = y.voyage_id AND c.kind = 'oil')",
  "SELECT y.voyage_id FROM voyage AS y WHERE EXISTS (SELECT COUNT(*) FROM cargo AS c WHERE c.voyage_id = y.voyage_id "
  "HAVING SUM(CASE WHEN c.kind = 'oil' THEN 1 ELSE 0 END) = 0)",
  "SELECT y.voyage_id FROM voyage AS y WHERE EXISTS (SELECT 1 FROM cargo AS c WHERE c.voyage_id = y.voyage_id "
  "AND c.kind <> 'oil')",
  "coalesced into one EXISTS of a non-oil line")
D("Bellamkonda:null-aware anti-join",
  "SELECT port_id FROM port WHERE port_id NOT IN (SELECT home_port FROM vessel)",
  "SELECT p.port_id FROM port AS p WHERE NOT EXISTS (SELECT 1 FROM vessel AS v WHERE v.home_port = p.port_id) "
  "AND NOT EXISTS (SELECT 1 FROM vessel AS v WHERE v.home_port IS NULL)",
  "SELECT p.port_id FROM port AS p WHERE NOT EXISTS (SELECT 1 FROM vessel AS v WHERE v.home_port = p.port_id)",
  "a plain anti-join: a vessel without a home port no longer empties the result")
D("Bellamkonda:single null-aware anti-join (NULL-able outer)",
  "SELECT vessel_id FROM vessel WHERE home_port NOT IN (SELECT port_id FROM port WHERE country = 'NO')",
  "SELECT v.vessel_id FROM vessel AS v WHERE (v.home_port IS NOT NULL OR NOT EXISTS (SELECT 1 FROM port WHERE country = 'NO')) "
  "AND NOT EXISTS (SELECT 1 FROM port AS p WHERE p.country = 'NO' AND p.port_id = v.home_port)",
  "SELECT v.vessel_id FROM vessel AS v WHERE NOT EXISTS (SELECT 1 FROM port AS p WHERE p.country = 'NO' "
  "AND p.port_id = v.home_port)",
  "vessels without a home port kept although NOT IN is unknown for them")
D("Bellamkonda:group-by placement below a join",
  "SELECT p.country, SUM(c.value) FROM cargo AS c JOIN voyage AS y ON y.voyage_id = c.voyage_id "
  "JOIN port AS p ON p.port_id = y.to_port GROUP BY p.country",
  "SELECT p.country, SUM(t.s) FROM (SELECT voyage_id, SUM(value) AS s FROM cargo GROUP BY voyage_id) AS t "
  "JOIN voyage AS y ON y.voyage_id = t.voyage_id JOIN port AS p ON p.port_id = y.to_port GROUP BY p.country",
  ("SELECT p.country, AVG(c.value) FROM cargo AS c JOIN voyage AS y ON y.voyage_id = c.voyage_id "
   "JOIN port AS p ON p.port_id = y.to_port GROUP BY p.country",
   "SELECT p.country, AVG(t.a) FROM (SELECT voyage_id, AVG(value) AS a FROM cargo GROUP BY voyage_id) AS t "
   "JOIN voyage AS y ON y.voyage_id = t.voyage_id JOIN port AS p ON p.port_id = y.to_port GROUP BY p.country"),
  "AVG placed below the join: an average of averages")

# --- Elhemali et al. (SQL Server): subqueries in disjunctions, under NOT, quantified forms

D("Elhemali:subquery in a disjunction to UNION",
  "SELECT v.vessel_id FROM vessel AS v WHERE v.capacity > 300 OR EXISTS (SELECT 1 FROM inspection AS i "
  "WHERE i.vessel_id = v.vessel_id AND i.result = 'fail')",
  "SELECT vessel_id FROM vessel WHERE capacity > 300 UNION SELECT v.vessel_id FROM vessel AS v "
  "JOIN inspection AS i ON i.vessel_id = v.vessel_id WHERE i.result = 'fail'",
  "SELECT vessel_id FROM vessel WHERE capacity > 300 UNION ALL SELECT v.vessel_id FROM vessel AS v "
  "JOIN inspection AS i ON i.vessel_id = v.vessel_id WHERE i.result = 'fail'",
  "UNION ALL: vessels in both branches, and repeated failures, duplicated")
D("Elhemali:NOT over a scalar subquery comparison",
  "SELECT v.vessel_id FROM vessel AS v WHERE NOT (v.capacity > (SELECT AVG(w.capacity) FROM vessel AS w "
  "WHERE w.home_port = v.home_port))",
  "SELECT v.vessel_id FROM vessel AS v WHERE v.capacity <= (SELECT AVG(w.capacity) FROM vessel AS w "
  "WHERE w.home_port = v.home_port)",
  "SELECT v.vessel_id FROM vessel AS v WHERE NOT EXISTS (SELECT COUNT(*) FROM vessel AS w WHERE w.home_port = v.home_port "
  "HAVING v.capacity > AVG(w.capacity))",
  "NOT EXISTS of the comparison: unknown comparisons become true")
D("Elhemali:ANY comparison to MIN",
  "SELECT v.vessel_id FROM vessel AS v WHERE EXISTS (SELECT 1 FROM vessel AS w WHERE w.home_port = v.home_port "
  "AND w.capacity < v.capacity)",
  "SELECT v.vessel_id FROM vessel AS v WHERE v.capacity > (SELECT MIN(w.capacity) FROM vessel AS w WHERE w.home_port = v.home_port)",
  "SELECT v.vessel_id FROM vessel AS v WHERE v.capacity >= (SELECT MIN(w.capacity) FROM vessel AS w WHERE w.home_port = v.home_port)",
  ">= MIN: the vessel compared with itself")
D("Elhemali:ALL comparison over a possibly empty set",
  "SELECT v.vessel_id FROM vessel AS v WHERE NOT EXISTS (SELECT 1 FROM vessel AS w WHERE w.home_port = v.home_port "
  "AND w.built <= v.built AND w.vessel_id <> v.vessel_id)",
  "SELECT v.vessel_id FROM vessel AS v WHERE v.built < COALESCE((SELECT MIN(w.built) FROM vessel AS w "
  "WHERE w.home_port = v.home_port AND w.vessel_id <> v.vessel_id), v.built + 1)",
  "SELECT v.vessel_id FROM vessel AS v WHERE v.built < (SELECT MIN(w.built) FROM vessel AS w "
  "WHERE w.home_port = v.home_port AND w.vessel_id <> v.vessel_id)",
  "< MIN without the empty-set case: vessels alone at their port lost")
D("Elhemali:correlated IN with an aggregate",
  "SELECT c.voyage_id, c.line_no FROM cargo AS c WHERE c.tons IN (SELECT MAX(c2.tons) FROM cargo AS c2 "
  "WHERE c2.voyage_id = c.voyage_id)",
  "SELECT c.voyage_id, c.line_no FROM cargo AS c WHERE c.tons IS NOT NULL AND NOT EXISTS (SELECT 1 FROM cargo AS c2 "
  "WHERE c2.voyage_id = c.voyage_id AND c2.tons > c.tons)",
  "SELECT c.voyage_id, c.line_no FROM cargo AS c WHERE NOT EXISTS (SELECT 1 FROM cargo AS c2 "
  "WHERE c2.voyage_id = c.voyage_id AND c2.tons > c.tons)",
  "lines without a weight kept")

# --- GPORCA subquery transforms

D("GPORCA:CXformInnerApply2InnerJoin (correlated EXISTS with a range)",
  "SELECT v.vessel_id FROM vessel AS v WHERE EXISTS (SELECT 1 FROM voyage AS y WHERE y.vessel_id = v.vessel_id "
  "AND y.days > v.capacity / 100)",
  "SELECT DISTINCT v.vessel_id FROM vessel AS v JOIN voyage AS y ON y.vessel_id = v.vessel_id WHERE y.days > v.capacity / 100",
  "SELECT v.vessel_id FROM vessel AS v JOIN voyage AS y ON y.vessel_id = v.vessel_id WHERE y.days > v.capacity / 100",
  "the join without DISTINCT")
D("GPORCA:CXformLeftAntiSemiApply2LeftAntiSemiJoinNotIn",
  "SELECT v.vessel_id FROM vessel AS v WHERE v.home_port NOT IN (SELECT y.to_port FROM voyage AS y WHERE y.vessel_id = v.vessel_id)",
  "SELECT v.vessel_id FROM vessel AS v WHERE NOT EXISTS (SELECT 1 FROM voyage AS y WHERE y.vessel_id = v.vessel_id "
  "AND (y.to_port = v.home_port OR y.to_port IS NULL OR v.home_port IS NULL))",
  "SELECT v.vessel_id FROM vessel AS v WHERE NOT EXISTS (SELECT 1 FROM voyage AS y WHERE y.vessel_id = v.vessel_id "
  "AND y.to_port = v.home_port)",
  "NOT IN as a plain anti-join: NULL ports ignored")
D("GPORCA:CXformLeftSemiApply2LeftSemiJoin (IN to EXISTS)",
  "SELECT y.voyage_id FROM voyage AS y WHERE y.from_port IN (SELECT i.port_id FROM inspection AS i WHERE i.vessel_id = y.vessel_id)",
  "SELECT y.voyage_id FROM voyage AS y WHERE EXISTS (SELECT 1 FROM inspection AS i WHERE i.vessel_id = y.vessel_id "
  "AND i.port_id = y.from_port)",
  ("SELECT y.voyage_id FROM voyage AS y WHERE y.from_port NOT IN (SELECT i.port_id FROM inspection AS i "
   "WHERE i.vessel_id = y.vessel_id)",
   "SELECT y.voyage_id FROM voyage AS y WHERE NOT EXISTS (SELECT 1 FROM inspection AS i WHERE i.vessel_id = y.vessel_id "
   "AND i.port_id = y.from_port)"),
  "the same rewrite negated: NOT IN is not NOT EXISTS over NULLs")
D("GPORCA:CXformSelect2Apply with a correlated scalar in SELECT and WHERE",
  "SELECT y.voyage_id FROM voyage AS y WHERE (SELECT COUNT(*) FROM cargo AS c WHERE c.voyage_id = y.voyage_id AND c.kind = 'grain') "
  "= (SELECT COUNT(*) FROM cargo AS c WHERE c.voyage_id = y.voyage_id)",
  "SELECT y.voyage_id FROM voyage AS y WHERE NOT EXISTS (SELECT 1 FROM cargo AS c WHERE c.voyage_id = y.voyage_id "
  "AND c.kind <> 'grain')",
  "SELECT y.voyage_id FROM voyage AS y WHERE EXISTS (SELECT 1 FROM cargo AS c WHERE c.voyage_id = y.voyage_id) "
  "AND NOT EXISTS (SELECT 1 FROM cargo AS c WHERE c.voyage_id = y.voyage_id AND c.kind <> 'grain')",
  "voyages without cargo (0 = 0) dropped")

# --- semi- and anti-join introduction

D("Anti-join introduction:LEFT JOIN IS NULL on a composite key",
  "SELECT y.voyage_id FROM voyage AS y LEFT JOIN cargo AS c ON c.voyage_id = y.voyage_id AND c.kind = 'oil' WHERE c.line_no IS NULL",
  "SELECT y.voyage_id FROM voyage AS y WHERE NOT EXISTS (SELECT 1 FROM cargo AS c WHERE c.voyage_id = y.voyage_id "
  "AND c.kind = 'oil')",
  "SELECT y.voyage_id FROM voyage AS y LEFT JOIN cargo AS c ON c.voyage_id = y.voyage_id AND c.kind = 'oil' WHERE c.tons IS NULL",
  "the anti-join tested on a NULL-able column: oil lines without a weight pass")
D("Anti-join introduction:EXCEPT on a key to NOT EXISTS",
  "SELECT vessel_id FROM vessel EXCEPT SELECT vessel_id FROM inspection",
  "SELECT v.vessel_id FROM vessel AS v WHERE NOT EXISTS (SELECT 1 FROM inspection AS i WHERE i.vessel_id = v.vessel_id)",
  ("SELECT home_port FROM vessel EXCEPT SELECT port_id FROM inspection",
   "SELECT DISTINCT v.home_port FROM vessel AS v WHERE NOT EXISTS (SELECT 1 FROM inspection AS i WHERE i.port_id = v.home_port)"),
  "on a NULL-able column: EXCEPT matches NULL with NULL, the anti-join does not")
D("Semi-join introduction:INTERSECT to NULL-safe EXISTS",
  "SELECT home_port FROM vessel INTERSECT SELECT to_port FROM voyage",
  "SELECT DISTINCT v.home_port FROM vessel AS v WHERE EXISTS (SELECT 1 FROM voyage AS y WHERE y.to_port IS NOT DISTINCT FROM v.home_port)",
  "SELECT DISTINCT v.home_port FROM vessel AS v WHERE EXISTS (SELECT 1 FROM voyage AS y WHERE y.to_port = v.home_port)",
  "plain equality: the NULL row no longer intersects")
D("Semi-join introduction:LEFT JOIN with COUNT > 0 to a join",
  "SELECT p.port_id, COUNT(v.vessel_id) FROM port AS p LEFT JOIN vessel AS v ON v.home_port = p.port_id GROUP BY p.port_id "
  "HAVING COUNT(v.vessel_id) > 0",
  "SELECT p.port_id, COUNT(*) FROM port AS p JOIN vessel AS v ON v.home_port = p.port_id GROUP BY p.port_id",
  ("SELECT p.port_id, COUNT(v.vessel_id) FROM port AS p LEFT JOIN vessel AS v ON v.home_port = p.port_id GROUP BY p.port_id "
   "HAVING COUNT(*) > 0",
   "SELECT p.port_id, COUNT(*) FROM port AS p JOIN vessel AS v ON v.home_port = p.port_id GROUP BY p.port_id"),
  "HAVING COUNT(*) keeps ports without vessels")
D("Relational division by counting",
  "SELECT v.vessel_id FROM vessel AS v WHERE NOT EXISTS (SELECT 1 FROM port AS p WHERE p.country = 'NO' AND NOT EXISTS "
  "(SELECT 1 FROM voyage AS y WHERE y.vessel_id = v.vessel_id AND y.to_port = p.port_id))",
  "SELECT v.vessel_id FROM vessel AS v WHERE (SELECT COUNT(DISTINCT y.to_port) FROM voyage AS y JOIN port AS p "
  "ON p.port_id = y.to_port WHERE y.vessel_id = v.vessel_id AND p.country = 'NO') = (SELECT COUNT(*) FROM port WHERE country = 'NO')",
  "SELECT v.vessel_id FROM vessel AS v WHERE (SELECT COUNT(y.to_port) FROM voyage AS y JOIN port AS p "
  "ON p.port_id = y.to_port WHERE y.vessel_id = v.vessel_id AND p.country = 'NO') = (SELECT COUNT(*) FROM port WHERE country = 'NO')",
  "repeat visits counted: a vessel visiting one port twice passes")

# --- outer-join simplification (Galindo-Legaria & Rosenthal's null rejection)

D("Outer-join simplification:disjunction rejecting NULLs",
  "SELECT v.vessel_id, p.name FROM vessel AS v LEFT JOIN port AS p ON p.port_id = v.home_port WHERE p.depth > 10 OR p.country = 'NO'",
  "SELECT v.vessel_id, p.name FROM vessel AS v JOIN port AS p ON p.port_id = v.home_port WHERE p.depth > 10 OR p.country = 'NO'",
  ("SELECT v.vessel_id, p.name FROM vessel AS v LEFT JOIN port AS p ON p.port_id = v.home_port WHERE p.depth > 10 OR v.capacity > 200",
   "SELECT v.vessel_id, p.name FROM vessel AS v JOIN port AS p ON p.port_id = v.home_port WHERE p.depth > 10 OR v.capacity > 200"),
  "a disjunct on the preserved side: the predicate no longer rejects NULLs")
D("Outer-join simplification:IS NOT NULL on the padded side",
  "SELECT v.vessel_id, p.country FROM vessel AS v LEFT JOIN port AS p ON p.port_id = v.home_port WHERE p.country IS NOT NULL",
  "SELECT v.vessel_id, p.country FROM vessel AS v JOIN port AS p ON p.port_id = v.home_port WHERE p.country IS NOT NULL",
  ("SELECT v.vessel_id, p.country FROM vessel AS v LEFT JOIN port AS p ON p.port_id = v.home_port "
   "WHERE COALESCE(p.country, 'NO') = 'NO'",
   "SELECT v.vessel_id, p.country FROM vessel AS v JOIN port AS p ON p.port_id = v.home_port WHERE COALESCE(p.country, 'NO') = 'NO'"),
  "COALESCE makes the predicate accept the padded row")
D("Outer-join simplification:FULL to LEFT",
  "SELECT v.vessel_id, p.port_id FROM vessel AS v FULL JOIN port AS p ON p.port_id = v.home_port WHERE v.capacity > 100",
  "SELECT v.vessel_id, p.port_id FROM vessel AS v LEFT JOIN port AS p ON p.port_id = v.home_port WHERE v.capacity > 100",
  "SELECT v.vessel_id, p.port_id FROM port AS p LEFT JOIN vessel AS v ON p.port_id = v.home_port WHERE v.capacity > 100",
  "the wrong side kept: vessels without a home port lost")

# --- more unnesting instances

D("Apply:correlated count in a derived table filtered outside",
  "SELECT t.vessel_id, t.n FROM (SELECT v.vessel_id, (SELECT COUNT(*) FROM inspection AS i WHERE i.vessel_id = v.vessel_id "
  "AND i.result = 'fail') AS n FROM vessel AS v) AS t WHERE t.n > 0",
  "SELECT i.vessel_id, COUNT(*) FROM inspection AS i WHERE i.result = 'fail' AND i.vessel_id IS NOT NULL GROUP BY i.vessel_id",
  "SELECT i.vessel_id, COUNT(*) FROM inspection AS i WHERE i.result = 'fail' GROUP BY i.vessel_id",
  "the grouped form keeps a group for inspections without a vessel")
D("Dayal:NOT EXISTS as an outer join with a NULL test",
  "SELECT p.port_id FROM port AS p WHERE NOT EXISTS (SELECT 1 FROM inspection AS i WHERE i.port_id = p.port_id AND i.result = 'fail')",
  "SELECT p.port_id FROM port AS p LEFT JOIN (SELECT DISTINCT port_id FROM inspection WHERE result = 'fail') AS f "
  "ON f.port_id = p.port_id WHERE f.port_id IS NULL",
  "SELECT p.port_id FROM port AS p WHERE p.port_id NOT IN (SELECT port_id FROM inspection WHERE result = 'fail')",
  "NOT IN: a failed inspection without a port empties the result")
D("Seshadri:magic decorrelation with a NULL binding",
  "SELECT v.vessel_id FROM vessel AS v WHERE v.capacity > (SELECT COUNT(*) * 50 FROM inspection AS i WHERE i.port_id = v.home_port)",
  "WITH d AS (SELECT DISTINCT home_port FROM vessel), c AS (SELECT d.home_port, COUNT(i.port_id) AS n FROM d "
  "LEFT JOIN inspection AS i ON i.port_id = d.home_port GROUP BY d.home_port) "
  "SELECT v.vessel_id FROM vessel AS v JOIN c ON c.home_port IS NOT DISTINCT FROM v.home_port WHERE v.capacity > c.n * 50",
  "WITH d AS (SELECT DISTINCT home_port FROM vessel), c AS (SELECT d.home_port, COUNT(i.port_id) AS n FROM d "
  "LEFT JOIN inspection AS i ON i.port_id = d.home_port GROUP BY d.home_port) "
  "SELECT v.vessel_id FROM vessel AS v JOIN c ON c.home_port = v.home_port WHERE v.capacity > c.n * 50",
  "the bindings joined back with =: vessels without a home port lost")
D("Apply:correlated AVG ignoring NULLs to a grouped outer join",
  "SELECT v.vessel_id, (SELECT AVG(y.days) FROM voyage AS y WHERE y.vessel_id = v.vessel_id AND y.days IS NOT NULL) FROM vessel AS v",
  "SELECT v.vessel_id, t.a FROM vessel AS v LEFT JOIN (SELECT vessel_id, AVG(days) AS a FROM voyage GROUP BY vessel_id) AS t "
  "ON t.vessel_id = v.vessel_id",
  "SELECT v.vessel_id, t.a FROM vessel AS v LEFT JOIN (SELECT vessel_id, AVG(COALESCE(days, 0)) AS a FROM voyage "
  "GROUP BY vessel_id) AS t ON t.vessel_id = v.vessel_id",
  "missing durations averaged in as 0")
D("Neumann-Kemper:two correlated aggregates sharing one grouped join",
  "SELECT p.port_id, (SELECT COUNT(*) FROM voyage AS y WHERE y.to_port = p.port_id), "
  "(SELECT MAX(y.days) FROM voyage AS y WHERE y.to_port = p.port_id) FROM port AS p",
  "SELECT p.port_id, COUNT(y.voyage_id), MAX(y.days) FROM port AS p LEFT JOIN voyage AS y ON y.to_port = p.port_id GROUP BY p.port_id",
  "SELECT p.port_id, COUNT(y.days), MAX(y.days) FROM port AS p LEFT JOIN voyage AS y ON y.to_port = p.port_id GROUP BY p.port_id",
  "COUNT of a NULL-able column for the row count")
D("Semi-join introduction:DISTINCT join keeping only the outer side",
  "SELECT DISTINCT v.vessel_id, v.name FROM vessel AS v JOIN voyage AS y ON y.vessel_id = v.vessel_id",
  "SELECT v.vessel_id, v.name FROM vessel AS v WHERE EXISTS (SELECT 1 FROM voyage AS y WHERE y.vessel_id = v.vessel_id)",
  "SELECT v.vessel_id, v.name FROM vessel AS v JOIN voyage AS y ON y.vessel_id = v.vessel_id",
  "the join kept without DISTINCT")
D("Kim:type J anti-join on two correlations",
  "SELECT y.voyage_id FROM voyage AS y WHERE NOT EXISTS (SELECT 1 FROM inspection AS i WHERE i.vessel_id = y.vessel_id "
  "AND i.port_id = y.from_port)",
  "SELECT y.voyage_id FROM voyage AS y LEFT JOIN (SELECT DISTINCT vessel_id, port_id FROM inspection) AS i "
  "ON i.vessel_id = y.vessel_id AND i.port_id = y.from_port WHERE i.vessel_id IS NULL",
  "SELECT y.voyage_id FROM voyage AS y WHERE (y.vessel_id, y.from_port) NOT IN (SELECT vessel_id, port_id FROM inspection)",
  "a row-value NOT IN: NULL ports make it unknown")
D("Elhemali:EXISTS inside a CASE to an outer join",
  "SELECT v.vessel_id, CASE WHEN EXISTS (SELECT 1 FROM inspection AS i WHERE i.vessel_id = v.vessel_id AND i.result = 'fail') "
  "THEN 'flagged' ELSE 'ok' END FROM vessel AS v",
  "SELECT v.vessel_id, CASE WHEN f.vessel_id IS NOT NULL THEN 'flagged' ELSE 'ok' END FROM vessel AS v "
  "LEFT JOIN (SELECT DISTINCT vessel_id FROM inspection WHERE result = 'fail') AS f ON f.vessel_id = v.vessel_id",
  "SELECT v.vessel_id, CASE WHEN i.vessel_id IS NOT NULL THEN 'flagged' ELSE 'ok' END FROM vessel AS v "
  "LEFT JOIN inspection AS i ON i.vessel_id = v.vessel_id AND i.result = 'fail'",
  "joined to the raw log: a vessel with two failures listed twice")
