"""Columns of a derived table that nothing reads go (issue 25): ``unread_derived_columns``.

Projection pruning (Calcite's ProjectRemove / column pruning through a derived table): a
select that is neither DISTINCT nor a compound yields one row per row (or group) of its
FROM whatever its items, so an item the outer query never reads changes nothing.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from .terms import Flat


def unread_derived_columns(q: ir.Select) -> ir.Select:
    """``q`` with each derived table of its FROM (a select without DISTINCT and without the
    bare-column rule, whose items' values no other item picks) cut to the columns ``q``
    reads anywhere (its items, conditions, ORDER BY, subqueries), at least one kept. Not
    under GROUP BY (the grouped views' rules, ``rolled_up_keys``, read those whole)."""
    if q.group_by:
        return q
    read = {(n.alias, n.name) for n in ir.nodes(q) if isinstance(n, ir.Col)}
    source = _map_leaves(q.source, lambda d: _cut(d, read))
    return q if source is q.source else dataclasses.replace(q, source=source)


def _map_leaves(src, f):
    if isinstance(src, ir.Join):
        left, right = _map_leaves(src.left, f), _map_leaves(src.right, f)
        if left is src.left and right is src.right:
            return src
        return dataclasses.replace(src, left=left, right=right)
    if isinstance(src, Flat):
        leaves = tuple(_map_leaves(x, f) for x in src.leaves)
        same = all(a is b for a, b in zip(leaves, src.leaves, strict=True))
        return src if same else dataclasses.replace(src, leaves=leaves)
    return f(src) if isinstance(src, ir.Derived) else src


def _cut(d: ir.Derived, read: set):
    v = d.query
    if not (isinstance(v, ir.Select) and not v.distinct and v.bare_from is None
            and len(set(d.names)) == len(d.names) == len(v.items) > 1):
        return d
    keep = [i for i, n in enumerate(d.names) if (d.alias, n) in read] or [0]
    if len(keep) == len(d.names):
        return d
    items = tuple(v.items[i] for i in keep)
    names = tuple(v.names[i] for i in keep) if len(v.names) == len(v.items) else v.names
    query = dataclasses.replace(v, items=items, names=names)
    return dataclasses.replace(d, query=query, names=tuple(d.names[i] for i in keep))


def group_key_of_keys(keys) -> tuple:
    """GROUP BY keys without an expression (no aggregate or window) that reads no column of
    the row but other keys that are plain columns (a scalar subquery correlated on them, a
    function of them): equal on those keys, it is equal on the group, so it splits none."""
    keys = tuple(keys)
    plain = {(k.alias, k.name) for k in keys if isinstance(k, ir.Col)}
    kept = tuple(k for k in keys if isinstance(k, ir.Col) or not _of_keys(k, plain))
    return kept if kept and len(kept) < len(keys) else keys


def _of_keys(e, plain: set) -> bool:
    if any(isinstance(n, (ir.Agg, ir.Window)) for n in ir.local_nodes(e)):
        return False  # (a subquery's own aggregates are values of the key)
    found = list(ir.nodes(e))
    own = {n.alias for n in found if isinstance(n, (ir.Scan, ir.Derived))}
    free = {(n.alias, n.name) for n in found if isinstance(n, ir.Col) and n.alias not in own}
    return bool(free) and free <= plain
