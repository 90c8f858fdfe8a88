"""The pairs of the twenty-fourth held-out prover corpus (``benchmarks/corpus/prover24/``), as
written (``prover24_build.py`` checks them in SQLite and writes the corpus).

Three sources: veterinary practice report SQL (ezyVet, Cornerstone and AVImark reports:
vaccination compliance and overdue reminders, revenue per vet, no-show rate, patients not seen
in a year, drug usage per month, average invoice per species, client retention, controlled-drug
log balances) against the hand-written query for the same report, on a new vet schema;
engineering-metrics report SQL on code review data (GitHub, GitLab, LinearB and Sleuth reports:
time to first review, review coverage, PRs merged without approval, reviewer load, rework
rate, cycle time per repo, flaky checks, self-merging authors, DORA-like deploy counts) against
an equivalent formulation, on a new review schema; and EV charging back-office report SQL
(ChargePoint and OCPP back-office reports: utilisation per charger, energy per site per day,
idle time after full, faults per connector type, sessions overlapping a fault, revenue by the
tariff in force, chargers without sessions, concurrent sessions per site) against the
hand-written query, on a new charging schema. Each ``add`` call is one equivalent pair and one
realistic non-equivalent mutant. Written from the author's own SQL for these reports; not taken
from any prover benchmark, rule test, tool's test suite or published pair set; the verifier was
not read.
"""

from __future__ import annotations

from benchmarks.held_out_pairs import pair_book

SOURCES = {
    "veterinary_clinic": ("vet", "veterinary practice report SQL (ezyVet, Cornerstone, AVImark reports: vaccination "
                                 "compliance and overdue reminders, revenue per vet, no-show rate, patients not seen "
                                 "in a year, drug usage, average invoice per species, client retention, "
                                 "controlled-drug log balances) against the hand-written query for the same report"),
    "code_review": ("review", "engineering-metrics report SQL on code review data (GitHub, GitLab, LinearB, Sleuth "
                              "reports: time to first review, review coverage, merges without approval, reviewer "
                              "load, rework rate, cycle time, flaky checks, self-merges, DORA-like counts) against "
                              "an equivalent formulation"),
    "ev_charging": ("charging", "EV charging back-office report SQL (ChargePoint, OCPP back-office reports: "
                                "utilisation per charger, energy per site per day, idle time after full, faults per "
                                "connector type, sessions overlapping a fault, revenue by tariff in force, idle "
                                "chargers, concurrent sessions) against the hand-written query"),
}
FILE = {k: k for k in SOURCES}


PAIRS, add = pair_book("prover24", SOURCES, FILE)


def V(rule, gold, pred, mutant, mutation, **kw):
    """A veterinary practice report's SQL (gold) against the hand-written query (pred), vet."""
    add("veterinary_clinic", rule, gold, pred, mutant, mutation, **kw)


def R(rule, gold, pred, mutant, mutation, **kw):
    """A code review metrics report's SQL (gold) against an equivalent formulation (pred), review."""
    add("code_review", rule, gold, pred, mutant, mutation, **kw)


def C(rule, gold, pred, mutant, mutation, **kw):
    """An EV charging back-office report's SQL (gold) against the hand-written query (pred), charging."""
    add("ev_charging", rule, gold, pred, mutant, mutation, **kw)


# ================================================================ veterinary clinic (vet)
# --- vaccination compliance and reminders
V("vaccination:overdue vaccinations on day 730",
  "SELECT v.pet_id, v.vaccine FROM vaccination AS v WHERE v.due_day < 730 AND NOT EXISTS (SELECT 1 FROM vaccination "
  "AS w WHERE w.pet_id = v.pet_id AND w.vaccine = v.vaccine AND w.given_day > v.given_day)",
  "SELECT pet_id, vaccine FROM (SELECT pet_id, vaccine, due_day, ROW_NUMBER() OVER (PARTITION BY pet_id, vaccine "
  "ORDER BY given_day DESC) AS rn FROM vaccination) AS x WHERE rn = 1 AND due_day < 730",
  "SELECT v.pet_id, v.vaccine FROM vaccination AS v WHERE v.due_day <= 730 AND NOT EXISTS (SELECT 1 FROM vaccination "
  "AS w WHERE w.pet_id = v.pet_id AND w.vaccine = v.vaccine AND w.given_day > v.given_day)",
  "a vaccine due on day 730 counted overdue")
V("vaccination:living pets with an overdue vaccine per owner",
  "SELECT p.owner_id, COUNT(DISTINCT p.pet_id) FROM pet AS p JOIN vaccination AS v ON v.pet_id = p.pet_id "
  "WHERE p.deceased = 0 AND v.due_day < 730 AND NOT EXISTS (SELECT 1 FROM vaccination AS w WHERE w.pet_id = v.pet_id "
  "AND w.vaccine = v.vaccine AND w.given_day > v.given_day) GROUP BY p.owner_id",
  "SELECT owner_id, COUNT(*) FROM pet AS p WHERE deceased = 0 AND EXISTS (SELECT 1 FROM vaccination AS v "
  "WHERE v.pet_id = p.pet_id AND v.due_day < 730 AND v.given_day = (SELECT MAX(w.given_day) FROM vaccination AS w "
  "WHERE w.pet_id = v.pet_id AND w.vaccine = v.vaccine)) GROUP BY owner_id",
  "SELECT p.owner_id, COUNT(DISTINCT p.pet_id) FROM pet AS p JOIN vaccination AS v ON v.pet_id = p.pet_id "
  "WHERE p.deceased = 0 AND v.due_day < 730 GROUP BY p.owner_id",
  "an old record overdue though the vaccine was renewed since")
V("vaccination:pets never vaccinated against rabies",
  "SELECT p.pet_id FROM pet AS p WHERE NOT EXISTS (SELECT 1 FROM vaccination AS v WHERE v.pet_id = p.pet_id "
  "AND v.vaccine = 'rabies')",
  "SELECT p.pet_id FROM pet AS p LEFT JOIN vaccination AS v ON v.pet_id = p.pet_id AND v.vaccine = 'rabies' "
  "WHERE v.pet_id IS NULL",
  "SELECT p.pet_id FROM pet AS p LEFT JOIN vaccination AS v ON v.pet_id = p.pet_id "
  "WHERE v.pet_id IS NULL OR v.vaccine <> 'rabies'",
  "a pet listed once per other vaccine though it also had rabies")
V("vaccination:rabies compliance per species",
  "SELECT p.species, AVG(CASE WHEN EXISTS (SELECT 1 FROM vaccination AS v WHERE v.pet_id = p.pet_id "
  "AND v.vaccine = 'rabies' AND v.due_day >= 730) THEN 1.0 ELSE 0.0 END) FROM pet AS p WHERE p.deceased = 0 "
  "GROUP BY p.species",
  "SELECT p.species, COUNT(DISTINCT v.pet_id) * 1.0 / COUNT(DISTINCT p.pet_id) FROM pet AS p LEFT JOIN vaccination AS v "
  "ON v.pet_id = p.pet_id AND v.vaccine = 'rabies' AND v.due_day >= 730 WHERE p.deceased = 0 GROUP BY p.species",
  "SELECT p.species, COUNT(DISTINCT v.pet_id) * 1.0 / COUNT(DISTINCT p.pet_id) FROM pet AS p LEFT JOIN vaccination AS v "
  "ON v.pet_id = p.pet_id AND v.vaccine = 'rabies' AND v.due_day >= 730 GROUP BY p.species",
  "deceased pets counted")
V("vaccination:vaccinations per vet per month with unassigned ones",
  "SELECT vet_id, given_day / 30, COUNT(*) FROM vaccination GROUP BY vet_id, given_day / 30",
  "SELECT vet_id, given_day / 30, COUNT(*) FROM vaccination WHERE vet_id IS NOT NULL GROUP BY vet_id, given_day / 30 "
  "UNION ALL SELECT NULL, given_day / 30, COUNT(*) FROM vaccination WHERE vet_id IS NULL GROUP BY given_day / 30",
  "SELECT vet_id, given_day / 30, COUNT(*) FROM vaccination WHERE vet_id IS NOT NULL GROUP BY vet_id, given_day / 30 "
  "UNION ALL SELECT NULL, given_day / 30, COUNT(vet_id) FROM vaccination WHERE vet_id IS NULL GROUP BY given_day / 30",
  "unassigned vaccinations counted with COUNT(vet_id)")
V("vaccination:reminders due in the next 30 days",
  "SELECT pet_id, vaccine, due_day FROM vaccination WHERE due_day BETWEEN 730 AND 759",
  "SELECT pet_id, vaccine, due_day FROM vaccination WHERE due_day >= 730 AND due_day < 760",
  "SELECT pet_id, vaccine, due_day FROM vaccination WHERE due_day >= 730 AND due_day <= 760",
  "a vaccine due on day 760 reminded")
V("vaccination:pets whose every vaccination is current",
  "SELECT pet_id FROM vaccination GROUP BY pet_id HAVING COUNT(*) = COUNT(CASE WHEN due_day >= 730 THEN 1 END)",
  "SELECT DISTINCT v.pet_id FROM vaccination AS v WHERE NOT EXISTS (SELECT 1 FROM vaccination AS w "
  "WHERE w.pet_id = v.pet_id AND (w.due_day < 730 OR w.due_day IS NULL))",
  "SELECT pet_id FROM vaccination GROUP BY pet_id HAVING MIN(due_day) >= 730",
  "records without a due day ignored")
V("vaccination:vaccine types per pet including none",
  "SELECT p.pet_id, COUNT(DISTINCT v.vaccine) FROM pet AS p LEFT JOIN vaccination AS v ON v.pet_id = p.pet_id "
  "GROUP BY p.pet_id",
  "SELECT pet_id, (SELECT COUNT(DISTINCT vaccine) FROM vaccination AS v WHERE v.pet_id = p.pet_id) FROM pet AS p",
  "SELECT p.pet_id, COUNT(*) FROM pet AS p LEFT JOIN vaccination AS v ON v.pet_id = p.pet_id GROUP BY p.pet_id",
  "records counted, and 1 for an unvaccinated pet")
V("vaccination:first rabies shot per pet",
  "SELECT pet_id, MIN(given_day) FROM vaccination WHERE vaccine = 'rabies' GROUP BY pet_id",
  "SELECT v.pet_id, v.given_day FROM vaccination AS v WHERE v.vaccine = 'rabies' AND NOT EXISTS (SELECT 1 "
  "FROM vaccination AS w WHERE w.pet_id = v.pet_id AND w.vaccine = 'rabies' AND w.given_day < v.given_day)",
  "SELECT v.pet_id, v.given_day FROM vaccination AS v WHERE v.vaccine = 'rabies' AND NOT EXISTS (SELECT 1 "
  "FROM vaccination AS w WHERE w.pet_id = v.pet_id AND w.given_day < v.given_day)",
  "an earlier vaccine of another kind hides the first rabies shot")
V("vaccination:days since the last vaccination per living pet",
  "SELECT p.pet_id, 730 - MAX(v.given_day) FROM pet AS p JOIN vaccination AS v ON v.pet_id = p.pet_id "
  "WHERE p.deceased = 0 GROUP BY p.pet_id",
  "SELECT pet_id, 730 - (SELECT v.given_day FROM vaccination AS v WHERE v.pet_id = p.pet_id ORDER BY v.given_day DESC "
  "LIMIT 1) FROM pet AS p WHERE deceased = 0 AND EXISTS (SELECT 1 FROM vaccination AS v WHERE v.pet_id = p.pet_id)",
  "SELECT p.pet_id, 730 - MIN(v.given_day) FROM pet AS p JOIN vaccination AS v ON v.pet_id = p.pet_id "
  "WHERE p.deceased = 0 GROUP BY p.pet_id",
  "days since the first vaccination")
V("vaccination:current share per vaccine",
  "SELECT vaccine, AVG(due_day >= 730) FROM vaccination GROUP BY vaccine",
  "SELECT vaccine, SUM(IIF(due_day >= 730, 1, 0)) * 1.0 / COUNT(due_day) FROM vaccination GROUP BY vaccine",
  "SELECT vaccine, SUM(IIF(due_day >= 730, 1, 0)) * 1.0 / COUNT(*) FROM vaccination GROUP BY vaccine",
  "records without a due day counted as lapsed", dialect="sqlite")

# --- revenue per vet and per species
V("revenue:treatment revenue per vet on completed visits",
  "SELECT a.vet_id, SUM(t.qty * t.unit_cents) FROM appointment AS a JOIN treatment AS t ON t.appt_id = a.appt_id "
  "WHERE a.status = 'completed' AND a.vet_id IS NOT NULL GROUP BY a.vet_id",
  "SELECT vet_id, SUM(s) FROM (SELECT appt_id, SUM(qty * unit_cents) AS s FROM treatment GROUP BY appt_id) AS x "
  "JOIN appointment AS a USING (appt_id) WHERE status = 'completed' AND vet_id IS NOT NULL GROUP BY vet_id",
  "SELECT a.vet_id, SUM(t.qty * t.unit_cents) FROM appointment AS a JOIN treatment AS t ON t.appt_id = a.appt_id "
  "WHERE a.vet_id IS NOT NULL GROUP BY a.vet_id",
  "treatments of visits not completed counted")
V("revenue:revenue per vet including vets without visits",
  "SELECT v.vet_id, COALESCE(SUM(t.qty * t.unit_cents), 0) FROM vet AS v LEFT JOIN appointment AS a "
  "ON a.vet_id = v.vet_id AND a.status = 'completed' LEFT JOIN treatment AS t ON t.appt_id = a.appt_id GROUP BY v.vet_id",
  "SELECT vet_id, COALESCE((SELECT SUM(t.qty * t.unit_cents) FROM appointment AS a JOIN treatment AS t "
  "ON t.appt_id = a.appt_id WHERE a.vet_id = v.vet_id AND a.status = 'completed'), 0) FROM vet AS v",
  "SELECT v.vet_id, COALESCE(SUM(t.qty * t.unit_cents), 0) FROM vet AS v LEFT JOIN appointment AS a "
  "ON a.vet_id = v.vet_id LEFT JOIN treatment AS t ON t.appt_id = a.appt_id WHERE a.status = 'completed' "
  "GROUP BY v.vet_id",
  "the status filter moved to WHERE drops vets without completed visits")
V("revenue:invoices that do not match their treatments",
  "SELECT i.inv_id FROM invoice AS i JOIN (SELECT appt_id, SUM(qty * unit_cents) AS s FROM treatment GROUP BY appt_id) "
  "AS t ON t.appt_id = i.appt_id WHERE i.total_cents <> t.s",
  "SELECT inv_id FROM invoice AS i WHERE i.total_cents <> (SELECT SUM(qty * unit_cents) FROM treatment AS t "
  "WHERE t.appt_id = i.appt_id)",
  "SELECT inv_id FROM invoice AS i WHERE i.total_cents <> COALESCE((SELECT SUM(qty * unit_cents) FROM treatment AS t "
  "WHERE t.appt_id = i.appt_id), 0)",
  "invoices without treatments (counter sales too) flagged")
V("revenue:top earning vet with ties",
  "WITH r AS (SELECT a.vet_id, SUM(t.qty * t.unit_cents) AS rev FROM appointment AS a JOIN treatment AS t "
  "ON t.appt_id = a.appt_id WHERE a.vet_id IS NOT NULL GROUP BY a.vet_id) SELECT vet_id, rev FROM r "
  "WHERE rev = (SELECT MAX(rev) FROM r)",
  "SELECT vet_id, rev FROM (SELECT a.vet_id, SUM(t.qty * t.unit_cents) AS rev, RANK() OVER (ORDER BY "
  "SUM(t.qty * t.unit_cents) DESC) AS rk FROM appointment AS a JOIN treatment AS t ON t.appt_id = a.appt_id "
  "WHERE a.vet_id IS NOT NULL GROUP BY a.vet_id) AS x WHERE rk = 1",
  "SELECT a.vet_id, SUM(t.qty * t.unit_cents) AS rev FROM appointment AS a JOIN treatment AS t "
  "ON t.appt_id = a.appt_id WHERE a.vet_id IS NOT NULL GROUP BY a.vet_id ORDER BY rev DESC LIMIT 1",
  "tied vets cut to one")
V("revenue:treatment revenue per code per month",
  "SELECT t.code, a.day / 30, SUM(t.qty * t.unit_cents) FROM treatment AS t JOIN appointment AS a "
  "ON a.appt_id = t.appt_id GROUP BY t.code, a.day / 30",
  "SELECT code, m, SUM(v) FROM (SELECT t.code, (SELECT a.day FROM appointment AS a WHERE a.appt_id = t.appt_id) / 30 "
  "AS m, t.qty * t.unit_cents AS v FROM treatment AS t) AS x GROUP BY code, m",
  "SELECT t.code, a.day / 31, SUM(t.qty * t.unit_cents) FROM treatment AS t JOIN appointment AS a "
  "ON a.appt_id = t.appt_id GROUP BY t.code, a.day / 31",
  "months of 31 days")
V("revenue:average invoice per species",
  "SELECT p.species, AVG(i.total_cents) FROM invoice AS i JOIN appointment AS a ON a.appt_id = i.appt_id "
  "JOIN pet AS p ON p.pet_id = a.pet_id WHERE i.status <> 'void' GROUP BY p.species",
  "SELECT species, SUM(total_cents) * 1.0 / COUNT(*) FROM (SELECT i.total_cents, (SELECT p.species FROM appointment "
  "AS a JOIN pet AS p ON p.pet_id = a.pet_id WHERE a.appt_id = i.appt_id) AS species FROM invoice AS i "
  "WHERE i.status <> 'void' AND i.appt_id IS NOT NULL) AS x GROUP BY species",
  "SELECT p.species, AVG(i.total_cents) FROM invoice AS i JOIN pet AS p ON p.owner_id = i.owner_id "
  "WHERE i.status <> 'void' GROUP BY p.species",
  "invoices joined to every pet of the owner instead of the visit's pet")
V("revenue:share of treatment revenue per vet",
  "SELECT vet_id, rev * 1.0 / SUM(rev) OVER () FROM (SELECT a.vet_id, SUM(t.qty * t.unit_cents) AS rev "
  "FROM appointment AS a JOIN treatment AS t ON t.appt_id = a.appt_id WHERE a.vet_id IS NOT NULL GROUP BY a.vet_id) AS x",
  "SELECT x.vet_id, x.rev * 1.0 / y.tot FROM (SELECT a.vet_id, SUM(t.qty * t.unit_cents) AS rev FROM appointment AS a "
  "JOIN treatment AS t ON t.appt_id = a.appt_id WHERE a.vet_id IS NOT NULL GROUP BY a.vet_id) AS x CROSS JOIN "
  "(SELECT SUM(t.qty * t.unit_cents) AS tot FROM appointment AS a JOIN treatment AS t ON t.appt_id = a.appt_id "
  "WHERE a.vet_id IS NOT NULL) AS y",
  "SELECT x.vet_id, x.rev * 1.0 / y.tot FROM (SELECT a.vet_id, SUM(t.qty * t.unit_cents) AS rev FROM appointment AS a "
  "JOIN treatment AS t ON t.appt_id = a.appt_id WHERE a.vet_id IS NOT NULL GROUP BY a.vet_id) AS x CROSS JOIN "
  "(SELECT SUM(qty * unit_cents) AS tot FROM treatment) AS y",
  "the total includes unassigned visits")
V("revenue:revenue per vet by visit kind",
  "SELECT a.vet_id, SUM(CASE WHEN a.kind = 'wellness' THEN t.qty * t.unit_cents ELSE 0 END), "
  "SUM(CASE WHEN a.kind = 'surgery' THEN t.qty * t.unit_cents ELSE 0 END) FROM appointment AS a JOIN treatment AS t "
  "ON t.appt_id = a.appt_id WHERE a.vet_id IS NOT NULL GROUP BY a.vet_id",
  "SELECT a.vet_id, COALESCE(SUM(t.qty * t.unit_cents) FILTER (WHERE a.kind = 'wellness'), 0), "
  "COALESCE(SUM(t.qty * t.unit_cents) FILTER (WHERE a.kind = 'surgery'), 0) FROM appointment AS a JOIN treatment AS t "
  "ON t.appt_id = a.appt_id WHERE a.vet_id IS NOT NULL GROUP BY a.vet_id",
  "SELECT a.vet_id, SUM(t.qty * t.unit_cents) FILTER (WHERE a.kind = 'wellness'), "
  "SUM(t.qty * t.unit_cents) FILTER (WHERE a.kind = 'surgery') FROM appointment AS a JOIN treatment AS t "
  "ON t.appt_id = a.appt_id WHERE a.vet_id IS NOT NULL GROUP BY a.vet_id",
  "NULL instead of 0 for a vet without that kind of visit")
V("revenue:three top earning vets",
  "SELECT a.vet_id, SUM(t.qty * t.unit_cents) AS rev FROM appointment AS a JOIN treatment AS t ON t.appt_id = a.appt_id "
  "WHERE a.vet_id IS NOT NULL GROUP BY a.vet_id ORDER BY rev DESC, a.vet_id LIMIT 3",
  "SELECT vet_id, rev FROM (SELECT a.vet_id, SUM(t.qty * t.unit_cents) AS rev, ROW_NUMBER() OVER (ORDER BY "
  "SUM(t.qty * t.unit_cents) DESC, a.vet_id) AS rn FROM appointment AS a JOIN treatment AS t ON t.appt_id = a.appt_id "
  "WHERE a.vet_id IS NOT NULL GROUP BY a.vet_id) AS x WHERE rn <= 3 ORDER BY rn",
  "SELECT a.vet_id, SUM(t.qty * t.unit_cents) AS rev FROM appointment AS a JOIN treatment AS t ON t.appt_id = a.appt_id "
  "WHERE a.vet_id IS NOT NULL GROUP BY a.vet_id ORDER BY rev DESC, a.vet_id DESC LIMIT 3",
  "ties on revenue broken by the highest vet id", semantics="list")

# --- no-shows
V("noshow:no-show rate per vet",
  "SELECT vet_id, AVG(CASE WHEN status = 'no_show' THEN 1.0 ELSE 0.0 END) FROM appointment "
  "WHERE vet_id IS NOT NULL AND status <> 'canceled' GROUP BY vet_id",
  "SELECT vet_id, COUNT(*) FILTER (WHERE status = 'no_show') * 1.0 / COUNT(*) FROM appointment "
  "WHERE vet_id IS NOT NULL AND status <> 'canceled' GROUP BY vet_id",
  "SELECT vet_id, AVG(CASE WHEN status = 'no_show' THEN 1.0 ELSE 0.0 END) FROM appointment "
  "WHERE vet_id IS NOT NULL GROUP BY vet_id",
  "canceled visits in the denominator")
