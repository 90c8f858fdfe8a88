"""Build and check the held-out prover corpus (``benchmarks/corpus/prover2/``).

The pairs are written in ``prover2_pairs.py``; the schemas are the first corpus's
(``prover_corpus_schemas.py``, written again into this corpus's folder). As for the first
corpus (``prover_corpus_build.py``, whose random databases this reuses), every pair is run in
real SQLite on a few hundred random small databases of its schema (the empty database
first; keys, NOT NULL and foreign keys respected; NULLs and duplicate rows): an equivalent
pair must agree on every one, a mutant must differ on at least one (the smallest such
database is stored as ``separating_db``).

SQL that SQLite does not run as written is checked through a SQLite text of the same query:
a top-level ``EXCEPT ALL`` / ``INTERSECT ALL`` is computed here from its two operands' bags;
a ``calcite`` line goes through sqlglot's PostgreSQL-to-SQLite transpiler (``$``-names
quoted) or, where that does not suffice, the hand-written SQLite text the pair gives.

    python -m benchmarks.prover2_build            # check, then write
    python -m benchmarks.prover2_build --check    # check only, write nothing
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

from benchmarks.prover2_pairs import PAIRS
from benchmarks.prover_corpus_build import _norm, connect, random_db, size
from benchmarks.prover_corpus_schemas import SCHEMAS, ddl

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "benchmarks" / "corpus" / "prover2"
FILES = {"calcite": "calcite_rules.jsonl", "spark": "spark_rules.jsonl", "calcite_style": "calcite_style.jsonl"}
USED = ("emp_dept", "spark")
_SET_ALL = re.compile(r" (EXCEPT|INTERSECT) ALL ")
_VALUES = re.compile(r"\(VALUES ((?:\([^()]*\)(?:, )?)+)\) AS (\w+)(?: \(([^)]*)\))?")


def _values(m: re.Match) -> str:
    """``(VALUES (1, 'a'), ...) AS t (x, y)`` as a UNION ALL derived table (columns named as
    listed, else Calcite's ``EXPR$0``, ``EXPR$1``, ...)."""
    rows = [r.split(", ") for r in re.findall(r"\(([^()]*)\)", m.group(1))]
    names = m.group(3).split(", ") if m.group(3) else [f'"EXPR${i}"' for i in range(len(rows[0]))]
    first = "SELECT " + ", ".join(f"{v} AS {n}" for v, n in zip(rows[0], names, strict=True))
    rest = "".join(" UNION ALL SELECT " + ", ".join(r) for r in rows[1:])
    return f"({first}{rest}) AS {m.group(2)}"


def _calcite(sql: str) -> str:
    m = _SET_ALL.search(sql)
    if m:  # a top-level EXCEPT ALL / INTERSECT ALL: each operand translated, computed by rows()
        return _calcite(sql[:m.start()]) + m.group(0) + _calcite(sql[m.end():])
    sql = re.sub(r"(?<![\"\w])(\$f\d+|EXPR\$\d+)", r'"\1"', sql)
    sql = _VALUES.sub(_values, sql)
    return sqlglot.transpile(sql, read="postgres", write="sqlite")[0]


def sqlite_text(p: dict, side: int) -> str:
    """The SQLite text run for a pair's gold (0) or pred (1)."""
    if "_check" not in p:
        sql = (p["gold"], p["pred"])
        p["_check"] = tuple(_calcite(s) for s in sql) if p["dialect"] == "calcite" else sql
    return p["_check"][side]


def rows(con: sqlite3.Connection, sql: str) -> list[tuple]:
    m = _SET_ALL.search(sql)
    if m and "(" not in sql[m.start():m.end()]:
        left, right = sql[:m.start()], sql[m.end():]
        a, b = Counter(rows(con, left)), Counter(rows(con, right))
        out = a - b if m.group(1) == "EXCEPT" else a & b
        return list(out.elements())
    return [tuple(_norm(v) for v in r) for r in con.execute(sql).fetchall()]


def result(con, sql: str, semantics: str):
    got = rows(con, sql)
    return got if semantics == "list" else frozenset(got) if semantics == "set" else Counter(got)


def differs(con, p: dict) -> bool:
    sem = p["semantics"]
    return result(con, sqlite_text(p, 0), sem) != result(con, sqlite_text(p, 1), sem)


def pool(name: str, n: int) -> list[tuple[dict, sqlite3.Connection]]:
    spec = SCHEMAS[name]
    rng = random.Random(f"prover2:{name}")
    out = [({}, connect(spec, {}))]
    for i in range(2 * n - 1):
        db = random_db(spec, rng, max_rows=(3 if i % 3 else 5) if i < n else 6)
        out.append((db, connect(spec, db)))
    return out


def check(pairs: list[dict], n: int) -> list[str]:
    """Check every pair; return the problems (empty when all hold). Sets ``separating_db``."""
    problems = []
    dbs = {name: pool(name, n) for name in USED}
    for p in pairs:
        try:
            hits = [db for db, con in dbs[p["schema_name"]] if differs(con, p)]
            if p["expect"] == "equivalent":
                p["_nonempty"] = sum(1 for _, con in dbs[p["schema_name"]]
                                     if any(any(v is not None for v in r) for r in rows(con, sqlite_text(p, 0))))
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


def write(pairs: list[dict]) -> None:
    CORPUS.mkdir(parents=True, exist_ok=True)
    for name in USED:
        (CORPUS / f"{name}.ddl").write_text(ddl(SCHEMAS[name]), encoding="utf-8")
    keys = ("id", "gold", "pred", "schema", "dialect", "semantics", "expect", "rule", "source",
            "pair_of", "mutation", "separating_db")
    for source, file in FILES.items():
        lines = [{k: p[k] for k in keys if k in p} for p in pairs if p["source_key"] == source]
        (CORPUS / file).write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines),
                                   encoding="utf-8")
    files = sorted(f for f in CORPUS.iterdir() if f.name not in ("MANIFEST.sha256", "README.md") and f.is_file())
    (CORPUS / "MANIFEST.sha256").write_text(
        "".join(f"{hashlib.sha256(f.read_bytes()).hexdigest()}  {f.name}\n" for f in files), encoding="utf-8")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="check only; write nothing")
    ap.add_argument("--databases", type=int, default=300, help="random databases per schema and size")
    a = ap.parse_args(argv)
    pairs = [dict(p) for p in PAIRS]
    if len({p["id"] for p in pairs}) != len(pairs):
        raise SystemExit("duplicate ids")
    problems = check(pairs, a.databases)
    for (s, e), k in sorted(Counter((p["source_key"], p["expect"]) for p in pairs).items()):
        print(f"{s:14} {e:11} {k}")
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
        write(pairs)
        print(f"wrote {CORPUS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
