"""Build and check the twenty-ninth held-out prover corpus (``benchmarks/corpus/prover29/``).

The pairs are written in ``prover29_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``toolhire`` (tool hire depots with a NULL-able region, customers with a
NULL-able tier, credit and referrer, tools with a NULL-able deposit and a REAL weight, hires with
a NULL-able customer, return day and fee, and a keyless scan log with duplicates) for the
optimizer rule catalogue; ``supplyco`` (a small TPC-H-like schema with new names: zones, lands,
vendors with a NULL-able balance and note, parts with a NULL-able price, vendor_part keyed by
(part, vendor), clients with a NULL-able land, segment and balance, purchases with a NULL-able
client and status, purchase lines keyed by (purchase, line) with a NULL-able vendor, ship and
receipt day) for rewritten TPC-H-style queries; and ``confdb`` (conference tracks with a NULL-able
chair, authors with a NULL-able country, h-index and mentor, papers with a NULL-able submit day
and REAL score, authorship keyed by (paper, author), and a keyless review log with duplicates)
for the query-unnesting literature. REAL values in the pools are exact binary fractions.

    python -m benchmarks.prover29_build            # check, then write
    python -m benchmarks.prover29_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover29_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover29"
FILES = {"rule_catalogue": "rule_catalogue.jsonl", "tpch_rewritten": "tpch_rewritten.jsonl",
         "unnesting_literature": "unnesting_literature.jsonl"}

S3 = (1, 2, 3)
S4 = (1, 2, 3, 4)
S5 = (1, 2, 3, 4, 5)
S6 = (1, 2, 3, 4, 5, 6)
S7 = (1, 2, 3, 4, 5, 6, 7)
TOOLHIRE = {
    "name": "toolhire",
    "note": "tool hire (written for this corpus): depots (NULL-able region), customers (NULL-able tier, credit and "
            "referrer), tools (NULL-able deposit, REAL weight), hires (NULL-able customer, return day and fee), and a "
            "keyless scan log",
    "tables": [
        ("depots", [("depot_id", INT, False, S4), ("city", T, False, ("Leeds", "York")),
                    ("region", T, True, ("north", "south"))],
         {"pk": ["depot_id"]}),
        ("customers", [("cust_id", INT, False, S6), ("tier", T, True, ("gold", "basic")),
                       ("credit", INT, True, (0, 100, 500)), ("referrer_id", INT, True, S6)],
         {"pk": ["cust_id"], "fk": [("referrer_id", "customers", "cust_id")]}),
        ("tools", [("tool_id", INT, False, S7), ("depot_id", INT, False, S4), ("kind", T, False, ("drill", "saw", "ladder")),
                   ("day_rate", INT, False, (0, 15, 40)), ("deposit", INT, True, (0, 50, 200)),
                   ("weight", R, False, (0.5, 1.25, 3.0))],
         {"pk": ["tool_id"], "fk": [("depot_id", "depots", "depot_id")]}),
        ("hires", [("hire_id", INT, False, S6), ("tool_id", INT, False, S7), ("cust_id", INT, True, S6),
                   ("out_day", INT, False, (1, 3, 5, 8)), ("back_day", INT, True, (2, 5, 9)),
                   ("fee", INT, True, (0, 20, 60))],
         {"pk": ["hire_id"], "fk": [("tool_id", "tools", "tool_id"), ("cust_id", "customers", "cust_id")]}),
        ("scans", [("tool_id", INT, True, S7), ("depot_id", INT, True, S4), ("day", INT, True, (1, 2, 5)),
                   ("status", T, True, ("in", "out", "repair"))],
         {"fk": [("tool_id", "tools", "tool_id"), ("depot_id", "depots", "depot_id")]}),
    ],
}
SUPPLYCO = {
    "name": "supplyco",
    "note": "a small TPC-H-like schema with new names (written for this corpus): zones, lands, vendors (NULL-able "
            "balance and note), parts (NULL-able price), vendor_part, clients (NULL-able land, segment, balance), "
            "purchases (NULL-able client and status), purchase lines (NULL-able vendor, ship and receipt day)",
    "tables": [
        ("zone", [("z_key", INT, False, S3), ("z_name", T, False, ("EUROPE", "ASIA", "AMERICA"))],
         {"pk": ["z_key"]}),
        ("land", [("l_key", INT, False, S5), ("z_key", INT, False, S3), ("l_name", T, False, ("FRANCE", "JAPAN", "PERU"))],
         {"pk": ["l_key"], "fk": [("z_key", "zone", "z_key")]}),
        ("vendor", [("v_key", INT, False, S5), ("l_key", INT, False, S5), ("v_bal", INT, True, (-100, 0, 500)),
                    ("v_note", T, True, ("ok", "complaint"))],
         {"pk": ["v_key"], "fk": [("l_key", "land", "l_key")]}),
        ("part", [("p_key", INT, False, S6), ("p_type", T, False, ("BRASS", "STEEL", "TIN")),
                  ("p_size", INT, False, (1, 5, 15)), ("p_brand", T, False, ("B1", "B2")),
                  ("p_price", INT, True, (10, 20, 40))],
         {"pk": ["p_key"]}),
        ("vendor_part", [("p_key", INT, False, S6), ("v_key", INT, False, S5), ("avail", INT, False, (0, 5, 100)),
                         ("cost", INT, False, (1, 3, 10))],
         {"pk": ["p_key", "v_key"], "fk": [("p_key", "part", "p_key"), ("v_key", "vendor", "v_key")]}),
        ("client", [("c_key", INT, False, S6), ("l_key", INT, True, S5), ("segment", T, True, ("AUTO", "BUILD")),
                    ("c_bal", INT, True, (-50, 0, 100, 300)), ("cc", INT, False, (10, 11, 13))],
         {"pk": ["c_key"], "fk": [("l_key", "land", "l_key")]}),
        ("purchase", [("o_key", INT, False, S6), ("c_key", INT, True, S6), ("o_day", INT, False, (1, 3, 6, 9)),
                      ("o_status", T, True, ("F", "O", "P")), ("o_prio", T, False, ("1-URGENT", "3-MEDIUM")),
                      ("o_total", INT, False, (0, 100, 400))],
         {"pk": ["o_key"], "fk": [("c_key", "client", "c_key")]}),
        ("purchase_line", [("o_key", INT, False, S6), ("ln", INT, False, S3), ("p_key", INT, False, S6),
                           ("v_key", INT, True, S5), ("qty", INT, False, (1, 10, 30)), ("price", INT, False, (100, 250)),
                           ("disc", INT, False, (0, 5, 10)), ("ship_day", INT, True, (2, 4, 7)),
                           ("commit_day", INT, False, (3, 6)), ("receipt_day", INT, True, (4, 8)),
                           ("rflag", T, False, ("R", "N", "A")), ("mode", T, False, ("AIR", "MAIL", "SHIP"))],
         {"pk": ["o_key", "ln"], "fk": [("o_key", "purchase", "o_key"), ("p_key", "part", "p_key"),
                                         ("v_key", "vendor", "v_key")]}),
    ],
}
CONFDB = {
    "name": "confdb",
    "note": "conference management (written for this corpus): tracks (NULL-able chair), authors (NULL-able country, "
            "h-index and mentor), papers (NULL-able submit day, REAL score), authorship, and a keyless review log",
    "tables": [
        ("authors", [("author_id", INT, False, S6), ("country", T, True, ("US", "DE", "CN")),
                     ("h_index", INT, True, (0, 5, 20)), ("mentor_id", INT, True, S6)],
         {"pk": ["author_id"], "fk": [("mentor_id", "authors", "author_id")]}),
        ("tracks", [("track_id", INT, False, S4), ("name", T, False, ("DB", "AI", "PL")), ("chair_id", INT, True, S6),
                    ("quota", INT, False, (0, 1, 2))],
         {"pk": ["track_id"], "fk": [("chair_id", "authors", "author_id")]}),
        ("papers", [("paper_id", INT, False, S7), ("track_id", INT, False, S4), ("pages", INT, False, (4, 8, 12)),
                    ("submit_day", INT, True, (1, 2, 5, 6)), ("score", R, True, (2.5, 3.0, 4.75)),
                    ("award", INT, False, (0, 1))],
         {"pk": ["paper_id"], "fk": [("track_id", "tracks", "track_id")]}),
        ("writes", [("paper_id", INT, False, S7), ("author_id", INT, False, S6), ("pos", INT, False, S3)],
         {"pk": ["paper_id", "author_id"], "fk": [("paper_id", "papers", "paper_id"),
                                                  ("author_id", "authors", "author_id")]}),
        ("reviews", [("paper_id", INT, True, S7), ("reviewer_id", INT, True, S6), ("day", INT, True, (1, 2, 3, 6, 7)),
                     ("grade", INT, True, (-2, 0, 1, 3))],
         {"fk": [("paper_id", "papers", "paper_id"), ("reviewer_id", "authors", "author_id")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (TOOLHIRE, SUPPLYCO, CONFDB)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover29", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
