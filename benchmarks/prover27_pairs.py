"""The pairs of the twenty-seventh held-out prover corpus (``benchmarks/corpus/prover27/``), as
written (``prover27_build.py`` checks them in SQLite and writes the corpus).

Three sources: airline crew rostering report SQL (Sabre, Jeppesen and Navblue crew reports: block
minutes per crew and day, minimum rest violations between consecutive duties, crews qualified on
every type flown from their base, legs without a qualified captain, pairings spanning midnight,
seniority rank with ties, duty streaks, open pairings, late arrivals per route, the busiest
origin per day) against the hand-written query for the same report, on a new crew schema;
e-commerce returns report SQL (Loop, Narvar and Shopify returns reports: return rate per
category, refunds exceeding the line value, requests never received, time to refund per
warehouse, customers with every order returned, serial returners, the latest scan per request,
top returned products per category with ties, partial refund totals, restock share per grade)
against an equivalent formulation, on a new rma schema; and restaurant operations SQL (Toast,
Square for Restaurants and MarketMan reports: ticket times per location, voids per server, items
never ordered, counted usage between consecutive counts, 86'd items, covers per daypart, the
best seller per category with ties, overlapping shifts, locations selling every item, running
sales per day) against the hand-written query, on a new kitchen schema. Each ``add`` call is one
equivalent pair and one realistic non-equivalent mutant. Written from the author's own SQL for
these reports; not taken from any prover benchmark, rule test, tool's test suite or published
pair set; the verifier was not read.
"""

from __future__ import annotations

from benchmarks.held_out_pairs import pair_book

SOURCES = {
    "crew_rostering": ("crew", "airline crew rostering report SQL (Sabre, Jeppesen, Navblue crew reports: block "
                               "minutes per crew and day, minimum rest violations, crews qualified on every type "
                               "of their base, legs without a qualified captain, pairings spanning midnight, "
                               "seniority rank with ties, duty streaks, open pairings, late arrivals per route, "
                               "busiest origin per day) against the hand-written query for the same report"),
    "returns_rma": ("rma", "e-commerce returns report SQL (Loop, Narvar, Shopify returns reports: return rate per "
                           "category, refunds exceeding the line value, requests never received, time to refund "
                           "per warehouse, customers with every order returned, serial returners, latest scan "
                           "per request, top returned products per category with ties, partial refund totals, "
                           "restock share per grade) against an equivalent formulation"),
    "kitchen_ops": ("kitchen", "restaurant operations SQL (Toast, Square for Restaurants, MarketMan reports: ticket "
                               "times per location, voids per server, items never ordered, counted usage between "
                               "consecutive counts, 86'd items, covers per daypart, best seller per category "
                               "with ties, overlapping shifts, locations selling every item, running sales per "
                               "day) against the hand-written query"),
}
FILE = {k: k for k in SOURCES}


PAIRS, add = pair_book("prover27", SOURCES, FILE)


def C(rule, gold, pred, mutant, mutation, **kw):
    """A crew rostering report's SQL (gold) against the hand-written query (pred), crew."""
    add("crew_rostering", rule, gold, pred, mutant, mutation, **kw)


def R(rule, gold, pred, mutant, mutation, **kw):
    """A returns report's SQL (gold) against an equivalent formulation (pred), rma."""
    add("returns_rma", rule, gold, pred, mutant, mutation, **kw)


def K(rule, gold, pred, mutant, mutation, **kw):
    """A restaurant operations report's SQL (gold) against the hand-written query (pred), kitchen."""
    add("kitchen_ops", rule, gold, pred, mutant, mutation, **kw)


# ================================================================ crew rostering (crew)
# --- flying and block time
C("block:block minutes per crew and day",
  "SELECT a.crew_id, f.day, SUM(f.arr_min - f.dep_min) FROM assignment AS a JOIN pairing_leg AS l "
  "ON l.pairing_id = a.pairing_id JOIN flight AS f ON f.flight_id = l.flight_id GROUP BY a.crew_id, f.day",
  "SELECT a.crew_id, x.day, SUM(x.block) FROM assignment AS a JOIN (SELECT l.pairing_id, f.day, "
  "f.arr_min - f.dep_min AS block FROM pairing_leg AS l JOIN flight AS f USING (flight_id)) AS x "
  "ON x.pairing_id = a.pairing_id GROUP BY a.crew_id, x.day",
  "SELECT a.crew_id, x.day, SUM(DISTINCT x.block) FROM assignment AS a JOIN (SELECT l.pairing_id, f.day, "
  "f.arr_min - f.dep_min AS block FROM pairing_leg AS l JOIN flight AS f USING (flight_id)) AS x "
  "ON x.pairing_id = a.pairing_id GROUP BY a.crew_id, x.day",
  "SUM(DISTINCT): a second leg of the same length dropped")
C("block:block minutes per pairing with unflown pairings",
  "SELECT p.pairing_id, COALESCE(SUM(f.arr_min - f.dep_min), 0) FROM pairing AS p LEFT JOIN pairing_leg AS l "
  "ON l.pairing_id = p.pairing_id LEFT JOIN flight AS f ON f.flight_id = l.flight_id GROUP BY p.pairing_id",
  "SELECT p.pairing_id, (SELECT COALESCE(SUM(f.arr_min - f.dep_min), 0) FROM pairing_leg AS l JOIN flight AS f "
  "ON f.flight_id = l.flight_id WHERE l.pairing_id = p.pairing_id) FROM pairing AS p",
  "SELECT p.pairing_id, (SELECT SUM(f.arr_min - f.dep_min) FROM pairing_leg AS l JOIN flight AS f "
  "ON f.flight_id = l.flight_id WHERE l.pairing_id = p.pairing_id) FROM pairing AS p",
  "pairings without legs reported with NULL instead of 0")
C("block:legs per pairing over two minutes of block",
  "SELECT l.pairing_id, COUNT(*) FROM pairing_leg AS l JOIN flight AS f ON f.flight_id = l.flight_id "
  "WHERE f.arr_min - f.dep_min > 120 GROUP BY l.pairing_id",
  "SELECT pairing_id, SUM(CASE WHEN arr_min - dep_min > 120 THEN 1 ELSE 0 END) FROM pairing_leg "
  "JOIN flight USING (flight_id) GROUP BY pairing_id HAVING SUM(CASE WHEN arr_min - dep_min > 120 THEN 1 ELSE 0 END) > 0",
  "SELECT pairing_id, SUM(CASE WHEN arr_min - dep_min > 120 THEN 1 ELSE 0 END) FROM pairing_leg "
  "JOIN flight USING (flight_id) GROUP BY pairing_id",
  "pairings with no long leg listed with 0")
C("block:pairings spanning midnight",
  "SELECT DISTINCT l.pairing_id FROM pairing_leg AS l JOIN flight AS f ON f.flight_id = l.flight_id "
  "WHERE f.arr_min >= 1440",
  "SELECT p.pairing_id FROM pairing AS p WHERE p.pairing_id IN (SELECT l.pairing_id FROM pairing_leg AS l, "
  "flight AS f WHERE f.flight_id = l.flight_id AND f.arr_min > 1439)",
  "SELECT p.pairing_id FROM pairing AS p WHERE p.pairing_id IN (SELECT l.pairing_id FROM pairing_leg AS l, "
  "flight AS f WHERE f.flight_id = l.flight_id AND f.arr_min > 1440)",
  "an arrival exactly at midnight not counted")
C("block:overnight pairings spanning more than one day",
  "SELECT pairing_id FROM pairing WHERE n_days > 1 INTERSECT SELECT l.pairing_id FROM pairing_leg AS l "
  "JOIN flight AS f ON f.flight_id = l.flight_id WHERE f.arr_min >= 1440",
  "SELECT p.pairing_id FROM pairing AS p WHERE p.n_days >= 2 AND EXISTS (SELECT 1 FROM pairing_leg AS l "
  "JOIN flight AS f USING (flight_id) WHERE l.pairing_id = p.pairing_id AND f.arr_min >= 1440)",
  "SELECT p.pairing_id FROM pairing AS p WHERE p.n_days >= 2 OR EXISTS (SELECT 1 FROM pairing_leg AS l "
  "JOIN flight AS f USING (flight_id) WHERE l.pairing_id = p.pairing_id AND f.arr_min >= 1440)",
  "either condition instead of both")
C("block:the largest credit per base",
  "SELECT base, MAX(credit_h) FROM pairing GROUP BY base",
  "SELECT b.base, (SELECT p.credit_h FROM pairing AS p WHERE p.base = b.base ORDER BY p.credit_h DESC LIMIT 1) FROM "
  "(SELECT DISTINCT base FROM pairing) AS b",
  "SELECT b.base, (SELECT MAX(p.credit_h) FROM pairing AS p) FROM (SELECT DISTINCT base FROM pairing) AS b",
  "the largest credit of any base")
C("block:the longest pairing by credit per base with ties",
  "SELECT p.base, p.pairing_id FROM pairing AS p WHERE p.credit_h = (SELECT MAX(q.credit_h) FROM pairing AS q "
  "WHERE q.base = p.base)",
  "SELECT base, pairing_id FROM (SELECT base, pairing_id, DENSE_RANK() OVER (PARTITION BY base "
  "ORDER BY credit_h DESC) AS r FROM pairing) AS x WHERE r = 1",
  "SELECT base, pairing_id FROM (SELECT base, pairing_id, ROW_NUMBER() OVER (PARTITION BY base "
  "ORDER BY credit_h DESC, pairing_id) AS r FROM pairing) AS x WHERE r = 1",
  "ties cut to the lowest pairing id")
C("block:crews flying a pairing of every length",
  "SELECT a.crew_id FROM assignment AS a JOIN pairing AS p ON p.pairing_id = a.pairing_id GROUP BY a.crew_id "
  "HAVING COUNT(DISTINCT p.n_days) = (SELECT COUNT(DISTINCT n_days) FROM pairing)",
  "SELECT c.crew_id FROM crew_member AS c WHERE EXISTS (SELECT 1 FROM assignment AS a WHERE a.crew_id = c.crew_id) "
  "AND NOT EXISTS (SELECT 1 FROM pairing AS p WHERE NOT EXISTS (SELECT 1 FROM assignment AS a JOIN pairing AS q "
  "ON q.pairing_id = a.pairing_id WHERE a.crew_id = c.crew_id AND q.n_days = p.n_days))",
  "SELECT c.crew_id FROM crew_member AS c WHERE NOT EXISTS (SELECT 1 FROM pairing AS p WHERE NOT EXISTS "
  "(SELECT 1 FROM assignment AS a JOIN pairing AS q ON q.pairing_id = a.pairing_id WHERE a.crew_id = c.crew_id "
  "AND q.n_days = p.n_days))",
  "crews with no assignment listed when there are no pairings")
C("block:flights per aircraft type and day",
  "SELECT t.code, f.day, COUNT(*) FROM flight AS f JOIN aircraft_type AS t ON t.type_id = f.type_id "
  "GROUP BY t.code, f.day",
  "SELECT code, day, SUM(n) FROM (SELECT type_id, day, COUNT(*) AS n FROM flight GROUP BY type_id, day) AS g "
  "JOIN aircraft_type USING (type_id) GROUP BY code, day",
  "SELECT code, day, COUNT(*) FROM (SELECT type_id, day, COUNT(*) AS n FROM flight GROUP BY type_id, day) AS g "
  "JOIN aircraft_type USING (type_id) GROUP BY code, day",
  "the pre-aggregated groups counted instead of their flights")
C("block:seats flown per origin",
  "SELECT f.origin, SUM(t.seats) FROM flight AS f JOIN aircraft_type AS t ON t.type_id = f.type_id GROUP BY f.origin",
  "SELECT origin, SUM((SELECT seats FROM aircraft_type AS t WHERE t.type_id = f.type_id)) FROM flight AS f "
  "GROUP BY origin",
  "SELECT f.origin, SUM(DISTINCT t.seats) FROM flight AS f JOIN aircraft_type AS t ON t.type_id = f.type_id "
  "GROUP BY f.origin",
  "two flights of the same type counted once")
# --- punctuality
C("punctuality:late arrivals per route",
  "SELECT origin, destination, COUNT(*) FROM flight WHERE actual_arr - arr_min > 15 GROUP BY origin, destination",
  "SELECT origin, destination, SUM(CASE WHEN actual_arr - arr_min > 15 THEN 1 ELSE 0 END) FROM flight "
  "GROUP BY origin, destination HAVING SUM(CASE WHEN actual_arr - arr_min > 15 THEN 1 ELSE 0 END) > 0",
  "SELECT origin, destination, SUM(CASE WHEN actual_arr - arr_min >= 15 THEN 1 ELSE 0 END) FROM flight "
  "GROUP BY origin, destination HAVING SUM(CASE WHEN actual_arr - arr_min >= 15 THEN 1 ELSE 0 END) > 0",
  "exactly 15 minutes late counted as late")
C("punctuality:on-time share per route",
  "SELECT origin, destination, SUM(CASE WHEN actual_arr <= arr_min THEN 1 ELSE 0 END) * 100 / COUNT(*) FROM flight "
  "WHERE actual_arr IS NOT NULL GROUP BY origin, destination",
  "SELECT origin, destination, COUNT(CASE WHEN actual_arr <= arr_min THEN 1 END) * 100 / COUNT(actual_arr) "
  "FROM flight GROUP BY origin, destination HAVING COUNT(actual_arr) > 0",
  "SELECT origin, destination, COUNT(CASE WHEN actual_arr <= arr_min THEN 1 END) * 100 / COUNT(*) "
  "FROM flight GROUP BY origin, destination HAVING COUNT(actual_arr) > 0",
  "flights without an actual arrival kept in the denominator")
C("punctuality:flights without an actual arrival",
  "SELECT flight_id FROM flight WHERE actual_arr IS NULL",
  "SELECT flight_id FROM flight EXCEPT SELECT flight_id FROM flight WHERE actual_arr >= 0 OR actual_arr < 0",
  "SELECT flight_id FROM flight WHERE NOT (actual_arr >= 0 OR actual_arr < 0)",
  "NOT over a NULL: no flight listed")
C("punctuality:average delay per flight number",
  "SELECT flight_no, AVG(actual_arr - arr_min) FROM flight GROUP BY flight_no",
  "SELECT flight_no, AVG(d) FROM (SELECT flight_no, actual_arr - arr_min AS d FROM flight) AS x GROUP BY flight_no",
  "SELECT flight_no, AVG(COALESCE(d, 0)) FROM (SELECT flight_no, actual_arr - arr_min AS d FROM flight) AS x "
  "GROUP BY flight_no",
  "flights without an actual arrival averaged as on time")
C("punctuality:routes flown both ways",
  "SELECT DISTINCT a.origin, a.destination FROM flight AS a JOIN flight AS b ON b.origin = a.destination "
  "AND b.destination = a.origin WHERE a.origin <> a.destination",
  "SELECT origin, destination FROM flight WHERE origin <> destination INTERSECT "
  "SELECT destination, origin FROM flight",
  "SELECT origin, destination FROM flight WHERE origin <> destination UNION "
  "SELECT destination, origin FROM flight WHERE origin <> destination",
  "UNION for INTERSECT: every route and its reverse")
C("punctuality:the worst delay per origin with ties",
  "SELECT f.origin, f.flight_id FROM flight AS f WHERE f.actual_arr - f.arr_min = (SELECT MAX(g.actual_arr - g.arr_min) "
  "FROM flight AS g WHERE g.origin = f.origin)",
  "SELECT origin, flight_id FROM (SELECT origin, flight_id, RANK() OVER (PARTITION BY origin "
  "ORDER BY actual_arr - arr_min DESC) AS r FROM flight WHERE actual_arr IS NOT NULL) AS x WHERE r = 1",
  "SELECT origin, flight_id FROM (SELECT origin, flight_id, RANK() OVER (ORDER BY actual_arr - arr_min DESC) "
  "AS r FROM flight WHERE actual_arr IS NOT NULL) AS x WHERE r = 1",
  "the worst delay over all origins")
C("punctuality:early arrivals by flight number",
  "SELECT flight_no, COUNT(*) FROM flight WHERE actual_arr < arr_min GROUP BY flight_no",
  "SELECT flight_no, COUNT(*) FROM flight WHERE NOT actual_arr >= arr_min GROUP BY flight_no",
  "SELECT flight_no, COUNT(*) FROM flight WHERE NOT actual_arr > arr_min GROUP BY flight_no",
  "on-time arrivals counted as early")
C("punctuality:flights arriving after the next leg departs",
  "SELECT a.pairing_id, a.leg_no FROM pairing_leg AS a JOIN pairing_leg AS b ON b.pairing_id = a.pairing_id "
  "AND b.leg_no = a.leg_no + 1 JOIN flight AS fa ON fa.flight_id = a.flight_id JOIN flight AS fb "
  "ON fb.flight_id = b.flight_id WHERE fa.day = fb.day AND fa.actual_arr > fb.dep_min",
  "SELECT pairing_id, leg_no FROM (SELECT l.pairing_id, l.leg_no, f.day, f.actual_arr, "
  "LEAD(l.leg_no) OVER (PARTITION BY l.pairing_id ORDER BY l.leg_no) AS nleg, "
  "LEAD(f.day) OVER (PARTITION BY l.pairing_id ORDER BY l.leg_no) AS nday, "
  "LEAD(f.dep_min) OVER (PARTITION BY l.pairing_id ORDER BY l.leg_no) AS ndep "
  "FROM pairing_leg AS l JOIN flight AS f USING (flight_id)) AS x "
  "WHERE nleg = leg_no + 1 AND nday = day AND actual_arr > ndep",
  "SELECT pairing_id, leg_no FROM (SELECT l.pairing_id, l.leg_no, f.day, f.actual_arr, "
  "LEAD(f.day) OVER (PARTITION BY l.pairing_id ORDER BY l.leg_no) AS nday, "
  "LEAD(f.dep_min) OVER (PARTITION BY l.pairing_id ORDER BY l.leg_no) AS ndep "
  "FROM pairing_leg AS l JOIN flight AS f USING (flight_id)) AS x "
  "WHERE nday = day AND actual_arr > ndep",
  "the next leg present, not the numbered next one: a skipped leg number compared")
# --- qualifications
C("qualification:crews qualified on every type flown from their base",
  "SELECT c.crew_id FROM crew_member AS c WHERE NOT EXISTS (SELECT 1 FROM flight AS f WHERE f.origin = c.base "
  "AND NOT EXISTS (SELECT 1 FROM qualification AS q WHERE q.crew_id = c.crew_id AND q.type_id = f.type_id))",
  "SELECT crew_id FROM crew_member EXCEPT SELECT c.crew_id FROM crew_member AS c JOIN flight AS f "
  "ON f.origin = c.base LEFT JOIN qualification AS q ON q.crew_id = c.crew_id AND q.type_id = f.type_id "
  "WHERE q.crew_id IS NULL",
  "SELECT c.crew_id FROM crew_member AS c WHERE EXISTS (SELECT 1 FROM flight AS f WHERE f.origin = c.base) "
  "AND NOT EXISTS (SELECT 1 FROM flight AS f WHERE f.origin = c.base AND NOT EXISTS (SELECT 1 FROM qualification "
  "AS q WHERE q.crew_id = c.crew_id AND q.type_id = f.type_id))",
  "crews at a base without flights dropped")
C("qualification:legs flown without a qualified captain",
  "SELECT l.pairing_id, l.leg_no FROM pairing_leg AS l JOIN flight AS f ON f.flight_id = l.flight_id "
  "WHERE NOT EXISTS (SELECT 1 FROM assignment AS a JOIN qualification AS q ON q.crew_id = a.crew_id "
  "WHERE a.pairing_id = l.pairing_id AND a.position = 'CA' AND q.type_id = f.type_id "
  "AND (q.expiry_day IS NULL OR q.expiry_day >= f.day))",
  "SELECT pairing_id, leg_no FROM pairing_leg EXCEPT SELECT l.pairing_id, l.leg_no FROM pairing_leg AS l "
  "JOIN flight AS f USING (flight_id) JOIN assignment AS a ON a.pairing_id = l.pairing_id "
  "JOIN qualification AS q ON q.crew_id = a.crew_id AND q.type_id = f.type_id "
  "WHERE a.position = 'CA' AND COALESCE(q.expiry_day, f.day) >= f.day",
  "SELECT pairing_id, leg_no FROM pairing_leg EXCEPT SELECT l.pairing_id, l.leg_no FROM pairing_leg AS l "
  "JOIN flight AS f USING (flight_id) JOIN assignment AS a ON a.pairing_id = l.pairing_id "
  "JOIN qualification AS q ON q.crew_id = a.crew_id AND q.type_id = f.type_id "
  "WHERE a.position = 'CA' AND COALESCE(q.expiry_day, 0) >= f.day",
  "a qualification without expiry treated as expired")
