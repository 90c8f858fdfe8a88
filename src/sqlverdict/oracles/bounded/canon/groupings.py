"""Joined groupings: ``join_of_groupings`` (two groupings of one input joined on their keys
are one grouping), ``padded_grouping`` (a filtered grouping padded onto its keys is an
aggregate of a CASE), with ``raw``, a canonical query read back as a lowered one."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Affinity, AggFn, CmpOp, JoinKind, Ty
from ..ir.walk import field_names
from .joins import _flat_source
from .terms import (
    Flat,
    _aliases_in,
    _and,
    _conjuncts,
    _key,
    _leaves,
    _on_conjuncts,
    _replace_cols,
    extra_conjuncts,
)

_KEY_AFFINITIES = (Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC, Affinity.TEXT)


def join_of_groupings(q: ir.Select, canon) -> ir.Select:
    """``SELECT .. FROM (SELECT k, a .. GROUP BY k) AS d1 JOIN (SELECT k, b .. GROUP BY k) AS
    d2 ON d1.k IS d2.k`` (both groupings of the same rows: equal canonical FROM, WHERE and
    GROUP BY, no HAVING; every key a column of a declared affinity read as an item, joined
    by ``IS`` to its own item in the other) is ``SELECT .. FROM (SELECT k, a, b .. GROUP BY
    k) AS d2``: each group's row meets exactly the other's row of that group (a NULL key
    too: ``IS``). Calcite's AggregateExpandDistinctAggregatesRule computes a DISTINCT
    aggregate apart and joins it back so; read backwards here. ``canon``: the driver, whose
    canonical forms of the two queries are compared."""
    leaves = _leaves(q.source)
    if leaves is None or len(leaves) < 2 or q.bare_from is not None:
        return q
    conds = _on_conjuncts(q.source) + _conjuncts(q.where)
    grouped = [x for x in leaves if _grouping(x)]
    forms = {}
    for d1 in grouped:
        for d2 in grouped:
            if d1 is d2:
                continue
            found = _links(d1, d2, conds)
            if found is None:
                continue
            links, pairs = found
            for d in (d1, d2):
                if d.alias not in forms:
                    forms[d.alias] = canon.query(d.query, {}, 1, False)
            merged = _merged(d1, d2, forms[d1.alias], forms[d2.alias], pairs)
            if merged is None:
                continue
            new, rep = merged
            rest = [_replace_cols(c, rep) for c in conds if not any(c is x for x in links)]
            source = _flat_source([new if x is d2 else x for x in leaves if x is not d1])
            return dataclasses.replace(
                q, source=source, where=_and(rest), items=_replace_cols(q.items, rep),
                group_by=_replace_cols(q.group_by, rep), having=_replace_cols(q.having, rep),
                order=_replace_cols(q.order, rep))
    return q


def _grouping(x) -> bool:
    s = x.query if isinstance(x, ir.Derived) else None
    return (isinstance(s, ir.Select) and s.aggregate and bool(s.group_by) and s.having is None
            and not s.distinct and s.limit is None and not s.offset and s.bare_from is None
            and len(s.items) == len(x.names) and len(set(x.names)) == len(x.names))


def _key_names(d) -> dict | None:
    """Each GROUP BY key of ``d``'s query (by ``_key``) to the name of the column reading
    it, when every key is a column of a declared affinity that is an item."""
    out = {}
    for g in d.query.group_by:
        if not (isinstance(g, ir.Col) and g.affinity in _KEY_AFFINITIES and g in d.query.items):
            return None
        out[_key(g)] = d.names[d.query.items.index(g)]
    return out


def _links(d1, d2, conds: list):
    """(the conjuncts ``d1.k IS d2.k`` joining the two on every key, the pairs of names
    they join; the canonical forms decide whether those are the same keys), else None."""
    k1, k2 = _key_names(d1), _key_names(d2)
    if k1 is None or k2 is None or len(k1) != len(k2):
        return None
    others = [c for c in conds if {d1.alias, d2.alias} & _aliases_in(c)]
    pairs = set()
    for c in others:
        if not (isinstance(c, ir.Cmp) and c.op == CmpOp.IS and not c.conv
                and isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)):
            return None  # d1 or d2 read elsewhere in WHERE
        a, b = (c.left, c.right) if c.left.alias == d1.alias else (c.right, c.left)
        if a.alias != d1.alias or b.alias != d2.alias:
            return None
        pairs.add((a.name, b.name))
    if (len(pairs) != len(others) or len(pairs) != len(k1) or {a for a, _ in pairs} != set(k1.values())
            or {b for _, b in pairs} != set(k2.values())):
        return None
    return others, pairs


def _merged(d1, d2, f1, f2, pairs):
    """(the one grouping, read back as a lowered query, as a derived table in ``d2``'s place;
    the columns of ``d1`` and ``d2`` to its columns), or None."""
    if not (isinstance(f1, ir.Select) and isinstance(f2, ir.Select)):
        return None
    same = ("source", "where", "group_by", "having", "order", "limit", "offset", "distinct", "aggregate")
    if any(getattr(f1, n) != getattr(f2, n) for n in same) or any(
            f1.items[d1.names.index(a)] != f2.items[d2.names.index(b)] for a, b in pairs):
        return None
    names = list(d2.names)
    items = list(f2.items)
    rep = {}
    for name, i1, item in zip(d1.names, d1.query.items, f1.items, strict=True):
        if i1 in d1.query.group_by:  # a key: the other's column of the same canonical key
            if item not in f2.items:
                return None
            rep[(d1.alias, name)] = ir.Col(d2.alias, d2.names[f2.items.index(item)], i1.ty, i1.affinity)
            continue
        out = f"{name}_{d1.alias}"
        while out in names:
            out += "_"
        names.append(out)
        items.append(item)
        rep[(d1.alias, name)] = ir.Col(d2.alias, out, item.ty,
                                       item.affinity if isinstance(item, ir.Col) else None)
    try:
        query = raw(dataclasses.replace(f2, items=tuple(items), names=()))
    except ValueError:
        return None
    return ir.Derived(query, d2.alias, tuple(names)), rep


def raw(x):
    """A canonical query read back as a lowered one: each ``Flat`` source a join tree, its
    equality classes WHERE conjuncts. ValueError on a form it cannot read back (``Nothing``,
    a class with a derived table's column)."""
    if isinstance(x, tuple):
        return tuple(raw(y) for y in x)
    if isinstance(x, Flat) or type(x).__name__ == "Nothing":
        raise ValueError("not a lowered form")
    names = field_names(x)
    if names is None:
        return x
    flat = x.source if isinstance(x, ir.Select) and isinstance(x.source, Flat) else None
    changes = {n: raw(getattr(x, n)) for n in names if not (flat is not None and n == "source")}
    y = dataclasses.replace(x, **changes)
    if flat is None:
        return y
    leaves = [raw(leaf) for leaf in flat.leaves]
    return dataclasses.replace(y, source=_flat_source(leaves),
                               where=_and(_class_conjuncts(flat, leaves) + _conjuncts(y.where)))


def _class_conjuncts(flat: Flat, leaves: list) -> list:
    cols = {}
    for leaf in leaves:
        if isinstance(leaf, ir.Scan):
            for name, ty, aff in leaf.columns:
                cols[(leaf.alias, name)] = ir.Col(leaf.alias, name, ty, aff)
    out = []
    for members in flat.classes:
        if any(m not in cols for m in members):
            raise ValueError("an equality class of a derived table's column")
        first = cols[members[0]]
        out += [ir.Cmp(CmpOp.EQ, first, cols[m], Ty.BOOL) for m in members[1:]]
    return out


_EMPTY_NULL = (AggFn.SUM, AggFn.MIN, AggFn.MAX, AggFn.AVG)  # NULL over no value


def padded_grouping(q: ir.Select, canon) -> ir.Select:
    """``SELECT .. FROM (SELECT DISTINCT k FROM R WHERE p) AS d1 LEFT JOIN (SELECT k, AGG(x)
    FROM R WHERE p AND c GROUP BY k) AS d2 ON d1.k IS d2.k`` is ``SELECT .. FROM (SELECT k,
    AGG(CASE WHEN c THEN x END) FROM R WHERE p GROUP BY k) AS d1`` for AGG SUM, MIN, MAX or
    AVG (NULL over no value, as the padded row reads): a key whose rows never meet ``c``
    reads NULL either way (Calcite's AggregateCaseToFilterRule: an aggregate of a CASE is
    the aggregate with a filter, here as a grouping joined back on every key). The outer
    query must not read ``d2``'s keys, which the padding makes NULL."""
    src = q.source
    if not (isinstance(src, ir.Join) and src.kind == JoinKind.LEFT and q.bare_from is None
            and isinstance(src.left, ir.Derived) and isinstance(src.right, ir.Derived)):
        return q
    d1, d2 = src.left, src.right
    if not (_grouping(d2) and isinstance(d1.query, ir.Select)):
        return q
    k2 = _key_names(d2)
    f1, f2 = canon.query(d1.query, {}, 1, False), canon.query(d2.query, {}, 1, False)
    pairs = _is_pairs(src.on, d1, d2)
    extra = _filter_of(f1, f2)
    if k2 is None or pairs is None or extra is None or {a for a, _ in pairs} != set(d1.names) \
            or {b for _, b in pairs} != set(k2.values()) or len(pairs) != len(d1.names) or any(
                f1.items[d1.names.index(a)] != f2.items[d2.names.index(b)] for a, b in pairs):
        return q
    outside = (q.items, q.where, q.group_by, q.having, q.order)
    if any(a == d2.alias and n in k2.values() for a, n in _cols(outside)):
        return q
    names, items, rep = list(d1.names), list(f1.items), {}
    for name, item in zip(d2.names, f2.items, strict=True):
        if name in k2.values():
            continue
        if not (isinstance(item, ir.Agg) and item.fn in _EMPTY_NULL and not item.distinct):
            return q
        case = ir.Case(((_and(extra), item.arg),), ir.Lit(None, Ty.NULL), item.arg.ty)
        out = f"{name}_{d2.alias}"
        while out in names:
            out += "_"
        names.append(out)
        items.append(dataclasses.replace(item, arg=case))
        rep[(d2.alias, name)] = ir.Col(d1.alias, out, item.ty, None)
    try:
        query = raw(dataclasses.replace(f1, items=tuple(items), distinct=False, aggregate=True,
                                        group_by=f2.group_by, names=()))
    except ValueError:
        return q
    return dataclasses.replace(
        q, source=ir.Derived(query, d1.alias, tuple(names)), where=_replace_cols(q.where, rep),
        items=_replace_cols(q.items, rep), group_by=_replace_cols(q.group_by, rep),
        having=_replace_cols(q.having, rep), order=_replace_cols(q.order, rep))


def _is_pairs(on, d1, d2) -> set | None:
    """The names ``(a, b)`` of the conjuncts ``d1.a IS d2.b`` that make up ``on``, else None."""
    pairs = set()
    for c in _conjuncts(on):
        if not (isinstance(c, ir.Cmp) and c.op == CmpOp.IS and not c.conv
                and isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)):
            return None
        a, b = (c.left, c.right) if c.left.alias == d1.alias else (c.right, c.left)
        if a.alias != d1.alias or b.alias != d2.alias:
            return None
        pairs.add((a.name, b.name))
    return pairs or None


