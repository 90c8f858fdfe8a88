"""The pairs of the twenty-sixth held-out prover corpus (``benchmarks/corpus/prover26/``), as
written (``prover26_build.py`` checks them in SQLite and writes the corpus).

Three sources: laboratory information system report SQL (LabWare, STARLIMS and LabVantage
reports: turnaround time per test and priority, results out of range, orders never resulted,
instruments with two failed QC runs in a row, reruns per instrument, late specimens, tests
ordered on every specimen of a client, the latest verified result per order, the busiest hour
per lab) against the hand-written query for the same report, on a new lims schema; utility
metering report SQL (Oracle CC&B, SAP IS-U and Itron reports: consumption per period from
consecutive reads, estimated-read streaks, meters without a recent read, overdue bills per
class, outage minutes per premise, repeat outages, tier buckets, top consumers with ties)
against an equivalent formulation, on a new meter schema; and bike-sharing operations SQL
(GBFS feeds, Citi Bike and Lyft ops reports: trips per station pair, round trips, empty
stations, idle bikes, members who rode every electric model, trip length per plan, longest
ride per member with ties, reopened tickets, net flow per station, trips that do not chain)
against the hand-written query, on a new bikes schema. Each ``add`` call is one equivalent
pair and one realistic non-equivalent mutant. Written from the author's own SQL for these
reports; not taken from any prover benchmark, rule test, tool's test suite or published pair
set; the verifier was not read.
"""

from __future__ import annotations

from benchmarks.held_out_pairs import pair_book

SOURCES = {
    "lab_lims": ("lims", "laboratory information system report SQL (LabWare, STARLIMS, LabVantage reports: "
                         "turnaround time per test and priority, results out of range, orders never resulted, "
                         "instruments with two failed QC runs in a row, reruns per instrument, late specimens, "
                         "tests ordered on every specimen of a client, latest verified result per order, busiest "
                         "hour per lab) against the hand-written query for the same report"),
    "utility_metering": ("meter", "utility metering report SQL (Oracle CC&B, SAP IS-U, Itron reports: consumption "
                                  "per period from consecutive reads, estimated-read streaks, meters without a "
                                  "recent read, overdue bills per class, outage minutes per premise, repeat "
                                  "outages, tier buckets, top consumers with ties) against an equivalent "
                                  "formulation"),
    "bike_share": ("bikes", "bike-sharing operations SQL (GBFS feeds, Citi Bike and Lyft ops reports: trips per "
                            "station pair, round trips, empty stations, idle bikes, members who rode every "
                            "electric model, trip length per plan, longest ride per member with ties, reopened "
                            "tickets, net flow per station, trips that do not chain) against the hand-written "
                            "query"),
}
FILE = {k: k for k in SOURCES}


PAIRS, add = pair_book("prover26", SOURCES, FILE)


def L(rule, gold, pred, mutant, mutation, **kw):
    """A laboratory information system report's SQL (gold) against the hand-written query (pred), lims."""
    add("lab_lims", rule, gold, pred, mutant, mutation, **kw)


def M(rule, gold, pred, mutant, mutation, **kw):
    """A utility metering report's SQL (gold) against an equivalent formulation (pred), meter."""
    add("utility_metering", rule, gold, pred, mutant, mutation, **kw)


def B(rule, gold, pred, mutant, mutation, **kw):
    """A bike-sharing report's SQL (gold) against the hand-written query (pred), bikes."""
    add("bike_share", rule, gold, pred, mutant, mutation, **kw)


# ================================================================ laboratory (lims)
# --- turnaround
L("turnaround:average turnaround per test and priority",
  "SELECT o.test_id, o.priority, AVG(r.verified_min - o.ordered_min) FROM lab_order AS o "
  "JOIN result AS r ON r.order_id = o.order_id WHERE r.verified_min IS NOT NULL GROUP BY o.test_id, o.priority",
  "SELECT test_id, priority, AVG(tat) FROM (SELECT o.test_id, o.priority, r.verified_min - o.ordered_min AS tat "
  "FROM result AS r JOIN lab_order AS o USING (order_id)) AS t WHERE tat IS NOT NULL GROUP BY test_id, priority",
  "SELECT test_id, priority, AVG(tat) FROM (SELECT o.test_id, o.priority, r.verified_min - o.ordered_min AS tat "
  "FROM result AS r JOIN lab_order AS o USING (order_id)) AS t GROUP BY test_id, priority",
  "groups with only unverified results reported with a NULL average")
L("turnaround:orders verified within the target",
  "SELECT DISTINCT o.order_id FROM lab_order AS o JOIN test_def AS t ON t.test_id = o.test_id "
  "JOIN result AS r ON r.order_id = o.order_id WHERE r.verified_min - o.ordered_min <= t.tat_min",
  "SELECT o.order_id FROM lab_order AS o WHERE EXISTS (SELECT 1 FROM result AS r, test_def AS t "
  "WHERE r.order_id = o.order_id AND t.test_id = o.test_id AND r.verified_min <= o.ordered_min + t.tat_min)",
  "SELECT o.order_id FROM lab_order AS o WHERE EXISTS (SELECT 1 FROM result AS r, test_def AS t "
  "WHERE r.order_id = o.order_id AND t.test_id = o.test_id AND r.verified_min < o.ordered_min + t.tat_min)",
  "a result verified exactly at the target counted as late")
L("turnaround:breach rate per priority",
  "SELECT o.priority, SUM(CASE WHEN r.verified_min - o.ordered_min > t.tat_min THEN 1 ELSE 0 END) * 1.0 / COUNT(*) "
  "FROM result AS r JOIN lab_order AS o ON o.order_id = r.order_id JOIN test_def AS t ON t.test_id = o.test_id "
  "WHERE r.verified_min IS NOT NULL GROUP BY o.priority",
  "SELECT priority, COUNT(CASE WHEN late = 1 THEN 1 END) * 1.0 / COUNT(*) FROM (SELECT o.priority, "
  "CASE WHEN r.verified_min > o.ordered_min + t.tat_min THEN 1 ELSE 0 END AS late FROM lab_order AS o "
  "JOIN test_def AS t USING (test_id) JOIN result AS r USING (order_id) WHERE r.verified_min IS NOT NULL) AS x "
  "GROUP BY priority",
  "SELECT priority, COUNT(CASE WHEN late = 1 THEN 1 END) * 1.0 / COUNT(*) FROM (SELECT o.priority, "
  "CASE WHEN r.verified_min > o.ordered_min + t.tat_min THEN 1 ELSE 0 END AS late FROM lab_order AS o "
  "JOIN test_def AS t USING (test_id) JOIN result AS r USING (order_id)) AS x GROUP BY priority",
  "unverified results kept in the denominator as on time")
L("turnaround:stat orders without a timely result",
  "SELECT o.order_id FROM lab_order AS o JOIN test_def AS t ON t.test_id = o.test_id WHERE o.priority = 'stat' "
  "AND NOT EXISTS (SELECT 1 FROM result AS r WHERE r.order_id = o.order_id "
  "AND r.verified_min <= o.ordered_min + t.tat_min)",
  "SELECT o.order_id FROM lab_order AS o JOIN test_def AS t USING (test_id) LEFT JOIN result AS r "
  "ON r.order_id = o.order_id AND r.verified_min - o.ordered_min <= t.tat_min "
  "WHERE o.priority = 'stat' AND r.result_id IS NULL",
  "SELECT o.order_id FROM lab_order AS o JOIN test_def AS t USING (test_id) LEFT JOIN result AS r "
  "ON r.order_id = o.order_id WHERE o.priority = 'stat' "
  "AND (r.result_id IS NULL OR r.verified_min - o.ordered_min > t.tat_min)",
  "orders with any late result listed (once per late result), even with a timely one")
L("turnaround:turnaround bands",
  "SELECT CASE WHEN r.verified_min - o.ordered_min <= 60 THEN 'fast' WHEN r.verified_min - o.ordered_min <= 240 "
  "THEN 'normal' ELSE 'slow' END AS band, COUNT(*) FROM result AS r JOIN lab_order AS o ON o.order_id = r.order_id "
  "WHERE r.verified_min IS NOT NULL GROUP BY 1",
  "SELECT band, COUNT(*) FROM (SELECT 'fast' AS band FROM result AS r JOIN lab_order AS o USING (order_id) "
  "WHERE r.verified_min - o.ordered_min <= 60 UNION ALL SELECT 'normal' FROM result AS r JOIN lab_order AS o "
  "USING (order_id) WHERE r.verified_min - o.ordered_min > 60 AND r.verified_min - o.ordered_min <= 240 "
  "UNION ALL SELECT 'slow' FROM result AS r JOIN lab_order AS o USING (order_id) "
  "WHERE r.verified_min - o.ordered_min > 240) AS u GROUP BY band",
  "SELECT CASE WHEN r.verified_min - o.ordered_min <= 240 THEN 'normal' WHEN r.verified_min - o.ordered_min <= 60 "
  "THEN 'fast' ELSE 'slow' END AS band, COUNT(*) FROM result AS r JOIN lab_order AS o ON o.order_id = r.order_id "
  "WHERE r.verified_min IS NOT NULL GROUP BY 1",
  "CASE branches in the wrong order: no result is ever fast")
L("turnaround:unverified results past the target",
  "SELECT r.result_id FROM result AS r JOIN lab_order AS o ON o.order_id = r.order_id "
  "JOIN test_def AS t ON t.test_id = o.test_id WHERE r.verified_min IS NULL AND 1560 - o.ordered_min > t.tat_min",
  "SELECT result_id FROM result WHERE verified_min IS NULL AND order_id IN (SELECT o.order_id FROM lab_order AS o "
  "JOIN test_def AS t USING (test_id) WHERE o.ordered_min + t.tat_min < 1560)",
  "SELECT result_id FROM result WHERE verified_min IS NULL AND order_id IN (SELECT o.order_id FROM lab_order AS o "
  "JOIN test_def AS t USING (test_id) WHERE o.ordered_min + t.tat_min <= 1560)",
  "a result due exactly now counted as overdue")
L("turnaround:first verified minute per specimen",
  "SELECT o.specimen_id, MIN(r.verified_min) FROM lab_order AS o JOIN result AS r ON r.order_id = o.order_id "
  "GROUP BY o.specimen_id",
  "SELECT s.specimen_id, (SELECT MIN(r.verified_min) FROM result AS r JOIN lab_order AS o USING (order_id) "
  "WHERE o.specimen_id = s.specimen_id) FROM specimen AS s WHERE EXISTS (SELECT 1 FROM lab_order AS o "
  "JOIN result AS r USING (order_id) WHERE o.specimen_id = s.specimen_id)",
  "SELECT s.specimen_id, (SELECT r.verified_min FROM result AS r JOIN lab_order AS o USING (order_id) "
  "WHERE o.specimen_id = s.specimen_id ORDER BY r.result_id LIMIT 1) FROM specimen AS s WHERE EXISTS "
  "(SELECT 1 FROM lab_order AS o JOIN result AS r USING (order_id) WHERE o.specimen_id = s.specimen_id)",
  "the first result by id taken instead of the earliest verification")
L("turnaround:gap to the next verification on the instrument",
  "SELECT result_id, LEAD(verified_min) OVER (PARTITION BY instrument_id ORDER BY verified_min, result_id) "
  "- verified_min FROM result WHERE verified_min IS NOT NULL",
  "SELECT r.result_id, (SELECT n.verified_min FROM result AS n WHERE n.instrument_id = r.instrument_id "
  "AND n.verified_min IS NOT NULL AND (n.verified_min > r.verified_min OR (n.verified_min = r.verified_min "
  "AND n.result_id > r.result_id)) ORDER BY n.verified_min, n.result_id LIMIT 1) - r.verified_min FROM result AS r "
  "WHERE r.verified_min IS NOT NULL",
  "SELECT r.result_id, (SELECT MIN(n.verified_min) FROM result AS n WHERE n.instrument_id = r.instrument_id "
  "AND n.verified_min > r.verified_min) - r.verified_min FROM result AS r WHERE r.verified_min IS NOT NULL",
  "results verified in the same minute skipped: the gap to the next distinct minute")
# --- results and ranges
L("results:results out of range",
  "SELECT r.result_id FROM result AS r JOIN lab_order AS o ON o.order_id = r.order_id "
  "JOIN test_def AS t ON t.test_id = o.test_id WHERE r.value < t.ref_low OR r.value > t.ref_high",
  "SELECT result_id FROM result AS r WHERE EXISTS (SELECT 1 FROM lab_order AS o JOIN test_def AS t "
  "ON t.test_id = o.test_id WHERE o.order_id = r.order_id AND NOT (r.value BETWEEN COALESCE(t.ref_low, r.value) "
  "AND COALESCE(t.ref_high, r.value)))",
  "SELECT result_id FROM result AS r WHERE EXISTS (SELECT 1 FROM lab_order AS o JOIN test_def AS t "
  "ON t.test_id = o.test_id WHERE o.order_id = r.order_id AND NOT (r.value BETWEEN COALESCE(t.ref_low, 0) "
  "AND COALESCE(t.ref_high, 0)))",
  "a missing reference limit taken as 0")
L("results:high flags inside the range",
  "SELECT r.result_id FROM result AS r JOIN lab_order AS o ON o.order_id = r.order_id "
  "JOIN test_def AS t ON t.test_id = o.test_id WHERE r.flag = 'H' AND r.value <= t.ref_high",
  "SELECT result_id FROM result AS r WHERE flag = 'H' AND EXISTS (SELECT 1 FROM lab_order AS o, test_def AS t "
  "WHERE o.order_id = r.order_id AND t.test_id = o.test_id AND NOT r.value > t.ref_high)",
  "SELECT result_id FROM result AS r WHERE flag = 'H' AND EXISTS (SELECT 1 FROM lab_order AS o, test_def AS t "
  "WHERE o.order_id = r.order_id AND t.test_id = o.test_id AND NOT r.value >= t.ref_high)",
  "a value exactly at the upper limit not reported")
L("results:results per flag",
  "SELECT flag, COUNT(*) FROM result GROUP BY flag",
  "SELECT flag, COUNT(*) FROM result WHERE flag IS NOT NULL GROUP BY flag UNION ALL "
  "SELECT NULL, COUNT(*) FROM result WHERE flag IS NULL GROUP BY flag",
  "SELECT flag, COUNT(flag) FROM result GROUP BY flag",
  "COUNT(flag): the unflagged group counted as 0")
L("results:abnormal results per test",
  "SELECT t.test_id, COUNT(r.result_id) FROM test_def AS t LEFT JOIN lab_order AS o ON o.test_id = t.test_id "
  "LEFT JOIN result AS r ON r.order_id = o.order_id AND r.flag IN ('H', 'L') GROUP BY t.test_id",
  "SELECT t.test_id, COALESCE(x.n, 0) FROM test_def AS t LEFT JOIN (SELECT o.test_id, SUM(CASE WHEN r.flag = 'H' "
  "OR r.flag = 'L' THEN 1 ELSE 0 END) AS n FROM lab_order AS o JOIN result AS r ON r.order_id = o.order_id "
  "GROUP BY o.test_id) AS x ON x.test_id = t.test_id",
  "SELECT t.test_id, COUNT(*) FROM test_def AS t LEFT JOIN lab_order AS o ON o.test_id = t.test_id "
  "LEFT JOIN result AS r ON r.order_id = o.order_id AND r.flag IN ('H', 'L') GROUP BY t.test_id",
  "COUNT(*) over outer joins: orders and tests without abnormal results counted")
L("results:flagged results without a value",
  "SELECT order_id FROM result WHERE flag IS NOT NULL AND value IS NULL GROUP BY order_id",
  "SELECT DISTINCT order_id FROM result WHERE NOT (flag IS NULL OR value IS NOT NULL)",
  "SELECT DISTINCT order_id FROM result WHERE flag <> 'N' AND value IS NULL",
  "normal flags dropped")
L("results:highest first-run value per test",
  "SELECT o.test_id, MAX(r.value) FROM lab_order AS o JOIN result AS r ON r.order_id = o.order_id "
  "WHERE r.rerun = 0 GROUP BY o.test_id",
  "SELECT t.test_id, (SELECT MAX(r.value) FROM result AS r JOIN lab_order AS o ON o.order_id = r.order_id "
  "WHERE o.test_id = t.test_id AND r.rerun = 0) FROM test_def AS t WHERE EXISTS (SELECT 1 FROM lab_order AS o "
  "JOIN result AS r ON r.order_id = o.order_id WHERE o.test_id = t.test_id AND r.rerun = 0)",
  "SELECT t.test_id, (SELECT MAX(r.value) FROM result AS r JOIN lab_order AS o ON o.order_id = r.order_id "
  "WHERE o.test_id = t.test_id AND r.rerun = 0) FROM test_def AS t",
  "tests without a first run listed with NULL")
L("results:tests without a reference range ordered stat",
  "SELECT DISTINCT t.code FROM test_def AS t JOIN lab_order AS o ON o.test_id = t.test_id "
  "WHERE t.ref_low IS NULL AND t.ref_high IS NULL AND o.priority = 'stat'",
  "SELECT code FROM test_def WHERE COALESCE(ref_low, ref_high) IS NULL AND test_id IN "
  "(SELECT test_id FROM lab_order WHERE priority = 'stat') GROUP BY code",
  "SELECT code FROM test_def WHERE (ref_low + ref_high) IS NULL AND test_id IN "
  "(SELECT test_id FROM lab_order WHERE priority = 'stat') GROUP BY code",
  "a test missing one limit counted as missing both")
L("results:orders with conflicting flags",
  "SELECT order_id FROM result WHERE flag = 'H' INTERSECT SELECT order_id FROM result WHERE flag = 'N'",
  "SELECT DISTINCT a.order_id FROM result AS a JOIN result AS b USING (order_id) WHERE a.flag = 'H' AND b.flag = 'N'",
  "SELECT order_id FROM result WHERE flag = 'H' UNION SELECT order_id FROM result WHERE flag = 'N'",
  "UNION for INTERSECT: either flag")
L("results:orders never resulted",
  "SELECT o.order_id FROM lab_order AS o LEFT JOIN result AS r ON r.order_id = o.order_id WHERE r.result_id IS NULL",
  "SELECT order_id FROM lab_order EXCEPT SELECT order_id FROM result",
  "SELECT order_id FROM lab_order WHERE order_id NOT IN (SELECT order_id FROM result WHERE verified_min IS NOT NULL)",
  "orders with only unverified results counted as never resulted")
L("results:latest verified result per order",
  "SELECT order_id, result_id, value FROM (SELECT r.*, ROW_NUMBER() OVER (PARTITION BY order_id "
  "ORDER BY verified_min DESC, result_id DESC) AS rn FROM result AS r WHERE verified_min IS NOT NULL) AS x "
  "WHERE rn = 1",
  "SELECT r.order_id, r.result_id, r.value FROM result AS r WHERE r.verified_min IS NOT NULL AND NOT EXISTS "
  "(SELECT 1 FROM result AS r2 WHERE r2.order_id = r.order_id AND r2.verified_min IS NOT NULL AND "
  "(r2.verified_min > r.verified_min OR (r2.verified_min = r.verified_min AND r2.result_id > r.result_id)))",
  "SELECT r.order_id, r.result_id, r.value FROM result AS r WHERE r.verified_min IS NOT NULL AND NOT EXISTS "
  "(SELECT 1 FROM result AS r2 WHERE r2.order_id = r.order_id AND r2.verified_min > r.verified_min)",
  "results verified in the same minute both kept")
L("results:orders with reruns",
  "SELECT order_id FROM result GROUP BY order_id HAVING COUNT(*) > 1",
  "SELECT DISTINCT r1.order_id FROM result AS r1 JOIN result AS r2 ON r1.order_id = r2.order_id "
  "AND r1.result_id < r2.result_id",
  "SELECT DISTINCT r1.order_id FROM result AS r1 JOIN result AS r2 ON r1.order_id = r2.order_id "
  "AND r1.rerun < r2.rerun",
  "two results with the same rerun number not counted")
