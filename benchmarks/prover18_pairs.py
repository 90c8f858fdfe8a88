"""The pairs of the eighteenth held-out prover corpus (``benchmarks/corpus/prover18/``), as
written (``prover18_build.py`` checks them in SQLite and writes the corpus).

Three sources: the SQL behind property-management reports (Yardi, AppFolio, Buildium,
Entrata report writers: rent rolls, occupancy and vacancy, delinquency and aging, lease
expirations, renewals, move-ins and move-outs, maintenance backlog, inspections, NOI-style
totals) against the hand-written query for the same report, on a new lease schema;
grants-management SQL (Fluxx, Submittable, NIH / NSF research administration and Salesforce
nonprofit reports: pipeline, award rates, burn rate, spend against budget, overdue reports,
reviewer agreement, matching funds) against an equivalent formulation, on a new grants
schema; and HR report-writer SQL (Workday, ADP, BambooHR, SuccessFactors: headcount as of a
day, turnover and retention, span of control, pay bands, overtime, PTO balances, tenure
buckets, latest compensation, promotions) against the hand-written query, on a new workforce
schema. Each ``add`` call is one equivalent pair and one realistic non-equivalent mutant.
Written from the author's own SQL for these reports; not taken from any prover benchmark,
rule test, tool's test suite or published pair set; the verifier was not read.
"""

from __future__ import annotations

from benchmarks.held_out_pairs import pair_book

SOURCES = {
    "property_management": ("lease", "SQL behind property-management reports (Yardi, AppFolio, Buildium, Entrata: "
                                     "rent rolls, occupancy and vacancy, delinquency and aging, lease expirations, "
                                     "renewals, move-ins and move-outs, maintenance backlog, inspections, NOI-style "
                                     "totals) against the hand-written query for the same report"),
    "grants_management": ("grants", "grants-management SQL (Fluxx, Submittable, NIH / NSF research administration, "
                                    "Salesforce nonprofit reports: pipeline, award rates, burn rate, spend against "
                                    "budget, overdue reports, reviewer agreement, matching funds) against an "
                                    "equivalent formulation"),
    "workforce_reports": ("workforce", "HR report-writer SQL (Workday, ADP, BambooHR, SuccessFactors: headcount as of "
                                       "a day, turnover and retention, span of control, pay bands, overtime, PTO "
                                       "balances, tenure buckets, latest compensation, promotions) against the "
                                       "hand-written query"),
}
FILE = {k: k for k in SOURCES}


PAIRS, add = pair_book("prover18", SOURCES, FILE)


def P(rule, gold, pred, mutant, mutation, **kw):
    """A property-management report's SQL (gold) against the hand-written query (pred), lease."""
    add("property_management", rule, gold, pred, mutant, mutation, **kw)


def F(rule, gold, pred, mutant, mutation, **kw):
    """A grants-management query (gold) against an equivalent formulation (pred), grants."""
    add("grants_management", rule, gold, pred, mutant, mutation, **kw)


def H(rule, gold, pred, mutant, mutation, **kw):
    """An HR report's SQL (gold) against the hand-written query (pred), workforce."""
    add("workforce_reports", rule, gold, pred, mutant, mutation, **kw)


# ============================================================ property management (lease)
# property(prop_id PK, name, city NULL), unit(unit_id PK, prop_id FK, beds, market_rent), tenant(tenant_id PK, name,
# email NULL), lease(lease_id PK, unit_id FK, tenant_id FK, start_day, end_day NULL, rent, status),
# charge(lease_id FK, month, kind; PK all three, amount), payment(pay_id PK, lease_id FK NULL, day, amount, method NULL),
# vendor(vendor_id PK, name, trade), work_order(wo_id PK, unit_id FK, vendor_id FK NULL, priority, opened_day,
# closed_day NULL, cost REAL NULL), inspection(unit_id FK, insp_day; PK both, result), keyless activity(lease_id FK,
# day, event; all NULL-able).
CUR = "l.start_day <= 20 AND (l.end_day IS NULL OR l.end_day >= 20)"

# --- rent roll
P("rent roll:leases in force on a day",
  f"SELECT l.lease_id, l.unit_id, l.rent FROM lease AS l WHERE {CUR}",
  "SELECT lease_id, unit_id, rent FROM lease WHERE start_day <= 20 AND COALESCE(end_day, 20) >= 20",
  "SELECT lease_id, unit_id, rent FROM lease WHERE start_day <= 20 AND end_day >= 20",
  "month-to-month leases (no end day) left off the rent roll")
P("rent roll:every unit with its current tenant",
  f"SELECT u.unit_id, t.name FROM unit AS u LEFT JOIN lease AS l ON l.unit_id = u.unit_id AND {CUR} "
  "LEFT JOIN tenant AS t ON t.tenant_id = l.tenant_id",
  f"SELECT u.unit_id, x.name FROM unit AS u LEFT JOIN (SELECT l.unit_id, t.name FROM lease AS l JOIN tenant AS t "
  f"ON t.tenant_id = l.tenant_id WHERE {CUR}) AS x ON x.unit_id = u.unit_id",
  f"SELECT u.unit_id, t.name FROM unit AS u LEFT JOIN lease AS l ON l.unit_id = u.unit_id "
  f"LEFT JOIN tenant AS t ON t.tenant_id = l.tenant_id WHERE {CUR}",
  "the in-force filter in WHERE drops vacant units")
P("rent roll:gap to market rent",
  "SELECT l.lease_id, u.market_rent - l.rent FROM lease AS l JOIN unit AS u ON u.unit_id = l.unit_id",
  "SELECT l.lease_id, (SELECT u.market_rent FROM unit AS u WHERE u.unit_id = l.unit_id) - l.rent FROM lease AS l",
  "SELECT l.lease_id, l.rent - u.market_rent FROM lease AS l JOIN unit AS u ON u.unit_id = l.unit_id",
  "the gap taken the wrong way round")
P("rent roll:second page sorted by rent",
  "SELECT lease_id, rent FROM lease ORDER BY rent DESC, lease_id LIMIT 3 OFFSET 3",
  "SELECT lease_id, rent FROM (SELECT lease_id, rent, ROW_NUMBER() OVER (ORDER BY rent DESC, lease_id) AS rn FROM lease) AS t "
  "WHERE rn BETWEEN 4 AND 6 ORDER BY rn",
  "SELECT lease_id, rent FROM lease ORDER BY rent DESC, lease_id LIMIT 3 OFFSET 2",
  "the second page starts one row early", semantics="list")
P("rent roll:highest rent per property with ties",
  "SELECT u.prop_id, l.lease_id FROM lease AS l JOIN unit AS u ON u.unit_id = l.unit_id WHERE l.rent = (SELECT MAX(l2.rent) "
  "FROM lease AS l2 JOIN unit AS u2 ON u2.unit_id = l2.unit_id WHERE u2.prop_id = u.prop_id)",
  "SELECT prop_id, lease_id FROM (SELECT u.prop_id, l.lease_id, RANK() OVER (PARTITION BY u.prop_id ORDER BY l.rent DESC) AS r "
  "FROM lease AS l JOIN unit AS u ON u.unit_id = l.unit_id) AS t WHERE r = 1",
  "SELECT prop_id, lease_id FROM (SELECT u.prop_id, l.lease_id, ROW_NUMBER() OVER (PARTITION BY u.prop_id ORDER BY l.rent DESC, "
  "l.lease_id) AS r FROM lease AS l JOIN unit AS u ON u.unit_id = l.unit_id) AS t WHERE r = 1",
  "ROW_NUMBER keeps one of tied leases")
P("rent roll:rent after a concession floored at zero",
  "SELECT lease_id, MAX(rent - 1000, 0) FROM lease",
  "SELECT lease_id, CASE WHEN rent > 1000 THEN rent - 1000 ELSE 0 END FROM lease",
  "SELECT lease_id, ABS(rent - 1000) FROM lease",
  "ABS for the floor turns a short rent into a positive remainder", dialect="sqlite")
P("rent roll:average market rent per bedroom count",
  "SELECT beds, SUM(market_rent) * 1.0 / COUNT(*) FROM unit GROUP BY beds",
  "SELECT beds, AVG(market_rent) FROM unit GROUP BY beds",
  "SELECT beds, SUM(market_rent) / COUNT(*) FROM unit GROUP BY beds",
  "integer division truncates the average")
P("rent roll:rent and fees side by side",
  "SELECT lease_id, SUM(CASE WHEN kind = 'rent' THEN amount ELSE 0 END), SUM(CASE WHEN kind = 'fee' THEN amount ELSE 0 END) "
  "FROM charge GROUP BY lease_id",
  "SELECT c.lease_id, COALESCE(r.s, 0), COALESCE(f.s, 0) FROM (SELECT DISTINCT lease_id FROM charge) AS c "
  "LEFT JOIN (SELECT lease_id, SUM(amount) AS s FROM charge WHERE kind = 'rent' GROUP BY lease_id) AS r ON r.lease_id = c.lease_id "
  "LEFT JOIN (SELECT lease_id, SUM(amount) AS s FROM charge WHERE kind = 'fee' GROUP BY lease_id) AS f ON f.lease_id = c.lease_id",
  "SELECT lease_id, SUM(CASE WHEN kind = 'rent' THEN amount END), SUM(CASE WHEN kind = 'fee' THEN amount END) "
  "FROM charge GROUP BY lease_id",
  "a lease without fees shows NULL instead of zero")
P("rent roll:months billed per lease",
  "SELECT lease_id, COUNT(DISTINCT month) FROM charge GROUP BY lease_id",
  "SELECT lease_id, COUNT(*) FROM (SELECT lease_id, month FROM charge GROUP BY lease_id, month) AS t GROUP BY lease_id",
  "SELECT lease_id, COUNT(month) FROM charge GROUP BY lease_id",
  "a month with rent and a fee counted twice")
P("rent roll:scheduled rent per property on a day",
  f"SELECT u.prop_id, SUM(l.rent) FROM lease AS l JOIN unit AS u ON u.unit_id = l.unit_id WHERE {CUR} GROUP BY u.prop_id",
  f"SELECT p.prop_id, (SELECT SUM(l.rent) FROM lease AS l JOIN unit AS u ON u.unit_id = l.unit_id WHERE u.prop_id = p.prop_id "
  f"AND {CUR}) FROM property AS p WHERE EXISTS (SELECT 1 FROM lease AS l JOIN unit AS u ON u.unit_id = l.unit_id "
  f"WHERE u.prop_id = p.prop_id AND {CUR})",
  f"SELECT p.prop_id, (SELECT SUM(l.rent) FROM lease AS l JOIN unit AS u ON u.unit_id = l.unit_id WHERE u.prop_id = p.prop_id "
  f"AND {CUR}) FROM property AS p",
  "properties without a lease in force listed with NULL")

# --- occupancy and vacancy
P("occupancy:occupied units per property including none",
  f"SELECT p.prop_id, COUNT(DISTINCT l.unit_id) FROM property AS p LEFT JOIN unit AS u ON u.prop_id = p.prop_id "
  f"LEFT JOIN lease AS l ON l.unit_id = u.unit_id AND {CUR} GROUP BY p.prop_id",
  f"SELECT p.prop_id, (SELECT COUNT(*) FROM unit AS u WHERE u.prop_id = p.prop_id AND EXISTS (SELECT 1 FROM lease AS l "
  f"WHERE l.unit_id = u.unit_id AND {CUR})) FROM property AS p",
  f"SELECT p.prop_id, COUNT(l.unit_id) FROM property AS p LEFT JOIN unit AS u ON u.prop_id = p.prop_id "
  f"LEFT JOIN lease AS l ON l.unit_id = u.unit_id AND {CUR} GROUP BY p.prop_id",
  "a double-booked unit counted twice")
P("vacancy:vacant units on a day",
  f"SELECT u.unit_id FROM unit AS u WHERE NOT EXISTS (SELECT 1 FROM lease AS l WHERE l.unit_id = u.unit_id AND {CUR})",
  f"SELECT u.unit_id FROM unit AS u LEFT JOIN lease AS l ON l.unit_id = u.unit_id AND {CUR} WHERE l.lease_id IS NULL",
  "SELECT u.unit_id FROM unit AS u WHERE u.unit_id NOT IN (SELECT l.unit_id FROM lease AS l WHERE l.start_day <= 20 "
  "AND l.end_day >= 20)",
  "a month-to-month tenant's unit reported vacant")
P("vacancy:vacancy rate per property",
  f"SELECT u.prop_id, 1.0 * SUM(CASE WHEN NOT EXISTS (SELECT 1 FROM lease AS l WHERE l.unit_id = u.unit_id AND {CUR}) "
  "THEN 1 ELSE 0 END) / COUNT(*) FROM unit AS u GROUP BY u.prop_id",
  f"WITH occ AS (SELECT DISTINCT l.unit_id FROM lease AS l WHERE {CUR}) SELECT u.prop_id, 1.0 * (COUNT(*) - COUNT(o.unit_id)) "
  "/ COUNT(*) FROM unit AS u LEFT JOIN occ AS o ON o.unit_id = u.unit_id GROUP BY u.prop_id",
  f"WITH occ AS (SELECT DISTINCT l.unit_id FROM lease AS l WHERE {CUR}) SELECT u.prop_id, (COUNT(*) - COUNT(o.unit_id)) "
  "/ COUNT(*) FROM unit AS u LEFT JOIN occ AS o ON o.unit_id = u.unit_id GROUP BY u.prop_id",
  "integer division rounds the rate down to 0 or 1")
P("occupancy:units occupied on both days",
  "SELECT unit_id FROM lease WHERE start_day <= 10 AND (end_day IS NULL OR end_day >= 10) INTERSECT "
  "SELECT unit_id FROM lease WHERE start_day <= 30 AND (end_day IS NULL OR end_day >= 30)",
  "SELECT u.unit_id FROM unit AS u WHERE EXISTS (SELECT 1 FROM lease AS a WHERE a.unit_id = u.unit_id AND a.start_day <= 10 "
  "AND (a.end_day IS NULL OR a.end_day >= 10)) AND EXISTS (SELECT 1 FROM lease AS b WHERE b.unit_id = u.unit_id "
  "AND b.start_day <= 30 AND (b.end_day IS NULL OR b.end_day >= 30))",
  "SELECT DISTINCT unit_id FROM lease WHERE start_day <= 10 AND (end_day IS NULL OR end_day >= 30)",
  "one lease required to cover both days")
P("occupancy:double-booked units",
  "SELECT DISTINCT a.unit_id FROM lease AS a JOIN lease AS b ON b.unit_id = a.unit_id AND b.lease_id <> a.lease_id "
  "WHERE a.start_day <= COALESCE(b.end_day, a.start_day) AND b.start_day <= COALESCE(a.end_day, b.start_day)",
  "SELECT DISTINCT a.unit_id FROM lease AS a JOIN lease AS b ON b.unit_id = a.unit_id AND b.lease_id > a.lease_id "
  "WHERE (b.end_day IS NULL OR b.end_day >= a.start_day) AND (a.end_day IS NULL OR a.end_day >= b.start_day)",
  "SELECT DISTINCT a.unit_id FROM lease AS a JOIN lease AS b ON b.unit_id = a.unit_id AND b.lease_id > a.lease_id "
  "WHERE (b.end_day IS NULL OR b.end_day > a.start_day) AND (a.end_day IS NULL OR a.end_day > b.start_day)",
  "a lease ending on the day the next starts not counted as overlap")
P("occupancy:current tenants per property",
  f"SELECT u.prop_id, COUNT(DISTINCT l.tenant_id) FROM lease AS l JOIN unit AS u ON u.unit_id = l.unit_id WHERE {CUR} "
  "GROUP BY u.prop_id",
  f"SELECT prop_id, COUNT(*) FROM (SELECT DISTINCT u.prop_id, l.tenant_id FROM lease AS l JOIN unit AS u ON u.unit_id = l.unit_id "
  f"WHERE {CUR}) AS t GROUP BY prop_id",
  f"SELECT u.prop_id, COUNT(l.tenant_id) FROM lease AS l JOIN unit AS u ON u.unit_id = l.unit_id WHERE {CUR} GROUP BY u.prop_id",
  "a tenant with two units in a property counted twice")
P("vacancy:units never leased",
  "SELECT unit_id FROM unit EXCEPT SELECT unit_id FROM lease",
  "SELECT u.unit_id FROM unit AS u WHERE NOT EXISTS (SELECT 1 FROM lease AS l WHERE l.unit_id = u.unit_id)",
  "SELECT u.unit_id FROM unit AS u WHERE NOT EXISTS (SELECT 1 FROM lease AS l WHERE l.unit_id = u.unit_id AND l.end_day IS NULL)",
  "units with only ended leases listed as never leased")

# --- delinquency and aging
P("delinquency:balance per lease",
  "SELECT l.lease_id, COALESCE((SELECT SUM(c.amount) FROM charge AS c WHERE c.lease_id = l.lease_id), 0) "
  "- COALESCE((SELECT SUM(p.amount) FROM payment AS p WHERE p.lease_id = l.lease_id), 0) FROM lease AS l",
  "WITH c AS (SELECT lease_id, SUM(amount) AS s FROM charge GROUP BY lease_id), p AS (SELECT lease_id, SUM(amount) AS s "
  "FROM payment GROUP BY lease_id) SELECT l.lease_id, COALESCE(c.s, 0) - COALESCE(p.s, 0) FROM lease AS l "
  "LEFT JOIN c ON c.lease_id = l.lease_id LEFT JOIN p ON p.lease_id = l.lease_id",
  "SELECT l.lease_id, COALESCE(SUM(c.amount), 0) - COALESCE(SUM(p.amount), 0) FROM lease AS l LEFT JOIN charge AS c "
  "ON c.lease_id = l.lease_id LEFT JOIN payment AS p ON p.lease_id = l.lease_id GROUP BY l.lease_id",
  "charges and payments joined together multiply each other")
