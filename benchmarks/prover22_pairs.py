"""The pairs of the twenty-second held-out prover corpus (``benchmarks/corpus/prover22/``), as
written (``prover22_build.py`` checks them in SQLite and writes the corpus).

Three sources: clinical trial report SQL (EDC and CTMS reports such as Medidata Rave,
Veeva Vault CTMS and OpenClinica exports: enrolment per site, screen failures, visit
windows, adverse event rates, dose compliance, lab values out of range, open data queries)
against the hand-written query for the same report, on a new ctms schema; fleet telematics
report SQL (Samsara and Geotab reports: utilisation, idling, harsh events per 100 km, fuel
economy, last known position, trips per driver per day, overdue service) against an
equivalent formulation, on a new telematics schema; and SaaS billing report SQL (Stripe
Sigma and Chargebee reports: MRR and its movements, churn, outstanding balances, failed
payment retries, usage overage, proration, dunning) against the hand-written query, on a
new subbill schema. Each ``add`` call is one equivalent pair and one realistic
non-equivalent mutant. Written from the author's own SQL for these reports; not taken from
any prover benchmark, rule test, tool's test suite or published pair set; the verifier
was not read.
"""

from __future__ import annotations

from benchmarks.held_out_pairs import pair_book

SOURCES = {
    "clinical_trials": ("ctms", "clinical trial report SQL (EDC / CTMS reports: Medidata Rave, Veeva Vault CTMS, "
                                "OpenClinica exports: enrolment per site, screen failures, visit windows, adverse "
                                "event rates, dose compliance, labs out of range, data queries) against the "
                                "hand-written query for the same report"),
    "fleet_telematics": ("telematics", "fleet telematics report SQL (Samsara, Geotab reports: utilisation, idling, "
                                       "harsh events per 100 km, fuel economy, last known position, trips per driver "
                                       "per day, overdue service) against an equivalent formulation"),
    "saas_billing": ("subbill", "SaaS billing report SQL (Stripe Sigma, Chargebee reports: MRR and movements, churn, "
                                "outstanding balance, failed payment retries, usage overage, proration, dunning) "
                                "against the hand-written query"),
}
FILE = {k: k for k in SOURCES}


PAIRS, add = pair_book("prover22", SOURCES, FILE)


def C(rule, gold, pred, mutant, mutation, **kw):
    """A clinical trial report's SQL (gold) against the hand-written query (pred), ctms."""
    add("clinical_trials", rule, gold, pred, mutant, mutation, **kw)


def F(rule, gold, pred, mutant, mutation, **kw):
    """A fleet telematics report's SQL (gold) against an equivalent formulation (pred), telematics."""
    add("fleet_telematics", rule, gold, pred, mutant, mutation, **kw)


def S(rule, gold, pred, mutant, mutation, **kw):
    """A SaaS billing report's SQL (gold) against the hand-written query (pred), subbill."""
    add("saas_billing", rule, gold, pred, mutant, mutation, **kw)



# ================================================================ clinical trials (ctms)
# --- enrolment and screening
C("enrolment:enrolled subjects per site",
  "SELECT site_id, COUNT(*) FROM subject WHERE enrolled_day IS NOT NULL GROUP BY site_id",
  "SELECT site_id, COUNT(enrolled_day) FROM subject GROUP BY site_id HAVING COUNT(enrolled_day) > 0",
  "SELECT site_id, COUNT(*) FROM subject GROUP BY site_id",
  "screen failures counted as enrolled")
C("enrolment:enrolment per site including none",
  "SELECT s.site_id, COUNT(j.subj_id) FROM site AS s LEFT JOIN subject AS j ON j.site_id = s.site_id "
  "AND j.enrolled_day IS NOT NULL GROUP BY s.site_id",
  "SELECT s.site_id, (SELECT COUNT(*) FROM subject AS j WHERE j.site_id = s.site_id AND j.enrolled_day IS NOT NULL) "
  "FROM site AS s",
  "SELECT s.site_id, COUNT(j.subj_id) FROM site AS s LEFT JOIN subject AS j ON j.site_id = s.site_id "
  "WHERE j.enrolled_day IS NOT NULL GROUP BY s.site_id",
  "the enrolment filter moved from ON to WHERE drops sites without enrolment")
C("enrolment:enrolment against the study target",
  "SELECT st.study_id, st.target, COUNT(j.subj_id) FROM study AS st LEFT JOIN site AS s ON s.study_id = st.study_id "
  "LEFT JOIN subject AS j ON j.site_id = s.site_id AND j.enrolled_day IS NOT NULL GROUP BY st.study_id, st.target",
  "SELECT st.study_id, st.target, (SELECT COUNT(*) FROM subject AS j JOIN site AS s ON s.site_id = j.site_id "
  "WHERE s.study_id = st.study_id AND j.enrolled_day IS NOT NULL) FROM study AS st",
  "SELECT st.study_id, st.target, COUNT(*) FROM study AS st LEFT JOIN site AS s ON s.study_id = st.study_id "
  "LEFT JOIN subject AS j ON j.site_id = s.site_id AND j.enrolled_day IS NOT NULL GROUP BY st.study_id, st.target",
  "COUNT(*) counts the outer join's empty rows")
C("enrolment:sites over their enrolment cap",
  "SELECT s.site_id FROM site AS s LEFT JOIN subject AS j ON j.site_id = s.site_id AND j.enrolled_day IS NOT NULL "
  "GROUP BY s.site_id, s.cap HAVING COUNT(j.subj_id) > s.cap",
  "SELECT site_id FROM site AS s WHERE cap < (SELECT COUNT(enrolled_day) FROM subject AS j WHERE j.site_id = s.site_id)",
  "SELECT s.site_id FROM site AS s LEFT JOIN subject AS j ON j.site_id = s.site_id AND j.enrolled_day IS NOT NULL "
  "GROUP BY s.site_id, s.cap HAVING COUNT(j.subj_id) >= s.cap",
  "sites exactly at their cap listed")
C("enrolment:screen failure rate per site",
  "SELECT site_id, SUM(CASE WHEN enrolled_day IS NULL THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM subject GROUP BY site_id",
  "SELECT site_id, (COUNT(*) - COUNT(enrolled_day)) * 1.0 / COUNT(*) FROM subject GROUP BY site_id",
  "SELECT site_id, SUM(CASE WHEN enrolled_day IS NULL THEN 1 ELSE 0 END) * 1.0 / NULLIF(COUNT(enrolled_day), 0) "
  "FROM subject GROUP BY site_id",
  "enrolled subjects taken as the denominator")
C("enrolment:first enrolled subjects per site with ties",
  "SELECT site_id, subj_id FROM subject AS j WHERE enrolled_day = (SELECT MIN(k.enrolled_day) FROM subject AS k "
  "WHERE k.site_id = j.site_id)",
  "SELECT site_id, subj_id FROM (SELECT site_id, subj_id, RANK() OVER (PARTITION BY site_id ORDER BY enrolled_day) "
  "AS rk FROM subject WHERE enrolled_day IS NOT NULL) AS x WHERE rk = 1",
  "SELECT site_id, subj_id FROM (SELECT site_id, subj_id, ROW_NUMBER() OVER (PARTITION BY site_id ORDER BY "
  "enrolled_day, subj_id) AS rk FROM subject WHERE enrolled_day IS NOT NULL) AS x WHERE rk = 1",
  "subjects enrolled on the same first day cut to the lowest id")
C("enrolment:enrolled per arm and sex",
  "SELECT arm, sex, COUNT(*) FROM subject WHERE enrolled_day IS NOT NULL GROUP BY arm, sex",
  "SELECT arm, sex, SUM(n) FROM (SELECT site_id, arm, sex, COUNT(*) AS n FROM subject WHERE enrolled_day IS NOT NULL "
  "GROUP BY site_id, arm, sex) AS x GROUP BY arm, sex",
  "SELECT arm, sex, COUNT(sex) FROM subject WHERE enrolled_day IS NOT NULL GROUP BY arm, sex",
  "subjects of unknown sex counted as none")
C("enrolment:days from screening to enrolment per site",
  "SELECT site_id, AVG(enrolled_day - screened_day) FROM subject GROUP BY site_id",
  "SELECT site_id, SUM(enrolled_day - screened_day) * 1.0 / NULLIF(COUNT(enrolled_day), 0) FROM subject GROUP BY site_id",
  "SELECT site_id, AVG(COALESCE(enrolled_day, screened_day) - screened_day) FROM subject GROUP BY site_id",
  "screen failures averaged in as zero days")
C("enrolment:activated sites without enrolment",
  "SELECT site_id FROM site WHERE activated_day IS NOT NULL AND site_id NOT IN (SELECT site_id FROM subject "
  "WHERE enrolled_day IS NOT NULL)",
  "SELECT s.site_id FROM site AS s LEFT JOIN subject AS j ON j.site_id = s.site_id AND j.enrolled_day IS NOT NULL "
  "WHERE s.activated_day IS NOT NULL AND j.subj_id IS NULL",
  "SELECT s.site_id FROM site AS s LEFT JOIN subject AS j ON j.site_id = s.site_id "
  "WHERE s.activated_day IS NOT NULL AND j.subj_id IS NULL",
  "sites with only screen failures taken as having subjects")
C("enrolment:subjects enrolled before their site was activated",
  "SELECT j.subj_id FROM subject AS j JOIN site AS s ON s.site_id = j.site_id WHERE j.enrolled_day < s.activated_day "
  "OR (s.activated_day IS NULL AND j.enrolled_day IS NOT NULL)",
  "SELECT subj_id FROM subject AS j WHERE enrolled_day < COALESCE((SELECT s.activated_day FROM site AS s "
  "WHERE s.site_id = j.site_id), enrolled_day + 1)",
  "SELECT j.subj_id FROM subject AS j JOIN site AS s ON s.site_id = j.site_id WHERE j.enrolled_day < s.activated_day",
  "subjects of sites never activated not flagged")
C("enrolment:studies with every site activated",
  "SELECT study_id FROM study AS st WHERE NOT EXISTS (SELECT 1 FROM site AS s WHERE s.study_id = st.study_id "
  "AND s.activated_day IS NULL)",
  "SELECT st.study_id FROM study AS st LEFT JOIN site AS s ON s.study_id = st.study_id GROUP BY st.study_id "
  "HAVING COUNT(s.site_id) = COUNT(s.activated_day)",
  "SELECT study_id FROM site GROUP BY study_id HAVING COUNT(*) = COUNT(activated_day)",
  "studies without sites left out")
C("enrolment:cumulative enrolment per site by day",
  "SELECT site_id, enrolled_day, COUNT(*) OVER (PARTITION BY site_id ORDER BY enrolled_day) FROM subject "
  "WHERE enrolled_day IS NOT NULL",
  "SELECT j.site_id, j.enrolled_day, (SELECT COUNT(*) FROM subject AS k WHERE k.site_id = j.site_id "
  "AND k.enrolled_day <= j.enrolled_day) FROM subject AS j WHERE j.enrolled_day IS NOT NULL",
  "SELECT site_id, enrolled_day, COUNT(*) OVER (PARTITION BY site_id ORDER BY enrolled_day ROWS UNBOUNDED PRECEDING) "
  "FROM subject WHERE enrolled_day IS NOT NULL",
  "a ROWS frame counts subjects enrolled the same day one by one")
C("enrolment:enrolment by country",
  "SELECT s.country, COUNT(*) FROM subject AS j JOIN site AS s ON s.site_id = j.site_id WHERE j.enrolled_day IS NOT NULL "
  "GROUP BY s.country",
  "SELECT country, SUM(n) FROM site AS s JOIN (SELECT site_id, COUNT(*) AS n FROM subject WHERE enrolled_day IS NOT NULL "
  "GROUP BY site_id) AS e ON e.site_id = s.site_id GROUP BY country",
  "SELECT s.country, COUNT(DISTINCT s.site_id) FROM subject AS j JOIN site AS s ON s.site_id = j.site_id "
  "WHERE j.enrolled_day IS NOT NULL GROUP BY s.country",
  "enrolling sites counted instead of subjects")
C("enrolment:withdrawn subjects per arm",
  "SELECT arm, COUNT(*) FROM subject WHERE withdrawn_day IS NOT NULL AND enrolled_day IS NOT NULL GROUP BY arm",
  "SELECT arm, SUM(CASE WHEN withdrawn_day IS NOT NULL THEN 1 ELSE 0 END) FROM subject WHERE enrolled_day IS NOT NULL "
  "GROUP BY arm HAVING SUM(CASE WHEN withdrawn_day IS NOT NULL THEN 1 ELSE 0 END) > 0",
  "SELECT arm, SUM(CASE WHEN withdrawn_day IS NOT NULL THEN 1 ELSE 0 END) FROM subject WHERE enrolled_day IS NOT NULL "
  "GROUP BY arm",
  "arms without withdrawals listed with 0")
C("enrolment:retention rate per site, SQLite",
  "SELECT site_id, AVG(withdrawn_day IS NULL) FROM subject WHERE enrolled_day IS NOT NULL GROUP BY site_id",
  "SELECT site_id, TOTAL(IIF(withdrawn_day IS NULL, 1, 0)) / COUNT(*) FROM subject WHERE enrolled_day IS NOT NULL "
  "GROUP BY site_id",
  "SELECT site_id, AVG(withdrawn_day IS NULL) FROM subject GROUP BY site_id",
  "screen failures counted as retained", dialect="sqlite")
C("enrolment:weeks from screening to enrolment",
  "SELECT (enrolled_day - screened_day) / 7, COUNT(*) FROM subject WHERE enrolled_day IS NOT NULL "
  "GROUP BY (enrolled_day - screened_day) / 7",
  "SELECT w, SUM(n) FROM (SELECT site_id, (enrolled_day - screened_day) / 7 AS w, COUNT(*) AS n FROM subject "
  "WHERE enrolled_day IS NOT NULL GROUP BY site_id, (enrolled_day - screened_day) / 7) AS x GROUP BY w",
  "SELECT (enrolled_day - screened_day + 1) / 7, COUNT(*) FROM subject WHERE enrolled_day IS NOT NULL "
  "GROUP BY (enrolled_day - screened_day + 1) / 7",
  "both end days counted, so six days make a week")
C("enrolment:subjects per site and sex with unknown sex",
  "SELECT site_id, sex, COUNT(*) FROM subject GROUP BY site_id, sex",
  "SELECT site_id, NULL, COUNT(*) FROM subject WHERE sex IS NULL GROUP BY site_id UNION ALL "
  "SELECT site_id, sex, COUNT(*) FROM subject WHERE sex IS NOT NULL GROUP BY site_id, sex",
  "SELECT site_id, sex, COUNT(*) FROM subject WHERE sex IS NOT NULL GROUP BY site_id, sex",
  "subjects of unknown sex left out")

# --- visits
C("visits:visits inside the window",
  "SELECT subj_id, visit_no FROM visit WHERE actual_day BETWEEN planned_day - 3 AND planned_day + 3",
  "SELECT subj_id, visit_no FROM visit WHERE ABS(actual_day - planned_day) <= 3",
  "SELECT subj_id, visit_no FROM visit WHERE ABS(actual_day - planned_day) < 3",
  "a visit three days off taken as out of window")
C("visits:out-of-window visits per site",
  "SELECT j.site_id, COUNT(*) FROM visit AS v JOIN subject AS j ON j.subj_id = v.subj_id "
  "WHERE v.actual_day NOT BETWEEN v.planned_day - 3 AND v.planned_day + 3 GROUP BY j.site_id",
  "SELECT j.site_id, COUNT(*) FROM subject AS j JOIN visit AS v ON v.subj_id = j.subj_id "
  "WHERE v.actual_day < v.planned_day - 3 OR v.actual_day > v.planned_day + 3 GROUP BY j.site_id",
  "SELECT j.site_id, COUNT(*) FROM visit AS v JOIN subject AS j ON j.subj_id = v.subj_id "
  "WHERE COALESCE(v.actual_day, 0) NOT BETWEEN v.planned_day - 3 AND v.planned_day + 3 GROUP BY j.site_id",
  "visits not yet done counted as out of window")
C("visits:missing visit dates per subject",
  "SELECT subj_id, COUNT(*) - COUNT(actual_day) FROM visit GROUP BY subj_id",
  "SELECT j.subj_id, (SELECT COUNT(*) FROM visit AS v WHERE v.subj_id = j.subj_id AND v.actual_day IS NULL) "
  "FROM subject AS j WHERE EXISTS (SELECT 1 FROM visit AS v WHERE v.subj_id = j.subj_id)",
  "SELECT subj_id, COUNT(*) FROM visit WHERE status = 'missed' GROUP BY subj_id",
  "the status taken for the missing date")
C("visits:last completed visit per subject",
  "SELECT subj_id, MAX(visit_no) FROM visit WHERE actual_day IS NOT NULL GROUP BY subj_id",
  "SELECT v.subj_id, v.visit_no FROM visit AS v WHERE v.actual_day IS NOT NULL AND NOT EXISTS (SELECT 1 FROM visit AS w "
  "WHERE w.subj_id = v.subj_id AND w.actual_day IS NOT NULL AND w.visit_no > v.visit_no)",
  "SELECT v.subj_id, v.visit_no FROM visit AS v WHERE v.actual_day IS NOT NULL AND NOT EXISTS (SELECT 1 FROM visit AS w "
  "WHERE w.subj_id = v.subj_id AND w.visit_no > v.visit_no)",
  "subjects whose later visit is not done yet dropped")
C("visits:days since the previous visit",
  "SELECT subj_id, visit_no, actual_day - LAG(actual_day) OVER (PARTITION BY subj_id ORDER BY visit_no) FROM visit",
  "SELECT v.subj_id, v.visit_no, v.actual_day - p.actual_day FROM visit AS v LEFT JOIN visit AS p ON p.subj_id = v.subj_id "
  "AND p.visit_no = (SELECT MAX(q.visit_no) FROM visit AS q WHERE q.subj_id = v.subj_id AND q.visit_no < v.visit_no)",
  "SELECT v.subj_id, v.visit_no, v.actual_day - p.actual_day FROM visit AS v LEFT JOIN visit AS p ON p.subj_id = v.subj_id "
  "AND p.visit_no = v.visit_no - 1",
  "the previous visit number taken for the previous recorded visit")
C("visits:subjects with every visit done",
  "SELECT subj_id FROM visit GROUP BY subj_id HAVING MIN(CASE WHEN status = 'done' THEN 1 ELSE 0 END) = 1",
  "SELECT DISTINCT subj_id FROM visit AS v WHERE NOT EXISTS (SELECT 1 FROM visit AS w WHERE w.subj_id = v.subj_id "
  "AND w.status <> 'done')",
  "SELECT subj_id FROM subject WHERE subj_id NOT IN (SELECT subj_id FROM visit WHERE status <> 'done')",
  "subjects without any visit listed")