V("noshow:owners with two or more no-shows",
  "SELECT p.owner_id FROM appointment AS a JOIN pet AS p ON p.pet_id = a.pet_id WHERE a.status = 'no_show' "
  "GROUP BY p.owner_id HAVING COUNT(*) >= 2",
  "SELECT owner_id FROM owner AS o WHERE (SELECT COUNT(*) FROM appointment AS a JOIN pet AS p ON p.pet_id = a.pet_id "
  "WHERE p.owner_id = o.owner_id AND a.status = 'no_show') >= 2",
  "SELECT p.owner_id FROM appointment AS a JOIN pet AS p ON p.pet_id = a.pet_id WHERE a.status = 'no_show' "
  "GROUP BY p.owner_id HAVING COUNT(*) > 2",
  "owners with exactly two no-shows missed")
V("noshow:pets whose latest appointment was a no-show",
  "SELECT a.pet_id FROM appointment AS a WHERE a.status = 'no_show' AND NOT EXISTS (SELECT 1 FROM appointment AS w "
  "WHERE w.pet_id = a.pet_id AND (w.day > a.day OR (w.day = a.day AND w.appt_id > a.appt_id)))",
  "SELECT pet_id FROM (SELECT pet_id, status, ROW_NUMBER() OVER (PARTITION BY pet_id ORDER BY day DESC, appt_id DESC) "
  "AS rn FROM appointment) AS x WHERE rn = 1 AND status = 'no_show'",
  "SELECT a.pet_id FROM appointment AS a WHERE a.status = 'no_show' AND NOT EXISTS (SELECT 1 FROM appointment AS w "
  "WHERE w.pet_id = a.pet_id AND w.day > a.day)",
  "a later appointment on the same day ignored")
V("noshow:no-shows per month",
  "SELECT day / 30, COUNT(*) FROM appointment WHERE status = 'no_show' GROUP BY day / 30",
  "SELECT m, SUM(CASE WHEN status = 'no_show' THEN 1 ELSE 0 END) FROM (SELECT day / 30 AS m, status FROM appointment) "
  "AS x GROUP BY m HAVING SUM(CASE WHEN status = 'no_show' THEN 1 ELSE 0 END) > 0",
  "SELECT m, SUM(CASE WHEN status = 'no_show' THEN 1 ELSE 0 END) FROM (SELECT day / 30 AS m, status FROM appointment) "
  "AS x GROUP BY m",
  "months without no-shows listed with 0")
V("noshow:owners whose every appointment was missed",
  "SELECT o.owner_id FROM owner AS o WHERE EXISTS (SELECT 1 FROM pet AS p JOIN appointment AS a ON a.pet_id = p.pet_id "
  "WHERE p.owner_id = o.owner_id) AND NOT EXISTS (SELECT 1 FROM pet AS p JOIN appointment AS a ON a.pet_id = p.pet_id "
  "WHERE p.owner_id = o.owner_id AND a.status <> 'no_show')",
  "SELECT p.owner_id FROM pet AS p JOIN appointment AS a ON a.pet_id = p.pet_id GROUP BY p.owner_id "
  "HAVING COUNT(*) = COUNT(CASE WHEN a.status = 'no_show' THEN 1 END)",
  "SELECT o.owner_id FROM owner AS o WHERE NOT EXISTS (SELECT 1 FROM pet AS p JOIN appointment AS a "
  "ON a.pet_id = p.pet_id WHERE p.owner_id = o.owner_id AND a.status <> 'no_show')",
  "owners without any appointment listed")
V("noshow:no-shows per vet including vets without any",
  "SELECT v.vet_id, COUNT(a.appt_id) FROM vet AS v LEFT JOIN appointment AS a ON a.vet_id = v.vet_id "
  "AND a.status = 'no_show' GROUP BY v.vet_id",
  "SELECT vet_id, (SELECT COUNT(*) FROM appointment AS a WHERE a.vet_id = v.vet_id AND a.status = 'no_show') "
  "FROM vet AS v",
  "SELECT v.vet_id, COUNT(*) FROM vet AS v LEFT JOIN appointment AS a ON a.vet_id = v.vet_id "
  "AND a.status = 'no_show' GROUP BY v.vet_id",
  "a vet without no-shows counted 1")
V("noshow:pets that missed appointments on two different days",
  "SELECT pet_id FROM appointment WHERE status = 'no_show' GROUP BY pet_id HAVING COUNT(DISTINCT day) >= 2",
  "SELECT DISTINCT a.pet_id FROM appointment AS a JOIN appointment AS b ON b.pet_id = a.pet_id AND b.day < a.day "
  "WHERE a.status = 'no_show' AND b.status = 'no_show'",
  "SELECT pet_id FROM appointment WHERE status = 'no_show' GROUP BY pet_id HAVING COUNT(*) >= 2",
  "two no-shows on the same day taken as repeated")

# --- patients not seen in a year
V("lapsed:living pets without a completed visit in the last year",
  "SELECT p.pet_id FROM pet AS p WHERE p.deceased = 0 AND NOT EXISTS (SELECT 1 FROM appointment AS a "
  "WHERE a.pet_id = p.pet_id AND a.status = 'completed' AND a.day > 365)",
  "SELECT pet_id FROM pet WHERE deceased = 0 AND pet_id NOT IN (SELECT pet_id FROM appointment "
  "WHERE status = 'completed' AND day > 365)",
  "SELECT p.pet_id FROM pet AS p WHERE p.deceased = 0 AND NOT EXISTS (SELECT 1 FROM appointment AS a "
  "WHERE a.pet_id = p.pet_id AND a.status = 'completed' AND a.day >= 365)",
  "a visit exactly 365 days ago counted as recent")
V("lapsed:last completed visit per pet including never seen",
  "SELECT p.pet_id, MAX(a.day) FROM pet AS p LEFT JOIN appointment AS a ON a.pet_id = p.pet_id "
  "AND a.status = 'completed' GROUP BY p.pet_id",
  "SELECT pet_id, (SELECT MAX(day) FROM appointment AS a WHERE a.pet_id = p.pet_id AND a.status = 'completed') "
  "FROM pet AS p",
  "SELECT p.pet_id, MAX(a.day) FROM pet AS p JOIN appointment AS a ON a.pet_id = p.pet_id "
  "AND a.status = 'completed' GROUP BY p.pet_id",
  "pets never seen dropped")
V("lapsed:lapsed pets per owner including owners with none",
  "SELECT o.owner_id, COUNT(l.pet_id) FROM owner AS o LEFT JOIN (SELECT pet_id, owner_id FROM pet AS p "
  "WHERE deceased = 0 AND NOT EXISTS (SELECT 1 FROM appointment AS a WHERE a.pet_id = p.pet_id "
  "AND a.status = 'completed' AND a.day > 365)) AS l ON l.owner_id = o.owner_id GROUP BY o.owner_id",
  "SELECT owner_id, (SELECT COUNT(*) FROM pet AS p WHERE p.owner_id = o.owner_id AND p.deceased = 0 AND NOT EXISTS "
  "(SELECT 1 FROM appointment AS a WHERE a.pet_id = p.pet_id AND a.status = 'completed' AND a.day > 365)) "
  "FROM owner AS o",
  "SELECT o.owner_id, COUNT(*) FROM owner AS o LEFT JOIN (SELECT pet_id, owner_id FROM pet AS p "
  "WHERE deceased = 0 AND NOT EXISTS (SELECT 1 FROM appointment AS a WHERE a.pet_id = p.pet_id "
  "AND a.status = 'completed' AND a.day > 365)) AS l ON l.owner_id = o.owner_id GROUP BY o.owner_id",
  "owners without lapsed pets counted 1")
V("lapsed:lapsed clients",
  "SELECT owner_id FROM pet EXCEPT SELECT p.owner_id FROM pet AS p JOIN appointment AS a ON a.pet_id = p.pet_id "
  "WHERE a.status = 'completed' AND a.day > 365",
  "SELECT DISTINCT p.owner_id FROM pet AS p WHERE NOT EXISTS (SELECT 1 FROM pet AS q JOIN appointment AS a "
  "ON a.pet_id = q.pet_id WHERE q.owner_id = p.owner_id AND a.status = 'completed' AND a.day > 365)",
  "SELECT DISTINCT p.owner_id FROM pet AS p WHERE NOT EXISTS (SELECT 1 FROM appointment AS a "
  "WHERE a.pet_id = p.pet_id AND a.status = 'completed' AND a.day > 365)",
  "an owner listed for one lapsed pet though another pet was seen")
V("lapsed:age in years at the last visit",
  "SELECT p.pet_id, (MAX(a.day) - p.birth_day) / 365 FROM pet AS p JOIN appointment AS a ON a.pet_id = p.pet_id "
  "WHERE a.status = 'completed' GROUP BY p.pet_id, p.birth_day",
  "SELECT pet_id, (d - birth_day) / 365 FROM (SELECT a.pet_id, MAX(a.day) AS d FROM appointment AS a "
  "WHERE a.status = 'completed' GROUP BY a.pet_id) AS x JOIN pet USING (pet_id)",
  "SELECT p.pet_id, (MIN(a.day) - p.birth_day) / 365 FROM pet AS p JOIN appointment AS a ON a.pet_id = p.pet_id "
  "WHERE a.status = 'completed' GROUP BY p.pet_id, p.birth_day",
  "age at the first visit")

# --- drugs and the controlled-drug log
V("drugs:units prescribed per drug per month",
  "SELECT drug_id, day / 30, SUM(qty) FROM prescription GROUP BY drug_id, day / 30",
  "SELECT d.drug_id, r.day / 30, SUM(r.qty) FROM drug AS d JOIN prescription AS r ON r.drug_id = d.drug_id "
  "GROUP BY d.drug_id, r.day / 30",
  "SELECT drug_id, day / 30, COUNT(*) FROM prescription GROUP BY drug_id, day / 30",
  "prescriptions counted instead of units")
V("drugs:drugs never prescribed",
  "SELECT drug_id FROM drug EXCEPT SELECT drug_id FROM prescription",
  "SELECT d.drug_id FROM drug AS d WHERE NOT EXISTS (SELECT 1 FROM prescription AS r WHERE r.drug_id = d.drug_id)",
  "SELECT d.drug_id FROM drug AS d WHERE NOT EXISTS (SELECT 1 FROM prescription AS r WHERE r.drug_id = d.drug_id "
  "AND r.day > 365)",
  "drugs prescribed only in the first year listed")
V("drugs:controlled drug log balance",
  "SELECT l.drug_id, SUM(CASE WHEN l.kind = 'receive' THEN l.units ELSE -l.units END) FROM drug_log AS l "
  "JOIN drug AS d ON d.drug_id = l.drug_id WHERE d.controlled = 1 GROUP BY l.drug_id",
  "SELECT drug_id, SUM(units * CASE WHEN kind = 'receive' THEN 1 ELSE -1 END) FROM drug_log "
  "WHERE drug_id IN (SELECT drug_id FROM drug WHERE controlled = 1) GROUP BY drug_id",
  "SELECT l.drug_id, SUM(CASE l.kind WHEN 'receive' THEN l.units WHEN 'dispense' THEN -l.units ELSE 0 END) "
  "FROM drug_log AS l JOIN drug AS d ON d.drug_id = l.drug_id WHERE d.controlled = 1 GROUP BY l.drug_id",
  "wasted units (and lines of unknown kind) not subtracted")
V("drugs:controlled drugs whose log balance differs from stock",
  "SELECT d.drug_id FROM drug AS d LEFT JOIN (SELECT drug_id, SUM(CASE WHEN kind = 'receive' THEN units ELSE -units END) "
  "AS bal FROM drug_log GROUP BY drug_id) AS b ON b.drug_id = d.drug_id WHERE d.controlled = 1 "
  "AND COALESCE(b.bal, 0) <> d.stock_units",
  "SELECT drug_id FROM drug AS d WHERE controlled = 1 AND stock_units <> COALESCE((SELECT SUM(CASE WHEN kind = "
  "'receive' THEN units ELSE -units END) FROM drug_log AS l WHERE l.drug_id = d.drug_id), 0)",
  "SELECT d.drug_id FROM drug AS d JOIN (SELECT drug_id, SUM(CASE WHEN kind = 'receive' THEN units ELSE -units END) "
  "AS bal FROM drug_log GROUP BY drug_id) AS b ON b.drug_id = d.drug_id WHERE d.controlled = 1 "
  "AND COALESCE(b.bal, 0) <> d.stock_units",
  "drugs without log lines missed")
V("drugs:repeated log lines",
  "SELECT drug_id, day, kind, units, COUNT(*) FROM drug_log GROUP BY drug_id, day, kind, units HAVING COUNT(*) > 1",
  "SELECT DISTINCT drug_id, day, kind, units, n FROM (SELECT drug_id, day, kind, units, COUNT(*) OVER (PARTITION BY "
  "drug_id, day, kind, units) AS n FROM drug_log) AS x WHERE n > 1",
  "SELECT drug_id, MAX(day), kind, units, COUNT(*) FROM drug_log GROUP BY drug_id, kind, units HAVING COUNT(*) > 1",
  "lines on different days taken as repeats")
V("drugs:days with log activity per drug",
  "SELECT drug_id, COUNT(DISTINCT day) FROM drug_log WHERE drug_id IS NOT NULL GROUP BY drug_id",
  "SELECT drug_id, COUNT(day) FROM (SELECT DISTINCT drug_id, day FROM drug_log WHERE drug_id IS NOT NULL) AS x "
  "GROUP BY drug_id",
  "SELECT drug_id, COUNT(day) FROM drug_log WHERE drug_id IS NOT NULL GROUP BY drug_id",
  "log lines counted instead of days")
V("drugs:controlled prescriptions per vet",
  "SELECT r.vet_id, COUNT(*) FROM prescription AS r JOIN drug AS d ON d.drug_id = r.drug_id WHERE d.controlled = 1 "
  "GROUP BY r.vet_id",
  "SELECT vet_id, COUNT(*) FROM prescription AS r WHERE EXISTS (SELECT 1 FROM drug AS d WHERE d.drug_id = r.drug_id "
  "AND d.controlled = 1) GROUP BY vet_id",
  "SELECT r.vet_id, COUNT(DISTINCT r.drug_id) FROM prescription AS r JOIN drug AS d ON d.drug_id = r.drug_id "
  "WHERE d.controlled = 1 GROUP BY r.vet_id",
  "drugs counted instead of prescriptions")
V("drugs:most prescribed drug per species with ties",
  "WITH c AS (SELECT p.species, r.drug_id, COUNT(*) AS n FROM prescription AS r JOIN pet AS p ON p.pet_id = r.pet_id "
  "GROUP BY p.species, r.drug_id) SELECT species, drug_id FROM c WHERE n = (SELECT MAX(n) FROM c AS d "
  "WHERE d.species = c.species)",
  "SELECT species, drug_id FROM (SELECT p.species, r.drug_id, DENSE_RANK() OVER (PARTITION BY p.species ORDER BY "
  "COUNT(*) DESC) AS rk FROM prescription AS r JOIN pet AS p ON p.pet_id = r.pet_id GROUP BY p.species, r.drug_id) AS x "
  "WHERE rk = 1",
  "WITH c AS (SELECT p.species, r.drug_id, COUNT(*) AS n FROM prescription AS r JOIN pet AS p ON p.pet_id = r.pet_id "
  "GROUP BY p.species, r.drug_id) SELECT species, drug_id FROM c WHERE n = (SELECT MAX(n) FROM c AS d)",
  "the top count over all species used for each species")
V("drugs:fills per drug including refills",
  "SELECT drug_id, SUM(1 + COALESCE(refills, 0)) FROM prescription GROUP BY drug_id",
  "SELECT drug_id, COUNT(*) + COALESCE(SUM(refills), 0) FROM prescription GROUP BY drug_id",
  "SELECT drug_id, COUNT(*) + SUM(refills) FROM prescription GROUP BY drug_id",
  "NULL when no prescription of the drug records its refills")
V("drugs:stock after recent dispensing floored at zero",
  "SELECT d.drug_id, MAX(d.stock_units - TOTAL(l.units), 0) FROM drug AS d LEFT JOIN drug_log AS l "
  "ON l.drug_id = d.drug_id AND l.kind = 'dispense' AND l.day >= 700 GROUP BY d.drug_id, d.stock_units",
  "SELECT drug_id, IIF(stock_units > IFNULL((SELECT SUM(units) FROM drug_log AS l WHERE l.drug_id = d.drug_id "
  "AND l.kind = 'dispense' AND l.day >= 700), 0), stock_units - IFNULL((SELECT SUM(units) FROM drug_log AS l "
  "WHERE l.drug_id = d.drug_id AND l.kind = 'dispense' AND l.day >= 700), 0), 0) FROM drug AS d",
  "SELECT d.drug_id, d.stock_units - TOTAL(l.units) FROM drug AS d LEFT JOIN drug_log AS l "
  "ON l.drug_id = d.drug_id AND l.kind = 'dispense' AND l.day >= 700 GROUP BY d.drug_id, d.stock_units",
  "negative stock shown", dialect="sqlite")

# --- clients and retention
V("clients:clients retained into the second year",
  "SELECT p.owner_id FROM pet AS p JOIN appointment AS a ON a.pet_id = p.pet_id WHERE a.status = 'completed' "
  "AND a.day < 365 INTERSECT SELECT p.owner_id FROM pet AS p JOIN appointment AS a ON a.pet_id = p.pet_id "
  "WHERE a.status = 'completed' AND a.day >= 365",
  "SELECT o.owner_id FROM owner AS o WHERE EXISTS (SELECT 1 FROM pet AS p JOIN appointment AS a ON a.pet_id = p.pet_id "
  "WHERE p.owner_id = o.owner_id AND a.status = 'completed' AND a.day < 365) AND EXISTS (SELECT 1 FROM pet AS p "
  "JOIN appointment AS a ON a.pet_id = p.pet_id WHERE p.owner_id = o.owner_id AND a.status = 'completed' "
  "AND a.day >= 365)",
  "SELECT p.owner_id FROM pet AS p JOIN appointment AS a ON a.pet_id = p.pet_id WHERE a.status = 'completed' "
  "AND a.day < 365 UNION SELECT p.owner_id FROM pet AS p JOIN appointment AS a ON a.pet_id = p.pet_id "
  "WHERE a.status = 'completed' AND a.day >= 365",
  "clients seen in either year")
V("clients:new clients visiting within 30 days of joining",
  "SELECT DISTINCT o.owner_id FROM owner AS o JOIN pet AS p ON p.owner_id = o.owner_id JOIN appointment AS a "
  "ON a.pet_id = p.pet_id WHERE a.day - o.joined_day < 30 AND a.day >= o.joined_day",
  "SELECT owner_id FROM owner AS o WHERE EXISTS (SELECT 1 FROM pet AS p JOIN appointment AS a ON a.pet_id = p.pet_id "
  "WHERE p.owner_id = o.owner_id AND a.day BETWEEN o.joined_day AND o.joined_day + 29)",
  "SELECT DISTINCT o.owner_id FROM owner AS o JOIN pet AS p ON p.owner_id = o.owner_id JOIN appointment AS a "
  "ON a.pet_id = p.pet_id WHERE a.day - o.joined_day <= 30 AND a.day >= o.joined_day",
  "a visit on the 30th day after joining counted")
V("clients:clients per city including unknown",
  "SELECT city, COUNT(*) FROM owner GROUP BY city",
  "SELECT city, COUNT(*) FROM owner WHERE city IS NOT NULL GROUP BY city UNION ALL SELECT NULL, n FROM "
  "(SELECT COUNT(*) AS n FROM owner WHERE city IS NULL) AS x WHERE n > 0",
  "SELECT city, COUNT(city) FROM owner GROUP BY city",
  "clients without a city counted 0")
V("clients:owners with pets of two species",
  "SELECT owner_id FROM pet GROUP BY owner_id HAVING COUNT(DISTINCT species) >= 2",
  "SELECT DISTINCT a.owner_id FROM pet AS a JOIN pet AS b ON b.owner_id = a.owner_id AND b.species <> a.species",
  "SELECT owner_id FROM pet GROUP BY owner_id HAVING COUNT(*) >= 2",
  "two dogs counted as two species")
V("clients:owners with the same name ignoring case",
  "SELECT a.owner_id, b.owner_id FROM owner AS a JOIN owner AS b ON LOWER(a.name) = LOWER(b.name) "
  "AND a.owner_id < b.owner_id",
  "SELECT a.owner_id, b.owner_id FROM owner AS a, owner AS b WHERE a.owner_id < b.owner_id "
  "AND UPPER(a.name) = UPPER(b.name)",
  "SELECT a.owner_id, b.owner_id FROM owner AS a JOIN owner AS b ON a.name = b.name AND a.owner_id < b.owner_id",
  "names compared with case")
V("clients:retention rate of first-year clients",
  "SELECT COUNT(DISTINCT y2.owner_id) * 1.0 / NULLIF(COUNT(DISTINCT y1.owner_id), 0) FROM (SELECT p.owner_id FROM pet "
  "AS p JOIN appointment AS a ON a.pet_id = p.pet_id WHERE a.status = 'completed' AND a.day < 365) AS y1 LEFT JOIN "
  "(SELECT p.owner_id FROM pet AS p JOIN appointment AS a ON a.pet_id = p.pet_id WHERE a.status = 'completed' "
  "AND a.day >= 365) AS y2 ON y2.owner_id = y1.owner_id",
  "WITH y1 AS (SELECT DISTINCT p.owner_id FROM pet AS p JOIN appointment AS a ON a.pet_id = p.pet_id "
  "WHERE a.status = 'completed' AND a.day < 365) SELECT (SELECT COUNT(*) FROM y1 WHERE owner_id IN (SELECT p.owner_id "
  "FROM pet AS p JOIN appointment AS a ON a.pet_id = p.pet_id WHERE a.status = 'completed' AND a.day >= 365)) * 1.0 "
  "/ NULLIF((SELECT COUNT(*) FROM y1), 0)",
  "SELECT COUNT(y2.owner_id) * 1.0 / NULLIF(COUNT(DISTINCT y1.owner_id), 0) FROM (SELECT p.owner_id FROM pet "
  "AS p JOIN appointment AS a ON a.pet_id = p.pet_id WHERE a.status = 'completed' AND a.day < 365) AS y1 LEFT JOIN "
  "(SELECT p.owner_id FROM pet AS p JOIN appointment AS a ON a.pet_id = p.pet_id WHERE a.status = 'completed' "
  "AND a.day >= 365) AS y2 ON y2.owner_id = y1.owner_id",
  "returning clients counted once per pair of visits")

