"""Build and check the thirteenth held-out prover corpus (``benchmarks/corpus/prover13/``).

The pairs are written in ``prover13_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``helpdesk`` (org, agent with a NULL-able org FK, ticket with a NOT
NULL org FK, a NULL-able agent FK and REAL cost, ticket_tag with a composite key and REAL
weight, and a keyless event log) for API generators; ``marketplace`` (seller, buyer,
orders with a NOT NULL buyer FK, a NULL-able seller FK and REAL shipping, order_item with a
composite key and REAL prices, and a keyless promotion log) for semantic layers;
``greenhouse`` (bed, plant with a NULL-able bed FK and REAL height, reading with a
composite key and REAL moisture, harvest with a NULL-able plant FK, and a keyless sensor
dump) for dataframe translators. Keys, foreign keys (some NULL-able) and NULL-able columns
as real ones are; REAL values are exact binary fractions so sums do not depend on order.

    python -m benchmarks.prover13_build            # check, then write
    python -m benchmarks.prover13_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover13_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover13"
FILES = {"api_generators": "api_generators.jsonl", "semantic_layers": "semantic_layers.jsonl",
         "dataframe_translators": "dataframe_translators.jsonl"}

HELPDESK = {
    "name": "helpdesk",
    "note": "support desk behind an API layer (written for this corpus): orgs, agents (NULL-able org), tickets "
            "(NULL-able agent, REAL cost), ticket tags (composite key), and a keyless event log",
    "tables": [
        ("org", [("org_id", INT, False, (1, 2, 3)), ("name", T, False, ("Acme", "bolt", "Civic")),
                 ("plan", T, True, ("free", "pro")), ("region", T, True, ("EU", "US"))],
         {"pk": ["org_id"]}),
        ("agent", [("agent_id", INT, False, (1, 2, 3, 4)), ("org_id", INT, True, (1, 2, 3)),
                   ("name", T, False, ("Ada", "bob", "Cy")), ("active", INT, False, (0, 1)),
                   ("level", INT, True, (1, 2, 3))],
         {"pk": ["agent_id"], "fk": [("org_id", "org", "org_id")]}),
        ("ticket", [("ticket_id", INT, False, (1, 2, 3, 4, 5, 6)), ("org_id", INT, False, (1, 2, 3)),
                    ("agent_id", INT, True, (1, 2, 3, 4)), ("status", T, False, ("open", "closed", "pending")),
                    ("priority", INT, True, (1, 2, 3)),
                    ("opened", T, False, ("2023-12-31", "2024-01-01", "2024-01-15", "2024-02-01")),
                    ("cost", R, True, (0.0, 0.5, 1.5, 2.25, 10.75))],
         {"pk": ["ticket_id"], "fk": [("org_id", "org", "org_id"), ("agent_id", "agent", "agent_id")]}),
        ("ticket_tag", [("ticket_id", INT, False, (1, 2, 3, 4, 5, 6)), ("tag", T, False, ("bug", "billing", "ux", "web")),
                        ("weight", R, False, (0.5, 1.0, 2.25))],
         {"pk": ["ticket_id", "tag"], "fk": [("ticket_id", "ticket", "ticket_id")]}),
        ("event_log", [("ticket_id", INT, True, (1, 2, 3, 4, 5, 6)), ("agent_id", INT, True, (1, 2, 3, 4)),
                       ("kind", T, True, ("view", "reply")), ("day", T, True, ("2024-01-01", "2024-01-15"))],
         {"fk": [("ticket_id", "ticket", "ticket_id"), ("agent_id", "agent", "agent_id")]}),
    ],
}
MARKETPLACE = {
    "name": "marketplace",
    "note": "two-sided marketplace under a metric layer (written for this corpus): sellers, buyers, orders "
            "(NULL-able seller, REAL shipping), order items (composite key, REAL price), and a keyless promotion log",
    "tables": [
        ("seller", [("seller_id", INT, False, (1, 2, 3)), ("name", T, False, ("north", "Oak", "pine")),
                    ("country", T, True, ("DE", "ES")), ("tier", T, True, ("gold", "basic"))],
         {"pk": ["seller_id"]}),
        ("buyer", [("buyer_id", INT, False, (1, 2, 3, 4)), ("name", T, False, ("ivy", "Jo", "kim")),
                   ("segment", T, True, ("retail", "pro")),
                   ("signup", T, False, ("2023-12-01", "2024-01-01", "2024-02-01"))],
         {"pk": ["buyer_id"]}),
        ("orders", [("order_id", INT, False, (1, 2, 3, 4, 5, 6)), ("buyer_id", INT, False, (1, 2, 3, 4)),
                    ("seller_id", INT, True, (1, 2, 3)),
                    ("day", T, False, ("2024-01-01", "2024-01-02", "2024-01-31", "2024-02-01")),
                    ("status", T, False, ("paid", "refunded", "open")), ("shipping", R, True, (0.0, 2.5, 4.75))],
         {"pk": ["order_id"], "fk": [("buyer_id", "buyer", "buyer_id"), ("seller_id", "seller", "seller_id")]}),
        ("order_item", [("order_id", INT, False, (1, 2, 3, 4, 5, 6)), ("line", INT, False, (1, 2, 3)),
                        ("sku", T, False, ("s1", "s2", "s3")), ("qty", INT, True, (1, 2, 5)),
                        ("price", R, False, (0.5, 3.25, 10.0))],
         {"pk": ["order_id", "line"], "fk": [("order_id", "orders", "order_id")]}),
        ("promo_log", [("buyer_id", INT, True, (1, 2, 3, 4)), ("day", T, True, ("2024-01-01", "2024-02-01")),
                       ("discount", R, True, (0.25, 1.5))],
         {"fk": [("buyer_id", "buyer", "buyer_id")]}),
    ],
}
GREENHOUSE = {
    "name": "greenhouse",
    "note": "greenhouse measurements in dataframes and spreadsheets (written for this corpus): beds, plants "
            "(NULL-able bed, REAL height), readings (composite key, REAL moisture), harvests (NULL-able plant), "
            "and a keyless sensor dump",
    "tables": [
        ("bed", [("bed_id", INT, False, (1, 2, 3)), ("zone", T, False, ("A", "B", "C")),
                 ("area", R, True, (1.5, 2.25, 4.0))],
         {"pk": ["bed_id"]}),
        ("plant", [("plant_id", INT, False, (1, 2, 3, 4, 5)), ("bed_id", INT, True, (1, 2, 3)),
                   ("species", T, False, ("fern", "basil", "mint")),
                   ("planted", T, False, ("2024-01-01", "2024-01-15", "2024-02-01")),
                   ("height", R, True, (0.0, 1.25, 3.5, 7.75)), ("label", T, True, ("x", "X", "y", ""))],
         {"pk": ["plant_id"], "fk": [("bed_id", "bed", "bed_id")]}),
        ("reading", [("plant_id", INT, False, (1, 2, 3, 4, 5)), ("day", T, False, ("2024-03-01", "2024-03-02", "2024-03-03")),
                     ("moisture", R, True, (0.25, 0.5, 0.75)), ("temp", INT, True, (10, 18, 25))],
         {"pk": ["plant_id", "day"], "fk": [("plant_id", "plant", "plant_id")]}),
        ("harvest", [("harvest_id", INT, False, (1, 2, 3, 4, 5, 6)), ("plant_id", INT, True, (1, 2, 3, 4, 5)),
                     ("weight", R, False, (0.5, 1.25, 2.0)), ("grade", T, True, ("A", "B")),
                     ("day", T, False, ("2024-04-01", "2024-04-02"))],
         {"pk": ["harvest_id"], "fk": [("plant_id", "plant", "plant_id")]}),
        ("sensor_dump", [("bed_id", INT, True, (1, 2, 3)), ("day", T, True, ("2024-03-01", "2024-03-02")),
                         ("value", R, True, (-0.25, 0.5, 1.5))],
         {}),
    ],
}
SCHEMAS = {s["name"]: s for s in (HELPDESK, MARKETPLACE, GREENHOUSE)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover13", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