C("visits:completed visits per site and visit number",
  "SELECT j.site_id, v.visit_no, COUNT(v.actual_day) FROM subject AS j JOIN visit AS v ON v.subj_id = j.subj_id "
  "GROUP BY j.site_id, v.visit_no",
  "SELECT j.site_id, v.visit_no, SUM(CASE WHEN v.actual_day IS NULL THEN 0 ELSE 1 END) FROM visit AS v JOIN subject AS j "
  "ON j.subj_id = v.subj_id GROUP BY v.visit_no, j.site_id",
  "SELECT j.site_id, v.visit_no, COUNT(*) FROM subject AS j JOIN visit AS v ON v.subj_id = j.subj_id "
  "GROUP BY j.site_id, v.visit_no",
  "visits without a date counted as completed")
C("visits:five latest visits",
  "SELECT subj_id, visit_no, actual_day FROM visit WHERE actual_day IS NOT NULL ORDER BY actual_day DESC, subj_id, "
  "visit_no LIMIT 5",
  "SELECT subj_id, visit_no, actual_day FROM (SELECT subj_id, visit_no, actual_day, ROW_NUMBER() OVER (ORDER BY "
  "actual_day DESC, subj_id, visit_no) AS rn FROM visit WHERE actual_day IS NOT NULL) AS x WHERE rn <= 5 ORDER BY rn",
  "SELECT subj_id, visit_no, actual_day FROM visit WHERE actual_day IS NOT NULL ORDER BY actual_day DESC, subj_id DESC, "
  "visit_no LIMIT 5",
  "ties on the day broken by the highest subject id", semantics="list")
C("visits:subjects seen before enrolment",
  "SELECT DISTINCT j.subj_id FROM subject AS j JOIN visit AS v ON v.subj_id = j.subj_id WHERE v.actual_day < j.enrolled_day",
  "SELECT subj_id FROM subject AS j WHERE EXISTS (SELECT 1 FROM visit AS v WHERE v.subj_id = j.subj_id "
  "AND v.actual_day < j.enrolled_day)",
  "SELECT DISTINCT j.subj_id FROM subject AS j JOIN visit AS v ON v.subj_id = j.subj_id WHERE v.actual_day <= j.enrolled_day",
  "a visit on the enrolment day taken as before it")
C("visits:scheduled visits overdue on day 14",
  "SELECT subj_id, visit_no FROM visit WHERE status = 'scheduled' AND actual_day IS NULL AND planned_day < 14",
  "SELECT subj_id, visit_no FROM visit WHERE planned_day < 14 EXCEPT SELECT subj_id, visit_no FROM visit "
  "WHERE status <> 'scheduled' OR actual_day IS NOT NULL",
  "SELECT subj_id, visit_no FROM visit WHERE status = 'scheduled' AND actual_day IS NULL AND planned_day <= 14",
  "visits due on day 14 itself counted as overdue")

# --- adverse events
C("ae:subjects with an adverse event per arm",
  "SELECT j.arm, COUNT(DISTINCT a.subj_id) * 1.0 / COUNT(DISTINCT j.subj_id) FROM subject AS j LEFT JOIN adverse_event AS a "
  "ON a.subj_id = j.subj_id WHERE j.enrolled_day IS NOT NULL GROUP BY j.arm",
  "SELECT arm, SUM(CASE WHEN EXISTS (SELECT 1 FROM adverse_event AS a WHERE a.subj_id = j.subj_id) THEN 1 ELSE 0 END) "
  "* 1.0 / COUNT(*) FROM subject AS j WHERE enrolled_day IS NOT NULL GROUP BY arm",
  "SELECT j.arm, COUNT(a.ae_id) * 1.0 / COUNT(DISTINCT j.subj_id) FROM subject AS j LEFT JOIN adverse_event AS a "
  "ON a.subj_id = j.subj_id WHERE j.enrolled_day IS NOT NULL GROUP BY j.arm",
  "events per subject taken for the share of subjects with an event")
C("ae:serious adverse events per study",
  "SELECT s.study_id, COUNT(*) FROM adverse_event AS a JOIN subject AS j ON j.subj_id = a.subj_id JOIN site AS s "
  "ON s.site_id = j.site_id WHERE a.serious = 1 GROUP BY s.study_id",
  "SELECT s.study_id, SUM(x.n) FROM site AS s JOIN subject AS j ON j.site_id = s.site_id JOIN (SELECT subj_id, COUNT(*) "
  "AS n FROM adverse_event WHERE serious = 1 GROUP BY subj_id) AS x ON x.subj_id = j.subj_id GROUP BY s.study_id",
  "SELECT s.study_id, COUNT(DISTINCT j.subj_id) FROM adverse_event AS a JOIN subject AS j ON j.subj_id = a.subj_id "
  "JOIN site AS s ON s.site_id = j.site_id WHERE a.serious = 1 GROUP BY s.study_id",
  "subjects with a serious event counted instead of events")
C("ae:grade 3 or worse",
  "SELECT ae_id FROM adverse_event WHERE grade >= 3",
  "SELECT ae_id FROM adverse_event WHERE NOT (grade < 3)",
  "SELECT ae_id FROM adverse_event WHERE COALESCE(grade, 3) >= 3",
  "ungraded events counted as grade 3")
C("ae:worst grade per subject",
  "SELECT subj_id, MAX(grade) FROM adverse_event GROUP BY subj_id",
  "SELECT DISTINCT a.subj_id, (SELECT MAX(b.grade) FROM adverse_event AS b WHERE b.subj_id = a.subj_id) "
  "FROM adverse_event AS a",
  "SELECT a.subj_id, a.grade FROM adverse_event AS a WHERE a.grade = (SELECT MAX(b.grade) FROM adverse_event AS b "
  "WHERE b.subj_id = a.subj_id)",
  "the event rows of the worst grade listed (ungraded subjects lost, ties repeated)")
C("ae:events ongoing on day 10",
  "SELECT ae_id FROM adverse_event WHERE onset_day <= 10 AND (resolved_day IS NULL OR resolved_day > 10)",
  "SELECT ae_id FROM adverse_event WHERE onset_day <= 10 AND COALESCE(resolved_day, 11) > 10",
  "SELECT ae_id FROM adverse_event WHERE onset_day <= 10 AND (resolved_day IS NULL OR resolved_day >= 10)",
  "events resolved on day 10 counted as ongoing")
C("ae:mean duration per term",
  "SELECT term, AVG(resolved_day - onset_day) FROM adverse_event GROUP BY term",
  "SELECT term, SUM(resolved_day - onset_day) * 1.0 / NULLIF(COUNT(resolved_day), 0) FROM adverse_event GROUP BY term",
  "SELECT LOWER(term), AVG(resolved_day - onset_day) FROM adverse_event GROUP BY LOWER(term)",
  "terms differing only in case merged")
C("ae:enrolled subjects without adverse events",
  "SELECT subj_id FROM subject AS j WHERE enrolled_day IS NOT NULL AND NOT EXISTS (SELECT 1 FROM adverse_event AS a "
  "WHERE a.subj_id = j.subj_id)",
  "SELECT subj_id FROM subject WHERE enrolled_day IS NOT NULL EXCEPT SELECT subj_id FROM adverse_event",
  "SELECT j.subj_id FROM subject AS j LEFT JOIN adverse_event AS a ON a.subj_id = j.subj_id AND a.serious = 1 "
  "WHERE j.enrolled_day IS NOT NULL AND a.ae_id IS NULL",
  "only serious events considered")
C("ae:events per grade per arm",
  "SELECT j.arm, SUM(CASE WHEN a.grade = 1 THEN 1 ELSE 0 END), SUM(CASE WHEN a.grade = 2 THEN 1 ELSE 0 END), "
  "SUM(CASE WHEN a.grade >= 3 THEN 1 ELSE 0 END) FROM adverse_event AS a JOIN subject AS j ON j.subj_id = a.subj_id "
  "GROUP BY j.arm",
  "SELECT j.arm, COUNT(*) FILTER (WHERE a.grade = 1), COUNT(*) FILTER (WHERE a.grade = 2), COUNT(*) FILTER "
  "(WHERE a.grade >= 3) FROM subject AS j JOIN adverse_event AS a ON a.subj_id = j.subj_id GROUP BY j.arm",
  "SELECT j.arm, SUM(CASE WHEN a.grade = 1 THEN 1 ELSE 0 END), SUM(CASE WHEN a.grade = 2 THEN 1 ELSE 0 END), "
  "SUM(CASE WHEN a.grade > 3 THEN 1 ELSE 0 END) FROM adverse_event AS a JOIN subject AS j ON j.subj_id = a.subj_id "
  "GROUP BY j.arm",
  "grade 3 dropped from the severe column")
C("ae:first onset per subject",
  "SELECT subj_id, MIN(onset_day) FROM adverse_event GROUP BY subj_id",
  "SELECT subj_id, onset_day FROM (SELECT subj_id, onset_day, ROW_NUMBER() OVER (PARTITION BY subj_id ORDER BY onset_day) "
  "AS rn FROM adverse_event) AS x WHERE rn = 1",
  "SELECT subj_id, MIN(onset_day) FROM adverse_event WHERE serious = 1 GROUP BY subj_id",
  "the first serious event taken for the first event")
C("ae:events after withdrawal",
  "SELECT a.ae_id FROM adverse_event AS a JOIN subject AS j ON j.subj_id = a.subj_id WHERE a.onset_day > j.withdrawn_day",
  "SELECT ae_id FROM adverse_event AS a WHERE onset_day > (SELECT j.withdrawn_day FROM subject AS j "
  "WHERE j.subj_id = a.subj_id)",
  "SELECT a.ae_id FROM adverse_event AS a JOIN subject AS j ON j.subj_id = a.subj_id "
  "WHERE a.onset_day > COALESCE(j.withdrawn_day, 0)",
  "subjects still on study taken as withdrawn on day 0")
C("ae:terms reported twice for a subject",
  "SELECT DISTINCT a.subj_id, a.term FROM adverse_event AS a JOIN adverse_event AS b ON b.subj_id = a.subj_id "
  "AND b.term = a.term AND b.ae_id <> a.ae_id",
  "SELECT subj_id, term FROM adverse_event GROUP BY subj_id, term HAVING COUNT(*) > 1",
  "SELECT subj_id, LOWER(term) FROM adverse_event GROUP BY subj_id, LOWER(term) HAVING COUNT(*) > 1",
  "terms differing only in case taken as one")
C("ae:serious share per site, SQLite",
  "SELECT j.site_id, AVG(a.serious) FROM adverse_event AS a JOIN subject AS j ON j.subj_id = a.subj_id GROUP BY j.site_id",
  "SELECT j.site_id, TOTAL(a.serious) / COUNT(*) FROM adverse_event AS a JOIN subject AS j USING (subj_id) "
  "GROUP BY j.site_id",
  "SELECT j.site_id, SUM(a.serious) / COUNT(*) FROM adverse_event AS a JOIN subject AS j USING (subj_id) "
  "GROUP BY j.site_id",
  "integer division", dialect="sqlite")

# --- dosing
C("dosing:dose compliance per subject",
  "SELECT subj_id, SUM(given_mg) / SUM(planned_mg) FROM dose GROUP BY subj_id",
  "SELECT g.subj_id, g.s / p.s FROM (SELECT subj_id, SUM(given_mg) AS s FROM dose GROUP BY subj_id) AS g "
  "JOIN (SELECT subj_id, SUM(planned_mg) AS s FROM dose GROUP BY subj_id) AS p ON p.subj_id = g.subj_id",
  "SELECT subj_id, AVG(given_mg / planned_mg) FROM dose GROUP BY subj_id",
  "the average of daily compliance taken for overall compliance")
C("dosing:missed doses per subject",
  "SELECT subj_id, COUNT(*) FROM dose WHERE given_mg IS NULL OR given_mg = 0 GROUP BY subj_id",
  "SELECT subj_id, SUM(CASE WHEN COALESCE(given_mg, 0) = 0 THEN 1 ELSE 0 END) FROM dose GROUP BY subj_id "
  "HAVING SUM(CASE WHEN COALESCE(given_mg, 0) = 0 THEN 1 ELSE 0 END) > 0",
  "SELECT subj_id, COUNT(*) FROM dose WHERE given_mg = 0 GROUP BY subj_id",
  "doses never recorded not counted as missed")
C("dosing:overdoses",
  "SELECT subj_id, dose_day FROM dose WHERE given_mg > planned_mg",
  "SELECT subj_id, dose_day FROM dose WHERE given_mg - planned_mg > 0",
  "SELECT subj_id, dose_day FROM dose WHERE given_mg >= planned_mg",
  "a dose equal to the plan taken as an overdose")
C("dosing:total dose per arm",
  "SELECT j.arm, SUM(d.given_mg) FROM dose AS d JOIN subject AS j ON j.subj_id = d.subj_id GROUP BY j.arm",
  "SELECT arm, SUM(t) FROM subject AS j JOIN (SELECT subj_id, SUM(given_mg) AS t FROM dose GROUP BY subj_id) AS x "
  "ON x.subj_id = j.subj_id GROUP BY arm",
  "SELECT j.arm, SUM(d.given_mg) FROM subject AS j LEFT JOIN dose AS d ON d.subj_id = j.subj_id GROUP BY j.arm",
  "arms whose subjects have no doses listed")
C("dosing:subjects dosed on consecutive days",
  "SELECT DISTINCT a.subj_id FROM dose AS a JOIN dose AS b ON b.subj_id = a.subj_id AND b.dose_day = a.dose_day + 1 "
  "WHERE a.given_mg > 0 AND b.given_mg > 0",
  "SELECT subj_id FROM dose AS a WHERE given_mg > 0 AND EXISTS (SELECT 1 FROM dose AS b WHERE b.subj_id = a.subj_id "
  "AND b.dose_day = a.dose_day + 1 AND b.given_mg > 0) GROUP BY subj_id",
  "SELECT DISTINCT a.subj_id FROM dose AS a JOIN dose AS b ON b.subj_id = a.subj_id AND b.dose_day > a.dose_day "
  "WHERE a.given_mg > 0 AND b.given_mg > 0",
  "any two dosed days taken as consecutive")
C("dosing:days from enrolment to first dose",
  "SELECT j.subj_id, MIN(d.dose_day) - j.enrolled_day FROM subject AS j JOIN dose AS d ON d.subj_id = j.subj_id "
  "GROUP BY j.subj_id, j.enrolled_day",
  "SELECT subj_id, (SELECT MIN(d.dose_day) FROM dose AS d WHERE d.subj_id = j.subj_id) - enrolled_day FROM subject AS j "
  "WHERE subj_id IN (SELECT subj_id FROM dose)",
  "SELECT j.subj_id, MIN(d.dose_day) - j.screened_day FROM subject AS j JOIN dose AS d ON d.subj_id = j.subj_id "
  "GROUP BY j.subj_id, j.screened_day",
  "counted from screening instead of enrolment")
C("dosing:dose per dosed subject per site",
  "SELECT j.site_id, SUM(d.given_mg) / NULLIF(COUNT(DISTINCT CASE WHEN d.given_mg IS NOT NULL THEN d.subj_id END), 0) "
  "FROM dose AS d JOIN subject AS j ON j.subj_id = d.subj_id GROUP BY j.site_id",
  "SELECT site_id, AVG(t) FROM (SELECT j.site_id, d.subj_id, SUM(d.given_mg) AS t FROM dose AS d JOIN subject AS j "
  "ON j.subj_id = d.subj_id GROUP BY j.site_id, d.subj_id) AS x GROUP BY site_id",
  "SELECT j.site_id, SUM(d.given_mg) / COUNT(*) FROM dose AS d JOIN subject AS j ON j.subj_id = d.subj_id "
  "GROUP BY j.site_id",
  "dose per dosing day taken for dose per subject")
C("dosing:capped dose, SQLite",
  "SELECT subj_id, dose_day, MIN(given_mg, planned_mg) FROM dose",
  "SELECT subj_id, dose_day, CASE WHEN given_mg IS NULL THEN NULL WHEN given_mg < planned_mg THEN given_mg "
  "ELSE planned_mg END FROM dose",
  "SELECT subj_id, dose_day, CASE WHEN given_mg < planned_mg THEN given_mg ELSE planned_mg END FROM dose",
  "an unrecorded dose reported as the planned dose", dialect="sqlite")

# --- labs
C("labs:results out of range",
  "SELECT r.lab_id FROM lab_result AS r JOIN lab_range AS g ON g.test = r.test WHERE r.value < g.lo OR r.value > g.hi",
  "SELECT lab_id FROM lab_result AS r WHERE EXISTS (SELECT 1 FROM lab_range AS g WHERE g.test = r.test "
  "AND NOT (r.value BETWEEN g.lo AND g.hi))",
  "SELECT r.lab_id FROM lab_result AS r JOIN lab_range AS g ON g.test = r.test WHERE r.value <= g.lo OR r.value >= g.hi",
  "a value on a limit taken as out of range")
C("labs:out-of-range rate per test",
  "SELECT r.test, SUM(CASE WHEN r.value < g.lo OR r.value > g.hi THEN 1 ELSE 0 END) * 1.0 / COUNT(r.value) "
  "FROM lab_result AS r JOIN lab_range AS g ON g.test = r.test GROUP BY r.test HAVING COUNT(r.value) > 0",
  "SELECT test, o * 1.0 / n FROM (SELECT r.test, COUNT(CASE WHEN r.value < g.lo OR r.value > g.hi THEN 1 END) AS o, "
  "COUNT(r.value) AS n FROM lab_result AS r JOIN lab_range AS g ON g.test = r.test GROUP BY r.test) AS x WHERE n > 0",
  "SELECT r.test, SUM(CASE WHEN r.value < g.lo OR r.value > g.hi THEN 1 ELSE 0 END) * 1.0 / COUNT(*) "
  "FROM lab_result AS r JOIN lab_range AS g ON g.test = r.test GROUP BY r.test",
  "results without a value in the denominator")
C("labs:results of tests without a reference range",
  "SELECT lab_id FROM lab_result AS r WHERE NOT EXISTS (SELECT 1 FROM lab_range AS g WHERE g.test = r.test)",
  "SELECT r.lab_id FROM lab_result AS r LEFT JOIN lab_range AS g ON g.test = r.test WHERE g.test IS NULL",
  "SELECT lab_id FROM lab_result WHERE test NOT IN (SELECT test FROM lab_range WHERE lo IS NOT NULL)",
  "ranges without a lower limit taken as missing")