P("delinquency:leases owing more than 500",
  "SELECT c.lease_id FROM charge AS c GROUP BY c.lease_id HAVING SUM(c.amount) - COALESCE((SELECT SUM(p.amount) FROM payment AS p "
  "WHERE p.lease_id = c.lease_id), 0) > 500",
  "SELECT lease_id FROM (SELECT l.lease_id, (SELECT SUM(c.amount) FROM charge AS c WHERE c.lease_id = l.lease_id) "
  "- COALESCE((SELECT SUM(p.amount) FROM payment AS p WHERE p.lease_id = l.lease_id), 0) AS bal FROM lease AS l) AS t WHERE bal > 500",
  "SELECT c.lease_id FROM charge AS c GROUP BY c.lease_id HAVING SUM(c.amount) - COALESCE((SELECT SUM(p.amount) FROM payment AS p "
  "WHERE p.lease_id = c.lease_id), 0) >= 500",
  "a balance of exactly 500 listed")
P("delinquency:prepaid leases with a credit balance",
  "SELECT l.lease_id FROM lease AS l WHERE COALESCE((SELECT SUM(p.amount) FROM payment AS p WHERE p.lease_id = l.lease_id), 0) "
  "> COALESCE((SELECT SUM(c.amount) FROM charge AS c WHERE c.lease_id = l.lease_id), 0)",
  "SELECT lease_id FROM (SELECT lease_id, amount AS a FROM payment WHERE lease_id IS NOT NULL UNION ALL "
  "SELECT lease_id, -amount FROM charge) AS t GROUP BY lease_id HAVING SUM(a) > 0",
  "SELECT l.lease_id FROM lease AS l WHERE COALESCE((SELECT SUM(p.amount) FROM payment AS p WHERE p.lease_id = l.lease_id), 0) "
  "> (SELECT SUM(c.amount) FROM charge AS c WHERE c.lease_id = l.lease_id)",
  "a lease paid before any charge posted is not in credit")
P("aging:charges by aging bucket",
  "SELECT CASE WHEN month >= 3 THEN 'current' WHEN month = 2 THEN '31-60' ELSE 'over 60' END AS bucket, SUM(amount) FROM charge "
  "GROUP BY CASE WHEN month >= 3 THEN 'current' WHEN month = 2 THEN '31-60' ELSE 'over 60' END",
  "SELECT bucket, SUM(amount) FROM (SELECT CASE WHEN month < 2 THEN 'over 60' WHEN month < 3 THEN '31-60' ELSE 'current' END "
  "AS bucket, amount FROM charge) AS t GROUP BY bucket",
  "SELECT bucket, SUM(amount) FROM (SELECT CASE WHEN month <= 2 THEN 'over 60' WHEN month < 3 THEN '31-60' ELSE 'current' END "
  "AS bucket, amount FROM charge) AS t GROUP BY bucket",
  "the 31-60 bucket swallowed by over 60")
P("delinquency:tenants who never paid",
  "SELECT t.tenant_id FROM tenant AS t WHERE EXISTS (SELECT 1 FROM lease AS l WHERE l.tenant_id = t.tenant_id) AND NOT EXISTS "
  "(SELECT 1 FROM lease AS l JOIN payment AS p ON p.lease_id = l.lease_id WHERE l.tenant_id = t.tenant_id)",
  "SELECT tenant_id FROM lease EXCEPT SELECT l.tenant_id FROM lease AS l JOIN payment AS p ON p.lease_id = l.lease_id",
  "SELECT DISTINCT l.tenant_id FROM lease AS l LEFT JOIN payment AS p ON p.lease_id = l.lease_id WHERE p.pay_id IS NULL",
  "a tenant with one unpaid lease among paid ones listed")
P("delinquency:last payment day per tenant including never",
  "SELECT t.tenant_id, MAX(p.day) FROM tenant AS t LEFT JOIN lease AS l ON l.tenant_id = t.tenant_id "
  "LEFT JOIN payment AS p ON p.lease_id = l.lease_id GROUP BY t.tenant_id",
  "SELECT t.tenant_id, (SELECT MAX(p.day) FROM payment AS p JOIN lease AS l ON l.lease_id = p.lease_id "
  "WHERE l.tenant_id = t.tenant_id) FROM tenant AS t",
  "SELECT t.tenant_id, MAX(p.day) FROM tenant AS t JOIN lease AS l ON l.tenant_id = t.tenant_id "
  "LEFT JOIN payment AS p ON p.lease_id = l.lease_id GROUP BY t.tenant_id",
  "tenants without a lease dropped")
P("payments:unapplied payments",
  "SELECT pay_id, amount FROM payment WHERE lease_id IS NULL",
  "SELECT p.pay_id, p.amount FROM payment AS p WHERE NOT EXISTS (SELECT 1 FROM lease AS l WHERE l.lease_id = p.lease_id)",
  "SELECT pay_id, amount FROM payment WHERE lease_id NOT IN (SELECT lease_id FROM lease)",
  "NOT IN never matches a NULL lease")
P("payments:collections per property including none",
  "SELECT pr.prop_id, COALESCE(SUM(p.amount), 0) FROM property AS pr LEFT JOIN unit AS u ON u.prop_id = pr.prop_id "
  "LEFT JOIN lease AS l ON l.unit_id = u.unit_id LEFT JOIN payment AS p ON p.lease_id = l.lease_id GROUP BY pr.prop_id",
  "SELECT pr.prop_id, COALESCE((SELECT SUM(p.amount) FROM payment AS p JOIN lease AS l ON l.lease_id = p.lease_id "
  "JOIN unit AS u ON u.unit_id = l.unit_id WHERE u.prop_id = pr.prop_id), 0) FROM property AS pr",
  "SELECT pr.prop_id, (SELECT SUM(p.amount) FROM payment AS p JOIN lease AS l ON l.lease_id = p.lease_id "
  "JOIN unit AS u ON u.unit_id = l.unit_id WHERE u.prop_id = pr.prop_id) FROM property AS pr",
  "a property without collections shows NULL, not zero")
P("payments:payment method mix with unknown",
  "SELECT COALESCE(method, 'unknown'), COUNT(*) FROM payment GROUP BY COALESCE(method, 'unknown')",
  "SELECT m, COUNT(*) FROM (SELECT CASE WHEN method IS NULL THEN 'unknown' ELSE method END AS m FROM payment) AS t GROUP BY m",
  "SELECT COALESCE(method, 'unknown'), COUNT(method) FROM payment GROUP BY COALESCE(method, 'unknown')",
  "payments without a method counted as none")
P("payments:largest payment per lease with ties",
  "SELECT p.lease_id, p.pay_id FROM payment AS p WHERE p.amount = (SELECT MAX(q.amount) FROM payment AS q WHERE q.lease_id = p.lease_id)",
  "SELECT lease_id, pay_id FROM (SELECT lease_id, pay_id, amount, MAX(amount) OVER (PARTITION BY lease_id) AS m FROM payment "
  "WHERE lease_id IS NOT NULL) AS t WHERE amount = m",
  "SELECT lease_id, pay_id FROM (SELECT lease_id, pay_id, amount, MAX(amount) OVER (PARTITION BY lease_id) AS m FROM payment) AS t "
  "WHERE amount = m",
  "unapplied payments ranked together as one lease")
P("payments:first payment day per lease",
  "SELECT lease_id, MIN(day) FROM payment WHERE lease_id IS NOT NULL GROUP BY lease_id",
  "SELECT DISTINCT p.lease_id, p.day FROM payment AS p WHERE p.lease_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM payment AS q "
  "WHERE q.lease_id = p.lease_id AND q.day < p.day)",
  "SELECT p.lease_id, p.day FROM payment AS p WHERE p.lease_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM payment AS q "
  "WHERE q.lease_id = p.lease_id AND q.day < p.day)",
  "two payments on the first day listed twice")
P("payments:paid after the grace period",
  "SELECT DISTINCT l.tenant_id FROM payment AS p JOIN lease AS l ON l.lease_id = p.lease_id WHERE p.day > 5",
  "SELECT t.tenant_id FROM tenant AS t WHERE t.tenant_id IN (SELECT l.tenant_id FROM lease AS l JOIN payment AS p "
  "ON p.lease_id = l.lease_id WHERE p.day >= 6)",
  "SELECT DISTINCT l.tenant_id FROM payment AS p JOIN lease AS l ON l.lease_id = p.lease_id WHERE p.day >= 5",
  "a payment on the last grace day counted late")

# --- expirations, renewals, move-ins and move-outs
P("expirations:leases expiring in a window per property including none",
  "SELECT p.prop_id, COUNT(l.lease_id) FROM property AS p LEFT JOIN unit AS u ON u.prop_id = p.prop_id LEFT JOIN lease AS l "
  "ON l.unit_id = u.unit_id AND l.end_day BETWEEN 20 AND 40 GROUP BY p.prop_id",
  "SELECT p.prop_id, (SELECT COUNT(*) FROM lease AS l JOIN unit AS u ON u.unit_id = l.unit_id WHERE u.prop_id = p.prop_id "
  "AND l.end_day >= 20 AND l.end_day <= 40) FROM property AS p",
  "SELECT p.prop_id, COUNT(l.lease_id) FROM property AS p LEFT JOIN unit AS u ON u.prop_id = p.prop_id LEFT JOIN lease AS l "
  "ON l.unit_id = u.unit_id AND l.end_day > 20 AND l.end_day <= 40 GROUP BY p.prop_id",
  "a lease ending on the first day of the window left out")
P("expirations:month-to-month leases per property",
  "SELECT u.prop_id, COUNT(*) FROM lease AS l JOIN unit AS u ON u.unit_id = l.unit_id WHERE l.end_day IS NULL GROUP BY u.prop_id",
  "SELECT u.prop_id, COUNT(*) - COUNT(l.end_day) FROM lease AS l JOIN unit AS u ON u.unit_id = l.unit_id GROUP BY u.prop_id "
  "HAVING COUNT(*) > COUNT(l.end_day)",
  "SELECT u.prop_id, COUNT(*) - COUNT(l.end_day) FROM lease AS l JOIN unit AS u ON u.unit_id = l.unit_id GROUP BY u.prop_id",
  "properties without month-to-month leases listed with zero")
P("expirations:lease term in days",
  "SELECT lease_id, end_day - start_day FROM lease",
  "SELECT lease_id, CASE WHEN end_day IS NULL THEN NULL ELSE end_day - start_day END FROM lease",
  "SELECT lease_id, COALESCE(end_day, 20) - start_day FROM lease",
  "a month-to-month lease given a term up to today")
P("expirations:leases ending before they start",
  "SELECT lease_id FROM lease WHERE end_day < start_day",
  "SELECT lease_id FROM lease WHERE NOT (end_day >= start_day)",
  "SELECT lease_id FROM lease WHERE end_day <= start_day",
  "a zero-length lease reported as reversed")
P("renewals:renewed leases",
  "SELECT l.lease_id FROM lease AS l WHERE EXISTS (SELECT 1 FROM lease AS n WHERE n.unit_id = l.unit_id "
  "AND n.tenant_id = l.tenant_id AND n.start_day > l.start_day)",
  "SELECT DISTINCT l.lease_id FROM lease AS l JOIN lease AS n ON n.unit_id = l.unit_id AND n.tenant_id = l.tenant_id "
  "AND n.start_day > l.start_day",
  "SELECT l.lease_id FROM lease AS l JOIN lease AS n ON n.unit_id = l.unit_id AND n.tenant_id = l.tenant_id "
  "AND n.start_day > l.start_day",
  "a lease renewed twice listed twice")
P("renewals:rent change at the next lease of a unit",
  "SELECT lease_id, nxt - rent FROM (SELECT lease_id, rent, LEAD(rent) OVER (PARTITION BY unit_id ORDER BY start_day, lease_id) "
  "AS nxt FROM lease) AS t WHERE nxt IS NOT NULL",
  "SELECT l.lease_id, n.rent - l.rent FROM lease AS l JOIN lease AS n ON n.unit_id = l.unit_id AND (n.start_day > l.start_day "
  "OR (n.start_day = l.start_day AND n.lease_id > l.lease_id)) WHERE NOT EXISTS (SELECT 1 FROM lease AS m WHERE m.unit_id = l.unit_id "
  "AND (m.start_day > l.start_day OR (m.start_day = l.start_day AND m.lease_id > l.lease_id)) AND (m.start_day < n.start_day "
  "OR (m.start_day = n.start_day AND m.lease_id < n.lease_id)))",
  "SELECT lease_id, nxt - rent FROM (SELECT lease_id, rent, LEAD(rent) OVER (PARTITION BY tenant_id ORDER BY start_day, lease_id) "
  "AS nxt FROM lease) AS t WHERE nxt IS NOT NULL",
  "the tenant's next lease taken for the unit's")
P("move-ins:move-ins per day from the log",
  "SELECT day, COUNT(DISTINCT lease_id) FROM activity WHERE event = 'move_in' GROUP BY day",
  "SELECT day, COUNT(lease_id) FROM (SELECT DISTINCT day, lease_id FROM activity WHERE event = 'move_in') AS t GROUP BY day",
  "SELECT day, COUNT(lease_id) FROM activity WHERE event = 'move_in' GROUP BY day",
  "a move-in logged twice counted twice")
P("move-outs:ended leases without a move-out event",
  "SELECT l.lease_id FROM lease AS l WHERE l.end_day <= 20 AND NOT EXISTS (SELECT 1 FROM activity AS a "
  "WHERE a.lease_id = l.lease_id AND a.event = 'move_out')",
  "SELECT lease_id FROM lease WHERE end_day <= 20 EXCEPT SELECT lease_id FROM activity WHERE event = 'move_out'",
  "SELECT lease_id FROM lease WHERE end_day <= 20 AND lease_id NOT IN (SELECT lease_id FROM activity WHERE event = 'move_out')",
  "NOT IN over log rows without a lease")
P("move-outs:notice given on open-ended leases",
  "SELECT l.lease_id, l.unit_id FROM lease AS l WHERE l.end_day IS NULL AND l.lease_id IN (SELECT a.lease_id FROM activity AS a "
  "WHERE a.event = 'notice')",
  "SELECT DISTINCT l.lease_id, l.unit_id FROM lease AS l JOIN activity AS a ON a.lease_id = l.lease_id WHERE a.event = 'notice' "
  "AND l.end_day IS NULL",
  "SELECT l.lease_id, l.unit_id FROM lease AS l JOIN activity AS a ON a.lease_id = l.lease_id WHERE a.event = 'notice' "
  "AND l.end_day IS NULL",
  "a notice logged twice lists the lease twice")
P("activity:latest event per lease",
  "SELECT DISTINCT a.lease_id, a.event FROM activity AS a WHERE a.lease_id IS NOT NULL AND a.day = (SELECT MAX(b.day) "
  "FROM activity AS b WHERE b.lease_id = a.lease_id)",
  "SELECT DISTINCT lease_id, event FROM (SELECT lease_id, event, day, MAX(day) OVER (PARTITION BY lease_id) AS md FROM activity "
  "WHERE lease_id IS NOT NULL) AS t WHERE day = md",
  "SELECT lease_id, event FROM (SELECT lease_id, event, day, MAX(day) OVER (PARTITION BY lease_id) AS md FROM activity "
  "WHERE lease_id IS NOT NULL) AS t WHERE day = md",
  "duplicated log rows listed twice")
P("activity:events per type without duplicates",
  "SELECT event, COUNT(*) FROM (SELECT DISTINCT lease_id, day, event FROM activity) AS t GROUP BY event",
  "SELECT event, COUNT(*) FROM (SELECT lease_id, day, event FROM activity GROUP BY lease_id, day, event) AS t GROUP BY event",
  "SELECT event, COUNT(*) FROM activity GROUP BY event",
  "duplicated log rows counted")
P("activity:log rows without a lease",
  "SELECT day, event FROM activity WHERE lease_id IS NULL",
  "SELECT a.day, a.event FROM activity AS a LEFT JOIN lease AS l ON l.lease_id = a.lease_id WHERE l.lease_id IS NULL",
  "SELECT DISTINCT day, event FROM activity WHERE lease_id IS NULL",
  "duplicated rows merged")
P("turnover:units with more than one lease",
  "SELECT unit_id FROM lease GROUP BY unit_id HAVING COUNT(*) > 1",
  "SELECT DISTINCT a.unit_id FROM lease AS a JOIN lease AS b ON b.unit_id = a.unit_id AND b.lease_id > a.lease_id",
  "SELECT unit_id FROM lease GROUP BY unit_id HAVING COUNT(DISTINCT tenant_id) > 1",
  "a renewal by the same tenant not counted as a second lease")
P("tenants:tenants renting in more than one property",
  "SELECT l.tenant_id FROM lease AS l JOIN unit AS u ON u.unit_id = l.unit_id GROUP BY l.tenant_id HAVING COUNT(DISTINCT u.prop_id) > 1",
  "SELECT DISTINCT a.tenant_id FROM lease AS a JOIN unit AS ua ON ua.unit_id = a.unit_id JOIN lease AS b ON b.tenant_id = a.tenant_id "
  "JOIN unit AS ub ON ub.unit_id = b.unit_id WHERE ub.prop_id <> ua.prop_id",
  "SELECT l.tenant_id FROM lease AS l JOIN unit AS u ON u.unit_id = l.unit_id GROUP BY l.tenant_id HAVING COUNT(*) > 1",
  "two leases in one property counted as two properties")