C("qualification:qualifications expiring before day 3",
  "SELECT crew_id, type_id FROM qualification WHERE expiry_day < 3",
  "SELECT q.crew_id, q.type_id FROM qualification AS q WHERE q.expiry_day IS NOT NULL AND NOT q.expiry_day >= 3",
  "SELECT q.crew_id, q.type_id FROM qualification AS q WHERE NOT COALESCE(q.expiry_day, 0) >= 3",
  "qualifications without expiry listed as expiring")
C("qualification:qualified crews per type with unqualified types",
  "SELECT t.type_id, COUNT(q.crew_id) FROM aircraft_type AS t LEFT JOIN qualification AS q ON q.type_id = t.type_id "
  "GROUP BY t.type_id",
  "SELECT type_id, (SELECT COUNT(*) FROM qualification AS q WHERE q.type_id = t.type_id) FROM aircraft_type AS t",
  "SELECT t.type_id, COUNT(*) FROM aircraft_type AS t LEFT JOIN qualification AS q ON q.type_id = t.type_id "
  "GROUP BY t.type_id",
  "COUNT(*) over the outer join: unqualified types counted as 1")
C("qualification:captains qualified on two or more types",
  "SELECT c.crew_id FROM crew_member AS c JOIN qualification AS q ON q.crew_id = c.crew_id "
  "WHERE c.crew_rank = 'captain' GROUP BY c.crew_id HAVING COUNT(*) >= 2",
  "SELECT DISTINCT a.crew_id FROM qualification AS a JOIN qualification AS b ON b.crew_id = a.crew_id "
  "AND b.type_id <> a.type_id WHERE a.crew_id IN (SELECT crew_id FROM crew_member WHERE crew_rank = 'captain')",
  "SELECT DISTINCT a.crew_id FROM qualification AS a JOIN qualification AS b ON b.crew_id = a.crew_id "
  "WHERE a.crew_id IN (SELECT crew_id FROM crew_member WHERE crew_rank = 'captain')",
  "the self-join pairs a qualification with itself")
C("qualification:crews assigned to a type they are not qualified on",
  "SELECT DISTINCT a.crew_id FROM assignment AS a JOIN pairing_leg AS l ON l.pairing_id = a.pairing_id "
  "JOIN flight AS f ON f.flight_id = l.flight_id LEFT JOIN qualification AS q ON q.crew_id = a.crew_id "
  "AND q.type_id = f.type_id WHERE q.type_id IS NULL",
  "SELECT a.crew_id FROM assignment AS a, pairing_leg AS l, flight AS f WHERE l.pairing_id = a.pairing_id "
  "AND f.flight_id = l.flight_id AND NOT EXISTS (SELECT 1 FROM qualification AS q WHERE q.crew_id = a.crew_id "
  "AND q.type_id = f.type_id) GROUP BY a.crew_id",
  "SELECT a.crew_id FROM assignment AS a, pairing_leg AS l, flight AS f WHERE l.pairing_id = a.pairing_id "
  "AND f.flight_id = l.flight_id AND f.type_id NOT IN (SELECT q.type_id FROM qualification AS q "
  "WHERE q.crew_id = a.crew_id)",
  "one row per unqualified leg instead of one per crew")
C("qualification:types nobody is qualified on",
  "SELECT t.type_id FROM aircraft_type AS t LEFT JOIN qualification AS q ON q.type_id = t.type_id "
  "WHERE q.crew_id IS NULL",
  "SELECT type_id FROM aircraft_type WHERE type_id NOT IN (SELECT type_id FROM qualification)",
  "SELECT type_id FROM aircraft_type WHERE type_id NOT IN (SELECT type_id FROM qualification "
  "WHERE expiry_day IS NULL)",
  "only qualifications without expiry considered")
C("qualification:the latest expiry per crew",
  "SELECT crew_id, MAX(expiry_day) FROM qualification GROUP BY crew_id",
  "SELECT DISTINCT q.crew_id, (SELECT r.expiry_day FROM qualification AS r WHERE r.crew_id = q.crew_id "
  "AND r.expiry_day IS NOT NULL ORDER BY r.expiry_day DESC LIMIT 1) FROM qualification AS q",
  "SELECT DISTINCT q.crew_id, (SELECT r.expiry_day FROM qualification AS r WHERE r.crew_id = q.crew_id "
  "AND r.expiry_day IS NOT NULL ORDER BY r.expiry_day LIMIT 1) FROM qualification AS q",
  "the earliest expiry")
C("qualification:qualified crews per base and type code",
  "SELECT c.base, t.code, COUNT(*) FROM qualification AS q JOIN crew_member AS c ON c.crew_id = q.crew_id "
  "JOIN aircraft_type AS t ON t.type_id = q.type_id GROUP BY c.base, t.code",
  "SELECT base, code, COUNT(*) FROM crew_member JOIN qualification USING (crew_id) JOIN aircraft_type "
  "USING (type_id) GROUP BY code, base",
  "SELECT base, code, COUNT(DISTINCT crew_rank) FROM crew_member JOIN qualification USING (crew_id) "
  "JOIN aircraft_type USING (type_id) GROUP BY code, base",
  "ranks counted instead of qualifications")
# --- seniority and crew
C("seniority:seniority rank per base with ties",
  "SELECT crew_id, RANK() OVER (PARTITION BY base ORDER BY seniority) FROM crew_member WHERE seniority IS NOT NULL",
  "SELECT c.crew_id, 1 + (SELECT COUNT(*) FROM crew_member AS o WHERE o.base = c.base AND o.seniority < c.seniority) "
  "FROM crew_member AS c WHERE c.seniority IS NOT NULL",
  "SELECT c.crew_id, 1 + (SELECT COUNT(DISTINCT o.seniority) FROM crew_member AS o WHERE o.base = c.base "
  "AND o.seniority < c.seniority) FROM crew_member AS c WHERE c.seniority IS NOT NULL",
  "a dense rank: ties do not skip")
C("seniority:dense seniority rank over all bases",
  "SELECT crew_id, DENSE_RANK() OVER (ORDER BY seniority) FROM crew_member WHERE seniority IS NOT NULL",
  "SELECT c.crew_id, (SELECT COUNT(DISTINCT o.seniority) FROM crew_member AS o WHERE o.seniority <= c.seniority) "
  "FROM crew_member AS c WHERE c.seniority IS NOT NULL",
  "SELECT c.crew_id, (SELECT COUNT(*) FROM crew_member AS o WHERE o.seniority <= c.seniority) "
  "FROM crew_member AS c WHERE c.seniority IS NOT NULL",
  "tied crews counted, not distinct numbers")
C("seniority:crews sharing a seniority number",
  "SELECT DISTINCT a.crew_id FROM crew_member AS a JOIN crew_member AS b ON b.seniority = a.seniority "
  "AND b.crew_id <> a.crew_id",
  "SELECT crew_id FROM crew_member WHERE seniority IN (SELECT seniority FROM crew_member GROUP BY seniority "
  "HAVING COUNT(*) > 1)",
  "SELECT crew_id FROM crew_member WHERE COALESCE(seniority, 0) IN (SELECT COALESCE(seniority, 0) FROM crew_member "
  "GROUP BY COALESCE(seniority, 0) HAVING COUNT(*) > 1)",
  "crews without a seniority number paired with each other")
C("seniority:the most senior captain per base with ties",
  "SELECT base, crew_id FROM crew_member AS c WHERE crew_rank = 'captain' AND seniority = (SELECT MIN(seniority) "
  "FROM crew_member AS d WHERE d.base = c.base AND d.crew_rank = 'captain')",
  "SELECT c.base, c.crew_id FROM crew_member AS c WHERE c.crew_rank = 'captain' AND c.seniority IS NOT NULL "
  "AND NOT EXISTS (SELECT 1 FROM crew_member AS d WHERE d.base = c.base AND d.crew_rank = 'captain' "
  "AND d.seniority < c.seniority)",
  "SELECT c.base, c.crew_id FROM crew_member AS c WHERE c.crew_rank = 'captain' AND c.seniority IS NOT NULL "
  "AND NOT EXISTS (SELECT 1 FROM crew_member AS d WHERE d.base = c.base AND d.seniority < c.seniority)",
  "seniority compared with every rank of the base")
C("seniority:crews hired before day 100 without seniority",
  "SELECT crew_id FROM crew_member WHERE hire_day < 100 AND seniority IS NULL",
  "SELECT crew_id FROM crew_member WHERE hire_day < 100 EXCEPT SELECT crew_id FROM crew_member "
  "WHERE seniority IS NOT NULL",
  "SELECT crew_id FROM crew_member WHERE hire_day <= 100 EXCEPT SELECT crew_id FROM crew_member "
  "WHERE seniority IS NOT NULL",
  "a crew hired on day 100 listed")
C("seniority:crews per rank and base",
  "SELECT crew_rank, base, COUNT(*) FROM crew_member GROUP BY crew_rank, base",
  "SELECT DISTINCT crew_rank, base, COUNT(*) OVER (PARTITION BY crew_rank, base) FROM crew_member",
  "SELECT DISTINCT crew_rank, base, COUNT(seniority) OVER (PARTITION BY crew_rank, base) FROM crew_member",
  "crews without seniority not counted")
C("seniority:average seniority number per rank",
  "SELECT crew_rank, AVG(seniority) FROM crew_member GROUP BY crew_rank",
  "SELECT r.crew_rank, (SELECT AVG(c.seniority) FROM crew_member AS c WHERE c.crew_rank = r.crew_rank) "
  "FROM (SELECT crew_rank FROM crew_member GROUP BY crew_rank) AS r",
  "SELECT r.crew_rank, (SELECT AVG(COALESCE(c.seniority, 0)) FROM crew_member AS c WHERE c.crew_rank = r.crew_rank) "
  "FROM (SELECT crew_rank FROM crew_member GROUP BY crew_rank) AS r",
  "crews without a number averaged as 0")
C("seniority:bases with a first officer more senior than a captain",
  "SELECT DISTINCT f.base FROM crew_member AS f JOIN crew_member AS c ON c.base = f.base WHERE f.crew_rank = "
  "'first_officer' AND c.crew_rank = 'captain' AND f.seniority < c.seniority",
  "SELECT f.base FROM crew_member AS f WHERE f.crew_rank = 'first_officer' AND f.seniority < (SELECT MAX(c.seniority) "
  "FROM crew_member AS c WHERE c.base = f.base AND c.crew_rank = 'captain') GROUP BY f.base",
  "SELECT f.base FROM crew_member AS f WHERE f.crew_rank = 'first_officer' AND f.seniority < (SELECT MIN(c.seniority) "
  "FROM crew_member AS c WHERE c.base = f.base AND c.crew_rank = 'captain') GROUP BY f.base",
  "more senior than every captain instead of some captain")
# --- duties and rest
C("duty:minimum rest violations between consecutive duties",
  "SELECT duty_id FROM (SELECT duty_id, day * 1440 + start_min AS s, LAG(day * 1440 + end_min) OVER "
  "(PARTITION BY crew_id ORDER BY day, start_min, duty_id) AS pe FROM duty) AS d WHERE s - pe < 600",
  "SELECT d.duty_id FROM duty AS d WHERE d.day * 1440 + d.start_min - (SELECT p.day * 1440 + p.end_min FROM duty AS p "
  "WHERE p.crew_id = d.crew_id AND (p.day < d.day OR (p.day = d.day AND (p.start_min < d.start_min "
  "OR (p.start_min = d.start_min AND p.duty_id < d.duty_id)))) ORDER BY p.day DESC, p.start_min DESC, "
  "p.duty_id DESC LIMIT 1) < 600",
  "SELECT duty_id FROM (SELECT duty_id, day * 1440 + start_min AS s, LAG(day * 1440 + end_min) OVER "
  "(ORDER BY day, start_min, duty_id) AS pe FROM duty) AS d WHERE s - pe < 600",
  "the previous duty of any crew")
C("duty:duty streaks of three days or more",
  "WITH d AS (SELECT DISTINCT crew_id, day FROM duty), g AS (SELECT crew_id, day, day - ROW_NUMBER() OVER "
  "(PARTITION BY crew_id ORDER BY day) AS grp FROM d) SELECT crew_id, MIN(day), MAX(day) FROM g "
  "GROUP BY crew_id, grp HAVING COUNT(*) >= 3",
  "SELECT crew_id, MIN(day), MAX(day) FROM (SELECT crew_id, day, day - DENSE_RANK() OVER (PARTITION BY crew_id "
  "ORDER BY day) AS grp FROM duty) AS g GROUP BY crew_id, grp HAVING COUNT(DISTINCT day) >= 3",
  "SELECT crew_id, MIN(day), MAX(day) FROM (SELECT crew_id, day, day - DENSE_RANK() OVER (PARTITION BY crew_id "
  "ORDER BY day) AS grp FROM duty) AS g GROUP BY crew_id, grp HAVING COUNT(*) >= 3",
  "two duties on one day counted as two days of the streak")
C("duty:first day of each duty streak",
  "SELECT DISTINCT d.crew_id, d.day FROM duty AS d WHERE NOT EXISTS (SELECT 1 FROM duty AS p "
  "WHERE p.crew_id = d.crew_id AND p.day = d.day - 1)",
  "SELECT crew_id, day FROM (SELECT crew_id, day, LAG(day) OVER (PARTITION BY crew_id ORDER BY day) AS pd "
  "FROM (SELECT crew_id, day FROM duty GROUP BY crew_id, day) AS x) AS y WHERE pd IS NULL OR pd < day - 1",
  "SELECT crew_id, day FROM (SELECT crew_id, day, LAG(day) OVER (PARTITION BY crew_id ORDER BY day) AS pd "
  "FROM (SELECT crew_id, day FROM duty GROUP BY crew_id, day) AS x) AS y WHERE pd < day - 1",
  "each crew's first duty day not listed")
C("duty:open duties per crew",
  "SELECT crew_id, COUNT(*) - COUNT(end_min) FROM duty GROUP BY crew_id",
  "SELECT crew_id, SUM(CASE WHEN end_min IS NULL THEN 1 ELSE 0 END) FROM duty GROUP BY crew_id",
  "SELECT crew_id, SUM(CASE WHEN end_min IS NULL THEN 0 ELSE 1 END) FROM duty GROUP BY crew_id",
  "closed duties counted")
C("duty:duty minutes per crew with open duties as zero",
  "SELECT crew_id, SUM(COALESCE(end_min - start_min, 0)) FROM duty GROUP BY crew_id",
  "SELECT c.crew_id, x.m FROM crew_member AS c JOIN (SELECT crew_id, SUM(CASE WHEN end_min IS NULL THEN 0 "
  "ELSE end_min - start_min END) AS m FROM duty GROUP BY crew_id) AS x ON x.crew_id = c.crew_id",
  "SELECT c.crew_id, x.m FROM crew_member AS c JOIN (SELECT crew_id, SUM(end_min - start_min) AS m FROM duty "
  "GROUP BY crew_id) AS x ON x.crew_id = c.crew_id",
  "crews with only open duties reported with NULL")
C("duty:overlapping duties of one crew",
  "SELECT a.duty_id, b.duty_id FROM duty AS a JOIN duty AS b ON b.crew_id = a.crew_id AND a.duty_id < b.duty_id "
  "AND a.day = b.day WHERE a.start_min < COALESCE(b.end_min, 1440) AND b.start_min < COALESCE(a.end_min, 1440)",
  "SELECT a.duty_id, b.duty_id FROM duty AS a, duty AS b WHERE b.crew_id = a.crew_id AND a.duty_id < b.duty_id "
  "AND a.day = b.day AND (a.end_min IS NULL OR b.start_min < a.end_min) AND (b.end_min IS NULL "
  "OR a.start_min < b.end_min) AND a.start_min < 1440 AND b.start_min < 1440",
  "SELECT a.duty_id, b.duty_id FROM duty AS a, duty AS b WHERE b.crew_id = a.crew_id AND a.duty_id < b.duty_id "
  "AND a.day = b.day AND b.start_min < a.end_min AND a.start_min < b.end_min",
  "open duties never overlap")
C("duty:crews with a duty on a rest day",
  "SELECT DISTINCT d.crew_id FROM duty AS d JOIN rest_period AS r ON r.crew_id = d.crew_id "
  "WHERE d.day BETWEEN r.start_day AND r.end_day",
  "SELECT crew_id FROM crew_member AS c WHERE EXISTS (SELECT 1 FROM duty AS d, rest_period AS r "
  "WHERE d.crew_id = c.crew_id AND r.crew_id = c.crew_id AND d.day >= r.start_day AND d.day <= r.end_day)",
  "SELECT crew_id FROM crew_member AS c WHERE EXISTS (SELECT 1 FROM duty AS d, rest_period AS r "
  "WHERE d.crew_id = c.crew_id AND r.crew_id = c.crew_id AND d.day > r.start_day AND d.day < r.end_day)",
  "the first and last rest day not counted")
C("duty:rest days per crew",
  "SELECT crew_id, SUM(end_day - start_day + 1) FROM rest_period GROUP BY crew_id",
  "SELECT c.crew_id, SUM(r.end_day - r.start_day + 1) FROM crew_member AS c JOIN rest_period AS r "
  "USING (crew_id) GROUP BY c.crew_id",
  "SELECT c.crew_id, SUM(r.end_day - r.start_day) FROM crew_member AS c JOIN rest_period AS r "
  "USING (crew_id) GROUP BY c.crew_id",
  "the last rest day not counted")
C("duty:crews with no duty after their last rest",
  "SELECT DISTINCT r.crew_id FROM rest_period AS r WHERE NOT EXISTS (SELECT 1 FROM duty AS d "
  "WHERE d.crew_id = r.crew_id AND d.day > (SELECT MAX(e.end_day) FROM rest_period AS e WHERE e.crew_id = r.crew_id))",
  "SELECT x.crew_id FROM (SELECT crew_id, MAX(end_day) AS last_rest FROM rest_period GROUP BY crew_id) AS x "
  "LEFT JOIN duty AS d ON d.crew_id = x.crew_id AND d.day > x.last_rest GROUP BY x.crew_id "
  "HAVING COUNT(d.duty_id) = 0",
  "SELECT x.crew_id FROM (SELECT crew_id, MIN(end_day) AS last_rest FROM rest_period GROUP BY crew_id) AS x "
  "LEFT JOIN duty AS d ON d.crew_id = x.crew_id AND d.day > x.last_rest GROUP BY x.crew_id "
  "HAVING COUNT(d.duty_id) = 0",
  "the first rest taken for the last")
C("duty:duties per crew and day with days off",
  "SELECT c.crew_id, COUNT(d.duty_id) FROM crew_member AS c LEFT JOIN duty AS d ON d.crew_id = c.crew_id "
  "AND d.day = 2 GROUP BY c.crew_id",
  "SELECT crew_id, (SELECT COUNT(*) FROM duty AS d WHERE d.crew_id = c.crew_id AND d.day = 2) FROM crew_member AS c",
  "SELECT c.crew_id, COUNT(d.duty_id) FROM crew_member AS c LEFT JOIN duty AS d ON d.crew_id = c.crew_id "
  "WHERE d.day = 2 GROUP BY c.crew_id",
  "the day filter in WHERE drops crews off on day 2")
C("duty:the longest closed duty per crew with ties",
  "SELECT crew_id, duty_id FROM (SELECT crew_id, duty_id, RANK() OVER (PARTITION BY crew_id "
  "ORDER BY end_min - start_min DESC) AS r FROM duty WHERE end_min IS NOT NULL) AS x WHERE r = 1",
  "SELECT d.crew_id, d.duty_id FROM duty AS d WHERE d.end_min IS NOT NULL AND NOT EXISTS (SELECT 1 FROM duty AS e "
  "WHERE e.crew_id = d.crew_id AND e.end_min - e.start_min > d.end_min - d.start_min)",
  "SELECT d.crew_id, d.duty_id FROM duty AS d WHERE d.end_min IS NOT NULL AND NOT EXISTS (SELECT 1 FROM duty AS e "
  "WHERE e.crew_id = d.crew_id AND e.end_min - e.start_min >= d.end_min - d.start_min AND e.duty_id <> d.duty_id)",
  "ties excluded")
C("duty:running duty count per crew",
  "SELECT duty_id, COUNT(*) OVER (PARTITION BY crew_id ORDER BY day, duty_id ROWS BETWEEN UNBOUNDED PRECEDING "
  "AND CURRENT ROW) FROM duty",
  "SELECT d.duty_id, (SELECT COUNT(*) FROM duty AS e WHERE e.crew_id = d.crew_id AND (e.day < d.day "
  "OR (e.day = d.day AND e.duty_id <= d.duty_id))) FROM duty AS d",
  "SELECT d.duty_id, (SELECT COUNT(*) FROM duty AS e WHERE e.crew_id = d.crew_id AND e.day <= d.day) FROM duty AS d",
  "duties later on the same day counted")
