"""The pairs of the twenty-fifth held-out prover corpus (``benchmarks/corpus/prover25/``), as
written (``prover25_build.py`` checks them in SQLite and writes the corpus).

Three sources: fitness club report SQL (Mindbody, Glofox and ABC Fitness reports: attendance
rate per class type, no-show members, churn per month, members who never checked in, classes
over capacity, trainer utilisation, dunning, converted referrals, peak hour per club) against
the hand-written query for the same report, on a new gym schema; farm management report SQL
(FarmLogs, Granular and Trimble Ag reports: yield per hectare per crop, fields without a soil
sample, crop rotation breaks, spray re-entry intervals, rainfall since sowing, first and last
application per field, machine hours per field, fields planted with every crop of a rotation
set) against an equivalent formulation, on a new farm schema; and recruiting report SQL on an
applicant tracking system (Greenhouse, Lever and Ashby reports: time to hire, pipeline
conversion per stage, source effectiveness, interviewer load, candidates interviewed by every
panel member, offers accepted within N days, jobs with no applicants, time in stage, ties in
top scores) against the hand-written query, on a new ats schema. Each ``add`` call is one
equivalent pair and one realistic non-equivalent mutant. Written from the author's own SQL for
these reports; not taken from any prover benchmark, rule test, tool's test suite or published
pair set; the verifier was not read.
"""

from __future__ import annotations

from benchmarks.held_out_pairs import pair_book

SOURCES = {
    "fitness_club": ("gym", "fitness club report SQL (Mindbody, Glofox, ABC Fitness reports: attendance rate per "
                            "class type, no-show members, churn per month, members who never checked in, classes "
                            "over capacity, trainer utilisation, dunning, converted referrals, peak hour per club) "
                            "against the hand-written query for the same report"),
    "farm_management": ("farm", "farm management report SQL (FarmLogs, Granular, Trimble Ag reports: yield per "
                                "hectare per crop, fields without a soil sample, crop rotation breaks, spray "
                                "re-entry intervals, rainfall since sowing, first and last application per field, "
                                "machine hours per field, fields planted with every crop of a rotation set) against "
                                "an equivalent formulation"),
    "recruiting_ats": ("ats", "recruiting report SQL on an applicant tracking system (Greenhouse, Lever, Ashby "
                              "reports: time to hire, pipeline conversion per stage, source effectiveness, "
                              "interviewer load, candidates interviewed by every panel member, offers accepted "
                              "within N days, jobs with no applicants, time in stage, ties in top scores) against "
                              "the hand-written query"),
}
FILE = {k: k for k in SOURCES}


PAIRS, add = pair_book("prover25", SOURCES, FILE)


def G(rule, gold, pred, mutant, mutation, **kw):
    """A fitness club report's SQL (gold) against the hand-written query (pred), gym."""
    add("fitness_club", rule, gold, pred, mutant, mutation, **kw)


def F(rule, gold, pred, mutant, mutation, **kw):
    """A farm management report's SQL (gold) against an equivalent formulation (pred), farm."""
    add("farm_management", rule, gold, pred, mutant, mutation, **kw)


def A(rule, gold, pred, mutant, mutation, **kw):
    """A recruiting report's SQL (gold) against the hand-written query (pred), ats."""
    add("recruiting_ats", rule, gold, pred, mutant, mutation, **kw)


# ================================================================ fitness club (gym)
# --- attendance
G("attendance:attendance rate per class type",
  "SELECT c.type_id, SUM(CASE WHEN b.status = 'attended' THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM scheduled_class AS c "
  "JOIN booking AS b ON b.class_id = c.class_id WHERE b.status <> 'cancelled' GROUP BY c.type_id",
  "SELECT c.type_id, COUNT(*) FILTER (WHERE b.status = 'attended') * 1.0 / COUNT(*) FROM booking AS b "
  "JOIN scheduled_class AS c USING (class_id) WHERE NOT (b.status = 'cancelled') GROUP BY c.type_id",
  "SELECT c.type_id, COUNT(*) FILTER (WHERE b.status = 'attended') * 1.0 / COUNT(*) FROM booking AS b "
  "JOIN scheduled_class AS c USING (class_id) GROUP BY c.type_id",
  "cancelled bookings kept in the denominator")
G("attendance:members with two no-shows",
  "SELECT b.member_id FROM booking AS b JOIN scheduled_class AS c ON c.class_id = b.class_id "
  "WHERE b.status = 'booked' AND c.day < 7 GROUP BY b.member_id HAVING COUNT(*) >= 2",
  "SELECT DISTINCT b1.member_id FROM booking AS b1 JOIN scheduled_class AS c1 ON c1.class_id = b1.class_id "
  "JOIN booking AS b2 ON b2.member_id = b1.member_id AND b2.booking_id <> b1.booking_id "
  "JOIN scheduled_class AS c2 ON c2.class_id = b2.class_id "
  "WHERE b1.status = 'booked' AND b2.status = 'booked' AND c1.day < 7 AND c2.day < 7",
  "SELECT b.member_id FROM booking AS b JOIN scheduled_class AS c ON c.class_id = b.class_id "
  "WHERE b.status = 'booked' AND c.day <= 7 GROUP BY b.member_id HAVING COUNT(*) >= 2",
  "a booking for the class on day 7 (not yet held) counted as a no-show")
G("attendance:members who never checked in",
  "SELECT m.member_id FROM member AS m WHERE NOT EXISTS (SELECT 1 FROM checkin AS k WHERE k.member_id = m.member_id)",
  "SELECT member_id FROM member EXCEPT SELECT member_id FROM checkin WHERE member_id IS NOT NULL",
  "SELECT member_id FROM member WHERE member_id NOT IN (SELECT member_id FROM checkin)",
  "NOT IN over a check-in with an unknown member")
G("attendance:attended classes per member including none",
  "SELECT m.member_id, COUNT(b.booking_id) FROM member AS m LEFT JOIN booking AS b ON b.member_id = m.member_id "
  "AND b.status = 'attended' GROUP BY m.member_id",
  "SELECT m.member_id, (SELECT COUNT(*) FROM booking AS b WHERE b.member_id = m.member_id AND b.status = 'attended') "
  "FROM member AS m",
  "SELECT m.member_id, COUNT(b.booking_id) FROM member AS m LEFT JOIN booking AS b ON b.member_id = m.member_id "
  "WHERE b.status = 'attended' GROUP BY m.member_id",
  "the status filter moved from ON to WHERE drops members without attendance")
G("attendance:attendance per class type per weekday",
  "SELECT c.type_id, c.day % 7, COUNT(*) FROM booking AS b JOIN scheduled_class AS c ON c.class_id = b.class_id "
  "WHERE b.status = 'attended' GROUP BY c.type_id, c.day % 7",
  "SELECT type_id, wd, COUNT(*) FROM (SELECT c.type_id, c.day % 7 AS wd FROM scheduled_class AS c "
  "JOIN booking AS b ON b.class_id = c.class_id AND b.status = 'attended') AS x GROUP BY type_id, wd",
  "SELECT type_id, wd, COUNT(*) FROM (SELECT c.type_id, c.day / 7 AS wd FROM scheduled_class AS c "
  "JOIN booking AS b ON b.class_id = c.class_id AND b.status = 'attended') AS x GROUP BY type_id, wd",
  "the week number instead of the weekday")
G("attendance:last attended class per member",
  "SELECT member_id, class_id FROM (SELECT b.member_id, b.class_id, ROW_NUMBER() OVER (PARTITION BY b.member_id "
  "ORDER BY c.day DESC, c.start_min DESC, b.booking_id DESC) AS rn FROM booking AS b JOIN scheduled_class AS c "
  "ON c.class_id = b.class_id WHERE b.status = 'attended') AS x WHERE rn = 1",
  "SELECT b.member_id, b.class_id FROM booking AS b JOIN scheduled_class AS c ON c.class_id = b.class_id "
  "WHERE b.status = 'attended' AND NOT EXISTS (SELECT 1 FROM booking AS b2 JOIN scheduled_class AS c2 "
  "ON c2.class_id = b2.class_id WHERE b2.member_id = b.member_id AND b2.status = 'attended' AND (c2.day > c.day "
  "OR (c2.day = c.day AND (c2.start_min > c.start_min OR (c2.start_min = c.start_min "
  "AND b2.booking_id > b.booking_id)))))",
  "SELECT member_id, class_id FROM (SELECT b.member_id, b.class_id, b.status, ROW_NUMBER() OVER (PARTITION BY "
  "b.member_id ORDER BY c.day DESC, c.start_min DESC, b.booking_id DESC) AS rn FROM booking AS b "
  "JOIN scheduled_class AS c ON c.class_id = b.class_id) AS x WHERE rn = 1 AND status = 'attended'",
  "the status filtered after ranking: members whose latest booking was not attended dropped")
G("attendance:classes nobody attended",
  "SELECT c.class_id FROM scheduled_class AS c LEFT JOIN booking AS b ON b.class_id = c.class_id "
  "AND b.status = 'attended' WHERE b.booking_id IS NULL",
  "SELECT class_id FROM scheduled_class WHERE class_id NOT IN (SELECT class_id FROM booking WHERE status = 'attended')",
  "SELECT class_id FROM scheduled_class WHERE class_id NOT IN (SELECT class_id FROM booking)",
  "classes with only cancelled or open bookings dropped")
G("attendance:members who attended every class type",
  "SELECT DISTINCT b.member_id FROM booking AS b WHERE b.status = 'attended' AND NOT EXISTS (SELECT 1 FROM class_type AS t "
  "WHERE NOT EXISTS (SELECT 1 FROM booking AS b2 JOIN scheduled_class AS c ON c.class_id = b2.class_id "
  "WHERE b2.member_id = b.member_id AND b2.status = 'attended' AND c.type_id = t.type_id))",
  "SELECT b.member_id FROM booking AS b JOIN scheduled_class AS c ON c.class_id = b.class_id WHERE b.status = 'attended' "
  "GROUP BY b.member_id HAVING COUNT(DISTINCT c.type_id) = (SELECT COUNT(*) FROM class_type)",
  "SELECT b.member_id FROM booking AS b JOIN scheduled_class AS c ON c.class_id = b.class_id WHERE b.status = 'attended' "
  "GROUP BY b.member_id HAVING COUNT(c.type_id) = (SELECT COUNT(*) FROM class_type)",
  "attended classes counted instead of distinct types")
G("attendance:waitlisted bookings per class including none",
  "SELECT c.class_id, COUNT(b.waitlist_pos) FROM scheduled_class AS c LEFT JOIN booking AS b ON b.class_id = c.class_id "
  "AND b.status <> 'cancelled' GROUP BY c.class_id",
  "SELECT c.class_id, COALESCE((SELECT SUM(CASE WHEN b.waitlist_pos IS NULL THEN 0 ELSE 1 END) FROM booking AS b "
  "WHERE b.class_id = c.class_id AND b.status <> 'cancelled'), 0) FROM scheduled_class AS c",
  "SELECT c.class_id, COUNT(*) FROM scheduled_class AS c LEFT JOIN booking AS b ON b.class_id = c.class_id "
  "AND b.status <> 'cancelled' GROUP BY c.class_id",
  "every booking counted as waitlisted, and 1 for a class without bookings")
G("attendance:attended share per member",
  "SELECT member_id, AVG(status = 'attended') FROM booking GROUP BY member_id",
  "SELECT member_id, SUM(IIF(status = 'attended', 1, 0)) * 1.0 / COUNT(*) FROM booking GROUP BY member_id",
  "SELECT member_id, AVG(status <> 'cancelled') FROM booking GROUP BY member_id",
  "open bookings counted as attended", dialect="sqlite")
# --- capacity and trainers
G("capacity:classes over capacity",
  "SELECT c.class_id FROM scheduled_class AS c LEFT JOIN booking AS b ON b.class_id = c.class_id "
  "AND b.status <> 'cancelled' GROUP BY c.class_id, c.capacity HAVING COUNT(b.booking_id) > c.capacity",
  "SELECT class_id FROM scheduled_class AS c WHERE capacity < (SELECT COUNT(*) FROM booking AS b "
  "WHERE b.class_id = c.class_id AND b.status <> 'cancelled')",
  "SELECT c.class_id FROM scheduled_class AS c JOIN booking AS b ON b.class_id = c.class_id "
  "WHERE b.status <> 'cancelled' GROUP BY c.class_id, c.capacity HAVING COUNT(*) >= c.capacity",
  "full classes reported as over capacity")
G("capacity:free seats per class",
  "SELECT c.class_id, c.capacity - COUNT(b.booking_id) FROM scheduled_class AS c LEFT JOIN booking AS b "
  "ON b.class_id = c.class_id AND b.status <> 'cancelled' AND b.waitlist_pos IS NULL GROUP BY c.class_id, c.capacity",
  "WITH taken AS (SELECT class_id, COUNT(*) AS n FROM booking WHERE status <> 'cancelled' AND waitlist_pos IS NULL "
  "GROUP BY class_id) SELECT c.class_id, c.capacity - COALESCE(t.n, 0) FROM scheduled_class AS c "
  "LEFT JOIN taken AS t USING (class_id)",
  "SELECT c.class_id, c.capacity - COUNT(b.booking_id) FROM scheduled_class AS c LEFT JOIN booking AS b "
  "ON b.class_id = c.class_id AND b.status <> 'cancelled' WHERE b.waitlist_pos IS NULL GROUP BY c.class_id, c.capacity",
  "the waitlist filter in WHERE drops classes whose every booking is waitlisted")
G("capacity:peak hour per club with ties",
  "WITH h AS (SELECT club_id, minute / 60 AS hr, COUNT(*) AS n FROM checkin WHERE club_id IS NOT NULL "
  "AND minute IS NOT NULL GROUP BY club_id, minute / 60) SELECT club_id, hr FROM h "
  "WHERE n = (SELECT MAX(n) FROM h AS h2 WHERE h2.club_id = h.club_id)",
  "SELECT club_id, hr FROM (SELECT club_id, minute / 60 AS hr, RANK() OVER (PARTITION BY club_id ORDER BY COUNT(*) DESC) "
  "AS rk FROM checkin WHERE club_id IS NOT NULL AND minute IS NOT NULL GROUP BY club_id, minute / 60) AS x WHERE rk = 1",
  "SELECT club_id, hr FROM (SELECT club_id, minute / 60 AS hr, ROW_NUMBER() OVER (PARTITION BY club_id "
  "ORDER BY COUNT(*) DESC, minute / 60) AS rk FROM checkin WHERE club_id IS NOT NULL AND minute IS NOT NULL "
  "GROUP BY club_id, minute / 60) AS x WHERE rk = 1",
  "ties cut to the earliest hour")
G("capacity:trainers with overlapping classes",
  "SELECT DISTINCT a.trainer_id FROM scheduled_class AS a JOIN class_type AS ta ON ta.type_id = a.type_id "
  "JOIN scheduled_class AS b ON b.trainer_id = a.trainer_id AND b.day = a.day AND b.class_id <> a.class_id "
  "JOIN class_type AS tb ON tb.type_id = b.type_id "
  "WHERE a.start_min < b.start_min + tb.minutes AND b.start_min < a.start_min + ta.minutes",
  "SELECT t.trainer_id FROM trainer AS t WHERE EXISTS (SELECT 1 FROM scheduled_class AS a, scheduled_class AS b, "
  "class_type AS ta, class_type AS tb WHERE a.trainer_id = t.trainer_id AND b.trainer_id = t.trainer_id "
  "AND a.day = b.day AND a.class_id < b.class_id AND ta.type_id = a.type_id AND tb.type_id = b.type_id "
  "AND a.start_min < b.start_min + tb.minutes AND b.start_min < a.start_min + ta.minutes)",
  "SELECT DISTINCT a.trainer_id FROM scheduled_class AS a JOIN class_type AS ta ON ta.type_id = a.type_id "
  "JOIN scheduled_class AS b ON b.trainer_id = a.trainer_id AND b.day = a.day AND b.class_id <> a.class_id "
  "JOIN class_type AS tb ON tb.type_id = b.type_id "
  "WHERE a.start_min <= b.start_min + tb.minutes AND b.start_min <= a.start_min + ta.minutes",
  "back-to-back classes flagged as overlapping")
G("capacity:average attendance per class type including empty classes",
  "SELECT type_id, AVG(n) FROM (SELECT c.class_id, c.type_id, COUNT(b.booking_id) AS n FROM scheduled_class AS c "
  "LEFT JOIN booking AS b ON b.class_id = c.class_id AND b.status = 'attended' GROUP BY c.class_id, c.type_id) AS x "
  "GROUP BY type_id",
  "SELECT c.type_id, (SELECT COUNT(*) FROM booking AS b JOIN scheduled_class AS c2 ON c2.class_id = b.class_id "
  "WHERE c2.type_id = c.type_id AND b.status = 'attended') * 1.0 / COUNT(*) FROM scheduled_class AS c GROUP BY c.type_id",
  "SELECT type_id, AVG(n) FROM (SELECT c.class_id, c.type_id, COUNT(b.booking_id) AS n FROM scheduled_class AS c "
  "JOIN booking AS b ON b.class_id = c.class_id AND b.status = 'attended' GROUP BY c.class_id, c.type_id) AS x "
  "GROUP BY type_id",
  "classes nobody attended left out of the average")
G("capacity:trainer utilisation",
  "SELECT c.trainer_id, SUM(COALESCE(x.n, 0)) * 1.0 / SUM(c.capacity) FROM scheduled_class AS c LEFT JOIN "
  "(SELECT class_id, COUNT(*) AS n FROM booking WHERE status = 'attended' GROUP BY class_id) AS x "
  "ON x.class_id = c.class_id GROUP BY c.trainer_id",
  "SELECT t.trainer_id, (SELECT COUNT(*) FROM booking AS b JOIN scheduled_class AS c ON c.class_id = b.class_id "
  "WHERE c.trainer_id = t.trainer_id AND b.status = 'attended') * 1.0 / (SELECT SUM(c.capacity) FROM scheduled_class AS c "
  "WHERE c.trainer_id = t.trainer_id) FROM trainer AS t WHERE EXISTS (SELECT 1 FROM scheduled_class AS c "
  "WHERE c.trainer_id = t.trainer_id)",
  "SELECT c.trainer_id, SUM(COALESCE(x.n, 0)) * 1.0 / SUM(c.capacity) FROM scheduled_class AS c JOIN "
  "(SELECT class_id, COUNT(*) AS n FROM booking WHERE status = 'attended' GROUP BY class_id) AS x "
  "ON x.class_id = c.class_id GROUP BY c.trainer_id",
  "the capacity of classes nobody attended left out")
G("capacity:trainers teaching away from their club",
  "SELECT DISTINCT t.trainer_id FROM trainer AS t JOIN scheduled_class AS c ON c.trainer_id = t.trainer_id "
  "WHERE c.club_id <> t.club_id",
  "SELECT trainer_id FROM trainer AS t WHERE EXISTS (SELECT 1 FROM scheduled_class AS c "
  "WHERE c.trainer_id = t.trainer_id AND NOT (c.club_id = t.club_id))",
  "SELECT t.trainer_id FROM trainer AS t JOIN scheduled_class AS c ON c.trainer_id = t.trainer_id "
  "WHERE c.club_id <> t.club_id",
  "one row per away class")
G("capacity:trainers at two or more clubs",
  "SELECT trainer_id FROM scheduled_class GROUP BY trainer_id HAVING COUNT(DISTINCT club_id) >= 2",
  "SELECT DISTINCT a.trainer_id FROM scheduled_class AS a JOIN scheduled_class AS b ON b.trainer_id = a.trainer_id "
  "AND b.club_id <> a.club_id",
  "SELECT trainer_id FROM scheduled_class GROUP BY trainer_id HAVING COUNT(club_id) >= 2",
  "two classes at one club counted as two clubs")
G("capacity:teaching minutes per trainer per week",
  "SELECT s.trainer_id, s.day / 7, SUM(t.minutes) FROM scheduled_class AS s JOIN class_type AS t "
  "ON t.type_id = s.type_id GROUP BY s.trainer_id, s.day / 7",
  "SELECT trainer_id, wk, SUM(minutes) FROM (SELECT s.trainer_id, s.day / 7 AS wk, (SELECT t.minutes FROM class_type AS t "
  "WHERE t.type_id = s.type_id) AS minutes FROM scheduled_class AS s) AS x GROUP BY trainer_id, wk",
  "SELECT trainer_id, wk, SUM(DISTINCT minutes) FROM (SELECT s.trainer_id, s.day / 7 AS wk, (SELECT t.minutes "
  "FROM class_type AS t WHERE t.type_id = s.type_id) AS minutes FROM scheduled_class AS s) AS x GROUP BY trainer_id, wk",
  "two classes of equal length counted once")
G("capacity:early classes per type",
  "SELECT type_id, SUM(CASE WHEN start_min < 480 THEN 1 ELSE 0 END), COUNT(*) FROM scheduled_class GROUP BY type_id",
  "SELECT a.type_id, COALESCE(e.n, 0), a.n FROM (SELECT type_id, COUNT(*) AS n FROM scheduled_class GROUP BY type_id) AS a "
  "LEFT JOIN (SELECT type_id, COUNT(*) AS n FROM scheduled_class WHERE start_min < 480 GROUP BY type_id) AS e "
  "ON e.type_id = a.type_id",
  "SELECT a.type_id, COALESCE(e.n, 0), a.n FROM (SELECT type_id, COUNT(*) AS n FROM scheduled_class GROUP BY type_id) AS a "
  "LEFT JOIN (SELECT type_id, COUNT(*) AS n FROM scheduled_class WHERE start_min <= 480 GROUP BY type_id) AS e "
  "ON e.type_id = a.type_id",
  "an 8:00 class counted as early")
