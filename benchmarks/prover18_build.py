"""Build and check the eighteenth held-out prover corpus (``benchmarks/corpus/prover18/``).

The pairs are written in ``prover18_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``lease`` (properties with a NULL-able city, units, tenants with a
NULL-able email, leases with a NULL-able end day, rent charges keyed by (lease_id, month,
kind), payments with a NULL-able lease FK and method, vendors, work orders with a NULL-able
vendor FK, closed day and REAL cost, inspections keyed by (unit_id, insp_day), and a keyless
activity log with NULL-able lease FK, day and event, and duplicates) for property management;
``grants`` (funders with a NULL-able kind, programs with a REAL match share, applications with
a NULL-able decision and decision day, awards, budget lines keyed by (award_id, line_no),
expenditures with a NULL-able budget line number and REAL amounts, reporting deadlines keyed
by (award_id, due_day), submitted reports, reviewers, scores keyed by (app_id, reviewer_id)
with a NULL-able REAL score, and a keyless audit log with duplicates) for grants management;
and ``workforce`` (departments, positions, employees with a NULL-able department, a NULL-able
self-referencing manager FK and termination day, job history keyed by (emp_id, start_day),
compensation changes, time-off requests, accruals keyed by (emp_id, year), timesheets keyed by
(emp_id, week) with REAL hours, performance reviews keyed by (emp_id, cycle) with a NULL-able
REAL rating, and a keyless clock event log with duplicates) for HR reports. REAL values in
the pools are exact binary fractions so sums do not depend on order.

    python -m benchmarks.prover18_build            # check, then write
    python -m benchmarks.prover18_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover18_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover18"
FILES = {"property_management": "property_management.jsonl", "grants_management": "grants_management.jsonl",
         "workforce_reports": "workforce_reports.jsonl"}

S4 = (1, 2, 3, 4)
S6 = (1, 2, 3, 4, 5, 6)
LEASE = {
    "name": "lease",
    "note": "a property-management ledger (written for this corpus): properties (NULL-able city), units, tenants "
            "(NULL-able email), leases (NULL-able end day), rent charges (composite key), payments (NULL-able lease "
            "and method), vendors, work orders (NULL-able vendor, closed day and REAL cost), inspections (composite "
            "key), and a keyless activity log",
    "tables": [
        ("property", [("prop_id", INT, False, S4), ("name", T, False, ("Oak", "Elm", "oak")), ("city", T, True, ("A", "B"))],
         {"pk": ["prop_id"]}),
        ("unit", [("unit_id", INT, False, S6), ("prop_id", INT, False, S4), ("beds", INT, False, (1, 2, 3)),
                  ("market_rent", INT, False, (800, 1000, 1200))],
         {"pk": ["unit_id"], "fk": [("prop_id", "property", "prop_id")]}),
        ("tenant", [("tenant_id", INT, False, S6), ("name", T, False, ("ann", "bob", "Ann")),
                    ("email", T, True, ("a@x", ""))],
         {"pk": ["tenant_id"]}),
        ("lease", [("lease_id", INT, False, S6), ("unit_id", INT, False, S6), ("tenant_id", INT, False, S6),
                   ("start_day", INT, False, (0, 10, 20)), ("end_day", INT, True, (10, 20, 40)),
                   ("rent", INT, False, (800, 1000, 1200)), ("status", T, False, ("active", "notice", "ended"))],
         {"pk": ["lease_id"], "fk": [("unit_id", "unit", "unit_id"), ("tenant_id", "tenant", "tenant_id")]}),
        ("charge", [("lease_id", INT, False, S6), ("month", INT, False, (1, 2, 3)), ("kind", T, False, ("rent", "fee")),
                    ("amount", INT, False, (50, 800, 1000))],
         {"pk": ["lease_id", "month", "kind"], "fk": [("lease_id", "lease", "lease_id")]}),
        ("payment", [("pay_id", INT, False, S6), ("lease_id", INT, True, S6), ("day", INT, False, (1, 5, 12, 35)),
                     ("amount", INT, False, (50, 500, 800, 1000)), ("method", T, True, ("ach", "check"))],
         {"pk": ["pay_id"], "fk": [("lease_id", "lease", "lease_id")]}),
        ("vendor", [("vendor_id", INT, False, (1, 2, 3)), ("name", T, False, ("Acme", "Bolt")),
                    ("trade", T, False, ("plumb", "hvac"))],
         {"pk": ["vendor_id"]}),
        ("work_order", [("wo_id", INT, False, S6), ("unit_id", INT, False, S6), ("vendor_id", INT, True, (1, 2, 3)),
                        ("priority", T, False, ("high", "low")), ("opened_day", INT, False, (1, 5, 10)),
                        ("closed_day", INT, True, (3, 8, 20)), ("cost", R, True, (0.5, 100.25, 250.0))],
         {"pk": ["wo_id"], "fk": [("unit_id", "unit", "unit_id"), ("vendor_id", "vendor", "vendor_id")]}),
        ("inspection", [("unit_id", INT, False, S6), ("insp_day", INT, False, (1, 10, 20)),
                        ("result", T, False, ("pass", "fail"))],
         {"pk": ["unit_id", "insp_day"], "fk": [("unit_id", "unit", "unit_id")]}),
        ("activity", [("lease_id", INT, True, S6), ("day", INT, True, (1, 2, 3)),
                      ("event", T, True, ("move_in", "move_out", "notice"))],
         {"fk": [("lease_id", "lease", "lease_id")]}),
    ],
}
GRANTS = {
    "name": "grants",
    "note": "a grants-management system (written for this corpus): funders (NULL-able kind), programs (REAL match "
            "share), applications (NULL-able decision and decision day), awards, budget lines (composite key), "
            "expenditures (NULL-able budget line number, REAL amount), reporting deadlines (composite key), "
            "submitted reports, reviewers, scores (composite key, NULL-able REAL score), and a keyless audit log",
    "tables": [
        ("funder", [("funder_id", INT, False, (1, 2, 3)), ("name", T, False, ("NIH", "NSF", "nih")),
                    ("kind", T, True, ("federal", "private"))],
         {"pk": ["funder_id"]}),
        ("program", [("program_id", INT, False, S4), ("funder_id", INT, False, (1, 2, 3)),
                     ("name", T, False, ("R01", "CAREER")), ("match_share", R, False, (0.0, 0.25, 0.5))],
         {"pk": ["program_id"], "fk": [("funder_id", "funder", "funder_id")]}),
        ("application", [("app_id", INT, False, S6), ("program_id", INT, False, S4), ("pi", T, False, ("ann", "bob", "cy")),
                         ("requested", INT, False, (100, 500, 1000)), ("submitted_day", INT, False, (1, 5, 10)),
                         ("decision_day", INT, True, (8, 15, 30)), ("decision", T, True, ("award", "decline"))],
         {"pk": ["app_id"], "fk": [("program_id", "program", "program_id")]}),
        ("award", [("award_id", INT, False, S6), ("app_id", INT, False, S6), ("amount", INT, False, (100, 400, 1000)),
                   ("start_day", INT, False, (10, 20)), ("end_day", INT, False, (30, 60))],
         {"pk": ["award_id"], "fk": [("app_id", "application", "app_id")]}),
        ("budget_line", [("award_id", INT, False, S6), ("line_no", INT, False, (1, 2, 3)),
                         ("category", T, False, ("personnel", "travel", "equipment")), ("budgeted", INT, False, (0, 50, 200))],
         {"pk": ["award_id", "line_no"], "fk": [("award_id", "award", "award_id")]}),
        ("expenditure", [("exp_id", INT, False, (1, 2, 3, 4, 5, 6, 7)), ("award_id", INT, False, S6),
                         ("line_no", INT, True, (1, 2, 3)), ("day", INT, False, (5, 15, 40)),
                         ("amount", R, False, (25.0, 50.5, 100.25)), ("is_match", INT, False, (0, 1))],
         {"pk": ["exp_id"], "fk": [("award_id", "award", "award_id")]}),
        ("report_due", [("award_id", INT, False, S6), ("due_day", INT, False, (20, 40, 60)),
                        ("kind", T, False, ("progress", "final"))],
         {"pk": ["award_id", "due_day"], "fk": [("award_id", "award", "award_id")]}),
        ("report", [("report_id", INT, False, S6), ("award_id", INT, False, S6), ("kind", T, False, ("progress", "final")),
                    ("submitted_day", INT, False, (15, 40, 70))],
         {"pk": ["report_id"], "fk": [("award_id", "award", "award_id")]}),
        ("reviewer", [("reviewer_id", INT, False, (1, 2, 3)), ("name", T, False, ("rae", "sol")),
                      ("external", INT, False, (0, 1))],
         {"pk": ["reviewer_id"]}),
        ("score", [("app_id", INT, False, S6), ("reviewer_id", INT, False, (1, 2, 3)),
                   ("score", R, True, (1.0, 2.5, 4.0, 5.0))],
         {"pk": ["app_id", "reviewer_id"], "fk": [("app_id", "application", "app_id"),
                                                  ("reviewer_id", "reviewer", "reviewer_id")]}),
        ("audit_log", [("app_id", INT, True, S6), ("actor", T, True, ("ann", "sys")),
                       ("action", T, True, ("submit", "review", "decide")), ("day", INT, True, (1, 2, 3))],
         {"fk": [("app_id", "application", "app_id")]}),
    ],
}
WORKFORCE = {
    "name": "workforce",
    "note": "an HR information system (written for this corpus): departments, positions, employees (NULL-able "
            "department, self-referencing NULL-able manager, NULL-able termination day and gender), job history "
            "(composite key), compensation changes, time-off requests, accruals and timesheets (composite keys, "
            "REAL hours), performance reviews (composite key, NULL-able REAL rating and reviewer), and a keyless "
            "clock event log",
    "tables": [
        ("department", [("dept_id", INT, False, (1, 2, 3)), ("name", T, False, ("Eng", "Ops", "eng"))],
         {"pk": ["dept_id"]}),
        ("position", [("pos_id", INT, False, S4), ("title", T, False, ("engineer", "manager", "analyst")),
                      ("grade", INT, False, (1, 2, 3)), ("min_pay", INT, False, (50, 80)), ("max_pay", INT, False, (90, 120))],
         {"pk": ["pos_id"]}),
        ("employee", [("emp_id", INT, False, S6), ("name", T, False, ("ann", "bob", "Ann")),
                      ("dept_id", INT, True, (1, 2, 3)), ("manager_id", INT, True, S6),
                      ("hire_day", INT, False, (0, 100, 200)), ("term_day", INT, True, (100, 250, 400)),
                      ("gender", T, True, ("F", "M"))],
         {"pk": ["emp_id"], "fk": [("dept_id", "department", "dept_id"), ("manager_id", "employee", "emp_id")]}),
        ("job_history", [("emp_id", INT, False, S6), ("start_day", INT, False, (0, 100, 200)), ("pos_id", INT, False, S4),
                         ("dept_id", INT, True, (1, 2, 3))],
         {"pk": ["emp_id", "start_day"], "fk": [("emp_id", "employee", "emp_id"), ("pos_id", "position", "pos_id"),
                                                ("dept_id", "department", "dept_id")]}),
        ("comp_change", [("change_id", INT, False, (1, 2, 3, 4, 5, 6, 7)), ("emp_id", INT, False, S6),
                         ("eff_day", INT, False, (0, 100, 200)), ("salary", INT, False, (60, 80, 100)),
                         ("reason", T, False, ("hire", "merit", "promo"))],
         {"pk": ["change_id"], "fk": [("emp_id", "employee", "emp_id")]}),
        ("time_off", [("req_id", INT, False, S6), ("emp_id", INT, False, S6), ("start_day", INT, False, (10, 20, 30)),
                      ("days", INT, False, (1, 2, 5)), ("kind", T, False, ("pto", "sick")),
                      ("status", T, False, ("approved", "pending", "denied"))],
         {"pk": ["req_id"], "fk": [("emp_id", "employee", "emp_id")]}),
        ("accrual", [("emp_id", INT, False, S6), ("year", INT, False, (1, 2)), ("days", INT, False, (0, 5, 10))],
         {"pk": ["emp_id", "year"], "fk": [("emp_id", "employee", "emp_id")]}),
        ("timesheet", [("emp_id", INT, False, S6), ("week", INT, False, (1, 2, 3)),
                       ("hours", R, False, (0.0, 37.5, 40.0, 45.5))],
         {"pk": ["emp_id", "week"], "fk": [("emp_id", "employee", "emp_id")]}),
        ("review", [("emp_id", INT, False, S6), ("cycle", INT, False, (1, 2)), ("rating", R, True, (1.5, 3.0, 4.5)),
                    ("reviewer_id", INT, True, S6)],
         {"pk": ["emp_id", "cycle"], "fk": [("emp_id", "employee", "emp_id"), ("reviewer_id", "employee", "emp_id")]}),
        ("clock", [("emp_id", INT, True, S6), ("day", INT, True, (1, 2, 3)), ("kind", T, True, ("in", "out")),
                   ("minute", INT, True, (480, 540, 1020))],
         {"fk": [("emp_id", "employee", "emp_id")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (LEASE, GRANTS, WORKFORCE)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover18", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
