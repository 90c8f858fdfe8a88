"""Build and check the twenty-second held-out prover corpus (``benchmarks/corpus/prover22/``).

The pairs are written in ``prover22_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``ctms`` (clinical studies, sites with a NULL-able activation day and
an enrolment cap, subjects with a NULL-able enrolment day (NULL = screen failure), arm, sex
and withdrawal day, visits keyed by (subj_id, visit_no) with a NULL-able actual day, adverse
events with a NULL-able grade and resolution day, doses keyed by (subj_id, dose_day) with
REAL planned and given mg, lab ranges keyed by test with a NULL-able low limit, lab results
with a NULL-able REAL value, and a keyless EDC query log with duplicates) for clinical trial
reports; ``telematics`` (depots, vehicles with a NULL-able last service odometer, drivers
with a NULL-able depot, trips with a NULL-able driver and end minute and REAL km, harsh
driving events with a NULL-able severity and speed, fuel fills with a NULL-able REAL cost,
maintenance keyed by (vehicle_id, day), geofences, and a keyless GPS ping log with
duplicates) for fleet telematics; and ``subbill`` (plans with a NULL-able included usage
and REAL prices, customers with a NULL-able country, subscriptions with a NULL-able end
day, invoices with a NULL-able subscription, invoice lines keyed by (inv_id, line_no) with
REAL amounts and a NULL-able quantity, payments with attempts, credit notes with a
NULL-able reason, usage records keyed by (sub_id, day), and a keyless dunning log with
duplicates) for SaaS billing. REAL values in the pools are exact binary fractions so sums
do not depend on order.

    python -m benchmarks.prover22_build            # check, then write
    python -m benchmarks.prover22_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover22_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover22"
FILES = {"clinical_trials": "clinical_trials.jsonl", "fleet_telematics": "fleet_telematics.jsonl",
         "saas_billing": "saas_billing.jsonl"}

S3 = (1, 2, 3)
S4 = (1, 2, 3, 4)
S6 = (1, 2, 3, 4, 5, 6)
S7 = (1, 2, 3, 4, 5, 6, 7)
CTMS = {
    "name": "ctms",
    "note": "a clinical trial management store (written for this corpus): studies, sites (NULL-able activation "
            "day), subjects (NULL-able enrolment day, arm, sex and withdrawal day), visits (composite key, "
            "NULL-able actual day), adverse events (NULL-able grade and resolution day), doses (composite key, "
            "REAL mg), lab ranges (NULL-able low limit), lab results (NULL-able REAL value), and a keyless EDC "
            "query log",
    "tables": [
        ("study", [("study_id", INT, False, S3), ("name", T, False, ("ONC-01", "CARD-02", "onc-01")),
                   ("phase", INT, False, (1, 2, 3)), ("status", T, False, ("recruiting", "closed", "suspended")),
                   ("target", INT, False, (2, 4, 6))],
         {"pk": ["study_id"]}),
        ("site", [("site_id", INT, False, S4), ("study_id", INT, False, S3), ("country", T, False, ("US", "DE", "JP")),
                  ("activated_day", INT, True, (1, 5, 10)), ("cap", INT, False, (1, 2, 3))],
         {"pk": ["site_id"], "fk": [("study_id", "study", "study_id")]}),
        ("subject", [("subj_id", INT, False, S7), ("site_id", INT, False, S4), ("screened_day", INT, False, (1, 3, 6)),
                     ("enrolled_day", INT, True, (3, 6, 9)), ("arm", T, True, ("A", "B", "placebo")),
                     ("sex", T, True, ("F", "M")), ("withdrawn_day", INT, True, (8, 12))],
         {"pk": ["subj_id"], "fk": [("site_id", "site", "site_id")]}),
        ("visit", [("subj_id", INT, False, S7), ("visit_no", INT, False, (1, 2, 3)),
                   ("planned_day", INT, False, (7, 14, 28)), ("actual_day", INT, True, (6, 7, 10, 14, 30)),
                   ("status", T, False, ("done", "missed", "scheduled"))],
         {"pk": ["subj_id", "visit_no"], "fk": [("subj_id", "subject", "subj_id")]}),
        ("adverse_event", [("ae_id", INT, False, S7), ("subj_id", INT, False, S7), ("onset_day", INT, False, (2, 5, 9)),
                           ("grade", INT, True, (1, 2, 3, 4)), ("serious", INT, False, (0, 1)),
                           ("term", T, False, ("nausea", "headache", "Nausea")),
                           ("resolved_day", INT, True, (5, 10, 20))],
         {"pk": ["ae_id"], "fk": [("subj_id", "subject", "subj_id")]}),
        ("dose", [("subj_id", INT, False, S7), ("dose_day", INT, False, (1, 2, 3, 4)),
                  ("planned_mg", R, False, (2.5, 5.0)), ("given_mg", R, True, (0.0, 2.5, 5.0, 7.25))],
         {"pk": ["subj_id", "dose_day"], "fk": [("subj_id", "subject", "subj_id")]}),
        ("lab_range", [("test", T, False, ("ALT", "HGB", "CRP")), ("lo", R, True, (1.0, 10.0)),
                       ("hi", R, False, (40.0, 55.5))],
         {"pk": ["test"]}),
        ("lab_result", [("lab_id", INT, False, S7), ("subj_id", INT, False, S7), ("test", T, False, ("ALT", "HGB", "CRP")),
                        ("day", INT, False, (1, 7, 14)), ("value", R, True, (0.5, 12.25, 40.0, 80.5))],
         {"pk": ["lab_id"], "fk": [("subj_id", "subject", "subj_id")]}),
        ("edc_query", [("subj_id", INT, True, S7), ("visit_no", INT, True, (1, 2, 3)),
                       ("field", T, True, ("weight", "bp", "dob")), ("status", T, True, ("open", "answered", "closed")),
                       ("day", INT, True, (1, 4, 9))],
         {"fk": [("subj_id", "subject", "subj_id")]}),
    ],
}
TELEMATICS = {
    "name": "telematics",
    "note": "a fleet telematics store (written for this corpus): depots, vehicles (NULL-able last service "
            "odometer), drivers (NULL-able depot), trips (NULL-able driver and end minute, REAL km), harsh driving "
            "events (NULL-able severity and speed), fuel fills (NULL-able REAL cost), maintenance (composite key), "
            "geofences, and a keyless GPS ping log",
    "tables": [
        ("depot", [("depot_id", INT, False, S3), ("city", T, False, ("Leeds", "York", "leeds")),
                   ("region", T, False, ("N", "S"))],
         {"pk": ["depot_id"]}),
        ("vehicle", [("vehicle_id", INT, False, S6), ("depot_id", INT, False, S3),
                     ("make", T, False, ("Ford", "Volvo", "ford")), ("kind", T, False, ("van", "truck", "car")),
                     ("odometer", INT, False, (1000, 50000, 120000)), ("active", INT, False, (0, 1)),
                     ("last_service_odo", INT, True, (0, 40000, 100000)), ("service_every", INT, False, (15000, 30000))],
         {"pk": ["vehicle_id"], "fk": [("depot_id", "depot", "depot_id")]}),
        ("driver", [("driver_id", INT, False, S6), ("name", T, False, ("ana", "ben", "Ana")),
                    ("depot_id", INT, True, S3), ("license", T, False, ("B", "C")), ("hired_day", INT, False, (1, 3, 5))],
         {"pk": ["driver_id"], "fk": [("depot_id", "depot", "depot_id")]}),
        ("trip", [("trip_id", INT, False, S7), ("vehicle_id", INT, False, S6), ("driver_id", INT, True, S6),
                  ("day", INT, False, (1, 2, 3, 5)), ("start_min", INT, False, (0, 60, 480)),
                  ("end_min", INT, True, (30, 120, 540)), ("km", R, False, (0.0, 12.5, 40.25, 100.0)),
                  ("idle_min", INT, False, (0, 5, 30))],
         {"pk": ["trip_id"], "fk": [("vehicle_id", "vehicle", "vehicle_id"), ("driver_id", "driver", "driver_id")]}),
        ("harsh_event", [("event_id", INT, False, S7), ("trip_id", INT, False, S7),
                         ("kind", T, False, ("harsh_brake", "speeding", "harsh_accel")),
                         ("severity", INT, True, (1, 2, 3)), ("speed", INT, True, (40, 80, 120))],
         {"pk": ["event_id"], "fk": [("trip_id", "trip", "trip_id")]}),
        ("fuel_fill", [("fill_id", INT, False, S6), ("vehicle_id", INT, False, S6), ("day", INT, False, (1, 2, 4, 6)),
                       ("litres", R, False, (10.0, 25.5, 60.0)), ("cost", R, True, (15.0, 40.5, 90.0))],
         {"pk": ["fill_id"], "fk": [("vehicle_id", "vehicle", "vehicle_id")]}),
        ("maintenance", [("vehicle_id", INT, False, S6), ("day", INT, False, (1, 3, 6)),
                         ("kind", T, False, ("oil", "tyres", "inspection")), ("cost", R, False, (0.0, 120.5, 300.0)),
                         ("done", INT, False, (0, 1))],
         {"pk": ["vehicle_id", "day"], "fk": [("vehicle_id", "vehicle", "vehicle_id")]}),
        ("geofence", [("fence_id", INT, False, S3), ("name", T, False, ("yard", "client", "Yard")),
                      ("kind", T, False, ("depot", "customer"))],
         {"pk": ["fence_id"]}),
        ("gps_ping", [("vehicle_id", INT, True, S6), ("fence_id", INT, True, S3), ("day", INT, True, (1, 2, 3)),
                      ("minute", INT, True, (0, 15, 60)), ("speed", INT, True, (0, 30, 90))],
         {"fk": [("vehicle_id", "vehicle", "vehicle_id"), ("fence_id", "geofence", "fence_id")]}),
    ],
}
SUBBILL = {
    "name": "subbill",
    "note": "a SaaS subscription billing store (written for this corpus): plans (NULL-able included usage, REAL "
            "prices), customers (NULL-able country), subscriptions (NULL-able end day), invoices (NULL-able "
            "subscription), invoice lines (composite key, REAL amount, NULL-able quantity), payments, credit notes "
            "(NULL-able reason), usage records (composite key), and a keyless dunning log",
    "tables": [
        ("plan", [("plan_id", INT, False, S4), ("name", T, False, ("basic", "pro", "Pro")),
                  ("billing_interval", T, False, ("month", "year")), ("price", R, False, (0.0, 10.0, 49.5, 120.0)),
                  ("included_units", INT, True, (100, 1000)), ("unit_price", R, False, (0.0, 0.25, 0.5))],
         {"pk": ["plan_id"]}),
        ("customer", [("cust_id", INT, False, S6), ("email", T, False, ("a@x.io", "b@x.io", "A@x.io")),
                      ("country", T, True, ("US", "GB")), ("created_day", INT, False, (1, 10, 30)),
                      ("segment", T, False, ("smb", "enterprise"))],
         {"pk": ["cust_id"]}),
        ("subscription", [("sub_id", INT, False, S7), ("cust_id", INT, False, S6), ("plan_id", INT, False, S4),
                          ("start_day", INT, False, (1, 15, 31)), ("end_day", INT, True, (15, 31, 60)),
                          ("status", T, False, ("active", "canceled", "past_due", "trialing")),
                          ("quantity", INT, False, (1, 2, 5))],
         {"pk": ["sub_id"], "fk": [("cust_id", "customer", "cust_id"), ("plan_id", "plan", "plan_id")]}),
        ("invoice", [("inv_id", INT, False, S7), ("sub_id", INT, True, S7), ("cust_id", INT, False, S6),
                     ("day", INT, False, (1, 15, 31, 45)), ("due_day", INT, False, (15, 31, 60)),
                     ("status", T, False, ("paid", "open", "void", "uncollectible")),
                     ("total", R, False, (0.0, 10.0, 49.5, 99.0))],
         {"pk": ["inv_id"], "fk": [("sub_id", "subscription", "sub_id"), ("cust_id", "customer", "cust_id")]}),
        ("invoice_line", [("inv_id", INT, False, S7), ("line_no", INT, False, (1, 2, 3)),
                          ("kind", T, False, ("subscription", "usage", "proration")),
                          ("amount", R, False, (-5.5, 0.0, 10.0, 49.5)), ("quantity", INT, True, (1, 3))],
         {"pk": ["inv_id", "line_no"], "fk": [("inv_id", "invoice", "inv_id")]}),
        ("payment", [("pay_id", INT, False, S7), ("inv_id", INT, False, S7), ("day", INT, False, (1, 15, 20, 45)),
                     ("amount", R, False, (5.0, 10.0, 49.5)), ("status", T, False, ("succeeded", "failed", "pending")),
                     ("attempt", INT, False, (1, 2, 3))],
         {"pk": ["pay_id"], "fk": [("inv_id", "invoice", "inv_id")]}),
        ("credit_note", [("credit_id", INT, False, S4), ("inv_id", INT, False, S7), ("day", INT, False, (2, 20, 50)),
                         ("amount", R, False, (2.5, 10.0)), ("reason", T, True, ("refund", "goodwill"))],
         {"pk": ["credit_id"], "fk": [("inv_id", "invoice", "inv_id")]}),
        ("usage_record", [("sub_id", INT, False, S7), ("day", INT, False, (1, 2, 15, 31)),
                          ("units", INT, False, (0, 50, 150, 1200))],
         {"pk": ["sub_id", "day"], "fk": [("sub_id", "subscription", "sub_id")]}),
        ("dunning_log", [("inv_id", INT, True, S7), ("step", T, True, ("email1", "email2", "final")),
                         ("day", INT, True, (16, 20, 35)), ("outcome", T, True, ("sent", "bounced", "paid"))],
         {"fk": [("inv_id", "invoice", "inv_id")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (CTMS, TELEMATICS, SUBBILL)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover22", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
