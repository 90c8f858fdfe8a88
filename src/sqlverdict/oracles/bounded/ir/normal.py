"""The normal form of lowered queries (``normalize``), so that equivalent spellings lower
to equal IR."""

from __future__ import annotations

import dataclasses

from .kinds import AggFn, CmpOp, Conv, JoinKind, LogicOp
from .nodes import Agg, Cmp, Derived, Join, Logic, RowVal, Scan, Select, Values
from .walk import _conjuncts, field_names

_FLIP = {CmpOp.LT: CmpOp.GT, CmpOp.GT: CmpOp.LT, CmpOp.LE: CmpOp.GE, CmpOp.GE: CmpOp.LE, CmpOp.EQ: CmpOp.EQ, CmpOp.NE: CmpOp.NE, CmpOp.IS: CmpOp.IS, CmpOp.IS_NOT: CmpOp.IS_NOT}


def normalize(node):
    """Semantics-preserving normal form, so that equivalent spellings lower to equal IR:
    chains of inner/cross joins become a product of their inputs (sorted by canonical
    alias) with every ON condition moved to WHERE; AND/OR operands are flattened and
    sorted; comparison operands are ordered (the operator flipped when needed); the
    values of a count of distinct rows sorted, repeats dropped (``(b, a, a)`` has as many
    distinct rows without NULL as ``(a, b)``), one value left a count of distinct values."""
    if isinstance(node, tuple):
        return tuple(normalize(x) for x in node)
    names = field_names(node)
    if names is None:
        return node
    changes = {f: normalize(getattr(node, f)) for f in names}
    node = dataclasses.replace(node, **changes)
    if isinstance(node, Select):
        return _flatten_joins(node)
    if isinstance(node, Logic):
        args = []
        for a in node.args:
            args.extend(a.args if isinstance(a, Logic) and a.op == node.op else [a])
        return Logic(node.op, tuple(sorted(args, key=repr)))
    if isinstance(node, Agg) and isinstance(node.arg, RowVal) and node.fn == AggFn.COUNT \
            and node.distinct:
        items = tuple(sorted(set(node.arg.items), key=repr))
        return dataclasses.replace(node, arg=items[0] if len(items) == 1 else RowVal(items))
    if isinstance(node, Cmp) and repr(node.right) < repr(node.left):
        conv = {Conv.LEFT: Conv.RIGHT, Conv.RIGHT: Conv.LEFT}.get(node.conv, node.conv)
        return Cmp(_FLIP[node.op], node.right, node.left, node.ty, conv)
    return node


def _inner_leaves(src):
    if isinstance(src, (Scan, Derived, Values)):
        return [src], []
    if isinstance(src, Join) and src.kind in (JoinKind.INNER, JoinKind.CROSS):
        left, right = _inner_leaves(src.left), _inner_leaves(src.right)
        if left is None or right is None:
            return None
        return left[0] + right[0], left[1] + right[1] + ([src.on] if src.on is not None else [])
    return None


def _flatten_joins(q: Select) -> Select:
    flat = _inner_leaves(q.source)
    if flat is None or len(flat[0]) < 2:
        return q
    leaves, conds = flat
    leaves = sorted(leaves, key=lambda x: x.alias)
    src = leaves[0]
    for leaf in leaves[1:]:
        src = Join(JoinKind.CROSS, src, leaf, None)
    conj = [c for e in conds + ([q.where] if q.where is not None else []) for c in _conjuncts(e)]
    where = None
    if conj:
        conj = sorted(set(conj), key=repr)
        where = conj[0] if len(conj) == 1 else Logic(LogicOp.AND, tuple(conj))
    return dataclasses.replace(q, source=src, where=where)
