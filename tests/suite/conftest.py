"""A tiny real benchmark (JSONL + SQLite file) for suite tests."""

from __future__ import annotations

import json
import sqlite3

import pytest

DDL = """
CREATE TABLE singer (singer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT,
                     age INT);
CREATE TABLE concert (concert_id INTEGER PRIMARY KEY, title TEXT UNIQUE, year INT);
CREATE TABLE sings (concert_id INT NOT NULL REFERENCES concert(concert_id),
                    singer_id INT NOT NULL REFERENCES singer(singer_id),
                    PRIMARY KEY (concert_id, singer_id));
INSERT INTO singer VALUES (1, 'Joe', 'France', 52), (2, 'Ann', 'France', 40),
                          (3, 'Tim', 'Spain', 30), (4, 'Lu', 'Italy', 25);
INSERT INTO concert VALUES (1, 'Spring', 2014), (2, 'Summer', 2015), (3, 'Fall', 2015);
INSERT INTO sings VALUES (1, 1), (1, 2), (2, 3), (3, 1);
"""

QUESTIONS = [
    ("q0", "How many singers are from France?", "SELECT count(*) FROM singer WHERE country = 'France'"),
    ("q1", "Names of singers older than 30.", "SELECT name FROM singer WHERE age > 30"),
    ("q2", "Oldest singer.", "SELECT name FROM singer ORDER BY age DESC LIMIT 1"),
    ("q3", "Concerts per year.", "SELECT year, count(*) FROM concert GROUP BY year"),
    ("q4", "Singers in concert 2014.",
     "SELECT DISTINCT T1.name FROM singer AS T1 JOIN sings AS T2 ON T1.singer_id = T2.singer_id "
     "JOIN concert AS T3 ON T2.concert_id = T3.concert_id WHERE T3.year = 2014"),
    ("q5", "Average age of French singers.", "SELECT avg(age) FROM singer WHERE country = \"France\""),
]


@pytest.fixture(scope="session")
def bench_file(tmp_path_factory) -> str:
    root = tmp_path_factory.mktemp("bench")
    db = root / "database" / "music" / "music.sqlite"
    db.parent.mkdir(parents=True)
    conn = sqlite3.connect(db)
    conn.executescript(DDL)
    conn.commit()
    conn.close()
    with open(root / "questions.jsonl", "w") as f:
        for qid, q, gold in QUESTIONS:
            f.write(json.dumps({"id": qid, "db_id": "music", "question": q, "gold": gold}) + "\n")
    return str(root / "questions.jsonl")


@pytest.fixture(scope="session")
def small_config():
    from sqlverdict.oracles.suite.build import BuildConfig

    return BuildConfig(max_candidates=150, patience=60)


@pytest.fixture(scope="session")
def built_suite(bench_file, small_config, tmp_path_factory):
    from sqlverdict.oracles.suite.build import build_suite

    out = tmp_path_factory.mktemp("suite")
    manifest = build_suite(f"jsonl:{bench_file}", out, seed=7, config=small_config)
    return out, manifest
