"""End to end on real samples: Qwen2.5-Coder-7B, ten candidates per question (five at
temperature 0.4, five at 0.8) on the 200-question Spider dev subset.

pool -> suite (built by sqlverdict) -> classes (weak and suite, three constructions) ->
certificate (alpha 0.1, 200 splits, both schemes, six scores) -> census with lints.

Run from the repository root (about a minute on a quiet 2-core machine):

    python -m benchmarks.certify_spider [--work DIR]

Writes benchmarks/results/certify_spider.{md,json}, the class file
certify_spider_classes.jsonl (so the analysis can be re-run without executing SQL:
``sqlverdict certify --classes benchmarks/results/certify_spider_classes.jsonl --out DIR``)
and the dossier certify_spider_dossier.md.
"""

from __future__ import annotations

import argparse
import json
import shutil
import time
from pathlib import Path

from sqlverdict.bench import load_benchmark
from sqlverdict.certify import run_certify
from sqlverdict.certify.census import run_census
from sqlverdict.certify.classes import build_classes
from sqlverdict.certify.classfile import write_classes
from sqlverdict.certify.pool import pool_from_prediction_files, write_pool
from sqlverdict.certify.report import markdown

SPIDER = "../shared/data/spider"
SAMPLES = Path(SPIDER) / "predictions" / "subset200_multisample"
RESULTS = Path(__file__).parent / "results"


