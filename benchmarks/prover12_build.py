"""Build and check the twelfth held-out prover corpus (``benchmarks/corpus/prover12/``).

The pairs are written in ``prover12_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``telecom`` (cell, subscriber with a NULL-able home-cell FK, call
with a NOT NULL subscriber FK, a NULL-able cell FK and REAL charges, topup with a composite
key, and a keyless outage log) for view matching; ``payroll`` (branch, worker with a
NULL-able branch FK and an unchecked manager reference, payslip with a composite key and
REAL amounts, and a keyless staging copy of the payslips) for data tests; ``crm`` (tenant,
member with a NULL-able tenant FK, deal with a NULL-able owner FK and REAL amounts, a type 2
history of members' teams with a composite key, and a keyless access log) for row-level
security and temporal queries. Keys, foreign keys (some NULL-able) and NULL-able columns as
real ones are; REAL values are exact binary fractions so sums do not depend on order.

    python -m benchmarks.prover12_build            # check, then write
    python -m benchmarks.prover12_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover12_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover12"
FILES = {"view_matching": "view_matching.jsonl", "data_tests": "data_tests.jsonl",
         "security_temporal": "security_temporal.jsonl"}

TELECOM = {
    "name": "telecom",
    "note": "mobile operator (written for this corpus): cells, subscribers (NULL-able home cell), calls "
            "(NULL-able cell, REAL charges), top-ups (composite key), and a keyless outage log",
    "tables": [
        ("cell", [("cell_id", INT, False, (1, 2, 3)), ("city", T, False, ("Bergen", "Lyon", "Turin")),
                  ("band", T, True, ("4G", "5G")), ("capacity", INT, True, (10, 50, 100))],
         {"pk": ["cell_id"]}),
        ("subscriber", [("sub_id", INT, False, (1, 2, 3, 4, 5)), ("name", T, False, ("ana", "Ben", "cai")),
                        ("plan", T, True, ("pre", "post", "biz")), ("home_cell", INT, True, (1, 2, 3)),
                        ("joined", T, False, ("2023-11-30", "2024-01-01", "2024-02-15")),
                        ("credit", R, True, (0.0, 5.5, 20.25))],
         {"pk": ["sub_id"], "fk": [("home_cell", "cell", "cell_id")]}),
        ("call", [("call_id", INT, False, (1, 2, 3, 4, 5, 6)), ("sub_id", INT, False, (1, 2, 3, 4, 5)),
                  ("cell_id", INT, True, (1, 2, 3)),
                  ("day", T, False, ("2024-01-01", "2024-01-02", "2024-02-01")),
                  ("kind", T, False, ("voice", "sms", "data")), ("minutes", INT, True, (0, 1, 7, 30)),
                  ("charge", R, True, (0.0, 0.25, 1.5, 12.75))],
         {"pk": ["call_id"], "fk": [("sub_id", "subscriber", "sub_id"), ("cell_id", "cell", "cell_id")]}),
        ("topup", [("sub_id", INT, False, (1, 2, 3, 4, 5)), ("seq", INT, False, (1, 2, 3)),
                   ("amount", R, False, (5.0, 10.5, 20.25)), ("channel", T, True, ("app", "shop")),
                   ("day", T, False, ("2024-01-01", "2024-01-15", "2024-02-01"))],
         {"pk": ["sub_id", "seq"], "fk": [("sub_id", "subscriber", "sub_id")]}),
        ("outage", [("cell_id", INT, True, (1, 2, 3)), ("day", T, True, ("2024-01-01", "2024-01-02")),
                    ("severity", INT, True, (1, 2, 3))],
         {"fk": [("cell_id", "cell", "cell_id")]}),
    ],
}
PAYROLL = {
    "name": "payroll",
    "note": "payroll warehouse under data tests (written for this corpus): branches, workers (NULL-able "
            "branch FK, unchecked manager reference), payslips (composite key, REAL amounts), and a keyless "
            "staging copy of the payslips",
    "tables": [
        ("branch", [("branch_id", INT, False, (1, 2, 3)), ("name", T, False, ("North", "South", "West")),
                    ("country", T, True, ("FR", "NL")), ("head_id", INT, True, (1, 2, 9))],
         {"pk": ["branch_id"]}),
        ("worker", [("worker_id", INT, False, (1, 2, 3, 4, 5, 6)), ("branch_id", INT, True, (1, 2, 3)),
                    ("manager_id", INT, True, (1, 2, 3, 7)),
                    ("email", T, True, ("a@p.fr", "A@p.fr", "b@p.nl", "")),
                    ("status", T, True, ("active", "leaver", "ACTIVE")),
                    ("hired", T, False, ("2023-12-31", "2024-01-01", "2024-02-29")),
                    ("grade", INT, True, (0, 1, 3, 5)), ("salary", R, True, (0.0, 1500.5, 3200.25))],
         {"pk": ["worker_id"], "fk": [("branch_id", "branch", "branch_id")]}),
        ("payslip", [("worker_id", INT, False, (1, 2, 3, 4, 5, 6)),
                     ("period", T, False, ("2024-01", "2024-02", "2024-03")),
                     ("gross", R, False, (0.0, 1500.5, 3200.25)), ("tax", R, True, (0.0, 300.125, 640.5)),
                     ("net", R, True, (0.0, 1200.375, 2559.75))],
         {"pk": ["worker_id", "period"], "fk": [("worker_id", "worker", "worker_id")]}),
        ("stage_payslip", [("worker_id", INT, True, (1, 2, 3, 7)), ("period", T, True, ("2024-01", "2024-02")),
                           ("gross", R, True, (0.0, 1500.5, 3200.25))],
         {}),
    ],
}
CRM = {
    "name": "crm",
    "note": "multi-tenant CRM (written for this corpus): tenants, members (NULL-able tenant FK), deals "
            "(NULL-able owner FK, REAL amounts), a type 2 history of members' teams (composite key, "
            "NULL-able valid_to), and a keyless access log",
    "tables": [
        ("tenant", [("tenant_id", INT, False, (1, 2, 3)), ("name", T, False, ("acme", "blue", "core")),
                    ("tier", T, True, ("gold", "free")), ("active", INT, False, (0, 1))],
         {"pk": ["tenant_id"]}),
        ("member", [("member_id", INT, False, (1, 2, 3, 4, 5)), ("tenant_id", INT, True, (1, 2, 3)),
                    ("login", T, False, ("amy", "bo", "cy", "dan")), ("role", T, False, ("admin", "rep", "viewer")),
                    ("region", T, True, ("EU", "US"))],
         {"pk": ["member_id"], "fk": [("tenant_id", "tenant", "tenant_id")]}),
        ("deal", [("deal_id", INT, False, (1, 2, 3, 4, 5, 6)), ("tenant_id", INT, False, (1, 2, 3)),
                  ("owner_id", INT, True, (1, 2, 3, 4, 5)), ("stage", T, False, ("open", "won", "lost")),
                  ("amount", R, True, (0.5, 100.25, 2500.0)), ("region", T, True, ("EU", "US")),
                  ("secret", INT, False, (0, 1)), ("closed", T, True, ("2024-01-15", "2024-02-01", "2024-03-10"))],
         {"pk": ["deal_id"], "fk": [("tenant_id", "tenant", "tenant_id"), ("owner_id", "member", "member_id")]}),
        ("team_hist", [("member_id", INT, False, (1, 2, 3, 4, 5)),
                       ("valid_from", T, False, ("2024-01-01", "2024-02-01", "2024-03-01")),
                       ("valid_to", T, True, ("2024-02-01", "2024-03-01", "2024-04-01")),
                       ("team", T, False, ("red", "blue")), ("is_current", INT, False, (0, 1))],
         {"pk": ["member_id", "valid_from"], "fk": [("member_id", "member", "member_id")]}),
        ("access_log", [("member_id", INT, True, (1, 2, 3, 4, 5)), ("deal_id", INT, True, (1, 2, 3, 4, 5, 6)),
                        ("day", T, True, ("2024-01-15", "2024-02-01")), ("action", T, True, ("read", "edit"))],
         {"fk": [("member_id", "member", "member_id"), ("deal_id", "deal", "deal_id")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (TELECOM, PAYROLL, CRM)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover12", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
