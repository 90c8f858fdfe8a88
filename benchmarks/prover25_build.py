"""Build and check the twenty-fifth held-out prover corpus (``benchmarks/corpus/prover25/``).

The pairs are written in ``prover25_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``gym`` (clubs with a NULL-able city, membership plans, members with a
home club and a NULL-able referring member, contracts with a NULL-able end day and a monthly
fee in integer cents, trainers, class types, scheduled classes with a capacity, bookings with a
status and a NULL-able waitlist position, payments with a status, and a keyless door check-in
log with duplicates) for fitness clubs; ``farm`` (farms with a NULL-able region, fields with
REAL hectares, crops, plantings with a NULL-able harvest day, harvests with REAL kilograms,
products with a re-entry interval, input applications with a REAL rate, soil samples with
NULL-able pH and nitrogen, weather keyed by (farm, day) with NULL-able rain, machines, and a
keyless machine-hours log with duplicates) for farm management; and ``ats`` (departments,
employees, jobs with a NULL-able close day and recruiter, candidates with a source and a
NULL-able referring employee, applications with a stage and a NULL-able rejection day, a
keyless stage transition log with duplicates, interviews with a NULL-able score, scorecards
keyed by (interview, criterion) with a NULL-able rating, offers with NULL-able accept and
decline days, and hiring panels keyed by (job, employee)) for recruiting. REAL values in the
pools are exact binary fractions so sums do not depend on order; money is in integer cents.

    python -m benchmarks.prover25_build            # check, then write
    python -m benchmarks.prover25_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover25_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover25"
FILES = {"fitness_club": "fitness_club.jsonl", "farm_management": "farm_management.jsonl",
         "recruiting_ats": "recruiting_ats.jsonl"}

S3 = (1, 2, 3)
S4 = (1, 2, 3, 4)
S5 = (1, 2, 3, 4, 5)
S6 = (1, 2, 3, 4, 5, 6)
S7 = (1, 2, 3, 4, 5, 6, 7)
GYM = {
    "name": "gym",
    "note": "a fitness club store (written for this corpus): clubs (NULL-able city), membership plans, members "
            "(home club, NULL-able referring member), contracts (NULL-able end day, fee in integer cents), "
            "trainers, class types, scheduled classes (capacity), bookings (status, NULL-able waitlist position), "
            "payments (status), and a keyless door check-in log",
    "tables": [
        ("club", [("club_id", INT, False, S3), ("name", T, False, ("North", "South", "north")),
                  ("city", T, True, ("Oslo", "Bergen")), ("opened_day", INT, False, (0, 100))],
         {"pk": ["club_id"]}),
        ("membership_plan", [("plan_id", INT, False, S3), ("name", T, False, ("basic", "plus", "premium")),
                             ("monthly_cents", INT, False, (1999, 2999, 4999)), ("months", INT, False, (1, 12))],
         {"pk": ["plan_id"]}),
        ("member", [("member_id", INT, False, S6), ("home_club_id", INT, False, S3), ("referrer_id", INT, True, S6),
                    ("join_day", INT, False, (0, 30, 31, 60, 365)),
                    ("birth_year", INT, False, (1980, 1990, 1995, 2000, 2005))],
         {"pk": ["member_id"], "fk": [("home_club_id", "club", "club_id"), ("referrer_id", "member", "member_id")]}),
        ("contract", [("contract_id", INT, False, S6), ("member_id", INT, False, S6), ("plan_id", INT, False, S3),
                      ("start_day", INT, False, (0, 30, 60, 365)), ("end_day", INT, True, (29, 59, 90, 335, 400)),
                      ("fee_cents", INT, False, (1999, 2999, 4999))],
         {"pk": ["contract_id"], "fk": [("member_id", "member", "member_id"), ("plan_id", "membership_plan", "plan_id")]}),
        ("trainer", [("trainer_id", INT, False, S4), ("name", T, False, ("Kim", "Lee", "kim")),
                     ("club_id", INT, False, S3), ("hourly_cents", INT, False, (3000, 5000))],
         {"pk": ["trainer_id"], "fk": [("club_id", "club", "club_id")]}),
        ("class_type", [("type_id", INT, False, S3), ("name", T, False, ("yoga", "spin", "hiit")),
                        ("minutes", INT, False, (30, 45, 60))],
         {"pk": ["type_id"]}),
        ("scheduled_class", [("class_id", INT, False, S7), ("club_id", INT, False, S3), ("type_id", INT, False, S3),
                             ("trainer_id", INT, False, S4), ("day", INT, False, (0, 1, 7)),
                             ("start_min", INT, False, (360, 420, 480, 1080)), ("capacity", INT, False, (1, 2, 10))],
         {"pk": ["class_id"], "fk": [("club_id", "club", "club_id"), ("type_id", "class_type", "type_id"),
                                     ("trainer_id", "trainer", "trainer_id")]}),
        ("booking", [("booking_id", INT, False, S7), ("class_id", INT, False, S7), ("member_id", INT, False, S6),
                     ("status", T, False, ("booked", "cancelled", "attended")), ("waitlist_pos", INT, True, (1, 2)),
                     ("booked_day", INT, False, (0, 1, 6, 7))],
         {"pk": ["booking_id"], "fk": [("class_id", "scheduled_class", "class_id"),
                                       ("member_id", "member", "member_id")]}),
        ("payment", [("payment_id", INT, False, S7), ("member_id", INT, False, S6), ("day", INT, False, (0, 5, 30, 37, 60)),
                     ("amount_cents", INT, False, (1999, 2999, 4999)),
                     ("status", T, False, ("paid", "failed", "refunded"))],
         {"pk": ["payment_id"], "fk": [("member_id", "member", "member_id")]}),
        ("checkin", [("member_id", INT, True, S6), ("club_id", INT, True, S3), ("day", INT, True, (0, 1, 2, 7, 30)),
                     ("minute", INT, True, (360, 420, 1080))],
         {"fk": [("member_id", "member", "member_id"), ("club_id", "club", "club_id")]}),
    ],
}
FARM = {
    "name": "farm",
    "note": "a farm management store (written for this corpus): farms (NULL-able region), fields (REAL hectares), "
            "crops, plantings (NULL-able harvest day), harvests (REAL kilograms), products (re-entry days), input "
            "applications (REAL rate), soil samples (NULL-able pH and nitrogen), weather keyed by farm and day "
            "(NULL-able rain), machines, and a keyless machine-hours log",
    "tables": [
        ("farm", [("farm_id", INT, False, S3), ("name", T, False, ("Elm", "Oak", "elm")),
                  ("region", T, True, ("north", "south"))],
         {"pk": ["farm_id"]}),
        ("field", [("field_id", INT, False, S6), ("farm_id", INT, False, S3), ("area_ha", R, False, (0.5, 2.25, 10.0, 12.5)),
                   ("soil", T, False, ("clay", "loam", "sand")), ("irrigated", INT, False, (0, 1))],
         {"pk": ["field_id"], "fk": [("farm_id", "farm", "farm_id")]}),
        ("crop", [("crop_id", INT, False, S4), ("name", T, False, ("wheat", "barley", "canola", "peas")),
                  ("family", T, False, ("cereal", "oilseed", "legume"))],
         {"pk": ["crop_id"]}),
        ("planting", [("planting_id", INT, False, S7), ("field_id", INT, False, S6), ("crop_id", INT, False, S4),
                      ("season", INT, False, (2022, 2023, 2024)), ("sown_day", INT, False, (90, 100, 120)),
                      ("harvest_day", INT, True, (200, 230, 250))],
         {"pk": ["planting_id"], "fk": [("field_id", "field", "field_id"), ("crop_id", "crop", "crop_id")]}),
        ("harvest", [("harvest_id", INT, False, S7), ("planting_id", INT, False, S7), ("day", INT, False, (200, 230, 250)),
                     ("yield_kg", R, False, (0.0, 500.0, 1250.5, 2000.25))],
         {"pk": ["harvest_id"], "fk": [("planting_id", "planting", "planting_id")]}),
        ("product", [("product_id", INT, False, S4), ("name", T, False, ("urea", "glyphosate", "potash", "Urea")),
                     ("kind", T, False, ("fertiliser", "spray")), ("reentry_days", INT, False, (0, 1, 2, 7))],
         {"pk": ["product_id"]}),
        ("application", [("app_id", INT, False, S7), ("field_id", INT, False, S6), ("product_id", INT, False, S4),
                         ("day", INT, False, (95, 100, 101, 102, 150)), ("rate", R, False, (0.5, 1.0, 1.5, 2.0))],
         {"pk": ["app_id"], "fk": [("field_id", "field", "field_id"), ("product_id", "product", "product_id")]}),
        ("soil_sample", [("sample_id", INT, False, S6), ("field_id", INT, False, S6),
                         ("season", INT, False, (2022, 2023, 2024)), ("day", INT, False, (80, 100)),
                         ("ph", R, True, (5.5, 6.0, 6.5, 7.25)), ("nitrogen", INT, True, (10, 25, 40))],
         {"pk": ["sample_id"], "fk": [("field_id", "field", "field_id")]}),
        ("weather", [("farm_id", INT, False, S3), ("day", INT, False, (90, 95, 100, 150, 200)),
                     ("rain_mm", R, True, (0.0, 2.5, 10.0, 12.75))],
         {"pk": ["farm_id", "day"], "fk": [("farm_id", "farm", "farm_id")]}),
        ("machine", [("machine_id", INT, False, S4), ("farm_id", INT, False, S3),
                     ("kind", T, False, ("tractor", "sprayer", "combine"))],
         {"pk": ["machine_id"], "fk": [("farm_id", "farm", "farm_id")]}),
        ("machine_log", [("machine_id", INT, True, S4), ("field_id", INT, True, S6), ("day", INT, True, (95, 100, 200)),
                         ("hours", R, True, (0.5, 1.5, 4.0))],
         {"fk": [("machine_id", "machine", "machine_id"), ("field_id", "field", "field_id")]}),
    ],
}
ATS = {
    "name": "ats",
    "note": "a recruiting (applicant tracking) store (written for this corpus): departments, employees, jobs "
            "(NULL-able close day and recruiter), candidates (source, NULL-able referring employee), applications "
            "(stage, NULL-able rejection day), a keyless stage transition log, interviews (NULL-able score), "
            "scorecards (composite key, NULL-able rating), offers (NULL-able accept and decline days), and hiring "
            "panels (composite key)",
    "tables": [
        ("department", [("dept_id", INT, False, S3), ("name", T, False, ("eng", "sales", "Eng"))],
         {"pk": ["dept_id"]}),
        ("employee", [("employee_id", INT, False, S5), ("dept_id", INT, False, S3), ("name", T, False, ("Ann", "Bo", "ann")),
                      ("active", INT, False, (0, 1))],
         {"pk": ["employee_id"], "fk": [("dept_id", "department", "dept_id")]}),
        ("job", [("job_id", INT, False, S5), ("dept_id", INT, False, S3), ("title", T, False, ("dev", "ae", "sre")),
                 ("opened_day", INT, False, (0, 10, 30)), ("closed_day", INT, True, (40, 50, 60, 90)),
                 ("recruiter_id", INT, True, S5)],
         {"pk": ["job_id"], "fk": [("dept_id", "department", "dept_id"), ("recruiter_id", "employee", "employee_id")]}),
        ("candidate", [("candidate_id", INT, False, S6), ("source", T, False, ("referral", "linkedin", "careers", "agency")),
                       ("referrer_id", INT, True, S5), ("created_day", INT, False, (0, 5, 20))],
         {"pk": ["candidate_id"], "fk": [("referrer_id", "employee", "employee_id")]}),
        ("application", [("app_id", INT, False, S7), ("candidate_id", INT, False, S6), ("job_id", INT, False, S5),
                         ("applied_day", INT, False, (5, 10, 20, 35)),
                         ("stage", T, False, ("applied", "screen", "onsite", "offer", "hired")),
                         ("rejected_day", INT, True, (15, 30, 45))],
         {"pk": ["app_id"], "fk": [("candidate_id", "candidate", "candidate_id"), ("job_id", "job", "job_id")]}),
        ("stage_log", [("app_id", INT, True, S7), ("from_stage", T, True, ("applied", "screen", "onsite", "offer")),
                       ("to_stage", T, True, ("screen", "onsite", "offer", "hired")),
                       ("day", INT, True, (10, 15, 20, 40))],
         {"fk": [("app_id", "application", "app_id")]}),
        ("interview", [("interview_id", INT, False, S7), ("app_id", INT, False, S7), ("interviewer_id", INT, False, S5),
                       ("day", INT, False, (12, 15, 20, 40)), ("score", INT, True, (1, 2, 3, 4))],
         {"pk": ["interview_id"], "fk": [("app_id", "application", "app_id"),
                                         ("interviewer_id", "employee", "employee_id")]}),
        ("scorecard", [("interview_id", INT, False, S7), ("criterion", T, False, ("skills", "culture", "comms")),
                       ("rating", INT, True, (1, 2, 3, 4))],
         {"pk": ["interview_id", "criterion"], "fk": [("interview_id", "interview", "interview_id")]}),
        ("offer", [("offer_id", INT, False, S5), ("app_id", INT, False, S7), ("sent_day", INT, False, (30, 40, 45)),
                   ("accepted_day", INT, True, (32, 40, 47, 60)), ("declined_day", INT, True, (35, 50)),
                   ("salary", INT, False, (90000, 120000, 150000))],
         {"pk": ["offer_id"], "fk": [("app_id", "application", "app_id")]}),
        ("panel", [("job_id", INT, False, S5), ("employee_id", INT, False, S5)],
         {"pk": ["job_id", "employee_id"], "fk": [("job_id", "job", "job_id"), ("employee_id", "employee", "employee_id")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (GYM, FARM, ATS)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover25", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