G("capacity:most attended class type per club with ties",
  "SELECT club_id, type_id FROM (SELECT c.club_id, c.type_id, RANK() OVER (PARTITION BY c.club_id ORDER BY COUNT(*) DESC) "
  "AS r FROM booking AS b JOIN scheduled_class AS c ON c.class_id = b.class_id WHERE b.status = 'attended' "
  "GROUP BY c.club_id, c.type_id) AS x WHERE r = 1",
  "WITH n AS (SELECT c.club_id, c.type_id, COUNT(*) AS k FROM booking AS b JOIN scheduled_class AS c USING (class_id) "
  "WHERE b.status = 'attended' GROUP BY c.club_id, c.type_id) SELECT club_id, type_id FROM n "
  "WHERE NOT EXISTS (SELECT 1 FROM n AS m WHERE m.club_id = n.club_id AND m.k > n.k)",
  "WITH n AS (SELECT c.club_id, c.type_id, COUNT(*) AS k FROM booking AS b JOIN scheduled_class AS c USING (class_id) "
  "GROUP BY c.club_id, c.type_id) SELECT club_id, type_id FROM n "
  "WHERE NOT EXISTS (SELECT 1 FROM n AS m WHERE m.club_id = n.club_id AND m.k > n.k)",
  "cancelled and open bookings counted as attendance")
G("capacity:class types never scheduled at a club",
  "SELECT c.club_id, t.type_id FROM club AS c CROSS JOIN class_type AS t EXCEPT SELECT club_id, type_id FROM scheduled_class",
  "SELECT c.club_id, t.type_id FROM club AS c, class_type AS t WHERE NOT EXISTS (SELECT 1 FROM scheduled_class AS s "
  "WHERE s.club_id = c.club_id AND s.type_id = t.type_id)",
  "SELECT c.club_id, t.type_id FROM club AS c, class_type AS t WHERE NOT EXISTS (SELECT 1 FROM scheduled_class AS s "
  "WHERE s.type_id = t.type_id)",
  "types scheduled at another club hidden")
# --- contracts and churn
G("churn:members active on day 365",
  "SELECT DISTINCT member_id FROM contract WHERE start_day <= 365 AND (end_day IS NULL OR end_day >= 365)",
  "SELECT member_id FROM member AS m WHERE EXISTS (SELECT 1 FROM contract AS k WHERE k.member_id = m.member_id "
  "AND k.start_day <= 365 AND COALESCE(k.end_day, 365) >= 365)",
  "SELECT member_id FROM member AS m WHERE EXISTS (SELECT 1 FROM contract AS k WHERE k.member_id = m.member_id "
  "AND k.start_day <= 365 AND k.end_day >= 365)",
  "open-ended contracts not counted as active")
G("churn:churned members per month",
  "SELECT k.end_day / 30, COUNT(DISTINCT k.member_id) FROM contract AS k WHERE k.end_day IS NOT NULL AND NOT EXISTS "
  "(SELECT 1 FROM contract AS n WHERE n.member_id = k.member_id AND n.start_day > k.end_day) GROUP BY k.end_day / 30",
  "SELECT k.end_day / 30, COUNT(DISTINCT k.member_id) FROM contract AS k LEFT JOIN contract AS n "
  "ON n.member_id = k.member_id AND n.start_day > k.end_day WHERE n.contract_id IS NULL AND k.end_day IS NOT NULL "
  "GROUP BY k.end_day / 30",
  "SELECT k.end_day / 30, COUNT(DISTINCT k.member_id) FROM contract AS k LEFT JOIN contract AS n "
  "ON n.member_id = k.member_id AND n.start_day > k.end_day WHERE n.contract_id IS NULL GROUP BY k.end_day / 30",
  "open contracts counted as churn in an unknown month")
G("churn:monthly recurring revenue per plan",
  "SELECT plan_id, SUM(fee_cents) FROM contract WHERE start_day <= 365 AND (end_day >= 365 OR end_day IS NULL) "
  "GROUP BY plan_id",
  "SELECT plan_id, SUM(fee_cents) FROM (SELECT plan_id, fee_cents FROM contract WHERE start_day <= 365 "
  "AND end_day >= 365 UNION ALL SELECT plan_id, fee_cents FROM contract WHERE start_day <= 365 AND end_day IS NULL) AS a "
  "GROUP BY plan_id",
  "SELECT plan_id, SUM(fee_cents) FROM (SELECT plan_id, fee_cents FROM contract WHERE start_day <= 365 "
  "AND end_day >= 365 UNION SELECT plan_id, fee_cents FROM contract WHERE start_day <= 365 AND end_day IS NULL) AS a "
  "GROUP BY plan_id",
  "UNION merges contracts with the same fee")
G("churn:open contracts per plan including none",
  "SELECT p.plan_id, COUNT(k.contract_id) FROM membership_plan AS p LEFT JOIN contract AS k ON k.plan_id = p.plan_id "
  "AND k.end_day IS NULL GROUP BY p.plan_id",
  "SELECT plan_id, (SELECT COUNT(*) FROM contract AS k WHERE k.plan_id = p.plan_id AND k.end_day IS NULL) "
  "FROM membership_plan AS p",
  "SELECT p.plan_id, COUNT(*) FROM membership_plan AS p LEFT JOIN contract AS k ON k.plan_id = p.plan_id "
  "AND k.end_day IS NULL GROUP BY p.plan_id",
  "1 for a plan without open contracts")
G("churn:average length of ended contracts per plan",
  "SELECT plan_id, AVG(end_day - start_day) FROM contract WHERE end_day IS NOT NULL GROUP BY plan_id",
  "SELECT plan_id, SUM(end_day - start_day) * 1.0 / COUNT(end_day) FROM contract GROUP BY plan_id "
  "HAVING COUNT(end_day) > 0",
  "SELECT plan_id, SUM(end_day - start_day) * 1.0 / COUNT(*) FROM contract GROUP BY plan_id HAVING COUNT(end_day) > 0",
  "open contracts in the denominator")
G("churn:members with overlapping contracts",
  "SELECT DISTINCT a.member_id FROM contract AS a JOIN contract AS b ON a.member_id = b.member_id "
  "AND a.contract_id < b.contract_id WHERE (b.end_day IS NULL OR a.start_day <= b.end_day) "
  "AND (a.end_day IS NULL OR b.start_day <= a.end_day)",
  "SELECT member_id FROM member AS m WHERE EXISTS (SELECT 1 FROM contract AS a, contract AS b WHERE a.member_id = m.member_id "
  "AND b.member_id = m.member_id AND a.contract_id <> b.contract_id AND a.start_day <= COALESCE(b.end_day, a.start_day) "
  "AND b.start_day <= COALESCE(a.end_day, b.start_day))",
  "SELECT DISTINCT a.member_id FROM contract AS a JOIN contract AS b ON a.member_id = b.member_id "
  "AND a.contract_id < b.contract_id WHERE a.start_day <= b.end_day AND b.start_day <= a.end_day",
  "open-ended contracts never overlap")
G("churn:contracts renewed within 30 days",
  "SELECT k.contract_id FROM contract AS k WHERE EXISTS (SELECT 1 FROM contract AS n WHERE n.member_id = k.member_id "
  "AND n.start_day > k.end_day AND n.start_day <= k.end_day + 30)",
  "SELECT DISTINCT k.contract_id FROM contract AS k JOIN contract AS n ON n.member_id = k.member_id "
  "AND n.start_day - k.end_day BETWEEN 1 AND 30",
  "SELECT DISTINCT k.contract_id FROM contract AS k JOIN contract AS n ON n.member_id = k.member_id "
  "AND n.start_day - k.end_day BETWEEN 1 AND 29",
  "a renewal on the 30th day missed")
G("churn:members whose first contract was premium",
  "SELECT member_id FROM (SELECT member_id, plan_id, ROW_NUMBER() OVER (PARTITION BY member_id ORDER BY start_day, "
  "contract_id) AS rn FROM contract) AS x WHERE rn = 1 AND plan_id = 3",
  "SELECT k.member_id FROM contract AS k WHERE k.plan_id = 3 AND NOT EXISTS (SELECT 1 FROM contract AS e "
  "WHERE e.member_id = k.member_id AND (e.start_day < k.start_day OR (e.start_day = k.start_day "
  "AND e.contract_id < k.contract_id)))",
  "SELECT member_id FROM (SELECT member_id, plan_id, ROW_NUMBER() OVER (PARTITION BY member_id ORDER BY start_day, "
  "contract_id) AS rn FROM contract WHERE plan_id = 3) AS x WHERE rn = 1",
  "the plan filter inside the ranking: any member with a premium contract")
G("churn:fee increases on renewal",
  "SELECT contract_id FROM (SELECT contract_id, fee_cents, LAG(fee_cents) OVER (PARTITION BY member_id ORDER BY start_day, "
  "contract_id) AS prev FROM contract) AS x WHERE fee_cents > prev",
  "SELECT k.contract_id FROM contract AS k WHERE k.fee_cents > (SELECT p.fee_cents FROM contract AS p "
  "WHERE p.member_id = k.member_id AND (p.start_day < k.start_day OR (p.start_day = k.start_day "
  "AND p.contract_id < k.contract_id)) ORDER BY p.start_day DESC, p.contract_id DESC LIMIT 1)",
  "SELECT contract_id FROM (SELECT contract_id, fee_cents, LAG(fee_cents) OVER (PARTITION BY member_id "
  "ORDER BY contract_id) AS prev FROM contract) AS x WHERE fee_cents > prev",
  "the previous contract taken by id, not by start day")
G("churn:members with an open contract per home club",
  "SELECT c.club_id, COUNT(DISTINCT k.member_id) FROM club AS c LEFT JOIN member AS m ON m.home_club_id = c.club_id "
  "LEFT JOIN contract AS k ON k.member_id = m.member_id AND k.end_day IS NULL GROUP BY c.club_id",
  "SELECT club_id, (SELECT COUNT(*) FROM member AS m WHERE m.home_club_id = c.club_id AND EXISTS (SELECT 1 "
  "FROM contract AS k WHERE k.member_id = m.member_id AND k.end_day IS NULL)) FROM club AS c",
  "SELECT c.club_id, COUNT(DISTINCT m.member_id) FROM club AS c LEFT JOIN member AS m ON m.home_club_id = c.club_id "
  "LEFT JOIN contract AS k ON k.member_id = m.member_id AND k.end_day IS NULL GROUP BY c.club_id",
  "members without an open contract counted")
G("churn:contract days until today capped",
  "SELECT contract_id, MIN(IFNULL(end_day, 365), 365) - start_day FROM contract",
  "SELECT contract_id, CASE WHEN end_day IS NULL OR end_day > 365 THEN 365 ELSE end_day END - start_day FROM contract",
  "SELECT contract_id, MIN(end_day, 365) - start_day FROM contract",
  "the scalar MIN answers NULL for open contracts", dialect="sqlite")
# --- referrals
G("referral:converted referrals per referrer",
  "SELECT m.referrer_id, COUNT(*) FROM member AS m WHERE m.referrer_id IS NOT NULL AND EXISTS (SELECT 1 FROM contract AS k "
  "WHERE k.member_id = m.member_id) GROUP BY m.referrer_id",
  "SELECT m.referrer_id, COUNT(DISTINCT m.member_id) FROM member AS m JOIN contract AS k ON k.member_id = m.member_id "
  "WHERE m.referrer_id IS NOT NULL GROUP BY m.referrer_id",
  "SELECT m.referrer_id, COUNT(k.contract_id) FROM member AS m JOIN contract AS k ON k.member_id = m.member_id "
  "WHERE m.referrer_id IS NOT NULL GROUP BY m.referrer_id",
  "contracts counted instead of referred members")
G("referral:members who referred nobody",
  "SELECT member_id FROM member WHERE member_id NOT IN (SELECT referrer_id FROM member WHERE referrer_id IS NOT NULL)",
  "SELECT m.member_id FROM member AS m LEFT JOIN member AS r ON r.referrer_id = m.member_id WHERE r.member_id IS NULL",
  "SELECT member_id FROM member WHERE member_id NOT IN (SELECT referrer_id FROM member)",
  "NOT IN over members without a referrer")
G("referral:referrers whose referral joined within 30 days",
  "SELECT DISTINCT r.member_id FROM member AS r JOIN member AS m ON m.referrer_id = r.member_id "
  "WHERE m.join_day - r.join_day <= 30",
  "SELECT r.member_id FROM member AS r WHERE EXISTS (SELECT 1 FROM member AS m WHERE m.referrer_id = r.member_id "
  "AND m.join_day <= r.join_day + 30)",
  "SELECT r.member_id FROM member AS r WHERE EXISTS (SELECT 1 FROM member AS m WHERE m.referrer_id = r.member_id "
  "AND m.join_day < r.join_day + 30)",
  "a referral joining on the 30th day missed")
G("referral:members referred by a referred member",
  "SELECT m.member_id FROM member AS m JOIN member AS r ON r.member_id = m.referrer_id WHERE r.referrer_id IS NOT NULL",
  "SELECT member_id FROM member WHERE referrer_id IN (SELECT member_id FROM member WHERE referrer_id IS NOT NULL)",
  "SELECT member_id FROM member WHERE referrer_id IN (SELECT referrer_id FROM member)",
  "referred by anyone who referred someone")
G("referral:referrals per referrer's club including clubs without",
  "SELECT c.club_id, COUNT(m.member_id) FROM club AS c LEFT JOIN member AS r ON r.home_club_id = c.club_id "
  "LEFT JOIN member AS m ON m.referrer_id = r.member_id GROUP BY c.club_id",
  "SELECT club_id, (SELECT COUNT(*) FROM member AS m JOIN member AS r ON r.member_id = m.referrer_id "
  "WHERE r.home_club_id = c.club_id) FROM club AS c",
  "SELECT club_id, (SELECT COUNT(*) FROM member AS m JOIN member AS r ON r.member_id = m.referrer_id "
  "WHERE m.home_club_id = c.club_id) FROM club AS c",
  "the referred member's club instead of the referrer's")
G("referral:referrers whose every referral converted",
  "SELECT m.referrer_id FROM member AS m WHERE m.referrer_id IS NOT NULL GROUP BY m.referrer_id "
  "HAVING MIN(CASE WHEN EXISTS (SELECT 1 FROM contract AS k WHERE k.member_id = m.member_id) THEN 1 ELSE 0 END) = 1",
  "SELECT DISTINCT referrer_id FROM member AS m WHERE referrer_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM member AS x "
  "WHERE x.referrer_id = m.referrer_id AND NOT EXISTS (SELECT 1 FROM contract AS k WHERE k.member_id = x.member_id))",
  "SELECT m.referrer_id FROM member AS m WHERE m.referrer_id IS NOT NULL GROUP BY m.referrer_id "
  "HAVING MAX(CASE WHEN EXISTS (SELECT 1 FROM contract AS k WHERE k.member_id = m.member_id) THEN 1 ELSE 0 END) = 1",
  "one converted referral is enough")
G("referral:members whose referrer joined after them",
  "SELECT m.member_id FROM member AS m WHERE m.join_day < (SELECT r.join_day FROM member AS r "
  "WHERE r.member_id = m.referrer_id)",
  "SELECT m.member_id FROM member AS m JOIN member AS r ON r.member_id = m.referrer_id WHERE r.join_day > m.join_day",
  "SELECT m.member_id FROM member AS m JOIN member AS r ON r.member_id = m.referrer_id WHERE r.join_day >= m.join_day",
  "a referrer joining the same day flagged")
# --- check-ins (keyless log)
G("checkin:distinct check-in days per member",
  "SELECT member_id, COUNT(DISTINCT day) FROM checkin WHERE member_id IS NOT NULL AND day IS NOT NULL GROUP BY member_id",
  "SELECT member_id, COUNT(*) FROM (SELECT DISTINCT member_id, day FROM checkin WHERE member_id IS NOT NULL "
  "AND day IS NOT NULL) AS d GROUP BY member_id",
  "SELECT member_id, COUNT(day) FROM checkin WHERE member_id IS NOT NULL AND day IS NOT NULL GROUP BY member_id",
  "repeated door scans counted as days")
G("checkin:members visiting another club",
  "SELECT member_id FROM member INTERSECT SELECT k.member_id FROM checkin AS k JOIN member AS m USING (member_id) "
  "WHERE k.club_id <> m.home_club_id",
  "SELECT DISTINCT k.member_id FROM checkin AS k JOIN member AS m ON m.member_id = k.member_id "
  "WHERE k.club_id NOT IN (m.home_club_id)",
  "SELECT DISTINCT k.member_id FROM checkin AS k JOIN member AS m ON m.member_id = k.member_id "
  "WHERE k.club_id <> m.home_club_id OR k.club_id IS NULL",
  "a scan at an unknown door counted as another club")
G("checkin:unique visitors per club per day",
  "SELECT club_id, day, COUNT(DISTINCT member_id) FROM checkin WHERE club_id IS NOT NULL GROUP BY club_id, day",
  "SELECT club_id, day, COUNT(member_id) FROM (SELECT DISTINCT club_id, day, member_id FROM checkin) AS x "
  "WHERE club_id IS NOT NULL GROUP BY club_id, day",
  "SELECT club_id, day, COUNT(*) FROM (SELECT DISTINCT club_id, day, member_id FROM checkin) AS x "
  "WHERE club_id IS NOT NULL GROUP BY club_id, day",
  "scans of unknown members counted as a visitor")
G("checkin:visits in the trailing week per club",
  "WITH d AS (SELECT club_id, day, COUNT(*) AS n FROM checkin WHERE club_id IS NOT NULL AND day IS NOT NULL "
  "GROUP BY club_id, day) SELECT club_id, day, SUM(n) OVER (PARTITION BY club_id ORDER BY day "
  "RANGE BETWEEN 6 PRECEDING AND CURRENT ROW) FROM d",
  "SELECT d.club_id, d.day, (SELECT COUNT(*) FROM checkin AS k WHERE k.club_id = d.club_id "
  "AND k.day BETWEEN d.day - 6 AND d.day) FROM (SELECT DISTINCT club_id, day FROM checkin WHERE club_id IS NOT NULL "
  "AND day IS NOT NULL) AS d",
  "WITH d AS (SELECT club_id, day, COUNT(*) AS n FROM checkin WHERE club_id IS NOT NULL AND day IS NOT NULL "
  "GROUP BY club_id, day) SELECT club_id, day, SUM(n) OVER (PARTITION BY club_id ORDER BY day "
  "ROWS BETWEEN 6 PRECEDING AND CURRENT ROW) FROM d",
  "six preceding rows instead of six preceding days")
G("checkin:members checking in on consecutive days",
  "SELECT DISTINCT a.member_id FROM checkin AS a JOIN checkin AS b ON b.member_id = a.member_id AND b.day = a.day + 1",
  "SELECT DISTINCT member_id FROM checkin AS k WHERE EXISTS (SELECT 1 FROM checkin AS n WHERE n.member_id = k.member_id "
  "AND n.day - k.day = 1)",
  "SELECT DISTINCT a.member_id FROM checkin AS a JOIN checkin AS b ON b.member_id = a.member_id AND b.day >= a.day",
  "any scan matches itself")
G("checkin:longest streak of check-in days per member",
  "WITH d AS (SELECT DISTINCT member_id, day FROM checkin WHERE member_id IS NOT NULL AND day IS NOT NULL), "
  "g AS (SELECT member_id, day - ROW_NUMBER() OVER (PARTITION BY member_id ORDER BY day) AS grp FROM d) "
  "SELECT member_id, MAX(n) FROM (SELECT member_id, grp, COUNT(*) AS n FROM g GROUP BY member_id, grp) AS s "
  "GROUP BY member_id",
  "WITH d AS (SELECT DISTINCT member_id, day FROM checkin WHERE member_id IS NOT NULL AND day IS NOT NULL), "
  "f AS (SELECT member_id, day, CASE WHEN LAG(day) OVER (PARTITION BY member_id ORDER BY day) = day - 1 THEN 0 ELSE 1 END "
  "AS brk FROM d), i AS (SELECT member_id, SUM(brk) OVER (PARTITION BY member_id ORDER BY day ROWS BETWEEN UNBOUNDED "
  "PRECEDING AND CURRENT ROW) AS island FROM f) SELECT member_id, MAX(n) FROM (SELECT member_id, island, COUNT(*) AS n "
  "FROM i GROUP BY member_id, island) AS s GROUP BY member_id",
  "WITH g AS (SELECT member_id, day, day - RANK() OVER (PARTITION BY member_id ORDER BY day) AS grp FROM checkin "
  "WHERE member_id IS NOT NULL AND day IS NOT NULL) SELECT member_id, MAX(n) FROM (SELECT member_id, grp, "
  "COUNT(DISTINCT day) AS n FROM g GROUP BY member_id, grp) AS s GROUP BY member_id",
  "RANK over repeated scans: a repeated day breaks the streak")
