"""The official reading against ours, item by item (issue 27).

1. Exact-set match, each known difference class: our own item-level cases (one per class:
   the item, the lenient reading's verdict and the official reading's, which is what
   ``--compat spider`` uses) and, for each class, the first real item of the shared Spider
   prediction files where the two readings differ.
2. Exact-set match per system on the shared Spider predictions (the four dev files and the
   21 subset200 files): accuracy under each reading, items where they differ, by class.
3. Execution under ``--compat spider`` against the official evaluator's labels of the
   subset200 files (``correctness_matrix.csv``), item by item, and the same items with no
   compat mode (our default comparison), so that what the compat mode changes shows.
4. The execution quirks of the official form, one item each: a TAB in a prediction line,
   `` value `` placeholders (``--plug-value``), DISTINCT (``--keep-distinct``), a blank BIRD
   generation (``--compat bird``).

    nice python -m benchmarks.official_readings [--data ../shared/data] [--out benchmarks/results]
"""

from __future__ import annotations

import argparse
import csv
import json
import platform
import sqlite3
import subprocess
import tempfile
import time
from collections import Counter
from pathlib import Path

from sqlverdict.bench.gold import load_gold
from sqlverdict.bench.predictions import load_predictions
from sqlverdict.engine.execute import ResultCache
from sqlverdict.evaluation import evaluate
from sqlverdict.official import evaluate_official
from sqlverdict.oracles.base import Context, EvalOptions, get_oracle
from sqlverdict.oracles.match.compare import exact_set_match, foreign_key_groups
from sqlverdict.oracles.match.structure import OutsideGrammar
from sqlverdict.schema import from_ddl
from sqlverdict.types import Example, Prediction

SPIDER_SYSTEMS = ["dailsql_gpt4.sql", "dinsql_gpt4.sql", "c3sql_gpt35.sql",
                  "graphix_via_dailsql.sql"]

SCHEMA_DDL = ("CREATE TABLE singer(singer_id INT PRIMARY KEY, name TEXT, age INT, country TEXT);"
              "CREATE TABLE concert(concert_id INT PRIMARY KEY, singer_id INT REFERENCES singer,"
              " year INT)")
OWN_CASES = [  # (class, gold, prediction)
    ("<>", "SELECT name FROM singer WHERE age != 30", "SELECT name FROM singer WHERE age <> 30"),
    ("leading NOT", "SELECT name FROM singer WHERE singer_id NOT IN (SELECT singer_id FROM "
     "concert)", "SELECT name FROM singer WHERE NOT singer_id IN (SELECT singer_id FROM concert)"),
    ("quoted table name", "SELECT name FROM singer", 'SELECT name FROM "singer"'),
    ("alias without AS", "SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.singer_id "
     "= T2.singer_id", "SELECT s.name FROM singer s JOIN concert c ON s.singer_id = c.singer_id"),
    ("alias on a FROM subquery", "SELECT count(*) FROM (SELECT name FROM singer)",
     "SELECT count(*) FROM (SELECT name FROM singer) AS x"),
    ("OR after column = column (JOIN ON)", "SELECT T1.name FROM singer AS T1 JOIN concert AS "
     "T2 ON T1.singer_id = T2.singer_id OR T1.age = T2.year", "SELECT T1.name FROM singer AS "
     "T1 JOIN concert AS T2 ON T1.singer_id = T2.singer_id"),
    ("OR after column = column (WHERE)", "SELECT name FROM singer WHERE age = singer_id OR "
     "country = 'x'", "SELECT name FROM singer WHERE age = singer_id"),
    ("both agree (control)", "SELECT name FROM singer WHERE age != 30 AND country = 'a'",
     "SELECT name FROM singer WHERE country = 'b' AND age != 1"),
]


def _label(sql_gold, sql_pred, schema, keys, official: bool) -> str:
    try:
        ok, why = exact_set_match(sql_gold, sql_pred, schema, keys, official=official)
    except OutsideGrammar as e:
        return f"gold unreadable ({e})"
    return "match" if ok else f"no match: {why}"


def _class(reason: str) -> str:
    for key in ("'<>'", "leading NOT", "quoted table", "alias without AS", "alias on a subquery",
                "is a table's name"):
        if key in reason:
            return key.strip("'")
    return "OR dropped after a column value" if reason in ("match", "") else reason[:50]


def own_cases() -> list[dict]:
    schema = from_ddl(SCHEMA_DDL, "d")
    keys = foreign_key_groups(schema)
    return [{"class": c, "gold": g, "pred": p,
             "lenient (default)": _label(g, p, schema, keys, False),
             "official (--compat spider)": _label(g, p, schema, keys, True)}
            for c, g, p in OWN_CASES]


