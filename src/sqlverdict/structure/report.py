"""Terminal tables in the paper's shape: structure over all samples, the execution-correct
subset, and input variants (when present)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

# RA is over every parsed sample, correct or not, so it sits with the measures of all samples
ALL = [("EA", "EA"), ("CEA", "CEA"), ("PR", "PR"), ("D", "D"), ("MR", "MR"), ("H", "H"),
       ("NE", "NE"), ("RA", "RA")]
CORRECT = [("D_c", "D_c"), ("H_c", "H_c"), ("CA", "CA"), ("LAR", "LAR"), ("HDR", "HDR")]
VARIANTS = [("VA", "VA"), ("D_p", "D_p"), ("Sens", "Sens"), ("SF", "SF")]


def _table(title: str | Text, cols, systems: dict[str, dict]) -> Table:
    t = Table(title=title, title_justify="left")
    t.add_column("system")
    t.add_column("n", justify="right")
    for _, head in cols:
        t.add_column(head, justify="right")
    for name, m in systems.items():
        t.add_row(Text(str(name)), str(m.get("n_questions", 0)),  # a name is never markup
                  *(f"{m[k]:.3f}" if k in m else "-" for k, _ in cols))
    return t


def rich_tables(summary: dict) -> list[Table]:
    systems = summary["systems"]
    out = [_table("Structure over all samples", ALL, systems),
           _table(Text(f"Execution-correct subset (correctness: {summary['correctness']})"),
                  CORRECT, systems)]
    compiled = {k: v for k, v in systems.items() if "compile_JV" in v}
    if compiled:
        out.append(_table("Compile-style pipeline", [(f"compile_{k}", k) for k in
                                                     ("JV", "CR", "PR", "ES")], compiled))
    with_variants = {k: v for k, v in systems.items() if "VA" in v}
    if with_variants:
        out.append(_table("Input variants (paraphrases, reordered schemas)", VARIANTS,
                          with_variants))
    return out