G("checkin:first visit after joining",
  "SELECT m.member_id, MIN(k.day) FROM member AS m JOIN checkin AS k ON k.member_id = m.member_id "
  "WHERE k.day >= m.join_day GROUP BY m.member_id",
  "SELECT m.member_id, (SELECT k.day FROM checkin AS k WHERE k.member_id = m.member_id AND k.day >= m.join_day "
  "ORDER BY k.day LIMIT 1) FROM member AS m WHERE EXISTS (SELECT 1 FROM checkin AS k WHERE k.member_id = m.member_id "
  "AND k.day >= m.join_day)",
  "SELECT m.member_id, MIN(k.day) FROM member AS m JOIN checkin AS k ON k.member_id = m.member_id "
  "WHERE k.day > m.join_day GROUP BY m.member_id",
  "a visit on the joining day ignored")
G("checkin:visits without a contract in force",
  "SELECT DISTINCT k.member_id FROM checkin AS k WHERE k.member_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM contract AS c "
  "WHERE c.member_id = k.member_id AND c.start_day <= k.day AND (c.end_day IS NULL OR c.end_day >= k.day))",
  "SELECT DISTINCT k.member_id FROM checkin AS k LEFT JOIN contract AS c ON c.member_id = k.member_id "
  "AND c.start_day <= k.day AND COALESCE(c.end_day, k.day) >= k.day WHERE k.member_id IS NOT NULL "
  "AND c.contract_id IS NULL",
  "SELECT DISTINCT k.member_id FROM checkin AS k LEFT JOIN contract AS c ON c.member_id = k.member_id "
  "AND c.start_day <= k.day AND c.end_day >= k.day WHERE k.member_id IS NOT NULL AND c.contract_id IS NULL",
  "open-ended contracts not in force")
# --- payments and dunning
G("dunning:members with two failed payments in a row",
  "SELECT DISTINCT member_id FROM (SELECT member_id, status, LAG(status) OVER (PARTITION BY member_id ORDER BY day, "
  "payment_id) AS prev FROM payment) AS x WHERE status = 'failed' AND prev = 'failed'",
  "SELECT DISTINCT a.member_id FROM payment AS a JOIN payment AS b ON b.member_id = a.member_id AND (b.day > a.day "
  "OR (b.day = a.day AND b.payment_id > a.payment_id)) WHERE a.status = 'failed' AND b.status = 'failed' "
  "AND NOT EXISTS (SELECT 1 FROM payment AS c WHERE c.member_id = a.member_id AND (c.day > a.day OR (c.day = a.day "
  "AND c.payment_id > a.payment_id)) AND (c.day < b.day OR (c.day = b.day AND c.payment_id < b.payment_id)))",
  "SELECT DISTINCT a.member_id FROM payment AS a JOIN payment AS b ON b.member_id = a.member_id AND (b.day > a.day "
  "OR (b.day = a.day AND b.payment_id > a.payment_id)) WHERE a.status = 'failed' AND b.status = 'failed'",
  "two failures with a success between them")
G("dunning:failed payment rate per month",
  "SELECT day / 30, SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM payment GROUP BY day / 30",
  "SELECT mon, AVG(CASE WHEN status = 'failed' THEN 1.0 ELSE 0.0 END) FROM (SELECT day / 30 AS mon, status "
  "FROM payment) AS p GROUP BY mon",
  "SELECT mon, AVG(CASE WHEN status = 'failed' THEN 1.0 END) FROM (SELECT day / 30 AS mon, status "
  "FROM payment) AS p GROUP BY mon",
  "the ELSE dropped: the average over failures only")
G("dunning:collected per member including none",
  "SELECT m.member_id, COALESCE(SUM(p.amount_cents), 0) FROM member AS m LEFT JOIN payment AS p "
  "ON p.member_id = m.member_id AND p.status = 'paid' GROUP BY m.member_id",
  "SELECT member_id, COALESCE((SELECT SUM(amount_cents) FROM payment AS p WHERE p.member_id = m.member_id "
  "AND p.status = 'paid'), 0) FROM member AS m",
  "SELECT m.member_id, COALESCE(SUM(p.amount_cents), 0) FROM member AS m LEFT JOIN payment AS p "
  "ON p.member_id = m.member_id WHERE p.status = 'paid' GROUP BY m.member_id",
  "members without a paid payment dropped")
G("dunning:members whose latest payment failed",
  "SELECT member_id FROM (SELECT member_id, status, ROW_NUMBER() OVER (PARTITION BY member_id ORDER BY day DESC, "
  "payment_id DESC) AS rn FROM payment) AS x WHERE rn = 1 AND status = 'failed'",
  "SELECT p.member_id FROM payment AS p WHERE p.status = 'failed' AND NOT EXISTS (SELECT 1 FROM payment AS q "
  "WHERE q.member_id = p.member_id AND (q.day > p.day OR (q.day = p.day AND q.payment_id > p.payment_id)))",
  "SELECT DISTINCT p.member_id FROM payment AS p WHERE p.status = 'failed' AND p.day = (SELECT MAX(q.day) "
  "FROM payment AS q WHERE q.member_id = p.member_id)",
  "a failure on the latest day counts though a later attempt that day succeeded")
G("dunning:failures recovered within a week",
  "SELECT f.member_id, COUNT(*) FROM payment AS f WHERE f.status = 'failed' AND EXISTS (SELECT 1 FROM payment AS p "
  "WHERE p.member_id = f.member_id AND p.status = 'paid' AND p.day BETWEEN f.day AND f.day + 7) GROUP BY f.member_id",
  "SELECT f.member_id, COUNT(DISTINCT f.payment_id) FROM payment AS f JOIN payment AS p ON p.member_id = f.member_id "
  "AND p.status = 'paid' AND p.day >= f.day AND p.day - f.day <= 7 WHERE f.status = 'failed' GROUP BY f.member_id",
  "SELECT f.member_id, COUNT(DISTINCT f.payment_id) FROM payment AS f JOIN payment AS p ON p.member_id = f.member_id "
  "AND p.status = 'paid' AND p.day > f.day AND p.day - f.day <= 7 WHERE f.status = 'failed' GROUP BY f.member_id",
  "a retry paid the same day not counted as recovery")
G("dunning:payments per month by status",
  "SELECT day / 30, SUM(CASE WHEN status = 'paid' THEN amount_cents ELSE 0 END), "
  "SUM(CASE WHEN status = 'failed' THEN amount_cents ELSE 0 END) FROM payment GROUP BY day / 30",
  "SELECT day / 30, COALESCE(SUM(amount_cents) FILTER (WHERE status = 'paid'), 0), "
  "COALESCE(SUM(amount_cents) FILTER (WHERE status = 'failed'), 0) FROM payment GROUP BY day / 30",
  "SELECT day / 30, SUM(amount_cents) FILTER (WHERE status = 'paid'), "
  "SUM(amount_cents) FILTER (WHERE status = 'failed') FROM payment GROUP BY day / 30",
  "NULL instead of 0 for a month without payments of a status")
G("dunning:net revenue per member",
  "SELECT member_id, SUM(CASE WHEN status = 'paid' THEN amount_cents WHEN status = 'refunded' THEN -amount_cents "
  "ELSE 0 END) FROM payment GROUP BY member_id",
  "SELECT DISTINCT member_id, COALESCE((SELECT SUM(amount_cents) FROM payment AS q WHERE q.member_id = p.member_id "
  "AND q.status = 'paid'), 0) - COALESCE((SELECT SUM(amount_cents) FROM payment AS q WHERE q.member_id = p.member_id "
  "AND q.status = 'refunded'), 0) FROM payment AS p",
  "SELECT member_id, SUM(CASE WHEN status = 'refunded' THEN -amount_cents ELSE amount_cents END) FROM payment "
  "GROUP BY member_id",
  "failed attempts counted as revenue")
G("dunning:members whose every payment failed",
  "SELECT member_id FROM payment GROUP BY member_id HAVING SUM(CASE WHEN status <> 'failed' THEN 1 ELSE 0 END) = 0",
  "SELECT member_id FROM payment EXCEPT SELECT member_id FROM payment WHERE status <> 'failed'",
  "SELECT member_id FROM payment EXCEPT SELECT member_id FROM payment WHERE status = 'paid'",
  "members with only failed and refunded payments reported")
G("dunning:days since the last paid payment",
  "SELECT member_id, 365 - MAX(day) FROM payment WHERE status = 'paid' GROUP BY member_id",
  "SELECT m.member_id, 365 - (SELECT p.day FROM payment AS p WHERE p.member_id = m.member_id AND p.status = 'paid' "
  "ORDER BY p.day DESC LIMIT 1) FROM member AS m WHERE m.member_id IN (SELECT member_id FROM payment WHERE status = 'paid')",
  "SELECT member_id, 365 - MAX(day) FROM payment GROUP BY member_id",
  "failed attempts taken as the last payment")
G("dunning:top payer per club with ties",
  "WITH t AS (SELECT m.home_club_id AS club_id, m.member_id, SUM(p.amount_cents) AS total FROM member AS m "
  "JOIN payment AS p ON p.member_id = m.member_id WHERE p.status = 'paid' GROUP BY m.home_club_id, m.member_id) "
  "SELECT club_id, member_id FROM t WHERE total = (SELECT MAX(total) FROM t AS u WHERE u.club_id = t.club_id)",
  "SELECT club_id, member_id FROM (SELECT m.home_club_id AS club_id, m.member_id, DENSE_RANK() OVER (PARTITION BY "
  "m.home_club_id ORDER BY SUM(p.amount_cents) DESC) AS r FROM member AS m JOIN payment AS p "
  "ON p.member_id = m.member_id WHERE p.status = 'paid' GROUP BY m.home_club_id, m.member_id) AS x WHERE r = 1",
  "SELECT club_id, member_id FROM (SELECT m.home_club_id AS club_id, m.member_id, DENSE_RANK() OVER ("
  "ORDER BY SUM(p.amount_cents) DESC) AS r FROM member AS m JOIN payment AS p "
  "ON p.member_id = m.member_id WHERE p.status = 'paid' GROUP BY m.home_club_id, m.member_id) AS x WHERE r = 1",
  "the top payer over all clubs")
G("dunning:failed amounts per member including none",
  "SELECT m.member_id, TOTAL(p.amount_cents) FROM member AS m LEFT JOIN payment AS p ON p.member_id = m.member_id "
  "AND p.status = 'failed' GROUP BY m.member_id",
  "SELECT member_id, IFNULL((SELECT SUM(amount_cents) FROM payment AS p WHERE p.member_id = m.member_id "
  "AND p.status = 'failed'), 0.0) FROM member AS m",
  "SELECT m.member_id, SUM(p.amount_cents) FROM member AS m LEFT JOIN payment AS p ON p.member_id = m.member_id "
  "AND p.status = 'failed' GROUP BY m.member_id",
  "NULL instead of 0 for members without failures", dialect="sqlite")
# --- members and clubs
G("members:new members per club per month",
  "SELECT home_club_id, join_day / 30, COUNT(*) FROM member GROUP BY home_club_id, join_day / 30",
  "SELECT c.club_id, m.join_day / 30, COUNT(*) FROM club AS c JOIN member AS m ON m.home_club_id = c.club_id "
  "GROUP BY c.club_id, m.join_day / 30",
  "SELECT c.club_id, m.join_day / 31, COUNT(*) FROM club AS c JOIN member AS m ON m.home_club_id = c.club_id "
  "GROUP BY c.club_id, m.join_day / 31",
  "31-day months")
G("members:clubs without trainers",
  "SELECT c.club_id FROM club AS c WHERE NOT EXISTS (SELECT 1 FROM trainer AS t WHERE t.club_id = c.club_id)",
  "SELECT club_id FROM club EXCEPT SELECT club_id FROM trainer",
  "SELECT club_id FROM club EXCEPT SELECT club_id FROM scheduled_class",
  "clubs without classes instead of clubs without trainers")
G("members:members per age band",
  "SELECT CASE WHEN birth_year >= 2000 THEN 'u25' WHEN birth_year >= 1990 THEN '25-34' ELSE '35+' END, COUNT(*) "
  "FROM member GROUP BY CASE WHEN birth_year >= 2000 THEN 'u25' WHEN birth_year >= 1990 THEN '25-34' ELSE '35+' END",
  "SELECT band, COUNT(*) FROM (SELECT 'u25' AS band FROM member WHERE birth_year >= 2000 UNION ALL SELECT '25-34' "
  "FROM member WHERE birth_year >= 1990 AND birth_year < 2000 UNION ALL SELECT '35+' FROM member "
  "WHERE birth_year < 1990) AS x GROUP BY band",
  "SELECT band, COUNT(*) FROM (SELECT 'u25' AS band FROM member WHERE birth_year >= 2000 UNION ALL SELECT '25-34' "
  "FROM member WHERE birth_year BETWEEN 1990 AND 2000 UNION ALL SELECT '35+' FROM member "
  "WHERE birth_year < 1990) AS x GROUP BY band",
  "members born in 2000 counted in two bands")
G("members:clubs whose every member has a contract",
  "SELECT c.club_id FROM club AS c WHERE NOT EXISTS (SELECT 1 FROM member AS m WHERE m.home_club_id = c.club_id "
  "AND NOT EXISTS (SELECT 1 FROM contract AS k WHERE k.member_id = m.member_id))",
  "SELECT c.club_id FROM club AS c LEFT JOIN member AS m ON m.home_club_id = c.club_id LEFT JOIN (SELECT DISTINCT "
  "member_id FROM contract) AS k ON k.member_id = m.member_id GROUP BY c.club_id HAVING COUNT(m.member_id) = "
  "COUNT(k.member_id)",
  "SELECT c.club_id FROM club AS c JOIN member AS m ON m.home_club_id = c.club_id LEFT JOIN (SELECT DISTINCT "
  "member_id FROM contract) AS k ON k.member_id = m.member_id GROUP BY c.club_id HAVING COUNT(m.member_id) = "
  "COUNT(k.member_id)",
  "clubs without members dropped")
G("members:five most active members",
  "SELECT member_id, COUNT(*) AS n FROM booking WHERE status = 'attended' GROUP BY member_id ORDER BY n DESC, member_id "
  "LIMIT 5",
  "SELECT member_id, n FROM (SELECT member_id, COUNT(*) AS n, ROW_NUMBER() OVER (ORDER BY COUNT(*) DESC, member_id) AS rn "
  "FROM booking WHERE status = 'attended' GROUP BY member_id) AS x WHERE rn <= 5 ORDER BY rn",
  "SELECT member_id, COUNT(*) AS n FROM booking WHERE status = 'attended' GROUP BY member_id ORDER BY n DESC, "
  "member_id DESC LIMIT 5",
  "ties on attendance broken by the highest member id", semantics="list")
# --- bookings
G("booking:bookings made on the class day per type",
  "SELECT c.type_id, COUNT(*) FROM booking AS b JOIN scheduled_class AS c ON c.class_id = b.class_id "
  "WHERE b.booked_day = c.day GROUP BY c.type_id",
  "SELECT c.type_id, COUNT(*) FROM booking AS b JOIN scheduled_class AS c ON c.class_id = b.class_id "
  "WHERE (b.class_id, b.booked_day) IN (SELECT class_id, day FROM scheduled_class) GROUP BY c.type_id",
  "SELECT c.type_id, COUNT(*) FROM booking AS b JOIN scheduled_class AS c ON c.class_id = b.class_id "
  "WHERE b.booked_day >= c.day GROUP BY c.type_id",
  "bookings made after the class counted as same-day")
G("booking:cancellation rate of members with two bookings",
  "SELECT member_id, SUM(CASE WHEN status = 'cancelled' THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM booking "
  "GROUP BY member_id HAVING COUNT(*) >= 2",
  "SELECT member_id, r FROM (SELECT member_id, COUNT(*) AS n, SUM(CASE WHEN status = 'cancelled' THEN 1 ELSE 0 END) * 1.0 "
  "/ COUNT(*) AS r FROM booking GROUP BY member_id) AS x WHERE n >= 2",
  "SELECT member_id, r FROM (SELECT member_id, COUNT(*) AS n, SUM(CASE WHEN status = 'cancelled' THEN 1 ELSE 0 END) * 1.0 "
  "/ COUNT(*) AS r FROM booking GROUP BY member_id) AS x WHERE n > 2",
  "members with exactly two bookings dropped")
G("booking:first on the waitlist per class",
  "SELECT b.class_id, b.member_id FROM booking AS b WHERE b.status = 'booked' AND b.waitlist_pos = (SELECT "
  "MIN(w.waitlist_pos) FROM booking AS w WHERE w.class_id = b.class_id AND w.status = 'booked')",
  "SELECT b.class_id, b.member_id FROM booking AS b WHERE b.status = 'booked' AND b.waitlist_pos IS NOT NULL "
  "AND NOT EXISTS (SELECT 1 FROM booking AS w WHERE w.class_id = b.class_id AND w.status = 'booked' "
  "AND w.waitlist_pos < b.waitlist_pos)",
  "SELECT b.class_id, b.member_id FROM booking AS b WHERE b.status = 'booked' AND b.waitlist_pos = (SELECT "
  "MIN(w.waitlist_pos) FROM booking AS w WHERE w.class_id = b.class_id)",
  "a cancelled booking's waitlist position still counted")
G("booking:members booked twice into one class",
  "SELECT DISTINCT member_id FROM booking WHERE status <> 'cancelled' GROUP BY member_id, class_id HAVING COUNT(*) > 1",
  "SELECT DISTINCT a.member_id FROM booking AS a JOIN booking AS b ON b.member_id = a.member_id "
  "AND b.class_id = a.class_id AND b.booking_id > a.booking_id WHERE a.status <> 'cancelled' AND b.status <> 'cancelled'",
  "SELECT DISTINCT member_id FROM booking GROUP BY member_id, class_id HAVING COUNT(*) > 1",
  "a cancelled duplicate counted")


# ================================================================ farm management (farm)
# --- yield
F("yield:yield per hectare per crop",
  "WITH p AS (SELECT pl.planting_id, pl.crop_id, f.area_ha, (SELECT SUM(h.yield_kg) FROM harvest AS h "
  "WHERE h.planting_id = pl.planting_id) AS kg FROM planting AS pl JOIN field AS f ON f.field_id = pl.field_id) "
  "SELECT crop_id, SUM(kg) / SUM(area_ha) FROM p WHERE kg IS NOT NULL GROUP BY crop_id",
  "SELECT pl.crop_id, SUM(h.kg) / SUM(f.area_ha) FROM planting AS pl JOIN field AS f USING (field_id) "
  "JOIN (SELECT planting_id, SUM(yield_kg) AS kg FROM harvest GROUP BY planting_id) AS h USING (planting_id) "
  "GROUP BY pl.crop_id",
  "SELECT pl.crop_id, SUM(h.yield_kg) / SUM(f.area_ha) FROM planting AS pl JOIN field AS f USING (field_id) "
  "JOIN harvest AS h USING (planting_id) GROUP BY pl.crop_id",
  "the area counted once per harvest load")
F("yield:total yield per farm",
  "SELECT f.farm_id, SUM(h.yield_kg) FROM farm AS f LEFT JOIN field AS fi ON fi.farm_id = f.farm_id "
  "LEFT JOIN planting AS p ON p.field_id = fi.field_id LEFT JOIN harvest AS h ON h.planting_id = p.planting_id "
  "GROUP BY f.farm_id",
  "SELECT farm_id, (SELECT SUM(h.yield_kg) FROM harvest AS h JOIN planting AS p ON p.planting_id = h.planting_id "
  "JOIN field AS fi ON fi.field_id = p.field_id WHERE fi.farm_id = f.farm_id) FROM farm AS f",
  "SELECT farm_id, (SELECT COALESCE(SUM(h.yield_kg), 0) FROM harvest AS h JOIN planting AS p ON p.planting_id = h.planting_id "
  "JOIN field AS fi ON fi.field_id = p.field_id WHERE fi.farm_id = f.farm_id) FROM farm AS f",
  "0 instead of NULL for a farm without harvests")
F("yield:best field per crop with ties",
  "WITH y AS (SELECT p.crop_id, p.field_id, SUM(h.yield_kg) AS kg FROM planting AS p JOIN harvest AS h "
  "ON h.planting_id = p.planting_id GROUP BY p.crop_id, p.field_id) SELECT crop_id, field_id FROM y "
  "WHERE kg = (SELECT MAX(kg) FROM y AS z WHERE z.crop_id = y.crop_id)",
  "SELECT crop_id, field_id FROM (SELECT p.crop_id, p.field_id, DENSE_RANK() OVER (PARTITION BY p.crop_id "
  "ORDER BY SUM(h.yield_kg) DESC) AS r FROM planting AS p JOIN harvest AS h ON h.planting_id = p.planting_id "
  "GROUP BY p.crop_id, p.field_id) AS x WHERE r = 1",
  "WITH y AS (SELECT p.crop_id, p.field_id, SUM(h.yield_kg) AS kg FROM planting AS p JOIN harvest AS h "
  "ON h.planting_id = p.planting_id GROUP BY p.crop_id, p.field_id) SELECT crop_id, field_id FROM y "
  "WHERE kg = (SELECT MAX(kg) FROM y AS z)",
  "the best over all crops")
