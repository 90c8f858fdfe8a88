"""The pairs of the seventeenth held-out prover corpus (``benchmarks/corpus/prover17/``), as
written (``prover17_build.py`` checks them in SQLite and writes the corpus).

Three sources: the SQL behind learning-management reports (Moodle / Canvas / Blackboard /
Open edX gradebooks: attempt policies "highest / latest / first attempt", weighted category
totals, drop the lowest score, late penalties, excused and missing submissions, extra credit,
completion of required activities, attendance percentages, rosters with ended enrolments,
at-risk lists) against the hand-written query for the same report, on a new gradebook schema;
WMS / TMS / ERP inventory SQL (stock on hand as of a date from movements, cycle-count
variances, pick lists by wave and zone, FEFO lot allocation, min / max replenishment, last
known shipment status from tracking events, carrier on-time SLA, backorders, putaway to empty
bins, one-level bills of materials) against an equivalent formulation, on a new wms schema;
and manufacturing execution and plant-historian SQL (OEE availability / performance / quality
per line and shift, downtime events and reasons, batch genealogy one and two levels, quality
holds and non-conformances, SPC run rules in plain SQL, first-pass yield, late work orders,
machine states from status changes, readings out of limits) against the hand-written query,
on a new mes schema. Each ``add`` call is one equivalent pair and one realistic
non-equivalent mutant. Written from rule NAMES and one-line DESCRIPTIONS recalled from memory
and the author's own SQL; not taken from any prover benchmark, rule test, tool's test suite
or published pair set; the verifier was not read.
"""

from __future__ import annotations

from benchmarks.held_out_pairs import pair_book

SOURCES = {
    "lms_gradebook": ("gradebook", "SQL behind learning-management reports (Moodle, Canvas, Blackboard, Open edX "
                                   "gradebooks: attempt policies, weighted categories, dropped scores, late "
                                   "penalties, excused and missing work, completion, attendance, rosters, at-risk "
                                   "lists) against the hand-written query for the same report"),
    "warehouse_operations": ("wms", "WMS / TMS / ERP inventory SQL (stock on hand from movements, cycle counts, "
                                    "pick lists by wave and zone, FEFO lots, min / max replenishment, shipment "
                                    "tracking and carrier SLA, backorders, putaway, one-level bills of materials) "
                                    "against an equivalent formulation"),
    "manufacturing_mes": ("mes", "manufacturing execution and plant-historian SQL (OEE per line and shift, downtime "
                                 "and reasons, batch genealogy, quality holds and non-conformances, SPC run rules, "
                                 "first-pass yield, late work orders, machine states, readings out of limits) "
                                 "against the hand-written query"),
}
FILE = {k: k for k in SOURCES}


PAIRS, add = pair_book("prover17", SOURCES, FILE)


def G(rule, gold, pred, mutant, mutation, **kw):
    """A learning-management report's SQL (gold) against the hand-written query (pred), gradebook."""
    add("lms_gradebook", rule, gold, pred, mutant, mutation, **kw)


def W(rule, gold, pred, mutant, mutation, **kw):
    """A WMS / TMS / ERP query (gold) against an equivalent formulation (pred), wms."""
    add("warehouse_operations", rule, gold, pred, mutant, mutation, **kw)


def M(rule, gold, pred, mutant, mutation, **kw):
    """A manufacturing execution / historian query (gold) against the hand-written query (pred), mes."""
    add("manufacturing_mes", rule, gold, pred, mutant, mutation, **kw)


# ============================================================ LMS gradebooks (gradebook)
# student(student_id PK, name, cohort NULL), section(section_id PK, course, term), enrolment(student_id FK,
# section_id FK; PK both, start_day, end_day NULL, role), category(cat_id PK, section_id FK, name, weight REAL,
# drop_lowest), activity(act_id PK, section_id FK, cat_id FK NULL-able, max_points REAL, due_day, required),
# attempt(student_id FK, act_id FK, attempt_no; PK all three, score REAL NULL, submitted_day NULL, excused),
# keyless attendance(student_id, section_id, day, status; all NULL-able).

# --- attempt policies (Moodle quiz grading method, Canvas / Blackboard "score to keep")
G("attempts:highest attempt",
  "SELECT student_id, act_id, MAX(score) FROM attempt GROUP BY student_id, act_id",
  "SELECT a.student_id, a.act_id, (SELECT b.score FROM attempt AS b WHERE b.student_id = a.student_id AND b.act_id = a.act_id "
  "AND b.score IS NOT NULL ORDER BY b.score DESC LIMIT 1) FROM attempt AS a WHERE a.attempt_no = (SELECT MIN(c.attempt_no) "
  "FROM attempt AS c WHERE c.student_id = a.student_id AND c.act_id = a.act_id)",
  "SELECT a.student_id, a.act_id, (SELECT b.score FROM attempt AS b WHERE b.student_id = a.student_id AND b.act_id = a.act_id "
  "ORDER BY b.attempt_no DESC LIMIT 1) FROM attempt AS a WHERE a.attempt_no = (SELECT MIN(c.attempt_no) "
  "FROM attempt AS c WHERE c.student_id = a.student_id AND c.act_id = a.act_id)",
  "the latest attempt kept instead of the highest")
G("attempts:latest attempt",
  "SELECT a.student_id, a.act_id, a.score FROM attempt AS a WHERE a.attempt_no = (SELECT MAX(b.attempt_no) FROM attempt AS b "
  "WHERE b.student_id = a.student_id AND b.act_id = a.act_id)",
  "SELECT student_id, act_id, score FROM (SELECT student_id, act_id, score, ROW_NUMBER() OVER (PARTITION BY student_id, act_id "
  "ORDER BY attempt_no DESC) AS rn FROM attempt) AS t WHERE rn = 1",
  "SELECT student_id, act_id, score FROM (SELECT student_id, act_id, score, ROW_NUMBER() OVER (PARTITION BY student_id, act_id "
  "ORDER BY attempt_no DESC) AS rn FROM attempt WHERE score IS NOT NULL) AS t WHERE rn = 1",
  "an ungraded latest attempt skipped for the latest graded one")
G("attempts:first attempt",
  "SELECT a.student_id, a.act_id, a.score FROM attempt AS a WHERE NOT EXISTS (SELECT 1 FROM attempt AS b "
  "WHERE b.student_id = a.student_id AND b.act_id = a.act_id AND b.attempt_no < a.attempt_no)",
  "SELECT a.student_id, a.act_id, a.score FROM attempt AS a JOIN (SELECT student_id, act_id, MIN(attempt_no) AS m FROM attempt "
  "GROUP BY student_id, act_id) AS f ON f.student_id = a.student_id AND f.act_id = a.act_id AND f.m = a.attempt_no",
  "SELECT student_id, act_id, score FROM attempt WHERE attempt_no = 1",
  "attempt numbers assumed to start at 1")
G("attempts:average of attempts",
  "SELECT student_id, act_id, AVG(score) FROM attempt GROUP BY student_id, act_id",
  "SELECT student_id, act_id, SUM(score) / COUNT(score) FROM attempt GROUP BY student_id, act_id",
  "SELECT student_id, act_id, SUM(score) / COUNT(*) FROM attempt GROUP BY student_id, act_id",
  "ungraded attempts averaged in as zero")
G("attempts:improved on the second attempt",
  "SELECT a1.student_id, a1.act_id FROM attempt AS a1 JOIN attempt AS a2 ON a2.student_id = a1.student_id AND a2.act_id = a1.act_id "
  "WHERE a1.attempt_no = 1 AND a2.attempt_no = 2 AND a2.score > a1.score",
  "SELECT student_id, act_id FROM (SELECT student_id, act_id, attempt_no, score, LAG(score) OVER (PARTITION BY student_id, act_id "
  "ORDER BY attempt_no) AS prev, LAG(attempt_no) OVER (PARTITION BY student_id, act_id ORDER BY attempt_no) AS prev_no "
  "FROM attempt) AS t WHERE attempt_no = 2 AND prev_no = 1 AND score > prev",
  "SELECT student_id, act_id FROM (SELECT student_id, act_id, attempt_no, score, LAG(score) OVER (PARTITION BY student_id, act_id "
  "ORDER BY attempt_no) AS prev FROM attempt) AS t WHERE attempt_no > 1 AND score > prev",
  "an improvement of the third attempt over the second counted")
G("attempts:more than two attempts",
  "SELECT student_id, act_id FROM attempt GROUP BY student_id, act_id HAVING COUNT(*) > 2",
  "SELECT DISTINCT a.student_id, a.act_id FROM attempt AS a JOIN attempt AS b ON b.student_id = a.student_id AND b.act_id = a.act_id "
  "AND b.attempt_no > a.attempt_no JOIN attempt AS c ON c.student_id = a.student_id AND c.act_id = a.act_id AND c.attempt_no > b.attempt_no",
  "SELECT DISTINCT student_id, act_id FROM attempt WHERE attempt_no >= 3",
  "an attempt numbered 3 read as three attempts")
G("attempts:grade to pass on any attempt",
  "SELECT t.student_id, t.act_id FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id GROUP BY t.student_id, t.act_id, a.max_points "
  "HAVING MAX(t.score) >= a.max_points / 2",
  "SELECT DISTINCT t.student_id, t.act_id FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id WHERE t.score * 2 >= a.max_points",
  "SELECT DISTINCT t.student_id, t.act_id FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id WHERE t.score * 2 > a.max_points",
  "exactly half the points not a pass")
G("attempts:best scorers per activity with ties",
  "SELECT t.act_id, t.student_id FROM attempt AS t WHERE t.score = (SELECT MAX(u.score) FROM attempt AS u WHERE u.act_id = t.act_id)",
  "SELECT act_id, student_id FROM (SELECT act_id, student_id, score, MAX(score) OVER (PARTITION BY act_id) AS m FROM attempt) AS x "
  "WHERE score = m",
  "SELECT act_id, student_id FROM (SELECT act_id, student_id, RANK() OVER (PARTITION BY act_id ORDER BY score DESC) AS r FROM attempt) AS x "
  "WHERE r = 1",
  "an activity without any score lists every attempt")

# --- scores, penalties, excused and missing work
G("scores:late penalty halves a late score",
  "SELECT t.student_id, t.act_id, t.attempt_no, CASE WHEN t.submitted_day > a.due_day THEN t.score * 0.5 ELSE t.score END "
  "FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id",
  "SELECT t.student_id, t.act_id, t.attempt_no, CASE WHEN t.submitted_day <= a.due_day OR t.submitted_day IS NULL THEN t.score "
  "ELSE t.score * 0.5 END FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id",
  "SELECT t.student_id, t.act_id, t.attempt_no, CASE WHEN t.submitted_day <= a.due_day THEN t.score ELSE t.score * 0.5 END "
  "FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id",
  "an attempt without a submission day penalised")
G("scores:excused work left out of the average",
  "SELECT student_id, AVG(score) FROM attempt WHERE excused = 0 GROUP BY student_id",
  "SELECT student_id, SUM(CASE WHEN excused = 0 THEN score END) / COUNT(CASE WHEN excused = 0 THEN score END) FROM attempt "
  "GROUP BY student_id HAVING COUNT(CASE WHEN excused = 0 THEN 1 END) > 0",
  "SELECT student_id, AVG(CASE WHEN excused = 0 THEN score ELSE 0 END) FROM attempt GROUP BY student_id "
  "HAVING COUNT(CASE WHEN excused = 0 THEN 1 END) > 0",
  "excused work averaged in as zero")
G("scores:missing work counts as zero",
  "SELECT e.student_id, a.act_id, COALESCE(MAX(t.score), 0) FROM enrolment AS e JOIN activity AS a ON a.section_id = e.section_id "
  "LEFT JOIN attempt AS t ON t.student_id = e.student_id AND t.act_id = a.act_id GROUP BY e.student_id, a.act_id",
  "SELECT e.student_id, a.act_id, COALESCE((SELECT MAX(t.score) FROM attempt AS t WHERE t.student_id = e.student_id "
  "AND t.act_id = a.act_id), 0) FROM enrolment AS e JOIN activity AS a ON a.section_id = e.section_id",
  "SELECT e.student_id, a.act_id, COALESCE(MAX(t.score), 0) FROM enrolment AS e JOIN activity AS a ON a.section_id = e.section_id "
  "JOIN attempt AS t ON t.student_id = e.student_id AND t.act_id = a.act_id GROUP BY e.student_id, a.act_id",
  "activities without an attempt dropped instead of zero")
G("scores:current score against final score",
  "SELECT student_id, SUM(COALESCE(score, 0)) / COUNT(*) FROM attempt WHERE attempt_no = 1 GROUP BY student_id",
  "SELECT student_id, TOTAL(score) / COUNT(*) FROM attempt WHERE attempt_no = 1 GROUP BY student_id",
  "SELECT student_id, AVG(score) FROM attempt WHERE attempt_no = 1 GROUP BY student_id",
  "the current score (ungraded ignored) for the final score", dialect="sqlite")
G("scores:extra credit capped at the maximum",
  "SELECT t.student_id, t.act_id, t.attempt_no, MIN(t.score, a.max_points) FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id",
  "SELECT t.student_id, t.act_id, t.attempt_no, CASE WHEN t.score > a.max_points THEN a.max_points ELSE t.score END "
  "FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id",
  "SELECT t.student_id, t.act_id, t.attempt_no, CASE WHEN t.score < a.max_points THEN t.score ELSE a.max_points END "
  "FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id",
  "an ungraded attempt given full marks", dialect="sqlite")
G("scores:letter bands with ungraded as fail",
  "SELECT student_id, act_id, attempt_no, CASE WHEN score >= 8.0 THEN 'pass' WHEN score >= 5.5 THEN 'borderline' ELSE 'fail' END "
  "FROM attempt",
  "SELECT student_id, act_id, attempt_no, CASE WHEN score IS NULL OR score < 5.5 THEN 'fail' WHEN score < 8.0 THEN 'borderline' "
  "ELSE 'pass' END FROM attempt",
  "SELECT student_id, act_id, attempt_no, CASE WHEN score < 5.5 THEN 'fail' WHEN score < 8.0 THEN 'borderline' ELSE 'pass' END "
  "FROM attempt",
  "an ungraded attempt falls through to pass")
G("scores:perfect score on some activity",
  "SELECT DISTINCT t.student_id FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id WHERE t.score >= a.max_points",
  "SELECT s.student_id FROM student AS s WHERE EXISTS (SELECT 1 FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id "
  "WHERE t.student_id = s.student_id AND t.score >= a.max_points)",
  "SELECT DISTINCT t.student_id FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id WHERE t.score > a.max_points",
  "the maximum itself not a perfect score")
G("scores:every attempt excused",
  "SELECT DISTINCT a.student_id FROM attempt AS a WHERE NOT EXISTS (SELECT 1 FROM attempt AS b WHERE b.student_id = a.student_id "
  "AND b.excused <> 1)",
  "SELECT student_id FROM attempt GROUP BY student_id HAVING COUNT(*) = COUNT(CASE WHEN excused = 1 THEN 1 END)",
  "SELECT student_id FROM attempt GROUP BY student_id HAVING MAX(excused) = 1",
  "any excused attempt read as all excused")
G("scores:drop the lowest score",
  "SELECT student_id, SUM(score) - MIN(score) FROM attempt WHERE score IS NOT NULL GROUP BY student_id",
  "SELECT student_id, SUM(CASE WHEN rn > 1 THEN score ELSE 0 END) FROM (SELECT student_id, score, ROW_NUMBER() OVER "
  "(PARTITION BY student_id ORDER BY score) AS rn FROM attempt WHERE score IS NOT NULL) AS t GROUP BY student_id",
  "SELECT student_id, SUM(CASE WHEN rn > 1 THEN score ELSE 0 END) FROM (SELECT student_id, score, RANK() OVER "
  "(PARTITION BY student_id ORDER BY score) AS rn FROM attempt WHERE score IS NOT NULL) AS t GROUP BY student_id",
  "RANK drops every tied lowest score")
G("scores:late submissions per student including none",
  "SELECT s.student_id, COUNT(x.act_id) FROM student AS s LEFT JOIN (SELECT t.student_id, t.act_id FROM attempt AS t "
  "JOIN activity AS a ON a.act_id = t.act_id WHERE t.submitted_day > a.due_day) AS x ON x.student_id = s.student_id GROUP BY s.student_id",
  "SELECT s.student_id, (SELECT COUNT(*) FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id WHERE t.student_id = s.student_id "
  "AND t.submitted_day > a.due_day) FROM student AS s",
  "SELECT s.student_id, COUNT(*) FROM student AS s LEFT JOIN (SELECT t.student_id, t.act_id FROM attempt AS t "
  "JOIN activity AS a ON a.act_id = t.act_id WHERE t.submitted_day > a.due_day) AS x ON x.student_id = s.student_id GROUP BY s.student_id",
  "a student without late work counted once")
G("scores:late students per activity including none",
  "SELECT a.act_id, COUNT(DISTINCT t.student_id) FROM activity AS a LEFT JOIN attempt AS t ON t.act_id = a.act_id "
  "AND t.submitted_day > a.due_day GROUP BY a.act_id",
  "SELECT a.act_id, (SELECT COUNT(DISTINCT t.student_id) FROM attempt AS t WHERE t.act_id = a.act_id AND t.submitted_day > a.due_day) "
  "FROM activity AS a",
  "SELECT a.act_id, COUNT(DISTINCT t.student_id) FROM activity AS a LEFT JOIN attempt AS t ON t.act_id = a.act_id "
  "WHERE t.submitted_day > a.due_day GROUP BY a.act_id",
  "the lateness test moved from ON to WHERE")
