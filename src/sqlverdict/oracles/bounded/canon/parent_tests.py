"""A test on a foreign key's one parent inside a CASE condition as the join with that parent
(T, i62h): ``parent_test_in_case``.

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
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.walk import defined_aliases
from .one_parent import _entry, _in_link, _link
from .terms import _and, _conjuncts, _has_sub, _map_children, _replace_cols, _windowless


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


PARENT_TEST_RULE = _entry(
    "parent_test_in_case", "a CASE WHEN EXISTS (SELECT .. FROM P p WHERE p.k = c.f AND q), c.f NOT "
    "NULL with a foreign key onto the unique key P.k, is CASE WHEN q over the join with P on "
    "p.k = c.f: exactly one parent per row", parent_test_in_case)
