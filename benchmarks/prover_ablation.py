"""The ablation table: every-database proofs of equivalent pairs by method, with all methods
and with the normal form alone (``prover_corpus --methods normal_form``), read from the
``benchmarks/results/prover_corpus_<label>.json`` of finished runs.

    python -m benchmarks.prover_ablation --name prover_ablation \
        --run "prover, all methods, before=i33a_before" --run "prover, normal form alone=i33a_nf_only_before"
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

RESULTS = Path(__file__).resolve().parents[1] / "benchmarks" / "results"
EVERY = ("same_text", "same_ir", "rewriting", "normal_form", "rewriting_normal_form", "congruence",
         "no_table", "small_model")


def row(title: str, label: str) -> str:
    d = json.loads((RESULTS / f"prover_corpus_{label}.json").read_text())
    o, by = d["overall"], d["decided_by_method"]["equivalent"]
    e = o["equivalent"]

    def n(method):
        return by.get(f"verified (every database) by {method}", 0)

    cells = [f"{n(m)}" for m in EVERY]
    every = o["eq_every_database"]
    return (f"| {title} | `{label}` | {d.get('methods', 'all')} | {e} | {every} ({100 * every / e:.1f}%) | "
            + " | ".join(cells) + f" | {o['eq_bounded']} | {o['eq_refuted']} | {o['eq_unknown']} | "
            f"{o['mut_verified']} | {o['median_s']:.3f} | {o['p95_s']:.3f} |")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--name", required=True)
    ap.add_argument("--run", action="append", required=True, help="TITLE=LABEL")
    ap.add_argument("--note", default="")
    a = ap.parse_args(argv)
    lines = [f"# Ablation: every-database proofs with and without the canonical rules (`{a.name}`)", "",
             "Equivalent pairs proved for every database, by method; `normal_form` alone reads the "
             "lowered plans without any rule (an estimate of how the prover generalises to pairs no "
             "rule was written for). Bounded, refuted and unknown are the equivalent pairs' other "
             "verdicts; `mutants verified` must stay at its value in the all-methods run (those are "
             "bounded proofs of mutants separated only above the bound). Times: all pairs, median "
             "and p95 of the verifier's `elapsed_s` (machine shared by other helpers).", "",
             "| run | label | methods | equivalent | every database | " + " | ".join(EVERY)
             + " | bounded | refuted | unknown | mutants verified | median s | p95 s |",
             "|---|---|---|---:|---:|" + "---:|" * (len(EVERY) + 6)]
    for r in a.run:
        title, label = r.rsplit("=", 1)
        lines.append(row(title, label))
    if a.note:
        lines += ["", a.note]
    (RESULTS / f"{a.name}.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
