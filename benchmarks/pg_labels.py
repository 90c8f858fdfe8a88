"""Check a prover corpus's labels in real PostgreSQL: its `postgres`-dialect lines run as written.

A corpus build (``prover3_build.check``) runs every pair's text in SQLite, also the lines marked
``postgres``; where the two engines read the text differently (NULLs sort last ascending in
PostgreSQL and first in SQLite; integer division; text comparison), a pair's label can be wrong
for the dialect the line declares, and the verifier, which reads the line in its dialect, is
then right to disagree (``benchmarks/corpus/prover20/README.md``, errata). This runs each
``postgres`` line in PostgreSQL on the build's own random databases (the schema specs of the
corpus's ``benchmarks/proverN_build.py``, the empty database first) and on each mutant's stored
separating database, and lists the lines whose label PostgreSQL contradicts: an equivalent pair
it separates (with the database), a mutant it never separates, a query it rejects.

It needs a PostgreSQL server and ``psql`` (a throwaway one: ``initdb -D DIR -A trust`` and
``pg_ctl -D DIR -o '-p 5499 -k DIR' start`` as a non-root user). One ``psql`` process runs a
script per schema: tables created without foreign keys (the rows keep them; INTEGER as declared,
REAL as DOUBLE PRECISION, SQLite's), and per database
the tables refilled and every distinct query read with ``COPY (...) TO STDOUT``.

    python -m benchmarks.pg_labels --corpus benchmarks/corpus/prover20 \\
        --build benchmarks.prover20_build --psql "psql -h /tmp/pgd -p 5499 -U postgres" \\
        --name pg_labels_prover20
"""

from __future__ import annotations

import argparse
import csv
import importlib
import io
import json
import random
import shlex
import subprocess
import sys
from collections import Counter
from decimal import Decimal, InvalidOperation
from pathlib import Path

from benchmarks.prover_corpus_build import random_db

ROOT = Path(__file__).resolve().parent.parent
NULL = "<<NULL>>"
# INTEGER as PostgreSQL reads the DDL (``SUM`` of it a bigint, whose ``/`` truncates); REAL as
# SQLite's 8-byte float (PostgreSQL's REAL is 4 bytes)
PG_TYPE = {"INTEGER": "INTEGER", "REAL": "DOUBLE PRECISION", "TEXT": "TEXT"}


def pg_ddl(spec: dict) -> str:
    """CREATE TABLE statements of a build spec (keys kept, foreign keys left to the rows)."""
    out = []
    for name, cols, keys in spec["tables"]:
        defs = [f'"{c}" {PG_TYPE.get(str(t).upper(), "TEXT")}{"" if null else " NOT NULL"}'
                for c, t, null, _ in cols]
        if keys.get("pk"):
            defs.append("PRIMARY KEY (" + ", ".join(f'"{c}"' for c in keys["pk"]) + ")")
        out.append(f'DROP TABLE IF EXISTS "{name}" CASCADE;\nCREATE TABLE "{name}" ({", ".join(defs)});')
    return "\n".join(out)


def _lit(v) -> str:
    if v is None:
        return "NULL"
    if isinstance(v, bool):
        return "TRUE" if v else "FALSE"
    if isinstance(v, int | float):
        return repr(v)
    return "'" + str(v).replace("'", "''") + "'"


def script(spec: dict, dbs: list[dict], queries: list[str]) -> str:
    """One psql script: the schema, then per database its rows and every query's result."""
    lines = ["\\set ON_ERROR_STOP 0", "SET statement_timeout = '10s';", pg_ddl(spec)]
    names = [t[0] for t in spec["tables"]]
    for i, db in enumerate(dbs):
        lines.append(f"\\echo @@DB {i}")
        lines.append("TRUNCATE " + ", ".join(f'"{n}"' for n in names) + ";")
        for n in names:
            rows = db.get(n) or []
            if rows:
                lines.append(f'INSERT INTO "{n}" VALUES ' + ", ".join(
                    "(" + ", ".join(_lit(v) for v in r) + ")" for r in rows) + ";")
        for q, sql in enumerate(queries):
            lines.append(f"\\echo @@Q {q}")
            body = " ".join(sql.strip().rstrip(";").split())
            lines.append(f"COPY ({body}) TO STDOUT WITH (FORMAT csv, NULL '{NULL}');")
            lines.append("\\if :ERROR\n\\echo @@ERR :LAST_ERROR_MESSAGE\n\\endif")
    return "\n".join(lines) + "\n"


def _value(s: str):
    if s == NULL:
        return None
    if s in ("t", "f"):
        return int(s == "t")
    try:
        d = Decimal(s)
    except InvalidOperation:
        return ("text", s)
    return float(f"{float(d):.12g}") if d.is_finite() else ("text", s)


