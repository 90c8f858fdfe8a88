"""Running totals over a grouped select as correlated aggregates of the rows
(``canon/running_groups.py``) against SQLite: random windows over groups (a running count,
count of a column, sum of reals, minimum, maximum, or a window COUNT(*) of groups; keys that
may be NULL or are filtered; a partition or none; RANGE or ROWS frames; extra group keys;
ascending or descending; with or without HAVING), each beside the correlated form the law
makes. Whenever the two get one canonical form, SQLite must agree on random databases with
NULLs, duplicates and values of every storage class; the law must equate them wherever it
holds, and the near misses must differ somewhere (the corpus pairs it proves:
``benchmarks/results/i54b_windows.md``)."""

from __future__ import annotations

import random

from tests.helpers.pairs import FIXTURES
from tests.helpers.rule_databases import check_law_cases, typed_rows

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

SCHEMA = from_ddl((FIXTURES / "rules" / "schema.ddl").read_text())
# (window aggregate, the aggregate of the rows it is, whether the law reads it)
AGGS = [("SUM(COUNT(*))", "COUNT(*)", True), ("SUM(COUNT(emp.age))", "COUNT(b.age)", True),
        ("SUM(SUM(emp.salary))", "SUM(b.salary)", True), ("MIN(MIN(emp.name))", "MIN(b.name)", True),
        ("MAX(MAX(emp.age))", "MAX(b.age)", True), ("COUNT(*)", "COUNT(*)", False)]
# (ORDER BY key, the filter that makes it never NULL or None)
KEYS = [("id", None), ("age", "emp.age IS NOT NULL"), ("age", "emp.age > 1"), ("city", None),
        ("name", "emp.name IS NOT NULL")]


def _case(rng: random.Random):
    """(the window, the correlated form, whether the law holds)."""
    (win, rows, read), (key, need) = rng.choice(AGGS), rng.choice(KEYS)
    filters = [need] if need and rng.random() < 0.8 else []
    part = rng.choice([None, None, "dept_id", "city"])
    extra = "dept_id" if part is None and rng.random() < 0.3 else None
    rows_frame, desc, having = rng.random() < 0.4, rng.random() < 0.4, rng.random() < 0.15
    groups = [g for g in (part, key, extra) if g]
    where = f" WHERE {' AND '.join(filters)}" if filters else ""
    tail = f" GROUP BY {', '.join(f'emp.{g}' for g in groups)}" + (" HAVING COUNT(*) > 1" if having else "")
    frame = " ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW" if rows_frame else ""
    over = (f"{f'PARTITION BY emp.{part} ' if part else ''}ORDER BY emp.{key}"
            f"{' DESC' if desc else ''}{frame}")
    shown = ", ".join(f"emp.{g}" for g in groups)
    gold = f"SELECT {shown}, {win} OVER ({over}) FROM emp{where}{tail}"
    conds = [f.replace("emp.", "b.") for f in filters]
    if part:
        conds.append(f"b.{part} IS emp.{part}")
    conds.append(f"b.{key} {'>=' if desc else '<='} emp.{key}")
    cand = f"SELECT {shown}, (SELECT {rows} FROM emp AS b WHERE {' AND '.join(conds)}) FROM emp{where}{tail}"
    never_null = key == "id" or bool(filters)
    holds = read and never_null and not having and not (rows_frame and extra)
    return gold, cand, holds


def _form(sql: str):
    return canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag")


CASES = [_case(random.Random(seed)) for seed in range(24)]


def test_equated_queries_agree_in_sqlite_the_law_fires_and_near_misses_differ():
    check_law_cases(CASES, _form, seed=54, rows=typed_rows)
