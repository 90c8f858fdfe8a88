"""The official evaluators' form on the shared data, and its agreement with official labels.

1. Spider dev through ``sqlverdict eval --gold dev_gold.sql --pred P --db database --table
   tables.json --etype all`` for the four prediction files of ``spider/predictions``:
   execution accuracy (``--compat spider``) and exact-set match by hardness.
2. Agreement with the official labels of ``spider/predictions/subset200_multisample``
   (``correctness_matrix.csv``: the official evaluator's hardness per question and its
   execution label per system and question): hardness of all 200 questions, and the
   official form's execution verdict for every system. The matrix has no exact-match
   labels; exact-set match is cross-tabulated against the official execution labels.
3. BIRD dev through ``--compat bird --diff dev.json --etype exec`` for the three prediction
   files of ``bird/predictions``. The BIRD databases here have no rows, so two results are
   almost always both empty: the figure measures which predictions run on the schema and
   give the gold's result on empty tables (aggregates still return a row), not execution
   accuracy.
4. With ``--bounded FILE`` (the ``verify-batch`` results of the BIRD pair set, made by
   ``benchmarks/pairs.py`` and ``benchmarks/verify_scale.py --set bird``): the bounded
   verifier's verdicts per system and difficulty, the measure that needs no rows.

    nice python -m benchmarks.official_eval [--data ../shared/data] [--out benchmarks/results]
        [--bounded build/verify_scale/bird_b5.jsonl]
"""

from __future__ import annotations

import argparse
import csv
import json
import platform
import subprocess
import tempfile
import time
from collections import Counter
from pathlib import Path

from sqlverdict.bench.gold import load_gold
from sqlverdict.official import evaluate_official
from sqlverdict.oracles.match import hardness

SPIDER_SYSTEMS = ["dailsql_gpt4.sql", "dinsql_gpt4.sql", "c3sql_gpt35.sql",
                  "graphix_via_dailsql.sql"]
BIRD_SYSTEMS = ["alpha_sql.json", "gsr.sql", "codes-15b-bird-with-evidence.json"]


def _verdicts(run: Path) -> dict[tuple[str, str], dict]:
    out = {}
    for line in (run / "verdicts.jsonl").read_text().splitlines():
        d = json.loads(line)
        out[(d["example_id"], d["oracle"])] = d
    return out


def spider(data: Path, work: Path) -> dict:
    s = data / "spider"
    res = {}
    for f in SPIDER_SYSTEMS:
        t0 = time.perf_counter()
        r = evaluate_official(s / "dev_gold.sql", s / "predictions" / f, s / "database",
                              s / "tables.json", "all", out=work / f"spider_{f}", workers=2)
        res[f] = {"summary": r.summary, "wall_s": round(time.perf_counter() - t0, 2)}
    return res


def agreement(data: Path, work: Path) -> dict:
    s = data / "spider"
    sub = s / "predictions" / "subset200_multisample"
    idx = json.loads((sub / "subset_dev_indices.json").read_text())
    matrix = list(csv.DictReader(open(sub / "correctness_matrix.csv")))
    gold_lines = (s / "dev_gold.sql").read_text().splitlines()
    gold = work / "subset_gold.sql"
    gold.write_text("".join(gold_lines[i] + "\n" for i in idx))
    bench = load_gold(gold, s / "database", s / "tables.json")

    hard_agree, hard_diff = 0, []
    for row in matrix:
        ex = bench.examples[int(row["query_idx"])]
        ours = hardness(ex.gold, bench.schemas[ex.db_id])
        hard_agree += ours == row["hardness"]
        if ours != row["hardness"]:
            hard_diff.append({"dev_index": idx[int(row["query_idx"])], "official": row["hardness"],
                              "ours": ours})

    systems = [c for c in matrix[0] if c not in ("query_idx", "db", "hardness")]
    ex_items = ex_agree = 0
    ex_diff = []
    cross = Counter()  # (official EX, our EM) -> items
    em_only = []
    for system in systems:
        f = sub / f"{system}.sql"
        if not f.exists():
            f = sub / f"pred_{system}.sql"
        run = work / f"subset_{system}"
        evaluate_official(gold, f, s / "database", s / "tables.json", "all", out=run)
        v = _verdicts(run)
        for row in matrix:
            q = row["query_idx"]
            e, m = v[(q, "execution")], v[(q, "match")]
            if e.get("skipped"):
                continue
            official = int(row[system])
            ours = int(e["status"] == "consistent")
            em = int(m["status"] == "consistent")
            ex_items += 1
            ex_agree += ours == official
            if ours != official:
                ex_diff.append({"system": system, "dev_index": idx[int(q)], "official": official,
                                "ours": ours, "reason": e["reason"]})
            cross[(official, em)] += 1
            if em and not official and len(em_only) < 12:
                em_only.append({"system": system, "dev_index": idx[int(q)],
                                "gold": e["gold"], "pred": e["pred"], "ex_reason": e["reason"]})
    return {"hardness": {"items": len(matrix), "agree": hard_agree, "differ": hard_diff},
            "execution": {"items": ex_items, "agree": ex_agree, "systems": len(systems),
                          "differ": ex_diff},
            "em_vs_official_ex": {f"ex{a}_em{b}": n for (a, b), n in sorted(cross.items())},
            "em_match_ex_differs_examples": em_only}