P("tenants:tenants without a usable email",
  "SELECT tenant_id, name FROM tenant WHERE email IS NULL OR email = ''",
  "SELECT tenant_id, name FROM tenant WHERE COALESCE(email, '') = ''",
  "SELECT tenant_id, name FROM tenant WHERE email IS NULL",
  "an empty email taken as usable")

# --- maintenance and inspections
P("maintenance:open work orders per property including none",
  "SELECT p.prop_id, COUNT(w.wo_id) FROM property AS p LEFT JOIN unit AS u ON u.prop_id = p.prop_id LEFT JOIN work_order AS w "
  "ON w.unit_id = u.unit_id AND w.closed_day IS NULL GROUP BY p.prop_id",
  "SELECT p.prop_id, (SELECT COUNT(*) FROM work_order AS w JOIN unit AS u ON u.unit_id = w.unit_id WHERE u.prop_id = p.prop_id "
  "AND w.closed_day IS NULL) FROM property AS p",
  "SELECT p.prop_id, COUNT(w.wo_id) FROM property AS p LEFT JOIN unit AS u ON u.prop_id = p.prop_id LEFT JOIN work_order AS w "
  "ON w.unit_id = u.unit_id WHERE w.closed_day IS NULL GROUP BY p.prop_id",
  "the open filter in WHERE drops properties whose orders are all closed")
P("maintenance:backlog age on a day",
  "SELECT wo_id, 10 - opened_day FROM work_order WHERE opened_day <= 10 AND (closed_day IS NULL OR closed_day > 10)",
  "SELECT wo_id, 10 - opened_day FROM work_order WHERE opened_day <= 10 EXCEPT SELECT wo_id, 10 - opened_day FROM work_order "
  "WHERE closed_day <= 10",
  "SELECT wo_id, 10 - opened_day FROM work_order WHERE opened_day < 10 AND (closed_day IS NULL OR closed_day > 10)",
  "an order opened on the day left out of the backlog")
P("maintenance:vendor days to close including vendors without orders",
  "SELECT v.vendor_id, AVG(w.closed_day - w.opened_day) FROM vendor AS v LEFT JOIN work_order AS w ON w.vendor_id = v.vendor_id "
  "GROUP BY v.vendor_id",
  "SELECT v.vendor_id, (SELECT AVG(w.closed_day - w.opened_day) FROM work_order AS w WHERE w.vendor_id = v.vendor_id) FROM vendor AS v",
  "SELECT v.vendor_id, AVG(COALESCE(w.closed_day, 20) - w.opened_day) FROM vendor AS v LEFT JOIN work_order AS w "
  "ON w.vendor_id = v.vendor_id GROUP BY v.vendor_id",
  "open orders averaged in up to today")
P("maintenance:unassigned work orders",
  "SELECT wo_id, unit_id FROM work_order WHERE vendor_id IS NULL",
  "SELECT w.wo_id, w.unit_id FROM work_order AS w LEFT JOIN vendor AS v ON v.vendor_id = w.vendor_id WHERE v.vendor_id IS NULL",
  "SELECT wo_id, unit_id FROM work_order WHERE vendor_id NOT IN (SELECT vendor_id FROM vendor)",
  "NOT IN never matches an order without a vendor")
P("maintenance:dispatch queue with unassigned first",
  "SELECT wo_id, vendor_id FROM work_order ORDER BY vendor_id, wo_id",
  "SELECT wo_id, vendor_id FROM work_order ORDER BY vendor_id IS NOT NULL, vendor_id, wo_id",
  "SELECT wo_id, vendor_id FROM work_order ORDER BY vendor_id IS NULL, vendor_id, wo_id",
  "unassigned orders sorted last", dialect="sqlite", semantics="list")
P("maintenance:repair cost per unit including none",
  "SELECT u.unit_id, COALESCE(SUM(w.cost), 0) FROM unit AS u LEFT JOIN work_order AS w ON w.unit_id = u.unit_id GROUP BY u.unit_id",
  "SELECT u.unit_id, COALESCE((SELECT SUM(w.cost) FROM work_order AS w WHERE w.unit_id = u.unit_id), 0) FROM unit AS u",
  "SELECT u.unit_id, COALESCE(SUM(w.cost), 0) FROM unit AS u JOIN work_order AS w ON w.unit_id = u.unit_id GROUP BY u.unit_id",
  "units without orders dropped")
P("maintenance:urgent orders closed within two days",
  "SELECT wo_id FROM work_order WHERE priority = 'high' AND closed_day - opened_day <= 2",
  "SELECT wo_id FROM work_order WHERE priority = 'high' AND closed_day <= opened_day + 2",
  "SELECT wo_id FROM work_order WHERE priority = 'high' AND closed_day - opened_day < 2",
  "an order closed on the second day missed")
P("maintenance:repeat requests within five days",
  "SELECT DISTINCT a.unit_id FROM work_order AS a JOIN work_order AS b ON b.unit_id = a.unit_id AND b.wo_id <> a.wo_id "
  "WHERE ABS(b.opened_day - a.opened_day) <= 5",
  "SELECT u.unit_id FROM unit AS u WHERE EXISTS (SELECT 1 FROM work_order AS a JOIN work_order AS b ON b.unit_id = a.unit_id "
  "AND b.wo_id <> a.wo_id WHERE a.unit_id = u.unit_id AND b.opened_day BETWEEN a.opened_day - 5 AND a.opened_day + 5)",
  "SELECT DISTINCT a.unit_id FROM work_order AS a JOIN work_order AS b ON b.unit_id = a.unit_id "
  "WHERE b.opened_day > a.opened_day AND b.opened_day - a.opened_day <= 5",
  "two requests on the same day not a repeat")
P("maintenance:vendors with every order closed",
  "SELECT v.vendor_id FROM vendor AS v WHERE EXISTS (SELECT 1 FROM work_order AS w WHERE w.vendor_id = v.vendor_id) "
  "AND NOT EXISTS (SELECT 1 FROM work_order AS w WHERE w.vendor_id = v.vendor_id AND w.closed_day IS NULL)",
  "SELECT vendor_id FROM work_order WHERE vendor_id IS NOT NULL GROUP BY vendor_id HAVING COUNT(*) = COUNT(closed_day)",
  "SELECT vendor_id FROM work_order WHERE vendor_id IS NOT NULL GROUP BY vendor_id HAVING MAX(closed_day) IS NOT NULL",
  "one closed order taken for all")
P("maintenance:orders per priority and trade including unassigned",
  "SELECT w.priority, v.trade, COUNT(*) FROM work_order AS w LEFT JOIN vendor AS v ON v.vendor_id = w.vendor_id "
  "GROUP BY w.priority, v.trade",
  "SELECT priority, trade, COUNT(*) FROM (SELECT w.priority, (SELECT v.trade FROM vendor AS v WHERE v.vendor_id = w.vendor_id) "
  "AS trade FROM work_order AS w) AS t GROUP BY priority, trade",
  "SELECT w.priority, v.trade, COUNT(*) FROM work_order AS w JOIN vendor AS v ON v.vendor_id = w.vendor_id "
  "GROUP BY w.priority, v.trade",
  "unassigned orders dropped")
P("inspections:latest result per unit",
  "SELECT i.unit_id, i.result FROM inspection AS i WHERE i.insp_day = (SELECT MAX(j.insp_day) FROM inspection AS j "
  "WHERE j.unit_id = i.unit_id)",
  "SELECT unit_id, result FROM (SELECT unit_id, result, ROW_NUMBER() OVER (PARTITION BY unit_id ORDER BY insp_day DESC) AS rn "
  "FROM inspection) AS t WHERE rn = 1",
  "SELECT unit_id, MIN(result) FROM inspection GROUP BY unit_id",
  "the worst result ever, not the latest")
P("inspections:units never inspected",
  "SELECT u.unit_id FROM unit AS u WHERE NOT EXISTS (SELECT 1 FROM inspection AS i WHERE i.unit_id = u.unit_id)",
  "SELECT unit_id FROM unit EXCEPT SELECT unit_id FROM inspection",
  "SELECT u.unit_id FROM unit AS u LEFT JOIN inspection AS i ON i.unit_id = u.unit_id WHERE i.result IS NULL OR i.result <> 'pass'",
  "units with a failed inspection listed as never inspected")
P("inspections:failed units with an open work order",
  "SELECT DISTINCT i.unit_id FROM inspection AS i JOIN work_order AS w ON w.unit_id = i.unit_id WHERE i.result = 'fail' "
  "AND w.closed_day IS NULL",
  "SELECT unit_id FROM unit WHERE unit_id IN (SELECT unit_id FROM inspection WHERE result = 'fail') AND unit_id IN "
  "(SELECT unit_id FROM work_order WHERE closed_day IS NULL)",
  "SELECT i.unit_id FROM inspection AS i JOIN work_order AS w ON w.unit_id = i.unit_id WHERE i.result = 'fail' "
  "AND w.closed_day IS NULL",
  "a unit listed once per failed inspection and open order")
P("inspections:failures per property including none",
  "SELECT p.prop_id, COUNT(i.unit_id) FROM property AS p LEFT JOIN unit AS u ON u.prop_id = p.prop_id LEFT JOIN inspection AS i "
  "ON i.unit_id = u.unit_id AND i.result = 'fail' GROUP BY p.prop_id",
  "SELECT p.prop_id, COALESCE(f.n, 0) FROM property AS p LEFT JOIN (SELECT u.prop_id, COUNT(*) AS n FROM inspection AS i "
  "JOIN unit AS u ON u.unit_id = i.unit_id WHERE i.result = 'fail' GROUP BY u.prop_id) AS f ON f.prop_id = p.prop_id",
  "SELECT p.prop_id, COUNT(*) FROM property AS p LEFT JOIN unit AS u ON u.prop_id = p.prop_id LEFT JOIN inspection AS i "
  "ON i.unit_id = u.unit_id AND i.result = 'fail' GROUP BY p.prop_id",
  "COUNT(*) counts units without failures")

# --- NOI-style totals
P("NOI:collections less repair costs per property",
  "SELECT p.prop_id, COALESCE((SELECT SUM(pm.amount) FROM payment AS pm JOIN lease AS l ON l.lease_id = pm.lease_id "
  "JOIN unit AS u ON u.unit_id = l.unit_id WHERE u.prop_id = p.prop_id), 0) - COALESCE((SELECT SUM(w.cost) FROM work_order AS w "
  "JOIN unit AS u ON u.unit_id = w.unit_id WHERE u.prop_id = p.prop_id), 0) FROM property AS p",
  "WITH inc AS (SELECT u.prop_id, SUM(pm.amount) AS s FROM payment AS pm JOIN lease AS l ON l.lease_id = pm.lease_id "
  "JOIN unit AS u ON u.unit_id = l.unit_id GROUP BY u.prop_id), exp AS (SELECT u.prop_id, SUM(w.cost) AS s FROM work_order AS w "
  "JOIN unit AS u ON u.unit_id = w.unit_id GROUP BY u.prop_id) SELECT p.prop_id, COALESCE(inc.s, 0) - COALESCE(exp.s, 0) "
  "FROM property AS p LEFT JOIN inc ON inc.prop_id = p.prop_id LEFT JOIN exp ON exp.prop_id = p.prop_id",
  "SELECT p.prop_id, COALESCE(SUM(pm.amount), 0) - COALESCE(SUM(w.cost), 0) FROM property AS p LEFT JOIN unit AS u "
  "ON u.prop_id = p.prop_id LEFT JOIN lease AS l ON l.unit_id = u.unit_id LEFT JOIN payment AS pm ON pm.lease_id = l.lease_id "
  "LEFT JOIN work_order AS w ON w.unit_id = u.unit_id GROUP BY p.prop_id",
  "income and costs joined together multiply each other")
P("NOI:gross potential rent per property",
  "SELECT prop_id, SUM(market_rent) FROM unit GROUP BY prop_id",
  "SELECT p.prop_id, (SELECT SUM(u.market_rent) FROM unit AS u WHERE u.prop_id = p.prop_id) FROM property AS p "
  "WHERE EXISTS (SELECT 1 FROM unit AS u WHERE u.prop_id = p.prop_id)",
  "SELECT p.prop_id, (SELECT SUM(u.market_rent) FROM unit AS u WHERE u.prop_id = p.prop_id) FROM property AS p",
  "properties without units listed")
P("NOI:loss to lease on leases in force",
  f"SELECT l.lease_id, u.market_rent - l.rent FROM lease AS l JOIN unit AS u ON u.unit_id = l.unit_id WHERE {CUR} "
  "AND l.rent < u.market_rent",
  f"SELECT l.lease_id, (SELECT u.market_rent FROM unit AS u WHERE u.unit_id = l.unit_id) - l.rent FROM lease AS l WHERE {CUR} "
  "AND EXISTS (SELECT 1 FROM unit AS u WHERE u.unit_id = l.unit_id AND u.market_rent > l.rent)",
  f"SELECT l.lease_id, u.market_rent - l.rent FROM lease AS l JOIN unit AS u ON u.unit_id = l.unit_id WHERE {CUR} "
  "AND l.rent <= u.market_rent",
  "leases at market listed with a zero loss")
P("NOI:cities with collections including unknown city",
  "SELECT pr.city, SUM(p.amount) FROM payment AS p JOIN lease AS l ON l.lease_id = p.lease_id JOIN unit AS u ON u.unit_id = l.unit_id "
  "JOIN property AS pr ON pr.prop_id = u.prop_id GROUP BY pr.city",
  "SELECT city, SUM(s) FROM (SELECT pr.prop_id, pr.city, SUM(p.amount) AS s FROM payment AS p JOIN lease AS l ON l.lease_id = p.lease_id "
  "JOIN unit AS u ON u.unit_id = l.unit_id JOIN property AS pr ON pr.prop_id = u.prop_id GROUP BY pr.prop_id, pr.city) AS t GROUP BY city",
  "SELECT pr.city, SUM(p.amount) FROM payment AS p JOIN lease AS l ON l.lease_id = p.lease_id JOIN unit AS u ON u.unit_id = l.unit_id "
  "JOIN property AS pr ON pr.prop_id = u.prop_id WHERE pr.city IS NOT NULL GROUP BY pr.city",
  "properties without a city left out")
P("NOI:properties sharing a name ignoring case",
  "SELECT a.prop_id, b.prop_id FROM property AS a JOIN property AS b ON LOWER(a.name) = LOWER(b.name) AND a.prop_id < b.prop_id",
  "SELECT a.prop_id, b.prop_id FROM property AS a JOIN property AS b ON UPPER(a.name) = UPPER(b.name) WHERE b.prop_id > a.prop_id",
  "SELECT a.prop_id, b.prop_id FROM property AS a JOIN property AS b ON a.name = b.name AND a.prop_id < b.prop_id",
  "names compared case-sensitively")


# ============================================================ grants management (grants)
# funder(funder_id PK, name, kind NULL), program(program_id PK, funder_id FK, name, match_share REAL),
# application(app_id PK, program_id FK, pi, requested, submitted_day, decision_day NULL, decision NULL),
# award(award_id PK, app_id FK, amount, start_day, end_day), budget_line(award_id FK, line_no; PK both, category,
# budgeted), expenditure(exp_id PK, award_id FK, line_no NULL (no declared FK), day, amount REAL, is_match),
# report_due(award_id FK, due_day; PK both, kind), report(report_id PK, award_id FK, kind, submitted_day),
# reviewer(reviewer_id PK, name, external), score(app_id FK, reviewer_id FK; PK both, score REAL NULL),
# keyless audit_log(app_id FK, actor, action, day; all NULL-able).

# --- pipeline
F("pipeline:applications per program and status",
  "SELECT program_id, COALESCE(decision, 'pending'), COUNT(*) FROM application GROUP BY program_id, COALESCE(decision, 'pending')",
  "SELECT program_id, st, COUNT(*) FROM (SELECT program_id, CASE WHEN decision IS NULL THEN 'pending' ELSE decision END AS st "
  "FROM application) AS t GROUP BY program_id, st",
  "SELECT program_id, COALESCE(decision, 'pending'), COUNT(decision) FROM application GROUP BY program_id, COALESCE(decision, 'pending')",
  "pending applications counted as none")
F("pipeline:pending on a day",
  "SELECT app_id FROM application WHERE submitted_day <= 10 AND (decision_day IS NULL OR decision_day > 10)",
  "SELECT app_id FROM application WHERE submitted_day <= 10 EXCEPT SELECT app_id FROM application WHERE decision_day <= 10",
  "SELECT app_id FROM application WHERE submitted_day <= 10 AND NOT (decision_day <= 10)",
  "NOT over an unknown decision day drops undecided applications")
F("pipeline:applications per program including none",
  "SELECT p.program_id, COUNT(a.app_id) FROM program AS p LEFT JOIN application AS a ON a.program_id = p.program_id "
  "GROUP BY p.program_id",
  "SELECT p.program_id, (SELECT COUNT(*) FROM application AS a WHERE a.program_id = p.program_id) FROM program AS p",
  "SELECT p.program_id, COUNT(*) FROM program AS p LEFT JOIN application AS a ON a.program_id = p.program_id GROUP BY p.program_id",
  "a program without applications counted once")
