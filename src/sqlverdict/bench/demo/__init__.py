"""The demo benchmark shipped inside the package.

Three small databases (``school``, ``shop``, ``library``) written as SQL scripts with data,
30 questions with gold SQL (``questions.jsonl``), and three prediction sets from imaginary
systems with different strengths (``predictions/<system>.jsonl``):

- ``greedy_llm`` gets almost everything right on the shipped data, but many of its answers
  are near misses: they agree with the gold on the shipped database and differ on another
  one (NOT IN with NULLs, COUNT(col) for COUNT(*), INNER for LEFT JOIN, ties at
  ``ORDER BY ... LIMIT 1``, missing DISTINCT, empty groups, integer division);
- ``careful_llm`` makes a few plain mistakes (and one syntax error) but few near misses;
- ``small_model`` has invalid outputs (a number instead of SQL, an empty string, a syntax
  error, an unknown column), plain mistakes and some near misses.

Predictions that are near misses carry ``"note": "near miss: ..."`` in their JSONL line
(ignored by the prediction loader), so tests and readers know what to expect.

``build_demo(out_dir)`` materializes the databases under ``out_dir`` in the layout that the
JSONL loader finds (``data/questions.jsonl`` next to ``data/database/<db_id>/<db_id>.sqlite``)
and copies the prediction files.

>>> import tempfile
>>> bench, preds = build_demo(tempfile.mkdtemp())
>>> bench.name, sorted(preds)
('questions.jsonl', ['careful_llm', 'greedy_llm', 'small_model'])
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from importlib import resources
from pathlib import Path

from ...errors import InputError

DB_IDS = ("school", "shop", "library")
SYSTEMS = ("greedy_llm", "careful_llm", "small_model")


def _data(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def _inside(path: Path, root: Path) -> Path:
    """``path`` resolved, refusing anything that escapes ``root`` (e.g. through a symlink)."""
    p = path.resolve()
    if not p.is_relative_to(root):
        raise InputError(f"demo output {str(path)!r} resolves outside {str(root)!r}; "
                         "choose an empty --out directory")
    return p


def _write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return
    path.write_text(text, encoding="utf-8")


def _write_database(path: Path, script: str) -> None:
    """Run ``script`` into a fresh temporary SQLite file, then move it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(suffix=".sqlite", dir=path.parent)
    os.close(fd)
    try:
        conn = sqlite3.connect(tmp)
        try:
            conn.execute("PRAGMA foreign_keys = ON")
            conn.executescript(script)
            bad = conn.execute("PRAGMA foreign_key_check").fetchall()
            if bad:
                raise InputError(f"demo database {path.stem}: foreign key violations {bad[:3]}")
            conn.commit()
        finally:
            conn.close()
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def build_demo(out_dir: str | Path) -> tuple[Path, dict[str, Path]]:
    """Write the demo benchmark under ``out_dir``; return the path of the JSONL benchmark
    (use it as ``jsonl:PATH``) and the prediction files by system name.

    Only files under ``out_dir/data`` are written; rebuilding into the same directory
    replaces the demo's own files and nothing else."""
    root = Path(out_dir).resolve()
    root.mkdir(parents=True, exist_ok=True)
    data = _inside(root / "data", root)
    for db_id in DB_IDS:
        _write_database(_inside(data / "database" / db_id / f"{db_id}.sqlite", root),
                        _data(f"{db_id}.sql"))
    bench = _inside(data / "questions.jsonl", root)
    _write_text(bench, _data("questions.jsonl"))
    preds = {}
    for system in SYSTEMS:
        p = _inside(data / "predictions" / f"{system}.jsonl", root)
        _write_text(p, _data(f"predictions/{system}.jsonl"))
        preds[system] = p
    return bench, preds
