"""Build and check the thirtieth held-out prover corpus (``benchmarks/corpus/prover30/``).

The pairs are written in ``prover30_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``cowork`` (coworking hubs with a NULL-able region, coworkers with a
NULL-able plan, credit and self-referencing sponsor, desks with a NULL-able deposit and a REAL
width, desk bookings with a NULL-able coworker, hours and amount paid, and a keyless badge swipe
log with duplicates) for the optimizer rule catalogue; ``starmart`` (a small Star Schema
Benchmark-like star with new names: a fact table ``lo_fact`` keyed by (order, line) with NOT NULL
foreign keys to four dimensions ``dim_client``, ``dim_maker``, ``dim_product``, ``dim_day``, a
NULL-able commit day and tax, and NULL-able dimension attributes) for the SSB queries; and
``petadopt`` (shelters with a NULL-able capacity, animals with a NULL-able fee and a REAL weight,
adopters with a NULL-able city and self-referencing referrer, adoptions with a NULL-able amount
paid, foster stays keyed by (animal, adopter), and a keyless visit log with duplicates) for the
text-to-SQL questions. REAL values in the pools are exact binary fractions.

    python -m benchmarks.prover30_build            # check, then write
    python -m benchmarks.prover30_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover30_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover30"
FILES = {"rule_catalogue": "rule_catalogue.jsonl", "ssb_rewritten": "ssb_rewritten.jsonl",
         "text_to_sql": "text_to_sql.jsonl"}

S3 = (1, 2, 3)
S4 = (1, 2, 3, 4)
S5 = (1, 2, 3, 4, 5)
S6 = (1, 2, 3, 4, 5, 6)
S7 = (1, 2, 3, 4, 5, 6, 7)
COWORK = {
    "name": "cowork",
    "note": "coworking spaces (written for this corpus): hubs (NULL-able region), coworkers (NULL-able plan, credit "
            "and sponsor), desks (NULL-able deposit, REAL width), desk bookings (NULL-able coworker, hours and amount "
            "paid), and a keyless badge swipe log",
    "tables": [
        ("hubs", [("hub_id", INT, False, S4), ("city", T, False, ("Oslo", "Bergen", "Tromso")),
                  ("region", T, True, ("west", "north"))],
         {"pk": ["hub_id"]}),
        ("coworkers", [("cw_id", INT, False, S6), ("plan", T, True, ("flex", "fixed")),
                       ("credit", INT, True, (0, 10, 50)), ("sponsor_id", INT, True, S6)],
         {"pk": ["cw_id"], "fk": [("sponsor_id", "coworkers", "cw_id")]}),
        ("desks", [("desk_id", INT, False, S7), ("hub_id", INT, False, S4), ("zone", T, False, ("quiet", "open", "booth")),
                   ("rate", INT, False, (0, 5, 12)), ("deposit", INT, True, (0, 20, 45)),
                   ("width", R, False, (0.75, 1.5, 2.0))],
         {"pk": ["desk_id"], "fk": [("hub_id", "hubs", "hub_id")]}),
        ("desk_bookings", [("bk_id", INT, False, S6), ("desk_id", INT, False, S7), ("cw_id", INT, True, S6),
                           ("day", INT, False, (1, 2, 4, 7)), ("hours", INT, True, (1, 3, 8)),
                           ("paid", INT, True, (0, 10, 40))],
         {"pk": ["bk_id"], "fk": [("desk_id", "desks", "desk_id"), ("cw_id", "coworkers", "cw_id")]}),
        ("badge_swipes", [("cw_id", INT, True, S6), ("hub_id", INT, True, S4), ("day", INT, True, (1, 2, 4)),
                          ("action", T, True, ("in", "out", "denied"))],
         {"fk": [("cw_id", "coworkers", "cw_id"), ("hub_id", "hubs", "hub_id")]}),
    ],
}
STARMART = {
    "name": "starmart",
    "note": "a small Star Schema Benchmark-like star (written for this corpus): lo_fact keyed by (order, line) with NOT "
            "NULL keys of dim_client, dim_maker, dim_product, dim_day, a NULL-able commit day and tax; NULL-able "
            "client segment, maker rating and product colour",
    "tables": [
        ("dim_day", [("dk", INT, False, S6), ("d_year", INT, False, (1993, 1994, 1997)),
                     ("d_month", INT, False, (1, 2, 12)), ("d_week", INT, False, (1, 6, 7)),
                     ("d_yearmonth", T, False, ("Jan1994", "Dec1997"))],
         {"pk": ["dk"]}),
        ("dim_client", [("ck", INT, False, S5), ("c_city", T, False, ("UNITED KI1", "UNITED KI5", "CHINA 3")),
                        ("c_nation", T, False, ("UNITED KINGDOM", "CHINA", "PERU")),
                        ("c_region", T, False, ("EUROPE", "ASIA", "AMERICA")), ("c_segment", T, True, ("AUTO", "MACH"))],
         {"pk": ["ck"]}),
        ("dim_maker", [("mk", INT, False, S5), ("m_city", T, False, ("UNITED KI1", "CHINA 3")),
                       ("m_nation", T, False, ("UNITED KINGDOM", "CHINA", "PERU")),
                       ("m_region", T, False, ("EUROPE", "ASIA", "AMERICA")), ("m_rating", INT, True, (1, 3, 5))],
         {"pk": ["mk"]}),
        ("dim_product", [("pk", INT, False, S6), ("p_mfgr", T, False, ("MFGR#1", "MFGR#2")),
                         ("p_category", T, False, ("MFGR#12", "MFGR#14")),
                         ("p_brand", T, False, ("MFGR#2221", "MFGR#2239", "MFGR#121")),
                         ("p_size", INT, False, (1, 10, 40)), ("p_color", T, True, ("red", "green"))],
         {"pk": ["pk"]}),
        ("lo_fact", [("order_no", INT, False, S4), ("line_no", INT, False, S3), ("ck", INT, False, S5),
                     ("mk", INT, False, S5), ("pk", INT, False, S6), ("dk", INT, False, S6),
                     ("commit_dk", INT, True, S6), ("qty", INT, False, (1, 20, 30)),
                     ("price", INT, False, (100, 250)), ("disc", INT, False, (0, 2, 5)),
                     ("revenue", INT, False, (0, 300, 900)), ("supplycost", INT, False, (10, 40)),
                     ("tax", INT, True, (0, 4))],
         {"pk": ["order_no", "line_no"], "fk": [("ck", "dim_client", "ck"), ("mk", "dim_maker", "mk"),
                                                 ("pk", "dim_product", "pk"), ("dk", "dim_day", "dk"),
                                                 ("commit_dk", "dim_day", "dk")]}),
    ],
}
PETADOPT = {
    "name": "petadopt",
    "note": "pet adoption (written for this corpus): shelters (NULL-able capacity), animals (NULL-able fee, REAL "
            "weight), adopters (NULL-able city and referrer), adoptions (NULL-able amount paid), foster stays keyed by "
            "(animal, adopter), and a keyless visit log",
    "tables": [
        ("shelters", [("shelter_id", INT, False, S4), ("sname", T, False, ("Paws", "Haven", "Ark")),
                      ("city", T, False, ("Leeds", "Cork")), ("capacity", INT, True, (0, 10, 30))],
         {"pk": ["shelter_id"]}),
        ("animals", [("animal_id", INT, False, S7), ("shelter_id", INT, False, S4),
                     ("species", T, False, ("dog", "cat", "rabbit")), ("age", INT, False, (1, 3, 8)),
                     ("weight", R, False, (2.5, 4.0, 10.25)),
                     ("intake_date", T, False, ("2023-01-05", "2023-06-30", "2024-02-14")),
                     ("fee", INT, True, (0, 50, 120))],
         {"pk": ["animal_id"], "fk": [("shelter_id", "shelters", "shelter_id")]}),
        ("adopters", [("adopter_id", INT, False, S6), ("aname", T, False, ("Ann", "Bo", "Cy", "Di")),
                      ("city", T, True, ("Leeds", "Cork")), ("referred_by", INT, True, S6),
                      ("age", INT, False, (25, 40, 67))],
         {"pk": ["adopter_id"], "fk": [("referred_by", "adopters", "adopter_id")]}),
        ("adoptions", [("adoption_id", INT, False, S6), ("animal_id", INT, False, S7), ("adopter_id", INT, False, S6),
                       ("adopt_date", T, False, ("2023-03-01", "2024-01-15", "2024-05-20")),
                       ("paid", INT, True, (0, 50, 120))],
         {"pk": ["adoption_id"], "fk": [("animal_id", "animals", "animal_id"), ("adopter_id", "adopters", "adopter_id")]}),
        ("foster_stays", [("animal_id", INT, False, S7), ("adopter_id", INT, False, S6), ("weeks", INT, False, (1, 2, 6))],
         {"pk": ["animal_id", "adopter_id"], "fk": [("animal_id", "animals", "animal_id"),
                                                    ("adopter_id", "adopters", "adopter_id")]}),
        ("shelter_visits", [("adopter_id", INT, True, S6), ("shelter_id", INT, True, S4),
                            ("visit_date", T, True, ("2024-01-15", "2024-03-02", "2024-05-20")),
                            ("purpose", T, True, ("meet", "walk", "drop"))],
         {"fk": [("adopter_id", "adopters", "adopter_id"), ("shelter_id", "shelters", "shelter_id")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (COWORK, STARMART, PETADOPT)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover30", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