G("scores:ungraded queue oldest first",
  "SELECT student_id, act_id, attempt_no FROM attempt WHERE score IS NULL AND submitted_day IS NOT NULL "
  "ORDER BY submitted_day, student_id, act_id, attempt_no LIMIT 3",
  "SELECT student_id, act_id, attempt_no FROM (SELECT student_id, act_id, attempt_no, ROW_NUMBER() OVER (ORDER BY submitted_day, "
  "student_id, act_id, attempt_no) AS rn FROM attempt WHERE score IS NULL AND submitted_day IS NOT NULL) AS t WHERE rn <= 3 ORDER BY rn",
  "SELECT student_id, act_id, attempt_no FROM attempt WHERE score IS NULL ORDER BY submitted_day, student_id, act_id, attempt_no LIMIT 3",
  "unsubmitted attempts queued first", semantics="list")

# --- weighted categories and extra credit
G("categories:category percentage",
  "SELECT t.student_id, c.cat_id, SUM(t.score) / SUM(a.max_points) FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id "
  "JOIN category AS c ON c.cat_id = a.cat_id WHERE t.attempt_no = 1 GROUP BY t.student_id, c.cat_id",
  "SELECT t.student_id, a.cat_id, SUM(t.score) / SUM(a.max_points) FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id "
  "WHERE t.attempt_no = 1 AND a.cat_id IS NOT NULL GROUP BY t.student_id, a.cat_id",
  "SELECT t.student_id, a.cat_id, SUM(t.score) / SUM(a.max_points) FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id "
  "WHERE t.attempt_no = 1 GROUP BY t.student_id, a.cat_id",
  "uncategorised activities kept as a blank category")
G("categories:weighted points",
  "SELECT t.student_id, SUM(c.weight * t.score) FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id "
  "JOIN category AS c ON c.cat_id = a.cat_id GROUP BY t.student_id",
  "SELECT t.student_id, SUM((SELECT c.weight FROM category AS c JOIN activity AS a ON a.cat_id = c.cat_id WHERE a.act_id = t.act_id) "
  "* t.score) FROM attempt AS t WHERE t.act_id IN (SELECT act_id FROM activity WHERE cat_id IS NOT NULL) GROUP BY t.student_id",
  "SELECT t.student_id, SUM((SELECT c.weight FROM category AS c JOIN activity AS a ON a.cat_id = c.cat_id WHERE a.act_id = t.act_id) "
  "* t.score) FROM attempt AS t GROUP BY t.student_id",
  "students with only uncategorised work listed with no total")
G("categories:points possible without extra credit",
  "SELECT a.section_id, SUM(a.max_points) FROM activity AS a LEFT JOIN category AS c ON c.cat_id = a.cat_id "
  "WHERE c.name IS NULL OR c.name <> 'extra' GROUP BY a.section_id",
  "SELECT section_id, SUM(max_points) FROM activity WHERE cat_id IS NULL OR cat_id NOT IN (SELECT cat_id FROM category "
  "WHERE name = 'extra') GROUP BY section_id",
  "SELECT a.section_id, SUM(a.max_points) FROM activity AS a JOIN category AS c ON c.cat_id = a.cat_id "
  "WHERE c.name <> 'extra' GROUP BY a.section_id",
  "uncategorised activities left out of the points possible")
G("categories:weights that do not add up",
  "SELECT s.section_id FROM section AS s LEFT JOIN category AS c ON c.section_id = s.section_id AND c.name <> 'extra' "
  "GROUP BY s.section_id HAVING COALESCE(SUM(c.weight), 0) <> 1.0",
  "SELECT section_id FROM section WHERE section_id NOT IN (SELECT section_id FROM category WHERE name <> 'extra' "
  "GROUP BY section_id HAVING SUM(weight) = 1.0)",
  "SELECT section_id FROM category WHERE name <> 'extra' GROUP BY section_id HAVING SUM(weight) <> 1.0",
  "sections without categories not reported")
G("categories:gradebook export columns per category",
  "SELECT s.student_id, SUM(CASE WHEN c.name = 'hw' THEN t.score END), SUM(CASE WHEN c.name = 'exam' THEN t.score END) "
  "FROM student AS s LEFT JOIN attempt AS t ON t.student_id = s.student_id LEFT JOIN activity AS a ON a.act_id = t.act_id "
  "LEFT JOIN category AS c ON c.cat_id = a.cat_id GROUP BY s.student_id",
  "SELECT s.student_id, (SELECT SUM(t.score) FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id JOIN category AS c "
  "ON c.cat_id = a.cat_id WHERE t.student_id = s.student_id AND c.name = 'hw'), (SELECT SUM(t.score) FROM attempt AS t "
  "JOIN activity AS a ON a.act_id = t.act_id JOIN category AS c ON c.cat_id = a.cat_id WHERE t.student_id = s.student_id "
  "AND c.name = 'exam') FROM student AS s",
  "SELECT s.student_id, (SELECT COALESCE(SUM(t.score), 0) FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id JOIN category AS c "
  "ON c.cat_id = a.cat_id WHERE t.student_id = s.student_id AND c.name = 'hw'), (SELECT SUM(t.score) FROM attempt AS t "
  "JOIN activity AS a ON a.act_id = t.act_id JOIN category AS c ON c.cat_id = a.cat_id WHERE t.student_id = s.student_id "
  "AND c.name = 'exam') FROM student AS s",
  "a blank homework cell exported as 0")
G("categories:section average of student averages",
  "SELECT section_id, AVG(avg_s) FROM (SELECT a.section_id, t.student_id, AVG(t.score) AS avg_s FROM attempt AS t "
  "JOIN activity AS a ON a.act_id = t.act_id GROUP BY a.section_id, t.student_id) AS x GROUP BY section_id",
  "SELECT DISTINCT section_id, AVG(avg_s) OVER (PARTITION BY section_id) FROM (SELECT a.section_id, t.student_id, AVG(t.score) AS avg_s "
  "FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id GROUP BY a.section_id, t.student_id) AS x",
  "SELECT a.section_id, AVG(t.score) FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id GROUP BY a.section_id",
  "every attempt weighted equally instead of every student")
G("categories:uncategorised activities per section including none",
  "SELECT s.section_id, COUNT(a.act_id) FROM section AS s LEFT JOIN activity AS a ON a.section_id = s.section_id AND a.cat_id IS NULL "
  "GROUP BY s.section_id",
  "SELECT section_id, SUM(n) FROM (SELECT section_id, 0 AS n FROM section UNION ALL SELECT section_id, 1 FROM activity "
  "WHERE cat_id IS NULL) AS u GROUP BY section_id",
  "SELECT s.section_id, COUNT(a.act_id) FROM section AS s LEFT JOIN activity AS a ON a.section_id = s.section_id "
  "WHERE a.cat_id IS NULL GROUP BY s.section_id",
  "sections whose activities are all categorised dropped")

# --- completion tracking
G("completion:completed all required activities",
  "SELECT e.student_id, e.section_id FROM enrolment AS e WHERE NOT EXISTS (SELECT 1 FROM activity AS a WHERE a.section_id = e.section_id "
  "AND a.required = 1 AND NOT EXISTS (SELECT 1 FROM attempt AS t WHERE t.student_id = e.student_id AND t.act_id = a.act_id))",
  "SELECT e.student_id, e.section_id FROM enrolment AS e WHERE (SELECT COUNT(*) FROM activity AS a WHERE a.section_id = e.section_id "
  "AND a.required = 1) = (SELECT COUNT(DISTINCT t.act_id) FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id "
  "WHERE t.student_id = e.student_id AND a.section_id = e.section_id AND a.required = 1)",
  "SELECT e.student_id, e.section_id FROM enrolment AS e WHERE (SELECT COUNT(*) FROM activity AS a WHERE a.section_id = e.section_id "
  "AND a.required = 1) = (SELECT COUNT(*) FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id "
  "WHERE t.student_id = e.student_id AND a.section_id = e.section_id AND a.required = 1)",
  "repeated attempts counted as other activities")
G("completion:completed means graded",
  "SELECT e.student_id, e.section_id FROM enrolment AS e WHERE NOT EXISTS (SELECT 1 FROM activity AS a WHERE a.section_id = e.section_id "
  "AND a.required = 1 AND a.act_id NOT IN (SELECT t.act_id FROM attempt AS t WHERE t.student_id = e.student_id AND t.score IS NOT NULL))",
  "SELECT student_id, section_id FROM enrolment EXCEPT SELECT e.student_id, e.section_id FROM enrolment AS e JOIN activity AS a "
  "ON a.section_id = e.section_id AND a.required = 1 LEFT JOIN attempt AS t ON t.student_id = e.student_id AND t.act_id = a.act_id "
  "AND t.score IS NOT NULL WHERE t.act_id IS NULL",
  "SELECT e.student_id, e.section_id FROM enrolment AS e WHERE NOT EXISTS (SELECT 1 FROM activity AS a WHERE a.section_id = e.section_id "
  "AND a.required = 1 AND a.act_id NOT IN (SELECT t.act_id FROM attempt AS t WHERE t.student_id = e.student_id))",
  "an ungraded attempt counted as completion")
G("completion:missing required activities per enrolment",
  "SELECT e.student_id, e.section_id, COUNT(a.act_id) FROM enrolment AS e LEFT JOIN activity AS a ON a.section_id = e.section_id "
  "AND a.required = 1 AND NOT EXISTS (SELECT 1 FROM attempt AS t WHERE t.student_id = e.student_id AND t.act_id = a.act_id) "
  "GROUP BY e.student_id, e.section_id",
  "SELECT e.student_id, e.section_id, (SELECT COUNT(*) FROM activity AS a WHERE a.section_id = e.section_id AND a.required = 1 "
  "AND a.act_id NOT IN (SELECT t.act_id FROM attempt AS t WHERE t.student_id = e.student_id)) FROM enrolment AS e",
  "SELECT e.student_id, e.section_id, COUNT(*) FROM enrolment AS e LEFT JOIN activity AS a ON a.section_id = e.section_id "
  "AND a.required = 1 AND NOT EXISTS (SELECT 1 FROM attempt AS t WHERE t.student_id = e.student_id AND t.act_id = a.act_id) "
  "GROUP BY e.student_id, e.section_id",
  "a student missing nothing reported missing one")
G("completion:completion rate per section",
  "SELECT a.section_id, a.act_id, COUNT(DISTINCT t.student_id) FROM activity AS a LEFT JOIN attempt AS t ON t.act_id = a.act_id "
  "WHERE a.required = 1 GROUP BY a.section_id, a.act_id",
  "SELECT a.section_id, a.act_id, (SELECT COUNT(*) FROM student AS s WHERE EXISTS (SELECT 1 FROM attempt AS t "
  "WHERE t.student_id = s.student_id AND t.act_id = a.act_id)) FROM activity AS a WHERE a.required = 1",
  "SELECT a.section_id, a.act_id, COUNT(t.student_id) FROM activity AS a LEFT JOIN attempt AS t ON t.act_id = a.act_id "
  "WHERE a.required = 1 GROUP BY a.section_id, a.act_id",
  "attempts counted instead of students")

# --- attendance
G("attendance:attendance percentage with late as present",
  "SELECT student_id, section_id, 100.0 * SUM(CASE WHEN status IN ('present', 'late') THEN 1 ELSE 0 END) / COUNT(*) FROM attendance "
  "WHERE student_id IS NOT NULL AND section_id IS NOT NULL GROUP BY student_id, section_id",
  "SELECT student_id, section_id, 100.0 * COUNT(CASE WHEN status = 'present' OR status = 'late' THEN 1 END) / COUNT(*) FROM attendance "
  "WHERE student_id IS NOT NULL AND section_id IS NOT NULL GROUP BY student_id, section_id",
  "SELECT student_id, section_id, 100.0 * SUM(CASE WHEN status IN ('present', 'late') THEN 1 ELSE 0 END) / COUNT(status) FROM attendance "
  "WHERE student_id IS NOT NULL AND section_id IS NOT NULL GROUP BY student_id, section_id",
  "sessions without a status left out of the denominator")
G("attendance:distinct days present",
  "SELECT student_id, COUNT(DISTINCT day) FROM attendance WHERE status = 'present' AND student_id IS NOT NULL GROUP BY student_id",
  "SELECT student_id, COUNT(day) FROM (SELECT DISTINCT student_id, day FROM attendance WHERE status = 'present' "
  "AND student_id IS NOT NULL) AS d GROUP BY student_id",
  "SELECT student_id, COUNT(day) FROM attendance WHERE status = 'present' AND student_id IS NOT NULL GROUP BY student_id",
  "duplicate attendance records counted")
G("attendance:two or more missed days",
  "SELECT student_id FROM attendance WHERE status IN ('absent', 'late') AND student_id IS NOT NULL GROUP BY student_id "
  "HAVING COUNT(DISTINCT day) >= 2",
  "SELECT DISTINCT a.student_id FROM attendance AS a JOIN attendance AS b ON b.student_id = a.student_id AND b.status IN ('absent', 'late') "
  "AND b.day > a.day WHERE a.status IN ('absent', 'late')",
  "SELECT student_id FROM attendance WHERE status IN ('absent', 'late') AND student_id IS NOT NULL GROUP BY student_id HAVING COUNT(*) >= 2",
  "a duplicated record or two marks on one day counted twice")
G("attendance:not present on consecutive days",
  "SELECT DISTINCT student_id FROM (SELECT student_id, day, LAG(day) OVER (PARTITION BY student_id ORDER BY day) AS prev "
  "FROM (SELECT DISTINCT student_id, day FROM attendance WHERE status IN ('absent', 'late') AND student_id IS NOT NULL AND day IS NOT NULL) AS d) AS t "
  "WHERE day = prev + 1",
  "SELECT DISTINCT a.student_id FROM attendance AS a JOIN attendance AS b ON b.student_id = a.student_id AND b.day = a.day + 1 "
  "WHERE a.status IN ('absent', 'late') AND b.status IN ('absent', 'late')",
  "SELECT DISTINCT a.student_id FROM attendance AS a JOIN attendance AS b ON b.student_id = a.student_id AND b.day >= a.day + 1 "
  "WHERE a.status IN ('absent', 'late') AND b.status IN ('absent', 'late')",
  "any two missed days read as consecutive")
G("attendance:absent more often than present",
  "SELECT student_id, section_id FROM attendance WHERE student_id IS NOT NULL AND section_id IS NOT NULL GROUP BY student_id, section_id "
  "HAVING SUM(CASE WHEN status = 'absent' THEN 1 ELSE 0 END) > SUM(CASE WHEN status = 'present' THEN 1 ELSE 0 END)",
  "SELECT student_id, section_id FROM attendance WHERE student_id IS NOT NULL AND section_id IS NOT NULL GROUP BY student_id, section_id "
  "HAVING COUNT(CASE WHEN status = 'absent' THEN 1 END) - COUNT(CASE WHEN status = 'present' THEN 1 END) > 0",
  "SELECT student_id, section_id FROM attendance WHERE student_id IS NOT NULL AND section_id IS NOT NULL GROUP BY student_id, section_id "
  "HAVING SUM(CASE WHEN status <> 'present' THEN 1 ELSE 0 END) > SUM(CASE WHEN status = 'present' THEN 1 ELSE 0 END)",
  "late sessions counted as absences")
G("attendance:enrolled students never marked in the register",
  "SELECT e.student_id, e.section_id FROM enrolment AS e WHERE NOT EXISTS (SELECT 1 FROM attendance AS a "
  "WHERE a.student_id = e.student_id AND a.section_id = e.section_id)",
  "SELECT student_id, section_id FROM enrolment EXCEPT SELECT student_id, section_id FROM attendance",
  "SELECT e.student_id, e.section_id FROM enrolment AS e WHERE e.student_id NOT IN (SELECT a.student_id FROM attendance AS a "
  "WHERE a.section_id = e.section_id)",
  "NOT IN over register rows without a student")
G("attendance:register rows of students not enrolled",
  "SELECT a.student_id, a.section_id, a.day FROM attendance AS a WHERE a.student_id IS NOT NULL AND a.section_id IS NOT NULL "
  "AND NOT EXISTS (SELECT 1 FROM enrolment AS e WHERE e.student_id = a.student_id AND e.section_id = a.section_id)",
  "SELECT a.student_id, a.section_id, a.day FROM attendance AS a LEFT JOIN enrolment AS e ON e.student_id = a.student_id "
  "AND e.section_id = a.section_id WHERE e.student_id IS NULL AND a.student_id IS NOT NULL AND a.section_id IS NOT NULL",
  "SELECT a.student_id, a.section_id, a.day FROM attendance AS a LEFT JOIN enrolment AS e ON e.student_id = a.student_id "
  "AND e.section_id = a.section_id WHERE e.student_id IS NULL",
  "register rows without a student or section reported")

# --- rosters and enrolments
G("roster:active enrolments on a day",
  "SELECT student_id, section_id FROM enrolment WHERE start_day <= 12 AND (end_day IS NULL OR end_day > 12)",
  "SELECT student_id, section_id FROM enrolment WHERE start_day <= 12 AND COALESCE(end_day, 13) > 12",
  "SELECT student_id, section_id FROM enrolment WHERE start_day <= 12 AND end_day > 12",
  "open-ended enrolments dropped")
G("roster:current enrolment count per section including empty",
  "SELECT s.section_id, COUNT(e.student_id) FROM section AS s LEFT JOIN enrolment AS e ON e.section_id = s.section_id "
  "AND e.end_day IS NULL GROUP BY s.section_id",
  "SELECT s.section_id, (SELECT COUNT(*) FROM enrolment AS e WHERE e.section_id = s.section_id AND e.end_day IS NULL) FROM section AS s",
  "SELECT s.section_id, COUNT(e.student_id) FROM section AS s LEFT JOIN enrolment AS e ON e.section_id = s.section_id "
  "WHERE e.end_day IS NULL GROUP BY s.section_id",
  "sections whose enrolments all ended dropped")
