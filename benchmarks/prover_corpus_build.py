"""Build and check the prover development corpus (``benchmarks/corpus/prover/``).

The pairs are written in ``prover_corpus_pairs.py`` (one section per source: Calcite's core
rules, Spark's Catalyst rules, TPC-H's 22 queries rewritten by those rules). This script

- checks every pair in real SQLite on a few hundred random small databases of its schema
  (the empty database first; keys, NOT NULL and foreign keys respected): an equivalent
  pair must give the same result on every one, a mutant must differ on at least one;
- stores for every mutant the smallest separating database it found (``separating_db``:
  rows per table), so a test can replay it;
- writes one JSONL file per source, the schema DDL files, and ``MANIFEST.sha256``.

    python -m benchmarks.prover_corpus_build            # check, then write
    python -m benchmarks.prover_corpus_build --check    # check only, write nothing

A failed check (an equivalent pair that differs, a mutant that never differs, SQL that
SQLite rejects) stops the build with the pair's id and the database.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sqlite3
import sys
from collections import Counter
from pathlib import Path

from benchmarks.prover_corpus_pairs import PAIRS
from benchmarks.prover_corpus_schemas import SCHEMAS, ddl

ROOT = Path(__file__).resolve().parents[1]

CORPUS = ROOT / "benchmarks" / "corpus" / "prover"
FILES = {"calcite": "calcite_rules.jsonl", "spark": "spark_rules.jsonl", "tpch": "tpch_rules.jsonl"}


def random_db(spec: dict, rng: random.Random, max_rows: int = 3) -> dict[str, list[tuple]]:
    """Rows per table: up to ``max_rows``, keys unique, NOT NULL kept, foreign keys pointing
    at existing parents (or NULL where the column allows it)."""
    db: dict[str, list[tuple]] = {}
    for name, cols, keys in spec["tables"]:
        names = [c[0] for c in cols]
        fks = {col: (ref, refcol) for col, ref, refcol in keys.get("fk", [])}
        pk = [names.index(c) for c in keys.get("pk", [])]
        rows, seen = [], set()
        for _ in range(rng.choice((0, 1, 1, 2, 2, 3, 3, max_rows, max_rows))):
            row = []
            for cname, _t, null, dom in cols:
                if null and rng.random() < 0.25:
                    row.append(None)
                elif cname in fks:
                    ref, refcol = fks[cname]
                    rcols = [c[0] for c in next(t for t in spec["tables"] if t[0] == ref)[1]]
                    # a self-referencing key (employee.manager_id) points at a row already made
                    parents = [r[rcols.index(refcol)] for r in (rows if ref == name else db[ref])]
                    row.append(rng.choice(parents) if parents else None)
                else:
                    row.append(rng.choice(dom))
            if rows and not pk and rng.random() < 0.3:
                row = list(rng.choice(rows))  # keyless tables get duplicate rows
            if any(v is None and not cols[i][2] for i, v in enumerate(row)):
                continue
            key = tuple(row[i] for i in pk)
            if pk and key in seen:
                continue
            seen.add(key)
            rows.append(tuple(row))
        db[name] = rows
    return db


def connect(spec: dict, rows: dict[str, list[tuple]]) -> sqlite3.Connection:
    con = sqlite3.connect(":memory:")
    con.execute("PRAGMA foreign_keys = ON")
    con.executescript(ddl(spec))
    for name, cols, _ in spec["tables"]:
        if rows.get(name):
            marks = ", ".join("?" * len(cols))
            con.executemany(f"INSERT INTO {name} VALUES ({marks})", [tuple(r) for r in rows[name]])
    con.commit()
    return con


def _norm(v):
    return round(v, 9) if isinstance(v, float) else v


def result(con: sqlite3.Connection, sql: str, semantics: str):
    rows = [tuple(_norm(v) for v in r) for r in con.execute(sql).fetchall()]
    if semantics == "list":
        return rows
    if semantics == "set":
        return frozenset(rows)
    return Counter(rows)


def nonempty(con, sql: str) -> bool:
    """Whether a result has a row other than all-NULL (a check on it means something)."""
    return any(any(v is not None for v in r) for r in con.execute(sql).fetchall())


def differs(con, pair: dict, gold: str, pred: str) -> bool:
    sem = pair.get("semantics", "bag")
    return result(con, gold, sem) != result(con, pred, sem)


def databases(name: str, n: int, seed: int = 25) -> list[tuple[dict, sqlite3.Connection]]:
    spec = SCHEMAS[name]
    rng = random.Random(f"{seed}:{name}")
    out = [({}, connect(spec, {}))]
    for i in range(n - 1):
        rows = random_db(spec, rng, max_rows=3 if i % 3 else 5)
        out.append((rows, connect(spec, rows)))
    return out


_EXTRA: dict[str, list] = {}


def extra_search(p: dict, n: int = 3000) -> list[dict]:
    """Larger random databases (up to 6 rows a table) for a mutant the first pool does not
    separate; returns the first separating one."""
    name = p["schema_name"]
    pool = _EXTRA.setdefault(name, [])
    rng = random.Random(f"extra:{name}:{len(pool)}")
    for i in range(n):
        if i >= len(pool):
            rows = random_db(SCHEMAS[name], rng, max_rows=6)
            pool.append((rows, connect(SCHEMAS[name], rows)))
        rows, con = pool[i]
        if differs(con, p, p["gold"], p["pred"]):
            return [rows]
    return []


def size(rows: dict) -> int:
    return sum(len(v) for v in rows.values())


def check(pairs: list[dict], n_dbs: int) -> list[str]:
    """Check every pair; return the problems (empty when all hold). Sets ``separating_db``."""
    problems = []
    dbs = {name: databases(name, n_dbs) for name in {p["schema_name"] for p in pairs}}
    for name in dbs:  # larger databases too, so that long join chains have rows
        rng = random.Random(f"large:{name}")
        dbs[name] += [(rows, connect(SCHEMAS[name], rows))
                      for rows in (random_db(SCHEMAS[name], rng, max_rows=8 if name == "tpch" else 6)
                                   for _ in range(n_dbs))]
    for p in pairs:
        pool = dbs[p["schema_name"]]
        try:
            hits = [rows for rows, con in pool if differs(con, p, p["gold"], p["pred"])]
            if p["expect"] == "equivalent":
                p["_nonempty"] = sum(1 for _, con in pool if nonempty(con, p["gold"]))
        except sqlite3.Error as e:
            problems.append(f"{p['id']}: SQLite rejects it: {e}")
            continue
        if p["expect"] == "equivalent" and hits:
            problems.append(f"{p['id']}: equivalent pair differs on {json.dumps(min(hits, key=size))}")
        if p["expect"] == "different" and not hits:
            hits = extra_search(p)
        if p["expect"] == "different":
            if not hits:
                problems.append(f"{p['id']}: mutant agrees on all {len(pool)} random databases")
            else:
                best = min(hits, key=size)
                p["separating_db"] = {t: [list(r) for r in v] for t, v in best.items() if v}
    return problems


def records() -> list[dict]:
    out, seen = [], set()
    for p in PAIRS:
        if p["id"] in seen:
            raise SystemExit(f"duplicate id {p['id']}")
        seen.add(p["id"])
        out.append(dict(p))
    return out


def write(pairs: list[dict]) -> None:
    CORPUS.mkdir(parents=True, exist_ok=True)
    for name, spec in SCHEMAS.items():
        (CORPUS / f"{name}.ddl").write_text(ddl(spec), encoding="utf-8")
    keys = ("id", "gold", "pred", "schema", "dialect", "semantics", "expect", "rule", "source",
            "pair_of", "mutation", "separating_db")
    for source, file in FILES.items():
        lines = [{k: p[k] for k in keys if k in p} for p in pairs if p["source_key"] == source]
        (CORPUS / file).write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines),
                                   encoding="utf-8")
    manifest(write=True)


def manifest(write: bool = False) -> str:
    """``sha256sum``-format lines for every corpus file but the manifest and the README."""
    files = sorted(f for f in CORPUS.iterdir() if f.name not in ("MANIFEST.sha256", "README.md") and f.is_file())
    text = "".join(f"{hashlib.sha256(f.read_bytes()).hexdigest()}  {f.name}\n" for f in files)
    if write:
        (CORPUS / "MANIFEST.sha256").write_text(text, encoding="utf-8")
    return text


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="check only; write nothing")
    ap.add_argument("--databases", type=int, default=300, help="random databases per schema")
    a = ap.parse_args(argv)
    pairs = records()
    problems = check(pairs, a.databases)
    counts = Counter((p["source_key"], p["expect"]) for p in pairs)
    for (s, e), n in sorted(counts.items()):
        print(f"{s:8} {e:11} {n}")
    print(f"total {len(pairs)}; checked on {2 * a.databases} databases per schema "
          f"({a.databases} of up to 5 rows a table, {a.databases} of up to 6, TPC-H up to 8)")
    weak = sorted((p["_nonempty"], p["id"]) for p in pairs if p["expect"] == "equivalent")
    print("equivalent pairs whose gold has a non-NULL row on fewer than 10 databases: "
          + (", ".join(f"{i} ({n})" for n, i in weak if n < 10) or "none"))
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