C("labs:latest result per subject and test",
  "SELECT r.subj_id, r.test, r.value FROM lab_result AS r WHERE r.day = (SELECT MAX(q.day) FROM lab_result AS q "
  "WHERE q.subj_id = r.subj_id AND q.test = r.test)",
  "SELECT subj_id, test, value FROM (SELECT subj_id, test, value, RANK() OVER (PARTITION BY subj_id, test ORDER BY day "
  "DESC) AS rk FROM lab_result) AS x WHERE rk = 1",
  "SELECT r.subj_id, r.test, r.value FROM lab_result AS r WHERE r.lab_id = (SELECT MAX(q.lab_id) FROM lab_result AS q "
  "WHERE q.subj_id = r.subj_id AND q.test = r.test)",
  "the highest result id taken for the latest day")
C("labs:ALT change from baseline to day 14",
  "SELECT b.subj_id, l.value - b.value FROM lab_result AS b JOIN lab_result AS l ON l.subj_id = b.subj_id "
  "AND l.test = 'ALT' AND l.day = 14 WHERE b.test = 'ALT' AND b.day = 1",
  "SELECT l.subj_id, l.value - b.value FROM lab_result AS l, lab_result AS b WHERE b.subj_id = l.subj_id "
  "AND b.test = l.test AND l.test = 'ALT' AND b.day = 1 AND l.day = 14",
  "SELECT b.subj_id, l.value - b.value FROM lab_result AS b JOIN lab_result AS l ON l.subj_id = b.subj_id "
  "AND l.test = 'ALT' AND l.day > 1 WHERE b.test = 'ALT' AND b.day = 1",
  "every later result taken, not day 14's")
C("labs:subjects with a missing value",
  "SELECT DISTINCT subj_id FROM lab_result WHERE value IS NULL",
  "SELECT subj_id FROM lab_result GROUP BY subj_id HAVING COUNT(*) > COUNT(value)",
  "SELECT subj_id FROM lab_result GROUP BY subj_id HAVING COUNT(value) = 0",
  "only subjects missing every value listed")
C("labs:highest value per test against its limit",
  "SELECT g.test, g.hi, MAX(r.value) FROM lab_range AS g LEFT JOIN lab_result AS r ON r.test = g.test GROUP BY g.test, g.hi",
  "SELECT test, hi, (SELECT MAX(r.value) FROM lab_result AS r WHERE r.test = g.test) FROM lab_range AS g",
  "SELECT g.test, g.hi, MAX(r.value) FROM lab_range AS g JOIN lab_result AS r ON r.test = g.test GROUP BY g.test, g.hi",
  "tests without results left out")
C("labs:ALT above twice the upper limit",
  "SELECT DISTINCT r.subj_id FROM lab_result AS r JOIN lab_range AS g ON g.test = r.test WHERE r.test = 'ALT' "
  "AND r.value > 2 * g.hi",
  "SELECT subj_id FROM subject AS j WHERE EXISTS (SELECT 1 FROM lab_result AS r JOIN lab_range AS g ON g.test = r.test "
  "WHERE r.subj_id = j.subj_id AND r.test = 'ALT' AND r.value / 2 > g.hi)",
  "SELECT DISTINCT r.subj_id FROM lab_result AS r JOIN lab_range AS g ON g.test = r.test WHERE r.value > 2 * g.hi",
  "any test above twice its limit flagged")
C("labs:low haemoglobin by sex",
  "SELECT j.sex, COUNT(*) FROM lab_result AS r JOIN subject AS j ON j.subj_id = r.subj_id JOIN lab_range AS g "
  "ON g.test = r.test WHERE r.test = 'HGB' AND r.value < g.lo GROUP BY j.sex",
  "SELECT sex, COUNT(*) FROM (SELECT j.sex FROM subject AS j JOIN lab_result AS r ON r.subj_id = j.subj_id "
  "WHERE r.test = 'HGB' AND r.value < (SELECT g.lo FROM lab_range AS g WHERE g.test = 'HGB')) AS x GROUP BY sex",
  "SELECT j.sex, COUNT(*) FROM lab_result AS r JOIN subject AS j ON j.subj_id = r.subj_id JOIN lab_range AS g "
  "ON g.test = r.test WHERE r.test = 'HGB' AND r.value < g.hi GROUP BY j.sex",
  "the upper limit taken for the lower")

# --- EDC data queries (keyless log)
C("edc:open queries per subject",
  "SELECT subj_id, COUNT(*) FROM edc_query WHERE status = 'open' GROUP BY subj_id",
  "SELECT subj_id, SUM(CASE WHEN status = 'open' THEN 1 ELSE 0 END) FROM edc_query GROUP BY subj_id "
  "HAVING SUM(CASE WHEN status = 'open' THEN 1 ELSE 0 END) > 0",
  "SELECT subj_id, COUNT(*) FROM (SELECT DISTINCT subj_id, visit_no, field, status, day FROM edc_query) AS q "
  "WHERE status = 'open' GROUP BY subj_id",
  "repeated log rows collapsed")
C("edc:subjects without open queries",
  "SELECT subj_id FROM subject WHERE subj_id NOT IN (SELECT subj_id FROM edc_query WHERE status = 'open' "
  "AND subj_id IS NOT NULL)",
  "SELECT subj_id FROM subject AS j WHERE NOT EXISTS (SELECT 1 FROM edc_query AS q WHERE q.subj_id = j.subj_id "
  "AND q.status = 'open')",
  "SELECT subj_id FROM subject WHERE subj_id NOT IN (SELECT subj_id FROM edc_query WHERE status = 'open')",
  "NOT IN over queries without a subject answers nothing")
C("edc:queries per site",
  "SELECT j.site_id, COUNT(*) FROM edc_query AS q JOIN subject AS j ON j.subj_id = q.subj_id GROUP BY j.site_id",
  "SELECT site_id, SUM(n) FROM subject AS j JOIN (SELECT subj_id, COUNT(*) AS n FROM edc_query GROUP BY subj_id) AS c "
  "ON c.subj_id = j.subj_id GROUP BY site_id",
  "SELECT j.site_id, COUNT(*) FROM edc_query AS q LEFT JOIN subject AS j ON j.subj_id = q.subj_id GROUP BY j.site_id",
  "queries without a subject counted under a NULL site")
C("edc:fields queried on two visits",
  "SELECT subj_id, field FROM edc_query WHERE subj_id IS NOT NULL AND field IS NOT NULL GROUP BY subj_id, field "
  "HAVING COUNT(DISTINCT visit_no) >= 2",
  "SELECT DISTINCT a.subj_id, a.field FROM edc_query AS a JOIN edc_query AS b ON b.subj_id = a.subj_id "
  "AND b.field = a.field AND b.visit_no <> a.visit_no",
  "SELECT subj_id, field FROM edc_query WHERE subj_id IS NOT NULL AND field IS NOT NULL GROUP BY subj_id, field "
  "HAVING COUNT(*) >= 2",
  "two log rows of one visit taken as two visits")
C("edc:first query day per subject",
  "SELECT subj_id, MIN(day) FROM edc_query WHERE subj_id IS NOT NULL GROUP BY subj_id",
  "SELECT j.subj_id, (SELECT MIN(q.day) FROM edc_query AS q WHERE q.subj_id = j.subj_id) FROM subject AS j "
  "WHERE j.subj_id IN (SELECT subj_id FROM edc_query)",
  "SELECT subj_id, MIN(day) FROM edc_query GROUP BY subj_id",
  "queries without a subject listed as a NULL subject")
C("edc:queries on visits without a date",
  "SELECT q.subj_id, q.visit_no, q.field FROM edc_query AS q JOIN visit AS v ON v.subj_id = q.subj_id "
  "AND v.visit_no = q.visit_no WHERE v.actual_day IS NULL",
  "SELECT subj_id, visit_no, field FROM edc_query AS q WHERE EXISTS (SELECT 1 FROM visit AS v WHERE v.subj_id = q.subj_id "
  "AND v.visit_no = q.visit_no AND v.actual_day IS NULL)",
  "SELECT DISTINCT q.subj_id, q.visit_no, q.field FROM edc_query AS q JOIN visit AS v ON v.subj_id = q.subj_id "
  "AND v.visit_no = q.visit_no WHERE v.actual_day IS NULL",
  "repeated queries collapsed")
C("edc:open share per field, SQLite",
  "SELECT field, AVG(status = 'open') FROM edc_query GROUP BY field",
  "SELECT field, TOTAL(status = 'open') / COUNT(status) FROM edc_query GROUP BY field",
  "SELECT field, TOTAL(status = 'open') / COUNT(*) FROM edc_query GROUP BY field",
  "queries without a status in the denominator", dialect="sqlite")

# --- studies and sites
C("sites:studies per country",
  "SELECT country, COUNT(DISTINCT study_id) FROM site GROUP BY country",
  "SELECT country, COUNT(*) FROM (SELECT DISTINCT country, study_id FROM site) AS x GROUP BY country",
  "SELECT country, COUNT(study_id) FROM site GROUP BY country",
  "sites counted instead of studies")
C("sites:recruiting studies without an active site",
  "SELECT study_id FROM study WHERE status = 'recruiting' AND study_id NOT IN (SELECT study_id FROM site "
  "WHERE activated_day IS NOT NULL)",
  "SELECT st.study_id FROM study AS st LEFT JOIN site AS s ON s.study_id = st.study_id AND s.activated_day IS NOT NULL "
  "WHERE st.status = 'recruiting' GROUP BY st.study_id HAVING COUNT(s.site_id) = 0",
  "SELECT study_id FROM study WHERE status <> 'closed' AND study_id NOT IN (SELECT study_id FROM site "
  "WHERE activated_day IS NOT NULL)",
  "suspended studies counted as recruiting")
C("sites:activation order within a study",
  "SELECT site_id, RANK() OVER (PARTITION BY study_id ORDER BY activated_day) FROM site WHERE activated_day IS NOT NULL",
  "SELECT s.site_id, 1 + (SELECT COUNT(*) FROM site AS t WHERE t.study_id = s.study_id AND t.activated_day < "
  "s.activated_day) FROM site AS s WHERE s.activated_day IS NOT NULL",
  "SELECT site_id, DENSE_RANK() OVER (PARTITION BY study_id ORDER BY activated_day) FROM site "
  "WHERE activated_day IS NOT NULL",
  "DENSE_RANK for RANK")
C("sites:studies at their enrolment target",
  "SELECT st.study_id FROM study AS st LEFT JOIN site AS s ON s.study_id = st.study_id LEFT JOIN subject AS j "
  "ON j.site_id = s.site_id AND j.enrolled_day IS NOT NULL GROUP BY st.study_id, st.target HAVING COUNT(j.subj_id) "
  ">= st.target",
  "SELECT study_id FROM study AS st WHERE target <= (SELECT COUNT(*) FROM subject AS j JOIN site AS s "
  "ON s.site_id = j.site_id WHERE s.study_id = st.study_id AND j.enrolled_day IS NOT NULL)",
  "SELECT st.study_id FROM study AS st LEFT JOIN site AS s ON s.study_id = st.study_id LEFT JOIN subject AS j "
  "ON j.site_id = s.site_id AND j.enrolled_day IS NOT NULL GROUP BY st.study_id, st.target HAVING COUNT(*) >= st.target",
  "COUNT(*) counts sites without subjects")
C("sites:phase of studies with serious events",
  "SELECT st.phase, COUNT(DISTINCT st.study_id) FROM study AS st JOIN site AS s ON s.study_id = st.study_id "
  "JOIN subject AS j ON j.site_id = s.site_id JOIN adverse_event AS a ON a.subj_id = j.subj_id WHERE a.serious = 1 "
  "GROUP BY st.phase",
  "SELECT phase, COUNT(*) FROM study AS st WHERE EXISTS (SELECT 1 FROM site AS s JOIN subject AS j ON j.site_id = "
  "s.site_id JOIN adverse_event AS a ON a.subj_id = j.subj_id WHERE s.study_id = st.study_id AND a.serious = 1) "
  "GROUP BY phase",
  "SELECT st.phase, COUNT(*) FROM study AS st JOIN site AS s ON s.study_id = st.study_id "
  "JOIN subject AS j ON j.site_id = s.site_id JOIN adverse_event AS a ON a.subj_id = j.subj_id WHERE a.serious = 1 "
  "GROUP BY st.phase",
  "serious events counted instead of studies")
C("sites:subjects per study and arm",
  "SELECT s.study_id, j.arm, COUNT(*) FROM subject AS j JOIN site AS s ON s.site_id = j.site_id "
  "WHERE j.enrolled_day IS NOT NULL GROUP BY s.study_id, j.arm",
  "SELECT s.study_id, j.arm, COUNT(*) FROM site AS s, subject AS j WHERE j.site_id = s.site_id AND j.enrolled_day "
  "IS NOT NULL GROUP BY j.arm, s.study_id",
  "SELECT s.study_id, j.arm, COUNT(*) FROM subject AS j JOIN site AS s ON s.site_id = j.site_id "
  "WHERE j.enrolled_day IS NOT NULL AND j.arm IS NOT NULL GROUP BY s.study_id, j.arm",
  "subjects not yet randomised left out")

# ================================================================ fleet telematics (telematics)
# --- utilisation
F("utilisation:km per vehicle",
  "SELECT vehicle_id, SUM(km) FROM trip GROUP BY vehicle_id",
  "SELECT v.vehicle_id, (SELECT SUM(t.km) FROM trip AS t WHERE t.vehicle_id = v.vehicle_id) FROM vehicle AS v "
  "WHERE EXISTS (SELECT 1 FROM trip AS t WHERE t.vehicle_id = v.vehicle_id)",
  "SELECT v.vehicle_id, SUM(t.km) FROM vehicle AS v LEFT JOIN trip AS t ON t.vehicle_id = v.vehicle_id GROUP BY v.vehicle_id",
  "vehicles without trips listed")
F("utilisation:active vehicles unused on day 2",
  "SELECT vehicle_id FROM vehicle WHERE active = 1 AND vehicle_id NOT IN (SELECT vehicle_id FROM trip WHERE day = 2)",
  "SELECT v.vehicle_id FROM vehicle AS v LEFT JOIN trip AS t ON t.vehicle_id = v.vehicle_id AND t.day = 2 "
  "WHERE v.active = 1 AND t.trip_id IS NULL",
  "SELECT v.vehicle_id FROM vehicle AS v LEFT JOIN trip AS t ON t.vehicle_id = v.vehicle_id AND t.day = 2 "
  "WHERE t.trip_id IS NULL",
  "inactive vehicles listed")
F("utilisation:days in use per vehicle",
  "SELECT vehicle_id, COUNT(DISTINCT day) FROM trip GROUP BY vehicle_id",
  "SELECT vehicle_id, COUNT(*) FROM (SELECT DISTINCT vehicle_id, day FROM trip) AS d GROUP BY vehicle_id",
  "SELECT vehicle_id, COUNT(day) FROM trip GROUP BY vehicle_id",
  "trips counted instead of days")
F("utilisation:driving minutes per vehicle and day",
  "SELECT vehicle_id, day, SUM(end_min - start_min) FROM trip GROUP BY vehicle_id, day",
  "SELECT vehicle_id, day, SUM(CASE WHEN end_min IS NOT NULL THEN end_min - start_min END) FROM trip "
  "GROUP BY day, vehicle_id",
  "SELECT vehicle_id, day, SUM(end_min) - SUM(start_min) FROM trip GROUP BY vehicle_id, day",
  "trips in progress subtract their start minute")
F("utilisation:trips in progress",
  "SELECT trip_id FROM trip WHERE end_min IS NULL",
  "SELECT trip_id FROM trip EXCEPT SELECT trip_id FROM trip WHERE end_min >= start_min OR end_min < start_min",
  "SELECT trip_id FROM trip EXCEPT SELECT trip_id FROM trip WHERE end_min > start_min",
  "trips ending before their start minute taken as in progress")
F("utilisation:active vehicles per depot including none",
  "SELECT d.depot_id, COUNT(v.vehicle_id) FROM depot AS d LEFT JOIN vehicle AS v ON v.depot_id = d.depot_id "
  "AND v.active = 1 GROUP BY d.depot_id",
  "SELECT depot_id, (SELECT COUNT(*) FROM vehicle AS v WHERE v.depot_id = d.depot_id AND v.active = 1) FROM depot AS d",
  "SELECT d.depot_id, SUM(v.active) FROM depot AS d LEFT JOIN vehicle AS v ON v.depot_id = d.depot_id GROUP BY d.depot_id",
  "the sum of the active flag answers NULL for depots without vehicles")
F("utilisation:busiest vehicles per depot with ties",
  "WITH k AS (SELECT v.depot_id, v.vehicle_id, SUM(t.km) AS km FROM vehicle AS v JOIN trip AS t ON t.vehicle_id = "
  "v.vehicle_id GROUP BY v.depot_id, v.vehicle_id) SELECT depot_id, vehicle_id FROM k WHERE km = (SELECT MAX(k2.km) "
  "FROM k AS k2 WHERE k2.depot_id = k.depot_id)",
  "SELECT depot_id, vehicle_id FROM (SELECT v.depot_id, v.vehicle_id, RANK() OVER (PARTITION BY v.depot_id ORDER BY "
  "SUM(t.km) DESC) AS rk FROM vehicle AS v JOIN trip AS t ON t.vehicle_id = v.vehicle_id GROUP BY v.depot_id, "
  "v.vehicle_id) AS r WHERE rk = 1",
  "SELECT depot_id, vehicle_id FROM (SELECT v.depot_id, v.vehicle_id, RANK() OVER (PARTITION BY v.depot_id ORDER BY "
  "COUNT(*) DESC) AS rk FROM vehicle AS v JOIN trip AS t ON t.vehicle_id = v.vehicle_id GROUP BY v.depot_id, "
  "v.vehicle_id) AS r WHERE rk = 1",
  "most trips taken for most km")
F("utilisation:km per depot and vehicle kind",
  "SELECT v.depot_id, v.kind, SUM(t.km) FROM trip AS t JOIN vehicle AS v ON v.vehicle_id = t.vehicle_id "
  "GROUP BY v.depot_id, v.kind",
  "SELECT v.depot_id, v.kind, SUM(x.km) FROM vehicle AS v JOIN (SELECT vehicle_id, SUM(km) AS km FROM trip "
  "GROUP BY vehicle_id) AS x ON x.vehicle_id = v.vehicle_id GROUP BY v.depot_id, v.kind",
  "SELECT v.depot_id, v.kind, SUM(DISTINCT t.km) FROM trip AS t JOIN vehicle AS v ON v.vehicle_id = t.vehicle_id "
  "GROUP BY v.depot_id, v.kind",
  "SUM(DISTINCT) drops trips of equal length")
