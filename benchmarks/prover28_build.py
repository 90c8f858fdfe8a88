"""Build and check the twenty-eighth held-out prover corpus (``benchmarks/corpus/prover28/``).

The pairs are written in ``prover28_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``projtrack`` (people with a NULL-able team, rate and manager, projects
with a NULL-able owner, tasks with a NULL-able priority and due day and a REAL weight,
assignments keyed by (task, person), and a keyless timesheet log with duplicates) for the
optimizer rule catalogue; ``dsmart`` (a small TPC-DS-like star: calendar days, items with a
NULL-able price and manager, stores with a NULL-able county, buyers with a NULL-able state,
birth year and preference, store sales keyed by (ticket, line) with NULL-able day, buyer and
store keys, a keyless returns fact, and web orders) for rewritten TPC-DS-style queries; and
``podhost`` (shows with a NULL-able network, episodes with a NULL-able publish day and REAL
rating, listeners with a NULL-able country, follows keyed by (listener, show) with a NULL-able
unfollow day, sponsors, ad slots keyed by (episode, slot) with a NULL-able sponsor, and a
keyless download log with duplicates) for podcast hosting analytics. REAL values in the pools
are exact binary fractions; money is in integer cents.

    python -m benchmarks.prover28_build            # check, then write
    python -m benchmarks.prover28_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover28_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover28"
FILES = {"rule_catalogue": "rule_catalogue.jsonl", "tpcds_rewritten": "tpcds_rewritten.jsonl",
         "podcast_reports": "podcast_reports.jsonl"}

S3 = (1, 2, 3)
S4 = (1, 2, 3, 4)
S5 = (1, 2, 3, 4, 5)
S6 = (1, 2, 3, 4, 5, 6)
S7 = (1, 2, 3, 4, 5, 6, 7)
PROJTRACK = {
    "name": "projtrack",
    "note": "project tracking (written for this corpus): people (NULL-able team, rate and manager), projects "
            "(NULL-able owner, budget, status), tasks (NULL-able priority and due day, REAL weight), assignments, "
            "and a keyless timesheet log",
    "tables": [
        ("people", [("person_id", INT, False, S6), ("team", T, True, ("core", "ops")),
                    ("rate", INT, True, (0, 50, 80)), ("manager_id", INT, True, S6)],
         {"pk": ["person_id"], "fk": [("manager_id", "people", "person_id")]}),
        ("projects", [("project_id", INT, False, S5), ("owner_id", INT, True, S6),
                      ("budget", INT, False, (0, 100, 500)), ("status", T, False, ("active", "closed"))],
         {"pk": ["project_id"], "fk": [("owner_id", "people", "person_id")]}),
        ("tasks", [("task_id", INT, False, S7), ("project_id", INT, False, S5), ("priority", INT, True, S3),
                   ("est_h", INT, False, (1, 2, 8)), ("due_day", INT, True, (5, 10, 20)),
                   ("weight", R, False, (0.5, 1.0, 2.25))],
         {"pk": ["task_id"], "fk": [("project_id", "projects", "project_id")]}),
        ("assignments", [("task_id", INT, False, S7), ("person_id", INT, False, S6),
                         ("role", T, False, ("dev", "qa"))],
         {"pk": ["task_id", "person_id"], "fk": [("task_id", "tasks", "task_id"),
                                                 ("person_id", "people", "person_id")]}),
        ("timesheets", [("person_id", INT, True, S6), ("task_id", INT, True, S7), ("day", INT, True, S3),
                        ("hours", INT, True, (1, 2, 4)), ("billable", INT, True, (0, 1))],
         {"fk": [("person_id", "people", "person_id"), ("task_id", "tasks", "task_id")]}),
    ],
}
DSMART = {
    "name": "dsmart",
    "note": "a small TPC-DS-like star (written for this corpus): calendar days, items (NULL-able price and manager), "
            "stores (NULL-able county), buyers (NULL-able state, birth year, preference), store sales with NULL-able "
            "day, buyer and store keys, a keyless store returns fact, and web orders",
    "tables": [
        ("cal", [("d_key", INT, False, S6), ("d_year", INT, False, (2000, 2001)), ("d_moy", INT, False, (1, 2, 12)),
                 ("d_dow", INT, False, (0, 3, 6))],
         {"pk": ["d_key"]}),
        ("prod", [("i_key", INT, False, S6), ("i_category", T, False, ("Books", "Music", "Home")),
                  ("i_brand", T, False, ("b1", "b2")), ("i_price", INT, True, (0, 10, 25)),
                  ("i_manager", INT, True, (1, 2))],
         {"pk": ["i_key"]}),
        ("shop", [("s_key", INT, False, S3), ("s_state", T, False, ("TN", "GA")),
                  ("s_county", T, True, ("Ziebach", "Bronx"))],
         {"pk": ["s_key"]}),
        ("buyer", [("c_key", INT, False, S5), ("c_state", T, True, ("TN", "GA", "CA")),
                   ("c_birth_year", INT, True, (1950, 1980, 1990)), ("c_pref", T, True, ("Y", "N"))],
         {"pk": ["c_key"]}),
        ("sale", [("ticket", INT, False, S5), ("line", INT, False, S3), ("d_key", INT, True, S6),
                  ("i_key", INT, False, S6), ("c_key", INT, True, S5), ("s_key", INT, True, S3),
                  ("qty", INT, True, (1, 2, 5)), ("net", INT, True, (0, 100, 250))],
         {"pk": ["ticket", "line"], "fk": [("d_key", "cal", "d_key"), ("i_key", "prod", "i_key"),
                                           ("c_key", "buyer", "c_key"), ("s_key", "shop", "s_key")]}),
        ("sret", [("ticket", INT, True, S5), ("i_key", INT, True, S6), ("d_key", INT, True, S6),
                  ("c_key", INT, True, S5), ("s_key", INT, True, S3), ("amt", INT, True, (0, 50, 100)),
                  ("reason", T, True, ("late", "broken"))],
         {"fk": [("i_key", "prod", "i_key"), ("d_key", "cal", "d_key"), ("c_key", "buyer", "c_key"),
                 ("s_key", "shop", "s_key")]}),
        ("web", [("order_no", INT, False, S6), ("d_key", INT, True, S6), ("i_key", INT, False, S6),
                 ("c_key", INT, True, S5), ("qty", INT, True, (1, 3)), ("net", INT, True, (0, 100, 300))],
         {"pk": ["order_no"], "fk": [("d_key", "cal", "d_key"), ("i_key", "prod", "i_key"),
                                     ("c_key", "buyer", "c_key")]}),
    ],
}
PODHOST = {
    "name": "podhost",
    "note": "podcast hosting analytics (written for this corpus): shows (NULL-able network, explicit flag), episodes "
            "(NULL-able publish day, REAL rating), listeners (NULL-able country), follows (NULL-able unfollow day), "
            "sponsors, ad slots (NULL-able sponsor), and a keyless download log",
    "tables": [
        ("shows", [("show_id", INT, False, S4), ("title", T, False, ("Dev Talk", "Cook Up", "dev talk")),
                   ("network", T, True, ("Acast", "Indie")), ("explicit", INT, False, (0, 1))],
         {"pk": ["show_id"]}),
        ("episodes", [("episode_id", INT, False, S7), ("show_id", INT, False, S4), ("ep_no", INT, False, S3),
                      ("publish_day", INT, True, (1, 3, 7, 8)), ("duration_s", INT, False, (600, 1800, 3600)),
                      ("rating", R, True, (3.5, 4.25, 5.0))],
         {"pk": ["episode_id"], "fk": [("show_id", "shows", "show_id")]}),
        ("listeners", [("listener_id", INT, False, S6), ("country", T, True, ("US", "DE", "BR")),
                       ("signup_day", INT, False, (0, 2, 5))],
         {"pk": ["listener_id"]}),
        ("follows", [("listener_id", INT, False, S6), ("show_id", INT, False, S4), ("since_day", INT, False, (0, 3, 6)),
                     ("unfollow_day", INT, True, (4, 8))],
         {"pk": ["listener_id", "show_id"], "fk": [("listener_id", "listeners", "listener_id"),
                                                   ("show_id", "shows", "show_id")]}),
        ("sponsors", [("sponsor_id", INT, False, S4), ("name", T, False, ("Acme", "Bolt", "acme")),
                      ("category", T, False, ("tech", "food"))],
         {"pk": ["sponsor_id"]}),
        ("ad_slots", [("episode_id", INT, False, S7), ("slot_no", INT, False, S3), ("sponsor_id", INT, True, S4),
                      ("cpm_cents", INT, False, (0, 1500, 2500)), ("position", T, False, ("pre", "mid", "post"))],
         {"pk": ["episode_id", "slot_no"], "fk": [("episode_id", "episodes", "episode_id"),
                                                  ("sponsor_id", "sponsors", "sponsor_id")]}),
        ("downloads", [("episode_id", INT, True, S7), ("listener_id", INT, True, S6), ("day", INT, True, (1, 2, 7, 8)),
                       ("bytes", INT, True, (0, 1000, 5000)), ("app", T, True, ("apple", "spotify"))],
         {"fk": [("episode_id", "episodes", "episode_id"), ("listener_id", "listeners", "listener_id")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (PROJTRACK, DSMART, PODHOST)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover28", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