F("yield:yield per hectare of 2024 plantings",
  "SELECT p.planting_id, (SELECT SUM(h.yield_kg) FROM harvest AS h WHERE h.planting_id = p.planting_id) / f.area_ha "
  "FROM planting AS p JOIN field AS f ON f.field_id = p.field_id WHERE p.season = 2024",
  "SELECT p.planting_id, SUM(h.yield_kg) / f.area_ha FROM planting AS p JOIN field AS f ON f.field_id = p.field_id "
  "LEFT JOIN harvest AS h ON h.planting_id = p.planting_id WHERE p.season = 2024 GROUP BY p.planting_id, f.area_ha",
  "SELECT p.planting_id, SUM(h.yield_kg) / f.area_ha FROM planting AS p JOIN field AS f ON f.field_id = p.field_id "
  "JOIN harvest AS h ON h.planting_id = p.planting_id WHERE p.season = 2024 GROUP BY p.planting_id, f.area_ha",
  "unharvested plantings dropped")
F("yield:days from sowing to first harvest",
  "SELECT p.planting_id, MIN(h.day) - p.sown_day FROM planting AS p JOIN harvest AS h ON h.planting_id = p.planting_id "
  "GROUP BY p.planting_id, p.sown_day",
  "SELECT planting_id, (SELECT h.day FROM harvest AS h WHERE h.planting_id = p.planting_id ORDER BY h.day LIMIT 1) "
  "- sown_day FROM planting AS p WHERE EXISTS (SELECT 1 FROM harvest AS h WHERE h.planting_id = p.planting_id)",
  "SELECT p.planting_id, MAX(h.day) - p.sown_day FROM planting AS p JOIN harvest AS h ON h.planting_id = p.planting_id "
  "GROUP BY p.planting_id, p.sown_day",
  "days to the last harvest load")
F("yield:harvested plantings without a harvest record",
  "SELECT p.planting_id FROM planting AS p WHERE p.harvest_day IS NOT NULL AND NOT EXISTS (SELECT 1 FROM harvest AS h "
  "WHERE h.planting_id = p.planting_id)",
  "SELECT planting_id FROM planting WHERE harvest_day IS NOT NULL AND planting_id NOT IN (SELECT planting_id FROM harvest)",
  "SELECT planting_id FROM planting WHERE planting_id NOT IN (SELECT planting_id FROM harvest)",
  "plantings not yet harvested reported")
F("yield:average load per crop family",
  "SELECT c.family, AVG(h.yield_kg) FROM harvest AS h JOIN planting AS p USING (planting_id) JOIN crop AS c USING (crop_id) "
  "GROUP BY c.family",
  "SELECT c.family, SUM(x.kg) / SUM(x.n) FROM (SELECT p.crop_id, SUM(h.yield_kg) AS kg, COUNT(*) AS n FROM harvest AS h "
  "JOIN planting AS p ON p.planting_id = h.planting_id GROUP BY p.crop_id) AS x JOIN crop AS c ON c.crop_id = x.crop_id "
  "GROUP BY c.family",
  "SELECT c.family, AVG(x.kg / x.n) FROM (SELECT p.crop_id, SUM(h.yield_kg) AS kg, COUNT(*) AS n FROM harvest AS h "
  "JOIN planting AS p ON p.planting_id = h.planting_id GROUP BY p.crop_id) AS x JOIN crop AS c ON c.crop_id = x.crop_id "
  "GROUP BY c.family",
  "the average of per-crop averages")
F("yield:empty loads share per farm",
  "SELECT f.farm_id, SUM(CASE WHEN h.yield_kg = 0 THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM harvest AS h "
  "JOIN planting AS p ON p.planting_id = h.planting_id JOIN field AS f ON f.field_id = p.field_id GROUP BY f.farm_id",
  "SELECT f.farm_id, AVG(CASE WHEN h.yield_kg = 0 THEN 1.0 ELSE 0.0 END) FROM field AS f JOIN planting AS p "
  "ON p.field_id = f.field_id JOIN harvest AS h ON h.planting_id = p.planting_id GROUP BY f.farm_id",
  "SELECT f.farm_id, COUNT(CASE WHEN h.yield_kg = 0 THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM harvest AS h "
  "JOIN planting AS p ON p.planting_id = h.planting_id JOIN field AS f ON f.field_id = p.field_id GROUP BY f.farm_id",
  "COUNT over a CASE with ELSE 0 counts every load")
F("yield:cumulative yield per field over seasons",
  "WITH s AS (SELECT p.field_id, p.season, SUM(h.yield_kg) AS kg FROM planting AS p JOIN harvest AS h "
  "ON h.planting_id = p.planting_id GROUP BY p.field_id, p.season) SELECT field_id, season, SUM(kg) OVER (PARTITION BY "
  "field_id ORDER BY season ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM s",
  "WITH s AS (SELECT p.field_id, p.season, SUM(h.yield_kg) AS kg FROM planting AS p JOIN harvest AS h "
  "ON h.planting_id = p.planting_id GROUP BY p.field_id, p.season) SELECT s.field_id, s.season, (SELECT SUM(t.kg) "
  "FROM s AS t WHERE t.field_id = s.field_id AND t.season <= s.season) FROM s",
  "WITH s AS (SELECT p.field_id, p.season, SUM(h.yield_kg) AS kg FROM planting AS p JOIN harvest AS h "
  "ON h.planting_id = p.planting_id GROUP BY p.field_id, p.season) SELECT field_id, season, SUM(kg) OVER (PARTITION BY "
  "field_id ORDER BY season ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM s",
  "a two-season rolling sum instead of the running total")
F("yield:three largest plantings by yield",
  "SELECT p.planting_id, SUM(h.yield_kg) AS kg FROM planting AS p JOIN harvest AS h ON h.planting_id = p.planting_id "
  "GROUP BY p.planting_id ORDER BY kg DESC, p.planting_id LIMIT 3",
  "SELECT planting_id, kg FROM (SELECT planting_id, SUM(yield_kg) AS kg, ROW_NUMBER() OVER (ORDER BY SUM(yield_kg) DESC, "
  "planting_id) AS rn FROM harvest GROUP BY planting_id) AS x WHERE rn <= 3 ORDER BY rn",
  "SELECT p.planting_id, SUM(h.yield_kg) AS kg FROM planting AS p JOIN harvest AS h ON h.planting_id = p.planting_id "
  "GROUP BY p.planting_id ORDER BY kg DESC, p.planting_id DESC LIMIT 3",
  "ties on yield broken by the highest planting id", semantics="list")
F("yield:yield drop from the previous season",
  "WITH s AS (SELECT p.field_id, p.season, SUM(h.yield_kg) AS kg FROM planting AS p JOIN harvest AS h "
  "ON h.planting_id = p.planting_id GROUP BY p.field_id, p.season) SELECT a.field_id, a.season FROM s AS a "
  "JOIN s AS b ON b.field_id = a.field_id AND b.season = a.season - 1 WHERE a.kg < b.kg",
  "WITH s AS (SELECT p.field_id, p.season, SUM(h.yield_kg) AS kg FROM planting AS p JOIN harvest AS h "
  "ON h.planting_id = p.planting_id GROUP BY p.field_id, p.season), w AS (SELECT field_id, season, kg, LAG(kg) OVER "
  "(PARTITION BY field_id ORDER BY season) AS pk, LAG(season) OVER (PARTITION BY field_id ORDER BY season) AS ps FROM s) "
  "SELECT field_id, season FROM w WHERE ps = season - 1 AND kg < pk",
  "WITH s AS (SELECT p.field_id, p.season, SUM(h.yield_kg) AS kg FROM planting AS p JOIN harvest AS h "
  "ON h.planting_id = p.planting_id GROUP BY p.field_id, p.season), w AS (SELECT field_id, season, kg, LAG(kg) OVER "
  "(PARTITION BY field_id ORDER BY season) AS pk FROM s) SELECT field_id, season FROM w WHERE kg < pk",
  "compared with an older season when the previous one is missing")
F("yield:late harvest loads",
  "SELECT h.harvest_id FROM harvest AS h JOIN planting AS p ON p.planting_id = h.planting_id WHERE h.day > p.harvest_day",
  "SELECT harvest_id FROM harvest AS h WHERE EXISTS (SELECT 1 FROM planting AS p WHERE p.planting_id = h.planting_id "
  "AND NOT (h.day <= COALESCE(p.harvest_day, h.day)))",
  "SELECT h.harvest_id FROM harvest AS h JOIN planting AS p ON p.planting_id = h.planting_id WHERE h.day >= p.harvest_day",
  "loads on the planned day reported late")
# --- soil
F("soil:fields without a soil sample in the last two seasons",
  "SELECT field_id FROM field AS f WHERE NOT EXISTS (SELECT 1 FROM soil_sample AS s WHERE s.field_id = f.field_id "
  "AND s.season IN (2023, 2024))",
  "SELECT field_id FROM field EXCEPT SELECT field_id FROM soil_sample WHERE season BETWEEN 2023 AND 2024",
  "SELECT field_id FROM field EXCEPT SELECT field_id FROM soil_sample WHERE season = 2024",
  "only the last season checked")
F("soil:latest known pH per field",
  "SELECT field_id, ph FROM (SELECT field_id, ph, ROW_NUMBER() OVER (PARTITION BY field_id ORDER BY season DESC, day DESC, "
  "sample_id DESC) AS rn FROM soil_sample WHERE ph IS NOT NULL) AS x WHERE rn = 1",
  "SELECT s.field_id, s.ph FROM soil_sample AS s WHERE s.ph IS NOT NULL AND NOT EXISTS (SELECT 1 FROM soil_sample AS t "
  "WHERE t.field_id = s.field_id AND t.ph IS NOT NULL AND (t.season > s.season OR (t.season = s.season "
  "AND (t.day > s.day OR (t.day = s.day AND t.sample_id > s.sample_id)))))",
  "SELECT field_id, ph FROM (SELECT field_id, ph, ROW_NUMBER() OVER (PARTITION BY field_id ORDER BY season DESC, day DESC, "
  "sample_id DESC) AS rn FROM soil_sample) AS x WHERE rn = 1 AND ph IS NOT NULL",
  "fields whose latest sample has no pH dropped")
F("soil:average pH per soil type",
  "SELECT f.soil, AVG(s.ph) FROM field AS f JOIN soil_sample AS s ON s.field_id = f.field_id GROUP BY f.soil",
  "SELECT f.soil, SUM(s.ph) / COUNT(s.ph) FROM soil_sample AS s JOIN field AS f USING (field_id) GROUP BY f.soil",
  "SELECT f.soil, SUM(s.ph) / COUNT(*) FROM soil_sample AS s JOIN field AS f USING (field_id) GROUP BY f.soil",
  "samples without a pH in the denominator")
F("soil:seasons where every nitrogen reading was low",
  "SELECT field_id, season FROM soil_sample GROUP BY field_id, season HAVING MAX(nitrogen) < 25",
  "SELECT DISTINCT field_id, season FROM soil_sample AS s WHERE nitrogen IS NOT NULL AND NOT EXISTS (SELECT 1 "
  "FROM soil_sample AS t WHERE t.field_id = s.field_id AND t.season = s.season AND t.nitrogen >= 25)",
  "SELECT DISTINCT field_id, season FROM soil_sample AS s WHERE NOT EXISTS (SELECT 1 "
  "FROM soil_sample AS t WHERE t.field_id = s.field_id AND t.season = s.season AND t.nitrogen >= 25)",
  "seasons without any nitrogen reading reported")
F("soil:sampled share of fields per farm in 2024",
  "SELECT f.farm_id, COUNT(DISTINCT s.field_id) * 1.0 / COUNT(DISTINCT f.field_id) FROM field AS f "
  "LEFT JOIN soil_sample AS s ON s.field_id = f.field_id AND s.season = 2024 GROUP BY f.farm_id",
  "SELECT farm_id, SUM(CASE WHEN EXISTS (SELECT 1 FROM soil_sample AS s WHERE s.field_id = f.field_id "
  "AND s.season = 2024) THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM field AS f GROUP BY farm_id",
  "SELECT f.farm_id, COUNT(DISTINCT s.field_id) * 1.0 / COUNT(DISTINCT f.field_id) FROM field AS f "
  "LEFT JOIN soil_sample AS s ON s.field_id = f.field_id WHERE s.season = 2024 GROUP BY f.farm_id",
  "the season filter in WHERE: unsampled fields leave the denominator")
F("soil:pH change since the previous sample",
  "SELECT field_id, sample_id, ph - LAG(ph) OVER (PARTITION BY field_id ORDER BY season, day, sample_id) FROM soil_sample",
  "SELECT s.field_id, s.sample_id, s.ph - (SELECT t.ph FROM soil_sample AS t WHERE t.field_id = s.field_id "
  "AND (t.season < s.season OR (t.season = s.season AND (t.day < s.day OR (t.day = s.day AND t.sample_id < s.sample_id)))) "
  "ORDER BY t.season DESC, t.day DESC, t.sample_id DESC LIMIT 1) FROM soil_sample AS s",
  "SELECT s.field_id, s.sample_id, s.ph - (SELECT t.ph FROM soil_sample AS t WHERE t.field_id = s.field_id "
  "AND t.ph IS NOT NULL AND (t.season < s.season OR (t.season = s.season AND (t.day < s.day OR (t.day = s.day "
  "AND t.sample_id < s.sample_id)))) ORDER BY t.season DESC, t.day DESC, t.sample_id DESC LIMIT 1) FROM soil_sample AS s",
  "the previous sample with a pH instead of the previous sample")
F("soil:fields with low pH and low nitrogen in one sample",
  "SELECT DISTINCT field_id FROM soil_sample WHERE ph < 6.0 AND nitrogen < 25",
  "SELECT field_id FROM (SELECT field_id, ph, nitrogen FROM soil_sample WHERE nitrogen < 25) AS x WHERE ph < 6.0 "
  "GROUP BY field_id",
  "SELECT field_id FROM soil_sample WHERE ph < 6.0 INTERSECT SELECT field_id FROM soil_sample WHERE nitrogen < 25",
  "low pH and low nitrogen from different samples")
F("soil:samples taken before sowing",
  "SELECT s.sample_id FROM soil_sample AS s WHERE EXISTS (SELECT 1 FROM planting AS p WHERE p.field_id = s.field_id "
  "AND p.season = s.season AND s.day < p.sown_day)",
  "SELECT DISTINCT s.sample_id FROM soil_sample AS s JOIN planting AS p ON p.field_id = s.field_id "
  "AND p.season = s.season WHERE p.sown_day > s.day",
  "SELECT DISTINCT s.sample_id FROM soil_sample AS s JOIN planting AS p ON p.field_id = s.field_id "
  "WHERE p.sown_day > s.day",
  "a planting of another season matched")
F("soil:samples with and without pH per season",
  "SELECT season, COUNT(ph), COUNT(*) - COUNT(ph) FROM soil_sample GROUP BY season",
  "SELECT season, SUM(CASE WHEN ph IS NULL THEN 0 ELSE 1 END), SUM(CASE WHEN ph IS NULL THEN 1 ELSE 0 END) "
  "FROM soil_sample GROUP BY season",
  "SELECT season, SUM(CASE WHEN ph = NULL THEN 0 ELSE 1 END), SUM(CASE WHEN ph = NULL THEN 1 ELSE 0 END) "
  "FROM soil_sample GROUP BY season",
  "= NULL never holds: every sample counted as having a pH")
# --- rotation
F("rotation:same crop two seasons in a row",
  "SELECT DISTINCT a.field_id, a.crop_id FROM planting AS a JOIN planting AS b ON b.field_id = a.field_id "
  "AND b.crop_id = a.crop_id AND b.season = a.season + 1",
  "SELECT DISTINCT p.field_id, p.crop_id FROM planting AS p WHERE EXISTS (SELECT 1 FROM planting AS q "
  "WHERE q.field_id = p.field_id AND q.crop_id = p.crop_id AND q.season = p.season - 1)",
  "SELECT DISTINCT a.field_id, a.crop_id FROM planting AS a JOIN planting AS b ON b.field_id = a.field_id "
  "AND b.crop_id = a.crop_id AND b.season >= a.season + 1",
  "a break season between them ignored")
F("rotation:same family two seasons in a row",
  "SELECT DISTINCT a.field_id FROM planting AS a JOIN crop AS ca ON ca.crop_id = a.crop_id JOIN planting AS b "
  "ON b.field_id = a.field_id AND b.season = a.season + 1 JOIN crop AS cb ON cb.crop_id = b.crop_id "
  "WHERE ca.family = cb.family",
  "WITH pf AS (SELECT p.field_id, p.season, c.family FROM planting AS p JOIN crop AS c USING (crop_id)) "
  "SELECT a.field_id FROM pf AS a JOIN pf AS b USING (field_id, family) WHERE b.season - a.season = 1 "
  "GROUP BY a.field_id",
  "SELECT DISTINCT a.field_id FROM planting AS a JOIN planting AS b ON b.field_id = a.field_id "
  "AND b.season = a.season + 1 WHERE a.crop_id = b.crop_id",
  "the same crop instead of the same family")
F("rotation:fields planted with every cereal",
  "SELECT f.field_id FROM field AS f WHERE NOT EXISTS (SELECT 1 FROM crop AS c WHERE c.family = 'cereal' "
  "AND NOT EXISTS (SELECT 1 FROM planting AS p WHERE p.field_id = f.field_id AND p.crop_id = c.crop_id))",
  "SELECT f.field_id FROM field AS f LEFT JOIN (SELECT p.field_id, COUNT(DISTINCT p.crop_id) AS n FROM planting AS p "
  "JOIN crop AS c ON c.crop_id = p.crop_id WHERE c.family = 'cereal' GROUP BY p.field_id) AS x "
  "ON x.field_id = f.field_id WHERE COALESCE(x.n, 0) = (SELECT COUNT(*) FROM crop WHERE family = 'cereal')",
  "SELECT f.field_id FROM field AS f LEFT JOIN (SELECT p.field_id, COUNT(p.crop_id) AS n FROM planting AS p "
  "JOIN crop AS c ON c.crop_id = p.crop_id WHERE c.family = 'cereal' GROUP BY p.field_id) AS x "
  "ON x.field_id = f.field_id WHERE COALESCE(x.n, 0) = (SELECT COUNT(*) FROM crop WHERE family = 'cereal')",
  "plantings counted instead of distinct cereals")
F("rotation:seasons since the last legume",
  "SELECT p.field_id, 2024 - MAX(p.season) FROM planting AS p JOIN crop AS c ON c.crop_id = p.crop_id "
  "WHERE c.family = 'legume' GROUP BY p.field_id",
  "SELECT f.field_id, 2024 - (SELECT p.season FROM planting AS p JOIN crop AS c ON c.crop_id = p.crop_id "
  "WHERE p.field_id = f.field_id AND c.family = 'legume' ORDER BY p.season DESC LIMIT 1) FROM field AS f "
  "WHERE f.field_id IN (SELECT p.field_id FROM planting AS p JOIN crop AS c ON c.crop_id = p.crop_id "
  "WHERE c.family = 'legume')",
  "SELECT p.field_id, 2024 - MIN(p.season) FROM planting AS p JOIN crop AS c ON c.crop_id = p.crop_id "
  "WHERE c.family = 'legume' GROUP BY p.field_id",
  "seasons since the first legume")
F("rotation:crops per field in 2024 including fallow fields",
  "SELECT f.field_id, COUNT(DISTINCT p.crop_id) FROM field AS f LEFT JOIN planting AS p ON p.field_id = f.field_id "
  "AND p.season = 2024 GROUP BY f.field_id",
  "SELECT field_id, (SELECT COUNT(DISTINCT crop_id) FROM planting AS p WHERE p.field_id = f.field_id "
  "AND p.season = 2024) FROM field AS f",
  "SELECT f.field_id, COUNT(DISTINCT p.crop_id) FROM field AS f LEFT JOIN planting AS p ON p.field_id = f.field_id "
  "WHERE p.season = 2024 GROUP BY f.field_id",
  "fallow fields dropped")
F("rotation:longest run of cereal seasons per field",
  "WITH d AS (SELECT DISTINCT p.field_id, p.season FROM planting AS p JOIN crop AS c ON c.crop_id = p.crop_id "
  "WHERE c.family = 'cereal'), g AS (SELECT field_id, season - ROW_NUMBER() OVER (PARTITION BY field_id ORDER BY season) "
  "AS grp FROM d) SELECT field_id, MAX(n) FROM (SELECT field_id, grp, COUNT(*) AS n FROM g GROUP BY field_id, grp) AS r "
  "GROUP BY field_id",
  "WITH g AS (SELECT p.field_id, p.season, p.season - DENSE_RANK() OVER (PARTITION BY p.field_id ORDER BY p.season) "
  "AS grp FROM planting AS p JOIN crop AS c ON c.crop_id = p.crop_id WHERE c.family = 'cereal') "
  "SELECT field_id, MAX(n) FROM (SELECT field_id, grp, COUNT(DISTINCT season) AS n FROM g GROUP BY field_id, grp) AS r "
  "GROUP BY field_id",
  "WITH g AS (SELECT p.field_id, p.season, p.season - DENSE_RANK() OVER (PARTITION BY p.field_id ORDER BY p.season) "
  "AS grp FROM planting AS p JOIN crop AS c ON c.crop_id = p.crop_id WHERE c.family = 'cereal') "
  "SELECT field_id, MAX(n) FROM (SELECT field_id, grp, COUNT(*) AS n FROM g GROUP BY field_id, grp) AS r "
  "GROUP BY field_id",
  "two cereal plantings in one season counted as two seasons")
