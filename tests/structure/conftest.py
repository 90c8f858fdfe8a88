from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPIDER = ROOT.parent / "shared" / "data" / "spider"  # ../shared/data/spider from the repo root
FIXTURES = ROOT / "tests" / "fixtures" / "canon"


def spider_db(db_id: str) -> Path:
    p = SPIDER / "database" / db_id / f"{db_id}.sqlite"
    if not p.is_file():
        pytest.skip(f"Spider database {db_id} not available under {SPIDER}")
    return p


@pytest.fixture(scope="session")
def spider_bench():
    if not (SPIDER / "dev.json").is_file():
        pytest.skip("Spider data not available")
    from sqlverdict.bench import load_benchmark

    return load_benchmark(f"spider:{SPIDER}")


@pytest.fixture
def fake_llm():
    """The shared loopback chat-completions server (tests/helpers/fake_llm_server.py)."""
    import sys

    sys.path.insert(0, str(ROOT))
    from tests.helpers.fake_llm_server import FakeLLMServer

    with FakeLLMServer() as srv:
        yield srv
