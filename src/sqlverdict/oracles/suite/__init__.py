"""The test-suite oracle: generated and distilled database instances per schema.

``engine.generate`` draws schema-respecting random databases, ``mutate`` builds near-miss queries of
each gold query, ``distill`` keeps the instances that separate them, ``build`` writes a suite
directory, ``oracle`` judges predictions on it and ``census`` counts what each oracle misses.
"""

from __future__ import annotations

import json
from pathlib import Path

from ...errors import InputError

BUILD_HINT = ("build one with `sqlverdict suite build --benchmark KIND:PATH --out DIR` "
              "and pass `--suite DIR`")


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


def check_suite(suite_dir: str | Path | None, db_ids) -> list[str]:
    """Fail unless ``suite_dir`` is a test suite with instances for at least one of
    ``db_ids``; return a warning naming the databases it has no instances for.

    >>> check_suite(None, ["db"])
    Traceback (most recent call last):
    ...
    sqlverdict.errors.InputError: the suite oracle needs a test suite: build one with ...
    """
    if suite_dir is None:
        raise InputError(f"the suite oracle needs a test suite: {BUILD_HINT}")
    root = Path(suite_dir)
    if not root.exists():
        raise InputError(f"suite directory {str(root)!r} does not exist; {BUILD_HINT}")
    if not root.is_dir():
        raise InputError(f"--suite {str(root)!r} is a file, not a suite directory; {BUILD_HINT}")
    wanted = sorted(set(db_ids))
    have = [d for d in wanted if load_suite(root, d)]
    if not have:
        what = ("is not a test suite (no manifest.json, no instances)"
                if not (root / "manifest.json").is_file() else
                f"has no instances for any database of this benchmark ({_names(wanted)})")
        raise InputError(f"{str(root)!r} {what}; {BUILD_HINT}")
    missing = [d for d in wanted if d not in have]
    if missing:
        return [f"suite {root} has no instances for {len(missing)} database(s) "
                f"({_names(missing)}); their examples are unknown under the suite oracle"]
    return []


def _names(xs: list[str], n: int = 8) -> str:
    return ", ".join(xs[:n]) + (f" and {len(xs) - n} more" if len(xs) > n else "")


__all__ = ["BUILD_HINT", "check_suite", "load_suite"]