# --- invoices and payments
V("invoices:open balance per invoice",
  "SELECT i.inv_id, i.total_cents - COALESCE(SUM(p.amount_cents), 0) FROM invoice AS i LEFT JOIN payment AS p "
  "ON p.inv_id = i.inv_id WHERE i.status <> 'void' GROUP BY i.inv_id, i.total_cents",
  "SELECT inv_id, total_cents - COALESCE((SELECT SUM(amount_cents) FROM payment AS p WHERE p.inv_id = i.inv_id), 0) "
  "FROM invoice AS i WHERE status <> 'void'",
  "SELECT i.inv_id, i.total_cents - SUM(p.amount_cents) FROM invoice AS i LEFT JOIN payment AS p "
  "ON p.inv_id = i.inv_id WHERE i.status <> 'void' GROUP BY i.inv_id, i.total_cents",
  "unpaid invoices get a NULL balance")
V("invoices:open invoices without any payment",
  "SELECT i.inv_id FROM invoice AS i WHERE i.status = 'open' AND NOT EXISTS (SELECT 1 FROM payment AS p "
  "WHERE p.inv_id = i.inv_id)",
  "SELECT i.inv_id FROM invoice AS i LEFT JOIN payment AS p ON p.inv_id = i.inv_id WHERE i.status = 'open' "
  "GROUP BY i.inv_id HAVING COUNT(p.pay_id) = 0",
  "SELECT i.inv_id FROM invoice AS i LEFT JOIN payment AS p ON p.inv_id = i.inv_id WHERE i.status = 'open' "
  "GROUP BY i.inv_id HAVING COUNT(*) = 0",
  "COUNT(*) counts the outer join's empty row")
V("invoices:overpaid invoices",
  "SELECT i.inv_id FROM invoice AS i JOIN payment AS p ON p.inv_id = i.inv_id GROUP BY i.inv_id, i.total_cents "
  "HAVING SUM(p.amount_cents) > i.total_cents",
  "SELECT inv_id FROM invoice AS i WHERE total_cents < (SELECT SUM(amount_cents) FROM payment AS p "
  "WHERE p.inv_id = i.inv_id)",
  "SELECT i.inv_id FROM invoice AS i JOIN payment AS p ON p.inv_id = i.inv_id GROUP BY i.inv_id, i.total_cents "
  "HAVING SUM(p.amount_cents) >= i.total_cents",
  "exactly paid invoices flagged")
V("invoices:payments per method per month",
  "SELECT day / 30, SUM(CASE WHEN method = 'card' THEN amount_cents ELSE 0 END), SUM(CASE WHEN method = 'cash' "
  "THEN amount_cents ELSE 0 END), SUM(CASE WHEN method = 'insurance' THEN amount_cents ELSE 0 END) FROM payment "
  "GROUP BY day / 30",
  "SELECT m, SUM(c), SUM(k), SUM(n) FROM (SELECT day / 30 AS m, CASE WHEN method = 'card' THEN amount_cents ELSE 0 END "
  "AS c, CASE WHEN method = 'cash' THEN amount_cents ELSE 0 END AS k, CASE WHEN method = 'insurance' THEN amount_cents "
  "ELSE 0 END AS n FROM payment) AS x GROUP BY m",
  "SELECT day / 30, SUM(CASE WHEN method = 'card' THEN amount_cents ELSE 0 END), SUM(CASE WHEN method = 'cash' "
  "THEN amount_cents ELSE 0 END), SUM(CASE WHEN method = 'insurance' THEN amount_cents END) FROM payment "
  "GROUP BY day / 30",
  "NULL instead of 0 in a month without insurance payments")
V("invoices:collected per owner",
  "SELECT i.owner_id, SUM(p.amount_cents) FROM invoice AS i JOIN payment AS p ON p.inv_id = i.inv_id GROUP BY i.owner_id",
  "SELECT owner_id, SUM(paid) FROM (SELECT i.owner_id, (SELECT SUM(amount_cents) FROM payment AS p "
  "WHERE p.inv_id = i.inv_id) AS paid FROM invoice AS i) AS x GROUP BY owner_id HAVING COUNT(paid) > 0",
  "SELECT i.owner_id, SUM(p.amount_cents) FROM invoice AS i JOIN payment AS p ON p.inv_id = i.inv_id "
  "LEFT JOIN treatment AS t ON t.appt_id = i.appt_id GROUP BY i.owner_id",
  "payments repeated once per treatment line of the visit")
V("invoices:days to first payment",
  "SELECT i.inv_id, MIN(p.day) - i.day FROM invoice AS i JOIN payment AS p ON p.inv_id = i.inv_id "
  "GROUP BY i.inv_id, i.day",
  "SELECT inv_id, (SELECT MIN(day) FROM payment AS p WHERE p.inv_id = i.inv_id) - day FROM invoice AS i "
  "WHERE EXISTS (SELECT 1 FROM payment AS p WHERE p.inv_id = i.inv_id)",
  "SELECT i.inv_id, MAX(p.day) - i.day FROM invoice AS i JOIN payment AS p ON p.inv_id = i.inv_id "
  "GROUP BY i.inv_id, i.day",
  "days to the last payment")
V("invoices:counter sales per month",
  "SELECT day / 30, SUM(total_cents) FROM invoice WHERE appt_id IS NULL AND status <> 'void' GROUP BY day / 30",
  "SELECT i.day / 30, SUM(i.total_cents) FROM invoice AS i WHERE i.status <> 'void' AND NOT EXISTS (SELECT 1 "
  "FROM appointment AS a WHERE a.appt_id = i.appt_id) GROUP BY i.day / 30",
  "SELECT i.day / 30, SUM(i.total_cents) FROM invoice AS i WHERE i.status <> 'void' AND i.appt_id NOT IN "
  "(SELECT appt_id FROM appointment) GROUP BY i.day / 30",
  "NOT IN over a NULL appointment finds no counter sale")
V("invoices:running billed total per owner",
  "SELECT inv_id, owner_id, SUM(total_cents) OVER (PARTITION BY owner_id ORDER BY day, inv_id) FROM invoice",
  "SELECT i.inv_id, i.owner_id, (SELECT SUM(j.total_cents) FROM invoice AS j WHERE j.owner_id = i.owner_id "
  "AND (j.day < i.day OR (j.day = i.day AND j.inv_id <= i.inv_id))) FROM invoice AS i",
  "SELECT inv_id, owner_id, SUM(total_cents) OVER (PARTITION BY owner_id ORDER BY day) FROM invoice",
  "same-day invoices summed together (the default RANGE frame)")
V("invoices:paid share per invoice capped at one",
  "SELECT i.inv_id, MIN(TOTAL(p.amount_cents) / NULLIF(i.total_cents, 0), 1.0) FROM invoice AS i LEFT JOIN payment AS p "
  "ON p.inv_id = i.inv_id GROUP BY i.inv_id, i.total_cents",
  "SELECT inv_id, CASE WHEN total_cents = 0 THEN NULL WHEN IFNULL((SELECT SUM(amount_cents) FROM payment AS p "
  "WHERE p.inv_id = i.inv_id), 0) * 1.0 / total_cents > 1.0 THEN 1.0 ELSE IFNULL((SELECT SUM(amount_cents) "
  "FROM payment AS p WHERE p.inv_id = i.inv_id), 0) * 1.0 / total_cents END FROM invoice AS i",
  "SELECT i.inv_id, TOTAL(p.amount_cents) / NULLIF(i.total_cents, 0) FROM invoice AS i LEFT JOIN payment AS p "
  "ON p.inv_id = i.inv_id GROUP BY i.inv_id, i.total_cents",
  "overpayments shown above 100%", dialect="sqlite")

# --- appointments
V("visits:double-booked vet days",
  "SELECT vet_id, day FROM appointment WHERE vet_id IS NOT NULL AND status <> 'canceled' GROUP BY vet_id, day "
  "HAVING COUNT(*) > 1",
  "SELECT DISTINCT a.vet_id, a.day FROM appointment AS a JOIN appointment AS b ON b.vet_id = a.vet_id "
  "AND b.day = a.day AND b.appt_id <> a.appt_id WHERE a.status <> 'canceled' AND b.status <> 'canceled'",
  "SELECT vet_id, day FROM appointment WHERE vet_id IS NOT NULL GROUP BY vet_id, day HAVING COUNT(*) > 1",
  "canceled appointments counted as bookings")
V("visits:days between consecutive completed visits",
  "SELECT appt_id, day - LAG(day) OVER (PARTITION BY pet_id ORDER BY day, appt_id) FROM appointment "
  "WHERE status = 'completed'",
  "SELECT a.appt_id, a.day - (SELECT MAX(w.day) FROM appointment AS w WHERE w.pet_id = a.pet_id "
  "AND w.status = 'completed' AND (w.day < a.day OR (w.day = a.day AND w.appt_id < a.appt_id))) FROM appointment AS a "
  "WHERE a.status = 'completed'",
  "SELECT a.appt_id, a.day - (SELECT MAX(w.day) FROM appointment AS w WHERE w.pet_id = a.pet_id "
  "AND w.status = 'completed' AND w.day < a.day) FROM appointment AS a WHERE a.status = 'completed'",
  "a second visit on the same day measured from an earlier day")
V("visits:busiest days with ties",
  "SELECT day, COUNT(*) FROM appointment GROUP BY day HAVING COUNT(*) = (SELECT MAX(n) FROM (SELECT COUNT(*) AS n "
  "FROM appointment GROUP BY day) AS x)",
  "SELECT day, n FROM (SELECT day, COUNT(*) AS n, RANK() OVER (ORDER BY COUNT(*) DESC) AS rk FROM appointment "
  "GROUP BY day) AS x WHERE rk = 1",
  "SELECT day, n FROM (SELECT day, COUNT(*) AS n, ROW_NUMBER() OVER (ORDER BY COUNT(*) DESC) AS rk FROM appointment "
  "GROUP BY day) AS x WHERE rk = 1",
  "tied days cut to one")
V("visits:completed visits per pet by kind",
  "SELECT p.pet_id, COUNT(CASE WHEN a.kind = 'wellness' THEN 1 END), COUNT(CASE WHEN a.kind = 'sick' THEN 1 END) "
  "FROM pet AS p LEFT JOIN appointment AS a ON a.pet_id = p.pet_id AND a.status = 'completed' GROUP BY p.pet_id",
  "SELECT pet_id, (SELECT COUNT(*) FROM appointment AS a WHERE a.pet_id = p.pet_id AND a.status = 'completed' "
  "AND a.kind = 'wellness'), (SELECT COUNT(*) FROM appointment AS a WHERE a.pet_id = p.pet_id "
  "AND a.status = 'completed' AND a.kind = 'sick') FROM pet AS p",
  "SELECT p.pet_id, COUNT(CASE WHEN a.kind = 'wellness' THEN 1 END), COUNT(CASE WHEN a.kind = 'sick' THEN 1 END) "
  "FROM pet AS p LEFT JOIN appointment AS a ON a.pet_id = p.pet_id WHERE a.status = 'completed' GROUP BY p.pet_id",
  "the status filter moved to WHERE drops pets without completed visits")
V("visits:first completed visit per pet and its vet",
  "SELECT a.pet_id, a.vet_id FROM appointment AS a WHERE a.status = 'completed' AND NOT EXISTS (SELECT 1 "
  "FROM appointment AS w WHERE w.pet_id = a.pet_id AND w.status = 'completed' AND (w.day < a.day "
  "OR (w.day = a.day AND w.appt_id < a.appt_id)))",
  "SELECT pet_id, vet_id FROM (SELECT pet_id, vet_id, ROW_NUMBER() OVER (PARTITION BY pet_id ORDER BY day, appt_id) "
  "AS rn FROM appointment WHERE status = 'completed') AS x WHERE rn = 1",
  "SELECT pet_id, vet_id FROM (SELECT pet_id, vet_id, status, ROW_NUMBER() OVER (PARTITION BY pet_id ORDER BY day, "
  "appt_id) AS rn FROM appointment) AS x WHERE rn = 1 AND status = 'completed'",
  "the first appointment of any status taken, then filtered")

# --- weights
V("weights:average weight per species",
  "SELECT species, AVG(weight) FROM pet GROUP BY species",
  "SELECT species, SUM(weight) / COUNT(weight) FROM pet GROUP BY species",
  "SELECT species, SUM(weight) / COUNT(*) FROM pet GROUP BY species",
  "pets without a weight counted")
V("weights:pets heavier than their species average",
  "SELECT p.pet_id FROM pet AS p WHERE p.weight > (SELECT AVG(q.weight) FROM pet AS q WHERE q.species = p.species)",
  "SELECT pet_id FROM (SELECT pet_id, weight, AVG(weight) OVER (PARTITION BY species) AS av FROM pet) AS x "
  "WHERE weight > av",
  "SELECT p.pet_id FROM pet AS p WHERE p.weight > (SELECT AVG(q.weight) FROM pet AS q)",
  "the clinic-wide average used")
V("weights:weight classes",
  "SELECT CASE WHEN weight IS NULL THEN 'unknown' WHEN weight < 5 THEN 'small' WHEN weight < 20 THEN 'medium' "
  "ELSE 'large' END, COUNT(*) FROM pet GROUP BY CASE WHEN weight IS NULL THEN 'unknown' WHEN weight < 5 THEN 'small' "
  "WHEN weight < 20 THEN 'medium' ELSE 'large' END",
  "SELECT c, COUNT(*) FROM (SELECT 'unknown' AS c FROM pet WHERE weight IS NULL UNION ALL SELECT 'small' FROM pet "
  "WHERE weight < 5 UNION ALL SELECT 'medium' FROM pet WHERE weight >= 5 AND weight < 20 UNION ALL SELECT 'large' "
  "FROM pet WHERE weight >= 20) AS x GROUP BY c",
  "SELECT CASE WHEN weight < 5 THEN 'small' WHEN weight < 20 THEN 'medium' ELSE 'large' END, COUNT(*) FROM pet "
  "GROUP BY CASE WHEN weight < 5 THEN 'small' WHEN weight < 20 THEN 'medium' ELSE 'large' END",
  "pets without a weight classed large")
V("weights:dogs per breed including unknown breed",
  "SELECT breed, COUNT(*), AVG(weight) FROM pet WHERE species = 'dog' GROUP BY breed",
  "SELECT breed, COUNT(*), AVG(weight) FROM pet WHERE species = 'dog' AND breed IS NOT NULL GROUP BY breed "
  "UNION ALL SELECT NULL, COUNT(*), AVG(weight) FROM pet WHERE species = 'dog' AND breed IS NULL GROUP BY species",
  "SELECT breed, COUNT(*), AVG(weight) FROM pet WHERE species = 'dog' AND breed IS NOT NULL GROUP BY breed",
  "dogs of unknown breed dropped")
V("weights:share of pets with a known weight per species",
  "SELECT species, AVG(weight IS NOT NULL) FROM pet GROUP BY species",
  "SELECT species, COUNT(weight) * 1.0 / COUNT(*) FROM pet GROUP BY species",
  "SELECT species, AVG(weight > 0) FROM pet GROUP BY species",
  "AVG over weight > 0 skips the pets without a weight", dialect="sqlite")

# ================================================================ code review metrics (review)
# --- time to first review
R("first_review:time to first review by someone else per PR",
  "SELECT p.pr_id, MIN(r.day) - p.opened_day FROM pull_request AS p JOIN review AS r ON r.pr_id = p.pr_id "
  "WHERE r.reviewer_id <> p.author_id GROUP BY p.pr_id, p.opened_day",
  "SELECT pr_id, (SELECT MIN(day) FROM review AS r WHERE r.pr_id = p.pr_id AND r.reviewer_id <> p.author_id) "
  "- opened_day FROM pull_request AS p WHERE EXISTS (SELECT 1 FROM review AS r WHERE r.pr_id = p.pr_id "
  "AND r.reviewer_id <> p.author_id)",
  "SELECT p.pr_id, MIN(r.day) - p.opened_day FROM pull_request AS p JOIN review AS r ON r.pr_id = p.pr_id "
  "GROUP BY p.pr_id, p.opened_day",
  "the author's own review counted as the first review")
R("first_review:average time to first review per repo",
  "SELECT p.repo_id, AVG(f.d - p.opened_day) FROM pull_request AS p JOIN (SELECT pr_id, MIN(day) AS d FROM review "
  "GROUP BY pr_id) AS f ON f.pr_id = p.pr_id GROUP BY p.repo_id",
  "SELECT repo_id, AVG(w) FROM (SELECT p.repo_id, MIN(r.day) - p.opened_day AS w FROM pull_request AS p JOIN review AS r "
  "ON r.pr_id = p.pr_id GROUP BY p.pr_id, p.repo_id, p.opened_day) AS x GROUP BY repo_id",
  "SELECT p.repo_id, AVG(r.day - p.opened_day) FROM pull_request AS p JOIN review AS r ON r.pr_id = p.pr_id "
  "GROUP BY p.repo_id",
  "every review averaged instead of the first")
R("first_review:open PRs waiting for a first review",
  "SELECT pr_id FROM pull_request AS p WHERE merged_day IS NULL AND closed_day IS NULL AND draft = 0 AND NOT EXISTS "
  "(SELECT 1 FROM review AS r WHERE r.pr_id = p.pr_id)",
  "SELECT p.pr_id FROM pull_request AS p LEFT JOIN review AS r ON r.pr_id = p.pr_id WHERE p.merged_day IS NULL "
  "AND p.closed_day IS NULL AND p.draft = 0 AND r.review_id IS NULL",
  "SELECT pr_id FROM pull_request AS p WHERE merged_day IS NULL AND closed_day IS NULL AND NOT EXISTS "
  "(SELECT 1 FROM review AS r WHERE r.pr_id = p.pr_id)",
  "drafts listed")
R("first_review:first reviewers per PR with ties",
  "SELECT r.pr_id, r.reviewer_id FROM review AS r WHERE r.day = (SELECT MIN(s.day) FROM review AS s "
  "WHERE s.pr_id = r.pr_id)",
  "SELECT pr_id, reviewer_id FROM (SELECT pr_id, reviewer_id, RANK() OVER (PARTITION BY pr_id ORDER BY day) AS rk "
  "FROM review) AS x WHERE rk = 1",
  "SELECT pr_id, reviewer_id FROM (SELECT pr_id, reviewer_id, ROW_NUMBER() OVER (PARTITION BY pr_id ORDER BY day, "
  "review_id) AS rk FROM review) AS x WHERE rk = 1",
  "reviews on the same first day cut to one")
R("first_review:PRs reviewed within a day",
  "SELECT p.pr_id FROM pull_request AS p WHERE EXISTS (SELECT 1 FROM review AS r WHERE r.pr_id = p.pr_id "
  "AND r.day <= p.opened_day + 1)",
  "SELECT DISTINCT p.pr_id FROM pull_request AS p JOIN review AS r ON r.pr_id = p.pr_id WHERE r.day - p.opened_day <= 1",
  "SELECT DISTINCT p.pr_id FROM pull_request AS p JOIN review AS r ON r.pr_id = p.pr_id WHERE r.day - p.opened_day < 1",
  "reviews on the next day missed")
R("first_review:first review turnaround buckets",
  "SELECT CASE WHEN d - o <= 1 THEN 'fast' WHEN d - o <= 7 THEN 'normal' ELSE 'slow' END, COUNT(*) FROM "
  "(SELECT p.opened_day AS o, MIN(r.day) AS d FROM pull_request AS p JOIN review AS r ON r.pr_id = p.pr_id "
  "GROUP BY p.pr_id, p.opened_day) AS x GROUP BY CASE WHEN d - o <= 1 THEN 'fast' WHEN d - o <= 7 THEN 'normal' "
  "ELSE 'slow' END",
  "WITH f AS (SELECT p.opened_day AS o, MIN(r.day) AS d FROM pull_request AS p JOIN review AS r ON r.pr_id = p.pr_id "
  "GROUP BY p.pr_id, p.opened_day) SELECT b, COUNT(*) FROM (SELECT 'fast' AS b FROM f WHERE d - o <= 1 UNION ALL "
  "SELECT 'normal' FROM f WHERE d - o BETWEEN 2 AND 7 UNION ALL SELECT 'slow' FROM f WHERE d - o > 7) AS y GROUP BY b",
  "SELECT CASE WHEN d - o <= 1 THEN 'fast' WHEN d - o < 7 THEN 'normal' ELSE 'slow' END, COUNT(*) FROM "
  "(SELECT p.opened_day AS o, MIN(r.day) AS d FROM pull_request AS p JOIN review AS r ON r.pr_id = p.pr_id "
  "GROUP BY p.pr_id, p.opened_day) AS x GROUP BY CASE WHEN d - o <= 1 THEN 'fast' WHEN d - o < 7 THEN 'normal' "
  "ELSE 'slow' END",
  "a first review on day 7 called slow")

# --- review coverage and approvals
R("coverage:merged PRs without approval",
  "SELECT p.pr_id FROM pull_request AS p WHERE p.merged_day IS NOT NULL AND NOT EXISTS (SELECT 1 FROM review AS r "
  "WHERE r.pr_id = p.pr_id AND r.state = 'approved')",
  "SELECT pr_id FROM pull_request WHERE merged_day IS NOT NULL EXCEPT SELECT pr_id FROM review WHERE state = 'approved'",
  "SELECT p.pr_id FROM pull_request AS p WHERE p.merged_day IS NOT NULL AND NOT EXISTS (SELECT 1 FROM review AS r "
  "WHERE r.pr_id = p.pr_id AND r.state <> 'changes_requested')",
  "a comment counted as an approval")
R("coverage:review coverage of merged PRs per repo",
  "SELECT p.repo_id, AVG(CASE WHEN EXISTS (SELECT 1 FROM review AS r WHERE r.pr_id = p.pr_id) THEN 1.0 ELSE 0.0 END) "
  "FROM pull_request AS p WHERE p.merged_day IS NOT NULL GROUP BY p.repo_id",
  "SELECT p.repo_id, COUNT(DISTINCT r.pr_id) * 1.0 / COUNT(DISTINCT p.pr_id) FROM pull_request AS p LEFT JOIN review "
  "AS r ON r.pr_id = p.pr_id WHERE p.merged_day IS NOT NULL GROUP BY p.repo_id",
  "SELECT p.repo_id, COUNT(DISTINCT r.pr_id) * 1.0 / COUNT(*) FROM pull_request AS p LEFT JOIN review "
  "AS r ON r.pr_id = p.pr_id WHERE p.merged_day IS NOT NULL GROUP BY p.repo_id",
  "reviews counted in the denominator")
