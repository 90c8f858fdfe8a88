"""The closing analysis of the local-model study (issue 28), from the class files only:
bootstrap intervals of the certificate at several risk levels, AUROC intervals, the greedy
EX/TS gap with its interval, the census of rejections, and their Markdown.

Used by ``benchmarks.llm_local_spider``; every function reads files the study wrote (no
model, no server).
"""

from __future__ import annotations

import json
import shutil
import statistics
from pathlib import Path

from sqlverdict.certify.report import intervals_markdown


def read_jsonl(p: Path) -> list[dict]:
    return [json.loads(x) for x in p.read_text().splitlines() if x.strip()]


ALPHAS = (0.05, 0.1, 0.2)


def certificate_uncertainty(classes: Path, n_splits: int, n_boot: int, *,
                            alphas=ALPHAS, all_scores: bool = True,
                            n_boot_auroc: int = 2000) -> dict:
    """Bootstrap intervals of the certificate (``certify.intervals``): the primary score's
    cells and contrasts at every alpha of ``alphas``; every other score's contrasts at alpha
    0.1 (``all_scores``); every score's AUROC per partition and oracle."""
    from sqlverdict.certify.classfile import ClassTable, read_classes
    from sqlverdict.certify.intervals import auroc_intervals, certificate_intervals

    table = ClassTable.from_records(read_classes(classes))
    out = {"cells": certificate_intervals(table, alphas=alphas, n_splits=n_splits,
                                          n_boot=n_boot, boot_splits=50),
           "n_questions": len(table)}
    scores = [s for s in table.available_scores if s != "mass"] if all_scores else []
    out["scores"] = {s: certificate_intervals(table, alphas=(0.1,), n_splits=n_splits,
                                              n_boot=n_boot, boot_splits=50, score=s)
                     for s in scores}
    out["auroc"] = {s: auroc_intervals(table, s, n_boot=n_boot_auroc)
                    for s in table.available_scores}
    return out


def greedy_gap(g_records: list[dict], n_boot: int, seed: int = 0) -> dict:
    """Greedy accuracy on the shipped database (EX) and under the suite (TS), and EX minus
    TS, with 95% percentile bootstrap intervals over the questions (paired draws)."""
    import numpy as np

    from sqlverdict.certify.intervals import percentile_interval

    def ok(r: dict, o: str) -> bool:
        top = r["partitions"][o][:1]
        return bool(top) and bool(top[0]["correct"][o])

    ex = np.array([ok(r, "weak") for r in g_records], float)
    ts = np.array([ok(r, "suite") for r in g_records], float)
    draws = np.random.default_rng(seed).integers(0, len(ex), (n_boot, len(ex)))
    out = {"n": len(ex), "n_boot": n_boot}
    for k, v in (("ex", ex), ("ts", ts), ("ex_minus_ts", ex - ts)):
        lo, hi = percentile_interval(v[draws].mean(axis=1))
        out[k] = {"estimate": float(v.mean()), "low": lo, "high": hi}
    return out


def census_of_rejections(full, work: Path, suite: Path, results: Path, name: str) -> dict:
    """``sqlverdict census`` on the study's class file (no labels: every rejection counts);
    the dossier goes to ``results/NAME_census.md`` and ``.jsonl``."""
    from sqlverdict.certify.census import run_census

    summary = run_census(full, work / "classes.jsonl", work / "census", suite_dir=suite)
    dossier = read_jsonl(work / "census" / "dossier.jsonl")
    summary["by_partition"] = {
        p: sum(p in d["partitions"] for d in dossier) for p in ("weak", "suite")}
    summary["breadth_median"] = (statistics.median(d["breadth"] for d in dossier
                                                   if d["breadth"] is not None)
                                 if dossier else None)
    results.mkdir(parents=True, exist_ok=True)
    shutil.copy(work / "census" / "dossier.md", results / f"{name}_census.md")
    shutil.copy(work / "census" / "dossier.jsonl", results / f"{name}_census.jsonl")
    return summary




def _p(v: dict | None, scale: float = 100, d: int = 1) -> str:
    """``estimate [low, high]`` in percent (or points)."""
    if not v or v.get("estimate") is None:
        return "-"

    def f(x):
        return "-" if x is None else f"{scale * x:.{d}f}"

    return f"{f(v['estimate'])} [{f(v['low'])}, {f(v['high'])}]"


