"""The test-suite oracle: generated and distilled database instances per schema.

``engine.generate`` draws schema-respecting random databases, ``mutate`` builds near-miss queries of
each gold query, ``distill`` keeps the instances that separate them, ``build`` writes a suite
directory, ``oracle`` judges predictions on it and ``census`` counts what each oracle misses.
"""

from __future__ import annotations

import json
from pathlib import Path

from ...errors import InputError


def load_suite(suite_dir: str | Path, db_id: str) -> list[Path]:
    """The instance files of ``db_id`` in a suite directory, in order (empty if none).

    Order follows ``DIR/<db_id>/manifest.json`` when present, else the file names.
    """
    root = Path(suite_dir)
    if not root.is_dir():
        raise InputError(f"suite directory {str(root)!r} does not exist "
                         "(build one with `sqlverdict suite build`)")
    d = root / db_id
    if not d.is_dir():
        return []
    man = d / "manifest.json"
    if man.is_file():
        try:
            names = [i["file"] for i in json.loads(man.read_text())["instances"]]
            return [d / n for n in names if (d / n).is_file()]
        except (json.JSONDecodeError, KeyError, TypeError):
            pass
    return sorted(p for p in d.glob("[0-9][0-9][0-9].sqlite"))


__all__ = ["load_suite"]
