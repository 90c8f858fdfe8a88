"""Test helpers shared across areas, imported as ``tests.helpers.<module>``.

The repository root is importable in tests (``pythonpath = ["."]`` in pyproject.toml's
pytest section) and in benchmarks (run as ``python -m benchmarks.<name>`` from the root),
so both import these modules by name; nothing patches ``sys.path``.

- ``pairs``: the one loader for fixture files of SQL pairs (``tests/fixtures/<area>``);
- ``canon``: the canonicalisation checks of ``tests/sql`` and the structure benchmarks;
- ``fake_llm_server``: a real chat-completions server on loopback with scripted replies;
- ``proctree``: the summed memory of a process tree, from ``/proc``;
- ``cdp``: headless Chromium over the DevTools protocol (report tests, ``report_size``).
- ``tiers``: the default and deep tiers of heavy cases and Hypothesis samples;
- ``demo_run``: one ``sqlverdict demo`` run per session, shared by the tests that read it.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
