"""Build and check the fifth held-out prover corpus (``benchmarks/corpus/prover5/``).

The pairs are written in ``prover5_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas: the first corpus's ``emp_dept``; prover3's ``spark3``; and three new small
text-to-SQL schemas, ``concert`` (stadium, singer, concert, singer_in_concert),
``flights`` (airport, airline, flight) and ``school`` (school, player), with keys,
foreign keys and NULL-able columns.

    python -m benchmarks.prover5_build            # check, then write
    python -m benchmarks.prover5_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT, SPARK3
from benchmarks.prover5_pairs import PAIRS
from benchmarks.prover_corpus_schemas import EMP_DEPT, INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover5"
FILES = {"calcite": "calcite_uncovered.jsonl", "spark": "spark_uncovered.jsonl", "text2sql": "text2sql.jsonl"}

CONCERT = {
    "name": "concert",
    "note": "concerts (written for this corpus): stadiums, singers, concerts, who sang where; NULL-able where real ones are",
    "tables": [
        ("stadium", [("stadium_id", INT, False, (1, 2, 3)), ("name", T, False, ("Arena", "Bowl", "arena")),
                     ("location", T, True, ("Leeds", "York")), ("capacity", INT, True, (100, 200, 300)),
                     ("average", R, True, (50.0, 80.5))],
         {"pk": ["stadium_id"]}),
        ("singer", [("singer_id", INT, False, (1, 2, 3, 4)), ("name", T, False, ("Ann", "ann", "Bob", "Cy")),
                    ("country", T, True, ("France", "Japan")), ("age", INT, True, (20, 30, 40)),
                    ("is_male", INT, True, (0, 1))],
         {"pk": ["singer_id"]}),
        ("concert", [("concert_id", INT, False, (1, 2, 3, 4)), ("concert_name", T, False, ("Live", "Gala")),
                     ("theme", T, True, ("Rock", "Jazz")), ("stadium_id", INT, True, (1, 2, 3)),
                     ("year", INT, True, (2014, 2015))],
         {"pk": ["concert_id"], "fk": [("stadium_id", "stadium", "stadium_id")]}),
        ("singer_in_concert", [("concert_id", INT, False, (1, 2, 3, 4)), ("singer_id", INT, False, (1, 2, 3, 4))],
         {"pk": ["concert_id", "singer_id"],
          "fk": [("concert_id", "concert", "concert_id"), ("singer_id", "singer", "singer_id")]}),
    ],
}
FLIGHTS = {
    "name": "flights",
    "note": "flights (written for this corpus): airports keyed by code, airlines, flights; NULL-able where real ones are",
    "tables": [
        ("airport", [("code", T, False, ("AAA", "BBB", "CCC", "aaa")), ("city", T, False, ("Oslo", "Rome")),
                     ("country", T, True, ("NO", "IT")), ("elevation", INT, True, (10, 200))],
         {"pk": ["code"]}),
        ("airline", [("airline_id", INT, False, (1, 2, 3)), ("name", T, False, ("Jet", "Sky")),
                     ("country", T, True, ("NO", "IT"))],
         {"pk": ["airline_id"]}),
        ("flight", [("flight_id", INT, False, (1, 2, 3, 4, 5)), ("airline_id", INT, False, (1, 2, 3)),
                    ("src", T, False, ("AAA", "BBB", "CCC", "aaa")), ("dst", T, True, ("AAA", "BBB", "CCC", "aaa")),
                    ("distance", INT, True, (350, 500, 900)), ("price", R, True, (99.5, 150.0, 150.25))],
         {"pk": ["flight_id"], "fk": [("airline_id", "airline", "airline_id"), ("src", "airport", "code"),
                                       ("dst", "airport", "code")]}),
    ],
}
SCHOOL = {
    "name": "school",
    "note": "schools and players (written for this corpus); NULL-able where real ones are",
    "tables": [
        ("school", [("school_id", INT, False, (1, 2, 3)), ("name", T, False, ("North", "South", "East")),
                    ("enrollment", INT, True, (300, 800, 1200)), ("founded", INT, True, (1950, 1990))],
         {"pk": ["school_id"]}),
        ("player", [("player_id", INT, False, (1, 2, 3, 4, 5)), ("name", T, False, ("Al", "Bo", "Cy")),
                    ("school_id", INT, True, (1, 2, 3)), ("position", T, True, ("guard", "center")),
                    ("age", INT, True, (15, 16, 17)), ("points", INT, False, (0, 7, 10, 12))],
         {"pk": ["player_id"], "fk": [("school_id", "school", "school_id")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (EMP_DEPT, SPARK3, CONCERT, FLIGHTS, SCHOOL)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover5", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