G("roster:distinct students per course",
  "SELECT s.course, COUNT(DISTINCT e.student_id) FROM enrolment AS e JOIN section AS s ON s.section_id = e.section_id GROUP BY s.course",
  "SELECT course, COUNT(*) FROM (SELECT DISTINCT s.course, e.student_id FROM enrolment AS e JOIN section AS s "
  "ON s.section_id = e.section_id) AS d GROUP BY course",
  "SELECT s.course, COUNT(e.student_id) FROM enrolment AS e JOIN section AS s ON s.section_id = e.section_id GROUP BY s.course",
  "a student in two sections of a course counted twice")
G("roster:students never enrolled",
  "SELECT s.student_id FROM student AS s WHERE NOT EXISTS (SELECT 1 FROM enrolment AS e WHERE e.student_id = s.student_id)",
  "SELECT s.student_id FROM student AS s LEFT JOIN enrolment AS e ON e.student_id = s.student_id WHERE e.section_id IS NULL",
  "SELECT s.student_id FROM student AS s WHERE s.student_id NOT IN (SELECT student_id FROM enrolment WHERE end_day IS NULL)",
  "students whose enrolments ended read as never enrolled")
G("roster:students in both sections",
  "SELECT student_id FROM enrolment WHERE section_id = 1 INTERSECT SELECT student_id FROM enrolment WHERE section_id = 2",
  "SELECT student_id FROM enrolment WHERE section_id IN (1, 2) GROUP BY student_id HAVING COUNT(*) = 2",
  "SELECT student_id FROM enrolment GROUP BY student_id HAVING COUNT(*) = 2",
  "any two sections accepted")
G("roster:moved from section 1 to section 2",
  "SELECT a.student_id FROM enrolment AS a JOIN enrolment AS b ON b.student_id = a.student_id WHERE a.section_id = 1 "
  "AND b.section_id = 2 AND a.end_day IS NOT NULL AND b.start_day >= a.end_day",
  "SELECT student_id FROM enrolment AS a WHERE section_id = 1 AND end_day IS NOT NULL AND EXISTS (SELECT 1 FROM enrolment AS b "
  "WHERE b.student_id = a.student_id AND b.section_id = 2 AND NOT (b.start_day < a.end_day))",
  "SELECT student_id FROM enrolment AS a WHERE section_id = 1 AND EXISTS (SELECT 1 FROM enrolment AS b "
  "WHERE b.student_id = a.student_id AND b.section_id = 2 AND b.start_day >= a.start_day)",
  "a later start in section 2 taken as a move while section 1 continues")
G("roster:auditors left out",
  "SELECT student_id FROM enrolment WHERE section_id = 1 AND role <> 'auditor'",
  "SELECT student_id FROM enrolment WHERE section_id = 1 EXCEPT SELECT student_id FROM enrolment WHERE section_id = 1 AND role = 'auditor'",
  "SELECT student_id FROM enrolment WHERE section_id = 1 EXCEPT SELECT student_id FROM enrolment WHERE role = 'auditor'",
  "an auditor in another section left out here too")
G("roster:students per cohort including unknown",
  "SELECT cohort, COUNT(*) FROM student GROUP BY cohort",
  "SELECT cohort, COUNT(*) FROM student WHERE cohort IS NOT NULL GROUP BY cohort UNION ALL SELECT NULL, COUNT(*) FROM student "
  "WHERE cohort IS NULL HAVING COUNT(*) > 0",
  "SELECT cohort, COUNT(cohort) FROM student GROUP BY cohort",
  "students without a cohort counted 0")
G("roster:second page of the roster",
  "SELECT student_id, name FROM student ORDER BY name, student_id LIMIT 3 OFFSET 3",
  "SELECT student_id, name FROM (SELECT student_id, name, ROW_NUMBER() OVER (ORDER BY name, student_id) AS rn FROM student) AS t "
  "WHERE rn BETWEEN 4 AND 6 ORDER BY rn",
  "SELECT student_id, name FROM (SELECT student_id, name, ROW_NUMBER() OVER (ORDER BY name, student_id) AS rn FROM student) AS t "
  "WHERE rn BETWEEN 3 AND 5 ORDER BY rn",
  "the page starts one row early", semantics="list")
G("roster:gradebook rows of current enrolments only",
  "SELECT t.student_id, t.act_id, t.score FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id JOIN enrolment AS e "
  "ON e.student_id = t.student_id AND e.section_id = a.section_id WHERE e.end_day IS NULL AND t.attempt_no = 1",
  "SELECT t.student_id, t.act_id, t.score FROM attempt AS t WHERE t.attempt_no = 1 AND EXISTS (SELECT 1 FROM activity AS a "
  "JOIN enrolment AS e ON e.section_id = a.section_id WHERE a.act_id = t.act_id AND e.student_id = t.student_id AND e.end_day IS NULL)",
  "SELECT t.student_id, t.act_id, t.score FROM attempt AS t WHERE t.attempt_no = 1 AND NOT EXISTS (SELECT 1 FROM activity AS a "
  "JOIN enrolment AS e ON e.section_id = a.section_id WHERE a.act_id = t.act_id AND e.student_id = t.student_id AND e.end_day IS NOT NULL)",
  "attempts of students never enrolled kept")
G("roster:sections a student is enrolled in, listed once",
  "SELECT DISTINCT s.name, e.section_id FROM student AS s JOIN enrolment AS e ON e.student_id = s.student_id",
  "SELECT s.name, e.section_id FROM student AS s JOIN enrolment AS e ON e.student_id = s.student_id GROUP BY s.name, e.section_id",
  "SELECT s.name, e.section_id FROM student AS s JOIN enrolment AS e ON e.student_id = s.student_id",
  "two students of one name in a section listed twice")

# --- at-risk lists
G("at risk:average below 6",
  "SELECT student_id FROM attempt GROUP BY student_id HAVING AVG(score) < 6.0",
  "SELECT DISTINCT student_id FROM attempt AS a WHERE (SELECT AVG(score) FROM attempt AS b WHERE b.student_id = a.student_id) < 6.0",
  "SELECT student_id FROM attempt GROUP BY student_id HAVING AVG(COALESCE(score, 0)) < 6.0",
  "ungraded attempts averaged in as zero")
G("at risk:enrolled without any attempt in the section",
  "SELECT e.student_id, e.section_id FROM enrolment AS e WHERE NOT EXISTS (SELECT 1 FROM attempt AS t JOIN activity AS a "
  "ON a.act_id = t.act_id WHERE t.student_id = e.student_id AND a.section_id = e.section_id)",
  "SELECT student_id, section_id FROM enrolment EXCEPT SELECT t.student_id, a.section_id FROM attempt AS t JOIN activity AS a "
  "ON a.act_id = t.act_id",
  "SELECT DISTINCT e.student_id, e.section_id FROM enrolment AS e LEFT JOIN attempt AS t ON t.student_id = e.student_id "
  "LEFT JOIN activity AS a ON a.act_id = t.act_id AND a.section_id = e.section_id WHERE a.act_id IS NULL",
  "an attempt in another section reads as none in this one")
G("at risk:top two per section with ties",
  "SELECT section_id, student_id FROM (SELECT a.section_id, t.student_id, RANK() OVER (PARTITION BY a.section_id ORDER BY SUM(t.score) DESC) AS r "
  "FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id WHERE t.score IS NOT NULL GROUP BY a.section_id, t.student_id) AS x WHERE r <= 2",
  "WITH tot AS (SELECT a.section_id, t.student_id, SUM(t.score) AS s FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id "
  "WHERE t.score IS NOT NULL GROUP BY a.section_id, t.student_id) SELECT section_id, student_id FROM tot "
  "WHERE (SELECT COUNT(*) FROM tot AS u WHERE u.section_id = tot.section_id AND u.s > tot.s) < 2",
  "SELECT section_id, student_id FROM (SELECT a.section_id, t.student_id, DENSE_RANK() OVER (PARTITION BY a.section_id ORDER BY SUM(t.score) DESC) AS r "
  "FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id WHERE t.score IS NOT NULL GROUP BY a.section_id, t.student_id) AS x WHERE r <= 2",
  "DENSE_RANK lets a third student in after a tie")
G("at risk:no submission in the last week",
  "SELECT e.student_id FROM enrolment AS e WHERE e.end_day IS NULL GROUP BY e.student_id HAVING NOT EXISTS (SELECT 1 FROM attempt AS t "
  "WHERE t.student_id = e.student_id AND t.submitted_day >= 5)",
  "SELECT DISTINCT e.student_id FROM enrolment AS e WHERE e.end_day IS NULL AND e.student_id NOT IN (SELECT t.student_id FROM attempt AS t "
  "WHERE t.submitted_day >= 5)",
  "SELECT DISTINCT e.student_id FROM enrolment AS e WHERE e.end_day IS NULL AND e.student_id NOT IN (SELECT t.student_id FROM attempt AS t "
  "WHERE t.submitted_day > 5)",
  "a submission on the first day of the week ignored")
G("at risk:failing and absent",
  "SELECT student_id FROM attempt GROUP BY student_id HAVING MAX(score) < 5.5 INTERSECT SELECT student_id FROM attendance "
  "WHERE status = 'absent'",
  "SELECT DISTINCT t.student_id FROM attempt AS t WHERE EXISTS (SELECT 1 FROM attendance AS a WHERE a.student_id = t.student_id "
  "AND a.status = 'absent') AND NOT EXISTS (SELECT 1 FROM attempt AS u WHERE u.student_id = t.student_id AND u.score >= 5.5) "
  "AND EXISTS (SELECT 1 FROM attempt AS u WHERE u.student_id = t.student_id AND u.score IS NOT NULL)",
  "SELECT DISTINCT t.student_id FROM attempt AS t WHERE EXISTS (SELECT 1 FROM attendance AS a WHERE a.student_id = t.student_id "
  "AND a.status = 'absent') AND NOT EXISTS (SELECT 1 FROM attempt AS u WHERE u.student_id = t.student_id AND u.score >= 5.5)",
  "students with no graded work read as failing")
G("at risk:cohort average including unknown cohort",
  "SELECT s.cohort, AVG(t.score) FROM student AS s JOIN attempt AS t ON t.student_id = s.student_id GROUP BY s.cohort",
  "SELECT s.cohort, SUM(t.score) / COUNT(t.score) FROM attempt AS t JOIN student AS s ON s.student_id = t.student_id GROUP BY s.cohort",
  "SELECT s.cohort, AVG(t.score) FROM student AS s JOIN attempt AS t ON t.student_id = s.student_id WHERE s.cohort IS NOT NULL GROUP BY s.cohort",
  "students without a cohort left out")


# --- more gradebook reports
G("attempts:attempts used per activity including none",
  "SELECT e.student_id, a.act_id, COUNT(t.attempt_no) FROM enrolment AS e JOIN activity AS a ON a.section_id = e.section_id "
  "LEFT JOIN attempt AS t ON t.student_id = e.student_id AND t.act_id = a.act_id GROUP BY e.student_id, a.act_id",
  "SELECT e.student_id, a.act_id, (SELECT COUNT(*) FROM attempt AS t WHERE t.student_id = e.student_id AND t.act_id = a.act_id) "
  "FROM enrolment AS e JOIN activity AS a ON a.section_id = e.section_id",
  "SELECT e.student_id, a.act_id, COUNT(*) FROM enrolment AS e JOIN activity AS a ON a.section_id = e.section_id "
  "LEFT JOIN attempt AS t ON t.student_id = e.student_id AND t.act_id = a.act_id GROUP BY e.student_id, a.act_id",
  "an activity never attempted shows one attempt used")
G("scores:highest unexcused score per category",
  "SELECT t.student_id, a.cat_id, MAX(t.score) FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id WHERE t.excused = 0 "
  "AND a.cat_id IS NOT NULL GROUP BY t.student_id, a.cat_id",
  "SELECT t.student_id, a.cat_id, MAX(CASE WHEN t.excused = 0 THEN t.score END) FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id "
  "WHERE a.cat_id IS NOT NULL GROUP BY t.student_id, a.cat_id HAVING COUNT(CASE WHEN t.excused = 0 THEN 1 END) > 0",
  "SELECT t.student_id, a.cat_id, MAX(CASE WHEN t.excused = 0 THEN t.score END) FROM attempt AS t JOIN activity AS a ON a.act_id = t.act_id "
  "WHERE a.cat_id IS NOT NULL GROUP BY t.student_id, a.cat_id",
  "categories with only excused work listed blank")
G("scores:students with a zero score",
  "SELECT DISTINCT student_id FROM attempt WHERE score = 0",
  "SELECT s.student_id FROM student AS s WHERE EXISTS (SELECT 1 FROM attempt AS t WHERE t.student_id = s.student_id AND t.score <= 0 "
  "AND t.score >= 0)",
  "SELECT DISTINCT student_id FROM attempt WHERE COALESCE(score, 0) = 0",
  "ungraded attempts read as zero")
G("categories:weight of categories in use",
  "SELECT c.section_id, SUM(c.weight) FROM category AS c WHERE EXISTS (SELECT 1 FROM activity AS a WHERE a.cat_id = c.cat_id) "
  "GROUP BY c.section_id",
  "SELECT section_id, SUM(weight) FROM category WHERE cat_id IN (SELECT cat_id FROM activity) GROUP BY section_id",
  "SELECT c.section_id, SUM(c.weight) FROM category AS c JOIN activity AS a ON a.cat_id = c.cat_id GROUP BY c.section_id",
  "a category's weight added once per activity")
G("attendance:sessions held per section including none",
  "SELECT s.section_id, COUNT(DISTINCT a.day) FROM section AS s LEFT JOIN attendance AS a ON a.section_id = s.section_id GROUP BY s.section_id",
  "SELECT s.section_id, (SELECT COUNT(DISTINCT a.day) FROM attendance AS a WHERE a.section_id = s.section_id) FROM section AS s",
  "SELECT s.section_id, COUNT(a.day) FROM section AS s LEFT JOIN attendance AS a ON a.section_id = s.section_id GROUP BY s.section_id",
  "register rows counted as sessions")
G("attendance:marks outside the enrolment",
  "SELECT a.student_id, a.section_id, a.day FROM attendance AS a JOIN enrolment AS e ON e.student_id = a.student_id "
  "AND e.section_id = a.section_id WHERE a.day < e.start_day OR a.day > e.end_day",
  "SELECT a.student_id, a.section_id, a.day FROM attendance AS a JOIN enrolment AS e ON e.student_id = a.student_id "
  "AND e.section_id = a.section_id WHERE NOT (a.day BETWEEN e.start_day AND COALESCE(e.end_day, a.day))",
  "SELECT a.student_id, a.section_id, a.day FROM attendance AS a JOIN enrolment AS e ON e.student_id = a.student_id "
  "AND e.section_id = a.section_id WHERE NOT (a.day BETWEEN e.start_day AND COALESCE(e.end_day, 0))",
  "open enrolments read as ended on day 0")


# ============================================================ warehouse operations (wms)
# item(sku PK, name, min_qty NULL, max_qty NULL, kit), bin(bin_id PK, zone, capacity), lot(lot_id PK, sku FK,
# expiry_day NULL), stock(bin_id FK, sku FK; PK both, lot_id FK NULL-able, qty), movement(mov_id PK, sku FK,
# bin_id FK NULL-able, qty signed, day, kind), cycle_count(bin_id, sku, count_day; PK all three, counted),
# sales_order(order_id PK, customer, wave NULL, promised_day), order_line(order_id FK, line_no; PK both, sku FK,
# qty, shipped_qty NULL), shipment(ship_id PK, order_id FK NULL-able, carrier NULL, promised_day, delivered_day
# NULL), keyless tracking(ship_id FK, status, day; all NULL-able), bom(parent_sku FK, child_sku FK; PK both, qty).

# --- stock on hand from movements
W("stock:on hand as of a day from movements",
  "SELECT sku, SUM(qty) FROM movement WHERE day <= 2 GROUP BY sku",
  "SELECT DISTINCT sku, SUM(qty) OVER (PARTITION BY sku) FROM movement WHERE day <= 2",
  "SELECT sku, SUM(qty) FROM movement WHERE day < 2 GROUP BY sku",
  "the as-of day itself left out")
W("stock:on hand per item without adjustments, zero for none",
  "SELECT i.sku, COALESCE(SUM(m.qty), 0) FROM item AS i LEFT JOIN movement AS m ON m.sku = i.sku AND m.kind <> 'adjust' GROUP BY i.sku",
  "SELECT i.sku, (SELECT COALESCE(SUM(m.qty), 0) FROM movement AS m WHERE m.sku = i.sku AND m.kind <> 'adjust') FROM item AS i",
  "SELECT i.sku, COALESCE(SUM(m.qty), 0) FROM item AS i LEFT JOIN movement AS m ON m.sku = i.sku WHERE m.kind <> 'adjust' GROUP BY i.sku",
  "the kind filter moved to WHERE drops items without movements")
W("stock:running balance per item",
  "SELECT mov_id, SUM(qty) OVER (PARTITION BY sku ORDER BY day, mov_id) FROM movement",
  "SELECT m.mov_id, (SELECT SUM(n.qty) FROM movement AS n WHERE n.sku = m.sku AND (n.day < m.day OR (n.day = m.day "
  "AND n.mov_id <= m.mov_id))) FROM movement AS m",
  "SELECT mov_id, SUM(qty) OVER (PARTITION BY sku ORDER BY day) FROM movement",
  "same-day movements all included in each other's balance")
