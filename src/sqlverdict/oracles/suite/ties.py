"""Ties at a LIMIT: instances on which the gold's own answer is arbitrary.

``SELECT name FROM t ORDER BY age DESC LIMIT 1`` has no single right answer on a database
where two oldest rows tie: SQLite returns one of them depending on the plan, and a correct
prediction written differently may return the other. Such an instance cannot judge that
gold, so the suite skips it for that gold (as it skips instances where the gold fails).

A probe per ``ORDER BY ... LIMIT n`` (top level or uncorrelated subquery) selects the sort
keys of the first ``n + 1`` rows; a tie between rows ``n`` and ``n + 1`` is ambiguous.

>>> probes("SELECT name AS n FROM t ORDER BY age DESC LIMIT 2")
[('SELECT name AS n, age AS _k0 FROM t ORDER BY age DESC LIMIT 3', 2, 1)]
>>> probes("SELECT a, count(*) AS c FROM t GROUP BY a ORDER BY c DESC LIMIT 1")[0][0]
'SELECT a, COUNT(*) AS c, COUNT(*) AS _k0 FROM t GROUP BY a ORDER BY c DESC LIMIT 2'
>>> probes("SELECT a FROM t ORDER BY a")
[]
"""

from __future__ import annotations

from functools import lru_cache

from sqlglot import exp

from ...errors import ExecutionError
from .mutate import _literal_value, parse


@lru_cache(maxsize=4096)
def probes(sql: str) -> list[tuple[str, int, int]]:
    """``(probe_sql, n, number of keys)`` for every SELECT with ORDER BY and a literal
    LIMIT n; the probe appends the sort keys as the last columns."""
    tree = parse(sql)
    if tree is None:
        return []
    out = []
    for sel in tree.find_all(exp.Select):
        order, lim = sel.args.get("order"), sel.args.get("limit")
        if order is None or not isinstance(lim, exp.Limit) or sel.args.get("offset"):
            continue
        n = _literal_value(lim.expression)
        if not isinstance(n, int) or n < 1:
            continue
        aliases = {p.alias.lower(): p.this for p in sel.expressions if isinstance(p, exp.Alias)}
        keys = []
        for o in order.expressions:
            k = o.this if isinstance(o, exp.Ordered) else o
            if isinstance(k, exp.Column) and not k.table and k.name.lower() in aliases:
                k = aliases[k.name.lower()]
            elif isinstance(k, exp.Literal) and not k.is_string:
                i = _literal_value(k)
                if isinstance(i, int) and 1 <= i <= len(sel.expressions):
                    p = sel.expressions[i - 1]
                    k = p.this if isinstance(p, exp.Alias) else p
            keys.append(k.copy())
        if sel.args.get("distinct"):
            continue  # extra key columns would change what DISTINCT merges
        probe = sel.copy()
        probe.set("expressions", [p.copy() for p in sel.expressions] + [
            exp.alias_(k, f"_k{i}") for i, k in enumerate(keys)])
        probe.set("limit", exp.Limit(expression=exp.Literal.number(n + 1)))
        out.append((probe.sql(dialect="sqlite"), n, len(keys)))
    return out


def tie_at_limit(run, sql: str) -> bool:
    """Does some ``ORDER BY ... LIMIT n`` of ``sql`` cut through a tie? ``run(sql)`` executes
    a query on the instance (a probe that fails, e.g. a correlated subquery, is ignored)."""
    for probe, n, nk in probes(sql):
        try:
            rows = run(probe).rows
        except ExecutionError:
            continue
        if len(rows) > n and tuple(rows[n - 1][-nk:]) == tuple(rows[n][-nk:]):
            return True
    return False
