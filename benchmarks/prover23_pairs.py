"""The pairs of the twenty-third held-out prover corpus (``benchmarks/corpus/prover23/``), as
written (``prover23_build.py`` checks them in SQLite and writes the corpus).

Three sources: legal practice management report SQL (Clio, PracticePanther and TimeSolv
reports: billable utilisation, realisation and collection rates, WIP aging, matters without
activity, trust balances, upcoming court dates per attorney, origination credit) against the
hand-written query for the same report, on a new lawfirm schema; food delivery merchant and
operations report SQL (DoorDash and Uber Eats reports: order defect rate, prep time, courier
wait, top items, repeat customers, refunds per store, late deliveries, courier utilisation)
against an equivalent formulation, on a new delivery schema; and transit planners' report SQL
on GTFS feeds (headways, trips per route per service day, stops served by several routes,
first and last departures, on-time performance from vehicle positions, ridership per stop,
transfers within 30 minutes, dwell times) against the hand-written query, on a new gtfs
schema. Each ``add`` call is one equivalent pair and one realistic non-equivalent mutant.
Written from the author's own SQL for these reports; not taken from any prover benchmark,
rule test, tool's test suite or published pair set; the verifier was not read.
"""

from __future__ import annotations

from benchmarks.held_out_pairs import pair_book

SOURCES = {
    "legal_practice": ("lawfirm", "legal practice management report SQL (Clio, PracticePanther, TimeSolv reports: "
                                  "billable utilisation, realisation and collection rates, WIP aging, matters "
                                  "without activity, trust balances, upcoming court dates, origination credit) "
                                  "against the hand-written query for the same report"),
    "food_delivery": ("delivery", "food delivery merchant and operations report SQL (DoorDash, Uber Eats reports: "
                                  "order defect rate, prep time, courier wait, top items, repeat customers, refunds "
                                  "per store, late deliveries, courier utilisation) against an equivalent "
                                  "formulation"),
    "transit_gtfs": ("gtfs", "transit planning report SQL on a GTFS feed (headways, trips per route per service "
                             "day, stops served by several routes, first and last departures, on-time performance, "
                             "ridership per stop, transfers, dwell times) against the hand-written query"),
}
FILE = {k: k for k in SOURCES}


PAIRS, add = pair_book("prover23", SOURCES, FILE)


def L(rule, gold, pred, mutant, mutation, **kw):
    """A legal practice report's SQL (gold) against the hand-written query (pred), lawfirm."""
    add("legal_practice", rule, gold, pred, mutant, mutation, **kw)


def D(rule, gold, pred, mutant, mutation, **kw):
    """A food delivery report's SQL (gold) against an equivalent formulation (pred), delivery."""
    add("food_delivery", rule, gold, pred, mutant, mutation, **kw)


def G(rule, gold, pred, mutant, mutation, **kw):
    """A transit planning report's SQL on GTFS (gold) against the hand-written query (pred), gtfs."""
    add("transit_gtfs", rule, gold, pred, mutant, mutation, **kw)


# ================================================================ legal practice (lawfirm)
# --- billable utilisation
L("utilisation:billable hours per attorney",
  "SELECT atty_id, SUM(hours) FROM time_entry WHERE billable = 1 GROUP BY atty_id",
  "SELECT a.atty_id, SUM(t.hours) FROM attorney AS a JOIN time_entry AS t ON t.atty_id = a.atty_id AND t.billable = 1 "
  "GROUP BY a.atty_id",
  "SELECT atty_id, SUM(hours) FROM time_entry GROUP BY atty_id",
  "non-billable hours counted")
L("utilisation:billable hours per attorney including none",
  "SELECT a.atty_id, COALESCE(SUM(t.hours), 0) FROM attorney AS a LEFT JOIN time_entry AS t ON t.atty_id = a.atty_id "
  "AND t.billable = 1 GROUP BY a.atty_id",
  "SELECT atty_id, COALESCE((SELECT SUM(hours) FROM time_entry AS t WHERE t.atty_id = a.atty_id AND t.billable = 1), 0) "
  "FROM attorney AS a",
  "SELECT a.atty_id, COALESCE(SUM(t.hours), 0) FROM attorney AS a LEFT JOIN time_entry AS t ON t.atty_id = a.atty_id "
  "WHERE t.billable = 1 GROUP BY a.atty_id",
  "the billable filter moved from ON to WHERE drops attorneys without billable time")
L("utilisation:utilisation against the target hours",
  "SELECT a.atty_id, SUM(t.hours) / NULLIF(a.target_hours, 0) FROM attorney AS a JOIN time_entry AS t "
  "ON t.atty_id = a.atty_id WHERE t.billable = 1 AND a.active = 1 GROUP BY a.atty_id, a.target_hours",
  "SELECT atty_id, h / NULLIF(target_hours, 0) FROM (SELECT atty_id, SUM(hours) AS h FROM time_entry WHERE billable = 1 "
  "GROUP BY atty_id) AS x JOIN attorney USING (atty_id) WHERE active = 1",
  "SELECT a.atty_id, SUM(t.hours) / NULLIF(a.target_hours, 0) FROM attorney AS a JOIN time_entry AS t "
  "ON t.atty_id = a.atty_id WHERE t.billable = 1 GROUP BY a.atty_id, a.target_hours",
  "inactive attorneys listed")
L("utilisation:billable value per attorney at the effective rate",
  "SELECT t.atty_id, SUM(t.hours * COALESCE(t.rate, a.rate)) FROM time_entry AS t JOIN attorney AS a "
  "ON a.atty_id = t.atty_id WHERE t.billable = 1 GROUP BY t.atty_id",
  "SELECT atty_id, SUM(CASE WHEN rate IS NOT NULL THEN hours * rate ELSE hours * (SELECT a.rate FROM attorney AS a "
  "WHERE a.atty_id = t.atty_id) END) FROM time_entry AS t WHERE billable = 1 GROUP BY atty_id",
  "SELECT t.atty_id, SUM(t.hours * a.rate) FROM time_entry AS t JOIN attorney AS a ON a.atty_id = t.atty_id "
  "WHERE t.billable = 1 GROUP BY t.atty_id",
  "the entry's rate override ignored")
L("utilisation:hours per attorney and practice area",
  "SELECT t.atty_id, m.practice, SUM(t.hours) FROM time_entry AS t JOIN matter AS m ON m.matter_id = t.matter_id "
  "GROUP BY t.atty_id, m.practice",
  "SELECT atty_id, practice, SUM(h) FROM (SELECT t.atty_id, t.matter_id, SUM(t.hours) AS h FROM time_entry AS t "
  "GROUP BY t.atty_id, t.matter_id) AS x JOIN matter AS m ON m.matter_id = x.matter_id GROUP BY atty_id, practice",
  "SELECT m.resp_atty_id, m.practice, SUM(t.hours) FROM time_entry AS t JOIN matter AS m ON m.matter_id = t.matter_id "
  "GROUP BY m.resp_atty_id, m.practice",
  "hours credited to the responsible attorney instead of the one who worked them")
L("utilisation:non-billable share of hours per attorney",
  "SELECT atty_id, SUM(CASE WHEN billable = 0 THEN hours ELSE 0 END) / SUM(hours) FROM time_entry GROUP BY atty_id",
  "SELECT atty_id, COALESCE(SUM(CASE WHEN billable = 0 THEN hours END), 0) / SUM(hours) FROM time_entry GROUP BY atty_id",
  "SELECT atty_id, SUM(CASE WHEN billable = 0 THEN hours ELSE 0 END) / COUNT(*) FROM time_entry GROUP BY atty_id",
  "entries counted as the denominator instead of hours")
L("utilisation:billed share of billable hours per attorney",
  "SELECT atty_id, SUM(CASE WHEN inv_id IS NOT NULL THEN hours ELSE 0 END) / SUM(hours) FROM time_entry "
  "WHERE billable = 1 GROUP BY atty_id",
  "SELECT b.atty_id, COALESCE(x.billed, 0) / b.total FROM (SELECT atty_id, SUM(hours) AS total FROM time_entry "
  "WHERE billable = 1 GROUP BY atty_id) AS b LEFT JOIN (SELECT atty_id, SUM(hours) AS billed FROM time_entry "
  "WHERE billable = 1 AND inv_id IS NOT NULL GROUP BY atty_id) AS x ON x.atty_id = b.atty_id",
  "SELECT atty_id, SUM(CASE WHEN inv_id IS NOT NULL THEN hours ELSE 0 END) / SUM(hours) FROM time_entry "
  "GROUP BY atty_id",
  "non-billable hours in the denominator")
L("utilisation:attorneys ranked by billable hours with ties",
  "SELECT atty_id, RANK() OVER (ORDER BY SUM(hours) DESC) FROM time_entry WHERE billable = 1 GROUP BY atty_id",
  "SELECT x.atty_id, 1 + (SELECT COUNT(*) FROM (SELECT atty_id, SUM(hours) AS h FROM time_entry WHERE billable = 1 "
  "GROUP BY atty_id) AS y WHERE y.h > x.h) FROM (SELECT atty_id, SUM(hours) AS h FROM time_entry WHERE billable = 1 "
  "GROUP BY atty_id) AS x",
  "SELECT atty_id, ROW_NUMBER() OVER (ORDER BY SUM(hours) DESC) FROM time_entry WHERE billable = 1 GROUP BY atty_id",
  "ROW_NUMBER for RANK: tied attorneys numbered apart")
L("utilisation:billable hours or zero per attorney",
  "SELECT a.atty_id, TOTAL(t.hours) FROM attorney AS a LEFT JOIN time_entry AS t ON t.atty_id = a.atty_id "
  "AND t.billable = 1 GROUP BY a.atty_id",
  "SELECT atty_id, IFNULL((SELECT SUM(hours) FROM time_entry AS t WHERE t.atty_id = a.atty_id AND t.billable = 1), 0.0) "
  "FROM attorney AS a",
  "SELECT a.atty_id, SUM(t.hours) FROM attorney AS a LEFT JOIN time_entry AS t ON t.atty_id = a.atty_id "
  "AND t.billable = 1 GROUP BY a.atty_id",
  "NULL instead of 0 for attorneys without billable time", dialect="sqlite")

# --- time entries
L("hours:days over four hours per attorney",
  "SELECT atty_id, day, SUM(hours) FROM time_entry GROUP BY atty_id, day HAVING SUM(hours) > 4",
  "SELECT atty_id, day, h FROM (SELECT atty_id, day, SUM(hours) AS h FROM time_entry GROUP BY atty_id, day) AS x "
  "WHERE h > 4",
  "SELECT atty_id, day, SUM(hours) FROM time_entry GROUP BY atty_id, day HAVING SUM(hours) >= 4",
  "a day of exactly four hours listed")
L("hours:hours per attorney per five-day period",
  "SELECT atty_id, (day - 1) / 5, SUM(hours) FROM time_entry GROUP BY atty_id, (day - 1) / 5",
  "SELECT atty_id, wk, SUM(hours) FROM (SELECT atty_id, (day - 1) / 5 AS wk, hours FROM time_entry) AS x "
  "GROUP BY atty_id, wk",
  "SELECT atty_id, day / 5, SUM(hours) FROM time_entry GROUP BY atty_id, day / 5",
  "day 5 and day 10 put in the next period")
L("hours:entries logged after the matter closed",
  "SELECT t.entry_id FROM time_entry AS t JOIN matter AS m ON m.matter_id = t.matter_id WHERE t.day > m.closed_day",
  "SELECT entry_id FROM time_entry AS t WHERE day > (SELECT closed_day FROM matter AS m WHERE m.matter_id = t.matter_id)",
  "SELECT t.entry_id FROM time_entry AS t JOIN matter AS m ON m.matter_id = t.matter_id WHERE t.day >= m.closed_day",
  "an entry on the closing day flagged")
L("hours:first and last entry day per matter",
  "SELECT matter_id, MIN(day), MAX(day) FROM time_entry GROUP BY matter_id",
  "SELECT DISTINCT matter_id, FIRST_VALUE(day) OVER (PARTITION BY matter_id ORDER BY day), FIRST_VALUE(day) OVER "
  "(PARTITION BY matter_id ORDER BY day DESC) FROM time_entry",
  "SELECT DISTINCT matter_id, FIRST_VALUE(day) OVER (PARTITION BY matter_id ORDER BY day), LAST_VALUE(day) OVER "
  "(PARTITION BY matter_id ORDER BY day) FROM time_entry",
  "LAST_VALUE with the default frame ends at the current row")
L("hours:attorney's share of a matter's hours",
  "SELECT t.matter_id, t.atty_id, SUM(t.hours) / (SELECT SUM(u.hours) FROM time_entry AS u WHERE u.matter_id = t.matter_id) "
  "FROM time_entry AS t GROUP BY t.matter_id, t.atty_id",
  "SELECT matter_id, atty_id, h / SUM(h) OVER (PARTITION BY matter_id) FROM (SELECT matter_id, atty_id, SUM(hours) AS h "
  "FROM time_entry GROUP BY matter_id, atty_id) AS x",
  "SELECT matter_id, atty_id, h / SUM(h) OVER (PARTITION BY atty_id) FROM (SELECT matter_id, atty_id, SUM(hours) AS h "
  "FROM time_entry GROUP BY matter_id, atty_id) AS x",
  "the share of the attorney's hours instead of the matter's")
L("hours:previous entry day per attorney",
  "SELECT entry_id, LAG(day) OVER (PARTITION BY atty_id ORDER BY day, entry_id) FROM time_entry",
  "SELECT t.entry_id, (SELECT MAX(u.day) FROM time_entry AS u WHERE u.atty_id = t.atty_id AND (u.day < t.day "
  "OR (u.day = t.day AND u.entry_id < t.entry_id))) FROM time_entry AS t",
  "SELECT t.entry_id, (SELECT MAX(u.day) FROM time_entry AS u WHERE u.atty_id = t.atty_id AND u.day < t.day) "
  "FROM time_entry AS t",
  "an earlier entry of the same day skipped")
L("hours:entries after a gap of more than three days",
  "SELECT entry_id FROM (SELECT entry_id, day, LAG(day) OVER (PARTITION BY atty_id ORDER BY day, entry_id) AS prev "
  "FROM time_entry) AS x WHERE day - prev > 3",
  "SELECT t.entry_id FROM time_entry AS t WHERE EXISTS (SELECT 1 FROM time_entry AS u WHERE u.atty_id = t.atty_id "
  "AND (u.day < t.day OR (u.day = t.day AND u.entry_id < t.entry_id))) AND NOT EXISTS (SELECT 1 FROM time_entry AS u "
  "WHERE u.atty_id = t.atty_id AND u.day >= t.day - 3 AND (u.day < t.day OR (u.day = t.day AND u.entry_id < t.entry_id)))",
  "SELECT entry_id FROM (SELECT entry_id, day, LAG(day) OVER (PARTITION BY atty_id ORDER BY day, entry_id) AS prev "
  "FROM time_entry) AS x WHERE day - prev >= 3",
  "a gap of exactly three days flagged")
L("hours:entries above the attorney's standard rate",
  "SELECT t.entry_id FROM time_entry AS t JOIN attorney AS a ON a.atty_id = t.atty_id WHERE t.rate > a.rate",
  "SELECT entry_id FROM time_entry AS t WHERE rate IS NOT NULL AND rate > (SELECT rate FROM attorney AS a "
  "WHERE a.atty_id = t.atty_id)",
  "SELECT t.entry_id FROM time_entry AS t JOIN attorney AS a ON a.atty_id = t.atty_id WHERE t.rate >= a.rate",
  "entries at the standard rate flagged")

# --- realisation and collection
L("realisation:billed against worked value per matter",
  "SELECT m.matter_id, i.billed / w.worked FROM matter AS m JOIN (SELECT matter_id, SUM(amount) AS billed FROM invoice "
  "WHERE status <> 'void' GROUP BY matter_id) AS i ON i.matter_id = m.matter_id JOIN (SELECT t.matter_id, "
  "SUM(t.hours * a.rate) AS worked FROM time_entry AS t JOIN attorney AS a ON a.atty_id = t.atty_id WHERE t.billable = 1 "
  "GROUP BY t.matter_id) AS w ON w.matter_id = m.matter_id",
  "SELECT matter_id, (SELECT SUM(amount) FROM invoice AS i WHERE i.matter_id = m.matter_id AND i.status <> 'void') / "
  "(SELECT SUM(t.hours * a.rate) FROM time_entry AS t JOIN attorney AS a ON a.atty_id = t.atty_id "
  "WHERE t.matter_id = m.matter_id AND t.billable = 1) FROM matter AS m WHERE EXISTS (SELECT 1 FROM invoice AS i "
  "WHERE i.matter_id = m.matter_id AND i.status <> 'void') AND EXISTS (SELECT 1 FROM time_entry AS t "
  "WHERE t.matter_id = m.matter_id AND t.billable = 1)",
  "SELECT m.matter_id, SUM(i.amount) / SUM(t.hours * a.rate) FROM matter AS m JOIN invoice AS i "
  "ON i.matter_id = m.matter_id AND i.status <> 'void' JOIN time_entry AS t ON t.matter_id = m.matter_id "
  "AND t.billable = 1 JOIN attorney AS a ON a.atty_id = t.atty_id GROUP BY m.matter_id",
  "invoices and time entries joined together (fan-out of both sums)")
L("realisation:effective hourly rate on flat-fee matters",
  "SELECT m.matter_id, SUM(i.amount) / (SELECT SUM(t.hours) FROM time_entry AS t WHERE t.matter_id = m.matter_id) "
  "FROM matter AS m JOIN invoice AS i ON i.matter_id = m.matter_id WHERE m.billing = 'flat' AND i.status = 'paid' "
  "GROUP BY m.matter_id",
  "SELECT x.matter_id, x.paid / h.hours FROM (SELECT i.matter_id, SUM(i.amount) AS paid FROM invoice AS i "
  "JOIN matter AS m ON m.matter_id = i.matter_id WHERE m.billing = 'flat' AND i.status = 'paid' GROUP BY i.matter_id) AS x "
  "LEFT JOIN (SELECT matter_id, SUM(hours) AS hours FROM time_entry GROUP BY matter_id) AS h ON h.matter_id = x.matter_id",
  "SELECT m.matter_id, SUM(i.amount) / SUM(t.hours) FROM matter AS m JOIN invoice AS i ON i.matter_id = m.matter_id "
  "JOIN time_entry AS t ON t.matter_id = m.matter_id WHERE m.billing = 'flat' AND i.status = 'paid' GROUP BY m.matter_id",
  "time entries joined to the invoices (fan-out; matters without time lost)")
L("collection:collected per invoice",
  "SELECT i.inv_id, i.amount, COALESCE(SUM(p.amount), 0) FROM invoice AS i LEFT JOIN payment AS p ON p.inv_id = i.inv_id "
  "WHERE i.status <> 'void' GROUP BY i.inv_id, i.amount",
  "SELECT inv_id, amount, COALESCE((SELECT SUM(p.amount) FROM payment AS p WHERE p.inv_id = i.inv_id), 0) "
  "FROM invoice AS i WHERE status <> 'void'",
  "SELECT i.inv_id, i.amount, COALESCE(SUM(p.amount), 0) FROM invoice AS i JOIN payment AS p ON p.inv_id = i.inv_id "
  "WHERE i.status <> 'void' GROUP BY i.inv_id, i.amount",
  "invoices without payments dropped")
L("collection:collection rate per client",
  "SELECT c.client_id, pay.total / NULLIF(bill.total, 0) FROM client AS c JOIN (SELECT m.client_id, SUM(i.amount) AS total "
  "FROM invoice AS i JOIN matter AS m ON m.matter_id = i.matter_id WHERE i.status IN ('paid', 'sent') "
  "GROUP BY m.client_id) AS bill ON bill.client_id = c.client_id JOIN (SELECT m.client_id, SUM(p.amount) AS total "
  "FROM payment AS p JOIN invoice AS i ON i.inv_id = p.inv_id JOIN matter AS m ON m.matter_id = i.matter_id "
  "WHERE i.status IN ('paid', 'sent') GROUP BY m.client_id) AS pay ON pay.client_id = c.client_id",
  "WITH b AS (SELECT m.client_id, i.inv_id, i.amount FROM invoice AS i JOIN matter AS m ON m.matter_id = i.matter_id "
  "WHERE i.status IN ('paid', 'sent')) SELECT client_id, (SELECT SUM(p.amount) FROM payment AS p JOIN b AS b2 "
  "ON b2.inv_id = p.inv_id WHERE b2.client_id = b.client_id) / NULLIF(SUM(amount), 0) FROM b GROUP BY client_id "
  "HAVING EXISTS (SELECT 1 FROM payment AS p JOIN b AS b3 ON b3.inv_id = p.inv_id WHERE b3.client_id = b.client_id)",
  "SELECT c.client_id, pay.total / NULLIF(bill.total, 0) FROM client AS c JOIN (SELECT m.client_id, SUM(i.amount) AS total "
  "FROM invoice AS i JOIN matter AS m ON m.matter_id = i.matter_id WHERE i.status IN ('paid', 'sent') "
  "GROUP BY m.client_id) AS bill ON bill.client_id = c.client_id JOIN (SELECT m.client_id, SUM(p.amount) AS total "
  "FROM payment AS p JOIN invoice AS i ON i.inv_id = p.inv_id JOIN matter AS m ON m.matter_id = i.matter_id "
  "GROUP BY m.client_id) AS pay ON pay.client_id = c.client_id",
  "payments on draft or void invoices counted as collected")