W("stock:negative balance per bin and item",
  "SELECT bin_id, sku FROM movement WHERE bin_id IS NOT NULL GROUP BY bin_id, sku HAVING SUM(qty) < 0",
  "SELECT DISTINCT m.bin_id, m.sku FROM movement AS m WHERE (SELECT SUM(n.qty) FROM movement AS n WHERE n.bin_id = m.bin_id "
  "AND n.sku = m.sku) < 0",
  "SELECT bin_id, sku FROM movement WHERE bin_id IS NOT NULL GROUP BY bin_id, sku HAVING MIN(qty) < 0",
  "any pick read as a negative balance")
W("stock:ledger against the stock table",
  "SELECT s.bin_id, s.sku FROM stock AS s WHERE s.qty <> COALESCE((SELECT SUM(m.qty) FROM movement AS m WHERE m.bin_id = s.bin_id "
  "AND m.sku = s.sku), 0)",
  "SELECT s.bin_id, s.sku FROM stock AS s LEFT JOIN (SELECT bin_id, sku, SUM(qty) AS q FROM movement GROUP BY bin_id, sku) AS m "
  "ON m.bin_id = s.bin_id AND m.sku = s.sku WHERE (m.q IS NULL AND s.qty <> 0) OR s.qty <> m.q",
  "SELECT s.bin_id, s.sku FROM stock AS s JOIN (SELECT bin_id, sku, SUM(qty) AS q FROM movement GROUP BY bin_id, sku) AS m "
  "ON m.bin_id = s.bin_id AND m.sku = s.sku WHERE s.qty <> m.q",
  "stock without movements never flagged")
W("stock:movements by kind side by side",
  "SELECT sku, SUM(CASE WHEN kind = 'receipt' THEN qty ELSE 0 END), SUM(CASE WHEN kind = 'pick' THEN qty ELSE 0 END) FROM movement "
  "GROUP BY sku",
  "SELECT i.sku, COALESCE(r.q, 0), COALESCE(p.q, 0) FROM (SELECT DISTINCT sku FROM movement) AS i LEFT JOIN (SELECT sku, SUM(qty) AS q "
  "FROM movement WHERE kind = 'receipt' GROUP BY sku) AS r ON r.sku = i.sku LEFT JOIN (SELECT sku, SUM(qty) AS q FROM movement "
  "WHERE kind = 'pick' GROUP BY sku) AS p ON p.sku = i.sku",
  "SELECT i.sku, r.q, COALESCE(p.q, 0) FROM (SELECT DISTINCT sku FROM movement) AS i LEFT JOIN (SELECT sku, SUM(qty) AS q "
  "FROM movement WHERE kind = 'receipt' GROUP BY sku) AS r ON r.sku = i.sku LEFT JOIN (SELECT sku, SUM(qty) AS q FROM movement "
  "WHERE kind = 'pick' GROUP BY sku) AS p ON p.sku = i.sku",
  "an item never received shown blank instead of 0")
W("stock:on hand by zone",
  "SELECT b.zone, SUM(s.qty) FROM bin AS b JOIN stock AS s ON s.bin_id = b.bin_id GROUP BY b.zone",
  "SELECT b.zone, SUM(t.q) FROM bin AS b JOIN (SELECT bin_id, SUM(qty) AS q FROM stock GROUP BY bin_id) AS t ON t.bin_id = b.bin_id "
  "GROUP BY b.zone",
  "SELECT b.zone, SUM(s.qty) FROM bin AS b LEFT JOIN stock AS s ON s.bin_id = b.bin_id GROUP BY b.zone",
  "zones with only empty bins listed")
W("stock:dead stock without picks since a day",
  "SELECT DISTINCT s.sku FROM stock AS s WHERE s.qty > 0 AND NOT EXISTS (SELECT 1 FROM movement AS m WHERE m.sku = s.sku "
  "AND m.kind = 'pick' AND m.day >= 2)",
  "SELECT sku FROM stock WHERE qty > 0 EXCEPT SELECT sku FROM movement WHERE kind = 'pick' AND day >= 2",
  "SELECT sku FROM stock WHERE qty > 0 EXCEPT SELECT sku FROM movement WHERE kind = 'pick' AND day > 2",
  "a pick on the cut-off day ignored")
W("stock:most picked items with ties",
  "SELECT sku FROM (SELECT sku, RANK() OVER (ORDER BY SUM(-qty) DESC) AS r FROM movement WHERE kind = 'pick' GROUP BY sku) AS t WHERE r <= 1",
  "WITH p AS (SELECT sku, SUM(-qty) AS q FROM movement WHERE kind = 'pick' GROUP BY sku) SELECT sku FROM p "
  "WHERE NOT EXISTS (SELECT 1 FROM p AS o WHERE o.q > p.q)",
  "SELECT sku FROM (SELECT sku, ROW_NUMBER() OVER (ORDER BY SUM(-qty) DESC) AS r FROM movement WHERE kind = 'pick' GROUP BY sku) AS t "
  "WHERE r <= 1",
  "ROW_NUMBER drops a tied top item")
W("stock:available to promise",
  "SELECT i.sku, COALESCE((SELECT SUM(s.qty) FROM stock AS s WHERE s.sku = i.sku), 0) - COALESCE((SELECT SUM(l.qty - "
  "COALESCE(l.shipped_qty, 0)) FROM order_line AS l WHERE l.sku = i.sku), 0) FROM item AS i",
  "SELECT i.sku, COALESCE(a.q, 0) - COALESCE(b.q, 0) FROM item AS i LEFT JOIN (SELECT sku, SUM(qty) AS q FROM stock GROUP BY sku) AS a "
  "ON a.sku = i.sku LEFT JOIN (SELECT sku, SUM(qty) - SUM(COALESCE(shipped_qty, 0)) AS q FROM order_line GROUP BY sku) AS b ON b.sku = i.sku",
  "SELECT i.sku, COALESCE(a.q, 0) - COALESCE(b.q, 0) FROM item AS i LEFT JOIN (SELECT sku, SUM(qty) AS q FROM stock GROUP BY sku) AS a "
  "ON a.sku = i.sku LEFT JOIN (SELECT sku, SUM(qty) - SUM(shipped_qty) AS q FROM order_line GROUP BY sku) AS b ON b.sku = i.sku",
  "an item whose lines are all unshipped shows no demand")
W("stock:items sharing a name ignoring case",
  "SELECT i.sku FROM item AS i WHERE EXISTS (SELECT 1 FROM item AS j WHERE LOWER(j.name) = LOWER(i.name) AND j.sku <> i.sku)",
  "SELECT sku FROM item WHERE LOWER(name) IN (SELECT LOWER(name) FROM item GROUP BY LOWER(name) HAVING COUNT(*) > 1)",
  "SELECT sku FROM item WHERE name IN (SELECT name FROM item GROUP BY name HAVING COUNT(*) > 1)",
  "Bolt and bolt not matched")

# --- cycle counts
W("cycle count:variance against the latest count",
  "SELECT s.bin_id, s.sku, c.counted - s.qty FROM stock AS s JOIN cycle_count AS c ON c.bin_id = s.bin_id AND c.sku = s.sku "
  "WHERE c.count_day = (SELECT MAX(d.count_day) FROM cycle_count AS d WHERE d.bin_id = s.bin_id AND d.sku = s.sku)",
  "SELECT bin_id, sku, counted - qty FROM (SELECT s.bin_id, s.sku, s.qty, c.counted, ROW_NUMBER() OVER (PARTITION BY c.bin_id, c.sku "
  "ORDER BY c.count_day DESC) AS rn FROM stock AS s JOIN cycle_count AS c ON c.bin_id = s.bin_id AND c.sku = s.sku) AS t WHERE rn = 1",
  "SELECT s.bin_id, s.sku, c.counted - s.qty FROM stock AS s JOIN cycle_count AS c ON c.bin_id = s.bin_id AND c.sku = s.sku "
  "WHERE c.count_day = (SELECT MIN(d.count_day) FROM cycle_count AS d WHERE d.bin_id = s.bin_id AND d.sku = s.sku)",
  "the first count compared instead of the latest")
W("cycle count:counts of locations without a stock record",
  "SELECT c.bin_id, c.sku, c.count_day, c.counted - COALESCE(s.qty, 0) FROM cycle_count AS c LEFT JOIN stock AS s "
  "ON s.bin_id = c.bin_id AND s.sku = c.sku",
  "SELECT c.bin_id, c.sku, c.count_day, c.counted - s.qty FROM cycle_count AS c JOIN stock AS s ON s.bin_id = c.bin_id AND s.sku = c.sku "
  "UNION ALL SELECT c.bin_id, c.sku, c.count_day, c.counted FROM cycle_count AS c WHERE NOT EXISTS (SELECT 1 FROM stock AS s "
  "WHERE s.bin_id = c.bin_id AND s.sku = c.sku)",
  "SELECT c.bin_id, c.sku, c.count_day, c.counted - s.qty FROM cycle_count AS c JOIN stock AS s ON s.bin_id = c.bin_id AND s.sku = c.sku",
  "counts of unrecorded locations dropped")
W("cycle count:accuracy per zone",
  "SELECT b.zone, AVG(CASE WHEN c.counted = s.qty THEN 1.0 ELSE 0.0 END) FROM cycle_count AS c JOIN stock AS s ON s.bin_id = c.bin_id "
  "AND s.sku = c.sku JOIN bin AS b ON b.bin_id = c.bin_id GROUP BY b.zone",
  "SELECT b.zone, 1.0 * SUM(CASE WHEN c.counted = s.qty THEN 1 ELSE 0 END) / COUNT(*) FROM bin AS b JOIN cycle_count AS c "
  "ON c.bin_id = b.bin_id JOIN stock AS s ON s.bin_id = c.bin_id AND s.sku = c.sku GROUP BY b.zone",
  "SELECT b.zone, 1.0 * SUM(CASE WHEN c.counted = s.qty THEN 1 ELSE 0 END) / COUNT(DISTINCT c.bin_id) FROM bin AS b JOIN cycle_count AS c "
  "ON c.bin_id = b.bin_id JOIN stock AS s ON s.bin_id = c.bin_id AND s.sku = c.sku GROUP BY b.zone",
  "bins counted instead of counts")
W("cycle count:bins not counted since a day",
  "SELECT b.bin_id FROM bin AS b WHERE NOT EXISTS (SELECT 1 FROM cycle_count AS c WHERE c.bin_id = b.bin_id AND c.count_day >= 3)",
  "SELECT bin_id FROM bin WHERE bin_id NOT IN (SELECT bin_id FROM cycle_count WHERE count_day >= 3)",
  "SELECT bin_id FROM bin WHERE bin_id NOT IN (SELECT bin_id FROM cycle_count WHERE count_day > 3)",
  "a count on the cut-off day ignored")
W("cycle count:recounts that disagree",
  "SELECT DISTINCT a.bin_id, a.sku FROM cycle_count AS a JOIN cycle_count AS b ON b.bin_id = a.bin_id AND b.sku = a.sku "
  "AND b.count_day > a.count_day AND b.counted <> a.counted",
  "SELECT bin_id, sku FROM cycle_count GROUP BY bin_id, sku HAVING COUNT(DISTINCT counted) > 1",
  "SELECT bin_id, sku FROM cycle_count GROUP BY bin_id, sku HAVING COUNT(*) > 1",
  "any recount read as a disagreement")

# --- picking
W("picking:pick list of a wave",
  "SELECT ol.order_id, ol.line_no, s.bin_id FROM sales_order AS o JOIN order_line AS ol ON ol.order_id = o.order_id "
  "JOIN stock AS s ON s.sku = ol.sku WHERE o.wave = 1 AND s.qty > 0",
  "SELECT ol.order_id, ol.line_no, s.bin_id FROM order_line AS ol JOIN stock AS s ON s.sku = ol.sku AND s.qty > 0 "
  "WHERE ol.order_id IN (SELECT order_id FROM sales_order WHERE wave = 1)",
  "SELECT ol.order_id, ol.line_no, s.bin_id FROM sales_order AS o JOIN order_line AS ol ON ol.order_id = o.order_id "
  "JOIN stock AS s ON s.sku = ol.sku WHERE o.wave = 1 AND s.qty >= 0",
  "empty locations put on the pick list")
W("picking:pick path by zone and bin",
  "SELECT s.bin_id, s.sku FROM stock AS s JOIN bin AS b ON b.bin_id = s.bin_id WHERE s.qty > 0 ORDER BY b.zone, s.bin_id, s.sku LIMIT 4",
  "SELECT bin_id, sku FROM (SELECT s.bin_id, s.sku, b.zone FROM stock AS s, bin AS b WHERE b.bin_id = s.bin_id AND s.qty > 0) AS t "
  "ORDER BY zone, bin_id, sku LIMIT 4",
  "SELECT s.bin_id, s.sku FROM stock AS s JOIN bin AS b ON b.bin_id = s.bin_id WHERE s.qty > 0 ORDER BY s.bin_id, s.sku LIMIT 4",
  "the zone left out of the walk order", semantics="list")
W("picking:lines per wave including unassigned orders",
  "SELECT o.wave, COUNT(ol.line_no) FROM sales_order AS o LEFT JOIN order_line AS ol ON ol.order_id = o.order_id GROUP BY o.wave",
  "SELECT wave, SUM(n) FROM (SELECT o.wave, (SELECT COUNT(*) FROM order_line AS ol WHERE ol.order_id = o.order_id) AS n "
  "FROM sales_order AS o) AS t GROUP BY wave",
  "SELECT o.wave, COUNT(*) FROM sales_order AS o LEFT JOIN order_line AS ol ON ol.order_id = o.order_id GROUP BY o.wave",
  "an order without lines counted as a line")
W("picking:wave summary of orders and items",
  "SELECT o.wave, COUNT(DISTINCT o.order_id), COUNT(DISTINCT l.sku) FROM sales_order AS o JOIN order_line AS l ON l.order_id = o.order_id "
  "WHERE o.wave IS NOT NULL GROUP BY o.wave",
  "SELECT wave, COUNT(*), (SELECT COUNT(DISTINCT l.sku) FROM order_line AS l JOIN sales_order AS p ON p.order_id = l.order_id "
  "WHERE p.wave = w.wave) FROM (SELECT DISTINCT o.wave, o.order_id FROM sales_order AS o JOIN order_line AS l ON l.order_id = o.order_id "
  "WHERE o.wave IS NOT NULL) AS w GROUP BY wave",
  "SELECT o.wave, COUNT(o.order_id), COUNT(DISTINCT l.sku) FROM sales_order AS o JOIN order_line AS l ON l.order_id = o.order_id "
  "WHERE o.wave IS NOT NULL GROUP BY o.wave",
  "lines counted as orders")
W("picking:orders not yet in a wave",
  "SELECT order_id FROM sales_order WHERE wave IS NULL AND order_id IN (SELECT order_id FROM order_line)",
  "SELECT DISTINCT o.order_id FROM sales_order AS o JOIN order_line AS l ON l.order_id = o.order_id WHERE o.wave IS NULL",
  "SELECT o.order_id FROM sales_order AS o JOIN order_line AS l ON l.order_id = o.order_id WHERE o.wave IS NULL",
  "an order listed once per line")
W("picking:second page of the order queue",
  "SELECT order_id FROM sales_order ORDER BY promised_day, order_id LIMIT 2 OFFSET 2",
  "SELECT o.order_id FROM sales_order AS o WHERE (SELECT COUNT(*) FROM sales_order AS p WHERE p.promised_day < o.promised_day "
  "OR (p.promised_day = o.promised_day AND p.order_id < o.order_id)) BETWEEN 2 AND 3 ORDER BY o.promised_day, o.order_id",
  "SELECT order_id FROM sales_order ORDER BY promised_day, order_id LIMIT 2 OFFSET 1",
  "the page starts one order early", semantics="list")

# --- lots and FEFO
W("FEFO:first expiring lot per item, undated lots last",
  "SELECT sku, lot_id FROM (SELECT sku, lot_id, ROW_NUMBER() OVER (PARTITION BY sku ORDER BY expiry_day IS NULL, expiry_day, lot_id) AS rn "
  "FROM lot) AS t WHERE rn = 1",
  "SELECT l.sku, l.lot_id FROM lot AS l WHERE NOT EXISTS (SELECT 1 FROM lot AS m WHERE m.sku = l.sku AND m.lot_id <> l.lot_id "
  "AND ((m.expiry_day IS NOT NULL AND l.expiry_day IS NULL) OR m.expiry_day < l.expiry_day OR (m.expiry_day = l.expiry_day "
  "AND m.lot_id < l.lot_id) OR (m.expiry_day IS NULL AND l.expiry_day IS NULL AND m.lot_id < l.lot_id)))",
  "SELECT sku, lot_id FROM (SELECT sku, lot_id, ROW_NUMBER() OVER (PARTITION BY sku ORDER BY expiry_day, lot_id) AS rn "
  "FROM lot) AS t WHERE rn = 1",
  "a lot without an expiry picked first (NULLs sort first)", dialect="sqlite")
W("FEFO:earliest expiry among stocked lots",
  "SELECT s.sku, MIN(l.expiry_day) FROM stock AS s JOIN lot AS l ON l.lot_id = s.lot_id WHERE s.qty > 0 GROUP BY s.sku",
  "SELECT s.sku, (SELECT MIN(l.expiry_day) FROM lot AS l WHERE l.lot_id IN (SELECT t.lot_id FROM stock AS t WHERE t.sku = s.sku "
  "AND t.qty > 0)) FROM stock AS s WHERE s.qty > 0 AND s.lot_id IS NOT NULL GROUP BY s.sku",
  "SELECT s.sku, MIN(l.expiry_day) FROM stock AS s JOIN lot AS l ON l.lot_id = s.lot_id GROUP BY s.sku",
  "empty lot locations allocated")
