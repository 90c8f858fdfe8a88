"""Near-miss queries (mutants) of a gold query, and the literals it compares columns with.

Each mutant is one small edit of the sqlglot tree: drop a conjunct, flip a comparison, swap
an aggregate, drop or add DISTINCT, flip an ordering direction, change or drop a LIMIT, swap
the join type, replace a column by a sibling column of the same type, replace a literal,
negate or un-negate a predicate, swap AND/OR, UNION/UNION ALL, INTERSECT/EXCEPT, drop a
WHERE/HAVING/ORDER BY/GROUP BY key. Mutants are deduplicated by their canonical text
(sqlglot's normalised SQLite rendering) and the gold itself is never a mutant.

>>> [m.kind for m in mutants("SELECT name FROM t WHERE a > 3 AND b = 'x'")][:4]
['distinct', 'drop_where', 'drop_conjunct', 'drop_conjunct']
>>> sorted({m.kind for m in mutants("SELECT count(DISTINCT a) FROM t ORDER BY 1 DESC LIMIT 2")})
['agg_distinct', 'agg_swap', 'distinct', 'drop_limit', 'drop_order', 'limit', 'order_dir']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import sqlglot
from sqlglot import exp

from ...types import Schema

_CMP = {exp.EQ: (exp.NEQ,), exp.NEQ: (exp.EQ,), exp.GT: (exp.GTE, exp.LT),
        exp.GTE: (exp.GT, exp.LTE), exp.LT: (exp.LTE, exp.GT), exp.LTE: (exp.LT, exp.GTE)}
_AGG = (exp.Count, exp.Sum, exp.Avg, exp.Min, exp.Max)


@dataclass(frozen=True)
class Mutant:
    sql: str
    kind: str


def parse(sql: str, schema: Schema | None = None) -> exp.Expr | None:
    """Parse SQLite SQL; a double-quoted name that is no column of ``schema`` becomes the
    string literal SQLite falls back to (Spider writes ``WHERE city = "Aberdeen"``).

    >>> parse('SELECT a FROM t WHERE b = "x"').sql("sqlite")
    "SELECT a FROM t WHERE b = 'x'"
    """
    try:
        tree = sqlglot.parse_one(sql, read="sqlite")
    except (sqlglot.errors.ParseError, sqlglot.errors.TokenError, ValueError):
        return None
    if not isinstance(tree, exp.Expr):
        return None
    names = ({c.name.lower() for t in schema.tables for c in t.columns}
             if schema is not None else set())
    for col in list(tree.find_all(exp.Column)):
        ident = col.this
        if (isinstance(ident, exp.Identifier) and ident.quoted and not col.table
                and ident.name.lower() not in names
                and not isinstance(col.parent, (exp.Ordered, exp.Group))):
            col.replace(exp.Literal.string(ident.name))
    return tree


def canonical(tree_or_sql: exp.Expr | str) -> str:
    """Canonical text used for deduplication: normalised identifiers, one spelling.

    >>> canonical("select  A from T where x=1") == canonical("SELECT a FROM t WHERE x = 1")
    True
    """
    tree = parse(tree_or_sql) if isinstance(tree_or_sql, str) else tree_or_sql
    if tree is None:
        return " ".join(str(tree_or_sql).split()).lower()
    return tree.sql(dialect="sqlite", normalize=True, comments=False)


# --------------------------------------------------------------------------- name resolution


def _scope_tables(node: exp.Expr) -> dict[str, str]:
    """Alias (and name) -> table name for the innermost SELECT around ``node``."""
    sel = node.find_ancestor(exp.Select)
    out: dict[str, str] = {}
    if sel is None:
        return out
    for src in [sel.args.get("from_") or sel.args.get("from")] + list(sel.args.get("joins") or []):
        if src is None:
            continue
        for t in src.find_all(exp.Table):
            if t.find_ancestor(exp.Select) is not sel:
                continue
            out[t.name.lower()] = t.name
            if t.alias:
                out[t.alias.lower()] = t.name
    return out


def resolve_column(col: exp.Column, schema: Schema) -> list[tuple[str, str]]:
    """Candidate ``(table, column)`` of a column reference (several when unqualified and
    ambiguous in the enclosing SELECT)."""
    tables = _scope_tables(col)
    name = col.name.lower()
    if col.table:
        t = tables.get(col.table.lower(), col.table)
        cands = [t]
    else:
        cands = sorted(set(tables.values()))
    out = []
    for t in cands:
        if schema.has_table(t):
            tab = schema.table(t)
            for c in tab.columns:
                if c.name.lower() == name:
                    out.append((tab.name, c.name))
    return out


def _literal_value(node: exp.Expr):
    if isinstance(node, exp.Neg) and isinstance(node.this, exp.Literal) and not node.this.is_string:
        v = _literal_value(node.this)
        return -v if isinstance(v, int | float) else None
    if not isinstance(node, exp.Literal):
        return None
    if node.is_string:
        return node.this
    try:
        return int(node.this)
    except ValueError:
        try:
            return float(node.this)
        except ValueError:
            return None


def literals(sql: str, schema: Schema) -> tuple[dict[tuple[str, str], list], list]:
    """Literals a query compares columns with: ``({(table, column): [values]}, unassigned)``.

    >>> from sqlverdict.schema import from_ddl
    >>> s = from_ddl("CREATE TABLE t(a INT, b TEXT)")
    >>> literals("SELECT * FROM t AS x WHERE x.a > 3 AND b LIKE '%z%'", s)
    ({('t', 'a'): [3], ('t', 'b'): ['%z%']}, [])
    """
    tree = parse(sql, schema)
    per: dict[tuple[str, str], list] = {}
    loose: list = []
    if tree is None:
        return per, loose
    for node in tree.walk():
        if isinstance(node, (exp.Binary, exp.In, exp.Between)) and not isinstance(node, exp.Connector):
            cols = [c for c in (node.this, node.args.get("expression")) if isinstance(c, exp.Column)]
            vals = [node.args.get("expression"), node.this]
            vals += list(node.args.get("expressions") or [])
            vals += [node.args.get("low"), node.args.get("high")]
            lits = [v for v in (_literal_value(x) for x in vals if x is not None) if v is not None]
            if not lits:
                continue
            targets = [rc for c in cols for rc in resolve_column(c, schema)]
            if targets:
                for t in targets:
                    per.setdefault(t, []).extend(lits)
            else:
                loose.extend(lits)
    return per, loose


# --------------------------------------------------------------------------- mutation operators

Edit = tuple[str, Callable[[exp.Expr], exp.Expr | None]]


def _ops(node: exp.Expr, schema: Schema | None) -> Iterator[Edit]:
    if isinstance(node, exp.And) or isinstance(node, exp.Or):
        yield "drop_conjunct", lambda n: n.this
        yield "drop_conjunct", lambda n: n.expression
        other = exp.Or if isinstance(node, exp.And) else exp.And
        yield "and_or", lambda n, o=other: o(this=n.this, expression=n.expression)
    for cls, alts in _CMP.items():
        if type(node) is cls:
            for alt in alts:
                yield "flip_cmp", lambda n, a=alt: a(this=n.this, expression=n.expression)
    if type(node) is exp.EQ and isinstance(node.expression, exp.Literal) and node.expression.is_string:
        yield "eq_like", lambda n: exp.Like(this=n.this, expression=exp.Literal.string(
            "%" + n.expression.this + "%"))
    if isinstance(node, exp.Like):
        yield "like_eq", lambda n: exp.EQ(this=n.this, expression=exp.Literal.string(
            str(n.expression.this).strip("%")) if isinstance(n.expression, exp.Literal) else n.expression)
    if isinstance(node, exp.Not):
        yield "drop_not", lambda n: n.this
    if isinstance(node, (exp.In, exp.Like, exp.Exists)) and not isinstance(node.parent, exp.Not):
        yield "negate", lambda n: exp.Not(this=n.copy())
    if isinstance(node, exp.Is):
        yield "negate", lambda n: exp.Not(this=n.copy())
    if isinstance(node, _AGG) and not isinstance(node.this, exp.Star):
        for alt in _AGG:
            if alt is not type(node):
                yield "agg_swap", lambda n, a=alt: a(this=n.this)
        if isinstance(node.this, exp.Distinct):
            yield "agg_distinct", lambda n: type(n)(this=n.this.expressions[0])
        elif isinstance(node, (exp.Count, exp.Sum, exp.Avg)):
            yield "agg_distinct", lambda n: type(n)(this=exp.Distinct(expressions=[n.this]))
    if isinstance(node, exp.Count) and isinstance(node.this, exp.Star):
        sel = node.find_ancestor(exp.Select)
        first = next((c for c in sel.find_all(exp.Column)), None) if sel else None
        if first is not None:
            yield "count_col", lambda n, c=first: exp.Count(this=c.copy())
    if isinstance(node, exp.Select):
        if node.args.get("distinct"):
            yield "distinct", lambda n: n.set("distinct", None) or n
        else:
            yield "distinct", lambda n: n.set("distinct", exp.Distinct()) or n
        if node.args.get("where"):
            yield "drop_where", lambda n: n.set("where", None) or n
        if node.args.get("having"):
            yield "drop_having", lambda n: n.set("having", None) or n
        group = node.args.get("group")
        if group and len(group.expressions) > 1:
            for i in range(len(group.expressions)):
                yield "drop_group_key", lambda n, i=i: _drop_group_key(n, i)
    if isinstance(node, (exp.Select, exp.SetOperation)):
        if node.args.get("order"):
            yield "drop_order", lambda n: n.set("order", None) or n
        lim = node.args.get("limit")
        if lim is not None:
            yield "drop_limit", lambda n: n.set("limit", None) or n
            v = _literal_value(lim.expression) if isinstance(lim, exp.Limit) else None
            if isinstance(v, int):
                yield "limit", lambda n, v=v: n.set("limit", exp.Limit(
                    expression=exp.Literal.number(v + 1))) or n
    if isinstance(node, exp.Ordered):
        yield "order_dir", lambda n: _flip_order(n)
    if isinstance(node, exp.Join):
        side = (node.args.get("side") or "").upper()
        if side == "LEFT":
            yield "join_type", lambda n: n.set("side", None) or n
        elif not side and node.args.get("on") is not None:
            yield "join_type", lambda n: n.set("side", "LEFT") or n
    if isinstance(node, exp.Union):
        yield "union_all", lambda n: n.set("distinct", not n.args.get("distinct")) or n
    if isinstance(node, exp.Intersect):
        yield "setop", lambda n: exp.Except(this=n.this, expression=n.expression, distinct=True)
    if isinstance(node, exp.Except):
        yield "setop", lambda n: exp.Intersect(this=n.this, expression=n.expression, distinct=True)
    if isinstance(node, exp.SetOperation):
        yield "drop_setop", lambda n: n.this
    lit = _literal_value(node)
    if lit is not None and not isinstance(node.parent, (exp.Limit, exp.Neg, exp.Ordered)):
        if isinstance(lit, str):
            alt = lit.upper() if lit != lit.upper() else lit.lower()
            if alt != lit:
                yield "literal", lambda n, a=alt: exp.Literal.string(a)
        elif isinstance(lit, int | float):
            yield "literal", lambda n, v=lit: _num(v + 1)
            yield "literal", lambda n, v=lit: _num(v - 1)
    if schema is not None and isinstance(node, exp.Column) and not isinstance(node.parent, exp.Ordered):
        for sib in _siblings(node, schema):
            yield "sibling_column", lambda n, s=sib: exp.Column(
                this=exp.to_identifier(s), table=n.args.get("table"))


def _flip_order(n: exp.Ordered) -> exp.Ordered:
    desc = not n.args.get("desc")
    n.set("desc", desc)
    n.set("nulls_first", not desc)  # SQLite's own default, so no NULLS clause is printed
    return n


def _num(v) -> exp.Expr:
    lit = exp.Literal.number(abs(v))
    return exp.Neg(this=lit) if v < 0 else lit


def _drop_group_key(n: exp.Select, i: int) -> exp.Select:
    g = n.args["group"]
    keys = [k for j, k in enumerate(g.expressions) if j != i]
    g.set("expressions", keys)
    return n


def _siblings(col: exp.Column, schema: Schema, limit: int = 2) -> list[str]:
    from .fuzz import _kind

    res = resolve_column(col, schema)
    if len(res) != 1:
        return []
    t, c = res[0]
    tab = schema.table(t)
    kind = _kind(tab.column(c))
    out = [x.name for x in tab.columns if x.name.lower() != c.lower() and _kind(x) == kind]
    return out[:limit]


# --------------------------------------------------------------------------- generation


def mutants(sql: str, schema: Schema | None = None, *, limit: int = 120) -> list[Mutant]:
    """Single-edit near misses of ``sql``, deduplicated by canonical form, in tree order."""
    tree = parse(sql, schema)
    if tree is None:
        return []
    seen = {canonical(tree)}
    out: list[Mutant] = []
    nodes = list(tree.walk())
    for i, node in enumerate(nodes):
        for kind, edit in _ops(node, schema):
            t2 = tree.copy()
            n2 = list(t2.walk())[i]
            try:
                new = edit(n2)
            except (AttributeError, IndexError, TypeError, ValueError):
                continue
            if new is None:
                continue
            if n2 is t2:
                t2 = new
            elif new is not n2:
                n2.replace(new)
            try:
                text = t2.sql(dialect="sqlite")
                key = canonical(t2)
            except (sqlglot.errors.SqlglotError, ValueError):  # pragma: no cover - defensive
                continue
            if key in seen or not re.search(r"\bselect\b", text, re.I):
                continue
            seen.add(key)
            out.append(Mutant(text, kind))
            if len(out) >= limit:
                return out
    return out