R("coverage:merged PRs approved after their last commit",
  "SELECT p.pr_id FROM pull_request AS p WHERE p.merged_day IS NOT NULL AND EXISTS (SELECT 1 FROM review AS r "
  "WHERE r.pr_id = p.pr_id AND r.state = 'approved' AND r.day >= (SELECT MAX(c.day) FROM pr_commit AS c "
  "WHERE c.pr_id = p.pr_id))",
  "SELECT p.pr_id FROM pull_request AS p JOIN (SELECT pr_id, MAX(day) AS last_c FROM pr_commit GROUP BY pr_id) AS c "
  "ON c.pr_id = p.pr_id JOIN (SELECT pr_id, MAX(day) AS last_a FROM review WHERE state = 'approved' GROUP BY pr_id) "
  "AS a ON a.pr_id = p.pr_id WHERE p.merged_day IS NOT NULL AND a.last_a >= c.last_c",
  "SELECT p.pr_id FROM pull_request AS p WHERE p.merged_day IS NOT NULL AND EXISTS (SELECT 1 FROM review AS r "
  "WHERE r.pr_id = p.pr_id AND r.state = 'approved' AND r.day > (SELECT MAX(c.day) FROM pr_commit AS c "
  "WHERE c.pr_id = p.pr_id))",
  "an approval on the day of the last commit taken as stale")
R("coverage:reviews per merged PR including none",
  "SELECT p.pr_id, COUNT(r.review_id) FROM pull_request AS p LEFT JOIN review AS r ON r.pr_id = p.pr_id "
  "WHERE p.merged_day IS NOT NULL GROUP BY p.pr_id",
  "SELECT pr_id, (SELECT COUNT(*) FROM review AS r WHERE r.pr_id = p.pr_id) FROM pull_request AS p "
  "WHERE merged_day IS NOT NULL",
  "SELECT p.pr_id, COUNT(*) FROM pull_request AS p LEFT JOIN review AS r ON r.pr_id = p.pr_id "
  "WHERE p.merged_day IS NOT NULL GROUP BY p.pr_id",
  "an unreviewed PR counted 1")
R("coverage:PRs approved by two distinct reviewers",
  "SELECT pr_id FROM review WHERE state = 'approved' GROUP BY pr_id HAVING COUNT(DISTINCT reviewer_id) >= 2",
  "SELECT DISTINCT a.pr_id FROM review AS a JOIN review AS b ON b.pr_id = a.pr_id AND b.reviewer_id > a.reviewer_id "
  "WHERE a.state = 'approved' AND b.state = 'approved'",
  "SELECT pr_id FROM review WHERE state = 'approved' GROUP BY pr_id HAVING COUNT(*) >= 2",
  "two approvals by the same reviewer counted")
R("coverage:self-approved PRs",
  "SELECT DISTINCT p.pr_id FROM pull_request AS p JOIN review AS r ON r.pr_id = p.pr_id AND r.reviewer_id = p.author_id "
  "WHERE r.state = 'approved'",
  "SELECT pr_id FROM pull_request AS p WHERE author_id IN (SELECT reviewer_id FROM review AS r WHERE r.pr_id = p.pr_id "
  "AND r.state = 'approved')",
  "SELECT p.pr_id FROM pull_request AS p JOIN review AS r ON r.pr_id = p.pr_id AND r.reviewer_id = p.author_id "
  "WHERE r.state = 'approved'",
  "a PR listed once per self-approval")

# --- merges without approval and self-merges
R("merge:authors who only self-merge",
  "SELECT author_id FROM pull_request WHERE merged_by IS NOT NULL GROUP BY author_id "
  "HAVING COUNT(*) = SUM(CASE WHEN merged_by = author_id THEN 1 ELSE 0 END)",
  "SELECT DISTINCT author_id FROM pull_request AS p WHERE merged_by IS NOT NULL AND NOT EXISTS (SELECT 1 "
  "FROM pull_request AS q WHERE q.author_id = p.author_id AND q.merged_by <> q.author_id)",
  "SELECT author_id FROM pull_request GROUP BY author_id "
  "HAVING COUNT(*) = SUM(CASE WHEN merged_by = author_id THEN 1 ELSE 0 END)",
  "unmerged PRs counted against the author")
R("merge:merged without approval per repo per week",
  "SELECT p.repo_id, p.merged_day / 7, COUNT(*) FROM pull_request AS p LEFT JOIN (SELECT DISTINCT pr_id FROM review "
  "WHERE state = 'approved') AS a ON a.pr_id = p.pr_id WHERE p.merged_day IS NOT NULL AND a.pr_id IS NULL "
  "GROUP BY p.repo_id, p.merged_day / 7",
  "SELECT repo_id, merged_day / 7, COUNT(*) FROM pull_request AS p WHERE merged_day IS NOT NULL AND pr_id NOT IN "
  "(SELECT pr_id FROM review WHERE state = 'approved') GROUP BY repo_id, merged_day / 7",
  "SELECT repo_id, merged_day / 7, COUNT(*) FROM pull_request AS p WHERE merged_day IS NOT NULL AND pr_id NOT IN "
  "(SELECT pr_id FROM review AS r WHERE r.state = 'approved' AND r.day <= p.merged_day) GROUP BY repo_id, merged_day / 7",
  "approvals given after the merge not accepted")
R("merge:merged by someone who did not review",
  "SELECT p.pr_id FROM pull_request AS p WHERE p.merged_by IS NOT NULL AND p.merged_by <> p.author_id AND NOT EXISTS "
  "(SELECT 1 FROM review AS r WHERE r.pr_id = p.pr_id AND r.reviewer_id = p.merged_by)",
  "SELECT p.pr_id FROM pull_request AS p LEFT JOIN review AS r ON r.pr_id = p.pr_id AND r.reviewer_id = p.merged_by "
  "WHERE p.merged_by <> p.author_id AND r.review_id IS NULL",
  "SELECT p.pr_id FROM pull_request AS p WHERE p.merged_by IS NOT NULL AND p.merged_by <> p.author_id AND NOT EXISTS "
  "(SELECT 1 FROM review AS r WHERE r.reviewer_id = p.merged_by)",
  "a review of another PR counted")
R("merge:merge rate per author",
  "SELECT author_id, AVG(CASE WHEN merged_day IS NOT NULL THEN 1.0 ELSE 0.0 END) FROM pull_request WHERE draft = 0 "
  "GROUP BY author_id",
  "SELECT author_id, COUNT(merged_day) * 1.0 / COUNT(*) FROM pull_request WHERE draft = 0 GROUP BY author_id",
  "SELECT author_id, COUNT(closed_day) * 1.0 / COUNT(*) FROM pull_request WHERE draft = 0 GROUP BY author_id",
  "closed PRs counted as merged")
R("merge:merged PRs approved only by bots",
  "SELECT p.pr_id FROM pull_request AS p WHERE p.merged_day IS NOT NULL AND EXISTS (SELECT 1 FROM review AS r "
  "WHERE r.pr_id = p.pr_id AND r.state = 'approved') AND NOT EXISTS (SELECT 1 FROM review AS r JOIN users AS u "
  "ON u.user_id = r.reviewer_id WHERE r.pr_id = p.pr_id AND r.state = 'approved' AND u.bot = 0)",
  "SELECT r.pr_id FROM review AS r JOIN users AS u ON u.user_id = r.reviewer_id JOIN pull_request AS p "
  "ON p.pr_id = r.pr_id WHERE r.state = 'approved' AND p.merged_day IS NOT NULL GROUP BY r.pr_id "
  "HAVING SUM(CASE WHEN u.bot = 0 THEN 1 ELSE 0 END) = 0",
  "SELECT r.pr_id FROM review AS r JOIN users AS u ON u.user_id = r.reviewer_id JOIN pull_request AS p "
  "ON p.pr_id = r.pr_id WHERE r.state = 'approved' AND p.merged_day IS NOT NULL GROUP BY r.pr_id HAVING MAX(u.bot) = 1",
  "any bot approval taken as bot-only")

# --- reviewer load
R("load:open PRs per reviewer",
  "SELECT r.reviewer_id, COUNT(DISTINCT r.pr_id) FROM review AS r JOIN pull_request AS p ON p.pr_id = r.pr_id "
  "WHERE p.merged_day IS NULL AND p.closed_day IS NULL GROUP BY r.reviewer_id",
  "SELECT reviewer_id, COUNT(*) FROM (SELECT DISTINCT reviewer_id, pr_id FROM review WHERE pr_id IN (SELECT pr_id "
  "FROM pull_request WHERE merged_day IS NULL AND closed_day IS NULL)) AS x GROUP BY reviewer_id",
  "SELECT r.reviewer_id, COUNT(r.pr_id) FROM review AS r JOIN pull_request AS p ON p.pr_id = r.pr_id "
  "WHERE p.merged_day IS NULL AND p.closed_day IS NULL GROUP BY r.reviewer_id",
  "reviews counted instead of PRs")
R("load:reviews per human user including none",
  "SELECT u.user_id, COUNT(r.review_id) FROM users AS u LEFT JOIN review AS r ON r.reviewer_id = u.user_id "
  "WHERE u.bot = 0 GROUP BY u.user_id",
  "SELECT user_id, (SELECT COUNT(*) FROM review AS r WHERE r.reviewer_id = u.user_id) FROM users AS u WHERE bot = 0",
  "SELECT u.user_id, COUNT(r.review_id) FROM users AS u LEFT JOIN review AS r ON r.reviewer_id = u.user_id "
  "AND u.bot = 0 GROUP BY u.user_id",
  "the bot filter moved into ON lists bots with 0")
R("load:share of reviews per reviewer",
  "SELECT reviewer_id, COUNT(*) * 1.0 / SUM(COUNT(*)) OVER () FROM review GROUP BY reviewer_id",
  "SELECT reviewer_id, n * 1.0 / (SELECT COUNT(*) FROM review) FROM (SELECT reviewer_id, COUNT(*) AS n FROM review "
  "GROUP BY reviewer_id) AS x",
  "SELECT reviewer_id, n * 1.0 / (SELECT COUNT(DISTINCT pr_id) FROM review) FROM (SELECT reviewer_id, COUNT(*) AS n "
  "FROM review GROUP BY reviewer_id) AS x",
  "PRs instead of reviews in the denominator")
R("load:busiest reviewers per repo with ties",
  "WITH c AS (SELECT p.repo_id, r.reviewer_id, COUNT(*) AS n FROM review AS r JOIN pull_request AS p "
  "ON p.pr_id = r.pr_id GROUP BY p.repo_id, r.reviewer_id) SELECT repo_id, reviewer_id FROM c WHERE NOT EXISTS "
  "(SELECT 1 FROM c AS d WHERE d.repo_id = c.repo_id AND d.n > c.n)",
  "SELECT repo_id, reviewer_id FROM (SELECT p.repo_id, r.reviewer_id, RANK() OVER (PARTITION BY p.repo_id ORDER BY "
  "COUNT(*) DESC) AS rk FROM review AS r JOIN pull_request AS p ON p.pr_id = r.pr_id GROUP BY p.repo_id, r.reviewer_id) "
  "AS x WHERE rk = 1",
  "WITH c AS (SELECT p.repo_id, r.reviewer_id, COUNT(*) AS n FROM review AS r JOIN pull_request AS p "
  "ON p.pr_id = r.pr_id GROUP BY p.repo_id, r.reviewer_id) SELECT repo_id, reviewer_id FROM c WHERE NOT EXISTS "
  "(SELECT 1 FROM c AS d WHERE d.repo_id = c.repo_id AND d.n >= c.n AND d.reviewer_id <> c.reviewer_id)",
  "tied reviewers both dropped")
R("load:reviewers who never approved a PR they reviewed",
  "SELECT DISTINCT reviewer_id FROM review AS r WHERE NOT EXISTS (SELECT 1 FROM review AS s "
  "WHERE s.reviewer_id = r.reviewer_id AND s.state = 'approved')",
  "SELECT reviewer_id FROM review GROUP BY reviewer_id HAVING SUM(CASE WHEN state = 'approved' THEN 1 ELSE 0 END) = 0",
  "SELECT DISTINCT reviewer_id FROM review AS r WHERE NOT EXISTS (SELECT 1 FROM review AS s "
  "WHERE s.reviewer_id = r.reviewer_id AND s.pr_id = r.pr_id AND s.state = 'approved')",
  "a reviewer listed for one PR they did not approve")
R("load:reviews given and received per user",
  "SELECT u.user_id, (SELECT COUNT(*) FROM review AS r WHERE r.reviewer_id = u.user_id), (SELECT COUNT(*) "
  "FROM review AS r JOIN pull_request AS p ON p.pr_id = r.pr_id WHERE p.author_id = u.user_id) FROM users AS u",
  "SELECT u.user_id, COALESCE(g.n, 0), COALESCE(h.n, 0) FROM users AS u LEFT JOIN (SELECT reviewer_id, COUNT(*) AS n "
  "FROM review GROUP BY reviewer_id) AS g ON g.reviewer_id = u.user_id LEFT JOIN (SELECT p.author_id, COUNT(*) AS n "
  "FROM review AS r JOIN pull_request AS p ON p.pr_id = r.pr_id GROUP BY p.author_id) AS h ON h.author_id = u.user_id",
  "SELECT u.user_id, COUNT(r.review_id), COUNT(q.review_id) FROM users AS u LEFT JOIN review AS r "
  "ON r.reviewer_id = u.user_id LEFT JOIN pull_request AS p ON p.author_id = u.user_id LEFT JOIN review AS q "
  "ON q.pr_id = p.pr_id GROUP BY u.user_id",
  "given and received joined in one pass multiply each other")

# --- rework
R("rework:PRs with changes requested per repo",
  "SELECT p.repo_id, COUNT(DISTINCT r.pr_id) FROM review AS r JOIN pull_request AS p ON p.pr_id = r.pr_id "
  "WHERE r.state = 'changes_requested' GROUP BY p.repo_id",
  "SELECT repo_id, COUNT(*) FROM pull_request AS p WHERE EXISTS (SELECT 1 FROM review AS r WHERE r.pr_id = p.pr_id "
  "AND r.state = 'changes_requested') GROUP BY repo_id",
  "SELECT p.repo_id, COUNT(r.pr_id) FROM review AS r JOIN pull_request AS p ON p.pr_id = r.pr_id "
  "WHERE r.state = 'changes_requested' GROUP BY p.repo_id",
  "requests counted instead of PRs")
R("rework:commits after the first review",
  "SELECT c.pr_id, COUNT(*) FROM pr_commit AS c JOIN (SELECT pr_id, MIN(day) AS d FROM review GROUP BY pr_id) AS f "
  "ON f.pr_id = c.pr_id WHERE c.day > f.d GROUP BY c.pr_id",
  "SELECT pr_id, COUNT(*) FROM pr_commit AS c WHERE day > (SELECT MIN(day) FROM review AS r WHERE r.pr_id = c.pr_id) "
  "GROUP BY pr_id",
  "SELECT c.pr_id, COUNT(*) FROM pr_commit AS c JOIN (SELECT pr_id, MIN(day) AS d FROM review GROUP BY pr_id) AS f "
  "ON f.pr_id = c.pr_id WHERE c.day >= f.d GROUP BY c.pr_id",
  "commits on the day of the first review counted")
R("rework:rework rate per author",
  "SELECT p.author_id, AVG(CASE WHEN EXISTS (SELECT 1 FROM pr_commit AS c WHERE c.pr_id = p.pr_id AND c.day > "
  "(SELECT MIN(r.day) FROM review AS r WHERE r.pr_id = p.pr_id)) THEN 1.0 ELSE 0.0 END) FROM pull_request AS p "
  "WHERE EXISTS (SELECT 1 FROM review AS r WHERE r.pr_id = p.pr_id) GROUP BY p.author_id",
  "SELECT author_id, SUM(rw) * 1.0 / COUNT(*) FROM (SELECT p.pr_id, p.author_id, MAX(CASE WHEN c.day > f.d THEN 1 "
  "ELSE 0 END) AS rw FROM pull_request AS p JOIN (SELECT pr_id, MIN(day) AS d FROM review GROUP BY pr_id) AS f "
  "ON f.pr_id = p.pr_id LEFT JOIN pr_commit AS c ON c.pr_id = p.pr_id GROUP BY p.pr_id, p.author_id) AS x "
  "GROUP BY author_id",
  "SELECT p.author_id, AVG(CASE WHEN EXISTS (SELECT 1 FROM pr_commit AS c WHERE c.pr_id = p.pr_id AND c.day > "
  "(SELECT MIN(r.day) FROM review AS r WHERE r.pr_id = p.pr_id)) THEN 1.0 ELSE 0.0 END) FROM pull_request AS p "
  "GROUP BY p.author_id",
  "unreviewed PRs counted as without rework")
R("rework:changes requested, then approved by the same reviewer",
  "SELECT DISTINCT a.pr_id, a.reviewer_id FROM review AS a JOIN review AS b ON b.pr_id = a.pr_id "
  "AND b.reviewer_id = a.reviewer_id AND b.day > a.day WHERE a.state = 'changes_requested' AND b.state = 'approved'",
  "SELECT pr_id, reviewer_id FROM review GROUP BY pr_id, reviewer_id HAVING MIN(CASE WHEN state = 'changes_requested' "
  "THEN day END) < MAX(CASE WHEN state = 'approved' THEN day END)",
  "SELECT DISTINCT a.pr_id, a.reviewer_id FROM review AS a JOIN review AS b ON b.pr_id = a.pr_id "
  "AND b.day > a.day WHERE a.state = 'changes_requested' AND b.state = 'approved'",
  "another reviewer's approval counted")
R("rework:resolved share of review comments per PR",
  "SELECT pr_id, AVG(CASE WHEN resolved = 1 THEN 1.0 ELSE 0.0 END) FROM review_comment GROUP BY pr_id",
  "SELECT pr_id, COUNT(CASE WHEN resolved = 1 THEN 1 END) * 1.0 / COUNT(*) FROM review_comment GROUP BY pr_id",
  "SELECT pr_id, COUNT(CASE WHEN resolved = 1 THEN 1 END) * 1.0 / COUNT(resolved) FROM review_comment GROUP BY pr_id",
  "comments without a resolution state left out")
R("rework:comments by reviewers who did not review",
  "SELECT c.comment_id FROM review_comment AS c JOIN pull_request AS p ON p.pr_id = c.pr_id WHERE c.author_id "
  "<> p.author_id AND NOT EXISTS (SELECT 1 FROM review AS r WHERE r.pr_id = c.pr_id AND r.reviewer_id = c.author_id)",
  "SELECT comment_id FROM review_comment AS c WHERE author_id NOT IN (SELECT reviewer_id FROM review AS r "
  "WHERE r.pr_id = c.pr_id) AND author_id <> (SELECT author_id FROM pull_request AS p WHERE p.pr_id = c.pr_id)",
  "SELECT c.comment_id FROM review_comment AS c JOIN pull_request AS p ON p.pr_id = c.pr_id WHERE NOT EXISTS "
  "(SELECT 1 FROM review AS r WHERE r.pr_id = c.pr_id AND r.reviewer_id = c.author_id)",
  "the PR author's own replies listed")

# --- cycle time
R("cycle:cycle time per repo",
  "SELECT repo_id, AVG(merged_day - opened_day) FROM pull_request WHERE merged_day IS NOT NULL GROUP BY repo_id",
  "SELECT r.repo_id, AVG(p.merged_day - p.opened_day) FROM repo AS r JOIN pull_request AS p ON p.repo_id = r.repo_id "
  "GROUP BY r.repo_id HAVING COUNT(p.merged_day) > 0",
  "SELECT repo_id, AVG(merged_day - opened_day) FROM pull_request GROUP BY repo_id",
  "repos without merged PRs listed with NULL")
R("cycle:active repos without a merge since day 11",
  "SELECT r.repo_id FROM repo AS r WHERE r.archived = 0 AND NOT EXISTS (SELECT 1 FROM pull_request AS p "
  "WHERE p.repo_id = r.repo_id AND p.merged_day >= 11)",
  "SELECT repo_id FROM repo WHERE archived = 0 EXCEPT SELECT repo_id FROM pull_request WHERE merged_day >= 11",
  "SELECT r.repo_id FROM repo AS r WHERE r.archived = 0 AND NOT EXISTS (SELECT 1 FROM pull_request AS p "
  "WHERE p.repo_id = r.repo_id AND p.merged_day > 11)",
  "a merge on day 11 missed")
R("cycle:slowest merged PRs per repo with ties",
  "SELECT p.repo_id, p.pr_id FROM pull_request AS p WHERE p.merged_day - p.opened_day = (SELECT MAX(q.merged_day "
  "- q.opened_day) FROM pull_request AS q WHERE q.repo_id = p.repo_id)",
  "SELECT repo_id, pr_id FROM (SELECT repo_id, pr_id, RANK() OVER (PARTITION BY repo_id ORDER BY merged_day - opened_day "
  "DESC) AS rk FROM pull_request WHERE merged_day IS NOT NULL) AS x WHERE rk = 1",
  "SELECT p.repo_id, p.pr_id FROM pull_request AS p WHERE p.merged_day - p.opened_day = (SELECT MAX(q.merged_day "
  "- q.opened_day) FROM pull_request AS q)",
  "the slowest over all repos")
R("cycle:time from first commit to merge",
  "SELECT p.pr_id, p.merged_day - MIN(c.day) FROM pull_request AS p JOIN pr_commit AS c ON c.pr_id = p.pr_id "
  "WHERE p.merged_day IS NOT NULL GROUP BY p.pr_id, p.merged_day",
  "SELECT pr_id, merged_day - (SELECT MIN(day) FROM pr_commit AS c WHERE c.pr_id = p.pr_id) FROM pull_request AS p "
  "WHERE merged_day IS NOT NULL AND EXISTS (SELECT 1 FROM pr_commit AS c WHERE c.pr_id = p.pr_id)",
  "SELECT pr_id, merged_day - (SELECT MIN(day) FROM pr_commit AS c WHERE c.pr_id = p.pr_id) FROM pull_request AS p "
  "WHERE merged_day IS NOT NULL",
  "merged PRs without commits listed with NULL")
