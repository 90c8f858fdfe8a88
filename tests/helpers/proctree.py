"""Run a command and sample the summed resident memory of its whole process tree from
``/proc`` (no psutil): a forked worker's memory counts as much as the parent's."""

from __future__ import annotations

import os
import subprocess
import threading
import time
from pathlib import Path

PROC = Path("/proc")


def available() -> bool:
    return (PROC / "self" / "statm").is_file()


def _children() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for d in PROC.iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        kids.setdefault(ppid, []).append(int(d.name))
    return kids


def tree_rss(pid: int) -> int:
    """Bytes resident in ``pid`` and all its descendants now."""
    kids, total, todo = _children(), 0, [pid]
    page = os.sysconf("SC_PAGE_SIZE")
    while todo:
        p = todo.pop()
        todo += kids.get(p, [])
        try:
            total += int((PROC / str(p) / "statm").read_text().split()[1]) * page
        except (OSError, IndexError, ValueError):
            pass
    return total


def run_measured(cmd: list[str], *, interval_s: float = 0.02, **kw):
    """``subprocess.run(cmd, **kw)`` plus the peak resident memory of its process tree."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    peak = [0]
    done = threading.Event()

    def sample():
        while not done.is_set():
            peak[0] = max(peak[0], tree_rss(proc.pid))
            time.sleep(interval_s)

    t = threading.Thread(target=sample, daemon=True)
    t.start()
    try:
        out, err = proc.communicate()
    finally:
        done.set()
        t.join()
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err), peak[0]
