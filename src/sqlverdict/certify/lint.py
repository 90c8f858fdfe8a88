"""Reference-defect lints on gold queries: mechanical, cheap, each finding with evidence.

- ``empty_result``: the gold returns no rows on its own database;
- ``case_only_literal``: a string literal compared with ``=`` or ``IN`` matches stored values
  of the column only case-insensitively (LIKE ignores ASCII case in SQLite: not flagged);
- ``text_numeric``: a numeric comparison or ORDER BY on a TEXT-declared column whose stored
  values are all numbers (compared as text: '10' < '9');
- ``join_without_condition``: a join with neither ON nor USING, and no WHERE equality
  between its tables (a cross product);
- ``setop_non_key``: INTERSECT / EXCEPT over name columns (``*name*``) that are not a key,
  with the number of duplicated values on the shipped database (people who share a name
  are merged);
- ``limit_ties``: ORDER BY ... LIMIT k where the k-th and (k+1)-th rows tie on the sort
  keys on the shipped database (the answer depends on the engine's tie order).

>>> import sqlite3, tempfile, os
>>> from sqlverdict.schema import from_sqlite
>>> p = os.path.join(tempfile.mkdtemp(), "t.sqlite")
>>> c = sqlite3.connect(p); _ = c.executescript(
...   "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, age TEXT);"
...   "INSERT INTO t VALUES (1, 'Ann', '9'), (2, 'Bob', '10'), (3, 'Cy', '10');"); c.close()
>>> s = from_sqlite(p, "t")
>>> [f.kind for f in lint_gold("SELECT name FROM t WHERE name = 'ann'", p, s)]
['empty_result', 'case_only_literal']
>>> [f.kind for f in lint_gold("SELECT name FROM t ORDER BY age DESC LIMIT 1", p, s)]
['text_numeric']
>>> [f.kind for f in lint_gold("SELECT name FROM t ORDER BY id + 0 > 1 DESC LIMIT 1", p, s)]
['limit_ties']
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import sqlglot
from sqlglot import exp

from ..engine.execute import run_query
from ..errors import ExecutionError
from ..sql.parse import try_parse
from ..sql.scope import scope_tables as _scope_tables
from ..types import Schema

KINDS = ("empty_result", "case_only_literal", "text_numeric", "join_without_condition",
         "setop_non_key", "limit_ties")
MAX_EVIDENCE = 5


@dataclass(frozen=True)
class Finding:
    kind: str
    message: str
    evidence: dict

    def to_json(self) -> dict:
        return asdict(self)


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def resolve(col: exp.Column, schema: Schema) -> tuple[str, str] | None:
    """The (table, column) of a column reference, when it is unambiguous."""
    tables = _scope_tables(col)
    if col.table:
        cands = [tables.get(col.table.lower(), col.table)]
    else:
        cands = sorted(set(tables.values()))
    hits = []
    for t in cands:
        if schema.has_table(t):
            tab = schema.table(t)
            hits += [(tab.name, c.name) for c in tab.columns if c.name.lower() == col.name.lower()]
    return hits[0] if len(hits) == 1 else None


def _values(db: str, table: str, column: str, timeout_s: float) -> list:
    try:
        return [r[0] for r in run_query(db, f"SELECT DISTINCT {_q(column)} FROM {_q(table)}",
                                        timeout_s=timeout_s, max_rows=100_000).rows]
    except ExecutionError:
        return []


def _is_number(v) -> bool:
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return True
    if isinstance(v, str):
        try:
            float(v.strip())
            return bool(v.strip())
        except ValueError:
            return False
    return False


def _case_only(tree, db, schema, timeout_s) -> list[Finding]:
    out = []
    for node in tree.find_all(exp.EQ, exp.In):
        col = node.this if isinstance(node.this, exp.Column) else None
        if col is None and isinstance(node, exp.EQ) and isinstance(node.expression, exp.Column):
            col = node.expression
        if col is None:
            continue
        lits = ([node.expression] if not isinstance(node, exp.In) else node.expressions)
        lits = [x for x in lits if isinstance(x, exp.Literal) and x.is_string]
        rc = resolve(col, schema)
        if not lits or rc is None:
            continue
        stored = [v for v in _values(db, *rc, timeout_s) if isinstance(v, str)]
        exact = set(stored)
        for lit in lits:
            s = lit.this
            if s in exact:
                continue
            ci = [v for v in stored if v.lower() == s.lower()]
            if ci:
                out.append(Finding("case_only_literal",
                                   f"'{s}' matches {rc[0]}.{rc[1]} only ignoring case",
                                   {"literal": s, "column": f"{rc[0]}.{rc[1]}",
                                    "stored": ci[:MAX_EVIDENCE]}))
    return out


def _text_numeric(tree, db, schema, timeout_s) -> list[Finding]:
    out, seen = [], set()
    cols = []
    for node in tree.find_all(exp.GT, exp.GTE, exp.LT, exp.LTE):
        for side, other in ((node.this, node.expression), (node.expression, node.this)):
            if isinstance(side, exp.Column) and isinstance(other, exp.Literal) and not other.is_string:
                cols.append((side, f"comparison with {other.sql()}"))
    for o in tree.find_all(exp.Ordered):
        if isinstance(o.this, exp.Column):
            cols.append((o.this, "ORDER BY"))
    for col, how in cols:
        rc = resolve(col, schema)
        if rc is None or (rc, how) in seen:
            continue
        seen.add((rc, how))
        c = schema.table(rc[0]).column(rc[1])
        if c.affinity != "TEXT":
            continue
        vals = [v for v in _values(db, *rc, timeout_s) if v is not None]
        if vals and all(_is_number(v) for v in vals):
            out.append(Finding("text_numeric",
                               f"{how} on {rc[0]}.{rc[1]}, declared {c.type!r}, holding numbers "
                               "(compared as text)",
                               {"column": f"{rc[0]}.{rc[1]}", "declared": c.type, "use": how,
                                "sample": sorted(vals, key=str)[:MAX_EVIDENCE]}))
    return out


def _joins(tree) -> list[Finding]:
    out = []
    for sel in tree.find_all(exp.Select):
        joins = sel.args.get("joins") or []
        where = sel.args.get("where")
        eqs = [e for e in (where.find_all(exp.EQ) if where else [])
               if isinstance(e.this, exp.Column) and isinstance(e.expression, exp.Column)]
        for j in joins:
            on = j.args.get("on")
            if (on is not None and not (isinstance(on, exp.Boolean) and on.this is True)) \
                    or j.args.get("using"):
                continue  # (sqlglot writes a missing ON as ON TRUE)
            tab = j.this
            name = (tab.alias_or_name if isinstance(tab, exp.Table) else tab.sql()).lower()
            sides = [x for e in eqs for x in (e.this, e.expression)]
            if any(not x.table for x in sides):
                continue  # an unqualified equality may link it: cannot tell
            if name in {x.table.lower() for x in sides}:
                continue
            out.append(Finding("join_without_condition",
                               f"join of {tab.sql()} has no condition (cross product)",
                               {"join": j.sql(dialect="sqlite")}))
    return out


def _setop(tree, db, schema, timeout_s) -> list[Finding]:
    out = []
    for op in tree.find_all(exp.Intersect, exp.Except):
        for side in (op.left, op.right):
            sel = side if isinstance(side, exp.Select) else side.find(exp.Select)
            if sel is None:
                continue
            for proj in sel.expressions:
                col = proj.this if isinstance(proj, exp.Alias) else proj
                if not isinstance(col, exp.Column):
                    continue
                rc = resolve(col, schema)
                if rc is None:
                    continue
                t = schema.table(rc[0])
                keys = {k.lower() for k in t.primary_key if len(t.primary_key) == 1}
                keys |= {u[0].lower() for u in t.uniques if len(u) == 1}
                if rc[1].lower() in keys or "name" not in rc[1].lower():
                    continue
                try:
                    dup = run_query(db, f"SELECT {_q(rc[1])}, COUNT(*) FROM {_q(rc[0])} "
                                        f"WHERE {_q(rc[1])} IS NOT NULL GROUP BY {_q(rc[1])} "
                                        "HAVING COUNT(*) > 1", timeout_s=timeout_s).rows
                except ExecutionError:
                    dup = []
                out.append(Finding("setop_non_key",
                                   f"{type(op).__name__.upper()} on non-key column "
                                   f"{rc[0]}.{rc[1]} ({len(dup)} duplicated values stored)",
                                   {"column": f"{rc[0]}.{rc[1]}", "n_duplicated": len(dup),
                                    "duplicated": [list(r) for r in dup[:MAX_EVIDENCE]]}))
    seen, uniq = set(), []
    for f in out:
        if f.message not in seen:
            seen.add(f.message)
            uniq.append(f)
    return uniq


def _limit_ties(tree, db, timeout_s) -> list[Finding]:
    if not isinstance(tree, exp.Select):
        return []
    order, limit = tree.args.get("order"), tree.args.get("limit")
    if order is None or limit is None:
        return []
    try:
        k = int(limit.expression.name if limit.expression is not None else limit.this.name)
    except (ValueError, AttributeError):
        return []
    if tree.args.get("offset") is not None or k < 1:
        return []
    probe = tree.copy()
    keys = [o.this.copy() for o in order.expressions]
    n_orig = len(probe.expressions)
    probe.set("expressions", probe.expressions + [exp.alias_(e, f"__key{i}")
                                                  for i, e in enumerate(keys)])
    probe.set("limit", exp.Limit(expression=exp.Literal.number(k + 1)))
    try:
        rows = run_query(db, probe.sql(dialect="sqlite"), timeout_s=timeout_s).rows
    except (ExecutionError, sqlglot.errors.SqlglotError):
        return []
    if len(rows) <= k or rows[k - 1][n_orig:] != rows[k][n_orig:]:
        return []
    return [Finding("limit_ties", f"rows {k} and {k + 1} tie on the ORDER BY keys at LIMIT {k}",
                    {"limit": k, "tied_keys": list(rows[k][n_orig:]),
                     "kept_row": list(rows[k - 1][:n_orig]), "cut_row": list(rows[k][:n_orig])})]


def lint_gold(gold: str, db_path: str, schema: Schema, *, timeout_s: float = 10.0) -> list[Finding]:
    """All lints of one gold query on its shipped database."""
    out: list[Finding] = []
    try:
        res = run_query(db_path, gold, timeout_s=timeout_s)
        if not res.rows:
            out.append(Finding("empty_result", "the gold returns no rows on its own database",
                               {"columns": list(res.columns)}))
    except ExecutionError as e:
        return [Finding("gold_error", f"the gold fails on its own database: {e}", {"kind": e.kind})]
    tree = try_parse(gold)
    if tree is None:
        return out
    out += _case_only(tree, db_path, schema, timeout_s)
    out += _text_numeric(tree, db_path, schema, timeout_s)
    out += _joins(tree)
    out += _setop(tree, db_path, schema, timeout_s)
    out += _limit_ties(tree, db_path, timeout_s)
    return out


def lint_benchmark(benchmark, ids: list[str] | None = None, *,
                   timeout_s: float = 10.0) -> dict[str, list[dict]]:
    """``{example id: [finding, ...]}`` for examples with a database (only ``ids`` if given)."""
    wanted = set(ids) if ids is not None else None
    out = {}
    for ex in benchmark.examples:
        if ex.db_path is None or (wanted is not None and ex.id not in wanted):
            continue
        schema = benchmark.schemas.get(ex.db_id)
        if schema is None:
            continue
        found = lint_gold(ex.gold, ex.db_path, schema, timeout_s=timeout_s)
        if found:
            out[ex.id] = [f.to_json() for f in found]
    return out
