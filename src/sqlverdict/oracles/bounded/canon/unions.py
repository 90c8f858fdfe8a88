"""Projections and unions: ``inline_projection``, projections of UNION ALL, DISTINCT as UNION, operands of a flattened compound."""

from __future__ import annotations

import dataclasses

from .. import ir
from .terms import _windowless


def inline_projection(q: ir.Select):
    """``SELECT d.x, d.y FROM (subquery) AS d``, nothing else: the subquery with those
    columns (the same rows, in the same order). Literal items (``SELECT d.x, 'k'``) go into
    the subquery too. Of a DISTINCT select or a compound other than UNION ALL only a
    reordering of all its columns, literals beside, is taken (one column map for every
    row: the same rows are repeats)."""
    src = q.source
    if not (isinstance(src, ir.Derived) and q.where is None and not q.aggregate and not q.group_by
            and q.having is None and not q.order and q.limit is None and not q.offset
            and not q.distinct and q.bare_from is None
            and all(isinstance(i, ir.Lit) or (isinstance(i, ir.Col) and i.alias == src.alias
                                              and i.name in src.names) for i in q.items)
            and any(isinstance(i, ir.Col) for i in q.items)):
        return q
    if len(set(src.names)) != len(src.names):
        return q  # duplicate output names: which column a name means is ambiguous
    picks = [src.names.index(i.name) if isinstance(i, ir.Col) else i for i in q.items]
    inner = src.query
    if picks == list(range(len(inner.items))):
        return inner
    cols = [j for j in picks if isinstance(j, int)]
    whole = sorted(cols) == list(range(len(inner.items)))  # every column once
    return _project(inner, picks, whole) or q


def _project(q, picks, whole: bool, operand: bool = False):
    """``q`` with the columns ``picks`` (positions, or literals to add), or None: through
    UNION ALL any picks, through another compound or DISTINCT only ``whole`` ones."""
    if isinstance(q, ir.SetOp):
        if q.limit is not None or q.offset or q.order or not (whole or (q.op == "union" and q.all)):
            return None
        left, right = _project(q.left, picks, whole, True), _project(q.right, picks, whole, True)
        return None if left is None or right is None else dataclasses.replace(q, left=left, right=right)
    if q.distinct and not whole:
        return None
    if operand and (q.bare_from is not None or not _windowless(q) or (q.aggregate and q.order)):
        return None
    return dataclasses.replace(q, items=tuple(q.items[j] if isinstance(j, int) else j for j in picks),
                               names=tuple(q.names[j] if isinstance(j, int) else f"#{k}"
                                           for k, j in enumerate(picks)) if q.names else ())


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
            and isinstance(src.query, ir.SetOp) and src.query.op == "union" and src.query.all
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