def systems_em(bench, files: list[Path]) -> tuple[list[dict], list[dict]]:
    rows, firsts, seen = [], [], set()
    keys = {d: foreign_key_groups(s) for d, s in bench.schemas.items()}
    for f in files:
        ps = load_predictions(f, bench, allow_misaligned=False)
        n = lenient = official = 0
        classes: Counter = Counter()
        for e in bench.examples:
            if e.id in bench.skipped:
                continue
            n += 1
            p = ps.get(e.id)
            if not p.ok:
                continue
            schema = bench.schemas[e.db_id]
            a = _label(e.gold, p.sql, schema, keys[e.db_id], False)
            b = _label(e.gold, p.sql, schema, keys[e.db_id], True)
            lenient += a == "match"
            official += b == "match"
            if (a == "match") != (b == "match"):
                cls = _class(b) if a == "match" else _class("match")
                classes[cls] += 1
                if cls not in seen:
                    seen.add(cls)
                    firsts.append({"class": cls, "system": f.stem, "dev_index": e.index,
                                   "gold": e.gold, "pred": p.sql, "lenient (default)": a,
                                   "official (--compat spider)": b})
        rows.append({"system": f.stem, "items": n, "lenient": lenient, "official": official,
                     "differ": sum(classes.values()), "classes": dict(classes.most_common())})
    return rows, firsts


def execution_agreement(data: Path, work: Path) -> dict:
    s = data / "spider"
    sub = s / "predictions" / "subset200_multisample"
    idx = json.loads((sub / "subset_dev_indices.json").read_text())
    matrix = list(csv.DictReader(open(sub / "correctness_matrix.csv")))
    gold_lines = (s / "dev_gold.sql").read_text().splitlines()
    gold = work / "subset_gold.sql"
    gold.write_text("".join(gold_lines[i] + "\n" for i in idx))
    systems = [c for c in matrix[0] if c not in ("query_idx", "db", "hardness")]
    out = {}
    for compat in ("spider", None):
        items = agree = 0
        differ = []
        for system in systems:
            f = sub / f"{system}.sql"
            if not f.exists():
                f = sub / f"pred_{system}.sql"
            run = work / f"ex_{compat}_{system}"
            if compat:
                evaluate_official(gold, f, s / "database", s / "tables.json", "exec", out=run,
                                  compat=compat)
            else:  # the official form always has a compat mode: our default comparison
                bench = load_gold(gold, s / "database", s / "tables.json")
                evaluate(bench, [load_predictions(f, bench, allow_misaligned=False)],
                         ["execution"], run, EvalOptions())
            v = {d["example_id"]: d for d in map(json.loads,
                                                 (run / "verdicts.jsonl").read_text().splitlines())}
            for row in matrix:
                d = v[row["query_idx"]]
                if d.get("skipped"):
                    continue
                items += 1
                ours = int(d["status"] == "consistent")
                agree += ours == int(row[system])
                if ours != int(row[system]) and len(differ) < 10:
                    differ.append({"system": system, "dev_index": idx[int(row["query_idx"])],
                                   "official": int(row[system]), "ours": ours,
                                   "reason": d["reason"][:160]})
        out[compat or "none"] = {"items": items, "agree": agree, "systems": len(systems),
                                 "differ_examples": differ}
    return out


def execution_quirks(work: Path) -> list[dict]:
    db = work / "q.sqlite"
    conn = sqlite3.connect(db)
    conn.executescript("CREATE TABLE singer(name TEXT, country TEXT, age INT);"
                       "INSERT INTO singer VALUES ('a','France',30),('b','France',40),"
                       "('c','Spain',50);")
    conn.commit()
    conn.close()
    cases = [  # (quirk, gold, prediction, options, what the official evaluator does)
        ("a TAB in a prediction line", "SELECT name FROM singer",
         "SELECT name FROM singer\tWHERE age > 100", None,
         "runs the text before the first TAB"),
        ("value placeholders (--plug-value)", "SELECT name FROM singer WHERE country = 'Spain'",
         "SELECT name FROM singer WHERE country = value", {"plug_value": True},
         "plugs the gold's values into the prediction"),
        ("DISTINCT (--keep-distinct)", "SELECT DISTINCT country FROM singer",
         "SELECT country FROM singer", {"keep_distinct": True},
         "removes DISTINCT unless --keep_distinct"),
        ("a blank BIRD generation (--compat bird)", "SELECT name FROM singer WHERE age > 99",
         "", None, "runs the empty text: no rows"),
    ]
    rows = []
    for quirk, gold, pred, extra, official in cases:
        row = {"quirk": quirk, "gold": gold, "pred": pred, "official evaluator": official}
        for mode in (None, "spider", "bird"):
            for opts in ({}, extra or {}):
                if opts and mode != ("bird" if "BIRD" in quirk else "spider"):
                    continue
                if quirk.startswith("a TAB") and mode == "spider":
                    text = pred.split("\t")[0]  # bench.predictions' --compat spider reading
                else:
                    text = pred
                p = Prediction("0", text or None, invalid=None if text else "empty SQL")
                options = EvalOptions(compat=mode, extra=dict(opts))
                ex = Example("0", "q", "", gold, str(db), index=0)
                v = get_oracle("execution", options).judge(ex, p, Context(options, ResultCache(),
                                                                          {}))
                name = f"{mode or 'default'}{' + ' + ', '.join(opts) if opts else ''}"
                row[name] = str(v.status)
        rows.append(row)
    return rows


