"""Build and check the ninth held-out prover corpus (``benchmarks/corpus/prover9/``).

The pairs are written in ``prover9_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``rides`` (rider, driver, vehicle, trip, payment and a keyless
rating table) for engine rules; ``market`` (customer, seller, product, orders with a
NULL-able customer, order_item, review and a keyless login_event) for interview problems;
``clinic`` (doctor, patient, drug, visit, prescription and a keyless lab_result) for
query-optimization papers' laws. Keys, foreign keys (some NULL-able) and NULL-able columns
as real ones are; REAL values are exact binary fractions so sums do not depend on order.

    python -m benchmarks.prover9_build            # check, then write
    python -m benchmarks.prover9_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover9_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover9"
FILES = {"engines5": "engines5.jsonl", "interview": "interview.jsonl", "agg_papers": "agg_papers.jsonl"}

RIDES = {
    "name": "rides",
    "note": "ride-sharing service (written for this corpus): riders, drivers, vehicles, trips, payments, "
            "and a keyless rating table",
    "tables": [
        ("rider", [("rider_id", INT, False, (1, 2, 3, 4)), ("name", T, False, ("Ann", "Ben", "Cid")),
                   ("city", T, True, ("Oslo", "Pune")), ("signup", T, False, ("2023-01-01", "2024-02-29")),
                   ("score", R, True, (0.0, 4.5, 5.0))],
         {"pk": ["rider_id"]}),
        ("driver", [("driver_id", INT, False, (1, 2, 3)), ("name", T, False, ("Dee", "Eli", "Fay")),
                    ("city", T, True, ("Oslo", "Pune", "Lima")), ("licensed", INT, False, (0, 1)),
                    ("score", R, True, (3.5, 4.75, 5.0))],
         {"pk": ["driver_id"]}),
        ("vehicle", [("vehicle_id", INT, False, (1, 2, 3, 4)), ("driver_id", INT, False, (1, 2, 3)),
                     ("make", T, False, ("Kia", "VW", "Tesla")), ("seats", INT, True, (2, 4, 7)),
                     ("year", INT, True, (2015, 2020, 2024))],
         {"pk": ["vehicle_id"], "fk": [("driver_id", "driver", "driver_id")]}),
        ("trip", [("trip_id", INT, False, (1, 2, 3, 4, 5, 6)), ("rider_id", INT, False, (1, 2, 3, 4)),
                  ("driver_id", INT, True, (1, 2, 3)), ("vehicle_id", INT, True, (1, 2, 3, 4)),
                  ("city", T, True, ("Oslo", "Pune")), ("fare", R, True, (0.0, 7.5, 12.25, 30.0)),
                  ("km", INT, True, (0, 3, 10, 25)), ("day", T, False, ("2024-03-01", "2024-03-02", "2024-03-04")),
                  ("status", T, True, ("done", "cancelled"))],
         {"pk": ["trip_id"], "fk": [("rider_id", "rider", "rider_id"), ("driver_id", "driver", "driver_id"),
                                    ("vehicle_id", "vehicle", "vehicle_id")]}),
        ("payment", [("payment_id", INT, False, (1, 2, 3, 4, 5)), ("trip_id", INT, False, (1, 2, 3, 4, 5, 6)),
                     ("method", T, True, ("card", "cash")), ("amount", R, True, (0.0, 7.5, 12.25)),
                     ("tip", R, True, (0.0, 1.5))],
         {"pk": ["payment_id"], "fk": [("trip_id", "trip", "trip_id")]}),
        ("rating", [("trip_id", INT, True, (1, 2, 3)), ("by_rider", INT, False, (0, 1)),
                    ("stars", INT, True, (1, 4, 5))], {}),
    ],
}
MARKET = {
    "name": "market",
    "note": "e-commerce marketplace (written for this corpus): customers, sellers, products, orders "
            "(guest orders have no customer), order items, reviews, and a keyless login log",
    "tables": [
        ("customer", [("customer_id", INT, False, (1, 2, 3, 4)), ("name", T, False, ("Ada", "Bo", "Cy")),
                      ("city", T, True, ("Rome", "Kyiv")), ("joined", T, False, ("2023-12-31", "2024-01-01"))],
         {"pk": ["customer_id"]}),
        ("seller", [("seller_id", INT, False, (1, 2, 3)), ("name", T, False, ("Acme", "Bolt")),
                    ("country", T, True, ("IT", "UA"))],
         {"pk": ["seller_id"]}),
        ("product", [("product_id", INT, False, (1, 2, 3, 4, 5)), ("seller_id", INT, False, (1, 2, 3)),
                     ("category", T, True, ("toys", "books")), ("price", INT, True, (10, 20, 30, 40))],
         {"pk": ["product_id"], "fk": [("seller_id", "seller", "seller_id")]}),
        ("orders", [("order_id", INT, False, (1, 2, 3, 4, 5, 6)), ("customer_id", INT, True, (1, 2, 3, 4)),
                    ("order_day", T, False, ("2024-01-01", "2024-01-02", "2024-01-03", "2024-01-05")),
                    ("total", INT, True, (10, 20, 30)), ("status", T, True, ("paid", "cancelled"))],
         {"pk": ["order_id"], "fk": [("customer_id", "customer", "customer_id")]}),
        ("order_item", [("order_id", INT, False, (1, 2, 3, 4, 5, 6)), ("product_id", INT, False, (1, 2, 3, 4, 5)),
                        ("qty", INT, False, (1, 2, 3)), ("unit_price", INT, True, (10, 20, 30))],
         {"pk": ["order_id", "product_id"], "fk": [("order_id", "orders", "order_id"),
                                                   ("product_id", "product", "product_id")]}),
        ("review", [("review_id", INT, False, (1, 2, 3, 4, 5)), ("product_id", INT, False, (1, 2, 3, 4, 5)),
                    ("customer_id", INT, False, (1, 2, 3, 4)), ("stars", INT, True, (1, 3, 5)),
                    ("day", T, False, ("2024-01-01", "2024-01-02"))],
         {"pk": ["review_id"], "fk": [("product_id", "product", "product_id"),
                                      ("customer_id", "customer", "customer_id")]}),
        ("login_event", [("customer_id", INT, False, (1, 2, 3, 4)),
                         ("day", T, False, ("2024-01-01", "2024-01-02", "2024-01-03", "2024-01-05"))],
         {"fk": [("customer_id", "customer", "customer_id")]}),
    ],
}
CLINIC = {
    "name": "clinic",
    "note": "outpatient clinic (written for this corpus): doctors, patients (NULL-able family doctor), "
            "drugs, visits (NULL-able doctor), prescriptions, and a keyless lab_result table",
    "tables": [
        ("doctor", [("doctor_id", INT, False, (1, 2, 3)), ("name", T, False, ("Gray", "House", "Quinn")),
                    ("specialty", T, True, ("cardio", "derm")), ("site", T, True, ("North", "South"))],
         {"pk": ["doctor_id"]}),
        ("patient", [("patient_id", INT, False, (1, 2, 3, 4)), ("name", T, False, ("Ivy", "Jon", "Kim")),
                     ("birth_year", INT, True, (1950, 1980, 2010)), ("city", T, True, ("Bonn", "Graz")),
                     ("doctor_id", INT, True, (1, 2, 3))],
         {"pk": ["patient_id"], "fk": [("doctor_id", "doctor", "doctor_id")]}),
        ("drug", [("drug_id", INT, False, (1, 2, 3)), ("name", T, False, ("Aspirin", "Statin")),
                  ("price", INT, True, (50, 225, 1000)), ("generic", INT, False, (0, 1))],
         {"pk": ["drug_id"]}),
        ("visit", [("visit_id", INT, False, (1, 2, 3, 4, 5)), ("patient_id", INT, False, (1, 2, 3, 4)),
                   ("doctor_id", INT, True, (1, 2, 3)), ("day", T, False, ("2024-05-01", "2024-05-02")),
                   ("fee", INT, True, (0, 50, 80))],
         {"pk": ["visit_id"], "fk": [("patient_id", "patient", "patient_id"), ("doctor_id", "doctor", "doctor_id")]}),
        ("prescription", [("visit_id", INT, False, (1, 2, 3, 4, 5)), ("drug_id", INT, False, (1, 2, 3)),
                          ("qty", INT, True, (1, 2, 10))],
         {"pk": ["visit_id", "drug_id"], "fk": [("visit_id", "visit", "visit_id"), ("drug_id", "drug", "drug_id")]}),
        ("lab_result", [("patient_id", INT, True, (1, 2, 3)), ("test", T, False, ("HbA1c", "LDL")),
                        ("value", INT, True, (5, 7, 130))], {}),
    ],
}
SCHEMAS = {s["name"]: s for s in (RIDES, MARKET, CLINIC)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover9", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
