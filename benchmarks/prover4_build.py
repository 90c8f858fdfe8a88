"""Build and check the fourth held-out prover corpus (``benchmarks/corpus/prover4/``).

The pairs are written in ``prover4_pairs.py``; ``prover3_build``'s check and write do the
rest: every pair is run in real SQLite on random small databases of its schema (the empty
database first; keys, NOT NULL and foreign keys respected; NULLs and duplicate rows); an
equivalent pair must agree on every one, a mutant must differ on at least one (even with
each row's values sorted), and the smallest separating database is stored.

Schemas, both new here: ``university`` (a textbook university database) and ``retail`` (a
star schema: a sales fact with foreign keys to date, item, store and customer dimensions,
returns, and a keyless promotion list).

    python -m benchmarks.prover4_build            # check, then write
    python -m benchmarks.prover4_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys
from pathlib import Path

from benchmarks import prover3_build
from benchmarks.prover4_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "benchmarks" / "corpus" / "prover4"
FILES = {"textbook": "textbook.jsonl", "engines": "engines.jsonl"}
SEED = "prover4"

DEPTS = ("Biology", "Comp. Sci.", "Physics")
COURSES = ("BIO-101", "CS-101", "CS-190")
IDS = (1, 2, 3, 4)
SEC = [("course_id", T, False, COURSES), ("sec_id", INT, False, (1, 2)),
       ("semester", T, False, ("Fall", "Spring")), ("year", INT, False, (2017, 2018))]
SEC_KEY = ["course_id", "sec_id", "semester", "year"]
# Silberschatz/Korth/Sudarshan's university schema, written for this corpus: single-column
# foreign keys only (the composite teaches/takes -> section ones are not declared).
UNIVERSITY = {
    "name": "university",
    "note": "university schema (textbook style, written for this corpus); NULL-able dept_name, salary, building, tot_cred, grade, i_id",
    "tables": [
        ("department", [("dept_name", T, False, DEPTS), ("building", T, True, ("Watson", "Taylor")),
                        ("budget", R, False, (50.0, 90.5))], {"pk": ["dept_name"]}),
        ("instructor", [("id", INT, False, IDS), ("name", T, False, ("Ada", "Bo", "Cy")),
                        ("dept_name", T, True, DEPTS), ("salary", R, True, (40.0, 65.5, 90.0))],
         {"pk": ["id"], "fk": [("dept_name", "department", "dept_name")]}),
        ("course", [("course_id", T, False, COURSES), ("title", T, False, ("Intro", "Robotics")),
                    ("dept_name", T, True, DEPTS), ("credits", INT, False, (3, 4))],
         {"pk": ["course_id"], "fk": [("dept_name", "department", "dept_name")]}),
        ("section", SEC + [("building", T, True, ("Watson", "Taylor"))],
         {"pk": SEC_KEY, "fk": [("course_id", "course", "course_id")]}),
        ("teaches", [("id", INT, False, IDS)] + SEC,
         {"pk": ["id"] + SEC_KEY, "fk": [("id", "instructor", "id"), ("course_id", "course", "course_id")]}),
        ("student", [("id", INT, False, IDS), ("name", T, False, ("Ada", "Bo", "Cy")),
                     ("dept_name", T, True, DEPTS), ("tot_cred", INT, True, (0, 30, 60))],
         {"pk": ["id"], "fk": [("dept_name", "department", "dept_name")]}),
        ("takes", [("id", INT, False, IDS)] + SEC + [("grade", T, True, ("A", "B", "C"))],
         {"pk": ["id"] + SEC_KEY, "fk": [("id", "student", "id"), ("course_id", "course", "course_id")]}),
        ("advisor", [("s_id", INT, False, IDS), ("i_id", INT, True, IDS)],
         {"pk": ["s_id"], "fk": [("s_id", "student", "id"), ("i_id", "instructor", "id")]}),
        ("prereq", [("course_id", T, False, COURSES), ("prereq_id", T, False, COURSES)],
         {"pk": ["course_id", "prereq_id"], "fk": [("course_id", "course", "course_id"),
                                                    ("prereq_id", "course", "course_id")]}),
    ],
}
PRICES = (1.0, 2.5, 4.0)
RETAIL = {
    "name": "retail",
    "note": "retail star schema (written for this corpus): sales fact, date/item/store/customer dimensions, returns, "
            "keyless promo; ss_store_sk, ss_customer_sk, sr_customer_sk NULL-able foreign keys",
    "tables": [
        ("date_dim", [("d_date_sk", INT, False, (1, 2, 3)), ("d_year", INT, False, (2023, 2024)),
                      ("d_moy", INT, False, (1, 2, 12)), ("d_holiday", T, True, ("Y", "N"))], {"pk": ["d_date_sk"]}),
        ("item", [("i_item_sk", INT, False, (1, 2, 3, 4)), ("i_category", T, True, ("Books", "Music", "Home")),
                  ("i_brand", T, False, ("b1", "b2")), ("i_price", R, False, PRICES)], {"pk": ["i_item_sk"]}),
        ("store", [("s_store_sk", INT, False, (1, 2, 3)), ("s_state", T, True, ("CA", "TX")),
                   ("s_manager", T, False, ("m1", "m2"))], {"pk": ["s_store_sk"]}),
        ("customer", [("c_customer_sk", INT, False, (1, 2, 3, 4)), ("c_name", T, False, ("Ann", "Bob", "Cy")),
                      ("c_state", T, True, ("CA", "TX")), ("c_birth_year", INT, True, (1980, 1990))],
         {"pk": ["c_customer_sk"]}),
        ("sales", [("ss_ticket", INT, False, (1, 2, 3)), ("ss_line", INT, False, (1, 2)),
                   ("ss_date_sk", INT, False, (1, 2, 3)), ("ss_item_sk", INT, False, (1, 2, 3, 4)),
                   ("ss_store_sk", INT, True, (1, 2, 3)), ("ss_customer_sk", INT, True, (1, 2, 3, 4)),
                   ("ss_quantity", INT, False, (1, 2, 5)), ("ss_price", R, True, PRICES)],
         {"pk": ["ss_ticket", "ss_line"],
          "fk": [("ss_date_sk", "date_dim", "d_date_sk"), ("ss_item_sk", "item", "i_item_sk"),
                 ("ss_store_sk", "store", "s_store_sk"), ("ss_customer_sk", "customer", "c_customer_sk")]}),
        ("returns", [("sr_id", INT, False, (1, 2, 3, 4)), ("sr_ticket", INT, False, (1, 2, 3)),
                     ("sr_item_sk", INT, False, (1, 2, 3, 4)), ("sr_customer_sk", INT, True, (1, 2, 3, 4)),
                     ("sr_qty", INT, False, (1, 2)), ("sr_reason", T, True, ("damaged", "late"))],
         {"pk": ["sr_id"], "fk": [("sr_item_sk", "item", "i_item_sk"), ("sr_customer_sk", "customer", "c_customer_sk")]}),
        ("promo", [("p_item_sk", INT, True, (1, 2, 3, 4)), ("p_discount", R, True, (0.0, 0.5))], {}),
    ],
}
SCHEMAS = {s["name"]: s for s in (UNIVERSITY, RETAIL)}


def main(argv=None) -> int:
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES, seed=SEED, doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