def partition_counts(records: list[dict]) -> dict:
    """Classes per oracle and how often the top weak (suite) class is correct."""
    def top(part, oracle):
        return sum(r["partitions"][part][0]["correct"][oracle] for r in records
                   if r["partitions"][part])

    return {"classes_weak": sum(len(r["partitions"]["weak"]) for r in records),
            "classes_suite": sum(len(r["partitions"]["suite"]) for r in records),
            "top_weak_correct_weak": top("weak", "weak"),
            "top_weak_correct_suite": top("weak", "suite"),
            "top_suite_correct_suite": top("suite", "suite")}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default="/tmp/sqlverdict-certify-spider")
    ap.add_argument("--rebuild-suite", action="store_true")
    args = ap.parse_args()
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    timings = {}
    bench = load_benchmark(f"spider:{SPIDER}")

    files = [SAMPLES / f"robust_Qwen2.5-Coder-7B-Instruct_T{t}_r{r}.sql"
             for t in ("0.4", "0.8") for r in range(1, 6)]
    pool = pool_from_prediction_files(files, bench, index_map=SAMPLES / "subset_dev_indices.json")
    write_pool(work / "pool.jsonl", pool)

    suite = work / "suite"
    if args.rebuild_suite and suite.exists():
        shutil.rmtree(suite)
    if not (suite / "manifest.json").is_file():
        from sqlverdict.oracles.suite.build import build_suite

        t0 = time.perf_counter()
        dbs = sorted({e.db_id for e in pool} - {"wta_1"})
        build_suite(bench, suite, db_ids=dbs, seed=0)
        timings["suite_build_s"] = time.perf_counter() - t0
    manifest = json.loads((suite / "manifest.json").read_text())

    constructions = {}
    for construction in ("candidates", "gold", "gold_free"):
        t0 = time.perf_counter()
        records, stats = build_classes(bench, pool, suite_dir=suite, construction=construction)
        el = time.perf_counter() - t0
        write_classes(work / f"classes_{construction}.jsonl", records)
        constructions[construction] = {
            "seconds": el, "questions": len(records), "skipped": stats.n_skipped,
            "candidates": stats.n_candidates, "usable": stats.n_usable,
            "executions": stats.n_executions,
            "candidates_per_s": stats.n_candidates / el,
            **partition_counts(records),
        }
        if construction == "candidates":
            shutil.copy(work / "classes_candidates.jsonl", RESULTS / "certify_spider_classes.jsonl")

    t0 = time.perf_counter()
    cert = run_certify(work / "classes_candidates.jsonl", work / "cert", alpha=0.1, n_splits=200)
    timings["certify_s"] = time.perf_counter() - t0
    sweep = json.loads((work / "cert" / "sweep.json").read_text())
    t0 = time.perf_counter()
    census = run_census(bench, work / "classes_candidates.jsonl", work / "census", suite_dir=suite)
    timings["census_s"] = time.perf_counter() - t0
    shutil.copy(work / "census" / "dossier.md", RESULTS / "certify_spider_dossier.md")
    lints_all = json.loads((work / "census" / "lints.json").read_text())

    out = {"pool": {"questions": len(pool), "candidates_per_question": len(files),
                    "files": [f.name for f in files]},
           "suite": {"databases": len(manifest["databases"]), "totals": manifest["totals"],
                     "elapsed_s": manifest["elapsed_s"], "seed": manifest["seed"]},
           "constructions": constructions, "certificate": cert, "sweep": sweep,
           "census": census, "lints": lints_all, "timings": timings}
    (RESULTS / "certify_spider.json").write_text(json.dumps(out, indent=1) + "\n")

    md = ["# Certificates on real samples: Qwen2.5-Coder-7B on the Spider dev subset", "",
          "Pool: ten candidates per question (`robust_Qwen2.5-Coder-7B-Instruct_T0.4_r1..5` and "
          "`_T0.8_r1..5`), lines mapped to dev questions by `subset_dev_indices.json`; "
          f"{len(pool)} questions, of which {constructions['candidates']['skipped']} (wta_1) "
          "have no database. Suite: built by sqlverdict "
          f"(`build_suite`, seed {manifest['seed']}) for the {len(manifest['databases'])} "
          f"schemas of the subset, {manifest['totals']['instances']} instances, "
          f"{manifest['elapsed_s']:.0f} s. Oracles: `weak` = the shipped database, `suite` = "
          "the shipped database plus every suite instance.", "",
          "Reproduce: `python -m benchmarks.certify_spider` (or step by step: `sqlverdict pool`, "
          "`sqlverdict suite build`, `sqlverdict classes`, `sqlverdict certify`, "
          "`sqlverdict census`; see docs/certify.md).", "",
          "## Classes (three constructions)", "",
          "| construction | questions | usable/candidates | classes weak | classes suite | "
          "top weak ok (weak) | top weak ok (suite) | top suite ok (suite) | executions | "
          "seconds | candidates/s |", "|" + "---|" * 11]
    for c, v in constructions.items():
        md.append(f"| {c} | {v['questions']} | {v['usable']}/{v['candidates']} | "
                  f"{v['classes_weak']} | {v['classes_suite']} | {v['top_weak_correct_weak']} | "
                  f"{v['top_weak_correct_suite']} | {v['top_suite_correct_suite']} | "
                  f"{v['executions']} | {v['seconds']:.1f} | {v['candidates_per_s']:.0f} |")
    md += ["", "## Certificate (alpha 0.1, 200 splits per scheme, primary score: top-class mass)",
           "", "Risks, rates in percent; contrasts in percentage points. The two "
           "log-probability scores are not available: the prediction files carry no "
           "log-probabilities.", "", markdown(cert)]
    for scheme, v in cert.items():
        md.append(f"- {scheme}: gap {v['gap']:+.2f} pts (positive in "
                  f"{100 * v['gap_signs']['positive']:.0f}% of splits, negative in "
                  f"{100 * v['gap_signs']['negative']:.0f}%), d_minus_a {v['d_minus_a']:+.2f} pts "
                  f"(negative in {100 * v['d_minus_a_signs']['negative']:.0f}% of splits, "
                  f"positive in {100 * v['d_minus_a_signs']['positive']:.0f}%)")
    md += ["", "## Alpha sweep (top-class mass)", "",
           "| scheme | alpha | A risk weak | A risk suite | A answer rate | D risk suite | "
           "D answer rate | gap | d_minus_a |", "|" + "---|" * 9]
    for scheme, rows in sweep.items():
        for a, r in rows.items():
            A, D = r["cells"]["A"], r["cells"]["D"]
            md.append(f"| {scheme} | {a} | {100 * A['risk']['weak']:.2f} | "
                      f"{100 * A['risk']['suite']:.2f} | {100 * A['answer_rate']:.1f} | "
                      f"{100 * D['risk']['suite']:.2f} | {100 * D['answer_rate']:.1f} | "
                      f"{r['gap']:+.2f} | {r['d_minus_a']:+.2f} |")
    md += ["", "## Census of rejections", "",
           f"{census['n_rejections']} top-class answers (of either partition) are rejected by "
           f"the suite; {census['n_weak_accepts']} of them are accepted by the shipped "
           f"database. {census['n_rejections_with_lint']} rejections concern a gold query "
           "with a lint finding.", "", "| signature (first disagreement) | count |", "|---|---|"]
    md += [f"| {k} | {n} |" for k, n in census["signatures"].items()]
    md += ["", "Lints on the gold queries of the pool's questions:", "",
           "| lint | findings |", "|---|---|"]
    md += [f"| {k} | {n} |" for k, n in census["lints"].items()]
    md += ["", "The full dossier: `certify_spider_dossier.md`. No labels are committed: the "
           "taxonomy labels need people or an LLM endpoint (none reachable here).", "",
           "## Timings (this run, shared 2-core machine)", ""]
    md += [f"- {k}: {v:.1f} s" for k, v in timings.items()]
    md += [f"- classes ({c}): {v['seconds']:.1f} s, {v['candidates_per_s']:.0f} candidates/s "
           f"({v['executions']} query executions)" for c, v in constructions.items()]
    (RESULTS / "certify_spider.md").write_text("\n".join(md) + "\n")
    print("\n".join(md))


if __name__ == "__main__":
    main()
