"""A filter on a grouped subquery's HAVING read as the outer query's HAVING, where the outer
groups hold exactly the subquery's groups (``in_group_as_having``): Calcite's
FilterAggregateTransposeRule and SemiJoinRule over an aggregate, TPC-H Q18."""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import Conv
from .semijoins import derived_key
from .terms import _and, _class_eq, _conjuncts, _has_sub, _unique_keys, _windowless


def in_group_as_having(q: ir.Select, leaves: list, conds: list, schema: Schema):
    """``x IN (SELECT t.k FROM t GROUP BY t.k HAVING h)``, a WHERE conjunct of a query
    grouped by keys that fix one value ``v`` of ``l.k`` (``l`` a scan of ``t`` among the
    inner-joined sources, ``x`` equal to ``l.k``), is ``x IS NOT NULL`` and ``h`` (read on
    ``l``) in HAVING, when each outer group's rows of ``l`` are all the rows of ``t`` with
    ``k = v``, each once:

    - every other source is a table with a unique key equated to values the group fixes
      (``l.k``'s equality class, then the columns of sources so fixed): at most one row of
      each per group, the same for every row of the group;
    - the WHERE reads ``l`` only through ``l.k`` in equalities of columns (``=``, no
      conversion) and ``IS [NOT] NULL``, so every row of ``t`` with ``k = v`` meets that one
      row of each;
    - every GROUP BY key is a constant or a column the group fixes, one of them in ``l.k``'s
      class: the groups are the values of ``l.k`` (numerically equal values, 1 and 1.0, in
      one group, as GROUP BY and ``=`` take them).

    The IN is then the same on every row of a group: ``h`` of the subquery's group of ``v``,
    whose rows are the group's rows of ``l`` (``h`` reads ``t`` only inside aggregates,
    which see the same rows, SUM of reals added in another order: ``exact_reals``); NULL
    when ``v`` is NULL, as ``x IS NOT NULL`` is false. Returns ``(q, leaves, conds)``, the
    same tuple when the rule does not fire. (A semijoin on a grouped derived table reaches
    here as an IN of its key; ``EXISTS (... WHERE t.k = x GROUP BY t.k HAVING h)`` as the
    IN by ``exists_to_in``.)"""
    if not (isinstance(q, ir.Select) and q.aggregate and q.group_by):
        return q, leaves, conds
    local = {x.alias for x in leaves}
    classes = _classes(conds, local)
    for c in conds:
        sub = _grouped_key_subquery(c)
        if sub is None:
            continue
        s, k, h = sub
        for leaf in leaves:
            key = (leaf.alias, k)
            if (isinstance(leaf, ir.Scan) and leaf.table == s.table
                    and (c.arg.alias, c.arg.name) in classes.get(key, {key})
                    and _groups_are_keys(q, leaf, k, leaves, [d for d in conds if d is not c],
                                         classes, schema)):
                rename = {s.alias: leaf.alias}
                having = _conjuncts(q.having) + _conjuncts(_renamed(h, rename))
                kept = [d for d in conds if d is not c] + [ir.Not(ir.IsNull(c.arg))]
                return dataclasses.replace(q, having=_and(having)), leaves, kept
    return q, leaves, conds


def _grouped_key_subquery(c):
    """``(scan of t, k, h)`` when ``c`` is ``col IN (SELECT t.k FROM t GROUP BY t.k HAVING
    h)`` (no WHERE, LIMIT, window or bare column; ``h`` reads ``t`` only inside aggregates,
    no subquery), also written as a derived table of it (a semijoin); None otherwise."""
    if not (isinstance(c, ir.InSub) and isinstance(c.arg, ir.Col) and c.conv == Conv.NONE and not c.convs):
        return None
    sq = c.query
    if (isinstance(sq, ir.Select) and isinstance(sq.source, ir.Derived) and sq.where is None
            and not sq.aggregate and not sq.group_by and sq.limit is None and not sq.offset
            and len(sq.items) == 1 and isinstance(sq.items[0], ir.Col)
            and sq.items[0].alias == sq.source.alias
            and derived_key(sq.source) == sq.items[0].name):
        sq = sq.source.query  # SELECT d.k FROM (SELECT t.k .. GROUP BY t.k ..) d
    if not (isinstance(sq, ir.Select) and isinstance(sq.source, ir.Scan) and sq.where is None
            and len(sq.group_by) == 1 and isinstance(sq.group_by[0], ir.Col) and sq.limit is None and not sq.offset
            and sq.bare_from is None and _windowless(sq)):
        return None
    s, key, h = sq.source, sq.group_by[0], sq.having
    if (key.alias != s.alias or sq.items != (key,) or c.arg.ty != key.ty
            or c.arg.affinity != key.affinity):
        return None
    if h is not None and (_has_sub(h) or any(isinstance(y, ir.Window) for y in ir.local_nodes(h))
                          or _outside_aggregates(h) or _all_cols(h) - {(s.alias, n) for n, *_ in s.columns}):
        return None
    return s, key.name, h


