"""SQLStructEval measures for the five T0.8 and the five T0.4 samples of Qwen2.5-Coder-7B on
the 200-question Spider dev subset, side by side.

Line i of every file in subset200_multisample/ stands for dev position
subset_dev_indices.json[i] (checked below against correctness_matrix.csv, whose row i names
the database of that position). Execution labels are cross-checked against the official
evaluator's labels in correctness_matrix.csv.

Run from the repository root:  python benchmarks/structure_qwen_multisample.py
Writes benchmarks/results/structure_qwen_multisample.{md,json}.
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from sqlverdict.bench import load_benchmark  # noqa: E402
from sqlverdict.structure import restrict  # noqa: E402
from sqlverdict.structure.evaluate import ExecutionJudge, evaluate_structure  # noqa: E402
from sqlverdict.structure.metrics import QUESTION_MEASURES  # noqa: E402
from sqlverdict.structure.pool import load_samples  # noqa: E402

SPIDER = ROOT.parent / "shared" / "data" / "spider"
SUBSET = SPIDER / "predictions" / "subset200_multisample"
RUN = "robust_Qwen2.5-Coder-7B-Instruct_{t}_r{r}"


def main() -> None:
    bench = restrict(load_benchmark(f"spider:{SPIDER}"), SUBSET / "subset_dev_indices.json")
    matrix = list(csv.DictReader(open(SUBSET / "correctness_matrix.csv", encoding="utf-8")))
    aligned = sum(row["db"] == ex.db_id for row, ex in zip(matrix, bench.examples, strict=True))
    specs = [f"T{t}={SUBSET / (RUN.format(t=f'T{t}', r=r) + '.sql')}"
             for t in ("0.8", "0.4") for r in range(1, 6)]
    systems = load_samples(specs, bench)
    report = evaluate_structure(bench, systems, judge=ExecutionJudge())

    # agreement of our execution labels with the official evaluator's
    agree = total = 0
    pos = {ex.id: i for i, ex in enumerate(bench.examples)}
    for d in report.detail:
        if "correct" not in d:
            continue
        row = matrix[pos[d["example_id"]]]
        for r, ok in enumerate(d["correct"], 1):
            col = RUN.format(t=d["system"], r=r)
            total += 1
            agree += int(row[col]) == int(ok)

    res = {"alignment_rows_matching_db": aligned, "n_rows": len(matrix),
           "label_agreement_with_official": {"agree": agree, "total": total},
           "systems": report.systems, "thresholds": report.thresholds.to_json()}
    out = ROOT / "benchmarks" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "structure_qwen_multisample.json").write_text(json.dumps(res, indent=2) + "\n")
    s8, s4 = report.systems["T0.8"], report.systems["T0.4"]
    lines = [
        "# Qwen2.5-Coder-7B, five samples per question: T=0.8 vs T=0.4",
        "",
        "`python benchmarks/structure_qwen_multisample.py` on "
        "`../shared/data/spider/predictions/subset200_multisample/` "
        f"({s8['n_questions']} judged questions, {s8['n_skipped']} skipped: wta_1 has no "
        "database). Correctness: execution on the shipped databases (bag semantics, list when "
        "the gold has a top-level ORDER BY).",
        "",
        "| measure | T0.8 | T0.4 |",
        "| --- | ---: | ---: |",
    ]
    for m in QUESTION_MEASURES:
        lines.append(f"| {m} | {s8[m]:.3f} | {s4[m]:.3f} |")
    for k in ("n_samples", "parse_failures"):
        lines.append(f"| {k} | {s8[k]} | {s4[k]} |")
    lines += [
        "",
        f"File alignment: row i of correctness_matrix.csv names the database of dev position "
        f"subset_dev_indices[i] for {aligned}/{len(matrix)} rows.",
        f"Execution labels agree with the official evaluator's labels (correctness_matrix.csv) "
        f"on {agree}/{total} samples ({agree / total:.1%}).",
        "",
    ]
    (out / "structure_qwen_multisample.md").write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