F("rotation:fields rotated off canola",
  "SELECT DISTINCT a.field_id FROM planting AS a JOIN planting AS b ON b.field_id = a.field_id "
  "AND b.season = a.season + 1 WHERE a.crop_id = 3 AND b.crop_id <> 3",
  "SELECT DISTINCT field_id FROM planting AS a WHERE crop_id = 3 AND EXISTS (SELECT 1 FROM planting AS b "
  "WHERE b.field_id = a.field_id AND b.season = a.season + 1 AND b.crop_id <> 3)",
  "SELECT DISTINCT field_id FROM planting AS a WHERE crop_id = 3 AND NOT EXISTS (SELECT 1 FROM planting AS b "
  "WHERE b.field_id = a.field_id AND b.season = a.season + 1 AND b.crop_id = 3)",
  "fields left unplanted the next season counted as rotated")
F("rotation:crop share of planted area per season",
  "SELECT p.season, p.crop_id, SUM(f.area_ha) / SUM(SUM(f.area_ha)) OVER (PARTITION BY p.season) FROM planting AS p "
  "JOIN field AS f ON f.field_id = p.field_id GROUP BY p.season, p.crop_id",
  "SELECT a.season, a.crop_id, a.ha / t.ha FROM (SELECT p.season, p.crop_id, SUM(f.area_ha) AS ha FROM planting AS p "
  "JOIN field AS f USING (field_id) GROUP BY p.season, p.crop_id) AS a JOIN (SELECT p.season, SUM(f.area_ha) AS ha "
  "FROM planting AS p JOIN field AS f USING (field_id) GROUP BY p.season) AS t ON t.season = a.season",
  "SELECT p.season, p.crop_id, SUM(f.area_ha) / SUM(SUM(f.area_ha)) OVER () FROM planting AS p "
  "JOIN field AS f ON f.field_id = p.field_id GROUP BY p.season, p.crop_id",
  "shares of the area of all seasons")
F("rotation:latest planting per field",
  "WITH last AS (SELECT field_id, MAX(season) AS s FROM planting GROUP BY field_id), cur AS (SELECT p.field_id, p.crop_id "
  "FROM planting AS p JOIN last AS l ON l.field_id = p.field_id AND l.s = p.season) SELECT field_id, crop_id FROM cur",
  "SELECT p.field_id, p.crop_id FROM planting AS p WHERE NOT EXISTS (SELECT 1 FROM planting AS q "
  "WHERE q.field_id = p.field_id AND q.season > p.season)",
  "SELECT p.field_id, p.crop_id FROM planting AS p WHERE NOT EXISTS (SELECT 1 FROM planting AS q "
  "WHERE q.field_id = p.field_id AND q.planting_id > p.planting_id)",
  "the last entered planting instead of the latest season")
F("rotation:crops never planted on clay",
  "SELECT crop_id FROM crop AS c WHERE NOT EXISTS (SELECT 1 FROM planting AS p JOIN field AS f USING (field_id) "
  "WHERE p.crop_id = c.crop_id AND f.soil = 'clay')",
  "SELECT crop_id FROM crop EXCEPT SELECT p.crop_id FROM planting AS p JOIN field AS f ON f.field_id = p.field_id "
  "WHERE f.soil = 'clay'",
  "SELECT DISTINCT p.crop_id FROM planting AS p JOIN field AS f ON f.field_id = p.field_id WHERE f.soil <> 'clay'",
  "crops planted on other soils, whether or not also on clay")
F("rotation:plantings per family per season",
  "SELECT c.family, p.season, COUNT(*) FROM planting AS p JOIN crop AS c USING (crop_id) GROUP BY c.family, p.season",
  "SELECT DISTINCT c.family, p.season, COUNT(*) OVER (PARTITION BY c.family, p.season) FROM planting AS p "
  "JOIN crop AS c ON c.crop_id = p.crop_id",
  "SELECT DISTINCT c.family, p.season, COUNT(*) OVER (PARTITION BY c.family) FROM planting AS p "
  "JOIN crop AS c ON c.crop_id = p.crop_id",
  "counted over all seasons of the family")
F("rotation:planted area per farm per season",
  "SELECT f.farm_id, s.season, SUM(f.area_ha) FROM field AS f JOIN (SELECT DISTINCT field_id, season FROM planting) AS s "
  "ON s.field_id = f.field_id GROUP BY f.farm_id, s.season",
  "SELECT farm_id, season, SUM(area_ha) FROM (SELECT DISTINCT f.farm_id, p.season, f.field_id, f.area_ha "
  "FROM planting AS p JOIN field AS f USING (field_id)) AS x GROUP BY farm_id, season",
  "SELECT f.farm_id, p.season, SUM(f.area_ha) FROM planting AS p JOIN field AS f USING (field_id) "
  "GROUP BY f.farm_id, p.season",
  "double-cropped fields counted twice")
F("rotation:sowing time buckets per season",
  "SELECT season, CASE WHEN sown_day <= 100 THEN 'early' ELSE 'late' END, COUNT(*) FROM planting "
  "GROUP BY season, CASE WHEN sown_day <= 100 THEN 'early' ELSE 'late' END",
  "SELECT season, 'early', COUNT(*) FROM planting WHERE sown_day <= 100 GROUP BY season "
  "UNION ALL SELECT season, 'late', COUNT(*) FROM planting WHERE sown_day > 100 GROUP BY season",
  "SELECT season, 'early', COUNT(*) FROM planting WHERE sown_day < 100 GROUP BY season "
  "UNION ALL SELECT season, 'late', COUNT(*) FROM planting WHERE sown_day > 100 GROUP BY season",
  "plantings sown on day 100 in no bucket")
# --- applications
F("spray:applications inside a re-entry interval",
  "SELECT DISTINCT a.app_id FROM application AS a JOIN product AS p ON p.product_id = a.product_id "
  "JOIN application AS b ON b.field_id = a.field_id AND b.app_id <> a.app_id AND b.day >= a.day "
  "AND b.day < a.day + p.reentry_days WHERE p.kind = 'spray'",
  "SELECT a.app_id FROM application AS a WHERE EXISTS (SELECT 1 FROM product AS p, application AS b "
  "WHERE p.product_id = a.product_id AND p.kind = 'spray' AND b.field_id = a.field_id AND b.app_id <> a.app_id "
  "AND b.day - a.day >= 0 AND b.day - a.day < p.reentry_days)",
  "SELECT DISTINCT a.app_id FROM application AS a JOIN product AS p ON p.product_id = a.product_id "
  "JOIN application AS b ON b.field_id = a.field_id AND b.app_id <> a.app_id AND b.day >= a.day "
  "AND b.day <= a.day + p.reentry_days WHERE p.kind = 'spray'",
  "an entry on the day the interval ends flagged")
F("spray:first and last application per field",
  "SELECT field_id, MIN(day), MAX(day) FROM application GROUP BY field_id",
  "SELECT DISTINCT field_id, FIRST_VALUE(day) OVER w, LAST_VALUE(day) OVER w FROM application "
  "WINDOW w AS (PARTITION BY field_id ORDER BY day ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)",
  "SELECT DISTINCT field_id, FIRST_VALUE(day) OVER (PARTITION BY field_id ORDER BY day), "
  "LAST_VALUE(day) OVER (PARTITION BY field_id ORDER BY day) FROM application",
  "LAST_VALUE over the default frame: the current day")
F("spray:product applied per field",
  "SELECT f.field_id, SUM(a.rate * f.area_ha) FROM field AS f JOIN application AS a ON a.field_id = f.field_id "
  "GROUP BY f.field_id",
  "SELECT field_id, (SELECT SUM(a.rate * f.area_ha) FROM application AS a WHERE a.field_id = f.field_id) FROM field AS f "
  "WHERE field_id IN (SELECT field_id FROM application)",
  "SELECT field_id, (SELECT SUM(a.rate * f.area_ha) FROM application AS a WHERE a.field_id = f.field_id) FROM field AS f",
  "fields without applications listed with NULL")
F("spray:sprays and fertiliser passes per field",
  "SELECT a.field_id, SUM(CASE WHEN p.kind = 'spray' THEN 1 ELSE 0 END), SUM(CASE WHEN p.kind = 'fertiliser' THEN 1 ELSE 0 "
  "END) FROM application AS a JOIN product AS p ON p.product_id = a.product_id GROUP BY a.field_id",
  "SELECT a.field_id, COUNT(*) FILTER (WHERE p.kind = 'spray'), COUNT(*) FILTER (WHERE p.kind = 'fertiliser') "
  "FROM application AS a JOIN product AS p USING (product_id) GROUP BY a.field_id",
  "SELECT a.field_id, SUM(CASE WHEN p.kind = 'spray' THEN 1 END), SUM(CASE WHEN p.kind = 'fertiliser' THEN 1 END) "
  "FROM application AS a JOIN product AS p USING (product_id) GROUP BY a.field_id",
  "NULL instead of 0 for a field without passes of a kind")
F("spray:fields sprayed within a week of sowing",
  "SELECT DISTINCT pl.planting_id FROM planting AS pl JOIN application AS a ON a.field_id = pl.field_id "
  "JOIN product AS p ON p.product_id = a.product_id WHERE p.kind = 'spray' AND a.day BETWEEN pl.sown_day "
  "AND pl.sown_day + 7",
  "SELECT planting_id FROM planting AS pl WHERE EXISTS (SELECT 1 FROM application AS a WHERE a.field_id = pl.field_id "
  "AND a.day >= pl.sown_day AND a.day <= pl.sown_day + 7 AND a.product_id IN (SELECT product_id FROM product "
  "WHERE kind = 'spray'))",
  "SELECT planting_id FROM planting AS pl WHERE EXISTS (SELECT 1 FROM application AS a WHERE a.field_id = pl.field_id "
  "AND a.day > pl.sown_day AND a.day <= pl.sown_day + 7 AND a.product_id IN (SELECT product_id FROM product "
  "WHERE kind = 'spray'))",
  "a spray on the sowing day missed")
F("spray:products not applied since day 100",
  "SELECT product_id FROM product AS p WHERE NOT EXISTS (SELECT 1 FROM application AS a WHERE a.product_id = p.product_id "
  "AND a.day >= 100)",
  "SELECT product_id FROM product EXCEPT SELECT product_id FROM application WHERE day >= 100",
  "SELECT product_id FROM product EXCEPT SELECT product_id FROM application WHERE day > 100",
  "an application on day 100 missed")
F("spray:fertiliser after the latest soil sample",
  "SELECT a.app_id FROM application AS a JOIN product AS p ON p.product_id = a.product_id WHERE p.kind = 'fertiliser' "
  "AND a.day > (SELECT MAX(s.day) FROM soil_sample AS s WHERE s.field_id = a.field_id)",
  "SELECT a.app_id FROM application AS a JOIN product AS p ON p.product_id = a.product_id WHERE p.kind = 'fertiliser' "
  "AND EXISTS (SELECT 1 FROM soil_sample AS s WHERE s.field_id = a.field_id) AND NOT EXISTS (SELECT 1 "
  "FROM soil_sample AS s WHERE s.field_id = a.field_id AND s.day >= a.day)",
  "SELECT a.app_id FROM application AS a JOIN product AS p ON p.product_id = a.product_id WHERE p.kind = 'fertiliser' "
  "AND NOT EXISTS (SELECT 1 FROM soil_sample AS s WHERE s.field_id = a.field_id AND s.day >= a.day)",
  "fields never sampled reported")
F("spray:same product twice on a field in a day",
  "SELECT field_id, product_id, day FROM application GROUP BY field_id, product_id, day HAVING COUNT(*) > 1",
  "SELECT DISTINCT a.field_id, a.product_id, a.day FROM application AS a JOIN application AS b "
  "ON b.field_id = a.field_id AND b.product_id = a.product_id AND b.day = a.day AND b.app_id < a.app_id",
  "SELECT DISTINCT a.field_id, a.product_id, a.day FROM application AS a JOIN application AS b "
  "ON b.field_id = a.field_id AND b.day = a.day AND b.app_id < a.app_id",
  "two different products the same day flagged")
F("spray:days since the previous spray",
  "SELECT a.app_id, a.day - LAG(a.day) OVER (PARTITION BY a.field_id ORDER BY a.day, a.app_id) FROM application AS a "
  "JOIN product AS p ON p.product_id = a.product_id WHERE p.kind = 'spray'",
  "SELECT a.app_id, a.day - (SELECT MAX(b.day) FROM application AS b JOIN product AS q ON q.product_id = b.product_id "
  "WHERE q.kind = 'spray' AND b.field_id = a.field_id AND (b.day < a.day OR (b.day = a.day AND b.app_id < a.app_id))) "
  "FROM application AS a JOIN product AS p ON p.product_id = a.product_id WHERE p.kind = 'spray'",
  "SELECT a.app_id, a.day - (SELECT MAX(b.day) FROM application AS b JOIN product AS q ON q.product_id = b.product_id "
  "WHERE q.kind = 'spray' AND b.field_id = a.field_id AND b.day < a.day) "
  "FROM application AS a JOIN product AS p ON p.product_id = a.product_id WHERE p.kind = 'spray'",
  "a second spray the same day measured from the day before")
F("spray:sprayed fields never fertilised",
  "SELECT a.field_id FROM application AS a JOIN product AS p USING (product_id) WHERE p.kind = 'spray' "
  "EXCEPT SELECT a.field_id FROM application AS a JOIN product AS p USING (product_id) WHERE p.kind = 'fertiliser'",
  "SELECT DISTINCT a.field_id FROM application AS a JOIN product AS p ON p.product_id = a.product_id "
  "WHERE p.kind = 'spray' AND NOT EXISTS (SELECT 1 FROM application AS b JOIN product AS q ON q.product_id = b.product_id "
  "WHERE b.field_id = a.field_id AND q.kind = 'fertiliser')",
  "SELECT a.field_id FROM application AS a JOIN product AS p ON p.product_id = a.product_id "
  "WHERE p.kind = 'spray' AND NOT EXISTS (SELECT 1 FROM application AS b JOIN product AS q ON q.product_id = b.product_id "
  "WHERE b.field_id = a.field_id AND q.kind = 'fertiliser')",
  "one row per spray")
F("spray:applications on northern farms",
  "SELECT a.app_id FROM application AS a JOIN field AS f USING (field_id) JOIN farm USING (farm_id) "
  "WHERE farm.region = 'north'",
  "SELECT app_id FROM application WHERE field_id IN (SELECT field_id FROM field WHERE farm_id IN (SELECT farm_id "
  "FROM farm WHERE region = 'north'))",
  "SELECT app_id FROM application WHERE field_id IN (SELECT field_id FROM field WHERE farm_id NOT IN (SELECT farm_id "
  "FROM farm WHERE region = 'south'))",
  "farms of unknown region taken as northern")
F("spray:passes per field per week",
  "SELECT field_id, day / 7, COUNT(*) FROM application GROUP BY field_id, day / 7",
  "SELECT f.field_id, x.wk, COUNT(*) FROM field AS f JOIN (SELECT field_id, day / 7 AS wk FROM application) AS x "
  "USING (field_id) GROUP BY f.field_id, x.wk",
  "SELECT f.field_id, x.wk, COUNT(DISTINCT x.day) FROM field AS f JOIN (SELECT field_id, day, day / 7 AS wk "
  "FROM application) AS x USING (field_id) GROUP BY f.field_id, x.wk",
  "passes on one day counted once")
# --- weather
F("weather:rain since sowing per planting",
  "SELECT p.planting_id, SUM(w.rain_mm) FROM planting AS p JOIN field AS f ON f.field_id = p.field_id "
  "JOIN weather AS w ON w.farm_id = f.farm_id AND w.day >= p.sown_day AND w.day <= COALESCE(p.harvest_day, 250) "
  "GROUP BY p.planting_id",
  "SELECT planting_id, (SELECT SUM(w.rain_mm) FROM weather AS w JOIN field AS f ON f.farm_id = w.farm_id "
  "WHERE f.field_id = p.field_id AND w.day BETWEEN p.sown_day AND COALESCE(p.harvest_day, 250)) FROM planting AS p "
  "WHERE EXISTS (SELECT 1 FROM weather AS w JOIN field AS f ON f.farm_id = w.farm_id WHERE f.field_id = p.field_id "
  "AND w.day BETWEEN p.sown_day AND COALESCE(p.harvest_day, 250))",
  "SELECT p.planting_id, SUM(w.rain_mm) FROM planting AS p JOIN field AS f ON f.field_id = p.field_id "
  "JOIN weather AS w ON w.farm_id = f.farm_id AND w.day >= p.sown_day AND w.day <= p.harvest_day "
  "GROUP BY p.planting_id",
  "growing plantings without a harvest day dropped")
F("weather:dry days per farm",
  "SELECT farm_id, COUNT(*) FROM weather WHERE rain_mm = 0 GROUP BY farm_id",
  "SELECT farm_id, SUM(CASE WHEN rain_mm = 0 THEN 1 ELSE 0 END) FROM weather GROUP BY farm_id "
  "HAVING SUM(CASE WHEN rain_mm = 0 THEN 1 ELSE 0 END) > 0",
  "SELECT farm_id, SUM(CASE WHEN COALESCE(rain_mm, 0) = 0 THEN 1 ELSE 0 END) FROM weather GROUP BY farm_id "
  "HAVING SUM(CASE WHEN COALESCE(rain_mm, 0) = 0 THEN 1 ELSE 0 END) > 0",
  "days without a reading counted as dry")
F("weather:wettest day per farm with ties",
  "SELECT farm_id, day FROM weather AS w WHERE rain_mm = (SELECT MAX(rain_mm) FROM weather AS v "
  "WHERE v.farm_id = w.farm_id)",
  "SELECT w.farm_id, w.day FROM weather AS w WHERE w.rain_mm IS NOT NULL AND NOT EXISTS (SELECT 1 FROM weather AS v "
  "WHERE v.farm_id = w.farm_id AND v.rain_mm > w.rain_mm)",
  "SELECT w.farm_id, w.day FROM weather AS w WHERE NOT EXISTS (SELECT 1 FROM weather AS v "
  "WHERE v.farm_id = w.farm_id AND v.rain_mm > w.rain_mm)",
  "days without a reading listed as wettest")
F("weather:cumulative rain per farm",
  "SELECT farm_id, day, SUM(rain_mm) OVER (PARTITION BY farm_id ORDER BY day) FROM weather",
  "SELECT a.farm_id, a.day, SUM(b.rain_mm) FROM weather AS a JOIN weather AS b ON b.farm_id = a.farm_id "
  "AND b.day <= a.day GROUP BY a.farm_id, a.day",
  "SELECT a.farm_id, a.day, SUM(b.rain_mm) FROM weather AS a JOIN weather AS b ON b.farm_id = a.farm_id "
  "AND b.day < a.day GROUP BY a.farm_id, a.day",
  "the day's own rain left out (and the first day dropped)")
F("weather:missing readings per farm",
  "SELECT f.farm_id, d.day FROM farm AS f CROSS JOIN (SELECT DISTINCT day FROM weather) AS d WHERE NOT EXISTS "
  "(SELECT 1 FROM weather AS w WHERE w.farm_id = f.farm_id AND w.day = d.day AND w.rain_mm IS NOT NULL)",
  "SELECT farm_id, day FROM farm, (SELECT DISTINCT day FROM weather) AS d EXCEPT SELECT farm_id, day FROM weather "
  "WHERE rain_mm IS NOT NULL",
  "SELECT farm_id, day FROM farm, (SELECT DISTINCT day FROM weather) AS d EXCEPT SELECT farm_id, day FROM weather",
  "a row without a rain value taken as a reading")
F("weather:average rain per region",
  "SELECT f.region, AVG(w.rain_mm) FROM farm AS f JOIN weather AS w USING (farm_id) GROUP BY f.region",
  "SELECT f.region, AVG(w.rain_mm) FROM farm AS f JOIN weather AS w ON w.farm_id = f.farm_id WHERE f.region IS NOT NULL "
  "GROUP BY f.region UNION ALL SELECT NULL, AVG(w.rain_mm) FROM farm AS f JOIN weather AS w ON w.farm_id = f.farm_id "
  "WHERE f.region IS NULL HAVING COUNT(*) > 0",
  "SELECT f.region, AVG(COALESCE(w.rain_mm, 0)) FROM farm AS f JOIN weather AS w USING (farm_id) GROUP BY f.region",
  "days without a reading averaged as dry")
F("weather:rain per farm including farms without readings",
  "SELECT f.farm_id, TOTAL(w.rain_mm) FROM farm AS f LEFT JOIN weather AS w ON w.farm_id = f.farm_id GROUP BY f.farm_id",
  "SELECT farm_id, IFNULL((SELECT SUM(rain_mm) FROM weather AS w WHERE w.farm_id = f.farm_id), 0.0) FROM farm AS f",
  "SELECT f.farm_id, SUM(w.rain_mm) FROM farm AS f LEFT JOIN weather AS w ON w.farm_id = f.farm_id GROUP BY f.farm_id",
  "NULL instead of 0 for farms without rain", dialect="sqlite")
