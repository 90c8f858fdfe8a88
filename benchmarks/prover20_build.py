"""Build and check the twentieth held-out prover corpus (``benchmarks/corpus/prover20/``).

The pairs are written in ``prover20_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``pms`` (properties, room types with a REAL base rate, rooms with a
NULL-able out-of-order day, guests with a NULL-able loyalty tier and country, reservations
with a NULL-able cancellation day and company, stays keyed by (res_id, night) with a
NULL-able room and a REAL rate, folio charges with a REAL amount and NULL-able REAL
discount, payments, housekeeping tasks with a NULL-able completion day, and a keyless
channel-manager event log with duplicates) for hotel reservations; ``billing`` (customers
with a NULL-able country and churn day, plans with a NULL-able trial length, subscriptions
with a NULL-able end day and coupon, plan changes keyed by (sub_id, change_day), invoices
with a NULL-able paid day, invoice lines keyed by (inv_id, line_no), payment attempts with a
NULL-able failure code, credit notes, usage records with a REAL quantity, and a keyless
webhook event log with duplicates) for subscription billing; and ``desk`` (organisations,
groups, agents with a NULL-able team and a NULL-able self-referencing manager, tickets with
a NULL-able assignee, priority and solved day, comments keyed by (ticket_id, seq) with a
NULL-able author agent, SLA policies and breaches, satisfaction ratings with a NULL-able
score, tags and a ticket-tag link table, and a keyless audit log with duplicates) for help
desk tickets. REAL values in the pools are exact binary fractions so sums do not depend on
order; money in ``billing`` is integer cents.

    python -m benchmarks.prover20_build            # check, then write
    python -m benchmarks.prover20_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover20_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover20"
FILES = {"hotel_reservations": "hotel_reservations.jsonl", "subscription_billing": "subscription_billing.jsonl",
         "helpdesk_tickets": "helpdesk_tickets.jsonl"}

S3 = (1, 2, 3)
S4 = (1, 2, 3, 4)
S6 = (1, 2, 3, 4, 5, 6)
S7 = (1, 2, 3, 4, 5, 6, 7)
PMS = {
    "name": "pms",
    "note": "a hotel property management system (written for this corpus): properties, room types (REAL base "
            "rate), rooms (NULL-able out-of-order day), guests (NULL-able loyalty tier and country), reservations "
            "(NULL-able cancellation day and company), stays (composite key, NULL-able room, REAL rate), folio "
            "charges (REAL amount, NULL-able REAL discount), payments, housekeeping tasks (NULL-able completion "
            "day), and a keyless channel-manager event log",
    "tables": [
        ("property", [("property_id", INT, False, S3), ("name", T, False, ("Harbor", "Lodge", "harbor")),
                      ("city", T, False, ("Oslo", "Rome"))],
         {"pk": ["property_id"]}),
        ("room_type", [("type_id", INT, False, S4), ("property_id", INT, False, S3),
                       ("code", T, False, ("STD", "DLX", "std")), ("base_rate", R, False, (80.0, 120.5, 200.25)),
                       ("max_occ", INT, False, (1, 2, 4))],
         {"pk": ["type_id"], "fk": [("property_id", "property", "property_id")]}),
        ("room", [("room_id", INT, False, S6), ("property_id", INT, False, S3), ("type_id", INT, False, S4),
                  ("floor", INT, False, (1, 2, 3)), ("ooo_day", INT, True, (1, 2, 5))],
         {"pk": ["room_id"], "fk": [("property_id", "property", "property_id"), ("type_id", "room_type", "type_id")]}),
        ("guest", [("guest_id", INT, False, S6), ("name", T, False, ("ann", "bob", "Ann")),
                   ("tier", T, True, ("gold", "silver")), ("country", T, True, ("US", "DE", "us"))],
         {"pk": ["guest_id"]}),
        ("reservation", [("res_id", INT, False, S7), ("guest_id", INT, False, S6), ("property_id", INT, False, S3),
                         ("type_id", INT, False, S4), ("arrival", INT, False, (1, 2, 3, 5)),
                         ("departure", INT, False, (2, 3, 4, 6)), ("booked_day", INT, False, (0, 1, 3)),
                         ("cancel_day", INT, True, (0, 1, 2, 4)), ("company", T, True, ("Acme", "Globex")),
                         ("channel", T, False, ("direct", "ota")),
                         ("status", T, False, ("booked", "in_house", "checked_out", "no_show")),
                         ("adults", INT, False, (1, 2, 3))],
         {"pk": ["res_id"], "fk": [("guest_id", "guest", "guest_id"), ("property_id", "property", "property_id"),
                                   ("type_id", "room_type", "type_id")]}),
        ("stay", [("res_id", INT, False, S7), ("night", INT, False, (1, 2, 3, 4)), ("room_id", INT, True, S6),
                  ("rate", R, False, (80.0, 100.5, 150.25))],
         {"pk": ["res_id", "night"], "fk": [("res_id", "reservation", "res_id"), ("room_id", "room", "room_id")]}),
        ("charge", [("charge_id", INT, False, S7), ("res_id", INT, False, S7), ("day", INT, False, (1, 2, 3, 6)),
                    ("kind", T, False, ("room", "fnb", "spa")), ("amount", R, False, (10.0, 50.5, 100.25)),
                    ("discount", R, True, (0.0, 5.25, 10.5))],
         {"pk": ["charge_id"], "fk": [("res_id", "reservation", "res_id")]}),
        ("payment", [("pay_id", INT, False, S6), ("res_id", INT, False, S7), ("day", INT, False, (1, 3, 5)),
                     ("method", T, False, ("card", "cash", "ar")), ("amount", R, False, (20.0, 60.5, 100.25))],
         {"pk": ["pay_id"], "fk": [("res_id", "reservation", "res_id")]}),
        ("hk_task", [("task_id", INT, False, S6), ("room_id", INT, False, S6), ("day", INT, False, (1, 2, 3)),
                     ("kind", T, False, ("clean", "inspect", "turndown")), ("done_day", INT, True, (1, 2, 4)),
                     ("attendant", T, False, ("ana", "ben"))],
         {"pk": ["task_id"], "fk": [("room_id", "room", "room_id")]}),
        ("channel_event", [("res_id", INT, True, S7), ("channel", T, True, ("booking", "expedia")),
                           ("event", T, True, ("new", "modify", "cancel")), ("day", INT, True, (0, 1, 2))],
         {"fk": [("res_id", "reservation", "res_id")]}),
    ],
}
BILLING = {
    "name": "billing",
    "note": "a subscription billing store (written for this corpus): customers (NULL-able country and churn "
            "day), plans (integer monthly price in cents, NULL-able trial length), subscriptions (NULL-able end "
            "day and coupon), plan changes (composite key), invoices (NULL-able paid day), invoice lines "
            "(composite key), payment attempts (NULL-able failure code), credit notes, usage records (REAL "
            "quantity), and a keyless webhook event log",
    "tables": [
        ("customer", [("cust_id", INT, False, S6), ("name", T, False, ("acme", "beta", "Acme")),
                      ("country", T, True, ("US", "DE", "us")), ("signup_day", INT, False, (0, 10, 30)),
                      ("churn_day", INT, True, (20, 40, 60))],
         {"pk": ["cust_id"]}),
        ("plan", [("plan_id", INT, False, S4), ("name", T, False, ("basic", "pro", "Basic")),
                  ("price", INT, False, (0, 1000, 2500, 5000)), ("billing_interval", T, False, ("month", "year")),
                  ("trial_days", INT, True, (7, 14, 30))],
         {"pk": ["plan_id"]}),
        ("subscription", [("sub_id", INT, False, S7), ("cust_id", INT, False, S6), ("plan_id", INT, False, S4),
                          ("start_day", INT, False, (0, 10, 30, 45)), ("end_day", INT, True, (20, 40, 60)),
                          ("coupon", T, True, ("HALF", "FREE3")), ("qty", INT, False, (1, 2, 5)),
                          ("status", T, False, ("active", "canceled", "past_due"))],
         {"pk": ["sub_id"], "fk": [("cust_id", "customer", "cust_id"), ("plan_id", "plan", "plan_id")]}),
        ("plan_change", [("sub_id", INT, False, S7), ("change_day", INT, False, (5, 15, 35)),
                         ("old_plan", INT, False, S4), ("new_plan", INT, False, S4)],
         {"pk": ["sub_id", "change_day"], "fk": [("sub_id", "subscription", "sub_id"), ("old_plan", "plan", "plan_id"),
                                                 ("new_plan", "plan", "plan_id")]}),
        ("invoice", [("inv_id", INT, False, S7), ("sub_id", INT, False, S7), ("cust_id", INT, False, S6),
                     ("issue_day", INT, False, (0, 10, 30, 40)), ("due_day", INT, False, (10, 20, 40, 50)),
                     ("paid_day", INT, True, (5, 15, 35, 55)), ("total", INT, False, (0, 1000, 2500, 5000)),
                     ("status", T, False, ("open", "paid", "void"))],
         {"pk": ["inv_id"], "fk": [("sub_id", "subscription", "sub_id"), ("cust_id", "customer", "cust_id")]}),
        ("invoice_line", [("inv_id", INT, False, S7), ("line_no", INT, False, S3),
                          ("kind", T, False, ("subscription", "usage", "proration")),
                          ("amount", INT, False, (-500, 1000, 2500))],
         {"pk": ["inv_id", "line_no"], "fk": [("inv_id", "invoice", "inv_id")]}),
        ("payment_attempt", [("attempt_id", INT, False, S7), ("inv_id", INT, False, S7),
                             ("day", INT, False, (10, 12, 15, 20)), ("amount", INT, False, (1000, 2500, 5000)),
                             ("failure_code", T, True, ("card_declined", "insufficient_funds"))],
         {"pk": ["attempt_id"], "fk": [("inv_id", "invoice", "inv_id")]}),
        ("credit_note", [("note_id", INT, False, S4), ("inv_id", INT, False, S7), ("day", INT, False, (10, 20, 40)),
                         ("amount", INT, False, (500, 1000, 2500)), ("reason", T, False, ("refund", "goodwill"))],
         {"pk": ["note_id"], "fk": [("inv_id", "invoice", "inv_id")]}),
        ("usage_record", [("usage_id", INT, False, S7), ("sub_id", INT, False, S7), ("day", INT, False, (1, 10, 20, 35)),
                          ("metric", T, False, ("api_calls", "seats")), ("quantity", R, False, (0.5, 1.25, 3.0))],
         {"pk": ["usage_id"], "fk": [("sub_id", "subscription", "sub_id")]}),
        ("webhook_event", [("event_type", T, True, ("invoice.paid", "invoice.payment_failed", "subscription.deleted")),
                           ("cust_id", INT, True, S6), ("inv_id", INT, True, S7), ("day", INT, True, (1, 10, 20))],
         {"fk": [("cust_id", "customer", "cust_id"), ("inv_id", "invoice", "inv_id")]}),
    ],
}
DESK = {
    "name": "desk",
    "note": "a help desk (written for this corpus): organisations, groups, agents (NULL-able team, NULL-able "
            "self-referencing manager), tickets (NULL-able assignee, priority and solved day), comments (composite "
            "key, NULL-able author agent), SLA policies and breaches, satisfaction ratings (NULL-able score), tags "
            "and ticket tags (many-to-many), and a keyless audit / status-change log",
    "tables": [
        ("org", [("org_id", INT, False, S4), ("name", T, False, ("Acme", "Initech", "acme")),
                 ("tier", T, False, ("free", "enterprise"))],
         {"pk": ["org_id"]}),
        ("grp", [("group_id", INT, False, S3), ("name", T, False, ("support", "billing", "Support"))],
         {"pk": ["group_id"]}),
        ("agent", [("agent_id", INT, False, S6), ("name", T, False, ("ann", "bob", "Ann")),
                   ("team", T, True, ("tier1", "tier2")), ("manager_id", INT, True, S6),
                   ("group_id", INT, False, S3), ("active", INT, False, (0, 1))],
         {"pk": ["agent_id"], "fk": [("manager_id", "agent", "agent_id"), ("group_id", "grp", "group_id")]}),
        ("ticket", [("ticket_id", INT, False, S7), ("org_id", INT, False, S4), ("group_id", INT, False, S3),
                    ("assignee_id", INT, True, S6), ("priority", T, True, ("low", "normal", "urgent")),
                    ("status", T, False, ("new", "open", "pending", "solved", "closed")),
                    ("channel", T, False, ("email", "web", "chat")), ("created_day", INT, False, (1, 2, 5)),
                    ("created_hour", INT, False, (9, 13, 22)), ("solved_day", INT, True, (1, 3, 6, 10))],
         {"pk": ["ticket_id"], "fk": [("org_id", "org", "org_id"), ("group_id", "grp", "group_id"),
                                      ("assignee_id", "agent", "agent_id")]}),
        ("comment", [("ticket_id", INT, False, S7), ("seq", INT, False, S3), ("author_agent", INT, True, S6),
                     ("public", INT, False, (0, 1)), ("day", INT, False, (1, 2, 3, 6)),
                     ("hour", INT, False, (8, 9, 14))],
         {"pk": ["ticket_id", "seq"], "fk": [("ticket_id", "ticket", "ticket_id"), ("author_agent", "agent", "agent_id")]}),
        ("sla_policy", [("policy_id", INT, False, S3), ("priority", T, False, ("low", "normal", "urgent")),
                        ("reply_hours", INT, False, (1, 4, 24)), ("resolve_days", INT, False, (1, 3, 5))],
         {"pk": ["policy_id"]}),
        ("sla_breach", [("breach_id", INT, False, S6), ("ticket_id", INT, False, S7), ("policy_id", INT, False, S3),
                        ("metric", T, False, ("first_reply", "resolution")), ("breach_day", INT, False, (1, 3, 6))],
         {"pk": ["breach_id"], "fk": [("ticket_id", "ticket", "ticket_id"), ("policy_id", "sla_policy", "policy_id")]}),
        ("rating", [("ticket_id", INT, False, S7), ("score", INT, True, (1, 3, 5)), ("day", INT, False, (2, 4, 8))],
         {"pk": ["ticket_id"], "fk": [("ticket_id", "ticket", "ticket_id")]}),
        ("tag", [("tag_id", INT, False, S4), ("name", T, False, ("refund", "bug", "vip", "Bug"))],
         {"pk": ["tag_id"]}),
        ("ticket_tag", [("ticket_id", INT, False, S7), ("tag_id", INT, False, S4)],
         {"pk": ["ticket_id", "tag_id"], "fk": [("ticket_id", "ticket", "ticket_id"), ("tag_id", "tag", "tag_id")]}),
        ("audit", [("ticket_id", INT, True, S7), ("agent_id", INT, True, S6), ("day", INT, True, (1, 2, 5)),
                   ("field", T, True, ("status", "assignee")), ("old_value", T, True, ("solved", "open")),
                   ("new_value", T, True, ("open", "solved", "pending"))],
         {"fk": [("ticket_id", "ticket", "ticket_id"), ("agent_id", "agent", "agent_id")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (PMS, BILLING, DESK)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover20", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
