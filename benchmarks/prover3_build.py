"""Build and check the third held-out prover corpus (``benchmarks/corpus/prover3/``).

The pairs are written in ``prover3_pairs.py``. As for the first two corpora (this reuses the
first corpus's random databases and ``prover2_build``'s SQLite texts of ``calcite`` lines),
every pair is run in real SQLite on random small databases of its schema (the empty
database first; keys, NOT NULL and foreign keys respected; NULLs and duplicate rows): an
equivalent pair must agree on every one, a mutant must differ on at least one. A mutant
must differ even with each result row's values sorted (so it does not differ only by the
order of its output columns, which sqlverdict matches up to permutation); the smallest
separating database found is stored as ``separating_db``.

Schemas: the first corpus's ``emp_dept`` and ``tpch``; ``spark3`` (the Catalyst-style
``t1``, ``t2`` plus ``t3(u, v, w)`` and keyed ``r``, ``q``) and a small TPC-C ``tpcc``,
both new here.

    python -m benchmarks.prover3_build            # check, then write
    python -m benchmarks.prover3_build --check    # check only, write nothing
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sqlite3
import sys
from collections import Counter
from pathlib import Path

import sqlglot

from benchmarks import prover2_build
from benchmarks.prover2_build import rows
from benchmarks.prover3_pairs import PAIRS
from benchmarks.prover_corpus_build import connect, random_db, size
from benchmarks.prover_corpus_schemas import EMP_DEPT, INT, SMALL, SPARK, TPCH, R, T, ddl

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "benchmarks" / "corpus" / "prover3"
FILES = {"calcite_composed": "calcite_composed.jsonl", "calcite_printed": "calcite_printed.jsonl",
         "spark_composed": "spark_composed.jsonl", "tpch": "tpch_rewritten.jsonl"}

SPARK3 = {
    "name": "spark3",
    "note": "Catalyst-test-style relations t1(a,b,c), t2(x,y,z), t3(u,v,w) without keys, and keyed r, q",
    "tables": SPARK["tables"][:2]
    + [("t3", [("u", INT, True, SMALL), ("v", INT, True, SMALL), ("w", INT, True, SMALL)], {})]
    + SPARK["tables"][2:],
}
W2, D2 = (1, 2), (1, 2)
# TPC-C (spec clause 1.3) cut down: composite primary keys as specified; only the
# single-column foreign keys are declared (district -> warehouse, order_line -> item,
# stock -> item and warehouse).
TPCC = {
    "name": "tpcc",
    "note": "TPC-C schema cut down (composite keys; single-column foreign keys only; o_carrier_id and ol_delivery_d NULL-able)",
    "tables": [
        ("warehouse", [("w_id", INT, False, W2), ("w_name", T, False, ("W1", "W2")), ("w_tax", R, False, (0.0, 0.125))],
         {"pk": ["w_id"]}),
        ("district", [("d_w_id", INT, False, W2), ("d_id", INT, False, D2), ("d_name", T, False, ("D1", "D2")),
                      ("d_tax", R, False, (0.0, 0.25)), ("d_next_o_id", INT, False, (2, 3))],
         {"pk": ["d_w_id", "d_id"], "fk": [("d_w_id", "warehouse", "w_id")]}),
        ("customer", [("c_w_id", INT, False, W2), ("c_d_id", INT, False, D2), ("c_id", INT, False, (1, 2)),
                      ("c_last", T, False, ("BAR", "OUGHT")), ("c_credit", T, False, ("GC", "BC")),
                      ("c_balance", R, False, (-1.0, 0.5, 2.0)), ("c_discount", R, False, (0.0, 0.25))],
         {"pk": ["c_w_id", "c_d_id", "c_id"]}),
        ("orders", [("o_w_id", INT, False, W2), ("o_d_id", INT, False, D2), ("o_id", INT, False, (1, 2, 3)),
                    ("o_c_id", INT, False, (1, 2)), ("o_carrier_id", INT, True, (1, 2)), ("o_ol_cnt", INT, False, (1, 2))],
         {"pk": ["o_w_id", "o_d_id", "o_id"]}),
        ("new_order", [("no_w_id", INT, False, W2), ("no_d_id", INT, False, D2), ("no_o_id", INT, False, (1, 2, 3))],
         {"pk": ["no_w_id", "no_d_id", "no_o_id"]}),
        ("item", [("i_id", INT, False, (1, 2, 3)), ("i_name", T, False, ("i1", "i2")), ("i_price", R, False, (1.0, 2.5))],
         {"pk": ["i_id"]}),
        ("order_line", [("ol_w_id", INT, False, W2), ("ol_d_id", INT, False, D2), ("ol_o_id", INT, False, (1, 2, 3)),
                        ("ol_number", INT, False, (1, 2)), ("ol_i_id", INT, False, (1, 2, 3)),
                        ("ol_quantity", INT, False, (1, 5)), ("ol_amount", R, False, (0.5, 1.0, 4.0)),
                        ("ol_delivery_d", T, True, ("2024-01-01", "2024-02-01"))],
         {"pk": ["ol_w_id", "ol_d_id", "ol_o_id", "ol_number"], "fk": [("ol_i_id", "item", "i_id")]}),
        ("stock", [("s_w_id", INT, False, W2), ("s_i_id", INT, False, (1, 2, 3)), ("s_quantity", INT, False, (5, 10, 20))],
         {"pk": ["s_w_id", "s_i_id"], "fk": [("s_w_id", "warehouse", "w_id"), ("s_i_id", "item", "i_id")]}),
    ],
}
SCHEMAS = {s["name"]: s for s in (EMP_DEPT, SPARK3, TPCH, TPCC)}


_VALUES_ALIAS = re.compile(r'(\(VALUES [^"]*\)) AS "(\w+)" \(((?:"\w+"(?:, )?)+)\)')


def sqlite_text(p: dict, side: int) -> str:
    """The SQLite text run for a pair's gold (0) or pred (1): ``prover2_build``'s (a
    ``calcite`` line through sqlglot), after unquoting a ``(VALUES ...) AS "t" ("a", "b")``
    alias, which that translation reads unquoted only."""
    if "_check" not in p and p["dialect"] == "calcite":
        def unq(m: re.Match) -> str:
            return f"{m.group(1)} AS {m.group(2)} ({m.group(3).replace(chr(34), '')})"
        q = dict(p, gold=_VALUES_ALIAS.sub(unq, p["gold"]), pred=_VALUES_ALIAS.sub(unq, p["pred"]))
        p["_check"] = (prover2_build.sqlite_text(q, 0), prover2_build.sqlite_text(q, 1))
    return prover2_build.sqlite_text(p, side)


def _sorted_row(r: tuple) -> tuple:
    return tuple(sorted(r, key=lambda v: (v is not None, isinstance(v, str), v if v is not None else 0)))


def result(con, sql: str, semantics: str, permuted: bool = False):
    got = rows(con, sql)
    if permuted:
        got = [_sorted_row(r) for r in got]
    return got if semantics == "list" else Counter(got)


def differs(con, p: dict, permuted: bool = False) -> bool:
    sem = p["semantics"]
    return result(con, sqlite_text(p, 0), sem, permuted) != result(con, sqlite_text(p, 1), sem, permuted)


def pool(name: str, n: int, schemas: dict | None = None, seed: str = "prover3") -> list[tuple[dict, sqlite3.Connection]]:
    spec = (schemas or SCHEMAS)[name]
    rng = random.Random(f"{seed}:{name}")
    out = [({}, connect(spec, {}))]
    for i in range(2 * n - 1):
        db = random_db(spec, rng, max_rows=(3 if i % 3 else 5) if i < n else 6)
        out.append((db, connect(spec, db)))
    return out


def check(pairs: list[dict], n: int, schemas: dict | None = None, seed: str = "prover3") -> list[str]:
    """Check every pair; return the problems (empty when all hold). Sets ``separating_db``.
    ``schemas`` and ``seed`` (of the random databases) default to prover3's."""
    problems = []
    schemas = schemas or SCHEMAS
    dbs = {name: pool(name, n, schemas, seed) for name in schemas if any(p["schema_name"] == name for p in pairs)}
    for p in pairs:
        try:
            if p["expect"] == "equivalent":
                hits = [db for db, con in dbs[p["schema_name"]] if differs(con, p)]
                p["_nonempty"] = sum(1 for _, con in dbs[p["schema_name"]]
                                     if any(any(v is not None for v in r) for r in rows(con, sqlite_text(p, 0))))
            else:
                hits = [db for db, con in dbs[p["schema_name"]] if differs(con, p, permuted=True)]
        except (sqlite3.Error, sqlglot.errors.SqlglotError) as e:
            problems.append(f"{p['id']}: SQLite rejects it: {e}")
            continue
        if p["expect"] == "equivalent" and hits:
            problems.append(f"{p['id']}: equivalent pair differs on {json.dumps(min(hits, key=size))}")
        elif p["expect"] == "different" and not hits:
            problems.append(f"{p['id']}: mutant agrees on all {len(dbs[p['schema_name']])} random databases")
        elif p["expect"] == "different":
            best = min(hits, key=size)
            p["separating_db"] = {t: [list(r) for r in v] for t, v in best.items() if v}
    return problems


