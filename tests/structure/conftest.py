from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "canon"


@pytest.fixture(scope="session")
def spider_bench(shared_data):
    """The whole Spider dev benchmark (needs ../shared/data)."""
    from sqlverdict.bench import load_benchmark

    return load_benchmark(f"spider:{shared_data / 'spider'}")


@pytest.fixture
def fake_llm():
    """The shared loopback chat-completions server (tests/helpers/fake_llm_server.py)."""
    import sys

    sys.path.insert(0, str(ROOT))
    from tests.helpers.fake_llm_server import FakeLLMServer

    with FakeLLMServer() as srv:
        yield srv