F("pipeline:requested dollars per funder",
  "SELECT p.funder_id, SUM(a.requested) FROM application AS a JOIN program AS p ON p.program_id = a.program_id GROUP BY p.funder_id",
  "SELECT f.funder_id, (SELECT SUM(a.requested) FROM application AS a WHERE a.program_id IN (SELECT p.program_id FROM program AS p "
  "WHERE p.funder_id = f.funder_id)) FROM funder AS f WHERE EXISTS (SELECT 1 FROM application AS a JOIN program AS p "
  "ON p.program_id = a.program_id WHERE p.funder_id = f.funder_id)",
  "SELECT f.funder_id, (SELECT SUM(a.requested) FROM application AS a WHERE a.program_id IN (SELECT p.program_id FROM program AS p "
  "WHERE p.funder_id = f.funder_id)) FROM funder AS f",
  "funders without applications listed with NULL")
F("pipeline:average days to decision per program",
  "SELECT program_id, AVG(decision_day - submitted_day) FROM application GROUP BY program_id",
  "SELECT program_id, SUM(decision_day - submitted_day) * 1.0 / COUNT(decision_day) FROM application GROUP BY program_id",
  "SELECT program_id, SUM(decision_day - submitted_day) * 1.0 / COUNT(*) FROM application GROUP BY program_id",
  "undecided applications in the denominator")
F("pipeline:oldest undecided application per program with ties",
  "SELECT a.program_id, a.app_id FROM application AS a WHERE a.decision IS NULL AND a.submitted_day = (SELECT MIN(b.submitted_day) "
  "FROM application AS b WHERE b.program_id = a.program_id AND b.decision IS NULL)",
  "SELECT program_id, app_id FROM (SELECT program_id, app_id, RANK() OVER (PARTITION BY program_id ORDER BY submitted_day) AS r "
  "FROM application WHERE decision IS NULL) AS t WHERE r = 1",
  "SELECT program_id, app_id FROM (SELECT program_id, app_id, ROW_NUMBER() OVER (PARTITION BY program_id ORDER BY submitted_day, "
  "app_id) AS r FROM application WHERE decision IS NULL) AS t WHERE r = 1",
  "ROW_NUMBER keeps one of applications submitted the same day")
F("pipeline:programs with applications but no award",
  "SELECT DISTINCT a.program_id FROM application AS a WHERE NOT EXISTS (SELECT 1 FROM award AS w JOIN application AS b "
  "ON b.app_id = w.app_id WHERE b.program_id = a.program_id)",
  "SELECT program_id FROM application EXCEPT SELECT b.program_id FROM award AS w JOIN application AS b ON b.app_id = w.app_id",
  "SELECT DISTINCT a.program_id FROM application AS a LEFT JOIN award AS w ON w.app_id = a.app_id WHERE w.award_id IS NULL",
  "a program with one unfunded application listed")
F("pipeline:second page by amount requested",
  "SELECT app_id, requested FROM application ORDER BY requested DESC, app_id LIMIT 2 OFFSET 2",
  "SELECT app_id, requested FROM (SELECT app_id, requested, ROW_NUMBER() OVER (ORDER BY requested DESC, app_id) AS rn "
  "FROM application) AS t WHERE rn IN (3, 4) ORDER BY rn",
  "SELECT app_id, requested FROM (SELECT app_id, requested, RANK() OVER (ORDER BY requested DESC) AS rn, "
  "ROW_NUMBER() OVER (ORDER BY requested DESC, app_id) AS k FROM application) AS t WHERE rn IN (3, 4) ORDER BY k",
  "RANK for the row number skips or repeats tied rows", semantics="list")
F("pipeline:running total of submissions by day",
  "SELECT submitted_day, COUNT(*), SUM(COUNT(*)) OVER (ORDER BY submitted_day) FROM application GROUP BY submitted_day",
  "SELECT d.submitted_day, COUNT(*), (SELECT COUNT(*) FROM application AS b WHERE b.submitted_day <= d.submitted_day) "
  "FROM application AS d GROUP BY d.submitted_day",
  "SELECT d.submitted_day, COUNT(*), (SELECT COUNT(*) FROM application AS b WHERE b.submitted_day < d.submitted_day) "
  "FROM application AS d GROUP BY d.submitted_day",
  "the running total leaves out its own day")
F("pipeline:days waiting with pending counted to a day",
  "SELECT app_id, IFNULL(decision_day, 30) - submitted_day FROM application",
  "SELECT app_id, IIF(decision_day IS NULL, 30, decision_day) - submitted_day FROM application",
  "SELECT app_id, IIF(decision IS NULL, 30, decision_day) - submitted_day FROM application",
  "the decision text tested for the decision day", dialect="sqlite")

# --- award rates and awards
F("award rate:per program among decided",
  "SELECT program_id, SUM(CASE WHEN decision = 'award' THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM application "
  "WHERE decision IS NOT NULL GROUP BY program_id",
  "SELECT program_id, AVG(CASE WHEN decision = 'award' THEN 1.0 WHEN decision IS NOT NULL THEN 0.0 END) FROM application "
  "GROUP BY program_id HAVING COUNT(decision) > 0",
  "SELECT program_id, SUM(CASE WHEN decision = 'award' THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM application GROUP BY program_id",
  "pending applications counted as declined")
F("award rate:per PI including pending",
  "SELECT pi, 1.0 * COUNT(CASE WHEN decision = 'award' THEN 1 END) / COUNT(*) FROM application GROUP BY pi",
  "SELECT a.pi, 1.0 * (SELECT COUNT(*) FROM application AS b WHERE b.pi = a.pi AND b.decision = 'award') / COUNT(*) "
  "FROM application AS a GROUP BY a.pi",
  "SELECT pi, 1.0 * COUNT(CASE WHEN decision = 'award' THEN 1 END) / COUNT(decision) FROM application GROUP BY pi",
  "pending applications left out of the denominator")
F("awards:funders without any award",
  "SELECT f.funder_id FROM funder AS f WHERE NOT EXISTS (SELECT 1 FROM award AS w JOIN application AS a ON a.app_id = w.app_id "
  "JOIN program AS p ON p.program_id = a.program_id WHERE p.funder_id = f.funder_id)",
  "SELECT funder_id FROM funder EXCEPT SELECT p.funder_id FROM award AS w JOIN application AS a ON a.app_id = w.app_id "
  "JOIN program AS p ON p.program_id = a.program_id",
  "SELECT funder_id FROM funder WHERE funder_id NOT IN (SELECT p.funder_id FROM application AS a JOIN program AS p "
  "ON p.program_id = a.program_id WHERE a.decision = 'award')",
  "the decision column trusted instead of the award records")
F("awards:awarded without an award record",
  "SELECT a.app_id FROM application AS a WHERE a.decision = 'award' AND NOT EXISTS (SELECT 1 FROM award AS w WHERE w.app_id = a.app_id)",
  "SELECT a.app_id FROM application AS a LEFT JOIN award AS w ON w.app_id = a.app_id WHERE a.decision = 'award' AND w.award_id IS NULL",
  "SELECT a.app_id FROM application AS a WHERE (a.decision IS NULL OR a.decision <> 'decline') AND NOT EXISTS "
  "(SELECT 1 FROM award AS w WHERE w.app_id = a.app_id)",
  "pending applications listed as awarded")
F("awards:share of the request awarded",
  "SELECT w.award_id, w.amount * 1.0 / a.requested FROM award AS w JOIN application AS a ON a.app_id = w.app_id",
  "SELECT w.award_id, CAST(w.amount AS REAL) / (SELECT a.requested FROM application AS a WHERE a.app_id = w.app_id) FROM award AS w",
  "SELECT w.award_id, w.amount / a.requested FROM award AS w JOIN application AS a ON a.app_id = w.app_id",
  "integer division truncates the share")
F("awards:total awarded per funder including none",
  "SELECT f.funder_id, COALESCE(SUM(w.amount), 0) FROM funder AS f LEFT JOIN program AS p ON p.funder_id = f.funder_id "
  "LEFT JOIN application AS a ON a.program_id = p.program_id LEFT JOIN award AS w ON w.app_id = a.app_id GROUP BY f.funder_id",
  "SELECT f.funder_id, COALESCE((SELECT SUM(w.amount) FROM award AS w JOIN application AS a ON a.app_id = w.app_id "
  "JOIN program AS p ON p.program_id = a.program_id WHERE p.funder_id = f.funder_id), 0) FROM funder AS f",
  "SELECT f.funder_id, COALESCE(SUM(w.amount), 0) FROM funder AS f JOIN program AS p ON p.funder_id = f.funder_id "
  "LEFT JOIN application AS a ON a.program_id = p.program_id LEFT JOIN award AS w ON w.app_id = a.app_id GROUP BY f.funder_id",
  "funders without programs dropped")
F("awards:largest award per program with ties",
  "SELECT a.program_id, w.award_id FROM award AS w JOIN application AS a ON a.app_id = w.app_id WHERE w.amount = "
  "(SELECT MAX(w2.amount) FROM award AS w2 JOIN application AS a2 ON a2.app_id = w2.app_id WHERE a2.program_id = a.program_id)",
  "SELECT program_id, award_id FROM (SELECT a.program_id, w.award_id, w.amount, MAX(w.amount) OVER (PARTITION BY a.program_id) AS m "
  "FROM award AS w JOIN application AS a ON a.app_id = w.app_id) AS t WHERE amount = m",
  "SELECT program_id, award_id FROM (SELECT a.program_id, w.award_id, ROW_NUMBER() OVER (PARTITION BY a.program_id "
  "ORDER BY w.amount DESC, w.award_id) AS rn FROM award AS w JOIN application AS a ON a.app_id = w.app_id) AS t WHERE rn = 1",
  "ROW_NUMBER keeps one of tied awards")
F("awards:active on a day",
  "SELECT award_id FROM award WHERE start_day <= 30 AND end_day >= 30",
  "SELECT award_id FROM award WHERE 30 BETWEEN start_day AND end_day",
  "SELECT award_id FROM award WHERE start_day <= 30 AND end_day > 30",
  "an award ending on the day not active")
F("awards:applications with a supplement",
  "SELECT app_id FROM award GROUP BY app_id HAVING COUNT(*) > 1",
  "SELECT DISTINCT a.app_id FROM award AS a JOIN award AS b ON b.app_id = a.app_id AND b.award_id <> a.award_id",
  "SELECT app_id FROM award GROUP BY app_id HAVING COUNT(DISTINCT amount) > 1",
  "a supplement of the same amount missed")
F("awards:awards and applications per PI",
  "SELECT a.pi, COUNT(DISTINCT a.app_id), COALESCE(SUM(w.amount), 0) FROM application AS a LEFT JOIN award AS w ON w.app_id = a.app_id "
  "GROUP BY a.pi",
  "SELECT a.pi, COUNT(*), COALESCE(SUM((SELECT SUM(w.amount) FROM award AS w WHERE w.app_id = a.app_id)), 0) FROM application AS a "
  "GROUP BY a.pi",
  "SELECT a.pi, COUNT(*), COALESCE(SUM(w.amount), 0) FROM application AS a LEFT JOIN award AS w ON w.app_id = a.app_id GROUP BY a.pi",
  "an application with a supplement counted twice")

# --- budgets and spending
F("budget:total budget per award including none",
  "SELECT w.award_id, COALESCE(SUM(b.budgeted), 0) FROM award AS w LEFT JOIN budget_line AS b ON b.award_id = w.award_id "
  "GROUP BY w.award_id",
  "SELECT w.award_id, COALESCE((SELECT SUM(b.budgeted) FROM budget_line AS b WHERE b.award_id = w.award_id), 0) FROM award AS w",
  "SELECT w.award_id, SUM(b.budgeted) FROM award AS w JOIN budget_line AS b ON b.award_id = w.award_id GROUP BY w.award_id",
  "awards without budget lines dropped")
F("budget:budget not adding up to the award",
  "SELECT w.award_id FROM award AS w WHERE w.amount <> COALESCE((SELECT SUM(b.budgeted) FROM budget_line AS b "
  "WHERE b.award_id = w.award_id), 0)",
  "SELECT w.award_id FROM award AS w LEFT JOIN (SELECT award_id, SUM(budgeted) AS s FROM budget_line GROUP BY award_id) AS t "
  "ON t.award_id = w.award_id WHERE w.amount <> COALESCE(t.s, 0)",
  "SELECT w.award_id FROM award AS w LEFT JOIN (SELECT award_id, SUM(budgeted) AS s FROM budget_line GROUP BY award_id) AS t "
  "ON t.award_id = w.award_id WHERE w.amount <> t.s",
  "awards without a budget not flagged")
F("spend:spend per budget line including unspent",
  "SELECT b.award_id, b.line_no, COALESCE(SUM(e.amount), 0) FROM budget_line AS b LEFT JOIN expenditure AS e "
  "ON e.award_id = b.award_id AND e.line_no = b.line_no GROUP BY b.award_id, b.line_no",
  "SELECT b.award_id, b.line_no, COALESCE((SELECT SUM(e.amount) FROM expenditure AS e WHERE e.award_id = b.award_id "
  "AND e.line_no = b.line_no), 0) FROM budget_line AS b",
  "SELECT b.award_id, b.line_no, COALESCE(SUM(e.amount), 0) FROM budget_line AS b LEFT JOIN expenditure AS e "
  "ON e.award_id = b.award_id GROUP BY b.award_id, b.line_no",
  "every expenditure of the award charged to each line")
F("spend:unallocated spend per award",
  "SELECT award_id, SUM(amount) FROM expenditure WHERE line_no IS NULL GROUP BY award_id",
  "SELECT award_id, SUM(CASE WHEN line_no IS NULL THEN amount END) FROM expenditure GROUP BY award_id HAVING COUNT(*) > COUNT(line_no)",
  "SELECT award_id, SUM(CASE WHEN line_no IS NULL THEN amount END) FROM expenditure GROUP BY award_id",
  "fully allocated awards listed with NULL")
F("spend:expenditures on a line not in the budget",
  "SELECT e.exp_id FROM expenditure AS e WHERE e.line_no IS NOT NULL AND NOT EXISTS (SELECT 1 FROM budget_line AS b "
  "WHERE b.award_id = e.award_id AND b.line_no = e.line_no)",
  "SELECT e.exp_id FROM expenditure AS e LEFT JOIN budget_line AS b ON b.award_id = e.award_id AND b.line_no = e.line_no "
  "WHERE b.category IS NULL AND e.line_no IS NOT NULL",
  "SELECT e.exp_id FROM expenditure AS e LEFT JOIN budget_line AS b ON b.award_id = e.award_id AND b.line_no = e.line_no "
  "WHERE b.category IS NULL",
  "unallocated expenditures reported as off-budget")
F("spend:lines over budget",
  "SELECT b.award_id, b.line_no FROM budget_line AS b JOIN expenditure AS e ON e.award_id = b.award_id AND e.line_no = b.line_no "
  "GROUP BY b.award_id, b.line_no, b.budgeted HAVING SUM(e.amount) > b.budgeted",
  "SELECT b.award_id, b.line_no FROM budget_line AS b WHERE b.budgeted < (SELECT SUM(e.amount) FROM expenditure AS e "
  "WHERE e.award_id = b.award_id AND e.line_no = b.line_no)",
  "SELECT b.award_id, b.line_no FROM budget_line AS b WHERE b.budgeted > 0 AND b.budgeted < (SELECT SUM(e.amount) "
  "FROM expenditure AS e WHERE e.award_id = b.award_id AND e.line_no = b.line_no)",
  "spending on unbudgeted (zero) lines not flagged")
F("spend:zero-budget lines with spending",
  "SELECT b.award_id, b.line_no FROM budget_line AS b WHERE b.budgeted = 0 AND EXISTS (SELECT 1 FROM expenditure AS e "
  "WHERE e.award_id = b.award_id AND e.line_no = b.line_no)",
  "SELECT DISTINCT b.award_id, b.line_no FROM budget_line AS b JOIN expenditure AS e ON e.award_id = b.award_id "
  "AND e.line_no = b.line_no WHERE b.budgeted = 0",
  "SELECT b.award_id, b.line_no FROM budget_line AS b JOIN expenditure AS e ON e.award_id = b.award_id "
  "AND e.line_no = b.line_no WHERE b.budgeted = 0",
  "a line listed once per expenditure")
F("spend:last expenditure day per award including none",
  "SELECT w.award_id, MAX(e.day) FROM award AS w LEFT JOIN expenditure AS e ON e.award_id = w.award_id GROUP BY w.award_id",
  "SELECT w.award_id, (SELECT MAX(e.day) FROM expenditure AS e WHERE e.award_id = w.award_id) FROM award AS w",
  "SELECT e.award_id, MAX(e.day) FROM expenditure AS e GROUP BY e.award_id",
  "awards without spending dropped")
F("spend:expenditures outside the award period",
  "SELECT e.exp_id FROM expenditure AS e JOIN award AS w ON w.award_id = e.award_id WHERE e.day < w.start_day OR e.day > w.end_day",
  "SELECT e.exp_id FROM expenditure AS e WHERE EXISTS (SELECT 1 FROM award AS w WHERE w.award_id = e.award_id "
  "AND e.day NOT BETWEEN w.start_day AND w.end_day)",
  "SELECT e.exp_id FROM expenditure AS e JOIN award AS w ON w.award_id = e.award_id WHERE e.day > w.end_day",
  "pre-award spending not flagged")
