"""Build and check the twenty-third held-out prover corpus (``benchmarks/corpus/prover23/``).

The pairs are written in ``prover23_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``lawfirm`` (clients with a NULL-able industry, attorneys with REAL
rates, matters with a NULL-able originating attorney and close day, invoices, time entries
with REAL hours, a NULL-able rate override and a NULL-able invoice (NULL = unbilled),
expenses with a NULL-able invoice, payments, trust-account transactions in integer cents with a
NULL-able matter, court dates keyed by (matter_id, day) with a NULL-able attorney, and a keyless
activity log with duplicates) for legal practice management; ``delivery`` (restaurants
with a NULL-able cuisine, menu items, customers, couriers with a NULL-able shift end,
orders with a NULL-able courier, ready and delivery minute and tip, order items keyed by
(order_id, line_no), ratings keyed by order, refunds with a NULL-able reason, and a keyless
courier status event log with duplicates) for food delivery; and ``gtfs`` (agencies, routes
with a NULL-able colour, stops with a NULL-able zone and parent station, calendars,
calendar dates keyed by (service_id, day), trips with a NULL-able headsign and block,
stop times keyed by (trip_id, stop_sequence) with a NULL-able arrival in seconds after
midnight, fare taps with a NULL-able route, and a keyless vehicle position log with
duplicates) for transit planning. REAL values in the pools are exact binary fractions so
sums do not depend on order.

    python -m benchmarks.prover23_build            # check, then write
    python -m benchmarks.prover23_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover23_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover23"
FILES = {"legal_practice": "legal_practice.jsonl", "food_delivery": "food_delivery.jsonl",
         "transit_gtfs": "transit_gtfs.jsonl"}

S3 = (1, 2, 3)
S4 = (1, 2, 3, 4)
S6 = (1, 2, 3, 4, 5, 6)
S7 = (1, 2, 3, 4, 5, 6, 7)
LAWFIRM = {
    "name": "lawfirm",
    "note": "a law practice management store (written for this corpus): clients (NULL-able industry), attorneys "
            "(REAL rates), matters (NULL-able originating attorney and close day), invoices, time entries (REAL "
            "hours, NULL-able rate override and invoice), expenses (NULL-able invoice), payments, trust "
            "transactions (NULL-able matter), court dates (composite key, NULL-able attorney), and a keyless "
            "activity log",
    "tables": [
        ("client", [("client_id", INT, False, S4), ("name", T, False, ("Acme", "Birch", "acme")),
                    ("industry", T, True, ("tech", "retail")), ("intake_day", INT, False, (1, 10, 30))],
         {"pk": ["client_id"]}),
        ("attorney", [("atty_id", INT, False, S4), ("name", T, False, ("kim", "lee", "Kim")),
                      ("role", T, False, ("partner", "associate", "paralegal")),
                      ("rate", R, False, (100.0, 250.0, 312.5)), ("target_hours", INT, False, (4, 8)),
                      ("active", INT, False, (0, 1))],
         {"pk": ["atty_id"]}),
        ("matter", [("matter_id", INT, False, S6), ("client_id", INT, False, S4), ("resp_atty_id", INT, False, S4),
                    ("orig_atty_id", INT, True, S4), ("practice", T, False, ("litigation", "corporate", "family")),
                    ("opened_day", INT, False, (1, 5, 20)), ("closed_day", INT, True, (2, 10, 30)),
                    ("billing", T, False, ("hourly", "flat", "contingency"))],
         {"pk": ["matter_id"], "fk": [("client_id", "client", "client_id"), ("resp_atty_id", "attorney", "atty_id"),
                                      ("orig_atty_id", "attorney", "atty_id")]}),
        ("invoice", [("inv_id", INT, False, S6), ("matter_id", INT, False, S6), ("day", INT, False, (5, 15, 30, 45)),
                     ("due_day", INT, False, (15, 30, 60)), ("amount", R, False, (0.0, 250.0, 437.5, 1000.0)),
                     ("status", T, False, ("paid", "sent", "draft", "void"))],
         {"pk": ["inv_id"], "fk": [("matter_id", "matter", "matter_id")]}),
        ("time_entry", [("entry_id", INT, False, S7), ("matter_id", INT, False, S6), ("atty_id", INT, False, S4),
                        ("day", INT, False, (1, 2, 5, 10)), ("hours", R, False, (0.25, 0.5, 1.5, 4.0)),
                        ("billable", INT, False, (0, 1)), ("rate", R, True, (100.0, 250.0)),
                        ("inv_id", INT, True, S6)],
         {"pk": ["entry_id"], "fk": [("matter_id", "matter", "matter_id"), ("atty_id", "attorney", "atty_id"),
                                     ("inv_id", "invoice", "inv_id")]}),
        ("expense", [("exp_id", INT, False, S6), ("matter_id", INT, False, S6), ("day", INT, False, (1, 5, 12)),
                     ("amount", R, False, (12.5, 80.0, 300.0)), ("category", T, False, ("filing", "travel", "copies")),
                     ("billable", INT, False, (0, 1)), ("inv_id", INT, True, S6)],
         {"pk": ["exp_id"], "fk": [("matter_id", "matter", "matter_id"), ("inv_id", "invoice", "inv_id")]}),
        ("payment", [("pay_id", INT, False, S6), ("inv_id", INT, False, S6), ("day", INT, False, (10, 20, 40, 70)),
                     ("amount", R, False, (100.0, 250.0, 437.5))],
         {"pk": ["pay_id"], "fk": [("inv_id", "invoice", "inv_id")]}),
        ("trust_txn", [("txn_id", INT, False, S7), ("client_id", INT, False, S4), ("matter_id", INT, True, S6),
                       ("day", INT, False, (1, 5, 20)), ("kind", T, False, ("deposit", "disbursement", "transfer")),
                       ("amount_cents", INT, False, (5000, 50000, 125000))],
         {"pk": ["txn_id"], "fk": [("client_id", "client", "client_id"), ("matter_id", "matter", "matter_id")]}),
        ("court_date", [("matter_id", INT, False, S6), ("day", INT, False, (3, 14, 21, 40)),
                        ("kind", T, False, ("hearing", "trial", "deadline")), ("atty_id", INT, True, S4),
                        ("done", INT, False, (0, 1))],
         {"pk": ["matter_id", "day"], "fk": [("matter_id", "matter", "matter_id"), ("atty_id", "attorney", "atty_id")]}),
        ("activity_log", [("matter_id", INT, True, S6), ("atty_id", INT, True, S4),
                          ("action", T, True, ("call", "email", "note")), ("day", INT, True, (2, 8, 25))],
         {"fk": [("matter_id", "matter", "matter_id"), ("atty_id", "attorney", "atty_id")]}),
    ],
}
DELIVERY = {
    "name": "delivery",
    "note": "a food delivery marketplace store (written for this corpus): restaurants (NULL-able cuisine), menu "
            "items (REAL prices), customers, couriers (NULL-able shift end), orders (NULL-able courier, ready and "
            "delivery minute, REAL subtotal and NULL-able tip), order items (composite key), ratings (one per "
            "order), refunds (NULL-able reason), and a keyless courier status event log",
    "tables": [
        ("restaurant", [("rest_id", INT, False, S4), ("name", T, False, ("Pho 1", "Taco Rey", "pho 1")),
                        ("city", T, False, ("SF", "LA")), ("cuisine", T, True, ("thai", "mexican")),
                        ("prep_target", INT, False, (10, 20))],
         {"pk": ["rest_id"]}),
        ("menu_item", [("item_id", INT, False, S6), ("rest_id", INT, False, S4),
                       ("name", T, False, ("pad thai", "taco", "Taco")), ("price", R, False, (4.5, 9.0, 12.25)),
                       ("active", INT, False, (0, 1))],
         {"pk": ["item_id"], "fk": [("rest_id", "restaurant", "rest_id")]}),
        ("customer", [("cust_id", INT, False, S6), ("city", T, False, ("SF", "LA", "sf")),
                      ("signup_day", INT, False, (1, 5, 20)), ("member", INT, False, (0, 1))],
         {"pk": ["cust_id"]}),
        ("courier", [("courier_id", INT, False, S4), ("vehicle", T, False, ("bike", "car", "scooter")),
                     ("shift_start", INT, False, (600, 660, 1020)), ("shift_end", INT, True, (780, 840, 1260))],
         {"pk": ["courier_id"]}),
        ("orders", [("order_id", INT, False, S7), ("cust_id", INT, False, S6), ("rest_id", INT, False, S4),
                    ("courier_id", INT, True, S4), ("day", INT, False, (1, 2, 3, 7)),
                    ("placed_min", INT, False, (600, 720, 1110)), ("ready_min", INT, True, (615, 735, 1130)),
                    ("delivered_min", INT, True, (640, 760, 1150)),
                    ("status", T, False, ("delivered", "canceled", "in_progress")),
                    ("subtotal", R, False, (9.0, 21.25, 36.5)), ("tip", R, True, (0.0, 2.5, 5.0))],
         {"pk": ["order_id"], "fk": [("cust_id", "customer", "cust_id"), ("rest_id", "restaurant", "rest_id"),
                                     ("courier_id", "courier", "courier_id")]}),
        ("order_item", [("order_id", INT, False, S7), ("line_no", INT, False, (1, 2, 3)),
                        ("item_id", INT, False, S6), ("qty", INT, False, (1, 2, 3)),
                        ("unit_price", R, False, (4.5, 9.0, 12.25))],
         {"pk": ["order_id", "line_no"], "fk": [("order_id", "orders", "order_id"), ("item_id", "menu_item", "item_id")]}),
        ("rating", [("order_id", INT, False, S7), ("stars", INT, False, (1, 2, 3, 4, 5)),
                    ("comment", T, True, ("cold", "great", "late"))],
         {"pk": ["order_id"], "fk": [("order_id", "orders", "order_id")]}),
        ("refund", [("refund_id", INT, False, S4), ("order_id", INT, False, S7), ("amount", R, False, (2.5, 9.0)),
                    ("reason", T, True, ("missing", "late", "wrong")), ("day", INT, False, (1, 3, 8))],
         {"pk": ["refund_id"], "fk": [("order_id", "orders", "order_id")]}),
        ("courier_event", [("order_id", INT, True, S7), ("courier_id", INT, True, S4),
                           ("kind", T, True, ("arrived", "picked_up", "dropped_off")),
                           ("minute", INT, True, (620, 700, 740, 1140))],
         {"fk": [("order_id", "orders", "order_id"), ("courier_id", "courier", "courier_id")]}),
    ],
}
GTFS = {
    "name": "gtfs",
    "note": "a GTFS-shaped transit store (written for this corpus): agencies, routes (NULL-able colour), stops "
            "(NULL-able zone, parent station and wheelchair flag), calendars, calendar dates (composite key), "
            "trips (NULL-able headsign and block), stop times (composite key, NULL-able arrival, seconds after "
            "midnight), fare taps (NULL-able route, REAL fare), and a keyless vehicle position log",
    "tables": [
        ("agency", [("agency_id", INT, False, S3), ("name", T, False, ("Metro", "Bay", "metro")),
                    ("tz", T, False, ("PT", "ET"))],
         {"pk": ["agency_id"]}),
        ("route", [("route_id", INT, False, S4), ("agency_id", INT, False, S3), ("short_name", T, False, ("1", "10", "N")),
                   ("route_type", INT, False, (0, 1, 3)), ("color", T, True, ("red", "blue"))],
         {"pk": ["route_id"], "fk": [("agency_id", "agency", "agency_id")]}),
        ("stop", [("stop_id", INT, False, S6), ("name", T, False, ("Main St", "Oak Ave", "main st")),
                  ("zone", T, True, ("A", "B")), ("parent_id", INT, True, S6), ("wheelchair", INT, True, (0, 1))],
         {"pk": ["stop_id"], "fk": [("parent_id", "stop", "stop_id")]}),
        ("calendar", [("service_id", INT, False, S3), ("weekday", INT, False, (0, 1)), ("saturday", INT, False, (0, 1)),
                      ("sunday", INT, False, (0, 1)), ("start_day", INT, False, (1, 10)), ("end_day", INT, False, (20, 60))],
         {"pk": ["service_id"]}),
        ("calendar_date", [("service_id", INT, False, S3), ("day", INT, False, (5, 12, 25)),
                           ("exception_type", INT, False, (1, 2))],
         {"pk": ["service_id", "day"], "fk": [("service_id", "calendar", "service_id")]}),
        ("trip", [("trip_id", INT, False, S6), ("route_id", INT, False, S4), ("service_id", INT, False, S3),
                  ("direction", INT, False, (0, 1)), ("headsign", T, True, ("Downtown", "Airport")),
                  ("block_id", INT, True, (1, 2))],
         {"pk": ["trip_id"], "fk": [("route_id", "route", "route_id"), ("service_id", "calendar", "service_id")]}),
        ("stop_time", [("trip_id", INT, False, S6), ("stop_sequence", INT, False, (1, 2, 3, 4)),
                       ("stop_id", INT, False, S6), ("arrival", INT, True, (21600, 21900, 22500, 25200)),
                       ("departure", INT, False, (21600, 21720, 22500, 25200, 90000))],
         {"pk": ["trip_id", "stop_sequence"], "fk": [("trip_id", "trip", "trip_id"), ("stop_id", "stop", "stop_id")]}),
        ("fare_tap", [("tap_id", INT, False, S7), ("card", T, False, ("c1", "c2", "C1")), ("stop_id", INT, False, S6),
                      ("route_id", INT, True, S4), ("day", INT, False, (1, 2)),
                      ("sec", INT, False, (21600, 21900, 23400, 28800)), ("fare", R, False, (0.0, 1.25, 2.5))],
         {"pk": ["tap_id"], "fk": [("stop_id", "stop", "stop_id"), ("route_id", "route", "route_id")]}),
        ("vehicle_ping", [("trip_id", INT, True, S6), ("stop_id", INT, True, S6), ("day", INT, True, (1, 2, 6)),
                          ("sec", INT, True, (21600, 21780, 22500)), ("delay", INT, True, (-60, 0, 120, 400))],
         {"fk": [("trip_id", "trip", "trip_id"), ("stop_id", "stop", "stop_id")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (LAWFIRM, DELIVERY, GTFS)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover23", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