F("utilisation:vehicles on the road every trip day",
  "SELECT v.vehicle_id FROM vehicle AS v WHERE EXISTS (SELECT 1 FROM trip AS t WHERE t.vehicle_id = v.vehicle_id) "
  "AND NOT EXISTS (SELECT 1 FROM trip AS d WHERE NOT EXISTS (SELECT 1 FROM trip AS t WHERE t.vehicle_id = v.vehicle_id "
  "AND t.day = d.day))",
  "SELECT vehicle_id FROM trip GROUP BY vehicle_id HAVING COUNT(DISTINCT day) = (SELECT COUNT(DISTINCT day) FROM trip)",
  "SELECT vehicle_id FROM trip GROUP BY vehicle_id HAVING COUNT(*) = (SELECT COUNT(DISTINCT day) FROM trip)",
  "trips counted instead of days")
F("utilisation:share of trips with a driver per depot",
  "SELECT v.depot_id, COUNT(t.driver_id) * 1.0 / COUNT(*) FROM trip AS t JOIN vehicle AS v ON v.vehicle_id = t.vehicle_id "
  "GROUP BY v.depot_id",
  "SELECT v.depot_id, AVG(CASE WHEN t.driver_id IS NULL THEN 0.0 ELSE 1.0 END) FROM vehicle AS v JOIN trip AS t "
  "ON t.vehicle_id = v.vehicle_id GROUP BY v.depot_id",
  "SELECT v.depot_id, COUNT(DISTINCT t.driver_id) * 1.0 / COUNT(*) FROM trip AS t JOIN vehicle AS v "
  "ON v.vehicle_id = t.vehicle_id GROUP BY v.depot_id",
  "distinct drivers counted instead of trips with a driver")

# --- idling
F("idling:idle share of driving time per vehicle",
  "SELECT vehicle_id, SUM(idle_min) * 1.0 / SUM(end_min - start_min) FROM trip WHERE end_min IS NOT NULL "
  "GROUP BY vehicle_id HAVING SUM(end_min - start_min) <> 0",
  "SELECT vehicle_id, idle * 1.0 / dur FROM (SELECT vehicle_id, SUM(idle_min) AS idle, SUM(end_min - start_min) AS dur "
  "FROM trip WHERE end_min IS NOT NULL GROUP BY vehicle_id) AS x WHERE dur <> 0",
  "SELECT vehicle_id, SUM(idle_min) * 1.0 / SUM(end_min - start_min) FROM trip GROUP BY vehicle_id "
  "HAVING SUM(end_min - start_min) <> 0",
  "idling of trips in progress counted")
F("idling:long idles per driver",
  "SELECT driver_id, COUNT(*) FROM trip WHERE idle_min > 20 AND driver_id IS NOT NULL GROUP BY driver_id",
  "SELECT d.driver_id, COUNT(*) FROM driver AS d JOIN trip AS t ON t.driver_id = d.driver_id WHERE t.idle_min > 20 "
  "GROUP BY d.driver_id",
  "SELECT driver_id, COUNT(*) FROM trip WHERE idle_min > 20 GROUP BY driver_id",
  "unassigned trips reported as a NULL driver")
F("idling:idle minutes per depot",
  "SELECT v.depot_id, SUM(t.idle_min) FROM trip AS t JOIN vehicle AS v ON v.vehicle_id = t.vehicle_id GROUP BY v.depot_id",
  "SELECT d.depot_id, SUM(t.idle_min) FROM depot AS d JOIN vehicle AS v ON v.depot_id = d.depot_id JOIN trip AS t "
  "ON t.vehicle_id = v.vehicle_id GROUP BY d.depot_id",
  "SELECT d.depot_id, SUM(t.idle_min) FROM trip AS t JOIN driver AS d ON d.driver_id = t.driver_id GROUP BY d.depot_id",
  "the driver's depot taken for the vehicle's")
F("idling:longest idle of each day",
  "SELECT day, vehicle_id, idle_min FROM trip AS t WHERE idle_min = (SELECT MAX(u.idle_min) FROM trip AS u "
  "WHERE u.day = t.day)",
  "SELECT day, vehicle_id, idle_min FROM (SELECT day, vehicle_id, idle_min, MAX(idle_min) OVER (PARTITION BY day) AS m "
  "FROM trip) AS x WHERE idle_min = m",
  "SELECT day, vehicle_id, idle_min FROM trip AS t WHERE idle_min = (SELECT MAX(u.idle_min) FROM trip AS u "
  "WHERE u.vehicle_id = t.vehicle_id)",
  "the subquery correlated on the vehicle instead of the day")
F("idling:vehicles idling without moving",
  "SELECT DISTINCT vehicle_id FROM trip WHERE km = 0 AND idle_min > 0",
  "SELECT vehicle_id FROM vehicle WHERE vehicle_id IN (SELECT vehicle_id FROM trip WHERE km = 0 AND idle_min > 0)",
  "SELECT vehicle_id FROM trip GROUP BY vehicle_id HAVING SUM(km) = 0 AND SUM(idle_min) > 0",
  "the conditions put on the vehicle's totals instead of one trip")
F("idling:average idle per trip, SQLite",
  "SELECT vehicle_id, TOTAL(idle_min) / COUNT(*) FROM trip GROUP BY vehicle_id",
  "SELECT vehicle_id, AVG(idle_min) FROM trip GROUP BY vehicle_id",
  "SELECT vehicle_id, SUM(idle_min) / COUNT(*) FROM trip GROUP BY vehicle_id",
  "integer division", dialect="sqlite")

# --- safety: harsh events
F("safety:harsh events per 100 km per vehicle",
  "SELECT k.vehicle_id, COALESCE(e.n, 0) * 100.0 / k.km FROM (SELECT vehicle_id, SUM(km) AS km FROM trip "
  "GROUP BY vehicle_id HAVING SUM(km) > 0) AS k LEFT JOIN (SELECT t.vehicle_id, COUNT(*) AS n FROM harsh_event AS h "
  "JOIN trip AS t ON t.trip_id = h.trip_id GROUP BY t.vehicle_id) AS e ON e.vehicle_id = k.vehicle_id",
  "SELECT t.vehicle_id, (SELECT COUNT(*) FROM harsh_event AS h JOIN trip AS u ON u.trip_id = h.trip_id "
  "WHERE u.vehicle_id = t.vehicle_id) * 100.0 / SUM(t.km) FROM trip AS t GROUP BY t.vehicle_id HAVING SUM(t.km) > 0",
  "SELECT t.vehicle_id, COUNT(h.event_id) * 100.0 / SUM(t.km) FROM trip AS t LEFT JOIN harsh_event AS h "
  "ON h.trip_id = t.trip_id GROUP BY t.vehicle_id HAVING SUM(t.km) > 0",
  "km summed over the events join (a trip's km counted once per event)")
F("safety:trips with events per driver and kind",
  "SELECT t.driver_id, h.kind, COUNT(*) FROM harsh_event AS h JOIN trip AS t ON t.trip_id = h.trip_id "
  "WHERE t.driver_id IS NOT NULL GROUP BY t.driver_id, h.kind",
  "SELECT d.driver_id, h.kind, COUNT(*) FROM driver AS d JOIN trip AS t ON t.driver_id = d.driver_id JOIN harsh_event AS h "
  "ON h.trip_id = t.trip_id GROUP BY d.driver_id, h.kind",
  "SELECT t.driver_id, h.kind, COUNT(DISTINCT t.trip_id) FROM harsh_event AS h JOIN trip AS t ON t.trip_id = h.trip_id "
  "WHERE t.driver_id IS NOT NULL GROUP BY t.driver_id, h.kind",
  "trips with an event counted instead of events")
F("safety:drivers without harsh events",
  "SELECT driver_id FROM driver AS d WHERE NOT EXISTS (SELECT 1 FROM trip AS t JOIN harsh_event AS h "
  "ON h.trip_id = t.trip_id WHERE t.driver_id = d.driver_id)",
  "SELECT driver_id FROM driver EXCEPT SELECT t.driver_id FROM trip AS t JOIN harsh_event AS h ON h.trip_id = t.trip_id",
  "SELECT driver_id FROM driver WHERE driver_id NOT IN (SELECT t.driver_id FROM trip AS t JOIN harsh_event AS h "
  "ON h.trip_id = t.trip_id)",
  "NOT IN over events on unassigned trips answers nothing")
F("safety:severe speeding",
  "SELECT event_id FROM harsh_event WHERE kind = 'speeding' AND (severity >= 2 OR speed > 100)",
  "SELECT event_id FROM harsh_event WHERE kind = 'speeding' AND severity >= 2 UNION SELECT event_id FROM harsh_event "
  "WHERE kind = 'speeding' AND speed > 100",
  "SELECT event_id FROM harsh_event WHERE kind = 'speeding' AND severity >= 2 UNION ALL SELECT event_id FROM harsh_event "
  "WHERE kind = 'speeding' AND speed > 100",
  "UNION ALL lists an event meeting both conditions twice")
F("safety:average severity per kind",
  "SELECT kind, AVG(severity) FROM harsh_event GROUP BY kind",
  "SELECT kind, SUM(severity) * 1.0 / NULLIF(COUNT(severity), 0) FROM harsh_event GROUP BY kind",
  "SELECT kind, AVG(COALESCE(severity, 0)) FROM harsh_event GROUP BY kind",
  "unrated events averaged in as severity 0")
F("safety:trips with a harsh brake and speeding",
  "SELECT trip_id FROM harsh_event WHERE kind = 'harsh_brake' INTERSECT SELECT trip_id FROM harsh_event "
  "WHERE kind = 'speeding'",
  "SELECT DISTINCT a.trip_id FROM harsh_event AS a JOIN harsh_event AS b ON b.trip_id = a.trip_id "
  "WHERE a.kind = 'harsh_brake' AND b.kind = 'speeding'",
  "SELECT trip_id FROM harsh_event WHERE kind IN ('harsh_brake', 'speeding') GROUP BY trip_id HAVING COUNT(*) >= 2",
  "two events of one kind taken as both kinds")
F("safety:events per trip including none",
  "SELECT t.trip_id, COUNT(h.event_id) FROM trip AS t LEFT JOIN harsh_event AS h ON h.trip_id = t.trip_id "
  "GROUP BY t.trip_id",
  "SELECT trip_id, (SELECT COUNT(*) FROM harsh_event AS h WHERE h.trip_id = t.trip_id) FROM trip AS t",
  "SELECT t.trip_id, COUNT(*) FROM trip AS t LEFT JOIN harsh_event AS h ON h.trip_id = t.trip_id GROUP BY t.trip_id",
  "COUNT(*) counts a clean trip as one event")
F("safety:driver ranking by harsh events",
  "SELECT driver_id, RANK() OVER (ORDER BY n DESC) FROM (SELECT t.driver_id, COUNT(*) AS n FROM harsh_event AS h "
  "JOIN trip AS t ON t.trip_id = h.trip_id WHERE t.driver_id IS NOT NULL GROUP BY t.driver_id) AS x",
  "WITH x AS (SELECT t.driver_id, COUNT(*) AS n FROM harsh_event AS h JOIN trip AS t ON t.trip_id = h.trip_id "
  "WHERE t.driver_id IS NOT NULL GROUP BY t.driver_id) SELECT a.driver_id, (SELECT COUNT(*) FROM x AS b "
  "WHERE b.n > a.n) + 1 FROM x AS a",
  "SELECT driver_id, ROW_NUMBER() OVER (ORDER BY n DESC, driver_id) FROM (SELECT t.driver_id, COUNT(*) AS n "
  "FROM harsh_event AS h JOIN trip AS t ON t.trip_id = h.trip_id WHERE t.driver_id IS NOT NULL GROUP BY t.driver_id) AS x",
  "tied drivers given consecutive ranks")
F("safety:rated severe events per trip, SQLite",
  "SELECT trip_id, SUM(severity >= 2) FROM harsh_event GROUP BY trip_id",
  "SELECT trip_id, SUM(CASE WHEN severity >= 2 THEN 1 WHEN severity IS NULL THEN NULL ELSE 0 END) FROM harsh_event "
  "GROUP BY trip_id",
  "SELECT trip_id, COUNT(severity >= 2) FROM harsh_event GROUP BY trip_id",
  "COUNT counts the false comparisons too", dialect="sqlite")

# --- fuel
F("fuel:km per litre per vehicle",
  "SELECT k.vehicle_id, k.km / f.l FROM (SELECT vehicle_id, SUM(km) AS km FROM trip GROUP BY vehicle_id) AS k "
  "JOIN (SELECT vehicle_id, SUM(litres) AS l FROM fuel_fill GROUP BY vehicle_id) AS f ON f.vehicle_id = k.vehicle_id",
  "SELECT v.vehicle_id, (SELECT SUM(t.km) FROM trip AS t WHERE t.vehicle_id = v.vehicle_id) / (SELECT SUM(f.litres) "
  "FROM fuel_fill AS f WHERE f.vehicle_id = v.vehicle_id) FROM vehicle AS v WHERE EXISTS (SELECT 1 FROM trip AS t "
  "WHERE t.vehicle_id = v.vehicle_id) AND EXISTS (SELECT 1 FROM fuel_fill AS f WHERE f.vehicle_id = v.vehicle_id)",
  "SELECT t.vehicle_id, SUM(t.km) / SUM(f.litres) FROM trip AS t JOIN fuel_fill AS f ON f.vehicle_id = t.vehicle_id "
  "GROUP BY t.vehicle_id",
  "trips and fills joined before summing (each side repeated by the other's count)")
F("fuel:price per litre per depot",
  "SELECT v.depot_id, SUM(f.cost) / SUM(f.litres) FROM fuel_fill AS f JOIN vehicle AS v ON v.vehicle_id = f.vehicle_id "
  "WHERE f.cost IS NOT NULL GROUP BY v.depot_id",
  "SELECT v.depot_id, SUM(f.cost) / SUM(CASE WHEN f.cost IS NOT NULL THEN f.litres END) FROM fuel_fill AS f "
  "JOIN vehicle AS v ON v.vehicle_id = f.vehicle_id GROUP BY v.depot_id HAVING COUNT(f.cost) > 0",
  "SELECT v.depot_id, SUM(f.cost) / SUM(f.litres) FROM fuel_fill AS f JOIN vehicle AS v ON v.vehicle_id = f.vehicle_id "
  "GROUP BY v.depot_id",
  "litres of unpriced fills in the denominator")
F("fuel:fills per vehicle and day",
  "SELECT vehicle_id, day, COUNT(*), SUM(litres) FROM fuel_fill GROUP BY vehicle_id, day",
  "SELECT DISTINCT vehicle_id, day, COUNT(*) OVER (PARTITION BY vehicle_id, day), SUM(litres) OVER (PARTITION BY "
  "vehicle_id, day) FROM fuel_fill",
  "SELECT vehicle_id, day, COUNT(*) OVER (PARTITION BY vehicle_id, day), SUM(litres) OVER (PARTITION BY "
  "vehicle_id, day) FROM fuel_fill",
  "a row per fill instead of per vehicle and day")
F("fuel:oversized fills for cars",
  "SELECT f.fill_id FROM fuel_fill AS f JOIN vehicle AS v ON v.vehicle_id = f.vehicle_id WHERE v.kind = 'car' "
  "AND f.litres > 50",
  "SELECT fill_id FROM fuel_fill WHERE litres > 50 AND vehicle_id IN (SELECT vehicle_id FROM vehicle WHERE kind = 'car')",
  "SELECT f.fill_id FROM fuel_fill AS f JOIN vehicle AS v ON v.vehicle_id = f.vehicle_id WHERE v.kind <> 'truck' "
  "AND f.litres > 50",
  "vans held to the car tank size")
F("fuel:fills on days without trips",
  "SELECT f.vehicle_id, f.day FROM fuel_fill AS f WHERE NOT EXISTS (SELECT 1 FROM trip AS t WHERE t.vehicle_id = "
  "f.vehicle_id AND t.day = f.day)",
  "SELECT f.vehicle_id, f.day FROM fuel_fill AS f LEFT JOIN trip AS t ON t.vehicle_id = f.vehicle_id AND t.day = f.day "
  "WHERE t.trip_id IS NULL",
  "SELECT vehicle_id, day FROM fuel_fill EXCEPT SELECT vehicle_id, day FROM trip",
  "EXCEPT collapses two fills of one day")
F("fuel:days since the previous fill",
  "SELECT vehicle_id, fill_id, day - LAG(day) OVER (PARTITION BY vehicle_id ORDER BY day, fill_id) FROM fuel_fill",
  "SELECT f.vehicle_id, f.fill_id, f.day - (SELECT p.day FROM fuel_fill AS p WHERE p.vehicle_id = f.vehicle_id "
  "AND (p.day < f.day OR (p.day = f.day AND p.fill_id < f.fill_id)) ORDER BY p.day DESC, p.fill_id DESC LIMIT 1) "
  "FROM fuel_fill AS f",
  "SELECT f.vehicle_id, f.fill_id, f.day - (SELECT p.day FROM fuel_fill AS p WHERE p.vehicle_id = f.vehicle_id "
  "AND p.day < f.day ORDER BY p.day DESC, p.fill_id DESC LIMIT 1) FROM fuel_fill AS f",
  "a second fill on the same day measured from an earlier day")
F("fuel:spend and unpriced fills per vehicle",
  "SELECT vehicle_id, SUM(cost), COUNT(*) - COUNT(cost) FROM fuel_fill GROUP BY vehicle_id",
  "SELECT vehicle_id, SUM(cost), SUM(CASE WHEN cost IS NULL THEN 1 ELSE 0 END) FROM fuel_fill GROUP BY vehicle_id",
  "SELECT vehicle_id, SUM(COALESCE(cost, 0)), COUNT(*) - COUNT(cost) FROM fuel_fill GROUP BY vehicle_id",
  "a vehicle with only unpriced fills shown as spending 0")
F("fuel:price per litre per vehicle, SQLite",
  "SELECT vehicle_id, TOTAL(cost) / TOTAL(litres) FROM fuel_fill GROUP BY vehicle_id",
  "SELECT vehicle_id, IFNULL(SUM(cost), 0.0) / SUM(litres) FROM fuel_fill GROUP BY vehicle_id",
  "SELECT vehicle_id, SUM(cost) / SUM(litres) FROM fuel_fill GROUP BY vehicle_id",
  "NULL instead of 0 for vehicles with only unpriced fills", dialect="sqlite")

# --- positions (keyless GPS ping log)
F("position:last known position per vehicle",
  "SELECT p.vehicle_id, p.day, p.minute, p.fence_id FROM gps_ping AS p WHERE p.vehicle_id IS NOT NULL AND p.day IS NOT NULL "
  "AND p.minute IS NOT NULL AND NOT EXISTS (SELECT 1 FROM gps_ping AS q WHERE q.vehicle_id = p.vehicle_id "
  "AND q.minute IS NOT NULL AND (q.day > p.day OR (q.day = p.day AND q.minute > p.minute)))",
  "SELECT vehicle_id, day, minute, fence_id FROM (SELECT vehicle_id, day, minute, fence_id, RANK() OVER (PARTITION BY "
  "vehicle_id ORDER BY day DESC, minute DESC) AS rk FROM gps_ping WHERE vehicle_id IS NOT NULL AND day IS NOT NULL "
  "AND minute IS NOT NULL) AS x WHERE rk = 1",
  "SELECT p.vehicle_id, p.day, p.minute, p.fence_id FROM gps_ping AS p WHERE p.vehicle_id IS NOT NULL AND p.day IS NOT NULL "
  "AND p.minute IS NOT NULL AND NOT EXISTS (SELECT 1 FROM gps_ping AS q WHERE q.vehicle_id = p.vehicle_id "
  "AND q.minute IS NOT NULL AND (q.day > p.day OR q.minute > p.minute))",
  "a later minute on an earlier day taken as later")
