"""Build and check the eighth held-out prover corpus (``benchmarks/corpus/prover8/``).

The pairs are written in ``prover8_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``course`` (course, lesson, student, enrollment, submission and a
keyless grade table) for engine rules; ``company`` (employee, department, project,
works_on, dependent) for textbook exercises; and three BIRD-like schemas ``library``,
``airq`` and ``gamestore`` for text-to-SQL formulations. Keys, foreign keys (some
NULL-able) and NULL-able columns as real ones are; REAL values are exact binary fractions
so sums do not depend on order.

    python -m benchmarks.prover8_build            # check, then write
    python -m benchmarks.prover8_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover8_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover8"
FILES = {"engines4": "engines4.jsonl", "textbook": "textbook.jsonl", "bird_style": "bird_style.jsonl"}

COURSE = {
    "name": "course",
    "note": "online course platform (written for this corpus): courses, lessons, students, enrollments, "
            "submissions, and a keyless grade table",
    "tables": [
        ("course", [("course_id", INT, False, (1, 2, 3)), ("title", T, False, ("SQL", "Go", "sql")),
                    ("dept", T, True, ("CS", "MATH")), ("credits", INT, True, (0, 3, 5)),
                    ("fee", R, True, (0.0, 49.5, 99.0))],
         {"pk": ["course_id"]}),
        ("lesson", [("lesson_id", INT, False, (1, 2, 3, 4)), ("course_id", INT, False, (1, 2, 3)),
                    ("title", T, False, ("Intro", "Joins", "Wrap")), ("minutes", INT, True, (10, 30, 60)),
                    ("seq", INT, False, (1, 2, 3))],
         {"pk": ["lesson_id"], "fk": [("course_id", "course", "course_id")]}),
        ("student", [("student_id", INT, False, (1, 2, 3, 4)), ("name", T, False, ("Ana", "Bo", "Cy")),
                     ("country", T, True, ("DE", "FR", "US")), ("birth_year", INT, True, (1990, 2000, 2005))],
         {"pk": ["student_id"]}),
        ("enrollment", [("student_id", INT, False, (1, 2, 3, 4)), ("course_id", INT, False, (1, 2, 3)),
                        ("enrolled", T, False, ("2024-01-01", "2024-01-31", "2024-02-01")),
                        ("status", T, True, ("active", "done"))],
         {"pk": ["student_id", "course_id"], "fk": [("student_id", "student", "student_id"),
                                                    ("course_id", "course", "course_id")]}),
        ("submission", [("submission_id", INT, False, (1, 2, 3, 4, 5)), ("student_id", INT, False, (1, 2, 3, 4)),
                        ("lesson_id", INT, True, (1, 2, 3, 4)), ("score", INT, True, (0, 50, 100)),
                        ("day", T, False, ("2024-03-01", "2024-03-02"))],
         {"pk": ["submission_id"], "fk": [("student_id", "student", "student_id"),
                                          ("lesson_id", "lesson", "lesson_id")]}),
        ("grade", [("student_id", INT, True, (1, 2, 3)), ("course_id", INT, True, (1, 2)),
                   ("mark", INT, True, (1, 2, 5))], {}),
    ],
}
COMPANY = {
    "name": "company",
    "note": "company projects (written for this corpus): employees (boss_id not declared a key), "
            "departments, projects, hours worked, dependents",
    "tables": [
        ("department", [("dept_id", INT, False, (1, 2, 3)), ("dname", T, False, ("Research", "Admin", "HQ")),
                        ("manager_id", INT, True, (1, 2, 3, 4)), ("budget", INT, True, (100, 500))],
         {"pk": ["dept_id"]}),
        ("employee", [("emp_id", INT, False, (1, 2, 3, 4, 5)), ("name", T, False, ("Alice", "Bob", "Carla")),
                      ("salary", INT, True, (1000, 2000, 3000)), ("dept_id", INT, True, (1, 2, 3)),
                      ("boss_id", INT, True, (1, 2, 3)), ("gender", T, True, ("F", "M"))],
         {"pk": ["emp_id"], "fk": [("dept_id", "department", "dept_id")]}),
        ("project", [("proj_id", INT, False, (1, 2, 3, 4)), ("pname", T, False, ("Alpha", "Beta", "Gamma")),
                     ("dept_id", INT, False, (1, 2, 3)), ("city", T, True, ("Oslo", "Rome"))],
         {"pk": ["proj_id"], "fk": [("dept_id", "department", "dept_id")]}),
        ("works_on", [("emp_id", INT, False, (1, 2, 3, 4, 5)), ("proj_id", INT, False, (1, 2, 3, 4)),
                      ("hours", INT, True, (5, 10, 20))],
         {"pk": ["emp_id", "proj_id"], "fk": [("emp_id", "employee", "emp_id"), ("proj_id", "project", "proj_id")]}),
        ("dependent", [("emp_id", INT, False, (1, 2, 3, 4, 5)), ("dep_name", T, False, ("Ann", "Tom")),
                       ("relation", T, True, ("child", "spouse")), ("born", INT, True, (1980, 2010))],
         {"pk": ["emp_id", "dep_name"], "fk": [("emp_id", "employee", "emp_id")]}),
    ],
}
LIBRARY = {
    "name": "library",
    "note": "public library network (BIRD-like, written for this corpus): branches, books, copies, members, loans",
    "tables": [
        ("branch", [("branch_id", INT, False, (1, 2, 3)), ("name", T, False, ("Central", "North", "Harbor")),
                    ("district", T, True, ("East", "West")), ("opened", T, True, ("1999-05-01", "2010-09-30"))],
         {"pk": ["branch_id"]}),
        ("book", [("book_id", INT, False, (1, 2, 3, 4)), ("title", T, False, ("Dune", "Emma", "Ulysses")),
                  ("genre", T, True, ("fiction", "poetry", "science")), ("pub_year", INT, True, (1965, 1815, 2001)),
                  ("pages", INT, True, (100, 250, 900))],
         {"pk": ["book_id"]}),
        ("copy", [("copy_id", INT, False, (1, 2, 3, 4, 5)), ("book_id", INT, False, (1, 2, 3, 4)),
                  ("branch_id", INT, False, (1, 2, 3)), ("condition", T, True, ("good", "worn"))],
         {"pk": ["copy_id"], "fk": [("book_id", "book", "book_id"), ("branch_id", "branch", "branch_id")]}),
        ("member", [("member_id", INT, False, (1, 2, 3, 4)), ("name", T, False, ("Ida", "Jo", "Kai")),
                    ("joined", T, False, ("2019-12-31", "2020-01-01", "2021-06-15")),
                    ("home_branch", INT, True, (1, 2, 3)), ("age", INT, True, (9, 17, 18, 40))],
         {"pk": ["member_id"], "fk": [("home_branch", "branch", "branch_id")]}),
        ("loan", [("loan_id", INT, False, (1, 2, 3, 4, 5, 6)), ("copy_id", INT, False, (1, 2, 3, 4, 5)),
                  ("member_id", INT, False, (1, 2, 3, 4)),
                  ("loan_date", T, False, ("2023-12-31", "2024-01-01", "2024-03-15")),
                  ("return_date", T, True, ("2024-01-10", "2024-04-01")), ("fine", R, True, (0.0, 0.5, 2.25))],
         {"pk": ["loan_id"], "fk": [("copy_id", "copy", "copy_id"), ("member_id", "member", "member_id")]}),
    ],
}
AIRQ = {
    "name": "airq",
    "note": "air-quality monitoring network (BIRD-like, written for this corpus): sites, sensors, readings",
    "tables": [
        ("site", [("site_id", INT, False, (1, 2, 3)), ("name", T, False, ("Dock", "Park", "Ring")),
                  ("city", T, False, ("Lyon", "Turin")), ("kind", T, True, ("urban", "rural")),
                  ("elevation", INT, True, (0, 150, 800))],
         {"pk": ["site_id"]}),
        ("sensor", [("sensor_id", INT, False, (1, 2, 3, 4)), ("site_id", INT, True, (1, 2, 3)),
                    ("pollutant", T, False, ("PM10", "NO2", "O3")), ("installed", T, True, ("2020-03-01", "2022-11-30"))],
         {"pk": ["sensor_id"], "fk": [("site_id", "site", "site_id")]}),
        ("reading", [("reading_id", INT, False, (1, 2, 3, 4, 5, 6)), ("sensor_id", INT, False, (1, 2, 3, 4)),
                     ("taken", T, False, ("2023-12-31 23:00", "2024-01-01 08:00", "2024-02-01 12:00")),
                     ("value", R, True, (0.0, 12.5, 50.0, 75.25)), ("valid", INT, False, (0, 1))],
         {"pk": ["reading_id"], "fk": [("sensor_id", "sensor", "sensor_id")]}),
    ],
}
GAMESTORE = {
    "name": "gamestore",
    "note": "video-game store (BIRD-like, written for this corpus): publishers, games, customers, purchases, reviews",
    "tables": [
        ("publisher", [("publisher_id", INT, False, (1, 2, 3)), ("name", T, False, ("Nintendo", "Sega", "Valve")),
                       ("country", T, True, ("JP", "US"))],
         {"pk": ["publisher_id"]}),
        ("game", [("game_id", INT, False, (1, 2, 3, 4)), ("title", T, False, ("Zelda", "Portal", "Sonic")),
                  ("publisher_id", INT, True, (1, 2, 3)), ("genre", T, True, ("Action", "Puzzle")),
                  ("release_date", T, True, ("1991-06-23", "2007-10-10", "2017-03-03")),
                  ("price", R, True, (0.0, 19.5, 59.75))],
         {"pk": ["game_id"], "fk": [("publisher_id", "publisher", "publisher_id")]}),
        ("customer", [("customer_id", INT, False, (1, 2, 3, 4)), ("name", T, False, ("Lea", "Max", "Noa")),
                      ("country", T, True, ("JP", "US", "FR")), ("vip", INT, False, (0, 1))],
         {"pk": ["customer_id"]}),
        ("purchase", [("purchase_id", INT, False, (1, 2, 3, 4, 5, 6)), ("customer_id", INT, False, (1, 2, 3, 4)),
                      ("game_id", INT, False, (1, 2, 3, 4)), ("bought", T, False, ("2022-12-31", "2023-01-01", "2023-07-04")),
                      ("qty", INT, False, (1, 2, 3)), ("paid", R, True, (0.0, 10.5, 59.75))],
         {"pk": ["purchase_id"], "fk": [("customer_id", "customer", "customer_id"), ("game_id", "game", "game_id")]}),
        ("review", [("customer_id", INT, False, (1, 2, 3, 4)), ("game_id", INT, False, (1, 2, 3, 4)),
                    ("stars", INT, True, (1, 3, 5))],
         {"pk": ["customer_id", "game_id"], "fk": [("customer_id", "customer", "customer_id"),
                                                   ("game_id", "game", "game_id")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (COURSE, COMPANY, LIBRARY, AIRQ, GAMESTORE)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover8", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
