"""Build and check the fifteenth held-out prover corpus (``benchmarks/corpus/prover15/``).

The pairs are written in ``prover15_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``search_index`` (doc with NULL-able author, REAL score and year, a
tag table with a composite key (doc_id, tag), comment with a NULL-able doc FK, and a keyless
hit_log with duplicates) for document-store and search query layers; ``ledger`` (account
with NULL-able kind and currency, journal entries, postings with a composite key (entry_id,
line_no), a NULL-able account FK and signed INTEGER cents, a rate table keyed by (currency,
day) with REAL rates, invoices with REAL amounts and a NULL-able payment day, lots for FIFO,
and a keyless bank_line statement with a NULL-able journal FK) for bookkeeping; and
``eligibility`` (applicant with NULL-able age, REAL income, region and membership flag, a
decision table whose NULL cells mean "any", claims with a NULL-able applicant FK and REAL
amount, entitlements keyed by (app_id, benefit), and a keyless exclusion list) for business
rules. REAL values in the pools are exact binary fractions so sums do not depend on order.

    python -m benchmarks.prover15_build            # check, then write
    python -m benchmarks.prover15_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover15_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover15"
FILES = {"document_and_search": "document_and_search.jsonl", "ledger_and_finance": "ledger_and_finance.jsonl",
         "rules_and_decisions": "rules_and_decisions.jsonl"}

SEARCH_INDEX = {
    "name": "search_index",
    "note": "documents behind a document-store / search query layer (written for this corpus): docs (NULL-able "
            "author, REAL score, year), tags (composite key), comments (NULL-able doc), and a keyless hit log",
    "tables": [
        ("doc", [("doc_id", INT, False, (1, 2, 3, 4, 5, 6)), ("author", T, True, ("ann", "bob", "Ann")),
                 ("status", T, False, ("draft", "live")), ("score", R, True, (0.5, 1.0, 2.5)),
                 ("yr", INT, True, (2020, 2021, 2022))],
         {"pk": ["doc_id"]}),
        ("tag", [("doc_id", INT, False, (1, 2, 3, 4, 5, 6)), ("tag", T, False, ("db", "ml", "web"))],
         {"pk": ["doc_id", "tag"], "fk": [("doc_id", "doc", "doc_id")]}),
        ("comment", [("comment_id", INT, False, (1, 2, 3, 4, 5, 6)), ("doc_id", INT, True, (1, 2, 3, 4, 5, 6)),
                     ("stars", INT, True, (1, 3, 5)), ("body", T, True, ("ok", "bad", ""))],
         {"pk": ["comment_id"], "fk": [("doc_id", "doc", "doc_id")]}),
        ("hit_log", [("doc_id", INT, True, (1, 2, 3, 4, 5, 6)), ("term", T, True, ("sql", "join")),
                     ("pos", INT, True, (1, 2, 3))],
         {"fk": [("doc_id", "doc", "doc_id")]}),
    ],
}
LEDGER = {
    "name": "ledger",
    "note": "a double-entry ledger (written for this corpus): accounts (NULL-able kind, currency), journal entries, "
            "postings (composite key, NULL-able account, signed INTEGER cents), rates valid from a day (REAL), "
            "invoices (REAL amount, NULL-able payment day), stock lots, and a keyless bank statement",
    "tables": [
        ("account", [("account_id", INT, False, (1, 2, 3, 4, 5)), ("name", T, False, ("cash", "bank", "sales", "Cash")),
                     ("kind", T, True, ("asset", "income", "expense")), ("currency", T, True, ("EUR", "USD"))],
         {"pk": ["account_id"]}),
        ("journal", [("entry_id", INT, False, (1, 2, 3, 4, 5, 6)), ("day", INT, False, (1, 2, 3, 5)),
                     ("memo", T, True, ("open", "fee", ""))],
         {"pk": ["entry_id"]}),
        ("posting", [("entry_id", INT, False, (1, 2, 3, 4, 5, 6)), ("line_no", INT, False, (1, 2, 3)),
                     ("account_id", INT, True, (1, 2, 3, 4, 5)), ("amount", INT, False, (-250, -100, 50, 100, 250))],
         {"pk": ["entry_id", "line_no"], "fk": [("entry_id", "journal", "entry_id"), ("account_id", "account", "account_id")]}),
        ("rate", [("currency", T, False, ("EUR", "USD")), ("day", INT, False, (1, 3, 5)),
                  ("rate", R, False, (0.5, 1.0, 1.25, 2.0))],
         {"pk": ["currency", "day"]}),
        ("invoice", [("invoice_id", INT, False, (1, 2, 3, 4, 5, 6)), ("customer", T, False, ("acme", "bolt")),
                     ("due", INT, False, (0, 30, 60, 90)), ("amount", R, True, (0.5, 1.5, 4.0)),
                     ("paid_day", INT, True, (10, 40, 100))],
         {"pk": ["invoice_id"]}),
        ("lot", [("lot_id", INT, False, (1, 2, 3, 4, 5)), ("item", T, False, ("ore", "tin")), ("day", INT, False, (1, 2, 3)),
                 ("qty", INT, False, (1, 2, 5)), ("cost", R, False, (0.5, 1.25, 2.0))],
         {"pk": ["lot_id"]}),
        ("bank_line", [("day", INT, True, (1, 2, 3)), ("amount", R, True, (-1.0, 0.5, 1.0, 2.5)),
                       ("ref", INT, True, (1, 2, 3, 4, 5, 6))],
         {"fk": [("ref", "journal", "entry_id")]}),
    ],
}
ELIGIBILITY = {
    "name": "eligibility",
    "note": "business rules over applicants (written for this corpus): applicants (NULL-able age, REAL income, "
            "region, membership flag), a decision table (NULL cells mean any), claims (NULL-able applicant, REAL "
            "amount), entitlements (composite key), and a keyless exclusion list",
    "tables": [
        ("applicant", [("app_id", INT, False, (1, 2, 3, 4, 5)), ("age", INT, True, (17, 18, 25, 65, 70)),
                       ("income", R, True, (0.5, 1.5, 2.5, 4.0)), ("region", T, True, ("north", "south", "North")),
                       ("is_member", INT, True, (0, 1))],
         {"pk": ["app_id"]}),
        ("decision", [("row_id", INT, False, (1, 2, 3, 4)), ("min_age", INT, True, (18, 65)),
                      ("max_age", INT, True, (64, 99)), ("region", T, True, ("north", "south")),
                      ("benefit", T, False, ("A", "B", "C")), ("priority", INT, False, (1, 2, 3)),
                      ("amount", R, False, (0.5, 1.0, 2.25))],
         {"pk": ["row_id"]}),
        ("claim", [("claim_id", INT, False, (1, 2, 3, 4, 5, 6)), ("app_id", INT, True, (1, 2, 3, 4, 5)),
                   ("kind", T, False, ("med", "dent")), ("amount", R, True, (0.25, 1.0, 3.5)),
                   ("day", INT, False, (1, 2, 3))],
         {"pk": ["claim_id"], "fk": [("app_id", "applicant", "app_id")]}),
        ("entitlement", [("app_id", INT, False, (1, 2, 3, 4, 5)), ("benefit", T, False, ("A", "B", "C")),
                         ("units", INT, True, (1, 2, 5))],
         {"pk": ["app_id", "benefit"], "fk": [("app_id", "applicant", "app_id")]}),
        ("exclusion", [("app_id", INT, True, (1, 2, 3, 4, 5)), ("kind", T, True, ("med", "dent"))],
         {"fk": [("app_id", "applicant", "app_id")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (SEARCH_INDEX, LEDGER, ELIGIBILITY)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover15", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