def _filter_of(f1, f2) -> list | None:
    """The conjuncts ``c`` when ``f1`` is ``SELECT DISTINCT k FROM R WHERE p`` (columns of a
    declared affinity) and ``f2`` groups ``R WHERE p AND c`` by those ``k``; else None."""
    if not (isinstance(f1, ir.Select) and isinstance(f2, ir.Select) and f1.distinct
            and not f1.aggregate and not f1.group_by and f1.having is None and not f1.order
            and f1.limit is None and not f1.offset and f1.bare_from is None
            and f2.source == f1.source and f2.having is None and not f2.distinct
            and f2.limit is None and not f2.offset
            and all(isinstance(k, ir.Col) and k.affinity in _KEY_AFFINITIES for k in f1.items)
            and sorted(map(_key, f1.items)) == sorted(map(_key, f2.group_by))):
        return None
    return extra_conjuncts(f1.where, f2.where) or None


def _cols(x) -> set:
    """(alias, name) of every column ``x`` reads, inside subqueries too."""
    out = set()
    stack = [x]
    while stack:
        y = stack.pop()
        if isinstance(y, tuple | list):
            stack.extend(y)
        elif isinstance(y, ir.Col):
            out.add((y.alias, y.name))
        elif (names := field_names(y)) is not None:
            stack.extend(getattr(y, n) for n in names)
    return out
