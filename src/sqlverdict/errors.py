"""The error tree. Every error a user can cause is an ``InputError`` (also a ``ValueError``)
whose message names the input and says how to fix it.

>>> try:
...     raise InputError("predictions file 'x.sql' does not exist (check the path)")
... except ValueError as e:
...     print(e)
predictions file 'x.sql' does not exist (check the path)
"""

from __future__ import annotations


class SqlverdictError(Exception):
    """Root of every error raised by sqlverdict."""


class InputError(SqlverdictError, ValueError):
    """Bad user input: a missing file, a malformed line, an unknown option value."""


class OutputError(SqlverdictError, OSError):
    """An output could not be written: a full disk, a read-only or missing folder, a file
    in the way, or a run directory another process is writing to."""


class UnsupportedSQL(SqlverdictError):
    """A construct that an oracle cannot judge completely; ``construct`` names it."""

    def __init__(self, construct: str, detail: str = ""):
        self.construct = construct
        self.detail = detail
        super().__init__(f"unsupported: {construct}" + (f" ({detail})" if detail else ""))


class ClockUnsupported(UnsupportedSQL):
    """A construct that reads the clock (``CURRENT_TIMESTAMP``, ``date('now')``) where the
    clock is not modelled: the verifier tries again with the clock pinned, then symbolic."""


class BudgetExceeded(SqlverdictError):
    """A time, memory or row budget ran out; ``kind`` is 'time', 'memory' or 'rows'."""

    def __init__(self, kind: str, detail: str = ""):
        self.kind = kind
        self.detail = detail
        super().__init__(f"{kind} budget exceeded" + (f": {detail}" if detail else ""))


class ExecutionError(SqlverdictError):
    """A query failed in SQLite. ``kind`` classifies it: syntax, no_such_table,
    no_such_column, timeout, too_many_rows, memory, forbidden, multiple_statements, runtime."""

    def __init__(self, kind: str, message: str):
        self.kind = kind
        self.message = message
        super().__init__(f"{kind}: {message}")
