"""Build and check the twenty-seventh held-out prover corpus (``benchmarks/corpus/prover27/``).

The pairs are written in ``prover27_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``crew`` (crew members with a rank, a base, a NULL-able seniority
number and a hire day, aircraft types, qualifications keyed by (crew, type) with a NULL-able
expiry day, flights with scheduled departure and arrival minutes and a NULL-able actual
arrival, pairings with a REAL credit, pairing legs keyed by (pairing, leg), assignments keyed
by (crew, pairing), duty periods with a NULL-able end, rest periods, and a keyless swap request
log with duplicates) for airline crew rostering; ``rma`` (customers with a segment and a
NULL-able region, products with an integer price in cents and a NULL-able discontinued day,
orders, order lines keyed by (order, line), return requests with a NULL-able reason, receipts at
warehouses with a NULL-able grade and a NULL-able REAL weight, refunds in integer cents with a
NULL-able issued day, warehouses, and a keyless carrier scan log with duplicates) for
e-commerce returns; and ``kitchen`` (locations, menu items with a category, an integer price
and a NULL-able retired day, ingredients with a NULL-able supplier and a REAL unit cost,
recipes keyed by (item, ingredient), staff, tickets with a NULL-able closed minute and a
NULL-able table, ticket lines keyed by (ticket, seq) with a voided flag, shifts with a NULL-able
end, inventory counts keyed by (location, ingredient, day), and a keyless waste log with
duplicates) for restaurant operations. REAL values in the pools are exact binary fractions;
money is in integer cents.

    python -m benchmarks.prover27_build            # check, then write
    python -m benchmarks.prover27_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover27_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover27"
FILES = {"crew_rostering": "crew_rostering.jsonl", "returns_rma": "returns_rma.jsonl",
         "kitchen_ops": "kitchen_ops.jsonl"}

S3 = (1, 2, 3)
S5 = (1, 2, 3, 4, 5)
S6 = (1, 2, 3, 4, 5, 6)
S7 = (1, 2, 3, 4, 5, 6, 7)
PORTS = ("JFK", "LAX", "ORD")
CREW = {
    "name": "crew",
    "note": "airline crew rostering (written for this corpus): crew members (rank, base, NULL-able seniority, hire "
            "day), aircraft types, qualifications (NULL-able expiry day), flights (scheduled minutes, NULL-able actual "
            "arrival), pairings (REAL credit hours), pairing legs, assignments, duty periods (NULL-able end), rest "
            "periods, and a keyless swap request log",
    "tables": [
        ("crew_member", [("crew_id", INT, False, S6), ("crew_rank", T, False, ("captain", "first_officer", "cabin")),
                         ("base", T, False, ("JFK", "LAX")), ("seniority", INT, True, (1, 2, 3, 5)),
                         ("hire_day", INT, False, (0, 100, 400))],
         {"pk": ["crew_id"]}),
        ("aircraft_type", [("type_id", INT, False, S3), ("code", T, False, ("A320", "B737", "E190")),
                           ("seats", INT, False, (76, 150, 180))],
         {"pk": ["type_id"]}),
        ("qualification", [("crew_id", INT, False, S6), ("type_id", INT, False, S3),
                           ("expiry_day", INT, True, (2, 3, 90))],
         {"pk": ["crew_id", "type_id"], "fk": [("crew_id", "crew_member", "crew_id"),
                                               ("type_id", "aircraft_type", "type_id")]}),
        ("flight", [("flight_id", INT, False, S7), ("flight_no", T, False, ("CR1", "CR2", "CR3")),
                    ("day", INT, False, (1, 2, 3, 4)), ("type_id", INT, False, S3),
                    ("origin", T, False, PORTS), ("destination", T, False, PORTS),
                    ("dep_min", INT, False, (360, 600, 1320, 1400)), ("arr_min", INT, False, (480, 900, 1440, 1620)),
                    ("actual_arr", INT, True, (480, 500, 915, 1460))],
         {"pk": ["flight_id"], "fk": [("type_id", "aircraft_type", "type_id")]}),
        ("pairing", [("pairing_id", INT, False, S5), ("base", T, False, ("JFK", "LAX")),
                     ("start_day", INT, False, (1, 2, 3)), ("n_days", INT, False, (1, 2, 3)),
                     ("credit_h", R, False, (2.5, 4.0, 7.25))],
         {"pk": ["pairing_id"]}),
        ("pairing_leg", [("pairing_id", INT, False, S5), ("leg_no", INT, False, (1, 2, 3)),
                         ("flight_id", INT, False, S7)],
         {"pk": ["pairing_id", "leg_no"], "fk": [("pairing_id", "pairing", "pairing_id"),
                                                 ("flight_id", "flight", "flight_id")]}),
        ("assignment", [("crew_id", INT, False, S6), ("pairing_id", INT, False, S5),
                        ("position", T, False, ("CA", "FO", "FA"))],
         {"pk": ["crew_id", "pairing_id"], "fk": [("crew_id", "crew_member", "crew_id"),
                                                  ("pairing_id", "pairing", "pairing_id")]}),
        ("duty", [("duty_id", INT, False, S7), ("crew_id", INT, False, S6), ("day", INT, False, (1, 2, 3, 5)),
                  ("start_min", INT, False, (300, 600, 1200)), ("end_min", INT, True, (700, 1000, 1500))],
         {"pk": ["duty_id"], "fk": [("crew_id", "crew_member", "crew_id")]}),
        ("rest_period", [("rest_id", INT, False, S5), ("crew_id", INT, False, S6), ("start_day", INT, False, (1, 2, 4)),
                         ("end_day", INT, False, (2, 3, 6))],
         {"pk": ["rest_id"], "fk": [("crew_id", "crew_member", "crew_id")]}),
        ("swap_log", [("crew_id", INT, True, S6), ("pairing_id", INT, True, S5),
                      ("action", T, True, ("drop", "pickup", "trade")), ("minute", INT, True, (100, 200, 300))],
         {"fk": [("crew_id", "crew_member", "crew_id"), ("pairing_id", "pairing", "pairing_id")]}),
    ],
}
RMA = {
    "name": "rma",
    "note": "e-commerce returns (written for this corpus): customers (segment, NULL-able region), products (category, "
            "integer price in cents, NULL-able discontinued day), orders, order lines, return requests (NULL-able "
            "reason), warehouse receipts (NULL-able grade and REAL weight), refunds (NULL-able issued day), warehouses, "
            "and a keyless carrier scan log",
    "tables": [
        ("customer", [("customer_id", INT, False, S5), ("segment", T, False, ("vip", "regular")),
                      ("region", T, True, ("EU", "US"))],
         {"pk": ["customer_id"]}),
        ("product", [("product_id", INT, False, S5), ("category", T, False, ("shoes", "bags", "hats")),
                     ("price_cents", INT, False, (0, 1500, 4200, 9900)), ("discontinued_day", INT, True, (10, 100))],
         {"pk": ["product_id"]}),
        ("orders", [("order_id", INT, False, S6), ("customer_id", INT, False, S5), ("order_day", INT, False, (0, 5, 40))],
         {"pk": ["order_id"], "fk": [("customer_id", "customer", "customer_id")]}),
        ("order_line", [("order_id", INT, False, S6), ("line_no", INT, False, (1, 2, 3)),
                        ("product_id", INT, False, S5), ("quantity", INT, False, (1, 2, 3))],
         {"pk": ["order_id", "line_no"], "fk": [("order_id", "orders", "order_id"),
                                                ("product_id", "product", "product_id")]}),
        ("warehouse", [("warehouse_id", INT, False, S3), ("name", T, False, ("Reno", "Leeds", "reno")),
                       ("region", T, False, ("EU", "US"))],
         {"pk": ["warehouse_id"]}),
        ("return_request", [("request_id", INT, False, S7), ("order_id", INT, False, S6), ("line_no", INT, False, (1, 2, 3)),
                            ("requested_day", INT, False, (5, 10, 35, 60)),
                            ("reason_code", T, True, ("size", "damaged", "changed_mind")),
                            ("status", T, False, ("open", "approved", "rejected"))],
         {"pk": ["request_id"], "fk": [("order_id", "orders", "order_id")]}),
        ("receipt", [("receipt_id", INT, False, S6), ("request_id", INT, False, S7), ("warehouse_id", INT, False, S3),
                     ("received_day", INT, False, (8, 12, 40, 70)), ("grade", T, True, ("A", "B", "C")),
                     ("weight_kg", R, True, (0.5, 1.25, 3.0))],
         {"pk": ["receipt_id"], "fk": [("request_id", "return_request", "request_id"),
                                       ("warehouse_id", "warehouse", "warehouse_id")]}),
        ("refund", [("refund_id", INT, False, S7), ("request_id", INT, False, S7),
                    ("amount_cents", INT, False, (500, 1500, 4200)), ("issued_day", INT, True, (10, 15, 45, 80))],
         {"pk": ["refund_id"], "fk": [("request_id", "return_request", "request_id")]}),
        ("scan_log", [("request_id", INT, True, S7), ("scan_day", INT, True, (6, 7, 9, 12)),
                      ("event", T, True, ("label", "transit", "delivered"))],
         {"fk": [("request_id", "return_request", "request_id")]}),
    ],
}
KITCHEN = {
    "name": "kitchen",
    "note": "restaurant operations (written for this corpus): locations, menu items (category, integer price, NULL-able "
            "retired day), ingredients (unit, NULL-able supplier, REAL unit cost), recipes, staff, tickets (NULL-able "
            "closed minute and table), ticket lines (voided flag), shifts (NULL-able end), inventory counts, and a "
            "keyless waste log",
    "tables": [
        ("location", [("location_id", INT, False, S3), ("name", T, False, ("Harbor", "Mill", "harbor")),
                      ("seats", INT, False, (0, 40, 80))],
         {"pk": ["location_id"]}),
        ("menu_item", [("item_id", INT, False, S6), ("category", T, False, ("mains", "drinks", "dessert")),
                       ("price_cents", INT, False, (0, 500, 1200, 2400)), ("retired_day", INT, True, (2, 30))],
         {"pk": ["item_id"]}),
        ("ingredient", [("ingredient_id", INT, False, S5), ("unit", T, False, ("g", "ml", "each")),
                        ("supplier_id", INT, True, (1, 2)), ("unit_cost", R, False, (0.25, 1.5, 4.75))],
         {"pk": ["ingredient_id"]}),
        ("recipe", [("item_id", INT, False, S6), ("ingredient_id", INT, False, S5), ("qty", INT, False, (1, 2, 50))],
         {"pk": ["item_id", "ingredient_id"], "fk": [("item_id", "menu_item", "item_id"),
                                                     ("ingredient_id", "ingredient", "ingredient_id")]}),
        ("staff", [("staff_id", INT, False, S5), ("role", T, False, ("server", "cook")),
                   ("hire_day", INT, False, (0, 10, 200))],
         {"pk": ["staff_id"]}),
        ("ticket", [("ticket_id", INT, False, S7), ("location_id", INT, False, S3), ("server_id", INT, False, S5),
                    ("day", INT, False, (1, 2, 3)), ("opened_min", INT, False, (660, 720, 1080, 1260)),
                    ("closed_min", INT, True, (700, 765, 1140, 1320)), ("table_no", INT, True, (1, 2, 5)),
                    ("covers", INT, False, (1, 2, 4))],
         {"pk": ["ticket_id"], "fk": [("location_id", "location", "location_id"), ("server_id", "staff", "staff_id")]}),
        ("ticket_line", [("ticket_id", INT, False, S7), ("seq", INT, False, (1, 2, 3)), ("item_id", INT, False, S6),
                         ("voided", INT, False, (0, 1))],
         {"pk": ["ticket_id", "seq"], "fk": [("ticket_id", "ticket", "ticket_id"), ("item_id", "menu_item", "item_id")]}),
        ("shift", [("shift_id", INT, False, S6), ("staff_id", INT, False, S5), ("location_id", INT, False, S3),
                   ("day", INT, False, (1, 2)), ("start_min", INT, False, (600, 660, 1020)),
                   ("end_min", INT, True, (900, 1080, 1380))],
         {"pk": ["shift_id"], "fk": [("staff_id", "staff", "staff_id"), ("location_id", "location", "location_id")]}),
        ("inv_count", [("location_id", INT, False, S3), ("ingredient_id", INT, False, S5), ("day", INT, False, (1, 2, 4)),
                       ("on_hand", INT, False, (0, 10, 40))],
         {"pk": ["location_id", "ingredient_id", "day"], "fk": [("location_id", "location", "location_id"),
                                                                ("ingredient_id", "ingredient", "ingredient_id")]}),
        ("waste_log", [("location_id", INT, True, S3), ("ingredient_id", INT, True, S5), ("day", INT, True, (1, 2, 4)),
                       ("qty", INT, True, (1, 2, 5)), ("reason", T, True, ("spoiled", "dropped"))],
         {"fk": [("location_id", "location", "location_id"), ("ingredient_id", "ingredient", "ingredient_id")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (CREW, RMA, KITCHEN)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover27", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