L("collection:late payments per client",
  "SELECT m.client_id, COUNT(*) FROM payment AS p JOIN invoice AS i ON i.inv_id = p.inv_id JOIN matter AS m "
  "ON m.matter_id = i.matter_id WHERE p.day > i.due_day GROUP BY m.client_id",
  "SELECT client_id, SUM(n) FROM (SELECT i.matter_id, COUNT(*) AS n FROM payment AS p JOIN invoice AS i "
  "ON i.inv_id = p.inv_id WHERE p.day > i.due_day GROUP BY i.matter_id) AS x JOIN matter AS m ON m.matter_id = x.matter_id "
  "GROUP BY client_id",
  "SELECT m.client_id, COUNT(*) FROM payment AS p JOIN invoice AS i ON i.inv_id = p.inv_id JOIN matter AS m "
  "ON m.matter_id = i.matter_id WHERE p.day > i.day GROUP BY m.client_id",
  "lateness counted from the invoice day instead of the due day")
L("collection:days to settle per paid invoice",
  "SELECT i.inv_id, MAX(p.day) - i.day FROM invoice AS i JOIN payment AS p ON p.inv_id = i.inv_id WHERE i.status = 'paid' "
  "GROUP BY i.inv_id, i.day",
  "SELECT inv_id, (SELECT MAX(p.day) FROM payment AS p WHERE p.inv_id = i.inv_id) - day FROM invoice AS i "
  "WHERE status = 'paid' AND inv_id IN (SELECT inv_id FROM payment)",
  "SELECT i.inv_id, MIN(p.day) - i.day FROM invoice AS i JOIN payment AS p ON p.inv_id = i.inv_id WHERE i.status = 'paid' "
  "GROUP BY i.inv_id, i.day",
  "the first payment taken for the settling one")
L("collection:invoices paid after their due day",
  "SELECT i.inv_id FROM invoice AS i JOIN payment AS p ON p.inv_id = i.inv_id WHERE i.status = 'paid' "
  "GROUP BY i.inv_id, i.due_day HAVING MAX(p.day) > i.due_day",
  "SELECT inv_id FROM invoice AS i WHERE status = 'paid' AND EXISTS (SELECT 1 FROM payment AS p WHERE p.inv_id = i.inv_id "
  "AND p.day > i.due_day)",
  "SELECT i.inv_id FROM invoice AS i JOIN payment AS p ON p.inv_id = i.inv_id WHERE i.status = 'paid' "
  "GROUP BY i.inv_id, i.due_day HAVING MIN(p.day) > i.due_day",
  "only invoices whose first payment was late")
L("aging:open balance per aging bucket on day 60",
  "SELECT CASE WHEN 60 - i.due_day <= 0 THEN 'current' WHEN 60 - i.due_day <= 30 THEN '1-30' ELSE '31+' END, "
  "SUM(i.amount - COALESCE(p.paid, 0)) FROM invoice AS i LEFT JOIN (SELECT inv_id, SUM(amount) AS paid FROM payment "
  "WHERE day <= 60 GROUP BY inv_id) AS p ON p.inv_id = i.inv_id WHERE i.status = 'sent' AND i.day <= 60 "
  "GROUP BY CASE WHEN 60 - i.due_day <= 0 THEN 'current' WHEN 60 - i.due_day <= 30 THEN '1-30' ELSE '31+' END",
  "SELECT bucket, SUM(bal) FROM (SELECT CASE WHEN due_day >= 60 THEN 'current' WHEN due_day >= 30 THEN '1-30' "
  "ELSE '31+' END AS bucket, amount - COALESCE((SELECT SUM(p.amount) FROM payment AS p WHERE p.inv_id = i.inv_id "
  "AND p.day <= 60), 0) AS bal FROM invoice AS i WHERE status = 'sent' AND day <= 60) AS x GROUP BY bucket",
  "SELECT CASE WHEN 60 - i.due_day <= 0 THEN 'current' WHEN 60 - i.due_day < 30 THEN '1-30' ELSE '31+' END, "
  "SUM(i.amount - COALESCE(p.paid, 0)) FROM invoice AS i LEFT JOIN (SELECT inv_id, SUM(amount) AS paid FROM payment "
  "WHERE day <= 60 GROUP BY inv_id) AS p ON p.inv_id = i.inv_id WHERE i.status = 'sent' AND i.day <= 60 "
  "GROUP BY CASE WHEN 60 - i.due_day <= 0 THEN 'current' WHEN 60 - i.due_day < 30 THEN '1-30' ELSE '31+' END",
  "an invoice exactly 30 days past due put in the 31+ bucket")
L("aging:largest open balances",
  "SELECT i.inv_id, i.amount - COALESCE(SUM(p.amount), 0) AS bal FROM invoice AS i LEFT JOIN payment AS p "
  "ON p.inv_id = i.inv_id WHERE i.status = 'sent' GROUP BY i.inv_id, i.amount ORDER BY bal DESC, i.inv_id LIMIT 3",
  "SELECT inv_id, amount - COALESCE((SELECT SUM(p.amount) FROM payment AS p WHERE p.inv_id = i.inv_id), 0) "
  "FROM invoice AS i WHERE status = 'sent' ORDER BY 2 DESC, 1 LIMIT 3",
  "SELECT i.inv_id, i.amount - COALESCE(SUM(p.amount), 0) AS bal FROM invoice AS i LEFT JOIN payment AS p "
  "ON p.inv_id = i.inv_id WHERE i.status = 'sent' GROUP BY i.inv_id, i.amount ORDER BY bal DESC, i.inv_id DESC LIMIT 3",
  "ties on the balance broken by the highest invoice id", semantics="list")
L("aging:drafts older than 15 days on day 30",
  "SELECT inv_id FROM invoice WHERE status = 'draft' AND 30 - day > 15",
  "SELECT inv_id FROM invoice WHERE day < 15 AND status = 'draft'",
  "SELECT inv_id FROM invoice WHERE status = 'draft' AND 30 - day >= 15",
  "a draft exactly 15 days old flagged")
L("aging:late share of invoices per matter",
  "SELECT matter_id, AVG(due_day < 30) FROM invoice GROUP BY matter_id",
  "SELECT matter_id, SUM(IIF(due_day < 30, 1, 0)) * 1.0 / COUNT(*) FROM invoice GROUP BY matter_id",
  "SELECT matter_id, AVG(due_day <= 30) FROM invoice GROUP BY matter_id",
  "invoices due on day 30 counted", dialect="sqlite")

# --- WIP
L("wip:unbilled billable hours per matter",
  "SELECT matter_id, SUM(hours) FROM time_entry WHERE billable = 1 AND inv_id IS NULL GROUP BY matter_id",
  "SELECT m.matter_id, SUM(t.hours) FROM matter AS m JOIN time_entry AS t ON t.matter_id = m.matter_id "
  "LEFT JOIN invoice AS i ON i.inv_id = t.inv_id WHERE t.billable = 1 AND i.inv_id IS NULL GROUP BY m.matter_id",
  "SELECT matter_id, SUM(hours) FROM time_entry WHERE inv_id IS NULL GROUP BY matter_id",
  "non-billable time counted as work in progress")
L("wip:unbilled hours by age on day 30",
  "SELECT CASE WHEN 30 - day < 7 THEN '0-6' WHEN 30 - day < 28 THEN '7-27' ELSE '28+' END, SUM(hours) FROM time_entry "
  "WHERE billable = 1 AND inv_id IS NULL GROUP BY CASE WHEN 30 - day < 7 THEN '0-6' WHEN 30 - day < 28 THEN '7-27' "
  "ELSE '28+' END",
  "SELECT '0-6', SUM(hours) FROM time_entry WHERE billable = 1 AND inv_id IS NULL AND day > 23 HAVING COUNT(*) > 0 "
  "UNION ALL SELECT '7-27', SUM(hours) FROM time_entry WHERE billable = 1 AND inv_id IS NULL AND day > 2 AND day <= 23 "
  "HAVING COUNT(*) > 0 UNION ALL SELECT '28+', SUM(hours) FROM time_entry WHERE billable = 1 AND inv_id IS NULL "
  "AND day <= 2 HAVING COUNT(*) > 0",
  "SELECT CASE WHEN 30 - day < 7 THEN '0-6' WHEN 30 - day <= 28 THEN '7-27' ELSE '28+' END, SUM(hours) FROM time_entry "
  "WHERE billable = 1 AND inv_id IS NULL GROUP BY CASE WHEN 30 - day < 7 THEN '0-6' WHEN 30 - day <= 28 THEN '7-27' "
  "ELSE '28+' END",
  "time exactly 28 days old kept in the 7-27 bucket")
L("wip:unbilled billable expenses per client",
  "SELECT m.client_id, SUM(e.amount) FROM expense AS e JOIN matter AS m ON m.matter_id = e.matter_id "
  "WHERE e.billable = 1 AND e.inv_id IS NULL GROUP BY m.client_id",
  "SELECT client_id, SUM(amount) FROM (SELECT (SELECT m.client_id FROM matter AS m WHERE m.matter_id = e.matter_id) "
  "AS client_id, e.amount FROM expense AS e WHERE e.billable = 1 AND e.inv_id IS NULL) AS x GROUP BY client_id",
  "SELECT m.client_id, SUM(e.amount) FROM expense AS e JOIN matter AS m ON m.matter_id = e.matter_id "
  "WHERE e.billable = 1 GROUP BY m.client_id",
  "billed expenses counted as unbilled")
L("wip:contingency matters with billed time",
  "SELECT DISTINCT m.matter_id FROM matter AS m JOIN time_entry AS t ON t.matter_id = m.matter_id "
  "WHERE m.billing = 'contingency' AND t.billable = 1 AND t.inv_id IS NOT NULL",
  "SELECT matter_id FROM matter WHERE billing = 'contingency' AND matter_id IN (SELECT matter_id FROM time_entry "
  "WHERE billable = 1 AND inv_id IS NOT NULL)",
  "SELECT m.matter_id FROM matter AS m JOIN time_entry AS t ON t.matter_id = m.matter_id "
  "WHERE m.billing = 'contingency' AND t.billable = 1 AND t.inv_id IS NOT NULL",
  "a matter listed once per billed entry")

# --- matters
L("matters:open matters without time in the last five days on day 10",
  "SELECT matter_id FROM matter AS m WHERE closed_day IS NULL AND NOT EXISTS (SELECT 1 FROM time_entry AS t "
  "WHERE t.matter_id = m.matter_id AND t.day > 5)",
  "SELECT m.matter_id FROM matter AS m LEFT JOIN time_entry AS t ON t.matter_id = m.matter_id AND t.day > 5 "
  "WHERE m.closed_day IS NULL GROUP BY m.matter_id HAVING COUNT(t.entry_id) = 0",
  "SELECT matter_id FROM matter AS m WHERE closed_day IS NULL AND NOT EXISTS (SELECT 1 FROM time_entry AS t "
  "WHERE t.matter_id = m.matter_id AND t.day >= 5)",
  "time on day 5 taken as recent")
L("matters:last time entry day per open matter",
  "SELECT m.matter_id, MAX(t.day) FROM matter AS m LEFT JOIN time_entry AS t ON t.matter_id = m.matter_id "
  "WHERE m.closed_day IS NULL GROUP BY m.matter_id",
  "SELECT matter_id, (SELECT MAX(day) FROM time_entry AS t WHERE t.matter_id = m.matter_id) FROM matter AS m "
  "WHERE closed_day IS NULL",
  "SELECT m.matter_id, MAX(t.day) FROM matter AS m JOIN time_entry AS t ON t.matter_id = m.matter_id "
  "WHERE m.closed_day IS NULL GROUP BY m.matter_id",
  "matters without time entries dropped")
L("matters:matters touched by time or the activity log",
  "SELECT matter_id FROM time_entry UNION SELECT matter_id FROM activity_log WHERE matter_id IS NOT NULL",
  "SELECT matter_id FROM matter AS m WHERE EXISTS (SELECT 1 FROM time_entry AS t WHERE t.matter_id = m.matter_id) "
  "OR EXISTS (SELECT 1 FROM activity_log AS a WHERE a.matter_id = m.matter_id)",
  "SELECT matter_id FROM time_entry UNION ALL SELECT matter_id FROM activity_log WHERE matter_id IS NOT NULL",
  "UNION ALL lists a matter once per entry")
L("matters:open matters per responsible attorney including none",
  "SELECT a.atty_id, COUNT(m.matter_id) FROM attorney AS a LEFT JOIN matter AS m ON m.resp_atty_id = a.atty_id "
  "AND m.closed_day IS NULL GROUP BY a.atty_id",
  "SELECT atty_id, (SELECT COUNT(*) FROM matter AS m WHERE m.resp_atty_id = a.atty_id AND m.closed_day IS NULL) "
  "FROM attorney AS a",
  "SELECT a.atty_id, COUNT(*) FROM attorney AS a LEFT JOIN matter AS m ON m.resp_atty_id = a.atty_id "
  "AND m.closed_day IS NULL GROUP BY a.atty_id",
  "COUNT(*) counts the outer join's empty row")
L("matters:average duration of closed matters per practice",
  "SELECT practice, AVG(closed_day - opened_day) FROM matter WHERE closed_day IS NOT NULL GROUP BY practice",
  "SELECT practice, SUM(closed_day - opened_day) * 1.0 / COUNT(closed_day) FROM matter GROUP BY practice "
  "HAVING COUNT(closed_day) > 0",
  "SELECT practice, AVG(COALESCE(closed_day, 60) - opened_day) FROM matter GROUP BY practice",
  "open matters averaged in as closed on day 60")
L("matters:matters opened per practice, running",
  "SELECT practice, opened_day, COUNT(*) OVER (PARTITION BY practice ORDER BY opened_day) FROM matter",
  "SELECT m.practice, m.opened_day, (SELECT COUNT(*) FROM matter AS n WHERE n.practice = m.practice "
  "AND n.opened_day <= m.opened_day) FROM matter AS m",
  "SELECT m.practice, m.opened_day, (SELECT COUNT(*) FROM matter AS n WHERE n.practice = m.practice "
  "AND n.opened_day < m.opened_day) FROM matter AS m",
  "the matter itself and its same-day peers not counted")
L("matters:attorneys with time on every litigation matter",
  "SELECT a.atty_id FROM attorney AS a WHERE NOT EXISTS (SELECT 1 FROM matter AS m WHERE m.practice = 'litigation' "
  "AND NOT EXISTS (SELECT 1 FROM time_entry AS t WHERE t.matter_id = m.matter_id AND t.atty_id = a.atty_id))",
  "SELECT a.atty_id FROM attorney AS a LEFT JOIN (SELECT DISTINCT t.atty_id, t.matter_id FROM time_entry AS t "
  "JOIN matter AS m ON m.matter_id = t.matter_id WHERE m.practice = 'litigation') AS w ON w.atty_id = a.atty_id "
  "GROUP BY a.atty_id HAVING COUNT(w.matter_id) = (SELECT COUNT(*) FROM matter WHERE practice = 'litigation')",
  "SELECT t.atty_id FROM time_entry AS t JOIN matter AS m ON m.matter_id = t.matter_id WHERE m.practice = 'litigation' "
  "GROUP BY t.atty_id HAVING COUNT(*) = (SELECT COUNT(*) FROM matter WHERE practice = 'litigation')",
  "entries counted instead of matters (and no attorney listed when there is no litigation)")

# --- origination credit
L("origination:originated matters per attorney",
  "SELECT orig_atty_id, COUNT(*) FROM matter WHERE orig_atty_id IS NOT NULL GROUP BY orig_atty_id",
  "SELECT a.atty_id, COUNT(*) FROM attorney AS a JOIN matter AS m ON m.orig_atty_id = a.atty_id GROUP BY a.atty_id",
  "SELECT orig_atty_id, COUNT(*) FROM matter GROUP BY orig_atty_id",
  "matters without an originator listed as a NULL group")
L("origination:origination credit on collected fees",
  "SELECT m.orig_atty_id, SUM(p.amount) FROM matter AS m JOIN invoice AS i ON i.matter_id = m.matter_id JOIN payment AS p "
  "ON p.inv_id = i.inv_id WHERE m.orig_atty_id IS NOT NULL GROUP BY m.orig_atty_id",
  "SELECT orig_atty_id, SUM(collected) FROM (SELECT m.orig_atty_id, (SELECT SUM(p.amount) FROM payment AS p "
  "JOIN invoice AS i ON i.inv_id = p.inv_id WHERE i.matter_id = m.matter_id) AS collected FROM matter AS m "
  "WHERE m.orig_atty_id IS NOT NULL) AS x GROUP BY orig_atty_id HAVING COUNT(collected) > 0",
  "SELECT COALESCE(m.orig_atty_id, m.resp_atty_id), SUM(p.amount) FROM matter AS m JOIN invoice AS i "
  "ON i.matter_id = m.matter_id JOIN payment AS p ON p.inv_id = i.inv_id GROUP BY COALESCE(m.orig_atty_id, m.resp_atty_id)",
  "matters without an originator credited to the responsible attorney")
L("origination:originators who logged no time on an originated matter",
  "SELECT DISTINCT m.orig_atty_id FROM matter AS m WHERE m.orig_atty_id IS NOT NULL AND NOT EXISTS (SELECT 1 "
  "FROM time_entry AS t WHERE t.matter_id = m.matter_id AND t.atty_id = m.orig_atty_id)",
  "SELECT DISTINCT m.orig_atty_id FROM matter AS m LEFT JOIN time_entry AS t ON t.matter_id = m.matter_id "
  "AND t.atty_id = m.orig_atty_id WHERE t.entry_id IS NULL AND m.orig_atty_id IS NOT NULL",
  "SELECT DISTINCT m.orig_atty_id FROM matter AS m WHERE m.orig_atty_id IS NOT NULL AND NOT EXISTS (SELECT 1 "
  "FROM time_entry AS t WHERE t.matter_id = m.matter_id AND t.atty_id = m.resp_atty_id)",
  "the responsible attorney's time checked instead of the originator's")
L("origination:responsible attorneys without recent time on an open matter",
  "SELECT DISTINCT m.resp_atty_id FROM matter AS m WHERE m.closed_day IS NULL AND m.resp_atty_id NOT IN "
  "(SELECT atty_id FROM time_entry WHERE day >= 5)",
  "SELECT a.atty_id FROM attorney AS a WHERE EXISTS (SELECT 1 FROM matter AS m WHERE m.resp_atty_id = a.atty_id "
  "AND m.closed_day IS NULL) AND NOT EXISTS (SELECT 1 FROM time_entry AS t WHERE t.atty_id = a.atty_id AND t.day >= 5)",
  "SELECT DISTINCT m.resp_atty_id FROM matter AS m WHERE m.closed_day IS NULL AND m.resp_atty_id NOT IN "
  "(SELECT atty_id FROM time_entry WHERE day > 5)",
  "time on day 5 not taken as recent")

# --- trust accounting
L("trust:trust balance per client",
  "SELECT client_id, SUM(CASE WHEN kind = 'deposit' THEN amount_cents ELSE -amount_cents END) FROM trust_txn GROUP BY client_id",
  "SELECT c.client_id, COALESCE((SELECT SUM(amount_cents) FROM trust_txn AS t WHERE t.client_id = c.client_id "
  "AND kind = 'deposit'), 0) - COALESCE((SELECT SUM(amount_cents) FROM trust_txn AS t WHERE t.client_id = c.client_id "
  "AND kind <> 'deposit'), 0) FROM client AS c WHERE c.client_id IN (SELECT client_id FROM trust_txn)",
  "SELECT client_id, SUM(amount_cents) FROM trust_txn GROUP BY client_id",
  "disbursements added to the balance")
L("trust:overdrawn trust accounts",
  "SELECT client_id FROM trust_txn GROUP BY client_id HAVING SUM(CASE WHEN kind = 'deposit' THEN amount_cents "
  "ELSE -amount_cents END) < 0",
  "SELECT client_id FROM (SELECT client_id, SUM(CASE WHEN kind = 'deposit' THEN amount_cents ELSE 0 END) AS dep, "
  "SUM(CASE WHEN kind = 'deposit' THEN 0 ELSE amount_cents END) AS wd FROM trust_txn GROUP BY client_id) AS x WHERE wd > dep",
  "SELECT client_id FROM trust_txn GROUP BY client_id HAVING SUM(CASE WHEN kind = 'deposit' THEN amount_cents "
  "ELSE -amount_cents END) <= 0",
  "accounts at exactly zero flagged")