F("position:vehicles never seen at a depot fence",
  "SELECT vehicle_id FROM vehicle AS v WHERE NOT EXISTS (SELECT 1 FROM gps_ping AS p JOIN geofence AS g "
  "ON g.fence_id = p.fence_id WHERE p.vehicle_id = v.vehicle_id AND g.kind = 'depot')",
  "SELECT v.vehicle_id FROM vehicle AS v LEFT JOIN (SELECT DISTINCT p.vehicle_id FROM gps_ping AS p JOIN geofence AS g "
  "ON g.fence_id = p.fence_id WHERE g.kind = 'depot') AS d ON d.vehicle_id = v.vehicle_id WHERE d.vehicle_id IS NULL",
  "SELECT vehicle_id FROM vehicle WHERE vehicle_id NOT IN (SELECT p.vehicle_id FROM gps_ping AS p JOIN geofence AS g "
  "ON g.fence_id = p.fence_id WHERE g.kind = 'depot')",
  "NOT IN over pings without a vehicle answers nothing")
F("position:vehicles per fence and day",
  "SELECT fence_id, day, COUNT(DISTINCT vehicle_id) FROM gps_ping WHERE fence_id IS NOT NULL GROUP BY fence_id, day",
  "SELECT fence_id, day, COUNT(vehicle_id) FROM (SELECT DISTINCT fence_id, day, vehicle_id FROM gps_ping "
  "WHERE fence_id IS NOT NULL) AS x GROUP BY fence_id, day",
  "SELECT fence_id, day, COUNT(vehicle_id) FROM gps_ping WHERE fence_id IS NOT NULL GROUP BY fence_id, day",
  "pings counted instead of vehicles")
F("position:stationary pings per vehicle and day",
  "SELECT vehicle_id, day, COUNT(*) FROM gps_ping WHERE speed = 0 GROUP BY vehicle_id, day",
  "SELECT vehicle_id, day, SUM(CASE WHEN speed = 0 THEN 1 ELSE 0 END) FROM gps_ping GROUP BY vehicle_id, day "
  "HAVING SUM(CASE WHEN speed = 0 THEN 1 ELSE 0 END) > 0",
  "SELECT vehicle_id, day, COUNT(*) FROM gps_ping WHERE COALESCE(speed, 0) = 0 GROUP BY vehicle_id, day",
  "pings without a speed reading taken as stationary")
F("position:customer fences visited per vehicle",
  "SELECT p.vehicle_id, COUNT(DISTINCT p.fence_id) FROM gps_ping AS p JOIN geofence AS g ON g.fence_id = p.fence_id "
  "WHERE g.kind = 'customer' GROUP BY p.vehicle_id",
  "SELECT vehicle_id, COUNT(*) FROM (SELECT DISTINCT p.vehicle_id, p.fence_id FROM gps_ping AS p WHERE p.fence_id IN "
  "(SELECT fence_id FROM geofence WHERE kind = 'customer')) AS x GROUP BY vehicle_id",
  "SELECT p.vehicle_id, COUNT(p.fence_id) FROM gps_ping AS p JOIN geofence AS g ON g.fence_id = p.fence_id "
  "WHERE g.kind = 'customer' GROUP BY p.vehicle_id",
  "pings counted instead of fences")
F("position:three latest pings",
  "SELECT vehicle_id, day, minute FROM gps_ping WHERE vehicle_id IS NOT NULL AND day IS NOT NULL AND minute IS NOT NULL "
  "ORDER BY day DESC, minute DESC, vehicle_id LIMIT 3",
  "SELECT vehicle_id, day, minute FROM (SELECT vehicle_id, day, minute, ROW_NUMBER() OVER (ORDER BY day DESC, minute DESC, "
  "vehicle_id) AS rn FROM gps_ping WHERE vehicle_id IS NOT NULL AND day IS NOT NULL AND minute IS NOT NULL) AS x "
  "WHERE rn <= 3 ORDER BY rn",
  "SELECT vehicle_id, day, minute FROM gps_ping WHERE vehicle_id IS NOT NULL AND day IS NOT NULL AND minute IS NOT NULL "
  "ORDER BY day DESC, minute, vehicle_id LIMIT 3",
  "the earliest minute of the last day taken first", semantics="list")

# --- drivers
F("drivers:trips per driver per day",
  "SELECT driver_id, day, COUNT(*) FROM trip WHERE driver_id IS NOT NULL GROUP BY driver_id, day",
  "SELECT d.driver_id, t.day, COUNT(*) FROM driver AS d JOIN trip AS t ON t.driver_id = d.driver_id "
  "GROUP BY d.driver_id, t.day",
  "SELECT driver_id, day, COUNT(DISTINCT vehicle_id) FROM trip WHERE driver_id IS NOT NULL GROUP BY driver_id, day",
  "vehicles counted instead of trips")
F("drivers:trips per working day per driver",
  "SELECT driver_id, COUNT(*) * 1.0 / COUNT(DISTINCT day) FROM trip WHERE driver_id IS NOT NULL GROUP BY driver_id",
  "SELECT driver_id, AVG(n) FROM (SELECT driver_id, day, COUNT(*) AS n FROM trip WHERE driver_id IS NOT NULL "
  "GROUP BY driver_id, day) AS x GROUP BY driver_id",
  "SELECT driver_id, COUNT(*) * 1.0 / (SELECT COUNT(DISTINCT day) FROM trip) FROM trip WHERE driver_id IS NOT NULL "
  "GROUP BY driver_id",
  "every fleet trip day taken as the driver's working day")
F("drivers:drivers without a finished trip",
  "SELECT driver_id FROM driver WHERE driver_id NOT IN (SELECT driver_id FROM trip WHERE driver_id IS NOT NULL "
  "AND end_min IS NOT NULL)",
  "SELECT driver_id FROM driver AS d WHERE NOT EXISTS (SELECT 1 FROM trip AS t WHERE t.driver_id = d.driver_id "
  "AND t.end_min IS NOT NULL)",
  "SELECT driver_id FROM driver AS d WHERE NOT EXISTS (SELECT 1 FROM trip AS t WHERE t.driver_id = d.driver_id)",
  "a trip in progress counted as finished")
F("drivers:drivers driving another depot's vehicle",
  "SELECT DISTINCT t.driver_id FROM trip AS t JOIN driver AS d ON d.driver_id = t.driver_id JOIN vehicle AS v "
  "ON v.vehicle_id = t.vehicle_id WHERE d.depot_id <> v.depot_id",
  "SELECT driver_id FROM driver AS d WHERE EXISTS (SELECT 1 FROM trip AS t JOIN vehicle AS v ON v.vehicle_id = "
  "t.vehicle_id WHERE t.driver_id = d.driver_id AND v.depot_id <> d.depot_id)",
  "SELECT DISTINCT t.driver_id FROM trip AS t JOIN driver AS d ON d.driver_id = t.driver_id JOIN vehicle AS v "
  "ON v.vehicle_id = t.vehicle_id WHERE COALESCE(d.depot_id, 0) <> v.depot_id",
  "floating drivers (no depot) flagged")
F("drivers:longest trips per driver with ties",
  "SELECT t.driver_id, t.trip_id FROM trip AS t WHERE t.km = (SELECT MAX(u.km) FROM trip AS u "
  "WHERE u.driver_id = t.driver_id)",
  "SELECT driver_id, trip_id FROM (SELECT driver_id, trip_id, DENSE_RANK() OVER (PARTITION BY driver_id ORDER BY km DESC) "
  "AS r FROM trip WHERE driver_id IS NOT NULL) AS x WHERE r = 1",
  "SELECT t.driver_id, t.trip_id FROM trip AS t WHERE t.driver_id IS NOT NULL AND t.km = (SELECT MAX(u.km) FROM trip AS u)",
  "the fleet's longest trip taken for the driver's")
F("drivers:days from hire to first trip",
  "SELECT d.driver_id, MIN(t.day) - d.hired_day FROM driver AS d JOIN trip AS t ON t.driver_id = d.driver_id "
  "GROUP BY d.driver_id, d.hired_day",
  "SELECT driver_id, (SELECT MIN(t.day) FROM trip AS t WHERE t.driver_id = d.driver_id) - hired_day FROM driver AS d "
  "WHERE EXISTS (SELECT 1 FROM trip AS t WHERE t.driver_id = d.driver_id)",
  "SELECT d.driver_id, MIN(t.day) - d.hired_day FROM driver AS d LEFT JOIN trip AS t ON t.driver_id = d.driver_id "
  "GROUP BY d.driver_id, d.hired_day",
  "drivers without trips listed")
F("drivers:truck trips without a C licence driver",
  "SELECT t.trip_id FROM trip AS t JOIN vehicle AS v ON v.vehicle_id = t.vehicle_id LEFT JOIN driver AS d "
  "ON d.driver_id = t.driver_id WHERE v.kind = 'truck' AND (d.license IS NULL OR d.license <> 'C')",
  "SELECT trip_id FROM trip AS t WHERE vehicle_id IN (SELECT vehicle_id FROM vehicle WHERE kind = 'truck') "
  "AND NOT EXISTS (SELECT 1 FROM driver AS d WHERE d.driver_id = t.driver_id AND d.license = 'C')",
  "SELECT t.trip_id FROM trip AS t JOIN vehicle AS v ON v.vehicle_id = t.vehicle_id JOIN driver AS d "
  "ON d.driver_id = t.driver_id WHERE v.kind = 'truck' AND d.license <> 'C'",
  "unassigned truck trips not flagged")
F("drivers:driver days over eight hours",
  "SELECT driver_id, day FROM trip WHERE driver_id IS NOT NULL GROUP BY driver_id, day HAVING SUM(end_min - start_min) > 480",
  "SELECT DISTINCT t.driver_id, t.day FROM trip AS t WHERE (SELECT SUM(u.end_min - u.start_min) FROM trip AS u "
  "WHERE u.driver_id = t.driver_id AND u.day = t.day) > 480",
  "SELECT driver_id, day FROM trip WHERE driver_id IS NOT NULL GROUP BY driver_id, day HAVING SUM(end_min - start_min) >= 480",
  "exactly eight hours counted as over")

# --- service and maintenance
F("service:vehicles overdue for service",
  "SELECT vehicle_id FROM vehicle WHERE odometer - COALESCE(last_service_odo, 0) > service_every",
  "SELECT vehicle_id FROM vehicle WHERE (last_service_odo IS NULL AND odometer > service_every) "
  "OR odometer - last_service_odo > service_every",
  "SELECT vehicle_id FROM vehicle WHERE odometer - last_service_odo > service_every",
  "never-serviced vehicles not flagged")
F("service:km to the next service",
  "SELECT vehicle_id, COALESCE(last_service_odo, 0) + service_every - odometer FROM vehicle WHERE active = 1",
  "SELECT vehicle_id, CASE WHEN last_service_odo IS NULL THEN service_every - odometer ELSE last_service_odo "
  "+ service_every - odometer END FROM vehicle WHERE active = 1",
  "SELECT vehicle_id, last_service_odo + service_every - odometer FROM vehicle WHERE active = 1",
  "NULL for never-serviced vehicles")
F("service:completed maintenance cost per vehicle",
  "SELECT v.vehicle_id, COALESCE(SUM(m.cost), 0) FROM vehicle AS v LEFT JOIN maintenance AS m ON m.vehicle_id = "
  "v.vehicle_id AND m.done = 1 GROUP BY v.vehicle_id",
  "SELECT vehicle_id, COALESCE((SELECT SUM(m.cost) FROM maintenance AS m WHERE m.vehicle_id = v.vehicle_id "
  "AND m.done = 1), 0) FROM vehicle AS v",
  "SELECT v.vehicle_id, COALESCE(SUM(m.cost), 0) FROM vehicle AS v LEFT JOIN maintenance AS m ON m.vehicle_id = "
  "v.vehicle_id WHERE m.done = 1 GROUP BY v.vehicle_id",
  "the done filter in WHERE drops vehicles without completed work")
F("service:last maintenance per vehicle",
  "SELECT m.vehicle_id, m.kind FROM maintenance AS m WHERE m.day = (SELECT MAX(n.day) FROM maintenance AS n "
  "WHERE n.vehicle_id = m.vehicle_id)",
  "SELECT m.vehicle_id, m.kind FROM maintenance AS m LEFT JOIN maintenance AS n ON n.vehicle_id = m.vehicle_id "
  "AND n.day > m.day WHERE n.vehicle_id IS NULL",
  "SELECT m.vehicle_id, m.kind FROM maintenance AS m WHERE m.done = 1 AND m.day = (SELECT MAX(n.day) FROM maintenance "
  "AS n WHERE n.vehicle_id = m.vehicle_id)",
  "vehicles whose last job is pending dropped")
F("service:vehicles driven with maintenance pending",
  "SELECT DISTINCT m.vehicle_id FROM maintenance AS m JOIN trip AS t ON t.vehicle_id = m.vehicle_id AND t.day > m.day "
  "WHERE m.done = 0",
  "SELECT vehicle_id FROM vehicle AS v WHERE EXISTS (SELECT 1 FROM maintenance AS m WHERE m.vehicle_id = v.vehicle_id "
  "AND m.done = 0 AND EXISTS (SELECT 1 FROM trip AS t WHERE t.vehicle_id = m.vehicle_id AND t.day > m.day))",
  "SELECT DISTINCT m.vehicle_id FROM maintenance AS m JOIN trip AS t ON t.vehicle_id = m.vehicle_id AND t.day >= m.day "
  "WHERE m.done = 0",
  "a trip on the maintenance day counted as after it")
F("service:oil and tyre spend per depot",
  "SELECT v.depot_id, SUM(CASE WHEN m.kind = 'oil' THEN m.cost ELSE 0 END), SUM(CASE WHEN m.kind = 'tyres' THEN m.cost "
  "ELSE 0 END) FROM maintenance AS m JOIN vehicle AS v ON v.vehicle_id = m.vehicle_id GROUP BY v.depot_id",
  "SELECT v.depot_id, COALESCE(SUM(m.cost) FILTER (WHERE m.kind = 'oil'), 0), COALESCE(SUM(m.cost) FILTER "
  "(WHERE m.kind = 'tyres'), 0) FROM vehicle AS v JOIN maintenance AS m ON m.vehicle_id = v.vehicle_id GROUP BY v.depot_id",
  "SELECT v.depot_id, SUM(CASE WHEN m.kind = 'oil' THEN m.cost END), SUM(CASE WHEN m.kind = 'tyres' THEN m.cost END) "
  "FROM maintenance AS m JOIN vehicle AS v ON v.vehicle_id = m.vehicle_id GROUP BY v.depot_id",
  "NULL instead of 0 for depots without that work")
F("service:repeated work of one kind",
  "SELECT vehicle_id, kind FROM maintenance GROUP BY vehicle_id, kind HAVING COUNT(*) >= 2",
  "SELECT DISTINCT a.vehicle_id, a.kind FROM maintenance AS a JOIN maintenance AS b ON b.vehicle_id = a.vehicle_id "
  "AND b.kind = a.kind AND b.day <> a.day",
  "SELECT vehicle_id, kind FROM maintenance GROUP BY vehicle_id, kind HAVING COUNT(*) > 2",
  "two jobs of a kind not counted as repeated")
F("service:maintenance spend per kind for active vehicles",
  "SELECT m.kind, SUM(m.cost) FROM maintenance AS m JOIN vehicle AS v ON v.vehicle_id = m.vehicle_id WHERE v.active = 1 "
  "GROUP BY m.kind",
  "SELECT kind, SUM(cost) FROM maintenance WHERE vehicle_id IN (SELECT vehicle_id FROM vehicle WHERE active = 1) "
  "GROUP BY kind",
  "SELECT m.kind, SUM(DISTINCT m.cost) FROM maintenance AS m JOIN vehicle AS v ON v.vehicle_id = m.vehicle_id "
  "WHERE v.active = 1 GROUP BY m.kind",
  "SUM(DISTINCT) drops jobs of equal cost")

# --- geofences, depots, trips
F("fences:customer and depot on one day",
  "SELECT DISTINCT a.vehicle_id, a.day FROM gps_ping AS a JOIN geofence AS f ON f.fence_id = a.fence_id JOIN gps_ping AS b "
  "ON b.vehicle_id = a.vehicle_id AND b.day = a.day JOIN geofence AS g ON g.fence_id = b.fence_id "
  "WHERE f.kind = 'customer' AND g.kind = 'depot'",
  "SELECT p.vehicle_id, p.day FROM gps_ping AS p JOIN geofence AS f ON f.fence_id = p.fence_id WHERE f.kind = 'customer' "
  "AND p.vehicle_id IS NOT NULL AND p.day IS NOT NULL INTERSECT SELECT p.vehicle_id, p.day FROM gps_ping AS p "
  "JOIN geofence AS g ON g.fence_id = p.fence_id WHERE g.kind = 'depot'",
  "SELECT DISTINCT a.vehicle_id, a.day FROM gps_ping AS a JOIN geofence AS f ON f.fence_id = a.fence_id JOIN gps_ping AS b "
  "ON b.vehicle_id = a.vehicle_id JOIN geofence AS g ON g.fence_id = b.fence_id "
  "WHERE f.kind = 'customer' AND g.kind = 'depot'",
  "the depot visit on any day")
F("fences:pings per fence name",
  "SELECT g.name, COUNT(p.vehicle_id) FROM geofence AS g LEFT JOIN gps_ping AS p ON p.fence_id = g.fence_id GROUP BY g.name",
  "SELECT name, SUM(n) FROM (SELECT g.fence_id, g.name, (SELECT COUNT(p.vehicle_id) FROM gps_ping AS p "
  "WHERE p.fence_id = g.fence_id) AS n FROM geofence AS g) AS x GROUP BY name",
  "SELECT g.name, COUNT(*) FROM geofence AS g LEFT JOIN gps_ping AS p ON p.fence_id = g.fence_id GROUP BY g.name",
  "COUNT(*) counts fences without pings and pings without a vehicle")
