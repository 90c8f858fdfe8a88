"""Exact-set match: the official Spider evaluator's component-wise comparison.

Both queries are first normalised as the evaluator does: literal values are dropped (a
subquery stays), DISTINCT is ignored, and a column joined by foreign keys to others is named
after one representative of that group when its table is in FROM. Then every component must
agree as a multiset, in this order of the evaluator's report:

``select`` (items with their aggregates), ``select(no AGG)``, ``where`` (conditions),
``where(no OP)`` (their value units), ``group(no Having)`` (GROUP BY column names without the
table), ``group`` (GROUP BY columns in order and HAVING equal), ``order`` (ORDER BY and its
direction equal, LIMIT present in both or neither), ``and/or`` (the set of connectives in
WHERE), ``IUEN`` (the same INTERSECT/UNION/EXCEPT, each operand an exact match),
``keywords`` (the set of clause keywords); finally the FROM tables as a multiset.

As in the published script, subqueries inside conditions and in FROM keep their DISTINCT and
their column names (only their values are dropped), and join conditions are not compared
except through the keywords.

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE singer(singer_id INT PRIMARY KEY, name TEXT, age INT)", "d")
>>> exact_set_match("SELECT name FROM singer WHERE age > 30", "select T1.name from singer as T1 where T1.age > 45", s)
(True, '')
>>> exact_set_match("SELECT name FROM singer WHERE age > 30", "SELECT name FROM singer WHERE age >= 30", s)
(False, 'where differs')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ...types import Schema
from .structure import Col, Cond, OutsideGrammar, Query, Val, spider_structure


def foreign_key_groups(schema: Schema) -> dict[str, str]:
    """``__table.column__`` -> the representative of its foreign-key group (the columns
    joined to each other by foreign keys, transitively), for every column in some key."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    for t in schema.tables:
        for fk in t.foreign_keys:
            for a, b in zip(fk.columns, fk.ref_columns, strict=False):
                ka = f"__{t.name.lower()}.{a.lower()}__"
                kb = f"__{fk.ref_table.lower()}.{b.lower()}__"
                ra, rb = find(ka), find(kb)
                if ra != rb:
                    parent[max(ra, rb)] = min(ra, rb)
    return {k: find(k) for k in parent}


# ---------------------------------------------------------------- normalisation


def _drop_values(q: Query | None) -> Query | None:
    """Literal values become None in every condition; subqueries keep their structure with
    their own values dropped."""
    if q is None:
        return None

    def cond(c):
        if not isinstance(c, Cond):
            return c
        return replace(c, v1=_drop_values(c.v1) if isinstance(c.v1, Query) else None,
                       v2=_drop_values(c.v2) if isinstance(c.v2, Query) else None)

    return replace(q, join_conds=tuple(map(cond, q.join_conds)),
                   where=tuple(map(cond, q.where)), having=tuple(map(cond, q.having)),
                   intersect=_drop_values(q.intersect), union=_drop_values(q.union),
                   except_=_drop_values(q.except_))


def _map_columns(q: Query | None, valid: set[str], keys: dict[str, str]) -> Query | None:
    """DISTINCT flags dropped and foreign-key columns renamed, in the clauses the evaluator
    rebuilds (not inside condition or FROM subqueries); ``valid`` holds the columns of the
    tables in the outermost FROM, which also serve the set-operation operands."""
    if q is None:
        return None

    def col(c: Col | None) -> Col | None:
        if c is None:
            return None
        name = keys.get(c.col, c.col) if c.col in valid else c.col
        return Col(c.agg, name, False)

    def val(v: Val) -> Val:
        return Val(v.op, col(v.left), col(v.right))

    def conds(cs: tuple) -> tuple:
        return tuple(replace(c, val=val(c.val)) if isinstance(c, Cond) else c for c in cs)

    return replace(
        q, distinct=False,
        select=tuple((agg, val(v)) for agg, v in q.select),
        join_conds=conds(q.join_conds), where=conds(q.where), having=conds(q.having),
        group_by=tuple(col(c) for c in q.group_by),
        order=(q.order[0], tuple(val(v) for v in q.order[1])) if q.order else (),
        intersect=_map_columns(q.intersect, valid, keys),
        union=_map_columns(q.union, valid, keys),
        except_=_map_columns(q.except_, valid, keys))


