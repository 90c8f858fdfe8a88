"""Build and check the seventh held-out prover corpus (``benchmarks/corpus/prover7/``).

The pairs are written in ``prover7_pairs.py``; this is a thin call of ``prover3_build``'s
``check`` and ``write`` (every pair run in real SQLite on random small databases of its
schema, the empty one first; an equivalent pair must agree on every one, a mutant must
differ on at least one, and its smallest separating database is stored).

Schemas, all new here: ``music`` (artist, album, track, listener, play, subscription and a
keyless tag table) for engine rules; ``hotel`` (guest, room, staff, booking, invoice, stay)
for cookbook recipes; and three Spider-like schemas ``museum``, ``festival`` and
``railway`` for text-to-SQL formulations. Keys, foreign keys (some NULL-able) and NULL-able
columns as real ones are; REAL values are exact binary fractions so sums do not depend on
order.

    python -m benchmarks.prover7_build            # check, then write
    python -m benchmarks.prover7_build --check    # check only, write nothing
"""

from __future__ import annotations

import sys

from benchmarks import prover3_build
from benchmarks.prover3_build import ROOT
from benchmarks.prover7_pairs import PAIRS
from benchmarks.prover_corpus_schemas import INT, R, T

CORPUS = ROOT / "benchmarks" / "corpus" / "prover7"
FILES = {"engines3": "engines3.jsonl", "cookbook": "cookbook.jsonl", "spider_style": "spider_style.jsonl"}