F("fences:speeding inside customer fences",
  "SELECT p.vehicle_id, COUNT(*) FROM gps_ping AS p JOIN geofence AS g ON g.fence_id = p.fence_id "
  "WHERE g.kind = 'customer' AND p.speed > 30 GROUP BY p.vehicle_id",
  "SELECT vehicle_id, COUNT(*) FROM gps_ping WHERE speed > 30 AND fence_id IN (SELECT fence_id FROM geofence "
  "WHERE kind = 'customer') GROUP BY vehicle_id",
  "SELECT p.vehicle_id, COUNT(*) FROM gps_ping AS p JOIN geofence AS g ON g.fence_id = p.fence_id "
  "WHERE g.kind = 'customer' AND p.speed >= 30 GROUP BY p.vehicle_id",
  "driving at the limit counted as speeding")
F("fleet:vehicles per depot city",
  "SELECT d.city, COUNT(*) FROM vehicle AS v JOIN depot AS d ON d.depot_id = v.depot_id GROUP BY d.city",
  "SELECT city, SUM(n) FROM depot AS d JOIN (SELECT depot_id, COUNT(*) AS n FROM vehicle GROUP BY depot_id) AS c "
  "ON c.depot_id = d.depot_id GROUP BY city",
  "SELECT LOWER(d.city), COUNT(*) FROM vehicle AS v JOIN depot AS d ON d.depot_id = v.depot_id GROUP BY LOWER(d.city)",
  "city names differing only in case merged")
F("fleet:makes present in every region",
  "SELECT v.make FROM vehicle AS v JOIN depot AS d ON d.depot_id = v.depot_id GROUP BY v.make "
  "HAVING COUNT(DISTINCT d.region) = (SELECT COUNT(DISTINCT region) FROM depot)",
  "SELECT DISTINCT v.make FROM vehicle AS v WHERE NOT EXISTS (SELECT 1 FROM depot AS r WHERE NOT EXISTS (SELECT 1 "
  "FROM vehicle AS w JOIN depot AS d ON d.depot_id = w.depot_id WHERE w.make = v.make AND d.region = r.region))",
  "SELECT v.make FROM vehicle AS v JOIN depot AS d ON d.depot_id = v.depot_id GROUP BY v.make "
  "HAVING COUNT(DISTINCT d.depot_id) = (SELECT COUNT(*) FROM depot)",
  "every depot required instead of every region")
F("fleet:inactive vehicles with trips",
  "SELECT v.vehicle_id FROM vehicle AS v WHERE v.active = 0 AND EXISTS (SELECT 1 FROM trip AS t "
  "WHERE t.vehicle_id = v.vehicle_id)",
  "SELECT DISTINCT v.vehicle_id FROM vehicle AS v JOIN trip AS t ON t.vehicle_id = v.vehicle_id WHERE v.active = 0",
  "SELECT v.vehicle_id FROM vehicle AS v JOIN trip AS t ON t.vehicle_id = v.vehicle_id WHERE v.active = 0",
  "a vehicle listed once per trip")
F("fleet:depots without trucks",
  "SELECT depot_id FROM depot EXCEPT SELECT depot_id FROM vehicle WHERE kind = 'truck'",
  "SELECT d.depot_id FROM depot AS d WHERE NOT EXISTS (SELECT 1 FROM vehicle AS v WHERE v.depot_id = d.depot_id "
  "AND v.kind = 'truck')",
  "SELECT DISTINCT depot_id FROM vehicle WHERE kind <> 'truck'",
  "depots with any other vehicle listed; depots without vehicles lost")
F("trips:trips starting at night",
  "SELECT trip_id FROM trip WHERE start_min < 360 OR start_min >= 1320",
  "SELECT trip_id FROM trip WHERE NOT (start_min BETWEEN 360 AND 1319)",
  "SELECT trip_id FROM trip WHERE start_min < 6 OR start_min >= 22",
  "hours taken for minutes")
F("trips:km per driver with unassigned trips as one group",
  "SELECT driver_id, SUM(km) FROM trip GROUP BY driver_id",
  "SELECT NULL, SUM(km) FROM trip WHERE driver_id IS NULL HAVING COUNT(*) > 0 UNION ALL SELECT driver_id, SUM(km) "
  "FROM trip WHERE driver_id IS NOT NULL GROUP BY driver_id",
  "SELECT NULL, SUM(km) FROM trip WHERE driver_id IS NULL UNION ALL SELECT driver_id, SUM(km) "
  "FROM trip WHERE driver_id IS NOT NULL GROUP BY driver_id",
  "an empty unassigned group reported as a row")
F("trips:average trip km per vehicle kind",
  "SELECT v.kind, AVG(t.km) FROM trip AS t JOIN vehicle AS v ON v.vehicle_id = t.vehicle_id GROUP BY v.kind",
  "SELECT kind, SUM(s) / SUM(n) FROM (SELECT v.kind, t.vehicle_id, SUM(t.km) AS s, COUNT(*) AS n FROM trip AS t "
  "JOIN vehicle AS v ON v.vehicle_id = t.vehicle_id GROUP BY v.kind, t.vehicle_id) AS x GROUP BY kind",
  "SELECT kind, AVG(s) FROM (SELECT v.kind, t.vehicle_id, SUM(t.km) AS s FROM trip AS t "
  "JOIN vehicle AS v ON v.vehicle_id = t.vehicle_id GROUP BY v.kind, t.vehicle_id) AS x GROUP BY kind",
  "the average per vehicle taken for the average per trip")
F("trips:first start and last end per vehicle and day",
  "SELECT vehicle_id, day, MIN(start_min), MAX(end_min) FROM trip GROUP BY vehicle_id, day",
  "SELECT DISTINCT vehicle_id, day, MIN(start_min) OVER (PARTITION BY vehicle_id, day), MAX(end_min) OVER (PARTITION BY "
  "vehicle_id, day) FROM trip",
  "SELECT vehicle_id, day, MIN(start_min), MAX(start_min) FROM trip GROUP BY vehicle_id, day",
  "the last start taken for the last end")

# ================================================================ SaaS billing (subbill)
# shared fragments: subscriptions in force on day 20 that are not trials, and their plans
IN_FORCE_20 = "s.start_day <= 20 AND (s.end_day IS NULL OR s.end_day > 20)"
SUB_PLAN = "FROM subscription AS s JOIN plan AS p ON p.plan_id = s.plan_id"

# --- MRR
S("mrr:MRR per plan on day 20",
  "SELECT s.plan_id, SUM(CASE WHEN p.billing_interval = 'year' THEN p.price / 12 ELSE p.price END * s.quantity) "
  + SUB_PLAN + " WHERE " + IN_FORCE_20 + " AND s.status <> 'trialing' GROUP BY s.plan_id",
  "SELECT plan_id, SUM(m) FROM (SELECT s.plan_id, p.price / 12 * s.quantity AS m " + SUB_PLAN
  + " WHERE p.billing_interval = 'year' AND " + IN_FORCE_20 + " AND s.status <> 'trialing' UNION ALL "
  "SELECT s.plan_id, p.price * s.quantity " + SUB_PLAN + " WHERE p.billing_interval <> 'year' AND " + IN_FORCE_20
  + " AND s.status <> 'trialing') AS x GROUP BY plan_id",
  "SELECT s.plan_id, SUM(CASE WHEN p.billing_interval = 'year' THEN p.price / 12 ELSE p.price END * s.quantity) "
  + SUB_PLAN + " WHERE " + IN_FORCE_20 + " GROUP BY s.plan_id",
  "trials counted in MRR")
S("mrr:monthly MRR per customer",
  "SELECT s.cust_id, SUM(p.price * s.quantity) " + SUB_PLAN + " WHERE s.end_day IS NULL AND s.status = 'active' "
  "AND p.billing_interval = 'month' GROUP BY s.cust_id",
  "SELECT c.cust_id, (SELECT SUM(p.price * s.quantity) " + SUB_PLAN + " WHERE s.cust_id = c.cust_id AND s.end_day IS NULL "
  "AND s.status = 'active' AND p.billing_interval = 'month') FROM customer AS c WHERE EXISTS (SELECT 1 " + SUB_PLAN
  + " WHERE s.cust_id = c.cust_id AND s.end_day IS NULL AND s.status = 'active' AND p.billing_interval = 'month')",
  "SELECT s.cust_id, SUM(p.price) " + SUB_PLAN + " WHERE s.end_day IS NULL AND s.status = 'active' "
  "AND p.billing_interval = 'month' GROUP BY s.cust_id",
  "seats ignored")
S("mrr:new paid subscriptions per start day",
  "SELECT start_day, COUNT(*) FROM subscription WHERE status <> 'trialing' GROUP BY start_day",
  "SELECT d.start_day, (SELECT COUNT(*) FROM subscription AS s WHERE s.start_day = d.start_day AND s.status <> 'trialing') "
  "FROM (SELECT DISTINCT start_day FROM subscription WHERE status <> 'trialing') AS d",
  "SELECT start_day, COUNT(DISTINCT cust_id) FROM subscription WHERE status <> 'trialing' GROUP BY start_day",
  "customers counted instead of subscriptions")
S("mrr:first subscription day per customer",
  "SELECT cust_id, MIN(start_day) FROM subscription GROUP BY cust_id",
  "SELECT s.cust_id, s.start_day FROM subscription AS s WHERE NOT EXISTS (SELECT 1 FROM subscription AS t "
  "WHERE t.cust_id = s.cust_id AND t.start_day < s.start_day) GROUP BY s.cust_id, s.start_day",
  "SELECT s.cust_id, s.start_day FROM subscription AS s WHERE NOT EXISTS (SELECT 1 FROM subscription AS t "
  "WHERE t.cust_id = s.cust_id AND t.start_day < s.start_day)",
  "a customer with two subscriptions on the first day listed twice")
S("mrr:seat expansion on a plan",
  "SELECT DISTINCT a.cust_id FROM subscription AS a JOIN subscription AS b ON b.cust_id = a.cust_id AND b.plan_id = "
  "a.plan_id AND b.start_day > a.start_day AND b.quantity > a.quantity",
  "SELECT cust_id FROM customer AS c WHERE EXISTS (SELECT 1 FROM subscription AS a, subscription AS b WHERE a.cust_id = "
  "c.cust_id AND b.cust_id = c.cust_id AND b.plan_id = a.plan_id AND b.start_day > a.start_day AND b.quantity > a.quantity)",
  "SELECT DISTINCT a.cust_id FROM subscription AS a JOIN subscription AS b ON b.cust_id = a.cust_id AND b.plan_id = "
  "a.plan_id AND b.start_day >= a.start_day AND b.quantity > a.quantity",
  "a subscription started the same day taken as an expansion")
S("mrr:churned MRR between day 15 and day 31",
  "SELECT SUM(p.price * s.quantity) " + SUB_PLAN + " WHERE s.end_day > 15 AND s.end_day <= 31 AND s.status = 'canceled'",
  "SELECT SUM(t) FROM (SELECT p.price * s.quantity AS t FROM plan AS p JOIN subscription AS s ON s.plan_id = p.plan_id "
  "WHERE s.status = 'canceled' AND s.end_day BETWEEN 16 AND 31) AS x",
  "SELECT SUM(p.price * s.quantity) " + SUB_PLAN + " WHERE s.end_day >= 15 AND s.end_day <= 31 AND s.status = 'canceled'",
  "cancellations on day 15 counted in the window")
S("mrr:plans without active subscriptions",
  "SELECT plan_id FROM plan AS p WHERE NOT EXISTS (SELECT 1 FROM subscription AS s WHERE s.plan_id = p.plan_id "
  "AND s.status = 'active')",
  "SELECT plan_id FROM plan EXCEPT SELECT plan_id FROM subscription WHERE status = 'active'",
  "SELECT p.plan_id FROM plan AS p JOIN subscription AS s ON s.plan_id = p.plan_id WHERE s.status <> 'active'",
  "plans with any inactive subscription listed; plans without subscriptions lost")
S("mrr:customers on two plans at once",
  "SELECT DISTINCT a.cust_id FROM subscription AS a JOIN subscription AS b ON b.cust_id = a.cust_id AND b.sub_id <> a.sub_id "
  "AND b.plan_id <> a.plan_id WHERE a.end_day IS NULL AND b.end_day IS NULL",
  "SELECT cust_id FROM subscription WHERE end_day IS NULL GROUP BY cust_id HAVING COUNT(DISTINCT plan_id) > 1",
  "SELECT cust_id FROM subscription WHERE end_day IS NULL GROUP BY cust_id HAVING COUNT(*) > 1",
  "two subscriptions of one plan taken as two plans")
S("mrr:revenue per account per segment",
  "SELECT c.segment, SUM(p.price * s.quantity) / COUNT(DISTINCT s.cust_id) " + SUB_PLAN
  + " JOIN customer AS c ON c.cust_id = s.cust_id WHERE s.status = 'active' GROUP BY c.segment",
  "SELECT segment, AVG(m) FROM (SELECT c.segment, c.cust_id, SUM(p.price * s.quantity) AS m FROM customer AS c "
  "JOIN subscription AS s ON s.cust_id = c.cust_id JOIN plan AS p ON p.plan_id = s.plan_id WHERE s.status = 'active' "
  "GROUP BY c.segment, c.cust_id) AS x GROUP BY segment",
  "SELECT c.segment, AVG(p.price * s.quantity) " + SUB_PLAN
  + " JOIN customer AS c ON c.cust_id = s.cust_id WHERE s.status = 'active' GROUP BY c.segment",
  "revenue per subscription taken for revenue per account")
S("mrr:seats per billing interval",
  "SELECT p.billing_interval, SUM(s.quantity) " + SUB_PLAN + " GROUP BY p.billing_interval",
  "SELECT billing_interval, SUM(q) FROM plan AS p JOIN (SELECT plan_id, SUM(quantity) AS q FROM subscription "
  "GROUP BY plan_id) AS x ON x.plan_id = p.plan_id GROUP BY billing_interval",
  "SELECT p.billing_interval, COUNT(*) " + SUB_PLAN + " GROUP BY p.billing_interval",
  "subscriptions counted instead of seats")
S("mrr:cumulative new MRR by start day",
  "SELECT s.start_day, SUM(SUM(p.price * s.quantity)) OVER (ORDER BY s.start_day) " + SUB_PLAN + " GROUP BY s.start_day",
  "SELECT d.start_day, (SELECT SUM(p.price * s.quantity) " + SUB_PLAN + " WHERE s.start_day <= d.start_day) "
  "FROM (SELECT DISTINCT start_day FROM subscription) AS d",
  "SELECT d.start_day, (SELECT SUM(p.price * s.quantity) " + SUB_PLAN + " WHERE s.start_day < d.start_day) "
  "FROM (SELECT DISTINCT start_day FROM subscription) AS d",
  "the day's own new subscriptions left out")

# --- churn
S("churn:churned customers",
  "SELECT cust_id FROM subscription GROUP BY cust_id HAVING COUNT(end_day) = COUNT(*)",
  "SELECT DISTINCT s.cust_id FROM subscription AS s WHERE NOT EXISTS (SELECT 1 FROM subscription AS t "
  "WHERE t.cust_id = s.cust_id AND t.end_day IS NULL)",
  "SELECT DISTINCT cust_id FROM subscription WHERE end_day IS NOT NULL",
  "a customer with any ended subscription taken as churned")
S("churn:cancellation rate per plan",
  "SELECT plan_id, SUM(CASE WHEN status = 'canceled' THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM subscription "
  "GROUP BY plan_id",
  "SELECT p.plan_id, c.n * 1.0 / t.n FROM plan AS p JOIN (SELECT plan_id, COUNT(*) AS n FROM subscription "
  "GROUP BY plan_id) AS t ON t.plan_id = p.plan_id JOIN (SELECT plan_id, COUNT(CASE WHEN status = 'canceled' THEN 1 END) "
  "AS n FROM subscription GROUP BY plan_id) AS c ON c.plan_id = p.plan_id",
  "SELECT p.plan_id, c.n * 1.0 / t.n FROM plan AS p JOIN (SELECT plan_id, COUNT(*) AS n FROM subscription "
  "GROUP BY plan_id) AS t ON t.plan_id = p.plan_id JOIN (SELECT plan_id, COUNT(*) AS n FROM subscription "
  "WHERE status = 'canceled' GROUP BY plan_id) AS c ON c.plan_id = p.plan_id",
  "plans without cancellations dropped by the inner join")
S("churn:customer lifetime to day 60",
  "SELECT cust_id, MAX(COALESCE(end_day, 60)) - MIN(start_day) FROM subscription GROUP BY cust_id",
  "SELECT cust_id, CASE WHEN COUNT(*) > COUNT(end_day) AND (MAX(end_day) IS NULL OR MAX(end_day) < 60) THEN 60 "
  "ELSE MAX(end_day) END - MIN(start_day) FROM subscription GROUP BY cust_id",
  "SELECT cust_id, MAX(end_day) - MIN(start_day) FROM subscription GROUP BY cust_id",
  "subscriptions still running ignored")
S("churn:reactivated customers",
  "SELECT DISTINCT a.cust_id FROM subscription AS a JOIN subscription AS b ON b.cust_id = a.cust_id "
  "AND b.start_day > a.end_day",
  "SELECT cust_id FROM customer AS c WHERE EXISTS (SELECT 1 FROM subscription AS a WHERE a.cust_id = c.cust_id "
  "AND EXISTS (SELECT 1 FROM subscription AS b WHERE b.cust_id = a.cust_id AND b.start_day > a.end_day))",
  "SELECT DISTINCT a.cust_id FROM subscription AS a JOIN subscription AS b ON b.cust_id = a.cust_id "
  "AND b.start_day >= a.end_day",
  "an upgrade on the day the old plan ends taken as a reactivation")
S("churn:cancellations per country",
  "SELECT c.country, COUNT(*) FROM subscription AS s JOIN customer AS c ON c.cust_id = s.cust_id "
  "WHERE s.status = 'canceled' GROUP BY c.country",
  "SELECT country, SUM(n) FROM customer AS c JOIN (SELECT cust_id, COUNT(*) AS n FROM subscription "
  "WHERE status = 'canceled' GROUP BY cust_id) AS x ON x.cust_id = c.cust_id GROUP BY country",
  "SELECT c.country, COUNT(DISTINCT c.cust_id) FROM subscription AS s JOIN customer AS c ON c.cust_id = s.cust_id "
  "WHERE s.status = 'canceled' GROUP BY c.country",
  "churned customers counted instead of cancellations")
S("churn:trials that converted",
  "SELECT t.sub_id FROM subscription AS t WHERE t.status = 'trialing' AND EXISTS (SELECT 1 FROM subscription AS a "
  "WHERE a.cust_id = t.cust_id AND a.status = 'active' AND a.start_day >= t.start_day)",
  "SELECT DISTINCT t.sub_id FROM subscription AS t JOIN subscription AS a ON a.cust_id = t.cust_id "
  "AND a.start_day >= t.start_day WHERE t.status = 'trialing' AND a.status = 'active'",
  "SELECT t.sub_id FROM subscription AS t JOIN subscription AS a ON a.cust_id = t.cust_id "
  "AND a.start_day >= t.start_day WHERE t.status = 'trialing' AND a.status = 'active'",
  "a trial listed once per later paid subscription")
