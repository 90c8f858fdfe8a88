"""Build and check the seventeenth held-out prover corpus (``benchmarks/corpus/prover17/``).

The pairs are written in ``prover17_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``gradebook`` (students with a NULL-able cohort, course sections,
enrolments keyed by (student_id, section_id) with a NULL-able end day, grade categories with
REAL weights and a drop-lowest count, activities with a NULL-able category FK and REAL maximum
points, attempts keyed by (student_id, act_id, attempt_no) with a NULL-able REAL score and
submission day and an excused flag, and a keyless attendance log with NULL-able student and
section FKs, and duplicates) for learning-management reports; ``wms`` (items with NULL-able
min / max levels, bins by zone, lots with a NULL-able expiry day, stock keyed by (bin_id, sku),
stock movements with a NULL-able bin FK and signed quantities, cycle counts keyed by (bin_id,
sku, count_day), sales orders with a NULL-able wave, order lines keyed by (order_id, line_no),
shipments with a NULL-able order FK, carrier and delivery day, a keyless tracking event log
with duplicates, and a one-level bill of materials keyed by (parent_sku, child_sku)) for
warehouse operations; and ``mes`` (production lines with a NULL-able plant, machines with a
NULL-able line FK, shift runs keyed by (line_id, day, shift) with REAL ideal cycle times,
downtime events with a NULL-able reason and end, work orders with a NULL-able line FK and done
day, batches with a NULL-able work order FK, batch genealogy keyed by (parent, child),
non-conformances with a NULL-able batch FK, machine state changes keyed by (machine_id, ts),
tag limits keyed by (machine_id, tag), and a keyless sensor reading log with NULL-able machine,
tag, time and REAL value, and duplicates) for manufacturing execution. REAL values in the
pools are exact binary fractions so sums do not depend on order.

    python -m benchmarks.prover17_build            # check, then write
    python -m benchmarks.prover17_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover17_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover17"
FILES = {"lms_gradebook": "lms_gradebook.jsonl", "warehouse_operations": "warehouse_operations.jsonl",
         "manufacturing_mes": "manufacturing_mes.jsonl"}

S6 = (1, 2, 3, 4, 5, 6)
GRADEBOOK = {
    "name": "gradebook",
    "note": "a learning-management gradebook (written for this corpus): students (NULL-able cohort), sections, "
            "enrolments (composite key, NULL-able end day), grade categories (REAL weight, drop-lowest count), "
            "activities (NULL-able category, REAL maximum points), attempts (composite key, NULL-able REAL score "
            "and submission day, excused flag), and a keyless attendance log",
    "tables": [
        ("student", [("student_id", INT, False, S6), ("name", T, False, ("ann", "bob", "Ann")),
                     ("cohort", T, True, ("A", "B"))],
         {"pk": ["student_id"]}),
        ("section", [("section_id", INT, False, (1, 2, 3)), ("course", T, False, ("MATH", "ART")),
                     ("term", INT, False, (1, 2))],
         {"pk": ["section_id"]}),
        ("enrolment", [("student_id", INT, False, S6), ("section_id", INT, False, (1, 2, 3)),
                       ("start_day", INT, False, (0, 10)), ("end_day", INT, True, (5, 20)),
                       ("role", T, False, ("student", "auditor"))],
         {"pk": ["student_id", "section_id"], "fk": [("student_id", "student", "student_id"),
                                                     ("section_id", "section", "section_id")]}),
        ("category", [("cat_id", INT, False, (1, 2, 3, 4)), ("section_id", INT, False, (1, 2, 3)),
                      ("name", T, False, ("hw", "exam", "extra")), ("weight", R, False, (0.25, 0.5, 0.75)),
                      ("drop_lowest", INT, False, (0, 1))],
         {"pk": ["cat_id"], "fk": [("section_id", "section", "section_id")]}),
        ("activity", [("act_id", INT, False, S6), ("section_id", INT, False, (1, 2, 3)),
                      ("cat_id", INT, True, (1, 2, 3, 4)), ("max_points", R, False, (10.0, 20.0)),
                      ("due_day", INT, False, (5, 10, 15)), ("required", INT, False, (0, 1))],
         {"pk": ["act_id"], "fk": [("section_id", "section", "section_id"), ("cat_id", "category", "cat_id")]}),
        ("attempt", [("student_id", INT, False, S6), ("act_id", INT, False, S6), ("attempt_no", INT, False, (1, 2, 3)),
                     ("score", R, True, (0.0, 5.5, 8.0, 10.0)), ("submitted_day", INT, True, (4, 5, 12)),
                     ("excused", INT, False, (0, 1))],
         {"pk": ["student_id", "act_id", "attempt_no"], "fk": [("student_id", "student", "student_id"),
                                                               ("act_id", "activity", "act_id")]}),
        ("attendance", [("student_id", INT, True, S6), ("section_id", INT, True, (1, 2, 3)),
                        ("day", INT, True, (1, 2, 3)), ("status", T, True, ("present", "absent", "late"))],
         {"fk": [("student_id", "student", "student_id"), ("section_id", "section", "section_id")]}),
    ],
}
WMS = {
    "name": "wms",
    "note": "a warehouse management system (written for this corpus): items (NULL-able min / max), bins, lots "
            "(NULL-able expiry), stock (composite key), movements (NULL-able bin and lot), cycle counts (composite "
            "key), sales orders (NULL-able wave), order lines (composite key), shipments (NULL-able order, "
            "carrier, delivery), a keyless tracking event log, and a one-level bill of materials",
    "tables": [
        ("item", [("sku", INT, False, (1, 2, 3, 4, 5)), ("name", T, False, ("bolt", "nut", "Bolt")),
                  ("min_qty", INT, True, (2, 5)), ("max_qty", INT, True, (10, 20)), ("kit", INT, False, (0, 1))],
         {"pk": ["sku"]}),
        ("bin", [("bin_id", INT, False, S6), ("zone", T, False, ("A", "B", "C")), ("capacity", INT, False, (5, 10))],
         {"pk": ["bin_id"]}),
        ("lot", [("lot_id", INT, False, S6), ("sku", INT, False, (1, 2, 3, 4, 5)), ("expiry_day", INT, True, (10, 20, 30))],
         {"pk": ["lot_id"], "fk": [("sku", "item", "sku")]}),
        ("stock", [("bin_id", INT, False, S6), ("sku", INT, False, (1, 2, 3, 4, 5)), ("lot_id", INT, True, S6),
                   ("qty", INT, False, (0, 3, 8))],
         {"pk": ["bin_id", "sku"], "fk": [("bin_id", "bin", "bin_id"), ("sku", "item", "sku"), ("lot_id", "lot", "lot_id")]}),
        ("movement", [("mov_id", INT, False, (1, 2, 3, 4, 5, 6, 7)), ("sku", INT, False, (1, 2, 3, 4, 5)),
                      ("bin_id", INT, True, S6), ("qty", INT, False, (-5, -2, 1, 3, 10)), ("day", INT, False, (1, 2, 5)),
                      ("kind", T, False, ("receipt", "pick", "adjust"))],
         {"pk": ["mov_id"], "fk": [("sku", "item", "sku"), ("bin_id", "bin", "bin_id")]}),
        ("cycle_count", [("bin_id", INT, False, S6), ("sku", INT, False, (1, 2, 3, 4, 5)), ("count_day", INT, False, (1, 3)),
                         ("counted", INT, False, (0, 3, 8))],
         {"pk": ["bin_id", "sku", "count_day"], "fk": [("bin_id", "bin", "bin_id"), ("sku", "item", "sku")]}),
        ("sales_order", [("order_id", INT, False, S6), ("customer", T, False, ("c1", "c2")), ("wave", INT, True, (1, 2)),
                         ("promised_day", INT, False, (2, 4))],
         {"pk": ["order_id"]}),
        ("order_line", [("order_id", INT, False, S6), ("line_no", INT, False, (1, 2)), ("sku", INT, False, (1, 2, 3, 4, 5)),
                        ("qty", INT, False, (1, 4, 9)), ("shipped_qty", INT, True, (0, 1, 4))],
         {"pk": ["order_id", "line_no"], "fk": [("order_id", "sales_order", "order_id"), ("sku", "item", "sku")]}),
        ("shipment", [("ship_id", INT, False, S6), ("order_id", INT, True, S6), ("carrier", T, True, ("UPS", "DHL")),
                      ("promised_day", INT, False, (2, 4)), ("delivered_day", INT, True, (2, 3, 5))],
         {"pk": ["ship_id"], "fk": [("order_id", "sales_order", "order_id")]}),
        ("tracking", [("ship_id", INT, True, S6), ("status", T, True, ("picked", "in_transit", "delivered")),
                      ("day", INT, True, (1, 2, 3))],
         {"fk": [("ship_id", "shipment", "ship_id")]}),
        ("bom", [("parent_sku", INT, False, (1, 2, 3, 4, 5)), ("child_sku", INT, False, (1, 2, 3, 4, 5)),
                 ("qty", INT, False, (1, 2, 3))],
         {"pk": ["parent_sku", "child_sku"], "fk": [("parent_sku", "item", "sku"), ("child_sku", "item", "sku")]}),
    ],
}
MES = {
    "name": "mes",
    "note": "a manufacturing execution system and plant historian (written for this corpus): lines (NULL-able "
            "plant), machines (NULL-able line), shift runs (composite key, REAL ideal cycle time), downtime "
            "events (NULL-able reason and end), work orders (NULL-able line and done day), batches (NULL-able work "
            "order), batch genealogy and tag limits and machine states (composite keys), non-conformances "
            "(NULL-able batch), and a keyless sensor reading log",
    "tables": [
        ("line", [("line_id", INT, False, (1, 2, 3)), ("name", T, False, ("L1", "L2", "l1")), ("plant", T, True, ("P1", "P2"))],
         {"pk": ["line_id"]}),
        ("machine", [("machine_id", INT, False, (1, 2, 3, 4, 5)), ("line_id", INT, True, (1, 2, 3)),
                     ("kind", T, False, ("press", "oven"))],
         {"pk": ["machine_id"], "fk": [("line_id", "line", "line_id")]}),
        ("shift_run", [("line_id", INT, False, (1, 2, 3)), ("day", INT, False, (1, 2)), ("shift", INT, False, (1, 2)),
                       ("planned_min", INT, False, (240, 480)), ("run_min", INT, False, (0, 120, 240)),
                       ("ideal_cycle", R, False, (0.5, 1.0, 2.0)), ("total_count", INT, False, (0, 10, 100)),
                       ("good_count", INT, False, (0, 10, 90))],
         {"pk": ["line_id", "day", "shift"], "fk": [("line_id", "line", "line_id")]}),
        ("downtime", [("dt_id", INT, False, S6), ("machine_id", INT, False, (1, 2, 3, 4, 5)),
                      ("reason", T, True, ("jam", "setup", "power")), ("start_min", INT, False, (0, 10, 30)),
                      ("end_min", INT, True, (10, 20, 60)), ("planned", INT, False, (0, 1))],
         {"pk": ["dt_id"], "fk": [("machine_id", "machine", "machine_id")]}),
        ("work_order", [("wo_id", INT, False, S6), ("line_id", INT, True, (1, 2, 3)), ("product", T, False, ("X", "Y")),
                        ("qty_plan", INT, False, (10, 50)), ("due_day", INT, False, (3, 5)), ("done_day", INT, True, (2, 3, 6))],
         {"pk": ["wo_id"], "fk": [("line_id", "line", "line_id")]}),
        ("batch", [("batch_id", INT, False, S6), ("wo_id", INT, True, S6), ("status", T, False, ("released", "hold", "scrap")),
                   ("qty", R, False, (1.5, 4.0, 10.25))],
         {"pk": ["batch_id"], "fk": [("wo_id", "work_order", "wo_id")]}),
        ("genealogy", [("parent_batch", INT, False, S6), ("child_batch", INT, False, S6), ("qty_used", R, False, (0.5, 1.25))],
         {"pk": ["parent_batch", "child_batch"], "fk": [("parent_batch", "batch", "batch_id"),
                                                        ("child_batch", "batch", "batch_id")]}),
        ("ncr", [("ncr_id", INT, False, S6), ("batch_id", INT, True, S6), ("severity", T, True, ("minor", "major")),
                 ("opened_day", INT, False, (1, 3)), ("closed_day", INT, True, (2, 5))],
         {"pk": ["ncr_id"], "fk": [("batch_id", "batch", "batch_id")]}),
        ("machine_state", [("machine_id", INT, False, (1, 2, 3, 4, 5)), ("ts", INT, False, (0, 10, 20, 30)),
                           ("state", T, False, ("run", "idle", "down"))],
         {"pk": ["machine_id", "ts"], "fk": [("machine_id", "machine", "machine_id")]}),
        ("tag_limit", [("machine_id", INT, False, (1, 2, 3, 4, 5)), ("tag", T, False, ("temp", "pres")),
                       ("lo", R, False, (0.5, 1.0)), ("hi", R, False, (2.0, 3.5))],
         {"pk": ["machine_id", "tag"], "fk": [("machine_id", "machine", "machine_id")]}),
        ("reading", [("machine_id", INT, True, (1, 2, 3, 4, 5)), ("tag", T, True, ("temp", "pres")),
                     ("ts", INT, True, (1, 2, 3, 4)), ("value", R, True, (0.25, 1.5, 2.0, 3.75))],
         {"fk": [("machine_id", "machine", "machine_id")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (GRADEBOOK, WMS, MES)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover17", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
