"""Exact-set match under ``--compat spider`` against the published Spider evaluator, item by
item (issue 27).

The published evaluator (``evaluation.py`` and ``process_sql.py`` of the test-suite
evaluator) is run beside the project, never copied into it: put its two files in a folder
(``--official-dir``, default ``/tmp/official_eval``) and give a Python with nltk
(``--official-python``, default ``/tmp/official_venv/bin/python``). Without them the
benchmark says what is missing and stops. ``benchmarks/official_driver.py`` calls the
evaluator per item (see its docstring for the two ways that differs from its command line).

1. The shared Spider predictions (the four dev files and the 21 ``subset200`` files): per
   system, the official exact match, ours under ``--compat spider`` (the official reading)
   and our lenient reading, the items where the official program and ``--compat spider``
   differ (every one listed), and where it and the lenient reading differ, by class.
2. Variants of the same predictions (and of the gold read as predictions) rewritten the
   ways people write SQL (``<>``, no spaces around operators, aliases without AS, quoted
   names, a trailing comment, ...), through both: the classes a real file may hold that the
   shared files do not.

``--before FILE``: a JSON written by this benchmark at an earlier commit; its figures are
shown beside these ("before" / "after").

    nice python -m benchmarks.official_item_compare [--data ../shared/data]
        [--official-dir /tmp/official_eval] [--official-python /tmp/official_venv/bin/python]
        [--before old.json] [--out benchmarks/results]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from sqlverdict.bench.gold import load_gold
from sqlverdict.bench.predictions import load_predictions
from sqlverdict.engine.execute import ResultCache
from sqlverdict.oracles.base import Context, EvalOptions, get_oracle
from sqlverdict.oracles.match.official import first_column_values
from sqlverdict.types import Status

SPIDER_SYSTEMS = ["dailsql_gpt4", "dinsql_gpt4", "c3sql_gpt35", "graphix_via_dailsql"]
DRIVER = Path(__file__).with_name("official_driver.py")


def _sub(pattern: str, repl: str):
    return lambda s: re.sub(pattern, repl, s, flags=re.I)


# how people write the same query otherwise: each applied to every line of a file
VARIANTS = {
    "'!=' as '<>'": _sub(r"!=", "<>"),
    "no spaces around operators": _sub(r"\s*(>=|<=|!=|=|<|>)\s*", r"\1"),
    "table alias without AS": _sub(r"\b(FROM|JOIN)\s+(\w+)\s+AS\s+(\w+)", r"\1 \2 \3"),
    "quoted table names": _sub(r"\b(FROM|JOIN)\s+(\w+)", r'\1 "\2"'),
    "'x NOT IN' as 'NOT x IN'": _sub(r"([\w.]+)\s+NOT\s+IN\b", r"NOT \1 IN"),
    "a trailing comment": lambda s: s.rstrip().rstrip(";") + " -- generated",
    "UNION as UNION ALL": _sub(r"\bUNION\b", "UNION ALL"),
    "lower case": str.lower,
}

CLASSES = [  # (key in the official reading's reason, class)
    ("'<>'", "<>"), ("leading NOT", "leading NOT"), ("quoted table", "quoted table name"),
    ("alias without AS", "table alias without AS"), ("alias on a subquery",
                                                     "alias on a FROM subquery"),
    ("is a table's name", "alias named as a table"), ("operator joined",
                                                      "operator joined to its operand"),
    ("quote characters", "odd quote count"), ("comment", "trailing comment"),
    ("final period", "final period"), ("UNION ALL", "UNION ALL"),
    ("aggregate or parenthesis first", "aggregate first in SELECT arithmetic"),
    ("parenthesised aggregate", "parenthesised aggregate in SELECT"),
    ("aggregate as a compared value", "an aggregate as a value"),
    ("column in parentheses", "a column in parentheses as a value"),
]


def _class(official_reason: str, pred: str) -> str:
    for key, name in CLASSES:
        if key in official_reason:
            return name
    if re.search(r"[!<>]\s+=", pred):
        return "'> =' written apart"
    if first_column_values(pred) != pred:
        return "a column value's tail skipped (b + 1, b || 'x')"
    if "differs" in official_reason or not official_reason:
        return "OR dropped after a column value"
    return official_reason[:60]


def run_official(args, gold: Path, pred: Path, out: Path) -> list[dict]:
    data = args.data / "spider"
    subprocess.run([str(args.official_python), str(DRIVER), str(gold), str(pred),
                    str(data / "database"), str(data / "tables.json"), str(out)], check=True,
                   env={**os.environ, "PYTHONPATH": str(args.official_dir)})
    return [json.loads(line) for line in out.read_text().splitlines()]


def compare(bench, pred: Path, official: list[dict], name: str) -> dict:
    """One file: counts and every item where the official program and ours (``--compat
    spider``, which also names the lenient reading's verdict where it differs) differ."""
    opts = EvalOptions(compat="spider")
    ps = load_predictions(pred, bench, name, allow_misaligned=False, compat="spider")
    oracle, ctx = get_oracle("match", opts), Context(opts, ResultCache(), bench.schemas)
    verdicts = {e.index: (oracle.judge(e, ps.get(e.id), ctx), ps.get(e.id).sql)
                for e in bench.examples if e.id not in bench.skipped}
    row = {"system": name, "items": 0, "official": 0, "compat_spider": 0, "lenient": 0,
           "crashes": 0, "differ": [], "lenient_classes": Counter()}
    for i, (v, sql) in verdicts.items():
        off = official[i]
        if "skipped" in off:
            continue
        row["items"] += 1
        if "exact" not in off:
            row["crashes"] += 1
            continue
        ours = int(v.status is Status.CONSISTENT)
        # the verdict carries the lenient reading's where the two readings differ
        other = (v.evidence or {}).get("other_reading")
        lenient = int((other["status"] if other else str(v.status)) == "consistent")
        row["official"] += off["exact"]
        row["compat_spider"] += ours
        row["lenient"] += lenient
        if ours != off["exact"]:
            row["differ"].append({"index": i, "official": off["exact"], "ours": ours,
                                  "reason": v.reason[:160], "pred": sql,
                                  "official_parse": off.get("pred_error", "")})
        if lenient != off["exact"]:
            row["lenient_classes"][_class(v.reason, sql or "")] += 1
    row["lenient_classes"] = dict(row["lenient_classes"].most_common())
    return row


def shared_files(args, work: Path) -> list[dict]:
    s = args.data / "spider"
    sub = s / "predictions" / "subset200_multisample"
    idx = json.loads((sub / "subset_dev_indices.json").read_text())
    gold_lines = (s / "dev_gold.sql").read_text().splitlines()
    subgold = work / "subset_gold.sql"
    subgold.write_text("".join(gold_lines[i] + "\n" for i in idx))
    rows = []
    for gold, files in ((s / "dev_gold.sql", [s / "predictions" / f"{n}.sql"
                                              for n in SPIDER_SYSTEMS]),
                        (subgold, sorted(sub.glob("*.sql")))):
        bench = load_gold(gold, s / "database", s / "tables.json")
        for f in files:
            official = run_official(args, gold, f, work / f"{f.stem}.jsonl")
            rows.append(compare(bench, f, official, f.stem))
            print(f"{f.stem}: {rows[-1]['items']} items, {len(rows[-1]['differ'])} differ",
                  file=sys.stderr, flush=True)
    return rows


def variants(args, work: Path) -> list[dict]:
    s = args.data / "spider"
    gold = s / "dev_gold.sql"
    bench = load_gold(gold, s / "database", s / "tables.json")
    sources = {"gold": [line.split("\t")[0] for line in gold.read_text().splitlines()]}
    sources.update({n: (s / "predictions" / f"{n}.sql").read_text().splitlines()
                    for n in SPIDER_SYSTEMS})
    rows = []
    for vname, fn in VARIANTS.items():
        for sname, lines in sources.items():
            pred = work / f"variant_{len(rows)}.sql"
            pred.write_text("".join((fn(line.strip().split("\t")[0]) or "SELECT") + "\n"
                                    for line in lines))
            official = run_official(args, gold, pred, work / f"variant_{len(rows)}.jsonl")
            row = compare(bench, pred, official, sname)
            row["variant"] = vname
            rows.append(row)
        print(f"{vname}: {sum(len(r['differ']) for r in rows if r['variant'] == vname)} "
              "differ", file=sys.stderr, flush=True)
    return rows


def pct(n: int, d: int) -> str:
    return f"{n} ({n / d:.1%})" if d else "0"


def run_header(command: str, commit: str | None, official: str) -> dict:
    """The head of a comparison's JSON: command, date, machine, the commit compared (HEAD
    unless given) and which official program ran."""
    head = commit or subprocess.run(["git", "rev-parse", "--short", "HEAD"],
                                    capture_output=True, text=True).stdout.strip()
    return {"command": command, "date": time.strftime("%Y-%m-%d"),
            "machine": f"{platform.machine()}, {platform.python_version()}",
            "commit": head, "official": official}


def _md(res: dict) -> str:
    before = {r["system"]: r for r in res.get("before", {}).get("systems", [])}
    vbefore = {(r["variant"], r["system"]): r for r in res.get("before", {}).get("variants",
                                                                                  [])}
    lines = ["# Exact-set match: the published evaluator against ours, item by item", "",
             f"`{res['command']}` ({res['date']}, {res['machine']}, commit {res['commit']}; "
             f"{res['wall_s']} s). Official program: {res['official']}.", "",
             "Before: " + (f"commit {res['before']['commit']}" if before else "not given"),
             "", "## The shared Spider predictions", "",
             "| system | items | official EM | ours, `--compat spider` | ours, lenient | "
             "differ from official (before) | differ from official (after) | lenient differs "
             "from official, by class |", "|---|---|---|---|---|---|---|---|"]
    for r in res["systems"]:
        b = before.get(r["system"])
        cls = ", ".join(f"{k} {v}" for k, v in r["lenient_classes"].items())
        lines.append(f"| {r['system']} | {r['items']} | {pct(r['official'], r['items'])} | "
                     f"{pct(r['compat_spider'], r['items'])} | {pct(r['lenient'], r['items'])}"
                     f" | {len(b['differ']) if b else '-'} | {len(r['differ'])} | {cls} |")
    t = res["systems"]
    lines += ["", f"Total: {sum(r['items'] for r in t)} items; `--compat spider` differs from "
              f"the official program on {sum(len(r['differ']) for r in t)} (before: "
              f"{sum(len(b['differ']) for b in before.values()) if before else '-'}), the "
              f"lenient reading on {sum(sum(r['lenient_classes'].values()) for r in t)}; the "
              f"official program stopped on {sum(r['crashes'] for r in t)}.", ""]
    lines += ["## Variants of the same predictions (Spider dev, 972 items each)", "",
              "| variant | source | official EM | ours, `--compat spider` | ours, lenient | "
              "differ (before) | differ (after) | lenient differs, by class |",
              "|---|---|---|---|---|---|---|---|"]
    for r in res["variants"]:
        b = vbefore.get((r["variant"], r["system"]))
        cls = ", ".join(f"{k} {v}" for k, v in r["lenient_classes"].items())
        lines.append(f"| {r['variant']} | {r['system']} | {r['official']} | "
                     f"{r['compat_spider']} | {r['lenient']} | "
                     f"{len(b['differ']) if b else '-'} | {len(r['differ'])} | {cls} |")
    differ = [(r.get("variant", ""), r["system"], d) for r in t + res["variants"]
              for d in r["differ"]]
    lines += ["", f"## Items where `--compat spider` differs from the official program "
              f"({len(differ)})", ""]
    lines += [f"- {v} {s} #{d['index']}: official {d['official']}, ours {d['ours']} "
              f"({d['reason']}): `{d['pred']}`" for v, s, d in differ[:50]] or ["None."]
    return "\n".join(lines) + "\n"


def official_args(description: str) -> argparse.Namespace:
    """The command line both comparisons with the published evaluator read."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--data", type=Path, default=Path("../shared/data"))
    ap.add_argument("--official-dir", type=Path, default=Path("/tmp/official_eval"))
    ap.add_argument("--official-python", type=Path,
                    default=Path("/tmp/official_venv/bin/python"))
    ap.add_argument("--before", type=Path, help="a JSON of this benchmark at another commit")
    ap.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    ap.add_argument("--commit", help="the commit of the sqlverdict imported, when it is not "
                    "this checkout's HEAD (a --before run)")
    return ap.parse_args()


def evaluator_missing(a: argparse.Namespace, files: tuple[str, ...],
                      modules: tuple[str, ...]) -> list[str]:
    """What of the published evaluator is not there: its ``files`` in ``--official-dir``,
    a ``--official-python`` that imports ``modules``."""
    missing = [f"no {a.official_dir / f}" for f in files if not (a.official_dir / f).is_file()]
    if not a.official_python.is_file():
        missing.append(f"no {a.official_python}")
    elif subprocess.run([str(a.official_python), "-c", f"import {', '.join(modules)}"],
                        capture_output=True).returncode:
        missing.append(f"{a.official_python} cannot import {', '.join(modules)}")
    return missing


def main() -> None:
    a = official_args(__doc__.splitlines()[0])
    missing = evaluator_missing(a, ("evaluation.py", "process_sql.py"), ("nltk",))
    if missing:
        print(f"skipped: the published evaluator is not there ({'; '.join(missing)}): put "
              "evaluation.py and process_sql.py of the test-suite evaluator in --official-dir "
              "and give --official-python a Python with nltk and sqlparse")
        return
    t0 = time.perf_counter()
    res = run_header("nice python -m benchmarks.official_item_compare", a.commit,
                     f"evaluation.py and process_sql.py in {a.official_dir}, "
                     "nltk word_tokenize(preserve_line=True)")
    with tempfile.TemporaryDirectory() as tmp:
        res["systems"] = shared_files(a, Path(tmp))
        res["variants"] = variants(a, Path(tmp))
    if a.before:
        old = json.loads(a.before.read_text())
        res["before"] = {k: old[k] for k in ("commit", "systems", "variants")}
    res["wall_s"] = round(time.perf_counter() - t0, 1)
    a.out.mkdir(parents=True, exist_ok=True)
    (a.out / "official_item_compare.json").write_text(json.dumps(res, indent=1) + "\n")
    (a.out / "official_item_compare.md").write_text(_md(res))
    print(_md(res))


if __name__ == "__main__":
    main()