# --- machinery (keyless log)
F("machine:machine hours per field",
  "SELECT field_id, SUM(hours) FROM machine_log WHERE field_id IS NOT NULL GROUP BY field_id",
  "SELECT f.field_id, SUM(l.hours) FROM field AS f JOIN machine_log AS l ON l.field_id = f.field_id GROUP BY f.field_id",
  "SELECT f.field_id, SUM(DISTINCT l.hours) FROM field AS f JOIN machine_log AS l ON l.field_id = f.field_id "
  "GROUP BY f.field_id",
  "repeated log lines with equal hours counted once")
F("machine:hours per machine kind per farm of the field",
  "SELECT m.kind, f.farm_id, SUM(l.hours) FROM machine_log AS l JOIN machine AS m ON m.machine_id = l.machine_id "
  "JOIN field AS f ON f.field_id = l.field_id GROUP BY m.kind, f.farm_id",
  "SELECT kind, farm_id, SUM(hours) FROM (SELECT (SELECT m.kind FROM machine AS m WHERE m.machine_id = l.machine_id) AS kind, "
  "(SELECT f.farm_id FROM field AS f WHERE f.field_id = l.field_id) AS farm_id, l.hours FROM machine_log AS l "
  "WHERE l.machine_id IS NOT NULL AND l.field_id IS NOT NULL) AS x GROUP BY kind, farm_id",
  "SELECT m.kind, m.farm_id, SUM(l.hours) FROM machine_log AS l JOIN machine AS m ON m.machine_id = l.machine_id "
  "JOIN field AS f ON f.field_id = l.field_id GROUP BY m.kind, m.farm_id",
  "the machine's farm instead of the field's")
F("machine:machines never logged",
  "SELECT m.machine_id FROM machine AS m WHERE NOT EXISTS (SELECT 1 FROM machine_log AS l WHERE l.machine_id = m.machine_id)",
  "SELECT m.machine_id FROM machine AS m LEFT JOIN (SELECT DISTINCT machine_id FROM machine_log) AS l "
  "ON l.machine_id = m.machine_id WHERE l.machine_id IS NULL",
  "SELECT DISTINCT m.machine_id FROM machine AS m LEFT JOIN machine_log AS l ON l.machine_id = m.machine_id "
  "WHERE l.hours IS NULL",
  "log lines without hours taken as no log")
F("machine:repeated log lines",
  "SELECT machine_id, field_id, day, hours FROM machine_log GROUP BY machine_id, field_id, day, hours HAVING COUNT(*) > 1",
  "SELECT DISTINCT machine_id, field_id, day, hours FROM (SELECT machine_id, field_id, day, hours, COUNT(*) OVER "
  "(PARTITION BY machine_id, field_id, day, hours) AS n FROM machine_log) AS x WHERE n > 1",
  "SELECT DISTINCT machine_id, field_id, day, hours FROM (SELECT machine_id, field_id, day, hours, COUNT(*) OVER "
  "(PARTITION BY machine_id, day) AS n FROM machine_log) AS x WHERE n > 1",
  "two lines of one machine on one day taken as repeated")
F("machine:machine share of farm hours",
  "SELECT m.farm_id, m.machine_id, SUM(l.hours) / SUM(SUM(l.hours)) OVER (PARTITION BY m.farm_id) FROM machine AS m "
  "JOIN machine_log AS l ON l.machine_id = m.machine_id GROUP BY m.farm_id, m.machine_id",
  "SELECT m.farm_id, m.machine_id, SUM(l.hours) / (SELECT SUM(l2.hours) FROM machine_log AS l2 JOIN machine AS m2 "
  "ON m2.machine_id = l2.machine_id WHERE m2.farm_id = m.farm_id) FROM machine AS m JOIN machine_log AS l "
  "ON l.machine_id = m.machine_id GROUP BY m.farm_id, m.machine_id",
  "SELECT m.farm_id, m.machine_id, SUM(l.hours) / SUM(SUM(l.hours)) OVER (PARTITION BY m.kind) FROM machine AS m "
  "JOIN machine_log AS l ON l.machine_id = m.machine_id GROUP BY m.farm_id, m.machine_id, m.kind",
  "shares within the machine kind instead of the farm")
F("machine:working days per machine",
  "SELECT machine_id, COUNT(DISTINCT day) FROM machine_log WHERE machine_id IS NOT NULL AND day IS NOT NULL "
  "GROUP BY machine_id",
  "SELECT machine_id, COUNT(*) FROM (SELECT machine_id, day FROM machine_log WHERE machine_id IS NOT NULL "
  "AND day IS NOT NULL GROUP BY machine_id, day) AS d GROUP BY machine_id",
  "SELECT machine_id, COUNT(*) FROM (SELECT machine_id, day FROM machine_log WHERE machine_id IS NOT NULL "
  "GROUP BY machine_id, day) AS d GROUP BY machine_id",
  "an undated log line counted as a working day")
F("machine:combine hours on harvested fields",
  "SELECT l.field_id, SUM(l.hours) FROM machine_log AS l JOIN machine AS m ON m.machine_id = l.machine_id "
  "WHERE m.kind = 'combine' AND l.field_id IN (SELECT p.field_id FROM planting AS p JOIN harvest AS h "
  "ON h.planting_id = p.planting_id) GROUP BY l.field_id",
  "SELECT l.field_id, SUM(l.hours) FROM machine_log AS l WHERE EXISTS (SELECT 1 FROM machine AS m "
  "WHERE m.machine_id = l.machine_id AND m.kind = 'combine') AND EXISTS (SELECT 1 FROM planting AS p "
  "WHERE p.field_id = l.field_id AND EXISTS (SELECT 1 FROM harvest AS h WHERE h.planting_id = p.planting_id)) "
  "GROUP BY l.field_id",
  "SELECT l.field_id, SUM(l.hours) FROM machine_log AS l JOIN machine AS m ON m.machine_id = l.machine_id "
  "JOIN planting AS p ON p.field_id = l.field_id JOIN harvest AS h ON h.planting_id = p.planting_id "
  "WHERE m.kind = 'combine' GROUP BY l.field_id",
  "hours counted once per harvest load of the field")
# --- farms and fields
F("fields:fields and area per farm including farms without",
  "SELECT f.farm_id, COUNT(fi.field_id), SUM(fi.area_ha) FROM farm AS f LEFT JOIN field AS fi ON fi.farm_id = f.farm_id "
  "GROUP BY f.farm_id",
  "SELECT farm_id, (SELECT COUNT(*) FROM field AS fi WHERE fi.farm_id = f.farm_id), (SELECT SUM(area_ha) "
  "FROM field AS fi WHERE fi.farm_id = f.farm_id) FROM farm AS f",
  "SELECT f.farm_id, COUNT(*), SUM(fi.area_ha) FROM farm AS f LEFT JOIN field AS fi ON fi.farm_id = f.farm_id "
  "GROUP BY f.farm_id",
  "1 field for a farm without fields")
F("fields:farms whose every field is irrigated",
  "SELECT farm_id FROM farm AS f WHERE NOT EXISTS (SELECT 1 FROM field AS fi WHERE fi.farm_id = f.farm_id "
  "AND fi.irrigated <> 1)",
  "SELECT farm_id FROM farm EXCEPT SELECT farm_id FROM field WHERE irrigated <> 1",
  "SELECT f.farm_id FROM farm AS f JOIN field AS fi ON fi.farm_id = f.farm_id GROUP BY f.farm_id "
  "HAVING MIN(fi.irrigated) = 1",
  "farms without fields dropped")
F("fields:fields larger than their farm's average",
  "SELECT fi.field_id FROM field AS fi WHERE fi.area_ha > (SELECT AVG(g.area_ha) FROM field AS g "
  "WHERE g.farm_id = fi.farm_id)",
  "SELECT fi.field_id FROM field AS fi JOIN (SELECT farm_id, AVG(area_ha) AS a FROM field GROUP BY farm_id) AS x "
  "ON x.farm_id = fi.farm_id WHERE fi.area_ha > x.a",
  "SELECT fi.field_id FROM field AS fi WHERE fi.area_ha > (SELECT AVG(g.area_ha) FROM field AS g)",
  "compared with the average over all farms")
F("fields:irrigated share per farm",
  "SELECT farm_id, AVG(irrigated = 1) FROM field GROUP BY farm_id",
  "SELECT farm_id, SUM(IIF(irrigated = 1, 1, 0)) * 1.0 / COUNT(*) FROM field GROUP BY farm_id",
  "SELECT farm_id, SUM(IIF(irrigated = 1, 1, 0)) / COUNT(*) FROM field GROUP BY farm_id",
  "integer division: 0 unless every field is irrigated", dialect="sqlite")
F("fields:season end day per planting",
  "SELECT planting_id, MAX(sown_day, IFNULL(harvest_day, sown_day)) FROM planting",
  "SELECT planting_id, CASE WHEN harvest_day IS NULL OR harvest_day < sown_day THEN sown_day ELSE harvest_day END "
  "FROM planting",
  "SELECT planting_id, MAX(sown_day, harvest_day) FROM planting",
  "the scalar MAX answers NULL for unharvested plantings", dialect="sqlite")
F("fields:clay fields sampled every season",
  "SELECT f.field_id FROM field AS f WHERE f.soil = 'clay' AND NOT EXISTS (SELECT 1 FROM (SELECT DISTINCT season "
  "FROM planting) AS s WHERE NOT EXISTS (SELECT 1 FROM soil_sample AS x WHERE x.field_id = f.field_id "
  "AND x.season = s.season))",
  "SELECT field_id FROM field WHERE soil = 'clay' EXCEPT SELECT f.field_id FROM field AS f CROSS JOIN (SELECT DISTINCT "
  "season FROM planting) AS s LEFT JOIN soil_sample AS x ON x.field_id = f.field_id AND x.season = s.season "
  "WHERE x.sample_id IS NULL",
  "SELECT field_id FROM field WHERE soil = 'clay' EXCEPT SELECT f.field_id FROM field AS f CROSS JOIN (SELECT DISTINCT "
  "season FROM planting) AS s LEFT JOIN soil_sample AS x ON x.field_id = f.field_id WHERE x.sample_id IS NULL",
  "a sample of any season taken for every season")


# ================================================================ recruiting (ats)
# --- time to hire
A("hire:average time to hire per job",
  "SELECT a.job_id, AVG(o.accepted_day - a.applied_day) FROM application AS a JOIN offer AS o ON o.app_id = a.app_id "
  "WHERE o.accepted_day IS NOT NULL GROUP BY a.job_id",
  "SELECT job_id, SUM(d) * 1.0 / COUNT(d) FROM (SELECT a.job_id, o.accepted_day - a.applied_day AS d FROM offer AS o "
  "JOIN application AS a USING (app_id)) AS x GROUP BY job_id HAVING COUNT(d) > 0",
  "SELECT job_id, SUM(d) * 1.0 / COUNT(d) FROM (SELECT a.job_id, o.sent_day - a.applied_day AS d FROM offer AS o "
  "JOIN application AS a USING (app_id)) AS x GROUP BY job_id HAVING COUNT(d) > 0",
  "time to offer instead of time to hire")
A("hire:longest time to fill per department",
  "SELECT dept_id, MAX(closed_day - opened_day) FROM job WHERE closed_day IS NOT NULL GROUP BY dept_id",
  "SELECT DISTINCT dept_id, FIRST_VALUE(closed_day - opened_day) OVER (PARTITION BY dept_id ORDER BY "
  "closed_day - opened_day DESC) FROM job WHERE closed_day IS NOT NULL",
  "SELECT dept_id, FIRST_VALUE(closed_day - opened_day) OVER (PARTITION BY dept_id ORDER BY "
  "closed_day - opened_day DESC) FROM job WHERE closed_day IS NOT NULL",
  "one row per closed job")
A("hire:days to first interview",
  "SELECT a.app_id, MIN(i.day) - a.applied_day FROM application AS a JOIN interview AS i ON i.app_id = a.app_id "
  "GROUP BY a.app_id, a.applied_day",
  "SELECT app_id, (SELECT i.day FROM interview AS i WHERE i.app_id = a.app_id ORDER BY i.day LIMIT 1) - applied_day "
  "FROM application AS a WHERE EXISTS (SELECT 1 FROM interview AS i WHERE i.app_id = a.app_id)",
  "SELECT app_id, (SELECT i.day FROM interview AS i WHERE i.app_id = a.app_id ORDER BY i.day LIMIT 1) - applied_day "
  "FROM application AS a",
  "applications never interviewed listed with NULL")
A("hire:offers accepted within a week",
  "SELECT offer_id FROM offer WHERE accepted_day - sent_day <= 7",
  "SELECT offer_id FROM offer WHERE accepted_day <= sent_day + 7 AND accepted_day IS NOT NULL",
  "SELECT offer_id FROM offer WHERE accepted_day - sent_day < 7",
  "an offer accepted on the seventh day missed")
A("hire:offer acceptance rate per department",
  "SELECT j.dept_id, SUM(CASE WHEN o.accepted_day IS NOT NULL THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM offer AS o "
  "JOIN application AS a ON a.app_id = o.app_id JOIN job AS j ON j.job_id = a.job_id GROUP BY j.dept_id",
  "SELECT j.dept_id, COUNT(o.accepted_day) * 1.0 / COUNT(o.offer_id) FROM job AS j JOIN application AS a "
  "USING (job_id) JOIN offer AS o USING (app_id) GROUP BY j.dept_id",
  "SELECT j.dept_id, AVG(CASE WHEN o.declined_day IS NULL THEN 1.0 ELSE 0.0 END) FROM job AS j JOIN application AS a "
  "USING (job_id) JOIN offer AS o USING (app_id) GROUP BY j.dept_id",
  "pending offers counted as accepted")
A("hire:hires per month",
  "SELECT accepted_day / 30, COUNT(*) FROM offer WHERE accepted_day IS NOT NULL GROUP BY accepted_day / 30",
  "SELECT m, COUNT(*) FROM (SELECT accepted_day / 30 AS m FROM offer) AS x WHERE m IS NOT NULL GROUP BY m",
  "SELECT m, COUNT(*) FROM (SELECT sent_day / 30 AS m FROM offer WHERE accepted_day IS NOT NULL) AS x GROUP BY m",
  "the month the offer was sent")
A("hire:running hires per department",
  "SELECT j.dept_id, o.offer_id, COUNT(*) OVER (PARTITION BY j.dept_id ORDER BY o.accepted_day, o.offer_id "
  "ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM offer AS o JOIN application AS a ON a.app_id = o.app_id "
  "JOIN job AS j ON j.job_id = a.job_id WHERE o.accepted_day IS NOT NULL",
  "SELECT j.dept_id, o.offer_id, (SELECT COUNT(*) FROM offer AS p JOIN application AS b ON b.app_id = p.app_id "
  "JOIN job AS k ON k.job_id = b.job_id WHERE k.dept_id = j.dept_id AND p.accepted_day IS NOT NULL "
  "AND (p.accepted_day < o.accepted_day OR (p.accepted_day = o.accepted_day AND p.offer_id <= o.offer_id))) "
  "FROM offer AS o JOIN application AS a ON a.app_id = o.app_id JOIN job AS j ON j.job_id = a.job_id "
  "WHERE o.accepted_day IS NOT NULL",
  "SELECT j.dept_id, o.offer_id, COUNT(*) OVER (PARTITION BY j.dept_id ORDER BY o.accepted_day) "
  "FROM offer AS o JOIN application AS a ON a.app_id = o.app_id "
  "JOIN job AS j ON j.job_id = a.job_id WHERE o.accepted_day IS NOT NULL",
  "the default RANGE frame counts same-day hires together")
# --- pipeline
A("pipeline:applications per stage per job including zero",
  "SELECT j.job_id, s.stage, COUNT(a.app_id) FROM job AS j CROSS JOIN (SELECT DISTINCT stage FROM application) AS s "
  "LEFT JOIN application AS a ON a.job_id = j.job_id AND a.stage = s.stage GROUP BY j.job_id, s.stage",
  "SELECT j.job_id, s.stage, (SELECT COUNT(*) FROM application AS a WHERE a.job_id = j.job_id AND a.stage = s.stage) "
  "FROM job AS j, (SELECT stage FROM application GROUP BY stage) AS s",
  "SELECT j.job_id, s.stage, COUNT(*) FROM job AS j CROSS JOIN (SELECT DISTINCT stage FROM application) AS s "
  "LEFT JOIN application AS a ON a.job_id = j.job_id AND a.stage = s.stage GROUP BY j.job_id, s.stage",
  "1 for a stage without applications")
A("pipeline:screen to onsite conversion per job",
  "SELECT a.job_id, COUNT(DISTINCT CASE WHEN l.to_stage = 'onsite' THEN l.app_id END) * 1.0 / NULLIF(COUNT(DISTINCT "
  "CASE WHEN l.to_stage = 'screen' THEN l.app_id END), 0) FROM stage_log AS l JOIN application AS a "
  "ON a.app_id = l.app_id GROUP BY a.job_id",
  "SELECT j.job_id, (SELECT COUNT(DISTINCT l.app_id) FROM stage_log AS l JOIN application AS a ON a.app_id = l.app_id "
  "WHERE a.job_id = j.job_id AND l.to_stage = 'onsite') * 1.0 / NULLIF((SELECT COUNT(DISTINCT l.app_id) "
  "FROM stage_log AS l JOIN application AS a ON a.app_id = l.app_id WHERE a.job_id = j.job_id "
  "AND l.to_stage = 'screen'), 0) FROM job AS j WHERE EXISTS (SELECT 1 FROM stage_log AS l JOIN application AS a "
  "ON a.app_id = l.app_id WHERE a.job_id = j.job_id)",
  "SELECT j.job_id, (SELECT COUNT(l.app_id) FROM stage_log AS l JOIN application AS a ON a.app_id = l.app_id "
  "WHERE a.job_id = j.job_id AND l.to_stage = 'onsite') * 1.0 / NULLIF((SELECT COUNT(DISTINCT l.app_id) "
  "FROM stage_log AS l JOIN application AS a ON a.app_id = l.app_id WHERE a.job_id = j.job_id "
  "AND l.to_stage = 'screen'), 0) FROM job AS j WHERE EXISTS (SELECT 1 FROM stage_log AS l JOIN application AS a "
  "ON a.app_id = l.app_id WHERE a.job_id = j.job_id)",
  "repeated onsite log lines counted")
A("pipeline:applications that skipped screening",
  "SELECT DISTINCT l.app_id FROM stage_log AS l WHERE l.to_stage = 'onsite' AND l.app_id IS NOT NULL AND NOT EXISTS "
  "(SELECT 1 FROM stage_log AS s WHERE s.app_id = l.app_id AND s.to_stage = 'screen')",
  "SELECT app_id FROM stage_log WHERE to_stage = 'onsite' AND app_id IS NOT NULL EXCEPT SELECT app_id FROM stage_log "
  "WHERE to_stage = 'screen'",
  "SELECT app_id FROM stage_log WHERE to_stage = 'onsite' AND app_id IS NOT NULL EXCEPT SELECT app_id FROM stage_log "
  "WHERE from_stage = 'screen'",
  "leaving screening taken for entering it")
A("pipeline:furthest stage reached per application",
  "SELECT app_id, MAX(CASE to_stage WHEN 'screen' THEN 1 WHEN 'onsite' THEN 2 WHEN 'offer' THEN 3 WHEN 'hired' THEN 4 END) "
  "FROM stage_log WHERE app_id IS NOT NULL GROUP BY app_id",
  "SELECT a.app_id, CASE WHEN EXISTS (SELECT 1 FROM stage_log AS l WHERE l.app_id = a.app_id AND l.to_stage = 'hired') "
  "THEN 4 WHEN EXISTS (SELECT 1 FROM stage_log AS l WHERE l.app_id = a.app_id AND l.to_stage = 'offer') THEN 3 "
  "WHEN EXISTS (SELECT 1 FROM stage_log AS l WHERE l.app_id = a.app_id AND l.to_stage = 'onsite') THEN 2 "
  "WHEN EXISTS (SELECT 1 FROM stage_log AS l WHERE l.app_id = a.app_id AND l.to_stage = 'screen') THEN 1 END "
  "FROM application AS a WHERE EXISTS (SELECT 1 FROM stage_log AS l WHERE l.app_id = a.app_id)",
  "SELECT a.app_id, CASE WHEN EXISTS (SELECT 1 FROM stage_log AS l WHERE l.app_id = a.app_id AND l.to_stage = 'offer') "
  "THEN 3 WHEN EXISTS (SELECT 1 FROM stage_log AS l WHERE l.app_id = a.app_id AND l.to_stage = 'hired') THEN 4 "
  "WHEN EXISTS (SELECT 1 FROM stage_log AS l WHERE l.app_id = a.app_id AND l.to_stage = 'onsite') THEN 2 "
  "WHEN EXISTS (SELECT 1 FROM stage_log AS l WHERE l.app_id = a.app_id AND l.to_stage = 'screen') THEN 1 END "
  "FROM application AS a WHERE EXISTS (SELECT 1 FROM stage_log AS l WHERE l.app_id = a.app_id)",
  "the offer branch tested before hired")
