"""Associativity and distributivity of INTERSECT over sets (issue 25, set operations),
applied at the driver's site ``compound`` (before the operands are read, so that the
rules that read INTERSECT as IN or EXISTS see one shape).

``intersect_reassociated``: ``A INTERSECT (B INTERSECT C)``, an operand maybe a plain
projection of a compound (``SELECT x.c FROM (A INTERSECT B) AS x``), is the left-deep
chain ``(A INTERSECT B) INTERSECT C`` of the same operands in the same order. A row is out
when every operand holds it; SQLite's INTERSECT shows its left operand's row, so both
show the leftmost operand's.

``intersect_distributed``: ``A INTERSECT (B UNION C)`` is ``(A INTERSECT B) UNION (A
INTERSECT C)`` (Garcia-Molina, Ullman, Widom: intersection distributes over union for
sets; ``UNION ALL`` under INTERSECT is UNION). Which of two equal rows shows is not read
when the items are columns whose equal values are identical (``transfer._exact``); a
UNION that the compound rules read as one filter (``union_as_filter``) is left alone.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import SetOpKind
from .own_intersects import OWN_INTERSECT_RULE
from .transfer import _exact
from .unions import inline_projection


def _bare(x, op: SetOpKind, any_all: bool = False) -> bool:
    return (isinstance(x, ir.SetOp) and x.op == op and (any_all or not x.all)
            and x.limit is None and not x.offset and not x.order)


def _unwrapped(x):
    """``x``, or the compound it plainly projects (every column once)."""
    if isinstance(x, ir.Select):
        inner = inline_projection(x, False)
        if isinstance(inner, ir.SetOp):
            return inner
    return x


def _chain(x, op: SetOpKind, any_all: bool = False) -> list:
    """The operands of a chain of ``op`` (through plain projections), left to right."""
    y = _unwrapped(x)
    if _bare(y, op, any_all):
        return _chain(y.left, op, any_all) + _chain(y.right, op, any_all)
    return [x]


def _left_deep(parts: list, op: SetOpKind):
    out = parts[0]
    for p in parts[1:]:
        out = ir.SetOp(op, False, out, p)
    return out


def intersect_reassociated(q):
    """The INTERSECT chain of ``q`` left-deep (the module's note), or ``q``."""
    if not _bare(q, SetOpKind.INTERSECT):
        return q
    parts = _chain(q, SetOpKind.INTERSECT)
    out = _left_deep(parts, SetOpKind.INTERSECT)
    return q if out == q else out


def _leaf_selects(x) -> list | None:
    if isinstance(x, ir.SetOp):
        left, right = _leaf_selects(x.left), _leaf_selects(x.right)
        return None if left is None or right is None else left + right
    return [x] if isinstance(x, ir.Select) else None


def _identical_items(parts: list, typed: bool) -> bool:
    """Are the items of every select under ``parts`` columns whose equal values are
    identical, one affinity per position?"""
    leaves = [s for p in parts for s in (_leaf_selects(p) or [None])]
    if any(s is None for s in leaves):
        return False
    first = leaves[0].items
    return all(len(s.items) == len(first)
               and all(isinstance(i, ir.Col) and isinstance(f, ir.Col) and _exact(i, f, typed)
                       for i, f in zip(s.items, first, strict=True)) for s in leaves)


def intersect_distributed(canon, q, ctx):
    """``A INTERSECT (B UNION C ..)`` as the UNION of ``A INTERSECT B`` .. (the module's
    note); one operand a UNION chain, the other not; order not read."""
    if ctx.get("sensitive", True) or not _bare(q, SetOpKind.INTERSECT):
        return q
    left, right = _unwrapped(q.left), _unwrapped(q.right)
    on_left = _bare(left, SetOpKind.UNION, True)
    if on_left == _bare(right, SetOpKind.UNION, True):
        return q
    union = left if on_left else right
    if not isinstance(canon.walk("compound", union, sensitive=False)[0], ir.SetOp):
        return q  # the compound rules read it as one filter
    parts = _chain(union, SetOpKind.UNION, True)
    other = q.right if on_left else q.left
    if not _identical_items([*parts, other], canon.typed):
        return q
    pieces = [ir.SetOp(SetOpKind.INTERSECT, False, p, other) if on_left
              else ir.SetOp(SetOpKind.INTERSECT, False, other, p) for p in parts]
    return _left_deep(pieces, SetOpKind.UNION)


SET_LAW_RULES = (
    OWN_INTERSECT_RULE,  # an INTERSECT with its rows' own table (canon/own_intersects.py)
    ("intersect_reassociated", "A INTERSECT (B INTERSECT C), an operand maybe a plain projection "
     "of a compound, is the left-deep chain of the same operands in order", ("compound",),
     lambda canon, q, ctx: q if ctx.get("sensitive", True) else intersect_reassociated(q)),
    ("intersect_distributed", "A INTERSECT (B UNION [ALL] C) is (A INTERSECT B) UNION (A "
     "INTERSECT C) (items columns whose equal values are identical; order not read)",
     ("compound",), intersect_distributed),
)