S("churn:days to cancellation per plan",
  "SELECT plan_id, AVG(end_day - start_day) FROM subscription WHERE status = 'canceled' GROUP BY plan_id",
  "SELECT plan_id, SUM(end_day - start_day) * 1.0 / NULLIF(COUNT(end_day), 0) FROM subscription "
  "WHERE status = 'canceled' GROUP BY plan_id",
  "SELECT plan_id, AVG(COALESCE(end_day, 60) - start_day) FROM subscription WHERE status = 'canceled' GROUP BY plan_id",
  "cancellations without an end day measured to day 60")
S("churn:customers without an active subscription",
  "SELECT c.cust_id FROM customer AS c LEFT JOIN subscription AS s ON s.cust_id = c.cust_id AND s.status = 'active' "
  "WHERE s.sub_id IS NULL",
  "SELECT cust_id FROM customer WHERE cust_id NOT IN (SELECT cust_id FROM subscription WHERE status = 'active')",
  "SELECT cust_id FROM customer WHERE cust_id NOT IN (SELECT cust_id FROM subscription)",
  "customers with a cancelled subscription taken as active")

# --- receivables
S("ar:balance due per open invoice",
  "SELECT i.inv_id, i.total - COALESCE((SELECT SUM(p.amount) FROM payment AS p WHERE p.inv_id = i.inv_id "
  "AND p.status = 'succeeded'), 0) - COALESCE((SELECT SUM(c.amount) FROM credit_note AS c WHERE c.inv_id = i.inv_id), 0) "
  "FROM invoice AS i WHERE i.status = 'open'",
  "SELECT i.inv_id, i.total - COALESCE(p.s, 0) - COALESCE(c.s, 0) FROM invoice AS i LEFT JOIN (SELECT inv_id, SUM(amount) "
  "AS s FROM payment WHERE status = 'succeeded' GROUP BY inv_id) AS p ON p.inv_id = i.inv_id LEFT JOIN (SELECT inv_id, "
  "SUM(amount) AS s FROM credit_note GROUP BY inv_id) AS c ON c.inv_id = i.inv_id WHERE i.status = 'open'",
  "SELECT i.inv_id, i.total - COALESCE(SUM(p.amount), 0) - COALESCE(SUM(c.amount), 0) FROM invoice AS i LEFT JOIN "
  "payment AS p ON p.inv_id = i.inv_id AND p.status = 'succeeded' LEFT JOIN credit_note AS c ON c.inv_id = i.inv_id "
  "WHERE i.status = 'open' GROUP BY i.inv_id, i.total",
  "payments and credits joined together (each repeated by the other's count)")
S("ar:open amount per customer",
  "SELECT cust_id, SUM(total) FROM invoice WHERE status = 'open' GROUP BY cust_id",
  "SELECT c.cust_id, (SELECT SUM(i.total) FROM invoice AS i WHERE i.cust_id = c.cust_id AND i.status = 'open') "
  "FROM customer AS c WHERE c.cust_id IN (SELECT cust_id FROM invoice WHERE status = 'open')",
  "SELECT cust_id, SUM(total) FROM invoice WHERE status <> 'paid' GROUP BY cust_id",
  "void and uncollectible invoices counted as open")
S("ar:days overdue on day 31",
  "SELECT inv_id, 31 - due_day FROM invoice WHERE status = 'open' AND due_day < 31",
  "SELECT inv_id, 31 - due_day FROM invoice WHERE status = 'open' AND 31 - due_day > 0",
  "SELECT inv_id, 31 - due_day FROM invoice WHERE status = 'open' AND due_day <= 31",
  "invoices due on day 31 listed as overdue")
S("ar:aging buckets on day 60",
  "SELECT CASE WHEN 60 - due_day <= 0 THEN 'current' WHEN 60 - due_day <= 30 THEN '1-30' ELSE '31+' END, COUNT(*), "
  "SUM(total) FROM invoice WHERE status = 'open' GROUP BY CASE WHEN 60 - due_day <= 0 THEN 'current' "
  "WHEN 60 - due_day <= 30 THEN '1-30' ELSE '31+' END",
  "SELECT b, COUNT(*), SUM(total) FROM (SELECT total, CASE WHEN due_day >= 60 THEN 'current' WHEN due_day >= 30 "
  "THEN '1-30' ELSE '31+' END AS b FROM invoice WHERE status = 'open') AS x GROUP BY b",
  "SELECT b, COUNT(*), SUM(total) FROM (SELECT total, CASE WHEN due_day > 60 THEN 'current' WHEN due_day >= 30 "
  "THEN '1-30' ELSE '31+' END AS b FROM invoice WHERE status = 'open') AS x GROUP BY b",
  "an invoice due today counted as overdue")
S("ar:invoices paid late",
  "SELECT DISTINCT i.inv_id FROM invoice AS i JOIN payment AS p ON p.inv_id = i.inv_id WHERE p.status = 'succeeded' "
  "AND p.day > i.due_day",
  "SELECT inv_id FROM invoice AS i WHERE due_day < (SELECT MAX(p.day) FROM payment AS p WHERE p.inv_id = i.inv_id "
  "AND p.status = 'succeeded')",
  "SELECT inv_id FROM invoice AS i WHERE due_day < (SELECT MIN(p.day) FROM payment AS p WHERE p.inv_id = i.inv_id "
  "AND p.status = 'succeeded')",
  "only the first payment's day compared")
S("ar:invoice totals that differ from their lines",
  "SELECT i.inv_id FROM invoice AS i JOIN invoice_line AS l ON l.inv_id = i.inv_id GROUP BY i.inv_id, i.total "
  "HAVING SUM(l.amount) <> i.total",
  "SELECT inv_id FROM invoice AS i WHERE total <> (SELECT SUM(l.amount) FROM invoice_line AS l WHERE l.inv_id = i.inv_id)",
  "SELECT inv_id FROM invoice AS i WHERE total <> COALESCE((SELECT SUM(l.amount) FROM invoice_line AS l "
  "WHERE l.inv_id = i.inv_id), 0)",
  "invoices without lines flagged")
S("ar:customers with only paid invoices",
  "SELECT cust_id FROM invoice GROUP BY cust_id HAVING SUM(CASE WHEN status <> 'paid' THEN 1 ELSE 0 END) = 0",
  "SELECT DISTINCT cust_id FROM invoice EXCEPT SELECT cust_id FROM invoice WHERE status <> 'paid'",
  "SELECT cust_id FROM invoice GROUP BY cust_id HAVING SUM(CASE WHEN status = 'open' THEN 1 ELSE 0 END) = 0",
  "void and uncollectible invoices taken as settled")
S("ar:largest open invoices per customer with ties",
  "SELECT cust_id, inv_id FROM invoice AS i WHERE status = 'open' AND total = (SELECT MAX(j.total) FROM invoice AS j "
  "WHERE j.cust_id = i.cust_id AND j.status = 'open')",
  "SELECT cust_id, inv_id FROM (SELECT cust_id, inv_id, RANK() OVER (PARTITION BY cust_id ORDER BY total DESC) AS rk "
  "FROM invoice WHERE status = 'open') AS x WHERE rk = 1",
  "SELECT cust_id, inv_id FROM invoice AS i WHERE status = 'open' AND total = (SELECT MAX(j.total) FROM invoice AS j "
  "WHERE j.cust_id = i.cust_id)",
  "the largest of all the customer's invoices taken")
S("ar:credited share per invoice",
  "SELECT i.inv_id, SUM(c.amount) / i.total FROM invoice AS i JOIN credit_note AS c ON c.inv_id = i.inv_id "
  "WHERE i.total > 0 GROUP BY i.inv_id, i.total",
  "SELECT inv_id, (SELECT SUM(c.amount) FROM credit_note AS c WHERE c.inv_id = i.inv_id) / total FROM invoice AS i "
  "WHERE total > 0 AND EXISTS (SELECT 1 FROM credit_note AS c WHERE c.inv_id = i.inv_id)",
  "SELECT i.inv_id, SUM(c.amount) / i.total FROM invoice AS i LEFT JOIN credit_note AS c ON c.inv_id = i.inv_id "
  "WHERE i.total > 0 GROUP BY i.inv_id, i.total",
  "invoices without credits listed")
S("ar:line amounts per kind per invoice",
  "SELECT inv_id, SUM(CASE WHEN kind = 'subscription' THEN amount ELSE 0 END), SUM(CASE WHEN kind = 'usage' THEN amount "
  "ELSE 0 END), SUM(CASE WHEN kind = 'proration' THEN amount ELSE 0 END) FROM invoice_line GROUP BY inv_id",
  "SELECT i.inv_id, COALESCE(s.a, 0), COALESCE(u.a, 0), COALESCE(p.a, 0) FROM (SELECT DISTINCT inv_id FROM invoice_line) "
  "AS i LEFT JOIN (SELECT inv_id, SUM(amount) AS a FROM invoice_line WHERE kind = 'subscription' GROUP BY inv_id) AS s "
  "ON s.inv_id = i.inv_id LEFT JOIN (SELECT inv_id, SUM(amount) AS a FROM invoice_line WHERE kind = 'usage' "
  "GROUP BY inv_id) AS u ON u.inv_id = i.inv_id LEFT JOIN (SELECT inv_id, SUM(amount) AS a FROM invoice_line "
  "WHERE kind = 'proration' GROUP BY inv_id) AS p ON p.inv_id = i.inv_id",
  "SELECT inv_id, SUM(CASE WHEN kind = 'subscription' THEN amount ELSE 0 END), SUM(CASE WHEN kind = 'usage' THEN amount "
  "ELSE 0 END), SUM(CASE WHEN kind = 'proration' AND amount > 0 THEN amount ELSE 0 END) FROM invoice_line GROUP BY inv_id",
  "proration credits (negative lines) dropped")
S("ar:void invoices with a payment",
  "SELECT i.inv_id FROM invoice AS i WHERE i.status = 'void' AND i.inv_id IN (SELECT inv_id FROM payment "
  "WHERE status = 'succeeded')",
  "SELECT DISTINCT i.inv_id FROM invoice AS i JOIN payment AS p ON p.inv_id = i.inv_id WHERE i.status = 'void' "
  "AND p.status = 'succeeded'",
  "SELECT DISTINCT i.inv_id FROM invoice AS i JOIN payment AS p ON p.inv_id = i.inv_id WHERE i.status = 'void' "
  "AND p.status <> 'failed'",
  "pending payments counted")
S("ar:one-off invoices per customer",
  "SELECT cust_id, COUNT(*) FROM invoice WHERE sub_id IS NULL GROUP BY cust_id",
  "SELECT cust_id, COUNT(*) - COUNT(sub_id) FROM invoice GROUP BY cust_id HAVING COUNT(*) > COUNT(sub_id)",
  "SELECT cust_id, COUNT(*) FROM invoice WHERE sub_id NOT IN (SELECT sub_id FROM subscription) GROUP BY cust_id",
  "NOT IN is never true for a NULL subscription")
S("ar:invoice number per customer",
  "SELECT cust_id, inv_id, ROW_NUMBER() OVER (PARTITION BY cust_id ORDER BY day, inv_id) FROM invoice",
  "SELECT i.cust_id, i.inv_id, (SELECT COUNT(*) FROM invoice AS j WHERE j.cust_id = i.cust_id AND (j.day < i.day "
  "OR (j.day = i.day AND j.inv_id <= i.inv_id))) FROM invoice AS i",
  "SELECT cust_id, inv_id, ROW_NUMBER() OVER (PARTITION BY cust_id ORDER BY inv_id) FROM invoice",
  "the id order taken for the date order")
S("ar:five largest open invoices",
  "SELECT inv_id, total FROM invoice WHERE status = 'open' ORDER BY total DESC, inv_id LIMIT 5",
  "SELECT inv_id, total FROM (SELECT inv_id, total, ROW_NUMBER() OVER (ORDER BY total DESC, inv_id) AS rn FROM invoice "
  "WHERE status = 'open') AS x WHERE rn <= 5 ORDER BY rn",
  "SELECT inv_id, total FROM invoice WHERE status = 'open' ORDER BY total DESC, inv_id DESC LIMIT 5",
  "ties broken by the highest id", semantics="list")

# --- payments and retries
S("payments:failed attempts per invoice",
  "SELECT inv_id, COUNT(*) FROM payment WHERE status = 'failed' GROUP BY inv_id",
  "SELECT i.inv_id, COUNT(*) FROM invoice AS i JOIN payment AS p ON p.inv_id = i.inv_id AND p.status = 'failed' "
  "GROUP BY i.inv_id",
  "SELECT inv_id, MAX(attempt) FROM payment WHERE status = 'failed' GROUP BY inv_id",
  "the highest attempt number taken for the number of failures")
S("payments:invoices recovered after a failure",
  "SELECT DISTINCT f.inv_id FROM payment AS f JOIN payment AS s ON s.inv_id = f.inv_id AND s.attempt > f.attempt "
  "WHERE f.status = 'failed' AND s.status = 'succeeded'",
  "SELECT inv_id FROM payment GROUP BY inv_id HAVING MIN(CASE WHEN status = 'failed' THEN attempt END) < "
  "MAX(CASE WHEN status = 'succeeded' THEN attempt END)",
  "SELECT DISTINCT f.inv_id FROM payment AS f JOIN payment AS s ON s.inv_id = f.inv_id AND s.attempt >= f.attempt "
  "WHERE f.status = 'failed' AND s.status = 'succeeded'",
  "a success on the same attempt number counted as a recovery")
S("payments:success rate per attempt number",
  "SELECT attempt, SUM(CASE WHEN status = 'succeeded' THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM payment GROUP BY attempt",
  "SELECT attempt, AVG(CASE WHEN status = 'succeeded' THEN 1.0 ELSE 0.0 END) FROM payment GROUP BY attempt",
  "SELECT attempt, SUM(CASE WHEN status = 'succeeded' THEN 1 ELSE 0 END) * 1.0 / NULLIF(SUM(CASE WHEN status <> 'pending' "
  "THEN 1 ELSE 0 END), 0) FROM payment GROUP BY attempt",
  "pending attempts left out of the denominator")
S("payments:first successful payment day per invoice",
  "SELECT inv_id, MIN(day) FROM payment WHERE status = 'succeeded' GROUP BY inv_id",
  "SELECT inv_id, day FROM (SELECT inv_id, day, ROW_NUMBER() OVER (PARTITION BY inv_id ORDER BY day) AS rn FROM payment "
  "WHERE status = 'succeeded') AS x WHERE rn = 1",
  "SELECT inv_id, MIN(day) FROM payment WHERE inv_id IN (SELECT inv_id FROM payment WHERE status = 'succeeded') "
  "GROUP BY inv_id",
  "failed attempts before the success counted")
S("payments:collected per day",
  "SELECT day, SUM(amount) FROM payment WHERE status = 'succeeded' GROUP BY day",
  "SELECT p.day, SUM(p.amount) FROM payment AS p JOIN invoice AS i ON i.inv_id = p.inv_id WHERE p.status = 'succeeded' "
  "GROUP BY p.day",
  "SELECT p.day, SUM(p.amount) FROM payment AS p JOIN invoice AS i ON i.inv_id = p.inv_id WHERE p.status = 'succeeded' "
  "AND i.status = 'paid' GROUP BY p.day",
  "payments on invoices not yet marked paid dropped")
S("payments:overpaid invoices",
  "SELECT i.inv_id FROM invoice AS i JOIN payment AS p ON p.inv_id = i.inv_id WHERE p.status = 'succeeded' "
  "GROUP BY i.inv_id, i.total HAVING SUM(p.amount) > i.total",
  "SELECT inv_id FROM invoice AS i WHERE total < (SELECT SUM(p.amount) FROM payment AS p WHERE p.inv_id = i.inv_id "
  "AND p.status = 'succeeded')",
  "SELECT i.inv_id FROM invoice AS i JOIN payment AS p ON p.inv_id = i.inv_id GROUP BY i.inv_id, i.total "
  "HAVING SUM(p.amount) > i.total",
  "failed attempts counted as paid")
S("payments:customers with failures and no success",
  "SELECT DISTINCT i.cust_id FROM invoice AS i JOIN payment AS p ON p.inv_id = i.inv_id WHERE p.status = 'failed' "
  "AND NOT EXISTS (SELECT 1 FROM invoice AS j JOIN payment AS q ON q.inv_id = j.inv_id WHERE j.cust_id = i.cust_id "
  "AND q.status = 'succeeded')",
  "SELECT i.cust_id FROM invoice AS i JOIN payment AS p ON p.inv_id = i.inv_id GROUP BY i.cust_id "
  "HAVING SUM(CASE WHEN p.status = 'failed' THEN 1 ELSE 0 END) > 0 AND SUM(CASE WHEN p.status = 'succeeded' "
  "THEN 1 ELSE 0 END) = 0",
  "SELECT DISTINCT i.cust_id FROM invoice AS i JOIN payment AS p ON p.inv_id = i.inv_id WHERE p.status = 'failed' "
  "AND NOT EXISTS (SELECT 1 FROM payment AS q WHERE q.inv_id = i.inv_id AND q.status = 'succeeded')",
  "a success checked on the same invoice only")
S("payments:collected per invoice, SQLite",
  "SELECT i.inv_id, TOTAL(p.amount) FROM invoice AS i LEFT JOIN payment AS p ON p.inv_id = i.inv_id "
  "AND p.status = 'succeeded' GROUP BY i.inv_id",
  "SELECT inv_id, IFNULL((SELECT SUM(p.amount) FROM payment AS p WHERE p.inv_id = i.inv_id AND p.status = 'succeeded'), "
  "0.0) FROM invoice AS i",
  "SELECT i.inv_id, SUM(p.amount) FROM invoice AS i LEFT JOIN payment AS p ON p.inv_id = i.inv_id "
  "AND p.status = 'succeeded' GROUP BY i.inv_id",
  "NULL instead of 0 for invoices without payments", dialect="sqlite")
S("payments:highest retry per customer",
  "SELECT i.cust_id, MAX(p.attempt) FROM invoice AS i JOIN payment AS p ON p.inv_id = i.inv_id GROUP BY i.cust_id",
  "SELECT cust_id, MAX(a) FROM (SELECT inv_id, MAX(attempt) AS a FROM payment GROUP BY inv_id) AS x JOIN invoice AS i "
  "ON i.inv_id = x.inv_id GROUP BY cust_id",
  "SELECT i.cust_id, COUNT(*) FROM invoice AS i JOIN payment AS p ON p.inv_id = i.inv_id GROUP BY i.cust_id",
  "payments counted instead of the highest attempt")