W("FEFO:expired stock as of a day",
  "SELECT s.bin_id, s.sku FROM stock AS s JOIN lot AS l ON l.lot_id = s.lot_id WHERE l.expiry_day <= 20",
  "SELECT bin_id, sku FROM stock WHERE lot_id IN (SELECT lot_id FROM lot WHERE expiry_day <= 20)",
  "SELECT bin_id, sku FROM stock WHERE lot_id IN (SELECT lot_id FROM lot WHERE expiry_day < 20)",
  "stock expiring on the day itself still sellable")
W("FEFO:lots without an expiry in stock",
  "SELECT DISTINCT s.lot_id FROM stock AS s JOIN lot AS l ON l.lot_id = s.lot_id WHERE l.expiry_day IS NULL",
  "SELECT lot_id FROM lot WHERE expiry_day IS NULL INTERSECT SELECT lot_id FROM stock",
  "SELECT s.lot_id FROM stock AS s JOIN lot AS l ON l.lot_id = s.lot_id WHERE l.expiry_day IS NULL",
  "a lot listed once per location")

# --- replenishment and putaway
W("replenishment:below the minimum",
  "SELECT i.sku FROM item AS i LEFT JOIN stock AS s ON s.sku = i.sku WHERE i.min_qty IS NOT NULL GROUP BY i.sku, i.min_qty "
  "HAVING COALESCE(SUM(s.qty), 0) < i.min_qty",
  "SELECT sku FROM item AS i WHERE (SELECT COALESCE(SUM(qty), 0) FROM stock AS s WHERE s.sku = i.sku) < i.min_qty",
  "SELECT i.sku FROM item AS i JOIN stock AS s ON s.sku = i.sku WHERE i.min_qty IS NOT NULL GROUP BY i.sku, i.min_qty "
  "HAVING SUM(s.qty) < i.min_qty",
  "items without any stock never replenished")
W("replenishment:order up to the maximum",
  "SELECT i.sku, i.max_qty - COALESCE(t.on_hand, 0) FROM item AS i LEFT JOIN (SELECT sku, SUM(qty) AS on_hand FROM stock GROUP BY sku) AS t "
  "ON t.sku = i.sku WHERE COALESCE(t.on_hand, 0) < i.min_qty",
  "SELECT i.sku, i.max_qty - (SELECT COALESCE(SUM(s.qty), 0) FROM stock AS s WHERE s.sku = i.sku) FROM item AS i "
  "WHERE (SELECT COALESCE(SUM(s.qty), 0) FROM stock AS s WHERE s.sku = i.sku) < i.min_qty",
  "SELECT i.sku, i.max_qty - COALESCE(t.on_hand, 0) FROM item AS i LEFT JOIN (SELECT sku, SUM(qty) AS on_hand FROM stock GROUP BY sku) AS t "
  "ON t.sku = i.sku WHERE COALESCE(t.on_hand, 0) < i.max_qty",
  "reordered whenever below the maximum")
W("replenishment:items without min or max set",
  "SELECT sku FROM item WHERE min_qty IS NULL OR max_qty IS NULL",
  "SELECT sku FROM item WHERE NOT (min_qty IS NOT NULL AND max_qty IS NOT NULL)",
  "SELECT sku FROM item WHERE COALESCE(min_qty, max_qty) IS NULL",
  "only items missing both levels listed")
W("putaway:bins holding nothing",
  "SELECT bin_id FROM bin AS b WHERE NOT EXISTS (SELECT 1 FROM stock AS s WHERE s.bin_id = b.bin_id AND s.qty > 0)",
  "SELECT b.bin_id FROM bin AS b LEFT JOIN stock AS s ON s.bin_id = b.bin_id AND s.qty > 0 GROUP BY b.bin_id HAVING COUNT(s.sku) = 0",
  "SELECT bin_id FROM bin AS b WHERE NOT EXISTS (SELECT 1 FROM stock AS s WHERE s.bin_id = b.bin_id)",
  "a location record with zero quantity makes the bin occupied")
W("putaway:first free bin of a zone",
  "SELECT bin_id FROM bin WHERE zone = 'B' AND bin_id NOT IN (SELECT bin_id FROM stock) ORDER BY bin_id LIMIT 1",
  "SELECT b.bin_id FROM bin AS b WHERE b.zone = 'B' AND NOT EXISTS (SELECT 1 FROM stock AS s WHERE s.bin_id = b.bin_id) "
  "AND NOT EXISTS (SELECT 1 FROM bin AS c WHERE c.zone = 'B' AND c.bin_id < b.bin_id AND NOT EXISTS (SELECT 1 FROM stock AS s "
  "WHERE s.bin_id = c.bin_id))",
  "SELECT MIN(b.bin_id) FROM bin AS b LEFT JOIN stock AS s ON s.bin_id = b.bin_id WHERE b.zone = 'B' AND s.bin_id IS NULL",
  "MIN without GROUP BY answers a NULL row when no bin is free")
W("putaway:bins over capacity",
  "SELECT b.bin_id FROM bin AS b JOIN stock AS s ON s.bin_id = b.bin_id GROUP BY b.bin_id, b.capacity HAVING SUM(s.qty) > b.capacity",
  "SELECT bin_id FROM bin AS b WHERE capacity < (SELECT SUM(qty) FROM stock AS s WHERE s.bin_id = b.bin_id)",
  "SELECT b.bin_id FROM bin AS b JOIN stock AS s ON s.bin_id = b.bin_id GROUP BY b.bin_id, b.capacity HAVING MAX(s.qty) > b.capacity",
  "capacity checked per item instead of per bin")
W("putaway:receipts not yet put away",
  "SELECT mov_id FROM movement WHERE kind = 'receipt' AND bin_id IS NULL",
  "SELECT mov_id FROM movement WHERE kind = 'receipt' EXCEPT SELECT mov_id FROM movement WHERE bin_id IS NOT NULL",
  "SELECT mov_id FROM movement WHERE kind = 'receipt' AND bin_id NOT IN (SELECT bin_id FROM bin)",
  "NOT IN over a NULL bin never true")

# --- orders, backorders, fulfilment
W("backorder:lines short of stock",
  "SELECT ol.order_id, ol.line_no, ol.qty - COALESCE(t.on_hand, 0) FROM order_line AS ol LEFT JOIN (SELECT sku, SUM(qty) AS on_hand "
  "FROM stock GROUP BY sku) AS t ON t.sku = ol.sku WHERE ol.qty > COALESCE(t.on_hand, 0)",
  "SELECT ol.order_id, ol.line_no, ol.qty - (SELECT COALESCE(SUM(s.qty), 0) FROM stock AS s WHERE s.sku = ol.sku) FROM order_line AS ol "
  "WHERE ol.qty > (SELECT COALESCE(SUM(s.qty), 0) FROM stock AS s WHERE s.sku = ol.sku)",
  "SELECT ol.order_id, ol.line_no, ol.qty - t.on_hand FROM order_line AS ol JOIN (SELECT sku, SUM(qty) AS on_hand "
  "FROM stock GROUP BY sku) AS t ON t.sku = ol.sku WHERE ol.qty > t.on_hand",
  "items never stocked not backordered")
W("backorder:quantity still to ship",
  "SELECT order_id, line_no, qty - COALESCE(shipped_qty, 0) FROM order_line WHERE qty > COALESCE(shipped_qty, 0)",
  "SELECT order_id, line_no, qty FROM order_line WHERE shipped_qty IS NULL AND qty > 0 UNION ALL SELECT order_id, line_no, "
  "qty - shipped_qty FROM order_line WHERE qty > shipped_qty",
  "SELECT order_id, line_no, qty - shipped_qty FROM order_line WHERE qty > shipped_qty",
  "lines with nothing shipped yet left out")
W("backorder:orders shipped complete",
  "SELECT o.order_id FROM sales_order AS o WHERE EXISTS (SELECT 1 FROM order_line AS l WHERE l.order_id = o.order_id) AND NOT EXISTS "
  "(SELECT 1 FROM order_line AS l WHERE l.order_id = o.order_id AND (l.shipped_qty IS NULL OR l.shipped_qty < l.qty))",
  "SELECT order_id FROM order_line GROUP BY order_id HAVING COUNT(*) = COUNT(CASE WHEN shipped_qty >= qty THEN 1 END)",
  "SELECT o.order_id FROM sales_order AS o WHERE EXISTS (SELECT 1 FROM order_line AS l WHERE l.order_id = o.order_id) AND NOT EXISTS "
  "(SELECT 1 FROM order_line AS l WHERE l.order_id = o.order_id AND l.shipped_qty < l.qty)",
  "an unshipped line read as shipped")
W("backorder:fill rate per order",
  "SELECT order_id, 1.0 * SUM(COALESCE(shipped_qty, 0)) / SUM(qty) FROM order_line GROUP BY order_id",
  "SELECT order_id, TOTAL(shipped_qty) / SUM(qty) FROM order_line GROUP BY order_id",
  "SELECT order_id, 1.0 * SUM(shipped_qty) / SUM(qty) FROM order_line GROUP BY order_id",
  "an order with nothing shipped shows no fill rate", dialect="sqlite")
W("orders:shipments per order including none",
  "SELECT o.order_id, COUNT(s.ship_id) FROM sales_order AS o LEFT JOIN shipment AS s ON s.order_id = o.order_id GROUP BY o.order_id",
  "SELECT o.order_id, (SELECT COUNT(*) FROM shipment AS s WHERE s.order_id = o.order_id) FROM sales_order AS o",
  "SELECT o.order_id, COUNT(s.ship_id) FROM sales_order AS o JOIN shipment AS s ON s.order_id = o.order_id GROUP BY o.order_id",
  "orders without a shipment dropped")
W("orders:orders without a shipment",
  "SELECT order_id FROM sales_order AS o WHERE NOT EXISTS (SELECT 1 FROM shipment AS s WHERE s.order_id = o.order_id)",
  "SELECT order_id FROM sales_order EXCEPT SELECT order_id FROM shipment",
  "SELECT order_id FROM sales_order WHERE order_id NOT IN (SELECT order_id FROM shipment)",
  "NOT IN over shipments without an order")

# --- shipment tracking and carrier SLA (TMS)
W("tracking:last known status",
  "SELECT DISTINCT t.ship_id, t.status FROM tracking AS t WHERE t.ship_id IS NOT NULL AND t.day = (SELECT MAX(u.day) FROM tracking AS u "
  "WHERE u.ship_id = t.ship_id)",
  "SELECT DISTINCT ship_id, status FROM (SELECT ship_id, status, RANK() OVER (PARTITION BY ship_id ORDER BY day DESC) AS r FROM tracking "
  "WHERE ship_id IS NOT NULL AND day IS NOT NULL) AS x WHERE r = 1",
  "SELECT ship_id, status FROM (SELECT ship_id, status, ROW_NUMBER() OVER (PARTITION BY ship_id ORDER BY day DESC, status) AS r "
  "FROM tracking WHERE ship_id IS NOT NULL AND day IS NOT NULL) AS x WHERE r = 1",
  "one of two same-day statuses dropped")
W("tracking:shipments without events",
  "SELECT s.ship_id FROM shipment AS s WHERE NOT EXISTS (SELECT 1 FROM tracking AS t WHERE t.ship_id = s.ship_id)",
  "SELECT s.ship_id FROM shipment AS s LEFT JOIN (SELECT DISTINCT ship_id FROM tracking) AS t ON t.ship_id = s.ship_id WHERE t.ship_id IS NULL",
  "SELECT ship_id FROM shipment WHERE ship_id NOT IN (SELECT ship_id FROM tracking)",
  "NOT IN over events without a shipment")
W("tracking:delivered according to events",
  "SELECT ship_id FROM shipment WHERE ship_id IN (SELECT ship_id FROM tracking WHERE status = 'delivered')",
  "SELECT s.ship_id FROM shipment AS s WHERE EXISTS (SELECT 1 FROM tracking AS t WHERE t.ship_id = s.ship_id AND t.status = 'delivered')",
  "SELECT s.ship_id FROM shipment AS s JOIN tracking AS t ON t.ship_id = s.ship_id WHERE t.status = 'delivered'",
  "a duplicated delivery event lists the shipment twice")
W("tracking:in transit and never delivered",
  "SELECT ship_id FROM tracking WHERE status = 'in_transit' AND ship_id IS NOT NULL EXCEPT SELECT ship_id FROM tracking WHERE status = 'delivered'",
  "SELECT DISTINCT t.ship_id FROM tracking AS t WHERE t.status = 'in_transit' AND t.ship_id IS NOT NULL AND NOT EXISTS (SELECT 1 "
  "FROM tracking AS u WHERE u.ship_id = t.ship_id AND u.status = 'delivered')",
  "SELECT DISTINCT t.ship_id FROM tracking AS t WHERE t.status = 'in_transit' AND t.ship_id IS NOT NULL AND t.ship_id NOT IN (SELECT "
  "u.ship_id FROM tracking AS u WHERE u.status = 'delivered')",
  "NOT IN over delivery events without a shipment")
W("tracking:events per shipment without duplicates",
  "SELECT ship_id, COUNT(*) FROM (SELECT DISTINCT ship_id, status, day FROM tracking WHERE ship_id IS NOT NULL) AS t GROUP BY ship_id",
  "SELECT ship_id, COUNT(*) FROM (SELECT ship_id, status, day FROM tracking WHERE ship_id IS NOT NULL GROUP BY ship_id, status, day) AS t "
  "GROUP BY ship_id",
  "SELECT ship_id, COUNT(*) FROM tracking WHERE ship_id IS NOT NULL GROUP BY ship_id",
  "duplicated events counted")
W("tracking:days from pick to delivery",
  "SELECT s.ship_id, s.delivered_day - MIN(t.day) FROM shipment AS s JOIN tracking AS t ON t.ship_id = s.ship_id AND t.status = 'picked' "
  "WHERE s.delivered_day IS NOT NULL GROUP BY s.ship_id, s.delivered_day",
  "SELECT s.ship_id, s.delivered_day - (SELECT MIN(t.day) FROM tracking AS t WHERE t.ship_id = s.ship_id AND t.status = 'picked') "
  "FROM shipment AS s WHERE s.delivered_day IS NOT NULL AND EXISTS (SELECT 1 FROM tracking AS t WHERE t.ship_id = s.ship_id "
  "AND t.status = 'picked')",
  "SELECT s.ship_id, s.delivered_day - MAX(t.day) FROM shipment AS s JOIN tracking AS t ON t.ship_id = s.ship_id AND t.status = 'picked' "
  "WHERE s.delivered_day IS NOT NULL GROUP BY s.ship_id, s.delivered_day",
  "the last pick event taken as the start")
W("carrier SLA:on-time rate per carrier",
  "SELECT carrier, 1.0 * SUM(CASE WHEN delivered_day <= promised_day THEN 1 ELSE 0 END) / COUNT(*) FROM shipment "
  "WHERE delivered_day IS NOT NULL GROUP BY carrier",
  "SELECT carrier, AVG(CASE WHEN delivered_day > promised_day THEN 0.0 ELSE 1.0 END) FROM shipment WHERE delivered_day IS NOT NULL "
  "GROUP BY carrier",
  "SELECT carrier, 1.0 * SUM(CASE WHEN delivered_day <= promised_day THEN 1 ELSE 0 END) / COUNT(*) FROM shipment GROUP BY carrier",
  "undelivered shipments counted as late")
W("carrier SLA:late or overdue shipments",
  "SELECT ship_id FROM shipment WHERE delivered_day > promised_day OR (delivered_day IS NULL AND promised_day < 4)",
  "SELECT ship_id FROM shipment WHERE delivered_day > promised_day UNION ALL SELECT ship_id FROM shipment WHERE delivered_day IS NULL "
  "AND promised_day < 4",
  "SELECT ship_id FROM shipment WHERE delivered_day > promised_day",
  "overdue undelivered shipments not reported")
W("carrier SLA:carriers with every shipment on time",
  "SELECT DISTINCT carrier FROM shipment AS s WHERE carrier IS NOT NULL AND NOT EXISTS (SELECT 1 FROM shipment AS t "
  "WHERE t.carrier = s.carrier AND (t.delivered_day IS NULL OR t.delivered_day > t.promised_day))",
  "SELECT carrier FROM shipment WHERE carrier IS NOT NULL GROUP BY carrier HAVING COUNT(*) = COUNT(CASE WHEN delivered_day <= promised_day "
  "THEN 1 END)",
  "SELECT carrier FROM shipment WHERE carrier IS NOT NULL GROUP BY carrier HAVING MAX(delivered_day - promised_day) <= 0",
  "undelivered shipments ignored by MAX")
W("carrier SLA:shipments per carrier including unknown",
  "SELECT carrier, COUNT(*) FROM shipment GROUP BY carrier",
  "SELECT c.carrier, (SELECT COUNT(*) FROM shipment AS s WHERE s.carrier = c.carrier OR (s.carrier IS NULL AND c.carrier IS NULL)) "
  "FROM (SELECT DISTINCT carrier FROM shipment) AS c",
  "SELECT c.carrier, (SELECT COUNT(*) FROM shipment AS s WHERE s.carrier = c.carrier) FROM (SELECT DISTINCT carrier FROM shipment) AS c",
  "shipments without a carrier counted 0")

# --- bills of materials (one level)
W("BOM:component demand of open orders",
  "SELECT ol.order_id, b.child_sku, SUM(ol.qty * b.qty) FROM order_line AS ol JOIN bom AS b ON b.parent_sku = ol.sku "
  "GROUP BY ol.order_id, b.child_sku",
  "SELECT order_id, child_sku, SUM(need) FROM (SELECT ol.order_id, b.child_sku, ol.qty * b.qty AS need FROM order_line AS ol, bom AS b "
  "WHERE b.parent_sku = ol.sku) AS t GROUP BY order_id, child_sku",
  "SELECT DISTINCT ol.order_id, b.child_sku, ol.qty * b.qty FROM order_line AS ol JOIN bom AS b ON b.parent_sku = ol.sku",
  "two lines of one kit not added up")