def _md(res: dict) -> str:
    lines = ["# The official reading against ours (issue 27)", "",
             f"`{res['command']}` ({res['date']}, {res['machine']}, commit {res['commit']}; "
             f"{res['wall_s']} s).", "",
             "## Exact-set match: each known difference class, our own cases", "",
             "| class | gold | prediction | lenient (default) | official (`--compat spider`) |",
             "|---|---|---|---|---|"]
    for r in res["own_cases"]:
        lines.append(f"| {r['class']} | `{r['gold']}` | `{r['pred']}` | {r['lenient (default)']} "
                     f"| {r['official (--compat spider)']} |")
    lines += ["", "## Exact-set match: the first real item of each class", "",
              "| class | system | dev index | prediction | gold | lenient | official |",
              "|---|---|---|---|---|---|---|"]
    for r in res["first_real_items"]:
        lines.append(f"| {r['class']} | {r['system']} | {r['dev_index']} | `{r['pred']}` | "
                     f"`{r['gold']}` | {r['lenient (default)']} | "
                     f"{r['official (--compat spider)'][:90]} |")
    lines += ["", "## Exact-set match per system (shared Spider predictions)", "",
              "| system | items | lenient | official | items that differ | by class |",
              "|---|---|---|---|---|---|"]
    for r in res["systems"]:
        cls = ", ".join(f"{k} {v}" for k, v in r["classes"].items())
        lines.append(f"| {r['system']} | {r['items']} | {r['lenient']} "
                     f"({r['lenient'] / r['items']:.1%}) | {r['official']} "
                     f"({r['official'] / r['items']:.1%}) | {r['differ']} | {cls} |")
    t = res["systems"]
    lines += ["", f"Total: {sum(r['items'] for r in t)} items, {sum(r['differ'] for r in t)} "
              "where the readings differ.", "",
              "## Execution against the official labels (subset200, `correctness_matrix.csv`)",
              "", "| compat mode | systems | items | agree |", "|---|---|---|---|"]
    for mode, r in res["execution"].items():
        lines.append(f"| {mode} | {r['systems']} | {r['items']} | {r['agree']} "
                     f"({r['agree'] / r['items']:.2%}) |")
    for mode, r in res["execution"].items():
        if r["differ_examples"]:
            lines += ["", f"Items that differ under `{mode}` (first 10):", ""]
            lines += [f"- {d['system']} dev {d['dev_index']}: official {d['official']}, "
                      f"ours {d['ours']} ({d['reason']})" for d in r["differ_examples"]]
    lines += ["", "## Execution quirks of the official evaluators, one item each", ""]
    cols = list(dict.fromkeys(k for r in res["quirks"] for k in r
                              if k not in ("quirk", "gold", "pred", "official evaluator")))
    lines += ["| quirk | gold | prediction | official evaluator | " + " | ".join(cols) + " |",
              "|---|---|---|---|" + "---|" * len(cols)]
    for r in res["quirks"]:
        pred = r["pred"].replace("\t", "<TAB>") or "(blank)"
        lines.append(f"| {r['quirk']} | `{r['gold']}` | `{pred}` | {r['official evaluator']} | "
                     + " | ".join(r.get(c, "") for c in cols) + " |")
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("../shared/data"))
    ap.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    a = ap.parse_args()
    t0 = time.perf_counter()
    s = a.data / "spider"
    res: dict = {"command": "nice python -m benchmarks.official_readings",
                 "date": time.strftime("%Y-%m-%d"), "machine": f"{platform.machine()}, "
                 f"{platform.python_version()}",
                 "commit": subprocess.run(["git", "rev-parse", "--short", "HEAD"],
                                          capture_output=True, text=True).stdout.strip()}
    res["own_cases"] = own_cases()
    bench = load_gold(s / "dev_gold.sql", s / "database", s / "tables.json")
    res["systems"], res["first_real_items"] = systems_em(
        bench, [s / "predictions" / f for f in SPIDER_SYSTEMS])
    sub = s / "predictions" / "subset200_multisample"
    idx = json.loads((sub / "subset_dev_indices.json").read_text())
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        gold_lines = (s / "dev_gold.sql").read_text().splitlines()
        subgold = work / "subset_gold.sql"
        subgold.write_text("".join(gold_lines[i] + "\n" for i in idx))
        subbench = load_gold(subgold, s / "database", s / "tables.json")
        rows, firsts = systems_em(subbench, sorted(sub.glob("*.sql")))
        known = {r["class"] for r in res["first_real_items"]}
        res["systems"] += rows
        res["first_real_items"] += [r for r in firsts if r["class"] not in known]
        res["execution"] = execution_agreement(a.data, work)
        res["quirks"] = execution_quirks(work)
    res["wall_s"] = round(time.perf_counter() - t0, 1)
    a.out.mkdir(parents=True, exist_ok=True)
    (a.out / "official_readings.json").write_text(json.dumps(res, indent=1) + "\n")
    (a.out / "official_readings.md").write_text(_md(res))
    print(_md(res))


if __name__ == "__main__":
    main()
