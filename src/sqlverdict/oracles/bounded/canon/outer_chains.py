"""Outer joins on a unique key whose match is known (issue 25, i40c): ``outer_chain_through_key``
and ``semijoined_lookup``.

``X LEFT JOIN B ON B.k = x.f LEFT JOIN C ON c(B.k, C)`` is ``X LEFT JOIN C ON c(x.f, C)`` when
``x.f -> B.k`` is a declared foreign key (one storage class: ``ir.exact_foreign_keys``), ``k``
alone a never-NULL unique key of ``B`` of binary collation, ``x.f`` of ``B.k``'s type and
affinity, and the query reads ``B`` nowhere but ``B.k`` (no other column, no subquery reads
it). For each row of ``X`` the middle join finds at most one row of ``B`` (``k`` unique), so
it multiplies nothing, and ``B.k`` reads the value of ``x.f`` where that row exists, NULL
where it does not; on a database that keeps the foreign key, a row is missing only where
``x.f`` is NULL, so ``B.k`` reads ``x.f`` on every row (the same value: one storage class,
binary equality). So every reference to ``B.k`` reads ``x.f`` instead and ``B`` goes. A
textbook's "employees and the projects of their department" written through the department
table or straight through the key. Not for an inner middle join (that one filters out the
rows whose ``x.f`` is NULL) nor a ``B.k`` that the ON compares under a collation.

``semijoined_lookup``: ``X LEFT JOIN P ON P.k = x.f .. WHERE x.f IN (SELECT P2.k FROM P P2 WHERE
w(P2))`` (the LEFT JOIN on the left spine of the FROM, the IN a WHERE conjunct) is ``X JOIN P ON
P.k = x.f .. WHERE w(P)``, ``k`` alone a never-NULL unique key of ``P`` of binary collation,
``x.f`` of its type and affinity (the IN compares as the ON does), ``w`` deterministic over
``P2`` alone: a row the IN keeps has a row of ``P`` with ``k = x.f`` for which ``w`` holds, the
only one (``k`` unique), which the LEFT JOIN found; a row the IN drops (no such row, or ``x.f``
NULL) the inner join with ``w`` drops too. No foreign key needed. The form a scalar sub-query
lookup (``lookup_as_left_join``) next to an IN filter on the same key takes, against the join.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, JoinKind
from .terms import _and, _conjuncts, _deep, _leaves, _tree_aliases, _unique_keys
from .top_one import _PURE


def _scan_of(src, alias):
    """The scan named ``alias`` in the join tree ``src``, else None."""
    if isinstance(src, ir.Join):
        return _scan_of(src.left, alias) or _scan_of(src.right, alias)
    return src if isinstance(src, ir.Scan) and src.alias == alias else None


def _unique_on(j, schema):
    """(``B.k``, ``x.f``, B's table, x's table) of ``j = X LEFT JOIN B ON B.k = x.f``, ``k``
    alone a never-NULL unique key of binary collation, ``x.f`` of its type and affinity, not
    collated; else None."""
    b, on = j.right, j.on
    if not (isinstance(j, ir.Join) and j.kind == JoinKind.LEFT and isinstance(b, ir.Scan)
            and isinstance(on, ir.Cmp) and on.op == CmpOp.EQ and not on.conv
            and isinstance(on.left, ir.Col) and isinstance(on.right, ir.Col)):
        return None
    k, x = (on.left, on.right) if on.left.alias == b.alias else (on.right, on.left)
    child = _scan_of(j.left, x.alias)
    if k.alias != b.alias or child is None or (k.ty, k.affinity) != (x.ty, x.affinity):
        return None
    parent, table = schema.table(b.table), schema.table(child.table)
    name = k.name.lower()
    if not (parent.never_null(name) and [name] in _unique_keys(parent)
            and name not in {c.lower() for c in parent.collated}
            and x.name.lower() not in {c.lower() for c in table.collated}):
        return None
    return k, x, parent, table


def _link(j, schema):
    """(``B.k``, ``x.f``) of ``j = X LEFT JOIN B ON B.k = x.f`` under the module's
    conditions on keys (not yet on what reads ``B``); else None."""
    found = _unique_on(j, schema)
    if found is None:
        return None
    k, x, _, table = found
    name = k.name.lower()
    for fk, ref in ir.exact_foreign_keys(schema, table):
        if (ref.name.lower() == j.right.table.lower() and [c.lower() for c in fk.columns] == [x.name.lower()]
                and [c.lower() for c in fk.ref_columns] == [name]):
            return k, x
    return None


def _without(src, j, replacement):
    """The join tree ``src`` with its node ``j`` replaced."""
    if src is j:
        return replacement
    if isinstance(src, ir.Join):
        return dataclasses.replace(src, left=_without(src.left, j, replacement),
                                   right=_without(src.right, j, replacement))
    return src


def _joins(src):
    if isinstance(src, ir.Join):
        yield src
        yield from _joins(src.left)
        yield from _joins(src.right)


def outer_chain_through_key(q, schema):
    """See the module docstring."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Join) and _leaves(q.source) is None):
        return q
    for j in _joins(q.source):
        link = _link(j, schema) if isinstance(j.right, ir.Scan) else None
        if link is None:
            continue
        k, x = link
        rest = _without(q.source, j, j.left)
        if j.right.alias in _tree_aliases(rest):
            continue
        reads = [y for y in ir.nodes((rest, q.where, q.group_by, q.having, q.items, q.order,
                                      q.bare_from)) if isinstance(y, ir.Col) and y.alias == j.right.alias]
        if not reads or any(y != k for y in reads):
            continue  # (B read nowhere: simplify_outer_joins drops it)
        return _deep(dataclasses.replace(q, source=rest), lambda y, k=k, x=x: x if y == k else y)
    return q