def parse(out: str) -> dict[tuple[int, int], list | str]:
    """{(database, query): rows as parsed values, or the error message}."""
    got: dict[tuple[int, int], list | str] = {}
    db = q = -1
    buf: list[str] = []

    def flush():
        if q >= 0 and (db, q) not in got:
            got[db, q] = [tuple(_value(x) for x in r) for r in csv.reader(io.StringIO("".join(buf)))]

    for line in out.splitlines(keepends=True):
        if line.startswith("@@DB "):
            flush()
            db, q, buf = int(line.split()[1]), -1, []
        elif line.startswith("@@Q "):
            flush()
            q, buf = int(line.split()[1]), []
        elif line.startswith("@@ERR"):
            got[db, q] = line[5:].strip() or "error"
            buf = []
        else:
            buf.append(line)
    flush()
    return got


def _key(v):
    return (0, v, "") if isinstance(v, float | int) else (1, 0, str(v)) if v is not None else (-1, 0, "")


def same(a, b, semantics: str) -> bool:
    if semantics == "list":
        return a == b
    return sorted(a, key=lambda r: [_key(v) for v in r]) == sorted(b, key=lambda r: [_key(v) for v in r])


def check(corpus: Path, build: str, psql: str, n: int, seed: int) -> list[dict]:
    specs = importlib.import_module(build).SCHEMAS
    lines = [json.loads(x) for f in sorted(corpus.glob("*.jsonl")) for x in f.read_text().splitlines() if x]
    pg = [p for p in lines if p.get("dialect") == "postgres"]
    out = []
    for name, spec in specs.items():
        mine = [p for p in pg if Path(p["schema"]).stem == name]
        if not mine:
            continue
        rng = random.Random(f"{seed}:{name}")
        dbs = [{}] + [random_db(spec, rng, max_rows=3 if i % 3 else 5) for i in range(n - 1)]
        dbs += [{k: [tuple(r) for r in v] for k, v in p["separating_db"].items()}
                for p in mine if p.get("separating_db")]
        queries = sorted({p[s] for p in mine for s in ("gold", "pred")})
        index = {sql: i for i, sql in enumerate(queries)}
        run = subprocess.run(shlex.split(psql) + ["-q", "-X", "-v", "VERBOSITY=terse"],
                             input=script(spec, dbs, queries), capture_output=True, text=True)
        got = parse(run.stdout)
        for p in mine:
            g, q = index[p["gold"]], index[p["pred"]]
            errors = {got.get((d, i)) for d in range(len(dbs)) for i in (g, q)
                      if isinstance(got.get((d, i)), str) or (d, i) not in got}
            separating = next((d for d in range(len(dbs)) if (d, g) in got and (d, q) in got
                               and not isinstance(got[d, g], str) and not isinstance(got[d, q], str)
                               and not same(got[d, g], got[d, q], p.get("semantics", "bag"))), None)
            out.append({"id": p["id"], "expect": p["expect"], "databases": len(dbs),
                        "error": sorted(str(e) for e in errors)[:1] or None,
                        "separated": separating is not None,
                        "separating_db": dbs[separating] if separating is not None else None})
    return out


def problems(rows: list[dict]) -> list[dict]:
    """The lines PostgreSQL contradicts."""
    return [r for r in rows if r["error"] or (r["expect"] == "equivalent") == r["separated"]]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--build", required=True, help="the module with the corpus's SCHEMAS specs")
    ap.add_argument("--psql", default="psql", help="the psql command line (host, port, user)")
    ap.add_argument("--databases", type=int, default=300)
    ap.add_argument("--seed", type=int, default=53)
    ap.add_argument("--name", default=None, help="write benchmarks/results/NAME.md")
    a = ap.parse_args(argv)
    rows = check(ROOT / a.corpus, a.build, a.psql, a.databases, a.seed)
    bad = problems(rows)
    c = Counter((r["expect"], r["separated"]) for r in rows)
    md = [f"# `{a.corpus}` in PostgreSQL: its `postgres`-dialect lines run as written", "",
          f"    python -m benchmarks.pg_labels --corpus {a.corpus} --build {a.build} --databases {a.databases}",
          "", f"{len(rows)} lines; {rows[0]['databases'] if rows else 0}+ databases per schema "
          f"(the build's random ones, the empty one first, and the mutants' separating ones).", "",
          "| label | separated in PostgreSQL | not separated |", "|---|---:|---:|",
          f"| equivalent | {c['equivalent', True]} | {c['equivalent', False]} |",
          f"| different (mutant) | {c['different', True]} | {c['different', False]} |", "",
          f"## Lines PostgreSQL contradicts ({len(bad)})", ""]
    md += [f"- `{r['id']}`: " + (f"rejected: {r['error'][0]}" if r["error"] else
                                  "separated on " + json.dumps(r["separating_db"]) if r["separated"]
                                  else "never separated") for r in bad] or ["none"]
    text = "\n".join(md) + "\n"
    print(text)
    if a.name:
        (ROOT / "benchmarks" / "results" / f"{a.name}.md").write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
