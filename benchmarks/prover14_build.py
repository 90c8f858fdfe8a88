"""Build and check the fourteenth held-out prover corpus (``benchmarks/corpus/prover14/``).

The pairs are written in ``prover14_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``socialgraph`` (person with NULL-able city and age, knows with a
composite key (src, dst) and REAL weight, post with a NULL-able author FK, and a keyless
reaction log) for graph and logic query translators; ``monitoring`` (host with NULL-able
region and tier, metric samples with a composite key (host_id, ts, name) and REAL value,
alert with a NULL-able host FK, and a keyless log_line table) for observability query
languages; ``streaming_shop`` (product with REAL price, click events with a NULL-able
product FK and REAL amount, stock_log changelog with a composite key (product_id, version),
order_old as a maintained base table, and keyless change tables order_ins, order_del and
cart_change with duplicates) for stream processing and incremental view maintenance.
REAL values in the pools are exact binary fractions so sums do not depend on order.

    python -m benchmarks.prover14_build            # check, then write
    python -m benchmarks.prover14_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover14_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover14"
FILES = {"graph_and_logic": "graph_and_logic.jsonl", "observability_queries": "observability_queries.jsonl",
         "streaming_and_ivm": "streaming_and_ivm.jsonl"}

SOCIALGRAPH = {
    "name": "socialgraph",
    "note": "a property graph stored in relational tables (written for this corpus): persons (NULL-able city and "
            "age), knows edges (composite key, REAL weight), posts (NULL-able author), and a keyless reaction log",
    "tables": [
        ("person", [("person_id", INT, False, (1, 2, 3, 4, 5)), ("name", T, False, ("ann", "Al", "Bo", "cy")),
                    ("city", T, True, ("Oslo", "Rome")), ("age", INT, True, (20, 30, 40))],
         {"pk": ["person_id"]}),
        ("knows", [("src", INT, False, (1, 2, 3, 4, 5)), ("dst", INT, False, (1, 2, 3, 4, 5)),
                   ("since", INT, True, (2019, 2020, 2021)), ("weight", R, False, (0.5, 1.0, 2.25))],
         {"pk": ["src", "dst"], "fk": [("src", "person", "person_id"), ("dst", "person", "person_id")]}),
        ("post", [("post_id", INT, False, (1, 2, 3, 4, 5, 6)), ("author_id", INT, True, (1, 2, 3, 4, 5)),
                  ("topic", T, True, ("db", "ml", "art")), ("likes", INT, True, (0, 1, 5))],
         {"pk": ["post_id"], "fk": [("author_id", "person", "person_id")]}),
        ("reaction", [("person_id", INT, True, (1, 2, 3, 4, 5)), ("post_id", INT, True, (1, 2, 3, 4, 5, 6)),
                      ("kind", T, True, ("like", "share"))],
         {"fk": [("person_id", "person", "person_id"), ("post_id", "post", "post_id")]}),
    ],
}
MONITORING = {
    "name": "monitoring",
    "note": "hosts, metric samples and logs behind a log / metrics query language (written for this corpus): "
            "hosts (NULL-able region, tier), metric samples (composite key, REAL value), alerts (NULL-able host), "
            "and a keyless log_line table",
    "tables": [
        ("host", [("host_id", INT, False, (1, 2, 3, 4)), ("name", T, False, ("web", "Web", "db")),
                  ("region", T, True, ("eu", "us")), ("tier", INT, True, (1, 2))],
         {"pk": ["host_id"]}),
        ("metric", [("host_id", INT, False, (1, 2, 3, 4)), ("ts", INT, False, (0, 30, 60, 90, 120)),
                    ("name", T, False, ("cpu", "mem")), ("value", R, True, (0.0, 0.25, 0.5, 1.5, 2.75))],
         {"pk": ["host_id", "ts", "name"], "fk": [("host_id", "host", "host_id")]}),
        ("alert", [("alert_id", INT, False, (1, 2, 3, 4, 5, 6)), ("host_id", INT, True, (1, 2, 3, 4)),
                   ("severity", INT, True, (1, 2, 3)), ("ts", INT, False, (0, 60, 120)),
                   ("state", T, False, ("firing", "resolved"))],
         {"pk": ["alert_id"], "fk": [("host_id", "host", "host_id")]}),
        ("log_line", [("host_id", INT, True, (1, 2, 3, 4)), ("ts", INT, True, (0, 30, 60)),
                      ("level", T, True, ("error", "warn", "info")), ("msg", T, True, ("oom", "disk", ""))],
         {"fk": [("host_id", "host", "host_id")]}),
    ],
}
STREAMING_SHOP = {
    "name": "streaming_shop",
    "note": "a shop's event streams and maintained views (written for this corpus): products (REAL price), click "
            "events (NULL-able product, REAL amount), a stock changelog (composite key), a base order table and "
            "keyless change tables (inserted orders, retracted order ids, signed cart changes)",
    "tables": [
        ("product", [("product_id", INT, False, (1, 2, 3, 4)), ("name", T, False, ("mug", "pen", "Mug")),
                     ("category", T, True, ("home", "office")), ("price", R, True, (0.5, 2.25, 10.0))],
         {"pk": ["product_id"]}),
        ("click", [("event_id", INT, False, (1, 2, 3, 4, 5, 6)), ("user_id", INT, False, (1, 2, 3)),
                   ("product_id", INT, True, (1, 2, 3, 4)), ("ts", INT, False, (0, 5, 10, 15, 20)),
                   ("kind", T, False, ("view", "cart", "buy")), ("amount", R, True, (0.5, 1.25, 4.0))],
         {"pk": ["event_id"], "fk": [("product_id", "product", "product_id")]}),
        ("stock_log", [("product_id", INT, False, (1, 2, 3, 4)), ("version", INT, False, (1, 2, 3)),
                       ("qty", INT, True, (0, 3, 7)), ("op", T, False, ("upsert", "delete"))],
         {"pk": ["product_id", "version"], "fk": [("product_id", "product", "product_id")]}),
        ("order_old", [("order_id", INT, False, (1, 2, 3, 4, 5)), ("user_id", INT, False, (1, 2, 3)),
                       ("amount", R, True, (0.5, 1.5, 3.75))],
         {"pk": ["order_id"]}),
        ("order_ins", [("order_id", INT, True, (4, 5, 6, 7)), ("user_id", INT, True, (1, 2, 3)),
                       ("amount", R, True, (0.25, 1.5))],
         {}),
        ("order_del", [("order_id", INT, True, (1, 2, 3, 4, 5))], {}),
        ("cart_change", [("user_id", INT, True, (1, 2, 3)), ("product_id", INT, True, (1, 2, 3)),
                         ("diff", INT, False, (1, -1))],
         {}),
    ],
}
SCHEMAS = {s["name"]: s for s in (SOCIALGRAPH, MONITORING, STREAMING_SHOP)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover14", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
