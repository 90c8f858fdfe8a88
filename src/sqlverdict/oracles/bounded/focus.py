"""The values a focused search trial draws: per column, the literals the queries compare it
with (directly or through a function of it alone: ``substr(c_phone, 1, 2) IN ('13', ...)``)
and their neighbours, passed on through foreign keys.

The randomized search (``search``) offers every literal to every column; a filter of five
conjuncts over six tables then rarely holds on a random row. A focused trial draws each
compared column from its own literals only, so that rows meet the filters (a region named
'ASIA', an order date in 1995) and the differences behind them show.

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE t(a INT, b TEXT, d TEXT); CREATE TABLE u(c TEXT)")
>>> sorted(column_literals(["SELECT a - 1 FROM t WHERE a > 3 AND substr(b, 1, 2) IN ('13', '17') "
...                         "AND d BETWEEN '1995-01-01' AND '1996-12-31'"], s).items())
[(('t', 'a'), [3]), (('t', 'b'), ['13', '17']), (('t', 'd'), ['1995-01-01', '1996-12-31'])]
>>> column_literals(["SELECT x FROM (SELECT lower(b) AS x FROM t) WHERE x = 'ab'"], s)
{('t', 'b'): ['ab']}
>>> focused_pool(["SELECT a FROM t WHERE a = 3"], s, typed=True)[("t", "a")]
[3, 3, 3, 2, 4]
"""

from __future__ import annotations

from sqlglot import exp

from ...engine.generate import value_pool
from ...types import Schema
from ..suite.mutate import _literal_value, parse, resolve_column
from .domain import typed_pool

LITERAL_WEIGHT = 3  # a literal is drawn this many times as often as each neighbour


def _compared_column(node: exp.Expr) -> exp.Column | None:
    """The column a comparison operand reads: the column itself, or the one column of a
    function of it (``substr(c, 1, 2)``, ``lower(c)``)."""
    if isinstance(node, exp.Column):
        return node
    if isinstance(node, exp.Func) and not isinstance(node, exp.AggFunc):
        cols = list(node.find_all(exp.Column))
        if len(cols) == 1 and not any(isinstance(x, (exp.Select, exp.AggFunc))
                                      for x in node.walk()):
            return cols[0]
    return None


def column_literals(queries, schema: Schema) -> dict[tuple[str, str], list]:
    """``{(table, column): [literals]}`` the ``queries`` (SQLite texts) compare columns with."""
    per: dict[tuple[str, str], list] = {}
    for sql in queries:
        tree = parse(sql, schema) if isinstance(sql, str) else None
        if tree is None:
            continue
        for node in tree.walk():
            if not isinstance(node, exp.Predicate) or isinstance(node, exp.Connector):
                continue
            sides = [node.this, node.args.get("expression")]
            cols = [c for c in (_compared_column(x) for x in sides if x is not None) if c]
            vals = sides + list(node.args.get("expressions") or [])
            vals += [node.args.get("low"), node.args.get("high")]
            lits = [v for v in (_literal_value(x) for x in vals if x is not None) if v is not None]
            for col in cols:
                for target in resolve_column(col, schema) or _through_aliases(col, tree, schema):
                    got = per.setdefault(target, [])
                    got.extend(v for v in lits if v not in got)
    return per


def _through_aliases(col: exp.Column, tree: exp.Expr, schema: Schema) -> list[tuple[str, str]]:
    """The columns behind an output name of a derived table (``n2.n_name AS nation``, read
    as ``nation = 'GERMANY'`` outside)."""
    out: list[tuple[str, str]] = []
    for a in tree.find_all(exp.Alias):
        inner = _compared_column(a.this) if a.alias.lower() == col.name.lower() else None
        if inner is not None:
            out += [t for t in resolve_column(inner, schema) if t not in out]
    return out


def focused_pool(queries, schema: Schema, *, typed: bool) -> dict[tuple[str, str], list]:
    """The compared columns' values (their literals, ``LITERAL_WEIGHT`` times each, and
    their neighbours, through foreign keys), only values of the declared type where
    ``typed``; columns compared with nothing are left out."""
    lits = column_literals(queries, schema)
    if not lits:
        return {}
    exact = value_pool(schema, None, lits, neighbours_too=False)
    near = value_pool(schema, None, lits)
    pool = {k: v * LITERAL_WEIGHT + [x for x in near[k] if x not in v]
            for k, v in exact.items() if v}
    pool = typed_pool(pool, schema) if typed else pool
    return {k: v for k, v in pool.items() if any(x is not None for x in v)}
