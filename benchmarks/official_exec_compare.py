"""Execution accuracy under ``--compat spider`` against the published test-suite evaluator's
execution definition, item by item (issue 27).

The evaluator (``evaluation.py``, ``process_sql.py``, ``exec_eval.py`` and ``parse.py`` of
the test-suite evaluator) is run beside the project, never copied into it: put the four
files in a folder (``--official-dir``, default ``/tmp/official_eval``) and give a Python
with nltk, sqlparse and tqdm (``--official-python``, default
``/tmp/official_venv/bin/python``). Without them the benchmark says what is missing and
stops. ``benchmarks/official_exec_driver.py`` calls its ``eval_exec_match`` per item (its
docstring says how that differs from its command line). The evaluator runs every
prediction on the database file itself, a ``DELETE`` too, so it is given a copy of
``--data``'s databases.

For each of the evaluator's three readings (default, ``--keep_distinct``, ``--plug_value``):

1. the shared Spider predictions (the four dev files and the 21 ``subset200`` files): per
   system, the official EX, ours under ``--compat spider``, and the items where the two
   differ, by class (every one listed);
2. variants of the four dev files rewritten the ways that meet the evaluator's execution
   quirks (DISTINCT added, ``> =`` written apart, a second statement, a TAB, integers as
   floats);
3. our own item-level cases (``CASES``): one item per known class, with the official
   verdict and ours.

``--before FILE``: a JSON written by this benchmark at an earlier commit (``--commit``
names it); its differing items are shown beside these.

    nice python -m benchmarks.official_exec_compare [--data ../shared/data]
        [--official-dir /tmp/official_eval] [--official-python /tmp/official_venv/bin/python]
        [--before old.json] [--commit SHA] [--out benchmarks/results]
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from benchmarks.official_item_compare import evaluator_missing, official_args, pct, run_header
from sqlverdict.bench.gold import load_gold
from sqlverdict.bench.predictions import load_predictions
from sqlverdict.engine.execute import ResultCache
from sqlverdict.oracles.base import Context, EvalOptions, get_oracle
from sqlverdict.types import Status

SPIDER_SYSTEMS = ["dailsql_gpt4", "dinsql_gpt4", "c3sql_gpt35", "graphix_via_dailsql"]
DRIVER = Path(__file__).with_name("official_exec_driver.py")
MODES = {"default": (), "keep_distinct": ("keep_distinct",), "plug_value": ("plug_value",)}
OFFICIAL_FILES = ("evaluation.py", "process_sql.py", "exec_eval.py", "parse.py")


def _sub(pattern: str, repl: str):
    return lambda s: re.sub(pattern, repl, s, count=1, flags=re.I)


# how a prediction file may meet the evaluator's execution quirks; each applied to every line
VARIANTS = {
    "DISTINCT added": _sub(r"^\s*SELECT\s+(?!DISTINCT)", "SELECT DISTINCT "),
    "'>=' written '> ='": lambda s: s.replace(">=", "> =").replace("<=", "< ="),
    "a second statement": lambda s: s.rstrip().rstrip(";") + "; SELECT 1",
    "a TAB before WHERE": _sub(r"\s+WHERE\b", "\tWHERE"),
    "count(*) as a float": lambda s: re.sub(r"count\(\*\)", "count(*) * 1.0", s, flags=re.I),
}

# (class, gold, prediction) on concert_singer: one item per known difference class
CASES = [
    ("YEAR(CURDATE()) read as 2020", "SELECT count(*) FROM singer WHERE Age > 20",
     "SELECT count(*) FROM singer WHERE Age > YEAR(CURDATE()) - 2000"),
    ("integer against float: its first check", "SELECT Singer_ID , Age FROM singer",
     "SELECT Singer_ID * 1.0 , Age FROM singer"),
    ("integer against float that passes", "SELECT Singer_ID , Age FROM singer",
     "SELECT Singer_ID , Age * 1.0 FROM singer"),
    ("not a query: DELETE, empty gold", "SELECT Name FROM singer WHERE Age > 100",
     "DELETE FROM singer WHERE Age > 100"),
    ("not a query: DELETE, gold with rows", "SELECT Name FROM singer",
     "DELETE FROM singer WHERE Age > 100"),
    ("not a query: UPDATE", "SELECT Name FROM singer WHERE Age > 100",
     "UPDATE singer SET Age = Age WHERE Age > 100"),
    ("not a query: on a missing table", "SELECT Name FROM singer WHERE Age > 100",
     "DELETE FROM no_such_table"),
    ("not a query: BEGIN", "SELECT Name FROM singer WHERE Age > 100", "BEGIN"),
    ("not a query: VACUUM", "SELECT Name FROM singer WHERE Age > 100", "VACUUM"),
    ("not a query: DML with RETURNING", "SELECT Name FROM singer WHERE Age > 100",
     "DELETE FROM singer WHERE Age > 100 RETURNING Name"),
    ("not a query: ATTACH ':memory:'", "SELECT Name FROM singer WHERE Age > 100",
     "ATTACH ':memory:' AS m"),
    ("a pragma table function", "SELECT count(*) FROM singer WHERE Age > 0",
     "SELECT count(*) - 1 FROM pragma_table_info('singer')"),
    ("a PRAGMA statement with rows", "SELECT count(*) FROM singer", "PRAGMA table_info(singer)"),
    ("a second statement", "SELECT count(*) FROM singer", "SELECT count(*) FROM singer; SELECT 1"),
    ("text after ';'", "SELECT count(*) FROM singer",
     "SELECT count(*) FROM singer; this counts the singers"),
    ("';;'", "SELECT count(*) FROM singer", "SELECT count(*) FROM singer;;"),
    ("count(DISTINCT x) loses DISTINCT", "SELECT count(Country) FROM singer",
     "SELECT count(DISTINCT Country) FROM singer"),
    ("DISTINCT removed", "SELECT Country FROM singer", "SELECT DISTINCT Country FROM singer"),
    ("'ORDER  BY' (two spaces) is not ordered", "SELECT Name FROM singer ORDER  BY Age",
     "SELECT Name FROM singer ORDER BY Age DESC"),
    ("a TAB cuts the line", "SELECT count(*) FROM singer",
     "SELECT count(*) FROM singer\tWHERE Age > 30"),
    ("'value' read as 1", "SELECT Name FROM singer WHERE Age > 1 ORDER BY Name",
     "SELECT Name FROM singer WHERE Age > value ORDER BY Name"),
    ("a double-quoted value (--plug_value)", "SELECT Name FROM singer WHERE Country = 'France'",
     'SELECT Name FROM singer WHERE Country = "france"'),
    ("a LIMIT count is a value slot (--plug_value)",
     "SELECT Name FROM singer ORDER BY Age LIMIT 3",
     "SELECT Name FROM singer ORDER BY Age LIMIT 1"),
]


def classify(pred: str, gold: str, reason: str, mode: str) -> str:
    """The class of an item where the evaluator and ``--compat spider`` differ."""
    p = (pred or "").strip()
    if re.search(r"year\s*\(\s*curdate", p, re.I):
        return "YEAR(CURDATE()) read as 2020"
    if not re.match(r"\(*\s*(select|with|values)\b", p, re.I):
        return "a statement that is not a query"
    if re.search(r";\s*\S", p):
        return "a second statement"
    if "value_types" in reason or ("same result" in reason and re.search(r"\d\.\d|\bcast\b",
                                                                          p, re.I)):
        return "integer against float (its first check)"
    if mode == "plug_value" and '"' in p + gold:
        return "a double-quoted value (--plug_value)"
    if mode == "plug_value" and re.search(r"\blimit\b", p, re.I):
        return "a LIMIT count as a value slot (--plug_value)"
    if "timeout" in reason or "longer than" in reason:
        return "a timeout (the evaluator has none)"
    return "other"


def run_official(args, gold: Path, pred: Path, db: Path, out: Path, mode: str) -> list[dict]:
    subprocess.run([str(args.official_python), str(DRIVER), str(gold), str(pred), str(db),
                    str(out), *MODES[mode]], check=True, stdout=subprocess.DEVNULL,
                   env={**os.environ, "PYTHONPATH": str(args.official_dir)})
    return [json.loads(line) for line in out.read_text().splitlines()]


def compare(bench, pred: Path, official: list[dict], name: str, mode: str) -> dict:
    """One file: counts and every item where the evaluator and ``--compat spider`` differ."""
    opts = EvalOptions(compat="spider", extra={mode: True} if mode != "default" else {})
    ps = load_predictions(pred, bench, name, allow_misaligned=False, compat="spider")
    oracle, ctx = get_oracle("execution", opts), Context(opts, ResultCache(), bench.schemas)
    row = {"system": name, "mode": mode, "items": 0, "official": 0, "ours": 0, "crashes": [],
           "differ": [], "classes": Counter()}
    for e in bench.examples:
        off = official[e.index]
        if e.id in bench.skipped or "skipped" in off:
            continue
        row["items"] += 1
        if "exec" not in off:
            row["crashes"].append({"index": e.index, "crash": off.get("crash", "")})
            continue
        p = ps.get(e.id)
        v = oracle.judge(e, p, ctx)
        ours = int(v.status is Status.CONSISTENT)
        row["official"] += off["exec"]
        row["ours"] += ours
        if ours != off["exec"]:
            cls = classify(p.sql or "", e.gold, v.reason, mode)
            row["classes"][cls] += 1
            row["differ"].append({"index": e.index, "official": off["exec"], "ours": ours,
                                  "class": cls, "reason": v.reason[:160], "pred": p.sql})
    row["classes"] = dict(row["classes"].most_common())
    return row


def _gold_with_subset(s: Path, work: Path) -> Path:
    sub = s / "predictions" / "subset200_multisample"
    idx = json.loads((sub / "subset_dev_indices.json").read_text())
    lines = (s / "dev_gold.sql").read_text().splitlines()
    out = work / "subset_gold.sql"
    out.write_text("".join(lines[i] + "\n" for i in idx))
    return out


def shared_files(args, work: Path, db: Path, mode: str) -> list[dict]:
    s = args.data / "spider"
    sub = s / "predictions" / "subset200_multisample"
    rows = []
    for gold, files in ((s / "dev_gold.sql", [s / "predictions" / f"{n}.sql"
                                              for n in SPIDER_SYSTEMS]),
                        (_gold_with_subset(s, work), sorted(sub.glob("*.sql")))):
        bench = load_gold(gold, s / "database", s / "tables.json")
        for f in files:
            official = run_official(args, gold, f, db, work / f"{mode}_{f.stem}.jsonl", mode)
            rows.append(compare(bench, f, official, f.stem, mode))
            print(f"{mode} {f.stem}: {rows[-1]['items']} items, {len(rows[-1]['differ'])} "
                  "differ", file=sys.stderr, flush=True)
    return rows


def variants(args, work: Path, db: Path) -> list[dict]:
    s = args.data / "spider"
    gold = s / "dev_gold.sql"
    bench = load_gold(gold, s / "database", s / "tables.json")
    rows = []
    for vname, fn in VARIANTS.items():
        for sname in SPIDER_SYSTEMS:
            lines = (s / "predictions" / f"{sname}.sql").read_text().splitlines()
            pred = work / f"variant_{len(rows)}.sql"
            pred.write_text("".join((fn(line.strip()) or "SELECT") + "\n" for line in lines))
            official = run_official(args, gold, pred, db, work / f"variant_{len(rows)}.jsonl",
                                    "default")
            row = compare(bench, pred, official, sname, "default")
            row["variant"] = vname
            rows.append(row)
        print(f"{vname}: {sum(len(r['differ']) for r in rows if r['variant'] == vname)} "
              "differ", file=sys.stderr, flush=True)
    return rows


def cases(args, work: Path, db: Path) -> list[dict]:
    s = args.data / "spider"
    gold, pred = work / "cases_gold.sql", work / "cases_pred.sql"
    gold.write_text("".join(f"{g}\tconcert_singer\n" for _, g, _ in CASES))
    pred.write_text("".join(f"{p}\n" for _, _, p in CASES))
    bench = load_gold(gold, s / "database", s / "tables.json")
    ps = load_predictions(pred, bench, "cases", allow_misaligned=False, compat="spider")
    out = []
    for mode in MODES:
        official = run_official(args, gold, pred, db, work / f"cases_{mode}.jsonl", mode)
        opts = EvalOptions(compat="spider", extra={mode: True} if mode != "default" else {})
        oracle, ctx = get_oracle("execution", opts), Context(opts, ResultCache(), bench.schemas)
        for e, (cls, g, p) in zip(bench.examples, CASES, strict=True):
            v = oracle.judge(e, ps.get(e.id), ctx)
            out.append({"class": cls, "mode": mode, "gold": g, "pred": p,
                        "official": official[e.index].get("exec", "stops"),
                        "ours": int(v.status is Status.CONSISTENT), "reason": v.reason[:140]})
    return out


def _cls(classes: dict) -> str:
    return ", ".join(f"{k} {v}" for k, v in classes.items()) or "-"


def _systems_md(res: dict, before: dict) -> list[str]:
    lines = ["| reading | system | items | official EX | ours, `--compat spider` | differ "
             "(before) | by class (before) | differ (after) | by class (after) |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in res["systems"]:
        b = before.get((r["mode"], r["system"]))
        lines.append(f"| {r['mode']} | {r['system']} | {r['items']} | "
                     f"{pct(r['official'], r['items'])} | {pct(r['ours'], r['items'])} | "
                     f"{len(b['differ']) if b else '-'} | {_cls(b['classes']) if b else '-'} | "
                     f"{len(r['differ'])} | {_cls(r['classes'])} |")
    return lines


def _totals_md(res: dict, before: dict) -> list[str]:
    lines = []
    for mode in MODES:
        rs = [r for r in res["systems"] if r["mode"] == mode]
        bs = [b for (m, _), b in before.items() if m == mode]
        crashes = sum(len(r["crashes"]) for r in rs)
        lines.append(f"- {mode}: {sum(r['items'] for r in rs)} items; `--compat spider` differs "
                     f"from the evaluator on {sum(len(r['differ']) for r in rs)} (before: "
                     f"{sum(len(b['differ']) for b in bs) if bs else '-'}); the evaluator "
                     f"stopped on {crashes}.")
    return lines


def _md(res: dict) -> str:
    before = {(r["mode"], r["system"]): r for r in res.get("before", {}).get("systems", [])}
    vbefore = {(r["variant"], r["system"]): r for r in res.get("before", {}).get("variants",
                                                                                  [])}
    lines = ["# Execution accuracy: the published evaluator against ours, item by item", "",
             f"`{res['command']}` ({res['date']}, {res['machine']}, commit {res['commit']}; "
             f"{res['wall_s']} s). Official program: {res['official']}.", "",
             "Before: " + (f"commit {res['before']['commit']}" if before else "not given"),
             "", "## The shared Spider predictions, under each of the evaluator's readings", ""]
    lines += _systems_md(res, before) + [""] + _totals_md(res, before)
    lines += ["", "## Variants of the four dev files (default reading)", "",
              "| variant | system | official EX | ours | differ (before) | differ (after) | "
              "by class (after) |", "|---|---|---|---|---|---|---|"]
    for r in res["variants"]:
        b = vbefore.get((r["variant"], r["system"]))
        lines.append(f"| {r['variant']} | {r['system']} | {r['official']} | {r['ours']} | "
                     f"{len(b['differ']) if b else '-'} | {len(r['differ'])} | "
                     f"{_cls(r['classes'])} |")
    lines += ["", "## Our own cases (concert_singer): the evaluator's verdict and ours", "",
              "| class | reading | prediction | official | ours (before) | ours |",
              "|---|---|---|---|---|---|"]
    bcases = {(c["class"], c["mode"]): c for c in res.get("before", {}).get("cases", [])}
    for c in res["cases"]:
        b = bcases.get((c["class"], c["mode"]))
        pred = c["pred"].replace("\t", "<TAB>").replace("|", "\\|")
        lines.append(f"| {c['class']} | {c['mode']} | `{pred}` | {c['official']} | "
                     f"{b['ours'] if b else '-'} | {c['ours']} |")
    differ = [(r.get("variant", r["mode"]), r["system"], d)
              for r in res["systems"] + res["variants"] for d in r["differ"]]
    lines += ["", f"## Items where `--compat spider` differs from the evaluator ({len(differ)})",
              ""]
    lines += [f"- {v} {s} #{d['index']}: official {d['official']}, ours {d['ours']} "
              f"({d['class']}; {d['reason']}): `{d['pred']}`" for v, s, d in differ[:60]]
    return "\n".join(lines + (["None."] if not differ else [])) + "\n"


def main() -> None:
    a = official_args(__doc__.splitlines()[0])
    missing = evaluator_missing(a, OFFICIAL_FILES, ("nltk", "sqlparse", "tqdm"))
    if missing:
        print(f"skipped: the published evaluator is not there ({'; '.join(missing)}): put "
              f"{', '.join(OFFICIAL_FILES)} of the test-suite evaluator in --official-dir and "
              "give --official-python a Python with nltk, sqlparse and tqdm")
        return
    t0 = time.perf_counter()
    res = run_header("nice python -m benchmarks.official_exec_compare", a.commit,
                     f"{', '.join(OFFICIAL_FILES)} in {a.official_dir}, "
                     "exec_eval.eval_exec_match per item")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        db = work / "database"  # the evaluator runs a DELETE on the file itself
        shutil.copytree(a.data / "spider" / "database", db)
        res["systems"] = [r for mode in MODES for r in shared_files(a, work, db, mode)]
        res["variants"] = variants(a, work, db)
        res["cases"] = cases(a, work, db)
    if a.before:
        old = json.loads(a.before.read_text())
        res["before"] = {k: old[k] for k in ("commit", "systems", "variants", "cases")}
    res["wall_s"] = round(time.perf_counter() - t0, 1)
    a.out.mkdir(parents=True, exist_ok=True)
    (a.out / "official_exec_compare.json").write_text(json.dumps(res, indent=1) + "\n")
    (a.out / "official_exec_compare.md").write_text(_md(res))
    print(_md(res))


if __name__ == "__main__":
    main()
