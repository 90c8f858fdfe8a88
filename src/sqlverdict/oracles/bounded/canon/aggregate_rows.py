"""A correlated aggregate without GROUP BY read as the value of its one row (issue 25, i44a):
``arithmetic_out_of_scalar``, ``in_aggregate_row``, ``exists_of_having_row``.

A select that is an aggregate without GROUP BY, HAVING, LIMIT, OFFSET, window or the
bare-column rule returns exactly one row on every database, over no row too (COUNT 0,
SUM/MIN/MAX/AVG NULL, TOTAL 0.0), correlated or not: for each outer row it is the
aggregates of the rows its WHERE picks. Decorrelation's textbook spellings differ in where
they put the computation on that one row; these laws bring it to one place, the scalar
subquery of one aggregate:

- ``arithmetic_out_of_scalar``: ``(SELECT g(A) FROM F WHERE w)`` is ``g((SELECT A FROM F
  WHERE w))`` for ``g`` a tree of ``+ - * / %`` and negation whose leaves other than the one
  subterm ``A`` are literals or columns of outer rows (constant for one evaluation), ``A``
  the only subterm reading an aggregate, every column of ``F`` read inside an aggregate of
  ``A`` (no bare column), no subquery in ``g``. The one row's ``g(A)`` is ``g`` of its ``A``;
  SQLite evaluates the arithmetic alike on the same values (integer division, overflow to
  REAL, NULL operands) and a value computed by arithmetic has no affinity on either side
  (``(SELECT e)`` has ``e``'s affinity, and ``e``'s top is the same operator). Ganski and
  Wong's ``capacity > (SELECT COUNT(*) * 100 ..)`` against a count compared after scaling.
  Only one aggregate subterm: ``MAX(x) - MIN(x)`` stays (two subqueries would not meet
  ``scalar_aggregate_row``'s single aggregate select).
- ``in_aggregate_row``: ``x IN (S)``, ``S`` such a one-row aggregate of one item, is ``x =
  (S)``: IN over one value ``v`` is TRUE when ``x = v``, NULL when ``x`` or ``v`` is NULL
  (the set is not empty), FALSE otherwise, as ``=`` is; SQLite applies the affinity rules
  of ``x = y`` to ``x IN (SELECT y ..)`` and ``(SELECT y ..)`` has ``y``'s affinity, so the
  lowered conversion carries over. Not for a row value or a BOOL/literal operand (the
  lowering converts a literal in ``=`` but not in IN). ``NOT IN`` follows (NOT of the same
  three-valued value). Elhemali's ``c.tons IN (SELECT MAX(c2.tons) ..)``.
- ``exists_of_having_row``: a WHERE conjunct ``EXISTS (SELECT .. FROM F WHERE w HAVING h)``,
  an aggregate without GROUP BY (no LIMIT, OFFSET, window, bare column), is ``h`` with each
  aggregate ``A`` of it read as ``(SELECT A FROM F WHERE w)``: the select has one row
  before HAVING, HAVING keeps it exactly when ``h`` is TRUE on it, and EXISTS is TRUE
  exactly then; in a WHERE only TRUE keeps a row, so NULL and FALSE of ``h`` both drop it
  as a FALSE EXISTS does. ``h`` must read ``F``'s columns only inside aggregates and hold
  no subquery. Bellamkonda's "EXISTS .. HAVING SUM(CASE ..) = 0" coalescing of EXISTS and
  NOT EXISTS.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Conv, Ty
from ..ir.walk import defined_aliases
from .single_row import _aggregate_row
from .terms import _and, _conjuncts, _map_children

_SUBQUERIES = (ir.InSub, ir.Exists, ir.ScalarSub)


def _reads_agg(e) -> bool:
    return any(isinstance(y, ir.Agg) for y in ir.local_nodes(e))


def _bare(e, inner: set) -> bool:
    """Does ``e`` read a column of ``inner`` outside an aggregate, or hold a subquery or a
    window?"""
    stack = [e]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Agg):
            if any(isinstance(z, _SUBQUERIES + (ir.Window,)) for z in ir.local_nodes(y)):
                return True
            continue
        if isinstance(y, _SUBQUERIES + (ir.Window,)):
            return True
        if isinstance(y, ir.Col) and y.alias in inner:
            return True
        _map_children(y, lambda c: stack.append(c) or c)
    return False


def _split(e):
    """(g, A): ``e`` as an arithmetic skeleton over one aggregate-reading subterm ``A``
    (``g`` a function rebuilding ``e`` from a replacement of ``A``), or None."""
    if isinstance(e, ir.Neg) and _reads_agg(e.arg):
        inner = _split(e.arg)
        return (lambda r: dataclasses.replace(e, arg=inner[0](r)), inner[1]) if inner else None
    if isinstance(e, ir.Arith):
        left, right = _reads_agg(e.left), _reads_agg(e.right)
        if left and right:
            return None
        side = "left" if left else "right"
        inner = _split(getattr(e, side))
        if inner is None:
            return None
        return (lambda r: dataclasses.replace(e, **{side: inner[0](r)}), inner[1])
    return (lambda r: r, e) if _reads_agg(e) else None


def _lifted(s: ir.ScalarSub):
    q = s.query
    if not (_aggregate_row(q) and isinstance(q.items[0], ir.Arith | ir.Neg)):
        return s
    inner = set(defined_aliases(q.source)) if q.source is not None else set()
    item = q.items[0]
    if _bare(item, inner) or (split := _split(item)) is None:
        return s
    g, a = split
    body = dataclasses.replace(q, items=(a,), names=(), order=(), distinct=False)
    return g(ir.ScalarSub(body, a.ty if a.ty != Ty.BOOL else Ty.INT))


def _in_row(e: ir.InSub):
    q = e.query
    if not (_aggregate_row(q) and isinstance(e.arg, ir.Expr) and not isinstance(e.arg, ir.RowVal | ir.Lit)):
        return e
    a, x = q.items[0].ty, e.arg.ty
    if Ty.BOOL in (a, x) or not (a == x or e.conv != Conv.NONE or {a, x} <= {Ty.INT, Ty.REAL}):
        return e
    return ir.Cmp(CmpOp.EQ, e.arg, ir.ScalarSub(dataclasses.replace(q, names=()), a), conv=e.conv)


def _rewrite(e, f):
    """``e`` with ``f`` applied top-down to its subquery nodes outside subqueries."""
    if not isinstance(e, ir.Expr):
        return e
    if isinstance(e, _SUBQUERIES):
        out = f(e)
        if out is not e:
            return out
        if isinstance(e, ir.InSub):
            return dataclasses.replace(e, arg=a) if (a := _rewrite(e.arg, f)) is not e.arg else e
        return e
    return _map_children(e, lambda c: _rewrite(c, f))


def _one_row_values(e):
    if isinstance(e, ir.ScalarSub) and isinstance(e.query, ir.Select):
        return _lifted(e)
    if isinstance(e, ir.InSub) and isinstance(e.query, ir.Select):
        return _in_row(e)
    return e


def _on_values(q, f):
    if not isinstance(q, ir.Select):
        return q
    new = dataclasses.replace(
        q, where=_rewrite(q.where, f), having=_rewrite(q.having, f),
        items=tuple(_rewrite(i, f) for i in q.items),
        order=tuple((_rewrite(k, f), d) for k, d in q.order))
    return q if new == q else new


def one_row_values(q):
    """``arithmetic_out_of_scalar`` and ``in_aggregate_row`` on a select's WHERE, HAVING,
    items and ORDER BY keys (the module's laws)."""
    return _on_values(q, _one_row_values)


def _having_row(e):
    """The HAVING of ``EXISTS (S)`` read over scalar subqueries (``exists_of_having_row``),
    or None."""
    if not (isinstance(e, ir.Exists) and isinstance(q := e.query, ir.Select) and q.aggregate
            and not q.group_by and q.having is not None and q.limit is None and not q.offset
            and q.bare_from is None and q.source is not None
            and not any(isinstance(y, ir.Window) for i in q.items for y in ir.local_nodes(i))):
        return None
    inner = set(defined_aliases(q.source))
    if _bare(q.having, inner):
        return None
    body = dataclasses.replace(q, having=None, names=(), order=(), distinct=False)

    def sub(y):
        if isinstance(y, ir.Agg):
            return ir.ScalarSub(dataclasses.replace(body, items=(y,)), y.ty)
        return _map_children(y, sub)

    return sub(q.having)


def exists_of_having_row(q):
    """``q`` with each WHERE conjunct ``EXISTS`` of a HAVING row read as its HAVING."""
    if not (isinstance(q, ir.Select) and q.where is not None):
        return q
    conds = _conjuncts(q.where)
    out = [h if (h := _having_row(c)) is not None else c for c in conds]
    if all(a is b for a, b in zip(out, conds, strict=True)):
        return q
    return dataclasses.replace(q, where=_and([d for c in out for d in _conjuncts(c)]))


RULES = (
    ("one_row_aggregate_values", "(SELECT g(A) FROM F WHERE w), an aggregate row, g arithmetic "
     "over literals, outer columns and one aggregate subterm A, is g((SELECT A FROM F WHERE "
     "w)); x IN (such a row) is x = (the row's value)", ("select",),
     lambda canon, q, ctx: one_row_values(q), True),
    ("exists_of_having_row", "a WHERE conjunct EXISTS (SELECT .. FROM F WHERE w HAVING h), an "
     "aggregate without GROUP BY or LIMIT, is h with each aggregate A read as (SELECT A FROM F "
     "WHERE w) (only TRUE keeps a row either way)", ("select",),
     lambda canon, q, ctx: exists_of_having_row(q), True),
)
