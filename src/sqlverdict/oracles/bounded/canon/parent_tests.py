"""A test on a foreign key's one parent inside a CASE condition, and a scalar lookup of its
columns, as the join with that parent (T and G, i62h): ``parent_test_in_case``,
``parent_lookup_as_join``.

An inner-joined select over a scan ``c`` whose columns ``f`` are declared NOT NULL and carry
a declared foreign key ``c.f -> P.k`` onto a unique key of ``P`` (one storage class:
``ir.exact_foreign_keys``; the link conjuncts ``one_parent._link``), with a conjunct of a
CASE's WHEN condition ``EXISTS (SELECT .. FROM P p WHERE p.k = c.f AND q)`` (or ``c.f IN
(SELECT p.k FROM P p WHERE q)``, ``p.k`` never NULL), is the select joined with ``P p'`` on
``p'.k = c.f``, the conjunct ``q(p')``. On every database that satisfies the foreign key each
row of ``c`` has exactly one parent (``f`` never NULL, the key kept, unique, ``=`` never
matching NULL): the join neither drops nor repeats a row, and the EXISTS is TRUE exactly
where ``q`` of that one parent is TRUE. ``q`` may be NULL where the EXISTS is FALSE: a WHEN
condition, and AND within it, read only whether it is TRUE, so the CASE takes the same
branch (not under NOT, OR, or as a value).

Conditions: the subquery one plain scan of ``P`` (no aggregate, grouping, LIMIT/OFFSET,
window, bare-column rule) and ``q`` present and without subqueries; the select plain (no
DISTINCT, window, LIMIT/OFFSET, bare-column rule); in a grouped or aggregate select only
inside an aggregate's argument (a bare column elsewhere reads one row of the group); no table
with a declared collation; only where the select's row order is not read (the driver's
``sources`` site).

``parent_lookup_as_join``: an item ``(SELECT e(p) FROM P p WHERE p.k = c.f)``, ``c.f`` a
one-column foreign key onto the unique key ``P.k`` (one storage class), never NULL where the
select's WHERE holds (declared NOT NULL, or a conjunct ``c.f IS NOT NULL``), ``e`` reading
``p`` only, is ``e(p')`` over the join with ``P p'`` on ``p'.k = c.f``: the subquery finds
that one parent (TPC-H Q10's client columns fetched after grouping). In a grouped select
``c.f`` must be a group key, and ``e``'s columns join the group keys (one parent per group:
they split no group).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Conv
from ..ir.walk import defined_aliases
from .one_parent import _entry, _in_link, _link
from .terms import (
    _aliases_in,
    _and,
    _conjuncts,
    _has_sub,
    _key,
    _map_children,
    _replace_cols,
    _unique_keys,
    _windowless,
)


def parent_test_in_case(q: ir.Select, leaves: list, conds: list, schema):
    """(q, leaves, conds) with the first CASE condition's test on a foreign key's one parent
    read over the join with that parent (the module's law); leaves None when nothing changed."""
    if not (isinstance(q, ir.Select) and not q.distinct and q.limit is None and not q.offset
            and q.bare_from is None and _windowless(q)):
        return q, None, conds
    if any(isinstance(x, ir.Scan) and schema.table(x.table).collated for x in leaves):
        return q, None, conds
    taken = set(defined_aliases(q))
    alias = next(f"(parent)#{i}" for i in range(len(taken) + 1) if f"(parent)#{i}" not in taken)
    found: list = []

    def test(c):
        """``q(p')`` and the links for conjunct ``c``, else None."""
        if not isinstance(c, (ir.Exists, ir.InSub)) or not isinstance(c.query, ir.Select):
            return None
        s = c.query
        p = s.source
        if not (isinstance(p, ir.Scan) and not s.aggregate and not s.group_by and s.having is None
                and s.limit is None and not s.offset and s.bare_from is None and _windowless(s)
                and not _has_sub(s.where) and not schema.table(p.table).collated):
            return None
        body = _conjuncts(s.where)
        if isinstance(c, ir.InSub):
            eq = _in_link(c, p, schema)
            if eq is None:
                return None
            body = [*body, eq]
        link = _link(body, p, leaves, schema)
        rest = [d for d in body if not any(d is x for x in link)]
        if not link or not rest:
            return None
        rep = {(p.alias, n): ir.Col(alias, n, ty, aff) for n, ty, aff in p.columns}
        found.append((ir.Scan(p.table, alias, p.columns), [_replace_cols(d, rep) for d in link]))
        return _replace_cols(_and(rest), rep)

    def swap(e, open_: bool):
        if found or not isinstance(e, ir.Expr) or isinstance(e, (ir.InSub, ir.Exists, ir.ScalarSub)):
            return e
        if isinstance(e, ir.Agg):
            return _map_children(e, lambda y: swap(y, True))
        if isinstance(e, ir.Case) and open_:
            whens = []
            for cond, val in e.whens:
                parts = _conjuncts(cond)
                for i, d in enumerate(parts):
                    new = None if found else test(d)
                    if new is not None:
                        cond = _and([*parts[:i], new, *parts[i + 1:]])
                        break
                whens.append((cond, val))
            if found:
                return ir.Case(tuple(whens), e.default, e.ty)
        return _map_children(e, lambda y: swap(y, open_))

    bare = not (q.aggregate or q.group_by)
    items = tuple(swap(x, bare) for x in q.items)
    if not found:
        return q, None, conds
    scan, link = found[0]
    return dataclasses.replace(q, items=items), [*leaves, scan], [*conds, *link]


def parent_lookup_as_join(q: ir.Select, leaves: list, conds: list, schema):
    """(q, leaves, conds) with the first item that looks up a foreign key's one parent read
    over the join with it (the module's law); leaves None when nothing changed."""
    if not (isinstance(q, ir.Select) and not q.distinct and q.limit is None and not q.offset
            and q.bare_from is None and _windowless(q)):
        return q, None, conds
    if any(isinstance(x, ir.Scan) and schema.table(x.table).collated for x in leaves):
        return q, None, conds
    keys = {_key(g) for g in q.group_by}
    for i, item in enumerate(q.items):
        if not isinstance(item, ir.ScalarSub):
            continue
        found = _lookup(item.query, leaves, conds, schema)
        if found is None or (q.aggregate and _key(found[1]) not in keys):
            continue
        p, x, k, e = found
        taken = set(defined_aliases(q))
        alias = next(f"(parent)#{j}" for j in range(len(taken) + 1) if f"(parent)#{j}" not in taken)
        rep = {(p.alias, n): ir.Col(alias, n, ty, aff) for n, ty, aff in p.columns}
        value = _replace_cols(e, rep)
        extra = tuple(y for y in ir.nodes(value) if isinstance(y, ir.Col)) if q.aggregate else ()
        out = dataclasses.replace(q, items=(*q.items[:i], value, *q.items[i + 1:]),
                                  group_by=q.group_by + extra)
        return out, [*leaves, ir.Scan(p.table, alias, p.columns)], [*conds, ir.Cmp(CmpOp.EQ, rep[(p.alias, k.name)], x)]
    return q, None, conds


def _lookup(s, leaves: list, conds: list, schema):
    """(P's scan, c.f, p.k, e) for ``s`` = ``SELECT e FROM P p WHERE p.k = c.f`` (the law's
    conditions), else None."""
    p = s.source if isinstance(s, ir.Select) else None
    if not (isinstance(p, ir.Scan) and not s.aggregate and not s.group_by and s.having is None
            and not s.distinct and s.limit is None and not s.offset and s.bare_from is None
            and _windowless(s) and len(s.items) == 1 and not _has_sub(s.items)
            and _aliases_in(s.items) <= {p.alias} and not schema.table(p.table).collated):
        return None
    link = s.where
    if not (isinstance(link, ir.Cmp) and link.op == CmpOp.EQ and link.conv == Conv.NONE):
        return None
    by_alias = {x.alias: x for x in leaves if isinstance(x, ir.Scan)}
    for k, x in ((link.left, link.right), (link.right, link.left)):
        if not (isinstance(k, ir.Col) and k.alias == p.alias and isinstance(x, ir.Col)
                and x.alias in by_alias and x.alias != p.alias and (x.ty, x.affinity) == (k.ty, k.affinity)):
            continue
        t = schema.table(by_alias[x.alias].table)
        for fk, ref in ir.exact_foreign_keys(schema, t):
            if ([c.lower() for c in fk.columns] == [x.name] and ref.name.lower() == p.table
                    and [c.lower() for c in fk.ref_columns] == [k.name]
                    and any(list(key) == [k.name] for key in _unique_keys(schema.table(p.table)))
                    and (t.never_null(x.name) or ir.Not(ir.IsNull(x)) in conds)):
                return p, x, k, s.items[0]
    return None


PARENT_LOOKUP_RULE = _entry(
    "parent_lookup_as_join", "an item (SELECT e(p) FROM P p WHERE p.k = c.f), c.f a foreign key "
    "onto the unique key P.k never NULL where the WHERE holds, is e(p') over the join with P on "
    "p'.k = c.f: exactly one parent per row", parent_lookup_as_join)

PARENT_TEST_RULE = _entry(
    "parent_test_in_case", "a CASE WHEN EXISTS (SELECT .. FROM P p WHERE p.k = c.f AND q), c.f NOT "
    "NULL with a foreign key onto the unique key P.k, is CASE WHEN q over the join with P on "
    "p.k = c.f: exactly one parent per row", parent_test_in_case)
