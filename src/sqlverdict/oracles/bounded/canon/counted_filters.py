"""A filter on a correlated aggregate that no row without partners passes, as a grouped
inner join with HAVING (issue 25, lead): ``filtered_subquery_as_inner_group``, and the same
filter written as an IN of a grouped subquery: ``in_group_as_inner_group``; and a HAVING bound
that one row meets as a WHERE: ``existential_bound_as_filter``.

``SELECT X.a.. FROM X WHERE w(X) AND (SELECT AGG(S.c) FROM S WHERE p) θ e`` is ``SELECT X.a..
FROM X JOIN S ON p WHERE w GROUP BY X.k HAVING AGG(S.c) θ e`` when ``X.k`` is a one-column
primary key of ``X`` that cannot be NULL and the comparison is never TRUE for a row of ``X``
without a partner in ``S``: a COUNT is 0 there, so ``0 θ n`` must be false for the integer
literal ``n`` (``> 1``, ``>= 1``, ``<> 0``, ``= 2``); MIN and MAX are NULL there, and any
comparison (not IS) with NULL is NULL. Spider's "painters with more than one artwork" is
written both ways: ``JOIN .. GROUP BY p.id HAVING COUNT(*) > 1`` and ``WHERE (SELECT COUNT(*)
.. WHERE a.painter_id = p.id) > 1``.

Why it holds in SQLite: a row ``r`` of ``X`` that ``w`` keeps is one group of the join (``k``
unique and never NULL) made of its partners, so each aggregate of the group is the value
the subquery computes for ``r`` (``magic._grouped_item``: COUNT(*), COUNT, COUNT(DISTINCT),
MIN/MAX of a column whose equal values are identical, the subquery's condition exactly the
join's), and HAVING keeps the group when the WHERE kept the row; a row without partners is
no group and fails the WHERE by the condition above. ``w`` reads ``X`` only and is
deterministic (the lowering refuses ``random()``), so it says the same on each joined row
of ``r``; an item reads ``X`` only, the same on each. Several such conjuncts and
scalar subqueries among the items over the same ``S`` and ``p`` move together; then
``magic.subquery_as_inner_group`` reads the same form from an EXISTS. Only for an equi-join
(``p`` equates a column of ``X`` with one of ``S``): a theta join's HAVING is read the other
way, as the correlated comparison (``decorrelate.having_as_subquery``); and not when every
filter says only that a partner exists (``COUNT(..) > 0``): that is the semijoin
(``count_as_exists``); nor over ``X``'s own table (a row against its own group is the
form of ``own_extremum`` and the magic-set laws).
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, JoinKind, Ty
from .decorrelate import _equates
from .magic import _collated_in, _grouped_item
from .terms import _aliases_in, _and, _conjuncts, _deep, _windowless
from .top_one import _PURE

_COUNTS = (AggFn.COUNT, AggFn.COUNT_STAR)
_EMPTY_NULL = (AggFn.MIN, AggFn.MAX)
_HOLDS = {CmpOp.EQ: lambda a, b: a == b, CmpOp.NE: lambda a, b: a != b,
          CmpOp.LT: lambda a, b: a < b, CmpOp.LE: lambda a, b: a <= b,
          CmpOp.GT: lambda a, b: a > b, CmpOp.GE: lambda a, b: a >= b}
_FLIP = {CmpOp.EQ: CmpOp.EQ, CmpOp.NE: CmpOp.NE, CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE,
         CmpOp.GT: CmpOp.LT, CmpOp.GE: CmpOp.LE}


def _pure(e) -> bool:
    return all(isinstance(y, _PURE) for y in ir.local_nodes(e))


def _one_scan_aggregate(y) -> bool:
    v = y.query if isinstance(y, ir.ScalarSub) else None
    return (isinstance(v, ir.Select) and isinstance(v.source, ir.Scan) and v.where is not None
            and len(v.items) == 1 and isinstance(v.items[0], ir.Agg))


def _filter(c):
    """``(subquery, op, other side)`` of a conjunct ``(SELECT AGG ..) θ e`` (either way
    round) that no row without partners passes, else None."""
    if not (isinstance(c, ir.Cmp) and c.op in _HOLDS):
        return None
    for sub, op, other in ((c.left, c.op, c.right), (c.right, _FLIP[c.op], c.left)):
        if not (_one_scan_aggregate(sub) and _pure(other)):
            continue
        fn = sub.query.items[0].fn
        if fn in _EMPTY_NULL:
            return sub, op, other
        if (fn in _COUNTS and isinstance(other, ir.Lit) and other.ty == Ty.INT
                and isinstance(other.value, int) and not _HOLDS[op](0, other.value)):
            return sub, op, other
    return None


def _existence(h) -> bool:
    """Does ``h``, a comparison ``COUNT θ n`` (either way round), say only "at least one"
    (``> 0``, ``>= 1``, ``<> 0``)?"""
    if not (isinstance(h, ir.Cmp) and h.op in _HOLDS):
        return False
    agg, op, n = (h.left, h.op, h.right) if isinstance(h.left, ir.Agg) else (h.right, _FLIP[h.op], h.left)
    return (isinstance(agg, ir.Agg) and agg.fn in _COUNTS and isinstance(n, ir.Lit)
            and n.ty == Ty.INT and isinstance(n.value, int)
            and not _HOLDS[op](0, n.value) and all(_HOLDS[op](k, n.value) for k in range(1, abs(n.value) + 3)))


def filtered_subquery_as_inner_group(q: ir.Select, schema: Schema) -> ir.Select:
    """See the module docstring; ``q`` itself when the law does not apply."""
    x = q.source
    if not (isinstance(x, ir.Scan) and not q.aggregate and not q.group_by and q.having is None
            and q.limit is None and not q.offset and not q.distinct and q.bare_from is None
            and _windowless(q)):
        return q
    t = schema.table(x.table)
    pk = [k.lower() for k in t.primary_key]
    if len(pk) != 1 or not t.never_null(pk[0]):
        return q
    conds = _conjuncts(q.where)
    found = [(c, f) for c in conds if (f := _filter(c)) is not None]
    if not found:
        return q
    s, p = found[0][1][0].query.source, found[0][1][0].query.where
    if s.table == x.table or not any(_equates(c, x, s) for c in _conjuncts(p)):
        return q  # a theta join's HAVING is the correlated form (decorrelate.having_as_subquery)
    aggs, having = {}, []
    for c, (sub, op, other) in found:
        agg = _grouped_item(sub, s, p, schema)
        if agg is None:
            continue  # another S or condition: stays a correlated filter
        aggs[id(c)] = agg
        having.append(ir.Cmp(op, agg, other))
    rest = [c for c in conds if id(c) not in aggs]
    if all(_existence(h) for h in having) and not any(isinstance(i, ir.ScalarSub) for i in q.items):
        return q  # a partner exists: the semijoin's form (count_as_exists)
    if not having or s.alias == x.alias or any(s.alias in _aliases_in(c) for c in rest):
        return q
    items = []
    for i in q.items:
        if isinstance(i, ir.ScalarSub):
            agg = _grouped_item(i, s, p, schema)
            if agg is None:
                return q
            items.append(agg)
        elif s.alias not in _aliases_in(i):
            items.append(i)
        else:
            return q
    ty, aff = next((ty, aff) for n, ty, aff in x.columns if n == pk[0])
    return dataclasses.replace(q, source=ir.Join(JoinKind.INNER, x, s, p), where=_and(rest),
                               group_by=(ir.Col(x.alias, pk[0], ty, aff),),
                               having=_and(having), items=tuple(items), aggregate=True)


def _grouped_in(c, x: ir.Scan, schema: Schema):
    """``(S, S.f, w_S, h)`` of a conjunct ``x.c IN (SELECT S.f FROM S [WHERE w_S] GROUP BY S.f
    HAVING h)``: one declared class and affinity on both sides, no conversion, no declared
    collation, ``h`` reading ``S`` only in aggregates or as ``S.f``, no subquery; else None."""
    v = c.query if isinstance(c, ir.InSub) else None
    if not (isinstance(v, ir.Select) and isinstance(v.source, ir.Scan) and v.having is not None
            and len(v.items) == 1 and v.group_by == v.items and isinstance(v.items[0], ir.Col)
            and v.limit is None and not v.offset and not v.distinct and not v.order
            and v.bare_from is None and _windowless(v)):
        return None
    f, arg = v.items[0], c.arg
    if not (c.conv == Conv.NONE and not c.convs and isinstance(arg, ir.Col) and arg.alias == x.alias
            and f.alias == v.source.alias != x.alias and v.source.table != x.table
            and (arg.ty, arg.affinity) == (f.ty, f.affinity)
            and not _collated_in(arg, x, schema) and not _collated_in(f, v.source, schema)):
        return None
    hole = ir.Lit(None, Ty.NULL)
    bare = _deep(v.having, lambda y: hole if isinstance(y, ir.Agg) or y == f else y)
    if v.source.alias in _aliases_in(bare) or any(
            isinstance(y, (ir.ScalarSub, ir.Exists, ir.InSub)) for y in ir.local_nodes(v.having)):
        return None
    if v.where is not None and any(isinstance(y, (ir.ScalarSub, ir.Exists, ir.InSub))
                                   for y in ir.local_nodes(v.where)):
        return None
    return v.source, f, v.where, v.having


def in_group_as_inner_group(q: ir.Select, schema: Schema) -> ir.Select:
    """``SELECT X.a.. FROM X WHERE w AND X.c IN (SELECT S.f FROM S [WHERE w_S] GROUP BY S.f
    HAVING h)`` is ``SELECT X.a.. FROM X JOIN S ON S.f = X.c [AND w_S] WHERE w GROUP BY X.k
    HAVING h``, ``X.k`` a never-NULL one-column primary key: the partners of a row ``r`` are
    the rows of ``S``'s group of ``r.c`` (``=`` and GROUP BY take the same values as equal:
    one class and affinity, binary collation), so ``r`` has a group exactly when the IN finds
    that group, and ``h`` reads the same rows there; a NULL ``r.c`` finds neither. Not when
    ``h`` says only that the group exists (the plain semijoin)."""
    x = q.source
    if not (isinstance(x, ir.Scan) and not q.aggregate and not q.group_by and q.having is None
            and q.limit is None and not q.offset and not q.distinct and q.bare_from is None
            and _windowless(q)):
        return q
    t = schema.table(x.table)
    pk = [k.lower() for k in t.primary_key]
    if len(pk) != 1 or not t.never_null(pk[0]):
        return q
    conds = _conjuncts(q.where)
    for c in conds:
        found = _grouped_in(c, x, schema)
        if found is None:
            continue
        s, f, w_s, h = found
        if all(_existence(y) for y in _conjuncts(h)):
            continue
        rest = [d for d in conds if d is not c]
        if any(s.alias in _aliases_in(d) for d in (*rest, *q.items)):
            continue
        on = _and([ir.Cmp(CmpOp.EQ, f, c.arg), *_conjuncts(w_s)])
        ty, aff = next((ty, aff) for n, ty, aff in x.columns if n == pk[0])
        return dataclasses.replace(q, source=ir.Join(JoinKind.INNER, x, s, on), where=_and(rest),
                                   group_by=(ir.Col(x.alias, pk[0], ty, aff),), having=h,
                                   aggregate=True)
    return q


_SOME_ROW = {(AggFn.MAX, CmpOp.GE), (AggFn.MAX, CmpOp.GT), (AggFn.MIN, CmpOp.LE), (AggFn.MIN, CmpOp.LT)}


def existential_bound_as_filter(q: ir.Select) -> ir.Select:
    """``SELECT g.. FROM F WHERE w GROUP BY g.. HAVING MAX(c) >= v`` (``>``; ``MIN(c) <= v``,
    ``<``), the items and ORDER BY keys group keys only, is ``SELECT g.. FROM F WHERE w AND c
    >= v GROUP BY g..``: the greatest value of a group reaches ``v`` exactly when one of its
    values does (MAX skips NULLs and is NULL over none, and ``c >= v`` is NULL for a NULL
    ``c``; MAX orders values as the comparison does, storage class first: ``v`` of ``c``'s
    class, ``twins._bound``), and the group's output row is its keys either way. Only one
    such conjunct: two bounds may be met by two different rows."""
    from .twins import _bound

    if not (isinstance(q, ir.Select) and q.aggregate and q.group_by and q.having is not None
            and q.limit is None and not q.offset and q.bare_from is None and _windowless(q)):
        return q
    b = _bound(q.having)
    if b is None or (b[0], b[2]) not in _SOME_ROW:
        return q
    keys = set(q.group_by)
    if not all(i in keys for i in (*q.items, *(k for k, _ in q.order))):
        return q
    fn, c, op, v = b
    return dataclasses.replace(q, where=_and([*_conjuncts(q.where), ir.Cmp(op, c, v)]),
                               having=None)


COUNTED_FILTER_RULES = (
    ("filtered_subquery_as_inner_group", "SELECT X.a.. FROM X WHERE w(X) AND (SELECT AGG(S.c) "
     "FROM S WHERE p) θ e, never TRUE without partners (COUNT: 0 θ n false; MIN/MAX: NULL), "
     "X.k a never-NULL primary key, is SELECT X.a.. FROM X JOIN S ON p WHERE w GROUP BY X.k "
     "HAVING AGG(S.c) θ e", ("unordered",),
     lambda canon, q, ctx: filtered_subquery_as_inner_group(q, canon.schema), True),
    ("in_group_as_inner_group", "SELECT X.a.. FROM X WHERE w AND X.c IN (SELECT S.f FROM S "
     "[WHERE w_S] GROUP BY S.f HAVING h) is SELECT X.a.. FROM X JOIN S ON S.f = X.c [AND w_S] "
     "WHERE w GROUP BY X.k HAVING h (X.k a never-NULL primary key; one class, binary collation)",
     ("unordered",), lambda canon, q, ctx: in_group_as_inner_group(q, canon.schema), True),
    ("existential_bound_as_filter", "SELECT g FROM F WHERE w GROUP BY g HAVING MAX(c) >= v (>; "
     "MIN <=, <), items and ORDER BY keys group keys, is SELECT g FROM F WHERE w AND c >= v "
     "GROUP BY g (v of c's class)", ("select",),
     lambda canon, q, ctx: existential_bound_as_filter(q), True),
)
