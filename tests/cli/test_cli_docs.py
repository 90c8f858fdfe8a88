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


def test_verify_batch_rerun_resumes_and_says_nothing_to_do(tmp_path):
    import json

    pairs = tmp_path / "pairs.jsonl"
    ddl = "CREATE TABLE t(a INT PRIMARY KEY, b INT)"
    pairs.write_text("\n".join(json.dumps(d) for d in [
        {"id": "p1", "gold": "SELECT a FROM t WHERE b > 1", "pred": "SELECT a FROM t WHERE 1 < b",
         "schema": ddl},
        {"id": "p2", "gold": "SELECT count(*) FROM t", "pred": "SELECT count(b) FROM t",
         "schema": ddl}]) + "\n")
    out = tmp_path / "out.jsonl"
    runner = CliRunner()
    first = runner.invoke(app, ["verify-batch", "--pairs", str(pairs), "--out", str(out),
                                "--bound", "2"])
    assert first.exit_code == 0, first.output
    results = {json.loads(x)["id"]: json.loads(x)["status"] for x in out.read_text().splitlines()}
    assert results == {"p1": "verified", "p2": "refuted"}
    again = runner.invoke(app, ["verify-batch", "--pairs", str(pairs), "--out", str(out)])
    assert again.exit_code == 0 and "nothing to do" in again.output
    assert len(out.read_text().splitlines()) == 2