F("burn rate:spend per day elapsed",
  "SELECT w.award_id, SUM(e.amount) / (40 - w.start_day) FROM award AS w JOIN expenditure AS e ON e.award_id = w.award_id "
  "WHERE e.day <= 40 GROUP BY w.award_id, w.start_day",
  "SELECT t.award_id, t.s / (40 - w.start_day) FROM (SELECT award_id, SUM(amount) AS s FROM expenditure WHERE day <= 40 "
  "GROUP BY award_id) AS t JOIN award AS w ON w.award_id = t.award_id",
  "SELECT w.award_id, SUM(e.amount) / (40 - w.start_day) FROM award AS w JOIN expenditure AS e ON e.award_id = w.award_id "
  "WHERE e.day < 40 GROUP BY w.award_id, w.start_day",
  "spending on the day left out")
F("burn rate:remaining balance per award",
  "SELECT w.award_id, w.amount - COALESCE(SUM(e.amount), 0) FROM award AS w LEFT JOIN expenditure AS e ON e.award_id = w.award_id "
  "AND e.is_match = 0 GROUP BY w.award_id, w.amount",
  "SELECT w.award_id, w.amount - COALESCE((SELECT SUM(e.amount) FROM expenditure AS e WHERE e.award_id = w.award_id "
  "AND e.is_match = 0), 0) FROM award AS w",
  "SELECT w.award_id, w.amount - COALESCE(SUM(e.amount), 0) FROM award AS w LEFT JOIN expenditure AS e ON e.award_id = w.award_id "
  "GROUP BY w.award_id, w.amount",
  "match spending drawn from the award")
F("burn rate:awards past half spent",
  "SELECT e.award_id FROM expenditure AS e JOIN award AS w ON w.award_id = e.award_id GROUP BY e.award_id, w.amount "
  "HAVING SUM(e.amount) * 2 > w.amount",
  "SELECT w.award_id FROM award AS w WHERE (SELECT SUM(e.amount) FROM expenditure AS e WHERE e.award_id = w.award_id) > w.amount / 2.0",
  "SELECT e.award_id FROM expenditure AS e JOIN award AS w ON w.award_id = e.award_id GROUP BY e.award_id, w.amount "
  "HAVING SUM(e.amount) * 2 >= w.amount",
  "exactly half spent counted past half")
F("matching:awards short of the required match",
  "SELECT w.award_id FROM award AS w JOIN application AS a ON a.app_id = w.app_id JOIN program AS p ON p.program_id = a.program_id "
  "WHERE COALESCE((SELECT SUM(e.amount) FROM expenditure AS e WHERE e.award_id = w.award_id AND e.is_match = 1), 0) "
  "< w.amount * p.match_share",
  "WITH m AS (SELECT award_id, SUM(amount) AS s FROM expenditure WHERE is_match = 1 GROUP BY award_id) SELECT w.award_id "
  "FROM award AS w JOIN application AS a ON a.app_id = w.app_id JOIN program AS p ON p.program_id = a.program_id "
  "LEFT JOIN m ON m.award_id = w.award_id WHERE COALESCE(m.s, 0) < w.amount * p.match_share",
  "WITH m AS (SELECT award_id, SUM(amount) AS s FROM expenditure WHERE is_match = 1 GROUP BY award_id) SELECT w.award_id "
  "FROM award AS w JOIN application AS a ON a.app_id = w.app_id JOIN program AS p ON p.program_id = a.program_id "
  "JOIN m ON m.award_id = w.award_id WHERE m.s < w.amount * p.match_share",
  "awards without any match spending not flagged")
F("matching:match share of spending per award",
  "SELECT award_id, SUM(CASE WHEN is_match = 1 THEN amount ELSE 0 END) / SUM(amount) FROM expenditure GROUP BY award_id",
  "SELECT e.award_id, COALESCE((SELECT SUM(m.amount) FROM expenditure AS m WHERE m.award_id = e.award_id AND m.is_match = 1), 0) "
  "/ SUM(e.amount) FROM expenditure AS e GROUP BY e.award_id",
  "SELECT award_id, SUM(CASE WHEN is_match = 1 THEN amount END) / SUM(amount) FROM expenditure GROUP BY award_id",
  "an award without match spending shows NULL, not zero")
F("matching:average match share per funder",
  "SELECT funder_id, AVG(match_share) FROM program GROUP BY funder_id",
  "SELECT funder_id, SUM(match_share) / COUNT(*) FROM program GROUP BY funder_id",
  "SELECT f.funder_id, SUM(p.match_share) / COUNT(*) FROM funder AS f LEFT JOIN program AS p ON p.funder_id = f.funder_id "
  "GROUP BY f.funder_id",
  "funders without programs listed")

# --- reporting deadlines
F("reports:overdue reports on a day",
  "SELECT d.award_id, d.due_day FROM report_due AS d WHERE d.due_day < 50 AND NOT EXISTS (SELECT 1 FROM report AS r "
  "WHERE r.award_id = d.award_id AND r.kind = d.kind)",
  "SELECT d.award_id, d.due_day FROM report_due AS d LEFT JOIN report AS r ON r.award_id = d.award_id AND r.kind = d.kind "
  "WHERE d.due_day < 50 AND r.report_id IS NULL",
  "SELECT d.award_id, d.due_day FROM report_due AS d WHERE d.due_day < 50 AND NOT EXISTS (SELECT 1 FROM report AS r "
  "WHERE r.award_id = d.award_id AND r.kind = d.kind AND r.submitted_day <= d.due_day)",
  "a report submitted late still counted overdue")
F("reports:late reports",
  "SELECT r.report_id FROM report AS r WHERE EXISTS (SELECT 1 FROM report_due AS d WHERE d.award_id = r.award_id "
  "AND d.kind = r.kind AND r.submitted_day > d.due_day)",
  "SELECT DISTINCT r.report_id FROM report AS r JOIN report_due AS d ON d.award_id = r.award_id AND d.kind = r.kind "
  "WHERE r.submitted_day > d.due_day",
  "SELECT r.report_id FROM report AS r JOIN report_due AS d ON d.award_id = r.award_id AND d.kind = r.kind "
  "WHERE r.submitted_day > d.due_day",
  "a report late for two deadlines listed twice")
F("reports:deadlines per award including none",
  "SELECT w.award_id, COUNT(d.due_day) FROM award AS w LEFT JOIN report_due AS d ON d.award_id = w.award_id GROUP BY w.award_id",
  "SELECT w.award_id, (SELECT COUNT(*) FROM report_due AS d WHERE d.award_id = w.award_id) FROM award AS w",
  "SELECT w.award_id, COUNT(*) FROM award AS w LEFT JOIN report_due AS d ON d.award_id = w.award_id GROUP BY w.award_id",
  "an award without deadlines counted once")
F("reports:next deadline per award",
  "SELECT award_id, MIN(due_day) FROM report_due WHERE due_day > 40 GROUP BY award_id",
  "SELECT d.award_id, d.due_day FROM report_due AS d WHERE d.due_day > 40 AND NOT EXISTS (SELECT 1 FROM report_due AS e "
  "WHERE e.award_id = d.award_id AND e.due_day > 40 AND e.due_day < d.due_day)",
  "SELECT award_id, MIN(due_day) FROM report_due WHERE due_day >= 40 GROUP BY award_id",
  "a deadline on the day counted as still to come")
F("reports:ended awards without a final report",
  "SELECT w.award_id FROM award AS w WHERE w.end_day <= 30 AND NOT EXISTS (SELECT 1 FROM report AS r WHERE r.award_id = w.award_id "
  "AND r.kind = 'final')",
  "SELECT award_id FROM award WHERE end_day <= 30 EXCEPT SELECT award_id FROM report WHERE kind = 'final'",
  "SELECT award_id FROM award WHERE end_day < 30 EXCEPT SELECT award_id FROM report WHERE kind = 'final'",
  "an award ending on the day not yet ended")

# --- reviewers and scores
F("review:average score per application including unscored",
  "SELECT a.app_id, AVG(s.score) FROM application AS a LEFT JOIN score AS s ON s.app_id = a.app_id GROUP BY a.app_id",
  "SELECT a.app_id, (SELECT AVG(s.score) FROM score AS s WHERE s.app_id = a.app_id) FROM application AS a",
  "SELECT a.app_id, AVG(COALESCE(s.score, 0)) FROM application AS a LEFT JOIN score AS s ON s.app_id = a.app_id GROUP BY a.app_id",
  "missing scores averaged in as zero")
F("review:applications with every review scored",
  "SELECT app_id FROM score GROUP BY app_id HAVING COUNT(*) = COUNT(score)",
  "SELECT DISTINCT s.app_id FROM score AS s WHERE NOT EXISTS (SELECT 1 FROM score AS t WHERE t.app_id = s.app_id AND t.score IS NULL)",
  "SELECT app_id FROM score GROUP BY app_id HAVING COUNT(score) > 0",
  "one score taken for all")
F("review:reviewer disagreement",
  "SELECT app_id FROM score GROUP BY app_id HAVING MAX(score) - MIN(score) >= 1.5",
  "SELECT DISTINCT a.app_id FROM score AS a JOIN score AS b ON b.app_id = a.app_id WHERE a.score - b.score >= 1.5",
  "SELECT app_id FROM score GROUP BY app_id HAVING MAX(score) - MIN(score) > 1.5",
  "a spread of exactly the threshold not a disagreement")
F("review:reviewer load including idle reviewers",
  "SELECT r.reviewer_id, COUNT(s.app_id) FROM reviewer AS r LEFT JOIN score AS s ON s.reviewer_id = r.reviewer_id "
  "GROUP BY r.reviewer_id",
  "SELECT r.reviewer_id, (SELECT COUNT(*) FROM score AS s WHERE s.reviewer_id = r.reviewer_id) FROM reviewer AS r",
  "SELECT r.reviewer_id, COUNT(s.score) FROM reviewer AS r LEFT JOIN score AS s ON s.reviewer_id = r.reviewer_id "
  "GROUP BY r.reviewer_id",
  "assignments not yet scored left out of the load")
F("review:reviewers who scored every application",
  "SELECT r.reviewer_id FROM reviewer AS r WHERE NOT EXISTS (SELECT 1 FROM application AS a WHERE NOT EXISTS (SELECT 1 FROM score AS s "
  "WHERE s.app_id = a.app_id AND s.reviewer_id = r.reviewer_id))",
  "SELECT r.reviewer_id FROM reviewer AS r LEFT JOIN score AS s ON s.reviewer_id = r.reviewer_id GROUP BY r.reviewer_id "
  "HAVING COUNT(s.app_id) = (SELECT COUNT(*) FROM application)",
  "SELECT r.reviewer_id FROM reviewer AS r LEFT JOIN score AS s ON s.reviewer_id = r.reviewer_id GROUP BY r.reviewer_id "
  "HAVING COUNT(*) = (SELECT COUNT(*) FROM application)",
  "with no applications, no reviewer has scored them all")
F("review:top application per program with ties",
  "WITH m AS (SELECT a.program_id, s.app_id, AVG(s.score) AS avg_s FROM score AS s JOIN application AS a ON a.app_id = s.app_id "
  "GROUP BY a.program_id, s.app_id) SELECT program_id, app_id FROM m WHERE avg_s = (SELECT MAX(n.avg_s) FROM m AS n "
  "WHERE n.program_id = m.program_id)",
  "WITH m AS (SELECT a.program_id, s.app_id, AVG(s.score) AS avg_s FROM score AS s JOIN application AS a ON a.app_id = s.app_id "
  "GROUP BY a.program_id, s.app_id) SELECT program_id, app_id FROM (SELECT program_id, app_id, avg_s, RANK() OVER "
  "(PARTITION BY program_id ORDER BY avg_s DESC) AS r FROM m WHERE avg_s IS NOT NULL) AS t WHERE r = 1",
  "WITH m AS (SELECT a.program_id, s.app_id, AVG(s.score) AS avg_s FROM score AS s JOIN application AS a ON a.app_id = s.app_id "
  "GROUP BY a.program_id, s.app_id) SELECT program_id, app_id FROM (SELECT program_id, app_id, RANK() OVER "
  "(PARTITION BY program_id ORDER BY avg_s DESC) AS r FROM m) AS t WHERE r = 1",
  "an unscored application ranks first when none is scored")
F("review:applications without any review",
  "SELECT a.app_id FROM application AS a WHERE NOT EXISTS (SELECT 1 FROM score AS s WHERE s.app_id = a.app_id)",
  "SELECT app_id FROM application WHERE app_id NOT IN (SELECT app_id FROM score)",
  "SELECT a.app_id FROM application AS a LEFT JOIN score AS s ON s.app_id = a.app_id WHERE s.score IS NULL",
  "an assigned but unscored review taken as no review")
F("review:reviewers never scoring above four",
  "SELECT r.reviewer_id FROM reviewer AS r WHERE NOT EXISTS (SELECT 1 FROM score AS s WHERE s.reviewer_id = r.reviewer_id "
  "AND s.score > 4.0)",
  "SELECT reviewer_id FROM reviewer EXCEPT SELECT reviewer_id FROM score WHERE score > 4.0",
  "SELECT reviewer_id FROM score GROUP BY reviewer_id HAVING MAX(score) <= 4.0",
  "reviewers without scores left out")
F("review:external reviewers' average per program",
  "SELECT a.program_id, AVG(s.score) FROM score AS s JOIN reviewer AS r ON r.reviewer_id = s.reviewer_id JOIN application AS a "
  "ON a.app_id = s.app_id WHERE r.external = 1 GROUP BY a.program_id",
  "SELECT a.program_id, AVG(s.score) FROM application AS a JOIN score AS s ON s.app_id = a.app_id WHERE s.reviewer_id IN "
  "(SELECT reviewer_id FROM reviewer WHERE external = 1) GROUP BY a.program_id",
  "SELECT a.program_id, AVG(s.score) FROM score AS s JOIN reviewer AS r ON r.reviewer_id = s.reviewer_id JOIN application AS a "
  "ON a.app_id = s.app_id WHERE r.external = 1 AND s.score IS NOT NULL GROUP BY a.program_id",
  "programs whose external scores are all missing dropped")

# --- audit log and funders
F("audit:first submission day per application",
  "SELECT app_id, MIN(day) FROM audit_log WHERE action = 'submit' AND app_id IS NOT NULL AND day IS NOT NULL GROUP BY app_id",
  "SELECT DISTINCT l.app_id, l.day FROM audit_log AS l WHERE l.action = 'submit' AND l.app_id IS NOT NULL AND l.day IS NOT NULL "
  "AND NOT EXISTS "
  "(SELECT 1 FROM audit_log AS m WHERE m.app_id = l.app_id AND m.action = 'submit' AND m.day < l.day)",
  "SELECT app_id, MIN(day) FROM audit_log WHERE action = 'submit' AND day IS NOT NULL GROUP BY app_id",
  "log rows without an application grouped as one")
F("audit:distinct actions per actor",
  "SELECT actor, COUNT(*) FROM (SELECT DISTINCT app_id, actor, action, day FROM audit_log) AS t GROUP BY actor",
  "SELECT actor, COUNT(*) FROM (SELECT app_id, actor, action, day FROM audit_log GROUP BY app_id, actor, action, day) AS t GROUP BY actor",
  "SELECT actor, COUNT(*) FROM audit_log GROUP BY actor",
  "duplicated log rows counted")
F("audit:decided without a logged decision",
  "SELECT a.app_id FROM application AS a WHERE a.decision IS NOT NULL AND NOT EXISTS (SELECT 1 FROM audit_log AS l "
  "WHERE l.app_id = a.app_id AND l.action = 'decide')",
  "SELECT app_id FROM application WHERE decision IS NOT NULL EXCEPT SELECT app_id FROM audit_log WHERE action = 'decide'",
  "SELECT app_id FROM application WHERE decision IS NOT NULL AND app_id NOT IN (SELECT app_id FROM audit_log WHERE action = 'decide')",
  "NOT IN over log rows without an application")
F("audit:applications touched only by the system",
  "SELECT app_id FROM audit_log WHERE app_id IS NOT NULL GROUP BY app_id HAVING COUNT(*) = COUNT(CASE WHEN actor = 'sys' THEN 1 END)",
  "SELECT DISTINCT a.app_id FROM audit_log AS a WHERE a.app_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM audit_log AS b "
  "WHERE b.app_id = a.app_id AND (b.actor IS NULL OR b.actor <> 'sys'))",
  "SELECT DISTINCT a.app_id FROM audit_log AS a WHERE a.app_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM audit_log AS b "
  "WHERE b.app_id = a.app_id AND b.actor <> 'sys')",
  "rows without an actor taken as the system's")
F("audit:log rows per application including none",
  "SELECT a.app_id, COUNT(l.day) FROM application AS a LEFT JOIN audit_log AS l ON l.app_id = a.app_id GROUP BY a.app_id",
  "SELECT a.app_id, (SELECT COUNT(l.day) FROM audit_log AS l WHERE l.app_id = a.app_id) FROM application AS a",
  "SELECT a.app_id, COUNT(l.app_id) FROM application AS a LEFT JOIN audit_log AS l ON l.app_id = a.app_id GROUP BY a.app_id",
  "log rows without a day counted")