L("results:change since the previous run",
  "SELECT result_id, value - LAG(value) OVER (PARTITION BY order_id ORDER BY rerun, result_id) FROM result",
  "SELECT r.result_id, r.value - (SELECT p.value FROM result AS p WHERE p.order_id = r.order_id AND "
  "(p.rerun < r.rerun OR (p.rerun = r.rerun AND p.result_id < r.result_id)) ORDER BY p.rerun DESC, "
  "p.result_id DESC LIMIT 1) FROM result AS r",
  "SELECT r.result_id, r.value - (SELECT p.value FROM result AS p WHERE p.order_id = r.order_id AND "
  "(p.rerun < r.rerun OR (p.rerun = r.rerun AND p.result_id < r.result_id)) ORDER BY p.rerun, "
  "p.result_id LIMIT 1) FROM result AS r",
  "the change since the first run, not the previous one")
L("results:two results in one minute on an instrument",
  "SELECT DISTINCT a.instrument_id, a.verified_min FROM result AS a JOIN result AS b "
  "ON a.instrument_id = b.instrument_id AND a.verified_min = b.verified_min AND a.result_id < b.result_id",
  "SELECT instrument_id, verified_min FROM result WHERE verified_min IS NOT NULL GROUP BY instrument_id, "
  "verified_min HAVING COUNT(*) > 1",
  "SELECT instrument_id, verified_min FROM result GROUP BY instrument_id, verified_min HAVING COUNT(*) > 1",
  "unverified results grouped together as one minute")
L("results:specimens whose every order is verified",
  "SELECT s.specimen_id FROM specimen AS s WHERE NOT EXISTS (SELECT 1 FROM lab_order AS o "
  "WHERE o.specimen_id = s.specimen_id AND NOT EXISTS (SELECT 1 FROM result AS r WHERE r.order_id = o.order_id "
  "AND r.verified_min IS NOT NULL))",
  "SELECT specimen_id FROM specimen EXCEPT SELECT o.specimen_id FROM lab_order AS o LEFT JOIN result AS r "
  "ON r.order_id = o.order_id AND r.verified_min IS NOT NULL WHERE r.result_id IS NULL",
  "SELECT specimen_id FROM specimen EXCEPT SELECT o.specimen_id FROM lab_order AS o LEFT JOIN result AS r "
  "ON r.order_id = o.order_id WHERE r.result_id IS NULL OR r.verified_min IS NULL",
  "an order with an unverified rerun blocks the specimen even when another result is verified")
# --- instruments and QC
L("qc:two failed runs in a row",
  "SELECT DISTINCT instrument_id FROM (SELECT instrument_id, passed, LAG(passed) OVER (PARTITION BY instrument_id "
  "ORDER BY day, run_no) AS prev FROM qc_run) AS q WHERE passed = 0 AND prev = 0",
  "SELECT DISTINCT instrument_id FROM (SELECT instrument_id, SUM(CASE WHEN passed = 0 THEN 1 ELSE 0 END) OVER "
  "(PARTITION BY instrument_id ORDER BY day, run_no ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS fails "
  "FROM qc_run) AS w WHERE fails = 2",
  "SELECT DISTINCT instrument_id FROM (SELECT instrument_id, passed, LAG(passed) OVER (ORDER BY instrument_id, "
  "day, run_no) AS prev FROM qc_run) AS q WHERE passed = 0 AND prev = 0",
  "no partition: another instrument's last failed run counts as the previous one")
L("qc:two failed runs in a row",
  "SELECT DISTINCT a.instrument_id FROM qc_run AS a JOIN qc_run AS b ON b.instrument_id = a.instrument_id "
  "AND (b.day > a.day OR (b.day = a.day AND b.run_no > a.run_no)) WHERE a.passed = 0 AND b.passed = 0 "
  "AND NOT EXISTS (SELECT 1 FROM qc_run AS c WHERE c.instrument_id = a.instrument_id "
  "AND (c.day > a.day OR (c.day = a.day AND c.run_no > a.run_no)) AND (c.day < b.day OR (c.day = b.day "
  "AND c.run_no < b.run_no)))",
  "SELECT DISTINCT instrument_id FROM (SELECT instrument_id, passed, LEAD(passed) OVER (PARTITION BY instrument_id "
  "ORDER BY day, run_no) AS nxt FROM qc_run) AS q WHERE passed = 0 AND nxt = 0",
  "SELECT DISTINCT a.instrument_id FROM qc_run AS a JOIN qc_run AS b ON b.instrument_id = a.instrument_id "
  "AND (b.day > a.day OR (b.day = a.day AND b.run_no > a.run_no)) WHERE a.passed = 0 AND b.passed = 0",
  "any two failed runs, with a passed run between them")
L("qc:two failed runs on one day",
  "SELECT DISTINCT a.instrument_id, a.day FROM qc_run AS a JOIN qc_run AS b ON a.instrument_id = b.instrument_id "
  "AND a.day = b.day AND a.run_no < b.run_no WHERE a.passed = 0 AND b.passed = 0",
  "SELECT instrument_id, day FROM qc_run WHERE passed = 0 GROUP BY instrument_id, day HAVING COUNT(*) >= 2",
  "SELECT DISTINCT a.instrument_id, a.day FROM qc_run AS a JOIN qc_run AS b ON a.instrument_id = b.instrument_id "
  "AND a.day = b.day AND a.run_no <= b.run_no WHERE a.passed = 0 AND b.passed = 0",
  "a run paired with itself: one failed run is enough")
L("qc:days with every run failed",
  "SELECT instrument_id, day FROM qc_run GROUP BY instrument_id, day "
  "HAVING SUM(CASE WHEN passed = 0 THEN 0 ELSE 1 END) = 0",
  "SELECT DISTINCT q.instrument_id, q.day FROM qc_run AS q WHERE NOT EXISTS (SELECT 1 FROM qc_run AS p "
  "WHERE p.instrument_id = q.instrument_id AND p.day = q.day AND p.passed <> 0)",
  "SELECT instrument_id, day FROM qc_run GROUP BY instrument_id, day "
  "HAVING SUM(CASE WHEN passed = 0 THEN 1 ELSE 0 END) >= 1",
  "days with any failed run")
L("qc:instruments never QC'd",
  "SELECT i.instrument_id FROM instrument AS i WHERE i.instrument_id NOT IN (SELECT instrument_id FROM qc_run)",
  "SELECT instrument_id FROM instrument EXCEPT SELECT instrument_id FROM qc_run",
  "SELECT i.instrument_id FROM instrument AS i WHERE i.instrument_id NOT IN "
  "(SELECT instrument_id FROM qc_run WHERE passed = 1)",
  "instruments that never passed QC")
L("qc:latest QC status per instrument",
  "SELECT q.instrument_id, q.passed FROM qc_run AS q WHERE NOT EXISTS (SELECT 1 FROM qc_run AS q2 "
  "WHERE q2.instrument_id = q.instrument_id AND (q2.day > q.day OR q2.day = q.day AND q2.run_no > q.run_no))",
  "SELECT DISTINCT instrument_id, FIRST_VALUE(passed) OVER (PARTITION BY instrument_id ORDER BY day DESC, "
  "run_no DESC) FROM qc_run",
  "SELECT DISTINCT instrument_id, LAST_VALUE(passed) OVER (PARTITION BY instrument_id ORDER BY day, run_no) "
  "FROM qc_run",
  "LAST_VALUE with the default frame: every run's own status")
L("qc:running failures per instrument",
  "SELECT instrument_id, day, run_no, SUM(CASE WHEN passed = 0 THEN 1 ELSE 0 END) OVER (PARTITION BY instrument_id "
  "ORDER BY day, run_no ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM qc_run",
  "SELECT q.instrument_id, q.day, q.run_no, (SELECT COUNT(*) FROM qc_run AS p WHERE p.instrument_id = q.instrument_id "
  "AND p.passed = 0 AND (p.day < q.day OR (p.day = q.day AND p.run_no <= q.run_no))) FROM qc_run AS q",
  "SELECT instrument_id, day, run_no, SUM(CASE WHEN passed = 0 THEN 1 ELSE 0 END) OVER (PARTITION BY instrument_id "
  "ORDER BY day) FROM qc_run",
  "ordered by day only: the default RANGE frame counts the day's later run too")
L("qc:QC islands per instrument",
  "SELECT instrument_id, COUNT(*) FROM (SELECT DISTINCT instrument_id, day FROM qc_run) AS d WHERE NOT EXISTS "
  "(SELECT 1 FROM qc_run AS p WHERE p.instrument_id = d.instrument_id AND p.day = d.day - 1) GROUP BY instrument_id",
  "SELECT instrument_id, COUNT(DISTINCT grp) FROM (SELECT instrument_id, day - DENSE_RANK() OVER "
  "(PARTITION BY instrument_id ORDER BY day) AS grp FROM qc_run) AS x GROUP BY instrument_id",
  "SELECT instrument_id, COUNT(DISTINCT grp) FROM (SELECT instrument_id, day - ROW_NUMBER() OVER "
  "(PARTITION BY instrument_id ORDER BY day, run_no) AS grp FROM qc_run) AS x GROUP BY instrument_id",
  "ROW_NUMBER: a second run on a day breaks the island")
L("qc:reruns per instrument",
  "SELECT i.instrument_id, COUNT(r.result_id) FROM instrument AS i LEFT JOIN result AS r "
  "ON r.instrument_id = i.instrument_id AND r.rerun > 0 GROUP BY i.instrument_id",
  "SELECT i.instrument_id, (SELECT COUNT(*) FROM result AS r WHERE r.instrument_id = i.instrument_id "
  "AND r.rerun >= 1) FROM instrument AS i",
  "SELECT i.instrument_id, COUNT(r.result_id) FROM instrument AS i LEFT JOIN result AS r "
  "ON r.instrument_id = i.instrument_id WHERE r.rerun > 0 GROUP BY i.instrument_id",
  "the rerun filter in WHERE drops instruments without reruns")
L("qc:instruments in service on day 1",
  "SELECT instrument_id FROM instrument WHERE retired_day IS NULL OR retired_day > 1",
  "SELECT instrument_id FROM instrument WHERE COALESCE(retired_day, 2) > 1",
  "SELECT instrument_id FROM instrument WHERE COALESCE(retired_day, 1) > 1",
  "instruments never retired counted as retired")
L("qc:results after retirement",
  "SELECT DISTINCT r.instrument_id FROM result AS r JOIN instrument AS i ON i.instrument_id = r.instrument_id "
  "WHERE r.verified_min >= i.retired_day * 1440",
  "SELECT instrument_id FROM instrument AS i WHERE EXISTS (SELECT 1 FROM result AS r "
  "WHERE r.instrument_id = i.instrument_id AND i.retired_day * 1440 <= r.verified_min)",
  "SELECT instrument_id FROM instrument AS i WHERE i.retired_day IS NOT NULL AND EXISTS (SELECT 1 FROM result AS r "
  "WHERE r.instrument_id = i.instrument_id)",
  "every retired instrument with results, whenever they were verified")
L("qc:results per instrument kind and panel",
  "SELECT i.kind, t.panel, COUNT(*) FROM result AS r JOIN instrument AS i ON i.instrument_id = r.instrument_id "
  "JOIN lab_order AS o ON o.order_id = r.order_id JOIN test_def AS t ON t.test_id = o.test_id GROUP BY i.kind, t.panel",
  "SELECT kind, panel, SUM(n) FROM (SELECT r.instrument_id, o.test_id, COUNT(*) AS n FROM result AS r "
  "JOIN lab_order AS o USING (order_id) GROUP BY r.instrument_id, o.test_id) AS g JOIN instrument AS i "
  "USING (instrument_id) JOIN test_def AS t USING (test_id) GROUP BY kind, panel",
  "SELECT kind, panel, COUNT(*) FROM (SELECT r.instrument_id, o.test_id, COUNT(*) AS n FROM result AS r "
  "JOIN lab_order AS o USING (order_id) GROUP BY r.instrument_id, o.test_id) AS g JOIN instrument AS i "
  "USING (instrument_id) JOIN test_def AS t USING (test_id) GROUP BY kind, panel",
  "COUNT of the pre-aggregated groups instead of the sum of their counts")
L("qc:instrument share of its lab's results",
  "SELECT i.lab_id, r.instrument_id, COUNT(*) * 1.0 / SUM(COUNT(*)) OVER (PARTITION BY i.lab_id) FROM result AS r "
  "JOIN instrument AS i ON i.instrument_id = r.instrument_id GROUP BY i.lab_id, r.instrument_id",
  "SELECT x.lab_id, x.instrument_id, x.n * 1.0 / y.total FROM (SELECT i.lab_id, r.instrument_id, COUNT(*) AS n "
  "FROM result AS r JOIN instrument AS i USING (instrument_id) GROUP BY i.lab_id, r.instrument_id) AS x "
  "JOIN (SELECT i.lab_id, COUNT(*) AS total FROM result AS r JOIN instrument AS i USING (instrument_id) "
  "GROUP BY i.lab_id) AS y ON y.lab_id = x.lab_id",
  "SELECT i.lab_id, r.instrument_id, COUNT(*) * 1.0 / SUM(COUNT(*)) OVER () FROM result AS r "
  "JOIN instrument AS i ON i.instrument_id = r.instrument_id GROUP BY i.lab_id, r.instrument_id",
  "share of all results, not of the lab's")
L("qc:active instruments per lab",
  "SELECT l.lab_id, COUNT(i.instrument_id) FROM lab AS l LEFT JOIN instrument AS i ON i.lab_id = l.lab_id "
  "AND i.retired_day IS NULL GROUP BY l.lab_id",
  "SELECT l.lab_id, SUM(CASE WHEN i.retired_day IS NULL AND i.instrument_id IS NOT NULL THEN 1 ELSE 0 END) "
  "FROM lab AS l LEFT JOIN instrument AS i ON i.lab_id = l.lab_id GROUP BY l.lab_id",
  "SELECT l.lab_id, SUM(CASE WHEN i.retired_day IS NULL THEN 1 ELSE 0 END) "
  "FROM lab AS l LEFT JOIN instrument AS i ON i.lab_id = l.lab_id GROUP BY l.lab_id",
  "a lab without instruments counts its NULL row as one active instrument")
L("qc:instruments outside Lyon",
  "SELECT i.instrument_id FROM instrument AS i JOIN lab AS l ON l.lab_id = i.lab_id "
  "WHERE l.city IS NULL OR l.city <> 'Lyon'",
  "SELECT instrument_id FROM instrument WHERE lab_id NOT IN (SELECT lab_id FROM lab WHERE city = 'Lyon')",
  "SELECT i.instrument_id FROM instrument AS i JOIN lab AS l ON l.lab_id = i.lab_id WHERE l.city <> 'Lyon'",
  "labs without a city dropped")
L("qc:busiest verification hour per lab",
  "WITH h AS (SELECT i.lab_id, (r.verified_min % 1440) / 60 AS hr, COUNT(*) AS n FROM result AS r "
  "JOIN instrument AS i ON i.instrument_id = r.instrument_id WHERE r.verified_min IS NOT NULL "
  "GROUP BY i.lab_id, (r.verified_min % 1440) / 60) SELECT lab_id, hr, n FROM h "
  "WHERE n = (SELECT MAX(h2.n) FROM h AS h2 WHERE h2.lab_id = h.lab_id)",
  "SELECT lab_id, hr, n FROM (SELECT i.lab_id, (r.verified_min % 1440) / 60 AS hr, COUNT(*) AS n, "
  "RANK() OVER (PARTITION BY i.lab_id ORDER BY COUNT(*) DESC) AS rk FROM instrument AS i JOIN result AS r "
  "USING (instrument_id) WHERE r.verified_min IS NOT NULL GROUP BY 1, 2) AS z WHERE rk = 1",
  "SELECT lab_id, hr, n FROM (SELECT i.lab_id, (r.verified_min % 1440) / 60 AS hr, COUNT(*) AS n, "
  "RANK() OVER (ORDER BY COUNT(*) DESC) AS rk FROM instrument AS i JOIN result AS r "
  "USING (instrument_id) WHERE r.verified_min IS NOT NULL GROUP BY 1, 2) AS z WHERE rk = 1",
  "ranked over all labs: only the labs holding the overall peak")
L("qc:results per lab and kind with lab totals",
  "SELECT i.lab_id, i.kind, COUNT(*) FROM result AS r JOIN instrument AS i ON i.instrument_id = r.instrument_id "
  "GROUP BY i.lab_id, i.kind UNION ALL SELECT i.lab_id, NULL, COUNT(*) FROM result AS r JOIN instrument AS i "
  "ON i.instrument_id = r.instrument_id GROUP BY i.lab_id",
  "WITH k AS (SELECT i.lab_id, i.kind, COUNT(*) AS n FROM instrument AS i JOIN result AS r USING (instrument_id) "
  "GROUP BY i.lab_id, i.kind) SELECT lab_id, kind, n FROM k UNION ALL SELECT lab_id, NULL, SUM(n) FROM k "
  "GROUP BY lab_id",
  "WITH k AS (SELECT i.lab_id, i.kind, COUNT(*) AS n FROM instrument AS i JOIN result AS r USING (instrument_id) "
  "GROUP BY i.lab_id, i.kind) SELECT lab_id, kind, n FROM k UNION ALL SELECT lab_id, NULL, COUNT(*) FROM k "
  "GROUP BY lab_id",
  "the lab total counts kinds, not results")
# --- specimens and clients
L("specimens:specimens received late",
  "SELECT specimen_id FROM specimen WHERE received_min - collected_min > 120",
  "SELECT specimen_id FROM specimen WHERE received_min > collected_min + 120",
  "SELECT specimen_id FROM specimen WHERE received_min - collected_min >= 120",
  "a specimen received exactly two hours after collection counted as late")
L("specimens:specimens late or never received",
  "SELECT specimen_id FROM specimen WHERE COALESCE(received_min, 2880) - collected_min > 1440",
  "SELECT specimen_id FROM specimen WHERE received_min - collected_min > 1440 UNION ALL "
  "SELECT specimen_id FROM specimen WHERE received_min IS NULL AND collected_min < 1440",
  "SELECT specimen_id FROM specimen WHERE received_min - collected_min > 1440",
  "specimens never received dropped")
L("specimens:specimens awaiting receipt",
  "SELECT specimen_id, 2880 - collected_min FROM specimen WHERE received_min IS NULL",
  "SELECT specimen_id, 2880 - collected_min FROM specimen EXCEPT SELECT specimen_id, 2880 - collected_min "
  "FROM specimen WHERE received_min IS NOT NULL",
  "SELECT specimen_id, 2880 - collected_min FROM specimen WHERE received_min = NULL",
  "= NULL: never true")
L("specimens:transit time per client kind",
  "SELECT c.kind, AVG(s.received_min - s.collected_min) FROM client AS c JOIN specimen AS s "
  "ON s.client_id = c.client_id GROUP BY c.kind HAVING COUNT(s.received_min) > 0",
  "SELECT kind, AVG(transit) FROM (SELECT c.kind, s.received_min - s.collected_min AS transit FROM specimen AS s "
  "JOIN client AS c USING (client_id) WHERE s.received_min IS NOT NULL) AS x GROUP BY kind",
  "SELECT c.kind, AVG(s.received_min - s.collected_min) FROM client AS c JOIN specimen AS s "
  "ON s.client_id = c.client_id GROUP BY c.kind HAVING COUNT(*) > 0",
  "kinds with only unreceived specimens kept with a NULL average")
L("specimens:tests ordered on every specimen of a client",
  "SELECT c.client_id, t.test_id FROM client AS c CROSS JOIN test_def AS t WHERE EXISTS (SELECT 1 FROM specimen AS s "
  "WHERE s.client_id = c.client_id) AND NOT EXISTS (SELECT 1 FROM specimen AS s WHERE s.client_id = c.client_id "
  "AND NOT EXISTS (SELECT 1 FROM lab_order AS o WHERE o.specimen_id = s.specimen_id AND o.test_id = t.test_id))",
  "SELECT s.client_id, o.test_id FROM specimen AS s JOIN lab_order AS o ON o.specimen_id = s.specimen_id "
  "GROUP BY s.client_id, o.test_id HAVING COUNT(DISTINCT s.specimen_id) = (SELECT COUNT(*) FROM specimen AS s2 "
  "WHERE s2.client_id = s.client_id)",
  "SELECT s.client_id, o.test_id FROM specimen AS s JOIN lab_order AS o ON o.specimen_id = s.specimen_id "
  "GROUP BY s.client_id, o.test_id HAVING COUNT(*) = (SELECT COUNT(*) FROM specimen AS s2 "
  "WHERE s2.client_id = s.client_id)",
  "COUNT(*): a test ordered twice on one specimen stands in for another specimen")