L("trust:trust transactions without a matter per client",
  "SELECT client_id, COUNT(*) FROM trust_txn WHERE matter_id IS NULL GROUP BY client_id",
  "SELECT client_id, COUNT(*) - COUNT(matter_id) FROM trust_txn GROUP BY client_id HAVING COUNT(*) > COUNT(matter_id)",
  "SELECT client_id, COUNT(*) - COUNT(matter_id) FROM trust_txn GROUP BY client_id",
  "clients without such transactions listed with 0")
L("trust:trust money on another client's matter",
  "SELECT t.txn_id FROM trust_txn AS t JOIN matter AS m ON m.matter_id = t.matter_id WHERE m.client_id <> t.client_id",
  "SELECT txn_id FROM trust_txn AS t WHERE matter_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM matter AS m "
  "WHERE m.matter_id = t.matter_id AND m.client_id = t.client_id)",
  "SELECT txn_id FROM trust_txn AS t WHERE NOT EXISTS (SELECT 1 FROM matter AS m WHERE m.matter_id = t.matter_id "
  "AND m.client_id = t.client_id)",
  "transactions without a matter flagged")
L("trust:running trust balance per client",
  "SELECT txn_id, client_id, SUM(CASE WHEN kind = 'deposit' THEN amount_cents ELSE -amount_cents END) OVER (PARTITION BY client_id "
  "ORDER BY day, txn_id) FROM trust_txn",
  "SELECT t.txn_id, t.client_id, (SELECT SUM(CASE WHEN u.kind = 'deposit' THEN u.amount_cents ELSE -u.amount_cents END) "
  "FROM trust_txn AS u WHERE u.client_id = t.client_id AND (u.day < t.day OR (u.day = t.day AND u.txn_id <= t.txn_id))) "
  "FROM trust_txn AS t",
  "SELECT txn_id, client_id, SUM(CASE WHEN kind = 'deposit' THEN amount_cents ELSE -amount_cents END) OVER (PARTITION BY client_id "
  "ORDER BY day) FROM trust_txn",
  "same-day transactions summed together (RANGE frame over the day)")
L("trust:largest deposit per client with ties",
  "SELECT client_id, txn_id FROM trust_txn AS t WHERE kind = 'deposit' AND amount_cents = (SELECT MAX(amount_cents) FROM trust_txn AS u "
  "WHERE u.client_id = t.client_id AND u.kind = 'deposit')",
  "SELECT client_id, txn_id FROM (SELECT client_id, txn_id, DENSE_RANK() OVER (PARTITION BY client_id ORDER BY amount_cents DESC) "
  "AS r FROM trust_txn WHERE kind = 'deposit') AS x WHERE r = 1",
  "SELECT client_id, txn_id FROM (SELECT client_id, txn_id, ROW_NUMBER() OVER (PARTITION BY client_id ORDER BY amount_cents DESC, "
  "txn_id) AS r FROM trust_txn WHERE kind = 'deposit') AS x WHERE r = 1",
  "equal largest deposits cut to the lowest id")
L("trust:trust available against each sent invoice",
  "SELECT i.inv_id, MIN(i.amount, b.bal / 100.0) FROM invoice AS i JOIN matter AS m ON m.matter_id = i.matter_id JOIN "
  "(SELECT client_id, SUM(CASE WHEN kind = 'deposit' THEN amount_cents ELSE -amount_cents END) AS bal FROM trust_txn "
  "GROUP BY client_id) AS b ON b.client_id = m.client_id WHERE i.status = 'sent'",
  "SELECT i.inv_id, IIF(i.amount < b.bal / 100.0, i.amount, b.bal / 100.0) FROM invoice AS i JOIN matter AS m ON m.matter_id = i.matter_id "
  "JOIN (SELECT client_id, SUM(CASE WHEN kind = 'deposit' THEN amount_cents ELSE -amount_cents END) AS bal FROM trust_txn "
  "GROUP BY client_id) AS b ON b.client_id = m.client_id WHERE i.status = 'sent'",
  "SELECT i.inv_id, MAX(i.amount, b.bal / 100.0) FROM invoice AS i JOIN matter AS m ON m.matter_id = i.matter_id JOIN "
  "(SELECT client_id, SUM(CASE WHEN kind = 'deposit' THEN amount_cents ELSE -amount_cents END) AS bal FROM trust_txn "
  "GROUP BY client_id) AS b ON b.client_id = m.client_id WHERE i.status = 'sent'",
  "the larger of invoice and balance applied", dialect="sqlite")

# --- court dates and deadlines
L("deadlines:open court dates per attorney in the next two weeks from day 7",
  "SELECT atty_id, COUNT(*) FROM court_date WHERE day >= 7 AND day < 21 AND done = 0 AND atty_id IS NOT NULL "
  "GROUP BY atty_id",
  "SELECT a.atty_id, COUNT(*) FROM attorney AS a JOIN court_date AS c ON c.atty_id = a.atty_id WHERE c.day BETWEEN 7 AND 20 "
  "AND c.done = 0 GROUP BY a.atty_id",
  "SELECT a.atty_id, COUNT(*) FROM attorney AS a JOIN court_date AS c ON c.atty_id = a.atty_id WHERE c.day BETWEEN 7 AND 21 "
  "AND c.done = 0 GROUP BY a.atty_id",
  "a date on day 21 counted in the window")
L("deadlines:open court dates per attorney, unassigned to the responsible attorney",
  "SELECT COALESCE(c.atty_id, m.resp_atty_id), COUNT(*) FROM court_date AS c JOIN matter AS m ON m.matter_id = c.matter_id "
  "WHERE c.done = 0 GROUP BY COALESCE(c.atty_id, m.resp_atty_id)",
  "SELECT atty, COUNT(*) FROM (SELECT c.atty_id AS atty FROM court_date AS c WHERE c.done = 0 AND c.atty_id IS NOT NULL "
  "UNION ALL SELECT m.resp_atty_id FROM court_date AS c JOIN matter AS m ON m.matter_id = c.matter_id WHERE c.done = 0 "
  "AND c.atty_id IS NULL) AS x GROUP BY atty",
  "SELECT c.atty_id, COUNT(*) FROM court_date AS c WHERE c.done = 0 GROUP BY c.atty_id",
  "unassigned dates left in a NULL group")
L("deadlines:next open court date per open matter",
  "SELECT m.matter_id, MIN(c.day) FROM matter AS m JOIN court_date AS c ON c.matter_id = m.matter_id "
  "WHERE m.closed_day IS NULL AND c.done = 0 GROUP BY m.matter_id",
  "SELECT matter_id, day FROM (SELECT c.matter_id, c.day, ROW_NUMBER() OVER (PARTITION BY c.matter_id ORDER BY c.day) "
  "AS rn FROM court_date AS c JOIN matter AS m ON m.matter_id = c.matter_id WHERE m.closed_day IS NULL AND c.done = 0) AS x "
  "WHERE rn = 1",
  "SELECT m.matter_id, MIN(c.day) FROM matter AS m JOIN court_date AS c ON c.matter_id = m.matter_id "
  "WHERE m.closed_day IS NULL GROUP BY m.matter_id",
  "completed court dates taken as next")
L("deadlines:matters with a trial not preceded by a hearing",
  "SELECT DISTINCT t.matter_id FROM court_date AS t WHERE t.kind = 'trial' AND NOT EXISTS (SELECT 1 FROM court_date AS h "
  "WHERE h.matter_id = t.matter_id AND h.kind = 'hearing' AND h.day < t.day)",
  "SELECT DISTINCT matter_id FROM (SELECT t.matter_id FROM court_date AS t LEFT JOIN court_date AS h "
  "ON h.matter_id = t.matter_id AND h.kind = 'hearing' AND h.day < t.day WHERE t.kind = 'trial' "
  "GROUP BY t.matter_id, t.day HAVING COUNT(h.day) = 0) AS x",
  "SELECT DISTINCT t.matter_id FROM court_date AS t WHERE t.kind = 'trial' AND NOT EXISTS (SELECT 1 FROM court_date AS h "
  "WHERE h.matter_id = t.matter_id AND h.kind = 'hearing')",
  "a hearing after the trial taken as preceding it")
L("deadlines:missed deadlines per attorney on day 14",
  "SELECT atty_id, COUNT(*) FROM court_date WHERE kind = 'deadline' AND done = 0 AND day < 14 GROUP BY atty_id",
  "SELECT atty_id, SUM(CASE WHEN kind = 'deadline' AND done = 0 AND day < 14 THEN 1 ELSE 0 END) FROM court_date "
  "GROUP BY atty_id HAVING SUM(CASE WHEN kind = 'deadline' AND done = 0 AND day < 14 THEN 1 ELSE 0 END) > 0",
  "SELECT atty_id, COUNT(*) FROM court_date WHERE kind = 'deadline' AND done = 0 AND day <= 14 GROUP BY atty_id",
  "a deadline due on day 14 counted as missed")
L("deadlines:attorneys double-booked on a day",
  "SELECT DISTINCT a.atty_id, a.day FROM court_date AS a JOIN court_date AS b ON b.atty_id = a.atty_id AND b.day = a.day "
  "AND b.matter_id <> a.matter_id",
  "SELECT atty_id, day FROM court_date WHERE atty_id IS NOT NULL GROUP BY atty_id, day HAVING COUNT(*) > 1",
  "SELECT atty_id, day FROM court_date GROUP BY atty_id, day HAVING COUNT(*) > 1",
  "unassigned dates taken as one attorney's")

# --- invoices and expenses
L("invoices:billed time value per invoice",
  "SELECT i.inv_id, SUM(t.hours * COALESCE(t.rate, a.rate)) FROM invoice AS i JOIN time_entry AS t ON t.inv_id = i.inv_id "
  "JOIN attorney AS a ON a.atty_id = t.atty_id GROUP BY i.inv_id",
  "SELECT inv_id, SUM(hours * COALESCE(rate, (SELECT a.rate FROM attorney AS a WHERE a.atty_id = t.atty_id))) "
  "FROM time_entry AS t WHERE inv_id IS NOT NULL GROUP BY inv_id",
  "SELECT i.inv_id, SUM(t.hours * COALESCE(a.rate, t.rate)) FROM invoice AS i JOIN time_entry AS t ON t.inv_id = i.inv_id "
  "JOIN attorney AS a ON a.atty_id = t.atty_id GROUP BY i.inv_id",
  "the attorney's standard rate preferred over the entry's override")
L("invoices:hours and expenses per invoice",
  "SELECT i.inv_id, (SELECT SUM(t.hours) FROM time_entry AS t WHERE t.inv_id = i.inv_id), (SELECT SUM(e.amount) "
  "FROM expense AS e WHERE e.inv_id = i.inv_id) FROM invoice AS i WHERE i.status <> 'void'",
  "SELECT i.inv_id, t.h, e.s FROM invoice AS i LEFT JOIN (SELECT inv_id, SUM(hours) AS h FROM time_entry GROUP BY inv_id) "
  "AS t ON t.inv_id = i.inv_id LEFT JOIN (SELECT inv_id, SUM(amount) AS s FROM expense GROUP BY inv_id) AS e "
  "ON e.inv_id = i.inv_id WHERE i.status <> 'void'",
  "SELECT i.inv_id, SUM(t.hours), SUM(e.amount) FROM invoice AS i LEFT JOIN time_entry AS t ON t.inv_id = i.inv_id "
  "LEFT JOIN expense AS e ON e.inv_id = i.inv_id WHERE i.status <> 'void' GROUP BY i.inv_id",
  "time entries and expenses joined together (fan-out)")
L("invoices:invoice numbering per matter",
  "SELECT inv_id, ROW_NUMBER() OVER (PARTITION BY matter_id ORDER BY day, inv_id) FROM invoice",
  "SELECT i.inv_id, (SELECT COUNT(*) FROM invoice AS j WHERE j.matter_id = i.matter_id AND (j.day < i.day "
  "OR (j.day = i.day AND j.inv_id <= i.inv_id))) FROM invoice AS i",
  "SELECT inv_id, RANK() OVER (PARTITION BY matter_id ORDER BY day) FROM invoice",
  "same-day invoices share a number")
L("expenses:expense categories per matter",
  "SELECT matter_id, SUM(CASE WHEN category = 'filing' THEN amount ELSE 0 END), SUM(CASE WHEN category = 'travel' "
  "THEN amount ELSE 0 END) FROM expense GROUP BY matter_id",
  "SELECT matter_id, COALESCE(SUM(amount) FILTER (WHERE category = 'filing'), 0), COALESCE(SUM(amount) FILTER "
  "(WHERE category = 'travel'), 0) FROM expense GROUP BY matter_id",
  "SELECT matter_id, SUM(CASE WHEN category = 'filing' THEN amount END), SUM(CASE WHEN category = 'travel' "
  "THEN amount END) FROM expense GROUP BY matter_id",
  "NULL instead of 0 for matters without a category")
L("expenses:matters with billable expenses over 300",
  "SELECT matter_id FROM expense WHERE billable = 1 GROUP BY matter_id HAVING SUM(amount) > 300",
  "SELECT m.matter_id FROM matter AS m WHERE (SELECT SUM(e.amount) FROM expense AS e WHERE e.matter_id = m.matter_id "
  "AND e.billable = 1) > 300",
  "SELECT matter_id FROM expense WHERE billable = 1 GROUP BY matter_id HAVING SUM(amount) >= 300",
  "matters at exactly 300 listed")

# --- clients
L("clients:clients without an open matter",
  "SELECT client_id FROM client AS c WHERE NOT EXISTS (SELECT 1 FROM matter AS m WHERE m.client_id = c.client_id "
  "AND m.closed_day IS NULL)",
  "SELECT client_id FROM client EXCEPT SELECT client_id FROM matter WHERE closed_day IS NULL",
  "SELECT DISTINCT m.client_id FROM matter AS m WHERE NOT EXISTS (SELECT 1 FROM matter AS n WHERE n.client_id = m.client_id "
  "AND n.closed_day IS NULL)",
  "clients without any matter left out")
L("clients:collected fees per industry",
  "SELECT c.industry, SUM(p.amount) FROM client AS c JOIN matter AS m ON m.client_id = c.client_id JOIN invoice AS i "
  "ON i.matter_id = m.matter_id JOIN payment AS p ON p.inv_id = i.inv_id GROUP BY c.industry",
  "SELECT industry, SUM(s) FROM (SELECT c.industry, (SELECT SUM(p.amount) FROM payment AS p JOIN invoice AS i "
  "ON i.inv_id = p.inv_id JOIN matter AS m ON m.matter_id = i.matter_id WHERE m.client_id = c.client_id) AS s "
  "FROM client AS c) AS x WHERE s IS NOT NULL GROUP BY industry",
  "SELECT c.industry, SUM(p.amount) FROM client AS c JOIN matter AS m ON m.client_id = c.client_id JOIN invoice AS i "
  "ON i.matter_id = m.matter_id JOIN payment AS p ON p.inv_id = i.inv_id WHERE c.industry IS NOT NULL GROUP BY c.industry",
  "clients of unknown industry dropped")
L("clients:clients with a matter opened within 10 days of intake",
  "SELECT c.intake_day, COUNT(*) FROM client AS c WHERE EXISTS (SELECT 1 FROM matter AS m WHERE m.client_id = c.client_id "
  "AND m.opened_day - c.intake_day BETWEEN 0 AND 10) GROUP BY c.intake_day",
  "SELECT c.intake_day, COUNT(DISTINCT c.client_id) FROM client AS c JOIN matter AS m ON m.client_id = c.client_id "
  "WHERE m.opened_day >= c.intake_day AND m.opened_day <= c.intake_day + 10 GROUP BY c.intake_day",
  "SELECT c.intake_day, COUNT(*) FROM client AS c JOIN matter AS m ON m.client_id = c.client_id "
  "WHERE m.opened_day >= c.intake_day AND m.opened_day <= c.intake_day + 10 GROUP BY c.intake_day",
  "a client counted once per matter")
L("clients:clients with matters in two practice areas",
  "SELECT client_id FROM matter GROUP BY client_id HAVING COUNT(DISTINCT practice) >= 2",
  "SELECT DISTINCT a.client_id FROM matter AS a JOIN matter AS b ON b.client_id = a.client_id AND b.practice <> a.practice",
  "SELECT client_id FROM matter GROUP BY client_id HAVING COUNT(*) >= 2",
  "two matters in one practice area counted")

# --- activity log (keyless)
L("activity:calls per attorney",
  "SELECT atty_id, COUNT(*) FROM activity_log WHERE action = 'call' GROUP BY atty_id",
  "SELECT atty_id, SUM(CASE WHEN action = 'call' THEN 1 ELSE 0 END) FROM activity_log GROUP BY atty_id "
  "HAVING SUM(CASE WHEN action = 'call' THEN 1 ELSE 0 END) > 0",
  "SELECT atty_id, COUNT(*) FROM (SELECT DISTINCT * FROM activity_log WHERE action = 'call') AS x GROUP BY atty_id",
  "repeated log rows collapsed")
L("activity:matters with log activity but no time",
  "SELECT DISTINCT a.matter_id FROM activity_log AS a WHERE a.matter_id IS NOT NULL AND NOT EXISTS (SELECT 1 "
  "FROM time_entry AS t WHERE t.matter_id = a.matter_id)",
  "SELECT matter_id FROM matter WHERE matter_id IN (SELECT matter_id FROM activity_log) AND matter_id NOT IN "
  "(SELECT matter_id FROM time_entry)",
  "SELECT DISTINCT a.matter_id FROM activity_log AS a WHERE a.matter_id IS NOT NULL AND NOT EXISTS (SELECT 1 "
  "FROM time_entry AS t WHERE t.matter_id = a.matter_id AND t.atty_id = a.atty_id)",
  "time by another attorney ignored")
L("activity:last contact day per matter from time and the log",
  "SELECT matter_id, MAX(day) FROM (SELECT matter_id, day FROM time_entry UNION ALL SELECT matter_id, day "
  "FROM activity_log WHERE matter_id IS NOT NULL) AS x GROUP BY matter_id",
  "SELECT m.matter_id, (SELECT MAX(d) FROM (SELECT t.day AS d FROM time_entry AS t WHERE t.matter_id = m.matter_id "
  "UNION SELECT a.day FROM activity_log AS a WHERE a.matter_id = m.matter_id) AS u) FROM matter AS m "
  "WHERE EXISTS (SELECT 1 FROM time_entry AS t WHERE t.matter_id = m.matter_id) OR EXISTS (SELECT 1 "
  "FROM activity_log AS a WHERE a.matter_id = m.matter_id)",
  "SELECT matter_id, MAX(day) FROM time_entry GROUP BY matter_id",
  "the activity log ignored")
L("activity:log rows per action",
  "SELECT action, COUNT(*) FROM activity_log GROUP BY action",
  "SELECT action, COUNT(*) FROM activity_log WHERE action IS NOT NULL GROUP BY action UNION ALL SELECT NULL, COUNT(*) "
  "FROM activity_log WHERE action IS NULL HAVING COUNT(*) > 0",
  "SELECT action, COUNT(action) FROM activity_log GROUP BY action",
  "rows without an action counted as none")


# ================================================================ food delivery (delivery)
# --- orders
D("orders:delivered orders per store",
  "SELECT rest_id, COUNT(*) FROM orders WHERE status = 'delivered' GROUP BY rest_id",
  "SELECT r.rest_id, COUNT(o.order_id) FROM restaurant AS r JOIN orders AS o ON o.rest_id = r.rest_id "
  "AND o.status = 'delivered' GROUP BY r.rest_id",
  "SELECT r.rest_id, COUNT(o.order_id) FROM restaurant AS r LEFT JOIN orders AS o ON o.rest_id = r.rest_id "
  "AND o.status = 'delivered' GROUP BY r.rest_id",
  "stores without deliveries listed with 0")
D("orders:orders per store including none",
  "SELECT r.rest_id, COUNT(o.order_id) FROM restaurant AS r LEFT JOIN orders AS o ON o.rest_id = r.rest_id "
  "GROUP BY r.rest_id",
  "SELECT rest_id, (SELECT COUNT(*) FROM orders AS o WHERE o.rest_id = r.rest_id) FROM restaurant AS r",
  "SELECT r.rest_id, COUNT(*) FROM restaurant AS r LEFT JOIN orders AS o ON o.rest_id = r.rest_id GROUP BY r.rest_id",
  "COUNT(*) counts the outer join's empty row")