A("pipeline:active and rejected applications per stage",
  "SELECT stage, CASE WHEN rejected_day IS NULL THEN 'active' ELSE 'rejected' END, COUNT(*) FROM application "
  "GROUP BY stage, CASE WHEN rejected_day IS NULL THEN 'active' ELSE 'rejected' END",
  "SELECT stage, 'active', COUNT(*) FROM application WHERE rejected_day IS NULL GROUP BY stage UNION ALL "
  "SELECT stage, 'rejected', COUNT(*) FROM application WHERE rejected_day IS NOT NULL GROUP BY stage",
  "SELECT stage, 'active', COUNT(*) FROM application WHERE rejected_day IS NULL GROUP BY stage UNION ALL "
  "SELECT stage, 'rejected', COUNT(*) FROM application WHERE rejected_day < 45 GROUP BY stage",
  "rejections on day 45 dropped")
A("pipeline:candidates applying to two jobs of one department",
  "SELECT DISTINCT a.candidate_id, j.dept_id FROM application AS a JOIN job AS j ON j.job_id = a.job_id "
  "JOIN application AS b ON b.candidate_id = a.candidate_id AND b.job_id <> a.job_id JOIN job AS k "
  "ON k.job_id = b.job_id AND k.dept_id = j.dept_id",
  "SELECT a.candidate_id, j.dept_id FROM application AS a JOIN job AS j USING (job_id) GROUP BY a.candidate_id, j.dept_id "
  "HAVING COUNT(DISTINCT a.job_id) > 1",
  "SELECT a.candidate_id, j.dept_id FROM application AS a JOIN job AS j USING (job_id) GROUP BY a.candidate_id, j.dept_id "
  "HAVING COUNT(*) > 1",
  "two applications to the same job counted as two jobs")
A("pipeline:rejected within ten days of applying",
  "SELECT app_id FROM application WHERE rejected_day - applied_day <= 10",
  "SELECT app_id FROM application WHERE rejected_day <= applied_day + 10",
  "SELECT app_id FROM application WHERE rejected_day - applied_day < 10",
  "a rejection on the tenth day missed")
A("pipeline:days in each stage",
  "SELECT l.app_id, l.to_stage, MIN(n.day) - l.day FROM stage_log AS l JOIN stage_log AS n ON n.app_id = l.app_id "
  "AND n.day > l.day GROUP BY l.app_id, l.to_stage, l.day",
  "SELECT DISTINCT l.app_id, l.to_stage, (SELECT MIN(n.day) FROM stage_log AS n WHERE n.app_id = l.app_id "
  "AND n.day > l.day) - l.day FROM stage_log AS l WHERE EXISTS (SELECT 1 FROM stage_log AS n WHERE n.app_id = l.app_id "
  "AND n.day > l.day)",
  "SELECT DISTINCT l.app_id, l.to_stage, (SELECT MIN(n.day) FROM stage_log AS n WHERE n.app_id = l.app_id "
  "AND n.day >= l.day) - l.day FROM stage_log AS l WHERE EXISTS (SELECT 1 FROM stage_log AS n WHERE n.app_id = l.app_id "
  "AND n.day > l.day)",
  "the stage's own log line taken as the next transition")
A("pipeline:transitions logged twice",
  "SELECT DISTINCT app_id FROM stage_log WHERE app_id IS NOT NULL AND to_stage IS NOT NULL GROUP BY app_id, to_stage "
  "HAVING COUNT(*) > 1",
  "SELECT app_id FROM stage_log WHERE app_id IS NOT NULL AND to_stage IS NOT NULL GROUP BY app_id "
  "HAVING COUNT(*) > COUNT(DISTINCT to_stage)",
  "SELECT app_id FROM stage_log WHERE app_id IS NOT NULL AND to_stage IS NOT NULL GROUP BY app_id HAVING COUNT(*) > 1",
  "two different transitions taken as a repeat")
A("pipeline:latest transition per application",
  "SELECT DISTINCT l.app_id, l.to_stage FROM stage_log AS l JOIN (SELECT app_id, MAX(day) AS d FROM stage_log "
  "GROUP BY app_id) AS m ON m.app_id = l.app_id AND m.d = l.day",
  "SELECT DISTINCT app_id, to_stage FROM stage_log AS l WHERE NOT EXISTS (SELECT 1 FROM stage_log AS n "
  "WHERE n.app_id = l.app_id AND n.day > l.day) AND app_id IS NOT NULL AND day IS NOT NULL",
  "SELECT DISTINCT app_id, to_stage FROM stage_log AS l WHERE NOT EXISTS (SELECT 1 FROM stage_log AS n "
  "WHERE n.app_id = l.app_id AND n.to_stage = l.to_stage AND n.day > l.day) AND app_id IS NOT NULL AND day IS NOT NULL",
  "the latest line per stage instead of per application")
A("pipeline:interviews per current stage",
  "SELECT a.stage, COUNT(i.interview_id) FROM application AS a LEFT JOIN interview AS i ON i.app_id = a.app_id "
  "GROUP BY a.stage",
  "SELECT stage, SUM(n) FROM (SELECT a.stage, (SELECT COUNT(*) FROM interview AS i WHERE i.app_id = a.app_id) AS n "
  "FROM application AS a) AS x GROUP BY stage",
  "SELECT a.stage, COUNT(*) FROM application AS a LEFT JOIN interview AS i ON i.app_id = a.app_id GROUP BY a.stage",
  "applications without interviews counted as one")
A("pipeline:days in pipeline per application",
  "SELECT app_id, IIF(rejected_day IS NULL, 60, rejected_day) - applied_day FROM application",
  "SELECT app_id, IFNULL(rejected_day, 60) - applied_day FROM application",
  "SELECT app_id, MAX(rejected_day, 60) - applied_day FROM application",
  "the scalar MAX: NULL for open applications, 60 for early rejections", dialect="sqlite")
# --- sources
A("source:hires per source including none",
  "SELECT c.source, COUNT(DISTINCT CASE WHEN o.offer_id IS NOT NULL THEN c.candidate_id END) FROM candidate AS c "
  "LEFT JOIN application AS a ON a.candidate_id = c.candidate_id LEFT JOIN offer AS o ON o.app_id = a.app_id "
  "AND o.accepted_day IS NOT NULL GROUP BY c.source",
  "SELECT source, SUM(CASE WHEN EXISTS (SELECT 1 FROM application AS a JOIN offer AS o ON o.app_id = a.app_id "
  "WHERE a.candidate_id = c.candidate_id AND o.accepted_day IS NOT NULL) THEN 1 ELSE 0 END) FROM candidate AS c "
  "GROUP BY source",
  "SELECT source, SUM(CASE WHEN EXISTS (SELECT 1 FROM application AS a JOIN offer AS o ON o.app_id = a.app_id "
  "WHERE a.candidate_id = c.candidate_id) THEN 1 ELSE 0 END) FROM candidate AS c GROUP BY source",
  "candidates with any offer counted as hires")
A("source:referrals from the hiring department",
  "SELECT DISTINCT a.app_id FROM application AS a JOIN candidate AS c ON c.candidate_id = a.candidate_id "
  "JOIN employee AS e ON e.employee_id = c.referrer_id JOIN job AS j ON j.job_id = a.job_id WHERE e.dept_id = j.dept_id",
  "SELECT a.app_id FROM application AS a WHERE EXISTS (SELECT 1 FROM candidate AS c, employee AS e, job AS j "
  "WHERE c.candidate_id = a.candidate_id AND e.employee_id = c.referrer_id AND j.job_id = a.job_id "
  "AND j.dept_id = e.dept_id)",
  "SELECT a.app_id FROM application AS a WHERE EXISTS (SELECT 1 FROM candidate AS c "
  "WHERE c.candidate_id = a.candidate_id AND c.referrer_id IS NOT NULL)",
  "referrals from any department")
A("source:applications per source per month",
  "SELECT c.source, a.applied_day / 30, COUNT(*) FROM application AS a JOIN candidate AS c "
  "ON c.candidate_id = a.candidate_id GROUP BY c.source, a.applied_day / 30",
  "SELECT source, mon, COUNT(*) FROM (SELECT c.source, a.applied_day / 30 AS mon FROM candidate AS c "
  "JOIN application AS a USING (candidate_id)) AS x GROUP BY source, mon",
  "SELECT source, mon, COUNT(*) FROM (SELECT c.source, c.created_day / 30 AS mon FROM candidate AS c "
  "JOIN application AS a USING (candidate_id)) AS x GROUP BY source, mon",
  "the candidate's creation month instead of the application's")
A("source:share of applications per source",
  "SELECT c.source, COUNT(*) * 1.0 / SUM(COUNT(*)) OVER () FROM application AS a JOIN candidate AS c "
  "ON c.candidate_id = a.candidate_id GROUP BY c.source",
  "SELECT c.source, COUNT(*) * 1.0 / (SELECT COUNT(*) FROM application) FROM candidate AS c JOIN application AS a "
  "ON a.candidate_id = c.candidate_id GROUP BY c.source",
  "SELECT c.source, COUNT(*) * 1.0 / (SELECT COUNT(*) FROM candidate) FROM candidate AS c JOIN application AS a "
  "ON a.candidate_id = c.candidate_id GROUP BY c.source",
  "divided by the candidates instead of the applications")
A("source:referrers with a hired referral",
  "SELECT e.employee_id FROM employee AS e WHERE e.employee_id IN (SELECT c.referrer_id FROM candidate AS c "
  "JOIN application AS a USING (candidate_id) JOIN offer AS o USING (app_id) WHERE o.accepted_day IS NOT NULL)",
  "SELECT employee_id FROM employee INTERSECT SELECT c.referrer_id FROM candidate AS c JOIN application AS a "
  "ON a.candidate_id = c.candidate_id JOIN offer AS o ON o.app_id = a.app_id WHERE o.accepted_day IS NOT NULL",
  "SELECT employee_id FROM employee INTERSECT SELECT c.referrer_id FROM candidate AS c JOIN application AS a "
  "ON a.candidate_id = c.candidate_id JOIN offer AS o ON o.app_id = a.app_id WHERE o.declined_day IS NULL",
  "pending offers counted as hires")
A("source:agency candidates never interviewed",
  "SELECT c.candidate_id FROM candidate AS c WHERE c.source = 'agency' AND NOT EXISTS (SELECT 1 FROM application AS a "
  "JOIN interview AS i ON i.app_id = a.app_id WHERE a.candidate_id = c.candidate_id)",
  "SELECT c.candidate_id FROM candidate AS c LEFT JOIN application AS a ON a.candidate_id = c.candidate_id "
  "LEFT JOIN interview AS i ON i.app_id = a.app_id WHERE c.source = 'agency' GROUP BY c.candidate_id "
  "HAVING COUNT(i.interview_id) = 0",
  "SELECT c.candidate_id FROM candidate AS c JOIN application AS a ON a.candidate_id = c.candidate_id "
  "LEFT JOIN interview AS i ON i.app_id = a.app_id WHERE c.source = 'agency' GROUP BY c.candidate_id "
  "HAVING COUNT(i.interview_id) = 0",
  "agency candidates without an application dropped")
A("source:candidates reapplying after a rejection",
  "SELECT DISTINCT a.candidate_id FROM application AS a JOIN application AS b ON b.candidate_id = a.candidate_id "
  "AND b.applied_day > a.rejected_day",
  "SELECT candidate_id FROM candidate AS c WHERE EXISTS (SELECT 1 FROM application AS a, application AS b "
  "WHERE a.candidate_id = c.candidate_id AND b.candidate_id = c.candidate_id AND a.rejected_day < b.applied_day)",
  "SELECT DISTINCT a.candidate_id FROM application AS a JOIN application AS b ON b.candidate_id = a.candidate_id "
  "AND b.applied_day > a.applied_day",
  "any later application, rejected or not")
A("source:distinct candidates per department including none",
  "SELECT d.dept_id, COUNT(DISTINCT a.candidate_id) FROM department AS d LEFT JOIN job AS j ON j.dept_id = d.dept_id "
  "LEFT JOIN application AS a ON a.job_id = j.job_id GROUP BY d.dept_id",
  "SELECT dept_id, (SELECT COUNT(DISTINCT a.candidate_id) FROM application AS a JOIN job AS j ON j.job_id = a.job_id "
  "WHERE j.dept_id = d.dept_id) FROM department AS d",
  "SELECT d.dept_id, COUNT(a.app_id) FROM department AS d LEFT JOIN job AS j ON j.dept_id = d.dept_id "
  "LEFT JOIN application AS a ON a.job_id = j.job_id GROUP BY d.dept_id",
  "applications counted instead of candidates")
# --- interviewers
A("interviewer:interviews per active interviewer per week",
  "SELECT i.interviewer_id, i.day / 7, COUNT(*) FROM interview AS i JOIN employee AS e ON e.employee_id = i.interviewer_id "
  "WHERE e.active = 1 GROUP BY i.interviewer_id, i.day / 7",
  "SELECT interviewer_id, wk, COUNT(*) FROM (SELECT interviewer_id, day / 7 AS wk FROM interview WHERE interviewer_id IN "
  "(SELECT employee_id FROM employee WHERE active = 1)) AS x GROUP BY interviewer_id, wk",
  "SELECT interviewer_id, wk, COUNT(*) FROM (SELECT interviewer_id, day / 7 AS wk FROM interview) AS x "
  "GROUP BY interviewer_id, wk",
  "inactive interviewers kept")
A("interviewer:panel members without interviews since day 20",
  "SELECT DISTINCT p.employee_id FROM panel AS p WHERE NOT EXISTS (SELECT 1 FROM interview AS i "
  "WHERE i.interviewer_id = p.employee_id AND i.day >= 20)",
  "SELECT employee_id FROM panel EXCEPT SELECT interviewer_id FROM interview WHERE day >= 20",
  "SELECT employee_id FROM panel EXCEPT SELECT interviewer_id FROM interview WHERE day > 20",
  "an interview on day 20 missed")
A("interviewer:score calibration against the overall average",
  "SELECT interviewer_id, AVG(score) - (SELECT AVG(score) FROM interview) FROM interview GROUP BY interviewer_id",
  "SELECT DISTINCT interviewer_id, AVG(score) OVER (PARTITION BY interviewer_id) - AVG(score) OVER () FROM interview",
  "SELECT DISTINCT interviewer_id, AVG(COALESCE(score, 0)) OVER (PARTITION BY interviewer_id) - AVG(score) OVER () "
  "FROM interview",
  "interviews without a score averaged as 0")
A("interviewer:applications interviewed by every panel member",
  "SELECT a.app_id FROM application AS a WHERE EXISTS (SELECT 1 FROM panel AS p WHERE p.job_id = a.job_id) "
  "AND NOT EXISTS (SELECT 1 FROM panel AS p WHERE p.job_id = a.job_id AND NOT EXISTS (SELECT 1 FROM interview AS i "
  "WHERE i.app_id = a.app_id AND i.interviewer_id = p.employee_id))",
  "SELECT a.app_id FROM application AS a JOIN panel AS p ON p.job_id = a.job_id LEFT JOIN (SELECT DISTINCT app_id, "
  "interviewer_id FROM interview) AS i ON i.app_id = a.app_id AND i.interviewer_id = p.employee_id GROUP BY a.app_id "
  "HAVING COUNT(*) = COUNT(i.interviewer_id)",
  "SELECT a.app_id FROM application AS a WHERE EXISTS (SELECT 1 FROM panel AS p WHERE p.job_id = a.job_id) "
  "AND (SELECT COUNT(DISTINCT i.interviewer_id) FROM interview AS i WHERE i.app_id = a.app_id) >= (SELECT COUNT(*) "
  "FROM panel AS p WHERE p.job_id = a.job_id)",
  "interviewers from outside the panel counted")
A("interviewer:interviewers meeting a candidate twice",
  "SELECT DISTINCT i.interviewer_id, a.candidate_id FROM interview AS i JOIN application AS a ON a.app_id = i.app_id "
  "JOIN interview AS k ON k.interviewer_id = i.interviewer_id AND k.interview_id <> i.interview_id "
  "JOIN application AS b ON b.app_id = k.app_id AND b.candidate_id = a.candidate_id",
  "SELECT i.interviewer_id, a.candidate_id FROM interview AS i JOIN application AS a USING (app_id) "
  "GROUP BY i.interviewer_id, a.candidate_id HAVING COUNT(*) >= 2",
  "SELECT i.interviewer_id, a.candidate_id FROM interview AS i JOIN application AS a USING (app_id) "
  "GROUP BY i.interviewer_id, a.candidate_id, a.app_id HAVING COUNT(*) >= 2",
  "only twice within one application")
A("interviewer:interviews per engineer including none",
  "SELECT e.employee_id, COUNT(i.interview_id) FROM employee AS e LEFT JOIN interview AS i "
  "ON i.interviewer_id = e.employee_id WHERE e.dept_id = 1 GROUP BY e.employee_id",
  "SELECT employee_id, (SELECT COUNT(*) FROM interview AS i WHERE i.interviewer_id = e.employee_id) FROM employee AS e "
  "WHERE dept_id = 1",
  "SELECT e.employee_id, COUNT(i.interview_id) FROM employee AS e LEFT JOIN interview AS i "
  "ON i.interviewer_id = e.employee_id AND e.dept_id = 1 GROUP BY e.employee_id",
  "the department filter in ON lists every employee")
A("interviewer:busiest interviewer per department with ties",
  "WITH n AS (SELECT e.dept_id, e.employee_id, COUNT(*) AS k FROM employee AS e JOIN interview AS i "
  "ON i.interviewer_id = e.employee_id GROUP BY e.dept_id, e.employee_id) SELECT dept_id, employee_id FROM n "
  "WHERE k = (SELECT MAX(k) FROM n AS m WHERE m.dept_id = n.dept_id)",
  "SELECT dept_id, employee_id FROM (SELECT e.dept_id, e.employee_id, RANK() OVER (PARTITION BY e.dept_id "
  "ORDER BY COUNT(*) DESC) AS r FROM employee AS e JOIN interview AS i ON i.interviewer_id = e.employee_id "
  "GROUP BY e.dept_id, e.employee_id) AS x WHERE r = 1",
  "SELECT dept_id, employee_id FROM (SELECT j.dept_id, i.interviewer_id AS employee_id, RANK() OVER (PARTITION BY "
  "j.dept_id ORDER BY COUNT(*) DESC) AS r FROM interview AS i JOIN application AS a ON a.app_id = i.app_id "
  "JOIN job AS j ON j.job_id = a.job_id GROUP BY j.dept_id, i.interviewer_id) AS x WHERE r = 1",
  "the hiring department instead of the interviewer's")
A("interviewer:top scored applications per job with ties",
  "SELECT job_id, app_id FROM (SELECT a.job_id, a.app_id, DENSE_RANK() OVER (PARTITION BY a.job_id ORDER BY "
  "MAX(i.score) DESC) AS r FROM application AS a JOIN interview AS i ON i.app_id = a.app_id WHERE i.score IS NOT NULL "
  "GROUP BY a.job_id, a.app_id) AS x WHERE r = 1",
  "WITH s AS (SELECT a.job_id, a.app_id, MAX(i.score) AS top FROM application AS a JOIN interview AS i "
  "ON i.app_id = a.app_id GROUP BY a.job_id, a.app_id) SELECT job_id, app_id FROM s WHERE top IS NOT NULL "
  "AND NOT EXISTS (SELECT 1 FROM s AS t WHERE t.job_id = s.job_id AND t.top > s.top)",
  "SELECT job_id, app_id FROM (SELECT a.job_id, a.app_id, ROW_NUMBER() OVER (PARTITION BY a.job_id ORDER BY "
  "MAX(i.score) DESC, a.app_id) AS r FROM application AS a JOIN interview AS i ON i.app_id = a.app_id "
  "WHERE i.score IS NOT NULL GROUP BY a.job_id, a.app_id) AS x WHERE r = 1",
  "ties cut to the lowest application id")
A("interviewer:average days between interviews",
  "SELECT app_id, AVG(gap) FROM (SELECT app_id, day - LAG(day) OVER (PARTITION BY app_id ORDER BY day, interview_id) "
  "AS gap FROM interview) AS x WHERE gap IS NOT NULL GROUP BY app_id",
  "SELECT app_id, (MAX(day) - MIN(day)) * 1.0 / (COUNT(*) - 1) FROM interview GROUP BY app_id HAVING COUNT(*) > 1",
  "SELECT app_id, (MAX(day) - MIN(day)) * 1.0 / COUNT(*) FROM interview GROUP BY app_id HAVING COUNT(*) > 1",
  "the span divided by the interviews instead of the gaps")
A("interviewer:interviews after the offer was sent",
  "SELECT DISTINCT i.interview_id FROM interview AS i JOIN offer AS o ON o.app_id = i.app_id WHERE i.day > o.sent_day",
  "SELECT interview_id FROM interview AS i WHERE EXISTS (SELECT 1 FROM offer AS o WHERE o.app_id = i.app_id "
  "AND o.sent_day < i.day)",
  "SELECT interview_id FROM interview AS i WHERE EXISTS (SELECT 1 FROM offer AS o WHERE o.app_id = i.app_id "
  "AND o.sent_day <= i.day)",
  "an interview on the offer day flagged")
