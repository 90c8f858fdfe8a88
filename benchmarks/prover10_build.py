"""Build and check the tenth held-out prover corpus (``benchmarks/corpus/prover10/``).

The pairs are written in ``prover10_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``energy`` (region, site with a NULL-able region FK, meter, reading
with a NULL-able meter FK and REAL kWh, tariff with a composite key, and a keyless outage
log) for engine rules; ``blog`` (author, post with a NULL-able author FK, comment with a
NULL-able author FK, tag, post_tag with a composite key, and a keyless page_view log) for
ORM-generated SQL; ``inventory`` (supplier, part with a NULL-able main-supplier FK, supply
with a composite key, purchase with a NULL-able supplier FK, and a keyless stock_move
log) for rewrite-rule papers and tools. Keys, foreign keys (some NULL-able) and NULL-able
columns as real ones are; REAL values are exact binary fractions so sums do not depend on
order.

    python -m benchmarks.prover10_build            # check, then write
    python -m benchmarks.prover10_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover10_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover10"
FILES = {"engines6": "engines6.jsonl", "orm": "orm.jsonl", "learned_rewrites": "learned_rewrites.jsonl"}

ENERGY = {
    "name": "energy",
    "note": "energy utility (written for this corpus): regions, sites (NULL-able region), meters, "
            "readings (NULL-able meter), seasonal tariffs, and a keyless outage log",
    "tables": [
        ("region", [("region_id", INT, False, (1, 2, 3)), ("name", T, False, ("North", "South", "East")),
                    ("country", T, True, ("NO", "SE"))],
         {"pk": ["region_id"]}),
        ("site", [("site_id", INT, False, (1, 2, 3, 4)), ("region_id", INT, True, (1, 2, 3)),
                  ("name", T, False, ("Alpha", "Beta", "Gamma")), ("capacity", INT, True, (10, 50, 100)),
                  ("opened", T, False, ("2020-01-01", "2021-12-31", "2022-01-01", "2022-06-15"))],
         {"pk": ["site_id"], "fk": [("region_id", "region", "region_id")]}),
        ("meter", [("meter_id", INT, False, (1, 2, 3, 4, 5)), ("site_id", INT, False, (1, 2, 3, 4)),
                   ("kind", T, True, ("solar", "wind")), ("active", INT, False, (0, 1))],
         {"pk": ["meter_id"], "fk": [("site_id", "site", "site_id")]}),
        ("reading", [("reading_id", INT, False, (1, 2, 3, 4, 5, 6)), ("meter_id", INT, True, (1, 2, 3, 4, 5)),
                     ("day", T, False, ("2024-01-01", "2024-01-02", "2024-01-03")),
                     ("kwh", R, True, (0.0, 1.5, 2.25, 8.0)), ("quality", INT, True, (0, 1, 2))],
         {"pk": ["reading_id"], "fk": [("meter_id", "meter", "meter_id")]}),
        ("tariff", [("region_id", INT, False, (1, 2, 3)), ("season", T, False, ("winter", "summer")),
                    ("rate", R, False, (0.25, 0.5, 0.75))],
         {"pk": ["region_id", "season"], "fk": [("region_id", "region", "region_id")]}),
        ("outage", [("site_id", INT, True, (1, 2, 3, 4)), ("minutes", INT, True, (0, 15, 60)),
                    ("cause", T, True, ("storm", "grid"))],
         {"fk": [("site_id", "site", "site_id")]}),
    ],
}
BLOG = {
    "name": "blog",
    "note": "blog application as an ORM maps it (written for this corpus): authors, posts (NULL-able "
            "author), comments (NULL-able author), tags, post_tag links, and a keyless page_view log",
    "tables": [
        ("author", [("id", INT, False, (1, 2, 3, 4)), ("username", T, False, ("ann", "bob", "cy")),
                    ("email", T, True, ("a@x.io", "b@x.io")), ("is_active", INT, False, (0, 1)),
                    ("karma", INT, True, (0, 5, 10))],
         {"pk": ["id"]}),
        ("post", [("id", INT, False, (1, 2, 3, 4, 5, 6)), ("author_id", INT, True, (1, 2, 3, 4)),
                  ("title", T, False, ("Hi", "SQL", "ORM")), ("status", T, False, ("draft", "pub")),
                  ("published", T, True, ("2023-12-31", "2024-01-01", "2024-06-30")),
                  ("views", INT, True, (0, 10, 100)), ("rating", R, True, (0.5, 2.5, 4.0))],
         {"pk": ["id"], "fk": [("author_id", "author", "id")]}),
        ("comment", [("id", INT, False, (1, 2, 3, 4, 5, 6)), ("post_id", INT, False, (1, 2, 3, 4, 5, 6)),
                     ("author_id", INT, True, (1, 2, 3, 4)), ("score", INT, True, (-1, 0, 3)),
                     ("body", T, False, ("ok", "spam")), ("created", T, False, ("2024-01-01", "2024-01-02"))],
         {"pk": ["id"], "fk": [("post_id", "post", "id"), ("author_id", "author", "id")]}),
        ("tag", [("id", INT, False, (1, 2, 3)), ("name", T, False, ("sql", "orm", "misc"))],
         {"pk": ["id"]}),
        ("post_tag", [("post_id", INT, False, (1, 2, 3, 4, 5, 6)), ("tag_id", INT, False, (1, 2, 3))],
         {"pk": ["post_id", "tag_id"], "fk": [("post_id", "post", "id"), ("tag_id", "tag", "id")]}),
        ("page_view", [("post_id", INT, True, (1, 2, 3, 4, 5, 6)), ("day", T, False, ("2024-01-01", "2024-01-02")),
                       ("seconds", R, True, (0.5, 1.0, 30.0))],
         {"fk": [("post_id", "post", "id")]}),
    ],
}
INVENTORY = {
    "name": "inventory",
    "note": "parts inventory (written for this corpus): suppliers, parts (NULL-able main supplier), "
            "supply offers (composite key), purchases (NULL-able supplier), and a keyless stock_move log",
    "tables": [
        ("supplier", [("sid", INT, False, (1, 2, 3, 4)), ("name", T, False, ("Ace", "Bolt", "Core")),
                      ("country", T, True, ("DE", "FR")), ("rating", INT, True, (1, 3, 5))],
         {"pk": ["sid"]}),
        ("part", [("pid", INT, False, (1, 2, 3, 4, 5)), ("name", T, False, ("bolt", "Bolt", "nut", "gear")),
                  ("color", T, True, ("red", "blue")), ("weight", R, True, (0.5, 1.25, 4.0)),
                  ("main_sid", INT, True, (1, 2, 3, 4))],
         {"pk": ["pid"], "fk": [("main_sid", "supplier", "sid")]}),
        ("supply", [("sid", INT, False, (1, 2, 3, 4)), ("pid", INT, False, (1, 2, 3, 4, 5)),
                    ("price", R, True, (1.0, 2.5, 10.0)), ("qty", INT, False, (0, 5, 20))],
         {"pk": ["sid", "pid"], "fk": [("sid", "supplier", "sid"), ("pid", "part", "pid")]}),
        ("purchase", [("po_id", INT, False, (1, 2, 3, 4, 5, 6)), ("pid", INT, False, (1, 2, 3, 4, 5)),
                      ("sid", INT, True, (1, 2, 3, 4)), ("qty", INT, False, (1, 2, 10)),
                      ("day", T, False, ("2024-02-01", "2024-02-02", "2024-03-01")),
                      ("cost", R, True, (0.75, 3.0, 12.5))],
         {"pk": ["po_id"], "fk": [("pid", "part", "pid"), ("sid", "supplier", "sid")]}),
        ("stock_move", [("pid", INT, True, (1, 2, 3, 4, 5)), ("delta", INT, True, (-5, 1, 5)),
                        ("note", T, True, ("in", "out"))],
         {"fk": [("pid", "part", "pid")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (ENERGY, BLOG, INVENTORY)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover10", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