C("duty:duty minutes over the last three closed duties",
  "SELECT duty_id, SUM(end_min - start_min) OVER (PARTITION BY crew_id ORDER BY day, duty_id ROWS BETWEEN 2 PRECEDING "
  "AND CURRENT ROW) FROM duty WHERE end_min IS NOT NULL",
  "SELECT d.duty_id, (SELECT SUM(e.end_min - e.start_min) FROM duty AS e WHERE e.crew_id = d.crew_id "
  "AND e.end_min IS NOT NULL AND (e.day < d.day OR (e.day = d.day AND e.duty_id <= d.duty_id)) "
  "AND (SELECT COUNT(*) FROM duty AS m WHERE m.crew_id = d.crew_id AND m.end_min IS NOT NULL AND (m.day > e.day "
  "OR (m.day = e.day AND m.duty_id > e.duty_id)) AND (m.day < d.day OR (m.day = d.day AND m.duty_id <= d.duty_id))) "
  "<= 2) FROM duty AS d WHERE d.end_min IS NOT NULL",
  "SELECT duty_id, SUM(end_min - start_min) OVER (PARTITION BY crew_id ORDER BY day, duty_id ROWS BETWEEN 1 PRECEDING "
  "AND CURRENT ROW) FROM duty WHERE end_min IS NOT NULL",
  "a window of two duties")
# --- assignments and pairings
C("assignment:open pairings never assigned",
  "SELECT pairing_id FROM pairing AS p WHERE NOT EXISTS (SELECT 1 FROM assignment AS a WHERE a.pairing_id = p.pairing_id)",
  "SELECT pairing_id FROM pairing WHERE pairing_id NOT IN (SELECT pairing_id FROM assignment)",
  "SELECT p.pairing_id FROM pairing AS p LEFT JOIN assignment AS a ON a.pairing_id = p.pairing_id "
  "AND a.position = 'CA' WHERE a.crew_id IS NULL",
  "pairings without a captain listed as open")
C("assignment:pairings without a full cockpit",
  "SELECT p.pairing_id FROM pairing AS p WHERE NOT EXISTS (SELECT 1 FROM assignment AS a WHERE a.pairing_id = "
  "p.pairing_id AND a.position = 'CA') OR NOT EXISTS (SELECT 1 FROM assignment AS a WHERE a.pairing_id = p.pairing_id "
  "AND a.position = 'FO')",
  "SELECT p.pairing_id FROM pairing AS p LEFT JOIN assignment AS a ON a.pairing_id = p.pairing_id GROUP BY p.pairing_id "
  "HAVING SUM(CASE WHEN a.position = 'CA' THEN 1 ELSE 0 END) = 0 OR SUM(CASE WHEN a.position = 'FO' THEN 1 ELSE 0 END) = 0",
  "SELECT p.pairing_id FROM pairing AS p JOIN assignment AS a ON a.pairing_id = p.pairing_id GROUP BY p.pairing_id "
  "HAVING SUM(CASE WHEN a.position = 'CA' THEN 1 ELSE 0 END) = 0 OR SUM(CASE WHEN a.position = 'FO' THEN 1 ELSE 0 END) = 0",
  "pairings with nobody assigned dropped")
C("assignment:crews per pairing and position",
  "SELECT pairing_id, position, COUNT(*) FROM assignment WHERE position IN ('CA', 'FO', 'FA') "
  "GROUP BY pairing_id, position",
  "SELECT pairing_id, 'CA', COUNT(*) FROM assignment WHERE position = 'CA' GROUP BY pairing_id UNION ALL "
  "SELECT pairing_id, 'FO', COUNT(*) FROM assignment WHERE position = 'FO' GROUP BY pairing_id UNION ALL "
  "SELECT pairing_id, 'FA', COUNT(*) FROM assignment WHERE position = 'FA' GROUP BY pairing_id",
  "SELECT pairing_id, 'CA', COUNT(*) FROM assignment WHERE position = 'CA' GROUP BY pairing_id UNION ALL "
  "SELECT pairing_id, 'FO', COUNT(*) FROM assignment WHERE position <> 'CA' GROUP BY pairing_id",
  "cabin crew counted as first officers")
C("assignment:crews flying out of another base",
  "SELECT a.crew_id, a.pairing_id FROM assignment AS a JOIN crew_member AS c ON c.crew_id = a.crew_id "
  "JOIN pairing AS p ON p.pairing_id = a.pairing_id WHERE c.base <> p.base",
  "SELECT crew_id, pairing_id FROM assignment AS a WHERE NOT EXISTS (SELECT 1 FROM crew_member AS c "
  "JOIN pairing AS p ON p.base = c.base WHERE c.crew_id = a.crew_id AND p.pairing_id = a.pairing_id)",
  "SELECT crew_id, pairing_id FROM assignment AS a WHERE NOT EXISTS (SELECT 1 FROM crew_member AS c "
  "JOIN pairing AS p ON p.base = c.base WHERE c.crew_id = a.crew_id)",
  "the pairing not correlated: any pairing at the crew's base")
C("assignment:captains in a non-captain position",
  "SELECT a.crew_id, a.pairing_id FROM assignment AS a JOIN crew_member AS c USING (crew_id) "
  "WHERE c.crew_rank = 'captain' AND a.position <> 'CA'",
  "SELECT crew_id, pairing_id FROM assignment WHERE NOT position = 'CA' AND crew_id IN "
  "(SELECT crew_id FROM crew_member WHERE crew_rank = 'captain')",
  "SELECT crew_id, pairing_id FROM assignment WHERE position = 'FO' AND crew_id IN "
  "(SELECT crew_id FROM crew_member WHERE crew_rank = 'captain')",
  "captains in the cabin not listed")
C("assignment:assigned pairings per crew with idle crews",
  "SELECT c.crew_id, COUNT(a.pairing_id) FROM crew_member AS c LEFT JOIN assignment AS a ON a.crew_id = c.crew_id "
  "GROUP BY c.crew_id",
  "SELECT crew_id, COUNT(*) FROM assignment GROUP BY crew_id UNION ALL SELECT crew_id, 0 FROM crew_member "
  "WHERE crew_id NOT IN (SELECT crew_id FROM assignment)",
  "SELECT crew_id, COUNT(*) FROM assignment GROUP BY crew_id UNION ALL SELECT crew_id, 0 FROM crew_member",
  "every crew listed again with 0")
C("assignment:credit range per crew",
  "SELECT a.crew_id, MIN(p.credit_h), MAX(p.credit_h) FROM assignment AS a JOIN pairing AS p "
  "ON p.pairing_id = a.pairing_id GROUP BY a.crew_id",
  "SELECT crew_id, MIN(credit_h), MAX(credit_h) FROM pairing JOIN assignment USING (pairing_id) GROUP BY crew_id",
  "SELECT crew_id, MIN(credit_h), MAX(credit_h) FROM pairing JOIN assignment USING (pairing_id) "
  "WHERE position <> 'FA' GROUP BY crew_id",
  "cabin assignments left out")
C("assignment:crews assigned to two pairings starting the same day",
  "SELECT DISTINCT a.crew_id FROM assignment AS a JOIN pairing AS p ON p.pairing_id = a.pairing_id "
  "JOIN assignment AS b ON b.crew_id = a.crew_id AND b.pairing_id <> a.pairing_id JOIN pairing AS q "
  "ON q.pairing_id = b.pairing_id WHERE q.start_day = p.start_day",
  "SELECT a.crew_id FROM assignment AS a JOIN pairing AS p USING (pairing_id) GROUP BY a.crew_id, p.start_day "
  "HAVING COUNT(*) > 1 INTERSECT SELECT crew_id FROM assignment",
  "SELECT a.crew_id FROM assignment AS a JOIN pairing AS p USING (pairing_id) GROUP BY a.crew_id "
  "HAVING COUNT(*) > 1",
  "any two pairings, on any days")
C("assignment:pairings whose whole crew shares its base",
  "SELECT p.pairing_id FROM pairing AS p WHERE EXISTS (SELECT 1 FROM assignment AS a WHERE a.pairing_id = "
  "p.pairing_id) AND NOT EXISTS (SELECT 1 FROM assignment AS a JOIN crew_member AS c ON c.crew_id = a.crew_id "
  "WHERE a.pairing_id = p.pairing_id AND c.base <> p.base)",
  "SELECT a.pairing_id FROM assignment AS a JOIN crew_member AS c USING (crew_id) JOIN pairing AS p "
  "ON p.pairing_id = a.pairing_id GROUP BY a.pairing_id HAVING MIN(CASE WHEN c.base = p.base THEN 1 ELSE 0 END) = 1",
  "SELECT a.pairing_id FROM assignment AS a JOIN crew_member AS c USING (crew_id) JOIN pairing AS p "
  "ON p.pairing_id = a.pairing_id GROUP BY a.pairing_id HAVING MAX(CASE WHEN c.base = p.base THEN 1 ELSE 0 END) = 1",
  "some crew member instead of every one")
C("assignment:last leg destination per pairing",
  "SELECT l.pairing_id, f.destination FROM pairing_leg AS l JOIN flight AS f ON f.flight_id = l.flight_id "
  "WHERE l.leg_no = (SELECT MAX(m.leg_no) FROM pairing_leg AS m WHERE m.pairing_id = l.pairing_id)",
  "SELECT pairing_id, destination FROM (SELECT l.pairing_id, f.destination, ROW_NUMBER() OVER "
  "(PARTITION BY l.pairing_id ORDER BY l.leg_no DESC) AS rn FROM pairing_leg AS l JOIN flight AS f "
  "USING (flight_id)) AS x WHERE rn = 1",
  "SELECT pairing_id, destination FROM (SELECT l.pairing_id, f.destination, ROW_NUMBER() OVER "
  "(PARTITION BY l.pairing_id ORDER BY l.leg_no) AS rn FROM pairing_leg AS l JOIN flight AS f "
  "USING (flight_id)) AS x WHERE rn = 1",
  "the first leg's destination")
C("assignment:pairings not returning to base",
  "SELECT p.pairing_id FROM pairing AS p JOIN pairing_leg AS l ON l.pairing_id = p.pairing_id JOIN flight AS f "
  "ON f.flight_id = l.flight_id WHERE NOT EXISTS (SELECT 1 FROM pairing_leg AS m WHERE m.pairing_id = l.pairing_id "
  "AND m.leg_no > l.leg_no) AND f.destination <> p.base",
  "WITH last_leg AS (SELECT pairing_id, MAX(leg_no) AS leg_no FROM pairing_leg GROUP BY pairing_id) "
  "SELECT p.pairing_id FROM pairing AS p JOIN last_leg AS x ON x.pairing_id = p.pairing_id JOIN pairing_leg AS l "
  "ON l.pairing_id = x.pairing_id AND l.leg_no = x.leg_no JOIN flight AS f ON f.flight_id = l.flight_id "
  "WHERE f.destination <> p.base",
  "SELECT DISTINCT p.pairing_id FROM pairing AS p JOIN pairing_leg AS l ON l.pairing_id = p.pairing_id "
  "JOIN flight AS f ON f.flight_id = l.flight_id WHERE f.destination <> p.base",
  "any leg away from base instead of the last")
C("assignment:pairings whose legs are out of day order",
  "SELECT DISTINCT a.pairing_id FROM pairing_leg AS a JOIN pairing_leg AS b ON b.pairing_id = a.pairing_id "
  "AND b.leg_no > a.leg_no JOIN flight AS fa ON fa.flight_id = a.flight_id JOIN flight AS fb "
  "ON fb.flight_id = b.flight_id WHERE fb.day < fa.day",
  "SELECT pairing_id FROM (SELECT l.pairing_id, f.day, MAX(f.day) OVER (PARTITION BY l.pairing_id ORDER BY l.leg_no "
  "ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before_max FROM pairing_leg AS l JOIN flight AS f "
  "USING (flight_id)) AS x WHERE day < before_max GROUP BY pairing_id",
  "SELECT pairing_id FROM (SELECT l.pairing_id, f.day, MIN(f.day) OVER (PARTITION BY l.pairing_id ORDER BY l.leg_no "
  "ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before_max FROM pairing_leg AS l JOIN flight AS f "
  "USING (flight_id)) AS x WHERE day < before_max GROUP BY pairing_id",
  "a leg earlier than every previous leg instead of some")
C("assignment:the busiest origin per day with ties",
  "WITH c AS (SELECT day, origin, COUNT(*) AS n FROM flight GROUP BY day, origin) SELECT day, origin, n FROM c "
  "WHERE n = (SELECT MAX(c2.n) FROM c AS c2 WHERE c2.day = c.day)",
  "SELECT day, origin, n FROM (SELECT day, origin, COUNT(*) AS n, RANK() OVER (PARTITION BY day "
  "ORDER BY COUNT(*) DESC) AS r FROM flight GROUP BY day, origin) AS x WHERE r = 1",
  "SELECT day, origin, n FROM (SELECT day, origin, COUNT(*) AS n, RANK() OVER (ORDER BY COUNT(*) DESC) AS r "
  "FROM flight GROUP BY day, origin) AS x WHERE r = 1",
  "the busiest over all days")
C("assignment:departures per hour",
  "SELECT dep_min / 60, COUNT(*) FROM flight GROUP BY dep_min / 60",
  "SELECT h, COUNT(*) FROM (SELECT dep_min / 60 AS h FROM flight) AS x GROUP BY h",
  "SELECT h, COUNT(DISTINCT day) FROM (SELECT dep_min / 60 AS h, day FROM flight) AS x GROUP BY h",
  "days with departures counted instead of departures")
C("assignment:red-eye flights",
  "SELECT flight_id FROM flight WHERE dep_min >= 1320 OR arr_min >= 1440",
  "SELECT flight_id FROM flight WHERE dep_min >= 1320 UNION SELECT flight_id FROM flight WHERE arr_min >= 1440",
  "SELECT flight_id FROM flight WHERE dep_min >= 1320 UNION ALL SELECT flight_id FROM flight WHERE arr_min >= 1440",
  "UNION ALL: a flight matching both listed twice")
# --- the keyless swap request log
C("swaps:crews who requested a drop",
  "SELECT DISTINCT crew_id FROM swap_log WHERE action = 'drop'",
  "SELECT crew_id FROM swap_log WHERE action = 'drop' GROUP BY crew_id",
  "SELECT crew_id FROM swap_log WHERE action = 'drop'",
  "duplicate requests kept")
C("swaps:dropped pairings never picked up",
  "SELECT DISTINCT pairing_id FROM swap_log WHERE action = 'drop' AND pairing_id IS NOT NULL EXCEPT "
  "SELECT pairing_id FROM swap_log WHERE action = 'pickup'",
  "SELECT p.pairing_id FROM pairing AS p WHERE EXISTS (SELECT 1 FROM swap_log AS s WHERE s.pairing_id = p.pairing_id "
  "AND s.action = 'drop') AND NOT EXISTS (SELECT 1 FROM swap_log AS s WHERE s.pairing_id = p.pairing_id "
  "AND s.action = 'pickup')",
  "SELECT p.pairing_id FROM pairing AS p WHERE EXISTS (SELECT 1 FROM swap_log AS s WHERE s.pairing_id = p.pairing_id "
  "AND s.action = 'drop') AND p.pairing_id NOT IN (SELECT s.pairing_id FROM swap_log AS s WHERE s.action = 'pickup')",
  "NOT IN over a pickup without a pairing")
C("swaps:requests per action with unknown actions",
  "SELECT action, COUNT(*) FROM swap_log GROUP BY action",
  "SELECT action, COUNT(*) FROM swap_log WHERE action IS NOT NULL GROUP BY action UNION ALL "
  "SELECT NULL, COUNT(*) FROM swap_log WHERE action IS NULL HAVING COUNT(*) > 0",
  "SELECT action, COUNT(action) FROM swap_log GROUP BY action",
  "COUNT(action): the unknown group counted as 0")
C("swaps:the latest request per crew with ties",
  "SELECT s.crew_id, s.action FROM swap_log AS s WHERE s.crew_id IS NOT NULL AND s.minute = "
  "(SELECT MAX(t.minute) FROM swap_log AS t WHERE t.crew_id = s.crew_id)",
  "SELECT crew_id, action FROM (SELECT crew_id, action, RANK() OVER (PARTITION BY crew_id ORDER BY minute DESC) AS r "
  "FROM swap_log WHERE crew_id IS NOT NULL AND minute IS NOT NULL) AS x WHERE r = 1",
  "SELECT DISTINCT crew_id, action FROM (SELECT crew_id, action, RANK() OVER (PARTITION BY crew_id "
  "ORDER BY minute DESC) AS r FROM swap_log WHERE crew_id IS NOT NULL AND minute IS NOT NULL) AS x WHERE r = 1",
  "duplicate latest requests collapsed")
C("swaps:crews with both a drop and a pickup",
  "SELECT crew_id FROM swap_log WHERE action = 'drop' INTERSECT SELECT crew_id FROM swap_log WHERE action = 'pickup'",
  "SELECT crew_id FROM swap_log WHERE action IN ('drop', 'pickup') GROUP BY crew_id HAVING COUNT(DISTINCT action) = 2",
  "SELECT crew_id FROM swap_log WHERE action IN ('drop', 'pickup') GROUP BY crew_id HAVING COUNT(*) >= 2",
  "two drops taken for a drop and a pickup")
C("swaps:trades per pairing by its assigned crews",
  "SELECT s.pairing_id, COUNT(*) FROM swap_log AS s JOIN assignment AS a ON a.crew_id = s.crew_id "
  "AND a.pairing_id = s.pairing_id WHERE s.action = 'trade' GROUP BY s.pairing_id",
  "SELECT pairing_id, COUNT(*) FROM swap_log AS s WHERE action = 'trade' AND EXISTS (SELECT 1 FROM assignment AS a "
  "WHERE a.crew_id = s.crew_id AND a.pairing_id = s.pairing_id) GROUP BY pairing_id",
  "SELECT pairing_id, COUNT(DISTINCT crew_id) FROM swap_log AS s WHERE action = 'trade' AND EXISTS (SELECT 1 "
  "FROM assignment AS a WHERE a.crew_id = s.crew_id AND a.pairing_id = s.pairing_id) GROUP BY pairing_id",
  "repeated trades of one crew counted once")
C("swaps:repeated identical requests",
  "SELECT crew_id, pairing_id, action, minute, COUNT(*) FROM swap_log GROUP BY crew_id, pairing_id, action, minute "
  "HAVING COUNT(*) > 1",
  "SELECT DISTINCT crew_id, pairing_id, action, minute, n FROM (SELECT crew_id, pairing_id, action, minute, "
  "COUNT(*) OVER (PARTITION BY crew_id, pairing_id, action, minute) AS n FROM swap_log) AS x WHERE n > 1",
  "SELECT DISTINCT crew_id, pairing_id, action, minute, n FROM (SELECT crew_id, pairing_id, action, minute, "
  "COUNT(*) OVER (PARTITION BY crew_id, pairing_id, action, minute) AS n FROM swap_log) AS x WHERE n >= 1",
  "every request listed")
C("swaps:requests per hour",
  "SELECT minute / 60, COUNT(*) FROM swap_log WHERE minute IS NOT NULL GROUP BY minute / 60",
  "SELECT m / 60, SUM(n) FROM (SELECT minute AS m, COUNT(*) AS n FROM swap_log WHERE minute IS NOT NULL "
  "GROUP BY minute) AS x GROUP BY m / 60",
  "SELECT m / 60, COUNT(*) FROM (SELECT minute AS m, COUNT(*) AS n FROM swap_log WHERE minute IS NOT NULL "
  "GROUP BY minute) AS x GROUP BY m / 60",
  "distinct minutes counted instead of requests")
C("swaps:drops by crews not assigned to the pairing",
  "SELECT s.crew_id, s.pairing_id FROM swap_log AS s LEFT JOIN assignment AS a ON a.crew_id = s.crew_id "
  "AND a.pairing_id = s.pairing_id WHERE s.action = 'drop' AND a.crew_id IS NULL",
  "SELECT crew_id, pairing_id FROM swap_log AS s WHERE action = 'drop' AND NOT EXISTS (SELECT 1 FROM assignment AS a "
  "WHERE a.crew_id = s.crew_id AND a.pairing_id = s.pairing_id)",
  "SELECT crew_id, pairing_id FROM swap_log AS s WHERE action = 'drop' AND crew_id NOT IN (SELECT a.crew_id "
  "FROM assignment AS a WHERE a.pairing_id = s.pairing_id)",
  "NOT IN: a drop without a crew never listed")
