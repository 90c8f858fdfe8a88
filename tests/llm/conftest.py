import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2]))

from tests.helpers.fake_llm_server import FakeLLMServer  # noqa: E402


@pytest.fixture
def fake_llm():
    """A started loopback chat-completions server; push scripted replies onto it."""
    with FakeLLMServer() as srv:
        yield srv