def _spine(src):
    """The joins of the left spine of ``src``, top first."""
    while isinstance(src, ir.Join):
        yield src
        src = src.left


def _semijoin_on(c, k, x, b_table):
    """``w`` renamed to read ``k``'s alias, when ``c`` is ``x IN (SELECT P2.k FROM P P2 WHERE w)``
    with ``w`` deterministic over ``P2`` alone; else None."""
    s = c.query if isinstance(c, ir.InSub) else None
    if not (isinstance(s, ir.Select) and c.arg == x and not c.conv and not c.convs
            and isinstance(s.source, ir.Scan) and s.source.table == b_table and not s.aggregate
            and not s.group_by and s.having is None and s.limit is None and not s.offset
            and s.bare_from is None and len(s.items) == 1
            and s.items[0] == dataclasses.replace(k, alias=s.source.alias)):
        return None
    inner = s.source.alias
    if not all(isinstance(y, _PURE) and not (isinstance(y, ir.Col) and y.alias != inner)
               for y in ir.local_nodes(s.where)):
        return None
    return _deep(s.where, lambda y: dataclasses.replace(y, alias=k.alias)
                 if isinstance(y, ir.Col) and y.alias == inner else y)


def semijoined_lookup(q, schema):
    """See the module docstring."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Join)):
        return q
    conj = _conjuncts(q.where)
    for j in _spine(q.source):
        found = _unique_on(j, schema) if isinstance(j.right, ir.Scan) else None
        if found is None:
            continue
        k, x = found[0], found[1]
        for i, c in enumerate(conj):
            w = _semijoin_on(c, k, x, j.right.table)
            if w is None:
                continue
            inner = dataclasses.replace(j, kind=JoinKind.INNER)
            where = _and(conj[:i] + conj[i + 1:] + _conjuncts(w))
            return dataclasses.replace(q, source=_without(q.source, j, inner), where=where)
    return q


# ---- the registry's entries (``rules.RULES`` adds each as ``Rule(*entry)``)

OUTER_CHAIN_RULES = (
    ("outer_chain_through_key", "X LEFT JOIN B ON B.k = x.f .. with x.f -> B.k a foreign key (one "
     "storage class, binary collation), k alone a never-NULL unique key and B read nowhere but "
     "as B.k, is X .. with x.f for B.k: one row of B or none, and none only where x.f is NULL",
     ("unordered",), lambda canon, q, ctx: outer_chain_through_key(q, canon.schema), True),
    ("semijoined_lookup", "X LEFT JOIN P ON P.k = x.f .. WHERE x.f IN (SELECT k FROM P WHERE w), "
     "k alone a never-NULL unique key of binary collation, the IN comparing as the ON, w "
     "deterministic over P alone, is X JOIN P ON P.k = x.f .. WHERE w(P)", ("unordered",),
     lambda canon, q, ctx: semijoined_lookup(q, canon.schema), True),
)