R("cycle:running merges per repo by week",
  "SELECT repo_id, w, SUM(n) OVER (PARTITION BY repo_id ORDER BY w) FROM (SELECT repo_id, merged_day / 7 AS w, "
  "COUNT(*) AS n FROM pull_request WHERE merged_day IS NOT NULL GROUP BY repo_id, merged_day / 7) AS x",
  "SELECT a.repo_id, a.w, SUM(b.n) FROM (SELECT repo_id, merged_day / 7 AS w, COUNT(*) AS n FROM pull_request "
  "WHERE merged_day IS NOT NULL GROUP BY repo_id, merged_day / 7) AS a JOIN (SELECT repo_id, merged_day / 7 AS w, "
  "COUNT(*) AS n FROM pull_request WHERE merged_day IS NOT NULL GROUP BY repo_id, merged_day / 7) AS b "
  "ON b.repo_id = a.repo_id AND b.w <= a.w GROUP BY a.repo_id, a.w",
  "SELECT a.repo_id, a.w, SUM(b.n) FROM (SELECT repo_id, merged_day / 7 AS w, COUNT(*) AS n FROM pull_request "
  "WHERE merged_day IS NOT NULL GROUP BY repo_id, merged_day / 7) AS a JOIN (SELECT repo_id, merged_day / 7 AS w, "
  "COUNT(*) AS n FROM pull_request WHERE merged_day IS NOT NULL GROUP BY repo_id, merged_day / 7) AS b "
  "ON b.repo_id = a.repo_id AND b.w < a.w GROUP BY a.repo_id, a.w",
  "the current week left out")
R("cycle:age of open PRs on day 14",
  "SELECT pr_id, 14 - opened_day FROM pull_request WHERE merged_day IS NULL AND closed_day IS NULL",
  "SELECT pr_id, 14 - opened_day FROM pull_request WHERE COALESCE(merged_day, closed_day) IS NULL",
  "SELECT pr_id, 14 - opened_day FROM pull_request WHERE merged_day IS NULL",
  "closed unmerged PRs counted as open")
R("cycle:days open capped at a week",
  "SELECT pr_id, MIN(COALESCE(merged_day, closed_day, 14) - opened_day, 7) FROM pull_request",
  "SELECT pr_id, IIF(COALESCE(merged_day, closed_day, 14) - opened_day < 7, COALESCE(merged_day, closed_day, 14) "
  "- opened_day, 7) FROM pull_request",
  "SELECT pr_id, MIN(merged_day - opened_day, 7) FROM pull_request",
  "PRs not merged get NULL", dialect="sqlite")

# --- CI checks
R("checks:flaky checks",
  "SELECT DISTINCT a.commit_id, a.name FROM check_run AS a JOIN check_run AS b ON b.commit_id = a.commit_id "
  "AND b.name = a.name WHERE a.status = 'failure' AND b.status = 'success'",
  "SELECT commit_id, name FROM check_run GROUP BY commit_id, name HAVING SUM(CASE WHEN status = 'failure' THEN 1 "
  "ELSE 0 END) > 0 AND SUM(CASE WHEN status = 'success' THEN 1 ELSE 0 END) > 0",
  "SELECT DISTINCT a.commit_id, a.name FROM check_run AS a JOIN check_run AS b ON b.commit_id = a.commit_id "
  "WHERE a.status = 'failure' AND b.status = 'success'",
  "another check's success on the commit counted")
R("checks:flaky share of commits per check",
  "WITH s AS (SELECT commit_id, name, MAX(CASE WHEN status = 'failure' THEN 1 ELSE 0 END) AS f, MAX(CASE WHEN "
  "status = 'success' THEN 1 ELSE 0 END) AS ok FROM check_run GROUP BY commit_id, name) SELECT name, AVG(f * ok * 1.0) "
  "FROM s GROUP BY name",
  "SELECT c.name, COUNT(DISTINCT CASE WHEN EXISTS (SELECT 1 FROM check_run AS x WHERE x.commit_id = c.commit_id "
  "AND x.name = c.name AND x.status = 'failure') AND EXISTS (SELECT 1 FROM check_run AS y WHERE y.commit_id = "
  "c.commit_id AND y.name = c.name AND y.status = 'success') THEN c.commit_id END) * 1.0 / COUNT(DISTINCT c.commit_id) "
  "FROM check_run AS c GROUP BY c.name",
  "SELECT c.name, COUNT(DISTINCT CASE WHEN EXISTS (SELECT 1 FROM check_run AS x WHERE x.commit_id = c.commit_id "
  "AND x.name = c.name AND x.status = 'failure') AND EXISTS (SELECT 1 FROM check_run AS y WHERE y.commit_id = "
  "c.commit_id AND y.name = c.name AND y.status = 'success') THEN c.commit_id END) * 1.0 / COUNT(*) "
  "FROM check_run AS c GROUP BY c.name",
  "runs instead of commits in the denominator")
R("checks:average successful duration per check",
  "SELECT name, AVG(duration_s) FROM check_run WHERE status = 'success' GROUP BY name",
  "SELECT name, SUM(duration_s) * 1.0 / COUNT(duration_s) FROM check_run WHERE status = 'success' GROUP BY name",
  "SELECT name, AVG(COALESCE(duration_s, 0)) FROM check_run WHERE status = 'success' GROUP BY name",
  "missing durations averaged as 0")
R("checks:commits whose every check passed",
  "SELECT commit_id FROM check_run GROUP BY commit_id HAVING COUNT(*) = SUM(CASE WHEN status = 'success' THEN 1 "
  "ELSE 0 END)",
  "SELECT DISTINCT commit_id FROM check_run AS c WHERE NOT EXISTS (SELECT 1 FROM check_run AS d "
  "WHERE d.commit_id = c.commit_id AND d.status <> 'success')",
  "SELECT c.commit_id FROM pr_commit AS c WHERE NOT EXISTS (SELECT 1 FROM check_run AS d "
  "WHERE d.commit_id = c.commit_id AND d.status <> 'success')",
  "commits without any check listed")
R("checks:failed runs per PR",
  "SELECT c.pr_id, COUNT(*) FROM pr_commit AS c JOIN check_run AS k ON k.commit_id = c.commit_id "
  "WHERE k.status = 'failure' GROUP BY c.pr_id",
  "SELECT pr_id, SUM(n) FROM (SELECT commit_id, COUNT(*) AS n FROM check_run WHERE status = 'failure' "
  "GROUP BY commit_id) AS k JOIN pr_commit USING (commit_id) GROUP BY pr_id",
  "SELECT c.pr_id, COUNT(DISTINCT k.commit_id) FROM pr_commit AS c JOIN check_run AS k ON k.commit_id = c.commit_id "
  "WHERE k.status = 'failure' GROUP BY c.pr_id",
  "failing commits counted instead of runs")
R("checks:CI minutes per repo",
  "SELECT p.repo_id, SUM(k.duration_s) / 60 FROM pull_request AS p JOIN pr_commit AS c ON c.pr_id = p.pr_id "
  "JOIN check_run AS k ON k.commit_id = c.commit_id GROUP BY p.repo_id",
  "SELECT repo_id, (SELECT SUM(k.duration_s) FROM check_run AS k JOIN pr_commit AS c ON c.commit_id = k.commit_id "
  "JOIN pull_request AS q ON q.pr_id = c.pr_id WHERE q.repo_id = r.repo_id) / 60 FROM repo AS r WHERE EXISTS (SELECT 1 "
  "FROM check_run AS k JOIN pr_commit AS c ON c.commit_id = k.commit_id JOIN pull_request AS q ON q.pr_id = c.pr_id "
  "WHERE q.repo_id = r.repo_id)",
  "SELECT p.repo_id, SUM(k.duration_s / 60) FROM pull_request AS p JOIN pr_commit AS c ON c.pr_id = p.pr_id "
  "JOIN check_run AS k ON k.commit_id = c.commit_id GROUP BY p.repo_id",
  "each run rounded down to whole minutes")
R("checks:cancelled runs per check including none",
  "SELECT n.name, COUNT(k.run_id) FROM (SELECT DISTINCT name FROM check_run) AS n LEFT JOIN check_run AS k "
  "ON k.name = n.name AND k.status = 'cancelled' GROUP BY n.name",
  "SELECT name, SUM(CASE WHEN status = 'cancelled' THEN 1 ELSE 0 END) FROM check_run GROUP BY name",
  "SELECT n.name, COUNT(*) FROM (SELECT DISTINCT name FROM check_run) AS n LEFT JOIN check_run AS k "
  "ON k.name = n.name AND k.status = 'cancelled' GROUP BY n.name",
  "a check without cancelled runs counted 1")
R("checks:CI seconds per commit with zero",
  "SELECT c.commit_id, TOTAL(k.duration_s) FROM pr_commit AS c LEFT JOIN check_run AS k ON k.commit_id = c.commit_id "
  "GROUP BY c.commit_id",
  "SELECT commit_id, IFNULL((SELECT SUM(duration_s) FROM check_run AS k WHERE k.commit_id = c.commit_id), 0.0) "
  "FROM pr_commit AS c",
  "SELECT c.commit_id, SUM(k.duration_s) FROM pr_commit AS c LEFT JOIN check_run AS k ON k.commit_id = c.commit_id "
  "GROUP BY c.commit_id",
  "NULL instead of 0 for commits without timed runs", dialect="sqlite")

# --- labels
R("labels:PRs per label including unused labels",
  "SELECT l.label_id, COUNT(pl.pr_id) FROM label AS l LEFT JOIN pr_label AS pl ON pl.label_id = l.label_id "
  "GROUP BY l.label_id",
  "SELECT label_id, (SELECT COUNT(*) FROM pr_label AS pl WHERE pl.label_id = l.label_id) FROM label AS l",
  "SELECT l.label_id, COUNT(*) FROM label AS l LEFT JOIN pr_label AS pl ON pl.label_id = l.label_id "
  "GROUP BY l.label_id",
  "an unused label counted 1")
R("labels:merged bug PRs per repo",
  "SELECT p.repo_id, COUNT(*) FROM pull_request AS p WHERE p.merged_day IS NOT NULL AND EXISTS (SELECT 1 FROM pr_label "
  "AS pl JOIN label AS l ON l.label_id = pl.label_id WHERE pl.pr_id = p.pr_id AND LOWER(l.name) = 'bug') "
  "GROUP BY p.repo_id",
  "SELECT p.repo_id, COUNT(DISTINCT p.pr_id) FROM pull_request AS p JOIN pr_label AS pl ON pl.pr_id = p.pr_id "
  "JOIN label AS l ON l.label_id = pl.label_id WHERE LOWER(l.name) = 'bug' AND p.merged_day IS NOT NULL "
  "GROUP BY p.repo_id",
  "SELECT p.repo_id, COUNT(*) FROM pull_request AS p JOIN pr_label AS pl ON pl.pr_id = p.pr_id "
  "JOIN label AS l ON l.label_id = pl.label_id WHERE LOWER(l.name) = 'bug' AND p.merged_day IS NOT NULL "
  "GROUP BY p.repo_id",
  "a PR labelled both 'bug' and 'Bug' counted twice")
R("labels:PRs without labels",
  "SELECT pr_id FROM pull_request AS p WHERE NOT EXISTS (SELECT 1 FROM pr_label AS pl WHERE pl.pr_id = p.pr_id)",
  "SELECT pr_id FROM pull_request WHERE pr_id NOT IN (SELECT pr_id FROM pr_label)",
  "SELECT pr_id FROM pull_request WHERE pr_id NOT IN (SELECT label_id FROM pr_label)",
  "PR ids compared with label ids")
R("labels:PRs carrying every label",
  "SELECT p.pr_id FROM pull_request AS p WHERE NOT EXISTS (SELECT 1 FROM label AS l WHERE NOT EXISTS (SELECT 1 "
  "FROM pr_label AS pl WHERE pl.pr_id = p.pr_id AND pl.label_id = l.label_id))",
  "SELECT pr_id FROM pull_request AS p WHERE (SELECT COUNT(*) FROM pr_label AS pl WHERE pl.pr_id = p.pr_id) = "
  "(SELECT COUNT(*) FROM label)",
  "SELECT pr_id FROM pull_request AS p WHERE (SELECT COUNT(*) FROM pr_label AS pl WHERE pl.pr_id = p.pr_id) = "
  "(SELECT COUNT(DISTINCT label_id) FROM pr_label)",
  "only labels in use required")
R("labels:label pairs used together",
  "SELECT a.label_id, b.label_id, COUNT(*) FROM pr_label AS a JOIN pr_label AS b ON b.pr_id = a.pr_id "
  "AND b.label_id > a.label_id GROUP BY a.label_id, b.label_id",
  "SELECT x.label_id, y.label_id, (SELECT COUNT(*) FROM pr_label AS a JOIN pr_label AS b ON b.pr_id = a.pr_id "
  "WHERE a.label_id = x.label_id AND b.label_id = y.label_id) FROM label AS x JOIN label AS y ON y.label_id > x.label_id "
  "WHERE EXISTS (SELECT 1 FROM pr_label AS a JOIN pr_label AS b ON b.pr_id = a.pr_id WHERE a.label_id = x.label_id "
  "AND b.label_id = y.label_id)",
  "SELECT a.label_id, b.label_id, COUNT(*) FROM pr_label AS a JOIN pr_label AS b ON b.pr_id = a.pr_id "
  "AND b.label_id <> a.label_id GROUP BY a.label_id, b.label_id",
  "each pair counted both ways")

# --- DORA-like deploy counts (keyless deploy log)
R("dora:production deploys per repo per week",
  "SELECT repo_id, day / 7, COUNT(*) FROM deploy_log WHERE env = 'prod' GROUP BY repo_id, day / 7",
  "SELECT repo_id, w, COUNT(*) FROM (SELECT repo_id, day / 7 AS w FROM deploy_log WHERE env = 'prod') AS x "
  "GROUP BY repo_id, w",
  "SELECT repo_id, day / 7, COUNT(DISTINCT day) FROM deploy_log WHERE env = 'prod' GROUP BY repo_id, day / 7",
  "repeated log lines collapsed")
R("dora:change failure rate per repo",
  "SELECT repo_id, AVG(CASE WHEN failed = 1 THEN 1.0 ELSE 0.0 END) FROM deploy_log WHERE env = 'prod' "
  "AND repo_id IS NOT NULL GROUP BY repo_id",
  "SELECT repo_id, SUM(CASE WHEN failed = 1 THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM deploy_log WHERE env = 'prod' "
  "AND repo_id IS NOT NULL GROUP BY repo_id",
  "SELECT repo_id, AVG(failed) FROM deploy_log WHERE env = 'prod' AND repo_id IS NOT NULL GROUP BY repo_id",
  "deploys of unknown outcome left out")
R("dora:repos without a production deploy",
  "SELECT r.repo_id FROM repo AS r WHERE NOT EXISTS (SELECT 1 FROM deploy_log AS d WHERE d.repo_id = r.repo_id "
  "AND d.env = 'prod')",
  "SELECT r.repo_id FROM repo AS r LEFT JOIN deploy_log AS d ON d.repo_id = r.repo_id AND d.env = 'prod' "
  "WHERE d.repo_id IS NULL",
  "SELECT repo_id FROM repo WHERE repo_id NOT IN (SELECT repo_id FROM deploy_log WHERE env = 'prod')",
  "NOT IN over a log line without a repo")
R("dora:days since the previous production deploy",
  "SELECT repo_id, day, day - LAG(day) OVER (PARTITION BY repo_id ORDER BY day) FROM (SELECT DISTINCT repo_id, day "
  "FROM deploy_log WHERE env = 'prod' AND repo_id IS NOT NULL AND day IS NOT NULL) AS x",
  "SELECT a.repo_id, a.day, a.day - (SELECT MAX(b.day) FROM deploy_log AS b WHERE b.repo_id = a.repo_id "
  "AND b.env = 'prod' AND b.day < a.day) FROM (SELECT DISTINCT repo_id, day FROM deploy_log WHERE env = 'prod' "
  "AND repo_id IS NOT NULL AND day IS NOT NULL) AS a",
  "SELECT a.repo_id, a.day, a.day - (SELECT MAX(b.day) FROM deploy_log AS b WHERE b.repo_id = a.repo_id "
  "AND b.day < a.day) FROM (SELECT DISTINCT repo_id, day FROM deploy_log WHERE env = 'prod' "
  "AND repo_id IS NOT NULL AND day IS NOT NULL) AS a",
  "a staging deploy taken as the previous one")
R("dora:failed production deploys per repo",
  "SELECT repo_id, COUNT(*) FROM deploy_log WHERE failed = 1 AND env = 'prod' GROUP BY repo_id",
  "SELECT repo_id, SUM(CASE WHEN failed = 1 AND env = 'prod' THEN 1 ELSE 0 END) FROM deploy_log GROUP BY repo_id "
  "HAVING SUM(CASE WHEN failed = 1 AND env = 'prod' THEN 1 ELSE 0 END) > 0",
  "SELECT repo_id, SUM(CASE WHEN failed = 1 AND env = 'prod' THEN 1 ELSE 0 END) FROM deploy_log GROUP BY repo_id",
  "repos without failed deploys listed with 0")
R("dora:lead time from merge to the next production deploy",
  "SELECT p.pr_id, MIN(d.day) - p.merged_day FROM pull_request AS p JOIN deploy_log AS d ON d.repo_id = p.repo_id "
  "AND d.day >= p.merged_day WHERE d.env = 'prod' GROUP BY p.pr_id, p.merged_day",
  "SELECT pr_id, (SELECT MIN(day) FROM deploy_log AS d WHERE d.repo_id = p.repo_id AND d.env = 'prod' "
  "AND d.day >= p.merged_day) - merged_day FROM pull_request AS p WHERE EXISTS (SELECT 1 FROM deploy_log AS d "
  "WHERE d.repo_id = p.repo_id AND d.env = 'prod' AND d.day >= p.merged_day)",
  "SELECT p.pr_id, MIN(d.day) - p.merged_day FROM pull_request AS p JOIN deploy_log AS d ON d.repo_id = p.repo_id "
  "AND d.day > p.merged_day WHERE d.env = 'prod' GROUP BY p.pr_id, p.merged_day",
  "a deploy on the merge day missed")
R("dora:failure share per environment",
  "SELECT env, AVG(failed = 1) FROM deploy_log GROUP BY env",
  "SELECT env, SUM(IIF(failed = 1, 1, 0)) * 1.0 / COUNT(failed) FROM deploy_log GROUP BY env",
  "SELECT env, SUM(IIF(failed = 1, 1, 0)) * 1.0 / COUNT(*) FROM deploy_log GROUP BY env",
  "deploys of unknown outcome counted as successes", dialect="sqlite")

# --- commits and authors
R("commits:commits per PR including none",
  "SELECT p.pr_id, COUNT(c.commit_id) FROM pull_request AS p LEFT JOIN pr_commit AS c ON c.pr_id = p.pr_id "
  "GROUP BY p.pr_id",
  "SELECT pr_id, (SELECT COUNT(*) FROM pr_commit AS c WHERE c.pr_id = p.pr_id) FROM pull_request AS p",
  "SELECT p.pr_id, COUNT(c.author_id) FROM pull_request AS p LEFT JOIN pr_commit AS c ON c.pr_id = p.pr_id "
  "GROUP BY p.pr_id",
  "commits without a linked author not counted")
R("commits:PRs with commits by someone other than the author",
  "SELECT DISTINCT c.pr_id FROM pr_commit AS c JOIN pull_request AS p ON p.pr_id = c.pr_id "
  "WHERE c.author_id <> p.author_id",
  "SELECT pr_id FROM pull_request AS p WHERE EXISTS (SELECT 1 FROM pr_commit AS c WHERE c.pr_id = p.pr_id "
  "AND c.author_id <> p.author_id)",
  "SELECT DISTINCT c.pr_id FROM pr_commit AS c JOIN pull_request AS p ON p.pr_id = c.pr_id "
  "WHERE c.author_id IS NULL OR c.author_id <> p.author_id",
  "unlinked commits taken as someone else's")
R("commits:longest streak of commit days per author",
  "SELECT author_id, MAX(n) FROM (SELECT author_id, day - rn AS grp, COUNT(*) AS n FROM (SELECT author_id, day, "
  "ROW_NUMBER() OVER (PARTITION BY author_id ORDER BY day) AS rn FROM (SELECT DISTINCT author_id, day FROM pr_commit "
  "WHERE author_id IS NOT NULL) AS d) AS x GROUP BY author_id, day - rn) AS y GROUP BY author_id",
  "WITH d AS (SELECT DISTINCT author_id, day FROM pr_commit WHERE author_id IS NOT NULL), s AS (SELECT author_id, day "
  "FROM d WHERE NOT EXISTS (SELECT 1 FROM d AS p WHERE p.author_id = d.author_id AND p.day = d.day - 1)) "
  "SELECT s.author_id, MAX((SELECT MIN(e.day) FROM d AS e WHERE e.author_id = s.author_id AND e.day >= s.day "
  "AND NOT EXISTS (SELECT 1 FROM d AS f WHERE f.author_id = e.author_id AND f.day = e.day + 1)) - s.day + 1) "
  "FROM s GROUP BY s.author_id",
  "SELECT author_id, MAX(day) - MIN(day) + 1 FROM pr_commit WHERE author_id IS NOT NULL GROUP BY author_id",
  "the span from the first to the last commit day taken as the streak")
R("commits:first PR of an author in a repo opened from day 10",
  "SELECT p.repo_id, p.author_id FROM pull_request AS p WHERE p.opened_day >= 10 AND NOT EXISTS (SELECT 1 "
  "FROM pull_request AS q WHERE q.author_id = p.author_id AND q.repo_id = p.repo_id AND q.opened_day < p.opened_day)",
  "SELECT repo_id, author_id FROM pull_request AS p WHERE opened_day >= 10 AND opened_day = (SELECT MIN(opened_day) "
  "FROM pull_request AS q WHERE q.author_id = p.author_id AND q.repo_id = p.repo_id)",
  "SELECT p.repo_id, p.author_id FROM pull_request AS p WHERE p.opened_day >= 10 AND NOT EXISTS (SELECT 1 "
  "FROM pull_request AS q WHERE q.author_id = p.author_id AND q.opened_day < p.opened_day)",
  "a first PR in any repo required")