C("swaps:pickups no later than the first drop of the pairing",
  "SELECT s.crew_id, s.pairing_id, s.minute FROM swap_log AS s WHERE s.action = 'pickup' AND s.minute <= "
  "(SELECT MIN(d.minute) FROM swap_log AS d WHERE d.pairing_id = s.pairing_id AND d.action = 'drop')",
  "SELECT s.crew_id, s.pairing_id, s.minute FROM swap_log AS s JOIN (SELECT pairing_id, MIN(minute) AS first_drop "
  "FROM swap_log WHERE action = 'drop' GROUP BY pairing_id) AS d ON d.pairing_id = s.pairing_id "
  "WHERE s.action = 'pickup' AND s.minute <= d.first_drop",
  "SELECT s.crew_id, s.pairing_id, s.minute FROM swap_log AS s JOIN (SELECT DISTINCT pairing_id, minute AS first_drop "
  "FROM swap_log WHERE action = 'drop') AS d ON d.pairing_id = s.pairing_id "
  "WHERE s.action = 'pickup' AND s.minute <= d.first_drop",
  "compared with every drop: a pickup listed once per later drop")
# --- SQLite spellings and the list pair
C("sqlite:drop requests per crew",
  "SELECT crew_id, SUM(CASE WHEN action = 'drop' THEN 1 ELSE 0 END) FROM swap_log GROUP BY crew_id",
  "SELECT crew_id, SUM(IIF(action = 'drop', 1, 0)) FROM swap_log GROUP BY crew_id",
  "SELECT crew_id, SUM(action = 'drop') FROM swap_log GROUP BY crew_id",
  "SUM of a comparison: NULL when every action of the crew is unknown", dialect="sqlite")
C("sqlite:latest minute of a duty",
  "SELECT duty_id, MAX(end_min, start_min) FROM duty",
  "SELECT duty_id, CASE WHEN end_min IS NULL THEN NULL WHEN end_min >= start_min THEN end_min ELSE start_min END "
  "FROM duty",
  "SELECT duty_id, CASE WHEN end_min >= start_min THEN end_min ELSE start_min END FROM duty",
  "the scalar MAX answers NULL for open duties", dialect="sqlite")
C("sqlite:delay with unflown flights as zero",
  "SELECT flight_id, IFNULL(actual_arr, arr_min) - arr_min FROM flight",
  "SELECT flight_id, COALESCE(actual_arr - arr_min, 0) FROM flight",
  "SELECT flight_id, IFNULL(actual_arr, 0) - arr_min FROM flight",
  "flights without an actual arrival given a negative delay", dialect="sqlite")
C("list:the three latest arrivals",
  "SELECT flight_id, arr_min FROM flight ORDER BY day DESC, arr_min DESC, flight_id LIMIT 3",
  "SELECT f.flight_id, f.arr_min FROM flight AS f WHERE (SELECT COUNT(*) FROM flight AS g WHERE g.day > f.day "
  "OR (g.day = f.day AND (g.arr_min > f.arr_min OR (g.arr_min = f.arr_min AND g.flight_id < f.flight_id)))) < 3 "
  "ORDER BY f.day DESC, f.arr_min DESC, f.flight_id",
  "SELECT flight_id, arr_min FROM flight ORDER BY day DESC, arr_min DESC, flight_id DESC LIMIT 3",
  "ties on the arrival broken by the highest flight id", semantics="list")


# ================================================================ e-commerce returns (rma)
# --- return rates and line values
R("rates:return rate per category",
  "SELECT p.category, SUM(CASE WHEN EXISTS (SELECT 1 FROM return_request AS r WHERE r.order_id = l.order_id "
  "AND r.line_no = l.line_no) THEN 1 ELSE 0 END) * 100 / COUNT(*) FROM order_line AS l JOIN product AS p "
  "ON p.product_id = l.product_id GROUP BY p.category",
  "SELECT category, COUNT(x.order_id) * 100 / COUNT(*) FROM order_line AS l JOIN product AS p USING (product_id) "
  "LEFT JOIN (SELECT DISTINCT order_id, line_no FROM return_request) AS x ON x.order_id = l.order_id "
  "AND x.line_no = l.line_no GROUP BY category",
  "SELECT category, COUNT(x.order_id) * 100 / COUNT(*) FROM order_line AS l JOIN product AS p USING (product_id) "
  "LEFT JOIN return_request AS x ON x.order_id = l.order_id AND x.line_no = l.line_no GROUP BY category",
  "a line with two requests counted twice, in both counts")
R("rates:refunds exceeding the line value",
  "SELECT r.request_id FROM return_request AS r JOIN order_line AS l ON l.order_id = r.order_id "
  "AND l.line_no = r.line_no JOIN product AS p ON p.product_id = l.product_id WHERE (SELECT SUM(f.amount_cents) "
  "FROM refund AS f WHERE f.request_id = r.request_id) > p.price_cents * l.quantity",
  "SELECT r.request_id FROM return_request AS r JOIN order_line AS l USING (order_id, line_no) JOIN product AS p "
  "USING (product_id) JOIN refund AS f ON f.request_id = r.request_id GROUP BY r.request_id, p.price_cents, l.quantity "
  "HAVING SUM(f.amount_cents) > p.price_cents * l.quantity",
  "SELECT r.request_id FROM return_request AS r JOIN order_line AS l USING (order_id, line_no) JOIN product AS p "
  "USING (product_id) JOIN refund AS f ON f.request_id = r.request_id GROUP BY r.request_id, p.price_cents, l.quantity "
  "HAVING MAX(f.amount_cents) > p.price_cents * l.quantity",
  "a single refund compared instead of the total")
R("rates:returned quantity per category",
  "SELECT p.category, SUM(l.quantity) FROM order_line AS l JOIN product AS p ON p.product_id = l.product_id "
  "WHERE EXISTS (SELECT 1 FROM return_request AS r WHERE r.order_id = l.order_id AND r.line_no = l.line_no) "
  "GROUP BY p.category",
  "SELECT p.category, SUM(l.quantity) FROM product AS p JOIN order_line AS l USING (product_id) "
  "JOIN (SELECT order_id, line_no FROM return_request GROUP BY order_id, line_no) AS r "
  "ON r.order_id = l.order_id AND r.line_no = l.line_no GROUP BY p.category",
  "SELECT p.category, SUM(l.quantity) FROM product AS p JOIN order_line AS l USING (product_id) "
  "JOIN return_request AS r ON r.order_id = l.order_id AND r.line_no = l.line_no GROUP BY p.category",
  "a line returned twice counted twice")
R("rates:order value per order",
  "SELECT l.order_id, SUM(p.price_cents * l.quantity) FROM order_line AS l JOIN product AS p "
  "ON p.product_id = l.product_id GROUP BY l.order_id",
  "SELECT o.order_id, (SELECT SUM(p.price_cents * l.quantity) FROM order_line AS l JOIN product AS p "
  "USING (product_id) WHERE l.order_id = o.order_id) FROM orders AS o WHERE o.order_id IN "
  "(SELECT order_id FROM order_line)",
  "SELECT o.order_id, (SELECT SUM(p.price_cents) * SUM(l.quantity) FROM order_line AS l JOIN product AS p "
  "USING (product_id) WHERE l.order_id = o.order_id) FROM orders AS o WHERE o.order_id IN "
  "(SELECT order_id FROM order_line)",
  "the sum of prices times the sum of quantities")
R("rates:requests without a matching order line",
  "SELECT r.request_id FROM return_request AS r LEFT JOIN order_line AS l ON l.order_id = r.order_id "
  "AND l.line_no = r.line_no WHERE l.product_id IS NULL",
  "SELECT request_id FROM return_request AS r WHERE NOT EXISTS (SELECT 1 FROM order_line AS l "
  "WHERE l.order_id = r.order_id AND l.line_no = r.line_no)",
  "SELECT request_id FROM return_request AS r WHERE NOT EXISTS (SELECT 1 FROM order_line AS l "
  "WHERE l.order_id = r.order_id)",
  "the line number not correlated")
R("rates:orders with every line returned",
  "SELECT o.order_id FROM orders AS o WHERE EXISTS (SELECT 1 FROM order_line AS l WHERE l.order_id = o.order_id) "
  "AND NOT EXISTS (SELECT 1 FROM order_line AS l WHERE l.order_id = o.order_id AND NOT EXISTS "
  "(SELECT 1 FROM return_request AS r WHERE r.order_id = l.order_id AND r.line_no = l.line_no))",
  "SELECT order_id FROM order_line EXCEPT SELECT l.order_id FROM order_line AS l LEFT JOIN return_request AS r "
  "ON r.order_id = l.order_id AND r.line_no = l.line_no WHERE r.request_id IS NULL",
  "SELECT order_id FROM return_request EXCEPT SELECT l.order_id FROM order_line AS l LEFT JOIN return_request AS r "
  "ON r.order_id = l.order_id AND r.line_no = l.line_no WHERE r.request_id IS NULL",
  "orders whose requests name lines that do not exist listed")
R("rates:return window violations",
  "SELECT r.request_id FROM return_request AS r JOIN orders AS o ON o.order_id = r.order_id "
  "WHERE r.requested_day - o.order_day > 30",
  "SELECT request_id FROM return_request AS r WHERE EXISTS (SELECT 1 FROM orders AS o WHERE o.order_id = r.order_id "
  "AND r.requested_day - o.order_day > 30)",
  "SELECT request_id FROM return_request AS r WHERE EXISTS (SELECT 1 FROM orders AS o WHERE o.order_id = r.order_id "
  "AND r.requested_day - o.order_day >= 30)",
  "a request on day 30 counted as late")
R("rates:returns of discontinued products",
  "SELECT r.request_id FROM return_request AS r JOIN order_line AS l ON l.order_id = r.order_id "
  "AND l.line_no = r.line_no JOIN product AS p ON p.product_id = l.product_id WHERE p.discontinued_day < r.requested_day",
  "SELECT r.request_id FROM return_request AS r, order_line AS l, product AS p WHERE l.order_id = r.order_id "
  "AND l.line_no = r.line_no AND p.product_id = l.product_id AND p.discontinued_day IS NOT NULL "
  "AND NOT p.discontinued_day >= r.requested_day",
  "SELECT r.request_id FROM return_request AS r, order_line AS l, product AS p WHERE l.order_id = r.order_id "
  "AND l.line_no = r.line_no AND p.product_id = l.product_id AND NOT COALESCE(p.discontinued_day, 0) >= r.requested_day",
  "products still sold taken as discontinued on day 0")
R("rates:products never returned",
  "SELECT product_id FROM product EXCEPT SELECT l.product_id FROM order_line AS l JOIN return_request AS r "
  "ON r.order_id = l.order_id AND r.line_no = l.line_no",
  "SELECT p.product_id FROM product AS p WHERE p.product_id NOT IN (SELECT l.product_id FROM order_line AS l "
  "JOIN return_request AS r USING (order_id, line_no))",
  "SELECT p.product_id FROM product AS p WHERE p.product_id NOT IN (SELECT l.product_id FROM order_line AS l)",
  "products never sold instead of never returned")
R("rates:sold lines per product with unsold products",
  "SELECT p.product_id, COUNT(l.order_id), COALESCE(SUM(l.quantity), 0) FROM product AS p LEFT JOIN order_line AS l "
  "ON l.product_id = p.product_id GROUP BY p.product_id",
  "SELECT p.product_id, COALESCE(x.n, 0), COALESCE(x.q, 0) FROM product AS p LEFT JOIN (SELECT product_id, COUNT(*) AS n, "
  "SUM(quantity) AS q FROM order_line GROUP BY product_id) AS x ON x.product_id = p.product_id",
  "SELECT p.product_id, COUNT(*), COALESCE(SUM(l.quantity), 0) FROM product AS p LEFT JOIN order_line AS l "
  "ON l.product_id = p.product_id GROUP BY p.product_id",
  "COUNT(*) over the outer join: unsold products counted as one line")
R("rates:customers whose returns exceed half their lines",
  "SELECT o.customer_id FROM orders AS o JOIN order_line AS l ON l.order_id = o.order_id GROUP BY o.customer_id "
  "HAVING 2 * SUM(CASE WHEN EXISTS (SELECT 1 FROM return_request AS r WHERE r.order_id = l.order_id "
  "AND r.line_no = l.line_no) THEN 1 ELSE 0 END) > COUNT(*)",
  "SELECT customer_id FROM (SELECT o.customer_id, COUNT(*) AS lines, COUNT(x.order_id) AS returned FROM orders AS o "
  "JOIN order_line AS l ON l.order_id = o.order_id LEFT JOIN (SELECT DISTINCT order_id, line_no FROM return_request) "
  "AS x ON x.order_id = l.order_id AND x.line_no = l.line_no GROUP BY o.customer_id) AS t WHERE 2 * returned > lines",
  "SELECT customer_id FROM (SELECT o.customer_id, COUNT(*) AS lines, COUNT(x.order_id) AS returned FROM orders AS o "
  "JOIN order_line AS l ON l.order_id = o.order_id LEFT JOIN (SELECT DISTINCT order_id, line_no FROM return_request) "
  "AS x ON x.order_id = l.order_id AND x.line_no = l.line_no GROUP BY o.customer_id) AS t WHERE 2 * returned >= lines",
  "exactly half counted")
# --- receipts and warehouses
R("receipts:requests never received",
  "SELECT r.request_id FROM return_request AS r WHERE NOT EXISTS (SELECT 1 FROM receipt AS c "
  "WHERE c.request_id = r.request_id)",
  "SELECT request_id FROM return_request WHERE request_id NOT IN (SELECT request_id FROM receipt)",
  "SELECT request_id FROM return_request EXCEPT SELECT request_id FROM receipt WHERE grade IS NOT NULL",
  "ungraded receipts taken as not received")
R("receipts:approved requests never received after 30 days",
  "SELECT r.request_id FROM return_request AS r LEFT JOIN receipt AS c ON c.request_id = r.request_id "
  "WHERE r.status = 'approved' AND c.receipt_id IS NULL AND r.requested_day <= 30",
  "SELECT request_id FROM return_request WHERE status = 'approved' AND requested_day < 31 EXCEPT "
  "SELECT request_id FROM receipt",
  "SELECT r.request_id FROM return_request AS r LEFT JOIN receipt AS c ON c.request_id = r.request_id "
  "AND r.status = 'approved' WHERE c.receipt_id IS NULL AND r.requested_day <= 30",
  "the status filter in ON: every unapproved request listed")
R("receipts:days from request to receipt per warehouse",
  "SELECT c.warehouse_id, MIN(c.received_day - r.requested_day), MAX(c.received_day - r.requested_day) "
  "FROM receipt AS c JOIN return_request AS r ON r.request_id = c.request_id GROUP BY c.warehouse_id",
  "SELECT warehouse_id, MIN(d), MAX(d) FROM (SELECT c.warehouse_id, c.received_day - r.requested_day AS d "
  "FROM return_request AS r JOIN receipt AS c USING (request_id)) AS x GROUP BY warehouse_id",
  "SELECT warehouse_id, MIN(d), MAX(d) FROM (SELECT c.warehouse_id, c.received_day - r.requested_day AS d "
  "FROM return_request AS r JOIN receipt AS c USING (request_id) WHERE c.grade IS NOT NULL) AS x GROUP BY warehouse_id",
  "ungraded receipts left out")
R("receipts:receipts per grade with ungraded receipts",
  "SELECT COALESCE(grade, 'ungraded'), COUNT(*) FROM receipt GROUP BY COALESCE(grade, 'ungraded')",
  "SELECT g, COUNT(*) FROM (SELECT CASE WHEN grade IS NULL THEN 'ungraded' ELSE grade END AS g FROM receipt) AS x "
  "GROUP BY g",
  "SELECT COALESCE(grade, 'ungraded'), COUNT(grade) FROM receipt GROUP BY COALESCE(grade, 'ungraded')",
  "COUNT(grade): ungraded receipts counted as 0")
R("receipts:restock share per warehouse",
  "SELECT warehouse_id, SUM(CASE WHEN grade IN ('A', 'B') THEN 1 ELSE 0 END) * 100 / COUNT(*) FROM receipt "
  "GROUP BY warehouse_id",
  "SELECT w.warehouse_id, (SELECT COUNT(*) FROM receipt AS c WHERE c.warehouse_id = w.warehouse_id AND (c.grade = 'A' "
  "OR c.grade = 'B')) * 100 / (SELECT COUNT(*) FROM receipt AS c WHERE c.warehouse_id = w.warehouse_id) FROM warehouse AS w "
  "WHERE EXISTS (SELECT 1 FROM receipt AS c WHERE c.warehouse_id = w.warehouse_id)",
  "SELECT w.warehouse_id, (SELECT COUNT(*) FROM receipt AS c WHERE c.warehouse_id = w.warehouse_id AND (c.grade = 'A' "
  "OR c.grade = 'B')) * 100 / (SELECT COUNT(grade) FROM receipt AS c WHERE c.warehouse_id = w.warehouse_id) FROM warehouse AS w "
  "WHERE EXISTS (SELECT 1 FROM receipt AS c WHERE c.warehouse_id = w.warehouse_id AND c.grade IS NOT NULL)",
  "ungraded receipts left out of the denominator")
R("receipts:restock share per condition grade and region",
  "SELECT w.region, c.grade, COUNT(*) FROM receipt AS c JOIN warehouse AS w ON w.warehouse_id = c.warehouse_id "
  "WHERE c.grade IS NOT NULL GROUP BY w.region, c.grade",
  "SELECT region, grade, SUM(n) FROM (SELECT warehouse_id, grade, COUNT(*) AS n FROM receipt WHERE grade IS NOT NULL "
  "GROUP BY warehouse_id, grade) AS g JOIN warehouse USING (warehouse_id) GROUP BY region, grade",
  "SELECT region, grade, SUM(n) FROM (SELECT warehouse_id, grade, COUNT(*) AS n FROM receipt "
  "GROUP BY warehouse_id, grade) AS g JOIN warehouse USING (warehouse_id) GROUP BY region, grade",
  "the ungraded group kept")
R("receipts:requests received at two warehouses",
  "SELECT request_id FROM receipt GROUP BY request_id HAVING COUNT(DISTINCT warehouse_id) > 1",
  "SELECT DISTINCT a.request_id FROM receipt AS a JOIN receipt AS b ON b.request_id = a.request_id "
  "AND b.warehouse_id > a.warehouse_id",
  "SELECT DISTINCT a.request_id FROM receipt AS a JOIN receipt AS b ON b.request_id = a.request_id "
  "AND b.receipt_id > a.receipt_id",
  "two receipts at one warehouse counted")
R("receipts:heaviest receipt per warehouse with ties",
  "SELECT c.warehouse_id, c.receipt_id FROM receipt AS c WHERE c.weight_kg = (SELECT MAX(d.weight_kg) FROM receipt AS d "
  "WHERE d.warehouse_id = c.warehouse_id)",
  "SELECT warehouse_id, receipt_id FROM (SELECT warehouse_id, receipt_id, RANK() OVER (PARTITION BY warehouse_id "
  "ORDER BY weight_kg DESC) AS r FROM receipt WHERE weight_kg IS NOT NULL) AS x WHERE r = 1",
  "SELECT warehouse_id, receipt_id FROM (SELECT warehouse_id, receipt_id, RANK() OVER (PARTITION BY warehouse_id "
  "ORDER BY weight_kg) AS r FROM receipt WHERE weight_kg IS NOT NULL) AS x WHERE r = 1",
  "the lightest receipt")
R("receipts:heavy receipts by grade",
  "SELECT receipt_id FROM receipt WHERE weight_kg > 1.0 AND grade = 'C'",
  "SELECT receipt_id FROM receipt WHERE grade = 'C' INTERSECT SELECT receipt_id FROM receipt WHERE weight_kg > 1.0",
  "SELECT receipt_id FROM receipt WHERE grade = 'C' UNION SELECT receipt_id FROM receipt WHERE weight_kg > 1.0",
  "UNION for INTERSECT: heavy or grade C")
R("receipts:received in another region than the customer",
  "SELECT c.receipt_id FROM receipt AS c JOIN warehouse AS w ON w.warehouse_id = c.warehouse_id JOIN return_request AS r "
  "ON r.request_id = c.request_id JOIN orders AS o ON o.order_id = r.order_id JOIN customer AS u "
  "ON u.customer_id = o.customer_id WHERE u.region <> w.region",
  "SELECT c.receipt_id FROM receipt AS c JOIN warehouse AS w USING (warehouse_id) WHERE EXISTS (SELECT 1 "
  "FROM return_request AS r JOIN orders AS o USING (order_id) JOIN customer AS u USING (customer_id) "
  "WHERE r.request_id = c.request_id AND u.region IS NOT NULL AND u.region <> w.region)",
  "SELECT c.receipt_id FROM receipt AS c JOIN warehouse AS w USING (warehouse_id) WHERE NOT EXISTS (SELECT 1 "
  "FROM return_request AS r JOIN orders AS o USING (order_id) JOIN customer AS u USING (customer_id) "
  "WHERE r.request_id = c.request_id AND u.region = w.region)",
  "customers without a region counted as another region")
