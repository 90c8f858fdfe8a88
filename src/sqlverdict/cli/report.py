"""``sqlverdict report``: a self-contained HTML report of a run directory."""

from __future__ import annotations

from pathlib import Path

import typer

from . import app
from ._common import cell, console, user_errors, warn


@app.command("report")
def report_cmd(
    run_dir: Path = typer.Argument(..., help="run directory written by `sqlverdict eval` or "
                                              "`sqlverdict demo`"),
    html: Path = typer.Option(None, "--html", help="output file (default RUN_DIR/report.html)"),
) -> None:
    """Write a self-contained HTML report (leaderboard, disagreements, witnesses, runtime).

    Example: sqlverdict report runs/spider --html spider_report.html
    """
    from ..report.html import render_report

    with user_errors():
        out = render_report(run_dir, html, warn=warn)
    size = out.stat().st_size
    console.print(cell(f"wrote {out} ({size / 1024:.0f} KiB)"), highlight=False)
