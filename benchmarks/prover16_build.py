"""Build and check the sixteenth held-out prover corpus (``benchmarks/corpus/prover16/``).

The pairs are written in ``prover16_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``cohort`` (an OMOP-like clinical schema: person with NULL-able gender
and birth year, observation periods keyed by (person_id, start_day), visits with a NULL-able
end day, conditions with a NULL-able visit FK, drug exposures with a NULL-able days' supply,
and a keyless measurement table with NULL-able person, code, REAL value and day, and
duplicates) for clinical cohort tools; ``crm_org`` (users, accounts with NULL-able industry,
REAL revenue, owner FK and rating, contacts with a NULL-able account FK and email (pool holds
``''``), opportunities with a NULL-able account FK and REAL amount, opportunity lines keyed by
(opp_id, product), and a keyless activity log with duplicates) for CRM reports and low-code
tools; and ``audit`` (employees with a NULL-able termination day, system users with a
NULL-able employee FK, role grants keyed by (user_id, role), access reviews keyed by
(user_id, role, review_day), vendors with NULL-able bank accounts, purchase orders, receipts
and invoices with NULL-able PO FKs, payments with NULL-able vendor, invoice and user FKs, a
NULL-able check number and REAL amounts, journal entries with INTEGER amounts and NULL-able
poster / approver, approved change windows keyed by day, and a keyless change log with
duplicates) for internal-audit control tests. REAL values in the pools are exact binary
fractions so sums do not depend on order.

    python -m benchmarks.prover16_build            # check, then write
    python -m benchmarks.prover16_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover16_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover16"
FILES = {"clinical_cohorts": "clinical_cohorts.jsonl", "crm_and_low_code": "crm_and_low_code.jsonl",
         "audit_and_compliance": "audit_and_compliance.jsonl"}

COHORT = {
    "name": "cohort",
    "note": "an OMOP-like clinical schema (written for this corpus): persons (NULL-able gender, birth year, death "
            "day), observation periods (composite key), visits (NULL-able end day), conditions (NULL-able visit), "
            "drug exposures (NULL-able days' supply), and a keyless measurement table",
    "tables": [
        ("person", [("person_id", INT, False, (1, 2, 3, 4, 5, 6)), ("gender", T, True, ("F", "M")),
                    ("birth_year", INT, True, (1950, 1980, 2000)), ("death_day", INT, True, (15, 40))],
         {"pk": ["person_id"]}),
        ("observation_period", [("person_id", INT, False, (1, 2, 3, 4, 5, 6)), ("start_day", INT, False, (0, 10, 20)),
                                ("end_day", INT, False, (10, 30, 60))],
         {"pk": ["person_id", "start_day"], "fk": [("person_id", "person", "person_id")]}),
        ("visit", [("visit_id", INT, False, (1, 2, 3, 4, 5, 6)), ("person_id", INT, False, (1, 2, 3, 4, 5, 6)),
                   ("visit_type", T, False, ("IP", "OP", "ER")), ("start_day", INT, False, (1, 5, 10, 20)),
                   ("end_day", INT, True, (5, 10, 30))],
         {"pk": ["visit_id"], "fk": [("person_id", "person", "person_id")]}),
        ("condition", [("cond_id", INT, False, (1, 2, 3, 4, 5, 6)), ("person_id", INT, False, (1, 2, 3, 4, 5, 6)),
                       ("visit_id", INT, True, (1, 2, 3, 4, 5, 6)), ("code", T, False, ("T2D", "HTN", "CKD")),
                       ("day", INT, False, (1, 5, 10, 20))],
         {"pk": ["cond_id"], "fk": [("person_id", "person", "person_id"), ("visit_id", "visit", "visit_id")]}),
        ("drug", [("drug_id", INT, False, (1, 2, 3, 4, 5, 6)), ("person_id", INT, False, (1, 2, 3, 4, 5, 6)),
                  ("code", T, False, ("MET", "INS", "ACE")), ("day", INT, False, (1, 5, 10, 20)),
                  ("days_supply", INT, True, (7, 30))],
         {"pk": ["drug_id"], "fk": [("person_id", "person", "person_id")]}),
        ("measurement", [("person_id", INT, True, (1, 2, 3, 4, 5, 6)), ("code", T, True, ("A1C", "BP")),
                         ("value", R, True, (5.5, 7.0, 8.25)), ("day", INT, True, (1, 5, 10))],
         {"fk": [("person_id", "person", "person_id")]}),
    ],
}
CRM_ORG = {
    "name": "crm_org",
    "note": "a CRM org (written for this corpus): users, accounts (NULL-able industry, REAL revenue, owner, rating), "
            "contacts (NULL-able account, email, score), opportunities (NULL-able account, REAL amount), "
            "opportunity lines (composite key), and a keyless activity log",
    "tables": [
        ("app_user", [("user_id", INT, False, (1, 2, 3, 4)), ("name", T, False, ("ann", "bob", "Ann")),
                      ("region", T, True, ("EU", "US")), ("active", INT, False, (0, 1))],
         {"pk": ["user_id"]}),
        ("account", [("account_id", INT, False, (1, 2, 3, 4, 5, 6)), ("name", T, False, ("Acme", "Bolt", "acme")),
                     ("industry", T, True, ("tech", "retail")), ("revenue", R, True, (0.5, 2.0, 10.25)),
                     ("owner_id", INT, True, (1, 2, 3, 4)), ("rating", T, True, ("hot", "cold", ""))],
         {"pk": ["account_id"], "fk": [("owner_id", "app_user", "user_id")]}),
        ("contact", [("contact_id", INT, False, (1, 2, 3, 4, 5, 6)), ("account_id", INT, True, (1, 2, 3, 4, 5, 6)),
                     ("email", T, True, ("a@x.io", "b@y.io", "")), ("status", T, False, ("lead", "customer")),
                     ("score", INT, True, (0, 10, 50))],
         {"pk": ["contact_id"], "fk": [("account_id", "account", "account_id")]}),
        ("opportunity", [("opp_id", INT, False, (1, 2, 3, 4, 5, 6)), ("account_id", INT, True, (1, 2, 3, 4, 5, 6)),
                         ("stage", T, False, ("open", "won", "lost")), ("amount", R, True, (0.5, 1.5, 4.0)),
                         ("close_day", INT, False, (1, 10, 20)), ("probability", INT, True, (10, 50, 100))],
         {"pk": ["opp_id"], "fk": [("account_id", "account", "account_id")]}),
        ("opp_line", [("opp_id", INT, False, (1, 2, 3, 4, 5, 6)), ("product", T, False, ("P1", "P2", "P3")),
                      ("qty", INT, False, (1, 2, 5)), ("price", R, False, (0.25, 1.0, 2.5))],
         {"pk": ["opp_id", "product"], "fk": [("opp_id", "opportunity", "opp_id")]}),
        ("activity", [("contact_id", INT, True, (1, 2, 3, 4, 5, 6)), ("kind", T, True, ("call", "email")),
                      ("day", INT, True, (1, 2, 3))],
         {"fk": [("contact_id", "contact", "contact_id")]}),
    ],
}
AUDIT = {
    "name": "audit",
    "note": "internal-audit control data (written for this corpus): employees (NULL-able termination day), system "
            "users (NULL-able employee), role grants and access reviews (composite keys), vendors, purchase orders, "
            "receipts and invoices (NULL-able PO), payments (NULL-able vendor, invoice, users, check number; REAL "
            "amount), journal entries (INTEGER amount, NULL-able poster / approver), change windows, and a keyless "
            "change log",
    "tables": [
        ("employee", [("emp_id", INT, False, (1, 2, 3, 4, 5)), ("dept", T, True, ("fin", "ops", "it")),
                      ("status", T, False, ("active", "terminated")), ("term_day", INT, True, (5, 10))],
         {"pk": ["emp_id"]}),
        ("sys_user", [("user_id", INT, False, (1, 2, 3, 4, 5, 6)), ("emp_id", INT, True, (1, 2, 3, 4, 5)),
                      ("enabled", INT, False, (0, 1)), ("last_login", INT, True, (1, 5, 12))],
         {"pk": ["user_id"], "fk": [("emp_id", "employee", "emp_id")]}),
        ("role_grant", [("user_id", INT, False, (1, 2, 3, 4, 5, 6)),
                        ("role", T, False, ("create_vendor", "approve_pay", "post_je")),
                        ("granted_day", INT, True, (1, 6))],
         {"pk": ["user_id", "role"], "fk": [("user_id", "sys_user", "user_id")]}),
        ("access_review", [("user_id", INT, False, (1, 2, 3, 4, 5, 6)),
                           ("role", T, False, ("create_vendor", "approve_pay", "post_je")),
                           ("review_day", INT, False, (3, 7)), ("decision", T, True, ("keep", "revoke"))],
         {"pk": ["user_id", "role", "review_day"], "fk": [("user_id", "sys_user", "user_id")]}),
        ("vendor", [("vendor_id", INT, False, (1, 2, 3, 4)), ("name", T, False, ("acme", "Acme", "bolt")),
                    ("bank_acct", T, True, ("111", "222"))],
         {"pk": ["vendor_id"]}),
        ("po", [("po_id", INT, False, (1, 2, 3, 4, 5)), ("vendor_id", INT, True, (1, 2, 3, 4)),
                ("qty", INT, False, (1, 2, 5)), ("unit_price", R, False, (0.5, 2.0, 10.25))],
         {"pk": ["po_id"], "fk": [("vendor_id", "vendor", "vendor_id")]}),
        ("receipt", [("rcpt_id", INT, False, (1, 2, 3, 4, 5, 6)), ("po_id", INT, True, (1, 2, 3, 4, 5)),
                     ("qty", INT, False, (1, 2, 5))],
         {"pk": ["rcpt_id"], "fk": [("po_id", "po", "po_id")]}),
        ("invoice", [("inv_id", INT, False, (1, 2, 3, 4, 5, 6)), ("po_id", INT, True, (1, 2, 3, 4, 5)),
                     ("qty", INT, False, (1, 2, 5)), ("amount", R, False, (0.5, 1.0, 10.25, 20.5))],
         {"pk": ["inv_id"], "fk": [("po_id", "po", "po_id")]}),
        ("payment", [("pay_id", INT, False, (1, 2, 3, 4, 5, 6)), ("vendor_id", INT, True, (1, 2, 3, 4)),
                     ("inv_id", INT, True, (1, 2, 3, 4, 5, 6)), ("amount", R, False, (0.5, 10.25, 99.5, 100.0)),
                     ("pay_day", INT, False, (1, 2, 6)), ("check_no", INT, True, (101, 102, 104)),
                     ("entered_by", INT, True, (1, 2, 3, 4, 5, 6)), ("approved_by", INT, True, (1, 2, 3, 4, 5, 6))],
         {"pk": ["pay_id"], "fk": [("vendor_id", "vendor", "vendor_id"), ("inv_id", "invoice", "inv_id"),
                                   ("entered_by", "sys_user", "user_id"), ("approved_by", "sys_user", "user_id")]}),
        ("journal", [("je_id", INT, False, (1, 2, 3, 4, 5, 6, 7)), ("day", INT, False, (1, 2, 5, 6, 7, 13)),
                     ("hour", INT, False, (7, 8, 12, 18, 22)), ("amount", INT, False, (0, 500, 1000, 1250, 3000)),
                     ("posted_by", INT, True, (1, 2, 3, 4, 5, 6)), ("approved_by", INT, True, (1, 2, 3, 4, 5, 6))],
         {"pk": ["je_id"], "fk": [("posted_by", "sys_user", "user_id"), ("approved_by", "sys_user", "user_id")]}),
        ("change_window", [("day", INT, False, (1, 2, 6)), ("start_hour", INT, False, (8, 9)),
                           ("end_hour", INT, False, (17, 18))],
         {"pk": ["day"]}),
        ("change_log", [("user_id", INT, True, (1, 2, 3, 4, 5, 6)), ("obj", T, True, ("vendor", "payment")),
                        ("day", INT, True, (1, 2, 6)), ("hour", INT, True, (3, 9, 18))],
         {"fk": [("user_id", "sys_user", "user_id")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (COHORT, CRM_ORG, AUDIT)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover16", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
