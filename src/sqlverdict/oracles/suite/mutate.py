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

from ...sql.canon import quoted_strings
from ...sql.parse import try_parse
from ...sql.scope import scope_tables as _scope_tables
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
    tree = try_parse(sql)
    if tree is None:
        return None
    for col in quoted_strings(tree, schema):
        col.replace(exp.Literal.string(col.name))
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
    """The single-node edits of ``node`` in a fixed order (the order of the mutants):
    predicates, aggregates, query shapes (with a schema), rewrites into subqueries, clauses,
    set operations, literals and columns."""
    yield from _predicate_ops(node)
    yield from _aggregate_ops(node, schema)
    yield from _shape_ops(node, schema)
    yield from _subquery_ops(node)
    yield from _clause_ops(node)
    yield from _setop_ops(node)
    yield from _value_ops(node, schema)


def _predicate_ops(node: exp.Expr) -> Iterator[Edit]:
    """AND/OR, comparisons, LIKE, NOT."""
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


def _aggregate_ops(node: exp.Expr, schema: Schema | None) -> Iterator[Edit]:
    """Another aggregate, DISTINCT in or out, COUNT(*) to COUNT(column)."""
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
        if schema is not None and sel is not None:
            for c in _nullable_columns(sel, schema):
                yield "count_col", lambda n, c=c: exp.Count(this=c)


def _shape_ops(node: exp.Expr, schema: Schema | None) -> Iterator[Edit]:
    """A SELECT's grouping key, joins, DISTINCT as GROUP BY, a join as IN (needs a schema)."""
    if isinstance(node, exp.Select) and schema is not None:
        for alt in _group_alternatives(node):
            yield "group_key", lambda n, a=alt: _set_group(n, a)
        for drop in _droppable_joins(node):
            yield "drop_join", lambda n, d=drop: _drop_join(n, *d)
        key = _distinct_key(node, schema)
        if key is not None:
            yield "distinct_key", lambda n, k=key: _distinct_to_group(n, k)
        if _join_equalities(node) and len(_sources(node)) == 2:
            for keep in (0, 1):
                for op in ("in", "eq"):
                    for nodist in (False, True) if node.args.get("distinct") else (False,):
                        yield "join_in", lambda n, k=keep, o=op, d=nodist: _join_to_in(n, k, o, d)


def _subquery_ops(node: exp.Expr) -> Iterator[Edit]:
    """INTERSECT as IN, NOT IN as NOT EXISTS, EXCEPT as NOT IN."""
    if isinstance(node, exp.Intersect) and isinstance(node.this, exp.Select) and isinstance(
            node.expression, exp.Select) and _join_equalities(node.this):
        yield "intersect_in", _intersect_to_in
    if (isinstance(node, exp.Not) and isinstance(node.this, exp.In)
            and isinstance(node.this.args.get("query"), exp.Expr)):
        yield "not_in_exists", _not_in_to_not_exists
    if isinstance(node, exp.Except) and isinstance(node.this, exp.Select):
        yield "except_not_in", _except_to_not_in


def _clause_ops(node: exp.Expr) -> Iterator[Edit]:
    """DISTINCT, WHERE, HAVING, GROUP BY keys, ORDER BY, LIMIT, sort direction, join type."""
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


def _setop_ops(node: exp.Expr) -> Iterator[Edit]:
    """UNION ALL, INTERSECT and EXCEPT swapped, one side dropped."""
    if isinstance(node, exp.Union):
        yield "union_all", lambda n: n.set("distinct", not n.args.get("distinct")) or n
    if isinstance(node, exp.Intersect):
        yield "setop", lambda n: exp.Except(this=n.this, expression=n.expression, distinct=True)
    if isinstance(node, exp.Except):
        yield "setop", lambda n: exp.Intersect(this=n.this, expression=n.expression, distinct=True)
    if isinstance(node, exp.SetOperation):
        yield "drop_setop", lambda n: n.this


def _value_ops(node: exp.Expr, schema: Schema | None) -> Iterator[Edit]:
    """A literal's case or value, a column's sibling."""
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