D("orders:orders per hour of day",
  "SELECT placed_min / 60, COUNT(*) FROM orders GROUP BY placed_min / 60",
  "SELECT h, COUNT(*) FROM (SELECT placed_min / 60 AS h FROM orders) AS x GROUP BY h",
  "SELECT (placed_min + 59) / 60, COUNT(*) FROM orders GROUP BY (placed_min + 59) / 60",
  "the hour rounded up")
D("orders:canceled share per day",
  "SELECT day, SUM(CASE WHEN status = 'canceled' THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM orders GROUP BY day",
  "SELECT d.day, COALESCE(c.n, 0) * 1.0 / d.n FROM (SELECT day, COUNT(*) AS n FROM orders GROUP BY day) AS d "
  "LEFT JOIN (SELECT day, COUNT(*) AS n FROM orders WHERE status = 'canceled' GROUP BY day) AS c ON c.day = d.day",
  "SELECT d.day, c.n * 1.0 / d.n FROM (SELECT day, COUNT(*) AS n FROM orders GROUP BY day) AS d "
  "JOIN (SELECT day, COUNT(*) AS n FROM orders WHERE status = 'canceled' GROUP BY day) AS c ON c.day = d.day",
  "days without cancellations dropped")
D("orders:open orders without a courier",
  "SELECT order_id FROM orders WHERE status = 'in_progress' AND courier_id IS NULL",
  "SELECT o.order_id FROM orders AS o LEFT JOIN courier AS c ON c.courier_id = o.courier_id "
  "WHERE o.status = 'in_progress' AND c.courier_id IS NULL",
  "SELECT order_id FROM orders WHERE status = 'in_progress' AND courier_id NOT IN (SELECT courier_id FROM courier)",
  "NOT IN cannot find an order whose courier is NULL")
D("orders:busiest day per store with ties",
  "SELECT rest_id, day FROM orders AS o GROUP BY rest_id, day HAVING COUNT(*) = (SELECT MAX(n) FROM (SELECT COUNT(*) AS n "
  "FROM orders AS p WHERE p.rest_id = o.rest_id GROUP BY p.day) AS x)",
  "SELECT rest_id, day FROM (SELECT rest_id, day, RANK() OVER (PARTITION BY rest_id ORDER BY COUNT(*) DESC) AS rk "
  "FROM orders GROUP BY rest_id, day) AS x WHERE rk = 1",
  "SELECT rest_id, day FROM orders AS o GROUP BY rest_id, day HAVING COUNT(*) = (SELECT MAX(n) FROM (SELECT COUNT(*) AS n "
  "FROM orders AS p GROUP BY p.rest_id, p.day) AS x)",
  "the busiest day over all stores taken as each store's")
D("orders:running order count per customer",
  "SELECT order_id, COUNT(*) OVER (PARTITION BY cust_id ORDER BY day, order_id) FROM orders",
  "SELECT o.order_id, (SELECT COUNT(*) FROM orders AS p WHERE p.cust_id = o.cust_id AND (p.day < o.day "
  "OR (p.day = o.day AND p.order_id <= o.order_id))) FROM orders AS o",
  "SELECT o.order_id, (SELECT COUNT(*) FROM orders AS p WHERE p.cust_id = o.cust_id AND p.order_id <= o.order_id) "
  "FROM orders AS o",
  "order ids taken for the order of the days")
D("orders:first-time orders per day",
  "SELECT o.day, SUM(CASE WHEN NOT EXISTS (SELECT 1 FROM orders AS p WHERE p.cust_id = o.cust_id AND p.day < o.day) "
  "THEN 1 ELSE 0 END) FROM orders AS o GROUP BY o.day",
  "SELECT o.day, SUM(CASE WHEN o.day = f.first_day THEN 1 ELSE 0 END) FROM orders AS o JOIN (SELECT cust_id, "
  "MIN(day) AS first_day FROM orders GROUP BY cust_id) AS f ON f.cust_id = o.cust_id GROUP BY o.day",
  "SELECT o.day, SUM(CASE WHEN NOT EXISTS (SELECT 1 FROM orders AS p WHERE p.cust_id = o.cust_id AND p.day <= o.day "
  "AND p.order_id <> o.order_id) THEN 1 ELSE 0 END) FROM orders AS o GROUP BY o.day",
  "a second order on the first day makes both returning")
D("orders:stores with orders on consecutive days",
  "SELECT DISTINCT a.rest_id FROM orders AS a JOIN orders AS b ON b.rest_id = a.rest_id AND b.day = a.day + 1",
  "SELECT rest_id FROM restaurant AS r WHERE EXISTS (SELECT 1 FROM orders AS a WHERE a.rest_id = r.rest_id "
  "AND EXISTS (SELECT 1 FROM orders AS b WHERE b.rest_id = r.rest_id AND b.day - a.day = 1))",
  "SELECT DISTINCT a.rest_id FROM orders AS a JOIN orders AS b ON b.rest_id = a.rest_id AND b.day > a.day",
  "any later day taken as the next")
D("orders:longest run of consecutive order days per store",
  "SELECT rest_id, MAX(n) FROM (SELECT rest_id, grp, COUNT(*) AS n FROM (SELECT rest_id, day, day - ROW_NUMBER() OVER "
  "(PARTITION BY rest_id ORDER BY day) AS grp FROM (SELECT DISTINCT rest_id, day FROM orders) AS d) AS g "
  "GROUP BY rest_id, grp) AS s GROUP BY rest_id",
  "SELECT d.rest_id, MAX(d.day - s.day + 1) FROM (SELECT DISTINCT rest_id, day FROM orders) AS d JOIN (SELECT DISTINCT "
  "rest_id, day FROM orders) AS s ON s.rest_id = d.rest_id AND s.day <= d.day WHERE NOT EXISTS (SELECT 1 FROM orders AS x "
  "WHERE x.rest_id = d.rest_id AND x.day > s.day AND x.day <= d.day AND NOT EXISTS (SELECT 1 FROM orders AS y "
  "WHERE y.rest_id = d.rest_id AND y.day = x.day - 1)) GROUP BY d.rest_id",
  "SELECT rest_id, MAX(n) FROM (SELECT rest_id, grp, COUNT(*) AS n FROM (SELECT rest_id, day, day - ROW_NUMBER() OVER "
  "(PARTITION BY rest_id ORDER BY day) AS grp FROM orders) AS g GROUP BY rest_id, grp) AS s GROUP BY rest_id",
  "two orders on one day break the run")

# --- order defects and refunds
D("defects:order defect rate per store",
  "SELECT o.rest_id, SUM(CASE WHEN EXISTS (SELECT 1 FROM refund AS f WHERE f.order_id = o.order_id) OR EXISTS (SELECT 1 "
  "FROM rating AS g WHERE g.order_id = o.order_id AND g.stars <= 2) THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM orders AS o "
  "WHERE o.status = 'delivered' GROUP BY o.rest_id",
  "SELECT o.rest_id, COUNT(d.order_id) * 1.0 / COUNT(*) FROM orders AS o LEFT JOIN (SELECT order_id FROM refund UNION "
  "SELECT order_id FROM rating WHERE stars <= 2) AS d ON d.order_id = o.order_id WHERE o.status = 'delivered' "
  "GROUP BY o.rest_id",
  "SELECT o.rest_id, COUNT(d.order_id) * 1.0 / COUNT(*) FROM orders AS o LEFT JOIN (SELECT order_id FROM refund UNION ALL "
  "SELECT order_id FROM rating WHERE stars <= 2) AS d ON d.order_id = o.order_id WHERE o.status = 'delivered' "
  "GROUP BY o.rest_id",
  "UNION ALL counts an order with two defects twice")
D("defects:refunded amount per store",
  "SELECT o.rest_id, SUM(f.amount) FROM refund AS f JOIN orders AS o ON o.order_id = f.order_id GROUP BY o.rest_id",
  "SELECT rest_id, SUM(r) FROM (SELECT o.rest_id, (SELECT SUM(f.amount) FROM refund AS f WHERE f.order_id = o.order_id) "
  "AS r FROM orders AS o) AS x WHERE r IS NOT NULL GROUP BY rest_id",
  "SELECT o.rest_id, SUM(f.amount) FROM orders AS o JOIN refund AS f ON f.order_id = o.order_id JOIN order_item AS i "
  "ON i.order_id = o.order_id GROUP BY o.rest_id",
  "refunds repeated per order line (and orders without lines lost)")
D("defects:refunded orders per reason",
  "SELECT reason, COUNT(DISTINCT order_id) FROM refund GROUP BY reason",
  "SELECT reason, COUNT(*) FROM (SELECT DISTINCT reason, order_id FROM refund) AS x GROUP BY reason",
  "SELECT reason, COUNT(order_id) FROM refund GROUP BY reason",
  "an order refunded twice for one reason counted twice")
D("defects:orders refunded above their subtotal",
  "SELECT o.order_id FROM orders AS o JOIN refund AS f ON f.order_id = o.order_id GROUP BY o.order_id, o.subtotal "
  "HAVING SUM(f.amount) > o.subtotal",
  "SELECT order_id FROM orders AS o WHERE subtotal < (SELECT SUM(amount) FROM refund AS f WHERE f.order_id = o.order_id)",
  "SELECT o.order_id FROM orders AS o JOIN refund AS f ON f.order_id = o.order_id GROUP BY o.order_id, o.subtotal "
  "HAVING SUM(f.amount) >= o.subtotal",
  "orders refunded exactly in full flagged")
D("defects:refund share of sales per store",
  "SELECT s.rest_id, COALESCE(r.refunded, 0) / s.sales FROM (SELECT rest_id, SUM(subtotal) AS sales FROM orders "
  "WHERE status = 'delivered' GROUP BY rest_id) AS s LEFT JOIN (SELECT o.rest_id, SUM(f.amount) AS refunded FROM refund AS f "
  "JOIN orders AS o ON o.order_id = f.order_id WHERE o.status = 'delivered' GROUP BY o.rest_id) AS r ON r.rest_id = s.rest_id",
  "SELECT rest_id, COALESCE((SELECT SUM(f.amount) FROM refund AS f JOIN orders AS p ON p.order_id = f.order_id "
  "WHERE p.rest_id = o.rest_id AND p.status = 'delivered'), 0) / SUM(subtotal) FROM orders AS o WHERE status = 'delivered' "
  "GROUP BY rest_id",
  "SELECT s.rest_id, COALESCE(r.refunded, 0) / s.sales FROM (SELECT rest_id, SUM(subtotal) AS sales FROM orders "
  "WHERE status = 'delivered' GROUP BY rest_id) AS s LEFT JOIN (SELECT o.rest_id, SUM(f.amount) AS refunded FROM refund AS f "
  "JOIN orders AS o ON o.order_id = f.order_id GROUP BY o.rest_id) AS r ON r.rest_id = s.rest_id",
  "refunds on undelivered orders counted against sales")
D("defects:orders refunded twice",
  "SELECT order_id FROM refund GROUP BY order_id HAVING COUNT(*) > 1",
  "SELECT DISTINCT a.order_id FROM refund AS a JOIN refund AS b ON b.order_id = a.order_id AND b.refund_id > a.refund_id",
  "SELECT order_id FROM refund GROUP BY order_id HAVING COUNT(DISTINCT reason) > 1",
  "two refunds for the same reason (or none) not counted")
D("defects:days from order to refund",
  "SELECT f.refund_id, f.day - o.day FROM refund AS f JOIN orders AS o ON o.order_id = f.order_id",
  "SELECT refund_id, day - (SELECT o.day FROM orders AS o WHERE o.order_id = f.order_id) FROM refund AS f",
  "SELECT f.refund_id, o.day - f.day FROM refund AS f JOIN orders AS o ON o.order_id = f.order_id",
  "the difference taken the wrong way round")
D("defects:refunds after a five-star rating",
  "SELECT f.refund_id FROM refund AS f JOIN rating AS g ON g.order_id = f.order_id WHERE g.stars = 5",
  "SELECT refund_id FROM refund WHERE order_id IN (SELECT order_id FROM rating WHERE stars = 5)",
  "SELECT f.refund_id FROM refund AS f JOIN rating AS g ON g.order_id = f.order_id WHERE g.stars >= 4",
  "four-star ratings included")

# --- prep time
D("prep:average prep minutes per store",
  "SELECT rest_id, AVG(ready_min - placed_min) FROM orders WHERE ready_min IS NOT NULL GROUP BY rest_id",
  "SELECT rest_id, SUM(ready_min - placed_min) * 1.0 / COUNT(ready_min) FROM orders GROUP BY rest_id "
  "HAVING COUNT(ready_min) > 0",
  "SELECT rest_id, AVG(COALESCE(ready_min, placed_min) - placed_min) FROM orders GROUP BY rest_id",
  "orders never ready averaged in as zero minutes")
D("prep:orders over the store's prep target",
  "SELECT o.order_id FROM orders AS o JOIN restaurant AS r ON r.rest_id = o.rest_id "
  "WHERE o.ready_min - o.placed_min > r.prep_target",
  "SELECT order_id FROM orders AS o WHERE ready_min > placed_min + (SELECT prep_target FROM restaurant AS r "
  "WHERE r.rest_id = o.rest_id)",
  "SELECT o.order_id FROM orders AS o JOIN restaurant AS r ON r.rest_id = o.rest_id "
  "WHERE o.ready_min - o.placed_min >= r.prep_target",
  "orders exactly at the target flagged")
D("prep:slowest store per city with ties",
  "SELECT city, rest_id FROM (SELECT r.city, r.rest_id, RANK() OVER (PARTITION BY r.city ORDER BY "
  "MAX(o.ready_min - o.placed_min) DESC) AS rk FROM restaurant AS r JOIN orders AS o ON o.rest_id = r.rest_id "
  "WHERE o.ready_min IS NOT NULL GROUP BY r.city, r.rest_id) AS x WHERE rk = 1",
  "WITH p AS (SELECT r.city, r.rest_id, MAX(o.ready_min - o.placed_min) AS worst FROM restaurant AS r JOIN orders AS o "
  "ON o.rest_id = r.rest_id WHERE o.ready_min IS NOT NULL GROUP BY r.city, r.rest_id) SELECT city, rest_id FROM p "
  "WHERE worst = (SELECT MAX(q.worst) FROM p AS q WHERE q.city = p.city)",
  "SELECT city, rest_id FROM (SELECT r.city, r.rest_id, ROW_NUMBER() OVER (PARTITION BY r.city ORDER BY "
  "MAX(o.ready_min - o.placed_min) DESC, r.rest_id) AS rk FROM restaurant AS r JOIN orders AS o ON o.rest_id = r.rest_id "
  "WHERE o.ready_min IS NOT NULL GROUP BY r.city, r.rest_id) AS x WHERE rk = 1",
  "tied stores cut to the lowest id")

# --- courier wait and status events (keyless log)
D("wait:courier wait at the store per order",
  "SELECT order_id, MIN(CASE WHEN kind = 'picked_up' THEN minute END) - MIN(CASE WHEN kind = 'arrived' THEN minute END) "
  "FROM courier_event WHERE order_id IS NOT NULL GROUP BY order_id",
  "SELECT o.order_id, (SELECT MIN(minute) FROM courier_event AS e WHERE e.order_id = o.order_id AND e.kind = 'picked_up') "
  "- (SELECT MIN(minute) FROM courier_event AS e WHERE e.order_id = o.order_id AND e.kind = 'arrived') FROM orders AS o "
  "WHERE EXISTS (SELECT 1 FROM courier_event AS e WHERE e.order_id = o.order_id)",
  "SELECT order_id, MIN(CASE WHEN kind = 'picked_up' THEN minute END) - MIN(minute) "
  "FROM courier_event WHERE order_id IS NOT NULL GROUP BY order_id",
  "the earliest event of any kind taken as the arrival")
D("wait:orders picked up before they were ready",
  "SELECT DISTINCT o.order_id FROM orders AS o JOIN courier_event AS e ON e.order_id = o.order_id "
  "WHERE e.kind = 'picked_up' AND e.minute < o.ready_min",
  "SELECT order_id FROM orders AS o WHERE ready_min > (SELECT MIN(e.minute) FROM courier_event AS e "
  "WHERE e.order_id = o.order_id AND e.kind = 'picked_up')",
  "SELECT order_id FROM orders AS o WHERE ready_min > (SELECT MAX(e.minute) FROM courier_event AS e "
  "WHERE e.order_id = o.order_id AND e.kind = 'picked_up')",
  "the last pickup event compared")
D("wait:pickup to drop-off minutes per order",
  "SELECT order_id, MIN(CASE WHEN kind = 'dropped_off' THEN minute END) - MIN(CASE WHEN kind = 'picked_up' THEN minute END) "
  "FROM courier_event WHERE order_id IS NOT NULL GROUP BY order_id HAVING COUNT(CASE WHEN kind = 'dropped_off' THEN minute "
  "END) > 0 AND COUNT(CASE WHEN kind = 'picked_up' THEN minute END) > 0",
  "SELECT a.order_id, b.m - a.m FROM (SELECT order_id, MIN(minute) AS m FROM courier_event WHERE kind = 'picked_up' "
  "AND minute IS NOT NULL GROUP BY order_id) AS a JOIN (SELECT order_id, MIN(minute) AS m FROM courier_event "
  "WHERE kind = 'dropped_off' AND minute IS NOT NULL GROUP BY order_id) AS b ON b.order_id = a.order_id",
  "SELECT a.order_id, b.m - a.m FROM (SELECT order_id, MIN(minute) AS m FROM courier_event WHERE kind = 'picked_up' "
  "AND minute IS NOT NULL GROUP BY order_id) AS a LEFT JOIN (SELECT order_id, MIN(minute) AS m FROM courier_event "
  "WHERE kind = 'dropped_off' AND minute IS NOT NULL GROUP BY order_id) AS b ON b.order_id = a.order_id",
  "orders picked up but not dropped off listed with NULL")
D("status:latest status per order",
  "SELECT e.order_id, e.kind FROM courier_event AS e WHERE e.order_id IS NOT NULL AND e.minute = (SELECT MAX(f.minute) "
  "FROM courier_event AS f WHERE f.order_id = e.order_id) GROUP BY e.order_id, e.kind",
  "SELECT DISTINCT order_id, kind FROM (SELECT order_id, kind, RANK() OVER (PARTITION BY order_id ORDER BY minute DESC) "
  "AS rk FROM courier_event WHERE order_id IS NOT NULL AND minute IS NOT NULL) AS x WHERE rk = 1",
  "SELECT order_id, kind FROM (SELECT order_id, kind, RANK() OVER (PARTITION BY order_id ORDER BY minute DESC) "
  "AS rk FROM courier_event WHERE order_id IS NOT NULL AND minute IS NOT NULL) AS x WHERE rk = 1",
  "repeated log rows listed twice")
D("status:orders dropped off without a pickup event",
  "SELECT DISTINCT order_id FROM courier_event AS e WHERE kind = 'dropped_off' AND order_id IS NOT NULL AND NOT EXISTS "
  "(SELECT 1 FROM courier_event AS f WHERE f.order_id = e.order_id AND f.kind = 'picked_up')",
  "SELECT order_id FROM courier_event WHERE kind = 'dropped_off' AND order_id IS NOT NULL EXCEPT SELECT order_id "
  "FROM courier_event WHERE kind = 'picked_up'",
  "SELECT DISTINCT order_id FROM courier_event WHERE kind = 'dropped_off' AND order_id IS NOT NULL AND order_id NOT IN "
  "(SELECT order_id FROM courier_event WHERE kind = 'picked_up')",
  "NOT IN over pickup events without an order finds nothing")
D("status:events by another courier than the order's",
  "SELECT DISTINCT e.order_id, e.courier_id FROM courier_event AS e JOIN orders AS o ON o.order_id = e.order_id "
  "WHERE e.courier_id <> o.courier_id",
  "SELECT DISTINCT order_id, courier_id FROM courier_event AS e WHERE courier_id IS NOT NULL AND EXISTS (SELECT 1 "
  "FROM orders AS o WHERE o.order_id = e.order_id AND o.courier_id IS NOT NULL AND o.courier_id <> e.courier_id)",
  "SELECT DISTINCT e.order_id, e.courier_id FROM courier_event AS e JOIN orders AS o ON o.order_id = e.order_id "
  "WHERE e.courier_id <> COALESCE(o.courier_id, 0)",
  "events on unassigned orders flagged")
D("status:events per kind without repeated rows",
  "SELECT kind, COUNT(*) FROM (SELECT DISTINCT order_id, courier_id, kind, minute FROM courier_event) AS x GROUP BY kind",
  "SELECT kind, COUNT(*) FROM (SELECT order_id, courier_id, kind, minute FROM courier_event GROUP BY order_id, courier_id, "
  "kind, minute) AS x GROUP BY kind",
  "SELECT kind, COUNT(*) FROM courier_event GROUP BY kind",
  "repeated log rows counted")