A("interviewer:panel members outside the job's department",
  "SELECT DISTINCT p.employee_id FROM panel AS p JOIN job AS j ON j.job_id = p.job_id JOIN employee AS e "
  "ON e.employee_id = p.employee_id WHERE e.dept_id <> j.dept_id",
  "SELECT employee_id FROM employee AS e WHERE EXISTS (SELECT 1 FROM panel AS p JOIN job AS j USING (job_id) "
  "WHERE p.employee_id = e.employee_id AND j.dept_id <> e.dept_id)",
  "SELECT p.employee_id FROM panel AS p JOIN job AS j ON j.job_id = p.job_id JOIN employee AS e "
  "ON e.employee_id = p.employee_id WHERE e.dept_id <> j.dept_id",
  "one row per outside panel seat")
A("interviewer:panel members who never interviewed for the job",
  "SELECT p.job_id, p.employee_id FROM panel AS p WHERE NOT EXISTS (SELECT 1 FROM interview AS i JOIN application AS a "
  "USING (app_id) WHERE a.job_id = p.job_id AND i.interviewer_id = p.employee_id)",
  "SELECT job_id, employee_id FROM panel EXCEPT SELECT a.job_id, i.interviewer_id FROM interview AS i "
  "JOIN application AS a ON a.app_id = i.app_id",
  "SELECT p.job_id, p.employee_id FROM panel AS p WHERE NOT EXISTS (SELECT 1 FROM interview AS i "
  "WHERE i.interviewer_id = p.employee_id)",
  "interviews for other jobs counted")
A("interviewer:total score per interviewer including none",
  "SELECT e.employee_id, TOTAL(i.score) FROM employee AS e LEFT JOIN interview AS i ON i.interviewer_id = e.employee_id "
  "GROUP BY e.employee_id",
  "SELECT employee_id, IFNULL((SELECT SUM(score) FROM interview AS i WHERE i.interviewer_id = e.employee_id), 0.0) "
  "FROM employee AS e",
  "SELECT e.employee_id, SUM(i.score) FROM employee AS e LEFT JOIN interview AS i ON i.interviewer_id = e.employee_id "
  "GROUP BY e.employee_id",
  "NULL instead of 0 without scored interviews", dialect="sqlite")
A("interviewer:employees who referred and interviewed",
  "SELECT referrer_id FROM candidate WHERE referrer_id IS NOT NULL INTERSECT SELECT interviewer_id FROM interview",
  "SELECT employee_id FROM employee AS e WHERE EXISTS (SELECT 1 FROM candidate AS c WHERE c.referrer_id = e.employee_id) "
  "AND EXISTS (SELECT 1 FROM interview AS i WHERE i.interviewer_id = e.employee_id)",
  "SELECT employee_id FROM employee AS e WHERE EXISTS (SELECT 1 FROM candidate AS c WHERE c.referrer_id = e.employee_id) "
  "OR EXISTS (SELECT 1 FROM interview AS i WHERE i.interviewer_id = e.employee_id)",
  "referred or interviewed")
# --- offers
A("offer:candidates with two offers",
  "SELECT a.candidate_id FROM offer AS o JOIN application AS a ON a.app_id = o.app_id GROUP BY a.candidate_id "
  "HAVING COUNT(*) >= 2",
  "SELECT DISTINCT a.candidate_id FROM offer AS o JOIN application AS a ON a.app_id = o.app_id JOIN offer AS p "
  "ON p.offer_id <> o.offer_id JOIN application AS b ON b.app_id = p.app_id AND b.candidate_id = a.candidate_id",
  "SELECT DISTINCT a.candidate_id FROM offer AS o JOIN application AS a ON a.app_id = o.app_id JOIN offer AS p "
  "ON p.offer_id <> o.offer_id AND p.app_id = o.app_id",
  "two offers on one application only")
A("offer:open offers older than two weeks",
  "SELECT offer_id FROM offer WHERE accepted_day IS NULL AND declined_day IS NULL AND sent_day <= 46",
  "SELECT offer_id FROM offer WHERE NOT (accepted_day IS NOT NULL OR declined_day IS NOT NULL) AND 60 - sent_day >= 14",
  "SELECT offer_id FROM offer WHERE (accepted_day IS NULL OR declined_day IS NULL) AND 60 - sent_day >= 14",
  "OR for AND: answered offers counted open")
A("offer:average accepted salary per department",
  "SELECT j.dept_id, AVG(o.salary) FROM offer AS o JOIN application AS a ON a.app_id = o.app_id JOIN job AS j "
  "ON j.job_id = a.job_id WHERE o.accepted_day IS NOT NULL GROUP BY j.dept_id",
  "SELECT dept_id, SUM(salary) * 1.0 / COUNT(*) FROM (SELECT j.dept_id, o.salary FROM job AS j JOIN application AS a "
  "USING (job_id) JOIN offer AS o USING (app_id) WHERE o.accepted_day IS NOT NULL) AS x GROUP BY dept_id",
  "SELECT dept_id, SUM(salary) * 1.0 / COUNT(*) FROM (SELECT j.dept_id, o.salary FROM job AS j JOIN application AS a "
  "USING (job_id) JOIN offer AS o USING (app_id) WHERE o.declined_day IS NULL) AS x GROUP BY dept_id",
  "pending offers in the average")
A("offer:highest offer per job with ties",
  "SELECT a.job_id, o.offer_id FROM offer AS o JOIN application AS a ON a.app_id = o.app_id WHERE o.salary = (SELECT "
  "MAX(p.salary) FROM offer AS p JOIN application AS b ON b.app_id = p.app_id WHERE b.job_id = a.job_id)",
  "SELECT a.job_id, o.offer_id FROM offer AS o JOIN application AS a ON a.app_id = o.app_id WHERE NOT EXISTS (SELECT 1 "
  "FROM offer AS p JOIN application AS b ON b.app_id = p.app_id WHERE b.job_id = a.job_id AND p.salary > o.salary)",
  "SELECT a.job_id, o.offer_id FROM offer AS o JOIN application AS a ON a.app_id = o.app_id WHERE NOT EXISTS (SELECT 1 "
  "FROM offer AS p JOIN application AS b ON b.app_id = p.app_id WHERE b.job_id = a.job_id AND p.salary >= o.salary "
  "AND p.offer_id <> o.offer_id)",
  "tied top offers both dropped")
A("offer:offers sent after the rejection",
  "SELECT o.offer_id FROM offer AS o JOIN application AS a ON a.app_id = o.app_id WHERE o.sent_day > a.rejected_day",
  "SELECT offer_id FROM offer AS o WHERE EXISTS (SELECT 1 FROM application AS a WHERE a.app_id = o.app_id "
  "AND NOT (o.sent_day <= a.rejected_day))",
  "SELECT offer_id FROM offer AS o WHERE EXISTS (SELECT 1 FROM application AS a WHERE a.app_id = o.app_id "
  "AND o.sent_day > COALESCE(a.rejected_day, 0))",
  "open applications flagged")
A("offer:declined then offered again",
  "SELECT DISTINCT a.candidate_id FROM offer AS o JOIN application AS a ON a.app_id = o.app_id WHERE o.declined_day "
  "IS NOT NULL AND EXISTS (SELECT 1 FROM offer AS p JOIN application AS b ON b.app_id = p.app_id "
  "WHERE b.candidate_id = a.candidate_id AND p.sent_day > o.declined_day)",
  "SELECT DISTINCT a.candidate_id FROM offer AS o JOIN application AS a USING (app_id) JOIN application AS b "
  "ON b.candidate_id = a.candidate_id JOIN offer AS p ON p.app_id = b.app_id WHERE p.sent_day > o.declined_day",
  "SELECT DISTINCT a.candidate_id FROM offer AS o JOIN application AS a USING (app_id) JOIN application AS b "
  "ON b.candidate_id = a.candidate_id JOIN offer AS p ON p.app_id = b.app_id WHERE o.declined_day IS NOT NULL "
  "AND p.offer_id <> o.offer_id",
  "any other offer, even one sent before the decline")
A("offer:acceptance share per job",
  "SELECT a.job_id, AVG(o.accepted_day IS NOT NULL) FROM offer AS o JOIN application AS a ON a.app_id = o.app_id "
  "GROUP BY a.job_id",
  "SELECT a.job_id, SUM(IIF(o.accepted_day IS NULL, 0, 1)) * 1.0 / COUNT(*) FROM offer AS o JOIN application AS a "
  "ON a.app_id = o.app_id GROUP BY a.job_id",
  "SELECT a.job_id, AVG(o.declined_day IS NULL) FROM offer AS o JOIN application AS a ON a.app_id = o.app_id "
  "GROUP BY a.job_id",
  "pending offers counted as accepted", dialect="sqlite")
# --- jobs
A("jobs:jobs with no applicants",
  "SELECT job_id FROM job WHERE job_id NOT IN (SELECT job_id FROM application)",
  "SELECT j.job_id FROM job AS j LEFT JOIN application AS a USING (job_id) WHERE a.app_id IS NULL",
  "SELECT j.job_id FROM job AS j LEFT JOIN application AS a ON a.job_id = j.job_id AND a.rejected_day IS NULL "
  "WHERE a.app_id IS NULL",
  "jobs whose applicants were all rejected listed")
A("jobs:jobs open on day 50",
  "SELECT job_id FROM job WHERE opened_day <= 50 AND (closed_day IS NULL OR closed_day > 50)",
  "SELECT job_id FROM job WHERE opened_day <= 50 EXCEPT SELECT job_id FROM job WHERE closed_day <= 50",
  "SELECT job_id FROM job WHERE opened_day <= 50 EXCEPT SELECT job_id FROM job WHERE closed_day < 50",
  "a job closed on day 50 still open")
A("jobs:days open capped at day 100",
  "SELECT job_id, COALESCE(closed_day, 100) - opened_day FROM job",
  "SELECT job_id, CASE WHEN closed_day IS NULL THEN 100 ELSE closed_day END - opened_day FROM job",
  "SELECT job_id, closed_day - opened_day FROM job",
  "open jobs get NULL")
A("jobs:applicants per open job per department",
  "SELECT j.dept_id, j.job_id, COUNT(a.app_id) FROM job AS j LEFT JOIN application AS a ON a.job_id = j.job_id "
  "WHERE j.closed_day IS NULL GROUP BY j.dept_id, j.job_id",
  "SELECT dept_id, job_id, (SELECT COUNT(*) FROM application AS a WHERE a.job_id = j.job_id) FROM job AS j "
  "WHERE closed_day IS NULL",
  "SELECT j.dept_id, j.job_id, COUNT(a.app_id) FROM job AS j LEFT JOIN application AS a ON a.job_id = j.job_id "
  "AND j.closed_day IS NULL GROUP BY j.dept_id, j.job_id",
  "the open filter in ON lists closed jobs with 0")
A("jobs:jobs whose every applicant was rejected",
  "SELECT job_id FROM application GROUP BY job_id HAVING COUNT(*) = COUNT(rejected_day)",
  "SELECT DISTINCT job_id FROM application AS a WHERE NOT EXISTS (SELECT 1 FROM application AS b "
  "WHERE b.job_id = a.job_id AND b.rejected_day IS NULL)",
  "SELECT job_id FROM application GROUP BY job_id HAVING COUNT(rejected_day) > 0",
  "one rejection is enough")
A("jobs:open jobs per recruiter with unassigned ones",
  "SELECT recruiter_id, COUNT(*) FROM job WHERE closed_day IS NULL GROUP BY recruiter_id",
  "SELECT recruiter_id, COUNT(*) FROM job WHERE closed_day IS NULL AND recruiter_id IS NOT NULL GROUP BY recruiter_id "
  "UNION ALL SELECT NULL, COUNT(*) FROM job WHERE closed_day IS NULL AND recruiter_id IS NULL HAVING COUNT(*) > 0",
  "SELECT recruiter_id, COUNT(*) FROM job WHERE closed_day IS NULL AND recruiter_id IS NOT NULL GROUP BY recruiter_id "
  "UNION ALL SELECT NULL, COUNT(recruiter_id) FROM job WHERE closed_day IS NULL AND recruiter_id IS NULL "
  "HAVING COUNT(*) > 0",
  "unassigned jobs counted with COUNT(recruiter_id)")
A("jobs:departments without open jobs",
  "SELECT d.dept_id FROM department AS d WHERE NOT EXISTS (SELECT 1 FROM job AS j WHERE j.dept_id = d.dept_id "
  "AND j.closed_day IS NULL)",
  "SELECT dept_id FROM department EXCEPT SELECT dept_id FROM job WHERE closed_day IS NULL",
  "SELECT dept_id FROM department EXCEPT SELECT dept_id FROM job",
  "departments with only closed jobs dropped")
A("jobs:five most recent applications",
  "SELECT app_id, applied_day FROM application ORDER BY applied_day DESC, app_id DESC LIMIT 5",
  "SELECT app_id, applied_day FROM (SELECT app_id, applied_day, ROW_NUMBER() OVER (ORDER BY applied_day DESC, "
  "app_id DESC) AS rn FROM application) AS x WHERE rn <= 5 ORDER BY rn",
  "SELECT app_id, applied_day FROM application ORDER BY applied_day DESC, app_id LIMIT 5",
  "ties on the day broken by the lowest application id", semantics="list")
A("jobs:candidates with every application rejected",
  "SELECT candidate_id FROM application GROUP BY candidate_id "
  "HAVING MAX(CASE WHEN rejected_day IS NULL THEN 1 ELSE 0 END) = 0",
  "SELECT c.candidate_id FROM candidate AS c WHERE EXISTS (SELECT 1 FROM application AS a "
  "WHERE a.candidate_id = c.candidate_id) AND NOT EXISTS (SELECT 1 FROM application AS a "
  "WHERE a.candidate_id = c.candidate_id AND a.rejected_day IS NULL)",
  "SELECT candidate_id FROM application GROUP BY candidate_id HAVING MIN(rejected_day) IS NOT NULL",
  "one rejection is enough (MIN skips the open ones)")
A("jobs:applications per candidate",
  "SELECT candidate_id, COUNT(*) FROM application GROUP BY candidate_id",
  "SELECT DISTINCT candidate_id, COUNT(*) OVER (PARTITION BY candidate_id) FROM application",
  "SELECT DISTINCT candidate_id, COUNT(*) OVER (PARTITION BY candidate_id, job_id) FROM application",
  "counted per job")
# --- scorecards
A("scorecard:average rating per criterion",
  "SELECT criterion, AVG(rating) FROM scorecard GROUP BY criterion",
  "SELECT criterion, SUM(rating) * 1.0 / COUNT(rating) FROM scorecard GROUP BY criterion",
  "SELECT criterion, SUM(rating) * 1.0 / COUNT(*) FROM scorecard GROUP BY criterion",
  "unrated criteria in the denominator")
A("scorecard:interviews with an unrated criterion",
  "SELECT i.interview_id FROM interview AS i CROSS JOIN (SELECT DISTINCT criterion FROM scorecard) AS c WHERE NOT EXISTS "
  "(SELECT 1 FROM scorecard AS s WHERE s.interview_id = i.interview_id AND s.criterion = c.criterion "
  "AND s.rating IS NOT NULL) GROUP BY i.interview_id",
  "SELECT i.interview_id FROM interview AS i LEFT JOIN scorecard AS s ON s.interview_id = i.interview_id "
  "AND s.rating IS NOT NULL GROUP BY i.interview_id HAVING COUNT(s.criterion) < (SELECT COUNT(DISTINCT criterion) "
  "FROM scorecard)",
  "SELECT i.interview_id FROM interview AS i LEFT JOIN scorecard AS s ON s.interview_id = i.interview_id "
  "GROUP BY i.interview_id HAVING COUNT(s.criterion) < (SELECT COUNT(DISTINCT criterion) FROM scorecard)",
  "criteria without a rating counted as rated")
A("scorecard:interviews rated top on every criterion",
  "SELECT interview_id FROM scorecard GROUP BY interview_id HAVING MIN(rating) >= 4",
  "SELECT DISTINCT interview_id FROM scorecard AS s WHERE rating IS NOT NULL AND NOT EXISTS (SELECT 1 FROM scorecard AS t "
  "WHERE t.interview_id = s.interview_id AND t.rating < 4)",
  "SELECT DISTINCT interview_id FROM scorecard AS s WHERE rating IS NOT NULL AND NOT EXISTS (SELECT 1 FROM scorecard AS t "
  "WHERE t.interview_id = s.interview_id AND (t.rating < 4 OR t.rating IS NULL))",
  "an unrated criterion disqualifies")
A("scorecard:score disagreeing with the best rating",
  "SELECT i.interview_id FROM interview AS i JOIN scorecard AS s ON s.interview_id = i.interview_id "
  "GROUP BY i.interview_id, i.score HAVING i.score <> MAX(s.rating)",
  "SELECT interview_id FROM interview AS i WHERE score <> (SELECT MAX(rating) FROM scorecard AS s "
  "WHERE s.interview_id = i.interview_id)",
  "SELECT interview_id FROM interview AS i WHERE score <> (SELECT MIN(rating) FROM scorecard AS s "
  "WHERE s.interview_id = i.interview_id)",
  "compared with the lowest rating")
A("scorecard:rated criteria per interviewer",
  "SELECT i.interviewer_id, COUNT(s.rating) FROM interview AS i JOIN scorecard AS s ON s.interview_id = i.interview_id "
  "GROUP BY i.interviewer_id",
  "SELECT interviewer_id, SUM(n) FROM (SELECT i.interviewer_id, (SELECT COUNT(*) FROM scorecard AS s "
  "WHERE s.interview_id = i.interview_id AND s.rating IS NOT NULL) AS n FROM interview AS i WHERE EXISTS (SELECT 1 "
  "FROM scorecard AS s WHERE s.interview_id = i.interview_id)) AS x GROUP BY interviewer_id",
  "SELECT interviewer_id, SUM(n) FROM (SELECT i.interviewer_id, (SELECT COUNT(*) FROM scorecard AS s "
  "WHERE s.interview_id = i.interview_id AND s.rating IS NOT NULL) AS n FROM interview AS i) AS x GROUP BY interviewer_id",
  "interviewers without scorecards listed with 0")
A("source:sources without a hire",
  "SELECT DISTINCT source FROM candidate EXCEPT SELECT c.source FROM candidate AS c JOIN application AS a "
  "USING (candidate_id) WHERE a.stage = 'hired'",
  "SELECT DISTINCT source FROM candidate AS c WHERE NOT EXISTS (SELECT 1 FROM candidate AS d JOIN application AS a "
  "ON a.candidate_id = d.candidate_id WHERE d.source = c.source AND a.stage = 'hired')",
  "SELECT DISTINCT source FROM candidate AS c WHERE NOT EXISTS (SELECT 1 FROM application AS a "
  "WHERE a.candidate_id = c.candidate_id AND a.stage = 'hired')",
  "a source listed when one of its candidates was not hired")
A("hire:fastest and slowest hire per source",
  "WITH hires AS (SELECT a.candidate_id, o.accepted_day - a.applied_day AS d FROM application AS a JOIN offer AS o "
  "USING (app_id) WHERE o.accepted_day IS NOT NULL), per AS (SELECT c.source, h.d FROM hires AS h JOIN candidate AS c "
  "USING (candidate_id)) SELECT source, MIN(d), MAX(d) FROM per GROUP BY source",
  "SELECT c.source, MIN(o.accepted_day - a.applied_day), MAX(o.accepted_day - a.applied_day) FROM candidate AS c "
  "JOIN application AS a ON a.candidate_id = c.candidate_id JOIN offer AS o ON o.app_id = a.app_id "
  "WHERE o.accepted_day IS NOT NULL GROUP BY c.source",
  "SELECT c.source, MIN(o.accepted_day - a.applied_day), MAX(o.accepted_day - a.applied_day) FROM candidate AS c "
  "JOIN application AS a ON a.candidate_id = c.candidate_id JOIN offer AS o ON o.app_id = a.app_id GROUP BY c.source",
  "sources with only unanswered offers listed with NULL")
A("pipeline:transitions per week and stage",
  "SELECT day / 7, to_stage, COUNT(*) FROM stage_log GROUP BY day / 7, to_stage",
  "SELECT wk, to_stage, COUNT(*) FROM (SELECT day / 7 AS wk, to_stage FROM stage_log) AS x GROUP BY wk, to_stage",
  "SELECT wk, to_stage, COUNT(wk) FROM (SELECT day / 7 AS wk, to_stage FROM stage_log) AS x GROUP BY wk, to_stage",
  "undated log lines counted as 0")
A("jobs:jobs open on day 60 per department including none",
  "SELECT d.dept_id, COUNT(j.job_id) FROM department AS d LEFT JOIN job AS j ON j.dept_id = d.dept_id "
  "AND j.opened_day <= 60 AND (j.closed_day IS NULL OR j.closed_day > 60) GROUP BY d.dept_id",
  "SELECT dept_id, (SELECT COUNT(*) FROM job AS j WHERE j.dept_id = d.dept_id AND j.opened_day <= 60 "
  "AND COALESCE(j.closed_day, 61) > 60) FROM department AS d",
  "SELECT dept_id, (SELECT COUNT(*) FROM job AS j WHERE j.dept_id = d.dept_id AND j.opened_day <= 60 "
  "AND COALESCE(j.closed_day, 61) >= 60) FROM department AS d",
  "a job closed on day 60 counted open")