def _nullable_columns(sel: exp.Select, schema: Schema, limit: int = 4) -> list[exp.Column]:
    """Nullable, non-key columns of the tables of ``sel`` (qualified by their alias): what
    ``COUNT(*)`` becomes in ``COUNT(col)`` near misses."""
    joined = {(c.table.lower(), c.name.lower()) for a, b, _ in _join_equalities(sel) for c in (a, b)}
    per: list[list[exp.Column]] = []
    for alias, src in _sources(sel):
        if not schema.has_table(src.name):
            continue
        tab = schema.table(src.name)
        pk = {c.lower() for c in tab.primary_key}
        per.append([exp.Column(this=exp.to_identifier(c.name), table=exp.to_identifier(alias))
                    for c in tab.columns if not c.not_null and c.name.lower() not in pk
                    and (alias, c.name.lower()) not in joined])
    out = [cs[i] for i in range(max(map(len, per), default=0)) for cs in per if i < len(cs)]
    return out[:limit]


def _same_col(a: exp.Expr, b: exp.Expr) -> bool:
    return (isinstance(a, exp.Column) and isinstance(b, exp.Column)
            and a.name.lower() == b.name.lower() and a.table.lower() == b.table.lower())


def _join_equalities(sel: exp.Select) -> list[tuple[exp.Column, exp.Column, exp.Join]]:
    out = []
    for j in sel.args.get("joins") or []:
        on = j.args.get("on")
        if isinstance(on, exp.EQ) and isinstance(on.this, exp.Column) and isinstance(
                on.expression, exp.Column) and on.this.table and on.expression.table:
            out.append((on.this, on.expression, j))
    return out


def _group_alternatives(sel: exp.Select) -> list[exp.Column]:
    """Other keys for a one-key GROUP BY: the projected plain columns (GROUP BY name instead
    of id) and the other side of a join equality (the referencing column, which can hold
    another spelling of the same key)."""
    g = sel.args.get("group")
    if not g or len(g.expressions) != 1 or not isinstance(g.expressions[0], exp.Column):
        return []
    key = g.expressions[0]
    alts: list[exp.Column] = []
    for e in sel.expressions:
        e = e.this if isinstance(e, exp.Alias) else e
        if isinstance(e, exp.Column) and not _same_col(e, key):
            alts.append(e)
    for a, b, _ in _join_equalities(sel):
        if _same_col(a, key):
            alts.append(b)
        elif _same_col(b, key):
            alts.append(a)
    out, seen = [], set()
    for a in alts:
        k = (a.table.lower(), a.name.lower())
        if k not in seen:
            seen.add(k)
            out.append(a)
    return out[:3]


def _set_group(n: exp.Select, col: exp.Column) -> exp.Select:
    n.args["group"].set("expressions", [col.copy()])
    return n


def _sources(sel: exp.Select) -> list[tuple[str, exp.Expr]]:
    frm = sel.args.get("from_") or sel.args.get("from")
    out = []
    for src in ([frm.this] if frm is not None else []) + [j.this for j in sel.args.get("joins") or []]:
        if not isinstance(src, exp.Table):
            return []
        out.append(((src.alias or src.name).lower(), src))
    return out


def _droppable_joins(sel: exp.Select) -> list[tuple[int, str]]:
    """Joins a query can lose if it reads only the join column of one side: ``(join
    index, alias to drop)``. Dropping them is the classic near miss that forgets NULL or
    dangling references (``NOT IN (SELECT has_pet.stuid ...)`` instead of going through
    ``student``)."""
    srcs = _sources(sel)
    if len(srcs) < 2:
        return []
    cols = [c for c in sel.find_all(exp.Column)]
    if any(not c.table for c in cols):
        return []  # unqualified columns: cannot tell which side they read
    out = []
    for ji, (a, b, j) in enumerate(_join_equalities(sel)):
        if (sel.args.get("joins") or [])[ji] is not j or j.args.get("side") or j.args.get("kind"):
            continue
        joined = (j.this.alias or j.this.name).lower()
        first = srcs[0][0]
        for s_col, o_col in ((a, b), (b, a)):
            s = s_col.table.lower()
            if s == o_col.table.lower() or s not in (joined, first):
                continue
            if s == first and o_col.table.lower() != joined:
                continue
            if sum(1 for x, _ in srcs if x == s) != 1:
                continue
            on_cols = {id(x) for x in j.args["on"].find_all(exp.Column)}
            if all(c.name.lower() == s_col.name.lower() for c in cols
                   if c.table.lower() == s and id(c) not in on_cols):
                out.append((ji, s))
    return out