def normalize(q: Query, schema: Schema, keys: dict[str, str] | None = None) -> Query:
    """The form both queries are compared in."""
    keys = foreign_key_groups(schema) if keys is None else keys
    tables = {name.strip("_") for kind, name in q.tables if kind == "table"}
    valid = {f"__{t.name.lower()}.{c.name.lower()}__" for t in schema.tables
             if t.name.lower() in tables for c in t.columns}
    return _map_columns(_drop_values(q), valid, keys)


# ---------------------------------------------------------------- components


def _same(a, b) -> bool:
    return Counter(a) == Counter(b)


def keywords(q: Query) -> set[str]:
    """The clause keywords the evaluator compares as a set."""
    out = {k for k, present in (("where", q.where), ("group", q.group_by),
                                ("having", q.having), ("order", q.order),
                                ("limit", q.limit is not None)) if present}
    if q.order:
        out.add(q.order[0])
    out |= set(q.set_ops())
    conds = q.conditions()
    if "or" in q.connectives():
        out.add("or")
    out |= {name for name, hit in (("not", any(c.negated for c in conds)),
                                   ("in", any(c.op == "in" for c in conds)),
                                   ("like", any(c.op == "like" for c in conds))) if hit}
    return out


def _group_names(q: Query) -> list[str]:
    return [c.col.split(".")[1] if "." in c.col else c.col for c in q.group_by]


def components(pred: Query, gold: Query) -> list[tuple[str, bool]]:
    """Each component of the evaluator's report and whether it matches."""
    having_ok = (not pred.group_by and not gold.group_by) or (
        bool(pred.group_by) and bool(gold.group_by)
        and [c.col for c in pred.group_by] == [c.col for c in gold.group_by]
        and pred.having == gold.having)
    order_ok = (not pred.order and not gold.order) or (
        bool(gold.order) and pred.order == gold.order
        and (pred.limit is None) == (gold.limit is None))
    gops, pops = gold.set_ops(), pred.set_ops()
    iuen_ok = set(gops) == set(pops) and all(
        _exact(pops[k], gops[k]) for k in gops)
    return [
        ("select", _same(pred.select, gold.select)),
        ("select(no AGG)", _same([v for _, v in pred.select], [v for _, v in gold.select])),
        ("where", _same(pred.where[::2], gold.where[::2])),
        ("where(no OP)", _same([c.val for c in pred.where[::2]],
                               [c.val for c in gold.where[::2]])),
        ("group(no Having)", _same(_group_names(pred), _group_names(gold))),
        ("group", having_ok),
        ("order", order_ok),
        ("and/or", set(pred.where[1::2]) == set(gold.where[1::2])),
        ("IUEN", iuen_ok),
        ("keywords", keywords(pred) == keywords(gold)),
    ]


def difference(pred: Query, gold: Query) -> str | None:
    """The first component that differs (``from`` for the tables), or None on an exact-set
    match. Both queries normalised."""
    for name, ok in components(pred, gold):
        if not ok:
            return name
    if gold.tables and not _same(pred.tables, gold.tables):
        return "from"
    return None


def _exact(pred: Query, gold: Query) -> bool:
    return difference(pred, gold) is None


def exact_set_match(gold: str, pred: str, schema: Schema,
                    keys: dict[str, str] | None = None, *,
                    official: bool = False) -> tuple[bool, str]:
    """(match, reason): ``reason`` names the first component that differs, or why the
    prediction cannot be read. A gold the grammar cannot read raises ``OutsideGrammar``.
    ``official``: the published evaluator's reading, its reading errors included
    (``official.official_structure``)."""
    from .official import official_structure

    read = official_structure if official else spider_structure
    keys = foreign_key_groups(schema) if keys is None else keys
    g = normalize(read(gold, schema), schema, keys)
    try:
        p = normalize(read(pred, schema), schema, keys)
    except OutsideGrammar as e:
        return False, f"prediction outside the official grammar: {e}"
    diff = difference(p, g)
    return diff is None, "" if diff is None else f"{diff} differs"
