"""Build and check the sixth held-out prover corpus (``benchmarks/corpus/prover6/``).

The pairs are written in ``prover6_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``logistics`` (carrier, warehouse, shipment, package, route, stop)
for engine rules; ``library`` (branch, author, book, wrote, member, loan) for laws from
papers; and three BIRD-like schemas ``hospital``, ``league`` and ``bank`` for text-to-SQL
formulations. Keys, foreign keys (some NULL-able) and NULL-able columns as real ones are;
REAL values are exact binary fractions so sums do not depend on order.

    python -m benchmarks.prover6_build            # check, then write
    python -m benchmarks.prover6_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover6_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover6"
FILES = {"engines2": "engines2.jsonl", "papers": "papers.jsonl", "bird_style": "bird_style.jsonl"}
D = ("2023-12-31", "2024-01-05", "2024-02-10")

LOGISTICS = {
    "name": "logistics",
    "note": "logistics (written for this corpus): carriers, warehouses, shipments, packages, routes and stops",
    "tables": [
        ("carrier", [("carrier_id", INT, False, (1, 2, 3)), ("name", T, False, ("Fast", "fast", "Slow")),
                     ("country", T, True, ("US", "DE")), ("rating", INT, True, (1, 2, 3))],
         {"pk": ["carrier_id"]}),
        ("warehouse", [("wh_id", INT, False, (1, 2, 3)), ("city", T, False, ("Oslo", "Rome")),
                       ("capacity", INT, True, (10, 20))],
         {"pk": ["wh_id"]}),
        ("shipment", [("ship_id", INT, False, (1, 2, 3, 4, 5)), ("carrier_id", INT, True, (1, 2, 3)),
                      ("origin_wh", INT, False, (1, 2, 3)), ("dest_wh", INT, True, (1, 2, 3)),
                      ("weight", INT, True, (0, 1, 2, 3)), ("cost", R, True, (1.5, 2.0, 4.25)),
                      ("status", T, False, ("NEW", "SENT", "LOST")), ("shipped", T, True, D)],
         {"pk": ["ship_id"], "fk": [("carrier_id", "carrier", "carrier_id"), ("origin_wh", "warehouse", "wh_id"),
                                     ("dest_wh", "warehouse", "wh_id")]}),
        ("package", [("pkg_id", INT, False, (1, 2, 3, 4, 5)), ("ship_id", INT, True, (1, 2, 3, 4, 5)),
                     ("kind", T, True, ("box", "tube")), ("weight", INT, False, (0, 1, 2))],
         {"pk": ["pkg_id"], "fk": [("ship_id", "shipment", "ship_id")]}),
        ("route", [("route_id", INT, False, (1, 2, 3)), ("from_wh", INT, False, (1, 2, 3)),
                   ("to_wh", INT, False, (1, 2, 3)), ("km", INT, True, (100, 250))],
         {"pk": ["route_id"], "fk": [("from_wh", "warehouse", "wh_id"), ("to_wh", "warehouse", "wh_id")]}),
        ("stop", [("route_id", INT, False, (1, 2, 3)), ("seq", INT, False, (1, 2)), ("wh_id", INT, True, (1, 2, 3))],
         {"pk": ["route_id", "seq"], "fk": [("route_id", "route", "route_id"), ("wh_id", "warehouse", "wh_id")]}),
    ],
}
LIBRARY = {
    "name": "library",
    "note": "library (written for this corpus): branches, authors, books, who wrote what, members, loans",
    "tables": [
        ("branch", [("branch_id", INT, False, (1, 2, 3)), ("name", T, False, ("Main", "main", "East")),
                    ("city", T, True, ("Leeds", "York"))],
         {"pk": ["branch_id"]}),
        ("author", [("author_id", INT, False, (1, 2, 3, 4)), ("name", T, False, ("Ann", "Bob", "Cy")),
                    ("born", INT, True, (1950, 1980)), ("country", T, True, ("UK", "FR"))],
         {"pk": ["author_id"]}),
        ("book", [("book_id", INT, False, (1, 2, 3, 4, 5)), ("title", T, False, ("Dune", "Emma", "Odd")),
                  ("year", INT, True, (1990, 2000, 2010)), ("pages", INT, True, (100, 300)),
                  ("branch_id", INT, True, (1, 2, 3)), ("price", R, True, (5.0, 12.5))],
         {"pk": ["book_id"], "fk": [("branch_id", "branch", "branch_id")]}),
        ("wrote", [("author_id", INT, False, (1, 2, 3, 4)), ("book_id", INT, False, (1, 2, 3, 4, 5))],
         {"pk": ["author_id", "book_id"], "fk": [("author_id", "author", "author_id"), ("book_id", "book", "book_id")]}),
        ("member", [("member_id", INT, False, (1, 2, 3, 4)), ("name", T, False, ("Al", "Bea", "Cid")),
                    ("branch_id", INT, True, (1, 2, 3)), ("age", INT, True, (17, 30, 65))],
         {"pk": ["member_id"], "fk": [("branch_id", "branch", "branch_id")]}),
        ("loan", [("loan_id", INT, False, (1, 2, 3, 4, 5, 6)), ("book_id", INT, False, (1, 2, 3, 4, 5)),
                  ("member_id", INT, True, (1, 2, 3, 4)), ("days", INT, True, (0, 7, 14)),
                  ("fine", R, True, (0.0, 1.5))],
         {"pk": ["loan_id"], "fk": [("book_id", "book", "book_id"), ("member_id", "member", "member_id")]}),
    ],
}
HOSPITAL = {
    "name": "hospital",
    "note": "hospital (BIRD-like, written for this corpus): patients, examinations, laboratory results; dates as text",
    "tables": [
        ("patient", [("patient_id", INT, False, (1, 2, 3, 4, 5)), ("sex", T, True, ("F", "M")),
                     ("birthday", T, True, ("1970-03-01", "1985-11-20", "2001-07-15")),
                     ("admission", T, True, ("+", "-")), ("diagnosis", T, True, ("SLE", "RA", "BEHCET"))],
         {"pk": ["patient_id"]}),
        ("examination", [("exam_id", INT, False, (1, 2, 3, 4, 5)), ("patient_id", INT, True, (1, 2, 3, 4, 5)),
                         ("exam_date", T, True, ("1997-05-27", "2012-03-01", "2012-11-30")),
                         ("igg", INT, True, (800, 1500, 2000)), ("thrombosis", INT, True, (0, 1, 2))],
         {"pk": ["exam_id"], "fk": [("patient_id", "patient", "patient_id")]}),
        ("lab", [("lab_id", INT, False, (1, 2, 3, 4, 5, 6)), ("patient_id", INT, False, (1, 2, 3, 4, 5)),
                 ("date", T, False, ("1991-01-15", "1995-08-01", "2012-06-01")), ("got", INT, True, (20, 60)),
                 ("ldh", INT, True, (200, 500))],
         {"pk": ["lab_id"], "fk": [("patient_id", "patient", "patient_id")]}),
    ],
}
LEAGUE = {
    "name": "league",
    "note": "football league (BIRD-like, written for this corpus): teams, players, matches; dates as text",
    "tables": [
        ("team", [("team_id", INT, False, (1, 2, 3, 4)), ("name", T, False, ("Ajax", "Celtic", "Porto")),
                  ("city", T, True, ("Glasgow", "Porto")), ("founded", INT, True, (1888, 1900))],
         {"pk": ["team_id"]}),
        ("player", [("player_id", INT, False, (1, 2, 3, 4, 5)), ("name", T, False, ("Li", "Mo", "Ned")),
                    ("team_id", INT, True, (1, 2, 3, 4)), ("height", R, True, (170.5, 180.0, 190.25)),
                    ("birthday", T, True, ("1990-02-11", "1995-08-30")), ("foot", T, True, ("left", "right"))],
         {"pk": ["player_id"], "fk": [("team_id", "team", "team_id")]}),
        ("match", [("match_id", INT, False, (1, 2, 3, 4, 5)), ("season", T, False, ("2015/2016", "2016/2017")),
                   ("date", T, False, ("2015-09-12", "2016-03-05", "2016-10-01")),
                   ("home_id", INT, False, (1, 2, 3, 4)), ("away_id", INT, False, (1, 2, 3, 4)),
                   ("home_goals", INT, True, (0, 1, 3)), ("away_goals", INT, True, (0, 2))],
         {"pk": ["match_id"], "fk": [("home_id", "team", "team_id"), ("away_id", "team", "team_id")]}),
    ],
}
BANK = {
    "name": "bank",
    "note": "bank (BIRD-like, written for this corpus): districts, clients, accounts, dispositions, loans",
    "tables": [
        ("district", [("district_id", INT, False, (1, 2, 3)), ("name", T, False, ("Praha", "Brno", "Kladno")),
                      ("region", T, False, ("north", "south")), ("avg_salary", INT, True, (8000, 12000))],
         {"pk": ["district_id"]}),
        ("client", [("client_id", INT, False, (1, 2, 3, 4, 5)), ("gender", T, False, ("F", "M")),
                    ("birth_date", T, True, ("1945-02-04", "1970-12-13", "1990-06-30")),
                    ("district_id", INT, False, (1, 2, 3))],
         {"pk": ["client_id"], "fk": [("district_id", "district", "district_id")]}),
        ("account", [("account_id", INT, False, (1, 2, 3, 4)), ("district_id", INT, False, (1, 2, 3)),
                     ("frequency", T, False, ("POPLATEK MESICNE", "POPLATEK TYDNE")),
                     ("date", T, False, ("1995-03-24", "1997-12-01"))],
         {"pk": ["account_id"], "fk": [("district_id", "district", "district_id")]}),
        ("disp", [("disp_id", INT, False, (1, 2, 3, 4, 5)), ("client_id", INT, False, (1, 2, 3, 4, 5)),
                  ("account_id", INT, False, (1, 2, 3, 4)), ("type", T, False, ("OWNER", "DISPONENT"))],
         {"pk": ["disp_id"], "fk": [("client_id", "client", "client_id"), ("account_id", "account", "account_id")]}),
        ("loan", [("loan_id", INT, False, (1, 2, 3, 4)), ("account_id", INT, False, (1, 2, 3, 4)),
                  ("amount", INT, False, (1000, 5000, 20000)), ("duration", INT, False, (12, 24, 30, 60)),
                  ("status", T, False, ("A", "B", "C", "D")), ("date", T, True, ("1996-04-29", "1998-01-10"))],
         {"pk": ["loan_id"], "fk": [("account_id", "account", "account_id")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (LOGISTICS, LIBRARY, HOSPITAL, LEAGUE, BANK)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover6", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