D("status:assigned orders without an event by their courier",
  "SELECT o.order_id FROM orders AS o WHERE o.courier_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM courier_event AS e "
  "WHERE e.order_id = o.order_id AND e.courier_id = o.courier_id)",
  "SELECT o.order_id FROM orders AS o LEFT JOIN (SELECT DISTINCT order_id, courier_id FROM courier_event) AS e "
  "ON e.order_id = o.order_id AND e.courier_id = o.courier_id WHERE o.courier_id IS NOT NULL AND e.order_id IS NULL",
  "SELECT o.order_id FROM orders AS o WHERE o.courier_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM courier_event AS e "
  "WHERE e.order_id = o.order_id)",
  "an event by any courier accepted")

# --- couriers
D("couriers:deliveries per courier on day 1 including none",
  "SELECT c.courier_id, COUNT(o.order_id) FROM courier AS c LEFT JOIN orders AS o ON o.courier_id = c.courier_id "
  "AND o.day = 1 AND o.status = 'delivered' GROUP BY c.courier_id",
  "SELECT courier_id, COUNT(*) FROM orders WHERE day = 1 AND status = 'delivered' AND courier_id IS NOT NULL "
  "GROUP BY courier_id UNION ALL SELECT courier_id, 0 FROM courier AS c WHERE NOT EXISTS (SELECT 1 FROM orders AS o "
  "WHERE o.courier_id = c.courier_id AND o.day = 1 AND o.status = 'delivered')",
  "SELECT c.courier_id, COUNT(o.order_id) FROM courier AS c LEFT JOIN orders AS o ON o.courier_id = c.courier_id "
  "WHERE o.day = 1 AND o.status = 'delivered' GROUP BY c.courier_id",
  "the day filter moved from ON to WHERE drops idle couriers")
D("couriers:deliveries per hour of shift",
  "SELECT c.courier_id, COUNT(o.order_id) * 60.0 / NULLIF(c.shift_end - c.shift_start, 0) FROM courier AS c "
  "LEFT JOIN orders AS o ON o.courier_id = c.courier_id AND o.status = 'delivered' WHERE c.shift_end IS NOT NULL "
  "GROUP BY c.courier_id, c.shift_end, c.shift_start",
  "SELECT courier_id, 60.0 * (SELECT COUNT(*) FROM orders AS o WHERE o.courier_id = c.courier_id "
  "AND o.status = 'delivered') / NULLIF(shift_end - shift_start, 0) FROM courier AS c WHERE shift_end IS NOT NULL",
  "SELECT courier_id, 60.0 * (SELECT COUNT(*) FROM orders AS o WHERE o.courier_id = c.courier_id "
  "AND o.status = 'delivered') / NULLIF(COALESCE(shift_end, 1440) - shift_start, 0) FROM courier AS c",
  "couriers still on shift counted to midnight")
D("couriers:minutes on shift capped at midnight",
  "SELECT courier_id, MIN(shift_end, 1440) - shift_start FROM courier",
  "SELECT courier_id, CASE WHEN shift_end IS NULL THEN NULL WHEN shift_end < 1440 THEN shift_end ELSE 1440 END "
  "- shift_start FROM courier",
  "SELECT courier_id, MIN(COALESCE(shift_end, 1440), 1440) - shift_start FROM courier",
  "couriers still on shift counted to midnight", dialect="sqlite")
D("couriers:couriers delivering outside their shift",
  "SELECT DISTINCT c.courier_id FROM courier AS c JOIN orders AS o ON o.courier_id = c.courier_id "
  "WHERE o.delivered_min < c.shift_start OR o.delivered_min > c.shift_end",
  "SELECT courier_id FROM courier AS c WHERE EXISTS (SELECT 1 FROM orders AS o WHERE o.courier_id = c.courier_id "
  "AND (o.delivered_min < c.shift_start OR o.delivered_min > c.shift_end))",
  "SELECT DISTINCT c.courier_id FROM courier AS c JOIN orders AS o ON o.courier_id = c.courier_id "
  "WHERE o.delivered_min < c.shift_start",
  "only deliveries before the shift checked")
D("couriers:couriers with deliveries per vehicle",
  "SELECT c.vehicle, COUNT(DISTINCT c.courier_id) FROM courier AS c JOIN orders AS o ON o.courier_id = c.courier_id "
  "GROUP BY c.vehicle",
  "SELECT vehicle, COUNT(*) FROM courier AS c WHERE courier_id IN (SELECT courier_id FROM orders) GROUP BY vehicle",
  "SELECT c.vehicle, COUNT(*) FROM courier AS c JOIN orders AS o ON o.courier_id = c.courier_id GROUP BY c.vehicle",
  "orders counted instead of couriers")
D("couriers:idle couriers on shift at noon",
  "SELECT courier_id FROM courier AS c WHERE shift_start <= 720 AND (shift_end IS NULL OR shift_end > 720) AND NOT EXISTS "
  "(SELECT 1 FROM orders AS o WHERE o.courier_id = c.courier_id AND o.status = 'in_progress')",
  "SELECT c.courier_id FROM courier AS c LEFT JOIN orders AS o ON o.courier_id = c.courier_id AND o.status = 'in_progress' "
  "WHERE c.shift_start <= 720 AND COALESCE(c.shift_end, 1441) > 720 AND o.order_id IS NULL",
  "SELECT courier_id FROM courier AS c WHERE shift_start <= 720 AND shift_end > 720 AND NOT EXISTS "
  "(SELECT 1 FROM orders AS o WHERE o.courier_id = c.courier_id AND o.status = 'in_progress')",
  "couriers with an open shift left out")
D("couriers:couriers serving two stores on a day",
  "SELECT courier_id, day FROM orders WHERE courier_id IS NOT NULL GROUP BY courier_id, day "
  "HAVING COUNT(DISTINCT rest_id) > 1",
  "SELECT DISTINCT a.courier_id, a.day FROM orders AS a JOIN orders AS b ON b.courier_id = a.courier_id AND b.day = a.day "
  "AND b.rest_id <> a.rest_id",
  "SELECT courier_id, day FROM orders WHERE courier_id IS NOT NULL GROUP BY courier_id, day HAVING COUNT(*) > 1",
  "two orders from one store counted")
D("couriers:first delivery per courier per day",
  "SELECT courier_id, day, MIN(delivered_min) FROM orders WHERE courier_id IS NOT NULL AND delivered_min IS NOT NULL "
  "GROUP BY courier_id, day",
  "SELECT courier_id, day, delivered_min FROM (SELECT courier_id, day, delivered_min, ROW_NUMBER() OVER (PARTITION BY "
  "courier_id, day ORDER BY delivered_min) AS rn FROM orders WHERE courier_id IS NOT NULL AND delivered_min IS NOT NULL) "
  "AS x WHERE rn = 1",
  "SELECT courier_id, day, delivered_min FROM (SELECT courier_id, day, delivered_min, ROW_NUMBER() OVER (PARTITION BY "
  "courier_id, day ORDER BY delivered_min DESC) AS rn FROM orders WHERE courier_id IS NOT NULL AND delivered_min IS NOT NULL) "
  "AS x WHERE rn = 1",
  "the last delivery taken")

# --- late deliveries
D("late:late deliveries per store",
  "SELECT rest_id, COUNT(*) FROM orders WHERE delivered_min - placed_min > 40 GROUP BY rest_id",
  "SELECT rest_id, SUM(CASE WHEN delivered_min > placed_min + 40 THEN 1 ELSE 0 END) FROM orders GROUP BY rest_id "
  "HAVING SUM(CASE WHEN delivered_min > placed_min + 40 THEN 1 ELSE 0 END) > 0",
  "SELECT rest_id, COUNT(*) FROM orders WHERE delivered_min - placed_min >= 40 GROUP BY rest_id",
  "deliveries of exactly 40 minutes counted late")
D("late:late share of delivered orders per store",
  "SELECT rest_id, SUM(CASE WHEN delivered_min - placed_min > 40 THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM orders "
  "WHERE status = 'delivered' AND delivered_min IS NOT NULL GROUP BY rest_id",
  "SELECT rest_id, COUNT(CASE WHEN delivered_min - placed_min > 40 THEN 1 END) * 1.0 / COUNT(delivered_min) FROM orders "
  "WHERE status = 'delivered' GROUP BY rest_id HAVING COUNT(delivered_min) > 0",
  "SELECT rest_id, SUM(CASE WHEN delivered_min - placed_min > 40 THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM orders "
  "WHERE status = 'delivered' GROUP BY rest_id",
  "orders without a delivery minute in the denominator")
D("late:customers with two late orders",
  "SELECT cust_id FROM orders WHERE delivered_min - placed_min > 40 GROUP BY cust_id HAVING COUNT(*) >= 2",
  "SELECT DISTINCT a.cust_id FROM orders AS a JOIN orders AS b ON b.cust_id = a.cust_id AND b.order_id <> a.order_id "
  "WHERE a.delivered_min - a.placed_min > 40 AND b.delivered_min - b.placed_min > 40",
  "SELECT cust_id FROM orders WHERE delivered_min - placed_min > 40 GROUP BY cust_id HAVING COUNT(DISTINCT day) >= 2",
  "two late orders on one day counted once")

# --- items
D("items:top item by units per store with ties",
  "SELECT rest_id, item_id FROM (SELECT m.rest_id, m.item_id, RANK() OVER (PARTITION BY m.rest_id ORDER BY SUM(i.qty) DESC) "
  "AS rk FROM order_item AS i JOIN menu_item AS m ON m.item_id = i.item_id GROUP BY m.rest_id, m.item_id) AS x WHERE rk = 1",
  "WITH q AS (SELECT m.rest_id, m.item_id, SUM(i.qty) AS n FROM order_item AS i JOIN menu_item AS m ON m.item_id = i.item_id "
  "GROUP BY m.rest_id, m.item_id) SELECT rest_id, item_id FROM q WHERE NOT EXISTS (SELECT 1 FROM q AS r "
  "WHERE r.rest_id = q.rest_id AND r.n > q.n)",
  "SELECT rest_id, item_id FROM (SELECT m.rest_id, m.item_id, RANK() OVER (PARTITION BY m.rest_id ORDER BY COUNT(*) DESC) "
  "AS rk FROM order_item AS i JOIN menu_item AS m ON m.item_id = i.item_id GROUP BY m.rest_id, m.item_id) AS x WHERE rk = 1",
  "order lines counted instead of units")
D("items:top three items by revenue",
  "SELECT item_id, SUM(qty * unit_price) AS rev FROM order_item GROUP BY item_id ORDER BY rev DESC, item_id LIMIT 3",
  "SELECT item_id, rev FROM (SELECT item_id, SUM(qty * unit_price) AS rev, ROW_NUMBER() OVER (ORDER BY "
  "SUM(qty * unit_price) DESC, item_id) AS rn FROM order_item GROUP BY item_id) AS x WHERE rn <= 3 ORDER BY rn",
  "SELECT i.item_id, SUM(i.qty * m.price) AS rev FROM order_item AS i JOIN menu_item AS m ON m.item_id = i.item_id "
  "GROUP BY i.item_id ORDER BY rev DESC, i.item_id LIMIT 3",
  "the menu's current price used instead of the price paid", semantics="list")
D("items:active items never ordered",
  "SELECT m.rest_id, m.item_id FROM menu_item AS m LEFT JOIN order_item AS i ON i.item_id = m.item_id "
  "WHERE i.order_id IS NULL AND m.active = 1",
  "SELECT rest_id, item_id FROM menu_item WHERE active = 1 AND item_id NOT IN (SELECT item_id FROM order_item)",
  "SELECT m.rest_id, m.item_id FROM menu_item AS m LEFT JOIN order_item AS i ON i.item_id = m.item_id "
  "WHERE i.order_id IS NULL",
  "inactive items listed")
D("items:lines for another store's item",
  "SELECT i.order_id, i.line_no FROM order_item AS i JOIN orders AS o ON o.order_id = i.order_id JOIN menu_item AS m "
  "ON m.item_id = i.item_id WHERE m.rest_id <> o.rest_id",
  "SELECT order_id, line_no FROM order_item AS i WHERE NOT EXISTS (SELECT 1 FROM menu_item AS m JOIN orders AS o "
  "ON o.rest_id = m.rest_id WHERE m.item_id = i.item_id AND o.order_id = i.order_id)",
  "SELECT order_id, line_no FROM order_item AS i WHERE NOT EXISTS (SELECT 1 FROM menu_item AS m JOIN orders AS o "
  "ON o.rest_id = m.rest_id WHERE m.item_id = i.item_id)",
  "any order of the item's store taken as the line's order")
D("items:orders whose lines do not add up to the subtotal",
  "SELECT o.order_id FROM orders AS o JOIN order_item AS i ON i.order_id = o.order_id GROUP BY o.order_id, o.subtotal "
  "HAVING SUM(i.qty * i.unit_price) <> o.subtotal",
  "SELECT order_id FROM orders AS o WHERE subtotal <> (SELECT SUM(qty * unit_price) FROM order_item AS i "
  "WHERE i.order_id = o.order_id)",
  "SELECT o.order_id FROM orders AS o LEFT JOIN order_item AS i ON i.order_id = o.order_id GROUP BY o.order_id, o.subtotal "
  "HAVING COALESCE(SUM(i.qty * i.unit_price), 0) <> o.subtotal",
  "orders without lines flagged")
D("items:orders per basket size",
  "SELECT n, COUNT(*) FROM (SELECT order_id, COUNT(*) AS n FROM order_item GROUP BY order_id) AS x GROUP BY n",
  "SELECT n, COUNT(*) FROM (SELECT o.order_id, (SELECT COUNT(*) FROM order_item AS i WHERE i.order_id = o.order_id) AS n "
  "FROM orders AS o) AS x WHERE n > 0 GROUP BY n",
  "SELECT n, COUNT(*) FROM (SELECT o.order_id, (SELECT COUNT(*) FROM order_item AS i WHERE i.order_id = o.order_id) AS n "
  "FROM orders AS o) AS x GROUP BY n",
  "orders without lines counted as size 0")
D("items:average units per order per store",
  "SELECT o.rest_id, SUM(i.qty) * 1.0 / COUNT(DISTINCT o.order_id) FROM orders AS o JOIN order_item AS i "
  "ON i.order_id = o.order_id GROUP BY o.rest_id",
  "SELECT rest_id, AVG(u) FROM (SELECT o.rest_id, o.order_id, SUM(i.qty) AS u FROM orders AS o JOIN order_item AS i "
  "ON i.order_id = o.order_id GROUP BY o.rest_id, o.order_id) AS x GROUP BY rest_id",
  "SELECT o.rest_id, AVG(i.qty) FROM orders AS o JOIN order_item AS i ON i.order_id = o.order_id GROUP BY o.rest_id",
  "units averaged per line instead of per order")
D("items:item revenue share within its store",
  "SELECT m.item_id, SUM(i.qty * i.unit_price) / (SELECT SUM(j.qty * j.unit_price) FROM order_item AS j JOIN menu_item AS n "
  "ON n.item_id = j.item_id WHERE n.rest_id = m.rest_id) FROM order_item AS i JOIN menu_item AS m ON m.item_id = i.item_id "
  "GROUP BY m.item_id, m.rest_id",
  "SELECT item_id, rev / SUM(rev) OVER (PARTITION BY rest_id) FROM (SELECT m.item_id, m.rest_id, SUM(i.qty * i.unit_price) "
  "AS rev FROM order_item AS i JOIN menu_item AS m ON m.item_id = i.item_id GROUP BY m.item_id, m.rest_id) AS x",
  "SELECT item_id, rev / SUM(rev) OVER () FROM (SELECT m.item_id, m.rest_id, SUM(i.qty * i.unit_price) "
  "AS rev FROM order_item AS i JOIN menu_item AS m ON m.item_id = i.item_id GROUP BY m.item_id, m.rest_id) AS x",
  "the share of all stores' revenue")
D("items:units per item on days 1 and 2",
  "SELECT i.item_id, SUM(CASE WHEN o.day = 1 THEN i.qty ELSE 0 END), SUM(CASE WHEN o.day = 2 THEN i.qty ELSE 0 END) "
  "FROM order_item AS i JOIN orders AS o ON o.order_id = i.order_id GROUP BY i.item_id",
  "SELECT i.item_id, COALESCE(SUM(i.qty) FILTER (WHERE o.day = 1), 0), COALESCE(SUM(i.qty) FILTER (WHERE o.day = 2), 0) "
  "FROM orders AS o JOIN order_item AS i ON i.order_id = o.order_id GROUP BY i.item_id",
  "SELECT i.item_id, COUNT(*) FILTER (WHERE o.day = 1), COUNT(*) FILTER (WHERE o.day = 2) "
  "FROM orders AS o JOIN order_item AS i ON i.order_id = o.order_id GROUP BY i.item_id",
  "lines counted instead of units")
D("items:lines sold below the menu price",
  "SELECT i.order_id, i.line_no FROM order_item AS i JOIN menu_item AS m ON m.item_id = i.item_id WHERE i.unit_price < m.price",
  "SELECT order_id, line_no FROM order_item AS i WHERE unit_price < (SELECT price FROM menu_item AS m "
  "WHERE m.item_id = i.item_id)",
  "SELECT i.order_id, i.line_no FROM order_item AS i JOIN menu_item AS m ON m.item_id = i.item_id WHERE i.unit_price <= m.price",
  "lines at the menu price flagged")
D("items:average active menu price per cuisine",
  "SELECT r.cuisine, AVG(m.price) FROM restaurant AS r JOIN menu_item AS m ON m.rest_id = r.rest_id WHERE m.active = 1 "
  "GROUP BY r.cuisine",
  "SELECT cuisine, SUM(p) / SUM(n) FROM (SELECT r.cuisine, r.rest_id, SUM(m.price) AS p, COUNT(*) AS n FROM restaurant AS r "
  "JOIN menu_item AS m ON m.rest_id = r.rest_id WHERE m.active = 1 GROUP BY r.cuisine, r.rest_id) AS x GROUP BY cuisine",
  "SELECT cuisine, AVG(p) FROM (SELECT r.cuisine, r.rest_id, AVG(m.price) AS p FROM restaurant AS r "
  "JOIN menu_item AS m ON m.rest_id = r.rest_id WHERE m.active = 1 GROUP BY r.cuisine, r.rest_id) AS x GROUP BY cuisine",
  "stores weighted equally (an average of averages)")
D("items:stores whose every active item sold",
  "SELECT r.rest_id FROM restaurant AS r WHERE NOT EXISTS (SELECT 1 FROM menu_item AS m WHERE m.rest_id = r.rest_id "
  "AND m.active = 1 AND NOT EXISTS (SELECT 1 FROM order_item AS i WHERE i.item_id = m.item_id))",
  "SELECT r.rest_id FROM restaurant AS r LEFT JOIN menu_item AS m ON m.rest_id = r.rest_id AND m.active = 1 "
  "GROUP BY r.rest_id HAVING COUNT(m.item_id) = COUNT(CASE WHEN m.item_id IN (SELECT item_id FROM order_item) THEN 1 END)",
  "SELECT m.rest_id FROM menu_item AS m WHERE m.active = 1 GROUP BY m.rest_id HAVING COUNT(*) = COUNT(CASE WHEN m.item_id "
  "IN (SELECT item_id FROM order_item) THEN 1 END)",
  "stores without active items left out")

# --- customers
D("customers:repeat customers per store",
  "SELECT rest_id, COUNT(*) FROM (SELECT rest_id, cust_id FROM orders WHERE status = 'delivered' GROUP BY rest_id, cust_id "
  "HAVING COUNT(*) >= 2) AS x GROUP BY rest_id",
  "SELECT a.rest_id, COUNT(DISTINCT a.cust_id) FROM orders AS a JOIN orders AS b ON b.rest_id = a.rest_id "
  "AND b.cust_id = a.cust_id AND b.order_id <> a.order_id WHERE a.status = 'delivered' AND b.status = 'delivered' "
  "GROUP BY a.rest_id",
  "SELECT a.rest_id, COUNT(DISTINCT a.cust_id) FROM orders AS a JOIN orders AS b ON b.rest_id = a.rest_id "
  "AND b.cust_id = a.cust_id AND b.order_id <> a.order_id WHERE a.status = 'delivered' GROUP BY a.rest_id",
  "the second order not required to be delivered")
D("customers:repeat rate per store",
  "SELECT rest_id, SUM(CASE WHEN n >= 2 THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM (SELECT rest_id, cust_id, COUNT(*) AS n "
  "FROM orders WHERE status = 'delivered' GROUP BY rest_id, cust_id) AS x GROUP BY rest_id",
  "SELECT o.rest_id, COUNT(DISTINCT CASE WHEN EXISTS (SELECT 1 FROM orders AS p WHERE p.rest_id = o.rest_id "
  "AND p.cust_id = o.cust_id AND p.status = 'delivered' AND p.order_id <> o.order_id) THEN o.cust_id END) * 1.0 / "
  "COUNT(DISTINCT o.cust_id) FROM orders AS o WHERE o.status = 'delivered' GROUP BY o.rest_id",
  "SELECT rest_id, SUM(CASE WHEN n > 2 THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM (SELECT rest_id, cust_id, COUNT(*) AS n "
  "FROM orders WHERE status = 'delivered' GROUP BY rest_id, cust_id) AS x GROUP BY rest_id",
  "customers with exactly two orders not counted as repeat")
