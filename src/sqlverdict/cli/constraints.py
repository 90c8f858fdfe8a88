"""``sqlverdict constraints mine`` and ``sqlverdict constraints validate``."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.table import Table as RichTable

from . import app
from ._common import cell, console, err_console, esc, positive, user_errors

constraints_app = typer.Typer(help="Mine domain constraints from an example database and "
                              "validate them (LLM or offline heuristics).",
                              no_args_is_help=True)
app.add_typer(constraints_app, name="constraints")


def _counts_table(cs) -> RichTable:
    from ..constraints.model import KINDS

    t = RichTable()
    t.add_column("kind")
    t.add_column("mined", justify="right")
    t.add_column("enabled", justify="right")
    allc, on = cs.counts(), cs.counts(only_enabled=True)
    for k in KINDS:
        t.add_row(k, str(allc[k]), str(on[k]))
    t.add_row("total", str(sum(allc.values())), str(sum(on.values())))
    return t


@constraints_app.command("mine")
def mine_cmd(
    db: Path = typer.Argument(..., help="SQLite database to mine (opened read-only), or a "
                              "benchmark folder: every database in it"),
    out: Path = typer.Option(..., "--out", help="constraint file to write (JSON); for a folder, "
                             "a directory of <db_id>.json (what --constraints DIR reads)"),
    descriptions: Path = typer.Option(None, "--descriptions",
                                      help="folder of BIRD-style <table>.csv column "
                                           "descriptions, kept as context for validation"),
    max_categories: int = typer.Option(30, "--max-categories",
                                       help="categorical (in) constraints for columns with at "
                                            "most this many distinct values"),
    min_support: int = typer.Option(3, "--min-support",
                                    help="rows of evidence needed for fd and order constraints"),
) -> None:
    """Mine range, in, not_null, fd and order constraints from DB.

    Examples: sqlverdict constraints mine concert_singer.sqlite --out cs.json;
    sqlverdict constraints mine ../shared/data/spider --out spider-constraints
    """
    from ..constraints.mine import MineOptions, mine, mine_folder

    options = MineOptions(max_categories=max_categories, min_support=min_support)
    if db.is_dir():
        with user_errors():
            written = mine_folder(db, out, options=options, descriptions=descriptions)
        t = RichTable()
        for c in ("database", "constraints", "enabled", "seconds"):
            t.add_column(c, justify="left" if c == "database" else "right")
        for _, cs in written:
            t.add_row(cs.database, str(sum(cs.counts().values())),
                      str(sum(cs.counts(only_enabled=True).values())),
                      f"{cs.miner['elapsed_s']:.2f}")
        console.print(t)
        console.print(f"wrote {len(written)} constraint files to {out}", highlight=False)
        return
    with user_errors():
        cs = mine(db, options=options, descriptions=descriptions)
        cs.save(out)
    console.print(cell(f"{cs.database}: mined in {cs.miner['elapsed_s']:.2f} s"))
    console.print(_counts_table(cs))
    console.print(cell(f"wrote {out}"))


@constraints_app.command("validate")
def validate_cmd(
    file: Path = typer.Argument(..., help="constraint file from `constraints mine`"),
    out: Path = typer.Option(..., "--out", help="validated constraint file to write"),
    llm_base_url: str = typer.Option(None, "--llm-base-url",
                                     help="OpenAI-compatible API, e.g. https://api.openai.com/v1 "
                                          "(key from SQLVERDICT_LLM_API_KEY or OPENAI_API_KEY)"),
    llm_model: str = typer.Option(None, "--llm-model", help="model name, e.g. gpt-4o-mini"),
    offline: bool = typer.Option(False, "--offline",
                                 help="transparent heuristics instead of an LLM "
                                      "(labelled 'heuristic' in the file)"),
    cache_dir: Path | None = typer.Option(None, "--cache-dir",
                                          help="on-disk cache of LLM answers (default: the "
                                               "user cache folder, ~/.cache/sqlverdict/llm)"),
    batch_size: int = typer.Option(12, "--batch-size", help="constraints per LLM request"),
    workers: int = typer.Option(4, "--workers", help="LLM requests in flight"),
    timeout: float = typer.Option(60.0, "--timeout", help="seconds per LLM request"),
    answer_schema: bool = typer.Option(False, "--llm-answer-schema",
                                       help="send the answer's JSON schema in response_format "
                                            "(llama.cpp decodes under it: for small local "
                                            "models, e.g. `sqlverdict llm serve`)"),
) -> None:
    """Decide which mined constraints hold beyond the sample; choose range bounds.

    Examples: sqlverdict constraints validate cs.json --out cs.valid.json --offline;
    sqlverdict constraints validate cs.json --out v.json --llm-base-url
    https://api.openai.com/v1 --llm-model gpt-4o-mini
    """
    from ..constraints.model import ConstraintSet
    from ..constraints.validate import validate_heuristic, validate_llm
    from ..errors import InputError

    with user_errors():
        positive("--timeout", timeout)
        if offline and (llm_base_url or llm_model):
            raise InputError("give either --offline or --llm-base-url/--llm-model, not both")
        if not offline and not (llm_base_url and llm_model):
            raise InputError("validation needs --llm-base-url URL and --llm-model M "
                             "(an OpenAI-compatible API), or --offline for heuristics")
        cs = ConstraintSet.load(file)
        if offline:
            validate_heuristic(cs)
        else:
            from ..llm import LLMClient
            from ..llm.cache import DEFAULT_CACHE

            client = LLMClient(llm_base_url, llm_model, cache_dir=cache_dir or DEFAULT_CACHE,
                               timeout_s=timeout)
            validate_llm(cs, client, batch_size=batch_size, workers=workers,
                         answer_schema_mode=answer_schema)
            console.print(cell(f"LLM: {client.usage.text()}"))
        cs.save(out)
    v = cs.validation
    console.print(cell(f"{cs.database}: validated ({v['method']})"))
    console.print(_counts_table(cs))
    failed = v.get("failed_batches", 0)
    if failed:
        err_console.print(f"[yellow]warning:[/] {failed} of {v['batches']} batches failed; their "
                          f"constraints are marked 'error' and disabled. First error: "
                          f"{esc(v['errors'][0])}", highlight=False)
    console.print(cell(f"wrote {out}"))
    if failed:
        raise typer.Exit(1)