def _drop_join(n: exp.Select, ji: int, alias: str) -> exp.Select | None:
    joins = list(n.args.get("joins") or [])
    j = joins[ji]
    on = j.args["on"]
    s_col, o_col = (on.this, on.expression) if on.this.table.lower() == alias else (on.expression, on.this)
    for c in list(n.find_all(exp.Column)):
        if c.table.lower() == alias and c.find_ancestor(exp.Join) is not j:
            c.replace(o_col.copy())
    frm = n.args.get("from_") or n.args.get("from")
    if (j.this.alias or j.this.name).lower() != alias:  # drop the FROM table instead
        frm.set("this", j.this.copy())
    del joins[ji]
    n.set("joins", joins or None)
    return n


def _distinct_key(sel: exp.Select, schema: Schema) -> exp.Column | None:
    """For ``SELECT DISTINCT a.x ... FROM a JOIN ...`` (every projection a plain column of
    ``a``, no GROUP BY), ``a``'s one-column primary key."""
    if not sel.args.get("distinct") or sel.args.get("group") or not sel.args.get("joins"):
        return None
    cols = [e.this if isinstance(e, exp.Alias) else e for e in sel.expressions]
    if not cols or not all(isinstance(c, exp.Column) and c.table for c in cols):
        return None
    aliases = {c.table.lower() for c in cols}
    srcs = dict(_sources(sel))
    if len(aliases) != 1 or next(iter(aliases)) not in srcs:
        return None
    alias = next(iter(aliases))
    t = srcs[alias].name
    if not schema.has_table(t) or len(schema.table(t).primary_key) != 1:
        return None
    pk = schema.table(t).primary_key[0]
    if any(c.name.lower() == pk.lower() for c in cols):
        return None
    return exp.Column(this=exp.to_identifier(pk), table=exp.to_identifier(cols[0].table))


def _distinct_to_group(n: exp.Select, key: exp.Column) -> exp.Select:
    """DISTINCT over names as one row per *key*: what ``WHERE id IN (SELECT ...)`` rewrites of
    the join return; the same unless two keys share the projected values."""
    n.set("distinct", None)
    n.set("group", exp.Group(expressions=[key.copy()]))
    return n


def _conjuncts(e: exp.Expr | None) -> list[exp.Expr]:
    if e is None:
        return []
    if isinstance(e, exp.And):
        return _conjuncts(e.this) + _conjuncts(e.expression)
    if isinstance(e, exp.Paren):
        return _conjuncts(e.this)
    return [e]


def _join_to_in(n: exp.Select, keep: int = 0, op: str = "in", nodistinct: bool = False
                ) -> exp.Select | None:
    """``SELECT a.x FROM a JOIN b ON a.k = b.f WHERE p(b)`` as ``SELECT a.x FROM a WHERE a.k
    IN (SELECT b.f FROM b WHERE p(b))`` (``keep`` says which side stays; ``op="eq"`` writes
    ``a.k = (SELECT ...)``, which reads one row only): the same unless a row of ``a`` joins
    several rows of ``b`` (duplicates) or several rows of ``b`` meet ``p``."""
    (x, y, j), = _join_equalities(n)[:1]
    srcs = _sources(n)
    kept_alias, kept_src = srcs[keep]
    a_col, b_col = (x, y) if x.table.lower() == kept_alias else (y, x)
    if a_col.table.lower() != kept_alias or b_col.table.lower() != srcs[1 - keep][0]:
        return None
    b_alias = b_col.table.lower()
    b_src = srcs[1 - keep][1]
    cols = list(n.find_all(exp.Column))
    if any(not c.table for c in cols):
        return None
    where = n.args.get("where")
    conj = _conjuncts(where.this) if where is not None else []
    b_conj, a_conj = [], []
    for c in conj:
        tabs = {col.table.lower() for col in c.find_all(exp.Column)}
        if tabs == {b_alias}:
            b_conj.append(c)
        elif b_alias in tabs:
            return None
        else:
            a_conj.append(c)
    on_ids = {id(c) for c in j.args["on"].find_all(exp.Column)}
    where_ids = {id(c) for c in where.find_all(exp.Column)} if where is not None else set()
    if any(c.table.lower() == b_alias and id(c) not in on_ids | where_ids for c in cols):
        return None
    sub = exp.select(b_col.copy()).from_(b_src.copy())
    for c in b_conj:
        sub = sub.where(c.copy())
    out = n.copy()
    out.set("joins", None)
    frm = out.args.get("from_") or out.args.get("from")
    frm.set("this", kept_src.copy())
    if nodistinct:
        out.set("distinct", None)
    cond = (exp.In(this=a_col.copy(), query=exp.Subquery(this=sub)) if op == "in"
            else exp.EQ(this=a_col.copy(), expression=exp.Subquery(this=sub)))
    for c in a_conj:
        cond = exp.And(this=cond, expression=c.copy())
    out.set("where", exp.Where(this=cond))
    return out