R("commits:PRs with commits after the merge",
  "SELECT DISTINCT p.pr_id FROM pull_request AS p JOIN pr_commit AS c ON c.pr_id = p.pr_id WHERE c.day > p.merged_day",
  "SELECT pr_id FROM pull_request AS p WHERE merged_day < (SELECT MAX(day) FROM pr_commit AS c WHERE c.pr_id = p.pr_id)",
  "SELECT DISTINCT p.pr_id FROM pull_request AS p JOIN pr_commit AS c ON c.pr_id = p.pr_id WHERE c.day >= p.merged_day",
  "commits on the merge day counted")

# --- PR size, repos, users
R("size:PR size buckets per repo",
  "SELECT repo_id, COUNT(*) FILTER (WHERE additions < 100), COUNT(*) FILTER (WHERE additions >= 100 AND additions < 500), "
  "COUNT(*) FILTER (WHERE additions >= 500) FROM pull_request GROUP BY repo_id",
  "SELECT repo_id, SUM(CASE WHEN additions < 100 THEN 1 ELSE 0 END), SUM(CASE WHEN additions >= 100 AND additions < 500 "
  "THEN 1 ELSE 0 END), SUM(CASE WHEN additions >= 500 THEN 1 ELSE 0 END) FROM pull_request GROUP BY repo_id",
  "SELECT repo_id, COUNT(*) FILTER (WHERE additions <= 100), COUNT(*) FILTER (WHERE additions > 100 AND additions < 500), "
  "COUNT(*) FILTER (WHERE additions >= 500) FROM pull_request GROUP BY repo_id",
  "a 100-line PR called small")
R("size:average size of merged PRs per author",
  "SELECT author_id, AVG(additions) FROM pull_request WHERE merged_day IS NOT NULL GROUP BY author_id",
  "SELECT u.user_id, AVG(p.additions) FROM users AS u JOIN pull_request AS p ON p.author_id = u.user_id "
  "AND p.merged_day IS NOT NULL GROUP BY u.user_id",
  "SELECT u.user_id, AVG(p.additions) FROM users AS u LEFT JOIN pull_request AS p ON p.author_id = u.user_id "
  "AND p.merged_day IS NOT NULL GROUP BY u.user_id",
  "users without merged PRs listed with NULL")
R("size:two largest sizes per repo with ties",
  "SELECT repo_id, pr_id FROM (SELECT repo_id, pr_id, DENSE_RANK() OVER (PARTITION BY repo_id ORDER BY additions DESC) "
  "AS rk FROM pull_request) AS x WHERE rk <= 2",
  "SELECT p.repo_id, p.pr_id FROM pull_request AS p WHERE (SELECT COUNT(DISTINCT q.additions) FROM pull_request AS q "
  "WHERE q.repo_id = p.repo_id AND q.additions > p.additions) < 2",
  "SELECT repo_id, pr_id FROM (SELECT repo_id, pr_id, RANK() OVER (PARTITION BY repo_id ORDER BY additions DESC) "
  "AS rk FROM pull_request) AS x WHERE rk <= 2",
  "tied sizes take two places")
R("size:five largest ready PRs",
  "SELECT pr_id, additions FROM pull_request WHERE draft = 0 ORDER BY additions DESC, pr_id LIMIT 5",
  "SELECT pr_id, additions FROM (SELECT pr_id, additions, ROW_NUMBER() OVER (ORDER BY additions DESC, pr_id) AS rn "
  "FROM pull_request WHERE draft = 0) AS x WHERE rn <= 5 ORDER BY rn",
  "SELECT pr_id, additions FROM pull_request WHERE draft = 0 ORDER BY additions DESC, pr_id DESC LIMIT 5",
  "ties on size broken by the highest PR id", semantics="list")
R("repos:PRs per team including repos without a team",
  "SELECT r.team, COUNT(p.pr_id) FROM repo AS r LEFT JOIN pull_request AS p ON p.repo_id = r.repo_id GROUP BY r.team",
  "SELECT team, SUM(n) FROM (SELECT r.team, (SELECT COUNT(*) FROM pull_request AS p WHERE p.repo_id = r.repo_id) AS n "
  "FROM repo AS r) AS x GROUP BY team",
  "SELECT r.team, COUNT(p.pr_id) FROM repo AS r JOIN pull_request AS p ON p.repo_id = r.repo_id GROUP BY r.team",
  "teams without PRs dropped")
R("repos:archived repos with open PRs",
  "SELECT DISTINCT r.repo_id FROM repo AS r JOIN pull_request AS p ON p.repo_id = r.repo_id WHERE r.archived = 1 "
  "AND p.merged_day IS NULL AND p.closed_day IS NULL",
  "SELECT repo_id FROM repo WHERE archived = 1 INTERSECT SELECT repo_id FROM pull_request WHERE merged_day IS NULL "
  "AND closed_day IS NULL",
  "SELECT DISTINCT r.repo_id FROM repo AS r JOIN pull_request AS p ON p.repo_id = r.repo_id WHERE r.archived = 1 "
  "AND (p.merged_day IS NULL OR p.closed_day IS NULL)",
  "a merged PR without a close day counted open")
R("users:human reviews per PR",
  "SELECT r.pr_id, COUNT(*) FROM review AS r JOIN users AS u ON u.user_id = r.reviewer_id WHERE u.bot = 0 "
  "GROUP BY r.pr_id",
  "SELECT pr_id, COUNT(*) FROM review WHERE reviewer_id IN (SELECT user_id FROM users WHERE bot = 0) GROUP BY pr_id",
  "SELECT r.pr_id, COUNT(DISTINCT r.reviewer_id) FROM review AS r JOIN users AS u ON u.user_id = r.reviewer_id "
  "WHERE u.bot = 0 GROUP BY r.pr_id",
  "reviewers counted instead of reviews")
R("users:logins that differ only in case",
  "SELECT LOWER(login) FROM users GROUP BY LOWER(login) HAVING COUNT(DISTINCT login) > 1",
  "SELECT DISTINCT LOWER(a.login) FROM users AS a JOIN users AS b ON LOWER(a.login) = LOWER(b.login) "
  "AND a.login <> b.login",
  "SELECT LOWER(login) FROM users GROUP BY LOWER(login) HAVING COUNT(*) > 1",
  "two accounts with the same login counted")

# ================================================================ EV charging back office (charging)
# session helpers written out in full: a session's site is connector -> charger -> site; its day is start_min / 1440
# --- utilisation
C("utilisation:charging minutes per charger",
  "SELECT c.charger_id, SUM(s.end_min - s.start_min) FROM session AS s JOIN connector AS c "
  "ON c.connector_id = s.connector_id WHERE s.end_min IS NOT NULL GROUP BY c.charger_id",
  "SELECT charger_id, SUM(m) FROM (SELECT connector_id, SUM(end_min - start_min) AS m FROM session "
  "GROUP BY connector_id) AS x JOIN connector USING (connector_id) GROUP BY charger_id HAVING COUNT(m) > 0",
  "SELECT c.charger_id, SUM(s.end_min - s.start_min) FROM session AS s JOIN connector AS c "
  "ON c.connector_id = s.connector_id GROUP BY c.charger_id",
  "chargers with only sessions in progress listed with NULL")
C("utilisation:day-0 utilisation per charger including idle chargers",
  "SELECT ch.charger_id, COALESCE(SUM(s.end_min - s.start_min), 0) / 1440.0 FROM charger AS ch LEFT JOIN connector AS c "
  "ON c.charger_id = ch.charger_id LEFT JOIN session AS s ON s.connector_id = c.connector_id AND s.start_min < 1440 "
  "AND s.end_min IS NOT NULL GROUP BY ch.charger_id",
  "SELECT charger_id, COALESCE((SELECT SUM(s.end_min - s.start_min) FROM session AS s JOIN connector AS c "
  "ON c.connector_id = s.connector_id WHERE c.charger_id = ch.charger_id AND s.start_min < 1440), 0) / 1440.0 "
  "FROM charger AS ch",
  "SELECT ch.charger_id, COALESCE(SUM(s.end_min - s.start_min), 0) / 1440.0 FROM charger AS ch LEFT JOIN connector AS c "
  "ON c.charger_id = ch.charger_id LEFT JOIN session AS s ON s.connector_id = c.connector_id AND s.start_min <= 1440 "
  "AND s.end_min IS NOT NULL GROUP BY ch.charger_id",
  "a session starting at minute 1440 counted on day 0")
C("utilisation:sessions per connector type per day",
  "SELECT c.type, s.start_min / 1440, COUNT(*) FROM session AS s JOIN connector AS c ON c.connector_id = s.connector_id "
  "GROUP BY c.type, s.start_min / 1440",
  "SELECT type, d, COUNT(*) FROM (SELECT (SELECT type FROM connector AS c WHERE c.connector_id = s.connector_id) AS type, "
  "start_min / 1440 AS d FROM session AS s) AS x GROUP BY type, d",
  "SELECT c.type, s.end_min / 1440, COUNT(*) FROM session AS s JOIN connector AS c ON c.connector_id = s.connector_id "
  "GROUP BY c.type, s.end_min / 1440",
  "the day taken from the end (sessions in progress under a NULL day)")
C("utilisation:busiest chargers per site with ties",
  "WITH n AS (SELECT ch.site_id, ch.charger_id, COUNT(*) AS k FROM session AS s JOIN connector AS c "
  "ON c.connector_id = s.connector_id JOIN charger AS ch ON ch.charger_id = c.charger_id GROUP BY ch.site_id, "
  "ch.charger_id) SELECT site_id, charger_id FROM n WHERE k = (SELECT MAX(k) FROM n AS m WHERE m.site_id = n.site_id)",
  "SELECT site_id, charger_id FROM (SELECT ch.site_id, ch.charger_id, RANK() OVER (PARTITION BY ch.site_id ORDER BY "
  "COUNT(*) DESC) AS rk FROM session AS s JOIN connector AS c ON c.connector_id = s.connector_id JOIN charger AS ch "
  "ON ch.charger_id = c.charger_id GROUP BY ch.site_id, ch.charger_id) AS x WHERE rk = 1",
  "SELECT site_id, charger_id FROM (SELECT ch.site_id, ch.charger_id, ROW_NUMBER() OVER (PARTITION BY ch.site_id ORDER BY "
  "COUNT(*) DESC, ch.charger_id) AS rk FROM session AS s JOIN connector AS c ON c.connector_id = s.connector_id "
  "JOIN charger AS ch ON ch.charger_id = c.charger_id GROUP BY ch.site_id, ch.charger_id) AS x WHERE rk = 1",
  "tied chargers cut to the lowest id")
C("utilisation:sessions per connector including unused ones",
  "SELECT c.connector_id, COUNT(s.session_id) FROM connector AS c LEFT JOIN session AS s "
  "ON s.connector_id = c.connector_id GROUP BY c.connector_id",
  "SELECT connector_id, (SELECT COUNT(*) FROM session AS s WHERE s.connector_id = c.connector_id) FROM connector AS c",
  "SELECT c.connector_id, COUNT(s.card_id) FROM connector AS c LEFT JOIN session AS s "
  "ON s.connector_id = c.connector_id GROUP BY c.connector_id",
  "ad hoc sessions without a card not counted")
C("utilisation:average session minutes per charger model",
  "SELECT ch.model, AVG(s.end_min - s.start_min) FROM session AS s JOIN connector AS c ON c.connector_id = s.connector_id "
  "JOIN charger AS ch ON ch.charger_id = c.charger_id GROUP BY ch.model",
  "SELECT model, SUM(d) * 1.0 / COUNT(d) FROM (SELECT (SELECT ch.model FROM connector AS c JOIN charger AS ch "
  "ON ch.charger_id = c.charger_id WHERE c.connector_id = s.connector_id) AS model, s.end_min - s.start_min AS d "
  "FROM session AS s) AS x GROUP BY model",
  "SELECT ch.model, AVG(COALESCE(s.end_min, s.start_min) - s.start_min) FROM session AS s JOIN connector AS c "
  "ON c.connector_id = s.connector_id JOIN charger AS ch ON ch.charger_id = c.charger_id GROUP BY ch.model",
  "sessions in progress averaged as 0 minutes")
C("utilisation:chargers in service without a session since minute 1440",
  "SELECT ch.charger_id FROM charger AS ch WHERE ch.retired_day IS NULL AND NOT EXISTS (SELECT 1 FROM connector AS c "
  "JOIN session AS s ON s.connector_id = c.connector_id WHERE c.charger_id = ch.charger_id AND s.start_min >= 1440)",
  "SELECT charger_id FROM charger WHERE retired_day IS NULL EXCEPT SELECT c.charger_id FROM connector AS c "
  "JOIN session AS s ON s.connector_id = c.connector_id WHERE s.start_min >= 1440",
  "SELECT ch.charger_id FROM charger AS ch WHERE ch.retired_day IS NULL AND NOT EXISTS (SELECT 1 FROM connector AS c "
  "JOIN session AS s ON s.connector_id = c.connector_id WHERE c.charger_id = ch.charger_id AND s.start_min > 1440)",
  "a session starting at minute 1440 missed")

# --- energy
C("energy:energy per site per day",
  "SELECT ch.site_id, s.start_min / 1440, SUM(s.kwh) FROM session AS s JOIN connector AS c "
  "ON c.connector_id = s.connector_id JOIN charger AS ch ON ch.charger_id = c.charger_id "
  "GROUP BY ch.site_id, s.start_min / 1440",
  "SELECT site_id, d, SUM(k) FROM (SELECT c.connector_id, ch.site_id FROM connector AS c JOIN charger AS ch "
  "ON ch.charger_id = c.charger_id) AS cc JOIN (SELECT connector_id, start_min / 1440 AS d, SUM(kwh) AS k FROM session "
  "GROUP BY connector_id, start_min / 1440) AS x ON x.connector_id = cc.connector_id GROUP BY site_id, d",
  "SELECT ch.site_id, s.start_min / 1440, SUM(DISTINCT s.kwh) FROM session AS s JOIN connector AS c "
  "ON c.connector_id = s.connector_id JOIN charger AS ch ON ch.charger_id = c.charger_id "
  "GROUP BY ch.site_id, s.start_min / 1440",
  "sessions of equal energy counted once")
C("energy:energy per driver including drivers without sessions",
  "SELECT d.driver_id, COALESCE(SUM(s.kwh), 0) FROM driver AS d LEFT JOIN rfid_card AS r ON r.driver_id = d.driver_id "
  "LEFT JOIN session AS s ON s.card_id = r.card_id GROUP BY d.driver_id",
  "SELECT driver_id, COALESCE((SELECT SUM(s.kwh) FROM session AS s JOIN rfid_card AS r ON r.card_id = s.card_id "
  "WHERE r.driver_id = d.driver_id), 0) FROM driver AS d",
  "SELECT d.driver_id, COALESCE(SUM(s.kwh), 0) FROM driver AS d LEFT JOIN rfid_card AS r ON r.driver_id = d.driver_id "
  "AND r.active = 1 LEFT JOIN session AS s ON s.card_id = r.card_id GROUP BY d.driver_id",
  "sessions on cards since deactivated dropped")
C("energy:sessions without a known driver",
  "SELECT s.session_id FROM session AS s LEFT JOIN rfid_card AS r ON r.card_id = s.card_id WHERE r.driver_id IS NULL",
  "SELECT session_id FROM session AS s WHERE card_id IS NULL OR EXISTS (SELECT 1 FROM rfid_card AS r "
  "WHERE r.card_id = s.card_id AND r.driver_id IS NULL)",
  "SELECT session_id FROM session WHERE card_id IS NULL",
  "unassigned cards taken as known drivers")
C("energy:average energy of completed sessions per connector type",
  "SELECT c.type, AVG(s.kwh) FROM session AS s JOIN connector AS c ON c.connector_id = s.connector_id "
  "WHERE s.end_min IS NOT NULL GROUP BY c.type",
  "SELECT type, SUM(kwh) / COUNT(*) FROM session JOIN connector USING (connector_id) WHERE end_min IS NOT NULL "
  "GROUP BY type",
  "SELECT c.type, AVG(s.kwh) FROM session AS s JOIN connector AS c ON c.connector_id = s.connector_id GROUP BY c.type",
  "sessions in progress averaged")
C("energy:energy share per site",
  "SELECT site_id, e / NULLIF(SUM(e) OVER (), 0) FROM (SELECT ch.site_id, SUM(s.kwh) AS e FROM session AS s "
  "JOIN connector AS c ON c.connector_id = s.connector_id JOIN charger AS ch ON ch.charger_id = c.charger_id "
  "GROUP BY ch.site_id) AS x",
  "SELECT x.site_id, x.e / NULLIF(t.tot, 0) FROM (SELECT ch.site_id, SUM(s.kwh) AS e FROM session AS s "
  "JOIN connector AS c ON c.connector_id = s.connector_id JOIN charger AS ch ON ch.charger_id = c.charger_id "
  "GROUP BY ch.site_id) AS x CROSS JOIN (SELECT SUM(kwh) AS tot FROM session) AS t",
  "SELECT x.site_id, x.e / NULLIF(t.tot, 0) FROM (SELECT ch.site_id, SUM(s.kwh) AS e FROM session AS s "
  "JOIN connector AS c ON c.connector_id = s.connector_id JOIN charger AS ch ON ch.charger_id = c.charger_id "
  "GROUP BY ch.site_id) AS x CROSS JOIN (SELECT SUM(kwh) AS tot FROM session WHERE end_min IS NOT NULL) AS t",
  "sessions in progress left out of the total")
C("energy:running energy per card by day",
  "SELECT card_id, d, SUM(e) OVER (PARTITION BY card_id ORDER BY d) FROM (SELECT card_id, start_min / 1440 AS d, "
  "SUM(kwh) AS e FROM session WHERE card_id IS NOT NULL GROUP BY card_id, start_min / 1440) AS x",
  "SELECT x.card_id, x.d, (SELECT SUM(t.kwh) FROM session AS t WHERE t.card_id = x.card_id AND t.start_min / 1440 "
  "<= x.d) FROM (SELECT DISTINCT card_id, start_min / 1440 AS d FROM session WHERE card_id IS NOT NULL) AS x",
  "SELECT x.card_id, x.d, (SELECT SUM(t.kwh) FROM session AS t WHERE t.card_id = x.card_id AND t.start_min / 1440 "
  "< x.d) FROM (SELECT DISTINCT card_id, start_min / 1440 AS d FROM session WHERE card_id IS NOT NULL) AS x",
  "the day itself left out")
C("energy:metered energy per connector",
  "SELECT connector_id, MAX(kwh_total) - MIN(kwh_total) FROM meter_reading WHERE connector_id IS NOT NULL "
  "GROUP BY connector_id",
  "SELECT a.connector_id, a.hi - b.lo FROM (SELECT connector_id, MAX(kwh_total) AS hi FROM meter_reading "
  "GROUP BY connector_id) AS a JOIN (SELECT connector_id, MIN(kwh_total) AS lo FROM meter_reading "
  "GROUP BY connector_id) AS b ON b.connector_id = a.connector_id",
  "SELECT connector_id, MAX(kwh_total) - MIN(COALESCE(kwh_total, 0)) FROM meter_reading WHERE connector_id IS NOT NULL "
  "GROUP BY connector_id",
  "a missing reading taken as zero")
C("energy:meter readings going backwards",
  "SELECT DISTINCT a.connector_id, a.minute FROM meter_reading AS a JOIN meter_reading AS b "
  "ON b.connector_id = a.connector_id AND b.minute < a.minute AND b.kwh_total > a.kwh_total",
  "SELECT DISTINCT connector_id, minute FROM meter_reading AS a WHERE kwh_total < (SELECT MAX(b.kwh_total) "
  "FROM meter_reading AS b WHERE b.connector_id = a.connector_id AND b.minute < a.minute)",
  "SELECT DISTINCT a.connector_id, a.minute FROM meter_reading AS a JOIN meter_reading AS b "
  "ON b.connector_id = a.connector_id AND b.minute <= a.minute AND b.kwh_total > a.kwh_total",
  "a reading compared with another at the same minute")
C("energy:latest meter readings per connector",
  "SELECT DISTINCT m.connector_id, m.kwh_total FROM meter_reading AS m WHERE m.connector_id IS NOT NULL "
  "AND m.minute = (SELECT MAX(n.minute) FROM meter_reading AS n WHERE n.connector_id = m.connector_id)",
  "SELECT DISTINCT connector_id, kwh_total FROM (SELECT connector_id, kwh_total, RANK() OVER (PARTITION BY connector_id "
  "ORDER BY minute DESC) AS rk FROM meter_reading WHERE connector_id IS NOT NULL AND minute IS NOT NULL) AS x "
  "WHERE rk = 1",
  "SELECT connector_id, MAX(kwh_total) FROM meter_reading WHERE connector_id IS NOT NULL GROUP BY connector_id",
  "the highest reading taken for the latest")
C("energy:delivered energy capped by connector power and time",
  "SELECT s.session_id, MIN(s.kwh, c.max_kw * (s.end_min - s.start_min) / 60.0) FROM session AS s JOIN connector AS c "
  "ON c.connector_id = s.connector_id",
  "SELECT s.session_id, CASE WHEN s.end_min IS NULL THEN NULL WHEN s.kwh < c.max_kw * (s.end_min - s.start_min) / 60.0 "
  "THEN s.kwh ELSE c.max_kw * (s.end_min - s.start_min) / 60.0 END FROM session AS s JOIN connector AS c "
  "ON c.connector_id = s.connector_id",
  "SELECT s.session_id, MIN(s.kwh, c.max_kw * (COALESCE(s.end_min, s.start_min) - s.start_min) / 60.0) FROM session AS s "
  "JOIN connector AS c ON c.connector_id = s.connector_id",
  "sessions in progress capped at zero", dialect="sqlite")
C("energy:energy per assigned driver with zero",
  "SELECT r.driver_id, TOTAL(s.kwh) FROM rfid_card AS r LEFT JOIN session AS s ON s.card_id = r.card_id "
  "WHERE r.driver_id IS NOT NULL GROUP BY r.driver_id",
  "SELECT driver_id, IFNULL((SELECT SUM(s.kwh) FROM session AS s JOIN rfid_card AS q ON q.card_id = s.card_id "
  "WHERE q.driver_id = d.driver_id), 0.0) FROM (SELECT DISTINCT driver_id FROM rfid_card WHERE driver_id IS NOT NULL) "
  "AS d",
  "SELECT r.driver_id, SUM(s.kwh) FROM rfid_card AS r LEFT JOIN session AS s ON s.card_id = r.card_id "
  "WHERE r.driver_id IS NOT NULL GROUP BY r.driver_id",
  "NULL instead of 0 for drivers whose cards were never used", dialect="sqlite")

