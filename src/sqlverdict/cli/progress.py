"""Progress on stderr, drawn by the command line only.

Library functions take a ``progress(done, total)`` callback and draw nothing. The commands
pass ``reporter(label)``: a rich bar when stderr is a terminal, otherwise one plain line
each time another ``step`` percent is done (and at the end), and at least every 30 seconds
while work goes on, each phase of a run on its own (eval's bounded judgements follow
execution's), so that a long run written to a log file or a CI console shows life without
filling it.

>>> import io
>>> out = io.StringIO()
>>> with reporter("judging", stream=out, step=50) as report:
...     for i in range(1, 5):
...         report(i, 4)
>>> print(out.getvalue(), end="")
judging: 50% (2/4), 0 s
judging: 100% (4/4), 0 s
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable, Iterator
from typing import TextIO

Callback = Callable[[int, int], None]
HEARTBEAT_S = 30.0  # a pipe hears from a slow phase at least this often


@contextlib.contextmanager
def reporter(label: str, *, enabled: bool = True, stream: TextIO | None = None,
             step: int = 10) -> Iterator[Callback]:
    """A ``progress(done, total)`` callback for the duration of the block."""
    if not enabled:
        yield lambda done, total: None
        return
    stream = stream if stream is not None else sys.stderr
    if stream.isatty():
        with _bar(label, stream) as cb:
            yield cb
        return
    t0 = time.monotonic()
    last = {"total": None, "mark": -1, "done": 0, "at": t0, "phase": 1}

    def line(done: int, total: int) -> None:
        if total <= 0:
            return
        now = time.monotonic()
        if total != last["total"] or done < last["done"]:
            # a new phase (e.g. eval's bounded judgements after execution) starts over
            if last["total"] is not None:
                last["phase"] += 1
            last.update(total=total, mark=-1)
        last["done"] = done
        mark = min(100, 100 * done // total) // step * step
        # a line each `step` percent, and at least every HEARTBEAT_S seconds of a slow phase
        stepped = mark > last["mark"] and mark > 0
        if stepped or now - last["at"] >= HEARTBEAT_S:
            last.update(mark=max(mark, last["mark"]), at=now)
            phase = f" (phase {last['phase']})" if last["phase"] > 1 else ""
            shown = mark if stepped else 100 * done // total
            print(f"{label}{phase}: {shown}% ({done}/{total}), {now - t0:.0f} s",
                  file=stream, flush=True)

    yield line


@contextlib.contextmanager
def _bar(label: str, stream: TextIO) -> Iterator[Callback]:
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    bar = Progress(TextColumn(label, style="bold", markup=False), BarColumn(),
                   MofNCompleteColumn(),
                   TimeElapsedColumn(), TimeRemainingColumn(), console=Console(file=stream),
                   transient=False)
    task = bar.add_task(label, total=None)
    with bar:
        yield lambda done, total: bar.update(task, completed=done, total=total)
