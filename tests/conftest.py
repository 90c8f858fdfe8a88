"""Fixtures every test area shares: where the data is.

- ``shared_data``: the real Spider and BIRD dev data at ``../shared/data`` beside the
  checkout. It is the only way a test reaches that folder; when it is absent the test skips
  with one reason, so the suite passes on a bare clone.
- ``mini_spider``: a Spider-format benchmark the repository ships
  (``tests/fixtures/spider_mini``: the 45 ``concert_singer`` dev questions and two ``wta_1``
  questions without a database), built into a temporary folder once per session.
- ``spider_db``: ``spider_db(db_id)`` -> the path of a Spider dev database: the shipped copy
  when there is one (``concert_singer``), else the shared data's (skipping when absent).
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

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