def write(pairs: list[dict], corpus: Path = CORPUS, schemas: dict | None = None, files: dict | None = None) -> None:
    """Write the corpus files, the schemas' DDL and ``MANIFEST.sha256`` into ``corpus``."""
    corpus.mkdir(parents=True, exist_ok=True)
    for name, spec in (schemas or SCHEMAS).items():
        (corpus / f"{name}.ddl").write_text(ddl(spec), encoding="utf-8")
    keys = ("id", "gold", "pred", "schema", "dialect", "semantics", "expect", "rule", "source",
            "pair_of", "mutation", "separating_db")
    for source, file in (files or FILES).items():
        lines = [{k: p[k] for k in keys if k in p} for p in pairs if p["source_key"] == source]
        (corpus / file).write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines),
                                   encoding="utf-8")
    frozen = sorted(f for f in corpus.iterdir() if f.name not in ("MANIFEST.sha256", "README.md") and f.is_file())
    (corpus / "MANIFEST.sha256").write_text(
        "".join(f"{hashlib.sha256(f.read_bytes()).hexdigest()}  {f.name}\n" for f in frozen), encoding="utf-8")


def main(argv=None, pairs: list[dict] | None = None, corpus: Path = CORPUS, schemas: dict | None = None,
         files: dict | None = None, seed: str = "prover3", doc: str | None = None) -> int:
    """Check the pairs in SQLite, then write the corpus; the keywords (prover3's by default)
    let a later corpus's build reuse this one."""
    ap = argparse.ArgumentParser(description=(doc or __doc__).split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="check only; write nothing")
    ap.add_argument("--databases", type=int, default=500, help="random databases per schema and size")
    a = ap.parse_args(argv)
    pairs = [dict(p) for p in (PAIRS if pairs is None else pairs)]
    if len({p["id"] for p in pairs}) != len(pairs):
        raise SystemExit("duplicate ids")
    problems = check(pairs, a.databases, schemas, seed)
    for (s, e), k in sorted(Counter((p["source_key"], p["expect"]) for p in pairs).items()):
        print(f"{s:18} {e:11} {k}")
    print(f"total {len(pairs)}; checked on {2 * a.databases} databases per schema "
          f"(the empty one, {a.databases - 1} of up to 5 rows a table, {a.databases} of up to 6)")
    weak = sorted((p["_nonempty"], p["id"]) for p in pairs if "_nonempty" in p)
    print("equivalent pairs whose gold has a non-NULL row on fewer than 10 databases: "
          + (", ".join(f"{i} ({k})" for k, i in weak if k < 10) or "none"))
    if problems:
        print("\n".join(problems), file=sys.stderr)
        print(f"{len(problems)} problems", file=sys.stderr)
        return 1
    if not a.check:
        write(pairs, corpus, schemas, files)
        print(f"wrote {corpus}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
