"""Build and check the twenty-fourth held-out prover corpus (``benchmarks/corpus/prover24/``).

The pairs are written in ``prover24_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``vet`` (owners with a NULL-able city, vets, pets with a NULL-able
breed and REAL weight, appointments with a NULL-able vet and a status, treatments, invoices in
integer cents with a NULL-able appointment (NULL = counter sale), payments, vaccinations keyed
by (pet_id, vaccine, given_day) with a NULL-able due day and vet, drugs, prescriptions with REAL
quantities and NULL-able refills, and a keyless controlled-drug log with duplicates) for
veterinary practices; ``review`` (repositories with a NULL-able team, users, pull requests with
NULL-able merge and close days and merger, reviews, review comments with a NULL-able resolution,
commits with a NULL-able author, CI check runs with a NULL-able duration, labels and a PR-label
link keyed by both, and a keyless deploy log with duplicates) for engineering metrics; and
``charging`` (sites with a NULL-able city, chargers with a NULL-able retirement day, connectors
with REAL power, drivers with a NULL-able fleet, RFID cards with a NULL-able driver, sessions in
minute numbers with a NULL-able card, end and full minute and REAL energy, tariffs with a
NULL-able end day, faults with a NULL-able end, and a keyless meter reading log with
duplicates) for EV charging back offices. REAL values in the pools are exact binary fractions so
sums do not depend on order; money is in integer cents.

    python -m benchmarks.prover24_build            # check, then write
    python -m benchmarks.prover24_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover24_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover24"
FILES = {"veterinary_clinic": "veterinary_clinic.jsonl", "code_review": "code_review.jsonl",
         "ev_charging": "ev_charging.jsonl"}

S3 = (1, 2, 3)
S4 = (1, 2, 3, 4)
S5 = (1, 2, 3, 4, 5)
S6 = (1, 2, 3, 4, 5, 6)
S7 = (1, 2, 3, 4, 5, 6, 7)
VET = {
    "name": "vet",
    "note": "a veterinary practice store (written for this corpus): owners (NULL-able city), vets, pets (NULL-able "
            "breed and REAL weight), appointments (NULL-able vet), treatments, invoices (integer cents, NULL-able "
            "appointment), payments, vaccinations (composite key, NULL-able due day and vet), drugs, prescriptions "
            "(REAL quantity, NULL-able refills), and a keyless controlled-drug log",
    "tables": [
        ("owner", [("owner_id", INT, False, S4), ("name", T, False, ("Ames", "Bell", "ames")),
                   ("city", T, True, ("Oslo", "Bergen")), ("joined_day", INT, False, (280, 336, 700))],
         {"pk": ["owner_id"]}),
        ("vet", [("vet_id", INT, False, S4), ("name", T, False, ("Ng", "Oh", "ng")), ("role", T, False, ("dvm", "tech")),
                 ("active", INT, False, (0, 1))],
         {"pk": ["vet_id"]}),
        ("pet", [("pet_id", INT, False, S6), ("owner_id", INT, False, S4), ("name", T, False, ("Rex", "Mia", "rex")),
                 ("species", T, False, ("dog", "cat", "rabbit")), ("breed", T, True, ("lab", "siamese", "mixed")),
                 ("birth_day", INT, False, (100, 400, 650)), ("weight", R, True, (2.5, 5.0, 12.5, 30.0)),
                 ("deceased", INT, False, (0, 1))],
         {"pk": ["pet_id"], "fk": [("owner_id", "owner", "owner_id")]}),
        ("appointment", [("appt_id", INT, False, S7), ("pet_id", INT, False, S6), ("vet_id", INT, True, S4),
                         ("day", INT, False, (300, 365, 366, 700, 730)),
                         ("status", T, False, ("completed", "no_show", "canceled", "booked")),
                         ("kind", T, False, ("wellness", "sick", "surgery"))],
         {"pk": ["appt_id"], "fk": [("pet_id", "pet", "pet_id"), ("vet_id", "vet", "vet_id")]}),
        ("treatment", [("treat_id", INT, False, S7), ("appt_id", INT, False, S7),
                       ("code", T, False, ("exam", "xray", "dental")), ("qty", INT, False, (1, 2, 3)),
                       ("unit_cents", INT, False, (2500, 4000, 12000))],
         {"pk": ["treat_id"], "fk": [("appt_id", "appointment", "appt_id")]}),
        ("invoice", [("inv_id", INT, False, S6), ("owner_id", INT, False, S4), ("appt_id", INT, True, S7),
                     ("day", INT, False, (300, 365, 700, 730)), ("total_cents", INT, False, (0, 4500, 12000, 30000)),
                     ("status", T, False, ("paid", "open", "void"))],
         {"pk": ["inv_id"], "fk": [("owner_id", "owner", "owner_id"), ("appt_id", "appointment", "appt_id")]}),
        ("payment", [("pay_id", INT, False, S6), ("inv_id", INT, False, S6), ("day", INT, False, (300, 330, 700, 760)),
                     ("amount_cents", INT, False, (2000, 4500, 12000)),
                     ("method", T, False, ("card", "cash", "insurance"))],
         {"pk": ["pay_id"], "fk": [("inv_id", "invoice", "inv_id")]}),
        ("vaccination", [("pet_id", INT, False, S6), ("vaccine", T, False, ("rabies", "dhpp", "fvrcp")),
                         ("given_day", INT, False, (300, 365, 700)), ("due_day", INT, True, (665, 730, 760, 1065)),
                         ("vet_id", INT, True, S4)],
         {"pk": ["pet_id", "vaccine", "given_day"], "fk": [("pet_id", "pet", "pet_id"), ("vet_id", "vet", "vet_id")]}),
        ("drug", [("drug_id", INT, False, S4), ("name", T, False, ("ketamine", "carprofen", "Ketamine")),
                  ("controlled", INT, False, (0, 1)), ("stock_units", INT, False, (0, 10, 40)),
                  ("reorder_at", INT, False, (5, 20))],
         {"pk": ["drug_id"]}),
        ("prescription", [("rx_id", INT, False, S7), ("pet_id", INT, False, S6), ("drug_id", INT, False, S4),
                          ("vet_id", INT, False, S4), ("day", INT, False, (300, 330, 700, 725)),
                          ("qty", R, False, (0.5, 1.0, 2.5, 10.0)), ("refills", INT, True, (0, 1, 3))],
         {"pk": ["rx_id"], "fk": [("pet_id", "pet", "pet_id"), ("drug_id", "drug", "drug_id"),
                                  ("vet_id", "vet", "vet_id")]}),
        ("drug_log", [("drug_id", INT, True, S4), ("day", INT, True, (300, 330, 700)),
                      ("kind", T, True, ("receive", "dispense", "waste")), ("units", INT, True, (1, 2, 10))],
         {"fk": [("drug_id", "drug", "drug_id")]}),
    ],
}
REVIEW = {
    "name": "review",
    "note": "a code review store (written for this corpus): repositories (NULL-able team), users, pull requests "
            "(NULL-able merge day, close day and merger), reviews, review comments (NULL-able resolution), commits "
            "(NULL-able author), CI check runs (NULL-able duration), labels with a PR-label link (composite key), "
            "and a keyless deploy log",
    "tables": [
        ("repo", [("repo_id", INT, False, S3), ("name", T, False, ("api", "web", "API")),
                  ("team", T, True, ("core", "growth")), ("archived", INT, False, (0, 1))],
         {"pk": ["repo_id"]}),
        ("users", [("user_id", INT, False, S5), ("login", T, False, ("ann", "bob", "Ann", "cy")),
                   ("bot", INT, False, (0, 1))],
         {"pk": ["user_id"]}),
        ("pull_request", [("pr_id", INT, False, S7), ("repo_id", INT, False, S3), ("author_id", INT, False, S5),
                          ("opened_day", INT, False, (1, 3, 10)), ("merged_day", INT, True, (3, 4, 11, 12)),
                          ("closed_day", INT, True, (3, 5, 12)), ("merged_by", INT, True, S5),
                          ("draft", INT, False, (0, 1)), ("additions", INT, False, (5, 100, 120, 800))],
         {"pk": ["pr_id"], "fk": [("repo_id", "repo", "repo_id"), ("author_id", "users", "user_id"),
                                  ("merged_by", "users", "user_id")]}),
        ("review", [("review_id", INT, False, S7), ("pr_id", INT, False, S7), ("reviewer_id", INT, False, S5),
                    ("state", T, False, ("approved", "changes_requested", "commented")),
                    ("day", INT, False, (1, 2, 4, 10, 11))],
         {"pk": ["review_id"], "fk": [("pr_id", "pull_request", "pr_id"), ("reviewer_id", "users", "user_id")]}),
        ("review_comment", [("comment_id", INT, False, S7), ("pr_id", INT, False, S7), ("author_id", INT, False, S5),
                            ("day", INT, False, (1, 3, 4)), ("resolved", INT, True, (0, 1))],
         {"pk": ["comment_id"], "fk": [("pr_id", "pull_request", "pr_id"), ("author_id", "users", "user_id")]}),
        ("pr_commit", [("commit_id", INT, False, S7), ("pr_id", INT, False, S7), ("author_id", INT, True, S5),
                       ("day", INT, False, (1, 2, 3, 5, 11))],
         {"pk": ["commit_id"], "fk": [("pr_id", "pull_request", "pr_id"), ("author_id", "users", "user_id")]}),
        ("check_run", [("run_id", INT, False, S7), ("commit_id", INT, False, S7),
                       ("name", T, False, ("build", "test", "lint")),
                       ("status", T, False, ("success", "failure", "cancelled")),
                       ("duration_s", INT, True, (30, 90, 600))],
         {"pk": ["run_id"], "fk": [("commit_id", "pr_commit", "commit_id")]}),
        ("label", [("label_id", INT, False, S3), ("name", T, False, ("bug", "feature", "Bug"))],
         {"pk": ["label_id"]}),
        ("pr_label", [("pr_id", INT, False, S7), ("label_id", INT, False, S3)],
         {"pk": ["pr_id", "label_id"], "fk": [("pr_id", "pull_request", "pr_id"), ("label_id", "label", "label_id")]}),
        ("deploy_log", [("repo_id", INT, True, S3), ("day", INT, True, (2, 3, 4, 11)),
                        ("env", T, True, ("prod", "staging")), ("failed", INT, True, (0, 1))],
         {"fk": [("repo_id", "repo", "repo_id")]}),
    ],
}
CHARGING = {
    "name": "charging",
    "note": "an EV charging back-office store (written for this corpus): sites (NULL-able city), chargers "
            "(NULL-able retirement day), connectors (REAL power), drivers (NULL-able fleet), RFID cards (NULL-able "
            "driver), sessions in minute numbers (NULL-able card, end and full minute, REAL energy), tariffs "
            "(NULL-able end day), faults (NULL-able end), and a keyless meter reading log",
    "tables": [
        ("site", [("site_id", INT, False, S3), ("name", T, False, ("Depot", "Mall", "depot")),
                  ("city", T, True, ("Oslo", "Lyon")), ("opened_day", INT, False, (0, 1, 3))],
         {"pk": ["site_id"]}),
        ("charger", [("charger_id", INT, False, S5), ("site_id", INT, False, S3),
                     ("model", T, False, ("ac22", "dc50", "dc150")), ("installed_day", INT, False, (0, 1, 4)),
                     ("retired_day", INT, True, (2, 6))],
         {"pk": ["charger_id"], "fk": [("site_id", "site", "site_id")]}),
        ("connector", [("connector_id", INT, False, S6), ("charger_id", INT, False, S5),
                       ("type", T, False, ("CCS", "CHAdeMO", "Type2")), ("max_kw", R, False, (7.5, 22.0, 50.0, 150.0))],
         {"pk": ["connector_id"], "fk": [("charger_id", "charger", "charger_id")]}),
        ("driver", [("driver_id", INT, False, S4), ("fleet", T, True, ("taxi", "bus")), ("joined_day", INT, False, (0, 2))],
         {"pk": ["driver_id"]}),
        ("rfid_card", [("card_id", INT, False, S5), ("driver_id", INT, True, S4), ("active", INT, False, (0, 1))],
         {"pk": ["card_id"], "fk": [("driver_id", "driver", "driver_id")]}),
        ("session", [("session_id", INT, False, S7), ("connector_id", INT, False, S6), ("card_id", INT, True, S5),
                     ("start_min", INT, False, (0, 60, 120, 600, 1440, 2900)),
                     ("end_min", INT, True, (45, 120, 700, 1500, 3000)),
                     ("full_min", INT, True, (30, 100, 120, 640, 1480)), ("kwh", R, False, (0.0, 7.5, 12.25, 40.5))],
         {"pk": ["session_id"], "fk": [("connector_id", "connector", "connector_id"),
                                       ("card_id", "rfid_card", "card_id")]}),
        ("tariff", [("tariff_id", INT, False, S4), ("site_id", INT, False, S3), ("valid_from", INT, False, (0, 1, 2)),
                    ("valid_to", INT, True, (1, 2, 3)), ("cents_kwh", INT, False, (30, 45, 60)),
                    ("idle_cents_min", INT, False, (0, 10))],
         {"pk": ["tariff_id"], "fk": [("site_id", "site", "site_id")]}),
        ("fault", [("fault_id", INT, False, S6), ("connector_id", INT, False, S6),
                   ("start_min", INT, False, (30, 500, 1450, 2950)), ("end_min", INT, True, (90, 600, 1600)),
                   ("code", T, False, ("ground", "overtemp", "comm"))],
         {"pk": ["fault_id"], "fk": [("connector_id", "connector", "connector_id")]}),
        ("meter_reading", [("connector_id", INT, True, S6), ("minute", INT, True, (0, 60, 120, 1440)),
                           ("kwh_total", R, True, (0.0, 10.5, 22.25, 40.0))],
         {"fk": [("connector_id", "connector", "connector_id")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (VET, REVIEW, CHARGING)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover24", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