L("specimens:clients without a specimen since minute 600",
  "SELECT c.client_id, c.name FROM client AS c LEFT JOIN specimen AS s ON s.client_id = c.client_id "
  "AND s.collected_min >= 600 WHERE s.specimen_id IS NULL",
  "SELECT client_id, name FROM client AS c WHERE NOT EXISTS (SELECT 1 FROM specimen AS s "
  "WHERE s.client_id = c.client_id AND s.collected_min >= 600)",
  "SELECT c.client_id, c.name FROM client AS c LEFT JOIN specimen AS s ON s.client_id = c.client_id "
  "WHERE s.specimen_id IS NULL OR s.collected_min < 600",
  "clients with any early specimen listed, once per early specimen")
L("specimens:specimen types per client kind",
  "SELECT c.kind, SUM(CASE WHEN s.stype = 'blood' THEN 1 ELSE 0 END), SUM(CASE WHEN s.stype = 'urine' THEN 1 "
  "ELSE 0 END) FROM client AS c JOIN specimen AS s ON s.client_id = c.client_id GROUP BY c.kind",
  "SELECT c.kind, COUNT(*) FILTER (WHERE s.stype = 'blood'), COUNT(*) FILTER (WHERE s.stype = 'urine') "
  "FROM specimen AS s JOIN client AS c USING (client_id) GROUP BY c.kind",
  "SELECT c.kind, COUNT(s.stype = 'blood'), COUNT(*) FILTER (WHERE s.stype = 'urine') "
  "FROM specimen AS s JOIN client AS c USING (client_id) GROUP BY c.kind",
  "COUNT of a comparison counts every specimen")
L("specimens:clients with both panels ordered",
  "SELECT s.client_id FROM specimen AS s JOIN lab_order AS o ON o.specimen_id = s.specimen_id "
  "JOIN test_def AS t ON t.test_id = o.test_id WHERE t.panel = 'chem' INTERSECT SELECT s.client_id "
  "FROM specimen AS s JOIN lab_order AS o ON o.specimen_id = s.specimen_id JOIN test_def AS t "
  "ON t.test_id = o.test_id WHERE t.panel = 'heme'",
  "SELECT s.client_id FROM specimen AS s JOIN lab_order AS o USING (specimen_id) JOIN test_def AS t USING (test_id) "
  "GROUP BY s.client_id HAVING MAX(CASE WHEN t.panel = 'chem' THEN 1 ELSE 0 END) = 1 "
  "AND MAX(CASE WHEN t.panel = 'heme' THEN 1 ELSE 0 END) = 1",
  "SELECT s.client_id FROM specimen AS s JOIN lab_order AS o USING (specimen_id) JOIN test_def AS t USING (test_id) "
  "GROUP BY s.client_id HAVING MAX(CASE WHEN t.panel = 'chem' THEN 1 ELSE 0 END) = 1 "
  "OR MAX(CASE WHEN t.panel = 'heme' THEN 1 ELSE 0 END) = 1",
  "OR for AND: either panel")
L("specimens:orders per client per day",
  "SELECT s.client_id, o.ordered_min / 1440 AS d, COUNT(*) FROM lab_order AS o JOIN specimen AS s "
  "ON s.specimen_id = o.specimen_id GROUP BY s.client_id, o.ordered_min / 1440",
  "SELECT client_id, d, COUNT(*) FROM (SELECT s.client_id, o.ordered_min / 1440 AS d FROM specimen AS s, "
  "lab_order AS o WHERE o.specimen_id = s.specimen_id) AS x GROUP BY client_id, d",
  "SELECT s.client_id, s.collected_min / 1440 AS d, COUNT(*) FROM lab_order AS o JOIN specimen AS s "
  "ON s.specimen_id = o.specimen_id GROUP BY s.client_id, s.collected_min / 1440",
  "the collection day instead of the order day")
L("specimens:stat share per client",
  "SELECT s.client_id, SUM(CASE WHEN o.priority = 'stat' THEN 100 ELSE 0 END) / COUNT(*) FROM lab_order AS o "
  "JOIN specimen AS s ON s.specimen_id = o.specimen_id GROUP BY s.client_id",
  "SELECT client_id, 100 * COUNT(*) FILTER (WHERE priority = 'stat') / COUNT(*) FROM specimen "
  "JOIN lab_order USING (specimen_id) GROUP BY client_id",
  "SELECT client_id, COUNT(*) FILTER (WHERE priority = 'stat') / COUNT(*) * 100 FROM specimen "
  "JOIN lab_order USING (specimen_id) GROUP BY client_id",
  "integer division before the percent: 0 or 100")
L("specimens:clients with a stat order on day two",
  "SELECT COUNT(DISTINCT s.client_id) FROM specimen AS s JOIN lab_order AS o ON o.specimen_id = s.specimen_id "
  "WHERE o.priority = 'stat' AND o.ordered_min >= 1440",
  "SELECT COUNT(*) FROM client AS c WHERE c.client_id IN (SELECT s.client_id FROM specimen AS s JOIN lab_order AS o "
  "USING (specimen_id) WHERE o.priority = 'stat' AND o.ordered_min >= 1440)",
  "SELECT COUNT(*) FROM specimen AS s JOIN lab_order AS o ON o.specimen_id = s.specimen_id "
  "WHERE o.priority = 'stat' AND o.ordered_min >= 1440",
  "stat orders counted, not clients")
L("specimens:orders per priority per client",
  "SELECT c.client_id, COUNT(CASE WHEN o.priority = 'stat' THEN 1 END), COUNT(CASE WHEN o.priority = 'routine' "
  "THEN 1 END) FROM client AS c LEFT JOIN specimen AS s ON s.client_id = c.client_id LEFT JOIN lab_order AS o "
  "ON o.specimen_id = s.specimen_id GROUP BY c.client_id",
  "SELECT c.client_id, (SELECT COUNT(*) FROM lab_order AS o JOIN specimen AS s USING (specimen_id) "
  "WHERE s.client_id = c.client_id AND o.priority = 'stat'), (SELECT COUNT(*) FROM lab_order AS o "
  "JOIN specimen AS s USING (specimen_id) WHERE s.client_id = c.client_id AND o.priority = 'routine') FROM client AS c",
  "SELECT c.client_id, COUNT(CASE WHEN o.priority = 'stat' THEN 1 END), COUNT(CASE WHEN o.priority = 'routine' "
  "THEN 1 END) FROM client AS c JOIN specimen AS s ON s.client_id = c.client_id JOIN lab_order AS o "
  "ON o.specimen_id = s.specimen_id GROUP BY c.client_id",
  "inner joins: clients without orders dropped")
L("specimens:duplicate test orders on a specimen",
  "SELECT specimen_id, test_id, COUNT(*) FROM lab_order GROUP BY specimen_id, test_id HAVING COUNT(*) > 1",
  "SELECT DISTINCT a.specimen_id, a.test_id, (SELECT COUNT(*) FROM lab_order AS c WHERE c.specimen_id = a.specimen_id "
  "AND c.test_id = a.test_id) FROM lab_order AS a JOIN lab_order AS b ON b.specimen_id = a.specimen_id "
  "AND b.test_id = a.test_id AND b.order_id <> a.order_id",
  "SELECT DISTINCT a.specimen_id, a.test_id, (SELECT COUNT(*) FROM lab_order AS c WHERE c.specimen_id = a.specimen_id "
  "AND c.test_id = a.test_id) FROM lab_order AS a JOIN lab_order AS b ON b.specimen_id = a.specimen_id "
  "AND b.order_id <> a.order_id",
  "two orders of any tests on the specimen")
L("specimens:tests never ordered stat",
  "SELECT t.test_id FROM test_def AS t WHERE NOT EXISTS (SELECT 1 FROM lab_order AS o WHERE o.test_id = t.test_id "
  "AND o.priority = 'stat')",
  "SELECT t.test_id FROM test_def AS t LEFT JOIN lab_order AS o ON o.test_id = t.test_id GROUP BY t.test_id "
  "HAVING COUNT(CASE WHEN o.priority = 'stat' THEN 1 END) = 0",
  "SELECT t.test_id FROM test_def AS t LEFT JOIN lab_order AS o ON o.test_id = t.test_id GROUP BY t.test_id "
  "HAVING COUNT(CASE WHEN o.priority = 'stat' THEN 1 ELSE 0 END) = 0",
  "COUNT of a CASE with ELSE 0 counts every order")
L("specimens:the five most recent orders",
  "SELECT order_id, ordered_min FROM lab_order ORDER BY ordered_min DESC, order_id DESC LIMIT 5",
  "SELECT order_id, ordered_min FROM (SELECT order_id, ordered_min, ROW_NUMBER() OVER (ORDER BY ordered_min DESC, "
  "order_id DESC) AS rn FROM lab_order) AS x WHERE rn <= 5 ORDER BY rn",
  "SELECT order_id, ordered_min FROM lab_order ORDER BY ordered_min DESC, order_id LIMIT 5",
  "ties on the minute broken by the lowest order id", semantics="list")
L("specimens:tests with the most orders",
  "SELECT test_id, COUNT(*) FROM lab_order GROUP BY test_id HAVING COUNT(*) = (SELECT MAX(n) FROM "
  "(SELECT COUNT(*) AS n FROM lab_order GROUP BY test_id) AS m)",
  "SELECT test_id, n FROM (SELECT test_id, COUNT(*) AS n, DENSE_RANK() OVER (ORDER BY COUNT(*) DESC) AS dr "
  "FROM lab_order GROUP BY test_id) AS x WHERE dr = 1",
  "SELECT test_id, n FROM (SELECT test_id, COUNT(*) AS n, DENSE_RANK() OVER (ORDER BY COUNT(*) DESC) AS dr "
  "FROM lab_order GROUP BY test_id) AS x WHERE dr <= 2",
  "the two highest volumes kept")
# --- audit log (keyless, duplicates)
L("audit:distinct verifiers per order",
  "SELECT order_id, COUNT(DISTINCT user_name) FROM audit_log WHERE action = 'verify' GROUP BY order_id",
  "SELECT order_id, COUNT(user_name) FROM (SELECT DISTINCT order_id, user_name FROM audit_log "
  "WHERE action = 'verify') AS d GROUP BY order_id",
  "SELECT order_id, COUNT(*) FROM (SELECT DISTINCT order_id, user_name FROM audit_log "
  "WHERE action = 'verify') AS d GROUP BY order_id",
  "a verify line without a user counted as a verifier")
L("audit:edits or views after verification",
  "SELECT DISTINCT e.order_id FROM audit_log AS e JOIN audit_log AS v ON v.order_id = e.order_id "
  "WHERE e.action IN ('edit', 'view') AND v.action = 'verify' AND e.minute > v.minute",
  "SELECT order_id FROM audit_log WHERE action = 'edit' OR action = 'view' GROUP BY order_id HAVING MAX(minute) > "
  "(SELECT MIN(v.minute) FROM audit_log AS v WHERE v.action = 'verify' AND v.order_id = audit_log.order_id)",
  "SELECT order_id FROM audit_log WHERE action = 'edit' OR action = 'view' GROUP BY order_id HAVING MAX(minute) >= "
  "(SELECT MIN(v.minute) FROM audit_log AS v WHERE v.action = 'verify' AND v.order_id = audit_log.order_id)",
  "an action in the verification minute counted as after it")
L("audit:repeated log lines",
  "SELECT user_name, order_id, action, minute, COUNT(*) FROM audit_log GROUP BY user_name, order_id, action, minute "
  "HAVING COUNT(*) > 1",
  "SELECT DISTINCT * FROM (SELECT user_name, order_id, action, minute, COUNT(*) OVER (PARTITION BY user_name, "
  "order_id, action, minute) AS n FROM audit_log) AS x WHERE n > 1",
  "SELECT DISTINCT * FROM (SELECT user_name, order_id, action, minute, COUNT(*) OVER (PARTITION BY user_name, "
  "order_id, action) AS n FROM audit_log) AS x WHERE n > 1",
  "the minute left out of the partition: two lines in different minutes look repeated")
L("audit:last action per order",
  "SELECT DISTINCT a.order_id, a.action FROM audit_log AS a WHERE a.minute = (SELECT MAX(b.minute) "
  "FROM audit_log AS b WHERE b.order_id = a.order_id)",
  "SELECT DISTINCT order_id, action FROM (SELECT order_id, action, RANK() OVER (PARTITION BY order_id "
  "ORDER BY minute DESC) AS rk FROM audit_log WHERE minute IS NOT NULL AND order_id IS NOT NULL) AS x WHERE rk = 1",
  "SELECT order_id, action FROM (SELECT order_id, action, RANK() OVER (PARTITION BY order_id "
  "ORDER BY minute DESC) AS rk FROM audit_log WHERE minute IS NOT NULL AND order_id IS NOT NULL) AS x WHERE rk = 1",
  "DISTINCT dropped: a repeated log line listed twice")
L("audit:orders verified per user",
  "SELECT user_name, COUNT(DISTINCT order_id) FROM audit_log WHERE action = 'verify' AND user_name IS NOT NULL "
  "GROUP BY user_name",
  "SELECT user_name, COUNT(order_id) FROM (SELECT user_name, order_id FROM audit_log WHERE action = 'verify' "
  "GROUP BY user_name, order_id) AS g WHERE user_name IS NOT NULL GROUP BY user_name",
  "SELECT user_name, COUNT(order_id) FROM (SELECT user_name, order_id FROM audit_log WHERE action = 'verify') AS g "
  "WHERE user_name IS NOT NULL GROUP BY user_name",
  "repeated log lines counted as further orders")
L("audit:users who never verified",
  "SELECT DISTINCT user_name FROM audit_log WHERE user_name IS NOT NULL AND user_name NOT IN "
  "(SELECT user_name FROM audit_log WHERE action = 'verify' AND user_name IS NOT NULL)",
  "SELECT user_name FROM audit_log WHERE user_name IS NOT NULL EXCEPT SELECT user_name FROM audit_log "
  "WHERE action = 'verify'",
  "SELECT DISTINCT user_name FROM audit_log WHERE user_name IS NOT NULL AND user_name NOT IN "
  "(SELECT user_name FROM audit_log WHERE action = 'verify')",
  "NOT IN over a verify line without a user: nobody")
L("audit:orders viewed but never edited",
  "SELECT DISTINCT a.order_id FROM audit_log AS a WHERE a.action = 'view' AND a.order_id IS NOT NULL "
  "AND NOT EXISTS (SELECT 1 FROM audit_log AS e WHERE e.order_id = a.order_id AND e.action = 'edit')",
  "SELECT order_id FROM audit_log WHERE order_id IS NOT NULL GROUP BY order_id "
  "HAVING SUM(CASE WHEN action = 'view' THEN 1 ELSE 0 END) > 0 AND SUM(CASE WHEN action = 'edit' THEN 1 ELSE 0 END) = 0",
  "SELECT a.order_id FROM audit_log AS a WHERE a.action = 'view' AND a.order_id IS NOT NULL "
  "AND NOT EXISTS (SELECT 1 FROM audit_log AS e WHERE e.order_id = a.order_id AND e.action = 'edit')",
  "DISTINCT dropped: repeated view lines listed twice")
L("audit:actions per user per hour",
  "SELECT user_name, minute / 60, COUNT(*) FROM audit_log WHERE user_name IS NOT NULL AND minute IS NOT NULL "
  "GROUP BY user_name, minute / 60",
  "SELECT u, h, SUM(n) FROM (SELECT user_name AS u, minute / 60 AS h, minute, COUNT(*) AS n FROM audit_log "
  "GROUP BY user_name, minute) AS g WHERE u IS NOT NULL AND h IS NOT NULL GROUP BY u, h",
  "SELECT u, h, COUNT(*) FROM (SELECT user_name AS u, minute / 60 AS h, minute, COUNT(*) AS n FROM audit_log "
  "GROUP BY user_name, minute) AS g WHERE u IS NOT NULL AND h IS NOT NULL GROUP BY u, h",
  "distinct minutes counted instead of log lines")
# --- SQLite spellings
L("sqlite:flag label",
  "SELECT result_id, IIF(flag IS NULL, 'unflagged', flag) FROM result",
  "SELECT result_id, CASE WHEN flag IS NULL THEN 'unflagged' ELSE flag END FROM result",
  "SELECT result_id, IIF(flag = 'N', 'unflagged', flag) FROM result",
  "normal results labelled unflagged, NULL flags kept", dialect="sqlite")
L("sqlite:handover minute per specimen",
  "SELECT specimen_id, MAX(collected_min, IFNULL(received_min, collected_min)) FROM specimen",
  "SELECT specimen_id, CASE WHEN received_min > collected_min THEN received_min ELSE collected_min END FROM specimen",
  "SELECT specimen_id, MAX(collected_min, received_min) FROM specimen",
  "the scalar MAX answers NULL for specimens not received", dialect="sqlite")
L("sqlite:high results per test",
  "SELECT o.test_id, SUM(r.flag IS 'H') FROM lab_order AS o JOIN result AS r ON r.order_id = o.order_id "
  "GROUP BY o.test_id",
  "SELECT o.test_id, COUNT(CASE WHEN r.flag = 'H' THEN 1 END) FROM result AS r JOIN lab_order AS o "
  "USING (order_id) GROUP BY o.test_id",
  "SELECT o.test_id, SUM(r.flag = 'H') FROM result AS r JOIN lab_order AS o "
  "USING (order_id) GROUP BY o.test_id",
  "SUM of a comparison: NULL when every flag of the test is NULL", dialect="sqlite")


# ================================================================ utility metering (meter)
# --- reads and consumption
M("reads:consumption between consecutive actual read days",
  "WITH d AS (SELECT meter_id, day, MAX(reading) AS r FROM meter_read WHERE read_type = 'actual' "
  "AND meter_id IS NOT NULL AND day IS NOT NULL GROUP BY meter_id, day) "
  "SELECT meter_id, day, r - LAG(r) OVER (PARTITION BY meter_id ORDER BY day) FROM d",
  "SELECT a.meter_id, a.day, a.r - p.r FROM (SELECT meter_id, day, MAX(reading) AS r FROM meter_read "
  "WHERE read_type = 'actual' AND meter_id IS NOT NULL AND day IS NOT NULL GROUP BY meter_id, day) AS a "
  "LEFT JOIN (SELECT meter_id, day, MAX(reading) AS r FROM meter_read WHERE read_type = 'actual' "
  "GROUP BY meter_id, day) AS p ON p.meter_id = a.meter_id AND p.day = (SELECT MAX(q.day) FROM meter_read AS q "
  "WHERE q.meter_id = a.meter_id AND q.read_type = 'actual' AND q.day < a.day)",
  "WITH d AS (SELECT meter_id, day, MAX(reading) AS r FROM meter_read WHERE meter_id IS NOT NULL "
  "AND day IS NOT NULL GROUP BY meter_id, day) "
  "SELECT meter_id, day, r - LAG(r) OVER (PARTITION BY meter_id ORDER BY day) FROM d",
  "estimated reads used as read days")
M("reads:consumption in the first quarter",
  "SELECT m.meter_id, (MAX(r.reading) - MIN(r.reading)) * m.multiplier FROM meter AS m JOIN meter_read AS r "
  "ON r.meter_id = m.meter_id WHERE r.day BETWEEN 0 AND 90 GROUP BY m.meter_id, m.multiplier",
  "SELECT x.meter_id, x.hi * m.multiplier - x.lo * m.multiplier FROM (SELECT meter_id, MAX(reading) AS hi, "
  "MIN(reading) AS lo FROM meter_read WHERE day >= 0 AND day <= 90 GROUP BY meter_id) AS x JOIN meter AS m "
  "USING (meter_id)",
  "SELECT x.meter_id, x.hi * m.multiplier - x.lo * m.multiplier FROM (SELECT meter_id, MAX(reading) AS hi, "
  "MIN(reading) AS lo FROM meter_read WHERE day >= 0 AND day < 90 GROUP BY meter_id) AS x JOIN meter AS m "
  "USING (meter_id)",
  "the read on the quarter's last day left out")
