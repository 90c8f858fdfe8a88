"""DISTINCT through a join to a parent on its key (functional dependencies, round 59):
``distinct_through_key_join``.

``SELECT DISTINCT c.fk, c.y, p.a FROM C c JOIN P p ON p.k = c.fk WHERE w`` ("planted area
per farm per season": the fields of each season, with their farm and area) is ``SELECT d.fk,
d.y, p.a FROM (SELECT DISTINCT c.fk, c.y FROM C c WHERE w) d JOIN P p ON p.k = d.fk``, the
spelling that deduplicates the child before fetching the parent. The law, with ``R`` any
inner or cross join of sources (``C`` above) and ``P`` a table: ``SELECT DISTINCT e.. FROM
R, P WHERE p.k1 = x1 .. AND wr AND wp`` is ``SELECT e'.. FROM (SELECT DISTINCT X FROM R
WHERE wr) d JOIN P ON p.k1 = d.x1 .. WHERE wp``, where

- ``k1..`` is ``P``'s whole primary key, no collation anywhere in the select. A key column
  may hold NULL (SQLite allows it outside INTEGER PRIMARY KEY): ``p.k = x`` is never TRUE
  on such a row, so it joins nothing on either side, and the key's non-NULL tuples are
  unique;
- each ``x`` is a column of ``R`` of the key column's affinity, compared without
  conversion, one conjunct per key column: a row of ``R`` meets at most one row of ``P``
  (the key's index compares as ``=`` does), and rows equal on ``x`` under DISTINCT's
  comparison meet the same one;
- each item is a plain column of ``R`` or an expression of ``P``'s columns only, without
  function, window, aggregate or subquery (a value of the matched ``P`` row); for each key
  column, ``x`` or ``p.k`` is an item (without it, ``SELECT DISTINCT c.y, p.a`` lists one
  row for two parents of one ``a``); some item reads a column of ``P`` (or of a lookup of
  it) that is not its key, or (not in a view) a conjunct ``wp`` filters ``P``: a parent
  that only shows its key is the semijoin laws' (``semijoins``, parent elimination), and a
  DISTINCT view of keys joined above is read as an ``IN`` by them, which this would pre-empt;
- ``X`` is the items' columns of ``R`` and the ``x`` columns; ``wr`` the conjuncts reading
  ``R`` only, ``wp`` those reading ``P`` only; no other conjunct, no column of an outer
  query, no subquery;
- the select has no aggregate, HAVING, window, ORDER BY, LIMIT or OFFSET (it is replaced
  as a whole, so what reads it above sees the same rows). A GROUP BY of columns without
  aggregate counts as its DISTINCT when its keys of ``R`` are the items of ``R`` and its
  other keys columns of ``P`` (determined), with ``x`` or ``p.k`` among the keys: Postgres's
  ``GROUP BY f.field_id, p.season`` reading ``f.area``.
- ``P`` may bring the tables joined on their whole primary key to its columns (the farm of
  the field): one row of them at most per row of ``P``, read as a part of it.

Why it holds in SQLite: a row of the right side is a distinct ``X`` tuple with its one
``P`` row, and two such rows differ in ``X`` (so in the items: an ``x`` or ``p.k`` equal
to it shows the difference); a row of the left side is, for each distinct ``X`` tuple that
meets a ``P`` row, the items of that row, listed once. Near misses in the fixture: a key
column not joined, a keyless parent, an item computed from ``R``, the key not shown, a
LEFT JOIN, a window counting the rows, an aggregate over the join without DISTINCT, a
LIMIT under the join, a GROUP BY of a child column not shown.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Conv, JoinKind
from .terms import _aliases_list, _and, _conjuncts, _has_sub, _leaves, _on_conjuncts, _windowless
from .windows import _collated

_OPAQUE = (ir.Func, ir.Opaque, ir.Window, ir.Agg, ir.InSub, ir.Exists, ir.ScalarSub)


def _plain_distinct(q) -> bool:
    return (isinstance(q, ir.Select) and q.distinct and not q.aggregate and not q.group_by
            and q.having is None and q.bare_from is None and not q.order and q.limit is None
            and not q.offset and _windowless(q))


def _key_links(p: ir.Scan, conds: list, rest: set, schema) -> dict | None:
    """Key column of ``P`` -> (its conjunct, the column ``x`` of ``R``), every column of
    ``P``'s primary key once, else None."""
    key = [c.lower() for c in schema.table(p.table).primary_key]
    if not key:
        return None
    links: dict = {}
    for c in conds:
        if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.conv == Conv.NONE):
            continue
        for a, b in ((c.left, c.right), (c.right, c.left)):
            if (isinstance(a, ir.Col) and a.alias == p.alias and a.name in key
                    and isinstance(b, ir.Col) and b.alias in rest and a.affinity == b.affinity):
                if a.name in links:
                    return None
                links[a.name] = (c, b)
    return links if set(links) == set(key) else None


