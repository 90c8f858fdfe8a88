"""Build and check the twenty-sixth held-out prover corpus (``benchmarks/corpus/prover26/``).

The pairs are written in ``prover26_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``lims`` (labs with a NULL-able city, instruments with a NULL-able
retirement day, test definitions with a turnaround target in minutes and NULL-able integer
reference limits, clients, specimens with a NULL-able received minute, orders with a priority,
results with a NULL-able REAL value, a NULL-able flag, a NULL-able verification minute and a
rerun number, QC runs keyed by (instrument, day, run), and a keyless audit log with duplicates)
for a laboratory information system; ``meter`` (customers with a class and a NULL-able account
manager, premises, tariffs and tariff rates keyed by (tariff, tier), service points, meters with
a NULL-able removal day and a multiplier, a keyless meter read log with duplicates, bills with a
NULL-able paid day in integer cents, payments with a NULL-able bill, outages with a NULL-able
end minute, and service orders with a NULL-able close day) for a utility; and ``bikes``
(stations with a capacity and a NULL-able district, docks, bikes with a kind, a model and a
NULL-able retirement day, members with a plan and a NULL-able birth year, trips with a NULL-able
member and a NULL-able end minute, rebalancing moves, maintenance tickets with a NULL-able close
day, and a keyless station status log with duplicates) for bike sharing. REAL values in the
pools are exact binary fractions; money is in integer cents.

    python -m benchmarks.prover26_build            # check, then write
    python -m benchmarks.prover26_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover26_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover26"
FILES = {"lab_lims": "lab_lims.jsonl", "utility_metering": "utility_metering.jsonl",
         "bike_share": "bike_share.jsonl"}

S3 = (1, 2, 3)
S4 = (1, 2, 3, 4)
S5 = (1, 2, 3, 4, 5)
S6 = (1, 2, 3, 4, 5, 6)
S7 = (1, 2, 3, 4, 5, 6, 7)
LIMS = {
    "name": "lims",
    "note": "a laboratory information system (written for this corpus): labs (NULL-able city), instruments "
            "(NULL-able retirement day), test definitions (turnaround target, NULL-able reference limits), clients, "
            "specimens (NULL-able received minute), orders (priority), results (NULL-able REAL value, flag and "
            "verification minute, rerun number), QC runs, and a keyless audit log",
    "tables": [
        ("lab", [("lab_id", INT, False, S3), ("name", T, False, ("Central", "East", "central")),
                 ("city", T, True, ("Lyon", "Nice"))],
         {"pk": ["lab_id"]}),
        ("instrument", [("instrument_id", INT, False, S4), ("lab_id", INT, False, S3),
                        ("kind", T, False, ("analyzer", "pcr", "counter")), ("retired_day", INT, True, (0, 1, 30))],
         {"pk": ["instrument_id"], "fk": [("lab_id", "lab", "lab_id")]}),
        ("test_def", [("test_id", INT, False, S4), ("code", T, False, ("GLU", "K", "HB", "glu")),
                      ("panel", T, False, ("chem", "heme")), ("tat_min", INT, False, (60, 120, 240)),
                      ("ref_low", INT, True, (3, 5)), ("ref_high", INT, True, (12, 150))],
         {"pk": ["test_id"]}),
        ("client", [("client_id", INT, False, S4), ("name", T, False, ("Ada", "Ben", "ada")),
                    ("kind", T, False, ("clinic", "hospital"))],
         {"pk": ["client_id"]}),
        ("specimen", [("specimen_id", INT, False, S6), ("client_id", INT, False, S4),
                      ("collected_min", INT, False, (0, 60, 600, 1440)),
                      ("received_min", INT, True, (30, 120, 660, 1500)), ("stype", T, False, ("blood", "urine"))],
         {"pk": ["specimen_id"], "fk": [("client_id", "client", "client_id")]}),
        ("lab_order", [("order_id", INT, False, S7), ("specimen_id", INT, False, S6), ("test_id", INT, False, S4),
                       ("priority", T, False, ("stat", "routine")), ("ordered_min", INT, False, (0, 60, 120, 1440))],
         {"pk": ["order_id"], "fk": [("specimen_id", "specimen", "specimen_id"), ("test_id", "test_def", "test_id")]}),
        ("result", [("result_id", INT, False, S7), ("order_id", INT, False, S7), ("instrument_id", INT, False, S4),
                    ("value", R, True, (2.5, 5.0, 12.25, 150.0)), ("flag", T, True, ("H", "L", "N")),
                    ("verified_min", INT, True, (90, 180, 300, 1500)), ("rerun", INT, False, (0, 1, 2))],
         {"pk": ["result_id"], "fk": [("order_id", "lab_order", "order_id"),
                                      ("instrument_id", "instrument", "instrument_id")]}),
        ("qc_run", [("instrument_id", INT, False, S4), ("day", INT, False, (1, 2, 3, 4)), ("run_no", INT, False, (1, 2)),
                    ("passed", INT, False, (0, 1))],
         {"pk": ["instrument_id", "day", "run_no"], "fk": [("instrument_id", "instrument", "instrument_id")]}),
        ("audit_log", [("user_name", T, True, ("ann", "bo")), ("order_id", INT, True, S7),
                       ("action", T, True, ("view", "edit", "verify")), ("minute", INT, True, (100, 200, 300))],
         {"fk": [("order_id", "lab_order", "order_id")]}),
    ],
}
METER = {
    "name": "meter",
    "note": "a water and electricity utility (written for this corpus): customers (class, NULL-able account manager), "
            "premises, tariffs, tariff rates by tier, service points, meters (NULL-able removal day, multiplier), a "
            "keyless meter read log, bills (NULL-able paid day, integer cents), payments (NULL-able bill), outages "
            "(NULL-able end minute) and service orders (NULL-able close day)",
    "tables": [
        ("customer", [("customer_id", INT, False, S5), ("cust_class", T, False, ("residential", "commercial", "industrial")),
                      ("manager_id", INT, True, (1, 2))],
         {"pk": ["customer_id"]}),
        ("premise", [("premise_id", INT, False, S5), ("customer_id", INT, False, S5), ("district", T, False, ("A", "B"))],
         {"pk": ["premise_id"], "fk": [("customer_id", "customer", "customer_id")]}),
        ("tariff", [("tariff_id", INT, False, S3), ("name", T, False, ("std", "tou", "green"))],
         {"pk": ["tariff_id"]}),
        ("tariff_rate", [("tariff_id", INT, False, S3), ("tier", INT, False, (1, 2, 3)),
                         ("threshold", INT, False, (0, 100, 500)), ("rate_cents", INT, False, (10, 15, 20))],
         {"pk": ["tariff_id", "tier"], "fk": [("tariff_id", "tariff", "tariff_id")]}),
        ("service_point", [("sp_id", INT, False, S6), ("premise_id", INT, False, S5), ("tariff_id", INT, False, S3),
                           ("kind", T, False, ("water", "power"))],
         {"pk": ["sp_id"], "fk": [("premise_id", "premise", "premise_id"), ("tariff_id", "tariff", "tariff_id")]}),
        ("meter", [("meter_id", INT, False, S6), ("sp_id", INT, False, S6), ("install_day", INT, False, (0, 10, 100)),
                   ("removal_day", INT, True, (60, 200, 400)), ("multiplier", INT, False, (1, 10))],
         {"pk": ["meter_id"], "fk": [("sp_id", "service_point", "sp_id")]}),
        ("meter_read", [("meter_id", INT, True, S6), ("day", INT, True, (0, 30, 60, 90, 150)),
                        ("reading", INT, True, (100, 150, 400, 1000)), ("read_type", T, True, ("actual", "estimated"))],
         {"fk": [("meter_id", "meter", "meter_id")]}),
        ("bill", [("bill_id", INT, False, S7), ("customer_id", INT, False, S5), ("start_day", INT, False, (0, 30, 60)),
                  ("end_day", INT, False, (29, 59, 89)), ("amount_cents", INT, False, (0, 1500, 4200, 9900)),
                  ("paid_day", INT, True, (35, 70, 120))],
         {"pk": ["bill_id"], "fk": [("customer_id", "customer", "customer_id")]}),
        ("payment", [("payment_id", INT, False, S7), ("customer_id", INT, False, S5), ("bill_id", INT, True, S7),
                     ("day", INT, False, (35, 59, 89, 120)), ("amount_cents", INT, False, (1500, 4200, 9900))],
         {"pk": ["payment_id"], "fk": [("customer_id", "customer", "customer_id"), ("bill_id", "bill", "bill_id")]}),
        ("outage", [("outage_id", INT, False, S6), ("premise_id", INT, False, S5),
                    ("start_min", INT, False, (0, 100, 5000, 10080)), ("end_min", INT, True, (60, 200, 5100, 20000))],
         {"pk": ["outage_id"], "fk": [("premise_id", "premise", "premise_id")]}),
        ("service_order", [("so_id", INT, False, S6), ("premise_id", INT, False, S5),
                           ("kind", T, False, ("connect", "disconnect", "repair")), ("opened_day", INT, False, (0, 5, 40)),
                           ("closed_day", INT, True, (3, 10, 60))],
         {"pk": ["so_id"], "fk": [("premise_id", "premise", "premise_id")]}),
    ],
}
BIKES = {
    "name": "bikes",
    "note": "a bike-sharing system (written for this corpus): stations (capacity, NULL-able district), docks, bikes "
            "(kind, model, NULL-able retirement day), members (plan, NULL-able birth year), trips (NULL-able member "
            "for casual riders, NULL-able end minute), rebalancing moves, maintenance tickets (NULL-able close day), "
            "and a keyless station status log",
    "tables": [
        ("station", [("station_id", INT, False, S5), ("name", T, False, ("Pier", "Park", "pier")),
                     ("capacity", INT, False, (0, 10, 20)), ("district", T, True, ("north", "south"))],
         {"pk": ["station_id"]}),
        ("dock", [("dock_id", INT, False, S7), ("station_id", INT, False, S5), ("active", INT, False, (0, 1))],
         {"pk": ["dock_id"], "fk": [("station_id", "station", "station_id")]}),
        ("bike", [("bike_id", INT, False, S6), ("kind", T, False, ("classic", "electric")),
                  ("model", T, False, ("c1", "e1", "e2")), ("in_service_day", INT, False, (0, 10, 100)),
                  ("retired_day", INT, True, (50, 200))],
         {"pk": ["bike_id"]}),
        ("member", [("member_id", INT, False, S5), ("plan", T, False, ("annual", "monthly")),
                    ("join_day", INT, False, (0, 30, 200)), ("birth_year", INT, True, (1970, 1990, 2005))],
         {"pk": ["member_id"]}),
        ("trip", [("trip_id", INT, False, S7), ("bike_id", INT, False, S6), ("member_id", INT, True, S5),
                  ("start_station", INT, False, S5), ("end_station", INT, False, S5),
                  ("start_min", INT, False, (0, 30, 60, 480, 1440, 10080)), ("end_min", INT, True, (20, 45, 90, 500, 1500, 10100))],
         {"pk": ["trip_id"], "fk": [("bike_id", "bike", "bike_id"), ("member_id", "member", "member_id"),
                                    ("start_station", "station", "station_id"), ("end_station", "station", "station_id")]}),
        ("rebalance", [("move_id", INT, False, S6), ("from_station", INT, False, S5), ("to_station", INT, False, S5),
                       ("bikes_moved", INT, False, (1, 3, 5)), ("minute", INT, False, (0, 60, 600))],
         {"pk": ["move_id"], "fk": [("from_station", "station", "station_id"), ("to_station", "station", "station_id")]}),
        ("ticket", [("ticket_id", INT, False, S6), ("bike_id", INT, False, S6), ("opened_day", INT, False, (0, 2, 4, 5, 9)),
                    ("closed_day", INT, True, (1, 4, 8)), ("kind", T, False, ("brakes", "tire", "battery"))],
         {"pk": ["ticket_id"], "fk": [("bike_id", "bike", "bike_id")]}),
        ("status_log", [("station_id", INT, True, S5), ("minute", INT, True, (0, 60, 120)),
                        ("bikes_available", INT, True, (0, 2, 5))],
         {"fk": [("station_id", "station", "station_id")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (LIMS, METER, BIKES)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover26", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
