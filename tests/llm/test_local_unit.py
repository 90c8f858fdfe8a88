"""The local-server wrapper's checks that need no model (the real server is exercised in
test_local_e2e.py when the llm-local extra is installed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sqlverdict.errors import InputError
from sqlverdict.llm import local

ROOT = Path(__file__).resolve().parents[2]


def test_refuses_a_non_loopback_host_and_a_missing_file(tmp_path):
    with pytest.raises(InputError, match="not a loopback address"):
        local.LocalServer(tmp_path / "m.gguf", host="0.0.0.0")
    with pytest.raises(InputError, match="does not exist"):
        local.LocalServer(tmp_path / "missing.gguf")
    with pytest.raises(InputError, match="threads must be >= 1"):
        local.LocalServer(tmp_path / "m.gguf", threads=0)


def test_missing_says_how_to_install():
    reason = local.missing()
    if reason is not None:  # without the extra: the reason names the fix
        assert "llm-local" in reason and "CMAKE_ARGS" in reason
    else:
        assert local.bundled_model().name == local.BUNDLED_FILE


def test_build_flags_are_the_same_everywhere():
    """.ci/run, the docs and the library state one set of CMake flags."""
    for f in (".ci/run", "docs/llm.md", "README.md"):
        assert local.BUILD_CMAKE_ARGS in (ROOT / f).read_text(), f