R("receipts:receipts per warehouse with idle warehouses",
  "SELECT w.warehouse_id, COUNT(c.receipt_id) FROM warehouse AS w LEFT JOIN receipt AS c "
  "ON c.warehouse_id = w.warehouse_id AND c.received_day <= 40 GROUP BY w.warehouse_id",
  "SELECT w.warehouse_id, (SELECT COUNT(*) FROM receipt AS c WHERE c.warehouse_id = w.warehouse_id "
  "AND c.received_day < 41) FROM warehouse AS w",
  "SELECT w.warehouse_id, COUNT(c.receipt_id) FROM warehouse AS w LEFT JOIN receipt AS c "
  "ON c.warehouse_id = w.warehouse_id WHERE c.received_day <= 40 GROUP BY w.warehouse_id",
  "the day filter in WHERE drops idle warehouses")
R("receipts:warehouses receiving every category",
  "SELECT w.warehouse_id FROM warehouse AS w WHERE NOT EXISTS (SELECT 1 FROM product AS p WHERE NOT EXISTS "
  "(SELECT 1 FROM receipt AS c JOIN return_request AS r ON r.request_id = c.request_id JOIN order_line AS l "
  "ON l.order_id = r.order_id AND l.line_no = r.line_no JOIN product AS q ON q.product_id = l.product_id "
  "WHERE c.warehouse_id = w.warehouse_id AND q.category = p.category))",
  "SELECT w.warehouse_id FROM warehouse AS w WHERE (SELECT COUNT(DISTINCT q.category) FROM receipt AS c "
  "JOIN return_request AS r USING (request_id) JOIN order_line AS l USING (order_id, line_no) JOIN product AS q "
  "USING (product_id) WHERE c.warehouse_id = w.warehouse_id) = (SELECT COUNT(DISTINCT category) FROM product)",
  "SELECT w.warehouse_id FROM warehouse AS w WHERE (SELECT COUNT(DISTINCT q.category) FROM receipt AS c "
  "JOIN return_request AS r USING (request_id) JOIN order_line AS l USING (order_id, line_no) JOIN product AS q "
  "USING (product_id) WHERE c.warehouse_id = w.warehouse_id) = (SELECT COUNT(*) FROM product)",
  "products counted instead of categories")
# --- refunds
R("refunds:time to refund per warehouse",
  "SELECT c.warehouse_id, AVG(f.issued_day - c.received_day) FROM receipt AS c JOIN refund AS f "
  "ON f.request_id = c.request_id WHERE f.issued_day IS NOT NULL GROUP BY c.warehouse_id",
  "SELECT warehouse_id, AVG(d) FROM (SELECT c.warehouse_id, f.issued_day - c.received_day AS d FROM refund AS f "
  "JOIN receipt AS c USING (request_id)) AS x WHERE d IS NOT NULL GROUP BY warehouse_id",
  "SELECT warehouse_id, AVG(d) FROM (SELECT c.warehouse_id, COALESCE(f.issued_day, c.received_day) - c.received_day "
  "AS d FROM refund AS f JOIN receipt AS c USING (request_id)) AS x GROUP BY warehouse_id",
  "pending refunds averaged as same-day refunds")
R("refunds:partial refund totals",
  "SELECT request_id, SUM(amount_cents), COUNT(*) FROM refund GROUP BY request_id HAVING COUNT(*) > 1",
  "SELECT DISTINCT f.request_id, SUM(f.amount_cents) OVER (PARTITION BY f.request_id), COUNT(*) OVER "
  "(PARTITION BY f.request_id) FROM refund AS f WHERE EXISTS (SELECT 1 FROM refund AS g "
  "WHERE g.request_id = f.request_id AND g.refund_id <> f.refund_id)",
  "SELECT request_id, SUM(DISTINCT amount_cents), COUNT(*) FROM refund GROUP BY request_id HAVING COUNT(*) > 1",
  "SUM(DISTINCT): two partial refunds of one amount counted once")
R("refunds:issued and pending amounts per request",
  "SELECT request_id, SUM(CASE WHEN issued_day IS NOT NULL THEN amount_cents ELSE 0 END), "
  "SUM(CASE WHEN issued_day IS NULL THEN amount_cents ELSE 0 END) FROM refund GROUP BY request_id",
  "SELECT r.request_id, COALESCE((SELECT SUM(f.amount_cents) FROM refund AS f WHERE f.request_id = r.request_id "
  "AND f.issued_day IS NOT NULL), 0), COALESCE((SELECT SUM(f.amount_cents) FROM refund AS f "
  "WHERE f.request_id = r.request_id AND f.issued_day IS NULL), 0) FROM (SELECT DISTINCT request_id FROM refund) AS r",
  "SELECT r.request_id, (SELECT SUM(f.amount_cents) FROM refund AS f WHERE f.request_id = r.request_id "
  "AND f.issued_day IS NOT NULL), (SELECT SUM(f.amount_cents) FROM refund AS f "
  "WHERE f.request_id = r.request_id AND f.issued_day IS NULL) FROM (SELECT DISTINCT request_id FROM refund) AS r",
  "NULL instead of 0 where nothing is issued or pending")
R("refunds:approved requests without an issued refund",
  "SELECT r.request_id FROM return_request AS r WHERE r.status = 'approved' AND NOT EXISTS (SELECT 1 FROM refund AS f "
  "WHERE f.request_id = r.request_id AND f.issued_day IS NOT NULL)",
  "SELECT r.request_id FROM return_request AS r LEFT JOIN refund AS f ON f.request_id = r.request_id "
  "AND f.issued_day IS NOT NULL WHERE r.status = 'approved' GROUP BY r.request_id HAVING COUNT(f.refund_id) = 0",
  "SELECT r.request_id FROM return_request AS r LEFT JOIN refund AS f ON f.request_id = r.request_id "
  "WHERE r.status = 'approved' AND f.issued_day IS NULL GROUP BY r.request_id",
  "requests with one pending refund listed even when another was issued")
R("refunds:refunds issued before the receipt",
  "SELECT DISTINCT f.refund_id FROM refund AS f JOIN receipt AS c ON c.request_id = f.request_id "
  "WHERE f.issued_day < c.received_day",
  "SELECT f.refund_id FROM refund AS f WHERE f.issued_day < (SELECT MAX(c.received_day) FROM receipt AS c "
  "WHERE c.request_id = f.request_id)",
  "SELECT f.refund_id FROM refund AS f WHERE f.issued_day < (SELECT MIN(c.received_day) FROM receipt AS c "
  "WHERE c.request_id = f.request_id)",
  "before every receipt instead of before some")
R("refunds:refunded amount per customer segment",
  "SELECT u.segment, SUM(f.amount_cents) FROM refund AS f JOIN return_request AS r ON r.request_id = f.request_id "
  "JOIN orders AS o ON o.order_id = r.order_id JOIN customer AS u ON u.customer_id = o.customer_id GROUP BY u.segment",
  "SELECT segment, SUM(t) FROM (SELECT o.customer_id, SUM(f.amount_cents) AS t FROM orders AS o JOIN return_request AS r "
  "USING (order_id) JOIN refund AS f USING (request_id) GROUP BY o.customer_id) AS x JOIN customer USING (customer_id) "
  "GROUP BY segment",
  "SELECT segment, SUM(t) FROM (SELECT o.customer_id, SUM(DISTINCT f.amount_cents) AS t FROM orders AS o "
  "JOIN return_request AS r USING (order_id) JOIN refund AS f USING (request_id) GROUP BY o.customer_id) AS x "
  "JOIN customer USING (customer_id) GROUP BY segment",
  "equal refunds of one customer counted once")
R("refunds:running refunded amount per request",
  "SELECT refund_id, SUM(amount_cents) OVER (PARTITION BY request_id ORDER BY refund_id ROWS BETWEEN UNBOUNDED "
  "PRECEDING AND CURRENT ROW) FROM refund",
  "SELECT f.refund_id, (SELECT SUM(g.amount_cents) FROM refund AS g WHERE g.request_id = f.request_id "
  "AND g.refund_id <= f.refund_id) FROM refund AS f",
  "SELECT f.refund_id, (SELECT SUM(g.amount_cents) FROM refund AS g WHERE g.request_id = f.request_id "
  "AND g.refund_id < f.refund_id) FROM refund AS f",
  "the current refund left out")
R("refunds:the second largest refund",
  "SELECT MAX(amount_cents) FROM refund WHERE amount_cents < (SELECT MAX(amount_cents) FROM refund)",
  "SELECT MAX(amount_cents) FROM (SELECT amount_cents, DENSE_RANK() OVER (ORDER BY amount_cents DESC) AS r "
  "FROM refund) AS x WHERE r = 2",
  "SELECT MAX(amount_cents) FROM (SELECT amount_cents, ROW_NUMBER() OVER (ORDER BY amount_cents DESC, refund_id) AS r "
  "FROM refund) AS x WHERE r = 2",
  "a tie for the largest taken as the second")
R("refunds:refunds per status",
  "SELECT r.status, COUNT(f.refund_id) FROM return_request AS r LEFT JOIN refund AS f ON f.request_id = r.request_id "
  "GROUP BY r.status",
  "SELECT s.status, (SELECT COUNT(*) FROM refund AS f JOIN return_request AS r USING (request_id) "
  "WHERE r.status = s.status) FROM (SELECT DISTINCT status FROM return_request) AS s",
  "SELECT s.status, (SELECT COUNT(*) FROM refund AS f JOIN return_request AS r USING (request_id) "
  "WHERE r.status = s.status) FROM (SELECT DISTINCT status FROM refund AS f JOIN return_request AS r "
  "USING (request_id)) AS s",
  "statuses without refunds dropped")
R("refunds:refunds on rejected requests",
  "SELECT f.refund_id FROM refund AS f JOIN return_request AS r ON r.request_id = f.request_id "
  "WHERE r.status = 'rejected'",
  "SELECT refund_id FROM refund WHERE request_id IN (SELECT request_id FROM return_request WHERE status = 'rejected')",
  "SELECT refund_id FROM refund WHERE request_id NOT IN (SELECT request_id FROM return_request WHERE status = 'approved')",
  "open requests' refunds listed")
R("refunds:slow refunds",
  "SELECT f.refund_id FROM refund AS f JOIN return_request AS r ON r.request_id = f.request_id "
  "WHERE f.issued_day - r.requested_day > 30",
  "SELECT refund_id FROM refund AS f WHERE EXISTS (SELECT 1 FROM return_request AS r WHERE r.request_id = f.request_id "
  "AND f.issued_day - r.requested_day > 30)",
  "SELECT refund_id FROM refund AS f WHERE EXISTS (SELECT 1 FROM return_request AS r WHERE r.request_id = f.request_id "
  "AND COALESCE(f.issued_day, 80) - r.requested_day > 30)",
  "pending refunds counted as issued on day 80")
R("refunds:customers with returns but no refund",
  "SELECT DISTINCT o.customer_id FROM orders AS o JOIN return_request AS r ON r.order_id = o.order_id "
  "WHERE NOT EXISTS (SELECT 1 FROM orders AS o2 JOIN return_request AS r2 ON r2.order_id = o2.order_id "
  "JOIN refund AS f ON f.request_id = r2.request_id WHERE o2.customer_id = o.customer_id)",
  "SELECT o.customer_id FROM orders AS o JOIN return_request AS r USING (order_id) EXCEPT "
  "SELECT o.customer_id FROM orders AS o JOIN return_request AS r USING (order_id) JOIN refund AS f USING (request_id)",
  "SELECT o.customer_id FROM orders AS o JOIN return_request AS r USING (order_id) LEFT JOIN refund AS f "
  "USING (request_id) WHERE f.refund_id IS NULL",
  "customers with one unrefunded request listed, once per request")
R("refunds:largest refund per category with ties",
  "WITH x AS (SELECT p.category, f.refund_id, f.amount_cents FROM refund AS f JOIN return_request AS r "
  "ON r.request_id = f.request_id JOIN order_line AS l ON l.order_id = r.order_id AND l.line_no = r.line_no "
  "JOIN product AS p ON p.product_id = l.product_id) SELECT category, refund_id FROM x WHERE amount_cents = "
  "(SELECT MAX(y.amount_cents) FROM x AS y WHERE y.category = x.category)",
  "SELECT category, refund_id FROM (SELECT p.category, f.refund_id, MAX(f.amount_cents) OVER (PARTITION BY p.category) "
  "AS top, f.amount_cents FROM refund AS f JOIN return_request AS r USING (request_id) JOIN order_line AS l "
  "USING (order_id, line_no) JOIN product AS p USING (product_id)) AS z WHERE amount_cents = top",
  "SELECT category, refund_id FROM (SELECT p.category, f.refund_id, MAX(f.amount_cents) OVER () "
  "AS top, f.amount_cents FROM refund AS f JOIN return_request AS r USING (request_id) JOIN order_line AS l "
  "USING (order_id, line_no) JOIN product AS p USING (product_id)) AS z WHERE amount_cents = top",
  "the largest over all categories")
# --- customers and requests
R("customers:customers with every order returned",
  "SELECT c.customer_id FROM customer AS c WHERE EXISTS (SELECT 1 FROM orders AS o WHERE o.customer_id = c.customer_id) "
  "AND NOT EXISTS (SELECT 1 FROM orders AS o WHERE o.customer_id = c.customer_id AND NOT EXISTS "
  "(SELECT 1 FROM return_request AS r WHERE r.order_id = o.order_id))",
  "SELECT o.customer_id FROM orders AS o LEFT JOIN (SELECT DISTINCT order_id FROM return_request) AS r "
  "ON r.order_id = o.order_id GROUP BY o.customer_id HAVING COUNT(r.order_id) = COUNT(*)",
  "SELECT o.customer_id FROM orders AS o LEFT JOIN (SELECT DISTINCT order_id FROM return_request) AS r "
  "ON r.order_id = o.order_id GROUP BY o.customer_id HAVING COUNT(r.order_id) > 0",
  "customers with any order returned")
R("customers:serial returners",
  "SELECT DISTINCT customer_id FROM (SELECT o.customer_id, COUNT(*) OVER (PARTITION BY o.customer_id "
  "ORDER BY r.requested_day RANGE BETWEEN 30 PRECEDING AND CURRENT ROW) AS n FROM return_request AS r "
  "JOIN orders AS o ON o.order_id = r.order_id) AS x WHERE n >= 3",
  "SELECT DISTINCT o.customer_id FROM return_request AS r JOIN orders AS o USING (order_id) WHERE (SELECT COUNT(*) "
  "FROM return_request AS r2 JOIN orders AS o2 USING (order_id) WHERE o2.customer_id = o.customer_id "
  "AND r2.requested_day BETWEEN r.requested_day - 30 AND r.requested_day) >= 3",
  "SELECT DISTINCT o.customer_id FROM return_request AS r JOIN orders AS o USING (order_id) WHERE (SELECT COUNT(*) "
  "FROM return_request AS r2 JOIN orders AS o2 USING (order_id) WHERE o2.customer_id = o.customer_id "
  "AND r2.requested_day BETWEEN r.requested_day - 29 AND r.requested_day) >= 3",
  "a request exactly 30 days earlier left out of the window")
R("customers:requests per reason and region",
  "SELECT u.region, r.reason_code, COUNT(*) FROM return_request AS r JOIN orders AS o ON o.order_id = r.order_id "
  "JOIN customer AS u ON u.customer_id = o.customer_id GROUP BY u.region, r.reason_code",
  "SELECT region, reason_code, COUNT(*) FROM customer JOIN orders USING (customer_id) JOIN return_request "
  "USING (order_id) GROUP BY reason_code, region",
  "SELECT region, reason_code, COUNT(reason_code) FROM customer JOIN orders USING (customer_id) JOIN return_request "
  "USING (order_id) GROUP BY reason_code, region",
  "requests without a reason counted as 0")
R("customers:vip customers with a damaged return",
  "SELECT DISTINCT o.customer_id FROM orders AS o JOIN return_request AS r ON r.order_id = o.order_id "
  "JOIN customer AS u ON u.customer_id = o.customer_id WHERE u.segment = 'vip' AND r.reason_code = 'damaged'",
  "SELECT customer_id FROM customer WHERE segment = 'vip' AND customer_id IN (SELECT o.customer_id FROM orders AS o "
  "WHERE o.order_id IN (SELECT order_id FROM return_request WHERE reason_code = 'damaged'))",
  "SELECT customer_id FROM customer WHERE segment = 'vip' AND customer_id IN (SELECT o.customer_id FROM orders AS o "
  "WHERE o.order_id IN (SELECT order_id FROM return_request WHERE reason_code <> 'size'))",
  "every reason but size, yet not requests without a reason")
R("customers:customers outside a region",
  "SELECT customer_id FROM customer WHERE region <> 'EU' OR region IS NULL",
  "SELECT customer_id FROM customer EXCEPT SELECT customer_id FROM customer WHERE region = 'EU'",
  "SELECT customer_id FROM customer WHERE region <> 'EU'",
  "customers without a region dropped")
R("customers:customers without orders",
  "SELECT c.customer_id FROM customer AS c LEFT JOIN orders AS o ON o.customer_id = c.customer_id "
  "WHERE o.order_id IS NULL",
  "SELECT customer_id FROM customer WHERE customer_id NOT IN (SELECT customer_id FROM orders)",
  "SELECT customer_id FROM customer WHERE customer_id NOT IN (SELECT o.customer_id FROM orders AS o "
  "JOIN return_request AS r USING (order_id))",
  "customers without returns listed")
R("customers:orders per region with unknown regions",
  "SELECT u.region, COUNT(*) FROM orders AS o JOIN customer AS u ON u.customer_id = o.customer_id GROUP BY u.region",
  "SELECT region, COUNT(*) FROM orders JOIN customer USING (customer_id) WHERE region IS NOT NULL GROUP BY region "
  "UNION ALL SELECT NULL, COUNT(*) FROM orders JOIN customer USING (customer_id) WHERE region IS NULL "
  "HAVING COUNT(*) > 0",
  "SELECT region, COUNT(*) FROM orders JOIN customer USING (customer_id) WHERE region IS NOT NULL GROUP BY region "
  "UNION ALL SELECT NULL, COUNT(*) FROM orders JOIN customer USING (customer_id) WHERE region IS NULL",
  "an empty unknown-region group reported with 0")
R("customers:open requests older than 25 days",
  "SELECT request_id FROM return_request WHERE status = 'open' AND 60 - requested_day > 25",
  "SELECT request_id FROM return_request WHERE status = 'open' EXCEPT SELECT request_id FROM return_request "
  "WHERE 60 - requested_day <= 25",
  "SELECT request_id FROM return_request WHERE status = 'open' EXCEPT SELECT request_id FROM return_request "
  "WHERE 60 - requested_day < 25",
  "a request exactly 25 days old listed")
R("customers:requests per order age band",
  "SELECT CASE WHEN r.requested_day - o.order_day <= 7 THEN 'week' WHEN r.requested_day - o.order_day <= 30 "
  "THEN 'month' ELSE 'late' END, COUNT(*) FROM return_request AS r JOIN orders AS o ON o.order_id = r.order_id "
  "GROUP BY CASE WHEN r.requested_day - o.order_day <= 7 THEN 'week' WHEN r.requested_day - o.order_day <= 30 "
  "THEN 'month' ELSE 'late' END",
  "SELECT band, COUNT(*) FROM (SELECT 'week' AS band FROM return_request AS r JOIN orders AS o USING (order_id) "
  "WHERE r.requested_day - o.order_day <= 7 UNION ALL SELECT 'month' FROM return_request AS r JOIN orders AS o "
  "USING (order_id) WHERE r.requested_day - o.order_day > 7 AND r.requested_day - o.order_day <= 30 UNION ALL "
  "SELECT 'late' FROM return_request AS r JOIN orders AS o USING (order_id) WHERE r.requested_day - o.order_day > 30) "
  "AS u GROUP BY band",
  "SELECT band, COUNT(*) FROM (SELECT 'week' AS band FROM return_request AS r JOIN orders AS o USING (order_id) "
  "WHERE r.requested_day - o.order_day <= 7 UNION ALL SELECT 'month' FROM return_request AS r JOIN orders AS o "
  "USING (order_id) WHERE r.requested_day - o.order_day <= 30 UNION ALL "
  "SELECT 'late' FROM return_request AS r JOIN orders AS o USING (order_id) WHERE r.requested_day - o.order_day > 30) "
  "AS u GROUP BY band",
  "week requests counted in the month band too")
