"""Fewer than n distinct values as no chain of n rising values (issue 25, i41a):
``distinct_count_as_no_chain``.

The "top n per group by DENSE_RANK" is written as a count, ``(SELECT COUNT(DISTINCT s.x)
FROM t s WHERE P(s)) < 2`` (``DENSE_RANK() .. <= 2`` read by ``running_window_as_subquery``,
``P(s)``: ``s.x > t.x`` in the row's partition), and as a self-join that finds no two
greater values, ``NOT EXISTS (SELECT 1 FROM t a, t b WHERE P(a) AND P(b) AND a.x < b.x)``.
The law: a conjunct ``(SELECT COUNT(DISTINCT s.x) FROM T s WHERE P(s)) < n``, ``n`` 2 to 4
(``<= n - 1``, mirrored), is ``NOT EXISTS (SELECT 1 FROM T s1, .., T sn WHERE P(s1) AND ..
AND P(sn) AND s1.x < s2.x AND .. AND s(n-1).x < sn.x)``. Why it holds in SQLite:

- ``COUNT(DISTINCT s.x)`` counts the classes of equal non-NULL values among the rows ``P``
  keeps; ``<`` between two values of one column (no affinity conversion, BINARY collation)
  is TRUE exactly when both are non-NULL and the first sorts before the second in SQLite's
  one total order of values, whose equality is the one DISTINCT uses. So ``n`` or more
  classes exist exactly when ``n`` kept rows hold strictly rising values: the count is not
  below ``n`` exactly when the chain exists. A count is never NULL: the comparison is TRUE
  or FALSE, as NOT EXISTS is.
- ``P`` is deterministic without subqueries, read the same on each copy.
- A conjunct of ``P`` bounding ``s.x`` from below by an expression ``e`` not reading ``s``
  (``s.x > e``, ``e < s.x``, ``>=``; one affinity, no conversion: ``e`` a column of ``x``'s
  type and affinity) is left out on ``s2 .. sn``: ``s(i+1).x > s(i).x`` and ``s(i).x > e``
  give ``s(i+1).x > e`` in that total order, so it holds there anyway. (That is the form a
  writer gives: ``a.x > t.x AND b.x > a.x``.)
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Ty
from .joins import _flat_source
from .self_counts import _int_lit, count_offset_comparison
from .terms import _and, _conjuncts, _has_sub, _replace_cols, _windowless
from .top_one import _PURE

_MIRROR = {CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE, CmpOp.GT: CmpOp.LT, CmpOp.GE: CmpOp.LE}
_LONGEST = 4  # copies of the table in one chain


def distinct_count_as_no_chain(c):
    """The conjunct ``c`` as NOT EXISTS a chain (the module's law), else ``c``."""
    d = count_offset_comparison(c)
    if not isinstance(d, ir.Cmp) or d.conv or d.op not in _MIRROR:
        return c
    for sub, lit, op in ((d.left, d.right, d.op), (d.right, d.left, _MIRROR[d.op])):
        k = _int_lit(lit)
        if not isinstance(sub, ir.ScalarSub) or k is None or op not in (CmpOp.LT, CmpOp.LE):
            continue
        n = k if op == CmpOp.LT else k + 1
        if 2 <= n <= _LONGEST and (chain := _chain(sub.query, n)) is not None:
            return ir.Not(ir.Exists(chain))
    return c


def _chain(s, n: int):
    """``SELECT 1 FROM T s1, .., T sn WHERE P(s1) .. AND s1.x < s2.x ..`` for ``s``
    ``SELECT COUNT(DISTINCT s.x) FROM T s WHERE P(s)``, or None."""
    if not (isinstance(s, ir.Select) and isinstance(u := s.source, ir.Scan) and s.aggregate
            and not s.group_by and s.having is None and s.limit is None and not s.offset
            and s.bare_from is None and not s.distinct and len(s.items) == 1 and _windowless(s)
            and not _has_sub(s.where)):
        return None
    item = s.items[0]
    if not (isinstance(item, ir.Agg) and item.fn == AggFn.COUNT and item.distinct
            and isinstance(x := item.arg, ir.Col) and x.alias == u.alias):
        return None
    conds = _conjuncts(s.where)
    if not all(isinstance(y, _PURE) for c in conds for y in ir.local_nodes(c)):
        return None  # (deterministic: each copy reads P alike)
    leaves, where, xs = [], [], []
    for i in range(1, n + 1):
        alias = f"{u.alias}_chain{i}"
        rep = {(u.alias, c): ir.Col(alias, c, ty, aff) for c, ty, aff in u.columns}
        leaves.append(dataclasses.replace(u, alias=alias))
        where += [_replace_cols(c, rep) for c in conds if i == 1 or not _lower_bound(c, x)]
        xs.append(rep[(u.alias, x.name)])
    where += [ir.Cmp(CmpOp.LT, a, b, Ty.BOOL) for a, b in zip(xs, xs[1:], strict=False)]
    return ir.Select(_flat_source(leaves), _and(where), (), None, (ir.Lit(1, Ty.INT),), False,
                     (), None, 0, False, ())


def _lower_bound(c, x: ir.Col) -> bool:
    """Is ``c`` ``x > e`` (``>=``, or ``e < x``) of a column ``e`` not of ``x``'s table, of
    ``x``'s type and affinity, without conversion?"""
    if not isinstance(c, ir.Cmp) or c.conv or c.op not in _MIRROR:
        return False
    op, left, right = c.op, c.left, c.right
    if right == x:
        op, left, right = _MIRROR[op], right, left
    return (left == x and op in (CmpOp.GT, CmpOp.GE) and isinstance(right, ir.Col)
            and right.alias != x.alias and right.ty == x.ty and right.affinity == x.affinity)


COUNT_CHAIN_RULE = (
    "distinct_count_as_no_chain", "a conjunct (SELECT COUNT(DISTINCT s.x) FROM T s WHERE P(s)) "
    "< n, n 2 to 4, P deterministic without subqueries, is NOT EXISTS (SELECT 1 FROM T s1 .. "
    "T sn WHERE P(s1) .. P(sn) AND s1.x < s2.x .. < sn.x): n distinct values are n rising "
    "ones (a lower bound x > e of P left out past s1: transitive)", ("conjunct",),
    lambda canon, c, ctx: distinct_count_as_no_chain(c))
