"""Build and check the eleventh held-out prover corpus (``benchmarks/corpus/prover11/``).

The pairs are written in ``prover11_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``insurance`` (agent, customer, policy with a NOT NULL customer FK
and a NULL-able agent FK, coverage with a composite key, claim with a NULL-able policy FK
and REAL amounts, and a keyless audit_log) for dialect migrations; ``saas`` (account,
app_user with a NULL-able account FK, subscription with a composite key and REAL mrr,
invoice with integer cents, and a keyless event log) for BI-tool-generated SQL;
``shipping`` (port, vessel with a NULL-able home-port FK, voyage with NULL-able port FKs,
cargo with a composite key and REAL tons, and a keyless inspection log) for subquery
unnesting and decorrelation. Keys, foreign keys (some NULL-able) and NULL-able columns as
real ones are; REAL values are exact binary fractions so sums do not depend on order.

    python -m benchmarks.prover11_build            # check, then write
    python -m benchmarks.prover11_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover11_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover11"
FILES = {"migration": "migration.jsonl", "bi_tools": "bi_tools.jsonl", "decorrelation": "decorrelation.jsonl"}

INSURANCE = {
    "name": "insurance",
    "note": "insurer migrated off a legacy database (written for this corpus): agents, customers, policies "
            "(NULL-able agent), coverages (composite key), claims (NULL-able policy), and a keyless audit log",
    "tables": [
        ("agent", [("agent_id", INT, False, (1, 2, 3)), ("name", T, False, ("Ito", "Lee", "Mora")),
                   ("office", T, True, ("HQ", "Oslo")), ("commission", R, True, (0.0, 0.125, 0.25))],
         {"pk": ["agent_id"]}),
        ("customer", [("cust_id", INT, False, (1, 2, 3, 4, 5)), ("name", T, False, ("ann", "Bo", "bob", "Dee")),
                      ("city", T, True, ("Oslo", "Rome", "")),
                      ("birth", T, False, ("1980-02-29", "1990-12-31", "2000-01-01")),
                      ("score", INT, True, (0, 50, 100))],
         {"pk": ["cust_id"]}),
        ("policy", [("policy_id", INT, False, (1, 2, 3, 4, 5, 6)), ("cust_id", INT, False, (1, 2, 3, 4, 5)),
                    ("agent_id", INT, True, (1, 2, 3)), ("kind", T, False, ("auto", "home", "life")),
                    ("premium", R, True, (0.5, 100.25, 250.0)),
                    ("start_day", T, False, ("2023-01-01", "2023-06-30", "2024-01-01")),
                    ("end_day", T, True, ("2023-12-31", "2024-12-31")), ("status", T, True, ("A", "L"))],
         {"pk": ["policy_id"], "fk": [("cust_id", "customer", "cust_id"), ("agent_id", "agent", "agent_id")]}),
        ("coverage", [("policy_id", INT, False, (1, 2, 3, 4, 5, 6)), ("peril", T, False, ("fire", "flood", "theft")),
                      ("limit_amt", R, False, (1000.0, 2500.5, 0.25)), ("deductible", INT, True, (0, 100, 500))],
         {"pk": ["policy_id", "peril"], "fk": [("policy_id", "policy", "policy_id")]}),
        ("claim", [("claim_id", INT, False, (1, 2, 3, 4, 5, 6)), ("policy_id", INT, True, (1, 2, 3, 4, 5, 6)),
                   ("filed", T, False, ("2023-03-01", "2024-01-01", "2024-01-31", "2024-02-01")),
                   ("amount", R, True, (0.0, 75.5, 1200.25)), ("paid", R, True, (0.0, 75.5)),
                   ("state", T, False, ("open", "closed", "denied"))],
         {"pk": ["claim_id"], "fk": [("policy_id", "policy", "policy_id")]}),
        ("audit_log", [("policy_id", INT, True, (1, 2, 3, 4, 5, 6)), ("action", T, True, ("upd", "del")),
                       ("at_day", T, True, ("2024-01-01", "2024-01-02"))],
         {"fk": [("policy_id", "policy", "policy_id")]}),
    ],
}
SAAS = {
    "name": "saas",
    "note": "SaaS product analytics (written for this corpus): accounts, users (NULL-able account), "
            "subscriptions (composite key), invoices in integer cents, and a keyless event log",
    "tables": [
        ("account", [("account_id", INT, False, (1, 2, 3, 4)), ("name", T, False, ("Acme", "Beta", "Cobalt")),
                     ("plan", T, True, ("free", "pro", "ent")), ("region", T, True, ("EU", "US")),
                     ("created", T, False, ("2023-12-31", "2024-01-01", "2024-01-15"))],
         {"pk": ["account_id"]}),
        ("app_user", [("user_id", INT, False, (1, 2, 3, 4, 5, 6)), ("account_id", INT, True, (1, 2, 3, 4)),
                      ("email", T, True, ("a@x.io", "b@x.io", "")),
                      ("signup", T, False, ("2024-01-01", "2024-01-02", "2024-01-05")),
                      ("country", T, True, ("DE", "US")), ("is_admin", INT, False, (0, 1))],
         {"pk": ["user_id"], "fk": [("account_id", "account", "account_id")]}),
        ("subscription", [("account_id", INT, False, (1, 2, 3, 4)), ("product", T, False, ("core", "addon")),
                          ("mrr", R, False, (0.0, 49.5, 99.75)), ("seats", INT, True, (0, 1, 5, 20)),
                          ("started", T, False, ("2024-01-01", "2024-01-03")),
                          ("ended", T, True, ("2024-01-31", "2024-02-29"))],
         {"pk": ["account_id", "product"], "fk": [("account_id", "account", "account_id")]}),
        ("invoice", [("invoice_id", INT, False, (1, 2, 3, 4, 5, 6)), ("account_id", INT, False, (1, 2, 3, 4)),
                     ("issued", T, False, ("2024-01-01", "2024-01-31", "2024-02-01")),
                     ("amount", INT, True, (0, 1250, 9975)), ("paid", INT, False, (0, 1))],
         {"pk": ["invoice_id"], "fk": [("account_id", "account", "account_id")]}),
        ("event", [("user_id", INT, True, (1, 2, 3, 4, 5, 6)),
                   ("day", T, False, ("2024-01-01", "2024-01-02", "2024-01-04")),
                   ("name", T, False, ("login", "click", "buy")), ("value", R, True, (0.5, 1.0, 2.25))],
         {"fk": [("user_id", "app_user", "user_id")]}),
    ],
}
SHIPPING = {
    "name": "shipping",
    "note": "shipping line (written for this corpus): ports, vessels (NULL-able home port), voyages "
            "(NULL-able ports), cargo lines (composite key), and a keyless inspection log",
    "tables": [
        ("port", [("port_id", INT, False, (1, 2, 3)), ("name", T, False, ("Kiel", "Oslo", "Riga")),
                  ("country", T, True, ("DE", "NO")), ("depth", INT, True, (8, 12, 15))],
         {"pk": ["port_id"]}),
        ("vessel", [("vessel_id", INT, False, (1, 2, 3, 4, 5)), ("name", T, False, ("Ada", "Bea", "Cy")),
                    ("home_port", INT, True, (1, 2, 3)), ("capacity", INT, True, (100, 250, 400)),
                    ("built", INT, False, (1990, 2005, 2020))],
         {"pk": ["vessel_id"], "fk": [("home_port", "port", "port_id")]}),
        ("voyage", [("voyage_id", INT, False, (1, 2, 3, 4, 5, 6)), ("vessel_id", INT, False, (1, 2, 3, 4, 5)),
                    ("from_port", INT, True, (1, 2, 3)), ("to_port", INT, True, (1, 2, 3)),
                    ("depart", T, False, ("2024-01-01", "2024-01-05", "2024-02-01")),
                    ("days", INT, True, (1, 3, 10))],
         {"pk": ["voyage_id"], "fk": [("vessel_id", "vessel", "vessel_id"), ("from_port", "port", "port_id"),
                                      ("to_port", "port", "port_id")]}),
        ("cargo", [("voyage_id", INT, False, (1, 2, 3, 4, 5, 6)), ("line_no", INT, False, (1, 2, 3)),
                   ("kind", T, False, ("grain", "oil", "steel")), ("tons", R, True, (0.5, 10.0, 42.25)),
                   ("value", INT, True, (0, 100, 500))],
         {"pk": ["voyage_id", "line_no"], "fk": [("voyage_id", "voyage", "voyage_id")]}),
        ("inspection", [("vessel_id", INT, True, (1, 2, 3, 4, 5)), ("port_id", INT, True, (1, 2, 3)),
                        ("result", T, True, ("pass", "fail")), ("fine", INT, True, (0, 50, 200))],
         {"fk": [("vessel_id", "vessel", "vessel_id"), ("port_id", "port", "port_id")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (INSURANCE, SAAS, SHIPPING)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover11", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
