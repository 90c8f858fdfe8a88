"""Progress on stderr, drawn by the command line only.

Library functions take a ``progress(done, total)`` callback and draw nothing. The commands
pass ``reporter(label)``: a rich bar when stderr is a terminal, otherwise one plain line
each time another ``step`` percent is done (and at the end), so that a long run written to
a log file or a CI console shows life without filling it.

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
    last = {"total": None, "mark": -1}

    def line(done: int, total: int) -> None:
        if total <= 0:
            return
        if total != last["total"]:  # a new phase (e.g. isolated judgements) starts over
            last.update(total=total, mark=-1)
        mark = min(100, 100 * done // total) // step * step
        if mark > last["mark"] and mark > 0:
            last["mark"] = mark
            print(f"{label}: {mark}% ({done}/{total}), {time.monotonic() - t0:.0f} s",
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
