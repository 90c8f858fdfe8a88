"""Helpers shared by the command modules.

Data is never markup: rich reads ``[...]`` in printed strings and table cells as style
tags, so a value ``'[/x]'`` crashed a command and ``'[bold red]verified[/bold red]'``
printed as a styled word. Everything that comes from the user, a benchmark, a prediction
or a result goes through ``esc`` (inside a string with markup of our own) or ``cell`` (a
table cell or a whole line), which rich prints literally.

>>> esc("[/x] and [bold]b[/bold]")
'\\\\[/x] and \\\\[bold]b\\\\[/bold]'
>>> cell("[/x]").plain
'[/x]'
"""

from __future__ import annotations

import contextlib
import errno
import sys

import typer
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from ..errors import SqlverdictError

console = Console()
err_console = Console(stderr=True)


def esc(value) -> str:
    """``value`` as text for a string that also holds our own markup."""
    return escape(str(value))


def cell(value, style: str = "") -> Text:
    """``value`` as a rich ``Text``: printed as is, in a table cell or on its own."""
    return Text(str(value), style=style)


def positive(flag: str, value: float) -> float:
    """A budget flag must be a positive number of seconds."""
    if not value > 0 or value == float("inf"):
        from ..errors import InputError

        raise InputError(f"{flag} {value:g}: give a positive number of seconds (e.g. {flag} 30)")
    return value


def _os_message(e: OSError) -> str:
    where = f" {e.filename!r}" if e.filename else ""
    if e.errno in (errno.ENOSPC, errno.EDQUOT):
        return f"disk full while writing{where}; free some space and rerun"
    return f"{e.strerror or e}:{where}" if where else str(e)


@contextlib.contextmanager
def user_errors():
    """Turn library errors into a one-line message and exit code 2 (no traceback)."""
    try:
        yield
    except (SqlverdictError, ValueError) as e:
        err_console.print(f"[bold red]error:[/] {esc(e)}", highlight=False)
        raise typer.Exit(2) from None
    except OSError as e:  # a missing input, an unwritable output, a full disk
        err_console.print(f"[bold red]error:[/] {esc(_os_message(e))}", highlight=False)
        raise typer.Exit(2) from None
    except KeyboardInterrupt:
        err_console.print("[yellow]interrupted[/]; rerun with --resume to continue")
        sys.exit(130)