D("customers:days since the customer's previous order",
  "SELECT order_id, day - LAG(day) OVER (PARTITION BY cust_id ORDER BY day, order_id) FROM orders",
  "SELECT o.order_id, o.day - (SELECT p.day FROM orders AS p WHERE p.cust_id = o.cust_id AND (p.day < o.day "
  "OR (p.day = o.day AND p.order_id < o.order_id)) ORDER BY p.day DESC, p.order_id DESC LIMIT 1) FROM orders AS o",
  "SELECT order_id, day - LAG(day) OVER (PARTITION BY rest_id ORDER BY day, order_id) FROM orders",
  "the store's previous order taken")
D("customers:customers ordering in their signup week",
  "SELECT c.cust_id FROM customer AS c WHERE EXISTS (SELECT 1 FROM orders AS o WHERE o.cust_id = c.cust_id "
  "AND o.day >= c.signup_day AND o.day < c.signup_day + 7)",
  "SELECT DISTINCT c.cust_id FROM customer AS c JOIN orders AS o ON o.cust_id = c.cust_id "
  "WHERE o.day - c.signup_day BETWEEN 0 AND 6",
  "SELECT DISTINCT c.cust_id FROM customer AS c JOIN orders AS o ON o.cust_id = c.cust_id "
  "WHERE o.day - c.signup_day BETWEEN 1 AND 6",
  "orders on the signup day not counted")
D("customers:member share of orders per city",
  "SELECT c.city, SUM(CASE WHEN c.member = 1 THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM orders AS o JOIN customer AS c "
  "ON c.cust_id = o.cust_id GROUP BY c.city",
  "SELECT c.city, COUNT(*) FILTER (WHERE c.member = 1) * 1.0 / COUNT(*) FROM customer AS c JOIN orders AS o "
  "ON o.cust_id = c.cust_id GROUP BY c.city",
  "SELECT LOWER(c.city), SUM(CASE WHEN c.member = 1 THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM orders AS o JOIN customer AS c "
  "ON c.cust_id = o.cust_id GROUP BY LOWER(c.city)",
  "city names merged ignoring case")
D("customers:customers who never ordered",
  "SELECT cust_id FROM customer AS c WHERE NOT EXISTS (SELECT 1 FROM orders AS o WHERE o.cust_id = c.cust_id)",
  "SELECT c.cust_id FROM customer AS c LEFT JOIN orders AS o ON o.cust_id = c.cust_id GROUP BY c.cust_id "
  "HAVING COUNT(o.order_id) = 0",
  "SELECT cust_id FROM customer AS c WHERE NOT EXISTS (SELECT 1 FROM orders AS o WHERE o.cust_id = c.cust_id "
  "AND o.status = 'delivered')",
  "customers with only undelivered orders listed")
D("customers:net spend per customer",
  "SELECT c.cust_id, COALESCE(s.spend, 0) - COALESCE(r.refunded, 0) FROM customer AS c LEFT JOIN (SELECT cust_id, "
  "SUM(subtotal) AS spend FROM orders WHERE status = 'delivered' GROUP BY cust_id) AS s ON s.cust_id = c.cust_id "
  "LEFT JOIN (SELECT o.cust_id, SUM(f.amount) AS refunded FROM refund AS f JOIN orders AS o ON o.order_id = f.order_id "
  "GROUP BY o.cust_id) AS r ON r.cust_id = c.cust_id",
  "SELECT cust_id, COALESCE((SELECT SUM(subtotal) FROM orders AS o WHERE o.cust_id = c.cust_id AND o.status = 'delivered'), "
  "0) - COALESCE((SELECT SUM(f.amount) FROM refund AS f JOIN orders AS o ON o.order_id = f.order_id "
  "WHERE o.cust_id = c.cust_id), 0) FROM customer AS c",
  "SELECT c.cust_id, COALESCE(SUM(o.subtotal), 0) - COALESCE(SUM(f.amount), 0) FROM customer AS c LEFT JOIN orders AS o "
  "ON o.cust_id = c.cust_id AND o.status = 'delivered' LEFT JOIN refund AS f ON f.order_id = o.order_id GROUP BY c.cust_id",
  "orders and refunds joined together (fan-out; refunds of undelivered orders lost)")
D("customers:customers ordering from two stores",
  "SELECT cust_id FROM orders GROUP BY cust_id HAVING COUNT(DISTINCT rest_id) >= 2",
  "SELECT c.cust_id FROM customer AS c WHERE (SELECT COUNT(*) FROM restaurant AS r WHERE EXISTS (SELECT 1 FROM orders AS o "
  "WHERE o.cust_id = c.cust_id AND o.rest_id = r.rest_id)) >= 2",
  "SELECT cust_id FROM orders GROUP BY cust_id HAVING COUNT(*) >= 2",
  "two orders from one store counted")
D("customers:orders from a store in another city",
  "SELECT o.order_id FROM orders AS o JOIN customer AS c ON c.cust_id = o.cust_id JOIN restaurant AS r ON r.rest_id = o.rest_id "
  "WHERE c.city <> r.city",
  "SELECT order_id FROM orders AS o WHERE (SELECT city FROM customer AS c WHERE c.cust_id = o.cust_id) <> (SELECT city "
  "FROM restaurant AS r WHERE r.rest_id = o.rest_id)",
  "SELECT o.order_id FROM orders AS o JOIN customer AS c ON c.cust_id = o.cust_id JOIN restaurant AS r ON r.rest_id = o.rest_id "
  "WHERE LOWER(c.city) <> LOWER(r.city)",
  "cities compared ignoring case")

# --- tips and ratings
D("tips:average tip per courier with missing tips as zero",
  "SELECT courier_id, AVG(COALESCE(tip, 0)) FROM orders WHERE courier_id IS NOT NULL AND status = 'delivered' "
  "GROUP BY courier_id",
  "SELECT courier_id, COALESCE(SUM(tip), 0) / COUNT(*) FROM orders WHERE courier_id IS NOT NULL AND status = 'delivered' "
  "GROUP BY courier_id",
  "SELECT courier_id, AVG(tip) FROM orders WHERE courier_id IS NOT NULL AND status = 'delivered' GROUP BY courier_id",
  "orders without a tip left out of the average")
D("tips:tipped share of delivered orders per store",
  "SELECT rest_id, AVG(tip > 0) FROM orders WHERE status = 'delivered' GROUP BY rest_id",
  "SELECT rest_id, SUM(IIF(tip > 0, 1, 0)) * 1.0 / COUNT(tip) FROM orders WHERE status = 'delivered' GROUP BY rest_id",
  "SELECT rest_id, SUM(IIF(tip > 0, 1, 0)) * 1.0 / COUNT(*) FROM orders WHERE status = 'delivered' GROUP BY rest_id",
  "orders without a recorded tip counted as untipped", dialect="sqlite")
D("tips:tips per courier per day",
  "SELECT courier_id, day, TOTAL(tip) FROM orders WHERE courier_id IS NOT NULL GROUP BY courier_id, day",
  "SELECT courier_id, day, IFNULL(SUM(tip), 0.0) FROM orders WHERE courier_id IS NOT NULL GROUP BY courier_id, day",
  "SELECT courier_id, day, SUM(tip) FROM orders WHERE courier_id IS NOT NULL GROUP BY courier_id, day",
  "NULL instead of 0 for days without tips", dialect="sqlite")
D("ratings:average stars per store",
  "SELECT o.rest_id, AVG(g.stars) FROM orders AS o JOIN rating AS g ON g.order_id = o.order_id GROUP BY o.rest_id",
  "SELECT rest_id, SUM(s) * 1.0 / COUNT(*) FROM (SELECT o.rest_id, (SELECT stars FROM rating AS g "
  "WHERE g.order_id = o.order_id) AS s FROM orders AS o) AS x WHERE s IS NOT NULL GROUP BY rest_id",
  "SELECT rest_id, SUM(s) * 1.0 / COUNT(*) FROM (SELECT o.rest_id, (SELECT stars FROM rating AS g "
  "WHERE g.order_id = o.order_id) AS s FROM orders AS o) AS x GROUP BY rest_id",
  "unrated orders in the denominator")
D("ratings:stores rated four stars or more on every rating",
  "SELECT r.rest_id FROM restaurant AS r WHERE EXISTS (SELECT 1 FROM orders AS o JOIN rating AS g ON g.order_id = o.order_id "
  "WHERE o.rest_id = r.rest_id) AND NOT EXISTS (SELECT 1 FROM orders AS o JOIN rating AS g ON g.order_id = o.order_id "
  "WHERE o.rest_id = r.rest_id AND g.stars < 4)",
  "SELECT o.rest_id FROM orders AS o JOIN rating AS g ON g.order_id = o.order_id GROUP BY o.rest_id HAVING MIN(g.stars) >= 4",
  "SELECT r.rest_id FROM restaurant AS r WHERE NOT EXISTS (SELECT 1 FROM orders AS o JOIN rating AS g "
  "ON g.order_id = o.order_id WHERE o.rest_id = r.rest_id AND g.stars < 4)",
  "stores without ratings listed")
D("ratings:unrated delivered orders per courier",
  "SELECT o.courier_id, COUNT(*) FROM orders AS o LEFT JOIN rating AS g ON g.order_id = o.order_id "
  "WHERE o.status = 'delivered' AND g.order_id IS NULL GROUP BY o.courier_id",
  "SELECT courier_id, COUNT(*) FROM orders WHERE status = 'delivered' AND order_id NOT IN (SELECT order_id FROM rating) "
  "GROUP BY courier_id",
  "SELECT o.courier_id, COUNT(*) FROM orders AS o LEFT JOIN rating AS g ON g.order_id = o.order_id "
  "WHERE o.status = 'delivered' AND g.order_id IS NULL AND o.courier_id IS NOT NULL GROUP BY o.courier_id",
  "orders without a courier dropped")
D("ratings:ratings mentioning cold food per store",
  "SELECT o.rest_id, COUNT(*) FROM rating AS g JOIN orders AS o ON o.order_id = g.order_id WHERE g.comment = 'cold' "
  "GROUP BY o.rest_id",
  "SELECT rest_id, COUNT(*) FROM orders WHERE order_id IN (SELECT order_id FROM rating WHERE comment = 'cold') "
  "GROUP BY rest_id",
  "SELECT o.rest_id, COUNT(*) FROM rating AS g JOIN orders AS o ON o.order_id = g.order_id "
  "WHERE COALESCE(g.comment, 'cold') = 'cold' GROUP BY o.rest_id",
  "ratings without a comment counted as cold")


# ================================================================ transit planning on GTFS (gtfs)
# --- trips and service days
G("trips:trips per route",
  "SELECT route_id, COUNT(*) FROM trip GROUP BY route_id",
  "SELECT r.route_id, COUNT(t.trip_id) FROM route AS r JOIN trip AS t ON t.route_id = r.route_id GROUP BY r.route_id",
  "SELECT r.route_id, COUNT(t.trip_id) FROM route AS r LEFT JOIN trip AS t ON t.route_id = r.route_id GROUP BY r.route_id",
  "routes without trips listed with 0")
G("trips:trips per route and direction including routes without trips",
  "SELECT r.route_id, t.direction, COUNT(t.trip_id) FROM route AS r LEFT JOIN trip AS t ON t.route_id = r.route_id "
  "GROUP BY r.route_id, t.direction",
  "SELECT route_id, direction, COUNT(*) FROM trip GROUP BY route_id, direction UNION ALL SELECT route_id, NULL, 0 "
  "FROM route AS r WHERE NOT EXISTS (SELECT 1 FROM trip AS t WHERE t.route_id = r.route_id)",
  "SELECT r.route_id, t.direction, COUNT(*) FROM route AS r LEFT JOIN trip AS t ON t.route_id = r.route_id "
  "GROUP BY r.route_id, t.direction",
  "COUNT(*) counts the outer join's empty row")
G("trips:share of trips in direction 0 per route",
  "SELECT route_id, SUM(CASE WHEN direction = 0 THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM trip GROUP BY route_id",
  "SELECT r.route_id, (SELECT COUNT(*) FROM trip AS t WHERE t.route_id = r.route_id AND t.direction = 0) * 1.0 / "
  "(SELECT COUNT(*) FROM trip AS t WHERE t.route_id = r.route_id) FROM route AS r WHERE EXISTS (SELECT 1 FROM trip AS t "
  "WHERE t.route_id = r.route_id)",
  "SELECT route_id, AVG(direction) FROM trip GROUP BY route_id",
  "the share of direction 1 reported")
G("trips:Saturday trips per route",
  "SELECT t.route_id, COUNT(*) FROM trip AS t JOIN calendar AS c ON c.service_id = t.service_id WHERE c.saturday = 1 "
  "GROUP BY t.route_id",
  "SELECT route_id, COUNT(*) FROM trip WHERE service_id IN (SELECT service_id FROM calendar WHERE saturday = 1) "
  "GROUP BY route_id",
  "SELECT t.route_id, COUNT(*) FROM trip AS t JOIN calendar AS c ON c.service_id = t.service_id "
  "WHERE c.saturday = 1 OR c.sunday = 1 GROUP BY t.route_id",
  "Sunday-only services counted")
G("trips:trips without stop times",
  "SELECT trip_id FROM trip AS t WHERE NOT EXISTS (SELECT 1 FROM stop_time AS s WHERE s.trip_id = t.trip_id)",
  "SELECT trip_id FROM trip EXCEPT SELECT trip_id FROM stop_time",
  "SELECT t.trip_id FROM trip AS t LEFT JOIN stop_time AS s ON s.trip_id = t.trip_id GROUP BY t.trip_id HAVING COUNT(*) = 0",
  "COUNT(*) counts the outer join's empty row, so no trip is listed")
G("service:services running on day 12",
  "SELECT service_id FROM calendar AS c WHERE (c.weekday = 1 AND c.start_day <= 12 AND c.end_day >= 12 AND NOT EXISTS "
  "(SELECT 1 FROM calendar_date AS d WHERE d.service_id = c.service_id AND d.day = 12 AND d.exception_type = 2)) "
  "OR EXISTS (SELECT 1 FROM calendar_date AS d WHERE d.service_id = c.service_id AND d.day = 12 AND d.exception_type = 1)",
  "SELECT service_id FROM calendar WHERE weekday = 1 AND 12 BETWEEN start_day AND end_day EXCEPT SELECT service_id "
  "FROM calendar_date WHERE day = 12 AND exception_type = 2 UNION SELECT service_id FROM calendar_date WHERE day = 12 "
  "AND exception_type = 1",
  "SELECT service_id FROM calendar AS c WHERE (c.weekday = 1 AND c.start_day <= 12 AND c.end_day >= 12) "
  "OR EXISTS (SELECT 1 FROM calendar_date AS d WHERE d.service_id = c.service_id AND d.day = 12 AND d.exception_type = 1)",
  "removed dates not applied")
G("service:trips per route on day 12",
  "SELECT t.route_id, COUNT(*) FROM trip AS t JOIN calendar AS c ON c.service_id = t.service_id LEFT JOIN calendar_date AS d "
  "ON d.service_id = c.service_id AND d.day = 12 WHERE (c.weekday = 1 AND c.start_day <= 12 AND c.end_day >= 12 "
  "AND d.exception_type IS NULL) OR d.exception_type = 1 GROUP BY t.route_id",
  "SELECT route_id, COUNT(*) FROM trip WHERE service_id IN (SELECT service_id FROM calendar WHERE weekday = 1 "
  "AND start_day <= 12 AND end_day >= 12 AND service_id NOT IN (SELECT service_id FROM calendar_date WHERE day = 12) "
  "UNION SELECT service_id FROM calendar_date WHERE day = 12 AND exception_type = 1) GROUP BY route_id",
  "SELECT route_id, COUNT(*) FROM trip WHERE service_id IN (SELECT service_id FROM calendar WHERE weekday = 1 "
  "AND start_day <= 12 AND end_day >= 12 AND service_id NOT IN (SELECT service_id FROM calendar_date WHERE day = 12)) "
  "GROUP BY route_id",
  "services added on the day left out")
G("service:weekend services",
  "SELECT service_id FROM calendar WHERE saturday = 1 AND sunday = 1",
  "SELECT service_id FROM calendar WHERE saturday = 1 INTERSECT SELECT service_id FROM calendar WHERE sunday = 1",
  "SELECT service_id FROM calendar WHERE saturday = 1 UNION SELECT service_id FROM calendar WHERE sunday = 1",
  "services running on either weekend day listed")
G("service:removed dates inside the service range",
  "SELECT d.service_id, d.day FROM calendar_date AS d JOIN calendar AS c ON c.service_id = d.service_id "
  "WHERE d.exception_type = 2 AND d.day BETWEEN c.start_day AND c.end_day",
  "SELECT service_id, day FROM calendar_date AS d WHERE exception_type = 2 AND EXISTS (SELECT 1 FROM calendar AS c "
  "WHERE c.service_id = d.service_id AND c.start_day <= d.day AND d.day <= c.end_day)",
  "SELECT d.service_id, d.day FROM calendar_date AS d JOIN calendar AS c ON c.service_id = d.service_id "
  "WHERE d.day BETWEEN c.start_day AND c.end_day",
  "added dates listed too")
G("service:services with more added than removed dates",
  "SELECT service_id FROM calendar_date GROUP BY service_id HAVING SUM(CASE WHEN exception_type = 1 THEN 1 ELSE 0 END) > "
  "SUM(CASE WHEN exception_type = 2 THEN 1 ELSE 0 END)",
  "SELECT c.service_id FROM calendar AS c WHERE (SELECT COUNT(*) FROM calendar_date AS d WHERE d.service_id = c.service_id "
  "AND d.exception_type = 1) > (SELECT COUNT(*) FROM calendar_date AS d WHERE d.service_id = c.service_id "
  "AND d.exception_type = 2)",
  "SELECT service_id FROM calendar_date GROUP BY service_id HAVING SUM(CASE WHEN exception_type = 1 THEN 1 ELSE 0 END) >= "
  "SUM(CASE WHEN exception_type = 2 THEN 1 ELSE 0 END)",
  "services with as many added as removed dates listed")
G("service:trips on services ended before day 25",
  "SELECT t.trip_id FROM trip AS t JOIN calendar AS c ON c.service_id = t.service_id WHERE c.end_day < 25 AND NOT EXISTS "
  "(SELECT 1 FROM calendar_date AS d WHERE d.service_id = c.service_id AND d.day >= 25 AND d.exception_type = 1)",
  "SELECT trip_id FROM trip WHERE service_id IN (SELECT service_id FROM calendar WHERE end_day < 25) AND service_id NOT IN "
  "(SELECT service_id FROM calendar_date WHERE day >= 25 AND exception_type = 1)",
  "SELECT t.trip_id FROM trip AS t JOIN calendar AS c ON c.service_id = t.service_id WHERE c.end_day < 25 AND NOT EXISTS "
  "(SELECT 1 FROM calendar_date AS d WHERE d.service_id = c.service_id AND d.day > 25 AND d.exception_type = 1)",
  "a service added on day 25 not taken as running")

# --- headways and span
G("headways:average headway at the first stop per route",
  "SELECT route_id, AVG(nxt - dep) FROM (SELECT t.route_id, s.departure AS dep, LEAD(s.departure) OVER (PARTITION BY "
  "t.route_id ORDER BY s.departure) AS nxt FROM trip AS t JOIN stop_time AS s ON s.trip_id = t.trip_id "
  "WHERE s.stop_sequence = 1) AS x GROUP BY route_id",
  "SELECT t.route_id, (MAX(s.departure) - MIN(s.departure)) * 1.0 / NULLIF(COUNT(*) - 1, 0) FROM trip AS t "
  "JOIN stop_time AS s ON s.trip_id = t.trip_id WHERE s.stop_sequence = 1 GROUP BY t.route_id",
  "SELECT t.route_id, (MAX(s.departure) - MIN(s.departure)) * 1.0 / COUNT(*) FROM trip AS t "
  "JOIN stop_time AS s ON s.trip_id = t.trip_id WHERE s.stop_sequence = 1 GROUP BY t.route_id",
  "the span divided by the trips instead of the gaps")
