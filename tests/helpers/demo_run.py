"""One ``sqlverdict demo`` run per test session, shared by every test that reads it.

The demo judges 30 questions x 3 systems x 3 oracles (the two slowest default tests each ran
it). ``shared_demo(tmp_path_factory)`` runs ``sqlverdict demo --out DIR`` through the CLI once,
then once more in the same directory (the resume ``tests/test_demo.py`` checks: a run keys its
journal by absolute paths, so a copy would not resume); it keeps both outputs and the first
run's ``summary.json`` and ``verdicts.jsonl`` as written. Under pytest-xdist the
workers share the session's temporary root, and a file lock there makes the first caller run it
while the others wait and then read the same directory; without xdist the directory is the
process's own temporary root. Either root is new for each session, so a run never outlives the
code that made it. Readers must not write into the directory.
"""

from __future__ import annotations

import fcntl
import json
import os
from pathlib import Path

KEPT = ("summary.json", "verdicts.jsonl")


def shared_demo(tmp_path_factory) -> tuple[Path, dict]:
    """(the demo's ``--out`` directory, its record): ``first`` and ``again`` hold each run's
    ``exit_code`` and ``output``, ``first`` also the files of ``KEPT`` after it."""
    base = tmp_path_factory.getbasetemp()
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    out, done = root / "shared-demo", root / "shared-demo.json"
    with open(root / "shared-demo.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not done.is_file():
                first = _run(out)
                first.update({f: (out / "run" / f).read_text() for f in KEPT
                              if (out / "run" / f).is_file()})
                done.write_text(json.dumps({"first": first, "again": _run(out)}))
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    record = json.loads(done.read_text())
    assert record["first"]["exit_code"] == 0, record["first"]["output"]
    return out, record


def _run(out: Path) -> dict:
    from typer.testing import CliRunner

    from sqlverdict.cli import app

    res = CliRunner().invoke(app, ["demo", "--out", str(out)])
    output = res.output if res.exception is None else f"{res.output}\n{res.exception!r}"
    return {"exit_code": res.exit_code, "output": output}
