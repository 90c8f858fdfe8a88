"""Canonicalisation checks that tests (``tests/sql``) and benchmarks
(``benchmarks/structure_canon.py``, ``structure_qwen_multisample.py``) share."""

from __future__ import annotations

import re

from sqlverdict.engine.compare import results_equal
from sqlverdict.engine.execute import run_query
from sqlverdict.errors import ExecutionError
from sqlverdict.sql.canon import canonicalize, parse


def check(bench, pairs) -> tuple[int, list]:
    """(number of queries compared, failures); queries that fail in SQLite are skipped."""
    checked, failures = 0, []
    for path, db_id, sql in pairs:
        c = canonicalize(sql, bench.schemas.get(db_id))
        if not c.ok:
            continue
        try:
            before = run_query(path, sql, timeout_s=10)
        except ExecutionError:
            continue
        try:
            after = run_query(path, c.sql, timeout_s=10)
        except ExecutionError as e:
            failures.append((sql, c.sql, str(e)))
            continue
        sem = "list" if parse(sql).args.get("order") else "bag"
        checked += 1
        if not results_equal(before.rows, after.rows, sem):
            failures.append((sql, c.sql, "results differ"))
    return checked, failures


def reference_like(sql: str) -> str:
    """The published reference canonicalizer's documented behaviour, re-implemented to show
    its weaknesses: table aliases renamed by name over the whole query (scope-blind),
    ``AS name`` removed from the text everywhere, everything lower-cased."""
    import sqlglot
    from sqlglot import exp

    tree = sqlglot.parse_one(sql, read="sqlite")
    names: dict[str, str] = {}
    for t in tree.find_all(exp.Table):
        a = t.args.get("alias")
        if a is not None and a.this is not None:
            names.setdefault(a.name, f"t{len(names) + 1}")
            a.set("this", exp.to_identifier(names[a.name]))
    for c in tree.find_all(exp.Column):
        if c.table in names:
            c.set("table", exp.to_identifier(names[c.table]))
    text = tree.sql(dialect="sqlite")
    text = re.sub(r"\s+as\s+[a-zA-Z_][a-zA-Z0-9_]*", "", text, flags=re.I)
    return re.sub(r"\s+", " ", text).lower().strip()
