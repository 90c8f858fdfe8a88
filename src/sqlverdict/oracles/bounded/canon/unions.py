"""Projections and unions: ``inline_projection``, projections of UNION ALL, DISTINCT as UNION, operands of a flattened compound."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import SetOpKind
from .terms import _windowless


def inline_projection(q: ir.Select):
    """``SELECT d.x, d.y FROM (subquery) AS d``, nothing else: the subquery with those
    columns (the same rows, in the same order)."""
    src = q.source
    if not (isinstance(src, ir.Derived) and q.where is None and not q.aggregate and not q.group_by
            and q.having is None and not q.order and q.limit is None and not q.offset
            and not q.distinct and q.bare_from is None
            and all(isinstance(i, ir.Col) and i.alias == src.alias and i.name in src.names
                    for i in q.items)):
        return q
    picks = [src.names.index(i.name) for i in q.items]
    if len(set(src.names)) != len(src.names):
        return q  # duplicate output names: which column a name means is ambiguous
    inner = src.query
    if picks == list(range(len(inner.items))):
        return inner
    if isinstance(inner, ir.SetOp):
        # projecting some columns of UNION ALL projects each operand (bag union); of
        # another compound it changes duplicates
        return _project_union_all(inner, picks) or q
    if inner.distinct:
        return q  # projecting some columns of DISTINCT changes duplicates
    return dataclasses.replace(inner, items=tuple(inner.items[j] for j in picks),
                               names=tuple(inner.names[j] for j in picks) if inner.names else ())


def _project_union_all(q, picks):
    """``q`` (UNION ALL, no ORDER BY/LIMIT) with only the columns ``picks`` of each operand."""
    if isinstance(q, ir.SetOp):
        if not (q.op == SetOpKind.UNION and q.all and q.limit is None and not q.offset and not q.order):
            return None
        left, right = _project_union_all(q.left, picks), _project_union_all(q.right, picks)
        return None if left is None or right is None else dataclasses.replace(q, left=left, right=right)
    if q.distinct or q.bare_from is not None or not _windowless(q) or (q.aggregate and q.order):
        return None
    return dataclasses.replace(q, items=tuple(q.items[j] for j in picks),
                               names=tuple(q.names[j] for j in picks) if q.names else ())


def unordered(q):
    """A query whose consumer does not read row order: an ORDER BY without LIMIT goes."""
    if isinstance(q, ir.Select) and q.order and q.limit is None and not q.offset:
        return dataclasses.replace(q, order=())
    if isinstance(q, ir.SetOp) and q.order and q.limit is None and not q.offset:
        return dataclasses.replace(q, order=())
    return q


def distinct_union(q):
    """``SELECT DISTINCT d.x, d.y FROM (A UNION ALL B) AS d`` (every column, in order) is
    ``A UNION B``."""
    src = q.source
    if not (isinstance(q, ir.Select) and q.distinct and isinstance(src, ir.Derived)
            and isinstance(src.query, ir.SetOp) and src.query.op == SetOpKind.UNION and src.query.all
            and src.query.limit is None and not src.query.offset and q.where is None
            and not q.aggregate and q.limit is None and not q.offset and q.bare_from is None
            and len(set(src.names)) == len(src.names)
            and [(i.alias, i.name) if isinstance(i, ir.Col) else None for i in q.items]
            == [(src.alias, n) for n in src.names]):
        return q
    return dataclasses.replace(src.query, all=False)


def _operands(x, q: ir.SetOp) -> list:
    """The operands of the canonical compound ``x`` under ``q``'s operator (``x`` itself
    when it is not such a compound)."""
    if (isinstance(x, ir.SetOp) and x.op == q.op and x.all == q.all and x.limit is None
            and not x.offset and not x.order):
        return _operands(x.left, q) + _operands(x.right, q)
    return [x]