def _position(rest: list, c: ir.Col) -> tuple:
    """Where ``c`` is declared: its source's place in ``R``, then its column's (the order
    of the child written alone, ``SELECT DISTINCT field_id, season FROM planting``)."""
    i = next(n for n, x in enumerate(rest) if x.alias == c.alias)
    x = rest[i]
    names = [n for n, *_ in x.columns] if isinstance(x, ir.Scan) else list(getattr(x, "names", ()))
    return (i, names.index(c.name) if c.name in names else len(names), c.name)


def _parent_item(e, group: set) -> bool:
    return (set(_aliases_list(e)) <= group
            and not any(isinstance(y, _OPAQUE) for y in ir.local_nodes(e)))


def _shows_more_than_keys(e, group: list, schema) -> bool:
    """Does ``e`` read a column of ``P`` or a lookup of it that is not its primary key?"""
    keys = {(x.alias, c.lower()) for x in group for c in schema.table(x.table).primary_key}
    return any(isinstance(y, ir.Col) and (y.alias, y.name) not in keys for y in ir.local_nodes(e))


def _lookups(p: ir.Scan, leaves: list, conds: list, schema) -> list:
    """``P`` and the tables joined on their whole primary key to columns of ``P`` or of
    such a table (the farm of the field): one row of them, at most, per row of ``P``."""
    group = [p]
    grown = True
    while grown:
        grown = False
        for t in leaves:
            if t in group or not isinstance(t, ir.Scan):
                continue
            inside = {x.alias for x in group} | {t.alias}
            if any(t.alias in (read := set(_aliases_list(c))) and not read <= inside for c in conds):
                continue
            if _key_links(t, conds, {x.alias for x in group}, schema) is not None:
                group.append(t)
                grown = True
    return group


def _pulled(q: ir.Select, leaves: list, p: ir.Scan, conds: list, schema, taken: set, keys,
            view: bool):
    """``q`` with ``P`` (and its lookups) joined above the DISTINCT of the rest (the law),
    else None."""
    group = _lookups(p, [x for x in leaves if x is not p], conds, schema)
    rest = [x for x in leaves if x not in group]
    names, above = {x.alias for x in rest}, {x.alias for x in group}
    links = _key_links(p, conds, names, schema) if rest else None
    if links is None:
        return None
    joins = {id(c) for c, _ in links.values()}
    wr, wp = [], []
    for c in conds:
        if id(c) in joins:
            continue
        read = set(_aliases_list(c))
        if read <= names:
            wr.append(c)
        elif read <= above:
            wp.append(c)
        else:
            return None
    own = [i for i in q.items if isinstance(i, ir.Col) and i.alias in names]
    if not all(i in own or _parent_item(i, above) for i in q.items):
        return None
    if (view or not wp) and not any(_shows_more_than_keys(i, group, schema) for i in q.items
                                    if i not in own):
        return None  # (P only shows its key: the semijoin laws' case)
    if keys is not None and ({g for g in keys if g.alias in names} != set(own)
                             or not all(g.alias in names | above for g in keys)):
        return None  # (GROUP BY: the child's keys are the items, the parent's determined)
    for k, (_, x) in links.items():
        if x not in own and not any(i.alias == p.alias and i.name == k for i in
                                    (q.items if keys is None else keys) if isinstance(i, ir.Col)):
            return None
    cols = sorted(set(own) | {x for _, x in links.values()}, key=lambda c: _position(rest, c))
    alias = "d"
    while alias in taken:
        alias += "_"
    fresh = {(c.alias, c.name): dataclasses.replace(c, alias=alias, name=f"c{n}")
             for n, c in enumerate(cols)}
    source = rest[0]
    for x in rest[1:]:
        source = ir.Join(JoinKind.CROSS, source, x, None)
    inner = ir.Select(source, _and(wr), (), None, tuple(cols), True, (), None, 0, False,
                      tuple(f"c{n}" for n in range(len(cols))))
    on = _and([dataclasses.replace(c, left=fresh.get((c.left.alias, c.left.name), c.left),
                                   right=fresh.get((c.right.alias, c.right.name), c.right))
               for c, _ in links.values()])
    items = tuple(fresh[(i.alias, i.name)] if i in own else i for i in q.items)
    join = ir.Join(JoinKind.INNER, ir.Derived(inner, alias, inner.names), p, on)
    for t in group[1:]:
        join = ir.Join(JoinKind.CROSS, join, t, None)
    return dataclasses.replace(q, source=join, where=_and(wp), items=items, distinct=False)