W("BOM:kits whose components are all in stock",
  "SELECT i.sku FROM item AS i WHERE i.kit = 1 AND NOT EXISTS (SELECT 1 FROM bom AS b WHERE b.parent_sku = i.sku AND NOT EXISTS "
  "(SELECT 1 FROM stock AS s WHERE s.sku = b.child_sku AND s.qty >= b.qty))",
  "SELECT sku FROM item WHERE kit = 1 EXCEPT SELECT b.parent_sku FROM bom AS b WHERE NOT EXISTS (SELECT 1 FROM stock AS s "
  "WHERE s.sku = b.child_sku AND s.qty >= b.qty)",
  "SELECT i.sku FROM item AS i WHERE i.kit = 1 AND NOT EXISTS (SELECT 1 FROM bom AS b WHERE b.parent_sku = i.sku AND NOT EXISTS "
  "(SELECT 1 FROM stock AS s WHERE s.sku = b.child_sku))",
  "a zero-quantity location counts as in stock")
W("BOM:kits that can be built",
  "SELECT b.parent_sku, MIN(COALESCE(t.on_hand, 0) / b.qty) FROM bom AS b LEFT JOIN (SELECT sku, SUM(qty) AS on_hand FROM stock "
  "GROUP BY sku) AS t ON t.sku = b.child_sku GROUP BY b.parent_sku",
  "SELECT parent_sku, MIN((SELECT COALESCE(SUM(s.qty), 0) FROM stock AS s WHERE s.sku = bom.child_sku) / qty) FROM bom GROUP BY parent_sku",
  "SELECT b.parent_sku, MIN(t.on_hand / b.qty) FROM bom AS b JOIN (SELECT sku, SUM(qty) AS on_hand FROM stock "
  "GROUP BY sku) AS t ON t.sku = b.child_sku GROUP BY b.parent_sku",
  "components never stocked ignored")
W("BOM:where used",
  "SELECT DISTINCT i.sku, i.name FROM item AS i JOIN bom AS b ON b.parent_sku = i.sku WHERE b.child_sku IN (1, 2)",
  "SELECT sku, name FROM item WHERE sku IN (SELECT parent_sku FROM bom WHERE child_sku = 1 OR child_sku = 2)",
  "SELECT i.sku, i.name FROM item AS i JOIN bom AS b ON b.parent_sku = i.sku WHERE b.child_sku IN (1, 2)",
  "a kit using both components listed twice")
W("BOM:components not stocked anywhere",
  "SELECT DISTINCT b.child_sku FROM bom AS b WHERE NOT EXISTS (SELECT 1 FROM stock AS s WHERE s.sku = b.child_sku AND s.qty > 0)",
  "SELECT child_sku FROM bom EXCEPT SELECT sku FROM stock WHERE qty > 0",
  "SELECT child_sku FROM bom EXCEPT SELECT sku FROM stock",
  "a zero-quantity location counts as stocked")


# --- more warehouse queries
W("receiving:receipts per movement day including none",
  "SELECT d.day, COUNT(m.mov_id) FROM (SELECT DISTINCT day FROM movement) AS d LEFT JOIN movement AS m ON m.day = d.day "
  "AND m.kind = 'receipt' GROUP BY d.day",
  "SELECT day, SUM(CASE WHEN kind = 'receipt' THEN 1 ELSE 0 END) FROM movement GROUP BY day",
  "SELECT day, COUNT(*) FROM movement WHERE kind = 'receipt' GROUP BY day",
  "days without receipts dropped")
W("stock:items stocked in more than one zone",
  "SELECT s.sku FROM stock AS s JOIN bin AS b ON b.bin_id = s.bin_id GROUP BY s.sku HAVING COUNT(DISTINCT b.zone) > 1",
  "SELECT DISTINCT s1.sku FROM stock AS s1 JOIN bin AS b1 ON b1.bin_id = s1.bin_id JOIN stock AS s2 ON s2.sku = s1.sku "
  "JOIN bin AS b2 ON b2.bin_id = s2.bin_id WHERE b1.zone < b2.zone",
  "SELECT s.sku FROM stock AS s JOIN bin AS b ON b.bin_id = s.bin_id GROUP BY s.sku HAVING COUNT(*) > 1",
  "two bins of one zone read as two zones")
W("picking:lines whose item has no quantity anywhere",
  "SELECT l.order_id, l.line_no FROM order_line AS l WHERE NOT EXISTS (SELECT 1 FROM stock AS s WHERE s.sku = l.sku AND s.qty > 0)",
  "SELECT order_id, line_no FROM order_line WHERE sku NOT IN (SELECT sku FROM stock WHERE qty > 0)",
  "SELECT order_id, line_no FROM order_line WHERE sku NOT IN (SELECT sku FROM stock)",
  "an empty location counts as stock")
W("FEFO:lots per item including none",
  "SELECT i.sku, COUNT(l.lot_id) FROM item AS i LEFT JOIN lot AS l ON l.sku = i.sku GROUP BY i.sku",
  "SELECT i.sku, (SELECT COUNT(*) FROM lot AS l WHERE l.sku = i.sku) FROM item AS i",
  "SELECT i.sku, COUNT(*) FROM item AS i LEFT JOIN lot AS l ON l.sku = i.sku GROUP BY i.sku",
  "an item without lots counted as one lot")
W("cycle count:items counted in every stocked bin",
  "SELECT DISTINCT s.sku FROM stock AS s WHERE NOT EXISTS (SELECT 1 FROM stock AS t WHERE t.sku = s.sku AND NOT EXISTS "
  "(SELECT 1 FROM cycle_count AS c WHERE c.bin_id = t.bin_id AND c.sku = t.sku))",
  "SELECT sku FROM stock EXCEPT SELECT t.sku FROM stock AS t LEFT JOIN cycle_count AS c ON c.bin_id = t.bin_id AND c.sku = t.sku "
  "WHERE c.count_day IS NULL",
  "SELECT DISTINCT s.sku FROM stock AS s JOIN cycle_count AS c ON c.bin_id = s.bin_id AND c.sku = s.sku",
  "counted in some bin read as counted in every bin")
W("stock:last movement per item",
  "SELECT sku, mov_id FROM movement AS m WHERE NOT EXISTS (SELECT 1 FROM movement AS n WHERE n.sku = m.sku AND (n.day > m.day "
  "OR (n.day = m.day AND n.mov_id > m.mov_id)))",
  "SELECT sku, mov_id FROM (SELECT sku, mov_id, ROW_NUMBER() OVER (PARTITION BY sku ORDER BY day DESC, mov_id DESC) AS rn FROM movement) AS t "
  "WHERE rn = 1",
  "SELECT sku, mov_id FROM (SELECT sku, mov_id, RANK() OVER (PARTITION BY sku ORDER BY day DESC) AS rn FROM movement) AS t WHERE rn = 1",
  "every movement of the last day kept")
W("shipping:orders split across carriers",
  "SELECT order_id FROM shipment WHERE order_id IS NOT NULL GROUP BY order_id HAVING COUNT(DISTINCT carrier) > 1",
  "SELECT DISTINCT a.order_id FROM shipment AS a JOIN shipment AS b ON b.order_id = a.order_id AND b.carrier <> a.carrier",
  "SELECT order_id FROM shipment WHERE order_id IS NOT NULL GROUP BY order_id HAVING COUNT(*) > 1",
  "two shipments by one carrier read as a split")
W("BOM:kits without a bill of materials",
  "SELECT sku FROM item AS i WHERE kit = 1 AND NOT EXISTS (SELECT 1 FROM bom AS b WHERE b.parent_sku = i.sku)",
  "SELECT sku FROM item WHERE kit = 1 EXCEPT SELECT parent_sku FROM bom",
  "SELECT sku FROM item WHERE kit = 1 EXCEPT SELECT child_sku FROM bom",
  "kits used as components removed instead of kits with components")
W("stock:bins holding more than one item",
  "SELECT bin_id FROM stock WHERE qty > 0 GROUP BY bin_id HAVING COUNT(*) > 1",
  "SELECT DISTINCT a.bin_id FROM stock AS a JOIN stock AS b ON b.bin_id = a.bin_id AND b.sku <> a.sku WHERE a.qty > 0 AND b.qty > 0",
  "SELECT bin_id FROM stock GROUP BY bin_id HAVING COUNT(*) > 1",
  "zero-quantity records count as items")


# ============================================================ manufacturing execution (mes)
# line(line_id PK, name, plant NULL), machine(machine_id PK, line_id FK NULL-able, kind), shift_run(line_id FK, day,
# shift; PK all three, planned_min, run_min, ideal_cycle REAL, total_count, good_count), downtime(dt_id PK,
# machine_id FK, reason NULL, start_min, end_min NULL, planned), work_order(wo_id PK, line_id FK NULL-able, product,
# qty_plan, due_day, done_day NULL), batch(batch_id PK, wo_id FK NULL-able, status, qty REAL), genealogy(parent_batch
# FK, child_batch FK; PK both, qty_used REAL), ncr(ncr_id PK, batch_id FK NULL-able, severity NULL, opened_day,
# closed_day NULL), machine_state(machine_id FK, ts; PK both, state), tag_limit(machine_id FK, tag; PK both, lo, hi
# REAL), keyless reading(machine_id FK, tag, ts, value REAL; all NULL-able).

# --- OEE: availability, performance, quality
M("OEE:availability per shift",
  "SELECT line_id, day, shift, 1.0 * run_min / planned_min FROM shift_run",
  "SELECT line_id, day, shift, CAST(run_min AS REAL) / planned_min FROM shift_run",
  "SELECT line_id, day, shift, run_min / planned_min FROM shift_run",
  "integer division truncates the ratio")
M("OEE:availability per line over its shifts",
  "SELECT line_id, 1.0 * SUM(run_min) / SUM(planned_min) FROM shift_run GROUP BY line_id",
  "SELECT l.line_id, 1.0 * (SELECT SUM(s.run_min) FROM shift_run AS s WHERE s.line_id = l.line_id) / (SELECT SUM(s.planned_min) "
  "FROM shift_run AS s WHERE s.line_id = l.line_id) FROM line AS l WHERE EXISTS (SELECT 1 FROM shift_run AS s WHERE s.line_id = l.line_id)",
  "SELECT line_id, AVG(1.0 * run_min / planned_min) FROM shift_run GROUP BY line_id",
  "the mean of the shift ratios for the ratio of the sums")
M("OEE:performance of shifts that ran",
  "SELECT line_id, day, shift, ideal_cycle * total_count / run_min FROM shift_run WHERE run_min > 0",
  "SELECT line_id, day, shift, ideal_cycle * total_count / run_min FROM shift_run WHERE NOT run_min <= 0",
  "SELECT line_id, day, shift, ideal_cycle * total_count / run_min FROM shift_run WHERE run_min >= 0",
  "shifts that never ran listed without a performance")
M("OEE:quality per line",
  "SELECT line_id, 1.0 * SUM(good_count) / SUM(total_count) FROM shift_run GROUP BY line_id HAVING SUM(total_count) > 0",
  "SELECT line_id, g * 1.0 / t FROM (SELECT line_id, SUM(good_count) AS g, SUM(total_count) AS t FROM shift_run GROUP BY line_id) AS x "
  "WHERE t > 0",
  "SELECT line_id, AVG(1.0 * good_count / total_count) FROM shift_run WHERE total_count > 0 GROUP BY line_id",
  "the mean of the shift ratios for the ratio of the sums")
M("OEE:best shift per line with ties",
  "SELECT line_id, day, shift FROM shift_run AS s WHERE good_count = (SELECT MAX(t.good_count) FROM shift_run AS t WHERE t.line_id = s.line_id)",
  "SELECT line_id, day, shift FROM (SELECT line_id, day, shift, RANK() OVER (PARTITION BY line_id ORDER BY good_count DESC) AS r "
  "FROM shift_run) AS x WHERE r = 1",
  "SELECT line_id, day, shift FROM (SELECT line_id, day, shift, ROW_NUMBER() OVER (PARTITION BY line_id ORDER BY good_count DESC, day, shift) "
  "AS r FROM shift_run) AS x WHERE r = 1",
  "ROW_NUMBER keeps one of two tied shifts")
M("OEE:good units per line on a day including idle lines",
  "SELECT l.line_id, COALESCE(SUM(s.good_count), 0) FROM line AS l LEFT JOIN shift_run AS s ON s.line_id = l.line_id AND s.day = 1 "
  "GROUP BY l.line_id",
  "SELECT l.line_id, (SELECT COALESCE(SUM(s.good_count), 0) FROM shift_run AS s WHERE s.line_id = l.line_id AND s.day = 1) FROM line AS l",
  "SELECT l.line_id, COALESCE(SUM(s.good_count), 0) FROM line AS l LEFT JOIN shift_run AS s ON s.line_id = l.line_id "
  "WHERE s.day = 1 GROUP BY l.line_id",
  "lines without a run that day dropped")
M("OEE:change against the same shift the day before",
  "SELECT line_id, day, shift, good_count - LAG(good_count) OVER (PARTITION BY line_id, shift ORDER BY day) FROM shift_run",
  "SELECT s.line_id, s.day, s.shift, s.good_count - (SELECT p.good_count FROM shift_run AS p WHERE p.line_id = s.line_id "
  "AND p.shift = s.shift AND p.day = (SELECT MAX(q.day) FROM shift_run AS q WHERE q.line_id = s.line_id AND q.shift = s.shift "
  "AND q.day < s.day)) FROM shift_run AS s",
  "SELECT line_id, day, shift, good_count - LAG(good_count) OVER (PARTITION BY line_id ORDER BY day, shift) FROM shift_run",
  "compared with the previous shift instead of the same shift")
M("OEE:scrap units per line",
  "SELECT line_id, SUM(total_count - good_count) FROM shift_run GROUP BY line_id",
  "SELECT line_id, SUM(total_count) - SUM(good_count) FROM shift_run GROUP BY line_id",
  "SELECT line_id, SUM(total_count) - MAX(good_count) FROM shift_run GROUP BY line_id",
  "only the best shift's good units subtracted")
M("OEE:shifts below the availability target",
  "SELECT line_id, day, shift FROM shift_run WHERE planned_min > 0 AND 1.0 * run_min / planned_min < 0.5",
  "SELECT line_id, day, shift FROM shift_run WHERE planned_min > 0 AND 2 * run_min < planned_min",
  "SELECT line_id, day, shift FROM shift_run WHERE planned_min > 0 AND 2 * run_min <= planned_min",
  "exactly half the planned time counted below target")

# --- downtime events and reasons
M("downtime:minutes per machine with open events to the end of the window",
  "SELECT machine_id, SUM(COALESCE(end_min, 60) - start_min) FROM downtime GROUP BY machine_id",
  "SELECT machine_id, COALESCE(SUM(end_min - start_min), 0) + SUM(CASE WHEN end_min IS NULL THEN 60 - start_min ELSE 0 END) "
  "FROM downtime GROUP BY machine_id",
  "SELECT machine_id, SUM(end_min - start_min) FROM downtime GROUP BY machine_id",
  "open downtime events left out")
M("downtime:top two unplanned reasons by minutes",
  "SELECT reason, SUM(end_min - start_min) FROM downtime WHERE planned = 0 AND end_min IS NOT NULL GROUP BY reason "
  "ORDER BY 2 DESC, reason LIMIT 2",
  "SELECT reason, m FROM (SELECT reason, SUM(end_min - start_min) AS m, ROW_NUMBER() OVER (ORDER BY SUM(end_min - start_min) DESC, reason) "
  "AS rn FROM downtime WHERE planned = 0 AND end_min IS NOT NULL GROUP BY reason) AS t WHERE rn <= 2 ORDER BY rn",
  "SELECT reason, SUM(end_min - start_min) FROM downtime WHERE end_min IS NOT NULL GROUP BY reason ORDER BY 2 DESC, reason LIMIT 2",
  "planned downtime counted in the Pareto", semantics="list")
M("downtime:machines without unplanned downtime",
  "SELECT m.machine_id FROM machine AS m WHERE NOT EXISTS (SELECT 1 FROM downtime AS d WHERE d.machine_id = m.machine_id AND d.planned = 0)",
  "SELECT machine_id FROM machine EXCEPT SELECT machine_id FROM downtime WHERE planned = 0",
  "SELECT machine_id FROM machine WHERE machine_id IN (SELECT machine_id FROM downtime WHERE planned <> 0)",
  "only machines with planned downtime listed")
M("downtime:events overlapping a window",
  "SELECT dt_id FROM downtime WHERE start_min < 30 AND (end_min IS NULL OR end_min > 10)",
  "SELECT dt_id FROM downtime WHERE start_min < 30 EXCEPT SELECT dt_id FROM downtime WHERE end_min <= 10",
  "SELECT dt_id FROM downtime WHERE NOT (start_min >= 30 OR end_min <= 10)",
  "open events dropped by NOT over an unknown end")
M("downtime:events per line including lines without",
  "SELECT l.line_id, COUNT(d.dt_id) FROM line AS l LEFT JOIN machine AS m ON m.line_id = l.line_id LEFT JOIN downtime AS d "
  "ON d.machine_id = m.machine_id GROUP BY l.line_id",
  "SELECT l.line_id, (SELECT COUNT(*) FROM downtime AS d JOIN machine AS m ON m.machine_id = d.machine_id WHERE m.line_id = l.line_id) "
  "FROM line AS l",
  "SELECT l.line_id, COUNT(d.dt_id) FROM line AS l LEFT JOIN machine AS m ON m.line_id = l.line_id JOIN downtime AS d "
  "ON d.machine_id = m.machine_id GROUP BY l.line_id",
  "the second join made inner drops lines without downtime")