M("reads:two estimated read days in a row",
  "WITH d AS (SELECT meter_id, day, MAX(CASE WHEN read_type = 'actual' THEN 1 ELSE 0 END) AS act FROM meter_read "
  "WHERE meter_id IS NOT NULL AND day IS NOT NULL GROUP BY meter_id, day), s AS (SELECT meter_id, act, "
  "LAG(act) OVER (PARTITION BY meter_id ORDER BY day) AS prev FROM d) "
  "SELECT DISTINCT meter_id FROM s WHERE act = 0 AND prev = 0",
  "WITH d AS (SELECT meter_id, day, MAX(CASE WHEN read_type = 'actual' THEN 1 ELSE 0 END) AS act FROM meter_read "
  "WHERE meter_id IS NOT NULL AND day IS NOT NULL GROUP BY meter_id, day) SELECT DISTINCT a.meter_id FROM d AS a "
  "JOIN d AS b ON b.meter_id = a.meter_id AND b.day > a.day WHERE a.act = 0 AND b.act = 0 AND NOT EXISTS "
  "(SELECT 1 FROM d AS c WHERE c.meter_id = a.meter_id AND c.day > a.day AND c.day < b.day)",
  "WITH d AS (SELECT meter_id, day, MAX(CASE WHEN read_type = 'estimated' THEN 0 ELSE 1 END) AS act FROM meter_read "
  "WHERE meter_id IS NOT NULL AND day IS NOT NULL GROUP BY meter_id, day), s AS (SELECT meter_id, act, "
  "LAG(act) OVER (PARTITION BY meter_id ORDER BY day) AS prev FROM d) "
  "SELECT DISTINCT meter_id FROM s WHERE act = 0 AND prev = 0",
  "reads without a type counted as actual")
M("reads:meters without a read in 60 days",
  "SELECT m.meter_id FROM meter AS m WHERE m.removal_day IS NULL AND NOT EXISTS (SELECT 1 FROM meter_read AS r "
  "WHERE r.meter_id = m.meter_id AND r.day > 150 - 60)",
  "SELECT meter_id FROM meter WHERE removal_day IS NULL AND meter_id NOT IN (SELECT meter_id FROM meter_read "
  "WHERE day > 90 AND meter_id IS NOT NULL)",
  "SELECT meter_id FROM meter WHERE removal_day IS NULL AND meter_id NOT IN (SELECT meter_id FROM meter_read "
  "WHERE day > 90)",
  "NOT IN over a recent read without a meter: nobody")
M("reads:last read day per meter",
  "SELECT meter_id, MAX(day) FROM meter_read WHERE meter_id IS NOT NULL GROUP BY meter_id",
  "SELECT m.meter_id, (SELECT r.day FROM meter_read AS r WHERE r.meter_id = m.meter_id AND r.day IS NOT NULL "
  "ORDER BY r.day DESC LIMIT 1) FROM meter AS m WHERE m.meter_id IN (SELECT meter_id FROM meter_read)",
  "SELECT m.meter_id, (SELECT r.day FROM meter_read AS r WHERE r.meter_id = m.meter_id AND r.day IS NOT NULL "
  "ORDER BY r.day DESC LIMIT 1) FROM meter AS m WHERE m.meter_id IN (SELECT meter_id FROM meter_read "
  "WHERE day IS NOT NULL)",
  "meters whose reads have no day dropped")
M("reads:conflicting reads on a day",
  "SELECT DISTINCT a.meter_id, a.day FROM meter_read AS a JOIN meter_read AS b ON a.meter_id = b.meter_id "
  "AND a.day = b.day AND a.reading < b.reading",
  "SELECT meter_id, day FROM meter_read WHERE meter_id IS NOT NULL AND day IS NOT NULL GROUP BY meter_id, day "
  "HAVING MIN(reading) < MAX(reading)",
  "SELECT meter_id, day FROM meter_read WHERE meter_id IS NOT NULL AND day IS NOT NULL GROUP BY meter_id, day "
  "HAVING COUNT(*) > 1",
  "a repeated identical read counted as a conflict")
M("reads:read days per meter",
  "SELECT meter_id, COUNT(DISTINCT day) FROM meter_read WHERE meter_id IS NOT NULL GROUP BY meter_id",
  "SELECT meter_id, COUNT(day) FROM (SELECT meter_id, day FROM meter_read WHERE meter_id IS NOT NULL "
  "GROUP BY meter_id, day) AS g GROUP BY meter_id",
  "SELECT meter_id, COUNT(day) FROM (SELECT meter_id, day, read_type FROM meter_read WHERE meter_id IS NOT NULL "
  "GROUP BY meter_id, day, read_type) AS g GROUP BY meter_id",
  "a day with an actual and an estimated read counted twice")
M("reads:reads after removal",
  "SELECT DISTINCT r.meter_id FROM meter_read AS r JOIN meter AS m ON m.meter_id = r.meter_id "
  "WHERE r.day > m.removal_day",
  "SELECT meter_id FROM meter AS m WHERE removal_day < (SELECT MAX(day) FROM meter_read AS r "
  "WHERE r.meter_id = m.meter_id)",
  "SELECT DISTINCT r.meter_id FROM meter_read AS r JOIN meter AS m ON m.meter_id = r.meter_id "
  "WHERE r.day >= m.removal_day",
  "a read on the removal day counted as after it")
M("reads:meters never read",
  "SELECT m.meter_id FROM meter AS m LEFT JOIN meter_read AS r ON r.meter_id = m.meter_id WHERE r.meter_id IS NULL",
  "SELECT meter_id FROM meter EXCEPT SELECT meter_id FROM meter_read",
  "SELECT m.meter_id FROM meter AS m LEFT JOIN meter_read AS r ON r.meter_id = m.meter_id "
  "AND r.read_type = 'actual' WHERE r.meter_id IS NULL",
  "meters with only estimated reads counted as never read")
M("reads:latest actual and estimated day per meter",
  "SELECT meter_id, MAX(CASE WHEN read_type = 'actual' THEN day END), MAX(CASE WHEN read_type = 'estimated' "
  "THEN day END) FROM meter_read WHERE meter_id IS NOT NULL GROUP BY meter_id",
  "SELECT m.meter_id, (SELECT MAX(day) FROM meter_read AS r WHERE r.meter_id = m.meter_id AND r.read_type = 'actual'), "
  "(SELECT MAX(day) FROM meter_read AS r WHERE r.meter_id = m.meter_id AND r.read_type = 'estimated') FROM meter AS m "
  "WHERE EXISTS (SELECT 1 FROM meter_read AS r WHERE r.meter_id = m.meter_id)",
  "SELECT meter_id, MAX(CASE WHEN read_type = 'actual' THEN day ELSE 0 END), MAX(CASE WHEN read_type = 'estimated' "
  "THEN day END) FROM meter_read WHERE meter_id IS NOT NULL GROUP BY meter_id",
  "ELSE 0: day 0 instead of NULL for meters never actually read")
M("reads:reads per type per meter",
  "SELECT meter_id, SUM(CASE WHEN read_type = 'actual' THEN 1 ELSE 0 END), SUM(CASE WHEN read_type = 'estimated' "
  "THEN 1 ELSE 0 END) FROM meter_read GROUP BY meter_id",
  "SELECT meter_id, COUNT(*) FILTER (WHERE read_type = 'actual'), COUNT(*) FILTER (WHERE read_type = 'estimated') "
  "FROM meter_read GROUP BY meter_id",
  "SELECT meter_id, COUNT(*) FILTER (WHERE read_type = 'actual'), COUNT(*) - COUNT(*) FILTER "
  "(WHERE read_type = 'actual') FROM meter_read GROUP BY meter_id",
  "reads without a type counted as estimated")
M("reads:consumption per customer",
  "WITH u AS (SELECT meter_id, MAX(reading) - MIN(reading) AS used FROM meter_read WHERE meter_id IS NOT NULL "
  "GROUP BY meter_id) SELECT p.customer_id, SUM(u.used * m.multiplier) FROM u JOIN meter AS m "
  "ON m.meter_id = u.meter_id JOIN service_point AS sp ON sp.sp_id = m.sp_id JOIN premise AS p "
  "ON p.premise_id = sp.premise_id GROUP BY p.customer_id",
  "SELECT p.customer_id, SUM((SELECT MAX(reading) - MIN(reading) FROM meter_read AS r WHERE r.meter_id = m.meter_id) "
  "* m.multiplier) FROM premise AS p JOIN service_point AS sp USING (premise_id) JOIN meter AS m USING (sp_id) "
  "WHERE EXISTS (SELECT 1 FROM meter_read AS r WHERE r.meter_id = m.meter_id) GROUP BY p.customer_id",
  "SELECT p.customer_id, SUM((SELECT MAX(reading) - MIN(reading) FROM meter_read AS r WHERE r.meter_id = m.meter_id)) "
  "FROM premise AS p JOIN service_point AS sp USING (premise_id) JOIN meter AS m USING (sp_id) "
  "WHERE EXISTS (SELECT 1 FROM meter_read AS r WHERE r.meter_id = m.meter_id) GROUP BY p.customer_id",
  "the meter multiplier dropped")
# --- meters and tariffs
M("tariffs:tier reached per meter",
  "WITH c AS (SELECT m.meter_id, sp.tariff_id, MAX(r.reading) - MIN(r.reading) AS used FROM meter AS m "
  "JOIN service_point AS sp ON sp.sp_id = m.sp_id JOIN meter_read AS r ON r.meter_id = m.meter_id "
  "GROUP BY m.meter_id, sp.tariff_id) SELECT c.meter_id, MAX(tr.tier) FROM c JOIN tariff_rate AS tr "
  "ON tr.tariff_id = c.tariff_id AND tr.threshold <= c.used GROUP BY c.meter_id",
  "WITH c AS (SELECT m.meter_id, sp.tariff_id, MAX(r.reading) - MIN(r.reading) AS used FROM meter AS m "
  "JOIN service_point AS sp ON sp.sp_id = m.sp_id JOIN meter_read AS r ON r.meter_id = m.meter_id "
  "GROUP BY m.meter_id, sp.tariff_id) SELECT c.meter_id, (SELECT tr.tier FROM tariff_rate AS tr "
  "WHERE tr.tariff_id = c.tariff_id AND tr.threshold <= c.used ORDER BY tr.tier DESC LIMIT 1) FROM c "
  "WHERE EXISTS (SELECT 1 FROM tariff_rate AS tr WHERE tr.tariff_id = c.tariff_id AND tr.threshold <= c.used)",
  "WITH c AS (SELECT m.meter_id, sp.tariff_id, MAX(r.reading) - MIN(r.reading) AS used FROM meter AS m "
  "JOIN service_point AS sp ON sp.sp_id = m.sp_id JOIN meter_read AS r ON r.meter_id = m.meter_id "
  "GROUP BY m.meter_id, sp.tariff_id) SELECT c.meter_id, MAX(tr.tier) FROM c JOIN tariff_rate AS tr "
  "ON tr.tariff_id = c.tariff_id AND tr.threshold < c.used GROUP BY c.meter_id",
  "consumption exactly at a threshold left in the lower tier")
M("tariffs:misconfigured tiers",
  "SELECT tariff_id, tier FROM (SELECT tariff_id, tier, threshold, LAG(threshold) OVER (PARTITION BY tariff_id "
  "ORDER BY tier) AS prev FROM tariff_rate) AS x WHERE threshold <= prev",
  "SELECT a.tariff_id, a.tier FROM tariff_rate AS a JOIN tariff_rate AS b ON b.tariff_id = a.tariff_id "
  "AND b.tier = (SELECT MAX(c.tier) FROM tariff_rate AS c WHERE c.tariff_id = a.tariff_id AND c.tier < a.tier) "
  "WHERE a.threshold <= b.threshold",
  "SELECT a.tariff_id, a.tier FROM tariff_rate AS a JOIN tariff_rate AS b ON b.tariff_id = a.tariff_id "
  "AND b.tier = a.tier - 1 WHERE a.threshold <= b.threshold",
  "the previous tier taken as tier - 1: a skipped tier number hides the fault")
M("tariffs:rate for 300 units",
  "SELECT tariff_id, rate_cents FROM tariff_rate AS r WHERE threshold <= 300 AND NOT EXISTS (SELECT 1 "
  "FROM tariff_rate AS r2 WHERE r2.tariff_id = r.tariff_id AND r2.threshold <= 300 AND r2.tier > r.tier)",
  "SELECT r.tariff_id, r.rate_cents FROM tariff_rate AS r JOIN (SELECT tariff_id, MAX(tier) AS t FROM tariff_rate "
  "WHERE threshold <= 300 GROUP BY tariff_id) AS m ON m.tariff_id = r.tariff_id AND m.t = r.tier",
  "SELECT r.tariff_id, r.rate_cents FROM tariff_rate AS r JOIN (SELECT tariff_id, MAX(tier) AS t FROM tariff_rate "
  "GROUP BY tariff_id) AS m ON m.tariff_id = r.tariff_id AND m.t = r.tier",
  "the top tier whatever its threshold")
M("tariffs:meters per tariff",
  "SELECT t.tariff_id, COUNT(m.meter_id) FROM tariff AS t LEFT JOIN service_point AS sp ON sp.tariff_id = t.tariff_id "
  "LEFT JOIN meter AS m ON m.sp_id = sp.sp_id GROUP BY t.tariff_id",
  "SELECT tariff_id, COALESCE(n, 0) FROM tariff LEFT JOIN (SELECT sp.tariff_id, COUNT(*) AS n FROM meter AS m "
  "JOIN service_point AS sp USING (sp_id) GROUP BY sp.tariff_id) AS x USING (tariff_id)",
  "SELECT t.tariff_id, COUNT(sp.sp_id) FROM tariff AS t LEFT JOIN service_point AS sp ON sp.tariff_id = t.tariff_id "
  "LEFT JOIN meter AS m ON m.sp_id = sp.sp_id GROUP BY t.tariff_id",
  "service points without a meter counted")
M("tariffs:unused tariffs",
  "SELECT tariff_id, name FROM tariff WHERE tariff_id NOT IN (SELECT tariff_id FROM service_point)",
  "SELECT t.tariff_id, t.name FROM tariff AS t LEFT JOIN service_point AS s USING (tariff_id) WHERE s.sp_id IS NULL",
  "SELECT tariff_id, name FROM tariff WHERE tariff_id NOT IN (SELECT tariff_id FROM service_point "
  "WHERE kind = 'power')",
  "tariffs used only for water counted as unused")
M("tariffs:customers with every service point on one tariff",
  "SELECT p.customer_id FROM premise AS p JOIN service_point AS sp ON sp.premise_id = p.premise_id "
  "GROUP BY p.customer_id HAVING COUNT(DISTINCT sp.tariff_id) = 1",
  "SELECT DISTINCT p.customer_id FROM premise AS p JOIN service_point AS s ON s.premise_id = p.premise_id "
  "WHERE NOT EXISTS (SELECT 1 FROM premise AS p2 JOIN service_point AS s2 ON s2.premise_id = p2.premise_id "
  "WHERE p2.customer_id = p.customer_id AND s2.tariff_id <> s.tariff_id)",
  "SELECT p.customer_id FROM premise AS p JOIN service_point AS sp ON sp.premise_id = p.premise_id "
  "GROUP BY p.customer_id HAVING COUNT(DISTINCT p.premise_id) = 1",
  "customers with one premise, whatever its tariffs")
M("tariffs:active meters per service point on day 100",
  "SELECT sp_id, COUNT(*) FROM meter WHERE install_day <= 100 AND (removal_day IS NULL OR removal_day > 100) "
  "GROUP BY sp_id",
  "SELECT sp_id, COUNT(*) FROM (SELECT sp_id, meter_id FROM meter WHERE install_day <= 100 EXCEPT "
  "SELECT sp_id, meter_id FROM meter WHERE removal_day <= 100) AS x GROUP BY sp_id",
  "SELECT sp_id, COUNT(*) FROM meter WHERE install_day < 100 AND (removal_day IS NULL OR removal_day > 100) "
  "GROUP BY sp_id",
  "a meter installed on the day left out")
M("tariffs:premises with water and power",
  "SELECT premise_id FROM service_point WHERE kind = 'water' INTERSECT SELECT premise_id FROM service_point "
  "WHERE kind = 'power'",
  "SELECT p.premise_id FROM premise AS p WHERE EXISTS (SELECT 1 FROM service_point AS a WHERE a.premise_id = p.premise_id "
  "AND a.kind = 'water') AND EXISTS (SELECT 1 FROM service_point AS b WHERE b.premise_id = p.premise_id "
  "AND b.kind = 'power')",
  "SELECT premise_id FROM service_point WHERE kind = 'water' EXCEPT SELECT premise_id FROM service_point "
  "WHERE kind = 'power'",
  "EXCEPT for INTERSECT: water only")
M("tariffs:premises per district and class",
  "SELECT p.district, c.cust_class, COUNT(*) FROM premise AS p JOIN customer AS c ON c.customer_id = p.customer_id "
  "GROUP BY p.district, c.cust_class",
  "SELECT DISTINCT p.district, c.cust_class, COUNT(*) OVER (PARTITION BY p.district, c.cust_class) FROM premise AS p "
  "JOIN customer AS c USING (customer_id)",
  "SELECT p.district, c.cust_class, COUNT(DISTINCT p.customer_id) FROM premise AS p JOIN customer AS c "
  "ON c.customer_id = p.customer_id GROUP BY p.district, c.cust_class",
  "customers counted instead of premises")
M("tariffs:customers without a premise",
  "SELECT customer_id FROM customer AS c WHERE NOT EXISTS (SELECT 1 FROM premise AS p WHERE p.customer_id = c.customer_id)",
  "SELECT c.customer_id FROM customer AS c LEFT JOIN premise AS p USING (customer_id) GROUP BY c.customer_id "
  "HAVING COUNT(p.premise_id) = 0",
  "SELECT c.customer_id FROM customer AS c LEFT JOIN premise AS p USING (customer_id) GROUP BY c.customer_id "
  "HAVING COUNT(*) = 0",
  "COUNT(*) over an outer join is never 0")
# --- billing
M("billing:overdue bills per class",
  "SELECT c.cust_class, COUNT(*) FROM bill AS b JOIN customer AS c ON c.customer_id = b.customer_id "
  "WHERE COALESCE(b.paid_day, 120) > b.end_day + 30 GROUP BY c.cust_class",
  "SELECT cust_class, COUNT(*) FROM (SELECT customer_id FROM bill WHERE paid_day > end_day + 30 UNION ALL "
  "SELECT customer_id FROM bill WHERE paid_day IS NULL AND end_day < 90) AS x JOIN customer USING (customer_id) "
  "GROUP BY cust_class",
  "SELECT cust_class, COUNT(*) FROM (SELECT customer_id FROM bill WHERE paid_day IS NULL AND end_day < 90) AS x "
  "JOIN customer USING (customer_id) GROUP BY cust_class",
  "bills paid late not counted")
M("billing:unpaid bills per customer",
  "SELECT c.customer_id, COUNT(b.bill_id) FROM customer AS c LEFT JOIN bill AS b ON b.customer_id = c.customer_id "
  "AND b.paid_day IS NULL GROUP BY c.customer_id",
  "SELECT c.customer_id, COUNT(b.bill_id) - COUNT(b.paid_day) FROM customer AS c LEFT JOIN bill AS b "
  "USING (customer_id) GROUP BY c.customer_id",
  "SELECT c.customer_id, COUNT(*) - COUNT(b.paid_day) FROM customer AS c LEFT JOIN bill AS b "
  "USING (customer_id) GROUP BY c.customer_id",
  "customers without bills count one unpaid bill")
M("billing:bills covered by their payments",
  "SELECT b.bill_id FROM bill AS b JOIN payment AS p ON p.bill_id = b.bill_id GROUP BY b.bill_id, b.amount_cents "
  "HAVING SUM(p.amount_cents) >= b.amount_cents",
  "SELECT bill_id FROM bill AS b WHERE amount_cents <= (SELECT SUM(amount_cents) FROM payment AS p "
  "WHERE p.bill_id = b.bill_id)",
  "SELECT bill_id FROM bill AS b WHERE amount_cents <= (SELECT COALESCE(SUM(amount_cents), 0) FROM payment AS p "
  "WHERE p.bill_id = b.bill_id)",
  "zero-amount bills without any payment counted as covered")