def _grouped(q):
    """A GROUP BY of columns without aggregate as (its DISTINCT, the keys), else None."""
    if (isinstance(q, ir.Select) and q.aggregate and q.group_by and not q.distinct
            and q.having is None and all(isinstance(g, ir.Col) for g in q.group_by)
            and not any(isinstance(y, ir.Agg) for i in q.items for y in ir.local_nodes(i))):
        d = dataclasses.replace(q, distinct=True, aggregate=False, group_by=())
        return (d, q.group_by) if _plain_distinct(d) else None
    return None


def _pull(q, schema, view: bool = False):
    """``q`` with a key-joined parent pulled above its DISTINCT, else ``q``."""
    original, found, keys = q, _grouped(q), None
    if found is not None:
        q, keys = found
    elif not _plain_distinct(q):
        return q
    leaves = _leaves(q.source)
    if not leaves or len(leaves) < 2 or _collated(q.source, schema):
        return original
    aliases = [x.alias for x in leaves]
    conds = _on_conjuncts(q.source) + _conjuncts(q.where)
    if (len(set(aliases)) != len(aliases) or any(_has_sub(c) for c in conds)
            or not set(_aliases_list((q.items, tuple(conds)))) <= set(aliases)):
        return original
    taken = set(_aliases_list(q)) | set(aliases)
    for p in sorted((x for x in leaves if isinstance(x, ir.Scan)), key=lambda x: x.table):
        new = _pulled(q, leaves, p, conds, schema, taken, keys, view)
        if new is not None:
            return new
    return original


def _views(src, schema):
    """``src`` with the law applied to each DISTINCT view among its inner-joined sources."""
    if isinstance(src, ir.Join) and src.kind in (JoinKind.INNER, JoinKind.CROSS):
        left, right = _views(src.left, schema), _views(src.right, schema)
        return src if left is src.left and right is src.right else dataclasses.replace(src, left=left, right=right)
    if isinstance(src, ir.Derived) and (new := _pull(src.query, schema, True)) is not src.query:
        return dataclasses.replace(src, query=new)
    return src


def distinct_through_key_join(q, schema):
    """``q`` with the module's law applied to it or to a DISTINCT view it joins (so that the
    view, no longer DISTINCT, merges into ``q``), else ``q``."""
    if not isinstance(q, ir.Select) or schema is None:
        return q
    new = _pull(q, schema)
    if new is q and (src := _views(q.source, schema)) is not q.source:
        new = dataclasses.replace(q, source=src)
    return new


KEY_JOIN_DISTINCT_RULE = (
    "distinct_through_key_join", "SELECT DISTINCT over R joined to P on its whole primary "
    "key (x = p.k, no conversion, x or p.k shown), items columns of R or values of P's row, "
    "conjuncts on R or on P only, is the DISTINCT of R's columns joined to P",
    ("select",), lambda canon, q, ctx: distinct_through_key_join(q, canon.schema), True)
