"""``sqlverdict llm serve``: a local OpenAI-compatible model server on loopback."""

from __future__ import annotations

import signal
import threading
from pathlib import Path

import typer

from . import app
from ._common import cell, err_console, esc, user_errors

llm_app = typer.Typer(help="A local OpenAI-compatible model server (the llm-local extra).",
                      no_args_is_help=True)
app.add_typer(llm_app, name="llm")


@llm_app.command("serve")
def serve_cmd(
    model: Path = typer.Option(None, "--model", help="a GGUF file (default: the bundled "
                               "SmolLM2-135M-Instruct Q4_1 from the llm-local extra)"),
    host: str = typer.Option("127.0.0.1", "--host", help="loopback address to listen on"),
    port: int = typer.Option(8080, "--port", help="port (0: pick a free one)"),
    threads: int = typer.Option(1, "--threads", help="CPU threads for the model"),
    ctx: int = typer.Option(4096, "--ctx", help="context length in tokens"),
    log: Path = typer.Option(None, "--log", help="server log file (default: a temporary file)"),
    ready_timeout: float = typer.Option(180.0, "--ready-timeout",
                                        help="seconds to wait for the server to answer"),
) -> None:
    """Start llama.cpp's OpenAI-compatible server for a GGUF file on loopback, wait until it
    answers, print its base URL, and serve until Ctrl-C or SIGTERM (then stop it cleanly).

    Example: sqlverdict llm serve --port 8080, then in another shell
    sqlverdict generate --llm-base-url http://127.0.0.1:8080/v1
    --llm-model SmolLM2-135M-Instruct.Q4_1 --mode fewshot --logprobs ...
    """
    from ..llm.local import LocalServer

    stop = threading.Event()

    def on_signal(signum, frame):  # noqa: ARG001
        stop.set()

    with user_errors():
        srv = LocalServer(model, host=host, port=port, threads=threads, ctx=ctx, log_path=log,
                          ready_timeout_s=ready_timeout)
        err_console.print(cell(f"starting {srv.model_path.name} on {host} (log: "
                               f"{srv.log_path or 'a temporary file'}) ..."))
        old = {s: signal.signal(s, on_signal) for s in (signal.SIGINT, signal.SIGTERM)}
        try:
            srv.start()
            print(srv.base_url, flush=True)  # plain stdout: scripts read this line
            err_console.print(cell(f"ready: model {srv.alias!r}, chat and completions with "
                                   f"log-probabilities at {srv.base_url}; log {srv.log_path}; "
                                   "Ctrl-C stops it"))
            while not stop.wait(0.5):
                if not srv.running():
                    err_console.print("[bold red]error:[/] the server exited; its log ends with:\n"
                                      + esc(srv.log_tail()), highlight=False)
                    raise typer.Exit(1)
        finally:
            code = srv.stop()
            for s, h in old.items():
                signal.signal(s, h)
        err_console.print(f"stopped (exit code {code})")