M("billing:balance per customer",
  "SELECT c.customer_id, COALESCE((SELECT SUM(amount_cents) FROM bill AS b WHERE b.customer_id = c.customer_id), 0) "
  "- COALESCE((SELECT SUM(amount_cents) FROM payment AS p WHERE p.customer_id = c.customer_id), 0) FROM customer AS c",
  "SELECT customer_id, SUM(amt) FROM (SELECT customer_id, amount_cents AS amt FROM bill UNION ALL "
  "SELECT customer_id, -amount_cents FROM payment UNION ALL SELECT customer_id, 0 FROM customer) AS u "
  "GROUP BY customer_id",
  "SELECT c.customer_id, SUM(b.amount_cents) - SUM(p.amount_cents) FROM customer AS c JOIN bill AS b "
  "ON b.customer_id = c.customer_id JOIN payment AS p ON p.customer_id = c.customer_id GROUP BY c.customer_id",
  "bills and payments joined together: fan-out, and customers without either dropped")
M("billing:old unpaid bills per class",
  "SELECT c.cust_class, COUNT(b.bill_id) FROM customer AS c LEFT JOIN bill AS b ON b.customer_id = c.customer_id "
  "AND b.paid_day IS NULL AND b.end_day < 60 GROUP BY c.cust_class",
  "SELECT cust_class, SUM(n) FROM (SELECT c.customer_id, c.cust_class, (SELECT COUNT(*) FROM bill AS b "
  "WHERE b.customer_id = c.customer_id AND b.paid_day IS NULL AND b.end_day < 60) AS n FROM customer AS c) AS x "
  "GROUP BY cust_class",
  "SELECT c.cust_class, COUNT(b.bill_id) FROM customer AS c LEFT JOIN bill AS b ON b.customer_id = c.customer_id "
  "AND b.paid_day IS NULL WHERE b.end_day < 60 GROUP BY c.cust_class",
  "the period filter in WHERE drops classes without such bills")
M("billing:late payments",
  "SELECT p.payment_id FROM payment AS p JOIN bill AS b ON b.bill_id = p.bill_id WHERE p.day > b.end_day + 30",
  "SELECT payment_id FROM payment AS p WHERE EXISTS (SELECT 1 FROM bill AS b WHERE b.bill_id = p.bill_id "
  "AND p.day - b.end_day > 30)",
  "SELECT payment_id FROM payment AS p WHERE EXISTS (SELECT 1 FROM bill AS b WHERE b.bill_id = p.bill_id "
  "AND p.day - b.end_day >= 30)",
  "a payment on the thirtieth day counted as late")
M("billing:customers whose every payment names a bill",
  "SELECT DISTINCT customer_id FROM payment WHERE customer_id NOT IN (SELECT customer_id FROM payment "
  "WHERE bill_id IS NULL)",
  "SELECT customer_id FROM payment GROUP BY customer_id HAVING COUNT(bill_id) = COUNT(*)",
  "SELECT customer_id FROM payment GROUP BY customer_id HAVING COUNT(DISTINCT bill_id) = COUNT(*)",
  "two payments of one bill exclude the customer")
M("billing:bills per period",
  "SELECT start_day / 30 AS period, COUNT(*), SUM(amount_cents) FROM bill GROUP BY start_day / 30",
  "SELECT period, COUNT(*), SUM(amount_cents) FROM (SELECT start_day / 30 AS period, amount_cents FROM bill) AS x "
  "GROUP BY period",
  "SELECT end_day / 30 AS period, COUNT(*), SUM(amount_cents) FROM bill GROUP BY end_day / 30",
  "bills grouped by the period they end in")
M("billing:customers with every bill paid",
  "SELECT customer_id FROM bill GROUP BY customer_id HAVING COUNT(paid_day) = COUNT(*)",
  "SELECT c.customer_id FROM customer AS c WHERE EXISTS (SELECT 1 FROM bill AS b WHERE b.customer_id = c.customer_id) "
  "AND NOT EXISTS (SELECT 1 FROM bill AS b WHERE b.customer_id = c.customer_id AND b.paid_day IS NULL)",
  "SELECT c.customer_id FROM customer AS c WHERE NOT EXISTS (SELECT 1 FROM bill AS b "
  "WHERE b.customer_id = c.customer_id AND b.paid_day IS NULL)",
  "customers without bills listed")
M("billing:days to pay per class",
  "SELECT c.cust_class, AVG(b.paid_day - b.end_day) FROM bill AS b JOIN customer AS c ON c.customer_id = b.customer_id "
  "WHERE b.paid_day IS NOT NULL GROUP BY c.cust_class",
  "SELECT cust_class, AVG(d) FROM (SELECT customer_id, paid_day - end_day AS d FROM bill) AS x JOIN customer "
  "USING (customer_id) GROUP BY cust_class HAVING COUNT(d) > 0",
  "SELECT cust_class, AVG(COALESCE(d, 0)) FROM (SELECT customer_id, paid_day - end_day AS d FROM bill) AS x "
  "JOIN customer USING (customer_id) GROUP BY cust_class HAVING COUNT(d) > 0",
  "unpaid bills averaged in as 0 days")
M("billing:bills above the class average",
  "SELECT b.bill_id FROM bill AS b JOIN customer AS c ON c.customer_id = b.customer_id WHERE b.amount_cents > "
  "(SELECT AVG(b2.amount_cents) FROM bill AS b2 JOIN customer AS c2 ON c2.customer_id = b2.customer_id "
  "WHERE c2.cust_class = c.cust_class)",
  "SELECT bill_id FROM (SELECT b.bill_id, b.amount_cents, AVG(b.amount_cents) OVER (PARTITION BY c.cust_class) AS a "
  "FROM bill AS b JOIN customer AS c USING (customer_id)) AS x WHERE amount_cents > a",
  "SELECT bill_id FROM (SELECT b.bill_id, b.amount_cents, AVG(b.amount_cents) OVER (PARTITION BY b.customer_id) AS a "
  "FROM bill AS b JOIN customer AS c USING (customer_id)) AS x WHERE amount_cents > a",
  "the customer's own average, not the class's")
M("billing:second highest bill per customer",
  "SELECT customer_id, MAX(amount_cents) FROM bill AS b WHERE amount_cents < (SELECT MAX(amount_cents) FROM bill AS b2 "
  "WHERE b2.customer_id = b.customer_id) GROUP BY customer_id",
  "SELECT DISTINCT customer_id, amount_cents FROM (SELECT customer_id, amount_cents, DENSE_RANK() OVER "
  "(PARTITION BY customer_id ORDER BY amount_cents DESC) AS dr FROM bill) AS x WHERE dr = 2",
  "SELECT DISTINCT customer_id, amount_cents FROM (SELECT customer_id, amount_cents, RANK() OVER "
  "(PARTITION BY customer_id ORDER BY amount_cents DESC) AS dr FROM bill) AS x WHERE dr = 2",
  "RANK: a tie on the highest bill skips the second amount")
M("billing:top billed customer per class with ties",
  "WITH t AS (SELECT b.customer_id, SUM(b.amount_cents) AS total FROM bill AS b GROUP BY b.customer_id) "
  "SELECT c.cust_class, t.customer_id, t.total FROM t JOIN customer AS c ON c.customer_id = t.customer_id "
  "WHERE t.total = (SELECT MAX(t2.total) FROM t AS t2 JOIN customer AS c2 ON c2.customer_id = t2.customer_id "
  "WHERE c2.cust_class = c.cust_class)",
  "SELECT cust_class, customer_id, total FROM (SELECT c.cust_class, c.customer_id, SUM(b.amount_cents) AS total, "
  "RANK() OVER (PARTITION BY c.cust_class ORDER BY SUM(b.amount_cents) DESC) AS rk FROM customer AS c "
  "JOIN bill AS b USING (customer_id) GROUP BY c.cust_class, c.customer_id) AS x WHERE rk = 1",
  "SELECT cust_class, customer_id, total FROM (SELECT c.cust_class, c.customer_id, SUM(b.amount_cents) AS total, "
  "RANK() OVER (PARTITION BY c.cust_class ORDER BY SUM(b.amount_cents) DESC) AS rk FROM customer AS c "
  "JOIN bill AS b USING (customer_id) GROUP BY c.cust_class, c.customer_id) AS x WHERE rk <= 2",
  "the runner-up kept")
M("billing:bills rising over three periods",
  "SELECT DISTINCT customer_id FROM (SELECT customer_id, amount_cents AS a, LAG(amount_cents, 1) OVER w AS p1, "
  "LAG(amount_cents, 2) OVER w AS p2 FROM bill WINDOW w AS (PARTITION BY customer_id ORDER BY start_day, bill_id)) "
  "AS x WHERE a > p1 AND p1 > p2",
  "WITH n AS (SELECT customer_id, amount_cents, ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY start_day, "
  "bill_id) AS k FROM bill) SELECT DISTINCT a.customer_id FROM n AS a JOIN n AS b ON b.customer_id = a.customer_id "
  "AND b.k = a.k + 1 JOIN n AS c ON c.customer_id = a.customer_id AND c.k = a.k + 2 "
  "WHERE b.amount_cents > a.amount_cents AND c.amount_cents > b.amount_cents",
  "WITH n AS (SELECT customer_id, amount_cents, ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY start_day, "
  "bill_id) AS k FROM bill) SELECT DISTINCT a.customer_id FROM n AS a JOIN n AS b ON b.customer_id = a.customer_id "
  "AND b.k = a.k + 1 JOIN n AS c ON c.customer_id = a.customer_id AND c.k = a.k + 2 "
  "WHERE b.amount_cents >= a.amount_cents AND c.amount_cents >= b.amount_cents",
  "a flat period counted as a rise")
M("billing:customers billed in every period",
  "SELECT customer_id FROM bill GROUP BY customer_id HAVING COUNT(DISTINCT start_day) = "
  "(SELECT COUNT(DISTINCT start_day) FROM bill)",
  "SELECT c.customer_id FROM customer AS c WHERE NOT EXISTS (SELECT 1 FROM bill AS d WHERE NOT EXISTS "
  "(SELECT 1 FROM bill AS b WHERE b.customer_id = c.customer_id AND b.start_day = d.start_day)) "
  "AND EXISTS (SELECT 1 FROM bill AS b WHERE b.customer_id = c.customer_id)",
  "SELECT customer_id FROM bill GROUP BY customer_id HAVING COUNT(*) = "
  "(SELECT COUNT(DISTINCT start_day) FROM bill)",
  "two bills in one period stand in for a missing period")
M("billing:running payments per customer",
  "SELECT payment_id, SUM(amount_cents) OVER (PARTITION BY customer_id ORDER BY day, payment_id "
  "ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM payment",
  "SELECT p.payment_id, (SELECT SUM(q.amount_cents) FROM payment AS q WHERE q.customer_id = p.customer_id "
  "AND (q.day < p.day OR q.day = p.day AND q.payment_id <= p.payment_id)) FROM payment AS p",
  "SELECT payment_id, SUM(amount_cents) OVER (PARTITION BY customer_id ORDER BY day, payment_id "
  "ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM payment",
  "a two-payment moving sum, not the running total")
M("billing:two payments in one day",
  "SELECT DISTINCT p.payment_id FROM payment AS p JOIN payment AS q ON q.customer_id = p.customer_id "
  "AND q.day = p.day AND q.payment_id <> p.payment_id",
  "SELECT payment_id FROM (SELECT payment_id, COUNT(*) OVER (PARTITION BY customer_id, day) AS n FROM payment) AS x "
  "WHERE n > 1",
  "SELECT payment_id FROM (SELECT payment_id, COUNT(*) OVER (PARTITION BY customer_id) AS n FROM payment) AS x "
  "WHERE n > 1",
  "two payments on any days")
M("billing:customers in credit",
  "SELECT customer_id FROM (SELECT customer_id, SUM(amount_cents) AS paid FROM payment GROUP BY customer_id) AS p "
  "WHERE paid > (SELECT COALESCE(SUM(amount_cents), 0) FROM bill AS b WHERE b.customer_id = p.customer_id)",
  "SELECT p.customer_id FROM payment AS p GROUP BY p.customer_id HAVING SUM(p.amount_cents) > "
  "COALESCE((SELECT SUM(b.amount_cents) FROM bill AS b WHERE b.customer_id = p.customer_id), 0)",
  "SELECT p.customer_id FROM payment AS p GROUP BY p.customer_id HAVING SUM(p.amount_cents) > "
  "(SELECT SUM(b.amount_cents) FROM bill AS b WHERE b.customer_id = p.customer_id)",
  "customers who paid without any bill dropped")
M("billing:customers outside manager 1",
  "SELECT customer_id FROM customer WHERE manager_id IS DISTINCT FROM 1",
  "SELECT customer_id FROM customer WHERE manager_id IS NULL OR manager_id <> 1",
  "SELECT customer_id FROM customer WHERE manager_id <> 1",
  "unmanaged customers dropped")
M("billing:billed amount per manager",
  "SELECT c.manager_id, SUM(b.amount_cents) FROM customer AS c JOIN bill AS b ON b.customer_id = c.customer_id "
  "GROUP BY c.manager_id",
  "SELECT manager_id, SUM(s) FROM (SELECT customer_id, SUM(amount_cents) AS s FROM bill GROUP BY customer_id) AS x "
  "JOIN customer USING (customer_id) GROUP BY manager_id",
  "SELECT manager_id, SUM(DISTINCT s) FROM (SELECT customer_id, SUM(amount_cents) AS s FROM bill "
  "GROUP BY customer_id) AS x JOIN customer USING (customer_id) GROUP BY manager_id",
  "SUM(DISTINCT): two customers with equal totals counted once")
M("billing:overlapping bill periods",
  "SELECT DISTINCT a.customer_id FROM bill AS a JOIN bill AS b ON a.customer_id = b.customer_id "
  "AND a.bill_id < b.bill_id AND a.start_day <= b.end_day AND b.start_day <= a.end_day",
  "SELECT customer_id FROM customer AS c WHERE EXISTS (SELECT 1 FROM bill AS a, bill AS b "
  "WHERE a.customer_id = c.customer_id AND b.customer_id = c.customer_id AND a.bill_id <> b.bill_id "
  "AND a.start_day <= b.end_day AND b.start_day <= a.end_day)",
  "SELECT customer_id FROM customer AS c WHERE EXISTS (SELECT 1 FROM bill AS a, bill AS b "
  "WHERE a.customer_id = c.customer_id AND b.customer_id = c.customer_id "
  "AND a.start_day <= b.end_day AND b.start_day <= a.end_day)",
  "a bill overlapping itself")
M("billing:the three largest bills",
  "SELECT bill_id, amount_cents FROM bill ORDER BY amount_cents DESC, bill_id LIMIT 3",
  "SELECT b.bill_id, b.amount_cents FROM bill AS b WHERE (SELECT COUNT(*) FROM bill AS b2 WHERE "
  "b2.amount_cents > b.amount_cents OR (b2.amount_cents = b.amount_cents AND b2.bill_id < b.bill_id)) < 3 "
  "ORDER BY b.amount_cents DESC, b.bill_id",
  "SELECT b.bill_id, b.amount_cents FROM bill AS b WHERE (SELECT COUNT(*) FROM bill AS b2 WHERE "
  "b2.amount_cents > b.amount_cents OR (b2.amount_cents = b.amount_cents AND b2.bill_id < b.bill_id)) <= 3 "
  "ORDER BY b.amount_cents DESC, b.bill_id",
  "four bills", semantics="list")
# --- outages and service orders
M("outages:outage minutes per premise",
  "SELECT premise_id, SUM(COALESCE(end_min, 20160) - start_min) FROM outage GROUP BY premise_id",
  "SELECT p.premise_id, SUM(CASE WHEN o.end_min IS NULL THEN 20160 - o.start_min ELSE o.end_min - o.start_min END) "
  "FROM premise AS p JOIN outage AS o ON o.premise_id = p.premise_id GROUP BY p.premise_id",
  "SELECT premise_id, SUM(end_min - start_min) FROM outage GROUP BY premise_id",
  "open outages ignored")
M("outages:repeat outages within 7 days",
  "SELECT DISTINCT o.outage_id FROM outage AS o JOIN outage AS p ON p.premise_id = o.premise_id "
  "AND p.start_min < o.start_min AND p.start_min >= o.start_min - 10080",
  "SELECT outage_id FROM (SELECT outage_id, COUNT(*) OVER (PARTITION BY premise_id ORDER BY start_min "
  "RANGE BETWEEN 10080 PRECEDING AND 1 PRECEDING) AS n FROM outage) AS w WHERE n > 0",
  "SELECT outage_id FROM (SELECT outage_id, COUNT(*) OVER (PARTITION BY premise_id ORDER BY start_min "
  "RANGE BETWEEN 10080 PRECEDING AND CURRENT ROW) AS n FROM outage) AS w WHERE n > 1",
  "an outage starting in the same minute counted as an earlier one")
M("outages:open outages at industrial premises",
  "SELECT o.outage_id FROM outage AS o JOIN premise AS p ON p.premise_id = o.premise_id JOIN customer AS c "
  "ON c.customer_id = p.customer_id WHERE o.end_min IS NULL AND c.cust_class = 'industrial'",
  "SELECT outage_id FROM outage WHERE end_min IS NULL AND premise_id IN (SELECT premise_id FROM premise "
  "WHERE customer_id IN (SELECT customer_id FROM customer WHERE cust_class = 'industrial'))",
  "SELECT outage_id FROM outage WHERE end_min IS NULL AND premise_id IN (SELECT premise_id FROM premise "
  "WHERE customer_id IN (SELECT customer_id FROM customer WHERE cust_class <> 'residential'))",
  "commercial premises counted as industrial")
M("outages:overlapping outages at a premise",
  "SELECT DISTINCT a.outage_id FROM outage AS a JOIN outage AS b ON b.premise_id = a.premise_id "
  "AND b.outage_id <> a.outage_id WHERE (a.end_min IS NULL OR b.start_min < a.end_min) "
  "AND (b.end_min IS NULL OR a.start_min < b.end_min)",
  "SELECT outage_id FROM outage AS a WHERE EXISTS (SELECT 1 FROM outage AS b WHERE b.premise_id = a.premise_id "
  "AND b.outage_id <> a.outage_id AND b.start_min < COALESCE(a.end_min, b.start_min + 1) "
  "AND a.start_min < COALESCE(b.end_min, a.start_min + 1))",
  "SELECT DISTINCT a.outage_id FROM outage AS a JOIN outage AS b ON b.premise_id = a.premise_id "
  "AND b.outage_id <> a.outage_id WHERE b.start_min < a.end_min AND a.start_min < b.end_min",
  "open outages never overlap")
M("outages:outages per premise per week",
  "SELECT premise_id, start_min / 10080, COUNT(*) FROM outage GROUP BY premise_id, start_min / 10080",
  "SELECT o.premise_id, w.wk, COUNT(*) FROM outage AS o JOIN (SELECT DISTINCT start_min / 10080 AS wk FROM outage) "
  "AS w ON o.start_min / 10080 = w.wk GROUP BY o.premise_id, w.wk",
  "SELECT premise_id, start_min / 1440, COUNT(*) FROM outage GROUP BY premise_id, start_min / 1440",
  "days instead of weeks")
M("outages:longest closed outage per premise",
  "SELECT o.premise_id, o.outage_id FROM outage AS o WHERE o.end_min IS NOT NULL AND o.end_min - o.start_min = "
  "(SELECT MAX(p.end_min - p.start_min) FROM outage AS p WHERE p.premise_id = o.premise_id)",
  "SELECT premise_id, outage_id FROM (SELECT premise_id, outage_id, DENSE_RANK() OVER (PARTITION BY premise_id "
  "ORDER BY end_min - start_min DESC) AS r FROM outage WHERE end_min IS NOT NULL) AS x WHERE r = 1",
  "SELECT premise_id, outage_id FROM (SELECT premise_id, outage_id, DENSE_RANK() OVER (PARTITION BY premise_id "
  "ORDER BY end_min DESC) AS r FROM outage WHERE end_min IS NOT NULL) AS x WHERE r = 1",
  "the latest-ending outage, not the longest")