# --- credit notes
S("credits:credit notes per reason",
  "SELECT reason, COUNT(*), SUM(amount) FROM credit_note GROUP BY reason",
  "SELECT reason, COUNT(*), SUM(amount) FROM credit_note WHERE reason IS NOT NULL GROUP BY reason UNION ALL "
  "SELECT NULL, COUNT(*), SUM(amount) FROM credit_note WHERE reason IS NULL HAVING COUNT(*) > 0",
  "SELECT COALESCE(reason, 'refund'), COUNT(*), SUM(amount) FROM credit_note GROUP BY COALESCE(reason, 'refund')",
  "credits without a reason counted as refunds")
S("credits:credits after the last payment of a paid invoice",
  "SELECT c.credit_id FROM credit_note AS c JOIN invoice AS i ON i.inv_id = c.inv_id WHERE i.status = 'paid' "
  "AND c.day > (SELECT MAX(p.day) FROM payment AS p WHERE p.inv_id = i.inv_id AND p.status = 'succeeded')",
  "SELECT c.credit_id FROM credit_note AS c WHERE EXISTS (SELECT 1 FROM invoice AS i WHERE i.inv_id = c.inv_id "
  "AND i.status = 'paid') AND EXISTS (SELECT 1 FROM payment AS p WHERE p.inv_id = c.inv_id AND p.status = 'succeeded') "
  "AND NOT EXISTS (SELECT 1 FROM payment AS p WHERE p.inv_id = c.inv_id AND p.status = 'succeeded' AND p.day >= c.day)",
  "SELECT c.credit_id FROM credit_note AS c WHERE EXISTS (SELECT 1 FROM invoice AS i WHERE i.inv_id = c.inv_id "
  "AND i.status = 'paid') AND NOT EXISTS (SELECT 1 FROM payment AS p WHERE p.inv_id = c.inv_id AND p.status = 'succeeded' "
  "AND p.day >= c.day)",
  "paid invoices without a recorded payment included")
S("credits:net paid revenue per customer",
  "SELECT i.cust_id, SUM(i.total) - COALESCE(SUM(c.cr), 0) FROM invoice AS i LEFT JOIN (SELECT inv_id, SUM(amount) AS cr "
  "FROM credit_note GROUP BY inv_id) AS c ON c.inv_id = i.inv_id WHERE i.status = 'paid' GROUP BY i.cust_id",
  "SELECT cust_id, SUM(total) - COALESCE((SELECT SUM(c.amount) FROM credit_note AS c JOIN invoice AS j "
  "ON j.inv_id = c.inv_id WHERE j.cust_id = i.cust_id AND j.status = 'paid'), 0) FROM invoice AS i "
  "WHERE status = 'paid' GROUP BY cust_id",
  "SELECT i.cust_id, SUM(i.total) - COALESCE(SUM(c.amount), 0) FROM invoice AS i LEFT JOIN credit_note AS c "
  "ON c.inv_id = i.inv_id WHERE i.status = 'paid' GROUP BY i.cust_id",
  "an invoice total counted once per credit note")
S("credits:invoices credited in full",
  "SELECT i.inv_id FROM invoice AS i JOIN credit_note AS c ON c.inv_id = i.inv_id GROUP BY i.inv_id, i.total "
  "HAVING SUM(c.amount) >= i.total",
  "SELECT inv_id FROM invoice AS i WHERE EXISTS (SELECT 1 FROM credit_note AS c WHERE c.inv_id = i.inv_id) "
  "AND total <= (SELECT SUM(c.amount) FROM credit_note AS c WHERE c.inv_id = i.inv_id)",
  "SELECT i.inv_id FROM invoice AS i JOIN credit_note AS c ON c.inv_id = i.inv_id GROUP BY i.inv_id, i.total "
  "HAVING SUM(c.amount) > i.total",
  "credits equal to the total not taken as full")

# --- usage and overage
S("usage:units per subscription in the first period",
  "SELECT sub_id, SUM(units) FROM usage_record WHERE day BETWEEN 1 AND 15 GROUP BY sub_id",
  "SELECT sub_id, SUM(units) FROM usage_record WHERE day >= 1 AND day < 16 GROUP BY sub_id",
  "SELECT sub_id, SUM(units) FROM usage_record WHERE day >= 1 AND day < 15 GROUP BY sub_id",
  "the period's last day left out")
S("usage:overage units per subscription",
  "SELECT u.sub_id, SUM(u.units) - p.included_units FROM usage_record AS u JOIN subscription AS s ON s.sub_id = u.sub_id "
  "JOIN plan AS p ON p.plan_id = s.plan_id GROUP BY u.sub_id, p.included_units HAVING SUM(u.units) > p.included_units",
  "SELECT x.sub_id, x.n - p.included_units FROM (SELECT sub_id, SUM(units) AS n FROM usage_record GROUP BY sub_id) AS x "
  "JOIN subscription AS s ON s.sub_id = x.sub_id JOIN plan AS p ON p.plan_id = s.plan_id WHERE x.n > p.included_units",
  "SELECT u.sub_id, SUM(u.units) - COALESCE(p.included_units, 0) FROM usage_record AS u JOIN subscription AS s "
  "ON s.sub_id = u.sub_id JOIN plan AS p ON p.plan_id = s.plan_id GROUP BY u.sub_id, p.included_units "
  "HAVING SUM(u.units) > COALESCE(p.included_units, 0)",
  "unlimited plans billed for overage")
S("usage:overage charge per subscription",
  "SELECT s.sub_id, CASE WHEN x.n > p.included_units THEN (x.n - p.included_units) * p.unit_price ELSE 0 END "
  + SUB_PLAN + " JOIN (SELECT sub_id, SUM(units) AS n FROM usage_record GROUP BY sub_id) AS x ON x.sub_id = s.sub_id",
  "SELECT s.sub_id, (CASE WHEN SUM(u.units) - p.included_units > 0 THEN SUM(u.units) - p.included_units ELSE 0 END) "
  "* p.unit_price " + SUB_PLAN + " JOIN usage_record AS u ON u.sub_id = s.sub_id GROUP BY s.sub_id, p.included_units, "
  "p.unit_price",
  "SELECT s.sub_id, SUM(CASE WHEN u.units > p.included_units THEN (u.units - p.included_units) * p.unit_price ELSE 0 END) "
  + SUB_PLAN + " JOIN usage_record AS u ON u.sub_id = s.sub_id GROUP BY s.sub_id",
  "the allowance applied to each day's record instead of the period")
S("usage:active subscriptions without usage",
  "SELECT sub_id FROM subscription AS s WHERE status = 'active' AND NOT EXISTS (SELECT 1 FROM usage_record AS u "
  "WHERE u.sub_id = s.sub_id AND u.units > 0)",
  "SELECT sub_id FROM subscription WHERE status = 'active' EXCEPT SELECT sub_id FROM usage_record WHERE units > 0",
  "SELECT sub_id FROM subscription AS s WHERE status = 'active' AND NOT EXISTS (SELECT 1 FROM usage_record AS u "
  "WHERE u.sub_id = s.sub_id)",
  "records of zero units taken as usage")
S("usage:peak usage days with ties",
  "SELECT sub_id, day FROM usage_record AS u WHERE units = (SELECT MAX(v.units) FROM usage_record AS v "
  "WHERE v.sub_id = u.sub_id)",
  "SELECT u.sub_id, u.day FROM usage_record AS u LEFT JOIN usage_record AS v ON v.sub_id = u.sub_id AND v.units > u.units "
  "WHERE v.sub_id IS NULL",
  "SELECT sub_id, day FROM (SELECT sub_id, day, ROW_NUMBER() OVER (PARTITION BY sub_id ORDER BY units DESC, day) AS rn "
  "FROM usage_record) AS x WHERE rn = 1",
  "tied peak days cut to the first")
S("usage:units per plan and day",
  "SELECT s.plan_id, u.day, SUM(u.units) FROM usage_record AS u JOIN subscription AS s ON s.sub_id = u.sub_id "
  "GROUP BY s.plan_id, u.day",
  "SELECT p.plan_id, u.day, SUM(u.units) FROM plan AS p JOIN subscription AS s ON s.plan_id = p.plan_id "
  "JOIN usage_record AS u ON u.sub_id = s.sub_id GROUP BY p.plan_id, u.day",
  "SELECT s.plan_id, u.day, SUM(u.units * s.quantity) FROM usage_record AS u JOIN subscription AS s ON s.sub_id = u.sub_id "
  "GROUP BY s.plan_id, u.day",
  "units multiplied by seats")
S("usage:usage recorded outside the subscription",
  "SELECT u.sub_id, u.day FROM usage_record AS u JOIN subscription AS s ON s.sub_id = u.sub_id "
  "WHERE u.day < s.start_day OR u.day >= s.end_day",
  "SELECT sub_id, day FROM usage_record AS u WHERE EXISTS (SELECT 1 FROM subscription AS s WHERE s.sub_id = u.sub_id "
  "AND NOT (u.day >= s.start_day AND (s.end_day IS NULL OR u.day < s.end_day)))",
  "SELECT u.sub_id, u.day FROM usage_record AS u JOIN subscription AS s ON s.sub_id = u.sub_id "
  "WHERE u.day < s.start_day OR u.day > s.end_day",
  "usage on the end day taken as inside")
S("usage:running units per subscription",
  "SELECT sub_id, day, SUM(units) OVER (PARTITION BY sub_id ORDER BY day) FROM usage_record",
  "SELECT u.sub_id, u.day, (SELECT SUM(v.units) FROM usage_record AS v WHERE v.sub_id = u.sub_id AND v.day <= u.day) "
  "FROM usage_record AS u",
  "SELECT sub_id, day, SUM(units) OVER (ORDER BY day) FROM usage_record",
  "the running total taken across subscriptions")
S("usage:allowance used, SQLite",
  "SELECT s.sub_id, MIN(SUM(u.units), p.included_units) " + SUB_PLAN + " JOIN usage_record AS u ON u.sub_id = s.sub_id "
  "GROUP BY s.sub_id, p.included_units",
  "SELECT s.sub_id, CASE WHEN p.included_units IS NULL THEN NULL WHEN SUM(u.units) < p.included_units THEN SUM(u.units) "
  "ELSE p.included_units END " + SUB_PLAN + " JOIN usage_record AS u ON u.sub_id = s.sub_id "
  "GROUP BY s.sub_id, p.included_units",
  "SELECT s.sub_id, CASE WHEN SUM(u.units) > p.included_units THEN p.included_units ELSE SUM(u.units) END " + SUB_PLAN
  + " JOIN usage_record AS u ON u.sub_id = s.sub_id GROUP BY s.sub_id, p.included_units",
  "unlimited plans show their usage instead of NULL", dialect="sqlite")
S("usage:prorated first charge for a mid-period start",
  "SELECT s.sub_id, p.price * (31 - s.start_day) / 30 " + SUB_PLAN + " WHERE p.billing_interval = 'month' "
  "AND s.start_day BETWEEN 1 AND 30",
  "SELECT s.sub_id, p.price * (30 - (s.start_day - 1)) / 30 " + SUB_PLAN + " WHERE p.billing_interval = 'month' "
  "AND s.start_day >= 1 AND s.start_day <= 30",
  "SELECT s.sub_id, p.price * (30 - s.start_day) / 30 " + SUB_PLAN + " WHERE p.billing_interval = 'month' "
  "AND s.start_day BETWEEN 1 AND 30",
  "the start day itself not charged")
S("usage:proration credits per invoice",
  "SELECT inv_id, SUM(amount) FROM invoice_line WHERE kind = 'proration' AND amount < 0 GROUP BY inv_id",
  "SELECT i.inv_id, (SELECT SUM(l.amount) FROM invoice_line AS l WHERE l.inv_id = i.inv_id AND l.kind = 'proration' "
  "AND l.amount < 0) FROM invoice AS i WHERE EXISTS (SELECT 1 FROM invoice_line AS l WHERE l.inv_id = i.inv_id "
  "AND l.kind = 'proration' AND l.amount < 0)",
  "SELECT inv_id, SUM(amount) FROM invoice_line WHERE kind = 'proration' AND amount <= 0 GROUP BY inv_id",
  "zero proration lines taken as credits")

# --- dunning (keyless log)
S("dunning:invoices per dunning step",
  "SELECT step, COUNT(DISTINCT inv_id) FROM dunning_log WHERE step IS NOT NULL GROUP BY step",
  "SELECT step, COUNT(inv_id) FROM (SELECT DISTINCT step, inv_id FROM dunning_log WHERE step IS NOT NULL) AS x "
  "GROUP BY step",
  "SELECT step, COUNT(inv_id) FROM dunning_log WHERE step IS NOT NULL GROUP BY step",
  "repeated log rows counted")
S("dunning:unpaid invoices at the final step",
  "SELECT DISTINCT d.inv_id FROM dunning_log AS d JOIN invoice AS i ON i.inv_id = d.inv_id WHERE d.step = 'final' "
  "AND i.status <> 'paid'",
  "SELECT inv_id FROM invoice WHERE status <> 'paid' AND inv_id IN (SELECT inv_id FROM dunning_log WHERE step = 'final')",
  "SELECT d.inv_id FROM dunning_log AS d JOIN invoice AS i ON i.inv_id = d.inv_id WHERE d.step = 'final' "
  "AND i.status <> 'paid'",
  "an invoice listed once per final-step log row")
S("dunning:bounced emails per customer",
  "SELECT i.cust_id, COUNT(*) FROM dunning_log AS d JOIN invoice AS i ON i.inv_id = d.inv_id WHERE d.outcome = 'bounced' "
  "GROUP BY i.cust_id",
  "SELECT cust_id, SUM(n) FROM invoice AS i JOIN (SELECT inv_id, COUNT(*) AS n FROM dunning_log WHERE outcome = 'bounced' "
  "GROUP BY inv_id) AS b ON b.inv_id = i.inv_id GROUP BY cust_id",
  "SELECT i.cust_id, COUNT(DISTINCT d.inv_id) FROM dunning_log AS d JOIN invoice AS i ON i.inv_id = d.inv_id "
  "WHERE d.outcome = 'bounced' GROUP BY i.cust_id",
  "invoices counted instead of bounces")
S("dunning:open invoices never dunned",
  "SELECT inv_id FROM invoice AS i WHERE status = 'open' AND NOT EXISTS (SELECT 1 FROM dunning_log AS d "
  "WHERE d.inv_id = i.inv_id)",
  "SELECT inv_id FROM invoice WHERE status = 'open' AND inv_id NOT IN (SELECT inv_id FROM dunning_log "
  "WHERE inv_id IS NOT NULL)",
  "SELECT inv_id FROM invoice AS i WHERE status = 'open' AND NOT EXISTS (SELECT 1 FROM dunning_log AS d "
  "WHERE d.inv_id = i.inv_id AND d.day > i.due_day)",
  "reminders sent before the due day ignored")
S("dunning:days from due day to first reminder",
  "SELECT i.inv_id, MIN(d.day) - i.due_day FROM invoice AS i JOIN dunning_log AS d ON d.inv_id = i.inv_id "
  "GROUP BY i.inv_id, i.due_day",
  "SELECT inv_id, (SELECT MIN(d.day) FROM dunning_log AS d WHERE d.inv_id = i.inv_id) - due_day FROM invoice AS i "
  "WHERE EXISTS (SELECT 1 FROM dunning_log AS d WHERE d.inv_id = i.inv_id)",
  "SELECT i.inv_id, MIN(d.day - i.day) FROM invoice AS i JOIN dunning_log AS d ON d.inv_id = i.inv_id GROUP BY i.inv_id",
  "counted from the invoice day instead of the due day")
S("dunning:reminders followed by payment per step",
  "SELECT d.step, COUNT(*) FROM dunning_log AS d JOIN invoice AS i ON i.inv_id = d.inv_id WHERE d.outcome = 'paid' "
  "AND i.status = 'paid' GROUP BY d.step",
  "SELECT step, COUNT(*) FROM dunning_log WHERE outcome = 'paid' AND inv_id IN (SELECT inv_id FROM invoice "
  "WHERE status = 'paid') GROUP BY step",
  "SELECT d.step, COUNT(*) FROM dunning_log AS d LEFT JOIN invoice AS i ON i.inv_id = d.inv_id AND i.status = 'paid' "
  "WHERE d.outcome = 'paid' GROUP BY d.step",
  "the invoice status put in an outer join's ON filters nothing")

# --- customers
S("customers:duplicate emails ignoring case",
  "SELECT LOWER(email), COUNT(*) FROM customer GROUP BY LOWER(email) HAVING COUNT(*) > 1",
  "SELECT DISTINCT LOWER(a.email), (SELECT COUNT(*) FROM customer AS c WHERE LOWER(c.email) = LOWER(a.email)) "
  "FROM customer AS a JOIN customer AS b ON LOWER(b.email) = LOWER(a.email) AND b.cust_id <> a.cust_id",
  "SELECT LOWER(email), COUNT(*) FROM customer GROUP BY email HAVING COUNT(*) > 1",
  "only exact duplicates found")
S("customers:paying customers per segment",
  "SELECT c.segment, COUNT(DISTINCT c.cust_id) FROM customer AS c JOIN invoice AS i ON i.cust_id = c.cust_id "
  "WHERE i.status = 'paid' AND i.total > 0 GROUP BY c.segment",
  "SELECT segment, COUNT(*) FROM customer AS c WHERE EXISTS (SELECT 1 FROM invoice AS i WHERE i.cust_id = c.cust_id "
  "AND i.status = 'paid' AND i.total > 0) GROUP BY segment",
  "SELECT c.segment, COUNT(*) FROM customer AS c JOIN invoice AS i ON i.cust_id = c.cust_id "
  "WHERE i.status = 'paid' AND i.total > 0 GROUP BY c.segment",
  "paid invoices counted instead of customers")
S("customers:invoiced before signing up",
  "SELECT DISTINCT c.cust_id FROM customer AS c JOIN invoice AS i ON i.cust_id = c.cust_id WHERE i.day < c.created_day",
  "SELECT cust_id FROM customer AS c WHERE created_day > (SELECT MIN(i.day) FROM invoice AS i WHERE i.cust_id = c.cust_id)",
  "SELECT DISTINCT c.cust_id FROM customer AS c JOIN invoice AS i ON i.cust_id = c.cust_id WHERE i.day <= c.created_day",
  "an invoice on the signup day taken as before it")
S("customers:plan changes per customer",
  "SELECT cust_id, COUNT(DISTINCT plan_id) - 1 FROM subscription GROUP BY cust_id",
  "SELECT cust_id, COUNT(*) - 1 FROM (SELECT DISTINCT cust_id, plan_id FROM subscription) AS x GROUP BY cust_id",
  "SELECT cust_id, COUNT(*) - 1 FROM subscription GROUP BY cust_id",
  "a renewal on the same plan counted as a change")
