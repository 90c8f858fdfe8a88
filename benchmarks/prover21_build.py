"""Build and check the twenty-first held-out prover corpus (``benchmarks/corpus/prover21/``).

The pairs are written in ``prover21_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``adrep`` (advertising accounts, campaigns with a NULL-able end day
and an integer daily budget, ad groups with a REAL bid, ads with a NULL-able headline and
approval, keywords keyed by (adgroup_id, kw_text) with a NULL-able REAL bid and quality
score, daily statistics keyed by (ad_id, day) with a REAL cost, clicks with a NULL-able
user, conversions with a NULL-able click, budget changes keyed by (campaign_id,
change_day), and a keyless pixel log with duplicates) for online advertising reports;
``cicd`` (repositories, workflows, workflow runs with a NULL-able actor, finish and
conclusion, jobs with a NULL-able runner, start, REAL duration and conclusion, steps keyed
by (job_id, seq), test cases with a NULL-able suite, test results keyed by (job_id,
test_id), deploys with a NULL-able run and rollback day, and a keyless runner log with
duplicates) for CI/CD pipeline analytics; and ``boxoffice`` (venues, events with a NULL-able
on-sale day, seats with a NULL-able price tier, price levels keyed by (event_id, tier) with
a REAL price, customers with a NULL-able country, orders with a NULL-able promo code,
tickets with a NULL-able seat and REAL fee, holds keyed by (event_id, seat_id) with a
NULL-able end day, refunds, and a keyless gate-scan log with duplicates) for event
ticketing. REAL values in the pools are exact binary fractions so sums do not depend on
order.

    python -m benchmarks.prover21_build            # check, then write
    python -m benchmarks.prover21_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover21_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover21"
FILES = {"ad_reporting": "ad_reporting.jsonl", "ci_pipelines": "ci_pipelines.jsonl",
         "event_ticketing": "event_ticketing.jsonl"}

S3 = (1, 2, 3)
S4 = (1, 2, 3, 4)
S6 = (1, 2, 3, 4, 5, 6)
S7 = (1, 2, 3, 4, 5, 6, 7)
ADREP = {
    "name": "adrep",
    "note": "an online advertising reporting store (written for this corpus): accounts, campaigns (NULL-able end "
            "day, integer daily budget), ad groups (REAL bid), ads (NULL-able headline and approval), keywords "
            "(composite key, NULL-able REAL bid and quality score), daily statistics (composite key, REAL cost), "
            "clicks (NULL-able user), conversions (NULL-able click, REAL value), budget changes (composite key), "
            "and a keyless pixel log",
    "tables": [
        ("account", [("account_id", INT, False, S3), ("name", T, False, ("Acme", "Globex", "acme")),
                     ("currency", T, False, ("USD", "EUR"))],
         {"pk": ["account_id"]}),
        ("campaign", [("campaign_id", INT, False, S6), ("account_id", INT, False, S3),
                      ("name", T, False, ("brand", "promo", "Brand")),
                      ("channel", T, False, ("search", "social", "display")),
                      ("status", T, False, ("active", "paused", "removed")), ("start_day", INT, False, (1, 3, 5)),
                      ("end_day", INT, True, (3, 6, 9)), ("budget", INT, False, (0, 100, 250))],
         {"pk": ["campaign_id"], "fk": [("account_id", "account", "account_id")]}),
        ("ad_group", [("adgroup_id", INT, False, S7), ("campaign_id", INT, False, S6),
                      ("name", T, False, ("shoes", "boots", "Shoes")), ("bid", R, False, (0.5, 1.25, 2.0)),
                      ("status", T, False, ("enabled", "paused"))],
         {"pk": ["adgroup_id"], "fk": [("campaign_id", "campaign", "campaign_id")]}),
        ("ad", [("ad_id", INT, False, S7), ("adgroup_id", INT, False, S7),
                ("format", T, False, ("text", "image", "video")), ("headline", T, True, ("Sale", "New", "sale")),
                ("approved", INT, True, (0, 1))],
         {"pk": ["ad_id"], "fk": [("adgroup_id", "ad_group", "adgroup_id")]}),
        ("keyword", [("adgroup_id", INT, False, S7), ("kw_text", T, False, ("shoes", "red shoes", "Shoes")),
                     ("match_type", T, False, ("exact", "phrase", "broad")), ("bid", R, True, (0.5, 1.5, 3.0)),
                     ("qs", INT, True, (1, 5, 10))],
         {"pk": ["adgroup_id", "kw_text"], "fk": [("adgroup_id", "ad_group", "adgroup_id")]}),
        ("daily_stat", [("ad_id", INT, False, S7), ("day", INT, False, (1, 2, 3, 5)),
                        ("impressions", INT, False, (0, 10, 100)), ("clicks", INT, False, (0, 1, 5)),
                        ("cost", R, False, (0.0, 2.5, 7.75, 10.0))],
         {"pk": ["ad_id", "day"], "fk": [("ad_id", "ad", "ad_id")]}),
        ("click", [("click_id", INT, False, S7), ("ad_id", INT, False, S7), ("day", INT, False, (1, 2, 3, 5)),
                   ("user_id", INT, True, S3), ("device", T, False, ("mobile", "desktop", "tablet"))],
         {"pk": ["click_id"], "fk": [("ad_id", "ad", "ad_id")]}),
        ("conversion", [("conv_id", INT, False, S6), ("click_id", INT, True, S7), ("day", INT, False, (1, 2, 5, 9)),
                        ("value", R, False, (0.0, 12.5, 40.25)), ("kind", T, False, ("purchase", "signup"))],
         {"pk": ["conv_id"], "fk": [("click_id", "click", "click_id")]}),
        ("budget_change", [("campaign_id", INT, False, S6), ("change_day", INT, False, (2, 4, 6)),
                           ("new_budget", INT, False, (50, 100, 300))],
         {"pk": ["campaign_id", "change_day"], "fk": [("campaign_id", "campaign", "campaign_id")]}),
        ("pixel_fire", [("ad_id", INT, True, S7), ("user_id", INT, True, S3),
                        ("event", T, True, ("view", "click", "purchase")), ("day", INT, True, (1, 2, 3))],
         {"fk": [("ad_id", "ad", "ad_id")]}),
    ],
}
CICD = {
    "name": "cicd",
    "note": "a CI/CD pipeline analytics store (written for this corpus): repositories, workflows, workflow runs "
            "(NULL-able actor, finish and conclusion), jobs (NULL-able runner, start, REAL duration and "
            "conclusion), steps (composite key), test cases (NULL-able suite), test results (composite key), "
            "deploys (NULL-able run and rollback day), and a keyless runner log",
    "tables": [
        ("repo", [("repo_id", INT, False, S4), ("name", T, False, ("api", "web", "API")),
                  ("default_branch", T, False, ("main", "master")), ("archived", INT, False, (0, 1))],
         {"pk": ["repo_id"]}),
        ("workflow", [("workflow_id", INT, False, S6), ("repo_id", INT, False, S4),
                      ("name", T, False, ("ci", "deploy", "nightly")),
                      ("trigger_event", T, False, ("push", "pull_request", "schedule"))],
         {"pk": ["workflow_id"], "fk": [("repo_id", "repo", "repo_id")]}),
        ("run", [("run_id", INT, False, S7), ("workflow_id", INT, False, S6),
                 ("branch", T, False, ("main", "dev", "feat")), ("actor", T, True, ("ann", "bob", "bot")),
                 ("started", INT, False, (1, 2, 4, 5)), ("finished", INT, True, (2, 4, 7)),
                 ("conclusion", T, True, ("success", "failure", "cancelled")), ("attempt", INT, False, (1, 2))],
         {"pk": ["run_id"], "fk": [("workflow_id", "workflow", "workflow_id")]}),
        ("job", [("job_id", INT, False, S7), ("run_id", INT, False, S7), ("name", T, False, ("build", "test", "lint")),
                 ("runner", T, True, ("linux", "macos")), ("queued", INT, False, (0, 1, 2)),
                 ("started", INT, True, (1, 2, 4)), ("duration", R, True, (0.5, 2.25, 10.0)),
                 ("conclusion", T, True, ("success", "failure", "skipped"))],
         {"pk": ["job_id"], "fk": [("run_id", "run", "run_id")]}),
        ("step", [("job_id", INT, False, S7), ("seq", INT, False, S3),
                  ("name", T, False, ("checkout", "install", "pytest")),
                  ("status", T, False, ("success", "failure", "skipped")), ("seconds", INT, False, (1, 30, 120))],
         {"pk": ["job_id", "seq"], "fk": [("job_id", "job", "job_id")]}),
        ("test_case", [("test_id", INT, False, S6), ("repo_id", INT, False, S4),
                       ("name", T, False, ("test_login", "test_pay", "Test_login")), ("suite", T, True, ("unit", "e2e"))],
         {"pk": ["test_id"], "fk": [("repo_id", "repo", "repo_id")]}),
        ("test_result", [("job_id", INT, False, S7), ("test_id", INT, False, S6),
                         ("outcome", T, False, ("passed", "failed", "skipped")), ("ms", INT, False, (5, 50, 500))],
         {"pk": ["job_id", "test_id"], "fk": [("job_id", "job", "job_id"), ("test_id", "test_case", "test_id")]}),
        ("deploy", [("deploy_id", INT, False, S6), ("run_id", INT, True, S7), ("env", T, False, ("staging", "prod")),
                    ("day", INT, False, (2, 3, 6)), ("rolled_back_day", INT, True, (3, 4, 8))],
         {"pk": ["deploy_id"], "fk": [("run_id", "run", "run_id")]}),
        ("runner_log", [("runner", T, True, ("linux", "macos")), ("job_id", INT, True, S7),
                        ("event", T, True, ("assigned", "heartbeat", "lost")), ("day", INT, True, (1, 2, 4))],
         {"fk": [("job_id", "job", "job_id")]}),
    ],
}
BOXOFFICE = {
    "name": "boxoffice",
    "note": "an event ticketing box office (written for this corpus): venues, events (NULL-able on-sale day), "
            "seats (NULL-able price tier), price levels (composite key, REAL price), customers (NULL-able "
            "country), orders (NULL-able promo code), tickets (NULL-able seat, REAL price, NULL-able REAL fee), "
            "holds (composite key, NULL-able end day), refunds, and a keyless gate-scan log",
    "tables": [
        ("venue", [("venue_id", INT, False, S3), ("name", T, False, ("Arena", "Hall", "arena")),
                   ("city", T, False, ("Oslo", "Lyon")), ("capacity", INT, False, (2, 3, 5))],
         {"pk": ["venue_id"]}),
        ("event", [("event_id", INT, False, S6), ("venue_id", INT, False, S3),
                   ("title", T, False, ("Opera", "Jazz", "opera")), ("day", INT, False, (5, 10, 20)),
                   ("status", T, False, ("onsale", "cancelled", "past")), ("onsale_day", INT, True, (0, 1, 3))],
         {"pk": ["event_id"], "fk": [("venue_id", "venue", "venue_id")]}),
        ("seat", [("seat_id", INT, False, S7), ("venue_id", INT, False, S3), ("section", T, False, ("A", "B", "floor")),
                  ("row_no", INT, False, (1, 2)), ("tier", T, True, ("std", "vip"))],
         {"pk": ["seat_id"], "fk": [("venue_id", "venue", "venue_id")]}),
        ("price_level", [("event_id", INT, False, S6), ("tier", T, False, ("std", "vip", "ga")),
                         ("price", R, False, (20.0, 45.5, 99.75))],
         {"pk": ["event_id", "tier"], "fk": [("event_id", "event", "event_id")]}),
        ("customer", [("cust_id", INT, False, S6), ("email", T, False, ("a@x.io", "b@x.io", "A@x.io")),
                      ("country", T, True, ("NO", "FR")), ("opt_in", INT, False, (0, 1))],
         {"pk": ["cust_id"]}),
        ("ticket_order", [("order_id", INT, False, S7), ("cust_id", INT, False, S6), ("event_id", INT, False, S6),
                          ("day", INT, False, (0, 1, 2, 4)), ("status", T, False, ("paid", "pending", "cancelled")),
                          ("promo", T, True, ("EARLY", "VIP10"))],
         {"pk": ["order_id"], "fk": [("cust_id", "customer", "cust_id"), ("event_id", "event", "event_id")]}),
        ("ticket", [("ticket_id", INT, False, S7), ("order_id", INT, False, S7), ("seat_id", INT, True, S7),
                    ("price", R, False, (20.0, 45.5, 99.75)), ("fee", R, True, (0.0, 2.5, 5.25))],
         {"pk": ["ticket_id"], "fk": [("order_id", "ticket_order", "order_id"), ("seat_id", "seat", "seat_id")]}),
        ("hold", [("event_id", INT, False, S6), ("seat_id", INT, False, S7), ("until_day", INT, True, (1, 3, 6)),
                  ("reason", T, False, ("promoter", "access", "press"))],
         {"pk": ["event_id", "seat_id"], "fk": [("event_id", "event", "event_id"), ("seat_id", "seat", "seat_id")]}),
        ("refund", [("refund_id", INT, False, S4), ("ticket_id", INT, False, S7), ("day", INT, False, (1, 5, 12)),
                    ("amount", R, False, (10.0, 20.0, 45.5)), ("reason", T, True, ("cancelled", "request"))],
         {"pk": ["refund_id"], "fk": [("ticket_id", "ticket", "ticket_id")]}),
        ("scan", [("ticket_id", INT, True, S7), ("gate", T, True, ("north", "south")), ("day", INT, True, (5, 10, 20)),
                  ("result", T, True, ("ok", "duplicate", "invalid"))],
         {"fk": [("ticket_id", "ticket", "ticket_id")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (ADREP, CICD, BOXOFFICE)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover21", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
