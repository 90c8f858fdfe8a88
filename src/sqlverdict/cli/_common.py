"""Helpers shared by the command modules."""

from __future__ import annotations

import contextlib
import sys

import typer
from rich.console import Console
from rich.markup import escape

from ..errors import SqlverdictError

console = Console()
err_console = Console(stderr=True)


@contextlib.contextmanager
def user_errors():
    """Turn library errors into a one-line message and exit code 2 (no traceback)."""
    try:
        yield
    except (SqlverdictError, FileNotFoundError, ValueError) as e:
        # escaped: messages name inputs like '.[llm-local]' that are not markup
        err_console.print(f"[bold red]error:[/] {escape(str(e))}", highlight=False)
        raise typer.Exit(2) from None
    except KeyboardInterrupt:
        err_console.print("[yellow]interrupted[/]; rerun with --resume to continue")
        sys.exit(130)
