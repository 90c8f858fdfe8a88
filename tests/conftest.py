"""Fixtures every test area shares: where the data is.

- ``shared_data``: the real Spider and BIRD dev data at ``../shared/data`` beside the
  checkout. It is the only way a test reaches that folder; when it is absent the test skips
  with one reason, so the suite passes on a bare clone.
- ``mini_spider``: a Spider-format benchmark the repository ships
  (``tests/fixtures/spider_mini``: the 45 ``concert_singer`` dev questions and two ``wta_1``
  questions without a database), built into a temporary folder once per session.
- ``spider_db``: ``spider_db(db_id)`` -> the path of a Spider dev database: the shipped copy
  when there is one (``concert_singer``), else the shared data's (skipping when absent).
- ``spider_bench``: the whole Spider dev benchmark of the shared data (or skip).
- ``bench_file``: a tiny real benchmark (JSONL + SQLite file, six questions on ``music``).
- ``fake_llm``: a started loopback chat-completions server (``tests/helpers/fake_llm_server``);
  push scripted replies onto it.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

# The CLI reads the terminal's width from COLUMNS when output is no terminal; pytest-xdist's
# workers inherit COLUMNS=80 from execnet, a plain run none: tests see output as a pipe does
for _name in ("COLUMNS", "LINES"):
    os.environ.pop(_name, None)

# Test modules keep thousands of small in-memory databases alive (module-level lists of
# random databases). SQLite's statement cache (128 per connection by default) makes each hold
# hundreds of kilobytes, past the hard heap limit that ``engine.execute.guard`` sets for the
# whole process the first time a test runs a query through it (a worker's later tests then
# fail with MemoryError, depending on which modules share the worker). A cache of 8 per
# connection keeps a worker's SQLite heap a few times smaller; the code under test is the same.
_connect = sqlite3.connect


def _connect_with_few_statements(*args, **kwargs):
    kwargs.setdefault("cached_statements", 8)
    return _connect(*args, **kwargs)


sqlite3.connect = _connect_with_few_statements

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = ROOT.parent / "shared" / "data"
MINI_SPIDER = ROOT / "tests" / "fixtures" / "spider_mini"

SKIP_REASON = (f"needs the Spider/BIRD dev data at ../shared/data beside the checkout "
               f"({SHARED_DATA} is absent)")


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """``../shared/data`` (holding ``spider/`` and ``bird/``), or skip the test."""
    if not (SHARED_DATA / "spider" / "dev.json").is_file():
        pytest.skip(SKIP_REASON)
    return SHARED_DATA


@pytest.fixture(scope="session")
def mini_spider(tmp_path_factory) -> Path:
    """A Spider folder (``dev.json``, ``tables.json``, ``dev_gold.sql``, ``database/``) with
    every database built from the SQL script the repository ships for it."""
    out = tmp_path_factory.mktemp("spider_mini")
    shutil.copytree(MINI_SPIDER, out, dirs_exist_ok=True)
    for script in (out / "database").glob("*/schema.sql"):
        db = script.parent / f"{script.parent.name}.sqlite"
        conn = sqlite3.connect(db)
        conn.executescript(script.read_text(encoding="utf-8"))
        conn.commit()
        conn.close()
    return out


@pytest.fixture
def spider_db(request, mini_spider):
    """``spider_db(db_id)``: a Spider dev database, shipped or shared (else skip)."""

    def get(db_id: str) -> Path:
        shipped = mini_spider / "database" / db_id / f"{db_id}.sqlite"
        if shipped.is_file():
            return shipped
        shared = request.getfixturevalue("shared_data")
        return shared / "spider" / "database" / db_id / f"{db_id}.sqlite"

    return get


@pytest.fixture(scope="session")
def spider_bench(shared_data):
    """The whole Spider dev benchmark (needs ../shared/data)."""
    from sqlverdict.bench import load_benchmark

    return load_benchmark(f"spider:{shared_data / 'spider'}")


@pytest.fixture
def fake_llm():
    """A started loopback chat-completions server; push scripted replies onto it."""
    from tests.helpers.fake_llm_server import FakeLLMServer

    with FakeLLMServer() as srv:
        yield srv


MUSIC_DDL = """
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

MUSIC_QUESTIONS = [
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
    """``questions.jsonl`` of the tiny music benchmark, its database beside it."""
    root = tmp_path_factory.mktemp("bench")
    db = root / "database" / "music" / "music.sqlite"
    db.parent.mkdir(parents=True)
    conn = sqlite3.connect(db)
    conn.executescript(MUSIC_DDL)
    conn.commit()
    conn.close()
    with open(root / "questions.jsonl", "w") as f:
        for qid, q, gold in MUSIC_QUESTIONS:
            f.write(json.dumps({"id": qid, "db_id": "music", "question": q, "gold": gold}) + "\n")
    return str(root / "questions.jsonl")