def _a(v: dict | None) -> str:
    return _p(v, 1, 3)


PUBLISHED = (
    "**The published study's own figures.** The certificate design (classes, six scores, "
    "conformal risk control, the 2x2 oracle intervention, the census) follows the study "
    "\"Certified against which oracle?\" named in issue 8 (docs/certify.md implements it). "
    "Its published tables are not in this repository: neither docs/certify.md, docs/llm.md, "
    "the design guide nor the issues quote a figure from the paper, and the paper itself is "
    "not among the stored sources, so no published number is put here (none is invented). "
    "What stands beside the 1.5B model instead is the seed run of this repository "
    "(`benchmarks/results/certify_spider.md`): the same analysis by sqlverdict on the "
    "published samples of the model family the study used, Qwen2.5-Coder-7B-Instruct "
    "(`../shared/data/spider/predictions/subset200_multisample`, five samples at T0.4 and "
    "five at T0.8 per question), with the same intervals.")


def _side_by_side(out: dict) -> list[str]:
    runs = [("1.5B (this study)", out["intervals"])]
    if out.get("seed_run"):
        runs.append(("7B seed run", out["seed_run"]))
    cols = [(name, sch, iv) for name, iv in runs for sch in ("question", "database")]
    rows = [("questions", lambda iv, s: str(iv["n_questions"])),
            ("A risk, weak oracle (%)", lambda iv, s: _p(iv["cells"][s]["0.1"]["A/risk_weak"])),
            ("A risk, suite oracle (%)", lambda iv, s: _p(iv["cells"][s]["0.1"]["A/risk_suite"])),
            ("A answer rate (%)", lambda iv, s: _p(iv["cells"][s]["0.1"]["A/answer_rate"])),
            ("D risk, suite oracle (%)", lambda iv, s: _p(iv["cells"][s]["0.1"]["D/risk_suite"])),
            ("D answer rate (%)", lambda iv, s: _p(iv["cells"][s]["0.1"]["D/answer_rate"])),
            ("gap = A suite - A weak risk (points)",
             lambda iv, s: _p(iv["cells"][s]["0.1"]["gap"])),
            ("d_minus_a = D - A suite risk (points)",
             lambda iv, s: _p(iv["cells"][s]["0.1"]["d_minus_a"])),
            ("AUROC of mass, weak labels (A)",
             lambda iv, s: _a(iv["auroc"]["mass"]["weak"]["weak"])),
            ("AUROC of mass, suite labels (A)",
             lambda iv, s: _a(iv["auroc"]["mass"]["weak"]["suite"])),
            ("AUROC change weak - suite (A)",
             lambda iv, s: _a(iv["auroc"]["mass"]["weak"]["change"]))]
    md = ["| alpha 0.1, mass | " + " | ".join(f"{n}, {s} splits" for n, s, _ in cols) + " |",
          "|" + "---|" * (len(cols) + 1)]
    md += [f"| {label} | " + " | ".join(fn(iv, s) for _, s, iv in cols) + " |"
           for label, fn in rows]
    return md


def _sweep_rows(sweep: dict) -> list[str]:
    md = ["| splits | alpha | A risk weak | A risk suite | A answer rate | B risk suite | "
          "C risk suite | D risk weak | D risk suite | D answer rate | gap | d_minus_a |",
          "|" + "---|" * 12]
    for scheme, rows in sweep.items():
        for a, r in rows.items():
            c = r["cells"]

            def pc(x):
                return "-" if x is None else f"{100 * x:.2f}"

            md.append(f"| {scheme} | {a} | {pc(c['A']['risk']['weak'])} | "
                      f"{pc(c['A']['risk']['suite'])} | {pc(c['A']['answer_rate'])} | "
                      f"{pc(c['B']['risk']['suite'])} | {pc(c['C']['risk']['suite'])} | "
                      f"{pc(c['D']['risk']['weak'])} | {pc(c['D']['risk']['suite'])} | "
                      f"{pc(c['D']['answer_rate'])} | {r['gap']:+.2f} | {r['d_minus_a']:+.2f} |")
    return md


def _auroc_rows(auroc: dict) -> list[str]:
    md = ["| score | partition | AUROC weak labels | AUROC suite labels | change weak - suite |",
          "|---|---|---|---|---|"]
    for s, parts in auroc.items():
        for p, v in parts.items():
            md.append(f"| {s} | {p} | {_a(v.get('weak'))} | {_a(v.get('suite'))} | "
                      f"{_a(v.get('change'))} |")
    return md


