"""A condition on aggregates of a row's own group, read per row, as HAVING (issue 25, i41b):
``own_group_as_having``.

``SELECT DISTINCT t.g.. FROM T t WHERE w AND E((SELECT AGG(x) FROM T h WHERE w(h) AND h.g
IS t.g ..)..)`` is ``SELECT t.g.. FROM T t WHERE w GROUP BY t.g.. HAVING E(AGG(x)..)``: the
subquery reads exactly the rows of ``t``'s group (the rows of ``T`` that ``w`` keeps with
``t``'s keys), so ``E`` has one value per group, and the DISTINCT rows of the kept rows whose
group meets ``E`` are the groups that meet it, one row each (Kim's type-JA nesting read
back; the "duplicate rows" interview answer ``WHERE (SELECT COUNT(*) .. b.k = a.k) > 1``).

Why it holds in SQLite:

- ``t`` itself is a row of its group: ``w`` holds at ``t`` and ``t.g IS t.g``; a link ``h.g =
  t.g`` only where ``t.g`` is never NULL on a kept row (declared, or ``w`` holds ``g IS NOT
  NULL`` or compares ``g`` with a non-NULL literal; ``=`` of a NULL key finds no row, where
  the grouping puts the NULL keys together).
- A conjunct of ``w`` reading only group keys may be missing from the subquery: it holds at
  every row of a kept row's group, whose keys are identical to the kept row's.
- Group keys are columns whose equal values are identical (``twins._identical``: TEXT, typed
  numbers, INTEGER/NUMERIC under ``no_real_int_min``), so DISTINCT and GROUP BY show the same
  value of a group; no collated table (the grouping's and ``=``'s equality would be the
  collation's).
- ``AGG`` is order-blind (COUNT, COUNT(*), MIN, MAX, DISTINCT or not): the group's rows in
  another order give the same value; ``E`` reads nothing but the aggregates, literals and
  group keys, none of it a subquery.
- Every item is a group key and every key an item: a key not shown splits groups that
  DISTINCT merges.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp
from ..ir.walk import _bare_cols
from .joins import _not_null
from .terms import _and, _conjuncts, _deep, _has_sub, _key, _windowless
from .twins import _identical

_BLIND = (AggFn.COUNT_STAR, AggFn.COUNT, AggFn.MIN, AggFn.MAX)
_VALUE = {CmpOp.EQ: lambda a, b: a == b, CmpOp.NE: lambda a, b: a != b,
          CmpOp.LT: lambda a, b: a < b, CmpOp.LE: lambda a, b: a <= b,
          CmpOp.GT: lambda a, b: a > b, CmpOp.GE: lambda a, b: a >= b}


def _count_positive(e) -> bool:
    """Is ``e`` a COUNT compared with an integer literal: FALSE at 0, TRUE above (``> 0``,
    ``>= 1``, ``<> 0``; either side)?"""
    if not (isinstance(e, ir.Cmp) and not e.conv and e.op in _VALUE):
        return False
    op, a, v = e.op, e.left, e.right
    if isinstance(a, ir.Lit):
        op, a, v = {CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE, CmpOp.GT: CmpOp.LT,
                    CmpOp.GE: CmpOp.LE}.get(op, op), v, a
    return (isinstance(a, ir.Agg) and a.fn in (AggFn.COUNT, AggFn.COUNT_STAR)
            and isinstance(v, ir.Lit) and isinstance(v.value, int) and not isinstance(v.value, bool)
            and not _VALUE[op](0, v.value) and all(_VALUE[op](n, v.value) for n in (1, 2, 3)))

_NULL_REJECTING = (CmpOp.EQ, CmpOp.NE, CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE)


def _renamed(x, old: str, new: str):
    return _deep(x, lambda e: dataclasses.replace(e, alias=new)
                 if isinstance(e, ir.Col) and e.alias == old else e)


def _plain_select(s) -> bool:
    return (isinstance(s, ir.Select) and s.limit is None and not s.offset and not s.order
            and s.bare_from is None and _windowless(s))


def _never_null(g: ir.Col, scan, w: list, schema) -> bool:
    """Is the key ``g`` never NULL on a row ``w`` keeps (declared, or a conjunct of ``w``
    that NULL makes FALSE or NULL)?"""
    if _not_null(g, [scan], schema):
        return True
    for c in w:
        if isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull) and c.arg.arg == g:
            return True
        if (isinstance(c, ir.Cmp) and c.op in _NULL_REJECTING
                and {c.left, c.right} & {g} and any(isinstance(y, ir.Lit) and y.value is not None
                                                    for y in (c.left, c.right))):
            return True
    return False


def _link(c, h: str, t: str):
    """The outer key ``t.g`` of a link ``h.g IS t.g`` (``=``; either side), else None."""
    if not (isinstance(c, ir.Cmp) and c.op in (CmpOp.EQ, CmpOp.IS) and not c.conv):
        return None
    a, b = c.left, c.right
    if isinstance(a, ir.Col) and a.alias == t:
        a, b = b, a
    if (isinstance(a, ir.Col) and isinstance(b, ir.Col) and a.alias == h and b.alias == t
            and a.name == b.name):
        return b, c.op
    return None


def _own_aggregate(s, scan, keys: set, w: list, schema):
    """The aggregate of ``t``'s group that the scalar subquery ``s`` computes, over ``t``'s
    alias (the module's conditions), else None."""
    if not (_plain_select(s) and s.aggregate and not s.group_by and s.having is None
            and not s.distinct and isinstance(s.source, ir.Scan) and s.source.table == scan.table
            and s.source.alias != scan.alias and len(s.items) == 1):
        return None
    h, agg = s.source.alias, s.items[0]
    if not (isinstance(agg, ir.Agg) and agg.fn in _BLIND and not _has_sub(agg)
            and all(y.alias == h for y in _cols([agg]))):
        return None  # (an aggregate of h's columns only: nothing of t inside it)
    linked, rest = set(), []
    for c in _conjuncts(s.where):
        found = _link(c, h, scan.alias)
        if found is None:
            if _has_sub(c) or any(y.alias != h for y in _cols([c])):
                return None  # h's own filter only
            rest.append(_renamed(c, h, scan.alias))
            continue
        g, op = found
        if op == CmpOp.EQ and not _never_null(g, scan, w, schema):
            return None
        linked.add(g)
    if linked != keys:
        return None
    mine = {_key(c) for c in rest}
    outer = {_key(c): c for c in w}
    if not mine <= set(outer):
        return None
    if any(k not in mine and not _cols([c]) <= keys for k, c in outer.items()):
        return None  # a conjunct of w the subquery lacks must read group keys only
    return _renamed(agg, h, scan.alias)


def _cols(es) -> set:
    return {y for e in es for y in ir.nodes(e) if isinstance(y, ir.Col)}


def own_group_as_having(q, schema, typed: bool):
    """``q`` with its conditions on own-group aggregates as HAVING (module docstring), else
    ``q``."""
    if not (_plain_select(q) and q.distinct and not q.aggregate and not q.group_by
            and q.having is None and isinstance(q.source, ir.Scan)):
        return q
    scan = q.source
    if schema.table(scan.table).collated or not all(
            isinstance(i, ir.Col) and i.alias == scan.alias and _identical(i, typed) for i in q.items):
        return q
    keys = set(q.items)
    w = [c for c in _conjuncts(q.where) if not _has_sub(c)]
    having = []
    for c in _conjuncts(q.where):
        if not _has_sub(c):
            continue
        def read(e):
            if isinstance(e, ir.ScalarSub):
                return _own_aggregate(e.query, scan, keys, w, schema) or e
            return e
        e = _deep(c, read)
        if _has_sub(e) or any(True for _ in _bare_cols(e, keys)):
            return q
        having.append(e)
    if not having or all(_count_positive(e) for e in having):
        return q  # (a count above 0 alone: count_as_exists reads it as EXISTS)
    return dataclasses.replace(q, where=_and(w), group_by=tuple(dict.fromkeys(q.items)),
                               having=_and(having), distinct=False, aggregate=True)


OWN_GROUP_RULE = (
    "own_group_as_having", "SELECT DISTINCT t.g.. FROM T t WHERE w AND E((SELECT AGG(x) FROM T "
    "h WHERE w(h) AND h.g IS t.g ..)), AGG order-blind (COUNT, MIN, MAX), every item a linked "
    "key, is SELECT g.. FROM T WHERE w GROUP BY g.. HAVING E(AGG(x)) (g: equal values "
    "identical; = only for keys never NULL on a kept row)",
    ("select",), lambda canon, q, ctx: own_group_as_having(q, canon.schema, canon.typed), True)
