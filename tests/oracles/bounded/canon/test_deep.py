"""``terms._deep`` (every expression rule's walk) against the plain walk it replaced: the same
result, and unchanged parts kept as they were (``is``)."""

from __future__ import annotations

import dataclasses

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon.terms import Flat, _deep
from sqlverdict.oracles.bounded.ir.walk import field_names
from sqlverdict.schema import from_ddl

S = from_ddl("CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT, c REAL);"
             "CREATE TABLE u (k INTEGER PRIMARY KEY, a INTEGER REFERENCES t(a), v INTEGER)")
QUERIES = [
    "SELECT a, b FROM t WHERE c > 1 OR b LIKE 'x%'",
    "SELECT t.a, SUM(u.v) FROM t LEFT JOIN u ON u.a = t.a GROUP BY t.a HAVING COUNT(*) > 1",
    "SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.a = t.a AND u.v > 2) ORDER BY a LIMIT 3",
    "SELECT CASE WHEN c > 0 THEN b ELSE 'n' END, RANK() OVER (PARTITION BY b ORDER BY c) FROM t",
    "SELECT a FROM (SELECT a, COUNT(*) AS n FROM u GROUP BY a) AS d WHERE n > 1 UNION SELECT a FROM t",
]


def _plain(x, f, kind=ir.Expr):
    """The walk as it was written before (round 58)."""
    if isinstance(x, tuple):
        out = tuple(_plain(y, f, kind) for y in x)
        return x if all(a is b for a, b in zip(out, x, strict=True)) else out
    names = field_names(x)
    if names is not None and not isinstance(x, Flat):
        changes = {}
        for name in names:
            v = getattr(x, name)
            nv = _plain(v, f, kind)
            if nv is not v:
                changes[name] = nv
        y = dataclasses.replace(x, **changes) if changes else x
        return f(y) if isinstance(y, kind) else y
    return x


def _renamed(e):
    return dataclasses.replace(e, name=e.name + "_") if isinstance(e, ir.Col) and e.name == "a" else e


def test_deep_agrees_with_the_plain_walk_and_keeps_what_is_unchanged():
    for sql in QUERIES:
        q = ir.lower(sql, S).query
        assert _deep(q, lambda e: e) is q
        assert _deep(q, _renamed) == _plain(q, _renamed)
        assert _deep(q, lambda s: s, ir.Select) is q
        got, want = _deep((q, "x", 1), _renamed), _plain((q, "x", 1), _renamed)
        assert got == want and got[1:] == ("x", 1)
