"""A correlated count compared in WHERE as a grouped join (issue 25, i41c):
``count_filter_as_group``.

``SELECT e(p) FROM P p WHERE w(p) AND (SELECT COUNT(*) FROM C c WHERE c.f = p.k AND v(c)) > n``
(``>= n``, ``= n``: any comparison with an integer literal that is not TRUE at 0; ``COUNT(c.x)``
too; the count plus or minus an integer literal, as ``count_offset_comparison`` reads it), ``p.k`` a one-column never-NULL primary key of ``P``, is ``SELECT e(p) FROM P p JOIN C c
ON c.f = p.k WHERE w(p) AND v(c) GROUP BY p.k HAVING COUNT(*) > n``: the textbook's "painters
with more than one artwork" written with a correlated count or with a grouped join. (The
form ``in_group_as_having`` writes, and ``count_join_as_subquery`` leaves for a LEFT JOIN with
HAVING; an equi-join's HAVING stays a HAVING.)

Sound in SQLite: grouping the join by ``P``'s never-NULL primary key makes one group per row
``p`` that has a partner, holding exactly the rows ``c`` with ``c.f = p.k`` and ``v(c)``
TRUE (the link and ``v`` are the subquery's own conditions, compared alike), so its
``COUNT(*)`` (``COUNT(c.x)``) is the subquery's value on that ``p``; a row ``p`` without a
partner has no group and its subquery counts 0, which the comparison rejects. ``w(p)`` keeps
or drops ``p`` before either. The items read ``p`` only, one value per group (its key
determines the row). Row order not read (the site ``unordered``). A test of "at least one"
(``> 0``, ``>= 1``, ``<> 0``) is an EXISTS and stays for the laws of EXISTS.
"""

from __future__ import annotations

import operator

from .. import ir
from ..ir.kinds import AggFn, ArithOp, CmpOp, JoinKind
from .terms import _aliases_in, _and, _conjuncts, _has_sub, _windowless

_OPS = {CmpOp.GT: operator.gt, CmpOp.GE: operator.ge, CmpOp.EQ: operator.eq,
        CmpOp.LT: operator.lt, CmpOp.LE: operator.le, CmpOp.NE: operator.ne}
_FLIP = {CmpOp.GT: CmpOp.LT, CmpOp.GE: CmpOp.LE, CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE,
         CmpOp.EQ: CmpOp.EQ, CmpOp.NE: CmpOp.NE}


def count_filter_as_group(q, schema):
    """``q`` as the grouped join (module docstring), else ``q``."""
    if not (isinstance(q, ir.Select) and isinstance(p := q.source, ir.Scan) and not q.aggregate
            and not q.group_by and q.having is None and not q.distinct and q.limit is None
            and not q.offset and not q.order and q.bare_from is None and _windowless(q)):
        return q
    t = schema.table(p.table)
    pk = [k.lower() for k in t.primary_key]
    if len(pk) != 1 or not t.never_null(pk[0]) or _has_sub(q.items):
        return q
    found, rest = None, []
    for c in _conjuncts(q.where):
        got = None if found is not None else _count_test(c, p, pk[0])
        if got is not None:
            found = got
        elif _has_sub(c):
            return q
        else:
            rest.append(c)
    if found is None:
        return q
    test, scan, link, own = found
    key = next(ir.Col(p.alias, n, ty, aff) for n, ty, aff in p.columns if n == pk[0])
    return ir.Select(ir.Join(JoinKind.INNER, p, scan, link), _and([*rest, *own]), (key,), test,
                     q.items, False, (), None, 0, True, q.names)


def _count_test(c, p, k):
    """``(HAVING test, C's scan, the link, C's own conjuncts)`` when ``c`` compares a
    correlated count of ``C`` by ``c.f = p.k`` with an integer literal, not TRUE at 0."""
    if not (isinstance(c, ir.Cmp) and c.op in _OPS):
        return None
    for side, lit, op in ((c.right, c.left, _FLIP[c.op]), (c.left, c.right, c.op)):
        if not (isinstance(lit, ir.Lit) and type(lit.value) is int):
            continue
        sub, shift = _offset(side)  # (count + shift op n is count op n - shift: exact)
        if sub is None:
            continue
        lit = ir.Lit(lit.value - shift, lit.ty)
        if _OPS[op](0, lit.value):
            return None  # a partnerless row passes: no group of the join holds it
        if op in (CmpOp.GT, CmpOp.GE, CmpOp.NE) and _OPS[op](1, lit.value):
            return None  # "at least one" (> 0, >= 1, <> 0): EXISTS, as count_as_exists reads it
        s = sub.query
        if not (isinstance(s, ir.Select) and isinstance(scan := s.source, ir.Scan) and s.aggregate
                and not s.group_by and s.having is None and not s.distinct and s.limit is None
                and not s.offset and s.bare_from is None and len(s.items) == 1
                and isinstance(a := s.items[0], ir.Agg) and not a.distinct
                and a.fn in (AggFn.COUNT_STAR, AggFn.COUNT)
                and _aliases_in(a) <= {scan.alias}):
            return None
        links, own = [], []
        for x in _conjuncts(s.where):
            if _is_link(x, p, k, scan):
                links.append(x)
            elif _aliases_in(x) <= {scan.alias} and not _has_sub(x):
                own.append(x)
            else:
                return None
        if len(links) != 1:
            return None
        test = ir.Cmp(op, a, lit)
        return test, scan, links[0], own
    return None


def _offset(e):
    """``(s, c)`` for ``e`` a scalar subquery ``s`` (``c`` 0), or ``s + c``, ``c + s``, ``s - c``
    (``-c``) with an integer literal ``c``; else ``(None, 0)``."""
    if isinstance(e, ir.ScalarSub):
        return e, 0
    if isinstance(e, ir.Arith) and e.op in (ArithOp.ADD, ArithOp.SUB):
        for s, c, sign in ((e.left, e.right, 1 if e.op == ArithOp.ADD else -1),
                           (e.right, e.left, 1 if e.op == ArithOp.ADD else 0)):
            if sign and isinstance(s, ir.ScalarSub) and isinstance(c, ir.Lit) and type(c.value) is int:
                return s, sign * c.value
    return None, 0


def _is_link(x, p, k, scan) -> bool:
    """Is ``x`` ``c.f = p.k`` (either side), ``c.f`` a column of ``scan``?"""
    if not (isinstance(x, ir.Cmp) and x.op == CmpOp.EQ):
        return False
    return any(isinstance(a, ir.Col) and a.alias == p.alias and a.name == k
               and isinstance(b, ir.Col) and b.alias == scan.alias
               for a, b in ((x.left, x.right), (x.right, x.left)))


COUNT_FILTER_RULES = (
    ("count_filter_as_group", "SELECT e(p) FROM P p WHERE (SELECT COUNT(*) FROM C c WHERE c.f = "
     "p.k AND v(c)) > n (a test not TRUE at 0), p.k a never-NULL primary key, is SELECT e(p) "
     "FROM P p JOIN C c ON c.f = p.k WHERE v(c) GROUP BY p.k HAVING COUNT(*) > n",
     ("unordered",), lambda canon, q, ctx: count_filter_as_group(q, canon.schema), True),
)