G("headways:longest gap between departures at a stop",
  "SELECT stop_id, MAX(nxt - departure) FROM (SELECT stop_id, departure, LEAD(departure) OVER (PARTITION BY stop_id "
  "ORDER BY departure) AS nxt FROM (SELECT DISTINCT stop_id, departure FROM stop_time) AS d) AS x GROUP BY stop_id",
  "SELECT a.stop_id, MAX((SELECT MIN(b.departure) FROM stop_time AS b WHERE b.stop_id = a.stop_id "
  "AND b.departure > a.departure) - a.departure) FROM stop_time AS a GROUP BY a.stop_id",
  "SELECT stop_id, MAX(nxt - departure) FROM (SELECT stop_id, departure, LEAD(departure) OVER (PARTITION BY stop_id "
  "ORDER BY departure) AS nxt FROM stop_time) AS x GROUP BY stop_id",
  "repeated departure times give a zero gap")
G("headways:departures per stop per hour",
  "SELECT stop_id, departure / 3600, COUNT(*) FROM stop_time GROUP BY stop_id, departure / 3600",
  "SELECT stop_id, h, COUNT(*) FROM (SELECT stop_id, departure / 3600 AS h FROM stop_time) AS x GROUP BY stop_id, h",
  "SELECT stop_id, departure / 1800, COUNT(*) FROM stop_time GROUP BY stop_id, departure / 1800",
  "half-hours taken for hours")
G("span:first and last departure per route",
  "SELECT t.route_id, MIN(s.departure), MAX(s.departure) FROM trip AS t JOIN stop_time AS s ON s.trip_id = t.trip_id "
  "GROUP BY t.route_id",
  "SELECT route_id, (SELECT MIN(s.departure) FROM stop_time AS s JOIN trip AS u ON u.trip_id = s.trip_id "
  "WHERE u.route_id = r.route_id), (SELECT MAX(s.departure) FROM stop_time AS s JOIN trip AS u ON u.trip_id = s.trip_id "
  "WHERE u.route_id = r.route_id) FROM route AS r WHERE EXISTS (SELECT 1 FROM trip AS u JOIN stop_time AS s "
  "ON s.trip_id = u.trip_id WHERE u.route_id = r.route_id)",
  "SELECT t.route_id, MIN(s.departure), MAX(s.arrival) FROM trip AS t JOIN stop_time AS s ON s.trip_id = t.trip_id "
  "GROUP BY t.route_id",
  "the last arrival taken for the last departure")
G("span:trips running past midnight per route",
  "SELECT t.route_id, COUNT(DISTINCT t.trip_id) FROM trip AS t JOIN stop_time AS s ON s.trip_id = t.trip_id "
  "WHERE s.departure >= 86400 GROUP BY t.route_id",
  "SELECT route_id, COUNT(*) FROM trip AS t WHERE (SELECT MAX(departure) FROM stop_time AS s WHERE s.trip_id = t.trip_id) "
  ">= 86400 GROUP BY route_id",
  "SELECT t.route_id, COUNT(*) FROM trip AS t JOIN stop_time AS s ON s.trip_id = t.trip_id "
  "WHERE s.departure >= 86400 GROUP BY t.route_id",
  "a trip counted once per stop after midnight")
G("span:turn time to the next trip of the block",
  "WITH tt AS (SELECT t.trip_id, t.block_id, MIN(s.departure) AS dep0, MAX(s.departure) AS dep1 FROM trip AS t "
  "JOIN stop_time AS s ON s.trip_id = t.trip_id WHERE t.block_id IS NOT NULL GROUP BY t.trip_id, t.block_id) "
  "SELECT trip_id, LEAD(dep0) OVER (PARTITION BY block_id ORDER BY dep0, trip_id) - dep1 FROM tt",
  "WITH tt AS (SELECT t.trip_id, t.block_id, MIN(s.departure) AS dep0, MAX(s.departure) AS dep1 FROM trip AS t "
  "JOIN stop_time AS s ON s.trip_id = t.trip_id WHERE t.block_id IS NOT NULL GROUP BY t.trip_id, t.block_id) "
  "SELECT a.trip_id, (SELECT b.dep0 FROM tt AS b WHERE b.block_id = a.block_id AND (b.dep0 > a.dep0 OR (b.dep0 = a.dep0 "
  "AND b.trip_id > a.trip_id)) ORDER BY b.dep0, b.trip_id LIMIT 1) - a.dep1 FROM tt AS a",
  "WITH tt AS (SELECT t.trip_id, t.block_id, MIN(s.departure) AS dep0, MAX(s.departure) AS dep1 FROM trip AS t "
  "JOIN stop_time AS s ON s.trip_id = t.trip_id WHERE t.block_id IS NOT NULL GROUP BY t.trip_id, t.block_id) "
  "SELECT trip_id, LEAD(dep0) OVER (ORDER BY dep0, trip_id) - dep1 FROM tt",
  "the next trip of any block taken")
G("blocks:vehicles needed per service",
  "SELECT service_id, COUNT(DISTINCT block_id) + SUM(CASE WHEN block_id IS NULL THEN 1 ELSE 0 END) FROM trip "
  "GROUP BY service_id",
  "SELECT service_id, COUNT(*) FROM (SELECT DISTINCT service_id, block_id, CASE WHEN block_id IS NULL THEN trip_id END "
  "AS solo FROM trip) AS x GROUP BY service_id",
  "SELECT service_id, COUNT(DISTINCT COALESCE(block_id, 0)) FROM trip GROUP BY service_id",
  "all unblocked trips taken as one vehicle")

# --- stop times and dwell
G("stoptimes:average dwell per stop",
  "SELECT stop_id, AVG(departure - arrival) FROM stop_time WHERE arrival IS NOT NULL GROUP BY stop_id",
  "SELECT stop_id, AVG(dwell) FROM (SELECT stop_id, departure - COALESCE(arrival, departure) AS dwell, arrival "
  "FROM stop_time) AS x WHERE arrival IS NOT NULL GROUP BY stop_id",
  "SELECT stop_id, AVG(departure - COALESCE(arrival, departure)) FROM stop_time GROUP BY stop_id",
  "stops without an arrival time averaged in as zero dwell")
G("stoptimes:dwells over two minutes",
  "SELECT trip_id, stop_sequence FROM stop_time WHERE departure - arrival > 120",
  "SELECT trip_id, stop_sequence FROM stop_time WHERE arrival IS NOT NULL AND arrival < departure - 120",
  "SELECT trip_id, stop_sequence FROM stop_time WHERE departure - arrival >= 120",
  "a dwell of exactly two minutes flagged")
G("stoptimes:departures earlier than the previous stop's",
  "SELECT trip_id, stop_sequence FROM (SELECT trip_id, stop_sequence, departure, LAG(departure) OVER (PARTITION BY trip_id "
  "ORDER BY stop_sequence) AS prev FROM stop_time) AS x WHERE departure < prev",
  "SELECT s.trip_id, s.stop_sequence FROM stop_time AS s WHERE s.departure < (SELECT p.departure FROM stop_time AS p "
  "WHERE p.trip_id = s.trip_id AND p.stop_sequence < s.stop_sequence ORDER BY p.stop_sequence DESC LIMIT 1)",
  "SELECT s.trip_id, s.stop_sequence FROM stop_time AS s WHERE s.departure < (SELECT MIN(p.departure) FROM stop_time AS p "
  "WHERE p.trip_id = s.trip_id AND p.stop_sequence < s.stop_sequence)",
  "compared with the earliest earlier departure instead of the previous stop's")
G("stoptimes:run time per trip from first to last stop",
  "SELECT trip_id, MAX(CASE WHEN stop_sequence = mx THEN departure END) - MAX(CASE WHEN stop_sequence = mn THEN departure "
  "END) FROM (SELECT trip_id, stop_sequence, departure, MIN(stop_sequence) OVER (PARTITION BY trip_id) AS mn, "
  "MAX(stop_sequence) OVER (PARTITION BY trip_id) AS mx FROM stop_time) AS x GROUP BY trip_id",
  "SELECT f.trip_id, l.departure - f.departure FROM stop_time AS f JOIN stop_time AS l ON l.trip_id = f.trip_id "
  "WHERE f.stop_sequence = (SELECT MIN(stop_sequence) FROM stop_time AS s WHERE s.trip_id = f.trip_id) "
  "AND l.stop_sequence = (SELECT MAX(stop_sequence) FROM stop_time AS s WHERE s.trip_id = f.trip_id)",
  "SELECT trip_id, MAX(departure) - MIN(departure) FROM stop_time GROUP BY trip_id",
  "the latest minus the earliest departure whatever the stop order")
G("stoptimes:longest stop pattern per route",
  "SELECT t.route_id, MAX(n) FROM trip AS t JOIN (SELECT trip_id, COUNT(*) AS n FROM stop_time GROUP BY trip_id) AS c "
  "ON c.trip_id = t.trip_id GROUP BY t.route_id",
  "SELECT route_id, MAX(n) FROM (SELECT t.route_id, (SELECT COUNT(*) FROM stop_time AS s WHERE s.trip_id = t.trip_id) AS n "
  "FROM trip AS t) AS x WHERE n > 0 GROUP BY route_id",
  "SELECT t.route_id, MAX(s.stop_sequence) FROM trip AS t JOIN stop_time AS s ON s.trip_id = t.trip_id GROUP BY t.route_id",
  "the last sequence number taken as the number of stops")
G("stoptimes:trips visiting a stop twice",
  "SELECT DISTINCT trip_id FROM stop_time GROUP BY trip_id, stop_id HAVING COUNT(*) > 1",
  "SELECT t.trip_id FROM trip AS t WHERE EXISTS (SELECT 1 FROM stop_time AS a JOIN stop_time AS b ON b.trip_id = a.trip_id "
  "AND b.stop_id = a.stop_id AND b.stop_sequence > a.stop_sequence WHERE a.trip_id = t.trip_id)",
  "SELECT DISTINCT a.trip_id FROM stop_time AS a JOIN stop_time AS b ON b.stop_id = a.stop_id "
  "AND b.stop_sequence <> a.stop_sequence",
  "a stop visited by another trip counted")
G("stoptimes:last stop of each trip",
  "SELECT trip_id, stop_id FROM stop_time AS s WHERE stop_sequence = (SELECT MAX(stop_sequence) FROM stop_time AS u "
  "WHERE u.trip_id = s.trip_id)",
  "SELECT trip_id, stop_id FROM (SELECT trip_id, stop_id, ROW_NUMBER() OVER (PARTITION BY trip_id ORDER BY stop_sequence "
  "DESC) AS rn FROM stop_time) AS x WHERE rn = 1",
  "SELECT trip_id, stop_id FROM (SELECT trip_id, stop_id, ROW_NUMBER() OVER (PARTITION BY trip_id ORDER BY stop_sequence) "
  "AS rn FROM stop_time) AS x WHERE rn = 1",
  "the first stop taken")
G("stoptimes:terminal stops per route",
  "SELECT DISTINCT t.route_id, s.stop_id FROM trip AS t JOIN stop_time AS s ON s.trip_id = t.trip_id WHERE NOT EXISTS "
  "(SELECT 1 FROM stop_time AS n WHERE n.trip_id = s.trip_id AND n.stop_sequence > s.stop_sequence)",
  "SELECT DISTINCT t.route_id, s.stop_id FROM trip AS t JOIN (SELECT trip_id, MAX(stop_sequence) AS last_seq "
  "FROM stop_time GROUP BY trip_id) AS l ON l.trip_id = t.trip_id JOIN stop_time AS s ON s.trip_id = l.trip_id "
  "AND s.stop_sequence = l.last_seq",
  "SELECT t.route_id, s.stop_id FROM trip AS t JOIN stop_time AS s ON s.trip_id = t.trip_id WHERE NOT EXISTS "
  "(SELECT 1 FROM stop_time AS n WHERE n.trip_id = s.trip_id AND n.stop_sequence > s.stop_sequence)",
  "a terminal listed once per trip")
G("stoptimes:later of arrival and departure",
  "SELECT trip_id, stop_sequence, MAX(arrival, departure) FROM stop_time",
  "SELECT trip_id, stop_sequence, CASE WHEN arrival IS NULL THEN NULL WHEN arrival > departure THEN arrival "
  "ELSE departure END FROM stop_time",
  "SELECT trip_id, stop_sequence, MAX(COALESCE(arrival, departure), departure) FROM stop_time",
  "a missing arrival taken as the departure", dialect="sqlite")

# --- stops and routes
G("stops:stops served by several routes",
  "SELECT s.stop_id FROM stop_time AS s JOIN trip AS t ON t.trip_id = s.trip_id GROUP BY s.stop_id "
  "HAVING COUNT(DISTINCT t.route_id) > 1",
  "SELECT DISTINCT a.stop_id FROM stop_time AS a JOIN trip AS ta ON ta.trip_id = a.trip_id JOIN stop_time AS b "
  "ON b.stop_id = a.stop_id JOIN trip AS tb ON tb.trip_id = b.trip_id WHERE tb.route_id <> ta.route_id",
  "SELECT s.stop_id FROM stop_time AS s JOIN trip AS t ON t.trip_id = s.trip_id GROUP BY s.stop_id "
  "HAVING COUNT(DISTINCT s.trip_id) > 1",
  "trips counted instead of routes")
G("stops:routes per stop including unserved stops",
  "SELECT p.stop_id, COUNT(DISTINCT t.route_id) FROM stop AS p LEFT JOIN stop_time AS s ON s.stop_id = p.stop_id "
  "LEFT JOIN trip AS t ON t.trip_id = s.trip_id GROUP BY p.stop_id",
  "SELECT stop_id, (SELECT COUNT(*) FROM route AS r WHERE EXISTS (SELECT 1 FROM trip AS t JOIN stop_time AS s "
  "ON s.trip_id = t.trip_id WHERE t.route_id = r.route_id AND s.stop_id = p.stop_id)) FROM stop AS p",
  "SELECT p.stop_id, COUNT(t.route_id) FROM stop AS p LEFT JOIN stop_time AS s ON s.stop_id = p.stop_id "
  "LEFT JOIN trip AS t ON t.trip_id = s.trip_id GROUP BY p.stop_id",
  "a route counted once per visit")
G("stops:stations without a served platform",
  "SELECT DISTINCT c.parent_id FROM stop AS c WHERE c.parent_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM stop AS d "
  "JOIN stop_time AS s ON s.stop_id = d.stop_id WHERE d.parent_id = c.parent_id)",
  "SELECT p.stop_id FROM stop AS p WHERE EXISTS (SELECT 1 FROM stop AS c WHERE c.parent_id = p.stop_id) AND NOT EXISTS "
  "(SELECT 1 FROM stop AS c JOIN stop_time AS s ON s.stop_id = c.stop_id WHERE c.parent_id = p.stop_id)",
  "SELECT p.stop_id FROM stop AS p WHERE NOT EXISTS (SELECT 1 FROM stop AS c JOIN stop_time AS s "
  "ON s.stop_id = c.stop_id WHERE c.parent_id = p.stop_id)",
  "stops without platforms listed as stations")
G("stops:wheelchair accessible share per zone",
  "SELECT zone, SUM(CASE WHEN wheelchair = 1 THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM stop GROUP BY zone",
  "SELECT zone, COUNT(*) FILTER (WHERE wheelchair = 1) * 1.0 / COUNT(*) FROM stop GROUP BY zone",
  "SELECT zone, SUM(CASE WHEN wheelchair = 1 THEN 1 ELSE 0 END) * 1.0 / NULLIF(COUNT(wheelchair), 0) FROM stop GROUP BY zone",
  "stops of unknown accessibility left out of the denominator")
G("stops:stops sharing a name with another stop",
  "SELECT a.stop_id FROM stop AS a WHERE EXISTS (SELECT 1 FROM stop AS b WHERE LOWER(b.name) = LOWER(a.name) "
  "AND b.stop_id <> a.stop_id)",
  "SELECT a.stop_id FROM stop AS a JOIN (SELECT LOWER(name) AS n FROM stop GROUP BY LOWER(name) HAVING COUNT(*) > 1) AS d "
  "ON d.n = LOWER(a.name)",
  "SELECT a.stop_id FROM stop AS a WHERE EXISTS (SELECT 1 FROM stop AS b WHERE b.name = a.name AND b.stop_id <> a.stop_id)",
  "names compared with their case")
G("routes:routes per agency and type",
  "SELECT a.agency_id, r.route_type, COUNT(*) FROM agency AS a JOIN route AS r ON r.agency_id = a.agency_id "
  "GROUP BY a.agency_id, r.route_type",
  "SELECT agency_id, route_type, COUNT(*) FROM route GROUP BY agency_id, route_type",
  "SELECT a.agency_id, r.route_type, COUNT(DISTINCT r.short_name) FROM agency AS a JOIN route AS r "
  "ON r.agency_id = a.agency_id GROUP BY a.agency_id, r.route_type",
  "routes sharing a short name counted once")
G("routes:agencies without bus routes",
  "SELECT agency_id FROM agency AS a WHERE NOT EXISTS (SELECT 1 FROM route AS r WHERE r.agency_id = a.agency_id "
  "AND r.route_type = 3)",
  "SELECT a.agency_id FROM agency AS a LEFT JOIN route AS r ON r.agency_id = a.agency_id AND r.route_type = 3 "
  "GROUP BY a.agency_id HAVING COUNT(r.route_id) = 0",
  "SELECT DISTINCT a.agency_id FROM agency AS a JOIN route AS r ON r.agency_id = a.agency_id WHERE r.route_type <> 3",
  "agencies with any non-bus route listed")
G("routes:stops served per agency",
  "SELECT r.agency_id, COUNT(DISTINCT s.stop_id) FROM route AS r JOIN trip AS t ON t.route_id = r.route_id "
  "JOIN stop_time AS s ON s.trip_id = t.trip_id GROUP BY r.agency_id",
  "SELECT a.agency_id, COUNT(*) FROM agency AS a JOIN stop AS p ON EXISTS (SELECT 1 FROM route AS r JOIN trip AS t "
  "ON t.route_id = r.route_id JOIN stop_time AS s ON s.trip_id = t.trip_id WHERE r.agency_id = a.agency_id "
  "AND s.stop_id = p.stop_id) GROUP BY a.agency_id",
  "SELECT r.agency_id, COUNT(s.stop_id) FROM route AS r JOIN trip AS t ON t.route_id = r.route_id "
  "JOIN stop_time AS s ON s.trip_id = t.trip_id GROUP BY r.agency_id",
  "stop visits counted instead of stops")
G("routes:routes without a colour per agency",
  "SELECT agency_id, COUNT(*) - COUNT(color) FROM route GROUP BY agency_id",
  "SELECT a.agency_id, (SELECT COUNT(*) FROM route AS r WHERE r.agency_id = a.agency_id AND r.color IS NULL) "
  "FROM agency AS a WHERE EXISTS (SELECT 1 FROM route AS r WHERE r.agency_id = a.agency_id)",
  "SELECT agency_id, COUNT(*) FROM route WHERE color IS NULL GROUP BY agency_id",
  "agencies whose routes all have a colour dropped")
G("routes:route pairs sharing a stop",
  "SELECT DISTINCT ta.route_id, tb.route_id FROM stop_time AS a JOIN trip AS ta ON ta.trip_id = a.trip_id "
  "JOIN stop_time AS b ON b.stop_id = a.stop_id JOIN trip AS tb ON tb.trip_id = b.trip_id WHERE ta.route_id < tb.route_id",
  "SELECT r1.route_id, r2.route_id FROM route AS r1 JOIN route AS r2 ON r1.route_id < r2.route_id WHERE EXISTS (SELECT 1 "
  "FROM stop_time AS a JOIN trip AS ta ON ta.trip_id = a.trip_id JOIN stop_time AS b ON b.stop_id = a.stop_id "
  "JOIN trip AS tb ON tb.trip_id = b.trip_id WHERE ta.route_id = r1.route_id AND tb.route_id = r2.route_id)",
  "SELECT DISTINCT ta.route_id, tb.route_id FROM stop_time AS a JOIN trip AS ta ON ta.trip_id = a.trip_id "
  "JOIN stop_time AS b ON b.stop_id = a.stop_id JOIN trip AS tb ON tb.trip_id = b.trip_id WHERE ta.route_id <> tb.route_id",
  "each pair listed both ways")
G("routes:stops per route in direction 0",
  "SELECT t.route_id, COUNT(DISTINCT s.stop_id) FROM trip AS t JOIN stop_time AS s ON s.trip_id = t.trip_id "
  "WHERE t.direction = 0 GROUP BY t.route_id",
  "SELECT route_id, COUNT(*) FROM (SELECT DISTINCT t.route_id, s.stop_id FROM stop_time AS s JOIN trip AS t "
  "ON t.trip_id = s.trip_id WHERE t.direction = 0) AS x GROUP BY route_id",
  "SELECT t.route_id, COUNT(DISTINCT s.stop_id) FROM trip AS t JOIN stop_time AS s ON s.trip_id = t.trip_id "
  "GROUP BY t.route_id",
  "both directions counted")
