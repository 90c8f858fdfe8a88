"""The command line: one library call per command; errors become clear messages.

Each group of commands lives in its own module (``cli/<area>.py``) that registers on ``app``.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys

import typer

# Help printed to a file or a pipe: wider than rich's default of 80 columns, which cut
# option descriptions ("execution,suite,boun…"); help panels fill the width, so not unbounded.
if not sys.stdout.isatty() and "COLUMNS" not in os.environ:
    import typer.rich_utils

    typer.rich_utils.MAX_WIDTH = 160

app = typer.Typer(
    name="sqlverdict",
    help="Is this generated SQL query actually right? Judge text-to-SQL under several oracles.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# Modules that register commands on ``app``; a missing one is skipped so that areas land
# independently.
COMMAND_MODULES = [
    "sqlverdict.cli.core",  # demo, eval, report
    "sqlverdict.cli.verify",  # verify, verify-batch
    "sqlverdict.cli.pairs",  # convert-verieql
    "sqlverdict.cli.suite",  # suite build, suite census
    "sqlverdict.cli.constraints",  # constraints mine, constraints validate
    "sqlverdict.cli.structure",  # structure, generate
    "sqlverdict.cli.certify",  # classes, certify, census
    "sqlverdict.cli.report",  # report (HTML)
    "sqlverdict.cli.llm",  # llm serve (local model server)
]

for _m in COMMAND_MODULES:
    if importlib.util.find_spec(_m) is not None:
        importlib.import_module(_m)


def main() -> None:
    app()
