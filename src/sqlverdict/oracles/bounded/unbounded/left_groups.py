"""A LEFT JOIN grouped by the left table's primary key as the left rows, each with the
aggregates of its matching rows as correlated sub-queries (Kim's decorrelation read
backwards, the COUNT bug included).

``SELECT f(l), agg(r.e) FROM L AS l LEFT JOIN R AS r ON c(l, r) WHERE w(l) GROUP BY l.k,
... HAVING h`` where ``l.k`` is L's primary key, never NULL (SQLite's rowid alias, or NOT
NULL), every GROUP BY key and every value outside an aggregate reads only ``l``, and each
aggregate reads only a column ``r.e`` of the right side (not ``COUNT(*)``), is

``SELECT f(l), (SELECT agg(r.e) FROM R AS r WHERE c(l, r)) FROM L AS l WHERE w(l) AND h'``.

Why, in SQLite: the key is unique and never NULL, so each group holds the rows of one left
row ``l`` (one group per left row WHERE keeps; WHERE reads ``l`` alone, so it keeps all of
a group or none); ``f(l)`` is the same on every row of it. The group's rows are ``l``
joined with each right row that makes ``c`` TRUE, whose values of ``r.e`` the sub-query
reads too, or, where none does, one row padded with NULL: ``r.e`` is NULL there, so
COUNT(r.e) is 0, SUM, MIN, MAX, AVG and GROUP_CONCAT are NULL and TOTAL is 0.0, as each is
over the sub-query's empty set of rows. ``COUNT(*)`` counts the padded row (1, where the
sub-query counts 0): not rewritten. Only COUNT, MIN and MAX, which read their rows in any
order alike: SUM and AVG of reals round by the order of addition, and MIN or MAX of values
equal but not identical (1 and 1.0) keep the first, so these only over a column of REAL or
TEXT affinity (one class for equal values). HAVING ``h`` becomes a WHERE conjunct with the
aggregates replaced alike. The sub-query is an aggregate without GROUP BY: one row, so
SQLite's choice of a first row never arises. COUNT over a right side that is a derived
UNION ALL is the sum of the counts over its branches (each a sub-query of its own): the
matching rows of the union are those of each branch.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Affinity, AggFn, ArithOp, JoinKind, LogicOp, SetOpKind, Ty
from ..ir.walk import field_names

# columns whose values that compare equal are identical (``groups.ONE_CLASS``)
ONE_CLASS = (Affinity.REAL, Affinity.TEXT)


def left_lookups(q: ir.Select, schema) -> ir.Select | None:
    """``q`` as its left rows with correlated aggregates, or None where the law does not
    apply (see the module)."""
    src = q.source
    if (not isinstance(src, ir.Join) or src.kind != JoinKind.LEFT or not isinstance(src.left, ir.Scan)
            or not q.group_by or q.distinct or q.bare_from is not None or q.order or q.limit is not None):
        return None
    left = src.left.alias
    table = schema.table(src.left.table)
    pk = [c.lower() for c in table.primary_key if isinstance(c, str)]
    if not pk or len(pk) != len(table.primary_key) or not all(table.never_null(c) for c in pk):
        return None
    keys = {(k.alias, k.name.lower()) for k in q.group_by if isinstance(k, ir.Col)}
    if not all((left, c) in keys for c in pk):
        return None
    right = _defined(src.right)
    if left in right or not _only(q.group_by, {left}) or not _only(q.where, {left}):
        return None
    aggs: list = []
    for e in q.items + ((q.having,) if q.having is not None else ()):
        if not _outside_aggs(e, {left}, aggs):
            return None
    subs = {}
    for g in aggs:
        if g.fn not in (AggFn.COUNT, AggFn.MIN, AggFn.MAX) or not isinstance(g.arg, ir.Col) \
                or g.arg.alias not in right:
            return None
        if g.fn != AggFn.COUNT and g.arg.affinity not in ONE_CLASS:
            return None  # the first of values equal but not identical: the order of rows
        parts = [ir.ScalarSub(ir.Select(r, src.on, (), None, (g,), False, (), None, 0, True, ("v",)), g.ty)
                 for r in (_branches(src.right) if g.fn == AggFn.COUNT and not g.distinct else [src.right])]
        subs[g] = parts[0]
        for p in parts[1:]:  # COUNT over a UNION ALL: the sum of the branches' counts
            subs[g] = ir.Arith(ArithOp.ADD, subs[g], p, Ty.INT)
    items = tuple(_swap(e, subs) for e in q.items)
    conds = tuple(c for c in (q.where, None if q.having is None else _swap(q.having, subs))
                  if c is not None)
    where = None if not conds else conds[0] if len(conds) == 1 else ir.Logic(LogicOp.AND, conds, Ty.BOOL)
    return dataclasses.replace(q, source=src.left, where=where, group_by=(), having=None,
                               items=items, aggregate=False)


def has_lookups(q, schema) -> bool:
    """Does ``left_lookups`` apply to a select anywhere in ``q`` (sub-queries, derived
    tables)?"""
    stack = [q]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Select) and y.aggregate and left_lookups(y, schema) is not None:
            return True
        stack += _children(y)
    return False


def _branches(src) -> list:
    """A derived UNION ALL (no ORDER BY, LIMIT) as the derived table of each branch, under
    its alias and names; else ``[src]``."""
    if not isinstance(src, ir.Derived):
        return [src]
    out, todo = [], [src.query]
    while todo:
        q = todo.pop(0)
        if isinstance(q, ir.SetOp):
            if q.op != SetOpKind.UNION or not q.all or q.order or q.limit is not None or q.offset:
                return [src]
            todo[:0] = [q.left, q.right]
        else:
            out.append(ir.Derived(q, src.alias, src.names))
    return out


def _defined(src) -> set[str]:
    """The aliases a FROM item defines at its top (tables, derived tables, joins of them)."""
    if isinstance(src, ir.Join):
        return _defined(src.left) | _defined(src.right)
    return {src.alias} if isinstance(src, (ir.Scan, ir.Derived)) else set()


def _children(y) -> list:
    if isinstance(y, (tuple, list)):
        return list(y)
    names = field_names(y)
    return [] if names is None else [getattr(y, f) for f in names]


def _only(x, aliases: set[str]) -> bool:
    """Does ``x`` read columns of ``aliases`` alone (inside sub-queries too)?"""
    stack = [x]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Col) and y.alias not in aliases:
            return False
        if isinstance(y, (ir.Exists, ir.InSub, ir.ScalarSub)):
            return False  # a sub-query may read the right side: not rewritten
        stack += _children(y)
    return True


def _outside_aggs(e, aliases: set[str], aggs: list) -> bool:
    """Does ``e`` read only ``aliases`` outside its aggregates (collected into ``aggs``)?"""
    stack = [e]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Agg):
            if y not in aggs:
                aggs.append(y)
            continue
        if isinstance(y, ir.Col) and y.alias not in aliases:
            return False
        if isinstance(y, (ir.Exists, ir.InSub, ir.ScalarSub)):
            return False
        stack += _children(y)
    return True


def _swap(e, subs: dict):
    """``e`` with each aggregate ``subs`` maps replaced (outside sub-queries)."""
    if isinstance(e, ir.Agg):
        return subs.get(e, e)
    if isinstance(e, tuple):
        return tuple(_swap(y, subs) for y in e)
    if not dataclasses.is_dataclass(e) or isinstance(e, (type, ir.Exists, ir.InSub, ir.ScalarSub)):
        return e
    return dataclasses.replace(e, **{f.name: _swap(getattr(e, f.name), subs)
                                     for f in dataclasses.fields(e) if f.init})
