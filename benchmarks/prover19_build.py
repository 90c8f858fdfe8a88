"""Build and check the nineteenth held-out prover corpus (``benchmarks/corpus/prover19/``).

The pairs are written in ``prover19_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``ils`` (branches, bibliographic records, items with a NULL-able
shelving location, patrons with a NULL-able home branch and expiry day, loans keyed by
(item_id, checkout_day) with a NULL-able return day, holds with a NULL-able fill day, fines
with REAL amounts and a NULL-able waived flag, inter-branch transfers with a NULL-able
received day, and a keyless circulation event log with duplicates) for library circulation;
``fleet`` (depots with a NULL-able region, vehicles with a NULL-able retired day, drivers
with a NULL-able home depot, assignments keyed by (vehicle_id, start_day) with a NULL-able
end day, trips with a NULL-able driver, fuel purchases with REAL litres and cost,
maintenance jobs with NULL-able completion and cost, inspections with a NULL-able REAL
odometer, defects keyed by (insp_id, defect_no), and a keyless GPS ping / engine event log
with duplicates) for fleet telematics; and ``pos`` (locations, categories, menu items with a
REAL price, modifiers, staff with a NULL-able location, orders with a NULL-able server and
close minute, order lines keyed by (order_id, line_no), line modifiers, payments with a
NULL-able REAL tip, voids and comps, staff shifts keyed by (staff_id, day), and a keyless
kitchen display log with duplicates) for restaurant point of sale. REAL values in the pools
are exact binary fractions so sums do not depend on order.

    python -m benchmarks.prover19_build            # check, then write
    python -m benchmarks.prover19_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover19_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover19"
FILES = {"library_circulation": "library_circulation.jsonl", "fleet_telematics": "fleet_telematics.jsonl",
         "restaurant_pos": "restaurant_pos.jsonl"}

S3 = (1, 2, 3)
S4 = (1, 2, 3, 4)
S6 = (1, 2, 3, 4, 5, 6)
S7 = (1, 2, 3, 4, 5, 6, 7)
ILS = {
    "name": "ils",
    "note": "an integrated library system (written for this corpus): branches, bibliographic records, items "
            "(NULL-able shelving location, REAL price), patrons (NULL-able home branch and expiry day), loans "
            "(composite key, NULL-able return day), holds (NULL-able fill day), fines (REAL amounts, NULL-able item "
            "and waived flag), transfers (NULL-able received day), and a keyless circulation event log",
    "tables": [
        ("branch", [("branch_id", INT, False, S3), ("name", T, False, ("Main", "East", "main"))],
         {"pk": ["branch_id"]}),
        ("bib", [("bib_id", INT, False, S6), ("title", T, False, ("Dune", "Emma", "dune")),
                 ("pub_year", INT, False, (1990, 2005, 2020)), ("format", T, False, ("book", "dvd"))],
         {"pk": ["bib_id"]}),
        ("item", [("item_id", INT, False, S6), ("bib_id", INT, False, S6), ("branch_id", INT, False, S3),
                  ("location", T, True, ("stacks", "ref")), ("acquired_day", INT, False, (0, 100, 200)),
                  ("price", R, False, (0.5, 12.25, 20.0)), ("status", T, False, ("available", "lost"))],
         {"pk": ["item_id"], "fk": [("bib_id", "bib", "bib_id"), ("branch_id", "branch", "branch_id")]}),
        ("patron", [("patron_id", INT, False, S6), ("name", T, False, ("ann", "bob", "Ann")),
                    ("home_branch", INT, True, S3), ("expiry_day", INT, True, (20, 30, 100, 300)),
                    ("ptype", T, False, ("adult", "child"))],
         {"pk": ["patron_id"], "fk": [("home_branch", "branch", "branch_id")]}),
        ("loan", [("item_id", INT, False, S6), ("checkout_day", INT, False, (1, 7, 10, 20)),
                  ("patron_id", INT, False, S6), ("due_day", INT, False, (15, 25, 30, 40)),
                  ("return_day", INT, True, (8, 10, 30, 45)), ("branch_id", INT, False, S3)],
         {"pk": ["item_id", "checkout_day"], "fk": [("item_id", "item", "item_id"), ("patron_id", "patron", "patron_id"),
                                                    ("branch_id", "branch", "branch_id")]}),
        ("hold", [("hold_id", INT, False, S6), ("bib_id", INT, False, S6), ("patron_id", INT, False, S6),
                  ("pickup_branch", INT, False, S3), ("placed_day", INT, False, (1, 5, 10)),
                  ("filled_day", INT, True, (6, 12, 20)), ("status", T, False, ("waiting", "filled", "cancelled"))],
         {"pk": ["hold_id"], "fk": [("bib_id", "bib", "bib_id"), ("patron_id", "patron", "patron_id"),
                                    ("pickup_branch", "branch", "branch_id")]}),
        ("fine", [("fine_id", INT, False, S6), ("patron_id", INT, False, S6), ("item_id", INT, True, S6),
                  ("amount", R, False, (0.25, 1.5, 5.0)), ("paid", R, False, (0.0, 0.25, 1.5)),
                  ("assessed_day", INT, False, (10, 30, 50)), ("waived", INT, True, (0, 1))],
         {"pk": ["fine_id"], "fk": [("patron_id", "patron", "patron_id"), ("item_id", "item", "item_id")]}),
        ("transfer", [("transfer_id", INT, False, S4), ("item_id", INT, False, S6), ("from_branch", INT, False, S3),
                      ("to_branch", INT, False, S3), ("sent_day", INT, False, (1, 5, 10)),
                      ("received_day", INT, True, (3, 8, 15))],
         {"pk": ["transfer_id"], "fk": [("item_id", "item", "item_id"), ("from_branch", "branch", "branch_id"),
                                        ("to_branch", "branch", "branch_id")]}),
        ("circ_event", [("item_id", INT, True, S6), ("patron_id", INT, True, S6), ("branch_id", INT, True, S3),
                        ("day", INT, True, (1, 7, 10)), ("event", T, True, ("checkout", "checkin", "renew"))],
         {"fk": [("item_id", "item", "item_id"), ("patron_id", "patron", "patron_id"),
                 ("branch_id", "branch", "branch_id")]}),
    ],
}
FLEET = {
    "name": "fleet",
    "note": "a fleet telematics store (written for this corpus): depots (NULL-able region), vehicles (NULL-able "
            "retired day), drivers (NULL-able home depot), assignments (composite key, NULL-able end day), trips "
            "(NULL-able driver), fuel purchases (REAL litres and cost), maintenance jobs (NULL-able completion day "
            "and cost), inspections (NULL-able REAL odometer), defects (composite key, NULL-able repair day), and a "
            "keyless GPS ping / engine event log",
    "tables": [
        ("depot", [("depot_id", INT, False, S3), ("name", T, False, ("North", "South", "north")),
                   ("region", T, True, ("east", "west"))],
         {"pk": ["depot_id"]}),
        ("vehicle", [("vehicle_id", INT, False, S6), ("depot_id", INT, False, S3), ("make", T, False, ("Ford", "Volvo", "ford")),
                     ("vtype", T, False, ("van", "truck")), ("in_service_day", INT, False, (0, 50, 100)),
                     ("retired_day", INT, True, (100, 120, 300))],
         {"pk": ["vehicle_id"], "fk": [("depot_id", "depot", "depot_id")]}),
        ("driver", [("driver_id", INT, False, S4), ("name", T, False, ("ann", "bob", "Ann")),
                    ("depot_id", INT, True, S3), ("hired_day", INT, False, (0, 50))],
         {"pk": ["driver_id"], "fk": [("depot_id", "depot", "depot_id")]}),
        ("assignment", [("vehicle_id", INT, False, S6), ("start_day", INT, False, (0, 10, 20)),
                        ("driver_id", INT, False, S4), ("end_day", INT, True, (10, 20, 30))],
         {"pk": ["vehicle_id", "start_day"], "fk": [("vehicle_id", "vehicle", "vehicle_id"),
                                                    ("driver_id", "driver", "driver_id")]}),
        ("trip", [("trip_id", INT, False, S7), ("vehicle_id", INT, False, S6), ("driver_id", INT, True, S4),
                  ("day", INT, False, (1, 10, 20, 30)), ("km", INT, False, (0, 25, 150)),
                  ("minutes", INT, False, (15, 60, 240)), ("harsh", INT, False, (0, 1, 3))],
         {"pk": ["trip_id"], "fk": [("vehicle_id", "vehicle", "vehicle_id"), ("driver_id", "driver", "driver_id")]}),
        ("fuel", [("fuel_id", INT, False, S6), ("vehicle_id", INT, False, S6), ("day", INT, False, (1, 10, 120)),
                  ("litres", R, False, (10.5, 40.0, 60.25)), ("cost", R, False, (20.0, 75.5, 110.25))],
         {"pk": ["fuel_id"], "fk": [("vehicle_id", "vehicle", "vehicle_id")]}),
        ("maint", [("job_id", INT, False, S6), ("vehicle_id", INT, False, S6), ("kind", T, False, ("service", "repair", "tyres")),
                   ("opened_day", INT, False, (1, 10, 20)), ("due_day", INT, False, (15, 30)),
                   ("completed_day", INT, True, (5, 10, 30, 40)), ("cost", INT, True, (0, 100, 250))],
         {"pk": ["job_id"], "fk": [("vehicle_id", "vehicle", "vehicle_id")]}),
        ("inspection", [("insp_id", INT, False, S6), ("vehicle_id", INT, False, S6), ("day", INT, False, (1, 10, 20)),
                        ("odometer", R, True, (1000.5, 25000.25, 80000.0)), ("result", T, False, ("pass", "fail"))],
         {"pk": ["insp_id"], "fk": [("vehicle_id", "vehicle", "vehicle_id")]}),
        ("defect", [("insp_id", INT, False, S6), ("defect_no", INT, False, (1, 2)), ("severity", T, False, ("minor", "major")),
                    ("repaired_day", INT, True, (5, 25))],
         {"pk": ["insp_id", "defect_no"], "fk": [("insp_id", "inspection", "insp_id")]}),
        ("ping", [("vehicle_id", INT, True, S6), ("day", INT, True, (1, 10, 20)), ("minute", INT, True, (60, 600, 900)),
                  ("event", T, True, ("ping", "ignition_on", "idle")), ("zone", T, True, ("A", "B"))],
         {"fk": [("vehicle_id", "vehicle", "vehicle_id")]}),
    ],
}
POS = {
    "name": "pos",
    "note": "a restaurant point of sale (written for this corpus): locations (NULL-able city), categories, menu "
            "items (REAL price), modifiers, staff (NULL-able home location), orders (NULL-able server and close "
            "minute), order lines (composite key, REAL unit price), line modifiers (composite key), payments "
            "(NULL-able REAL tip), voids and comps (NULL-able line and manager), shifts (composite key, NULL-able "
            "end minute), and a keyless kitchen display log",
    "tables": [
        ("location", [("loc_id", INT, False, S3), ("name", T, False, ("Downtown", "Airport", "downtown")),
                      ("city", T, True, ("A", "B"))],
         {"pk": ["loc_id"]}),
        ("category", [("cat_id", INT, False, S3), ("name", T, False, ("food", "drink", "Food"))],
         {"pk": ["cat_id"]}),
        ("menu_item", [("menu_id", INT, False, S6), ("cat_id", INT, False, S3), ("name", T, False, ("burger", "soda", "fries")),
                       ("price", R, False, (2.5, 8.0, 12.75)), ("active", INT, False, (0, 1))],
         {"pk": ["menu_id"], "fk": [("cat_id", "category", "cat_id")]}),
        ("modifier", [("mod_id", INT, False, S3), ("name", T, False, ("cheese", "bacon", "no_ice")),
                      ("price", R, False, (0.0, 0.5, 1.25))],
         {"pk": ["mod_id"]}),
        ("staff", [("staff_id", INT, False, S4), ("loc_id", INT, True, S3), ("role", T, False, ("server", "cook", "bartender")),
                   ("hourly", INT, False, (10, 15, 20))],
         {"pk": ["staff_id"], "fk": [("loc_id", "location", "loc_id")]}),
        ("orders", [("order_id", INT, False, S6), ("loc_id", INT, False, S3), ("server_id", INT, True, S4),
                    ("day", INT, False, (1, 2, 3)), ("opened_min", INT, False, (600, 660, 900, 1260, 1320)),
                    ("closed_min", INT, True, (650, 720, 1140, 1380)), ("guests", INT, False, (1, 2, 4)),
                    ("channel", T, False, ("dine_in", "takeout"))],
         {"pk": ["order_id"], "fk": [("loc_id", "location", "loc_id"), ("server_id", "staff", "staff_id")]}),
        ("order_line", [("order_id", INT, False, S6), ("line_no", INT, False, S3), ("menu_id", INT, False, S6),
                        ("qty", INT, False, (1, 2, 3)), ("unit_price", R, False, (2.5, 8.0, 12.75)),
                        ("voided", INT, False, (0, 1))],
         {"pk": ["order_id", "line_no"], "fk": [("order_id", "orders", "order_id"), ("menu_id", "menu_item", "menu_id")]}),
        ("line_mod", [("order_id", INT, False, S6), ("line_no", INT, False, S3), ("mod_id", INT, False, S3)],
         {"pk": ["order_id", "line_no", "mod_id"], "fk": [("order_id", "orders", "order_id"),
                                                          ("mod_id", "modifier", "mod_id")]}),
        ("payment", [("pay_id", INT, False, S7), ("order_id", INT, False, S6), ("method", T, False, ("card", "cash", "gift")),
                     ("amount", R, False, (10.0, 25.5, 40.25)), ("tip", R, True, (0.0, 2.5, 5.75))],
         {"pk": ["pay_id"], "fk": [("order_id", "orders", "order_id")]}),
        ("adjustment", [("adj_id", INT, False, S4), ("order_id", INT, False, S6), ("line_no", INT, True, S3),
                        ("kind", T, False, ("void", "comp")), ("amount", R, False, (2.5, 8.0)),
                        ("manager_id", INT, True, S4)],
         {"pk": ["adj_id"], "fk": [("order_id", "orders", "order_id"), ("manager_id", "staff", "staff_id")]}),
        ("shift", [("staff_id", INT, False, S4), ("day", INT, False, (1, 2, 3)), ("loc_id", INT, False, S3),
                   ("start_min", INT, False, (540, 600, 960)), ("end_min", INT, True, (900, 1020, 1380))],
         {"pk": ["staff_id", "day"], "fk": [("staff_id", "staff", "staff_id"), ("loc_id", "location", "loc_id")]}),
        ("kds_log", [("order_id", INT, True, S6), ("line_no", INT, True, S3),
                     ("event", T, True, ("fired", "bumped", "recalled")), ("minute", INT, True, (600, 605, 620, 700))],
         {"fk": [("order_id", "orders", "order_id")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (ILS, FLEET, POS)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover19", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