F("funders:programs per funder kind including unknown",
  "SELECT f.kind, COUNT(p.program_id) FROM funder AS f LEFT JOIN program AS p ON p.funder_id = f.funder_id GROUP BY f.kind",
  "SELECT kind, SUM(n) FROM (SELECT f.kind, (SELECT COUNT(*) FROM program AS p WHERE p.funder_id = f.funder_id) AS n "
  "FROM funder AS f) AS t GROUP BY kind",
  "SELECT f.kind, COUNT(p.program_id) FROM funder AS f LEFT JOIN program AS p ON p.funder_id = f.funder_id "
  "WHERE f.kind IS NOT NULL GROUP BY f.kind",
  "funders of unknown kind left out")
F("funders:federal funders' awarded total",
  "SELECT SUM(w.amount) FROM award AS w JOIN application AS a ON a.app_id = w.app_id JOIN program AS p ON p.program_id = a.program_id "
  "JOIN funder AS f ON f.funder_id = p.funder_id WHERE f.kind = 'federal'",
  "SELECT SUM(w.amount) FROM award AS w WHERE w.app_id IN (SELECT a.app_id FROM application AS a WHERE a.program_id IN "
  "(SELECT p.program_id FROM program AS p WHERE p.funder_id IN (SELECT funder_id FROM funder WHERE kind = 'federal')))",
  "SELECT SUM(w.amount) FROM award AS w WHERE w.app_id IN (SELECT a.app_id FROM application AS a WHERE a.program_id IN "
  "(SELECT p.program_id FROM program AS p WHERE p.funder_id IN (SELECT funder_id FROM funder WHERE kind = 'federal' "
  "OR kind IS NULL)))",
  "funders of unknown kind counted as federal")
F("funders:funders sharing a name ignoring case",
  "SELECT a.funder_id, b.funder_id FROM funder AS a JOIN funder AS b ON LOWER(a.name) = LOWER(b.name) AND a.funder_id < b.funder_id",
  "SELECT a.funder_id, b.funder_id FROM funder AS a, funder AS b WHERE b.funder_id > a.funder_id AND UPPER(b.name) = UPPER(a.name)",
  "SELECT a.funder_id, b.funder_id FROM funder AS a JOIN funder AS b ON LOWER(a.name) = LOWER(b.name) AND a.funder_id <> b.funder_id",
  "every duplicate pair listed both ways")
F("pipeline:decided applications per month of decision",
  "SELECT (decision_day - 1) / 10, COUNT(*) FROM application WHERE decision_day IS NOT NULL GROUP BY (decision_day - 1) / 10",
  "SELECT b, COUNT(*) FROM (SELECT (decision_day - 1) / 10 AS b FROM application WHERE decision_day >= 0 OR decision_day < 0) AS t "
  "GROUP BY b",
  "SELECT (decision_day - 1) / 10, COUNT(*) FROM application GROUP BY (decision_day - 1) / 10",
  "undecided applications grouped as one month")
F("award rate:programs above a 50 percent award rate",
  "SELECT program_id FROM application WHERE decision IN ('award', 'decline') GROUP BY program_id "
  "HAVING 2 * SUM(CASE WHEN decision = 'award' THEN 1 ELSE 0 END) > COUNT(*)",
  "SELECT program_id FROM (SELECT program_id, COUNT(CASE WHEN decision = 'award' THEN 1 END) AS won, "
  "COUNT(CASE WHEN decision = 'decline' THEN 1 END) AS lost FROM application GROUP BY program_id) AS t WHERE won > lost",
  "SELECT program_id FROM application WHERE decision IN ('award', 'decline') GROUP BY program_id "
  "HAVING 2 * SUM(CASE WHEN decision = 'award' THEN 1 ELSE 0 END) >= COUNT(*)",
  "an even split counted above half")
F("budget:budget per category",
  "SELECT category, SUM(budgeted) FROM budget_line GROUP BY category",
  "SELECT DISTINCT b.category, (SELECT SUM(c.budgeted) FROM budget_line AS c WHERE c.category = b.category) FROM budget_line AS b",
  "SELECT category, SUM(DISTINCT budgeted) FROM budget_line GROUP BY category",
  "equal line amounts merged before summing")
F("awards:awards whose application has no decision day",
  "SELECT w.award_id FROM award AS w JOIN application AS a ON a.app_id = w.app_id WHERE a.decision_day IS NULL",
  "SELECT w.award_id FROM award AS w WHERE NOT EXISTS (SELECT 1 FROM application AS a WHERE a.app_id = w.app_id "
  "AND a.decision_day IS NOT NULL)",
  "SELECT w.award_id FROM award AS w WHERE w.app_id NOT IN (SELECT app_id FROM application WHERE decision IS NOT NULL)",
  "the decision tested instead of its day")
F("spend:expenditures per budget category including unallocated",
  "SELECT COALESCE(b.category, 'unallocated'), COUNT(*) FROM expenditure AS e LEFT JOIN budget_line AS b "
  "ON b.award_id = e.award_id AND b.line_no = e.line_no GROUP BY COALESCE(b.category, 'unallocated')",
  "SELECT cat, COUNT(*) FROM (SELECT CASE WHEN e.line_no IS NULL THEN 'unallocated' ELSE COALESCE((SELECT b.category "
  "FROM budget_line AS b WHERE b.award_id = e.award_id AND b.line_no = e.line_no), 'unallocated') END AS cat "
  "FROM expenditure AS e) AS t GROUP BY cat",
  "SELECT b.category, COUNT(*) FROM expenditure AS e JOIN budget_line AS b "
  "ON b.award_id = e.award_id AND b.line_no = e.line_no GROUP BY b.category",
  "unallocated expenditures dropped")


# ============================================================ HR reports (workforce)
# department(dept_id PK, name), position(pos_id PK, title, grade, min_pay, max_pay), employee(emp_id PK, name,
# dept_id FK NULL, manager_id FK -> employee NULL, hire_day, term_day NULL, gender NULL), job_history(emp_id FK,
# start_day; PK both, pos_id FK, dept_id FK NULL), comp_change(change_id PK, emp_id FK, eff_day, salary, reason),
# time_off(req_id PK, emp_id FK, start_day, days, kind, status), accrual(emp_id FK, year; PK both, days),
# timesheet(emp_id FK, week; PK both, hours REAL), review(emp_id FK, cycle; PK both, rating REAL NULL,
# reviewer_id FK -> employee NULL), keyless clock(emp_id FK, day, kind, minute; all NULL-able).
ACT = "e.hire_day <= 200 AND (e.term_day IS NULL OR e.term_day > 200)"
LATEST = ("SELECT emp_id, salary FROM (SELECT emp_id, salary, ROW_NUMBER() OVER (PARTITION BY emp_id ORDER BY eff_day DESC, "
          "change_id DESC) AS rn FROM comp_change) AS x WHERE rn = 1")

# --- headcount
H("headcount:headcount on a day",
  f"SELECT COUNT(*) FROM employee AS e WHERE {ACT}",
  "SELECT COUNT(CASE WHEN hire_day <= 200 AND (term_day IS NULL OR term_day > 200) THEN 1 END) FROM employee",
  "SELECT COUNT(*) FROM employee AS e WHERE e.hire_day < 200 AND (e.term_day IS NULL OR e.term_day > 200)",
  "employees hired on the day left out")
H("headcount:per department including empty",
  f"SELECT d.dept_id, COUNT(e.emp_id) FROM department AS d LEFT JOIN employee AS e ON e.dept_id = d.dept_id AND {ACT} "
  "GROUP BY d.dept_id",
  f"SELECT d.dept_id, (SELECT COUNT(*) FROM employee AS e WHERE e.dept_id = d.dept_id AND {ACT}) FROM department AS d",
  f"SELECT d.dept_id, COUNT(e.emp_id) FROM department AS d LEFT JOIN employee AS e ON e.dept_id = d.dept_id WHERE {ACT} "
  "GROUP BY d.dept_id",
  "the active filter in WHERE drops empty departments")
H("headcount:employees without a department",
  "SELECT emp_id FROM employee WHERE dept_id IS NULL",
  "SELECT e.emp_id FROM employee AS e LEFT JOIN department AS d ON d.dept_id = e.dept_id WHERE d.dept_id IS NULL",
  "SELECT emp_id FROM employee WHERE dept_id NOT IN (SELECT dept_id FROM department)",
  "NOT IN never matches an unassigned employee")
H("headcount:net change per day",
  "SELECT d, SUM(x) FROM (SELECT hire_day AS d, 1 AS x FROM employee UNION ALL SELECT term_day, -1 FROM employee "
  "WHERE term_day IS NOT NULL) AS t GROUP BY d",
  "SELECT d, (SELECT COUNT(*) FROM employee WHERE hire_day = d) - (SELECT COUNT(*) FROM employee WHERE term_day = d) "
  "FROM (SELECT hire_day AS d FROM employee UNION SELECT term_day FROM employee WHERE term_day IS NOT NULL) AS t",
  "SELECT d, SUM(x) FROM (SELECT hire_day AS d, 1 AS x FROM employee UNION ALL SELECT term_day, -1 FROM employee) AS t GROUP BY d",
  "still-employed staff counted as leaving on an unknown day")
H("headcount:new hires per department in a period including none",
  "SELECT d.dept_id, COUNT(e.emp_id) FROM department AS d LEFT JOIN employee AS e ON e.dept_id = d.dept_id "
  "AND e.hire_day BETWEEN 100 AND 200 GROUP BY d.dept_id",
  "SELECT d.dept_id, COALESCE(h.n, 0) FROM department AS d LEFT JOIN (SELECT dept_id, COUNT(*) AS n FROM employee "
  "WHERE hire_day >= 100 AND hire_day <= 200 GROUP BY dept_id) AS h ON h.dept_id = d.dept_id",
  "SELECT d.dept_id, COUNT(e.emp_id) FROM department AS d LEFT JOIN employee AS e ON e.dept_id = d.dept_id "
  "AND e.hire_day > 100 AND e.hire_day <= 200 GROUP BY d.dept_id",
  "hires on the first day of the period left out")
H("headcount:gender mix per department with unknown",
  "SELECT dept_id, COUNT(CASE WHEN gender = 'F' THEN 1 END), COUNT(CASE WHEN gender = 'M' THEN 1 END), COUNT(*) - COUNT(gender) "
  "FROM employee GROUP BY dept_id",
  "SELECT dept_id, SUM(CASE WHEN gender = 'F' THEN 1 ELSE 0 END), SUM(CASE WHEN gender = 'M' THEN 1 ELSE 0 END), "
  "SUM(CASE WHEN gender IS NULL THEN 1 ELSE 0 END) FROM employee GROUP BY dept_id",
  "SELECT dept_id, SUM(CASE WHEN gender = 'F' THEN 1 ELSE 0 END), SUM(CASE WHEN gender = 'M' THEN 1 ELSE 0 END), "
  "SUM(CASE WHEN gender NOT IN ('F', 'M') THEN 1 ELSE 0 END) FROM employee GROUP BY dept_id",
  "NOT IN never counts an unknown gender")
H("headcount:departments without an active employee",
  f"SELECT d.dept_id FROM department AS d WHERE NOT EXISTS (SELECT 1 FROM employee AS e WHERE e.dept_id = d.dept_id AND {ACT})",
  f"SELECT dept_id FROM department EXCEPT SELECT e.dept_id FROM employee AS e WHERE {ACT}",
  f"SELECT dept_id FROM department WHERE dept_id NOT IN (SELECT e.dept_id FROM employee AS e WHERE {ACT})",
  "NOT IN over active staff without a department")

# --- turnover and retention
H("turnover:terminations in a period per department",
  "SELECT dept_id, COUNT(*) FROM employee WHERE term_day BETWEEN 101 AND 250 GROUP BY dept_id",
  "SELECT dept_id, COUNT(*) FROM employee WHERE term_day > 100 AND term_day <= 250 GROUP BY dept_id",
  "SELECT dept_id, COUNT(*) FROM employee WHERE term_day >= 100 AND term_day <= 250 GROUP BY dept_id",
  "leavers on the day before the period counted")
H("turnover:turnover rate over a period",
  "SELECT 1.0 * (SELECT COUNT(*) FROM employee WHERE term_day > 100 AND term_day <= 250) / (SELECT COUNT(*) FROM employee "
  "WHERE hire_day <= 100 AND (term_day IS NULL OR term_day > 100))",
  "SELECT 1.0 * SUM(CASE WHEN term_day > 100 AND term_day <= 250 THEN 1 ELSE 0 END) / SUM(CASE WHEN hire_day <= 100 "
  "AND (term_day IS NULL OR term_day > 100) THEN 1 ELSE 0 END) FROM employee",
  "SELECT 1.0 * (SELECT COUNT(*) FROM employee WHERE term_day > 100 AND term_day <= 250) / (SELECT COUNT(*) FROM employee "
  "WHERE hire_day <= 250 AND (term_day IS NULL OR term_day > 250))",
  "headcount at the end of the period as the denominator", dialect="sqlite")
H("retention:stayed at least 100 days",
  "SELECT emp_id FROM employee WHERE term_day IS NULL OR term_day - hire_day >= 100",
  "SELECT emp_id FROM employee WHERE COALESCE(term_day - hire_day, 100) >= 100",
  "SELECT emp_id FROM employee WHERE term_day IS NULL OR term_day - hire_day > 100",
  "leaving on the hundredth day counted as not retained")
H("turnover:leavers whose manager had left",
  "SELECT e.emp_id FROM employee AS e JOIN employee AS m ON m.emp_id = e.manager_id WHERE e.term_day IS NOT NULL "
  "AND m.term_day <= e.term_day",
  "SELECT e.emp_id FROM employee AS e WHERE e.term_day IS NOT NULL AND e.manager_id IN (SELECT m.emp_id FROM employee AS m "
  "WHERE m.term_day <= e.term_day)",
  "SELECT e.emp_id FROM employee AS e JOIN employee AS m ON m.emp_id = e.manager_id WHERE e.term_day IS NOT NULL "
  "AND m.term_day < e.term_day",
  "leaving on the same day as the manager not counted")
H("tenure:tenure buckets of active staff",
  "SELECT e.emp_id, CASE WHEN 300 - e.hire_day < 200 THEN 'new' WHEN 300 - e.hire_day < 300 THEN 'mid' ELSE 'long' END "
  "FROM employee AS e WHERE e.term_day IS NULL OR e.term_day > 300",
  "SELECT emp_id, CASE WHEN hire_day > 100 THEN 'new' WHEN hire_day > 0 THEN 'mid' ELSE 'long' END FROM employee "
  "WHERE COALESCE(term_day, 301) > 300",
  "SELECT emp_id, CASE WHEN hire_day >= 100 THEN 'new' WHEN hire_day > 0 THEN 'mid' ELSE 'long' END FROM employee "
  "WHERE COALESCE(term_day, 301) > 300",
  "the bucket boundary off by one")
H("tenure:average tenure of leavers per department",
  "SELECT dept_id, AVG(term_day - hire_day) FROM employee WHERE term_day IS NOT NULL GROUP BY dept_id",
  "SELECT dept_id, SUM(term_day - hire_day) * 1.0 / COUNT(term_day) FROM employee GROUP BY dept_id HAVING COUNT(term_day) > 0",
  "SELECT dept_id, AVG(COALESCE(term_day, 300) - hire_day) FROM employee GROUP BY dept_id HAVING COUNT(term_day) > 0",
  "current staff averaged in up to today")
H("tenure:longest-serving active employee per department with ties",
  f"SELECT e.dept_id, e.emp_id FROM employee AS e WHERE {ACT} AND e.dept_id IS NOT NULL AND e.hire_day = (SELECT MIN(f.hire_day) "
  "FROM employee AS f WHERE f.dept_id = e.dept_id AND f.hire_day <= 200 AND (f.term_day IS NULL OR f.term_day > 200))",
  f"SELECT dept_id, emp_id FROM (SELECT e.dept_id, e.emp_id, RANK() OVER (PARTITION BY e.dept_id ORDER BY e.hire_day) AS r "
  f"FROM employee AS e WHERE {ACT} AND e.dept_id IS NOT NULL) AS t WHERE r = 1",
  f"SELECT e.dept_id, e.emp_id FROM employee AS e WHERE {ACT} AND e.dept_id IS NOT NULL AND e.hire_day = (SELECT MIN(f.hire_day) "
  "FROM employee AS f WHERE f.dept_id = e.dept_id)",
  "a leaver's earlier hire day compared against")

# --- span of control and the reporting line
H("span:direct reports per manager including none",
  "SELECT m.emp_id, COUNT(e.emp_id) FROM employee AS m LEFT JOIN employee AS e ON e.manager_id = m.emp_id GROUP BY m.emp_id",
  "SELECT m.emp_id, (SELECT COUNT(*) FROM employee AS e WHERE e.manager_id = m.emp_id) FROM employee AS m",
  "SELECT m.emp_id, COUNT(*) FROM employee AS m LEFT JOIN employee AS e ON e.manager_id = m.emp_id GROUP BY m.emp_id",
  "an individual contributor counted as one report")
H("span:managers with more than one report",
  "SELECT manager_id FROM employee WHERE manager_id IS NOT NULL GROUP BY manager_id HAVING COUNT(*) > 1",
  "SELECT m.emp_id FROM employee AS m WHERE (SELECT COUNT(*) FROM employee AS e WHERE e.manager_id = m.emp_id) > 1",
  "SELECT manager_id FROM employee WHERE manager_id IS NOT NULL GROUP BY manager_id HAVING COUNT(*) >= 1",
  "a single report counted as more than one")