R("customers:top returned products per category with ties",
  "WITH n AS (SELECT l.product_id, COUNT(*) AS k FROM return_request AS r JOIN order_line AS l ON l.order_id = r.order_id "
  "AND l.line_no = r.line_no GROUP BY l.product_id) SELECT p.category, p.product_id, n.k FROM n JOIN product AS p "
  "ON p.product_id = n.product_id WHERE n.k = (SELECT MAX(n2.k) FROM n AS n2 JOIN product AS p2 "
  "ON p2.product_id = n2.product_id WHERE p2.category = p.category)",
  "SELECT category, product_id, k FROM (SELECT p.category, p.product_id, COUNT(*) AS k, RANK() OVER "
  "(PARTITION BY p.category ORDER BY COUNT(*) DESC) AS rk FROM return_request AS r JOIN order_line AS l "
  "USING (order_id, line_no) JOIN product AS p USING (product_id) GROUP BY p.category, p.product_id) AS x WHERE rk = 1",
  "SELECT category, product_id, k FROM (SELECT p.category, p.product_id, COUNT(*) AS k, ROW_NUMBER() OVER "
  "(PARTITION BY p.category ORDER BY COUNT(*) DESC, p.product_id) AS rk FROM return_request AS r JOIN order_line AS l "
  "USING (order_id, line_no) JOIN product AS p USING (product_id) GROUP BY p.category, p.product_id) AS x WHERE rk = 1",
  "ties cut to the lowest product id")
R("customers:requests on the customer's latest order",
  "SELECT r.request_id FROM return_request AS r JOIN orders AS o ON o.order_id = r.order_id WHERE o.order_day = "
  "(SELECT MAX(o2.order_day) FROM orders AS o2 WHERE o2.customer_id = o.customer_id)",
  "SELECT request_id FROM return_request AS r JOIN orders AS o USING (order_id) WHERE NOT EXISTS (SELECT 1 "
  "FROM orders AS o2 WHERE o2.customer_id = o.customer_id AND o2.order_day > o.order_day)",
  "SELECT request_id FROM return_request AS r JOIN orders AS o USING (order_id) WHERE NOT EXISTS (SELECT 1 "
  "FROM orders AS o2 WHERE o2.customer_id = o.customer_id AND o2.order_day > o.order_day AND o2.order_id IN "
  "(SELECT order_id FROM return_request))",
  "the latest returned order instead of the latest order")
R("customers:distinct products returned per customer",
  "SELECT o.customer_id, COUNT(DISTINCT l.product_id) FROM orders AS o JOIN return_request AS r "
  "ON r.order_id = o.order_id JOIN order_line AS l ON l.order_id = r.order_id AND l.line_no = r.line_no "
  "GROUP BY o.customer_id",
  "SELECT customer_id, COUNT(*) FROM (SELECT DISTINCT o.customer_id, l.product_id FROM orders AS o "
  "JOIN order_line AS l USING (order_id) WHERE EXISTS (SELECT 1 FROM return_request AS r WHERE r.order_id = l.order_id "
  "AND r.line_no = l.line_no)) AS x GROUP BY customer_id",
  "SELECT customer_id, COUNT(*) FROM (SELECT o.customer_id, l.product_id FROM orders AS o "
  "JOIN order_line AS l USING (order_id) WHERE EXISTS (SELECT 1 FROM return_request AS r WHERE r.order_id = l.order_id "
  "AND r.line_no = l.line_no)) AS x GROUP BY customer_id",
  "a product returned on two lines counted twice")
# --- the keyless scan log
R("scans:latest scan per request",
  "SELECT request_id, MAX(scan_day) FROM scan_log WHERE request_id IS NOT NULL AND scan_day IS NOT NULL "
  "GROUP BY request_id",
  "SELECT DISTINCT s.request_id, s.scan_day FROM scan_log AS s WHERE s.request_id IS NOT NULL AND s.scan_day IS NOT NULL "
  "AND NOT EXISTS (SELECT 1 FROM scan_log AS t WHERE t.request_id = s.request_id AND t.scan_day > s.scan_day)",
  "SELECT s.request_id, s.scan_day FROM scan_log AS s WHERE s.request_id IS NOT NULL AND s.scan_day IS NOT NULL "
  "AND NOT EXISTS (SELECT 1 FROM scan_log AS t WHERE t.request_id = s.request_id AND t.scan_day > s.scan_day)",
  "duplicate latest scans kept")
R("scans:latest events per request with ties",
  "SELECT DISTINCT s.request_id, s.event FROM scan_log AS s WHERE s.scan_day = (SELECT MAX(t.scan_day) FROM scan_log AS t "
  "WHERE t.request_id = s.request_id)",
  "SELECT DISTINCT request_id, event FROM (SELECT request_id, event, RANK() OVER (PARTITION BY request_id "
  "ORDER BY scan_day DESC) AS r FROM scan_log WHERE request_id IS NOT NULL AND scan_day IS NOT NULL) AS x WHERE r = 1",
  "SELECT DISTINCT request_id, event FROM (SELECT request_id, event, RANK() OVER (PARTITION BY request_id "
  "ORDER BY scan_day) AS r FROM scan_log WHERE request_id IS NOT NULL AND scan_day IS NOT NULL) AS x WHERE r = 1",
  "the first events instead of the latest")
R("scans:delivered but never received",
  "SELECT DISTINCT s.request_id FROM scan_log AS s WHERE s.event = 'delivered' AND NOT EXISTS (SELECT 1 FROM receipt AS c "
  "WHERE c.request_id = s.request_id)",
  "SELECT request_id FROM scan_log WHERE event = 'delivered' EXCEPT SELECT request_id FROM receipt",
  "SELECT request_id FROM scan_log WHERE event = 'delivered' AND request_id NOT IN (SELECT request_id FROM receipt)",
  "duplicate delivery scans kept and the scan without a request dropped")
R("scans:requests scanned per event",
  "SELECT event, COUNT(DISTINCT request_id) FROM scan_log GROUP BY event",
  "SELECT event, COUNT(request_id) FROM (SELECT DISTINCT event, request_id FROM scan_log) AS x GROUP BY event",
  "SELECT event, COUNT(*) FROM (SELECT DISTINCT event, request_id FROM scan_log) AS x GROUP BY event",
  "scans without a request counted")
R("scans:days between consecutive scan days",
  "SELECT request_id, scan_day, scan_day - LAG(scan_day) OVER (PARTITION BY request_id ORDER BY scan_day) FROM "
  "(SELECT DISTINCT request_id, scan_day FROM scan_log WHERE request_id IS NOT NULL AND scan_day IS NOT NULL) AS d",
  "SELECT d.request_id, d.scan_day, d.scan_day - (SELECT MAX(p.scan_day) FROM scan_log AS p WHERE "
  "p.request_id = d.request_id AND p.scan_day < d.scan_day) FROM (SELECT request_id, scan_day FROM scan_log "
  "WHERE request_id IS NOT NULL AND scan_day IS NOT NULL GROUP BY request_id, scan_day) AS d",
  "SELECT request_id, scan_day, scan_day - LAG(scan_day) OVER (PARTITION BY request_id ORDER BY scan_day) FROM "
  "(SELECT request_id, scan_day FROM scan_log WHERE request_id IS NOT NULL AND scan_day IS NOT NULL GROUP BY "
  "request_id, scan_day, event) AS d",
  "one row per event: a second event on one day gives a gap of 0")
R("scans:scans before the request",
  "SELECT s.request_id, s.scan_day FROM scan_log AS s JOIN return_request AS r ON r.request_id = s.request_id "
  "WHERE s.scan_day < r.requested_day",
  "SELECT request_id, scan_day FROM scan_log AS s WHERE scan_day < (SELECT r.requested_day FROM return_request AS r "
  "WHERE r.request_id = s.request_id)",
  "SELECT DISTINCT request_id, scan_day FROM scan_log AS s WHERE scan_day < (SELECT r.requested_day "
  "FROM return_request AS r WHERE r.request_id = s.request_id)",
  "duplicate scans collapsed")
R("scans:requests received without a scan",
  "SELECT DISTINCT c.request_id FROM receipt AS c LEFT JOIN scan_log AS s ON s.request_id = c.request_id "
  "WHERE s.request_id IS NULL",
  "SELECT request_id FROM receipt EXCEPT SELECT request_id FROM scan_log",
  "SELECT request_id FROM receipt WHERE request_id NOT IN (SELECT request_id FROM scan_log)",
  "NOT IN over a scan without a request: nothing listed")
R("scans:transit scans per request and day",
  "SELECT request_id, scan_day, COUNT(*) FROM scan_log WHERE event = 'transit' GROUP BY request_id, scan_day",
  "SELECT DISTINCT request_id, scan_day, COUNT(*) OVER (PARTITION BY request_id, scan_day) FROM scan_log "
  "WHERE event = 'transit'",
  "SELECT DISTINCT request_id, scan_day, COUNT(*) OVER (PARTITION BY request_id) FROM scan_log WHERE event = 'transit'",
  "counted per request, not per day")
R("scans:label scans without a later transit scan",
  "SELECT DISTINCT s.request_id, s.scan_day FROM scan_log AS s WHERE s.event = 'label' AND NOT EXISTS (SELECT 1 "
  "FROM scan_log AS t WHERE t.request_id = s.request_id AND t.event = 'transit' AND t.scan_day > s.scan_day)",
  "SELECT request_id, scan_day FROM scan_log WHERE event = 'label' EXCEPT SELECT s.request_id, s.scan_day "
  "FROM scan_log AS s JOIN scan_log AS t ON t.request_id = s.request_id AND t.scan_day > s.scan_day "
  "WHERE s.event = 'label' AND t.event = 'transit'",
  "SELECT request_id, scan_day FROM scan_log WHERE event = 'label' EXCEPT SELECT s.request_id, s.scan_day "
  "FROM scan_log AS s JOIN scan_log AS t ON t.request_id = s.request_id AND t.scan_day >= s.scan_day "
  "WHERE s.event = 'label' AND t.event = 'transit'",
  "a transit scan on the label's day taken as later")
# --- SQLite spellings and the list pair
R("sqlite:reason or unknown per request",
  "SELECT request_id, IFNULL(reason_code, 'unknown') FROM return_request",
  "SELECT request_id, CASE WHEN reason_code IS NULL THEN 'unknown' ELSE reason_code END FROM return_request",
  "SELECT request_id, IIF(reason_code <> 'size', reason_code, 'unknown') FROM return_request",
  "size reasons relabelled and NULL reasons kept", dialect="sqlite")
R("sqlite:damaged requests per order",
  "SELECT order_id, COUNT(CASE WHEN reason_code = 'damaged' THEN 1 END) FROM return_request GROUP BY order_id",
  "SELECT order_id, SUM(IIF(reason_code = 'damaged', 1, 0)) FROM return_request GROUP BY order_id",
  "SELECT order_id, COUNT(reason_code = 'damaged') FROM return_request GROUP BY order_id",
  "COUNT of a comparison counts every request with a reason", dialect="sqlite")
R("sqlite:earliest of refund and receipt day",
  "SELECT f.refund_id, MIN(f.issued_day, c.received_day) FROM refund AS f JOIN receipt AS c ON c.request_id = f.request_id",
  "SELECT f.refund_id, CASE WHEN f.issued_day IS NULL THEN NULL WHEN f.issued_day < c.received_day THEN f.issued_day "
  "ELSE c.received_day END FROM refund AS f JOIN receipt AS c USING (request_id)",
  "SELECT f.refund_id, CASE WHEN f.issued_day < c.received_day THEN f.issued_day ELSE c.received_day END "
  "FROM refund AS f JOIN receipt AS c USING (request_id)",
  "the scalar MIN answers NULL for pending refunds", dialect="sqlite")
R("list:the three largest refunds",
  "SELECT refund_id, amount_cents FROM refund ORDER BY amount_cents DESC, refund_id LIMIT 3",
  "SELECT f.refund_id, f.amount_cents FROM refund AS f WHERE (SELECT COUNT(*) FROM refund AS g WHERE g.amount_cents > "
  "f.amount_cents OR (g.amount_cents = f.amount_cents AND g.refund_id < f.refund_id)) < 3 "
  "ORDER BY f.amount_cents DESC, f.refund_id",
  "SELECT refund_id, amount_cents FROM refund ORDER BY amount_cents DESC, refund_id DESC LIMIT 3",
  "ties on the amount broken by the highest refund id", semantics="list")


# ================================================================ restaurant operations (kitchen)
# --- tickets
K("tickets:ticket time per location",
  "SELECT location_id, AVG(closed_min - opened_min) FROM ticket WHERE closed_min IS NOT NULL GROUP BY location_id",
  "SELECT location_id, AVG(m) FROM (SELECT location_id, closed_min - opened_min AS m FROM ticket) AS x "
  "WHERE m IS NOT NULL GROUP BY location_id",
  "SELECT location_id, AVG(COALESCE(m, 0)) FROM (SELECT location_id, closed_min - opened_min AS m FROM ticket) AS x "
  "GROUP BY location_id",
  "open tickets averaged as zero minutes")
K("tickets:the longest ticket per location with ties",
  "SELECT t.location_id, t.ticket_id FROM ticket AS t WHERE t.closed_min - t.opened_min = (SELECT MAX(u.closed_min - "
  "u.opened_min) FROM ticket AS u WHERE u.location_id = t.location_id)",
  "SELECT location_id, ticket_id FROM (SELECT location_id, ticket_id, MAX(closed_min - opened_min) OVER (PARTITION BY "
  "location_id) AS top, closed_min - opened_min AS m FROM ticket) AS x WHERE m = top",
  "SELECT location_id, ticket_id FROM (SELECT location_id, ticket_id, ROW_NUMBER() OVER (PARTITION BY location_id "
  "ORDER BY closed_min - opened_min DESC, ticket_id) AS r FROM ticket WHERE closed_min IS NOT NULL) AS x WHERE r = 1",
  "ties cut to the lowest ticket id")
K("tickets:open tickets per location with quiet locations",
  "SELECT l.location_id, COUNT(t.ticket_id) FROM location AS l LEFT JOIN ticket AS t ON t.location_id = l.location_id "
  "AND t.closed_min IS NULL GROUP BY l.location_id",
  "SELECT l.location_id, (SELECT COUNT(*) FROM ticket AS t WHERE t.location_id = l.location_id "
  "AND t.closed_min IS NULL) FROM location AS l",
  "SELECT l.location_id, COUNT(t.ticket_id) FROM location AS l LEFT JOIN ticket AS t ON t.location_id = l.location_id "
  "WHERE t.closed_min IS NULL GROUP BY l.location_id",
  "the open filter in WHERE: locations with only closed tickets dropped")
K("tickets:takeaway tickets per day",
  "SELECT day, COUNT(*) - COUNT(table_no) FROM ticket GROUP BY day",
  "SELECT day, SUM(CASE WHEN table_no IS NULL THEN 1 ELSE 0 END) FROM ticket GROUP BY day",
  "SELECT day, COUNT(table_no) FROM ticket GROUP BY day",
  "dine-in tickets counted")
K("tickets:tickets over 45 minutes",
  "SELECT ticket_id FROM ticket WHERE closed_min - opened_min > 45",
  "SELECT ticket_id FROM ticket WHERE closed_min IS NOT NULL AND NOT closed_min - opened_min <= 45",
  "SELECT ticket_id FROM ticket WHERE closed_min IS NOT NULL AND NOT closed_min - opened_min < 45",
  "a ticket of exactly 45 minutes counted")
K("tickets:covers per daypart",
  "SELECT CASE WHEN opened_min < 900 THEN 'lunch' ELSE 'dinner' END, SUM(covers) FROM ticket "
  "GROUP BY CASE WHEN opened_min < 900 THEN 'lunch' ELSE 'dinner' END",
  "SELECT 'lunch', SUM(covers) FROM ticket WHERE opened_min < 900 HAVING COUNT(*) > 0 UNION ALL "
  "SELECT 'dinner', SUM(covers) FROM ticket WHERE opened_min >= 900 HAVING COUNT(*) > 0",
  "SELECT 'lunch', SUM(covers) FROM ticket WHERE opened_min < 720 HAVING COUNT(*) > 0 UNION ALL "
  "SELECT 'dinner', SUM(covers) FROM ticket WHERE opened_min >= 720 HAVING COUNT(*) > 0",
  "a noon ticket counted as dinner")
K("tickets:running covers per location and day",
  "SELECT location_id, day, SUM(SUM(covers)) OVER (PARTITION BY location_id ORDER BY day) FROM ticket "
  "GROUP BY location_id, day",
  "SELECT g.location_id, g.day, (SELECT SUM(t.covers) FROM ticket AS t WHERE t.location_id = g.location_id "
  "AND t.day <= g.day) FROM (SELECT DISTINCT location_id, day FROM ticket) AS g",
  "SELECT location_id, day, SUM(SUM(covers)) OVER (PARTITION BY location_id ORDER BY day ROWS BETWEEN 1 PRECEDING "
  "AND CURRENT ROW) FROM ticket GROUP BY location_id, day",
  "only the day before added")
K("tickets:running sales per day",
  "WITH d AS (SELECT t.day, SUM(m.price_cents) AS rev FROM ticket AS t JOIN ticket_line AS l ON l.ticket_id = t.ticket_id "
  "JOIN menu_item AS m ON m.item_id = l.item_id WHERE l.voided = 0 GROUP BY t.day) "
  "SELECT day, SUM(rev) OVER (ORDER BY day ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM d",
  "WITH d AS (SELECT t.day, SUM(m.price_cents) AS rev FROM ticket_line AS l JOIN ticket AS t USING (ticket_id) "
  "JOIN menu_item AS m USING (item_id) WHERE l.voided = 0 GROUP BY t.day) "
  "SELECT a.day, SUM(b.rev) FROM d AS a JOIN d AS b ON b.day <= a.day GROUP BY a.day",
  "WITH d AS (SELECT t.day, SUM(m.price_cents) AS rev FROM ticket_line AS l JOIN ticket AS t USING (ticket_id) "
  "JOIN menu_item AS m USING (item_id) GROUP BY t.day) "
  "SELECT a.day, SUM(b.rev) FROM d AS a JOIN d AS b ON b.day <= a.day GROUP BY a.day",
  "voided lines sold")
K("tickets:ticket revenue with empty tickets",
  "SELECT t.ticket_id, COALESCE(SUM(m.price_cents), 0) FROM ticket AS t LEFT JOIN ticket_line AS l "
  "ON l.ticket_id = t.ticket_id AND l.voided = 0 LEFT JOIN menu_item AS m ON m.item_id = l.item_id GROUP BY t.ticket_id",
  "SELECT t.ticket_id, COALESCE((SELECT SUM(m.price_cents) FROM ticket_line AS l JOIN menu_item AS m USING (item_id) "
  "WHERE l.ticket_id = t.ticket_id AND l.voided = 0), 0) FROM ticket AS t",
  "SELECT t.ticket_id, (SELECT SUM(m.price_cents) FROM ticket_line AS l JOIN menu_item AS m USING (item_id) "
  "WHERE l.ticket_id = t.ticket_id AND l.voided = 0) FROM ticket AS t",
  "tickets without a sold line reported with NULL")
K("tickets:seat utilisation per location",
  "SELECT l.location_id, SUM(t.covers) * 100 / NULLIF(l.seats, 0) FROM location AS l JOIN ticket AS t "
  "ON t.location_id = l.location_id GROUP BY l.location_id, l.seats",
  "SELECT l.location_id, CASE WHEN l.seats = 0 THEN NULL ELSE x.c * 100 / l.seats END FROM location AS l JOIN "
  "(SELECT location_id, SUM(covers) AS c FROM ticket GROUP BY location_id) AS x ON x.location_id = l.location_id",
  "SELECT l.location_id, CASE WHEN l.seats = 0 THEN 0 ELSE x.c * 100 / l.seats END FROM location AS l JOIN "
  "(SELECT location_id, SUM(covers) AS c FROM ticket GROUP BY location_id) AS x ON x.location_id = l.location_id",
  "locations without seats reported at 0 percent")