M("downtime:mean time to repair",
  "SELECT machine_id, AVG(end_min - start_min) FROM downtime WHERE planned = 0 AND end_min IS NOT NULL GROUP BY machine_id",
  "SELECT machine_id, 1.0 * SUM(end_min - start_min) / COUNT(*) FROM downtime WHERE planned = 0 AND end_min IS NOT NULL GROUP BY machine_id",
  "SELECT machine_id, SUM(end_min - start_min) / COUNT(*) FROM downtime WHERE planned = 0 AND end_min IS NOT NULL GROUP BY machine_id",
  "integer division truncates the mean")
M("downtime:events by reason including unrecorded",
  "SELECT reason, COUNT(*) FROM downtime GROUP BY reason",
  "SELECT reason, COUNT(*) FROM downtime WHERE reason IS NOT NULL GROUP BY reason UNION ALL SELECT NULL, COUNT(*) FROM downtime "
  "WHERE reason IS NULL HAVING COUNT(*) > 0",
  "SELECT reason, COUNT(reason) FROM downtime GROUP BY reason",
  "events without a reason counted 0")
M("downtime:machines without a line that had downtime",
  "SELECT DISTINCT d.machine_id FROM downtime AS d JOIN machine AS m ON m.machine_id = d.machine_id WHERE m.line_id IS NULL",
  "SELECT machine_id FROM machine WHERE line_id IS NULL INTERSECT SELECT machine_id FROM downtime",
  "SELECT machine_id FROM downtime WHERE machine_id NOT IN (SELECT machine_id FROM machine WHERE line_id IS NOT NULL)",
  "a machine listed once per event")
M("downtime:longest closed event per machine with ties",
  "SELECT d.machine_id, d.dt_id FROM downtime AS d WHERE d.end_min IS NOT NULL AND d.end_min - d.start_min = (SELECT MAX(e.end_min - e.start_min) "
  "FROM downtime AS e WHERE e.machine_id = d.machine_id)",
  "SELECT machine_id, dt_id FROM (SELECT machine_id, dt_id, RANK() OVER (PARTITION BY machine_id ORDER BY end_min - start_min DESC) AS r "
  "FROM downtime WHERE end_min IS NOT NULL) AS t WHERE r = 1",
  "SELECT machine_id, dt_id FROM (SELECT machine_id, dt_id, RANK() OVER (PARTITION BY machine_id ORDER BY end_min - start_min DESC) AS r "
  "FROM downtime) AS t WHERE r = 1",
  "a machine with only open events lists them all")

# --- machine states from status changes
M("states:duration of each state",
  "SELECT machine_id, ts, state, LEAD(ts) OVER (PARTITION BY machine_id ORDER BY ts) - ts FROM machine_state",
  "SELECT s.machine_id, s.ts, s.state, (SELECT MIN(n.ts) FROM machine_state AS n WHERE n.machine_id = s.machine_id AND n.ts > s.ts) - s.ts "
  "FROM machine_state AS s",
  "SELECT s.machine_id, s.ts, s.state, (SELECT MAX(n.ts) FROM machine_state AS n WHERE n.machine_id = s.machine_id AND n.ts > s.ts) - s.ts "
  "FROM machine_state AS s",
  "the last change taken instead of the next")
M("states:run time per machine up to the end of the window",
  "SELECT machine_id, SUM(COALESCE(nxt, 40) - ts) FROM (SELECT machine_id, ts, state, LEAD(ts) OVER (PARTITION BY machine_id ORDER BY ts) "
  "AS nxt FROM machine_state) AS t WHERE state = 'run' GROUP BY machine_id",
  "SELECT s.machine_id, SUM(COALESCE((SELECT MIN(n.ts) FROM machine_state AS n WHERE n.machine_id = s.machine_id AND n.ts > s.ts), 40) - s.ts) "
  "FROM machine_state AS s WHERE s.state = 'run' GROUP BY s.machine_id",
  "SELECT machine_id, SUM(nxt - ts) FROM (SELECT machine_id, ts, state, LEAD(ts) OVER (PARTITION BY machine_id ORDER BY ts) "
  "AS nxt FROM machine_state) AS t WHERE state = 'run' GROUP BY machine_id",
  "the state still running at the end left out")
M("states:current state of every machine",
  "SELECT m.machine_id, s.state FROM machine AS m LEFT JOIN machine_state AS s ON s.machine_id = m.machine_id AND s.ts = (SELECT MAX(t.ts) "
  "FROM machine_state AS t WHERE t.machine_id = m.machine_id)",
  "SELECT m.machine_id, (SELECT s.state FROM machine_state AS s WHERE s.machine_id = m.machine_id ORDER BY s.ts DESC LIMIT 1) FROM machine AS m",
  "SELECT m.machine_id, s.state FROM machine AS m JOIN machine_state AS s ON s.machine_id = m.machine_id AND s.ts = (SELECT MAX(t.ts) "
  "FROM machine_state AS t WHERE t.machine_id = m.machine_id)",
  "machines without any status change dropped")
M("states:real changes only",
  "SELECT machine_id, ts, state FROM (SELECT machine_id, ts, state, LAG(state) OVER (PARTITION BY machine_id ORDER BY ts) AS prev "
  "FROM machine_state) AS t WHERE prev IS NULL OR prev <> state",
  "SELECT s.machine_id, s.ts, s.state FROM machine_state AS s WHERE NOT EXISTS (SELECT 1 FROM machine_state AS p WHERE p.machine_id = s.machine_id "
  "AND p.ts = (SELECT MAX(q.ts) FROM machine_state AS q WHERE q.machine_id = s.machine_id AND q.ts < s.ts) AND p.state = s.state)",
  "SELECT machine_id, ts, state FROM (SELECT machine_id, ts, state, LAG(state) OVER (PARTITION BY machine_id ORDER BY ts) AS prev "
  "FROM machine_state) AS t WHERE prev <> state",
  "the first state of each machine dropped")
M("states:times down per machine including none",
  "SELECT m.machine_id, COUNT(s.ts) FROM machine AS m LEFT JOIN machine_state AS s ON s.machine_id = m.machine_id AND s.state = 'down' "
  "GROUP BY m.machine_id",
  "SELECT machine_id, SUM(CASE WHEN state = 'down' THEN 1 ELSE 0 END) FROM (SELECT m.machine_id, s.state FROM machine AS m "
  "LEFT JOIN machine_state AS s ON s.machine_id = m.machine_id) AS t GROUP BY machine_id",
  "SELECT m.machine_id, COUNT(s.ts) FROM machine AS m LEFT JOIN machine_state AS s ON s.machine_id = m.machine_id "
  "WHERE s.state = 'down' GROUP BY m.machine_id",
  "machines never down dropped")
M("states:machines down at a time",
  "SELECT s.machine_id FROM machine_state AS s WHERE s.state = 'down' AND s.ts = (SELECT MAX(t.ts) FROM machine_state AS t "
  "WHERE t.machine_id = s.machine_id AND t.ts <= 20)",
  "SELECT machine_id FROM (SELECT machine_id, state, ROW_NUMBER() OVER (PARTITION BY machine_id ORDER BY ts DESC) AS rn FROM machine_state "
  "WHERE ts <= 20) AS t WHERE rn = 1 AND state = 'down'",
  "SELECT machine_id FROM (SELECT machine_id, state, ROW_NUMBER() OVER (PARTITION BY machine_id ORDER BY ts DESC) AS rn FROM machine_state "
  "WHERE state = 'down' AND ts <= 20) AS t WHERE rn = 1",
  "a machine that went down and came back still reported down")
M("states:machines that never ran",
  "SELECT machine_id FROM machine AS m WHERE NOT EXISTS (SELECT 1 FROM machine_state AS s WHERE s.machine_id = m.machine_id AND s.state = 'run')",
  "SELECT m.machine_id FROM machine AS m LEFT JOIN machine_state AS s ON s.machine_id = m.machine_id AND s.state = 'run' "
  "WHERE s.ts IS NULL",
  "SELECT DISTINCT m.machine_id FROM machine AS m JOIN machine_state AS s ON s.machine_id = m.machine_id WHERE s.state <> 'run'",
  "a machine with any other state read as never running")

# --- batch genealogy
M("genealogy:batches made from held batches",
  "SELECT DISTINCT g.child_batch FROM genealogy AS g JOIN batch AS b ON b.batch_id = g.parent_batch WHERE b.status = 'hold'",
  "SELECT batch_id FROM batch WHERE batch_id IN (SELECT child_batch FROM genealogy WHERE parent_batch IN (SELECT batch_id FROM batch "
  "WHERE status = 'hold'))",
  "SELECT g.child_batch FROM genealogy AS g JOIN batch AS b ON b.batch_id = g.parent_batch WHERE b.status = 'hold'",
  "a batch made from two held batches listed twice")
M("genealogy:second level from held batches",
  "SELECT DISTINCT g2.child_batch FROM genealogy AS g1 JOIN genealogy AS g2 ON g2.parent_batch = g1.child_batch JOIN batch AS b "
  "ON b.batch_id = g1.parent_batch WHERE b.status = 'hold'",
  "SELECT child_batch FROM genealogy WHERE parent_batch IN (SELECT g.child_batch FROM genealogy AS g JOIN batch AS b "
  "ON b.batch_id = g.parent_batch WHERE b.status = 'hold') GROUP BY child_batch",
  "SELECT child_batch FROM genealogy WHERE parent_batch IN (SELECT g.child_batch FROM genealogy AS g JOIN batch AS b "
  "ON b.batch_id = g.parent_batch WHERE b.status = 'hold') UNION SELECT g.child_batch FROM genealogy AS g JOIN batch AS b "
  "ON b.batch_id = g.parent_batch WHERE b.status = 'hold'",
  "the first level kept in the second-level trace")
M("genealogy:forward trace two levels",
  "WITH RECURSIVE t(b, d) AS (SELECT child_batch, 1 FROM genealogy WHERE parent_batch = 1 UNION SELECT g.child_batch, t.d + 1 "
  "FROM genealogy AS g JOIN t ON g.parent_batch = t.b WHERE t.d < 2) SELECT DISTINCT b FROM t",
  "SELECT child_batch FROM genealogy WHERE parent_batch = 1 UNION SELECT g2.child_batch FROM genealogy AS g1 JOIN genealogy AS g2 "
  "ON g2.parent_batch = g1.child_batch WHERE g1.parent_batch = 1",
  "WITH RECURSIVE t(b, d) AS (SELECT child_batch, 1 FROM genealogy WHERE parent_batch = 1 UNION SELECT g.child_batch, t.d + 1 "
  "FROM genealogy AS g JOIN t ON g.parent_batch = t.b WHERE t.d < 1) SELECT DISTINCT b FROM t",
  "the depth limit one level short")
M("genealogy:backward trace one level with quantities",
  "SELECT g.parent_batch, b.status, g.qty_used FROM genealogy AS g JOIN batch AS b ON b.batch_id = g.parent_batch WHERE g.child_batch = 6",
  "SELECT g.parent_batch, (SELECT b.status FROM batch AS b WHERE b.batch_id = g.parent_batch), g.qty_used FROM genealogy AS g "
  "WHERE g.child_batch = 6",
  "SELECT g.child_batch, b.status, g.qty_used FROM genealogy AS g JOIN batch AS b ON b.batch_id = g.child_batch WHERE g.parent_batch = 6",
  "the trace run forward instead of backward")
M("genealogy:over-consumed parent batches",
  "SELECT b.batch_id FROM batch AS b JOIN genealogy AS g ON g.parent_batch = b.batch_id GROUP BY b.batch_id, b.qty HAVING SUM(g.qty_used) > b.qty",
  "SELECT batch_id FROM batch AS b WHERE qty < (SELECT SUM(qty_used) FROM genealogy AS g WHERE g.parent_batch = b.batch_id)",
  "SELECT b.batch_id FROM batch AS b JOIN genealogy AS g ON g.parent_batch = b.batch_id GROUP BY b.batch_id, b.qty HAVING MAX(g.qty_used) > b.qty",
  "each consumption checked alone")
M("genealogy:intermediate batches",
  "SELECT parent_batch FROM genealogy INTERSECT SELECT child_batch FROM genealogy",
  "SELECT b.batch_id FROM batch AS b WHERE EXISTS (SELECT 1 FROM genealogy AS g WHERE g.parent_batch = b.batch_id) AND EXISTS "
  "(SELECT 1 FROM genealogy AS g WHERE g.child_batch = b.batch_id)",
  "SELECT g.parent_batch FROM genealogy AS g JOIN genealogy AS h ON h.child_batch = g.parent_batch",
  "an intermediate batch listed once per pair of links")
M("genealogy:batches without a work order or a parent",
  "SELECT batch_id FROM batch AS b WHERE wo_id IS NULL AND NOT EXISTS (SELECT 1 FROM genealogy AS g WHERE g.child_batch = b.batch_id)",
  "SELECT batch_id FROM batch WHERE wo_id IS NULL EXCEPT SELECT child_batch FROM genealogy",
  "SELECT batch_id FROM batch WHERE wo_id IS NULL EXCEPT SELECT parent_batch FROM genealogy",
  "batches used as inputs removed instead of batches made from inputs")
M("genealogy:NCRs inherited from a parent batch",
  "SELECT DISTINCT n.ncr_id FROM ncr AS n JOIN genealogy AS g ON g.child_batch = n.batch_id JOIN ncr AS p ON p.batch_id = g.parent_batch",
  "SELECT ncr_id FROM ncr AS n WHERE EXISTS (SELECT 1 FROM genealogy AS g WHERE g.child_batch = n.batch_id AND g.parent_batch IN "
  "(SELECT batch_id FROM ncr))",
  "SELECT n.ncr_id FROM ncr AS n JOIN genealogy AS g ON g.child_batch = n.batch_id JOIN ncr AS p ON p.batch_id = g.parent_batch",
  "an NCR listed once per parent NCR")
M("genealogy:input quantity per finished batch including none",
  "SELECT b.batch_id, COALESCE(SUM(g.qty_used), 0) FROM batch AS b LEFT JOIN genealogy AS g ON g.child_batch = b.batch_id GROUP BY b.batch_id",
  "SELECT b.batch_id, (SELECT TOTAL(g.qty_used) FROM genealogy AS g WHERE g.child_batch = b.batch_id) FROM batch AS b",
  "SELECT b.batch_id, (SELECT SUM(g.qty_used) FROM genealogy AS g WHERE g.child_batch = b.batch_id) FROM batch AS b",
  "SUM for TOTAL: no inputs shown blank", dialect="sqlite")

# --- quality holds and non-conformances
M("quality:held or with an open major NCR",
  "SELECT batch_id FROM batch WHERE status = 'hold' UNION SELECT batch_id FROM ncr WHERE severity = 'major' AND closed_day IS NULL "
  "AND batch_id IS NOT NULL",
  "SELECT b.batch_id FROM batch AS b WHERE b.status = 'hold' OR EXISTS (SELECT 1 FROM ncr AS n WHERE n.batch_id = b.batch_id "
  "AND n.severity = 'major' AND n.closed_day IS NULL)",
  "SELECT batch_id FROM batch WHERE status = 'hold' UNION ALL SELECT batch_id FROM ncr WHERE severity = 'major' AND closed_day IS NULL "
  "AND batch_id IS NOT NULL",
  "a held batch with an open major NCR listed twice")
M("quality:open NCRs on a day",
  "SELECT ncr_id FROM ncr WHERE opened_day <= 3 AND (closed_day IS NULL OR closed_day > 3)",
  "SELECT ncr_id FROM ncr WHERE opened_day <= 3 EXCEPT SELECT ncr_id FROM ncr WHERE closed_day <= 3",
  "SELECT ncr_id FROM ncr WHERE opened_day <= 3 AND closed_day > 3",
  "NCRs never closed left out")
M("quality:NCRs per work order including none",
  "SELECT w.wo_id, COUNT(n.ncr_id) FROM work_order AS w LEFT JOIN batch AS b ON b.wo_id = w.wo_id LEFT JOIN ncr AS n ON n.batch_id = b.batch_id "
  "GROUP BY w.wo_id",
  "SELECT w.wo_id, (SELECT COUNT(*) FROM ncr AS n JOIN batch AS b ON b.batch_id = n.batch_id WHERE b.wo_id = w.wo_id) FROM work_order AS w",
  "SELECT w.wo_id, COUNT(b.batch_id) FROM work_order AS w LEFT JOIN batch AS b ON b.wo_id = w.wo_id LEFT JOIN ncr AS n ON n.batch_id = b.batch_id "
  "GROUP BY w.wo_id",
  "batches without an NCR counted")
M("quality:days to close per severity",
  "SELECT severity, AVG(closed_day - opened_day) FROM ncr WHERE closed_day IS NOT NULL GROUP BY severity",
  "SELECT severity, 1.0 * SUM(closed_day - opened_day) / COUNT(closed_day) FROM ncr GROUP BY severity HAVING COUNT(closed_day) > 0",
  "SELECT severity, 1.0 * SUM(closed_day - opened_day) / COUNT(closed_day) FROM ncr GROUP BY severity",
  "a severity with only open NCRs listed without a mean")
M("quality:NCRs without a batch",
  "SELECT ncr_id FROM ncr WHERE batch_id IS NULL",
  "SELECT ncr_id FROM ncr EXCEPT SELECT n.ncr_id FROM ncr AS n JOIN batch AS b ON b.batch_id = n.batch_id",
  "SELECT ncr_id FROM ncr WHERE batch_id NOT IN (SELECT batch_id FROM batch)",
  "NOT IN never true for an NCR without a batch")
