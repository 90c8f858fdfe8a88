"""Helpers shared by the command modules."""

from __future__ import annotations

import contextlib
import os
import sys

import typer
from rich.console import Console

from ..errors import SqlverdictError

# Output to a file or a pipe has no width: rich's default of 80 columns cut table cells
# and wrapped rows that a log or a `| less` shows whole. A terminal keeps its own width.
UNBOUNDED = 10_000


def _console(stderr: bool = False) -> Console:
    c = Console(stderr=stderr)
    if not c.is_terminal and "COLUMNS" not in os.environ:
        c = Console(stderr=stderr, width=UNBOUNDED)
    return c


console = _console()
err_console = _console(stderr=True)


@contextlib.contextmanager
def user_errors():
    """Turn library errors into a one-line message and exit code 2 (no traceback)."""
    try:
        yield
    except (SqlverdictError, FileNotFoundError, ValueError) as e:
        err_console.print(f"[bold red]error:[/] {e}", highlight=False)
        raise typer.Exit(2) from None
    except KeyboardInterrupt:
        err_console.print("[yellow]interrupted[/]; rerun with --resume to continue")
        sys.exit(130)
