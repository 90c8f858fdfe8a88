"""Which scalar functions of PostgreSQL (as rule catalogues write them) the verifier decides:
each function in a SELECT and in a WHERE, paired with itself (an equivalent query: a filter
that keeps every row) and with a trivially different query (a filter that drops rows), all
through ``sqlverdict.verify(..., dialect="postgres")`` on one small schema.

Each probe's verdict and, for ``unknown``, its reason, go to ``build/function_survey/<label>.json``;
``--compare BEFORE AFTER`` writes the side-by-side table to
``benchmarks/results/<name>.md``. Run once per code version (the base's ``src`` on
``PYTHONPATH`` for the before run):

    PYTHONPATH=<base>/src python -m benchmarks.function_survey --label before
    PYTHONPATH=src python -m benchmarks.function_survey --label after
    python -m benchmarks.function_survey --compare before after --name NAME
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build" / "function_survey"
DDL = ("CREATE TABLE t (id INTEGER PRIMARY KEY, a INT, b INT, r REAL, s TEXT, u TEXT, "
       "d DATE)")

# function -> (expression in a SELECT, a condition on it for the WHERE probes)
FUNCTIONS = {
    "COALESCE": ("COALESCE(a, b)", "COALESCE(a, b) > 1"),
    "NULLIF": ("NULLIF(a, b)", "NULLIF(a, b) > 1"),
    "ABS": ("ABS(a)", "ABS(a) > 1"),
    "SIGN": ("SIGN(r)", "SIGN(r) > 0"),
    "MOD": ("MOD(a, b)", "MOD(a, b) > 0"),
    "FLOOR": ("FLOOR(r)", "FLOOR(r) > 1"),
    "CEIL": ("CEIL(r)", "CEIL(r) > 1"),
    "TRUNC": ("TRUNC(r)", "TRUNC(r) > 1"),
    "POWER": ("POWER(r, 2)", "POWER(r, 2) > 1"),
    "SQRT": ("SQRT(r)", "SQRT(r) > 1"),
    "EXP": ("EXP(r)", "EXP(r) > 1"),
    "LN": ("LN(r)", "LN(r) > 1"),
    "LOG10": ("LOG10(r)", "LOG10(r) > 1"),
    "ROUND": ("ROUND(r)", "ROUND(r) > 1"),
    "ROUND(x, n)": ("ROUND(r, 2)", "ROUND(r, 2) > 1"),
    "ROUND(x, col)": ("ROUND(r, a)", "ROUND(r, a) > 1"),
    "UPPER": ("UPPER(s)", "UPPER(s) = 'AB'"),
    "LOWER": ("LOWER(s)", "LOWER(s) = 'ab'"),
    "TRIM": ("TRIM(s)", "TRIM(s) = 'ab'"),
    "LTRIM": ("LTRIM(s)", "LTRIM(s) = 'ab'"),
    "RTRIM": ("RTRIM(s)", "RTRIM(s) = 'ab'"),
    "CHAR_LENGTH": ("CHAR_LENGTH(s)", "CHAR_LENGTH(s) > 1"),
    "LENGTH": ("LENGTH(s)", "LENGTH(s) > 1"),
    "SUBSTRING": ("SUBSTRING(s FROM 1 FOR 2)", "SUBSTRING(s FROM 1 FOR 2) = 'ab'"),
    "SUBSTR": ("SUBSTR(s, 2)", "SUBSTR(s, 2) = 'b'"),
    "POSITION": ("POSITION('a' IN s)", "POSITION('a' IN s) > 1"),
    "REPLACE": ("REPLACE(s, 'a', 'b')", "REPLACE(s, 'a', 'b') = 'bb'"),
    "CONCAT": ("CONCAT(s, u)", "CONCAT(s, u) = 'ab'"),
    "||": ("s || u", "s || u = 'ab'"),
    "LPAD": ("LPAD(s, 4, 'x')", "LPAD(s, 4, 'x') = 'xxab'"),
    "RPAD": ("RPAD(s, 4, 'x')", "RPAD(s, 4, 'x') = 'abxx'"),
    "EXTRACT": ("EXTRACT(YEAR FROM d)", "EXTRACT(YEAR FROM d) > 2000"),
    "DATE + INTERVAL": ("d + INTERVAL '1 day'", "d + INTERVAL '1 day' > DATE '2020-01-01'"),
    "DATE - DATE": ("d - DATE '2020-01-01'", "d - DATE '2020-01-01' > 1"),
    "CAST AS TEXT": ("CAST(a AS TEXT)", "CAST(a AS TEXT) = '1'"),
    "CAST AS VARCHAR": ("CAST(a AS VARCHAR(5))", "CAST(a AS VARCHAR(5)) = '1'"),
    "CAST AS INTEGER": ("CAST(r AS INTEGER)", "CAST(r AS INTEGER) > 1"),
    "CAST text AS INTEGER": ("CAST(s AS INTEGER)", "CAST(s AS INTEGER) > 1"),
    "CAST AS DOUBLE": ("CAST(a AS DOUBLE PRECISION)", "CAST(a AS DOUBLE PRECISION) > 1"),
    "CAST AS NUMERIC": ("CAST(a AS NUMERIC)", "CAST(a AS NUMERIC) > 1"),
    "CAST AS DECIMAL(10,2)": ("CAST(r AS DECIMAL(10, 2))", "CAST(r AS DECIMAL(10, 2)) > 1"),
    "CAST AS DATE": ("CAST(s AS DATE)", "CAST(s AS DATE) > DATE '2020-01-01'"),
    "CAST AS BOOLEAN": ("CAST(a AS BOOLEAN)", "CAST(a AS BOOLEAN)"),
    "CASE": ("CASE WHEN a > 1 THEN b ELSE a END", "CASE WHEN a > 1 THEN b ELSE a END > 1"),
    "IIF": ("IIF(a > 1, b, a)", "IIF(a > 1, b, a) > 1"),
    "GREATEST": ("GREATEST(a, b)", "GREATEST(a, b) > 1"),
    "LEAST": ("LEAST(a, b, 3)", "LEAST(a, b, 3) > 1"),
}

PROBES = {
    "select, same": ("SELECT id, {e} FROM t", "SELECT id, {e} FROM t WHERE id IS NOT NULL"),
    "select, different": ("SELECT id, {e} FROM t", "SELECT id, {e} FROM t WHERE id > 1"),
    "where, same": ("SELECT id FROM t WHERE {c}", "SELECT id FROM t WHERE {c} AND id IS NOT NULL"),
    "where, different": ("SELECT id FROM t WHERE {c}", "SELECT id FROM t WHERE {c} AND id > 1"),
}


def survey(label: str, timeout_s: float) -> Path:
    from sqlverdict import verify
    from sqlverdict.schema import from_ddl

    schema = from_ddl(DDL)
    out = {}
    for name, (e, c) in FUNCTIONS.items():
        for probe, (g, p) in PROBES.items():
            gold, pred = g.format(e=e, c=c), p.format(e=e, c=c)
            r = verify(gold, pred, schema, bound=2, timeout_s=timeout_s, dialect="postgres")
            out[f"{name}|{probe}"] = {"status": str(r.status), "reason": r.reason,
                                      "method": str(r.method) if r.method else None}
            print(f"{name:24} {probe:18} {r.status}", flush=True)
    BUILD.mkdir(parents=True, exist_ok=True)
    path = BUILD / f"{label}.json"
    path.write_text(json.dumps(out, indent=1))
    return path


def _short(r: dict) -> str:
    if r["status"] != "unknown":
        return f"{r['status']} ({r['method']})"
    reason = re.split(r"; search found| \(|; SQLite", r["reason"])[0]
    return f"unknown: {reason.removeprefix('unsupported: ')[:70]}"


def compare(before: str, after: str, name: str) -> Path:
    b = json.loads((BUILD / f"{before}.json").read_text())
    a = json.loads((BUILD / f"{after}.json").read_text())
    lines = [f"# Scalar functions of PostgreSQL through `verify --dialect postgres`: {before} "
             f"and {after}", "",
             "Command: `python -m benchmarks.function_survey --label LABEL` per code version, "
             f"then `--compare {before} {after}`. Schema: `{DDL}`; bound 2. Each function in a "
             "SELECT and in a WHERE, paired with an equivalent query (`same`: a filter that keeps "
             "every row, must be verified) and a trivially different one (`different`: a filter "
             "that drops the rows with id <= 1, must be refuted); each verdict with the method that "
             "decided it (`search`: the randomized search, after the prover gave up). Pairs "
             "written for this survey (own material).", ""]
    for probe in PROBES:
        lines += [f"## {probe}", "", f"| function | {before} | {after} |", "|---|---|---|"]
        for fn in FUNCTIONS:
            k = f"{fn}|{probe}"
            x, y = _short(b[k]), _short(a[k])
            mark = "" if x == y else " **(changed)**"
            lines.append(f"| `{fn}` | {x} | {y}{mark} |")
        lines.append("")
    counts = {}
    for label, res in ((before, b), (after, a)):
        c = {}
        for r in res.values():
            c[r["status"]] = c.get(r["status"], 0) + 1
        counts[label] = c
    lines += ["## Totals", "", "| code | verified | refuted | unknown |", "|---|---:|---:|---:|"]
    for label, c in counts.items():
        lines.append(f"| {label} | {c.get('verified', 0)} | {c.get('refuted', 0)} | "
                     f"{c.get('unknown', 0)} |")
    path = ROOT / "benchmarks" / "results" / f"{name}.md"
    path.write_text("\n".join(lines) + "\n")
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--label")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"))
    ap.add_argument("--name", default="function_survey_postgres")
    args = ap.parse_args()
    if args.compare:
        print(compare(*args.compare, args.name))
    elif args.label:
        print(survey(args.label, args.timeout))
    else:
        ap.error("--label or --compare")


if __name__ == "__main__":
    main()
