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
import os
import sys

import typer
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from ..errors import SqlverdictError

# Output to a file or a pipe has no width: rich's default of 80 columns cut table cells
# and wrapped rows that a log or a `| less` shows whole. A terminal keeps its own width.
UNBOUNDED = 10_000


def _console(stderr: bool = False) -> Console:
    # emoji=False: rich reads ':b:' in a printed string as an emoji code; query text and
    # values are data, and none of our own text uses emoji codes
    c = Console(stderr=stderr, emoji=False)
    if not c.is_terminal and "COLUMNS" not in os.environ:
        c = Console(stderr=stderr, width=UNBOUNDED, emoji=False)
    return c


console = _console()
err_console = _console(stderr=True)


def esc(value) -> str:
    """``value`` as text for a string that also holds our own markup."""
    return escape(str(value))


def cell(value, style: str = "") -> Text:
    """``value`` as a rich ``Text``: printed as is, in a table cell or on its own."""
    return Text(str(value), style=style)


def warn(message) -> None:
    """One warning line on stderr (data escaped, never wrapped)."""
    err_console.print(f"[yellow]warning[/] {esc(message)}", highlight=False, soft_wrap=True)


def positive(flag: str, value: float) -> float:
    """A budget flag must be a positive number of seconds."""
    if not value > 0 or value == float("inf"):
        from ..errors import InputError

        raise InputError(f"{flag} {value:g}: give a positive number of seconds (e.g. {flag} 30)")
    return value


@contextlib.contextmanager
def user_errors():
    """Turn library errors into a one-line message and exit code 2 (no traceback)."""
    try:
        yield
    except (SqlverdictError, ValueError) as e:
        err_console.print(f"[bold red]error:[/] {esc(e)}", highlight=False, soft_wrap=True)
        raise typer.Exit(2) from None
    except OSError as e:  # a missing input, an unwritable output, a full disk
        from ..runner.output import describe

        err_console.print(f"[bold red]error:[/] {esc(describe(e))}", highlight=False,
                          soft_wrap=True)
        raise typer.Exit(2) from None
    except RecursionError:  # an input nested deeper than any reader goes (JSON, SQL)
        err_console.print("[bold red]error:[/] an input is nested too deeply to read (e.g. "
                          "JSON or SQL nested hundreds of levels); check the files given",
                          highlight=False, soft_wrap=True)
        raise typer.Exit(2) from None
    except KeyboardInterrupt:
        err_console.print("[yellow]interrupted[/]; rerun with --resume to continue")
        sys.exit(130)