def _intersect_to_in(n: exp.Intersect) -> exp.Expr | None:
    """``SELECT t.name FROM t JOIN u ... WHERE p INTERSECT SELECT t.name ... WHERE q`` as one
    query keeping rows of ``t`` whose *key* meets both: the same unless names repeat."""
    left, right = n.this, n.expression
    a, b, _ = _join_equalities(left)[0]
    first = _sources(left)[0][0]
    key = a if a.table.lower() == first else b
    if key.table.lower() != first:
        return None
    sub = right.copy()
    sub.set("expressions", [key.copy()])
    sub.set("distinct", None)
    out = left.copy()
    out.where(exp.In(this=key.copy(), query=exp.Subquery(this=sub)), copy=False)
    return out


def _outer_qualified(col: exp.Expr, sel: exp.Select | None) -> exp.Expr:
    """``col`` qualified by the outer FROM table, so that it stays correlated."""
    if not isinstance(col, exp.Column) or col.table or sel is None:
        return col.copy()
    srcs = _sources(sel)
    if len(srcs) != 1:
        return col.copy()
    return exp.Column(this=col.this.copy(), table=exp.to_identifier(srcs[0][0]))


def _not_in_to_not_exists(n: exp.Not) -> exp.Expr | None:
    """``x NOT IN (SELECT y ...)`` as ``NOT EXISTS (SELECT ... WHERE y = x)``: the same
    unless ``y`` can be NULL."""
    q = n.this.args["query"]
    sub = q.this if isinstance(q, exp.Subquery) else q
    if not isinstance(sub, exp.Select) or len(sub.expressions) != 1 or sub.args.get("group"):
        return None
    y = sub.expressions[0]
    y = y.this if isinstance(y, exp.Alias) else y
    x = _outer_qualified(n.this.this, n.find_ancestor(exp.Select))
    inner = sub.copy()
    inner.where(exp.EQ(this=y.copy(), expression=x), copy=False)
    return exp.Not(this=exp.Exists(this=inner))


def _except_to_not_in(n: exp.Except) -> exp.Expr | None:
    """``SELECT a FROM t EXCEPT SELECT b ...`` as ``SELECT a FROM t WHERE a NOT IN (SELECT b
    ...)``: the same unless ``a`` repeats or ``b`` can be NULL (and then more so once the
    subquery loses a join, which is tried too when it can)."""
    left, right = n.this, n.expression
    if (len(left.expressions) != 1 or left.args.get("group") or not isinstance(right, exp.Select)
            or len(right.expressions) != 1):
        return None
    a = left.expressions[0]
    a = a.this if isinstance(a, exp.Alias) else a
    sub = right.copy()
    drops = _droppable_joins(sub)
    if drops:
        sub = _drop_join(sub, *drops[0])
    out = left.copy()
    out.where(exp.Not(this=exp.In(this=a.copy(), query=exp.Subquery(this=sub))), copy=False)
    return out


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
    from ...engine.generate import _kind

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