def bird(data: Path, work: Path) -> dict:
    b = data / "bird"
    res = {}
    for f in BIRD_SYSTEMS:
        t0 = time.perf_counter()
        seen = []
        r = evaluate_official(b / "dev_gold.sql", b / "predictions" / f,
                              b / "schema_only_databases", b / "dev_tables.json", "exec",
                              difficulty=b / "dev.json", out=work / f"bird_{f}",
                              on_predictions=seen.append,
                              extra={"allow_empty_databases": True})
        warnings = seen[0].warnings + r.warnings
        v = _verdicts(work / f"bird_{f}")
        reasons = Counter(d["reason"].split(":")[0] for d in v.values()
                          if d["status"] != "consistent")
        res[f] = {"summary": r.summary, "warnings": warnings, "wall_s":
                  round(time.perf_counter() - t0, 2), "not_running": dict(reasons.most_common())}
    return res


def bounded(data: Path, results: Path) -> dict:
    """verified / refuted / unknown per system and difficulty, from verify-batch output;
    questions without a line (a side that does not parse) count as 'no pair'."""
    dev = json.loads((data / "bird" / "dev.json").read_text())
    level = {str(d.get("question_id", i)): d["difficulty"] for i, d in enumerate(dev)}
    counts: dict = {}
    seen: dict = {}
    for line in results.read_text().splitlines():
        d = json.loads(line)
        system, _, qid = d["id"].rpartition(":")
        counts.setdefault(system, {}).setdefault(level[qid], Counter())[d["status"]] += 1
        seen.setdefault(system, set()).add(qid)
    for system, per in counts.items():
        for qid, lv in level.items():
            if qid not in seen[system]:
                per.setdefault(lv, Counter())["no pair"] += 1
    return {"results": str(results), "counts": {s: {lv: dict(c) for lv, c in per.items()}
                                                 for s, per in counts.items()}}


def _pct(m: dict) -> str:
    return f"{100 * m['accuracy']:.1f}" if m["judged"] else "-"


def level_rows(summary: dict, oracle: str, label: str) -> list[str]:
    lv = summary["levels"]
    names = [n for n in lv["names"] if lv["examples"].get(n)]
    m = summary["systems"][next(iter(summary["systems"]))]["oracles"][oracle]
    return [f"| {label} | " + " | ".join(f"{_pct(m['by_level'][n])} ({m['by_level'][n]['judged']})"
                                        for n in names) + f" | {_pct(m)} ({m['judged']}) |"]


def level_header(summary: dict) -> list[str]:
    lv = summary["levels"]
    names = [n for n in lv["names"] if lv["examples"].get(n)]
    total = sum(lv["examples"].values())
    return ["| | " + " | ".join(names) + " | all |",
            "|---|" + "---:|" * (len(names) + 1),
            "| count | " + " | ".join(str(lv["examples"][n]) for n in names) + f" | {total} |"]


def coverage(summary: dict) -> str:
    from sqlverdict.report.summary import coverage_note

    return coverage_note(summary)