M("outages:outages per district",
  "SELECT p.district, COUNT(o.outage_id) FROM premise AS p LEFT JOIN outage AS o ON o.premise_id = p.premise_id "
  "GROUP BY p.district",
  "SELECT district, SUM(n) FROM (SELECT p.premise_id, p.district, (SELECT COUNT(*) FROM outage AS o "
  "WHERE o.premise_id = p.premise_id) AS n FROM premise AS p) AS x GROUP BY district",
  "SELECT p.district, COUNT(*) FROM premise AS p LEFT JOIN outage AS o ON o.premise_id = p.premise_id "
  "GROUP BY p.district",
  "premises without outages counted once")
M("outages:service orders open over a week",
  "SELECT so_id FROM service_order WHERE COALESCE(closed_day, 60) - opened_day > 7",
  "SELECT so_id FROM service_order WHERE closed_day - opened_day > 7 OR (closed_day IS NULL AND opened_day < 53)",
  "SELECT so_id FROM service_order WHERE COALESCE(closed_day, opened_day) - opened_day > 7",
  "open orders never counted as old")
M("outages:service orders open on day 5 per kind",
  "SELECT kind, COUNT(*) FROM service_order WHERE opened_day <= 5 AND (closed_day IS NULL OR closed_day > 5) "
  "GROUP BY kind",
  "SELECT kind, COUNT(*) FROM service_order WHERE opened_day <= 5 AND CASE WHEN closed_day IS NULL THEN 1 "
  "WHEN closed_day > 5 THEN 1 ELSE 0 END = 1 GROUP BY kind",
  "SELECT kind, COUNT(*) FROM service_order WHERE opened_day <= 5 AND NOT (closed_day <= 5) GROUP BY kind",
  "NOT over a NULL close day drops open orders")
M("outages:outages after a repair order",
  "SELECT DISTINCT s.premise_id FROM service_order AS s JOIN outage AS o ON o.premise_id = s.premise_id "
  "WHERE s.kind = 'repair' AND o.start_min >= s.opened_day * 1440",
  "SELECT premise_id FROM premise AS p WHERE EXISTS (SELECT 1 FROM outage AS o WHERE o.premise_id = p.premise_id "
  "AND o.start_min >= (SELECT MIN(opened_day) FROM service_order AS s WHERE s.premise_id = p.premise_id "
  "AND s.kind = 'repair') * 1440)",
  "SELECT premise_id FROM premise AS p WHERE EXISTS (SELECT 1 FROM outage AS o WHERE o.premise_id = p.premise_id "
  "AND o.start_min >= (SELECT MAX(opened_day) FROM service_order AS s WHERE s.premise_id = p.premise_id "
  "AND s.kind = 'repair') * 1440)",
  "only outages after the latest repair order count")
M("outages:disconnected without a later connect",
  "SELECT DISTINCT d.premise_id FROM service_order AS d WHERE d.kind = 'disconnect' AND NOT EXISTS (SELECT 1 "
  "FROM service_order AS c WHERE c.premise_id = d.premise_id AND c.kind = 'connect' AND c.opened_day > d.opened_day)",
  "SELECT premise_id FROM service_order GROUP BY premise_id HAVING MAX(CASE WHEN kind = 'disconnect' THEN opened_day "
  "END) >= COALESCE(MAX(CASE WHEN kind = 'connect' THEN opened_day END), MAX(CASE WHEN kind = 'disconnect' "
  "THEN opened_day END))",
  "SELECT premise_id FROM service_order GROUP BY premise_id HAVING MAX(CASE WHEN kind = 'disconnect' THEN opened_day "
  "END) > COALESCE(MAX(CASE WHEN kind = 'connect' THEN opened_day END), MAX(CASE WHEN kind = 'disconnect' "
  "THEN opened_day END) - 1)",
  "a connect on the disconnect day counted as later")
# --- SQLite spellings
M("sqlite:days from period end to payment",
  "SELECT bill_id, IFNULL(paid_day, 120) - end_day FROM bill",
  "SELECT bill_id, CASE WHEN paid_day IS NULL THEN 120 ELSE paid_day END - end_day FROM bill",
  "SELECT bill_id, IFNULL(paid_day - end_day, 0) FROM bill",
  "unpaid bills given 0 days", dialect="sqlite")
M("sqlite:outage minutes capped at a day",
  "SELECT outage_id, MIN(IFNULL(end_min, 20160) - start_min, 1440) FROM outage",
  "SELECT outage_id, CASE WHEN COALESCE(end_min, 20160) - start_min < 1440 THEN COALESCE(end_min, 20160) - start_min "
  "ELSE 1440 END FROM outage",
  "SELECT outage_id, MIN(end_min - start_min, 1440) FROM outage",
  "the scalar MIN answers NULL for open outages", dialect="sqlite")
M("sqlite:estimated reads per meter",
  "SELECT meter_id, SUM(read_type IS 'estimated') FROM meter_read GROUP BY meter_id",
  "SELECT meter_id, COUNT(CASE WHEN read_type = 'estimated' THEN 1 END) FROM meter_read GROUP BY meter_id",
  "SELECT meter_id, COUNT(read_type = 'estimated') FROM meter_read GROUP BY meter_id",
  "COUNT of a comparison counts every typed read", dialect="sqlite")
# --- more meter reports
M("tariffs:service points with a replaced meter",
  "SELECT sp_id FROM meter GROUP BY sp_id HAVING COUNT(*) > 1",
  "SELECT DISTINCT a.sp_id FROM meter AS a JOIN meter AS b ON a.sp_id = b.sp_id AND a.meter_id <> b.meter_id",
  "SELECT sp_id FROM meter GROUP BY sp_id HAVING COUNT(DISTINCT install_day) > 1",
  "two meters installed on one day not counted")
M("tariffs:service kinds per customer",
  "SELECT p.customer_id, COUNT(DISTINCT sp.kind) FROM premise AS p LEFT JOIN service_point AS sp "
  "ON sp.premise_id = p.premise_id GROUP BY p.customer_id",
  "SELECT customer_id, (SELECT COUNT(DISTINCT sp.kind) FROM service_point AS sp JOIN premise AS q USING (premise_id) "
  "WHERE q.customer_id = c.customer_id) FROM customer AS c WHERE EXISTS (SELECT 1 FROM premise AS p "
  "WHERE p.customer_id = c.customer_id)",
  "SELECT p.customer_id, COUNT(sp.kind) FROM premise AS p LEFT JOIN service_point AS sp "
  "ON sp.premise_id = p.premise_id GROUP BY p.customer_id",
  "service points counted, not kinds")
M("reads:read lines per meter per period",
  "SELECT meter_id, day / 30, COUNT(*) FROM meter_read GROUP BY meter_id, day / 30",
  "SELECT meter_id, p, COUNT(*) FROM (SELECT meter_id, day / 30 AS p FROM meter_read) AS x GROUP BY meter_id, p",
  "SELECT meter_id, day / 30, COUNT(DISTINCT day) FROM meter_read GROUP BY meter_id, day / 30",
  "repeated read lines counted once")
M("billing:first bill per customer",
  "SELECT customer_id, bill_id FROM (SELECT customer_id, bill_id, ROW_NUMBER() OVER (PARTITION BY customer_id "
  "ORDER BY start_day, bill_id) AS rn FROM bill) AS x WHERE rn = 1",
  "SELECT b.customer_id, MIN(b.bill_id) FROM bill AS b WHERE b.start_day = (SELECT MIN(start_day) FROM bill AS c "
  "WHERE c.customer_id = b.customer_id) GROUP BY b.customer_id",
  "SELECT customer_id, MIN(bill_id) FROM bill GROUP BY customer_id",
  "the lowest bill id, whatever its period")
M("billing:payments against another customer's bill",
  "SELECT p.payment_id FROM payment AS p JOIN bill AS b ON b.bill_id = p.bill_id WHERE b.customer_id <> p.customer_id",
  "SELECT payment_id FROM payment AS p WHERE bill_id IS NOT NULL AND bill_id NOT IN (SELECT bill_id FROM bill "
  "WHERE customer_id = p.customer_id)",
  "SELECT payment_id FROM payment AS p WHERE bill_id NOT IN (SELECT bill_id FROM bill "
  "WHERE customer_id = p.customer_id)",
  "payments without a bill listed when the customer has no bills (NOT IN over an empty set)")
M("outages:premises without an outage since minute 5000",
  "SELECT premise_id FROM premise AS p WHERE NOT EXISTS (SELECT 1 FROM outage AS o WHERE o.premise_id = p.premise_id "
  "AND o.start_min >= 5000)",
  "SELECT premise_id FROM premise EXCEPT SELECT premise_id FROM outage WHERE start_min >= 5000",
  "SELECT premise_id FROM premise EXCEPT SELECT premise_id FROM outage WHERE start_min > 5000",
  "an outage starting at minute 5000 not counted")
M("billing:customers per account manager",
  "SELECT manager_id, COUNT(*) FROM customer WHERE manager_id IS NOT NULL GROUP BY manager_id",
  "SELECT manager_id, COUNT(*) FROM customer GROUP BY manager_id HAVING manager_id IS NOT NULL",
  "SELECT manager_id, COUNT(manager_id) FROM customer GROUP BY manager_id",
  "unmanaged customers reported as a group of 0")
M("reads:meters with only estimated reads",
  "SELECT meter_id FROM meter_read WHERE meter_id IS NOT NULL GROUP BY meter_id "
  "HAVING SUM(CASE WHEN read_type = 'estimated' THEN 0 ELSE 1 END) = 0",
  "SELECT DISTINCT meter_id FROM meter_read AS r WHERE meter_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM meter_read AS q "
  "WHERE q.meter_id = r.meter_id AND (q.read_type <> 'estimated' OR q.read_type IS NULL))",
  "SELECT DISTINCT meter_id FROM meter_read AS r WHERE meter_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM meter_read AS q "
  "WHERE q.meter_id = r.meter_id AND q.read_type <> 'estimated')",
  "reads without a type counted as estimated")


# ================================================================ bike share (bikes)
# --- trips
B("trips:completed trips per station pair",
  "SELECT start_station, end_station, COUNT(*) FROM trip WHERE end_min IS NOT NULL GROUP BY start_station, end_station",
  "SELECT s.station_id, e.station_id, COUNT(t.trip_id) FROM trip AS t JOIN station AS s ON s.station_id = t.start_station "
  "JOIN station AS e ON e.station_id = t.end_station WHERE t.end_min IS NOT NULL GROUP BY s.station_id, e.station_id",
  "SELECT start_station, end_station, COUNT(*) FROM trip GROUP BY start_station, end_station",
  "ongoing trips counted")
B("trips:round trips per rider",
  "SELECT member_id, COUNT(*) FROM trip WHERE start_station = end_station GROUP BY member_id",
  "SELECT member_id, SUM(CASE WHEN start_station = end_station THEN 1 ELSE 0 END) FROM trip GROUP BY member_id "
  "HAVING SUM(CASE WHEN start_station = end_station THEN 1 ELSE 0 END) > 0",
  "SELECT member_id, SUM(CASE WHEN start_station = end_station THEN 1 ELSE 0 END) FROM trip GROUP BY member_id",
  "riders without a round trip listed with 0")
B("trips:average trip length per plan",
  "SELECT m.plan, AVG(t.end_min - t.start_min) FROM trip AS t JOIN member AS m ON m.member_id = t.member_id "
  "WHERE t.end_min IS NOT NULL GROUP BY m.plan",
  "SELECT plan, AVG(dur) FROM (SELECT member_id, end_min - start_min AS dur FROM trip WHERE end_min IS NOT NULL) AS d "
  "JOIN member USING (member_id) GROUP BY plan",
  "SELECT m.plan, AVG(t.end_min - t.start_min) FROM trip AS t LEFT JOIN member AS m ON m.member_id = t.member_id "
  "WHERE t.end_min IS NOT NULL GROUP BY m.plan",
  "casual riders reported as a plan of their own")
B("trips:longest ride per member with ties",
  "SELECT t.member_id, t.trip_id FROM trip AS t WHERE t.member_id IS NOT NULL AND t.end_min - t.start_min = "
  "(SELECT MAX(u.end_min - u.start_min) FROM trip AS u WHERE u.member_id = t.member_id)",
  "SELECT member_id, trip_id FROM (SELECT member_id, trip_id, RANK() OVER (PARTITION BY member_id "
  "ORDER BY end_min - start_min DESC) AS rk FROM trip WHERE member_id IS NOT NULL AND end_min IS NOT NULL) AS x "
  "WHERE rk = 1",
  "SELECT member_id, trip_id FROM (SELECT member_id, trip_id, RANK() OVER (PARTITION BY member_id "
  "ORDER BY end_min - start_min DESC) AS rk FROM trip WHERE end_min IS NOT NULL) AS x WHERE rk = 1",
  "casual riders ranked as one member")
B("trips:net flow per station",
  "SELECT s.station_id, (SELECT COUNT(*) FROM trip AS t WHERE t.end_station = s.station_id AND t.end_min IS NOT NULL) "
  "- (SELECT COUNT(*) FROM trip AS t WHERE t.start_station = s.station_id AND t.end_min IS NOT NULL) FROM station AS s",
  "SELECT station_id, COALESCE(SUM(d), 0) FROM station LEFT JOIN (SELECT end_station AS station_id, 1 AS d FROM trip "
  "WHERE end_min IS NOT NULL UNION ALL SELECT start_station, -1 FROM trip WHERE end_min IS NOT NULL) AS f "
  "USING (station_id) GROUP BY station_id",
  "SELECT station_id, COALESCE(SUM(d), 0) FROM station LEFT JOIN (SELECT end_station AS station_id, 1 AS d FROM trip "
  "WHERE end_min IS NOT NULL UNION SELECT start_station, -1 FROM trip WHERE end_min IS NOT NULL) AS f "
  "USING (station_id) GROUP BY station_id",
  "UNION for UNION ALL: repeated arrivals counted once")
B("trips:the busiest start hour with ties",
  "SELECT (start_min / 60) % 24 AS hr, COUNT(*) FROM trip GROUP BY (start_min / 60) % 24 HAVING COUNT(*) >= "
  "(SELECT MAX(c) FROM (SELECT COUNT(*) AS c FROM trip GROUP BY (start_min / 60) % 24) AS x)",
  "WITH h AS (SELECT (start_min / 60) % 24 AS hr FROM trip), c AS (SELECT hr, COUNT(*) AS n FROM h GROUP BY hr) "
  "SELECT hr, n FROM c WHERE NOT EXISTS (SELECT 1 FROM c AS c2 WHERE c2.n > c.n)",
  "WITH h AS (SELECT (start_min / 60) % 24 AS hr FROM trip), c AS (SELECT hr, COUNT(*) AS n FROM h GROUP BY hr) "
  "SELECT hr, n FROM c ORDER BY n DESC LIMIT 1",
  "LIMIT 1: tied hours cut")
B("trips:consecutive trips that do not chain",
  "SELECT trip_id FROM (SELECT trip_id, start_station, LAG(end_station) OVER (PARTITION BY bike_id "
  "ORDER BY start_min, trip_id) AS prev_end FROM trip) AS x WHERE start_station <> prev_end",
  "SELECT t.trip_id FROM trip AS t JOIN trip AS p ON p.bike_id = t.bike_id AND (p.start_min < t.start_min "
  "OR (p.start_min = t.start_min AND p.trip_id < t.trip_id)) WHERE t.start_station <> p.end_station AND NOT EXISTS "
  "(SELECT 1 FROM trip AS q WHERE q.bike_id = t.bike_id AND (q.start_min > p.start_min OR (q.start_min = p.start_min "
  "AND q.trip_id > p.trip_id)) AND (q.start_min < t.start_min OR (q.start_min = t.start_min AND q.trip_id < t.trip_id)))",
  "SELECT trip_id FROM (SELECT trip_id, start_station, LAG(end_station) OVER (PARTITION BY bike_id "
  "ORDER BY trip_id) AS prev_end FROM trip) AS x WHERE start_station <> prev_end",
  "trips ordered by id, not by start")
B("trips:chained trips per bike",
  "SELECT t.bike_id, COUNT(*) FROM trip AS t WHERE t.start_station = (SELECT p.end_station FROM trip AS p "
  "WHERE p.bike_id = t.bike_id AND (p.start_min < t.start_min OR p.start_min = t.start_min AND p.trip_id < t.trip_id) "
  "ORDER BY p.start_min DESC, p.trip_id DESC LIMIT 1) GROUP BY t.bike_id",
  "SELECT bike_id, COUNT(*) FROM (SELECT bike_id, start_station, LAG(end_station) OVER (PARTITION BY bike_id "
  "ORDER BY start_min, trip_id) AS pe FROM trip) AS x WHERE start_station = pe GROUP BY bike_id",
  "SELECT bike_id, COUNT(*) FROM (SELECT bike_id, start_station, LAG(start_station) OVER (PARTITION BY bike_id "
  "ORDER BY start_min, trip_id) AS pe FROM trip) AS x WHERE start_station = pe GROUP BY bike_id",
  "the previous trip's start station compared, not its end")
B("trips:n-th trip of each bike",
  "SELECT trip_id, ROW_NUMBER() OVER (PARTITION BY bike_id ORDER BY start_min, trip_id) FROM trip",
  "SELECT t.trip_id, (SELECT COUNT(*) FROM trip AS u WHERE u.bike_id = t.bike_id AND (u.start_min < t.start_min "
  "OR u.start_min = t.start_min AND u.trip_id <= t.trip_id)) FROM trip AS t",
  "SELECT trip_id, RANK() OVER (PARTITION BY bike_id ORDER BY start_min) FROM trip",
  "RANK: two trips starting in one minute share a number")
B("trips:casual share per start station",
  "SELECT start_station, 100 * COUNT(*) FILTER (WHERE member_id IS NULL) / COUNT(*) FROM trip GROUP BY start_station",
  "SELECT start_station, (COUNT(*) - COUNT(member_id)) * 100 / COUNT(*) FROM trip GROUP BY start_station",
  "SELECT start_station, COUNT(member_id) * 100 / COUNT(*) FROM trip GROUP BY start_station",
  "the member share reported")
B("trips:first trip per member",
  "SELECT m.member_id, MIN(t.start_min) FROM member AS m JOIN trip AS t ON t.member_id = m.member_id GROUP BY m.member_id",
  "SELECT member_id, start_min FROM (SELECT member_id, start_min, ROW_NUMBER() OVER (PARTITION BY member_id "
  "ORDER BY start_min) AS rn FROM trip WHERE member_id IS NOT NULL) AS x WHERE rn = 1",
  "SELECT member_id, start_min FROM (SELECT member_id, start_min, ROW_NUMBER() OVER (PARTITION BY member_id "
  "ORDER BY trip_id) AS rn FROM trip WHERE member_id IS NOT NULL) AS x WHERE rn = 1",
  "the lowest trip id, not the earliest start")
B("trips:long trips per plan with casual riders",
  "SELECT m.plan, COUNT(*) FROM trip AS t LEFT JOIN member AS m ON m.member_id = t.member_id "
  "WHERE t.end_min - t.start_min > 45 GROUP BY m.plan",
  "SELECT plan, COUNT(*) FROM trip AS t JOIN member AS m USING (member_id) WHERE t.end_min - t.start_min > 45 "
  "GROUP BY plan UNION ALL SELECT NULL, COUNT(*) FROM trip WHERE member_id IS NULL AND end_min - start_min > 45 "
  "GROUP BY member_id",
  "SELECT m.plan, COUNT(*) FROM trip AS t LEFT JOIN member AS m ON m.member_id = t.member_id "
  "WHERE t.end_min - t.start_min >= 45 GROUP BY m.plan",
  "a 45-minute trip counted as long")
B("trips:trips before the bike entered service",
  "SELECT t.trip_id FROM trip AS t JOIN bike AS b ON b.bike_id = t.bike_id WHERE t.start_min < b.in_service_day * 1440",
  "SELECT trip_id FROM trip AS t WHERE NOT EXISTS (SELECT 1 FROM bike AS b WHERE b.bike_id = t.bike_id "
  "AND b.in_service_day * 1440 <= t.start_min)",
  "SELECT t.trip_id FROM trip AS t JOIN bike AS b ON b.bike_id = t.bike_id WHERE t.start_min <= b.in_service_day * 1440",
  "a trip in the service day's first minute flagged")