def _score_contrast_rows(iv: dict) -> list[str]:
    md = ["| score | splits | gap (points) | d_minus_a (points) | A risk suite (%) | "
          "A answer rate (%) |", "|---|---|---|---|---|---|"]
    for s, ci in [("mass", iv["cells"])] + list(iv["scores"].items()):
        for scheme in ("question", "database"):
            r = ci[scheme]["0.1"]
            md.append(f"| {s} | {scheme} | {_p(r['gap'])} | {_p(r['d_minus_a'])} | "
                      f"{_p(r['A/risk_suite'])} | {_p(r['A/answer_rate'])} |")
    return md


def _census_rows(c: dict, name: str) -> list[str]:
    md = [f"`sqlverdict census` on this study's class file (suite built by sqlverdict, no "
          f"labels, so every rejection counts as wrong: the `wide` convention): "
          f"**{c['n_rejections']} answers rejected by the suite** over {c['n_questions']} "
          f"questions (top class of the weak partition, cell A: {c['by_partition']['weak']}; "
          f"of the suite partition, cell D: {c['by_partition']['suite']}; an answer that is "
          f"the top class of both counts once), **{c['n_weak_accepts']} of them accepted by "
          "the shipped database** (the suite's own contribution); median disagreement breadth "
          f"{'-' if c['breadth_median'] is None else round(c['breadth_median'], 3)} (share of "
          "the instances on which the gold runs that disagree). Rejections with a "
          f"reference-defect lint on their gold: {c['n_rejections_with_lint']}. Every "
          f"rejection with its first disagreeing instance and both results: `{name}_census.md` "
          f"(and `.jsonl`).", "", "| difference signature (first disagreement) | answers |",
          "|---|---|"]
    md += [f"| {k} | {v} |" for k, v in c["signatures"].items()]
    if c.get("lints"):
        md += ["", "| lint on the gold query (all 200 questions) | findings |", "|---|---|"]
        md += [f"| {k} | {v} |" for k, v in c["lints"].items()]
    return md


def closing_markdown(out: dict, name: str) -> list[str]:
    """The closing sections of the study's Markdown (lines)."""
    iv = out.get("intervals")
    if not iv:
        return []
    g = iv["greedy_ex_ts"]
    md = ["## Closing figures with intervals (issue 28)", "",
          f"Greedy answer of the 1.5B model on the {g['n']} questions: **EX "
          f"{_p(g['ex'])}%, TS {_p(g['ts'])}%, EX - TS {_p(g['ex_minus_ts'])} points** "
          f"(95% percentile bootstrap over questions, {g['n_boot']} paired replicates; "
          "SmolLM2-135M's greedy EX was 7.7%).", "",
          "The certificate at alpha 0.1 (primary score: top-class mass) with 95% bootstrap "
          "intervals: over questions for question splits, over databases (cluster bootstrap) "
          "for database splits; AUROC over questions, 2000 replicates.", ""]
    md += _side_by_side(out)
    md += ["", PUBLISHED, "",
           "## Several risk levels (alpha sweep, point estimates)", "",
           f"Mean over {out['args']['splits']} splits of each scheme; risks and rates in "
           "percent, contrasts in points (`sweep.json` of `sqlverdict certify`).", ""]
    md += _sweep_rows(out["sweep"])
    md += ["", "## Intervals of every cell at alpha 0.05, 0.1 and 0.2", "",
           "Each entry: mean over the splits [95% bootstrap interval] (2.5 to 97.5 percentiles "
           "of the held-out value over the splits: how much one calibration/test draw moves "
           "it, not a confidence interval).", "",
           intervals_markdown(iv["cells"]),
           "## Contrasts of every score with intervals (alpha 0.1)", ""]
    md += _score_contrast_rows(iv)
    md += ["", "## AUROC with bootstrap intervals", "",
           "AUROC of each score for the top class's correctness (questions with an answer), "
           "per partition and label oracle; 95% percentile bootstrap over questions, the "
           "change paired.", ""]
    md += _auroc_rows(iv["auroc"])
    if out.get("census"):
        md += ["", "## Census of rejections", ""] + _census_rows(out["census"], name)
    return md + [""]
