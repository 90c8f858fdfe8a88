"""Every command documents itself with an example, and the README's contract commands exist."""

import typer.main
from typer.testing import CliRunner

from sqlverdict.cli import app

CONTRACT = ["demo", "eval", "verify", "verify-batch", "suite build", "constraints mine",
            "constraints validate", "structure", "classes", "certify", "report"]


def _commands():
    root = typer.main.get_command(app)
    out = {}

    def walk(cmd, prefix):
        if getattr(cmd, "commands", None):
            for name, sub in cmd.commands.items():
                walk(sub, f"{prefix} {name}".strip())
        else:
            out[prefix] = cmd

    walk(root, "")
    return out


def test_contract_commands_exist():
    cmds = _commands()
    missing = [c for c in CONTRACT if c not in cmds]
    assert not missing, missing


def test_every_command_has_help_with_an_example():
    runner = CliRunner()
    for name, cmd in _commands().items():
        res = runner.invoke(app, name.split() + ["--help"])
        assert res.exit_code == 0, (name, res.output)
        assert "Example" in (cmd.help or ""), f"'sqlverdict {name}' help has no example"