def report(res: dict, cmd: str) -> str:
    code = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True).stdout.strip()
    out = ["# The official evaluators' form on Spider and BIRD dev", "",
           f"Generated by `{cmd}` on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
           f"code {code}, Python {platform.python_version()}.", "",
           "Cells: accuracy in % (examples judged). Execution accuracy under `--compat "
           "spider` (the published evaluator's comparison); exact-set match is our own "
           "implementation of the published definition (`oracles/match`).", ""]
    for f, r in res["spider"].items():
        s = r["summary"]
        out += [f"## Spider dev, `{f}` ({r['wall_s']} s)", "",
                f"`sqlverdict eval --gold dev_gold.sql --pred predictions/{f} --db database "
                f"--table tables.json --etype all`", ""]
        out += level_header(s) + level_rows(s, "execution", "execution") + \
            level_rows(s, "match", "exact match")
        out += ["", coverage(s), ""]
    a = res["agreement"]
    h, e = a["hardness"], a["execution"]
    out += ["## Agreement with the official labels (subset200_multisample)", "",
            f"- hardness: **{h['agree']} / {h['items']}** questions agree with the official "
            "evaluator's level" + (f"; differing: {h['differ']}" if h["differ"] else "") + ".",
            f"- execution (official form, `--compat spider`): **{e['agree']} / {e['items']}** "
            f"items of {e['systems']} systems agree with the official label"
            + (f"; differing: {e['differ'][:10]}" if e["differ"] else "") + ".",
            "- exact-set match: the matrix holds no exact-match labels. Cross-tabulated "
            "against the official execution label (`ex1_em0`: official EX correct, our EM "
            f"not): {a['em_vs_official_ex']}. Where EM holds and EX does not, the queries "
            "differ where the definition does not look: literal values and their case, "
            "DISTINCT, join conditions, or a foreign-key column named through a table "
            "outside FROM (the definition renames it to its key group); examples:", ""]
    for d in a["em_match_ex_differs_examples"][:6]:
        out.append(f"  - {d['system']} dev {d['dev_index']}: gold `{d['gold']}`; "
                   f"pred `{d['pred']}` ({d['ex_reason']})")
    out += [""]
    for f, r in res["bird"].items():
        s = r["summary"]
        out += [f"## BIRD dev, `{f}` ({r['wall_s']} s)", "",
                f"`sqlverdict eval --gold dev_gold.sql --pred predictions/{f} --db "
                "schema_only_databases --table dev_tables.json --diff dev.json --etype exec "
                "--allow-empty-databases`",
                "", "The databases have no rows: a prediction counts here when it runs on the "
                "schema and gives the gold's result on empty tables (set semantics, columns in "
                "order, as the BIRD script; aggregates still return a row); this is **not** "
                "execution accuracy.", ""]
        out += level_header(s) + level_rows(s, "execution", "agrees on empty tables")
        out += ["", coverage(s), f"Predictions that do not count, by reason: {r['not_running']}.",
                f"Warnings while reading: {r['warnings'] or 'none'}.", ""]
    if res.get("bounded"):
        bd = res["bounded"]
        out += ["## BIRD dev: bounded verification by difficulty", "",
                f"From `{bd['results']}` (`verify-batch` at bound 5 over the BIRD pair set of "
                "`benchmarks/pairs.py`): per system and difficulty, the questions whose "
                "prediction is verified equivalent to the gold up to 5 rows per table, "
                "refuted by a replayed witness, or unknown; 'no pair' when a side does not "
                "parse.", "", "| system | difficulty | questions | verified | refuted | unknown "
                "| no pair |", "|---|---|---:|---:|---:|---:|---:|"]
        for system, per in sorted(bd["counts"].items()):
            for lv in ("simple", "moderate", "challenging"):
                c = per.get(lv, {})
                n = sum(c.values())
                out.append(f"| {system} | {lv} | {n} | " + " | ".join(
                    f"{c.get(k, 0)} ({100 * c.get(k, 0) / n:.1f}%)" if n else "0"
                    for k in ("verified", "refuted", "unknown", "no pair")) + " |")
        out.append("")
    return "\n".join(out) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", type=Path, default=Path("../shared/data"))
    ap.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    ap.add_argument("--bounded", type=Path, default=None,
                    help="verify-batch results of the BIRD pair set (per-difficulty table)")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="official-eval-") as tmp:
        work = Path(tmp)
        res = {"spider": spider(a.data, work), "agreement": agreement(a.data, work),
               "bird": bird(a.data, work)}
    if a.bounded is not None:
        res["bounded"] = bounded(a.data, a.bounded)
    a.out.mkdir(parents=True, exist_ok=True)
    (a.out / "official_eval.json").write_text(json.dumps(res, indent=2, default=str))
    text = report(res, "nice python -m benchmarks.official_eval")
    (a.out / "official_eval.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
