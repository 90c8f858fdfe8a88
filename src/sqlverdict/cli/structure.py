"""``sqlverdict structure`` (structural measures over samples) and ``sqlverdict generate``
(sampling candidates from an OpenAI-compatible endpoint)."""

from __future__ import annotations

from pathlib import Path

import typer

from . import app
from ._common import console, err_console, user_errors


@app.command("structure")
def structure_cmd(
    benchmark: str = typer.Option(..., "--benchmark", help="KIND:PATH, e.g. spider:DIR"),
    samples: list[str] = typer.Option(..., "--samples",
                                      help="[NAME=]FILE: a prediction file (one sample per "
                                           "question) or a JSONL pool; repeat for more samples; "
                                           "files with the same NAME form one system"),
    out: Path = typer.Option(..., "--out", help="output directory"),
    indices: Path = typer.Option(None, "--indices",
                                 help="JSON list of benchmark positions that the lines of the "
                                      ".sql sample files stand for (a subset)"),
    oracle: str = typer.Option("execution", "--oracle",
                               help="correctness oracle (execution, or any registered one)"),
    semantics: str = typer.Option(None, "--semantics", help="set|bag|list (default: bag, "
                                  "list when the gold has a top-level ORDER BY)"),
    lar_ca: float = typer.Option(0.7, "--lar-ca", help="LAR: agreement threshold"),
    lar_min_correct: int = typer.Option(2, "--lar-min-correct", help="LAR: minimum correct"),
    hdr_ea: float = typer.Option(0.8, "--hdr-ea", help="HDR: accuracy threshold"),
    hdr_dc: int = typer.Option(1, "--hdr-dc", help="HDR: D_c must exceed this"),
    limit: int = typer.Option(None, "--limit", help="only the first N questions"),
) -> None:
    """Structural consistency of sampled SQL: distinct structures, majority ratio, entropy,
    agreement among execution-correct samples, variant sensitivity.

    Example: sqlverdict structure --benchmark spider:../shared/data/spider
    --indices subset_dev_indices.json --samples T0.8=r1.sql --samples T0.8=r2.sql --out out
    """
    from ..structure import run_structure
    from ..structure.metrics import Thresholds
    from ..structure.report import rich_tables

    with user_errors():
        summary = run_structure(benchmark, samples, out, indices=indices, oracle=oracle,
                                semantics=semantics, limit=limit,
                                thresholds=Thresholds(lar_min_correct, lar_ca, hdr_ea, hdr_dc),
                                warn=lambda w: err_console.print(f"[yellow]warning:[/] {w}"))
    for t in rich_tables(summary):
        console.print(t)
    console.print(f"wrote {out / 'structure_summary.json'} and {out / 'structure_detail.jsonl'}")