B("trips:ongoing trips over two hours",
  "SELECT trip_id FROM trip WHERE end_min IS NULL AND start_min < 11520 - 120",
  "SELECT trip_id FROM trip EXCEPT SELECT trip_id FROM trip WHERE end_min IS NOT NULL OR start_min >= 11400",
  "SELECT trip_id FROM trip EXCEPT SELECT trip_id FROM trip WHERE end_min IS NOT NULL AND start_min >= 11400",
  "AND for OR: finished trips kept")
B("trips:station pairs ridden both ways",
  "SELECT DISTINCT a.start_station, a.end_station FROM trip AS a JOIN trip AS b ON a.start_station = b.end_station "
  "AND a.end_station = b.start_station WHERE a.start_station < a.end_station",
  "SELECT start_station, end_station FROM trip WHERE start_station < end_station INTERSECT "
  "SELECT end_station, start_station FROM trip",
  "SELECT DISTINCT a.start_station, a.end_station FROM trip AS a JOIN trip AS b ON a.start_station = b.end_station "
  "AND a.end_station = b.start_station WHERE a.start_station <= a.end_station",
  "a round trip pairs with itself")
B("trips:trips across districts",
  "SELECT t.trip_id FROM trip AS t JOIN station AS a ON a.station_id = t.start_station JOIN station AS b "
  "ON b.station_id = t.end_station WHERE a.district <> b.district",
  "SELECT trip_id FROM trip AS t WHERE EXISTS (SELECT 1 FROM station AS a, station AS b WHERE a.station_id = t.start_station "
  "AND b.station_id = t.end_station AND NOT (a.district = b.district))",
  "SELECT t.trip_id FROM trip AS t JOIN station AS a ON a.station_id = t.start_station JOIN station AS b "
  "ON b.station_id = t.end_station WHERE a.district IS DISTINCT FROM b.district",
  "a station without a district counted as another district")
B("trips:the three longest completed trips",
  "SELECT trip_id, end_min - start_min FROM trip WHERE end_min IS NOT NULL ORDER BY end_min - start_min DESC, "
  "trip_id LIMIT 3",
  "SELECT trip_id, dur FROM (SELECT trip_id, end_min - start_min AS dur FROM trip WHERE end_min IS NOT NULL) AS x "
  "ORDER BY dur DESC, trip_id ASC LIMIT 3",
  "SELECT trip_id, dur FROM (SELECT trip_id, end_min - start_min AS dur FROM trip WHERE end_min IS NOT NULL) AS x "
  "ORDER BY dur DESC, trip_id DESC LIMIT 3",
  "ties on the length broken by the highest trip id", semantics="list")
B("trips:trips per day by bike kind",
  "SELECT t.start_min / 1440 AS d, SUM(CASE WHEN b.kind = 'classic' THEN 1 ELSE 0 END), SUM(CASE WHEN b.kind = "
  "'electric' THEN 1 ELSE 0 END) FROM trip AS t JOIN bike AS b ON b.bike_id = t.bike_id GROUP BY t.start_min / 1440",
  "SELECT d, COUNT(*) FILTER (WHERE kind = 'classic'), COUNT(*) FILTER (WHERE kind = 'electric') FROM "
  "(SELECT t.start_min / 1440 AS d, b.kind FROM trip AS t JOIN bike AS b USING (bike_id)) AS x GROUP BY d",
  "SELECT t.start_min / 60 AS d, SUM(CASE WHEN b.kind = 'classic' THEN 1 ELSE 0 END), SUM(CASE WHEN b.kind = "
  "'electric' THEN 1 ELSE 0 END) FROM trip AS t JOIN bike AS b ON b.bike_id = t.bike_id GROUP BY t.start_min / 60",
  "hours instead of days")
B("trips:members riding on two days",
  "SELECT member_id FROM trip WHERE member_id IS NOT NULL GROUP BY member_id HAVING COUNT(DISTINCT start_min / 1440) >= 2",
  "SELECT DISTINCT a.member_id FROM trip AS a JOIN trip AS b ON a.member_id = b.member_id "
  "AND a.start_min / 1440 < b.start_min / 1440",
  "SELECT DISTINCT a.member_id FROM trip AS a JOIN trip AS b ON a.member_id = b.member_id "
  "AND a.start_min < b.start_min",
  "two trips on one day count as two days")
B("trips:members above the average trip length",
  "SELECT member_id FROM trip WHERE member_id IS NOT NULL AND end_min IS NOT NULL GROUP BY member_id "
  "HAVING AVG(end_min - start_min) > (SELECT AVG(end_min - start_min) FROM trip)",
  "SELECT x.member_id FROM (SELECT member_id, AVG(end_min - start_min) AS a FROM trip WHERE end_min IS NOT NULL "
  "AND member_id IS NOT NULL GROUP BY member_id) AS x CROSS JOIN (SELECT AVG(end_min - start_min) AS o FROM trip "
  "WHERE end_min IS NOT NULL) AS y WHERE x.a > y.o",
  "SELECT x.member_id FROM (SELECT member_id, AVG(end_min - start_min) AS a FROM trip WHERE end_min IS NOT NULL "
  "AND member_id IS NOT NULL GROUP BY member_id) AS x CROSS JOIN (SELECT AVG(end_min - start_min) AS o FROM trip "
  "WHERE member_id IS NOT NULL) AS y WHERE x.a > y.o",
  "the average of member trips only, casual riders left out")
B("trips:bikes ridden by two members",
  "SELECT bike_id FROM trip GROUP BY bike_id HAVING COUNT(DISTINCT member_id) > 1",
  "SELECT bike_id FROM (SELECT DISTINCT bike_id, member_id FROM trip WHERE member_id IS NOT NULL) AS d GROUP BY bike_id "
  "HAVING COUNT(*) > 1",
  "SELECT bike_id FROM (SELECT DISTINCT bike_id, member_id FROM trip) AS d GROUP BY bike_id HAVING COUNT(*) > 1",
  "casual riders counted as a member")
B("trips:members who stopped riding",
  "SELECT DISTINCT member_id FROM trip WHERE member_id IS NOT NULL AND start_min < 1440 AND member_id NOT IN "
  "(SELECT member_id FROM trip WHERE start_min >= 1440 AND member_id IS NOT NULL)",
  "SELECT member_id FROM trip WHERE member_id IS NOT NULL GROUP BY member_id HAVING MIN(start_min) < 1440 "
  "AND MAX(start_min) < 1440",
  "SELECT member_id FROM trip WHERE member_id IS NOT NULL GROUP BY member_id HAVING MIN(start_min) < 1440",
  "members still riding kept")
B("trips:trips per member",
  "SELECT m.member_id, COUNT(t.trip_id) FROM member AS m LEFT JOIN trip AS t ON t.member_id = m.member_id "
  "GROUP BY m.member_id",
  "SELECT member_id, (SELECT COUNT(*) FROM trip AS t WHERE t.member_id = m.member_id) FROM member AS m",
  "SELECT member_id, (SELECT COUNT(*) FROM trip AS t WHERE t.bike_id = m.member_id) FROM member AS m",
  "correlated on the bike id")
# --- members and bikes
B("fleet:members who rode every electric model",
  "SELECT m.member_id FROM member AS m WHERE EXISTS (SELECT 1 FROM bike WHERE kind = 'electric') AND NOT EXISTS "
  "(SELECT 1 FROM bike AS b WHERE b.kind = 'electric' AND NOT EXISTS (SELECT 1 FROM trip AS t JOIN bike AS b2 "
  "ON b2.bike_id = t.bike_id WHERE t.member_id = m.member_id AND b2.model = b.model))",
  "SELECT t.member_id FROM trip AS t JOIN bike AS b ON b.bike_id = t.bike_id WHERE t.member_id IS NOT NULL "
  "AND b.model IN (SELECT model FROM bike WHERE kind = 'electric') GROUP BY t.member_id "
  "HAVING COUNT(DISTINCT b.model) = (SELECT COUNT(DISTINCT model) FROM bike WHERE kind = 'electric')",
  "SELECT t.member_id FROM trip AS t JOIN bike AS b ON b.bike_id = t.bike_id WHERE t.member_id IS NOT NULL "
  "AND b.model IN (SELECT model FROM bike WHERE kind = 'electric') GROUP BY t.member_id "
  "HAVING COUNT(DISTINCT b.bike_id) = (SELECT COUNT(DISTINCT model) FROM bike WHERE kind = 'electric')",
  "bikes counted instead of models")
B("fleet:bikes idle for a week",
  "SELECT b.bike_id FROM bike AS b WHERE b.retired_day IS NULL AND NOT EXISTS (SELECT 1 FROM trip AS t "
  "WHERE t.bike_id = b.bike_id AND t.start_min >= 11520 - 10080)",
  "SELECT bike_id FROM bike WHERE retired_day IS NULL EXCEPT SELECT bike_id FROM trip WHERE start_min >= 1440",
  "SELECT bike_id FROM bike WHERE retired_day IS NULL EXCEPT SELECT bike_id FROM trip WHERE start_min > 1440",
  "a trip exactly a week ago not counted")
B("fleet:members without a trip",
  "SELECT member_id FROM member AS m WHERE NOT EXISTS (SELECT 1 FROM trip AS t WHERE t.member_id = m.member_id)",
  "SELECT m.member_id FROM member AS m LEFT JOIN trip AS t USING (member_id) WHERE t.trip_id IS NULL",
  "SELECT member_id FROM member WHERE member_id NOT IN (SELECT member_id FROM trip)",
  "NOT IN over a casual trip: nobody")
B("fleet:bikes in service on day 50 per kind",
  "SELECT kind, COUNT(*) FROM bike WHERE in_service_day <= 50 AND (retired_day IS NULL OR retired_day > 50) GROUP BY kind",
  "SELECT kind, SUM(CASE WHEN in_service_day <= 50 AND COALESCE(retired_day > 50, 1 = 1) THEN 1 ELSE 0 END) FROM bike "
  "GROUP BY kind HAVING SUM(CASE WHEN in_service_day <= 50 AND COALESCE(retired_day > 50, 1 = 1) THEN 1 ELSE 0 END) > 0",
  "SELECT kind, COUNT(*) FROM bike WHERE in_service_day <= 50 AND (retired_day IS NULL OR retired_day >= 50) "
  "GROUP BY kind",
  "a bike retired on day 50 counted in service")
B("fleet:electric riders born before 1990",
  "SELECT DISTINCT t.member_id FROM trip AS t JOIN member AS m ON m.member_id = t.member_id JOIN bike AS b "
  "ON b.bike_id = t.bike_id WHERE b.kind = 'electric' AND m.birth_year < 1990",
  "SELECT member_id FROM member WHERE birth_year < 1990 AND member_id IN (SELECT t.member_id FROM trip AS t "
  "JOIN bike AS b USING (bike_id) WHERE b.kind = 'electric')",
  "SELECT member_id FROM member WHERE COALESCE(birth_year, 0) < 1990 AND member_id IN (SELECT t.member_id FROM trip AS t "
  "JOIN bike AS b USING (bike_id) WHERE b.kind = 'electric')",
  "members without a birth year counted as older")
B("fleet:member age bands",
  "SELECT CASE WHEN birth_year IS NULL THEN 'unknown' WHEN birth_year < 1990 THEN 'older' ELSE 'younger' END AS band, "
  "COUNT(*) FROM member GROUP BY 1",
  "SELECT band, COUNT(*) FROM (SELECT 'unknown' AS band FROM member WHERE birth_year IS NULL UNION ALL "
  "SELECT 'older' FROM member WHERE birth_year < 1990 UNION ALL SELECT 'younger' FROM member WHERE birth_year >= 1990) "
  "AS u GROUP BY band",
  "SELECT CASE WHEN birth_year IS NULL THEN 'unknown' WHEN birth_year <= 1990 THEN 'older' ELSE 'younger' END AS band, "
  "COUNT(*) FROM member GROUP BY 1",
  "members born in 1990 counted as older")
B("fleet:where each bike is",
  "SELECT bike_id, end_station FROM trip AS t WHERE NOT EXISTS (SELECT 1 FROM trip AS u WHERE u.bike_id = t.bike_id "
  "AND (u.start_min > t.start_min OR u.start_min = t.start_min AND u.trip_id > t.trip_id))",
  "SELECT DISTINCT bike_id, LAST_VALUE(end_station) OVER (PARTITION BY bike_id ORDER BY start_min, trip_id "
  "ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) FROM trip",
  "SELECT DISTINCT bike_id, LAST_VALUE(end_station) OVER (PARTITION BY bike_id ORDER BY start_min, trip_id "
  "ROWS BETWEEN UNBOUNDED PRECEDING AND 1 FOLLOWING) FROM trip",
  "a frame ending one row ahead: not the last trip when there are three")
B("fleet:retired bikes never ticketed",
  "SELECT bike_id FROM bike WHERE retired_day IS NOT NULL AND bike_id NOT IN (SELECT bike_id FROM ticket)",
  "SELECT bike_id FROM bike WHERE retired_day IS NOT NULL EXCEPT SELECT bike_id FROM ticket",
  "SELECT b.bike_id FROM bike AS b LEFT JOIN ticket AS t ON t.bike_id = b.bike_id WHERE b.retired_day IS NOT NULL "
  "AND t.closed_day IS NULL",
  "bikes with an open ticket counted as never ticketed")
# --- maintenance tickets
B("tickets:tickets reopened within 3 days",
  "SELECT DISTINCT b.ticket_id FROM ticket AS a JOIN ticket AS b ON b.bike_id = a.bike_id AND b.ticket_id <> a.ticket_id "
  "WHERE b.opened_day >= a.closed_day AND b.opened_day <= a.closed_day + 3",
  "SELECT ticket_id FROM ticket AS b WHERE EXISTS (SELECT 1 FROM ticket AS a WHERE a.bike_id = b.bike_id "
  "AND a.ticket_id <> b.ticket_id AND b.opened_day - a.closed_day BETWEEN 0 AND 3)",
  "SELECT ticket_id FROM ticket AS b WHERE EXISTS (SELECT 1 FROM ticket AS a WHERE a.bike_id = b.bike_id "
  "AND a.ticket_id <> b.ticket_id AND b.opened_day - a.closed_day BETWEEN 0 AND 2)",
  "a ticket opened on the third day not counted")
B("tickets:open tickets per bike kind",
  "SELECT b.kind, COUNT(t.ticket_id) FROM bike AS b LEFT JOIN ticket AS t ON t.bike_id = b.bike_id "
  "AND t.closed_day IS NULL GROUP BY b.kind",
  "SELECT kind, SUM(o) FROM (SELECT b.bike_id, b.kind, (SELECT COUNT(*) FROM ticket AS t WHERE t.bike_id = b.bike_id "
  "AND t.closed_day IS NULL) AS o FROM bike AS b) AS x GROUP BY kind",
  "SELECT b.kind, COUNT(t.ticket_id) FROM bike AS b LEFT JOIN ticket AS t ON t.bike_id = b.bike_id "
  "WHERE t.closed_day IS NULL GROUP BY b.kind",
  "the open filter in WHERE keeps bikes without tickets and drops kinds without open ones")
B("tickets:bikes with a ticket open on day 5",
  "SELECT DISTINCT bike_id FROM ticket WHERE opened_day <= 5 AND (closed_day IS NULL OR closed_day > 5)",
  "SELECT b.bike_id FROM bike AS b WHERE EXISTS (SELECT 1 FROM ticket AS t WHERE t.bike_id = b.bike_id "
  "AND t.opened_day <= 5 AND COALESCE(t.closed_day, 6) > 5)",
  "SELECT bike_id FROM ticket WHERE opened_day <= 5 EXCEPT SELECT bike_id FROM ticket WHERE closed_day <= 5",
  "opened and closed tested on different tickets")
B("tickets:bikes with every ticket kind",
  "SELECT bike_id FROM ticket GROUP BY bike_id HAVING COUNT(DISTINCT kind) = (SELECT COUNT(DISTINCT kind) FROM ticket)",
  "SELECT b.bike_id FROM bike AS b WHERE EXISTS (SELECT 1 FROM ticket AS t WHERE t.bike_id = b.bike_id) AND NOT EXISTS "
  "(SELECT 1 FROM ticket AS k WHERE NOT EXISTS (SELECT 1 FROM ticket AS t WHERE t.bike_id = b.bike_id "
  "AND t.kind = k.kind))",
  "SELECT b.bike_id FROM bike AS b WHERE NOT EXISTS (SELECT 1 FROM ticket AS k WHERE NOT EXISTS "
  "(SELECT 1 FROM ticket AS t WHERE t.bike_id = b.bike_id AND t.kind = k.kind))",
  "without tickets at all every bike qualifies")
B("tickets:repeat tickets of a kind within a week",
  "SELECT DISTINCT b.ticket_id FROM ticket AS a JOIN ticket AS b ON a.bike_id = b.bike_id AND a.kind = b.kind "
  "AND a.opened_day < b.opened_day AND b.opened_day - a.opened_day <= 7",
  "SELECT ticket_id FROM ticket AS b WHERE b.opened_day - (SELECT MAX(a.opened_day) FROM ticket AS a "
  "WHERE a.bike_id = b.bike_id AND a.kind = b.kind AND a.opened_day < b.opened_day) <= 7",
  "SELECT ticket_id FROM ticket AS b WHERE b.opened_day - (SELECT MAX(a.opened_day) FROM ticket AS a "
  "WHERE a.bike_id = b.bike_id AND a.opened_day < b.opened_day) <= 7",
  "a previous ticket of any kind counts")
B("tickets:quick fixes per kind",
  "SELECT kind, SUM(CASE WHEN closed_day - opened_day <= 2 THEN 1 ELSE 0 END), COUNT(*) FROM ticket GROUP BY kind",
  "SELECT kind, COUNT(CASE WHEN closed_day <= opened_day + 2 THEN kind END), COUNT(kind) FROM ticket GROUP BY kind",
  "SELECT kind, COUNT(CASE WHEN closed_day <= opened_day + 2 THEN kind ELSE 'open' END), COUNT(kind) FROM ticket "
  "GROUP BY kind",
  "an ELSE branch makes every ticket count")
B("tickets:tickets opened while another is open",
  "SELECT DISTINCT b.ticket_id FROM ticket AS a JOIN ticket AS b ON a.bike_id = b.bike_id AND a.ticket_id <> b.ticket_id "
  "AND a.opened_day <= b.opened_day AND (a.closed_day IS NULL OR a.closed_day > b.opened_day)",
  "SELECT ticket_id FROM ticket AS b WHERE EXISTS (SELECT 1 FROM ticket AS a WHERE a.bike_id = b.bike_id "
  "AND a.ticket_id <> b.ticket_id AND a.opened_day <= b.opened_day AND COALESCE(a.closed_day, b.opened_day + 1) "
  "> b.opened_day)",
  "SELECT ticket_id FROM ticket AS b WHERE EXISTS (SELECT 1 FROM ticket AS a WHERE a.bike_id = b.bike_id "
  "AND a.ticket_id <> b.ticket_id AND a.opened_day <= b.opened_day AND NOT (a.closed_day <= b.opened_day))",
  "NOT over a NULL close day: open tickets never overlap")
# --- stations, docks, status log and rebalancing
B("stations:stations empty at some reading",
  "SELECT DISTINCT station_id FROM status_log WHERE bikes_available = 0 AND station_id IS NOT NULL",
  "SELECT station_id FROM station AS s WHERE EXISTS (SELECT 1 FROM status_log AS l WHERE l.station_id = s.station_id "
  "AND l.bikes_available = 0)",
  "SELECT station_id FROM station AS s WHERE EXISTS (SELECT 1 FROM status_log AS l WHERE l.station_id = s.station_id "
  "AND (l.bikes_available = 0 OR l.bikes_available IS NULL))",
  "a missing count read as empty")