def _groups_are_keys(q, leaf, k, leaves, conds, classes, schema) -> bool:
    """Are the groups of ``q`` the values of ``leaf.k``, each holding every row of the table
    with that value once (``in_group_as_having``'s conditions)?"""
    key = (leaf.alias, k)
    fixed = set(classes.get(key, {key}))
    done = {leaf.alias}
    changed = True
    while changed:
        changed = False
        for x in leaves:
            if x.alias in done or not isinstance(x, ir.Scan):
                continue
            t = schema.table(x.table)
            if any(u and all((x.alias, col) in fixed for col in u) for u in _unique_keys(t)):
                done.add(x.alias)
                for name, *_ in x.columns:
                    fixed |= classes.get((x.alias, name), {(x.alias, name)})
                changed = True
    if done != {x.alias for x in leaves}:
        return False
    local = {x.alias for x in leaves}
    for d in conds:  # the WHERE reads l only as l.k, in equalities of columns, IS NULL
        read = {col for col in _all_cols(d) if col[0] == leaf.alias}
        test = d.arg if isinstance(d, ir.Not) else d
        null_test = isinstance(test, ir.IsNull) and isinstance(test.arg, ir.Col)
        if read and (read != {key} or not (_class_eq(d, local) or null_test)):
            return False
    keyed = False
    for g in q.group_by:
        if isinstance(g, ir.Col) and (g.alias, g.name) in fixed:
            keyed |= (g.alias, g.name) in classes.get(key, {key})
        elif _all_cols(g) or _has_sub(g) or any(isinstance(y, ir.Agg) for y in ir.local_nodes(g)):
            return False
    return keyed


def _classes(conds, local) -> dict:
    """Each column of a ``=`` of two columns (``_class_eq``) with every column equal to it."""
    out: dict = {}
    for c in conds:
        if _class_eq(c, local):
            a, b = (c.left.alias, c.left.name), (c.right.alias, c.right.name)
            merged = out.get(a, {a}) | out.get(b, {b})
            for m in merged:
                out[m] = merged
    return out


def _outside_aggregates(e) -> bool:
    """Does ``e`` read a column outside an aggregate (a bare column in HAVING)?"""
    stack = [e]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Col):
            return True
        if isinstance(y, ir.Agg):
            continue
        if isinstance(y, tuple):
            stack += list(y)
        elif isinstance(y, ir.Expr):
            stack += [getattr(y, f.name) for f in dataclasses.fields(y)]
    return False


def _all_cols(x) -> set:
    """``(alias, column)`` of every column ``x`` reads, inside subqueries too."""
    out, stack = set(), [x]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Col):
            out.add((y.alias, y.name))
        elif isinstance(y, tuple | list):
            stack += list(y)
        elif dataclasses.is_dataclass(y) and not isinstance(y, type):
            stack += [getattr(y, f.name) for f in dataclasses.fields(y)]
    return out


def _renamed(e, rename: dict):
    """``e`` with the columns of the aliases of ``rename`` read from the new alias."""
    if isinstance(e, ir.Col):
        return dataclasses.replace(e, alias=rename.get(e.alias, e.alias))
    if isinstance(e, tuple):
        return tuple(_renamed(y, rename) for y in e)
    if not isinstance(e, ir.Expr):
        return e
    changes = {f.name: _renamed(getattr(e, f.name), rename) for f in dataclasses.fields(e)}
    return dataclasses.replace(e, **changes)

