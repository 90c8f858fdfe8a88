"""``sqlverdict classes``, ``certify`` and ``census``: conformal certificates over pools."""

from __future__ import annotations

from pathlib import Path

import typer

from . import app
from ._common import cell, console, positive, user_errors, warn
from .progress import reporter


@app.command("certify")
def certify_cmd(
    classes: Path = typer.Option(..., "--classes", help="CLASSES.jsonl from `sqlverdict classes`"),
    out: Path = typer.Option(..., "--out", help="output directory (certificate.json)"),
    alpha: float = typer.Option(0.1, "--alpha", help="target risk of wrong answers"),
    splits: int = typer.Option(200, "--splits", help="number of random calibration splits"),
    split_by: str = typer.Option(None, "--split-by",
                                 help="question or database (default: both schemes)"),
    seed: int = typer.Option(0, "--seed", help="seed of the random splits"),
) -> None:
    """Calibrate abstention by conformal risk control in the 2x2 oracle intervention.

    Example: sqlverdict certify --classes classes.jsonl --out cert --alpha 0.1 --splits 200
    """
    from ..certify import run_certify
    from ..certify.report import rich_tables

    with user_errors():
        if split_by is not None and split_by not in ("question", "database"):
            raise ValueError(f"--split-by must be question or database (got {split_by!r})")
        cert = run_certify(classes, out, alpha=alpha, n_splits=splits, split_by=split_by,
                           seed=seed)
    for t in rich_tables(cert):
        console.print(t)
    console.print(cell(f"wrote {out / 'certificate.json'}"))


@app.command("pool")
def pool_cmd(
    benchmark: str = typer.Option(..., "--benchmark", help="KIND:PATH, e.g. spider:../data/spider"),
    samples: list[Path] = typer.Option(..., "--samples",
                                       help="one-SQL-per-line file, one sample each (repeat)"),
    out: Path = typer.Option(..., "--out", help="pool JSONL to write"),
    index_map: Path = typer.Option(None, "--index-map",
                                   help="JSON list: benchmark position of each line"),
) -> None:
    """Build a candidate pool from several prediction files (one sample per file).

    Example: sqlverdict pool --benchmark spider:data/spider --samples r1.sql --samples r2.sql
    --index-map subset_dev_indices.json --out pool.jsonl
    """
    from ..bench import load_benchmark
    from ..certify.pool import pool_from_prediction_files, write_pool

    with user_errors():
        b = load_benchmark(benchmark)
        entries = pool_from_prediction_files(samples, b, index_map=index_map)
        write_pool(out, entries)
    console.print(cell(f"wrote {len(entries)} questions x {len(samples)} candidates to {out}"))


@app.command("classes")
def classes_cmd(
    benchmark: str = typer.Option(..., "--benchmark", help="KIND:PATH, e.g. spider:../data/spider"),
    pool: Path = typer.Option(..., "--pool", help="POOL.jsonl: candidates per question"),
    out: Path = typer.Option(..., "--out", help="CLASSES.jsonl to write"),
    suite: Path = typer.Option(None, "--suite", help="suite directory (adds the suite oracle)"),
    construction: str = typer.Option("candidates", "--construction",
                                     help="gold | candidates | gold_free"),
    timeout: float = typer.Option(10.0, "--timeout", help="seconds per query execution"),
    budget: float = typer.Option(None, "--budget",
                                 help="seconds per candidate over all instances "
                                      "(default: three timeouts); a candidate also stops "
                                      "at its first timeout"),
    quiet: bool = typer.Option(False, "--quiet", help="No progress bar."),
) -> None:
    """Partition each question's candidates into execution-equivalence classes.

    Example: sqlverdict classes --benchmark spider:data/spider --pool pool.jsonl
    --suite suites/spider --out classes.jsonl
    """
    import json

    from ..bench import load_benchmark
    from ..certify.classes import build_classes
    from ..certify.classfile import write_classes
    from ..certify.pool import read_pool
    from ..runner.output import write_text

    with user_errors():
        positive("--timeout", timeout)
        if budget is not None:
            positive("--budget", budget)
        b = load_benchmark(benchmark)
        entries = read_pool(pool)
        with reporter("classes", enabled=not quiet) as progress:
            records, stats = build_classes(
                b, entries, suite_dir=suite, construction=construction, timeout_s=timeout,
                budget_s=budget, progress=progress)
        write_classes(out, records)
        write_text(Path(str(out) + ".stats.json"), json.dumps(stats.to_json(), indent=2) + "\n")
    for w in stats.warnings:
        warn(w)
    console.print(cell(f"wrote {len(records)} questions to {out} ({stats.n_skipped} skipped, "
                       f"{stats.n_usable}/{stats.n_candidates} candidates usable, "
                       f"{stats.n_executions} executions, {stats.n_stopped} queries stopped "
                       f"early, {stats.elapsed_s:.1f} s)"))


@app.command("census")
def census_cmd(
    benchmark: str = typer.Option(..., "--benchmark", help="KIND:PATH, e.g. spider:../data/spider"),
    classes: Path = typer.Option(..., "--classes", help="CLASSES.jsonl from `sqlverdict classes`"),
    out: Path = typer.Option(..., "--out", help="output directory (dossier.jsonl, dossier.md)"),
    suite: Path = typer.Option(None, "--suite", help="the suite directory the classes used"),
    labels: Path = typer.Option(None, "--labels", help="labels JSONL: re-score the certificate"),
    alpha: float = typer.Option(0.1, "--alpha", help="target risk when re-scoring"),
    splits: int = typer.Option(200, "--splits", help="random splits when re-scoring"),
    llm_base_url: str = typer.Option(None, "--llm-base-url",
                                     help="label with an OpenAI-compatible endpoint"),
    llm_model: str = typer.Option(None, "--llm-model", help="model name for labelling"),
) -> None:
    """Census of the answers the suite rejects, with evidence and gold-query lints.

    Example: sqlverdict census --benchmark spider:data/spider --classes classes.jsonl
    --suite suites/spider --out census
    """
    import json

    from ..bench import load_benchmark
    from ..certify.census import run_census

    with user_errors():
        b = load_benchmark(benchmark)
        client = None
        if llm_base_url or llm_model:
            from ..llm import LLMClient

            client = LLMClient(llm_base_url or "", llm_model or "")
        summary = run_census(b, classes, out, suite_dir=suite, labels=labels, alpha=alpha,
                             n_splits=splits, llm_client=client)
    console.print_json(json.dumps(summary))
    console.print(cell(f"wrote {out / 'dossier.jsonl'} and {out / 'dossier.md'}"))