K("tickets:gap to the next ticket at the location",
  "SELECT ticket_id, LEAD(opened_min) OVER (PARTITION BY location_id, day ORDER BY opened_min, ticket_id) - opened_min "
  "FROM ticket",
  "SELECT t.ticket_id, (SELECT n.opened_min FROM ticket AS n WHERE n.location_id = t.location_id AND n.day = t.day "
  "AND (n.opened_min > t.opened_min OR (n.opened_min = t.opened_min AND n.ticket_id > t.ticket_id)) "
  "ORDER BY n.opened_min, n.ticket_id LIMIT 1) - t.opened_min FROM ticket AS t",
  "SELECT t.ticket_id, (SELECT n.opened_min FROM ticket AS n WHERE n.location_id = t.location_id AND n.day = t.day "
  "AND n.opened_min > t.opened_min ORDER BY n.opened_min, n.ticket_id LIMIT 1) - t.opened_min FROM ticket AS t",
  "a ticket opened in the same minute skipped")
K("tickets:the busiest location per day with ties",
  "WITH g AS (SELECT day, location_id, SUM(covers) AS c FROM ticket GROUP BY day, location_id) "
  "SELECT day, location_id FROM g WHERE c = (SELECT MAX(h.c) FROM g AS h WHERE h.day = g.day)",
  "SELECT day, location_id FROM (SELECT day, location_id, DENSE_RANK() OVER (PARTITION BY day ORDER BY SUM(covers) DESC) "
  "AS r FROM ticket GROUP BY day, location_id) AS x WHERE r = 1",
  "SELECT day, location_id FROM (SELECT day, location_id, DENSE_RANK() OVER (PARTITION BY day ORDER BY COUNT(*) DESC) "
  "AS r FROM ticket GROUP BY day, location_id) AS x WHERE r = 1",
  "tickets counted instead of covers")
K("tickets:locations without tickets on day 2",
  "SELECT location_id FROM location EXCEPT SELECT location_id FROM ticket WHERE day = 2",
  "SELECT l.location_id FROM location AS l WHERE NOT EXISTS (SELECT 1 FROM ticket AS t WHERE t.location_id = l.location_id "
  "AND t.day = 2)",
  "SELECT l.location_id FROM location AS l WHERE NOT EXISTS (SELECT 1 FROM ticket AS t WHERE t.location_id = l.location_id "
  "AND t.day <= 2)",
  "day 1 tickets counted")
K("tickets:tables with two tickets open at once",
  "SELECT DISTINCT a.location_id, a.table_no FROM ticket AS a JOIN ticket AS b ON b.location_id = a.location_id "
  "AND b.table_no = a.table_no AND b.day = a.day AND b.ticket_id > a.ticket_id WHERE b.opened_min < "
  "COALESCE(a.closed_min, 1440) AND a.opened_min < COALESCE(b.closed_min, 1440)",
  "SELECT a.location_id, a.table_no FROM ticket AS a, ticket AS b WHERE b.location_id = a.location_id "
  "AND b.table_no = a.table_no AND b.day = a.day AND b.ticket_id <> a.ticket_id AND (a.closed_min IS NULL "
  "OR b.opened_min < a.closed_min) AND (b.closed_min IS NULL OR a.opened_min < b.closed_min) "
  "AND a.opened_min < 1440 AND b.opened_min < 1440 GROUP BY a.location_id, a.table_no",
  "SELECT a.location_id, a.table_no FROM ticket AS a, ticket AS b WHERE b.location_id = a.location_id "
  "AND b.table_no = a.table_no AND b.ticket_id <> a.ticket_id AND (a.closed_min IS NULL "
  "OR b.opened_min < a.closed_min) AND (b.closed_min IS NULL OR a.opened_min < b.closed_min) "
  "AND a.opened_min < 1440 AND b.opened_min < 1440 GROUP BY a.location_id, a.table_no",
  "tickets on different days compared")
K("tickets:covers per table with takeaway as its own group",
  "SELECT table_no, SUM(covers) FROM ticket GROUP BY table_no",
  "SELECT table_no, SUM(covers) FROM ticket WHERE table_no IS NOT NULL GROUP BY table_no UNION ALL "
  "SELECT NULL, SUM(covers) FROM ticket WHERE table_no IS NULL HAVING COUNT(*) > 0",
  "SELECT table_no, SUM(covers) FROM ticket WHERE table_no IS NOT NULL GROUP BY table_no UNION ALL "
  "SELECT NULL, SUM(covers) FROM ticket WHERE table_no IS NULL",
  "an empty takeaway group reported")
# --- servers, staff and shifts
K("staff:voids per server",
  "SELECT t.server_id, SUM(CASE WHEN l.voided = 1 THEN 1 ELSE 0 END) FROM ticket AS t JOIN ticket_line AS l "
  "ON l.ticket_id = t.ticket_id GROUP BY t.server_id",
  "SELECT server_id, COUNT(CASE WHEN voided = 1 THEN 1 END) FROM ticket_line JOIN ticket USING (ticket_id) "
  "GROUP BY server_id",
  "SELECT server_id, COUNT(voided) FROM ticket_line JOIN ticket USING (ticket_id) GROUP BY server_id",
  "every line counted as a void")
K("staff:void share per server",
  "SELECT t.server_id, SUM(CASE WHEN l.voided = 1 THEN 1 ELSE 0 END) * 100 / COUNT(*) FROM ticket AS t "
  "JOIN ticket_line AS l ON l.ticket_id = t.ticket_id GROUP BY t.server_id",
  "SELECT server_id, v * 100 / n FROM (SELECT t.server_id, COUNT(*) AS n, COUNT(CASE WHEN l.voided = 1 THEN 1 END) "
  "AS v FROM ticket_line AS l "
  "JOIN ticket AS t USING (ticket_id) GROUP BY t.server_id) AS x",
  "SELECT server_id, v * 100 / n FROM (SELECT t.server_id, COUNT(DISTINCT t.ticket_id) AS n, "
  "COUNT(CASE WHEN l.voided = 1 THEN 1 END) AS v "
  "FROM ticket_line AS l JOIN ticket AS t USING (ticket_id) GROUP BY t.server_id) AS x",
  "voids per ticket instead of per line")
K("staff:servers with no voids",
  "SELECT DISTINCT t.server_id FROM ticket AS t JOIN ticket_line AS l ON l.ticket_id = t.ticket_id "
  "WHERE NOT EXISTS (SELECT 1 FROM ticket AS u JOIN ticket_line AS v ON v.ticket_id = u.ticket_id "
  "WHERE u.server_id = t.server_id AND v.voided = 1)",
  "SELECT t.server_id FROM ticket AS t JOIN ticket_line AS l USING (ticket_id) EXCEPT SELECT t.server_id "
  "FROM ticket AS t JOIN ticket_line AS l USING (ticket_id) WHERE l.voided = 1",
  "SELECT t.server_id FROM ticket AS t JOIN ticket_line AS l USING (ticket_id) WHERE l.voided = 0 EXCEPT "
  "SELECT t.server_id FROM ticket AS t JOIN ticket_line AS l USING (ticket_id) WHERE l.voided = 1 AND l.seq = 1",
  "only first-line voids counted")
K("staff:overlapping shifts of one staff member",
  "SELECT a.shift_id, b.shift_id FROM shift AS a JOIN shift AS b ON b.staff_id = a.staff_id AND b.day = a.day "
  "AND a.shift_id < b.shift_id WHERE a.start_min < COALESCE(b.end_min, 1440) AND b.start_min < COALESCE(a.end_min, 1440)",
  "SELECT a.shift_id, b.shift_id FROM shift AS a, shift AS b WHERE b.staff_id = a.staff_id AND b.day = a.day "
  "AND a.shift_id < b.shift_id AND (b.end_min IS NULL OR a.start_min < b.end_min) AND (a.end_min IS NULL "
  "OR b.start_min < a.end_min) AND a.start_min < 1440 AND b.start_min < 1440",
  "SELECT a.shift_id, b.shift_id FROM shift AS a, shift AS b WHERE b.staff_id = a.staff_id AND b.day = a.day "
  "AND a.shift_id < b.shift_id AND a.start_min < b.end_min AND b.start_min < a.end_min",
  "open shifts never overlap")
K("staff:tickets opened outside the server's shift",
  "SELECT t.ticket_id FROM ticket AS t WHERE NOT EXISTS (SELECT 1 FROM shift AS s WHERE s.staff_id = t.server_id "
  "AND s.location_id = t.location_id AND s.day = t.day AND s.start_min <= t.opened_min "
  "AND (s.end_min IS NULL OR s.end_min >= t.opened_min))",
  "SELECT t.ticket_id FROM ticket AS t LEFT JOIN shift AS s ON s.staff_id = t.server_id AND s.location_id = t.location_id "
  "AND s.day = t.day AND t.opened_min BETWEEN s.start_min AND COALESCE(s.end_min, t.opened_min) "
  "GROUP BY t.ticket_id HAVING COUNT(s.shift_id) = 0",
  "SELECT t.ticket_id FROM ticket AS t LEFT JOIN shift AS s ON s.staff_id = t.server_id "
  "AND s.day = t.day AND t.opened_min BETWEEN s.start_min AND COALESCE(s.end_min, t.opened_min) "
  "GROUP BY t.ticket_id HAVING COUNT(s.shift_id) = 0",
  "a shift at another location counted")
K("staff:staff with shifts at every location",
  "SELECT s.staff_id FROM staff AS s WHERE NOT EXISTS (SELECT 1 FROM location AS l WHERE NOT EXISTS "
  "(SELECT 1 FROM shift AS h WHERE h.staff_id = s.staff_id AND h.location_id = l.location_id))",
  "SELECT staff_id FROM staff WHERE (SELECT COUNT(DISTINCT h.location_id) FROM shift AS h "
  "WHERE h.staff_id = staff.staff_id) = (SELECT COUNT(*) FROM location)",
  "SELECT staff_id FROM staff WHERE (SELECT COUNT(*) FROM shift AS h "
  "WHERE h.staff_id = staff.staff_id) = (SELECT COUNT(*) FROM location)",
  "shifts counted instead of locations")
K("staff:shift minutes per staff with open shifts as zero",
  "SELECT s.staff_id, COALESCE(SUM(h.end_min - h.start_min), 0) FROM staff AS s LEFT JOIN shift AS h "
  "ON h.staff_id = s.staff_id GROUP BY s.staff_id",
  "SELECT staff_id, (SELECT COALESCE(SUM(CASE WHEN h.end_min IS NULL THEN 0 ELSE h.end_min - h.start_min END), 0) "
  "FROM shift AS h WHERE h.staff_id = s.staff_id) FROM staff AS s",
  "SELECT staff_id, (SELECT SUM(CASE WHEN h.end_min IS NULL THEN 0 ELSE h.end_min - h.start_min END) "
  "FROM shift AS h WHERE h.staff_id = s.staff_id) FROM staff AS s",
  "staff without shifts reported with NULL")
K("staff:staff without shifts",
  "SELECT s.staff_id FROM staff AS s LEFT JOIN shift AS h ON h.staff_id = s.staff_id WHERE h.shift_id IS NULL",
  "SELECT staff_id FROM staff WHERE staff_id NOT IN (SELECT staff_id FROM shift)",
  "SELECT staff_id FROM staff WHERE staff_id NOT IN (SELECT server_id FROM ticket)",
  "staff without tickets listed")
K("staff:the first ticket per server and day",
  "SELECT server_id, day, MIN(opened_min) FROM ticket GROUP BY server_id, day",
  "SELECT server_id, day, opened_min FROM (SELECT server_id, day, opened_min, ROW_NUMBER() OVER (PARTITION BY server_id, "
  "day ORDER BY opened_min, ticket_id) AS rn FROM ticket) AS x WHERE rn = 1",
  "SELECT server_id, day, opened_min FROM (SELECT server_id, day, opened_min, ROW_NUMBER() OVER (PARTITION BY server_id "
  "ORDER BY opened_min, ticket_id) AS rn FROM ticket) AS x WHERE rn = 1",
  "the first ticket over all days")
K("staff:top server per location with ties",
  "WITH c AS (SELECT location_id, server_id, SUM(covers) AS n FROM ticket GROUP BY location_id, server_id) "
  "SELECT location_id, server_id FROM c WHERE NOT EXISTS (SELECT 1 FROM c AS d WHERE d.location_id = c.location_id "
  "AND d.n > c.n)",
  "SELECT location_id, server_id FROM (SELECT location_id, server_id, RANK() OVER (PARTITION BY location_id "
  "ORDER BY SUM(covers) DESC) AS r FROM ticket GROUP BY location_id, server_id) AS x WHERE r = 1",
  "SELECT location_id, server_id FROM (SELECT location_id, server_id, RANK() OVER (PARTITION BY location_id "
  "ORDER BY SUM(covers) DESC) AS r FROM ticket GROUP BY location_id, server_id) AS x WHERE r <= 2",
  "the top two kept")
K("staff:servers hired after day 10 with tickets",
  "SELECT DISTINCT s.staff_id FROM staff AS s JOIN ticket AS t ON t.server_id = s.staff_id WHERE s.hire_day > 10",
  "SELECT staff_id FROM staff WHERE hire_day > 10 AND staff_id IN (SELECT server_id FROM ticket)",
  "SELECT staff_id FROM staff WHERE hire_day >= 10 AND staff_id IN (SELECT server_id FROM ticket)",
  "staff hired on day 10 listed")
K("staff:cooks serving tickets",
  "SELECT t.ticket_id FROM ticket AS t JOIN staff AS s ON s.staff_id = t.server_id WHERE s.role = 'cook'",
  "SELECT ticket_id FROM ticket WHERE server_id IN (SELECT staff_id FROM staff WHERE role = 'cook')",
  "SELECT ticket_id FROM ticket WHERE server_id NOT IN (SELECT staff_id FROM staff WHERE role = 'server' "
  "AND hire_day > 0)",
  "servers hired on day 0 counted as cooks")
# --- menu and recipes
K("menu:items never ordered",
  "SELECT m.item_id FROM menu_item AS m WHERE NOT EXISTS (SELECT 1 FROM ticket_line AS l WHERE l.item_id = m.item_id)",
  "SELECT m.item_id FROM menu_item AS m LEFT JOIN ticket_line AS l ON l.item_id = m.item_id WHERE l.ticket_id IS NULL",
  "SELECT item_id FROM menu_item WHERE item_id NOT IN (SELECT item_id FROM ticket_line WHERE voided = 0)",
  "items only ever voided listed")
K("menu:the best seller per category with ties",
  "SELECT category, item_id FROM (SELECT m.category, m.item_id, RANK() OVER (PARTITION BY m.category "
  "ORDER BY COUNT(*) DESC) AS r FROM ticket_line AS l JOIN menu_item AS m ON m.item_id = l.item_id "
  "WHERE l.voided = 0 GROUP BY m.category, m.item_id) AS x WHERE r = 1",
  "WITH s AS (SELECT l.item_id, COUNT(*) AS n FROM ticket_line AS l WHERE l.voided = 0 GROUP BY l.item_id) "
  "SELECT m.category, m.item_id FROM s JOIN menu_item AS m USING (item_id) WHERE s.n = (SELECT MAX(s2.n) FROM s AS s2 "
  "JOIN menu_item AS m2 USING (item_id) WHERE m2.category = m.category)",
  "SELECT category, item_id FROM (SELECT m.category, m.item_id, RANK() OVER (ORDER BY COUNT(*) DESC) AS r "
  "FROM ticket_line AS l JOIN menu_item AS m ON m.item_id = l.item_id WHERE l.voided = 0 "
  "GROUP BY m.category, m.item_id) AS x WHERE r = 1",
  "the best seller over all categories")
K("menu:locations selling every active item",
  "SELECT l.location_id FROM location AS l WHERE NOT EXISTS (SELECT 1 FROM menu_item AS m WHERE m.retired_day IS NULL "
  "AND NOT EXISTS (SELECT 1 FROM ticket AS t JOIN ticket_line AS x ON x.ticket_id = t.ticket_id "
  "WHERE t.location_id = l.location_id AND x.item_id = m.item_id AND x.voided = 0))",
  "SELECT location_id FROM location EXCEPT SELECT l.location_id FROM location AS l CROSS JOIN menu_item AS m "
  "WHERE m.retired_day IS NULL AND m.item_id NOT IN (SELECT x.item_id FROM ticket AS t JOIN ticket_line AS x "
  "USING (ticket_id) WHERE t.location_id = l.location_id AND x.voided = 0)",
  "SELECT location_id FROM location EXCEPT SELECT l.location_id FROM location AS l CROSS JOIN menu_item AS m "
  "WHERE m.item_id NOT IN (SELECT x.item_id FROM ticket AS t JOIN ticket_line AS x "
  "USING (ticket_id) WHERE t.location_id = l.location_id AND x.voided = 0)",
  "retired items required too")
K("menu:the most expensive ingredient per item",
  "SELECT r.item_id, MAX(i.unit_cost) FROM recipe AS r JOIN ingredient AS i ON i.ingredient_id = r.ingredient_id "
  "GROUP BY r.item_id",
  "SELECT DISTINCT r.item_id, (SELECT i.unit_cost FROM recipe AS q JOIN ingredient AS i USING (ingredient_id) "
  "WHERE q.item_id = r.item_id ORDER BY i.unit_cost DESC LIMIT 1) FROM recipe AS r",
  "SELECT DISTINCT r.item_id, (SELECT i.unit_cost FROM recipe AS q JOIN ingredient AS i USING (ingredient_id) "
  "WHERE q.item_id = r.item_id ORDER BY q.qty DESC, i.unit_cost DESC LIMIT 1) FROM recipe AS r",
  "the ingredient used most instead of the dearest")
K("menu:items without a recipe",
  "SELECT item_id FROM menu_item EXCEPT SELECT item_id FROM recipe",
  "SELECT m.item_id FROM menu_item AS m WHERE NOT EXISTS (SELECT 1 FROM recipe AS r WHERE r.item_id = m.item_id)",
  "SELECT m.item_id FROM menu_item AS m WHERE NOT EXISTS (SELECT 1 FROM recipe AS r WHERE r.item_id = m.item_id "
  "AND r.qty > 1)",
  "items whose recipe uses single units listed")
K("menu:items using an ingredient without a supplier",
  "SELECT DISTINCT r.item_id FROM recipe AS r JOIN ingredient AS i ON i.ingredient_id = r.ingredient_id "
  "WHERE i.supplier_id IS NULL",
  "SELECT item_id FROM menu_item WHERE item_id IN (SELECT r.item_id FROM recipe AS r, ingredient AS i "
  "WHERE i.ingredient_id = r.ingredient_id AND i.supplier_id IS NULL)",
  "SELECT item_id FROM menu_item WHERE item_id IN (SELECT r.item_id FROM recipe AS r, ingredient AS i "
  "WHERE i.ingredient_id = r.ingredient_id AND NOT i.supplier_id = 1)",
  "ingredients of supplier 2 taken for unsupplied ones, unsupplied ones lost")
K("menu:ingredients used by two items",
  "SELECT ingredient_id FROM recipe GROUP BY ingredient_id HAVING COUNT(*) >= 2",
  "SELECT DISTINCT a.ingredient_id FROM recipe AS a JOIN recipe AS b ON b.ingredient_id = a.ingredient_id "
  "AND b.item_id <> a.item_id",
  "SELECT DISTINCT a.ingredient_id FROM recipe AS a JOIN recipe AS b ON b.ingredient_id = a.ingredient_id",
  "every used ingredient: the self-join pairs a row with itself")
K("menu:active items per category",
  "SELECT category, COUNT(*) - COUNT(retired_day) FROM menu_item GROUP BY category",
  "SELECT c.category, (SELECT COUNT(*) FROM menu_item AS m WHERE m.category = c.category AND m.retired_day IS NULL) "
  "FROM (SELECT DISTINCT category FROM menu_item) AS c",
  "SELECT c.category, (SELECT COUNT(retired_day) FROM menu_item AS m WHERE m.category = c.category) "
  "FROM (SELECT DISTINCT category FROM menu_item) AS c",
  "retired items counted")
K("menu:items ordered after retirement",
  "SELECT DISTINCT m.item_id FROM menu_item AS m JOIN ticket_line AS l ON l.item_id = m.item_id JOIN ticket AS t "
  "ON t.ticket_id = l.ticket_id WHERE t.day > m.retired_day",
  "SELECT m.item_id FROM menu_item AS m WHERE m.retired_day IS NOT NULL AND EXISTS (SELECT 1 FROM ticket_line AS l "
  "JOIN ticket AS t USING (ticket_id) WHERE l.item_id = m.item_id AND t.day > m.retired_day)",
  "SELECT m.item_id FROM menu_item AS m WHERE m.retired_day IS NOT NULL AND EXISTS (SELECT 1 FROM ticket_line AS l "
  "JOIN ticket AS t USING (ticket_id) WHERE l.item_id = m.item_id AND t.day >= m.retired_day)",
  "an order on the retirement day counted")
