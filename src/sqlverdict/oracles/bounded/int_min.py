"""When a proof states ``no_real_int_min``: no INTEGER or NUMERIC column holds the REAL
``-9223372036854775808.0``.

SQLite turns a real stored in a column of INTEGER or NUMERIC affinity into an integer only
strictly inside the 64-bit range, so such a column can keep the REAL ``-2**63`` beside the
INTEGER ``-2**63``. The two compare equal: GROUP BY, DISTINCT, a set operation without ALL,
MIN and MAX put them together and return whichever row SQLite reads first, which depends on
the plan. No proof models which row that is: the rules reorder rows freely, the normal form
and the solver read a table's INTEGER column as values of one class. So a proof whose
queries group, deduplicate or take MIN/MAX over such a column holds on the databases
without that value, and says so. Written by hand: a syntactic reading of where a column
meets a group (sqlglot finds the nodes; which of them pick a row is SQLite's semantics).

>>> import sqlglot
>>> grouped = lambda q: grouped_columns(sqlglot.parse_one(q))
>>> grouped("SELECT a, COUNT(*) FROM r GROUP BY a"), grouped("SELECT MAX(n) FROM r")
({'a'}, {'n'})
>>> grouped("SELECT a FROM r"), grouped("SELECT DISTINCT * FROM r")
(set(), None)
"""

from __future__ import annotations

import sqlglot.expressions as exp

from ...errors import InputError
from ...types import Schema, affinity
from .ir.kinds import Affinity
from .outcome import Assumption
from .realism import temporal_kind

INT_MIN_REAL = -9223372036854775808.0
_SETOPS = (exp.Union, exp.Intersect, exp.Except)


def grouped_columns(tree: exp.Expr) -> set[str] | None:
    """Names (lower case) of the columns ``tree`` reads where SQLite picks one row of equal
    values: GROUP BY keys, DISTINCT select items, MIN/MAX and DISTINCT aggregates'
    arguments, the items of a set operation without ALL. None: every column (a star there)."""
    names: set[str] = set()
    sites: list[exp.Expr] = []
    for sel in tree.find_all(exp.Select):
        if sel.args.get("group"):
            sites.append(sel.args["group"])
        if sel.args.get("distinct"):
            sites += sel.expressions
    sites += list(tree.find_all(exp.Min, exp.Max))
    sites += [d for d in tree.find_all(exp.Distinct) if not isinstance(d.parent, exp.Select)]
    for op in tree.find_all(*_SETOPS):
        if op.args.get("distinct") or not isinstance(op, exp.Union):
            sites += [s for side in (op.this, op.expression) for s in _items(side)]
    for site in sites:
        if _star(site):
            return None
        names |= {c.name.lower() for c in site.find_all(exp.Column)}
    return names


def _star(node: exp.Expr) -> bool:
    """Does ``node`` read every column (a star other than COUNT(*)'s)?"""
    return any(not isinstance(s.parent, exp.Count) for s in node.find_all(exp.Star))


def _items(node: exp.Expr) -> list[exp.Expr]:
    """The select items of a set operation's operand (both operands of a nested one)."""
    while isinstance(node, exp.Subquery):
        node = node.this
    if isinstance(node, exp.Select):
        return list(node.expressions)
    if isinstance(node, _SETOPS):
        return _items(node.this) + _items(node.expression)
    return [exp.Star()]  # unknown: every column


def exposed(schema: Schema, tables: set[str], typed: bool) -> set[str]:
    """Columns of ``tables`` that can hold the REAL -2**63 beside the INTEGER one: INTEGER
    or NUMERIC affinity, no rowid alias, no STRICT table; in the typed domain NUMERIC ones
    that are no DATE/TIME columns (INTEGER columns hold integers there)."""
    out = set()
    for t in schema.tables:
        if t.name.lower() not in tables or t.strict:
            continue
        for c in t.columns:
            aff = affinity(c.type)
            if c.name.lower() == (t.rowid_alias or "").lower():
                continue
            if aff == Affinity.NUMERIC and (not typed or temporal_kind(c.type) is None):
                out.add(c.name.lower())
            elif aff == Affinity.INTEGER and not typed:
                out.add(c.name.lower())
    return out


def real_int_min(pair) -> tuple[Assumption, ...]:
    """``(no_real_int_min,)`` when a query of ``pair`` groups, deduplicates or takes MIN/MAX
    over a column that can hold the REAL -2**63 beside the INTEGER one (a name no table has
    there, an alias, counts as every column the query reads); else ()."""
    cols = exposed(pair.schema, pair.facts.tables, pair.typed)
    if not cols:
        return ()
    known = {c.name.lower() for t in pair.schema.tables for c in t.columns}
    for side in ("gold", "pred"):
        try:
            tree = pair.tree(side)
        except InputError:
            return (Assumption.INT_MIN,)
        names = grouped_columns(tree)
        if names is not None and not names <= known:  # an alias: follow nothing, read all
            names = None if _star(tree) else {c.name.lower() for c in tree.find_all(exp.Column)}
        if names is None or names & cols:
            return (Assumption.INT_MIN,)
    return ()


def holds_int_min(v) -> bool:
    """Is ``v`` the REAL -2**63 (which breaks ``no_real_int_min`` in such a column)?"""
    return isinstance(v, float) and v == INT_MIN_REAL
