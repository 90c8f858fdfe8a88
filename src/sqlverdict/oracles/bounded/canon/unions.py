"""Projections and unions: ``inline_projection``, projections of UNION ALL, DISTINCT as UNION, operands of a flattened compound."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import SetOpKind
from .terms import _key, _replace_cols, _windowless

_UNION = SetOpKind.UNION  # (a module name: read at every query visited)


def inline_projection(q: ir.Select, sensitive: bool = True):
    """``SELECT d.x, d.y FROM (subquery) AS d``, nothing else: the subquery with those
    columns (the same rows, in the same order). Literal items (``SELECT d.x, 'k'``) go into
    the subquery too. Of a DISTINCT select or a compound other than UNION ALL only a
    reordering of all its columns, literals beside, is taken (one column map for every
    row: the same rows are repeats). An ORDER BY of ``d``'s columns sorts the subquery
    (``_ordered``)."""
    src = q.source
    if q.order and isinstance(src, ir.Derived):
        return _ordered(q, sensitive)
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


def _ordered(q: ir.Select, sensitive: bool):
    """``SELECT d.x.. FROM (SELECT ... GROUP BY k..) AS d ORDER BY <d's columns>``: the
    grouped subquery with the ORDER BY read through its items. Where the consumer reads row
    order, only when the ORDER BY holds every group key (no two groups tie: both queries
    sort the same rows into one order)."""
    src, inner = q.source, q.source.query
    if not (isinstance(inner, ir.Select) and inner.aggregate and inner.group_by
            and not inner.order and inner.limit is None and not inner.offset
            and not inner.distinct and inner.bare_from is None and _windowless(inner)
            and q.where is None and not q.aggregate and not q.group_by and q.having is None
            and q.bare_from is None and not q.distinct and _windowless(q)
            and len(set(src.names)) == len(src.names)):
        return q
    rep = {(src.alias, n): e for n, e in zip(src.names, inner.items, strict=True)}
    order_cols = {(k.alias, k.name) for k, _ in q.order if isinstance(k, ir.Col)}
    if sensitive and not all(any((src.alias, n) in order_cols and _key(e) == _key(g)
                                 for n, e in zip(src.names, inner.items, strict=True))
                             for g in inner.group_by):
        return q
    reads = (q.items, tuple(k for k, _ in q.order))
    if any(isinstance(y, (ir.InSub, ir.Exists, ir.ScalarSub)) for y in ir.local_nodes(reads)) \
            or not _direct(reads) <= set(rep):
        return q
    bare = dataclasses.replace(q, order=())
    out = inline_projection(bare, sensitive)
    if out is bare or not isinstance(out, ir.Select):
        return q
    return dataclasses.replace(out, order=tuple((_replace_cols(k, rep), d) for k, d in q.order))


def _direct(x) -> set:
    return {(y.alias, y.name) for y in ir.local_nodes(x) if isinstance(y, ir.Col)}


def _project(q, picks, whole: bool, operand: bool = False):
    """``q`` with the columns ``picks`` (positions, or literals to add), or None: through
    UNION ALL any picks, through another compound or DISTINCT only ``whole`` ones."""
    if isinstance(q, ir.SetOp):
        if q.limit is not None or q.offset or q.order or not (whole or (q.op == _UNION and q.all)):
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