B("stations:stations empty at their latest reading",
  "SELECT l.station_id FROM status_log AS l WHERE l.minute = (SELECT MAX(m.minute) FROM status_log AS m "
  "WHERE m.station_id = l.station_id) GROUP BY l.station_id HAVING SUM(CASE WHEN l.bikes_available = 0 THEN 1 ELSE 0 END) > 0",
  "WITH last AS (SELECT station_id, MAX(minute) AS mx FROM status_log WHERE station_id IS NOT NULL GROUP BY station_id) "
  "SELECT DISTINCT l.station_id FROM status_log AS l JOIN last ON last.station_id = l.station_id AND l.minute = last.mx "
  "WHERE l.bikes_available = 0",
  "WITH last AS (SELECT MAX(minute) AS mx FROM status_log) SELECT DISTINCT l.station_id FROM status_log AS l "
  "JOIN last ON l.minute = last.mx WHERE l.bikes_available = 0 AND l.station_id IS NOT NULL",
  "the latest minute of the whole log, not of the station")
B("stations:empty at two readings in a row",
  "WITH m AS (SELECT station_id, minute, MIN(bikes_available) AS lo FROM status_log WHERE station_id IS NOT NULL "
  "AND minute IS NOT NULL GROUP BY station_id, minute) SELECT DISTINCT station_id FROM (SELECT station_id, lo, "
  "LEAD(lo) OVER (PARTITION BY station_id ORDER BY minute) AS nxt FROM m) AS x WHERE lo = 0 AND nxt = 0",
  "WITH m AS (SELECT station_id, minute, MIN(bikes_available) AS lo FROM status_log WHERE station_id IS NOT NULL "
  "AND minute IS NOT NULL GROUP BY station_id, minute) SELECT DISTINCT a.station_id FROM m AS a JOIN m AS b "
  "ON b.station_id = a.station_id AND b.minute = (SELECT MIN(c.minute) FROM m AS c WHERE c.station_id = a.station_id "
  "AND c.minute > a.minute) WHERE a.lo = 0 AND b.lo = 0",
  "WITH m AS (SELECT station_id, minute, MAX(bikes_available) AS lo FROM status_log WHERE station_id IS NOT NULL "
  "AND minute IS NOT NULL GROUP BY station_id, minute) SELECT DISTINCT a.station_id FROM m AS a JOIN m AS b "
  "ON b.station_id = a.station_id AND b.minute = (SELECT MIN(c.minute) FROM m AS c WHERE c.station_id = a.station_id "
  "AND c.minute > a.minute) WHERE a.lo = 0 AND b.lo = 0",
  "a minute with conflicting readings counted as not empty")
B("stations:average availability over reading minutes",
  "SELECT station_id, AVG(mx) FROM (SELECT station_id, minute, MAX(bikes_available) AS mx FROM status_log "
  "WHERE station_id IS NOT NULL AND minute IS NOT NULL GROUP BY station_id, minute) AS g GROUP BY station_id",
  "SELECT station_id, AVG(mx) FROM (SELECT DISTINCT station_id, minute, MAX(bikes_available) OVER "
  "(PARTITION BY station_id, minute) AS mx FROM status_log WHERE station_id IS NOT NULL AND minute IS NOT NULL) AS d "
  "GROUP BY station_id",
  "SELECT station_id, AVG(mx) FROM (SELECT station_id, minute, MAX(bikes_available) OVER "
  "(PARTITION BY station_id, minute) AS mx FROM status_log WHERE station_id IS NOT NULL AND minute IS NOT NULL) AS d "
  "GROUP BY station_id",
  "DISTINCT dropped: a minute with repeated lines weighs more")
B("stations:distinct readings per station",
  "SELECT station_id, COUNT(*) FROM (SELECT DISTINCT station_id, minute, bikes_available FROM status_log) AS d "
  "GROUP BY station_id",
  "SELECT station_id, COUNT(*) FROM (SELECT station_id, minute, bikes_available FROM status_log GROUP BY station_id, "
  "minute, bikes_available) AS g GROUP BY station_id",
  "SELECT station_id, COUNT(DISTINCT minute) FROM status_log GROUP BY station_id",
  "distinct minutes counted: conflicting readings and unknown minutes lost")
B("stations:average availability per district",
  "SELECT s.district, AVG(l.bikes_available) FROM status_log AS l JOIN station AS s ON s.station_id = l.station_id "
  "GROUP BY s.district",
  "SELECT district, AVG(bikes_available) FROM station JOIN status_log USING (station_id) GROUP BY district",
  "SELECT s.district, AVG(DISTINCT l.bikes_available) FROM status_log AS l JOIN station AS s "
  "ON s.station_id = l.station_id GROUP BY s.district",
  "AVG(DISTINCT): repeated counts weigh once")
B("stations:stations over capacity",
  "SELECT s.station_id FROM station AS s LEFT JOIN dock AS d ON d.station_id = s.station_id AND d.active = 1 "
  "GROUP BY s.station_id, s.capacity HAVING COUNT(d.dock_id) > s.capacity",
  "SELECT station_id FROM station AS s WHERE capacity < (SELECT COUNT(*) FROM dock AS d WHERE d.station_id = s.station_id "
  "AND d.active = 1)",
  "SELECT station_id FROM station AS s WHERE capacity < (SELECT COUNT(*) FROM dock AS d WHERE d.station_id = s.station_id)",
  "inactive docks counted")
B("stations:stations without docks",
  "SELECT station_id FROM station WHERE station_id NOT IN (SELECT station_id FROM dock)",
  "SELECT s.station_id FROM station AS s LEFT JOIN dock AS d ON d.station_id = s.station_id WHERE d.dock_id IS NULL",
  "SELECT station_id FROM station WHERE station_id NOT IN (SELECT station_id FROM dock WHERE active = 1)",
  "stations without an active dock")
B("stations:stations whose every dock is active",
  "SELECT station_id FROM dock GROUP BY station_id HAVING SUM(CASE WHEN active = 1 THEN 0 ELSE 1 END) = 0",
  "SELECT s.station_id FROM station AS s WHERE EXISTS (SELECT 1 FROM dock AS d WHERE d.station_id = s.station_id) "
  "AND NOT EXISTS (SELECT 1 FROM dock AS d WHERE d.station_id = s.station_id AND d.active <> 1)",
  "SELECT s.station_id FROM station AS s WHERE NOT EXISTS (SELECT 1 FROM dock AS d WHERE d.station_id = s.station_id "
  "AND d.active <> 1)",
  "stations without docks listed")
B("stations:dock fill per station",
  "SELECT s.station_id, 100 * COUNT(d.dock_id) / NULLIF(s.capacity, 0) FROM station AS s LEFT JOIN dock AS d "
  "ON d.station_id = s.station_id AND d.active = 1 GROUP BY s.station_id, s.capacity",
  "SELECT station_id, CASE WHEN capacity = 0 THEN NULL ELSE 100 * (SELECT COUNT(*) FROM dock AS d "
  "WHERE d.station_id = s.station_id AND d.active = 1) / capacity END FROM station AS s",
  "SELECT station_id, CASE WHEN capacity = 0 THEN 0 ELSE 100 * (SELECT COUNT(*) FROM dock AS d "
  "WHERE d.station_id = s.station_id AND d.active = 1) / capacity END FROM station AS s",
  "0 instead of NULL for stations without capacity")
B("stations:capacity rank",
  "SELECT station_id, DENSE_RANK() OVER (ORDER BY capacity DESC) FROM station",
  "SELECT s.station_id, (SELECT COUNT(DISTINCT s2.capacity) FROM station AS s2 WHERE s2.capacity > s.capacity) + 1 "
  "FROM station AS s",
  "SELECT s.station_id, (SELECT COUNT(*) FROM station AS s2 WHERE s2.capacity > s.capacity) + 1 FROM station AS s",
  "COUNT(*): RANK with gaps instead of DENSE_RANK")
B("stations:departures per district",
  "SELECT s.district, COUNT(*) FROM trip AS t JOIN station AS s ON s.station_id = t.start_station GROUP BY s.district",
  "SELECT district, SUM(n) FROM (SELECT start_station, COUNT(*) AS n FROM trip GROUP BY start_station) AS x "
  "JOIN station AS s ON s.station_id = x.start_station GROUP BY district",
  "SELECT district, COUNT(*) FROM (SELECT start_station, COUNT(*) AS n FROM trip GROUP BY start_station) AS x "
  "JOIN station AS s ON s.station_id = x.start_station GROUP BY district",
  "stations counted, not trips")
B("stations:busiest station per district with ties",
  "WITH d AS (SELECT s.district, s.station_id, COUNT(*) AS n FROM trip AS t JOIN station AS s "
  "ON s.station_id = t.start_station WHERE s.district IS NOT NULL GROUP BY s.district, s.station_id) "
  "SELECT district, station_id, n FROM d WHERE NOT EXISTS (SELECT 1 FROM d AS d2 WHERE d2.district = d.district "
  "AND d2.n > d.n)",
  "SELECT district, station_id, n FROM (SELECT s.district, s.station_id, COUNT(*) AS n, RANK() OVER "
  "(PARTITION BY s.district ORDER BY COUNT(*) DESC) AS rk FROM station AS s JOIN trip AS t ON t.start_station = s.station_id "
  "WHERE s.district IS NOT NULL GROUP BY s.district, s.station_id) AS x WHERE rk = 1",
  "SELECT district, station_id, n FROM (SELECT s.district, s.station_id, COUNT(*) AS n, RANK() OVER "
  "(PARTITION BY s.district ORDER BY COUNT(*) DESC) AS rk FROM station AS s JOIN trip AS t ON t.start_station = s.station_id "
  "GROUP BY s.district, s.station_id) AS x WHERE rk = 1",
  "stations without a district ranked as a district")
B("stations:departure-only stations",
  "SELECT start_station FROM trip EXCEPT SELECT end_station FROM trip",
  "SELECT DISTINCT t.start_station FROM trip AS t WHERE NOT EXISTS (SELECT 1 FROM trip AS u "
  "WHERE u.end_station = t.start_station)",
  "SELECT start_station FROM trip EXCEPT SELECT end_station FROM trip WHERE end_min IS NOT NULL",
  "arrivals of ongoing trips ignored")
B("stations:stations never used",
  "SELECT station_id FROM station AS s WHERE NOT EXISTS (SELECT 1 FROM trip AS t WHERE t.start_station = s.station_id "
  "OR t.end_station = s.station_id)",
  "SELECT station_id FROM station EXCEPT SELECT start_station FROM trip EXCEPT SELECT end_station FROM trip",
  "SELECT station_id FROM station EXCEPT SELECT start_station FROM trip",
  "arrival stations counted as unused")
B("stations:stations sharing a name",
  "SELECT DISTINCT a.station_id FROM station AS a JOIN station AS b ON LOWER(a.name) = LOWER(b.name) "
  "AND a.station_id <> b.station_id",
  "SELECT station_id FROM station WHERE LOWER(name) IN (SELECT LOWER(name) FROM station GROUP BY LOWER(name) "
  "HAVING COUNT(*) > 1)",
  "SELECT DISTINCT a.station_id FROM station AS a JOIN station AS b ON a.name = b.name AND a.station_id <> b.station_id",
  "names compared with their case")
B("rebalancing:net bikes moved per station",
  "SELECT s.station_id, COALESCE(SUM(CASE WHEN r.to_station = s.station_id THEN r.bikes_moved END), 0) "
  "- COALESCE(SUM(CASE WHEN r.from_station = s.station_id THEN r.bikes_moved END), 0) FROM station AS s "
  "LEFT JOIN rebalance AS r ON s.station_id IN (r.from_station, r.to_station) GROUP BY s.station_id",
  "SELECT station_id, COALESCE((SELECT SUM(bikes_moved) FROM rebalance WHERE to_station = s.station_id), 0) "
  "- COALESCE((SELECT SUM(bikes_moved) FROM rebalance WHERE from_station = s.station_id), 0) FROM station AS s",
  "SELECT station_id, COALESCE((SELECT SUM(bikes_moved) FROM rebalance WHERE to_station = s.station_id), 0) "
  "- (SELECT SUM(bikes_moved) FROM rebalance WHERE from_station = s.station_id) FROM station AS s",
  "NULL for stations nothing was moved from")
B("rebalancing:bikes moved per station pair",
  "SELECT from_station, to_station, SUM(bikes_moved) FROM rebalance WHERE from_station <> to_station "
  "GROUP BY from_station, to_station",
  "SELECT r.from_station, r.to_station, SUM(r.bikes_moved) FROM rebalance AS r JOIN station AS f "
  "ON f.station_id = r.from_station JOIN station AS t ON t.station_id = r.to_station WHERE f.station_id <> t.station_id "
  "GROUP BY r.from_station, r.to_station",
  "SELECT from_station, to_station, COUNT(*) FROM rebalance WHERE from_station <> to_station "
  "GROUP BY from_station, to_station",
  "moves counted instead of bikes")
B("rebalancing:moves into an emptied station",
  "SELECT r.move_id FROM rebalance AS r WHERE EXISTS (SELECT 1 FROM status_log AS l WHERE l.station_id = r.to_station "
  "AND l.bikes_available = 0 AND l.minute <= r.minute)",
  "SELECT DISTINCT r.move_id FROM rebalance AS r JOIN status_log AS l ON l.station_id = r.to_station "
  "WHERE l.bikes_available = 0 AND l.minute <= r.minute",
  "SELECT r.move_id FROM rebalance AS r JOIN status_log AS l ON l.station_id = r.to_station "
  "WHERE l.bikes_available = 0 AND l.minute <= r.minute",
  "DISTINCT dropped: a move listed once per empty reading")
B("rebalancing:bikes moved per hour",
  "SELECT minute / 60, SUM(bikes_moved) FROM rebalance GROUP BY minute / 60 HAVING SUM(bikes_moved) > 3",
  "SELECT h, total FROM (SELECT minute / 60 AS h, SUM(bikes_moved) AS total FROM rebalance GROUP BY minute / 60) AS x "
  "WHERE total > 3",
  "SELECT h, total FROM (SELECT minute / 60 AS h, SUM(bikes_moved) AS total FROM rebalance GROUP BY minute / 60) AS x "
  "WHERE total >= 3",
  "an hour with exactly three bikes kept")
B("rebalancing:refilled stations never seen empty",
  "SELECT DISTINCT to_station FROM rebalance WHERE to_station NOT IN (SELECT station_id FROM status_log "
  "WHERE bikes_available = 0 AND station_id IS NOT NULL)",
  "SELECT DISTINCT r.to_station FROM rebalance AS r LEFT JOIN status_log AS l ON l.station_id = r.to_station "
  "AND l.bikes_available = 0 WHERE l.station_id IS NULL",
  "SELECT DISTINCT r.to_station FROM rebalance AS r LEFT JOIN status_log AS l ON l.station_id = r.to_station "
  "WHERE l.station_id IS NULL OR l.bikes_available <> 0",
  "any non-empty reading counts")
B("rebalancing:trips within an hour of a refill",
  "SELECT t.trip_id FROM trip AS t WHERE EXISTS (SELECT 1 FROM rebalance AS r WHERE r.to_station = t.start_station "
  "AND t.start_min BETWEEN r.minute AND r.minute + 60)",
  "SELECT DISTINCT t.trip_id FROM trip AS t JOIN rebalance AS r ON r.to_station = t.start_station "
  "AND t.start_min - r.minute >= 0 AND t.start_min - r.minute <= 60",
  "SELECT DISTINCT t.trip_id FROM trip AS t JOIN rebalance AS r ON r.to_station = t.start_station "
  "AND t.start_min - r.minute >= 0 AND t.start_min - r.minute < 60",
  "a trip exactly an hour after the refill left out")
# --- SQLite spellings
B("sqlite:rider type per trip",
  "SELECT trip_id, IIF(member_id IS NULL, 'casual', 'member') FROM trip",
  "SELECT trip_id, CASE WHEN member_id IS NULL THEN 'casual' ELSE 'member' END FROM trip",
  "SELECT trip_id, IIF(member_id = NULL, 'casual', 'member') FROM trip",
  "= NULL: every rider a member", dialect="sqlite")
B("sqlite:trip minutes so far",
  "SELECT trip_id, MAX(IFNULL(end_min, 11520) - start_min, 0) FROM trip",
  "SELECT trip_id, CASE WHEN COALESCE(end_min, 11520) - start_min > 0 THEN COALESCE(end_min, 11520) - start_min "
  "ELSE 0 END FROM trip",
  "SELECT trip_id, MAX(end_min - start_min, 0) FROM trip",
  "the scalar MAX answers NULL for ongoing trips", dialect="sqlite")
B("sqlite:ongoing trips per bike",
  "SELECT bike_id, SUM(end_min IS NULL) FROM trip GROUP BY bike_id",
  "SELECT bike_id, COUNT(*) - COUNT(end_min) FROM trip GROUP BY bike_id",
  "SELECT bike_id, SUM(end_min = NULL) FROM trip GROUP BY bike_id",
  "= NULL: the sum is NULL", dialect="sqlite")

# --- late additions (one author, same sitting)
L("results:orders run on two instruments",
  "SELECT order_id FROM result GROUP BY order_id HAVING COUNT(DISTINCT instrument_id) > 1",
  "SELECT DISTINCT a.order_id FROM result AS a JOIN result AS b USING (order_id) WHERE a.instrument_id <> b.instrument_id",
  "SELECT order_id FROM result GROUP BY order_id HAVING COUNT(*) > 1",
  "two runs on one instrument counted")
L("qc:verified results per lab",
  "SELECT l.lab_id, COUNT(r.result_id) FROM lab AS l LEFT JOIN instrument AS i ON i.lab_id = l.lab_id "
  "LEFT JOIN result AS r ON r.instrument_id = i.instrument_id AND r.verified_min IS NOT NULL GROUP BY l.lab_id",
  "SELECT l.lab_id, (SELECT COUNT(r.verified_min) FROM instrument AS i JOIN result AS r USING (instrument_id) "
  "WHERE i.lab_id = l.lab_id) FROM lab AS l",
  "SELECT l.lab_id, (SELECT COUNT(*) FROM instrument AS i JOIN result AS r USING (instrument_id) "
  "WHERE i.lab_id = l.lab_id) FROM lab AS l",
  "unverified results counted")
M("billing:bills paid before the period ended",
  "SELECT bill_id FROM bill WHERE paid_day < end_day",
  "SELECT bill_id FROM bill WHERE end_day > paid_day",
  "SELECT bill_id FROM bill WHERE COALESCE(paid_day, 0) < end_day",
  "unpaid bills counted as paid on day 0")
M("tariffs:service points whose every meter is removed",
  "SELECT DISTINCT a.sp_id FROM meter AS a WHERE a.removal_day IS NOT NULL AND NOT EXISTS (SELECT 1 FROM meter AS b "
  "WHERE b.sp_id = a.sp_id AND b.removal_day IS NULL)",
  "SELECT sp_id FROM meter GROUP BY sp_id HAVING COUNT(removal_day) > 0 AND COUNT(removal_day) = COUNT(*)",
  "SELECT sp_id FROM meter GROUP BY sp_id HAVING COUNT(removal_day) > 0",
  "service points with any removed meter")
B("fleet:retired bikes with an open ticket",
  "SELECT DISTINCT b.bike_id FROM bike AS b JOIN ticket AS t ON t.bike_id = b.bike_id WHERE b.retired_day IS NOT NULL "
  "AND t.closed_day IS NULL",
  "SELECT bike_id FROM bike WHERE retired_day IS NOT NULL INTERSECT SELECT bike_id FROM ticket WHERE closed_day IS NULL",
  "SELECT bike_id FROM bike WHERE retired_day IS NOT NULL INTERSECT SELECT bike_id FROM ticket "
  "WHERE closed_day IS NOT NULL",
  "closed tickets taken for open ones")
B("trips:member trips per plan and start district",
  "SELECT m.plan, s.district, COUNT(*) FROM trip AS t JOIN member AS m ON m.member_id = t.member_id JOIN station AS s "
  "ON s.station_id = t.start_station GROUP BY m.plan, s.district",
  "SELECT plan, district, COUNT(*) FROM (SELECT t.trip_id, m.plan, s.district FROM member AS m, trip AS t, station AS s "
  "WHERE t.member_id = m.member_id AND s.station_id = t.start_station) AS x GROUP BY plan, district",
  "SELECT m.plan, s.district, COUNT(*) FROM trip AS t JOIN member AS m ON m.member_id = t.member_id JOIN station AS s "
  "ON s.station_id = t.end_station GROUP BY m.plan, s.district",
  "the end station's district")