K("menu:items per price band",
  "SELECT price_cents / 1000, COUNT(*) FROM menu_item GROUP BY price_cents / 1000",
  "SELECT band, COUNT(*) FROM (SELECT price_cents / 1000 AS band FROM menu_item) AS x GROUP BY band",
  "SELECT band, COUNT(*) FROM (SELECT price_cents / 1000 AS band FROM menu_item WHERE price_cents > 0) AS x GROUP BY band",
  "free items left out")
K("menu:average price per category without free items",
  "SELECT category, AVG(price_cents) FROM menu_item WHERE price_cents <> 0 GROUP BY category",
  "SELECT category, AVG(NULLIF(price_cents, 0)) FROM menu_item GROUP BY category HAVING COUNT(NULLIF(price_cents, 0)) > 0",
  "SELECT category, AVG(price_cents) FROM menu_item GROUP BY category HAVING COUNT(NULLIF(price_cents, 0)) > 0",
  "free items averaged in")
K("menu:ingredients per item with items lacking a recipe",
  "SELECT m.item_id, COUNT(r.ingredient_id) FROM menu_item AS m LEFT JOIN recipe AS r ON r.item_id = m.item_id "
  "GROUP BY m.item_id",
  "SELECT item_id, (SELECT COUNT(*) FROM recipe AS r WHERE r.item_id = m.item_id) FROM menu_item AS m",
  "SELECT m.item_id, COUNT(*) FROM menu_item AS m LEFT JOIN recipe AS r ON r.item_id = m.item_id GROUP BY m.item_id",
  "COUNT(*) over the outer join")
K("menu:ingredients per supplier with unsupplied ingredients",
  "SELECT supplier_id, COUNT(*) FROM ingredient GROUP BY supplier_id",
  "SELECT DISTINCT supplier_id, COUNT(*) OVER (PARTITION BY supplier_id) FROM ingredient",
  "SELECT supplier_id, COUNT(*) FROM ingredient WHERE supplier_id IS NOT NULL GROUP BY supplier_id",
  "the unsupplied group dropped")
K("menu:voided lines per category",
  "SELECT m.category, SUM(l.voided) FROM ticket_line AS l JOIN menu_item AS m ON m.item_id = l.item_id "
  "GROUP BY m.category",
  "SELECT category, SUM(v) FROM (SELECT item_id, SUM(voided) AS v FROM ticket_line GROUP BY item_id) AS x "
  "JOIN menu_item USING (item_id) GROUP BY category",
  "SELECT category, COUNT(v) FROM (SELECT item_id, SUM(voided) AS v FROM ticket_line GROUP BY item_id) AS x "
  "JOIN menu_item USING (item_id) GROUP BY category",
  "items counted instead of voids")
K("menu:tickets with every line voided",
  "SELECT t.ticket_id FROM ticket AS t WHERE EXISTS (SELECT 1 FROM ticket_line AS l WHERE l.ticket_id = t.ticket_id) "
  "AND NOT EXISTS (SELECT 1 FROM ticket_line AS l WHERE l.ticket_id = t.ticket_id AND l.voided <> 1)",
  "SELECT ticket_id FROM ticket_line GROUP BY ticket_id HAVING MIN(CASE WHEN voided = 1 THEN 1 ELSE 0 END) = 1",
  "SELECT ticket_id FROM ticket_line GROUP BY ticket_id HAVING MAX(CASE WHEN voided = 1 THEN 1 ELSE 0 END) = 1",
  "tickets with any voided line")
K("menu:items sold on two consecutive days",
  "SELECT DISTINCT a.item_id FROM (SELECT DISTINCT l.item_id, t.day FROM ticket_line AS l JOIN ticket AS t "
  "ON t.ticket_id = l.ticket_id WHERE l.voided = 0) AS a JOIN (SELECT DISTINCT l.item_id, t.day FROM ticket_line AS l "
  "JOIN ticket AS t ON t.ticket_id = l.ticket_id WHERE l.voided = 0) AS b ON b.item_id = a.item_id AND b.day = a.day + 1",
  "SELECT DISTINCT item_id FROM (SELECT item_id, day, LAG(day) OVER (PARTITION BY item_id ORDER BY day) AS pd "
  "FROM (SELECT l.item_id, t.day FROM ticket_line AS l JOIN ticket AS t USING (ticket_id) WHERE l.voided = 0 "
  "GROUP BY l.item_id, t.day) AS d) AS x WHERE pd = day - 1",
  "SELECT DISTINCT item_id FROM (SELECT item_id, day, LAG(day) OVER (PARTITION BY item_id ORDER BY day) AS pd "
  "FROM (SELECT l.item_id, t.day FROM ticket_line AS l JOIN ticket AS t USING (ticket_id) WHERE l.voided = 0) AS d) "
  "AS x WHERE pd >= day - 1",
  "two sales on one day taken for consecutive days")
K("menu:theoretical usage per location and ingredient",
  "SELECT t.location_id, r.ingredient_id, SUM(r.qty) FROM ticket AS t JOIN ticket_line AS l ON l.ticket_id = t.ticket_id "
  "JOIN recipe AS r ON r.item_id = l.item_id WHERE l.voided = 0 GROUP BY t.location_id, r.ingredient_id",
  "SELECT s.location_id, r.ingredient_id, SUM(s.n * r.qty) FROM (SELECT t.location_id, l.item_id, COUNT(*) AS n "
  "FROM ticket AS t JOIN ticket_line AS l USING (ticket_id) WHERE l.voided = 0 GROUP BY t.location_id, l.item_id) AS s "
  "JOIN recipe AS r ON r.item_id = s.item_id GROUP BY s.location_id, r.ingredient_id",
  "SELECT s.location_id, r.ingredient_id, SUM(r.qty) FROM (SELECT t.location_id, l.item_id, COUNT(*) AS n "
  "FROM ticket AS t JOIN ticket_line AS l USING (ticket_id) WHERE l.voided = 0 GROUP BY t.location_id, l.item_id) AS s "
  "JOIN recipe AS r ON r.item_id = s.item_id GROUP BY s.location_id, r.ingredient_id",
  "each item counted once however often sold")
# --- inventory counts
K("inventory:counted usage between consecutive counts",
  "SELECT location_id, ingredient_id, day, LAG(on_hand) OVER (PARTITION BY location_id, ingredient_id ORDER BY day) "
  "- on_hand FROM inv_count",
  "SELECT c.location_id, c.ingredient_id, c.day, (SELECT p.on_hand FROM inv_count AS p WHERE p.location_id = c.location_id "
  "AND p.ingredient_id = c.ingredient_id AND p.day = (SELECT MAX(q.day) FROM inv_count AS q WHERE q.location_id = "
  "c.location_id AND q.ingredient_id = c.ingredient_id AND q.day < c.day)) - c.on_hand FROM inv_count AS c",
  "SELECT location_id, ingredient_id, day, LAG(on_hand) OVER (PARTITION BY location_id ORDER BY day, ingredient_id) "
  "- on_hand FROM inv_count",
  "the previous count of another ingredient")
K("inventory:86'd items at a location",
  "SELECT DISTINCT c.location_id, r.item_id FROM inv_count AS c JOIN recipe AS r ON r.ingredient_id = c.ingredient_id "
  "WHERE c.day = 4 AND c.on_hand < r.qty",
  "SELECT l.location_id, m.item_id FROM location AS l, menu_item AS m WHERE EXISTS (SELECT 1 FROM recipe AS r "
  "JOIN inv_count AS c USING (ingredient_id) WHERE r.item_id = m.item_id AND c.location_id = l.location_id "
  "AND c.day = 4 AND c.on_hand < r.qty)",
  "SELECT l.location_id, m.item_id FROM location AS l, menu_item AS m WHERE EXISTS (SELECT 1 FROM recipe AS r "
  "JOIN inv_count AS c USING (ingredient_id) WHERE r.item_id = m.item_id AND c.location_id = l.location_id "
  "AND c.day = 4 AND c.on_hand = 0)",
  "only empty ingredients, not short ones")
K("inventory:the latest count per location and ingredient",
  "SELECT c.location_id, c.ingredient_id, c.on_hand FROM inv_count AS c WHERE c.day = (SELECT MAX(d.day) FROM inv_count "
  "AS d WHERE d.location_id = c.location_id AND d.ingredient_id = c.ingredient_id)",
  "SELECT location_id, ingredient_id, on_hand FROM (SELECT location_id, ingredient_id, on_hand, ROW_NUMBER() OVER "
  "(PARTITION BY location_id, ingredient_id ORDER BY day DESC) AS rn FROM inv_count) AS x WHERE rn = 1",
  "SELECT location_id, ingredient_id, on_hand FROM (SELECT location_id, ingredient_id, on_hand, ROW_NUMBER() OVER "
  "(PARTITION BY location_id, ingredient_id ORDER BY day) AS rn FROM inv_count) AS x WHERE rn = 1",
  "the first count instead of the latest")
K("inventory:stock-outs after a stocked count",
  "SELECT c.location_id, c.ingredient_id, c.day FROM inv_count AS c WHERE c.on_hand = 0 AND EXISTS (SELECT 1 "
  "FROM inv_count AS p WHERE p.location_id = c.location_id AND p.ingredient_id = c.ingredient_id AND p.day < c.day "
  "AND p.on_hand > 0)",
  "SELECT location_id, ingredient_id, day FROM (SELECT location_id, ingredient_id, day, on_hand, MAX(on_hand) OVER "
  "(PARTITION BY location_id, ingredient_id ORDER BY day ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before "
  "FROM inv_count) AS x WHERE on_hand = 0 AND before > 0",
  "SELECT location_id, ingredient_id, day FROM (SELECT location_id, ingredient_id, day, on_hand, LAG(on_hand) OVER "
  "(PARTITION BY location_id, ingredient_id ORDER BY day) AS before FROM inv_count) AS x WHERE on_hand = 0 "
  "AND before > 0",
  "only the count just before compared")
K("inventory:ingredients counted at every location",
  "SELECT i.ingredient_id FROM ingredient AS i WHERE NOT EXISTS (SELECT 1 FROM location AS l WHERE NOT EXISTS "
  "(SELECT 1 FROM inv_count AS c WHERE c.location_id = l.location_id AND c.ingredient_id = i.ingredient_id))",
  "SELECT ingredient_id FROM ingredient EXCEPT SELECT i.ingredient_id FROM ingredient AS i CROSS JOIN location AS l "
  "LEFT JOIN inv_count AS c ON c.location_id = l.location_id AND c.ingredient_id = i.ingredient_id WHERE c.day IS NULL",
  "SELECT ingredient_id FROM ingredient EXCEPT SELECT i.ingredient_id FROM ingredient AS i CROSS JOIN location AS l "
  "LEFT JOIN inv_count AS c ON c.location_id = l.location_id AND c.ingredient_id = i.ingredient_id WHERE c.on_hand = 0",
  "ingredients never counted listed")
K("inventory:on-hand per location and unit on day 4",
  "SELECT c.location_id, i.unit, SUM(c.on_hand) FROM inv_count AS c JOIN ingredient AS i "
  "ON i.ingredient_id = c.ingredient_id WHERE c.day = 4 GROUP BY c.location_id, i.unit",
  "SELECT location_id, unit, SUM(on_hand) FROM ingredient JOIN inv_count USING (ingredient_id) WHERE day = 4 "
  "GROUP BY unit, location_id",
  "SELECT location_id, unit, SUM(on_hand) FROM ingredient JOIN inv_count USING (ingredient_id) WHERE day >= 2 "
  "GROUP BY unit, location_id",
  "day 2 counts added")
K("inventory:ingredients never counted",
  "SELECT i.ingredient_id FROM ingredient AS i LEFT JOIN inv_count AS c ON c.ingredient_id = i.ingredient_id "
  "WHERE c.location_id IS NULL",
  "SELECT ingredient_id FROM ingredient WHERE ingredient_id NOT IN (SELECT ingredient_id FROM inv_count)",
  "SELECT ingredient_id FROM ingredient WHERE ingredient_id NOT IN (SELECT ingredient_id FROM inv_count "
  "WHERE on_hand > 0)",
  "ingredients counted only at zero listed")
K("inventory:stock value per location on day 4",
  "SELECT c.location_id, MAX(c.on_hand * i.unit_cost) FROM inv_count AS c JOIN ingredient AS i USING (ingredient_id) "
  "WHERE c.day = 4 GROUP BY c.location_id",
  "SELECT l.location_id, (SELECT MAX(c.on_hand * i.unit_cost) FROM inv_count AS c JOIN ingredient AS i "
  "ON i.ingredient_id = c.ingredient_id WHERE c.location_id = l.location_id AND c.day = 4) FROM location AS l "
  "WHERE l.location_id IN (SELECT location_id FROM inv_count WHERE day = 4)",
  "SELECT l.location_id, (SELECT MAX(c.on_hand * i.unit_cost) FROM inv_count AS c JOIN ingredient AS i "
  "ON i.ingredient_id = c.ingredient_id WHERE c.location_id = l.location_id AND c.day = 4) FROM location AS l",
  "locations not counted on day 4 listed with NULL")
# --- the keyless waste log
K("waste:waste per ingredient",
  "SELECT ingredient_id, SUM(qty) FROM waste_log GROUP BY ingredient_id",
  "SELECT g.ingredient_id, (SELECT SUM(w.qty) FROM waste_log AS w WHERE w.ingredient_id = g.ingredient_id) "
  "FROM (SELECT DISTINCT ingredient_id FROM waste_log WHERE ingredient_id IS NOT NULL) AS g UNION ALL "
  "SELECT NULL, SUM(qty) FROM waste_log WHERE ingredient_id IS NULL HAVING COUNT(*) > 0",
  "SELECT ingredient_id, SUM(DISTINCT qty) FROM waste_log GROUP BY ingredient_id",
  "two waste entries of one quantity counted once")
K("waste:waste entries per reason with unknown reasons",
  "SELECT reason, COUNT(*) FROM waste_log GROUP BY reason",
  "SELECT DISTINCT reason, COUNT(*) OVER (PARTITION BY reason) FROM waste_log",
  "SELECT reason, COUNT(reason) FROM waste_log GROUP BY reason",
  "COUNT(reason): the unknown group counted as 0")
K("waste:waste days per location",
  "SELECT location_id, COUNT(DISTINCT day) FROM waste_log GROUP BY location_id",
  "SELECT location_id, COUNT(day) FROM (SELECT DISTINCT location_id, day FROM waste_log) AS x GROUP BY location_id",
  "SELECT location_id, COUNT(day) FROM waste_log GROUP BY location_id",
  "duplicate entries on one day counted")
K("waste:ingredients wasted but never counted",
  "SELECT ingredient_id FROM waste_log EXCEPT SELECT ingredient_id FROM inv_count",
  "SELECT DISTINCT w.ingredient_id FROM waste_log AS w WHERE NOT EXISTS (SELECT 1 FROM inv_count AS c "
  "WHERE c.ingredient_id = w.ingredient_id)",
  "SELECT DISTINCT w.ingredient_id FROM waste_log AS w WHERE w.ingredient_id NOT IN (SELECT c.ingredient_id "
  "FROM inv_count AS c)",
  "NOT IN: the entry without an ingredient dropped")
K("waste:waste on days without a count",
  "SELECT w.location_id, w.ingredient_id, w.day, w.qty FROM waste_log AS w LEFT JOIN inv_count AS c "
  "ON c.location_id = w.location_id AND c.ingredient_id = w.ingredient_id AND c.day = w.day WHERE c.on_hand IS NULL",
  "SELECT location_id, ingredient_id, day, qty FROM waste_log AS w WHERE NOT EXISTS (SELECT 1 FROM inv_count AS c "
  "WHERE c.location_id = w.location_id AND c.ingredient_id = w.ingredient_id AND c.day = w.day)",
  "SELECT location_id, ingredient_id, day, qty FROM waste_log AS w WHERE NOT EXISTS (SELECT 1 FROM inv_count AS c "
  "WHERE c.location_id = w.location_id AND c.ingredient_id = w.ingredient_id)",
  "the day not correlated")
K("waste:waste above a tenth of the count",
  "SELECT w.location_id, w.ingredient_id, w.day FROM waste_log AS w JOIN inv_count AS c ON c.location_id = w.location_id "
  "AND c.ingredient_id = w.ingredient_id AND c.day = w.day WHERE 10 * w.qty > c.on_hand",
  "SELECT location_id, ingredient_id, day FROM waste_log AS w WHERE 10 * qty > (SELECT c.on_hand FROM inv_count AS c "
  "WHERE c.location_id = w.location_id AND c.ingredient_id = w.ingredient_id AND c.day = w.day)",
  "SELECT DISTINCT location_id, ingredient_id, day FROM waste_log AS w WHERE 10 * qty > (SELECT c.on_hand "
  "FROM inv_count AS c WHERE c.location_id = w.location_id AND c.ingredient_id = w.ingredient_id AND c.day = w.day)",
  "duplicate entries collapsed")
K("waste:spoiled quantity per location with clean locations",
  "SELECT l.location_id, COALESCE(SUM(w.qty), 0) FROM location AS l LEFT JOIN waste_log AS w "
  "ON w.location_id = l.location_id AND w.reason = 'spoiled' GROUP BY l.location_id",
  "SELECT l.location_id, SUM(CASE WHEN w.reason = 'spoiled' AND w.qty IS NOT NULL THEN w.qty ELSE 0 END) "
  "FROM location AS l LEFT JOIN waste_log AS w ON w.location_id = l.location_id GROUP BY l.location_id",
  "SELECT l.location_id, SUM(CASE WHEN w.reason = 'spoiled' AND w.qty IS NOT NULL THEN w.qty ELSE 0 END) "
  "FROM location AS l JOIN waste_log AS w ON w.location_id = l.location_id GROUP BY l.location_id",
  "locations without waste dropped")
K("waste:repeated waste entries",
  "SELECT location_id, ingredient_id, day, qty, reason FROM waste_log GROUP BY location_id, ingredient_id, day, qty, "
  "reason HAVING COUNT(*) >= 2",
  "SELECT location_id, ingredient_id, day, qty, reason FROM waste_log INTERSECT SELECT location_id, ingredient_id, day, "
  "qty, reason FROM (SELECT location_id, ingredient_id, day, qty, reason, ROW_NUMBER() OVER (PARTITION BY location_id, "
  "ingredient_id, day, qty, reason) AS k FROM waste_log) AS x WHERE k = 2",
  "SELECT DISTINCT location_id, ingredient_id, day, qty, reason FROM waste_log AS w WHERE EXISTS (SELECT 1 "
  "FROM waste_log AS v WHERE v.location_id = w.location_id AND v.ingredient_id = w.ingredient_id AND v.day = w.day)",
  "any two entries of one ingredient and day, even one entry with itself")
# --- SQLite spellings and the list pair
K("sqlite:closing minute with open tickets at midnight",
  "SELECT ticket_id, IFNULL(closed_min, 1440) FROM ticket",
  "SELECT ticket_id, CASE WHEN closed_min IS NULL THEN 1440 ELSE closed_min END FROM ticket",
  "SELECT ticket_id, MAX(closed_min, 1440) FROM ticket",
  "the scalar MAX: every ticket closed at midnight or NULL", dialect="sqlite")
K("sqlite:voided lines per ticket",
  "SELECT ticket_id, SUM(voided = 1) FROM ticket_line GROUP BY ticket_id",
  "SELECT ticket_id, SUM(IIF(voided = 1, 1, 0)) FROM ticket_line GROUP BY ticket_id",
  "SELECT ticket_id, COUNT(voided = 1) FROM ticket_line GROUP BY ticket_id",
  "COUNT of a comparison counts every line", dialect="sqlite")
K("sqlite:shift end or its start",
  "SELECT shift_id, MAX(end_min, start_min) FROM shift",
  "SELECT shift_id, CASE WHEN end_min IS NULL THEN NULL WHEN end_min > start_min THEN end_min ELSE start_min END "
  "FROM shift",
  "SELECT shift_id, IFNULL(end_min, start_min) FROM shift",
  "open shifts given their start instead of NULL", dialect="sqlite")
K("list:the three largest tables by covers",
  "SELECT ticket_id, covers FROM ticket ORDER BY covers DESC, ticket_id LIMIT 3",
  "SELECT t.ticket_id, t.covers FROM ticket AS t WHERE (SELECT COUNT(*) FROM ticket AS u WHERE u.covers > t.covers "
  "OR (u.covers = t.covers AND u.ticket_id < t.ticket_id)) < 3 ORDER BY t.covers DESC, t.ticket_id",
  "SELECT t.ticket_id, t.covers FROM ticket AS t WHERE (SELECT COUNT(*) FROM ticket AS u WHERE u.covers > t.covers) < 3 "
  "ORDER BY t.covers DESC, t.ticket_id",
  "ties kept past the third row", semantics="list")
