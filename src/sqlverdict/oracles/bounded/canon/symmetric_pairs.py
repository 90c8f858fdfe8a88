"""A pair of rows ordered or told apart under a symmetric condition (round 59, C4):
``SELECT DISTINCT e FROM T a, T b .. WHERE a.k < b.k AND w`` is ``.. WHERE a.k <> b.k AND
w`` (``>`` alike) when a permutation ``s`` of the inner-joined scans, each to a scan of
its own table, swaps ``a`` and ``b`` and maps the conjuncts ``w`` onto themselves (as a
set, after ``ir.normalize`` and ordering the operands of ``+`` and ``*``), and ``e`` reads
the same values on a row and on its image: a column ``c`` of ``e`` is fixed by ``s``, or
``w`` holds ``c = s(c)`` with equal values identical (``transfer._exact``).

Why: ``a.k <> b.k`` is ``a.k < b.k OR b.k < a.k`` under three-valued logic (both NULL
next to a NULL ``k``; two non-NULL values of one uncollated column compared without
conversion are ordered one way or the other, or equal). The rows with ``b.k < a.k`` are
the images under ``s`` of the rows with ``a.k < b.k`` (``w`` holds on a row exactly when it
holds on its image), and their items show the same values, so DISTINCT sees the same set.
Not under an aggregate, GROUP BY, LIMIT, window or ORDER BY (they count or order rows), not
with a subquery or a function that is not deterministic anywhere in the select, not over
a collated table or a derived table."""

from __future__ import annotations

import dataclasses
import itertools

from .. import ir
from ..ir.kinds import ArithOp, CmpOp, Conv
from .terms import _conjuncts, _deep, _has_sub, _leaves, _on_conjuncts, _windowless
from .transfer import _exact

_ORDERS = (CmpOp.LT, CmpOp.GT)
_MAX_PERMUTATIONS = 720


def symmetric_pair(q, schema, typed: bool):
    """``q`` with its ``a.k < b.k`` read as ``a.k <> b.k`` (the module's note), else ``q``."""
    if not (isinstance(q, ir.Select) and q.distinct and not q.aggregate and not q.group_by
            and q.having is None and q.limit is None and not q.offset and not q.order
            and q.bare_from is None and _windowless(q)):
        return q
    leaves = _leaves(q.source)
    if not leaves or len(leaves) < 2 or not all(isinstance(x, ir.Scan) for x in leaves):
        return q
    if any(schema.table(x.table).collated for x in leaves):
        return q
    conds = _on_conjuncts(q.source) + _conjuncts(q.where)
    if any(_has_sub(c) or _opaque(c) for c in (*conds, *q.items)):
        return q
    for i, c in enumerate(conds):
        if not _ordered_pair(c, leaves):
            continue
        rest = conds[:i] + conds[i + 1:]
        if any(_perm_ok(s, rest, q.items, typed) for s in _swaps(leaves, c.left.alias, c.right.alias)):
            new = ir.Cmp(CmpOp.NE, c.left, c.right, c.ty, c.conv)
            return _deep(q, lambda e, c=c, new=new: new if e is c else e)
    return q


def _opaque(e) -> bool:
    return any(isinstance(y, (ir.Opaque, ir.Window, ir.Agg)) for y in ir.local_nodes(e))


def _ordered_pair(c, leaves) -> bool:
    """Is ``c`` ``a.k < b.k`` (``>``): one column of two scans of one table, no conversion?"""
    if not (isinstance(c, ir.Cmp) and c.op in _ORDERS and c.conv == Conv.NONE
            and isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)):
        return False
    a, b = c.left, c.right
    tables = {x.alias: x.table for x in leaves}
    return (a.alias != b.alias and a.name == b.name and a.alias in tables
            and b.alias in tables and tables[a.alias] == tables[b.alias])


def _swaps(leaves, a: str, b: str):
    """Permutations (alias -> alias) of the scans, each to a scan of its table, ``a`` and
    ``b`` swapped (at most ``_MAX_PERMUTATIONS``)."""
    groups: dict[str, list[str]] = {}
    for x in leaves:
        if x.alias not in (a, b):
            groups.setdefault(x.table, []).append(x.alias)
    parts = list(groups.values())
    if any(len(g) > 5 for g in parts):  # (each group's permutations are listed: 5! = 120 at most)
        return
    choices = [list(itertools.permutations(g)) for g in parts]
    for n, combo in enumerate(itertools.product(*choices)):
        if n >= _MAX_PERMUTATIONS:
            return
        s = {a: b, b: a}
        for g, image in zip(parts, combo, strict=True):
            s.update(zip(g, image, strict=True))
        yield s


def _perm_ok(s: dict, rest: list, items, typed: bool) -> bool:
    """Does ``s`` map ``rest`` onto itself and keep the items' values?"""
    def image(x):
        return _deep(x, lambda e: dataclasses.replace(e, alias=s[e.alias])
                     if isinstance(e, ir.Col) and e.alias in s else e)
    mine = sorted(_norm(c) for c in rest)
    if sorted(_norm(image(c)) for c in rest) != mine:
        return False
    keys = set(mine)
    for item in items:
        for col in (y for y in ir.local_nodes(item) if isinstance(y, ir.Col)):
            other = image(col)
            if other == col:
                continue
            if not (_exact(col, other, typed)
                    and _norm(ir.Cmp(CmpOp.EQ, col, other)) in keys):
                return False
    return True


def _norm(c) -> str:
    """A conjunct's key: ``ir.normalize`` with the operands of ``+`` and ``*`` ordered."""
    def commute(e):
        if isinstance(e, ir.Arith) and e.op in (ArithOp.ADD, ArithOp.MUL) and repr(e.right) < repr(e.left):
            return dataclasses.replace(e, left=e.right, right=e.left)
        return e
    return repr(ir.normalize(_deep(c, commute)))
