"""The Spider/BIRD pairs (every Spider dev prediction with a database, BIRD dev's pairs of
``benchmarks/pairs.py``: outside material) whose gold or
prediction calls a scalar function of issue 25's translation item: SQLite's ``MIN``/``MAX``
of several arguments, ``ROUND`` with digits that are no integer literal, ``floor``,
``ceil``, ``trunc``, or a function SQLite lacks on one side only. Same steps as
``benchmarks/opaque_pairs.py`` (whose table it writes):

    python -m benchmarks.function_pairs --build
    sqlverdict verify-batch --pairs build/function_pairs/pairs.jsonl \\
        --out build/function_pairs/before_b3.jsonl --bound 3 --timeout 20 --workers 1
    sqlverdict verify-batch ... --out build/function_pairs/after_b3.jsonl   # this branch
    python -m benchmarks.function_pairs --compare build/function_pairs/before_b3.jsonl \\
        build/function_pairs/after_b3.jsonl --name NAME
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from sqlglot import exp

from benchmarks.opaque_pairs import compare
from sqlverdict.errors import InputError
from sqlverdict.oracles.bounded.ir.functions import round_digits
from sqlverdict.oracles.bounded.ir.opaque import call_name, lacks
from sqlverdict.sql.parse import read_sqlite

ROOT = Path(__file__).resolve().parents[1]


def kinds(sql: str) -> set[str]:
    """Which of the functions above ``sql`` calls (``lacking`` for a function SQLite lacks)."""
    try:
        tree = read_sqlite(sql)
    except InputError:
        return set()
    out = set()
    for f in tree.find_all(exp.Func):
        if isinstance(f, (exp.Greatest, exp.Least)) or (
                isinstance(f, (exp.Max, exp.Min)) and f.expressions):
            out.add("scalar min/max")
        elif isinstance(f, exp.Round) and f.args.get("decimals") is not None \
                and round_digits(f.args["decimals"]) is None:
            out.add("round digits")
        elif isinstance(f, (exp.Floor, exp.Ceil, exp.Trunc)):
            out.add("floor/ceil/trunc")
        else:
            name = call_name(f)
            if name is not None and lacks(name):
                out.add("lacking")
    return out


def spider_every_prediction(data: Path) -> list[dict]:
    """Every Spider dev prediction with a database, accepted by execution or not (the
    scale benchmarks' Spider set keeps the accepted ones only)."""
    from benchmarks.pairs import SPIDER_FILES, _rel, ex_semantics
    from sqlverdict.bench import load_benchmark, load_predictions

    bench = load_benchmark(f"spider:{data / 'spider'}")
    out = []
    for fname in SPIDER_FILES:
        system = Path(fname).stem
        preds = load_predictions(data / "spider" / "predictions" / fname, bench, system)
        for ex in bench.examples:
            p = preds.get(ex.id)
            if ex.db_path is not None and p.ok:
                out.append({"id": f"{system}:{ex.id}", "gold": ex.gold, "pred": p.sql,
                            "schema": _rel(ex.db_path), "db_id": ex.db_id,
                            "semantics": ex_semantics(ex.gold)})
    return out


def build(src: Path, out: Path, data: Path) -> Counter:
    out.parent.mkdir(parents=True, exist_ok=True)
    n: Counter = Counter()
    sets = {"spider": spider_every_prediction(data) if (data / "spider").is_dir() else [],
            "bird": [json.loads(x) for x in (src / "bird_pairs.jsonl").open()]
            if (src / "bird_pairs.jsonl").exists() else []}
    with out.open("w") as f:
        for name, pairs in sets.items():
            n[f"{name} scanned"] = len(pairs)
            for p in pairs:
                g, q = kinds(p["gold"]), kinds(p["pred"])
                if "lacking" in g ^ q:
                    g, q = g | {"lacking one side"}, q
                found = (g | q) - {"lacking"}
                if found:
                    f.write(json.dumps({**p, "id": f"{name}:{p['id']}"}) + "\n")
                    n[name] += 1
                    n.update(f"{name} {k}" for k in found)
    return n


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", action="store_true")
    ap.add_argument("--src", default=str(ROOT / "build" / "verify_scale"))
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"))
    ap.add_argument("--name", default="function_pairs")
    args = ap.parse_args(argv)
    if args.build:
        print(dict(build(Path(args.src), ROOT / "build" / "function_pairs" / "pairs.jsonl",
                         Path(args.data))))
    if args.compare:
        text = compare(Path(args.compare[0]), Path(args.compare[1]), args.name)
        text = text.replace("# Pairs with opaque functions", "# Spider/BIRD pairs with "
                            "scalar MIN/MAX, ROUND digits, floor/ceil/trunc or a function "
                            "SQLite lacks on one side", 1)
        text = text.replace("benchmarks.opaque_pairs", "benchmarks.function_pairs")
        (ROOT / "benchmarks" / "results" / f"{args.name}.md").write_text(text)
        print(text)


if __name__ == "__main__":
    main()
