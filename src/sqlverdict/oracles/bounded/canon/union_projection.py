"""Projection over UNION (issue 25, set operations): the textbook law pi(R UNION S) =
pi(R) UNION pi(S), which holds for sets, and for the bag projection of a UNION only when
the columns it drops cannot tell two rows apart.

``distinct_projection_of_union``: ``SELECT DISTINCT d.c.. FROM (A UNION [ALL] B ..) AS d``
is ``A' UNION B' ..`` (each operand keeping the picked columns). Both remove duplicates by
one equality (NULLs alike, no affinity); which of two equal rows shows is not read when
equal values of the picked columns are identical (``transfer._exact``: TEXT columns,
typed numbers).

``projection_of_fixed_union``: ``SELECT d.c.. FROM (A UNION B ..) AS d`` (no DISTINCT)
is ``A' UNION B' ..`` when every dropped column is, in every operand, one literal or a
column its WHERE compares ``=`` with that literal without conversion (every value it keeps
there equals the literal, so all of them are equal to one another): two rows of the union
differ in the picked columns, and the union compares the same values either way.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import CmpOp, Conv, SetOpKind
from .terms import _conjuncts
from .transfer import _exact
from .unions import _project


def _operands(q, any_all: bool) -> list | None:
    """The operands of a chain of UNION (``any_all``: UNION ALL too) without ORDER BY,
    LIMIT or OFFSET, or None when an operand is not a plain select."""
    if isinstance(q, ir.SetOp):
        if (q.op != SetOpKind.UNION or (q.all and not any_all) or q.order
                or q.limit is not None or q.offset):
            return None
        left, right = _operands(q.left, any_all), _operands(q.right, any_all)
        return None if left is None or right is None else left + right
    if not isinstance(q, ir.Select) or q.order or q.limit is not None or q.offset:
        return None
    return [q]


def _picks(q: ir.Select) -> list[int] | None:
    """Positions in the derived table that ``q``'s items read, when ``q`` only projects."""
    src = q.source
    if not (isinstance(src, ir.Derived) and q.where is None and not q.aggregate
            and not q.group_by and q.having is None and not q.order and q.limit is None
            and not q.offset and q.bare_from is None and len(set(src.names)) == len(src.names)
            and q.items and all(isinstance(i, ir.Col) and i.alias == src.alias
                                and i.name in src.names for i in q.items)):
        return None
    return [src.names.index(i.name) for i in q.items]


def _union_of(parts: list, picks: list[int]):
    """The UNION of the operands, each projected on ``picks``, or None."""
    projected = [_project(p, picks, True, True) for p in parts]
    if any(p is None for p in projected):
        return None
    out = projected[0]
    for p in projected[1:]:
        out = ir.SetOp(SetOpKind.UNION, False, out, p)
    return out


def distinct_projection_of_union(q, typed: bool = False):
    """``SELECT DISTINCT`` of some columns of a UNION [ALL] chain as the UNION of the
    operands' projections (the module's note)."""
    picks = _picks(q) if isinstance(q, ir.Select) and q.distinct else None
    parts = _operands(q.source.query, True) if picks is not None else None
    if parts is None or len(parts) < 2:
        return q
    firsts = parts[0].items
    for p in parts:
        for j in set(picks):
            if not (isinstance(p.items[j], ir.Col) and isinstance(firsts[j], ir.Col)
                    and _exact(p.items[j], firsts[j], typed)):
                return q
    return _union_of(parts, picks) or q


def _fixed(p: ir.Select, j: int):
    """The literal the ``j``-th item of ``p`` always equals, or None."""
    item = p.items[j]
    if isinstance(item, ir.Lit):
        return item
    if not isinstance(item, ir.Col) or p.aggregate or p.group_by:
        return None
    for c in _conjuncts(p.where):
        if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.conv == Conv.NONE:
            if c.left == item and isinstance(c.right, ir.Lit):
                return c.right
            if c.right == item and isinstance(c.left, ir.Lit):
                return c.left
    return None


def projection_of_fixed_union(q):
    """A bag projection of a UNION chain whose dropped columns are one literal in every
    operand as the UNION of the operands' projections (the module's note)."""
    picks = _picks(q) if isinstance(q, ir.Select) and not q.distinct else None
    parts = _operands(q.source.query, False) if picks is not None else None
    if parts is None or len(parts) < 2 or set(picks) == set(range(len(parts[0].items))):
        return q  # (every column kept: inline_projection's)
    for j in range(len(parts[0].items)):
        if j in picks:
            continue
        lits = [_fixed(p, j) for p in parts]
        if any(x is None or x.value is None for x in lits) or len({repr(x) for x in lits}) != 1:
            return q
    return _union_of(parts, picks) or q


# ---- the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``), site ``query``

PROJECTION_RULES = (
    ("distinct_projection_of_union", "SELECT DISTINCT d.c.. FROM (A UNION [ALL] B ..) d is A' "
     "UNION B' .. of the picked columns (columns whose equal values are identical; order not read)", ("query",),
     lambda canon, q, ctx: q if ctx["sensitive"] else distinct_projection_of_union(q, canon.typed),
     True),
    ("projection_of_fixed_union", "SELECT d.c.. FROM (A UNION B ..) d is A' UNION B' .. when every "
     "dropped column is one literal in every operand (an item, or = it unconverted in WHERE; "
     "order not read)",
     ("query",), lambda canon, q, ctx: q if ctx["sensitive"] else projection_of_fixed_union(q), True),
)