H("span:top of the organisation",
  "SELECT emp_id FROM employee WHERE manager_id IS NULL",
  "SELECT e.emp_id FROM employee AS e WHERE NOT EXISTS (SELECT 1 FROM employee AS m WHERE m.emp_id = e.manager_id)",
  "SELECT emp_id FROM employee WHERE manager_id NOT IN (SELECT emp_id FROM employee)",
  "NOT IN never matches an employee without a manager")
H("span:skip-level manager",
  "SELECT e.emp_id, m.manager_id FROM employee AS e JOIN employee AS m ON m.emp_id = e.manager_id",
  "SELECT e.emp_id, (SELECT m.manager_id FROM employee AS m WHERE m.emp_id = e.manager_id) FROM employee AS e "
  "WHERE e.manager_id IS NOT NULL",
  "SELECT e.emp_id, (SELECT m.manager_id FROM employee AS m WHERE m.emp_id = e.manager_id) FROM employee AS e",
  "employees without a manager listed with NULL")
H("span:managers with a report in another department",
  "SELECT DISTINCT m.emp_id FROM employee AS e JOIN employee AS m ON m.emp_id = e.manager_id WHERE e.dept_id <> m.dept_id",
  "SELECT m.emp_id FROM employee AS m WHERE EXISTS (SELECT 1 FROM employee AS e WHERE e.manager_id = m.emp_id "
  "AND e.dept_id <> m.dept_id)",
  "SELECT DISTINCT m.emp_id FROM employee AS e JOIN employee AS m ON m.emp_id = e.manager_id "
  "WHERE COALESCE(e.dept_id, 0) <> COALESCE(m.dept_id, 0)",
  "an unassigned department taken as a different one")
H("span:reports two levels under a manager",
  "WITH RECURSIVE r(emp_id, lvl) AS (SELECT emp_id, 1 FROM employee WHERE manager_id = 1 UNION ALL SELECT e.emp_id, r.lvl + 1 "
  "FROM employee AS e JOIN r ON e.manager_id = r.emp_id WHERE r.lvl < 2) SELECT emp_id, lvl FROM r",
  "SELECT emp_id, 1 FROM employee WHERE manager_id = 1 UNION ALL SELECT e.emp_id, 2 FROM employee AS e JOIN employee AS m "
  "ON m.emp_id = e.manager_id WHERE m.manager_id = 1",
  "WITH RECURSIVE r(emp_id, lvl) AS (SELECT emp_id, 1 FROM employee WHERE manager_id = 1 UNION ALL SELECT e.emp_id, r.lvl + 1 "
  "FROM employee AS e JOIN r ON e.manager_id = r.emp_id WHERE r.lvl < 1) SELECT emp_id, lvl FROM r",
  "the depth limit one level short")
H("span:reports whose manager has left",
  "SELECT e.emp_id FROM employee AS e JOIN employee AS m ON m.emp_id = e.manager_id WHERE m.term_day <= 300",
  "SELECT e.emp_id FROM employee AS e WHERE e.manager_id IN (SELECT m.emp_id FROM employee AS m WHERE m.term_day <= 300)",
  "SELECT e.emp_id FROM employee AS e WHERE e.manager_id IN (SELECT m.emp_id FROM employee AS m WHERE m.term_day IS NOT NULL)",
  "a future termination date taken as gone")
H("span:departed managers who still have reports",
  "SELECT DISTINCT m.emp_id FROM employee AS m JOIN employee AS e ON e.manager_id = m.emp_id WHERE m.term_day <= 300",
  "SELECT m.emp_id FROM employee AS m WHERE m.term_day <= 300 AND EXISTS (SELECT 1 FROM employee AS e WHERE e.manager_id = m.emp_id)",
  "SELECT m.emp_id FROM employee AS m JOIN employee AS e ON e.manager_id = m.emp_id WHERE m.term_day <= 300",
  "a manager listed once per report")

# --- compensation
H("pay:latest salary per employee",
  "SELECT c.emp_id, c.salary FROM comp_change AS c WHERE c.change_id = (SELECT d.change_id FROM comp_change AS d "
  "WHERE d.emp_id = c.emp_id ORDER BY d.eff_day DESC, d.change_id DESC LIMIT 1)",
  LATEST,
  "SELECT emp_id, MAX(salary) FROM comp_change GROUP BY emp_id",
  "the highest salary ever, not the latest")
H("pay:salary as of a day",
  "SELECT c.emp_id, c.salary FROM comp_change AS c WHERE c.eff_day <= 150 AND NOT EXISTS (SELECT 1 FROM comp_change AS d "
  "WHERE d.emp_id = c.emp_id AND d.eff_day <= 150 AND (d.eff_day > c.eff_day OR (d.eff_day = c.eff_day AND d.change_id > c.change_id)))",
  "SELECT emp_id, salary FROM (SELECT emp_id, salary, ROW_NUMBER() OVER (PARTITION BY emp_id ORDER BY eff_day DESC, change_id DESC) "
  "AS rn FROM comp_change WHERE eff_day <= 150) AS x WHERE rn = 1",
  "SELECT c.emp_id, c.salary FROM comp_change AS c WHERE c.eff_day <= 150 AND NOT EXISTS (SELECT 1 FROM comp_change AS d "
  "WHERE d.emp_id = c.emp_id AND (d.eff_day > c.eff_day OR (d.eff_day = c.eff_day AND d.change_id > c.change_id)))",
  "a later (future) change hides the salary in force")
H("pay:average latest salary by gender including unknown",
  f"SELECT e.gender, AVG(s.salary) FROM employee AS e JOIN ({LATEST}) AS s ON s.emp_id = e.emp_id GROUP BY e.gender",
  "SELECT e.gender, AVG((SELECT c.salary FROM comp_change AS c WHERE c.emp_id = e.emp_id ORDER BY c.eff_day DESC, c.change_id DESC "
  "LIMIT 1)) FROM employee AS e WHERE EXISTS (SELECT 1 FROM comp_change AS c WHERE c.emp_id = e.emp_id) GROUP BY e.gender",
  f"SELECT e.gender, AVG(s.salary) FROM employee AS e JOIN ({LATEST}) AS s ON s.emp_id = e.emp_id WHERE e.gender IS NOT NULL "
  "GROUP BY e.gender",
  "employees of unknown gender left out")
H("pay:raise at each change",
  "SELECT change_id, salary - prev FROM (SELECT change_id, salary, LAG(salary) OVER (PARTITION BY emp_id ORDER BY eff_day, change_id) "
  "AS prev FROM comp_change) AS t WHERE prev IS NOT NULL",
  "SELECT c.change_id, c.salary - p.salary FROM comp_change AS c JOIN comp_change AS p ON p.emp_id = c.emp_id AND (p.eff_day < c.eff_day "
  "OR (p.eff_day = c.eff_day AND p.change_id < c.change_id)) WHERE NOT EXISTS (SELECT 1 FROM comp_change AS q WHERE q.emp_id = c.emp_id "
  "AND (q.eff_day < c.eff_day OR (q.eff_day = c.eff_day AND q.change_id < c.change_id)) AND (q.eff_day > p.eff_day "
  "OR (q.eff_day = p.eff_day AND q.change_id > p.change_id)))",
  "SELECT change_id, salary - prev FROM (SELECT change_id, salary, LAG(salary) OVER (PARTITION BY emp_id ORDER BY change_id) "
  "AS prev FROM comp_change) AS t WHERE prev IS NOT NULL",
  "changes ordered by entry instead of effective day")
H("pay:employees never given a merit increase",
  "SELECT e.emp_id FROM employee AS e WHERE NOT EXISTS (SELECT 1 FROM comp_change AS c WHERE c.emp_id = e.emp_id AND c.reason = 'merit')",
  "SELECT emp_id FROM employee EXCEPT SELECT emp_id FROM comp_change WHERE reason = 'merit'",
  "SELECT DISTINCT e.emp_id FROM employee AS e JOIN comp_change AS c ON c.emp_id = e.emp_id WHERE c.reason <> 'merit'",
  "any non-merit change taken as no merit increase")
H("pay:salaries above the average",
  "SELECT DISTINCT emp_id FROM comp_change WHERE salary > (SELECT AVG(salary) FROM comp_change)",
  "SELECT DISTINCT emp_id FROM (SELECT emp_id, salary, AVG(salary) OVER () AS a FROM comp_change) AS t WHERE salary > a",
  "SELECT DISTINCT emp_id FROM comp_change WHERE salary >= (SELECT AVG(salary) FROM comp_change)",
  "a salary equal to the average counted above it")
H("pay:salary changes above the band of the job held",
  "SELECT c.change_id FROM comp_change AS c JOIN job_history AS j ON j.emp_id = c.emp_id AND j.start_day = (SELECT MAX(k.start_day) "
  "FROM job_history AS k WHERE k.emp_id = c.emp_id AND k.start_day <= c.eff_day) JOIN position AS p ON p.pos_id = j.pos_id "
  "WHERE c.salary > p.max_pay",
  "SELECT c.change_id FROM comp_change AS c WHERE EXISTS (SELECT 1 FROM job_history AS j JOIN position AS p ON p.pos_id = j.pos_id "
  "WHERE j.emp_id = c.emp_id AND j.start_day <= c.eff_day AND c.salary > p.max_pay AND NOT EXISTS (SELECT 1 FROM job_history AS k "
  "WHERE k.emp_id = c.emp_id AND k.start_day <= c.eff_day AND k.start_day > j.start_day))",
  "SELECT c.change_id FROM comp_change AS c JOIN job_history AS j ON j.emp_id = c.emp_id AND j.start_day = (SELECT MAX(k.start_day) "
  "FROM job_history AS k WHERE k.emp_id = c.emp_id) JOIN position AS p ON p.pos_id = j.pos_id WHERE c.salary > p.max_pay",
  "the current job's band used for past changes")
H("promotions:promotions from job history",
  "SELECT emp_id, start_day FROM (SELECT j.emp_id, j.start_day, p.grade, LAG(p.grade) OVER (PARTITION BY j.emp_id ORDER BY j.start_day) "
  "AS pg FROM job_history AS j JOIN position AS p ON p.pos_id = j.pos_id) AS t WHERE grade > pg",
  "SELECT j.emp_id, j.start_day FROM job_history AS j JOIN position AS p ON p.pos_id = j.pos_id JOIN job_history AS k "
  "ON k.emp_id = j.emp_id AND k.start_day = (SELECT MAX(x.start_day) FROM job_history AS x WHERE x.emp_id = j.emp_id "
  "AND x.start_day < j.start_day) JOIN position AS q ON q.pos_id = k.pos_id WHERE p.grade > q.grade",
  "SELECT emp_id, start_day FROM (SELECT j.emp_id, j.start_day, p.grade, LAG(p.grade) OVER (PARTITION BY j.emp_id ORDER BY j.start_day) "
  "AS pg FROM job_history AS j JOIN position AS p ON p.pos_id = j.pos_id) AS t WHERE grade >= pg",
  "lateral moves counted as promotions")
H("promotions:promotion raises without a job change",
  "SELECT c.change_id FROM comp_change AS c WHERE c.reason = 'promo' AND NOT EXISTS (SELECT 1 FROM job_history AS j "
  "WHERE j.emp_id = c.emp_id AND j.start_day = c.eff_day)",
  "SELECT c.change_id FROM comp_change AS c LEFT JOIN job_history AS j ON j.emp_id = c.emp_id AND j.start_day = c.eff_day "
  "WHERE c.reason = 'promo' AND j.pos_id IS NULL",
  "SELECT c.change_id FROM comp_change AS c WHERE c.reason = 'promo' AND c.eff_day NOT IN (SELECT start_day FROM job_history)",
  "any employee's job change on that day matched")
H("job:employees who changed department",
  "SELECT emp_id FROM job_history GROUP BY emp_id HAVING COUNT(DISTINCT dept_id) > 1",
  "SELECT DISTINCT a.emp_id FROM job_history AS a JOIN job_history AS b ON b.emp_id = a.emp_id AND b.dept_id <> a.dept_id",
  "SELECT emp_id FROM job_history GROUP BY emp_id HAVING COUNT(*) > 1",
  "a job change within the department counted")
H("job:current position per employee",
  "SELECT j.emp_id, j.pos_id FROM job_history AS j WHERE j.start_day = (SELECT MAX(k.start_day) FROM job_history AS k "
  "WHERE k.emp_id = j.emp_id)",
  "SELECT j.emp_id, j.pos_id FROM job_history AS j WHERE NOT EXISTS (SELECT 1 FROM job_history AS k WHERE k.emp_id = j.emp_id "
  "AND k.start_day > j.start_day)",
  "SELECT j.emp_id, j.pos_id FROM job_history AS j WHERE j.start_day = (SELECT MIN(k.start_day) FROM job_history AS k "
  "WHERE k.emp_id = j.emp_id)",
  "the first position, not the current one")

# --- time off and PTO balances
H("pto:balance per employee",
  "SELECT e.emp_id, COALESCE((SELECT SUM(a.days) FROM accrual AS a WHERE a.emp_id = e.emp_id), 0) - COALESCE((SELECT SUM(t.days) "
  "FROM time_off AS t WHERE t.emp_id = e.emp_id AND t.kind = 'pto' AND t.status = 'approved'), 0) FROM employee AS e",
  "WITH a AS (SELECT emp_id, SUM(days) AS s FROM accrual GROUP BY emp_id), t AS (SELECT emp_id, SUM(days) AS s FROM time_off "
  "WHERE kind = 'pto' AND status = 'approved' GROUP BY emp_id) SELECT e.emp_id, COALESCE(a.s, 0) - COALESCE(t.s, 0) "
  "FROM employee AS e LEFT JOIN a ON a.emp_id = e.emp_id LEFT JOIN t ON t.emp_id = e.emp_id",
  "SELECT e.emp_id, COALESCE((SELECT SUM(a.days) FROM accrual AS a WHERE a.emp_id = e.emp_id), 0) - COALESCE((SELECT SUM(t.days) "
  "FROM time_off AS t WHERE t.emp_id = e.emp_id AND t.kind = 'pto' AND t.status <> 'denied'), 0) FROM employee AS e",
  "pending requests deducted")
H("pto:pending requests per manager including none",
  "SELECT m.emp_id, COUNT(t.req_id) FROM employee AS m LEFT JOIN employee AS e ON e.manager_id = m.emp_id "
  "LEFT JOIN time_off AS t ON t.emp_id = e.emp_id AND t.status = 'pending' GROUP BY m.emp_id",
  "SELECT m.emp_id, (SELECT COUNT(*) FROM time_off AS t JOIN employee AS e ON e.emp_id = t.emp_id WHERE e.manager_id = m.emp_id "
  "AND t.status = 'pending') FROM employee AS m",
  "SELECT m.emp_id, COUNT(e.emp_id) FROM employee AS m LEFT JOIN employee AS e ON e.manager_id = m.emp_id "
  "LEFT JOIN time_off AS t ON t.emp_id = e.emp_id AND t.status = 'pending' GROUP BY m.emp_id",
  "reports counted instead of their pending requests")
H("pto:off on a day",
  "SELECT emp_id FROM time_off WHERE status = 'approved' AND start_day <= 21 AND start_day + days > 21",
  "SELECT emp_id FROM time_off WHERE status = 'approved' AND 21 BETWEEN start_day AND start_day + days - 1",
  "SELECT emp_id FROM time_off WHERE status = 'approved' AND start_day <= 21 AND start_day + days >= 21",
  "the day after the leave ends counted as off")
H("pto:sick days per employee including none",
  "SELECT e.emp_id, COALESCE(SUM(t.days), 0) FROM employee AS e LEFT JOIN time_off AS t ON t.emp_id = e.emp_id AND t.kind = 'sick' "
  "AND t.status = 'approved' GROUP BY e.emp_id",
  "SELECT e.emp_id, COALESCE((SELECT SUM(t.days) FROM time_off AS t WHERE t.emp_id = e.emp_id AND t.kind = 'sick' "
  "AND t.status = 'approved'), 0) FROM employee AS e",
  "SELECT e.emp_id, COALESCE(SUM(t.days), 0) FROM employee AS e LEFT JOIN time_off AS t ON t.emp_id = e.emp_id "
  "WHERE t.kind = 'sick' AND t.status = 'approved' GROUP BY e.emp_id",
  "the filter in WHERE drops employees never sick")
H("pto:used more than accrued",
  "SELECT t.emp_id FROM time_off AS t WHERE t.kind = 'pto' AND t.status = 'approved' GROUP BY t.emp_id HAVING SUM(t.days) > "
  "COALESCE((SELECT SUM(a.days) FROM accrual AS a WHERE a.emp_id = t.emp_id), 0)",
  "SELECT u.emp_id FROM (SELECT emp_id, SUM(days) AS used FROM time_off WHERE kind = 'pto' AND status = 'approved' GROUP BY emp_id) AS u "
  "LEFT JOIN (SELECT emp_id, SUM(days) AS got FROM accrual GROUP BY emp_id) AS g ON g.emp_id = u.emp_id WHERE u.used > COALESCE(g.got, 0)",
  "SELECT u.emp_id FROM (SELECT emp_id, SUM(days) AS used FROM time_off WHERE kind = 'pto' AND status = 'approved' GROUP BY emp_id) AS u "
  "JOIN (SELECT emp_id, SUM(days) AS got FROM accrual GROUP BY emp_id) AS g ON g.emp_id = u.emp_id WHERE u.used > g.got",
  "employees without an accrual not flagged")