M("quality:first-pass yield per work order",
  "SELECT b.wo_id, 1.0 * SUM(CASE WHEN NOT EXISTS (SELECT 1 FROM ncr AS n WHERE n.batch_id = b.batch_id) THEN 1 ELSE 0 END) / COUNT(*) "
  "FROM batch AS b WHERE b.wo_id IS NOT NULL GROUP BY b.wo_id",
  "SELECT b.wo_id, 1.0 * (COUNT(DISTINCT b.batch_id) - COUNT(DISTINCT n.batch_id)) / COUNT(DISTINCT b.batch_id) FROM batch AS b "
  "LEFT JOIN ncr AS n ON n.batch_id = b.batch_id WHERE b.wo_id IS NOT NULL GROUP BY b.wo_id",
  "SELECT b.wo_id, 1.0 * (COUNT(DISTINCT b.batch_id) - COUNT(DISTINCT n.batch_id)) / COUNT(*) FROM batch AS b "
  "LEFT JOIN ncr AS n ON n.batch_id = b.batch_id WHERE b.wo_id IS NOT NULL GROUP BY b.wo_id",
  "the join's fan-out in the denominator")
M("quality:scrap share per work order",
  "SELECT wo_id, SUM(CASE WHEN status = 'scrap' THEN qty ELSE 0 END) / SUM(qty) FROM batch WHERE wo_id IS NOT NULL GROUP BY wo_id",
  "SELECT w.wo_id, COALESCE((SELECT SUM(b.qty) FROM batch AS b WHERE b.wo_id = w.wo_id AND b.status = 'scrap'), 0) / (SELECT SUM(b.qty) "
  "FROM batch AS b WHERE b.wo_id = w.wo_id) FROM work_order AS w WHERE EXISTS (SELECT 1 FROM batch AS b WHERE b.wo_id = w.wo_id)",
  "SELECT wo_id, SUM(CASE WHEN status = 'scrap' THEN qty ELSE 0 END) / COUNT(*) FROM batch WHERE wo_id IS NOT NULL GROUP BY wo_id",
  "scrap quantity divided by the number of batches")
M("quality:work orders with every batch released",
  "SELECT w.wo_id FROM work_order AS w WHERE EXISTS (SELECT 1 FROM batch AS b WHERE b.wo_id = w.wo_id) AND NOT EXISTS "
  "(SELECT 1 FROM batch AS b WHERE b.wo_id = w.wo_id AND b.status <> 'released')",
  "SELECT wo_id FROM batch WHERE wo_id IS NOT NULL GROUP BY wo_id HAVING MIN(status) = 'released' AND MAX(status) = 'released'",
  "SELECT w.wo_id FROM work_order AS w WHERE NOT EXISTS (SELECT 1 FROM batch AS b WHERE b.wo_id = w.wo_id AND b.status <> 'released')",
  "work orders without batches counted as released")
M("quality:held batches per line including none",
  "SELECT l.line_id, COUNT(b.batch_id) FROM line AS l LEFT JOIN work_order AS w ON w.line_id = l.line_id LEFT JOIN batch AS b "
  "ON b.wo_id = w.wo_id AND b.status = 'hold' GROUP BY l.line_id",
  "SELECT l.line_id, (SELECT COUNT(*) FROM batch AS b JOIN work_order AS w ON w.wo_id = b.wo_id WHERE w.line_id = l.line_id "
  "AND b.status = 'hold') FROM line AS l",
  "SELECT l.line_id, COUNT(w.wo_id) FROM line AS l LEFT JOIN work_order AS w ON w.line_id = l.line_id LEFT JOIN batch AS b "
  "ON b.wo_id = w.wo_id AND b.status = 'hold' GROUP BY l.line_id",
  "work orders counted instead of held batches")

# --- work orders against plan
M("work orders:late against the due day",
  "SELECT wo_id FROM work_order WHERE done_day > due_day OR (done_day IS NULL AND due_day < 4)",
  "SELECT wo_id FROM work_order WHERE COALESCE(done_day, 4) > due_day",
  "SELECT wo_id FROM work_order WHERE COALESCE(done_day, 4) >= due_day",
  "finishing on the due day counted late")
M("work orders:late per line including none",
  "SELECT l.line_id, COUNT(w.wo_id) FROM line AS l LEFT JOIN work_order AS w ON w.line_id = l.line_id AND w.done_day > w.due_day "
  "GROUP BY l.line_id",
  "SELECT l.line_id, (SELECT COUNT(*) FROM work_order AS w WHERE w.line_id = l.line_id AND w.done_day > w.due_day) FROM line AS l",
  "SELECT l.line_id, COUNT(w.wo_id) FROM line AS l LEFT JOIN work_order AS w ON w.line_id = l.line_id AND w.done_day >= w.due_day "
  "GROUP BY l.line_id",
  "on-time completions on the due day counted late")
M("work orders:finished short of plan",
  "SELECT w.wo_id FROM work_order AS w WHERE w.done_day IS NOT NULL AND (SELECT COALESCE(SUM(b.qty), 0) FROM batch AS b "
  "WHERE b.wo_id = w.wo_id AND b.status <> 'scrap') < w.qty_plan",
  "SELECT w.wo_id FROM work_order AS w LEFT JOIN batch AS b ON b.wo_id = w.wo_id AND b.status <> 'scrap' WHERE w.done_day IS NOT NULL "
  "GROUP BY w.wo_id, w.qty_plan HAVING COALESCE(SUM(b.qty), 0) < w.qty_plan",
  "SELECT w.wo_id FROM work_order AS w LEFT JOIN batch AS b ON b.wo_id = w.wo_id WHERE w.done_day IS NOT NULL "
  "GROUP BY w.wo_id, w.qty_plan HAVING COALESCE(SUM(b.qty), 0) < w.qty_plan",
  "scrapped batches counted as produced")
M("work orders:next due open order per line with ties",
  "SELECT line_id, wo_id FROM work_order AS w WHERE done_day IS NULL AND due_day = (SELECT MIN(v.due_day) FROM work_order AS v "
  "WHERE v.line_id = w.line_id AND v.done_day IS NULL)",
  "SELECT line_id, wo_id FROM (SELECT line_id, wo_id, RANK() OVER (PARTITION BY line_id ORDER BY due_day) AS r FROM work_order "
  "WHERE done_day IS NULL AND line_id IS NOT NULL) AS t WHERE r = 1",
  "SELECT line_id, wo_id FROM (SELECT line_id, wo_id, RANK() OVER (PARTITION BY line_id ORDER BY due_day) AS r FROM work_order "
  "WHERE done_day IS NULL) AS t WHERE r = 1",
  "unassigned work orders ranked as a line")
M("work orders:orders without batches",
  "SELECT wo_id FROM work_order AS w WHERE NOT EXISTS (SELECT 1 FROM batch AS b WHERE b.wo_id = w.wo_id)",
  "SELECT w.wo_id FROM work_order AS w LEFT JOIN batch AS b ON b.wo_id = w.wo_id WHERE b.batch_id IS NULL",
  "SELECT wo_id FROM work_order WHERE wo_id NOT IN (SELECT wo_id FROM batch)",
  "NOT IN over batches without a work order")
M("work orders:on-time rate per product",
  "SELECT product, 1.0 * COUNT(CASE WHEN done_day <= due_day THEN 1 END) / COUNT(*) FROM work_order WHERE done_day IS NOT NULL GROUP BY product",
  "SELECT product, AVG(CASE WHEN done_day > due_day THEN 0.0 ELSE 1.0 END) FROM work_order WHERE done_day IS NOT NULL GROUP BY product",
  "SELECT product, AVG(CASE WHEN done_day > due_day THEN 0.0 ELSE 1.0 END) FROM work_order GROUP BY product",
  "open work orders counted on time")
M("work orders:produced quantity per product and line",
  "SELECT w.product, w.line_id, SUM(b.qty) FROM work_order AS w JOIN batch AS b ON b.wo_id = w.wo_id GROUP BY w.product, w.line_id",
  "SELECT product, line_id, SUM(q) FROM (SELECT w.product, w.line_id, (SELECT SUM(b.qty) FROM batch AS b WHERE b.wo_id = w.wo_id) AS q "
  "FROM work_order AS w WHERE EXISTS (SELECT 1 FROM batch AS b WHERE b.wo_id = w.wo_id)) AS t GROUP BY product, line_id",
  "SELECT w.product, w.line_id, SUM(b.qty) FROM work_order AS w JOIN batch AS b ON b.wo_id = w.wo_id WHERE w.line_id IS NOT NULL "
  "GROUP BY w.product, w.line_id",
  "work orders without a line left out")

# --- SPC run rules and sensor readings (plant historian)
M("SPC:points above the mean",
  "SELECT r.machine_id, r.tag, r.ts FROM reading AS r WHERE r.value > (SELECT AVG(q.value) FROM reading AS q WHERE q.machine_id = r.machine_id "
  "AND q.tag = r.tag)",
  "SELECT machine_id, tag, ts FROM (SELECT machine_id, tag, ts, value, AVG(value) OVER (PARTITION BY machine_id, tag) AS m FROM reading "
  "WHERE machine_id IS NOT NULL AND tag IS NOT NULL) AS x WHERE value > m",
  "SELECT machine_id, tag, ts FROM (SELECT machine_id, tag, ts, value, AVG(value) OVER (PARTITION BY machine_id, tag) AS m FROM reading "
  "WHERE machine_id IS NOT NULL AND tag IS NOT NULL) AS x WHERE value >= m",
  "a point on the mean counted above it")
M("SPC:two consecutive samples of a machine above the upper limit",
  "WITH a AS (SELECT machine_id, ts, MAX(value) AS v FROM reading WHERE machine_id IS NOT NULL AND ts IS NOT NULL "
  "GROUP BY machine_id, ts) SELECT machine_id, ts FROM (SELECT machine_id, ts, v, LAG(v) OVER (PARTITION BY machine_id "
  "ORDER BY ts) AS pv FROM a) AS t WHERE v > 1.75 AND pv > 1.75",
  "WITH a AS (SELECT machine_id, ts, MAX(value) AS v FROM reading WHERE machine_id IS NOT NULL AND ts IS NOT NULL "
  "GROUP BY machine_id, ts) SELECT a.machine_id, a.ts FROM a JOIN a AS p ON p.machine_id = a.machine_id "
  "AND p.ts = (SELECT MAX(q.ts) FROM a AS q WHERE q.machine_id = a.machine_id AND q.ts < a.ts) WHERE a.v > 1.75 AND p.v > 1.75",
  "WITH a AS (SELECT machine_id, ts, MAX(value) AS v FROM reading WHERE machine_id IS NOT NULL AND ts IS NOT NULL "
  "GROUP BY machine_id, ts) SELECT DISTINCT a.machine_id, a.ts FROM a JOIN a AS p ON p.machine_id = a.machine_id "
  "AND p.ts < a.ts WHERE a.v > 1.75 AND p.v > 1.75",
  "any earlier sample above the limit, not the previous one")
M("SPC:readings outside the limits",
  "SELECT r.machine_id, r.tag, r.ts, r.value FROM reading AS r JOIN tag_limit AS l ON l.machine_id = r.machine_id AND l.tag = r.tag "
  "WHERE r.value < l.lo OR r.value > l.hi",
  "SELECT r.machine_id, r.tag, r.ts, r.value FROM reading AS r JOIN tag_limit AS l ON l.machine_id = r.machine_id AND l.tag = r.tag "
  "WHERE NOT (r.value BETWEEN l.lo AND l.hi)",
  "SELECT r.machine_id, r.tag, r.ts, r.value FROM reading AS r JOIN tag_limit AS l ON l.machine_id = r.machine_id AND l.tag = r.tag "
  "WHERE r.value <= l.lo OR r.value >= l.hi",
  "a reading on a limit counted outside")
M("SPC:readings of tags without limits",
  "SELECT r.machine_id, r.tag, r.ts FROM reading AS r WHERE NOT EXISTS (SELECT 1 FROM tag_limit AS l WHERE l.machine_id = r.machine_id "
  "AND l.tag = r.tag)",
  "SELECT r.machine_id, r.tag, r.ts FROM reading AS r LEFT JOIN tag_limit AS l ON l.machine_id = r.machine_id AND l.tag = r.tag "
  "WHERE l.lo IS NULL",
  "SELECT r.machine_id, r.tag, r.ts FROM reading AS r WHERE r.tag NOT IN (SELECT l.tag FROM tag_limit AS l WHERE l.machine_id = r.machine_id)",
  "NOT IN drops readings without a tag")
M("SPC:high readings per machine including none",
  "SELECT m.machine_id, (SELECT COUNT(*) FROM reading AS r JOIN tag_limit AS l ON l.machine_id = r.machine_id AND l.tag = r.tag "
  "WHERE r.machine_id = m.machine_id AND r.value > l.hi) FROM machine AS m",
  "SELECT m.machine_id, COUNT(x.machine_id) FROM machine AS m LEFT JOIN (SELECT r.machine_id FROM reading AS r JOIN tag_limit AS l "
  "ON l.machine_id = r.machine_id AND l.tag = r.tag WHERE r.value > l.hi) AS x ON x.machine_id = m.machine_id GROUP BY m.machine_id",
  "SELECT m.machine_id, COUNT(x.machine_id) FROM machine AS m LEFT JOIN (SELECT r.machine_id FROM reading AS r JOIN tag_limit AS l "
  "ON l.machine_id = r.machine_id AND l.tag = r.tag WHERE r.value >= l.hi) AS x ON x.machine_id = m.machine_id GROUP BY m.machine_id",
  "a reading on the upper limit counted high")
M("historian:latest value per machine and tag",
  "SELECT DISTINCT r.machine_id, r.tag, r.value FROM reading AS r WHERE r.machine_id IS NOT NULL AND r.tag IS NOT NULL AND r.ts = "
  "(SELECT MAX(q.ts) FROM reading AS q WHERE q.machine_id = r.machine_id AND q.tag = r.tag)",
  "SELECT DISTINCT machine_id, tag, value FROM (SELECT machine_id, tag, value, ts, MAX(ts) OVER (PARTITION BY machine_id, tag) AS mx "
  "FROM reading WHERE machine_id IS NOT NULL AND tag IS NOT NULL) AS x WHERE ts = mx",
  "SELECT machine_id, tag, value FROM (SELECT machine_id, tag, value, ts, MAX(ts) OVER (PARTITION BY machine_id, tag) AS mx "
  "FROM reading WHERE machine_id IS NOT NULL AND tag IS NOT NULL) AS x WHERE ts = mx",
  "duplicated samples listed twice")
M("historian:average per machine and time",
  "SELECT machine_id, ts, AVG(value) FROM reading GROUP BY machine_id, ts",
  "SELECT machine_id, ts, SUM(value) / COUNT(value) FROM reading GROUP BY machine_id, ts",
  "SELECT machine_id, ts, AVG(DISTINCT value) FROM reading GROUP BY machine_id, ts",
  "duplicated samples merged before averaging")
M("historian:maximum per line and tag",
  "SELECT m.line_id, r.tag, MAX(r.value) FROM reading AS r JOIN machine AS m ON m.machine_id = r.machine_id WHERE m.line_id IS NOT NULL "
  "GROUP BY m.line_id, r.tag",
  "SELECT m.line_id, x.tag, MAX(x.mv) FROM (SELECT machine_id, tag, MAX(value) AS mv FROM reading GROUP BY machine_id, tag) AS x "
  "JOIN machine AS m ON m.machine_id = x.machine_id WHERE m.line_id IS NOT NULL GROUP BY m.line_id, x.tag",
  "SELECT m.line_id, r.tag, MAX(r.value) FROM reading AS r JOIN machine AS m ON m.machine_id = r.machine_id GROUP BY m.line_id, r.tag",
  "machines without a line grouped together")
M("historian:tags missing a sample at a time",
  "SELECT machine_id, tag FROM reading WHERE machine_id IS NOT NULL AND tag IS NOT NULL EXCEPT SELECT machine_id, tag FROM reading WHERE ts = 2",
  "SELECT DISTINCT r.machine_id, r.tag FROM reading AS r WHERE r.machine_id IS NOT NULL AND r.tag IS NOT NULL AND NOT EXISTS "
  "(SELECT 1 FROM reading AS q WHERE q.machine_id = r.machine_id AND q.tag = r.tag AND q.ts = 2)",
  "SELECT r.machine_id, r.tag FROM reading AS r WHERE r.machine_id IS NOT NULL AND r.tag IS NOT NULL AND NOT EXISTS "
  "(SELECT 1 FROM reading AS q WHERE q.machine_id = r.machine_id AND q.tag = r.tag AND q.ts = 2)",
  "a tag listed once per sample")
M("historian:samples from unknown machines",
  "SELECT tag, ts, value FROM reading WHERE machine_id IS NULL",
  "SELECT r.tag, r.ts, r.value FROM reading AS r LEFT JOIN machine AS m ON m.machine_id = r.machine_id WHERE m.machine_id IS NULL",
  "SELECT DISTINCT tag, ts, value FROM reading WHERE machine_id IS NULL",
  "duplicated samples merged")
M("historian:range per tag",
  "SELECT tag, MAX(value) - MIN(value) FROM reading WHERE tag IS NOT NULL GROUP BY tag",
  "SELECT t.tag, (SELECT MAX(value) FROM reading AS r WHERE r.tag = t.tag) - (SELECT MIN(value) FROM reading AS r WHERE r.tag = t.tag) "
  "FROM (SELECT DISTINCT tag FROM reading WHERE tag IS NOT NULL) AS t",
  "SELECT tag, MAX(value) - MIN(value) FROM reading GROUP BY tag",
  "samples without a tag given a range")