# --- idle time after full
C("idle:idle minutes after full per session",
  "SELECT session_id, end_min - full_min FROM session WHERE full_min IS NOT NULL AND end_min IS NOT NULL "
  "AND end_min > full_min",
  "SELECT session_id, end_min - full_min FROM session WHERE end_min - full_min > 0",
  "SELECT session_id, end_min - full_min FROM session WHERE end_min - full_min >= 0",
  "sessions unplugged as the battery filled listed")
C("idle:idle fees per site under the tariff in force",
  "SELECT ch.site_id, SUM((s.end_min - s.full_min) * t.idle_cents_min) FROM session AS s JOIN connector AS c "
  "ON c.connector_id = s.connector_id JOIN charger AS ch ON ch.charger_id = c.charger_id JOIN tariff AS t "
  "ON t.site_id = ch.site_id AND t.valid_from <= s.start_min / 1440 AND (t.valid_to IS NULL OR s.start_min / 1440 "
  "< t.valid_to) WHERE s.end_min > s.full_min GROUP BY ch.site_id",
  "SELECT site_id, SUM(fee) FROM (SELECT ch.site_id, (s.end_min - s.full_min) * t.idle_cents_min AS fee FROM tariff AS t "
  "JOIN charger AS ch ON ch.site_id = t.site_id JOIN connector AS c ON c.charger_id = ch.charger_id JOIN session AS s "
  "ON s.connector_id = c.connector_id WHERE s.end_min > s.full_min AND s.start_min / 1440 >= t.valid_from "
  "AND (t.valid_to IS NULL OR t.valid_to > s.start_min / 1440)) AS x GROUP BY site_id",
  "SELECT ch.site_id, SUM((s.end_min - s.full_min) * t.idle_cents_min) FROM session AS s JOIN connector AS c "
  "ON c.connector_id = s.connector_id JOIN charger AS ch ON ch.charger_id = c.charger_id JOIN tariff AS t "
  "ON t.site_id = ch.site_id AND t.valid_from <= s.start_min / 1440 AND (t.valid_to IS NULL OR s.start_min / 1440 "
  "<= t.valid_to) WHERE s.end_min > s.full_min GROUP BY ch.site_id",
  "the tariff's end day taken as still in force")
C("idle:sessions idle more than an hour per connector type",
  "SELECT c.type, COUNT(*) FROM session AS s JOIN connector AS c ON c.connector_id = s.connector_id "
  "WHERE s.end_min - s.full_min > 60 GROUP BY c.type",
  "SELECT type, (SELECT COUNT(*) FROM session AS s WHERE s.connector_id IN (SELECT connector_id FROM connector AS d "
  "WHERE d.type = t.type) AND s.end_min - s.full_min > 60) FROM (SELECT DISTINCT type FROM connector) AS t "
  "WHERE EXISTS (SELECT 1 FROM session AS s JOIN connector AS c ON c.connector_id = s.connector_id "
  "WHERE c.type = t.type AND s.end_min - s.full_min > 60)",
  "SELECT c.type, COUNT(*) FROM session AS s JOIN connector AS c ON c.connector_id = s.connector_id "
  "WHERE s.end_min - s.full_min >= 60 GROUP BY c.type",
  "exactly an hour idle counted")
C("idle:average idle share of plugged time per charger",
  "SELECT c.charger_id, AVG((s.end_min - s.full_min) * 1.0 / NULLIF(s.end_min - s.start_min, 0)) FROM session AS s "
  "JOIN connector AS c ON c.connector_id = s.connector_id WHERE s.full_min IS NOT NULL GROUP BY c.charger_id",
  "SELECT charger_id, AVG(r) FROM (SELECT (SELECT charger_id FROM connector AS c WHERE c.connector_id = s.connector_id) "
  "AS charger_id, (end_min - full_min) * 1.0 / NULLIF(end_min - start_min, 0) AS r FROM session AS s "
  "WHERE full_min IS NOT NULL) AS x GROUP BY charger_id",
  "SELECT c.charger_id, AVG((s.end_min - s.full_min) * 1.0 / NULLIF(s.full_min - s.start_min, 0)) FROM session AS s "
  "JOIN connector AS c ON c.connector_id = s.connector_id WHERE s.full_min IS NOT NULL GROUP BY c.charger_id",
  "idle time measured against the minutes to full")
C("idle:full sessions still plugged in",
  "SELECT session_id FROM session WHERE end_min IS NULL AND full_min IS NOT NULL",
  "SELECT session_id FROM session EXCEPT SELECT session_id FROM session WHERE end_min IS NOT NULL OR full_min IS NULL",
  "SELECT session_id FROM session WHERE end_min IS NULL",
  "sessions still charging listed")

# --- faults
C("faults:faults per connector type including types without faults",
  "SELECT t.type, COUNT(f.fault_id) FROM (SELECT DISTINCT type FROM connector) AS t LEFT JOIN connector AS c "
  "ON c.type = t.type LEFT JOIN fault AS f ON f.connector_id = c.connector_id GROUP BY t.type",
  "SELECT c.type, SUM((SELECT COUNT(*) FROM fault AS f WHERE f.connector_id = c.connector_id)) FROM connector AS c "
  "GROUP BY c.type",
  "SELECT t.type, COUNT(*) FROM (SELECT DISTINCT type FROM connector) AS t LEFT JOIN connector AS c "
  "ON c.type = t.type LEFT JOIN fault AS f ON f.connector_id = c.connector_id GROUP BY t.type",
  "connectors without faults counted as one fault each")
C("faults:sessions overlapping a fault",
  "SELECT DISTINCT s.session_id FROM session AS s JOIN fault AS f ON f.connector_id = s.connector_id "
  "AND (f.end_min IS NULL OR s.start_min < f.end_min) AND (s.end_min IS NULL OR f.start_min < s.end_min)",
  "SELECT session_id FROM session AS s WHERE EXISTS (SELECT 1 FROM fault AS f WHERE f.connector_id = s.connector_id "
  "AND COALESCE(f.end_min, s.start_min + 1) > s.start_min AND COALESCE(s.end_min, f.start_min + 1) > f.start_min)",
  "SELECT DISTINCT s.session_id FROM session AS s JOIN fault AS f ON f.connector_id = s.connector_id "
  "AND (f.end_min IS NULL OR s.start_min <= f.end_min) AND (s.end_min IS NULL OR f.start_min < s.end_min)",
  "a session starting as the fault cleared counted")
C("faults:connectors down per site",
  "SELECT ch.site_id, COUNT(DISTINCT f.connector_id) FROM fault AS f JOIN connector AS c ON c.connector_id = f.connector_id "
  "JOIN charger AS ch ON ch.charger_id = c.charger_id WHERE f.end_min IS NULL GROUP BY ch.site_id",
  "SELECT site_id, COUNT(*) FROM charger AS ch JOIN connector AS c ON c.charger_id = ch.charger_id WHERE EXISTS "
  "(SELECT 1 FROM fault AS f WHERE f.connector_id = c.connector_id AND f.end_min IS NULL) GROUP BY site_id",
  "SELECT ch.site_id, COUNT(*) FROM fault AS f JOIN connector AS c ON c.connector_id = f.connector_id "
  "JOIN charger AS ch ON ch.charger_id = c.charger_id WHERE f.end_min IS NULL GROUP BY ch.site_id",
  "open faults counted instead of connectors")
C("faults:fault minutes per connector up to minute 3000",
  "SELECT connector_id, SUM(COALESCE(end_min, 3000) - start_min) FROM fault GROUP BY connector_id",
  "SELECT connector_id, SUM(CASE WHEN end_min IS NULL THEN 3000 ELSE end_min END) - SUM(start_min) FROM fault "
  "GROUP BY connector_id",
  "SELECT connector_id, SUM(end_min - start_min) FROM fault GROUP BY connector_id",
  "open faults not counted")
C("faults:connectors with a repeated fault code",
  "SELECT connector_id, code FROM fault GROUP BY connector_id, code HAVING COUNT(*) >= 2",
  "SELECT DISTINCT a.connector_id, a.code FROM fault AS a JOIN fault AS b ON b.connector_id = a.connector_id "
  "AND b.code = a.code AND b.fault_id <> a.fault_id",
  "SELECT DISTINCT a.connector_id, a.code FROM fault AS a JOIN fault AS b ON b.connector_id = a.connector_id "
  "AND b.fault_id <> a.fault_id",
  "faults of another code taken as repeats")
C("faults:mean minutes between faults per connector",
  "SELECT connector_id, (MAX(start_min) - MIN(start_min)) * 1.0 / (COUNT(*) - 1) FROM fault GROUP BY connector_id "
  "HAVING COUNT(*) > 1",
  "SELECT connector_id, AVG(gap) FROM (SELECT connector_id, start_min - LAG(start_min) OVER (PARTITION BY connector_id "
  "ORDER BY start_min, fault_id) AS gap FROM fault) AS x WHERE gap IS NOT NULL GROUP BY connector_id",
  "SELECT connector_id, (MAX(start_min) - MIN(start_min)) * 1.0 / COUNT(*) FROM fault GROUP BY connector_id "
  "HAVING COUNT(*) > 1",
  "the span divided by the faults instead of the gaps")
C("faults:faults on the charger's install day",
  "SELECT f.fault_id FROM fault AS f JOIN connector AS c ON c.connector_id = f.connector_id JOIN charger AS ch "
  "ON ch.charger_id = c.charger_id WHERE f.start_min / 1440 = ch.installed_day",
  "SELECT f.fault_id FROM fault AS f JOIN (SELECT c.connector_id, ch.installed_day FROM connector AS c JOIN charger AS ch "
  "ON ch.charger_id = c.charger_id) AS d ON d.connector_id = f.connector_id AND d.installed_day = f.start_min / 1440",
  "SELECT f.fault_id FROM fault AS f JOIN connector AS c ON c.connector_id = f.connector_id JOIN charger AS ch "
  "ON ch.charger_id = c.charger_id WHERE f.start_min / 1440 <= ch.installed_day",
  "faults before the install day counted")
C("faults:connectors never faulted",
  "SELECT connector_id FROM connector AS c WHERE NOT EXISTS (SELECT 1 FROM fault AS f WHERE f.connector_id = c.connector_id)",
  "SELECT c.connector_id FROM connector AS c LEFT JOIN fault AS f ON f.connector_id = c.connector_id "
  "GROUP BY c.connector_id HAVING COUNT(f.fault_id) = 0",
  "SELECT c.connector_id FROM connector AS c LEFT JOIN fault AS f ON f.connector_id = c.connector_id "
  "GROUP BY c.connector_id HAVING COUNT(f.end_min) = 0",
  "connectors whose faults are all open listed")
C("faults:fault codes per connector",
  "SELECT connector_id, SUM(CASE WHEN code = 'ground' THEN 1 ELSE 0 END), SUM(CASE WHEN code = 'overtemp' THEN 1 "
  "ELSE 0 END), SUM(CASE WHEN code = 'comm' THEN 1 ELSE 0 END) FROM fault GROUP BY connector_id",
  "SELECT connector_id, COUNT(*) FILTER (WHERE code = 'ground'), COUNT(*) FILTER (WHERE code = 'overtemp'), "
  "COUNT(*) FILTER (WHERE code = 'comm') FROM fault GROUP BY connector_id",
  "SELECT connector_id, COUNT(*) FILTER (WHERE code = 'ground'), COUNT(*) FILTER (WHERE code = 'overtemp'), "
  "COUNT(*) FILTER (WHERE code <> 'ground') FROM fault GROUP BY connector_id",
  "the comm column counting every fault that is not a ground fault")
C("faults:faults starting during a session",
  "SELECT s.session_id, COUNT(*) FROM session AS s JOIN fault AS f ON f.connector_id = s.connector_id "
  "AND f.start_min > s.start_min AND f.start_min < s.end_min GROUP BY s.session_id",
  "SELECT session_id, (SELECT COUNT(*) FROM fault AS f WHERE f.connector_id = s.connector_id AND f.start_min BETWEEN "
  "s.start_min + 1 AND s.end_min - 1) FROM session AS s WHERE EXISTS (SELECT 1 FROM fault AS f "
  "WHERE f.connector_id = s.connector_id AND f.start_min > s.start_min AND f.start_min < s.end_min)",
  "SELECT session_id, (SELECT COUNT(*) FROM fault AS f WHERE f.connector_id = s.connector_id AND f.start_min BETWEEN "
  "s.start_min + 1 AND s.end_min - 1) FROM session AS s",
  "sessions without a fault listed with 0")
C("faults:open fault share per connector type",
  "SELECT c.type, AVG(f.end_min IS NULL) FROM fault AS f JOIN connector AS c ON c.connector_id = f.connector_id "
  "GROUP BY c.type",
  "SELECT c.type, SUM(IIF(f.end_min IS NULL, 1, 0)) * 1.0 / COUNT(*) FROM fault AS f JOIN connector AS c "
  "ON c.connector_id = f.connector_id GROUP BY c.type",
  "SELECT c.type, SUM(IIF(f.end_min IS NULL, 1, 0)) * 1.0 / COUNT(f.end_min) FROM fault AS f JOIN connector AS c "
  "ON c.connector_id = f.connector_id GROUP BY c.type",
  "open faults divided by the closed ones", dialect="sqlite")

# --- revenue by the tariff in force
C("revenue:energy revenue per site under the tariff in force",
  "SELECT ch.site_id, SUM(s.kwh * t.cents_kwh) FROM session AS s JOIN connector AS c ON c.connector_id = s.connector_id "
  "JOIN charger AS ch ON ch.charger_id = c.charger_id JOIN tariff AS t ON t.site_id = ch.site_id AND t.valid_from "
  "<= s.start_min / 1440 AND (t.valid_to IS NULL OR t.valid_to > s.start_min / 1440) GROUP BY ch.site_id",
  "SELECT x.site_id, SUM(x.kwh * t.cents_kwh) FROM (SELECT ch.site_id, s.kwh, s.start_min / 1440 AS d FROM session AS s "
  "JOIN connector AS c ON c.connector_id = s.connector_id JOIN charger AS ch ON ch.charger_id = c.charger_id) AS x "
  "JOIN tariff AS t ON t.site_id = x.site_id WHERE x.d >= t.valid_from AND (x.d < t.valid_to OR t.valid_to IS NULL) "
  "GROUP BY x.site_id",
  "SELECT x.site_id, SUM(x.kwh * t.cents_kwh) FROM (SELECT ch.site_id, s.kwh, s.start_min / 1440 AS d FROM session AS s "
  "JOIN connector AS c ON c.connector_id = s.connector_id JOIN charger AS ch ON ch.charger_id = c.charger_id) AS x "
  "JOIN tariff AS t ON t.site_id = x.site_id WHERE x.d >= t.valid_from AND (x.d <= t.valid_to OR t.valid_to IS NULL) "
  "GROUP BY x.site_id",
  "the tariff's end day taken as still in force")
C("revenue:sessions without a tariff in force",
  "SELECT s.session_id FROM session AS s JOIN connector AS c ON c.connector_id = s.connector_id JOIN charger AS ch "
  "ON ch.charger_id = c.charger_id WHERE NOT EXISTS (SELECT 1 FROM tariff AS t WHERE t.site_id = ch.site_id "
  "AND t.valid_from <= s.start_min / 1440 AND (t.valid_to IS NULL OR t.valid_to > s.start_min / 1440))",
  "SELECT session_id FROM session EXCEPT SELECT s.session_id FROM session AS s JOIN connector AS c "
  "ON c.connector_id = s.connector_id JOIN charger AS ch ON ch.charger_id = c.charger_id JOIN tariff AS t "
  "ON t.site_id = ch.site_id WHERE t.valid_from <= s.start_min / 1440 AND (t.valid_to IS NULL "
  "OR t.valid_to > s.start_min / 1440)",
  "SELECT s.session_id FROM session AS s JOIN connector AS c ON c.connector_id = s.connector_id JOIN charger AS ch "
  "ON ch.charger_id = c.charger_id WHERE NOT EXISTS (SELECT 1 FROM tariff AS t WHERE t.site_id = ch.site_id "
  "AND t.valid_from <= s.start_min / 1440 AND t.valid_to > s.start_min / 1440)",
  "open-ended tariffs ignored")
C("revenue:energy revenue per tariff including unused tariffs",
  "SELECT t.tariff_id, COALESCE(SUM(x.kwh * t.cents_kwh), 0) FROM tariff AS t LEFT JOIN (SELECT ch.site_id, s.kwh, "
  "s.start_min / 1440 AS d FROM session AS s JOIN connector AS c ON c.connector_id = s.connector_id JOIN charger AS ch "
  "ON ch.charger_id = c.charger_id) AS x ON x.site_id = t.site_id AND x.d >= t.valid_from AND (t.valid_to IS NULL "
  "OR x.d < t.valid_to) GROUP BY t.tariff_id, t.cents_kwh",
  "SELECT tariff_id, COALESCE((SELECT SUM(s.kwh * t.cents_kwh) FROM session AS s JOIN connector AS c "
  "ON c.connector_id = s.connector_id JOIN charger AS ch ON ch.charger_id = c.charger_id WHERE ch.site_id = t.site_id "
  "AND s.start_min / 1440 >= t.valid_from AND (t.valid_to IS NULL OR s.start_min / 1440 < t.valid_to)), 0) "
  "FROM tariff AS t",
  "SELECT t.tariff_id, SUM(x.kwh * t.cents_kwh) FROM tariff AS t LEFT JOIN (SELECT ch.site_id, s.kwh, "
  "s.start_min / 1440 AS d FROM session AS s JOIN connector AS c ON c.connector_id = s.connector_id JOIN charger AS ch "
  "ON ch.charger_id = c.charger_id) AS x ON x.site_id = t.site_id AND x.d >= t.valid_from AND (t.valid_to IS NULL "
  "OR x.d < t.valid_to) GROUP BY t.tariff_id, t.cents_kwh",
  "unused tariffs get NULL revenue")
C("revenue:sites with overlapping tariffs",
  "SELECT DISTINCT a.site_id FROM tariff AS a JOIN tariff AS b ON b.site_id = a.site_id AND b.tariff_id <> a.tariff_id "
  "AND (b.valid_to IS NULL OR a.valid_from < b.valid_to) AND (a.valid_to IS NULL OR b.valid_from < a.valid_to)",
  "SELECT site_id FROM site AS s WHERE EXISTS (SELECT 1 FROM tariff AS a JOIN tariff AS b ON b.site_id = a.site_id "
  "AND b.tariff_id > a.tariff_id WHERE a.site_id = s.site_id AND (b.valid_to IS NULL OR a.valid_from < b.valid_to) "
  "AND (a.valid_to IS NULL OR b.valid_from < a.valid_to))",
  "SELECT DISTINCT a.site_id FROM tariff AS a JOIN tariff AS b ON b.site_id = a.site_id AND b.tariff_id <> a.tariff_id "
  "AND (b.valid_to IS NULL OR a.valid_from <= b.valid_to) AND (a.valid_to IS NULL OR b.valid_from <= a.valid_to)",
  "a tariff starting on another's end day taken as overlapping")
C("revenue:price change against the previous tariff of the site",
  "SELECT tariff_id, cents_kwh - LAG(cents_kwh) OVER (PARTITION BY site_id ORDER BY valid_from, tariff_id) FROM tariff",
  "SELECT t.tariff_id, t.cents_kwh - (SELECT p.cents_kwh FROM tariff AS p WHERE p.site_id = t.site_id AND (p.valid_from "
  "< t.valid_from OR (p.valid_from = t.valid_from AND p.tariff_id < t.tariff_id)) ORDER BY p.valid_from DESC, "
  "p.tariff_id DESC LIMIT 1) FROM tariff AS t",
  "SELECT t.tariff_id, t.cents_kwh - (SELECT p.cents_kwh FROM tariff AS p WHERE p.site_id = t.site_id AND p.valid_from "
  "< t.valid_from ORDER BY p.valid_from DESC, p.tariff_id DESC LIMIT 1) FROM tariff AS t",
  "a tariff starting the same day skipped")
C("revenue:tariffs in force on day 1",
  "SELECT s.site_id, t.tariff_id FROM site AS s JOIN tariff AS t ON t.site_id = s.site_id WHERE t.valid_from <= 1 "
  "AND (t.valid_to IS NULL OR t.valid_to > 1)",
  "SELECT site_id, tariff_id FROM tariff WHERE valid_from <= 1 EXCEPT SELECT site_id, tariff_id FROM tariff "
  "WHERE valid_to <= 1",
  "SELECT s.site_id, t.tariff_id FROM site AS s JOIN tariff AS t ON t.site_id = s.site_id WHERE t.valid_from <= 1 "
  "AND (t.valid_to IS NULL OR t.valid_to >= 1)",
  "a tariff ending on day 1 still in force")
C("revenue:sites without a tariff in force on day 2",
  "SELECT site_id FROM site AS s WHERE NOT EXISTS (SELECT 1 FROM tariff AS t WHERE t.site_id = s.site_id "
  "AND t.valid_from <= 2 AND (t.valid_to IS NULL OR t.valid_to > 2))",
  "SELECT s.site_id FROM site AS s LEFT JOIN tariff AS t ON t.site_id = s.site_id AND t.valid_from <= 2 "
  "AND (t.valid_to IS NULL OR t.valid_to > 2) WHERE t.tariff_id IS NULL",
  "SELECT site_id FROM site WHERE site_id NOT IN (SELECT site_id FROM tariff WHERE valid_from <= 2 AND valid_to > 2)",
  "open-ended tariffs not counted")