H("pto:terminated employees with pending requests",
  "SELECT e.emp_id FROM employee AS e WHERE e.term_day IS NOT NULL AND EXISTS (SELECT 1 FROM time_off AS t WHERE t.emp_id = e.emp_id "
  "AND t.status = 'pending')",
  "SELECT DISTINCT e.emp_id FROM employee AS e JOIN time_off AS t ON t.emp_id = e.emp_id WHERE t.status = 'pending' "
  "AND e.term_day IS NOT NULL",
  "SELECT e.emp_id FROM employee AS e JOIN time_off AS t ON t.emp_id = e.emp_id WHERE t.status = 'pending' AND e.term_day IS NOT NULL",
  "an employee listed once per pending request")

# --- overtime and timesheets
H("overtime:overtime hours per week",
  "SELECT emp_id, week, MAX(hours - 40, 0) FROM timesheet",
  "SELECT emp_id, week, CASE WHEN hours > 40 THEN hours - 40 ELSE 0 END FROM timesheet",
  "SELECT emp_id, week, CASE WHEN hours >= 40 THEN hours - 40 END FROM timesheet",
  "weeks under 40 hours show NULL", dialect="sqlite")
H("overtime:overtime per department including none",
  "SELECT d.dept_id, COALESCE(SUM(CASE WHEN t.hours > 40 THEN t.hours - 40 END), 0) FROM department AS d LEFT JOIN employee AS e "
  "ON e.dept_id = d.dept_id LEFT JOIN timesheet AS t ON t.emp_id = e.emp_id GROUP BY d.dept_id",
  "SELECT d.dept_id, COALESCE((SELECT SUM(t.hours - 40) FROM timesheet AS t JOIN employee AS e ON e.emp_id = t.emp_id "
  "WHERE e.dept_id = d.dept_id AND t.hours > 40), 0) FROM department AS d",
  "SELECT d.dept_id, COALESCE(SUM(CASE WHEN t.hours > 40 THEN t.hours - 40 END), 0) FROM department AS d JOIN employee AS e "
  "ON e.dept_id = d.dept_id LEFT JOIN timesheet AS t ON t.emp_id = e.emp_id GROUP BY d.dept_id",
  "departments without staff dropped")
H("overtime:weeks over 40 hours per employee",
  "SELECT emp_id, COUNT(CASE WHEN hours > 40 THEN 1 END) FROM timesheet GROUP BY emp_id",
  "SELECT DISTINCT t.emp_id, (SELECT COUNT(*) FROM timesheet AS u WHERE u.emp_id = t.emp_id AND u.hours > 40) FROM timesheet AS t",
  "SELECT emp_id, COUNT(CASE WHEN hours >= 40 THEN 1 END) FROM timesheet GROUP BY emp_id",
  "a 40-hour week counted as overtime")
H("timesheets:active staff missing a week",
  f"SELECT e.emp_id FROM employee AS e WHERE {ACT} AND NOT EXISTS (SELECT 1 FROM timesheet AS t WHERE t.emp_id = e.emp_id "
  "AND t.week = 2)",
  f"SELECT e.emp_id FROM employee AS e WHERE {ACT} EXCEPT SELECT emp_id FROM timesheet WHERE week = 2",
  "SELECT e.emp_id FROM employee AS e WHERE NOT EXISTS (SELECT 1 FROM timesheet AS t WHERE t.emp_id = e.emp_id AND t.week = 2)",
  "former staff chased for timesheets")
H("timesheets:average hours per employee including zero weeks",
  "SELECT emp_id, AVG(hours) FROM timesheet GROUP BY emp_id",
  "SELECT emp_id, SUM(hours) / COUNT(*) FROM timesheet GROUP BY emp_id",
  "SELECT emp_id, AVG(NULLIF(hours, 0)) FROM timesheet GROUP BY emp_id",
  "zero-hour weeks left out of the average")
H("timesheets:second page of the longest weeks",
  "SELECT emp_id, week, hours FROM timesheet ORDER BY hours DESC, emp_id, week LIMIT 3 OFFSET 3",
  "SELECT emp_id, week, hours FROM (SELECT emp_id, week, hours, ROW_NUMBER() OVER (ORDER BY hours DESC, emp_id, week) AS rn "
  "FROM timesheet) AS t WHERE rn > 3 AND rn <= 6 ORDER BY rn",
  "SELECT emp_id, week, hours FROM timesheet ORDER BY hours DESC, emp_id, week LIMIT 3 OFFSET 4",
  "the second page starts one row late", semantics="list")

# --- performance reviews
H("reviews:average rating of each manager's team",
  "SELECT e.manager_id, AVG(r.rating) FROM review AS r JOIN employee AS e ON e.emp_id = r.emp_id WHERE e.manager_id IS NOT NULL "
  "GROUP BY e.manager_id",
  "SELECT m.emp_id, (SELECT AVG(r.rating) FROM review AS r JOIN employee AS e ON e.emp_id = r.emp_id WHERE e.manager_id = m.emp_id) "
  "FROM employee AS m WHERE EXISTS (SELECT 1 FROM review AS r JOIN employee AS e ON e.emp_id = r.emp_id WHERE e.manager_id = m.emp_id)",
  "SELECT e.manager_id, AVG(COALESCE(r.rating, 0)) FROM review AS r JOIN employee AS e ON e.emp_id = r.emp_id "
  "WHERE e.manager_id IS NOT NULL GROUP BY e.manager_id",
  "unrated reviews averaged in as zero")
H("reviews:employees without a rating in a cycle",
  "SELECT e.emp_id FROM employee AS e WHERE NOT EXISTS (SELECT 1 FROM review AS r WHERE r.emp_id = e.emp_id AND r.cycle = 2 "
  "AND r.rating IS NOT NULL)",
  "SELECT e.emp_id FROM employee AS e LEFT JOIN review AS r ON r.emp_id = e.emp_id AND r.cycle = 2 WHERE r.rating IS NULL",
  "SELECT emp_id FROM employee WHERE emp_id NOT IN (SELECT emp_id FROM review WHERE cycle = 2)",
  "an open review without a rating counted as rated")
H("reviews:rating bands with not rated",
  "SELECT emp_id, cycle, CASE WHEN rating IS NULL THEN 'not rated' WHEN rating >= 4.5 THEN 'exceeds' WHEN rating >= 3.0 THEN 'meets' "
  "ELSE 'below' END FROM review",
  "SELECT emp_id, cycle, COALESCE(CASE WHEN rating >= 4.5 THEN 'exceeds' WHEN rating >= 3.0 THEN 'meets' WHEN rating < 3.0 "
  "THEN 'below' END, 'not rated') FROM review",
  "SELECT emp_id, cycle, CASE WHEN rating >= 4.5 THEN 'exceeds' WHEN rating >= 3.0 THEN 'meets' ELSE 'below' END FROM review",
  "an unrated review falls through to below")
H("reviews:rating change between cycles",
  "SELECT b.emp_id, b.rating - a.rating FROM review AS a JOIN review AS b ON b.emp_id = a.emp_id WHERE a.cycle = 1 AND b.cycle = 2",
  "SELECT emp_id, rating - prev FROM (SELECT emp_id, cycle, rating, LAG(rating) OVER (PARTITION BY emp_id ORDER BY cycle) AS prev, "
  "LAG(cycle) OVER (PARTITION BY emp_id ORDER BY cycle) AS pc FROM review) AS t WHERE cycle = 2 AND pc = 1",
  "SELECT b.emp_id, b.rating - COALESCE(a.rating, 0) FROM review AS a JOIN review AS b ON b.emp_id = a.emp_id "
  "WHERE a.cycle = 1 AND b.cycle = 2",
  "an unrated first cycle taken as zero")
H("reviews:reviewed by someone other than the manager",
  "SELECT r.emp_id, r.cycle FROM review AS r JOIN employee AS e ON e.emp_id = r.emp_id WHERE r.reviewer_id IS NOT NULL "
  "AND (e.manager_id IS NULL OR r.reviewer_id <> e.manager_id)",
  "SELECT r.emp_id, r.cycle FROM review AS r WHERE r.reviewer_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM employee AS m "
  "WHERE m.emp_id = r.emp_id AND m.manager_id = r.reviewer_id)",
  "SELECT r.emp_id, r.cycle FROM review AS r JOIN employee AS e ON e.emp_id = r.emp_id WHERE r.reviewer_id <> e.manager_id",
  "reviews of employees without a manager left out")
H("reviews:top rated per department with ties",
  "SELECT e.dept_id, r.emp_id FROM review AS r JOIN employee AS e ON e.emp_id = r.emp_id WHERE r.cycle = 2 AND r.rating = "
  "(SELECT MAX(q.rating) FROM review AS q JOIN employee AS f ON f.emp_id = q.emp_id WHERE q.cycle = 2 AND f.dept_id = e.dept_id)",
  "SELECT dept_id, emp_id FROM (SELECT e.dept_id, r.emp_id, r.rating, RANK() OVER (PARTITION BY e.dept_id ORDER BY r.rating DESC) AS k "
  "FROM review AS r JOIN employee AS e ON e.emp_id = r.emp_id WHERE r.cycle = 2 AND r.rating IS NOT NULL "
  "AND e.dept_id IS NOT NULL) AS t WHERE k = 1",
  "SELECT dept_id, emp_id FROM (SELECT e.dept_id, r.emp_id, ROW_NUMBER() OVER (PARTITION BY e.dept_id ORDER BY r.rating DESC, r.emp_id) "
  "AS k FROM review AS r JOIN employee AS e ON e.emp_id = r.emp_id WHERE r.cycle = 2 AND r.rating IS NOT NULL "
  "AND e.dept_id IS NOT NULL) AS t WHERE k = 1",
  "ROW_NUMBER keeps one of tied employees")
H("reviews:reviews written per employee including none",
  "SELECT e.emp_id, COUNT(r.emp_id) FROM employee AS e LEFT JOIN review AS r ON r.reviewer_id = e.emp_id GROUP BY e.emp_id",
  "SELECT e.emp_id, (SELECT COUNT(*) FROM review AS r WHERE r.reviewer_id = e.emp_id) FROM employee AS e",
  "SELECT e.emp_id, COUNT(r.rating) FROM employee AS e LEFT JOIN review AS r ON r.reviewer_id = e.emp_id GROUP BY e.emp_id",
  "reviews without a rating yet not counted")

# --- clock events
H("clock:first clock-in per employee and day",
  "SELECT emp_id, day, MIN(minute) FROM clock WHERE kind = 'in' AND emp_id IS NOT NULL AND day IS NOT NULL AND minute IS NOT NULL "
  "GROUP BY emp_id, day",
  "SELECT DISTINCT c.emp_id, c.day, c.minute FROM clock AS c WHERE c.kind = 'in' AND c.emp_id IS NOT NULL AND c.day IS NOT NULL "
  "AND c.minute IS NOT NULL AND NOT EXISTS (SELECT 1 FROM clock AS d WHERE d.emp_id = c.emp_id AND d.day = c.day AND d.kind = 'in' "
  "AND d.minute < c.minute)",
  "SELECT c.emp_id, c.day, c.minute FROM clock AS c WHERE c.kind = 'in' AND c.emp_id IS NOT NULL AND c.day IS NOT NULL "
  "AND c.minute IS NOT NULL AND NOT EXISTS (SELECT 1 FROM clock AS d WHERE d.emp_id = c.emp_id AND d.day = c.day AND d.kind = 'in' "
  "AND d.minute < c.minute)",
  "a duplicated punch listed twice")
H("clock:site hours between first in and last out per day",
  "SELECT day, MAX(CASE WHEN kind = 'out' THEN minute END) - MIN(CASE WHEN kind = 'in' THEN minute END) FROM clock "
  "WHERE day IS NOT NULL GROUP BY day HAVING COUNT(CASE WHEN kind = 'out' THEN minute END) > 0 "
  "AND COUNT(CASE WHEN kind = 'in' THEN minute END) > 0",
  "SELECT i.day, o.m - i.m FROM (SELECT day, MIN(minute) AS m FROM clock WHERE kind = 'in' AND minute IS NOT NULL "
  "GROUP BY day) AS i JOIN (SELECT day, MAX(minute) AS m FROM clock WHERE kind = 'out' AND minute IS NOT NULL "
  "GROUP BY day) AS o ON o.day = i.day",
  "SELECT i.day, o.m - i.m FROM (SELECT day, MIN(minute) AS m FROM clock WHERE kind = 'in' AND minute IS NOT NULL "
  "GROUP BY day) AS i JOIN (SELECT day, MAX(minute) AS m FROM clock WHERE minute IS NOT NULL "
  "GROUP BY day) AS o ON o.day = i.day",
  "the last punch of any kind taken as the last clock-out")
H("clock:duplicated punches",
  "SELECT emp_id, day, kind, minute FROM clock GROUP BY emp_id, day, kind, minute HAVING COUNT(*) > 1",
  "SELECT DISTINCT emp_id, day, kind, minute FROM (SELECT emp_id, day, kind, minute, ROW_NUMBER() OVER (PARTITION BY emp_id, day, "
  "kind, minute) AS rn FROM clock) AS t WHERE rn = 2",
  "SELECT emp_id, day, kind, minute FROM (SELECT emp_id, day, kind, minute, ROW_NUMBER() OVER (PARTITION BY emp_id, day, "
  "kind, minute) AS rn FROM clock) AS t WHERE rn > 1",
  "a punch recorded three times listed twice")
H("clock:punches of unknown employees",
  "SELECT day, kind, minute FROM clock WHERE emp_id IS NULL",
  "SELECT c.day, c.kind, c.minute FROM clock AS c LEFT JOIN employee AS e ON e.emp_id = c.emp_id WHERE e.emp_id IS NULL",
  "SELECT c.day, c.kind, c.minute FROM clock AS c WHERE NOT EXISTS (SELECT 1 FROM employee AS e WHERE e.emp_id = c.emp_id) "
  "GROUP BY c.day, c.kind, c.minute",
  "duplicated punches merged")
H("clock:days clocked per employee including none",
  "SELECT e.emp_id, COUNT(DISTINCT c.day) FROM employee AS e LEFT JOIN clock AS c ON c.emp_id = e.emp_id GROUP BY e.emp_id",
  "SELECT e.emp_id, (SELECT COUNT(*) FROM (SELECT DISTINCT c.day FROM clock AS c WHERE c.emp_id = e.emp_id AND c.day IS NOT NULL) AS d) "
  "FROM employee AS e",
  "SELECT e.emp_id, COUNT(c.day) FROM employee AS e LEFT JOIN clock AS c ON c.emp_id = e.emp_id GROUP BY e.emp_id",
  "every punch counted as a day")
H("job:positions never filled",
  "SELECT p.pos_id FROM position AS p WHERE NOT EXISTS (SELECT 1 FROM job_history AS j WHERE j.pos_id = p.pos_id)",
  "SELECT pos_id FROM position EXCEPT SELECT pos_id FROM job_history",
  "SELECT p.pos_id FROM position AS p WHERE p.pos_id NOT IN (SELECT j.pos_id FROM job_history AS j WHERE NOT EXISTS "
  "(SELECT 1 FROM job_history AS k WHERE k.emp_id = j.emp_id AND k.start_day > j.start_day))",
  "positions vacant now taken as never filled")
H("headcount:directory with unassigned staff first",
  "SELECT emp_id, dept_id FROM employee ORDER BY dept_id, emp_id",
  "SELECT emp_id, dept_id FROM employee ORDER BY dept_id IS NOT NULL, dept_id, emp_id",
  "SELECT emp_id, dept_id FROM employee ORDER BY dept_id IS NULL, dept_id, emp_id",
  "unassigned staff sorted last", dialect="sqlite", semantics="list")
H("pay:merit increases per department including none",
  "SELECT d.dept_id, COUNT(c.change_id) FROM department AS d LEFT JOIN employee AS e ON e.dept_id = d.dept_id "
  "LEFT JOIN comp_change AS c ON c.emp_id = e.emp_id AND c.reason = 'merit' GROUP BY d.dept_id",
  "SELECT d.dept_id, (SELECT COUNT(*) FROM comp_change AS c JOIN employee AS e ON e.emp_id = c.emp_id WHERE e.dept_id = d.dept_id "
  "AND c.reason = 'merit') FROM department AS d",
  "SELECT d.dept_id, COUNT(e.emp_id) FROM department AS d LEFT JOIN employee AS e ON e.dept_id = d.dept_id "
  "LEFT JOIN comp_change AS c ON c.emp_id = e.emp_id AND c.reason = 'merit' GROUP BY d.dept_id",
  "staff counted instead of merit increases")
H("tenure:hires per hundred-day period",
  "SELECT hire_day / 100, COUNT(*) FROM employee GROUP BY hire_day / 100",
  "SELECT b, COUNT(*) FROM (SELECT CAST(hire_day / 100 AS INTEGER) AS b FROM employee) AS t GROUP BY b",
  "SELECT (hire_day - 1) / 100, COUNT(*) FROM employee GROUP BY (hire_day - 1) / 100",
  "a hire on a period's first day put in the period before")
H("pto:requests per status side by side",
  "SELECT emp_id, COUNT(CASE WHEN status = 'approved' THEN 1 END), COUNT(CASE WHEN status = 'pending' THEN 1 END) FROM time_off "
  "GROUP BY emp_id",
  "SELECT emp_id, SUM(status = 'approved'), SUM(status = 'pending') FROM time_off GROUP BY emp_id",
  "SELECT emp_id, COUNT(status = 'approved'), COUNT(status = 'pending') FROM time_off GROUP BY emp_id",
  "COUNT of a comparison counts every request", dialect="sqlite")