MUSIC = {
    "name": "music",
    "note": "music streaming (written for this corpus): artists, albums, tracks, listeners, plays, subscriptions, tags",
    "tables": [
        ("artist", [("artist_id", INT, False, (1, 2, 3)), ("name", T, False, ("Abba", "abba", "Blur")),
                    ("country", T, True, ("SE", "UK")), ("formed", INT, True, (1970, 1990))],
         {"pk": ["artist_id"]}),
        ("album", [("album_id", INT, False, (1, 2, 3, 4)), ("artist_id", INT, False, (1, 2, 3)),
                   ("title", T, False, ("Gold", "Parklife", "Blue")), ("year", INT, True, (1975, 1994, 2000)),
                   ("label", T, True, ("EMI", "Polar"))],
         {"pk": ["album_id"], "fk": [("artist_id", "artist", "artist_id")]}),
        ("track", [("track_id", INT, False, (1, 2, 3, 4, 5)), ("album_id", INT, True, (1, 2, 3, 4)),
                   ("title", T, False, ("Intro", "Song 2", "SOS")), ("seconds", INT, True, (0, 120, 240)),
                   ("explicit", INT, False, (0, 1)), ("price", R, True, (0.5, 1.25))],
         {"pk": ["track_id"], "fk": [("album_id", "album", "album_id")]}),
        ("listener", [("listener_id", INT, False, (1, 2, 3, 4)), ("name", T, False, ("Ana", "Ben", "Cal")),
                      ("country", T, True, ("SE", "UK", "US")), ("age", INT, True, (16, 30, 45))],
         {"pk": ["listener_id"]}),
        ("play", [("play_id", INT, False, (1, 2, 3, 4, 5, 6)), ("listener_id", INT, False, (1, 2, 3, 4)),
                  ("track_id", INT, True, (1, 2, 3, 4, 5)), ("ms", INT, True, (0, 1000, 3000)),
                  ("day", T, False, ("2024-01-01", "2024-01-02", "2024-02-01")), ("skipped", INT, True, (0, 1))],
         {"pk": ["play_id"], "fk": [("listener_id", "listener", "listener_id"), ("track_id", "track", "track_id")]}),
        ("subscription", [("listener_id", INT, False, (1, 2, 3, 4)), ("start", T, False, ("2023-01", "2024-01")),
                          ("plan", T, False, ("free", "premium", "family")), ("fee", R, True, (0.0, 9.5))],
         {"pk": ["listener_id", "start"], "fk": [("listener_id", "listener", "listener_id")]}),
        ("tag", [("track_id", INT, True, (1, 2, 3)), ("tag", T, True, ("rock", "pop"))], {}),
    ],
}
HOTEL = {
    "name": "hotel",
    "note": "hotel (written for this corpus): guests, rooms, staff (manager_id not declared a key), bookings, "
            "invoices, stays (room and day number)",
    "tables": [
        ("guest", [("guest_id", INT, False, (1, 2, 3, 4)), ("name", T, False, ("Ivy", "Jon", "Kim")),
                   ("city", T, True, ("Bath", "Cork")), ("vip", INT, True, (0, 1))],
         {"pk": ["guest_id"]}),
        ("room", [("room_no", INT, False, (101, 102, 201, 202)), ("floor", INT, False, (1, 2)),
                  ("kind", T, False, ("single", "double")), ("rate", R, True, (50.0, 80.5, 120.0))],
         {"pk": ["room_no"]}),
        ("staff", [("staff_id", INT, False, (1, 2, 3, 4)), ("name", T, False, ("Lu", "Max", "Nia")),
                   ("manager_id", INT, True, (1, 2, 3, 4)), ("salary", INT, True, (100, 200, 300)),
                   ("dept", T, True, ("desk", "kitchen"))],
         {"pk": ["staff_id"]}),
        ("booking", [("booking_id", INT, False, (1, 2, 3, 4, 5)), ("guest_id", INT, False, (1, 2, 3, 4)),
                     ("room_no", INT, True, (101, 102, 201, 202)), ("nights", INT, True, (1, 2, 3)),
                     ("checkin", INT, False, (1, 2, 3, 4))],
         {"pk": ["booking_id"], "fk": [("guest_id", "guest", "guest_id"), ("room_no", "room", "room_no")]}),
        ("invoice", [("invoice_id", INT, False, (1, 2, 3, 4, 5)), ("booking_id", INT, False, (1, 2, 3, 4, 5)),
                     ("amount", R, True, (10.0, 25.5, 40.0)), ("paid", INT, False, (0, 1))],
         {"pk": ["invoice_id"], "fk": [("booking_id", "booking", "booking_id")]}),
        ("stay", [("room_no", INT, False, (101, 102, 201)), ("day", INT, False, (1, 2, 3, 4, 5)),
                  ("guest_id", INT, True, (1, 2, 3, 4))],
         {"pk": ["room_no", "day"], "fk": [("room_no", "room", "room_no"), ("guest_id", "guest", "guest_id")]}),
    ],
}
MUSEUM = {
    "name": "museum",
    "note": "museum (Spider-like, written for this corpus): museums, artists, artworks, visitors, visits",
    "tables": [
        ("museum", [("museum_id", INT, False, (1, 2, 3)), ("name", T, False, ("Tate", "Prado", "Orsay")),
                    ("city", T, False, ("London", "Madrid", "Paris")), ("open_year", INT, True, (1819, 1897, 1986)),
                    ("staff_num", INT, True, (10, 40))],
         {"pk": ["museum_id"]}),
        ("painter", [("painter_id", INT, False, (1, 2, 3)), ("name", T, False, ("Goya", "Monet", "Turner")),
                     ("nationality", T, False, ("ES", "FR", "UK")), ("birth_year", INT, True, (1746, 1775, 1840))],
         {"pk": ["painter_id"]}),
        ("artwork", [("artwork_id", INT, False, (1, 2, 3, 4, 5)), ("museum_id", INT, False, (1, 2, 3)),
                     ("painter_id", INT, True, (1, 2, 3)), ("title", T, False, ("Sea", "Maja", "Lilies")),
                     ("year", INT, True, (1800, 1850, 1900)), ("value", INT, True, (5, 20, 80))],
         {"pk": ["artwork_id"], "fk": [("museum_id", "museum", "museum_id"), ("painter_id", "painter", "painter_id")]}),
        ("visitor", [("visitor_id", INT, False, (1, 2, 3, 4)), ("name", T, False, ("Ada", "Bo", "Cy")),
                     ("age", INT, True, (12, 35, 70)), ("level", INT, False, (1, 2, 3))],
         {"pk": ["visitor_id"]}),
        ("visit", [("museum_id", INT, False, (1, 2, 3)), ("visitor_id", INT, False, (1, 2, 3, 4)),
                   ("tickets", INT, False, (1, 2, 5)), ("spent", R, False, (0.0, 12.5, 30.0))],
         {"pk": ["museum_id", "visitor_id"], "fk": [("museum_id", "museum", "museum_id"),
                                                    ("visitor_id", "visitor", "visitor_id")]}),
    ],
}
FESTIVAL = {
    "name": "festival",
    "note": "music festival (Spider-like, written for this corpus): festivals, bands, performances, awards",
    "tables": [
        ("festival", [("festival_id", INT, False, (1, 2, 3)), ("name", T, False, ("Rock Am", "Glasto", "Sonar")),
                      ("year", INT, False, (2019, 2020, 2021)), ("location", T, True, ("UK", "ES")),
                      ("attendance", INT, True, (100, 500, 900))],
         {"pk": ["festival_id"]}),
        ("band", [("band_id", INT, False, (1, 2, 3, 4)), ("name", T, False, ("Muse", "Kyuss", "Air")),
                  ("genre", T, True, ("rock", "pop", "jazz")), ("members", INT, True, (1, 3, 5)),
                  ("country", T, False, ("UK", "US", "FR"))],
         {"pk": ["band_id"]}),
        ("performance", [("festival_id", INT, False, (1, 2, 3)), ("band_id", INT, False, (1, 2, 3, 4)),
                         ("slot", INT, False, (1, 2, 3)), ("minutes", INT, False, (30, 45, 90))],
         {"pk": ["festival_id", "band_id"], "fk": [("festival_id", "festival", "festival_id"),
                                                   ("band_id", "band", "band_id")]}),
        ("award", [("award_id", INT, False, (1, 2, 3, 4)), ("band_id", INT, False, (1, 2, 3, 4)),
                   ("category", T, False, ("Best", "New")), ("year", INT, False, (2019, 2020, 2021))],
         {"pk": ["award_id"], "fk": [("band_id", "band", "band_id")]}),
    ],
}
RAILWAY = {
    "name": "railway",
    "note": "railway (Spider-like, written for this corpus): stations, trains, the stations a train calls at, managers",
    "tables": [
        ("station", [("station_id", INT, False, (1, 2, 3, 4)), ("name", T, False, ("York", "Leeds", "Hull")),
                     ("city", T, False, ("York", "Leeds")), ("platforms", INT, True, (2, 4, 9)),
                     ("annual_entries", INT, True, (10, 50, 90))],
         {"pk": ["station_id"]}),
        ("train", [("train_id", INT, False, (1, 2, 3, 4)), ("name", T, False, ("Flyer", "Local", "Night")),
                   ("service", T, False, ("express", "stopping")), ("top_speed", INT, True, (100, 125, 200)),
                   ("origin_id", INT, True, (1, 2, 3, 4))],
         {"pk": ["train_id"], "fk": [("origin_id", "station", "station_id")]}),
        ("calls_at", [("train_id", INT, False, (1, 2, 3, 4)), ("station_id", INT, False, (1, 2, 3, 4)),
                      ("arrival", INT, True, (8, 9, 17))],
         {"pk": ["train_id", "station_id"], "fk": [("train_id", "train", "train_id"),
                                                   ("station_id", "station", "station_id")]}),
        ("manager", [("manager_id", INT, False, (1, 2, 3)), ("name", T, False, ("Ed", "Flo", "Gus")),
                     ("station_id", INT, False, (1, 2, 3, 4)), ("age", INT, False, (30, 45, 60)),
                     ("since", INT, True, (2001, 2010))],
         {"pk": ["manager_id"], "fk": [("station_id", "station", "station_id")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (MUSIC, HOTEL, MUSEUM, FESTIVAL, RAILWAY)}


def main(argv=None) -> int:
    """Check the pairs in SQLite, then write the corpus (``prover3_build.main``'s options)."""
    return prover3_build.main(argv, pairs=PAIRS, corpus=CORPUS, schemas=SCHEMAS, files=FILES,
                              seed="prover7", doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