# --- concurrency
C("concurrency:peak concurrent sessions per site at session starts",
  "SELECT site_id, MAX(n) FROM (SELECT ch.site_id, s.session_id, (SELECT COUNT(*) FROM session AS o JOIN connector AS oc "
  "ON oc.connector_id = o.connector_id JOIN charger AS och ON och.charger_id = oc.charger_id WHERE och.site_id = "
  "ch.site_id AND o.start_min <= s.start_min AND (o.end_min IS NULL OR o.end_min > s.start_min)) AS n FROM session AS s "
  "JOIN connector AS c ON c.connector_id = s.connector_id JOIN charger AS ch ON ch.charger_id = c.charger_id) AS x "
  "GROUP BY site_id",
  "WITH ss AS (SELECT ch.site_id, s.session_id, s.start_min, s.end_min FROM session AS s JOIN connector AS c "
  "ON c.connector_id = s.connector_id JOIN charger AS ch ON ch.charger_id = c.charger_id), k AS (SELECT a.site_id, "
  "a.session_id, COUNT(b.session_id) AS n FROM ss AS a LEFT JOIN ss AS b ON b.site_id = a.site_id AND b.start_min "
  "<= a.start_min AND (b.end_min IS NULL OR b.end_min > a.start_min) GROUP BY a.site_id, a.session_id) "
  "SELECT site_id, MAX(n) FROM k GROUP BY site_id",
  "WITH ss AS (SELECT ch.site_id, s.session_id, s.start_min, s.end_min FROM session AS s JOIN connector AS c "
  "ON c.connector_id = s.connector_id JOIN charger AS ch ON ch.charger_id = c.charger_id), k AS (SELECT a.site_id, "
  "a.session_id, COUNT(b.session_id) AS n FROM ss AS a LEFT JOIN ss AS b ON b.site_id = a.site_id AND b.start_min "
  "<= a.start_min AND (b.end_min IS NULL OR b.end_min >= a.start_min) GROUP BY a.site_id, a.session_id) "
  "SELECT site_id, MAX(n) FROM k GROUP BY site_id",
  "a session ending as another starts counted as concurrent")
C("concurrency:overlapping sessions on one connector",
  "SELECT DISTINCT a.session_id FROM session AS a JOIN session AS b ON b.connector_id = a.connector_id "
  "AND b.session_id <> a.session_id AND (a.end_min IS NULL OR b.start_min < a.end_min) AND (b.end_min IS NULL "
  "OR a.start_min < b.end_min)",
  "SELECT session_id FROM session AS a WHERE EXISTS (SELECT 1 FROM session AS b WHERE b.connector_id = a.connector_id "
  "AND b.session_id <> a.session_id AND CASE WHEN a.end_min <= b.start_min OR b.end_min <= a.start_min THEN 0 "
  "ELSE 1 END = 1)",
  "SELECT DISTINCT a.session_id FROM session AS a JOIN session AS b ON b.connector_id = a.connector_id "
  "AND b.session_id <> a.session_id AND (a.end_min IS NULL OR b.start_min <= a.end_min) AND (b.end_min IS NULL "
  "OR a.start_min <= b.end_min)",
  "back-to-back sessions flagged")
C("concurrency:sessions active at minute 700 per site",
  "SELECT ch.site_id, COUNT(*) FROM session AS s JOIN connector AS c ON c.connector_id = s.connector_id JOIN charger AS ch "
  "ON ch.charger_id = c.charger_id WHERE s.start_min <= 700 AND (s.end_min IS NULL OR s.end_min > 700) "
  "GROUP BY ch.site_id",
  "SELECT site_id, COUNT(*) FROM charger AS ch JOIN connector AS c ON c.charger_id = ch.charger_id JOIN session AS s "
  "ON s.connector_id = c.connector_id WHERE 700 BETWEEN s.start_min AND COALESCE(s.end_min - 1, 700) GROUP BY site_id",
  "SELECT ch.site_id, COUNT(*) FROM session AS s JOIN connector AS c ON c.connector_id = s.connector_id JOIN charger AS ch "
  "ON ch.charger_id = c.charger_id WHERE s.start_min <= 700 AND (s.end_min IS NULL OR s.end_min >= 700) "
  "GROUP BY ch.site_id",
  "a session ending at minute 700 counted")
C("concurrency:cards used in two overlapping sessions",
  "SELECT DISTINCT a.card_id FROM session AS a JOIN session AS b ON b.card_id = a.card_id AND b.session_id > a.session_id "
  "WHERE b.start_min < a.end_min AND a.start_min < b.end_min",
  "SELECT card_id FROM session AS s WHERE EXISTS (SELECT 1 FROM session AS o WHERE o.card_id = s.card_id "
  "AND o.session_id <> s.session_id AND o.start_min < s.end_min AND s.start_min < o.end_min) GROUP BY card_id",
  "SELECT card_id FROM session AS s WHERE EXISTS (SELECT 1 FROM session AS o WHERE o.card_id = s.card_id "
  "AND o.session_id <> s.session_id AND o.start_min <= s.end_min AND s.start_min <= o.end_min) GROUP BY card_id",
  "back-to-back sessions on a card flagged")

# --- drivers and cards
C("cards:active cards per driver including none",
  "SELECT d.driver_id, COUNT(r.card_id) FROM driver AS d LEFT JOIN rfid_card AS r ON r.driver_id = d.driver_id "
  "AND r.active = 1 GROUP BY d.driver_id",
  "SELECT driver_id, (SELECT COUNT(*) FROM rfid_card AS r WHERE r.driver_id = d.driver_id AND r.active = 1) "
  "FROM driver AS d",
  "SELECT d.driver_id, COUNT(r.card_id) FROM driver AS d LEFT JOIN rfid_card AS r ON r.driver_id = d.driver_id "
  "WHERE r.active = 1 GROUP BY d.driver_id",
  "the active filter moved to WHERE drops drivers without an active card")
C("cards:sessions on inactive cards",
  "SELECT s.session_id FROM session AS s JOIN rfid_card AS r ON r.card_id = s.card_id WHERE r.active = 0",
  "SELECT session_id FROM session WHERE card_id IN (SELECT card_id FROM rfid_card WHERE active = 0)",
  "SELECT s.session_id FROM session AS s LEFT JOIN rfid_card AS r ON r.card_id = s.card_id "
  "WHERE r.active = 0 OR r.card_id IS NULL",
  "ad hoc sessions counted as inactive cards")
C("cards:energy per fleet",
  "SELECT d.fleet, SUM(s.kwh) FROM session AS s JOIN rfid_card AS r ON r.card_id = s.card_id JOIN driver AS d "
  "ON d.driver_id = r.driver_id GROUP BY d.fleet",
  "SELECT fleet, SUM(k) FROM (SELECT r.driver_id, SUM(s.kwh) AS k FROM session AS s JOIN rfid_card AS r "
  "ON r.card_id = s.card_id GROUP BY r.driver_id) AS x JOIN driver AS d ON d.driver_id = x.driver_id GROUP BY fleet",
  "SELECT d.fleet, SUM(s.kwh) FROM session AS s JOIN rfid_card AS r ON r.card_id = s.card_id LEFT JOIN driver AS d "
  "ON d.driver_id = r.driver_id GROUP BY d.fleet",
  "sessions on unassigned cards counted under no fleet")
C("cards:first session per driver",
  "SELECT r.driver_id, MIN(s.start_min) FROM session AS s JOIN rfid_card AS r ON r.card_id = s.card_id "
  "WHERE r.driver_id IS NOT NULL GROUP BY r.driver_id",
  "SELECT d.driver_id, (SELECT MIN(s.start_min) FROM session AS s WHERE s.card_id IN (SELECT card_id FROM rfid_card AS r "
  "WHERE r.driver_id = d.driver_id)) FROM driver AS d WHERE EXISTS (SELECT 1 FROM rfid_card AS r JOIN session AS s "
  "ON s.card_id = r.card_id WHERE r.driver_id = d.driver_id)",
  "SELECT d.driver_id, (SELECT MIN(s.start_min) FROM session AS s WHERE s.card_id IN (SELECT card_id FROM rfid_card AS r "
  "WHERE r.driver_id = d.driver_id)) FROM driver AS d",
  "drivers who never charged listed with NULL")
C("cards:drivers charging on the day they joined",
  "SELECT DISTINCT d.driver_id FROM driver AS d JOIN rfid_card AS r ON r.driver_id = d.driver_id JOIN session AS s "
  "ON s.card_id = r.card_id WHERE s.start_min / 1440 = d.joined_day",
  "SELECT driver_id FROM driver AS d WHERE joined_day IN (SELECT s.start_min / 1440 FROM session AS s JOIN rfid_card AS r "
  "ON r.card_id = s.card_id WHERE r.driver_id = d.driver_id)",
  "SELECT DISTINCT d.driver_id FROM driver AS d JOIN rfid_card AS r ON r.driver_id = d.driver_id JOIN session AS s "
  "ON s.card_id = r.card_id WHERE s.start_min / 1440 >= d.joined_day",
  "any session since joining counted")

# --- sites and chargers
C("sites:chargers in service per site including empty sites",
  "SELECT s.site_id, COUNT(ch.charger_id) FROM site AS s LEFT JOIN charger AS ch ON ch.site_id = s.site_id "
  "AND ch.retired_day IS NULL GROUP BY s.site_id",
  "SELECT site_id, (SELECT COUNT(*) FROM charger AS ch WHERE ch.site_id = s.site_id AND ch.retired_day IS NULL) "
  "FROM site AS s",
  "SELECT s.site_id, COUNT(ch.charger_id) FROM site AS s LEFT JOIN charger AS ch ON ch.site_id = s.site_id "
  "WHERE ch.retired_day IS NULL GROUP BY s.site_id",
  "the retirement filter moved to WHERE drops sites whose chargers are all retired")
C("sites:installed power per site",
  "SELECT ch.site_id, SUM(c.max_kw) FROM connector AS c JOIN charger AS ch ON ch.charger_id = c.charger_id "
  "WHERE ch.retired_day IS NULL GROUP BY ch.site_id",
  "SELECT site_id, SUM(kw) FROM (SELECT charger_id, SUM(max_kw) AS kw FROM connector GROUP BY charger_id) AS k "
  "JOIN charger USING (charger_id) WHERE retired_day IS NULL GROUP BY site_id",
  "SELECT ch.site_id, SUM(DISTINCT c.max_kw) FROM connector AS c JOIN charger AS ch ON ch.charger_id = c.charger_id "
  "WHERE ch.retired_day IS NULL GROUP BY ch.site_id",
  "connectors of equal power counted once")
C("sites:sites per city including unknown",
  "SELECT city, COUNT(*) FROM site GROUP BY city",
  "SELECT city, COUNT(*) FROM site WHERE city IS NOT NULL GROUP BY city UNION ALL SELECT NULL, COUNT(*) FROM site "
  "WHERE city IS NULL GROUP BY city",
  "SELECT city, COUNT(city) FROM site GROUP BY city",
  "sites without a city counted 0")
C("sites:sites whose every charger is DC",
  "SELECT site_id FROM charger GROUP BY site_id HAVING SUM(CASE WHEN model = 'ac22' THEN 1 ELSE 0 END) = 0",
  "SELECT s.site_id FROM site AS s WHERE EXISTS (SELECT 1 FROM charger AS ch WHERE ch.site_id = s.site_id) "
  "AND NOT EXISTS (SELECT 1 FROM charger AS ch WHERE ch.site_id = s.site_id AND ch.model = 'ac22')",
  "SELECT s.site_id FROM site AS s WHERE NOT EXISTS (SELECT 1 FROM charger AS ch WHERE ch.site_id = s.site_id "
  "AND ch.model = 'ac22')",
  "sites without chargers listed")
C("sites:sites offering both CCS and CHAdeMO",
  "SELECT ch.site_id FROM charger AS ch JOIN connector AS c ON c.charger_id = ch.charger_id WHERE c.type = 'CCS' "
  "INTERSECT SELECT ch.site_id FROM charger AS ch JOIN connector AS c ON c.charger_id = ch.charger_id "
  "WHERE c.type = 'CHAdeMO'",
  "SELECT s.site_id FROM site AS s WHERE EXISTS (SELECT 1 FROM charger AS ch JOIN connector AS c "
  "ON c.charger_id = ch.charger_id WHERE ch.site_id = s.site_id AND c.type = 'CCS') AND EXISTS (SELECT 1 FROM charger "
  "AS ch JOIN connector AS c ON c.charger_id = ch.charger_id WHERE ch.site_id = s.site_id AND c.type = 'CHAdeMO')",
  "SELECT DISTINCT ch.site_id FROM charger AS ch WHERE EXISTS (SELECT 1 FROM connector AS c WHERE c.charger_id = "
  "ch.charger_id AND c.type = 'CCS') AND EXISTS (SELECT 1 FROM connector AS c WHERE c.charger_id = ch.charger_id "
  "AND c.type = 'CHAdeMO')",
  "both types required on one charger")
C("chargers:sessions after retirement",
  "SELECT DISTINCT c.charger_id FROM session AS s JOIN connector AS c ON c.connector_id = s.connector_id JOIN charger AS ch "
  "ON ch.charger_id = c.charger_id WHERE s.start_min / 1440 >= ch.retired_day",
  "SELECT charger_id FROM charger AS ch WHERE retired_day <= (SELECT MAX(s.start_min / 1440) FROM session AS s "
  "JOIN connector AS c ON c.connector_id = s.connector_id WHERE c.charger_id = ch.charger_id)",
  "SELECT DISTINCT c.charger_id FROM session AS s JOIN connector AS c ON c.connector_id = s.connector_id JOIN charger AS ch "
  "ON ch.charger_id = c.charger_id WHERE s.start_min / 1440 > ch.retired_day",
  "sessions on the retirement day allowed")
C("chargers:days in service up to day 7",
  "SELECT charger_id, COALESCE(retired_day, 7) - installed_day FROM charger",
  "SELECT charger_id, CASE WHEN retired_day IS NULL THEN 7 - installed_day ELSE retired_day - installed_day END "
  "FROM charger",
  "SELECT charger_id, retired_day - installed_day FROM charger",
  "chargers in service get NULL")
C("chargers:connectors per charger per model",
  "SELECT ch.model, COUNT(c.connector_id) * 1.0 / COUNT(DISTINCT ch.charger_id) FROM charger AS ch LEFT JOIN connector "
  "AS c ON c.charger_id = ch.charger_id GROUP BY ch.model",
  "SELECT model, AVG(n) FROM (SELECT ch.model, (SELECT COUNT(*) FROM connector AS c WHERE c.charger_id = ch.charger_id) "
  "AS n FROM charger AS ch) AS x GROUP BY model",
  "SELECT ch.model, COUNT(c.connector_id) * 1.0 / COUNT(DISTINCT ch.charger_id) FROM charger AS ch JOIN connector "
  "AS c ON c.charger_id = ch.charger_id GROUP BY ch.model",
  "chargers without connectors left out of the average")

# --- sessions
C("sessions:session length buckets",
  "SELECT CASE WHEN end_min IS NULL THEN 'active' WHEN end_min - start_min < 60 THEN 'short' WHEN end_min - start_min "
  "< 240 THEN 'medium' ELSE 'long' END, COUNT(*) FROM session GROUP BY CASE WHEN end_min IS NULL THEN 'active' "
  "WHEN end_min - start_min < 60 THEN 'short' WHEN end_min - start_min < 240 THEN 'medium' ELSE 'long' END",
  "SELECT b, COUNT(*) FROM (SELECT 'active' AS b FROM session WHERE end_min IS NULL UNION ALL SELECT 'short' FROM session "
  "WHERE end_min - start_min < 60 UNION ALL SELECT 'medium' FROM session WHERE end_min - start_min >= 60 "
  "AND end_min - start_min < 240 UNION ALL SELECT 'long' FROM session WHERE end_min - start_min >= 240) AS x GROUP BY b",
  "SELECT CASE WHEN end_min IS NULL THEN 'active' WHEN end_min - start_min <= 60 THEN 'short' WHEN end_min - start_min "
  "< 240 THEN 'medium' ELSE 'long' END, COUNT(*) FROM session GROUP BY CASE WHEN end_min IS NULL THEN 'active' "
  "WHEN end_min - start_min <= 60 THEN 'short' WHEN end_min - start_min < 240 THEN 'medium' ELSE 'long' END",
  "an hour-long session called short")
C("sessions:minutes since the previous session on the connector ended",
  "SELECT session_id, start_min - LAG(end_min) OVER (PARTITION BY connector_id ORDER BY start_min, session_id) "
  "FROM session",
  "SELECT s.session_id, s.start_min - (SELECT p.end_min FROM session AS p WHERE p.connector_id = s.connector_id "
  "AND (p.start_min < s.start_min OR (p.start_min = s.start_min AND p.session_id < s.session_id)) ORDER BY "
  "p.start_min DESC, p.session_id DESC LIMIT 1) FROM session AS s",
  "SELECT s.session_id, s.start_min - (SELECT MAX(p.end_min) FROM session AS p WHERE p.connector_id = s.connector_id "
  "AND (p.start_min < s.start_min OR (p.start_min = s.start_min AND p.session_id < s.session_id))) FROM session AS s",
  "the latest end among earlier sessions taken for the previous session's end")
C("sessions:longest run of consecutive charging days per card",
  "SELECT card_id, MAX(n) FROM (SELECT card_id, d - rn AS g, COUNT(*) AS n FROM (SELECT card_id, d, ROW_NUMBER() "
  "OVER (PARTITION BY card_id ORDER BY d) AS rn FROM (SELECT DISTINCT card_id, start_min / 1440 AS d FROM session "
  "WHERE card_id IS NOT NULL) AS a) AS b GROUP BY card_id, d - rn) AS c GROUP BY card_id",
  "SELECT card_id, MAX(n) FROM (SELECT card_id, g, COUNT(DISTINCT d) AS n FROM (SELECT card_id, start_min / 1440 AS d, "
  "start_min / 1440 - DENSE_RANK() OVER (PARTITION BY card_id ORDER BY start_min / 1440) AS g FROM session "
  "WHERE card_id IS NOT NULL) AS a GROUP BY card_id, g) AS b GROUP BY card_id",
  "SELECT card_id, MAX(n) FROM (SELECT card_id, g, COUNT(*) AS n FROM (SELECT card_id, start_min / 1440 AS d, "
  "start_min / 1440 - DENSE_RANK() OVER (PARTITION BY card_id ORDER BY start_min / 1440) AS g FROM session "
  "WHERE card_id IS NOT NULL) AS a GROUP BY card_id, g) AS b GROUP BY card_id",
  "sessions counted instead of days")
C("sessions:sessions per hour of the day",
  "SELECT (start_min % 1440) / 60, COUNT(*) FROM session GROUP BY (start_min % 1440) / 60",
  "SELECT h, COUNT(*) FROM (SELECT (start_min - (start_min / 1440) * 1440) / 60 AS h FROM session) AS x GROUP BY h",
  "SELECT start_min / 60, COUNT(*) FROM session GROUP BY start_min / 60",
  "hours counted from the first day")
C("sessions:top five sessions by energy",
  "SELECT session_id, kwh FROM session ORDER BY kwh DESC, session_id LIMIT 5",
  "SELECT session_id, kwh FROM (SELECT session_id, kwh, RANK() OVER (ORDER BY kwh DESC, session_id) AS r FROM session) "
  "AS x WHERE r <= 5 ORDER BY r",
  "SELECT session_id, kwh FROM session ORDER BY kwh DESC, session_id DESC LIMIT 5",
  "ties on energy broken by the highest session id", semantics="list")
C("sessions:sessions above the connector's power",
  "SELECT s.session_id FROM session AS s JOIN connector AS c ON c.connector_id = s.connector_id "
  "WHERE s.end_min > s.start_min AND s.kwh * 60 > c.max_kw * (s.end_min - s.start_min)",
  "SELECT session_id FROM session AS s WHERE EXISTS (SELECT 1 FROM connector AS c WHERE c.connector_id = s.connector_id "
  "AND c.max_kw * (s.end_min - s.start_min) < s.kwh * 60) AND s.end_min > s.start_min",
  "SELECT s.session_id FROM session AS s JOIN connector AS c ON c.connector_id = s.connector_id "
  "WHERE s.end_min > s.start_min AND s.kwh * 60 >= c.max_kw * (s.end_min - s.start_min)",
  "sessions at exactly full power flagged")

# --- meter readings (keyless log)
C("meter:distinct reading minutes per connector per day",
  "SELECT connector_id, minute / 1440, COUNT(DISTINCT minute) FROM meter_reading WHERE connector_id IS NOT NULL "
  "AND minute IS NOT NULL GROUP BY connector_id, minute / 1440",
  "SELECT connector_id, d, COUNT(*) FROM (SELECT DISTINCT connector_id, minute / 1440 AS d, minute FROM meter_reading "
  "WHERE connector_id IS NOT NULL AND minute IS NOT NULL) AS x GROUP BY connector_id, d",
  "SELECT connector_id, minute / 1440, COUNT(minute) FROM meter_reading WHERE connector_id IS NOT NULL "
  "AND minute IS NOT NULL GROUP BY connector_id, minute / 1440",
  "repeated readings counted")
C("meter:energy between consecutive reading minutes",
  "SELECT connector_id, minute, k - LAG(k) OVER (PARTITION BY connector_id ORDER BY minute) FROM (SELECT connector_id, "
  "minute, MAX(kwh_total) AS k FROM meter_reading WHERE connector_id IS NOT NULL AND minute IS NOT NULL "
  "GROUP BY connector_id, minute) AS x",
  "SELECT a.connector_id, a.minute, a.k - (SELECT MAX(b.kwh_total) FROM meter_reading AS b WHERE b.connector_id = "
  "a.connector_id AND b.minute = (SELECT MAX(c.minute) FROM meter_reading AS c WHERE c.connector_id = a.connector_id "
  "AND c.minute < a.minute)) FROM (SELECT connector_id, minute, MAX(kwh_total) AS k FROM meter_reading "
  "WHERE connector_id IS NOT NULL AND minute IS NOT NULL GROUP BY connector_id, minute) AS a",
  "SELECT a.connector_id, a.minute, a.k - (SELECT MAX(b.kwh_total) FROM meter_reading AS b WHERE b.connector_id = "
  "a.connector_id AND b.minute = (SELECT MAX(c.minute) FROM meter_reading AS c WHERE c.connector_id = a.connector_id "
  "AND c.minute <= a.minute)) FROM (SELECT connector_id, minute, MAX(kwh_total) AS k FROM meter_reading "
  "WHERE connector_id IS NOT NULL AND minute IS NOT NULL GROUP BY connector_id, minute) AS a",
  "a reading compared with its own minute")
C("meter:metered connectors without sessions",
  "SELECT DISTINCT m.connector_id FROM meter_reading AS m WHERE m.connector_id IS NOT NULL AND NOT EXISTS (SELECT 1 "
  "FROM session AS s WHERE s.connector_id = m.connector_id)",
  "SELECT connector_id FROM meter_reading WHERE connector_id IS NOT NULL EXCEPT SELECT connector_id FROM session",
  "SELECT m.connector_id FROM meter_reading AS m WHERE m.connector_id IS NOT NULL AND NOT EXISTS (SELECT 1 "
  "FROM session AS s WHERE s.connector_id = m.connector_id)",
  "a connector listed once per reading")