G("routes:headsigns per route",
  "SELECT route_id, COUNT(DISTINCT headsign) FROM trip GROUP BY route_id",
  "SELECT r.route_id, COUNT(h.headsign) FROM route AS r JOIN (SELECT DISTINCT route_id, headsign FROM trip) AS h "
  "ON h.route_id = r.route_id GROUP BY r.route_id",
  "SELECT r.route_id, COUNT(*) FROM route AS r JOIN (SELECT DISTINCT route_id, headsign FROM trip) AS h "
  "ON h.route_id = r.route_id GROUP BY r.route_id",
  "a missing headsign counted as one")
G("routes:routes ranked by trips",
  "SELECT route_id, DENSE_RANK() OVER (ORDER BY COUNT(*) DESC) FROM trip GROUP BY route_id",
  "SELECT x.route_id, (SELECT COUNT(DISTINCT y.n) FROM (SELECT route_id, COUNT(*) AS n FROM trip GROUP BY route_id) AS y "
  "WHERE y.n >= x.n) FROM (SELECT route_id, COUNT(*) AS n FROM trip GROUP BY route_id) AS x",
  "SELECT route_id, DENSE_RANK() OVER (ORDER BY COUNT(*)) FROM trip GROUP BY route_id",
  "ranked from the fewest trips")

# --- ridership and fares
G("ridership:taps per stop per day",
  "SELECT stop_id, day, COUNT(*) FROM fare_tap GROUP BY stop_id, day",
  "SELECT s.stop_id, f.day, COUNT(f.tap_id) FROM stop AS s JOIN fare_tap AS f ON f.stop_id = s.stop_id "
  "GROUP BY s.stop_id, f.day",
  "SELECT stop_id, day, COUNT(DISTINCT card) FROM fare_tap GROUP BY stop_id, day",
  "cards counted instead of taps")
G("ridership:boardings per station with platforms rolled up",
  "SELECT COALESCE(s.parent_id, s.stop_id), COUNT(*) FROM fare_tap AS f JOIN stop AS s ON s.stop_id = f.stop_id "
  "GROUP BY COALESCE(s.parent_id, s.stop_id)",
  "SELECT st, SUM(n) FROM (SELECT s.parent_id AS st, COUNT(*) AS n FROM fare_tap AS f JOIN stop AS s "
  "ON s.stop_id = f.stop_id WHERE s.parent_id IS NOT NULL GROUP BY s.parent_id UNION ALL SELECT f.stop_id, COUNT(*) "
  "FROM fare_tap AS f JOIN stop AS s ON s.stop_id = f.stop_id WHERE s.parent_id IS NULL GROUP BY f.stop_id) AS x "
  "GROUP BY st",
  "SELECT s.parent_id, COUNT(*) FROM fare_tap AS f JOIN stop AS s ON s.stop_id = f.stop_id GROUP BY s.parent_id",
  "stops without a parent lumped into one NULL station")
G("ridership:riders per route per day",
  "SELECT route_id, day, COUNT(DISTINCT card) FROM fare_tap WHERE route_id IS NOT NULL GROUP BY route_id, day",
  "SELECT route_id, day, COUNT(*) FROM (SELECT DISTINCT route_id, day, card FROM fare_tap WHERE route_id IS NOT NULL) AS x "
  "GROUP BY route_id, day",
  "SELECT route_id, day, COUNT(DISTINCT LOWER(card)) FROM fare_tap WHERE route_id IS NOT NULL GROUP BY route_id, day",
  "card ids merged ignoring case")
G("ridership:cards riding on two days",
  "SELECT card FROM fare_tap GROUP BY card HAVING COUNT(DISTINCT day) >= 2",
  "SELECT DISTINCT a.card FROM fare_tap AS a JOIN fare_tap AS b ON b.card = a.card AND b.day > a.day",
  "SELECT card FROM fare_tap GROUP BY card HAVING COUNT(*) >= 2",
  "two taps on one day counted")
G("ridership:first tap of the day per card",
  "SELECT card, day, MIN(sec) FROM fare_tap GROUP BY card, day",
  "SELECT card, day, sec FROM fare_tap AS f WHERE NOT EXISTS (SELECT 1 FROM fare_tap AS g WHERE g.card = f.card "
  "AND g.day = f.day AND g.sec < f.sec) GROUP BY card, day, sec",
  "SELECT card, day, sec FROM fare_tap AS f WHERE NOT EXISTS (SELECT 1 FROM fare_tap AS g WHERE g.card = f.card "
  "AND g.day = f.day AND g.sec < f.sec)",
  "two taps in the first second listed twice")
G("ridership:busiest hour per stop with ties",
  "SELECT stop_id, h FROM (SELECT stop_id, sec / 3600 AS h, RANK() OVER (PARTITION BY stop_id ORDER BY COUNT(*) DESC) AS rk "
  "FROM fare_tap GROUP BY stop_id, sec / 3600) AS x WHERE rk = 1",
  "WITH c AS (SELECT stop_id, sec / 3600 AS h, COUNT(*) AS n FROM fare_tap GROUP BY stop_id, sec / 3600) "
  "SELECT stop_id, h FROM c WHERE n = (SELECT MAX(d.n) FROM c AS d WHERE d.stop_id = c.stop_id)",
  "SELECT stop_id, h FROM (SELECT stop_id, sec / 3600 AS h, RANK() OVER (PARTITION BY stop_id ORDER BY COUNT(*) DESC) AS rk "
  "FROM fare_tap GROUP BY stop_id, sec) AS x WHERE rk = 1",
  "taps grouped by the exact second")
G("ridership:taps at stops no trip serves",
  "SELECT f.tap_id FROM fare_tap AS f WHERE NOT EXISTS (SELECT 1 FROM stop_time AS s WHERE s.stop_id = f.stop_id)",
  "SELECT f.tap_id FROM fare_tap AS f LEFT JOIN (SELECT DISTINCT stop_id FROM stop_time) AS s ON s.stop_id = f.stop_id "
  "WHERE s.stop_id IS NULL",
  "SELECT f.tap_id FROM fare_tap AS f WHERE NOT EXISTS (SELECT 1 FROM stop_time AS s JOIN trip AS t "
  "ON t.trip_id = s.trip_id WHERE s.stop_id = f.stop_id AND t.route_id = f.route_id)",
  "the tap's route required (gate taps all listed)")
G("ridership:top five stops by taps",
  "SELECT stop_id, COUNT(*) AS n FROM fare_tap GROUP BY stop_id ORDER BY n DESC, stop_id LIMIT 5",
  "SELECT s.stop_id, COUNT(*) FROM stop AS s JOIN fare_tap AS f ON f.stop_id = s.stop_id GROUP BY s.stop_id "
  "ORDER BY COUNT(*) DESC, s.stop_id LIMIT 5",
  "SELECT stop_id, COUNT(*) AS n FROM fare_tap GROUP BY stop_id ORDER BY n DESC, stop_id DESC LIMIT 5",
  "ties broken by the highest stop id", semantics="list")
G("fares:revenue per route with gate taps",
  "SELECT route_id, SUM(fare) FROM fare_tap GROUP BY route_id",
  "SELECT r.route_id, SUM(f.fare) FROM route AS r JOIN fare_tap AS f ON f.route_id = r.route_id GROUP BY r.route_id "
  "UNION ALL SELECT NULL, SUM(fare) FROM fare_tap WHERE route_id IS NULL HAVING COUNT(*) > 0",
  "SELECT r.route_id, SUM(f.fare) FROM route AS r JOIN fare_tap AS f ON f.route_id = r.route_id GROUP BY r.route_id",
  "gate taps without a route dropped")
G("fares:free ride share per route",
  "SELECT route_id, AVG(CASE WHEN fare = 0 THEN 1.0 ELSE 0.0 END) FROM fare_tap WHERE route_id IS NOT NULL GROUP BY route_id",
  "SELECT route_id, (COUNT(*) - COUNT(NULLIF(fare, 0))) * 1.0 / COUNT(*) FROM fare_tap WHERE route_id IS NOT NULL "
  "GROUP BY route_id",
  "SELECT route_id, COUNT(NULLIF(fare, 0)) * 1.0 / COUNT(*) FROM fare_tap WHERE route_id IS NOT NULL GROUP BY route_id",
  "the paid share reported")
G("fares:revenue per zone",
  "SELECT s.zone, SUM(f.fare) FROM fare_tap AS f JOIN stop AS s ON s.stop_id = f.stop_id GROUP BY s.zone",
  "SELECT zone, SUM(r) FROM (SELECT stop_id, SUM(fare) AS r FROM fare_tap GROUP BY stop_id) AS x JOIN stop USING (stop_id) "
  "GROUP BY zone",
  "SELECT s.zone, SUM(f.fare) FROM fare_tap AS f JOIN stop AS s ON s.stop_id = f.stop_id WHERE s.zone IS NOT NULL "
  "GROUP BY s.zone",
  "stops without a zone dropped")
G("fares:daily fare capped at 5",
  "SELECT card, day, MIN(SUM(fare), 5.0) FROM fare_tap GROUP BY card, day",
  "SELECT card, day, IIF(SUM(fare) > 5.0, 5.0, SUM(fare)) FROM fare_tap GROUP BY card, day",
  "SELECT card, day, MAX(SUM(fare), 5.0) FROM fare_tap GROUP BY card, day",
  "the cap taken as a floor", dialect="sqlite")

# --- transfers
G("transfers:transfers within 30 minutes",
  "SELECT b.tap_id FROM fare_tap AS a JOIN fare_tap AS b ON b.card = a.card AND b.day = a.day AND b.sec > a.sec "
  "AND b.sec - a.sec <= 1800 AND b.route_id <> a.route_id",
  "SELECT b.tap_id FROM fare_tap AS b JOIN fare_tap AS a ON a.card = b.card AND a.day = b.day "
  "WHERE a.sec BETWEEN b.sec - 1800 AND b.sec - 1 AND a.route_id <> b.route_id",
  "SELECT b.tap_id FROM fare_tap AS b JOIN fare_tap AS a ON a.card = b.card AND a.day = b.day "
  "WHERE a.sec BETWEEN b.sec - 1799 AND b.sec - 1 AND a.route_id <> b.route_id",
  "a transfer at exactly 30 minutes missed")
G("transfers:cards with a transfer per day",
  "SELECT a.day, COUNT(DISTINCT a.card) FROM fare_tap AS a WHERE EXISTS (SELECT 1 FROM fare_tap AS b WHERE b.card = a.card "
  "AND b.day = a.day AND b.sec > a.sec AND b.sec - a.sec <= 1800) GROUP BY a.day",
  "SELECT day, COUNT(*) FROM (SELECT DISTINCT a.day, a.card FROM fare_tap AS a JOIN fare_tap AS b ON b.card = a.card "
  "AND b.day = a.day AND b.sec > a.sec AND b.sec <= a.sec + 1800) AS x GROUP BY day",
  "SELECT a.day, COUNT(DISTINCT a.card) FROM fare_tap AS a WHERE EXISTS (SELECT 1 FROM fare_tap AS b "
  "WHERE LOWER(b.card) = LOWER(a.card) AND b.day = a.day AND b.sec > a.sec AND b.sec - a.sec <= 1800) GROUP BY a.day",
  "card ids matched ignoring case")
G("transfers:tap number per card per day",
  "SELECT tap_id, ROW_NUMBER() OVER (PARTITION BY card, day ORDER BY sec, tap_id) FROM fare_tap",
  "SELECT f.tap_id, (SELECT COUNT(*) FROM fare_tap AS g WHERE g.card = f.card AND g.day = f.day AND (g.sec < f.sec "
  "OR (g.sec = f.sec AND g.tap_id <= f.tap_id))) FROM fare_tap AS f",
  "SELECT tap_id, ROW_NUMBER() OVER (PARTITION BY card ORDER BY day, sec, tap_id) FROM fare_tap",
  "taps numbered across days")
G("transfers:free boardings within 30 minutes of a paid one",
  "SELECT f.tap_id FROM fare_tap AS f WHERE f.fare = 0 AND EXISTS (SELECT 1 FROM fare_tap AS g WHERE g.card = f.card "
  "AND g.day = f.day AND g.fare > 0 AND g.sec < f.sec AND g.sec >= f.sec - 1800)",
  "SELECT DISTINCT f.tap_id FROM fare_tap AS f JOIN fare_tap AS g ON g.card = f.card AND g.day = f.day "
  "AND f.sec - g.sec BETWEEN 1 AND 1800 WHERE f.fare = 0 AND g.fare > 0",
  "SELECT DISTINCT f.tap_id FROM fare_tap AS f JOIN fare_tap AS g ON g.card = f.card AND g.day = f.day "
  "AND f.sec - g.sec BETWEEN 1 AND 1800 WHERE f.fare = 0",
  "an earlier free tap taken as the paid one")

# --- on-time performance from vehicle positions (keyless log)
G("otp:on-time share per route",
  "SELECT t.route_id, SUM(CASE WHEN p.delay BETWEEN -60 AND 300 THEN 1 ELSE 0 END) * 1.0 / COUNT(p.delay) "
  "FROM vehicle_ping AS p JOIN trip AS t ON t.trip_id = p.trip_id WHERE p.delay IS NOT NULL GROUP BY t.route_id",
  "SELECT route_id, AVG(CASE WHEN delay >= -60 AND delay <= 300 THEN 1.0 ELSE 0.0 END) FROM (SELECT t.route_id, p.delay "
  "FROM trip AS t JOIN vehicle_ping AS p ON p.trip_id = t.trip_id WHERE p.delay IS NOT NULL) AS x GROUP BY route_id",
  "SELECT route_id, AVG(CASE WHEN delay > -60 AND delay <= 300 THEN 1.0 ELSE 0.0 END) FROM (SELECT t.route_id, p.delay "
  "FROM trip AS t JOIN vehicle_ping AS p ON p.trip_id = t.trip_id WHERE p.delay IS NOT NULL) AS x GROUP BY route_id",
  "a vehicle exactly one minute early counted as not on time")
G("otp:on-time share per stop",
  "SELECT stop_id, AVG(delay BETWEEN -60 AND 300) FROM vehicle_ping WHERE stop_id IS NOT NULL GROUP BY stop_id",
  "SELECT stop_id, TOTAL(IIF(delay >= -60 AND delay <= 300, 1, 0)) / COUNT(delay) FROM vehicle_ping "
  "WHERE stop_id IS NOT NULL GROUP BY stop_id",
  "SELECT stop_id, TOTAL(IIF(delay >= -60 AND delay <= 300, 1, 0)) / COUNT(*) FROM vehicle_ping "
  "WHERE stop_id IS NOT NULL GROUP BY stop_id",
  "pings without a delay counted as late", dialect="sqlite")
G("otp:late pings per trip",
  "SELECT trip_id, COUNT(*) FROM vehicle_ping WHERE delay > 300 GROUP BY trip_id",
  "SELECT trip_id, SUM(CASE WHEN delay > 300 THEN 1 ELSE 0 END) FROM vehicle_ping GROUP BY trip_id "
  "HAVING SUM(CASE WHEN delay > 300 THEN 1 ELSE 0 END) > 0",
  "SELECT trip_id, COUNT(DISTINCT day) FROM vehicle_ping WHERE delay > 300 GROUP BY trip_id",
  "days counted instead of pings")
G("otp:latest ping per trip",
  "SELECT p.trip_id, p.delay FROM vehicle_ping AS p WHERE p.trip_id IS NOT NULL AND p.day IS NOT NULL AND p.sec IS NOT NULL "
  "AND NOT EXISTS (SELECT 1 FROM vehicle_ping AS q WHERE q.trip_id = p.trip_id AND q.sec IS NOT NULL AND (q.day > p.day "
  "OR (q.day = p.day AND q.sec > p.sec)))",
  "SELECT trip_id, delay FROM (SELECT trip_id, delay, RANK() OVER (PARTITION BY trip_id ORDER BY day DESC, sec DESC) AS rk "
  "FROM vehicle_ping WHERE trip_id IS NOT NULL AND day IS NOT NULL AND sec IS NOT NULL) AS x WHERE rk = 1",
  "SELECT trip_id, delay FROM (SELECT trip_id, delay, RANK() OVER (PARTITION BY trip_id ORDER BY day DESC, sec DESC) AS rk "
  "FROM vehicle_ping WHERE trip_id IS NOT NULL AND day IS NOT NULL) AS x WHERE rk = 1",
  "pings without a second kept")
G("otp:average delay per stop",
  "SELECT stop_id, AVG(delay) FROM vehicle_ping WHERE stop_id IS NOT NULL GROUP BY stop_id",
  "SELECT s.stop_id, AVG(p.delay) FROM stop AS s JOIN vehicle_ping AS p ON p.stop_id = s.stop_id GROUP BY s.stop_id",
  "SELECT stop_id, AVG(COALESCE(delay, 0)) FROM vehicle_ping WHERE stop_id IS NOT NULL GROUP BY stop_id",
  "unknown delays averaged in as on time")
G("otp:trips on time at every ping",
  "SELECT trip_id FROM vehicle_ping WHERE trip_id IS NOT NULL GROUP BY trip_id HAVING MAX(delay) <= 300 "
  "AND MIN(delay) >= -60",
  "SELECT t.trip_id FROM trip AS t WHERE EXISTS (SELECT 1 FROM vehicle_ping AS p WHERE p.trip_id = t.trip_id "
  "AND p.delay IS NOT NULL) AND NOT EXISTS (SELECT 1 FROM vehicle_ping AS p WHERE p.trip_id = t.trip_id "
  "AND (p.delay > 300 OR p.delay < -60))",
  "SELECT t.trip_id FROM trip AS t WHERE NOT EXISTS (SELECT 1 FROM vehicle_ping AS p WHERE p.trip_id = t.trip_id "
  "AND (p.delay > 300 OR p.delay < -60))",
  "trips without a known delay listed")
G("otp:early pings per route per day",
  "SELECT t.route_id, p.day, COUNT(*) FROM vehicle_ping AS p JOIN trip AS t ON t.trip_id = p.trip_id WHERE p.delay < 0 "
  "GROUP BY t.route_id, p.day",
  "SELECT route_id, day, SUM(n) FROM (SELECT trip_id, day, COUNT(*) AS n FROM vehicle_ping WHERE delay < 0 "
  "GROUP BY trip_id, day) AS x JOIN trip AS t USING (trip_id) GROUP BY route_id, day",
  "SELECT t.route_id, p.day, COUNT(*) FROM vehicle_ping AS p JOIN trip AS t ON t.trip_id = p.trip_id WHERE p.delay <= 0 "
  "GROUP BY t.route_id, p.day",
  "on-the-dot pings counted early")
G("pings:pings without a trip per day",
  "SELECT day, COUNT(*) FROM vehicle_ping WHERE trip_id IS NULL GROUP BY day",
  "SELECT day, COUNT(*) - COUNT(trip_id) FROM vehicle_ping GROUP BY day HAVING COUNT(*) > COUNT(trip_id)",
  "SELECT day, COUNT(*) FROM vehicle_ping WHERE trip_id NOT IN (SELECT trip_id FROM trip) GROUP BY day",
  "NOT IN cannot find a ping whose trip is NULL")
G("pings:pinged stops not scheduled for the trip",
  "SELECT DISTINCT p.trip_id, p.stop_id FROM vehicle_ping AS p WHERE p.trip_id IS NOT NULL AND p.stop_id IS NOT NULL "
  "AND NOT EXISTS (SELECT 1 FROM stop_time AS s WHERE s.trip_id = p.trip_id AND s.stop_id = p.stop_id)",
  "SELECT trip_id, stop_id FROM vehicle_ping WHERE trip_id IS NOT NULL AND stop_id IS NOT NULL EXCEPT SELECT trip_id, "
  "stop_id FROM stop_time",
  "SELECT DISTINCT p.trip_id, p.stop_id FROM vehicle_ping AS p WHERE p.trip_id IS NOT NULL AND p.stop_id IS NOT NULL "
  "AND NOT EXISTS (SELECT 1 FROM stop_time AS s WHERE s.stop_id = p.stop_id)",
  "a stop scheduled on any trip accepted")
G("pings:repeated pings",
  "SELECT trip_id, stop_id, day, sec, delay, COUNT(*) FROM vehicle_ping GROUP BY trip_id, stop_id, day, sec, delay "
  "HAVING COUNT(*) > 1",
  "SELECT trip_id, stop_id, day, sec, delay, n FROM (SELECT trip_id, stop_id, day, sec, delay, COUNT(*) AS n "
  "FROM vehicle_ping GROUP BY trip_id, stop_id, day, sec, delay) AS x WHERE n >= 2",
  "SELECT trip_id, stop_id, day, sec, delay, COUNT(*) FROM vehicle_ping GROUP BY trip_id, stop_id, day, sec, delay "
  "HAVING COUNT(sec) > 1",
  "pings without a second never reported as repeated")
