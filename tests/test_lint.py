"""CI lints before it tests (`.ci/run`: ``ruff check src tests benchmarks``); the same check
runs here so that a lint failure shows up in the README's test command too."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _ruff() -> list[str] | None:
    exe = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    return [exe] if Path(exe).exists() else None


def test_ruff_check_passes():
    ruff = _ruff()
    if ruff is None:
        pytest.skip("ruff is not installed (pip install -e '.[dev]' installs it)")
    done = subprocess.run(
        [*ruff, "check", "src", "tests", "benchmarks"], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
